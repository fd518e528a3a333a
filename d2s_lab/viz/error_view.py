"""An :class:`~d2s_lab.core.diagnose.ErrorReport` as compact HTML.

The failing line of the user's cell with a few numbered lines around it, the
matching line of the code Paddle generated, the hint, and Paddle's full text
one click away. Everything shown is escaped.
"""
from __future__ import annotations

import re

from ..core.frames import display_file
from .html import CSS, esc

ERROR_CSS = """
.d2s .d2s-err-head{font-weight:600}
.d2s .d2s-err-where{color:#57606a;margin:2px 0 4px}
.d2s table.d2s-code{border-collapse:collapse;font-family:'JetBrains Mono',Menlo,Consolas,monospace;
 font-size:12px;background:#fff;border:1px solid #d0d7de;margin:4px 0}
.d2s table.d2s-code td{padding:0 6px;white-space:pre;vertical-align:top}
.d2s table.d2s-code td.d2s-ln{color:#8c959f;text-align:right;user-select:none;border-right:1px solid #d0d7de}
.d2s table.d2s-code tr.d2s-bad td{background:#ffd7d5}
.d2s table.d2s-code tr.d2s-bad td.d2s-ln{color:#cf222e;font-weight:700}
.d2s .d2s-hint-box{background:#dafbe1;border:1px solid #4ac26b;border-radius:6px;padding:6px 10px;margin:4px 0}
.d2s pre.d2s-tb{max-height:360px;overflow:auto;background:#f6f8fa;border:1px solid #d0d7de;padding:6px}
"""


def rich(text) -> str:
    """Escaped text with `backticked` spans shown as code."""
    return re.sub(r"`([^`<>]+)`", r"<code>\1</code>", esc(text))


def code_lines_html(lines, title: str = "") -> str:
    """Numbered code lines; the failing one marked with a red background and a ▶."""
    if not lines:
        return ""
    rows = []
    for ln in lines:
        cls = ' class="d2s-bad"' if ln.is_error else ""
        mark = "▶ " if ln.is_error else ""
        rows.append(f'<tr{cls}><td class="d2s-ln">{mark}{ln.number}</td><td>{esc(ln.text)}</td></tr>')
    head = f'<div class="d2s-sub">{esc(title)}</div>' if title else ""
    return head + '<table class="d2s-code">' + "".join(rows) + "</table>"


def error_report_body(report, note: str = "") -> str:
    """The report without the outer wrapper (for use inside other views)."""
    who = report.name or "the function"
    mode = f" [{report.mode}]" if report.mode else ""
    if report.stage == "run":
        what = f"{who}{mode}: the converted function failed on its first static run"
    elif report.stage == "convert":
        what = f"paddle.jit.to_static could not convert {who}{mode}"
    else:
        what = f"{who}{mode} failed"
    head = f'<div class="d2s-err-head">{esc(what)}: {esc(report.exc_type)}</div>'
    msg = f"<div>{esc(report.message)}</div>"
    where = ""
    if report.where:
        fn = f" in {report.function}" if report.function else ""
        where = f'<div class="d2s-err-where">at {esc(report.where)}{esc(fn)}</div>'
    ctx = code_lines_html(report.context)
    trans = ""
    if report.transformed:
        bad = next((c for c in report.transformed if c.is_error), None)
        orig = (report.code or "").strip()
        if bad is not None and bad.text.strip() != orig:
            trans = ("<details><summary>Matching line of the transformed code</summary>"
                     + code_lines_html(report.transformed, display_file(report.transformed_file))
                     + "</details>")
    hint = ""
    if report.hint:
        hint = (f'<div class="d2s-hint-box"><b>Hint</b> <span class="d2s-sub">'
                f"({esc(report.hint_id)})</span>: {rich(report.hint)}</div>")
    full = ""
    if report.original_text:
        full = ("<details><summary>Full traceback (Paddle's original text)</summary>"
                f'<pre class="d2s-tb">{esc(report.original_text)}</pre></details>')
    tail = f'<div class="d2s-sub">{esc(note)}</div>' if note else ""
    return f'<div class="d2s-error">{head}{msg}{where}{ctx}{trans}{hint}{full}{tail}</div>'


def error_report_html(report, note: str = "") -> str:
    """A self-contained HTML fragment for one ErrorReport (``note``: a line added below)."""
    return f'<div class="d2s"><style>{CSS}{ERROR_CSS}</style>{error_report_body(report, note)}</div>'


def section_error(conv) -> str:
    """Report section: the diagnosed error of a failed conversion ("" when it succeeded)."""
    report = conv.error.report if conv.error is not None else None
    if report is None:
        return ""
    return f"<style>{ERROR_CSS}</style>" + error_report_body(report)
