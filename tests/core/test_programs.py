"""The other programs of a conversion on real Paddle: training, AMP, Paddle Inference's.

Each asserts the specific differences from the forward Program: the ``*_grad`` ops of
each layer under ``backward.<layer>``, the casts AMP inserts, the ops the predictor's
passes fuse (read from the file Paddle Inference writes), the benchmark's advice naming
them, and the magics and CLI with good and bad input.
"""
import subprocess
import sys
from collections import Counter

import pytest

import d2s_lab
from d2s_lab.core.diff import diff, fusion_text, rewrites
from d2s_lab.errors import D2SError
from d2s_lab.core.graph.model import Block, Graph, Op, Value
from d2s_lab.core.other_programs import backward_ops
from models import After as Net  # conv, bn, relu, mean, dropout, fc
from versions import PADDLE3, PIR, op

SPEC = ["x: [None,3,8,8] float32"]


@pytest.fixture(scope="module")
def conv():
    net = Net()
    net.eval()
    return d2s_lab.convert(net, SPEC)


@pytest.fixture(scope="module")
def seed():
    from d2s_lab.teaching.examples import SEED_INPUT, EmbeddingNet

    return d2s_lab.convert(EmbeddingNet(), [SEED_INPUT])


def _kinds(ops):
    return Counter(o.short_name.rstrip("_") for o in ops)


def test_train_program_has_each_layers_backward_ops(conv):
    g = conv.program_graph("train")
    assert conv.layer.training is False  # traced in training mode, the mode put back
    assert conv.program_graph("train") is g  # built once
    back = backward_ops(g)
    layer_of = {}
    for o in back:
        layer_of.setdefault(o.short_name.rstrip("_"), set()).add(o.layer)
    # every layer's op has its gradient op, under backward.<that layer>
    assert layer_of[op("conv2d") + "_grad"] == {"backward.conv"}
    assert layer_of["batch_norm_grad"] == {"backward.bn"}
    assert layer_of["dropout_grad"] == {"backward.drop"}
    assert layer_of[op("matmul") + "_grad"] == {"backward.fc"}
    assert layer_of["relu_grad"] == {"backward"}  # a functional relu: no layer of its own
    # grad ops carry the line of the forward code they differentiate
    grad = next(o for o in back if o.short_name == "batch_norm_grad")
    assert grad.source is not None and "self.bn(self.conv(x))" in grad.source.code
    # the forward part is the forward Program, in training mode: dropout trains
    d = conv.program_diff("train")
    assert {o.short_name.rstrip("_") for o in d.removed} <= {"batch_norm", "dropout"}
    changed = {e.short_name.rstrip("_"): e for e in d.changed}
    assert "dropout" in changed and str(changed["dropout"].change("is_test")).endswith("True → False")
    assert all(o.layer.startswith("backward") or o.short_name in ("full", "full_like", "fill_any_like",
                                                                  "builtin.shadow_output")
               for o in d.added), [(o.name, o.layer) for o in d.added]


def test_train_program_drawn_with_a_backward_cluster(conv):
    view = conv.graph(program="train", depth=2)
    assert "backward.conv" in view.dot and "backward.fc" in view.dot
    assert view.svg.count("<svg") == 1
    folded = conv.graph(program="train", depth=1)  # backward folds into one node
    assert 'id="d2s-layer-backward"' in folded.dot and "conv2d_grad" not in folded.dot


@pytest.mark.skipif(not PIR, reason="Paddle 2.6's CPU build gives its AMP pass no op with "
                                    "float16/bfloat16 kernels, so it inserts no cast (checked)")
def test_amp_program_inserts_casts(conv):
    d = conv.program_diff("amp")
    assert conv.programs["amp O1 bfloat16"].name == "After (AMP O1 bfloat16)"
    added = _kinds(d.added)
    assert added["cast"] >= 2 and set(added) == {"cast"}, added
    # the layers AMP runs in bfloat16 say so in their output dtype
    assert [str(c) for e in d.changed for c in e.changes if e.op.category == "parameter"] == []
    dtypes = {e.short_name: e.change("out dtype") for e in d.changed}
    assert str(dtypes["conv2d"]).endswith("float32 → bfloat16")
    assert str(dtypes["matmul"]).endswith("float32 → bfloat16")
    assert "batch_norm" not in dtypes or dtypes["batch_norm"] is None  # kept in float32
    # a bad level or dtype is one message
    with pytest.raises(D2SError, match="AMP level 'O3'"):
        conv.program_graph("amp", amp_level="O3")


