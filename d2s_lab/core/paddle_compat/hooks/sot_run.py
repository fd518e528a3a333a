"""Hooks for one run under SOT: where it breaks, what it translates, which subgraphs it
compiles and which it leaves to dygraph, and which frames found their cache full.

For the length of :func:`capturing`: ``OpcodeExecutor._break_graph_when_if`` /
``_break_graph_when_call`` (Paddle 2.6: ``_break_graph_in_jump`` / ``_in_call``),
``executor_cache.start_translate``, ``OpcodeExecutorCache.lookup``,
``OpcodeExecutorCache.__call__`` (counted, on top of the lasting record of later calls),
``FallbackWrapper.__call__``, ``FallbackError.__init__``, ``opcode_executor.need_fallback``,
the statement stacks (:mod:`.statement_stacks`), and ``SOT_COLLECT_INFO`` with
``breakgraph_reason`` added. :func:`silent` says afterwards which of them did not fire
in a run where Paddle did translate (its internals moved): that view is then missing,
said in one note, rather than shown empty. The user's own collector is left as Paddle would leave it:
what they collected before is kept, what they asked for is added, and nothing d2s_lab
turned on stays in it or is printed.

:func:`recording_call_breaks`: the break-at-call method alone, during a conversion's
first run: the user's line of each call SOT leaves to Python, for errors that call raises.
"""
from __future__ import annotations

import contextlib
import os
import sys
from typing import Any, Dict

from d2s_lab.core.paddle_compat import hooks
from d2s_lab.core.paddle_compat.hooks.statement_stacks import StackCapture, keeping_statement_stacks
from d2s_lab.core.paddle_compat.sot import (CALL_BREAK, IF_BREAK, CallBreak, RawBreak, executor_on_stack,
                                            executor_place, exporter, function_of, method_named, note_resumes,
                                            restore_env)
from d2s_lab.text import t

OURS = "breakgraph_reason"  # the one collector d2s_lab reads


class Capture:
    """What :func:`capturing` yields: the collector (None on Paddle 2.6), the statement
    stacks' capture, and the user's collector state, to be put back by :func:`collected`."""

    def __init__(self, collector, stacks: StackCapture, saved=None, wanted=frozenset()):
        self.collector, self.stacks, self.saved, self.wanted = collector, stacks, saved, wanted


def _snapshot(collector, ic):
    """The collector's lists as they are now (copies), by info type."""
    return {kind: {k: list(v) for k, v in collector.get_info_dict(kind).items()}
            for kind in (ic.InfoType.STEP_INFO, ic.InfoType.E2E_INFO)}


