"""``d2s_lab.bench``: how fast is the same model in each runtime Paddle offers?

Times dygraph (eager), ``to_static``, the Paddle Inference predictor (IR
optimisation on, with and without oneDNN on CPU) and ONNX Runtime (through
paddle2onnx, when installed) on identical inputs.  Outputs are checked equal
across runtimes before anything is timed; each timing is the median of many
runs after warm-up.  The advice line is computed from the measured numbers.
"""
from __future__ import annotations

import copy
import os
import shutil
import tempfile
import time
import warnings
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Callable, Optional

from d2s_lab.core.capture import captured, prints_kept_out
from d2s_lab.core.child_run import Stopped, can_fork, ends_in_child
from d2s_lab.core.paddle_compat.saved_run import saved_run_ends
from d2s_lab.core.bench.result import (
    DEPLOY,
    runtime_label,
    RUNTIMES,
    TRAIN_RUNTIMES,
    BenchResult,
    BenchRow,
    advise,
    duration,
)
from d2s_lab.core.compare import compare_lists
from d2s_lab.core.dims import Dims
from d2s_lab.core.options import check_count, check_non_negative, check_positive_int
from d2s_lab.core.convert import Conversion, convert
from d2s_lab.errors import D2SError
from d2s_lab.core.diff import diff, fusion_text
from d2s_lab.core.export import save_conversion
from d2s_lab.core.saved.pir_json import float64_list_attrs
from d2s_lab.core.nested import flatten
from d2s_lab.core.paddle_compat import require_paddle
from d2s_lab.core.paddle_compat.other_programs import optimized_program
from d2s_lab.core.paddle_compat.targets import resolve
from d2s_lab.core.paddle_compat.walk import has_while_loop, runs_low_precision
from d2s_lab.core.paddle_compat.runtimes import (
    RuntimeUnavailable,
    default_onednn,
    onnx_runner,
    predictor_runner,
    set_num_threads,
)
from d2s_lab.core.graph.shapes import dtype_name, is_dynamic, spec_text
from d2s_lab.core.specs import random_inputs
from d2s_lab.core.bench.timing import TimingPlan, estimate, fit_budget, interleaved
from d2s_lab.text import t

__all__ = [
    "ATOL",
    "DEPLOY",
    "runtime_label",
    "RTOL",
    "RUNTIMES",
    "TRAIN_RUNTIMES",
    "BenchResult",
    "BenchRow",
    "advise",
    "bench",
    "compare_outputs",
    "made_inputs",
]

# Deployment runtimes fuse and reorder ops, so their outputs are accepted within
# ATOL + RTOL * max|eager output| (per output array), looser than check's tolerances.
RTOL = 1e-3
ATOL = 1e-4
# The batch sizes timed when neither batch nor dims={0: N} gives them.
DEFAULT_BATCHES = (1, 20, 256)

Progress = Callable[[int, int, str], None]


def compare_outputs(ref: list, got: list) -> tuple[float, bool]:
    """``(max_abs_diff, ok)`` of a runtime's output arrays against eager's ``ref``.

    ok when every difference is within ``ATOL + RTOL * max|ref|``; the difference is
    ``inf`` when the outputs' number or shapes differ.
    """
    d = compare_lists(ref, got, RTOL, ATOL, scale="max")
    return (float("inf") if d.max_abs is None else d.max_abs), d.close


@dataclass
class _Plan:
    """What a driver runs, where, for how long, and whom it tells."""

    runtimes: list[str]
    timing: TimingPlan
    device: str  # "cpu" or "gpu"
    device_id: int
    sync: Callable[[], None]
    progress: Progress | None
    total: int  # progress steps: a check per runtime, then one timing round-robin, per batch
    done: int = 0
    budget_s: Optional[float] = None
    started: float = field(default_factory=time.perf_counter)
    ends_at: Optional[float] = None  # perf_counter when the timing is estimated to end
    onednn: dict = field(default_factory=dict)  # predictor runtime -> its oneDNN switch
    sizes: list = field(default_factory=list)  # per tensor input: {axis: size}, non-batch
    guarded: bool = False  # first calls tried in a forked child: they may never end
    # else, where a fork cannot run them (a GPU): (batch inputs, seconds left) -> whether one
    # run of the saved program ends, tried in a fresh process (see _saved_guard)
    saved_guard: Optional[Callable] = None
    tried: set = field(default_factory=set)  # (runtime, batch) whose first call was tried so far
    runaway: dict = field(default_factory=dict)  # batch -> why the saved program's run was stopped

    def step(self, msg: str) -> None:
        if self.progress is not None:
            if self.ends_at is not None:
                left = max(0.0, self.ends_at - time.perf_counter())
                msg = t("bench.progress_left", msg=msg, left=duration(left))
            self.progress(self.done, self.total, msg)

    def elapsed(self) -> float:
        return time.perf_counter() - self.started


