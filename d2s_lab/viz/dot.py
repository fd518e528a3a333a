"""Build Graphviz DOT text for a :class:`~d2s_lab.core.graph.Graph`.

One node per op, shaped and coloured by category; the label holds the short op
name, key attributes, folded parameters/constants and the output shapes (shapes
live in the producer's label, never on edges). Layers become clusters (or one
collapsed node each, by ``depth``), ``if``/``while`` sub-blocks nested clusters.
Everything user-controlled is escaped for DOT strings and HTML-like labels.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Dict, Iterable, List, Optional, Set, Tuple, Union

from ..core.graph import CATEGORY_LABELS, Graph, Op, format_shape, short_dtype
from .palette import CATEGORY_COLORS, CATEGORY_SHAPES, HIGHLIGHT_COLOR, LAYER_COLOR, tint

# Layout cost (nodes + edges + clusters) above which the drawing is collapsed by layer.
DEFAULT_BUDGET = 4000
# Above this many nodes dot gets iteration limits: a bounded, slightly less tidy layout.
LIMIT_NODES = 250
DOT_LIMITS = {"nslimit": "2", "nslimit1": "2", "mclimit": "0.3"}

_CONST_OPS = {"full", "full_int_array", "assign_value", "assign_value_", "builtin.constant"}
_TRANSPARENT = {"builtin.combine", "builtin.split", "builtin.slice"}
_PARAM_VIEW_OPS = {"reshape", "unsqueeze", "squeeze", "transpose", "cast", "flatten"}
_PARAM_SHORT = {"weight": "W", "bias": "b", "_mean": "mean", "_variance": "var",
                "scale": "scale", "embedding": "E"}
# Operand names of common ops, for labelling folded constant operands.
_OPERANDS = {
    "pool2d": ["x", "k"], "reshape": ["x", "shape"], "squeeze": ["x", "axis"],
    "unsqueeze": ["x", "axis"], "sum": ["x", "axis"], "mean": ["x", "axis"],
    "max": ["x", "axis"], "min": ["x", "axis"], "prod": ["x", "axis"], "scale": ["x", "scale"],
    "full_like": ["x", "value"], "slice": ["x", "starts", "ends"], "split": ["x", "sections", "axis"],
    "split_with_num": ["x", "axis"], "concat": ["x", "axis"], "expand": ["x", "shape"],
    "tile": ["x", "repeat"], "gather": ["x", "index", "axis"], "clip": ["x", "min", "max"],
    "arange": ["start", "end", "step"], "stack": ["x"], "logsumexp": ["x", "axis"],
    "cumsum": ["x", "axis"], "argmax": ["x", "axis"], "argmin": ["x", "axis"],
}
_KEY_ATTRS = ("axis", "axes", "perm", "keepdim", "porder", "begin_norm_axis", "start_axis",
              "stop_axis", "approximate", "negative_slope", "mode", "p", "num", "bias")
_CTRL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def dot_str(text) -> str:
    """A quoted DOT string: backslashes, quotes and newlines cannot break out or expand."""
    s = _CTRL.sub("", "" if text is None else str(text))
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def html_text(text) -> str:
    """Text for a Graphviz HTML-like label: markup characters become entities."""
    s = _CTRL.sub("", "" if text is None else str(text))
    return (s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#39;"))


def _clip(text: str, n: int = 44) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"


def _num(v) -> str:
    if isinstance(v, bool):
        return "T" if v else "F"
    if isinstance(v, float):
        return f"{v:g}"
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_num(x) for x in v) + "]"
    return str(v)


def _dims(shape) -> str:
    if shape is None:
        return "?"
    if not shape:
        return "[]"
    return "x".join("N" if d < 0 else str(d) for d in shape)


def _same(v) -> str:
    """``[2, 2]`` -> ``2``; ``[2, 1]`` -> ``2x1``."""
    if isinstance(v, (list, tuple)):
        if v and all(x == v[0] for x in v):
            return _num(v[0])
        return "x".join(_num(x) for x in v)
    return _num(v)


@dataclass
class DotGraph:
    """DOT text plus what went into it (for the view's caption and the tests)."""

    dot: str
    nodes: int
    edges: int
    clusters: int
    depth: Union[int, str]  # the depth drawn
    requested_depth: Union[int, str]
    auto_collapsed: bool = False
    full_cost: int = 0  # layout cost at the requested depth
    cost: int = 0  # layout cost of what is drawn
    limited: bool = False  # dot iteration limits in use
    categories: List[str] = field(default_factory=list)
    max_depth: int = 0  # deepest layer nesting in the graph
    highlighted: int = 0


def _levels(layer: str) -> List[str]:
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


class _Builder:
    def __init__(self, graph: Graph, params: bool, constants: bool):
        self.g = graph
        self.params = params
        self.constants = constants
        self.ops: Dict[int, Op] = {}
        self.parent: Dict[int, Op] = {}  # sub-block op id -> the op owning the block
        self.consumers: Dict[str, List[int]] = {}
        self.block_arg_src: Dict[str, str] = {}  # while body arg -> outer init value
        for op in graph.iter_ops():
            self.ops[op.id] = op
            for vid in op.inputs:
                self.consumers.setdefault(vid, []).append(op.id)
            for k, blk in enumerate(op.blocks):
                for inner in blk.ops:
                    self.parent[inner.id] = op
                if op.short_name == "while":
                    for i, a in enumerate(blk.args):
                        if i + 1 < len(op.inputs):
                            self.block_arg_src[a] = op.inputs[i + 1]
        # graph outputs that no fetch/shadow_output op already marks
        self.out_marks = [vid for vid in graph.outputs if not any(
            self.ops[c].category == "data" for c in self.consumers.get(vid, []))]
        self.folded: Set[int] = set()
        self.fold_text: Dict[str, str] = {}  # value id -> text shown in consumers' labels
        self.param_fold: Set[str] = set()  # folded values that stand for parameters
        self._plan_folds()

    # -- folding -------------------------------------------------------
    def _param_text(self, vid: str) -> str:
        v = self.g.values.get(vid)
        if v is None:
            return "?"
        name = v.name or v.param_name or "param"
        last = name.rsplit(".", 1)[-1]
        last = {"w_0": "W", "b_0": "b"}.get(last, last)  # Paddle's own names (saved files)
        return f"{_PARAM_SHORT.get(last, last)} {_dims(v.shape)}"

    def _const_text(self, op: Op) -> str:
        val = op.attrs.get("value")
        if isinstance(val, list) and len(val) > 6:
            return f"[{len(val)} ints]"
        return _num(val) if val is not None else op.short_name

    def _plan_folds(self) -> None:
        for op in self.g.iter_ops():
            sn = op.short_name
            ins = [v for v in op.inputs if v not in self.fold_text]
            if op.name == "builtin.parameter" and not self.params:
                self._fold(op, [self._param_text(v) for v in op.outputs], param=True)
            elif sn in _CONST_OPS and not ins and not (self.constants and op.outputs):
                self._fold(op, [self._const_text(op)] * len(op.outputs))
            elif (not self.params and sn in _PARAM_VIEW_OPS and op.inputs
                  and all(self._is_const(v) for v in ins)
                  and any(v in self.param_fold for v in op.inputs)):
                # reshape(bias) and the like: shown as the parameter they view
                src = next(v for v in op.inputs if v in self.param_fold)
                self._fold(op, [self.fold_text[src]] * len(op.outputs), param=True)
        if self.constants:  # constants whose consumers are all folded fold too
            for op in self.g.iter_ops():
                if op.short_name in _CONST_OPS and op.id not in self.folded and op.outputs and all(
                    c in self.folded for v in op.outputs for c in self.consumers.get(v, [])
                ) and any(self.consumers.get(v) for v in op.outputs):
                    self._fold(op, [self._const_text(op)] * len(op.outputs))

    def _is_const(self, vid: str) -> bool:
        v = self.g.values.get(vid)
        prod = self.ops.get(v.producer) if v is not None and v.producer is not None else None
        return prod is not None and prod.short_name in _CONST_OPS and not prod.inputs

    def _fold(self, op: Op, texts: List[str], param: bool = False) -> None:
        self.folded.add(op.id)
        for vid, t in zip(op.outputs, texts):
            self.fold_text[vid] = t
            if param:
                self.param_fold.add(vid)

    # -- labels --------------------------------------------------------
    def _out_text(self, vids: Iterable[str]) -> List[str]:
        lines = []
        vids = list(vids)
        for vid in vids[:3]:
            v = self.g.values.get(vid)
            if v is None:
                continue
            lines.append(f"{format_shape(v.shape)} {short_dtype(v.dtype)}".strip())
        if len(vids) > 3:
            lines.append(f"+{len(vids) - 3} more")
        return lines

    def key_attrs(self, op: Op) -> str:
        a, sn, parts = op.attrs, op.short_name, []
        if op.category == "conv":
            w = self.g.values.get(op.inputs[1]) if len(op.inputs) > 1 else None
            if w is not None and w.shape and len(w.shape) > 2:
                parts.append("k" + "x".join(str(d) for d in w.shape[2:]))
            if "strides" in a:
                parts.append("s" + _same(a["strides"]))
            alg = a.get("padding_algorithm", "EXPLICIT")
            parts.append("p" + (_same(a.get("paddings", 0)) if alg == "EXPLICIT" else f" {alg}"))
            if a.get("dilations") and any(d != 1 for d in a["dilations"]):
                parts.append("d" + _same(a["dilations"]))
            if a.get("groups", 1) != 1:
                parts.append(f"g{a['groups']}")
        elif sn == "pool2d":
            parts.append(str(a.get("pooling_type", "")))
            if a.get("adaptive"):
                parts.append("adaptive")
            elif a.get("global_pooling"):
                parts.append("global")
            else:
                if "strides" in a:
                    parts.append("s" + _same(a["strides"]))
                if "paddings" in a:
                    parts.append("p" + _same(a["paddings"]))
        elif sn == "matmul":
            if a.get("transpose_x"):
                parts.append("Xᵀ")
            if a.get("transpose_y"):
                parts.append("Yᵀ")
        elif sn in ("cast", "cast_"):
            parts.append(f"→ {short_dtype(str(a.get('dtype', '')))}")
        elif sn == "data":
            pass
        elif op.category == "constant":
            if "value" in a:
                parts.append("= " + self._const_text(op))
        else:
            for k in _KEY_ATTRS:
                if k in a and not (k == "bias" and a[k] in (0, 0.0)) and not (
                        k == "keepdim" and not a[k]):
                    parts.append(f"{k} {_num(a[k])}" if k != "keepdim" else "keepdim")
        # folded constant operands, named where the op's operands are known
        names = _OPERANDS.get(sn.rstrip("_")) or (
            ["x", "y"] if op.category == "elementwise" else
            ["cond"] + ["init"] * len(op.inputs) if sn == "while" else [])
        for i, vid in enumerate(op.inputs):
            if vid in self.fold_text and vid not in self.param_fold:
                nm = names[i] if i < len(names) else f"in{i}"
                parts.append(f"{nm} {self.fold_text[vid]}")
        return _clip(" ".join(p for p in parts if p), 48)

    def param_line(self, ops: Iterable[Op]) -> str:
        ops = list(ops)
        ids = {o.id for o in ops}
        seen, texts = set(), []
        for op in ops:
            for vid in op.inputs:
                v = self.g.values.get(vid)
                if v is not None and v.producer in ids and v.kind != "parameter":
                    continue  # a view of a parameter this group already lists
                if vid in self.param_fold and vid not in seen:
                    seen.add(vid)
                    texts.append(self.fold_text[vid])
        if len(texts) > 4:
            texts = texts[:3] + [f"+{len(texts) - 3}"]
        return ", ".join(texts)

    def op_label(self, op: Op) -> str:
        sn = op.short_name.replace("builtin.", "").replace("cf.", "")
        head = sn
        if op.name == "pd_op.data":
            head = f"{op.attrs.get('name', '') or 'input'}"
        elif op.name == "builtin.parameter":
            v = self.g.values.get(op.outputs[0]) if op.outputs else None
            head = (v.name if v is not None and v.name else str(op.attrs.get("parameter_name", "")))
        lines = []
        attrs = self.key_attrs(op)
        if op.name == "pd_op.data":
            attrs = "input"
        if attrs:
            lines.append(attrs)
        pl = self.param_line([op])
        if pl:
            lines.append(_clip(pl, 48))
        lines.extend(self._out_text(self.used_outputs(op)))
        return _html_label(head, lines)

    def used_outputs(self, op: Op) -> List[str]:
        """Outputs something reads (batch_norm's saved statistics are left out)."""
        used = [v for v in op.outputs if v in self.consumers or v in self.g.outputs]
        return used or op.outputs[:1]


def _html_label(head: str, lines: List[str]) -> str:
    body = "<BR/>".join(html_text(x) for x in lines)
    if body:
        body = '<BR/><FONT POINT-SIZE="8">' + body + "</FONT>"
    return "<<B>" + html_text(head) + "</B>" + body + ">"


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


def _tooltip(op: Op) -> str:
    where = str(op.source) if op.source is not None else "line unknown"
    return f"{op.name} · layer {op.layer or '(top level)'} · {where}"


def build_dot(
    graph: Graph,
    depth: Union[int, str] = 1,
    params: bool = False,
    constants: bool = False,
    rankdir: str = "TB",
    highlight: Optional[Iterable[int]] = None,
    title: Optional[str] = None,
    budget: Optional[int] = DEFAULT_BUDGET,
) -> DotGraph:
    """DOT text for ``graph``; see :func:`d2s_lab.viz.graph_view.draw_graph` for the options.

    ``budget`` bounds the layout cost (nodes + edges + clusters); a drawing over it
    is collapsed to the deepest layer depth that fits (``None``: no limit).
    """
    depth = _check_depth(depth)
    rankdir = str(rankdir).upper()
    if rankdir not in ("TB", "LR", "BT", "RL"):
        raise ValueError(f"rankdir must be TB or LR (or BT, RL), not {rankdir!r}.")
    hl = {int(h) for h in (highlight or ())}
    b = _Builder(graph, params, constants)
    top_ops = [op for op in graph.iter_ops() if op.id not in b.parent]
    levels = {op.id: _levels(op.layer) for op in top_ops}
    max_depth = max((len(v) for v in levels.values()), default=0)

    def cost_at(d) -> int:
        return _Plan(b, graph, top_ops, levels, d).cost()

    requested = depth
    plan = _Plan(b, graph, top_ops, levels, depth)
    full_cost = plan.cost()
    auto = False
    if budget is not None and full_cost > budget and max_depth:
        start = max_depth - 1 if depth == "all" else min(depth, max_depth) - 1
        for d in range(start, 0, -1):
            if cost_at(d) <= budget or d == 1:
                plan = _Plan(b, graph, top_ops, levels, d)
                depth, auto = d, True
                break
    return plan.emit(rankdir, hl, title, requested, depth, auto, full_cost, max_depth)


def _check_depth(depth):
    if isinstance(depth, str):
        if depth.strip().lower() == "all":
            return "all"
        if depth.strip().isdigit():
            depth = int(depth)
        else:
            raise ValueError(f"depth must be a positive integer or 'all', not {depth!r}.")
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 1:
        raise ValueError(f"depth must be a positive integer or 'all', not {depth!r}.")
    return depth


class _Plan:
    """Which node stands for each op at one depth, and the cluster tree."""

    def __init__(self, b: _Builder, graph: Graph, top_ops: List[Op], levels, depth):
        self.b, self.g, self.depth = b, graph, depth
        self.node_of: Dict[int, str] = {}  # op id -> DOT node name
        self.groups: Dict[str, List[Op]] = {}  # collapsed node name -> its ops (all levels)
        self.group_path: Dict[str, str] = {}
        self.group_name: Dict[str, str] = {}  # layer path -> collapsed node name
        self.group_levels: Dict[str, List[str]] = {}
        self.tree = _Tree("")
        for op in top_ops:
            lv = levels[op.id]
            if depth != "all" and len(lv) >= depth:
                key = lv[depth - 1]
                name = self.group_name.get(key)
                if name is None:
                    name = self.group_name[key] = f"L{len(self.group_name) + 1}"
                    self.groups[name] = []
                    self.group_path[name] = key
                    self.group_levels[name] = lv[:depth]
                    self.tree.at(lv[: depth - 1]).items.append(("layer", name))
                for o in _with_inner(op):
                    self.node_of[o.id] = name
                    self.groups[name].append(o)
                continue
            if op.id in b.folded or op.name in _TRANSPARENT:
                continue
            self.tree.at(lv).items.append(("op", op))
            self._map_op(op)
        # a layer of one plain op is drawn as that op, in its layer's cluster
        for name in list(self.groups):
            shown = [o for o in self.groups[name] if o.id not in b.folded and o.name not in _TRANSPARENT]
            if len(shown) != 1 or shown[0].blocks:
                continue
            lv = self.group_levels[name]
            self.tree.at(lv[:-1]).items.remove(("layer", name))
            self.tree.at(lv).items.append(("op", shown[0]))
            for o in self.groups.pop(name):
                del self.node_of[o.id]
            self._map_op(shown[0])

    def _map_op(self, op: Op) -> None:
        if op.id in self.b.folded or op.name in _TRANSPARENT:
            return
        self.node_of[op.id] = f"o{op.id}"
        for blk in op.blocks:
            for inner in blk.ops:
                self._map_op(inner)

    # -- edges ---------------------------------------------------------
    def sources(self, vid: str, depth: int = 0) -> List[str]:
        v = self.g.values.get(vid)
        if v is None or depth > 50:
            return []
        if v.producer is None:
            outer = self.b.block_arg_src.get(vid)
            return self.sources(outer, depth + 1) if outer else []
        prod = self.b.ops.get(v.producer)
        if prod is None or prod.id in self.b.folded:
            return []
        if prod.id in self.node_of:
            return [self.node_of[prod.id]]
        if prod.name in _TRANSPARENT:
            out = []
            for i in prod.inputs:
                out.extend(self.sources(i, depth + 1))
            return out
        return []

    def edges(self) -> List[Tuple[str, str]]:
        seen, out = set(), []

        def add(src, dst):
            if src != dst and (src, dst) not in seen:
                seen.add((src, dst))
                out.append((src, dst))

        for op in self.g.iter_ops():
            dst = self.node_of.get(op.id)
            if dst is None:
                continue
            for vid in op.inputs:
                for src in self.sources(vid):
                    add(src, dst)
            if op.short_name == "cf.yield" and op.id in self.b.parent:
                owner = self.node_of.get(self.b.parent[op.id].id)
                if owner:
                    add(dst, owner)
        for k, vid in enumerate(self.b.out_marks):
            for src in self.sources(vid):
                add(src, f"out{k}")
        return out

    def cost(self) -> int:
        nodes = len(set(self.node_of.values())) + len(self.b.out_marks)
        return nodes + len(self.edges()) + 2 * self.tree.count()

    # -- emitting ------------------------------------------------------
    def emit(self, rankdir, hl, title, requested, depth, auto, full_cost, max_depth) -> DotGraph:
        b = self.b
        edges = self.edges()
        nodes = len(set(self.node_of.values())) + len(self.b.out_marks)
        limited = nodes > LIMIT_NODES
        cats: Set[str] = set()
        lines = [
            "digraph G {",
            f'graph [rankdir={rankdir} fontname="Helvetica" fontsize=11 nodesep=0.2 ranksep=0.28 '
            'newrank=true bgcolor="transparent" outputorder=edgesfirst'
            + "".join(f" {k}={v}" for k, v in DOT_LIMITS.items() if limited) + "]",
            'node [fontname="Helvetica" fontsize=10 margin="0.08,0.05" height=0.3 penwidth=1]',
            'edge [arrowsize=0.5 color="#6e7781" penwidth=0.8]',
        ]
        if title:
            lines.append(f'labelloc=t label=<<B>{html_text(title)}</B>>')
        counter = [0]
        nhl = [0]

        def op_node(op: Op, indent: str) -> None:
            cats.add(op.category)
            name = f"o{op.id}"
            cls = "d2s-op" + (f" d2s-line-{op.source.line}" if op.source is not None else "")
            extra = ""
            if op.id in hl:
                extra = f' color="{HIGHLIGHT_COLOR}" penwidth=3'
                nhl[0] += 1
            lines.append(
                f"{indent}{name} [id=\"d2s-op-{op.id}\" class=\"{cls}\" {_node_style(op.category)}"
                f"{extra} tooltip={dot_str(_tooltip(op))} label={b.op_label(op)}]"
            )
            for blk in op.blocks:
                counter[0] += 1
                lines.append(f"{indent}subgraph cluster_{counter[0]} {{")
                lines.append(
                    f'{indent}  label=<{html_text(op.short_name + " · " + blk.label)}> '
                    f'style="dashed,rounded" color="{CATEGORY_COLORS["control"]}" fontsize=9'
                )
                for inner in blk.ops:
                    if inner.id in b.folded or inner.name in _TRANSPARENT:
                        continue
                    op_node(inner, indent + "  ")
                lines.append(f"{indent}}}")

        def layer_node(name: str, indent: str) -> None:
            ops = self.groups[name]
            path = self.group_path[name]
            shown = [o for o in ops if o.id not in b.folded and o.name not in _TRANSPARENT]
            counts: Dict[str, int] = {}
            for o in shown:
                counts[o.short_name] = counts.get(o.short_name, 0) + 1
            top = sorted(counts.items(), key=lambda kv: -kv[1])[:3]
            summary = f"{len(shown)} ops: " + ", ".join(f"{k}×{v}" if v > 1 else k for k, v in top)
            if len(counts) > 3:
                summary += ", …"
            ids = {o.id for o in ops}
            ins, outs = [], []
            for o in ops:
                for vid in o.inputs:
                    v = self.g.values.get(vid)
                    if (v is not None and vid not in b.fold_text and v.producer not in ids
                            and vid not in ins and self.sources(vid)):
                        ins.append(vid)
                for vid in o.outputs:
                    if vid in b.fold_text:
                        continue
                    used = [c for c in b.consumers.get(vid, []) if c not in ids]
                    if (used or vid in self.g.outputs) and vid not in outs:
                        outs.append(vid)
            rows = [_clip(summary, 52)]
            pl = b.param_line(ops)
            if pl:
                rows.append(_clip(pl, 52))
            rows += ["in " + t for t in b._out_text(ins)]
            rows += ["out " + t for t in b._out_text(outs)]
            lines_ = sorted({o.source.line for o in ops if o.source is not None})[:20]
            cls = "d2s-layer" + "".join(f" d2s-line-{n}" for n in lines_)
            extra = ""
            if ids & hl:
                extra = f' color="{HIGHLIGHT_COLOR}" penwidth=3'
                nhl[0] += len(ids & hl)
            hint = ("; draw with depth='all' to expand" if depth == "all" or auto
                    else f"; draw with depth={depth + 1} or 'all' to expand")
            tip = f"layer {path}: {len(shown)} ops{hint}"
            lines.append(
                f'{indent}{name} [id={dot_str("d2s-layer-" + path)} class="{cls}" shape=folder '
                f'style=filled fillcolor="{tint(LAYER_COLOR, 0.85)}" color="{LAYER_COLOR}"{extra} '
                f"tooltip={dot_str(tip)} label={_html_label(path, rows)}]"
            )

        def emit_tree(t: "_Tree", indent: str) -> None:
            for kind, item in t.items:
                if kind == "op":
                    op_node(item, indent)
                else:
                    layer_node(item, indent)
            for key, child in t.children.items():
                counter[0] += 1
                lines.append(f"{indent}subgraph cluster_{counter[0]} {{")
                lines.append(
                    f'{indent}  label=<{html_text(key)}> labeljust=l style="rounded" '
                    f'color="{tint(LAYER_COLOR, 0.4)}" fontcolor="{LAYER_COLOR}" fontsize=9'
                )
                emit_tree(child, indent + "  ")
                lines.append(f"{indent}}}")

        emit_tree(self.tree, "")
        for k, vid in enumerate(self.b.out_marks):
            v = self.g.values.get(vid)
            shape = f"{format_shape(v.shape)} {short_dtype(v.dtype)}".strip() if v else ""
            lines.append(
                f'out{k} [id="d2s-output-{k}" class="d2s-output" shape=cds margin="0.2,0.1" style=filled '
                f'fillcolor="{tint(CATEGORY_COLORS["data"], 0.55)}" color="{CATEGORY_COLORS["data"]}" '
                f"tooltip={dot_str('graph output ' + str(k) + ' ' + shape)} "
                f"label={_html_label('output' + (f' {k}' if len(self.b.out_marks) > 1 else ''), [])}]"
            )
        if self.b.out_marks:
            cats.add("data")
        for src, dst in edges:
            lines.append(f"{src} -> {dst}")
        lines.append("}")
        order = [c for c in CATEGORY_LABELS if c in cats]
        return DotGraph(
            dot="\n".join(lines) + "\n", nodes=nodes, edges=len(edges), clusters=counter[0],
            depth=depth, requested_depth=requested, auto_collapsed=auto, full_cost=full_cost,
            cost=nodes + len(edges) + 2 * counter[0], limited=limited, categories=order,
            max_depth=max_depth, highlighted=nhl[0],
        )


def _with_inner(op: Op):
    yield op
    for blk in op.blocks:
        for inner in blk.ops:
            yield from _with_inner(inner)


class _Tree:
    def __init__(self, key: str):
        self.key = key
        self.items: List[tuple] = []
        self.children: Dict[str, "_Tree"] = {}

    def at(self, path: List[str]) -> "_Tree":
        t = self
        for p in path:
            if p not in t.children:
                t.children[p] = _Tree(p)
            t = t.children[p]
        return t

    def count(self) -> int:
        return sum(1 + c.count() for c in self.children.values())


__all__ = ["build_dot", "DotGraph", "dot_str", "html_text"]
