"""Inside SOT in JupyterLab at 1024x768 with the file browser open, in Chinese: the report's
"SOT 内部" part and each subgraph's code unfold inside the output (nothing runs past its
right edge), and the %d2s_calls table reads whole. Screenshot:
build/test-output/browser-inside-sot-zh-1024.png.
"""
import os

import browser_util as bu
from versions import frontend_only

pytestmark = frontend_only("the layout of the Inside SOT part")

SOT_CELL = '''%%to_static --mode sot --example "paddle.ones([4, 8]), 2.0"
import paddle
def scale(x, factor):
    y = paddle.tanh(x) * factor
    if y.mean() > 0:
        y = y + 1
    return y
'''
CALLS_CELL = "x = paddle.ones([4, 8])\n_d2s(x, 2.0); _d2s(x, 2.0); _d2s(x, 3.0)\n%d2s_calls"
CELLS = ["%load_ext d2s_lab\n%d2s_lang zh", SOT_CELL, CALLS_CELL]
NOTEBOOK = "inside-sot-zh.ipynb"  # lab_page (tests/browser/conftest.py) runs CELLS in it
REPORT, CALLS = 1, 2

# Every part of an output wider than the output itself (what would run past its edge).
OVERFLOW = """(root) => { const right = root.getBoundingClientRect().right + 1;
  return [...root.querySelectorAll('*')].filter(el => el.offsetParent !== null
      && el.getBoundingClientRect().right > right && !el.closest('[style*="overflow"], .d2s-scroll, pre'))
    .map(el => el.tagName + '.' + el.className).slice(0, 5); }"""



def test_inside_sot_unfolds_within_the_output_in_chinese(lab_page, out_dir):
    out = bu.output(lab_page, REPORT)
    out.locator(".d2s").first.wait_for(state="visible", timeout=20_000)
    assert "SOT 内部" in out.inner_text()
    out.evaluate("(root) => root.querySelectorAll('details').forEach(d => d.open = true)")
    lab_page.wait_for_timeout(300)
    text = out.inner_text()
    assert "守卫条件" in text and "resume_0_scale" in text and "factor == 2.0" in text
    assert "SOT 实际运行的代码" in text and "SOT_EXPORT" in text
    bu.screenshot(out, os.path.join(out_dir, "browser-inside-sot-zh-1024.png"))
    box = out.evaluate("(root) => ({scroll: root.scrollWidth, client: root.clientWidth})")
    assert box["scroll"] <= box["client"] + 1, box
    assert out.evaluate(OVERFLOW) == []


def test_calls_table_reads_whole_in_chinese(lab_page, out_dir):
    out = bu.output(lab_page, CALLS)
    out.locator("table").first.wait_for(state="visible", timeout=20_000)
    text = out.inner_text()
    assert "命中缓存" in text and "新缓存项" in text and "factor == 2.0" in text, text
    bu.screenshot(out, os.path.join(out_dir, "browser-calls-zh-1024.png"))
    box = out.evaluate("(root) => ({scroll: root.scrollWidth, client: root.clientWidth})")
    assert box["scroll"] <= box["client"] + 1, box
    assert out.evaluate(OVERFLOW) == []
