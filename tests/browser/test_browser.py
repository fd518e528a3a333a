"""d2s_lab in a real browser: JupyterLab in headless Chromium, and the static HTML export.

One JupyterLab server and one notebook run serve the JupyterLab checks; the static export
is the demo notebook's from the session's one quick demo run (shared with
tests/notebooks/test_notebook.py). Screenshots go to build/test-output/browser-*.png.

Needs Debian's Chromium at /usr/bin/chromium (`make test` installs it when root) and the
Python packages jupyterlab and playwright (requirements/test.txt); without them the
tests are skipped with a message that names what is missing.
"""
import os
import re
import shutil

import pytest

import browser_util as bu
import paths
from cells import BROKEN_CELL, BROKEN_LINE, SEED_CELL
from demo_run import NOTEBOOK as DEMO_NOTEBOOK

# Runs (from the cell's own line 12) into a shape error on the first static run.
# Every op of the seed net, left to right: wider than the output area at 100%.
LARGE_GRAPH_CELL = "%d2s_graph _d2s --depth all --rankdir LR"

# Markup in a layer name, in the source and in an error message must show as text.
XSS_IMG = "<img src=x onerror=window.__d2s_xss=1>"
XSS_SCRIPT = "<script>window.__d2s_xss = 2</script>"
XSS_ERR = "<img src=x onerror=window.__d2s_xss=3>"
XSS_CELL = f'''%%to_static --input "x: [None, 4] float32"
import paddle

class Evil(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.add_sublayer("{XSS_IMG}", paddle.nn.Linear(4, 4))

    def forward(self, x):
        tag = "{XSS_SCRIPT}"
        for layer in self.children():
            x = layer(x)
        return x

evil = Evil()
'''
XSS_ERROR_CELL = f'''%%to_static --input "x: [None, 4] float32"
def evil_fn(x):
    raise ValueError("{XSS_ERR}")
'''

CELLS = [
    "%load_ext d2s_lab",
    SEED_CELL,
    LARGE_GRAPH_CELL,
    BROKEN_CELL,
    XSS_CELL,
    XSS_ERROR_CELL,
]
LOAD, SEED, LARGE, BROKEN, XSS, XSS_ERROR = range(6)
NOTEBOOK = "e2e.ipynb"  # lab_page (tests/browser/conftest.py) runs CELLS in it


@pytest.fixture(scope="module")
def shots(out_dir):
    def shot(locator, name):
        path = os.path.join(out_dir, f"browser-{name}.png")
        bu.screenshot(locator, path)
        return path
    return shot


def _section(scope, title_start):
    """The report's <details> section whose summary starts with ``title_start``."""
    return scope.locator("details").filter(
        has=scope.page.locator("summary", has_text=re.compile("^" + re.escape(title_start)))
    ).first


def _report_of(page, index):
    out = bu.output(page, index)
    return out.locator(".jp-OutputArea-output").filter(has=page.locator(".d2s-summary")).first


def _report(page):
    return _report_of(page, SEED)


def test_lab_runs_the_magic_and_shows_the_report(lab_page, shots, out_dir):
    report = _report(lab_page)
    summary = report.locator(".d2s-summary")
    summary.wait_for(state="visible", timeout=10_000)
    # JupyterLab skips rendering cells out of view (content-visibility): scroll first.
    summary.scroll_into_view_if_needed()
    text = summary.inner_text()
    m = re.search(r"net\s*\[ast\]\s*·\s*(\d+)\s*ops", text)
    assert m and int(m.group(1)) > 10, text
    assert "in x: [None,3,32,32] float32" in text and "out [None,8] float32" in text
    assert not bu.output(lab_page, SEED).locator(".d2s-error").count()
    # No warning Paddle emits while d2s_lab converts lands above the report.
    assert "'place' interface" not in bu.output(lab_page, SEED).inner_text()
    # The op table: real shapes and the cell's own lines (forward starts at line 16).
    ops = _section(report, "Ops (")
    rows = ops.locator("table.d2s-ops tbody tr")
    convs = [r for r in rows.all() if r.locator("td").first.inner_text().strip() == "conv2d"]
    assert len(convs) == 3
    cells = [c.inner_text() for c in convs[0].locator("td").all()]
    assert "[N, 32, 15, 15]" in cells[2] and cells[4] == "conv1" and cells[5].endswith(":16")
    assert convs[2].locator("td").nth(5).inner_text().endswith(":18")
    # JupyterLab right-aligns output table cells; the report's own CSS must win.
    assert convs[0].locator("td").first.evaluate("e => getComputedStyle(e).textAlign") == "left"
    # Everything the page loaded came from this server.
    assert lab_page.blocked == []
    shots(report, "report")
    shots(ops, "ops")
    # The whole JupyterLab window, as a user sees the cell's output.
    summary.scroll_into_view_if_needed()
    lab_page.screenshot(path=os.path.join(out_dir, "browser-lab.png"))


