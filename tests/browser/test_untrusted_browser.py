"""A handed-out notebook: executed elsewhere (nbclient), saved unsigned, opened in
JupyterLab at 1024x768, then read with its kernel stopped, as a student gets it; its
picture, sources and error box in Notebook 7 too, and (Paddle 3 run) its default-path
outputs in JupyterLab 3.6.

JupyterLab sanitizes untrusted HTML (no <style>, no inline SVG, no scripts): the report
must still show the graph (its picture twin), aligned sources and the error box, in
English and Chinese, and the steps must read without a kernel. Screenshots go to
build/test-output/untrusted-*.png.
"""
import base64
import json
import os
import re
import shutil
import struct

import pytest

import browser_util as bu
from cells import BROKEN_CELL, BROKEN_LINE, HALVES, SEED_CELL
from versions import frontend_only

SAVE_CELL = 'import d2s_lab\nd2s_lab.convert(net, ["x: [None,3,32,32] float32"]).save("handout_model/net")'
RESNET_CELL = '''%%to_static --input "x: [None, 3, 224, 224] float32"
from paddle.vision.models import resnet18
resnet = resnet18()
resnet.eval()
'''
# The default path (SOT), a print between two halves: the run drawing, the profile of a
# call, a watch of a loop whose Python value changes on every call; in English and Chinese.
RUN_CELL = '%%to_static --mode sot --example "paddle.ones([2, 8]), paddle.ones([8, 8])"\nimport paddle\n' + HALVES
PROFILE_CELL = "%d2s_profile --calls 3"
WATCH_CELL = '''%%d2s_watch
@paddle.jit.to_static
def train_step(x, lr):
    return x * lr + 1
lr = {lr}
for _ in range(4):
    y = train_step(paddle.ones([2, 3]), lr)
    lr *= 0.5
'''
# A d2s_lab call in a cell that raises (bad input): its box and one line, no traceback.
API_CELL = "d2s_lab.profile(net, calls=0)"
CELLS = ["%load_ext d2s_lab", SEED_CELL, BROKEN_CELL, "%d2s_lang zh", BROKEN_CELL, SAVE_CELL,
         "%d2s_show handout_model/net", "%d2s_lang en", RESNET_CELL, "%d2s_graph _d2s --depth all",
         RUN_CELL, PROFILE_CELL, WATCH_CELL.format(lr=0.5), "%d2s_lang zh", RUN_CELL, PROFILE_CELL,
         WATCH_CELL.format(lr=0.3), "%d2s_lang en", API_CELL, "%d2s_lang zh", API_CELL, "%d2s_lang en"]
(LOAD, SEED, BROKEN, LANG, BROKEN_ZH, SAVE, SHOW, LANG_EN, RESNET, RESNET_ALL,
 RUN, PROFILE, WATCH, LANG_ZH2, RUN_ZH, PROFILE_ZH, WATCH_ZH, LANG_EN2,
 API, LANG_ZH3, API_ZH, LANG_EN3) = range(len(CELLS))
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


@pytest.fixture(scope="module")
def handout(server):
    """The notebook executed by nbclient (as `jupyter nbconvert --execute` does), unsigned."""
    import nbformat
    from nbclient import NotebookClient

    path = os.path.join(server.root, "handout.ipynb")
    bu.write_notebook(path, CELLS)
    nb = nbformat.read(path, as_version=4)
    for k in (API, API_ZH):  # the cells that fail on purpose (nbclient runs on past them)
        nb.cells[k].metadata["tags"] = ["raises-exception"]
    NotebookClient(nb, kernel_name=bu.KERNEL_NAME, timeout=300, allow_errors=False,
                   resources={"metadata": {"path": server.root}}).execute()
    nbformat.write(nb, path)  # nbformat.write signs nothing: the notebook is untrusted
    return path, nb


@pytest.fixture(scope="module")
def page(server, browser, handout, out_dir):
    pg = bu.new_page(browser, viewport=bu.SMALL)
    try:
        try:
            bu.open_notebook(pg, server, "handout.ipynb")
        except Exception as exc:
            shot = os.path.join(out_dir, "untrusted-failure.png")
            raise AssertionError(f"{exc}\n{bu.failure_context(pg, server, shot)}") from None
        yield pg
    finally:
        pg.context.close()


