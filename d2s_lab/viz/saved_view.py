"""The view of a saved model (``%d2s_show``): summary, graph, files, parameters, ops.

Draws core's ``SavedModel`` (plain data); never imports paddle.
"""
from __future__ import annotations

import os

from ..core.graph import format_shape
from .html import esc, message_box, table, wrap
from .report import op_table_html


def draw(graph, **kw):
    """The graph view (``d2s_lab.viz.graph_view.draw_graph``) when it is available and
    Graphviz can lay the graph out; ``(view, None)`` or ``(None, reason)``."""
    try:
        from .graph_view import draw_graph
    except ImportError:
        return None, "The graph drawing is not available in this version; the op table follows."
    try:
        return draw_graph(graph, **kw), None
    except Exception as exc:  # no dot, or a layout failure: the table still shows
        return None, f"The graph could not be drawn ({type(exc).__name__}: {exc}); the op table follows."


def saved_html(sm, depth: int = 1) -> str:
    g = sm.graph
    parts = [f'<div class="d2s-summary">{esc(sm.summary())}</div>']
    for n in sm.notes:
        parts.append(f'<div class="d2s-note">{esc(n)}</div>')
    view, why = draw(g, depth=depth)
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


def saved_error_html(message: str, hint: str = "") -> str:
    return message_box("error", message, hint)
