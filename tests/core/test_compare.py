"""d2s_lab.core.compare: the one definition of "close" used by check and bench."""
import math

import numpy as np
import pytest

from d2s_lab.core.compare import ArrayDiff, compare_arrays, compare_lists

NAN, INF = float("nan"), float("inf")
F = np.float32


def arr(*values, dtype="float64"):
    return np.array(values, dtype=dtype)


# (case, ref, got, rtol, atol, scale, expected ArrayDiff; NaN fields compare as NaN)
CASES = [
    ("equal", arr(1, 2, 3), arr(1, 2, 3), 0.0, 0.0, "element", ArrayDiff(0.0, 0.0, True, True)),
    ("equal float32 vs float64", arr(0.5, dtype=F), arr(0.5), 0.0, 0.0, "element",
     ArrayDiff(0.0, 0.0, True, True)),
    ("shape mismatch", np.ones((2, 3)), np.ones((3, 2)), 1.0, 1.0, "element",
     ArrayDiff(None, None, False, False)),
    ("rank mismatch", np.ones((3,)), np.ones((1, 3)), 1.0, 1.0, "element",
     ArrayDiff(None, None, False, False)),
    ("scalar", np.float64(2.0), np.float64(2.5), 0.0, 0.5, "element",
     ArrayDiff(0.5, 0.25, True, True)),
    ("empty", np.zeros((0, 4)), np.zeros((0, 4)), 0.0, 0.0, "element",
     ArrayDiff(0.0, 0.0, True, True)),
    ("empty, shapes differ", np.zeros((0, 4)), np.zeros((4, 0)), 0.0, 0.0, "element",
     ArrayDiff(None, None, False, False)),
    ("nan on both sides", arr(1, NAN), arr(1, NAN), 0.0, 0.0, "element",
     ArrayDiff(0.0, 0.0, True, True)),
    ("nan on one side", arr(1, NAN), arr(1, 2), 1.0, 1.0, "element",
     ArrayDiff(0.0, 0.0, False, True)),
    ("nan everywhere on one side", arr(NAN, NAN), arr(1, 2), 1.0, 1.0, "element",
     ArrayDiff(NAN, NAN, False, True)),
    ("equal infinities", arr(INF, -INF, 1), arr(INF, -INF, 1), 0.0, 0.0, "element",
     ArrayDiff(0.0, 0.0, True, True)),
    ("opposite infinities", arr(INF), arr(-INF), 1.0, 1.0, "element",
     ArrayDiff(INF, NAN, False, True)),
    ("infinity vs finite", arr(INF, 1), arr(1e300, 1), 1.0, 1.0, "element",
     ArrayDiff(INF, 0.0, False, True)),  # inf / inf is no relative difference
    ("ints equal", arr(1, 2, dtype="int64"), arr(1, 2, dtype="int32"), 0.0, 0.0, "element",
     ArrayDiff(0.0, 0.0, True, True)),
    ("ints exact despite tolerance", arr(10, 20, dtype="int64"), arr(10, 21, dtype="int64"),
     1.0, 5.0, "element", ArrayDiff(1.0, 0.05, False, True)),
    ("bools exact", arr(True, False, dtype=bool), arr(True, True, dtype=bool), 1.0, 1.0, "element",
     ArrayDiff(1.0, 1e12, False, True)),
    ("int vs float uses tolerance", arr(1, 2, dtype="int64"), arr(1.0, 2.0000001), 1e-5, 0.0,
     "element", ArrayDiff(pytest.approx(1e-7), pytest.approx(5e-8), True, True)),
    ("within atol", arr(0.0), arr(1e-6), 0.0, 1e-6, "element",
     ArrayDiff(1e-6, 1e-6 / 1e-12, True, True)),
    ("just outside atol", arr(0.0), arr(1.1e-6), 0.0, 1e-6, "element",
     ArrayDiff(pytest.approx(1.1e-6), pytest.approx(1.1e6), False, True)),
    ("within rtol of ref", arr(100.0), arr(100.09), 1e-3, 0.0, "element",
     ArrayDiff(pytest.approx(0.09), pytest.approx(9e-4), True, True)),
    ("just outside rtol of ref", arr(100.0), arr(100.11), 1e-3, 0.0, "element",
     ArrayDiff(pytest.approx(0.11), pytest.approx(1.1e-3), False, True)),
    ("rtol scales with ref, not got", arr(1.0), arr(2.0), 0.6, 0.0, "element",
     ArrayDiff(1.0, 1.0, False, True)),
    ("zero tolerance: equal only", arr(1.0, 2.0), arr(1.0, np.nextafter(2.0, 3.0)), 0.0, 0.0,
     "element", ArrayDiff(pytest.approx(4.4e-16, rel=0.1), pytest.approx(2.2e-16, rel=0.1),
                          False, True)),
    ("scale=max: small entries share the large one's allowance", arr(1000.0, 0.0),
     arr(1000.0, 0.5), 1e-3, 0.0, "max", ArrayDiff(0.5, 0.5 / 1e-12, True, True)),
    ("scale=element: the same is too far", arr(1000.0, 0.0), arr(1000.0, 0.5), 1e-3, 0.0,
     "element", ArrayDiff(0.5, 0.5 / 1e-12, False, True)),
    ("scale=max ignores non-finite ref", arr(INF, 10.0, 0.0), arr(INF, 10.0, 0.011), 1e-3, 0.0,
     "max", ArrayDiff(pytest.approx(0.011), pytest.approx(0.011 / 1e-12), False, True)),
    ("complex", np.array([1 + 1j]), np.array([1 + 2j]), 0.0, 0.5, "element",
     ArrayDiff(1.0, pytest.approx(1 / math.sqrt(2)), False, True)),
]


