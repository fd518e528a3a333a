"""A watch of a whole run as HTML (``w.report()``, ``%%d2s_watch``, ``d2s-lab watch``):
the alerts first, each naming what to change, then one row per converted function (its
time split into translate/compile, static and dygraph), the timeline (steps on one axis,
functions on the other, translations, recompiles and runs in dygraph marked, each step's
time stacked on top), and the events in order. The timeline is inline SVG, which an
untrusted notebook's sanitizer drops: :func:`timeline_png` draws the same shapes as a
picture (Pillow) that ``%%d2s_watch`` shows just before the report, hidden where the
notebook is trusted; without Pillow a line points to the events instead. Every
user-controlled text is escaped; the size stays bounded (the report keeps at most a few
hundred events and functions, and the steps' time in at most 100 bins)."""
from __future__ import annotations

import base64
import io
import uuid
from typing import List, Optional

from d2s_lab.text import t, using_lang
from d2s_lab.viz import palette
from d2s_lab.viz.breaks_view import break_fix_html
from d2s_lab.viz.graph_view import trusted_only, twin_css
from d2s_lab.viz.html import CSS, INLINE, esc, rich, table
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


def _per_call(total: float, calls: int) -> str:
    """``12 ms (1.2 ms/call)``; "" for no call."""
    if not calls:
        return ""
    return esc(_seconds(total)) + f'<br><span class="d2s-sub">{esc(t("watch.per_call", time=_ms(total / calls)))}</span>'


def _functions(report) -> str:
    rows = []
    for f in report.functions:
        share = f" ({f.translate_s / f.total_s:.0%})" if f.total_s else ""
        skipped = getattr(f, "skipped", "")
        in_dygraph = f.calls if skipped else f.fallbacks
        dygraph = (f'<span title="{esc(skipped)}">{esc(t("watch.every_call"))}</span>' if skipped else
                   str(f.fallbacks) + (f"/{f.calls}" if f.fallbacks else ""))
        rows.append([f"<code>{esc(f.name)}</code>", esc(f.where), esc(f.path), str(f.calls), str(f.translations),
                     str(f.recompiles), dygraph, esc(_seconds(f.translate_s) + share),
                     _per_call(getattr(f, "static_s", 0.0), f.calls - in_dygraph),
                     _per_call(getattr(f, "dygraph_s", 0.0), in_dygraph), esc(_seconds(f.total_s)),
                     esc(", ".join(f.dynamic))])
    return table([t("watch.col.function"), t("watch.col.where"), t("watch.col.path"), t("watch.col.calls"),
                  t("watch.col.translations"), t("watch.col.recompiles"), t("watch.col.fallbacks"),
                  t("watch.col.translate_s"), t("watch.col.static_s"), t("watch.col.dygraph_s"),
                  t("watch.col.total_s"), t("watch.col.dynamic")], rows) + \
        f'<div class="d2s-sub">{esc(t("watch.time_note"))}</div>'



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


TIME_KINDS = ("translate", "static", "dygraph")
TIME_KEYS = {"translate": "watch.col.translate_s", "static": "watch.col.static_s", "dygraph": "watch.col.dygraph_s"}
TIME_COLORS = {"translate": palette.NOTE_BORDER, "static": palette.PASS_BORDER, "dygraph": palette.CONSUMER_COLOR}
PNG_SCALE = 2  # the picture's pixels per drawing unit (sharp on high-density screens)
PNG_COLORS = 32


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.3g} ms" if seconds < 10 else f"{seconds:.0f} s"


