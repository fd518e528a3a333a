"""A live Program, whichever IR built it: PIR (Paddle 3, :mod:`.pir`) or legacy
(Paddle 2.6, :mod:`.legacy`), chosen by feature detection."""
from __future__ import annotations

import contextlib
from typing import Dict, List

from d2s_lab.errors import D2SError
from d2s_lab.text import t
from d2s_lab.core.graph.model import Graph
from d2s_lab.core.nested import flatten
from d2s_lab.core.paddle_compat import require_paddle
from d2s_lab.core.paddle_compat.walk import legacy, pir


def program_to_graph(program, onto=None, **kwargs) -> Graph:
    """The :class:`Graph` of a live Program (see :func:`.pir.program_to_graph` for the
    keyword arguments). ``onto``: a graph of this program walked earlier, brought up to
    date (the ops a first run appended) where that is all that changed."""
    if pir.is_pir_program(program):
        return pir.program_to_graph(program, onto=onto, **kwargs)
    if legacy.is_legacy_program(program):
        if onto is not None and onto.blocks and sum(1 for _ in legacy.op_names(program)) == onto.num_ops():
            return onto  # a legacy first run adds nothing to the Program
        return legacy.program_to_graph(program, **kwargs)
    raise D2SError(t("graph.not_a_program", type=type(program).__name__), t("graph.not_a_program_hint"))


def has_while_loop(program) -> bool:
    """True when the Program runs a ``while`` loop (its end depends on the data)."""
    names = pir.op_names(program) if pir.is_pir_program(program) else legacy.op_names(program)
    return any(n == "while" or n.endswith(".while") for n in names)


def runs_low_precision(program) -> bool:
    """True when the Program computes in float16 or bfloat16 (AMP): on a CPU without the
    instructions for it, oneDNN's kernels abort the whole process."""
    try:
        if pir.is_pir_program(program):
            dtypes = (str(v.dtype) for op in program.global_block().ops for v in op.results())
        else:
            dtypes = (str(getattr(v, "dtype", "")) for v in program.global_block().vars.values())
        return any("float16" in d for d in dtypes)  # bfloat16 too
    except Exception:  # an odd program: nothing known, nothing guarded
        return False


def feed_values(values) -> list:
    """The static inputs among a ConcreteProgram's ``inputs``: PIR Values or legacy
    Variables (Paddle 2.6 lists the Layer itself first, and Python constants)."""
    return [v for v in flatten(values if values is not None else [])
            if hasattr(v, "shape") and (hasattr(v, "id") or hasattr(v, "block"))]


def input_vars(program, names):
    """A legacy Program's variables named ``names`` (the inputs the walk draws as data
    nodes), or None for a PIR program, whose data ops say so themselves."""
    if not legacy.is_legacy_program(program):
        return None
    block = program.global_block()
    return [block.var(n) for n in names if block.has_var(n)]


def value_name(v):
    """The name a user gave a static value (an input's), or None for Paddle's own
    temporaries (``tmp_0``, ``generated_tensor_2``)."""
    if hasattr(v, "has_name"):  # PIR
        try:
            return v.name if v.has_name else None
        except Exception:
            return None
    if getattr(v, "is_data", False) or getattr(v, "persistable", False):  # legacy Variable
        return getattr(v, "name", None)
    return None


def op_key(op) -> int:
    """The id an op keeps in the graph model (PIR ``op.id()``, legacy ``op.desc.id()``)."""
    return legacy.op_key(op) if hasattr(op, "desc") and not hasattr(op, "operands_source") else pir.op_key(op)


def in_global_block(value) -> bool:
    """True when a static value (PIR Value or legacy Variable) lives in the top block."""
    block = getattr(value, "block", None)
    if block is not None and hasattr(block, "idx"):  # legacy Variable
        return block.idx == 0
    return pir.in_global_block(value)


def _after(ops, anchor: int, count: int) -> int:
    """The index just after the op keyed ``anchor`` in ``ops``, searched outward from
    ``count - 1``: ops inserted before it (AMP casts) move it later, and a block's op count
    can exceed its list (a PIR block with an ``if`` counts the branches' ops too)."""
    guess = min(max(count - 1, 0), len(ops) - 1)
    for d in range(len(ops)):
        for k in (guess - d, guess + d):
            if 0 <= k < len(ops) and op_key(ops[k]) == anchor:
                return k + 1
    return min(count, len(ops))


def param_names_of(layer) -> Dict[str, str]:
    """Paddle's parameter and buffer names (``conv2d_0.w_0``) -> the Layer's attribute
    names (``conv1.weight``); empty for a plain function (``layer`` None)."""
    if layer is None:
        return {}
    names = {p.name: n for n, p in layer.named_parameters()}
    names.update({b.name: n for n, b in layer.named_buffers() if hasattr(b, "name")})
    return names


@contextlib.contextmanager
def recording_layer_paths(layer):
    """Map global-block op ids to the user's sublayer attribute paths while Paddle traces.

    Forward pre/post hooks on every sublayer note which ops each call added,
    innermost layer first (as Paddle does for its ``struct_name`` attribute), but
    with attribute names (``encoder.layers.0.linear1``) instead of class names.
    """
    paths: Dict[int, str] = {}
    if layer is None:
        yield paths
        return
    paddle = require_paddle()
    names = {}
    for name, sub in layer.named_sublayers():
        names.setdefault(id(sub), name)
    stack: List[int] = []

    def ops_now():
        return paddle.static.default_main_program().global_block().ops

    def pre(lyr, _inputs):
        if not paddle.in_dynamic_mode():
            count, last = pir.count_and_last(paddle.static.default_main_program().global_block())
            # the layer's ops come after the last op so far; an op inserted before that one
            # (AMP casts a value right after it is made) shifts it, so it is found by key
            stack.append((count, op_key(last) if last is not None else None))

    def post(lyr, _inputs, _outputs):
        if paddle.in_dynamic_mode() or not stack:
            return
        start, anchor = stack.pop()
        ops = ops_now()
        if anchor is not None:
            start = _after(ops, anchor, start)
        path = names.get(id(lyr), "")
        for op in ops[start:]:
            paths.setdefault(op_key(op), path)

    handles = []
    try:
        for _, sub in layer.named_sublayers():
            handles.append(sub.register_forward_pre_hook(pre))
            handles.append(sub.register_forward_post_hook(post))
        yield paths
    finally:
        for h in handles:
            h.remove()
