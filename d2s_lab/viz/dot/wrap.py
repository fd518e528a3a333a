"""Long chains wrapped into columns, so a deep network is not drawn as a 20:1 strip.

The drawing's top level is a sequence of units (ops, folded layers, layer clusters) in
program order. Where the flow passes from one unit to the next through that unit alone
(a ResNet block hands its output to the next block and to its skip connection), the
chain may be cut: the edges across the cut stop constraining the ranks
(``constraint=false``), so the next unit starts a new column beside the last one.
Cuts are chosen from rough sizes of the nodes (their label text, read from the
:class:`~d2s_lab.viz.dot.drawing.Drawing`) so that the whole
drawing comes out about :data:`TARGET_ASPECT` times as long as it is broad.

A layer cluster that holds most of the drawing (a BERT's ``bert``, then its
``bert.encoder``) is looked into: its parts (each encoder layer) are the units, so the
cluster itself is drawn in columns. A unit that feeds many later ones (the attention
mask every encoder layer reads) does not stop a cut, nor does a skip connection past many
units (an encoder stage read by the decoder at the end): their edges across the cut are
drawn without constraining the ranks.
"""
from __future__ import annotations

import math
from collections import defaultdict
from typing import Optional

from d2s_lab.text import t
from d2s_lab.viz.dot.drawing import MIN_NODE, Drawing, Edge, Node, Rank
from d2s_lab.viz.dot.escape import html_text
from d2s_lab.viz.dot.layout import LayerTree, Plan
from d2s_lab.viz.palette import EDGE_COLOR

# the word of the continuation marks, by the direction of the wrapped flow
_ALONG = {"column": "graph.wrap_column", "row": "graph.wrap_row"}

# Wrap only drawings longer than this (points along the flow); shorter ones read fine.
MIN_WRAP_LENGTH = 720  # 10 in: taller than a laptop's window at 96 dpi
# A wrapped drawing is about this many times as long (along the flow) as it is broad.
TARGET_ASPECT = 1.2
MAX_COLUMNS = 8
# Look into a layer cluster holding at least this share of the drawing's nodes.
DOMINANT_SHARE = 0.6
# A unit feeding this many later units is broadcast (a mask): its edges never stop a cut.
BROADCAST_FANOUT = 3
# A layer cluster of fewer nodes is never looked into for want of places to cut: small
# nested clusters cut into columns defeat dot's edge routing.
MIN_LOOKED_INTO = 12
# An edge that skips at least this many units (or a quarter of them) is a skip connection.
LONG_SKIP_UNITS = 6
RANK_GAP = 20  # ranksep (0.28 in) in points
NODE_GAP = 14  # nodesep (0.2 in)
CLUSTER_PAD = 24  # a cluster's label and margins, along the flow

class _Unit:
    def __init__(self, nodes: set, pos: float, name: str, tree: Optional[LayerTree] = None,
                 level: int = 0):
        self.nodes, self.pos, self.name = nodes, pos, name
        self.tree, self.level = tree, level  # a layer cluster's subtree, and its nesting
        self.length = 0.0
        self.breadth = 0.0
        self.first: dict = {}  # node -> where the flow first reaches it (program order)


