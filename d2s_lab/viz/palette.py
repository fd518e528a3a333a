"""Every colour the views use, named by what it marks, and the colour and node shape of
each op category (the op table, the graph and its legend). The other modules hold no
colour literal (tests/test_structure.py checks): a colour changes here, everywhere at once."""
from __future__ import annotations

import string

from d2s_lab.text import CATALOGUE, t

CATEGORY_COLORS = {
    "conv": "#4e79a7", "matmul": "#f28e2b", "elementwise": "#76b7b2", "activation": "#59a14f",
    "normalization": "#edc948", "pooling": "#b07aa1", "reshape": "#9c755f",
    "reduction": "#e15759", "control": "#ff9da7", "data": "#2f4b7c", "parameter": "#bab0ac",
    "constant": "#d7d7d7", "other": "#8c8c8c",
}

# Graphviz node shape per category (the legend draws the same shapes).
CATEGORY_SHAPES = {
    "conv": "box", "matmul": "box3d", "elementwise": "ellipse", "activation": "hexagon",
    "normalization": "rounded", "pooling": "invtrapezium", "reshape": "parallelogram",
    "reduction": "invhouse", "control": "octagon", "data": "cds", "parameter": "cylinder",
    "constant": "note", "other": "dashed",
}

LAYER_COLOR = "#5b6b8c"  # collapsed layer nodes and layer clusters
HIGHLIGHT_COLOR = "#d1242f"  # highlighted ops, and the ops of the hovered source line

# Text and lines (GitHub's light theme, which the views sit beside in JupyterLab).
TEXT = "#1f2328"
MUTED = "#57606a"  # secondary text: captions, counts, notes, a skipped check's mark
FAINT = "#8c959f"  # line numbers; steps that changed nothing
BORDER = "#d0d7de"
RULE = "#eaeef2"  # the line-number column's edge in the side-by-side source
PANEL_BG = "#f6f8fa"  # table heads, summary boxes, group rows, tracebacks, empty diff cells

# Good news (green): passed checks, hints, a step that rewrote the code.
PASS_COLOR = "#1a7f37"  # marks and borders of what passed
PASS_BG = "#dafbe1"
PASS_BORDER = "#4ac26b"
PASS_TEXT = "#116329"  # text on PASS_BG
HINT_TEXT = "#1a4d1a"  # the hint under an error

# Bad news (red): failures and errors.
FAIL_COLOR = "#cf222e"
FAIL_BG = "#ffebe9"
CHECK_FAIL_BG = "#fff1f0"  # a self-check box that did not pass
BAD_LINE_BG = "#ffd7d5"  # the failing line of code

# Warnings and notes (amber).
WARN_COLOR = "#9a6700"  # a graph break; a self-check box that partly passed
NOTE_BG = "#fff8c5"
NOTE_BORDER = "#d4a72c"
HOVER_BG = "#fff8c5"  # rows of the hovered or pinned source line
MIXED_MARK_COLOR = "#bf8700"  # a collapsed layer whose ops carry marks of different colours
LINK_MARK = "#bf8700"  # the dotted underline of a line number that links to its ops

# Explanations (blue): what a rewrite step did.
INFO_BG = "#ddf4ff"
INFO_BORDER = "#54aeff"

# Diffs: ops and source lines added, removed or changed (the text and borders are
# PASS_COLOR, FAIL_COLOR and MIXED_MARK_COLOR).
ADDED_BG = "#e6ffec"
ADDED_NUMBER_BG = "#ccffd8"  # an added line's number
ADDED_CHARS_BG = "#abf2bc"  # the characters that differ within a changed line
REMOVED_BG = "#ffebe9"
REMOVED_NUMBER_BG = "#ffd7d5"
REMOVED_CHARS_BG = "#ffc1bd"
CHANGED_BG = "#fff8c5"

# Drawings: edges (and the ↪/↳ labels that continue them in the next column); the
# explorer's marks: ops matching the search, the producers and consumers of a value.
EDGE_COLOR = "#6e7781"
MATCH_COLOR = "#8250df"
PRODUCER_COLOR = "#1a7f37"
CONSUMER_COLOR = "#bc4c00"

# A default-path (SOT) run drawn whole: a graph break's node, a frame or subgraph that runs in
# dygraph (its cluster dashed and grey), a tensor handed from one part to the next.
SOT_BREAK_COLOR = WARN_COLOR
SOT_FALLBACK_COLOR = FAIL_COLOR
SOT_DYGRAPH_COLOR = FAINT
SOT_STATIC_COLOR = LAYER_COLOR
SOT_HANDED_COLOR = MIXED_MARK_COLOR

# The class report's bars: passed (failed: FAIL_COLOR), not attempted.
PASS_BAR = "#2da44e"
SKIP_BAR = "#afb8c1"

# The benchmark chart: one bar colour per runtime.
RUNTIME_COLORS = {
    "eager": "#8c8c8c",
    "to_static": "#4e79a7",
    "predictor": "#f28e2b",
    "predictor_onednn": "#e15759",
    "onnxruntime": "#59a14f",
}

# The profile's stacked bar: a call's segments by kind, and its top ops in turn.
SEGMENT_COLORS = {
    "static": "#4e79a7",
    "dygraph": "#e15759",
    "guard": "#f28e2b",
    "python": "#bab0ac",
    "translate": "#b07aa1",
}
OP_BAR_COLORS = ("#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#ff9da7",
                 "#9c755f")
REST_BAR = "#d0d7de"  # the rest of a call: other ops, Python, the executor
# The profile's Program drawing: an op's (or a collapsed layer's) share of a call, from
# the least to the most time (a node's border; its fill is the colour tinted).
HEAT_COLORS = ("#f2cc8f", "#f0a35e", "#e4703a", "#cf3a2a", "#9e1b1b")


def with_colors(text: str) -> str:
    """``text`` (a stylesheet) with each ``$NAME`` replaced by this module's colour
    ``NAME``: CSS written as one plain string keeps its braces single, which an f-string
    would double. An unknown name raises KeyError when the module defining it loads."""
    names = {k: v for k, v in globals().items() if k.isupper() and isinstance(v, str)}
    return string.Template(text).substitute(names)


def tint(color: str, amount: float = 0.72) -> str:
    """``color`` mixed with white (``amount`` 0 = unchanged, 1 = white): readable fills."""
    r, g, b = (int(color[i:i + 2], 16) for i in (1, 3, 5))
    mix = [round(c + (255 - c) * amount) for c in (r, g, b)]
    return "#%02x%02x%02x" % tuple(mix)


def category_label(category: str, lang=None) -> str:
    """How an op category reads in a legend or tooltip (``graph.category.<category>``)."""
    key = f"graph.category.{category}"
    return t(key, lang) if key in CATALOGUE else category
