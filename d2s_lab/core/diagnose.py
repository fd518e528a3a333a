"""``diagnose``: turn a failed conversion into a short, plain report.

Paddle's dy2static errors keep their type but carry a rewritten message and
structured data (``ErrorData`` with the map from transformed-code lines to the
user's lines); runtime errors carry the user's lines in the message text; SOT
errors arrive as ``InnerError`` with the real cause on ``__cause__``.  This
module reads all three and answers: what went wrong, on which line of the
user's cell or file (numbered as the notebook shows it), and, for the causes
people hit most, what to do about it.
"""
from __future__ import annotations

import ast
import inspect
import linecache
import re
import traceback
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple

from d2s_lab.core import display
from d2s_lab.errors import ConversionError
from d2s_lab.core.frames import (FRAME_RE, Frame, display_file, error_gist, hide_temp_files, is_d2s_file,
                     is_user_file, user_frames_in_text)
from d2s_lab.text.lang import get_lang
from d2s_lab.core.nested import flatten
from d2s_lab.core.paddle_compat.errors import unwrap_sot, user_frames_from_error_data
from d2s_lab.core.paddle_compat.targets import code_of, is_layer, resolve, to_static_disabled
from d2s_lab.core.graph.shapes import is_dynamic

CONTEXT = 2  # lines shown before and after the failing line


@dataclass
class CodeLine:
    """One numbered source line; ``is_error`` marks the failing one."""

    number: int
    text: str
    is_error: bool = False


# The few words of a report's plain text (the HTML views have their own table in viz).
WORDS = {
    "en": {"at": "at", "hint": "hint", "line": "{file} line {line}"},
    "zh": {"at": "位置", "hint": "提示", "line": "{file} 第 {line} 行"},
}


def where_text(file: str, line, lang: Optional[str] = None) -> str:
    """``cell[3] line 7`` in ``lang`` (``cell[3] 第 7 行``); "" when unknown."""
    if line is None or not file:
        return ""
    return WORDS[get_lang(lang)]["line"].format(file=display_file(file), line=line)


@dataclass
class ErrorReport:
    """A failed conversion, explained.

    ``line`` is numbered as the notebook cell (or the file) shows it;
    ``context`` holds a few numbered lines around it; ``transformed`` the
    matching lines of the code Paddle generated, when they are known;
    ``hint_id``/``hint`` name a known cause and what to do (``hint`` in the language
    current when diagnosed; :meth:`hint_for` gives either); ``facts`` the specifics
    found for this error (for a layer's shape mismatch: the layer, its constructor and
    line, expected and actual sizes, where the actual one came from);
    ``original_text`` is Paddle's full text, traceback included.
    """

    exc_type: str
    message: str
    stage: str = ""  # "convert", "run" or "" when unknown
    mode: str = ""
    file: str = ""
    line: Optional[int] = None
    function: str = ""
    code: str = ""  # the failing line's text
    context: List[CodeLine] = field(default_factory=list)
    transformed: List[CodeLine] = field(default_factory=list)
    transformed_file: str = ""
    hint_id: str = ""
    hint: str = ""
    original_text: str = ""
    name: str = ""  # the converted model's name
    facts: Dict[str, Any] = field(default_factory=dict)

    @property
    def where(self) -> str:
        """``cell[3] line 7`` (or ``model.py line 12``); "" when unknown."""
        if self.line is None or not self.file:
            return ""
        return f"{display_file(self.file)} line {self.line}"

    def where_in(self, lang: Optional[str] = None) -> str:
        """:attr:`where` in ``lang`` (default: the current language)."""
        return where_text(self.file, self.line, lang)

    def specific(self, lang: Optional[str] = None) -> str:
        """The sentence about this very error (e.g. which layer gets which shape); ""."""
        return specific_text(self.facts, lang)

    def hint_for(self, lang: Optional[str] = None) -> str:
        """The hint in ``lang``: the specific sentence (when known), then the general text."""
        general = hint_text(self.hint_id, lang)
        specific = self.specific(lang)
        return f"{specific} {general}".strip() if specific else general

    def __str__(self) -> str:
        w = WORDS[get_lang()]
        parts = [f"{self.exc_type}: {self.message}"]
        if self.where:
            parts.append(f"  {w['at']} {self.where_in()}: {self.code.strip()}")
        if self.hint_id:
            parts.append(f"  {w['hint']} [{self.hint_id}]: {self.hint_for()}")
        return "\n".join(parts)

    def _repr_html_(self) -> str:
        return display.html(self)


