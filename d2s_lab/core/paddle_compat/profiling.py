"""Paddle's profiler, and the clocks around SOT's subgraphs, read as plain data.

* :func:`profiled_calls`: calls under ``paddle.profiler.Profiler`` (CPU, and GPU on a CUDA
  build), each call's wall time, and the op events it recorded (:class:`OpEvent`). Paddle
  names a static-graph op's event by its type: ``pd_op.conv2d`` / ``pd_op.add_`` on
  Paddle 3 (PIR, run on the executor's thread), ``conv2d`` / ``elementwise_add`` on 2.6
  (on several worker threads); :func:`op_type` makes both comparable with a Program's ops.
  Nothing is written to disk (Paddle's default exports a trace file).
* :func:`timing_subgraphs`: while a block runs, when each compiled SOT subgraph ran
  (``FallbackWrapper.__call__``) and each cache lookup with its guards
  (``OpcodeExecutorCache.__call__``), on the profiler's clock (``time.time_ns``).
* :class:`SotWorld`: SOT's executor cache swapped for a separate one while a block runs, so
  a function can be translated again under other settings (``MIN_GRAPH_SIZE=0``) and run
  beside the user's translation without touching it.
* :func:`min_graph_size`: ``MIN_GRAPH_SIZE`` set for a block, then put back as it was.
"""
from __future__ import annotations

import contextlib
import os
import time
from dataclasses import dataclass
from typing import Callable, List, Optional, Tuple

from d2s_lab.core.paddle_compat import hooks, require_paddle
from d2s_lab.core.paddle_compat.sot import restore_env, sot_internals
from d2s_lab.core.paddle_compat.sot.cache import sot_cache


@dataclass
class OpEvent:
    """One op run the profiler recorded (a static-graph op, or a dygraph op's call)."""

    name: str  # as Paddle names it: "pd_op.conv2d", "elementwise_add", "matmul dygraph"
    start_ns: int
    end_ns: int
    thread: int = 0

    @property
    def ms(self) -> float:
        return (self.end_ns - self.start_ns) / 1e6

    @property
    def type(self) -> str:
        return op_type(self.name)


def op_type(name: str) -> str:
    """An op's type as events and Programs both give it: ``pd_op.add_`` -> ``add``,
    ``matmul dygraph`` -> ``matmul``, ``elementwise_add`` -> ``elementwise_add``."""
    name = name.split(" ")[0]
    name = name.split(".", 1)[1] if "." in name else name
    return name[:-1] if name.endswith("_") and not name.endswith("__") else name


def gpu_build() -> bool:
    """Whether this Paddle is built with CUDA."""
    paddle = require_paddle()
    try:
        return bool(paddle.is_compiled_with_cuda())
    except Exception:  # noqa: BLE001 - an odd build: treat as CPU only
        return False


def synchronizer(device: str) -> Callable[[], None]:
    """What waits for the device after a call (nothing on the CPU)."""
    if device != "gpu":
        return lambda: None
    paddle = require_paddle()
    return lambda: paddle.device.synchronize()


def _kind(node) -> str:
    kind = getattr(node, "type", None)
    return getattr(kind, "name", None) or str(kind).rsplit(".", 1)[-1]


def _op_events(tree) -> List[OpEvent]:
    """The outermost Operator events of every thread (an op's inner events, and ops an op
    runs inside itself, are part of its time)."""
    out: List[OpEvent] = []
    for tid, root in tree.items():
        stack = [root]
        while stack:
            node = stack.pop()
            if _kind(node) == "Operator":
                out.append(OpEvent(str(node.name), int(node.start_ns), int(node.end_ns), int(tid)))
                continue
            stack.extend(getattr(node, "children_node", ()) or ())
    out.sort(key=lambda e: e.start_ns)
    return out


def profiled_calls(fn: Callable[[], object], calls: int, device: str = "cpu", stop_at: Optional[float] = None,
                   min_calls: int = 1, tick: Optional[Callable[[str], None]] = None
                   ) -> Tuple[List[Tuple[int, int]], List[OpEvent]]:
    """Run ``fn()`` ``calls`` times under Paddle's profiler; return each call's
    ``(start_ns, end_ns)`` (``time.time_ns``, the profiler's clock) and the op events.
    ``stop_at`` (a ``time.perf_counter()`` value) ends the calls early, after ``min_calls``.
    A first call under the profiler is not counted (``tick("warm")`` follows it);
    ``tick("call")`` follows each counted call, ``tick("read")`` comes before the events
    are read."""
    tick = tick or (lambda _what: None)
    require_paddle()
    from paddle.profiler import Profiler, ProfilerTarget

    targets = [ProfilerTarget.CPU]
    if device == "gpu":
        targets.append(ProfilerTarget.GPU)
    sync = synchronizer(device)
    prof = Profiler(targets=targets, on_trace_ready=lambda _p: None, timer_only=False)
    spans: List[Tuple[int, int]] = []
    prof.start()
    quiet = _python_events_off()
    try:
        # a first call under the profiler, not counted (its first op events may include
        # the profiler's own set-up)
        fn()
        sync()
        tick("warm")
        counted_from = time.time_ns()
        for _ in range(calls):
            t0 = time.time_ns()
            fn()
            sync()
            spans.append((t0, time.time_ns()))
            prof.step()
            tick("call")
            if stop_at is not None and len(spans) >= min_calls and time.perf_counter() >= stop_at:
                break
    finally:
        tick("read")
        quiet()
        prof.stop()
    try:
        events = [e for e in _op_events(prof.profiler_result.get_data()) if e.start_ns >= counted_from]
    except Exception:  # noqa: BLE001 - a build whose result cannot be read: times without ops
        events = []
    return spans, events


