"""What a ``%%to_static`` cell leaves in a saved notebook stays small as models grow:
repeated blocks folded in the op table, the table paged past its budget (every op one
call away), lines counted by op kind, the steps' static copy compact; at most 250 KB
per cell, picture included, for a deep vision model, measured in a real kernel."""
import json
import re

import pytest

from html_text import text as html_text
from versions import pir_only

CELL_BUDGET = 250 * 1024


@pytest.fixture(scope="module")
def kernel(paddle):
    from jupyter_client.manager import start_new_kernel

    from kernels import assert_same_python

    km, kc = start_new_kernel(kernel_name="python3", startup_timeout=180)
    assert_same_python(kc)
    yield kc
    kc.stop_channels()
    km.shutdown_kernel(now=True)


def _outputs(kc, code, timeout=300):
    """Every display output of one cell, as the front end gets it: [(mime bundle), ...]."""
    msg_id = kc.execute(code)
    outputs, error = [], None
    while True:
        msg = kc.get_iopub_msg(timeout=timeout)
        if msg["parent_header"].get("msg_id") != msg_id:
            continue
        kind, content = msg["msg_type"], msg["content"]
        if kind in ("display_data", "execute_result"):
            outputs.append(content["data"])
        elif kind == "error":
            error = "\n".join(content["traceback"])
        elif kind == "status" and content["execution_state"] == "idle":
            break
    assert error is None, error
    return outputs


def _size(outputs) -> int:
    return sum(len(v if isinstance(v, str) else json.dumps(v)) for data in outputs for v in data.values())


@pytest.mark.slow
@pytest.mark.parametrize("build", ["resnet50", "densenet121"])
def test_a_deep_models_cell_stays_under_250_kb(kernel, build, tmp_path):
    setup = _outputs(kernel, f"import paddle\n%load_ext d2s_lab\nnet = paddle.vision.models.{build}()\nnet.eval()\nNone")
    assert not setup
    outputs = _outputs(kernel, '%%to_static --model net --input "x: [None,3,224,224] float32"\npass\n')
    size = _size(outputs)
    assert size <= CELL_BUDGET, f"{build}: {size:,} bytes"
    assert any("image/png" in data for data in outputs)  # the picture is counted too
    report = next(data["text/html"] for data in outputs if "d2s-report" in data.get("text/html", ""))
    text = html_text(report)
    # every op is still a call away, and the report says so where it pages the table
    paged = re.search(r"shows the first ([\d,]+) of ([\d,]+) ops", text)
    assert paged and "_d2s.op_table()" in text and "%d2s_graph _d2s --explore" in text
    total = int(paged.group(2).replace(",", ""))
    assert total > int(paged.group(1).replace(",", "")) and total > 170
    # "Ops by source line": each line once, its ops counted by kind
    assert re.search(r"conv2d\s*×\s*\d+", text)
    steps = next(data["text/html"] for data in outputs if "d2s-allsteps" in data.get("text/html", ""))
    assert "NameloadJst" in html_text(steps)  # every step is in the static copy
    everything = _outputs(kernel, "_d2s.op_table()")
    rows = everything[0]["text/html"].count("<tr>") - 1  # less the header row
    assert rows == total
    if build == "resnet50":
        _every_depth_within_250_kb(kernel, tmp_path)


def _op_ids(text: str) -> set:
    return set(re.findall(r'id="d2s-op-(-?\d+)"', text))


def _every_depth_within_250_kb(kernel, tmp_path):
    """ResNet-50 at every depth (178 nodes) in a cell: drawn whole within 250 KB (its SVG
    leaner, its picture smaller), one quiet line saying so; with ``-o`` the file has the
    whole drawing at full precision, and the cell one line naming it, then the same drawing."""
    target = tmp_path / "resnet50.svg"
    outputs = _outputs(kernel, f"%d2s_graph _d2s --depth all -o {target}")
    assert _size(outputs) <= CELL_BUDGET, _size(outputs)
    whole = target.read_text()
    assert len(whole) > CELL_BUDGET and len(_op_ids(whole)) > 170  # the file: every op, in full
    html = [d["text/html"] for d in outputs if "text/html" in d]
    assert f"The whole drawing is in {target} ({len(whole.encode()) / 1024:.1f} KB)" in html_text(html[0])
    assert _op_ids(html[1]) == _op_ids(whole)  # the cell: the same drawing, every depth
    note = " ".join(html_text(html[1]).split())
    assert "Made smaller so that the saved notebook stays small (250 KB a cell): the drawing's coordinates are rounded" in note
    assert sum("image/png" in d for d in outputs) <= 1
    typed = _outputs(kernel, '_d2s.graph(depth="all")')
    assert _size(typed) <= CELL_BUDGET and _op_ids(typed[0]["text/html"]) == _op_ids(whole)
    picture = _outputs(kernel, "%d2s_graph _d2s --depth all --format png")  # 1.3 MB as Graphviz draws it
    assert _size(picture) <= CELL_BUDGET and sum("image/png" in d for d in picture) == 1
    note = " ".join(html_text(picture[-1]["text/html"]).split())
    assert "the picture is drawn with fewer colours" in note and "coordinates" not in note


