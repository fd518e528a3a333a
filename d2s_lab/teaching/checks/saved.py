"""Checks of a model saved with ``paddle.jit.save`` (``lab.expect_saved(prefix)``). Its
Program is checked as a conversion's is (``input``, ``output``, ``has_op``: see
:mod:`.conversion`); this adds what only a saved model has.
"""
from __future__ import annotations

from d2s_lab.teaching.checks.base import Fail, is_saved
from d2s_lab.teaching.checks.words import safe_repr


class SavedChecks:
    """The checks of a saved model (mixed into :class:`~.expectation.Expectation`)."""

    def has_method(self, method: str):
        """The saved model has the Layer's other ``to_static`` method ``method`` beside
        forward (``PREFIX.<method>.json``)."""
        def run():
            sm = self._need(is_saved, "need_saved")
            if method not in sm.methods:
                raise Fail("method_missing", method=method)
            return "method_ok", {"method": method}
        return self._run(f"has_method({safe_repr(method)})", run)
