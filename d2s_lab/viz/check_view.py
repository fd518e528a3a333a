"""A :class:`~d2s_lab.core.check.NumericCheck` as HTML: the verdict, one row per output,
warnings, and (when outputs differ) the first divergent layer, in a table and
highlighted in the program diagram."""
from __future__ import annotations

from d2s_lab.core.frames import display_file
from d2s_lab.core.graph.model import Block, Graph
from d2s_lab.core.graph.shapes import format_shape
from d2s_lab.viz.error_view import ERROR_CSS, error_report_body
from d2s_lab.viz.graph_view import draw_or_reason
from d2s_lab.text import t
from d2s_lab.viz.html import CSS, esc, t_html, table
from d2s_lab.viz.op_table import op_table_html
from d2s_lab.viz.palette import with_colors

CHECK_CSS = with_colors("""
.d2s .d2s-ok{background:$PASS_BG;border:1px solid $PASS_BORDER;border-radius:6px;padding:6px 10px;margin:4px 0}
.d2s .d2s-bad{background:$FAIL_BG;border:1px solid $FAIL_COLOR;border-radius:6px;padding:6px 10px;margin:4px 0}
.d2s td.d2s-yes{color:$PASS_COLOR;font-weight:600}
.d2s td.d2s-no,.d2s tr.d2s-first td{color:$FAIL_COLOR;font-weight:600}
""")


# how the first divergent layer was found (NumericCheck.localized_by) -> the catalogue's words
LOCALIZED = {"static program": "check_view.localized_static", "each layer alone": "check_view.localized_alone"}


def _num(v) -> str:
    return "-" if v is None else f"{v:.3g}"


def _yes(flag: bool) -> str:
    return "✓" if flag else "✗"


def _cell(flag: bool) -> str:
    return f'<span class="{"d2s-yes" if flag else "d2s-no"}">{_yes(flag)}</span>'


def _shape(s) -> str:
    return "-" if s is None else format_shape(s)


def outputs_table(result) -> str:
    rows = []
    for o in result.outputs:
        shapes = esc(_shape(o.dygraph_shape)) + ("" if o.shapes_equal else
                                                 esc(t("check_view.versus", other=_shape(o.static_shape))))
        dtypes = esc(o.dygraph_dtype) + ("" if o.dtypes_equal else esc(t("check_view.versus", other=o.static_dtype)))
        # an output not compared (an object, not a tensor) gets no mark: its note says why
        rows.append([f"<code>{esc(o.name)}</code>", shapes + (" " + _cell(o.shapes_equal) if o.compared else ""),
                     dtypes + (" " + _cell(o.dtypes_equal) if o.compared else ""), _num(o.max_abs),
                     _num(o.max_rel), _cell(o.allclose) if o.compared else "", esc(o.note)])
    return table([t("check_view.col_output"), t("check_view.col_shape"), t("check_view.col_dtype"),
                  t("check_view.col_maxabs"), t("check_view.col_maxrel"),
                  t("check_view.col_allclose", rtol=f"{result.rtol:g}", atol=f"{result.atol:g}"), t("check_view.col_note")], rows)


def layers_table(result, limit: int = 60) -> str:
    rows = []
    shown = result.layers[:limit]
    for lc in shown:
        first = lc.path == result.first_divergent and lc.call == 0
        mark = "▶ " if first else ""
        call = t("check_view.call", n=lc.call + 1) if lc.call else ""
        rows.append([f"{mark}<code>{esc(lc.path)}</code>{esc(call)}", esc(lc.cls), _num(lc.max_abs),
                     _cell(lc.ok) if not lc.note else "", esc(lc.note)])
    more = (f'<div class="d2s-sub">{esc(t("check_view.more_layers", n=len(result.layers) - limit))}</div>'
            if len(result.layers) > limit else "")
    heads = [t("check_view.col_layer_order"), t("check_view.col_class"), t("check_view.col_maxabs"),
             t("check_view.col_agrees"), t("check_view.col_note")]
    return ('<div class="d2s-scroll">' + table(heads, rows)
            + "</div>" + more)


def _diagram(result, conv) -> str:
    graph = conv.drawn_graph if conv is not None else result.graph
    if graph is None or not result.divergent_ops:
        return ""
    depth = len(result.first_divergent.split(".")) + 1
    view, _ = draw_or_reason(graph, depth=depth, highlight=set(result.divergent_ops),
                             title=t("check_view.diagram_title", layer=result.first_divergent))
    if view is not None:
        body = view._repr_html_()
    else:
        ids = set(result.divergent_ops)
        sub = Graph(blocks=[Block("global", "global", [o for o in graph.iter_ops() if o.id in ids])],
                    values=graph.values)
        body = op_table_html(sub)
    return (f"<details open><summary>{esc(t('check_view.diagram', layer=result.first_divergent))}</summary>"
            f"{body}</details>")


def check_body(result, conv=None) -> str:
    """The report's check section (no outer wrapper)."""
    parts = [f"<style>{CHECK_CSS}{ERROR_CSS}</style>"]
    ins = ", ".join(result.inputs)
    if result.error is not None:
        parts.append(f'<div class="d2s-bad">{esc(t("check_view.failed"))}</div>'
                     + error_report_body(result.error))
    elif getattr(result, "nothing_compared", False):
        parts.append(f'<div class="d2s-note"><b>{esc(t("check.summary_nothing"))}</b></div>')
    elif result.ok:
        head = t("check_view.agree_noise") if result.within_noise else t("check_view.agree")
        if not getattr(result, "static_ran", True):
            head += t("check.summary_no_static")
        parts.append(f'<div class="d2s-ok"><b>{esc(head)}</b> '
                     f"{esc(t('check_view.agree_tail', n=result.compared, ins=ins))}</div>")
    else:
        where = ""
        if result.first_divergent:
            how = t(LOCALIZED.get(result.localized_by, "check_view.localized_static"))
            where = " " + t_html("check_view.first_div_at", layer=f"<b><code>{esc(result.first_divergent)}</code></b>",
                                 cls=esc(result.first_divergent_cls), how=esc(how))
        parts.append(f'<div class="d2s-bad"><b>{esc(t("check_view.differ"))}</b> '
                     f'{esc(t("check_view.differ_inputs", ins=ins))}{where}</div>')
    parts.extend(f'<div class="d2s-note">{esc(w)}</div>' for w in result.warnings)
    for file, line, code in getattr(result, "random_lines", None) or []:
        place = t("report.line_of", file=display_file(file), line=line)
        parts.append(f'<div class="d2s-note d2s-random-line"><b>{esc(t("check_view.random_line"))}</b> '
                     f"{esc(place)}: <code>{esc(code)}</code></div>")
    if result.outputs:
        parts.append(outputs_table(result))
    if result.layers:
        parts.append(f"<details><summary>{esc(t('check_view.sublayers_compared'))}</summary>"
                     + layers_table(result) + "</details>")
    parts.append(_diagram(result, conv))
    return (f"<details open><summary>{esc(t('check_view.title'))}</summary>" + "".join(parts)
            + "</details>")


def section_check(conv) -> str:
    """Report section: the numeric check of ``conv`` ("" when none was run)."""
    if conv.check is None:
        return ""
    return check_body(conv.check, conv)


def check_html(result, conv=None) -> str:
    """A self-contained HTML fragment for one NumericCheck."""
    return f'<div class="d2s"><style>{CSS}</style>{check_body(result, conv)}</div>'
