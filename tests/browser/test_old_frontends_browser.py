"""The widgets notebook (tests/support/widget_cells.py) on an older platform's Jupyter
server (``make frontends-lab3``: JupyterLab 3.6.8 with jupyterlab_widgets 3.0.7, classic
Notebook 6.5.7; ``old_server`` in tests/browser/conftest.py), the kernel from this
environment, in Chromium at 1024x768: run, saved, reloaded with the kernel running, and reopened after the kernel was shut down (the widgets'
models are gone: the static copies must show).

Checked: the widgets render and fit their output areas; each static copy is hidden while
its widget is live and shown where it is not (reopened: the report's graph, each stepper's
page and the explorer's drawing are visible); the report's folds draw their marker; classic
Notebook's scroll box does not take the report. Skipped, saying so, without
build/frontends-lab3. Screenshots: build/test-output/frontend-lab36-*.png, -notebook65-*.png.
"""
import os
import time

import pytest

import browser_util as bu
from widget_cells import CELLS
from versions import frontend_only

pytestmark = [pytest.mark.slow, frontend_only("JupyterLab 3.6 and Notebook 6.5")]

VP = {"width": 1024, "height": 768}

# JupyterLab's and classic Notebook's class names side by side.
PROBE = """() => {
  const vis = e => !!(e && e.getClientRects().length);
  const q = s => [...document.querySelectorAll(s)];
  const right = e => e ? Math.round(e.getBoundingClientRect().right) : -1;
  const OUT = '.jp-OutputArea-output, .output_subarea';
  return {
    panel: right(document.querySelector('.jp-Notebook, #notebook-container')),
    live: q('.d2s-steps-live').filter(vis).length,
    explorer: q('.d2s-explorer svg').filter(vis).length,
    graph: q('.d2s-report .d2s-graphview svg').filter(vis).length,
    widgetRight: q('.d2s-steps-live, .d2s-explorer').map(e => Math.max(right(e), right(e.closest(OUT)))),
    now: q('.d2s-steps-now').map(vis),
    drawing: q('.d2s-x-fallback').map(e => vis(e) && !!e.querySelector('svg')),
    repr: q(OUT).some(e => /object at 0x/.test(e.textContent)),
    stale: q(OUT).filter(e => vis(e) && /model not found|Loading widget|Error rendering Jupyter widget|could not be displayed/.test(e.textContent)).length,
    marker: (() => { const s = document.querySelector('.d2s-report details[open] > summary');
                     return s ? getComputedStyle(s, '::before').content : null; })(),
    scrollBoxes: q('.output_scroll').length,
    boxed: q('.jp-Cell-outputArea, .output').filter(
      e => e.querySelector('.d2s-report') && e.scrollHeight > e.clientHeight + 1).length,
  };
}"""

LIVE = """() => [...document.querySelectorAll('.d2s-steps-live')].filter(e => e.getClientRects().length).length >= 2
             && !!document.querySelector('.d2s-explorer svg')"""


def _assert_live(p):
    assert p["live"] == 2 and p["explorer"] == 1, p
    assert all(r <= p["panel"] + 1 for r in p["widgetRight"]), p  # fits at 1024 px
    assert p["now"] and not any(p["now"]), p
    assert p["drawing"] and not any(p["drawing"]), p
    assert p["marker"] == '"\u25be"' and not p["repr"] and p["boxed"] == 0, p


def _assert_reopened(p, restored=False):
    """No kernel state: the report's graph, each stepper's static page and the explorer's
    drawing show in place of the widgets, with no widget-manager message or repr.
    ``restored``: classic Notebook starts a kernel on opening and its widget manager
    draws widgets again from the state the notebook saved (when it saved some): each
    widget then shows that way or as its static copy, never as neither or both."""
    assert p["graph"] >= 1, p
    if restored:
        assert p["live"] + sum(p["now"]) == 2 and len(p["now"]) == 2, p
        assert p["explorer"] + sum(p["drawing"]) == 1 and len(p["drawing"]) == 1, p
    else:
        assert p["live"] == 0 and p["explorer"] == 0, p
        assert len(p["now"]) == 2 and all(p["now"]), p
        assert p["drawing"] == [True], p
    assert p["stale"] == 0 and not p["repr"], p
    assert p["marker"] == '"\u25be"' and p["boxed"] == 0, p


