"""``%%to_static``: run a cell, convert its model, show the report."""
from __future__ import annotations

from IPython.core.magic import Magics, cell_magic, magics_class
from IPython.core.magic_arguments import argument, magic_arguments
from IPython.display import HTML, display

from d2s_lab.core.check import attach_check
from d2s_lab.core.graph.ops import OUTPUT_OPS
from d2s_lab.core.convert import convert
from d2s_lab.errors import ConversionError, D2SError
from d2s_lab.text.lang import using_lang
from d2s_lab.core.dims import Dims
from d2s_lab.core.options import ViewOptions
from d2s_lab.core.paddle_compat import INSTALL_HINT, require_paddle
from d2s_lab.core.specs import one_description
from d2s_lab.viz.error_view import error_report_html
from d2s_lab.viz.graph_view import cell_drawing, report_graph
from d2s_lab.viz.report import conversion_html
from d2s_lab.magics.cellrun import CellFailed, find_model, run_body
from d2s_lab.magics.common import (check_target_name, evaluate, interruptible, options, parse_line, show_error,
                                   show_png_twin, stage, start_drawing)
from d2s_lab.magics.widget_outputs import cell_run, conversion_steps, show_outputs
from d2s_lab.text import t


@magics_class
class D2SMagics(Magics):
    @magic_arguments()
    @argument("--model", "-m", default=None,
              help="help.to_static.model")
    @options("input", "spec")
    @argument("--example", "-e", default=None, metavar="EXPR",
              help="help.to_static.example")
    @options("mode")
    @argument("--as", dest="as_", default="_d2s", metavar="NAME",
              help="help.to_static.as_")
    @argument("--no-run", action="store_true",
              help="help.to_static.no_run")
    @options("dim")
    @argument("--run-timeout", type=float, default=None, metavar="SECONDS",
              help="help.to_static.run_timeout")
    @argument("--check", action="store_true",
              help="help.to_static.check")
    @options("lang")
    @argument("--save", default=None, metavar="PATH",
              help="help.to_static.save")
    @options("graph", "wrap")
    @cell_magic
    @interruptible("%%to_static")
    def to_static(self, line, cell):
        """Help: the catalogue's ``help.to_static.doc`` (see :mod:`d2s_lab.magics.help`)."""
        args, arg_error = parse_line(self.to_static, line)
        if args is None and arg_error is None:  # --help was shown; the cell is not run
            return None
        # --lang covers everything the cell shows: error boxes as well as the report
        with using_lang(getattr(args, "lang", None)):
            self._run_cell(line, cell, args, arg_error)
        return None

    def _run_cell(self, line, cell, args, arg_error):
        try:
            source, _ = run_body(self.shell, cell)
        except CellFailed as exc:
            if arg_error:
                show_error(arg_error, t("magics.see_options", magic="%%to_static"))
            hint = exc.hint
            if "No module named 'paddle'" in exc.message:
                hint = INSTALL_HINT
            show_error(exc.message, hint)
            return None
        if arg_error:
            show_error(arg_error, t("magics.cell_ran_fix"))
            return None
        try:
            self._convert_and_show(source, args, run=cell_run(f"%%to_static {line}\n{cell}"))
        except Exception as exc:  # a bug of ours must not bury the user's cell
            show_error(t("magics.unexpected", error=f"{type(exc).__name__}: {exc}"), t("magics.vars_kept_report"))

    def _spec(self, expr: str):
        """Evaluate ``--spec EXPR`` in the notebook, with ``InputSpec`` and ``paddle`` at hand."""
        paddle = require_paddle()
        ns = {"paddle": paddle, "InputSpec": paddle.static.InputSpec, **self.shell.user_ns}
        try:
            return eval(expr, ns)  # the user's own notebook expression
        except Exception as exc:
            raise D2SError(t("magics.eval_raised", label=f"--spec {expr}", error=f"{type(exc).__name__}: {exc}"),
                           t("magics.spec_hint")) from None

    def _convert_and_show(self, source, args, run=(None, None)):
        stage("magics.stage.convert")
        try:
            check_target_name(args.as_)
            require_paddle()
            obj, name = find_model(self.shell, source, args.model)
            example = None
            if args.example:
                example = evaluate(
                    self.shell, args.example, f"--example {args.example}", t("magics.example_hint"))
            spec = self._spec(args.spec) if args.spec else None
            view = ViewOptions.from_args(args)
            early = []

            def draw_early(graph):  # Graphviz draws the traced Program while the first run goes
                with using_lang(args.lang):
                    early.append((cell_drawing(graph, view), graph, len(graph.global_block.ops)))
                    start_drawing(early[0][0])

            conv = convert(obj, input_spec=one_description(args.input, spec), example_inputs=example,
                           mode=args.mode, run=not args.no_run, name=name,
                           run_budget_s=args.run_timeout, before_run=draw_early,
                           dims=Dims.parse(args.dim))
        except ConversionError as exc:
            if exc.conversion is not None:
                exc.conversion.var_name = args.as_
                self.shell.user_ns[args.as_] = exc.conversion
            kept = t("magics.partial_in", name=args.as_) if exc.conversion is not None else ""
            display(HTML(error_report_html(exc.report, note=t("magics.vars_kept", kept=kept))))
            return
        except D2SError as exc:
            show_error(exc.message, exc.hint)
            return
        self.shell.user_ns[args.as_] = conv
        conv.var_name = args.as_
        conv.view = view
        stage("magics.stage.draw")
        if args.check:
            attach_check(conv)
        if args.save:
            try:
                conv.save(args.save)
            except D2SError as exc:
                show_error(exc.message, exc.hint)
        with using_lang(args.lang):
            drawn = _drawn_before(conv, early)
            if drawn is None:
                drawn = report_graph(conv)
                if drawn is None or not (early and drawn.take_drawing(early[0][0])):
                    start_drawing(drawn)  # Graphviz lays it out while the steps are prepared
            steps = []
            if conv.mode == "ast" and not conv.library_forward:
                found, shown = conversion_steps(conv, args.lang, run)
                self.shell.user_ns["_d2s_steps"] = found
                steps += shown
                for method in conv.methods.values():  # each converted method's own steps
                    if method.error is None:
                        steps += conversion_steps(method, args.lang, run)[1]
            show_png_twin(drawn)
            display(HTML(conversion_html(conv, drawn)))
            show_outputs(steps)


def _drawn_before(conv, early):
    """The drawing started while the first run went (``early``: it, its graph and that
    graph's op count then), where the report's is the same one: the conversion kept that
    graph, and the run only added output ops to it, which a drawing shows as the outputs
    they hand out. Then the report neither plans nor writes the drawing again. None
    otherwise (the report draws it and takes the early drawing where the DOT is the same)."""
    if not early:
        return None
    view, graph, ops_then = early[0]
    if conv.drawn_graph is not graph:
        return None
    added = graph.global_block.ops[ops_then:]
    return view if all(op.name in OUTPUT_OPS for op in added) else None


# magic_arguments writes "%to_static" in the usage line; this is a cell magic.
D2SMagics.to_static.__doc__ = D2SMagics.to_static.__doc__.replace("%to_static [", "%%to_static [", 1)
D2SMagics.to_static.parser.prog = "%%to_static"