# Known causes: id -> {"en": ..., "zh": ...}: the cause in one paragraph and the fix.
# Matched in order by classify(); every id has a minimal failing example in EXAMPLES.
HINTS: Dict[str, Dict[str, str]] = {
    "tolist": {
        "en": "`Tensor.tolist()` needs the tensor's values, which do not exist while Paddle builds "
              "the static program. Keep the data a Tensor (index it, use paddle ops on it), or do the "
              "Python-side work outside forward.",
        "zh": "`Tensor.tolist()` 需要张量的具体数值，而 Paddle 构建静态程序时这些数值还不存在。"
              "请让数据保持为 Tensor（用索引或 paddle 算子处理），或把 Python 端的处理移到 forward 之外。",
    },
    "python-value": {
        "en": "A Tensor is turned into a Python value inside forward (`.numpy()`, `.item()`, "
              "`float(t)`, `int(t)`, `bool(t)`). In static mode the tensor has no value while the "
              "program is built, so Python cannot branch on it, index a list with it or format it. "
              "Keep it a Tensor: compare tensors directly in `if`/`while` (to_static turns those into "
              "graph control flow), use `paddle.where`/`paddle.gather` instead of list indexing, and "
              "guard logging with `if paddle.in_dynamic_mode():`.",
        "zh": "forward 中把 Tensor 转成了 Python 值（`.numpy()`、`.item()`、`float(t)`、`int(t)`、"
              "`bool(t)`）。静态图构建程序时张量还没有数值，Python 无法据此分支、索引列表或格式化输出。"
              "请保持为 Tensor：在 `if`/`while` 中直接比较张量（to_static 会把它们变成图中的控制流），"
              "用 `paddle.where`/`paddle.gather` 代替列表索引，日志输出放在 "
              "`if paddle.in_dynamic_mode():` 之内。",
    },
    "numpy-api": {
        "en": "A NumPy function (`np.abs`, `np.max`, `np.array`, ...) is called on a Tensor inside "
              "forward. Static mode passes symbolic values that NumPy cannot compute with (`np.array` "
              "of one makes an array of Python objects). Use the paddle equivalent (`paddle.abs`, "
              "`paddle.max`; no conversion at all instead of `np.array`).",
        "zh": "forward 中对 Tensor 调用了 NumPy 函数（`np.abs`、`np.max`、`np.array` 等）。静态图中传入的是"
              "符号变量，NumPy 无法计算（对它调用 `np.array` 只会得到 Python 对象数组）。"
              "请改用对应的 paddle 接口（`paddle.abs`、`paddle.max`；不要用 `np.array` 转换，直接使用张量）。",
    },
    "reshape-dynamic-dim": {
        "en": "A reshape target does not fit the real input. With a None (dynamic) dimension in the "
              "InputSpec, Paddle cannot check the arithmetic while converting, so it fails on the "
              "first run with the real shape. Build the target from the actual shape "
              "(`paddle.shape(x)` or `x.shape` inside forward) and keep at most one -1, or make "
              "the InputSpec match what the model really accepts.",
        "zh": "reshape 的目标形状与实际输入不符。InputSpec 中有 None（动态）维度时，Paddle 转换时无法检查"
              "元素个数，于是在第一次用真实形状运行时才报错。请根据实际形状构造目标（在 forward 中用 "
              "`paddle.shape(x)` 或 `x.shape`），最多只保留一个 -1，或让 InputSpec 与模型真正接受的输入一致。",
    },
    "shape-mismatch": {
        "en": "Two shapes do not agree. In static mode dynamic dims are -1 (None in the InputSpec) "
              "while converting; check the InputSpec against the shapes the model really gets, and "
              "compute sizes from `x.shape` inside forward instead of hard-coding them.",
        "zh": "两个形状不一致。静态图转换时动态维度为 -1（即 InputSpec 中的 None）；请核对 InputSpec 与模型"
              "实际收到的形状，并在 forward 中根据 `x.shape` 计算尺寸，而不要写死。",
    },
    "dtype-mix": {
        "en": "Two tensors of different dtypes meet in one op (int32 with int64, or float32 with "
              "float64). Dygraph often promotes silently; static ops require one dtype. Typical "
              "sources: `paddle.argmax`/`paddle.arange`/`paddle.to_tensor(1)` give int64, a loop "
              "counter from `range(n)` becomes int64, `.astype('int32')` elsewhere. Cast one side "
              "explicitly (`b.astype(a.dtype)`) or create the constant in the right dtype "
              "(`paddle.full([1], i, dtype=a.dtype)`).",
        "zh": "同一个算子的两个输入张量 dtype 不同（int32 与 int64，或 float32 与 float64）。动态图常会自动"
              "提升类型，静态图算子则要求类型一致。常见来源：`paddle.argmax`/`paddle.arange`/"
              "`paddle.to_tensor(1)` 得到 int64，`range(n)` 的循环计数变成 int64，别处又用了 "
              "`.astype('int32')`。请显式转换其中一个（`b.astype(a.dtype)`），或直接用正确的 dtype 创建常量"
              "（`paddle.full([1], i, dtype=a.dtype)`）。",
    },
    "dtype-arg": {
        "en": "A `dtype` argument is invalid, or an op gets a tensor of a dtype it does not accept "
              "(`one_hot`/`gather`/`embedding` need integer indices, a misspelt `'float33'`). Use one "
              "of Paddle's dtypes ('float32', 'float64', 'int32', 'int64', 'bool', ...) and cast "
              "the input to what the op expects (`idx.astype('int64')`).",
        "zh": "`dtype` 参数无效，或算子收到了它不接受的 dtype（`one_hot`/`gather`/`embedding` 需要整数索引，"
              "或拼错成 `'float33'`）。请使用 Paddle 支持的 dtype（'float32'、'float64'、'int32'、"
              "'int64'、'bool' 等），并把输入转换成算子要求的类型（`idx.astype('int64')`）。",
    },
    "reparse-syntax": {
        "en": "Paddle re-reads your function's source text, removes its common indentation and parses "
              "it again; that failed (IndentationError/SyntaxError). Usually a multi-line string (or "
              "docstring) inside a method has lines less indented than the `def`, or the source mixes "
              "tabs and spaces. Indent every line of the string at least as much as the `def` (or "
              "build it with `\\n` / move it out of the function), and use spaces only.",
        "zh": "Paddle 会重新读取函数源码、去掉公共缩进后再次解析，这一步失败了（IndentationError/"
              "SyntaxError）。通常是方法内的多行字符串（或文档字符串）有些行的缩进比 `def` 还少，或源码混用了"
              "制表符和空格。请让字符串的每一行至少与 `def` 同样缩进（或用 `\\n` 拼接、移到函数外），并只用空格缩进。",
    },
    "dict-key": {
        "en": "A dict built inside forward does not have the key, or has different keys in the two "
              "branches of an `if` on a Tensor. A converted `if` runs both branches while building the "
              "program, and both must leave the dict with the same keys. Create every key before the "
              "`if` (e.g. `d = {'a': paddle.zeros_like(x)}`) and only assign inside the branches.",
        "zh": "forward 中构建的 dict 没有这个键，或在基于 Tensor 的 `if` 两个分支中键不相同。转换后的 `if` "
              "在构建程序时会执行两个分支，两者结束时 dict 的键必须一致。请在 `if` 之前创建所有键"
              "（如 `d = {'a': paddle.zeros_like(x)}`），分支内只做赋值。",
    },
    "dynamic-dim-iter": {
        "en": "`zip`, `enumerate`, `len` or a Python loop goes over a dimension that is dynamic (None in "
              "the InputSpec, -1 while converting): Python cannot know how many items there are. "
              "Give that dimension a fixed size in the InputSpec, or use tensor ops over the whole "
              "dimension (`paddle.stack`, broadcasting, `paddle.shape(x)[0]` as a tensor loop bound).",
        "zh": "`zip`、`enumerate`、`len` 或 Python 循环遍历了一个动态维度（InputSpec 中为 None，转换时为 -1）："
              "Python 无法知道元素个数。请在 InputSpec 中给这个维度固定大小，或对整个维度使用张量运算"
              "（`paddle.stack`、广播、以 `paddle.shape(x)[0]` 这个张量作为循环上界）。",
    },
    "none-value": {
        "en": "Arithmetic with `None`: a variable or argument is None (an optional argument left at "
              "its default, or a variable set in only one branch of an `if` on a Tensor, so Paddle sees "
              "an undefined value on the other path). Give it a Tensor value on every path: pass the "
              "argument, or write e.g. `y = paddle.zeros_like(x)` before the `if`.",
        "zh": "对 `None` 做了运算：某个变量或参数是 None（可选参数保留了默认值 None，或变量只在基于 Tensor 的 "
              "`if` 的一个分支中赋值，另一条路径上 Paddle 看到的是未定义值）。请让它在每条路径上都是 Tensor："
              "传入该参数，或例如在 `if` 之前写 `y = paddle.zeros_like(x)`。",
    },
    "return-in-loop": {
        "en": "A `return` sits directly in a `for`/`while` body, so the loop can never run twice "
              "(e.g. `while True: return x`). Paddle refuses such loops. Remove the loop, or set a "
              "result variable and `break`, and return after the loop.",
        "zh": "`return` 直接位于 `for`/`while` 循环体中，循环不可能执行第二次（如 `while True: return x`），"
              "Paddle 拒绝转换这种循环。请去掉循环，或给结果变量赋值后 `break`，在循环之后再 return。",
    },
    "non-tensor-output": {
        "en": "forward returns something that is not a Tensor. A static program can only return "
              "Tensors; other values are frozen at what the first trace saw. Return Tensors (wrap "
              "numbers with paddle.to_tensor, or compute them with paddle ops).",
        "zh": "forward 返回了非 Tensor 的值。静态程序只能返回 Tensor，其他值会固定为第一次追踪时的结果。"
              "请返回 Tensor（用 paddle.to_tensor 包装数字，或用 paddle 算子计算）。",
    },
    "return-in-branch": {
        "en": "A `return` (or a variable) exists in only one branch of an `if` on a Tensor, or "
              "inside a loop. Static control flow needs both branches to produce the same things: "
              "assign the result to a variable in every branch and return once, after the `if`.",
        "zh": "`return`（或某个变量）只出现在基于 Tensor 的 `if` 的一个分支中，或出现在循环内。"
              "静态控制流要求两个分支产生相同的东西：在每个分支中给结果变量赋值，并在 `if` 之后只 return 一次。",
    },
    "unsupported-syntax": {
        "en": "This Python construct is not supported by the AST converter. Rewrite it with plain "
              "statements (if/for/while over tensors, no generators), or try --mode sot, which "
              "falls back to Python for what it cannot convert.",
        "zh": "AST 转换器不支持这种 Python 写法。请改用普通语句（对张量的 if/for/while，不用生成器），"
              "或尝试 --mode sot，它会对无法转换的部分回退到 Python 执行。",
    },
    "source-unavailable": {
        "en": "Paddle converts a function by reading its source text, and could not read it "
              "(a lambda, a function built with exec/eval, or code whose file is gone). Define the "
              "model with `def`/`class` in a notebook cell or a .py file.",
        "zh": "Paddle 通过读取源码来转换函数，但读不到源码（lambda、用 exec/eval 生成的函数，或文件已不存在）。"
              "请在 notebook 单元格或 .py 文件中用 `def`/`class` 定义模型。",
    },
    "sot-internal": {
        "en": "Paddle's bytecode translator (SOT) failed inside its own machinery. Try --mode ast, "
              "or look at the full traceback for the line of your code involved.",
        "zh": "Paddle 的字节码转换器（SOT）在其内部出错。请尝试 --mode ast，或在完整 traceback 中查找"
              "涉及的代码行。",
    },
}