def _timeline_shapes(report):
    """The timeline as plain shapes, drawn as SVG (:func:`timeline_svg`) and as a picture
    (:func:`timeline_png`): ``(width, height, shapes)``. A shape is ``("text", x, y, text,
    color, anchor, where[, tip])`` (catalogue words only in the SVG: the picture's font has no CJK: ``words`` is ``"svg"``, ``"png"`` or ``"both"``, where it is drawn), ``("line", x0, y0, x1, y1, color, width)``, ``("rect", x, y, w, h,
    color, tip)`` or ``("circle", x, y, r, color, tip)``. Steps left to right; on top the
    steps' time stacked (translate/compile, static, dygraph); below, one row per function:
    a line from its first call to its last and a mark per translation, recompile, run in
    dygraph and shape made dynamic."""
    if not report.functions or not report.steps:
        return None
    events_of = {}
    for e in report.events:
        events_of.setdefault((e.function, e.where), []).append(e)
    funcs = sorted(report.functions, key=lambda f: -(f.translations + f.fallbacks + f.calls))[:TIMELINE_ROWS]
    label_w, plot_w, row_h = 180, 560, 18
    bins = getattr(report, "per_step", None) or []
    strip_top, strip_h = 22, (36 if bins else 0)
    top = strip_top + strip_h + (8 if bins else 0)
    height = top + row_h * len(funcs) + 6
    steps = max(report.steps, 1)

    def x(step: int) -> float:
        return label_w + (plot_w * (step - 0.5) / steps if steps > 1 else plot_w / 2)

    shapes = [("text", label_w, 14, t("watch.timeline_axis", n=report.steps), palette.MUTED, "start", "svg"),
              ("text", label_w + plot_w, 14, str(report.steps), palette.MUTED, "end", "png"),
              ("text", label_w, 14, "1", palette.MUTED, "start", "png")]
    if bins:
        width_of = max(getattr(report, "step_bin", 1), 1)
        per = [[v / max(min(width_of, steps - i * width_of), 1) for v in b] for i, b in enumerate(bins)]
        peak = max((sum(b) for b in per), default=0.0)
        if peak > 0:
            base = strip_top + strip_h
            shapes.append(("text", label_w - 6, strip_top + 9, _ms(peak), palette.MUTED, "end", "both"))
            shapes.append(("line", label_w, base + 0.5, label_w + plot_w, base + 0.5, palette.BORDER, 1))
            for i, b in enumerate(per):
                x0 = label_w + plot_w * (i * width_of) / steps
                x1 = label_w + plot_w * min((i + 1) * width_of, steps) / steps
                y = base
                first, last = i * width_of + 1, min((i + 1) * width_of, steps)
                span = f"{first}" if first == last else f"{first}–{last}"
                tip = f"{t('watch.col.step')} {span}: " + ", ".join(
                    f"{t(TIME_KEYS[k])} {_ms(v)}" for k, v in zip(TIME_KINDS, b) if v)
                for kind, v in zip(TIME_KINDS, b):
                    if v <= 0:
                        continue
                    h = max(strip_h * v / peak, 1.0)
                    y -= h
                    shapes.append(("rect", x0, y, max(x1 - x0 - (0.5 if x1 - x0 > 2 else 0), 0.8), h,
                                   TIME_COLORS[kind], tip))
    for i, f in enumerate(funcs):
        y = top + row_h * i + row_h / 2
        name = f.name if len(f.name) <= 26 else f.name[:25] + "…"
        shapes.append(("text", 4, y + 4, name, palette.TEXT, "start", "both", f"{f.name} {f.where}"))
        x0, x1 = x(max(f.first_step, 1)), x(max(f.last_step, f.first_step, 1))
        shapes.append(("line", x0, y, max(x1, x0 + 1), y,
                       TIME_COLORS["dygraph"] if getattr(f, "skipped", "") else palette.BORDER, 4))
        for e in events_of.get((f.name, f.where), []):
            color = MARK_COLORS.get(e.kind, palette.TEXT)
            xe = x(e.step)
            tip = f"{t(KIND_KEYS[e.kind])} {t('watch.col.step')} {e.step}: {e.reason}"
            if e.kind == "fallback":
                shapes.append(("rect", xe - 3, y - 5, 6, 10, color, tip))
            else:
                shapes.append(("circle", xe, y, 4 if e.kind != "dynamic" else 3, color, tip))
    return label_w + plot_w + 10, height, shapes


def timeline_svg(report) -> str:
    """The timeline (:func:`_timeline_shapes`) as inline SVG, each mark with its tip."""
    drawn = _timeline_shapes(report)
    if drawn is None:
        return ""
    width, height, shapes = drawn
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height:.0f}" '
             f'role="img" aria-label="{esc(t("watch.timeline"))}" style="font-size:11px">']
    group = None  # the tip of the rects drawn as one group (a step's stacked bar)
    for i, shape in enumerate(shapes):
        kind = shape[0]
        if kind == "rect" and shape[6] and i + 1 < len(shapes) and shapes[i + 1][0] == "rect" \
                and shapes[i + 1][6] == shape[6] and group is None:
            group = shape[6]
            parts.append(f"<g><title>{esc(group)}</title>")
        if kind == "rect" and group is not None and shape[6] == group:
            _, rx, ry, w, h, color, tip = shape
            parts.append(f'<rect x="{rx:.1f}" y="{ry:.1f}" width="{w:.1f}" height="{h:.1f}" fill="{color}"/>')
            if not (i + 1 < len(shapes) and shapes[i + 1][0] == "rect" and shapes[i + 1][6] == group):
                parts.append("</g>")
                group = None
            continue
        if kind == "text":
            _, tx, ty, text, color, anchor, where = shape[:7]
            if where == "png":  # the axis's numbers: the SVG says them in words
                continue
            tip = f"<title>{esc(shape[7])}</title>" if len(shape) > 7 else ""
            parts.append(f'<text x="{tx:.1f}" y="{ty:.1f}" fill="{color}"'
                         f'{"" if anchor == "start" else f" text-anchor={chr(34)}{anchor}{chr(34)}"}>'
                         f"{tip}{esc(text)}</text>")
        elif kind == "line":
            _, x0, y0, x1, y1, color, w = shape
            parts.append(f'<line x1="{x0:.1f}" y1="{y0:.1f}" x2="{x1:.1f}" y2="{y1:.1f}" stroke="{color}" '
                         f'stroke-width="{w}"/>')
        elif kind == "rect":
            _, rx, ry, w, h, color, tip = shape
            parts.append(f'<rect x="{rx:.1f}" y="{ry:.1f}" width="{w:.1f}" height="{h:.1f}" fill="{color}">'
                         f"<title>{esc(tip)}</title></rect>")
        else:
            _, cx, cy, r, color, tip = shape
            parts.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r}" fill="{color}"><title>{esc(tip)}</title>'
                         "</circle>")
    parts.append("</svg>")
    return "".join(parts)


