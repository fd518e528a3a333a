"""Walk a live PIR ``Program`` into the graph model.

The one module that knows PIR's Python API (``op.name()``, ``op.id()``,
``op.operands_source()``, ``op.results()``, ``op.blocks()``, ``block.args()``,
``value.id``, ``op.callstack``), so a change in Paddle's PIR bindings is mended here.
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional

from d2s_lab.core.frames import innermost_model_frame
from d2s_lab.core.graph.model import Block, Graph, Op, SourceLoc, Value
from d2s_lab.core.graph.ops import SKIP_ATTRS, categorize, sub_block_labels
from d2s_lab.core.nested import flatten
from d2s_lab.core.graph.shapes import dtype_name


def is_pir_program(program) -> bool:
    """True for a PIR Program (ops with ``operands_source``), or an empty one."""
    try:
        blk = program.global_block()
        ops = list(blk.ops)
    except Exception:
        return False
    return not ops or hasattr(ops[0], "operands_source")


def user_frame(callstack: List[str]) -> Optional[SourceLoc]:
    """Where in the model's code an op was created, from its ``op.callstack``: the user's
    line, or an installed library's (``library`` names it)."""
    fr = innermost_model_frame(callstack)
    return SourceLoc(fr.file, fr.line, fr.function, fr.code, fr.library) if fr is not None else None


def op_key(op) -> int:
    """A PIR op's id, unique within its Program."""
    return int(op.id())


def count_and_last(block) -> tuple:
    """``(number of ops, last op or None)`` of a block, without listing its ops (PIR's
    ``block.ops`` builds a new list of every op each time; a legacy block keeps one)."""
    if hasattr(block, "num_ops") and hasattr(block, "back"):
        n = block.num_ops()
        return n, (block.back() if n else None)
    ops = block.ops
    return len(ops), (ops[-1] if ops else None)


def op_names(program):
    """Every op's name, sub-blocks included (cheap: no graph is built)."""
    def walk(block):
        for op in block.ops:
            yield op.name()
            for sub in op.blocks():
                yield from walk(sub)

    yield from walk(program.global_block())


def in_global_block(value) -> bool:
    """True when ``value`` is defined in the program's top block (values inside an
    ``if``/``while`` body cannot be fetched from outside)."""
    try:
        blk = value.get_defining_op().get_parent_block()
        return blk.parent_op.name() == "builtin.module"
    except Exception:
        return False


def plain_attr(v: Any) -> Any:
    """Attribute values as plain Python (DataType -> 'float32', Place -> 'cpu')."""
    if isinstance(v, (bool, int, float, str)) or v is None:
        return v
    if isinstance(v, (list, tuple)):
        return [plain_attr(x) for x in v]
    if isinstance(v, dict):
        return {str(k): plain_attr(x) for k, x in v.items()}
    text = str(v)
    if text.startswith("DataType."):
        return text.split(".", 1)[1].lower()
    if text.startswith("paddle."):
        return text.split(".", 1)[1]
    if text.startswith("Place("):
        return text[6:-1]
    return text


def _dtype(v) -> Optional[str]:
    try:
        return dtype_name(v.dtype)
    except Exception:
        return None


def _shape(v) -> Optional[List[int]]:
    try:
        return [int(d) for d in v.shape]
    except Exception:
        return None


