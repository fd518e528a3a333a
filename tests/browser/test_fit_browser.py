"""At 1024x768 with the file browser open, in Chinese: an error box's code listing with a
long line scrolls inside the box instead of running past its border, and a drawing wider
than its box fits it when "适应宽度" (fit width) is chosen; "清晰可读" (readable, the
default) keeps text readable and scrolls sideways. Screenshots in build/test-output/.
The same checks run on JupyterLab 3.6 in tests/browser/test_old_frontends_browser.py.
"""
import os

import browser_util as bu
from versions import frontend_only

pytestmark = frontend_only("the layout of error boxes and the graph's zoom")

LONG = "    y = paddle.reshape(x, [2, 3, 5]) + " + " + ".join(f"paddle.ones([2, 3, 5]) * {k}.0" for k in range(12))
ERROR_CELL = f'%%to_static --input "x: [None, 4] float32"\nimport paddle\ndef f(x):\n{LONG}\n    return y\n'
WIDE_CELL = '''%%to_static --input "x: [None, 8] float32" --depth all
import paddle
class Wide(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.branches = paddle.nn.LayerList([paddle.nn.Linear(8, 8) for _ in range(8)])
    def forward(self, x):
        return paddle.add_n([paddle.nn.functional.relu(b(x)) for b in self.branches])
wide = Wide()
'''
CELLS = ["%load_ext d2s_lab\n%d2s_lang zh", ERROR_CELL, WIDE_CELL]
NOTEBOOK = "fit-zh.ipynb"  # lab_page (tests/browser/conftest.py) runs CELLS in it
ERROR, WIDE = 1, 2



def check_error_box(out, shot):
    """The error box's listing: wider than the box, it scrolls inside it."""
    box = out.locator(".d2s-error").first
    box.wait_for(state="visible", timeout=20_000)
    bu.screenshot(out, shot)
    edges = box.evaluate("""(b) => { const t = b.querySelector('table.d2s-code');
        const s = t.closest('.d2s-code-scroll');
        return {box: b.getBoundingClientRect().right, table: t.getBoundingClientRect().right,
                shown: s.getBoundingClientRect().right, scrolls: s.scrollWidth > s.clientWidth}; }""")
    assert edges["table"] > edges["box"], edges  # the line is longer than the box...
    assert edges["shown"] <= edges["box"] + 1 and edges["scrolls"], edges  # ...and scrolls inside it


def check_fit_width(page, out, shot):
    """Readable by default (wider than the box), then "适应宽度" fits it."""
    graph = out.locator(".d2s-graph-box").first
    graph.wait_for(state="visible", timeout=20_000)
    sizes = "(b) => ({box: b.clientWidth, svg: b.querySelector('svg').getBoundingClientRect().width})"
    readable = graph.evaluate(sizes)
    assert readable["svg"] > readable["box"], readable  # wider than the box at readable text size
    out.locator("label", has_text="适应宽度").first.click()
    page.wait_for_timeout(300)
    fitted = graph.evaluate(sizes)
    bu.screenshot(out, shot)
    assert fitted["svg"] <= fitted["box"] + 1, fitted


def test_error_listing_stays_inside_its_box(lab_page, out_dir):
    check_error_box(bu.output(lab_page, ERROR), os.path.join(out_dir, "browser-error-box-zh-1024.png"))


def test_fit_width_fits_and_readable_scrolls(lab_page, out_dir):
    check_fit_width(lab_page, bu.output(lab_page, WIDE), os.path.join(out_dir, "browser-fit-width-zh-1024.png"))
