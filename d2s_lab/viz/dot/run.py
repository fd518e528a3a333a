"""How the drawing of a default-path (SOT) run differs from a Program's: the subgraph
clusters titled by what Paddle does with them (a static program, or dygraph for being
smaller than ``MIN_GRAPH_SIZE``: dashed and grey), one node per graph break, fallback or
skipped frame, and the edges that hand tensors from one part to the next, dashed: SOT
does not record which tensor they carry (see :mod:`d2s_lab.core.sot.run_graph`)."""
from __future__ import annotations

from typing import Optional

from d2s_lab.core.graph.model import Op
from d2s_lab.core.sot.run_graph import RunGraph, RunPart
from d2s_lab.text import t
from d2s_lab.viz.dot.drawing import Drawing, Node
from d2s_lab.viz.dot.escape import dot_str, html_text
from d2s_lab.viz.dot.labels import clip
from d2s_lab.viz.palette import (SOT_BREAK_COLOR, SOT_DYGRAPH_COLOR, SOT_FALLBACK_COLOR, SOT_HANDED_COLOR,
                                 SOT_STATIC_COLOR, tint)


def part_title(part: RunPart) -> str:
    if part.runs_static:
        return t("rundraw.cluster_static", name=part.key, n=part.num_ops)
    return t("rundraw.cluster_dygraph", name=part.key, n=part.num_ops, min=part.min_graph_size)


def cluster_attrs(part: RunPart) -> str:
    """A subgraph's cluster: solid for a static program, dashed and grey in dygraph."""
    color = SOT_STATIC_COLOR if part.runs_static else SOT_DYGRAPH_COLOR
    style = "rounded,bold" if part.runs_static else "dashed,rounded"
    cls = "d2s-cluster d2s-sot-part" + ("" if part.runs_static else " d2s-sot-dygraph")
    return (f'id={dot_str("d2s-cluster-" + part.key)} class="{cls}" label=<{html_text(part_title(part))}> '
            f'labeljust=l style="{style}" color="{tint(color, 0.2)}" fontcolor="{color}" fontsize=9')


def collapsed_extra(part: RunPart) -> tuple[str, list]:
    """Attributes and label rows added to a subgraph drawn as one node."""
    if part.runs_static:
        return "", []
    return (f' style="filled,dashed" fillcolor="{tint(SOT_DYGRAPH_COLOR, 0.85)}" color="{SOT_DYGRAPH_COLOR}"',
            [t("rundraw.row_dygraph", min=part.min_graph_size)])


def break_node(op: Op, run: RunGraph) -> Node:
    """A break, fallback or skipped frame: what, its reason, function and line."""
    b = run.breaks[op.id]
    head = t({"fallback": "rundraw.head_fallback", "skipped": "rundraw.head_skipped"}.get(b.kind,
                                                                                          "rundraw.head_break"))
    rows = [clip(b.reason, 48)]
    if b.function:
        rows.append(clip(t("rundraw.row_function", function=b.shown_function()), 48))
    if b.where:
        rows.append(clip(b.where, 48))
    if b.code.strip():
        rows.append(clip(b.code.strip(), 48))
    catalogue_id = getattr(b, "id", None)  # the known cause it matches, where recorded
    if catalogue_id:
        rows.append(clip(t("rundraw.row_id", id=catalogue_id), 48))
    color = SOT_BREAK_COLOR if b.kind == "break" else SOT_FALLBACK_COLOR
    dashed = "" if b.kind == "break" else ",dashed"
    cls = "d2s-op d2s-break" + (f" d2s-line-{b.line}" if b.line else "")
    k = sum(1 for i in run.breaks if i < op.id)
    # Paddle's own words stay in the SOT section's table, marked as Paddle's; a tooltip cannot mark them
    tip = (t("rundraw.tip_break", reason=b.reason, message=clip(b.message, 400)) if op.id in run.own_words
           else t("rundraw.tip_break_paddle", reason=b.reason))
    return Node(f"o{op.id}", f'id="d2s-break-{k}" class="{cls}" shape=box style="filled{dashed}" '
                             f'fillcolor="{tint(color, 0.85)}" color="{color}" penwidth=1.5 '
                             f"tooltip={dot_str(tip)}", head, rows)


def placeholder_rows(op: Op) -> list:
    return [t("rundraw.placeholder", n=op.attrs.get("ops", 0))]


def mark_handed(drawing: Drawing, node_of: dict, run: RunGraph) -> int:
    """Dash the edges from one part of the run to the next (the tensor is inferred);
    how many."""
    part = {}
    for op_id, name in node_of.items():
        p = run.part_of.get(op_id)
        if p is not None:
            part.setdefault(name, p)
    n = 0
    tip = dot_str(t("rundraw.tip_handed"))
    for e in drawing.edges:
        a, b = part.get(e.src), part.get(e.dst)
        if a is not None and b is not None and a != b and not e.attrs:
            e.attrs = f'style=dashed color="{SOT_HANDED_COLOR}" penwidth=1.2 tooltip={tip}'
            n += 1
    return n


def run_of(graph) -> Optional[RunGraph]:
    return graph if isinstance(graph, RunGraph) else None


__all__ = ["break_node", "cluster_attrs", "collapsed_extra", "mark_handed", "part_title", "placeholder_rows",
           "run_of"]
