"""What is drawn at one layer depth: which node stands for each op, the cluster tree,
the edges, and the layout cost that decides when a drawing is collapsed.

Ops in layers deeper than the depth are grouped into one node per layer
(``L1``, ``L2``, ...); the others are drawn as themselves (``o<op id>``) inside
nested layer clusters.  Folded ops and plumbing (:data:`~d2s_lab.core.graph.ops.TRANSPARENT_OPS`)
get no node: edges pass through them.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Optional, Union

from d2s_lab.core.graph.model import Op
from d2s_lab.core.graph.ops import is_transparent
from d2s_lab.core.graph.repeats import chain_test, computed_attrs, constant_inputs, repeated_runs
from d2s_lab.text import t
from d2s_lab.viz.dot.drawing import layout_units
from d2s_lab.viz.dot.labels import Folds, GraphIndex

Depth = Union[int, str]  # 1, 2, ... or "all"

# A layer is a wrapper, opened before depths are counted, when it stands for at least
# this share of the drawn ops and at least WRAPPER_MIN_OPS of them (a library model's
# ``bert`` holding 95 % of a classifier, its ``bert.encoder`` holding 90 % of that):
# drawn as one node it would hide most of the model.
WRAPPER_SHARE = 0.6
WRAPPER_MIN_OPS = 40
# Wrappers are opened only while the drawing stays readable.
READABLE_NODES = 80
# A first view of fewer nodes hides a large model's structure (a U-Net's encode, decode and
# head): its largest layers are opened, largest first, while the drawing stays readable.
FEW_NODES = 10


def layer_levels(layer: str) -> list[str]:
    """``blocks.0.body.1`` -> ``["blocks.0", "blocks.0.body.1"]``: list indices
    belong to their container, so a LayerList's items are one level."""
    if not layer:
        return []
    out, cur = [], []
    for part in layer.split("."):
        if part.isdigit() and cur:
            cur.append(part)
            out[-1] = ".".join(cur)
        else:
            cur.append(part)
            out.append(".".join(cur))
    return out


class LayerTree:
    """Nested layer clusters: ``items`` drawn here (``("op", Op)`` or ``("layer", node
    name)``), ``children`` by layer path."""

    def __init__(self, key: str):
        self.key = key
        self.items: list[tuple] = []
        self.children: dict[str, LayerTree] = {}

    def at(self, path: list[str]) -> LayerTree:
        t = self
        for p in path:
            if p not in t.children:
                t.children[p] = LayerTree(p)
            t = t.children[p]
        return t

    def count(self) -> int:
        """Clusters below this one."""
        return sum(1 + c.count() for c in self.children.values())


def call_keys(top_ops: list[Op], levels: dict[int, list[str]]) -> tuple[dict, dict]:
    """``({op id: keys}, {layer path: calls})``: each op's layer levels as keys that tell
    the calls of a layer apart. A layer the forward calls several times (one ``relu``
    after each conv) gets one key per call: ``path``, ``path#2``, ... A call is a run of
    ops that nothing else in the enclosing layer interrupts. Parameters and constants
    (Paddle makes them before the forward runs) belong to the layer's first call."""
    keys: dict[int, list[str]] = {}
    calls: dict[str, int] = {}
    current: dict[tuple, str] = {}  # (enclosing key, path) -> the key of its current call
    last: dict[str, object] = {}  # enclosing key -> the child key (or op) that had the last op
    for op in top_ops:
        if op.category in ("parameter", "constant"):
            keys[op.id] = levels[op.id]
            continue
        parent, out = "", []
        for path in levels[op.id]:
            cur = current.get((parent, path))
            if cur is None or last.get(parent) != cur:
                n = calls[path] = calls.get(path, 0) + 1
                cur = current[(parent, path)] = path if n == 1 else f"{path}#{n}"
            last[parent] = cur
            out.append(cur)
            parent = cur
        last[parent] = op.id  # an op of the layer itself ends the run of its child's call
        keys[op.id] = out
    return keys, calls