def _within(page, inner, outer, what):
    ib, ob = inner.bounding_box(), outer.bounding_box()
    assert ib and ob and bu.box_within(ib, ob), f"{what}: {ib} not within {ob}"


def test_graph_svg_is_visible_and_not_cropped(lab_page, shots):
    report = _report(lab_page)
    view = report.locator(".d2s-graphview").first
    svg = view.locator(".d2s-graph-box svg").first
    svg.scroll_into_view_if_needed()
    assert svg.is_visible()
    # The seed net at depth 1: its layers and ops are nodes with stable ids.
    ids = svg.evaluate("s => [...s.querySelectorAll('g.node')].map(g => g.id)")
    assert any(i.startswith("d2s-op-") for i in ids) and "d2s-layer-conv1" in ids, ids
    text = svg.evaluate("s => s.textContent")
    assert "conv1" in text and "[N, 32, 15, 15]" in text
    # Fit width: the drawing lies inside the output area, and every node inside the drawing.
    _within(lab_page, svg, report, "graph SVG in the output area")
    nodes = svg.locator("g.node")
    for k in range(nodes.count()):
        _within(lab_page, nodes.nth(k), svg, f"node {ids[k]}")
    # Taller than its box at fit width: the box scrolls down to the last node.
    box = view.locator(".d2s-graph-box")
    _within(lab_page, box, report, "graph box in the output area")
    box.evaluate("b => { b.scrollTop = b.scrollHeight; }")
    _within(lab_page, svg.locator('g.node[id="d2s-output-0"]'), box, "last node, scrolled to")
    box.evaluate("b => { b.scrollTop = 0; }")
    shots(view, "graph")


# The smallest text of a drawing (8 pt labels) in CSS pixels, as drawn now.
SMALLEST_TEXT_PX = "s => 8 * 96 / 72 * s.getBoundingClientRect().width / s.width.baseVal.value"


def test_large_graph_fits_the_width_then_zooms_and_scrolls(lab_page, shots):
    out = bu.output(lab_page, LARGE)
    view = out.locator(".d2s-graphview").first
    svg, box = view.locator(".d2s-graph-box svg").first, view.locator(".d2s-graph-box")
    svg.scroll_into_view_if_needed()
    assert svg.is_visible()
    assert svg.evaluate("s => s.querySelectorAll('g.node[id^=\"d2s-op-\"]').length") >= 12
    # Fit width (the default): scaled down into its box, but never below 9 px text:
    # past that it stays at that size and the box scrolls sideways.
    _within(lab_page, box, out, "graph box in the output area")
    text_px = svg.evaluate(SMALLEST_TEXT_PX)
    assert text_px >= 8.9, text_px
    if box.evaluate("b => b.scrollWidth > b.clientWidth + 1"):
        assert text_px < 9.3, f"scrolls although the text could shrink ({text_px:.1f} px)"
    else:
        _within(lab_page, svg, box, "fitted graph in its box")
    shots(view, "graph-large-fit")
    # 100%: the drawing is wider than the box, which scrolls and stays inside the output area.
    fit_width = svg.bounding_box()["width"]
    view.locator("label", has_text="100%").click()
    lab_page.wait_for_function("s => s.getBoundingClientRect().width > %f" % (fit_width * 1.1),
                               arg=svg.element_handle(), timeout=5_000)
    assert box.evaluate("b => b.scrollWidth > b.clientWidth")
    _within(lab_page, box, out, "zoomed graph box in the output area")
    box.evaluate("b => { b.scrollLeft = b.scrollWidth; }")
    assert box.evaluate("b => b.scrollLeft") > 0
    shots(view, "graph-large-100")
    view.locator("label", has_text="readable").click()


