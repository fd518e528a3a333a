"""``d2s_lab.check``: do the dygraph and static versions compute the same thing?

Both run on the same inputs, in eval mode, from the same random state; each
output is compared (shape, dtype, max abs/rel difference, allclose).  When they
differ, the first sublayer whose outputs differ is found: forward hooks record
every sublayer's outputs in dygraph; on the static side the same hooks, run
while Paddle traces, collect each sublayer's output values and a probe
function returns them as extra outputs of one static program, so the
intermediate values come from the converted code itself.
"""
from __future__ import annotations

import types
import ast
import inspect
import re
import textwrap
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple

from d2s_lab.core import display
from d2s_lab.core.cells import restore_sources
from d2s_lab.core.compare import compare_arrays
from d2s_lab.core.diagnosis import diagnose
from d2s_lab.errors import D2SError
from d2s_lab.core.frames import Frame, is_user_file
from d2s_lab.core.frames import where as where_text
from d2s_lab.text.lang import get_lang
from d2s_lab.core.nested import flatten
from d2s_lab.core.paddle_compat import require_paddle
from d2s_lab.core.paddle_compat.walk import in_global_block
from d2s_lab.core.paddle_compat.targets import resolve, to_static_disabled
from d2s_lab.core.specs import as_input_list, random_inputs

RTOL = 1e-5
ATOL = 1e-6

_RANDOM_LAYERS = ("Dropout", "Dropout2D", "Dropout3D", "AlphaDropout", "FeatureAlphaDropout")


@dataclass
class OutputCheck:
    """One output (leaf of the returned structure) compared."""

    name: str
    dygraph_shape: Optional[List[int]]
    static_shape: Optional[List[int]]
    dygraph_dtype: str
    static_dtype: str
    max_abs: Optional[float] = None
    max_rel: Optional[float] = None
    allclose: bool = False
    note: str = ""

    @property
    def shapes_equal(self) -> bool:
        return self.dygraph_shape == self.static_shape

    @property
    def dtypes_equal(self) -> bool:
        return self.dygraph_dtype == self.static_dtype

    @property
    def ok(self) -> bool:
        return self.shapes_equal and self.dtypes_equal and self.allclose


@dataclass
class LayerCheck:
    """One sublayer call compared (path as in ``named_sublayers``, call index when reused)."""

    path: str
    cls: str
    call: int = 0
    max_abs: Optional[float] = None
    ok: bool = True
    note: str = ""


@dataclass
class CheckResult:
    """The comparison of dygraph and static outputs of one Conversion."""

    name: str
    mode: str
    rtol: float
    atol: float
    inputs: List[str] = field(default_factory=list)  # shapes/dtypes used
    outputs: List[OutputCheck] = field(default_factory=list)
    warnings: List[str] = field(default_factory=list)
    layers: List[LayerCheck] = field(default_factory=list)
    first_divergent: Optional[str] = None  # layer path
    first_divergent_cls: str = ""
    localized_by: str = ""  # "static program" | "each layer alone" | ""
    divergent_ops: List[int] = field(default_factory=list)  # op ids of conv.drawn_graph in that layer
    error: Any = None  # an ErrorReport when a run failed
    graph: Any = None  # the conversion's Graph, for drawing the divergent layer
    # (file, line, code) of each line that forces randomness (training=True, paddle.rand*,
    # functional dropout), when the outputs change with the seed
    random_lines: List[Tuple[str, int, str]] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.error is None and bool(self.outputs) and all(o.ok for o in self.outputs)

    def summary(self) -> str:
        if self.error is not None:
            return f"{self.name}: check failed: {self.error.exc_type}: {self.error.message}"
        verdict = "dygraph and static agree" if self.ok else "dygraph and static DIFFER"
        worst = max((o.max_abs or 0.0 for o in self.outputs), default=0.0)
        where = f"; first divergent layer: {self.first_divergent}" if self.first_divergent else ""
        return (f"{self.name} [{self.mode}]: {verdict} (rtol {self.rtol:g}, atol {self.atol:g}, "
                f"max abs diff {worst:.3g}){where}")

    def __repr__(self) -> str:
        return f"<CheckResult {self.summary()}>"

    def _repr_html_(self) -> str:
        return display.html(self)


def _is_tensor(x, paddle) -> bool:
    return isinstance(x, paddle.Tensor)


def _np(x):
    import numpy as np

    arr = x.numpy() if hasattr(x, "numpy") else np.asarray(x)
    return np.asarray(arr)


