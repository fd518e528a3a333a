"""Drawing a benchmark: a bar chart of median latency per runtime, a table, the advice.

Works on core's ``BenchResult`` (plain data); never imports paddle.  Uses
matplotlib's object API (no pyplot), so it leaves the notebook's backend alone.
"""
from __future__ import annotations

import base64
import io

from d2s_lab.core.bench.result import duration, runtime_label
from d2s_lab.text import t
from d2s_lab.viz.html import esc, table, wrap
from d2s_lab.viz.log_view import section_paddle_log
from d2s_lab.viz.palette import FAIL_COLOR, RUNTIME_COLORS


def bench_figure(res):
    """A matplotlib Figure: one panel per batch size, a horizontal bar per runtime
    (median latency, log scale when the spread is wide), labelled with ms and the
    speed-up over eager."""
    from matplotlib.figure import Figure

    batches = [b for b in res.batches if any(r.batch == b for r in res.rows)] or res.batches
    runtimes = res.runtimes
    n = max(1, len(batches))
    fig = Figure(figsize=(min(4.2 * n, 14), 0.45 * max(len(runtimes), 2) + 1.4), dpi=100)
    axes = [fig.add_subplot(1, n, i + 1) for i in range(n)]
    for ax, b in zip(axes, batches):
        rows = [res.row(k, b) for k in runtimes]
        rows = [r for r in rows if r is not None]
        eager = res.row("eager", b)
        vals = [r.median_s * 1000 for r in rows]
        y = list(range(len(rows)))[::-1]
        ax.barh(y, vals, color=[RUNTIME_COLORS.get(r.runtime, "#888") for r in rows],
                hatch=None)
        ax.set_yticks(y)
        # the chart stays in English: matplotlib's default fonts have no Chinese glyphs
        ax.set_yticklabels([runtime_label(r.runtime, "en", default=r.default) + ("" if r.ok else " (!)")
                            for r in rows]
                           if ax is axes[0]
                           else [""] * len(rows), fontsize=9)
        if vals and max(vals) / max(min(vals), 1e-9) > 30:
            ax.set_xscale("log")
        for yi, r, v in zip(y, rows, vals):
            speed = f"  {eager.median_s / r.median_s:.1f}x" if eager and r.runtime != "eager" else ""
            ax.text(v, yi, f" {v:,.0f} ms{speed}" if v >= 1000 else f" {v:.3g} ms{speed}",
                    va="center", fontsize=8)
        shapes = res.shapes_text(b)
        ax.set_title((f"batch {b}" if b else "fixed input") + (f"\n{shapes}" if shapes else ""),
                     fontsize=10)
        ax.set_xlabel("median latency (ms)", fontsize=9)
        ax.margins(x=0.45)
        ax.tick_params(axis="x", labelsize=8)
    kind = "training step" if res.train else "inference"
    fig.suptitle(f"{res.name}: {kind} on {res.device}, {res.threads} thread(s)", fontsize=11)
    fig.tight_layout()
    return fig


def figure_bytes(res, fmt: str = "png") -> bytes:
    buf = io.BytesIO()
    bench_figure(res).savefig(buf, format=fmt, bbox_inches="tight")
    return buf.getvalue()


def bench_html(res) -> str:
    """Advice, chart (inline PNG) and table as one self-contained HTML fragment."""
    try:
        png = base64.b64encode(figure_bytes(res, "png")).decode("ascii")
    except ImportError:  # no matplotlib: the table and advice alone, and which extra draws the chart
        png = None
    rows = []
    for r in res.rows:
        diff = esc(t("bench.reference")) if r.max_abs_diff is None else f"{r.max_abs_diff:.2e}"
        check = "" if r.ok else f' <b style="color:{FAIL_COLOR}">{esc(t("bench.differs"))}</b>'
        rows.append([esc(r.label), esc(r.batch or "-"), f"{r.median_s * 1000:.3f}",
                     f"{r.throughput:,.1f}", str(r.runs), diff + check])
    skipped = "".join(f'<div class="d2s-sub">{esc(t("bench.skipped", runtime=res.label(r), why=why))}</div>'
                      for r, why in res.skipped.items())
    shapes = "".join(f'<div class="d2s-sub">{esc(t("bench.shapes_line", batch=b or "-", shapes=res.shapes_text(b)))}</div>'
                     for b in res.input_shapes)
    if res.elapsed_s is not None:
        shapes += (f'<div class="d2s-sub">{esc(t("bench.took", took=duration(res.elapsed_s), est=duration(res.estimate_s)))}'
                   "</div>")
    notes = "".join(f'<div class="d2s-note">{esc(n)}</div>' for n in res.notes)
    kind = esc(t("bench.kind_train") if res.train else t("bench.kind_inference"))
    head = (f'<div class="d2s-summary"><b>{esc(res.name)}</b> · {kind} · {esc(res.device)} · '
            f"{esc(t('bench.threads', n=res.threads))} · Paddle {esc(res.paddle_version)}</div>")
    advice = f'<div class="d2s-note"><b>{esc(res.advice)}</b></div>'
    img = (f'<img alt="{esc(t("bench.chart_alt"))}" style="max-width:100%" src="data:image/png;base64,{png}">'
           if png else f'<div class="d2s-sub">{esc(t("install.chart_missing"))}</div>')
    tbl = table([t("bench.col_runtime"), t("bench.col_batch"), t("bench.col_median"), t("bench.col_samples"),
                 t("bench.col_runs"), t("bench.col_diff")], rows)
    return wrap(head + advice + notes + img + tbl + shapes + skipped + _passes_html(res) + section_paddle_log(res))


def _passes_html(res) -> str:
    """What each predictor's IR passes rewrote, with the op counts behind it."""
    if not res.passes:
        return ""
    rows = []
    for k, text in res.passes.items():
        d = res.inference_diffs.get(k)
        counts = f"{d.a.num_ops()} → {d.b.num_ops()}" if d is not None else "-"
        rows.append([esc(res.label(k)), counts, esc(text)])
    return (f'<div class="d2s-sub">{esc(t("bench.predictor_runs"))} (<code>%d2s_diff _d2s --program '
            f'inference</code> {esc(t("bench.predictor_runs_how"))}).</div>'
            + table([t("bench.col_predictor"), t("bench.col_ops_saved_run"), t("bench.col_rewrites")], rows))


def text_progress(stream):
    """A progress callback writing one updating line to ``stream`` where it is a terminal
    (the CLI); to a file or a pipe (a CI log) one line per step started, not a line
    rewritten with ``\r`` hundreds of times."""
    try:
        tty = stream.isatty()
    except (AttributeError, ValueError, OSError):
        tty = False
    said = {"step": None}

    def cb(done, total, msg):
        if tty:
            stream.write(f"\r[{done}/{total}] {msg[:70]:70}")
            if done >= total:
                stream.write("\n")
        elif said["step"] != done:  # a new step (or the end): one line; updates of a step: none
            said["step"] = done
            stream.write(f"[{done}/{total}] {msg[:70]}\n")
        stream.flush()

    return cb
