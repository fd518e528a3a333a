"""What SOT did with a function, as plain data: each graph break and its reason, each
frame that fell back to dygraph, and the subgraphs it built (static or sent back to
dygraph for being small)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from d2s_lab.core import display
from d2s_lab.core.frames import display_file
from d2s_lab.core.sot import breaks as catalogue
from d2s_lab.core.sot_text import is_resume
from d2s_lab.text import t


@dataclass
class GraphBreak(catalogue.OfCatalogue):
    """One place where SOT could not keep tracing into the same graph.

    ``kind`` is ``"break"`` (the frame was split there; the rest went on in
    new subgraphs), ``"fallback"`` (the whole frame ran in dygraph) or ``"skipped"``
    (Paddle did not translate the frame at all, saying nothing; ``reason`` says why).
    ``function`` is the user's function; ``resumed``: the break is in the rest of it, the
    frame SOT made of the code after an earlier break (:meth:`shown_function` words it).
    """

    reason: str  # Paddle's reason class, e.g. "DataDependencyOperationBreak"
    message: str
    kind: str = "break"
    file: str = ""
    line: Optional[int] = None
    function: str = ""
    resumed: bool = False
    code: str = ""

    @property
    def where(self) -> str:
        """``cell[3] line 7``, in the language in force ("" without a line)."""
        return t("report.line_of", file=display_file(self.file), line=self.line) if self.file and self.line else ""

    def shown_function(self, lang: Optional[str] = None) -> str:
        """The function as a view names it, in ``lang`` (default: the language in force):
        ``f``, or ``f (resumed)`` for the rest of ``f`` after an earlier break."""
        if self.resumed and self.function:
            return t("sot.function_resumed", lang, function=self.function)
        return self.function


@dataclass
class Subgraph:
    """One graph SOT built: its name, op count, (when drawn) its Graph, and whether Paddle
    runs it as a static program (``runs_static``) or, being smaller than
    ``MIN_GRAPH_SIZE``, sends it back to dygraph."""

    name: str
    num_ops: int
    graph: Any = None
    lines: List[int] = field(default_factory=list)  # user lines its ops come from
    runs_static: bool = True
    code_fn: Any = field(default=None, repr=False, compare=False)
    _code: Optional[tuple] = field(default=None, repr=False, compare=False)

    def _made(self) -> tuple:
        if self._code is None:
            made = self.code_fn() if self.code_fn is not None else ("", "")
            self._code = made if isinstance(made, tuple) else (made, "")
        return self._code

    @property
    def code(self) -> str:
        """The subgraph as runnable Python, as ``SOT_EXPORT=DIR`` writes it (made on first
        use); where Paddle cannot export it, its statement IR under a comment saying why."""
        text = self._made()[0]
        return "".join(f"# {ln}\n" for ln in self.export_note.splitlines()) + text

    @property
    def exported(self) -> str:
        """:attr:`code` without the comment (a report says why once for all subgraphs)."""
        return self._made()[0]

    @property
    def export_error(self) -> Optional[str]:
        """Paddle's error where its exporter could not write this subgraph ("" when it
        could; None when this Paddle has no exporter)."""
        return self._made()[1]

    @property
    def export_note(self) -> str:
        """Why :attr:`code` is the statement IR, in words ("" when it is Python)."""
        error = self.export_error
        if error is None:
            return t("sot.no_exporter")
        return t("sot.export_failed", error=error) if error else ""

    @property
    def code_made(self) -> bool:
        """Whether :attr:`code` has been made (it is made when first asked for)."""
        return self._code is not None


@dataclass
class SotFrame:
    """One code object SOT translated during the run: the user's function, or a resume
    function (the code after a graph break, which SOT translates when it is called).

    ``translated_source`` is what SOT runs instead of the frame, as Python
    (``decompiled``) or, where the decompiler fails, a bytecode listing. ``guards`` are
    the conditions a later call must meet to reuse it (``x.shape[0] == 4``); a call that
    fails one translates the frame again. ``resumes`` names the resume functions its code
    calls, and ``made_by`` is the graph break that made this frame (None for the user's
    own). ``dygraph``: SOT runs the frame as written (it fell back)."""

    name: str  # readable: "f", "resume_0_f"
    code_name: str  # SOT's: "f", "$resume_0@f_af1a0"
    file: str = ""
    first_line: int = 0
    original_source: str = ""
    translated_source: str = ""
    decompiled: bool = False
    guards: List[str] = field(default_factory=list)
    resumes: List[str] = field(default_factory=list)
    made_by: Optional[GraphBreak] = None
    dygraph: bool = False

    @property
    def is_resume(self) -> bool:
        """A resume function (the code after a graph break), not the user's own frame."""
        return is_resume(self.code_name)


