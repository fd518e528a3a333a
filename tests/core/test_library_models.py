"""Models taken from installed libraries: a BERT-shaped classifier from a package in a
``site-packages`` folder (tests/support/bertlib, laid out as PaddleFormers' BertModel),
and paddle.vision's model zoo.

What they must give: ops with the library's source lines, marked with its name; a first
view of the model's parts (embeddings, mask, each encoder layer, pooler, classifier), a
``depth all`` view that is not a strip, an inference program whose ops keep their layers
named as the forward names them, a diff that counts a move to oneDNN as no change, and
an error inside the library that names its line, the user's line and SOT mode.
"""
import importlib
import os
import re
import shutil
import subprocess
import sys

import paddle
import pytest

import d2s_lab
from d2s_lab.core.convert import convert
from d2s_lab.core.frames import library_of
from d2s_lab.core.steps import normalize_names
from d2s_lab.errors import ConversionError, D2SError
from d2s_lab.viz.explorer import ExplorerState, graph_explorer
from d2s_lab.viz.dot.layout import layer_levels
from d2s_lab.viz.linked_view import ops_by_line_html
from d2s_lab.viz.steps_view import steps_static_html
from models import line_in
from versions import PADDLE3, plain_failure
from paths import ROOT, SUPPORT, child_env

SPEC = ["input_ids: [None, None] int64"]
LAYERS = 12


@pytest.fixture(scope="module")
def bertlib(tmp_path_factory):
    """tests/support/bertlib installed into a fresh ``site-packages`` folder."""
    site = tmp_path_factory.mktemp("env") / "lib" / "site-packages"
    shutil.copytree(os.path.join(SUPPORT, "bertlib"), site / "bertlib")
    sys.path.insert(0, str(site))
    for name in [m for m in sys.modules if m == "bertlib" or m.startswith("bertlib.")]:
        del sys.modules[name]
    try:
        yield importlib.import_module("bertlib")
    finally:
        sys.path.remove(str(site))


@pytest.fixture(scope="module")
def bert(bertlib):
    paddle.seed(0)
    model = bertlib.BertForSequenceClassification(bertlib.BertConfig(num_hidden_layers=LAYERS))
    model.eval()
    return convert(model, SPEC)


def _program_ops(graph):
    return [o for o in graph.iter_ops() if o.category != "parameter"]


def _svg_size(svg: str) -> tuple:
    return tuple(float(re.search(rf'<svg[^>]*\s{k}="([\d.]+)pt"', svg).group(1)) for k in ("width", "height"))


def test_library_file_names(bertlib):
    assert library_of(bertlib.modeling.__file__) == "bertlib"
    assert library_of(paddle.nn.Linear.forward.__code__.co_filename) == "paddle.nn"
    assert library_of(os.__file__) == "python"
    assert library_of(__file__) == ""
    assert library_of("<d2s-cell-3-abc>") == ""


def test_ops_carry_the_librarys_lines(bert, bertlib):
    ops = _program_ops(bert.drawn_graph)
    with_line = [o for o in ops if o.source is not None]
    assert len(with_line) >= 0.9 * len(ops), (len(with_line), len(ops))
    lib_file = bertlib.modeling.__file__
    mask_line = line_in(lib_file, "LIB_MASK")
    mask_ops = [o for o in with_line if o.source.line == mask_line]
    assert mask_ops and all(o.source.library == "bertlib" for o in mask_ops)
    assert str(mask_ops[0].source) == f"modeling.py:{mask_line} [bertlib]"
    assert "library code" in bert.notes[0] and "bertlib" in bert.notes[0]
    html = ops_by_line_html(bert.drawn_graph, bert.source_file, "en")
    assert "library code: bertlib" in html and "return self.classifier(self.dropout(pooled))" in html


def test_user_lines_stay_the_users(bertlib):
    """A library model called from the user's forward: the user's own line for the ops it
    makes itself, the library's lines for the ops inside the library."""

    class Mine(paddle.nn.Layer):
        def __init__(self):
            super().__init__()
            self.body = bertlib.BertModel(bertlib.BertConfig(num_hidden_layers=1))

        def forward(self, ids):
            _, pooled = self.body(ids)
            return pooled * 2.0  # USER_SCALE

    conv = convert(Mine(), SPEC)
    scale = [o for o in conv.drawn_graph.iter_ops() if o.source is not None and o.source.file == __file__]
    assert scale and all(o.source.library == "" for o in scale)
    assert {o.source.line for o in scale} >= {line_in(__file__, "USER_SCALE")}
    assert any(o.source.library == "bertlib" for o in conv.drawn_graph.iter_ops() if o.source is not None)


