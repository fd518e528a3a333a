"""Drawing a profile: a stacked bar of one call (inline SVG, no script; an untrusted
notebook's sanitizer drops it, and its legend says the same in words), the advice, and tables of segments, breaks, ops, lines,
layers and paths. Works on core's ``ProfileResult`` (plain data); never imports Paddle."""
from __future__ import annotations

from typing import List, Optional, Tuple

from d2s_lab.core.frames import display_file
from d2s_lab.core.profile.result import KINDS, MODES, PATH_LABELS
from d2s_lab.errors import D2SError
from d2s_lab.text import t
from d2s_lab.viz.breaks_view import break_fix_html
from d2s_lab.viz.graph_view import draw_graph, trusted_only
from d2s_lab.viz.html import INLINE, esc, table, wrap
from d2s_lab.viz.palette import (BORDER, FAIL_COLOR, FAINT, HEAT_COLORS, MUTED, OP_BAR_COLORS, PASS_COLOR,
                                 REST_BAR, SEGMENT_COLORS, TEXT, tint)

BAR_W = 640
BAR_H = 26
TOP_OPS = 8  # ops drawn on their own in the AST bar; the rest is one grey piece
MAX_ROWS = 40
LISTING_LINES = 200  # the source listing shows at most this many of the function's lines
LINE_TINT = 0.45  # a timed line's background: its heat colour mixed with this much white


def _pct(share: float) -> str:
    return f"{share * 100:.1f} %"


def _pieces(res) -> List[Tuple[str, float, str]]:
    """``(label, share, colour)`` of the bar, left to right."""
    if res.segments:
        out = []
        for s in res.segments:
            label = t(KINDS[s.kind])
            if s.name:
                label += f" {s.shown_name()}"
            if s.line:
                label += " · " + t("profile.at_line", line=s.line)
            out.append((label, s.share, SEGMENT_COLORS.get(s.kind, REST_BAR)))
        return out
    ops = sorted((r for r in res.ops if not r.other), key=lambda r: -r.ms)
    out = []
    for i, r in enumerate(ops[:TOP_OPS]):
        label = r.op + (f" · {r.layer}" if r.layer else "") + (f" · {t('profile.at_line', line=r.line)}" if r.line else "")
        out.append((label, r.share, OP_BAR_COLORS[i % len(OP_BAR_COLORS)]))
    rest = 1.0 - sum(p[1] for p in out)
    if rest > 0:
        out.append((t("profile.chart_rest"), rest, REST_BAR))
    return out


def stacked_bar(res) -> str:
    """One call's time as a stacked bar (SVG), each piece titled (hover) and listed below."""
    pieces = _pieces(res)
    whole = (res.clocked_ms if res.segments else res.profiled_ms) or 0.0
    title = esc(t("profile.chart_title", ms=f"{whole:.3f}"))
    x = 0.0
    rects = []
    for label, share, color in pieces:
        w = max(0.0, share) * BAR_W
        ms = share * whole
        rects.append(f'<rect x="{x:.1f}" y="18" width="{w:.1f}" height="{BAR_H}" fill="{color}">'
                     f"<title>{esc(label)}: {ms:.3f} ms ({_pct(share)})</title></rect>")
        x += w
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" role="img" width="{BAR_W}" height="{BAR_H + 22}" '
           f'viewBox="0 0 {BAR_W} {BAR_H + 22}"><title>{title}</title>'
           f'<text x="0" y="13" font-size="12" fill="{TEXT}">{title}</text>{"".join(rects)}</svg>')
    legend = "".join(
        f'<span style="display:inline-block;margin-right:12px"><span style="display:inline-block;width:10px;'
        f'height:10px;background:{color};margin-right:4px"></span>{esc(label)} {share * whole:.3f} ms '
        f"({_pct(share)})</span>"
        for label, share, color in pieces if share >= 0.005)
    # the legend under it says the same in words: all an untrusted notebook shows
    return f'<div class="d2s-profile-bar">{trusted_only(svg)}<div class="d2s-sub">{legend}</div></div>'


def _where(file: str, line: Optional[int]) -> str:
    return esc(f"{display_file(file)}:{line}") if file and line else esc(line if line else "-")


