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

import bisect
import collections
import contextlib
import copy
import statistics
import time
import warnings
from typing import Callable, Dict, List, Optional

from d2s_lab.core.capture import prints_kept_out
from d2s_lab.core.bench.result import duration
from d2s_lab.core.bench.runner import Progress, compare_outputs, made_inputs
from d2s_lab.core.bench.timing import TimingPlan, interleaved
from d2s_lab.core.convert import Conversion, convert
from d2s_lab.core.frames import display_file, gist_at_line
from d2s_lab.core.graph.ops import LEGACY_NAMES
from d2s_lab.core.nested import flatten
from d2s_lab.core.options import check_positive_int
from d2s_lab.core.paddle_compat import require_paddle
from d2s_lab.core.paddle_compat.default_path import paddle_default_mode
from d2s_lab.core.paddle_compat.profiling import (SotWorld, gpu_build, min_graph_size, no_grad, op_type,
                                                  profiled_calls, set_device, synchronizer, timing_subgraphs,
                                                  to_static, worlds_allowed)
from d2s_lab.core.paddle_compat.targets import resolve, unconverted
from d2s_lab.core.profile.result import (AMP_PATHS, BreakCost, OpRow, PATHS, ProfileResult, Segment, TimeRow,
                                         WhatIf)
from d2s_lab.core.sot_text import base_name, is_resume
from d2s_lab.errors import D2SError
from d2s_lab.text import t

__all__ = ["profile", "ProfileResult"]

WARMUP = 2  # calls before anything is timed (the first may translate or build, the second runs warm)
MIN_CALLS = 3  # a budget never trims the profiled calls below this


