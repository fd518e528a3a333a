"""The report, ``%d2s_steps`` and ``%d2s_graph --explore`` executed with nbclient under
ipywidgets 7 (``make widgets7``: build/widgets7, ipywidgets 7.8.5 over the main
environment) and ipywidgets 8 (the running environment), with d2s_lab from its wheel as a
platform installs it: the working tree's wheel is built by setuptools' PEP 517 backend
as for ``make dist`` (``pip wheel``, in an isolated build environment, from a copy of the
tree: both test environments have pip, not all have ``build``), installed with ``pip install --no-deps
--target`` and put first on the kernel's path; the notebook fails unless d2s_lab is
imported from there (not from the source tree or the editable install). The outputs hold the full report,
each widget output holds the widget view, and a static fallback follows it (the stepper's
current page and every step folded; the explorer's drawing as a picture and SVG), which
is what a notebook reopened without a kernel and an HTML export show.
"""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

import nbformat
import pytest

from paths import ROOT as _ROOT
from versions import frontend_only

pytestmark = [frontend_only("ipywidgets 7 and 8 kernels"), pytest.mark.slow, pytest.mark.notebook]

ROOT = Path(_ROOT)
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
RUNNER = ROOT / "tests" / "platform" / "widget_notebook.py"
OUT = ROOT / "build" / "test-output" / "frontends"
WIDGETS7 = ROOT / "build" / "widgets7" / "bin" / "python"


def _python(major: int) -> str:
    if major == 8:
        return sys.executable
    if not WIDGETS7.exists():
        pytest.skip("no ipywidgets 7 environment (build/widgets7): `make widgets7` builds it")
    return str(WIDGETS7)


@pytest.fixture(scope="module")
def wheel_dir(tmp_path_factory):
    """d2s_lab installed from the working tree's wheel into a directory of its own."""
    tmp = tmp_path_factory.mktemp("wheel")
    src = tmp / "src"
    # a copy, so that a build running beside this one (the other Paddle's suite) does not
    # share setuptools' build folders in the tree
    shutil.copytree(ROOT / "d2s_lab", src / "d2s_lab",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, src / name)
    started = time.monotonic()
    build = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(tmp / "dist"),
                            str(src)], capture_output=True, text=True, timeout=300)
    assert build.returncode == 0, (build.stdout + build.stderr)[-3000:]
    wheel, = (tmp / "dist").glob("d2s_lab-*.whl")
    target = tmp / "site"
    install = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-index",
                              "--target", str(target), str(wheel)], capture_output=True, text=True, timeout=300)
    assert install.returncode == 0, install.stderr[-3000:]
    print(f"wheel built and installed in {time.monotonic() - started:.1f} s")
    return target


@pytest.fixture(scope="module", params=[7, 8], ids=["ipywidgets7", "ipywidgets8"])
def executed(request, wheel_dir):
    major = request.param
    python = _python(major)
    OUT.mkdir(parents=True, exist_ok=True)
    out = OUT / f"widgets{major}.ipynb"
    run = subprocess.run([python, str(RUNNER), str(out), str(wheel_dir)], cwd=str(ROOT), capture_output=True,
                         text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    return major, nbformat.read(str(out), as_version=4), wheel_dir


def _html(output) -> str:
    return output.get("data", {}).get("text/html", "")


def _widget_outputs(cell):
    """(widget output, the outputs after it) for each widget output of ``cell``."""
    outs = cell.outputs
    return [(o, outs[i + 1:]) for i, o in enumerate(outs) if WIDGET_MIME in o.get("data", {})]


def test_the_kernel_has_that_ipywidgets_and_the_wheel(executed):
    major, nb, wheel_dir = executed
    printed = "".join(o.get("text", "") for o in nb.cells[0].outputs)
    assert f"ipywidgets {major}." in printed, printed
    where = printed.split("d2s_lab ", 1)[1].split()[0]
    assert Path(where).resolve().is_relative_to(wheel_dir.resolve()), printed
    assert not Path(where).resolve().is_relative_to((ROOT / "d2s_lab").resolve()), printed


def test_no_errors_and_no_repr(executed):
    _, nb, _ = executed
    for cell in nb.cells:
        for o in cell.outputs:
            assert o.output_type != "error", (o.ename, o.evalue)
            text = json.dumps(o.get("data", {}))
            assert "failed unexpectedly" not in text and 'class="d2s-error"' not in _html(o), text[:400]
            assert "object at 0x" not in text, text[:400]


def test_the_report_and_the_stepper_with_its_fallback(executed):
    _, nb, _ = executed
    cell = nb.cells[1]
    assert any('class="d2s-report"' in _html(o) for o in cell.outputs), "no report"
    report = next(_html(o) for o in cell.outputs if 'class="d2s-report"' in _html(o))
    assert "d2s-graphview" in report and "<svg" in report
    widgets = _widget_outputs(cell)
    assert widgets, [list(o.get("data", {})) for o in cell.outputs]
    for widget, after in widgets:
        assert set(widget.data) == {WIDGET_MIME, "text/plain"}
        assert widget.data[WIDGET_MIME]["model_id"]
        fallback = _html(after[0])
        assert 'class="d2s-steps-now' in fallback and "d2s-allsteps" in fallback
        assert "forward" in fallback.split("d2s-allsteps")[0]  # step 0: the source


def test_d2s_steps_with_its_fallback(executed):
    _, nb, _ = executed
    (widget, after), = _widget_outputs(nb.cells[2])
    assert widget.data[WIDGET_MIME]["model_id"]
    fallback = _html(after[0])
    assert 'class="d2s-steps-now' in fallback and "forward" in fallback.split("d2s-allsteps")[0]


def test_the_explorer_with_its_drawing(executed):
    _, nb, _ = executed
    (widget, after), = _widget_outputs(nb.cells[3])
    assert widget.data[WIDGET_MIME]["model_id"]
    kinds = [sorted(o.data) for o in after]
    assert ["image/png", "text/plain"] in kinds, kinds
    drawing = next(_html(o) for o in after if "d2s-x-fallback" in _html(o))
    assert "<svg" in drawing and 'id="d2s-layer-fc"' in drawing


def test_the_html_export_shows_every_fallback(executed):
    """nbconvert without widget state shows each widget output's text and the fallbacks."""
    from nbconvert import HTMLExporter

    major, nb, _ = executed
    html, _ = HTMLExporter().from_notebook_node(nb)
    (OUT / f"widgets{major}.html").write_text(html, encoding="utf-8")
    assert html.count('class="d2s-steps-now') >= 2
    assert 'class="d2s d2s-x-fallback"' in html
    assert "model not found" not in html and "object at 0x" not in html
