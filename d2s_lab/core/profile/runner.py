"""``d2s_lab.profile``: where the time of a converted function's call goes.

The function runs as the user runs it (after warm-up), first without and then under
Paddle's profiler, so the profiler's own cost is measured too. On the AST path the
profiler's op events are matched to the Program's ops by type and order (the n-th
``conv2d`` event of a call is the Program's n-th ``conv2d``), which gives each op its
layer and source line; what no op event accounts for is one "other" row, so the shares
add up to the whole call. On the default (SOT) path each compiled subgraph's run and each
cache lookup is clocked; the time between subgraphs ran in dygraph and is charged to the
graph break that split the function there. Then every path (dygraph, SOT, SOT with
``MIN_GRAPH_SIZE=0``, AST ``full_graph=True``) is timed side by side on the same inputs,
each checked against dygraph's outputs. Paddle's flags and SOT's caches are left as found.
"""
from __future__ import annotations

import collections
import contextlib
import copy
import io
import statistics
import time
import warnings
from typing import Callable, Dict, List, Optional

from d2s_lab.core.bench.runner import compare_outputs, made_inputs
from d2s_lab.core.bench.timing import TimingPlan, interleaved
from d2s_lab.core.convert import Conversion, convert
from d2s_lab.core.frames import display_file, gist_at_line
from d2s_lab.core.nested import flatten
from d2s_lab.core.options import check_positive_int
from d2s_lab.core.paddle_compat import require_paddle
from d2s_lab.core.paddle_compat.default_path import paddle_default_mode
from d2s_lab.core.paddle_compat.profiling import (SotWorld, gpu_build, min_graph_size, no_grad, op_type,
                                                  profiled_calls, set_device, synchronizer, timing_subgraphs,
                                                  to_static, worlds_allowed)
from d2s_lab.core.paddle_compat.targets import resolve, unconverted
from d2s_lab.core.profile.result import (BreakCost, OpRow, PATHS, ProfileResult, Segment, TimeRow, WhatIf)
from d2s_lab.errors import D2SError
from d2s_lab.text import t

__all__ = ["profile", "ProfileResult"]

WARMUP = 3  # calls before anything is timed (the first may translate or build)
MIN_CALLS = 3  # a budget never trims the profiled calls below this
NOTABLE = 0.05  # a difference between paths worth a line of advice (5 %)


def _check_budget(budget) -> Optional[float]:
    if budget is None:
        return None
    try:
        value = float(budget)
    except (TypeError, ValueError):
        raise D2SError(t("bench.budget_bad", budget=budget), t("bench.budget_hint")) from None
    if isinstance(budget, bool) or not 0 < value < float("inf"):
        raise D2SError(t("bench.budget_bad", budget=budget), t("bench.budget_hint"))
    return value


def _device(device) -> str:
    dev = (device or "cpu").lower()
    if dev not in ("cpu", "gpu") and not dev.startswith("gpu:"):
        raise D2SError(t("profile.bad_device", device=device))
    if dev.startswith("gpu") and not gpu_build():
        raise D2SError(t("profile.no_gpu"))
    return dev


def _call_inputs(conv, inputs) -> list:
    paddle = require_paddle()
    given = inputs if inputs is not None else conv.example_inputs
    if given is None:
        return list(made_inputs(conv))
    xs = list(given) if isinstance(given, (list, tuple)) else [given]
    return [paddle.to_tensor(x) if type(x).__module__ == "numpy" else x for x in xs]


def _arrays(out) -> list:
    return [o.numpy() for o in flatten(out) if hasattr(o, "numpy")]


def _ms(seconds: float) -> float:
    return seconds * 1000.0


