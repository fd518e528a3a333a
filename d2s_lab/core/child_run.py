"""A run that can be stopped for real: a forked child process tries it first.

Paddle's executor does not look at signals while it runs, and a thread running it
cannot be stopped: a ``while`` loop that never ends would keep the CPU busy until the
kernel restarts. :func:`ends_in_child` runs the call in a child process (``fork``: it
has the converted program as it is, nothing to save or load) under the time budget;
the kernel's Interrupt or the budget kills the child, and the CPU is idle again at
once. When the child finishes, the caller runs the call itself, knowing it ends, or
takes what the child sent back of its result (:func:`result_from_child`).

POSIX only (:func:`can_fork`), and on the CPU only (a CUDA context does not survive a
fork): elsewhere :func:`ends_in_process` runs a fresh interpreter given the saved
program. Never imports paddle.
"""
from __future__ import annotations

import ctypes
import os
import pickle
import select
import signal
import subprocess
import time
from typing import Callable, NamedTuple, Optional, Tuple

from d2s_lab.core.capture import forget


class Stopped(Exception):
    """The child was killed: ``interrupted`` (the kernel's Interrupt) or past the
    budget, after ``seconds``."""

    def __init__(self, interrupted: bool, seconds: float):
        super().__init__("interrupted" if interrupted else "time budget")
        self.interrupted, self.seconds = interrupted, seconds


class ChildDied(NamedTuple):
    """What :func:`result_from_child` gives when the call ended the child process itself
    (C++ code calling abort()): the signal that ended it."""

    signal: int

    @property
    def name(self) -> str:
        try:
            return signal.Signals(self.signal).name
        except ValueError:
            return f"signal {self.signal}"


def can_fork() -> bool:
    return hasattr(os, "fork")


def _die_with_parent() -> None:
    """Linux: the child is killed when the kernel process ends (a restart), so no run
    outlives it."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def _kill(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    try:
        os.waitpid(pid, 0)
    except ChildProcessError:
        pass
    forget(pid)  # stopped on purpose: not a process that ended by surprise


def ends_in_child(call: Callable[[], object], budget_s: float) -> Optional[bool]:
    """Run ``call()`` in a forked child within ``budget_s`` seconds: True when it
    returned, False when it raised (the caller runs it again to get the error), None
    when the child died without saying (the caller decides). Raises :class:`Stopped`
    on the kernel's Interrupt or past the budget, the child killed and reaped."""
    return result_from_child(call, budget_s)[0]


def result_from_child(call: Callable[[], object], budget_s: float,
                      keep: Optional[Callable[[object], object]] = None) -> Tuple[Optional[bool], object]:
    """As :func:`ends_in_child`, and with ``keep``: ``(True, keep(call()))``, what
    ``keep`` makes of the result computed in the child (plain, picklable data), so the
    caller need not run the call again; ``(True, None)`` when it could not be sent."""
    r, w = os.pipe()
    t0 = time.perf_counter()
    me, pid = os.getpid(), 0
    answer = bytearray()
    # The fork is inside the ``try``: an Interrupt that lands just after it still kills
    # the child. A child reached by it before its own handler is set leaves at once.
    try:
        pid = os.fork()
        if pid == 0:  # the child: run, say how it ended, leave without any cleanup
            try:
                os.close(r)
                signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides
                _die_with_parent()
                try:
                    out = call()
                    code = b"1"
                except BaseException:
                    code = b"0"
                if code == b"1" and keep is not None:
                    try:
                        code += pickle.dumps(keep(out))
                    except BaseException:
                        pass
                _write_all(w, code)
            finally:
                os._exit(0)
        os.close(w)
        w = -1
        while True:
            left = budget_s - (time.perf_counter() - t0)
            if left <= 0:
                _kill(pid)
                raise Stopped(False, budget_s)  # the budget, not a busy machine's late look at the clock
            ready, _, _ = select.select([r], [], [], min(0.1, left))
            if ready:
                chunk = os.read(r, 1 << 16)
                if not chunk:  # the child closed the pipe: all said
                    break
                answer += chunk
    except KeyboardInterrupt:
        if os.getpid() != me:
            os._exit(0)
        if pid:
            _kill(pid)
        raise Stopped(True, time.perf_counter() - t0) from None
    finally:
        if os.getpid() != me:
            os._exit(0)
        os.close(r)
        if w >= 0:
            os.close(w)
    status = 0
    try:
        status = os.waitpid(pid, 0)[1]
    except ChildProcessError:
        pass
    forget(pid)  # however it ended, the caller says so: nothing left for a later load
    ended = {b"1": True, b"0": False}.get(bytes(answer[:1]))
    value = None
    if ended is None and os.WIFSIGNALED(status):  # the call ended the process (an abort)
        value = ChildDied(os.WTERMSIG(status))
    if ended and len(answer) > 1:
        try:
            value = pickle.loads(bytes(answer[1:]))  # from this process's own fork
        except Exception:
            value = None
    return ended, value


def ends_in_process(argv, budget_s: float, cwd: Optional[str] = None, env=None) -> Optional[bool]:
    """Run ``argv`` (a fresh interpreter, see :mod:`d2s_lab.core.paddle_compat.saved_run`)
    within ``budget_s`` seconds: True when it said ``ok`` and exited, False when it
    exited without (the caller runs the call itself to get the error). Raises
    :class:`Stopped` on the kernel's Interrupt or past the budget, the process killed."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(argv, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    said = b""
    try:
        while True:
            left = budget_s - (time.perf_counter() - t0)
            if left <= 0:
                _kill(proc.pid)
                raise Stopped(False, budget_s)  # the budget, not a busy machine's late look at the clock
            ready, _, _ = select.select([proc.stdout], [], [], min(0.1, left))
            if ready:
                chunk = os.read(proc.stdout.fileno(), 4096)
                if not chunk:
                    break
                said += chunk[:64]
    except KeyboardInterrupt:
        _kill(proc.pid)
        raise Stopped(True, time.perf_counter() - t0) from None
    finally:
        proc.stdout.close()
    proc.wait()
    return said.startswith(b"ok") and proc.returncode == 0


def _write_all(fd: int, data: bytes) -> None:
    while data:
        data = data[os.write(fd, data):]


__all__ = ["Stopped", "can_fork", "ends_in_child", "ends_in_process", "result_from_child"]
