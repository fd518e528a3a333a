"""``d2s_lab.check``: do the dygraph and static versions compute the same thing?

Both run on the same inputs, in eval mode, from the same random state; each
output is compared (shape, dtype, max abs/rel difference, allclose).  When they
differ, the first sublayer whose outputs differ is found
(:mod:`~d2s_lab.core.check.divergence`); when the dygraph outputs change with the
seed, the lines forcing randomness are named (:mod:`~d2s_lab.core.check.randomness`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, List, Optional, Tuple

from d2s_lab.core import display
from d2s_lab.core.cells import restore_sources
from d2s_lab.core.frames import display_file
from d2s_lab.core.check.divergence import LayerCheck, find_divergent_layer
from d2s_lab.core.check.leaves import OutputCheck, compare_leaves, run_seeded
from d2s_lab.core.check.randomness import random_layers, random_lines, random_warning
from d2s_lab.core.diagnosis import diagnose
from d2s_lab.core.paddle_compat import require_paddle
from d2s_lab.core.paddle_compat.targets import resolve, to_static_disabled
from d2s_lab.core.specs import as_input_list, random_inputs
from d2s_lab.errors import D2SError
from d2s_lab.text import t

RTOL = 1e-5
ATOL = 1e-6


@dataclass
class NumericCheck:
    """The comparison of dygraph and static outputs of one Conversion."""

    name: str
    mode: str
    rtol: float
    atol: float
    inputs: List[str] = field(default_factory=list)  # shapes/dtypes used
    outputs: List[OutputCheck] = field(default_factory=list)
    warnings: List[str] = field(default_factory=list)
    layers: List[LayerCheck] = field(default_factory=list)
    first_divergent: Optional[str] = None  # layer path
    first_divergent_cls: str = ""
    localized_by: str = ""  # "static program" | "each layer alone" | ""
    divergent_ops: List[int] = field(default_factory=list)  # op ids of conv.drawn_graph in that layer
    error: Any = None  # an ErrorReport when a run failed
    graph: Any = None  # the conversion's Graph, for drawing the divergent layer
    # (file, line, code) of each line that forces randomness (training=True, paddle.rand*,
    # functional dropout), when the outputs change with the seed
    random_lines: List[Tuple[str, int, str]] = field(default_factory=list)

    # False: on Paddle's default path every subgraph ran in dygraph (each under
    # MIN_GRAPH_SIZE), so "static" was dygraph too and agreement says nothing
    static_ran: bool = True

    @property
    def compared(self) -> int:
        """How many outputs were compared (objects other than tensors are not)."""
        return sum(1 for o in self.outputs if o.compared)

    @property
    def ok(self) -> bool:
        """Every compared output agrees, and at least one was compared."""
        return self.error is None and self.compared > 0 and all(o.ok for o in self.outputs)

    @property
    def nothing_compared(self) -> bool:
        """The run went but no output was a tensor or a plain value to compare."""
        return self.error is None and bool(self.outputs) and self.compared == 0

    @property
    def within_noise(self) -> bool:
        """The outputs agree, some only within float rounding (``OutputCheck.within_noise``)."""
        return self.ok and any(o.within_noise for o in self.outputs)

    def summary(self) -> str:
        if self.error is not None:
            return t("check.summary_failed", name=self.name, error=f"{self.error.exc_type}: {self.error.message}")
        verdict = (t("check.summary_nothing") if self.nothing_compared else
                   t("check.summary_noise") if self.within_noise else
                   t("check.summary_agree") if self.ok else t("check.summary_differ"))
        if self.ok and not self.static_ran:
            verdict += t("check.summary_no_static")
        worst = max((o.max_abs or 0.0 for o in self.outputs if o.compared), default=0.0)
        where = t("check.summary_first_layer", layer=self.first_divergent) if self.first_divergent else ""
        return t("check.summary", name=self.name, mode=self.mode, verdict=verdict, rtol=f"{self.rtol:g}",
                 atol=f"{self.atol:g}", worst=f"{worst:.3g}", where=where)

    def __repr__(self) -> str:
        return f"<NumericCheck {self.summary()}>"

    def _repr_html_(self) -> str:
        return display.html(self)


def _dygraph_callable(conv):
    target = resolve(conv.target)
    return target.function, target.layer


class _Modes:
    """Eval mode for the check, each sublayer's own training flag restored after."""

    def __init__(self, layer, train: bool):
        self.layer, self.train, self.saved = layer, train, []

    def __enter__(self):
        if self.layer is not None:
            self.saved = [(m, m.training) for m in [self.layer] + list(self.layer.sublayers())]
            self.layer.train() if self.train else self.layer.eval()
        return self

    def __exit__(self, *a):
        for m, training in self.saved:
            m.training = training


def _inputs_for(conv, inputs, batch: int):
    if inputs is None:
        inputs = conv.example_inputs
    if inputs is None:
        inputs = random_inputs(conv.input_specs, batch=batch, seed=0)
    return as_input_list(inputs)


