"""SOT's executor cache (``OpcodeExecutorCache``, a singleton): per code object, the
translated code and the guard that lets a later call reuse it.

* :func:`guard_text` / :func:`guard_parts`: a guard function's expression
  (``guard_fn.inlined_expr`` on Paddle 3, ``expr`` on 2.6), as the user would write it
  (``x.shape[0] == 4`` for ``frame.f_locals['x'].shape[0] == 4``);
* :func:`missed_part`: which part of a guard a frame fails, and the value that broke it,
  evaluated the way Paddle's own guard-miss analysis does (``SOT_LOG_LEVEL=2``);
* :func:`watch` / :func:`unwatch`: a record of each later call of a code object (and its
  resume functions): a cache hit, a new entry and why, or a full cache. The cache's
  ``__call__`` is wrapped once, in place; for a code nobody watches it adds one dict
  lookup, and calls behave as before.
"""
from __future__ import annotations

import re
import threading
import time
from typing import Any, Dict, List, Optional, Tuple

_AND = " and "
_HEAD = "lambda frame: "


def _cache():
    """The cache itself (Paddle 3 makes the class a singleton through a metaclass, Paddle
    2.6 through a decorator: calling either gives the one instance)."""
    from paddle.jit.sot.opcode_translator.executor.executor_cache import OpcodeExecutorCache

    return OpcodeExecutorCache()


def max_cache_size() -> Optional[int]:
    """Paddle's ``MAX_CACHE_SIZE``: past it, a code object runs in dygraph."""
    try:
        return int(type(_cache()).MAX_CACHE_SIZE)
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


_LOCAL = re.compile(r"frame\.f_(?:locals|globals|builtins)\[(['\"])(?P<name>[^'\"]+)\1\]")
_DTYPE = re.compile(r"paddle\.(?:core|base\.core|framework\.core)\.(?:DataType|VarDesc\.VarType)\((\d+)\)")
_ID_EQ = re.compile(r"id\((?P<what>.+?)\) == \d+")


def readable(part: str, globals_: Optional[dict] = None) -> str:
    """``frame.f_locals['x'].shape[0] == 4`` -> ``x.shape[0] == 4``; a dtype by its name;
    ``id(type(self)) == 1403...`` -> ``type(self) is the same object``."""
    text = _LOCAL.sub(lambda m: m["name"], part)

    def dtype(m):
        try:
            value = eval(m.group(0), dict(globals_ or {}))  # Paddle's enum, from its own guard
            return "paddle." + str(value).rsplit(".", 1)[-1].lower()
        except Exception:
            return m.group(0)

    text = _DTYPE.sub(dtype, text)
    return _ID_EQ.sub(lambda m: f"{m['what']} is (the same object)", text)


def guard_parts(guard_fn) -> List[str]:
    """The guard's conditions, readable, in Paddle's order."""
    g = getattr(guard_fn, "__globals__", None)
    return [readable(p, g) for p in _split(raw_guard(guard_fn))]


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


_SHAPE_DIM = re.compile(r"\.shape\[\d+\]$")


def _left(part: str) -> str:
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
            m = _LOCAL.search(part)
            value = frame.f_locals.get(m["name"], None) if m else None
            return readable(part, g), "", (f"{m['name']}: {type(value).__name__}" if m else "")
        if ok is False or ok is None or ok == 0:
            left = _left(part)
            try:
                now = _short(eval(_HEAD + left, g)(frame)) if left != part else ""
            except Exception:
                now = ""
            return readable(part, g), now, ""
    return None


def entries(code) -> List[Tuple[Any, Any]]:
    """``(translated code or None, guard_fn)`` of each cache entry of ``code``."""
    try:
        got = _cache().cache.get(code)
    except Exception:
        return []
    if not got:
        return []
    return [(getattr(cc, "code", None), g) for cc, g in _guarded(got)]


# ---- later calls -------------------------------------------------------------------

# id(watched code) -> (code, sink), resume functions included once seen; the watched
# functions by (file, function name) -> sink, where their resume functions are looked up
_BY_ID: Dict[int, Tuple[Any, Any]] = {}
_RESUMES: Dict[Tuple[str, str], Any] = {}
_LOCK = threading.Lock()
_MARK = "_d2s_lab_watch"