def test_repeated_blocks_fold_into_one_row(paddle):
    import d2s_lab
    from d2s_lab.viz.op_table import block_of, folded_ops, report_op_table_html

    assert block_of("encoder.layers.3.self_attn.q_proj") == ("encoder.layers", 3, "self_attn.q_proj")
    assert block_of("layer1.0") == ("layer1", 0, "") and block_of("fc") is None
    layer = paddle.nn.TransformerEncoderLayer(32, 4, 64, dropout=0.0)
    model = paddle.nn.TransformerEncoder(layer, 5)
    model.eval()
    conv = d2s_lab.convert(model, ["x: [None, 8, 32] float32"], run=False)
    items = folded_ops(conv.drawn_graph)
    folds = [i for i in items if i[0] == "fold"]
    assert len(folds) == 1
    _, first, last, n, ops, like = folds[0]
    assert (first, last, n, like) == ("layers.1", "layers.4", 4, "layers.0")
    shown = [i[1] for i in items if i[0] == "op"]
    assert len(shown) + n * ops == sum(1 for op in conv.drawn_graph.iter_ops() if op.category != "parameter")
    page = html_text(report_op_table_html(conv.drawn_graph))
    assert "layers.1 … layers.4: 4 more blocks, each with the same" in page
    assert "_d2s.op_table()" not in page  # small enough: not paged


def test_blocks_that_differ_are_not_folded(paddle):
    """Blocks that differ in a shape are each shown (DenseNet's layers grow their input)."""
    import d2s_lab
    from d2s_lab.viz.op_table import folded_ops

    class Grow(paddle.nn.Layer):
        def __init__(self):
            super().__init__()
            self.blocks = paddle.nn.LayerList([paddle.nn.Linear(8 * (k + 1), 8) for k in range(3)])

        def forward(self, x):
            for block in self.blocks:
                x = paddle.concat([x, block(x)], axis=-1)
            return x

    conv = d2s_lab.convert(Grow(), ["x: [None, 8] float32"], run=False)
    assert not [i for i in folded_ops(conv.drawn_graph) if i[0] == "fold"]


ENCODER = '''import paddle
%load_ext d2s_lab
class Encoder(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.first, self.second = (paddle.nn.TransformerEncoder(paddle.nn.TransformerEncoderLayer(64, 4, 128, dropout=0.0), 6)
                                   for _ in range(2))
    def forward(self, x):
        h = self.first(x)
        print("halfway", h.shape)
        return self.second(h)
enc = Encoder()
enc.eval()
resnet = paddle.vision.models.resnet50()
resnet.eval()
None'''


def _one_picture_of_the_run(outputs, text: str, brk: str = "") -> None:
    """The cell draws the whole run as one picture: one drawing that holds every subgraph
    the report lists (a cluster, or one node where the 60-node budget folds it) and the
    graph break between them, and one picture twin."""
    names = set(re.findall(r"\b(SIR_\d+): [\d,]+ ops", text))
    report = next(d["text/html"] for d in outputs if "d2s-report" in d.get("text/html", ""))
    drawings = [svg for svg in re.findall(r"(?s)<svg.*?</svg>", report) if re.search(r"d2s-(cluster|layer)-SIR_", svg)]
    assert len(names) >= 2 and len(drawings) == 1, (names, len(drawings))
    assert set(re.findall(r"d2s-(?:cluster|layer)-(SIR_\d+)", drawings[0])) == names
    assert 'class="node d2s-op d2s-break' in drawings[0] and brk in drawings[0]
    assert sum("image/png" in d for d in outputs) == 1