def test_default_view_shows_the_models_parts(bert):
    view = bert.graph()
    assert 10 <= view.info.nodes <= 80, view.info.nodes
    dot = view.dot
    for k in range(LAYERS):
        assert f'"d2s-layer-bert.encoder.layers.{k}"' in dot
    for part in ("bert.embeddings", "bert.pooler", "classifier"):
        assert part in dot
    # the mask is computed in bert itself: its ops are drawn, not folded into a "bert" node
    assert '"d2s-layer-bert"' not in dot and "unsqueeze" in dot
    # an explicit depth counts below the wrappers: depth 2 opens each encoder layer
    assert '"d2s-layer-bert.encoder.layers.0.self_attn"' in bert.graph(depth=2).dot


@pytest.fixture(scope="module")
def llama(bertlib):
    paddle.seed(0)
    model = bertlib.LlamaForCausalLM(bertlib.LlamaConfig())
    model.eval()
    return model, convert(model, SPEC)


def test_llama_ops_sit_under_the_layer_paddle_names(llama):
    """Each op under the layer its call made it in, as Paddle's class path
    (``/LlamaModel/LlamaDecoderLayer_1/LlamaAttention/Linear_2/``) names it, the mask's
    ``if`` op (whose branches a PIR block counts among its ops) before them notwithstanding."""
    model, conv = llama
    ops = _program_ops(conv.drawn_graph)
    by_layer = {}
    for o in ops:
        by_layer.setdefault(o.layer, []).append(o.short_name)
    for k in range(4):
        at = f"llama.layers.{k}"
        for norm in ("input_layernorm", "post_attention_layernorm"):
            assert {"pow", "rsqrt"} <= set(by_layer[f"{at}.{norm}"]), (at, norm)
        for proj in ("self_attn.q_proj", "self_attn.k_proj", "self_attn.v_proj", "self_attn.o_proj",
                     "mlp.gate_proj", "mlp.up_proj", "mlp.down_proj"):
            assert [n.replace("_v2", "") for n in by_layer[f"{at}.{proj}"]] == ["matmul"], (at, proj)
    assert {"pow", "rsqrt"} <= set(by_layer["llama.norm"])
    assert [n.replace("_v2", "") for n in by_layer["lm_head"]] == ["matmul"]
    assert any(o.short_name == "if" for o in conv.drawn_graph.iter_ops()) or paddle.__version__.startswith("2.")
    classes = {name: type(sub).__name__ for name, sub in model.named_sublayers()}
    named = [o for o in ops if o.struct_name]
    if named:  # Paddle 3 writes each op's class path
        agree = [o for o in named if [classes[p] for p in layer_levels(o.layer)]
                 == [re.sub(r"_\d+$", "", c) for c in o.struct_name.strip("/").split("/")]]
        assert len(agree) == len(named), [(o.layer, o.struct_name) for o in named if o not in agree][:5]
    # so the first view shows each decoder layer, the norm and lm_head
    view = conv.graph()
    assert 10 <= view.info.nodes <= 80, view.info.nodes
    for part in ("llama.layers.0", "llama.layers.3", "llama.norm"):
        assert f'"d2s-layer-{part}"' in view.dot
    assert "lm_head" in view.dot  # one op: drawn as itself, named by its layer
    # the inference program keeps them too
    infer = [o for o in _program_ops(conv.program_graph("inference")) if o.layer.startswith("llama.layers.")]
    assert {o.layer.split(".", 3)[-1] for o in infer} >= {"input_layernorm", "self_attn.q_proj", "mlp.down_proj"}


