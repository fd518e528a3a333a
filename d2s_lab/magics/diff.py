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
from d2s_lab.core.saved.model import PROGRAM_SUFFIXES
from d2s_lab.viz.diff_view import diff_html
from d2s_lab.magics.common import check_target_name, lookup, options, parse_line, show_error, store
from d2s_lab.text import t

def _on_disk(text: str) -> bool:
    """``text`` names a saved model: a file, or a prefix with a program file beside it."""
    return os.path.isfile(text) or any(os.path.isfile(text + s) for s in PROGRAM_SUFFIXES)


@magics_class
class DiffMagics(Magics):
    @magic_arguments()
    @argument("a", nargs="?", default=None, metavar="A",
              help="The first program: a Conversion, a saved model path, a SavedModel or a Graph.")
    @argument("b", nargs="?", default=None, metavar="B",
              help="The second program, compared with A (added = only in B).")
    @options("graph", "program", "budget")
    @argument("--as", dest="as_", default="_d2s_diff", metavar="NAME",
              help="Variable that receives the GraphDiff (default: _d2s_diff).")
    @line_magic
    def d2s_diff(self, line):
        """Compare two programs op by op and show what differs.

        A and B are notebook names (Conversions from %%to_static --as NAME or
        d2s_lab.convert, SavedModels, Graphs) or paths of saved models (read without
        Paddle). Ops are paired by layer path, kind and position; the view lists the
        ops added (only in B), removed (only in A) and changed (attributes, output
        shapes, dtypes), draws both graphs with them coloured (added green, removed
        red, changed amber), and puts the two sources side by side when both are known.

        Examples::

            %%to_static --input "x: [None,8] float32" --as before
            ...
            %%to_static --input "x: [None,8] float32" --as after
            ...
            %d2s_diff before after
            %d2s_diff build/a.json build/b.json --depth all
            %d2s_diff _d2s --program inference   # saved program vs what the predictor runs
            %d2s_diff _d2s --program amp         # forward vs AMP: the casts
            %d2s_diff _d2s --program train       # forward vs training: the backward ops

        With one Conversion and --program, that program is compared with the one it was
        made from; with two and --program, that program of each.

        In Python: ``d = d2s_lab.diff(before, after)``; ``d.added``, ``d.removed``,
        ``d.changed``, ``print(d.summary())``.
        """
        args, err = parse_line(self.d2s_diff, line)
        if err:
            show_error(err, t("magics.see_options", magic="%d2s_diff"))
            return None
        try:  # drawing included: every failure is one message, never a traceback
            result = self._diff(args)
            page = diff_html(result)
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


def _conversion(obj, name: str, program: str) -> Conversion:
    if not isinstance(obj, Conversion):
        raise D2SError(t("magics.needs_conversion", program=program, name=name, type=type(obj).__name__),
                       t("magics.needs_conversion_hint"))
    return obj