def _window_shot(locator, out_dir, name):
    """The 1024x768 window as the student sees it, scrolled to ``locator``."""
    locator.scroll_into_view_if_needed()
    path = os.path.join(out_dir, f"untrusted-{name}.png")
    locator.page.screenshot(path=path)
    return path


def _png_size(data: bytes):
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_the_notebook_is_untrusted_and_its_outputs_are_what_a_kernel_made(page, handout):
    _, nb = handout
    assert not page.evaluate(
        "() => window.jupyterapp.shell.currentWidget.content.model.cells.get(1).trusted")
    seed = nb.cells[SEED].outputs
    kinds = [list(o.get("data", {})) for o in seed if o.output_type == "display_data"]
    # the picture twin comes just before the report it stands in for
    k = next(i for i, d in enumerate(kinds) if "image/png" in d)
    assert "text/html" in kinds[k + 1] and "d2s-has-twin" in seed_html(nb)


def seed_html(nb):
    return next(o["data"]["text/html"] for o in nb.cells[SEED].outputs
                if "text/html" in o.get("data", {}) and "d2s-summary" in o["data"]["text/html"])


def test_graph_picture_shows_where_the_svg_cannot(page, handout, out_dir):
    _, nb = handout
    out = bu.output(page, SEED)
    img = out.locator(".jp-RenderedImage img").first
    img.wait_for(state="visible")
    # the picture is the same layout as the report's SVG: same nodes, same size (pt -> px)
    html = seed_html(nb)
    png = base64.b64decode(next(o["data"]["image/png"] for o in nb.cells[SEED].outputs
                                if "image/png" in o.get("data", {})))
    w_px, h_px = _png_size(png)
    m = re.search(r'<svg[^>]*\swidth="([\d.]+)pt" height="([\d.]+)pt"', html)
    assert m, "the report holds the SVG"
    assert abs(w_px - float(m.group(1)) * 96 / 72) <= 2 and abs(h_px - float(m.group(2)) * 96 / 72) <= 2
    nodes = len(re.findall(r'<g id="[^"]*" class="node[ "](?!d2s-wrap)', html))  # not ↪ ↳
    caption = re.search(r"(\d+) nodes", html)
    assert caption and nodes == int(caption.group(1)) > 5
    natural = img.evaluate("i => [i.naturalWidth, i.naturalHeight]")
    assert natural == [w_px, h_px]
    # the sanitizer dropped the SVG; what it left of it (legend, labels) stays hidden
    report = out.locator(".jp-OutputArea-output").filter(has=page.locator(".d2s-summary")).first
    assert report.locator("svg").count() == 0
    assert not report.locator(".d2s-live").first.is_visible()
    assert "folded params/constants" not in report.inner_text()  # the legend's key line
    note = report.locator(".d2s-untrusted").first
    assert note.is_visible() and "picture above is the graph" in note.inner_text()
    _window_shot(img, out_dir, "graph")


def test_saved_model_viewer_shows_its_picture_too(page, out_dir):
    out = bu.output(page, SHOW)
    img = out.locator(".jp-RenderedImage img").first
    img.wait_for(state="visible")
    assert img.evaluate("i => i.naturalWidth") > 100
    assert out.locator(".d2s-untrusted").first.is_visible()  # says where the drawing is
    assert out.locator(".d2s svg").count() == 0  # the sanitizer dropped the drawing
    _window_shot(img, out_dir, "saved-model")


