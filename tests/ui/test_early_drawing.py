"""The report's drawing starts before the first static run: the Program as traced draws
the same as the Program after the run (Paddle 3 appends a shadow_output op then), so
``%%to_static`` hands Graphviz the traced one while the run goes and takes its result."""
import pytest

from versions import PIR


def _net(paddle):
    net = paddle.nn.Sequential(paddle.nn.Linear(8, 16), paddle.nn.ReLU(), paddle.nn.Linear(16, 4))
    net.eval()
    return net


def test_the_traced_program_draws_as_the_run_left_it(paddle):
    import d2s_lab
    from d2s_lab.core.options import ViewOptions
    from d2s_lab.viz.graph_view import draw_graph_with

    seen = []
    conv = d2s_lab.convert(_net(paddle), ["x: [None, 8] float32"], before_run=seen.append)
    assert len(seen) == 1
    from versions import PADDLE3

    traced, after = seen[0], conv.drawn_graph
    names = [op.name for op in after.iter_ops()]
    fresh = conv.program_graph("forward")
    assert names == [op.name for op in fresh.iter_ops()]
    if PADDLE3:  # the traced graph brought up to date with the output op the run appended
        assert after is traced and "builtin.shadow_output" in names
    # drawn the same either way: the output ops fold into the output marker
    before = draw_graph_with(conv.program_graph("forward"), ViewOptions())
    assert 'id="d2s-output-0"' in before.dot


def test_a_drawing_is_taken_only_when_it_is_the_same(paddle):
    import d2s_lab
    from d2s_lab.core.options import ViewOptions
    from d2s_lab.viz.graph_view import draw_graph_with

    seen = []
    conv = d2s_lab.convert(_net(paddle), ["x: [None, 8] float32"], before_run=seen.append)
    early = draw_graph_with(seen[0], ViewOptions())
    early.render_in_background(png=True)
    report = draw_graph_with(conv.drawn_graph, ViewOptions())
    assert report.take_drawing(early)
    assert report.svg == early.svg and report.png_twin() == early.png_twin() and report.svg.startswith("<svg")
    other = draw_graph_with(conv.drawn_graph, ViewOptions(depth="all", params=True))
    assert other.dot != early.dot and not other.take_drawing(early)
    assert other.svg != early.svg  # drawn on its own


def test_a_failing_early_start_changes_nothing(paddle):
    import d2s_lab

    def broken(_graph):
        raise RuntimeError("an early start that fails")

    conv = d2s_lab.convert(_net(paddle), ["x: [None, 8] float32"], before_run=broken)
    assert conv.error is None and conv.drawn_graph.num_ops() > 3


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_magic_report_shows_the_drawing(shell, paddle, lang):
    shell.ns["net"] = _net(paddle)
    _, htmls, _ = shell.run(f'%%to_static --model net --input "x: [None, 8] float32" --lang {lang}\npass\n')
    report = next(h for h in htmls if "d2s-report" in h)
    assert "<svg" in report and "d2s-output-0" in report
    assert ("输出" if lang == "zh" else "output") in report.split("<svg", 1)[1]


def test_a_big_model_is_laid_out_once(shell, paddle, monkeypatch):
    """Over a cell's node limit the report draws a collapsed view; the drawing started
    while the first run goes is that same view, so Graphviz lays it out once."""
    import d2s_lab.viz.graph_view as gv

    planned, drawn = [], []
    build, render, render_both = gv.build_dot, gv.render, gv.render_svg_and_png
    monkeypatch.setattr(gv, "build_dot", lambda *a, **k: planned.append(1) or build(*a, **k))
    monkeypatch.setattr(gv, "render", lambda *a, **k: drawn.append(1) or render(*a, **k))
    monkeypatch.setattr(gv, "render_svg_and_png", lambda *a, **k: drawn.append(1) or render_both(*a, **k))
    layers = []
    for _ in range(40):
        layers += [paddle.nn.Linear(8, 8), paddle.nn.ReLU()]
    net = paddle.nn.Sequential(*layers)
    net.eval()
    shell.ns["net"] = net
    _, htmls, _ = shell.run('%%to_static --mode ast --model net --input "x: [None, 8] float32"\npass\n')
    report = next(h for h in htmls if "d2s-report" in h)
    assert "<svg" in report
    assert len(drawn) == 1  # laid out once
    # planned and written once where the run only adds output ops to the same graph (PIR;
    # a legacy Program's first run adds feed and fetch ops: its graph is walked afresh)
    assert len(planned) == (1 if PIR else 2)