def test_at_1024x768_text_stays_readable_and_twins_stay_hidden(lab_page, out_dir):
    """A small screen: every drawing keeps its text at 9 px or more at "readable" (the
    wide left-to-right one scrolls sideways instead); the picture twins a trusted notebook
    does not need stay hidden, and so do the lines meant for untrusted ones."""
    size = dict(lab_page.viewport_size)
    lab_page.set_viewport_size({"width": 1024, "height": 768})
    try:
        for index, name in ((SEED, "seed"), (LARGE, "large")):
            out = bu.output(lab_page, index)
            svg = out.locator(".d2s-graph-box svg").first
            svg.scroll_into_view_if_needed()
            assert svg.is_visible()
            assert svg.evaluate(SMALLEST_TEXT_PX) >= 8.9, name
            assert out.locator(".jp-RenderedImage").count() == 1, name  # the twin is there
            assert not out.locator(".jp-RenderedImage").first.is_visible(), name  # ... hidden
            assert not out.locator(".d2s-untrusted").first.is_visible(), name
            lab_page.screenshot(path=os.path.join(out_dir, f"browser-1024-{name}.png"))
        box = bu.output(lab_page, LARGE).locator(".d2s-graph-box").first
        assert box.evaluate("b => b.scrollWidth > b.clientWidth + 1")  # LR at 1024: scrolls
    finally:
        lab_page.set_viewport_size(size)


# Where the first non-blank character of an element's text is drawn.
FIRST_CHAR_X = """e => {
    const walk = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
        const i = n.textContent.search(/\\S/);
        if (i >= 0) {
            const r = document.createRange(); r.setStart(n, i); r.setEnd(n, i + 1);
            return r.getBoundingClientRect().x;
        }
    }
    return null;
}"""


def test_source_panel_shows_both_versions_side_by_side(lab_page, shots):
    section = _section(_report(lab_page), "Source")
    diff = section.locator("table.d2s-diff").first
    diff.scroll_into_view_if_needed()
    assert diff.is_visible()
    heads = diff.locator("thead th")
    assert "Original" in heads.nth(0).inner_text() and "Transformed" in heads.nth(2).inner_text()
    # Each row: line number and code of the original, a change mark, then the transformed.
    pairs = diff.evaluate("t => [...t.tBodies[0].rows].map("
                          "r => [r.cells[0].textContent, r.cells[1].textContent, r.cells[4].textContent])")
    left = {int(n): code for n, code, _ in pairs if n.strip()}
    rt = "\n".join(p[2] for p in pairs)
    # The original keeps the cell's own line numbers (forward is at line 15 of the cell).
    assert left[15].strip() == "def forward(self, x):" and "self.conv1(x)" in left[16]
    assert not any("_jst" in code for code in left.values())
    assert "def forward(self, x):" in rt and "_jst.Call(" in rt
    # Code reads as code under JupyterLab's table styles: left-aligned, indentation kept.
    code = diff.locator("td.d2s-code").filter(has_text="self.conv1(x)").first
    assert code.evaluate("e => getComputedStyle(e).textAlign") == "left"
    assert code.evaluate("e => getComputedStyle(e).whiteSpace") in ("pre", "pre-wrap")
    head = diff.locator("td.d2s-code").filter(has_text="def forward").first
    indent = code.evaluate(FIRST_CHAR_X) - head.evaluate(FIRST_CHAR_X)
    assert 20 < indent < 60, indent  # four spaces of 12px monospace
    first = diff.locator("tbody tr").first
    lb, rb = first.locator("td").nth(1).bounding_box(), first.locator("td").nth(4).bounding_box()
    assert lb["x"] + lb["width"] <= rb["x"] + 1 and abs(lb["y"] - rb["y"]) < 5  # beside
    shots(section, "sources")


def _shown_step(live):
    """(title line, code text) of the step the stepper shows now."""
    page = live.locator(".d2s-step-head:visible").first
    page.wait_for(state="visible", timeout=10_000)
    return live.evaluate("""w => {
        const head = [...w.querySelectorAll('.d2s-step-head')].find(e => e.offsetParent !== null);
        const body = head.closest('.d2s');
        const code = [...body.querySelectorAll('pre, td.d2s-code')].map(e => e.textContent);
        return [head.textContent.replace(/\\s+/g, ' ').trim(), code.join('\\n')];
    }""")