def _to_numpy_list(out) -> list:
    res = []
    for o in flatten(out):
        if hasattr(o, "numpy"):
            res.append(o.numpy())
        elif hasattr(o, "shape") and hasattr(o, "dtype"):
            res.append(o)
    return res


def _parse_device(device: str, paddle):
    dev = (device or "cpu").lower()
    if dev == "cpu":
        return "cpu", 0
    if dev.startswith(("gpu", "cuda")):
        if not paddle.is_compiled_with_cuda():
            raise D2SError(t("bench.no_cuda", device=repr(device)), t("bench.no_cuda_hint"))
        _, _, idx = dev.partition(":")
        return "gpu", int(idx or 0)
    raise D2SError(t("bench.unknown_device", device=repr(device)), t("bench.unknown_device_hint"))


def bench(
    obj,
    batch: Sequence[int] | None = None,
    threads: int = 1,
    train: bool = False,
    device: str = "cpu",
    input_spec=None,
    runtimes: Sequence[str] | None = None,
    warmup: int = 3,
    repeat: int = 10,
    min_time: float = 0.5,
    max_runs: int = 2000,
    progress: Progress | None = None,
    name: str | None = None,
    dims: dict | None = None,
    budget: float | None = None,
) -> BenchResult:
    """Time one model in every runtime on identical inputs; return a :class:`BenchResult`.

    Args:
        obj: a ``Conversion`` (from ``%%to_static`` or ``d2s_lab.convert``), a
            ``paddle.nn.Layer`` or a function (then ``input_spec`` is needed).
        batch: batch sizes (default 1, 20, 256); each fills the inputs' dynamic batch
            axis (axis 0).
        dims: sizes of dynamic axes, as ``--dim`` and ``d2s_lab.convert`` take them
            (:mod:`d2s_lab.core.dims`): ``{axis: size}`` for every input, e.g. ``{1: 128}``
            for ``input_ids: [None, None]`` (the sequence length), ``{"name:axis": size}``
            for one. ``{0: N}`` is the batch, as ``batch=(N,)`` (giving both, different, is
            a D2SError). An axis not given takes its size from the conversion's example
            inputs, else the benchmark refuses (a D2SError naming the axis) rather than
            guess.
        threads: CPU threads for every runtime.
        train: time a training step (forward, backward, SGD update) in eager vs
            to_static instead of inference. The model is copied; its weights are
            not changed.
        device: ``"cpu"`` or ``"gpu"``/``"gpu:N"`` (needs a CUDA build of Paddle).
        runtimes: a subset of ``eager, to_static, predictor, predictor_onednn,
            onnxruntime`` (default: all that apply).
        warmup, repeat, min_time, max_runs: after ``warmup`` calls each, the runtimes
            take turns in rounds (each turn a block of calls lasting about 50 ms, its
            first call not counted), so changing machine load hits all alike, until each
            has at least ``repeat`` timed calls and ``min_time`` seconds per runtime have
            passed (at most ``max_runs`` calls each); each time is the median of its calls.
        progress: ``callback(done, total, message)``; once the first calls are timed,
            the message ends with the estimated time left.
        budget: seconds the whole benchmark may take. The first calls of each
            batch (the output checks and one more) give an estimate before the long
            part; when it is over the budget, the minimum time and warm-up go, the
            timed calls come down to 3, then the largest batches are left out, and
            ``notes`` say what was trimmed. ``None``: no limit.

    Outputs count as equal to eager's within ``ATOL + RTOL * max|eager output|``
    (``d2s_lab.core.bench.runner.ATOL``/``RTOL``); rows outside it are flagged, not dropped.
    """
    paddle = require_paddle()
    conv = obj if isinstance(obj, Conversion) else convert(obj, input_spec, mode="ast", run=False,
                                                           name=name)
    if conv.static_function is None:
        raise D2SError(t("bench.nothing_to_time", name=conv.name), t("bench.nothing_to_time_hint"))
    dev, dev_id = _parse_device(device, paddle)
    allowed = TRAIN_RUNTIMES if train else RUNTIMES
    if isinstance(runtimes, str):  # "eager,to_static", as the magic and the CLI take it
        runtimes = [r.strip() for r in runtimes.split(",") if r.strip()]
    threads = check_positive_int(threads, "threads")
    warmup = check_count(warmup, "warmup")
    repeat = check_positive_int(repeat, "repeat")
    min_time = check_non_negative(min_time, "min_time")
    max_runs = check_positive_int(max_runs, "max_runs")
    want = [r for r in (runtimes or allowed)]
    unknown = [r for r in want if r not in RUNTIMES]
    if unknown:
        raise D2SError(t("bench.unknown_runtimes", runtimes=", ".join(unknown)),
                       t("bench.choose_runtimes", runtimes=", ".join(RUNTIMES)))
    if "eager" not in want:
        want.insert(0, "eager")  # the reference for the checks and the advice
    want = [r for r in allowed if r in want]
    if budget is not None and (isinstance(budget, bool) or not float(budget) > 0):
        raise D2SError(t("bench.budget_bad", budget=budget), t("bench.budget_hint"))
    dims = Dims.parse(dims).check(conv.input_specs)
    batches = _batches(conv.input_specs, _batch_sizes(batch, dims))
    sizes = _dim_sizes(conv, dims)
    res = BenchResult(name=name or conv.name, device=dev if dev == "cpu" else f"gpu:{dev_id}",
                      threads=int(threads), train=bool(train), batches=batches,
                      paddle_version=paddle.__version__,
                      budget_s=None if budget is None else float(budget))
    onednn = default_onednn() if dev == "cpu" else None
    # The predictor's default configuration comes first, labelled by what it does;
    # the other is the variant, labelled by what differs.
    if onednn is not None:
        res.default_predictor = "predictor_onednn" if onednn else "predictor"
        if onednn and "predictor_onednn" in want and "predictor" in want:
            i, j = want.index("predictor"), want.index("predictor_onednn")
            want[i], want[j] = want[j], want[i]
    if conv.mode == "sot" and "to_static" in want:
        res.notes.append(t("bench.note_sot"))
    if batches == [None]:
        res.notes.append(t("bench.note_fixed_shape"))
    plan = _Plan(runtimes=want,
                 timing=TimingPlan(warmup=warmup, repeat=repeat, min_time=min_time,
                                   max_runs=max_runs),
                 device=dev, device_id=dev_id,
                 sync=(lambda: paddle.device.synchronize()) if dev == "gpu" else (lambda: None),
                 progress=progress, total=(len(want) + 1) * len(batches),
                 budget_s=res.budget_s,
                 onednn={"predictor": None if onednn is False else False,
                         "predictor_onednn": None if onednn else True},
                 sizes=sizes,
                 guarded=dev == "cpu" and can_fork() and _may_run_away(conv) and BENCH_GUARD != "process")
    if _may_run_away(conv) and not plan.guarded and not train:
        plan.saved_guard = _saved_guard(conv, "cpu" if dev == "cpu" else f"gpu:{dev_id}")

    prev_device = paddle.device.get_device()
    paddle.set_device("cpu" if dev == "cpu" else f"gpu:{dev_id}")
    prev_threads = None
    try:
        try:
            prev_threads = set_num_threads(threads)
        except RuntimeUnavailable as exc:
            res.notes.append(exc.message)
        # the model's own prints, once per timed call, would bury the result
        with warnings.catch_warnings(), prints_kept_out() as printed:
            warnings.simplefilter("ignore")  # Paddle's conversion chatter would bury the result
            if train:
                _bench_train(conv, res, plan)
            else:
                _bench_infer(conv, res, plan)
        if printed.printed:
            res.notes.append(t("bench.printed", n=printed.lines))
    except KeyboardInterrupt:  # a model that never returns, stopped by the user: one message
        raise D2SError(t("bench.interrupted", seconds=f"{plan.elapsed():.0f}"),
                       t("bench.interrupted_hint")) from None
    finally:
        paddle.set_device(prev_device)
        if prev_threads is not None:
            set_num_threads(prev_threads)
    res.elapsed_s = plan.elapsed()
    if progress is not None:
        progress(plan.total, plan.total, t("bench.progress_done", took=duration(res.elapsed_s)))
    res.advice = advise(res)
    return res


