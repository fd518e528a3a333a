"""The step-through and the linked view in a real browser: JupyterLab with a live kernel,
and the executed notebook's nbconvert HTML export opened offline.

Skipped, with what is missing, where Chromium, JupyterLab or Playwright are absent.
"""
import os
import re

import pytest

import browser_util as bu
from versions import step_names

STEPS_CELL = '''import paddle
def gate(x):
    if paddle.mean(x) > 0:
        x = x * 2
    for i in range(2):
        x = x + 1
    return x
%d2s_steps gate --lang en'''

LINKED_CELL = '''%%to_static --input "x: [None, 4] float32"
import paddle
def branch(x):
    if paddle.mean(x) > 0:
        y = x * 2
    else:
        y = x - 1
    return paddle.nn.functional.relu(y)
'''
IF_LINE = 4

CELLS = ["%load_ext d2s_lab", STEPS_CELL, LINKED_CELL]
NOTEBOOK = "steps.ipynb"  # lab_page (tests/browser/conftest.py) runs CELLS in it
STEPS, LINKED = 1, 2
STEP_NAMES = step_names()  # this Paddle's transformers, in order
N_STEPS = 1 + len(STEP_NAMES)  # the original, then one step per transformer
LAST = N_STEPS - 1


def _shown_page_text(live):
    """Text of the stepper's visible page (the Stack shows only the selected one)."""
    pages = [p for p in live.locator(".widget-html-content").all() if p.is_visible()]
    return " ".join(p.inner_text() for p in pages)


def test_stepper_steps_through_every_transformer_in_lab(lab_page, out_dir):
    out = bu.output(lab_page, STEPS)
    live = out.locator(".d2s-steps-live")
    live.wait_for(state="visible", timeout=20_000)
    # the static copy is folded into one line under the stepper
    assert out.locator(".d2s-steps-static").count() == 1
    assert out.locator(".d2s-steps-static").is_visible()
    assert not out.locator(".d2s-steps-static details.d2s-step").first.is_visible()
    first = _shown_page_text(live)
    assert f"Step 0 of {LAST}" in first and "Original" in first
    nxt = live.locator("button", has_text="Next")
    seen = []
    for k in range(1, N_STEPS):
        nxt.click()
        lab_page.wait_for_function(
            "([el, k, last]) => el.innerText.includes('Step ' + k + ' of ' + last)",
            arg=[live.element_handle(), k, LAST], timeout=10_000)
        text = _shown_page_text(live)
        seen.append(re.search(rf"Step \d+ of {LAST}\s+(\w+)", text).group(1))
        if seen[-1] == "IfElse":
            assert "_jst.IfElse" in text and "cond op" in text
            bu.screenshot(live, os.path.join(out_dir, "browser-steps-ifelse.png"))
    assert seen == STEP_NAMES
    assert live.locator("button", has_text="Next").is_disabled()


def test_hovering_a_source_line_highlights_its_ops_in_lab(lab_page, out_dir):
    out = bu.output(lab_page, LINKED)
    line = out.locator(f'td.d2s-code[data-d2s-line="{IF_LINE}"]').first
    line.wait_for(state="visible", timeout=20_000)
    ops = out.locator(f"g.d2s-op.d2s-line-{IF_LINE}")
    assert ops.count() >= 2  # mean, greater_than, if
    line.hover()
    width = ops.first.locator("polygon, ellipse, path").first.evaluate(
        "e => getComputedStyle(e).strokeWidth")
    assert width == "3px"
    rows = out.locator(f"tr.d2s-line-{IF_LINE}")
    assert rows.count() >= 2
    assert rows.first.locator("td").first.evaluate("e => getComputedStyle(e).backgroundColor") \
        == "rgb(255, 248, 197)"
    bu.screenshot(out.locator(".d2s").first, os.path.join(out_dir, "browser-linked.png"))


@pytest.fixture(scope="module")
def export_page(server, browser, out_dir):
    nb = os.path.join(server.root, "steps-export.ipynb")
    bu.write_notebook(nb, CELLS)
    html = bu.export_html(server, nb, os.path.join(out_dir, "browser-steps-export.html"))
    page = bu.new_page(browser)
    try:
        page.goto("file://" + html, wait_until="load", timeout=30_000)
        yield page
    finally:
        page.context.close()


def test_export_offline_shows_every_step(export_page, out_dir):
    static = export_page.locator(".d2s-steps-static").first
    static.wait_for(state="visible", timeout=10_000)
    static.locator(":scope > summary").click()  # folded into one line: open it
    steps = static.locator("details.d2s-step")
    assert steps.count() == N_STEPS
    summaries = " ".join(s.inner_text() for s in static.locator("details.d2s-step > summary").all())
    for name in ("TypeHint", "Loop", "IfElse", "Call", "NameloadJst"):
        assert name in summaries
    ifelse = static.locator("details.d2s-step", has_text="IfElseTransformer")
    ifelse.locator("summary").click()
    diff = ifelse.locator("table.d2s-diff")
    diff.wait_for(state="visible", timeout=5_000)
    assert "_jst.IfElse" in diff.inner_text()
    bu.screenshot(static, os.path.join(out_dir, "browser-steps-export.png"))
    # the linked view works offline too
    line = export_page.locator(f'td.d2s-code[data-d2s-line="{IF_LINE}"]').first
    line.hover()
    assert export_page.locator(f"g.d2s-op.d2s-line-{IF_LINE}.d2s-hl").count() >= 2
    # offline, the widget manager cannot load: no live stepper, so the static copy stays
    assert export_page.locator(".d2s-steps-live").count() == 0


def test_linked_view_works_without_javascript(export_page, browser):
    """With scripts off (an untrusted notebook, a strict viewer), hovering still
    highlights: the CSS :has() rules alone do it."""
    url = export_page.url
    ctx = browser.new_context(java_script_enabled=False, viewport=bu.VIEWPORT)
    try:
        page = ctx.new_page()
        bu.local_only(page)
        page.goto(url, wait_until="load", timeout=30_000)
        line = page.locator(f'td.d2s-code[data-d2s-line="{IF_LINE}"]').first
        op = page.locator(f"g.d2s-op.d2s-line-{IF_LINE}").first
        shape = op.locator("polygon, ellipse, path").first
        assert shape.evaluate("e => getComputedStyle(e).strokeWidth") != "3px"
        line.hover()
        assert shape.evaluate("e => getComputedStyle(e).strokeWidth") == "3px"
        assert page.locator(".d2s-hl").count() == 0  # no script ran
    finally:
        ctx.close()
