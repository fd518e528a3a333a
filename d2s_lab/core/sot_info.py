"""What SOT (Paddle's bytecode translation, ``to_static`` without ``full_graph``) did
with a function: each graph break and its reason, each frame that fell back to
dygraph, and the subgraphs it compiled.

This is the one module that knows SOT's internals, all of them private to Paddle
and moving between versions:

* ``paddle.jit.sot.utils.info_collector.InfoCollector`` with the
  ``breakgraph_reason`` and ``subgraph_info`` collectors, switched on through
  ``SOT_COLLECT_INFO`` (Paddle >= 3.0); the break reasons are the classes in
  ``paddle.jit.sot.utils.exceptions`` (``DataDependencyOperationBreak``, ...);
* ``OpcodeExecutor._break_graph_when_if`` / ``_break_graph_when_call`` (where a
  frame is split, and on which line), ``executor_cache.start_translate`` (a
  frame that fell back entirely) and ``FallbackWrapper`` (the compiled
  subgraphs and their Programs), wrapped for the duration of one run;
* ``MIN_GRAPH_SIZE``: set to 0 during the run, or subgraphs smaller than 10
  ops run eagerly and never show up.

Every piece is feature-detected; a Paddle build without them gets a report that
says plainly what is missing.
"""
from __future__ import annotations

import contextlib
import io
import linecache
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from .graph import Graph, display_file


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
        from ..viz.sot_view import sot_report_html

        return sot_report_html(self)


def _sot_modules():
    """Paddle's SOT internals this module needs, or a reason they are missing."""
    try:
        import paddle
        from paddle.jit.sot.opcode_translator.executor import executor_cache, opcode_executor
        from paddle.jit.sot.symbolic import compile_cache
        from paddle.jit.sot.utils import envs, exceptions, info_collector
    except Exception as exc:  # pragma: no cover - depends on the Paddle build
        return None, f"this Paddle build has no SOT info collector ({type(exc).__name__}: {exc})"
    need = [
        (info_collector, "InfoCollector"), (info_collector, "BreakGraphReasonInfo"),
        (info_collector, "SubGraphInfo"), (envs, "ENV_SOT_COLLECT_INFO"),
        (envs, "ENV_MIN_GRAPH_SIZE"), (exceptions, "BreakGraphError"), (exceptions, "FallbackError"),
        (opcode_executor, "OpcodeExecutor"), (executor_cache, "start_translate"),
        (executor_cache, "OpcodeExecutorCache"), (compile_cache, "FallbackWrapper"),
    ]
    missing = [f"{m.__name__}.{a}" for m, a in need if not hasattr(m, a)]
    if missing:
        return None, (f"Paddle {paddle.__version__} lacks SOT internals this report reads "
                      f"({', '.join(missing)}); it was written against Paddle 3.x.")
    return dict(paddle=paddle, ic=info_collector, envs=envs, exc=exceptions, oe=opcode_executor,
                ec=executor_cache, cc=compile_cache), ""


def _line_text(filename: str, line: Optional[int]) -> str:
    if not filename or not line:
        return ""
    return linecache.getline(filename, line).rstrip("\n")


def _function_name(code_name: str) -> str:
    """SOT names the rest of a split frame ``$resume_1@f_7902e``; show ``f (resumed)``."""
    if not code_name.startswith("$"):
        return code_name
    base = code_name.rsplit("@", 1)[-1]
    head, _, tail = base.rpartition("_")
    if head and all(ch in "0123456789abcdef" for ch in tail):
        base = head
    return f"{base} (resumed)"


def _executor_place(executor):
    try:
        code = executor.vframe.code
        line = getattr(executor, "_current_line", -1)
        return code.co_filename, (line if line and line > 0 else None), _function_name(code.co_name)
    except Exception:
        return "", None, ""


def _executor_on_stack():
    """The innermost SOT executor on the Python stack (for where a fallback was raised)."""
    f = sys._getframe(2)
    while f is not None:
        obj = f.f_locals.get("self")
        if obj is not None and hasattr(obj, "vframe") and hasattr(obj, "_current_line"):
            return obj
        f = f.f_back
    return None


