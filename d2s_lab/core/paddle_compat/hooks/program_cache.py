"""Hook: AST mode's program cache (``StaticFunction._program_cache``, a ``ProgramCache``):
one Program per ``CacheKey`` (the inputs' specs, Python values among them, train/eval).

:func:`watch` makes one StaticFunction's cache report each later call: a hit, or a new
Program and which input made it. Only that function's cache object changes class (to
a subclass that records and defers to Paddle's own lookup); other functions are
untouched, and :func:`d2s_lab.core.paddle_compat.hooks.unhook` gives it its class back.
"""
from __future__ import annotations

import time
import weakref
from typing import Any, List, Optional

from d2s_lab.core.paddle_compat import hooks
from d2s_lab.core.paddle_compat.hooks.events import CallEvent

_RECORDING = {}  # Paddle's ProgramCache class -> its recording subclass


def _key_inputs(key) -> List[Any]:
    from paddle.utils import flatten

    try:
        args = list(flatten(list(key.input_args_with_spec or [])))
        kwargs = key.input_kwargs_with_spec or {}
        return args + [kwargs[k] for k in sorted(kwargs)]
    except Exception:
        return []


def _describe(value) -> str:
    shape = getattr(value, "shape", None)
    if shape is not None and hasattr(value, "dtype"):
        return f"{[int(s) if s is not None else None for s in shape]} {str(value.dtype).rsplit('.', 1)[-1]}"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def key_change(old, new, names: Optional[List[str]] = None) -> Optional[tuple]:
    """What differs between two cache keys: ``(input name, before, now)`` for the first
    input that changed, ``("training", ...)`` for a train/eval switch; None if unknown."""
    a, b = _key_inputs(old), _key_inputs(new)
    for i, (x, y) in enumerate(zip(a, b)):
        dx, dy = _describe(x), _describe(y)
        if dx != dy:
            name = names[i] if names and i < len(names) else f"input {i + 1}"
            return name, dx, dy
    if len(a) != len(b):
        return "inputs", str(len(a)), str(len(b))
    ka, kb = getattr(old, "kwargs", {}) or {}, getattr(new, "kwargs", {}) or {}
    for k in ("is_train", "with_hook"):
        if ka.get(k) != kb.get(k):
            return ("training" if k == "is_train" else k), str(ka.get(k)), str(kb.get(k))
    return None


def _recording_class(base):
    if base in _RECORDING:
        return _RECORDING[base]

    class Recording(base):
        _d2s_sink = None
        _d2s_names = None

        def __getitem__(self, item):
            sink = self._d2s_sink
            if sink is None:
                return super().__getitem__(item)
            before = len(self._caches)
            last = self._recent_cache_key
            t0 = time.perf_counter()
            out = super().__getitem__(item)
            built = len(self._caches) > before
            if not built:
                try:
                    sink.hit(False, len(self._caches))
                except Exception:  # a record must never break the user's call
                    pass
                return out
            event = CallEvent(translated=True, seconds=time.perf_counter() - t0, entries=len(self._caches))
            if last is not None:
                event.changed = key_change(last, item, self._d2s_names)
            try:
                sink.add(event)
            except Exception:  # a record must never break the user's call
                pass
            return out

    Recording.__name__ = Recording.__qualname__ = base.__name__
    _RECORDING[base] = Recording
    return Recording


def watch(static_function, sink, names: Optional[List[str]] = None) -> bool:
    """Report each later lookup in ``static_function``'s program cache to ``sink``:
    ``sink.hit(False, programs)`` for a hit, ``sink.add(event)`` (a
    :class:`~.events.CallEvent`) for a new Program
    (None: stop reporting). False where the cache is not Paddle's or hooks are off."""
    cache = getattr(static_function, "_program_cache", None)
    if cache is None or not hasattr(cache, "_caches") or not hasattr(cache, "_recent_cache_key"):
        return False
    base = type(cache) if not hasattr(type(cache), "_d2s_sink") else type(cache).__mro__[1]
    if sink is None:
        cache.__dict__.pop("_d2s_sink", None)
        return True
    if not hooks.enabled():
        return False
    try:
        cache.__class__ = _recording_class(base)
        cache._d2s_sink, cache._d2s_names = sink, names
    except TypeError:
        return False
    ref = weakref.ref(cache)

    def give_back():
        got = ref()
        if got is not None and type(got) is not base:
            got.__class__ = base
            got.__dict__.pop("_d2s_sink", None)
            got.__dict__.pop("_d2s_names", None)

    hooks.on_unhook(give_back)
    return True
