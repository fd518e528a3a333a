"""What ``d2s_lab.bench`` returns: timings per runtime and batch size, and the advice
drawn from them.  Plain data, no Paddle: it can be built, shown and tested anywhere.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from d2s_lab.core import display
from d2s_lab.text import CATALOGUE, t
from d2s_lab.text.columns import pad, width


RUNTIMES = ("eager", "to_static", "predictor", "predictor_onednn", "onnxruntime")
TRAIN_RUNTIMES = ("eager", "to_static")


# The predictor's default configuration, named by what it does (as Paddle names it).
DEFAULT_LABELS = {"predictor": "bench.default_predictor",
                  "predictor_onednn": "bench.default_predictor_onednn"}


def runtime_label(runtime: str, lang: Optional[str] = None, default: bool = False) -> str:
    """How ``runtime`` is named to a user (``bench.runtime.<runtime>``; unknown ones as
    given). ``default``: this predictor row is Paddle Inference's default configuration
    ("Paddle Inference (default: oneDNN on)"); the other is labelled by what differs."""
    if default and runtime in DEFAULT_LABELS:
        return t(DEFAULT_LABELS[runtime], lang)
    key = f"bench.runtime.{runtime}"
    return t(key, lang) if key in CATALOGUE else runtime


def duration(seconds: Optional[float], lang: Optional[str] = None) -> str:
    """``12 s``, ``3 min 20 s``, ``2 h 5 min``: a time as a user reads it."""
    if seconds is None:
        return "-"
    s = max(0, int(round(seconds)))
    if s < 60:
        return t("bench.dur_s", lang, s=s if seconds >= 1 or seconds == 0 else f"{seconds:.1f}")
    if s < 3600:
        return t("bench.dur_min", lang, m=s // 60, s=s % 60)
    return t("bench.dur_h", lang, h=s // 3600, m=s % 3600 // 60)


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
    default: bool = False  # the predictor's default configuration

    @property
    def label(self) -> str:
        return runtime_label(self.runtime, default=self.default)

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
    # runtime -> [(op, attribute)] of its optimised program holding a list of float64
    # values (or an empty list), which Paddle 3.3's oneDNN executor cannot convert
    onednn_lists: dict[str, list] = field(default_factory=dict)
    # batch size (None: the fixed shape) -> the shape of each tensor input it timed
    input_shapes: dict = field(default_factory=dict)
    default_predictor: str = ""  # the runtime key of Paddle Inference's default configuration
    budget_s: float | None = None  # the time budget asked for
    estimate_s: float | None = None  # the whole run as estimated before the long part
    elapsed_s: float | None = None  # the whole run as it took
    dropped_batches: list = field(default_factory=list)  # left out to fit the budget
    paddle_log: str = ""  # what the runtimes printed from C++ while checked (Paddle's log lines)

    def label(self, runtime: str, lang: Optional[str] = None) -> str:
        """``runtime``'s name in this result (the default predictor configuration named so)."""
        return runtime_label(runtime, lang, default=runtime == self.default_predictor)

    def shapes_text(self, batch) -> str:
        """``[8, 128] int64``-style: the shapes timed at ``batch`` (``[8, 128], [8, 128]``)."""
        return ", ".join("[" + ", ".join(map(str, s)) + "]" for s in self.input_shapes.get(batch, []))

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
        names = [t("bench.col_runtime"), t("bench.col_batch"), t("bench.col_median"), t("bench.col_samples"),
                 t("bench.col_runs"), t("bench.tcol_diff")]
        cols = [max(w, width(n)) for w, n in zip((38, 6, 10, 11, 5, 11), names)]

        def row(cells) -> str:  # the first column to the left, the numbers to the right
            return " ".join(pad(c, w, right=k > 0) for k, (c, w) in enumerate(zip(cells, cols)))

        head = row(names)
        lines = [head, "-" * width(head)]
        for r in self.rows:
            diff = "-" if r.max_abs_diff is None else f"{r.max_abs_diff:.2e}"
            flag = "" if r.ok else "  " + t("bench.mismatch")
            lines.append(row([r.label, str(r.batch or "-"), f"{r.median_s * 1000:.3f}", f"{r.throughput:.1f}",
                              str(r.runs), diff]) + flag)
        for k, why in self.skipped.items():
            lines.append(t("bench.skipped", runtime=self.label(k), why=why))
        for b in self.input_shapes:
            lines.append(t("bench.shapes_line", batch=b or "-", shapes=self.shapes_text(b)))
        if self.elapsed_s is not None:
            lines.append(t("bench.took", took=duration(self.elapsed_s), est=duration(self.estimate_s)))
        return "\n".join(lines)

    def __str__(self) -> str:
        kind = t("bench.str_train") if self.train else t("bench.kind_inference")
        notes = "".join(t("bench.str_note", note=n) + "\n" for n in self.notes)
        head = t("bench.str_head", name=self.name, kind=kind, device=self.device,
                 threads=t("bench.threads", n=self.threads), version=self.paddle_version)
        return f"{head}\n{notes}{self.table()}\n{self.advice}"

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
        return t("bench.advice.none")
    b = batches[len(batches) // 2]
    eager = res.row("eager", b)
    at = t("bench.advice.at_batch", b=b) if b else t("bench.advice.on_input")
    ts = res.row("to_static", b)
    if res.train:
        if ts is None:
            return t("bench.advice.train_eager", eager=_ms(eager.median_s), at=at)
        s = eager.median_s / ts.median_s
        verdict = (t("bench.advice.train_faster", name=res.name, s=f"{s:.1f}") if s >= 1.15
                   else t("bench.advice.train_slower", name=res.name, s=f"{1 / s:.1f}") if s <= 0.87
                   else t("bench.advice.train_same", name=res.name))
        return t("bench.advice.train_line", verdict=verdict, ts=_ms(ts.median_s), eager=_ms(eager.median_s), at=at)
    parts = []
    if ts is not None and ts.ok:
        s = eager.median_s / ts.median_s
        times = {"ts": _ms(ts.median_s), "eager": _ms(eager.median_s), "at": at}
        if s >= 1.15:
            parts.append(t("bench.advice.ts_faster", name=res.name, s=f"{s:.1f}", **times))
        elif s <= 1 / 1.15:
            parts.append(t("bench.advice.ts_slower", name=res.name, s=f"{1 / s:.1f}", **times))
        else:
            parts.append(t("bench.advice.ts_same", name=res.name, **times))
    deploy = [r for r in (res.row(k, b) for k in DEPLOY) if r is not None and r.ok]
    paddle_deploy = [r for r in deploy if r.runtime != "onnxruntime"]
    if paddle_deploy:
        best = min(paddle_deploy, key=lambda r: r.median_s)
        s = eager.median_s / best.median_s
        if s >= 1.3:
            parts.append(t("bench.advice.runtime_faster", label=best.label, s=f"{s:.1f}",
                           ms=_ms(best.median_s)))
        elif s <= 1 / 1.15:
            parts.append(t("bench.advice.predictor_slower", label=best.label, s=f"{1 / s:.1f}",
                           ms=_ms(best.median_s)))
        else:
            parts.append(t("bench.advice.predictor_same", label=best.label, s=f"{s:.1f}"))
    onnx = res.row("onnxruntime", b)
    if onnx is not None and onnx.ok:
        parts.append(t("bench.advice.onnx", s=f"{eager.median_s / onnx.median_s:.1f}", ms=_ms(onnx.median_s)))
    for k in ("predictor_onednn", "predictor"):
        d = res.inference_diffs.get(k)
        if res.passes.get(k) and d is not None and res.row(k, b) is not None:
            parts.append(t("bench.advice.passes", label=res.label(k), n_run=d.b.num_ops(),
                           n_saved=d.a.num_ops(), passes=res.passes[k]))
            break
    missing = [res.label(k) for k in ("predictor", "predictor_onednn") if k in res.skipped and res.row(k, b) is None]
    if missing:
        parts.append(t("bench.advice.rows_missing", labels=", ".join(missing)))
    bad = sorted({r.label for r in res.rows if not r.ok})
    if bad:
        parts.append(t("bench.advice.mismatch", which=", ".join(bad)))
    line = t("bench.advice.sep").join(parts) or t("bench.advice.eager_only", eager=_ms(eager.median_s), at=at)
    if not line.startswith("to_static"):
        line = line[0].upper() + line[1:]
    return line + t("bench.advice.end")