def base_name(code_name: str) -> str:
    """``$resume_1@f_7902e`` -> ``f``; other names unchanged."""
    if not code_name.startswith("$"):
        return code_name
    base = code_name.rsplit("@", 1)[-1]
    head, _, tail = base.rpartition("_")
    return head if head and all(ch in "0123456789abcdef" for ch in tail) else base


def _install() -> bool:
    try:
        cls = type(_cache())
    except Exception:  # a build without SOT
        return False
    with _LOCK:
        if getattr(cls.__call__, _MARK, False):
            return True
        orig = cls.__call__

        # Keyed by id(code): hashing a code object hashes its bytecode and constants each
        # time (microseconds), an id does not. The entries keep their code alive.
        def __call__(self, frame, **kwargs):
            code = frame.f_code
            got = _BY_ID.get(id(code))
            if got is None:
                if not _RESUMES or code.co_name[:1] != "$":
                    return orig(self, frame, **kwargs)
                sink = _RESUMES.get((code.co_filename, base_name(code.co_name)))
                if sink is None:
                    return orig(self, frame, **kwargs)
                _BY_ID[id(code)] = got = (code, sink)  # a resume function: looked up once
            return _watched_call(orig, self, frame, kwargs, got[1])

        setattr(__call__, _MARK, True)
        __call__.__wrapped__ = orig
        cls.__call__ = __call__
    return True


def _guarded(got) -> list:
    """The list of ``(custom code, guard)`` of one cache value (Paddle 3 pairs it with a
    guard tree)."""
    if not got:
        return []
    return got[0] if isinstance(got, tuple) else got


def _watched_call(orig, cache, frame, kwargs, sink):
    # A hit costs two counter reads and a call; the cache and the guards are read only
    # when SOT translated again or ran the frame in dygraph.
    count = cache.translate_count
    t0 = time.perf_counter()
    out = orig(cache, frame, **kwargs)
    translated = cache.translate_count != count
    dygraph = getattr(out, "code", 1) is None
    code = frame.f_code
    try:
        if not translated and not dygraph:
            sink.hit(code.co_name[:1] == "$")
            return out
        seconds = time.perf_counter() - t0
        after = _guarded(cache.cache.get(code))
        if not translated and len(after) < cache.MAX_CACHE_SIZE:  # a frame that always runs in dygraph
            sink.hit(code.co_name[:1] == "$")
            return out
    except Exception:  # a record must never break the user's call
        return out
    # the entry SOT appended is the last; the one before it was tried and missed
    prior = after[:-1] if translated and after and after[-1][0] is out else after
    event = {"code": code.co_name, "resume": code.co_name[:1] == "$", "first": translated and not prior,
             "translated": translated, "seconds": seconds if translated else 0.0, "missed": None,
             "entries": len(after), "limit": cache.MAX_CACHE_SIZE, "dygraph": dygraph}
    if translated and prior:  # why no entry fitted: the newest one's failing condition
        event["missed"] = missed = missed_part(prior[-1][1], frame)
        if missed and len(after) > len(prior):
            # no longer pinned to a value in the new entry (``x.shape[0] >= 1``): dynamic now
            left = _left(missed[0])
            if (missed[1] and _SHAPE_DIM.search(left)
                    and not any(p.startswith(left + " == ") for p in guard_parts(after[-1][1]))):
                event["dynamic"] = left
    try:
        sink.add(event)
    except Exception:  # a record must never break the user's call
        pass
    return out


def watch(code, sink) -> bool:
    """Tell ``sink`` of every later call of ``code`` and of its resume functions that
    reaches SOT's cache: ``sink.hit(resume)`` for a cache hit, ``sink.add(event)`` (a
    dict) for a translation or a full cache. False where this Paddle has no SOT cache to
    watch."""
    if not _install():
        return False
    _BY_ID[id(code)] = (code, sink)
    _RESUMES[(code.co_filename, code.co_name)] = sink
    return True


def unwatch(code) -> None:
    """Stop telling the sink of ``code`` (and of its resume functions)."""
    sink = _RESUMES.pop((code.co_filename, code.co_name), None)
    _BY_ID.pop(id(code), None)
    for key in [k for k, (_, s) in _BY_ID.items() if s is sink]:
        _BY_ID.pop(key, None)
