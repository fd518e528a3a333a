"""``draw_graph``: the Program diagram as an object that displays in a notebook and saves to files."""
from __future__ import annotations

import dataclasses
import os
import re
import threading
import time
import uuid
from typing import Iterable, Mapping, Optional, Union

from d2s_lab.errors import D2SError
from d2s_lab.core.graph.model import Graph
from d2s_lab.core.options import CELL_BYTES, CELL_NODES, CELL_WHOLE_NODES, DEFAULT_BUDGET, ViewOptions
from d2s_lab.viz.dot.emit import DotGraph, build_dot
from d2s_lab.text import t
from d2s_lab.viz.html import CSS, INLINE, esc, message_box, report_var, t_html
from d2s_lab.viz.palette import (BORDER, CATEGORY_COLORS, CATEGORY_SHAPES, HIGHLIGHT_COLOR, LAYER_COLOR, MUTED,
                                 SOT_BREAK_COLOR, SOT_DYGRAPH_COLOR, SOT_HANDED_COLOR, TEXT, category_label, tint)
from d2s_lab.viz.dot.render import (RendererMissing, RenderFailed, available_renderer, clean_svg, dot_timeout,
                                    compact_png, fit_png, lean_svg, render, render_svg_and_png)

# Up to this many nodes a drawing's picture twin is drawn at full size from the SVG's own
# layout; a bigger one gets a bitmap scaled down to fit (its full size could take
# hundreds of MB: a few thousand nodes of 100x50 pt each).
TWIN_FULL_SIZE_NODES = 150

# What a drawing's HTML adds to its SVG (style, zoom bar, legend, caption, notes), counted
# against CELL_BYTES.
HTML_BYTES = 8 * 1024

# The DOT text shown under a drawing that failed is cut here (the .dot property keeps it all).
MAX_DOT_SHOWN = 200_000


