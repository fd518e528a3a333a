"""Step-through views of the AST rewrites: a static HTML list and an ipywidgets stepper.

Both take the steps of :func:`d2s_lab.core.steps.capture_steps` (duck-typed:
``.transformer``, ``.source``, ``.changed``, ``.is_original``).  Each step shows
its plain-language explanation and the code after it beside the code before
it, changed lines highlighted.

The static view is one ``<details>`` per step and needs no JavaScript, so it
reads the same in nbconvert HTML, nbviewer and editors without widgets.  In a
notebook the stepper and the static view are shown together, the static copy folded
into one ``<details>`` under the stepper: a notebook reopened without a kernel (whose
saved stepper no longer steps) still has every step one click away.
"""
from __future__ import annotations

import functools
from typing import Optional, Sequence

from d2s_lab.text.lang import get_lang
from d2s_lab.text import t
from d2s_lab.viz.explain import explain
from d2s_lab.viz.html import esc, highlight_python, wrap
from d2s_lab.viz.palette import with_colors
from d2s_lab.viz.source_view import DIFF_CSS, diff_stat, side_by_side_html

STEPS_CSS = with_colors("""
.d2s .d2s-step-head{display:flex;gap:8px;align-items:baseline;flex-wrap:wrap;margin:4px 0}
.d2s .d2s-step-name{font-weight:700;font-size:14px}
.d2s .d2s-badge{display:inline-block;border-radius:10px;padding:0 7px;font-size:11px;font-weight:600}
.d2s .d2s-badge-changed{background:$PASS_BG;color:$PASS_TEXT;border:1px solid $PASS_BORDER}
.d2s .d2s-badge-same{background:$PANEL_BG;color:$MUTED;border:1px solid $BORDER}
.d2s .d2s-explain{background:$INFO_BG;border:1px solid $INFO_BORDER;border-radius:6px;padding:6px 10px;margin:4px 0}
.d2s details.d2s-step>summary{font-weight:400}
.d2s details.d2s-step.d2s-same>summary{color:$FAINT}
.d2s details.d2s-step{border-left:3px solid $BORDER;padding-left:8px;margin:2px 0}
.d2s details.d2s-step.d2s-changed{border-left-color:$PASS_BORDER}
.d2s-steps-live .widget-html,.d2s-steps-live .widget-html-content{min-width:0;max-width:100%}
.d2s-steps-live .widget-html-content{white-space:normal;overflow:visible}
.d2s-steps-live .widget-html-content>.d2s{max-width:100%;overflow-x:auto}
.d2s-steps-live,.d2s-steps-live .widget-hbox{max-width:100%;min-width:0;box-sizing:border-box}
.d2s-steps-live .widget-hbox{flex-wrap:wrap}
.jp-OutputArea-child:has(.d2s-steps-live)+.jp-OutputArea-child .d2s-steps-now,
.output_area:has(.d2s-steps-live)+.output_area .d2s-steps-now{display:none}
.jp-OutputArea-child:has(+.jp-OutputArea-child .d2s-steps-now)>.jp-OutputArea-output:not(:has(*)),
.output_area:has(+.output_area .d2s-steps-now)>.output_subarea:not(:has(*)){display:none}
""")
# The last rule: the stepper's static copy (the next output) shows the step the stepper
# shows, for front ends where the stepper cannot render (a notebook reopened without a
# kernel: "model not found"; no widget manager; an HTML export); while the stepper is
# live, that page is hidden (":has" of the output before it, in JupyterLab, Notebook 7
# and classic Notebook). The rule after it hides the stepper's output while it holds
# only the front-end's text ("Loading widget...", "model not found"): its page shows.

def _css() -> str:
    return f"<style>{DIFF_CSS}{STEPS_CSS}</style>"


