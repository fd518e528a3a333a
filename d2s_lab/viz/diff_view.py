"""The view of a :class:`~d2s_lab.core.diff.GraphDiff` (``%d2s_diff``, ``d2s_lab.diff``):
the counts, a table of the ops that differ, both graphs side by side with the
differences coloured (added green, removed red, changed amber), and both sources.

Colours that carry meaning are inline styles, and every row says its status in
words too: JupyterLab strips ``<style>`` and ``<svg>`` from untrusted notebooks,
and the table and counts must still read there.  Never imports paddle.
"""
from __future__ import annotations

from typing import Dict, Optional, Tuple

from d2s_lab.core.graph.model import Graph
from d2s_lab.core.graph.ops import is_const_op
from d2s_lab.core.graph.shapes import shape_and_dtype
from d2s_lab.viz.graph_view import GraphView, draw_or_reason
from d2s_lab.text import t
from d2s_lab.viz.html import esc, t_html, wrap
from d2s_lab.viz.op_table import MAX_TABLE_BYTES, cut_note, rows_within
from d2s_lab.viz.palette import (ADDED_BG, BORDER, CHANGED_BG, FAIL_COLOR, MIXED_MARK_COLOR, MUTED, PANEL_BG, PASS_COLOR,
                                 REMOVED_BG)
from d2s_lab.viz.source_view import side_by_side_html

# Programs with more ops are not drawn in a diff: two drawings side by side of programs
# this long are not read, and laying them out (before dot is cut at the budget) takes
# seconds each; the table lists what differs.
MAX_DRAWN_OPS = 20_000
# What the table of differing ops may take in a cell (a 24-layer LLM's inference diff lists
# hundreds of fused ops); past it, every row is one call away (GraphDiff.table()).
DIFF_TABLE_BYTES = 60_000

# status -> (border/text colour, row background, label key). Changed is the colour a
# collapsed layer gets when its ops differ in several ways: such a layer changed.
STATUS_STYLE: Dict[str, Tuple[str, str, str]] = {
    "added": (PASS_COLOR, ADDED_BG, "diff.added"),
    "removed": (FAIL_COLOR, REMOVED_BG, "diff.removed"),
    "changed": (MIXED_MARK_COLOR, CHANGED_BG, "diff.changed"),
}


def _badge(status: str, text: str) -> str:
    color, bg, _ = STATUS_STYLE[status]
    return (f'<span style="background:{bg};color:{color};border:1px solid {color};'
            f'border-radius:4px;padding:0 6px;margin-right:6px;font-weight:600">{esc(text)}</span>')


def counts_html(d) -> str:
    """The counts as coloured badges (inline styles) with the totals in words."""
    c = d.counts()
    parts = [_badge("added", t("diff.n_added", n=c["added"])), _badge("removed", t("diff.n_removed", n=c["removed"])),
             _badge("changed", t("diff.n_changed", n=c["changed"])),
             "<span>" + esc(t("diff.totals", same=c["same"], a_ops=d.a.num_ops(), a=d.a_name, b_ops=d.b.num_ops(),
                              b=d.b_name)) + "</span>"]
    if d.moved:  # same ops run by another kernel library (pd_op -> onednn_op)
        parts.append(f' <span class="d2s-moved">({esc(t("diff.n_moved", n=len(d.moved), to=d.moved_to()))})</span>')
    return (f'<div class="d2s-summary" style="border:1px solid {BORDER};border-radius:6px;'
            f'padding:6px 10px;margin:4px 0">{"".join(parts)}</div>')


def _out_text(graph: Graph, op) -> str:
    if op is None:
        return "—"
    texts = [shape_and_dtype(graph.values[v].shape, graph.values[v].dtype)
             for v in op.outputs[:2] if v in graph.values]
    more = " …" if len(op.outputs) > 2 else ""
    return ", ".join(texts) + more if texts else "—"


_CELL = f"border:1px solid {BORDER};padding:2px 6px;text-align:left;vertical-align:top"


