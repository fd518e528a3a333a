"""A :class:`~d2s_lab.core.sot.model.SotReport` as HTML: graph breaks with their reasons and
cell lines, fallbacks, the compiled subgraphs (drawn when a renderer is available),
and what AST mode gives for the same function."""
from __future__ import annotations

from d2s_lab.core.frames import display_file, is_user_file
from d2s_lab.viz.breaks_view import break_fix_html
from d2s_lab.viz.error_view import ERROR_CSS, error_report_body
from d2s_lab.viz.graph_view import draw_or_reason, run_graph_of
from d2s_lab.text import CATALOGUE, t
from d2s_lab.viz.html import CSS, esc, report_var, rich, t_html, table
from d2s_lab.viz.linked_view import linked_lines, ops_by_line_html
from d2s_lab.viz.op_table import op_table_html
from d2s_lab.viz.palette import with_colors
from d2s_lab.viz.sot_frames_view import frames_html, subgraph_code_html

MAX_DRAWN = 8
# What the subgraphs' drawings may add to one cell (the whole cell stays within 250 KB),
# and the most ops one subgraph may have to be drawn there (SOT's ops carry no layer to
# fold them by, so a BERT encoder's subgraph is one flat drawing of 700 ops).
DRAWN_BYTES = 120_000
MAX_DRAWN_OPS = 250
# What the list of subgraphs may take in all, drawings included (an LLM makes a few per
# decoder layer); the rest are listed by the line that shows them.
SUBGRAPHS_BYTES = 150_000

SOT_CSS = with_colors("""
.d2s .d2s-ok{background:$PASS_BG;border:1px solid $PASS_BORDER;border-radius:6px;padding:6px 10px;margin:4px 0}
.d2s .d2s-kind-fallback{color:$FAIL_COLOR;font-weight:600}
.d2s .d2s-kind-break{color:$WARN_COLOR;font-weight:600}
""")


def _breaks_table(report) -> str:
    rows = []
    for i, b in enumerate(report.breaks, 1):
        kind = {"fallback": t("sot.kind_fallback"), "skipped": t("sot.kind_skipped")}.get(b.kind, t("sot.kind_break"))
        place = t("report.line_of", file=display_file(b.file), line=b.line) if b.where else ""
        where = esc(place) + (f'<br><span class="d2s-sub">{esc(t("sot.in_function", function=b.shown_function()))}</span>'
                                if b.function else "")
        rows.append([
            str(i),
            f'<span class="d2s-kind-{esc(b.kind)}">{esc(kind)}</span>',
            f"<code>{esc(b.reason)}</code>",
            rich(b.message) if b.message in CATALOGUE["sot.break_if"].values() or b.kind == "skipped"
            else f'<span class="d2s-paddle" title="Paddle">{rich(b.message)}</span>',
            where,
            f"<code>{esc(b.code.strip())}</code>" if b.code else "",
            break_fix_html(b),
        ])
    return table(["#", t("sot.col_what"), t("sot.col_reason"), t("sot.col_message"), t("sot.col_where"),
                  t("report.col_line"), t("breaks.col_fix")], rows)


def _subgraph_html(sub, index: int, room: int, draw: bool, min_size=None, source_file: str = "",
                   in_run: bool = False) -> str:
    """One subgraph, collapsed: its drawing (or op table) where it fits in ``room`` bytes,
    else a line saying how to draw it; its ops grouped by the user's line, linked to the
    drawing (and to the source under "Inside SOT") as the AST report's are. ``in_run``: the
    report's run drawing shows this subgraph (a cluster of it), so it is not drawn again:
    its ops by line (else its op table) and its code only."""
    body = ""
    small = sub.graph is not None and sub.graph.num_ops() <= MAX_DRAWN_OPS
    if in_run and small:
        body = (ops_by_line_html(sub.graph, source_file) if source_file and sub.lines else "") or op_table_html(sub.graph)
        note = f'<div class="d2s-sub d2s-in-run">{esc(t("sotrun.in_run", name=sub.name))}</div>'
        if len(note) + len(body) > room:
            body = ""
        else:
            body = note + body
    elif small and draw:
        view, _ = draw_or_reason(sub.graph, depth="all", title=sub.name)
        body = view._repr_html_() if view is not None else ""
    if not body and small:
        body = op_table_html(sub.graph)
    if body and small and source_file and sub.lines:
        by_line = ops_by_line_html(sub.graph, source_file)
        if len(body) + len(by_line) <= room:
            body += by_line
    if sub.graph is not None and (not body or len(body) > room):
        how = f"%d2s_graph {report_var()}.sot.subgraphs[{index}].graph"
        body = f'<div class="d2s-sub">{t_html("sot.not_shown", how="<code>" + esc(how) + "</code>")}</div>'
    title = esc(t("sot.subgraph_ops", name=sub.name, n=sub.num_ops))
    if not sub.runs_static:
        title += f' · <span class="d2s-sot-dygraph">{esc(t("sot.runs_dygraph", min=min_size))}</span>'
    return f"<details><summary>{title}</summary>{body}{subgraph_code_html(sub, index, room=room - len(body))}</details>"


