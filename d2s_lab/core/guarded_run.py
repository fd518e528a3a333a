"""Runs that may never end, or may end the process, guarded: the first static run and
the trace of forward.

A Program with a ``while`` loop may never end its first run, and Paddle's executor does
not look at signals while it runs; low-precision ops may make oneDNN abort on a CPU that
lacks the instructions; a loop in forward may keep tracing forever. Each is run where
stopping it costs one message: a forked child (:mod:`d2s_lab.core.child_run`), a fresh
process given the saved program (:mod:`~d2s_lab.core.paddle_compat.saved_run`), or a
worker thread the kernel's Interrupt and a time budget reach. What stopped one becomes a
ConversionError that keeps the conversion so far (:func:`runaway_error`,
:func:`aborted_error`, :func:`trace_stopped_error`).
"""
from __future__ import annotations

import ctypes
import linecache
import threading
import time
from typing import Any, Callable, Dict, List, Optional

from d2s_lab.core.child_run import ChildDied, Stopped, can_fork, result_from_child
from d2s_lab.core.diagnosis import attach_line, diagnose
from d2s_lab.core.diagnosis.report import point_at
from d2s_lab.core.export import save_conversion
from d2s_lab.core.frames import display_file, is_paddle_temp_file, is_user_file
from d2s_lab.core.graph.model import Graph
from d2s_lab.core.paddle_compat.errors import original_location
from d2s_lab.core.paddle_compat.saved_run import saved_run_ends
from d2s_lab.core.paddle_compat.transformers import stop_converted_code
from d2s_lab.core.paddle_compat.walk import has_while_loop, runs_low_precision
from d2s_lab.errors import ConversionError
from d2s_lab.text import t


class Runaway(Exception):
    """The first static run passed its time budget, or the user interrupted it."""

    def __init__(self, interrupted: bool, seconds: float, stopped: bool = False):
        super().__init__("interrupted" if interrupted else "time budget")
        self.interrupted, self.seconds = interrupted, seconds
        self.stopped = stopped  # the run was killed (it ran in a child), not left running


class Aborted(Exception):
    """The first static run ended the (child) process it ran in: Paddle's C++ called abort()."""

    def __init__(self, signal_name: str, low_precision: bool):
        super().__init__(t("err.run_aborted", signal=signal_name))
        self.signal_name, self.low_precision = signal_name, low_precision


def call_static(conv, inputs):
    """``conv``'s static function called on ``inputs``: every guarded run calls it here."""
    return conv.static_function(*inputs)


# How a first run that may never end is guarded: "auto" (a forked child on the CPU, a
# fresh process given the saved program elsewhere) or "process" (always the latter).
FIRST_RUN_GUARD = "auto"


