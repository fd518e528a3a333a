"""An explorable graph for large Programs: open and close layers in place, a breadcrumb of
the open ones, a search box, and a selected op's producers and consumers lit up.

A widget (`anywidget <https://anywidget.dev>`_): the browser draws the SVG and sends
clicks and the query; the kernel keeps the state (which layers are open, what is
searched, what is selected), lays the graph out again with Graphviz and sends the new
SVG. Only what is open is laid out, so a 48-layer Transformer encoder (about 2,800 ops)
answers each click in a fraction of a second (``benchmarks/bench_explorer.py``). Where the
widget cannot run (no anywidget, no kernel, an HTML export) the static drawing of
``%d2s_graph`` stays. Reads the graph model only; never imports Paddle.
"""
from __future__ import annotations

import functools
import time
from typing import Dict, Iterable, List, Optional

from d2s_lab.errors import D2SError
from d2s_lab.core.graph.model import Graph
from d2s_lab.core.options import ViewOptions
from d2s_lab.viz.dot.emit import build_dot, opened_layers
from d2s_lab.viz.dot.layout import layer_levels
from d2s_lab.viz.dot.render import clean_svg, render
from d2s_lab.text import t
from d2s_lab.viz.html import esc
from d2s_lab.viz.palette import CONSUMER_COLOR, MATCH_COLOR, MUTED, PRODUCER_COLOR, with_colors


def search(graph: Graph, query: str) -> List[int]:
    """Ids of the ops whose name, layer path or source line (``cell[3]:16``, or just
    ``:16``) contains ``query`` (case-insensitive); none for an empty query."""
    q = query.strip().lower()
    if not q:
        return []
    found = []
    for op in graph.iter_ops():
        where = str(op.source).lower() if op.source is not None else ""
        if q in op.name.lower() or q in op.layer.lower() or (where and q in where):
            found.append(op.id)
    return found


def neighbours(graph: Graph, op_id: int) -> tuple:
    """``(producers, consumers)``: ids of the ops that make the op's inputs, and of those
    that read its results."""
    op = next((o for o in graph.iter_ops() if o.id == op_id), None)
    if op is None:
        return [], []
    producers = [graph.values[v].producer for v in op.inputs
                 if v in graph.values and graph.values[v].producer is not None]
    outs = set(op.outputs)
    consumers = [o.id for o in graph.iter_ops() if outs.intersection(o.inputs)]
    return producers, consumers


def with_parents(paths: Iterable[str]) -> List[str]:
    """``paths`` and every layer above them, each once, outer first: a layer drawn open
    needs the ones it sits in open too."""
    out: List[str] = []
    for p in paths:
        for level in layer_levels(p):
            if level not in out:
                out.append(level)
    return out


def close(paths: Iterable[str], path: str) -> List[str]:
    """``paths`` without ``path`` and the layers inside it."""
    return [p for p in paths if p != path and not p.startswith(path + ".")]


class ExplorerState:
    """What the explorer shows, and drawing it: plain Python, so it is tested and
    timed without a browser (the widget only carries it)."""

    def __init__(self, graph: Graph, view: Optional[ViewOptions] = None):
        if not isinstance(graph, Graph):
            raise D2SError(t("explorer.cannot_explore", type=type(graph).__name__), t("explorer.cannot_explore_hint"))
        self.graph = graph
        view = view or ViewOptions()
        # every layer open or closed by clicks; the budget only cuts an over-big drawing
        self.view = ViewOptions(depth=1, params=view.params, constants=view.constants,
                                rankdir=view.rankdir, budget=None, wrap=view.wrap)
        # first, what the report draws at ``view``: a library model's wrappers (``bert``,
        # ``bert.encoder``) open, so it starts at the model's parts, not one box
        self.opened: List[str] = opened_layers(graph, view)
        self.query = ""
        self.selected: Optional[int] = None
        self.matches: List[int] = []
        self.seconds = 0.0
        self.nodes = 0
        self.selection: tuple = ([], [])  # (producers, consumers) of the selected op, as drawn

    def marks(self) -> Dict[int, str]:
        marks = {i: MATCH_COLOR for i in self.matches}
        if self.selected is not None:
            producers, consumers = self.selection = neighbours(self.graph, self.selected)
            marks.update({i: PRODUCER_COLOR for i in producers})
            marks.update({i: CONSUMER_COLOR for i in consumers})
        return marks

    def draw(self) -> str:
        """The SVG of the current state (and ``seconds`` it took, ``nodes`` drawn)."""
        t0 = time.perf_counter()
        self.matches = search(self.graph, self.query)
        built = build_dot(self.graph, self.view, marks=self.marks(), opened=self.opened,
                          highlight=[self.selected] if self.selected is not None else None)
        data, _ = render(built.dot, "svg", built.predicted)
        self.nodes = built.nodes
        self.seconds = time.perf_counter() - t0
        return clean_svg(data.decode("utf-8"))

    def info(self) -> str:
        parts = [t("explorer.nodes", n=self.nodes), t("explorer.layers_open", n=len(self.opened))]
        if self.query.strip():
            parts.append(t("explorer.matches", n=len(self.matches), query=repr(self.query.strip())))
        if self.selected is not None:
            producers, consumers = self.selection
            parts.append(t("explorer.selected", op=self.selected, producers=len(producers),
                           consumers=len(consumers)))
        parts.append(t("explorer.drawn_in", s=f"{self.seconds:.2f}"))
        return " · ".join(parts)


