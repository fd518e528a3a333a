"""``d2s_lab.bench``: how fast is the same model in each runtime Paddle offers?

Times dygraph (eager), ``to_static``, the Paddle Inference predictor (IR
optimisation on, with and without oneDNN on CPU) and ONNX Runtime (through
paddle2onnx, when installed) on identical inputs.  Outputs are checked equal
across runtimes before anything is timed; each timing is the median of many
runs after warm-up.  The advice line is computed from the measured numbers.
"""
from __future__ import annotations

import contextlib
import copy
import os
import shutil
import statistics
import tempfile
import time
import warnings
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Optional, Sequence

from ._paddle import require_paddle
from .errors import D2SError

RUNTIMES = ("eager", "to_static", "predictor", "predictor_onednn", "onnxruntime")
TRAIN_RUNTIMES = ("eager", "to_static")
LABELS = {
    "eager": "dygraph (eager)",
    "to_static": "to_static",
    "predictor": "Paddle Inference",
    "predictor_onednn": "Paddle Inference + oneDNN",
    "onnxruntime": "ONNX Runtime",
}
DEPLOY = ("predictor", "predictor_onednn", "onnxruntime")

Progress = Callable[[int, int, str], None]


@dataclass
class BenchRow:
    """One runtime at one batch size."""

    runtime: str
    batch: Optional[int]
    median_s: float
    runs: int
    max_abs_diff: Optional[float] = None  # vs eager, on the same inputs
    ok: bool = True  # outputs matched eager within tolerance

    @property
    def label(self) -> str:
        return LABELS.get(self.runtime, self.runtime)

    @property
    def throughput(self) -> float:
        """Samples per second (batch / median latency)."""
        return (self.batch or 1) / self.median_s if self.median_s > 0 else float("inf")


@dataclass
class BenchResult:
    """Median latencies per runtime and batch size, the checks, and one line of advice."""

    name: str
    device: str
    threads: int
    train: bool
    batches: List[Optional[int]]
    rows: List[BenchRow] = field(default_factory=list)
    skipped: Dict[str, str] = field(default_factory=dict)  # runtime -> why
    advice: str = ""
    paddle_version: str = ""
    notes: List[str] = field(default_factory=list)

    def row(self, runtime: str, batch) -> Optional[BenchRow]:
        return next((r for r in self.rows if r.runtime == runtime and r.batch == batch), None)

    def latency_ms(self, runtime: str, batch) -> Optional[float]:
        r = self.row(runtime, batch)
        return None if r is None else r.median_s * 1000

    @property
    def runtimes(self) -> List[str]:
        return list(dict.fromkeys(r.runtime for r in self.rows))

    def table(self) -> str:
        """A plain-text table (what ``d2s-lab bench`` prints)."""
        head = f"{'runtime':28} {'batch':>6} {'median ms':>10} {'samples/s':>11} {'runs':>5} {'max |diff|':>11}"
        lines = [head, "-" * len(head)]
        for r in self.rows:
            diff = "-" if r.max_abs_diff is None else f"{r.max_abs_diff:.2e}"
            flag = "" if r.ok else "  MISMATCH"
            lines.append(f"{r.label:28} {str(r.batch or '-'):>6} {r.median_s * 1000:10.3f} "
                         f"{r.throughput:11.1f} {r.runs:5d} {diff:>11}{flag}")
        for k, why in self.skipped.items():
            lines.append(f"{LABELS.get(k, k)}: skipped ({why})")
        return "\n".join(lines)

    def __str__(self) -> str:
        kind = "training step" if self.train else "inference"
        notes = "".join(f"note: {n}\n" for n in self.notes)
        return (f"{self.name}: {kind} on {self.device}, {self.threads} thread(s), Paddle "
                f"{self.paddle_version}\n{notes}{self.table()}\n{self.advice}")

    def _repr_html_(self) -> str:
        from ..viz.bench_view import bench_html

        return bench_html(self)

    def figure(self):
        """A matplotlib Figure: median latency per runtime, one panel per batch size."""
        from ..viz.bench_view import bench_figure

        return bench_figure(self)


def _ms(s: float) -> str:
    ms = s * 1000
    return f"{ms:.2f} ms" if ms < 10 else f"{ms:.1f} ms"


