"""``d2s_lab.convert``: run ``paddle.jit.to_static`` and keep everything it shows.

A :class:`Conversion` holds the original and transformed sources, Paddle's
Program, the framework-neutral :class:`~d2s_lab.core.graph.Graph`, the input
and output specs, parameter figures and timings.
"""
from __future__ import annotations

import contextlib
import inspect
import re
import textwrap
import time
import warnings
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from ._paddle import require_paddle
from .errors import ConversionError, D2SError, SpecError
from .graph import Graph
from .specs import flatten, random_inputs, spec_to_text, to_input_specs

MODES = ("ast", "sot")


@dataclass
class TensorInfo:
    """Shape (None for dynamic dims), dtype and name of one input or output."""

    shape: List[Optional[int]]
    dtype: str
    name: Optional[str] = None

    def __str__(self) -> str:
        dims = ",".join("None" if d is None else str(d) for d in self.shape)
        return (f"{self.name}: " if self.name else "") + f"[{dims}] {self.dtype}"


@dataclass
class Conversion:
    """The result of :func:`convert`. Displays as a report in a notebook."""

    name: str
    mode: str
    target: Any = None  # the Layer or function that was converted
    static_function: Any = None
    original_source: str = ""
    transformed_source: Optional[str] = None
    program: Any = None
    ir: Optional[Graph] = None
    input_specs: Any = None  # Paddle InputSpecs as given to to_static
    inputs: List[TensorInfo] = field(default_factory=list)
    outputs: List[TensorInfo] = field(default_factory=list)
    num_params: int = 0
    param_bytes: int = 0
    timings: Dict[str, float] = field(default_factory=dict)
    paddle_version: str = ""
    notes: List[str] = field(default_factory=list)
    error: Any = None  # a ConversionError when conversion or the first run failed
    example_inputs: Any = None
    source_file: str = ""
    source_first_line: int = 0
    callees: List[Any] = field(default_factory=list)  # ConvertedFunction: converted recursively
    view_options: Dict[str, Any] = field(default_factory=dict)  # graph options the report uses
    saved: List[tuple] = field(default_factory=list)  # (path, bytes) written by save()

    def save(self, path: str) -> List[tuple]:
        """Save the converted model with ``paddle.jit.save`` and this conversion's InputSpecs.

        ``path`` is the prefix (a ``.json``/``.pdmodel`` suffix is dropped). Returns the
        files written as ``(path, bytes)``: ``.json`` + ``.pdiparams`` with PIR (Paddle 3.x),
        ``.pdmodel`` + ``.pdiparams`` + ``.pdiparams.info`` otherwise. View them with
        ``d2s_lab.load_saved`` or ``%d2s_show``.
        """
        from .export import save_conversion

        self.saved = save_conversion(self, path)
        return self.saved

    @property
    def layer(self):
        """The converted ``nn.Layer`` (None for a plain function)."""
        return self.target if _is_layer(self.target) else getattr(self.target, "__self__", None)

    def summary(self) -> str:
        ops = self.ir.num_ops() if self.ir is not None else "n/a"
        t = ", ".join(f"{k} {v * 1000:.0f} ms" for k, v in self.timings.items())
        return (
            f"{self.name} [{self.mode}]: {ops} ops, {self.num_params:,} params "
            f"({self.param_bytes / 1024:.1f} KiB); in {', '.join(map(str, self.inputs)) or '-'}; "
            f"out {', '.join(map(str, self.outputs)) or '-'}; {t}; Paddle {self.paddle_version}"
        )

    def __repr__(self) -> str:
        return f"<Conversion {self.summary()}>"

    def _repr_html_(self) -> str:
        from ..viz.report import conversion_html

        return conversion_html(self)

    def graph(self, depth=1, params=False, constants=False, rankdir="TB", **options):
        """The Program drawn as a diagram: a GraphView that displays in a notebook and has
        ``.save("x.svg" | "x.png" | "x.dot")``. ``depth``: 1 (each top-level sublayer one
        node), 2, ... or "all"; ``params``/``constants``: draw them as nodes instead of folding
        them into labels; ``rankdir``: "TB" or "LR". More options: see
        ``d2s_lab.viz.graph_view.draw_graph`` (highlight, title, budget).
        """
        if self.ir is None:
            raise D2SError(f"No Program graph for {self.name} ({self.mode} mode).",
                           "Convert with mode='ast' (%%to_static --mode ast) to draw the graph.")
        from ..viz.graph_view import draw_graph

        return draw_graph(self.ir, depth=depth, params=params, constants=constants,
                          rankdir=rankdir, **options)