def _same(x, y):
    if isinstance(y, float) and math.isnan(y):
        return isinstance(x, float) and math.isnan(x)
    return x == y


@pytest.mark.parametrize("case, ref, got, rtol, atol, scale, want", CASES, ids=[c[0] for c in CASES])
def test_compare_arrays(case, ref, got, rtol, atol, scale, want):
    d = compare_arrays(ref, got, rtol, atol, scale)
    assert isinstance(d.close, bool) and isinstance(d.shapes_equal, bool)
    for f in ("max_abs", "max_rel", "close", "shapes_equal"):
        assert _same(getattr(d, f), getattr(want, f)), (case, f, d)


def test_compare_arrays_accepts_lists_and_rejects_unknown_scale():
    assert compare_arrays([1.0, 2.0], [1.0, 2.0], 0.0, 0.0).close
    with pytest.raises(ValueError, match="scale"):
        compare_arrays([1.0], [1.0], 0.0, 0.0, scale="global")


LIST_CASES = [
    ("both empty", [], [], ArrayDiff(0.0, 0.0, True, True)),
    ("lengths differ", [arr(1)], [arr(1), arr(1)], ArrayDiff(None, None, False, False)),
    ("one pair's shapes differ", [arr(1), arr(1, 2)], [arr(1), arr(1)],
     ArrayDiff(None, None, False, False)),
    ("worst pair decides", [arr(1.0), arr(10.0)], [arr(1.5), arr(10.1)],
     ArrayDiff(0.5, 0.5, False, True)),
    ("all close", [arr(1.0), arr(1, dtype="int64")], [arr(1.05), arr(1, dtype="int64")],
     ArrayDiff(pytest.approx(0.05), pytest.approx(0.05), True, True)),
    ("an all-nan pair is skipped in the maxima", [arr(NAN), arr(2.0)], [arr(1.0), arr(2.0)],
     ArrayDiff(0.0, 0.0, False, True)),
]


@pytest.mark.parametrize("case, ref, got, want", LIST_CASES, ids=[c[0] for c in LIST_CASES])
def test_compare_lists(case, ref, got, want):
    d = compare_lists(ref, got, rtol=0.0, atol=0.1)
    for f in ("max_abs", "max_rel", "close", "shapes_equal"):
        assert _same(getattr(d, f), getattr(want, f)), (case, f, d)


def test_compare_lists_scale_applies_per_pair():
    ref = [arr(1000.0, 0.0), arr(1.0, 0.0)]
    assert compare_lists(ref, [arr(1000.0, 0.5), arr(1.0, 0.0)], 1e-3, 0.0, scale="max").close
    assert not compare_lists(ref, [arr(1000.0, 0.0), arr(1.0, 0.5)], 1e-3, 0.0, scale="max").close
