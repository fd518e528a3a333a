"""The ``%%to_static`` report: summary, op table and sources, as plain HTML.

Works on a Conversion-like object (duck-typed: viz never imports paddle).
"""
from __future__ import annotations

from typing import List

from ..core.graph import CATEGORY_LABELS, Graph, display_file, format_shape, short_dtype
from .html import esc, highlight_python, message_box, table, wrap
from .linked_view import section_ops_by_line

from .palette import CATEGORY_COLORS  # noqa: E402  (shared with the graph's legend)


def _shapes(graph: Graph, ids: List[str], skip_params: bool = True) -> str:
    parts = []
    for vid in ids:
        v = graph.values.get(vid)
        if v is None or (skip_params and v.kind == "parameter"):
            continue
        parts.append(f"{format_shape(v.shape)} {short_dtype(v.dtype)}".strip())
    return "<br>".join(esc(p) for p in parts)


def _params(graph: Graph, ids: List[str]) -> str:
    names = [graph.values[v].name or "" for v in ids
             if v in graph.values and graph.values[v].kind == "parameter"]
    return esc(", ".join(names))


def op_table_rows(graph: Graph, include_params: bool = False):
    rows = []
    for op in graph.iter_ops():
        if op.category == "parameter" and not include_params:
            continue
        color = CATEGORY_COLORS.get(op.category, "#888")
        src = ""
        if op.source is not None:
            src = f"{esc(display_file(op.source.file))}:{op.source.line}"
        rows.append([
            f'<span class="d2s-cat" style="background:{color}" title="{esc(CATEGORY_LABELS.get(op.category, op.category))}"></span>'
            f"<code>{esc(op.short_name)}</code>",
            _shapes(graph, op.inputs),
            _shapes(graph, op.outputs),
            _params(graph, op.inputs),
            esc(op.layer),
            src,
        ])
    return rows


def op_table_html(graph: Graph) -> str:
    rows = op_table_rows(graph)
    return '<div class="d2s-scroll">' + table(
        ["op", "inputs", "outputs", "params", "layer", "line"], rows
    ) + "</div>"


def sources_html(original: str, transformed) -> str:
    left = f'<div class="d2s-col"><h4>Original (dygraph)</h4>{highlight_python(original or "# source not available")}</div>'
    right_src = transformed if transformed else "# no transformed source in this mode"
    right = f'<div class="d2s-col"><h4>Transformed by to_static</h4>{highlight_python(right_src)}</div>'
    return f'<div class="d2s-cols">{left}{right}</div>'


def summary_html(conv) -> str:
    ops = conv.ir.num_ops() if conv.ir is not None else "n/a"
    timings = ", ".join(f"{esc(k.replace('_s', ''))} {v * 1000:.0f} ms" for k, v in conv.timings.items())
    ins = ", ".join(esc(str(i)) for i in conv.inputs) or "-"
    outs = ", ".join(esc(str(o)) for o in conv.outputs) or "-"
    return (
        f'<div class="d2s-summary"><b>{esc(conv.name)}</b> '
        f'<span class="d2s-sub">[{esc(conv.mode)}]</span> · <b>{ops}</b> ops · '
        f"<b>{conv.num_params:,}</b> params ({conv.param_bytes / 1024:.1f} KiB) · "
        f"in {ins} · out {outs} · {timings} · Paddle {esc(conv.paddle_version)}</div>"
    )


def _section_notes(conv) -> str:
    return "".join(f'<div class="d2s-note">{esc(n)}</div>' for n in conv.notes)


def _section_ops(conv) -> str:
    if conv.ir is None:
        return ""
    return f"<details open><summary>Ops ({conv.ir.num_ops()})</summary>{op_table_html(conv.ir)}</details>"


def _section_graph(conv) -> str:
    from .graph_view import section_graph

    return section_graph(conv)


def _section_sources(conv) -> str:
    from .source_view import section_sources

    return section_sources(conv)


def _section_saved(conv) -> str:
    saved = getattr(conv, "saved", None)
    if not saved:
        return ""
    rows = [[f"<code>{esc(p)}</code>", f"{n:,} bytes"] for p, n in saved]
    import shlex

    first = shlex.quote(saved[0][0])
    return ("<details open><summary>Saved with paddle.jit.save</summary>"
            + table(["file", "size"], rows)
            + f'<div class="d2s-sub">View it without running it: <code>%d2s_show {esc(first)}</code></div>'
            + "</details>")


def _section_error(conv) -> str:
    err = getattr(conv, "error", None)
    report = getattr(err, "report", None)
    if report is None:
        return ""
    from .error_view import ERROR_CSS, error_report_body

    return f"<style>{ERROR_CSS}</style>" + error_report_body(report)


def _section_check(conv) -> str:
    if getattr(conv, "check", None) is None:
        return ""
    from .check_view import check_body

    return check_body(conv.check, conv)


def _section_sot(conv) -> str:
    if getattr(conv, "sot", None) is None:
        return ""
    from .sot_view import sot_body

    return sot_body(conv.sot)


# The report's sections, in display order. Each takes the Conversion and
# returns HTML ("" to skip). Features add their section here.
SECTIONS = [
    summary_html,
    _section_error,
    _section_notes,
    _section_check,
    _section_sot,
    _section_graph,
    _section_sources,
    _section_ops,
    section_ops_by_line,
    _section_saved,
]


def conversion_html(conv) -> str:
    """The whole report for one Conversion, as one self-contained HTML fragment."""
    return wrap("".join(section(conv) for section in SECTIONS))


def error_html(message: str, hint: str = "") -> str:
    return message_box("error", message, hint)
