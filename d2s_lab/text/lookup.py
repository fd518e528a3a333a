"""The one lookup over the text catalogue, and its one fallback rule.

Fallback: a key with no text in the chosen language shows its English text (a test
fails on any such key, so users never meet it); an unknown key is a programming error
and raises ``KeyError``.
"""
from __future__ import annotations

import importlib
import pkgutil
from typing import Dict, List, Optional

from d2s_lab.text import tables
from d2s_lab.text.lang import LANGS, get_lang

# Every module of d2s_lab.text.tables is an area holding TEXTS (found, not listed, so a new
# area cannot be left out).
AREAS = tuple(sorted(m.name for m in pkgutil.iter_modules(tables.__path__)))


def _load() -> Dict[str, Dict[str, str]]:
    merged: Dict[str, Dict[str, str]] = {}
    for area in AREAS:
        table = importlib.import_module(f"d2s_lab.text.tables.{area}").TEXTS
        for key, texts in table.items():
            if key in merged:
                raise ValueError(f"text key {key!r} is defined twice (area {area!r})")
            merged[key] = texts
    return merged


CATALOGUE: Dict[str, Dict[str, str]] = _load()


def t(key: str, lang: Optional[str] = None, **fields) -> str:
    """The text of ``key`` in ``lang`` (default: the chosen language), with ``{fields}`` filled."""
    entry = CATALOGUE[key]
    text = entry.get(get_lang(lang)) or entry["en"]
    return text.format(**fields) if fields else text


def missing() -> List[str]:
    """``key:lang`` for every entry that lacks a language (the completeness test wants none)."""
    return [f"{key}:{lang}" for key, entry in sorted(CATALOGUE.items()) for lang in LANGS
            if not entry.get(lang)]