def plain_calls(calls: int) -> int:
    """Calls timed without the profiler for ``calls`` profiled: half as many (not under
    :data:`MIN_CALLS`); their median is the plain time per call the overhead is said against."""
    return max(MIN_CALLS, (calls + 1) // 2)
NOTABLE = 0.05  # a difference between paths worth a line of advice (5 %)
PROGRESS_GAP_S = 0.25  # the progress line changes at most four times a second (a new stage at once)


class Steps:
    """The profile's stages, clocked (``res.stages``: seconds per stage), and its progress
    told to ``progress(done, total, msg)`` as ``%d2s_bench`` tells it: ``done`` of ``total``
    calls, the stage, and, once calls are timed, the time left estimated from them."""

    def __init__(self, res: ProfileResult, progress: Optional[Progress], total: int):
        self.res, self.progress, self.total, self.done = res, progress, max(total, 1), 0
        self.per_call: Optional[float] = None  # seconds a call takes, once measured
        self.msg = ""
        self.told = 0.0

    @contextlib.contextmanager
    def stage(self, key: str, msg: str):
        self.msg = msg
        self.tell(force=True)
        t0 = time.perf_counter()
        try:
            yield
        finally:
            self.res.stages[key] = self.res.stages.get(key, 0.0) + time.perf_counter() - t0

    def add(self, n: int = 1) -> None:
        self.done = min(self.total - 1, self.done + n)
        self.tell()

    def tell(self, force: bool = False) -> None:
        now = time.perf_counter()
        if self.progress is None or (not force and now - self.told < PROGRESS_GAP_S):
            return
        self.told = now
        msg = self.msg
        if self.per_call is not None:
            msg = t("bench.progress_left", msg=msg, left=duration((self.total - self.done) * self.per_call))
        self.progress(self.done, self.total, msg)

    def finish(self, took: float) -> None:
        if self.progress is not None:
            self.progress(self.total, self.total, t("bench.progress_done", took=duration(took)))


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
            budget=None, name: Optional[str] = None, input_spec=None, whatif: bool = False,
            progress: Optional[Progress] = None) -> ProfileResult:
    """Profile one converted function; return a :class:`ProfileResult` (an HTML report in
    a notebook, a text table from ``str()``).

    Args:
        conv_or_model: a Conversion (``d2s_lab.convert``, ``%%to_static``), or a Layer or
            function, converted here with Paddle's defaults (``input_spec`` or ``inputs``
            give its inputs).
        inputs: the call's arguments (a tensor, or a list); default: the conversion's
            example inputs, else random ones as ``%d2s_bench`` makes them.
        calls: calls profiled (half as many, not under 3, are timed without the
            profiler; about twice as many per path).
        device: ``"cpu"`` (default) or ``"gpu"`` (a CUDA build of Paddle).
        budget: seconds the whole profile may take; fewer calls (not under 3) and fewer
            paths are timed to fit, and ``notes`` say so. The kernel's Interrupt stops it
            with one message.
        train: profile a training step instead (forward, backward, an SGD update) of
            copies of the model, the converted step against dygraph's; its ops are summed
            by type and phase (forward, backward, optimizer). Needs a Layer.
        whatif: also time every other path side by side (dygraph, SOT, SOT with
            ``MIN_GRAPH_SIZE=0``, AST ``full_graph=True``), each checked against dygraph's
            outputs. Off by default because it costs far more than the profile itself:
            each path not yet converted is converted (a translation of its own), and each
            path is timed in interleaved rounds of about twice ``calls`` calls. On a
            ResNet-18 (CPU, one thread, 20 calls of 140 ms) the profile took 7 s, the
            paths 18 to 26 s more (docs/performance.md). Without it the conversion's own
            path is still checked against one dygraph call (its row in ``whatif``).
        progress: ``progress(done, total, message)``, as ``d2s_lab.bench`` takes it: the
            stage, calls done of the calls planned and the time left; at most four times a
            second.
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
                        budget_s=budget_s, source_file=conv.source_file, train=bool(train),
                        source_first_line=conv.source_first_line,
                        source_lines=(conv.original_source or "").splitlines())
    if not isinstance(conv_or_model, Conversion):
        res.stages["convert"] = time.perf_counter() - started
    whatif = bool(whatif) and not train
    paths = (4 if amp_step(dev) else 2) if train else len(PATHS) if whatif else 0
    steps = Steps(res, progress, WARMUP + calls + plain_calls(calls) + 2 * calls * paths)
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
        if train:  # copies of the model are trained: the user's weights and mode stay as they are
            with warnings.catch_warnings(), prints_kept_out() as printed:
                warnings.simplefilter("ignore")
                _run_train(conv, res, xs, calls, dev, stop_at, steps)
        else:
            if layer is not None:
                layer.eval()
            with warnings.catch_warnings(), no_grad(), prints_kept_out() as printed:
                warnings.simplefilter("ignore")
                _run(conv, res, xs, calls, dev, stop_at, steps, whatif)
        if printed.printed:
            res.notes.append(t("profile.printed", n=printed.lines))
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
    steps.finish(res.elapsed_s)
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


def _run(conv, res: ProfileResult, xs: list, calls: int, dev: str, stop_at, steps: Steps, whatif: bool) -> None:
    sync = synchronizer(dev)
    fn = conv.static_function
    last: list = [None]  # the latest call's outputs: the conversion's own check needs no call of its own

    def call():
        last[0] = fn(*xs)
        return last[0]

    with steps.stage("warmup", t("profile.progress.warmup")):
        t0 = time.perf_counter()
        for _ in range(WARMUP):
            call()
            steps.add()
        sync()
        per_call = (time.perf_counter() - t0) / WARMUP
    steps.per_call = per_call
    if stop_at is not None:
        # the plain calls and the profiled ones (the profiler costs up to about as much
        # again); the paths side by side: about twice the calls each
        left = stop_at - time.perf_counter()
        fit = max(MIN_CALLS, int(left / max(per_call * (3 + (2 * len(PATHS) if whatif else 0)), 1e-9)))
        if fit < calls:
            res.notes.append(t("profile.budget_calls", budget=f"{res.budget_s:g}", calls=fit, was=calls))
            calls = fit
            steps.total = WARMUP + calls + plain_calls(calls) + (2 * calls * len(PATHS) if whatif else 0)
    # On the default path the plain calls clock the compiled subgraphs and SOT's cache
    # lookups as well (a clock read and an append each: microseconds in a call), so the
    # segments need no pass of their own; under Paddle's profiler the guards and the glue
    # run slower, so the segments are never read there.
    spans: list = []
    n_plain = plain_calls(calls)
    with steps.stage("plain", t("profile.progress.plain", calls=n_plain)):
        if conv.mode == "sot":
            with timing_subgraphs(spans) as clocked:
                plain = _timed_calls(call, n_plain, sync, stop_at, steps)
            if not clocked:
                res.notes.append(t("profile.no_clock"))
        else:
            plain = _timed_calls(call, n_plain, sync, stop_at, steps)
    res.plain_ms = statistics.median((b - a) / 1e6 for a, b in plain)
    steps.per_call = res.plain_ms / 1000.0
    mine = _arrays(last[0])

    # the op events come from a profiled pass; on the default path its subgraphs are
    # clocked too, so each op is charged to the subgraph it ran in
    prof_spans: list = []
    read_at: list = []
    prof_t0 = time.perf_counter()

    def tick(what):
        if what == "call":
            steps.add()
        elif what == "warm":  # the profiler's first call, not counted
            res.stages["profiler_warmup"] = time.perf_counter() - prof_t0
            steps.msg = t("profile.progress.profiled", calls=calls)
            steps.tell(force=True)
        else:  # the calls are done: the profiler stops and its events are read
            read_at.append(time.perf_counter())
            steps.msg = t("profile.progress.read")
            steps.tell(force=True)

    with steps.stage("profiled", t("profile.progress.profiler_warmup")):
        if conv.mode == "sot":
            with timing_subgraphs(prof_spans):
                runs, events = profiled_calls(call, calls, dev, stop_at, MIN_CALLS, tick)
        else:
            runs, events = profiled_calls(call, calls, dev, stop_at, MIN_CALLS, tick)
    if read_at:  # the profiled calls; apart from them, the profiler's stop and the reading of its events
        res.stages["read"] = time.perf_counter() - read_at[0]
        res.stages["profiled"] -= res.stages["read"]
    res.stages["profiled"] -= res.stages.get("profiler_warmup", 0.0)
    res.calls = len(runs)
    res.events = len(events)
    res.profiled_ms = statistics.mean((b - a) / 1e6 for a, b in runs)
    if not events:
        res.notes.append(t("profile.no_events"))
    if dev.startswith("gpu"):
        res.notes.append(t("profile.gpu_note"))
    with steps.stage("attribute", t("profile.progress.attribute")):
        if conv.mode == "sot":
            weights = _sot_ops(conv, res, prof_spans, events, runs, res.profiled_ms)
            _sot_attribution(conv, res, plain, spans, weights)
        else:
            _ast_attribution(conv, res, events)
    if stop_at is not None and time.perf_counter() >= stop_at:
        res.notes.append(t("profile.budget_no_paths", budget=f"{res.budget_s:g}"))
        return
    eager = resolve(conv.target).function
    with steps.stage("check", t("profile.progress.check")):
        ref = _arrays(eager(*xs))
        diff, ok = compare_outputs(ref, mine)
    if not whatif:
        for k in PATHS:
            if k == conv.mode:
                res.whatif.append(WhatIf(k, res.plain_ms, len(plain), ok, diff))
            else:
                res.whatif.append(WhatIf(k, note=t("profile.whatif_off")))
        return
    _what_if(conv, res, xs, calls, sync, stop_at, steps, eager, ref)


# -- the AST path: events matched to the Program's ops ------------------------------------

def _timed_calls(call, calls: int, sync, stop_at, steps: Optional[Steps] = None) -> list:
    """``(start_ns, end_ns)`` of each of ``calls`` calls (fewer past ``stop_at``, not under
    :data:`MIN_CALLS`), on the profiler's clock."""
    out = []
    for _ in range(calls):
        t0 = time.time_ns()
        call()
        sync()
        out.append((t0, time.time_ns()))
        if steps is not None:
            steps.add()
        if stop_at is not None and len(out) >= MIN_CALLS and time.perf_counter() >= stop_at:
            break
    return out