def _with_inner(op: Op) -> Iterator[Op]:
    yield op
    for blk in op.blocks:
        for inner in blk.ops:
            yield from _with_inner(inner)


class Plan:
    """Which node stands for each op at one depth, the cluster tree, and the edges."""

    def __init__(self, index: GraphIndex, folds: Folds, top_ops: list[Op],
                 levels: dict[int, list[str]], depth: Depth,
                 opened: Optional[frozenset] = None, wrappers: frozenset = frozenset()):
        self.index, self.folds, self.depth = index, folds, depth
        self.repeats: dict[str, Repeat] = {}  # repeat node name (R1, ...) -> its runs
        # wrappers: layer paths drawn open whatever the depth; the depth counts the
        # levels below them (depth 1 of a BERT classifier: the parts of ``bert.encoder``)
        self.wrappers = wrappers
        # opened: the layer paths drawn open (an explorer's state); every other layer is
        # one node. None: open what lies above ``depth``.
        self.opened = opened
        self.node_of: dict[int, str] = {}  # op id -> DOT node name
        self.groups: dict[str, list[Op]] = {}  # collapsed node name -> its ops (all levels)
        self.group_path: dict[str, str] = {}
        self.group_name: dict[str, str] = {}  # layer path -> collapsed node name
        self.group_levels: dict[str, list[str]] = {}
        self.tree = LayerTree("")
        # the layer paths drawn open, outer first, in the forward's order (parameters and
        # constants, which Paddle makes first, last): the explorer's ``opened`` for this plan
        self.open_paths: dict[str, None] = {}
        self._edges: Optional[list] = None  # found once: the plan does not change after this
        made_first: dict[str, None] = {}
        keys, self.calls = call_keys(top_ops, levels)
        for op in top_ops:
            lv = levels[op.id]
            k = self._group_level(lv)
            opens = dict.fromkeys(lv if k is None else lv[: k - 1])
            (made_first if op.category in ("parameter", "constant") else self.open_paths).update(opens)
            if k is not None:
                self._add_to_group(op, lv, keys[op.id], k)
            elif self.is_drawn(op):
                self.tree.at(keys[op.id]).items.append(("op", op))
                self._map_op(op)
        self.open_paths.update(made_first)
        if depth != "all" and opened is None:  # depth "all" and the explorer draw every op
            self._fold_repeats(self.tree)
        self._ungroup_single_ops()

    def layer_title(self, key: str) -> str:
        """How a cluster or folded layer is titled: its path, and which call of it this
        is when the forward calls that layer more than once (``relu · call 2 of 3``)."""
        path, _, n = key.partition("#")
        total = self.calls.get(path, 1)
        return t("graph.layer_call", path=path, n=n or 1, total=total) if total > 1 else path

    def is_drawn(self, op: Op) -> bool:
        """Not folded into a label and not plumbing."""
        return op.id not in self.folds.folded and not is_transparent(op.name)

    def shown(self, ops: list[Op]) -> list[Op]:
        return [o for o in ops if self.is_drawn(o)]

    def _group_level(self, lv: list[str]) -> Optional[int]:
        """The level (1, 2, ...) whose layer stands for an op in layers ``lv``; None: the
        op is drawn itself."""
        if self.opened is not None:
            return next((k for k, key in enumerate(lv, 1) if key not in self.opened), None)
        if self.depth == "all":
            return None
        skipped = 0
        for k, key in enumerate(lv, 1):
            if key in self.wrappers:
                skipped += 1
            elif k - skipped >= self.depth:
                return k
        return None

    def _add_to_group(self, op: Op, lv: list[str], keys: list[str], k: int) -> None:
        key = keys[k - 1]
        name = self.group_name.get(key)
        if name is None:
            name = self.group_name[key] = f"L{len(self.group_name) + 1}"
            self.groups[name] = []
            self.group_path[name] = lv[k - 1]
            self.group_levels[name] = keys[:k]
            self.tree.at(keys[: k - 1]).items.append(("layer", name))
        for o in _with_inner(op):
            self.node_of[o.id] = name
            self.groups[name].append(o)

    def _ungroup_single_ops(self) -> None:
        """A layer of one plain op is drawn as that op, in its layer's cluster."""
        for name in list(self.groups):
            shown = self.shown(self.groups[name])
            if len(shown) != 1 or shown[0].blocks:
                continue
            lv = self.group_levels[name]
            self.tree.at(lv[:-1]).items.remove(("layer", name))
            self.tree.at(lv).items.append(("op", shown[0]))
            for o in self.groups.pop(name):
                del self.node_of[o.id]
            self._map_op(shown[0])

    def _fold_repeats(self, node: LayerTree) -> None:
        """Draw the first run of each repeated unit among ``node``'s items (the same ops
        with the same shapes and attributes at the same lines, see
        :func:`~d2s_lab.core.graph.repeats.repeated_runs`), then one node for the others."""
        for child in node.children.values():
            self._fold_repeats(child)
        items = node.items
        out = []
        ops_of = [self.groups[item] if kind == "layer" else list(_with_inner(item)) if kind == "op" else []
                  for kind, item in items]
        chained = chain_test(ops_of, self.index.graph.values)
        for i, k, runs in repeated_runs([self._signature(kind, item) for kind, item in items], chained):
            out.extend(items[i:i + k])
            if runs == 1:
                continue
            name = f"R{len(self.repeats) + 1}"
            ops: list[Op] = []
            for kind, item in items[i + k:i + k * runs]:
                if kind == "layer":
                    ops.extend(self.groups.pop(item))
                    del self.group_path[item], self.group_levels[item]
                else:
                    ops.extend(_with_inner(item))
            for o in ops:
                if o.id in self.node_of:
                    self.node_of[o.id] = name
            self.repeats[name] = Repeat(items[i:i + k], runs - 1, ops)
            out.append(("repeat", name))
        node.items = out

    def _signature(self, kind: str, item) -> Optional[tuple]:
        """What must be equal for two items to be runs of one unit; None: never folded
        (a control-flow op, a layer whose ops differ)."""
        if kind == "layer":
            ops = self.groups[item]
            return ("layer", self.group_path[item], tuple(self._op_signature(o) for o in ops))
        if kind != "op" or item.blocks or item.category in ("data", "parameter"):
            return None
        return self._op_signature(item)

    def _op_signature(self, op: Op) -> tuple:
        values = self.index.graph.values

        def shapes(vids):
            return tuple((tuple(v.shape) if v.shape is not None else None, v.dtype)
                         for v in (values.get(vid) for vid in vids) if v is not None)

        line = (op.source.file, op.source.line) if op.source is not None else None
        return op.name, line, computed_attrs(op), shapes(op.inputs), shapes(op.outputs), tuple(
            computed_attrs(c) for c in constant_inputs(op, self.index.graph.values, self.index.ops))

    def _map_op(self, op: Op) -> None:
        if not self.is_drawn(op):
            return
        self.node_of[op.id] = f"o{op.id}"
        for blk in op.blocks:
            for inner in blk.ops:
                self._map_op(inner)

    # -- edges ---------------------------------------------------------
    def sources(self, vid: str, depth: int = 0) -> list[str]:
        """The nodes a value comes from (through plumbing and while-body arguments)."""
        v = self.index.graph.values.get(vid)
        if v is None or depth > 50:
            return []
        if v.producer is None:
            outer = self.index.block_arg_src.get(vid)
            return self.sources(outer, depth + 1) if outer else []
        prod = self.index.ops.get(v.producer)
        if prod is None or prod.id in self.folds.folded:
            return []
        if prod.id in self.node_of:
            return [self.node_of[prod.id]]
        if is_transparent(prod.name):
            out = []
            for i in prod.inputs:
                out.extend(self.sources(i, depth + 1))
            return out
        return []

    def edges(self) -> list[tuple[str, str]]:
        """``(source node, target node)`` pairs, each once, in op order."""
        if self._edges is None:
            self._edges = self._find_edges()
        return list(self._edges)

    def _find_edges(self) -> list[tuple[str, str]]:
        seen, out = set(), []

        def add(src, dst):
            if src != dst and (src, dst) not in seen:
                seen.add((src, dst))
                out.append((src, dst))

        for op in self.index.graph.iter_ops():
            dst = self.node_of.get(op.id)
            if dst is None:
                continue
            for vid in op.inputs:
                for src in self.sources(vid):
                    add(src, dst)
            if op.short_name == "cf.yield" and op.id in self.index.parent:
                owner = self.node_of.get(self.index.parent[op.id].id)
                if owner:
                    add(dst, owner)
        for k, vid in enumerate(self.index.out_marks):
            for src in self.sources(vid):
                add(src, f"out{k}")
        return out

    def layer_io(self, name: str) -> tuple[list[str], list[str]]:
        """Values a collapsed layer (or folded repeat) reads from outside it, and values
        it hands out."""
        ops = self.groups[name] if name in self.groups else self.repeats[name].ops
        ids = {o.id for o in ops}
        values, consumers, folded = self.index.graph.values, self.index.consumers, self.folds.text
        ins, outs = [], []
        for o in ops:
            for vid in o.inputs:
                v = values.get(vid)
                if (v is not None and vid not in folded and v.producer not in ids
                        and vid not in ins and self.sources(vid)):
                    ins.append(vid)
            for vid in o.outputs:
                if vid in folded:
                    continue
                used = [c for c in consumers.get(vid, []) if c not in ids]
                if (used or vid in self.index.graph.outputs) and vid not in outs:
                    outs.append(vid)
        return ins, outs

    def node_count(self) -> int:
        return len(set(self.node_of.values())) + len(self.index.out_marks)

    def cost(self) -> int:
        """Layout cost (:func:`~d2s_lab.viz.dot.drawing.layout_units`)."""
        return layout_units(self.node_count(), len(self.edges()), self.tree.count())


