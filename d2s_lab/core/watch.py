"""Watch a whole run: every ``to_static`` function that runs inside, whoever converted it.

``with d2s_lab.watch() as w: ...`` (``%%d2s_watch``, ``d2s-lab watch SCRIPT``) records,
for every converted function called in the block (``@paddle.jit.to_static``,
``paddle.jit.to_static(layer)``, d2s_lab's own conversions; SOT or AST), its calls, its
translations and recompiles with the guard that failed and the value that broke it, its
runs in dygraph once SOT's cache is full (or on every call, where SOT skips its frame
before the cache: a ``try`` in it, a file SOT skips), the shapes made dynamic, and the
time of its calls split into translating, running static and running in dygraph (per
function, and per step in bins). ``w.report()`` is a :class:`WatchReport`:
plain dataclasses, what :mod:`d2s_lab.viz.watch_view` draws.

Nothing is converted and no result changes: the watch only listens to Paddle's caches
(:mod:`d2s_lab.core.paddle_compat.hooks.watch_all`), and Paddle's classes are as found
when the block ends, also after an exception. Bounded: no tensor is kept, the first
:data:`FIRST_EVENTS` and the last :data:`LAST_EVENTS` events are kept (the others
counted), at most :data:`MAX_FUNCTIONS` functions have a row.
"""
from __future__ import annotations

import ast
import collections
import contextlib
import inspect
import linecache
import re
import textwrap
import time
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Tuple

from d2s_lab.core.calls import reason
from d2s_lab.core.frames import display_file
from d2s_lab.core.sot import breaks
from d2s_lab.core.sot.build import refine_lines
from d2s_lab.core.sot.model import GraphBreak
from d2s_lab.core.paddle_compat import hooks
from d2s_lab.core.paddle_compat.hooks import watch_all
from d2s_lab.core.paddle_compat.hooks.events import CallEvent
from d2s_lab.core.paddle_compat.sot import skipped_before_cache
from d2s_lab.core.paddle_compat.sot.cache import left_side
from d2s_lab.core.sot_text import guard_local, ident, is_resume
from d2s_lab.errors import D2SError
from d2s_lab.text import t

_IDENT = re.compile(r"(?<![.\w])[A-Za-z_]\w*")
_BUILTINS = {"id", "type", "len", "isinstance", "str", "int", "float", "bool", "tuple", "list", "dict", "paddle"}

_SHAPE_WORDS = (".shape", "MetaInfo", ".dtype", ".stop_gradient")

FIRST_EVENTS = 40
LAST_EVENTS = 160
MAX_FUNCTIONS = 200
MAX_FRAMES = 2000  # frames' sinks kept for reuse
MAX_INSTANCES = 1000  # distinct Layer instances counted per function
MAX_BREAKS = 20  # graph-break places kept per function
STORM_AT = 3  # recompiles for the same value that make a storm
NEAR_FULL = 0.75  # a SOT cache holding this share of MAX_CACHE_SIZE entries for a function is near full
TIME_BINS = 100  # the run's time per step is kept in at most this many bins (each of 1, 2, 4... steps)

KINDS = ("translate", "recompile", "fallback", "dynamic")
# an alert's kind -> (its title, what to do)
_ALERT_KEYS = {"storm": ("watch.alert.storm", "watch.fix.storm"),
               "loop_break": ("watch.alert.loop_break", "watch.fix.loop_break"),
               "cache_full": ("watch.alert.cache_full", "watch.fix.cache_full"),
               "cache_near": ("watch.alert.cache_near", "watch.fix.cache_full"),
               "per_instance": ("watch.alert.per_instance", "watch.fix.per_instance")}