def advise(res: BenchResult) -> str:
    """One line drawn from the measured numbers (never assumed)."""
    batches = [b for b in res.batches if res.row("eager", b) is not None]
    if not batches:
        return "No timings to compare."
    b = batches[len(batches) // 2]
    eager = res.row("eager", b)
    at = f"at batch {b}" if b else "on the given input"
    ts = res.row("to_static", b)
    if res.train:
        if ts is None:
            return f"A training step takes {_ms(eager.median_s)} in eager mode {at}."
        s = eager.median_s / ts.median_s
        verdict = (f"to_static makes a training step of {res.name} {s:.1f}x faster" if s >= 1.15
                   else f"to_static makes a training step of {res.name} {1 / s:.1f}x slower" if s <= 0.87
                   else f"to_static does not change the speed of a training step of {res.name} much")
        return f"{verdict} ({_ms(ts.median_s)} vs eager {_ms(eager.median_s)} {at})."
    parts = []
    if ts is not None and ts.ok:
        s = eager.median_s / ts.median_s
        if s >= 1.15:
            parts.append(f"to_static alone speeds {res.name} up {s:.1f}x "
                         f"({_ms(ts.median_s)} vs eager {_ms(eager.median_s)} {at})")
        else:
            parts.append(f"to_static alone does not speed {res.name} up "
                         f"({_ms(ts.median_s)} vs eager {_ms(eager.median_s)} {at})")
    deploy = [r for r in (res.row(k, b) for k in DEPLOY) if r is not None and r.ok]
    paddle_deploy = [r for r in deploy if r.runtime != "onnxruntime"]
    if paddle_deploy:
        best = min(paddle_deploy, key=lambda r: r.median_s)
        s = eager.median_s / best.median_s
        if s >= 1.3:
            parts.append(f"the {best.label} predictor does: {s:.1f}x faster than eager "
                         f"({_ms(best.median_s)})" if best.runtime.startswith("predictor")
                         else f"{best.label} does: {s:.1f}x faster than eager ({_ms(best.median_s)})")
        else:
            parts.append(f"the Paddle Inference predictor is not much faster either "
                         f"({best.label}: {s:.1f}x eager)")
    onnx = res.row("onnxruntime", b)
    if onnx is not None and onnx.ok:
        parts.append(f"ONNX Runtime: {eager.median_s / onnx.median_s:.1f}x eager ({_ms(onnx.median_s)})")
    bad = sorted({r.label for r in res.rows if not r.ok})
    if bad:
        parts.append(f"outputs differ from eager for {', '.join(bad)}: check before deploying")
    line = "; ".join(parts) or f"eager takes {_ms(eager.median_s)} {at}"
    if not line.startswith("to_static"):
        line = line[0].upper() + line[1:]
    return line + "."


BLOCK_S = 0.05  # each runtime's turn in a round: long enough for warm caches


def _interleaved(fns: Dict[str, Callable], sync, warmup: int, repeat: int, min_time: float,
                 max_runs: int) -> Dict[str, tuple]:
    """``{runtime: (median_s, runs)}``.

    Runtimes take turns in rounds, so a machine whose load changes during the benchmark
    slows them all alike. Each turn is a block of consecutive calls lasting about
    ``BLOCK_S``; the block's first call (its caches cooled by the other runtimes) is
    not counted, so the times are steady-state ones, as a serving loop sees them.
    """
    per_call: Dict[str, float] = {}
    for k, fn in fns.items():
        t0 = time.perf_counter()
        for _ in range(max(warmup, 1)):
            fn()
        sync()
        per_call[k] = (time.perf_counter() - t0) / max(warmup, 1)
    block = {k: max(2, min(1000, int(BLOCK_S / max(t, 1e-7)) + 1)) for k, t in per_call.items()}
    times: Dict[str, List[float]] = {k: [] for k in fns}
    deadline = time.perf_counter() + min_time * len(fns)
    while True:
        done = all(len(v) >= repeat for v in times.values()) and time.perf_counter() >= deadline
        if done or all(len(v) >= max_runs for v in times.values()):
            break
        for k, fn in fns.items():
            if len(times[k]) >= max_runs:
                continue
            for i in range(block[k]):
                t0 = time.perf_counter()
                fn()
                sync()
                if i:
                    times[k].append(time.perf_counter() - t0)
    return {k: (statistics.median(v), len(v)) for k, v in times.items()}


def _to_numpy_list(out) -> list:
    from .specs import flatten as _flatten

    res = []
    for o in _flatten(out):
        if hasattr(o, "numpy"):
            res.append(o.numpy())
        elif hasattr(o, "shape") and hasattr(o, "dtype"):
            res.append(o)
    return res


def _max_diff(ref: list, got: list):
    """``(max_abs_diff, ok)``; ok uses atol 1e-4 plus rtol 1e-3 of the reference's scale."""
    import numpy as np

    if len(ref) != len(got):
        return float("inf"), False
    worst, ok = 0.0, True
    for a, b in zip(ref, got):
        a = np.asarray(a)
        b = np.asarray(b)
        if a.shape != b.shape:
            return float("inf"), False
        if a.size == 0:
            continue
        if a.dtype.kind in "fc" or b.dtype.kind in "fc":
            d = float(np.max(np.abs(a.astype("float64") - b.astype("float64"))))
            tol = 1e-4 + 1e-3 * float(np.max(np.abs(a.astype("float64"))))
        else:
            d = float(np.max(np.abs(a.astype("int64") - b.astype("int64"))))
            tol = 0.0
        if not d <= tol:
            ok = False
        worst = max(worst, d)
    return worst, ok


@contextlib.contextmanager
def _quiet_fd(fd: int = 1):
    """Silence a C-level stream (paddle2onnx and the predictor print from C++)."""
    try:
        saved = os.dup(fd)
    except OSError:
        yield
        return
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), fd)
            yield
    finally:
        os.dup2(saved, fd)
        os.close(saved)