class GraphView:
    """A drawn graph: ``.dot`` (text), ``.svg`` (rendered on first use), ``.renderer``,
    ``.save("x.svg" | "x.png" | "x.dot")``; displays itself in a notebook."""

    def __init__(self, built: DotGraph, name: str = "", build_s: float = 0.0):
        self.info = built
        self.name = name
        self.build_s = build_s
        self.render_s: Optional[float] = None
        self.renderer: Optional[str] = None
        self._svg: Optional[str] = None
        self._png: Optional[bytes] = None
        self._png_drawn = False
        self._pending: Optional[threading.Thread] = None  # see render_in_background
        self._failed: Optional[BaseException] = None
        self.twin_shown = False  # its PNG twin was displayed just before it (see png_twin)
        self._cell = None  # builds the drawing a notebook cell shows instead (see in_cell)
        self._whole_first = False  # a depth asked for: shown whole where it fits CELL_BYTES (see in_cell)
        self._cell_svg: Optional[str] = None
        self.cell_reduced: list = []  # what the cell's copy left out to fit: "svg", "twin_small", ... (see _reduced)
        self.cell_depth_of = None  # shown in a cell instead of the drawing at this depth (see in_cell)

    @property
    def dot(self) -> str:
        return self.info.dot

    @property
    def svg(self) -> str:
        """The SVG text (rendered once, then cached). Raises D2SError without a renderer."""
        self._finish_background()
        if self._svg is None:
            self._render_svg()
        return self._svg

    def png_twin(self) -> Optional[bytes]:
        """The drawing as a PNG, for front ends that will not show inline SVG (JupyterLab's
        untrusted notebooks keep pictures only); rendered from the same layout as ``.svg``
        when that is not drawn yet. None without Graphviz's ``dot`` or when the picture
        would be too big (:data:`~d2s_lab.viz.dot.render.PNG_MAX_BYTES`)."""
        self._finish_background()
        if not self._png_drawn:
            self._render_both()
        return self._png

    def render_in_background(self, png: bool = False) -> None:
        """Start drawing now (``.svg``, and with ``png`` the picture twin too) in a
        thread, while the caller prepares the rest of its output: Graphviz runs as
        a subprocess, on another core. ``.svg`` and ``.png_twin()`` wait for it and
        raise what it raised."""
        if self._svg is not None or self._pending is not None:
            return
        self._in_background(self._render_both if png else self._render_svg)

    def take_drawing(self, other: "GraphView") -> bool:
        """Use ``other``'s drawing (started earlier with :meth:`render_in_background`)
        when both have the same DOT text: ``%%to_static`` draws the Program as traced
        while its first run goes, and the report's drawing of the Program after the run
        is the same. False, and nothing taken, when they differ."""
        if other is None or other is self or other.dot != self.dot or self._svg is not None \
                or self._pending is not None:
            return False

        def work():  # another GraphView's state: the same class
            other._finish_background()  # noqa: SLF001  (raises what its drawing raised)
            self._svg, self._png = other._svg, other._png  # noqa: SLF001
            self._png_drawn = other._png_drawn  # noqa: SLF001
            self.renderer, self.render_s = other.renderer, other.render_s

        self._in_background(work)
        return True

    def _in_background(self, work) -> None:
        def run():
            try:
                work()
            except BaseException as exc:  # handed to the thread that asks for the drawing
                self._failed = exc

        self._pending = threading.Thread(target=run, name="d2s-render", daemon=True)
        self._pending.start()

    def _finish_background(self) -> None:
        pending, self._pending = self._pending, None
        if pending is None:
            return
        pending.join()
        failed, self._failed = self._failed, None
        if failed is not None:
            raise failed

    def _render_svg(self) -> None:
        t0 = time.perf_counter()
        data, self.renderer = render(self.dot, "svg", self.info.predicted)
        self._svg = clean_svg(data.decode("utf-8"))
        self.render_s = time.perf_counter() - t0

    def _render_both(self) -> None:
        t0 = time.perf_counter()
        big = self.info.nodes > TWIN_FULL_SIZE_NODES
        svg, self._png, self.renderer = render_svg_and_png(self.dot, small_png=big, predicted=self.info.predicted)
        self._png_drawn = True  # None included: no picture for this drawing
        if self._svg is None:
            self._svg = clean_svg(svg.decode("utf-8"))
            self.render_s = time.perf_counter() - t0

    def save(self, path: str) -> str:
        """Write the drawing to ``path``; the extension picks the format (.svg, .png, .dot)."""
        ext = os.path.splitext(str(path))[1].lower().lstrip(".")
        if ext in ("dot", "gv"):
            data = self.dot.encode("utf-8")
        elif ext == "svg":
            data = self.svg.encode("utf-8")
        elif ext == "png":
            data, self.renderer = render(self.dot, "png", self.info.predicted)
        else:
            raise D2SError(t("graph.cannot_save", path=repr(path)), t("graph.cannot_save_hint"))
        try:
            with open(path, "wb") as fh:
                fh.write(data)
        except OSError as exc:
            raise D2SError(t("graph.cannot_write", path=path, error=exc.strerror or exc),
                           t("graph.cannot_write_hint")) from None
        return str(path)

    def __repr__(self) -> str:
        i = self.info
        collapsed = t("graph.repr_collapsed") if i.auto_collapsed else ""
        return "<GraphView " + t("graph.repr", name=self.name or "graph", nodes=i.nodes, edges=i.edges,
                                 depth=i.depth, collapsed=collapsed) + ">"

    def caption(self) -> str:
        i = self.info
        parts = [t("graph.cap_nodes", n=i.nodes), t("graph.cap_edges", n=i.edges), t("graph.cap_depth", depth=i.depth)]
        if i.columns > 1:
            parts.append(t("graph.cap_wrapped_rows" if "rankdir=LR" in i.dot else "graph.cap_wrapped_columns",
                           n=i.columns))
        if self.renderer:
            parts.append(t("graph.cap_rendered", renderer=self.renderer, s=f"{self.render_s or 0:.2f}"))
        if self._svg is not None:
            parts.append(t("graph.cap_svg", kb=f"{len(self._svg) / 1024:.0f}"))
        if i.limited:
            parts.append(t("graph.cap_limited"))
        if i.cut:
            parts.append(t("graph.cap_cut", shown=f"{i.shown_nodes:,}", total=f"{i.total_nodes:,}"))
        return " · ".join(parts)

    def collapse_note(self) -> str:
        i = self.info
        notes = []
        if i.auto_collapsed and i.run_parts:  # a SOT run: its first subgraphs open, the rest one node each
            notes.append(t("rundraw.collapsed_cell" if i.max_nodes else "rundraw.collapsed", open=i.run_open,
                           n=i.run_parts, max_nodes=i.max_nodes, cost=f"{i.full_cost:,}"))
        elif i.auto_collapsed:
            notes.append(t("graph.collapsed_cell" if i.max_nodes else "graph.collapsed", depth=i.depth,
                           requested=i.requested_depth, requested_repr=repr(i.requested_depth),
                           cost=f"{i.full_cost:,}", max_nodes=i.max_nodes))
        if i.cut:
            notes.append(t("graph.cut_cell" if i.max_nodes else "graph.cut", shown=f"{i.shown_nodes:,}",
                           total=f"{i.total_nodes:,}", cost=f"{i.full_cost:,}", timeout=f"{dot_timeout():g}"))
        if self.cell_reduced:  # one line: what the cell's copy left out, and where the whole drawing is
            said = {"depth": t("cellsize.depth", depth=self.info.depth, requested=self.cell_depth_of),
                    "svg": t("cellsize.svg"), "twin_small": t("cellsize.twin_small"), "twin_out": t("cellsize.twin_out"),
                    "png_small": t("cellsize.png_small"), "png_out": t("cellsize.png_out")}
            what = t("cellsize.joiner").join(said[k] for k in self.cell_reduced)
            notes.append(t("cellsize.reduced", what=what))
        return " ".join(notes)

    def in_cell(self) -> "GraphView":
        """The drawing a notebook cell shows of this one: for a view drawn with ``cell=True``
        (``Conversion.graph()``, ``%d2s_graph``) under the default budget, the one of at
        most :data:`~d2s_lab.core.options.CELL_NODES` nodes, its note saying how to draw
        everything; but where a depth other than 1 was asked for, this view itself when it
        fits :data:`~d2s_lab.core.options.CELL_BYTES` (at most
        :data:`~d2s_lab.core.options.CELL_WHOLE_NODES` nodes, its SVG made leaner where
        needed: :meth:`cell_svg`), else the deepest depth between it and the node-limited
        one that fits by the same rule (its note says which depth); otherwise this view
        itself. ``.dot``, ``.svg`` and ``.save()`` keep the whole drawing."""
        if callable(self._cell) and self._whole_first and self._fits_cell():
            self._cell = self  # the depth asked for, whole: it fits a cell's bytes
        if callable(self._cell):
            build = self._cell
            built = build(None)
            if self._whole_first:  # the deepest depth in between that fits whole, if any
                built = self._shallower_that_fits(build, built.info.depth) or built
            self._cell = self if built.dot == self.dot else built
        return self._cell or self

    def _shallower_that_fits(self, build, fallback_depth) -> Optional["GraphView"]:
        """The drawing at the deepest depth between the one drawn here and
        ``fallback_depth`` (the cell's node-limited drawing) that fits a cell whole (the
        same rule as the depth asked for), deepest first; a depth with more than
        :data:`~d2s_lab.core.options.CELL_WHOLE_NODES` nodes is not laid out. None where
        none fits."""
        deepest = self.info.max_depth + 1  # layers nest max_depth deep: depth max_depth + 1 opens them all
        top = deepest if self.info.depth == "all" else self.info.depth
        if not isinstance(top, int) or not isinstance(fallback_depth, int):
            return None
        for depth in range(min(top, deepest) - 1, fallback_depth, -1):
            trial = build(depth)
            if trial.info.auto_collapsed or trial.info.nodes > CELL_WHOLE_NODES:
                continue  # drawn shallower than asked (its budget), or too many nodes: not laid out
            if trial._fits_cell():  # noqa: SLF001  (the same class)
                trial.cell_depth_of = self.info.requested_depth
                trial.cell_reduced.insert(0, "depth")
                return trial
        return None

    def _fits_cell(self) -> bool:
        """Whether this drawing fits a cell whole: its HTML within
        :data:`~d2s_lab.core.options.CELL_BYTES` and, where a picture twin is drawn, the
        twin too (smaller if need be): an unsigned notebook shows only the picture, so a
        drawing that would leave it out does not fit (a shallower one keeps it)."""
        if self.info.nodes > CELL_WHOLE_NODES or self.info.cut:
            return False
        said = list(self.cell_reduced)
        try:
            fits = self.cell_bytes() <= CELL_BYTES and (not self.png_twin() or self.cell_twin() is not None)
        except D2SError:  # no renderer: the smaller drawing's DOT text is what shows
            fits = False
        if not fits:  # not shown: what it would have left out is not said
            self.cell_reduced[:] = said
        return fits

    def cell_svg(self) -> str:
        """The SVG a notebook cell shows: ``.svg``, written leaner (:func:`lean_svg`) where
        it would pass :data:`~d2s_lab.core.options.CELL_BYTES` (``cell_reduced`` says so)."""
        if self._cell_svg is None:
            svg = self.svg
            if len(svg) + HTML_BYTES > CELL_BYTES:
                svg = lean_svg(svg)
                self._reduced("svg")
            self._cell_svg = svg
        return self._cell_svg

    def cell_bytes(self) -> int:
        """About how many bytes the drawing's HTML takes in a cell (its picture twin not counted)."""
        return len(self.cell_svg()) + HTML_BYTES

    def cell_twin(self) -> Optional[bytes]:
        """The picture twin a notebook cell shows beside this drawing: :meth:`png_twin`,
        drawn again smaller where the pair would pass
        :data:`~d2s_lab.core.options.CELL_BYTES`, or None (left out) where even that would
        not fit; ``cell_reduced`` says which."""
        png = self.png_twin()
        if not png:
            return png
        room = (CELL_BYTES - self.cell_bytes()) * 3 // 4  # base64 takes 4 bytes for 3
        if len(png) <= room:
            return png
        small = fit_png(self.dot, len(png), room, big=self.info.nodes > TWIN_FULL_SIZE_NODES)
        self._reduced("twin_small" if small else "twin_out")
        return small

    def cell_png(self) -> Optional[bytes]:
        """The drawing as the one picture a cell shows (``%d2s_graph --format png``):
        Graphviz's PNG, with fewer colours, then fewer pixels, where it would pass
        :data:`~d2s_lab.core.options.CELL_BYTES`; None (left out) where even that would not
        fit. ``cell_reduced`` says which."""
        png, self.renderer = render(self.dot, "png", self.info.predicted)
        self.cell_reduced = [k for k in self.cell_reduced if k != "svg"]  # no SVG shown
        room = CELL_BYTES * 3 // 4  # base64 takes 4 bytes for 3
        if len(png) <= room:
            return png
        small = compact_png(png)
        if len(small) > room:
            small = fit_png(self.dot, len(small), room)
        self._reduced("png_small" if small else "png_out")
        return small

    def _reduced(self, what: str) -> None:
        """Note that the cell's copy was made smaller: ``what`` is "svg" (coordinates
        rounded), "twin_small"/"twin_out" (the picture twin smaller/left out) or
        "png_small"/"png_out" (the one picture of ``--format png``); said once each."""
        if what not in self.cell_reduced:
            self.cell_reduced.append(what)

    def _repr_html_(self) -> str:
        shown = self.in_cell()
        if shown is not self:
            return shown._repr_html_()
        try:
            svg = self.cell_svg()
        except D2SError as exc:
            # One line saying why; the page around it (tables) still shows.
            dot = self.dot
            if len(dot) > MAX_DOT_SHOWN:
                dot = dot[:MAX_DOT_SHOWN] + "\n" + t("graph.dot_more", n=f"{len(self.dot) - MAX_DOT_SHOWN:,}")
            return (message_box("error", exc.message, exc.hint)
                    + f'<div class="d2s"><details><summary>{esc(t("graph.dot_text"))}</summary><pre>'
                    + esc(dot) + "</pre></details></div>")
        return graph_html(self, svg)


