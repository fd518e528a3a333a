"""What SOT (Paddle's bytecode translation, ``to_static`` without ``full_graph``) did
with a function: each graph break and its reason, each frame that fell back to
dygraph, and the subgraphs it compiled.

The SOT internals it reads are hooked in
:mod:`d2s_lab.core.paddle_compat.sot`; this module turns what they record into a
report: user lines, the code on them, the subgraphs drawn, and what AST mode says.
"""
from __future__ import annotations

import contextlib
import io
import linecache
import re
import time
from dataclasses import dataclass, field
from typing import Any, List, Optional

from d2s_lab.core import display
from d2s_lab.core.cells import restore_sources
from d2s_lab.core.convert import Conversion, convert
from d2s_lab.core.diagnosis import diagnose
from d2s_lab.errors import ConversionError, D2SError, SpecError
from d2s_lab.core.frames import display_file, is_user_file
from d2s_lab.core.graph.model import Graph
from d2s_lab.core.paddle_compat import require_paddle, sot
from d2s_lab.core.paddle_compat.walk import program_to_graph
from d2s_lab.core.paddle_compat.targets import resolve
from d2s_lab.core.specs import as_input_list, random_inputs, to_input_specs


@dataclass
class GraphBreak:
    """One place where SOT could not keep tracing into the same graph.

    ``kind`` is ``"break"`` (the frame was split there; the rest went on in
    new subgraphs) or ``"fallback"`` (the whole frame ran in dygraph).
    """

    reason: str  # Paddle's reason class, e.g. "DataDependencyOperationBreak"
    message: str
    kind: str = "break"
    file: str = ""
    line: Optional[int] = None
    function: str = ""
    code: str = ""

    @property
    def where(self) -> str:
        return f"{display_file(self.file)} line {self.line}" if self.file and self.line else ""


@dataclass
class Subgraph:
    """One program SOT compiled: its name, op count and (when drawn) its Graph."""

    name: str
    num_ops: int
    graph: Optional[Graph] = None
    lines: List[int] = field(default_factory=list)  # user lines its ops come from


@dataclass
class SotReport:
    """Graph breaks, fallbacks and subgraphs of one SOT run, and what AST mode says."""

    name: str
    available: bool = True
    message: str = ""  # why the report is empty or partial
    breaks: List[GraphBreak] = field(default_factory=list)
    subgraphs: List[Subgraph] = field(default_factory=list)
    frames_translated: int = 0
    run_s: float = 0.0
    error: Any = None  # an ErrorReport when the SOT run itself failed
    ast_ok: Optional[bool] = None
    ast_ops: Optional[int] = None
    ast_error: Any = None  # an ErrorReport when AST mode fails
    paddle_version: str = ""

    @property
    def fallbacks(self) -> List[GraphBreak]:
        return [b for b in self.breaks if b.kind == "fallback"]

    @property
    def full_graph(self) -> bool:
        """One subgraph, no break, no fallback: SOT captured the whole function."""
        return self.available and not self.breaks and len(self.subgraphs) == 1 and self.error is None

    def summary(self) -> str:
        if not self.available:
            return f"{self.name} [sot]: {self.message}"
        ast = ("AST converts it" if self.ast_ok else
               f"AST fails ({self.ast_error.exc_type})" if self.ast_error is not None else "AST not tried")
        return (f"{self.name} [sot]: {len(self.subgraphs)} subgraph(s) "
                f"({', '.join(str(s.num_ops) for s in self.subgraphs) or '-'} ops), "
                f"{len([b for b in self.breaks if b.kind == 'break'])} break(s), "
                f"{len(self.fallbacks)} fallback(s); {ast}")

    def __repr__(self) -> str:
        return f"<SotReport {self.summary()}>"

    def _repr_html_(self) -> str:
        return display.html(self)


def _line_text(filename: str, line: Optional[int]) -> str:
    if not filename or not line:
        return ""
    return linecache.getline(filename, line).rstrip("\n")


def _tokens(reason: str, message: str) -> List[str]:
    """Source text a break reason points at (``.numpy(`` for "Calling `Tensor.numpy`")."""
    m = re.search(r"Tensor\.(\w+)", message)
    if m:
        return [f".{m.group(1)}("]
    m = re.search(r"NumPy API: (\w+)", message)
    if m or "NumPy" in reason:
        name = m.group(1) if m else ""
        return [f"np.{name}", f"numpy.{name}", "np.", "numpy."] if name else ["np.", "numpy."]
    m = re.search(r"builtin function: (\w+)", message)
    if m:
        return [f"{m.group(1)}("]
    m = re.search(r"Paddlepaddle API: .*?(\w+)\W*$", message)
    if m:
        return [f"{m.group(1)}("]
    return []


