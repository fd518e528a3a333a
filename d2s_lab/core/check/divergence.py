"""The first sublayer whose outputs differ between dygraph and static mode.

Forward hooks record every sublayer's outputs in dygraph; on the static side the same
hooks, run while Paddle traces, collect each sublayer's output values and a probe
function returns them as extra outputs of one static program, so the intermediate
values come from the converted code itself. Where that program cannot be built, each
sublayer runs alone through to_static on the inputs it got in dygraph.
"""
from __future__ import annotations

import types
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Tuple

from d2s_lab.core.check.leaves import compare_leaves, run_seeded
from d2s_lab.core.nested import flatten
from d2s_lab.core.paddle_compat.targets import to_static_disabled
from d2s_lab.core.paddle_compat.walk import in_global_block
from d2s_lab.text import t


@dataclass
class LayerCheck:
    """One sublayer call compared (path as in ``named_sublayers``, call index when reused)."""

    path: str
    cls: str
    call: int = 0
    max_abs: Optional[float] = None
    ok: bool = True
    note: str = ""


def _layer_names(layer) -> Dict[int, Tuple[str, str]]:
    names = {}
    for name, sub in layer.named_sublayers():
        names.setdefault(id(sub), (name, type(sub).__name__))
    return names


def _record(layer, paddle, static: bool):
    """Register post hooks on every sublayer; return (records, handles).

    Records are ``(path, class, outputs)`` in completion order (inner layers first).
    """
    names = _layer_names(layer)
    records: List[Tuple[str, str, Any]] = []

    def hook(lyr, _inputs, outputs):
        if paddle.in_dynamic_mode() == static:
            return
        path, cls = names.get(id(lyr), ("?", type(lyr).__name__))
        # Static: a copy made where the layer returns. Paddle 3 runs ``block(x) + x`` in place
        # on the block's output, so that value, read after the program ran, holds the sum.
        records.append((path, cls, _snapshot(outputs, paddle) if static else outputs))

    handles = [sub.register_forward_post_hook(hook) for _, sub in layer.named_sublayers()]
    return records, handles


def _snapshot(outputs, paddle):
    """``outputs`` with each static value replaced by an ``assign`` copy of it."""
    def copy(v):
        try:
            return paddle.assign(v) if hasattr(v, "shape") and hasattr(v, "dtype") else v
        except Exception:  # a value assign does not take (a list of tensors): read it as it is
            return v
    try:
        return paddle.utils.map_structure(copy, outputs)
    except Exception:
        return outputs


def _global_values(outputs):
    """Static values of a layer's outputs, when all live in the program's global block
    (values inside an if/while body cannot be fetched from outside); else None."""
    vals = flatten(outputs)
    return vals if all(in_global_block(v) for v in vals) else None


def find_divergent_layer(res, conv, fn, layer, xs, paddle, seed, rtol, atol) -> None:
    """Fill ``res.layers`` (each sublayer call compared), ``res.first_divergent`` and
    ``res.divergent_ops`` (its ops in ``conv.drawn_graph``), and ``res.localized_by``."""
    # Dygraph: every sublayer's outputs.
    dyn_records, handles = _record(layer, paddle, static=False)
    try:
        with to_static_disabled():
            run_seeded(fn, xs, paddle, seed)
    finally:
        for h in handles:
            h.remove()
    static_values = None
    if conv.mode == "ast":
        static_values = _static_intermediates(conv, fn, layer, xs, paddle, seed)
    if static_values is not None:
        res.localized_by = "static program"
    else:
        res.localized_by = "each layer alone"
    counts: Dict[str, int] = {}
    for path, cls, outs in dyn_records:
        k = counts.get(path, 0)
        counts[path] = k + 1
        lc = LayerCheck(path, cls, k)
        if static_values is not None:
            sv = static_values.get((path, k))
            if sv is None:
                lc.note = t("check.layer_not_fetched")
                res.layers.append(lc)
                continue
        else:
            sv = _isolated(layer, path, k, fn, xs, paddle, seed, conv.mode)
            if sv is None:
                lc.note = t("check.layer_not_alone")
                res.layers.append(lc)
                continue
        checks = compare_leaves(outs, sv, rtol, atol, paddle, prefix=path)
        lc.max_abs = max((c.max_abs or 0.0) for c in checks) if checks else 0.0
        lc.ok = all(c.ok for c in checks)
        res.layers.append(lc)
        if not lc.ok and res.first_divergent is None:
            res.first_divergent, res.first_divergent_cls = path, cls
            if static_values is None:
                break  # each layer alone: the first difference is what we came for
    if res.first_divergent is not None and conv.drawn_graph is not None:
        p = res.first_divergent
        res.divergent_ops = [o.id for o in conv.drawn_graph.iter_ops()
                             if o.layer == p or o.layer.startswith(p + ".")]


