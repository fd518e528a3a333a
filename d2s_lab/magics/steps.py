"""``%d2s_steps``: every AST rewrite, step by step."""
from __future__ import annotations

from IPython.core.magic import Magics, line_magic, magics_class
from IPython.core.magic_arguments import argument, magic_arguments
from IPython.display import HTML, display

from d2s_lab.errors import D2SError
from d2s_lab.core.paddle_compat import require_paddle
from d2s_lab.core.steps import capture_source, capture_steps
from d2s_lab.magics.common import evaluate, options, parse_line, show_error
from d2s_lab.magics.widget_outputs import cell_run, display_steps
from d2s_lab.text import t
from d2s_lab.viz.source_view import layer_source_html


@magics_class
class StepsMagics(Magics):
    @magic_arguments()
    @argument("obj", metavar="OBJ",
              help="A function, a paddle.nn.Layer (its forward), a to_static function, or a "
                   "Conversion (e.g. _d2s), by name or expression.")
    @options("layer", "lang")
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

        ``--layer PATH`` steps through a sublayer's forward instead (its path as the graph
        names layers), an installed library's code included, marked with the library's
        name; ``--source`` shows only that forward beside its transformed code.

        Examples::

            %d2s_steps my_function
            %d2s_steps net --lang zh
            %d2s_steps _d2s --static
            %d2s_steps _d2s --layer bert.encoder.layers.0
            %d2s_steps _d2s --layer bert.encoder.layers.0 --source
        """
        args, err = parse_line(self.d2s_steps, line)
        if err:
            show_error(err, t("magics.steps_usage"))
            return None
        try:
            require_paddle()
            obj = evaluate(self.shell, args.obj, f"%d2s_steps {args.obj}", t("magics.steps_what"))
            if args.source:
                display(HTML(layer_source_html(capture_source(obj, args.layer), args.lang)))
                return None
            steps = capture_steps(obj, args.layer)
        except D2SError as exc:
            show_error(exc.message, exc.hint)
            return None
        self.shell.user_ns["_d2s_steps"] = steps
        display_steps(steps, args.lang, static=args.static, run=cell_run("%d2s_steps " + line))
        return None
