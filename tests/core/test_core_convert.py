"""d2s_lab.convert on real Paddle: ops, shapes, sub-blocks, layer paths, source lines."""
import re

import numpy as np
import paddle
import pytest

import d2s_lab
from d2s_lab.errors import D2SError, SpecError
from d2s_lab.core.graph.ops import CATEGORIES
from d2s_lab.core.specs import parse_spec_text
from d2s_lab.teaching.examples import SEED_INPUT, EmbeddingNet

import models
from versions import PADDLE_VERSION, PIR, full_op, op


def program_num_ops(conv) -> int:
    """Ops in every block of the live Program, as the graph model counts them: PIR's
    ``num_ops()``; a legacy Program's ops plus one ``data`` op per input (legacy feeds
    are variables without an op)."""
    if PIR:
        return conv.program.num_ops()
    return sum(len(b.ops) for b in conv.program.blocks) + len(conv.drawn_graph.inputs)


@pytest.fixture(scope="module")
def seed():
    return d2s_lab.convert(EmbeddingNet(), [SEED_INPUT])


def test_seed_ops_and_shapes(seed):
    ir = seed.drawn_graph
    assert [o.name for o in ir.ops_named("conv2d")] == [full_op("conv2d")] * 3
    shapes = [ir.values[o.outputs[0]].shape for o in ir.ops_named("conv2d")]
    assert shapes == [[-1, 32, 15, 15], [-1, 64, 7, 7], [-1, 128, 3, 3]]
    assert ir.num_ops() == program_num_ops(seed)
    names = {o.short_name for o in ir.iter_ops()}
    assert {"relu", "pool2d", op("squeeze"), op("matmul"), "p_norm", op("divide"), "data"} <= names
    assert all(o.category in CATEGORIES for o in ir.iter_ops())
    cats = {o.short_name: o.category for o in ir.iter_ops()}
    assert cats["conv2d"] == "conv" and cats["relu"] == "activation"
    assert cats[op("matmul")] == "matmul" and cats["pool2d"] == "pooling"
    assert cats[op("add")] == "elementwise" and cats["data"] == "data"
    if PIR:
        assert cats["full_int_array"] == "constant" and cats["builtin.parameter"] == "parameter"
    else:  # legacy: parameters are variables (no op) and pool2d/squeeze take attributes
        assert "builtin.parameter" not in cats and "full_int_array" not in cats
        assert {v.name for v in ir.parameters()} >= {"conv1.weight", "fc1.bias"}
    pool = ir.ops_named("pool2d")[0]
    assert pool.attrs["pooling_type"] == "avg" and pool.attrs["adaptive"] is True
    conv = ir.ops_named("conv2d")[0]
    assert conv.attrs["strides"] == [2, 2]


def test_seed_params_inputs_outputs(seed):
    assert seed.num_params == 3 * 32 * 9 + 32 + 32 * 64 * 9 + 64 + 64 * 128 * 9 + 128 + 128 * 8 + 8
    assert seed.param_bytes == seed.num_params * 4
    assert str(seed.inputs[0]) == "x: [None,3,32,32] float32"
    assert seed.outputs[0].shape == [None, 8]
    data = seed.drawn_graph.values[seed.drawn_graph.inputs[0]]
    assert data.name == "x" and data.shape == [-1, 3, 32, 32]
    assert seed.drawn_graph.outputs and seed.drawn_graph.values[seed.drawn_graph.outputs[0]].shape == [-1, 8]
    params = {v.name for v in seed.drawn_graph.parameters()}
    assert {"conv1.weight", "conv1.bias", "fc1.weight"} <= params
    assert "convert_s" in seed.timings and "first_run_s" in seed.timings
    assert "def forward" in seed.original_source and "_jst" in seed.transformed_source
    assert seed.paddle_version == PADDLE_VERSION


def test_seed_layer_paths(seed):
    layers = [o.layer for o in seed.drawn_graph.ops_named("conv2d")]
    assert layers == ["conv1", "conv2", "conv3"]
    assert seed.drawn_graph.ops_named(op("matmul"))[0].layer == "fc1"
    assert seed.drawn_graph.ops_named("pool2d")[0].layer == "global_pool"
    assert seed.drawn_graph.ops_named(op("divide"))[0].layer == ""
    # the example model's own lines count as model code
    import inspect
    from d2s_lab.teaching.examples import EmbeddingNet as E
    lines, first = inspect.getsourcelines(E.forward)
    conv_line = first + next(i for i, ln in enumerate(lines) if "self.conv1(x)" in ln)
    assert seed.drawn_graph.ops_named("conv2d")[0].source.line == conv_line
    assert seed.drawn_graph.ops_named("conv2d")[0].source.file.endswith("examples.py")


