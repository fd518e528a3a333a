"""Every later call of a converted function in this kernel, and why a call translated
again: one :class:`CallRecord` per call after the conversion's first run
(``conv.calls()``, ``%d2s_calls``).

SOT (the default path on Paddle 3): a call reuses a cache entry when its guard holds
(``x.shape[0] == 4``); otherwise SOT translates the frame again and adds an entry, up
to ``MAX_CACHE_SIZE``, past which the frame runs in dygraph. The record names the
condition that failed and the value that broke it. AST mode: a call with other input
shapes or another Python value builds a new Program; the record names that input.

The records hold text and numbers only (no tensor is kept alive), in no language: the
reasons are worded when read, in the language in force (``%d2s_calls --lang``). Only the
last :data:`MAX_RECORDS` are kept; a call that hits the cache costs one dictionary
lookup and one small record more than a plain call.
"""
from __future__ import annotations

import collections
import inspect
import weakref
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from d2s_lab.core import display
from d2s_lab.core.paddle_compat import hooks
from d2s_lab.core.paddle_compat.hooks import executor_cache, program_cache
from d2s_lab.core.paddle_compat.hooks.events import CallEvent
from d2s_lab.core.paddle_compat.sot import cache as sot_cache
from d2s_lab.core.sot_text import ident, shown_guard
from d2s_lab.text import t

MAX_RECORDS = 500


@dataclass
class CallRecord:
    """One later call of a converted function.

    ``new_entry``: the call made a new SOT cache entry (or, in AST mode, a new Program);
    ``reasons``: why, one line per frame that translated again (worded from ``whys``,
    the hooks' events, when read); ``frames``: those frames
    (``f``, ``resume_1_f``); ``cache_size`` against ``cache_limit`` (Paddle's
    ``MAX_CACHE_SIZE``); ``translate_s``: seconds spent translating; ``dygraph``: SOT ran
    a frame as written (its cache was full); ``made_dynamic``: the dimensions SOT made
    dynamic in the new entry (``x.shape[0]``); ``breaks``: the graph breaks whose code
    (a resume function) this call reached for the first time (``GraphBreak``, with its
    catalogue ``id`` and ``fix``)."""

    index: int
    new_entry: bool = False
    whys: List[CallEvent] = field(default_factory=list, repr=False)
    frames: List[str] = field(default_factory=list)
    cache_size: int = 0
    cache_limit: Optional[int] = None
    translate_s: float = 0.0
    dygraph: bool = False
    made_dynamic: List[str] = field(default_factory=list)  # dimensions dynamic in the new entry
    breaks: List[Any] = field(default_factory=list)

    @property
    def reasons(self) -> List[str]:
        """One line per reason, in the language in force; where several frames translated
        again, each line names the frames it holds for (one line for a guard they share)."""
        texts: Dict[str, List[str]] = {}
        for event in self.whys:
            why = _reason(event)
            if why:
                frames = texts.setdefault(why, [])
                frame = ident(event.code) if event.code else ""
                if frame and frame not in frames:
                    frames.append(frame)
        if len({f for frames in texts.values() for f in frames}) < 2:
            return list(texts)
        return [why + (t("calls.in_frames", frames=", ".join(frames))
                       if frames and not all(f in why for f in frames) else "")
                for why, frames in texts.items()]

    @property
    def reason(self) -> str:
        return "; ".join(self.reasons)


def _reason(event: CallEvent) -> str:
    frame = ident(event.code) if event.code else ""
    if event.changed:
        name, before, now = event.changed
        return t("calls.ast_changed", name=name, before=before, now=now)
    if event.translated and event.first:
        return t("calls.first_resume", frame=frame)
    missed = event.missed
    if missed:
        guard, now, kind = missed
        guard = shown_guard(guard)
        if kind:  # the argument changed type: the condition does not even apply
            name, _, type_name = kind.partition(": ")
            text = t("calls.guard_failed_type", guard=guard, name=name, type=type_name)
        elif now:
            text = t("calls.guard_failed", guard=guard, now=now)
        else:
            text = t("calls.guard_failed_plain", guard=guard)
        if event.dynamic:
            text += t("calls.now_dynamic", what=event.dynamic)
        return text + _not_kept(event)
    if event.cache_full:
        return t("calls.cache_full", frame=frame, limit=event.limit)
    return t("calls.new_entry_unknown", frame=frame) + _not_kept(event) if event.translated else ""