# A short title per hint (the catalogue and the README table).
TITLES: Dict[str, Dict[str, str]] = {
    "tolist": {"en": "Tensor.tolist() in forward", "zh": "forward 中调用 Tensor.tolist()"},
    "python-value": {"en": "Tensor turned into a Python value", "zh": "Tensor 被转成 Python 值"},
    "numpy-api": {"en": "NumPy called on a Tensor", "zh": "对 Tensor 调用 NumPy"},
    "reshape-dynamic-dim": {"en": "reshape target vs a dynamic dim", "zh": "reshape 目标与动态维度不符"},
    "shape-mismatch": {"en": "shapes do not agree", "zh": "形状不一致"},
    "dtype-mix": {"en": "int32/int64 or float32/float64 mixed", "zh": "混用 int32/int64 或 float32/float64"},
    "dtype-arg": {"en": "invalid or mismatched dtype", "zh": "dtype 无效或不匹配"},
    "reparse-syntax": {"en": "Paddle cannot re-parse the source", "zh": "Paddle 无法重新解析源码"},
    "dict-key": {"en": "dict key missing inside forward", "zh": "forward 内 dict 缺少键"},
    "dynamic-dim-iter": {"en": "zip/enumerate/len over a dynamic dim", "zh": "对动态维度 zip/enumerate/len"},
    "none-value": {"en": "arithmetic with None", "zh": "对 None 做运算"},
    "return-in-loop": {"en": "return directly inside a loop", "zh": "循环体中直接 return"},
    "non-tensor-output": {"en": "forward returns a non-Tensor", "zh": "forward 返回非 Tensor"},
    "return-in-branch": {"en": "return/variable in one branch only", "zh": "return/变量只在一个分支中"},
    "unsupported-syntax": {"en": "Python construct not supported", "zh": "不支持的 Python 写法"},
    "source-unavailable": {"en": "source code unavailable", "zh": "无法读取源码"},
    "sot-internal": {"en": "SOT internal failure", "zh": "SOT 内部错误"},
}