def _natural_width(svg: str) -> float:
    m = re.search(r'<svg[^>]*\swidth="([\d.]+)pt"', svg)
    return float(m.group(1)) if m else 800.0


# "fit width" never shrinks the drawing below the scale at which its smallest text (8 pt
# labels, 10.7 px at 100 %) reads at MIN_TEXT_PX: past that the box scrolls instead.
MIN_TEXT_PX = 9.0
SMALLEST_FONT_PT = 8.0


def min_fit_scale() -> float:
    return MIN_TEXT_PX / (SMALLEST_FONT_PT * 96 / 72)


# Hides what only a styled (trusted) front end can show: the style shows it again
# (display:block!important), a sanitizer keeps both attributes (an empty hidden="" it drops).
LIVE_ONLY = 'hidden="hidden" style="display:none"'


def twin_css(uid: str) -> str:
    """Trusted front ends (the style applies) hide the picture twin shown just before the
    output holding drawing ``uid``; untrusted ones strip the style and keep the picture."""
    return (f".jp-OutputArea-child:has(+ .jp-OutputArea-child #{uid}.d2s-has-twin),"
            f".output_area:has(+ .output_area #{uid}.d2s-has-twin){{display:none}}")


def untrusted_note(text: str) -> str:
    """A line only untrusted notebooks show: the report's style hides it (class
    ``d2s-untrusted``); the sanitizer strips that style, and the inline one keeps it readable."""
    return f'<div class="d2s-untrusted" style="{INLINE["note"]}">{esc(text)}</div>'


