"""The op table: one row per op with its category, input and output shapes,
parameters, layer and source line.  Shared by the report, the saved-model view,
the SOT and check views (as the fallback when a graph cannot be drawn)."""
from __future__ import annotations

from d2s_lab.core.frames import display_file
from d2s_lab.core.graph.model import Graph
from d2s_lab.core.graph.repeats import chain_test, computed_attrs, constant_inputs, repeated_runs
from d2s_lab.core.graph.shapes import MAX_OPERANDS, bounded_items, shape_and_dtype
from d2s_lab.text import t
from d2s_lab.viz.html import INLINE, esc, report_var, t_html, wrap
from d2s_lab.viz.palette import CATEGORY_COLORS, MUTED, PANEL_BG, category_label

# Inline styles, for where a sanitizer strips <style> but keeps style="" (JupyterLab's
# untrusted notebooks, which also right-align table cells): cells left-aligned, shapes
# never broken inside (one line per shape), the op column kept in view when the table
# scrolls sideways in its box.
# Short: they repeat in every cell (the stylesheet adds borders and padding where it applies).
CELL_STYLE = "text-align:left;vertical-align:top"
NOWRAP_STYLE = CELL_STYLE + ";white-space:nowrap"
OP_STYLE = NOWRAP_STYLE + ";position:sticky;left:0;background-color:#fff"
HEAD_STYLE = NOWRAP_STYLE + f";background-color:{PANEL_BG}"
SCROLL_STYLE = "overflow-x:auto;max-width:100%"
TABLE_STYLE = "border-collapse:collapse;font-size:12px"
INLINE_NOTE = INLINE["note"]


def inline_table(headers, rows, nowrap=(), cls: str = "d2s-ops") -> str:
    """A table whose cells carry their styles inline (see :data:`CELL_STYLE`): column 0
    (the op) sticks to the left, the columns in ``nowrap`` never wrap. Cells are HTML."""
    th = "".join(f'<th style="{HEAD_STYLE}">{esc(h)}</th>' for h in headers)
    styles = [OP_STYLE] + [NOWRAP_STYLE if i in nowrap else CELL_STYLE for i in range(1, len(headers))]
    body = "".join("<tr>" + "".join(f'<td style="{styles[min(i, len(styles) - 1)]}">{c}</td>'
                                    for i, c in enumerate(r)) + "</tr>" for r in rows)
    return (f'<table class="{cls}" style="{TABLE_STYLE}"><thead><tr>{th}</tr></thead>'
            f"<tbody>{body}</tbody></table>")


# Rows a table shows at most; past it, a note says how many were left out.
MAX_TABLE_ROWS = 5000
# Bytes of HTML a table's rows take at most (rows are cut there too, with the same note):
# with the page's other parts, a page stays under 5 MB whatever the file holds.
MAX_TABLE_BYTES = 1_500_000


def rows_within(rows, render, budget: int = MAX_TABLE_BYTES) -> tuple:
    """``(html, shown)``: ``render(row)`` joined for the first rows that fit in
    :data:`MAX_TABLE_ROWS` rows and ``budget`` bytes."""
    parts, size = [], 0
    for row in rows:
        if len(parts) >= MAX_TABLE_ROWS:
            break
        html = render(row)
        size += len(html)
        if size > budget and parts:
            break
        parts.append(html)
    return "".join(parts), len(parts)


def cut_note(shown: int, total: int, what: str = "") -> str:
    """The line under a table cut at ``shown`` of ``total`` rows ('' when not cut); ``what``
    names the rows (default: the words of ``report.unit_rows``)."""
    if total <= shown:
        return ""
    text = t("report.cut_note", shown=f"{shown:,}", total=f"{total:,}", what=what or t("report.unit_rows"),
             more=f"{total - shown:,}")
    return f'<div class="d2s-note">{esc(text)}</div>'