def _segments_table(res) -> str:
    if not res.segments:
        return ""
    rows = []
    for s in res.segments:
        why = s.reason + (f" ({t('profile.at_line', line=s.line)})" if s.line else "")
        lines = ", ".join(map(str, s.lines)) if s.lines else ("-" if not s.line else str(s.line))
        rows.append([esc(t(KINDS[s.kind])), esc(s.shown_name() or "-"), esc(lines), f"{s.ms:.3f}", _pct(s.share),
                     esc(why or "-")])
    return (f"<h4>{esc(t('profile.h_segments'))}</h4>"
            + table([t("profile.col_kind"), t("profile.col_name"), t("profile.col_line"), t("profile.col_ms"),
                     t("profile.col_share"), t("profile.col_why")], rows))


def _breaks_table(res) -> str:
    if not res.breaks:
        return ""
    rows = [[_where(b.file, b.line), f"<code>{esc(b.code.strip())}</code>" if b.code.strip() else "-",
             esc(b.reason), f"{b.ms:.3f}", _pct(b.share), break_fix_html(b) or "-"] for b in res.breaks]
    return (f"<h4>{esc(t('profile.h_breaks'))}</h4>"
            + table([t("profile.col_line"), t("profile.col_where"), t("profile.col_reason"), t("profile.col_ms"),
                     t("profile.col_share"), t("breaks.col_fix")], rows))


def _ops_table(res) -> str:
    if not res.ops:
        return ""
    ops = sorted(res.ops, key=lambda r: -r.ms)[:MAX_ROWS]
    rows = [[esc(t("profile.other_row") if r.other else r.op),
             esc(r.layer or ("-" if r.other else t("profile.top_layer"))),
             _where(r.file, r.line), esc(r.calls or "-"), f"{r.ms:.3f}", _pct(r.share)] for r in ops]
    col = (t("profile.col_phase") if res.train else t("profile.col_segment") if res.mode == "sot"
           else t("profile.col_layer"))
    return (f"<h4>{esc(t('profile.h_ops'))}</h4>"
            + table([t("profile.col_op"), col, t("profile.col_line"), t("profile.col_calls"), t("profile.col_ms"),
                     t("profile.col_share")], rows))


def _grouped_table(title: str, head: str, rows_in, top_word: str) -> str:
    if not rows_in:
        return ""
    rows = [[esc(t("profile.other_row") if r.other else r.key or top_word), f"{r.ms:.3f}", _pct(r.share)]
            for r in rows_in[:MAX_ROWS]]
    return f"<h4>{esc(title)}</h4>" + table([head, t("profile.col_ms"), t("profile.col_share")], rows)


def _whatif_table(res) -> str:
    if not res.whatif:
        return ""
    rows = []
    for w in res.whatif:
        if w.ok is None:
            check = esc(t("profile.reference")) if w.ms is not None else "-"
        elif w.ok:
            check = f'<span style="color:{PASS_COLOR}">{esc(t("profile.same"))}</span>'
        else:
            check = f'<b style="color:{FAIL_COLOR}">{esc(t("profile.differs"))}</b>'
        if w.max_abs_diff is not None:
            check += f" ({w.max_abs_diff:.1e})"
        ms = "-" if w.ms is None else f"{w.ms:.3f}"
        rows.append([esc(t(PATH_LABELS[w.path])), ms, check + (f' <span style="color:{MUTED}">{esc(w.note)}</span>'
                                                          if w.note else "")])
    return (f"<h4>{esc(t('profile.h_whatif'))}</h4>"
            + table([t("profile.col_path"), t("profile.col_median"), t("profile.col_check")], rows))


def _ran_in(res, row) -> str:
    """Where a line's time was spent: its subgraphs and dygraph stretches (SOT), or the
    layers of its ops (AST)."""
    if row.segments:
        return ", ".join(name if kind == "static" else t(KINDS[kind]) + (f" ({name})" if name else "")
                         for kind, name in row.segments)
    layers = []
    for r in res.ops:
        if not r.other and r.line == row.line and r.layer and r.layer not in layers:
            layers.append(r.layer)
    return ", ".join(layers[:3]) + (" …" if len(layers) > 3 else "")


