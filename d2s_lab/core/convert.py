"""``d2s_lab.convert``: run ``paddle.jit.to_static`` and keep everything it shows.

A :class:`Conversion` holds the original and transformed sources, Paddle's
Program, the framework-neutral :class:`~d2s_lab.core.graph.model.Graph`, the input
and output specs, parameter figures and timings.
"""
from __future__ import annotations

import inspect
import textwrap
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional

from d2s_lab.core import display
from d2s_lab.core.capture import captured
from d2s_lab.core.cells import restore_sources
from d2s_lab.core.diagnosis import diagnose
from d2s_lab.core.dims import Dims
from d2s_lab.errors import ConversionError, D2SError, SpecError
from d2s_lab.core.export import save_conversion
from d2s_lab.core.frames import gist_at_line, is_user_file, library_of
from d2s_lab.core.graph.model import Graph
from d2s_lab.core.guarded_run import (Aborted, Runaway, TraceStopped, aborted_error, first_run, on_a_short_stack,
                                      runaway_error, trace_stopped_error)
from d2s_lab.core.nested import flatten
from d2s_lab.core.options import RUN_BUDGET_S, TRACE_BUDGET_S, ViewOptions
from d2s_lab.core.other_programs import program_diff, program_graph, programs_diff
from d2s_lab.core.rewrites import find_rewrites
from d2s_lab.core.paddle_compat import require_paddle
from d2s_lab.core.paddle_compat.walk import (feed_values, has_while_loop, param_names_of, program_to_graph,
                                    recording_layer_paths, value_name)
from d2s_lab.core.paddle_compat.hooks.sot_run import recording_call_breaks
from d2s_lab.core.modes import resolve_mode
from d2s_lab.core.paddle_compat.default_path import path_of
from d2s_lab.core.sot.build import SotRun
from d2s_lab.core.sot.model import SotReport
from d2s_lab.core.sot.run_graph import has_run
from d2s_lab.core.calls import calls_of, watch_calls
from d2s_lab.core.paddle_compat.targets import (code_of, concrete_program, converted_methods, is_layer, resolve,
                                                unconverted)
from d2s_lab.core.paddle_compat.transformers import recording_converted_functions
from d2s_lab.core.graph.shapes import dtype_name, spec_text
from d2s_lab.core.specs import (InputInfo, describe_inputs, parameter_defaults, parameter_names, random_inputs,
                                 to_input_specs)
from d2s_lab.text import t
from d2s_lab.core.steps import capture_source, capture_steps, converted_functions

MODES = ("ast", "sot")


