"""``diagnose``: turn a failed conversion into a short, plain :class:`ErrorReport`.

The report answers: what went wrong, on which line of the user's cell or file
(numbered as the notebook shows it), and, for the causes people hit most, what to do
about it (:mod:`~d2s_lab.core.diagnosis.hints`).
"""
from __future__ import annotations

import linecache
import re
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from d2s_lab.core import display
from d2s_lab.core.diagnosis.hints import classify, hint_text
from d2s_lab.core.diagnosis.probe import (layer_shape_facts, library_facts, loop_exit_if_line, loop_with_return_line,
                                          reparse_line, target_location)
from d2s_lab.core.diagnosis.unwrap import error_frames, format_error, unwrap
from d2s_lab.core.frames import display_file, error_gist, hide_temp_files
from d2s_lab.text import t

CONTEXT = 2  # lines shown before and after the failing line


@dataclass
class CodeLine:
    """One numbered source line; ``is_error`` marks the failing one."""

    number: int
    text: str
    is_error: bool = False


def where_text(file: str, line, lang: Optional[str] = None) -> str:
    """``cell[3] line 7`` in ``lang`` (``cell[3] 第 7 行``); "" when unknown."""
    if line is None or not file:
        return ""
    return t("hints.report.line", lang, file=display_file(file), line=line)


def specific_text(facts: Dict[str, Any], lang: Optional[str] = None) -> str:
    """The sentence about one error's specifics (``ErrorReport.facts``) in ``lang``; ""."""
    if facts and facts.get("kind") == "library":
        return library_text(facts, lang)
    if not facts or facts.get("kind") != "layer-shape":
        return ""
    f = dict(facts)
    f["unit"] = t(f"hints.specific.{f['unit']}", lang)
    where = where_text(f.get("ctor_file", ""), f.get("ctor_line"), lang)
    out = t("hints.specific.head", lang, at=t("hints.specific.at", lang, where=where) if where else "", **f)
    via = ""
    if f.get("via_name"):
        via = t("hints.specific.via", lang, via_name=f["via_name"],
                where=where_text(f.get("via_file", ""), f.get("via_line"), lang))
    if f.get("factors"):
        out += t("hints.specific.origin", lang, factors=f["factors"], shape=f["source_shape"],
                 src=f["source_layer"], via=via)
    elif f.get("via_name"):
        out += t("hints.specific.origin_via", lang, via_name=f["via_name"],
                 where=where_text(f.get("via_file", ""), f.get("via_line"), lang))
    out += t("hints.specific.fix_linear" if f.get("fix") else "hints.specific.fix", lang, **f)
    return out


def library_text(facts: Dict[str, Any], lang: Optional[str] = None) -> str:
    """The sentences about an error inside an installed library's code: its line, the
    user's line that called it, and what SOT mode does with it."""
    lib_where = where_text(facts["lib_file"], facts["lib_line"], lang)
    sot_run = facts.get("mode") == "sot"  # SOT translated the library's code and failed there
    out = t("hints.library.where_sot" if sot_run else "hints.library.where", lang, library=facts["library"],
            where=lib_where, code=facts.get("lib_code") or "")
    if facts.get("user_line"):
        out += " " + t("hints.library.caller", lang, where=where_text(facts["user_file"], facts["user_line"], lang))
    if sot_run:
        return out + " " + t("hints.library.ast_try", lang)
    sot = facts.get("sot")
    key = {True: "hints.library.sot_ok", False: "hints.library.sot_fails"}.get(sot, "hints.library.sot_try")
    return out + " " + t(key, lang)


