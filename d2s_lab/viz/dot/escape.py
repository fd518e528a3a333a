"""Escaping for Graphviz: quoted DOT strings and HTML-like labels.

Every piece of user text in a drawing (layer, parameter and input names,
attribute values, titles, tooltips) goes through :func:`dot_str` or
:func:`html_text`, so it is shown as text and never breaks out of the DOT source.
"""
from __future__ import annotations

import re
from collections.abc import Iterable

_CTRL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def dot_str(text) -> str:
    """A quoted DOT string: backslashes, quotes and newlines cannot break out or expand."""
    s = _CTRL.sub("", "" if text is None else str(text))
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def html_text(text) -> str:
    """Text for a Graphviz HTML-like label: markup characters become entities."""
    s = _CTRL.sub("", "" if text is None else str(text))
    return (s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#39;"))


def html_label(head: str, lines: Iterable[str]) -> str:
    """An HTML-like label: ``head`` in bold, then ``lines`` in small type; all escaped."""
    body = "<BR/>".join(html_text(x) for x in lines)
    if body:
        body = '<BR/><FONT POINT-SIZE="8">' + body + "</FONT>"
    return "<<B>" + html_text(head) + "</B>" + body + ">"


__all__ = ["dot_str", "html_label", "html_text"]
