"""Linked view: from original source lines to the ops they produced.

The report groups its ops by the source line that created them.  Source lines
(in this table and in the side-by-side source) carry ``data-d2s-line="N"``;
the program diagram gives each op node ``class="d2s-op d2s-line-N"``.
Hovering a line highlights its ops (pure CSS via ``:has``, so it also works
where scripts are stripped); a small inline script adds click-to-pin and the
reverse direction (clicking an op node highlights its line).  Everything is
scoped to the report element that holds this section.
"""
from __future__ import annotations

import functools
import itertools
import json
import linecache
import os
from typing import Dict, Iterable, List, Optional, Tuple

from d2s_lab.core.frames import display_file
from d2s_lab.core.graph.model import Graph, Op
from d2s_lab.text.lang import get_lang
from d2s_lab.text import t
from d2s_lab.viz.html import esc, report_var, t_html
from d2s_lab.viz.op_table import (CELL_STYLE, NOWRAP_STYLE, OP_STYLE, SCROLL_STYLE, category_mark, inline_table,
                                  value_shapes)
from d2s_lab.viz.palette import HIGHLIGHT_COLOR, HOVER_BG, PANEL_BG, with_colors

_ids = itertools.count(1)

LINK_CSS = with_colors("""
.d2s [data-d2s-line]{cursor:pointer}
.d2s tr.d2s-group td{background:$PANEL_BG;font-weight:600}
.d2s g.d2s-hl polygon,.d2s g.d2s-hl ellipse,.d2s g.d2s-hl path,.d2s g.d2s-pin polygon,.d2s g.d2s-pin ellipse,.d2s g.d2s-pin path{stroke:$HIGHLIGHT_COLOR!important;stroke-width:3px!important}
.d2s tr.d2s-hl td,.d2s td.d2s-hl,.d2s tr.d2s-pin td,.d2s td.d2s-pin{background:$HOVER_BG!important}
""")

_SCRIPT = """(function(){
var me=document.getElementById(%(uid)s);if(!me)return;
var root=me.closest(".d2s")||document.body;if(root.getAttribute("data-d2s-linked"))return;
root.setAttribute("data-d2s-linked","1");
function lineOf(el){if(!el||!el.closest)return null;var t=el.closest("[data-d2s-line]");
if(t&&root.contains(t))return t.getAttribute("data-d2s-line");
var g=el.closest(".d2s-op");if(g&&root.contains(g)){var m=/(?:^|\\s)d2s-line-(\\d+)(?:\\s|$)/.exec(g.getAttribute("class")||"");if(m)return m[1];}
return null;}
function mark(n,cls,on){if(n===null||!/^\\d+$/.test(n))return;
root.querySelectorAll('[data-d2s-line="'+n+'"],.d2s-line-'+n).forEach(function(el){el.classList.toggle(cls,on);});}
var hover=null,pin=null;
root.addEventListener("mouseover",function(e){var n=lineOf(e.target);if(n!==hover){mark(hover,"d2s-hl",false);hover=n;mark(n,"d2s-hl",true);}});
root.addEventListener("mouseleave",function(){mark(hover,"d2s-hl",false);hover=null;});
root.addEventListener("click",function(e){var n=lineOf(e.target);if(n===null)return;mark(pin,"d2s-pin",false);
pin=(n===pin)?null:n;mark(pin,"d2s-pin",true);
if(pin){var op=root.querySelector(".d2s-op.d2s-line-"+pin);if(op&&op.scrollIntoView)op.scrollIntoView({block:"nearest",inline:"nearest"});}});
})();"""


@functools.lru_cache(maxsize=256)
def _same_file(a: str, b: str) -> bool:
    """Same file, or the same text: Paddle caches converted code by source, so
    re-running an unchanged cell yields ops that still name the earlier run's cell."""
    if not a or not b:
        return False
    if a == b or os.path.normcase(os.path.abspath(a)) == os.path.normcase(os.path.abspath(b)):
        return True
    lines_a = linecache.getlines(a)
    return bool(lines_a) and lines_a == linecache.getlines(b)