@dataclass
class Conversion:
    """The result of :func:`convert`. Displays as a report in a notebook."""

    name: str
    mode: str  # "ast" (full_graph=True) or "sot" (bytecode translation)
    # why that path: "paddle" (plain to_static's default here), "asked", "session", "D2S_MODE"
    mode_source: str = "asked"
    target: Any = None  # the Layer or function that was converted
    static_function: Any = None
    original_source: str = ""
    transformed_source: Optional[str] = None
    program: Any = None
    drawn_graph: Optional[Graph] = None  # d2s_lab's graph model of ``program``: what is drawn
    input_specs: Any = None  # Paddle InputSpecs as given to to_static
    inputs: List[InputInfo] = field(default_factory=list)  # tensors and Python constants
    outputs: List[InputInfo] = field(default_factory=list)
    output_objects: List[str] = field(default_factory=list)  # other outputs' classes ("Categorical")
    num_params: int = 0
    param_bytes: int = 0
    timings: Dict[str, float] = field(default_factory=dict)
    paddle_version: str = ""
    notes: List[str] = field(default_factory=list)
    error: Optional[ConversionError] = None  # when conversion or the first run failed
    example_inputs: Any = None
    input_dims: Dict[Any, int] = field(default_factory=dict)  # sizes of made-up inputs (--dim)
    source_file: str = ""
    source_first_line: int = 0
    callees: List[Any] = field(default_factory=list)  # ConvertedFunction: converted recursively
    view: ViewOptions = field(default_factory=ViewOptions)  # how the report draws the graph
    saved: List[tuple] = field(default_factory=list)  # (path, bytes) written by save()
    check: Any = None  # a NumericCheck, filled by d2s_lab.core.check.attach_check
    sot: Any = None  # a SotReport, read from the SOT first run (core.sot.build.SotRun)
    # the Layer's other methods decorated with to_static, each converted on its own
    methods: Dict[str, "Conversion"] = field(default_factory=dict)
    rewrites: List[Any] = field(default_factory=list)  # Python values Paddle silently rewrote
    library_forward: bool = False  # forward is library code (nn.Sequential), not the user's
    structure: str = ""  # the Layer's structure (its repr), shown when forward is library code
    paddle_log: str = ""  # Paddle's native log lines and warnings while converting
    traced_prints: str = ""  # what forward printed while Paddle traced it (runs once)
    # SOT: the code generated for each graph break at a call -> where that call is in the
    # user's code (paddle_compat.sot.CallBreak), for an error the call raises
    sot_call_breaks: Dict[Any, Any] = field(default_factory=dict)
    # the other programs of this conversion, built when asked for (d2s_lab.core.other_programs):
    # "train", "amp O1 bfloat16", "inference", "inference input" -> Graph
    programs: Dict[str, Graph] = field(default_factory=dict)
    call_log: Any = field(default=None, repr=False)  # later calls (d2s_lab.core.sot.calls)
    var_name: str = ""  # the notebook name it is kept under (%%to_static --as): its report's suggestions use it

    def __call__(self, *args, **kwargs):
        """Call the converted function (as Paddle converted it); :meth:`calls` records it."""
        if self.static_function is None:
            raise D2SError(t("calls.not_converted", name=self.name))
        return self.static_function(*args, **kwargs)

    def calls(self):
        """One :class:`~d2s_lab.core.sot.calls.CallRecord` per later call of the converted
        function in this kernel (after the first run): whether it made a new SOT cache
        entry or a new Program, why (the guard that failed and the value that broke it),
        the cache's size against Paddle's limit and the time spent translating. Shows as
        a table in a notebook (``%d2s_calls``)."""
        return calls_of(self)

    @property
    def constants(self) -> List[InputInfo]:
        """The Python values among the inputs: the Program is specialised to them."""
        return [i for i in self.inputs if i.constant]

    def save(self, path: str) -> List[tuple]:
        """Save the converted model with ``paddle.jit.save`` and this conversion's InputSpecs.

        ``path`` is the prefix (a ``.json``/``.pdmodel`` suffix is dropped). Returns the
        files written as ``(path, bytes)``: ``.json`` + ``.pdiparams`` with PIR (Paddle 3.x),
        ``.pdmodel`` + ``.pdiparams`` + ``.pdiparams.info`` otherwise. View them with
        ``d2s_lab.load_saved`` or ``%d2s_show``.
        """
        self.saved = save_conversion(self, path)
        return self.saved

    @property
    def layer(self):
        """The converted ``nn.Layer`` (None for a plain function)."""
        return self.target if is_layer(self.target) else getattr(self.target, "__self__", None)

    def summary(self) -> str:
        ops = self.drawn_graph.num_listed_ops() if self.drawn_graph is not None else "n/a"
        t = ", ".join(f"{k} {v * 1000:.0f} ms" for k, v in self.timings.items())
        return (
            f"{self.name} [{self.mode}]: {ops} ops, {self.num_params:,} params "
            f"({self.param_bytes / 1024:.1f} KiB); in {', '.join(map(str, self.inputs)) or '-'}; "
            f"out {', '.join(map(str, self.outputs)) or '-'}; {t}; Paddle {self.paddle_version}"
            + (f"; {self.call_log.summary()}" if self.call_log is not None and self.call_log.total else "")
        )

    def __repr__(self) -> str:
        return f"<Conversion {self.summary()}>"

    def _repr_html_(self) -> str:
        return display.html(self)

    @property
    def ir(self) -> Optional[Graph]:
        """The old name of :attr:`drawn_graph`, kept for notebooks written before it."""
        return self.drawn_graph

    def graph(self, depth=1, params=False, constants=False, rankdir="TB", program="forward",
              **options):
        """The Program drawn as a diagram (on the default path, SOT: the run as Paddle executes
        it, each compiled subgraph a cluster in run order, the graph breaks between them): a
        GraphView that displays in a notebook and has
        ``.save("x.svg" | "x.png" | "x.dot")``. ``depth``: 1 (each top-level sublayer one
        node), 2, ... or "all"; ``params``/``constants``: draw them as nodes instead of folding
        them into labels; ``rankdir``: "TB" or "LR"; ``program``: "forward" (the converted
        Program), "train" (forward + backward), "amp" (under paddle.amp.auto_cast) or
        "inference" (after Paddle Inference's passes), see :meth:`program_graph`. More
        options: see ``d2s_lab.viz.graph_view.draw_graph`` (highlight, title, budget).
        Shown in a notebook cell, it keeps to the cell's node limit as ``%d2s_graph`` does
        (a note says how to draw everything: ``budget=None``); ``.save()``, ``.dot`` and
        ``.svg`` keep the whole drawing.
        """
        if self.drawn_graph is None and self.sot is None:
            raise D2SError(t("report.no_program_graph", name=self.name, mode=self.mode),
                           t("report.no_program_graph_hint"))
        return display.draw_graph(self.program_graph(program), depth=depth, params=params,
                                  constants=constants, rankdir=rankdir, **{"cell": True, **options})

    def explore(self, program="forward"):
        """A widget for exploring a large Program: click a collapsed layer to open it (its
        frame or breadcrumb closes it), search ops, layer paths and lines, click an op to
        light up its producers and consumers. Needs anywidget and a running kernel; see
        ``%d2s_graph _d2s --explore``."""
        return display.explorer(self.program_graph(program), self.view)

    def steps(self, layer=None):
        """The code after each AST transformer (see ``d2s_lab.steps``); on the default path
        (SOT), the code SOT runs instead of each frame; ``layer``: a
        sublayer's path (``"bert.encoder.layers.0"``) for its forward, an installed
        library's code included."""
        return capture_steps(self, layer)

    def source(self, layer=None):
        """The forward (or, with ``layer``, a sublayer's forward, e.g. a library's) beside
        the code to_static turns it into, marked with its library's name."""
        return capture_source(self, layer)

    def op_table(self, program="forward"):
        """Every op of a program ("forward", "train", "inference", ...; see
        :meth:`program_graph`) in one table: op, input and output shapes, parameters,
        layer, source line. The report shows the first ops of a large program; this shows
        them all."""
        return display.op_table(self.program_graph(program), self.name)

    def program_graph(self, program="forward", **options) -> Graph:
        """The Graph of one of this conversion's programs: "forward", "train" (forward, then
        the backward ops Paddle appends when the function is trained, under the layer path
        ``backward``), "amp" (traced under ``paddle.amp.auto_cast``; ``amp_level`` O1/O2,
        ``amp_dtype``) or "inference" (what the Paddle Inference predictor runs after its
        IR passes; ``onednn=True``). Built once and kept in ``self.programs``."""
        return program_graph(self, program, **options)

    def programs_diff(self, first, second, **options):
        """A ``GraphDiff`` of two of this conversion's programs ("train" against
        "inference": which forward ops the predictor's passes fused), the train program's
        backward ops set apart so that forward ops pair with forward ops."""
        return programs_diff(self, first, second, **options)

    def program_diff(self, program, **options):
        """A ``GraphDiff`` of ``program`` ("train", "amp", "inference") against the program
        it was made from (the forward Program; for "inference" the saved program the
        predictor loaded): the backward ops, the inserted casts, the fused ops."""
        return program_diff(self, program, **options)


