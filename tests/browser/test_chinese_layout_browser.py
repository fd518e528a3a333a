"""The Chinese stepper in JupyterLab at 1024x768 with the file browser open: every button
and label of the stepper reads whole (no "◀ 上…"), measured in the browser as an element
whose text fits its box (scrollWidth <= clientWidth). Screenshot:
build/test-output/browser-steps-zh-1024.png.
"""
import os

import browser_util as bu
from versions import frontend_only

pytestmark = frontend_only("the Chinese stepper's layout")

STEPS_CELL = '''import paddle
def gate(x):
    if paddle.mean(x) > 0:
        x = x * 2
    for i in range(2):
        x = x + 1
    return x
%d2s_steps gate'''

REPORT_CELL = '''%%to_static --input "x: [None, 4] float32"
import paddle
def branch(x):
    if paddle.mean(x) > 0:
        y = x * 2
    else:
        y = x - 1
    return paddle.nn.functional.relu(y)
'''

CELLS = ["%load_ext d2s_lab\n%d2s_lang zh", STEPS_CELL, REPORT_CELL]
NOTEBOOK = "steps-zh.ipynb"  # lab_page (tests/browser/conftest.py) runs CELLS in it, then ready()
STEPS, REPORT = 1, 2

# Each control of the stepper's bar whose text would be cut: the buttons, the slider's and
# the check box's labels; for each, its text and whether that text fits its box.
MEASURE = """(root) => [...root.querySelectorAll(
    'button, .widget-label, .widget-readout, .widget-checkbox label, .widget-checkbox span')]
  .filter(el => el.offsetParent !== null && el.textContent.trim())
  .map(el => ({text: el.textContent.trim(), scroll: el.scrollWidth, client: el.clientWidth,
               width: el.getBoundingClientRect().width}))"""


def ready(page):
    page.set_viewport_size(bu.SMALL)
    page.evaluate("() => window.jupyterapp.commands.execute('filebrowser:activate')")
    page.locator(".jp-FileBrowser").first.wait_for(state="visible", timeout=20_000)
    bu.output(page, STEPS).locator(".d2s-steps-live button").first.wait_for(state="visible",
                                                                               timeout=20_000)
    page.wait_for_timeout(500)  # the notebook re-lays out after the side panel opens


def test_chinese_stepper_buttons_read_whole_at_1024_with_the_file_browser_open(lab_page, out_dir):
    assert lab_page.locator(".jp-FileBrowser").first.is_visible()
    assert lab_page.viewport_size == bu.SMALL
    live = bu.output(lab_page, STEPS).locator(".d2s-steps-live")
    bu.screenshot(live, os.path.join(out_dir, "browser-steps-zh-1024.png"))
    controls = live.evaluate(MEASURE)
    texts = [c["text"] for c in controls]
    assert "◀ 上一步" in texts and "下一步 ▶" in texts, texts
    cut = [c for c in controls if c["scroll"] > c["client"]]
    assert cut == [], cut
    # and the notebook is really narrow: the panel beside it takes part of the 1024 pixels
    notebook = lab_page.locator(".jp-NotebookPanel").first.bounding_box()
    assert notebook["width"] < 800, notebook


# The report's own controls: the graph's zoom buttons and the folds' titles.
REPORT_CONTROLS = """(root) => [...root.querySelectorAll('button, summary, .d2s-g-tools a, .d2s-g-tools span')]
  .filter(el => el.offsetParent !== null && el.textContent.trim())
  .map(el => ({text: el.textContent.trim().slice(0, 40), scroll: el.scrollWidth, client: el.clientWidth}))"""


def test_chinese_report_controls_read_whole_at_1024(lab_page, out_dir):
    out = bu.output(lab_page, REPORT)
    out.locator(".d2s-report").first.wait_for(state="visible", timeout=20_000)
    bu.screenshot(out, os.path.join(out_dir, "browser-report-zh-1024.png"))
    controls = out.evaluate(REPORT_CONTROLS)
    assert controls, "no controls found in the report"
    assert any("计算图" in c["text"] for c in controls), [c["text"] for c in controls]
    cut = [c for c in controls if c["scroll"] > c["client"] + 1]
    assert cut == [], cut
