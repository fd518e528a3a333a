"""SOT's internals (Paddle's bytecode translation, ``to_static`` without
``full_graph``), read in one place: which internals this Paddle has
(:func:`sot_internals`), where an executor is in the user's code, why a frame was not
translated, the settings in force, and a subgraph's exported code.

The break reasons are the classes in ``paddle.jit.sot.utils.exceptions``
(``DataDependencyOperationBreak``, ...). The wrappers that catch them during a run are
hooks, each in :mod:`d2s_lab.core.paddle_compat.hooks` (``sot_run``, ``statement_stacks``,
``executor_cache``), applied and put back by one registry.

Every piece is feature-detected: :func:`sot_internals` says plainly what is missing.
"""
from __future__ import annotations

import os
import sys
from typing import Any, Dict, NamedTuple, Optional, Tuple

from d2s_lab.core.paddle_compat.sot.cache import guarded, sot_cache
from d2s_lab.core.sot_text import base_name, is_resume, resumes_called
from d2s_lab.text import t


class RawBreak(NamedTuple):
    """A graph break or fallback as SOT reported it. ``function``: the user's function
    it is in; ``resumed``: in the rest of that function, after an earlier break (the
    frame SOT names ``$resume_1@f_7902e``)."""

    reason: str
    message: str
    kind: str = "break"  # "break" or "fallback"
    file: str = ""
    line: Optional[int] = None
    function: str = ""
    resumed: bool = False


def sot_internals():
    """Paddle's SOT internals this module needs, or a reason they are missing. Paddle 2.6
    has no info collector (``mods["ic"]`` is None there): its breaks are read where SOT
    splits a frame, with Paddle's message, and its subgraphs where they are compiled."""
    try:
        import paddle
        from paddle.jit.sot.opcode_translator.executor import executor_cache, opcode_executor
        from paddle.jit.sot.symbolic import compile_cache
        from paddle.jit.sot.utils import envs, exceptions
    except Exception as exc:  # pragma: no cover - depends on the Paddle build
        # the module's name, not Paddle's text (a site-packages path)
        return None, t("sot.no_sot", error=f"{type(exc).__name__}: {getattr(exc, 'name', None) or exc}")
    try:
        from paddle.jit.sot.utils import info_collector
    except ImportError:  # Paddle 2.6: SOT translates, but keeps no record of why it broke
        info_collector = None
    need = [
        (envs, "ENV_MIN_GRAPH_SIZE"), (exceptions, "BreakGraphError"), (exceptions, "FallbackError"),
        (opcode_executor, "OpcodeExecutor"), (executor_cache, "start_translate"),
        (executor_cache, "OpcodeExecutorCache"), (compile_cache, "FallbackWrapper"),
    ]
    if info_collector is not None:
        need += [(info_collector, "InfoCollector"), (info_collector, "BreakGraphReasonInfo"),
                 (info_collector, "SubGraphInfo"), (envs, "ENV_SOT_COLLECT_INFO")]
    missing = [f"{m.__name__}.{a}" for m, a in need if not hasattr(m, a)]
    ex = opcode_executor.OpcodeExecutor
    if not any(hasattr(ex, n) for n in IF_BREAK) or not any(hasattr(ex, n) for n in CALL_BREAK):
        missing.append("OpcodeExecutor." + "/".join(IF_BREAK + CALL_BREAK))
    if missing:
        return None, t("sot.lacks_internals", version=paddle.__version__, missing=", ".join(missing))
    return dict(paddle=paddle, ic=info_collector, envs=envs, exc=exceptions, oe=opcode_executor,
                ec=executor_cache, cc=compile_cache), ""


def break_reason_classes() -> Optional[Tuple[str, ...]]:
    """The names of every break reason class this Paddle's SOT defines: the subclasses of
    ``BreakGraphReasonBase`` in ``paddle.jit.sot.utils.exceptions`` (Paddle 3), sorted.
    None where there are none: Paddle 2.6 raises a bare ``BreakGraphError`` and names the
    reason only in its message (or SOT is missing)."""
    try:
        from paddle.jit.sot.utils import exceptions
    except Exception:  # pragma: no cover - depends on the Paddle build
        return None
    base = getattr(exceptions, "BreakGraphReasonBase", None)
    if base is None:
        return None
    found, todo = set(), [base]
    while todo:
        for sub in todo.pop().__subclasses__():
            if sub.__name__ not in found:
                found.add(sub.__name__)
                todo.append(sub)
    return tuple(sorted(found))


# Where SOT splits a frame: Paddle 3.x names, then Paddle 2.6's.
IF_BREAK = ("_break_graph_when_if", "_break_graph_in_jump")
CALL_BREAK = ("_break_graph_when_call", "_break_graph_in_call")


def method_named(cls, names):
    return next(n for n in names if hasattr(cls, n))


def has_collector(mods) -> bool:
    """Whether this Paddle keeps SOT's own record of break reasons (Paddle >= 3.0)."""
    return mods is not None and mods.get("ic") is not None