def _python_events_off() -> Callable[[], None]:
    """While the profiler records, Paddle's Python-side events are left out (a Layer's
    call, the profiler's steps: ``paddle.profiler.utils._is_profiler_used`` set back to
    False); the op events, recorded by Paddle's C++, stay. A Layer's call checks that flag,
    and SOT guards on it: left on, SOT translates every Layer once more for the profiled
    calls and each Layer call records an event of its own. Returns what puts the flag
    back (before the profiler stops). Nothing is changed where d2s_lab's hooks are off
    or this Paddle has no such flag."""
    try:
        from paddle.profiler import utils as prof_utils
    except ImportError:
        return lambda: None
    if not hooks.enabled() or not isinstance(getattr(prof_utils, "_is_profiler_used", None), bool):
        return lambda: None
    was = prof_utils._is_profiler_used
    prof_utils._is_profiler_used = False

    def back():
        prof_utils._is_profiler_used = was

    return back


@dataclass
class Span:
    """A compiled subgraph's run (``kind="static"``, ``name`` the SIR's) or a cache lookup
    with its guards (``kind="guard"``, ``name`` the frame's code name; ``"translate"``
    where the lookup translated the frame), in ns."""

    kind: str
    name: str
    start_ns: int
    end_ns: int


@contextlib.contextmanager
def timing_subgraphs(spans: List[Span]):
    """Inside the block, each compiled subgraph's run and each SOT cache lookup is
    appended to ``spans``. Yields False (and records nothing) where this Paddle has no
    SOT or d2s_lab's hooks are off."""
    mods, _why = sot_internals()
    if mods is None or not hooks.enabled():
        yield False
        return
    wrapper = mods["cc"].FallbackWrapper
    cache_cls = type(mods["ec"].OpcodeExecutorCache())
    run, lookup = wrapper.__call__, cache_cls.__call__

    def on_run(self, *args, **kwargs):
        t0 = time.time_ns()
        try:
            return run(self, *args, **kwargs)
        finally:
            spans.append(Span("static", str(getattr(getattr(self, "SIR", None), "name", "")), t0, time.time_ns()))

    def on_lookup(self, frame, *args, **kwargs):
        count = getattr(self, "translate_count", None)
        t0 = time.time_ns()
        try:
            return lookup(self, frame, *args, **kwargs)
        finally:
            end = time.time_ns()
            translated = count is not None and getattr(self, "translate_count", count) != count
            spans.append(Span("translate" if translated else "guard",
                              getattr(getattr(frame, "f_code", None), "co_name", ""), t0, end))

    with hooks.patched((wrapper, "__call__", on_run), (cache_cls, "__call__", on_lookup)):
        yield True


def _resume_creator():
    try:
        from paddle.jit.sot.opcode_translator.executor.pycode_generator import ResumeFunctionCreator

        return ResumeFunctionCreator if isinstance(getattr(ResumeFunctionCreator, "CODE_CACHE", None), dict) else None
    except Exception:  # noqa: BLE001 - Paddle 2.6 makes resume functions afresh
        return None


def worlds_allowed() -> bool:
    """Whether d2s_lab may swap SOT's caches for a while (not when its hooks are off:
    then it changes nothing in Paddle)."""
    return hooks.enabled()


class SotWorld:
    """A separate SOT executor cache (and, on Paddle 3, a separate cache of resume
    functions): inside :meth:`entered`, SOT translates and looks up there, and the user's
    translations are neither used nor changed; after it, SOT's caches and its count of
    translations are the user's again."""

    def __init__(self):
        self.cache: dict = {}
        self.codes: dict = {}

    @contextlib.contextmanager
    def entered(self):
        cache = sot_cache()
        if cache is None or not isinstance(getattr(cache, "cache", None), dict):
            yield False
            return
        creator = _resume_creator()
        saved, count = cache.cache, getattr(cache, "translate_count", None)
        saved_codes = creator.CODE_CACHE if creator is not None else None
        cache.cache = self.cache
        if creator is not None:
            creator.CODE_CACHE = self.codes
        try:
            yield True
        finally:
            self.cache = cache.cache
            cache.cache = saved
            if creator is not None:
                self.codes = creator.CODE_CACHE
                creator.CODE_CACHE = saved_codes
            if count is not None:
                cache.translate_count = count


@contextlib.contextmanager
def min_graph_size(n: int):
    """``MIN_GRAPH_SIZE`` is ``n`` inside the block (SOT reads the variable as it
    translates), then as it was (unset if it was)."""
    was = os.environ.get("MIN_GRAPH_SIZE")
    os.environ["MIN_GRAPH_SIZE"] = str(int(n))
    try:
        yield
    finally:
        restore_env("MIN_GRAPH_SIZE", was)


def to_static(fn, input_spec=None, full_graph: bool = False):
    """``paddle.jit.to_static(fn, input_spec, full_graph=...)``, as a user writes it."""
    paddle = require_paddle()
    return paddle.jit.to_static(fn, input_spec=input_spec, full_graph=full_graph)


def no_grad():
    """``paddle.no_grad()``: calls that record nothing for backward."""
    return require_paddle().no_grad()


def set_device(device: str) -> str:
    """Set Paddle's device; return the one in force before."""
    paddle = require_paddle()
    before = paddle.device.get_device()
    paddle.set_device(device)
    return before