def _units(plan: Plan) -> tuple[list[_Unit], dict[str, int]]:
    """The top level's units in program order, and how many layer clusters stand around
    each node inside its unit."""
    # where the flow reaches each op; parameters and constants (Paddle puts them first,
    # in any order) do not place a unit
    pos = {op.id: i for i, op in enumerate(plan.index.graph.iter_ops())
           if plan.is_drawn(op) and op.category not in ("parameter", "constant")}
    by_node: dict[str, set] = defaultdict(set)  # node -> op ids drawn by it
    for oid, node in plan.node_of.items():
        by_node[node].add(oid)

    def first(nodes) -> float:
        return min((pos.get(o, math.inf) for n in nodes for o in by_node.get(n, ())),
                   default=math.inf)

    def subtree_nodes(t: LayerTree, level: int) -> set:
        out = set()
        for kind, item in t.items:
            for n in _item_nodes(plan, kind, item):
                nesting[n] = level
                out.add(n)
        for child in t.children.values():
            out |= subtree_nodes(child, level + 1)
        return out

    nesting: dict[str, int] = {}  # node -> layer clusters around it

    def parts(tree: LayerTree, level: int) -> list[_Unit]:
        out = []
        for kind, item in tree.items:
            nodes = _item_nodes(plan, kind, item)
            if nodes:
                name = item.short_name if kind == "op" else plan.group_path.get(item, item)
                out.append(_Unit(nodes, first(nodes), name))
        for key, child in tree.children.items():
            nodes = subtree_nodes(child, level + 1)
            if nodes:
                out.append(_Unit(nodes, first(nodes), key.partition("#")[0], child, level + 1))
        return out

    units = parts(plan.tree, 0)
    total = sum(len(u.nodes) for u in units)
    while units:
        big = max(units, key=lambda u: len(u.nodes))
        inner = parts(big.tree, big.level) if big.tree is not None else []
        if len(big.nodes) < DOMINANT_SHARE * total or len(inner) < 2:
            break
        units.remove(big)
        units.extend(inner)
    # a layer cluster too long for one column leaves no place to cut (a U-Net's encode
    # and decode, side by side): look into each such cluster, largest first
    longest = max(MIN_LOOKED_INTO, total / (2 * MAX_COLUMNS))
    looked = set()
    while True:
        big = max((u for u in units if u.tree is not None and len(u.nodes) > longest and id(u) not in looked),
                  key=lambda u: len(u.nodes), default=None)
        if big is None:
            break
        looked.add(id(big))
        inner = parts(big.tree, big.level)
        if len(inner) >= 2:
            units.remove(big)
            units.extend(inner)
    for u in units:
        if u.pos == math.inf:  # only constants (Paddle 2.6 lists them last): made first
            u.pos = -math.inf
    for k in range(len(plan.index.out_marks)):
        units.append(_Unit({f"out{k}"}, math.inf, "output"))
    units.sort(key=lambda u: u.pos)
    for u in units:
        u.first = {n: first({n}) for n in u.nodes}
    return units, nesting


def _item_nodes(plan: Plan, kind: str, item) -> set:
    if kind in ("layer", "repeat"):
        return {item}
    nodes = set()
    stack = [item]
    while stack:
        op = stack.pop()
        if op.id in plan.node_of:
            nodes.add(plan.node_of[op.id])
        for blk in op.blocks:
            stack.extend(blk.ops)
    return nodes


def _measure(unit: _Unit, sizes: dict, nesting: dict, inside: list, lr: bool) -> None:
    """The unit's length along the flow (its longest path) and its breadth (its widest
    rank), from node sizes and its ``inside`` edges; ``lr``: the flow runs left to right."""
    preds = defaultdict(list)
    for s, d in inside:
        preds[d].append(s)

    def along(n):
        w, h = sizes.get(n, MIN_NODE)
        return (w if lr else h) + CLUSTER_PAD * nesting.get(n, 0)

    def across(n):
        w, h = sizes.get(n, MIN_NODE)
        return (h if lr else w) + 2 * NODE_GAP * nesting.get(n, 0)

    rank: dict[str, int] = {}
    reach: dict[str, float] = {}

    def visit(n, depth=0):
        if n in rank:
            return
        if depth > 500:  # a pathological chain: treat the rest as one rank
            rank[n], reach[n] = 0, along(n)
            return
        for p in preds[n]:
            visit(p, depth + 1)
        rank[n] = max((rank[p] + 1 for p in preds[n]), default=0)
        reach[n] = max((reach[p] for p in preds[n]), default=-RANK_GAP) + RANK_GAP + along(n)

    for n in unit.nodes:
        visit(n)
    breadth = defaultdict(float)
    for n, r in rank.items():
        breadth[r] += across(n) + NODE_GAP
    unit.length = max(reach.values(), default=0.0)
    unit.breadth = max(breadth.values(), default=0.0)