@dataclass
class Repeat:
    """Runs of a repeated unit folded into one node: ``unit`` the items drawn for the
    first run, ``runs`` how many more, ``ops`` every op of those runs."""

    unit: list
    runs: int
    ops: list


@dataclass
class Layout:
    """The plan drawn, and how it was chosen."""

    plan: Plan
    requested_depth: Depth
    auto_collapsed: bool
    full_cost: int  # layout cost at the requested depth
    max_depth: int  # deepest layer nesting in the graph
    shown_nodes: int = 0  # nodes drawn when the drawing was cut short (0: not cut)
    total_nodes: int = 0  # nodes of the whole drawing at the depth drawn, when cut
    max_nodes: int = 0  # the node limit, when it (not the budget) made the drawing smaller


def choose_layout(index: GraphIndex, folds: Folds, depth: Depth, budget: Optional[int],
                  opened: Optional[frozenset] = None, max_nodes: Optional[int] = None,
                  open_first: tuple = ()) -> Layout:
    """The plan at ``depth``, or, when its cost is over ``budget`` (or it has more than
    ``max_nodes`` nodes: a notebook cell's drawing), at the deepest depth that fits (depth
    1 at worst); ``None``: no limit. ``opened``: draw exactly these layers open, every
    other layer one node (an explorer's state); the limits then only cut.

    When even that is over a limit (a graph without layers to collapse, or too many
    top-level ops), only the first ops in program order that fit are drawn, and the
    layout says how many nodes were left out.

    ``open_first``: layers, in order, drawn open before the depth is counted (the
    subgraphs of a SOT run, each a cluster of its ops) while the drawing fits; where it
    does not, the first of them that fit stay open and the rest are one node each."""
    if open_first and opened is None:
        first = _choose(index, folds, depth, budget, None, max_nodes, frozenset(open_first))
        if not first.total_nodes:
            return first
        # each part one node but the first ones, as many as fit (found by halving)
        parts = list(open_first)
        plain = _choose(index, folds, depth, budget, None, max_nodes, frozenset(), own_wrappers=False)
        lo, hi = 1, len(parts) - 1
        while lo <= hi:
            mid = (lo + hi) // 2
            trial = _choose(index, folds, depth, budget, None, max_nodes, frozenset(parts[:mid]),
                            own_wrappers=False)
            if trial.total_nodes:
                hi = mid - 1
            else:
                plain, lo = trial, mid + 1
        plain.auto_collapsed, plain.full_cost = True, first.full_cost
        plain.max_nodes = plain.max_nodes or first.max_nodes
        return plain
    return _choose(index, folds, depth, budget, opened, max_nodes, frozenset())