def profile(conv_or_model, inputs=None, calls: int = 20, train: bool = False, device=None,
            budget=None, name: Optional[str] = None, input_spec=None) -> ProfileResult:
    """Profile one converted function; return a :class:`ProfileResult` (an HTML report in
    a notebook, a text table from ``str()``).

    Args:
        conv_or_model: a Conversion (``d2s_lab.convert``, ``%%to_static``), or a Layer or
            function, converted here with Paddle's defaults (``input_spec`` or ``inputs``
            give its inputs).
        inputs: the call's arguments (a tensor, or a list); default: the conversion's
            example inputs, else random ones as ``%d2s_bench`` makes them.
        calls: calls profiled (and as many timed without the profiler, and per path).
        device: ``"cpu"`` (default) or ``"gpu"`` (a CUDA build of Paddle).
        budget: seconds the whole profile may take; fewer calls (not under 3) and fewer
            paths are timed to fit, and ``notes`` say so. The kernel's Interrupt stops it
            with one message.
        train: profile a training step instead (forward, backward, an SGD update) of
            copies of the model, the converted step against dygraph's; its ops are summed
            by type and phase (forward, backward, optimizer). Needs a Layer.
    """
    paddle = require_paddle()
    started = time.perf_counter()
    calls = check_positive_int(calls, "--calls")
    budget_s = _check_budget(budget)
    dev = _device(device)
    if isinstance(conv_or_model, Conversion):
        conv = conv_or_model
    else:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            conv = convert(conv_or_model, input_spec, example_inputs=inputs, name=name)
    if conv.static_function is None:
        raise D2SError(t("profile.not_converted", name=conv.name), t("profile.not_converted_hint"))
    if train and conv.layer is None:
        raise D2SError(t("profile.train_needs_layer", name=conv.name), t("profile.train_needs_layer_hint"))
    res = ProfileResult(name=name or conv.name, mode=conv.mode, device=dev, paddle_version=paddle.__version__,
                        budget_s=budget_s, source_file=conv.source_file, train=bool(train))
    stop_at = None if budget_s is None else started + budget_s
    layer = conv.layer
    was_training = getattr(layer, "training", False)
    before = set_device(dev)
    log = conv.call_log
    saved_log = _log_state(log)
    try:
        xs = _call_inputs(conv, inputs)
        if dev.startswith("gpu"):
            xs = _on_gpu(conv, xs)
        res.input_shapes = [list(x.shape) for x in flatten(xs) if hasattr(x, "shape")]
        printed = io.StringIO()
        if train:  # copies of the model are trained: the user's weights and mode stay as they are
            with warnings.catch_warnings(), contextlib.redirect_stdout(printed):
                warnings.simplefilter("ignore")
                _run_train(conv, res, xs, calls, dev, stop_at)
        else:
            if layer is not None:
                layer.eval()
            with warnings.catch_warnings(), no_grad(), contextlib.redirect_stdout(printed):
                warnings.simplefilter("ignore")
                _run(conv, res, xs, calls, dev, started, stop_at)
        if printed.getvalue():
            res.notes.append(t("profile.printed", n=printed.getvalue().count("\n") + printed.getvalue().count("\r")))
    except KeyboardInterrupt:
        raise D2SError(t("profile.interrupted", seconds=f"{time.perf_counter() - started:.0f}"),
                       t("profile.interrupted_hint")) from None
    finally:
        set_device(before)
        if layer is not None and was_training:
            layer.train()
        _restore_log(log, saved_log)
    res.elapsed_s = time.perf_counter() - started
    res.advice = advise(res)
    return res


def _on_gpu(conv, xs: list) -> list:
    """The inputs on the GPU; a D2SError where the model's weights are not there (the
    model is the user's: it is not moved)."""
    layer = conv.layer
    if layer is not None and any(not p.place.is_gpu_place() for p in layer.parameters()):
        raise D2SError(t("profile.model_not_on_gpu", name=conv.name), t("profile.model_not_on_gpu_hint"))
    return [x.cuda() if hasattr(x, "cuda") and hasattr(x, "place") else x for x in xs]


def _log_state(log):
    """The record of later calls as it is (the profile's own calls are not the user's)."""
    if log is None:
        return None
    try:
        return copy.deepcopy(log.items), log.total, log.new_entries
    except Exception:  # noqa: BLE001 - a record that cannot be copied stays as the calls leave it
        return None


def _restore_log(log, state) -> None:
    if log is not None and state is not None:
        log.items, log.total, log.new_entries = state