def ops_by_line(graph: Graph) -> List[Tuple[Tuple[str, int], str, List[Tuple[Op, str]]]]:
    """``[((file, line), code, [(op, block_label), ...]), ...]`` in source order;
    ops without a source line come last under ``("", 0)``; parameters are left out."""
    groups: Dict[Tuple[str, int], List[Tuple[Op, str]]] = {}
    codes: Dict[Tuple[str, int], str] = {}

    def walk(block, label):
        for op in block.ops:
            if op.category != "parameter":
                key = (op.source.file, op.source.line) if op.source is not None else ("", 0)
                groups.setdefault(key, []).append((op, label))
                if op.source is not None and op.source.code and key not in codes:
                    codes[key] = op.source.code
            for sub in op.blocks:
                walk(sub, sub.label)

    for b in graph.blocks:
        walk(b, b.label)
    keys = sorted(groups, key=lambda k: (k == ("", 0), k[0], k[1]))
    return [(k, codes.get(k, ""), groups[k]) for k in keys]


def linked_lines(graph: Optional[Graph], source_file: str) -> List[int]:
    """Lines of ``source_file`` that produced at least one op."""
    if graph is None:
        return []
    return sorted({op.source.line for op in graph.iter_ops()
                   if op.source is not None and op.category != "parameter"
                   and _same_file(op.source.file, source_file)})


def link_assets(lines: Iterable[int]) -> str:
    """CSS (hover via ``:has``, no JavaScript needed) and the click script, scoped
    to the ``.d2s`` report element that contains them."""
    uid = f"d2s-link-{os.getpid()}-{next(_ids)}"
    rules = []
    for n in sorted(set(int(x) for x in lines)):
        scope = f'.d2s:has(#{uid}):has([data-d2s-line="{n}"]:hover)'
        rules.append(  # the scope once per rule (:is): hundreds of lines stay a few KB each
            f"{scope} g.d2s-line-{n} :is(polygon,ellipse,path)"
            f"{{stroke:{HIGHLIGHT_COLOR};stroke-width:3px}}"
            f'{scope} :is(tr.d2s-line-{n} td,tr[data-d2s-line="{n}"] td,td[data-d2s-line="{n}"])'
            f"{{background:{HOVER_BG}!important}}"  # over the cells' inline background
        )
    script = _SCRIPT % {"uid": json.dumps(uid)}
    return (f'<span id="{uid}" hidden></span><style>{LINK_CSS}{"".join(rules)}</style>'
            f"<script>{script}</script>")


# Past this many bytes of rows the section lists each line's ops counted by kind, not one row per
# op (the op table above has every op): a deep model's report stays small.
BY_LINE_DETAIL_BYTES = 16_000
# Bytes of rows the section takes at most (a forward of hundreds of lines); past them, a
# note says how many lines were left out (the op table has every op).
BY_LINE_BYTES = 16_000


def _kinds_html(ops) -> str:
    """``conv2d ×16 · batch_norm ×16`` for a line's ops, with the layers they are in
    (first and last when there are many)."""
    kinds: Dict[str, list] = {}
    for op, _ in ops:
        kinds.setdefault(op.short_name, [op.category, 0])[1] += 1
    text = " · ".join(f"{category_mark(cat, title=False)}<code>{esc(name)}</code> ×{n}"
                      for name, (cat, n) in kinds.items())
    layers = list(dict.fromkeys(op.layer for op, _ in ops if op.layer))
    if layers:
        shown = ", ".join(layers) if len(layers) <= 3 else f"{layers[0]} … {layers[-1]} ({len(layers)})"
        text += f' <span class="d2s-sub">· {esc(shown)}</span>'
    return text


# A line's group row, inline (see op_table.CELL_STYLE): left-aligned, tinted.
_GROUP_STYLE = CELL_STYLE + f";background-color:{PANEL_BG};font-weight:600"


