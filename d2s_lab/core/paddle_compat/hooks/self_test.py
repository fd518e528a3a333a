"""Does each hook fire on the Paddle installed here? Checked once per process, at the first
conversion on the default path, on a tiny function of d2s_lab's own: its run under
:func:`~d2s_lab.core.paddle_compat.hooks.sot_run.capturing` must reach SOT's translation
and subgraph hooks, and a second call must reach the executor cache's wrapper. A hook
that stays silent (Paddle renamed what it wraps, or stopped calling it) turns its view off
with one note, instead of a report that silently shows nothing. The probe's cache entry
and Paddle's translation count are put back afterwards.
"""
from __future__ import annotations

from typing import Dict, List

from d2s_lab.core.paddle_compat import hooks
from d2s_lab.text import t

_DONE: Dict[str, List[str]] = {}


def _probe(x):
    return x * 2 + 1


class _Counter:
    def __init__(self):
        self.calls = 0

    def hit(self, resume, entries=None):
        self.calls += 1

    def add(self, event):
        self.calls += 1


def silent_hooks(mods) -> List[str]:
    """The notes for the hooks that did not fire on this Paddle ([] when all did, or when
    hooks are off)."""
    if "notes" in _DONE:
        return _DONE["notes"]
    if not hooks.enabled() or mods is None:
        return []
    from d2s_lab.core.paddle_compat.hooks import executor_cache
    from d2s_lab.core.paddle_compat.hooks.sot_run import capturing
    from d2s_lab.core.paddle_compat.sot import new_events
    from d2s_lab.core.paddle_compat.sot.cache import sot_cache

    paddle = mods["paddle"]
    cache = sot_cache()
    code = _probe.__code__
    notes: List[str] = []
    version = paddle.__version__
    count = getattr(cache, "translate_count", None)
    counter = _Counter()
    try:
        events = new_events()
        static = paddle.jit.to_static(_probe)
        with capturing(mods, events):
            static(paddle.ones([1]))
        if not events["frames"]:
            notes.append(t("hooks.not_firing", what=t("hooks.what_frames"), version=version,
                           where="executor_cache.start_translate"))
        elif not events["subgraphs"] and getattr(mods["oe"], "need_fallback", None) is not None:
            # (Paddle 3 decides on every subgraph there, even one this small; 2.6 may compile none)
            notes.append(t("hooks.not_firing", what=t("hooks.what_subgraphs"), version=version,
                           where="FallbackWrapper / need_fallback"))
        if executor_cache.watch(code, counter):
            static(paddle.ones([1]))
            if not counter.calls:
                notes.append(t("hooks.not_firing", what=t("hooks.what_calls"), version=version,
                               where="OpcodeExecutorCache.__call__"))
    except Exception:  # the probe itself failed: nothing to conclude, no note
        notes = []
    finally:
        executor_cache.unwatch(code, counter)
        try:
            cache.cache.pop(code, None)
            if count is not None:
                cache.translate_count = count
        except Exception:
            pass
    _DONE["notes"] = notes
    return notes