@pytest.mark.slow
def test_a_paddleformers_1x_llama_fails_in_ast_as_paddle_does_and_converts_on_the_default_path(bertlib):
    """PaddleFormers 1.x's layout (``model``, an ``lm_head`` reading its config in forward,
    a derived config class): AST mode recurses inside the library's config code, as plain
    ``to_static(full_graph=True)`` does; the report says where and that SOT converts it;
    SOT, Paddle 3's default path, converts it."""
    import bertlib.llama1x as lib

    paddle.seed(0)
    model = bertlib.Llama1xForCausalLM(bertlib.Llama1xConfig())
    model.eval()
    ids = paddle.randint(0, 100, [2, 6])
    # Paddle 3 recurses; Paddle 2.6 stops at once ("super(): no arguments"): both in the config
    with pytest.raises((RecursionError, RuntimeError)) as plain:
        paddle.jit.to_static(bertlib.Llama1xForCausalLM(bertlib.Llama1xConfig()), full_graph=True)(ids)
    assert isinstance(plain.value, RecursionError) or "super(): no arguments" in str(plain.value)
    with pytest.raises(ConversionError) as info:
        convert(model, SPEC, mode="ast")
    facts = info.value.report.facts
    assert facts["kind"] == "library" and facts["library"] == "bertlib", facts
    super_line = line_in(lib.__file__, "LIB1X_SUPER")  # the body of __getattribute__
    assert super_line - 2 <= facts["lib_line"] <= super_line
    # a fresh model, as a user's default path gets it (Paddle 2.6 leaves AST-converted code
    # on the instance converted above)
    model = bertlib.Llama1xForCausalLM(bertlib.Llama1xConfig())
    model.eval()
    sot_fails = plain_failure(bertlib.Llama1xForCausalLM(bertlib.Llama1xConfig()), None, [ids], mode="sot")
    assert ("SOT mode converts this model" in info.value.report.hint_for("en")) == (sot_fails is None)
    if sot_fails is not None:  # Paddle 2.6's SOT: "super(): no arguments", in the config too
        with pytest.raises(ConversionError) as info:
            convert(model, example_inputs=[ids], mode="sot")
        report = info.value.report
        assert report.hint_id == "library-code" and report.facts["mode"] == "sot"
        assert "SOT translates an installed library's code" in report.hint_for("en")
        return
    conv = convert(model, example_inputs=[ids], mode="sot")
    assert conv.error is None
    assert float((conv.static_function(ids) - model(ids)).abs().max()) < 1e-5


@pytest.mark.skipif(not PADDLE3, reason="the diff table's budget is the same code whichever Paddle made the "
                    "programs (Paddle 2.6's legacy programs are diffed in test_diff.py); the Paddle 3 run checks it")
@pytest.mark.slow
def test_an_llms_inference_diff_fits_a_cell(bertlib, shell):
    """A 24-layer LLM's inference diff lists hundreds of fused ops: the cell shows the
    first within its budget and says how to list every one, which lists them all."""
    paddle.seed(0)
    model = bertlib.LlamaForCausalLM(bertlib.LlamaConfig(num_hidden_layers=24))
    model.eval()
    shell.ns["llm_conv"] = convert(model, SPEC)
    res, htmls, _ = shell.run("%d2s_diff llm_conv --program inference --as llm_diff")
    assert res.success and len(htmls[-1]) <= 250 * 1024, len(htmls[-1])
    d = shell.ns["llm_diff"]
    differing = sum(1 for e in d.entries if e.status != "same")
    rows = htmls[-1].count('<tr class="d2s-diff-')
    assert 0 < rows < differing, (rows, differing)
    assert f"The first {rows:,} of {differing:,} ops that differ" in htmls[-1] and "<code>llm_diff.table()</code>" in htmls[-1]
    assert d.table()._repr_html_().count('<tr class="d2s-diff-') == differing


def _drawn(svg: str) -> dict:
    return {kind: set(re.findall(rf'<g id="d2s-{kind}-([^"]+)" class="(?:node|cluster)', svg))
            for kind in ("layer", "op", "cluster")}