def _name_html(steps: Sequence, lang: str, title: Optional[str] = None) -> str:
    """``: name`` after the view's title, and the library's name when the steps rewrite
    an installed library's code (``library code: paddle.nn · transformer.py:512``)."""
    name = title or getattr(steps, "name", "")
    lib = getattr(steps, "library", "")
    mark = ""
    if lib:
        where = getattr(steps, "where", "")
        mark = (f' <span class="d2s-sub d2s-library">{esc(t("graph.library_line", lang, library=lib))}'
                f'{" · " + esc(where) if where else ""}</span>')
    return (": " + esc(name) if name else "") + mark


def as_written_html(obj, lang: str) -> str:
    """A line under the title for Paddle's own code, which to_static runs as written, and
    for a default-path conversion whose run translated none of it (AST steps shown)."""
    if getattr(obj, "sot_untranslated", False):
        return f'<div class="d2s-explain">{esc(t("steps.sot_untranslated", lang))}</div>'
    if getattr(obj, "converted", True):
        return ""
    return f'<div class="d2s-explain">{esc(t("steps.runs_as_written", lang, library=obj.library))}</div>'


def _intro(steps: Sequence, lang: str) -> str:
    """What the steps are: each AST transformer's output, or the code SOT runs."""
    return t("steps.intro_sot", lang) if getattr(steps, "path", "ast") == "sot" else t("steps.intro", lang)


def _step_title(step, k: int, n: int, lang: str) -> str:
    if step.is_original:
        badge = ""
    elif step.changed:
        badge = f'<span class="d2s-badge d2s-badge-changed">{esc(t("steps.changed", lang))}</span>'
    else:
        badge = f'<span class="d2s-badge d2s-badge-same">{esc(t("steps.unchanged", lang))}</span>'
    name = t("steps.original", lang) if step.is_original else step.transformer
    cls = "" if step.is_original else f' <span class="d2s-sub">{esc(getattr(step, "class_name", ""))}</span>'
    return (f'<span class="d2s-sub">{esc(t("steps.step", lang))} {k} {esc(t("steps.of", lang))} {n - 1}</span> '
            f'<span class="d2s-step-name">{esc(name)}</span>{cls} {badge}')


# A step's diff shows the changed lines and this many around them, so a long function's
# steps stay small in a saved notebook (the report's Source section has the whole code);
# the static copy under a live stepper keeps fewer.
PAGE_CONTEXT = 3
COMPACT_CONTEXT = 1
# A compact copy's function as written is plain text past this many bytes of colours.
COMPACT_CODE_BYTES = 12_000
# Bytes of step code the static copy under a live stepper keeps (a saved notebook's cell
# stays small); past them, a step's code is left out with a line saying where it is.
STATIC_STEPS_BYTES = 30_000


def step_body_html(steps: Sequence, k: int, lang: Optional[str] = None,
                   unchanged_code: bool = True, inline: bool = True, compact: bool = False) -> str:
    """Explanation and code of step ``k``: the code after it beside the code
    before it (or the original alone for step 0).  ``unchanged_code=False``
    leaves out the code of a step that changed nothing (it equals the step before);
    ``inline=False`` leaves out the inline styles only untrusted notebooks need;
    ``compact``: fewer unchanged lines around the changes and no syntax colours (the
    static copy of every step under a live stepper, kept small in a saved notebook)."""
    lang = get_lang(lang)
    step = steps[k]
    key = "Original" if step.is_original else step.transformer
    words = (t("steps.original_sot", lang) if step.is_original and getattr(steps, "path", "ast") == "sot"
             else explain(key, lang))
    parts = [f'<div class="d2s-explain">{esc(words)}</div>']
    if step.is_original or k == 0:
        code = highlight_python(step.source)
        if compact and len(code) > COMPACT_CODE_BYTES:  # a long forward: plain text is a third
            code = f'<div class="highlight"><pre>{esc(step.source)}</pre></div>'
        parts.append(code)
    elif not step.changed:
        parts.append(f'<div class="d2s-sub">{esc(t("steps.no_change_body", lang))}</div>')
        if unchanged_code:
            parts.append(highlight_python(step.source))
    else:
        prev = steps[k - 1]
        prev_name = t("steps.original", lang) if prev.is_original else prev.transformer
        parts.append(side_by_side_html(
            prev.source, step.source,
            left_title=f'{t("steps.before", lang)} ({prev_name})',
            right_title=f'{t("steps.after", lang)} {step.transformer}',
            style=False, inline=inline, context=COMPACT_CONTEXT if compact else PAGE_CONTEXT,
            colours=not compact,
        ))
    return "".join(parts)


