"""``%d2s_steps``: every AST rewrite, step by step; for a default-path (SOT) conversion,
the code SOT runs instead of each frame."""
from __future__ import annotations

from IPython.core.magic import Magics, line_magic, magics_class
from IPython.core.magic_arguments import argument, magic_arguments
from IPython.display import HTML, display

from d2s_lab.errors import D2SError
from d2s_lab.core.paddle_compat import require_paddle
from d2s_lab.core.steps import capture_source, capture_steps
from d2s_lab.magics.common import interruptible, evaluate, options, parsed_args, show_error
from d2s_lab.magics.widget_outputs import cell_run, display_steps
from d2s_lab.text import t
from d2s_lab.text.lang import using_lang
from d2s_lab.viz.source_view import layer_source_html


@magics_class
class StepsMagics(Magics):
    @magic_arguments()
    @argument("obj", metavar="OBJ",
              help="help.d2s_steps.obj")
    @options("layer", "lang")
    @argument("--static", action="store_true",
              help="help.d2s_steps.static")
    @line_magic
    @interruptible("%d2s_steps")
    def d2s_steps(self, line):
        """Help: the catalogue's ``help.d2s_steps.doc`` (see :mod:`d2s_lab.magics.help`)."""
        args = parsed_args(self.d2s_steps, line, t("magics.steps_usage"))
        if args is None:  # the help or a usage error was shown
            return None
        with using_lang(args.lang):  # the error boxes too
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