@dataclass
class ErrorReport:
    """A failed conversion, explained.

    ``line`` is numbered as the notebook cell (or the file) shows it;
    ``context`` holds a few numbered lines around it; ``transformed`` the
    matching lines of the code Paddle generated, when they are known;
    ``hint_id``/``hint`` name a known cause and what to do (``hint`` in the language
    current when diagnosed; :meth:`hint_for` gives either); ``facts`` the specifics
    found for this error (for a layer's shape mismatch: the layer, its constructor and
    line, expected and actual sizes, where the actual one came from);
    ``original_text`` is Paddle's full text, traceback included.
    """

    exc_type: str
    message: str
    stage: str = ""  # "convert", "run" or "" when unknown
    mode: str = ""
    file: str = ""
    line: Optional[int] = None
    function: str = ""
    code: str = ""  # the failing line's text
    context: List[CodeLine] = field(default_factory=list)
    transformed: List[CodeLine] = field(default_factory=list)
    transformed_file: str = ""
    hint_id: str = ""
    hint: str = ""
    original_text: str = ""
    name: str = ""  # the converted model's name
    facts: Dict[str, Any] = field(default_factory=dict)
    stopped: bool = False  # d2s_lab stopped a trace or run (budget, Interrupt): its words, not Paddle's

    @property
    def where(self) -> str:
        """``cell[3] line 7`` (or ``model.py line 12``); "" when unknown."""
        if self.line is None or not self.file:
            return ""
        return f"{display_file(self.file)} line {self.line}"

    def where_in(self, lang: Optional[str] = None) -> str:
        """:attr:`where` in ``lang`` (default: the current language)."""
        return where_text(self.file, self.line, lang)

    def specific(self, lang: Optional[str] = None) -> str:
        """The sentence about this very error (e.g. which layer gets which shape); ""."""
        return specific_text(self.facts, lang)

    def hint_for(self, lang: Optional[str] = None) -> str:
        """The hint in ``lang``: the specific sentence (when known), then the general text."""
        general = hint_text(self.hint_id, lang)
        specific = self.specific(lang)
        text = f"{specific} {general}".strip() if specific else general
        made = (self.facts or {}).get("random_inputs")
        if made:  # the run's inputs were made up from the specs: sizes that may not fit together
            text = f"{text} {t('hints.random_inputs', lang, inputs=', '.join(made))}".strip()
        return text

    def __str__(self) -> str:
        parts = [f"{self.exc_type}: {self.message}"]
        if self.where:
            parts.append(f"  {t('hints.report.at')} {self.where_in()}: {self.code.strip()}")
        if self.hint_id:
            parts.append(f"  {t('hints.report.hint')} [{self.hint_id}]: {self.hint_for()}")
        return "\n".join(parts)

    def _repr_html_(self) -> str:
        return display.html(self)


def _context(filename: str, line: int, around: int = CONTEXT) -> List[CodeLine]:
    lines = linecache.getlines(filename)
    if not lines or line < 1 or line > len(lines):
        return []
    lo, hi = max(1, line - around), min(len(lines), line + around)
    return [CodeLine(n, lines[n - 1].rstrip("\n"), n == line) for n in range(lo, hi + 1)]


def diagnose(exc, conversion=None) -> ErrorReport:
    """Explain a failed conversion: type, plain message, the user's line, a hint.

    ``exc`` is a :class:`~d2s_lab.errors.ConversionError` (from
    :func:`~d2s_lab.convert`), or any exception Paddle raised while converting
    or running a static function (SOT's ``InnerError`` is unwrapped).  Line
    numbers are those the notebook cell (or file) shows.  Never raises.
    """
    try:
        return _diagnose(exc, conversion)
    except Exception as inner:  # a report must never hide the user's error
        return ErrorReport(type(exc).__name__, str(exc)[:500],
                           original_text=format_error(exc) + f"\n(d2s_lab could not analyse it: {inner!r})")