@contextlib.contextmanager
def _capture(mods, events: Dict[str, list]):
    """Switch on SOT's collectors and wrap the few internals that know lines and programs."""
    ic, envs, oe, ec, cc, exc_mod = mods["ic"], mods["envs"], mods["oe"], mods["ec"], mods["cc"], mods["exc"]
    Executor = oe.OpcodeExecutor
    orig_if = Executor._break_graph_when_if
    orig_call = Executor._break_graph_when_call
    orig_translate = ec.start_translate
    orig_wrapper_call = cc.FallbackWrapper.__call__
    orig_fallback_init = exc_mod.FallbackError.__init__

    # The wrappers take *args so a changed signature in Paddle passes straight through.
    def on_if(self, *args, **kwargs):
        f, line, fn = _executor_place(self)
        instr = next((a for a in args if hasattr(a, "starts_line")), None)
        line = getattr(instr, "starts_line", None) or line
        events["breaks"].append(GraphBreak(
            "DataDependencyControlFlowBreak",
            "an `if`/`while` on a Tensor's value: Python needs the value to choose a branch",
            "break", f, line, fn))
        return orig_if(self, *args, **kwargs)

    def on_call(self, *args, **kwargs):
        f, line, fn = _executor_place(self)
        err = sys.exc_info()[1]
        reason = getattr(err, "reason", None)
        name = type(reason).__name__ if reason is not None else "BreakGraph"
        msg = str(getattr(reason, "reason_str", "") or err or "graph break at a call")
        events["breaks"].append(GraphBreak(name, msg, "break", f, line, fn))
        if reason is not None:
            events["matched"].add(id(reason))
        return orig_call(self, *args, **kwargs)

    def on_fallback_init(self, *args, **kwargs):
        orig_fallback_init(self, *args, **kwargs)
        ex = _executor_on_stack()
        where = _executor_place(ex) if ex is not None else ("", None, "")
        events["fallback_errors"].append((type(self).__name__, str(args[0]) if args else str(self), where))

    def on_translate(frame, *args, **kwargs):
        start = len(events["fallback_errors"])
        result = orig_translate(frame, *args, **kwargs)
        events["frames"] += 1
        code = getattr(result[0], "code", "?") if result else "?"
        raised = events["fallback_errors"][start:]
        if code is None and raised:
            name, msg, (f, line, fn) = raised[-1]
            c = frame.f_code
            events["breaks"].append(GraphBreak(
                name, msg, "fallback", f or c.co_filename, line or c.co_firstlineno,
                fn or _function_name(c.co_name)))
        return result

    def on_wrapper_call(self, *args, **kwargs):
        out = orig_wrapper_call(self, *args, **kwargs)
        try:
            name = self.SIR.name
            if name not in events["seen_sir"]:
                events["seen_sir"].add(name)
                size = self.graph_size() if hasattr(self, "graph_size") else None
                events["subgraphs"].append((name, size, self.concrete_program))
        except Exception as e:  # the report must not break the user's run
            events["notes"].append(f"subgraph not recorded: {type(e).__name__}: {e}")
        return out

    Guard = getattr(envs, "EnvironmentVariableGuard", None)
    collect = {"breakgraph_reason": [], "subgraph_info": []}
    collector = ic.InfoCollector()
    collector.clear()
    with contextlib.ExitStack() as stack:
        if Guard is not None:
            stack.enter_context(Guard(envs.ENV_SOT_COLLECT_INFO, collect))
            stack.enter_context(Guard(envs.ENV_MIN_GRAPH_SIZE, 0))
        Executor._break_graph_when_if = on_if
        Executor._break_graph_when_call = on_call
        ec.start_translate = on_translate
        cc.FallbackWrapper.__call__ = on_wrapper_call
        exc_mod.FallbackError.__init__ = on_fallback_init
        try:
            yield collector
        finally:
            Executor._break_graph_when_if = orig_if
            Executor._break_graph_when_call = orig_call
            ec.start_translate = orig_translate
            cc.FallbackWrapper.__call__ = orig_wrapper_call
            exc_mod.FallbackError.__init__ = orig_fallback_init


def _clear_sot_caches(mods) -> None:
    """Forget translated frames and compiled subgraphs, so the next run translates afresh."""
    try:
        mods["ec"].OpcodeExecutorCache().clear()
    except Exception:
        pass
    try:
        mods["cc"].CompileSIRCache().clear()
    except Exception:
        pass


def _tokens(reason: str, message: str) -> List[str]:
    """Source text a break reason points at (``.numpy(`` for "Calling `Tensor.numpy`")."""
    import re

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