def _ast_html(report) -> str:
    ast, flag = f"<b>{esc(t('sot.ast_mode'))}</b>", "<code>full_graph=True</code>"
    if report.ast_ok:
        ops = esc(t("sot.ast_ops", n=report.ast_ops)) if report.ast_ops is not None else ""
        return f'<div class="d2s-ok">{t_html("sot.ast_ok", ast=ast, flag=flag, ops=ops)}</div>'
    if report.ast_error is not None:
        return (f'<div>{t_html("sot.ast_fails", ast=ast, flag=flag)}</div>'
                + error_report_body(report.ast_error))
    return (f'<div class="d2s-sub d2s-ast-request">'
            f'{t_html("sot.ast_on_request", ast=ast, how="<code>" + esc(t("sot.ast_how")) + "</code>")}</div>')


def sot_body(report, draw: bool = True, in_run: bool = False) -> str:
    """The report's SOT section (no outer wrapper); ``in_run``: the report draws the run
    whole above it (:func:`d2s_lab.viz.graph_view.section_run`), so no subgraph is drawn
    again here."""
    # the user's file: where the subgraphs' ops and the frames' source lines are linked
    source_file = next((f.file for f in report.frames if f.made_by is None and is_user_file(f.file)), "")
    linked = sorted({n for sub in report.subgraphs if sub.graph is not None
                     for n in linked_lines(sub.graph, source_file)}) if source_file else []
    if not report.available:
        return f'<div class="d2s-note">{esc(t("sot.unavailable", message=report.message))}</div>'
    n_breaks = len([b for b in report.breaks if b.kind == "break"])
    n_fb = len(report.fallbacks)
    sizes = esc(", ".join(str(s.num_ops) for s in report.subgraphs) or "-")
    if report.full_graph:
        head = ('<div class="d2s-ok">' + t_html("sot.one_graph", name=f"<b>{esc(report.name)}</b>",
                                                  n=report.subgraphs[0].num_ops) + "</div>")
    elif not report.subgraphs and not report.breaks and report.error is None:
        head = ('<div class="d2s-summary d2s-sot-dygraph">'
                + t_html("sot.none_compiled", name=f"<b>{esc(report.name)}</b>", tr=report.frames_translated,
                         min=esc(str(report.min_graph_size)))
                + "</div>")
    elif report.subgraphs and not report.static_subgraphs and report.error is None:
        head = ('<div class="d2s-summary d2s-sot-dygraph">'
                + t_html("sot.all_dygraph", name=f"<b>{esc(report.name)}</b>", k=f"<b>{len(report.subgraphs)}</b>",
                         sizes=sizes, min=esc(str(report.min_graph_size)))
                + "</div>")
    else:
        head = ('<div class="d2s-summary">'
                + t_html("sot.split", name=f"<b>{esc(report.name)}</b>", k=f"<b>{len(report.subgraphs)}</b>",
                         sizes=sizes, b=f"<b>{n_breaks}</b>", f=f"<b>{n_fb}</b>", tr=report.frames_translated,
                         ms=f"{report.run_s * 1000:.0f}")
                + "</div>")
    parts = [f"<style>{SOT_CSS}{ERROR_CSS}</style>", head]
    if report.message:  # before the breaks it speaks of ("each break below")
        parts.append(f'<div class="d2s-note">{esc(report.message)}</div>')
    if report.breaks:
        parts.append(_breaks_table(report))
    if report.error is not None:
        parts.append(f"<div><b>{esc(t('sot.failed'))}</b></div>" + error_report_body(report.error))
    if report.subgraphs:
        parts.append(f"<div><b>{esc(t('sot.subgraphs'))}</b> {esc(t('sot.subgraphs_tail'))}</div>")
        # Drawing costs a Graphviz run each: draw the first few that fit the page's budget.
        room, listed = DRAWN_BYTES, 0
        for i, s in enumerate(report.subgraphs):
            part = _subgraph_html(s, i, room, draw and i < MAX_DRAWN and room > 0, report.min_graph_size,
                                  source_file, in_run=in_run)
            if listed + len(part) > SUBGRAPHS_BYTES and i:  # an LLM's hundreds: the rest a call away
                how = f"{report_var()}.sot.subgraphs[{i}:]"
                parts.append(f'<div class="d2s-sub">{t_html("sot.subgraphs_more", n=len(report.subgraphs) - i, how="<code>" + esc(how) + "</code>")}</div>')
                break
            room -= len(part)
            listed += len(part)
            parts.append(part)
        # the exporter's limits, said once (every subgraph that calls a sublayer shares one)
        shown = [s for s in report.subgraphs if s.code_made and s.export_error != ""]
        for error in dict.fromkeys(s.export_error for s in shown):
            n = sum(1 for s in shown if s.export_error == error)
            note = t("sot.no_exporter_once") if error is None else t("sot.export_failed_once", n=n, error=error)
            parts.append(f'<div class="d2s-sub d2s-export-note">{esc(note)}</div>')
    parts.append(frames_html(report, lines=linked))
    if report.settings:
        items = ", ".join(f"{k}={v}" for k, v in report.settings.items())
        parts.append(f'<div class="d2s-sub">{esc(t("sot.settings", items=items))}</div>')
    parts.append(_ast_html(report))
    return (f"<details open><summary>{esc(t('sot.title'))}</summary>" + "".join(parts) + "</details>")


def section_sot(conv) -> str:
    """Report section: SOT's graph breaks for ``conv`` ("" when no SOT report was made)."""
    if conv.sot is None:
        return ""
    return sot_body(conv.sot, in_run=run_graph_of(conv) is not None)


def sot_report_html(report) -> str:
    """A self-contained HTML fragment for one SotReport."""
    return f'<div class="d2s"><style>{CSS}</style>{sot_body(report)}</div>'
