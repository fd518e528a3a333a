"""Hook: every converted function that runs, for the length of a watch of a whole run
(``d2s_lab.watch()``, ``%%d2s_watch``, ``d2s-lab watch``), whoever converted it.

Three patches, made on entry and put back on exit (also after an exception), through
:func:`d2s_lab.core.paddle_compat.hooks.patched`:

* ``StaticFunction.__call__`` (Paddle's base class of both paths): each call of a
  converted function, its wall time, and which function it is (its code object, its path,
  the Layer it is bound to);
* ``ProgramCache.__getitem__`` (AST path): each new Program, and the input that made it;
* ``OpcodeExecutorCache.__call__`` (SOT): every frame the cache is asked about, through
  :mod:`.executor_cache`'s wrapper, wrapped for the watch only where no conversion holds
  it already (then :data:`.executor_cache.GLOBAL` turns its global mode on);
* ``BreakGraphError.__init__`` (SOT): each graph break while SOT translates a frame, at
  the line of the executor that raised it (made only while translating: no cost per step);
* ``OpcodeExecutor._break_graph_when_if`` (2.6: ``_break_graph_in_jump``): an ``if`` on a
  tensor, where SOT splits the frame without raising.

A watch inside a watch adds its recorder to the ones in force (every one hears every
call). The recorder (core's) gets plain values only: ``enter(code, path, instance_id)``
returns a token for ``leave(token, seconds)``; ``for_code(code)`` a sink with ``hit``
and ``add`` (:class:`~.events.CallEvent`); ``program(event_or_None)`` the AST cache's
news; ``graph_break(raw)`` a :class:`~d2s_lab.core.paddle_compat.sot.RawBreak`. A recorder that raises never breaks the user's call.
"""
from __future__ import annotations

import contextlib
import sys
import time
import weakref
from typing import Any, List, Optional

from d2s_lab.core.paddle_compat import hooks
from d2s_lab.core.paddle_compat.hooks import executor_cache
from d2s_lab.core.paddle_compat.hooks.events import CallEvent
from d2s_lab.core.paddle_compat.hooks.program_cache import key_change
from d2s_lab.core.paddle_compat.sot import IF_BREAK, RawBreak, executor_place, method_named
from d2s_lab.text import t

_RECORDERS: List[Any] = []


def _owners():
    """(StaticFunction, ProgramCache) of this Paddle, or Nones."""
    try:
        from paddle.jit.dy2static.program_translator import ProgramCache, StaticFunction
    except Exception:
        return None, None
    return StaticFunction, ProgramCache


def _describe(sf):
    """(code object, "sot" or "ast", id of the bound instance or 0) of a StaticFunction."""
    fn = getattr(sf, "_dygraph_function", None)
    fn = getattr(fn, "__func__", fn)
    code = getattr(fn, "__code__", None)
    path = "sot" if "Symbolic" in type(sf).__name__ else "ast"
    inst = getattr(sf, "_class_instance", None)
    if isinstance(inst, weakref.ref):  # Paddle 3 keeps a weak reference, 2.6 the instance
        inst = inst()
    return code, path, id(inst) if inst is not None else 0


def _call(orig):
    def __call__(self, *args, **kwargs):
        if not _RECORDERS:
            return orig(self, *args, **kwargs)
        tokens = []
        try:
            code, path, inst = _describe(self)
            if code is not None:
                for rec in list(_RECORDERS):
                    token = rec.enter(code, path, inst)
                    if token is not None:
                        tokens.append((rec, token))
        except Exception:  # a record must never break the user's call
            pass
        if not tokens:
            return orig(self, *args, **kwargs)
        t0 = time.perf_counter()
        try:
            return orig(self, *args, **kwargs)
        finally:
            seconds = time.perf_counter() - t0
            for rec, token in tokens:
                try:
                    rec.leave(token, seconds)
                except Exception:
                    pass

    __call__.__wrapped__ = orig
    return __call__


def _getitem(orig):
    def __getitem__(self, item):
        caches = getattr(self, "_caches", None)
        if not _RECORDERS or caches is None:
            return orig(self, item)
        before, last = len(caches), getattr(self, "_recent_cache_key", None)
        t0 = time.perf_counter()
        out = orig(self, item)
        try:
            if len(caches) > before:
                event = CallEvent(translated=True, first=not before, seconds=time.perf_counter() - t0,
                                  entries=len(caches))
                for rec in list(_RECORDERS):
                    if last is not None:
                        event.changed = key_change(last, item, rec.arg_names())
                    rec.program(event)
        except Exception:  # a record must never break the user's call
            pass
        return out

    __getitem__.__wrapped__ = orig
    return __getitem__


def _break_error_class():
    """SOT's ``BreakGraphError`` (both Paddles), or None."""
    try:
        from paddle.jit.sot.utils import exceptions
    except Exception:
        return None
    return getattr(exceptions, "BreakGraphError", None)