def check(conversion, inputs=None, rtol: float = RTOL, atol: float = ATOL, seed: int = 2024,
          train: bool = False, localize: bool = True, batch: int = 3) -> NumericCheck:
    """Compare the dygraph and static outputs of a Conversion on the same inputs.

    Args:
        conversion: a :class:`~d2s_lab.core.convert.Conversion` (from ``d2s_lab.convert``
            or ``%%to_static``).
        inputs: tensors/arrays (a list for several arguments). Default: the
            conversion's example inputs, else random inputs from its InputSpecs
            with dynamic dims set to ``batch``.
        rtol, atol: tolerances of ``numpy.allclose``.
        seed: both runs start from ``paddle.seed(seed)``.
        train: compare in training mode (default: eval mode, as for inference).
        localize: when outputs differ, find the first sublayer whose outputs differ.

    Returns a :class:`NumericCheck`: per output the shapes, dtypes, max abs and rel
    differences and the allclose verdict; warnings (random layers, randomness);
    the first divergent layer and its ops in ``conversion.drawn_graph``.
    """
    paddle = require_paddle()
    res = NumericCheck(conversion.name, conversion.mode, rtol, atol, graph=conversion.drawn_graph)
    if conversion.static_function is None:
        raise D2SError(f"{conversion.name} has no static function to check.",
                       "Convert it successfully first (see the error report).")
    fn, layer = _dygraph_callable(conversion)
    xs = _inputs_for(conversion, inputs, batch)
    res.inputs = [f"{list(x.shape)} {str(x.dtype).replace('paddle.', '')}" if hasattr(x, "shape")
                  else type(x).__name__ for x in xs]
    if layer is not None and train:
        rnd = random_layers(layer)
        if rnd:
            res.warnings.append(
                f"Training mode with random layers ({', '.join(rnd[:5])}): dygraph and static draw "
                "different random numbers, so their outputs differ by design. Check in eval mode.")
    with _Modes(layer, train):
        try:
            with to_static_disabled():
                dyn = run_seeded(fn, xs, paddle, seed)
                dyn_again = run_seeded(fn, xs, paddle, seed + 1)
        except Exception as exc:
            restore_sources()
            res.error = diagnose(exc, conversion)
            return res
        # (objects other than tensors are not compared: a new one each run is no randomness)
        if not all(o.ok for o in compare_leaves(dyn, dyn_again, 0.0, 0.0, paddle)):
            res.random_lines = random_lines(conversion)
            res.warnings.append(random_warning(res.random_lines))
        try:
            sta = run_seeded(conversion.static_function, xs, paddle, seed)
        except Exception as exc:
            restore_sources()
            res.error = diagnose(exc, conversion)
            return res
        ops = conversion.drawn_graph.num_ops() if conversion.drawn_graph is not None else 0
        res.outputs = compare_leaves(dyn, sta, rtol, atol, paddle, ops=ops)
        objects = [o for o in res.outputs if not o.compared]
        values = [o for o in res.outputs if o.note.startswith("not a Tensor")]
        sot = conversion.mode == "sot"
        if sot and conversion.sot is not None and conversion.sot.subgraphs:
            res.static_ran = any(s.runs_static for s in conversion.sot.subgraphs)
            if not res.static_ran:
                res.warnings.append(t("check.no_static_ran"))
        if objects:
            # AST: the Program returns the object built while tracing; SOT breaks the graph
            # there and Python builds it again on every call, so it is only not compared
            res.warnings.append(t("check.object_not_compared", kind=objects[0].dygraph_dtype) if sot
                                else frozen_warning(conversion, objects[0].dygraph_dtype))
        if values and not sot:
            res.warnings.append(t("check.frozen_value", kind=values[0].dygraph_dtype))
        if not res.ok and not res.nothing_compared and localize and layer is not None:
            try:
                find_divergent_layer(res, conversion, fn, layer, xs, paddle, seed, rtol, atol)
            except Exception as exc:  # localisation is a bonus; the verdict stands
                res.warnings.append(f"Could not localise the difference: {type(exc).__name__}: {exc}")
    return res


def frozen_warning(conv, kind: str) -> str:
    """The warning for an output that is not a tensor, at the line of forward that builds
    it where the source names its class (``Categorical(`` for a Categorical)."""
    place = ""
    for k, text in enumerate((conv.original_source or "").splitlines()):
        if kind and f"{kind}(" in text.split("#", 1)[0]:
            place = t("report.line_of", file=display_file(conv.source_file),
                      line=conv.source_first_line + k) + ": " + text.strip()
            break
    return t("check.frozen_warning", kind=kind) + (" " + t("check.frozen_at", place=place) if place else "")


def attach_check(conv) -> None:
    """Run :func:`check` for a Conversion into ``conv.check``; a failure becomes a note."""
    try:
        conv.check = check(conv)
    except Exception as exc:
        conv.notes.append(f"The numeric check could not run: {type(exc).__name__}: {exc}")
