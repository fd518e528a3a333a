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
from d2s_lab.magics.common import check_target_name, parse_line, show_error, show_png_twin, store
from d2s_lab.text import t


@magics_class
class ShowMagics(Magics):
    @magic_arguments()
    @argument("path", nargs="?", default=None,
              help="A saved model: PREFIX.json, PREFIX.pdmodel, PREFIX.pdiparams or PREFIX.")
    @argument("--depth", "-d", default="1", metavar="N|all",
              help="Graph layer depth: 1 (default) shows each top-level layer (from the saved "
                   "struct_name) as one node; 2, ... opens them; all shows every op.")
    @argument("--as", dest="as_", default="_d2s_saved", metavar="NAME",
              help="Variable that receives the SavedModel (default: _d2s_saved).")
    @line_magic
    def d2s_show(self, line):
        """Draw a model saved with paddle.jit.save, without running anything from its files.

        Reads the program (Paddle 3.x PIR ``.json`` or a legacy ``.pdmodel``) and the
        parameter shapes (``.pdiparams``) directly: Paddle is not imported, no pickle
        is loaded, nothing from the files is executed, so models from the internet are
        safe to look at. Shows a summary, the graph, the files, the parameters and the op
        table. Damaged or hostile files give a short message naming the problem.

        Examples::

            %%to_static --input "x: [None,3,32,32] float32" --save build/model/net
            ...
            %d2s_show build/model/net.json
        """
        args, err = parse_line(self.d2s_show, line)
        if err:
            show_error(err, t("magics.see_options", magic="%d2s_show"))
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
