"""JupyterLab + headless Chromium for the browser tests.

A JupyterLab server on 127.0.0.1 (free port, random token, temporary notebook, settings
and runtime folders) and Debian's Chromium driven by Playwright. Every wait is bounded;
both are always shut down. The page may only talk to 127.0.0.1 (and file:// pages).
"""
from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from typing import Iterator, List, Optional
from urllib.parse import urlparse

CHROMIUM = os.environ.get("D2S_CHROMIUM", "/usr/bin/chromium")
# Playwright adds --headless and a new empty --user-data-dir itself; without the
# background-networking flags Chromium keeps calling Google hosts, refused here.
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
KERNEL_NAME = "d2s_lab"
VIEWPORT = {"width": 1400, "height": 1000}
SMALL = {"width": 1024, "height": 768}  # a laptop's window, as classes use it


def missing_requirements() -> List[str]:
    """What the browser tests need and this machine lacks (empty when all is there)."""
    missing = []
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        missing.append(f"Chromium at {CHROMIUM} (Debian packages chromium chromium-driver; "
                       "`make test` installs them when run as root)")
    for module, pip_name in (("playwright", "playwright"), ("jupyterlab", "jupyterlab"),
                             ("ipywidgets", "ipywidgets")):
        try:
            __import__(module)
        except ImportError:
            missing.append(f"Python package {pip_name} (pip install -r requirements/test.txt)")
    return missing


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _write_json(path: str, data) -> None:
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        json.dump(data, f)


def _kernel_spec_dirs(jupyter_path: str) -> None:
    """Make sure a kernel named ``d2s_lab`` running this Python exists.

    `make setup` installs it into the venv; when the tests run from another environment,
    an equivalent spec is written into the server's private JUPYTER_PATH instead.
    """
    from jupyter_client.kernelspec import KernelSpecManager, NoSuchKernel

    try:
        spec = KernelSpecManager().get_kernel_spec(KERNEL_NAME)
        if os.path.realpath(spec.argv[0]) == os.path.realpath(sys.executable):
            return
    except NoSuchKernel:
        pass
    _write_json(os.path.join(jupyter_path, "kernels", KERNEL_NAME, "kernel.json"), {
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "Python (d2s_lab)", "language": "python",
    })