def _run(conv, res: ProfileResult, xs: list, calls: int, dev: str, started: float, stop_at) -> None:
    sync = synchronizer(dev)
    fn = conv.static_function

    def call():
        return fn(*xs)

    t0 = time.perf_counter()
    for _ in range(WARMUP):
        call()
    sync()
    per_call = (time.perf_counter() - t0) / WARMUP
    if stop_at is not None:
        # the plain calls, the clocked ones, the profiled ones (the profiler costs up to
        # about as much again), and four paths side by side: about nine times the calls
        left = stop_at - time.perf_counter()
        fit = max(MIN_CALLS, int(left / max(per_call * 9, 1e-9)))
        if fit < calls:
            res.notes.append(t("profile.budget_calls", budget=f"{res.budget_s:g}", calls=fit, was=calls))
            calls = fit
    plain = _timed_calls(call, calls, sync, stop_at)
    res.plain_ms = statistics.median((b - a) / 1e6 for a, b in plain)
    if conv.mode == "sot":
        # the segments are clocked without Paddle's profiler (under it, SOT's own profiler
        # events slow the guards and the glue, not the subgraphs); the op events come from
        # a profiled pass, clocked too, so each op is charged to the subgraph it ran in
        spans: list = []
        with timing_subgraphs(spans) as clocked:
            clock_runs = _timed_calls(call, calls, sync, stop_at)
        prof_spans: list = []
        with timing_subgraphs(prof_spans):
            runs, events = profiled_calls(call, calls, dev, stop_at, MIN_CALLS)
        if not clocked:
            res.notes.append(t("profile.no_clock"))
    else:
        runs, events = profiled_calls(call, calls, dev, stop_at, MIN_CALLS)
    res.calls = len(runs)
    res.events = len(events)
    res.profiled_ms = statistics.mean((b - a) / 1e6 for a, b in runs)
    if not events:
        res.notes.append(t("profile.no_events"))
    if dev.startswith("gpu"):
        res.notes.append(t("profile.gpu_note"))
    if conv.mode == "sot":
        _sot_attribution(conv, res, clock_runs, spans)
        _sot_ops(res, prof_spans, events, runs, res.profiled_ms)
    else:
        _ast_attribution(conv, res, events)
    if stop_at is not None and time.perf_counter() >= stop_at:
        res.notes.append(t("profile.budget_no_paths", budget=f"{res.budget_s:g}"))
        return
    _what_if(conv, res, xs, calls, sync, stop_at)


# -- the AST path: events matched to the Program's ops ------------------------------------

def _timed_calls(call, calls: int, sync, stop_at) -> list:
    """``(start_ns, end_ns)`` of each of ``calls`` calls (fewer past ``stop_at``, not under
    :data:`MIN_CALLS`), on the profiler's clock."""
    out = []
    for _ in range(calls):
        t0 = time.time_ns()
        call()
        sync()
        out.append((t0, time.time_ns()))
        if stop_at is not None and len(out) >= MIN_CALLS and time.perf_counter() >= stop_at:
            break
    return out


def _ast_attribution(conv, res: ProfileResult, events) -> None:
    graph = conv.drawn_graph
    n = max(res.calls, 1)
    whole = res.profiled_ms or 0.0
    ops = [op for op in graph.iter_ops() if op.category != "parameter"] if graph is not None else []
    by_type: Dict[str, list] = collections.defaultdict(list)
    for op in ops:
        by_type[op_type(op.name)].append(op)
    seen: Dict[str, list] = collections.defaultdict(list)
    for e in events:
        seen[e.type].append(e)
    timed: Dict[int, list] = {}  # op id -> [ms, events]
    unmatched = 0.0
    for ty, evs in seen.items():
        mine = by_type.get(ty, [])
        if mine and len(evs) % len(mine) == 0:
            for i, e in enumerate(evs):
                slot = timed.setdefault(mine[i % len(mine)].id, [0.0, 0])
                slot[0] += e.ms
                slot[1] += 1
        else:
            unmatched += sum(e.ms for e in evs)
    rows = []
    for op in ops:
        if op.id not in timed:
            continue
        ms, k = timed[op.id]
        src = op.source
        rows.append(OpRow(op.short_name, op.layer, src.line if src else None, src.file if src else "",
                          round(k / n), ms / n, op_id=op.id))
    op_ms = sum(r.ms for r in rows)
    whole = max(whole, op_ms + unmatched / n)
    other = whole - op_ms
    rows.append(OpRow(op="other", ms=other, other=True))
    for r in rows:
        r.share = r.ms / whole if whole > 0 else 0.0
    res.ops = rows
    res.lines = _grouped(rows, lambda r: (f"{display_file(r.file)}:{r.line}" if r.line else "", r.line), whole)
    res.layers = _grouped(rows, lambda r: (r.layer, None), whole)
    res.graph = graph
    if graph is None:
        res.notes.append(t("profile.no_graph"))