def _is_user(filename: str) -> bool:
    from .pir_walk import is_user_file

    return bool(filename) and is_user_file(filename) and not filename.startswith("<frozen")


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
    from ._paddle import require_paddle

    paddle = require_paddle()
    from .convert import _resolve
    from .specs import random_inputs, to_input_specs

    conv = obj if hasattr(obj, "static_function") and hasattr(obj, "input_specs") else None
    target = conv.target if conv is not None else obj
    fn, layer, default_specs, disp = _resolve(target, paddle)
    report = SotReport(name=name or (conv.name if conv is not None else disp),
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
        specs = default_specs
    if inputs is None:
        if specs is None:
            from .errors import SpecError

            raise SpecError(f"No inputs for {report.name}.", "Pass inputs=[tensor, ...] or input_spec.")
        inputs = random_inputs(specs)
    if not isinstance(inputs, (list, tuple)):
        inputs = [inputs]
    inputs = [paddle.to_tensor(i) if type(i).__module__ == "numpy" else i for i in inputs]

    mods, why = _sot_modules()
    if mods is None:
        report.available, report.message = False, why
    else:
        _run_sot(report, mods, fn, list(inputs), paddle)
    if ast:
        _ast_side(report, target, specs, inputs, conv)
    return report


def _run_sot(report: SotReport, mods, fn, inputs, paddle) -> None:
    from .diagnose import diagnose
    from .pir_walk import program_to_graph

    events: Dict[str, Any] = {"breaks": [], "frames": 0, "subgraphs": [], "seen_sir": set(),
                              "fallback_errors": [], "matched": set(), "notes": []}
    static = paddle.jit.to_static(fn, full_graph=False)
    _clear_sot_caches(mods)
    sink = io.StringIO()
    t0 = time.perf_counter()
    with _capture(mods, events) as collector, contextlib.redirect_stdout(sink):
        try:
            static(*inputs)
        except Exception as exc:
            report.error = diagnose(exc)
        reasons = list(collector.get_info_dict(mods["ic"].InfoType.E2E_INFO).get("BreakGraphReasonInfo", []))
        subinfo = list(collector.get_info_dict(mods["ic"].InfoType.STEP_INFO).get("SubGraphInfo", []))
        collector.clear()  # nothing left for Paddle to print at exit
    report.run_s = time.perf_counter() - t0
    _clear_sot_caches(mods)  # the user's later calls translate with their own settings
    report.frames_translated = events["frames"]
    breaks = [b for b in events["breaks"] if _is_user(b.file) or b.kind == "fallback"]
    # Break reasons Paddle collected that no frame split accounts for (inside inlined calls).
    for info in reasons:
        r = getattr(info, "reason", None)
        if r is None or id(r) in events["matched"]:
            continue
        line = getattr(r, "line_number", -1)
        f = getattr(r, "file_path", "") or ""
        if not any(b.reason == type(r).__name__ and b.message == str(r.reason_str) for b in breaks):
            breaks.append(GraphBreak(type(r).__name__, str(r.reason_str), "break", f,
                                     line if line and line > 0 else None, ""))
    for b in breaks:
        b.line = _refine_line(b)
        b.code = _line_text(b.file, b.line)
    report.breaks = breaks
    op_counts = {getattr(s, "sir_name", ""): getattr(s, "op_num", None) for s in subinfo}
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


def _ast_side(report: SotReport, target, specs, inputs, conv) -> None:
    from .convert import convert
    from .errors import ConversionError, D2SError

    try:
        ast_conv = convert(target, input_spec=specs, example_inputs=None if specs is not None else inputs,
                           mode="ast", name=report.name)
        report.ast_ok = True
        report.ast_ops = ast_conv.ir.num_ops() if ast_conv.ir is not None else None
    except ConversionError as exc:
        report.ast_ok = False
        report.ast_error = exc.report
    except D2SError as exc:
        report.ast_ok = None
        report.message = (report.message + "; " if report.message else "") + f"AST mode not tried: {exc}"


def attach_sot_report(conv) -> None:
    """Build the SOT report for a Conversion (``conv.sot``); a failure becomes a note."""
    try:
        conv.sot = sot_report(conv)
    except Exception as exc:
        conv.notes.append(f"The SOT graph-break report could not be built: {type(exc).__name__}: {exc}")