def _parse_device(device: str, paddle):
    dev = (device or "cpu").lower()
    if dev == "cpu":
        return "cpu", 0
    if dev.startswith("gpu") or dev.startswith("cuda"):
        if not paddle.is_compiled_with_cuda():
            raise D2SError(f"device={device!r}: this Paddle build has no CUDA support.",
                           "Install paddlepaddle-gpu, or use device='cpu'.")
        _, _, idx = dev.partition(":")
        return "gpu", int(idx or 0)
    raise D2SError(f"Unknown device {device!r}.", "Use 'cpu' or 'gpu' (or 'gpu:N').")


def _set_threads(paddle, n: int) -> Optional[int]:
    """Set the math library's CPU threads; return the previous setting when known."""
    setter = getattr(paddle, "set_num_threads", None) or getattr(
        getattr(paddle, "base", None) and paddle.base.core, "set_num_threads", None)
    if setter is None:
        return None
    try:
        prev = int(paddle.get_flags(["FLAGS_paddle_num_threads"])["FLAGS_paddle_num_threads"])
    except Exception:
        prev = None
    setter(int(n))
    return prev


def bench(
    obj,
    batch: Sequence[int] = (1, 20, 256),
    threads: int = 1,
    train: bool = False,
    device: str = "cpu",
    input_spec=None,
    runtimes: Optional[Sequence[str]] = None,
    warmup: int = 3,
    repeat: int = 10,
    min_time: float = 0.5,
    max_runs: int = 2000,
    progress: Optional[Progress] = None,
    name: Optional[str] = None,
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
    """
    paddle = require_paddle()
    from .convert import Conversion, convert

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
    total = (len(want) + 1) * len(batches)  # a check per runtime, then one timing round-robin
    state = {"done": 0}

    def step(msg: str):
        if progress is not None:
            progress(state["done"], total, msg)

    prev_device = paddle.device.get_device()
    paddle.set_device("cpu" if dev == "cpu" else f"gpu:{dev_id}")
    prev_threads = _set_threads(paddle, threads)
    sync = (lambda: paddle.device.synchronize()) if dev == "gpu" else (lambda: None)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # Paddle's conversion chatter would bury the result
            if train:
                _bench_train(conv, res, want, batches, sync, paddle, step, state,
                             warmup, repeat, min_time, max_runs)
            else:
                _bench_infer(conv, res, want, batches, sync, paddle, step, state, dev, dev_id,
                             warmup, repeat, min_time, max_runs)
    finally:
        paddle.set_device(prev_device)
        if prev_threads is not None:
            _set_threads(paddle, prev_threads)
    if progress is not None:
        progress(total, total, "done")
    res.advice = advise(res)
    return res


def _batches(specs, batch) -> List[Optional[int]]:
    from .specs import flatten as _flatten

    dynamic = any(d is None or (isinstance(d, int) and d < 0)
                  for s in _flatten(list(specs or [])) for d in (getattr(s, "shape", None) or []))
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


def _inputs(specs, b, paddle):
    from .specs import random_inputs

    if b is None:
        return random_inputs(specs, batch=1)
    return random_inputs(specs, batch=b)


def _eager_fn(conv):
    sf = conv.static_function
    fn = getattr(sf, "dygraph_function", None)
    layer = conv.layer
    if layer is not None:
        return layer.forward if fn is None else fn
    return fn or conv.target


def _bench_infer(conv, res, want, batches, sync, paddle, step, state, dev, dev_id,
                 warmup, repeat, min_time, max_runs):
    from .export import save_conversion

    layer = conv.layer
    was_training = getattr(layer, "training", False)
    if layer is not None:
        layer.eval()
    tmp = tempfile.mkdtemp(prefix="d2s_bench_")
    try:
        eager_fn = _eager_fn(conv)
        static_fn = conv.static_function
        if dev == "gpu" and layer is not None:
            # A copy on the GPU: the user's model stays where it is.
            gpu_model = copy.deepcopy(layer)
            gpu_model.to(device=f"gpu:{dev_id}")
            gpu_model.eval()
            eager_fn = gpu_model.forward
            static_fn = paddle.jit.to_static(gpu_model.forward, input_spec=conv.input_specs,
                                             full_graph=conv.mode == "ast")
        runners: Dict[str, Callable] = {}
        runners["eager"] = lambda xs: eager_fn(*xs)
        if "to_static" in want:
            runners["to_static"] = lambda xs: static_fn(*xs)
        model = None
        if any(k in want for k in DEPLOY):
            step("saving the model for the deployment runtimes")
            saved = save_conversion(conv, os.path.join(tmp, "model"))
            prog = next((p for p, _ in saved if p.endswith((".json", ".pdmodel"))), None)
            params = next((p for p, _ in saved if p.endswith(".pdiparams")), None)
            model = (prog, params)
            if prog is None:
                for k in DEPLOY:
                    if k in want:
                        res.skipped[k] = "paddle.jit.save wrote no program file"
        for k in ("predictor", "predictor_onednn"):
            if k in want and model and model[0] and k not in res.skipped:
                if k == "predictor_onednn" and dev != "cpu":
                    res.skipped[k] = "oneDNN is a CPU backend"
                    continue
                try:
                    runners[k] = _predictor_runner(paddle, model, dev, dev_id, res.threads,
                                                   onednn=(k == "predictor_onednn"))
                except Exception as exc:
                    res.skipped[k] = f"could not create the predictor: {type(exc).__name__}: {exc}"[:300]
        if "onnxruntime" in want and model and model[0] and "onnxruntime" not in res.skipped:
            try:
                runners["onnxruntime"] = _onnx_runner(model, tmp, dev, res.threads)
            except _Skip as exc:
                res.skipped["onnxruntime"] = str(exc)
            except Exception as exc:
                res.skipped["onnxruntime"] = f"{type(exc).__name__}: {exc}"[:300]
        order = [k for k in want if k in runners]
        with paddle.no_grad():
            for b in batches:
                xs = _inputs(conv.input_specs, b, paddle)
                arrays = [x.numpy() for x in xs]
                ref = _to_numpy_list(runners["eager"](xs))
                checked = {}
                for k in order:
                    step(f"checking {LABELS[k]}, batch {b or '-'}")
                    args = arrays if k in DEPLOY else xs
                    try:
                        out = _to_numpy_list(runners[k](args))
                    except Exception as exc:
                        res.skipped[k] = f"failed at batch {b}: {type(exc).__name__}: {exc}"[:300]
                        state["done"] += 1
                        continue
                    checked[k] = (0.0, True) if k == "eager" else _max_diff(ref, out)
                    state["done"] += 1
                step(f"timing batch {b or '-'}: {len(checked)} runtimes in turn")
                fns = {k: (lambda k=k, a=(arrays if k in DEPLOY else xs): runners[k](a))
                       for k in checked}
                timed = _interleaved(fns, sync, warmup, repeat, min_time, max_runs)
                for k, (diff, ok) in checked.items():
                    med, n = timed[k]
                    res.rows.append(BenchRow(k, b, med, n, None if k == "eager" else diff, ok))
                state["done"] += 1
                order = [k for k in order if k not in res.skipped]
    finally:
        if layer is not None and was_training:
            layer.train()
        shutil.rmtree(tmp, ignore_errors=True)


def _predictor_runner(paddle, model, dev, dev_id, threads, onednn):
    from paddle import inference

    prog, params = model
    if params:
        cfg = inference.Config(prog, params)
    else:  # a model without parameters saves no .pdiparams
        cfg = inference.Config()
        cfg.set_prog_file(prog)
    cfg.switch_ir_optim(True)
    if hasattr(cfg, "disable_glog_info"):
        cfg.disable_glog_info()
    if dev == "gpu":
        cfg.enable_use_gpu(256, dev_id)
    else:
        cfg.disable_gpu()
        cfg.set_cpu_math_library_num_threads(int(threads))
        on = getattr(cfg, "enable_onednn", None) or getattr(cfg, "enable_mkldnn")
        off = getattr(cfg, "disable_onednn", None) or getattr(cfg, "disable_mkldnn", None)
        if onednn:
            on()
        elif off is not None:
            off()
    with _quiet_fd(1), _quiet_fd(2):  # the IR passes print from C++
        pred = inference.create_predictor(cfg)
    in_names = pred.get_input_names()
    out_names = pred.get_output_names()
    ins = [pred.get_input_handle(n) for n in in_names]
    outs = [pred.get_output_handle(n) for n in out_names]

    def run(arrays):
        for h, a in zip(ins, arrays):
            h.reshape(list(a.shape))
            h.copy_from_cpu(a)
        pred.run()
        return [h.copy_to_cpu() for h in outs]

    return run


class _Skip(Exception):
    pass


def _onnx_runner(model, tmp, dev, threads):
    try:
        import paddle2onnx
        import onnxruntime as ort
    except ImportError:
        raise _Skip("paddle2onnx and onnxruntime are not installed "
                    "(pip install 'd2s_lab[onnx]')") from None
    prog, params = model
    onnx_file = os.path.join(tmp, "model.onnx")
    with _quiet_fd(1), _quiet_fd(2), contextlib.redirect_stdout(open(os.devnull, "w")):
        paddle2onnx.export(prog, params or "", onnx_file)
    if not os.path.isfile(onnx_file):
        raise _Skip("paddle2onnx wrote no model")
    so = ort.SessionOptions()
    so.intra_op_num_threads = int(threads)
    so.inter_op_num_threads = 1
    so.log_severity_level = 3
    providers = ["CPUExecutionProvider"]
    if dev == "gpu":
        if "CUDAExecutionProvider" not in ort.get_available_providers():
            raise _Skip("this onnxruntime has no CUDA provider (install onnxruntime-gpu)")
        providers = ["CUDAExecutionProvider"]
    sess = ort.InferenceSession(onnx_file, so, providers=providers)
    names = [i.name for i in sess.get_inputs()]

    def run(arrays):
        return sess.run(None, dict(zip(names, arrays)))

    return run


def _bench_train(conv, res, want, batches, sync, paddle, step, state,
                 warmup, repeat, min_time, max_runs):
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
            fwd = paddle.jit.to_static(getattr(fwd, "dygraph_function", fwd),
                                       input_spec=conv.input_specs, full_graph=full_graph)
        opt = paddle.optimizer.SGD(learning_rate=1e-3, parameters=model.parameters())

        def train_step(xs):
            out = fwd(*xs)
            from .specs import flatten as _flatten

            loss = sum(o.astype("float32").mean() for o in _flatten(out)
                       if hasattr(o, "dtype") and "float" in str(o.dtype))
            loss.backward()
            opt.step()
            opt.clear_grad()
            return loss

        train_step.model = model  # the static function holds its Layer only weakly
        return train_step

    steps = {k: make(k) for k in want}
    for b in batches:
        xs = _inputs(conv.input_specs, b, paddle)
        # Fresh copies for the check: one step from identical weights must give equal losses.
        ref = _to_numpy_list(make("eager")(xs))
        checked = {}
        for k in want:
            if k in res.skipped:
                continue
            step(f"checking a training step, {LABELS[k]}, batch {b or '-'}")
            try:
                first = _to_numpy_list(make(k)(xs)) if k != "eager" else ref
            except Exception as exc:
                res.skipped[k] = f"failed at batch {b}: {type(exc).__name__}: {exc}"[:300]
                state["done"] += 1
                continue
            checked[k] = (0.0, True) if k == "eager" else _max_diff(ref, first)
            state["done"] += 1
        step(f"timing training steps, batch {b or '-'}")
        timed = _interleaved({k: (lambda k=k: steps[k](xs)) for k in checked}, sync, warmup,
                             repeat, min_time, max_runs)
        for k, (diff, ok) in checked.items():
            med, n = timed[k]
            res.rows.append(BenchRow(k, b, med, n, None if k == "eager" else diff, ok))
        state["done"] += 1