def first_run(conv, inputs, budget_s: float, keep: Callable[[Any], Any], forkable: bool = False):
    """Run the static function once. A Program with a ``while`` loop may never end, and
    Paddle's executor does not look at signals while it runs: such a run goes to a worker
    thread (the executor releases the GIL), so the kernel's Interrupt and the time budget
    reach this thread, and the cell returns with the conversion kept. ``forkable`` (on the
    CPU): the run is tried in a forked child first (:mod:`d2s_lab.core.child_run`), so an
    interrupted or timed-out run is killed and the CPU is idle again at once; elsewhere
    (a GPU) in a fresh process given the saved program (:mod:`~d2s_lab.core.paddle_compat.saved_run`),
    the thread being the last resort (inputs that are not all tensors). When it ends in
    a forked child, its outputs' shapes (``keep(outputs)``: what a child can send back)
    come back into ``conv.outputs`` and it is not run again here (returns None)."""
    # a run that may never end (a while loop), or that may end the process (low precision
    # on a CPU that cannot run it: oneDNN aborts), is tried where that costs one message
    if conv.program is None or budget_s is None or not (
            has_while_loop(conv.program) or (forkable and runs_low_precision(conv.program))):
        return call_static(conv, inputs)
    if FIRST_RUN_GUARD == "process" or not (forkable and can_fork()):
        # a GPU (a CUDA context does not survive a fork): a fresh process given the saved program
        try:
            ended = saved_run_ends(lambda prefix: save_conversion(conv, prefix), list(inputs), budget_s)
        except Stopped as exc:
            raise Runaway(exc.interrupted, exc.seconds, stopped=True) from None
        if ended is not None:  # it ends (or fails): run it here, for its results
            return call_static(conv, inputs)
    elif can_fork():  # tried in a child first: a runaway is stopped for real
        try:
            ended, outputs = result_from_child(lambda: call_static(conv, inputs), budget_s, keep=keep)
        except Stopped as exc:
            raise Runaway(exc.interrupted, exc.seconds, stopped=True) from None
        if ended and outputs is not None:  # the run was done once, there: its outputs came back
            conv.outputs = conv.outputs or outputs
            return None
        if isinstance(outputs, ChildDied):  # it ended its process: here it would end the kernel
            raise Aborted(outputs.name, runs_low_precision(conv.program))
        if ended is not None:  # it fails (or said nothing of its outputs): run it here
            return call_static(conv, inputs)
    result: Dict[str, Any] = {}

    def work():
        try:
            result["out"] = call_static(conv, inputs)
        except BaseException as exc:  # handed to the caller's thread
            result["error"] = exc

    worker = threading.Thread(target=work, name="d2s-first-run", daemon=True)
    t0 = time.perf_counter()
    worker.start()
    try:
        while worker.is_alive() and time.perf_counter() - t0 < budget_s:
            worker.join(0.1)
    except KeyboardInterrupt:
        RUNAWAY_RUNS.append(worker)
        raise Runaway(True, time.perf_counter() - t0) from None
    if worker.is_alive():
        RUNAWAY_RUNS.append(worker)
        raise Runaway(False, budget_s)
    if "error" in result:
        raise result["error"]
    return result["out"]


class TraceStopped(Exception):
    """Tracing forward was interrupted, or passed its time budget."""

    def __init__(self, interrupted: bool, seconds: float, stopped: bool, where=None):
        super().__init__("interrupted" if interrupted else "time budget")
        self.interrupted, self.seconds, self.stopped = interrupted, seconds, stopped
        self.where = where  # (file, line) of the user's code the trace was running


def _user_line_of(thread) -> Optional[tuple]:
    """The innermost line of the user's code that ``thread`` is running."""
    import sys

    frame = sys._current_frames().get(thread.ident)  # noqa: SLF001 - the one way to read a thread's stack
    while frame is not None:
        file = frame.f_code.co_filename
        if is_paddle_temp_file(file):  # the transformed code: its line maps to the user's
            mapped = original_location(file, frame.f_lineno)
            if mapped is not None:
                return mapped
        elif is_user_file(file):
            return file, frame.f_lineno
        frame = frame.f_back
    return None


def on_a_short_stack(work: Callable[[], Any], budget_s: Optional[float] = None) -> Any:
    """``work()``, run in a thread of its own and waited for: Paddle records the Python
    stack of every parameter and op it traces (and keeps it with the Program), so it
    traces on a short stack faster and keeps less than under a notebook's deep one
    (IPython, the magic, this module). The kernel's Interrupt, or ``budget_s`` passing,
    stops the thread at its next line of converted code (a loop in forward that never
    ends; elsewhere, after :data:`CLEAN_STOP_S`, at its next bytecode) and raises
    :class:`TraceStopped`. The result, or what ``work`` raised, comes
    back as if called here."""
    result: Dict[str, Any] = {}
    # an Event, not Thread.join: a join interrupted by KeyboardInterrupt can leave
    # is_alive() False while the thread still runs
    done = threading.Event()

    def run():
        try:
            result["out"] = work()
        except BaseException as exc:  # handed to the caller's thread
            result["error"] = exc
        finally:
            done.set()

    worker = threading.Thread(target=run, name="d2s-trace", daemon=True)
    t0 = time.perf_counter()
    worker.start()
    interrupted = False
    try:
        while not done.is_set() and (budget_s is None or time.perf_counter() - t0 < budget_s):
            done.wait(0.05)
    except KeyboardInterrupt:
        interrupted = True
    if not done.is_set():
        # past the budget, the message names the budget (a busy machine looks at the clock late)
        seconds = time.perf_counter() - t0 if interrupted or budget_s is None else budget_s
        where = _user_line_of(worker)
        restore = stop_converted_code(worker.ident)
        try:
            stopped = done.wait(CLEAN_STOP_S)
            if not stopped:  # a loop in code Paddle did not convert: stopped at its next bytecode
                ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(worker.ident),
                                                           ctypes.py_object(KeyboardInterrupt))
                stopped = done.wait(5)
        finally:
            restore()
        if not stopped:
            RUNAWAY_RUNS.append(worker)
        raise TraceStopped(interrupted, seconds, stopped, where)
    if "error" in result:
        raise result["error"]
    return result["out"]


