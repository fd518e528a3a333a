"""``%%d2s_watch``: run the cell as written and watch every converted function it calls."""
from __future__ import annotations

from IPython.core.magic import Magics, cell_magic, magics_class
from IPython.core.magic_arguments import argument, magic_arguments
from IPython.display import HTML, display

from d2s_lab.core.watch import watch
from d2s_lab.errors import D2SError
from d2s_lab.magics.common import check_target_name, interruptible, options, parse_line, show_error, store
from d2s_lab.text import t
from d2s_lab.text.lang import using_lang
from d2s_lab.viz.watch_view import watch_html


@magics_class
class WatchMagics(Magics):
    @magic_arguments()
    @options("lang")
    @argument("--as", dest="as_", default="_d2s_watch", metavar="NAME",
              help="help.d2s_watch.as_")
    @cell_magic
    @interruptible("%%d2s_watch")
    def d2s_watch(self, line, cell):
        """Help: the catalogue's ``help.d2s_watch.doc`` (see :mod:`d2s_lab.magics.help`)."""
        args, err = parse_line(self.d2s_watch, line)
        if args is None and err is None:  # --help was shown
            return None
        if err:
            show_error(err, t("watch.usage"))
            return None
        with using_lang(args.lang):
            try:
                check_target_name(args.as_)
            except D2SError as exc:
                show_error(exc.message, exc.hint)
                return None
            # the cell as IPython runs any cell (its output, its own error shown as usual)
            with watch(t("watch.cell_title")) as w:
                self.shell.run_cell(cell, store_history=False)
            report = w.report()
            store(self.shell, args.as_, report)
            display(HTML(watch_html(report, var=args.as_)))
        return None


# magic_arguments writes "%d2s_watch" in the usage line; this is a cell magic.
WatchMagics.d2s_watch.__doc__ = WatchMagics.d2s_watch.__doc__.replace("%d2s_watch [", "%%d2s_watch [", 1)
WatchMagics.d2s_watch.parser.prog = "%%d2s_watch"