class LabServer:
    """``jupyter lab`` on 127.0.0.1 serving a temporary folder."""

    def __init__(self, log_path: str, start_timeout: float = 90.0, python: Optional[str] = None):
        self.python = python or sys.executable  # the Python whose JupyterLab serves
        self.tmp = tempfile.mkdtemp(prefix="d2s-lab-")
        self.root = os.path.join(self.tmp, "notebooks")
        os.makedirs(self.root)
        self.port = free_port()
        self.token = secrets.token_hex(16)
        self.log_path = log_path
        self.start_timeout = start_timeout
        self.proc: Optional[subprocess.Popen] = None
        self._log = None
        self.env = dict(os.environ)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def url(self, path: str) -> str:
        return f"{self.base}/{path.lstrip('/')}?token={self.token}"

    def _settings(self, settings_dir: str) -> None:
        # No news or update checks (they would go to the internet). Every cell fully
        # rendered ("none"): with the default content-visibility windowing, text and sizes
        # of cells out of view read as empty until a later frame paints them.
        _write_json(os.path.join(settings_dir, "@jupyterlab", "apputils-extension",
                                 "notification.jupyterlab-settings"),
                    {"fetchNews": "false", "checkForUpdates": False})
        _write_json(os.path.join(settings_dir, "@jupyterlab", "notebook-extension",
                                 "tracker.jupyterlab-settings"),
                    {"windowingMode": "none"})

    def start(self) -> "LabServer":
        jupyter_path = os.path.join(self.tmp, "share")
        settings_dir = os.path.join(self.tmp, "settings")
        self._settings(settings_dir)
        _kernel_spec_dirs(jupyter_path)
        env = dict(os.environ)
        env.update({
            "JUPYTER_CONFIG_DIR": os.path.join(self.tmp, "config"),
            "JUPYTER_RUNTIME_DIR": os.path.join(self.tmp, "runtime"),
            "JUPYTER_DATA_DIR": os.path.join(self.tmp, "data"),
            "JUPYTER_PATH": jupyter_path + os.pathsep + env.get("JUPYTER_PATH", ""),
            "JUPYTERLAB_SETTINGS_DIR": settings_dir,
            "JUPYTERLAB_WORKSPACES_DIR": os.path.join(self.tmp, "workspaces"),
            "GLOG_minloglevel": "2",
            "PYTHONUNBUFFERED": "1",
        })
        env.pop("JUPYTER_TOKEN", None)
        self.env = env
        cmd = [
            self.python, "-m", "jupyterlab",
            "--no-browser", "--allow-root",
            "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={self.port}",
            "--ServerApp.port_retries=0",
            f"--IdentityProvider.token={self.token}",
            f"--ServerApp.root_dir={self.root}",
            "--LabApp.news_url=None",
            "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
            # Lets the test call JupyterLab commands (run all cells) as Galata does.
            "--LabApp.expose_app_in_browser=True",
            f"--MappingKernelManager.default_kernel_name={KERNEL_NAME}",
        ]
        os.makedirs(os.path.dirname(self.log_path), exist_ok=True)
        self._log = open(self.log_path, "wb")
        self.proc = subprocess.Popen(cmd, env=env, stdout=self._log, stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL, start_new_session=True)
        deadline = time.monotonic() + self.start_timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"jupyter lab exited with {self.proc.returncode}; "
                                   f"see {self.log_path}")
            try:
                with urllib.request.urlopen(self.url("api/status"), timeout=5) as r:
                    if r.status == 200:
                        return self
            except (urllib.error.URLError, OSError):
                pass
            time.sleep(0.5)
        raise TimeoutError(f"jupyter lab did not answer within {self.start_timeout:.0f} s; "
                           f"see {self.log_path}")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            # The server's own process group: the server and the kernels it started.
            try:
                os.killpg(self.proc.pid, signal.SIGTERM)
                self.proc.wait(timeout=15)
            except (subprocess.TimeoutExpired, ProcessLookupError):
                try:
                    os.killpg(self.proc.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                self.proc.wait(timeout=10)
        if self._log is not None:
            self._log.close()
        shutil.rmtree(self.tmp, ignore_errors=True)


@contextmanager
def lab_server(log_path: str) -> Iterator[LabServer]:
    server = LabServer(log_path)
    try:
        yield server.start()
    finally:
        server.stop()


@contextmanager
def chromium() -> Iterator[object]:
    """Debian's Chromium, headless, through Playwright (its own browser download is not used)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True,
                                    args=CHROMIUM_ARGS, timeout=60_000)
        try:
            yield browser
        finally:
            browser.close()


def local_only(page) -> List[str]:
    """Abort every request that is not to 127.0.0.1 (or a file:// / data: URL);
    returns the list the blocked URLs are appended to."""
    blocked: List[str] = []

    def handle(route):
        url = route.request.url
        parsed = urlparse(url)
        if parsed.scheme in ("file", "data", "blob") or parsed.hostname == "127.0.0.1":
            route.continue_()
        else:
            blocked.append(url)
            route.abort()

    page.route("**/*", handle)
    return blocked


def new_page(browser, viewport: Optional[dict] = None):
    """A page in a context of its own (``viewport``, default VIEWPORT) that may only talk
    to 127.0.0.1; ``page.blocked`` lists the URLs it was refused."""
    context = browser.new_context(viewport=viewport or VIEWPORT, device_scale_factor=1)
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.blocked = local_only(page)
    return page


def write_notebook(path: str, cells: List[str], kernel: str = KERNEL_NAME) -> str:
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": kernel, "display_name": "Python (d2s_lab)",
                                 "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(c) for c in cells]
    nbformat.write(nb, path)
    return path


def open_notebook(page, server: LabServer, name: str, timeout_s: float = 90.0) -> None:
    """Open a notebook in JupyterLab and wait until its kernel is idle."""
    # A workspace of its own, reset: tabs from other notebooks on this server stay closed.
    workspace = os.path.splitext(os.path.basename(name))[0]
    page.goto(server.url(f"lab/workspaces/{workspace}/tree/{name}") + "&reset",
              timeout=int(timeout_s * 1000))
    page.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=int(timeout_s * 1000))
    page.wait_for_function(
        """() => {
            const app = window.jupyterapp;
            const w = app && app.shell.currentWidget;
            const k = w && w.sessionContext && w.sessionContext.session
                      && w.sessionContext.session.kernel;
            return !!k && k.status === 'idle' && k.connectionStatus === 'connected';
        }""",
        timeout=int(timeout_s * 1000), polling=250,
    )


@contextmanager
def notebook_run(browser, server: "LabServer", name: str, cells: List[str], out_dir: str,
                 ready=None) -> Iterator[object]:
    """A page with notebook ``name`` (``cells``) written, opened in JupyterLab and run top
    to bottom (then ``ready(page)``, e.g. a wait for a widget); a failure says where it
    stopped, with a window screenshot and the server log. The page closes afterwards."""
    write_notebook(os.path.join(server.root, name), cells)
    page = new_page(browser)
    try:
        try:
            open_notebook(page, server, name)
            run_all_cells(page, len(cells))
            if ready is not None:
                ready(page)
        except Exception as exc:
            shot = os.path.join(out_dir, f"{os.path.splitext(name)[0]}-failure.png")
            raise AssertionError(f"{exc}\n{failure_context(page, server, shot)}") from None
        yield page
    finally:
        page.context.close()


def run_all_cells(page, n_cells: int, timeout_s: float = 150.0) -> None:
    """Run every cell with JupyterLab's own command and wait until each has an
    execution count (``[n]:``) and the kernel is idle again."""
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_function(
        """(n) => {
            const prompts = [...document.querySelectorAll(
                '.jp-NotebookPanel .jp-CodeCell .jp-InputArea-prompt')];
            if (prompts.length < n) return false;
            const done = prompts.slice(0, n).every(p => /\\[\\d+\\]/.test(p.textContent));
            const k = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
            return done && k.status === 'idle';
        }""",
        arg=n_cells, timeout=int(timeout_s * 1000), polling=500,
    )


def small_screen_with_files(page) -> None:
    """The page at :data:`SMALL` with JupyterLab's file browser open beside the notebook,
    once the notebook has laid itself out again."""
    page.set_viewport_size(SMALL)
    page.evaluate("() => window.jupyterapp.commands.execute('filebrowser:activate')")
    page.locator(".jp-FileBrowser").first.wait_for(state="visible", timeout=20_000)
    page.wait_for_timeout(500)  # the notebook re-lays out after the side panel opens


def cell(page, index: int):
    return page.locator(".jp-NotebookPanel .jp-CodeCell").nth(index)


def output(page, index: int):
    """The output area of code cell ``index``."""
    return cell(page, index).locator(".jp-OutputArea")


def box_within(inner: dict, outer: dict, tol: float = 1.0) -> bool:
    return (inner["x"] >= outer["x"] - tol and inner["y"] >= outer["y"] - tol
            and inner["x"] + inner["width"] <= outer["x"] + outer["width"] + tol
            and inner["y"] + inner["height"] <= outer["y"] + outer["height"] + tol)


def screenshot(locator, path: str, max_height: int = 8000) -> None:
    """Screenshot one element whole: the window is made tall enough for it first
    (JupyterLab scrolls outputs inside its own panel, which would clip them)."""
    page = locator.page
    size = dict(page.viewport_size)
    height = size["height"]
    # A taller window can make the element taller (heights in vh): grow until it fits.
    for _ in range(12):
        box = locator.bounding_box()
        need = min(int(box["height"]) + 400, max_height) if box else height
        if need <= height:
            break
        height = need
        page.set_viewport_size({"width": size["width"], "height": height})
    try:
        locator.scroll_into_view_if_needed()
        locator.screenshot(path=path, animations="disabled")
    finally:
        page.set_viewport_size(size)


def export_html(server: LabServer, nb_path: str, html_path: str, timeout_s: float = 240.0,
                extra_env: Optional[dict] = None) -> str:
    """``jupyter nbconvert --to html --execute`` with the server's kernel and settings,
    as a user exports a notebook; returns the HTML file's path."""
    env = dict(server.env)
    env.update(extra_env or {})
    out_dir, name = os.path.split(os.path.abspath(html_path))
    cmd = [sys.executable, "-m", "nbconvert", "--to", "html", "--execute",
           f"--ExecutePreprocessor.kernel_name={KERNEL_NAME}",
           f"--ExecutePreprocessor.timeout={int(timeout_s)}",
           "--output-dir", out_dir, "--output", os.path.splitext(name)[0], nb_path]
    res = subprocess.run(cmd, env=env, cwd=os.path.dirname(os.path.abspath(nb_path)),
                         stdin=subprocess.DEVNULL, capture_output=True, text=True,
                         timeout=timeout_s + 60)
    if res.returncode != 0:
        raise RuntimeError(f"nbconvert failed ({res.returncode}):\n{res.stderr[-3000:]}")
    return html_path


def failure_context(page, server: Optional[LabServer], shot_path: str) -> str:
    """What to look at when a page never got where a test waited for: a screenshot of
    the window and the end of the server log."""
    try:
        page.screenshot(path=shot_path)
        lines = [f"window screenshot: {shot_path}"]
    except Exception as exc:  # the browser itself may be gone
        lines = [f"no screenshot ({exc})"]
    if server is not None and os.path.isfile(server.log_path):
        with open(server.log_path, "rb") as f:
            tail = f.read()[-3000:].decode("utf-8", "replace")
        lines.append(f"end of {server.log_path}:\n{tail}")
    return "\n".join(lines)