def _tensor_specs(specs) -> list:
    return [s for s in flatten(list(specs or [])) if getattr(s, "shape", None) is not None]


def _batches(specs, batch) -> list[int | None]:
    # only axis 0 is the batch axis; the others are sized by dims
    dynamic = any(s.shape and is_dynamic(s.shape[0]) for s in _tensor_specs(specs))
    if not dynamic:
        return [None]
    if isinstance(batch, int):
        batch = [batch]
    out = []
    for b in batch:
        if int(b) < 1:
            raise D2SError(t("bench.batch_not_positive", b=b), t("inputs.batch_hint"))
        out.append(int(b))
    return out or [1]


def _batch_sizes(batch, dims: Dims):
    """The batch sizes: ``batch``, or ``--dim 0=N`` (every input's axis 0) as ``[N]``;
    both, different, is a D2SError."""
    if dims.batch is None:
        return DEFAULT_BATCHES if batch is None else batch
    if batch is not None and [int(b) for b in ([batch] if isinstance(batch, int) else batch)] != [dims.batch]:
        given = batch if isinstance(batch, int) else ",".join(str(b) for b in batch)
        raise D2SError(t("bench.dim_batch_twice", entry=f"0={dims.batch}", batch=given),
                       t("bench.dim_batch_twice_hint"))
    return [dims.batch]


