"""Every input form plain ``paddle.jit.to_static`` accepts, through d2s_lab: Python
values, nested inputs, names from the signature, several converted methods. Each case
compares d2s_lab's static outputs with plain to_static's on the same inputs."""
import os
import re
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import d2s_lab
from d2s_lab.errors import D2SError, SpecError
from d2s_lab.core.specs import Constant, parse_spec_text

import input_models as im
import paths
from versions import PADDLE3, PROGRAM_SUFFIX, op, pir_only

HERE = paths.SUPPORT


def _plain(fn, *args, **kw):
    import paddle

    return paddle.jit.to_static(fn, full_graph=True, **kw)(*args)


def _same(a, b):
    np.testing.assert_allclose(np.asarray(a.numpy()), np.asarray(b.numpy()), rtol=1e-6, atol=1e-6)


def test_python_int_argument_is_a_constant(paddle):
    x = paddle.ones([2, 3])
    conv = d2s_lab.convert(im.repeat_add, example_inputs=[x, 3])
    _same(conv.static_function(x, 3), _plain(im.repeat_add, x, 3))
    assert [(i.name, i.constant, i.value) for i in conv.inputs] == [("x", False, None), ("n", True, 3)]
    assert conv.constants[0].value == 3
    assert len(conv.drawn_graph.ops_named("scale")) + len(conv.drawn_graph.ops_named("add")) == 3  # unrolled 3 times
    other = d2s_lab.convert(im.repeat_add, example_inputs=[x, 5])
    assert len(other.drawn_graph.ops_named("scale")) + len(other.drawn_graph.ops_named("add")) == 5


@pytest.mark.parametrize("args", [
    (True, 2.0, "sum", None, (1,)),
    (False, 0.5, "none", None, [0]),
    (True, 3.0, "sum", 1.5, (0,)),
])
def test_bool_float_str_none_and_list_constants(paddle, args):
    x = paddle.to_tensor(np.arange(6, dtype="float32").reshape(2, 3))
    conv = d2s_lab.convert(im.many_kinds, example_inputs=[x, *args])
    _same(conv.static_function(x, *args), _plain(im.many_kinds, x, *args))
    consts = {i.name: i.value for i in conv.constants}
    assert consts == dict(zip(["flag", "scale", "mode", "opt", "dims"], args))


def test_constants_in_input_spec_text_and_defaults(paddle):
    conv = d2s_lab.convert(im.Gate(), ["x: [None, 4] float32", "use_act=True"])
    x = paddle.randn([3, 4])
    layer = conv.target
    _same(conv.static_function(x, True), paddle.jit.to_static(layer.forward, full_graph=True)(x, True))
    assert conv.drawn_graph.ops_named("relu")
    plain = d2s_lab.convert(im.Gate(), ["x: [None, 4] float32"])
    assert not plain.drawn_graph.ops_named("relu")
    assert [(i.name, i.value, i.default) for i in plain.constants] == [("use_act", False, True)]


def test_text_constants_parse():
    assert parse_spec_text("n=3") == Constant(3, "n")
    assert parse_spec_text('mode="mean"') == Constant("mean", "mode")
    assert parse_spec_text("dims = [1, 2]") == Constant([1, 2], "dims")
    for bad in ("n=", "n=foo(", "n={1: 2}"):
        with pytest.raises(SpecError):
            parse_spec_text(bad)


def test_nested_input_spec_names_and_same_answers(paddle):
    from paddle.static import InputSpec

    spec = [[InputSpec([None, 4]), InputSpec([None, 4])], {"scale": InputSpec([1])}]
    conv = d2s_lab.convert(im.nested, spec)
    assert [i.name for i in conv.inputs] == ["xs[0]", "xs[1]", 'cfg["scale"]']
    data = [o.attrs["name"] for o in conv.drawn_graph.ops_named("data")]
    assert data == ["xs[0]", "xs[1]", 'cfg["scale"]']
    a, b, s = paddle.randn([2, 4]), paddle.randn([2, 4]), paddle.to_tensor([2.0])
    _same(conv.static_function([a, b], {"scale": s}),
          paddle.jit.to_static(im.nested, input_spec=spec, full_graph=True)([a, b], {"scale": s}))


