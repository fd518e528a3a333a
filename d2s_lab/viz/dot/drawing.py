"""The drawing model: what a drawing holds before any DOT text is written.

:mod:`.emit` builds a :class:`Drawing` from a layout plan (nodes with their label text,
the clusters they sit in, edges); :mod:`.wrap` reads node sizes from it and adds its
column connectors; :mod:`.cost` predicts what dot will make of it and lays a training
program out so it draws; :meth:`Drawing.to_dot` writes the DOT text once, at the end.
Nothing here parses DOT text back.

Plain data, no Paddle: the heat colours of a profile and the drawing of a SOT run are
nodes, clusters and edges of this model too.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Optional, Union

from d2s_lab.viz.dot.escape import html_label

# Rough text metrics of a label (points): a 10 pt bold head, then 8 pt rows.
HEAD_CHAR_W = 6.2
ROW_CHAR_W = 4.7
LABEL_PAD_W = 16
ROW_H = 10.5
MIN_NODE = (60.0, 22.0)


def layout_units(nodes: int, edges: int, clusters: int) -> int:
    """A drawing's layout cost, the unit of ``--budget``: nodes + edges + 2 per cluster
    (a cluster costs dot a border and a label to place)."""
    return nodes + edges + 2 * clusters


@dataclass
class Node:
    """One node: its DOT ``name``, its attributes as written (``id=... shape=...``), and
    its label, as ``head`` and ``rows`` of plain text (escaped when written) or as
    ``html`` already written. ``layer``: the layer path it draws or sits in ("" for
    none), which the taming of a training program reads."""

    name: str
    attrs: str
    head: str = ""
    rows: list = field(default_factory=list)
    html: Optional[str] = None
    layer: str = ""

    def size(self) -> tuple[float, float]:
        """Rough ``(width, height)`` in points of the node as dot will draw it."""
        if self.html is not None and not self.head:
            return MIN_NODE
        width = max([len(self.head) * HEAD_CHAR_W] + [len(r) * ROW_CHAR_W for r in self.rows]) + LABEL_PAD_W
        height = max(MIN_NODE[1], 14 + ROW_H * len(self.rows) + 8)
        return width, height

    def dot(self) -> str:
        label = self.html if self.html is not None else html_label(self.head, self.rows)
        return f"{self.name} [{self.attrs} label={label}]"


@dataclass
class Cluster:
    """A ``subgraph cluster``: its attributes, the ``layer`` path it stands for (""
    for a control-flow block), and what it holds, in order."""

    attrs: str
    layer: str = ""
    items: list = field(default_factory=list)  # Node | Cluster


@dataclass
class Edge:
    """``src -> dst`` with DOT attributes (``""``: a plain edge, which sets ranks)."""

    src: str
    dst: str
    attrs: str = ""

    @property
    def ranks(self) -> bool:
        """Whether dot ranks by this edge (it is plain)."""
        return not self.attrs

    def dot(self) -> str:
        return f"{self.src} -> {self.dst}" + (f" [{self.attrs}]" if self.attrs else "")


@dataclass
class Rank:
    """Nodes dot puts on one rank; ``chain``: in this order too (joined by invisible
    edges: an edge between two nodes of a rank puts its tail first)."""

    names: list
    chain: bool = False

    def dot(self) -> str:
        if self.chain:
            return "{rank=same; " + " -> ".join(self.names) + " [style=invis]}"
        return "{rank=same; " + "; ".join(self.names) + "}"


Item = Union[Node, Cluster]


@dataclass
class Drawing:
    """A whole drawing: graph attribute lines, the top-level items, the edges, and
    then ``tail``: what is added to a drawn plan (a wrap's connectors, their edges,
    :class:`Rank` statements), written in that order after the edges."""

    header: list = field(default_factory=list)
    items: list = field(default_factory=list)
    edges: list = field(default_factory=list)
    tail: list = field(default_factory=list)  # Node | Edge | Rank

    def all_edges(self) -> list:
        return self.edges + [e for e in self.tail if isinstance(e, Edge)]

    def nodes(self) -> Iterator[Node]:
        """Every node, in the order written."""
        stack: list = [iter(self.items)]
        while stack:
            item = next(stack[-1], None)
            if item is None:
                stack.pop()
            elif isinstance(item, Cluster):
                stack.append(iter(item.items))
            else:
                yield item
        yield from (n for n in self.tail if isinstance(n, Node))

    def clusters(self) -> int:
        count, stack = 0, list(self.items)
        while stack:
            item = stack.pop()
            if isinstance(item, Cluster):
                count += 1
                stack.extend(item.items)
        return count

    def layers(self) -> dict[str, str]:
        """Node name -> the layer path it draws or sits in (nodes with one only)."""
        out: dict[str, str] = {}

        def visit(items, around: str) -> None:
            for item in items:
                if isinstance(item, Cluster):
                    visit(item.items, item.layer or around)
                elif item.layer or around:
                    out[item.name] = item.layer or around
        visit(self.items, "")
        return out

    def sizes(self) -> dict[str, tuple[float, float]]:
        return {n.name: n.size() for n in self.nodes()}

    def units(self) -> int:
        """The layout cost (:func:`layout_units`) of the drawing as planned (the wrap's
        connectors left out)."""
        return layout_units(sum(1 for _ in self.nodes()) - sum(1 for n in self.tail if isinstance(n, Node)),
                            len(self.edges), self.clusters())

    def to_dot(self) -> str:
        """The DOT text, written once."""
        lines = ["digraph G {", *self.header]
        numbers: list = []

        def write(items, indent: str) -> None:
            for item in items:
                if isinstance(item, Cluster):
                    numbers.append(None)
                    lines.append(f"{indent}subgraph cluster_{len(numbers)} {{")
                    lines.append(f"{indent}  {item.attrs}")
                    write(item.items, indent + "  ")
                    lines.append(f"{indent}}}")
                else:
                    lines.append(indent + item.dot())
        write(self.items, "")
        lines.extend(e.dot() for e in self.edges)
        lines.extend(x.dot() for x in self.tail)
        lines.append("}")
        return "\n".join(lines) + "\n"


__all__ = ["MIN_NODE", "Cluster", "Drawing", "Edge", "Node", "Rank", "layout_units"]
