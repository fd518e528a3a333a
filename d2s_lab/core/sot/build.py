"""The SOT report of a conversion's own first run: SOT's internals are hooked while
that run goes (:func:`~d2s_lab.core.paddle_compat.hooks.sot_run.capturing`), with the user's SOT
settings kept, and what they recorded becomes a :class:`~.model.SotReport`: user lines,
the code on them, the subgraphs drawn, which of them Paddle runs in dygraph."""
from __future__ import annotations

import contextlib
import dataclasses
import linecache
import re
import time
from typing import List, Optional

from d2s_lab.core.frames import is_user_file
from d2s_lab.core.paddle_compat import hooks, sot
from d2s_lab.core.paddle_compat.hooks import sot_run
from d2s_lab.core.paddle_compat.walk import program_to_graph
from d2s_lab.core.sot.translated import build_frames
from d2s_lab.core.sot.model import GraphBreak, SotReport, Subgraph
from d2s_lab.core.sot_text import base_name, is_resume
from d2s_lab.text import t


def _line_text(filename: str, line: Optional[int]) -> str:
    if not filename or not line:
        return ""
    return linecache.getline(filename, line).rstrip("\n")


def _tokens(reason: str, message: str) -> List[str]:
    """Source text a break reason points at (``.numpy(`` for "Calling `Tensor.numpy`")."""
    m = re.search(r"Tensor\.(\w+)", message)
    if m:
        return [f".{m.group(1)}("]
    if "break_graph_tensor_method" in message:  # Paddle 2.6's words for .numpy() and the like
        return [".numpy(", ".item(", ".tolist("]
    m = re.search(r"NumPy API: (\w+)", message)
    if m or "NumPy" in reason or "NumpyVariable" in message:
        name = m.group(1) if m else ""
        return [f"np.{name}", f"numpy.{name}", "np.", "numpy."] if name else ["np.", "numpy."]
    m = re.search(r"builtin function: (\w+)", message)
    if m:
        return [f"{m.group(1)}("]
    m = re.search(r"Paddlepaddle API: .*?(\w+)\W*$", message)
    if m:
        return [f"{m.group(1)}("]
    return []


# What a control-flow break's line must show: the test Python needs a value for.
_CONTROL = re.compile(r"\b(if|elif|while|and|or|not|assert)\b")
_DEF = re.compile(r"^\s*(async\s+def|def|class)\b")


def _shows(b: GraphBreak, text: str) -> bool:
    """Whether the source ``text`` holds what the break's reason names."""
    code = text.split("#", 1)[0]
    if b.reason == "DataDependencyControlFlowBreak":
        return bool(_CONTROL.search(code))
    toks = _tokens(b.reason, b.message)
    return not toks or any(tok in code for tok in toks)


def refine_lines(breaks: List[GraphBreak]) -> None:
    """Point the breaks of SOT's resumed frames (the code after a break) at their lines.

    SOT builds a resumed frame from the instructions after the break, and its line table
    is off: the instructions left of the breaking line carry the ``def`` line, and each
    line's number sits one instruction early (a jump that ends the ``if`` line reads as
    the line below it). A break there whose line does not show what its reason names is
    moved to the nearest line of the same function that does: the break before it (the
    same line continued) for a ``def`` line, then up to three lines up, then down.
    Breaks in frames SOT did not split keep the line Paddle gave."""
    previous = {}
    for b in breaks:
        if b.kind == "break" and b.file and b.line and b.resumed:
            lines = linecache.getlines(b.file)
            if 1 <= b.line <= len(lines) and _DEF.match(lines[b.line - 1]) and b.file in previous:
                b.line = previous[b.file]
            if (1 <= b.line <= len(lines) and b.reason != "BreakGraphInlineCallBreak"
                    and not _shows(b, lines[b.line - 1])):
                b.line = _nearest_showing(b, lines) or b.line
        if b.file and b.line and not _DEF.match(linecache.getline(b.file, b.line)):
            previous[b.file] = b.line  # a fallback's ``def`` line names no statement


def _nearest_showing(b: GraphBreak, lines: List[str]) -> Optional[int]:
    # up first: the shift moves lines down
    return _scan(b, lines, b.line - 1, -1, 3) or _scan(b, lines, b.line + 1, 1, 10)


