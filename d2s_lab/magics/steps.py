"""``%d2s_steps``: every AST rewrite, step by step."""
from __future__ import annotations

from typing import Dict, List, Optional, Tuple

from IPython import get_ipython
from IPython.core.magic import Magics, line_magic, magics_class
from IPython.core.magic_arguments import argument, magic_arguments
from IPython.display import HTML, display

from d2s_lab.errors import D2SError
from d2s_lab.core.paddle_compat import require_paddle
from d2s_lab.core.steps import capture_steps
from d2s_lab.viz.html import message_box
from d2s_lab.viz.steps_view import close_widget, live_note, steps_static_html, steps_widget
from d2s_lab.magics.common import evaluate, options, parse_line, show_error

WIDGET_MIME = "application/vnd.jupyter.widget-view+json"


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
        bundle = widget._repr_mimebundle_()
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        outputs.append(({WIDGET_MIME: data[WIDGET_MIME], "text/plain": live_note(lang)}, True))
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


@magics_class
class StepsMagics(Magics):
    @magic_arguments()
    @argument("obj", metavar="OBJ",
              help="A function, a paddle.nn.Layer (its forward), a to_static function, or a "
                   "Conversion (e.g. _d2s), by name or expression.")
    @options("lang")
    @argument("--static", action="store_true",
              help="Only the static HTML view (one collapsible section per step), no widget.")
    @line_magic
    def d2s_steps(self, line):
        """Step through every AST transformer paddle.jit.to_static applies to OBJ.

        Shows the code after each transformer (TypeHint, ..., IfElse, Loop, ..., in the
        order the installed Paddle applies them) beside the code before it, with a
        plain-language explanation in English or Chinese. In JupyterLab: Prev/Next, a
        slider, and a switch that skips transformers that changed nothing. Exported to
        HTML (nbconvert, nbviewer) the same steps show as collapsible sections.
        The steps are kept in ``_d2s_steps`` (see ``d2s_lab.steps``).

        Examples::

            %d2s_steps my_function
            %d2s_steps net --lang zh
            %d2s_steps _d2s --static
        """
        args, err = parse_line(self.d2s_steps, line)
        if err:
            show_error(err, "Usage: %d2s_steps OBJ [--lang en|zh] [--static]")
            return None
        try:
            require_paddle()
            obj = evaluate(self.shell, args.obj, f"%d2s_steps {args.obj}",
                           "Give a function, paddle.nn.Layer, to_static function or Conversion "
                           "defined in the notebook, e.g. %d2s_steps net.")
            steps = capture_steps(obj)
        except D2SError as exc:
            show_error(exc.message, exc.hint)
            return None
        self.shell.user_ns["_d2s_steps"] = steps
        display_steps(steps, args.lang, static=args.static, run=cell_run("%d2s_steps " + line))
        return None


def conversion_steps(conv, lang=None, run=(None, None)):
    """The Steps part of the ``%%to_static`` report, built but not shown yet
    (:func:`show_outputs` shows it): ``(steps, outputs)``; steps is None, and the
    outputs a short note, when this Paddle cannot provide them."""
    try:
        steps = capture_steps(conv)
    except D2SError as exc:
        return None, [(HTML(message_box("note", exc.message, exc.hint)), False)]
    return steps, steps_outputs(steps, lang, run=run)[1]
