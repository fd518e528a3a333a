"""The language of explanations: English (``en``) or Simplified Chinese (``zh``).

Resolution order: an explicit ``lang=`` argument, then :func:`set_lang`
(``%d2s_lang zh`` in a notebook, ``--lang`` of the CLI), then the ``D2S_LANG``
environment variable, then the user's locale (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
``LANG``, as gettext reads them; ``zh_CN.UTF-8``, ``zh_TW``... give Chinese), else English.
"""
from __future__ import annotations

import contextlib
import locale
import os
from typing import Optional

from d2s_lab.errors import D2SError

LANGS = ("en", "zh")
_ALIASES = {"en": "en", "english": "en", "zh": "zh", "cn": "zh", "zh_cn": "zh", "zh-cn": "zh",
            "zh-hans": "zh", "chinese": "zh", "中文": "zh"}
_chosen: Optional[str] = None


def _normalise(value: str) -> Optional[str]:
    v = (value or "").strip().lower()
    if v in _ALIASES:
        return _ALIASES[v]
    v = v.split(".")[0]
    return _ALIASES.get(v) or ("zh" if v.startswith("zh") else None)


def set_lang(lang: Optional[str]) -> str:
    """Set the explanation language for this kernel (``"en"`` or ``"zh"``; None resets)."""
    global _chosen
    if lang is None:
        _chosen = None
        return get_lang()
    norm = _normalise(lang)
    if norm is None:
        raise D2SError(f"Unknown language {lang!r}.", "Use en (English) or zh (简体中文).")
    _chosen = norm
    return norm


def get_lang(lang: Optional[str] = None) -> str:
    """The language to use: ``lang`` if given, else the one set, else the default."""
    if lang:
        norm = _normalise(lang)
        if norm is None:
            raise D2SError(f"Unknown language {lang!r}.", "Use en (English) or zh (简体中文).")
        return norm
    if _chosen:
        return _chosen
    env = os.environ.get("D2S_LANG")
    if env and _normalise(env):
        return _normalise(env)
    return locale_lang()


def locale_lang() -> str:
    """The language of the user's locale: ``zh`` for a Chinese one, else ``en``. As gettext:
    ``LANGUAGE`` (its first entry) unless the locale is C, then the first set of
    ``LC_ALL``, ``LC_MESSAGES``, ``LANG``; without any, the locale Python reports."""
    loc = next((os.environ[v] for v in ("LC_ALL", "LC_MESSAGES", "LANG") if os.environ.get(v)), "")
    first = os.environ.get("LANGUAGE", "").split(":")[0]
    if first and loc.split(".")[0] not in ("C", "POSIX"):
        loc = first
    if not loc:
        try:
            loc = locale.getlocale()[0] or ""
        except ValueError:
            loc = ""
    return "zh" if loc.lower().startswith(("zh", "chinese")) else "en"



@contextlib.contextmanager
def using_lang(lang: Optional[str]):
    """Use ``lang`` (if given) inside the block, then restore the previous choice."""
    global _chosen
    previous = _chosen
    if lang:
        set_lang(lang)
    try:
        yield get_lang()
    finally:
        _chosen = previous