def _choose(index: GraphIndex, folds: Folds, depth: Depth, budget: Optional[int],
            opened: Optional[frozenset], max_nodes: Optional[int], open_first: frozenset,
            own_wrappers: bool = True) -> Layout:
    """:func:`choose_layout` with ``open_first`` drawn open as wrappers; ``own_wrappers``:
    look for the graph's own wrappers too (:func:`find_wrappers`)."""
    top_ops = [op for op in index.graph.iter_ops() if op.id not in index.parent]
    levels = {op.id: layer_levels(op.layer) for op in top_ops}
    max_depth = max((len(v) for v in levels.values()), default=0)
    found = find_wrappers(index, folds, top_ops, levels) if own_wrappers and opened is None else frozenset()
    wrappers = (found | open_first) if opened is None else frozenset()
    plan = Plan(index, folds, top_ops, levels, depth, opened, wrappers)
    full_cost = plan.cost()
    # the node limit, where it alone makes this drawing smaller (the notes say which)
    capped = max_nodes if (max_nodes is not None and plan.node_count() > max_nodes
                           and not (budget is not None and full_cost > budget)) else 0

    def over(p: Plan) -> bool:
        return (budget is not None and p.cost() > budget) or (max_nodes is not None and p.node_count() > max_nodes)

    auto = False
    if over(plan) and max_depth and opened is None:
        start = max_depth - 1 if depth == "all" else min(depth, max_depth) - 1
        for d in range(start, 0, -1):
            smaller = Plan(index, folds, top_ops, levels, d, None, wrappers)
            if not over(smaller) or d == 1:
                plan, auto = smaller, True
                break
    if over(plan):
        total = plan.node_count()
        keep = _prefix_that_fits(plan, top_ops, budget, max_nodes)
        plan = Plan(index, folds, top_ops[:keep], levels, plan.depth, opened, plan.wrappers)
        return Layout(plan, depth, auto, full_cost, max_depth, plan.node_count(), total, capped)
    return Layout(plan, depth, auto, full_cost, max_depth, max_nodes=capped if auto else 0)