def _is_layer(obj) -> bool:
    try:
        import paddle

        return isinstance(obj, paddle.nn.Layer)
    except Exception:
        return False


def _resolve(obj, paddle):
    """Return ``(function_to_convert, layer_or_None, default_specs, display_name)``."""
    from paddle.jit.dy2static.program_translator import StaticFunction

    if isinstance(obj, StaticFunction):
        fn = obj.dygraph_function
        layer = getattr(fn, "__self__", None)
        return fn, layer, obj._input_spec, getattr(fn, "__qualname__", "function")
    if isinstance(obj, paddle.nn.Layer):
        fwd = obj.forward
        if isinstance(fwd, StaticFunction):  # a Layer already passed through to_static
            return fwd.dygraph_function, obj, fwd._input_spec, type(obj).__name__
        return fwd, obj, None, type(obj).__name__
    if inspect.ismethod(obj) and isinstance(obj.__self__, paddle.nn.Layer):
        return obj, obj.__self__, None, obj.__qualname__
    if inspect.isfunction(obj):
        return obj, None, None, obj.__qualname__
    if inspect.isclass(obj) and issubclass(obj, paddle.nn.Layer):
        raise D2SError(
            f"{obj.__name__} is a Layer class, not an instance.",
            f"Create one first, e.g. `model = {obj.__name__}()`, and convert `model`.",
        )
    raise D2SError(
        f"Cannot convert a {type(obj).__name__}.",
        "Give a paddle.nn.Layer instance, a bound Layer method, or a function.",
    )


@contextlib.contextmanager
def _record_layer_paths(layer, paddle):
    """Map global-block op ids to the user's sublayer attribute paths.

    Forward pre/post hooks on every sublayer note which ops each call added,
    innermost layer first, as Paddle does for its ``struct_name`` attribute,
    but with attribute names (``encoder.layers.0.linear1``) instead of class
    names with call counters.
    """
    paths: Dict[int, str] = {}
    if layer is None:
        yield paths
        return
    names = {}
    for name, sub in layer.named_sublayers():
        names.setdefault(id(sub), name)
    stack: List[int] = []

    def ops_now():
        return paddle.static.default_main_program().global_block().ops

    def pre(lyr, _inputs):
        if not paddle.in_dynamic_mode():
            stack.append(len(ops_now()))

    def post(lyr, _inputs, _outputs):
        if paddle.in_dynamic_mode() or not stack:
            return
        start = stack.pop()
        path = names.get(id(lyr), "")
        for op in ops_now()[start:]:
            paths.setdefault(int(op.id()), path)

    handles = []
    try:
        for _, sub in layer.named_sublayers():
            handles.append(sub.register_forward_pre_hook(pre))
            handles.append(sub.register_forward_post_hook(post))
        yield paths
    finally:
        for h in handles:
            h.remove()


def _source_of(fn) -> tuple:
    try:
        lines, first = inspect.getsourcelines(fn)
        return textwrap.dedent("".join(lines)), inspect.getsourcefile(fn) or "", first
    except (OSError, TypeError):
        return "", "", 0


