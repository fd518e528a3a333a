"""What the drawing says about each op: folded parameters and constants, and label text.

Parameters (``W 32x3x3x3``, ``b 32``) and constant operands (``axis [2, 3]``) are
folded into their consumers' labels instead of being drawn as nodes, unless the
view asks for them.  An op's label holds its short name, key attributes, folded
operands and the shapes of the outputs something reads.  Which ops are constants
or plumbing, and which attributes matter, comes from :mod:`d2s_lab.core.graph.ops`.
"""
from __future__ import annotations

from collections.abc import Iterable

from d2s_lab.core.graph.model import Graph, Op
from d2s_lab.core.graph.ops import (KEY_ATTRS, OPERANDS, PARAM_VIEW_OPS, SHAPE_MATH_OPS, SHAPE_READ_OPS,
                                    TRANSPARENT_OPS, is_const_op, is_output_op)
from d2s_lab.core.graph.shapes import dims_text, shape_and_dtype, short_dtype
from d2s_lab.text import t

# Last part of a parameter's name -> its short form in labels.
_PARAM_SHORT = {"weight": "W", "bias": "b", "_mean": "mean", "_variance": "var",
                "scale": "scale", "embedding": "E"}
# Paddle's own parameter names (saved files): conv2d_0.w_0, conv2d_0.b_0.
_PADDLE_PARAM_SHORT = {"w_0": "W", "b_0": "b"}
MAX_OUTPUT_LINES = 3  # output shapes listed per node, then "+N more"


def clip(text: str, n: int = 44) -> str:
    """``text`` cut to ``n`` characters, ending in … when cut."""
    return text if len(text) <= n else text[: n - 1] + "…"


def num_text(v) -> str:
    """An attribute value, short: ``T``/``F``, ``0.5``, ``[2, 3]``."""
    if isinstance(v, bool):
        return "T" if v else "F"
    if isinstance(v, float):
        return f"{v:g}"
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(num_text(x) for x in v) + "]"
    return str(v)


def same_text(v) -> str:
    """``[2, 2]`` -> ``2``; ``[2, 1]`` -> ``2x1``."""
    if isinstance(v, (list, tuple)):
        if v and all(x == v[0] for x in v):
            return num_text(v[0])
        return "x".join(num_text(x) for x in v)
    return num_text(v)


def const_text(op: Op) -> str:
    """A constant op's value as shown where it is folded."""
    val = op.attrs.get("value")
    if isinstance(val, list) and len(val) > 6:
        return f"[{len(val)} ints]"
    return num_text(val) if val is not None else op.short_name


class GraphIndex:
    """Lookups over one graph that labels and layout share: ops by id, each value's
    consumers, the op owning each sub-block op, while-body arguments' outer values,
    and the graph outputs that need an output marker."""

    def __init__(self, graph: Graph):
        self.graph = graph
        self.ops: dict[int, Op] = {}
        self.parent: dict[int, Op] = {}  # sub-block op id -> the op owning the block
        self.consumers: dict[str, list[int]] = {}
        self.block_arg_src: dict[str, str] = {}  # while body arg -> outer init value
        for op in graph.iter_ops():
            self.ops[op.id] = op
            for vid in op.inputs:
                self.consumers.setdefault(vid, []).append(op.id)
            for blk in op.blocks:
                for inner in blk.ops:
                    self.parent[inner.id] = op
                if op.short_name == "while":
                    for i, a in enumerate(blk.args):
                        if i + 1 < len(op.inputs):
                            self.block_arg_src[a] = op.inputs[i + 1]
        # Each graph output, and each value an output op (shadow_output, fetch) hands out,
        # is drawn as one "output" marker and the output ops themselves are folded: the
        # drawing is the same before and after Paddle's first run adds its shadow_output.
        marks = list(dict.fromkeys(graph.outputs))
        for op in self.ops.values():
            if is_output_op(op.name) and op.inputs and op.inputs[0] not in marks:
                marks.append(op.inputs[0])
        self.out_marks = marks

    def is_const(self, vid: str) -> bool:
        """The value comes from a constant op with no inputs."""
        v = self.graph.values.get(vid)
        prod = self.ops.get(v.producer) if v is not None and v.producer is not None else None
        return prod is not None and is_const_op(prod.name) and not prod.inputs


