import os

import pytest

os.environ.setdefault("GLOG_minloglevel", "2")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT_DIR = os.path.join(ROOT, "build", "test-output")


@pytest.fixture(scope="session")
def paddle():
    import paddle as _paddle

    return _paddle


@pytest.fixture(scope="session")
def out_dir():
    os.makedirs(OUT_DIR, exist_ok=True)
    return OUT_DIR


# One JupyterLab server and one Chromium for all browser tests (each test module opens
# its own notebook in its own page). Only the browser modules request them.
@pytest.fixture(scope="session")
def server(out_dir):
    import browser_util as bu

    with bu.lab_server(os.path.join(out_dir, "browser-jupyter-lab.log")) as srv:
        yield srv


@pytest.fixture(scope="session")
def browser():
    import browser_util as bu

    with bu.chromium() as b:
        yield b


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