def _scan(b: GraphBreak, lines: List[str], start: int, step: int, count: int) -> Optional[int]:
    """The first of ``count`` lines from ``start`` (one ``step`` at a time) that shows
    what ``b``'s reason names; the end of the file or another ``def`` ends the search."""
    for n in range(start, start + step * count, step):
        if not 1 <= n <= len(lines) or _DEF.match(lines[n - 1]):
            break  # past the file or into another function's code
        if _shows(b, lines[n - 1]):
            return n
    return None


# SOT's words for a break inside a function it inlined: where, then the inner reason.
_INLINE_AT = re.compile(r'File "(?P<file>[^"]+)", line (?P<line>\d+), in (?P<fn>[\w<>$@.]+)')


def _place_from_inline_call(brk: GraphBreak, breaks: List[GraphBreak]) -> None:
    """A reason Paddle collected without a place (the inlined function's frame was not
    split in this run, e.g. SOT kept its translation from an earlier one) takes the
    place the inline-call break names, moved to the line that shows what it names."""
    for b in breaks:
        m = _INLINE_AT.search(b.message) if b.reason == "BreakGraphInlineCallBreak" else None
        if m is None or brk.message not in b.message or not is_user_file(m["file"]):
            continue
        brk.file, brk.line = m["file"], int(m["line"])
        # Paddle's text names the frame as SOT does: a resumed one ``$resume_1@f_7902e``
        brk.function, brk.resumed = base_name(m["fn"]), is_resume(m["fn"])
        lines = linecache.getlines(brk.file)
        if 1 <= brk.line <= len(lines) and not _shows(brk, lines[brk.line - 1]):
            brk.line = _scan(brk, lines, brk.line + 1, 1, 10) or brk.line
        return


def _place_resumed_ops(graph, resume_of, breaks_by_raw) -> None:
    """Ops of a resumed frame (the code after a break) that SOT's line table puts on the
    ``def`` line: the rest of the statement the break split, so the break's line."""
    for op in graph.iter_ops():
        src = op.source
        if src is None or not is_resume(src.function):
            continue
        text = linecache.getline(src.file, src.line)
        brk = breaks_by_raw.get(resume_of.get(src.function, -1)) if _DEF.match(text) else None
        if brk is not None and brk.file == src.file and brk.line:
            op.source = dataclasses.replace(src, line=brk.line, code=_line_text(brk.file, brk.line).strip())


def _place_unplaced(breaks: List[GraphBreak]) -> None:
    """Reasons Paddle collected without a place: an inline-call break takes the place its
    own words name, then each reason it quotes takes it too (a resumed frame's ``def``
    line is moved on by :func:`refine_lines`)."""
    for brk in breaks:
        m = _INLINE_AT.search(brk.message) if brk.reason == "BreakGraphInlineCallBreak" and not brk.file else None
        if m is None or not is_user_file(m["file"]):
            continue
        brk.file, brk.line = m["file"], int(m["line"])
        brk.function, brk.resumed = base_name(m["fn"]), is_resume(m["fn"])
    for brk in breaks:
        if not brk.file:
            _place_from_inline_call(brk, breaks)