def value_shapes(graph: Graph, ids: list[str], skip_params: bool = True) -> str:
    """``[N, 8] f32`` per value, one per line, as escaped HTML; at most
    :data:`~d2s_lab.core.graph.shapes.MAX_OPERANDS`, then ``N more operands``."""
    shown = [v for v in (graph.values.get(vid) for vid in ids)
             if v is not None and not (skip_params and v.kind == "parameter")]
    parts = [shape_and_dtype(v.shape, v.dtype) for v in shown[:MAX_OPERANDS]]
    return "<br>".join(esc(p) for p in bounded_items(parts, total=len(shown)))


def category_mark(category: str, title: bool = True) -> str:
    """The small coloured square of an op's category."""
    color = CATEGORY_COLORS.get(category, "#888")
    tip = f' title="{esc(category_label(category))}"' if title else ""
    return f'<span class="d2s-cat" style="background:{color}"{tip}></span>'


def _param_names(graph: Graph, ids: list[str]) -> str:
    names = [v for v in ids if v in graph.values and graph.values[v].kind == "parameter"]
    shown = [graph.values[v].name or "" for v in names[:MAX_OPERANDS]]
    return esc(", ".join(bounded_items(shown, total=len(names))))


def op_table_rows(graph: Graph, include_params: bool = False,
                  limit: int = None) -> list[list[str]]:
    """The table's rows as HTML cells: op, inputs, outputs, params, layer, line; at
    most ``limit`` rows when given."""
    rows = []
    named = set()  # categories whose square already carries its name (a tooltip)
    for op in graph.iter_ops():
        if op.category == "parameter" and not include_params:
            continue
        if limit is not None and len(rows) >= limit:
            break
        src = ""
        if op.source is not None:
            src = f"{esc(display_file(op.source.file))}:{op.source.line}"
        rows.append([
            f"{category_mark(op.category, op.category not in named)}<code>{esc(op.short_name)}</code>",
            value_shapes(graph, op.inputs),
            value_shapes(graph, op.outputs),
            _param_names(graph, op.inputs),
            esc(op.layer),
            src,
        ])
        named.add(op.category)
    return rows


def op_table_html(graph: Graph) -> str:
    """Every op of ``graph`` in a scrolling table (parameters left out), at most
    :data:`MAX_TABLE_ROWS` rows with a note saying how many were left out."""
    rows = op_table_rows(graph, limit=MAX_TABLE_ROWS)
    size = 0
    styles = len(OP_STYLE) + 3 * len(NOWRAP_STYLE) + 2 * len(CELL_STYLE) + 6 * len(' style=""')
    for n, row in enumerate(rows):  # the byte budget: cut where the rows outgrow it
        size += sum(len(c) for c in row) + 60 + styles
        if size > MAX_TABLE_BYTES and n:
            rows = rows[:n]
            break
    note = ""
    total = len(rows)
    if len(rows) >= MAX_TABLE_ROWS or size > MAX_TABLE_BYTES:
        total = graph.num_listed_ops()
        note = cut_note(len(rows), total, t("report.unit_ops"))
    return f'<div class="d2s-scroll" style="{SCROLL_STYLE}">' + inline_table(
        [t("report.col_op"), t("report.col_inputs"), t("report.col_outputs"), t("report.col_params"),
         t("report.col_layer"), t("report.col_line")], rows, nowrap=(1, 2, 5)
    ) + "</div>" + note


# What the report's op table may take: a saved notebook of a deep model (DenseNet,
# BERT) stays small enough to hand out. Repeated blocks are folded first; past this,
# the rest of the table is a call away (Conversion.op_table()).
REPORT_TABLE_BYTES = 30_000


def block_of(layer: str):
    """``(prefix, index, rest)`` of a layer path at its first numbered part
    (``"layer3.2.conv1"`` -> ``("layer3", 2, "conv1")``); None without one."""
    parts = (layer or "").split(".")
    for k, part in enumerate(parts):
        if part.isdigit():
            return ".".join(parts[:k]), int(part), ".".join(parts[k + 1:])
    return None


