"""A watch of a whole run as HTML (``w.report()``, ``%%d2s_watch``, ``d2s-lab watch``):
the alerts first, each naming what to change, then one row per converted function, an
inline SVG timeline (calls on one axis, functions on the other, translations, recompiles
and runs in dygraph marked; an untrusted notebook's sanitizer drops it, and a line points
to the events instead), and the
events in order. Every user-controlled text is escaped; the size stays bounded (the
report keeps at most a few hundred events and functions)."""
from __future__ import annotations

from typing import List, Optional

from d2s_lab.text import t, using_lang
from d2s_lab.viz import palette
from d2s_lab.viz.breaks_view import break_fix_html
from d2s_lab.viz.graph_view import trusted_only
from d2s_lab.viz.html import CSS, esc, rich, table
from d2s_lab.viz.standalone import html_document

TIMELINE_ROWS = 30  # functions drawn in the timeline (the busiest first)
KIND_KEYS = {"translate": "watch.kind.translate", "recompile": "watch.kind.recompile",
             "fallback": "watch.kind.fallback", "dynamic": "watch.kind.dynamic"}
MARK_COLORS = {"translate": palette.INFO_BORDER, "recompile": palette.WARN_COLOR,
               "fallback": palette.FAIL_COLOR, "dynamic": palette.MATCH_COLOR}


def _seconds(s: float) -> str:
    return f"{s * 1000:.0f} ms" if s < 10 else f"{s:.1f} s"


def _alerts(report) -> str:
    if not report.alerts:
        return f'<div class="d2s-summary">{esc(t("watch.no_alert"))}</div>'
    return "".join(f'<div class="d2s-note"><b>{rich(a.title())}</b><br>{rich(a.fix())}</div>'
                   for a in report.alerts)


def _functions(report) -> str:
    rows = []
    for f in report.functions:
        share = f" ({f.translate_s / f.total_s:.0%})" if f.total_s else ""
        rows.append([f"<code>{esc(f.name)}</code>", esc(f.where), esc(f.path), str(f.calls), str(f.translations),
                     str(f.recompiles), str(f.fallbacks) + (f"/{f.calls}" if f.fallbacks else ""),
                     esc(_seconds(f.translate_s) + share), esc(_seconds(f.total_s)),
                     esc(", ".join(f.dynamic))])
    return table([t("watch.col.function"), t("watch.col.where"), t("watch.col.path"), t("watch.col.calls"),
                  t("watch.col.translations"), t("watch.col.recompiles"), t("watch.col.fallbacks"),
                  t("watch.col.translate_s"), t("watch.col.total_s"), t("watch.col.dynamic")], rows)


def _made_by(event) -> str:
    """The graph break that made the event's resume function: where it is, its catalogue
    id (linked to the manual) and the fix, as a SOT report's break rows show them."""
    brk = event.made_by
    if brk is None:
        return ""
    where = f'<div class="d2s-sub">{esc(t("sot.frame_made_by", where=brk.where))}</div>' if brk.where else ""
    fix = break_fix_html(brk)
    return where + (f"<div>{fix}</div>" if fix else "")


def _events(report) -> str:
    if not report.events:
        return ""
    rows = []
    shown = report.events
    for i, e in enumerate(shown):
        if i and e.index != shown[i - 1].index + 1:
            skipped = e.index - shown[i - 1].index - 1
            rows.append(["", "", "", "", f'<span class="d2s-sub">{esc(t("watch.events_dropped", n=skipped))}</span>'])
        rows.append([str(e.step), f'<b style="color:{MARK_COLORS.get(e.kind, palette.TEXT)}">'
                     f'{esc(t(KIND_KEYS[e.kind]))}</b>',
                     f"<code>{esc(e.function)}</code>" + (f" ({esc(e.frame)})" if e.frame else ""),
                     str(e.call), rich(e.reason) + _made_by(e)])
    counts = ", ".join(f"{esc(t(KIND_KEYS[k]))} {n}" for k, n in sorted(report.dropped.items()))
    note = f'<div class="d2s-sub">{esc(t("watch.dropped", counts=counts))}</div>' if counts else ""
    return table([t("watch.col.step"), t("watch.col.event"), t("watch.col.function"), t("watch.col.call"),
                  t("watch.col.why")], rows) + note


