"""The known causes of conversion errors: each hint's title and explanation, the words
of an error report's plain text, and the sentence about a layer's shape mismatch."""

TEXTS = {
    "hints.random_inputs": {
        "en": "This first run used random inputs made from the specs, each dynamic dimension 2 unless --dim "
              "sized it: {inputs}. Where forward needs inputs whose sizes fit each other (a mask as long as the "
              "ids, past keys and values), give sizes that fit with --dim (--dim 1=16 for every input, "
              "--dim past:1=3 for one) or real inputs with --example.",
        "zh": "这次首次运行使用的是按输入描述随机生成的输入，除非用 --dim 指定，每个动态维度都取 2：{inputs}。"
              "如果 forward 需要尺寸彼此匹配的输入（与 ids 等长的掩码、过去的 key 和 value），请用 --dim 给出"
              "彼此匹配的大小（--dim 1=16 作用于所有输入，--dim past:1=3 只作用于一个输入），或用 --example "
              "给出真实输入。",
    },
    "hints.tolist.title": {
        "en": "Tensor.tolist() in forward",
        "zh": "forward 中调用 Tensor.tolist()",
    },
    "hints.tolist.text": {
        "en": "`Tensor.tolist()` needs the tensor's values, which do not exist while Paddle builds the"
              " static program. Keep the data a Tensor (index it, use paddle ops on it), or do the"
              " Python-side work outside forward.",
        "zh": "`Tensor.tolist()` 需要张量的具体数值，而 Paddle"
              " 构建静态程序时这些数值还不存在。请让数据保持为 Tensor（用索引或 paddle 算子处理），或把"
              " Python 端的处理移到 forward 之外。",
    },
    "hints.python-value.title": {
        "en": "Tensor turned into a Python value",
        "zh": "Tensor 被转成 Python 值",
    },
    "hints.python-value.text": {
        "en": "A Tensor is turned into a Python value inside forward (`.numpy()`, `.item()`,"
              " `float(t)`, `int(t)`, `bool(t)`). In static mode the tensor has no value while the"
              " program is built, so Python cannot branch on it, index a list with it or format it."
              " Keep it a Tensor: compare tensors directly in `if`/`while` (to_static turns those into"
              " graph control flow), use `paddle.where`/`paddle.gather` instead of list indexing, and"
              " guard logging with `if paddle.in_dynamic_mode():`.",
        "zh": "forward 中把 Tensor 转成了 Python 值（`.numpy()`、`.item()`、`float(t)`、`int"
              "(t)`、`bool(t)`）。静态图构建程序时张量还没有数值，Python"
              " 无法据此分支、索引列表或格式化输出。请保持为 Tensor：在 `if`/`while`"
              " 中直接比较张量（to_static 会把它们变成图中的控制流），用 `paddle.where`/`paddle.gather`"
              " 代替列表索引，日志输出放在 `if paddle.in_dynamic_mode():` 之内。",
    },
    "hints.numpy-api.title": {
        "en": "NumPy called on a Tensor",
        "zh": "对 Tensor 调用 NumPy",
    },
    "hints.numpy-api.text": {
        "en": "A NumPy function (`np.abs`, `np.max`, `np.array`, ...) is called on a Tensor inside"
              " forward. Static mode passes symbolic values that NumPy cannot compute with (`np.array`"
              " of one makes an array of Python objects). Use the paddle equivalent (`paddle.abs`,"
              " `paddle.max`; no conversion at all instead of `np.array`).",
        "zh": "forward 中对 Tensor 调用了 NumPy 函数（`np.abs`、`np.max`、`np.array`"
              " 等）。静态图中传入的是符号变量，NumPy 无法计算（对它调用 `np.array` 只会得到 Python"
              " 对象数组）。请改用对应的 paddle 接口（`paddle.abs`、`paddle.max`；不要用 `np.array`"
              " 转换，直接使用张量）。",
    },
    "hints.reshape-dynamic-dim.title": {
        "en": "reshape target vs a dynamic dim",
        "zh": "reshape 目标与动态维度不符",
    },
    "hints.reshape-dynamic-dim.text": {
        "en": "A reshape target does not fit the real input. With a None (dynamic) dimension in the"
              " InputSpec, Paddle cannot check the arithmetic while converting, so it fails on the"
              " first run with the real shape. Build the target from the actual shape"
              " (`paddle.shape(x)` or `x.shape` inside forward) and keep at most one -1, or make the"
              " InputSpec match what the model really accepts.",
        "zh": "reshape 的目标形状与实际输入不符。InputSpec 中有 None（动态）维度时，Paddle"
              " 转换时无法检查元素个数，于是在第一次用真实形状运行时才报错。请根据实际形状构造目标（在"
              " forward 中用 `paddle.shape(x)` 或 `x.shape`），最多只保留一个 -1，或让 InputSpec"
              " 与模型真正接受的输入一致。",
    },
    "hints.reshape-size.title": {
        "en": "reshape to another number of elements",
        "zh": "reshape 前后元素个数不同",
    },
    "hints.reshape-size.text": {
        "en": "A reshape asks for a shape with another number of elements than its input has:"
              " Paddle's message gives both (\"X's size\" and the capacity of 'shape'), and dygraph"
              " would fail on the same line. The product of the target's sizes must equal the input's;"
              " compute the sizes from the input (`x.reshape([x.shape[0], -1])`, at most one -1) rather"
              " than writing numbers for one image size or batch.",
        "zh": "reshape 要求的形状与输入的元素个数不同：Paddle 的信息给出了两者（\"X's size\" 和 'shape' 的容量），"
              "动态图在同一行也会失败。目标形状各维之积必须等于输入的元素个数；请根据输入计算尺寸"
              "（`x.reshape([x.shape[0], -1])`，至多一个 -1），不要为某个图像尺寸或批大小写死数字。",
    },
    "hints.shape-mismatch.title": {
        "en": "shapes do not agree",
        "zh": "形状不一致",
    },
    "hints.shape-mismatch.text": {
        "en": "Two fixed shapes do not agree: the sizes in Paddle's message are the real ones, and"
              " dygraph would fail on the same line. Check the sizes each layer was built for (e.g."
              " `Linear(in_features, ...)`, a conv's channels), the shapes of constants made inside"
              " forward, and the axis of `matmul`/`concat`; print `x.shape` before the line to see them.",
        "zh": "两个固定形状不一致：Paddle 报错信息中的尺寸就是真实尺寸，动态图在同一行也会出错。请检查每个层构建时的尺寸"
              "（如 `Linear(in_features, ...)`、卷积的通道数）、forward 中创建的常量的形状，以及"
              " `matmul`/`concat` 的轴；可以在这一行之前打印 `x.shape` 查看。",
    },
    "hints.shape-dynamic-dim.title": {
        "en": "a dynamic dim meets a fixed size",
        "zh": "动态维度遇到固定尺寸",
    },
    "hints.shape-dynamic-dim.text": {
        "en": "The shapes agreed while converting, where a dimension that is None in the InputSpec"
              " is -1 and matches anything, but not on the first run with the real input. Check the"
              " InputSpec against the shapes the model really gets (give that dimension its fixed"
              " size if it has one), and compute sizes from `x.shape` inside forward instead of"
              " hard-coding them.",
        "zh": "转换时形状是一致的：InputSpec 中为 None 的维度在转换时是 -1，可以与任何尺寸匹配；但在第一次用真实输入运行时不一致。"
              "请核对 InputSpec 与模型实际收到的形状（如果这个维度的大小是固定的，就写成固定值），并在 forward 中根据"
              " `x.shape` 计算尺寸，而不要写死。",
    },
    "hints.broadcast.title": {
        "en": "shapes that cannot broadcast",
        "zh": "形状无法广播",
    },
    "hints.broadcast.text": {
        "en": "An elementwise op (`+`, `-`, `*`, `/`, a comparison) gets two shapes that cannot be"
              " broadcast: compared from the right, each pair of sizes must be equal or one of them 1."
              " Often a reduction dropped its axis (`s - s.max(axis=1)` is [N, C] minus [N]): keep it"
              " with `keepdim=True`, or add it back with `unsqueeze`.",
        "zh": "逐元素算子（`+`、`-`、`*`、`/`、比较）收到的两个形状无法广播：从右向左逐维比较，每对尺寸必须相等或其中一个为"
              " 1。常见原因是归约操作去掉了那个轴（`s - s.max(axis=1)` 是 [N, C] 减 [N]）：用 `keepdim=True`"
              " 保留它，或用 `unsqueeze` 补回来。",
    },
    "hints.dtype-mix.title": {
        "en": "dtypes mixed (int32/int64, float32/float64, float32/int64)",
        "zh": "混用 dtype（int32/int64、float32/float64、float32/int64）",
    },
    "hints.dtype-mix.text": {
        "en": "Two tensors of different dtypes meet in one op (int32 with int64, float32 with"
              " float64, or a float32 tensor with an int64 one). Dygraph often promotes silently;"
              " static ops require one dtype. Typical sources: `paddle.argmax`/`paddle.arange`/"
              "`paddle.to_tensor(1)` give int64, a loop counter from `range(n)` or `enumerate` becomes"
              " an int64 tensor (`x += i` adds it to float32 `x`), `.astype('int32')` elsewhere. Cast one side"
              " explicitly (`b.astype(a.dtype)`) or create the constant in the right dtype"
              " (`paddle.full([1], i, dtype=a.dtype)`).",
        "zh": "同一个算子的两个输入张量 dtype 不同（int32 与 int64、float32 与"
              " float64，或 float32 张量与 int64 张量）。动态图常会自动提升类型，静态图算"
              "子则要求类型一致。常见来源：`paddle.argmax`/`paddle.arange`/`paddle.to_tensor(1)` 得到"
              " int64，`range(n)` 或 `enumerate` 的循环计数变成 int64 张量（`x += i` 把它加到 float32 的 `x` 上），别处又用了"
              " `.astype('int32')`。请显式转换其中一个（`b.astype(a.dtype)`），或直接用正确的 dtype"
              " 创建常量（`paddle.full([1], i, dtype=a.dtype)`）。",
    },
    "hints.dtype-arg.title": {
        "en": "invalid or mismatched dtype",
        "zh": "dtype 无效或不匹配",
    },
    "hints.dtype-arg.text": {
        "en": "A `dtype` argument is invalid, or an op gets a tensor of a dtype it does not accept"
              " (`one_hot`/`gather`/`embedding` need integer indices, a misspelt `'float33'`). Use one"
              " of Paddle's dtypes ('float32', 'float64', 'int32', 'int64', 'bool', ...) and cast the"
              " input to what the op expects (`idx.astype('int64')`).",
        "zh": "`dtype` 参数无效，或算子收到了它不接受的 dtype（`one_hot`/`gather`/`embedding`"
              " 需要整数索引，或拼错成 `'float33'`）。请使用 Paddle 支持的"
              " dtype（'float32'、'float64'、'int32'、'int64'、'bool'"
              " 等），并把输入转换成算子要求的类型（`idx.astype('int64')`）。",
    },
    "hints.reparse-syntax.title": {
        "en": "Paddle cannot re-parse the source",
        "zh": "Paddle 无法重新解析源码",
    },
    "hints.reparse-syntax.text": {
        "en": "Paddle re-reads your function's source text, removes its common indentation and parses"
              " it again; that failed (IndentationError/SyntaxError). Usually a multi-line string (or"
              " docstring) inside a method has lines less indented than the `def`, or the source mixes"
              " tabs and spaces. Indent every line of the string at least as much as the `def` (or"
              " build it with `\\n` / move it out of the function), and use spaces only.",
        "zh": "Paddle 会重新读取函数源码、去掉公共缩进后再次解析"
              "，这一步失败了（IndentationError/SyntaxError"
              "）。通常是方法内的多行字符串（或文档字符串）有些行的缩进比 `def`"
              " 还少，或源码混用了制表符和空格。请让字符串的每一行至少与 `def` 同样缩进（或用 `\\n`"
              " 拼接、移到函数外），并只用空格缩进。",
    },
    "hints.dict-key.title": {
        "en": "dict key missing inside forward",
        "zh": "forward 内 dict 缺少键",
    },
    "hints.dict-key.text": {
        "en": "A dict built inside forward does not have the key, or has different keys in the two"
              " branches of an `if` on a Tensor. A converted `if` runs both branches while building the"
              " program, and both must leave the dict with the same keys. Create every key before the"
              " `if` (e.g. `d = {'a': paddle.zeros_like(x)}`) and only assign inside the branches.",
        "zh": "forward 中构建的 dict 没有这个键，或在基于 Tensor 的 `if` 两个分支中键不相同。转换后的"
              " `if` 在构建程序时会执行两个分支，两者结束时 dict 的键必须一致。请在 `if`"
              " 之前创建所有键（如 `d = {'a': paddle.zeros_like(x)}`），分支内只做赋值。",
    },
    "hints.dynamic-dim-iter.title": {
        "en": "zip/enumerate/len over a dynamic dim",
        "zh": "对动态维度 zip/enumerate/len",
    },
    "hints.dynamic-dim-iter.text": {
        "en": "`zip`, `enumerate`, `len` or a Python loop goes over a dimension that is dynamic (None"
              " in the InputSpec, -1 while converting): Python cannot know how many items there are."
              " Give that dimension a fixed size in the InputSpec, or use tensor ops over the whole"
              " dimension (`paddle.stack`, broadcasting, `paddle.shape(x)[0]` as a tensor loop bound).",
        "zh": "`zip`、`enumerate`、`len` 或 Python 循环遍历了一个动态维度（InputSpec 中为"
              " None，转换时为 -1）：Python 无法知道元素个数。请在 InputSpec"
              " 中给这个维度固定大小，或对整个维度使用张量运算（`paddle.stack`、广播、以"
              " `paddle.shape(x)[0]` 这个张量作为循环上界）。",
    },
    "hints.none-value.title": {
        "en": "arithmetic with None",
        "zh": "对 None 做运算",
    },
    "hints.none-value.text": {
        "en": "Arithmetic with `None`: a variable or argument is None (an optional argument left at its"
              " default, or a variable set in only one branch of an `if` on a Tensor, so Paddle sees an"
              " undefined value on the other path). Give it a Tensor value on every path: pass the"
              " argument, or write e.g. `y = paddle.zeros_like(x)` before the `if`.",
        "zh": "对 `None` 做了运算：某个变量或参数是 None（可选参数保留了默认值 None，或变量只在基于"
              " Tensor 的 `if` 的一个分支中赋值，另一条路径上 Paddle"
              " 看到的是未定义值）。请让它在每条路径上都是 Tensor：传入该参数，或例如在 `if` 之前写 `y"
              " = paddle.zeros_like(x)`。",
    },
    "hints.return-in-loop.title": {
        "en": "return directly inside a loop",
        "zh": "循环体中直接 return",
    },
    "hints.return-in-loop.text": {
        "en": "A `return` sits directly in a `for`/`while` body, so the loop can never run twice (e.g."
              " `while True: return x`). Paddle refuses such loops. Remove the loop, or set a result"
              " variable and `break`, and return after the loop.",
        "zh": "`return` 直接位于 `for`/`while` 循环体中，循环不可能执行第二次（如 `while True: return"
              " x`），Paddle 拒绝转换这种循环。请去掉循环，或给结果变量赋值后 `break`，在循环之后再"
              " return。",
    },
    "hints.non-tensor-output.title": {
        "en": "forward returns a non-Tensor",
        "zh": "forward 返回非 Tensor",
    },
    "hints.non-tensor-output.text": {
        "en": "forward returns something that is not a Tensor. A static program can only return"
              " Tensors; other values are frozen at what the first trace saw. Return Tensors (wrap"
              " numbers with paddle.to_tensor, or compute them with paddle ops).",
        "zh": "forward 返回了非 Tensor 的值。静态程序只能返回"
              " Tensor，其他值会固定为第一次追踪时的结果。请返回 Tensor（用 paddle.to_tensor"
              " 包装数字，或用 paddle 算子计算）。",
    },
    "hints.return-in-branch.title": {
        "en": "return/variable in one branch only",
        "zh": "return/变量只在一个分支中",
    },
    "hints.return-in-branch.text": {
        "en": "A `return` (or a variable) exists in only one branch of an `if` on a Tensor, or inside a"
              " loop. Static control flow needs both branches to produce the same things: assign the"
              " result to a variable in every branch and return once, after the `if`.",
        "zh": "`return`（或某个变量）只出现在基于 Tensor 的 `if`"
              " 的一个分支中，或出现在循环内。静态控制流要"
              "求两个分支产生相同的东西：在每个分支中给结果变量赋值，并在 `if` 之后只 return 一次。",
    },
    "hints.return-mismatch.title": {
        "en": "branches return different things",
        "zh": "两个分支返回的内容不同",
    },
    "hints.return-mismatch.text": {
        "en": "Both branches of an `if` on a Tensor return, but different things: a different type"
              " (a string, a number or None on one side, a Tensor on the other) or a different number"
              " of values. The converted `if` becomes one op with one set of outputs, so every branch"
              " must return the same structure of Tensors. Return Tensors of the same kind everywhere"
              " (e.g. a flag as `paddle.to_tensor(1)`), or decide non-Tensor results outside forward.",
        "zh": "基于 Tensor 的 `if` 的两个分支都有 return，但返回的内容不同：类型不同（一边是字符串、数字或"
              " None，另一边是 Tensor），或返回值个数不同。转换后的 `if` 是一个只有一组输出的算子，所以每个分支都必须返回相同结构的"
              " Tensor。请在所有分支返回同类的 Tensor（例如把标志写成 `paddle.to_tensor(1)`），或在 forward 之外决定非 Tensor 的结果。",
    },
    "hints.forbidden-call.title": {
        "en": "a method Paddle forbids in forward",
        "zh": "forward 中调用了 Paddle 禁止的方法",
    },
    "hints.forbidden-call.text": {
        "en": "Paddle refuses this Layer method inside a converted forward (its message names the"
              " method): forward becomes a Program that runs many times, and changing the model's"
              " parameters or structure from inside it is not part of a Program. Do it once, outside"
              " forward: in `__init__`, or before converting.",
        "zh": "Paddle 不允许在转换后的 forward 中调用这个 Layer 方法（报错信息中写明了方法名）：forward"
              " 会变成一个反复运行的程序，而在程序内部修改模型的参数或结构不属于程序的一部分。请在 forward 之外只做一次：放在"
              " `__init__` 中，或在转换之前执行。",
    },
    "hints.loop-pred-tensor.title": {
        "en": "loop condition turns from Python into a Tensor",
        "zh": "循环条件从 Python 值变成 Tensor",
    },
    "hints.loop-pred-tensor.text": {
        "en": "A loop whose condition starts as a Python value (`for i in range(3)`, `while i < 3`"
              " with a Python `i`) gets a Tensor condition inside the loop: a `break`/`continue` in an"
              " `if` on a Tensor, or a counter that becomes a Tensor. Paddle runs such a loop as Python"
              " and cannot switch it to a `while` op halfway. Start the counter as a Tensor"
              " (`i = paddle.zeros([1], dtype='int64')` and `while i < 3:`), or keep the `if` on"
              " Python values.",
        "zh": "循环条件一开始是 Python 值（`for i in range(3)`，或 `i` 为 Python 值的 `while i < 3`），而循环内部条件变成了"
              " Tensor：基于 Tensor 的 `if` 中有 `break`/`continue`，或计数器变成了 Tensor。Paddle 把这种循环当作 Python"
              " 循环运行，无法中途把它换成 `while` 算子。请用 Tensor 作计数器（`i = paddle.zeros([1], dtype='int64')`，再写"
              " `while i < 3:`），或让 `if` 只判断 Python 值。",
    },
    "hints.unsupported-syntax.title": {
        "en": "Python construct not supported",
        "zh": "不支持的 Python 写法",
    },
    "hints.unsupported-syntax.text": {
        "en": "This Python construct is not supported by the AST converter. Rewrite it with plain"
              " statements (if/for/while over tensors, no generators), or try --mode sot, which falls"
              " back to Python for what it cannot convert.",
        "zh": "AST 转换器不支持这种 Python 写法。请改用普通语句（对张量的"
              " if/for/while，不用生成器），或尝试 --mode sot，它会对无法转换的部分回退到 Python 执行。",
    },
    "hints.source-unavailable.title": {
        "en": "source code unavailable",
        "zh": "无法读取源码",
    },
    "hints.source-unavailable.text": {
        "en": "Paddle converts a function by reading its source text, and could not read it (a lambda,"
              " a function built with exec/eval, or code whose file is gone). Define the model with"
              " `def`/`class` in a notebook cell or a .py file.",
        "zh": "Paddle 通过读取源码来转换函数，但读不到源码（lambda、用 exec/eval"
              " 生成的函数，或文件已不存在）。请在 notebook 单元格或 .py 文件中用 `def`/`class`"
              " 定义模型。",
    },
    "hints.several-elements.title": {
        "en": "A tensor of several elements used as one Python value",
        "zh": "把含多个元素的张量当作一个 Python 值使用",
    },
    "hints.several-elements.text": {
        "en": "`bool(t)`, `int(t)`, `float(t)` or an `if`/`while` on `t` needs one value, and `t` holds"
              " several (a batch, a row). Reduce it first: `(t > 0).any()`, `.all()`, `.sum()`, `.mean()`,"
              " or take one element (`t[0]`). To branch per element, keep it a tensor:"
              " `paddle.where(t > 0, a, b)`.",
        "zh": "`bool(t)`、`int(t)`、`float(t)` 或对 `t` 的 `if`/`while` 需要一个值，而 `t` 含有多个元素"
              "（一个批次、一行）。请先归约：`(t > 0).any()`、`.all()`、`.sum()`、`.mean()`，或取出一个元素"
              "（`t[0]`）。若要按元素分支，请保持为张量：`paddle.where(t > 0, a, b)`。",
    },
    "hints.shape-one-scalar.title": {
        "en": "A tensor of shape [1] used as a Python number (NumPy 2)",
        "zh": "把形状为 [1] 的张量当作 Python 数使用（NumPy 2）",
    },
    "hints.shape-one-scalar.text": {
        "en": "`range(t)`, `int(t)` or an index with a tensor of shape [1]: NumPy 2 makes a Python number"
              " only of a 0-d array, so the conversion fails where NumPy 1 accepted it. Make it 0-d"
              " (`t.reshape([])`, `t.squeeze()`, `paddle.sum(t)`), or take the number with `t.item()`"
              " (on the default path that breaks the graph there).",
        "zh": "`range(t)`、`int(t)` 或用形状为 [1] 的张量做索引：NumPy 2 只把 0 维数组转换成 Python 数，"
              "所以在 NumPy 1 能通过的地方，这里会失败。请把它变成 0 维（`t.reshape([])`、`t.squeeze()`、"
              "`paddle.sum(t)`），或用 `t.item()` 取出这个数（在默认路径上，这会在那里造成图中断）。",
    },
    "hints.undefined-name.title": {
        "en": "A name that is not defined",
        "zh": "未定义的名字",
    },
    "hints.undefined-name.text": {
        "en": "The function uses a name that is not defined where it runs: SOT says Python's NameError as"
              " \"NAME not in globals and builtins\". Define or import it before the call, or correct its spelling.",
        "zh": "函数用到了一个在运行处没有定义的名字：SOT 把 Python 的 NameError 说成"
              " \"NAME not in globals and builtins\"。请在调用之前定义或导入它，或改正拼写。",
    },
    "hints.sot-internal.title": {
        "en": "SOT internal failure",
        "zh": "SOT 内部错误",
    },
    "hints.sot-internal.text": {
        "en": "Paddle's bytecode translator (SOT) failed inside its own machinery. Try --mode ast, or"
              " look at the full traceback for the line of your code involved.",
        "zh": "Paddle 的字节码转换器（SOT）在其内部出错。请尝试 --mode ast，或在完整 traceback"
              " 中查找涉及的代码行。",
    },
    # the few words of a report's plain text
    "hints.report.at": {
        "en": "at",
        "zh": "位置",
    },
    "hints.report.hint": {
        "en": "hint",
        "zh": "提示",
    },
    "hints.report.line": {
        "en": "{file} line {line}",
        "zh": "{file} 第 {line} 行",
    },
    # the specifics of a layer's shape mismatch (ErrorReport.facts)
    "hints.library.where": {
        "en": "The error is inside the {library} library's code ({where}: `{code}`), not yours: AST mode converts an installed library's code along with yours, and Paddle fails on it there.",
        "zh": "错误发生在 {library} 的代码中（{where}：`{code}`），不在你的代码里：AST 模式会把已安装库的代码和你的代码一起转换，Paddle 在那里失败了。",
    },
    "hints.library.where_sot": {
        "en": "The error is inside the {library} library's code ({where}: `{code}`), not yours: SOT translates an installed library's code along with yours, and Paddle fails on it there.",
        "zh": "错误发生在 {library} 的代码中（{where}：`{code}`），不在你的代码里：SOT 会把已安装库的代码和你的代码一起翻译，Paddle 在那里失败了。",
    },
    "hints.library.ast_try": {
        "en": "AST mode (`%%to_static --mode ast`) converts the library's code another way: try it; where it fails too, the library may need a newer Paddle, or a version of the library made for this Paddle.",
        "zh": "AST 模式（`%%to_static --mode ast`）用另一种方式转换库的代码：请试试；如果它也失败，这个库可能需要更新的 Paddle，或适配当前 Paddle 的库版本。",
    },
    "hints.library.caller": {
        "en": "Your line that calls into it: {where}.",
        "zh": "调用它的你的代码行：{where}。",
    },
    "hints.library.sot_ok": {
        "en": "SOT mode converts this model: use `%%to_static --mode sot` (or `mode=\"sot\"`).",
        "zh": "SOT 模式可以转换这个模型：请使用 `%%to_static --mode sot`（或 `mode=\"sot\"`）。",
    },
    "hints.library.sot_fails": {
        "en": "SOT mode (`--mode sot`) fails on it too: the library may need a newer Paddle, or a version of the library made for this Paddle.",
        "zh": "SOT 模式（`--mode sot`）同样失败：这个库可能需要更新的 Paddle，或适配当前 Paddle 的库版本。",
    },
    "hints.library.sot_try": {
        "en": "SOT mode (`%%to_static --mode sot`) runs the library's code as Python instead of rewriting it: try it.",
        "zh": "SOT 模式（`%%to_static --mode sot`）按 Python 原样运行库的代码而不改写它：请试试。",
    },
    "hints.specific.head": {
        "en": "Layer `{layer}` (`{ctor}`{at}) expects {expected:,} input {unit} and gets {actual:,}",
        "zh": "层 `{layer}`（`{ctor}`{at}）需要 {expected:,} 个输入{unit}，实际得到 {actual:,} 个",
    },
    "hints.specific.at": {
        "en": ", {where}",
        "zh": "，{where}",
    },
    "hints.specific.origin": {
        "en": " (= {factors}: the output {shape} of `{src}`{via})",
        "zh": "（= {factors}：`{src}` 的输出 {shape}{via}）",
    },
    "hints.specific.origin_via": {
        "en": " (from `{via_name}`, {where})",
        "zh": "（来自 `{via_name}`，{where}）",
    },
    "hints.specific.via": {
        "en": " after `{via_name}`, {where}",
        "zh": " 经过 `{via_name}`，{where}",
    },
    "hints.specific.fix_linear": {
        "en": ". Change it to `{fix}`, or bring its input to {expected:,} {unit} (pool or reshape"
              " before it).",
        "zh": "。请改为 `{fix}`，或让它的输入变为 {expected:,} 个{unit}（在它之前池化或 reshape）。",
    },
    "hints.specific.fix": {
        "en": ". Make the layer's input have {expected:,} {unit}, or build the layer for {actual:,}.",
        "zh": "。请让该层的输入有 {expected:,} 个{unit}，或按 {actual:,} 构建该层。",
    },
    "hints.specific.features": {
        "en": "features",
        "zh": "特征",
    },
    "hints.specific.channels": {
        "en": "channels",
        "zh": "通道",
    },
}