def _static_intermediates(conv, fn, layer, xs, paddle, seed):
    """Run one static program that returns the model's outputs and every sublayer's
    outputs (collected by hooks while Paddle traces); None when it cannot be built."""
    records, handles = _record(layer, paddle, static=True)
    order: List[Tuple[str, int, int]] = []  # (path, call, number of values)

    @paddle.jit.not_to_static
    def collect():
        vals, counts = [], {}
        order.clear()
        for path, _cls, outs in records:
            k = counts.get(path, 0)
            counts[path] = k + 1
            g = _global_values(outs)
            if g is None:
                continue
            order.append((path, k, len(g)))
            vals.extend(g)
        records.clear()
        return vals

    probe = _probe(fn, collect, len(xs))
    if probe is None:
        return None
    try:
        static_probe = paddle.jit.to_static(probe, input_spec=conv.input_specs, full_graph=True)
        paddle.seed(seed)
        _out, extra = static_probe(*xs)
    except Exception:
        return None
    finally:
        for h in handles:
            h.remove()
    extra = flatten(extra)
    result, i = {}, 0
    for path, k, n in order:
        result[(path, k)] = extra[i:i + n] if n != 1 else extra[i]
        i += n
    return result


# Probe templates: the model's outputs plus the collected intermediates, with n named
# arguments (to_static reads the signature; *args would not do). The callables arrive as
# globals, not a closure: Paddle 2.6 rebuilds converted functions without their closure.
def _probe_1(a0):
    return PROBE_FN(a0), PROBE_COLLECT()  # noqa: F821 - globals given by _probe


def _probe_2(a0, a1):
    return PROBE_FN(a0, a1), PROBE_COLLECT()  # noqa: F821


def _probe_3(a0, a1, a2):
    return PROBE_FN(a0, a1, a2), PROBE_COLLECT()  # noqa: F821


def _probe_4(a0, a1, a2, a3):
    return PROBE_FN(a0, a1, a2, a3), PROBE_COLLECT()  # noqa: F821


_PROBES = {1: _probe_1, 2: _probe_2, 3: _probe_3, 4: _probe_4}


def _probe(fn, collect, n):
    """A probe function for ``n`` arguments calling ``fn`` and ``collect``; None past 4."""
    template = _PROBES.get(n)
    if template is None:
        return None
    scope = dict(template.__globals__, PROBE_FN=fn, PROBE_COLLECT=collect)
    return types.FunctionType(template.__code__, scope, template.__name__)


def _isolated(layer, path, call, fn, xs, paddle, seed, mode):
    """Run one sublayer alone through to_static on the inputs it got in dygraph."""
    sub = dict(layer.named_sublayers()).get(path)
    if sub is None or call > 0:
        return None
    captured = {}

    def pre(lyr, inputs):
        if "x" not in captured:
            captured["x"] = inputs

    h = sub.register_forward_pre_hook(pre)
    try:
        with to_static_disabled():
            run_seeded(fn, xs, paddle, seed)
    finally:
        h.remove()
    if "x" not in captured:
        return None
    try:
        sf = paddle.jit.to_static(sub.forward, full_graph=(mode == "ast"))
        paddle.seed(seed)
        return sf(*captured["x"])
    except Exception:
        return None