def trusted_only(body: str, note: str = "") -> str:
    """``body`` (an inline SVG) shown where the notebook is trusted; where a sanitizer strips
    styles and SVG it leaves no stray text, and ``note`` (when given) says what to read instead."""
    uid = "d2s-t" + uuid.uuid4().hex[:8]
    return (f'<div id="{uid}"><style>#{uid} .d2s-live{{display:block!important}}#{uid} .d2s-untrusted{{display:none}}'
            f'</style>{untrusted_note(note) if note else ""}<div class="d2s-live" {LIVE_ONLY}>{body}</div></div>')


def graph_html(view: GraphView, svg: str) -> str:
    """The SVG in a box that fits the output width, scrolls, and zooms (readable, fit
    width, whole graph, 100 %, 200 %; CSS only, no JavaScript), with a caption and the legend.

    "readable" (the default) fits the width but keeps text at :data:`MIN_TEXT_PX` or more
    (the box scrolls sideways instead); "fit width" fits it whatever the text size; the
    box grows with the drawing up to 80 % of the window, then scrolls.
    The drawing, zoom bar and legend are ``hidden`` unless the style shows them: where a
    sanitizer strips styles and SVG (untrusted notebooks) they leave no stray label text,
    and a note points at the picture twin (``view.twin_shown``) instead."""
    uid = "d2s-g" + uuid.uuid4().hex[:8]
    w = _natural_width(svg)
    svg = svg.replace("<svg ", f'<svg style="width:100%;height:auto;max-width:{w:.0f}pt;'
                               f'min-width:{min(w, w * min_fit_scale()):.0f}pt" ', 1)
    zoom = "".join(
        f'<input type="radio" name="{uid}" id="{uid}-{k}" class="d2s-zoom-{k}"{" checked" if k == "read" else ""}>'
        f'<label for="{uid}-{k}">{label}</label>'
        for k, label in (("read", esc(t("graph.zoom_readable"))), ("fit", esc(t("graph.zoom_fit"))),
                         ("all", esc(t("graph.zoom_all"))), ("1x", "100%"), ("2x", "200%"))
    )
    css = (
        f"#{uid} .d2s-live{{display:block!important}}#{uid} .d2s-untrusted{{display:none}}"
        # a grid of one minmax(0,1fr) column: the drawing's min-width scrolls inside the box
        # and does not widen the output (an output sized to its content's min-content, as
        # Notebook 7's is, would otherwise grow past its column)
        f"#{uid} .d2s-graph-box{{display:grid;grid-template-columns:minmax(0,1fr);overflow:auto;"
        f"max-height:80vh;border:1px solid {BORDER};border-radius:6px;background:#fff;padding:4px}}"
        f"#{uid} .d2s-zoombar{{font-size:12px;margin:2px 0;color:{MUTED}}}"
        f"#{uid} .d2s-zoombar label{{margin:0 8px 0 2px;cursor:pointer}}"
        # fit width: the whole width in the box, however small the text gets
        f"#{uid} .d2s-zoom-fit:checked~.d2s-graph-box svg{{width:100%!important;max-width:100%!important;"
        "min-width:0!important}"
        f"#{uid} .d2s-zoom-all:checked~.d2s-graph-box svg{{width:auto!important;height:76vh!important;"
        "max-width:100%!important;min-width:0!important}"
        f"#{uid} .d2s-zoom-1x:checked~.d2s-graph-box svg{{width:{w:.0f}pt!important;max-width:none!important}}"
        f"#{uid} .d2s-zoom-2x:checked~.d2s-graph-box svg{{width:{2 * w:.0f}pt!important;max-width:none!important}}"
        f"#{uid} .d2s-legend{{display:flex;flex-wrap:wrap;gap:2px 10px;font-size:11px;color:{TEXT};margin:2px 0}}"
        f"#{uid} .d2s-legend span{{display:inline-flex;align-items:center;gap:3px}}"
        f"#{uid} .d2s-graph-cap{{font-size:12px;color:{MUTED}}}"
        + (twin_css(uid) if view.twin_shown else "")
    )
    title = f"<b>{esc(view.name)}</b> · " if view.name else ""
    note = view.collapse_note()
    note_html = f'<div class="d2s-note">{esc(note)}</div>' if note else ""
    cls = "d2s d2s-graphview" + (" d2s-has-twin" if view.twin_shown else "")
    return (
        f'<div class="{cls}" id="{uid}"><style>{CSS}{css}</style>'
        f'<div class="d2s-graph-cap">{title}{esc(view.caption())}</div>{note_html}'
        f"{untrusted_note(t('graph.twin_note') if view.twin_shown else t('graph.no_twin_note'))}"
        f'<div class="d2s-live" {LIVE_ONLY}>{legend_html(view.info)}'
        f'<div class="d2s-zoombar">{zoom}'
        f'<div class="d2s-graph-box">{svg}</div></div></div></div>'
    )