def _failed(message: str, stage: str, original: BaseException, conv: "Conversion") -> ConversionError:
    """A ConversionError with its diagnosis (the user's line, a hint), also recorded on
    the partial Conversion it carries."""
    restore_sources()  # Paddle 2.6's error path clears linecache, cell sources included
    err = ConversionError(message, stage=stage, original=original, conversion=conv)
    err.report = diagnose(err)
    facts = err.report.facts
    if facts.get("kind") == "library" and conv.mode == "ast" and conv.target is not None:
        # AST mode failed inside a library's code: say whether SOT mode converts the model
        # as a fresh instance would run (not the converted code the failure left in it)
        try:
            with unconverted(conv.target):
                convert(conv.target, conv.input_specs, conv.example_inputs, mode="sot")
            facts["sot"] = True
        except Exception:
            facts["sot"] = False
        err.report.hint = err.report.hint_for()
    conv.error = err
    return err


def _source_of(fn) -> tuple:
    try:
        lines, first = inspect.getsourcelines(fn)
        return textwrap.dedent("".join(lines)), inspect.getsourcefile(fn) or "", first
    except (OSError, TypeError):
        return "", "", 0


def _tensor_infos(values) -> List[InputInfo]:
    out = []
    for v in flatten(values):
        shape = getattr(v, "shape", None)
        if shape is None:
            continue
        dims = [None if int(d) < 0 else int(d) for d in shape]
        out.append(InputInfo(dims, dtype_name(v), value_name(v)))
    return out


