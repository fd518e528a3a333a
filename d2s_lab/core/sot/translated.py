"""What SOT runs instead of each frame of a run: one :class:`~.model.SotFrame` per code
object it translated (the user's function and each resume function), with the
translated code as Python, its guards, its resume functions and the break that made it.
Also the same frames as a step-through (:func:`frame_step_items`), like ``%d2s_steps``.

(Where code comes from in a call stack, the user's files and cell names, is
:mod:`d2s_lab.core.frames`.)"""
from __future__ import annotations

import dis
import inspect
import linecache
import textwrap
from typing import Dict, List

from d2s_lab.core.frames import is_user_file
from d2s_lab.core.paddle_compat.sot.cache import guard_parts
from d2s_lab.core.sot.model import GraphBreak, SotFrame
from d2s_lab.core.sot.source import translated_source
from d2s_lab.core.sot_text import ident, resumes_called
from d2s_lab.text import t

# A run of a big library model translates many frames; past this many only the user's
# are kept (resume functions included), so the report stays small.
MAX_FRAMES = 40


# Code objects of an expression inside a function (Python 3.11 compiles comprehensions to
# their own): inspect finds their source by searching up for a ``def``, which gives the
# whole enclosing function, numbered from the wrong line.
INNER_CODE = ("<listcomp>", "<dictcomp>", "<setcomp>", "<genexpr>", "<lambda>")


def _source_of(code) -> str:
    if code.co_name in INNER_CODE:
        return _lines_of(code)
    try:
        return inspect.cleandoc("\n" + "".join(inspect.getsourcelines(code)[0])) + "\n"
    except (OSError, TypeError, IndexError):
        return ""


def _lines_of(code) -> str:
    """The lines an inner code object's instructions come from, as written."""
    lines = [n for _, n in dis.findlinestarts(code) if n]
    text = linecache.getlines(code.co_filename)
    if not lines or not text:
        return ""
    first, last = min(lines + [code.co_firstlineno]), max(lines)
    return textwrap.dedent("".join(text[first - 1:last]))


def build_frames(translated, resume_of: Dict[str, int], breaks_by_raw: Dict[int, GraphBreak]) -> List[SotFrame]:
    """``translated``: ``(code, translated code or None, guard_fn)`` as SOT made them, in order.
    ``resume_of``: resume function name -> index of the raw break that made it."""
    frames, seen = [], set()
    user_first = sorted(translated, key=lambda e: not is_user_file(e[0].co_filename))
    for code, new_code, guard_fn in user_first:
        if code in seen or (len(frames) >= MAX_FRAMES and not is_user_file(code.co_filename)):
            continue
        seen.add(code)
        text, decompiled = translated_source(new_code) if new_code is not None else ("", False)
        resumes = [ident(n) for n in resumes_called(getattr(new_code, "co_names", ()))]
        made_by = breaks_by_raw.get(resume_of.get(code.co_name, -1))
        try:
            guards = guard_parts(guard_fn)
        except Exception:  # a guard Paddle could not express as text
            guards = []
        frames.append(SotFrame(
            name=ident(code.co_name), code_name=code.co_name, file=code.co_filename,
            first_line=code.co_firstlineno, original_source=_source_of(code),
            translated_source=text, decompiled=decompiled, guards=guards, resumes=resumes,
            made_by=made_by, dygraph=new_code is None))
    order = {f.name: i for i, f in enumerate(frames)}
    # the user's frame first, each resume after the frame whose code calls it
    frames.sort(key=lambda f: (not is_user_file(f.file), f.is_resume, order[f.name]))
    return frames


def frame_step_items(frames: List[SotFrame]) -> List[tuple]:
    """The frames as a step-through, ``(title, source)`` each: the original function,
    then the code SOT runs for it, then each resume function's, with the break that
    made it (``d2s_lab.steps`` of an SOT conversion)."""
    user = [f for f in frames if is_user_file(f.file)]
    if not user:
        return []
    items = [(None, user[0].original_source)]
    for f in user:
        title = f.name if f.made_by is None else t("sot.step_resume", name=f.name, where=f.made_by.where)
        items.append(("SOT: " + title, f.translated_source or t("sot.frame_dygraph")))
    return items