def _strip_block(text: str, prefix: str, index: int) -> str:
    head = f"{prefix}.{index}" if prefix else str(index)
    return text.replace(head + ".", ".").replace(head, "")


def folded_ops(graph: Graph) -> list:
    """The ops of ``graph`` (parameters left out) as ``("op", op)`` items, each run of
    numbered blocks that repeat the block before them op for op (same kinds, shapes,
    parameters and lines: ResNet's ``layer3.2`` ... ``layer3.5``, BERT's encoder layers)
    folded into one ``("fold", first, last, n, ops, like)`` item; ops outside blocks that
    repeat in a row folded into ``("runs", unit, runs, lines)`` items."""
    segments = []  # [key or None, ops]
    for op in graph.iter_ops():
        if op.category == "parameter":
            continue
        found = block_of(op.layer)
        key = found[:2] if found else None
        if segments and segments[-1][0] == key:
            segments[-1][1].append(op)
        else:
            segments.append([key, [op]])

    def signature(key, ops):
        prefix, index = key
        return tuple((op.short_name, value_shapes(graph, op.inputs), value_shapes(graph, op.outputs),
                      _strip_block(op.layer, prefix, index),
                      _strip_block(_param_names(graph, op.inputs), prefix, index),
                      (op.source.file, op.source.line) if op.source is not None else None) for op in ops)

    items, like, run = [], None, []  # like: (key, signature) of the last block shown

    def flush():
        if run:
            first, last = run[0][0], run[-1][0]
            items.append(("fold", _block_name(first), _block_name(last), len(run), len(run[0][1]),
                          _block_name(like[0])))
            run.clear()

    for key, ops in segments:
        if key is None:
            flush()
            like = None
            items.extend(_runs_folded(graph, ops))
            continue
        sig = signature(key, ops)
        if like is not None and like[0][0] == key[0] and like[0][1] != key[1] and like[1] == sig:
            run.append((key, ops))
            continue
        flush()
        like = (key, sig)
        items.extend(("op", op) for op in ops)
    flush()
    return items


OP_RUNS_MAX_UNIT = 96


def _runs_folded(graph: Graph, ops: list) -> list:
    """``ops`` as ``("op", op)`` items, each unit of ops that repeats in a row (an
    unrolled ``for``: same kinds, shapes, parameters, attributes and lines) shown once
    and its other runs folded into one ``("runs", unit, runs, lines)`` item."""
    by_id = {o.id: o for o in graph.iter_ops()}

    def signature(op):
        if op.blocks or op.category == "data":
            return None
        return (op.short_name, value_shapes(graph, op.inputs), value_shapes(graph, op.outputs),
                _param_names(graph, op.inputs), op.layer, computed_attrs(op),
                tuple(computed_attrs(c) for c in constant_inputs(op, graph.values, by_id)),
                (op.source.file, op.source.line) if op.source is not None else None)

    items = []
    # a unit of ops is longer than one of drawn items (a PointNet stage: 55 ops)
    chained = chain_test([[op] for op in ops], graph.values)
    for i, k, runs in repeated_runs([signature(op) for op in ops], chained, max_unit=OP_RUNS_MAX_UNIT):
        items.extend(("op", op) for op in ops[i:i + k])
        if runs > 1:
            lines = sorted({op.source.line for op in ops[i:i + k] if op.source is not None})
            items.append(("runs", k, runs - 1, lines))
    return items


def _ops_in(item) -> int:
    """How many ops a :func:`folded_ops` item stands for."""
    if item[0] == "op":
        return 1
    if item[0] == "runs":
        return item[1] * item[2]
    return item[3] * item[4]


def _block_name(key) -> str:
    prefix, index = key
    return f"{prefix}.{index}" if prefix else str(index)


