"""Every change d2s_lab makes to Paddle's internals, applied and put back in one place.

d2s_lab reads what SOT does by wrapping a few of Paddle's functions and methods. Each
wrapper lives in a small module of this package, named for what it patches:

* :mod:`.executor_cache`: ``OpcodeExecutorCache.__call__`` (lasting, until :func:`unhook`):
  the later calls of a converted function, hits and recompiles (``%d2s_calls``);
* :mod:`.sot_run`: for one conversion's first run only, SOT's break methods
  (``OpcodeExecutor._break_graph_when_if`` / ``_when_call``), ``executor_cache.start_translate``,
  ``OpcodeExecutorCache.lookup``, ``FallbackWrapper.__call__``, ``FallbackError.__init__``,
  ``opcode_executor.need_fallback``, and the ``SOT_COLLECT_INFO`` switch;
* :mod:`.statement_stacks`: for the same run, ``function_graph.log_do``, ``interpreter.log_do``
  and ``FunctionGraph.get_opcode_executor_stack`` (each op's line);
* :mod:`.program_cache`: one AST ``StaticFunction``'s program cache, its class swapped
  for a recording subclass (lasting, until :func:`unhook`);
* :mod:`.watch_all`: for the length of a watch (``d2s_lab.watch()``, ``%%d2s_watch``)
  only, ``StaticFunction.__call__``, ``ProgramCache.__getitem__`` and, where no
  conversion holds it already, ``OpcodeExecutorCache.__call__``: every converted
  function that runs, whoever converted it.

All of them go through :func:`patched` (for the length of a ``with`` block) or
:func:`lasting` (until :func:`unhook`): the value found is kept and put back, an
attribute that was inherited is deleted again, and a failure half way through puts back
what was already changed. ``%unload_ext d2s_lab`` and :func:`unhook` put back every
lasting change. ``D2S_NO_HOOKS=1`` (read at import) or :func:`set_hooks` ``(False)``
turn them all off: d2s_lab then changes nothing in Paddle, and the views that need a
hook say so in one line.
"""
from __future__ import annotations

import contextlib
import os
import threading
from typing import Any, Callable, Dict, List, Optional, Tuple

from d2s_lab.text import t

ENV_OFF = "D2S_NO_HOOKS"
_STATE = {"on": os.environ.get(ENV_OFF, "").strip().lower() in ("", "0", "false", "no"), "by": "env"}
LOCK = threading.RLock()
_MISSING = object()


class Patch:
    """One attribute of ``owner`` (a class or a module) replaced by ``new``; ``old`` is what
    was found there, ``own`` whether ``owner`` held it itself (else it was inherited)."""

    __slots__ = ("owner", "name", "new", "old", "own")

    def __init__(self, owner, name: str, new):
        self.owner, self.name, self.new = owner, name, new
        found = vars(owner).get(name, _MISSING)
        self.own = found is not _MISSING
        self.old = found if self.own else getattr(owner, name)

    def undo(self) -> None:
        if self.own:
            setattr(self.owner, self.name, self.old)
        elif self.name in vars(self.owner):  # inherited: the base's shows again
            delattr(self.owner, self.name)

    def describe(self) -> str:
        owner = getattr(self.owner, "__qualname__", None) or getattr(self.owner, "__name__", "?")
        return f"{getattr(self.owner, '__module__', '') or ''}.{owner}.{self.name}".lstrip(".")


# the patches in place now, in the order they were made; the lasting ones and the
# clean-ups unhook() runs (per-object changes: a program cache's class)
_ACTIVE: List[Patch] = []
_LASTING: Dict[Tuple[int, str], Patch] = {}
_CLEANUPS: List[Callable[[], None]] = []


class HooksOff(RuntimeError):
    """d2s_lab's hooks are switched off (``D2S_NO_HOOKS=1`` or ``set_hooks(False)``)."""


def enabled() -> bool:
    """Whether d2s_lab may patch Paddle now."""
    return _STATE["on"]


def off_note() -> str:
    """One line for a view that needs a hook: they are off, and how to turn them on."""
    if _STATE["by"] == "env":
        return t("hooks.off_env", env=ENV_OFF)
    return t("hooks.off_call")


def set_hooks(on: bool) -> None:
    """Let d2s_lab patch Paddle's internals (``True``, the default) or not (``False``: every
    lasting patch is put back at once, and none is made again; conversions, drawings and
    the AST views still work, and the views that need a hook say that they are off)."""
    _STATE["on"], _STATE["by"] = bool(on), "call"
    if not on:
        unhook()


def _apply(owner, name: str, new) -> Patch:
    if not enabled():
        raise HooksOff(name)
    patch = Patch(owner, name, new)
    setattr(owner, name, new)
    _ACTIVE.append(patch)
    return patch


def _undo(patch: Patch) -> None:
    with LOCK:
        patch.undo()
        if patch in _ACTIVE:
            _ACTIVE.remove(patch)


@contextlib.contextmanager
def patched(*changes: Tuple[Any, str, Any]):
    """Replace each ``(owner, name, new)`` for the length of the block, then put back what
    was there, in reverse order; an exception inside the block, or while patching, puts
    back every change made so far. Raises :class:`HooksOff` when hooks are off."""
    with contextlib.ExitStack() as stack:
        with LOCK:
            for owner, name, new in changes:
                stack.callback(_undo, _apply(owner, name, new))
        yield


def lasting(owner, name: str, make: Callable[[Any], Any], cleanup: Optional[Callable[[], None]] = None) -> bool:
    """Replace ``owner.name`` by ``make(original)`` until :func:`unhook`, once (a second
    call finds it in place); ``cleanup`` runs when it comes off. False when hooks are off."""
    with LOCK:
        if not enabled():
            return False
        key = (id(owner), name)
        if key in _LASTING:
            return True
        _LASTING[key] = _apply(owner, name, make(getattr(owner, name)))
        if cleanup is not None and cleanup not in _CLEANUPS:
            _CLEANUPS.append(cleanup)
        return True


def is_lasting(owner, name: str) -> bool:
    """Whether ``owner.name`` is patched until :func:`unhook` now."""
    with LOCK:
        return (id(owner), name) in _LASTING


def release(owner, name: str) -> None:
    """Put back one lasting patch of ``owner.name`` now (no-op where there is none); its
    clean-up still runs at :func:`unhook`."""
    with LOCK:
        patch = _LASTING.pop((id(owner), name), None)
        if patch is not None:
            _undo(patch)


def on_unhook(cleanup: Callable[[], None]) -> None:
    """Run ``cleanup`` when the hooks are taken off (a change that is not an attribute)."""
    with LOCK:
        _CLEANUPS.append(cleanup)


def unhook() -> None:
    """Put back every lasting patch (and run the clean-ups): Paddle is as d2s_lab found it.
    Patches of a block still running come off when it ends. Called by
    ``%unload_ext d2s_lab``; a later conversion hooks again (unless hooks are off)."""
    with LOCK:
        for key, patch in reversed(list(_LASTING.items())):
            _undo(patch)
            _LASTING.pop(key, None)
        cleanups = list(_CLEANUPS)
        _CLEANUPS.clear()
    for cleanup in reversed(cleanups):
        try:
            cleanup()
        except Exception:  # one stale object must not keep the others patched
            pass


def active() -> List[str]:
    """``module.Class.attribute`` of each patch in place now (lasting or in a block)."""
    with LOCK:
        return [p.describe() for p in _ACTIVE]
