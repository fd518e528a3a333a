"""What ``d2s_lab.profile`` returns: where one call's time goes, as plain data (no Paddle):
per op, source line and layer on the AST path; per compiled subgraph, dygraph stretch and
graph break on the default (SOT) path; and each path measured side by side."""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple

from d2s_lab.core import display
from d2s_lab.core.bench.result import duration
from d2s_lab.core.sot import breaks as catalogue
from d2s_lab.text import t

# The catalogue's key of each path, segment kind and profiled mode.
PATHS = {"dygraph": "profile.path.dygraph", "sot": "profile.path.sot", "sot_min0": "profile.path.sot_min0",
         "ast": "profile.path.ast"}
# A training step's AMP rows (``train=True`` on a GPU): the step under ``paddle.amp.auto_cast``.
AMP_PATHS = {"dygraph_amp": "profile.path.dygraph_amp", "sot_amp": "profile.path.sot_amp",
             "ast_amp": "profile.path.ast_amp"}
PATH_LABELS = {**PATHS, **AMP_PATHS}
KINDS = {"static": "profile.kind.static", "dygraph": "profile.kind.dygraph", "guard": "profile.kind.guard",
         "python": "profile.kind.python", "translate": "profile.kind.translate"}
MODES = {"ast": "profile.mode.ast", "sot": "profile.mode.sot"}
# The catalogue's key of each stage ``ProfileResult.stages`` clocks.
STAGES = {"convert": "profile.stage.convert", "warmup": "profile.stage.warmup", "plain": "profile.stage.plain",
          "profiler_warmup": "profile.stage.profiler_warmup", "profiled": "profile.stage.profiled",
          "read": "profile.stage.read", "attribute": "profile.stage.attribute", "check": "profile.stage.check",
          "convert_sot": "profile.stage.convert_sot", "convert_sot_min0": "profile.stage.convert_sot_min0",
          "convert_ast": "profile.stage.convert_ast", "whatif": "profile.stage.whatif"}


@dataclass
class OpRow:
    """One op of the Program (or, on the SOT path, one op type within a segment): its
    time per call and its share of the call."""

    op: str  # the op's type: "conv2d"
    layer: str = ""  # the layer path ("features.0"), or the SOT segment it ran in
    line: Optional[int] = None
    file: str = ""
    calls: int = 0  # events per call
    ms: float = 0.0  # per call
    share: float = 0.0
    other: bool = False  # the time no op event accounts for (Python, the executor)
    op_id: Optional[int] = None  # the op's id in the Program's Graph (AST path)


@dataclass
class TimeRow:
    """Time per call summed over a source line or a layer. On the default (SOT) path a
    line's time is what its ops took in each compiled subgraph (the subgraph's clocked
    time split by its ops' profiled time) and the dygraph stretch a break at the line
    forced; ``segments`` names them: ``("static", "SIR_0")``, ``("dygraph", reason)``."""

    key: str  # "cell[3]:14" or a layer path ("" : forward itself, or no line)
    ms: float
    share: float
    line: Optional[int] = None
    other: bool = False  # the time no op event accounts for
    file: str = ""  # the line's file (a line row)
    segments: List[Tuple[str, str]] = field(default_factory=list)


@dataclass
class Segment:
    """One stretch of a call on the SOT path: a compiled subgraph (``static``), code run
    in dygraph between subgraphs (``dygraph``: ``reason`` is the break or fallback that
    caused it), the cache lookup with its guards (``guard``), or the code around them
    (``python``: arguments in, results out)."""

    kind: str
    name: str = ""  # the SIR's name, or the frame looked up
    ms: float = 0.0  # per call (the median over the calls)
    share: float = 0.0
    lines: List[int] = field(default_factory=list)
    reason: str = ""
    line: Optional[int] = None  # the break's line (dygraph)
    num_ops: Optional[int] = None
    resumed: bool = False  # ``name`` is the user's function, and the frame the rest of it after a break

    def shown_name(self, lang: Optional[str] = None) -> str:
        """The name a view shows: ``SIR_3``, ``forward``, or ``forward (resumed)`` in
        ``lang`` for the frame SOT made of the code after a break (never SOT's own name)."""
        return t("sot.function_resumed", lang, function=self.name) if self.resumed else self.name


