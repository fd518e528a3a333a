"""Checks of the later calls of a conversion (``conv.calls()``, ``%d2s_calls``): did a
call build again, and because of what; were the calls served by what Paddle had built;
which dimension a call made dynamic.
"""
from __future__ import annotations

import re

from d2s_lab.teaching.checks.base import Fail, Skip, given
from d2s_lab.teaching.checks.words import norm, safe_repr


class CallChecks:
    """The checks of a conversion's later calls (mixed into :class:`~.expectation.Expectation`)."""

    def _calls(self):
        calls = self._conversion().calls()
        if getattr(calls, "log", None) is None or not calls.log.watching:
            raise Skip("calls_unwatched")
        return calls

    def recompiled(self, because: str, at_least: int = 1):
        """Later calls of the conversion made at least ``at_least`` new cache entries (or
        Programs), each one's reason naming ``because`` (``"factor"``, ``"x.shape[0]"``)."""
        def run():
            named = re.compile(rf"(?<![\w.]){re.escape(because)}(?!\w)")
            new = [c for c in self._calls() if c.new_entry and named.search(c.reason)]
            if len(new) < at_least:
                raise Fail("not_recompiled", name=because, n=at_least)
            return "recompiled_ok", {"n": len(new), "name": because, "reason": new[0].reason}
        return self._run(f"recompiled({safe_repr(because)})", run)

    def reused(self, calls: int = 2):
        """The conversion was called at least ``calls`` more times and every call reused
        what Paddle had built: no new cache entry, no new Program."""
        def run():
            got = list(self._calls())
            if len(got) < calls:
                raise Fail("too_few_calls", n=calls, got=len(got))
            new = [c for c in got if c.new_entry]
            if new:
                raise Fail("not_reused", n=len(new), reason=new[0].reason)
            return "reused_ok", {"n": len(got)}
        return self._run("reused", run)

    def dynamic(self, answer):
        """``answer`` names the dimension a later call made dynamic (``x.shape[0]``), as
        the calls' reasons say."""
        def run():
            text = given(answer)
            made = {norm(d) for c in self._calls() for d in c.made_dynamic}
            if not made:
                raise Fail("none_dynamic")
            if norm(text) not in made:
                raise Fail("dynamic_wrong", answer=text)
            return "dynamic_ok", {"answer": text}
        return self._run("dynamic", run)