# Paddle 2.6's legacy op names as PIR's: 2.6's executor names a static op's event as PIR
# does ("pd_op.matmul") while its Programs say "matmul_v2".
_PIR_NAME = {old: new for new, olds in LEGACY_NAMES.items() for old in olds}


def _kind_of(ty: str) -> str:
    return _PIR_NAME.get(ty, ty)


def _pairs(ops, events) -> list:
    """Each event with the op it ran, matched by type and order (the n-th ``conv2d``
    event is the n-th ``conv2d`` op, over and over for each call); ``None`` where the
    events of a type do not fit the ops of that type."""
    by_type: Dict[str, list] = collections.defaultdict(list)
    for op in ops:
        by_type[_kind_of(op_type(op.name))].append(op)
    seen: Dict[str, list] = collections.defaultdict(list)
    for e in events:
        seen[_kind_of(e.type)].append(e)
    out = []
    for ty, evs in seen.items():
        mine = by_type.get(ty, [])
        fits = bool(mine) and len(evs) % len(mine) == 0
        out += [(e, mine[i % len(mine)] if fits else None) for i, e in enumerate(evs)]
    return out


def _ast_attribution(conv, res: ProfileResult, events) -> None:
    graph = conv.drawn_graph
    n = max(res.calls, 1)
    whole = res.profiled_ms or 0.0
    ops = [op for op in graph.iter_ops() if op.category != "parameter"] if graph is not None else []
    timed: Dict[int, list] = {}  # op id -> [ms, events]
    unmatched = 0.0
    for e, op in _pairs(ops, events):
        if op is None:
            unmatched += e.ms
            continue
        slot = timed.setdefault(op.id, [0.0, 0])
        slot[0] += e.ms
        slot[1] += 1
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
    files = {f"{display_file(r.file)}:{r.line}": r.file for r in rows if r.line and not r.other}
    for row in res.lines:
        row.file = files.get(row.key, "")
    res.layers = _grouped(rows, lambda r: (r.layer, None), whole)
    res.program = graph
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
        last = next((s for s in reversed(out) if s[0] not in ("guard", "translate")), None)
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