# Tiny SVG icons of the node shapes (22x14), for the legend.
_ICONS = {
    "box": '<rect x="2" y="2" width="18" height="10"/>',
    # points takes numbers only: the back edge is its own line
    "box3d": ('<rect x="2" y="4" width="15" height="8"/><polyline fill="none" points="2,4 5,1 20,1 20,9 17,12"/>'
              '<line x1="17" y1="4" x2="20" y2="1"/>'),
    "ellipse": '<ellipse cx="11" cy="7" rx="9" ry="5"/>',
    "hexagon": '<polygon points="2,7 6,2 16,2 20,7 16,12 6,12"/>',
    "rounded": '<rect x="2" y="2" width="18" height="10" rx="4"/>',
    "invtrapezium": '<polygon points="1,2 21,2 16,12 6,12"/>',
    "parallelogram": '<polygon points="5,2 21,2 17,12 1,12"/>',
    "invhouse": '<polygon points="2,2 20,2 20,9 11,13 2,9"/>',
    "octagon": '<polygon points="6,1 16,1 21,5 21,9 16,13 6,13 1,9 1,5"/>',
    "cds": '<polygon points="2,2 16,2 21,7 16,12 2,12"/>',
    "cylinder": '<path d="M3,3 v8 a8,2 0 0 0 16,0 v-8 a8,2 0 0 0 -16,0 a8,2 0 0 0 16,0"/>',
    "note": '<polygon points="2,2 16,2 20,6 20,12 2,12"/>',
    "dashed": '<rect x="2" y="2" width="18" height="10" stroke-dasharray="3,2"/>',
    "folder": '<polygon points="2,3 8,3 10,5 20,5 20,12 2,12"/>',
}