def _grouped(rows: List[OpRow], key, whole: float) -> List[TimeRow]:
    sums: Dict[tuple, list] = {}
    for r in rows:
        k, line = ("", None) if r.other else key(r)
        slot = sums.setdefault((k, r.other), [0.0, line])
        slot[0] += r.ms
    out = [TimeRow(k, ms, ms / whole if whole > 0 else 0.0, line, other)
           for (k, other), (ms, line) in sums.items()]
    return sorted(out, key=lambda r: -r.ms)


# -- the SOT path: subgraphs, dygraph stretches and breaks ---------------------------------

def _call_segments(span, spans, nbreaks: int, fallback: bool) -> list:
    """One call's stretches in order: ``(kind, name, break index or None, ms)``."""
    a, b = span
    inside = sorted((s for s in spans if s.start_ns >= a and s.end_ns <= b), key=lambda s: s.start_ns)
    out: list = []
    statics = 0
    has_static = any(s.kind == "static" for s in inside)

    def gap(lo, hi):
        if hi <= lo:
            return
        if not has_static:
            kind, idx = "dygraph", (0 if fallback else None)
        elif statics == 0:
            kind, idx = "python", None
        elif statics - 1 < nbreaks:
            kind, idx = "dygraph", statics - 1
        else:
            kind, idx = "python", None
        last = next((s for s in reversed(out) if s[0] != "guard"), None)
        if last is not None and last[0] == kind and last[2] == idx and kind == "dygraph":
            last[3] += (hi - lo) / 1e6
        elif out and out[-1][0] == kind and out[-1][2] == idx:
            out[-1][3] += (hi - lo) / 1e6
        else:
            out.append([kind, "", idx, (hi - lo) / 1e6])

    cur = a
    for s in inside:
        gap(cur, s.start_ns)
        out.append([s.kind, s.name, None, (s.end_ns - s.start_ns) / 1e6])
        if s.kind == "static":
            statics += 1
        cur = max(cur, s.end_ns)
    gap(cur, b)
    return out