def reason(event: CallEvent) -> str:
    """Why ``event``'s frame translated again (or ran in dygraph), in the language in force."""
    return _reason(event)


def _not_kept(event: CallEvent) -> str:
    """What SOT did with a translation it kept no cache entry for."""
    if not event.translated or event.kept:
        return ""
    return t("calls.not_kept_dygraph" if event.dygraph else "calls.not_kept")


class CallLog:
    """The records of one conversion's later calls (``conv.calls()`` returns them).

    A call that builds something is kept as a :class:`CallRecord`; a run of cache hits
    as ``[first, last, cache size, limit]``, so a hit allocates nothing (records are made
    when asked for). Only the last :data:`MAX_RECORDS` calls are kept."""

    def __init__(self, name: str, mode: str):
        self.name, self.mode = name, mode
        self.items = collections.deque()  # CallRecord, or a run of hits [first, last, size, limit]
        self.total = self.new_entries = 0
        self.watching = False
        self.hooks_off = ""  # why nothing is recorded: d2s_lab's hooks are off
        self.size, self.limit = 0, None  # the cache's size as last seen, and Paddle's limit
        # the break that makes SOT run the whole function in dygraph on every call (it skips
        # the frame before its cache, so those calls build nothing and reach no hook)
        self.always_dygraph = None
        self.break_of: Dict[str, Any] = {}  # resume function -> the GraphBreak that made it (SotReport.break_of)

    def hit(self, resume: bool, entries: Optional[int] = None) -> None:
        """A frame reused a cache entry; a resume function's hit is part of its call."""
        if resume:
            return
        if entries is None:
            entries = self.size
        self.total += 1
        last = self.items[-1] if self.items else None
        if type(last) is list and last[1] == self.total - 1 and last[2] == entries:
            last[1] = self.total
        else:
            self.items.append([self.total, self.total, entries, self.limit])
            self._trim()

    def add(self, event: CallEvent) -> None:
        """A frame translated again (or ran in dygraph with a full cache)."""
        top = not event.resume
        if top or not self.items:
            self.total += 1
            rec = CallRecord(self.total)
            self.items.append(rec)
            self._trim()
        else:
            rec = self._current()
        if top:
            rec.cache_size, rec.cache_limit = event.entries, event.limit
            self.size, self.limit = event.entries, event.limit
        new = event.translated and event.kept
        if event.cache_full or (event.translated and not new and event.dygraph):
            rec.dygraph = True
        if event.translated or rec.dygraph:
            if not rec.new_entry and new:
                self.new_entries += 1
            rec.new_entry = rec.new_entry or new
            rec.translate_s += event.seconds
            rec.whys.append(event)
            if event.code:
                rec.frames.append(ident(event.code))
            if event.dynamic:
                rec.made_dynamic.append(event.dynamic)
            brk = self.break_of.get(event.code) if event.first else None
            if brk is not None and brk not in rec.breaks:
                rec.breaks.append(brk)

    def _current(self) -> CallRecord:
        """The record of the newest call, taken out of its run of hits if it is in one."""
        last = self.items[-1]
        if type(last) is not list:
            return last
        first, end, size, limit = last
        if first == end:
            self.items.pop()
        else:
            last[1] = end - 1
        rec = CallRecord(end, cache_size=size, cache_limit=limit)
        self.items.append(rec)
        return rec

    def _trim(self) -> None:
        oldest = self.total - MAX_RECORDS + 1
        while self.items:
            head = self.items[0]
            if type(head) is list:
                if head[1] < oldest:
                    self.items.popleft()
                    continue
                head[0] = max(head[0], oldest)
            elif head.index < oldest:
                self.items.popleft()
                continue
            break

    def list(self) -> List[CallRecord]:
        out = []
        for item in self.items:
            if type(item) is list:
                first, last, size, limit = item
                out += [CallRecord(i, cache_size=size, cache_limit=limit) for i in range(first, last + 1)]
            else:
                out.append(item)
        return out

    def always_dygraph_note(self) -> str:
        """Why a function SOT runs in dygraph on every call has no calls listed ("" when
        SOT translates it)."""
        brk = self.always_dygraph
        if brk is None:
            return ""
        return t("calls.always_dygraph", name=self.name, where=brk.where or brk.function, reason=brk.reason)

    def summary(self) -> str:
        return t("calls.summary", name=self.name, n=self.total, new=self.new_entries)