def test_jupyterlab36_live_reloaded_and_reopened(old_server, browser, out_dir):
    name = "lab36.ipynb"
    bu.write_notebook(os.path.join(old_server.root, name), CELLS)
    page = bu.new_page(browser, VP)
    try:
        bu.open_notebook(page, old_server, name)
        bu.run_all_cells(page, len(CELLS))
        page.wait_for_function(LIVE, timeout=120_000, polling=500)
        live = page.evaluate(PROBE)
        page.screenshot(path=os.path.join(out_dir, "frontend-lab36-live.png"))
        page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
        time.sleep(2)
        page.reload()
        page.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=60_000)
        page.wait_for_function(LIVE, timeout=150_000, polling=500)  # the widgets come back
        reloaded = page.evaluate(PROBE)
        page.locator(".jp-CodeCell").nth(3).scroll_into_view_if_needed()
        page.screenshot(path=os.path.join(out_dir, "frontend-lab36-reload.png"))
        page.evaluate("() => window.jupyterapp.shell.currentWidget.sessionContext.shutdown()")
        time.sleep(3)
    finally:
        page.context.close()
    page = bu.new_page(browser, VP)
    try:
        page.goto(old_server.url(f"lab/workspaces/reopen36/tree/{name}") + "&reset")
        page.wait_for_selector(".d2s-x-fallback svg", timeout=60_000)
        time.sleep(3)
        reopened = page.evaluate(PROBE)
        page.screenshot(path=os.path.join(out_dir, "frontend-lab36-reopen.png"))
    finally:
        page.context.close()
    _assert_live(live)
    _assert_live(reloaded)
    _assert_reopened(reopened)


def test_jupyterlab36_error_box_and_fit_width_in_chinese(old_server, browser, out_dir):
    """The error box and the graph's fit width of tests/browser/test_fit_browser.py, on
    JupyterLab 3.6 at 1024x768 with the file browser open, in Chinese."""
    import test_fit_browser as fit

    name = "fit36.ipynb"
    bu.write_notebook(os.path.join(old_server.root, name), fit.CELLS)
    page = bu.new_page(browser, VP)
    try:
        bu.open_notebook(page, old_server, name)
        bu.run_all_cells(page, len(fit.CELLS))
        bu.small_screen_with_files(page)
        fit.check_error_box(bu.output(page, fit.ERROR), os.path.join(out_dir, "frontend-lab36-error-box-zh.png"))
        fit.check_fit_width(page, bu.output(page, fit.WIDE), os.path.join(out_dir, "frontend-lab36-fit-zh.png"))
    finally:
        page.context.close()


def test_notebook65_live_reloaded_and_reopened(old_server, browser, out_dir):
    name = "notebook65.ipynb"
    bu.write_notebook(os.path.join(old_server.root, name), CELLS)
    page = bu.new_page(browser, VP)
    connected = ("() => window.Jupyter && Jupyter.notebook && Jupyter.notebook.kernel"
                 " && Jupyter.notebook.kernel.is_connected()")
    try:
        page.goto(old_server.url(f"notebooks/{name}"))
        page.wait_for_function(connected, timeout=90_000)
        time.sleep(2)
        page.evaluate("() => Jupyter.notebook.execute_all_cells()")
        page.wait_for_function(LIVE, timeout=150_000, polling=500)
        time.sleep(2)
        live = page.evaluate(PROBE)
        page.locator(".d2s-report").first.scroll_into_view_if_needed()
        page.screenshot(path=os.path.join(out_dir, "frontend-notebook65-live.png"))
        page.evaluate("() => Jupyter.notebook.save_notebook()")
        time.sleep(3)
        page.reload()
        page.wait_for_function(connected, timeout=90_000)
        page.wait_for_selector(".d2s-report", timeout=30_000)
        time.sleep(5)
        reloaded = page.evaluate(PROBE)
        page.screenshot(path=os.path.join(out_dir, "frontend-notebook65-reload.png"))
        page.evaluate("() => Jupyter.notebook.session.delete()")  # shuts the kernel down
        time.sleep(3)
    finally:
        page.context.close()
    page = bu.new_page(browser, VP)
    try:
        page.goto(old_server.url(f"notebooks/{name}"))
        page.wait_for_function(connected, timeout=90_000)
        page.wait_for_selector(".d2s-report", timeout=60_000)
        time.sleep(5)
        reopened = page.evaluate(PROBE)
        page.screenshot(path=os.path.join(out_dir, "frontend-notebook65-reopen.png"))
    finally:
        page.context.close()
    assert live["scrollBoxes"] >= 1, live  # Notebook 6 boxed the long output...
    _assert_live(live)  # ...yet the report keeps its full height
    # reloaded: each stepper is live or its static page shows; the explorer or its drawing
    assert live["marker"] == reloaded["marker"] and not reloaded["repr"], reloaded
    assert reloaded["live"] + sum(reloaded["now"]) == 2, reloaded
    assert reloaded["explorer"] + sum(reloaded["drawing"]) == 1, reloaded
    assert reloaded["stale"] == 0, reloaded  # no widget manager text where a copy shows
    _assert_reopened(reopened, restored=True)