# A minimal failing example per hint: (source defining `f`, or a Layer class `Net`; the
# input spec; the mode). Each is run for real by the tests (tests/test_hints.py).
EXAMPLES: Dict[str, Tuple[str, str, str]] = {
    "tolist": ("def f(x):\n    vals = x.tolist()\n    return paddle.to_tensor(vals)\n",
               "x: [None, 4] float32", "ast"),
    "python-value": ("def f(x):\n    s = math.sqrt(float(x.abs().sum()))\n    return x / s\n",
                     "x: [None, 4] float32", "ast"),
    "numpy-api": ("def f(x):\n    y = x * 2\n    return y / np.max(y)\n", "x: [None, 4] float32", "ast"),
    "reshape-dynamic-dim": ("def f(x):\n    return x.reshape([-1, 3, 2])\n", "x: [None, 4] float32",
                            "ast"),
    "shape-mismatch": ("def f(x):\n    return paddle.matmul(x, paddle.ones([5, 3]))\n",
                       "x: [None, 4] float32", "ast"),
    "dtype-mix": ("def f(x):\n    a = paddle.argmax(x, axis=1).astype('int32')\n"
                  "    return paddle.maximum(a, paddle.argmax(x, axis=1))\n", "x: [None, 4] float32",
                  "ast"),
    "dtype-arg": ("def f(x):\n    return x.astype('float33')\n", "x: [None, 4] float32", "ast"),
    "reparse-syntax": ("class Net(paddle.nn.Layer):\n    def forward(self, x):\n"
                       "        note = '''scale\nby two'''\n        return x * 2\n",
                       "x: [None, 4] float32", "ast"),
    "dict-key": ("def f(x):\n    d = {'a': x * 2}\n    return d['b']\n", "x: [None, 4] float32", "ast"),
    "dynamic-dim-iter": ("def f(x):\n    rows = [a + b for a, b in zip(x, x)]\n"
                         "    return paddle.stack(rows)\n", "x: [None, 4] float32", "ast"),
    # an optional argument left at None: both Paddle 2.6 and 3.x refuse it (2.6 converts a
    # variable set in one branch only, filling the other path with a placeholder)
    "none-value": ("def f(x, bias=None):\n    return x + bias\n", "x: [None, 4] float32", "ast"),
    "return-in-loop": ("def f(x):\n    while True:\n        return x * 2\n", "x: [None, 4] float32",
                       "ast"),
    "non-tensor-output": ("def f(x):\n    return x * 2, 3\n", "x: [None, 4] float32", "ast"),
    "return-in-branch": ("def f(x):\n    if x.sum() > 0:\n        return x, x\n    return x\n",
                         "x: [None, 4] float32", "ast"),
    "unsupported-syntax": ("def f(x):\n    i = 0\n    while i < 3:\n        i = i + x.sum()\n"
                           "    return x * i\n", "x: [None, 4] float32", "ast"),
    "source-unavailable": ("f = lambda x: x * 2\n", "x: [None, 4] float32", "ast"),
    "sot-internal": ("def f(x):\n    n = len(x.sum())\n    return x * n\n", "x: [None, 4] float32", "sot"),
}
# Hints whose example Paddle 3.3 does not raise (a logged warning there): classify still
# knows the text Paddle's source writes.
NOT_RAISED = ("non-tensor-output",)


@dataclass
class Hint:
    """One known cause: ``id``, a short ``title``, the explanation and fix (``text``), and a
    minimal failing ``example`` (defines ``f``, or a Layer class ``Net``) with its ``spec``
    and ``mode``."""

    id: str
    title: str
    text: str
    example: str
    spec: str
    mode: str

    def __str__(self) -> str:
        return f"[{self.id}] {self.title}: {self.text}"