def test_sources_stay_aligned(page, out_dir):
    report = bu.output(page, SEED).locator(".jp-OutputArea-output").filter(
        has=page.locator(".d2s-summary")).first
    table = report.locator("table.d2s-diff").first
    table.scroll_into_view_if_needed()
    row = table.locator("tbody tr").filter(has_text="conv1").first
    left, right = row.locator("td.d2s-code").nth(0), row.locator("td.d2s-code").nth(1)
    for cell in (left, right):
        style = cell.evaluate("e => { const s = getComputedStyle(e); "
                              "return [s.textAlign, s.whiteSpace, s.fontFamily]; }")
        assert style[0] == "left" and style[1] == "pre-wrap" and "monospace" in style[2], style
    lb, rb = left.bounding_box(), right.bounding_box()
    assert rb["x"] >= lb["x"] + lb["width"] - 1 and abs(rb["y"] - lb["y"]) < 2  # side by side
    assert "F.relu(self.conv1(x))" in left.inner_text() and "_jst" in right.inner_text()
    # at 1024 px the transformed lines wrap: between tokens, never inside a name
    breaks = table.evaluate(r"""t => {
        const out = [];
        for (const td of t.querySelectorAll('td.d2s-code')) {
            let prev = null;
            const walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
            for (let n = walker.nextNode(); n; n = walker.nextNode()) {
                for (let i = 0; i < n.length; i++) {
                    const r = document.createRange(); r.setStart(n, i); r.setEnd(n, i + 1);
                    const rect = r.getBoundingClientRect(), ch = n.data[i];
                    if (!rect.height || ch === ' ') { prev = null; continue; }
                    if (prev && rect.top > prev.top + rect.height / 2) out.push(prev.ch + ch);
                    prev = {top: rect.top, ch};
                }
            }
        }
        return out; }""")
    assert breaks, "at 1024x768 some transformed line wraps"
    inside = [b for b in breaks if re.fullmatch(r"\w\w", b)]
    assert not inside, f"lines broken inside names: {inside}"
    _window_shot(table, out_dir, "sources")


@pytest.mark.parametrize("index,lang", [(BROKEN, "en"), (BROKEN_ZH, "zh")])
def test_error_box_reads_in_both_languages(page, out_dir, index, lang):
    out = bu.output(page, index)
    box = out.locator(".d2s-error").first
    box.wait_for(state="visible")
    border = box.evaluate("e => getComputedStyle(e).borderTopColor")
    assert border == "rgb(207, 34, 46)", border  # the inline style survived the sanitizer
    prompt = bu.cell(page, index).locator(".jp-InputArea-prompt").inner_text()
    n = re.search(r"\[(\d+)\]", prompt).group(1)
    text = box.inner_text()
    where = f"cell[{n}] line {BROKEN_LINE}" if lang == "en" else f"cell[{n}] 第 {BROKEN_LINE} 行"
    assert where in text, text
    bad = box.locator("tr.d2s-bad").first
    assert bad.is_visible() and "return paddle.matmul(y, y)" in bad.inner_text()
    code = bad.locator("td").nth(1)
    assert code.evaluate("e => getComputedStyle(e).textAlign") == "left"
    assert code.inner_text().startswith("        return")  # indentation kept
    if lang == "zh":
        assert "提示" in text
    _window_shot(box, out_dir, f"error-{lang}")


def test_a_drawing_made_smaller_for_its_cell_says_so_and_shows_its_picture(page, handout, out_dir):
    """ResNet-18 at every depth: its cell's copy is made smaller to stay within 250 KB,
    and unsigned the student sees its picture and the quiet line saying what was left
    out and where the whole drawing is."""
    _, nb = handout
    assert sum(len(json.dumps(o)) for o in nb.cells[RESNET_ALL].outputs) <= 250 * 1024
    out = bu.output(page, RESNET_ALL)
    img = out.locator(".jp-RenderedImage img").first
    img.wait_for(state="visible")
    assert img.evaluate("i => i.naturalWidth") > 100
    note = out.locator(".d2s-note", has_text="Made smaller").first
    note.scroll_into_view_if_needed()
    assert note.is_visible() and ".save(" in note.inner_text()
    _window_shot(note, out_dir, "made-smaller")


@pytest.mark.parametrize("index,lang", [(API, "en"), (API_ZH, "zh")])
def test_a_failing_d2s_lab_call_is_its_box_and_one_line(page, handout, out_dir, index, lang):
    """A d2s_lab call that raises in a cell (``d2s_lab.profile(net, calls=0)``): the
    message box, its inline style kept by the sanitizer, and under it one line marking
    the cell failed, in the cell's language; no traceback."""
    _, nb = handout
    assert [o.output_type for o in nb.cells[index].outputs] == ["display_data", "error"]
    out = bu.output(page, index)
    box = out.locator(".d2s-error").first
    box.wait_for(state="visible")
    assert box.evaluate("e => getComputedStyle(e).borderTopColor") == "rgb(207, 34, 46)"
    assert "--calls 0" in box.inner_text()
    text = out.inner_text()
    stopped = ("the cell stopped at a d2s_lab call" if lang == "en"
               else "单元格在一次 d2s_lab 调用处停止")
    assert stopped in text and text.count("D2SError") == 1, text
    assert "Traceback" not in text and 'File "' not in text, text
    _window_shot(box, out_dir, f"api-error-{lang}")


