"""Checks of a profile (``%d2s_profile ... --as prof1``): the costliest graph break, a
conversion without it, the fastest path and the phase of a training step that takes the
most. Timings depend on the machine, so answers are checked against the profile's own
tables, as a benchmark's are.
"""
from __future__ import annotations

from d2s_lab.core.profile.result import PATH_LABELS
from d2s_lab.text import LANGS, t
from d2s_lab.teaching.checks.base import Fail, Missing, given, is_profile, type_name
from d2s_lab.teaching.checks.history import lookup
from d2s_lab.teaching.checks.words import norm, say

PHASES = ("forward", "backward", "optimizer")


def costliest(res):
    """The graph break that costs the most time per call, or None (no break cost any)."""
    timed = [b for b in res.breaks if b.ms > 0]
    return max(timed, key=lambda b: b.ms) if timed else None


def _same_code(a: str, b: str) -> bool:
    return bool(norm(a)) and norm(a) == norm(b)


class ProfileChecks:
    """The checks of a ProfileResult (mixed into :class:`~.expectation.Expectation`)."""

    def _profile(self):
        return self._need(is_profile, "need_profile")

    def costliest_break(self, answer):
        """``answer`` names the graph break that costs the most per call in this profile:
        its line number (``8``, or ``cell[5]:8`` as the breaks table writes it), or its
        line's code. Give it as ``lab.answer("name")``."""
        def run():
            text = given(answer)
            res = self._profile()
            top = costliest(res)
            if top is None:
                raise Fail("profile_no_breaks", name=self.label)
            line = norm(text).rsplit(":", 1)[-1]  # 8, or cell[5]:8 as the table writes it
            hits = [b for b in res.breaks if (b.line is not None and line == str(b.line)) or _same_code(text, b.code)]
            if not hits:
                lines = ", ".join(sorted({str(b.line) for b in res.breaks if b.line is not None}))
                raise Fail("break_unknown", answer=text, lines=lines or "-")
            if top not in hits and not any(b.line == top.line for b in hits):
                hit = max(hits, key=lambda b: b.ms)
                raise Fail("break_not_costliest", answer=text, ms=f"{hit.ms:.3f}")
            return "break_ok", {"line": top.line, "ms": f"{top.ms:.3f}", "whole": f"{res.clocked_ms or 0:.3f}"}
        return self._run("costliest_break", run)

    def removed_break(self, before):
        """The conversion (``ex2``) no longer has the costliest graph break of the profile
        ``before`` (its name, ``"prof1"``, or the profile), and has fewer breaks than it.
        Where this Paddle has no SOT report, it reads "not checked" with the reason."""
        ref = lookup(before) if isinstance(before, str) else before
        label = before.strip() if isinstance(before, str) else str(getattr(before, "name", "") or type_name(before))

        def run():
            if isinstance(ref, Missing):
                raise Fail("missing", name=ref.name)
            if not is_profile(ref):
                raise Fail("wrong_kind", need=say("need_profile", self.lang), name=label, got=type_name(ref))
            top = costliest(ref)
            if top is None:
                raise Fail("profile_no_breaks", name=label)
            left = list(self._sot_report().breaks)
            if any(_same_code(b.code, top.code) for b in left):
                raise Fail("break_still_there", name=label)
            if len(left) >= len(ref.breaks):
                raise Fail("breaks_not_fewer", n=len(left), was=len(ref.breaks), name=label)
            return "break_removed", {"n": len(left), "was": len(ref.breaks), "name": label}
        return self._run("removed_break", run)

    def fastest_path(self, answer):
        """``answer`` names the path with the lowest median time per call in this
        profile's side-by-side timing (``--whatif``), among those whose outputs matched
        dygraph's: its key (``"ast"``, ``"sot"``, ``"sot_min0"``, ``"dygraph"``) or its
        label as the table shows it. A tie counts for both."""
        def run():
            text = given(answer)
            res = self._profile()
            rows = [w for w in res.whatif if w.ms is not None and w.ok is not False]
            if len(rows) < 2:
                raise Fail("paths_not_timed", name=self.label)
            names = {norm(w.path): w for w in rows}
            names.update({norm(t(PATH_LABELS[w.path], lang)): w for w in rows for lang in LANGS})
            if norm(text) not in names:
                raise Fail("path_unknown", answer=text, names=", ".join(w.path for w in rows))
            best = min(rows, key=lambda w: w.ms)
            if names[norm(text)].ms > best.ms:
                raise Fail("path_not_fastest", answer=text)
            return "path_ok", {"answer": t(PATH_LABELS[best.path], self.lang), "ms": f"{best.ms:.3f}"}
        return self._run("fastest_path", run)

    def top_phase(self, answer):
        """``answer`` is the phase of the profiled training step (``--train``) whose ops
        take the most time: ``"forward"``, ``"backward"`` or ``"optimizer"``."""
        def run():
            text = given(answer)
            res = self._profile()
            if not res.train:
                raise Fail("need_train", name=self.label)
            phases = {r.key: r for r in res.layers if not r.other and r.key in PHASES}
            if norm(text) not in PHASES:
                raise Fail("phase_unknown", answer=text, names=", ".join(PHASES))
            if not phases:
                raise Fail("need_train", name=self.label)
            best = max(phases.values(), key=lambda r: r.ms)
            got = phases.get(norm(text))
            if got is None or got.ms < best.ms:
                raise Fail("phase_wrong", answer=text)
            return "phase_ok", {"phase": best.key, "pct": f"{best.share * 100:.0f} %"}
        return self._run("top_phase", run)
