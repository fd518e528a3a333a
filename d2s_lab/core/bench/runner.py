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
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Callable

from d2s_lab.core.bench.result import (
    DEPLOY,
    runtime_label,
    RUNTIMES,
    TRAIN_RUNTIMES,
    BenchResult,
    BenchRow,
    advise,
)
from d2s_lab.core.compare import compare_lists
from d2s_lab.core.convert import Conversion, convert
from d2s_lab.errors import D2SError
from d2s_lab.core.diff import diff, fusion_text
from d2s_lab.core.export import save_conversion
from d2s_lab.core.nested import flatten
from d2s_lab.core.paddle_compat import require_paddle
from d2s_lab.core.paddle_compat.other_programs import optimized_program
from d2s_lab.core.paddle_compat.targets import resolve
from d2s_lab.core.paddle_compat.runtimes import (
    RuntimeUnavailable,
    onnx_runner,
    predictor_runner,
    set_num_threads,
)
from d2s_lab.core.graph.shapes import is_dynamic
from d2s_lab.core.specs import random_inputs
from d2s_lab.core.bench.timing import TimingPlan, interleaved

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
]

# Deployment runtimes fuse and reorder ops, so their outputs are accepted within
# ATOL + RTOL * max|eager output| (per output array), looser than check's tolerances.
RTOL = 1e-3
ATOL = 1e-4

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

    def step(self, msg: str) -> None:
        if self.progress is not None:
            self.progress(self.done, self.total, msg)


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
            raise D2SError(f"device={device!r}: this Paddle build has no CUDA support.",
                           "Install paddlepaddle-gpu, or use device='cpu'.")
        _, _, idx = dev.partition(":")
        return "gpu", int(idx or 0)
    raise D2SError(f"Unknown device {device!r}.", "Use 'cpu' or 'gpu' (or 'gpu:N').")


def bench(
    obj,
    batch: Sequence[int] = (1, 20, 256),
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
) -> BenchResult:
    """Time one model in every runtime on identical inputs; return a :class:`BenchResult`.

    Args:
        obj: a ``Conversion`` (from ``%%to_static`` or ``d2s_lab.convert``), a
            ``paddle.nn.Layer`` or a function (then ``input_spec`` is needed).
        batch: batch sizes; each fills the inputs' dynamic dimensions.
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
        progress: ``callback(done, total, message)``.

    Outputs count as equal to eager's within ``ATOL + RTOL * max|eager output|``
    (``d2s_lab.core.bench.runner.ATOL``/``RTOL``); rows outside it are flagged, not dropped.
    """
    paddle = require_paddle()
    conv = obj if isinstance(obj, Conversion) else convert(obj, input_spec, mode="ast", run=False,
                                                           name=name)
    if conv.static_function is None:
        raise D2SError(f"{conv.name} has no converted function to time.",
                       "Fix the conversion error first (see the %%to_static report).")
    dev, dev_id = _parse_device(device, paddle)
    allowed = TRAIN_RUNTIMES if train else RUNTIMES
    want = [r for r in (runtimes or allowed)]
    unknown = [r for r in want if r not in RUNTIMES]
    if unknown:
        raise D2SError(f"Unknown runtime(s): {', '.join(unknown)}.", f"Choose from {', '.join(RUNTIMES)}.")
    if "eager" not in want:
        want.insert(0, "eager")  # the reference for the checks and the advice
    want = [r for r in allowed if r in want]
    batches = _batches(conv.input_specs, batch)
    res = BenchResult(name=name or conv.name, device=dev if dev == "cpu" else f"gpu:{dev_id}",
                      threads=int(threads), train=bool(train), batches=batches,
                      paddle_version=paddle.__version__)
    if conv.mode == "sot" and "to_static" in want:
        res.notes.append("to_static here is SOT (bytecode translation, Paddle's default); "
                         "the predictor and ONNX columns use the saved full Program.")
    if batches == [None]:
        res.notes.append("The inputs have no dynamic dimension: timed at their fixed shape only.")
    plan = _Plan(runtimes=want,
                 timing=TimingPlan(warmup=warmup, repeat=repeat, min_time=min_time,
                                   max_runs=max_runs),
                 device=dev, device_id=dev_id,
                 sync=(lambda: paddle.device.synchronize()) if dev == "gpu" else (lambda: None),
                 progress=progress, total=(len(want) + 1) * len(batches))

    prev_device = paddle.device.get_device()
    paddle.set_device("cpu" if dev == "cpu" else f"gpu:{dev_id}")
    prev_threads = None
    try:
        try:
            prev_threads = set_num_threads(threads)
        except RuntimeUnavailable as exc:
            res.notes.append(exc.message)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # Paddle's conversion chatter would bury the result
            if train:
                _bench_train(conv, res, plan)
            else:
                _bench_infer(conv, res, plan)
    finally:
        paddle.set_device(prev_device)
        if prev_threads is not None:
            set_num_threads(prev_threads)
    if progress is not None:
        progress(plan.total, plan.total, "done")
    res.advice = advise(res)
    return res


def _batches(specs, batch) -> list[int | None]:
    dynamic = any(is_dynamic(d) for s in flatten(list(specs or [])) for d in (getattr(s, "shape", None) or []))
    if not dynamic:
        return [None]
    if isinstance(batch, int):
        batch = [batch]
    out = []
    for b in batch:
        if int(b) < 1:
            raise D2SError(f"Batch size {b} is not positive.", "Use e.g. --batch 1,20,256.")
        out.append(int(b))
    return out or [1]