def test_explorer_starts_at_the_default_view(bert):
    """The explorer opens the same wrappers the report does: its first picture has the
    report's boxes (embeddings, each encoder layer, pooler, classifier) and ops."""
    state = ExplorerState(bert.drawn_graph, bert.view)
    assert state.opened == ["bert", "bert.encoder"]
    explored, report = _drawn(state.draw()), _drawn(bert.graph().svg)
    assert explored["layer"] == report["layer"] and explored["op"] == report["op"]
    assert {f"bert.encoder.layers.{k}" for k in range(LAYERS)} <= explored["layer"]
    assert {"bert.embeddings", "bert.pooler", "classifier"} <= explored["layer"]
    assert state.nodes == bert.graph().info.nodes
    # home (every layer closed) is still one click away: one box for bert
    state.opened = []
    assert "bert" in _drawn(state.draw())["layer"]
    # the widget starts there too, its breadcrumb showing the open wrappers
    widget = graph_explorer(bert.drawn_graph, bert.view)
    assert widget.opened == ["bert", "bert.encoder"] and _drawn(widget.svg)["layer"] == report["layer"]


def test_depth_all_is_not_a_strip(bert):
    view = bert.graph(depth="all")
    w, h = _svg_size(view.svg)
    assert h <= 4 * w, (w, h)
    assert view.info.columns >= 2
    strip_w, strip_h = _svg_size(bert.graph(depth="all", wrap=False).svg)
    assert strip_h > 10 * strip_w  # what it would be without wrapping inside the encoder


def test_inference_program_keeps_layers(bert):
    graph = bert.program_graph("inference")
    ops = _program_ops(graph)
    with_layer = [o for o in ops if o.layer]
    assert len(with_layer) >= 0.9 * len(ops), (len(with_layer), len(ops))
    assert all(o.layer.split(".")[0] in ("bert", "classifier", "dropout") for o in with_layer)
    fused = [o for o in ops if o.short_name in ("fc", "fused_matmul")]
    assert fused and all(o.layer.startswith(("bert.", "classifier")) for o in fused)
    q_proj = [o for o in fused if o.layer == "bert.encoder.layers.3.self_attn.q_proj"]
    assert len(q_proj) == 1
    assert not re.search(r"call \d+ of \d+", bert.graph(program="inference").dot)


def test_inference_diff_counts_moves_to_onednn(bert):
    d = bert.program_diff("inference")
    if not any(o.name.startswith("onednn_op.") for o in d.b.iter_ops()):
        pytest.skip("this Paddle's inference program has no kernel namespaces (legacy ops)")
    moved = d.moved
    assert moved and all(e.status == "same" and e.moved == "oneDNN" for e in moved)
    assert all(e.a.name.startswith("pd_op.") and e.b.name.startswith("onednn_op.") for e in moved)
    assert not [e for e in d.changed if e.a.short_name.rstrip("_") == e.b.short_name.rstrip("_")
                and [c.what for c in e.changes] == ["name"]]
    assert f"{len(moved)} only moved to oneDNN" in d.counts_text()


def test_vision_zoo_lines_are_marked():
    model = paddle.vision.models.mobilenet_v3_small()
    model.eval()
    conv = convert(model, "x: [None,3,64,64] float32")
    libs = {o.source.library for o in conv.drawn_graph.iter_ops() if o.source is not None}
    assert libs == {"paddle.vision"}
    assert 10 <= conv.graph().info.nodes <= 80


@pytest.mark.slow
def test_error_inside_library_names_both_lines_and_sot(bertlib):
    class Mine(paddle.nn.Layer):
        def __init__(self):
            super().__init__()
            self.inner = bertlib.ConfigCaller(bertlib.BertConfig())

        def forward(self, x):
            return self.inner(x) * 2.0  # USER_CALLS_LIBRARY

    with pytest.raises(ConversionError) as info:
        convert(Mine(), ["x: [None, 32] float32"])
    report = info.value.report
    facts = report.facts
    assert facts["kind"] == "library" and facts["library"] == "bertlib"
    recurses = line_in(bertlib.modeling.__file__, "LIB_RECURSES")
    assert recurses - 2 <= facts["lib_line"] <= recurses  # sum_rows' test or its recursive call
    assert facts["user_file"] == __file__ and facts["user_line"] == line_in(__file__, "USER_CALLS_LIBRARY")
    assert facts["sot"] is True
    assert report.hint_id == "library-code"
    text = report.hint_for("en")
    assert "bertlib" in text and "--mode sot" in text and f"line {facts['user_line']}" in text
    assert "库" in report.hint_for("zh")
    # the recursion's hundreds of frames show once in the box, with their count
    from d2s_lab.viz.error_view import error_report_html

    box = error_report_html(report)
    assert len(report.original_text) > 30_000 and len(box) < 30_000 and "more times]" in box, len(box)
    # and SOT mode does convert it
    assert convert(Mine(), ["x: [None, 32] float32"], mode="sot").error is None


