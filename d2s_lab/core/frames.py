"""Where code comes from: call-stack frames, the user's own files, readable file
names (notebook cells as ``cell[3]``), and the gist of an error message.

One home for these rules, used by the program walkers (op source lines), the
error diagnosis, the SOT report and the saved-model reader.  No Paddle imports.
"""
from __future__ import annotations

import functools
import os
import re
import sysconfig
from typing import Dict, Iterator, List, NamedTuple, Optional

# One frame line of a Python traceback or of an op's creation callstack.
FRAME_RE = re.compile(r'File "(?P<file>[^"]+)", line (?P<line>\d+)(?:, in (?P<func>\S+))?')
# The line of an error message that names its type: ``ValueError: ...``.
EXC_LINE_RE = re.compile(r"^\s*(?:[A-Za-z_][\w.]*\.)?([A-Za-z_]\w*(?:Error|Exception|Warning)):\s*(.*)$")

_D2S_DIR = os.path.realpath(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
_D2S_EXAMPLES = os.path.join(_D2S_DIR, "teaching", "examples.py")
_LIB_DIRS = tuple(
    {os.path.realpath(p) for p in (sysconfig.get_paths().get("stdlib"),
                                   sysconfig.get_paths().get("purelib"),
                                   sysconfig.get_paths().get("platlib")) if p}
)
# Library code on another machine (paths inside a saved model's callstacks).
_LIBRARY_MARKS = ("site-packages", "dist-packages", "/lib/python", "\\lib\\", "<frozen")
# Model-zoo code shipped inside packages still counts as the model's own code.
_MODEL_CODE = (os.sep + "paddle" + os.sep + "vision" + os.sep + "models" + os.sep,)
# Frames up to these files started the tracing; the model's code comes after them.
_TRACE_ENTRY = ("program_translator.py", "opcode_executor.py", "function_graph.py")

# Notebook cells' code file names -> the prompt numbers the user sees, filled by the
# notebook glue (a kernel names cells by hash, e.g. /tmp/ipykernel_42/1234.py).
CELL_NUMBERS: Dict[str, int] = {}


class Frame(NamedTuple):
    file: str
    line: int
    function: str = ""
    code: str = ""  # the source line's text, when the callstack carries it
    library: str = ""  # the library the line belongs to ("paddleformers"); "" for the user's code


# Paddle writes each transformed function to ~/.cache/paddle/to_static_tmp/<pid>/<name>XXXXXXXX.py
# (tempfile's 8 random characters): never the user's code, never a name to show.
_TEMP_RE = re.compile(r"""[^\s"'<>]*to_static_tmp[\\/]\d+[\\/](?P<name>[\w.-]*?)\w{8}\.py""")
TEMP_LABEL = "<to_static generated code>"


def is_paddle_temp_file(path: str) -> bool:
    """True for the files Paddle writes the transformed code to."""
    return bool(path) and "to_static_tmp" in path.replace("\\", "/").split("/")


def hide_temp_files(text: str) -> str:
    """``text`` with the paths of Paddle's temporary transformed files replaced by
    :data:`TEMP_LABEL` (their names mean nothing to the user)."""
    return _TEMP_RE.sub(TEMP_LABEL, text or "")


def is_d2s_file(path: str) -> bool:
    """True for d2s_lab's own modules (hidden from the tracebacks users see)."""
    return os.path.abspath(path).startswith(_D2S_DIR + os.sep)


@functools.lru_cache(maxsize=4096)
def is_user_file(path: str) -> bool:
    """True for the model's own code: not Python's, a library's or d2s_lab's.

    Notebook cells (``<d2s-cell-3-...>``, ``<ipython-input-...>``) count as user code.
    Paths that do not exist here (from the machine that saved a model) are judged by
    their text.
    """
    if not path:
        return False
    if path.startswith("<"):
        return not path.startswith("<frozen") and path != TEMP_LABEL
    if is_paddle_temp_file(path):
        return False
    real = os.path.realpath(path)
    if real.startswith(_D2S_DIR + os.sep):
        return real == _D2S_EXAMPLES  # the example models are model code
    if any(m in real for m in _MODEL_CODE):
        return True
    if any(real.startswith(d + os.sep) for d in _LIB_DIRS):
        return False
    if any(m in real.replace("\\", "/").split("/") for m in _SITE_DIRS):
        return False  # another environment's libraries (a second venv, a conda env)
    if not os.path.exists(real):
        return not any(m in path for m in _LIBRARY_MARKS)
    return True


_SITE_DIRS = ("site-packages", "dist-packages")


@functools.lru_cache(maxsize=4096)
def library_of(path: str) -> str:
    """The name of the installed library ``path`` belongs to: its top-level package
    (``paddleformers``; Paddle's parts as ``paddle.nn``, ``paddle.vision``), ``python`` for
    Python's own modules; "" for the user's code, notebook cells and d2s_lab."""
    if not path or path.startswith("<"):
        return "python" if path.startswith("<frozen") else ""
    parts = path.replace("\\", "/").split("/")
    for k in range(len(parts) - 1, -1, -1):
        if parts[k] in _SITE_DIRS:
            inside = [p for p in parts[k + 1:] if p]
            if not inside:
                return ""
            top = inside[0][:-3] if inside[0].endswith(".py") else inside[0]
            if top == "paddle" and len(inside) > 2:
                return "paddle." + inside[1]
            return top
    real = os.path.realpath(path)
    return "python" if any(real.startswith(d + os.sep) for d in _LIB_DIRS) else ""


def is_paddle_library(name: str) -> bool:
    """True for Paddle's own library (``paddle``, ``paddle.nn``): where ops are made, never
    where a model says what to compute."""
    return name == "paddle" or name.startswith("paddle.")


def is_library_model_file(path: str) -> bool:
    """True for a model's code in an installed library other than Paddle itself and
    Python's modules (PaddleFormers' ``modeling.py``): its lines say what the model
    computes, as the user's own lines do."""
    name = library_of(path)
    return bool(name) and name != "python" and not is_paddle_library(name) and name not in _NOT_MODEL_CODE


# Packages whose frames sit in a conversion's traceback without computing anything of
# the model: Paddle's wrappers (``decorator`` on Paddle 2.6), its AST tools, numpy's glue.
_NOT_MODEL_CODE = frozenset({"d2s_lab", "decorator", "gast", "astor", "numpy", "google", "typing_extensions",
                             "depyf", "dill", "six", "wrapt", "IPython", "ipykernel"})


def parse_callstack(lines: List[str]) -> List[Frame]:
    """Frames of a callstack given as text lines (``File "...", line N, in f`` lines,
    each optionally followed by its code line)."""
    frames: List[Frame] = []
    for line in lines or []:
        m = FRAME_RE.search(line)
        if m:
            frames.append(Frame(m.group("file"), int(m.group("line")), (m.group("func") or "").strip()))
        elif frames and not frames[-1].code and line.strip():
            frames[-1] = frames[-1]._replace(code=line.strip())
    return frames


def _traced_frames(lines: List[str]) -> Iterator[Frame]:
    """The frames of an op's creation callstack inside the traced function, innermost
    first, each with its code line: reading stops at Paddle's tracing entry
    (``program_translator`` and SOT's executor), so the place where the conversion was
    started never passes for the op's origin (callstacks are long)."""
    lines = list(lines or [])
    code = ""
    for i in range(len(lines) - 1, -1, -1):
        m = FRAME_RE.search(lines[i])
        if m is None:
            code = lines[i].strip() or code
            continue
        file = m.group("file")
        if file.endswith(_TRACE_ENTRY):
            return
        yield Frame(file, int(m.group("line")), (m.group("func") or "").strip(), code)
        code = ""


def innermost_user_frame(lines: List[str]) -> Optional[Frame]:
    """The innermost user frame of an op's creation callstack (frames up to Paddle's
    tracing entry do not count)."""
    return next((f for f in _traced_frames(lines) if is_user_file(f.file)), None)


def innermost_model_frame(lines: List[str]) -> Optional[Frame]:
    """Where an op comes from, in the model's code: the innermost user frame, or, when a
    library's frame lies inside it (a PaddleFormers ``BertModel`` called from the
    user's forward, or converted itself), that library frame, with ``library`` set.
    Paddle's own frames (``paddle.nn``, where every op is made) never count; frames up
    to the tracing entry are skipped, as :func:`innermost_user_frame` does."""
    for f in _traced_frames(lines):
        if is_user_file(f.file):
            lib = library_of(f.file)
            return f._replace(library=lib if lib and lib != "python" else "")
        if is_library_model_file(f.file):
            return f._replace(library=library_of(f.file))
    return None


def user_frames_in_text(text: str, prefer: str = "") -> List[Frame]:
    """User frames named in an error's text (outermost first); with ``prefer``, only
    frames of that file or of a notebook cell."""
    out = []
    for m in FRAME_RE.finditer(text or ""):
        f = m.group("file")
        if is_user_file(f) and (not prefer or f == prefer or f.startswith("<d2s-cell-")):
            out.append(Frame(f, int(m.group("line")), m.group("func") or ""))
    return out


def display_file(path: str) -> str:
    """A short, readable file name (notebook cells show as ``cell[3]``; Paddle's temporary
    files as :data:`TEMP_LABEL`)."""
    if is_paddle_temp_file(path):
        return TEMP_LABEL
    if path in CELL_NUMBERS:
        return f"cell[{CELL_NUMBERS[path]}]"
    if path.startswith("<d2s-cell-"):
        parts = path.strip("<>").split("-")
        if len(parts) >= 3 and parts[2].isdigit():
            return f"cell[{parts[2]}]"
        return "cell"
    if path.startswith("<ipython-input-"):
        parts = path.strip("<>").split("-")
        return f"cell[{parts[2]}]" if len(parts) > 2 else "cell"
    return path.replace("\\", "/").rsplit("/", 1)[-1]


def where(frame: Optional[Frame]) -> str:
    """``cell[3] line 7``; "" when unknown."""
    if frame is None or not frame.file or not frame.line:
        return ""
    return f"{display_file(frame.file)} line {frame.line}"


_STATUS = re.compile(r"^\((InvalidArgument|PreconditionNotMet|Unimplemented|NotFound|OutOfRange|"
                     r"Fatal|Unavailable|ResourceExhausted)\)\s*")


def error_gist(exc: BaseException, limit: int = 500) -> str:
    """The innermost ``Type: message`` of an error's text, without Paddle's C++
    locations, enforce hints and operator dumps; the type name when there is no text."""
    lines = str(exc).strip().splitlines()
    gist, start = "", None
    for i, line in enumerate(lines):
        m = EXC_LINE_RE.match(line)
        if m:
            gist, start = m.group(2).strip(), i
    if start is not None:
        # the message may continue on the next lines (until a blank line)
        more = []
        for line in lines[start + 1:]:
            if not line.strip() or line.strip().startswith("[") or FRAME_RE.search(line):
                break
            more.append(line.strip())
        if more and len(gist) < 200:
            gist = " ".join([gist] + more[:2])
    if not gist:
        gist = next((ln.strip() for ln in lines
                     if ln.strip() and ln.strip() != "In transformed code:"), "")
    gist = _STATUS.sub("", gist)
    gist = re.sub(r"\s*\(at /paddle/\S+\)", "", gist)
    gist = re.sub(r"\s*\[Hint:.*?\]", "", gist)
    gist = re.sub(r"\s*\[operator <.*$", "", gist)
    # a SyntaxError's "(<unknown>, line 1)" numbers Paddle's re-parsed copy, not the user's file
    gist = re.sub(r"\s*\(<unknown>, line \d+\)", "", gist)
    return gist.strip()[:limit] or type(exc).__name__


def gist_at_line(exc: BaseException) -> str:
    """:func:`error_gist` plus the user's line when the text names one:
    ``shape mismatch ... (at cell[3] line 7)``: the innermost user frame, as the error
    report's box shows it; Paddle's temporary files never named."""
    gist = hide_temp_files(error_gist(exc, limit=400))
    frames = user_frames_in_text(str(exc))
    return f"{gist} (at {where(frames[-1])})" if frames else gist

