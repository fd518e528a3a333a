"""``%d2s_diff A B``: compare two programs (Conversions, saved files, Graphs) op by op."""
from __future__ import annotations

import os

from IPython.core.magic import Magics, line_magic, magics_class
from IPython.core.magic_arguments import argument, magic_arguments
from IPython.display import HTML, display

from d2s_lab.core.convert import Conversion
from d2s_lab.core.diff import diff
from d2s_lab.errors import D2SError
from d2s_lab.core.options import ViewOptions, program_options
from d2s_lab.core.other_programs import PROGRAMS
from d2s_lab.core.saved.model import PROGRAM_SUFFIXES
from d2s_lab.viz.diff_view import diff_html
from d2s_lab.magics.common import check_target_name, lookup, options, parsed_args, show_error, store
from d2s_lab.text import t

def _on_disk(text: str) -> bool:
    """``text`` names a saved model: a file, or a prefix with a program file beside it."""
    return os.path.isfile(text) or any(os.path.isfile(text + s) for s in PROGRAM_SUFFIXES)


@magics_class
class DiffMagics(Magics):
    @magic_arguments()
    @argument("a", nargs="?", default=None, metavar="A",
              help="help.d2s_diff.a")
    @argument("b", nargs="?", default=None, metavar="B",
              help="help.d2s_diff.b")
    @options("graph", "program", "budget")
    @argument("--programs", default=None, metavar="P1,P2",
              help="help.d2s_diff.programs")
    @argument("--as", dest="as_", default="_d2s_diff", metavar="NAME",
              help="help.d2s_diff.as_")
    @line_magic
    def d2s_diff(self, line):
        """Help: the catalogue's ``help.d2s_diff.doc`` (see :mod:`d2s_lab.magics.help`)."""
        args = parsed_args(self.d2s_diff, line, t("magics.see_options", magic="%d2s_diff"))
        if args is None:  # the help or a usage error was shown
            return None
        try:  # drawing included: every failure is one message, never a traceback
            result = self._diff(args)
            page = diff_html(result, args.as_)
        except D2SError as exc:
            show_error(exc.message, exc.hint)
            return None
        except KeyboardInterrupt:
            show_error(t("magics.diff_interrupted"), "")
            return None
        except Exception as exc:  # a bug of ours must not end in a traceback
            show_error(t("magics.unexpected", error=f"{type(exc).__name__}: {exc}"), t("magics.report_hint"))
            return None
        store(self.shell, args.as_, result)
        display(HTML(page))
        return None

    def _resolve(self, text: str):
        if text in self.shell.user_ns or not _on_disk(text):
            return lookup(self.shell, text, t("magics.diff_not_found", what=t("magics.diff_what")))
        return text

    def _diff(self, args):
        if args.programs:
            return self._two_programs(args)
        if not args.a or (not args.b and args.program == "forward"):
            raise D2SError(t("magics.diff_give_two"), t("magics.diff_what"))
        check_target_name(args.as_)
        view = ViewOptions.from_args(args).as_dict()
        view.pop("wrap")  # a diff draws its two programs as strips side by side
        view.pop("max_nodes")
        a = self._resolve(args.a)
        if args.program == "forward":
            return diff(a, self._resolve(args.b), names=(args.a, args.b), **view)
        extra = program_options(args)
        if not args.b:
            return _conversion(a, args.a, args.program).program_diff(args.program, **extra, **view)
        b = self._resolve(args.b)
        graphs = [_conversion(x, n, args.program).program_graph(args.program, **extra)
                  for x, n in ((a, args.a), (b, args.b))]
        return diff(*graphs, names=(f"{args.a} ({args.program})", f"{args.b} ({args.program})"), **view)


    def _two_programs(self, args):
        """``%d2s_diff A --programs train,inference``: two programs of one conversion."""
        pair = [p.strip().lower() for p in args.programs.split(",") if p.strip()]
        if not args.a or args.b or len(pair) != 2 or not set(pair) <= set(PROGRAMS):
            raise D2SError(t("magics.diff_programs_bad", given=args.programs), t("magics.diff_programs_hint",
                                                                                  programs=", ".join(PROGRAMS)))
        check_target_name(args.as_)
        view = ViewOptions.from_args(args).as_dict()
        view.pop("wrap")
        view.pop("max_nodes")
        conv = _conversion(self._resolve(args.a), args.a, pair[1])
        return conv.programs_diff(pair[0], pair[1], **program_options(args), **view)


def _conversion(obj, name: str, program: str) -> Conversion:
    if not isinstance(obj, Conversion):
        raise D2SError(t("magics.needs_conversion", program=program, name=name, type=type(obj).__name__),
                       t("magics.needs_conversion_hint"))
    return obj
