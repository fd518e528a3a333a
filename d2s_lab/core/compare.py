"""Comparing numeric outputs: one definition of "close" for the whole package.

``check`` (dygraph vs static) and ``bench`` (eager vs the deployment runtimes)
both use :func:`compare_arrays`, each with its own named tolerances.  NumPy
only: callers turn tensors into arrays first.

Rules, the same everywhere:

* ``ref`` is the reference; the relative tolerance scales with ``|ref|``.
* Arrays of different shapes are never close; their differences are ``None``.
* Integer and boolean arrays compared with each other must be equal exactly.
* NaN in the same place on both sides counts as equal, NaN on one side only as
  different; equal infinities are equal.
* Empty arrays of equal shape are close, with differences ``0.0``.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

SCALES = ("element", "max")


@dataclass(frozen=True)
class ArrayDiff:
    """How far ``got`` is from ``ref``.

    ``max_abs``: the largest ``|got - ref|``; ``max_rel``: the largest
    ``|got - ref| / |ref|``.  Both ignore positions where only one side is NaN
    (those make ``close`` false) and are ``None`` when the shapes differ.
    """

    max_abs: float | None
    max_rel: float | None
    close: bool
    shapes_equal: bool


def compare_arrays(ref, got, rtol: float, atol: float, scale: str = "element") -> ArrayDiff:
    """Compare two arrays (or anything ``numpy.asarray`` accepts).

    Floating values are close when ``|got - ref| <= atol + rtol * s`` everywhere,
    where ``s`` is:

    * ``scale="element"``: ``|ref|`` at that position (as ``numpy.isclose`` with
      ``ref`` as its second argument);
    * ``scale="max"``: the largest finite ``|ref|`` of the whole array, for results
      whose small entries carry the rounding of the large ones (fused kernels).
    """
    if scale not in SCALES:
        raise ValueError(f"scale={scale!r}: use one of {', '.join(SCALES)}")
    a, b = np.asarray(ref), np.asarray(got)
    if a.shape != b.shape:
        return ArrayDiff(None, None, False, False)
    if a.size == 0:
        return ArrayDiff(0.0, 0.0, True, True)
    exact = a.dtype.kind in "biu" and b.dtype.kind in "biu"
    if exact:
        d = np.abs(a.astype(np.int64) - b.astype(np.int64)).astype(np.float64)
        fa = a.astype(np.float64)
        same = d == 0
        close = bool(same.all())
    else:
        kind = np.complex128 if "c" in (a.dtype.kind, b.dtype.kind) else np.float64
        fa, fb = a.astype(kind), b.astype(kind)
        same = (fa == fb) | (np.isnan(fa) & np.isnan(fb))  # equal infinities, NaN at both
        with np.errstate(invalid="ignore", over="ignore"):
            d = np.where(same, 0.0, np.abs(fa - fb))
        finite = np.isfinite(fa) & np.isfinite(fb)
        if scale == "max":
            big = np.abs(fa[np.isfinite(fa)])
            s = float(big.max()) if big.size else 0.0
        else:
            s = np.abs(fa)
        with np.errstate(invalid="ignore", over="ignore"):
            within = np.where(finite, d <= atol + rtol * s, same)
        close = bool(within.all())
    measured = ~np.isnan(d)
    if not measured.any():
        return ArrayDiff(float("nan"), float("nan"), close, True)
    with np.errstate(invalid="ignore", divide="ignore", over="ignore"):
        rel = np.where(d == 0, 0.0, d / np.maximum(np.abs(fa), 1e-12))[measured]
    rel = rel[~np.isnan(rel)]  # inf / inf
    return ArrayDiff(float(d[measured].max()), float(rel.max()) if rel.size else float("nan"),
                     close, True)


def compare_lists(ref: Sequence, got: Sequence, rtol: float, atol: float,
                  scale: str = "element") -> ArrayDiff:
    """Compare two lists of arrays pairwise; the worst pair decides.

    Lists of different lengths, or any pair of different shapes, give
    ``shapes_equal=False``, ``close=False`` and ``None`` differences.
    """
    if len(ref) != len(got):
        return ArrayDiff(None, None, False, False)
    diffs = [compare_arrays(a, b, rtol, atol, scale) for a, b in zip(ref, got)]
    if not all(x.shapes_equal for x in diffs):
        return ArrayDiff(None, None, False, False)
    close = all(x.close for x in diffs)
    abs_ = [x.max_abs for x in diffs if not np.isnan(x.max_abs)]
    rel = [x.max_rel for x in diffs if not np.isnan(x.max_rel)]
    if diffs and not abs_:
        return ArrayDiff(float("nan"), float("nan"), close, True)
    return ArrayDiff(max(abs_, default=0.0), max(rel, default=0.0), close, True)
