"""Walk a live legacy ``Program`` (Paddle 2.6, or Paddle 3 with
``FLAGS_enable_pir_api=0``) into the graph model.

The one module that knows the legacy Python API: ``op.type``, ``op.input_names``
/ ``op.input(slot)``, ``op.attr_names`` / ``op.attr(k)``, ``op.desc.id()``, block
attributes (``conditional_block`` / ``while`` sub-blocks) and
``block._var_recursive(name)`` for shapes.  Legacy programs reuse variable names
(in-place ops and loop carries write the same name again): each write makes a new
value, so edges follow the data as it was at each op.
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional

from d2s_lab.core.graph.model import Block, Graph, Op, Value
from d2s_lab.core.nested import flatten
from d2s_lab.core.graph.ops import SKIP_ATTRS, categorize, slot_rank
from d2s_lab.core.graph.shapes import dtype_name
from d2s_lab.core.paddle_compat.walk.pir import plain_attr, user_frame

_LEGACY_SKIP = SKIP_ATTRS | {"op_role_var", "op_callstack", "sub_block", "blocks"}
_NO_SHAPE_TYPES = ("STEP_SCOPES", "LOD_TENSOR_ARRAY", "READER", "RAW", "FEED_MINIBATCH", "FETCH_LIST")


def is_legacy_program(program) -> bool:
    """True for a legacy Program (its ops have ``type`` and a ``desc``)."""
    try:
        ops = list(program.global_block().ops)
    except Exception:
        return False
    return bool(ops) and hasattr(ops[0], "desc") and not hasattr(ops[0], "operands_source")


def op_key(op) -> int:
    """A legacy op's id, unique across the Program's blocks."""
    return int(op.desc.id())


def op_names(program):
    """Every op's type, in every block."""
    for block in program.blocks:
        for op in block.ops:
            yield op.type


def _var(block, name):
    try:
        return block._var_recursive(name)
    except Exception:
        return None


def _shape(var) -> Optional[List[int]]:
    if var is None or any(t in str(getattr(var, "type", "")) for t in _NO_SHAPE_TYPES):
        return None
    try:
        return [int(d) for d in var.shape]
    except Exception:
        return None


def _sub_blocks(op) -> List[int]:
    """Indices of the blocks an op owns (``sub_block`` of while/conditional_block)."""
    out = []
    for k in op.attr_names:
        try:
            kind = str(op.attr_type(k))
        except Exception:
            continue
        if kind.endswith(".BLOCK"):
            out.append(op._block_attr_id(k))
        elif kind.endswith(".BLOCKS"):
            out.extend(op._blocks_attr_ids(k))
    return out


def _callstack(op) -> List[str]:
    try:
        if op.has_attr("op_callstack"):
            return [ln for s in op.attr("op_callstack") or [] for ln in str(s).splitlines()]
    except Exception:
        pass
    return []


def program_to_graph(
    program,
    *,
    layer_paths: Optional[Dict[int, str]] = None,
    param_names: Optional[Dict[str, str]] = None,
    inputs=None,
    outputs=None,
    name: str = "",
) -> Graph:
    """Build a :class:`Graph` from a legacy Program; the arguments are those of
    :func:`d2s_lab.core.paddle_compat.walk.pir.program_to_graph` (ops keyed by ``op.desc.id()``)."""
    layer_paths = layer_paths or {}
    param_names = param_names or {}
    graph = Graph(name=name)
    params = {p.name for p in program.all_parameters()}
    current: Dict[str, str] = {}

    def read(block, vname: str) -> str:
        if vname in current:
            return current[vname]
        var = _var(block, vname)
        kind = "parameter" if vname in params else "tensor"
        graph.values[vname] = Value(
            vname, _shape(var), dtype_name(var.dtype) if var is not None else None, kind=kind,
            name=param_names.get(vname, vname) if kind == "parameter" else None,
            param_name=vname if kind == "parameter" else None)
        current[vname] = vname
        return vname

    def write(block, vname: str, producer: int) -> str:
        vid = vname if vname not in graph.values else f"{vname}#{producer}"
        var = _var(block, vname)
        graph.values[vid] = Value(vid, _shape(var), dtype_name(var.dtype) if var is not None else None,
                                  producer=producer)
        current[vname] = vid
        return vid

    def walk(block, label: str, inherited_layer: str, block_id: str) -> Block:
        out = Block(block_id, label)
        for op in block.ops:
            oid = op_key(op)
            ins = [read(block, n) for slot in sorted(op.input_names, key=slot_rank)
                   for n in op.input(slot) if n]
            attrs: Dict[str, Any] = {}
            for k in op.attr_names:
                if k in _LEGACY_SKIP:
                    continue
                try:
                    attrs[k] = plain_attr(op.attr(k))
                except Exception:
                    continue
            o = Op(id=oid, name=op.type, category=categorize(op.type), attrs=attrs, inputs=ins,
                   layer=layer_paths.get(oid, inherited_layer), source=user_frame(_callstack(op)))
            for k, idx in enumerate(_sub_blocks(op)):
                lab = "body" if op.type == "while" else f"block{k}"
                o.blocks.append(walk(program.block(idx), lab, o.layer, f"{block_id}/{oid}.{lab}"))
            o.outputs = [write(block, n, oid) for slot in op.output_names for n in op.output(slot)
                         if n and _shape(_var(block, n)) is not None]
            out.ops.append(o)
        return out

    feeds = [v for v in flatten(inputs if inputs is not None else []) if hasattr(v, "name")]
    data_ops = []
    # Inputs are variables without an op: shown as data ops, with ids past every op's.
    first_id = 1 + max((op_key(op) for b in program.blocks for op in b.ops), default=0)
    for k, v in enumerate(feeds):
        oid = first_id + k
        graph.values[v.name] = Value(v.name, _shape(v), dtype_name(v.dtype), name=v.name,
                                     producer=oid, kind="input")
        current[v.name] = v.name
        data_ops.append(Op(id=oid, name="data", category="data", attrs={"name": v.name},
                           outputs=[v.name]))
    top = walk(program.global_block(), "global", "", "global")
    top.ops[:0] = data_ops
    graph.blocks.append(top)
    graph.inputs = [v.name for v in feeds]
    graph.outputs = [current.get(v.name, v.name) for v in flatten(outputs if outputs is not None else [])
                     if hasattr(v, "name")]
    return graph