def ops_by_line_html(graph: Graph, source_file: str = "", lang: Optional[str] = None,
                     assets: bool = True) -> str:
    """The op table grouped by original source line; lines of ``source_file``
    are linked to the diagram. Past :data:`BY_LINE_DETAIL_BYTES` of rows, each line's
    ops are counted by kind instead of listed one by one (the op table has each op)."""
    groups = ops_by_line(graph)
    rows, linked = _by_line_rows(graph, groups, source_file, lang, by_kind=False)
    by_kind = rows is None  # one op per row would pass BY_LINE_DETAIL_BYTES
    if by_kind:
        rows, linked = _by_line_rows(graph, groups, source_file, lang, by_kind=True)
    columns = ([t("report.col_line_ops", lang)] if by_kind else
               [t("report.col_op", lang), t("report.col_block", lang), t("report.col_outputs", lang),
                t("report.col_layer", lang)])
    shown, size = [], 0
    for row in rows:  # rows come in pairs (a line, its ops): cut at a line's row
        size += len(row)
        if size > BY_LINE_BYTES and shown and row.startswith('<tr class="d2s-group"'):
            break
        shown.append(row)
    head = inline_table(columns, [], cls="d2s-ops d2s-by-line")
    body = head.replace("<tbody></tbody>", "<tbody>" + "".join(shown) + "</tbody>")
    hint = f'<div class="d2s-sub">{esc(t("graph.by_line_hint", lang))}</div>'
    if by_kind:
        total = sum(len(ops) for _, _, ops in groups)
        hint += '<div class="d2s-sub">{}</div>'.format(t_html(
            "report.by_line_kinds", lang, total=f"{total:,}", call=f"<code>{esc(report_var())}.op_table()</code>"))
    if len(shown) < len(rows):
        lines_shown = sum(1 for r in shown if r.startswith('<tr class="d2s-group"'))
        drawn = "".join(shown)
        linked = [n for n in linked if f'<tr class="d2s-group" data-d2s-line="{n}">' in drawn]
        hint += '<div class="d2s-note">{}</div>'.format(t_html(
            "report.by_line_cut", lang, shown=lines_shown, total=len(groups),
            call=f"<code>{esc(report_var())}.op_table()</code>"))
    extra = link_assets(linked) if assets else ""
    return f'{extra}{hint}<div class="d2s-scroll" style="{SCROLL_STYLE}">{body}</div>'


def _by_line_rows(graph: Graph, groups, source_file: str, lang: Optional[str], by_kind: bool):
    """``(rows, linked lines)``: each line's group row, then its ops (``by_kind``: one row
    counting them by kind); rows None when one row per op passes :data:`BY_LINE_DETAIL_BYTES`."""
    rows = []
    linked = []
    size = 0
    span = 1 if by_kind else 4
    for (file, line), code, ops in groups:
        is_linked = bool(line) and _same_file(file, source_file)
        library = next((op.source.library for op, _ in ops if op.source is not None), "")
        data = f' data-d2s-line="{line}"' if is_linked else ""
        if is_linked:
            linked.append(line)
        where = f"{esc(display_file(file))}:{line}" if line else f'<i>{esc(t("graph.no_line", lang))}</i>'
        code_html = f" <code>{esc(code.strip())}</code>" if code else ""
        if library:  # an installed library's line (PaddleFormers' modeling.py), not the user's
            where += f' <span class="d2s-sub d2s-library">{esc(t("graph.library_line", lang, library=library))}</span>'
        rows.append(f'<tr class="d2s-group"{data}><td colspan="{span}" style="{_GROUP_STYLE}">{where}{code_html} '
                    f'<span class="d2s-sub">· {len(ops)} {esc(t("graph.ops", lang))}</span></td></tr>')
        if by_kind:
            rows.append(f'<tr{data}><td style="{CELL_STYLE}">{_kinds_html(ops)}</td></tr>')
            continue
        row_cls = f' class="d2s-line-{line}"' if is_linked else ""
        for op, block in ops:
            rows.append(
                f'<tr{row_cls}><td style="{OP_STYLE}">&nbsp;&nbsp;{category_mark(op.category, title=False)}'
                f'<code>{esc(op.short_name)}</code></td><td style="{NOWRAP_STYLE}">{esc(block)}</td>'
                f'<td style="{NOWRAP_STYLE}">{value_shapes(graph, op.outputs)}</td>'
                f'<td style="{CELL_STYLE}">{esc(op.layer)}</td></tr>'
            )
            size += len(rows[-1])
            if size > BY_LINE_DETAIL_BYTES:
                return None, linked
    return rows, linked


def section_ops_by_line(conv) -> str:
    """Report section: ops grouped by the source line that produced them."""
    if conv.drawn_graph is None:
        return ""
    lang = get_lang()
    inner = ops_by_line_html(conv.drawn_graph, conv.source_file, lang)
    return f"<details open><summary>{esc(t('graph.by_line', lang))}</summary>{inner}</details>"