class Calls(list):
    """``conv.calls()``: a list of :class:`CallRecord` that shows as a table in a notebook."""

    def __init__(self, records, log: Optional[CallLog]):
        super().__init__(records)
        self.log = log

    def __repr__(self) -> str:
        if self.log is not None and self.log.hooks_off:
            return self.log.hooks_off
        if self.log is not None and self.log.always_dygraph is not None and not len(self):
            return self.log.always_dygraph_note()
        head = self.log.summary() if self.log is not None else t("calls.not_watched")
        rows = [f"  {t('calls.col_call')} {r.index}: {t('calls.new') if r.new_entry else t('calls.dygraph')}"
                f"{': ' + r.reason if r.reason else ''}" for r in self if r.new_entry or r.dygraph]
        return "\n".join([head] + rows)

    def _repr_html_(self) -> str:
        return display.html(self)


class _Sink:
    """What the watchers call: the log's ``hit`` and ``add``, through a weak reference, so
    a conversion that is gone stops recording (and is not kept alive)."""

    def __init__(self, log: CallLog, unwatch):
        self._ref, self._unwatch = weakref.ref(log), unwatch

    def _log(self):
        got = self._ref()
        if got is None:
            self._unwatch()
        return got

    def hit(self, resume: bool, entries: Optional[int] = None) -> None:
        log = self._ref()
        if log is not None:
            log.hit(resume, entries)
        else:
            self._unwatch()

    def add(self, event: CallEvent) -> None:
        log = self._log()
        if log is not None:
            log.add(event)


def _param_names(fn) -> List[str]:
    try:
        return [p for p in inspect.signature(fn).parameters if p != "self"]
    except (TypeError, ValueError):
        return []


def whole_function_in_dygraph(sot, code):
    """The break (``kind`` skipped or fallback) for which SOT runs the converted function
    itself as written on every call, with no subgraph; None otherwise."""
    if sot is None or getattr(sot, "subgraphs", None) or len(sot_cache.entries(code)):
        return None
    return next((b for b in getattr(sot, "breaks", []) if b.kind in ("skipped", "fallback")
                 and not b.resumed and b.function == code.co_name), None)


def watch_calls(conv, fn, code) -> CallLog:
    """Start recording the later calls of ``conv``'s static function (``fn``: the
    function converted, ``code``: its code object)."""
    log = CallLog(conv.name, conv.mode)
    log.break_of = dict(getattr(getattr(conv, "sot", None), "break_of", None) or {})
    if conv.mode == "sot" and code is not None:
        log.size, log.limit = len(sot_cache.entries(code)), sot_cache.max_cache_size()
        log.always_dygraph = whole_function_in_dygraph(conv.sot, code)
        sink = _Sink(log, lambda: executor_cache.unwatch(code, sink))
        log.watching = executor_cache.watch(code, sink)
    elif conv.static_function is not None:
        sf = conv.static_function
        log.watching = program_cache.watch(sf, _Sink(log, lambda: program_cache.watch(sf, None)),
                                           _param_names(fn))
    if not log.watching and not hooks.enabled():
        log.hooks_off = hooks.off_note()
    return log


def calls_of(conv) -> Calls:
    log: Any = getattr(conv, "call_log", None)
    return Calls(log.list() if log is not None else [], log)
