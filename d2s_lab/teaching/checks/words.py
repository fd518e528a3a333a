"""What a self-check says: its sentences from the text catalogue, op kinds in words, and
a message as plain text or as HTML.

Every sentence a check can say is ``labs.<key>`` in the text catalogue; ``{placeholders}``
are filled with plain text, and the box escapes everything when it draws it as HTML. Op
kinds read in a sentence as ``labs.op.<kind>.<form>`` (form: ``a``, ``plural``, ``bare``).
A message marks code with backticks: the HTML box draws it as ``<code>``, plain text
(``repr``, nbgrader's feedback, the JSON record) puts it in quotes.
"""
from __future__ import annotations

import re

from d2s_lab.core.graph.ops import short_name
from d2s_lab.text import t
from d2s_lab.viz.html import esc

OP_KINDS = ("while", "if", "cast")
# verdict -> its word in the box's title (labs.<key>)
VERDICT_KEYS = {"pass": "verdict_pass", "fail": "verdict_fail", "partial": "verdict_partial"}


def op_words(kind: str, lang: str, form: str = "a") -> str:
    """The op kind ``kind`` as words of a sentence in ``lang`` (``form``: ``a``,
    ``plural`` or ``bare``)."""
    base = short_name(str(kind)).rstrip("_")
    if base in OP_KINDS:
        text = t(f"labs.op.{base}.{form}", lang)
    else:
        text = t(f"labs.op.other.{form}", lang, base=base)
    # Chinese sentences put no space before Chinese words, one before Latin ones.
    return " " + text if lang == "zh" and text[:1].isascii() else text


def say(key: str, lang: str, **params) -> str:
    """The sentence ``labs.<key>`` in ``lang`` with its parameters (plain text)."""
    return t(f"labs.{key}", lang, **{k: plain(v) for k, v in params.items()})


def plain(value) -> str:
    """``value`` as the text of a sentence: floats to three digits, anything else its
    ``str`` (or ``<Type>`` when that raises)."""
    if isinstance(value, float):
        return f"{value:.3g}"
    try:
        return str(value)
    except Exception:  # an object whose str raises: its type names it
        return f"<{type(value).__name__}>"


def safe_repr(value) -> str:
    """``repr(value)``, or ``<Type>`` when its repr raises (a check's name never fails)."""
    try:
        return repr(value)
    except Exception:
        return f"<{type(value).__name__}>"


def norm(text) -> str:
    """``text`` as an answer is compared: no spaces, no quotes around it, lower case."""
    return re.sub(r"\s+", "", str(text or "")).strip("'\"`").lower()


def quoted(text: str) -> str:
    return f"“{text}”"


def plain_code(message: str) -> str:
    """A message for plain text (nbgrader's feedback, ``repr``, the JSON record): `code`
    in quotes, since only the HTML box turns backticks into code."""
    return re.sub(r"`([^`]*)`", lambda m: quoted(m.group(1)), message)


def inline_code(message: str) -> str:
    """Escaped HTML of a message, with `backticked` parts as <code>."""
    parts = message.split("`")
    return "".join(f"<code>{esc(p)}</code>" if i % 2 else esc(p) for i, p in enumerate(parts))