def test_steps_widget_next_changes_the_code_shown(lab_page, shots):
    out = bu.output(lab_page, SEED)
    live = out.locator(".d2s-steps-live").first
    live.wait_for(state="visible", timeout=15_000)
    # Under the live stepper, its static copy is folded into one line (opened, it holds
    # every step: what a notebook reopened without a kernel still reads).
    static = out.locator(".d2s-steps-static").first
    assert static.is_visible() and not static.locator("details.d2s-step").first.is_visible()
    prev_b = live.locator("button", has_text="Prev")
    next_b = live.locator("button", has_text="Next")
    title0, code0 = _shown_step(live)
    assert title0.startswith("Step 0 of") and "Original" in title0, title0
    assert "def forward(self, x):" in code0 and "_jst" not in code0
    assert prev_b.is_disabled() and next_b.is_enabled()
    shots(live, "steps-0")
    # Next goes through the kernel (on_click) and back: the next transformer is shown.
    next_b.click()
    lab_page.wait_for_function(
        "w => [...w.querySelectorAll('.d2s-step-head')].some("
        "e => e.offsetParent !== null && /Step 1 of/.test(e.textContent))",
        arg=live.element_handle(), timeout=15_000)
    # Skip the transformers that change nothing: Next lands on one whose code differs.
    live.locator("input[type=checkbox]").check()
    next_b.click()
    lab_page.wait_for_function(
        "([w, t]) => { const h = [...w.querySelectorAll('.d2s-step-head')].find("
        "e => e.offsetParent !== null); return h && !/Step [01] of/.test(h.textContent); }",
        arg=[live.element_handle(), title0], timeout=15_000)
    title, code = _shown_step(live)
    assert "changed" in title, title
    assert code != code0
    assert prev_b.is_enabled()
    shots(live, "steps-next")


def test_broken_cell_shows_the_error_report_at_the_cell_line(lab_page, shots):
    out = bu.output(lab_page, BROKEN)
    err = out.locator(".d2s-error").first
    err.wait_for(state="visible", timeout=10_000)
    head = err.locator(".d2s-err-head").inner_text()
    assert "broken" in head and "first static run" in head and "ValueError" in head, head
    assert "matmul" in err.inner_text()
    # The failing line of the cell itself, marked, with its neighbours.
    bad = err.locator("table.d2s-code tr.d2s-bad").first
    assert bad.is_visible()
    number, code = bad.locator("td").all_inner_texts()[:2]
    assert number.strip().endswith(str(BROKEN_LINE)) and code.strip() == "return paddle.matmul(y, y)"
    assert err.locator("table.d2s-code tr").count() >= 3
    # Code reads as code under JupyterLab's table styles: left-aligned, not wrapped.
    cell_style = bad.locator("td").nth(1).evaluate(
        "e => [getComputedStyle(e).textAlign, getComputedStyle(e).whiteSpace]")
    assert cell_style == ["left", "pre"], cell_style
    # Paddle's full text is one click away, not spilled into the page.
    full = err.locator("details", has_text="Full traceback")
    assert not full.locator("pre").is_visible()
    assert "Traceback (most recent call last)" not in out.inner_text()
    shots(out.locator(".jp-OutputArea-output").filter(has=lab_page.locator(".d2s-error")).first, "error")


def test_markup_in_names_source_and_errors_shows_as_text(lab_page, shots):
    out, err_out = bu.output(lab_page, XSS), bu.output(lab_page, XSS_ERROR)
    out.locator(".d2s-summary").wait_for(state="visible", timeout=10_000)
    # JupyterLab runs scripts and inline handlers of trusted HTML outputs: none may run.
    assert lab_page.evaluate("() => window.__d2s_xss") is None
    for scope in (out, err_out):
        assert scope.locator("img[src=x]").count() == 0
        assert scope.evaluate("o => [...o.querySelectorAll('script')].some("
                              "s => s.textContent.includes('__d2s_xss'))") is False
    # ... and the text reads as written: op table, graph, source, error message.
    report = _report_of(lab_page, XSS)
    report.scroll_into_view_if_needed()
    assert XSS_IMG in _section(report, "Ops (").inner_text()
    # (the graph shortens long labels)
    assert XSS_IMG[:24] in report.locator(".d2s-graph-box svg").first.evaluate("s => s.textContent")
    assert XSS_SCRIPT in _section(report, "Source").inner_text()
    err = err_out.locator(".d2s-error").first
    err.wait_for(state="visible", timeout=10_000)
    err.scroll_into_view_if_needed()
    assert XSS_ERR in err.inner_text()
    shots(_section(report, "Ops ("), "escaped-ops")
    shots(err, "escaped-error")