def _picture_text(text: str) -> str:
    """Text the picture's font can draw (Pillow's own has no CJK): other characters as ``?``."""
    return "".join(c if " " <= c <= "~" else ("..." if c == "…" else "?") for c in text)


def timeline_png(report) -> Optional[bytes]:
    """The timeline (:func:`_timeline_shapes`) as a PNG drawn with Pillow, for notebooks
    opened untrusted (their sanitizer drops inline SVG): names and numbers only, the legend
    is the HTML's. None where Pillow is missing or there is nothing to draw."""
    drawn = _timeline_shapes(report)
    if drawn is None:
        return None
    try:
        from PIL import Image, ImageDraw, ImageFont
    except ImportError:
        return None
    width, height, shapes = drawn
    k = PNG_SCALE
    img = Image.new("RGB", (int(width * k), int(height * k)), "white")
    draw = ImageDraw.Draw(img)
    try:
        font = ImageFont.load_default(size=11 * k)
    except TypeError:  # an older Pillow: its bitmap font, one size
        font = ImageFont.load_default()
    for shape in shapes:
        kind = shape[0]
        if kind == "text":
            _, tx, ty, text, color, anchor, where = shape[:7]
            if where == "svg":  # catalogue words: the HTML around the picture says them
                continue
            text = _picture_text(text)
            try:
                draw.text((tx * k, ty * k), text, fill=color, font=font, anchor="rs" if anchor == "end" else "ls")
            except (ValueError, TypeError):  # a bitmap font takes no anchor
                w = draw.textlength(text, font=font)
                draw.text((tx * k - (w if anchor == "end" else 0), ty * k - 10 * k), text, fill=color, font=font)
        elif kind == "line":
            _, x0, y0, x1, y1, color, w = shape
            draw.line([(x0 * k, y0 * k), (x1 * k, y1 * k)], fill=color, width=max(int(w * k), 1))
        elif kind == "rect":
            _, rx, ry, w, h, color, _tip = shape
            draw.rectangle([rx * k, ry * k, (rx + w) * k - 1, (ry + h) * k - 1], fill=color)
        else:
            _, cx, cy, r, color, _tip = shape
            draw.ellipse([(cx - r) * k, (cy - r) * k, (cx + r) * k, (cy + r) * k], fill=color)
    out = io.BytesIO()
    img.quantize(colors=PNG_COLORS, method=Image.Quantize.FASTOCTREE).save(out, "PNG", optimize=True)
    return out.getvalue()


def _legend() -> str:
    """What the timeline's colours mean, as HTML (inline styles: an untrusted notebook keeps them)."""
    def item(color: str, mark: str, key: str) -> str:
        return f'<span style="margin-right:10px"><b style="color:{color}">{mark}</b> {esc(t(key))}</span>'

    marks = "".join(item(MARK_COLORS[k], "■" if k == "fallback" else "●", KIND_KEYS[k]) for k in MARK_COLORS)
    times = "".join(item(TIME_COLORS[k], "■", TIME_KEYS[k]) for k in TIME_KINDS)
    return (f'<div class="d2s-sub" style="color:{palette.MUTED};font-size:12px">'
            f'{esc(t("watch.legend.time"))} {times} {esc(t("watch.legend.marks"))} {marks}</div>')