@dataclass
class WatchedFunction:
    """One converted function that ran in the watch.

    ``where``: ``file:line`` of its ``def``; ``path``: ``"sot"`` or ``"ast"``;
    ``calls``: its calls; ``translations``: frames translated (or Programs built), the
    first ones included; ``recompiles``: translations after the first; ``fallbacks``:
    calls SOT ran in dygraph with the cache full; ``translate_s``: seconds translating
    (Programs built included); ``compile_s``: of those, seconds building Programs; ``total_s``: wall time of its calls (translation included);
    ``static_s`` and ``dygraph_s``: the rest of its calls' time (less the translating
    done during them), in calls run from the cache (static) and in calls run in dygraph;
    ``instances``: the distinct Layers it was called on; ``first_dygraph_call``: its
    call number SOT first ran in dygraph with the cache full; ``limit``: Paddle's
    ``MAX_CACHE_SIZE`` (SOT); ``skipped``: why SOT runs it in dygraph on every call without
    asking its cache (a ``try`` in the frame, a file SOT skips), or ""."""

    name: str
    where: str
    path: str
    calls: int = 0
    translations: int = 0
    recompiles: int = 0
    fallbacks: int = 0
    translate_s: float = 0.0
    compile_s: float = 0.0
    total_s: float = 0.0
    instances: int = 0
    first_step: int = 0
    last_step: int = 0
    first_dygraph_call: Optional[int] = None
    limit: Optional[int] = None
    dynamic: List[str] = field(default_factory=list)
    static_s: float = 0.0
    dygraph_s: float = 0.0
    skipped: str = ""

    @property
    def dygraph_calls(self) -> int:
        """Its calls run in dygraph: all of them where SOT skips it, else those with the cache full."""
        return self.calls if self.skipped else self.fallbacks


@dataclass
class WatchEvent:
    """A translation, recompile, run in dygraph (``fallback``) or a shape made dynamic.

    ``step``: the watch's top-level call it happened in (1, 2, ...); ``call``: the
    function's own call number; ``frame``: SOT's frame (a resume function's name) or "";
    ``cause``: the cache hook's record, worded when read (:attr:`reason`); ``made_by``: for
    the first translation of a resume function, the graph break that made it (its catalogue
    entry, id and fix: ``made_by.id``, ``made_by.fix()``, as a SOT report's break rows)."""

    index: int
    kind: str
    function: str
    where: str
    step: int
    call: int
    frame: str = ""
    seconds: float = 0.0
    cause: Optional[CallEvent] = field(default=None, repr=False)
    said: str = field(default="", repr=False)  # the reason as worded when recorded (a rank's record)
    made_by: Optional[GraphBreak] = None
    # where the break that made the frame is kept: (id of the function's record, index in its breaks)
    break_at: Optional[Tuple[int, int]] = field(default=None, repr=False, compare=False)

    @property
    def reason(self) -> str:
        """Why, in the language in force ("" for a first translation)."""
        if self.cause is None:
            return self.said
        if self.kind == "dynamic":
            return t("watch.made_dynamic", what=self.cause.dynamic)
        if self.kind == "translate" and not self.frame:
            return ""
        return reason(self.cause)


@dataclass
class WatchAlert:
    """Something to change: ``kind`` is ``storm`` (``name``: the Python value that
    changed on every call), ``cache_full`` (the function runs in dygraph from call
    ``call`` on, ``count`` calls so far), ``cache_near`` (none yet, but ``count`` of the
    ``limit`` entries SOT keeps for it are taken), ``per_instance`` (translated again for each of
    ``count`` Layer instances) or ``loop_break`` (a graph break at ``line``, inside the
    ``for``/``while`` loop of line ``loop``, reached on every step of the loop: ``code``
    is the line's text, ``break_id`` the catalogue's entry for it or "", ``count`` the
    function's calls)."""

    kind: str
    function: str
    where: str
    name: str = ""
    count: int = 0
    call: int = 0
    limit: Optional[int] = None
    path: str = "sot"
    line: Optional[int] = None
    loop: Optional[int] = None
    code: str = ""
    break_id: str = ""

    def title(self, lang: Optional[str] = None) -> str:
        return t(_ALERT_KEYS[self.kind][0], lang, function=self.function, where=self.where, name=self.name,
                 count=self.count, call=self.call, limit=self.limit if self.limit is not None else "?",
                 line=self.line, loop=self.loop, code=self.code, reason=self.name)

    def fix(self, lang: Optional[str] = None) -> str:
        key = "watch.fix.storm_ast" if self.kind == "storm" and self.path == "ast" else _ALERT_KEYS[self.kind][1]
        text = t(key, lang, function=self.function, where=self.where, name=self.name, limit=self.limit or "?",
                 line=self.line, code=self.code)
        if self.break_id:
            entry = breaks.entry(self.break_id)
            if entry is not None:
                text += " " + t("watch.fix.catalogue", lang, id=self.break_id, fix=entry.fix(lang))
        return text


