"""The self-check a lab's check cell builds: :class:`Expectation`, made by :func:`expect`
or :func:`expect_saved`, with every check of :mod:`.conversion`, :mod:`.sot`,
:mod:`.calls`, :mod:`.saved`, :mod:`.bench`, :mod:`.profile` and :mod:`.values`; shown as the box of
:mod:`.box` with its JSON record (:mod:`.record`) beside it.
"""
from __future__ import annotations

import os
from typing import Optional

from d2s_lab.teaching.checks.base import (FAIL, PASS, SKIP, CheckBase, CheckLine, Missing, is_bench, is_conversion,
                                          is_profile)
from d2s_lab.teaching.checks.bench import BenchChecks
from d2s_lab.teaching.checks.box import box_html, box_text, failure_text
from d2s_lab.teaching.checks.calls import CallChecks
from d2s_lab.teaching.checks.conversion import ConversionChecks
from d2s_lab.teaching.checks.history import in_kernel, lookup, why_missing
from d2s_lab.teaching.checks.record import CHECK_MIME, check_record
from d2s_lab.teaching.checks.profile import ProfileChecks
from d2s_lab.teaching.checks.saved import SavedChecks
from d2s_lab.teaching.checks.sot import SotChecks
from d2s_lab.teaching.checks.values import ValueChecks
from d2s_lab.teaching.checks.words import say
from d2s_lab.viz.html import esc


class Expectation(ConversionChecks, SotChecks, CallChecks, SavedChecks, BenchChecks, ProfileChecks, ValueChecks,
                  CheckBase):
    """The checks run on one result, shown together as a self-check box.

    Made by :func:`expect` or :func:`expect_saved`. Each check method records one
    :class:`CheckLine` and returns the Expectation, so checks chain. After a failed
    basic check (the exercise's result is missing, the conversion failed, the model
    file is absent) the rest read "not checked yet". ``verdict`` is ``"pass"`` (every
    check passed), ``"fail"`` (one failed) or ``"partial"`` (none failed, some could not
    be checked on this Paddle); ``lines`` holds the outcomes.

    In a notebook it shows as the box (HTML) with its result as data beside it, the
    JSON mimetype ``application/vnd.d2s-lab.check+json`` (:meth:`record`); the text
    form is the box's sentences.
    """

    # -- grading (nbgrader) ---------------------------------------------------------------
    def graded(self) -> None:
        """For an autograded test cell (``d2s-lab labs --nbgrader``): show the box; under
        nbgrader's own run (autograde, validate: ``NBGRADER_EXECUTION`` is set) raise
        :class:`CheckNotPassed` (an ``AssertionError``) with the box's sentences when a
        check did not pass, which fails the test cell and scores it. In the student's
        own kernel the box is all: "Run All" goes on to the next exercise. When none
        failed, nothing more. Checks this Paddle cannot answer do not fail the cell."""
        try:
            from IPython.display import display

            display(self)
        except Exception:  # no IPython: the exception below still carries the message
            pass
        if self.verdict == FAIL and (os.environ.get("NBGRADER_EXECUTION") or not in_kernel()):
            raise CheckNotPassed(failure_text(self))

    # -- display -------------------------------------------------------------------------
    def summary(self) -> str:
        """The verdict in one sentence."""
        lang = self.lang
        n = len(self.lines)
        p = sum(1 for c in self.lines if c.status == PASS)
        s = sum(1 for c in self.lines if c.status == SKIP)
        if not n:
            return say("nothing", lang)
        verdict = self.verdict
        if verdict == "partial":
            return say("pass_some_skipped", lang, p=p, s=s)
        if verdict == PASS:
            return say("one_pass", lang) if p == 1 else say("all_pass", lang, n=p)
        return say("not_yet", lang, p=p, n=n)

    def record(self) -> dict:
        """The result as data: ``{"exercise", "verdict", "lang", "summary", "items":
        [{"check", "verdict", "ok", "message"}]}``, the messages in the language the
        checks ran in (see :mod:`d2s_lab.teaching.checks.record`)."""
        return check_record(self)

    def __repr__(self) -> str:
        try:
            return box_text(self)
        except Exception:
            return f"<Expectation {self.label}>"

    def _repr_html_(self) -> str:
        try:
            return box_html(self)
        except Exception:
            return f"<pre>{esc(repr(self))}</pre>"

    def _repr_mimebundle_(self, include=None, exclude=None):
        # The box and its record travel together, so a saved notebook can be read without
        # parsing HTML; text/plain comes from __repr__ as for any object.
        bundle = {"text/html": self._repr_html_()}
        try:
            bundle[CHECK_MIME] = self.record()
        except Exception:  # the box still shows
            pass
        if include:
            bundle = {k: v for k, v in bundle.items() if k in include}
        if exclude:
            bundle = {k: v for k, v in bundle.items() if k not in exclude}
        return bundle