def _icon(shape: str, color: str, fill: str, width: float = 1.0) -> str:
    return (f'<svg width="22" height="14" viewBox="0 0 22 14"><g fill="{fill}" stroke="{color}" '
            f'stroke-width="{width}">{_ICONS.get(shape, _ICONS["box"])}</g></svg>')


def legend_html(info: DotGraph) -> str:
    items = []
    for cat in info.categories:
        color = CATEGORY_COLORS.get(cat, CATEGORY_COLORS["other"])
        items.append(f"<span>{_icon(CATEGORY_SHAPES.get(cat, 'box'), color, tint(color))}"
                     f"{esc(category_label(cat))}</span>")
    if "class=\"d2s-layer" in info.dot:
        items.append(f"<span>{_icon('folder', LAYER_COLOR, tint(LAYER_COLOR, 0.85))}"
                     f"{esc(t('graph.legend_layer'))}</span>")
    if 'class="d2s-op d2s-break' in info.dot:  # a SOT run: its breaks, its dygraph parts, its hand-overs
        items.append(f"<span>{_icon('box', SOT_BREAK_COLOR, tint(SOT_BREAK_COLOR, 0.85), 1.5)}"
                     f"{esc(t('rundraw.legend_break'))}</span>")
    if "d2s-sot-dygraph" in info.dot:
        items.append(f"<span>{_icon('dashed', SOT_DYGRAPH_COLOR, '#fff')}{esc(t('rundraw.legend_dygraph'))}</span>")
    if f'style=dashed color="{SOT_HANDED_COLOR}"' in info.dot:
        items.append(f'<span><svg width="22" height="14" viewBox="0 0 22 14"><line x1="1" y1="7" x2="21" y2="7" '
                     f'stroke="{SOT_HANDED_COLOR}" stroke-dasharray="3,2"/></svg>{esc(t("rundraw.legend_handed"))}</span>')
    if info.highlighted:
        items.append(f"<span>{_icon('box', HIGHLIGHT_COLOR, '#fff', 2.5)}{esc(t('graph.legend_highlighted'))}</span>")
    items.append(f"<span>{esc(t('graph.legend_labels'))}</span>")
    return '<div class="d2s-legend">' + "".join(items) + "</div>"