class _Gate(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc = paddle.nn.Linear(32, 32)

    def forward(self, x):
        y = self.fc(x)
        if y.mean() > 0:  # a tensor if: AST mode converts this forward
            y = y * 2.0
        return y


@pytest.mark.slow
def test_sot_is_tried_on_the_model_as_written(bertlib):
    """AST mode fails in library code after converting a sublayer (Paddle 2.6 leaves the
    converted code in the sublayer's forward); SOT is tried on the model's own forwards,
    and what Paddle left is put back."""
    from d2s_lab.core.paddle_compat.targets import unconverted

    class Gated(paddle.nn.Layer):
        def __init__(self):
            super().__init__()
            self.gate = _Gate()
            self.inner = bertlib.ConfigCaller(bertlib.BertConfig())

        def forward(self, x):
            return self.inner(self.gate(x))

    model = Gated()
    with pytest.raises(ConversionError) as info:
        convert(model, ["x: [None, 32] float32"], mode="ast")
    facts = info.value.report.facts
    assert facts["kind"] == "library" and facts["library"] == "bertlib" and facts["sot"] is True
    left = {name: vars(sub).get("forward") for name, sub in model.named_sublayers(include_self=True)}
    if left["gate"] is not None:  # Paddle 2.6: converted code on the instance
        with unconverted(model):
            assert all("forward" not in vars(sub) for sub in model.sublayers(include_self=True))
            assert model.gate.forward.__func__ is _Gate.forward
    assert {name: vars(sub).get("forward") for name, sub in model.named_sublayers(include_self=True)} == left


def _count_down(x, n):
    if n == 1:
        return x
    return _count_down(x * 0.5, n - 1)  # USER_RECURSES


def test_users_own_recursion_is_not_blamed_on_a_library():
    """Paddle 2.6 calls converted functions through the ``decorator`` package: its frames
    are not the model's library."""
    def f(x):
        return _count_down(x, x.shape[0])

    with pytest.raises(ConversionError) as info:
        convert(f, ["x: [None, 4] float32"], mode="ast")
    report = info.value.report
    assert report.facts.get("kind") != "library" and report.hint_id != "library-code"
    assert "decorator" not in report.hint_for("en")



def test_steps_and_source_of_a_library_layer(bert, bertlib):
    """A sublayer's forward by its path: the library's code, rewritten by the same
    transformers Paddle applied while converting the model, marked with the library."""
    steps = bert.steps(layer="bert")
    first = bertlib.BertModel.forward.__code__.co_firstlineno
    assert steps.library == "bertlib" and steps.where == f"modeling.py:{first}" and steps.converted
    assert steps.name == "bert · BertModel.forward"
    assert "unsqueeze" in steps[0].source and "_jst.Call" in steps.final
    # what Paddle itself turned BertModel.forward into while converting the classifier
    paddles = next(c for c in bert.callees if c.name == "BertModel.forward")
    assert normalize_names(steps.final) == normalize_names(paddles.transformed_source)
    html = steps._repr_html_()
    assert "library code: bertlib" in html and f"modeling.py:{first}" in html
    assert "库代码：bertlib" in steps_static_html(steps, "zh")

    src = bert.source(layer="bert")
    assert (src.library, src.first_line, src.source_file) == ("bertlib", first, bertlib.modeling.__file__)
    assert src.original_source.lstrip().startswith("def forward(self, input_ids):")
    assert src.transformed_source == steps.final
    html = src._repr_html_()
    assert "library code: bertlib" in html and "LIB_MASK" in html and "_jst" in html
    assert f">{first}<" in html  # numbered as in the library's file

    # Paddle's own layers are not rewritten when a model is converted: the view says so
    layer0 = d2s_lab.steps(bert, layer="bert.encoder.layers.0")
    assert layer0.library == "paddle.nn" and not layer0.converted
    assert "IfElse" in [s.transformer for s in layer0.changed_steps()]
    assert "runs this forward as written" in layer0._repr_html_()
    assert "runs this forward as written" in bert.source(layer="bert.encoder.layers.0")._repr_html_()


def test_unknown_layer_path_lists_valid_ones(bert):
    with pytest.raises(D2SError) as info:
        bert.steps(layer="bert.encoder.layer.0")
    msg = info.value.message
    assert "\n" not in msg and "No layer bert.encoder.layer.0 in BertForSequenceClassification" in msg
    assert "bert.encoder.layers.0" in msg.split("include:")[1]
    with pytest.raises(D2SError, match="include: bert, dropout, classifier"):
        bert.source(layer="nothing")
    with pytest.raises(D2SError, match="needs a paddle.nn.Layer"):
        d2s_lab.steps(line_in, layer="x")


def test_steps_magic_takes_a_layer(bert, shell):
    shell.ns["bert_conv"] = bert
    res, htmls, _ = shell.run("%d2s_steps bert_conv --layer bert.pooler --static")
    assert res.success and "bert.pooler · BertPooler.forward" in htmls[-1]
    assert "library code: bertlib" in htmls[-1]
    assert shell.ns["_d2s_steps"].name == "bert.pooler · BertPooler.forward"
    res, htmls, _ = shell.run("%d2s_steps bert_conv --layer bert.pooler --source --lang zh")
    assert res.success and "库代码：bertlib" in htmls[-1] and "activation" in htmls[-1] and "源代码" in htmls[-1]
    res, htmls, _ = shell.run("%d2s_steps bert_conv --layer bert.poolr")
    assert res.success and "No layer bert.poolr" in "".join(htmls) and "bert.pooler" in "".join(htmls)


def test_cli_steps_of_a_library_layer(bertlib, tmp_path):
    site = os.path.dirname(os.path.dirname(bertlib.__file__))
    script = tmp_path / "mymodel.py"
    script.write_text("import bertlib\nmodel = bertlib.BertForSequenceClassification("
                      "bertlib.BertConfig(num_hidden_layers=2))\n")
    env = dict(child_env(), PYTHONPATH=os.pathsep.join([ROOT, site]))

    def cli(*args):
        return subprocess.run([sys.executable, "-m", "d2s_lab.cli", "steps", f"{script}:model", *args],
                              capture_output=True, text=True, env=env, timeout=300)

    r = cli("--layer", "bert.pooler", "--source")
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("def forward(self, hidden):") and "_jst.Call" in r.stdout  # the transformed code
    out = tmp_path / "steps.html"
    r = cli("--layer", "bert.pooler", "-o", out)
    assert r.returncode == 0 and "library code: bertlib" in out.read_text(encoding="utf-8")
    r = cli("--layer", "bert.poolr")
    assert r.returncode != 0 and "No layer bert.poolr" in r.stderr and "Traceback" not in r.stderr


def test_library_model_converts_by_default_as_plain_to_static(bertlib, monkeypatch):
    """The AST path fails inside this library (as in PaddleFormers' Qwen2 config); with no mode
    asked for, d2s_lab takes plain to_static's default path and answers as it does."""
    from d2s_lab.core.paddle_compat.default_path import paddle_default_mode

    monkeypatch.delenv("D2S_MODE", raising=False)

    class Mine(paddle.nn.Layer):
        def __init__(self):
            super().__init__()
            self.inner = bertlib.ConfigCaller(bertlib.BertConfig())

        def forward(self, x):
            return self.inner(x) * 2.0

    x = paddle.randn([2, 32])
    model = Mine()
    try:
        expected, plain_error = paddle.jit.to_static(model)(x), None
    except Exception as exc:
        expected, plain_error = None, exc
    default = paddle_default_mode()
    if plain_error is not None:
        with pytest.raises(ConversionError):
            convert(Mine(), example_inputs=[x])
        return
    assert default == "sot"  # the AST path fails here; plain to_static's default did not
    conv = convert(model, example_inputs=[x])
    assert conv.mode == "sot" and conv.mode_source == "paddle" and conv.error is None
    assert float((conv.static_function(x) - expected).abs().max()) == 0.0
