"""The graph explorer in JupyterLab (headless Chromium): a 12-layer Transformer encoder,
its layers opened and closed in place by clicks and by the breadcrumb, searched, and an
op's producers and consumers lit up, each through a kernel round trip. Screenshots go to
build/test-output/explorer-*.png.
"""
import os

import pytest

import browser_util as bu
from d2s_lab.viz.explorer import CONSUMER_COLOR, MATCH_COLOR
from versions import frontend_only

pytestmark = frontend_only("the graph explorer's clicks")

ENCODER_CELL = '''%%to_static --input "x: [None, 16, 64] float32"
import paddle
layer = paddle.nn.TransformerEncoderLayer(64, 4, 128, dropout=0.0)
encoder = paddle.nn.TransformerEncoder(layer, 12)
encoder.eval()
'''
CELLS = ["%load_ext d2s_lab", ENCODER_CELL, "%d2s_graph _d2s --explore"]
EXPLORE = 2
NOTEBOOK = "explore.ipynb"  # lab_page (tests/browser/conftest.py) runs CELLS in it, then ready()


def _box(page):
    return bu.cell(page, EXPLORE).locator(".d2s-explorer")


def ready(page):
    _box(page).locator(".d2s-x-box svg").wait_for(state="visible", timeout=30_000)


@pytest.fixture(scope="module")
def explorer(lab_page):
    return lab_page, _box(lab_page)


def _node(box, kind, path):
    return box.locator(f'g[id="d2s-{kind}-{path}"]')


def _wait(page, box, js):
    page.wait_for_function(js, arg=box.element_handle(), timeout=15_000)


def _folded_layers(box):
    return box.evaluate("b => [...b.querySelectorAll('g.node[id^=\"d2s-layer-layers.\"]')]"
                        ".map(g => g.id)")


def test_open_and_close_layers_in_place(explorer, out_dir):
    page, box = explorer
    assert len(_folded_layers(box)) == 12
    _node(box, "layer", "layers.3").locator("polygon, path").first.click()
    _wait(page, box, "b => b.querySelector('g[id=\"d2s-cluster-layers.3\"]')")
    crumbs = box.locator(".d2s-x-crumb[data-path]")
    assert crumbs.all_inner_texts() == ["layers.3 ×"]
    assert len(_folded_layers(box)) >= 11  # the others stay folded; layers.3's parts fold
    # one level deeper: its attention block opens inside it
    _node(box, "layer", "layers.3.self_attn").locator("polygon, path").first.click()
    _wait(page, box, "b => b.querySelector('g[id=\"d2s-cluster-layers.3.self_attn\"]')")
    assert crumbs.all_inner_texts() == ["layers.3 ×", "layers.3.self_attn ×"]
    bu.screenshot(box, os.path.join(out_dir, "explorer-open.png"))
    # the breadcrumb closes layers.3, and with it what is open inside
    crumbs.first.click()
    _wait(page, box, "b => !b.querySelector('g[id^=\"d2s-cluster-\"]')")
    assert len(_folded_layers(box)) == 12 and crumbs.count() == 0
    # a click on an open layer's frame closes it too
    _node(box, "layer", "layers.5").locator("polygon, path").first.click()
    _wait(page, box, "b => b.querySelector('g[id=\"d2s-cluster-layers.5\"]')")
    _node(box, "cluster", "layers.5").locator("text").first.click()
    _wait(page, box, "b => !b.querySelector('g[id=\"d2s-cluster-layers.5\"]')")


def test_search_marks_the_layers_holding_matches(explorer, out_dir):
    page, box = explorer
    box.locator(".d2s-x-search").fill("softmax")
    _wait(page, box, "b => /12 ops match 'softmax'/.test(b.querySelector('.d2s-x-info').textContent)")
    strokes = box.evaluate("b => [...b.querySelectorAll('g.node[id^=\"d2s-layer-layers.\"] polygon')]"
                           ".map(p => p.getAttribute('stroke'))")
    assert strokes.count(MATCH_COLOR) == 12, strokes
    bu.screenshot(box, os.path.join(out_dir, "explorer-search.png"))
    box.locator(".d2s-x-search").fill("")
    _wait(page, box, "b => !/match/.test(b.querySelector('.d2s-x-info').textContent)")


def test_selecting_an_op_lights_its_producers_and_consumers(explorer, out_dir):
    page, box = explorer
    _node(box, "layer", "layers.0").locator("polygon, path").first.click()
    _wait(page, box, "b => b.querySelector('g[id=\"d2s-layer-layers.0.self_attn\"]')")
    _node(box, "layer", "layers.0.self_attn").locator("polygon, path").first.click()
    _wait(page, box, "b => b.querySelector('g[id=\"d2s-cluster-layers.0.self_attn\"]')")
    softmax = box.locator("g.node.d2s-op", has_text="softmax").first
    softmax.locator("polygon, path, ellipse").first.click()
    _wait(page, box, "b => /producers/.test(b.querySelector('.d2s-x-info').textContent)")
    info = box.locator(".d2s-x-info").inner_text()
    assert "1 consumers" in info or "consumers (orange)" in info, info
    strokes = box.evaluate("b => [...b.querySelectorAll('g.node polygon, g.node ellipse, g.node path')]"
                           ".map(p => p.getAttribute('stroke'))")
    assert CONSUMER_COLOR in strokes, strokes
    bu.screenshot(box, os.path.join(out_dir, "explorer-select.png"))
