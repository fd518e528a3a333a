"""What the browser modules share: each module's own notebook, run in JupyterLab.

The session's JupyterLab server and Chromium (``server``, ``browser``) are in
tests/conftest.py; without Chromium, JupyterLab or Playwright they skip, naming what is
missing.
"""
import pytest

import browser_util as bu


@pytest.fixture(scope="module")
def lab_page(request, server, browser, out_dir):
    """The module's ``CELLS`` written as notebook ``NOTEBOOK``, opened in JupyterLab and run
    top to bottom; then the module's ``ready(page)``, when it has one (e.g. a wait for a
    widget). A failure says where it stopped, with a screenshot and the server log."""
    mod = request.module
    with bu.notebook_run(browser, server, mod.NOTEBOOK, mod.CELLS, out_dir,
                         getattr(mod, "ready", None)) as page:
        yield page