def hint_text(hint_id: str, lang: Optional[str] = None) -> str:
    """The hint ``hint_id`` in ``lang`` (default: the current language); "" when unknown."""
    entry = HINTS.get(hint_id)
    return entry[get_lang(lang)] if entry else ""


def hints(lang: Optional[str] = None) -> List[Hint]:
    """Every known cause with its explanation, fix and a minimal failing example
    (``d2s_lab.hints()``), in ``lang`` (default: the current language)."""
    lang = get_lang(lang)
    return [Hint(k, TITLES[k][lang], HINTS[k][lang], *EXAMPLES[k]) for k in HINTS]


def message_only(text: str) -> str:
    """``text`` without its traceback: no ``File "...", line N`` lines and no source lines
    quoted under them (Paddle quotes the failing line's neighbours, whose words must not
    decide the hint), keeping every ``Type: message`` line and what follows it."""
    out, in_frame = [], False
    for line in (text or "").splitlines():
        if FRAME_RE.search(line):
            in_frame = True
            continue
        if in_frame:
            if not line.strip() or re.match(r"\s*(?:[A-Za-z_][\w.]*\.)?[A-Za-z_]\w*(?:Error|Exception):",
                                             line):
                in_frame = False
            else:
                continue
        if "<--- HERE" in line or line.strip() in ("In transformed code:", "Call stack (innermost last):"):
            continue
        out.append(line)
    return "\n".join(out)


_DTYPES = r"(?:u?int(?:8|16|32|64)|float(?:16|32|64)|bfloat16|bool|complex(?:64|128))"


def classify(exc_type: str, text: str, code: str = "", specs=None) -> str:
    """The id of the known cause (a key of :data:`HINTS`) of an error, or "".

    ``exc_type`` is the error's class name, ``text`` Paddle's message (a traceback in it
    is ignored: only the messages count), ``code`` the failing source line, ``specs``
    the InputSpecs used.
    """
    t = message_only(text)
    low = t.lower()
    c = code or ""
    if "'tolist'" in t or ".tolist(" in c:
        return "tolist"
    if ("called numpy api" in low or "does not support ufuncs" in low
            or "received input == `object`" in low
            or re.search(r"\bnp\.(as)?array\(", c) and "not supported to convert" in low):
        return "numpy-api"
    if ("could not get source code" in low or "source code not available" in low
            or "could not find class definition" in low or "lambda" in c and exc_type == "IndexError"
            or "module, class, method, function, traceback, frame, or code object" in low):
        return "source-unavailable"
    if exc_type in ("IndentationError", "TabError") or exc_type == "SyntaxError" and (
            "indent" in low or "<unknown>" in low):
        return "reparse-syntax"
    if (re.search(r"\b(float|int|bool|complex)\(Tensor\)", t) or ".item()" in c or ".numpy()" in c
            or re.search(r"\b(float|int)\(", c) and "Value" in t
            or re.search(r"indices must be integers.*(Value|Variable)", t)
            or re.search(r"must be (a string or )?(a )?real number, not '?Variable", t)):  # Paddle 2.6
        return "python-value"
    if "non-tensor" in low or "not a tensor" in low and "output" in low:
        return "non-tensor-output"
    if (re.search(r"but got (nonetype|undefinedvar)", low)
            or re.search(r"unsupported operand type\(s\).*'nonetype'", low)
            or "'nonetype' object" in low and "attribute" not in low
            or re.search(r"argument must be [^\n]*not 'nonetype'", low)):  # Paddle 2.6
        return "none-value"
    if (exc_type in ("KeyError", "Dy2StKeyError")
            or re.search(r"incompatible return values of `(?!__return)\w+`", low)
            and re.search(r"first structure[^\n]*:\s*\{", low)):
        return "dict-key"
    if "return statement in while or for body" in low:
        return "return-in-loop"
    if ("different return type" in low or "unbound local" in low or "undefinedvar" in low
            or "return_value" in low and "cond" in low):
        return "return-in-branch"
    if ("type promotion only support" in low or "must have the same data type" in low
            or "different data type" in low or "does not match the type of data" in low
            or re.search(rf"\b{_DTYPES}\b.*\b(and|vs|but)\b.*\b{_DTYPES}\b", low)
            and ("same" in low or "match" in low or "promot" in low)):
        return "dtype-mix"
    if ("data type" in low and "not understood" in low or "check data type error" in low
            or "expected_dtype" in low or re.search(r"must be (int32 or int64|one of)", low)
            or "invalid dtype" in low or "unsupported dtype" in low
            # Paddle 2.6: "... must be in [float16, ...], but received float33"
            or re.search(r"(data ?type|dtype)[^\n]*must be[^\n]*but received", low)):
        return "dtype-arg"
    if "when tensor.shape[0] == -1" in low or "not support zip(" in low:
        return "dynamic-dim-iter"
    if "reshape" in low and ("shape" in low):
        if _has_dynamic_dim(specs):
            return "reshape-dynamic-dim"
        return "shape-mismatch"
    if ("shape" in low or "dimension" in low or "error dim" in low) and (
            "mismatch" in low or "should be equal" in low or "not match" in low
            or "must be equal" in low or "expected to be equal" in low):  # "error dim": Paddle 2.6
        return "shape-mismatch"
    if (exc_type in ("Dygraph2StaticException", "NotImplementedError", "SyntaxError")
            or re.match(r"\s*async\s+def\b", c) or "await " in c
            or "not supported" in low and "static" in low or "generator" in low):
        return "unsupported-syntax"
    if exc_type == "InnerError":  # SOT's own wrapper, with no cause to unwrap
        return "sot-internal"
    return ""