def draw_graph(
    graph,
    depth: Union[int, str] = 1,
    params: bool = False,
    constants: bool = False,
    rankdir: str = "TB",
    highlight: Optional[Iterable[int]] = None,
    title: Optional[str] = None,
    budget: Optional[int] = DEFAULT_BUDGET,
    marks: Optional[Mapping[int, str]] = None,
    wrap: bool = True,
    max_nodes: Optional[int] = None,
    cell: bool = False,
    times: Optional[Mapping[int, float]] = None,
) -> GraphView:
    """Draw a program graph (a :class:`~d2s_lab.core.graph.model.Graph`, or a Conversion) with Graphviz.

    Args:
        depth: layer depth. ``1`` (default) shows each top-level sublayer as one node
            with its input/output shapes and op count; ``2`` opens those one level;
            ``"all"`` shows every op inside nested layer clusters.
        params: draw parameters as nodes (default: folded into the consumer's label,
            e.g. ``W 32x3x3x3, b 32``).
        constants: draw constant ops (``full``, ``full_int_array``) as nodes
            (default: folded into the consumer's label).
        rankdir: ``"TB"`` (top to bottom) or ``"LR"`` (left to right).
        highlight: op ids to mark (red, thick border).
        title: a title drawn above the graph.
        budget: layout-cost budget (nodes + edges + clusters); a bigger drawing is
            collapsed by layer automatically. ``None`` draws whatever was asked.
        marks: op id -> colour (e.g. ``palette.PASS_COLOR``) of its border and fill, e.g. the ops a
            diff found added, removed or changed (``highlight`` wins over it).
        wrap: draw a long chain of layers in columns side by side (rows for ``"LR"``),
            the flow continuing from each column's ↪ to the next one's ↳; ``False``
            draws one strip.
        max_nodes: at most this many nodes (collapsed by layer, then cut in program
            order, as for ``budget``); ``None``: no limit.
        cell: shown in a notebook cell, the drawing keeps to a cell's node limit as
            ``%d2s_graph`` does (with the default budget and no ``max_nodes``; see
            :meth:`GraphView.in_cell`); ``.dot``, ``.svg`` and ``.save()`` keep it all.
        times: op id -> ms per call, said in each node's tooltip (a profile's).

    Returns a :class:`GraphView`: it displays in a notebook and has ``.dot``, ``.svg``,
    ``.renderer`` and ``.save(path)``.  With the options already in a
    :class:`~d2s_lab.core.options.ViewOptions`, use :func:`draw_graph_with`.
    """
    view = ViewOptions(depth=depth, params=params, constants=constants, rankdir=rankdir,
                       budget=budget, wrap=wrap, max_nodes=max_nodes)
    return draw_graph_with(graph, view, highlight=highlight, title=title, marks=marks, cell=cell, times=times)


def draw_graph_with(graph, view: ViewOptions, highlight: Optional[Iterable[int]] = None,
                    title: Optional[str] = None,
                    marks: Optional[Mapping[int, str]] = None, cell: bool = False,
                    times: Optional[Mapping[int, float]] = None) -> GraphView:
    """:func:`draw_graph` with the drawing options given as a
    :class:`~d2s_lab.core.options.ViewOptions` (a Conversion's ``view``, parsed magic
    or command-line arguments)."""
    if not isinstance(graph, Graph) and isinstance(getattr(graph, "drawn_graph", None), Graph):
        graph = graph.drawn_graph
    if not isinstance(graph, Graph):
        raise D2SError(t("graph.cannot_draw", type=type(graph).__name__), t("graph.cannot_draw_hint"))
    t0 = time.perf_counter()
    built = build_dot(graph, view, highlight=highlight, title=title, marks=marks, times=times)
    drawn = GraphView(built, graph.name, time.perf_counter() - t0)
    small = cell_view(view)
    if cell and small is not view:  # the cell's drawing, built when first shown
        # depth None: the cell's node-limited drawing; a depth: the drawing at that depth, whole
        drawn._cell = lambda depth: draw_graph_with(  # noqa: SLF001
            graph, small if depth is None else dataclasses.replace(view, depth=depth), highlight=highlight,
            title=title, marks=marks, times=times)
        drawn._whole_first = view.depth != 1  # noqa: SLF001  (a depth asked for: whole where it fits)
    return drawn


