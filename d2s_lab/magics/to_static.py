"""The ``%%to_static`` cell magic (and the line magics later issues add)."""
from __future__ import annotations

import shlex

from IPython.core.error import UsageError
from IPython.core.magic import Magics, cell_magic, magics_class
from IPython.core.magic_arguments import argument, magic_arguments
from IPython.display import HTML, display

from ..core.errors import ConversionError, D2SError, PaddleMissing
from .cellrun import CellFailed, evaluate, find_model, graph_arguments, run_body


def show_error(message: str, hint: str = "") -> None:
    """One short message box; never a d2s_lab traceback."""
    from ..viz.report import error_html

    display(HTML(error_html(message, hint)))


def parse_line(magic_func, line: str):
    """Parse the magic line with shell quoting (quotes are removed, as in a shell);
    errors come back as a short message instead of an exception."""
    try:
        return magic_func.parser.parse_args(shlex.split(line)), None
    except UsageError as exc:
        return None, str(exc)
    except SystemExit:
        return None, f"Could not read the options: {line}"
    except ValueError as exc:  # shlex: unbalanced quotes
        return None, f"Could not read the options ({exc}): {line}"


@magics_class
class D2SMagics(Magics):
    @magic_arguments()
    @argument("--model", "-m", default=None,
              help="Name (or expression) of the Layer or function to convert. "
                   "Default: the last Layer instance or function the cell defines.")
    @argument("--input", "-i", action="append", default=None, metavar="SPEC",
              help='Input description, repeatable, e.g. --input "x: [None,3,32,32] float32" '
                   "(name and dtype optional; None marks a dynamic dim).")
    @argument("--example", "-e", default=None, metavar="EXPR",
              help="Python expression (evaluated in the notebook) giving example input "
                   "tensor(s)/arrays; shapes and dtypes are taken from them.")
    @argument("--mode", choices=["ast", "sot"], default="ast",
              help="ast: to_static(full_graph=True), AST transformers and a full Program "
                   "(default). sot: Paddle's bytecode translation (no Program view; a report "
                   "of its graph breaks and fallbacks instead).")
    @argument("--as", dest="as_", default="_d2s", metavar="NAME",
              help="Variable that receives the Conversion (default: _d2s).")
    @argument("--no-run", action="store_true",
              help="Convert only; skip the first static run.")
    @argument("--check", action="store_true",
              help="Compare dygraph and static outputs on the same inputs (eval mode, same "
                   "seed); when they differ, name the first sublayer whose outputs differ.")
    @argument("--lang", "-l", default=None, choices=["en", "zh"],
              help="Language of the step-by-step explanations (ast mode shows every AST "
                   "transformer's rewrite after the report); default: %%d2s_lang or $D2S_LANG.")
    @argument("--save", default=None, metavar="PATH",
              help="Also save the converted model with paddle.jit.save to this prefix "
                   "(PATH.json + PATH.pdiparams) and list the files; view with %%d2s_show PATH.")
    @graph_arguments
    @cell_magic
    def to_static(self, line, cell):
        """Run the cell, convert its model with paddle.jit.to_static, and show what Paddle built.

        The cell runs in the notebook's namespace first, so everything it defines stays
        defined even when the conversion fails. Then the model is found (--model, or the
        last paddle.nn.Layer instance or function the cell defines), converted, and a
        report is shown: a summary (ops, parameters, input/output specs, timings), the
        Program graph (see --depth), the original beside the transformed source, the op
        table (op, input and output shapes, layer, source line) and a step-through of
        every AST transformer (see --lang). The Conversion is stored in ``_d2s`` (see --as).

        When the conversion fails, the report points at the failing line of the cell
        (numbered as the notebook shows it) with a hint for known causes and Paddle's full
        text behind a toggle. With --mode sot it lists SOT's graph breaks and fallbacks
        with their reasons and lines, and what AST mode gives. --check compares dygraph
        and static outputs and names the first sublayer whose outputs differ.

        Examples::

            %%to_static --input "x: [None,3,32,32] float32"
            class Net(paddle.nn.Layer):
                def __init__(self):
                    super().__init__()
                    self.conv = paddle.nn.Conv2D(3, 32, 3, stride=2)
                def forward(self, x):
                    return paddle.nn.functional.relu(self.conv(x))
            net = Net()

            %%to_static --example "paddle.randn([4, 8])" --mode sot
            def f(x):
                return x * 2 if x.mean() > 0 else x - 1

            %%to_static --model net --input "[None, 16]" --as conv
            net = paddle.nn.Linear(16, 4)

            %%to_static --check --input "[None, 16]"
            net = paddle.nn.Sequential(paddle.nn.Linear(16, 8), paddle.nn.ReLU())
        """
        args, arg_error = parse_line(self.to_static, line)
        try:
            source, _ = run_body(self.shell, cell)
        except CellFailed as exc:
            if arg_error:
                show_error(arg_error, "See %%to_static? for the options.")
            hint = exc.hint
            if "No module named 'paddle'" in exc.message:
                from ..core._paddle import INSTALL_HINT
                hint = INSTALL_HINT
            show_error(exc.message, hint)
            return None
        if arg_error:
            show_error(arg_error, "The cell ran; fix the options (see %%to_static?) and run it again.")
            return None
        try:
            self._convert_and_show(source, args)
        except Exception as exc:  # a bug of ours must not bury the user's cell
            show_error(f"d2s_lab failed unexpectedly: {type(exc).__name__}: {exc}",
                       "The cell's variables are kept. Please report this with the cell.")
        return None

    def _convert_and_show(self, source, args):
        from ..core._paddle import require_paddle

        try:
            require_paddle()
            obj, name = find_model(self.shell, source, args.model)
            example = None
            if args.example:
                example = evaluate(
                    self.shell, args.example, f"--example {args.example}",
                    "Give an expression that builds the example tensor(s), e.g. "
                    "--example \"paddle.randn([2, 3, 32, 32])\".")
            from ..core.convert import convert

            conv = convert(obj, input_spec=args.input, example_inputs=example,
                           mode=args.mode, run=not args.no_run, name=name)
        except ConversionError as exc:
            if exc.conversion is not None:
                exc.conversion.error = exc
                self.shell.user_ns[args.as_] = exc.conversion
            from ..viz.error_view import error_report_html

            kept = f"; the partial result is in {args.as_}" if exc.conversion is not None else ""
            display(HTML(error_report_html(exc.report, note=f"The cell's variables are kept{kept}.")))
            return
        except PaddleMissing as exc:
            show_error(exc.message, exc.hint)
            return
        except D2SError as exc:
            show_error(exc.message, exc.hint)
            return
        self.shell.user_ns[args.as_] = conv
        if args.mode == "sot":
            from ..core.sot_info import attach_sot_report

            attach_sot_report(conv)
        if args.check:
            from ..core.check import attach_check

            attach_check(conv)
        conv.view_options = {"depth": args.depth, "params": args.params,
                             "constants": args.constants, "rankdir": args.rankdir}
        if getattr(args, "save", None):
            try:
                conv.save(args.save)
            except D2SError as exc:
                show_error(exc.message, exc.hint)
        from ..core.lang import using_lang
        from ..viz.report import conversion_html
        from .steps import show_conversion_steps

        with using_lang(args.lang):
            display(HTML(conversion_html(conv)))
            if conv.mode == "ast":
                self.shell.user_ns["_d2s_steps"] = show_conversion_steps(conv, args.lang)


# magic_arguments writes "%to_static" in the usage line; this is a cell magic.
D2SMagics.to_static.__doc__ = D2SMagics.to_static.__doc__.replace("%to_static [", "%%to_static [", 1)
D2SMagics.to_static.parser.prog = "%%to_static"