@contextlib.contextmanager
def capturing(mods, events: Dict[str, Any]):
    """Switch on SOT's break-reason collector and wrap the few internals that know lines
    and programs, for the block. With hooks off, yields a capture that records nothing."""
    if not hooks.enabled():
        yield Capture(None, StackCapture(False))
        return
    ic, envs, oe, ec, cc, exc_mod = mods["ic"], mods["envs"], mods["oe"], mods["ec"], mods["cc"], mods["exc"]
    Executor = oe.OpcodeExecutor
    if_name, call_name = method_named(Executor, IF_BREAK), method_named(Executor, CALL_BREAK)
    orig_if = getattr(Executor, if_name)
    orig_call = getattr(Executor, call_name)
    orig_translate = ec.start_translate
    orig_wrapper_call = cc.FallbackWrapper.__call__
    orig_fallback_init = exc_mod.FallbackError.__init__
    orig_need_fallback = getattr(oe, "need_fallback", None)
    Cache = type(ec.OpcodeExecutorCache())  # the class (Paddle 2.6 wraps it in a Singleton object)
    orig_lookup = getattr(Cache, "lookup", None)

    # The wrappers take *args so a changed signature in Paddle passes straight through; each
    # read of Paddle's state is guarded: a failure loses that record, never the user's run.
    def on_if(self, *args, **kwargs):
        try:
            f, line, fn, resumed = executor_place(self)
            instr = next((a for a in args if hasattr(a, "starts_line")), None)
            line = getattr(instr, "starts_line", None) or line
            events["breaks"].append(RawBreak("DataDependencyControlFlowBreak", t("sot.break_if"), "break",
                                             f, line, fn, resumed))
        except Exception:
            pass
        out = orig_if(self, *args, **kwargs)
        note_resumes(self, events)
        return out

    def on_call(self, *args, **kwargs):
        try:
            f, line, fn, resumed = executor_place(self)
            err = sys.exc_info()[1]
            reason = getattr(err, "reason", None)
            # Paddle 2.6 raises a bare BreakGraphError with a message and no reason class
            name = type(reason).__name__ if reason is not None else (type(err).__name__ if err else "BreakGraph")
            msg = str(getattr(reason, "reason_str", "") or err or t("sot.break_call"))
            events["breaks"].append(RawBreak(name, msg, "break", f, line, fn, resumed))
            if reason is not None:
                events["matched"].add(id(reason))
        except Exception:
            pass
        out = orig_call(self, *args, **kwargs)
        note_resumes(self, events)
        return out

    def on_fallback_init(self, *args, **kwargs):
        orig_fallback_init(self, *args, **kwargs)
        try:
            ex = executor_on_stack()
            where = executor_place(ex) if ex is not None else ("", None, "", False)
            events["fallback_errors"].append((type(self).__name__, str(args[0]) if args else str(self), where))
        except Exception:
            pass

    def on_translate(frame, *args, **kwargs):
        events["codes"].add(frame.f_code)
        start = len(events["fallback_errors"])
        aside = events.get("aside")
        main = aside is not None and frame.f_code is aside.code and "main_translated" not in events
        if main:
            aside.judge(frame)  # would an entry set aside have served this call?
        result = orig_translate(frame, *args, **kwargs)
        try:
            if main:
                events["main_translated"] = result
            events["frames"] += 1
            if isinstance(result, tuple) and len(result) >= 2:
                events["translated"].append((frame.f_code, getattr(result[0], "code", None), result[1]))
            code = getattr(result[0], "code", "?") if result else "?"
            raised = events["fallback_errors"][start:]
            if code is None and raised:
                name, msg, (f, line, fn, resumed) = raised[-1]
                c = frame.f_code
                if not fn:
                    fn, resumed = function_of(c.co_name)
                events["breaks"].append(RawBreak(
                    name, msg, "fallback", f or c.co_filename, line or c.co_firstlineno, fn, resumed))
        except Exception:
            pass
        return result

    orig_cache_call = Cache.__call__

    def on_cache_call(self, frame, **kwargs):  # counted: does Paddle still come through here?
        events["cache_calls"] += 1
        return orig_cache_call(self, frame, **kwargs)

    def on_lookup(self, frame, guarded_fns, *args, **kwargs):
        try:  # Paddle's first test in lookup: a full cache runs the frame in dygraph
            limit = self.MAX_CACHE_SIZE
            if len(guarded_fns) >= limit:
                events["cache_full"].setdefault(frame.f_code, (len(guarded_fns), limit, list(guarded_fns)))
        except Exception:
            pass
        return orig_lookup(self, frame, guarded_fns, *args, **kwargs)

    def record(graph_fn, runs_static):
        try:
            name = graph_fn.SIR.name
            if name not in events["seen_sir"]:
                events["seen_sir"].add(name)
                size = graph_fn.graph_size() if hasattr(graph_fn, "graph_size") else None
                events["subgraphs"].append((name, size, graph_fn.concrete_program, runs_static,
                                            exporter(graph_fn.SIR)))
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

    changes = [(Executor, if_name, on_if), (Executor, call_name, on_call), (ec, "start_translate", on_translate),
               (cc.FallbackWrapper, "__call__", on_wrapper_call), (exc_mod.FallbackError, "__init__", on_fallback_init)]
    if orig_need_fallback is not None:
        changes.append((oe, "need_fallback", on_need_fallback))
    if orig_lookup is not None:
        changes.append((Cache, "lookup", on_lookup))
    changes.append((Cache, "__call__", on_cache_call))
    Guard = getattr(envs, "EnvironmentVariableGuard", None)
    collector = ic.InfoCollector() if ic is not None else None
    with contextlib.ExitStack() as stack:
        saved, wanted = None, frozenset()
        if Guard is not None and collector is not None:
            name = envs.ENV_SOT_COLLECT_INFO.name
            user = _collect_value(envs)  # what the user collects
            wanted = frozenset(user)
            try:
                saved = _snapshot(collector, ic)
            except Exception:
                saved = None
            stack.callback(restore_env, name, os.environ.get(name))
            collect = {k: list(v) for k, v in user.items()}
            collect.setdefault(OURS, [])
            stack.enter_context(Guard(envs.ENV_SOT_COLLECT_INFO, collect))
        stacks = stack.enter_context(keeping_statement_stacks())
        stack.enter_context(hooks.patched(*changes))
        yield Capture(collector, stacks, saved, wanted)