def _has_dynamic_dim(specs) -> bool:
    return any(is_dynamic(d) for s in flatten(specs or []) for d in (getattr(s, "shape", None) or []))


# --- the specifics of a layer's shape mismatch -------------------------------------------

_SPECIFIC = {
    "en": {
        "head": "Layer `{layer}` (`{ctor}`{at}) expects {expected:,} input {unit} and gets {actual:,}",
        "at": ", {where}",
        "origin": " (= {factors}: the output {shape} of `{src}`{via})",
        "origin_via": " (from `{via_name}`, {where})",
        "via": " after `{via_name}`, {where}",
        "fix_linear": ". Change it to `{fix}`, or bring its input to {expected:,} {unit} "
                      "(pool or reshape before it).",
        "fix": ". Make the layer's input have {expected:,} {unit}, or build the layer for "
               "{actual:,}.",
        "features": "features", "channels": "channels",
    },
    "zh": {
        "head": "层 `{layer}`（`{ctor}`{at}）需要 {expected:,} 个输入{unit}，实际得到 {actual:,} 个",
        "at": "，{where}",
        "origin": "（= {factors}：`{src}` 的输出 {shape}{via}）",
        "origin_via": "（来自 `{via_name}`，{where}）",
        "via": " 经过 `{via_name}`，{where}",
        "fix_linear": "。请改为 `{fix}`，或让它的输入变为 {expected:,} 个{unit}（在它之前池化或 reshape）。",
        "fix": "。请让该层的输入有 {expected:,} 个{unit}，或按 {actual:,} 构建该层。",
        "features": "特征", "channels": "通道",
    },
}


def specific_text(facts: Dict[str, Any], lang: Optional[str] = None) -> str:
    """The sentence about one error's specifics (``ErrorReport.facts``) in ``lang``; ""."""
    if not facts or facts.get("kind") != "layer-shape":
        return ""
    lang = get_lang(lang)
    w = _SPECIFIC[lang]
    f = dict(facts)
    f["unit"] = w[f["unit"]]
    where = where_text(f.get("ctor_file", ""), f.get("ctor_line"), lang)
    out = w["head"].format(at=w["at"].format(where=where) if where else "", **f)
    via = ""
    if f.get("via_name"):
        via = w["via"].format(via_name=f["via_name"],
                              where=where_text(f.get("via_file", ""), f.get("via_line"), lang))
    if f.get("factors"):
        out += w["origin"].format(factors=f["factors"], shape=f["source_shape"], src=f["source_layer"],
                                  via=via)
    elif f.get("via_name"):
        out += w["origin_via"].format(via_name=f["via_name"],
                                      where=where_text(f.get("via_file", ""), f.get("via_line"), lang))
    out += (w["fix_linear"] if f.get("fix") else w["fix"]).format(**f)
    return out


class _Stop(Exception):
    """Ends the dygraph probe once the failing layer's input is known."""


def _probe_layer_input(conversion, layer, sub):
    """Run the model in dygraph on its example (or random) inputs until ``sub`` is called:
    (``sub``'s first input shape, [(sublayer path, output shape)] of the layers that ran
    before it); (None, []) when it cannot run."""
    from d2s_lab.core.specs import as_input_list, random_inputs

    names = {id(s): n for n, s in layer.named_sublayers()}
    seen: List[Tuple[str, List[int]]] = []
    got: Dict[str, Any] = {}

    def post(lyr, _inputs, outputs):
        if hasattr(outputs, "shape"):
            seen.append((names.get(id(lyr), "?"), [int(d) for d in outputs.shape]))

    def pre(_lyr, inputs):
        first = inputs[0] if isinstance(inputs, (tuple, list)) and inputs else inputs
        if hasattr(first, "shape"):
            got["shape"] = [int(d) for d in first.shape]
        raise _Stop()

    handles = [s.register_forward_post_hook(post) for _, s in layer.named_sublayers() if s is not sub]
    handles.append(sub.register_forward_pre_hook(pre))
    try:
        inputs = conversion.example_inputs
        if inputs is None:
            inputs = random_inputs(conversion.input_specs)
        fn = resolve(conversion.target).function
        with to_static_disabled():
            fn(*as_input_list(inputs))
    except Exception:
        pass
    finally:
        for h in handles:
            h.remove()
    return got.get("shape"), seen


def _constructor(layer, path: str) -> Tuple[str, str, Optional[int]]:
    """(the constructor call as written, file, line) of ``self.<path> = ...`` in the class
    source of the layer that owns it; ("", "", None) when not found."""
    parts = path.split(".")
    owner = layer
    for p in parts[:-1]:
        owner = getattr(owner, p, None)
    if owner is None:
        return "", "", None
    for cls in type(owner).__mro__:
        try:
            lines, first = inspect.getsourcelines(cls)
            file = inspect.getsourcefile(cls) or ""
        except (OSError, TypeError):
            continue
        pat = re.compile(rf"^\s*self\.{re.escape(parts[-1])}\s*=\s*(.+?)\s*(#.*)?$")
        for i, text in enumerate(lines):
            m = pat.match(text.rstrip("\n"))
            if m:
                return m.group(1), file, first + i
    return "", "", None