def _dim_sizes(conv, dims: Dims) -> list[dict]:
    """For each tensor input, ``{axis: size}`` of its dynamic axes: from ``dims``, else
    (axes after the batch axis) from the conversion's example input; the batch axis
    left to the batch sizes, any other axis left without a size is a D2SError naming
    the input, the axis and the option."""
    specs = _tensor_specs(conv.input_specs)
    examples = [e for e in flatten(list(conv.example_inputs or [])) if hasattr(e, "shape")]
    if len(examples) != len(specs):
        examples = [None] * len(specs)
    sizes, missing = [], []
    for s, ex in zip(specs, examples):
        own = {}
        for a, d in enumerate(s.shape):
            if not is_dynamic(d):
                continue
            given = dims.size(getattr(s, "name", None), a)
            if given is not None:
                own[a] = given
            elif a == 0:
                continue  # the batch
            elif ex is not None and len(ex.shape) == len(s.shape):
                own[a] = int(ex.shape[a])
            else:
                missing.append((s, a))
        sizes.append(own)
    if missing:
        axes = sorted({a for _, a in missing})
        which = ", ".join(f"{spec_text(s.shape, dtype_name(s), s.name)} (axis {a})" for s, a in missing)
        example = " ".join(f"--dim {a}=128" for a in axes)
        api = ", ".join(f"{a}: 128" for a in axes)
        raise D2SError(t("bench.dim_missing", which=which),
                       t("bench.dim_missing_hint", option=example, api="dims={" + api + "}"))
    return sizes


@dataclass
class _Sized:
    """An input spec with every axis given a size (what random_inputs fills)."""

    shape: list
    dtype: str
    name: Optional[str] = None


def _inputs(specs, b, sizes=None):
    """Random inputs at batch ``b`` (axis 0) and ``sizes`` (per tensor input,
    ``{axis: size}`` for its dynamic axes given a size, the batch axis included when
    ``--dim`` sizes it for that input)."""
    sizes = list(sizes or [])
    at = iter(range(len(sizes)))

    def one(s):
        if isinstance(s, (list, tuple)):
            return type(s)(one(v) for v in s)
        if isinstance(s, dict):
            return {k: one(v) for k, v in s.items()}
        if getattr(s, "shape", None) is None:
            return s
        own = sizes[next(at)] if sizes else {}
        shape = [own[a] if a in own else (1 if b is None else b) if (a == 0 and is_dynamic(d)) else d
                 for a, d in enumerate(s.shape)]
        return _Sized(shape, dtype_name(s), getattr(s, "name", None))

    return random_inputs([one(s) for s in list(specs or [])], batch=1 if b is None else b)


def made_inputs(conv, batch=None) -> list:
    """Random inputs for ``conv`` as the benchmark makes them: ``batch`` (None: 1) on a
    dynamic batch axis, the other dynamic axes sized from the conversion's example inputs
    (else a D2SError naming the axis)."""
    return _inputs(conv.input_specs, batch, _dim_sizes(conv, Dims()))


def _shapes(xs) -> list:
    return [list(x.shape) for x in flatten(xs) if hasattr(x, "shape")]


def _may_run_away(conv) -> bool:
    """True when the converted Program runs a ``while`` loop (a run that may never end) or
    computes in float16/bfloat16 (a run that oneDNN aborts on a CPU without the instructions)."""
    try:
        return conv.program is not None and (has_while_loop(conv.program) or runs_low_precision(conv.program))
    except Exception:  # noqa: BLE001 - a Program this Paddle cannot walk: run unguarded
        return False