def test_nested_examples_and_constant_inside_a_dict(paddle):
    a, b = paddle.randn([2, 4]), paddle.randn([2, 4])
    conv = d2s_lab.convert(im.nested, example_inputs=[[a, b], {"scale": 3.0}])
    assert [str(i) for i in conv.inputs] == ["xs[0]: [2,4] float32", "xs[1]: [2,4] float32",
                                             'cfg["scale"] = 3.0']
    _same(conv.static_function([a, b], {"scale": 3.0}), _plain(im.nested, [a, b], {"scale": 3.0}))


def test_example_inputs_are_named_after_the_signature(paddle):
    image, label = paddle.randn([2, 8]), paddle.ones([2, 2])
    conv = d2s_lab.convert(im.Image(), example_inputs=[image, label])
    assert [o.attrs["name"] for o in conv.drawn_graph.ops_named("data")] == ["image", "label"]
    assert [i.name for i in conv.inputs] == ["image", "label"]
    assert not any(re.match(r"(generated_tensor|eager_tmp)", i.name) for i in conv.inputs)


def test_several_converted_methods_convert_and_save(paddle, tmp_path):
    net = im.TwoMethods()
    net.eval()
    conv = d2s_lab.convert(net, ["x: [None, 4] float32"])
    assert list(conv.methods) == ["embed"]
    embed = conv.methods["embed"]
    assert len(embed.drawn_graph.ops_named(op("matmul"))) == 1
    assert len(conv.drawn_graph.ops_named(op("matmul"))) == 2
    x = paddle.randn([3, 4])
    _same(embed.static_function(x), net.embed(x))
    if not PADDLE3:  # Paddle 2.6's jit.save drops forward beside other methods: said plainly
        with pytest.raises(D2SError, match="needs Paddle 3"):
            conv.save(str(tmp_path / "net"))
        return
    files = [os.path.basename(p) for p, _ in conv.save(str(tmp_path / "net"))]
    prog = PROGRAM_SUFFIX  # .json (PIR) or .pdmodel; Paddle 2.6 adds .pdiparams.info files
    assert [f for f in files if not f.endswith(".info")] == [
        "net" + prog, "net.pdiparams", "net.embed" + prog, "net.embed.pdiparams"]
    assert "forward" not in vars(net)  # the Layer is as it was
    loaded = paddle.jit.load(str(tmp_path / "net"))
    _same(loaded(x), net(x))
    loaded_embed = paddle.jit.load(str(tmp_path / "net.embed"))
    _same(loaded_embed(x), net.fc(x))


def test_unusable_input_is_one_clear_sentence(paddle):
    with pytest.raises(SpecError) as info:
        d2s_lab.convert(im.repeat_add, example_inputs=[paddle.ones([2]), object()])
    assert "Input n" in info.value.message and "\n" not in info.value.message


def test_oversized_input_names_the_input_and_bytes(paddle):
    with pytest.raises(SpecError) as info:
        d2s_lab.convert(im.repeat_add, ["x: [100000, 100000] float32", "n=1"])
    msg = info.value.message
    assert "x [100000,100000] float32" in msg and "40,000,000,000 bytes" in msg


# ---- the magic and the CLI ----

def test_magic_constant_and_spec_inputs(shell):
    res, htmls, _ = shell.run(textwrap.dedent('''\
        %%to_static --input "x: [None, 4]" --input n=3 --as c1
        import paddle
        def f(x, n):
            for i in range(n):
                x = x + 1
            return x
        '''))
    assert res.success and shell.ns["c1"].constants[0].value == 3
    assert "n = 3" in re.sub(r"<[^>]+>", "", htmls[0])
    res, htmls, _ = shell.run(textwrap.dedent('''\
        %%to_static --spec "[[InputSpec([None, 4]), InputSpec([None, 4])], {'scale': 2.0}]" --as c2
        def g(xs, cfg):
            return xs[0] * cfg["scale"] + xs[1]
        '''))
    conv = shell.ns["c2"]
    assert [i.name for i in conv.inputs] == ["xs[0]", "xs[1]", 'cfg["scale"]']
    assert [o.attrs["name"] for o in conv.drawn_graph.ops_named("data")] == ["xs[0]", "xs[1]"]