@dataclass
class WatchProgress:
    """Where a running watch stands (its live status): top-level ``steps`` so far, the
    ``functions`` seen, ``translations``, ``recompiles``, runs in dygraph (``fallbacks``),
    ``alerts`` and ``seconds`` since it started."""

    steps: int = 0
    functions: int = 0
    translations: int = 0
    recompiles: int = 0
    fallbacks: int = 0
    alerts: int = 0
    seconds: float = 0.0

    def line(self, lang: Optional[str] = None) -> str:
        """The status in one line, in ``lang`` (default: the language in force)."""
        return t("watch.status", lang, steps=self.steps, functions=self.functions, translations=self.translations,
                 recompiles=self.recompiles, fallbacks=self.fallbacks, alerts=self.alerts,
                 seconds=f"{self.seconds:.0f}")


@dataclass
class WatchReport:
    """What a watch saw: ``functions`` (one row each, in the order they first ran),
    ``events`` (in order; the first and last kept, ``dropped`` counts the others by kind),
    ``alerts``, ``steps`` (top-level calls of converted functions), ``seconds`` (the
    watch's wall time), ``title`` (the script or cell), ``note`` (why nothing could be
    recorded, or ""). ``per_step``: the steps' time split, ``[translate, static, dygraph]``
    seconds per bin of ``step_bin`` steps (bin ``i`` holds steps ``i * step_bin + 1`` on),
    at most :data:`TIME_BINS` bins."""

    functions: List[WatchedFunction] = field(default_factory=list)
    events: List[WatchEvent] = field(default_factory=list)
    dropped: Dict[str, int] = field(default_factory=dict)
    alerts: List[WatchAlert] = field(default_factory=list)
    steps: int = 0
    seconds: float = 0.0
    title: str = ""
    note: str = ""
    per_step: List[List[float]] = field(default_factory=list)
    step_bin: int = 1

    def function(self, name: str) -> Optional[WatchedFunction]:
        return next((f for f in self.functions if f.name == name), None)

    def summary(self, lang: Optional[str] = None) -> str:
        return t("watch.summary", lang, functions=len(self.functions), steps=self.steps,
                 translations=sum(f.translations for f in self.functions),
                 recompiles=sum(f.recompiles for f in self.functions),
                 fallbacks=sum(f.dygraph_calls for f in self.functions), alerts=len(self.alerts))

    def __repr__(self) -> str:
        lines = [self.note] if self.note else []
        lines.append(self.summary())
        for f in self.functions:
            lines.append("  " + t("watch.row", name=f.name, where=f.where, path=f.path, calls=f.calls,
                                  translations=f.translations, recompiles=f.recompiles, fallbacks=f.dygraph_calls))
            if f.skipped:
                lines.append("    " + t("watch.always_dygraph", reason=f.skipped))
        for a in self.alerts:
            lines.append("! " + a.title() + " " + a.fix())
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        from d2s_lab.core import display

        return display.html(self)


def _where(code) -> str:
    """``train.py:4``, or ``cell[3]:2`` for a function a notebook cell defined."""
    return f"{display_file(code.co_filename)}:{code.co_firstlineno}"


def _name(code) -> str:
    return getattr(code, "co_qualname", None) or code.co_name


