"""How core's results are drawn: the one entry :mod:`d2s_lab.core.display` calls.

:func:`to_html` picks the view for a result by its type's name, so this module
needs none of core's result classes (nor Paddle); :func:`draw_graph` and
:func:`bench_figure` draw a program graph and a benchmark chart.
"""
from __future__ import annotations

from collections.abc import Callable

from d2s_lab.viz.bench_view import bench_figure, bench_html
from d2s_lab.viz.check_view import check_html
from d2s_lab.viz.diff_view import DiffTable, diff_html
from d2s_lab.viz.error_view import error_report_html
from d2s_lab.viz.graph_view import draw_graph
from d2s_lab.viz.op_table import OpTable
from d2s_lab.viz.html import esc
from d2s_lab.viz.report import conversion_html
from d2s_lab.viz.saved_view import saved_html
from d2s_lab.viz.calls_view import calls_html
from d2s_lab.viz.sot_view import sot_report_html
from d2s_lab.viz.source_view import layer_source_html
from d2s_lab.viz.steps_view import steps_static_html

# Result type name -> the function drawing it as an HTML fragment.
VIEWS: dict[str, Callable[[object], str]] = {
    "Conversion": conversion_html,
    "CheckResult": check_html,
    "ErrorReport": error_report_html,
    "SotReport": sot_report_html,
    "SavedModel": saved_html,
    "BenchResult": bench_html,
    "Steps": steps_static_html,
    "LayerSource": layer_source_html,
    "GraphDiff": diff_html,
    "Calls": calls_html,
}


def to_html(obj) -> str:
    """``obj`` (a Conversion, CheckResult, ErrorReport, SotReport, SavedModel,
    BenchResult, Steps, LayerSource, GraphDiff or Calls) as a self-contained HTML fragment; anything else as its
    escaped ``repr``."""
    view = VIEWS.get(type(obj).__name__)
    if view is None:
        return f"<pre>{esc(repr(obj))}</pre>"
    return view(obj)


def op_table(graph, name=""):
    """Every op of ``graph`` as a table that displays in a notebook (:class:`.op_table.OpTable`)."""
    return OpTable(graph, name)


def diff_table(diff):
    """Every op that differs in a GraphDiff, as a table (:class:`.diff_view.DiffTable`)."""
    return DiffTable(diff)


def explorer(graph, view=None):
    """The explorer widget of ``graph`` (:func:`.explorer.graph_explorer`)."""
    from d2s_lab.viz.explorer import graph_explorer  # anywidget, only when asked

    return graph_explorer(graph, view)


__all__ = ["VIEWS", "bench_figure", "diff_table", "draw_graph", "explorer", "op_table", "to_html"]