def _demo_data():
    """The CIFAR-10 archive the demo notebook reads: $D2S_CIFAR10, or the copy CI uses."""
    from d2s_lab.teaching.datasets import ENV_VAR

    for path in (os.environ.get(ENV_VAR, ""), paths.SHARED_CIFAR10):
        if path and os.path.isfile(path):
            return path
    return None


@pytest.fixture(scope="module")
def export_page(request, server, browser, out_dir):
    """The executed demo notebook's nbconvert HTML export (quick mode), opened offline
    (file://, every other request aborted): the session's ``demo_run`` (tests/conftest.py),
    whose results the notebook tests check. Without CIFAR-10 on this machine, a notebook
    with the demo's %%to_static cell (the seed net), exported by ``jupyter nbconvert
    --execute``, stands in for it."""
    html = os.path.join(out_dir, "browser-export.html")
    if _demo_data():
        demo_out = request.getfixturevalue("demo_run")[3]
        shutil.copy(os.path.join(demo_out, DEMO_NOTEBOOK.stem + ".html"), html)
    else:
        nb = os.path.join(server.root, "export.ipynb")
        bu.write_notebook(nb, CELLS[:2])
        bu.export_html(server, nb, html)
    page = bu.new_page(browser)
    try:
        page.goto("file://" + html, wait_until="load", timeout=30_000)
        page.html_path = html
        yield page
    finally:
        page.context.close()


def test_static_export_shows_graph_and_steps_offline(export_page, shots):
    page = export_page
    report = page.locator(".jp-OutputArea-output").filter(has=page.locator(".d2s-summary")).first
    report.wait_for(state="visible", timeout=10_000)
    assert re.search(r"\w+\s*\[ast\]\s*·\s*\d+\s*ops", report.locator(".d2s-summary").inner_text())
    assert _section(report, "Ops (").locator("table.d2s-ops tbody tr").count() > 10
    # The graph: drawn inline, every node inside the drawing, the drawing inside the output.
    svg = report.locator(".d2s-graphview .d2s-graph-box svg").first
    svg.scroll_into_view_if_needed()
    assert svg.is_visible()
    assert "d2s-layer-conv1" in svg.evaluate("s => [...s.querySelectorAll('g.node')].map(g => g.id)")
    _within(page, svg, report, "exported graph in its output")
    nodes = svg.locator("g.node")
    for k in range(nodes.count()):
        _within(page, nodes.nth(k), svg, "exported graph node")
    shots(report.locator(".d2s-graphview").first, "export-graph")
    # The steps: the widget cannot load offline, so the static copy shows every step.
    assert page.locator(".d2s-steps-live").count() == 0
    static = page.locator(".d2s-steps-static").first
    static.scroll_into_view_if_needed()
    assert static.is_visible()
    static.locator(":scope > summary").click()  # folded into one line: open it
    steps = static.locator("details.d2s-step")
    assert steps.count() >= 10
    # The last rewrite (NameloadJst) wraps every name load in _jst.Ld.
    changed = static.locator("details.d2s-step.d2s-changed").last
    changed.locator("summary").click()
    code = changed.locator("td.d2s-code")
    code.first.wait_for(state="visible", timeout=5_000)
    assert "_jst.Ld(" in " ".join(code.all_inner_texts())
    shots(static, "export-steps")


def test_static_export_reads_without_javascript(export_page, browser):
    """The graph, its zoom and the steps are plain HTML and CSS: no script needed."""
    context = browser.new_context(viewport=bu.VIEWPORT, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto("file://" + export_page.html_path, wait_until="load", timeout=30_000)
        view = page.locator(".d2s-graphview").first
        svg = view.locator(".d2s-graph-box svg").first
        svg.scroll_into_view_if_needed()
        assert svg.is_visible()
        width = svg.bounding_box()["width"]
        view.locator("label", has_text="200%").click()
        assert svg.bounding_box()["width"] > width * 1.2
        page.locator(".d2s-steps-static > summary").first.click()
        step = page.locator(".d2s-steps-static details.d2s-step.d2s-changed").last
        step.locator("summary").click()
        assert step.locator("td.d2s-code").first.is_visible()
    finally:
        context.close()
