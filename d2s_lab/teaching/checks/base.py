"""The plumbing every check shares: the outcome of one check (:class:`CheckLine`), how a
check says it did not pass (:class:`Fail`) or could not run (:class:`Skip`), and
:class:`CheckBase`, which runs a check, records its sentence and keeps the verdict.

The checks themselves are grouped by what they read, one module each (conversion, SOT,
calls, saved model, benchmark, values); :class:`~.expectation.Expectation` puts them
together.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional

from d2s_lab.text.lang import get_lang
from d2s_lab.teaching.checks.words import safe_repr, say

PASS, FAIL, SKIP = "pass", "fail", "skip"
PARTIAL = "partial"


@dataclass
class CheckLine:
    """One check's outcome: ``status`` is ``pass``, ``fail`` or ``skip``; ``message``
    is one sentence in the lab's language."""

    check: str
    status: str
    message: str


class Fail(Exception):
    """Raised inside a check that did not pass: the sentence ``labs.<key>`` with its
    parameters says why."""

    def __init__(self, key: str, **params):
        super().__init__(key)
        self.key, self.params = key, params


class Skip(Fail):
    """Raised inside a check that cannot be answered here (this Paddle, this CPU): it
    reads "not checked" and does not fail the box."""


class Missing:
    """What ``expect("name")`` holds when the notebook has no such name."""

    def __init__(self, name: str):
        self.name = name


def type_name(obj) -> str:
    return "None" if obj is None else type(obj).__name__


def is_conversion(obj) -> bool:
    return hasattr(obj, "original_source") and hasattr(obj, "static_function") and hasattr(obj, "drawn_graph")


def is_saved(obj) -> bool:
    return hasattr(obj, "graph") and hasattr(obj, "files") and hasattr(obj, "methods") and hasattr(obj, "format")


def is_bench(obj) -> bool:
    return hasattr(obj, "rows") and hasattr(obj, "batches") and hasattr(obj, "skipped")


def is_profile(obj) -> bool:
    return hasattr(obj, "segments") and hasattr(obj, "whatif") and hasattr(obj, "breaks") and hasattr(obj, "lines")


def major(version: str) -> Optional[int]:
    """The major number of a Paddle version (``"3.3.1"`` -> 3), None when unreadable."""
    head = str(version or "").split(".")[0]
    if not head.isdigit():
        return None
    number = int(head)
    return 3 if number == 0 else number  # develop builds report 0.0.0 and are Paddle 3 code


def given(value) -> str:
    """The student's answer as text; a friendly failure when it is missing or empty."""
    if isinstance(value, Missing):
        raise Fail("missing", name=value.name)
    text = str(value if value is not None else "").strip()
    if not text:
        raise Fail("answer_empty")
    return text


class CheckBase:
    """Runs checks on one result and keeps their outcomes (see
    :class:`~.expectation.Expectation`, which adds the checks)."""

    def __init__(self, obj, label: str, lang: Optional[str] = None, problem: Optional[tuple] = None):
        self._obj = obj
        self.label = label
        try:  # fixed when the checks run: the box reads the same after %d2s_lang changes
            self._lang = get_lang(lang)
        except Exception:
            self._lang = "en"
        self.lines: List[CheckLine] = []
        self._blocked = False
        self._min_major: Optional[int] = None
        if problem is not None:
            key, params = problem
            self._record("expect", FAIL, key, params)
            self._blocked = True

    @property
    def lang(self) -> str:
        try:
            return get_lang(self._lang)
        except Exception:
            return "en"

    @property
    def verdict(self) -> str:
        """``"pass"``, ``"fail"`` or ``"partial"`` (nothing failed, something not checked)."""
        statuses = {c.status for c in self.lines}
        if FAIL in statuses or PASS not in statuses:
            return FAIL
        return PARTIAL if SKIP in statuses else PASS

    @property
    def passed(self) -> bool:
        """Every check passed."""
        return self.verdict == PASS

    def _record(self, check: str, status: str, key: str, params: dict) -> None:
        try:
            message = say(key, self.lang, **params)
        except Exception:  # a bad placeholder must not hide the verdict
            message = key
        self.lines.append(CheckLine(check, status, message))

    def _run(self, check: str, fn, gate: bool = False):
        if self._blocked:
            self._record(check, SKIP, "blocked", {})
            return self
        if self._min_major is not None:
            version = self._paddle_version()
            got = major(version)
            if got is not None and got < self._min_major:
                self._record(check, SKIP, "old_paddle", {"version": version, "major": self._min_major})
                return self
        try:
            key, params = fn()
            self._record(check, PASS, key, params)
        except Skip as skip:
            self._record(check, SKIP, skip.key, skip.params)
        except Fail as fail:
            self._record(check, FAIL, fail.key, fail.params)
            if gate:
                self._blocked = True
        except Exception as exc:  # never a traceback in a student's face
            self._record(check, FAIL, "internal", {"what": f"{type(exc).__name__}: {str(exc)[:160]}"})
            if gate:
                self._blocked = True
        return self

    def _paddle_version(self) -> str:
        for obj in (self._obj, getattr(self._obj, "conversion", None)):
            v = getattr(obj, "paddle_version", "") if obj is not None else ""
            if v:
                return str(v)
        try:
            from d2s_lab.core.paddle_compat import paddle_version

            return paddle_version()
        except Exception:
            return ""

    def __getattr__(self, name: str):
        if name.startswith("_"):
            raise AttributeError(name)

        def unknown(*_args, **_kwargs):
            self._record(name, FAIL, "unknown_check", {"check": name})
            return self

        return unknown

    def _need(self, test, need_key: str):
        if not test(self._obj):
            raise Fail("wrong_kind", need=say(need_key, self.lang), name=self.label, got=type_name(self._obj))
        return self._obj

    def _conversion(self):
        return self._need(is_conversion, "need_conversion")

    def _graph(self):
        obj = self._obj
        if is_saved(obj):
            return obj.graph
        conv = self._conversion()
        if conv.drawn_graph is None:
            raise Fail("sot_no_program" if conv.mode == "sot" and conv.error is None else "no_program")
        return conv.drawn_graph

    # -- version gate ------------------------------------------------------------------
    def on_paddle(self, major: int):
        """The checks after this one need Paddle ``major`` (e.g. 3) or newer; on an older
        Paddle they read "not checked" with the reason instead of failing."""
        try:
            self._min_major = int(major)
        except (TypeError, ValueError):
            self._record("on_paddle", FAIL, "internal", {"what": f"on_paddle({safe_repr(major)})"})
        return self
