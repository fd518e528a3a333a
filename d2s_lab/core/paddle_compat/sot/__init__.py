"""SOT's internals (Paddle's bytecode translation, ``to_static`` without
``full_graph``), switched on and hooked for one run, in one place.

* ``paddle.jit.sot.utils.info_collector.InfoCollector`` with the
  ``breakgraph_reason`` and ``subgraph_info`` collectors, switched on through
  ``SOT_COLLECT_INFO`` (Paddle >= 3.0); the break reasons are the classes in
  ``paddle.jit.sot.utils.exceptions`` (``DataDependencyOperationBreak``, ...);
* ``OpcodeExecutor._break_graph_when_if`` / ``_break_graph_when_call`` (Paddle 2.6:
  ``_break_graph_in_jump`` / ``_break_graph_in_call``; where a
  frame is split, and on which line), ``executor_cache.start_translate`` (a
  frame that fell back entirely) and ``FallbackWrapper`` (the compiled
  subgraphs and their Programs), wrapped for the duration of one run;
* ``opcode_executor.need_fallback``: where Paddle decides that a subgraph smaller than
  ``MIN_GRAPH_SIZE`` runs in dygraph; the user's settings are kept, so the report
  shows the run Paddle makes;
* the break-at-call method alone (``_break_graph_in_call`` on Paddle 2.6), during a
  conversion's first run: the user's line of each call SOT leaves to Python
  (:func:`recording_call_breaks`), for errors that call raises.

Every piece is feature-detected: :func:`sot_internals` says plainly what is missing.
"""
from __future__ import annotations

import contextlib
import os
import sys
from typing import Any, Dict, List, NamedTuple, Optional, Tuple

from d2s_lab.core.paddle_compat.sot.stacks import keeping_statement_stacks
from d2s_lab.text import t


class RawBreak(NamedTuple):
    """A graph break or fallback as SOT reported it."""

    reason: str
    message: str
    kind: str = "break"  # "break" or "fallback"
    file: str = ""
    line: Optional[int] = None
    function: str = ""


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
    if not any(hasattr(ex, n) for n in _IF_BREAK) or not any(hasattr(ex, n) for n in _CALL_BREAK):
        missing.append("OpcodeExecutor." + "/".join(_IF_BREAK + _CALL_BREAK))
    if missing:
        return None, t("sot.lacks_internals", version=paddle.__version__, missing=", ".join(missing))
    return dict(paddle=paddle, ic=info_collector, envs=envs, exc=exceptions, oe=opcode_executor,
                ec=executor_cache, cc=compile_cache), ""


# Where SOT splits a frame: Paddle 3.x names, then Paddle 2.6's.
_IF_BREAK = ("_break_graph_when_if", "_break_graph_in_jump")
_CALL_BREAK = ("_break_graph_when_call", "_break_graph_in_call")


def _method(cls, names):
    return next(n for n in names if hasattr(cls, n))


def has_collector(mods) -> bool:
    """Whether this Paddle keeps SOT's own record of break reasons (Paddle >= 3.0)."""
    return mods is not None and mods.get("ic") is not None


def _function_name(code_name: str) -> str:
    """SOT names the rest of a split frame ``$resume_1@f_7902e``; show ``f (resumed)``."""
    if not code_name.startswith("$"):
        return code_name
    base = code_name.rsplit("@", 1)[-1]
    head, _, tail = base.rpartition("_")
    if head and all(ch in "0123456789abcdef" for ch in tail):
        base = head
    return f"{base} (resumed)"


def _executor_place(executor):
    try:
        vframe = getattr(executor, "vframe", None)  # Paddle 3.x; 2.6 keeps the code on _code
        code = vframe.code if vframe is not None else executor._code
        line = getattr(executor, "_current_line", -1)
        return code.co_filename, (line if line and line > 0 else None), _function_name(code.co_name)
    except Exception:
        return "", None, ""


def _executor_on_stack():
    """The innermost SOT executor on the Python stack (for where a fallback was raised)."""
    f = sys._getframe(2)
    while f is not None:
        obj = f.f_locals.get("self")
        if obj is not None and hasattr(obj, "vframe") and hasattr(obj, "_current_line"):
            return obj
        f = f.f_back
    return None