def _first_call_ends(res, plan, runtime: str, batch, run: Callable) -> bool:
    """The first call of a Program with a ``while`` loop may never end, and Paddle's
    executor, the predictor and ONNX Runtime do not look at signals while they run: it is
    tried in a forked child first (:mod:`d2s_lab.core.child_run`), within what is left of
    the budget. The kernel's Interrupt kills the child (KeyboardInterrupt here, the CPU
    idle again at once); past the budget, or when the child dies, the runtime is skipped
    with why. True: the call ends, and is run here for its outputs and timing. Each
    batch's first call is tried so (a loop's end may depend on the batch's data); the
    timed calls at that batch run here only. ``run`` builds the runtime afresh in the child:
    one that has already run here has worker threads that exist here alone, and a forked
    child would wait on them forever."""
    plan.tried.add((runtime, batch))
    left = float("inf") if plan.budget_s is None else max(1.0, plan.budget_s - plan.elapsed())
    try:
        ended = ends_in_child(run, left)
    except Stopped as exc:
        if exc.interrupted:
            raise KeyboardInterrupt from None
        res.skipped[runtime] = t("bench.first_call_stopped", batch=batch or "-",
                                 seconds=f"{exc.seconds:.0f}")
        return False
    if ended is None:  # the child died: here the same call could end the kernel
        res.skipped[runtime] = t("bench.first_call_died", batch=batch or "-")
        return False
    return True


# How first calls that may never end are guarded: "auto" (a forked child on the CPU, a
# fresh process given the saved program on a GPU) or "process" (always the latter).
BENCH_GUARD = "auto"


def _saved_guard(conv, device: str) -> Callable:
    def ends(inputs, left):
        return saved_run_ends(lambda prefix: save_conversion(conv, prefix), list(inputs), left, device)
    return ends


def _saved_run_ends(res, plan, runtime: str, batch, inputs) -> bool:
    """Where a fork cannot try the first calls (a GPU): one run of the saved program at
    this batch in a fresh process, for every static runtime (they run the same program);
    the kernel's Interrupt or the budget kills it. False: the runtime is left out, why said."""
    if ("saved", batch) not in plan.tried:
        plan.tried.add(("saved", batch))
        left = float("inf") if plan.budget_s is None else max(1.0, plan.budget_s - plan.elapsed())
        try:
            plan.saved_guard(inputs, left)
        except Stopped as exc:
            if exc.interrupted:
                raise KeyboardInterrupt from None
            plan.runaway[batch] = t("bench.first_call_stopped", batch=batch or "-", seconds=f"{exc.seconds:.0f}")
    if batch in plan.runaway:
        res.skipped[runtime] = plan.runaway[batch]
        return False
    return True


def _check_once(res, plan, runtime: str, batch, ref: list, run: Callable,
                first: Optional[Callable] = None, inputs=None):
    """Run ``runtime`` once and compare its outputs with eager's: ``(max_abs_diff, ok)``.
    A failure skips the runtime (the reason goes to ``res.skipped``) and gives None.
    Where the call may never end (``plan.guarded``), the runtime's first call at each
    batch is tried in a child first, as ``first`` (the same call on a runtime built afresh)."""
    try:
        if plan.guarded and first is not None and (runtime, batch) not in plan.tried:
            if not _first_call_ends(res, plan, runtime, batch, first):
                return None
        if plan.saved_guard is not None and runtime != "eager" and inputs is not None:
            if not _saved_run_ends(res, plan, runtime, batch, inputs):
                return None
        if runtime in DEPLOY:  # a deployed runtime's first call logs from C++: Paddle's log, not the user's output
            out = _logged(res, runtime, run)
        else:
            out = ref if runtime == "eager" else _to_numpy_list(run())
    except Exception as exc:  # noqa: BLE001 - the row is skipped, with why
        res.skipped[runtime] = _known_failure(res, runtime, exc) or t(
            "bench.failed_at_batch", batch=batch or "-", error=f"{type(exc).__name__}: {exc}"[:300])
        return None
    finally:
        plan.done += 1
    return (0.0, True) if runtime == "eager" else compare_outputs(ref, out)


