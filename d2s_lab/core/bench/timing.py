"""Timing several callables fairly against each other (no Paddle here)."""
from __future__ import annotations

import math
import statistics
import time
from dataclasses import dataclass, replace
from typing import Callable, NamedTuple, Optional

BLOCK_S = 0.05  # each callable's turn in a round: long enough for warm caches


@dataclass(frozen=True)
class TimingPlan:
    """How long to time: ``warmup`` calls each first, then rounds until every
    callable has at least ``repeat`` timed calls and ``min_time`` seconds per
    callable have passed, stopping at ``max_runs`` timed calls each."""

    warmup: int = 3
    repeat: int = 10
    min_time: float = 0.5
    max_runs: int = 2000


class Timing(NamedTuple):
    median_s: float
    runs: int


def _block(per_call_s: float) -> int:
    """Calls in one turn: about ``BLOCK_S`` of them, at least 2 (the first is not counted)."""
    return max(2, min(1000, int(BLOCK_S / max(per_call_s, 1e-7)) + 1))


def estimate(per_call: dict[str, float], plan: TimingPlan) -> float:
    """Seconds :func:`interleaved` will take for callables taking ``per_call`` seconds
    a call: the warm-up, then the rounds that reach ``repeat`` timed calls each and
    ``min_time`` seconds per callable (at most ``max_runs`` calls each)."""
    if not per_call:
        return 0.0
    warm = sum(max(plan.warmup, 1) * t for t in per_call.values())
    block = {k: _block(t) for k, t in per_call.items()}
    round_s = sum(block[k] * t for k, t in per_call.items())
    by_repeat = max(math.ceil(plan.repeat / (block[k] - 1)) for k in per_call)
    by_time = math.ceil(plan.min_time * len(per_call) / round_s) if round_s > 0 else 0
    cap = max(math.ceil(plan.max_runs / (block[k] - 1)) for k in per_call)
    return warm + max(1, min(max(by_repeat, by_time), cap)) * round_s


MIN_REPEAT = 3  # a budget never trims the timed calls below this


class Fit(NamedTuple):
    """What fits a time budget: the timing plan, the batches kept (in the order given),
    and the estimated seconds; ``fits`` is False where even the smallest plan is over."""

    plan: TimingPlan
    batches: list
    estimate_s: float
    fits: bool


def fit_budget(per_call: dict, plan: TimingPlan, available_s: Optional[float]) -> Fit:
    """Trim ``plan`` and the batches so the timing fits in ``available_s`` seconds.

    ``per_call`` maps each batch, smallest first, to its callables' seconds per call.
    First the minimum time goes and the warm-up shrinks to one call, then the timed calls
    come down (to :data:`MIN_REPEAT`), then the largest batches are left out (the
    smallest always stays); each step only when the previous one is not enough.
    ``available_s=None``: no budget, nothing trimmed.
    """
    batches = list(per_call)

    def total(p, bs):
        return sum(estimate(per_call[b], p) for b in bs)

    full = total(plan, batches)
    if available_s is None or full <= available_s:
        return Fit(plan, batches, full, True)
    lean = replace(plan, min_time=0.0, warmup=min(plan.warmup, 1))
    kept = list(batches)
    while True:
        for r in range(plan.repeat, min(MIN_REPEAT, plan.repeat) - 1, -1):
            p = replace(lean, repeat=r)
            est = total(p, kept)
            if est <= available_s:
                return Fit(p, kept, est, True)
        if len(kept) == 1:
            p = replace(lean, repeat=min(MIN_REPEAT, plan.repeat))
            return Fit(p, kept, total(p, kept), False)
        kept = kept[:-1]


def interleaved(fns: dict[str, Callable[[], object]], plan: TimingPlan,
                sync: Callable[[], None] | None = None,
                stop_at: float | None = None,
                tick: Callable[[], None] | None = None) -> dict[str, Timing]:
    """``{name: Timing(median_s, runs)}`` for each callable of ``fns``.

    The callables take turns in rounds, so a machine whose load changes during the
    measurement slows them all alike. Each turn is a block of consecutive calls lasting
    about ``BLOCK_S``; the block's first call (its caches cooled by the others) is not
    counted, so the times are steady-state ones, as a serving loop sees them. ``sync``
    runs after every call (e.g. to wait for the GPU). ``stop_at`` (a
    ``time.perf_counter()`` value) ends the rounds early once every callable has a timed
    call; ``tick`` is called after the warm-up and after each round (progress).
    """
    sync = sync or (lambda: None)
    warmup = max(plan.warmup, 1)
    per_call: dict[str, float] = {}
    for k, fn in fns.items():
        t0 = time.perf_counter()
        for _ in range(warmup):
            fn()
        sync()
        per_call[k] = (time.perf_counter() - t0) / warmup
    block = {k: _block(t) for k, t in per_call.items()}
    times: dict[str, list[float]] = {k: [] for k in fns}
    deadline = time.perf_counter() + plan.min_time * len(fns)
    while True:
        if tick is not None:
            tick()
        now = time.perf_counter()
        done = all(len(v) >= plan.repeat for v in times.values()) and now >= deadline
        if done or all(len(v) >= plan.max_runs for v in times.values()):
            break
        if stop_at is not None and now >= stop_at and all(times.values()):
            break
        for k, fn in fns.items():
            if len(times[k]) >= plan.max_runs:
                continue
            for i in range(block[k]):
                t0 = time.perf_counter()
                fn()
                sync()
                if i:
                    times[k].append(time.perf_counter() - t0)
    return {k: Timing(statistics.median(v), len(v)) for k, v in times.items()}
