"""What a layout will cost dot, found before dot runs, and the training program made cheap.

dot's time grows with the *virtual* nodes it adds where an edge spans several ranks
(crossing minimisation works rank by rank over them), not with the drawn nodes: a
training program of 100 Linear layers is 203 nodes, but each forward layer feeds its
backward layer 100-200 ranks below, and one node collects every gradient, so dot
meets some 15,000 virtual nodes and needs minutes.

:func:`prepare` reads the DOT text (plain ``a -> b`` edges and the layer ids the
emitter writes), predicts the cost (:func:`predict`) and, when it is high:

* puts each backward layer (``backward.P``) on the rank of its forward layer ``P``:
  the backward pass is drawn beside the forward one, folded per layer as it is;
* lets edges into a node with many inputs (the gradients collected at the end) not
  set ranks (``constraint=false``).

If the prediction is still over what dot lays out within its time limit, it says so
at once (:class:`~d2s_lab.viz.dot.render.RenderTimeout`) instead of waiting for dot.
Plain text in, plain text out: never imports paddle.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Dict, List, Tuple

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

_NODE = re.compile(r'^\s*(\w+) \[id="d2s-layer-([^"]+)"')
_CLUSTER = re.compile(r'^\s*id="d2s-cluster-([^"]+)"')
_EDGE = re.compile(r"^\s*(\w+) -> (\w+)\s*$")
_DONE = re.compile(r"/\* d2s-cost nodes=(\d+) virtual=(\d+) \*/")


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


def _parse(lines: List[str]) -> Tuple[Dict[str, str], List[Tuple[int, str, str]], set]:
    """``(layer path of each node, edges as (line, src, dst), nodes)``: a folded layer's
    node has its own path, an op drawn inside a layer's cluster the cluster's (``#2``, a
    second call, left off)."""
    paths: Dict[str, str] = {}
    edges: List[Tuple[int, str, str]] = []
    nodes: set = set()
    clusters: List[str] = []  # the clusters open at this line, innermost last
    for k, line in enumerate(lines):
        m = _EDGE.match(line)
        if m:
            edges.append((k, m.group(1), m.group(2)))
            nodes.update(m.groups())
            continue
        text = line.strip()
        if text.startswith("subgraph cluster"):
            clusters.append("")
            continue
        if text == "}" and clusters:
            clusters.pop()
            continue
        m = _CLUSTER.match(line)
        if m and clusters:
            clusters[-1] = m.group(1).split("#", 1)[0]
            continue
        m = _NODE.match(line)
        if m:
            paths[m.group(1)] = m.group(2).split("#", 1)[0]
        if text[:1].isalpha() and " [" in text and "->" not in text:
            name = text.split(" [", 1)[0]
            if name not in ("graph", "node", "edge"):
                nodes.add(name)
                if name not in paths and clusters and clusters[-1]:
                    paths[name] = clusters[-1]
    return paths, edges, nodes


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


def predict(dot_text: str) -> Cost:
    """The cost of laying out ``dot_text`` as it is (see :class:`Cost`)."""
    layers, edges, nodes = _parse(dot_text.splitlines())
    return _cost(nodes, [(s, d) for _, s, d in edges], {})


def _cost(nodes: set, edges: List[Tuple[str, str]], same: Dict[str, str]) -> Cost:
    rank, back = _ranks(nodes, edges, same)
    virtual = sum(max(0, abs(rank.get(d, 0) - rank.get(s, 0)) - 1) for s, d in edges)
    return Cost(nodes=len(nodes), edges=len(edges), virtual=virtual, back_edges=back,
                longest=max(rank.values(), default=0))


def prepare(dot_text: str) -> Tuple[str, Cost]:
    """``(dot_text, cost)``: the text to give dot (laid out again as the module says
    when its predicted cost is high) and the predicted cost of that text."""
    done = _DONE.search(dot_text)
    if done:  # prepared already (the SVG and the picture are two layouts of one text)
        n, v = int(done.group(1)), int(done.group(2))
        return dot_text, Cost(nodes=n, edges=0, virtual=v, back_edges=0, longest=0)
    lines = dot_text.splitlines()
    layers, edges, nodes = _parse(lines)
    plain = [(s, d) for _, s, d in edges]
    cost = _cost(nodes, plain, {})
    if cost.virtual <= TAME_VIRTUAL:
        return dot_text, cost
    by_path: Dict[str, str] = {}
    for name, path in layers.items():  # a forward layer's first node
        by_path.setdefault(path, name)
    same = {}
    for name, path in layers.items():
        if path.startswith("backward.") and path[len("backward."):] in by_path:
            same[name] = by_path[path[len("backward."):]]
    fan_in: Dict[str, int] = {}
    for _, _, d in edges:
        fan_in[d] = fan_in.get(d, 0) + 1
    loose = {k for k, _, d in edges if fan_in[d] > FAN_IN}
    constrained = [(s, d) for k, s, d in edges if k not in loose]
    tamed = _cost(nodes, constrained, same)
    tamed.edges = len(edges)
    if tamed.virtual >= cost.virtual:
        return dot_text, cost
    out = [line + " [constraint=false]" if k in loose else line for k, line in enumerate(lines)]
    end = max(k for k, line in enumerate(out) if line.strip() == "}")
    out[end:end] = [f"{{rank=same; {fwd}; {bwd}}}" for bwd, fwd in same.items()]
    out.insert(end + len(same), f"/* d2s-cost nodes={tamed.nodes} virtual={tamed.virtual} */")
    return "\n".join(out) + "\n", tamed


__all__ = ["Cost", "FAN_IN", "PREDICTED_OVER", "TAME_VIRTUAL", "WORK_PER_S", "predict", "prepare"]
