"""Two results compared leaf by leaf (shape, dtype, max abs/rel difference, allclose),
and a run from a fixed random state: what the check and the divergent-layer search share."""
from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional

from d2s_lab.core.compare import compare_arrays
from d2s_lab.core.nested import flatten


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

    @property
    def shapes_equal(self) -> bool:
        return self.dygraph_shape == self.static_shape

    @property
    def dtypes_equal(self) -> bool:
        return self.dygraph_dtype == self.static_dtype

    @property
    def ok(self) -> bool:
        return self.shapes_equal and self.dtypes_equal and self.allclose


def _is_tensor(x, paddle) -> bool:
    return isinstance(x, paddle.Tensor)


def _np(x):
    import numpy as np

    arr = x.numpy() if hasattr(x, "numpy") else np.asarray(x)
    return np.asarray(arr)


def compare_leaves(dyn, sta, rtol, atol, paddle, prefix="out") -> List[OutputCheck]:
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
        out.append(OutputCheck(
            name, list(na.shape), list(nb.shape), str(a.dtype).replace("paddle.", ""),
            str(b.dtype).replace("paddle.", ""), d.max_abs, d.max_rel, d.close))
    return out


def run_seeded(fn, inputs, paddle, seed):
    """``fn(*inputs)`` after ``paddle.seed(seed)``."""
    paddle.seed(seed)
    return fn(*inputs)
