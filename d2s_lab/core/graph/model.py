"""The graph model: the plain-data contract between ``d2s_lab.core`` and ``d2s_lab.viz``.

A live PIR Program and a saved model file both become a :class:`Graph`, so
everything that draws or tabulates a program works on either.  No Paddle
imports here: the model is plain dataclasses holding plain Python values.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import Any, Dict, Iterator, List, Optional

from d2s_lab.core.frames import display_file
from d2s_lab.core.graph.ops import short_name
from d2s_lab.core.graph.shapes import format_shape

# Values and ops come by the hundred thousand (a program at the saved-model reader's op
# limit): without an instance dict each takes about a third of the memory.
_SLOTS = {"slots": True} if sys.version_info >= (3, 10) else {}


@dataclass
class SourceLoc:
    """Where in the model's code (the user's, or an installed library's) an op came from."""

    file: str
    line: int
    function: str = ""
    code: str = ""  # the source line's text, when known
    library: str = ""  # the installed library the line is in ("paddleformers"); "" for the user's

    def __str__(self) -> str:
        where = f"{display_file(self.file)}:{self.line}"
        return f"{where} [{self.library}]" if self.library else where


@dataclass(**_SLOTS)
class Value:
    """A tensor flowing between ops. ``shape`` uses -1 for dynamic dims."""

    id: str
    shape: Optional[List[int]] = None
    dtype: Optional[str] = None
    name: Optional[str] = None  # data input name, or a parameter's user-facing name
    producer: Optional[int] = None  # id of the op that defines it; None for block args
    kind: str = "tensor"  # tensor | parameter | input | block_arg | other
    param_name: Optional[str] = None  # Paddle's internal name (conv2d_0.w_0)

    @property
    def is_dynamic(self) -> bool:
        return bool(self.shape) and any(d < 0 for d in self.shape)

    def shape_text(self, dyn: str = "N") -> str:
        return format_shape(self.shape, dyn)


@dataclass(**_SLOTS)
class Op:
    id: int
    name: str
    category: str
    attrs: Dict[str, Any] = field(default_factory=dict)
    inputs: List[str] = field(default_factory=list)  # value ids
    outputs: List[str] = field(default_factory=list)  # value ids
    blocks: List["Block"] = field(default_factory=list)
    layer: str = ""  # user attribute path, e.g. "encoder.layers.0.linear1"
    struct_name: str = ""  # Paddle's class path, e.g. "/Sequential/Conv2D_1/"
    source: Optional[SourceLoc] = None

    @property
    def short_name(self) -> str:
        return short_name(self.name)


@dataclass
class Block:
    id: str
    label: str  # "global", "true", "false", "body", ...
    ops: List[Op] = field(default_factory=list)
    args: List[str] = field(default_factory=list)  # value ids of block arguments


@dataclass
class Graph:
    """A program: blocks of ops, and the values they exchange."""

    blocks: List[Block] = field(default_factory=list)
    values: Dict[str, Value] = field(default_factory=dict)
    inputs: List[str] = field(default_factory=list)
    outputs: List[str] = field(default_factory=list)
    name: str = ""
    origin: str = "live"  # "live" for a converted program, else the saved file's path

    @property
    def global_block(self) -> Block:
        return self.blocks[0]

    def iter_ops(self, block: Optional[Block] = None) -> Iterator[Op]:
        """Every op, depth first, sub-block ops right after their parent op."""
        blocks = [block] if block is not None else self.blocks
        for b in blocks:
            for op in b.ops:
                yield op
                for sub in op.blocks:
                    yield from self.iter_ops(sub)

    def num_ops(self) -> int:
        """Ops in every block, as PIR's ``Program.num_ops()`` counts them."""
        return sum(1 for _ in self.iter_ops())

    def num_listed_ops(self) -> int:
        """Ops as the report counts and lists them: every op but the parameters' (PIR makes
        one op per parameter; the table shows parameters beside the ops that use them)."""
        return sum(1 for op in self.iter_ops() if op.category != "parameter")

    def ops_named(self, name: str) -> List[Op]:
        """Ops whose full (``pd_op.conv2d``) or short (``conv2d``) name matches."""
        return [o for o in self.iter_ops() if o.name == name or o.short_name == name]

    def op(self, op_id: int) -> Op:
        for o in self.iter_ops():
            if o.id == op_id:
                return o
        raise KeyError(op_id)

    def value(self, value_id: str) -> Value:
        return self.values[value_id]

    def parameters(self) -> List[Value]:
        return [v for v in self.values.values() if v.kind == "parameter"]
