"""Where Paddle silently changed what a Python value means: the section and each kind's explanation."""

TEXTS = {
    "rewrites.title": {
        "en": "Paddle rewrote Python values",
        "zh": "Paddle 改写了 Python 值",
    },
    "rewrites.intro": {
        "en": "These lines turn a Tensor into a Python value. Paddle converted them without an "
            "error but changed what they mean:",
        "zh": "以下各行把 Tensor 转成了 Python 值。Paddle 转换时没有报错，但改变了它们的含义：",
    },
    "rewrites.col_line": {
        "en": "line",
        "zh": "行",
    },
    "rewrites.col_code": {
        "en": "your code",
        "zh": "你的代码",
    },
    "rewrites.col_made": {
        "en": "what Paddle made",
        "zh": "Paddle 生成了什么",
    },
    "rewrites.col_why": {
        "en": "why it matters",
        "zh": "为什么要注意",
    },
    "rewrites.item.numpy.made": {
        "en": "nothing: `.numpy()` is dropped, the value stays a Tensor",
        "zh": "无：`.numpy()` 被删除，值仍是 Tensor",
    },
    "rewrites.item.numpy.why": {
        "en": "A static Tensor has no values while the program is built, so Paddle keeps the "
            "Tensor; NumPy code after it gets a Tensor, not an ndarray. Remove `.numpy()` and "
            "use paddle ops.",
        "zh": "构建静态程序时张量没有数值，Paddle 保留了 Tensor；其后的 NumPy 代码拿到的是"
            " Tensor 而不是 ndarray。请删除 `.numpy()`，改用 paddle 算子。",
    },
    "rewrites.item.item.made": {
        "en": "nothing: `.item()` returns the Tensor itself",
        "zh": "无：`.item()` 返回张量本身",
    },
    "rewrites.item.item.why": {
        "en": "The Python number you expect does not exist while the program is built; what "
            "follows computes with a Tensor. Drop `.item()` inside forward.",
        "zh": "构建程序时并不存在你期望的 Python 数值，后续计算使用的是 Tensor。请在 forward 中去掉 `.item()`。",
    },
    "rewrites.item.cast.made": {
        "en": "a `cast` op to {dtype} (a Tensor, not a Python {py})",
        "zh": "转换为 {dtype} 的 `cast` 算子（是 Tensor，不是 Python {py}）",
    },
    "rewrites.item.cast.why": {
        "en": "Paddle rewrites `{py}(t)` as `_jst.AsDtype(t, ...)`: the result is a Tensor, so "
            "Python code that needs a real {py} (formatting, list indices, range) does not get "
            "one. Keep it a Tensor on purpose, or compute it outside forward.",
        "zh": "Paddle 把 `{py}(t)` 改写为 `_jst.AsDtype(t, ...)`：结果"
            "是 Tensor，需要真正 {py} 的 Python 代码（格式化、列表索引、range）拿不"
            "到它。请有意识地保持为 Tensor，或在 forward 之外计算。",
    },
    "rewrites.item.len.made": {
        "en": "`shape` + `slice` ops: the length read at run time, as a Tensor",
        "zh": "`shape` + `slice` 算子：运行时读取长度，得到 Tensor",
    },
    "rewrites.item.len.why": {
        "en": "The dimension is dynamic (None in the InputSpec), so `len()` cannot be a Python "
            "int; `range(len(x))` or list sizes built from it loop over a Tensor. Fix the "
            "dimension in the InputSpec, or use tensor ops over it.",
        "zh": "该维度是动态的（InputSpec 中为 None），`len()` 不可能是 Python i"
            "nt；`range(len(x))` 或据此构建的列表会遍历一个 Tensor。请在 Input"
            "Spec 中固定该维度，或对它使用张量运算。",
    },
    "rewrites.item.if.made": {
        "en": "; the `if` on line {line} became a `pd_op.if` (both branches are traced)",
        "zh": "；第 {line} 行的 `if` 变成了 `pd_op.if`（两个分支都会被追踪）",
    },
}
