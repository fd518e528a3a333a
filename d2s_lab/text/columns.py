"""Plain-text columns that line up in a terminal whatever the language: a Chinese
character takes two columns there, a Latin one one."""
from __future__ import annotations

import unicodedata


def width(text: str) -> int:
    """The columns ``text`` takes in a terminal (wide and full-width characters: two)."""
    return sum(2 if unicodedata.east_asian_width(c) in ("W", "F") else 1 for c in text)


def pad(text: str, columns: int, right: bool = False) -> str:
    """``text`` padded with spaces to ``columns`` terminal columns (on the left where
    ``right``); longer text is left as it is."""
    fill = " " * max(columns - width(text), 0)
    return fill + text if right else text + fill