def test_if_else_sub_blocks_and_lines():
    conv = d2s_lab.convert(models.branchy, ["x: [None, 4]"])
    if PIR:
        ifs = conv.drawn_graph.ops_named("if")
        assert len(ifs) == 1 and ifs[0].category == "control"
        true_b, false_b = ifs[0].blocks
        assert (true_b.label, false_b.label) == ("true", "false")
        assert true_b.ops[-1].name == "cf.yield" and false_b.ops[-1].name == "cf.yield"
    else:  # legacy: a conditional_block per branch (the second on `not cond`), then select_input
        ifs = conv.drawn_graph.ops_named("conditional_block")
        assert len(ifs) == 2 and all(o.category == "control" for o in ifs)
        assert [[b.label for b in o.blocks] for o in ifs] == [["block0"], ["block0"]]
        true_b, false_b = ifs[0].blocks[0], ifs[1].blocks[0]
        assert len(conv.drawn_graph.ops_named("select_input")) == 1
    # outer value x used inside both branches: an edge from the outer block
    x_id = conv.drawn_graph.inputs[0]
    inner_inputs = {v for b in (true_b, false_b) for o in b.ops for v in o.inputs}
    assert x_id in inner_inputs
    mul = [o for o in true_b.ops if o.short_name in ("scale", "multiply")]
    assert mul and mul[0].source.line == models.line_of("IF_TRUE")
    sub = [o for o in false_b.ops if o.short_name in ("scale", "subtract")]
    assert sub and sub[0].source.line == models.line_of("IF_FALSE")
    assert conv.drawn_graph.ops_named("relu")[0].source.line == models.line_of("AFTER_IF")
    assert conv.drawn_graph.ops_named("relu")[0].source.file.endswith("models.py")
    assert conv.drawn_graph.num_ops() == program_num_ops(conv)


def test_while_with_break():
    conv = d2s_lab.convert(models.loopy, ["x: [None, 4]", "n: [1] int64"])
    whiles = conv.drawn_graph.ops_named("while")
    assert len(whiles) == 1
    body = whiles[0].blocks[0]
    assert body.label == "body"
    if PIR:
        assert body.args, "loop-carried block args"
        assert body.ops[-1].name == "cf.yield"
    # the break became an if inside the body
    assert any(o.short_name == op("if") for o in body.ops)
    adds = [o for o in conv.drawn_graph.iter_ops(body) if o.short_name == op("add")]
    assert any(o.source and o.source.line == models.line_of("WHILE_BODY") for o in adds)
    used = {v for o in conv.drawn_graph.iter_ops(body) for v in o.inputs}
    if PIR:  # block args are loop-carried values used by body ops
        assert set(body.args) & used
    else:  # legacy bodies have no args: they read the loop-carried values of the outer block
        outer = {v for o in conv.drawn_graph.global_block.ops if o is not whiles[0] for v in o.outputs}
        assert outer & used
        assert set(whiles[0].inputs) & used
    assert conv.drawn_graph.num_ops() == program_num_ops(conv)


def test_for_over_tensor_with_break():
    conv = d2s_lab.convert(models.for_tensor, ["x: [None, 4]"])
    assert conv.drawn_graph.ops_named("while")


def test_nested_sublayers_paths_and_lines():
    conv = d2s_lab.convert(models.Outer(), ["x: [None, 4]"])
    mm_layers = [o.layer for o in conv.drawn_graph.ops_named(op("matmul"))]
    assert mm_layers == ["stem", "blocks.0.body.0", "blocks.0.body.2",
                         "blocks.1.body.0", "blocks.1.body.2", "head"]
    relus = [o.layer for o in conv.drawn_graph.ops_named("relu")]
    assert relus == ["blocks.0.body.1", "blocks.1.body.1"]
    residual = [o for o in conv.drawn_graph.ops_named(op("add")) if o.layer in ("blocks.0", "blocks.1")]
    assert [o.source.line for o in residual] == [models.line_of("INNER_RESIDUAL")] * 2
    assert conv.drawn_graph.ops_named(op("matmul"))[-1].source.line == models.line_of("OUTER_HEAD")
    if PIR:  # Paddle's own class paths stay beside the attribute paths (its counters are
        # process-wide); legacy ops carry no struct_name
        assert [re.sub(r"_\d+/", "/", o.struct_name) for o in conv.drawn_graph.ops_named("matmul")] == [
            "/Linear/", "/Inner/Sequential/Linear/", "/Inner/Sequential/Linear/",
            "/Inner/Sequential/Linear/", "/Inner/Sequential/Linear/", "/Linear/"]
    p = {v.name: v for v in conv.drawn_graph.parameters()}
    assert p["blocks.1.body.2.weight"].shape == [16, 8]


