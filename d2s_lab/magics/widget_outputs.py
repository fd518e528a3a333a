"""The steps widget of a notebook cell: its outputs built, shown, and the widgets of the
cell's earlier runs closed (each stepper holds about 70 widget models).

Used by ``%d2s_steps`` and by the ``%%to_static`` report.
"""
from __future__ import annotations

from typing import Dict, List, Optional, Tuple

from IPython import get_ipython
from IPython.display import HTML, display

from d2s_lab.errors import D2SError
from d2s_lab.core.steps import capture_steps
from d2s_lab.viz.html import message_box
from d2s_lab.viz.steps_view import close_widget, live_note, steps_static_html, steps_widget

WIDGET_MIME = "application/vnd.jupyter.widget-view+json"


def widget_view(widget) -> dict:
    """The widget-view data of ``widget``'s output, as ipywidgets 7 and 8 both write it (7
    has no ``_repr_mimebundle_``; both keep ``model_id`` and view protocol 2.0)."""
    return {"version_major": 2, "version_minor": 0, "model_id": widget.model_id}


def display_steps(steps, lang=None, static=False, run=(None, None)) -> None:
    """Show the ipywidgets stepper and, for front ends without widgets (nbconvert
    HTML, nbviewer), the static view of every step; ``static`` shows only the latter.

    They are two outputs: exports pick the widget view over ``text/html`` within
    one output whenever widget state was saved, and offline it cannot render.

    ``run`` (from :func:`cell_run`) says which cell and run this is: re-running a cell
    closes the widgets of its earlier runs."""
    widget, outputs = steps_outputs(steps, lang, static, run)
    show_outputs(outputs)
    return widget


def steps_outputs(steps, lang=None, static=False, run=(None, None)):
    """``(widget, outputs)``: what :func:`display_steps` shows, built but not shown yet
    (:func:`show_outputs` shows it)."""
    widget = None
    if not static:
        try:
            widget = steps_widget(steps, lang)
        except ImportError:
            widget = None
    outputs = []
    if widget is not None:
        _replace_cell_widgets(widget, run)
        outputs.append(({WIDGET_MIME: widget_view(widget), "text/plain": live_note(lang)}, True))
    outputs.append((HTML(steps_static_html(steps, lang, fallback=widget is not None)), False))
    return widget, outputs


def show_outputs(outputs) -> None:
    """Display what :func:`steps_outputs` built, in order."""
    for obj, raw in outputs:
        display(obj, raw=raw)


# Live steppers by notebook cell: re-running a cell replaces its output, so the widgets
# the old output showed are closed (each stepper holds about 70 widget models).
_LIVE: Dict[str, Tuple[object, List]] = {}  # cell -> (the run that showed them, widgets)


def cell_run(key: Optional[str] = None) -> Tuple[Optional[str], object]:
    """Which cell is running, and which run of it: the cell id JupyterLab and Notebook 7
    send with the kernel's execution count; else ``key`` (the cell's text, where no id
    is sent: a terminal, nbclient) with a fresh token per call."""
    ip = get_ipython()
    try:
        cell = (ip.kernel.get_parent().get("metadata") or {}).get("cellId")
    except Exception:  # a terminal, or a kernel that sends no cell ids
        cell = None
    if cell:
        return cell, ip.execution_count
    return key, object()


def _replace_cell_widgets(widget, run: Tuple[Optional[str], object]) -> None:
    """Keep ``widget`` for this cell's run; close the widgets of the cell's earlier runs."""
    key, token = run
    if key is None:
        return
    shown_by, widgets = _LIVE.get(key, (token, []))
    if shown_by != token:
        for old in widgets:
            close_widget(old)
        widgets = []
    _LIVE[key] = (token, widgets + [widget])


def conversion_steps(conv, lang=None, run=(None, None)):
    """The Steps part of the ``%%to_static`` report, built but not shown yet
    (:func:`show_outputs` shows it): ``(steps, outputs)``; steps is None, and the
    outputs a short note, when this Paddle cannot provide them."""
    try:
        steps = capture_steps(conv)
    except D2SError as exc:
        return None, [(HTML(message_box("note", exc.message, exc.hint)), False)]
    return steps, steps_outputs(steps, lang, run=run)[1]