def timeline_svg(report) -> str:
    """Calls (steps of the watch) left to right, one row per function; a thin line from
    its first call to its last, a mark per translation, recompile, run in dygraph."""
    if not report.functions or not report.steps:
        return ""
    events_of = {}
    for e in report.events:
        events_of.setdefault((e.function, e.where), []).append(e)
    funcs = sorted(report.functions, key=lambda f: -(f.translations + f.fallbacks + f.calls))[:TIMELINE_ROWS]
    label_w, plot_w, row_h, top = 180, 560, 18, 22
    height = top + row_h * len(funcs) + 24
    steps = max(report.steps, 1)

    def x(step: int) -> float:
        return label_w + (plot_w * (step - 0.5) / steps if steps > 1 else plot_w / 2)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{label_w + plot_w + 10}" height="{height}" '
             f'role="img" aria-label="{esc(t("watch.timeline"))}" style="font-size:11px">',
             f'<text x="{label_w}" y="14" fill="{palette.MUTED}">{esc(t("watch.timeline_axis", n=report.steps))}</text>']
    for i, f in enumerate(funcs):
        y = top + row_h * i + row_h / 2
        name = f.name if len(f.name) <= 26 else f.name[:25] + "…"
        parts.append(f'<text x="4" y="{y + 4:.1f}" fill="{palette.TEXT}"><title>{esc(f.name)} {esc(f.where)}'
                     f'</title>{esc(name)}</text>')
        x0, x1 = x(max(f.first_step, 1)), x(max(f.last_step, f.first_step, 1))
        parts.append(f'<line x1="{x0:.1f}" y1="{y:.1f}" x2="{max(x1, x0 + 1):.1f}" y2="{y:.1f}" '
                     f'stroke="{palette.BORDER}" stroke-width="4"/>')
        for e in events_of.get((f.name, f.where), []):
            color = MARK_COLORS.get(e.kind, palette.TEXT)
            xe = x(e.step)
            tip = f"{t(KIND_KEYS[e.kind])} {t('watch.col.step')} {e.step}: {e.reason}"
            if e.kind == "fallback":
                shape = f'<rect x="{xe - 3:.1f}" y="{y - 5:.1f}" width="6" height="10" fill="{color}">'
            else:
                shape = f'<circle cx="{xe:.1f}" cy="{y:.1f}" r="{4 if e.kind != "dynamic" else 3}" fill="{color}">'
            end = "</rect>" if e.kind == "fallback" else "</circle>"
            parts.append(f"{shape}<title>{esc(tip)}</title>{end}")
    legend_y = top + row_h * len(funcs) + 16
    lx = label_w
    for kind, color in MARK_COLORS.items():
        parts.append(f'<circle cx="{lx + 4}" cy="{legend_y - 4}" r="4" fill="{color}"/>'
                     f'<text x="{lx + 12}" y="{legend_y}" fill="{palette.MUTED}">{esc(t(KIND_KEYS[kind]))}</text>')
        lx += 110
    parts.append("</svg>")
    return "".join(parts)


