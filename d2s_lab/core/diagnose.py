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

import linecache
import re
import traceback
from dataclasses import dataclass, field
from typing import Any, List, Optional, Tuple

from . import display
from .errors import ConversionError
from .frames import Frame, display_file, error_gist, is_d2s_file, is_user_file, user_frames_in_text
from .nested import flatten
from .paddle_compat.errors import unwrap_sot, user_frames_from_error_data
from .paddle_compat.targets import code_of
from .shapes import is_dynamic

CONTEXT = 2  # lines shown before and after the failing line


@dataclass
class CodeLine:
    """One numbered source line; ``is_error`` marks the failing one."""

    number: int
    text: str
    is_error: bool = False


@dataclass
class ErrorReport:
    """A failed conversion, explained.

    ``line`` is numbered as the notebook cell (or the file) shows it;
    ``context`` holds a few numbered lines around it; ``transformed`` the
    matching lines of the code Paddle generated, when they are known;
    ``hint_id``/``hint`` name a known cause and what to do; ``original_text``
    is Paddle's full text, traceback included.
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

    @property
    def where(self) -> str:
        """``cell[3] line 7`` (or ``model.py line 12``); "" when unknown."""
        if self.line is None or not self.file:
            return ""
        return f"{display_file(self.file)} line {self.line}"

    def __str__(self) -> str:
        parts = [f"{self.exc_type}: {self.message}"]
        if self.where:
            parts.append(f"  at {self.where}: {self.code.strip()}")
        if self.hint:
            parts.append(f"  hint [{self.hint_id}]: {self.hint}")
        return "\n".join(parts)

    def _repr_html_(self) -> str:
        return display.html(self)


# Known causes: id -> what to do. Matched in order by classify().
HINTS = {
    "tolist": (
        "`Tensor.tolist()` needs the tensor's values, which do not exist while Paddle builds "
        "the static program. Keep the data a Tensor (index it, use paddle ops on it), or do the "
        "Python-side work outside forward."
    ),
    "python-value": (
        "A Tensor is turned into a Python value inside forward (`.numpy()`, `.item()`, "
        "`float(t)`, `int(t)`, `bool(t)`). In static mode the tensor has no value while the "
        "program is built, so Python cannot branch on it, index a list with it or format it. "
        "Keep it a Tensor: compare tensors directly in `if`/`while` (to_static turns those into "
        "graph control flow), use `paddle.where`/`paddle.gather` instead of list indexing, and "
        "guard logging with `if paddle.in_dynamic_mode():`."
    ),
    "numpy-api": (
        "A NumPy function is called on a Tensor inside forward. Static mode passes symbolic "
        "values that NumPy cannot compute with; use the paddle equivalent (paddle.abs, "
        "paddle.sum, ...)."
    ),
    "reshape-dynamic-dim": (
        "A reshape target does not fit the real input. With a None (dynamic) dimension in the "
        "InputSpec, Paddle cannot check the arithmetic while converting, so it fails on the "
        "first run with the real shape. Build the target from the actual shape "
        "(`paddle.shape(x)` or `x.shape` inside forward) and keep at most one -1, or make "
        "the InputSpec match what the model really accepts."
    ),
    "shape-mismatch": (
        "Two shapes do not agree. In static mode dynamic dims are -1 (None in the InputSpec) "
        "while converting; check the InputSpec against the shapes the model really gets, and "
        "compute sizes from `x.shape` inside forward instead of hard-coding them."
    ),
    "non-tensor-output": (
        "forward returns something that is not a Tensor. A static program can only return "
        "Tensors; other values are frozen at what the first trace saw. Return Tensors (wrap "
        "numbers with paddle.to_tensor, or compute them with paddle ops)."
    ),
    "return-in-branch": (
        "A `return` (or a variable) exists in only one branch of an `if` on a Tensor, or "
        "inside a loop. Static control flow needs both branches to produce the same things: "
        "assign the result to a variable in every branch and return once, after the `if`."
    ),
    "unsupported-syntax": (
        "This Python construct is not supported by the AST converter. Rewrite it with plain "
        "statements (if/for/while over tensors, no generators), or try --mode sot, which "
        "falls back to Python for what it cannot convert."
    ),
    "source-unavailable": (
        "Paddle converts a function by reading its source text, and could not read it "
        "(a lambda, a function built with exec/eval, or code whose file is gone). Define the "
        "model with `def`/`class` in a notebook cell or a .py file."
    ),
    "sot-internal": (
        "Paddle's bytecode translator (SOT) failed inside its own machinery. Try --mode ast, "
        "or look at the full traceback for the line of your code involved."
    ),
}


def classify(exc_type: str, text: str, code: str = "", specs=None) -> str:
    """The id of the known cause (a key of :data:`HINTS`) of an error, or "".

    ``exc_type`` is the error's class name, ``text`` Paddle's message (traceback
    included), ``code`` the failing source line, ``specs`` the InputSpecs used.
    """
    t = text
    low = t.lower()
    c = code or ""
    if "'tolist'" in t or ".tolist(" in c:
        return "tolist"
    if "called numpy api" in low:
        return "numpy-api"
    if ("could not get source code" in low or "source code not available" in low
            or "could not find class definition" in low or "lambda" in c and exc_type == "IndexError"
            or "module, class, method, function, traceback, frame, or code object" in low):
        return "source-unavailable"
    if (re.search(r"\b(float|int|bool|complex)\(Tensor\)", t) or ".item()" in c or ".numpy()" in c
            or re.search(r"\b(float|int)\(", c) and "Value" in t
            or re.search(r"indices must be integers.*Value", t)):
        return "python-value"
    if "non-tensor" in low or "not a tensor" in low and "output" in low:
        return "non-tensor-output"
    if ("different return type" in low or "unbound local" in low or "undefinedvar" in low
            or "return_value" in low and "cond" in low):
        return "return-in-branch"
    if "reshape" in low and ("shape" in low):
        if _has_dynamic_dim(specs):
            return "reshape-dynamic-dim"
        return "shape-mismatch"
    if ("shape" in low or "dimension" in low) and ("mismatch" in low or "should be equal" in low
                                                   or "not match" in low or "must be equal" in low):
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


def _user_frames_from_traceback(exc, prefer: str) -> List[Frame]:
    out = []
    tb = getattr(exc, "__traceback__", None)
    for fr in traceback.extract_tb(tb) if tb is not None else []:
        if is_user_file(fr.filename) and (not prefer or fr.filename == prefer
                                          or fr.filename.startswith("<d2s-cell-")):
            out.append(Frame(fr.filename, fr.lineno, fr.name))
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

    ``exc`` is a :class:`~d2s_lab.core.errors.ConversionError` (from
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
        message=error_gist(err),
        stage=stage,
        mode=conversion.mode if conversion is not None else "",
        name=conversion.name if conversion is not None else "",
    )
    rep.original_text = "\n".join(wrappers + [_format(err)]).strip()

    users, transformed = user_frames_from_error_data(err)
    if not users:
        users = user_frames_in_text(text, prefer)
    if not users:
        users = _user_frames_from_traceback(err, prefer)
    if not users and any(w for w in wrappers):
        users = user_frames_in_text("\n".join(wrappers), prefer)
    loc = users[-1] if users else None
    if loc is None and ("source" in text.lower() or isinstance(err, (OSError, IndexError))):
        loc = _target_location(conversion)
    if loc is not None:
        rep.file, rep.line, rep.function = loc[0], int(loc[1]), loc[2]
        rep.context = _context(rep.file, rep.line)
        rep.code = next((c.text for c in rep.context if c.is_error), "")
    if transformed:
        tfile, tline = transformed[-1].file, transformed[-1].line
        rep.transformed_file = tfile
        rep.transformed = _context(tfile, tline, around=1)
    specs = conversion.input_specs if conversion is not None else None
    rep.hint_id = classify(rep.exc_type, text + "\n" + "\n".join(wrappers), rep.code, specs)
    rep.hint = HINTS.get(rep.hint_id, "")
    return rep


def attach_line(report: ErrorReport, filename: str, line: int) -> None:
    """Point ``report`` at ``filename`` line ``line`` (with its context), when the error
    itself names no user line (e.g. a run stopped from outside)."""
    report.file, report.line = filename, int(line)
    report.context = _context(filename, report.line)
    report.code = next((c.text for c in report.context if c.is_error), "")