def _arg_names(code) -> List[str]:
    n = code.co_argcount + code.co_kwonlyargcount
    return [v for v in code.co_varnames[:n] if v != "self"]


class _Stats:
    __slots__ = ("row", "code", "instances", "calls_by_value", "breaks", "last_break", "resume_break", "entries")

    def __init__(self, row: WatchedFunction, code):
        self.row, self.code = row, code  # the code is kept: its id is the key
        self.instances: set = set()
        self.calls_by_value: Dict[str, int] = collections.Counter()  # recompiles per value that broke a guard
        self.breaks: list = []  # SOT's graph breaks while translating it (RawBreak), the first MAX_BREAKS
        self.last_break: Optional[int] = None  # index in breaks of the last one since a frame was translated
        self.resume_break: Dict[str, int] = {}  # resume function (SOT's name) -> index of the break that made it
        self.entries = 0  # the most entries SOT's cache held for its code after a translation of its frame


def _loops_of(code) -> List[Tuple[int, int, int]]:
    """The ``for``/``while`` loops in the source of ``code``'s function: ``(line of the
    loop, first line of its body, last line of its body)``, in file lines; [] where the
    source cannot be read."""
    lines = linecache.getlines(code.co_filename)
    first = code.co_firstlineno
    if not 1 <= first <= len(lines):
        return []
    try:
        block = inspect.getblock(lines[first - 1:])
        tree = ast.parse(textwrap.dedent("".join(block)))
    except Exception:  # noqa: BLE001  (a source that does not parse alone: no loop known)
        return []
    out = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.For, ast.AsyncFor, ast.While)) and node.body:
            end = max(getattr(n, "end_lineno", n.lineno) or n.lineno for n in node.body)
            out.append((node.lineno + first - 1, node.body[0].lineno + first - 1, end + first - 1))
    return out


def _found(st: _Stats) -> List[GraphBreak]:
    """``st``'s graph breaks, in the order SOT raised them, at their lines."""
    found = [GraphBreak(*raw) for raw in st.breaks]
    refine_lines(found)  # SOT's resumed frames read one line off
    return found


def _loop_breaks(st: _Stats, found: List[GraphBreak]) -> List[Tuple[GraphBreak, int]]:
    """The graph breaks of ``st``'s function (``found``) whose line is in the body of one
    of its loops, with the loop's line: the innermost loop, one break per line, the break
    SOT raised first (an inlined call's own break before the call that carried it)."""
    if not found:
        return []
    loops = _loops_of(st.code)
    if not loops:
        return []
    out, seen = [], set()
    for b in found:
        if b.file != st.code.co_filename or not b.line or b.line in seen:
            continue
        inside = [lp for lp in loops if lp[1] <= b.line <= lp[2]]
        if inside:
            seen.add(b.line)
            out.append((b, max(inside)[0]))
    return out


class _Frame:
    """What SOT's cache wrapper tells about one frame: put on the function running now."""

    __slots__ = ("rec", "code")

    def __init__(self, rec, code):
        self.rec, self.code = rec, code

    def hit(self, resume, entries=None):
        self.rec.reached(self.code)

    def add(self, event: CallEvent) -> None:
        self.rec.add(self.code, event)


