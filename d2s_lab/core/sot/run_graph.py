"""A default-path (SOT) run as one :class:`~d2s_lab.core.graph.model.Graph`: what Paddle
executes, in order. Each subgraph SOT built is a top-level layer (``SIR_0``, ...) holding
its own ops; each graph break, fallback or skipped frame between them is one op of its
own (:data:`BREAK_OP`) at its line; the tensors one part hands to the next are values
from the first to the second.

SOT does not record which output of a subgraph becomes which input of the next (the
tensor passes through the Python between them), so a hand-over is inferred in run
order: an input takes the previous part's outputs of its shape and dtype, or all of them
where none matches. :attr:`RunGraph.handed` names the ops those values enter; a drawing
marks such edges as inferred.

Plain data, no Paddle: a :class:`RunGraph` is a Graph, so everything that draws, explores
or tabulates a Program draws a run too.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Dict, List, Optional

from d2s_lab.core.graph.model import Block, Graph, Op, SourceLoc, Value
from d2s_lab.core.sot.model import GraphBreak, SotReport, Subgraph
from d2s_lab.text import CATALOGUE, t

BREAK_OP = "sot.graph_break"  # a break, fallback or skipped frame, drawn as one node
PLACEHOLDER_OP = "sot.subgraph"  # a subgraph Paddle built that d2s_lab could not read
_PARAM_INPUT = re.compile(r"^param_\d+$")  # SOT hands a subgraph its parameters as inputs


@dataclass
class RunPart:
    """One subgraph of the run: its cluster's layer path (``key``, its name), its op
    count, and whether Paddle runs it as a static program or, being smaller than
    ``min_graph_size``, in dygraph."""

    key: str
    num_ops: int
    runs_static: bool = True
    min_graph_size: Optional[int] = None
    lines: List[int] = field(default_factory=list)


@dataclass
class RunGraph(Graph):
    """The run as a Graph: ``parts`` by layer path, in run order; ``breaks``: op id of
    each break's node -> its :class:`~d2s_lab.core.sot.model.GraphBreak`; ``handed``:
    ids of the ops a value from the previous part enters (an inferred hand-over);
    ``part_of``: op id -> the part (layer path, or the break node's ``break<k>``)."""

    parts: Dict[str, RunPart] = field(default_factory=dict)
    breaks: Dict[int, GraphBreak] = field(default_factory=dict)
    handed: set = field(default_factory=set)
    part_of: Dict[int, str] = field(default_factory=dict)
    min_graph_size: Optional[int] = None
    own_words: set = field(default_factory=set)  # ids of the breaks whose message is d2s_lab's, not Paddle's


def _order(report: SotReport) -> list:
    """Subgraphs and breaks in run order: a frame that ran in dygraph (fallback, skipped)
    first, as the frame around the rest; each break before the first subgraph in its file
    whose ops all come from later lines (a break splits a frame: what follows it comes
    from lines below it); the rest after the last subgraph."""
    first = [b for b in report.breaks if b.kind != "break"]
    pending = [b for b in report.breaks if b.kind == "break"]
    out: list = list(first)
    for sub in report.subgraphs:
        files = _files(sub)
        start = min(sub.lines) if sub.lines else None
        ready = [b for b in pending if start is not None and b.line and b.line < start
                 and (not files or b.file in files)]
        out.extend(ready)
        pending = [b for b in pending if b not in ready]
        out.append(sub)
    return out + pending


def _all_dygraph(report: SotReport) -> list:
    """A run SOT translated but compiled nothing for (every graph it traced smaller than
    ``MIN_GRAPH_SIZE``; Paddle 2.6 records no such graph): the user's frame as one stretch
    of dygraph, saying why ([] when SOT translated nothing)."""
    if report.error is not None or not report.frames_translated:
        return []
    frame = next((f for f in report.frames if f.made_by is None), None)
    reason = t("rundraw.none_compiled_reason", min=report.min_graph_size)
    message = t("sot.none_compiled", name=report.name, tr=report.frames_translated, min=report.min_graph_size)
    if frame is None:
        return [GraphBreak(reason, message, "fallback", function=report.name)]
    return [GraphBreak(reason, message, "fallback", frame.file, frame.first_line or None, frame.name)]


def _files(sub: Subgraph) -> set:
    if sub.graph is None:
        return set()
    return {o.source.file for o in sub.graph.iter_ops() if o.source is not None}


class _Merger:
    def __init__(self, report: SotReport):
        self.report = report
        self.graph = RunGraph(blocks=[Block("global", "global")], name=report.name, origin="sot run",
                              min_graph_size=report.min_graph_size)
        self.next_id = 0
        self.previous: List[str] = []  # the values the last part handed on

    def new_id(self) -> int:
        self.next_id += 1
        return self.next_id - 1

    def add_op(self, op: Op, part: str) -> None:
        self.graph.global_block.ops.append(op)
        self.graph.part_of[op.id] = part

    def takes(self, vid: str) -> List[str]:
        """The previous part's outputs an input ``vid`` is taken to be."""
        v = self.graph.values.get(vid)
        same = [p for p in self.previous if v is not None and self.graph.values[p].shape == v.shape
                and self.graph.values[p].dtype == v.dtype]
        return same or list(self.previous)

    def add_break(self, k: int, b: GraphBreak, own: bool = False) -> None:
        op_id = self.new_id()
        part = f"break{k}"
        outs = []
        for i, vid in enumerate(self.previous):  # the tensors go on through the Python between
            v = self.graph.values[vid]
            out = f"b{k}:{i}"
            self.graph.values[out] = Value(out, v.shape, v.dtype, producer=op_id)
            outs.append(out)
        source = SourceLoc(b.file, b.line, b.function, b.code.strip()) if b.file and b.line else None
        op = Op(op_id, BREAK_OP, "control", {"reason": b.reason, "kind": b.kind},
                inputs=list(self.previous), outputs=outs, source=source)
        if self.previous:
            self.graph.handed.add(op_id)
        self.graph.breaks[op_id] = b
        if own:
            self.graph.own_words.add(op_id)
        self.add_op(op, part)
        if outs:
            self.previous = outs

    def add_subgraph(self, k: int, sub: Subgraph, last: bool) -> None:
        key = sub.name or f"SIR_{k}"
        self.graph.parts[key] = RunPart(key, sub.num_ops, sub.runs_static, self.report.min_graph_size,
                                        list(sub.lines))
        if sub.graph is None:
            op_id = self.new_id()
            out = f"s{k}:out"
            self.graph.values[out] = Value(out, producer=op_id)
            self.add_op(Op(op_id, PLACEHOLDER_OP, "other", {"ops": sub.num_ops}, inputs=list(self.previous),
                           outputs=[out], layer=key), key)
            if self.previous:
                self.graph.handed.add(op_id)
            self.previous = [out]
            return
        g = sub.graph
        prefix = f"s{k}:"
        ids: Dict[int, int] = {}
        for op in g.iter_ops():
            ids[op.id] = self.new_id()
        for vid, v in g.values.items():
            self.graph.values[prefix + vid] = replace(
                v, id=prefix + vid, producer=ids.get(v.producer) if v.producer is not None else None)
        handed_out: List[str] = []
        before = list(self.previous)
        for op in g.global_block.ops:
            new = self._copy(op, ids, prefix, key)
            if new.name in ("pd_op.data", "data") and not new.inputs:
                name = str(op.attrs.get("name", ""))
                v = self.graph.values.get(new.outputs[0]) if new.outputs else None
                if _PARAM_INPUT.match(name) and v is not None:  # a parameter: folded into labels
                    new.name, new.category, v.kind = "builtin.parameter", "parameter", "parameter"
                elif before:
                    new.inputs = self.takes(new.outputs[0]) if new.outputs else list(before)
                    self.graph.handed.add(new.id)
                else:
                    self.graph.inputs.extend(new.outputs)
            if new.name == "builtin.shadow_output" and not last:  # handed on, not the run's output
                handed_out.extend(new.inputs)
                continue
            self.add_op(new, key)
        if before:
            self._take_orphans(key, before)
        self.previous = handed_out or [o for op in self.graph.global_block.ops[-1:] for o in op.outputs]

    def _take_orphans(self, key: str, before: List[str]) -> None:
        """A legacy Program (Paddle 2.6) has no data op for a subgraph's inputs: each value
        its ops read that nothing produced (and that is no parameter) is taken to be what
        the previous part handed on."""
        self.previous = before
        values = self.graph.values
        for op in self.graph.global_block.ops:
            if self.graph.part_of.get(op.id) != key:
                continue
            new_inputs, took = [], False
            for vid in op.inputs:
                v = values.get(vid)
                if v is not None and v.producer is None and v.kind not in ("parameter", "input"):
                    new_inputs.extend(self.takes(vid))
                    took = True
                else:
                    new_inputs.append(vid)
            if took:
                op.inputs = list(dict.fromkeys(new_inputs))
                self.graph.handed.add(op.id)

    def _copy(self, op: Op, ids: Dict[int, int], prefix: str, key: str) -> Op:
        return Op(ids[op.id], op.name, op.category, dict(op.attrs), [prefix + v for v in op.inputs],
                  [prefix + v for v in op.outputs],
                  [Block(prefix + b.id, b.label, [self._copy(o, ids, prefix, key) for o in b.ops],
                         [prefix + a for a in b.args]) for b in op.blocks],
                  key + ("." + op.layer if op.layer else ""), op.struct_name, op.source)


def has_run(report: SotReport) -> bool:
    """Whether :func:`run_graph` has something to draw for ``report``."""
    return bool(report is not None and report.available
                and (report.subgraphs or report.breaks or (report.error is None and report.frames_translated)))


def run_graph(report: SotReport) -> Optional[RunGraph]:
    """The run of ``report`` as one :class:`RunGraph` (None when SOT built no subgraph and
    recorded no break: nothing to draw)."""
    if report is None or not report.available:
        return None
    order = _order(report) if report.subgraphs or report.breaks else _all_dygraph(report)
    if not order:
        return None
    merger = _Merger(report)
    last_sub = max((i for i, p in enumerate(order) if isinstance(p, Subgraph)), default=-1)
    nb = ns = 0
    for i, part in enumerate(order):
        if isinstance(part, Subgraph):
            merger.add_subgraph(ns, part, i == last_sub)
            ns += 1
        else:
            # a skipped frame's reason, a run that compiled nothing, the if-break: said by d2s_lab
            merger.add_break(nb, part, own=part.kind == "skipped" or not report.breaks
                             or part.message in CATALOGUE["sot.break_if"].values())
            nb += 1
    return merger.graph


__all__ = ["BREAK_OP", "PLACEHOLDER_OP", "RunGraph", "RunPart", "has_run", "run_graph"]
