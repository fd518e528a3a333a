"""What the browser modules share: each module's own notebook, run in JupyterLab.

The session's JupyterLab server and Chromium (``server``, ``browser``) are in
tests/conftest.py; without Chromium, JupyterLab or Playwright they skip, naming what is
missing. ``old_server`` is an older platform's Jupyter server (JupyterLab 3.6, classic
Notebook 6.5: ``make frontends-lab3``), one for the session, with this environment's kernel.
"""
import os
import sys

import pytest

import browser_util as bu
from paths import ROOT

SERVER_PYTHON = os.path.join(ROOT, "build", "frontends-lab3", "bin", "python")


@pytest.fixture(scope="module")
def lab_page(request, server, browser, out_dir):
    """The module's ``CELLS`` written as notebook ``NOTEBOOK``, opened in JupyterLab and run
    top to bottom; then the module's ``ready(page)``, when it has one (e.g. a wait for a
    widget). A failure says where it stopped, with a screenshot and the server log."""
    mod = request.module
    with bu.notebook_run(browser, server, mod.NOTEBOOK, mod.CELLS, out_dir,
                         getattr(mod, "ready", None)) as page:
        yield page


@pytest.fixture(scope="session")
def old_server(browser, out_dir):
    """JupyterLab 3.6.8 with jupyterlab_widgets 3.0.7 and classic Notebook 6.5.7; skipped,
    saying so, without build/frontends-lab3."""
    if not os.path.exists(SERVER_PYTHON):
        pytest.skip("no JupyterLab 3.6 / Notebook 6.5 environment (build/frontends-lab3): "
                    "`make frontends-lab3` builds it")
    server = bu.LabServer(os.path.join(out_dir, "frontend-lab36-server.log"), python=SERVER_PYTHON)
    try:
        server.start()
        # the kernel: this environment's Python (d2s_lab, Paddle, ipywidgets 8)
        bu._write_json(os.path.join(server.tmp, "share", "kernels", bu.KERNEL_NAME, "kernel.json"),
                       {"argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
                        "display_name": "Python (d2s_lab)", "language": "python"})
        yield server
    finally:
        server.stop()
