"""Small HTML helpers shared by every view. Everything user-controlled is escaped."""
from __future__ import annotations

import contextlib
import contextvars
import html as _html
import re
from typing import Iterable, Optional

from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexers import PythonLexer

from d2s_lab.text import t
from d2s_lab.viz.palette import (BAD_LINE_BG, FAIL_BG, FAIL_COLOR, NOTE_BG, NOTE_BORDER, PASS_BG, PASS_BORDER,
                                 with_colors)


# The notebook name a report's suggestions use for its conversion (``%%to_static --as``).
_REPORT_VAR = contextvars.ContextVar("d2s_report_var", default="_d2s")


def report_var() -> str:
    """The name the report being drawn tells the user to type (``_d2s`` unless ``--as``)."""
    return _REPORT_VAR.get()


@contextlib.contextmanager
def naming(var: Optional[str]):
    """Draw with ``var`` as the conversion's name in every suggestion, inside the block."""
    token = _REPORT_VAR.set(var or "_d2s")
    try:
        yield
    finally:
        _REPORT_VAR.reset(token)


def esc(text) -> str:
    """Escape text for HTML element content and attribute values (quotes too)."""
    return _html.escape("" if text is None else str(text), quote=True)


def rich(text) -> str:
    """Escaped text with `backticked` spans shown as code (the catalogue marks code so)."""
    return re.sub(r"`([^`<>]+)`", r"<code>\1</code>", esc(text))


def t_html(key: str, lang: Optional[str] = None, **html_fields) -> str:
    """The catalogue's text of ``key``, escaped, with ``{fields}`` filled in as HTML
    (escape what goes into them yourself)."""
    return esc(t(key, lang)).format(**html_fields)


# JupyterLab right-aligns every table cell of an HTML output (0,2,1 specificity);
# the :not() rule below outranks it for all d2s_lab tables, line numbers excepted.
# Folds draw their own marker (classic Notebook's CSS makes <summary> a block, which
# drops the browser's triangle). Classic Notebook and Notebook 7 put a long cell output
# in a 24em scroll box; the last three rules keep an output area holding a report
# (.d2s-report) at its full height, so the report reads as one page.
CSS = with_colors("""
.d2s{font-family:-apple-system,'Segoe UI',Roboto,'Noto Sans SC','PingFang SC',sans-serif;
 font-size:13px;color:$TEXT;line-height:1.4;max-width:100%}
.d2s h3{font-size:15px;margin:10px 0 6px}
.d2s h4{font-size:13px;margin:8px 0 4px}
.d2s .d2s-summary{background:$PANEL_BG;border:1px solid $BORDER;border-radius:6px;padding:6px 10px;margin:4px 0}
.d2s .d2s-note{background:$NOTE_BG;border:1px solid $NOTE_BORDER;border-radius:6px;padding:6px 10px;margin:4px 0}
.d2s .d2s-error{background:$FAIL_BG;border:1px solid $FAIL_COLOR;border-radius:6px;padding:8px 10px;margin:4px 0}
.d2s .d2s-error .d2s-hint{margin-top:4px;color:$HINT_TEXT}
.d2s table.d2s-ops{border-collapse:collapse;font-size:12px;margin:4px 0}
.d2s table.d2s-ops th{background:$PANEL_BG;text-align:left;position:sticky;top:0}
.d2s table.d2s-ops td,.d2s table.d2s-ops th{border:1px solid $BORDER;padding:2px 6px;vertical-align:top;text-align:left}
.d2s table :is(td,th):not(.d2s-ln){text-align:left}
.d2s .d2s-scroll{max-height:420px;overflow:auto;border:1px solid $BORDER;border-radius:6px}
.d2s code,.d2s pre{font-family:'JetBrains Mono',Menlo,Consolas,monospace;font-size:12px}
.d2s pre,.d2s div.highlight pre{margin:0;white-space:pre;word-break:normal;overflow-wrap:normal;overflow-x:auto}
.d2s .d2s-cols{display:flex;gap:10px;flex-wrap:wrap}
.d2s .d2s-col{flex:1 1 420px;min-width:0}
.d2s .d2s-sub{color:$MUTED}
.d2s details>summary{cursor:pointer;font-weight:600;margin:6px 0;display:block;list-style:none}
.d2s details>summary::-webkit-details-marker{display:none}
.d2s details>summary::before{content:"\\25B8";display:inline-block;width:1.1em;color:$MUTED;font-weight:400}
.d2s details[open]>summary::before{content:"\\25BE"}
div.output_scroll:has(.d2s-report){height:auto;box-shadow:none}
.jp-CodeCell.jp-mod-outputsScrolled .jp-Cell-outputArea:has(.d2s-report){max-height:none;overflow-y:visible}
.jp-CodeCell.jp-mod-outputsScrolled .jp-Cell-outputArea:has(.d2s-report)::after{display:none}
.d2s .d2s-cat{display:inline-block;width:9px;height:9px;border-radius:2px;margin-right:4px}
""")


# Inline styles for what must read where a sanitizer strips <style> (JupyterLab's
# untrusted notebooks keep style="" attributes): boxes, code tables, left-aligned code.
INLINE = {
    "error": f"background-color:{FAIL_BG};border:1px solid {FAIL_COLOR};border-radius:6px;padding:8px 10px;"
             "margin:4px 0",
    "note": f"background-color:{NOTE_BG};border:1px solid {NOTE_BORDER};border-radius:6px;padding:6px 10px;"
            "margin:4px 0",
    "hint": f"background-color:{PASS_BG};border:1px solid {PASS_BORDER};border-radius:6px;padding:6px 10px;"
            "margin:4px 0",
    "code": "font-family:monospace;font-size:12px;white-space:pre;border-collapse:collapse",
    "left": "text-align:left;white-space:pre",
    "bad": f"background-color:{BAD_LINE_BG}",
}


def pygments_css() -> str:
    return HtmlFormatter(style="default").get_style_defs(".d2s .highlight")


def highlight_python(source: str) -> str:
    """Syntax-highlighted, escaped HTML for Python source (no JavaScript)."""
    return highlight(source or "", PythonLexer(), HtmlFormatter(nowrap=False, cssclass="highlight"))


def style_block() -> str:
    return "<style>" + CSS + pygments_css() + "</style>"


def wrap(body: str, title: Optional[str] = None) -> str:
    head = f"<h3>{esc(title)}</h3>" if title else ""
    return f'<div class="d2s">{style_block()}{head}{body}</div>'


def table(headers: Iterable[str], rows: Iterable[Iterable[str]], cls: str = "d2s-ops") -> str:
    """A table; cells are given as HTML (escape text with ``esc`` first)."""
    th = "".join(f"<th>{esc(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in r) + "</tr>" for r in rows)
    return f'<table class="{cls}"><thead><tr>{th}</tr></thead><tbody>{body}</tbody></table>'


def message_box(kind: str, message: str, hint: str = "", quote: str = "") -> str:
    """A one-paragraph message box (kind: note | error); ``quote``: text shown as
    printed (another program's words), in a scrolled block under the message."""
    q = (f'<pre style="white-space:pre-wrap;max-height:16em;overflow:auto;margin:6px 0 0">{esc(quote)}</pre>'
         if quote else "")
    h = f'<div class="d2s-hint">{esc(hint)}</div>' if hint else ""
    style = INLINE.get(kind, "")
    return (f'<div class="d2s"><style>{CSS}</style><div class="d2s-{kind}" style="{style}">'
            f"{esc(message)}{q}{h}</div></div>")
