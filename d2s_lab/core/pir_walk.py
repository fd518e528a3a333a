"""Walk a live PIR ``Program`` into the graph model.

This is the one module that knows PIR's Python API (``op.name()``,
``op.operands_source()``, ``op.results()``, ``op.blocks()``, ``block.args()``,
``value.id``), so a change in Paddle's PIR bindings is mended here.
Legacy (non-PIR) ``Program`` objects are refused with a clear message.
"""
from __future__ import annotations

import os
import re
import sys
import sysconfig
from typing import Any, Dict, List, Optional

from .errors import D2SError
from .graph import Block, Graph, Op, SourceLoc, Value, categorize

_SKIP_ATTRS = {"op_callstack", "struct_name", "stop_gradient", "persistable", "op_role",
               "op_namescope", "with_quant_attr", "op_device"}
_FRAME_RE = re.compile(r'^\s*File "(?P<file>.*)", line (?P<line>\d+), in (?P<func>.*)$')

_D2S_DIR = os.path.realpath(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
_D2S_EXAMPLES = os.path.join(_D2S_DIR, "examples.py")
_LIB_DIRS = tuple(
    {os.path.realpath(p) for p in (sysconfig.get_paths().get("stdlib"),
                                   sysconfig.get_paths().get("purelib"),
                                   sysconfig.get_paths().get("platlib")) if p}
)
# Model-zoo code shipped inside packages still counts as the model's own code.
_MODEL_CODE = (os.sep + "paddle" + os.sep + "vision" + os.sep + "models" + os.sep,)


def is_user_file(path: str) -> bool:
    """True for the model's own code: not Python's or a library's, not d2s_lab's."""
    if path.startswith("<"):
        return not path.startswith("<frozen")
    real = os.path.realpath(path)
    if real.startswith(_D2S_DIR + os.sep):
        return real == _D2S_EXAMPLES  # the example models are model code
    if any(m in real for m in _MODEL_CODE):
        return True
    return not any(real.startswith(d + os.sep) for d in _LIB_DIRS)


def user_frame(callstack: List[str]) -> Optional[SourceLoc]:
    """The innermost user frame of an op's creation callstack.

    Only frames inside the traced function count: frames up to Paddle's own
    ``program_translator`` (the call that started tracing) are skipped, so the
    place where ``convert`` was called never passes for the op's origin.
    """
    frames = []
    code_after: Dict[int, str] = {}
    for line in callstack or []:
        m = _FRAME_RE.match(line)
        if m:
            frames.append((m.group("file"), int(m.group("line")), m.group("func").strip()))
        elif frames:
            code_after[len(frames) - 1] = line.strip()
    start = 0
    for i, (f, _, _) in enumerate(frames):
        if f.endswith(("program_translator.py", "opcode_executor.py", "function_graph.py")):
            start = i + 1
    for i in range(len(frames) - 1, start - 1, -1):
        f, ln, fn = frames[i]
        if is_user_file(f):
            return SourceLoc(f, ln, fn, code_after.get(i, ""))
    return None


def _plain(v: Any) -> Any:
    """Attribute values as plain Python (DataType -> 'float32', Place -> 'cpu')."""
    if isinstance(v, (bool, int, float, str)) or v is None:
        return v
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    if isinstance(v, dict):
        return {str(k): _plain(x) for k, x in v.items()}
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
        return str(v.dtype).replace("paddle.", "")
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
) -> Graph:
    """Build a :class:`Graph` from a PIR Program.

    ``layer_paths`` maps global-block op ids to user layer paths (sub-block ops
    inherit their parent's); ``param_names`` maps Paddle parameter names
    (``conv2d_0.w_0``) to the user's attribute names (``conv1.weight``);
    ``inputs``/``outputs`` are the program's feed and fetch Values.
    """
    if not hasattr(program, "global_block") or not hasattr(program.global_block(), "ops"):
        raise D2SError(f"Cannot read a {type(program).__name__} as a program.")
    blk = program.global_block()
    if blk.ops and not hasattr(blk.ops[0], "operands_source"):
        raise D2SError(
            "This is a legacy (non-PIR) Program; d2s_lab reads PIR programs.",
            "Use Paddle 3.x with PIR (the default), or view a saved .pdmodel with "
            "d2s_lab.load_saved().",
        )
    layer_paths = layer_paths or {}
    param_names = param_names or {}
    graph = Graph(name=name)
    values = graph.values

    def value(v, producer=None, kind="tensor") -> str:
        vid = str(v.id)
        if vid not in values:
            values[vid] = Value(vid, _shape(v), _dtype(v), producer=producer, kind=kind)
        return vid

    def walk(block, label: str, inherited_layer: str, block_id: str) -> Block:
        out = Block(block_id, label)
        try:
            args = list(block.args())
        except Exception:
            args = []
        out.args = [value(a, kind="block_arg") for a in args]
        for op in block.ops:
            name_ = op.name()
            oid = int(op.id())
            try:
                raw_attrs = op.attrs()
            except Exception:
                raw_attrs = {}
            struct = raw_attrs.get("struct_name", "") or ""
            attrs = {k: _plain(v) for k, v in raw_attrs.items() if k not in _SKIP_ATTRS}
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
            sub_labels = _sub_block_labels(name_)
            for k, sub in enumerate(op.blocks()):
                lab = sub_labels[k] if k < len(sub_labels) else f"block{k}"
                o.blocks.append(walk(sub, lab, o.layer, f"{block_id}/{oid}.{lab}"))
            out.ops.append(o)
        return out

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
    from .specs import flatten

    return [v for v in flatten(x if x is not None else []) if hasattr(v, "id") and hasattr(v, "shape")]


def _sub_block_labels(op_name: str) -> List[str]:
    if op_name.endswith(".if"):
        return ["true", "false"]
    if op_name.endswith(".while"):
        return ["body"]
    if op_name.endswith("pylayer"):
        return ["forward"]
    return []


def _inherit_sources(graph: Graph) -> None:
    def visit(block: Block, parent_src):
        for op in block.ops:
            if op.source is None and parent_src is not None:
                op.source = parent_src
            for sub in op.blocks:
                visit(sub, op.source or parent_src)
            if op.source is None and op.blocks:
                # a control-flow op takes the line of its first sourced inner op
                for inner in graph.iter_ops(op.blocks[0]):
                    if inner.source is not None:
                        op.source = inner.source
                        break

    visit(graph.global_block, None)
