"""Hook: ``OpcodeExecutorCache.__call__`` (SOT's executor cache, a singleton), wrapped in
place until :func:`d2s_lab.core.paddle_compat.hooks.unhook`, to record each later call of
a watched code object (and of its resume functions): a cache hit, a new entry and why,
or a full cache. For a code nobody watches the wrapper adds one dict lookup and calls
Paddle's own method; every read of Paddle's state sits in a ``try``, so a renamed
attribute turns the record off and never breaks the user's call.
"""
from __future__ import annotations

import time
from typing import Any, Dict, List, Optional, Tuple

from d2s_lab.core.paddle_compat import hooks
from d2s_lab.core.paddle_compat.hooks.events import CallEvent
from d2s_lab.core.paddle_compat.sot.cache import SHAPE_DIM, guard_parts, guarded, left_side, missed_part, sot_cache
from d2s_lab.core.sot_text import base_name, is_resume, resumes_called

# id(watched code) -> (code, sink), resume functions included once seen; the watched
# functions by (file, function name) -> sink, where their resume functions are looked up.
# Both change under hooks' lock only (the wrapper reads them without it: a dict read is atomic).
_BY_ID: Dict[int, Tuple[Any, Any]] = {}
_RESUMES: Dict[Tuple[str, str], Any] = {}
# the watches of a whole run in force (d2s_lab.watch()): the newest hears of every frame
# SOT's cache is asked about, through ``for_code(code)`` (see :mod:`.watch_all`)
GLOBAL: List[Any] = []


def _wrap(orig):
    # Keyed by id(code): hashing a code object hashes its bytecode and constants each
    # time (microseconds), an id does not. The entries keep their code alive.
    def __call__(self, frame, **kwargs):
        if GLOBAL:  # a watch of a whole run: every frame, and the per-code records inside
            return record_call(per_code, self, frame, kwargs, GLOBAL[-1].for_code(frame.f_code))
        return per_code(self, frame, **kwargs)

    def per_code(self, frame, **kwargs):
        code = frame.f_code
        got = _BY_ID.get(id(code))
        if got is None:
            if not _RESUMES or not is_resume(code.co_name):
                return orig(self, frame, **kwargs)
            sink = _RESUMES.get((code.co_filename, base_name(code.co_name)))
            if sink is None:
                return orig(self, frame, **kwargs)
            with hooks.LOCK:
                _BY_ID[id(code)] = got = (code, sink)  # a resume function: looked up once
        return record_call(orig, self, frame, kwargs, got[1])

    __call__.__wrapped__ = orig
    return __call__


def record_call(orig, cache, frame, kwargs, sink):
    """Make SOT's call ``orig(cache, frame, **kwargs)`` and tell ``sink`` what it did:
    ``sink.hit(resume)`` for a cache hit, ``sink.add(event)`` for a translation or a
    full cache."""
    # A hit costs two counter reads and a call; the cache and the guards are read only
    # when SOT translated again or ran the frame in dygraph.
    try:
        count = cache.translate_count
    except Exception:  # a Paddle without the counter: no record, the call as Paddle makes it
        return orig(cache, frame, **kwargs)
    t0 = time.perf_counter()
    out = orig(cache, frame, **kwargs)
    try:
        translated = cache.translate_count != count
        dygraph = getattr(out, "code", 1) is None
        code = frame.f_code
        if not translated and not dygraph:
            sink.hit(is_resume(code.co_name))
            return out
        seconds = time.perf_counter() - t0
        after = guarded(cache.cache.get(code))
        limit = cache.MAX_CACHE_SIZE
        if not translated and len(after) < limit:  # a frame that always runs in dygraph
            sink.hit(is_resume(code.co_name))
            return out
        # the entry SOT appended is the last; the one before it was tried and missed
        kept = translated and bool(after) and after[-1][0] is out
        prior = after[:-1] if kept else after
        event = CallEvent(code=code.co_name, translated=translated, kept=kept, first=translated and not prior,
                          seconds=seconds if translated else 0.0, entries=len(after), limit=limit,
                          dygraph=dygraph)
        if translated and not dygraph:
            event.resumes = tuple(resumes_called(getattr(getattr(out, "code", None), "co_names", ())))
        if translated and prior:  # why no entry fitted: the newest one's failing condition
            event.missed = missed = missed_part(prior[-1][1], frame)
            if missed and kept:
                # no longer pinned to a value in the new entry (``x.shape[0] >= 1``): dynamic now
                left = left_side(missed[0])
                if (missed[1] and SHAPE_DIM.search(left)
                        and not any(p.startswith(left + " == ") for p in guard_parts(after[-1][1]))):
                    event.dynamic = left
        sink.add(event)
    except Exception:  # a record must never break the user's call
        pass
    return out


def watch(code, sink) -> bool:
    """Tell ``sink`` of every later call of ``code`` and of its resume functions that
    reaches SOT's cache: ``sink.hit(resume)`` for a cache hit, ``sink.add(event)`` (a
    :class:`~.events.CallEvent`) for a translation or a full cache. False where this Paddle has no SOT cache to
    watch, or hooks are off."""
    cache = sot_cache()
    if cache is None or not hooks.lasting(type(cache), "__call__", _wrap, cleanup=_forget_all):
        return False
    with hooks.LOCK:
        _BY_ID[id(code)] = (code, sink)
        _RESUMES[(code.co_filename, code.co_name)] = sink
    return True


def hook_in() -> Optional[bool]:
    """Wrap the cache's ``__call__`` until :func:`~d2s_lab.core.paddle_compat.hooks.unhook`
    (where no conversion has yet): True when this call wrapped it, False when it was
    wrapped already, None where this Paddle has no SOT cache or hooks are off."""
    cache = sot_cache()
    if cache is None or not hooks.enabled():
        return None
    owner = type(cache)
    if hooks.is_lasting(owner, "__call__"):
        return False
    return True if hooks.lasting(owner, "__call__", _wrap, cleanup=_forget_all) else None


def hook_out() -> None:
    """Take off the wrapper :func:`hook_in` put on, unless a conversion watches a code
    object through it since (then it stays until ``unhook``)."""
    cache = sot_cache()
    with hooks.LOCK:
        if cache is not None and not _BY_ID and not _RESUMES:
            hooks.release(type(cache), "__call__")


def unwatch(code, sink: Optional[Any] = None) -> None:
    """Stop telling ``sink`` (by default the one watching ``code`` now) of ``code`` and of
    its resume functions. Only that sink's records go: a watch of the same code that
    another conversion made since is left alone."""
    with hooks.LOCK:
        key = (code.co_filename, code.co_name)
        if sink is None:
            sink = _RESUMES.get(key)
        if sink is None:
            return
        if _RESUMES.get(key) is sink:
            _RESUMES.pop(key, None)
        for k in [k for k, (_, s) in _BY_ID.items() if s is sink]:
            _BY_ID.pop(k, None)


def _forget_all() -> None:
    """On unhook: nothing is watched any more (a later conversion watches afresh)."""
    with hooks.LOCK:
        _BY_ID.clear()
        _RESUMES.clear()