def _collect_value(envs):
    """``SOT_COLLECT_INFO`` as the user set it (Paddle parses it into a dict)."""
    try:
        return dict(envs.ENV_SOT_COLLECT_INFO.get())
    except Exception:
        return {}


def collected(mods, capture: Capture):
    """After a run: the break reasons SOT's collector gathered during it that no frame
    split accounts for (inside inlined calls), as ``[(id, RawBreak)]``. The collector is
    then as Paddle alone would have left it: the user's earlier records kept, this run's
    kept only where the user collects that kind."""
    ic, collector = mods["ic"], capture.collector
    if ic is None or collector is None:  # Paddle 2.6: nothing kept beyond the splits
        return []
    e2e = collector.get_info_dict(ic.InfoType.E2E_INFO)
    before = (capture.saved or {}).get(ic.InfoType.E2E_INFO, {})
    reasons = list(e2e.get("BreakGraphReasonInfo", []))[len(before.get("BreakGraphReasonInfo", [])):]
    if capture.saved is not None:
        for kind, lists in capture.saved.items():
            now = collector.get_info_dict(kind)
            for key in list(now):
                cls = type(now[key][0]) if now[key] else None
                if cls is not None and getattr(cls, "SHORT_NAME", None) not in capture.wanted:
                    if key in lists:
                        now[key] = lists[key]  # only what the user had
                    else:
                        del now[key]
    unmatched = []
    for info in reasons:
        r = getattr(info, "reason", None)
        if r is None:
            continue
        line = getattr(r, "line_number", -1)
        unmatched.append((id(r), RawBreak(type(r).__name__, str(r.reason_str), "break",
                                          getattr(r, "file_path", "") or "",
                                          line if line and line > 0 else None, "")))
    return unmatched


@contextlib.contextmanager
def recording_call_breaks(breaks: Dict[Any, CallBreak]):
    """While the block runs: for each graph break SOT makes at a call, the code it generates
    -> :class:`CallBreak`. Paddle 2.6's generated code numbers all its instructions with the
    function's ``def`` line, so an error the call raises would point there. Records nothing
    on builds without SOT, or with hooks off."""
    try:
        from paddle.jit.sot.opcode_translator.executor.opcode_executor import OpcodeExecutor
    except Exception:
        yield breaks
        return
    # Paddle 3.x: _break_graph_when_call; Paddle 2.6: _break_graph_in_call
    name = next((n for n in CALL_BREAK if callable(getattr(OpcodeExecutor, n, None))), None)
    if name is None or not hooks.enabled():
        yield breaks
        return
    orig = getattr(OpcodeExecutor, name)

    def on_call_break(self, *args, **kwargs):
        file, line, function, _ = executor_place(self)
        out = orig(self, *args, **kwargs)
        try:
            code = getattr(self, "new_code", None)
            # the break's own CALL is copied into the generated code, its offset set there
            instr = next((a for a in args if hasattr(a, "opname") and hasattr(a, "offset")), None)
            offset = getattr(instr, "offset", None)
            if code is not None and line and isinstance(offset, int):
                breaks[code] = CallBreak(file, line, function, offset)
        except Exception:
            pass
        return out

    with hooks.patched((OpcodeExecutor, name, on_call_break)):
        yield breaks


def silent(events, translated: bool, version: str) -> list:
    """Notes for the hooks that did not fire in a run where Paddle translated something
    (``translated``: its translation count went up): Paddle has moved what they wrap."""
    if not translated:
        return []
    notes = []
    if not events.get("cache_calls"):
        notes.append(t("hooks.not_firing", what=t("hooks.what_calls"), version=version,
                       where="OpcodeExecutorCache.__call__"))
    if not events.get("frames"):
        notes.append(t("hooks.not_firing", what=t("hooks.what_frames"), version=version,
                       where="executor_cache.start_translate"))
    return notes