def step_page_html(steps: Sequence, k: int, lang: Optional[str] = None,
                   unchanged_code: bool = True, inline: bool = True, compact: bool = False) -> str:
    """One whole step: its title line, explanation and code (see :func:`step_body_html`)."""
    lang = get_lang(lang)
    head = f'<div class="d2s-step-head">{_step_title(steps[k], k, len(steps), lang)}</div>'
    return f'<div class="d2s">{head}{step_body_html(steps, k, lang, unchanged_code, inline, compact)}</div>'


def steps_static_html(steps: Sequence, lang: Optional[str] = None, fallback: bool = False,
                      title: Optional[str] = None) -> str:
    """Every step as a collapsible ``<details>`` section; plain HTML, no JavaScript.

    ``fallback=True`` marks it as the static copy shown under the live stepper: the
    stepper's first page (hidden while the stepper is live, see :data:`STEPS_CSS`), then
    every step folded into one ``<details>``, so it takes one line while the stepper
    works and shows the step and holds every step where it does not (a notebook
    reopened without a kernel, no widget manager, an HTML export)."""
    lang = get_lang(lang)
    n = len(steps)
    changed = sum(1 for s in steps if getattr(s, "changed", False))
    head = (f'<h3>{esc(t("steps.title", lang))}{_name_html(steps, lang, title)}</h3>'
            f'<div class="d2s-sub">{esc(_intro(steps, lang))} '
            f'({changed}/{max(n - 1, 0)} {esc(t("steps.changed", lang))})</div>{as_written_html(steps, lang)}')
    items, size = [], 0
    for k, step in enumerate(steps):
        state = "" if step.is_original else (" d2s-changed" if step.changed else " d2s-same")
        stat = ""
        if step.changed and k:
            removed, added = diff_stat(steps[k - 1].source, step.source)
            stat = f' <span class="d2s-sub">−{removed} / +{added}</span>'
        if fallback and k == 0:  # the stepper's first page, just above, shows it
            body = f'<div class="d2s-sub">{esc(t("steps.shown_above", lang))}</div>'
        else:
            body = step_body_html(steps, k, lang, unchanged_code=False, compact=fallback)
            if fallback and size + len(body) > STATIC_STEPS_BYTES:
                body = f'<div class="d2s-sub">{esc(t("steps.left_out", lang))}</div>'
        size += len(body)
        items.append(
            f'<details class="d2s-step{state}"><summary>{_step_title(step, k, n, lang)}{stat}</summary>'
            f"{body}</details>"
        )
    if fallback:
        # the stepper's first page (what it shows when displayed), then every step folded
        now = (f'<div class="d2s-steps-now d2s-steps">{head}'
               f'{step_page_html(steps, 0, lang, unchanged_code=False, compact=True)}</div>')
        body = (f'{_css()}{now}<details class="d2s-allsteps d2s-steps d2s-steps-static">'
                f'<summary>{esc(t("steps.static_title", lang))} · {n - 1} {esc(t("steps.steps_word", lang))}'
                f'</summary>{head}{"".join(items)}</details>')
    else:
        body = f'<div class="d2s-steps">{_css()}{head}{"".join(items)}</div>'
    return wrap(body)


def _next_index(steps: Sequence, k: int, direction: int, skip_same: bool) -> int:
    j = k + direction
    while 0 <= j < len(steps):
        s = steps[j]
        if not skip_same or s.changed or s.is_original:
            return j
        j += direction
    return k