@pytest.mark.slow
@pir_only("SOT's subgraphs of these models (Paddle 2.6's SOT compiles none for them: they run in dygraph)")
def test_sot_cells_stay_under_250_kb_and_say_how_to_draw_what_they_leave_out(kernel):
    """On Paddle's default path: a BERT-like encoder split by a ``print`` in forward (two
    204-op subgraphs, each one flat drawing) is drawn whole as one picture of the run (each
    subgraph one node, the print's break between them); the subgraphs are not drawn again
    in the cell, which says how to draw them, and that draws them. A ResNet-50's four
    subgraphs fit in one picture too, and its top-level forward (Paddle's own file) is said
    to run in dygraph."""
    assert not _outputs(kernel, ENCODER)
    outputs = _outputs(kernel, '%%to_static --mode sot --model enc --input "x: [None,16,64] float32"\npass\n')
    assert _size(outputs) <= CELL_BUDGET
    text = " ".join(html_text(next(d["text/html"] for d in outputs if "d2s-report" in d.get("text/html", ""))).split())
    assert "SIR_0: 204 ops" in text and "%d2s_graph _d2s.sot.subgraphs[0].graph draws it" in text
    _one_picture_of_the_run(outputs, text, brk="SOT-B004")
    drawn = _outputs(kernel, "%d2s_graph _d2s.sot.subgraphs[0].graph")
    assert any("<svg" in d.get("text/html", "") for d in drawn)
    outputs = _outputs(kernel, '%%to_static --mode sot --model resnet --input "x: [None,3,224,224] float32"\npass\n')
    assert _size(outputs) <= CELL_BUDGET, _size(outputs)
    text = " ".join(html_text(next(d["text/html"] for d in outputs if "d2s-report" in d.get("text/html", ""))).split())
    assert "SkipFile" in text and "4 subgraph(s)" in text
    _one_picture_of_the_run(outputs, text)
    drawn = _outputs(kernel, "%d2s_graph _d2s --depth all")  # the run at every depth: whole, within 250 KB
    assert _size(drawn) <= CELL_BUDGET, _size(drawn)
    html = next(d["text/html"] for d in drawn if "text/html" in d)
    assert "Only the first" not in html_text(html) and len(_op_ids(html)) > 150


LLAMA = """%load_ext d2s_lab
import sys
sys.path.insert(0, {support!r})
from bertlib import LlamaConfig, LlamaForCausalLM
llm = LlamaForCausalLM(LlamaConfig(num_hidden_layers=24))
llm.eval()
None"""


@pytest.mark.slow
@pir_only("SOT's guards on every layer's weights (Paddle 2.6's SOT runs these frames in dygraph, with few guards)")
def test_an_llms_guards_are_grouped_within_budget(kernel):
    """A 24-layer LLM on Paddle's default path: SOT's thousands of guards read as the code
    writes them (``self.llama.layers[N].input_layernorm.eps``), each check on the decoder
    layers told once with the layers it covers; the cell stays within 250 KB and says how
    to print every guard."""
    from paths import SUPPORT

    assert not _outputs(kernel, LLAMA.format(support=SUPPORT))
    outputs = _outputs(kernel, '%%to_static --mode sot --model llm --input "input_ids: [None,None] int64"\npass\n')
    assert _size(outputs) <= CELL_BUDGET, _size(outputs)
    text = " ".join(html_text(next(d["text/html"] for d in outputs if "d2s-report" in d.get("text/html", ""))).split())
    assert "self.llama.layers[N].input_layernorm.eps == 1e-06 × 24, for [N] = 0–23" in text
    guards = text[text.index("Guards (", text.index("Guards (") + 1):]  # the list, past the summary line
    assert "_sub_layers" not in guards[:guards.index("more guard(s)")] and "self.llama.norm.weight.shape[0] == 32" in guards
    more = re.search(r"(\d+) more guard\(s\): print\(\*_d2s\.sot\.frames\[0\]\.guards, sep='\\n'\)", text)
    assert more, text[text.find("Guards"):][:400]
    printed = _outputs(kernel, "len(_d2s.sot.frames[0].guards)")
    total = int(printed[0]["text/plain"])
    assert total > 24 * 20 and total - int(more.group(1)) >= total // 2  # grouped, most are told


def _loop_model(paddle):
    class Loop(paddle.nn.Layer):
        def __init__(self):
            super().__init__()
            self.w = self.create_parameter([16, 16])

        def forward(self, x):
            for _ in range(30):  # AST mode unrolls it: 120 ops in forward itself
                x = paddle.matmul(x, self.w)
                x = paddle.nn.functional.relu(x)
                x = x * 0.5
                x = x + 1.0
            return x

    return Loop()


def test_repeated_op_runs_fold_in_drawing_and_table(paddle):
    """An unrolled loop's ops are drawn once, then one node for the other 29 runs; the op
    table folds them the same way; depth 'all' draws every op."""
    import d2s_lab
    from d2s_lab.viz.graph_view import draw_graph
    from d2s_lab.viz.op_table import folded_ops, report_op_table_html

    conv = d2s_lab.convert(_loop_model(paddle), ["x: [None, 16] float32"], mode="ast", run=False)
    view = draw_graph(conv.drawn_graph)
    assert view.info.nodes <= 10, view.info.nodes
    assert "× 29 more, as above" in view.dot
    assert re.search(r"matmul(_v2)? → relu → scale → scale", view.dot)  # Paddle 2.6: matmul_v2
    assert "R1 -> out0" in view.dot  # the last run's output is the graph's output
    assert draw_graph(conv.drawn_graph, depth="all").info.nodes > 120
    items = folded_ops(conv.drawn_graph)
    runs = [i for i in items if i[0] == "runs"]
    assert len(runs) == 1 and runs[0][2] == 29
    ops = [i for i in items if i[0] == "op"]
    assert len(ops) + runs[0][1] * runs[0][2] == sum(1 for o in conv.drawn_graph.iter_ops()
                                                      if o.category != "parameter")
    assert "× 29 more runs of the" in html_text(report_op_table_html(conv.drawn_graph))