def _innermost_executor(frame):
    """The innermost SOT executor on the stack from ``frame`` (Paddle 3 keeps its code on
    ``vframe``, 2.6 on ``_code``), or None."""
    while frame is not None:
        obj = frame.f_locals.get("self")
        if obj is not None and hasattr(obj, "_current_line") and (hasattr(obj, "vframe") or hasattr(obj, "_code")):
            return obj
        frame = frame.f_back
    return None


def _break_init(orig):
    def __init__(self, *args, **kwargs):
        orig(self, *args, **kwargs)
        if not _RECORDERS:
            return
        try:
            ex = _innermost_executor(sys._getframe(1))
            if ex is None:
                return
            file, line, fn, resumed = executor_place(ex)
            reason = getattr(self, "reason", None)
            # Paddle 2.6 raises a bare BreakGraphError with a message and no reason class;
            # its words for an ``if`` on a tensor name the method that splits the frame
            name = type(reason).__name__ if reason is not None else type(self).__name__
            message = str(getattr(reason, "reason_str", "") or self)
            if reason is None and any(n in message for n in IF_BREAK):
                name, message = "DataDependencyControlFlowBreak", t("sot.break_if")
            raw = RawBreak(name, message, "break", file, line, fn, resumed)
            for rec in list(_RECORDERS):
                rec.graph_break(raw)
        except Exception:  # a record must never break the user's call
            pass

    __init__.__wrapped__ = orig
    return __init__


def _if_owner():
    """(SOT's OpcodeExecutor, the name of its method that splits a frame at an ``if`` on a
    tensor), or None."""
    try:
        from paddle.jit.sot.opcode_translator.executor.opcode_executor import OpcodeExecutor

        return OpcodeExecutor, method_named(OpcodeExecutor, IF_BREAK)
    except Exception:
        return None


def _if_break(orig):
    def split(self, *args, **kwargs):
        if _RECORDERS:
            try:
                file, line, fn, resumed = executor_place(self)
                instr = next((a for a in args if hasattr(a, "starts_line")), None)
                line = getattr(instr, "starts_line", None) or line
                raw = RawBreak("DataDependencyControlFlowBreak", t("sot.break_if"), "break", file, line, fn, resumed)
                for rec in list(_RECORDERS):
                    rec.graph_break(raw)
            except Exception:  # a record must never break the user's call
                pass
        return orig(self, *args, **kwargs)

    split.__wrapped__ = orig
    return split


class _Fan:
    """What SOT's cache wrapper calls in its global mode: every watch in force hears."""

    def for_code(self, code):
        if len(_RECORDERS) == 1:
            return _RECORDERS[0].for_code(code)
        return _Sinks([rec.for_code(code) for rec in _RECORDERS])


class _Sinks:
    __slots__ = ("sinks",)

    def __init__(self, sinks):
        self.sinks = sinks

    def hit(self, resume, entries=None):
        for sink in self.sinks:
            sink.hit(resume, entries)

    def add(self, event):
        for sink in self.sinks:
            sink.add(event)


_FAN = _Fan()


def available() -> bool:
    """Whether this Paddle has what a watch patches (hooks on, StaticFunction found)."""
    return hooks.enabled() and _owners()[0] is not None


@contextlib.contextmanager
def watching(recorder):
    """Tell ``recorder`` of every converted function that runs in the block. Paddle's
    classes are as found when the block ends (a conversion made inside keeps its own
    lasting hook, as it would outside). Raises :class:`~d2s_lab.core.paddle_compat.hooks.HooksOff`
    when hooks are off."""
    if _RECORDERS:  # a watch inside a watch: the patches are in place, and every watch hears
        _RECORDERS.append(recorder)
        try:
            yield recorder
        finally:
            _RECORDERS.remove(recorder)
        return
    static_function, program_cache = _owners()
    changes = []
    if static_function is not None:
        changes.append((static_function, "__call__", _call(static_function.__call__)))
    if program_cache is not None:
        changes.append((program_cache, "__getitem__", _getitem(program_cache.__getitem__)))
    break_error = _break_error_class()
    if break_error is not None:
        changes.append((break_error, "__init__", _break_init(break_error.__init__)))
    if_owner = _if_owner()
    if if_owner is not None:
        executor, name = if_owner
        changes.append((executor, name, _if_break(getattr(executor, name))))
    with hooks.patched(*changes):
        wrapped: Optional[bool] = executor_cache.hook_in()
        _RECORDERS.append(recorder)
        if wrapped is not None:
            executor_cache.GLOBAL.append(_FAN)
        try:
            yield recorder
        finally:
            if wrapped is not None:
                executor_cache.GLOBAL.remove(_FAN)
            _RECORDERS.remove(recorder)
            if wrapped:
                executor_cache.hook_out()


def sees_sot_cache() -> bool:
    """Whether the watches in force hear of every frame SOT's cache is asked about (a
    call whose frame they did not hear of was skipped before the cache)."""
    return bool(executor_cache.GLOBAL)


def max_cache_size() -> Optional[int]:
    """Paddle's ``MAX_CACHE_SIZE`` (SOT), or None."""
    from d2s_lab.core.paddle_compat.sot.cache import max_cache_size as size

    return size()