def _last_assignment(conversion, var: str, before: int) -> Tuple[str, Optional[int]]:
    """(called function's name, file line) of the last ``var = f(...)`` before line ``before``
    in the converted function; ("", None) when there is none."""
    src, first = getattr(conversion, "original_source", ""), getattr(conversion, "source_first_line", 0)
    if not src or not first:
        return "", None
    try:
        tree = ast.parse(src)
    except SyntaxError:
        return "", None
    best: Tuple[str, Optional[int]] = ("", None)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Assign) or not isinstance(node.value, ast.Call):
            continue
        if not any(isinstance(t, ast.Name) and t.id == var for t in node.targets):
            continue
        line = first + node.lineno - 1
        if line < before and (best[1] is None or line > best[1]):
            fn = node.value.func
            name = fn.attr if isinstance(fn, ast.Attribute) else getattr(fn, "id", "")
            best = (name, line)
    return best


def _layer_shape_facts(rep: ErrorReport, conversion, text: str) -> Dict[str, Any]:
    """For a shape mismatch on ``self.<layer>(...)``: the layer, its constructor and line,
    the sizes it expects and gets, and where the actual size came from."""
    layer = getattr(conversion, "layer", None) if conversion is not None else None
    m = re.search(r"\bself\.([\w.]+)\s*\(\s*([A-Za-z_]\w*)?", rep.code or "")
    if layer is None or m is None:
        return {}
    path, var = m.group(1), m.group(2) or ""
    sub = layer
    for part in path.split("."):
        sub = getattr(sub, part, None)
    if sub is None or not is_layer(sub):
        return {}
    weight = getattr(sub, "weight", None)
    wshape = [int(d) for d in weight.shape] if weight is not None else []
    cls = type(sub).__name__
    if cls == "Linear" and len(wshape) == 2:
        unit, expected, axis = "features", wshape[0], -1
    elif cls.startswith("Conv") and len(wshape) >= 3:
        unit, axis = "channels", 1
        expected = wshape[0] if "Transpose" in cls else wshape[1]
    else:
        return {}
    shape, seen = _probe_layer_input(conversion, layer, sub)
    actual = shape[axis] if shape else None
    if actual is None:  # the message's numbers: matmul's "Input(X) is [7200]"
        mm = re.search(r"Input\(X\) is \[(\d+)\]", text)
        actual = int(mm.group(1)) if mm else None
    if actual is None or actual == expected:
        return {}
    ctor, cfile, cline = _constructor(layer, path)
    facts: Dict[str, Any] = {
        "kind": "layer-shape", "layer": path, "layer_class": cls,
        "ctor": ctor or f"{cls}(...)", "ctor_file": cfile, "ctor_line": cline,
        "unit": unit, "expected": expected, "actual": actual, "input_shape": shape,
    }
    if unit == "features":
        for src, s in reversed(seen):
            rest = s[1:]
            prod = 1
            for d in rest:
                prod *= d
            if len(rest) > 1 and prod == actual:
                facts.update(factors="x".join(map(str, rest)), source_layer=src,
                             source_shape="[" + ", ".join(["N"] + [str(d) for d in rest]) + "]")
                break
        if ctor and re.search(rf"\(\s*{expected}\s*,", ctor):
            facts["fix"] = re.sub(rf"\(\s*{expected}\s*,", f"({actual},", ctor, count=1)
    if var and rep.line:
        via_name, via_line = _last_assignment(conversion, var, rep.line)
        if via_name:
            facts.update(via_name=via_name, via_line=via_line, via_file=rep.file)
    return facts


# --- lines for errors that name none ------------------------------------------------------

def _source_lines(conversion) -> Tuple[List[str], int, str]:
    """(the converted function's raw source lines, its first line, its file)."""
    loc = _target_location(conversion)
    if loc is None:
        return [], 0, ""
    fn = resolve(conversion.target).function if conversion is not None else None
    try:
        lines, first = inspect.getsourcelines(fn)
    except (OSError, TypeError):
        return [], 0, ""
    return lines, first, loc.file


def _reparse_line(conversion) -> Optional[Frame]:
    """The line that breaks Paddle's re-parse: the first line less indented than the ``def``
    (inside a multi-line string), or a tab-indented one; else the ``def`` line."""
    lines, first, file = _source_lines(conversion)
    if not lines:
        return None
    head = lines[0]
    indent = len(head) - len(head.lstrip())
    for i, text in enumerate(lines[1:], 1):
        if text.strip() and (len(text) - len(text.lstrip()) < indent or text.startswith("\t")):
            return Frame(file, first + i)
    return Frame(file, first)


def _loop_with_return_line(conversion) -> Optional[Frame]:
    """The first ``for``/``while`` whose body holds a ``return`` directly."""
    lines, first, file = _source_lines(conversion)
    if not lines:
        return None
    import textwrap

    try:
        tree = ast.parse(textwrap.dedent("".join(lines)))
    except SyntaxError:
        return None
    for node in ast.walk(tree):
        if isinstance(node, (ast.For, ast.While)) and any(isinstance(s, ast.Return) for s in node.body):
            return Frame(file, first + node.lineno - 1)
    return None


def _unwrap(exc) -> Tuple[Any, str, Any, List[str]]:
    """(Paddle's exception, stage, conversion, texts of wrappers) from what was raised."""
    stage, conv = "", None
    if isinstance(exc, ConversionError):
        stage, conv = exc.stage, exc.conversion
        if exc.original is not None:
            exc = exc.original
    exc, wrappers = unwrap_sot(exc)
    return exc, stage, conv, [_format(w) for w in wrappers]


