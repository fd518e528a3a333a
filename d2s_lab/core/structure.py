"""A Layer's printed structure (``repr(layer)``) with its repeated list items told once.

An LLM's 24 decoder layers print 24 identical blocks; the report shows the first and a
line for the rest: ``(1)–(23): 23 more like (0)``.
"""
from __future__ import annotations

import re
from typing import List

from d2s_lab.text import t

_ITEM = re.compile(r"^( *)\((\d+)\): (.*)$")


def _item_end(lines: List[str], i: int, indent: str) -> int:
    """The index just past the list item starting at ``lines[i]``."""
    if not lines[i].rstrip().endswith("("):
        return i + 1
    close = indent + ")"
    for j in range(i + 1, len(lines)):
        if lines[j].rstrip() == close:
            return j + 1
    return len(lines)


def fold_repeated_layers(text: str, min_items: int = 3) -> str:
    """``text`` (a Layer's ``repr``) with each run of at least ``min_items`` numbered list
    items that print the same (but for their index) written once, then one line."""
    lines = text.splitlines()
    out: List[str] = []
    i = 0
    while i < len(lines):
        m = _ITEM.match(lines[i])
        if not m:
            out.append(lines[i])
            i += 1
            continue
        indent = m.group(1)
        end = _item_end(lines, i, indent)
        body = [m.group(3), *lines[i + 1:end]]
        run_end, last, count = end, m.group(2), 1
        while run_end < len(lines):
            n = _ITEM.match(lines[run_end])
            if not n or n.group(1) != indent:
                break
            nxt = _item_end(lines, run_end, indent)
            if [n.group(3), *lines[run_end + 1:nxt]] != body:
                break
            run_end, last, count = nxt, n.group(2), count + 1
        out.append(lines[i])
        if end - i > 2:  # the item's own items, then its closing line
            out.extend(fold_repeated_layers("\n".join(lines[i + 1:end - 1]), min_items).splitlines())
        if end - i > 1:
            out.append(lines[end - 1])
        if count >= min_items:
            first = int(m.group(2))
            out.append(f"{indent}({first + 1})–({last}): {t('report.structure_more', n=count - 1, first=first)}")
            i = run_end
        else:
            i = end
    return "\n".join(out)


__all__ = ["fold_repeated_layers"]
