"""The view of a saved model (``%d2s_show``): summary, graph, files, parameters, ops.

Draws core's ``SavedModel`` (plain data); never imports paddle.
"""
from __future__ import annotations

import os
import shlex

from d2s_lab.core.graph.shapes import format_shape
from d2s_lab.viz.graph_view import draw_or_reason
from d2s_lab.text import t
from d2s_lab.viz.html import esc, t_html, table, wrap
from d2s_lab.viz import op_table
from d2s_lab.viz.op_table import cut_note, op_table_html

# The name ``d2s-lab graph`` and the standalone report know it by.
draw = draw_or_reason


def saved_html(sm, depth: int = 1, drawn=None) -> str:
    """The whole view of a saved model, with a section per other saved method;
    ``drawn``: the main program's drawing, already made (and its picture twin shown)."""
    parts = [_body(sm, depth, drawn)]
    for method, other in sm.methods.items():
        title = t_html("saved.method", method=f"<code>{esc(method)}</code>",
                       file=esc(os.path.basename(other.path)), n=other.graph.num_ops())
        parts.append(f'<details class="d2s-method"><summary>{title}</summary>{_body(other, depth)}</details>')
    return wrap("".join(parts), title=t("saved.title", name=os.path.basename(sm.path)))


def _body(sm, depth, drawn=None) -> str:
    g = sm.graph
    parts = [f'<div class="d2s-summary">{esc(sm.summary())}</div>']
    for n in sm.notes:
        parts.append(f'<div class="d2s-note">{esc(n)}</div>')
    view, why = (drawn, None) if drawn is not None else draw_or_reason(g, depth=depth)
    if view is not None:
        parts.append(f"<details open><summary>{esc(t('saved.graph'))}</summary>{view._repr_html_()}</details>")
    elif why:
        parts.append(f'<div class="d2s-note">{esc(why)}</div>')
    files = [[f"<code>{esc(p)}</code>", esc(t("saved.bytes", n=f"{n:,}"))] for p, n in sm.files]
    parts.append(f"<details><summary>{esc(t('saved.files'))}</summary>"
                 + table([t("saved.col_file"), t("saved.col_size")], files) + "</details>")
    if sm.params:
        rows = [[f"<code>{esc(p.name or '?')}</code>",
                 esc(sm.structured_names.get(p.name, "")),
                 esc(format_shape(p.shape)), esc(p.dtype), f"{p.numel:,}"]
                for p in sm.params[:op_table.MAX_TABLE_ROWS]]
        parts.append(f"<details><summary>{esc(t('saved.parameters', n=len(sm.params)))}</summary>"
                     '<div class="d2s-scroll">'
                     + table([t("saved.col_name"), t("saved.col_structured"), t("saved.col_shape"),
                              t("saved.col_dtype"), t("saved.col_elements")], rows)
                     + "</div>" + cut_note(len(rows), len(sm.params), t("report.unit_params"))
                     + "</details>")
    parts.append(f"<details{'' if view is not None else ' open'}><summary>{esc(t('saved.ops', n=g.num_ops()))}</summary>"
                 + op_table_html(g) + "</details>")
    if sm.methods:
        names = ", ".join(sm.methods)
        parts.append(f'<div class="d2s-note">{esc(t("saved.also_saved", names=names))}</div>')
    return "".join(parts)


def section_saved(conv) -> str:
    """Report section: the files ``conv.save`` wrote, and how to view them."""
    if not conv.saved:
        return ""
    rows = [[f"<code>{esc(p)}</code>", esc(t("saved.bytes", n=f"{n:,}"))] for p, n in conv.saved]
    first = shlex.quote(conv.saved[0][0])
    command = f"<code>%d2s_show {esc(first)}</code>"
    return (f"<details open><summary>{esc(t('saved.saved_with'))}</summary>"
            + table([t("saved.col_file"), t("saved.col_size")], rows)
            + f'<div class="d2s-sub">{t_html("saved.view_it", command=command)}</div>'
            + "</details>")
