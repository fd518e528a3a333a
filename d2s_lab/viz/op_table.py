"""The op table: one row per op with its category, input and output shapes,
parameters, layer and source line.  Shared by the report, the saved-model view,
the SOT and check views (as the fallback when a graph cannot be drawn)."""
from __future__ import annotations

from ..core.frames import display_file
from ..core.graph import Graph
from ..core.ops import CATEGORY_LABELS
from ..core.shapes import shape_and_dtype
from .html import esc, table
from .palette import CATEGORY_COLORS


def value_shapes(graph: Graph, ids: list[str], skip_params: bool = True) -> str:
    """``[N, 8] f32`` per value, one per line, as escaped HTML."""
    parts = []
    for vid in ids:
        v = graph.values.get(vid)
        if v is None or (skip_params and v.kind == "parameter"):
            continue
        parts.append(shape_and_dtype(v.shape, v.dtype))
    return "<br>".join(esc(p) for p in parts)


def category_mark(category: str, title: bool = True) -> str:
    """The small coloured square of an op's category."""
    color = CATEGORY_COLORS.get(category, "#888")
    tip = f' title="{esc(CATEGORY_LABELS.get(category, category))}"' if title else ""
    return f'<span class="d2s-cat" style="background:{color}"{tip}></span>'


def _param_names(graph: Graph, ids: list[str]) -> str:
    names = [graph.values[v].name or "" for v in ids
             if v in graph.values and graph.values[v].kind == "parameter"]
    return esc(", ".join(names))


def op_table_rows(graph: Graph, include_params: bool = False) -> list[list[str]]:
    """The table's rows as HTML cells: op, inputs, outputs, params, layer, line."""
    rows = []
    for op in graph.iter_ops():
        if op.category == "parameter" and not include_params:
            continue
        src = ""
        if op.source is not None:
            src = f"{esc(display_file(op.source.file))}:{op.source.line}"
        rows.append([
            f"{category_mark(op.category)}<code>{esc(op.short_name)}</code>",
            value_shapes(graph, op.inputs),
            value_shapes(graph, op.outputs),
            _param_names(graph, op.inputs),
            esc(op.layer),
            src,
        ])
    return rows


def op_table_html(graph: Graph) -> str:
    """Every op of ``graph`` in a scrolling table (parameters left out)."""
    rows = op_table_rows(graph)
    return '<div class="d2s-scroll">' + table(
        ["op", "inputs", "outputs", "params", "layer", "line"], rows
    ) + "</div>"


def section_ops(conv) -> str:
    """Report section: the op table of ``conv.ir``."""
    if conv.ir is None:
        return ""
    return f"<details open><summary>Ops ({conv.ir.num_ops()})</summary>{op_table_html(conv.ir)}</details>"


__all__ = ["category_mark", "op_table_html", "op_table_rows", "section_ops", "value_shapes"]