def _row(d, e) -> str:
    color, bg, label_key = STATUS_STYLE[e.status]
    label = t(label_key)
    op = e.op
    name = op.short_name
    if e.a is not None and e.b is not None and e.a.short_name != e.b.short_name:
        name = f"{e.a.short_name} → {e.b.short_name}"
    what = e.describe(d.a_name, d.b_name)
    cells = [
        f'<td style="{_CELL};color:{color};font-weight:600;white-space:nowrap">{esc(label)}</td>',
        f'<td style="{_CELL}"><code>{esc(name)}</code></td>',
        f'<td style="{_CELL}">{esc(op.layer) or "—"}</td>',
        f'<td style="{_CELL}">{esc(_out_text(d.a, e.a))}</td>',
        f'<td style="{_CELL}">{esc(_out_text(d.b, e.b))}</td>',
        f'<td style="{_CELL}">{esc(what)}</td>',
    ]
    return f'<tr class="d2s-diff-{e.status}" style="background:{bg}">{"".join(cells)}</tr>'


def diff_table_html(d, budget: int = MAX_TABLE_BYTES, call: str = "") -> str:
    """One row per op that differs, in program order, at most ``MAX_TABLE_ROWS`` rows
    and ``budget`` bytes (:mod:`d2s_lab.viz.op_table`); where a cell's ``budget`` cut it,
    the note says how to list every row (``call``, e.g. ``_d2s_diff.table()``)."""
    differing = [e for e in d.entries if e.status != "same"]
    if not differing:
        return f'<div class="d2s-note" style="padding:6px 10px">{esc(t("diff.no_differences"))}</div>'
    heads = ["", t("diff.col_op"), t("diff.col_layer"), t("diff.col_out_in", name=d.a_name),
             t("diff.col_out_in", name=d.b_name), t("diff.col_what")]
    th = "".join(f'<th style="{_CELL};background:{PANEL_BG}">{esc(h)}</th>' for h in heads)
    rows, shown = rows_within(differing, lambda e: _row(d, e), budget)
    if shown < len(differing) and budget < MAX_TABLE_BYTES:
        note = '<div class="d2s-note">{}</div>'.format(t_html(
            "diff.table_paged", shown=f"{shown:,}", total=f"{len(differing):,}",
            call=f"<code>{esc(call or t('diff.table_call'))}</code>"))
    else:
        note = cut_note(shown, len(differing), t("report.unit_differing_ops"))
    return ('<div class="d2s-scroll" style="max-height:420px;overflow:auto">'
            f'<table class="d2s-ops d2s-difftable" style="border-collapse:collapse;font-size:12px">'
            f"<thead><tr>{th}</tr></thead><tbody>{rows}</tbody></table></div>" + note)


class DiffTable:
    """Every op that differs between the two programs of a GraphDiff, as a table that
    displays in a notebook."""

    def __init__(self, d):
        self.diff = d

    def _repr_html_(self) -> str:
        return wrap(diff_table_html(self.diff), title=t("diff.title", a=self.diff.a_name, b=self.diff.b_name))


def _folded(op, view) -> bool:
    return ((op.category == "parameter" and not view.params)
            or (is_const_op(op.name) and not view.constants))


def graph_marks(graph: Graph, status: Dict[int, str], view) -> Dict[int, str]:
    """Op id -> mark colour for one side.  A parameter or constant folded into its
    consumers' labels is not drawn: the consumers carry its mark (as changed)."""
    marks = {oid: STATUS_STYLE[s][0] for oid, s in status.items()}
    folded = {op.id for op in graph.iter_ops() if op.id in status and _folded(op, view)}
    if folded:
        produced = {vid for op in graph.iter_ops() if op.id in folded for vid in op.outputs}
        for op in graph.iter_ops():
            if op.id not in marks and produced.intersection(op.inputs):
                marks[op.id] = STATUS_STYLE["changed"][0]
    return marks