def steps_widget(steps: Sequence, lang: Optional[str] = None):
    """An ipywidgets stepper: Prev/Next, a slider, a skip-unchanged switch, and
    the current step's transformer, explanation and code diff.

    One page widget shows the step; the kernel puts the next page in it. So what a
    saved notebook keeps of the stepper is one page, whatever the number of steps or the
    length of the function (without a kernel, the static copy under it has every step).
    Attributes: ``prev_button``, ``next_button``, ``slider``, ``skip``, ``page``,
    ``steps``; ``index`` and ``shown_html`` read the current step.
    """
    import ipywidgets as W

    lang = get_lang(lang)
    n = len(steps)
    if n == 0:
        raise ValueError(t("steps.none_to_show", lang))
    header = W.HTML(
        f'<div class="d2s">{_css()}<b>{esc(t("steps.title", lang))}{_name_html(steps, lang)}</b> '
        f'<span class="d2s-sub">{esc(_intro(steps, lang))}</span>{as_written_html(steps, lang)}</div>'
    )
    pages: dict = {}  # made as the stepper reaches them: a cell shows the first page only

    def page_html(k: int) -> str:
        if k not in pages:
            pages[k] = step_page_html(steps, k, lang, unchanged_code=False, inline=False)
        return pages[k]

    page = W.HTML(page_html(0))
    # never narrower than their words: a narrow notebook (1024 px, side panel open) shrinks
    # the slider, not "◀ 上一步" into "◀ 上…"
    prev_b = W.Button(description=t("steps.prev", lang),
                      layout=W.Layout(width="auto", min_width="max-content", flex="0 0 auto"))
    next_b = W.Button(description=t("steps.next", lang),
                      layout=W.Layout(width="auto", min_width="max-content", flex="0 0 auto"))
    slider = W.IntSlider(value=0, min=0, max=n - 1, step=1, description=t("steps.step", lang),
                         continuous_update=True, layout=W.Layout(width="360px", max_width="100%"))
    skip = W.Checkbox(value=False, description=t("steps.skip", lang), indent=False,
                      layout=W.Layout(width="auto"))

    def sync(change=None):
        page.value = page_html(slider.value)
        prev_b.disabled = _next_index(steps, slider.value, -1, skip.value) == slider.value
        next_b.disabled = _next_index(steps, slider.value, +1, skip.value) == slider.value

    def go(direction):
        slider.value = _next_index(steps, slider.value, direction, skip.value)

    slider.observe(sync, names="value")
    skip.observe(sync, names="value")
    prev_b.on_click(lambda _b: go(-1))
    next_b.on_click(lambda _b: go(+1))
    sync()
    # the controls wrap onto a second line where the output area is narrow (ipywidgets 7
    # keeps a row of widgets on one line, wider than the output at 1024 px)
    controls = W.HBox([prev_b, next_b, slider, skip], layout=W.Layout(flex_flow="row wrap", max_width="100%"))
    box = _box_class()([header, controls, page], layout=W.Layout(max_width="100%"))
    box.add_class("d2s-steps-live")
    box.steps, box.page, box.slider, box.skip = steps, page, slider, skip
    box.prev_button, box.next_button = prev_b, next_b
    return box


def close_widget(widget) -> None:
    """Close a widget and everything it made (children, layouts, styles, links), so the
    kernel forgets them when the output that showed them is replaced."""
    for child in getattr(widget, "children", None) or ():
        close_widget(child)
    for part in (getattr(widget, "link", None), getattr(widget, "layout", None),
                 getattr(widget, "style", None)):
        if part is not None and hasattr(part, "close") and getattr(part, "comm", None) is not None:
            part.close()
    widget.close()


@functools.lru_cache(maxsize=None)
def _box_class():
    import ipywidgets as W

    class StepsBox(W.VBox):
        """The stepper; ``index`` is the step shown, ``shown_html`` its HTML."""

        @property
        def index(self) -> int:
            return self.slider.value

        @property
        def shown_html(self) -> str:
            return self.page.value

        @property
        def shown_step(self):
            return self.steps[self.slider.value]

    return StepsBox


def live_note(lang: Optional[str] = None) -> str:
    """Plain-text stand-in for the stepper where widgets cannot render."""
    return t("steps.live_note", lang)