def _sot_attribution(conv, res: ProfileResult, runs, spans) -> None:
    rep = conv.sot
    breaks = list(rep.breaks) if rep is not None else []
    inner = [b for b in breaks if b.kind == "break"]
    falls = [b for b in breaks if b.kind != "break"]
    subs = {s.name: s for s in (rep.subgraphs if rep is not None else [])}
    per_call = [_call_segments(r, spans, len(inner), bool(falls)) for r in runs]
    shapes = collections.Counter(tuple((k, nm, i) for k, nm, i, _ in c) for c in per_call)
    if not shapes:
        return
    shape, count = shapes.most_common(1)[0]
    if count < len(per_call):
        res.notes.append(t("profile.calls_differ", n=len(per_call) - count, calls=len(per_call)))
    same = [c for c in per_call if tuple((k, nm, i) for k, nm, i, _ in c) == shape]
    whole = statistics.mean(sum(s[3] for s in c) for c in same)
    segs = []
    for j, (kind, nm, idx) in enumerate(shape):
        ms = statistics.mean(c[j][3] for c in same)
        seg = Segment(kind, nm, ms, ms / whole if whole > 0 else 0.0)
        if kind == "static" and nm in subs:
            seg.lines, seg.num_ops = list(subs[nm].lines), subs[nm].num_ops
        if kind == "dygraph":
            has_static = any(k == "static" for k, _, _ in shape)
            cause = (inner[idx] if has_static and idx is not None and idx < len(inner)
                     else falls[0] if not has_static and falls else None)
            if cause is not None:
                seg.reason, seg.line = cause.reason, cause.line
            elif rep is not None and any(not s.runs_static for s in rep.subgraphs):
                seg.reason = t("profile.small_graph", n=rep.min_graph_size if rep.min_graph_size is not None else "?")
        segs.append(seg)
    res.segments = segs
    res.clocked_ms = whole
    costs: Dict[int, BreakCost] = {}
    for b in breaks:
        costs[id(b)] = BreakCost(b.line, b.reason, b.message, b.code, b.file, b.function, b.kind)
    for j, (kind, _nm, _idx) in enumerate(shape):
        if kind != "dygraph":
            continue
        cause = next((b for b in breaks if b.line == segs[j].line and b.reason == segs[j].reason), None)
        if cause is not None:
            costs[id(cause)].ms += segs[j].ms
    for c in costs.values():
        c.share = c.ms / whole if whole > 0 else 0.0
    res.breaks = sorted(costs.values(), key=lambda c: -c.ms)
    res.lines = sorted((TimeRow(f"{display_file(c.file)}:{c.line}" if c.line else "", c.ms, c.share, c.line)
                        for c in res.breaks if c.ms > 0), key=lambda r: -r.ms)


def _sot_ops(res: ProfileResult, spans, events, runs, whole: float) -> None:
    """Op events by type and the segment they ran in (a subgraph's name, else dygraph)."""
    statics = [s for s in spans if s.kind == "static"]
    sums: Dict[tuple, list] = {}
    for e in events:
        where = next((s.name for s in statics if s.start_ns <= e.start_ns <= s.end_ns), "dygraph")
        slot = sums.setdefault((e.type, where), [0.0, 0])
        slot[0] += e.ms
        slot[1] += 1
    n = max(len(runs), 1)
    rows = [OpRow(ty, where, calls=round(k / n), ms=ms / n, share=(ms / n) / whole if whole > 0 else 0.0)
            for (ty, where), (ms, k) in sums.items()]
    op_ms = sum(r.ms for r in rows)
    if whole > op_ms:
        rows.append(OpRow(op="other", ms=whole - op_ms, share=(whole - op_ms) / whole, other=True))
    res.ops = sorted(rows, key=lambda r: -r.ms)


# -- a training step ------------------------------------------------------------------------

def _loss(out):
    paddle = require_paddle()
    parts = [o.astype("float32").mean() for o in flatten(out) if hasattr(o, "dtype") and "float" in str(o.dtype)]
    return paddle.add_n(parts) if len(parts) > 1 else parts[0]


def _train_step(conv, xs: list, kind: str, world: Optional[SotWorld]):
    """A fresh copy of the model and one training step of it (forward, backward, an SGD
    update): in dygraph, or converted as the conversion was (in a SOT cache of its own)."""
    paddle = require_paddle()
    model = copy.deepcopy(conv.layer)
    model.train()
    fwd = model.forward
    if kind != "dygraph":
        fwd = to_static(resolve(model).function, conv.input_specs, full_graph=conv.mode == "ast")
    opt = paddle.optimizer.SGD(learning_rate=1e-3, parameters=model.parameters())

    def step():
        loss = _loss(fwd(*xs))
        loss.backward()
        opt.step()
        opt.clear_grad()
        return loss

    def step_apart():
        with world.entered():
            return step()

    chosen = step_apart if world is not None and kind == "sot" else step
    chosen.model = model  # a converted function holds its Layer only weakly
    return chosen


def _phase(ty: str) -> str:
    """forward, backward (a static ``*_grad`` op, or a dygraph ``Global_*GradNode``) or optimizer."""
    if ty.endswith("_grad") or "GradNode" in ty:
        return "backward"
    if ty in ("sgd", "adam", "adamw", "momentum"):
        return "optimizer"
    return "forward"