def test_example_inputs_numpy_and_tensor(paddle):
    x = np.random.rand(3, 4).astype("float32")
    conv = d2s_lab.convert(models.branchy, example_inputs=x)
    assert conv.inputs[0].shape == [3, 4]
    conv2 = d2s_lab.convert(models.branchy, example_inputs=[paddle.to_tensor(x)])
    assert conv2.outputs[0].shape == [3, 4]


def test_already_decorated_function_and_bound_method(paddle):
    sf = paddle.jit.to_static(models.branchy, input_spec=[paddle.static.InputSpec([None, 4])])
    conv = d2s_lab.convert(sf)
    assert conv.drawn_graph.ops_named(op("if"))
    net = EmbeddingNet()
    conv2 = d2s_lab.convert(net.forward, [SEED_INPUT], run=False)
    assert conv2.drawn_graph.ops_named("conv2d")[0].layer == "conv1"
    # converting did not replace the user's forward
    assert not hasattr(net.forward, "concrete_program")


def test_nested_input_spec(paddle):
    def pair(xs):
        return xs[0] + xs[1]

    spec = [[paddle.static.InputSpec([None, 3]), paddle.static.InputSpec([None, 3])]]
    conv = d2s_lab.convert(pair, spec)
    assert len(conv.inputs) == 2 and conv.drawn_graph.ops_named(op("add"))


def test_sot_mode_runs_without_program():
    conv = d2s_lab.convert(models.branchy, ["x: [None, 4]"], mode="sot")
    assert conv.program is None and conv.drawn_graph is None
    assert any("mode='ast'" in n for n in conv.notes)
    assert conv.outputs and conv.outputs[0].shape == [2, 4]


@pytest.mark.parametrize("text,shape,dtype,name", [
    ("x: [None,3,32,32] float32", [None, 3, 32, 32], "float32", "x"),
    ("[None, 8]", [None, 8], "float32", None),
    ("ids: [-1, 16] int64", [None, 16], "int64", "ids"),
    ("[2,3] f16", [2, 3], "float16", None),
])
def test_spec_text(text, shape, dtype, name):
    st = parse_spec_text(text)
    assert (st.shape, st.dtype, st.name) == (shape, dtype, name)


@pytest.mark.parametrize("bad", ["x: [None,three]", "x [1,2]", "x: [1,2] floaty", "", "x: 1,2"])
def test_spec_text_errors(bad):
    with pytest.raises(SpecError) as ei:
        parse_spec_text(bad)
    assert "float32" in str(ei.value) or "dtype" in str(ei.value)


def test_bad_objects():
    with pytest.raises(D2SError, match="instance"):
        d2s_lab.convert(EmbeddingNet, [SEED_INPUT])
    with pytest.raises(D2SError, match="Cannot convert"):
        d2s_lab.convert(42, [SEED_INPUT])
    with pytest.raises(SpecError, match="No input description"):
        d2s_lab.convert(EmbeddingNet())


def test_drawn_graph_keeps_its_old_name():
    import d2s_lab

    conv = d2s_lab.convert(_control_flow, ["x: [None, 4] float32"], run=False)
    assert conv.drawn_graph is not None and conv.drawn_graph.num_ops() > 0
    assert conv.ir is conv.drawn_graph


def _control_flow(x):
    if x.mean() > 0:  # IF_LINE
        y = x * 2
    else:
        y = x - 1
    i = paddle.zeros([1])
    while i < 3:  # WHILE_LINE
        i = i + 1
        y = y + 1
    return y


def test_control_flow_ops_sit_on_their_if_and_while_lines():
    from models import line_in

    import d2s_lab

    conv = d2s_lab.convert(_control_flow, ["x: [None, 4] float32"], run=False)
    lines = {op.short_name: op.source.line for op in conv.drawn_graph.iter_ops()
             if op.short_name in ("if", "while", "conditional_block") and op.source}
    if_kind = "if" if "if" in lines else "conditional_block"
    assert lines[if_kind] == line_in(__file__, "IF_LINE")
    assert lines["while"] == line_in(__file__, "WHILE_LINE")