@contextlib.contextmanager
def capturing(mods, events: Dict[str, Any]):
    """Switch on SOT's collectors and wrap the few internals that know lines and programs."""
    ic, envs, oe, ec, cc, exc_mod = mods["ic"], mods["envs"], mods["oe"], mods["ec"], mods["cc"], mods["exc"]
    Executor = oe.OpcodeExecutor
    if_name, call_name = _method(Executor, _IF_BREAK), _method(Executor, _CALL_BREAK)
    orig_if = getattr(Executor, if_name)
    orig_call = getattr(Executor, call_name)
    own = {n: n in vars(Executor) for n in (if_name, call_name)}
    orig_translate = ec.start_translate
    orig_wrapper_call = cc.FallbackWrapper.__call__
    orig_fallback_init = exc_mod.FallbackError.__init__
    orig_need_fallback = getattr(oe, "need_fallback", None)

    # The wrappers take *args so a changed signature in Paddle passes straight through.
    def on_if(self, *args, **kwargs):
        f, line, fn = _executor_place(self)
        instr = next((a for a in args if hasattr(a, "starts_line")), None)
        line = getattr(instr, "starts_line", None) or line
        events["breaks"].append(RawBreak(
            "DataDependencyControlFlowBreak",
            t("sot.break_if"),
            "break", f, line, fn))
        out = orig_if(self, *args, **kwargs)
        _note_resumes(self, events)
        return out

    def on_call(self, *args, **kwargs):
        f, line, fn = _executor_place(self)
        err = sys.exc_info()[1]
        reason = getattr(err, "reason", None)
        # Paddle 2.6 raises a bare BreakGraphError with a message and no reason class
        name = type(reason).__name__ if reason is not None else (type(err).__name__ if err else "BreakGraph")
        msg = str(getattr(reason, "reason_str", "") or err or t("sot.break_call"))
        events["breaks"].append(RawBreak(name, msg, "break", f, line, fn))
        if reason is not None:
            events["matched"].add(id(reason))
        out = orig_call(self, *args, **kwargs)
        _note_resumes(self, events)
        return out

    def on_fallback_init(self, *args, **kwargs):
        orig_fallback_init(self, *args, **kwargs)
        ex = _executor_on_stack()
        where = _executor_place(ex) if ex is not None else ("", None, "")
        events["fallback_errors"].append((type(self).__name__, str(args[0]) if args else str(self), where))

    def on_translate(frame, *args, **kwargs):
        events["codes"].add(frame.f_code)
        start = len(events["fallback_errors"])
        result = orig_translate(frame, *args, **kwargs)
        events["frames"] += 1
        if isinstance(result, tuple) and len(result) >= 2:
            events["translated"].append((frame.f_code, getattr(result[0], "code", None), result[1]))
        code = getattr(result[0], "code", "?") if result else "?"
        raised = events["fallback_errors"][start:]
        if code is None and raised:
            name, msg, (f, line, fn) = raised[-1]
            c = frame.f_code
            events["breaks"].append(RawBreak(
                name, msg, "fallback", f or c.co_filename, line or c.co_firstlineno,
                fn or _function_name(c.co_name)))
        return result

    def record(graph_fn, runs_static):
        try:
            name = graph_fn.SIR.name
            if name not in events["seen_sir"]:
                events["seen_sir"].add(name)
                size = graph_fn.graph_size() if hasattr(graph_fn, "graph_size") else None
                events["subgraphs"].append((name, size, graph_fn.concrete_program, runs_static,
                                            _exporter(graph_fn.SIR)))
        except Exception as e:  # the report must not break the user's run
            events["notes"].append(f"subgraph not recorded: {type(e).__name__}: {e}")

    def on_wrapper_call(self, *args, **kwargs):
        out = orig_wrapper_call(self, *args, **kwargs)
        record(self, True)
        return out

    def on_need_fallback(result, *args, **kwargs):
        back = orig_need_fallback(result, *args, **kwargs)
        graph_fn = result[0] if isinstance(result, tuple) and result else None
        if graph_fn is not None and hasattr(graph_fn, "SIR"):
            record(graph_fn, not back)  # graph_size() has built its program already
        return back

    Guard = getattr(envs, "EnvironmentVariableGuard", None)
    collect = {"breakgraph_reason": [], "subgraph_info": []}
    collector = ic.InfoCollector() if ic is not None else None
    if collector is not None:
        collector.clear()
    with contextlib.ExitStack() as stack:
        if Guard is not None and collector is not None:
            name = envs.ENV_SOT_COLLECT_INFO.name
            stack.callback(_restore_env, name, os.environ.get(name))
            stack.enter_context(Guard(envs.ENV_SOT_COLLECT_INFO, collect))
        stack.enter_context(keeping_statement_stacks())
        if orig_need_fallback is not None:
            oe.need_fallback = on_need_fallback
        setattr(Executor, if_name, on_if)
        setattr(Executor, call_name, on_call)
        ec.start_translate = on_translate
        cc.FallbackWrapper.__call__ = on_wrapper_call
        exc_mod.FallbackError.__init__ = on_fallback_init
        try:
            yield collector
        finally:
            for n, orig in ((if_name, orig_if), (call_name, orig_call)):
                if own[n]:
                    setattr(Executor, n, orig)
                else:  # inherited: take the wrapper off, the base's method shows again
                    delattr(Executor, n)
            ec.start_translate = orig_translate
            cc.FallbackWrapper.__call__ = orig_wrapper_call
            exc_mod.FallbackError.__init__ = orig_fallback_init
            if orig_need_fallback is not None:
                oe.need_fallback = orig_need_fallback


