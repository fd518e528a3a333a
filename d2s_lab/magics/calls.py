"""``%d2s_calls``: every later call of a converted function, and why a call translated again."""
from __future__ import annotations

from IPython.core.magic import Magics, line_magic, magics_class
from IPython.core.magic_arguments import argument, magic_arguments
from IPython.display import HTML, display

from d2s_lab.errors import D2SError
from d2s_lab.magics.common import evaluate, options, parse_line, show_error
from d2s_lab.text import t
from d2s_lab.text.lang import using_lang
from d2s_lab.viz.sot_frames_view import calls_html


@magics_class
class CallsMagics(Magics):
    @magic_arguments()
    @argument("name", metavar="NAME", nargs="?", default="_d2s",
              help="A Conversion (from %%%%to_static or d2s_lab.convert), by name; default _d2s.")
    @options("lang")
    @line_magic
    def d2s_calls(self, line):
        """Show every call of a converted function since its conversion, as a table.

        A call either reuses what Paddle built (a cache hit) or builds again: on the SOT
        path, a new cache entry, with the guard that failed and the value that broke it
        ("`n == 2` failed: now 3", "`x.shape[0] == 4` failed: now 7, so x.shape[0] is
        dynamic in the new entry"), the cache's size against MAX_CACHE_SIZE and the time
        spent translating; in AST mode, a new Program and the input that changed. Runs
        of cache hits are folded into one row. Same as ``conv.calls()``.

        Examples::

            %%to_static --as net_s
            net = Net()

            net_s(x); net_s(x2)
            %d2s_calls net_s
        """
        args, err = parse_line(self.d2s_calls, line)
        if err:
            show_error(err, t("calls.usage"))
            return None
        try:
            conv = evaluate(self.shell, args.name, f"%d2s_calls {args.name}", t("calls.what"))
            if not callable(getattr(conv, "calls", None)) or not hasattr(conv, "call_log"):
                raise D2SError(t("calls.not_conversion", name=args.name, type=type(conv).__name__),
                               t("calls.usage"))
        except D2SError as exc:
            show_error(exc.message, exc.hint)
            return None
        with using_lang(args.lang):
            display(HTML(calls_html(conv.calls(), args.name)))
        return None
