"""Checks of what SOT (``--mode sot``, Paddle 3's default path) did with a conversion: no
graph break, and the guards of the translated frame. Where this Paddle has no SOT report
(2.6), they read "not checked" with the reason.
"""
from __future__ import annotations

import re

from d2s_lab.core.sot_text import shown_guard
from d2s_lab.text import LANGS, t
from d2s_lab.teaching.checks.base import Fail, Skip, given
from d2s_lab.teaching.checks.words import norm


class SotChecks:
    """The checks of a conversion's SOT report (mixed into :class:`~.expectation.Expectation`)."""

    def no_graph_breaks(self):
        """SOT (``--mode sot``) traced the whole function: no graph break, no fallback.
        Where this Paddle has no SOT report (2.6), it reads "not checked" with the reason."""
        def run():
            rep = self._sot_report()
            if rep.error is not None:
                raise Fail("sot_error", error=getattr(rep.error, "exc_type", "") or "error")
            if rep.breaks:
                # each break with its line, and its catalogue id and fix (d2s_lab.breaks())
                where = "; ".join(f"{b.reason}" + (f" ({t('labs.at_line', self.lang, line=b.line)})" if b.line else "")
                                  + (f" {b.id}: {b.fix(self.lang)}" if b.id else "")
                                  for b in rep.breaks[:4])
                raise Fail("breaks", n=len(rep.breaks), where=where)
            return "no_breaks", {}
        return self._run("no_graph_breaks", run)

    def _sot_report(self):
        """The conversion's SOT report; "not checked" where this Paddle has none to give."""
        rep = getattr(self._conversion(), "sot", None)
        if rep is None:
            raise Fail("no_sot")
        if not rep.available:
            raise Skip("sot_unavailable", message=str(rep.message).split(" (")[0])
        return rep

    def _sot_frame(self):
        rep = self._sot_report()
        if not rep.frames:
            raise Fail("no_frames")
        return rep.frames[0]

    def has_guard(self, answer, about: str = ""):
        """``answer`` is one of the guards of the converted function's frame, as the
        report's "Inside SOT" part lists them (spaces do not matter); with ``about``, the
        guard must be about that name (``about="factor"``: the guard a new ``factor``
        value fails). Give the student's answer as ``lab.answer("name")``."""
        def run():
            text = given(answer)
            guards = self._sot_frame().guards
            # as kept (Python) or as the report words it, in either language
            known = {norm(g) for g in guards} | {norm(shown_guard(g, lang)) for g in guards for lang in LANGS}
            if norm(text) not in known:
                raise Fail("guard_unknown", answer=text, n=len(guards))
            if about and not re.search(rf"\b{re.escape(about)}\b", text):
                raise Fail("guard_not_about", answer=text, name=about)
            return "guard_ok", {"answer": text}
        return self._run("has_guard", run)