def opened_at(index: GraphIndex, folds: Folds, depth: Depth, budget: Optional[int],
              open_first: tuple = ()) -> list[str]:
    """The layer paths the drawing at ``depth`` draws open (its wrappers, the levels above
    ``depth``, a shallower depth where the drawing is over ``budget``), outer first:
    drawn with exactly these open, a graph looks as that drawing does (where the
    explorer starts, so its first view is the report's)."""
    return list(choose_layout(index, folds, depth, budget, open_first=open_first).plan.open_paths)


def find_wrappers(index: GraphIndex, folds: Folds, top_ops: list[Op],
                  levels: dict[int, list[str]]) -> frozenset:
    """The layers that wrap most of the model (see :data:`WRAPPER_SHARE`), outermost
    first, each opened while the depth-1 drawing stays within :data:`READABLE_NODES`
    nodes: a library model's ``bert`` and ``bert.encoder``, so its first view shows the
    embeddings, the mask, each encoder layer, the pooler and the classifier. Then, while
    the drawing has fewer than :data:`FEW_NODES` nodes, its layers that are not items of a
    layer list, all together (a U-Net's ``encode`` and ``decode``) or, where that is too
    many nodes, the largest first."""
    wrappers: frozenset = frozenset()
    plan = Plan(index, folds, top_ops, levels, 1)
    total = sum(1 for op in index.graph.iter_ops() if plan.is_drawn(op))
    while plan.groups:
        name = max(plan.groups, key=lambda n: len(plan.shown(plan.groups[n])))
        shown = len(plan.shown(plan.groups[name]))
        path = plan.group_path[name]
        if shown < WRAPPER_MIN_OPS or shown < WRAPPER_SHARE * total or path in wrappers:
            break
        if plan.calls.get(path, 1) > 1:
            break  # a layer called several times is a part, not a wrapper
        wider = Plan(index, folds, top_ops, levels, 1, None, wrappers | {path})
        if wider.node_count() > READABLE_NODES:
            break
        wrappers, plan = wrappers | {path}, wider
    while total >= WRAPPER_MIN_OPS and plan.node_count() < FEW_NODES:
        # all of them at once (a U-Net's encode and decode side by side), else the largest
        paths = [plan.group_path[n] for n in sorted(plan.groups, key=lambda n: -len(plan.shown(plan.groups[n])))
                 if not _list_item(plan.group_path[n])]
        tries = (Plan(index, folds, top_ops, levels, 1, None, wrappers | set(opening))
                 for opening in ([paths] if len(paths) > 1 else []) + [[p] for p in paths])
        wider = next((w for w in tries if plan.node_count() < w.node_count() <= READABLE_NODES), None)
        if wider is None:
            break
        wrappers, plan = wider.wrappers, wider
    return wrappers


