"""``%d2s_show``: view a saved model without running anything from its files."""
from __future__ import annotations

from IPython.core.magic import Magics, line_magic, magics_class
from IPython.core.magic_arguments import argument, magic_arguments
from IPython.display import HTML, display

from d2s_lab.errors import D2SError
from d2s_lab.core.options import parse_depth
from d2s_lab.core.saved.model import read_saved
from d2s_lab.viz.graph_view import draw_or_reason
from d2s_lab.viz.saved_view import saved_html
from d2s_lab.magics.common import interruptible, check_target_name, parsed_args, show_error, show_png_twin, store
from d2s_lab.text import t


@magics_class
class ShowMagics(Magics):
    @magic_arguments()
    @argument("path", nargs="?", default=None,
              help="help.d2s_show.path")
    @argument("--depth", "-d", default="1", metavar="N|all",
              help="help.d2s_show.depth")
    @argument("--as", dest="as_", default="_d2s_saved", metavar="NAME",
              help="help.d2s_show.as_")
    @line_magic
    @interruptible("%d2s_show")
    def d2s_show(self, line):
        """Help: the catalogue's ``help.d2s_show.doc`` (see :mod:`d2s_lab.magics.help`)."""
        args = parsed_args(self.d2s_show, line, t("magics.see_options", magic="%d2s_show"))
        if args is None:  # the help or a usage error was shown
            return None
        if not args.path:
            show_error(t("magics.show_path"), t("magics.show_path_hint"))
            return None
        try:
            check_target_name(args.as_)
            depth = parse_depth(args.depth)
            sm = read_saved(args.path)
        except D2SError as exc:
            show_error(exc.message, exc.hint)
            return None
        store(self.shell, args.as_, sm)
        view, _ = draw_or_reason(sm.graph, depth=depth)
        show_png_twin(view)  # the drawing where an untrusted notebook drops inline SVG
        display(HTML(saved_html(sm, depth=depth, drawn=view)))
        return None
