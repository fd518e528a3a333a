"""report.html, the saved-model page and the benchmark page opened offline in headless Chromium."""
import os
import subprocess
import sys

import pytest

import paths
from browser_util import new_page, screenshot
from versions import PROGRAM_SUFFIX

ROOT = paths.ROOT
ENV = paths.child_env()


def cli(*args):
    r = subprocess.run([sys.executable, "-m", "d2s_lab.cli", *map(str, args)], capture_output=True,
                       text=True, env=ENV, cwd=ROOT, timeout=300)
    assert r.returncode == 0, r.stderr
    return r


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    d = tmp_path_factory.mktemp("pages")
    spec = ["--input", "x: [None,3,32,32] float32"]
    cli("report", "d2s_lab.teaching.examples:EmbeddingNet", *spec, "-o", d / "report.html")
    code = ("import paddle; from d2s_lab.teaching.examples import EmbeddingNet; n = EmbeddingNet(); "
            "n.eval(); paddle.jit.save(n, r'%s', input_spec=[paddle.static.InputSpec("
            "[None, 3, 32, 32], 'float32', 'x')])" % (d / "seed"))
    subprocess.run([sys.executable, "-c", code], check=True, env=ENV, timeout=300)
    cli("show", d / ("seed" + PROGRAM_SUFFIX), "-o", d / "saved.html")
    cli("bench", "d2s_lab.teaching.examples:EmbeddingNet", *spec, "--batch", "2", "--repeat", "2",
        "--min-time", "0", "--runtimes", "to_static,predictor", "-o", d / "bench.html")
    return d


def _open(browser, path):
    page = new_page(browser)  # every request except file:// and data: is aborted and listed
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto("file://" + str(path), wait_until="load", timeout=30_000)
    return page, errors


def test_pages_render_offline(pages, browser, out_dir):
    page, errors = _open(browser, pages / "report.html")
    assert page.blocked == [] and errors == []
    text = page.inner_text("body")
    for needle in ("Environment", "PaddlePaddle", "Original (dygraph)", "Transformed by to_static",
                   "Conversion steps", "Graph"):
        assert needle in text, needle
    box = page.locator(".d2s-graph svg").first.bounding_box()
    assert box and box["width"] > 100 and box["height"] > 200
    screenshot(page.locator("main"), os.path.join(out_dir, "report-page.png"))

    page, errors = _open(browser, pages / "saved.html")
    assert page.blocked == [] and errors == []
    assert f"Saved model: seed{PROGRAM_SUFFIX}" in page.inner_text("body")
    assert page.locator("svg").count() > 1

    page, errors = _open(browser, pages / "bench.html")
    assert page.blocked == [] and errors == []
    img = page.locator("img").first
    assert img.evaluate("i => i.complete && i.naturalWidth > 300")
    assert "Paddle Inference" in page.inner_text("body")