class Wrap:
    """How a drawing wraps: the edges that cross into the next column (drawn through a
    pair of connectors instead: dot lays out each column on its own), and the first node
    of each column, left to right."""

    def __init__(self, edges: Optional[list] = None, heads: Optional[list] = None,
                 names: Optional[list] = None, along: str = "column",
                 loose: Optional[list] = None, anchors: Optional[list] = None):
        self.along = along  # "row" where the flow runs left to right
        self.crossing = edges or []  # per cut: the (src, dst) edges across it
        # edges from a broadcast unit across a cut: drawn, but not ranking their target
        self.loose = loose or []
        self.edges = {e for cut in self.crossing for e in cut} | set(self.loose)
        # (column k, node): a node a loose edge feeds from an earlier column, kept under that
        # column's head (an unranked node would float to the top, left of the input)
        self.anchors = anchors or []
        self.heads = heads or []
        self.names = names or []  # per cut: what the last column ended with

    def add_to(self, drawing: Drawing) -> None:
        """Add each cut's connector nodes and edges to ``drawing``, then the columns'
        first nodes on one rank, in order."""
        if not self.crossing:
            return
        style = f'shape=plaintext fontsize=8 fontcolor="{EDGE_COLOR}" height=0.2 margin="0.02,0.02"'
        tail = drawing.tail
        heads = self.heads[:1]
        for k, (cut, name) in enumerate(zip(self.crossing, self.names), 1):
            end, top = f"wrap{k}a", f"wrap{k}b"
            tail.append(Node(end, f'id="d2s-wrap-{k}a" class="d2s-wrap" {style}',
                             html=f"<&#8618; {html_text(t(_ALONG[self.along], n=k + 1))}>"))
            tail.append(Node(top, f'id="d2s-wrap-{k}b" class="d2s-wrap" {style}',
                             html=f'<&#8627; {html_text(t("graph.wrap_from", name=name))}>'))
            tail.extend(Edge(src, end, "style=dashed") for src in dict.fromkeys(s for s, _ in cut))
            tail.extend(Edge(top, dst) for dst in dict.fromkeys(d for _, d in cut))
            heads.append(top)
        tail.append(Rank(heads, chain=True))
        tail.extend(Edge(s, d, "constraint=false") for s, d in self.loose)
        tail.extend(Edge(f"wrap{k}b", d, "style=invis") for k, d in dict.fromkeys(self.anchors)
                    if 1 <= k <= len(self.crossing))