def watch_body(report, var: Optional[str] = None) -> str:
    """The report's sections, without the page around them."""
    sections: List[str] = []
    if report.note:
        sections.append(f'<div class="d2s-note">{esc(report.note)}</div>')
    sections.append(f'<div class="d2s-summary"><b>{esc(report.summary())}</b>'
                    f'<span class="d2s-sub"> · {esc(_seconds(report.seconds))}</span></div>')
    if report.functions:
        sections.append(f"<h4>{esc(t('watch.alerts'))}</h4>{_alerts(report)}")
        sections.append(f"<h4>{esc(t('watch.functions'))}</h4>{_functions(report)}")
        sections.append(f"<h4>{esc(t('watch.timeline'))}</h4>"
                        f"{trusted_only(timeline_svg(report), t('trustonly.timeline_events' if report.events else 'trustonly.timeline'))}")
        if report.events:
            sections.append(f"<h4>{esc(t('watch.events'))}</h4>{_events(report)}")
    elif not report.note:
        sections.append(f'<div class="d2s-sub">{esc(t("watch.nothing"))}</div>')
    if var:
        sections.append(f'<div class="d2s-sub">{esc(t("watch.stored", var=var))}</div>')
    return "".join(sections)


def status_html(progress) -> str:
    """A running watch's live status (:class:`~d2s_lab.core.watch.WatchProgress`): one line."""
    return f'<div class="d2s d2s-watch-status"><span class="d2s-sub">{esc(progress.line())}</span></div>'


def watch_html(report, var: Optional[str] = None, lang: Optional[str] = None) -> str:
    """The report as a notebook fragment (its own styles, no script)."""
    with using_lang(lang):
        return f'<div class="d2s"><style>{CSS}</style>{watch_body(report, var)}</div>'


def watch_page(report, lang: Optional[str] = None) -> str:
    """The report as a standalone HTML page (``d2s-lab watch --html``)."""
    with using_lang(lang):
        title = t("watch.page_title", title=report.title) if report.title else t("watch.page_title_plain")
        return html_document(f"<h3>{esc(title)}</h3>{watch_body(report)}", title)


_UNEVEN_KEYS = {"recompiles": "watch.ranks.uneven.recompiles", "fallbacks": "watch.ranks.uneven.fallbacks"}


def merged_body(merged) -> str:
    """The ranks' records side by side (:class:`~d2s_lab.core.watch_ranks.MergedWatch`):
    a column per rank, the functions whose recompiles or runs in dygraph differ between
    ranks flagged first, then each rank's own report, folded."""
    ranks = merged.ranks
    parts = [f'<div class="d2s-summary"><b>{esc(t("watch.ranks.summary", n=len(ranks), functions=len(merged.rows), uneven=len(merged.uneven)))}</b></div>']
    for row in merged.uneven:
        what = "; ".join(t(_UNEVEN_KEYS[w]) for w in row.uneven)
        parts.append(f'<div class="d2s-note"><b>{esc(row.name)} ({esc(row.where)}): {esc(what)}</b><br>'
                     f'{esc(t("watch.ranks.uneven_fix"))}</div>')
    rows = []
    for row in sorted(merged.rows, key=lambda r: not r.uneven):
        flag = (f'<b style="color:{palette.WARN_COLOR}">{esc(t("watch.ranks.flag"))}</b>' if row.uneven else "")
        cells = []
        for rank in ranks:
            f = row.by_rank.get(rank)
            if f is None:
                cells.append(f'<span class="d2s-sub">{esc(t("watch.ranks.not_run"))}</span>')
            else:
                cells.append(esc(t("watch.ranks.cell", calls=f.calls, recompiles=f.recompiles, fallbacks=f.fallbacks)))
        rows.append([f"<code>{esc(row.name)}</code>", esc(row.where), flag] + cells)
    parts.append(table([t("watch.col.function"), t("watch.col.where"), t("watch.ranks.col.flag")]
                       + [t("watch.ranks.rank", rank=r) for r in ranks], rows))
    for rank in ranks:
        parts.append(f"<details><summary>{esc(t('watch.ranks.report_of', rank=rank))}</summary>"
                     f"{watch_body(merged.reports[rank])}</details>")
    return "".join(parts)


def merged_page(merged, lang: Optional[str] = None) -> str:
    """The merged ranks as a standalone HTML page (``d2s-lab watch --merge DIR --html``)."""
    with using_lang(lang):
        title = t("watch.ranks.page_title", n=len(merged.ranks))
        return html_document(f"<h3>{esc(title)}</h3>{merged_body(merged)}", title)