# Per shape cell of a table: each shape (a text node between <br>s) on one line?
_WRAPPED_SHAPES = r"""(t, cols) => {
    let cells = 0, wrapped = [];
    for (const tr of t.querySelectorAll('tbody tr')) {
        const tds = tr.querySelectorAll('td');
        for (const k of cols) {
            const td = tds[k];
            if (!td || !td.textContent.trim()) continue;
            cells++;
            for (const n of td.childNodes) {
                if (n.nodeType !== Node.TEXT_NODE || !n.data.trim()) continue;
                const r = document.createRange(); r.selectNodeContents(n);
                const tops = new Set([...r.getClientRects()].map(x => Math.round(x.top)));
                if (tops.size > 1) wrapped.push(n.data);
            }
        }
    }
    return {cells, wrapped}; }"""


def _open_section(report, table):
    """Unfold the <details> that holds ``table`` (a report may fold its sections)."""
    table.evaluate("t => { for (let d = t.closest('details'); d; d = d.parentElement.closest('details')) "
                   "d.open = true; }")


def test_resnet_op_table_reads_without_styles(page, out_dir):
    """ResNet-18's op table at 1024x768, unsigned: cells left-aligned, no shape broken over
    lines, the op column in view, the table inside the output or scrolling in its own box;
    "Ops by source line" reads the same way."""
    out = bu.output(page, RESNET)
    report = out.locator(".jp-OutputArea-output").filter(has=page.locator(".d2s-summary")).first
    report.wait_for(state="attached")
    table = report.locator("table.d2s-ops").filter(has=page.locator("th", has_text="inputs")).first
    _open_section(report, table)
    table.scroll_into_view_if_needed()
    assert table.locator("tbody tr").count() > 40  # ResNet-18's ops, as many as the report keeps (30 KB)
    aligns = table.evaluate("t => [...t.querySelectorAll('td, th')].map(c => getComputedStyle(c).textAlign)")
    assert set(aligns) == {"left"}, sorted(set(aligns))
    shapes = table.evaluate(_WRAPPED_SHAPES, [1, 2])
    assert shapes["cells"] > 80 and not shapes["wrapped"], shapes["wrapped"][:5]
    # the op column is in view; the table fits the output area or scrolls inside its box
    area = report.bounding_box()
    first_op = table.locator("tbody tr td").first.bounding_box()
    assert area["x"] - 1 <= first_op["x"] and first_op["x"] + first_op["width"] <= area["x"] + area["width"]
    box = table.evaluate_handle("t => t.parentElement")
    fits = box.evaluate("b => [b.scrollWidth <= b.clientWidth + 1, getComputedStyle(b).overflowX, "
                        "b.getBoundingClientRect().right]")
    assert fits[0] or fits[1] in ("auto", "scroll"), fits
    assert fits[2] <= area["x"] + area["width"] + 1, (fits, area)
    _window_shot(table, out_dir, "resnet-ops")
    # Ops by source line: left-aligned; ResNet's lines make many ops each, counted by kind
    by_line = report.locator("table.d2s-by-line").first
    _open_section(report, by_line)
    aligns = by_line.evaluate("t => [...t.querySelectorAll('td, th')].map(c => getComputedStyle(c).textAlign)")
    assert set(aligns) == {"left"}, sorted(set(aligns))
    assert re.search(r"conv2d\s*×\s*\d+", by_line.inner_text())
    box = by_line.evaluate("t => t.parentElement.getBoundingClientRect().right")
    assert box <= area["x"] + area["width"] + 1, (box, area)


