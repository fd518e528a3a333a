"""The self-check box: an Expectation's outcomes drawn as HTML (the box a notebook
shows), as plain text (``repr``, and nbgrader's feedback when a graded check does not
pass). Its JSON record is :mod:`.record`'s. Everything the student or the notebook
wrote is escaped in the HTML.
"""
from __future__ import annotations

from d2s_lab.teaching.checks.base import FAIL, PASS, SKIP
from d2s_lab.teaching.checks.words import VERDICT_KEYS, inline_code, plain_code, say
from d2s_lab.viz.html import esc
from d2s_lab.viz.palette import CHECK_FAIL_BG, FAIL_COLOR, MUTED, NOTE_BG, PASS_BG, PASS_COLOR, TEXT, WARN_COLOR

MARKS = {PASS: "✔", FAIL: "✘", SKIP: "–"}
COLORS = {PASS: PASS_COLOR, FAIL: FAIL_COLOR, SKIP: MUTED}


def title_line(exp, verdict: str) -> str:
    """``Self-check: ex1 — NOT YET`` in the box's language (plain text)."""
    lang = exp.lang
    sep = "：" if lang == "zh" else ": "
    return f"{say('title', lang)}{sep}{exp.label} — {say(VERDICT_KEYS[verdict], lang)}"


def box_text(exp) -> str:
    """The box as plain text: its title, one line per check, the verdict sentence."""
    body = "\n".join(f"  {MARKS[c.status]} {plain_code(c.message)}" for c in exp.lines)
    return f"{title_line(exp, exp.verdict)}\n{body}\n{exp.summary()}"


def failure_text(exp) -> str:
    """What a graded check that did not pass says to nbgrader: the title and the lines
    that failed, then the verdict sentence."""
    failed = "\n".join(f"  ✘ {plain_code(c.message)}" for c in exp.lines if c.status == FAIL)
    return f"{title_line(exp, FAIL)}\n{failed}\n{exp.summary()}"


def box_html(exp) -> str:
    """The box as a self-contained HTML fragment; its class names the verdict
    (``d2s-lab-check d2s-lab-pass|fail|partial``) for the page's own styles."""
    lang = exp.lang
    state = exp.verdict
    verdict = say(VERDICT_KEYS[state], lang)
    items = "".join(
        f'<li class="d2s-lab-item d2s-lab-item-{c.status}" style="list-style:none;margin:2px 0">'
        f'<span style="color:{COLORS[c.status]};font-weight:700">{MARKS[c.status]}</span> '
        f"{inline_code(c.message)}</li>" for c in exp.lines)
    border, bg = {PASS: (PASS_COLOR, PASS_BG), FAIL: (FAIL_COLOR, CHECK_FAIL_BG)}.get(state, (WARN_COLOR, NOTE_BG))
    sep = "：" if lang == "zh" else ": "
    return (f'<div class="d2s-lab-check d2s-lab-{state}" lang="{esc(lang)}" '
            f'style="border:1px solid {border};background:{bg};border-radius:6px;padding:6px 10px;'
            f'margin:4px 0;font-family:-apple-system,\'Segoe UI\',Roboto,\'Noto Sans SC\',sans-serif;'
            f'font-size:13px;color:{TEXT}">'
            f'<div><b>{esc(say("title", lang))}{sep}{esc(exp.label)} — {esc(verdict)}</b></div>'
            f'<ul style="margin:4px 0;padding-left:4px">{items}</ul>'
            f'<div class="d2s-lab-verdict">{esc(exp.summary())}</div></div>')
