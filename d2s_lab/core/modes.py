"""Which path a conversion takes: Paddle's own default unless asked otherwise.

Resolution order: an explicit ``mode=`` (``--mode``, ``--full-graph``), then
:func:`set_mode` (``%d2s_mode ast`` in a notebook), then the ``D2S_MODE`` environment
variable, then the path plain ``paddle.jit.to_static(fn)`` takes on the installed
Paddle (SOT on Paddle 3 and on Paddle 2.6 under Python < 3.12, AST elsewhere), so
that what d2s_lab shows is the conversion the user's own code runs.
"""
from __future__ import annotations

import os
from typing import Optional, Tuple

from d2s_lab.errors import D2SError
from d2s_lab.text import t

MODES = ("ast", "sot")
_ALIASES = {"ast": "ast", "full_graph": "ast", "full-graph": "ast", "sot": "sot",
            "default": None, "auto": None, "paddle": None}
_chosen: Optional[str] = None


def _normalise(mode) -> Tuple[bool, Optional[str]]:
    key = str(mode).strip().lower()
    if key not in _ALIASES:
        raise D2SError(t("report.unknown_mode", mode=repr(mode)), t("report.unknown_mode_hint"))
    return True, _ALIASES[key]


def set_mode(mode: Optional[str]) -> str:
    """Set the path for this kernel's conversions: ``"ast"``, ``"sot"``, or None /
    ``"default"`` for Paddle's own default again. Returns the path now in force."""
    global _chosen
    _chosen = None if mode is None else _normalise(mode)[1]
    return resolve_mode(None)[0]


def resolve_mode(mode: Optional[str]) -> Tuple[str, str]:
    """``(path, why)``: the path a conversion takes and where that came from
    (``"asked"``, ``"session"``, ``"D2S_MODE"`` or ``"paddle"``)."""
    if mode is not None:
        explicit = _normalise(mode)[1]
        if explicit is not None:
            return explicit, "asked"
    if _chosen is not None:
        return _chosen, "session"
    env = os.environ.get("D2S_MODE", "").strip()
    if env:
        try:
            chosen = _normalise(env)[1]
        except D2SError:
            chosen = None
        if chosen is not None:
            return chosen, "D2S_MODE"
    from d2s_lab.core.paddle_compat.default_path import paddle_default_mode

    return paddle_default_mode(), "paddle"
