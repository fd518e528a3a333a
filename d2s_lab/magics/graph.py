"""``%d2s_graph``: draw a converted Program (a Conversion, converted function, Layer or Graph)."""
from __future__ import annotations

import os

from IPython.core.magic import Magics, line_magic, magics_class
from IPython.core.magic_arguments import argument, magic_arguments
from IPython.display import HTML, Image, display

from d2s_lab.core.convert import Conversion, convert
from d2s_lab.errors import D2SError
from d2s_lab.core.graph.model import Graph
from d2s_lab.core.options import CELL_BYTES, ViewOptions, program_options
from d2s_lab.core.paddle_compat import require_paddle
from d2s_lab.viz.explorer import fallback_html, graph_explorer
from d2s_lab.viz.graph_view import cell_view, draw_graph_with
from d2s_lab.viz.html import esc
from d2s_lab.magics.common import interruptible, evaluate, options, parsed_args, show_error, show_note, show_png_twin
from d2s_lab.magics.widget_outputs import WIDGET_MIME, widget_view
from d2s_lab.text import t
from d2s_lab.text.lang import using_lang


@magics_class
class GraphMagics(Magics):
    @magic_arguments()
    @argument("obj", nargs="?", default=None, metavar="OBJ",
              help="help.d2s_graph.obj")
    @options("graph", "wrap", "program")
    @argument("--format", "-f", default=None, choices=["svg", "png", "dot"],
              help="help.d2s_graph.format")
    @argument("-o", "--output", default=None, metavar="FILE",
              help="help.d2s_graph.output")
    @argument("--explore", "-x", action="store_true",
              help="help.d2s_graph.explore")
    @options("input", "budget", "lang")
    @line_magic
    @interruptible("%d2s_graph")
    def d2s_graph(self, line):
        """Help: the catalogue's ``help.d2s_graph.doc`` (see :mod:`d2s_lab.magics.help`)."""
        args = parsed_args(self.d2s_graph, line, t("magics.see_options", magic="%d2s_graph"))
        if args is None:  # the help or a usage error was shown
            return None
        with using_lang(args.lang):  # the drawing's words and the error boxes
            try:
                self._draw(args)
            except D2SError as exc:
                show_error(exc.message, exc.hint)
            except Exception as exc:  # a bug of ours must not end in a traceback
                show_error(t("magics.unexpected", error=f"{type(exc).__name__}: {exc}"), t("magics.report_hint"))
        return None

    def _resolve(self, args):
        if not args.obj:
            raise D2SError(t("magics.graph_what"), t("magics.graph_what_hint"))
        obj = evaluate(self.shell, args.obj, args.obj, t("magics.graph_name"))
        if isinstance(obj, Graph):
            if args.program != "forward":
                raise D2SError(t("magics.needs_conversion", program=args.program, name=args.obj, type="Graph"),
                               t("magics.graph_from_hint"))
            return obj
        if isinstance(obj, Conversion):
            if obj.drawn_graph is None and obj.mode == "sot" and obj.sot is not None:
                conv = obj  # the default path: the run as Paddle executes it
            elif obj.drawn_graph is None and obj.error is not None:  # converting failed: not the mode
                raise D2SError(t("magics.graph_conversion_failed", name=args.obj),
                               t("magics.graph_conversion_failed_hint"))
            elif obj.drawn_graph is None:
                raise D2SError(t("magics.no_program_graph", name=args.obj, mode=obj.mode),
                               t("magics.no_program_graph_hint"))
            else:
                conv = obj
        else:
            require_paddle()
            conv = convert(obj, input_spec=args.input, run=False, name=args.obj)
        return conv.program_graph(args.program, **program_options(args))

    def _draw(self, args):
        opts = ViewOptions.from_args(args)
        if args.explore and (args.output or args.format):  # the explorer saves nothing
            raise D2SError(t("magics.explore_no_output"), t("magics.explore_no_output_hint"))
        graph = self._resolve(args)
        if args.explore:
            try:
                widget = graph_explorer(graph, opts)
            except D2SError as exc:  # no anywidget: say so, and draw the static diagram
                show_note(exc.message, exc.hint)
            else:
                self._explore(widget, graph, opts)
                return
        # a file gets the whole drawing; a cell keeps its outputs within 250 KB: the
        # drawing as a cell shows it (see GraphView.in_cell), with -o a line naming the file
        whole = draw_graph_with(graph, opts, cell=True)
        fmt = args.format
        if args.output:
            ext = os.path.splitext(args.output)[1].lower().lstrip(".")
            path = args.output
            if fmt and ext != fmt:
                path = args.output + "." + fmt
            whole.save(path)
            saved = t("cellsize.saved", path=path, kb=f"{os.path.getsize(path) / 1024:.1f}")
            display(HTML(f'<div class="d2s"><div class="d2s-sub">{esc(saved)}</div></div>'))
        if fmt == "dot" and not args.output:
            text = whole.dot
            if len(text.encode("utf-8")) > CELL_BYTES:  # a cell keeps within its 250 KB: the start, and where the rest is
                cut = text.encode("utf-8")[:CELL_BYTES - 1024].decode("utf-8", "ignore")
                text = cut[:cut.rfind("\n") + 1] + "// " + t("cellsize.dot_cut", kb=f"{len(text.encode('utf-8')) / 1024:.0f}")
            print(text)
        elif fmt == "png" and not args.output:  # one picture, of the drawing a cell shows
            view = whole.in_cell()
            png = view.cell_png()
            if png:
                display(Image(data=png))
            note = view.collapse_note()
            if note:
                display(HTML(f'<div class="d2s"><div class="d2s-note">{esc(note)}</div></div>'))
        else:
            view = whole.in_cell()
            show_png_twin(view)
            display(HTML(view._repr_html_()))

    @staticmethod
    def _explore(widget, graph, opts):
        """The explorer, then its static drawing (picture twin and SVG): the widget's
        output holds the widget view (from its model id, the same in ipywidgets 7 and 8)
        and a line of text; the drawing is an output of its own, which the explorer's
        style hides while it is live. Within one output, JupyterLab and Notebook pick the
        widget view and, without the widget's state, show "model not found" instead of
        any other form, so the drawing must not share the widget's output."""
        display({WIDGET_MIME: widget_view(widget), "text/plain": t("explorer.live_note")}, raw=True)
        view = draw_graph_with(graph, cell_view(opts))
        show_png_twin(view)
        display(HTML(fallback_html(view._repr_html_())))