class Folds:
    """The ops folded into their consumers' labels, and the text standing for each
    value they produce.  ``params``/``constants``: draw those as nodes instead."""

    def __init__(self, index: GraphIndex, params: bool, constants: bool):
        self.index = index
        self.folded: set[int] = set()  # op ids
        self.text: dict[str, str] = {}  # value id -> text shown in consumers' labels
        self.param_values: set[str] = set()  # folded values that stand for parameters
        self.shape_values: set[str] = set()  # folded values computed from tensors' shapes
        self._fold_sources(params, constants)
        if constants:
            self._fold_orphan_constants()

    def _fold_sources(self, params: bool, constants: bool) -> None:
        if not params:  # legacy Programs: parameters are variables no op produces
            for vid, v in self.index.graph.values.items():
                if v.kind == "parameter" and v.producer is None:
                    self.text[vid] = self._param_text(vid)
                    self.param_values.add(vid)
        for op in self.index.graph.iter_ops():
            ins = [v for v in op.inputs if v not in self.text]
            if is_output_op(op.name):  # drawn as its output marker (GraphIndex.out_marks)
                self._fold(op, [])
            elif not constants and self._shape_math(op):
                src = next((self.text[v] for v in op.inputs if v in self.shape_values), None)
                self._fold(op, [src or self._shape_text(op)] * len(op.outputs))
                self.shape_values.update(op.outputs)
            elif op.name == "builtin.parameter" and not params:
                self._fold(op, [self._param_text(v) for v in op.outputs], param=True)
            elif is_const_op(op.name) and not ins and not (constants and op.outputs):
                self._fold(op, [const_text(op)] * len(op.outputs))
            elif (not params and op.short_name in PARAM_VIEW_OPS and op.inputs
                  and all(self.index.is_const(v) for v in ins)
                  and any(v in self.param_values for v in op.inputs)):
                # reshape(bias) and the like: shown as the parameter they view
                src = next(v for v in op.inputs if v in self.param_values)
                self._fold(op, [self.text[src]] * len(op.outputs), param=True)

    def _fold_orphan_constants(self) -> None:
        """Constants drawn as nodes still fold when all their consumers are folded."""
        consumers = self.index.consumers
        for op in self.index.graph.iter_ops():
            if is_const_op(op.name) and op.id not in self.folded and op.outputs and all(
                c in self.folded for v in op.outputs for c in consumers.get(v, [])
            ) and any(consumers.get(v) for v in op.outputs):
                self._fold(op, [const_text(op)] * len(op.outputs))

    def _small_ints(self, vids) -> bool:
        vals = [self.index.graph.values.get(v) for v in vids]
        return bool(vals) and all(v is not None and str(v.dtype or "").startswith("int")
                                  and (v.shape is None or len(v.shape) <= 1) for v in vals)

    def _shape_math(self, op: Op) -> bool:
        """Shape arithmetic: a shape read, or math on shapes and constants only, giving
        small integer vectors (see :data:`~d2s_lab.core.graph.ops.SHAPE_MATH_OPS`)."""
        if not op.outputs or op.blocks:
            return False
        if op.short_name in SHAPE_READ_OPS:
            return self._small_ints(op.outputs)
        if not op.inputs or not any(v in self.shape_values for v in op.inputs):
            return False
        if not all(v in self.shape_values or (v in self.text and v not in self.param_values) for v in op.inputs):
            return False
        if op.name in TRANSPARENT_OPS:
            return True
        return op.short_name in SHAPE_MATH_OPS and self._small_ints(op.outputs)

    def _shape_text(self, op: Op) -> str:
        """``x.shape`` for the shape of a named value (an input), else ``shape``."""
        v = self.index.graph.values.get(op.inputs[0]) if op.inputs else None
        return f"{v.name}.shape" if v is not None and v.name and v.kind == "input" else "shape"

    def _param_text(self, vid: str) -> str:
        v = self.index.graph.values.get(vid)
        if v is None:
            return "?"
        name = v.name or v.param_name or "param"
        last = name.rsplit(".", 1)[-1]
        last = _PADDLE_PARAM_SHORT.get(last, last)
        return f"{_PARAM_SHORT.get(last, last)} {dims_text(v.shape)}"

    def _fold(self, op: Op, texts: list[str], param: bool = False) -> None:
        self.folded.add(op.id)
        for vid, text in zip(op.outputs, texts):
            self.text[vid] = text
            if param:
                self.param_values.add(vid)

    def is_operand(self, vid: str) -> bool:
        """A folded constant operand (named in its consumer's attributes)."""
        return vid in self.text and vid not in self.param_values