@dataclass
class BreakCost(catalogue.OfCatalogue):
    """A graph break (or fallback) and the time per call spent in dygraph because of it."""

    line: Optional[int]
    reason: str
    message: str = ""
    code: str = ""  # the line's source
    file: str = ""
    function: str = ""
    kind: str = "break"
    ms: float = 0.0
    share: float = 0.0


@dataclass
class WhatIf:
    """One way to run the function, timed side by side with the others on the same inputs."""

    path: str  # "dygraph", "sot", "sot_min0", "ast"
    ms: Optional[float] = None  # median per call
    runs: int = 0
    ok: Optional[bool] = None  # outputs equal to dygraph's (None: the reference)
    max_abs_diff: Optional[float] = None
    note: str = ""  # why it was not timed

    @property
    def label(self) -> str:
        return t(PATH_LABELS[self.path])


def _same_file(a: str, b: str) -> bool:
    return a == b or os.path.realpath(a) == os.path.realpath(b)


@dataclass
class ProfileResult:
    """Where the time of one call goes. ``mode`` is the path profiled ("ast" or "sot")."""

    name: str
    mode: str
    device: str = "cpu"
    train: bool = False  # a training step (forward, backward, an SGD update) was profiled
    calls: int = 0  # profiled calls
    plain_ms: Optional[float] = None  # median per call, without the profiler
    profiled_ms: Optional[float] = None  # mean per call, under the profiler (the op shares' whole)
    clocked_ms: Optional[float] = None  # SOT: the segments' whole, each the median per call with the subgraphs clocked
    ops: List[OpRow] = field(default_factory=list)
    lines: List[TimeRow] = field(default_factory=list)
    layers: List[TimeRow] = field(default_factory=list)
    segments: List[Segment] = field(default_factory=list)
    breaks: List[BreakCost] = field(default_factory=list)
    whatif: List[WhatIf] = field(default_factory=list)
    advice: List[str] = field(default_factory=list)
    notes: List[str] = field(default_factory=list)
    events: int = 0  # op events the profiler recorded
    paddle_version: str = ""
    budget_s: Optional[float] = None
    elapsed_s: Optional[float] = None
    source_file: str = ""
    source_first_line: int = 0  # the profiled function's first line in ``source_file``
    source_lines: List[str] = field(default_factory=list)  # its source, as written (the listing)
    input_shapes: List[list] = field(default_factory=list)
    # seconds each stage of the profile took: "convert" (when it converted), "warmup",
    # "plain", "profiled", "read" (the profiler's stop and its events read), "attribute",
    # "check" (the conversion's own path against one dygraph call), "convert_<path>" (a
    # what-if path's conversion, first call and check), "whatif" (the paths' rounds)
    stages: Dict[str, float] = field(default_factory=dict)
    program: Any = field(default=None, repr=False)  # the Program's Graph the ops were matched to (AST path)
    # the default path: each compiled subgraph's Graph by name ("SIR_0"), and its ops' time
    # per call by op id (what ``graph()`` draws)
    subgraphs: Dict[str, Any] = field(default_factory=dict, repr=False)
    subgraph_ms: Dict[str, Dict[int, float]] = field(default_factory=dict, repr=False)

    @property
    def overhead(self) -> Optional[float]:
        """How much longer a call took under the profiler (0.25: 25 % longer)."""
        if not self.plain_ms or self.profiled_ms is None:
            return None
        return self.profiled_ms / self.plain_ms - 1

    def overhead_line(self, lang: Optional[str] = None) -> str:
        """The plain and profiled time per call in one sentence; where the profiled calls
        came out no slower, says so rather than a negative cost ("" without both times)."""
        if self.overhead is None:
            return ""
        # on the default path the plain calls carry the subgraphs' clocks
        key = {(False, False): "profile.overhead", (True, False): "profile.overhead_none",
               (False, True): "profile.overhead_sot", (True, True): "profile.overhead_none_sot"}[
            (self.overhead < 0, bool(self.segments))]
        return t(key, lang, plain=f"{self.plain_ms:.3f}", profiled=f"{self.profiled_ms:.3f}",
                 pct=f"{self.overhead * 100:+.0f}")

    def took(self, lang: Optional[str] = None) -> str:
        """One line: how long the profile took, and its stages (the longest first)."""
        if self.elapsed_s is None:
            return ""
        parts = ", ".join(f"{t(STAGES[k], lang)} {s:.1f} s"
                          for k, s in sorted(self.stages.items(), key=lambda kv: -kv[1]) if s >= 0.05 and k in STAGES)
        if not parts:
            return t("profile.took", lang, took=duration(self.elapsed_s))
        return t("profile.stages", lang, took=duration(self.elapsed_s), parts=parts)

    def path(self, name: str) -> Optional[WhatIf]:
        return next((w for w in self.whatif if w.path == name), None)

    def line_time(self) -> Dict[int, TimeRow]:
        """The profiled function's own lines that took time: line number -> its row (the
        listing's heat; lines of other files, a sub-layer's say, are in :attr:`lines`)."""
        last = self.source_first_line + len(self.source_lines) - 1
        return {r.line: r for r in self.lines
                if not r.other and r.line is not None and self.source_first_line <= r.line <= last
                and (not r.file or not self.source_file or _same_file(r.file, self.source_file))}

    def top_ops(self, n: int = 8) -> List[OpRow]:
        return sorted(self.ops, key=lambda r: -r.ms)[:n]

    def table(self, lang: Optional[str] = None) -> str:
        """Plain text: the ops (or segments and breaks), the paths, the advice."""
        out = []
        if self.segments:
            out.append(t("profile.h_segments", lang))
            for s in self.segments:
                where = t("profile.at_line", lang, line=s.line) + ": " if s.line else ""
                out.append(f"  {t(KINDS[s.kind], lang):10} {s.name[:28]:28} {s.ms:9.3f} ms "
                           f"{s.share * 100:5.1f} %  {where}{s.reason}")
        if self.breaks:
            out.append(t("profile.h_breaks", lang))
            for b in self.breaks:
                out.append(f"  {t('profile.at_line', lang, line=b.line or '-'):12} {b.reason[:36]:36} "
                           f"{b.ms:9.3f} ms {b.share * 100:5.1f} %" + (f"  {b.id}: {b.fix(lang)}" if b.id else ""))
        if self.ops:
            out.append(t("profile.h_ops", lang))
            for r in self.top_ops(15):
                op = t("profile.other_row", lang) if r.other else r.op
                line = "-" if r.line is None else r.line
                out.append(f"  {op[:24]:24} {r.layer[:28]:28} {line!s:>5} {r.ms:9.3f} ms {r.share * 100:5.1f} %")
        if self.whatif:
            out.append(t("profile.h_whatif", lang))
            for w in self.whatif:
                ms = "-" if w.ms is None else f"{w.ms:9.3f} ms"
                check = "" if w.ok is None else (t("profile.same", lang) if w.ok else t("profile.differs", lang))
                out.append(f"  {t(PATH_LABELS[w.path], lang):34} {ms:>12} {check} {w.note}")
        return "\n".join(out)

    def __str__(self) -> str:
        head = t("profile.head", name=self.name, mode=t(MODES[self.mode]), device=self.device,
                 calls=self.calls, version=self.paddle_version) + (t("profile.train_head") if self.train else "")
        lines = [head]
        if self.overhead is not None:
            lines.append(self.overhead_line())
        if self.clocked_ms is not None:
            lines.append(t("profile.clocked", ms=f"{self.clocked_ms:.3f}"))
        lines += self.notes
        if self.elapsed_s is not None:
            lines.append(self.took())
        lines.append(self.table())
        lines += self.advice
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<ProfileResult {self.name} [{self.mode}] {self.calls} calls>"

    def _repr_html_(self) -> str:
        return display.html(self)

    def graph(self, depth=None, subgraph: Optional[str] = None, **options):
        """The Program (AST path), or a compiled subgraph (default path: ``subgraph``, its
        name as in ``segments``, "SIR_0"; default the costliest), drawn with each op filled
        by its share of a call, the scale in ms in the title and each op's ms per call in
        its tooltip: a GraphView, as ``Conversion.graph`` gives. ``depth``: every op
        (``"all"``) where the graph has up to 200 ops, else the top-level layers (1); at a
        ``depth`` that collapses layers, a layer is filled by its ops' share together.
        Options: as ``Conversion.graph``."""
        return display.profile_graph(self, depth=depth, subgraph=subgraph, **options)

    drawing = graph  # the name it had first