def _run_train(conv, res: ProfileResult, xs: list, calls: int, dev: str, stop_at) -> None:
    sync = synchronizer(dev)
    world = SotWorld() if conv.mode == "sot" and worlds_allowed() else None
    # one step of fresh copies from identical weights: equal losses, or the row says so
    ref = _arrays(_train_step(conv, xs, "dygraph", None)())
    diff, ok = compare_outputs(ref, _arrays(_train_step(conv, xs, conv.mode, world)()))
    steps = {"dygraph": _train_step(conv, xs, "dygraph", None), conv.mode: _train_step(conv, xs, conv.mode, world)}
    mine = steps[conv.mode]
    for _ in range(WARMUP):
        mine()
    sync()
    plain = _timed_calls(mine, calls, sync, stop_at)
    res.plain_ms = statistics.median((b - a) / 1e6 for a, b in plain)
    runs, events = profiled_calls(mine, calls, dev, stop_at, MIN_CALLS)
    res.calls, res.events = len(runs), len(events)
    res.profiled_ms = whole = statistics.mean((b - a) / 1e6 for a, b in runs)
    # the converted step's backward runs as one dygraph node (Dy2StGradNode) whose static
    # ops are recorded on their own: the node's event is left out, its rest is "other"
    sums: Dict[tuple, list] = {}
    for e in events:
        if "Dy2St" in e.type:
            continue
        slot = sums.setdefault((e.type, _phase(e.type)), [0.0, 0])
        slot[0] += e.ms
        slot[1] += 1
    n = max(len(runs), 1)
    rows = [OpRow(ty, phase, calls=round(k / n), ms=ms / n) for (ty, phase), (ms, k) in sums.items()]
    op_ms = sum(r.ms for r in rows)
    whole = max(whole, op_ms)
    rows.append(OpRow(op="other", ms=whole - op_ms, other=True))
    for r in rows:
        r.share = r.ms / whole if whole > 0 else 0.0
    res.ops = sorted(rows, key=lambda r: -r.ms)
    res.layers = _grouped(rows, lambda r: (r.layer, None), whole)  # per phase: forward, backward, optimizer
    res.notes.append(t("profile.train_note"))
    if stop_at is not None and time.perf_counter() >= stop_at:
        res.notes.append(t("profile.budget_no_paths", budget=f"{res.budget_s:g}"))
        return
    timed = interleaved(steps, TimingPlan(warmup=1, repeat=calls, min_time=0.0, max_runs=calls), sync,
                        stop_at=stop_at)
    for k in PATHS:
        if k in timed:
            res.whatif.append(WhatIf(k, _ms(timed[k].median_s), timed[k].runs, None if k == "dygraph" else ok,
                                     None if k == "dygraph" else diff))


# -- every path, side by side ---------------------------------------------------------------

def _what_if(conv, res: ProfileResult, xs: list, calls: int, sync, stop_at) -> None:
    target = resolve(conv.target)
    eager = target.function
    specs = conv.input_specs
    ref = _arrays(eager(*xs))
    fns: Dict[str, Callable] = {"dygraph": lambda: eager(*xs)}
    notes: Dict[str, str] = {}
    sot_here = paddle_default_mode() == "sot"
    apart = worlds_allowed()  # the extra SOT paths translate in a cache of their own
    if conv.mode == "sot":
        fns["sot"] = lambda: conv.static_function(*xs)
    elif sot_here and not apart:
        notes["sot"] = t("profile.hooks_off_path")
    elif sot_here:
        fresh_world = SotWorld()
        fresh = to_static(eager, specs)

        def sot_call():
            with fresh_world.entered():
                return fresh(*xs)

        fns["sot"] = sot_call
    else:
        notes["sot"] = t("profile.no_sot_here")
    if (sot_here or conv.mode == "sot") and not apart:
        notes["sot_min0"] = t("profile.hooks_off_path")
    elif sot_here or conv.mode == "sot":
        world = SotWorld()
        small = to_static(eager, specs)

        def min0_call():
            with world.entered(), min_graph_size(0):
                return small(*xs)

        fns["sot_min0"] = min0_call
    else:
        notes["sot_min0"] = t("profile.no_sot_here")
    if conv.mode == "ast":
        fns["ast"] = lambda: conv.static_function(*xs)
    else:
        try:
            full = to_static(eager, specs, full_graph=True)
            with unconverted(conv.target):
                full(*xs)
            fns["ast"] = lambda: full(*xs)
        except Exception as exc:  # noqa: BLE001 - AST mode does not convert this: the reason, one line
            notes["ast"] = t("profile.ast_fails", error=f"{type(exc).__name__}: {gist_at_line(exc)}"[:300])
    checked: Dict[str, tuple] = {}
    for k in list(fns):
        if k == "dygraph":
            continue
        try:
            checked[k] = compare_outputs(ref, _arrays(fns[k]()))
        except Exception as exc:  # noqa: BLE001 - a path that fails here is said, not timed
            notes[k] = t("profile.path_failed", error=f"{type(exc).__name__}: {str(exc)[:200]}")
            fns.pop(k)
    timed = interleaved(fns, TimingPlan(warmup=1, repeat=calls, min_time=0.0, max_runs=calls), sync,
                        stop_at=stop_at)
    for k in PATHS:
        if k in timed:
            diff, ok = checked.get(k, (None, None))
            res.whatif.append(WhatIf(k, _ms(timed[k].median_s), timed[k].runs, ok,
                                     None if k == "dygraph" else diff))
        elif k in notes:
            res.whatif.append(WhatIf(k, note=notes[k]))