def program_to_graph(
    program,
    *,
    layer_paths: Optional[Dict[int, str]] = None,
    param_names: Optional[Dict[str, str]] = None,
    inputs=None,
    outputs=None,
    name: str = "",
    onto: Optional[Graph] = None,
) -> Graph:
    """Build a :class:`Graph` from a PIR Program.

    ``layer_paths`` maps global-block op ids to user layer paths (sub-block ops
    inherit their parent's); ``param_names`` maps Paddle parameter names
    (``conv2d_0.w_0``) to the user's attribute names (``conv1.weight``);
    ``inputs``/``outputs`` are the program's feed and fetch Values. ``onto``: a graph
    of this program walked earlier; when the program has only gained ops at the end of
    its global block since (the ``shadow_output`` a first run adds), those are walked
    and appended to it, which is returned; otherwise a fresh graph.
    """
    blk = program.global_block()
    layer_paths = layer_paths or {}
    param_names = param_names or {}
    ops_now = list(blk.ops)
    known = onto.global_block.ops if onto is not None and onto.blocks else None
    if known is not None and (len(ops_now) < len(known) or any(
            op_key(a) != b.id for a, b in zip(ops_now, known))):
        known = None  # changed in place: walked afresh
    graph = onto if known is not None else Graph(name=name)
    values = graph.values

    def value(v, producer=None, kind="tensor") -> str:
        vid = str(v.id)
        if vid not in values:
            values[vid] = Value(vid, _shape(v), _dtype(v), producer=producer, kind=kind)
        return vid

    def walk(block, label: str, inherited_layer: str, block_id: str, out: Optional[Block] = None,
             ops=None) -> Block:
        if out is None:
            out = Block(block_id, label)
            try:
                args = list(block.args())
            except Exception:
                args = []
            out.args = [value(a, kind="block_arg") for a in args]
        for op in (block.ops if ops is None else ops):
            name_ = op.name()
            oid = op_key(op)
            try:
                raw_attrs = op.attrs()
            except Exception:
                raw_attrs = {}
            struct = raw_attrs.get("struct_name", "") or ""
            attrs = {k: plain_attr(v) for k, v in raw_attrs.items() if k not in SKIP_ATTRS}
            ins = [value(s) for s in op.operands_source() if s is not None and _is_value(s)]
            res = list(op.results())
            kind = "tensor"
            if name_ == "builtin.parameter":
                kind = "parameter"
            elif name_ == "pd_op.data":
                kind = "input"
            outs = [value(r, producer=oid, kind=kind) for r in res]
            for r in outs:
                values[r].producer = oid
            if name_ == "builtin.parameter":
                pname = str(attrs.get("parameter_name", ""))
                user_name = param_names.get(pname, pname)
                for r in outs:
                    values[r].param_name = pname
                    values[r].name = user_name
                if pname in param_names and "." in user_name:
                    layer_paths.setdefault(oid, user_name.rsplit(".", 1)[0])
            elif name_ == "pd_op.data":
                for r in outs:
                    values[r].name = str(attrs.get("name", ""))
            try:
                stack = list(op.callstack or [])
            except Exception:
                stack = []
            o = Op(
                id=oid,
                name=name_,
                category=categorize(name_),
                attrs=attrs,
                inputs=ins,
                outputs=outs,
                layer=layer_paths.get(oid, inherited_layer),
                struct_name=struct,
                source=user_frame(stack),
            )
            sub_labels = sub_block_labels(name_)
            for k, sub in enumerate(op.blocks()):
                lab = sub_labels[k] if k < len(sub_labels) else f"block{k}"
                o.blocks.append(walk(sub, lab, o.layer, f"{block_id}/{oid}.{lab}"))
            out.ops.append(o)
        return out

    if known is not None:
        walk(blk, "global", "", "global", out=graph.global_block, ops=ops_now[len(known):])
    else:
        graph.blocks.append(walk(blk, "global", "", "global"))
    # An op inside a sub-block without its own callstack borrows its parent's.
    _inherit_sources(graph)
    graph.inputs = [str(v.id) for v in _values(inputs)] if inputs is not None else [
        o.outputs[0] for o in graph.global_block.ops if o.name == "pd_op.data" and o.outputs
    ]
    graph.outputs = [str(v.id) for v in _values(outputs)] if outputs is not None else []
    return graph


def _is_value(v) -> bool:
    try:
        # optional operands left empty (e.g. dropout's seed) are null Values
        return v.initialized() if hasattr(v, "initialized") else True
    except Exception:
        return True


def _values(x) -> list:
    return [v for v in flatten(x if x is not None else []) if hasattr(v, "id") and hasattr(v, "shape")]


def _inherit_sources(graph: Graph) -> None:
    by_id = {o.id: o for o in graph.iter_ops()}

    def condition_line(op):
        # pd_op.if / pd_op.while carry no callstack; their first operand is the condition,
        # computed on the ``if`` / ``while`` line itself (the loop's first test included)
        value = graph.values.get(op.inputs[0]) if op.inputs else None
        producer = by_id.get(value.producer) if value is not None else None
        return producer.source if producer is not None else None

    def visit(block: Block, parent_src):
        for op in block.ops:
            if op.source is None and op.blocks:
                op.source = condition_line(op)
            if op.source is None and parent_src is not None:
                op.source = parent_src
            for sub in op.blocks:
                visit(sub, op.source or parent_src)
            if op.source is None and op.blocks:
                # no condition line: the line of its first sourced inner op
                for inner in graph.iter_ops(op.blocks[0]):
                    if inner.source is not None:
                        op.source = inner.source
                        break

    visit(graph.global_block, None)
    # constants Paddle hoisted out of the forward carry no callstack: the line of the
    # first op that reads them made them
    first_use = {}
    for op in graph.iter_ops():
        for vid in op.inputs:
            first_use.setdefault(vid, op)
    for op in graph.iter_ops():
        if op.source is None and op.category == "constant":
            user = next((first_use[v] for v in op.outputs if v in first_use), None)
            if user is not None and user.source is not None:
                op.source = user.source