_ESM = r"""
function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}
function render({ model, el: root }) {
  root.classList.add("d2s-explorer");
  const crumbs = el("div", "d2s-x-crumbs");
  const bar = el("div", "d2s-x-bar");
  const input = el("input", "d2s-x-search");
  input.type = "search";
  const words = model.get("words");
  input.placeholder = words.search;
  input.value = model.get("query");
  const info = el("span", "d2s-x-info");
  const box = el("div", "d2s-x-box");
  bar.append(input, info);
  root.append(crumbs, bar, box);
  const send = (name, value) => { model.set(name, value); model.save_changes(); };
  function draw() {
    box.innerHTML = model.get("svg");
    info.textContent = model.get("info");
    crumbs.replaceChildren();
    const home = el("button", "d2s-x-crumb d2s-x-home", words.home);
    home.onclick = () => send("opened", []);
    crumbs.append(home);
    for (const path of model.get("opened")) {
      const b = el("button", "d2s-x-crumb", path + " \u00d7");
      b.title = words.close.replace("{path}", path);
      b.dataset.path = path;
      b.onclick = () => send("closing", path);
      crumbs.append(b);
    }
  }
  box.addEventListener("click", (ev) => {
    const g = ev.target.closest("g.node, g.cluster");
    if (!g || !g.id) return;
    // a layer called several times: d2s-layer-<path>#2 is its second call
    const path = (prefix) => g.id.slice(prefix.length).replace(/#\d+$/, "");
    if (g.id.startsWith("d2s-layer-")) send("opening", path("d2s-layer-"));
    else if (g.id.startsWith("d2s-cluster-")) send("closing", path("d2s-cluster-"));
    else if (g.id.startsWith("d2s-op-")) send("selected", parseInt(g.id.slice("d2s-op-".length), 10));
  });
  let timer = null;
  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(() => send("query", input.value), 250);
  });
  model.on("change:svg", draw);
  model.on("change:info", () => { info.textContent = model.get("info"); });
  draw();
}
export default { render };
"""

# Width: the widget never grows past its output area (ipywidgets 7 gives the view no
# width of its own); the drawing scrolls inside its box. The last rules hide the static
# drawing shown after the explorer (:func:`fallback_html`, and its picture twin) while the
# explorer is live: this style is loaded by the widget itself, so a notebook reopened
# without a kernel, or a front end without the widget manager, shows the drawing.
_CSS = with_colors("""
.d2s-explorer{font:13px -apple-system,'Segoe UI',Roboto,'Noto Sans SC',sans-serif;color:$TEXT;
 display:block;max-width:100%;min-width:0;box-sizing:border-box;overflow:hidden}
.d2s-explorer *{box-sizing:border-box}
.jp-OutputArea-child:has(.d2s-explorer)+.jp-OutputArea-child:has(img),
.jp-OutputArea-child:has(.d2s-explorer)~.jp-OutputArea-child:has(.d2s-x-fallback),
.output_area:has(.d2s-explorer)+.output_area:has(img),
.output_area:has(.d2s-explorer)~.output_area:has(.d2s-x-fallback){display:none}
.d2s-explorer .d2s-x-crumbs{display:flex;flex-wrap:wrap;gap:4px;margin:2px 0}
.d2s-explorer .d2s-x-crumb{font-size:12px;border:1px solid $BORDER;border-radius:10px;background:$PANEL_BG;
 padding:1px 8px;cursor:pointer}
.d2s-explorer .d2s-x-bar{display:flex;gap:8px;align-items:center;margin:4px 0}
.d2s-explorer .d2s-x-bar{flex-wrap:wrap}
.d2s-explorer .d2s-x-search{flex:0 1 360px;min-width:0;font-size:12px;padding:2px 6px}
.d2s-explorer .d2s-x-info{font-size:12px;color:$MUTED}
.d2s-explorer .d2s-x-box{overflow:auto;max-height:80vh;max-width:100%;border:1px solid $BORDER;
 border-radius:6px;background:#fff;padding:4px}
.d2s-explorer .d2s-x-box svg{max-width:none}
.d2s-explorer g.node,.d2s-explorer g.cluster{cursor:pointer}
""")