class Watch:
    """The recorder of one watch (``with d2s_lab.watch() as w``); ``w.report()`` at any
    time, also after the block."""

    def __init__(self, title: str = "", on_progress=None, every: float = 1.0):
        self.title = title
        # told a WatchProgress at most once every ``every`` seconds, from a call that starts a step
        self._on_progress, self._every = on_progress, every
        self._stats: Dict[int, _Stats] = {}
        self._stack: List[_Stats] = []
        # per call on the stack: [seconds translated in the watch when it started, its
        # function's runs in dygraph then, whether SOT's cache was asked about a frame in it]
        self._open: List[list] = []
        self._translated = 0.0  # seconds translating so far, every function
        self._bins: List[List[float]] = []  # the steps' time: [translate, static, dygraph] per bin
        self._bin = 1  # steps per bin
        self._frames: Dict[int, _Frame] = {}  # id(code) -> its sink, made once
        self._first: List[WatchEvent] = []
        self._last: collections.deque = collections.deque(maxlen=LAST_EVENTS)
        self._dropped: Dict[str, int] = collections.Counter()
        self._events = 0
        self.steps = 0
        self.limit = watch_all.max_cache_size()
        self.note = ""
        self.started = time.perf_counter()
        self.ended: Optional[float] = None
        self._told = self.started

    # -- what the hooks call -------------------------------------------------------
    def _stats_of(self, code, path: str) -> Optional[_Stats]:
        got = self._stats.get(id(code))
        if got is None:
            if len(self._stats) >= MAX_FUNCTIONS:
                return None
            row = WatchedFunction(_name(code), _where(code), path, first_step=self.steps,
                                  limit=self.limit if path == "sot" else None)
            got = self._stats[id(code)] = _Stats(row, code)
        return got

    def enter(self, code, path: str, instance: int):
        if not self._stack:
            self.steps += 1
            if self._on_progress is not None:
                self._tell()
        st = self._stats_of(code, path)
        if st is None:
            return None
        row = st.row
        row.path = path
        row.calls += 1
        row.last_step = self.steps
        if instance and len(st.instances) < MAX_INSTANCES:
            st.instances.add(instance)
            row.instances = len(st.instances)
        self._stack.append(st)
        self._open.append([self._translated, row.fallbacks, False])
        return st

    def _tell(self) -> None:
        now = time.perf_counter()
        if now - self._told >= self._every:
            self._told = now
            try:
                self._on_progress(self.progress())
            except Exception:  # noqa: BLE001  (a status that cannot show never stops the run)
                pass

    def leave(self, st: _Stats, seconds: float) -> None:
        row = st.row
        row.total_s += seconds
        opened = None
        if self._stack and self._stack[-1] is st:
            self._stack.pop()
            opened = self._open.pop()
        elif st in self._stack:
            i = len(self._stack) - 1 - self._stack[::-1].index(st)
            del self._stack[i]
            opened = self._open.pop(i)
        if opened is None:
            return
        translated = self._translated - opened[0]
        if row.path == "sot" and not opened[2] and not row.translations and not row.skipped:
            self._skipped(st)
        rest = max(seconds - translated, 0.0)
        dygraph = bool(row.skipped) or row.fallbacks > opened[1]
        if dygraph:
            row.dygraph_s += rest
        else:
            row.static_s += rest
        if not self._stack:  # a step ended: its time in the run's bins
            self._add_time(min(translated, seconds), 0.0 if dygraph else rest, rest if dygraph else 0.0)

    def _skipped(self, st: _Stats) -> None:
        """A SOT function whose call asked SOT's cache about no frame: SOT skipped its own
        frame and translated nothing below it (said once, with Paddle's rule that explains it)."""
        if not watch_all.sees_sot_cache():
            return
        why = skipped_before_cache(st.code)
        if why is None:
            return
        row = st.row
        row.skipped = why[1]
        self._keep(WatchEvent(0, "fallback", row.name, row.where, self.steps, row.calls, "", 0.0, None,
                              t("watch.always_dygraph", reason=why[1])))

    def _add_time(self, translate: float, static: float, dygraph: float) -> None:
        at = (self.steps - 1) // self._bin
        while at >= TIME_BINS:  # twice as many steps per bin, the bins merged in pairs
            self._bins = [[sum(v) for v in zip(*self._bins[i:i + 2])] for i in range(0, len(self._bins), 2)]
            self._bin *= 2
            at = (self.steps - 1) // self._bin
        while len(self._bins) <= at:
            self._bins.append([0.0, 0.0, 0.0])
        got = self._bins[at]
        got[0] += translate
        got[1] += static
        got[2] += dygraph

    def reached(self, code) -> None:
        """SOT's cache was asked about ``code``'s frame: the running call's own frame, or
        one it called (a frame SOT skips still lets it translate the frames it calls)."""
        if self._open:
            self._open[-1][2] = True

    def for_code(self, code):
        got = self._frames.get(id(code))
        if got is None or got.code is not code:
            if len(self._frames) >= MAX_FRAMES:
                self._frames.clear()
            got = self._frames[id(code)] = _Frame(self, code)
        return got

    def arg_names(self) -> List[str]:
        return _arg_names(self._stack[-1].code) if self._stack else []

    def program(self, event: Optional[CallEvent]) -> None:
        if event is None or not self._stack:
            return
        st = self._stack[-1]
        if st.row.path == "sot":  # SOT building the Program of a subgraph it translated: part of that translation
            st.row.compile_s += event.seconds
            return
        st.row.compile_s += event.seconds
        self._open[-1][2] = True
        self._record(st, event, "")

    def graph_break(self, raw) -> None:
        """A graph break SOT raised while translating the function running now."""
        if not self._stack:
            return
        st = self._stack[-1]
        if st.breaks and st.breaks[-1] == raw:  # heard twice (raised, then the frame split)
            st.last_break = len(st.breaks) - 1
        elif len(st.breaks) < MAX_BREAKS:
            st.breaks.append(raw)
            st.last_break = len(st.breaks) - 1

    def add(self, code, event: CallEvent) -> None:
        st = self._stack[-1] if self._stack else self._stats_of(code, "sot")
        if st is not None:
            if self._open:
                self._open[-1][2] = True
            self._record(st, event, "" if code is st.code else
                         (ident(event.code) if is_resume(event.code) else f"{_name(code)} ({_where(code)})"))

    # -- bookkeeping ----------------------------------------------------------------
    def _record(self, st: _Stats, event: CallEvent, frame: str) -> None:
        row = st.row
        if event.limit is not None:
            row.limit = event.limit
        kind = ""
        made_by = st.resume_break.get(event.code) if event.first and event.resume else None
        if event.translated:  # the resume functions its code calls: made by the last break it met
            if st.last_break is not None:
                for name in event.resumes:
                    st.resume_break.setdefault(name, st.last_break)
            st.last_break = None
        if event.cache_full and not (event.translated and event.kept):
            kind = "fallback"
            row.fallbacks += 1
            if row.first_dygraph_call is None:
                row.first_dygraph_call = row.calls
        elif event.translated:
            row.translations += 1
            if not frame:  # its own frame: the entries SOT's cache holds for its code now
                st.entries = max(st.entries, event.entries)
            row.translate_s += event.seconds
            self._translated += event.seconds
            kind = "translate" if event.first else "recompile"
            if not event.first:
                row.recompiles += 1
                value = self._broken(event)
                if value:
                    st.calls_by_value[value] += 1
        if kind:
            self._keep(WatchEvent(0, kind, row.name, row.where, self.steps, row.calls, frame, event.seconds, event,
                                  break_at=(id(st), made_by) if made_by is not None else None))
        if event.dynamic:
            if event.dynamic not in row.dynamic:
                row.dynamic.append(event.dynamic)
            self._keep(WatchEvent(0, "dynamic", row.name, row.where, self.steps, row.calls,
                                  frame, 0.0, event))

    @staticmethod
    def _broken(event: CallEvent) -> str:
        """The argument whose value broke the guard (``lr``), or ""."""
        if event.changed:
            return event.changed[0]
        if event.missed:
            guard, _now, kind = event.missed
            if any(word in guard for word in _SHAPE_WORDS):  # a tensor's shape or dtype: not a Python value
                return ""
            if kind:
                return kind.partition(": ")[0]
            name = guard_local(guard)
            if name:
                return name
            names = [n for n in _IDENT.findall(left_side(guard)) if n not in _BUILTINS]
            return names[0] if names else ""
        return ""

    def _keep(self, ev: WatchEvent) -> None:
        self._events += 1
        ev.index = self._events
        if len(self._first) < FIRST_EVENTS:
            self._first.append(ev)
            return
        if len(self._last) == self._last.maxlen:
            self._dropped[self._last[0].kind] += 1
        self._last.append(ev)

    # -- the report -------------------------------------------------------------------
    def _alerts(self, found: Dict[int, List[GraphBreak]]) -> List[WatchAlert]:
        alerts: List[WatchAlert] = []
        for st in self._stats.values():
            row = st.row
            if st.calls_by_value:
                name, count = max(st.calls_by_value.items(), key=lambda kv: kv[1])
                if count >= STORM_AT and name != "self":
                    alerts.append(WatchAlert("storm", row.name, row.where, name=name, count=count,
                                             path=row.path))
            if row.fallbacks:
                alerts.append(WatchAlert("cache_full", row.name, row.where, count=row.fallbacks,
                                         call=row.first_dygraph_call or 0, limit=row.limit, path=row.path))
            elif row.path == "sot" and row.limit and st.entries >= NEAR_FULL * row.limit:
                alerts.append(WatchAlert("cache_near", row.name, row.where, count=st.entries, limit=row.limit,
                                         path=row.path))
            per_call = row.translations + row.fallbacks
            if row.instances >= STORM_AT and per_call >= row.instances - 1 and row.translations >= STORM_AT:
                alerts.append(WatchAlert("per_instance", row.name, row.where, count=row.instances,
                                         limit=row.limit, path=row.path))
            for brk, loop in _loop_breaks(st, found[id(st)]):
                text = linecache.getline(brk.file, brk.line).strip()
                entry = breaks.match(brk.reason, brk.message, text)
                alerts.append(WatchAlert("loop_break", row.name, row.where, name=brk.reason, count=row.calls,
                                         path=row.path, line=brk.line, loop=loop, code=text,
                                         break_id=entry.id if entry is not None else ""))
        return alerts

    def progress(self) -> WatchProgress:
        """Where the watch stands now (cheap: counts, and the alerts so far)."""
        rows = [st.row for st in self._stats.values()]
        return WatchProgress(self.steps, len(rows), sum(r.translations for r in rows),
                             sum(r.recompiles for r in rows), sum(r.dygraph_calls for r in rows),
                             len(self._alerts(self._breaks_found())), time.perf_counter() - self.started)

    def _breaks_found(self) -> Dict[int, List[GraphBreak]]:
        return {id(st): _found(st) for st in self._stats.values()}

    def report(self) -> WatchReport:
        end = self.ended if self.ended is not None else time.perf_counter()
        found = self._breaks_found()
        events = list(self._first) + list(self._last)
        for ev in events:
            if ev.break_at is not None:
                st_id, index = ev.break_at
                ev.made_by = found[st_id][index]
        return WatchReport(
            functions=[st.row for st in self._stats.values()],
            events=events, dropped=dict(self._dropped), alerts=self._alerts(found),
            steps=self.steps, seconds=end - self.started, title=self.title,
            note=self.note, per_step=[list(b) for b in self._bins], step_bin=self._bin)


@contextlib.contextmanager
def watch(title: str = "", on_progress=None, every: float = 1.0):
    """Record every converted function that runs in the block (see the module's text):
    ``with d2s_lab.watch() as w: train()``, then ``w.report()``. Changes no result;
    Paddle is as found when the block ends. With d2s_lab's hooks off the block runs as
    written and the report says why it is empty. ``on_progress``: called with a
    :class:`WatchProgress` at most once every ``every`` seconds, when a step starts (the
    live status of ``%%d2s_watch``)."""
    w = Watch(title, on_progress, every)
    try:
        if not watch_all.available():
            w.note = hooks.off_note() if not hooks.enabled() else t("watch.no_paddle")
            yield w
        else:
            with watch_all.watching(w):
                yield w
    finally:
        w.ended = time.perf_counter()


def check_name(name: str) -> str:
    """A name to store the report under (``--as``): a Python identifier."""
    if not str(name).isidentifier():
        raise D2SError(t("watch.bad_name", name=name), t("watch.usage"))
    return name
