"""d2s_lab in a real browser: JupyterLab in headless Chromium, and the static HTML export.

One JupyterLab server and one notebook run serve the whole module (about half a minute
on 2 cores). Screenshots go to build/test-output/browser-*.png.

Needs Debian's Chromium at /usr/bin/chromium (`make test` installs it when root) and the
Python packages jupyterlab and playwright (requirements/test.txt); without them the
module is skipped with a message that names what is missing.
"""
import os
import re

import pytest

import browser_util as bu
from test_magics import SEED_CELL

_missing = bu.missing_requirements()
if _missing:
    pytest.skip("browser tests need: " + "; ".join(_missing), allow_module_level=True)

# Runs (from the cell's own line 12) into a shape error on the first static run.
BROKEN_CELL = '''%%to_static --input "x: [None, 8] float32"
import paddle
from paddle import nn

class Broken(nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 4)

    def forward(self, x):
        y = self.fc(x)
        return paddle.matmul(y, y)

broken = Broken()
'''
BROKEN_LINE = 12

# ipywidgets 8 renders in JupyterLab from the prebuilt jupyterlab_widgets extension.
WIDGET_CELL = 'import ipywidgets\nipywidgets.Button(description="d2s-widget-probe")'

CELLS = [
    "%load_ext d2s_lab",
    SEED_CELL,
    BROKEN_CELL,
    WIDGET_CELL,
]
LOAD, SEED, BROKEN, WIDGET = range(4)
DEMO = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                    "notebooks", "cifar10_image_search.ipynb")


@pytest.fixture(scope="module")
def shots(out_dir):
    def shot(locator, name):
        path = os.path.join(out_dir, f"browser-{name}.png")
        bu.screenshot(locator, path)
        return path
    return shot


@pytest.fixture(scope="module")
def out_dir():
    from conftest import OUT_DIR

    os.makedirs(OUT_DIR, exist_ok=True)
    return OUT_DIR


@pytest.fixture(scope="module")
def server(out_dir):
    with bu.lab_server(os.path.join(out_dir, "browser-jupyter-lab.log")) as srv:
        yield srv


@pytest.fixture(scope="module")
def browser():
    with bu.chromium() as b:
        yield b


@pytest.fixture(scope="module")
def lab_page(server, browser):
    """The test notebook, opened in JupyterLab and run top to bottom."""
    bu.write_notebook(os.path.join(server.root, "e2e.ipynb"), CELLS)
    page = bu.new_page(browser)
    try:
        bu.open_notebook(page, server, "e2e.ipynb")
        bu.run_all_cells(page, len(CELLS))
        yield page
    finally:
        page.context.close()


def _output(page, index):
    return bu.cell(page, index).locator(".jp-OutputArea")


def test_lab_runs_the_magic_and_shows_the_report(lab_page, shots):
    out = _output(lab_page, SEED)
    summary = out.locator(".d2s-summary")
    summary.wait_for(state="visible", timeout=10_000)
    text = summary.inner_text()
    m = re.search(r"net\s*\[ast\]\s*·\s*(\d+)\s*ops", text)
    assert m and int(m.group(1)) > 10, text
    assert "in x: [None,3,32,32] float32" in text and "out [None,8] float32" in text
    assert not out.locator(".d2s-error").count()
    # The op table: real shapes and the cell's own lines (forward starts at line 16).
    rows = out.locator("table.d2s-ops tbody tr")
    convs = [r for r in rows.all() if r.locator("td").first.inner_text().strip() == "conv2d"]
    assert len(convs) == 3
    cells = [c.inner_text() for c in convs[0].locator("td").all()]
    assert "[N, 32, 15, 15]" in cells[2] and cells[4] == "conv1" and cells[5].endswith(":16")
    assert convs[2].locator("td").nth(5).inner_text().endswith(":18")
    # JupyterLab right-aligns output table cells; the report's own CSS must win.
    assert convs[0].locator("td").first.evaluate("e => getComputedStyle(e).textAlign") == "left"
    # Everything the page loaded came from this server.
    assert lab_page.blocked == []
    shots(out, "report")


def test_source_panel_shows_both_versions_side_by_side(lab_page, shots):
    out = _output(lab_page, SEED)
    diff = out.locator("table.d2s-diff").first
    diff.scroll_into_view_if_needed()
    assert diff.is_visible()
    heads = diff.locator("thead th")
    assert "Original" in heads.nth(0).inner_text() and "Transformed" in heads.nth(2).inner_text()
    # Each row: line number and code of the original, a change mark, then the transformed.
    pairs = diff.evaluate("t => [...t.tBodies[0].rows].map(r => [r.cells[1].textContent, r.cells[4].textContent])")
    lt, rt = "\n".join(p[0] for p in pairs), "\n".join(p[1] for p in pairs)
    assert "def forward(self, x):" in lt and "_jst" not in lt
    assert "def forward(self, x):" in rt and "_jst" in rt
    # Code keeps its indentation; long lines wrap inside their own column.
    code = diff.locator("td.d2s-code").first
    assert code.evaluate("e => getComputedStyle(e).whiteSpace") == "pre-wrap"
    first = diff.locator("tbody tr").first
    lb, rb = first.locator("td").nth(1).bounding_box(), first.locator("td").nth(4).bounding_box()
    assert lb["x"] + lb["width"] <= rb["x"] + 1 and abs(lb["y"] - rb["y"]) < 5  # beside
    shots(out.locator(".d2s-sbs").first, "sources")


def test_broken_cell_shows_the_error_with_the_cell_line(lab_page, shots):
    out = _output(lab_page, BROKEN)
    err = out.locator(".d2s-error")
    err.first.wait_for(state="visible", timeout=10_000)
    text = err.first.inner_text()
    assert "matmul" in text and f"line {BROKEN_LINE}" in text, text
    assert "Traceback" not in out.inner_text()
    shots(out, "error")


def test_ipywidgets_render_without_an_extension_build(lab_page):
    button = _output(lab_page, WIDGET).locator("button.jupyter-widgets")
    button.wait_for(state="visible", timeout=15_000)
    assert button.inner_text().strip() == "d2s-widget-probe"


@pytest.fixture(scope="module")
def export_page(server, browser, out_dir):
    """The executed notebook's nbconvert HTML export, opened offline (file://,
    every other request aborted)."""
    nb = os.path.join(server.root, "export.ipynb")
    bu.write_notebook(nb, CELLS[:2])
    html = bu.export_html(server, nb, os.path.join(out_dir, "browser-export.html"))
    page = bu.new_page(browser)
    try:
        page.goto("file://" + html, wait_until="load", timeout=30_000)
        yield page
    finally:
        page.context.close()


def test_static_export_shows_the_report_offline(export_page, shots):
    report = export_page.locator(".d2s").filter(has=export_page.locator(".d2s-summary")).first
    report.wait_for(state="visible", timeout=10_000)
    assert re.search(r"net\s*\[ast\]\s*·\s*\d+\s*ops", report.locator(".d2s-summary").inner_text())
    assert report.locator("table.d2s-ops tbody tr").count() > 10
    shots(report, "export")