@functools.lru_cache(maxsize=None)
def _widget_class():
    try:
        import anywidget
        import traitlets as T
    except ImportError:
        raise D2SError(t("explorer.needs_anywidget"), t("explorer.needs_anywidget_hint")) from None

    class GraphExplorer(anywidget.AnyWidget):
        """Click a collapsed layer to open it, a layer's frame (or its breadcrumb) to
        close it, an op to light up its producers (green) and consumers (orange); type
        to search ops, layers and lines. ``state`` is the :class:`ExplorerState`."""

        _esm = _ESM
        _css = _CSS
        svg = T.Unicode("").tag(sync=True)
        info = T.Unicode("").tag(sync=True)
        words = T.Dict({}).tag(sync=True)  # the browser side's words, in the language of the kernel
        opened = T.List(T.Unicode()).tag(sync=True)
        query = T.Unicode("").tag(sync=True)
        selected = T.Int(-1).tag(sync=True)
        opening = T.Unicode("").tag(sync=True)  # requests from the browser
        closing = T.Unicode("").tag(sync=True)

        def __init__(self, state: ExplorerState, **kwargs):
            super().__init__(**kwargs)
            self.state = state
            self.words = {"search": t("explorer.search"), "home": t("explorer.home"), "close": t("explorer.close")}
            self.opened = list(state.opened)
            self._redraw()
            self.observe(self._on_open, names="opening")
            self.observe(self._on_close, names="closing")
            self.observe(self._on_change, names=["opened", "query", "selected"])

        def _on_open(self, change):
            if change["new"]:
                self.opened = with_parents(list(self.opened) + [change["new"]])
                self.opening = ""

        def _on_close(self, change):
            if change["new"]:
                self.opened = close(self.opened, change["new"])
                self.closing = ""

        def _on_change(self, _change=None):
            self._redraw()

        def _redraw(self):
            st = self.state
            st.opened = with_parents(self.opened)
            st.query = self.query
            st.selected = self.selected if self.selected >= 0 else None
            self.svg = st.draw()
            self.info = st.info()

    return GraphExplorer


def fallback_html(drawing_html: str, lang: Optional[str] = None) -> str:
    """The static drawing shown after the explorer (``drawing_html``: the HTML of
    ``%d2s_graph``'s drawing), with a line saying the explorer needs a running kernel.
    Hidden while the explorer is live (its style, :data:`_CSS`); what a notebook
    reopened without a kernel, an HTML export or a front end without the widget
    manager shows in its place."""
    note = esc(t("explorer.fallback_note", lang))
    return (f'<div class="d2s d2s-x-fallback"><style>{FALLBACK_CSS}</style>'
            f'<div class="d2s-sub" style="color:{MUTED}">{note}</div>{drawing_html}</div>')


# The explorer's output (one or two outputs before the drawing: its picture twin may sit
# between) hidden while it holds only the front-end's text ("Loading widget...", "model
# not found", no element): the drawing shows in its place.
FALLBACK_CSS = "".join(
    f"{area}:has({sib}{area} .d2s-x-fallback)>{out}:not(:has(*)){{display:none}}"
    for area, out in ((".jp-OutputArea-child", ".jp-OutputArea-output"), (".output_area", ".output_subarea"))
    for sib in ("+", f"+{area}+"))


def graph_explorer(graph: Graph, view: Optional[ViewOptions] = None, opened: Iterable[str] = ()):
    """The explorer widget for ``graph``, first showing what the report draws at ``view``
    (or ``opened`` open); a D2SError saying what to install where anywidget is missing."""
    cls = _widget_class()
    widget = cls(ExplorerState(graph, view))
    if opened:
        widget.opened = with_parents(opened)
    return widget


__all__ = ["CONSUMER_COLOR", "ExplorerState", "MATCH_COLOR", "PRODUCER_COLOR", "close",
           "fallback_html", "graph_explorer", "neighbours", "search", "with_parents"]