class CheckNotPassed(AssertionError):
    """A self-check that did not pass, raised by :meth:`Expectation.graded` for nbgrader.
    Its message is the box's sentences in the lab's language; in a notebook it shows as
    that message alone, without a traceback."""

    def _render_traceback_(self):
        return [f"{type(self).__name__}: {self}"]


def expect(obj, lang: Optional[str] = None, exercise: Optional[str] = None) -> Expectation:
    """Start the checks of an exercise.

    ``obj`` is what the exercise produced — a ``Conversion`` (``%%to_static ... --as
    ex1``), a saved model read with ``d2s_lab.read_saved``, a ``BenchResult``
    (``%d2s_bench --as ex6``), a Tensor or array — or, better, its *name* as a string
    (``lab.expect("ex1")``): then a missing result gives a friendly "run the exercise
    cell first" instead of a ``NameError`` (or, when that cell ran and made nothing,
    "it is still blank"). ``lang`` overrides ``%d2s_lang``. ``exercise`` names the
    box when it checks another exercise's result (``lab.expect("ex1", exercise="ex3")``:
    exercise 3 asks about the conversion of exercise 1).

    Example::

        lab.expect("ex1").converted().has_op("while").output(shape=[None, 10])
    """
    try:
        title = str(exercise).strip() if exercise is not None else ""
    except Exception:
        title = ""
    if isinstance(obj, str):
        name = obj.strip()
        value = lookup(name)
        if isinstance(value, Missing):
            why = why_missing(name)
            return Expectation(None, title or name, lang, problem=(why, {"name": name}))
        return Expectation(value, title or name, lang)
    label = None
    try:
        if is_conversion(obj) or is_bench(obj) or is_profile(obj):
            label = getattr(obj, "name", None)
        label = title or str(label or type(obj).__name__)
    except Exception:  # an odd object: its type names the box
        label = title or type(obj).__name__
    return Expectation(obj, label, lang)


def expect_saved(path, lang: Optional[str] = None) -> Expectation:
    """Start the checks of a model saved with ``paddle.jit.save`` (or ``--save``) at
    ``path`` (the prefix, or its ``.json``/``.pdmodel``). The files are read as
    ``%d2s_show`` reads them, without running anything; when none is there the other
    checks read "not checked yet"."""
    from d2s_lab.core.saved.model import read_saved

    label = os.path.basename(str(path).rstrip("/\\")) or str(path)
    try:
        sm = read_saved(path)
    except Exception as exc:
        problem = getattr(exc, "problem", None) or getattr(exc, "message", None) or type(exc).__name__
        return Expectation(None, label, lang, problem=("saved_missing", {"path": label, "problem": problem}))
    exp = Expectation(sm, label, lang)
    files = ", ".join(os.path.basename(p) for p, _ in sm.files) or os.path.basename(sm.path)
    exp.lines.append(CheckLine("saved", PASS, say("saved_ok", exp.lang, files=files)))
    return exp