def draw_or_reason(graph, **options) -> tuple[Optional[GraphView], Optional[str]]:
    """``(draw_graph(graph, **options), None)``, or ``(None, reason)`` when the graph
    cannot be drawn: for views that show the op table instead of failing."""
    try:
        return draw_graph(graph, **options), None
    except Exception as exc:  # any failure to build the drawing: the op table still shows
        return None, t("graph.not_drawn", error=f"{type(exc).__name__}: {exc}")


def cell_view(view: ViewOptions) -> ViewOptions:
    """``view`` for a drawing shown in a notebook cell: with the default budget, at most
    :data:`~d2s_lab.core.options.CELL_NODES` nodes (``--budget none`` draws all)."""
    if view.budget != DEFAULT_BUDGET or view.max_nodes is not None:
        return view
    return dataclasses.replace(view, max_nodes=CELL_NODES)


def cell_drawing(graph, view: ViewOptions) -> GraphView:
    """``graph`` drawn as a notebook cell shows it (:func:`cell_view`): the report's
    drawing, and the one ``%%to_static`` starts while the first run goes (the same DOT
    text, so the report takes that drawing instead of laying it out again)."""
    return draw_graph_with(graph, cell_view(view))


def run_graph_of(conv) -> Optional[Graph]:
    """The default-path (SOT) run of ``conv`` as one Graph (None for an AST conversion, or
    a run with nothing to draw)."""
    if conv.drawn_graph is not None or getattr(conv, "mode", "") != "sot" or getattr(conv, "sot", None) is None:
        return None
    try:
        return conv.program_graph("forward")
    except D2SError:  # SOT built nothing and broke nowhere: the SOT section says so
        return None


def report_graph(conv) -> Optional[GraphView]:
    """The drawing the report's graph section shows: the Program, or on the default path
    the run as Paddle executes it (None when there is neither)."""
    if isinstance(conv.drawn_graph, Graph):
        return cell_drawing(conv.drawn_graph, conv.view)
    run = run_graph_of(conv)
    return cell_drawing(run, conv.view) if run is not None else None


def section_run(conv, drawn: Optional[GraphView] = None) -> str:
    """The report's drawing of a default-path run: its subgraphs in order, the breaks
    between them ("" for an AST conversion)."""
    run = run_graph_of(conv)
    if run is None:
        return ""
    body = (drawn or cell_drawing(run, conv.view))._repr_html_()
    breaks = len(getattr(run, "breaks", {}))
    how = "<code>" + esc(t("report.other_path", mode="ast")) + "</code>"
    return (f'<details open class="d2s-run"><summary>{esc(t("rundraw.section", k=len(getattr(run, "parts", {})), b=breaks))}'
            f'</summary><div class="d2s-sub">{t_html("rundraw.section_hint", how=how)}</div>{body}</details>')


def section_graph(conv, drawn: Optional[GraphView] = None) -> str:
    """The report's graph section, drawn as ``conv.view`` says (depth, params, ...);
    ``drawn``: that drawing, already made (:func:`report_graph`). On the default path: the
    run (:func:`section_run`)."""
    graph = conv.drawn_graph
    if not isinstance(graph, Graph):
        return section_run(conv, drawn)
    view = conv.view
    body = (drawn or draw_graph_with(graph, view))._repr_html_()
    hint = ("" if view.depth == "all" else
            ' <span class="d2s-sub">' + t_html("graph.more_detail", a=f"<code>%d2s_graph {esc(report_var())} --depth all</code>",
                                                b="<code>%%to_static --depth all</code>") + "</span>")
    return (f"<details open><summary>{esc(t('graph.section', n=graph.num_listed_ops(), depth=view.depth))}</summary>"
            f"{hint}{body}</details>")


__all__ = ["GraphView", "RenderFailed", "RendererMissing", "available_renderer", "draw_graph",
           "cell_drawing", "cell_view", "draw_graph_with", "draw_or_reason", "graph_html", "legend_html", "report_graph",
           "run_graph_of", "section_graph", "section_run", "trusted_only", "twin_css", "untrusted_note"]
