"""One self-contained HTML file for a conversion (``d2s-lab report``): attach it to a bug
report or hand it out in a class.

No network, no external assets, no JavaScript: styles are inline, the graph is
inline SVG.  Shows the environment, the summary, the error (if any), the
original and transformed sources, the transformer steps, the graph and the op
table.  Works on plain data (never imports paddle).
"""
from __future__ import annotations

import datetime
import platform
import re
import sys
from typing import Optional

from d2s_lab.version import __version__
from d2s_lab.text import get_lang, t
from d2s_lab.viz.error_view import section_error
from d2s_lab.viz.graph_view import draw_or_reason, section_graph
from d2s_lab.viz.html import esc, message_box, style_block, table
from d2s_lab.viz.palette import with_colors
from d2s_lab.viz.op_table import section_ops
from d2s_lab.viz.report import SECTIONS, section_notes, sources_or_structure, summary_html
from d2s_lab.viz.sot_view import section_sot
from d2s_lab.viz.steps_view import steps_static_html

PAGE_CSS = with_colors("""
body{margin:0;background:#fff}
main.d2s-page{max-width:1200px;margin:0 auto;padding:16px 20px}
.d2s-page h1{font-size:20px;margin:4px 0 10px}
.d2s-page h2{font-size:16px;margin:18px 0 6px;border-bottom:1px solid $BORDER;padding-bottom:3px}
.d2s-page .d2s-graph svg{max-width:100%;height:auto}
.d2s-page pre.d2s-trace{background:$PANEL_BG;border:1px solid $BORDER;border-radius:6px;padding:8px;
 white-space:pre-wrap;max-height:420px;overflow:auto}
""")


def environment_rows(paddle_version: str = "") -> list:
    """Rows of the environment table: Python, Paddle, d2s_lab, platform, date."""
    return [
        ["Python", esc(f"{platform.python_version()} ({sys.implementation.name})")],
        ["PaddlePaddle", esc(paddle_version or t("report.env_unknown"))],
        ["d2s_lab", esc(__version__)],
        [esc(t("report.env_platform")), esc(platform.platform())],
        [esc(t("report.env_generated")), esc(datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"))],
    ]


def _error_section(conv) -> str:
    err = conv.error
    if err is None:
        return ""
    diagnosed = section_error(conv)  # the cell-line report with Paddle's text one click away
    if diagnosed:
        return f"<h2>{esc(t('report.h_error'))}</h2>" + diagnosed
    parts = [message_box("error", err.message or str(err), err.hint)]
    original = err.original
    if original is not None:
        text = f"{type(original).__name__}: {original}"
        parts.append(f"<details open><summary>{esc(t('report.paddle_error'))}</summary>"
                     f'<pre class="d2s-trace">{esc(text[:20000])}</pre></details>')
    return f"<h2>{esc(t('report.h_error'))}</h2>" + "".join(parts)


def _graph_section(conv, depth) -> str:
    if conv.drawn_graph is None:
        return ""
    view, why = draw_or_reason(conv.drawn_graph, depth=depth)
    body = (f'<div class="d2s-graph">{view.svg}</div><div class="d2s-sub">{esc(view.caption())}</div>'
            if view is not None else f'<div class="d2s-note">{esc(why)}</div>')
    return f"<h2>{esc(t('report.h_graph'))}</h2>" + body


# d2s_lab's own inline scripts (the line links' hover), left out of a static page
_SCRIPT = re.compile(r"<script>.*?</script>", re.S)


def report_page(conversion, steps=None, lang: Optional[str] = None, title: Optional[str] = None,
                depth=1) -> str:
    """The whole page for one Conversion as an HTML document (a ``str``).

    ``steps``: the transformer steps (``d2s_lab.steps(...)``), shown when given;
    ``lang``: ``"en"``/``"zh"`` for the steps' explanations; ``depth``: graph layer depth.
    """
    conv = conversion
    title = title or t("report.page_title", name=conv.name)
    # The default path (SOT) has no Program: the run as Paddle made it is drawn, and its SOT
    # section follows, before the source, as in the notebook report (which its words cite)
    run = conv.drawn_graph is None and conv.sot is not None
    parts = [f"<h1>{esc(title)}</h1>",
             f"<h2>{esc(t('report.h_environment'))}</h2>",
             table([t("report.col_component"), t("report.col_version")], environment_rows(conv.paddle_version)),
             f"<h2>{esc(t('report.h_summary'))}</h2>", summary_html(conv), section_notes(conv),
             _error_section(conv)]
    if run:  # the page is static: the hover links' script goes (CSS still links on hover)
        parts += [f"<h2>{esc(t('report.h_graph'))}</h2>", section_graph(conv),
                  _SCRIPT.sub("", section_sot(conv))]
    parts += [f"<h2>{esc(t('report.source'))}</h2>", sources_or_structure(conv)]
    if steps is not None:
        parts += [f"<h2>{esc(t('report.h_steps'))}</h2>", steps_static_html(steps, lang)]
    if not run:
        parts.append(_graph_section(conv, depth))
    parts.append(section_ops(conv))
    # Sections other features add to the notebook report (saved files, ...), except the
    # ones drawn above and any that need a live notebook.
    shown = {summary_html, section_notes, section_error, sources_or_structure, section_ops,
             section_graph} | ({section_sot} if run else set())
    for section in SECTIONS:
        if section in shown or getattr(section, "notebook_only", False):
            continue
        try:
            html = section(conv)
        except Exception:
            continue
        if html and "<script" not in html.lower():
            parts.append(html)
    body = "".join(parts)
    return (f"<!DOCTYPE html>\n<html lang=\"{_html_lang()}\"><head><meta charset=\"utf-8\">"
            f"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{esc(title)}</title>{style_block()}<style>{PAGE_CSS}</style></head>"
            f'<body><main class="d2s d2s-page">{body}</main></body></html>\n')


def _html_lang() -> str:
    """The page's ``lang`` attribute: what it is written in (fonts, screen readers)."""
    return "zh-Hans" if get_lang() == "zh" else "en"


def html_document(body: str, title: str) -> str:
    """A fragment (from any view) as a complete, self-contained HTML page."""
    return (f"<!DOCTYPE html>\n<html lang=\"{_html_lang()}\"><head><meta charset=\"utf-8\">"
            f"<title>{esc(title)}</title>{style_block()}<style>{PAGE_CSS}</style></head>"
            f'<body><main class="d2s d2s-page">{body}</main></body></html>\n')