def _tensor_infos(values) -> List[TensorInfo]:
    out = []
    for v in flatten(values):
        shape = getattr(v, "shape", None)
        if shape is None:
            continue
        dims = [None if int(d) < 0 else int(d) for d in shape]
        name = None
        try:
            name = v.name if getattr(v, "has_name", True) else None
        except Exception:
            name = None
        out.append(TensorInfo(dims, str(v.dtype).replace("paddle.", ""), name))
    return out


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
    mode: str = "ast",
    run: bool = True,
    name: Optional[str] = None,
) -> Conversion:
    """Convert ``obj`` with ``paddle.jit.to_static`` and gather what it produced.

    Args:
        obj: a ``paddle.nn.Layer`` (its forward), a bound Layer method, or a
            function (plain, or already decorated with ``paddle.jit.to_static``).
        input_spec: ``InputSpec`` objects, text specs (``"x: [None,3,32,32] float32"``)
            or nested lists/dicts of them.
        example_inputs: tensors or ndarrays; their shapes/dtypes give the specs
            when ``input_spec`` is None, and they feed the first static run.
        mode: ``"ast"`` (``to_static(..., full_graph=True)``: AST transformers,
            a full Program) or ``"sot"`` (Paddle's default bytecode translation;
            no Program view).
        run: run the static function once (on the examples, or on random inputs
            built from the specs) to time the first call and check it works.

    Raises:
        D2SError / SpecError for bad input, PaddleMissing without Paddle, and
        ConversionError when Paddle fails to convert or run (with
        ``.stage``, ``.original`` and the partial ``.conversion``).
    """
    paddle = require_paddle()
    if mode not in MODES:
        raise D2SError(f"Unknown mode {mode!r}.", "Use mode='ast' or mode='sot'.")
    fn, layer, default_specs, disp = _resolve(obj, paddle)
    specs, examples = to_input_specs(input_spec, example_inputs)
    if specs is None and default_specs is not None:
        specs = list(default_specs)
    if specs is None:
        raise SpecError(
            f"No input description for {disp}.",
            'Pass input_spec (e.g. "x: [None,3,32,32] float32") or example_inputs '
            "(in the magic: --input or --example).",
        )
    _check_arity(fn, specs, disp)
    src, src_file, first = _source_of(fn)
    conv = Conversion(
        name=name or disp,
        mode=mode,
        target=obj,
        original_source=src,
        input_specs=specs,
        paddle_version=paddle.__version__,
        example_inputs=examples,
        source_file=src_file,
        source_first_line=first,
    )
    if not src:
        conv.notes.append("Python could not read the source of this function.")
    params = list(layer.parameters()) if layer is not None else []
    conv.num_params = sum(int(p.numel()) for p in params)
    conv.param_bytes = sum(int(p.numel()) * p.element_size() for p in params)

    if mode == "ast":
        _convert_ast(conv, fn, layer, specs, paddle)
    else:
        _convert_sot(conv, fn, specs, paddle)
        run = True  # SOT converts on the first call
    if run:
        inputs = examples if examples is not None else random_inputs(specs)
        t0 = time.perf_counter()
        try:
            with warnings.catch_warnings():
                # Paddle's own backward-program build reads Value.place and warns about
                # it on every model: nothing the user can act on, so not shown.
                warnings.filterwarnings("ignore", message="Tensor do not have 'place' interface")
                out = conv.static_function(*inputs)
        except Exception as exc:
            raise ConversionError(
                f"The converted function failed on its first static run: "
                f"{type(exc).__name__}: {_first_line(exc)}",
                stage="run", original=exc, conversion=conv,
            ) from exc
        conv.timings["first_run_s"] = time.perf_counter() - t0
        if not conv.outputs:
            conv.outputs = _tensor_infos(out)
    return conv


_EXC_LINE = re.compile(r"^\s*([A-Za-z_][\w.]*(?:Error|Exception|Warning)):\s*(.*)$")
_FILE_LINE = re.compile(r'^\s*File "(?P<file>[^"]+)", line (?P<line>\d+), in (?P<func>\S+)')