def function_of(code_name: str) -> Tuple[str, bool]:
    """The user's function a frame SOT runs belongs to, and whether the frame is the rest
    of it after a break: ``$resume_1@f_7902e`` -> ``("f", True)``, ``f`` -> ``("f", False)``."""
    return base_name(code_name), is_resume(code_name)


def executor_place(executor) -> Tuple[str, Optional[int], str, bool]:
    """Where an executor is: file, line, the user's function and whether its frame is a
    resumed one (:func:`function_of`)."""
    try:
        vframe = getattr(executor, "vframe", None)  # Paddle 3.x; 2.6 keeps the code on _code
        code = vframe.code if vframe is not None else executor._code
        line = getattr(executor, "_current_line", -1)
        return (code.co_filename, (line if line and line > 0 else None)) + function_of(code.co_name)
    except Exception:
        return "", None, "", False


def executor_on_stack():
    """The innermost SOT executor on the Python stack (for where a fallback was raised)."""
    f = sys._getframe(2)
    while f is not None:
        obj = f.f_locals.get("self")
        if obj is not None and hasattr(obj, "vframe") and hasattr(obj, "_current_line"):
            return obj
        f = f.f_back
    return None


def exporter(sir):
    """What ``SOT_EXPORT`` would write for this subgraph, made when asked: a function giving
    ``(code, error)``: runnable Python and "", or, where Paddle cannot export it, the
    subgraph's statement IR and Paddle's error (None: this Paddle has no exporter)."""
    def code() -> tuple:
        try:
            from paddle.jit.sot.symbolic.export import PyFileGen
        except ImportError:  # Paddle 2.6 has no exporter: its statement IR is what there is
            return str(sir) + "\n", None
        try:
            return PyFileGen(sir).gen_py_codes(), ""
        except Exception as exc:  # Paddle exports no subgraph that calls a sublayer
            return str(sir) + "\n", f"{type(exc).__name__}: {exc}"
    return code


def note_resumes(executor, events) -> None:
    """The resume functions the code generated at the newest break calls: made by it."""
    code = getattr(executor, "new_code", None)
    if code is None or not events["breaks"]:
        return
    for name in resumes_called(getattr(code, "co_names", ())):
        events["resume_of"].setdefault(name, len(events["breaks"]) - 1)


def restore_env(name: str, was: Optional[str]) -> None:
    """Put the environment variable back as it was (Paddle's guard leaves an unset one as "")."""
    if was is None:
        os.environ.pop(name, None)
    else:
        os.environ[name] = was


class CallBreak(NamedTuple):
    """A call SOT left to Python: where it is in the user's code, and the offset of its
    ``CALL`` in the code SOT generated for it."""

    file: str
    line: int
    function: str  # the user's function, also where the break is in its resumed frame
    offset: int


class SetAside:
    """What :func:`set_aside` took out of SOT's caches for one code object, to be put back
    by :func:`put_back` as plain Paddle would have left it. ``full``: the code's cache was
    full, nothing was taken, and the run is the one Paddle makes (in dygraph)."""

    def __init__(self, code, value=None, count: Optional[int] = None, resumes=None, full: bool = False,
                 entries: int = 0, limit: Optional[int] = None):
        self.code, self.value, self.count, self.resumes = code, value, count, resumes or {}
        self.full, self.entries, self.limit = full, entries, limit
        self.would_hit: Optional[bool] = None  # set when the run's first frame is seen

    def judge(self, frame) -> None:
        """At the first translation of the code in this run: would one of the entries set
        aside have served this frame (then plain Paddle would not have translated)?"""
        if self.would_hit is not None or self.value is None:
            return
        try:
            if isinstance(self.value, tuple) and hasattr(self.value[1], "lookup"):
                self.would_hit = self.value[1].lookup(frame) is not None
            else:
                self.would_hit = any(bool(g(frame)) for _, g in guarded(self.value))
        except Exception:
            self.would_hit = False


def set_aside(code) -> SetAside:
    """Before a conversion's own run of ``code``: take its SOT entries out, so that SOT
    translates it afresh and the conversion sees how SOT splits it (other functions keep
    theirs). A full cache is left as it is: there Paddle runs the code in dygraph, and so
    does the conversion's run (``full``)."""
    cache = sot_cache()
    if cache is None:  # a build without SOT's cache: nothing is kept to set aside
        return SetAside(code)
    try:
        value = cache.cache.get(code)
        limit = int(cache.MAX_CACHE_SIZE)
        n = len(guarded(value))
        if value is not None and n >= limit:
            return SetAside(code, full=True, entries=n, limit=limit)
        aside = SetAside(code, cache.cache.pop(code, None), cache.translate_count, entries=n, limit=limit)
    except Exception:
        return SetAside(code)
    # Paddle 3 also keeps the resume functions it made for a code object, keyed by that
    # code; code objects compare by value, not by file or globals, so a function equal to
    # one translated elsewhere (the same cell run again after %reset, a copy in another
    # module) would get resume code whose helper names (``___null_var``) live in the other
    # function's globals: a NameError. Setting them aside makes SOT build them for these globals.
    try:
        from paddle.jit.sot.opcode_translator.executor.pycode_generator import ResumeFunctionCreator

        made = ResumeFunctionCreator.CODE_CACHE
        aside.resumes = {k: made.pop(k) for k in [k for k in made if isinstance(k, tuple) and len(k) > 1 and k[1] == code]}
    except Exception:  # Paddle 2.6: resume functions are not cached
        pass
    return aside