def _exporter(sir):
    """What ``SOT_EXPORT`` would write for this subgraph (runnable Python), made when asked."""
    def code() -> str:
        try:
            from paddle.jit.sot.symbolic.export import PyFileGen
        except ImportError:  # Paddle 2.6 has no exporter: its statement IR is what there is
            return _commented(t("sot.no_exporter")) + str(sir) + "\n"
        try:
            return PyFileGen(sir).gen_py_codes()
        except Exception as exc:  # Paddle exports no subgraph that calls a sublayer
            return _commented(t("sot.export_failed", error=f"{type(exc).__name__}: {exc}")) + str(sir) + "\n"
    return code


def _commented(text: str) -> str:
    return "".join(f"# {ln}\n" for ln in text.splitlines())


def _note_resumes(executor, events) -> None:
    """The resume functions the code generated at the newest break calls: made by it."""
    code = getattr(executor, "new_code", None)
    if code is None or not events["breaks"]:
        return
    for name in getattr(code, "co_names", ()):
        if name.startswith("$resume_"):
            events["resume_of"].setdefault(name, len(events["breaks"]) - 1)


def _restore_env(name: str, was: Optional[str]) -> None:
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
    function: str
    offset: int


@contextlib.contextmanager
def recording_call_breaks(breaks: Dict[Any, CallBreak]):
    """While the block runs: for each graph break SOT makes at a call, the code it generates
    -> :class:`CallBreak`. Paddle 2.6's generated code numbers all its instructions with the
    function's ``def`` line, so an error the call raises would point there. Records nothing
    on builds without SOT."""
    try:
        from paddle.jit.sot.opcode_translator.executor.opcode_executor import OpcodeExecutor
    except Exception:
        yield breaks
        return
    # Paddle 3.x: _break_graph_when_call; Paddle 2.6: _break_graph_in_call
    name = next((n for n in ("_break_graph_when_call", "_break_graph_in_call")
                 if callable(getattr(OpcodeExecutor, n, None))), None)
    if name is None:
        yield breaks
        return
    own = name in vars(OpcodeExecutor)
    orig = getattr(OpcodeExecutor, name)

    def on_call_break(self, *args, **kwargs):
        file, line, function = _executor_place(self)
        out = orig(self, *args, **kwargs)
        code = getattr(self, "new_code", None)
        # the break's own CALL is copied into the generated code, its offset set there
        instr = next((a for a in args if hasattr(a, "opname") and hasattr(a, "offset")), None)
        offset = getattr(instr, "offset", None)
        if code is not None and line and isinstance(offset, int):
            breaks[code] = CallBreak(file, line, function, offset)
        return out

    setattr(OpcodeExecutor, name, on_call_break)
    try:
        yield breaks
    finally:
        if own:
            setattr(OpcodeExecutor, name, orig)
        else:
            delattr(OpcodeExecutor, name)