# How long a stopped trace has to reach its next line of converted code (a busy machine
# may give the thread little of it) before it is stopped wherever it is.
CLEAN_STOP_S = 5.0

# Worker threads of first runs that never ended: Paddle's executor cannot be stopped.
RUNAWAY_RUNS: List[threading.Thread] = []


def _loop_header(file: str, line: int) -> int:
    """The ``while``/``for`` line that owns ``line`` (an op inside the loop body)."""
    lines = linecache.getlines(file)
    if not 0 < line <= len(lines):
        return line
    indent = len(lines[line - 1]) - len(lines[line - 1].lstrip())
    for n in range(line - 1, 0, -1):
        text = lines[n - 1]
        stripped = text.lstrip()
        if stripped and len(text) - len(stripped) < indent and stripped.startswith(("while", "for")):
            return n
    return line


def runaway_error(conv, exc: Runaway) -> ConversionError:
    loops = conv.drawn_graph.ops_named("while") if isinstance(conv.drawn_graph, Graph) else []
    loop = next(iter(loops), None)
    line = (_loop_header(loop.source.file, loop.source.line)
            if loop is not None and loop.source is not None else None)
    where = t("err.runaway_where", file=display_file(loop.source.file), line=line) if line else ""
    how = (t("err.runaway_interrupted") if exc.interrupted
           else t("err.runaway_timeout", seconds=f"{exc.seconds:.0f}"))
    after = t("err.run_stopped") if exc.stopped else t("err.runaway_goes_on")
    message = (t("err.runaway", how=how, where=where) if loop is not None else t("err.run_interrupted"))
    err = ConversionError(
        message, t("err.runaway_hint", after=after),
        stage="run", original=TimeoutError(f"first static run {how}"), conversion=conv)
    err.report = diagnose(err)
    if line:
        attach_line(err.report, loop.source.file, line)
    err.report.message = err.message
    err.report.hint = err.hint
    err.report.stopped = True
    conv.error = err
    return err


def aborted_error(conv, exc: Aborted) -> ConversionError:
    hint = t("err.run_aborted_low_precision") if exc.low_precision else t("err.run_aborted_hint")
    err = ConversionError(str(exc), f"{hint} {t('err.run_aborted_log')}", stage="run",
                          original=RuntimeError(str(exc)), conversion=conv)
    err.report = diagnose(err)
    err.report.message, err.report.hint, err.report.stopped = err.message, err.hint, True
    err.report.facts["aborted"] = "low_precision" if exc.low_precision else "other"
    conv.error = err
    return err


def trace_stopped_error(conv, exc: TraceStopped) -> ConversionError:
    how = (t("err.trace_interrupted") if exc.interrupted
           else t("err.trace_budget", seconds=f"{exc.seconds:.0f}"))
    after = t("err.run_stopped") if exc.stopped else t("err.trace_left")
    err = ConversionError(f"{how} {t('err.trace_why')}", f"{t('err.trace_hint')} {after}", stage="convert",
                          original=TimeoutError(how), conversion=conv)
    err.report = diagnose(err)
    err.report.message, err.report.hint, err.report.stopped = err.message, err.hint, True
    if exc.where:
        point_at(err, *exc.where)
    conv.error = err
    return err