def _logged(res: BenchResult, runtime: str, run: Callable) -> list:
    """``run()``'s outputs, what it printed from C++ on file descriptors 1 and 2 kept in
    ``res.paddle_log`` (Paddle 3.3's oneDNN kernels print ``ReduceMeanCheckIfOneDNNSupport``
    on a predictor's first run), shown with the result instead of as the cell's output."""
    out = None
    try:
        with captured(f"bench {res.name} {runtime}") as out:
            return _to_numpy_list(run())
    finally:  # the capture is complete once its block has exited
        lines = out.log.strip() if out is not None else ""
        if lines:
            res.paddle_log += "".join(f"[{res.label(runtime)}] {line}\n" for line in lines.splitlines())


def _known_failure(res: BenchResult, runtime: str, exc: BaseException) -> str:
    """The row note for a failure Paddle is known for, or "": its oneDNN executor converts
    no list of float64 attribute values (Paddle 3.3.0 and 3.3.1), named with the ops of the
    predictor's program that hold such a list."""
    said = str(exc)
    if "ConvertPirAttribute2RuntimeAttribute not support" not in said:
        return ""
    quoted = said.split("(at ")[0].strip()
    ops = res.onednn_lists.get(runtime) or []
    where = ", ".join(f"{op} ({attr})" for op, attr in ops[:6]) or t("bench.onednn_list_unknown")
    return t("bench.onednn_list_attr", ops=where, paddle=quoted[:200])


def _eager_fn(conv):
    return resolve(conv.target).function


def _run_with(fn: Callable) -> Callable:
    return lambda xs: fn(*xs)


def _deploy_runners(conv, res, plan, tmp, fresh: dict) -> dict[str, Callable]:
    """Runners for the deployment runtimes in ``plan.runtimes``; the others go to
    ``res.skipped``. ``fresh`` receives, per runtime, a function that builds it again."""

    want = [k for k in plan.runtimes if k in DEPLOY]
    if not want:
        return {}
    plan.step(t("bench.progress_saving"))
    saved = save_conversion(conv, os.path.join(tmp, "model"))
    prog = next((p for p, _ in saved if p.endswith((".json", ".pdmodel"))), None)
    params = next((p for p, _ in saved if p.endswith(".pdiparams")), None)
    if prog is None:
        for k in want:
            res.skipped[k] = t("bench.no_program_file")
        return {}
    runners: dict[str, Callable] = {}
    for k in ("predictor", "predictor_onednn"):
        if k not in want:
            continue
        if k == "predictor_onednn" and plan.device != "cpu":
            res.skipped[k] = t("bench.onednn_cpu_only")
            continue
        try:
            def make(k=k):
                return predictor_runner(prog, params, plan.device, plan.device_id, res.threads,
                                        onednn=plan.onednn.get(k, k == "predictor_onednn"))

            runners[k] = make()
            fresh[k] = make
            _read_passes(res, k, prog, params, os.path.join(tmp, f"optimized_{k}"), plan.device)
        except RuntimeUnavailable as exc:
            res.skipped[k] = exc.message
        except Exception as exc:  # noqa: BLE001 - a failing runtime is reported, not raised
            res.skipped[k] = t("bench.no_predictor", error=f"{type(exc).__name__}: {exc}"[:300])
    if "onnxruntime" in want:
        try:
            runners["onnxruntime"] = onnx_runner(prog, params, tmp, plan.device, res.threads)
            fresh["onnxruntime"] = lambda: onnx_runner(prog, params, tempfile.mkdtemp(dir=tmp),
                                                       plan.device, res.threads)
        except RuntimeUnavailable as exc:
            res.skipped["onnxruntime"] = str(exc)
        except Exception as exc:  # noqa: BLE001 - likewise
            res.skipped["onnxruntime"] = f"{type(exc).__name__}: {exc}"[:300]
    return runners


def _read_passes(res: BenchResult, runtime: str, prog: str, params, optim_dir: str,
                 device: str) -> None:
    """What the predictor's IR passes rewrote: its optimised program against the saved one.
    Where Paddle cannot write that program (a model without parameters), the table has no
    such line; the timings stand."""
    try:
        optimized = optimized_program(prog, params, optim_dir, onednn=runtime == "predictor_onednn",
                                      device=device)
        d = diff(prog, optimized, names=("saved program", res.label(runtime)))
    except D2SError:
        return
    res.inference_diffs[runtime] = d
    res.passes[runtime] = fusion_text(d) or t("bench.passes_none")
    res.onednn_lists[runtime] = float64_list_attrs(optimized)


