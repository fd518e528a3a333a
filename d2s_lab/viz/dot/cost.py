"""What a layout will cost dot, found before dot runs, and the training program made cheap.

dot's time grows with the *virtual* nodes it adds where an edge spans several ranks
(crossing minimisation works rank by rank over them), not with the drawn nodes: a
training program of 100 Linear layers is 203 nodes, but each forward layer feeds its
backward layer 100-200 ranks below, and one node collects every gradient, so dot
meets some 15,000 virtual nodes and needs minutes.

:func:`tame` reads the :class:`~d2s_lab.viz.dot.drawing.Drawing` (its plain edges and the
layer each node draws), predicts the cost (:func:`predict`) and, when it is high:

* puts each backward layer (``backward.P``) on the rank of its forward layer ``P``:
  the backward pass is drawn beside the forward one, folded per layer as it is;
* lets edges into a node with many inputs (the gradients collected at the end) not
  set ranks (``constraint=false``).

If the prediction is still over what dot lays out within its time limit, the drawing
says so at once (:class:`~d2s_lab.viz.dot.render.RenderTimeout`) instead of waiting for dot.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, List, Tuple

from d2s_lab.viz.dot.drawing import Drawing, Edge, Rank

# Virtual nodes past which a drawing is re-laid out as above.
TAME_VIRTUAL = 1500
# In-edges past which a node's inputs do not set ranks (when taming).
FAN_IN = 16
# dot's time grows about with the square of (nodes + virtual nodes): this many squared
# per second on a small CPU (measured: a 50-layer training program, 6,379 of them, 5.8 s;
# 100 layers, 25,254: over 300 s). A drawing predicted to take PREDICTED_OVER times the
# layout time limit is refused before dot runs.
WORK_PER_S = 7_000_000
PREDICTED_OVER = 3.0


@dataclass
class Cost:
    """The prediction: ``nodes``, plain ``edges``, ``virtual`` nodes dot adds for long
    edges, ``back_edges`` (edges against the flow, which dot reverses) and ``longest``
    (the longest chain, in ranks)."""

    nodes: int
    edges: int
    virtual: int
    back_edges: int
    longest: int

    @property
    def work(self) -> int:
        return (self.nodes + self.virtual) ** 2

    def seconds(self) -> float:
        """dot's expected time on a small CPU (an order of magnitude, not a promise)."""
        return self.work / WORK_PER_S


def _ranks(nodes: set, edges: List[Tuple[str, str]], same: Dict[str, str]) -> Tuple[Dict[str, int], int]:
    """Longest-path ranks (dot's first guess) over ``edges``; ``same`` maps a node to
    the node whose rank it shares. Returns ``(ranks, back edges)``: edges that close a
    cycle are counted and left out, as dot reverses them."""
    rep = {n: same.get(n, n) for n in nodes}
    succ: Dict[str, List[str]] = {}
    for s, d in edges:
        a, b = rep.get(s, s), rep.get(d, d)
        if a != b:
            succ.setdefault(a, []).append(b)
    order: List[str] = []
    state: Dict[str, int] = {}
    back = 0
    for root in list(succ) + list(rep.values()):
        if root in state:
            continue
        stack = [(root, iter(succ.get(root, ())))]
        state[root] = 1
        while stack:
            node, it = stack[-1]
            for nxt in it:
                st = state.get(nxt)
                if st is None:
                    state[nxt] = 1
                    stack.append((nxt, iter(succ.get(nxt, ()))))
                    break
                if st == 1:
                    back += 1
            else:
                state[node] = 2
                order.append(node)
                stack.pop()
    pos = {n: i for i, n in enumerate(reversed(order))}
    rank: Dict[str, int] = {n: 0 for n in order}
    for node in reversed(order):
        for nxt in succ.get(node, ()):
            if pos[nxt] > pos[node] and rank[nxt] < rank[node] + 1:
                rank[nxt] = rank[node] + 1
    return {n: rank.get(r, 0) for n, r in rep.items()}, back


def _plain(drawing: Drawing) -> Tuple[set, List[Edge]]:
    """The drawing's node names (those edges name too) and its plain edges, which set ranks."""
    edges = [e for e in drawing.all_edges() if e.ranks]
    nodes = {n.name for n in drawing.nodes()}
    for e in edges:
        nodes.update((e.src, e.dst))
    return nodes, edges


def predict(drawing: Drawing) -> Cost:
    """The cost of laying out ``drawing`` as it is (see :class:`Cost`)."""
    nodes, edges = _plain(drawing)
    return _cost(nodes, [(e.src, e.dst) for e in edges], {})


def _cost(nodes: set, edges: List[Tuple[str, str]], same: Dict[str, str]) -> Cost:
    rank, back = _ranks(nodes, edges, same)
    virtual = sum(max(0, abs(rank.get(d, 0) - rank.get(s, 0)) - 1) for s, d in edges)
    return Cost(nodes=len(nodes), edges=len(edges), virtual=virtual, back_edges=back,
                longest=max(rank.values(), default=0))


def tame(drawing: Drawing) -> Cost:
    """Lay ``drawing`` out again as the module says when its predicted cost is high
    (changed in place); the predicted cost of the drawing as it now is."""
    nodes, edges = _plain(drawing)
    cost = _cost(nodes, [(e.src, e.dst) for e in edges], {})
    if cost.virtual <= TAME_VIRTUAL:
        return cost
    layers = {name: path.split("#", 1)[0] for name, path in drawing.layers().items()}
    by_path: Dict[str, str] = {}
    for name, path in layers.items():  # a forward layer's first node
        by_path.setdefault(path, name)
    same = {}
    for name, path in layers.items():
        if path.startswith("backward.") and path[len("backward."):] in by_path:
            same[name] = by_path[path[len("backward."):]]
    fan_in: Dict[str, int] = {}
    for e in edges:
        fan_in[e.dst] = fan_in.get(e.dst, 0) + 1
    loose = [e for e in edges if fan_in[e.dst] > FAN_IN]
    loose_ids = {id(e) for e in loose}
    tamed = _cost(nodes, [(e.src, e.dst) for e in edges if id(e) not in loose_ids], same)
    tamed.edges = len(edges)
    if tamed.virtual >= cost.virtual:
        return cost
    for e in loose:
        e.attrs = "constraint=false"
    drawing.tail.extend(Rank([fwd, bwd]) for bwd, fwd in same.items())
    return tamed


__all__ = ["Cost", "FAN_IN", "PREDICTED_OVER", "TAME_VIRTUAL", "WORK_PER_S", "predict", "tame"]
