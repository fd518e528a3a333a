"""Aligning two sequences of keys (ops' kinds, in program order) within a time bound.

:mod:`difflib` is exact but costs up to (len a) x (len b) x (the shorter) on repetitive
sequences (500 x 500 alternating relu/tanh: seconds), so it only aligns stretches of at
most :data:`ALIGN_SMALL_CELLS` pairs, and at most an :class:`AlignBudget`'s cells over a
whole comparison. Longer stretches are cut at anchors (a key found once in each, in the
same order: near-linear); a stretch with no anchor left, or past the budget, gets a
windowed pairing in linear time, and the caller is told so. The result is difflib's
opcodes. Plain Python: nothing here knows what the keys are.
"""
from __future__ import annotations

import bisect
import difflib
from typing import Any, Dict, Iterator, List, Sequence, Tuple

__all__ = ["ALIGN_SMALL_CELLS", "ANCHOR_DEPTH", "ALIGN_WINDOW", "AlignBudget", "align_opcodes"]

# The longest stretch (in pairs) difflib aligns at once.
ALIGN_SMALL_CELLS = 10_000
# How deep stretches are cut at anchors again (each level costs one pass over the keys).
ANCHOR_DEPTH = 16
# How far ahead the windowed pairing looks for the next key that pairs.
ALIGN_WINDOW = 64


def _positions(keys: Sequence, lo: int, hi: int) -> Dict[Any, List[int]]:
    out: Dict[Any, List[int]] = {}
    for i in range(lo, hi):
        out.setdefault(keys[i], []).append(i)
    return out


def _windowed(ka: Sequence, kb: Sequence, i1: int, i2: int, j1: int, j2: int) -> Iterator[tuple]:
    """difflib-style opcodes in linear time: pair equal keys in order, skipping ahead at
    most ``ALIGN_WINDOW`` ops on either side to find the next pair (the nearer side
    first; found by position lists, so each step costs a bisection, not a scan)."""
    pos_a, pos_b = _positions(ka, i1, i2), _positions(kb, j1, j2)

    def ahead(positions: Dict[Any, List[int]], key, at: int) -> int:
        found = positions.get(key)
        if not found:
            return ALIGN_WINDOW
        k = bisect.bisect_left(found, at)
        return found[k] - at if k < len(found) else ALIGN_WINDOW

    i, j = i1, j1
    while i < i2 and j < j2:
        if ka[i] == kb[j]:
            start = i
            while i < i2 and j < j2 and ka[i] == kb[j]:
                i, j = i + 1, j + 1
            yield "equal", start, i, j - (i - start), j
            continue
        db, da = ahead(pos_b, ka[i], j), ahead(pos_a, kb[j], i)
        if db <= da and db < ALIGN_WINDOW:
            yield "insert", i, i, j, j + db
            j += db
        elif da < ALIGN_WINDOW:
            yield "delete", i, i + da, j, j
            i += da
        else:
            yield "replace", i, i + 1, j, j + 1
            i, j = i + 1, j + 1
    if i < i2 or j < j2:
        yield ("delete" if j >= j2 else "insert" if i >= i2 else "replace"), i, i2, j, j2


def _anchors(ka: Sequence, kb: Sequence, i1: int, i2: int, j1: int, j2: int) -> List[Tuple[int, int]]:
    """``(i, j)`` pairs of keys found exactly once in ``ka[i1:i2]`` and once in
    ``kb[j1:j2]``, the longest run of them in the same order on both sides (patience
    sorting: O(n log n))."""
    count_a: Dict[Any, int] = {}
    for i in range(i1, i2):
        count_a[ka[i]] = count_a.get(ka[i], 0) + 1
    where_b: Dict[Any, int] = {}
    count_b: Dict[Any, int] = {}
    for j in range(j1, j2):
        k = kb[j]
        if count_a.get(k) == 1:
            count_b[k] = count_b.get(k, 0) + 1
            where_b[k] = j
    pairs = [(i, where_b[ka[i]]) for i in range(i1, i2)
             if count_a[ka[i]] == 1 and count_b.get(ka[i]) == 1]
    tails: List[int] = []  # tails[k]: smallest j ending an increasing run of k + 1
    tail_at: List[int] = []  # index into pairs of that end
    back: List[int] = []
    for n, (_, j) in enumerate(pairs):
        k = bisect.bisect_left(tails, j)
        back.append(tail_at[k - 1] if k else -1)
        if k == len(tails):
            tails.append(j)
            tail_at.append(n)
        else:
            tails[k], tail_at[k] = j, n
    out = []
    n = tail_at[-1] if tail_at else -1
    while n >= 0:
        out.append(pairs[n])
        n = back[n]
    return out[::-1]


class AlignBudget:
    """What the alignments of one comparison may still spend on difflib (``cells``: pairs
    compared), and whether any stretch was paired the rough way."""

    def __init__(self, cells: int):
        self.cells = cells
        self.windowed = False


def _align(ka: Sequence, kb: Sequence, i1: int, i2: int, j1: int, j2: int, budget: AlignBudget,
           depth: int = 0) -> Iterator[tuple]:
    """Opcodes for ``ka[i1:i2]`` against ``kb[j1:j2]``: the common start and end paired
    directly; the rest by difflib when small and within budget, else cut at anchors,
    else windowed."""
    lo = 0
    while i1 + lo < i2 and j1 + lo < j2 and ka[i1 + lo] == kb[j1 + lo]:
        lo += 1
    if lo:
        yield "equal", i1, i1 + lo, j1, j1 + lo
        i1, j1 = i1 + lo, j1 + lo
    hi = 0
    while i1 < i2 - hi and j1 < j2 - hi and ka[i2 - 1 - hi] == kb[j2 - 1 - hi]:
        hi += 1
    i2, j2 = i2 - hi, j2 - hi
    n, m = i2 - i1, j2 - j1
    if n and m and n * m <= ALIGN_SMALL_CELLS and n * m <= budget.cells:
        budget.cells -= n * m
        sm = difflib.SequenceMatcher(None, ka[i1:i2], kb[j1:j2], autojunk=False)
        for t_, a1, a2, b1, b2 in sm.get_opcodes():
            yield t_, a1 + i1, a2 + i1, b1 + j1, b2 + j1
    elif (n == 0 or m == 0) and budget.cells >= 0:
        if n or m:
            yield ("insert" if m else "delete"), i1, i2, j1, j2
    else:
        anchors = _anchors(ka, kb, i1, i2, j1, j2) if depth < ANCHOR_DEPTH and n and m else []
        if anchors:
            for ai, aj in anchors:
                yield from _align(ka, kb, i1, ai, j1, aj, budget, depth + 1)
                yield "equal", ai, ai + 1, aj, aj + 1
                i1, j1 = ai + 1, aj + 1
            yield from _align(ka, kb, i1, i2, j1, j2, budget, depth + 1)
        else:
            budget.windowed = True
            yield from _windowed(ka, kb, i1, i2, j1, j2)
    if hi:
        yield "equal", i2, i2 + hi, j2, j2 + hi


def align_opcodes(ka: Sequence, kb: Sequence, budget: AlignBudget) -> Tuple[List[tuple], bool]:
    """``(opcodes, windowed)``: difflib-style opcodes aligning ``ka`` with ``kb`` within
    ``budget`` (shared by the alignments of one comparison); ``windowed``: some stretch
    was paired by the rough linear pairing."""
    was = budget.windowed
    budget.windowed = False
    ops = list(_align(ka, kb, 0, len(ka), 0, len(kb), budget))
    windowed, budget.windowed = budget.windowed, was or budget.windowed
    return ops, windowed