def _refine_line(b: GraphBreak) -> Optional[int]:
    """SOT's resumed frames (the code after a break) carry shifted line tables; when the
    reported line does not show what the reason names, take the next line of the
    function that does."""
    toks = _tokens(b.reason, b.message)
    if not toks or not b.file or not b.line:
        return b.line
    lines = linecache.getlines(b.file)
    if not lines:
        return b.line
    for tok in toks:
        for n in range(b.line, min(len(lines), b.line + 40) + 1):
            if tok in lines[n - 1]:
                return n
    return b.line


def sot_report(obj, inputs=None, input_spec=None, ast: bool = True, name: Optional[str] = None) -> SotReport:
    """Run ``obj`` once through SOT and report its graph breaks, fallbacks and subgraphs.

    Args:
        obj: a Layer, a bound Layer method, a function, or a
            :class:`~d2s_lab.core.convert.Conversion` (its target and inputs are used).
        inputs: example tensors (a list for several arguments); default: random
            tensors from ``input_spec`` (or the Conversion's specs).
        ast: also convert with AST mode (``full_graph=True``) and say whether it works.

    Returns a :class:`SotReport` (displays as HTML in a notebook).
    """
    paddle = require_paddle()
    conv = obj if isinstance(obj, Conversion) else None
    target = conv.target if conv is not None else obj
    tgt = resolve(target)
    report = SotReport(name=name or (conv.name if conv is not None else tgt.name),
                       paddle_version=paddle.__version__)
    specs = None
    if conv is not None:
        specs = conv.input_specs
        if inputs is None:
            inputs = conv.example_inputs
    if input_spec is not None or (inputs is not None and specs is None):
        specs, examples = to_input_specs(input_spec, inputs)
        inputs = examples if examples is not None else inputs
    if specs is None:
        specs = tgt.specs
    if inputs is None:
        if specs is None:
            raise SpecError(f"No inputs for {report.name}.", "Pass inputs=[tensor, ...] or input_spec.")
        inputs = random_inputs(specs)
    inputs = as_input_list(inputs)

    mods, why = sot.sot_internals()
    if mods is None:
        report.available, report.message = False, why
    else:
        _run_sot(report, mods, tgt.function, inputs, paddle)
    if ast:
        _ast_side(report, target, specs, inputs)
    return report


def _run_sot(report: SotReport, mods, fn, inputs, paddle) -> None:
    events = sot.new_events()
    static = paddle.jit.to_static(fn, full_graph=False)
    sot.clear_caches(mods)
    sink = io.StringIO()
    t0 = time.perf_counter()
    with sot.capturing(mods, events) as collector, contextlib.redirect_stdout(sink):
        try:
            static(*inputs)
        except Exception as exc:
            restore_sources()
            report.error = diagnose(exc)
        unmatched, op_counts = sot.collected(mods, collector)
    report.run_s = time.perf_counter() - t0
    sot.clear_caches(mods)  # the user's later calls translate with their own settings
    report.frames_translated = events["frames"]
    breaks = [GraphBreak(*b) for b in events["breaks"] if is_user_file(b.file) or b.kind == "fallback"]
    # Break reasons Paddle collected that no frame split accounts for (inside inlined calls).
    for rid, raw in unmatched:
        if rid in events["matched"]:
            continue
        if not any(b.reason == raw.reason and b.message == raw.message for b in breaks):
            breaks.append(GraphBreak(*raw))
    for b in breaks:
        b.line = _refine_line(b)
        b.code = _line_text(b.file, b.line)
    report.breaks = breaks
    for sir, size, cp in events["subgraphs"]:
        graph = None
        try:
            graph = program_to_graph(cp.main_program, name=sir)
        except Exception as e:
            events["notes"].append(f"{sir}: not drawn ({type(e).__name__})")
        n = op_counts.get(sir) or size
        if n is None and graph is not None:
            n = graph.num_ops()
        lines = sorted({o.source.line for o in graph.iter_ops() if o.source is not None}) if graph else []
        report.subgraphs.append(Subgraph(sir, int(n or 0), graph, lines))
    if events["notes"]:
        report.message = "; ".join(events["notes"])


def _ast_side(report: SotReport, target, specs, inputs) -> None:
    try:
        ast_conv = convert(target, input_spec=specs, example_inputs=None if specs is not None else inputs,
                           mode="ast", name=report.name)
        report.ast_ok = True
        report.ast_ops = ast_conv.drawn_graph.num_ops() if ast_conv.drawn_graph is not None else None
    except ConversionError as exc:
        report.ast_ok = False
        report.ast_error = exc.report
    except D2SError as exc:
        report.ast_ok = None
        report.message = (report.message + "; " if report.message else "") + f"AST mode not tried: {exc}"


def attach_sot_report(conv: Conversion) -> None:
    """Build the SOT report for a Conversion (``conv.sot``); a failure becomes a note."""
    try:
        conv.sot = sot_report(conv)
    except Exception as exc:
        conv.notes.append(f"The SOT graph-break report could not be built: {type(exc).__name__}: {exc}")