def _sot_attribution(conv, res: ProfileResult, runs, spans, weights: Optional[Dict[str, dict]] = None) -> None:
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
    # Each piece's median over the calls: one call the OS paused in a short stretch (a
    # print) must not rank that stretch above a long one. The whole is their sum, so the
    # shares still add up.
    each = [statistics.median(c[j][3] for c in same) for j in range(len(shape))]
    whole = sum(each)
    segs = []
    for j, (kind, nm, idx) in enumerate(shape):
        ms = each[j]
        seg = Segment(kind, nm, ms, ms / whole if whole > 0 else 0.0)
        if is_resume(nm):  # SOT's name of the rest of a function after a break: the user's
            seg.name, seg.resumed = base_name(nm), True
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
    files = {j: next((b.file for b in breaks if b.line == seg.line and b.reason == seg.reason), "")
             for j, seg in enumerate(segs) if seg.kind == "dygraph" and seg.line}
    res.lines = _sot_lines(segs, files, weights or {}, subs, whole)


def _sot_lines(segs: List[Segment], files: Dict[int, str], weights: Dict[str, dict], subs: dict,
               whole: float) -> List[TimeRow]:
    """Time per source line on the default path: each compiled subgraph's time split over
    its lines by its ops' profiled time there (by their number where the profiler gave no
    op of it), each dygraph stretch charged to the line of the break that forced it, the
    rest (guards, the code around, a stretch without a break) one "other" row."""
    sums: Dict[tuple, list] = {}
    other = 0.0

    def add(file, line, ms, seg):
        slot = sums.setdefault((file, line), [0.0, []])
        slot[0] += ms
        if seg not in slot[1]:
            slot[1].append(seg)

    for j, seg in enumerate(segs):
        if seg.kind == "static":
            share = weights.get(seg.name) or _op_lines(subs.get(seg.name))
            total = sum(share.values())
            if total > 0:
                for (file, line), v in share.items():
                    add(file, line, seg.ms * v / total, ("static", seg.name))
                continue
        elif seg.kind == "dygraph" and seg.line:
            add(files.get(j, ""), seg.line, seg.ms, ("dygraph", seg.reason))
            continue
        other += seg.ms
    rows = [TimeRow(f"{display_file(file)}:{line}", ms, ms / whole if whole > 0 else 0.0, line, file=file,
                    segments=parts) for (file, line), (ms, parts) in sums.items()]
    if other > 0:
        rows.append(TimeRow("", other, other / whole if whole > 0 else 0.0, other=True))
    return sorted(rows, key=lambda r: -r.ms)


