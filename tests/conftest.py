import os
import tempfile

import pytest

os.environ.setdefault("GLOG_minloglevel", "2")
# Most of the suite tests the AST path's views (graph, steps, transformed source), so it asks
# for that path as a user would, for every conversion and every kernel it starts. The tests
# of the default path (tests/core/test_default_path.py and the ones marked there) take this
# away and convert as plain paddle.jit.to_static does.
os.environ["D2S_MODE"] = "ast"
# Where conversions keep what Paddle prints while they run (left behind by a process that
# ends inside one, and shown by the next %load_ext): this test process's own folder, for
# it and every kernel and server it starts, so no other run's leftovers reach a test.
os.environ["D2S_CAPTURE_DIR"] = tempfile.mkdtemp(prefix="d2s-capture-")


def pytest_unconfigure(config):
    import shutil

    shutil.rmtree(os.environ["D2S_CAPTURE_DIR"], ignore_errors=True)
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT_DIR = os.path.join(ROOT, "build", "test-output")
TESTS = os.path.dirname(os.path.abspath(__file__))
# Markers by folder (registered in pyproject.toml): `-m "not browser and not notebook"`
# leaves out what needs JupyterLab, Chromium or whole notebook runs.
FOLDER_MARKERS = {"browser": "browser", "notebooks": "notebook"}
BROWSER_FIXTURES = {"server", "browser"}


def pytest_collection_modifyitems(config, items):
    for item in items:
        rel = os.path.relpath(str(item.path), TESTS)
        folder = rel.split(os.sep)[0]
        if folder in FOLDER_MARKERS:
            item.add_marker(FOLDER_MARKERS[folder])
        if BROWSER_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker("browser")


_FROZEN_AT = [None]


def pytest_runtest_setup(item):
    """At each test module's first test: collect what the modules before it left, then
    freeze what is still alive (``gc.freeze``). Paddle runs ``gc.collect()`` on each SOT
    translation; in a process that has run hundreds of tests, each such collection went
    through every object they keep (a million: 0.3 s each, 45 % of a part's time). Frozen,
    they are skipped; what a test creates is still collected as before."""
    import gc

    if item.module is not _FROZEN_AT[0]:
        _FROZEN_AT[0] = item.module
        gc.collect()
        gc.freeze()


def _needs_browser():
    """Skip, naming what is missing, where Chromium, JupyterLab or Playwright are absent."""
    import browser_util as bu

    missing = bu.missing_requirements()
    if missing:
        pytest.skip("browser tests need: " + "; ".join(missing))


@pytest.fixture(scope="session")
def paddle():
    import paddle as _paddle

    return _paddle


@pytest.fixture(scope="session")
def out_dir():
    """Screenshots and pages the tests leave to look at; the Paddle 2.6 suite writes into
    its own subfolder, so the two suites can run side by side."""
    from versions import PADDLE3

    path = OUT_DIR if PADDLE3 else os.path.join(OUT_DIR, "paddle26")
    os.makedirs(path, exist_ok=True)
    return path


# One JupyterLab server and one Chromium for all browser tests (each test module opens
# its own notebook in its own page). Only the browser modules request them.
@pytest.fixture(scope="session")
def server(out_dir):
    import browser_util as bu

    _needs_browser()

    with bu.lab_server(os.path.join(out_dir, "browser-jupyter-lab.log")) as srv:
        yield srv


@pytest.fixture(scope="session")
def browser():
    import browser_util as bu

    _needs_browser()

    with bu.chromium() as b:
        yield b


# The demo notebook in quick mode, run once for the session: the notebook tests read its
# results and the browser tests open its HTML export. Skips, saying why, without CIFAR-10.
@pytest.fixture(scope="session")
def demo_run(tmp_path_factory):
    import demo_run as demo

    return demo.quick_run(tmp_path_factory.mktemp("demo-quick"))


class Shell:
    """A real IPython InteractiveShell with d2s_lab loaded; captures rich output."""

    def __init__(self):
        from IPython.core.interactiveshell import InteractiveShell

        self.ip = InteractiveShell.instance()
        self.ip.run_line_magic("load_ext", "d2s_lab")

    @property
    def ns(self):
        return self.ip.user_ns

    def run(self, cell: str):
        """Run a cell; return (result, list of displayed HTML strings, stdout)."""
        from IPython.utils.capture import capture_output

        with capture_output() as cap:
            res = self.ip.run_cell(cell)
        htmls = [o.data.get("text/html", "") for o in cap.outputs]
        return res, htmls, cap.stdout


@pytest.fixture
def shell():
    sh = Shell()
    yield sh
    sh.ip.run_line_magic("unload_ext", "d2s_lab")
    sh.ip.reset(new_session=False)
