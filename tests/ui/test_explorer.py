"""The graph explorer's state and widget, on a real converted Transformer encoder.

Opening a layer draws its cluster in place (its parents opened too), closing it (or a
layer around it) folds it back; the search finds ops by name, layer path and source
line, and lights up collapsed layers holding them; a selected op's producers and
consumers are marked. The widget answers the browser's requests in a real IPython shell.
"""
import re

import pytest

import d2s_lab
from d2s_lab.core.options import ViewOptions
from d2s_lab.errors import D2SError
from d2s_lab.viz.explorer import (CONSUMER_COLOR, MATCH_COLOR, PRODUCER_COLOR, ExplorerState,
                                  close, graph_explorer, neighbours, search, with_parents)

WIDGET_MIME = "application/vnd.jupyter.widget-view+json"


@pytest.fixture(scope="module")
def encoder():
    import paddle

    layer = paddle.nn.TransformerEncoderLayer(32, 2, 64, dropout=0.0)
    enc = paddle.nn.TransformerEncoder(layer, 3)
    enc.eval()
    return d2s_lab.convert(enc, ["x: [None,8,32] float32"])


def scaled(x):
    import paddle

    y = paddle.nn.functional.softmax(x)  # SCALED_LINE
    return y * 2


SCALED_LINE = scaled.__code__.co_firstlineno + 3


def _clusters(svg):
    return set(re.findall(r'<g id="d2s-cluster-([^"]+)" class="cluster', svg))


def _layers(svg):
    return set(re.findall(r'<g id="d2s-layer-([^"]+)" class="node', svg))


def test_layers_open_in_place_and_close(encoder):
    st = ExplorerState(encoder.drawn_graph)
    svg = st.draw()
    assert _layers(svg) == {"layers.0", "layers.1", "layers.2"} and not _clusters(svg)
    st.opened = with_parents(["layers.1.self_attn"])
    assert st.opened == ["layers.1", "layers.1.self_attn"]
    svg = st.draw()
    clusters = _clusters(svg)
    assert {"layers.1", "layers.1.self_attn"} <= clusters
    # besides them, only one-op layers (norm1, norm2), drawn as their op in their frame
    assert all(c.startswith("layers.1") for c in clusters), clusters
    assert {"layers.0", "layers.2", "layers.1.linear1"} <= _layers(svg)  # the rest stay folded
    assert "layers.1" not in _layers(svg)
    ops = re.findall(r'<g id="d2s-op-(\d+)"', svg)
    inside = {o.id for o in encoder.drawn_graph.iter_ops() if o.layer.startswith("layers.1.self_attn")}
    assert inside & {int(i) for i in ops}  # the opened layer's ops are drawn
    st.opened = close(st.opened, "layers.1")  # closing a layer closes what is inside it
    assert st.opened == []
    assert not _clusters(st.draw())
    assert st.seconds > 0 and "0 layers open" in st.info()


def test_starts_at_the_depth_asked_for(encoder):
    """``--depth 2``: the explorer's first picture is the report's at depth 2."""
    view = ViewOptions(depth=2)
    st = ExplorerState(encoder.drawn_graph, view)
    assert st.opened == ["layers.0", "layers.1", "layers.2"]
    svg = st.draw()
    report = encoder.graph(depth=2).svg
    assert _layers(svg) == _layers(report) and _clusters(svg) == _clusters(report)
    assert "layers.1.self_attn" in _layers(svg)


def test_search_finds_names_layers_and_lines(encoder):
    g = encoder.drawn_graph
    softmax = search(g, "softmax")
    assert len(softmax) == 3 and all(g.values for _ in softmax)
    assert {o.layer for o in g.iter_ops() if o.id in softmax} == {
        f"layers.{k}.self_attn" for k in range(3)}
    assert set(search(g, "LAYERS.2.LINEAR2")) == {o.id for o in g.iter_ops()
                                                  if o.layer.startswith("layers.2.linear2")}
    # a line of the user's code: the ops it made
    fn = d2s_lab.convert(scaled, ["x: [None,4] float32"]).drawn_graph
    hits = search(fn, f"test_explorer.py:{SCALED_LINE}")
    assert [o.short_name for o in fn.iter_ops() if o.id in hits] == ["softmax"]
    assert search(g, "  ") == [] and search(g, "no-such-op") == []
    # the collapsed layers holding the matches take the match colour
    st = ExplorerState(g)
    st.query = "softmax"
    svg = st.draw()
    assert svg.count(MATCH_COLOR) >= 3 and "3 ops match 'softmax'" in st.info()


def test_selected_op_lights_its_producers_and_consumers(encoder):
    g = encoder.drawn_graph
    op = next(o for o in g.iter_ops() if o.short_name == "softmax")
    producers, consumers = neighbours(g, op.id)
    assert producers and consumers
    assert all(set(g.values[v].producer for v in op.inputs if g.values[v].producer is not None)
               >= {p} for p in producers)
    assert all(set(op.outputs) & set(c.inputs) for c in g.iter_ops() if c.id in consumers)
    st = ExplorerState(g)
    st.opened = with_parents([op.layer])
    st.selected = op.id
    marks = st.marks()
    assert all(marks[p] == PRODUCER_COLOR for p in producers if p not in consumers)
    assert all(marks[c] == CONSUMER_COLOR for c in consumers)
    svg = st.draw()
    assert f'id="d2s-op-{op.id}"' in svg and CONSUMER_COLOR in svg
    assert f"op {op.id}: {len(producers)} producers" in st.info()


def test_the_widget_answers_the_browsers_requests(encoder):
    w = graph_explorer(encoder.drawn_graph)
    assert "d2s-layer-layers.0" in w.svg and w.opened == []
    w.opening = "layers.0.self_attn"  # what a click on a folded layer sends
    assert w.opened == ["layers.0", "layers.0.self_attn"] and w.opening == ""
    assert "d2s-cluster-layers.0.self_attn" in w.svg
    w.closing = "layers.0"  # a click on a layer's frame, or its breadcrumb
    assert w.opened == [] and "d2s-cluster-layers.0" not in w.svg
    w.query = "softmax"
    assert "3 ops match" in w.info
    with pytest.raises(D2SError, match="Cannot explore"):
        ExplorerState("not a graph")


def test_magic_shows_the_explorer(shell):
    cell = '''%%to_static --input "x: [None,8,32] float32" --as enc
import paddle
enc_model = paddle.nn.TransformerEncoder(paddle.nn.TransformerEncoderLayer(32, 2, 64, dropout=0.0), 2)
'''
    assert shell.run(cell)[0].success
    from IPython.utils.capture import capture_output

    with capture_output() as cap:
        assert shell.ip.run_cell("%d2s_graph enc --explore").success
    assert [o.data for o in cap.outputs if WIDGET_MIME in o.data], [o.data.keys() for o in cap.outputs]
    w = shell.ns["enc"].explore()
    assert "d2s-layer-layers.1" in w.svg