# Every element of an output that runs past its right edge (not inside a box that scrolls).
_PAST_RIGHT = """(root) => { const right = root.getBoundingClientRect().right + 1;
  const scrolls = el => { for (let p = el.parentElement; p && p !== root; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX;
      if ((o === 'auto' || o === 'scroll') && p.getBoundingClientRect().right <= right) return true; }
    return false; };
  return [...root.querySelectorAll('*')].filter(el => el.offsetParent !== null
      && el.getBoundingClientRect().right > right && !scrolls(el))
    .map(el => el.tagName + '.' + el.className + ' ' + Math.round(el.getBoundingClientRect().right - right)
         + 'px in ' + ((el.closest('details') || {}).firstElementChild || {}).textContent).slice(0, 5); }"""


DEFAULT_PATH = [((RUN, PROFILE, WATCH), "en"), ((RUN_ZH, PROFILE_ZH, WATCH_ZH), "zh")]


@pytest.mark.parametrize("cells,lang", DEFAULT_PATH)
def test_default_path_profile_and_watch_read_unsigned(page, handout, out_dir, cells, lang):
    """The default-path report's run drawing shows as its picture (a PNG: the SVG is
    sanitized away), the profile and the watch read whole: no error box, nothing past the
    output's right edge (a wide table scrolls in its own box), the break's catalogue id and
    fix in the profile's table, no stray text where an inline SVG was."""
    _default_path_reads(page, handout[1], cells, lang, out_dir)


def _default_path_reads(page, nb, cells, lang, out_dir, shot=""):
    run, prof, watch = cells
    words = {"en": ("SOT graph breaks", "Drawn once, above", "Recompile storm"),
             "zh": ("SOT 图中断", "已在上方绘制一次", "重新翻译风暴")}[lang]
    pngs = [o for o in nb.cells[run].outputs if "image/png" in o.get("data", {})]
    assert pngs, [list(o.get("data", {})) for o in nb.cells[run].outputs]
    w_px, _ = _png_size(base64.b64decode(pngs[0]["data"]["image/png"]))
    out = bu.output(page, run)
    img = out.locator(".jp-RenderedImage img").first
    img.wait_for(state="visible")
    assert img.evaluate("i => i.complete && i.naturalWidth") == w_px
    box, area = img.bounding_box(), out.bounding_box()
    assert box["width"] > 100 and box["height"] > 50 and box["x"] + box["width"] <= area["x"] + area["width"] + 1
    _window_shot(img, out_dir, f"{shot}run-{lang}")
    out.evaluate("(root) => root.querySelectorAll('details').forEach(d => d.open = true)")
    text = out.inner_text()
    assert words[0] in text and words[1] in text and "SIR_" in text, text[:3000]
    for index, name in ((run, "run"), (prof, "profile"), (watch, "watch")):
        out = bu.output(page, index)
        out.locator(".d2s").first.wait_for(state="attached")
        assert out.locator(".d2s-error").count() == 0, (name, out.inner_text()[:500])
        assert "Traceback" not in out.inner_text()
        out.evaluate("(root) => root.querySelectorAll('details').forEach(d => d.open = true)")
        past = out.evaluate(_PAST_RIGHT)
        assert past == [], (name, past)
    prof_out = bu.output(page, prof)
    link = prof_out.locator("a.d2s-break-id").first
    assert link.is_visible() and re.fullmatch(r"SOT-B\d+", link.inner_text().strip())
    href = link.get_attribute("href") or ""
    # the manual's page, relative (JupyterLab resolves it against the server: files/breaks?...#sot-b004)
    assert href.endswith(f"#{link.inner_text().strip().lower()}") and "breaks" in href, href
    assert ("zh/breaks" in href) == (lang == "zh"), href
    assert prof_out.locator(".d2s-break-fix").first.inner_text().strip()
    _window_shot(link, out_dir, f"{shot}profile-{lang}")
    # the sanitizer drops the inline SVGs (the profile's bar, the watch's timeline): no stray
    # label text; the bar's legend and the watch's note say what to read instead
    assert not prof_out.locator(".d2s-profile-bar .d2s-live").first.is_visible()
    watch_out = bu.output(page, watch)
    text = watch_out.inner_text()
    assert words[2] in text and ("calls 1 →" if lang == "en" else "调用 1 →") not in text
    assert watch_out.locator(".d2s-untrusted").first.is_visible()
    _window_shot(watch_out.locator(".d2s").first, out_dir, f"{shot}watch-{lang}")


