"""The default-path (SOT) run drawn whole: the subgraphs SOT compiled as clusters in run
order, each graph break a node at its line, the tensors handed from one part to the next;
a subgraph under MIN_GRAPH_SIZE drawn as running in dygraph; a library model within a
notebook cell's node limit; ``%d2s_graph`` in a real kernel; names escaped in the HTML.

Real SOT runs on both Paddles (Paddle 2.6.2's SOT splits the same simple function at its
print); real Graphviz ``dot``."""
import os
import re
import subprocess
import sys
import textwrap

import pytest

import d2s_lab
from cells import HALVES as HALVES_DEF
from d2s_lab.core.options import CELL_NODES
from d2s_lab.core.sot.run_graph import BREAK_OP, RunGraph
from d2s_lab.viz.dot.drawing import Cluster
from d2s_lab.viz.explorer import ExplorerState
from d2s_lab.viz.graph_view import cell_drawing, report_graph
from d2s_lab.viz.report import conversion_html
from d2s_lab.viz.sot_view import sot_report_html
from d2s_lab.text import using_lang
from html_text import text as html_text
from kernels import d2s_kernel, run_cell
from models import model_module
from versions import PADDLE3

HALVES = ("\nimport paddle\n\n\n" + HALVES_DEF.replace('print("half way")', 'print("half way")  # PRINT')
          + "\n\ndef small(x):\n    return paddle.nn.functional.relu(x * 2) + 1\n")
PRINT_LINE = next(i for i, ln in enumerate(HALVES.splitlines(), 1) if ln.endswith("# PRINT"))
SPECS = ["x: [2, 8] float32", "w: [8, 8] float32"]


class _MinGraphSize:
    """``MIN_GRAPH_SIZE`` set for a block, then put back as it was."""

    def __init__(self, value):
        self.value, self.before = value, None

    def __enter__(self):
        self.before = os.environ.get("MIN_GRAPH_SIZE")
        if self.value is None:
            os.environ.pop("MIN_GRAPH_SIZE", None)
        else:
            os.environ["MIN_GRAPH_SIZE"] = self.value

    def __exit__(self, *exc):
        if self.before is None:
            os.environ.pop("MIN_GRAPH_SIZE", None)
        else:
            os.environ["MIN_GRAPH_SIZE"] = self.before


@pytest.fixture(scope="module")
def mod(tmp_path_factory):
    return model_module(tmp_path_factory.mktemp("sot_drawing"), "sot_drawing_model", HALVES)


@pytest.fixture(scope="module")
def split(mod):
    """``halves`` on the default path with every subgraph run statically."""
    with _MinGraphSize("0"):
        return d2s_lab.convert(mod.halves, input_spec=SPECS, mode="sot")


def _clusters(drawing):
    return [c for c in drawing.items if isinstance(c, Cluster) and "d2s-sot-part" in c.attrs]


def _names(cluster):
    return {n.name for n in cluster.items if not isinstance(n, Cluster)}


def test_print_between_halves_draws_two_clusters_a_break_and_the_hand_over(split):
    rep = split.sot
    assert [s.runs_static for s in rep.subgraphs] == [True, True], rep.summary()
    # Paddle 2.6 keeps no reasons: its note points at the break listed below it
    assert ("each break below is where SOT split the frame" in rep.message) == (not PADDLE3), rep.message
    graph = split.program_graph()
    one, two = [s.name for s in rep.subgraphs]  # SIR_0, SIR_1 (numbered for the whole process)
    assert isinstance(graph, RunGraph) and list(graph.parts) == [one, two]
    view = split.graph(wrap=False)  # one strip: the hand-over edges drawn as they are
    drawing = view.info.drawing
    first, second = _clusters(drawing)
    assert f"{one} · 12 ops · static program" in first.attrs and f"{two} · 12 ops" in second.attrs
    assert "d2s-sot-dygraph" not in first.attrs + second.attrs
    breaks = [n for n in drawing.nodes() if "d2s-break" in n.attrs]
    assert len(breaks) == 1 and f"d2s-line-{PRINT_LINE}" in breaks[0].attrs
    brk = breaks[0]
    assert brk.head == "graph break" and "in halves" in brk.rows
    assert any(r.endswith(f"line {PRINT_LINE}") for r in brk.rows), brk.rows
    # Paddle's own message stays in the table of breaks, marked as Paddle's; the tooltip points there
    assert "table of graph breaks" in brk.attrs and rep.breaks[0].message[:30] not in brk.attrs
    edges = {(e.src, e.dst): e.attrs for e in drawing.edges}
    into = [a for (s, d), a in edges.items() if s in _names(first) and d == brk.name]
    out_of = [a for (s, d), a in edges.items() if s == brk.name and d in _names(second)]
    assert into and out_of, edges
    assert all("style=dashed" in a for a in into + out_of)  # inferred, and drawn so
    # nothing passes from the first subgraph straight to the second: the print is between
    assert not [1 for s, d in edges if s in _names(first) and d in _names(second)]
    svg = view.svg  # real dot
    assert svg.lstrip().startswith("<svg") and "graph break" in svg and f"{two} · 12 ops" in svg
    # the break op carries what the node shows, for tables and the explorer
    (op,) = [o for o in graph.iter_ops() if o.name == BREAK_OP]
    assert op.source.line == PRINT_LINE and graph.breaks[op.id] is rep.breaks[0]