def diff_views(d) -> Tuple[Tuple[Optional[GraphView], str], Tuple[Optional[GraphView], str]]:
    """Both graphs drawn with the differences coloured: ``((view_a, why), (view_b, why))``;
    a view is None (with the reason) where a graph cannot be drawn."""
    out = []
    for side, graph, name in (("a", d.a, d.a_name), ("b", d.b, d.b_name)):
        if graph.num_ops() > MAX_DRAWN_OPS:  # preparing the drawing alone takes seconds
            out.append((None, t("diff.too_big_to_draw", n=f"{graph.num_ops():,}",
                                limit=f"{MAX_DRAWN_OPS:,}")))
            continue
        view, why = draw_or_reason(graph, depth=d.view.depth, params=d.view.params,
                                   constants=d.view.constants, rankdir=d.view.rankdir,
                                   budget=d.view.budget, title=name,
                                   marks=graph_marks(graph, d.status_of(side), d.view))
        out.append((view, why or ""))
    return out[0], out[1]


def legend_html() -> str:
    items = "".join(
        f'<span style="display:inline-flex;align-items:center;gap:3px;margin-right:10px">'
        f'<span style="display:inline-block;width:14px;height:10px;border:2px solid {c};'
        f'background:{bg}"></span>{esc(t(key)[2:])}</span>'
        for c, bg, key in STATUS_STYLE.values())
    return (f'<div style="font-size:12px;margin:2px 0">{items}'
            f'<span style="color:{MUTED}">{esc(t("diff.legend_layer"))}</span></div>')


def graphs_html(d) -> str:
    """The two drawings side by side (they wrap under each other when narrow)."""
    cols = []
    for view, why in diff_views(d):
        body = view._repr_html_() if view is not None else f'<div class="d2s-note">{esc(why)}</div>'
        cols.append(f'<div style="flex:1 1 420px;min-width:0">{body}</div>')
    return (legend_html() + '<div style="display:flex;gap:10px;flex-wrap:wrap;'
            f'align-items:flex-start">{"".join(cols)}</div>')


def sources_html(d) -> str:
    """The two original sources side by side, when both are known ('' otherwise)."""
    if not d.a_source or not d.b_source:
        return ""
    same = d.a_source == d.b_source
    body = side_by_side_html(d.a_source, d.b_source, left_title=d.a_name, right_title=d.b_name,
                             first_line=d.a_first_line, right_first_line=d.b_first_line)
    label = t("diff.sources_same") if same else t("diff.sources")
    return f"<details{'' if same else ' open'}><summary>{esc(label)}</summary>{body}</details>"


def diff_html(d, var: str = "") -> str:
    """The whole view of a GraphDiff as a self-contained HTML fragment, sized for a cell:
    the table of differing ops within :data:`DIFF_TABLE_BYTES` (``var``: the name the
    diff is kept under, for the line that lists every row)."""
    notes = "".join(f'<div class="d2s-note">{esc(n)}</div>' for n in d.notes)
    rewritten = d.rewrites_text() if d.added and d.removed else ""
    if rewritten:  # runs of ops replaced by others: what a pass did, in one line
        notes = f'<div class="d2s-note"><b>{esc(t("diff.rewrites_label"))}</b> {esc(rewritten)}</div>' + notes
    differing = sum(1 for e in d.entries if e.status != "same")
    parts = [
        counts_html(d), notes,
        f"<details open><summary>{esc(t('diff.ops_differ', n=differing))}</summary>{diff_table_html(d, DIFF_TABLE_BYTES, f'{var}.table()' if var else '')}</details>",
        f"<details open><summary>{esc(t('diff.graphs', depth=d.view.depth))}</summary>{graphs_html(d)}</details>",
        sources_html(d),
    ]
    return wrap("".join(parts), title=t("diff.title", a=d.a_name, b=d.b_name))


__all__ = ["DIFF_TABLE_BYTES", "DiffTable", "MAX_DRAWN_OPS", "STATUS_STYLE", "counts_html", "diff_html", "diff_table_html", "diff_views",
           "graph_marks", "graphs_html", "legend_html", "sources_html"]