def source_listing(res) -> str:
    """The profiled function's source with each line's background by its share of a call
    (the heat of the Program drawing; lighter: less), its ms per call, share and where it
    ran; inline styles only, so an untrusted notebook shows it as well. Empty when no line
    of the function took time."""
    timed = res.line_time()
    if not res.source_lines or not timed or res.train:
        return ""
    top = max(r.share for r in timed.values())
    rows = []
    for i, code in enumerate(res.source_lines[:LISTING_LINES]):
        n = res.source_first_line + i
        r = timed.get(n)
        num = f'<td style="color:{FAINT};text-align:right;padding:0 6px;border-right:1px solid {BORDER}">{n}</td>'
        if r is None:
            rows.append(f"<tr>{num}<td></td><td></td><td></td>"
                        f'<td style="padding:0 6px">{esc(code)}</td></tr>')
            continue
        color = heat(r.share, top)
        where = _ran_in(res, r)
        tip = esc(f"{r.ms:.3f} ms ({_pct(r.share)})" + (f" · {where}" if where else ""))
        rows.append(f'<tr title="{tip}">{num}'
                    f'<td style="text-align:right;padding:0 6px">{r.ms:.3f}</td>'
                    f'<td style="text-align:right;padding:0 6px">{_pct(r.share)}</td>'
                    f'<td style="color:{MUTED};padding:0 6px">{esc(where)}</td>'
                    f'<td style="background-color:{tint(color, LINE_TINT)};border-left:4px solid {color};'
                    f'padding:0 6px">{esc(code)}</td></tr>')
    more = len(res.source_lines) - LISTING_LINES
    if more > 0:
        rows.append(f'<tr><td></td><td></td><td></td><td></td><td style="color:{MUTED};padding:0 6px">'
                    f'{esc(t("profile.source_more", n=more))}</td></tr>')
    heads = "".join(f'<th style="text-align:left;padding:0 6px">{esc(h)}</th>'
                    for h in (t("profile.col_line"), t("profile.col_ms"), t("profile.col_share"),
                              t("profile.col_ran"), t("profile.col_code")))
    scale = "".join(f'<span style="display:inline-block;width:18px;height:10px;background-color:{c}"></span>'
                    for c in HEAT_COLORS)
    hottest = max(timed.values(), key=lambda r: r.ms)
    legend = (f'<div class="d2s-sub">{scale} '
              f'{esc(t("profile.source_legend", line=hottest.line, ms=f"{hottest.ms:.3f}", pct=_pct(hottest.share)))}'
              "</div>")
    return (f'<div class="d2s-profile-source"><h4>{esc(t("profile.h_source"))}</h4>{legend}'
            f'<table style="{INLINE["code"]}"><thead><tr>{heads}</tr></thead><tbody>{"".join(rows)}</tbody></table>'
            "</div>")


def profile_html(res) -> str:
    """The whole report as one self-contained HTML fragment."""
    head = (f'<div class="d2s-summary">'
            f'{esc(t("profile.head", name=res.name, mode=t(MODES[res.mode]), device=res.device, calls=res.calls, version=res.paddle_version))}'
            f'{esc(t("profile.train_head")) if res.train else ""}'
            "</div>")
    parts = [head]
    if res.overhead is not None:
        parts.append(f'<div class="d2s-sub">{esc(res.overhead_line())}</div>')
    if res.clocked_ms is not None:
        parts.append(f'<div class="d2s-sub">{esc(t("profile.clocked", ms=f"{res.clocked_ms:.3f}"))}</div>')
    parts += [f'<div class="d2s-note"><b>{esc(a)}</b></div>' for a in res.advice]
    parts += [f'<div class="d2s-note">{esc(n)}</div>' for n in res.notes]
    if res.profiled_ms or res.clocked_ms:
        parts.append(stacked_bar(res))
    parts.append(_segments_table(res))
    parts.append(_breaks_table(res))
    parts.append(_whatif_table(res))
    parts.append(source_listing(res))
    parts.append(_ops_table(res))
    if res.train:
        parts.append(_grouped_table(t("profile.h_phases"), t("profile.col_phase"), res.layers, "-"))
    else:
        parts.append(_grouped_table(t("profile.h_lines"), t("profile.col_line"), res.lines, "-"))
    if not res.train and res.mode == "ast":
        parts.append(_grouped_table(t("profile.h_layers"), t("profile.col_layer"), res.layers,
                                    t("profile.top_layer")))
    if res.input_shapes:
        shapes = ", ".join("[" + ", ".join(map(str, s)) + "]" for s in res.input_shapes)
        parts.append(f'<div class="d2s-sub">{esc(t("profile.shapes", shapes=shapes))}</div>')
    if res.elapsed_s is not None:
        parts.append(f'<div class="d2s-sub">{esc(res.took())}</div>')
    return wrap("".join(parts))


