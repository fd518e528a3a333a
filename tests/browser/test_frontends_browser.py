"""The widgets notebook (tests/support/widget_cells.py: the report with its stepper,
``%d2s_steps``, ``%d2s_graph --explore``) in Chromium at 1024x768: JupyterLab 4 live,
reloaded with the kernel running and reopened after the kernel was shut down; Notebook 7;
and JupyterLab 4 with ipywidgets 7's own widget manager and kernel (``make widgets7``).

Checked each time: every widget fits its output area; while a widget is live its static
fallback is hidden, and where it cannot render (reopened: its model is gone) the fallback
shows the stepper's page and the explorer's drawing; folds draw their marker; a report's
output is not put in Notebook 7's scroll box. Screenshots: build/test-output/frontend-*.png.
"""
import os
import time

import pytest

import browser_util as bu
from paths import ROOT
from widget_cells import CELLS, EXPLORER_CELL
from versions import frontend_only

pytestmark = frontend_only("widgets at 1024x768, reloads, Notebook 7, ipywidgets 7")

VP = {"width": 1024, "height": 768}
NOTEBOOK = "frontends.ipynb"
WIDGETS7 = os.path.join(ROOT, "build", "widgets7")

# Visible widgets and fallbacks, their horizontal extent and that of the notebook.
PROBE = """() => {
  const vis = e => !!(e && e.getClientRects().length);
  const q = s => [...document.querySelectorAll(s)];
  const right = e => Math.round(e.getBoundingClientRect().right);
  const panel = document.querySelector('.jp-Notebook');
  const widgets = q('.d2s-steps-live, .d2s-explorer');
  return {
    panel: right(panel),
    live: q('.d2s-steps-live').filter(vis).length,
    explorer: q('.d2s-explorer svg').filter(vis).length,
    widgetRight: widgets.map(e => Math.max(right(e), right(e.closest('.jp-OutputArea-output')))),
    now: q('.d2s-steps-now').map(vis),
    drawing: q('.d2s-x-fallback').map(e => vis(e) && !!e.querySelector('svg')),
    pictures: q('.jp-OutputArea-child:has(.d2s-explorer) ~ .jp-OutputArea-child img').filter(vis).length,
    repr: q('.jp-OutputArea-output').some(e => /object at 0x/.test(e.textContent)),
    stale: q('.jp-OutputArea-output').filter(e => vis(e) && /model not found|Loading widget/.test(e.textContent)).length,
    marker: (() => { const s = document.querySelector('.d2s-report details[open] > summary');
                     return s ? getComputedStyle(s, '::before').content : null; })(),
    boxed: q('.jp-Cell-outputArea:has(.d2s-report)').filter(e => e.scrollHeight > e.clientHeight + 1).length,
  };
}"""


def _probe(page):
    return page.evaluate(PROBE)


def _wait_live(page, timeout_s=120):
    """Until both steppers and the explorer are drawn by their widgets."""
    page.wait_for_function(
        """() => [...document.querySelectorAll('.d2s-steps-live')].filter(e => e.getClientRects().length).length >= 2
                 && !!document.querySelector('.d2s-explorer svg')""",
        timeout=int(timeout_s * 1000), polling=500)
    time.sleep(1)


def _kernel_idle(page, timeout_s=90):
    page.wait_for_function(
        """() => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
                   const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
                   return !!k && k.status === 'idle'; }""", timeout=int(timeout_s * 1000), polling=250)


def _shot(page, out_dir, name):
    page.screenshot(path=os.path.join(out_dir, f"frontend-{name}.png"))
    page.locator(".jp-CodeCell").nth(EXPLORER_CELL).scroll_into_view_if_needed()
    page.screenshot(path=os.path.join(out_dir, f"frontend-{name}-explorer.png"))


def _assert_live(p):
    assert p["live"] == 2 and p["explorer"] == 1, p
    assert all(r <= p["panel"] + 1 for r in p["widgetRight"]), p  # fits at 1024 px
    assert p["now"] and not any(p["now"]), p  # the stepper's page: hidden while live
    assert p["drawing"] and not any(p["drawing"]) and p["pictures"] == 0, p
    assert p["marker"] == '"\u25be"' and not p["repr"], p


