"""``d2s_lab.sot_report``: what SOT (Paddle's bytecode translation, ``to_static``
without ``full_graph``) did with a function: each graph break and its reason, each
frame that fell back to dygraph, and the subgraphs it built.

The report is read from the conversion's own first run (:mod:`d2s_lab.core.sot.build`),
so it describes the run Paddle makes, with the user's SOT settings; AST mode's verdict
is computed on request (``ast=True`` or :meth:`SotReport.compare_ast`).
"""
from __future__ import annotations

from typing import Optional

from d2s_lab.core.convert import Conversion, convert
from d2s_lab.core.sot.model import GraphBreak, SotReport, Subgraph
from d2s_lab.errors import ConversionError, SpecError
from d2s_lab.core.paddle_compat.targets import resolve
from d2s_lab.text import t

__all__ = ["GraphBreak", "SotReport", "Subgraph", "sot_report"]


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

    Returns a :class:`SotReport` (displays as HTML in a notebook). Where the SOT run
    fails, the report carries the error (``.error``).
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