def _object_names(values) -> List[str]:
    """The classes of the outputs that are neither tensors nor plain Python values (a
    ``paddle.distribution.Categorical``): the report names them beside the tensors."""
    plain = (type(None), bool, int, float, complex, str, bytes)
    return [type(v).__name__ for v in flatten(values)
            if getattr(v, "shape", None) is None and not isinstance(v, plain)]


def _check_arity(fn, specs, name):
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return
    params = [p for p in sig.parameters.values()
              if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    if any(p.kind == p.VAR_POSITIONAL for p in sig.parameters.values()):
        return
    required = [p for p in params if p.default is p.empty]
    if len(specs) > len(params):
        raise SpecError(
            f"{len(specs)} inputs were described but {name}({', '.join(p.name for p in params)}) "
            f"takes {len(params)}.",
            "Give one --input (or InputSpec) per argument of forward.",
        )
    if len(specs) < len(required):
        missing = ", ".join(p.name for p in required[len(specs):])
        raise SpecError(
            f"{name} needs inputs for: {missing}.",
            "Add an --input (or InputSpec) for each of them.",
        )


def convert(
    obj,
    input_spec=None,
    example_inputs=None,
    mode: Optional[str] = None,
    run: bool = True,
    name: Optional[str] = None,
    run_budget_s: Optional[float] = None,
    before_run: Optional[Callable[[Graph], None]] = None,
    dims: Any = None,
) -> Conversion:
    """Convert ``obj`` with ``paddle.jit.to_static`` and gather what it produced.

    Args:
        obj: a ``paddle.nn.Layer`` (its forward), a bound Layer method, or a
            function (plain, or already decorated with ``paddle.jit.to_static``).
        input_spec: ``InputSpec`` objects, text specs (``"x: [None,3,32,32] float32"``)
            or nested lists/dicts of them.
        example_inputs: tensors or ndarrays; their shapes/dtypes give the specs
            when ``input_spec`` is None, and they feed the first static run.
        mode: None (the default): the path plain ``paddle.jit.to_static`` takes here
            (SOT on Paddle 3; see :mod:`d2s_lab.core.modes`), unless ``%d2s_mode`` or
            ``$D2S_MODE`` chose one; ``"ast"`` (``to_static(..., full_graph=True)``: AST
            transformers, a full Program); ``"sot"`` (bytecode translation: the
            report of its graph breaks and subgraphs, in ``.sot``).
        run: run the static function once (on the examples, or on random inputs
            built from the specs) to time the first call and check it works.
        run_budget_s: the longest the first run may take when the Program has a ``while``
            loop (its end depends on the data), and tracing forward (AST mode); by default
            20 s for the run and 300 s for tracing. Either can also be stopped with the
            kernel's Interrupt. The conversion so far is kept.
        dims: sizes of dynamic dimensions in the made-up inputs of the first run (no
            ``example_inputs``): ``{axis: size}`` for every input, ``{"name:axis": size}``
            for one (``{1: 16, "past:1": 3}``; axis 0 is the batch), or ``--dim`` texts
            (``["1=16", "past:1=3"]``); any other dynamic dimension is 2. An entry that
            sizes no dynamic dimension is a D2SError (see :mod:`d2s_lab.core.dims`).
        before_run: AST mode: called with the Program's graph as traced, just before the
            first static run, to start work that needs only the graph while the run goes
            (``%%to_static`` starts Graphviz on it); what it raises is ignored.

    Raises:
        D2SError / SpecError for bad input, PaddleMissing without Paddle, and
        ConversionError when Paddle fails to convert or run (with
        ``.stage``, ``.original`` and the partial ``.conversion``).
    """
    paddle = require_paddle()
    target = resolve(obj)
    mode, mode_source = resolve_mode(mode)
    if mode_source == "paddle" and target.static_function is not None:
        # the user's own to_static(...) object already chose its path (full_graph=...)
        mode = path_of(target.static_function) or mode
    fn, layer, disp = target.function, target.layer, target.name
    names, defaults = parameter_names(fn), parameter_defaults(fn)
    specs, examples = to_input_specs(input_spec, example_inputs, names, defaults)
    if specs is None and target.specs is not None:
        specs, _ = to_input_specs(list(target.specs), None, names, defaults)
    if specs is None:
        raise SpecError(t("err.no_input", name=disp), t("err.no_input_hint"))
    _check_arity(fn, specs, disp)
    dims = Dims.parse(dims).check(specs)
    src, src_file, first = _source_of(fn)
    conv = Conversion(
        name=name or disp,
        mode=mode,
        mode_source=mode_source,
        target=obj,
        original_source=src,
        input_specs=specs,
        paddle_version=paddle.__version__,
        example_inputs=examples,
        source_file=src_file,
        source_first_line=first,
        inputs=describe_inputs(specs, fn),
        input_dims=dict(dims.sizes),
    )
    if not src:
        conv.notes.append(t("report.note_no_source"))
    elif src_file and not is_user_file(src_file) and layer is not None:
        # nn.Sequential, a PaddleFormers BertModel...: forward is a library's code, not the user's
        conv.library_forward = True
        conv.structure = repr(layer)
        conv.notes.append(t("report.note_library_forward", layer=type(layer).__name__,
                            library=library_of(src_file) or "Paddle"))
    params = list(layer.parameters()) if layer is not None else []
    conv.num_params = sum(int(p.numel()) for p in params)
    conv.param_bytes = sum(int(p.numel()) * p.element_size() for p in params)

    try:
        with captured(f"convert {conv.name}") as out:
            _convert_and_run(conv, fn, layer, specs, examples, mode, run, run_budget_s, paddle, before_run)
    finally:  # the capture is complete once its block has exited
        conv.paddle_log, conv.traced_prints = out.log, out.printed
        restore_sources()
    conv.call_log = watch_calls(conv, fn, code_of(fn))
    if layer is not None and is_layer(obj):
        _convert_methods(conv, layer, mode, run)
    return conv


def _convert_and_run(conv, fn, layer, specs, examples, mode, run, run_budget_s, paddle,
                     before_run=None) -> None:
    run = run or mode == "sot"  # SOT converts on the first call
    # A batch of 2, not 1: a dimension of 1 broadcasts against anything and would hide the
    # keepdim mistakes (x - x.max(axis=1)) a first run exists to catch; SOT specialises it.
    inputs = (examples if examples is not None else random_inputs(specs, dims=conv.input_dims)) if run else None
    trace_budget_s = TRACE_BUDGET_S if run_budget_s is None else run_budget_s
    run_budget_s = RUN_BUDGET_S if run_budget_s is None else run_budget_s
    walk = _convert_ast(conv, fn, layer, specs, paddle, inputs, trace_budget_s) if mode == "ast" else None
    if mode == "sot":
        _convert_sot(conv, fn, specs, paddle)
    traced = walk() if walk is not None else None  # the Program as traced
    if not run:
        _walked(conv, lambda: traced)
        return
    # not beside a run that may go to a forked child (a Program with a while loop): a
    # fork copies no other thread, and one holding a lock would leave the child stuck
    if before_run is not None and traced is not None and not has_while_loop(conv.program):
        try:
            before_run(traced)
        except Exception:  # the caller's early start; the report does not depend on it
            pass
    t0 = time.perf_counter()
    error: Optional[BaseException] = None
    forkable = _on_cpu(paddle)
    # SOT: the report is read from this run, the one Paddle makes (its settings kept)
    sot_run = SotRun(conv.name, code_of(fn), paddle.__version__) if mode == "sot" else None
    try:
        if sot_run is not None:
            with recording_call_breaks(conv.sot_call_breaks), sot_run:
                out = first_run(conv, inputs, run_budget_s, _tensor_infos, forkable)
        else:
            out = first_run(conv, inputs, run_budget_s, _tensor_infos, forkable)
    except (Runaway, Exception) as exc:
        error = exc
    except KeyboardInterrupt:  # a run Python could stop (SOT runs the loop in Python)
        error = Runaway(True, time.perf_counter() - t0, stopped=True)
    if sot_run is not None:
        conv.sot = sot_run.report(time.perf_counter() - t0)
        conv.sot.ast_runner = _ast_request(conv)
        if conv.sot.available:  # the note points at the report it reads
            conv.notes.append(t("sot.note_no_program" if has_run(conv.sot) else "rundraw.note_no_run"))
    # the Program as the run left it: Paddle appends its output ops (shadow_output)
    _walked(conv, (lambda: walk(onto=traced)) if walk is not None else None)
    if isinstance(error, Runaway):
        raise runaway_error(conv, error) from None
    if isinstance(error, Aborted):
        raise aborted_error(conv, error) from None
    if error is not None:
        err = _failed(t("err.msg_run_failed", error=f"{type(error).__name__}: {gist_at_line(error)}"),
                      "run", error, conv)
        if examples is None and err.report.hint_id in SIZE_HINTS:
            # inputs the specs made up, two or more with guessed sizes that may not fit each
            # other (ids, a mask, past keys): say so, and which
            made = [f"{i.name or 'input'} {spec_text(Dims(conv.input_dims).shape(i), i.dtype)}"
                    for i in conv.inputs if not i.constant and i.shape and None in i.shape]
            if len(made) >= 2:
                err.report.facts["random_inputs"] = made
                err.report.hint = err.report.hint_for()
        if conv.sot is not None:
            conv.sot.error = err.report
        raise err from error
    conv.timings["first_run_s"] = time.perf_counter() - t0
    if not conv.outputs:
        conv.outputs = _tensor_infos(out)
    conv.output_objects = _object_names(out)


# The hints of a failure that inputs of ill-fitting sizes can cause (None: no known cause).
SIZE_HINTS = (None, "broadcast", "shape-mismatch", "reshape-size", "reshape-dynamic-dim", "shape-dynamic-dim")


def _ast_request(conv: Conversion):
    """What :meth:`SotReport.compare_ast` runs: the same target and inputs through AST mode."""
    def compare(report) -> None:
        try:
            ast_conv = convert(conv.target, input_spec=conv.input_specs, example_inputs=conv.example_inputs,
                               mode="ast", name=conv.name)
            report.ast_ok = True
            report.ast_ops = ast_conv.drawn_graph.num_listed_ops() if ast_conv.drawn_graph is not None else None
        except ConversionError as exc:
            report.ast_ok, report.ast_error = False, exc.report
        except D2SError as exc:
            report.message = (report.message + "; " if report.message else "") + t("sot.ast_not_tried", error=exc)
    return compare


def _on_cpu(paddle) -> bool:
    """Paddle runs on the CPU here (a forked child cannot use a CUDA context)."""
    try:
        return str(paddle.device.get_device()).startswith("cpu")
    except Exception:  # an odd build: keep the thread
        return False


def _walked(conv: Conversion, walk) -> None:
    """Build the graph model with ``walk`` (AST mode) and what is read from it."""
    if walk is None:
        return
    conv.drawn_graph = walk()
    conv.rewrites = find_rewrites(conv)


def _convert_methods(conv: Conversion, layer, mode: str, run: bool) -> None:
    """Convert the Layer's other ``to_static`` methods, each with its own specs; a failure
    stays with that method (its partial Conversion carries the error)."""
    for name, method in converted_methods(layer).items():
        label = f"{conv.name}.{name}"
        try:
            conv.methods[name] = convert(method, mode=mode, run=run, name=label)
        except ConversionError as exc:
            conv.methods[name] = exc.conversion
        except D2SError as exc:
            conv.notes.append(t("report.note_method_failed", label=label, error=exc))


def _convert_ast(conv: Conversion, fn, layer, specs, paddle, inputs=None, budget_s=None):
    """Convert with the AST transformers; return the function that walks the Program into
    the graph model (called once the first run has finished with it)."""
    t0 = time.perf_counter()
    try:
        # Python values among the inputs are not pinned into the function's InputSpecs: a
        # later call with another value builds its own Program, as plain to_static(fn) does
        pinned = any(not hasattr(v, "shape") and v is not None for v in flatten(list(specs)))
        sf = paddle.jit.to_static(fn, input_spec=None if pinned else specs, full_graph=True)
        conv.static_function = sf
        with recording_layer_paths(layer) as paths, recording_converted_functions() as seen:
            # Traced for the inputs of the first run, the Program is the one that run uses
            # (Paddle caches it), so forward is traced once, as plain to_static + a call does.
            cp = on_a_short_stack(lambda: concrete_program(sf, specs if pinned else inputs), budget_s)
    except TraceStopped as exc:
        raise trace_stopped_error(conv, exc) from None
    except Exception as exc:
        raise _failed(t("err.msg_convert_failed", name=conv.name, error=f"{type(exc).__name__}: {gist_at_line(exc)}"),
                      "convert", exc, conv) from exc
    conv.timings["convert_s"] = time.perf_counter() - t0
    try:
        conv.transformed_source = sf.code
    except Exception:
        conv.transformed_source = None
    try:
        conv.callees = converted_functions(seen, top=fn)
    except Exception:  # only a view; never fail a conversion over it
        conv.callees = []
    conv.program = cp.main_program
    param_names = param_names_of(layer)
    conv.outputs = _tensor_infos(cp.outputs)
    if layer is None and not conv.num_params:
        # Paddle 3 lists the parameters' program values beside the tensors: count the tensors
        ps = [p for p in flatten(list(cp.parameters)) if isinstance(p, paddle.Tensor)]
        conv.num_params = sum(int(p.numel()) for p in ps)
        conv.param_bytes = sum(int(p.numel()) * p.element_size() for p in ps)

    def walk(onto=None):
        return program_to_graph(
            cp.main_program,
            onto=onto,
            layer_paths=paths,
            param_names=param_names,
            inputs=feed_values(cp.inputs),
            outputs=cp.outputs,
            name=conv.name,
        )

    return walk


def _convert_sot(conv: Conversion, fn, specs, paddle) -> None:
    t0 = time.perf_counter()
    try:
        # SOT ignores input_spec (and warns about it): it specialises on the first call
        conv.static_function = paddle.jit.to_static(fn)
    except Exception as exc:
        raise _failed(t("err.msg_wrap_failed", name=conv.name, error=f"{type(exc).__name__}: {gist_at_line(exc)}"),
                      "convert", exc, conv) from exc
    conv.timings["convert_s"] = time.perf_counter() - t0


def sot_report(obj, inputs=None, input_spec=None, ast: bool = False, name: Optional[str] = None) -> SotReport:
    """Convert ``obj`` in SOT mode (its first call translated by Paddle, as plain
    ``paddle.jit.to_static(obj)`` does) and report its graph breaks, fallbacks and subgraphs.

    Args:
        obj: a Layer, a bound Layer method, a function, or a
            :class:`~d2s_lab.core.convert.Conversion` (an SOT one gives its own report;
            another, its target and inputs).
        inputs: example tensors (a list for several arguments); default: random
            tensors from ``input_spec`` (or the Conversion's specs).
        ast: also convert with AST mode (``full_graph=True``) and say whether it works
            (it traces the function once more).

    Returns a :class:`~d2s_lab.core.sot.model.SotReport` (displays as HTML in a notebook).
    Where the SOT run fails, the report carries the error (``.error``).
    """
    conv = obj if isinstance(obj, Conversion) else None
    if conv is not None and conv.sot is not None:
        rep = conv.sot
    else:
        target = conv.target if conv is not None else obj
        specs = conv.input_specs if conv is not None else None
        if conv is not None and inputs is None:
            inputs = conv.example_inputs
        if input_spec is not None:
            specs = input_spec
        if specs is None and inputs is None and resolve(target).specs is None:
            raise SpecError(t("sot.no_inputs", name=name or resolve(target).name), t("sot.no_inputs_hint"))
        try:
            done = convert(target, input_spec=specs, example_inputs=inputs, mode="sot",
                           name=name or (conv.name if conv is not None else None))
        except ConversionError as exc:
            done = exc.conversion
            if done is None or done.sot is None:
                raise
        rep = done.sot
    if ast:
        rep.compare_ast()
    return rep
