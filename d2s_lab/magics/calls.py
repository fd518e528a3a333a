"""``%d2s_calls``: every later call of a converted function, and why a call translated again."""
from __future__ import annotations

from IPython.core.magic import Magics, line_magic, magics_class
from IPython.core.magic_arguments import argument, magic_arguments
from IPython.display import HTML, display

from d2s_lab.errors import D2SError
from d2s_lab.magics.common import interruptible, evaluate, options, parsed_args, show_error
from d2s_lab.text import t
from d2s_lab.text.lang import using_lang
from d2s_lab.viz.calls_view import calls_html


@magics_class
class CallsMagics(Magics):
    @magic_arguments()
    @argument("name", metavar="NAME", nargs="?", default="_d2s",
              help="help.d2s_calls.name")
    @options("lang")
    @line_magic
    @interruptible("%d2s_calls")
    def d2s_calls(self, line):
        """Help: the catalogue's ``help.d2s_calls.doc`` (see :mod:`d2s_lab.magics.help`)."""
        args = parsed_args(self.d2s_calls, line, t("calls.usage"))
        if args is None:  # the help or a usage error was shown
            return None
        with using_lang(args.lang):  # the error boxes too
            try:
                conv = evaluate(self.shell, args.name, f"%d2s_calls {args.name}", t("calls.what"))
                if not callable(getattr(conv, "calls", None)) or not hasattr(conv, "call_log"):
                    raise D2SError(t("calls.not_conversion", name=args.name, type=type(conv).__name__),
                                   t("calls.usage"))
            except D2SError as exc:
                show_error(exc.message, exc.hint)
                return None
            display(HTML(calls_html(conv.calls(), args.name)))
        return None