def test_amp_program_on_paddle26_is_the_forward_program(conv):
    if PIR:
        pytest.skip("Paddle 3 inserts casts (test_amp_program_inserts_casts)")
    d = conv.program_diff("amp")
    assert "cast" not in _kinds(d.added) and not d.removed


def test_inference_program_fuses_ops(seed):
    d = seed.program_diff("inference")
    text = fusion_text(d)
    assert f"1 × {op('matmul')} + {op('add')} → fc" in text, text
    assert d.b.num_ops() < d.a.num_ops()
    if PADDLE3:
        assert "3 × conv2d + add + relu → fused_conv2d" in text, text
        assert _kinds(seed.program_graph("inference").iter_ops())["fused_conv2d"] == 3
    # without oneDNN a CPU predictor fuses less, and both are kept apart
    plain = seed.program_graph("inference", onednn=False)
    assert plain is not seed.program_graph("inference")
    assert "fused_conv2d" not in _kinds(plain.iter_ops())


def _op(i, name, cat, ins, outs):
    return Op(id=i, name=name, category=cat, inputs=ins, outputs=outs)


def _graph(ops, values):
    return Graph(blocks=[Block("global", "global", ops)],
                 values={v: Value(v, [2], "float32") for v in values})


def test_rewrites_count_repeated_patterns_and_skip_weight_preparation():
    # before: data -> (conv2d, add, relu) x 2 -> pool; the bias is reshaped from a parameter
    a_ops = [_op(0, "pd_op.data", "data", [], ["x"]),
             _op(1, "builtin.parameter", "parameter", [], ["b"]),
             _op(2, "pd_op.reshape", "reshape", ["b"], ["rb"])]
    prev, k = "x", 3
    for n in range(2):
        a_ops += [_op(k, "pd_op.conv2d", "conv", [prev], [f"c{n}"]),
                  _op(k + 1, "pd_op.add", "elementwise", [f"c{n}", "rb"], [f"a{n}"]),
                  _op(k + 2, "pd_op.relu", "activation", [f"a{n}"], [f"r{n}"])]
        prev, k = f"r{n}", k + 3
    a_ops.append(_op(k, "pd_op.pool2d", "pooling", [prev], ["p"]))
    b_ops = a_ops[:3] + [_op(20, "onednn_op.fused_conv2d", "conv", ["x", "rb"], ["f0"]),
                         _op(21, "onednn_op.fused_conv2d", "conv", ["f0", "rb"], ["f1"]),
                         _op(22, "pd_op.pool2d", "pooling", ["f1"], ["p"])]
    values = {v for o in a_ops + b_ops for v in o.inputs + o.outputs}
    d = diff(_graph(a_ops, values), _graph(b_ops, values))
    assert rewrites(d) == [(2, ("fused_conv2d",), ("conv2d", "add", "relu"))]
    assert fusion_text(d) == "2 × conv2d + add + relu → fused_conv2d"
    assert fusion_text(diff(_graph(a_ops, values), _graph(a_ops, values))) == ""


def test_bench_advice_names_what_the_predictor_fused(seed):
    res = d2s_lab.bench(seed, batch=[2], repeat=2, min_time=0.0, warmup=1,
                        runtimes=["eager", "predictor_onednn"])
    passes = res.passes["predictor_onednn"]
    assert f"{op('matmul')} + {op('add')} → fc" in passes
    d = res.inference_diffs["predictor_onednn"]
    assert f"has {d.b.num_ops()} ops where the saved one has {d.a.num_ops()}: {passes}" in res.advice
    from d2s_lab.viz.bench_view import bench_html

    html = bench_html(res)
    assert "ops saved → run" in html and "--program inference" in html


