"""A :class:`~d2s_lab.core.sot_report.SotReport` as HTML: graph breaks with their reasons and
cell lines, fallbacks, the compiled subgraphs (drawn when a renderer is available),
and what AST mode gives for the same function."""
from __future__ import annotations

from d2s_lab.viz.error_view import ERROR_CSS, error_report_body, rich
from d2s_lab.viz.graph_view import draw_or_reason
from d2s_lab.text import t
from d2s_lab.viz.html import CSS, esc, table
from d2s_lab.viz.op_table import op_table_html

MAX_DRAWN = 8

SOT_CSS = """
.d2s .d2s-ok{background:#dafbe1;border:1px solid #4ac26b;border-radius:6px;padding:6px 10px;margin:4px 0}
.d2s .d2s-kind-fallback{color:#cf222e;font-weight:600}
.d2s .d2s-kind-break{color:#9a6700;font-weight:600}
"""


def _breaks_table(report) -> str:
    rows = []
    for i, b in enumerate(report.breaks, 1):
        kind = ("fell back to dygraph (whole frame)" if b.kind == "fallback" else "graph break")
        where = esc(b.where) + (f"<br><span class=\"d2s-sub\">in {esc(b.function)}</span>" if b.function else "")
        rows.append([
            str(i),
            f'<span class="d2s-kind-{esc(b.kind)}">{esc(kind)}</span>',
            f"<code>{esc(b.reason)}</code>",
            rich(b.message),
            where,
            f"<code>{esc(b.code.strip())}</code>" if b.code else "",
        ])
    return table(["#", t("sot.col_what"), t("sot.col_reason"), t("sot.col_message"), t("sot.col_where"), t("report.col_line")], rows)


def _subgraph_html(sub, draw: bool) -> str:
    body = ""
    if sub.graph is not None and draw:
        view, _ = draw_or_reason(sub.graph, depth="all", title=sub.name)
        body = view._repr_html_() if view is not None else ""
    if not body and sub.graph is not None:
        body = op_table_html(sub.graph)
    return (f"<details><summary>{esc(sub.name)}: {sub.num_ops} ops</summary>{body}</details>")


def _ast_html(report) -> str:
    if report.ast_ok:
        ops = f" ({report.ast_ops} ops)" if report.ast_ops is not None else ""
        return (f'<div class="d2s-ok"><b>AST mode</b> (<code>full_graph=True</code>) converts this '
                f"function into one static program{ops}.</div>")
    if report.ast_error is not None:
        return ("<div><b>AST mode</b> (<code>full_graph=True</code>) fails on it:</div>"
                + error_report_body(report.ast_error))
    return ""


def sot_body(report, draw: bool = True) -> str:
    """The report's SOT section (no outer wrapper)."""
    if not report.available:
        return f'<div class="d2s-note">SOT report unavailable: {esc(report.message)}</div>'
    n_breaks = len([b for b in report.breaks if b.kind == "break"])
    n_fb = len(report.fallbacks)
    if report.full_graph:
        head = (f'<div class="d2s-ok">SOT captured <b>{esc(report.name)}</b> in one graph '
                f"({report.subgraphs[0].num_ops} ops): no graph break, no fallback.</div>")
    else:
        head = (f'<div class="d2s-summary">SOT split <b>{esc(report.name)}</b> into '
                f"<b>{len(report.subgraphs)}</b> subgraph(s) "
                f"({esc(', '.join(str(s.num_ops) for s in report.subgraphs) or '-')} ops) with "
                f"<b>{n_breaks}</b> graph break(s) and <b>{n_fb}</b> frame(s) falling back to "
                f"dygraph; {report.frames_translated} frame(s) translated, "
                f"{report.run_s * 1000:.0f} ms.</div>")
    parts = [f"<style>{SOT_CSS}{ERROR_CSS}</style>", head]
    if report.breaks:
        parts.append(_breaks_table(report))
    if report.error is not None:
        parts.append(f"<div><b>{esc(t('sot.failed'))}</b></div>" + error_report_body(report.error))
    if report.message:
        parts.append(f'<div class="d2s-note">{esc(report.message)}</div>')
    if report.subgraphs:
        parts.append(f"<div><b>{esc(t('sot.subgraphs'))}</b> {esc(t('sot.subgraphs_tail'))}</div>")
        # Drawing costs a Graphviz run each: draw the first few, tabulate the rest.
        parts.extend(_subgraph_html(s, draw and i < MAX_DRAWN) for i, s in enumerate(report.subgraphs))
    parts.append(_ast_html(report))
    return (f"<details open><summary>{esc(t('sot.title'))}</summary>" + "".join(parts) + "</details>")


def section_sot(conv) -> str:
    """Report section: SOT's graph breaks for ``conv`` ("" when no SOT report was made)."""
    if conv.sot is None:
        return ""
    return sot_body(conv.sot)


def sot_report_html(report) -> str:
    """A self-contained HTML fragment for one SotReport."""
    return f'<div class="d2s"><style>{CSS}</style>{sot_body(report)}</div>'