def _compare_leaves(dyn, sta, rtol, atol, paddle, prefix="out") -> List[OutputCheck]:
    dl, sl = flatten(dyn), flatten(sta)
    single = len(dl) == 1 and not isinstance(dyn, (list, tuple, dict))
    out = []
    for i in range(max(len(dl), len(sl))):
        name = prefix if single else f"{prefix}[{i}]"
        if i >= len(dl) or i >= len(sl):
            out.append(OutputCheck(name, None, None, "", "", note="missing on the "
                                   + ("static" if i >= len(sl) else "dygraph") + " side"))
            continue
        a, b = dl[i], sl[i]
        ta, tb = _is_tensor(a, paddle), _is_tensor(b, paddle)
        if not (ta and tb):
            same = False
            try:
                same = bool(a == b) if not (ta or tb) else False
            except Exception:
                same = False
            out.append(OutputCheck(
                name, None, None, type(a).__name__, type(b).__name__, allclose=same,
                note="not a Tensor: a static program returns the value seen while tracing" if not (ta and tb) else ""))
            continue
        na, nb = _np(a), _np(b)
        d = compare_arrays(na, nb, rtol, atol)
        out.append(OutputCheck(
            name, list(na.shape), list(nb.shape), str(a.dtype).replace("paddle.", ""),
            str(b.dtype).replace("paddle.", ""), d.max_abs, d.max_rel, d.close))
    return out


def _dygraph_callable(conv):
    target = resolve(conv.target)
    return target.function, target.layer


class _Modes:
    """Eval mode for the check, each sublayer's own training flag restored after."""

    def __init__(self, layer, train: bool):
        self.layer, self.train, self.saved = layer, train, []

    def __enter__(self):
        if self.layer is not None:
            self.saved = [(m, m.training) for m in [self.layer] + list(self.layer.sublayers())]
            self.layer.train() if self.train else self.layer.eval()
        return self

    def __exit__(self, *a):
        for m, t in self.saved:
            m.training = t


def _inputs_for(conv, inputs, batch: int):
    if inputs is None:
        inputs = conv.example_inputs
    if inputs is None:
        inputs = random_inputs(conv.input_specs, batch=batch, seed=0)
    return as_input_list(inputs)


def _run(fn, inputs, paddle, seed):
    paddle.seed(seed)
    return fn(*inputs)


def check(conversion, inputs=None, rtol: float = RTOL, atol: float = ATOL, seed: int = 2024,
          train: bool = False, localize: bool = True, batch: int = 3) -> CheckResult:
    """Compare the dygraph and static outputs of a Conversion on the same inputs.

    Args:
        conversion: a :class:`~d2s_lab.core.convert.Conversion` (from ``d2s_lab.convert``
            or ``%%to_static``).
        inputs: tensors/arrays (a list for several arguments). Default: the
            conversion's example inputs, else random inputs from its InputSpecs
            with dynamic dims set to ``batch``.
        rtol, atol: tolerances of ``numpy.allclose``.
        seed: both runs start from ``paddle.seed(seed)``.
        train: compare in training mode (default: eval mode, as for inference).
        localize: when outputs differ, find the first sublayer whose outputs differ.

    Returns a :class:`CheckResult`: per output the shapes, dtypes, max abs and rel
    differences and the allclose verdict; warnings (random layers, randomness);
    the first divergent layer and its ops in ``conversion.drawn_graph``.
    """
    paddle = require_paddle()
    res = CheckResult(conversion.name, conversion.mode, rtol, atol, graph=conversion.drawn_graph)
    if conversion.static_function is None:
        raise D2SError(f"{conversion.name} has no static function to check.",
                       "Convert it successfully first (see the error report).")
    fn, layer = _dygraph_callable(conversion)
    xs = _inputs_for(conversion, inputs, batch)
    res.inputs = [f"{list(x.shape)} {str(x.dtype).replace('paddle.', '')}" if hasattr(x, "shape")
                  else type(x).__name__ for x in xs]
    if layer is not None and train:
        rnd = [n or type(layer).__name__ for n, m in [("", layer)] + list(layer.named_sublayers())
               if type(m).__name__ in _RANDOM_LAYERS]
        if rnd:
            res.warnings.append(
                f"Training mode with random layers ({', '.join(rnd[:5])}): dygraph and static draw "
                "different random numbers, so their outputs differ by design. Check in eval mode.")
    with _Modes(layer, train):
        try:
            with to_static_disabled():
                dyn = _run(fn, xs, paddle, seed)
                dyn_again = _run(fn, xs, paddle, seed + 1)
        except Exception as exc:
            restore_sources()
            res.error = diagnose(exc, conversion)
            return res
        if not all(o.ok for o in _compare_leaves(dyn, dyn_again, 0.0, 0.0, paddle)):
            res.random_lines = random_lines(conversion)
            res.warnings.append(_random_warning(res.random_lines))
        try:
            sta = _run(conversion.static_function, xs, paddle, seed)
        except Exception as exc:
            restore_sources()
            res.error = diagnose(exc, conversion)
            return res
        res.outputs = _compare_leaves(dyn, sta, rtol, atol, paddle)
        if any(o.note.startswith("not a Tensor") for o in res.outputs):
            res.warnings.append(
                "An output is not a Tensor: in static mode it is frozen at what the first trace saw.")
        if not res.ok and localize and layer is not None:
            try:
                _localize(res, conversion, fn, layer, xs, paddle, seed, rtol, atol)
            except Exception as exc:  # localisation is a bonus; the verdict stands
                res.warnings.append(f"Could not localise the difference: {type(exc).__name__}: {exc}")
    return res


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
        records.append((path, cls, outputs))

    handles = [sub.register_forward_post_hook(hook) for _, sub in layer.named_sublayers()]
    return records, handles