def test_the_wrapped_drawing_and_the_report_show_the_run(split):
    view = report_graph(split)  # the report's own drawing: a notebook cell's
    assert view is not None and "d2s-break-0" in view.dot and view.info.nodes <= CELL_NODES
    page = conversion_html(split, view)
    assert 'class="d2s-run"' in page and "<svg" in page and 'class="d2s-error' not in page
    assert "graph break / dygraph stretch" in page  # the legend says what the node is


def test_the_explorer_starts_with_the_subgraphs_open_and_closes_one(split):
    one, two = [s.name for s in split.sot.subgraphs]
    state = ExplorerState(split.program_graph(), split.view)
    assert state.opened == [one, two]
    svg = state.draw()
    assert "graph break" in svg and f"{two} · 12 ops" in svg and "tanh" in svg
    state.opened = [one]  # a click on the second subgraph's frame closes it: one node
    svg = state.draw()
    assert f'id="d2s-layer-{two}"' in svg and f"{one} · 12 ops" in svg and "graph break" in svg


def test_subgraph_under_min_graph_size_is_drawn_as_dygraph(mod):
    with _MinGraphSize(None):  # Paddle's default, 10: three ops run in dygraph
        conv = d2s_lab.convert(mod.small, input_spec=["x: [2, 3] float32"], mode="sot")
    assert conv.sot.min_graph_size == 10
    view = report_graph(conv)
    page = conversion_html(conv, view)  # the report still draws the run
    assert 'class="d2s-run"' in page and "<svg" in page
    if PADDLE3:  # what SOT traced: one subgraph Paddle sends back to dygraph
        (sub,) = conv.sot.subgraphs
        assert not sub.runs_static
        (cluster,) = _clusters(view.info.drawing)
        assert "d2s-sot-dygraph" in cluster.attrs and 'style="dashed,rounded"' in cluster.attrs
        assert "runs in dygraph: fewer ops than MIN_GRAPH_SIZE (10)" in cluster.attrs
        assert "dashed grey: runs in dygraph" in page
    else:  # Paddle 2.6 records no graph it leaves uncompiled: the frame, drawn as run in dygraph
        assert not conv.sot.subgraphs
        (node,) = view.info.drawing.nodes()
        assert node.head == "frame ran in dygraph" and "no graph of MIN_GRAPH_SIZE (10) ops or more" in node.rows
        assert "in small" in node.rows


def test_the_report_draws_each_subgraph_once(split):
    """The run drawing shows both subgraphs; the SOT section below it draws neither again
    (no Graphviz run each) but keeps what the drawing does not give: each subgraph's ops by
    cell line and its code. A SotReport shown alone still draws its subgraphs."""
    one, two = [s.name for s in split.sot.subgraphs]
    page = conversion_html(split, report_graph(split))
    head = "<summary>SOT graph breaks</summary>"
    run, sot = page[page.index('class="d2s-run"'):page.index(head)], page[page.index(head):]
    assert "<svg" in run and f"{one} · 12 ops" in run and f"{two} · 12 ops" in run
    assert "<svg" not in sot and "d2s-by-line" in sot and "SOT_EXPORT" in sot
    words = " ".join(html_text(sot).split())
    for name in (one, two):
        assert f"Drawn once, above: the cluster {name} of the run's drawing." in words
    first_line = next(n for n, ln in enumerate(HALVES.splitlines(), 1) if "paddle.matmul" in ln)
    assert f'data-d2s-line="{first_line}"' in sot
    with using_lang("zh"):
        zh = " ".join(html_text(conversion_html(split, report_graph(split))).split())
    assert f"已在上方绘制一次：即运行图中的 {one} 簇。" in zh
    assert sot_report_html(split.sot).count("<svg") >= 2


