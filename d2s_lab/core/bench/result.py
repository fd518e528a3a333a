"""What ``d2s_lab.bench`` returns: timings per runtime and batch size, and the advice
drawn from them.  Plain data, no Paddle: it can be built, shown and tested anywhere.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from d2s_lab.core import display
from d2s_lab.text import CATALOGUE, t


RUNTIMES = ("eager", "to_static", "predictor", "predictor_onednn", "onnxruntime")
TRAIN_RUNTIMES = ("eager", "to_static")


def runtime_label(runtime: str, lang: Optional[str] = None) -> str:
    """How ``runtime`` is named to a user (``bench.runtime.<runtime>``; unknown ones as given)."""
    key = f"bench.runtime.{runtime}"
    return t(key, lang) if key in CATALOGUE else runtime


DEPLOY = ("predictor", "predictor_onednn", "onnxruntime")


@dataclass
class BenchRow:
    """One runtime at one batch size."""

    runtime: str
    batch: int | None
    median_s: float
    runs: int
    max_abs_diff: float | None = None  # vs eager, on the same inputs
    ok: bool = True  # outputs matched eager within tolerance

    @property
    def label(self) -> str:
        return runtime_label(self.runtime)

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
    batches: list[int | None]
    rows: list[BenchRow] = field(default_factory=list)
    skipped: dict[str, str] = field(default_factory=dict)  # runtime -> why
    advice: str = ""
    paddle_version: str = ""
    notes: list[str] = field(default_factory=list)
    # predictor runtime -> what its IR passes rewrote ("3 × conv2d + add + relu ->
    # fused_conv2d; ..."), and the saved-vs-optimised GraphDiff it was read from
    passes: dict[str, str] = field(default_factory=dict)
    inference_diffs: dict[str, object] = field(default_factory=dict)

    def row(self, runtime: str, batch) -> BenchRow | None:
        return next((r for r in self.rows if r.runtime == runtime and r.batch == batch), None)

    def latency_ms(self, runtime: str, batch) -> float | None:
        r = self.row(runtime, batch)
        return None if r is None else r.median_s * 1000

    @property
    def runtimes(self) -> list[str]:
        return list(dict.fromkeys(r.runtime for r in self.rows))

    def table(self) -> str:
        """A plain-text table (what ``d2s-lab bench`` prints)."""
        head = f"{'runtime':28} {'batch':>6} {'median ms':>10} {'samples/s':>11} {'runs':>5} {'max |diff|':>11}"
        lines = [head, "-" * len(head)]
        for r in self.rows:
            diff = "-" if r.max_abs_diff is None else f"{r.max_abs_diff:.2e}"
            flag = "" if r.ok else "  MISMATCH"
            lines.append(f"{r.label:28} {r.batch or '-'!s:>6} {r.median_s * 1000:10.3f} "
                         f"{r.throughput:11.1f} {r.runs:5d} {diff:>11}{flag}")
        for k, why in self.skipped.items():
            lines.append(f"{runtime_label(k)}: skipped ({why})")
        return "\n".join(lines)

    def __str__(self) -> str:
        kind = "training step" if self.train else "inference"
        notes = "".join(f"note: {n}\n" for n in self.notes)
        return (f"{self.name}: {kind} on {self.device}, {self.threads} thread(s), Paddle "
                f"{self.paddle_version}\n{notes}{self.table()}\n{self.advice}")

    def _repr_html_(self) -> str:
        return display.html(self)

    def figure(self):
        """A matplotlib Figure: median latency per runtime, one panel per batch size."""
        return display.bench_figure(self)


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
    for k in ("predictor_onednn", "predictor"):
        d = res.inference_diffs.get(k)
        if res.passes.get(k) and d is not None and res.row(k, b) is not None:
            parts.append(f"the {runtime_label(k)} program has {d.b.num_ops()} ops where the saved one has "
                         f"{d.a.num_ops()}: {res.passes[k]}")
            break
    bad = sorted({r.label for r in res.rows if not r.ok})
    if bad:
        parts.append(f"outputs differ from eager for {', '.join(bad)}: check before deploying")
    line = "; ".join(parts) or f"eager takes {_ms(eager.median_s)} {at}"
    if not line.startswith("to_static"):
        line = line[0].upper() + line[1:]
    return line + "."
