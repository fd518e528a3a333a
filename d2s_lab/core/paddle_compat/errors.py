"""What Paddle attaches to the errors it raises while converting.

* AST mode keeps the exception's type but rewrites its message and puts an
  ``ErrorData`` on the attribute named ``paddle.jit.dy2static.error.ERROR_DATA``,
  whose ``origin_info_map`` maps transformed-code lines to the user's lines.
* SOT wraps the real error in ``InnerError`` (``paddle.jit.sot.utils.exceptions``),
  with the cause on ``__cause__``; Paddle 2.6's SOT raises plain errors.
"""
from __future__ import annotations

from typing import List, Tuple

from d2s_lab.core.frames import Frame


def _error_data_attr():
    try:
        from paddle.jit.dy2static.error import ERROR_DATA
    except Exception:  # a build without dy2static's error module: no structured data
        return None
    return ERROR_DATA


def user_frames_from_error_data(exc) -> Tuple[List[Frame], List[Frame]]:
    """User frames (outermost first) from AST mode's ErrorData, and the matching frames
    of the transformed code; two empty lists when there is no such data."""
    attr = _error_data_attr()
    data = getattr(exc, attr, None) if attr else None
    if data is None or getattr(data, "in_runtime", False):
        return [], []
    users, transformed, unmapped = [], [], []
    info_map = getattr(data, "origin_info_map", None) or {}
    for fr in getattr(data, "origin_traceback", None) or []:
        try:
            filename, lineno = fr[0], fr[1]
        except Exception:
            continue
        info = info_map.get((filename, lineno))
        if info is None:
            unmapped.append((filename, int(lineno)))
            continue
        loc = info.location
        users.append(Frame(loc.filepath, int(loc.lineno), getattr(info, "function_name", "")))
        transformed.append(Frame(filename, int(lineno)))
    if not users and unmapped:
        # the innermost line is one Paddle generated with no origin (e.g. its break-into-
        # loop-condition rewrite): take the nearest mapped line above it in the same file
        for filename, lineno in reversed(unmapped):
            near = [k for k in info_map if k[0] == filename and k[1] <= lineno]
            if near:
                loc = info_map[max(near, key=lambda k: k[1])].location
                users.append(Frame(loc.filepath, int(loc.lineno), ""))
                transformed.append(Frame(filename, lineno))
                break
    return users, transformed


def is_sot_wrapper(exc) -> bool:
    """True for SOT's ``InnerError`` wrapper (the user's error is on ``__cause__``)."""
    return type(exc).__name__ == "InnerError"


def unwrap_sot(exc) -> Tuple[BaseException, List[BaseException]]:
    """The error inside SOT's wrappers, and the wrappers themselves (outermost first)."""
    wrappers, seen = [], set()
    while is_sot_wrapper(exc) and exc.__cause__ is not None and id(exc) not in seen:
        seen.add(id(exc))
        wrappers.append(exc)
        exc = exc.__cause__
    return exc, wrappers


def original_location(filename: str, line: int):
    """The user's ``(file, line)`` behind a line of the code Paddle's AST transformers
    wrote (``to_static_tmp/...``), from dy2static's global origin map; None if unmapped."""
    try:
        from paddle.jit.dy2static.origin_info import global_origin_info_map
    except Exception:  # a build without it: the line stays unmapped
        return None
    info = global_origin_info_map.get((filename, line))
    if info is None:
        return None
    return info.location.filepath, int(info.location.lineno)