def _op_row(graph: Graph, op, named: set) -> str:
    src = f"{esc(display_file(op.source.file))}:{op.source.line}" if op.source is not None else ""
    cells = [f"{category_mark(op.category, op.category not in named)}<code>{esc(op.short_name)}</code>",
             value_shapes(graph, op.inputs), value_shapes(graph, op.outputs), _param_names(graph, op.inputs),
             esc(op.layer), src]
    named.add(op.category)
    styles = (OP_STYLE, NOWRAP_STYLE, NOWRAP_STYLE, CELL_STYLE, CELL_STYLE, NOWRAP_STYLE)
    return "<tr>" + "".join(f'<td style="{s}">{c}</td>' for s, c in zip(styles, cells)) + "</tr>"


def report_op_table_html(graph: Graph, budget: int = REPORT_TABLE_BYTES) -> str:
    """The report's op table: every op, repeated blocks folded (:func:`folded_ops`), at
    most ``budget`` bytes of rows; past that a note says how to see every op."""
    rows, size, shown, named = [], 0, 0, set()
    total = graph.num_listed_ops()
    cut = False
    for item in folded_ops(graph):
        if item[0] == "op":
            row = _op_row(graph, item[1], named)
        elif item[0] == "runs":
            _, k, runs, lines = item
            where = f"{lines[0]}–{lines[-1]}" if len(lines) > 1 else (str(lines[0]) if lines else "?")
            row = (f'<tr><td colspan="6" style="{CELL_STYLE};color:{MUTED}">'
                   f"<i>{esc(t('report.fold_runs', runs=runs, k=k, lines=where))}</i></td></tr>")
        else:
            _, first, last, n, ops, like = item
            text = t("report.fold_blocks", first=first, last=last, n=n, ops=ops, like=like)
            row = (f'<tr><td colspan="6" style="{CELL_STYLE};color:{MUTED}">'
                   f"<i>{esc(text)}</i></td></tr>")
        if size + len(row) > budget and rows:
            cut = True
            break
        rows.append(row)
        size += len(row)
        shown += _ops_in(item)
    head = inline_table([t("report.col_op"), t("report.col_inputs"), t("report.col_outputs"),
                         t("report.col_params"), t("report.col_layer"), t("report.col_line")], [])
    body = head.replace("<tbody></tbody>", "<tbody>" + "".join(rows) + "</tbody>")
    note = ""
    if cut:
        note = '<div class="d2s-note" style="{}">{}</div>'.format(
            INLINE_NOTE, t_html("report.ops_paged", shown=f"{shown:,}", total=f"{total:,}",
                                call=f"<code>{esc(report_var())}.op_table()</code>",
                                explore=f"<code>%d2s_graph {esc(report_var())} --explore</code>"))
    return f'<div class="d2s-scroll" style="{SCROLL_STYLE}">{body}</div>{note}'


def section_ops(conv) -> str:
    """Report section: the op table of ``conv.drawn_graph`` (:func:`report_op_table_html`)."""
    if conv.drawn_graph is None:
        return ""
    return (f"<details open><summary>{esc(t('report.ops_title'))} ({conv.drawn_graph.num_listed_ops()})</summary>"
            f"{report_op_table_html(conv.drawn_graph)}</details>")


def op_table_page(graph: Graph, name: str = "") -> str:
    """Every op of ``graph`` as one HTML fragment (what ``Conversion.op_table()`` shows)."""
    return wrap(op_table_html(graph), t("report.op_table_title", name=name or graph.name, n=f"{graph.num_listed_ops():,}"))


class OpTable:
    """Every op of a program (parameters left out), shown as a table in a notebook: op,
    input and output shapes, parameters, layer and source line."""

    def __init__(self, graph: Graph, name: str = ""):
        self.graph, self.name = graph, name

    def _repr_html_(self) -> str:
        return op_table_page(self.graph, self.name)


__all__ = ["OpTable", "REPORT_TABLE_BYTES", "block_of", "folded_ops", "op_table_page", "report_op_table_html", "MAX_TABLE_BYTES", "MAX_TABLE_ROWS", "rows_within", "category_mark", "cut_note", "inline_table", "op_table_html", "op_table_rows", "section_ops", "value_shapes"]
