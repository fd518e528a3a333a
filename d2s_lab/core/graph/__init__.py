"""The graph model: plain data that viz draws, whatever built it (a live Program or a file).

``model`` holds :class:`Graph` -> :class:`Block` -> :class:`Op` with :class:`Value`\\ s;
``ops`` the op vocabulary (categories, kinds across Paddle versions); ``shapes`` every
shape, dtype and spec text.
"""
from d2s_lab.core.graph.model import Block, Graph, Op, SourceLoc, Value

__all__ = ["Block", "Graph", "Op", "SourceLoc", "Value"]