@pytest.mark.slow
def test_resnet18_run_stays_within_the_cell_node_limit():
    import paddle
    from paddle.vision.models import resnet18

    paddle.seed(0)
    net = resnet18()
    net.eval()
    conv = d2s_lab.convert(net, input_spec=["x: [1, 3, 64, 64] float32"], mode="sot")
    assert conv.sot.subgraphs, conv.sot.summary()
    graph = conv.program_graph()
    assert graph.num_ops() > CELL_NODES  # more ops than a cell draws: the drawing must fit
    view = cell_drawing(graph, conv.view)
    assert 0 < view.info.nodes <= CELL_NODES and not view.info.cut
    # each subgraph drawn: open as a cluster of its ops while they fit, else as one node
    opened = [c.layer for c in _clusters(view.info.drawing)]
    assert opened and opened + re.findall(r'id="d2s-layer-(SIR_\d+)"', view.dot) == list(graph.parts)
    if len(opened) < len(graph.parts):  # the first ones open; the note says how to open all
        assert f"{len(opened)} of the {len(graph.parts)} subgraphs are drawn open" in view.collapse_note()
    assert "<svg" in view.svg
    # .graph() typed in a cell shows the same capped drawing; the object keeps the whole run
    whole = conv.graph()
    assert whole.info.nodes > CELL_NODES and whole.in_cell().dot == view.dot
    everything = conv.graph(budget=None)  # asked for: drawn whole in the cell too
    assert everything.in_cell() is everything


def test_html_escapes_a_function_name(mod, tmp_path):
    src = HALVES.replace("def halves(", "def odd_name(")
    odd = model_module(tmp_path, "sot_drawing_odd", src)
    odd.odd_name.__code__ = odd.odd_name.__code__.replace(co_name="f<b>x</b>")
    with _MinGraphSize("0"):
        conv = d2s_lab.convert(odd.odd_name, input_spec=SPECS, mode="sot")
    brk = next(b for b in conv.sot.breaks if b.kind == "break")
    assert brk.function == "f<b>x</b>"
    view = report_graph(conv)
    assert "in f&lt;b&gt;x&lt;/b&gt;" in view.dot and "<b>x</b>" not in view.dot
    page = conversion_html(conv, view)
    assert "f<b>x</b>" not in page and "f&lt;b&gt;x&lt;/b&gt;" in page


CELL = textwrap.dedent('''\
    %%to_static --mode sot --input "x: [2, 8] float32" --input "w: [8, 8] float32"
    import os
    import paddle
    os.environ["MIN_GRAPH_SIZE"] = "0"

    ''') + HALVES_DEF


@pytest.mark.slow
def test_d2s_graph_draws_the_run_in_a_kernel():
    with d2s_kernel() as kc:
        status, out = run_cell(kc, CELL, timeout=300)
        assert status == "ok" and 'class="d2s-run"' in out and 'class="d2s-error' not in out, out[-2000:]
        assert "<picture of the graph halves>" in out  # the report's picture twin
        status, out = run_cell(kc, "%d2s_graph _d2s")
        assert status == "ok" and 'class="d2s-error' not in out, out[-2000:]
        assert "<picture of the graph halves>" in out and len(set(re.findall(r'id="d2s-cluster-(SIR_\d+)"', out))) == 2
        assert len(re.findall(r'id="d2s-break-\d+"', out)) == 1


@pytest.mark.slow
def test_cli_graph_draws_the_run_on_paddles_default_path(mod, tmp_path):
    """``d2s-lab graph`` takes the path ``%%to_static`` takes: Paddle's default (SOT on
    both Paddles here, Python 3.11) without ``--mode``; ``--mode ast`` stays."""
    from d2s_lab.cli import build_parser
    from d2s_lab.core.paddle_compat.default_path import paddle_default_mode

    if paddle_default_mode() != "sot":
        pytest.skip("plain to_static takes the AST path on this Paddle and Python: no run to draw by default")
    parse = build_parser().parse_args
    assert parse(["graph", "m:f"]).mode is None and parse(["graph", "m:f", "--mode", "ast"]).mode == "ast"
    folder = os.path.dirname(mod.__file__)
    out = tmp_path / "run.svg"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([folder, os.environ.get("PYTHONPATH", "")]),
               MIN_GRAPH_SIZE="0", GLOG_minloglevel="2")
    env.pop("D2S_MODE", None)  # the suite's AST default taken away: the reader's default path
    proc = subprocess.run([sys.executable, "-m", "d2s_lab.cli", "graph", "sot_drawing_model:halves",
                           "--input", SPECS[0], "--input", SPECS[1], "-o", str(out)],
                          capture_output=True, text=True, timeout=300, env=env)
    assert proc.returncode == 0, proc.stderr[-2000:]
    svg = out.read_text()
    assert "<svg" in svg and "graph break" in svg and len(set(re.findall(r"SIR_\d+ · 12 ops", svg))) == 2
