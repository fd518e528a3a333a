"""Every later call of a converted function in this kernel, and why a call translated
again: one :class:`CallRecord` per call after the conversion's first run
(``conv.calls()``, ``%d2s_calls``).

SOT (the default path on Paddle 3): a call reuses a cache entry when its guard holds
(``x.shape[0] == 4``); otherwise SOT translates the frame again and adds an entry, up
to ``MAX_CACHE_SIZE``, past which the frame runs in dygraph. The record names the
condition that failed and the value that broke it. AST mode: a call with other input
shapes or another Python value builds a new Program; the record names that input.

The records hold text and numbers only (no tensor is kept alive), and only the last
:data:`MAX_RECORDS`; a call that hits the cache costs one dictionary lookup and one
small record more than a plain call.
"""
from __future__ import annotations

import collections
import inspect
import weakref
from dataclasses import dataclass, field
from typing import Any, List, Optional

from d2s_lab.core import display
from d2s_lab.core.paddle_compat import program_cache, sot_cache
from d2s_lab.core.sot.source import ident
from d2s_lab.text import t

MAX_RECORDS = 500


@dataclass
class CallRecord:
    """One later call of a converted function.

    ``new_entry``: the call made a new SOT cache entry (or, in AST mode, a new Program);
    ``reasons``: why, one line per frame that translated again; ``frames``: those frames
    (``f``, ``resume_1_f``); ``cache_size`` against ``cache_limit`` (Paddle's
    ``MAX_CACHE_SIZE``); ``translate_s``: seconds spent translating; ``dygraph``: SOT ran
    a frame as written (its cache was full)."""

    index: int
    new_entry: bool = False
    reasons: List[str] = field(default_factory=list)
    frames: List[str] = field(default_factory=list)
    cache_size: int = 0
    cache_limit: Optional[int] = None
    translate_s: float = 0.0
    dygraph: bool = False

    @property
    def reason(self) -> str:
        return "; ".join(self.reasons)


def _reason(event: dict) -> str:
    frame = ident(event["code"]) if event["code"] else ""
    if event.get("changed"):
        name, before, now = event["changed"]
        return t("calls.ast_changed", name=name, before=before, now=now)
    if event["translated"] and event["first"]:
        return t("calls.first_resume", frame=frame)
    missed = event.get("missed")
    if missed:
        guard, now = missed
        text = t("calls.guard_failed", guard=guard, now=now) if now else t("calls.guard_failed_plain", guard=guard)
        if event.get("dynamic"):
            text += t("calls.now_dynamic", what=event["dynamic"])
        return text
    if event["dygraph"] and event["limit"] and event["entries"] >= event["limit"]:
        return t("calls.cache_full", frame=frame, limit=event["limit"])
    return t("calls.new_entry_unknown", frame=frame) if event["translated"] else ""


class CallLog:
    """The records of one conversion's later calls (``conv.calls()`` returns them)."""

    def __init__(self, name: str, mode: str):
        self.name, self.mode = name, mode
        self.records = collections.deque(maxlen=MAX_RECORDS)
        self.total = self.new_entries = 0
        self.watching = False

    def add(self, event: dict) -> None:
        top = not event["resume"]
        if top or not self.records:
            self.total += 1
            self.records.append(CallRecord(self.total))
        rec = self.records[-1]
        if top:
            rec.cache_size, rec.cache_limit = event["entries"], event["limit"]
        if event["dygraph"] and event["limit"] and event["entries"] >= event["limit"]:
            rec.dygraph = True
        if event["translated"] or rec.dygraph:
            if not rec.new_entry and event["translated"]:
                self.new_entries += 1
            rec.new_entry = rec.new_entry or event["translated"]
            rec.translate_s += event["seconds"]
            why = _reason(event)
            if why:
                rec.reasons.append(why)
            if event["code"]:
                rec.frames.append(ident(event["code"]))

    def list(self) -> List[CallRecord]:
        return list(self.records)

    def summary(self) -> str:
        return t("calls.summary", name=self.name, n=self.total, new=self.new_entries)


class Calls(list):
    """``conv.calls()``: a list of :class:`CallRecord` that shows as a table in a notebook."""

    def __init__(self, records, log: Optional[CallLog]):
        super().__init__(records)
        self.log = log

    def __repr__(self) -> str:
        head = self.log.summary() if self.log is not None else t("calls.not_watched")
        rows = [f"  call {r.index}: {'new entry' if r.new_entry else 'cache hit'}"
                f"{': ' + r.reason if r.reason else ''}" for r in self if r.new_entry or r.dygraph]
        return "\n".join([head] + rows)

    def _repr_html_(self) -> str:
        return display.html(self)


def _sink(log: CallLog, unwatch):
    ref = weakref.ref(log)

    def sink(event):
        got = ref()
        if got is None:  # the conversion is gone: stop recording
            unwatch()
            return
        got.add(event)
    return sink


def _param_names(fn) -> List[str]:
    try:
        return [p for p in inspect.signature(fn).parameters if p != "self"]
    except (TypeError, ValueError):
        return []


def watch_calls(conv, fn, code) -> CallLog:
    """Start recording the later calls of ``conv``'s static function (``fn``: the
    function converted, ``code``: its code object)."""
    log = CallLog(conv.name, conv.mode)
    if conv.mode == "sot" and code is not None:
        log.watching = sot_cache.watch(code, _sink(log, lambda: sot_cache.unwatch(code)))
    elif conv.static_function is not None:
        sf = conv.static_function
        log.watching = program_cache.watch(sf, _sink(log, lambda: program_cache.watch(sf, None)),
                                           _param_names(fn))
    return log


def calls_of(conv) -> Calls:
    log: Any = getattr(conv, "call_log", None)
    return Calls(log.list() if log is not None else [], log)
