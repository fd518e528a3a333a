"""The known causes of conversion errors, one record each, and :func:`classify`.

A record names its cause (``id``), says how to recognise it (``classifier``, a
predicate over the error as :class:`Seen` shows it) and carries a minimal failing
``example``; its title and explanation live in the text catalogue
(:mod:`d2s_lab.text.tables.hints`) under ``title_key`` and ``text_key``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Dict, List, Optional, Tuple

from d2s_lab.core.frames import FRAME_RE
from d2s_lab.core.graph.shapes import is_dynamic
from d2s_lab.core.nested import flatten
from d2s_lab.text import t
from d2s_lab.text.lang import get_lang


@dataclass(frozen=True)
class Seen:
    """An error as the classifiers see it: its class name, its messages without the
    traceback (``text``, and ``low`` in lower case), the failing source line (``code``)
    and the InputSpecs used."""

    exc_type: str
    text: str
    low: str
    code: str
    specs: object = None


@dataclass(frozen=True)
class HintRecord:
    """One known cause: ``id``; ``classifier``, true for an error of this cause (asked in
    :data:`MATCH_ORDER`); ``example``, a minimal failing example (source defining ``f`` or
    a Layer class ``Net``, the input spec, the mode), run for real by the tests; the
    catalogue keys of its ``title`` and explanation (``text``)."""

    id: str
    classifier: Callable[[Seen], bool]
    example: Tuple[str, str, str]
    title_key: str
    text_key: str


_DTYPES = r"(?:u?int(?:8|16|32|64)|float(?:16|32|64)|bfloat16|bool|complex(?:64|128))"


def _has_dynamic_dim(specs) -> bool:
    return any(is_dynamic(d) for s in flatten(specs or []) for d in (getattr(s, "shape", None) or []))


# --- the classifiers ----------------------------------------------------------------------

def _tolist(e: Seen) -> bool:
    return "'tolist'" in e.text or ".tolist(" in e.code


def _numpy_api(e: Seen) -> bool:
    low = e.low
    return bool("called numpy api" in low or "does not support ufuncs" in low
                or "received input == `object`" in low
                or re.search(r"\bnp\.(as)?array\(", e.code) and "not supported to convert" in low)


def _source_unavailable(e: Seen) -> bool:
    low = e.low
    return bool("could not get source code" in low or "source code not available" in low
                or "could not find class definition" in low
                or "lambda" in e.code and e.exc_type == "IndexError"
                or "module, class, method, function, traceback, frame, or code object" in low)


def _reparse_syntax(e: Seen) -> bool:
    return bool(e.exc_type in ("IndentationError", "TabError") or e.exc_type == "SyntaxError" and (
        "indent" in e.low or "<unknown>" in e.low))


# A tensor already reduced to one value in the failing line: `float(y.mean())`, `int(t[0])`
_REDUCED = re.compile(r"\.(mean|sum|max|min|prod|any|all|norm)\(|\[\s*0\s*\]")
# Paddle 2.6's SOT on float(t)/int(t) of any tensor, one value or several
_NO_NUMBER_26 = re.compile(r"'variable' object has no attribute '__(float|int)__'")


def _python_value(e: Seen) -> bool:
    text, c = e.text, e.code
    return bool(re.search(r"\b(float|int|bool|complex)\(Tensor\)", text) or ".item()" in c or ".numpy()" in c
                or re.search(r"\b(float|int)\(", c) and "Value" in text
                or re.search(r"indices must be integers.*(Value|Variable)", text)
                or re.search(r"must be (a string or )?(a )?real number, not '?Variable", text)  # Paddle 2.6
                or _NO_NUMBER_26.search(e.low) and _REDUCED.search(c))  # 2.6's SOT, one value already


def _several_elements(e: Seen) -> bool:
    low = e.low
    return bool("can only contain one element" in low  # an if/while on the tensor (SOT)
                or "only one element variable can be converted to" in low  # int(t), float(t) (SOT)
                or re.search(r"numel should be 1, actual numel is [2-9]|numel should be 1, actual numel is \d\d", low)
                or _NO_NUMBER_26.search(low) and not _REDUCED.search(e.code))  # Paddle 2.6's SOT


def _shape_one_scalar(e: Seen) -> bool:
    # NumPy 2 makes a Python number only of a 0-d array: range(t), int(t) of a shape-[1] tensor
    return "only 0-dimensional arrays can be converted to python scalars" in e.low


def _non_tensor_output(e: Seen) -> bool:
    return bool("non-tensor" in e.low or "not a tensor" in e.low and "output" in e.low)


def _none_value(e: Seen) -> bool:
    low = e.low
    return bool(re.search(r"but got (nonetype|undefinedvar)", low)
                or re.search(r"unsupported operand type\(s\).*'nonetype'", low)
                or "'nonetype' object" in low and "attribute" not in low
                or re.search(r"argument must be [^\n]*not 'nonetype'", low))  # Paddle 2.6


def _dict_key(e: Seen) -> bool:
    low = e.low
    if _sot_internal(e):  # SOT's own KeyError: 'self' (see _sot_internal)
        return False
    return bool(e.exc_type in ("KeyError", "Dy2StKeyError")
                or re.search(r"incompatible return values of `(?!__return)\w+`", low)
                and re.search(r"first structure[^\n]*:\s*\{", low))


def _return_in_loop(e: Seen) -> bool:
    return "return statement in while or for body" in e.low


def _return_mismatch(e: Seen) -> bool:
    # both branches return, with values of different types or counts; a branch that does
    # not return shows as `None` (or an UndefinedVar): that is _return_in_branch
    low = e.low
    if "different return type" in low:  # Paddle 3: is `None`; 2.6: is '<class 'NoneType'>'
        return not ("`none`" in low or "nonetype" in low or "undefinedvar" in low)
    return bool(re.search(r"incompatible return values of `__return_value", low))


def _return_in_branch(e: Seen) -> bool:
    low = e.low
    return bool("different return type" in low or "unbound local" in low or "undefinedvar" in low
                or "return_value" in low and "cond" in low)


def _forbidden_call(e: Seen) -> bool:
    # Paddle's own refusal of a Layer method inside forward ("calling 'set_state_dict'
    # dynamically in 'forward', which is not supported")
    return bool(re.search(r"calling '\w+' dynamic(?:al)?ly in 'forward'", e.text))  # 2.6: "dynamicly"


def _loop_pred_tensor(e: Seen) -> bool:
    return "while pred change from bool to variable" in e.low


def _dtype_mix(e: Seen) -> bool:
    low = e.low
    return bool("type promotion only support" in low or "must have the same data type" in low
                or "different data type" in low or "does not match the type of data" in low
                or re.search(rf"\b{_DTYPES}\b.*\b(and|vs|but)\b.*\b{_DTYPES}\b", low)
                and ("same" in low or "match" in low or "promot" in low))


def _dtype_arg(e: Seen) -> bool:
    low = e.low
    return bool("data type" in low and "not understood" in low or "check data type error" in low
                or "expected_dtype" in low or re.search(r"must be (int32 or int64|one of)", low)
                or "invalid dtype" in low or "unsupported dtype" in low
                # Paddle 2.6: "... must be in [float16, ...], but received float33"
                or re.search(r"(data ?type|dtype)[^\n]*must be[^\n]*but received", low))


def _dynamic_dim_iter(e: Seen) -> bool:
    return "when tensor.shape[0] == -1" in e.low or "not support zip(" in e.low


def _broadcast(e: Seen) -> bool:
    low = e.low
    return "broadcast" in low and ("mismatch" in low or "could not be broadcast" in low
                                   or "cannot be broadcast" in low)


def _reshape(e: Seen) -> bool:
    return "reshape" in e.low and "shape" in e.low


def _reshape_dynamic_dim(e: Seen) -> bool:
    return _reshape(e) and _has_dynamic_dim(e.specs)


def _shapes_disagree(e: Seen) -> bool:
    low = e.low
    return bool(("shape" in low or "dimension" in low or "error dim" in low) and (
        "mismatch" in low or "should be equal" in low or "not match" in low
        or "must be equal" in low or "expected to be equal" in low))  # "error dim": Paddle 2.6


def _shape_dynamic_dim(e: Seen) -> bool:
    # Paddle 3 checks every fixed dim while converting (dynamic ones are -1 there): a shape
    # error raised by a kernel of the first run (pd_kernel ... run_program) involves a dim
    # that was dynamic in the InputSpec. (Paddle 2.6 checks some ops only when they run:
    # its kernel errors name no pd_kernel and get the fixed-shape hint.)
    low = e.low
    return bool(_shapes_disagree(e) and "pd_kernel" in low and "run_program" in low
                and _has_dynamic_dim(e.specs))


def _reshape_size(e: Seen) -> bool:
    # asked after _reshape_dynamic_dim: a reshape of fixed shapes whose element counts differ
    return _reshape(e)


def _shape_mismatch(e: Seen) -> bool:
    # asked after _reshape_size and _shape_dynamic_dim: fixed shapes that disagree
    return _shapes_disagree(e)


def _unsupported_syntax(e: Seen) -> bool:
    c, low = e.code, e.low
    return bool(e.exc_type in ("Dygraph2StaticException", "NotImplementedError", "SyntaxError")
                or re.match(r"\s*async\s+def\b", c) or "await " in c
                or "not supported" in low and "static" in low or "generator" in low)


def _undefined_name(e: Seen) -> bool:
    # SOT's words for Python's NameError (Paddle 3.3.1 and 2.6.2): an InnerError of its own
    return e.exc_type == "InnerError" and bool(re.search(r"\b\w+ not in globals and builtins", e.low))


def _sot_internal(e: Seen) -> bool:
    if e.exc_type == "InnerError":  # SOT's own wrapper, with no cause to unwrap
        return True
    # SOT simulating a call of a function already converted with to_static(full_graph=True)
    # (a Layer's decorated forward) loses its own binding of ``self``: Paddle's failure, not
    # a dict of the user's
    return (e.exc_type == "KeyError" and "in simulate execution" in e.low
            and bool(re.search(r"keyerror: 'self'\s*$", e.low, re.M)))


# --- the records, in the catalogue's order (hints(), the README table) ----------------------

def _hint(hint_id: str, classifier: Callable[[Seen], bool], example: Tuple[str, str, str]) -> HintRecord:
    return HintRecord(hint_id, classifier, example, f"hints.{hint_id}.title", f"hints.{hint_id}.text")


_SPEC = "x: [None, 4] float32"

HINTS: Dict[str, HintRecord] = {h.id: h for h in (
    _hint("tolist", _tolist,
          ("def f(x):\n    vals = x.tolist()\n    return paddle.to_tensor(vals)\n", _SPEC, "ast")),
    _hint("python-value", _python_value,
          ("def f(x):\n    s = math.sqrt(float(x.abs().sum()))\n    return x / s\n", _SPEC, "ast")),
    _hint("numpy-api", _numpy_api,
          ("def f(x):\n    y = x * 2\n    return y / np.max(y)\n", _SPEC, "ast")),
    _hint("reshape-dynamic-dim", _reshape_dynamic_dim,
          ("def f(x):\n    return x.reshape([-1, 3, 2])\n", _SPEC, "ast")),
    _hint("broadcast", _broadcast,
          ("def f(x):\n    return x - x.max(axis=1)\n", "x: [3, 4] float32", "ast")),
    _hint("shape-dynamic-dim", _shape_dynamic_dim,
          ("def f(x):\n    return paddle.matmul(x, paddle.ones([7, 3]))\n", "x: [None, None] float32",
           "ast")),
    _hint("reshape-size", _reshape_size,
          ("def f(x):\n    return x.reshape([5, 2])\n", "x: [3, 4] float32", "ast")),
    _hint("shape-mismatch", _shape_mismatch,
          ("def f(x):\n    return paddle.matmul(x, paddle.ones([5, 3]))\n", _SPEC, "ast")),
    _hint("dtype-mix", _dtype_mix,
          ("def f(x):\n    a = paddle.argmax(x, axis=1).astype('int32')\n"
           "    return paddle.maximum(a, paddle.argmax(x, axis=1))\n", _SPEC, "ast")),
    _hint("dtype-arg", _dtype_arg,
          ("def f(x):\n    return x.astype('float33')\n", _SPEC, "ast")),
    _hint("reparse-syntax", _reparse_syntax,
          ("class Net(paddle.nn.Layer):\n    def forward(self, x):\n"
           "        note = '''scale\nby two'''\n        return x * 2\n", _SPEC, "ast")),
    _hint("dict-key", _dict_key,
          ("def f(x):\n    d = {'a': x * 2}\n    return d['b']\n", _SPEC, "ast")),
    _hint("dynamic-dim-iter", _dynamic_dim_iter,
          ("def f(x):\n    rows = [a + b for a, b in zip(x, x)]\n"
           "    return paddle.stack(rows)\n", _SPEC, "ast")),
    # an optional argument left at None: both Paddle 2.6 and 3.x refuse it (2.6 converts a
    # variable set in one branch only, filling the other path with a placeholder)
    _hint("none-value", _none_value,
          ("def f(x, bias=None):\n    return x + bias\n", _SPEC, "ast")),
    _hint("return-in-loop", _return_in_loop,
          ("def f(x):\n    while True:\n        return x * 2\n", _SPEC, "ast")),
    _hint("non-tensor-output", _non_tensor_output,
          ("def f(x):\n    return x * 2, 3\n", _SPEC, "ast")),
    _hint("return-mismatch", _return_mismatch,
          ("def f(x):\n    if x.sum() > 0:\n        return 'positive'\n    else:\n        return x\n",
           _SPEC, "ast")),
    # Paddle 2.6 converts it (the path without a return gives None)
    _hint("return-in-branch", _return_in_branch,
          ("def f(x):\n    if x.sum() > 0:\n        return x * 2\n", _SPEC, "ast")),
    _hint("forbidden-call", _forbidden_call,
          ("class Net(paddle.nn.Layer):\n    def __init__(self):\n        super().__init__()\n"
           "        self.fc = paddle.nn.Linear(4, 4)\n\n    def forward(self, x):\n"
           "        self.fc.set_state_dict(self.fc.state_dict())\n        return self.fc(x)\n", _SPEC, "ast")),
    _hint("loop-pred-tensor", _loop_pred_tensor,
          ("def f(x):\n    i = 0\n    while i < 3:\n        i = i + x.sum()\n"
           "    return x * i\n", _SPEC, "ast")),
    _hint("unsupported-syntax", _unsupported_syntax,
          ("async def f(x):\n    return x * 2\n", _SPEC, "ast")),
    _hint("source-unavailable", _source_unavailable,
          ("f = lambda x: x * 2\n", _SPEC, "ast")),
    _hint("several-elements", _several_elements,
          ("def f(x):\n    if bool(x > 0):\n        return x\n    return -x\n", _SPEC, "sot")),
    _hint("shape-one-scalar", _shape_one_scalar,
          ("def f(x):\n    n = x.sum().reshape([1]).astype('int64')\n    for i in range(n):\n"
           "        x = x + 1\n    return x\n", _SPEC, "sot")),
    _hint("undefined-name", _undefined_name,
          ("def f(x):\n    return undefined_name + x\n", _SPEC, "sot")),
    _hint("sot-internal", _sot_internal,
          ("def f(x):\n    n = len(x.sum())\n    return x * n\n", _SPEC, "sot")),
)}

# The order classify() asks the classifiers in: the first that recognises an error names it
# (a more telling cause before a broader one).
MATCH_ORDER: Tuple[str, ...] = (
    "forbidden-call", "tolist", "numpy-api", "source-unavailable", "reparse-syntax", "python-value",
    "non-tensor-output", "none-value", "dict-key", "return-in-loop", "return-mismatch", "return-in-branch",
    "loop-pred-tensor", "dtype-mix", "dtype-arg", "dynamic-dim-iter", "reshape-dynamic-dim", "broadcast",
    "shape-dynamic-dim", "reshape-size", "shape-mismatch", "unsupported-syntax", "several-elements",
    "shape-one-scalar", "undefined-name", "sot-internal",
)

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
    record = HINTS.get(hint_id)
    return t(record.text_key, lang) if record else ""


def hint_title(hint_id: str, lang: Optional[str] = None) -> str:
    """The short title of hint ``hint_id`` in ``lang``; "" when unknown."""
    record = HINTS.get(hint_id)
    return t(record.title_key, lang) if record else ""


def hints(lang: Optional[str] = None) -> List[Hint]:
    """Every known cause with its explanation, fix and a minimal failing example
    (``d2s_lab.hints()``), in ``lang`` (default: the current language)."""
    lang = get_lang(lang)
    return [Hint(h.id, t(h.title_key, lang), t(h.text_key, lang), *h.example) for h in HINTS.values()]


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


def classify(exc_type: str, text: str, code: str = "", specs=None) -> str:
    """The id of the known cause (a key of :data:`HINTS`) of an error, or "".

    ``exc_type`` is the error's class name, ``text`` Paddle's message (a traceback in it
    is ignored: only the messages count), ``code`` the failing source line, ``specs``
    the InputSpecs used.
    """
    message = message_only(text)
    seen = Seen(exc_type, message, message.lower(), code or "", specs)
    for hint_id in MATCH_ORDER:
        if HINTS[hint_id].classifier(seen):
            return hint_id
    return ""