def _op_lines(sub) -> Dict[tuple, float]:
    """A subgraph's ops counted per source line."""
    graph = getattr(sub, "graph", None)
    if graph is None:
        return {}
    return dict(collections.Counter((op.source.file, op.source.line) for op in graph.iter_ops()
                                    if op.source is not None and op.source.line))


def _sot_ops(conv, res: ProfileResult, spans, events, runs, whole: float) -> Dict[str, dict]:
    """Op events by type, the segment they ran in (a subgraph's name, else dygraph) and,
    inside a subgraph, the source line of the op they ran (matched to the subgraph's ops
    as on the AST path, run by run). Returns each subgraph's op time per line
    (``{SIR name: {(file, line): ms}}``), which splits its time over its lines."""
    rep = conv.sot
    subs = list(rep.subgraphs) if rep is not None else []
    graphs = {s.name: s.graph for s in subs if s.graph is not None}
    statics = sorted((s for s in spans if s.kind == "static"), key=lambda s: s.start_ns)
    ran = list(dict.fromkeys(s.name for s in statics))
    if ran and not set(ran) & set(graphs) and len(ran) == len(subs):
        # Paddle translated the function again for the profile (its subgraphs numbered on):
        # the same subgraphs, in the same order, under new names
        graphs = {name: s.graph for name, s in zip(ran, subs) if s.graph is not None}
    starts = [s.start_ns for s in statics]
    inside: Dict[int, list] = collections.defaultdict(list)
    loose = []
    for e in events:
        j = bisect.bisect_right(starts, e.start_ns) - 1
        if j >= 0 and e.start_ns <= statics[j].end_ns:
            inside[j].append(e)
        else:
            loose.append(e)
    pairs = [(e, "dygraph", None) for e in loose]
    for j, evs in inside.items():
        graph = graphs.get(statics[j].name)
        ops = [op for op in graph.iter_ops() if op.category != "parameter"] if graph is not None else []
        pairs += [(e, statics[j].name, op) for e, op in _pairs(ops, evs)]
    n = max(len(runs), 1)
    sums: Dict[tuple, list] = {}
    weights: Dict[str, dict] = {}
    res.subgraphs = graphs
    for e, where, op in pairs:
        if op is not None:
            per_op = res.subgraph_ms.setdefault(where, {})
            per_op[op.id] = per_op.get(op.id, 0.0) + e.ms / n
        src = op.source if op is not None else None
        file, line = (src.file, src.line) if src is not None and src.line else ("", None)
        slot = sums.setdefault((e.type, where, file, line), [0.0, 0])
        slot[0] += e.ms
        slot[1] += 1
        if line is not None:
            per_line = weights.setdefault(where, {})
            per_line[(file, line)] = per_line.get((file, line), 0.0) + e.ms / n
    rows = [OpRow(ty, where, line, file, calls=round(k / n), ms=ms / n,
                  share=(ms / n) / whole if whole > 0 else 0.0)
            for (ty, where, file, line), (ms, k) in sums.items()]
    op_ms = sum(r.ms for r in rows)
    if whole > op_ms:
        rows.append(OpRow(op="other", ms=whole - op_ms, share=(whole - op_ms) / whole, other=True))
    res.ops = sorted(rows, key=lambda r: -r.ms)
    return weights


# -- a training step ------------------------------------------------------------------------

def _loss(out):
    paddle = require_paddle()
    parts = [o.astype("float32").mean() for o in flatten(out) if hasattr(o, "dtype") and "float" in str(o.dtype)]
    return paddle.add_n(parts) if len(parts) > 1 else parts[0]


