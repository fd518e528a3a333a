"""Nested inputs and outputs (lists, tuples and dicts of tensors), walked one way
everywhere.  Plain Python: no Paddle imports."""
from __future__ import annotations


def flatten(x) -> list:
    """Leaves of nested lists/tuples/dicts, in order (dicts by insertion order)."""
    if isinstance(x, (list, tuple)):
        out = []
        for i in x:
            out.extend(flatten(i))
        return out
    if isinstance(x, dict):
        return flatten(list(x.values()))
    return [x]