def _diagnose(exc, conversion) -> ErrorReport:
    err, stage, conv, wrappers = unwrap(exc)
    conversion = conversion if conversion is not None else conv
    prefer = conversion.source_file if conversion is not None else ""
    text = str(err)
    rep = ErrorReport(
        exc_type=type(err).__name__,
        message=hide_temp_files(error_gist(err)),
        stage=stage,
        mode=conversion.mode if conversion is not None else "",
        name=conversion.name if conversion is not None else "",
    )
    rep.original_text = hide_temp_files("\n".join(wrappers + [format_error(err)]).strip())

    users, transformed = error_frames(err, wrappers, prefer, getattr(conversion, "sot_call_breaks", None))
    loc = users[-1] if users else None
    if loc is None and ("source" in text.lower() or isinstance(err, (OSError, IndexError))):
        loc = target_location(conversion)
    if loc is not None:
        _set_line(rep, loc[0], int(loc[1]), loc[2])
    if transformed:
        tfile, tline = transformed[-1].file, transformed[-1].line
        rep.transformed_file = tfile
        rep.transformed = _context(tfile, tline, around=1)
    specs = conversion.input_specs if conversion is not None else None
    rep.hint_id = classify(rep.exc_type, text + "\n" + "\n".join(wrappers), rep.code, specs)
    if rep.line is None and conversion is not None:
        # errors that name no line of the user's: find it in the source
        found = None
        if rep.hint_id == "reparse-syntax":
            found = reparse_line(conversion)
        elif rep.hint_id == "return-in-loop":
            found = loop_with_return_line(conversion)
        if found is not None:
            _set_line(rep, found.file, found.line, getattr(conversion.target, "__name__", ""))
    if rep.hint_id == "loop-pred-tensor":
        # Paddle names the loop's last traced line: the `if` that leaves the loop caused it
        exit_if = loop_exit_if_line(rep.file, rep.line)
        if exit_if is not None:
            _set_line(rep, rep.file, exit_if, rep.function)
    if rep.hint_id in ("shape-mismatch", "reshape-size", "reshape-dynamic-dim"):
        try:
            rep.facts = layer_shape_facts(rep, conversion, text)
        except Exception:  # only a sharper hint; the general one stands
            rep.facts = {}
    if not rep.facts and not rep.hint_id and rep.mode in ("ast", "sot", ""):
        try:
            rep.facts = library_facts(users, err)
        except Exception:  # only a sharper hint
            rep.facts = {}
        if rep.facts:
            rep.hint_id = "library-code"
            rep.facts["mode"] = rep.mode or "ast"
    rep.hint = rep.hint_for() if rep.hint_id or rep.facts else ""
    _message_names_report_line(exc, rep)
    return rep


_AT_END = re.compile(r"\s*\(at [^()]*\)\s*$")


def _message_names_report_line(exc, rep: ErrorReport) -> None:
    """Make a ConversionError's one-line message name the line its report names (Paddle's
    text can name another line, or Paddle's re-parsed copy ``<unknown> line 1``)."""
    message = getattr(exc, "message", None)
    if type(exc).__name__ != "ConversionError" or not isinstance(message, str):
        return
    base = _AT_END.sub("", message)
    fixed = f"{base} (at {rep.where})" if rep.where else base
    if fixed != message:
        exc.message = fixed
        exc.args = (fixed,) + tuple(exc.args[1:])


def _set_line(rep: ErrorReport, file: str, line: int, function: str = "") -> None:
    rep.file, rep.line, rep.function = file, int(line), function or rep.function
    rep.context = _context(rep.file, rep.line)
    rep.code = next((c.text for c in rep.context if c.is_error), "")


def point_at(err, filename: str, line: int) -> None:
    """Point a diagnosed ConversionError (its report and its one-line message) at
    ``filename`` line ``line``: where a run or a trace was when it was stopped."""
    attach_line(err.report, filename, line)
    _message_names_report_line(err, err.report)
    err.report.message = err.message
    err.report.stopped = True


def attach_line(report: ErrorReport, filename: str, line: int) -> None:
    """Point ``report`` at ``filename`` line ``line`` (with its context), when the error
    itself names no user line (e.g. a run stopped from outside)."""
    report.file, report.line = filename, int(line)
    report.context = _context(filename, report.line)
    report.code = next((c.text for c in report.context if c.is_error), "")