def amp_step(dev: str) -> bool:
    """Whether a training step is also profiled under ``paddle.amp.auto_cast``: on a GPU
    only (on a CPU Paddle's auto_cast does nothing in dygraph: nothing to compare)."""
    return dev != "cpu"


def _train_step(conv, xs: list, kind: str, world: Optional[SotWorld], amp: bool = False):
    """A fresh copy of the model and one training step of it (forward, backward, an SGD
    update): in dygraph, or converted as the conversion was (in a SOT cache of its own);
    with ``amp``, its forward and loss under ``paddle.amp.auto_cast`` (float16) and its
    loss scaled as Paddle's AMP guide does (``GradScaler``)."""
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

    scaler = paddle.amp.GradScaler() if amp else None

    def step_amp():
        with paddle.amp.auto_cast():
            loss = _loss(fwd(*xs))
        scaler.scale(loss).backward()
        scaler.step(opt)
        scaler.update()
        opt.clear_grad()
        return loss

    one = step_amp if amp else step

    def step_apart():
        with world.entered():
            return one()

    chosen = step_apart if world is not None and kind == "sot" else one
    chosen.model = model  # a converted function holds its Layer only weakly
    return chosen


def _phase(ty: str) -> str:
    """forward, backward (a static ``*_grad`` op, or a dygraph ``Global_*GradNode``) or optimizer."""
    if ty.endswith("_grad") or "GradNode" in ty:
        return "backward"
    if ty in ("sgd", "adam", "adamw", "momentum"):
        return "optimizer"
    return "forward"


def _run_train(conv, res: ProfileResult, xs: list, calls: int, dev: str, stop_at, progress: Steps) -> None:
    sync = synchronizer(dev)
    world = SotWorld() if conv.mode == "sot" and worlds_allowed() else None
    # one step of fresh copies from identical weights: equal losses, or the row says so
    ref = _arrays(_train_step(conv, xs, "dygraph", None)())
    diff, ok = compare_outputs(ref, _arrays(_train_step(conv, xs, conv.mode, world)()))
    steps = {"dygraph": _train_step(conv, xs, "dygraph", None), conv.mode: _train_step(conv, xs, conv.mode, world)}
    amp = amp_step(dev)
    if amp:  # the same step under auto_cast, dygraph against to_static, in the same rounds
        steps["dygraph_amp"] = _train_step(conv, xs, "dygraph", None, amp=True)
        steps[conv.mode + "_amp"] = _train_step(conv, xs, conv.mode, world, amp=True)
    mine = steps[conv.mode]
    with progress.stage("warmup", t("profile.progress.warmup")):
        t0 = time.perf_counter()
        for _ in range(WARMUP):
            mine()
            progress.add()
        sync()
        progress.per_call = (time.perf_counter() - t0) / WARMUP
    with progress.stage("plain", t("profile.progress.plain", calls=calls)):
        plain = _timed_calls(mine, calls, sync, stop_at, progress)
    res.plain_ms = statistics.median((b - a) / 1e6 for a, b in plain)
    with progress.stage("profiled", t("profile.progress.profiled", calls=calls)):
        runs, events = profiled_calls(mine, calls, dev, stop_at, MIN_CALLS,
                                      lambda what: progress.add() if what == "call" else None)
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
    if not amp:
        res.notes.append(t("profile.train_no_amp"))
    if stop_at is not None and time.perf_counter() >= stop_at:
        res.notes.append(t("profile.budget_no_paths", budget=f"{res.budget_s:g}"))
        return
    with progress.stage("whatif", t("profile.progress.whatif", n=len(steps))):
        timed = interleaved(steps, TimingPlan(warmup=1, repeat=calls, min_time=0.0, max_runs=calls), sync,
                            stop_at=stop_at, tick=lambda: progress.add(2 * len(steps)))
    for k in list(PATHS) + list(AMP_PATHS):
        if k in timed:
            ref = k.startswith("dygraph")  # the AMP step is checked by its speed only (float16 losses differ)
            res.whatif.append(WhatIf(k, _ms(timed[k].median_s), timed[k].runs, None if ref or k in AMP_PATHS else ok,
                                     None if ref or k in AMP_PATHS else diff))