def test_runs_that_differ_are_not_folded(paddle):
    """A loop whose steps use different constants (another scale each time) is drawn op by op."""
    import d2s_lab
    from d2s_lab.viz.graph_view import draw_graph

    def f(x):
        for k in range(5):
            x = paddle.nn.functional.relu(x) * float(k + 1)
        return x

    conv = d2s_lab.convert(f, ["x: [None, 4] float32"], mode="ast", run=False)
    assert "more, as above" not in draw_graph(conv.drawn_graph).dot


def _wide_cell(lines: int = 60) -> str:
    """A forward of ``lines`` distinct lines of four ops each, written out as a tutorial's
    forward is (no loop to fold)."""
    body = "\n".join(f"        x = F.relu(paddle.matmul(x, self.w)) * {0.5 + k / 100:.2f} + {k}.0"
                     for k in range(lines))
    return ("import paddle\nimport paddle.nn.functional as F\n%load_ext d2s_lab\n"
            "class Wide(paddle.nn.Layer):\n    def __init__(self):\n        super().__init__()\n"
            "        self.w = self.create_parameter([64, 64])\n    def forward(self, x):\n"
            f"{body}\n        return x\nwide = Wide()\n") + "None"


@pytest.mark.slow
def test_a_forward_of_hundreds_of_ops_stays_under_250_kb(kernel):
    """Every op in forward itself (240 computing ops on 60 lines): the cell stays within
    250 KB, in AST mode and on Paddle's default path, and each part it shortens says so
    and how to see all of it."""
    assert not _outputs(kernel, _wide_cell())
    outputs = _outputs(kernel, '%%to_static --mode ast --model wide --input "x: [None,64] float32"\npass\n')
    size = _size(outputs)
    assert size <= CELL_BUDGET, f"{size:,} bytes"
    report = next(d["text/html"] for d in outputs if "d2s-report" in d.get("text/html", ""))
    text = " ".join(html_text(report).split())
    assert "Only the first" in text and "--budget none" in text  # the drawing
    assert "_d2s.source() shows it whole" in text  # the source
    assert re.search(r"Showing the first \d+ of 6\d lines", text)  # ops by line
    steps = next(d["text/html"] for d in outputs if "d2s-allsteps" in d.get("text/html", ""))
    assert "left out of the saved copy" in html_text(steps)
    whole = _outputs(kernel, "%d2s_graph _d2s --budget none")
    assert "Only the first" not in html_text(next(d["text/html"] for d in whole if "text/html" in d))
    outputs = _outputs(kernel, '%%to_static --model wide --input "x: [None,64] float32"\npass\n')
    assert _size(outputs) <= CELL_BUDGET


@pytest.mark.slow
def test_an_unrolled_loop_of_layer_calls_stays_under_250_kb(kernel):
    """A PointNet-like forward: eight unrolled stages of conv/batch-norm/linear calls
    (450 ops) fold into the first stage and one node for the others."""
    setup = '''import paddle
%load_ext d2s_lab
class Stages(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.c1, self.c2 = paddle.nn.Conv1D(3, 64, 1), paddle.nn.Conv1D(64, 128, 1)
        self.b1, self.b2 = paddle.nn.BatchNorm1D(64), paddle.nn.BatchNorm1D(128)
        self.f1, self.f2 = paddle.nn.Linear(128, 64), paddle.nn.Linear(64, 9)
    def forward(self, x):
        for _ in range(8):
            t = paddle.nn.functional.relu(self.b1(self.c1(x)))
            t = paddle.nn.functional.relu(self.b2(self.c2(t)))
            t = paddle.max(t, axis=-1)
            t = self.f2(paddle.nn.functional.relu(self.f1(t))).reshape([-1, 3, 3]) + paddle.eye(3)
            x = paddle.bmm(t, x)
        return x
stages = Stages()
stages.eval()
None'''
    assert not _outputs(kernel, setup)
    outputs = _outputs(kernel, '%%to_static --mode ast --model stages --input "x: [None,3,128] float32"\npass\n')
    assert _size(outputs) <= CELL_BUDGET, f"{_size(outputs):,} bytes"
    report = next(d["text/html"] for d in outputs if "d2s-report" in d.get("text/html", ""))
    text = " ".join(html_text(report).split())
    assert "more, as above" in text and "more runs of the" in text