def watch_body(report, var: Optional[str] = None, twin: bool = False, picture: bool = False) -> str:
    """The report's sections, without the page around them. ``twin``: the timeline's
    picture (:func:`timeline_png`) is shown just before (an untrusted notebook shows it, and
    a line points to it); ``picture``: the picture is folded in under the timeline (the
    standalone page)."""
    sections: List[str] = []
    if report.note:
        sections.append(f'<div class="d2s-note">{esc(report.note)}</div>')
    sections.append(f'<div class="d2s-summary"><b>{esc(report.summary())}</b>'
                    f'<span class="d2s-sub"> · {esc(_seconds(report.seconds))}</span></div>')
    if report.functions:
        sections.append(f"<h4>{esc(t('watch.alerts'))}</h4>{_alerts(report)}")
        sections.append(f"<h4>{esc(t('watch.functions'))}</h4>{_functions(report)}")
        note = ("watch.twin_note" if twin else
                "trustonly.timeline_events" if report.events else "trustonly.timeline")
        sections.append(f"<h4>{esc(t('watch.timeline'))}</h4>{_legend()}"
                        f"{trusted_only(timeline_svg(report), t(note))}")
        png = timeline_png(report) if picture else None
        if png:
            sections.append(f"<details><summary>{esc(t('watch.picture'))}</summary>"
                            f'<img alt="{esc(t("watch.timeline"))}" style="max-width:100%" '
                            f'width="{png_width(png) // PNG_SCALE}" '
                            f'src="data:image/png;base64,{base64.b64encode(png).decode("ascii")}"></details>')
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


def png_width(png: bytes) -> int:
    """A PNG's width in pixels."""
    return int.from_bytes(png[16:20], "big")  # the IHDR chunk's width


def watch_html(report, var: Optional[str] = None, lang: Optional[str] = None, twin: bool = False) -> str:
    """The report as a notebook fragment (its own styles, no script). ``twin``: the
    timeline's picture was shown as the output just before this one; a trusted notebook
    (the style applies) hides it and shows the SVG."""
    with using_lang(lang):
        if not twin:
            return f'<div class="d2s"><style>{CSS}</style>{watch_body(report, var)}</div>'
        uid = "d2s-w" + uuid.uuid4().hex[:8]
        return (f'<div class="d2s d2s-has-twin" id="{uid}"><style>{CSS}{twin_css(uid)}</style>'
                f"{watch_body(report, var, twin=True)}</div>")


def watch_page(report, lang: Optional[str] = None, failure: str = "") -> str:
    """The report as a standalone HTML page (``d2s-lab watch --html``); ``failure``: the
    script's own error, said at the top (the report covers the run up to it)."""
    with using_lang(lang):
        title = t("watch.page_title", title=report.title) if report.title else t("watch.page_title_plain")
        failed = (f'<div class="d2s-error" style="{INLINE["error"]}">{esc(failure)}</div>' if failure else "")
        return html_document(f"<h3>{esc(title)}</h3>{failed}{watch_body(report, picture=True)}", title)


_UNEVEN_KEYS = {"recompiles": "watch.ranks.uneven.recompiles", "fallbacks": "watch.ranks.uneven.fallbacks"}
_PART_KEYS = {"translate": "watch.ranks.part.translate", "static": "watch.ranks.part.static",
              "dygraph": "watch.ranks.part.dygraph"}
_SLOW_FIX_KEYS = {"translate": "watch.ranks.slow_fix.translate", "static": "watch.ranks.slow_fix.static",
                  "dygraph": "watch.ranks.slow_fix.dygraph"}


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
    for row in merged.slow:
        s = row.slow
        said = t("watch.ranks.slow", name=row.name, rank=s.rank, fastest=s.fastest,
                 ratio=f"{s.total_s / max(s.fastest_s, 1e-9):.1f}", ms=f"{s.total_s * 1000:.0f}",
                 fast_ms=f"{s.fastest_s * 1000:.0f}", part=t(_PART_KEYS[s.part]), part_ms=f"{s.part_s * 1000:.0f}")
        parts.append(f'<div class="d2s-note"><b>{esc(said)}</b><br>{esc(t(_SLOW_FIX_KEYS[s.part]))}</div>')
    rows = []
    for row in sorted(merged.rows, key=lambda r: not r.uneven):
        flag = (f'<b style="color:{palette.WARN_COLOR}">{esc(t("watch.ranks.flag"))}</b>' if row.uneven else "")
        cells = []
        for rank in ranks:
            f = row.by_rank.get(rank)
            if f is None:
                cells.append(f'<span class="d2s-sub">{esc(t("watch.ranks.not_run"))}</span>')
            else:
                split = t("watch.ranks.time", ms=f"{f.total_s * 1000:.0f}", translate=f"{f.translate_s * 1000:.0f}",
                          static=f"{f.static_s * 1000:.0f}", dygraph=f"{f.dygraph_s * 1000:.0f}")
                cells.append(esc(t("watch.ranks.cell", calls=f.calls, recompiles=f.recompiles, fallbacks=f.dygraph_calls))
                             + f'<br><span class="d2s-sub">{esc(split)}</span>')
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
