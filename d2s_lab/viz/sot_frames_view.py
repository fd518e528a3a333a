"""Inside SOT, as HTML: for each frame SOT translated, the code it runs instead beside
the original, its guards and its resume functions; and each subgraph's own code.
Everything is collapsed by default and folded past its budget, with the one call that
shows the rest. (A conversion's later calls: :mod:`d2s_lab.viz.calls_view`.)"""
from __future__ import annotations

from typing import List, Optional

from d2s_lab.core.frames import is_user_file
from d2s_lab.core.sot.guards import grouped
from d2s_lab.text import t
from d2s_lab.viz.breaks_view import break_id_html
from d2s_lab.viz.html import esc, highlight_python, report_var, t_html
from d2s_lab.viz.source_view import side_by_side_html

# A frame's code past this many lines is folded (the rest is one call away); at most
# MAX_FRAMES_SHOWN frames are shown, the user's first.
MAX_CODE_LINES = 60
MAX_FRAMES_SHOWN = 8
MAX_SUBGRAPH_CODE = 8_000
# A frame's guards past this many bytes (grouped, readable) are one call away.
MAX_GUARDS_BYTES = 12_000


def _fold(text: str, how: str, limit: int = MAX_CODE_LINES) -> tuple:
    lines = text.splitlines()
    if len(lines) <= limit:
        return text, ""
    note = f'<div class="d2s-sub">{t_html("sot.frame_folded", n=len(lines) - limit, how="<code>" + esc(how) + "</code>")}</div>'
    return "\n".join(lines[:limit]) + "\n", note


def _which(indices: List[str]) -> str:
    """``0–7`` for the consecutive items of a layer list, else the first few."""
    if all(i.isdigit() for i in indices):
        nums = sorted({int(i) for i in indices})
        if len(nums) > 2 and nums == list(range(nums[0], nums[-1] + 1)):
            return f"{nums[0]}–{nums[-1]}"
    seen = list(dict.fromkeys(indices))
    return ", ".join(seen[:6]) + (", …" if len(seen) > 6 else "")


def _guards_html(guards: List[str], how: str) -> str:
    """The guards readable and grouped (:func:`~d2s_lab.core.sot.guards.grouped`), within
    :data:`MAX_GUARDS_BYTES`; the rest one call away."""
    items, size, told = [], 0, 0
    for g in grouped(guards):
        if g.count > 1:
            times = t("sot.guard_times", n=g.count, which=_which(g.indices)) if g.indices \
                else t("sot.guard_repeated", n=g.count)
            item = f'<li><code>{esc(g.text)}</code> <span class="d2s-sub">{esc(times)}</span></li>'
        else:
            item = f"<li><code>{esc(g.text)}</code></li>"
        if size + len(item) > MAX_GUARDS_BYTES and items:
            break
        items.append(item)
        size += len(item)
        told += g.count
    more = ""
    if told < len(guards):
        more = f'<div class="d2s-sub">{t_html("sot.guards_more", n=len(guards) - told, how="<code>" + esc(how) + "</code>")}</div>'
    return '<ul class="d2s-guards">' + "".join(items) + "</ul>" + more


def _frame_html(frame, index: int, var: str, lines=()) -> str:
    bits = [f"<b>{esc(frame.name)}</b>"]
    if frame.made_by is not None and frame.made_by.where:
        made_by = esc(t("sot.frame_made_by", where=frame.made_by.where))
        link = break_id_html(frame.made_by)
        bits.append(f"{made_by} {link}" if link else made_by)
    if frame.resumes:
        bits.append(esc(t("sot.frame_calls", names=", ".join(frame.resumes))))
    bits.append(esc(t("sot.frame_guards", n=len(frame.guards))))
    text, note = _fold(frame.translated_source or t("sot.frame_dygraph"),
                       f"print({var}.sot.frames[{index}].translated_source)")
    right = t("sot.frame_translated") + ("" if frame.decompiled or frame.dygraph else " · " + t("sot.frame_listing"))
    if frame.made_by is None and frame.original_source and is_user_file(frame.file):
        code = side_by_side_html(frame.original_source, text, left_title=t("sot.frame_original"),
                                 right_title=right, first_line=frame.first_line, style=False, colours=False,
                                 linked_lines=lines)
    else:
        code = f'<div class="d2s-sub">{esc(right)}</div>' + highlight_python(text)
    guards = _guards_html(frame.guards, f"print(*{var}.sot.frames[{index}].guards, sep='\\n')") if frame.guards \
        else f'<div class="d2s-sub">{esc(t("sot.frame_no_guards"))}</div>'
    return (f"<details><summary>{' · '.join(bits)}</summary>{code}{note}"
            f"<div><b>{esc(t('sot.frame_guards', n=len(frame.guards)))}</b></div>{guards}</details>")


def frames_html(report, var: Optional[str] = None, lines=()) -> str:
    """The report's "Inside SOT" part ("" when SOT translated no frame); the user's
    ``lines`` that made subgraph ops are linked to those ops' drawings."""
    frames = list(report.frames or [])
    if not frames:
        return ""
    var = var or report_var()
    shown = frames[:MAX_FRAMES_SHOWN]
    parts = [f'<div class="d2s-sub">{esc(t("sot.frames_intro"))}</div>']
    parts += [_frame_html(f, i, var, lines) for i, f in enumerate(shown)]
    if len(frames) > len(shown):
        how = f"{var}.sot.frames[{len(shown)}:]"
        parts.append(f'<div class="d2s-sub">{t_html("sot.frames_more", n=len(frames) - len(shown), how="<code>" + esc(how) + "</code>")}</div>')
    return (f"<details><summary>{esc(t('sot.frames_title', n=len(frames)))}</summary>"
            + "".join(parts) + "</details>")


def subgraph_code_html(sub, index: int, var: Optional[str] = None, room: int = 2 * MAX_SUBGRAPH_CODE) -> str:
    """One click away: the subgraph as runnable Python (what ``SOT_EXPORT`` writes);
    where the cell has no ``room`` left for it, the line that prints it."""
    var = var or report_var()
    how = f"print({var}.sot.subgraphs[{index}].code)"
    if room < 2 * MAX_SUBGRAPH_CODE:
        return f'<div class="d2s-sub">{esc(t("sot.subgraph_code", name=sub.name))}: <code>{esc(how)}</code></div>'
    code = sub.exported  # why Paddle could not export it is said once, under the subgraphs
    if not code:
        return ""
    # the file SOT_EXPORT writes ends in a unittest harness: the subgraph is what comes before it
    code = code.split("\nclass TestLayer(", 1)[0].rstrip() + "\n"
    note = ""
    if len(code) > MAX_SUBGRAPH_CODE:
        cut = code[:MAX_SUBGRAPH_CODE].rsplit("\n", 1)[0] + "\n"
        note = (f'<div class="d2s-sub">{t_html("sot.frame_folded", n=code.count(chr(10)) - cut.count(chr(10)), how="<code>" + esc(how) + "</code>")}</div>')
        code = cut
    return (f"<details><summary>{esc(t('sot.subgraph_code', name=sub.name))}</summary>"
            f"{highlight_python(code)}{note}</details>")