def put_back(aside: SetAside, translated) -> None:
    """After the run: SOT's state for the code as plain Paddle's call would have left it.
    Where an entry set aside would have served the call, the entries and the translation
    count are Paddle's again (the run's own translation is dropped); where none would
    have, the run's entry (``translated``: SOT's ``(custom code, guard, guard chain)``) is
    added to them, as Paddle adds one on a miss."""
    if aside.full or aside.value is None:
        return
    cache = sot_cache()
    try:
        if aside.would_hit or not translated:
            cache.cache[aside.code] = aside.value
            if aside.count is not None:
                cache.translate_count = aside.count
            from paddle.jit.sot.opcode_translator.executor.pycode_generator import ResumeFunctionCreator

            ResumeFunctionCreator.CODE_CACHE.update(aside.resumes)
            return
        custom, guard_fn = translated[0], translated[1]
        if isinstance(aside.value, tuple):
            aside.value[0].append((custom, guard_fn))
            aside.value[1].add_guard_chain(translated[2])
        else:
            aside.value.append((custom, guard_fn))
        cache.cache[aside.code] = aside.value
    except Exception:  # a Paddle whose cache differs: the run's entry stays, as before
        pass


def translate_count() -> Optional[int]:
    """SOT's count of translations so far (all functions), or None."""
    try:
        return int(sot_cache().translate_count)
    except Exception:
        return None


def settings(mods) -> Tuple[Optional[int], Dict[str, str]]:
    """``MIN_GRAPH_SIZE`` in force, and the SOT switches the user set in the environment
    (``SOT_LOG_LEVEL``, ``STRICT_MODE``...), as Paddle's ``envs`` module names them."""
    envs = mods["envs"]
    try:
        size = int(envs.ENV_MIN_GRAPH_SIZE.get())
    except Exception:
        size = None
    names = {getattr(v, "name", None) for v in vars(envs).values()}
    return size, {n: os.environ[n] for n in sorted(x for x in names if isinstance(x, str)) if n in os.environ}


def why_not_translated(mods, code, events) -> Optional[Tuple[str, str]]:
    """Where SOT did not translate ``code`` during the run and said nothing: Paddle's reason
    as ``(reason, message)``, else None."""
    if code is None or code in events["codes"]:
        return None
    skipped = _skipped_file(code)
    if skipped is not None or events["frames"]:  # other frames ran translated: said there
        return skipped
    if getattr(code, "co_exceptiontable", b""):
        return "ExceptionTableSkip", t("sot.skip_exception_table", version=f"{sys.version_info[0]}.{sys.version_info[1]}")
    try:
        cache = mods["ec"].OpcodeExecutorCache()
        limit = getattr(cache, "MAX_CACHE_SIZE", None)
        if limit is not None and len(guarded(cache.cache.get(code))) >= limit:
            return "CacheFull", t("sot.skip_cache_full", limit=limit)
    except Exception:
        pass
    return "NotTranslated", t("sot.skip_not_translated")


def skipped_before_cache(code) -> Optional[Tuple[str, str]]:
    """Why SOT runs ``code`` as written on every call without asking its cache (a file
    SOT skips, or a ``try`` in the frame: an exception table), as ``(reason, message)``;
    None where neither holds (a frame that reached no cache for another cause). Worded
    for a watched run: the user's own ``paddle.jit.to_static`` call, not d2s_lab's options."""
    if code is None:
        return None
    skipped = _skipped_file(code, "watch.skip_file")
    if skipped is not None:
        return skipped
    if getattr(code, "co_exceptiontable", b""):
        return "ExceptionTableSkip", t("watch.skip_exception_table",
                                       version=f"{sys.version_info[0]}.{sys.version_info[1]}")
    return None


def _skipped_file(code, key: str = "sot.skip_file") -> Optional[Tuple[str, str]]:
    """Code in Paddle's own files (and the libraries SOT skips) is never translated:
    a paddle.vision ResNet's forward runs in dygraph, only its Sequential blocks are."""
    try:
        from paddle.jit.sot.opcode_translator import skip_files

        if (code not in getattr(skip_files, "no_skip_code", ())
                and skip_files.skip_file_name_re.match(code.co_filename)):
            return "SkipFile", t(key, name=code.co_name, file=os.path.basename(code.co_filename))
    except Exception:  # a build without skip_files: nothing to say
        pass
    return None


def new_events() -> Dict[str, Any]:
    """The record :func:`capturing` fills during one run."""
    return {"breaks": [], "frames": 0, "subgraphs": [], "seen_sir": set(), "codes": set(),
            "fallback_errors": [], "matched": set(), "notes": [],
            "translated": [], "resume_of": {}, "cache_full": {}, "cache_calls": 0}