# -- advice, from the numbers ---------------------------------------------------------------

def _pct(a: float, b: float) -> str:
    return f"{abs(1 - a / b) * 100:.0f}"


def advise(res: ProfileResult) -> List[str]:
    """Lines drawn from the measured numbers (never assumed)."""
    out = []
    dy, mine = res.path("dygraph"), res.path(res.mode)
    if dy is not None and mine is not None and dy.ms and mine.ms and mine.ok is not False:
        if mine.ms <= dy.ms * (1 - NOTABLE):
            out.append(t("profile.advice.saves", path=mine.label, pct=_pct(mine.ms, dy.ms),
                         ms=f"{mine.ms:.3f}", dy=f"{dy.ms:.3f}"))
        elif mine.ms >= dy.ms * (1 + NOTABLE):
            out.append(t("profile.advice.costs", path=mine.label, pct=_pct(mine.ms, dy.ms),
                         ms=f"{mine.ms:.3f}", dy=f"{dy.ms:.3f}"))
        else:
            out.append(t("profile.advice.same", path=mine.label, ms=f"{mine.ms:.3f}", dy=f"{dy.ms:.3f}"))
    top = next((b for b in res.breaks if b.ms > 0), None)
    if top is not None and res.clocked_ms:
        what = f"`{top.code.strip()}`" if top.code.strip() else top.reason
        out.append(t("profile.advice.break", what=what, line=top.line or "-", ms=f"{top.ms:.3f}",
                     whole=f"{res.clocked_ms:.3f}"))
    base = res.path("sot")
    for k, key in (("sot_min0", "profile.advice.min0"), ("ast", "profile.advice.ast")):
        w = res.path(k)
        if (base is not None and w is not None and base.ms and w.ms and w.ok is not False
                and w.ms <= base.ms * (1 - NOTABLE) and res.mode == "sot"):
            out.append(t(key, pct=_pct(w.ms, base.ms), ms=f"{w.ms:.3f}", sot=f"{base.ms:.3f}"))
    if res.train:
        phases = {r.key: r.share for r in res.layers if not r.other}
        if phases:
            out.append(t("profile.advice.phases", fwd=f"{phases.get('forward', 0) * 100:.0f}",
                         bwd=f"{phases.get('backward', 0) * 100:.0f}", opt=f"{phases.get('optimizer', 0) * 100:.0f}"))
    elif res.mode == "ast":
        top_op = next((r for r in sorted(res.ops, key=lambda r: -r.ms) if not r.other), None)
        if top_op is not None:
            out.append(t("profile.advice.top_op", op=top_op.op, layer=top_op.layer or "-",
                         line=top_op.line or "-", pct=f"{top_op.share * 100:.0f}"))
    return out