def _list_item(path: str) -> bool:
    """An item of a layer list (``encoder.layers.2``): a stack of such items drawn as one
    node each already shows its structure."""
    return path.rsplit(".", 1)[-1].isdigit()


def _prefix_that_fits(plan: Plan, top_ops: list[Op], budget: Optional[int], max_nodes: Optional[int]) -> int:
    """How many top-level ops, in program order, can be drawn within ``budget`` (layout
    units) and ``max_nodes``: each node and edge counted from the first op that needs it
    (clusters counted whole)."""
    first: dict[str, int] = {f"out{k}": -1 for k in range(len(plan.index.out_marks))}
    for i, op in enumerate(top_ops):
        for o in _with_inner(op):
            name = plan.node_of.get(o.id)
            if name is not None and name not in first:
                first[name] = i
    need = [0] * (len(top_ops) + 1)  # layout units first needed by op i (index + 1)
    nodes = [0] * (len(top_ops) + 1)  # nodes first needed by op i (index + 1)
    fixed = len(plan.index.out_marks) + 2 * plan.tree.count()
    for i in first.values():
        if i >= 0:
            need[i + 1] += 1
            nodes[i + 1] += 1
    for src, dst in plan.edges():
        need[max(first.get(src, 0), first.get(dst, 0)) + 1] += 1
    budget = float("inf") if budget is None else budget
    max_nodes = float("inf") if max_nodes is None else max_nodes
    total, count, keep = fixed + need[0], len(plan.index.out_marks) + nodes[0], 0
    for i in range(len(top_ops)):
        total += need[i + 1]
        count += nodes[i + 1]
        if (total > budget or count > max_nodes) and keep:
            break
        keep = i + 1
    return keep


__all__ = ["Depth", "LayerTree", "Layout", "Plan", "Repeat", "call_keys", "choose_layout", "find_wrappers",
           "layer_levels", "opened_at"]