def _inputs(specs, b):
    return random_inputs(specs, batch=1 if b is None else b)


def _check_once(res, plan, runtime: str, batch, ref: list, run: Callable):
    """Run ``runtime`` once and compare its outputs with eager's: ``(max_abs_diff, ok)``.
    A failure skips the runtime (the reason goes to ``res.skipped``) and gives None."""
    try:
        out = ref if runtime == "eager" else _to_numpy_list(run())
    except Exception as exc:  # noqa: BLE001 - the row is skipped, with why
        res.skipped[runtime] = f"failed at batch {batch}: {type(exc).__name__}: {exc}"[:300]
        return None
    finally:
        plan.done += 1
    return (0.0, True) if runtime == "eager" else compare_outputs(ref, out)


def _eager_fn(conv):
    return resolve(conv.target).function


def _deploy_runners(conv, res, plan, tmp) -> dict[str, Callable]:
    """Runners for the deployment runtimes in ``plan.runtimes``; the others go to ``res.skipped``."""

    want = [k for k in plan.runtimes if k in DEPLOY]
    if not want:
        return {}
    plan.step("saving the model for the deployment runtimes")
    saved = save_conversion(conv, os.path.join(tmp, "model"))
    prog = next((p for p, _ in saved if p.endswith((".json", ".pdmodel"))), None)
    params = next((p for p, _ in saved if p.endswith(".pdiparams")), None)
    if prog is None:
        for k in want:
            res.skipped[k] = "paddle.jit.save wrote no program file"
        return {}
    runners: dict[str, Callable] = {}
    for k in ("predictor", "predictor_onednn"):
        if k not in want:
            continue
        if k == "predictor_onednn" and plan.device != "cpu":
            res.skipped[k] = "oneDNN is a CPU backend"
            continue
        try:
            runners[k] = predictor_runner(prog, params, plan.device, plan.device_id, res.threads,
                                          onednn=(k == "predictor_onednn"))
            _read_passes(res, k, prog, params, os.path.join(tmp, f"optimized_{k}"), plan.device)
        except RuntimeUnavailable as exc:
            res.skipped[k] = exc.message
        except Exception as exc:  # noqa: BLE001 - a failing runtime is reported, not raised
            res.skipped[k] = f"could not create the predictor: {type(exc).__name__}: {exc}"[:300]
    if "onnxruntime" in want:
        try:
            runners["onnxruntime"] = onnx_runner(prog, params, tmp, plan.device, res.threads)
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
        d = diff(prog, optimized, names=("saved program", runtime_label(runtime)))
    except D2SError:
        return
    res.inference_diffs[runtime] = d
    res.passes[runtime] = fusion_text(d) or "its passes changed no op"


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
        runners.update(_deploy_runners(conv, res, plan, tmp))
        order = [k for k in plan.runtimes if k in runners]
        with paddle.no_grad():
            for b in res.batches:
                xs = _inputs(conv.input_specs, b)
                # the deployed program is fed its tensor leaves; Python constants are baked in
                arrays = [x.numpy() for x in flatten(xs) if hasattr(x, "numpy")]
                ref = _to_numpy_list(runners["eager"](xs))
                checked = {}
                for k in order:
                    plan.step(f"checking {runtime_label(k)}, batch {b or '-'}")
                    args = arrays if k in DEPLOY else xs
                    verdict = _check_once(res, plan, k, b, ref, lambda k=k, args=args: runners[k](args))
                    if verdict is not None:
                        checked[k] = verdict
                plan.step(f"timing batch {b or '-'}: {len(checked)} runtimes in turn")
                fns = {k: (lambda k=k, a=(arrays if k in DEPLOY else xs): runners[k](a))
                       for k in checked}
                _add_rows(res, b, checked, interleaved(fns, plan.timing, plan.sync))
                plan.done += 1
                order = [k for k in order if k not in res.skipped]
    finally:
        if layer is not None and was_training:
            layer.train()
        shutil.rmtree(tmp, ignore_errors=True)


def _add_rows(res: BenchResult, b, checked, timed) -> None:
    for k, (max_diff, ok) in checked.items():
        med, n = timed[k]
        res.rows.append(BenchRow(k, b, med, n, None if k == "eager" else max_diff, ok))


def _bench_train(conv, res: BenchResult, plan: _Plan) -> None:
    paddle = require_paddle()
    layer = conv.layer
    if layer is None:
        raise D2SError(f"--train needs a paddle.nn.Layer; {conv.name} is a function.",
                       "Benchmark the Layer that owns the parameters.")
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
    for b in res.batches:
        xs = _inputs(conv.input_specs, b)
        # Fresh copies for the check: one step from identical weights must give equal losses.
        ref = _to_numpy_list(make("eager")(xs))
        checked = {}
        for k in plan.runtimes:
            if k in res.skipped:
                continue
            plan.step(f"checking a training step, {runtime_label(k)}, batch {b or '-'}")
            verdict = _check_once(res, plan, k, b, ref, lambda k=k, xs=xs: make(k)(xs))
            if verdict is not None:
                checked[k] = verdict
        plan.step(f"timing training steps, batch {b or '-'}")
        fns = {k: (lambda k=k, xs=xs: steps[k](xs)) for k in checked}
        timed = interleaved(fns, plan.timing, plan.sync)
        _add_rows(res, b, checked, timed)
        plan.done += 1