def forget_translation(code) -> None:
    """Make SOT translate ``code`` afresh at its next call, so that a conversion sees (and
    :func:`recording_call_breaks` records) how SOT splits it; other functions keep theirs."""
    try:
        from paddle.jit.sot.opcode_translator.executor.executor_cache import OpcodeExecutorCache

        OpcodeExecutorCache().cache.pop(code, None)
    except Exception:  # a build without SOT's cache: nothing is kept to forget
        pass
    # Paddle 3 also keeps the resume functions it made for a code object, keyed by that
    # code; code objects compare by value, not by file or globals, so a function equal to
    # one translated elsewhere (the same cell run again after %reset, a copy in another
    # module) would get resume code whose helper names (``___null_var``) live in the other
    # function's globals: a NameError. Dropping them makes SOT build them for these globals.
    try:
        from paddle.jit.sot.opcode_translator.executor.pycode_generator import ResumeFunctionCreator

        cache = ResumeFunctionCreator.CODE_CACHE
        for key in [k for k in cache if isinstance(k, tuple) and len(k) > 1 and k[1] == code]:
            cache.pop(key, None)
    except Exception:  # Paddle 2.6: resume functions are not cached
        pass


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
        if limit is not None and len(cache.cache.get(code, ())) >= limit:
            return "CacheFull", t("sot.skip_cache_full", limit=limit)
    except Exception:
        pass
    return "NotTranslated", t("sot.skip_not_translated")


def _skipped_file(code) -> Optional[Tuple[str, str]]:
    """Code in Paddle's own files (and the libraries SOT skips) is never translated:
    a paddle.vision ResNet's forward runs in dygraph, only its Sequential blocks are."""
    try:
        from paddle.jit.sot.opcode_translator import skip_files

        if (code not in getattr(skip_files, "no_skip_code", ())
                and skip_files.skip_file_name_re.match(code.co_filename)):
            return "SkipFile", t("sot.skip_file", name=code.co_name, file=os.path.basename(code.co_filename))
    except Exception:  # a build without skip_files: nothing to say
        pass
    return None


def new_events() -> Dict[str, Any]:
    """The record :func:`capturing` fills during one run."""
    return {"breaks": [], "frames": 0, "subgraphs": [], "seen_sir": set(), "codes": set(),
            "fallback_errors": [], "matched": set(), "notes": [],
            "translated": [], "resume_of": {}}


def collected(mods, collector) -> Tuple[List[RawBreak], Dict[str, Optional[int]]]:
    """After a run: the break reasons SOT's collector holds that no frame split
    accounts for (inside inlined calls), and the op count of each subgraph by name.
    Clears the collector, so Paddle has nothing left to print at exit."""
    ic = mods["ic"]
    if ic is None or collector is None:  # Paddle 2.6: nothing kept beyond the splits
        return [], {}
    reasons = list(collector.get_info_dict(ic.InfoType.E2E_INFO).get("BreakGraphReasonInfo", []))
    subinfo = list(collector.get_info_dict(ic.InfoType.STEP_INFO).get("SubGraphInfo", []))
    collector.clear()
    unmatched = []
    for info in reasons:
        r = getattr(info, "reason", None)
        if r is None:
            continue
        line = getattr(r, "line_number", -1)
        unmatched.append((id(r), RawBreak(type(r).__name__, str(r.reason_str), "break",
                                          getattr(r, "file_path", "") or "",
                                          line if line and line > 0 else None, "")))
    return unmatched, {getattr(s, "sir_name", ""): getattr(s, "op_num", None) for s in subinfo}
