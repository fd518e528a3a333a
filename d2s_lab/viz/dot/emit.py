"""Build Graphviz DOT text for a :class:`~d2s_lab.core.graph.model.Graph`.

One node per op, shaped and coloured by category; the label holds the short op
name, key attributes, folded parameters/constants and the output shapes (shapes
live in the producer's label, never on edges). Layers become clusters (or one
collapsed node each, by ``depth``), ``if``/``while`` sub-blocks nested clusters.
Everything user-controlled is escaped for DOT strings and HTML-like labels.

The data path: :mod:`.layout` plans what is drawn at a depth (which node stands for each
op, the cluster tree, the edges); this module turns the plan into a
:class:`~d2s_lab.viz.dot.drawing.Drawing` (nodes with their label text from
:mod:`.labels`, clusters, edges); :mod:`.wrap` wraps a long chain into columns and
:mod:`.cost` makes a training program cheap to lay out, both on that model; the DOT text
is written once, at the end. :mod:`.escape` escapes everything user-controlled.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Optional

from d2s_lab.core.graph.model import Graph, Op
from d2s_lab.core.graph.ops import CATEGORIES
from d2s_lab.core.options import ViewOptions
from d2s_lab.core.graph.shapes import shape_and_dtype
from d2s_lab.text import t
from d2s_lab.viz.dot.cost import Cost, tame
from d2s_lab.viz.dot.drawing import Cluster, Drawing, Edge, Node, layout_units
from d2s_lab.viz.dot.escape import dot_str, html_text
from d2s_lab.viz.dot.labels import Folds, GraphIndex, Labeller, clip, op_counts_text
from d2s_lab.viz.dot.layout import Depth, LayerTree, Layout, Plan, choose_layout, opened_at
from d2s_lab.viz.dot.wrap import wrap_edges
from d2s_lab.viz.dot import run as run_style
from d2s_lab.core.sot.run_graph import BREAK_OP, PLACEHOLDER_OP
from d2s_lab.viz.palette import (CATEGORY_COLORS, CATEGORY_SHAPES, EDGE_COLOR, HIGHLIGHT_COLOR, LAYER_COLOR,
                                 MIXED_MARK_COLOR, tint)

# Above this many nodes dot gets iteration limits: a bounded, slightly less tidy layout.
LIMIT_NODES = 250
DOT_LIMITS = {"nslimit": "2", "nslimit1": "2", "mclimit": "0.3"}
_HIGHLIGHT = f' color="{HIGHLIGHT_COLOR}" penwidth=3'


@dataclass
class DotGraph:
    """DOT text plus what went into it (for the view's caption and the tests):
    ``drawing`` is the model the text was written from, ``predicted`` dot's expected
    cost of laying it out."""

    dot: str
    nodes: int
    edges: int
    clusters: int
    depth: Depth  # the depth drawn
    requested_depth: Depth
    auto_collapsed: bool = False
    full_cost: int = 0  # layout cost at the requested depth
    cost: int = 0  # layout cost of what is drawn
    limited: bool = False  # dot iteration limits in use
    categories: list[str] = field(default_factory=list)
    max_depth: int = 0  # deepest layer nesting in the graph
    highlighted: int = 0
    marked: int = 0  # ops drawn with a colour from ``marks``
    shown_nodes: int = 0  # when the drawing was cut short to fit the budget: nodes drawn
    total_nodes: int = 0  # ... of this many
    columns: int = 1  # a long chain wrapped into columns (rows for LR)
    max_nodes: int = 0  # the node limit of a notebook cell's drawing, when it applied
    drawing: Optional[Drawing] = None
    predicted: Optional[Cost] = None
    run_parts: int = 0  # a SOT run: its subgraphs ...
    run_open: int = 0  # ... and how many of them are drawn open (clusters of their ops)

    @property
    def cut(self) -> bool:
        """Only the first ops were drawn (the rest did not fit the layout budget)."""
        return self.total_nodes > 0


def build_dot(
    graph: Graph,
    view: Optional[ViewOptions] = None,
    highlight: Optional[Iterable[int]] = None,
    title: Optional[str] = None,
    marks: Optional[Mapping[int, str]] = None,
    opened: Optional[Iterable[str]] = None,
    times: Optional[Mapping[int, float]] = None,
) -> DotGraph:
    """DOT text for ``graph`` drawn as ``view`` says (depth, params, constants, rankdir,
    budget; see :func:`d2s_lab.viz.graph_view.draw_graph`).

    ``view.budget`` bounds the layout cost (nodes + edges + clusters); a drawing over
    it is collapsed to the deepest layer depth that fits (``None``: no limit).
    ``highlight``: op ids to mark; ``title``: drawn above the graph; ``marks``: op id ->
    colour (``#rrggbb``) of its border and fill (a collapsed layer takes its ops' colour,
    :data:`MIXED_MARK_COLOR` when they differ); ``highlight`` wins over it; ``opened``:
    exactly these layer paths drawn open, every other layer one node (instead of
    ``view.depth``; what :class:`~d2s_lab.viz.explorer.GraphExplorer` shows); ``times``:
    op id -> ms per call, said in the op's tooltip (a collapsed layer's: its ops' sum).
    """
    view = view or ViewOptions()
    index = GraphIndex(graph)
    folds = Folds(index, view.params, view.constants)
    run = run_style.run_of(graph)
    layout = choose_layout(index, folds, view.depth, view.budget,
                           frozenset(opened) if opened is not None else None, view.max_nodes,
                           open_first=tuple(run.parts) if run is not None else ())
    emitter = _Emitter(layout.plan, Labeller(index, folds), {int(h) for h in (highlight or ())},
                       {int(k): str(c) for k, c in (marks or {}).items()}, run,
                       {int(k): float(v) for k, v in (times or {}).items()})
    return emitter.emit(view.rankdir, title, layout, view.wrap)


def opened_layers(graph: Graph, view: Optional[ViewOptions] = None) -> list[str]:
    """The layer paths :func:`build_dot` draws open for ``view`` (its depth counted below
    the wrapper layers it opens, collapsed to fit its budget), outer first: given as
    ``opened``, they draw the same picture (the explorer's first view)."""
    view = view or ViewOptions()
    index = GraphIndex(graph)
    run = run_style.run_of(graph)
    return opened_at(index, Folds(index, view.params, view.constants), view.depth, view.budget,
                     open_first=tuple(run.parts) if run is not None else ())


def _node_style(category: str) -> str:
    color = CATEGORY_COLORS.get(category, CATEGORY_COLORS["other"])
    shape = CATEGORY_SHAPES.get(category, "box")
    style = "filled"
    if shape == "rounded":
        shape, style = "box", "filled,rounded"
    elif shape == "dashed":
        shape, style = "box", "filled,dashed"
    # cds (the input arrow) has slanted ends: give its label room to stay inside.
    margin = ' margin="0.2,0.1"' if shape == "cds" else ""
    return f'shape={shape} style="{style}" fillcolor="{tint(color)}" color="{color}"{margin}'


def _mark_attrs(color: str) -> str:
    return f" color={dot_str(color)} fillcolor={dot_str(tint(color, 0.78))} penwidth=3"


def _tooltip(op: Op) -> str:
    where = str(op.source) if op.source is not None else t("graph.tip.line_unknown")
    return t("graph.tip.op", op=op.name, layer=op.layer or t("graph.tip.top_level"), where=where)


def _graph_attrs(rankdir: str, limited: bool) -> list[str]:
    limits = "".join(f" {k}={v}" for k, v in DOT_LIMITS.items()) if limited else ""
    return [
        f'graph [rankdir={rankdir} fontname="Helvetica" fontsize=11 nodesep=0.2 ranksep=0.28 '
        f'newrank=true bgcolor="transparent" outputorder=edgesfirst{limits}]',
        'node [fontname="Helvetica" fontsize=10 margin="0.08,0.05" height=0.3 penwidth=1]',
        f'edge [arrowsize=0.5 color="{EDGE_COLOR}" penwidth=0.8]',
    ]


class _Emitter:
    """Turns one plan into a :class:`Drawing`, counting categories and highlights."""

    def __init__(self, plan: Plan, labels: Labeller, highlight: set[int],
                 marks: Optional[dict[int, str]] = None, run=None, times: Optional[dict[int, float]] = None):
        self.plan = plan
        self.times = times or {}
        self.run = run  # a SOT run drawn whole (core.sot.run_graph.RunGraph), else None
        self.run_open = 0  # subgraphs of a run drawn as clusters
        self.labels = labels
        self.highlight = highlight
        self.marks = marks or {}
        self.marked = 0
        self.categories: set[str] = set()
        self.highlighted = 0
        self.outputs_drawn = 0

    def emit(self, rankdir: str, title: Optional[str], layout: Layout, wrap: bool = True) -> DotGraph:
        plan = self.plan
        edges = plan.edges()
        nodes = plan.node_count()
        limited = nodes > LIMIT_NODES
        drawing = Drawing(header=_graph_attrs(rankdir, limited))
        if title:
            drawing.header.append(f"labelloc=t label=<<B>{html_text(title)}</B>>")
        self.tree(plan.tree, drawing.items, layout.auto_collapsed)
        self.output_marks(drawing.items)
        done = wrap_edges(plan, edges, drawing.sizes(), rankdir) if wrap else None
        drawing.edges = [Edge(src, dst) for src, dst in edges if done is None or (src, dst) not in done.edges]
        if done is not None:
            done.add_to(drawing)
        clusters = drawing.clusters()
        predicted = tame(drawing)
        if self.run is not None:
            run_style.mark_handed(drawing, plan.node_of, self.run)  # after tame: it reads plain edges
        return DotGraph(
            dot=drawing.to_dot(), nodes=nodes, edges=len(edges), clusters=clusters,
            depth=plan.depth, requested_depth=layout.requested_depth,
            auto_collapsed=layout.auto_collapsed, full_cost=layout.full_cost,
            cost=layout_units(nodes, len(edges), clusters), limited=limited,
            categories=[c for c in CATEGORIES if c in self.categories],
            max_depth=layout.max_depth, highlighted=self.highlighted, marked=self.marked,
            shown_nodes=layout.shown_nodes, total_nodes=layout.total_nodes,
            columns=len(done.crossing) + 1 if done is not None else 1,
            max_nodes=layout.max_nodes, drawing=drawing, predicted=predicted,
            run_parts=len(self.run.parts) if self.run is not None else 0, run_open=self.run_open,
        )

    def tree(self, node: LayerTree, into: list, auto: bool) -> None:
        for kind, item in node.items:
            if kind == "op":
                self.op_node(item, into)
            elif kind == "repeat":
                self.repeat_node(item, into)
            else:
                self.layer_node(item, into, auto)
        for key, child in node.children.items():
            part = self.run.parts.get(key) if self.run is not None else None
            if part is not None:
                cluster = Cluster(run_style.cluster_attrs(part), layer=key)
                self.run_open += 1
                into.append(cluster)
                self.tree(child, cluster.items, auto)
                continue
            cluster = Cluster(f'id={dot_str("d2s-cluster-" + key)} class="d2s-cluster" '
                              f'label=<{html_text(self.plan.layer_title(key))}> '
                              'labeljust=l style="rounded" '
                              f'color="{tint(LAYER_COLOR, 0.4)}" fontcolor="{LAYER_COLOR}" '
                              "fontsize=9", layer=key)
            into.append(cluster)
            self.tree(child, cluster.items, auto)

    def op_node(self, op: Op, into: list) -> None:
        if op.name == BREAK_OP and self.run is not None:
            into.append(run_style.break_node(op, self.run))
            return
        self.categories.add(op.category)
        cls = "d2s-op" + (f" d2s-line-{op.source.line}" if op.source is not None else "")
        extra = ""
        if op.id in self.highlight:
            extra = _HIGHLIGHT
            self.highlighted += 1
        elif op.id in self.marks:
            extra = _mark_attrs(self.marks[op.id])
            self.marked += 1
        head, rows = self.labels.op_text(op)
        if op.name == PLACEHOLDER_OP:
            head, rows = op.layer, run_style.placeholder_rows(op)
        into.append(Node(f"o{op.id}", f'id="d2s-op-{op.id}" class="{cls}" {_node_style(op.category)}'
                                      f"{extra} tooltip={dot_str(self._timed(_tooltip(op), [op]))}", head, rows))
        for blk in op.blocks:
            cluster = Cluster(f'label=<{html_text(op.short_name + " · " + blk.label)}> '
                              f'style="dashed,rounded" color="{CATEGORY_COLORS["control"]}" '
                              "fontsize=9")
            into.append(cluster)
            for inner in self.plan.shown(blk.ops):
                self.op_node(inner, cluster.items)

    def _output_node(self, node: str, vid, k: int) -> Node:
        v = self.plan.index.graph.values.get(vid) if vid is not None else None
        shape = shape_and_dtype(v.shape, v.dtype) if v else ""
        total = len(self.plan.index.out_marks)
        head = t("graph.node_output") + (f" {k}" if total > 1 else "")
        data = CATEGORY_COLORS["data"]
        self.outputs_drawn += 1
        self.categories.add("data")
        return Node(node, f'id="d2s-output-{k}" class="d2s-output" shape=cds margin="0.2,0.1" '
                          f'style=filled fillcolor="{tint(data, 0.55)}" color="{data}" '
                          f"tooltip={dot_str(t('graph.tip.output', k=k, shape=shape))}", head)

    def _timed(self, tip: str, ops) -> str:
        """``tip`` with the ops' time per call where ``times`` has any of them."""
        ms = [self.times[o.id] for o in ops if o.id in self.times]
        return f"{tip}\n{t('graph.tip.time', ms=f'{sum(ms):.3f}')}" if ms else tip

    def layer_node(self, name: str, into: list, auto: bool) -> None:
        plan, labels = self.plan, self.labels
        ops = plan.groups[name]
        path = plan.group_path[name]
        key = plan.group_levels[name][-1]  # path#2: the layer's second call
        shown = plan.shown(ops)
        ins, outs = plan.layer_io(name)
        if not shown and not ins and not outs:
            return  # only ops folded into other labels (a bias reshaped for a fused op)
        rows = [clip(op_counts_text(shown), 52)]
        pl = labels.param_line(ops)
        if pl:
            rows.append(clip(pl, 52))
        rows += [t("graph.node_in", line=line) for line in labels.value_lines(ins)]
        rows += [t("graph.node_out", line=line) for line in labels.value_lines(outs)]
        lines = sorted({o.source.line for o in ops if o.source is not None})[:20]
        cls = "d2s-layer" + "".join(f" d2s-line-{n}" for n in lines)
        marked = {o.id for o in ops} & self.highlight
        extra = ""
        if marked:
            extra = _HIGHLIGHT
            self.highlighted += len(marked)
        else:
            colors = [self.marks[o.id] for o in ops if o.id in self.marks]
            if colors:
                extra = _mark_attrs(colors[0] if len(set(colors)) == 1 else MIXED_MARK_COLOR)
                self.marked += len(colors)
        part = self.run.parts.get(key) if self.run is not None else None
        if part is not None:
            more, dygraph_rows = run_style.collapsed_extra(part)
            extra += more
            rows += dygraph_rows
        depth = plan.depth
        hint = (t("graph.tip.expand_all") if depth == "all" or auto
                else t("graph.tip.expand_next", depth=depth + 1))
        tip = self._timed(t("graph.tip.layer", path=path, n=len(shown), hint=hint), ops)
        into.append(Node(name, f'id={dot_str("d2s-layer-" + key)} class="{cls}" shape=folder '
                               f'style=filled fillcolor="{tint(LAYER_COLOR, 0.85)}" color="{LAYER_COLOR}"{extra} '
                               f"tooltip={dot_str(tip)}", plan.layer_title(key), rows, layer=key))

    def repeat_node(self, name: str, into: list) -> None:
        """The runs of a repeated unit after its first, drawn as one node."""
        plan, labels = self.plan, self.labels
        rep = plan.repeats[name]
        unit = [plan.group_path[item] if kind == "layer" else item.short_name for kind, item in rep.unit]
        ins, outs = plan.layer_io(name)
        rows = [clip(" → ".join(unit), 52)]
        rows += [t("graph.node_in", line=line) for line in labels.value_lines(ins)]
        rows += [t("graph.node_out", line=line) for line in labels.value_lines(outs)]
        lines = sorted({o.source.line for o in rep.ops if o.source is not None})
        cls = "d2s-repeat" + "".join(f" d2s-line-{n}" for n in lines[:20])
        marked = {o.id for o in rep.ops} & self.highlight
        extra = ""
        if marked:
            extra = _HIGHLIGHT
            self.highlighted += len(marked)
        where = f"{lines[0]}–{lines[-1]}" if len(lines) > 1 else (str(lines[0]) if lines else "?")
        tip = t("graph.tip.repeat", runs=rep.runs, k=len(unit), n=len(plan.shown(rep.ops)), lines=where)
        into.append(Node(name, f'id={dot_str("d2s-repeat-" + name)} class="{cls}" shape=box3d '
                               f'style=filled fillcolor="{tint(LAYER_COLOR, 0.9)}" color="{LAYER_COLOR}"{extra} '
                               f"tooltip={dot_str(tip)}", t("graph.repeat_title", runs=rep.runs), rows))

    def output_marks(self, into: list) -> None:
        for k, vid in enumerate(self.plan.index.out_marks):  # edges name them out{k}
            into.append(self._output_node(f"out{k}", vid, self.outputs_drawn))


__all__ = ["DOT_LIMITS", "LIMIT_NODES", "DotGraph", "build_dot", "opened_layers"]