def _first_line(exc) -> str:
    """The gist of a Paddle error: its innermost ``Type: message`` line, without
    Paddle's C++ location and enforce hints, plus the user's line when known."""
    text = str(exc).strip()
    lines = text.splitlines()
    gist = ""
    for line in lines:
        m = _EXC_LINE.match(line)
        if m:
            gist = m.group(2)
    if not gist:
        gist = next((ln.strip() for ln in lines
                     if ln.strip() and ln.strip() != "In transformed code:"), type(exc).__name__)
    gist = re.sub(r"^\((InvalidArgument|PreconditionNotMet|Unimplemented|NotFound|OutOfRange|Fatal)\)\s*", "", gist)
    gist = re.sub(r"\s*\(at /paddle/\S+\)\s*$", "", gist)
    gist = re.sub(r"\s*\[Hint:.*$", "", gist)
    from .pir_walk import is_user_file

    for i, line in enumerate(lines):
        m = _FILE_LINE.match(line)
        if m and is_user_file(m.group("file")):
            from .graph import display_file

            return f"{gist[:400]} (at {display_file(m.group('file'))} line {m.group('line')})"
    return gist[:400]


def _convert_ast(conv: Conversion, fn, layer, specs, paddle) -> None:
    from .pir_walk import program_to_graph
    from .steps import converted_functions
    from .transformers_compat import recording_converted_functions

    t0 = time.perf_counter()
    try:
        sf = paddle.jit.to_static(fn, input_spec=specs, full_graph=True)
        conv.static_function = sf
        with _record_layer_paths(layer, paddle) as paths, recording_converted_functions() as seen:
            cp = sf.concrete_program
    except Exception as exc:
        raise ConversionError(
            f"paddle.jit.to_static could not convert {conv.name}: "
            f"{type(exc).__name__}: {_first_line(exc)}",
            stage="convert", original=exc, conversion=conv,
        ) from exc
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
    param_names = {}
    if layer is not None:
        param_names = {p.name: n for n, p in layer.named_parameters()}
        param_names.update({b.name: n for n, b in layer.named_buffers() if hasattr(b, "name")})
    conv.ir = program_to_graph(
        cp.main_program,
        layer_paths=paths,
        param_names=param_names,
        inputs=[v for v in flatten(cp.inputs) if hasattr(v, "id") and hasattr(v, "shape")],
        outputs=cp.outputs,
        name=conv.name,
    )
    conv.inputs = _tensor_infos([v for v in flatten(cp.inputs) if hasattr(v, "shape") and hasattr(v, "id")])
    conv.outputs = _tensor_infos(cp.outputs)
    if layer is None and not conv.num_params:
        ps = [p for p in flatten(list(cp.parameters)) if hasattr(p, "numel")]
        conv.num_params = sum(int(p.numel()) for p in ps)
        conv.param_bytes = sum(int(p.numel()) * p.element_size() for p in ps)


def _convert_sot(conv: Conversion, fn, specs, paddle) -> None:
    t0 = time.perf_counter()
    try:
        conv.static_function = paddle.jit.to_static(fn, input_spec=specs)
    except Exception as exc:
        raise ConversionError(
            f"paddle.jit.to_static could not wrap {conv.name}: {type(exc).__name__}: {_first_line(exc)}",
            stage="convert", original=exc, conversion=conv,
        ) from exc
    conv.timings["convert_s"] = time.perf_counter() - t0
    conv.inputs = [TensorInfo([None if (d is None or d < 0) else d for d in s.shape],
                              str(s.dtype).replace("paddle.", ""), s.name)
                   for s in flatten(specs) if hasattr(s, "shape")]
    conv.notes.append(
        "SOT mode translates bytecode at the first call: Paddle exposes no single Program "
        "and no transformed source for it, so there is no whole-program op table, graph or "
        "AST steps here (the graph-break report shows the subgraphs SOT captured). "
        "Use mode='ast' (--mode ast) for the full Program view."
    )


def describe_specs(specs) -> str:
    return ", ".join(spec_to_text(s) for s in specs or [])