@pytest.fixture(scope="module")
def lab4(server, browser, out_dir):
    bu.write_notebook(os.path.join(server.root, NOTEBOOK), CELLS)
    page = bu.new_page(browser, VP)
    try:
        bu.open_notebook(page, server, NOTEBOOK)
        bu.run_all_cells(page, len(CELLS))
        _wait_live(page)
        yield page
    finally:
        page.context.close()


def test_live_widgets_fit_and_hide_their_fallbacks(lab4, out_dir):
    p = _probe(lab4)
    _shot(lab4, out_dir, "lab4-live")
    _assert_live(p)


def test_reloaded_with_the_kernel_running(lab4, out_dir):
    lab4.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
    time.sleep(2)
    lab4.reload()
    lab4.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=60_000)
    _kernel_idle(lab4)
    # until the widget manager has the models back, each fallback shows
    _wait_live(lab4, 150)
    p = _probe(lab4)
    _shot(lab4, out_dir, "lab4-reload")
    _assert_live(p)


def test_reopened_after_the_kernel_stopped_shows_the_fallbacks(lab4, server, browser, out_dir):
    lab4.evaluate("() => window.jupyterapp.shell.currentWidget.sessionContext.shutdown()")
    time.sleep(3)
    page = bu.new_page(browser, VP)
    try:
        page.goto(server.url(f"lab/workspaces/reopen/tree/{NOTEBOOK}") + "&reset")
        page.wait_for_selector(".d2s-x-fallback svg", timeout=60_000)
        time.sleep(3)
        p = _probe(page)
        _shot(page, out_dir, "lab4-reopen")
    finally:
        page.context.close()
    assert p["live"] == 0 and p["explorer"] == 0, p
    assert p["now"] and all(p["now"]), p  # the stepper's page, in each stepper's place
    assert p["drawing"] == [True], p  # the explorer's drawing
    assert p["stale"] == 0, p  # the front-end's "model not found" gives way to them
    assert not p["repr"] and p["marker"] == '"\u25be"', p


def test_notebook7_report_unboxed_and_widgets_fit(lab4, server, browser, out_dir):
    page = bu.new_page(browser, VP)
    try:
        page.goto(server.url(f"notebooks/{NOTEBOOK}"))
        # the cells, saved or not (this test may run alone: `-k notebook7`)
        page.wait_for_selector(".jp-Notebook .jp-CodeCell", timeout=60_000)
        time.sleep(5)
        page.get_by_role("menuitem", name="Run").click()
        page.get_by_text("Run All Cells", exact=True).click()
        page.wait_for_timeout(3000)
        _wait_live(page, 150)
        p = _probe(page)
        scrolled = page.locator(".jp-mod-outputsScrolled").count()
        _shot(page, out_dir, "notebook7")
    finally:
        page.context.close()
    assert scrolled >= 1, "Notebook 7 did not mark the long report output as scrolled"
    assert p["boxed"] == 0, p  # yet the report is shown at its full height
    _assert_live(p)


@pytest.mark.slow
def test_ipywidgets7_with_its_widget_manager(browser, out_dir, monkeypatch):
    """JupyterLab 4 with ipywidgets 7.8.5's manager (jupyterlab_widgets 1.1.11) and kernel."""
    python = os.path.join(WIDGETS7, "bin", "python")
    if not os.path.exists(python):
        pytest.skip("no ipywidgets 7 environment (build/widgets7): `make widgets7` builds it")
    # its share/jupyter first: JupyterLab loads that widget manager instead of the main one
    monkeypatch.setenv("JUPYTER_PATH", os.path.join(WIDGETS7, "share", "jupyter"))
    with bu.lab_server(os.path.join(out_dir, "frontend-widgets7-lab.log")) as server:
        kernel = os.path.join(server.tmp, "share", "kernels", "d2s_w7", "kernel.json")
        bu._write_json(kernel, {"argv": [python, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
                                "display_name": "Python (d2s_lab, ipywidgets 7)", "language": "python"})
        bu.write_notebook(os.path.join(server.root, NOTEBOOK), CELLS, kernel="d2s_w7")
        page = bu.new_page(browser, VP)
        try:
            bu.open_notebook(page, server, NOTEBOOK)
            bu.run_all_cells(page, len(CELLS))
            _wait_live(page)
            p = _probe(page)
            printed = bu.output(page, 0).inner_text()
            _shot(page, out_dir, "lab4-ipywidgets7")
        finally:
            page.context.close()
    assert "ipywidgets 7." in printed, printed
    _assert_live(p)
