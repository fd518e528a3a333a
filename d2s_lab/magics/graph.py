"""``%d2s_graph``: draw a converted Program (a Conversion, converted function, Layer or Graph)."""
from __future__ import annotations

import os

from IPython.core.magic import Magics, line_magic, magics_class
from IPython.core.magic_arguments import argument, magic_arguments
from IPython.display import HTML, Image, display

from d2s_lab.core.convert import Conversion, convert
from d2s_lab.errors import D2SError
from d2s_lab.core.graph.model import Graph
from d2s_lab.core.options import ViewOptions, program_options
from d2s_lab.core.paddle_compat import require_paddle
from d2s_lab.viz.explorer import fallback_html, graph_explorer
from d2s_lab.viz.graph_view import cell_view, draw_graph_with
from d2s_lab.viz.html import esc
from d2s_lab.viz.dot.render import render
from d2s_lab.magics.common import evaluate, options, parse_line, show_error, show_note, show_png_twin
from d2s_lab.magics.widget_outputs import WIDGET_MIME, widget_view
from d2s_lab.text import t


@magics_class
class GraphMagics(Magics):
    @magic_arguments()
    @argument("obj", nargs="?", default=None, metavar="OBJ",
              help="What to draw: a Conversion (e.g. _d2s), a function converted with "
                   "paddle.jit.to_static, a paddle.nn.Layer (with --input) or a Graph.")
    @options("graph", "wrap", "program")
    @argument("--format", "-f", default=None, choices=["svg", "png", "dot"],
              help="svg (default): the interactive drawing; png: a picture; dot: the DOT text.")
    @argument("-o", "--output", default=None, metavar="FILE",
              help="Also save the drawing to FILE (.svg, .png or .dot; --format wins).")
    @argument("--explore", "-x", action="store_true",
              help="An explorer for large graphs: click a layer to open or close it, a "
                   "breadcrumb of open layers, search ops/layers/lines, click an op to see "
                   "its producers and consumers (a widget: needs anywidget and a kernel).")
    @options("input", "budget")
    @line_magic
    def d2s_graph(self, line):
        """Draw the Program that paddle.jit.to_static built, with Graphviz.

        One node per op, shaped and coloured by kind (legend above the drawing); each
        label holds the op, its key attributes, its parameters and its output shape
        (N marks a dynamic dim). if/while sub-blocks are nested clusters; layers are
        clusters, or one node each at a shallower --depth. The drawing fits the output
        width; zoom to 100% or 200% and scroll for big graphs.

        Examples::

            %d2s_graph _d2s                      # the last %%to_static conversion
            %d2s_graph _d2s --depth all --rankdir LR
            %d2s_graph net --input "x: [None,3,32,32] float32" -o net.svg
            %d2s_graph _d2s --format png -o net.png
            %d2s_graph _d2s --program train      # forward + backward (the grad ops)
            %d2s_graph _d2s --program amp        # the casts paddle.amp.auto_cast inserts
            %d2s_graph _d2s --program inference  # after Paddle Inference's passes (fused ops)
            %d2s_graph _d2s --explore            # open/close layers, search, producers/consumers

        In Python: ``conv.graph(depth="all").save("net.svg")``,
        ``conv.graph(program="train")``, ``conv.program_graph("inference")``.
        """
        args, err = parse_line(self.d2s_graph, line)
        if err:
            show_error(err, t("magics.see_options", magic="%d2s_graph"))
            return None
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
            if obj.drawn_graph is None and obj.error is not None:  # converting failed: not the mode
                raise D2SError(t("magics.graph_conversion_failed", name=args.obj),
                               t("magics.graph_conversion_failed_hint"))
            if obj.drawn_graph is None:
                raise D2SError(t("magics.no_program_graph", name=args.obj, mode=obj.mode),
                               t("magics.no_program_graph_hint"))
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
        # a file gets the whole drawing; a cell keeps its outputs small
        view = draw_graph_with(graph, opts if args.output or args.format else cell_view(opts))
        fmt = args.format
        if args.output:
            ext = os.path.splitext(args.output)[1].lower().lstrip(".")
            path = args.output
            if fmt and ext != fmt:
                path = args.output + "." + fmt
            view.save(path)
            saved = t("magics.saved_file", path=path, kb=f"{os.path.getsize(path) / 1024:.1f}")
            display(HTML(f'<div class="d2s"><div class="d2s-sub">{esc(saved)}</div></div>'))
        if fmt == "dot":
            print(view.dot)
        elif fmt == "png":
            display(Image(data=render(view.dot, "png")[0]))
        else:
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