def _format(exc) -> str:
    """Paddle's text for ``exc``: the frames outside d2s_lab (innermost last), then
    ``Type: message`` as Paddle wrote it."""
    lines = []
    try:
        frames = traceback.extract_tb(exc.__traceback__) if exc.__traceback__ is not None else []
    except Exception:
        frames = []
    frames = [fr for fr in frames if not is_d2s_file(fr.filename)]
    if frames:
        lines.append("Call stack (innermost last):")
        lines.extend(traceback.format_list(frames))
    lines.append(f"{type(exc).__module__}.{type(exc).__name__}: {exc}"
                 if type(exc).__module__ not in ("builtins",) else f"{type(exc).__name__}: {exc}")
    return "".join(ln if ln.endswith("\n") else ln + "\n" for ln in lines).rstrip()


def _user_frames_from_traceback(exc, prefer: str, call_breaks=None) -> List[Frame]:
    """User frames of the traceback (outermost first). A frame of the code SOT generated for
    a graph break, stopped at that break's call, is the call's own line (``call_breaks``:
    ``Conversion.sot_call_breaks``): Paddle 2.6 numbers that code with the ``def`` line."""
    out = []
    tb = getattr(exc, "__traceback__", None)
    while tb is not None:
        code = tb.tb_frame.f_code
        file, line, name = code.co_filename, tb.tb_lineno, code.co_name
        known = (call_breaks or {}).get(code)
        if known is not None and known.offset == tb.tb_lasti:
            file, line, name = known.file, known.line, known.function
        if is_user_file(file) and (not prefer or file == prefer or file.startswith("<d2s-cell-")):
            out.append(Frame(file, line, name))
        tb = tb.tb_next
    return out


def _context(filename: str, line: int, around: int = CONTEXT) -> List[CodeLine]:
    lines = linecache.getlines(filename)
    if not lines or line < 1 or line > len(lines):
        return []
    lo, hi = max(1, line - around), min(len(lines), line + around)
    return [CodeLine(n, lines[n - 1].rstrip("\n"), n == line) for n in range(lo, hi + 1)]


def _target_location(conversion) -> Optional[Frame]:
    """Where the converted function is defined (for errors about its source)."""
    code = code_of(conversion.target) if conversion is not None else None
    if code is None:
        return None
    return Frame(code.co_filename, code.co_firstlineno, code.co_name)


def diagnose(exc, conversion=None) -> ErrorReport:
    """Explain a failed conversion: type, plain message, the user's line, a hint.

    ``exc`` is a :class:`~d2s_lab.errors.ConversionError` (from
    :func:`~d2s_lab.convert`), or any exception Paddle raised while converting
    or running a static function (SOT's ``InnerError`` is unwrapped).  Line
    numbers are those the notebook cell (or file) shows.  Never raises.
    """
    try:
        return _diagnose(exc, conversion)
    except Exception as inner:  # a report must never hide the user's error
        return ErrorReport(type(exc).__name__, str(exc)[:500],
                           original_text=_format(exc) + f"\n(d2s_lab could not analyse it: {inner!r})")


def _diagnose(exc, conversion) -> ErrorReport:
    err, stage, conv, wrappers = _unwrap(exc)
    conversion = conversion if conversion is not None else conv
    prefer = conversion.source_file if conversion is not None else ""
    text = str(err)
    rep = ErrorReport(
        exc_type=type(err).__name__,
        message=hide_temp_files(error_gist(err)),
        stage=stage,
        mode=conversion.mode if conversion is not None else "",
        name=conversion.name if conversion is not None else "",
    )
    rep.original_text = hide_temp_files("\n".join(wrappers + [_format(err)]).strip())

    users, transformed = user_frames_from_error_data(err)
    if not users:
        users = user_frames_in_text(text, prefer)
    if not users:
        users = _user_frames_from_traceback(err, prefer, getattr(conversion, "sot_call_breaks", None))
    if not users and any(w for w in wrappers):
        users = user_frames_in_text("\n".join(wrappers), prefer)
    loc = users[-1] if users else None
    if loc is None and ("source" in text.lower() or isinstance(err, (OSError, IndexError))):
        loc = _target_location(conversion)
    if loc is not None:
        _set_line(rep, loc[0], int(loc[1]), loc[2])
    if transformed:
        tfile, tline = transformed[-1].file, transformed[-1].line
        rep.transformed_file = tfile
        rep.transformed = _context(tfile, tline, around=1)
    specs = conversion.input_specs if conversion is not None else None
    rep.hint_id = classify(rep.exc_type, text + "\n" + "\n".join(wrappers), rep.code, specs)
    if rep.line is None and conversion is not None:
        # errors that name no line of the user's: find it in the source
        found = None
        if rep.hint_id == "reparse-syntax":
            found = _reparse_line(conversion)
        elif rep.hint_id == "return-in-loop":
            found = _loop_with_return_line(conversion)
        if found is not None:
            _set_line(rep, found.file, found.line, getattr(conversion.target, "__name__", ""))
    if rep.hint_id in ("shape-mismatch", "reshape-dynamic-dim"):
        try:
            rep.facts = _layer_shape_facts(rep, conversion, text)
        except Exception:  # only a sharper hint; the general one stands
            rep.facts = {}
    rep.hint = rep.hint_for() if rep.hint_id else ""
    return rep


def _set_line(rep: ErrorReport, file: str, line: int, function: str = "") -> None:
    rep.file, rep.line, rep.function = file, int(line), function or rep.function
    rep.context = _context(rep.file, rep.line)
    rep.code = next((c.text for c in rep.context if c.is_error), "")


def attach_line(report: ErrorReport, filename: str, line: int) -> None:
    """Point ``report`` at ``filename`` line ``line`` (with its context), when the error
    itself names no user line (e.g. a run stopped from outside)."""
    report.file, report.line = filename, int(line)
    report.context = _context(filename, report.line)
    report.code = next((c.text for c in report.context if c.is_error), "")