@pytest.mark.parametrize("option, needle", [
    ('--spec "[InputSpec([None, 4]"', "--spec"),               # unbalanced bracket
    ('--spec "1 / 0"', "ZeroDivisionError"),                    # the expression raises
    ('--spec "[object()]"', "Input x"),                         # a value Paddle cannot take
    ('--input "n=foo("', "not a Python literal"),
    ('--input "x: [None, 4]" --spec "[InputSpec([None, 4])]"', "Both --input and --spec"),
])
def test_magic_bad_specs_are_one_message_and_keep_the_cell(shell, option, needle):
    res, htmls, _ = shell.run(f"%%to_static {option}\nimport paddle\nkept = 41 + 1\ndef h(x):\n    return x\n")
    assert res.success
    assert shell.ns["kept"] == 42
    (box,) = [h for h in htmls if "d2s-error" in h]
    assert needle in box and "Traceback" not in box


def test_cli_spec_option(tmp_path):
    out = subprocess.run(
        [sys.executable, "-m", "d2s_lab.cli", "graph", os.path.join(HERE, "input_models.py") + ":nested",
         "--spec", "[[InputSpec([None, 4]), InputSpec([None, 4])], {'scale': InputSpec([1])}]",
         "-o", str(tmp_path / "g.dot")],
        capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    dot = (tmp_path / "g.dot").read_text()
    assert "xs[0]" in dot and "cfg[&quot;scale&quot;]" in dot


@pir_only("saving a Layer with several to_static methods")
def test_saved_methods_are_listed_and_drawn(paddle, tmp_path):
    from d2s_lab.core.saved.model import read_saved

    conv = d2s_lab.convert(im.TwoMethods(), ["x: [None, 4] float32"])
    conv.save(str(tmp_path / "net"))
    sm = read_saved(str(tmp_path / "net"))
    assert list(sm.methods) == ["embed"]
    assert sm.graph.num_ops() > sm.methods["embed"].graph.num_ops() > 0
    out = subprocess.run([sys.executable, "-m", "d2s_lab.cli", "show", str(tmp_path / "net"),
                          "-o", str(tmp_path / "g.svg")], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert (tmp_path / "g.svg").is_file() and (tmp_path / "g.embed.svg").is_file()
    listing = subprocess.run([sys.executable, "-m", "d2s_lab.cli", "show", str(tmp_path / ("net" + PROGRAM_SUFFIX))],
                             capture_output=True, text=True, timeout=120).stdout
    assert "method embed:" in listing


def test_magic_rejects_an_unusable_as_name(shell):
    res, htmls, _ = shell.run('%%to_static --input "[None, 4]" --as "1 bad"\nimport paddle\nkept = 7\n'
                              "lin = paddle.nn.Linear(4, 2)\n")
    assert shell.ns["kept"] == 7 and "1 bad" not in shell.ns
    (box,) = [h for h in htmls if "d2s-error" in h]
    assert "--as" in box


def test_report_shows_constants_methods_and_structure(shell):
    res, htmls, _ = shell.run('%%to_static --input "x: [None, 4]"\nimport sys\n'
                              f"sys.path.insert(0, {HERE!r})\nimport input_models\n"
                              "net = input_models.TwoMethods()\n")
    report = next(h for h in htmls if "d2s-summary" in h)
    (method,) = re.findall(r'<details class="d2s-method"><summary>Method <code>embed</code>', report)
    assert method
    # forward's steps and embed's steps, each a stepper plus its static copy
    assert sum("d2s-steps" in h for h in htmls) >= 2
    res, htmls, _ = shell.run('%%to_static --input "[None, 4]"\nimport paddle\n'
                              "seq = paddle.nn.Sequential(paddle.nn.Linear(4, 3), paddle.nn.ReLU())\n")
    report = next(h for h in htmls if "d2s-summary" in h)
    assert "Structure (forward is Paddle" in report and "Linear(in_features=4" in report
    assert "container.py" not in report  # Paddle's library source is not passed off as the user's
    assert not any("d2s-steps" in h for h in htmls)  # nor are its transformer steps
    res, htmls, _ = shell.run('%%to_static --input "x: [None, 4]" --input n=2\nimport paddle\n'
                              "def rep(x, n):\n    for i in range(n):\n        x = x + 1\n    return x\n")
    report = next(h for h in htmls if "d2s-summary" in h)
    (consts,) = re.findall(r'<div class="d2s-note d2s-constants">(.*?)</div>', report, re.S)
    assert "n = 2" in consts
