"""Two results compared leaf by leaf (shape, dtype, max abs/rel difference, allclose),
and a run from a fixed random state: what the check and the divergent-layer search share."""
from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional

from d2s_lab.core.compare import compare_arrays
from d2s_lab.core.nested import flatten
from d2s_lab.text import t


@dataclass
class OutputCheck:
    """One output (leaf of the returned structure) compared."""

    name: str
    dygraph_shape: Optional[List[int]]
    static_shape: Optional[List[int]]
    dygraph_dtype: str
    static_dtype: str
    max_abs: Optional[float] = None
    max_rel: Optional[float] = None
    allclose: bool = False
    note: str = ""
    # float32 (or narrower) outputs that miss allclose by no more than the rounding their
    # computation can accumulate (see noise_bound): reported as rounding, not a difference
    noise_bound: Optional[float] = None
    within_noise: bool = False
    compared: bool = True  # False: an object other than a tensor or a plain Python value

    @property
    def shapes_equal(self) -> bool:
        return self.dygraph_shape == self.static_shape

    @property
    def dtypes_equal(self) -> bool:
        return self.dygraph_dtype == self.static_dtype

    @property
    def ok(self) -> bool:
        if not self.compared:
            return True  # nothing to compare: the note says what it is
        return self.shapes_equal and self.dtypes_equal and (self.allclose or self.within_noise)


def _is_tensor(x, paddle) -> bool:
    return isinstance(x, paddle.Tensor)


def _np(x):
    import numpy as np

    arr = x.numpy() if hasattr(x, "numpy") else np.asarray(x)
    return np.asarray(arr)


# Plain Python values a static program returns as constants; anything else (a
# paddle.distribution.Categorical...) is an object frozen at trace time, not compared.
_PLAIN = (bool, int, float, complex, str, bytes, type(None))
# Rounding per op of each float dtype (unit roundoff), for noise_bound.
_EPS = {"float16": 4.9e-4, "bfloat16": 3.9e-3, "float32": 6.0e-8}


def noise_bound(ref, dtype: str, ops: int) -> Optional[float]:
    """The difference float rounding alone can make between two runs of the same
    computation in ``dtype``: 8 unit roundoffs times the square root of the number of
    ops, relative to the largest ``|ref|`` (accumulated rounding grows like a random walk
    over the ops). None for other dtypes (float64, integers)."""
    import numpy as np

    eps = _EPS.get(dtype.replace("paddle.", ""))
    if eps is None or ops <= 0:
        return None
    finite = np.abs(np.asarray(ref, dtype=np.float64))
    finite = finite[np.isfinite(finite)]
    return float(8 * eps * (ops ** 0.5) * (finite.max() if finite.size else 0.0))


def compare_leaves(dyn, sta, rtol, atol, paddle, prefix="out", ops: int = 0) -> List[OutputCheck]:
    """Each leaf of ``dyn`` against ``sta``. With ``ops`` (the computation's op count), a
    float output that misses the tolerances only by float rounding is marked
    ``within_noise``."""
    dl, sl = flatten(dyn), flatten(sta)
    single = len(dl) == 1 and not isinstance(dyn, (list, tuple, dict))
    out = []
    for i in range(max(len(dl), len(sl))):
        name = prefix if single else f"{prefix}[{i}]"
        if i >= len(dl) or i >= len(sl):
            out.append(OutputCheck(name, None, None, "", "", note="missing on the "
                                   + ("static" if i >= len(sl) else "dygraph") + " side"))
            continue
        a, b = dl[i], sl[i]
        ta, tb = _is_tensor(a, paddle), _is_tensor(b, paddle)
        if not (ta or tb) and not (isinstance(a, _PLAIN) and isinstance(b, _PLAIN)):
            out.append(OutputCheck(name, None, None, type(a).__name__, type(b).__name__, compared=False,
                                   note=t("check.frozen_object", kind=type(a).__name__)))
            continue
        if not (ta and tb):
            same = False
            try:
                same = bool(a == b) if not (ta or tb) else False
            except Exception:
                same = False
            out.append(OutputCheck(
                name, None, None, type(a).__name__, type(b).__name__, allclose=same,
                note="not a Tensor: a static program returns the value seen while tracing" if not (ta and tb) else ""))
            continue
        na, nb = _np(a), _np(b)
        d = compare_arrays(na, nb, rtol, atol)
        oc = OutputCheck(
            name, list(na.shape), list(nb.shape), str(a.dtype).replace("paddle.", ""),
            str(b.dtype).replace("paddle.", ""), d.max_abs, d.max_rel, d.close)
        if not d.close and oc.shapes_equal and oc.dtypes_equal and d.max_abs is not None:
            oc.noise_bound = noise_bound(na, oc.dygraph_dtype, ops)
            if oc.noise_bound is not None and d.max_abs <= atol + oc.noise_bound:
                oc.within_noise = True
                oc.note = t("check.within_noise", dtype=oc.dygraph_dtype, bound=f"{oc.noise_bound:.2g}", ops=ops)
        out.append(oc)
    return out


def run_seeded(fn, inputs, paddle, seed):
    """``fn(*inputs)`` after ``paddle.seed(seed)``."""
    paddle.seed(seed)
    return fn(*inputs)
