"""The catalogue of SOT graph breaks (d2s_lab.core.sot.breaks): each entry's title, what
happened, how to avoid it and the fix in one line; and the words around them in views and
in the manual page."""

TEXTS = {
    "breaks.col_id": {
        "en": "id",
        "zh": "编号",
    },
    "breaks.catalogue_head": {
        "en": "SOT graph breaks: {n} entries (d2s_lab.breaks())",
        "zh": "SOT 图中断：{n} 个条目（d2s_lab.breaks()）",
    },
    "breaks.col_title": {
        "en": "Break",
        "zh": "中断",
    },
    "breaks.doc_title": {
        "en": "SOT graph breaks, one by one",
        "zh": "SOT 图中断逐条说明",
    },
    "breaks.doc_intro": {
        "en": "Every graph break d2s_lab shows carries an id from this catalogue (`d2s_lab.breaks()`): one entry per "
              "break reason class of Paddle's SOT, and entries for the common patterns inside the broad ones. Each "
              "example defines `f(x)` for a float32 tensor `x` of shape [3, 4] (with `paddle`, `np`, `random` and "
              "`logging` imported); the tests convert each `before` with `paddle.jit.to_static` and check it breaks "
              "there, and that `after` converts with no break and computes the same. This page is generated from the "
              "catalogue by `tools/gen_breaks_doc.py`.",
        "zh": "d2s_lab 显示的每一处图中断都带有本目录（`d2s_lab.breaks()`）中的编号：Paddle SOT 的每个中断原因类一个条目，"
              "另有宽泛类别中常见写法的条目。每个示例定义 `f(x)`，`x` 是形状为 [3, 4] 的 float32 张量（已导入 `paddle`、"
              "`np`、`random` 和 `logging`）；测试会用 `paddle.jit.to_static` 转换每个 `before`，检查它确实在这里中断，"
              "并检查 `after` 转换时没有中断且计算结果相同。本页由 `tools/gen_breaks_doc.py` 根据目录生成。",
    },
    "breaks.doc_reason": {
        "en": "Reason class",
        "zh": "原因类",
    },
    "breaks.doc_what": {
        "en": "What happened.",
        "zh": "发生了什么。",
    },
    "breaks.doc_how": {
        "en": "How to avoid it.",
        "zh": "如何避免。",
    },
    "breaks.doc_fix": {
        "en": "Fix.",
        "zh": "修复。",
    },
    "breaks.doc_before": {
        "en": "Before (breaks)",
        "zh": "修改前（会中断）",
    },
    "breaks.doc_after": {
        "en": "After (no break)",
        "zh": "修改后（不中断）",
    },
    "breaks.doc_env": {
        "en": "The example breaks with {env} set.",
        "zh": "该示例在设置 {env} 时中断。",
    },
    "breaks.doc_not_shown": {
        "en": "Paddle raises this one deep in its own code (or it is a base class of the reasons above); no short "
              "program shows it, so there is no example.",
        "zh": "Paddle 在它自己的代码深处才会给出这个原因（或者它是上面各原因的基类）；没有简短的程序能展示它，所以没有示例。",
    },
    "breaks.col_fix": {
        "en": "Fix",
        "zh": "修复",
    },
    "breaks.link_title": {
        "en": "{id}: {title} (the manual's page on this break)",
        "zh": "{id}：{title}（手册中关于这种中断的说明）",
    },
    "breaks.SOT-B001.title": {
        "en": 'Tensor.item() inside the function',
        "zh": '函数中调用 Tensor.item()',
    },
    "breaks.SOT-B001.what": {
        "en": "`.item()` asks for the tensor's value as a Python number. While SOT traces, the tensor has no value yet, so SOT ends the graph there, runs the call in dygraph and starts a new graph after it.",
        "zh": '`.item()` 要把张量的值取成 Python 数。SOT 追踪时张量还没有值，所以 SOT 在这里结束子图，在动态图中执行这次调用，之后再开始新的子图。',
    },
    "breaks.SOT-B001.how": {
        "en": 'Keep it a tensor: a 0-d tensor takes part in arithmetic with other tensors just like the number would. Where a Python number is really needed (a shape, a loop count), compute it outside the function and pass it in.',
        "zh": '让它保持为张量：0 维张量可以像数一样和其他张量运算。确实需要 Python 数的地方（形状、循环次数），在函数外算好再传进来。',
    },
    "breaks.SOT-B001.fix": {
        "en": 'Drop `.item()` and keep the 0-d tensor.',
        "zh": '去掉 `.item()`，保留 0 维张量。',
    },
    "breaks.SOT-B002.title": {
        "en": 'Tensor.numpy() inside the function',
        "zh": '函数中调用 Tensor.numpy()',
    },
    "breaks.SOT-B002.what": {
        "en": "`.numpy()` copies the tensor's values into a NumPy array. SOT has no values while it traces, so it breaks the graph, runs the call in dygraph and goes on in a new graph.",
        "zh": '`.numpy()` 把张量的值复制成 NumPy 数组。SOT 追踪时没有这些值，所以它在这里中断子图，在动态图中执行这次调用，再在新的子图中继续。',
    },
    "breaks.SOT-B002.how": {
        "en": 'Do the work with paddle operations on the tensor (`paddle.mean`, `paddle.tanh`, indexing...); move NumPy code that really needs the values out of the function.',
        "zh": '用 paddle 算子在张量上完成计算（`paddle.mean`、`paddle.tanh`、索引等）；确实需要数值的 NumPy 代码移到函数外。',
    },
    "breaks.SOT-B002.fix": {
        "en": 'Replace the NumPy work with paddle operations on the tensor.',
        "zh": '用张量上的 paddle 算子代替 NumPy 计算。',
    },
    "breaks.SOT-B003.title": {
        "en": 'Tensor.tolist() inside the function',
        "zh": '函数中调用 Tensor.tolist()',
    },
    "breaks.SOT-B003.what": {
        "en": '`.tolist()` turns the tensor into a Python list of numbers, which needs its values. SOT breaks the graph there and runs the call in dygraph.',
        "zh": '`.tolist()` 把张量变成 Python 数字列表，需要张量的值。SOT 在这里中断子图，在动态图中执行这次调用。',
    },
    "breaks.SOT-B003.how": {
        "en": 'Keep the data a tensor: use `max`, `sum`, indexing and the like as tensor methods (`t.max()`), or do the list work outside the function.',
        "zh": '让数据保持为张量：用张量方法做 `max`、`sum`、索引等（`t.max()`），或把列表处理放到函数外。',
    },
    "breaks.SOT-B003.fix": {
        "en": 'Use tensor methods (`t.max()`) instead of a Python list.',
        "zh": '用张量方法（`t.max()`）代替 Python 列表。',
    },
    "breaks.SOT-B004.title": {
        "en": 'print or logging inside the function',
        "zh": '函数中的 print 或日志',
    },
    "breaks.SOT-B004.what": {
        "en": "`print` (and the `logging` module) needs the text of a tensor, that is its values. SOT cannot trace it, breaks the graph and runs the call in dygraph; a logger's lock is not traced either.",
        "zh": '`print`（以及 `logging` 模块）需要张量的文本，也就是它的值。SOT 无法追踪，会中断子图并在动态图中执行这次调用；日志器用到的锁也无法追踪。',
    },
    "breaks.SOT-B004.how": {
        "en": 'Print or log outside the converted function (print its result), or print only what SOT knows while tracing (`x.shape`, `x.dtype`). Remove debugging prints before converting.',
        "zh": '在转换的函数之外打印或记录日志（打印它的结果），或者只打印追踪时已知的信息（`x.shape`、`x.dtype`）。转换前删掉调试用的 print。',
    },
    "breaks.SOT-B004.fix": {
        "en": 'Move the print or log call out of the function.',
        "zh": '把 print 或日志调用移到函数外。',
    },
    "breaks.SOT-B005.title": {
        "en": 'An if or while on a tensor',
        "zh": '对张量的 if 或 while',
    },
    "breaks.SOT-B005.what": {
        "en": "Python's `if` / `while` (and `and`, `or`, `not`, `assert`) needs True or False, so it needs the tensor's value. SOT breaks the graph at the test and traces the branch taken in a new graph.",
        "zh": 'Python 的 `if` / `while`（以及 `and`、`or`、`not`、`assert`）需要 True 或 False，也就需要张量的值。SOT 在条件处中断子图，在新的子图中追踪实际走的分支。',
    },
    "breaks.SOT-B005.how": {
        "en": 'Choose with tensors: `paddle.where(cond, a, b)` computes both sides and picks per element; `paddle.static.nn.cond` and `paddle.static.nn.while_loop` keep the branch or loop in the graph; a test on a Python value or on `x.shape` does not break.',
        "zh": '用张量做选择：`paddle.where(cond, a, b)` 计算两边并逐元素选取；`paddle.static.nn.cond` 和 `paddle.static.nn.while_loop` 把分支或循环保留在图中；对 Python 值或 `x.shape` 的判断不会中断。',
    },
    "breaks.SOT-B005.fix": {
        "en": 'Use `paddle.where(cond, a, b)` or `paddle.static.nn.cond`.',
        "zh": '改用 `paddle.where(cond, a, b)` 或 `paddle.static.nn.cond`。',
    },
    "breaks.SOT-B006.title": {
        "en": 'paddle.shape(x) used as a number',
        "zh": '把 paddle.shape(x) 当作数使用',
    },
    "breaks.SOT-B006.what": {
        "en": '`paddle.shape(x)` gives the shape as a tensor. Using an element of it as a Python number (`int(...)`, `range(...)`, an `if`) needs its value, so SOT breaks the graph.',
        "zh": '`paddle.shape(x)` 以张量的形式给出形状。把它的元素当作 Python 数使用（`int(...)`、`range(...)`、`if`）需要它的值，所以 SOT 会中断子图。',
    },
    "breaks.SOT-B006.how": {
        "en": 'Use `x.shape`: SOT knows it while tracing (a dynamic dimension becomes a symbol) and it is a list of Python ints. Keep `paddle.shape(x)` only where a tensor is wanted.',
        "zh": '使用 `x.shape`：SOT 追踪时就知道它（动态维度会成为符号），并且它是 Python 整数列表。只在需要张量的地方保留 `paddle.shape(x)`。',
    },
    "breaks.SOT-B006.fix": {
        "en": 'Write `x.shape` instead of `paddle.shape(x)`.',
        "zh": '用 `x.shape` 代替 `paddle.shape(x)`。',
    },
    "breaks.SOT-B007.title": {
        "en": 'A NumPy call in the function',
        "zh": '函数中调用 NumPy',
    },
    "breaks.SOT-B007.what": {
        "en": "SOT cannot put a NumPy function into a Paddle graph: a NumPy call on a tensor's values (or on a NumPy array made from one) breaks the graph and runs in dygraph.",
        "zh": 'SOT 无法把 NumPy 函数放进 Paddle 的图中：对张量数值（或由它得到的 NumPy 数组）调用 NumPy 会中断子图，并在动态图中执行。',
    },
    "breaks.SOT-B007.how": {
        "en": 'Use the paddle operation of the same name (`paddle.tanh`, `paddle.abs`, `paddle.concat`...) on the tensor; NumPy on constants known before the call is fine.',
        "zh": '在张量上使用同名的 paddle 算子（`paddle.tanh`、`paddle.abs`、`paddle.concat` 等）；对调用前已知的常量使用 NumPy 没有问题。',
    },
    "breaks.SOT-B007.fix": {
        "en": 'Replace `np.f(...)` with `paddle.f(...)` on the tensor.',
        "zh": '在张量上用 `paddle.f(...)` 代替 `np.f(...)`。',
    },
    "breaks.SOT-B008.title": {
        "en": 'A builtin function SOT does not support',
        "zh": 'SOT 不支持的内置函数',
    },
    "breaks.SOT-B008.what": {
        "en": 'SOT simulates each builtin it knows; a builtin it has no rule for with these arguments (`hash`, `id`, `sorted` with a key on tensors, a C function from a library...) breaks the graph and runs in dygraph.',
        "zh": 'SOT 会模拟它认识的内置函数；对于它没有规则处理这些参数的内置函数（`hash`、`id`、对张量带 key 的 `sorted`、库中的 C 函数等），会中断子图并在动态图中执行。',
    },
    "breaks.SOT-B008.how": {
        "en": 'Do the call outside the function, use a paddle operation that does the same on tensors, or call it on plain Python values SOT knows.',
        "zh": '把这次调用移到函数外，用在张量上做同样事情的 paddle 算子，或只在 SOT 已知的普通 Python 值上调用。',
    },
    "breaks.SOT-B008.fix": {
        "en": 'Move the builtin call out, or use the paddle operation for it.',
        "zh": '把这个内置函数调用移出去，或改用对应的 paddle 算子。',
    },
    "breaks.SOT-B009.title": {
        "en": 'An iterator or generator SOT cannot simulate',
        "zh": 'SOT 无法模拟的迭代器或生成器',
    },
    "breaks.SOT-B009.what": {
        "en": "SOT simulates lists, tuples, dicts, `range`, `zip`, `enumerate` and simple generators; an iterator object used directly (`v in iter(...)`, `next` on a user's iterator class) is a side effect it cannot replay, so it breaks the graph (a loop over such an iterator makes the frame fall back to dygraph).",
        "zh": 'SOT 能模拟 list、tuple、dict、`range`、`zip`、`enumerate` 和简单的生成器；直接使用迭代器对象（`v in iter(...)`、对用户自定义迭代器类调用 `next`）是它无法重放的副作用，所以会中断子图（对这种迭代器的循环会让整个帧回退到动态图）。',
    },
    "breaks.SOT-B009.how": {
        "en": 'Iterate over a list or tuple (`list(it)` before the function, `in [..]` instead of `in iter([..])`); write a class iterator as a list or a simple generator.',
        "zh": '对 list 或 tuple 迭代（在函数前 `list(it)`，用 `in [..]` 代替 `in iter([..])`）；把类写成的迭代器改成列表或简单的生成器。',
    },
    "breaks.SOT-B009.fix": {
        "en": 'Iterate over a list instead of an iterator object.',
        "zh": '对列表迭代，而不是对迭代器对象。',
    },
    "breaks.SOT-B010.title": {
        "en": 'A break inside a function it called',
        "zh": '被调用函数内部的中断',
    },
    "breaks.SOT-B010.what": {
        "en": "SOT inlines the functions your function calls. When the called function breaks (for a reason of its own, listed next to this one), SOT cannot split it in the middle of the inlined call: it breaks the caller's graph at the call instead.",
        "zh": 'SOT 会内联你的函数调用的函数。被调用的函数发生中断时（原因另见同一处的记录），SOT 无法在内联调用的中间拆分，只能在调用处中断调用者的子图。',
    },
    "breaks.SOT-B010.how": {
        "en": 'Fix the break inside the called function (see its own reason), or call it outside the converted function.',
        "zh": '修复被调用函数内部的中断（看它自己的原因），或在转换的函数之外调用它。',
    },
    "breaks.SOT-B010.fix": {
        "en": 'Fix the inner break the called function reports.',
        "zh": '修复被调用函数报告的内部中断。',
    },
    "breaks.SOT-B011.title": {
        "en": 'A shape SOT knows only at run time',
        "zh": '运行时才知道的形状',
    },
    "breaks.SOT-B011.what": {
        "en": "The tensor's shape depends on its data (`paddle.nonzero`, `masked_select`) or is marked dynamic. With dynamic shapes off (`SOT_ALLOW_DYNAMIC_SHAPE=0`, older Paddles) reading such a shape, its size or `len()` breaks the graph.",
        "zh": '张量的形状取决于数据（`paddle.nonzero`、`masked_select`）或被标记为动态。在关闭动态形状时（`SOT_ALLOW_DYNAMIC_SHAPE=0`，或较老的 Paddle），读取这样的形状、元素个数或 `len()` 会中断子图。',
    },
    "breaks.SOT-B011.how": {
        "en": "Compute with tensors instead of with the size (a masked sum instead of counting rows); leave `SOT_ALLOW_DYNAMIC_SHAPE` on (Paddle 3's default) so SOT keeps a symbol for the size.",
        "zh": '用张量计算代替使用大小（用带掩码的求和代替数行数）；保持 `SOT_ALLOW_DYNAMIC_SHAPE` 打开（Paddle 3 的默认值），让 SOT 用符号表示大小。',
    },
    "breaks.SOT-B011.fix": {
        "en": 'Compute with a mask instead of a data-dependent size.',
        "zh": '用掩码计算代替依赖数据的大小。',
    },
    "breaks.SOT-B012.title": {
        "en": 'try / except in the function',
        "zh": '函数中的 try / except',
    },
    "breaks.SOT-B012.what": {
        "en": 'SOT translates exception handling only partly: on Python 3.11 and later a function with `try` has an exception table and SOT runs the whole function in dygraph, without a word; on older Pythons the frame falls back.',
        "zh": 'SOT 只部分支持异常处理：在 Python 3.11 及更高版本，带 `try` 的函数有异常表，SOT 会不声不响地在动态图中执行整个函数；在较老的 Python 上该帧会回退。',
    },
    "breaks.SOT-B012.how": {
        "en": 'Keep `try` out of the converted function: check the condition before the call, or wrap the call in `try` outside.',
        "zh": '不要在转换的函数中使用 `try`：在调用前检查条件，或在函数外用 `try` 包住调用。',
    },
    "breaks.SOT-B012.fix": {
        "en": 'Move the try / except out of the converted function.',
        "zh": '把 try / except 移到转换的函数之外。',
    },
    "breaks.SOT-B013.title": {
        "en": 'int(), float() or bool() of a tensor',
        "zh": '对张量调用 int()、float() 或 bool()',
    },
    "breaks.SOT-B013.what": {
        "en": '`int(t)`, `float(t)` and `bool(t)` turn a tensor into a Python value, which needs its value. SOT breaks the graph at the call.',
        "zh": '`int(t)`、`float(t)` 和 `bool(t)` 把张量变成 Python 值，需要它的值。SOT 在调用处中断子图。',
    },
    "breaks.SOT-B013.how": {
        "en": 'Keep it a tensor (a 0-d tensor works in arithmetic), use `t.astype(...)` to change its type, and compute Python values outside the function.',
        "zh": '让它保持为张量（0 维张量可以参与运算），用 `t.astype(...)` 改变类型，Python 值在函数外计算。',
    },
    "breaks.SOT-B013.fix": {
        "en": 'Keep the tensor; use `t.astype(...)` instead of int() / float().',
        "zh": '保留张量；用 `t.astype(...)` 代替 int() / float()。',
    },
    "breaks.SOT-B014.title": {
        "en": "A tensor's value used by Python",
        "zh": 'Python 用到了张量的值',
    },
    "breaks.SOT-B014.what": {
        "en": 'Python code needed the value of a tensor: as a count (`range(t)`), an index, a Python number. SOT has no values while it traces, so it breaks the graph (the frame may fall back to dygraph).',
        "zh": 'Python 代码需要张量的值：作为次数（`range(t)`）、索引或 Python 数。SOT 追踪时没有这些值，所以会中断子图（该帧可能回退到动态图）。',
    },
    "breaks.SOT-B014.how": {
        "en": 'Keep the computation in tensors (`paddle.arange`, masks, `paddle.where`); where Python truly needs the number, compute it before the call and pass it in.',
        "zh": '让计算保持在张量上（`paddle.arange`、掩码、`paddle.where`）；Python 确实需要这个数时，在调用前算好再传进来。',
    },
    "breaks.SOT-B014.fix": {
        "en": 'Keep the value a tensor, or pass the number in from outside.',
        "zh": '让值保持为张量，或从外部传入这个数。',
    },
    "breaks.SOT-B015.title": {
        "en": 'An operation SOT does not support',
        "zh": 'SOT 不支持的操作',
    },
    "breaks.SOT-B015.what": {
        "en": "SOT met an operation it has no rule for with these operands: formatting a tensor into a string (`'%s' % t`), an attribute of a slice, a call with `*args` from an unsupported iterable. It breaks the graph and runs it in dygraph.",
        "zh": "SOT 遇到了它对这些操作数没有规则的操作：把张量格式化成字符串（`'%s' % t`）、切片的属性、用不支持的可迭代对象展开 `*args` 调用。它会中断子图并在动态图中执行。",
    },
    "breaks.SOT-B015.how": {
        "en": 'Format and print tensors outside the function; pass lists or tuples to `*args`; keep the operation on tensors.',
        "zh": '在函数外格式化和打印张量；给 `*args` 传 list 或 tuple；让操作保持在张量上。',
    },
    "breaks.SOT-B015.fix": {
        "en": 'Move the string formatting out of the function.',
        "zh": '把字符串格式化移到函数外。',
    },
    "breaks.SOT-B016.title": {
        "en": 'A Tensor method SOT does not support',
        "zh": 'SOT 不支持的 Tensor 方法',
    },
    "breaks.SOT-B016.what": {
        "en": "The tensor's method or attribute is not one SOT can put in a graph (`Tensor.value()`, `data_ptr()`, internals with an underscore). SOT breaks the graph there.",
        "zh": '这个张量方法或属性不能被 SOT 放进图中（`Tensor.value()`、`data_ptr()`、带下划线的内部成员）。SOT 在这里中断子图。',
    },
    "breaks.SOT-B016.how": {
        "en": 'Use the public paddle operation that does the same (`paddle.assign`, `t.clone()`, `t.astype(...)`), or leave the call outside the function.',
        "zh": '使用做同样事情的公开 paddle 算子（`paddle.assign`、`t.clone()`、`t.astype(...)`），或把调用留在函数外。',
    },
    "breaks.SOT-B016.fix": {
        "en": 'Use a public paddle operation instead of this Tensor method.',
        "zh": '用公开的 paddle 算子代替这个 Tensor 方法。',
    },
    "breaks.SOT-B017.title": {
        "en": "Python's random module",
        "zh": 'Python 的 random 模块',
    },
    "breaks.SOT-B017.what": {
        "en": "A call to Python's `random` module gives a new value on every run; SOT cannot put it in a graph (the graph would replay one value), so it breaks the graph there.",
        "zh": '调用 Python 的 `random` 模块每次运行都给出新值；SOT 无法把它放进图中（图会重复同一个值），所以会在这里中断子图。',
    },
    "breaks.SOT-B017.how": {
        "en": 'Draw random numbers with paddle (`paddle.rand`, `paddle.uniform`, `paddle.randn`), which become ops of the graph, or draw outside and pass the value in.',
        "zh": '用 paddle 生成随机数（`paddle.rand`、`paddle.uniform`、`paddle.randn`），它们会成为图中的算子，或在函数外生成再传进来。',
    },
    "breaks.SOT-B017.fix": {
        "en": 'Use `paddle.uniform` / `paddle.rand` instead of `random`.',
        "zh": '用 `paddle.uniform` / `paddle.rand` 代替 `random`。',
    },
    "breaks.SOT-B018.title": {
        "en": 'A function marked to run in dygraph',
        "zh": '被标记为在动态图中执行的函数',
    },
    "breaks.SOT-B018.what": {
        "en": 'The function or Layer class called here is marked `paddle.jit.marker.force_dynamic`: SOT breaks the graph on purpose and runs the call in dygraph.',
        "zh": '这里调用的函数或 Layer 类被标记为 `paddle.jit.marker.force_dynamic`：SOT 有意中断子图，并在动态图中执行这次调用。',
    },
    "breaks.SOT-B018.how": {
        "en": 'Keep the mark only where the call really must run in dygraph; remove it to let SOT trace the call.',
        "zh": '只在调用确实必须在动态图中执行的地方保留这个标记；去掉它，SOT 就会追踪这次调用。',
    },
    "breaks.SOT-B018.fix": {
        "en": 'Remove `force_dynamic` if the call can be traced.',
        "zh": '如果这次调用可以被追踪，去掉 `force_dynamic`。',
    },
    "breaks.SOT-B019.title": {
        "en": 'A break asked for with psdb.breakgraph()',
        "zh": '用 psdb.breakgraph() 主动请求的中断',
    },
    "breaks.SOT-B019.what": {
        "en": "`paddle.jit.sot.psdb.breakgraph()` is SOT's debugging call that ends the graph where it stands.",
        "zh": '`paddle.jit.sot.psdb.breakgraph()` 是 SOT 的调试调用，会在所在位置结束子图。',
    },
    "breaks.SOT-B019.how": {
        "en": 'Remove the call once the debugging is done.',
        "zh": '调试结束后删掉这个调用。',
    },
    "breaks.SOT-B019.fix": {
        "en": 'Remove `psdb.breakgraph()`.',
        "zh": '删除 `psdb.breakgraph()`。',
    },
    "breaks.SOT-B020.title": {
        "en": 'The frame fell back to dygraph',
        "zh": '帧回退到动态图',
    },
    "breaks.SOT-B020.what": {
        "en": 'SOT stopped translating the whole frame (a bytecode it does not support, such as an `import` inside the function, a `return` inside a loop over an iterator, an error while handling a break): the frame runs as plain dygraph, nothing of it is static.',
        "zh": 'SOT 停止翻译整个帧（遇到不支持的字节码，例如函数内的 `import`、对迭代器循环中的 `return`、处理中断时出错）：该帧以普通动态图执行，没有任何部分是静态的。',
    },
    "breaks.SOT-B020.how": {
        "en": "Read Paddle's message for the construct; move it out of the function (imports at module level) or write it the way the other entries show.",
        "zh": '阅读 Paddle 的消息找到那个写法；把它移出函数（在模块顶层 import），或按照其他条目的方式改写。',
    },
    "breaks.SOT-B020.fix": {
        "en": 'Move the unsupported construct (an import...) out of the function.',
        "zh": '把不支持的写法（import 等）移到函数外。',
    },
    "breaks.SOT-B021.title": {
        "en": 'The API behaves differently in dygraph and static',
        "zh": 'API 在动态图和静态图中表现不同',
    },
    "breaks.SOT-B021.what": {
        "en": 'A Paddle API raised an error while SOT inferred its output that it raises only in static mode (e.g. `paddle.assign` of a NumPy array too big to embed), so SOT runs the call in dygraph.',
        "zh": '一个 Paddle API 在 SOT 推断其输出时抛出了只在静态模式下才有的错误（例如 `paddle.assign` 一个大到无法嵌入的 NumPy 数组），所以 SOT 在动态图中执行这次调用。',
    },
    "breaks.SOT-B021.how": {
        "en": 'Create large constants outside the function and pass them in as tensors, or load them as parameters.',
        "zh": '在函数外创建大的常量并以张量传入，或作为参数加载。',
    },
    "breaks.SOT-B021.fix": {
        "en": 'Pass the large constant in as a tensor.',
        "zh": '把大的常量以张量传入。',
    },
    "breaks.SOT-B022.title": {
        "en": 'Output shape could not be inferred',
        "zh": '无法推断输出形状',
    },
    "breaks.SOT-B022.what": {
        "en": "SOT could not infer the shape or type of an operation's output (its meta) even after treating the symbolic sizes as constants, so it breaks the graph before that operation.",
        "zh": '即使把符号大小当作常量，SOT 仍无法推断一个算子输出的形状或类型（元信息），所以会在该算子前中断子图。',
    },
    "breaks.SOT-B022.how": {
        "en": "Check the operation's inputs (shapes that only fit at run time); give fixed sizes, or reshape with `x.shape` values SOT knows.",
        "zh": '检查该算子的输入（只在运行时才匹配的形状）；给出固定大小，或用 SOT 已知的 `x.shape` 值 reshape。',
    },
    "breaks.SOT-B022.fix": {
        "en": "Make the operation's input shapes fit without run-time values.",
        "zh": '让算子的输入形状无需运行时的值就能匹配。',
    },
    "breaks.SOT-B023.title": {
        "en": 'A value without meta information',
        "zh": '没有元信息的值',
    },
    "breaks.SOT-B023.what": {
        "en": 'SOT met a tensor value whose meta (shape and type) it does not know, such as the output of an operation it could not infer, and needed it: it breaks the graph.',
        "zh": 'SOT 遇到了一个不知道元信息（形状和类型）的张量值，例如它无法推断的算子的输出，并且需要用到它：于是中断子图。',
    },
    "breaks.SOT-B023.how": {
        "en": 'Look at the break before this one: the operation that made the value; fix that one.',
        "zh": '查看这次之前的中断：产生这个值的算子；修复那一处。',
    },
    "breaks.SOT-B023.fix": {
        "en": 'Fix the operation that produced the value.',
        "zh": '修复产生这个值的算子。',
    },
    "breaks.SOT-B024.title": {
        "en": "A tensor's data needed (general)",
        "zh": '需要张量数据（总类）',
    },
    "breaks.SOT-B024.what": {
        "en": "The base class of the breaks that need a tensor's data: a branch, an operation or a dynamic shape. Paddle reports the specific one; see its entry.",
        "zh": '需要张量数据的中断的基类：分支、操作或动态形状。Paddle 会报告具体的那一种；请看它的条目。',
    },
    "breaks.SOT-B024.how": {
        "en": 'See the entry of the specific reason (SOT-B005, SOT-B011, SOT-B014).',
        "zh": '请看具体原因的条目（SOT-B005、SOT-B011、SOT-B014）。',
    },
    "breaks.SOT-B024.fix": {
        "en": 'See the specific entry.',
        "zh": '请看具体的条目。',
    },
    "breaks.SOT-B025.title": {
        "en": 'A side effect SOT cannot replay (general)',
        "zh": 'SOT 无法重放的副作用（总类）',
    },
    "breaks.SOT-B025.what": {
        "en": 'The base class of the breaks for side effects SOT cannot replay in a graph; Paddle reports the specific one (an iterator: SOT-B009).',
        "zh": 'SOT 无法在图中重放的副作用所导致中断的基类；Paddle 会报告具体的那一种（迭代器：SOT-B009）。',
    },
    "breaks.SOT-B025.how": {
        "en": 'See the entry of the specific reason.',
        "zh": '请看具体原因的条目。',
    },
    "breaks.SOT-B025.fix": {
        "en": 'See the specific entry.',
        "zh": '请看具体的条目。',
    },
    "breaks.SOT-B026.title": {
        "en": 'A break inside an inlined call (general)',
        "zh": '内联调用中的中断（总类）',
    },
    "breaks.SOT-B026.what": {
        "en": 'The base class of the breaks SOT reports for a function it inlined; Paddle reports the specific one (SOT-B010).',
        "zh": 'SOT 对它内联的函数所报告中断的基类；Paddle 会报告具体的那一种（SOT-B010）。',
    },
    "breaks.SOT-B026.how": {
        "en": 'See the entry of the specific reason.',
        "zh": '请看具体原因的条目。',
    },
    "breaks.SOT-B026.fix": {
        "en": 'See the specific entry.',
        "zh": '请看具体的条目。',
    },
    "breaks.SOT-B027.title": {
        "en": 'An inlined call fell back',
        "zh": '内联调用回退',
    },
    "breaks.SOT-B027.what": {
        "en": "A function SOT inlined fell back to dygraph, so the caller's graph breaks at the call.",
        "zh": 'SOT 内联的函数回退到了动态图，所以调用者的子图在调用处中断。',
    },
    "breaks.SOT-B027.how": {
        "en": 'Find why the called function falls back (its own fallback message) and fix that, or call it outside the converted function.',
        "zh": '找出被调用函数回退的原因（它自己的回退消息）并修复，或在转换的函数之外调用它。',
    },
    "breaks.SOT-B027.fix": {
        "en": 'Fix the fallback inside the called function.',
        "zh": '修复被调用函数内部的回退。',
    },
    "breaks.SOT-B028.title": {
        "en": 'An inlined call failed otherwise',
        "zh": '内联调用因其他原因失败',
    },
    "breaks.SOT-B028.what": {
        "en": "A function SOT inlined failed for a reason other than a break or a fallback, so the caller's graph breaks at the call.",
        "zh": 'SOT 内联的函数因中断或回退以外的原因失败，所以调用者的子图在调用处中断。',
    },
    "breaks.SOT-B028.how": {
        "en": "Read Paddle's message for the inner error; simplify the called function or call it outside the converted function.",
        "zh": '阅读 Paddle 关于内部错误的消息；简化被调用的函数，或在转换的函数之外调用它。',
    },
    "breaks.SOT-B028.fix": {
        "en": 'Fix or move out the called function.',
        "zh": '修复被调用的函数或把它移出去。',
    },
}
