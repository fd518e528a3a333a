"""Runs of a repeated unit in a sequence: a Python ``for`` that AST mode unrolls, or a
forward that writes its stages out, leaves the same few ops (or layer calls) many times
in a row. The drawing and the op table show the first run and fold the others."""
from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from typing import Optional

from d2s_lab.core.graph.model import Op, Value

# A unit repeated at least MIN_RUNS times in a row is folded; units of up to MAX_UNIT
# items are looked for (a PointNet stage, a hand-written transformer block).
MIN_RUNS = 3
MAX_UNIT = 24
# Items a search may compare in all: a file of 40,000 ops that are all alike must not take
# seconds to draw (the search is quadratic in the unit length).
WORK_BUDGET = 400_000


def repeated_runs(signatures: Sequence[Optional[Hashable]], chained: Callable[[int, int, int], bool],
                  min_runs: int = MIN_RUNS, max_unit: int = MAX_UNIT) -> Iterator[tuple[int, int, int]]:
    """``(start, unit, runs)`` for each stretch of ``signatures``, in order: ``unit``
    items repeated ``runs`` times from ``start``, or one item (``unit`` 1, ``runs`` 1)
    where nothing repeats. Equal signatures mean equal items; None never repeats; a run
    counts only where ``chained(previous run's start, its start, unit)`` says it reads
    what the run before it made (side-by-side branches are not repeats). The unit that
    covers the most items wins, the shortest among equals."""
    n, i = len(signatures), 0
    work = 0  # items compared: past WORK_BUDGET the rest is yielded item by item
    while i < n:
        best_k, best_runs = 1, 1
        first = signatures[i]
        for k in range(1, min(max_unit, (n - i) // min_runs) + 1) if work < WORK_BUDGET else ():
            if signatures[i + k] != first:  # a cheap test before comparing whole units
                continue
            unit = signatures[i:i + k]
            if None in unit:
                break
            runs = 1
            while (signatures[i + runs * k:i + (runs + 1) * k] == unit
                   and chained(i + (runs - 1) * k, i + runs * k, k)):
                runs += 1
            work += k * runs
            if runs >= min_runs and k * runs > best_k * best_runs:
                best_k, best_runs = k, runs
        yield i, best_k, best_runs
        i += best_k * best_runs


# Attributes that name or locate an op rather than say what it computes.
_NOT_COMPUTED = frozenset({"name", "op_callstack", "op_namescope", "struct_name", "op_role", "op_role_var",
                           "op_device", "with_quant_attr", "stop_gradient", "persistable", "parameter_name"})


def computed_attrs(op: Op) -> tuple:
    """The attributes that say what ``op`` computes (a scale, an axis, a constant's
    value), as a sorted tuple of plain values: equal for two runs of one step."""
    return tuple(sorted((k, v if isinstance(v, (int, float, str, bool)) else repr(v))
                        for k, v in op.attrs.items() if k not in _NOT_COMPUTED))


def chain_test(ops_of: Sequence[Sequence[Op]], values: Mapping[str, Value]) -> Callable[[int, int, int], bool]:
    """``chained`` for :func:`repeated_runs` over items whose ops are ``ops_of[i]``: the
    run from ``start`` reads a value an op of the run from ``prev`` made."""
    made = [{o.id for o in ops} for ops in ops_of]

    def chained(prev: int, start: int, k: int) -> bool:
        before = set().union(*made[prev:prev + k])
        return any(values[vid].producer in before for ops in ops_of[start:start + k] for o in ops
                   for vid in o.inputs if vid in values)
    return chained


def constant_inputs(op: Op, values: Mapping[str, Value], ops: Mapping[int, Op]) -> list[Op]:
    """The constant ops (``full``: ``x * 2.0``'s 2.0) that make ``op``'s inputs."""
    out = []
    for vid in op.inputs:
        v = values.get(vid)
        producer = ops.get(v.producer) if v is not None and v.producer is not None else None
        if producer is not None and producer.category == "constant":
            out.append(producer)
    return out


__all__ = ["MAX_UNIT", "MIN_RUNS", "chain_test", "computed_attrs", "constant_inputs", "repeated_runs"]
