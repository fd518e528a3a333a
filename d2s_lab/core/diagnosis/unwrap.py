"""From what was raised to Paddle's own error, its text and the user's frames.

``d2s_lab`` wraps failures in :class:`~d2s_lab.errors.ConversionError`; SOT wraps
the real error in ``InnerError`` with the cause on ``__cause__``; AST mode attaches
``ErrorData`` mapping transformed-code lines to the user's lines, runtime errors name
the user's lines in their text. Reading Paddle's attributes is left to
:mod:`d2s_lab.core.paddle_compat.errors`.
"""
from __future__ import annotations

import traceback
from typing import Any, List, Tuple

from d2s_lab.core.frames import Frame, is_d2s_file, is_user_file, user_frames_in_text
from d2s_lab.core.paddle_compat.errors import unwrap_sot, user_frames_from_error_data
from d2s_lab.errors import ConversionError


def unwrap(exc) -> Tuple[Any, str, Any, List[str]]:
    """(Paddle's exception, stage, conversion, texts of wrappers) from what was raised."""
    stage, conv = "", None
    if isinstance(exc, ConversionError):
        stage, conv = exc.stage, exc.conversion
        if exc.original is not None:
            exc = exc.original
    exc, wrappers = unwrap_sot(exc)
    return exc, stage, conv, [format_error(w) for w in wrappers]


def format_error(exc) -> str:
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


def user_frames_from_traceback(exc, prefer: str, call_breaks=None) -> List[Frame]:
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


def error_frames(err, wrappers: List[str], prefer: str, call_breaks=None) -> Tuple[List[Frame], List[Frame]]:
    """(the user's frames, outermost first; the matching frames of the code Paddle
    generated, when known) of ``err``: from AST mode's ErrorData, else the message text,
    else the traceback, else the wrappers' texts."""
    users, transformed = user_frames_from_error_data(err)
    if not users:
        users = user_frames_in_text(str(err), prefer)
    if not users:
        users = user_frames_from_traceback(err, prefer, call_breaks)
    if not users and any(w for w in wrappers):
        users = user_frames_in_text("\n".join(wrappers), prefer)
    return users, transformed