def heat(share: float, top: float) -> str:
    """The colour of ``share`` of a call, on a scale up to ``top`` (the largest share drawn)."""
    if top <= 0:
        return HEAT_COLORS[0]
    level = min(len(HEAT_COLORS) - 1, int(share / top * len(HEAT_COLORS)))
    return HEAT_COLORS[max(0, level)]


def heat_marks(res, depth="all", subgraph: Optional[str] = None) -> dict:
    """Op id -> colour by share of a call; at a ``depth`` that collapses layers, every op
    of a collapsed layer takes the colour of the layer's ops together (one colour per node).
    ``subgraph``: a compiled subgraph's ops (default path), else the Program's."""
    return _heat(*_op_times(res, subgraph), depth)[0]


def _op_times(res, subgraph: Optional[str]) -> Tuple[dict, dict]:
    """``({op id: ms per call}, {op id: layer path})`` of the Program or of a subgraph."""
    if subgraph is None:
        rows = [r for r in res.ops if r.op_id is not None and not r.other]
        return {r.op_id: r.ms for r in rows}, {r.op_id: r.layer for r in rows}
    graph = res.subgraphs.get(subgraph)
    layers = {op.id: op.layer for op in graph.iter_ops()} if graph is not None else {}
    return dict(res.subgraph_ms.get(subgraph, {})), layers


def _heat(ms: dict, layers: dict, depth) -> Tuple[dict, float]:
    """Colours by time (per op, or per collapsed layer at a whole ``depth``) and the
    largest time drawn (the scale's dark end, ms per call)."""
    if depth == "all":
        keys = {i: i for i in ms}
    else:
        keep = int(depth)
        keys = {i: ".".join(layers[i].split(".")[:keep]) if layers.get(i) else f"#{i}" for i in ms}
    sums: dict = {}
    for i, v in ms.items():
        sums[keys[i]] = sums.get(keys[i], 0.0) + v
    top = max(sums.values(), default=0.0)
    return {i: heat(sums[keys[i]], top) for i in ms}, top


ALL_OPS_UP_TO = 200  # depth None: every op drawn up to this many ops (a cell's drawing stays under 250 KB)


def profile_graph(res, depth=None, subgraph: Optional[str] = None, **options):
    """The profiled Program (AST path), or one compiled subgraph (default path: the
    costliest where ``subgraph`` is None), drawn with each op (or collapsed layer) filled
    by its time per call, the scale in ms in the title and each node's time in its
    tooltip; a D2SError where there is nothing to draw, or no such subgraph. ``depth``
    None: every op up to :data:`ALL_OPS_UP_TO` ops, else the top-level layers (depth 1)."""
    if res.program is not None and subgraph is None:
        graph, name = res.program, res.name
    else:
        timed = {k: sum(v.values()) for k, v in res.subgraph_ms.items() if k in res.subgraphs}
        if not timed:
            raise D2SError(t("profile.no_drawing", mode=t(MODES[res.mode])), t("profile.no_drawing_hint"))
        if subgraph is None:
            subgraph = max(timed, key=timed.get)
        if subgraph not in timed:
            raise D2SError(t("profile.no_subgraph", name=subgraph),
                           t("profile.no_subgraph_hint", names=", ".join(sorted(timed))))
        graph, name = res.subgraphs[subgraph], f"{res.name} · {subgraph}"
    if depth is None:
        depth = "all" if sum(1 for _ in graph.iter_ops()) <= ALL_OPS_UP_TO else 1
    ms, layers = _op_times(res, subgraph)
    marks, top = _heat(ms, layers, depth)
    title = options.pop("title", None) or t("profile.drawing_title", name=name, top=f"{top:.3f}")
    return draw_graph(graph, depth=depth, marks=marks, title=title, times=ms, **options)