class Labeller:
    """Label text for op nodes and collapsed layers."""

    def __init__(self, index: GraphIndex, folds: Folds):
        self.index = index
        self.folds = folds
        self.values = index.graph.values

    def value_lines(self, vids: Iterable[str]) -> list[str]:
        """``[N, 8] f32`` per value, the first few, then ``+N more``."""
        vids = list(vids)
        lines = [shape_and_dtype(v.shape, v.dtype)
                 for v in (self.values.get(vid) for vid in vids[:MAX_OUTPUT_LINES]) if v is not None]
        if len(vids) > MAX_OUTPUT_LINES:
            lines.append(f"+{len(vids) - MAX_OUTPUT_LINES} more")
        return lines

    def used_outputs(self, op: Op) -> list[str]:
        """Outputs something reads (batch_norm's saved statistics are left out)."""
        used = [v for v in op.outputs if v in self.index.consumers or v in self.index.graph.outputs]
        return used or op.outputs[:1]

    def key_attrs(self, op: Op) -> str:
        """The attributes worth showing, then the folded constant operands."""
        parts = self._attr_parts(op) + self._operand_parts(op)
        return clip(" ".join(p for p in parts if p), 48)

    def _attr_parts(self, op: Op) -> list[str]:
        a, sn = op.attrs, op.short_name
        if op.category == "conv":
            w = self.values.get(op.inputs[1]) if len(op.inputs) > 1 else None
            return _conv_parts(a, w.shape if w is not None else None)
        if sn == "pool2d":
            return _pool_parts(a)
        if sn == "matmul":
            return [t for t, on in (("Xᵀ", a.get("transpose_x")), ("Yᵀ", a.get("transpose_y"))) if on]
        if sn in ("cast", "cast_"):
            return [f"→ {short_dtype(str(a.get('dtype', '')))}"]
        if sn == "data":
            return []
        if op.category == "constant":
            return ["= " + const_text(op)] if "value" in a else []
        parts = []
        for k in KEY_ATTRS:
            if k in a and not (k == "bias" and a[k] in (0, 0.0)) and not (
                    k == "keepdim" and not a[k]):
                parts.append(f"{k} {num_text(a[k])}" if k != "keepdim" else "keepdim")
        return parts

    def _operand_parts(self, op: Op) -> list[str]:
        """Folded constant operands, named where the op's operands are known."""
        names = _operand_names(op)
        parts = []
        for i, vid in enumerate(op.inputs):
            if self.folds.is_operand(vid):
                nm = names[i] if i < len(names) else f"in{i}"
                parts.append(f"{nm} {self.folds.text[vid]}")
        return parts

    def param_line(self, ops: Iterable[Op]) -> str:
        """The folded parameters ``ops`` read: ``W 32x3x3x3, b 32``."""
        ops = list(ops)
        ids = {o.id for o in ops}
        seen, texts = set(), []
        for op in ops:
            for vid in op.inputs:
                v = self.values.get(vid)
                if v is not None and v.producer in ids and v.kind != "parameter":
                    continue  # a view of a parameter this group already lists
                if vid in self.folds.param_values and vid not in seen:
                    seen.add(vid)
                    texts.append(self.folds.text[vid])
        if len(texts) > 4:
            texts = [*texts[:3], f"+{len(texts) - 3}"]
        return ", ".join(texts)

    def op_text(self, op: Op) -> tuple[str, list[str]]:
        """An op node's label: its head and rows (plain text)."""
        lines = []
        attrs = t("graph.node_input") if _is_data(op) else self.key_attrs(op)
        if attrs:
            lines.append(attrs)
        pl = self.param_line([op])
        if pl:
            lines.append(clip(pl, 48))
        lines.extend(self.value_lines(self.used_outputs(op)))
        return self._head(op), lines

    def _head(self, op: Op) -> str:
        if _is_data(op):
            return f"{op.attrs.get('name', '') or 'input'}"
        if op.name == "builtin.parameter":
            v = self.values.get(op.outputs[0]) if op.outputs else None
            return v.name if v is not None and v.name else str(op.attrs.get("parameter_name", ""))
        return op.short_name.replace("builtin.", "").replace("cf.", "")


def _is_data(op: Op) -> bool:
    """A program input: PIR ``pd_op.data``, or the data ops a legacy walk adds."""
    return op.short_name == "data" and op.category == "data"


def op_counts_text(ops: list[Op]) -> str:
    """``6 ops: conv2d×2, add×2, relu, …``: the commonest ops of a collapsed layer."""
    counts: dict[str, int] = {}
    for o in ops:
        counts[o.short_name] = counts.get(o.short_name, 0) + 1
    top = sorted(counts.items(), key=lambda kv: -kv[1])[:3]
    text = t("graph.n_ops_top", n=len(ops), top=", ".join(f"{k}×{v}" if v > 1 else k for k, v in top))
    return text + (", …" if len(counts) > 3 else "")


def _conv_parts(a: dict, weight_shape) -> list[str]:
    parts = []
    if weight_shape and len(weight_shape) > 2:
        parts.append("k" + "x".join(str(d) for d in weight_shape[2:]))
    if "strides" in a:
        parts.append("s" + same_text(a["strides"]))
    alg = a.get("padding_algorithm", "EXPLICIT")
    parts.append("p" + (same_text(a.get("paddings", 0)) if alg == "EXPLICIT" else f" {alg}"))
    if a.get("dilations") and any(d != 1 for d in a["dilations"]):
        parts.append("d" + same_text(a["dilations"]))
    if a.get("groups", 1) != 1:
        parts.append(f"g{a['groups']}")
    return parts


def _pool_parts(a: dict) -> list[str]:
    parts = [str(a.get("pooling_type", ""))]
    if a.get("adaptive"):
        parts.append("adaptive")
    elif a.get("global_pooling"):
        parts.append("global")
    else:
        if "strides" in a:
            parts.append("s" + same_text(a["strides"]))
        if "paddings" in a:
            parts.append("p" + same_text(a["paddings"]))
    return parts


def _operand_names(op: Op) -> list[str]:
    names = OPERANDS.get(op.short_name.rstrip("_"))
    if names:
        return names
    if op.category == "elementwise":
        return ["x", "y"]
    if op.short_name == "while":
        return ["cond"] + ["init"] * len(op.inputs)
    return []


__all__ = ["Folds", "GraphIndex", "Labeller", "clip", "const_text", "num_text", "op_counts_text",
           "same_text"]
