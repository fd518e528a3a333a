"""Colours and node shapes per op category, shared by the op table, the graph and its legend."""
from __future__ import annotations

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
HIGHLIGHT_COLOR = "#d1242f"


def tint(color: str, amount: float = 0.72) -> str:
    """``color`` mixed with white (``amount`` 0 = unchanged, 1 = white): readable fills."""
    r, g, b = (int(color[i:i + 2], 16) for i in (1, 3, 5))
    mix = [round(c + (255 - c) * amount) for c in (r, g, b)]
    return "#%02x%02x%02x" % tuple(mix)


def category_label(category: str, lang=None) -> str:
    """How an op category reads in a legend or tooltip (``graph.category.<category>``)."""
    key = f"graph.category.{category}"
    return t(key, lang) if key in CATALOGUE else category