def test_steps_read_with_the_kernel_stopped(page, handout, out_dir):
    page.evaluate("() => window.jupyterapp.shell.currentWidget.sessionContext.shutdown()")
    page.wait_for_function(
        "() => !window.jupyterapp.shell.currentWidget.sessionContext.session", timeout=30_000)
    out = bu.output(page, SEED)
    static = out.locator(".d2s-steps-static").first
    static.scroll_into_view_if_needed()
    assert static.is_visible()
    static.locator("summary").first.click()
    changed = static.locator("details.d2s-step.d2s-changed")
    assert changed.count() >= 3
    last = changed.last
    last.locator("summary").click()
    code = last.locator("table.d2s-diff").first
    code.wait_for(state="visible")
    assert "_jst" in code.inner_text()
    _window_shot(last, out_dir, "steps-no-kernel")
    # what the notebook keeps of the stepper's widgets stays small
    _, nb = handout
    state = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    steppers = sum(1 for m in state.values()
                   if "d2s-steps-live" in m.get("state", {}).get("_dom_classes", []))
    assert steppers == 2  # the seed net's and ResNet-18's
    size = len(json.dumps(state))
    assert size < 100_000 * steppers, f"widget state {size:,} bytes for {steppers} steppers"


def test_notebook7_shows_the_same_essentials(server, browser, handout, out_dir):
    """Notebook 7 renders outputs with JupyterLab's sanitizer too: the same picture,
    aligned sources and error box."""
    context = browser.new_context(viewport=bu.SMALL, device_scale_factor=1)
    pg = context.new_page()
    pg.set_default_timeout(60_000)
    try:
        pg.goto(server.url("notebooks/handout.ipynb"))
        cells = pg.locator(".jp-Notebook .jp-CodeCell")
        cells.nth(BROKEN_ZH).locator(".d2s-error").wait_for(state="visible")
        seed = cells.nth(SEED)
        img = seed.locator(".jp-RenderedImage img").first
        img.scroll_into_view_if_needed()
        assert img.is_visible() and img.evaluate("i => i.naturalWidth") > 100
        assert seed.locator("svg.d2s-graph, .d2s-graph-box svg").count() == 0
        code = seed.locator("table.d2s-diff td.d2s-code").first
        assert code.evaluate("e => getComputedStyle(e).textAlign") == "left"
        box = cells.nth(BROKEN).locator(".d2s-error").first
        assert box.evaluate("e => getComputedStyle(e).borderTopColor") == "rgb(207, 34, 46)"
        api = cells.nth(API)
        api.locator(".d2s-error").first.wait_for(state="visible")
        assert "the cell stopped at a d2s_lab call" in api.inner_text() and "Traceback" not in api.inner_text()
        _window_shot(img, out_dir, "notebook7-graph")
        _window_shot(box, out_dir, "notebook7-error")
    finally:
        context.close()


@frontend_only("JupyterLab 3.6")
def test_jupyterlab36_shows_the_default_path_outputs(old_server, browser, handout, out_dir):
    """The same executed handout, unsigned, opened in JupyterLab 3.6 (``old_server``) at
    1024x768, then its kernel shut down: read with no kernel (none ran it), the run's
    picture, the profile and the watch show as in JupyterLab 4, in English and Chinese.
    Screenshots: untrusted-lab36-*.png."""
    path, nb = handout
    name = "handout36.ipynb"
    shutil.copy(path, os.path.join(old_server.root, name))
    pg = bu.new_page(browser, viewport=bu.SMALL)
    try:
        bu.open_notebook(pg, old_server, name)
        widget = "window.jupyterapp.shell.currentWidget"
        assert not pg.evaluate(f"() => {widget}.content.model.cells.get(1).trusted")
        pg.evaluate(f"() => {widget}.sessionContext.shutdown()")
        pg.wait_for_function(f"() => !{widget}.sessionContext.session", timeout=30_000)
        for cells, lang in DEFAULT_PATH:
            _default_path_reads(pg, nb, cells, lang, out_dir, shot="lab36-")
        for index in (RUN, PROFILE, WATCH, RUN_ZH, PROFILE_ZH, WATCH_ZH):  # nothing waits for a kernel
            text = bu.output(pg, index).inner_text()
            assert not re.search("model not found|Loading widget|Error rendering|could not be displayed",
                                 text), (index, text[:500])
    finally:
        pg.context.close()