def _bench_infer(conv, res: BenchResult, plan: _Plan) -> None:
    paddle = require_paddle()
    layer = conv.layer
    was_training = getattr(layer, "training", False)
    if layer is not None:
        layer.eval()
    tmp = tempfile.mkdtemp(prefix="d2s_bench_")
    try:
        eager_fn = _eager_fn(conv)
        static_fn = conv.static_function
        if plan.device == "gpu" and layer is not None:
            # A copy on the GPU: the user's model stays where it is.
            gpu_model = copy.deepcopy(layer)
            gpu_model.to(device=f"gpu:{plan.device_id}")
            gpu_model.eval()
            eager_fn = gpu_model.forward
            static_fn = paddle.jit.to_static(gpu_model.forward, input_spec=conv.input_specs,
                                             full_graph=conv.mode == "ast")
        runners: dict[str, Callable] = {"eager": lambda xs: eager_fn(*xs)}
        if "to_static" in plan.runtimes:
            runners["to_static"] = lambda xs: static_fn(*xs)
        # the first calls tried in a child (plan.guarded) run on runtimes built there
        fresh: dict[str, Callable] = {
            "to_static": lambda: _run_with(paddle.jit.to_static(eager_fn, input_spec=conv.input_specs,
                                                                full_graph=conv.mode == "ast"))}
        runners.update(_deploy_runners(conv, res, plan, tmp, fresh))
        order = [k for k in plan.runtimes if k in runners]

        def probe(b):
            nonlocal order
            xs = _inputs(conv.input_specs, b, plan.sizes)
            res.input_shapes[b] = _shapes(xs)
            # the deployed program is fed its tensor leaves; Python constants are baked in
            arrays = [x.numpy() for x in flatten(xs) if hasattr(x, "numpy")]
            ref = _to_numpy_list(runners["eager"](xs))
            checked = {}
            for k in order:
                plan.step(t("bench.progress_check", runtime=res.label(k), batch=b or "-"))
                args = arrays if k in DEPLOY else xs
                verdict = _check_once(res, plan, k, b, ref, lambda k=k, args=args: runners[k](args),
                                      first=(lambda k=k, args=args: fresh[k]()(args))
                                      if k in fresh else None, inputs=xs)
                if verdict is not None:
                    checked[k] = verdict
            order = [k for k in order if k not in res.skipped]
            fns = {k: (lambda k=k, a=(arrays if k in DEPLOY else xs): runners[k](a))
                   for k in checked}
            return checked, fns

        with paddle.no_grad():
            _measure(res, plan, probe)
    finally:
        if layer is not None and was_training:
            layer.train()
        shutil.rmtree(tmp, ignore_errors=True)


def _add_rows(res: BenchResult, b, checked, timed) -> None:
    for k, (max_diff, ok) in checked.items():
        med, n = timed[k]
        res.rows.append(BenchRow(k, b, med, n, None if k == "eager" else max_diff, ok,
                                 default=k == res.default_predictor))


def _bench_train(conv, res: BenchResult, plan: _Plan) -> None:
    paddle = require_paddle()
    layer = conv.layer
    if layer is None:
        raise D2SError(t("bench.train_needs_layer", name=conv.name), t("bench.train_needs_layer_hint"))
    if not layer.parameters():
        raise D2SError(f"{conv.name} has no trainable parameters to train.")
    full_graph = conv.mode == "ast"

    def make(kind):
        model = copy.deepcopy(layer)
        if paddle.device.get_device().startswith("gpu"):
            model.to(device=paddle.device.get_device())
        model.train()
        fwd = model.forward
        if kind == "to_static":
            fwd = paddle.jit.to_static(resolve(model).function, input_spec=conv.input_specs, full_graph=full_graph)
        opt = paddle.optimizer.SGD(learning_rate=1e-3, parameters=model.parameters())

        def train_step(xs):
            out = fwd(*xs)
            loss = sum(o.astype("float32").mean() for o in flatten(out)
                       if hasattr(o, "dtype") and "float" in str(o.dtype))
            loss.backward()
            opt.step()
            opt.clear_grad()
            return loss

        train_step.model = model  # the static function holds its Layer only weakly
        return train_step

    steps = {k: make(k) for k in plan.runtimes}

    def probe(b):
        xs = _inputs(conv.input_specs, b, plan.sizes)
        res.input_shapes[b] = _shapes(xs)
        # Fresh copies for the check: one step from identical weights must give equal losses.
        ref = _to_numpy_list(make("eager")(xs))
        checked = {}
        for k in plan.runtimes:
            if k in res.skipped:
                continue
            plan.step(t("bench.progress_check_train", runtime=res.label(k), batch=b or "-"))
            run = lambda k=k, xs=xs: make(k)(xs)  # noqa: E731 - a fresh copy each time
            verdict = _check_once(res, plan, k, b, ref, run, first=None if k == "eager" else run)
            if verdict is not None:
                checked[k] = verdict
        return checked, {k: (lambda k=k, xs=xs: steps[k](xs)) for k in checked}

    _measure(res, plan, probe)