@dataclass
class SotReport:
    """Graph breaks, fallbacks and subgraphs of the SOT run Paddle made, with the
    settings in force (``min_graph_size``), and, when asked for, what AST mode says."""

    name: str
    available: bool = True
    message: str = ""  # why the report is empty or partial
    breaks: List[GraphBreak] = field(default_factory=list)
    subgraphs: List[Subgraph] = field(default_factory=list)
    frames: List[SotFrame] = field(default_factory=list)  # what SOT runs instead of each frame
    frames_translated: int = 0
    run_s: float = 0.0
    frames_s: float = 0.0  # reading the translated frames (decompiling, guards) after the run
    error: Any = None  # an ErrorReport when the SOT run itself failed
    ast_ok: Optional[bool] = None  # None: AST mode not tried (see compare_ast)
    ast_ops: Optional[int] = None
    ast_error: Any = None  # an ErrorReport when AST mode fails
    paddle_version: str = ""
    min_graph_size: Optional[int] = None  # Paddle's MIN_GRAPH_SIZE during the run
    settings: dict = field(default_factory=dict)  # SOT switches the user set (env)
    ast_runner: Any = field(default=None, repr=False, compare=False)  # what compare_ast runs
    # the break that made each resume function SOT generated, by SOT's name of it
    # (``$resume_1@f_7902e``), whether the run translated it or a later call first reaches it
    break_of: Dict[str, GraphBreak] = field(default_factory=dict, repr=False, compare=False)

    @property
    def fallbacks(self) -> List[GraphBreak]:
        return [b for b in self.breaks if b.kind in ("fallback", "skipped")]

    @property
    def static_subgraphs(self) -> List[Subgraph]:
        """The subgraphs Paddle runs as static programs."""
        return [s for s in self.subgraphs if s.runs_static]

    @property
    def full_graph(self) -> bool:
        """One subgraph, run as a static program, no break, no fallback: SOT captured the
        whole function in one graph."""
        return (self.available and not self.breaks and len(self.subgraphs) == 1
                and self.subgraphs[0].runs_static and self.error is None)

    def compare_ast(self) -> "SotReport":
        """Convert the same function in AST mode (``full_graph=True``) and record whether it
        converts (``ast_ok``, ``ast_ops``, ``ast_error``). Done on request only: it traces
        the function once more. Returns this report."""
        if self.ast_runner is not None and self.ast_ok is None:
            self.ast_runner(self)
        return self

    def summary(self) -> str:
        """One line: subgraphs and their ops, breaks, fallbacks, and what AST mode says."""
        if not self.available:
            return t("sot.summary_unavailable", name=self.name, message=self.message)
        ast = (t("sot.summary_ast_ok") if self.ast_ok else
               t("sot.summary_ast_fails", error=self.ast_error.exc_type) if self.ast_error is not None
               else t("sot.summary_ast_not_tried"))
        dygraph = len(self.subgraphs) - len(self.static_subgraphs)
        return t("sot.summary", name=self.name, n=len(self.subgraphs),
                 ops=", ".join(str(s.num_ops) for s in self.subgraphs) or "-",
                 dygraph=t("sot.summary_dygraph", n=dygraph) if dygraph else "",
                 breaks=len([b for b in self.breaks if b.kind == "break"]), fallbacks=len(self.fallbacks), ast=ast)

    def __repr__(self) -> str:
        return f"<SotReport {self.summary()}>"

    def _repr_html_(self) -> str:
        return display.html(self)
