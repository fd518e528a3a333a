"""Drawings that never wait on dot for minutes: the cost is predicted from the drawing
model before dot runs (:mod:`d2s_lab.viz.dot.cost`), a training program is laid out so
it draws (each backward layer beside its forward layer), and a drawing predicted to take
far longer than the layout limit is refused at once with one message."""
from __future__ import annotations

import shutil
import subprocess
import time

import pytest

from versions import PADDLE3

from d2s_lab.viz.dot.cost import TAME_VIRTUAL, predict, tame
from d2s_lab.viz.dot.drawing import Drawing, Edge, Node

needs_dot = pytest.mark.skipif(not shutil.which("dot"), reason="needs the Graphviz dot binary")
# The drawing model, its cost and dot: no Paddle in them, the same whichever Paddle is here
no_paddle = pytest.mark.skipif(not PADDLE3, reason="no Paddle in it (the drawing model, its cost and dot): "
                               "the Paddle 3 run checks it")


def ladder(n: int) -> Drawing:
    """What the emitter makes of a training program of ``n`` layers: the forward
    chain, the backward chain the other way, each forward layer feeding its backward
    layer, and one node collecting every gradient."""
    d = Drawing()
    d.items = [Node("x", "shape=box", "x")]
    d.items += [Node(f"F{i}", f'id="d2s-layer-{i}"', str(i), layer=str(i)) for i in range(n)]
    d.items += [Node(f"B{i}", f'id="d2s-layer-backward.{i}"', f"backward.{i}", layer=f"backward.{i}")
                for i in range(n)]
    d.items.append(Node("S", 'id="d2s-layer-backward#2"', "gradients", layer="backward#2"))
    pairs = [("x", "F0")] + [(f"F{i}", f"F{i + 1}") for i in range(n - 1)] + [(f"F{n - 1}", f"B{n - 1}")]
    pairs += [(f"B{i + 1}", f"B{i}") for i in range(n - 1)] + [(f"F{i}", f"B{i + 1}") for i in range(n - 1)]
    pairs += [(f"B{i}", "S") for i in range(n)]
    d.edges = [Edge(a, b) for a, b in pairs]
    return d


@no_paddle
def test_prediction_counts_long_edges_and_taming_removes_them():
    small = Drawing(items=[Node(n, "", n) for n in "abc"],
                    edges=[Edge("a", "b"), Edge("b", "c"), Edge("a", "c")])
    assert (predict(small).nodes, predict(small).edges, predict(small).virtual) == (3, 3, 1)  # a -> c: two ranks
    before = predict(ladder(100))
    assert before.virtual > TAME_VIRTUAL and before.seconds() > 20
    drawing = ladder(100)
    cost = tame(drawing)
    assert cost.virtual == 0 and cost.seconds() < 1
    text = drawing.to_dot()
    assert "{rank=same; F7; B7}" in text and "B3 -> S [constraint=false]" in text
    assert predict(drawing).virtual < before.virtual  # the edges into S no longer set ranks
    cheap = Drawing(items=[Node("a", "", "a"), Node("b", "", "b")], edges=[Edge("a", "b")])
    plain = cheap.to_dot()
    tame(cheap)
    assert cheap.to_dot() == plain  # cheap drawings are left alone


@no_paddle
@needs_dot
def test_tamed_ladder_draws_within_seconds():
    import resource

    drawing = ladder(100)
    tame(drawing)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    r = subprocess.run(["dot", "-Tsvg"], input=drawing.to_dot().encode(), capture_output=True, timeout=60)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    assert r.returncode == 0 and b"<svg" in r.stdout
    # dot's own CPU time (untamed: minutes): the wall time counts whatever else the machine runs
    assert (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime) < 5.0


@no_paddle
@needs_dot
def test_predicted_too_slow_is_refused_at_once():
    from d2s_lab.viz.dot.render import RenderTimeout, render

    drawing = ladder(150)  # left as it is: minutes of dot
    t0 = time.process_time()  # CPU time: refused before any layout, however busy the machine
    with pytest.raises(RenderTimeout, match="would take longer than 20 s"):
        render(drawing.to_dot(), "svg", predict(drawing))
    assert time.process_time() - t0 < 2.0


@needs_dot
def test_training_program_of_100_linear_layers_draws_in_seconds():
    import paddle

    import d2s_lab
    from d2s_lab.viz.graph_view import draw_graph

    net = paddle.nn.Sequential(*[paddle.nn.Linear(8, 8) for _ in range(100)])
    conv = d2s_lab.convert(net, [paddle.static.InputSpec([None, 8], "float32", "x")])
    graph = conv.program_graph("train")
    view = draw_graph(graph)
    cost = view.info.predicted  # laid out per layer: predicted well inside dot's time limit
    assert cost.seconds() < 5.0, cost
    assert "[constraint=false]" in view.dot and "{rank=same; " in view.dot
    html = view._repr_html_()  # drawn, not cut at the limit (timed in benchmarks/bench_hostile.py)
    assert "<svg" in html and "not drawn" not in html
