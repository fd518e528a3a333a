"""The view of a saved model (``%d2s_show``): summary, graph, files, parameters, ops.

Draws core's ``SavedModel`` (plain data); never imports paddle.
"""
from __future__ import annotations

import os
import shlex

from ..core.shapes import format_shape
from .graph_view import draw_or_reason
from .html import esc, message_box, table, wrap
from .op_table import op_table_html

# The name ``d2s-lab graph`` and the standalone report know it by.
draw = draw_or_reason


def saved_html(sm, depth: int = 1) -> str:
    g = sm.graph
    parts = [f'<div class="d2s-summary">{esc(sm.summary())}</div>']
    for n in sm.notes:
        parts.append(f'<div class="d2s-note">{esc(n)}</div>')
    view, why = draw_or_reason(g, depth=depth)
    if view is not None:
        parts.append(f"<details open><summary>Graph</summary>{view._repr_html_()}</details>")
    elif why:
        parts.append(f'<div class="d2s-note">{esc(why)}</div>')
    files = [[f"<code>{esc(p)}</code>", f"{n:,} bytes"] for p, n in sm.files]
    parts.append("<details><summary>Files</summary>" + table(["file", "size"], files) + "</details>")
    if sm.params:
        rows = [[f"<code>{esc(p.name or '?')}</code>",
                 esc(sm.structured_names.get(p.name, "")),
                 esc(format_shape(p.shape)), esc(p.dtype), f"{p.numel:,}"] for p in sm.params]
        parts.append(f"<details><summary>Parameters ({len(sm.params)})</summary>"
                     '<div class="d2s-scroll">'
                     + table(["name", "structured name", "shape", "dtype", "elements"], rows)
                     + "</div></details>")
    parts.append(f"<details{'' if view is not None else ' open'}><summary>Ops ({g.num_ops()})</summary>"
                 + op_table_html(g) + "</details>")
    return wrap("".join(parts), title=f"Saved model: {os.path.basename(sm.path)}")


def section_saved(conv) -> str:
    """Report section: the files ``conv.save`` wrote, and how to view them."""
    if not conv.saved:
        return ""
    rows = [[f"<code>{esc(p)}</code>", f"{n:,} bytes"] for p, n in conv.saved]
    first = shlex.quote(conv.saved[0][0])
    return ("<details open><summary>Saved with paddle.jit.save</summary>"
            + table(["file", "size"], rows)
            + f'<div class="d2s-sub">View it without running it: <code>%d2s_show {esc(first)}</code></div>'
            + "</details>")


def saved_error_html(message: str, hint: str = "") -> str:
    return message_box("error", message, hint)