def test_magics_draw_and_diff_other_programs(shell):
    cell = '''%%to_static --input "x: [None,3,8,8] float32" --as tnet
class TNet(nn.Layer):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2D(3, 4, 3)
        self.fc = nn.Linear(4, 2)

    def forward(self, x):
        return self.fc(paddle.nn.functional.relu(self.conv(x)).mean(axis=[2, 3]))

tnet_model = TNet()
'''
    assert shell.run("import paddle\nfrom paddle import nn")[0].success
    assert shell.run(cell)[0].success
    res, htmls, _ = shell.run("%d2s_graph tnet --program train --depth all")
    assert res.success and len(htmls) == 1 and "conv2d_grad" in htmls[0]
    res, htmls, _ = shell.run("%d2s_diff tnet --program inference --as infer_diff")
    assert res.success and len(htmls) == 1
    d = shell.ns["infer_diff"]
    assert "fc" in {o.short_name for o in d.added} and "saved program" in htmls[0]
    # bad input: one short message each, no traceback
    assert shell.run("g = tnet.drawn_graph")[0].success
    for line, needle in (("%d2s_graph g --program train", "--program train needs a Conversion"),
                         ("%d2s_graph tnet --program nope", "invalid choice"),
                         ("%d2s_diff tnet", "Give the two programs to compare")):
        res, htmls, _ = shell.run(line)
        assert res.success and len(htmls) == 1, line
        assert needle in htmls[0] and "Traceback" not in htmls[0], (line, htmls[0])


def test_sot_conversion_says_it_needs_ast_mode():
    def f(x):
        return x * 2

    c = d2s_lab.convert(f, ["x: [2] float32"], mode="sot")
    with pytest.raises(D2SError, match="AST-mode Program"):
        c.program_graph("train")
    with pytest.raises(D2SError, match="Unknown program 'bogus'"):
        c.program_graph("bogus")


def test_cli_draws_the_training_program(tmp_path):
    out = tmp_path / "train.dot"
    proc = subprocess.run([sys.executable, "-m", "d2s_lab.cli", "graph", "d2s_lab.teaching.examples:EmbeddingNet",
                           "--input", "x: [None,3,32,32] float32", "--program", "train", "--depth",
                           "all", "-o", str(out)], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert "conv2d_grad" in out.read_text() and "backward.conv1" in out.read_text()


def test_train_against_inference_pairs_forward_ops(seed, shell):
    """``--programs train,inference``: the train program's backward ops are set apart (a
    note counts them), so the fused ops of the predictor pair with forward ops only."""
    d = seed.programs_diff("train", "inference")
    n_back = len(backward_ops(seed.program_graph("train")))
    assert n_back and any(f"{n_back} backward ops" in note for note in d.notes), d.notes
    compared = [e.a for e in d.entries if e.a is not None]
    assert not [o for o in compared if o.short_name.rstrip("_").endswith("_grad")]
    assert [e for e in d.entries if e.status != "same"]  # the predictor's passes changed something
    if PADDLE3:
        assert "fused_conv2d" in fusion_text(d) or "fc" in fusion_text(d), fusion_text(d)
    with pytest.raises(D2SError):
        seed.programs_diff("train", "train")
    # the magic: one Conversion, two programs
    shell.ns["seed_conv"] = seed
    shell.run("%load_ext d2s_lab")
    shell.run("%d2s_diff seed_conv --programs train,inference --as td")
    assert shell.ns["td"].notes == d.notes


def test_a_long_run_of_fused_ops_is_said_in_a_few_words():
    """One rewrite of ten ops (as oneDNN fuses a MobileNetV2 chain): the line names the
    first five and counts the rest, in both languages."""
    from d2s_lab.text.lang import using_lang

    names = ["conv2d", "batch_norm_", "relu6", "depthwise_conv2d", "batch_norm_", "relu6", "conv2d",
             "batch_norm_", "add", "relu"]
    a_ops, prev = [_op(0, "pd_op.data", "data", [], ["x"])], "x"
    for k, name in enumerate(names, 1):
        a_ops.append(_op(k, f"pd_op.{name}", "conv", [prev], [f"v{k}"]))
        prev = f"v{k}"
    a_ops.append(_op(20, "pd_op.pool2d", "pooling", [prev], ["p"]))
    b_ops = [a_ops[0], _op(30, "onednn_op.fused_conv2d", "conv", ["x"], [prev]), a_ops[-1]]
    values = {v for o in a_ops + b_ops for v in o.inputs + o.outputs}
    d = diff(_graph(a_ops, values), _graph(b_ops, values))
    text = fusion_text(d)
    assert text == "1 × conv2d + batch_norm_ + relu6 + depthwise_conv2d + batch_norm_ + … (5 more ops) → fused_conv2d", text
    with using_lang("zh"):
        assert "……（还有 5 个算子）" in fusion_text(d)