def _call_time(fn, sync) -> float:
    t0 = time.perf_counter()
    fn()
    sync()
    return time.perf_counter() - t0


def _rough_left(order: list, last, per_call: dict, timing: TimingPlan) -> float:
    """Seconds left after probing ``last``: the batches not yet probed (their checks and
    timing scaled from ``last`` by batch size) and the timing of those probed."""
    left = sum(estimate(c, timing) for c in per_call.values())
    for b in order[order.index(last) + 1:]:
        scale = (b or 1) / (last or 1)
        calls = {k: c * scale for k, c in per_call[last].items()}
        left += 3 * sum(calls.values()) + estimate(calls, timing)
    return left


def _measure(res: BenchResult, plan: _Plan, probe) -> None:
    """Check every batch first (``probe(b)`` -> ``(checked, fns)``) and time one more
    call of each runtime: the estimate. Then trim to the budget, say so, and time."""
    order = sorted(res.batches, key=lambda b: b or 0)  # smallest first: the largest go first
    probed: dict = {}
    per_call: dict = {}
    dropped: list = []
    for b in order:
        if plan.budget_s is not None and per_call:
            last = max(per_call, key=lambda x: x or 0)
            scale = (b or 1) / (last or 1)
            # its checks and one more call each, then its shortest timing: scaled from the last
            ahead = sum(3 * c * scale for c in per_call[last].values()) + estimate(
                {k: c * scale for k, c in per_call[last].items()},
                TimingPlan(warmup=1, repeat=3, min_time=0.0, max_runs=plan.timing.max_runs))
            if plan.elapsed() + ahead > plan.budget_s:
                dropped = [x for x in order if (x or 0) >= (b or 0)]
                res.notes.append(t("bench.budget_batches", budget=duration(plan.budget_s),
                                   batches=", ".join(map(str, dropped)), est=duration(ahead)))
                break
        checked, fns = probe(b)
        probed[b] = (checked, fns)
        per_call[b] = {}
        for k, fn in fns.items():
            plan.step(t("bench.progress_estimate", runtime=res.label(k), batch=b or "-"))
            per_call[b][k] = _call_time(fn, plan.sync)
        plan.ends_at = time.perf_counter() + _rough_left(order, b, per_call, plan.timing)
    available = None if plan.budget_s is None else max(0.0, plan.budget_s - plan.elapsed())
    fit = fit_budget(per_call, plan.timing, available)
    dropped += [b for b in per_call if b not in fit.batches]
    if len(fit.batches) < len(per_call):
        left_out = [b for b in per_call if b not in fit.batches]
        res.notes.append(t("bench.budget_batches", budget=duration(plan.budget_s),
                           batches=", ".join(map(str, left_out)),
                           est=duration(sum(estimate(per_call[b], fit.plan) for b in left_out))))
    if fit.plan != plan.timing:
        res.notes.append(t("bench.budget_runs", budget=duration(plan.budget_s), runs=fit.plan.repeat,
                           was=plan.timing.repeat, est=duration(fit.estimate_s)))
    if not fit.fits:
        res.notes.append(t("bench.budget_over", budget=duration(plan.budget_s),
                           est=duration(fit.estimate_s)))
    res.estimate_s = plan.elapsed() + fit.estimate_s
    res.dropped_batches = sorted(dropped, key=lambda b: b or 0)
    res.batches = [b for b in res.batches if b not in dropped]
    for b in dropped:
        res.input_shapes.pop(b, None)
    plan.total -= (len(plan.runtimes) + 1) * len(dropped)
    plan.ends_at = time.perf_counter() + fit.estimate_s
    stop_at = None if plan.budget_s is None else plan.started + plan.budget_s
    for b in [b for b in res.batches if b in probed]:
        checked, fns = probed[b]
        msg = t("bench.progress_timing", batch=b or "-", n=len(checked))
        plan.step(msg)
        _add_rows(res, b, checked, interleaved(fns, fit.plan, plan.sync, stop_at=stop_at,
                                               tick=lambda msg=msg: plan.step(msg)))
        plan.done += 1
