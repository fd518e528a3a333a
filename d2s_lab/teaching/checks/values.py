"""Checks of values (a Tensor, an array, or the name of one): ``close_to``. The arrays
are compared chunk by chunk, so two large arrays need no float64 copies of the whole.
"""
from __future__ import annotations

import math

from d2s_lab.teaching.checks.base import Fail, Missing, type_name
from d2s_lab.teaching.checks.history import lookup
from d2s_lab.teaching.checks.words import say

# Elements compared at a time by close_to: float64 copies of one chunk, never of the whole.
CLOSE_CHUNK = 1 << 20


def as_array(value):
    """``value`` (a Tensor, an array, a list) as a numeric numpy array, or None."""
    import numpy as np

    if value is None:
        return None
    if hasattr(value, "numpy") and callable(value.numpy):
        value = value.numpy()
    try:
        arr = np.asarray(value)
    except Exception:
        return None
    return arr if arr.dtype.kind in "biufc" else None


def max_abs_diff(a, b) -> float:
    """max |a - b| in float64, chunk by chunk (two 12000 x 12000 arrays need no 2 GB of
    float64 copies); NaN when either holds a NaN."""
    import numpy as np

    fa, fb = a.reshape(-1), b.reshape(-1)  # views where the arrays are contiguous
    worst = 0.0
    for start in range(0, fa.size, CLOSE_CHUNK):
        ca = fa[start:start + CLOSE_CHUNK].astype("float64")
        cb = fb[start:start + CLOSE_CHUNK].astype("float64")
        np.subtract(ca, cb, out=ca)
        part = float(np.max(np.abs(ca, out=ca)))
        if math.isnan(part):
            return part
        worst = max(worst, part)
    return worst


class ValueChecks:
    """The checks of values (mixed into :class:`~.expectation.Expectation`)."""

    def close_to(self, other, atol: float = 1e-5):
        """The values (a Tensor, an array, or the name of one) equal ``other`` within
        ``atol``: same shape, max abs difference at most ``atol``."""
        ref = lookup(other) if isinstance(other, str) else other

        def run():
            if isinstance(ref, Missing):
                raise Fail("missing", name=ref.name)
            a, b = as_array(self._obj), as_array(ref)
            if a is None or b is None:
                raise Fail("wrong_kind", need=say("need_values", self.lang), name=self.label,
                           got=type_name(self._obj if a is None else ref))
            if a.shape != b.shape:
                raise Fail("close_shape", a=list(a.shape), b=list(b.shape))
            diff = max_abs_diff(a, b)
            if not diff <= atol or math.isnan(diff):
                raise Fail("close_far", diff=f"{diff:.3g}", atol=f"{atol:g}")
            return "close_ok", {"diff": f"{diff:.3g}"}
        return self._run("close_to", run)