def _global_values(outputs):
    """Static values of a layer's outputs, when all live in the program's global block
    (values inside an if/while body cannot be fetched from outside); else None."""
    vals = flatten(outputs)
    return vals if all(in_global_block(v) for v in vals) else None


def _localize(res, conv, fn, layer, xs, paddle, seed, rtol, atol) -> None:
    # Dygraph: every sublayer's outputs.
    dyn_records, handles = _record(layer, paddle, static=False)
    try:
        with to_static_disabled():
            _run(fn, xs, paddle, seed)
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
                lc.note = "not fetched (inside control flow, or not called in static mode)"
                res.layers.append(lc)
                continue
        else:
            sv = _isolated(layer, path, k, fn, xs, paddle, seed, conv.mode)
            if sv is None:
                lc.note = "could not run alone"
                res.layers.append(lc)
                continue
        checks = _compare_leaves(outs, sv, rtol, atol, paddle, prefix=path)
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
            _run(fn, xs, paddle, seed)
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


_RANDOM_CALLS = re.compile(r"^(rand|randn|randint|randint_like|randperm|rand_like|randn_like|normal|"
                           r"uniform|bernoulli|multinomial|poisson|standard_normal|dropout|"
                           r"dropout2d|dropout3d|alpha_dropout|feature_alpha_dropout)$")


def _random_calls(src: str, first: int) -> List[Tuple[int, str]]:
    """(line, code) of calls in ``src`` that force randomness: ``training=True`` written
    out, a random-number call (``paddle.rand*``, ``paddle.normal``, ...) or dropout in
    functional form (``F.dropout(...)``); lines numbered from ``first``."""
    try:
        tree = ast.parse(textwrap.dedent(src))
    except SyntaxError:
        return []
    lines = textwrap.dedent(src).splitlines()
    out = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        fn = node.func
        name = fn.attr if isinstance(fn, ast.Attribute) else getattr(fn, "id", "")
        forced = any(k.arg == "training" and isinstance(k.value, ast.Constant) and k.value.value is True
                     for k in node.keywords)
        if forced or _RANDOM_CALLS.match(name or ""):
            out.append((first + node.lineno - 1, lines[node.lineno - 1].strip()))
    return sorted(set(out))


def random_lines(conv) -> List[Tuple[str, int, str]]:
    """(file, line, code) of the lines forcing randomness in the converted function and in
    the forward of the user's own sublayers."""
    found: List[Tuple[str, int, str]] = []
    if conv.original_source and conv.source_first_line:
        found += [(conv.source_file, ln, code)
                  for ln, code in _random_calls(conv.original_source, conv.source_first_line)]
    layer = getattr(conv, "layer", None)
    seen = set()
    for _, sub in (layer.named_sublayers() if layer is not None else []):
        fwd = getattr(type(sub), "forward", None)
        code = getattr(fwd, "__code__", None)
        if code is None or code in seen or not is_user_file(code.co_filename):
            continue
        seen.add(code)
        try:
            lines, first = inspect.getsourcelines(fwd)
        except (OSError, TypeError):
            continue
        found += [(code.co_filename, ln, c) for ln, c in _random_calls("".join(lines), first)]
    return found


_RANDOM_WARNING = {
    "en": ("The dygraph output changes with the random seed (dropout or random ops are active "
           "in this mode): a difference from static mode may be randomness, not a conversion bug.",
           " Randomness is forced at {places}: `training=True` written out keeps dropout on in eval "
           "mode (pass `training=self.training`), and random ops draw new numbers each run."),
    "zh": ("动态图输出随随机种子变化（此模式下 dropout 或随机算子处于激活状态）：与静态图的差异可能来自随机性，"
           "而不是转换错误。",
           " 强制随机的位置：{places}。写死的 `training=True` 会让 dropout 在 eval 模式下仍然生效"
           "（请传入 `training=self.training`），随机算子每次运行都会生成新的数。"),
}


def _random_warning(lines: List[Tuple[str, int, str]]) -> str:
    general, specific = _RANDOM_WARNING[get_lang()]
    if not lines:
        return general
    places = "; ".join(f"{where_text(Frame(f, ln))} (`{code}`)" for f, ln, code in lines[:5])
    return general + specific.format(places=places)


def attach_check(conv) -> None:
    """Run :func:`check` for a Conversion into ``conv.check``; a failure becomes a note."""
    try:
        conv.check = check(conv)
    except Exception as exc:
        conv.notes.append(f"The numeric check could not run: {type(exc).__name__}: {exc}")