class SotRun:
    """Hooks SOT for one run of ``code`` (the function's code object) and builds the
    report of it. ``with SotRun(name, code, version) as run: static(*inputs)``, then
    ``run.report(error_report)``. Where this Paddle lacks the internals, the run goes on
    unhooked and the report says what is missing."""

    def __init__(self, name: str, code, paddle_version: str):
        self.code = code
        self.rep = SotReport(name=name, paddle_version=paddle_version)
        self.mods, why = sot.sot_internals()
        if self.mods is None:
            self.rep.available, self.rep.message = False, why
        # without Paddle's info collector (Paddle 2.6) the report says so, as what it lists
        # allows once the run is over (see report)
        self._no_collector = self.mods is not None and not sot.has_collector(self.mods)
        self.events = sot.new_events()
        self._stack = contextlib.ExitStack()
        self._capture = None
        self._silent = []
        self._count = None
        self._unmatched = []
        self.aside = None
        self._done = False

    def __enter__(self):
        # Only this function's own entries are set aside, so SOT translates it afresh here
        # (every other function keeps its translation and its compiled subgraphs), and put
        # back after as plain Paddle would have left them; a full cache is left full.
        self.aside = sot.set_aside(self.code)
        self._count = sot.translate_count()
        self.events["aside"] = self.aside
        if self.mods is not None:
            self.rep.min_graph_size, self.rep.settings = sot.settings(self.mods)
            self._capture = self._stack.enter_context(sot_run.capturing(self.mods, self.events))
        return self

    def __exit__(self, *exc):
        self._finish()
        return False

    def _finish(self):
        if self._done:
            return
        self._done = True
        try:
            if self._capture is not None:
                self._unmatched = sot_run.collected(self.mods, self._capture)
                now = sot.translate_count()
                translated = None not in (now, self._count) and now > self._count
                self._silent = sot_run.silent(self.events, translated, self.rep.paddle_version)
        finally:
            self._stack.close()
            sot.put_back(self.aside, self.events.get("main_translated"))

    def report(self, seconds: float, error=None) -> SotReport:
        """The report, once the run is over (``error``: its ErrorReport, if it failed)."""
        self._finish()
        rep, events = self.rep, self.events
        rep.run_s, rep.error = seconds, error
        if not rep.available:
            return rep
        rep.frames_translated = events["frames"]
        by_raw = {i: GraphBreak(*b) for i, b in enumerate(events["breaks"])
                  if is_user_file(b.file) or b.kind == "fallback"}
        breaks = list(by_raw.values())
        rep.break_of = {name: by_raw[i] for name, i in events["resume_of"].items() if i in by_raw}
        # Break reasons Paddle collected that no frame split accounts for (inside inlined calls).
        for rid, raw in self._unmatched:
            if rid in events["matched"]:
                continue
            if not any(b.reason == raw.reason and b.message == raw.message for b in breaks):
                breaks.append(GraphBreak(*raw))
        _place_unplaced(breaks)
        skipped = sot.why_not_translated(self.mods, self.code, events)
        if skipped is not None and not (skipped[0] == "CacheFull" and self.code in events["cache_full"]):
            reason, message = skipped
            breaks.append(GraphBreak(reason, message, "skipped", self.code.co_filename,
                                     self.code.co_firstlineno, self.code.co_name))
        # frames whose cache was full: Paddle ran them in dygraph, and so did this run
        for code, (n, limit, _) in events["cache_full"].items():
            breaks.append(GraphBreak("CacheFull", t("sot.cache_full_frame", name=code.co_name, n=n, limit=limit),
                                     "skipped", code.co_filename, code.co_firstlineno,
                                     base_name(code.co_name), is_resume(code.co_name)))
        refine_lines(breaks)
        for b in breaks:
            b.code = _line_text(b.file, b.line)
        rep.breaks = breaks
        for sir, size, cp, runs_static, code in events["subgraphs"]:
            graph = None
            try:
                graph = program_to_graph(cp.main_program, name=sir) if cp is not None else None
            except Exception as e:
                events["notes"].append(t("sot.not_drawn", name=sir, error=type(e).__name__))
            if graph is not None:
                _place_resumed_ops(graph, events["resume_of"], by_raw)
            n = size
            if n is None and graph is not None:
                n = graph.num_ops()
            lines = sorted({o.source.line for o in graph.iter_ops() if o.source is not None}) if graph else []
            rep.subgraphs.append(Subgraph(sir, int(n or 0), graph, lines, runs_static, code_fn=code))
        t0 = time.perf_counter()
        try:
            rep.frames = build_frames(events["translated"], events["resume_of"], by_raw)
        except Exception as e:  # only a view: the rest of the report stands
            events["notes"].append(t("sot.frames_not_read", error=f"{type(e).__name__}: {e}"))
        rep.frames_s = time.perf_counter() - t0
        if self._no_collector:  # the sentence follows what the report lists below it
            split = any(b.kind == "break" for b in rep.breaks)
            rep.message = t("sot.no_collector_partial" if split else "sot.no_collector_no_breaks",
                            version=rep.paddle_version)
        events["notes"].extend(self._silent)
        if not hooks.enabled():
            events["notes"].append(hooks.off_note())
        elif self._capture is not None and self._capture.stacks.on and not self._capture.stacks.fired and rep.subgraphs:
            events["notes"].append(t("hooks.not_firing", what=t("hooks.what_lines"), version=rep.paddle_version,
                                     where="function_graph.log_do"))
        if events["notes"]:
            rep.message = "; ".join(([rep.message] if rep.message else []) + events["notes"])
        return rep
