"""The one bridge from core's results to viz's drawings.

Core objects display themselves in a notebook (``_repr_html_``) and draw graphs
and charts on request; they do so through these functions, which import
:mod:`d2s_lab.viz.display` only when called.  That keeps core importable and
usable without viz's dependencies, and keeps viz the only layer that draws.
"""
from __future__ import annotations


def html(obj) -> str:
    """``obj`` (a Conversion, NumericCheck, ErrorReport, ...) as an HTML fragment."""
    from d2s_lab.viz.display import to_html

    return to_html(obj)


def draw_graph(graph, **options):
    """A GraphView of ``graph`` (see :func:`d2s_lab.viz.graph_view.draw_graph`)."""
    from d2s_lab.viz.display import draw_graph as draw

    return draw(graph, **options)


def op_table(graph, name=""):
    """Every op of ``graph`` as a table that displays in a notebook."""
    from d2s_lab.viz.display import op_table as make

    return make(graph, name)


def diff_table(diff):
    """Every op that differs in a GraphDiff, as a table that displays in a notebook."""
    from d2s_lab.viz.display import diff_table as make

    return make(diff)


def explorer(graph, view=None):
    """The explorer widget of ``graph`` (see :func:`d2s_lab.viz.explorer.graph_explorer`)."""
    from d2s_lab.viz.display import explorer as make

    return make(graph, view)


def bench_figure(result):
    """A matplotlib Figure of a BenchResult."""
    from d2s_lab.viz.display import bench_figure as figure

    return figure(result)


def profile_graph(result, **options):
    """A ProfileResult's Program drawn with its ops filled by their share of a call."""
    from d2s_lab.viz.display import profile_graph as draw

    return draw(result, **options)