# -- every path, side by side ---------------------------------------------------------------

def _same_as_sot(conv) -> bool:
    """Whether SOT with ``MIN_GRAPH_SIZE=0`` would translate the function as the
    conversion did: its SOT report has subgraphs and every one of them already runs as a
    static program (none was left to dygraph for being small)."""
    rep = conv.sot if conv.mode == "sot" else None
    return bool(rep is not None and rep.subgraphs and all(s.runs_static for s in rep.subgraphs))


def _what_if(conv, res: ProfileResult, xs: list, calls: int, sync, stop_at, steps: Steps, eager, ref) -> None:
    """Every path side by side. The conversion's own path is its static function (not
    converted again); SOT with ``MIN_GRAPH_SIZE=0`` is not translated again where the SOT
    report shows it would compile the same subgraphs; the other paths are converted once
    each (the first call translates), checked against ``ref`` (dygraph's outputs), then all
    timed in the same interleaved rounds."""
    specs = conv.input_specs
    fns: Dict[str, Callable] = {"dygraph": lambda: eager(*xs)}
    notes: Dict[str, str] = {}
    sot_here = paddle_default_mode() == "sot"
    apart = worlds_allowed()  # the extra SOT paths translate in a cache of their own
    min0_same = _same_as_sot(conv)
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
    if min0_same:
        pass  # the sot row stands for it (below)
    elif (sot_here or conv.mode == "sot") and not apart:
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
    checked: Dict[str, tuple] = {}
    if conv.mode == "ast":
        fns["ast"] = lambda: conv.static_function(*xs)
    else:
        with steps.stage("convert_ast", t("profile.progress.convert", path=t(PATHS["ast"]))):
            try:
                full = to_static(eager, specs, full_graph=True)
                with unconverted(conv.target):
                    checked["ast"] = compare_outputs(ref, _arrays(full(*xs)))
                fns["ast"] = lambda: full(*xs)
            except Exception as exc:  # noqa: BLE001 - AST mode does not convert this: the reason, one line
                notes["ast"] = t("profile.ast_fails", error=f"{type(exc).__name__}: {gist_at_line(exc)}"[:300])
    for k in list(fns):
        if k == "dygraph" or k in checked:
            continue
        key = "check" if k == conv.mode else f"convert_{k}"
        with steps.stage(key, t("profile.progress.convert", path=t(PATHS[k]))):
            try:
                checked[k] = compare_outputs(ref, _arrays(fns[k]()))
            except Exception as exc:  # noqa: BLE001 - a path that fails here is said, not timed
                notes[k] = t("profile.path_failed", error=f"{type(exc).__name__}: {str(exc)[:200]}")
                fns.pop(k)
    with steps.stage("whatif", t("profile.progress.whatif", n=len(fns))):
        timed = interleaved(fns, TimingPlan(warmup=1, repeat=calls, min_time=0.0, max_runs=calls), sync,
                            stop_at=stop_at, tick=lambda: steps.add(2 * len(fns)))
    if min0_same and "sot" in timed:
        timed["sot_min0"] = timed["sot"]
        checked["sot_min0"] = checked.get("sot", (None, None))
        notes["sot_min0"] = t("profile.min0_same")
    for k in PATHS:
        if k in timed:
            diff, ok = checked.get(k, (None, None))
            res.whatif.append(WhatIf(k, _ms(timed[k].median_s), timed[k].runs, ok,
                                     None if k == "dygraph" else diff, note=notes.get(k, "")))
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
    dy, mine = res.path("dygraph_amp"), res.path(res.mode + "_amp")
    if dy is not None and mine is not None and dy.ms and mine.ms:  # a training step under auto_cast
        key = ("profile.advice.saves" if mine.ms <= dy.ms * (1 - NOTABLE) else "profile.advice.costs"
               if mine.ms >= dy.ms * (1 + NOTABLE) else "profile.advice.same")
        out.append(t(key, path=mine.label, pct=_pct(mine.ms, dy.ms), ms=f"{mine.ms:.3f}", dy=f"{dy.ms:.3f}"))
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
