"""SOT's executor cache (``OpcodeExecutorCache``, a singleton): per code object, the
translated code and the guard that lets a later call reuse it.

* :func:`guard_parts`: a guard function's expression (``guard_fn.inlined_expr`` on
  Paddle 3, ``lambda_expr`` on 2.6), split into its conditions, each as the user would
  write it (:func:`d2s_lab.core.sot_text.readable_guard`);
* :func:`missed_part`: which part of a guard a frame fails, and the value that broke it,
  evaluated the way Paddle's own guard-miss analysis does (``SOT_LOG_LEVEL=2``);
* :func:`entries`: a code object's entries, read without changing anything.

The record of later calls (the cache's ``__call__`` wrapped) is a hook:
:mod:`d2s_lab.core.paddle_compat.hooks.executor_cache`.
"""
from __future__ import annotations

import re
from typing import Any, List, Optional, Tuple

from d2s_lab.core.sot_text import guard_local, readable_guard

_AND = " and "
_HEAD = "lambda frame: "


def sot_cache():
    """The cache itself, or None on a build without SOT (Paddle 3 makes the class a
    singleton through a metaclass, Paddle 2.6 through a decorator: calling either gives
    the one instance)."""
    try:
        from paddle.jit.sot.opcode_translator.executor.executor_cache import OpcodeExecutorCache

        return OpcodeExecutorCache()
    except Exception:
        return None


def max_cache_size() -> Optional[int]:
    """Paddle's ``MAX_CACHE_SIZE``: past it, a code object runs in dygraph."""
    try:
        return int(type(sot_cache()).MAX_CACHE_SIZE)
    except Exception:
        return None


def raw_guard(guard_fn) -> str:
    """The guard's expression without its ``lambda frame:`` head ("" for none)."""
    # Paddle 3: inlined_expr; Paddle 2.6: lambda_expr (its expr is a function's source)
    expr = (getattr(guard_fn, "inlined_expr", None) or getattr(guard_fn, "lambda_expr", None)
            or getattr(guard_fn, "expr", None) or "")
    expr = str(expr)
    return expr[len(_HEAD):] if expr.startswith(_HEAD) else expr


def _split(expr: str) -> List[str]:
    """Split on `` and `` outside brackets and strings (Paddle's analysis splits on every one)."""
    parts, depth, quote, start, i = [], 0, "", 0, 0
    while i < len(expr):
        ch = expr[i]
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "'\"":
            quote = ch
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif depth == 0 and expr.startswith(_AND, i):
            parts.append(expr[start:i])
            i += len(_AND)
            start = i
            continue
        i += 1
    parts.append(expr[start:])
    return [p.strip() for p in parts if p.strip() and p.strip() != "True"]


def guard_parts(guard_fn) -> List[str]:
    """The guard's conditions, readable, in Paddle's order."""
    g = getattr(guard_fn, "__globals__", None)
    return [readable_guard(p, g) for p in _split(raw_guard(guard_fn))]


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


SHAPE_DIM = re.compile(r"\.shape\[\d+\]$")


def left_side(part: str) -> str:
    """The left side of a comparison (the whole text where there is none)."""
    return re.split(r" (?:==|!=|is not|is|<=|>=|<|>|in) ", part, maxsplit=1)[0]


def missed_part(guard_fn, frame) -> Optional[Tuple[str, str, str]]:
    """The first condition of ``guard_fn`` that ``frame`` fails, readable, what its left
    side is now, and, where the condition cannot even be evaluated (a tensor argument
    given a float: ``len(factor.shape) == 0``), the type the argument has now:
    ``("x.shape[0] == 4", "7", "")``, ``("len(factor.shape) == 0", "", "factor: float")``;
    None where none is found."""
    g = getattr(guard_fn, "__globals__", {})
    for part in _split(raw_guard(guard_fn)):
        try:
            ok = eval(_HEAD + part, g)(frame)
        except Exception:
            name = guard_local(part)
            value = frame.f_locals.get(name, None) if name else None
            return readable_guard(part, g), "", (f"{name}: {type(value).__name__}" if name else "")
        if ok is False or ok is None or ok == 0:
            left = left_side(part)
            try:
                now = _short(eval(_HEAD + left, g)(frame)) if left != part else ""
            except Exception:
                now = ""
            return readable_guard(part, g), now, ""
    return None


def entries(code) -> List[Tuple[Any, Any]]:
    """``(translated code or None, guard_fn)`` of each cache entry of ``code``."""
    try:
        got = sot_cache().cache.get(code)
    except Exception:
        return []
    if not got:
        return []
    return [(getattr(cc, "code", None), g) for cc, g in guarded(got)]


def guarded(got) -> list:
    """The list of ``(custom code, guard)`` of one cache value (Paddle 3 pairs it with a
    guard tree)."""
    if not got:
        return []
    return got[0] if isinstance(got, tuple) else got

