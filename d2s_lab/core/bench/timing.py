"""Timing several callables fairly against each other (no Paddle here)."""
from __future__ import annotations

import statistics
import time
from dataclasses import dataclass
from typing import Callable, NamedTuple

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


def interleaved(fns: dict[str, Callable[[], object]], plan: TimingPlan,
                sync: Callable[[], None] | None = None) -> dict[str, Timing]:
    """``{name: Timing(median_s, runs)}`` for each callable of ``fns``.

    The callables take turns in rounds, so a machine whose load changes during the
    measurement slows them all alike. Each turn is a block of consecutive calls lasting
    about ``BLOCK_S``; the block's first call (its caches cooled by the others) is not
    counted, so the times are steady-state ones, as a serving loop sees them. ``sync``
    runs after every call (e.g. to wait for the GPU).
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
    block = {k: max(2, min(1000, int(BLOCK_S / max(t, 1e-7)) + 1)) for k, t in per_call.items()}
    times: dict[str, list[float]] = {k: [] for k in fns}
    deadline = time.perf_counter() + plan.min_time * len(fns)
    while True:
        done = all(len(v) >= plan.repeat for v in times.values()) and time.perf_counter() >= deadline
        if done or all(len(v) >= plan.max_runs for v in times.values()):
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
