"""How core's results are drawn: the one entry :mod:`d2s_lab.core.display` calls.

:func:`to_html` picks the view for a result by its type: the module that defines the
class and the class's name (two classes of one name in different modules are different
types), so this module imports none of core's result classes, whose modules reach Paddle;
:func:`draw_graph` and :func:`bench_figure` draw a program graph and a benchmark chart.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Optional

from d2s_lab.viz.bench_view import bench_figure, bench_html
from d2s_lab.viz.breaks_view import breaks_html
from d2s_lab.viz.check_view import check_html
from d2s_lab.viz.diff_view import DiffTable, diff_html
from d2s_lab.viz.error_view import error_report_html
from d2s_lab.viz.graph_view import draw_graph
from d2s_lab.viz.op_table import OpTable
from d2s_lab.viz.html import esc
from d2s_lab.viz.report import conversion_html
from d2s_lab.viz.saved_view import saved_html
from d2s_lab.viz.calls_view import calls_html
from d2s_lab.viz.profile_view import profile_graph, profile_html
from d2s_lab.viz.sot_view import sot_report_html
from d2s_lab.viz.source_view import layer_source_html
from d2s_lab.viz.steps_view import steps_static_html
from d2s_lab.viz.watch_view import watch_html

# Result type (the module defining it, the class's name) -> the function drawing it as an
# HTML fragment. tests/ui/test_display_dispatch.py imports each type and checks its key.
VIEWS: dict[tuple[str, str], Callable[[object], str]] = {
    ("d2s_lab.core.convert", "Conversion"): conversion_html,
    ("d2s_lab.core.check.numeric", "NumericCheck"): check_html,
    ("d2s_lab.core.diagnosis.report", "ErrorReport"): error_report_html,
    ("d2s_lab.core.sot.model", "SotReport"): sot_report_html,
    ("d2s_lab.core.saved.model", "SavedModel"): saved_html,
    ("d2s_lab.core.bench.result", "BenchResult"): bench_html,
    ("d2s_lab.core.steps", "Steps"): steps_static_html,
    ("d2s_lab.core.steps", "LayerSource"): layer_source_html,
    ("d2s_lab.core.diff", "GraphDiff"): diff_html,
    ("d2s_lab.core.calls", "Calls"): calls_html,
    ("d2s_lab.core.sot.breaks", "Breaks"): breaks_html,
    ("d2s_lab.core.profile.result", "ProfileResult"): profile_html,
    ("d2s_lab.core.watch", "WatchReport"): watch_html,
}


def view_for(obj) -> Optional[Callable[[object], str]]:
    """The view of ``obj``'s type, or of the nearest base class that has one; None when
    neither has."""
    for cls in type(obj).__mro__:
        view = VIEWS.get((cls.__module__, cls.__qualname__))
        if view is not None:
            return view
    return None


def to_html(obj) -> str:
    """``obj`` (a Conversion, NumericCheck, ErrorReport, SotReport, SavedModel,
    BenchResult, Steps, LayerSource, GraphDiff, Calls, Breaks, ProfileResult or
    WatchReport) as a self-contained HTML fragment; anything else as its escaped ``repr``."""
    view = view_for(obj)
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


__all__ = ["VIEWS", "bench_figure", "profile_graph", "diff_table", "draw_graph", "explorer", "op_table", "to_html", "view_for"]