def wrap_edges(plan: Plan, edges: list, sizes: dict, rankdir: str = "TB") -> Wrap:
    """How the top-level chain wraps into columns (rows for ``rankdir`` LR); no wrap when
    the drawing is short, or its flow never narrows to one unit."""
    units, nesting = _units(plan)
    # only the nodes drawn: a layer whose ops are all folded into other labels has none
    drawn = set(sizes) | {f"out{k}" for k in range(len(plan.index.out_marks))}
    for u in units:
        u.nodes &= drawn
    units = [u for u in units if u.nodes]
    if len(units) < 4:
        return Wrap()
    lr = rankdir in ("LR", "RL")
    unit_of = {n: i for i, u in enumerate(units) for n in u.nodes}
    inside = defaultdict(list)
    crossing = []
    for s, d in edges:
        a, b = unit_of.get(s), unit_of.get(d)
        if a is not None and a == b:
            inside[a].append((s, d))
        elif a is not None and b is not None:
            crossing.append((a, b, (s, d)))
    for i, u in enumerate(units):
        _measure(u, sizes, nesting, inside[i], lr)
    total = sum(u.length for u in units) + RANK_GAP * (len(units) - 1)
    if total < MIN_WRAP_LENGTH:
        return Wrap()
    # A cut after unit i is clean when everything that flows past it leaves from unit i:
    # an edge a -> b spoils the cuts a+1 .. b-1 (all of b .. a-1 when it runs backwards),
    # unless a is broadcast (feeds BROADCAST_FANOUT other units).
    fed = defaultdict(set)
    for a, b, _ in crossing:
        fed[a].add(b)
    broadcast = {a for a, bs in fed.items() if len(bs) >= BROADCAST_FANOUT}
    # a skip connection past many units (an encoder stage's output read by the decoder at
    # the end: U-Net, FPN, SegFormer) does not stop a cut either: drawn without ranking
    long_span = max(LONG_SKIP_UNITS, len(units) // 4)

    def loose_edge(a, b) -> bool:
        return a in broadcast or abs(b - a) >= long_span

    spoiled = [0] * (len(units) + 1)
    for a, b, _ in crossing:
        if loose_edge(a, b):
            continue
        lo, hi = (a + 1, b) if a < b else (b, a)
        if lo < hi:
            spoiled[lo] += 1
            spoiled[hi] -= 1
    clean, run_total = [], 0
    for i in range(len(units)):
        run_total += spoiled[i]
        clean.append(run_total == 0)
    breadth = max(u.breadth for u in units)
    columns = _columns(total, breadth)
    if columns < 2:
        return Wrap()
    target = total / columns
    cuts, run, left = [], 0.0, total
    for i, u in enumerate(units[:-1]):
        run += u.length + RANK_GAP
        left -= u.length + RANK_GAP
        # not for a last column of a few nodes (the output alone)
        if run >= target and clean[i] and len(cuts) < columns - 1 and left > target / 3:
            cuts.append(i)
            run = 0.0
    if not cuts:
        return Wrap()
    crossing_at = [[e for a, b, e in crossing if a == cut and b > a] for cut in cuts]
    names = [units[cut].name for cut in cuts]
    loose = [e for a, b, e in crossing if loose_edge(a, b) and not (a in cuts and b > a)
             and any(min(a, b) <= c < max(a, b) for c in cuts)]
    # the first column starts where the flow does (the input), not at a unit of constants
    start = next((u for u in units if u.pos != -math.inf), units[0])
    column = [sum(1 for c in cuts if c < i) for i in range(len(units))]
    anchors = [(column[b], e[1]) for a, b, e in crossing
               if e in loose and column[b] > column[a] and not _ranked(e[1], edges, loose)]
    return Wrap(crossing_at, [_entry(start, edges)], names, "row" if lr else "column", loose, anchors)


def _ranked(node: str, edges: list, loose: list) -> bool:
    """Whether an edge that ranks ``node`` (not a loose one) leads to it."""
    return any(d == node and (s, d) not in loose for s, d in edges)


def _entry(unit: _Unit, edges: list) -> str:
    """The node of ``unit`` where its flow starts: of those nothing inside it leads to, the
    first in program order (the input, not a constant's consumer named earlier)."""
    fed = {d for s, d in edges if s in unit.nodes and d in unit.nodes}
    return min(unit.nodes - fed or unit.nodes, key=lambda n: (unit.first.get(n, math.inf), n))


def _columns(total: float, breadth: float) -> int:
    """How many columns bring ``total`` length to about TARGET_ASPECT x the breadth."""
    if breadth <= 0:
        return 1
    # k columns: length total/k, breadth k*breadth; aim at total/k = TARGET_ASPECT*k*breadth
    k = round(math.sqrt(total / (TARGET_ASPECT * breadth)))
    return max(1, min(MAX_COLUMNS, k))


__all__ = ["MIN_WRAP_LENGTH", "TARGET_ASPECT", "Wrap", "wrap_edges"]
