"""Drawings that never wait on dot for minutes: the cost is predicted before dot runs
(:mod:`d2s_lab.viz.dot.cost`), a training program is laid out so it draws (each
backward layer beside its forward layer), and a drawing predicted to take far longer
than the layout limit is refused at once with one message."""
from __future__ import annotations

import shutil
import subprocess
import time

import pytest

from d2s_lab.viz.dot.cost import TAME_VIRTUAL, predict, prepare

needs_dot = pytest.mark.skipif(not shutil.which("dot"), reason="needs the Graphviz dot binary")


def ladder_dot(n: int) -> str:
    """What the emitter writes for a training program of ``n`` layers: the forward
    chain, the backward chain the other way, each forward layer feeding its backward
    layer, and one node collecting every gradient."""
    lines = ["digraph G {", "x [shape=box]"]
    lines += [f'F{i} [id="d2s-layer-{i}" label="{i}"]' for i in range(n)]
    lines += [f'B{i} [id="d2s-layer-backward.{i}" label="backward.{i}"]' for i in range(n)]
    lines.append('S [id="d2s-layer-backward#2" label="gradients"]')
    lines.append("x -> F0")
    lines += [f"F{i} -> F{i + 1}" for i in range(n - 1)]
    lines.append(f"F{n - 1} -> B{n - 1}")
    lines += [f"B{i + 1} -> B{i}" for i in range(n - 1)]
    lines += [f"F{i} -> B{i + 1}" for i in range(n - 1)]
    lines += [f"B{i} -> S" for i in range(n)]
    lines.append("}")
    return "\n".join(lines) + "\n"


def test_prediction_counts_long_edges_and_taming_removes_them():
    small = predict("digraph G {\na -> b\nb -> c\na -> c\n}\n")
    assert (small.nodes, small.edges, small.virtual) == (3, 3, 1)  # a -> c spans two ranks
    text, cost = prepare(ladder_dot(100))
    before = predict(ladder_dot(100))
    assert before.virtual > TAME_VIRTUAL and before.seconds() > 20
    assert cost.virtual == 0 and cost.seconds() < 1
    assert "{rank=same; F7; B7}" in text and "B3 -> S [constraint=false]" in text
    again, cost2 = prepare(text)  # prepared once: kept as it is
    assert again == text and cost2.virtual == 0
    plain = "digraph G {\na -> b\n}\n"
    assert prepare(plain)[0] == plain  # cheap drawings are left alone


@needs_dot
def test_tamed_ladder_draws_within_seconds():
    import resource

    text, _ = prepare(ladder_dot(100))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    r = subprocess.run(["dot", "-Tsvg"], input=text.encode(), capture_output=True, timeout=60)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    assert r.returncode == 0 and b"<svg" in r.stdout
    # dot's own CPU time (untamed: minutes): the wall time counts whatever else the machine runs
    assert (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime) < 5.0


@needs_dot
def test_predicted_too_slow_is_refused_at_once(monkeypatch):
    from d2s_lab.viz.dot import cost
    from d2s_lab.viz.dot.render import RenderTimeout, render

    monkeypatch.setattr(cost, "TAME_VIRTUAL", 10**9)  # leave the ladder as it is: minutes of dot
    t0 = time.process_time()  # CPU time: refused before any layout, however busy the machine
    with pytest.raises(RenderTimeout, match="would take longer than 20 s"):
        render(ladder_dot(150))
    assert time.process_time() - t0 < 2.0


@pytest.mark.slow  # converts a 100-layer model
@needs_dot
def test_training_program_of_100_linear_layers_draws_in_seconds():
    import paddle

    import d2s_lab
    from d2s_lab.viz.graph_view import draw_graph

    net = paddle.nn.Sequential(*[paddle.nn.Linear(8, 8) for _ in range(100)])
    conv = d2s_lab.convert(net, [paddle.static.InputSpec([None, 8], "float32", "x")])
    graph = conv.program_graph("train")
    from d2s_lab.viz.dot.cost import prepare

    view = draw_graph(graph)
    _, cost = prepare(view.dot)  # laid out per layer: predicted well inside dot's time limit
    assert cost.seconds() < 5.0, cost
    html = view._repr_html_()  # drawn, not cut at the limit (timed in benchmarks/bench_hostile.py)
    assert "<svg" in html and "not drawn" not in html
