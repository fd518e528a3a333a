"""Saving from %%to_static and viewing saved models without Paddle, pickle or execution."""
import json
import os
import pickle
import struct
import subprocess
import sys
import textwrap

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from d2s_lab.errors import SavedModelError
from d2s_lab.core.saved.model import load_saved, read_saved
from d2s_lab.core.saved.pdiparams_info import read_info, read_info_bytes
from d2s_lab.core.saved.pdmodel import read_legacy
from d2s_lab.core.saved.pdiparams import read_params
import paths
from versions import PADDLE3, PADDLE_VERSION, PIR, PROGRAM_SUFFIX, full_op, pir_only

PROG = PROGRAM_SUFFIX  # what paddle.jit.save writes the program to: .json (PIR), .pdmodel
# Ops a saved program has beyond the live one: PIR's pd_op.fetch stands where the live
# program has builtin.shadow_output; a legacy save reads inputs with feed ops (the live
# graph shows data ops) and adds scale + fetch.
SAVE_ADDS = 0 if PIR else 2


def programs_only(files):
    """Base names of ``(path, bytes)`` files, without Paddle 2.6's .pdiparams.info."""
    return sorted(os.path.basename(p) for p, _ in files if not p.endswith(".info"))


def live_ops(names):
    """Op entries of the live graph, less PIR's builtin.shadow_output (saved: pd_op.fetch)."""
    return [o for o in names if (o if isinstance(o, str) else o[0]) != "builtin.shadow_output"]


def without_save_ops(names):
    """Op entries (names, or [name, ...] lists) of a saved program, less what saving adds:
    PIR's pd_op.fetch; legacy feed (standing for the live data op), scale and fetch."""
    def name(o):
        return o if isinstance(o, str) else o[0]
    if PIR:
        return [o for o in names if name(o) != "pd_op.fetch"]
    assert name(names[0]) == "feed" and [name(o) for o in names[-2:]] == ["scale", "fetch"], names
    return names[1:-2]

ENV = paths.child_env()
FAST = settings(max_examples=40, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])

SAVE_CELL = '''%%to_static --input "x: [None,3,32,32] float32" --save {prefix}
from d2s_lab.teaching.examples import EmbeddingNet
net = EmbeddingNet()
'''

# Runs in a fresh interpreter where `import paddle` fails and every pickle entry point raises.
NO_PADDLE_VIEW = textwrap.dedent('''
    import json, sys, pickle
    sys.modules["paddle"] = None
    def _forbidden(*a, **k):
        raise RuntimeError("unpickling is forbidden in this test")
    class _NoUnpickler:
        def __init__(self, *a, **k):
            _forbidden()
    pickle.Unpickler = _NoUnpickler
    pickle.load = pickle.loads = _forbidden
    import d2s_lab
    from d2s_lab.core.saved.model import read_saved
    from d2s_lab.viz.saved_view import saved_html
    sm = read_saved(sys.argv[1])
    g = sm.graph
    html = saved_html(sm)
    try:
        import paddle
        has_paddle = True
    except ImportError:
        has_paddle = False
    print(json.dumps({
        "ops": [[o.name, [g.values[v].shape for v in o.outputs]] for o in g.iter_ops()],
        "params": [[p.name, p.shape, p.dtype] for p in sm.params],
        "names": {v.param_name: v.name for v in g.values.values() if v.kind == "parameter"},
        "inputs": [g.values[v].shape for v in g.inputs],
        "outputs": [g.values[v].shape for v in g.outputs],
        "html_has_ops": "conv2d" in html or "matmul" in html,
        "has_paddle": has_paddle,
        "paddle_loaded": "paddle.base" in sys.modules,
    }))
''')


def view_without_paddle(path):
    r = subprocess.run([sys.executable, "-c", NO_PADDLE_VIEW, str(path)], capture_output=True,
                       text=True, env=ENV, timeout=120)
    assert r.returncode == 0, r.stderr[-3000:]
    return json.loads(r.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def seed_saved(tmp_path_factory):
    """The seed net saved by paddle.jit.save (Paddle 3.x: PIR .json + .pdiparams)."""
    import paddle

    from d2s_lab.teaching.examples import EmbeddingNet

    prefix = str(tmp_path_factory.mktemp("seed") / "seed")
    net = EmbeddingNet()
    net.eval()
    paddle.jit.save(net, prefix, input_spec=[paddle.static.InputSpec([None, 3, 32, 32], "float32", "x")])
    return prefix


@pytest.fixture(scope="module")
def legacy_saved(tmp_path_factory):
    """A legacy-IR save (FLAGS_enable_pir_api=0): .pdmodel + .pdiparams + .pdiparams.info,
    and a static-graph save_inference_model with a conv."""
    d = tmp_path_factory.mktemp("legacy")
    script = textwrap.dedent(f'''
        import paddle
        net = paddle.nn.Sequential(paddle.nn.Linear(4, 3), paddle.nn.ReLU())
        paddle.jit.save(net, r"{d}/lin", input_spec=[paddle.static.InputSpec([None, 4], "float32", "x")])
        paddle.enable_static()
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            x = paddle.static.data("img", [None, 3, 8, 8], "float32")
            y = paddle.nn.functional.relu(paddle.static.nn.conv2d(x, 4, 3))
            y = paddle.static.nn.fc(paddle.flatten(y, 1), 5)
        exe = paddle.static.Executor(paddle.CPUPlace())
        exe.run(startup)
        paddle.static.save_inference_model(r"{d}/conv", [x], [y], exe, program=main)
    ''')
    r = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                       env=dict(ENV, FLAGS_enable_pir_api="0"), timeout=300)
    assert r.returncode == 0, r.stderr[-3000:]
    return str(d)


# --- round trip --------------------------------------------------------------------------

def test_save_from_magic_then_view_without_paddle_or_pickle(shell, tmp_path):
    prefix = str(tmp_path / "model" / "net")
    _, htmls, _ = shell.run(SAVE_CELL.format(prefix=prefix))
    conv = shell.ns["_d2s"]
    assert conv.error is None
    assert programs_only(conv.saved) == sorted(["net" + PROG, "net.pdiparams"])
    assert all(n == os.path.getsize(p) and n > 0 for p, n in conv.saved)
    html = "".join(htmls)
    assert "Saved with paddle.jit.save" in html and "net.pdiparams" in html
    assert f"{os.path.getsize(prefix + '.pdiparams'):,} bytes" in html

    seen = view_without_paddle(prefix + PROG)
    assert seen["has_paddle"] is False and seen["paddle_loaded"] is False
    assert seen["html_has_ops"]

    live = [[o.name, [conv.drawn_graph.values[v].shape for v in o.outputs]] for o in conv.drawn_graph.iter_ops()]
    saved = seen["ops"]
    # Saving adds one fetch per output and (for this net) prunes no op.
    added = [op for op in saved if op[0] == full_op("fetch")]
    assert len(added) == len(conv.outputs) == 1
    if PIR:
        assert without_save_ops(saved) == live_ops(live)
    else:  # legacy: the live data op is the saved feed; pruning drops squeeze2's XShape
        assert [[n, shapes[:1]] for n, shapes in without_save_ops(saved)] == \
               [[n, shapes[:1]] for n, shapes in live[1:]]
    # Parameters: same Paddle names and shapes as the live program, named from the stream order.
    live_params = {v.param_name: v.shape for v in conv.drawn_graph.values.values() if v.kind == "parameter"}
    assert {n: s for n, s, _ in seen["params"]} == live_params
    assert all(dt == "float32" for _, _, dt in seen["params"])
    assert seen["inputs"] == [[-1, 3, 32, 32]] and seen["outputs"] == [[-1, 8]]


def test_save_method_and_training_only_ops(tmp_path, paddle):
    """Conversion.save on a model with dropout and batch norm: the saved program keeps the
    same ops as the live one; only pd_op.fetch is added."""
    import d2s_lab

    net = paddle.nn.Sequential(paddle.nn.Linear(4, 4), paddle.nn.BatchNorm1D(4),
                               paddle.nn.Dropout(0.5), paddle.nn.ReLU())
    net.eval()
    conv = d2s_lab.convert(net, ["x: [None, 4] float32"])
    files = conv.save(str(tmp_path / "m.json"))  # the suffix is dropped: PREFIX is tmp/m
    assert programs_only(files) == sorted(["m" + PROG, "m.pdiparams"])
    g = load_saved(str(tmp_path / "m"))
    saved_names = [o.name for o in g.iter_ops()]
    live_names = [o.name for o in conv.drawn_graph.iter_ops()]
    assert without_save_ops(saved_names) == (live_ops(live_names) if PIR else live_names[1:])
    drop = g.ops_named("dropout")[0]
    if PIR:
        assert "pd_op.dropout" in saved_names and "pd_op.batch_norm_" in saved_names
        assert drop.attrs["is_test"] is True and drop.attrs["mode"] == "upscale_in_train"
    else:
        assert "dropout" in saved_names and "batch_norm" in saved_names
        assert drop.attrs["is_test"] is True
        assert drop.attrs["dropout_implementation"] == "upscale_in_train"


def test_control_flow_sub_blocks(tmp_path, paddle):
    import d2s_lab
    from models import branchy

    conv = d2s_lab.convert(branchy, ["x: [None, 4] float32"])
    conv.save(str(tmp_path / "b"))
    g = load_saved(str(tmp_path / ("b" + PROG)))
    if PIR:
        ifs, live_ifs = g.ops_named("if"), conv.drawn_graph.ops_named("if")
        assert [b.label for b in ifs[0].blocks] == ["true", "false"]
    else:  # a conditional_block per branch
        ifs, live_ifs = g.ops_named("conditional_block"), conv.drawn_graph.ops_named("conditional_block")
        # one sub-block each (labelled "true" by the .pdmodel reader, "block0" live)
        assert len(ifs) == 2 and [len(o.blocks) for o in ifs] == [1, 1]
    assert [[[o.name for o in b.ops] for b in if_op.blocks] for if_op in ifs] == \
           [[[o.name for o in b.ops] for b in if_op.blocks] for if_op in live_ifs]
    assert g.num_ops() == conv.drawn_graph.num_ops() + SAVE_ADDS


def test_while_block_args_resolve(tmp_path, paddle):
    import d2s_lab

    def loop(x):
        i = paddle.zeros([1], "int64")
        while i < 3:
            x = x + 1
            i = i + 1
        return x

    conv = d2s_lab.convert(loop, ["x: [None, 4] float32"])
    conv.save(str(tmp_path / "w"))
    g = load_saved(str(tmp_path / "w"))
    w = g.ops_named("while")[0]
    body = w.blocks[0]
    assert body.label == "body"
    used = {v for o in g.iter_ops(body) for v in o.inputs}
    if PIR:
        assert len(body.args) == 2
        assert set(body.args) <= used  # the loop-carried values are the block's arguments
    else:  # legacy bodies have no arguments: they read the while's loop-carried inputs
        assert not body.args and set(w.inputs) & used
    assert all(v in g.values for o in g.iter_ops() for v in o.inputs + o.outputs)


def test_legacy_pdmodel_params_and_info(legacy_saved):
    seen = view_without_paddle(os.path.join(legacy_saved, "lin.pdmodel"))
    assert seen["has_paddle"] is False
    # Paddle 2.6's jit.save adds a scale (by 1) before each fetch
    assert [o[0] for o in seen["ops"]] == ["feed", "matmul_v2", "elementwise_add", "relu"] + (
        ["fetch"] if PADDLE3 else ["scale", "fetch"])
    assert seen["params"] == [["linear_0.b_0", [3], "float32"], ["linear_0.w_0", [4, 3], "float32"]]
    assert seen["names"] == {"linear_0.b_0": "0.bias", "linear_0.w_0": "0.weight"}  # from .info
    sm = read_saved(os.path.join(legacy_saved, "conv"))
    assert sm.format == "legacy-pdmodel" and sm.version == f"Paddle {PADDLE_VERSION}"
    assert [o.name for o in sm.graph.iter_ops()][:3] == ["feed", "conv2d", "elementwise_add"]
    conv2d = sm.graph.ops_named("conv2d")[0]
    assert sm.graph.values[conv2d.outputs[0]].shape == [-1, 4, 6, 6]
    assert [(p.name, p.shape) for p in sm.params] == [
        ("conv2d_0.b_0", [4]), ("conv2d_0.w_0", [4, 3, 3, 3]), ("fc_0.b_0", [5]), ("fc_0.w_0", [144, 5])]


# --- a ProgramDesc built by hand with the protobuf wire format ------------------------------

def _varint(n):
    n &= (1 << 64) - 1
    out = b""
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out += bytes([b | 0x80])
        else:
            return out + bytes([b])


def _f(num, value):
    if isinstance(value, bytes):
        return _varint(num << 3 | 2) + _varint(len(value)) + value
    if isinstance(value, str):
        return _f(num, value.encode())
    return _varint(num << 3) + _varint(value)


def _var(name, dims, persistable=False, vtype=7):
    tensor = _f(1, 5) + b"".join(_f(2, d) for d in dims)
    vt = _f(1, vtype) + _f(3, _f(1, tensor))
    return _f(1, name) + _f(2, vt) + (_f(3, 1) if persistable else b"")


def _op(type_, ins, outs, attrs=b""):
    body = b"".join(_f(1, _f(1, slot) + b"".join(_f(2, a) for a in args)) for slot, args in ins)
    body += b"".join(_f(2, _f(1, slot) + b"".join(_f(2, a) for a in args)) for slot, args in outs)
    return _f(3, type_) + body + attrs


def _attr(name, type_, payload):
    return _f(4, _f(1, name) + _f(2, type_) + payload)


def test_protobuf_reader_on_handmade_program(tmp_path):
    b0 = (_f(1, 0) + _f(2, -1)
          + _f(3, _var("x", [-1, 4])) + _f(3, _var("w", [4, 2], persistable=True))
          + _f(3, _var("y", [-1, 2])) + _f(3, _var("c", [1]))
          + _f(4, _op("feed", [("X", ["feed"])], [("Out", ["x"])], _attr("col", 0, _f(3, 0))))
          + _f(4, _op("mul", [("X", ["x"]), ("Y", ["w"])], [("Out", ["y"])],
                      _attr("x_num_col_dims", 0, _f(3, 1))
                      + _attr("alpha", 1, _varint(4 << 3 | 5) + struct.pack("<f", 0.5))
                      + _attr("names", 5, _f(8, "a") + _f(8, "<b>"))
                      + _attr("dims", 11, _f(15, 3) + _f(15, -2))))
          + _f(4, _op("conditional_block", [("Cond", ["c"]), ("Input", ["y"])], [("Out", ["y"])],
                      _attr("sub_block", 8, _f(12, 1))))
          + _f(4, _op("fetch", [("X", ["y"])], [("Out", ["fetch"])])))
    b1 = _f(1, 1) + _f(2, 0) + _f(4, _op("relu", [("X", ["y"])], [("Out", ["y"])]))
    prog = _f(1, b0) + _f(1, b1) + _f(4, _f(1, 3003001))
    path = tmp_path / "hand.pdmodel"
    path.write_bytes(prog)
    g, info = read_legacy(str(path))
    assert info["version"] == "3.3.1" and info["persistables"] == ["w"]
    assert [o.name for o in g.iter_ops()] == ["feed", "mul", "conditional_block", "relu", "fetch"]
    mul = g.ops_named("mul")[0]
    assert mul.attrs == {"x_num_col_dims": 1, "alpha": 0.5, "names": ["a", "<b>"], "dims": [3, -2]}
    assert g.values["w"].kind == "parameter" and g.values["w"].shape == [4, 2]
    assert g.values[g.inputs[0]].shape == [-1, 4]
    cb = g.ops_named("conditional_block")[0]
    assert cb.blocks[0].label == "true" and cb.blocks[0].ops[0].name == "relu"
    # Truncating the program anywhere gives a clean error, never a crash.
    for cut in range(1, len(prog), 7):
        path.write_bytes(prog[:cut])
        try:
            read_legacy(str(path))
        except SavedModelError as exc:
            assert str(path) in str(exc)


# --- hostile and damaged files -----------------------------------------------------------

def _expect_error(path, *words):
    with pytest.raises(SavedModelError) as ei:
        read_saved(str(path))
    msg = str(ei.value)
    assert str(path) in msg or os.path.basename(str(path)) in msg, msg
    for w in words:
        assert w in msg, msg
    return msg


def test_clean_errors_for_bad_files(tmp_path, seed_saved):
    _expect_error(tmp_path / "missing.json", "no such")
    d = tmp_path / "adir.json"
    d.mkdir()
    _expect_error(d, "directory")
    _expect_error(tmp_path, "directory")
    bad = tmp_path / "bad.json"
    bad.write_text('{"base_code": {"magic": "pir"}, "program": {"regions": [')
    _expect_error(bad, "not valid JSON")
    bad.write_text('{"base_code": {"magic": "onnx"}, "program": {}}')
    _expect_error(bad, "magic")
    bad.write_text('[1, 2, 3]')
    _expect_error(bad, "base_code")
    bad.write_text('{"base_code": {"magic": "pir"}, "program": ' + "[" * 200000 + "]" * 200000 + "}")
    _expect_error(bad)
    # regions nested far deeper than any real program
    op = {"#": "1.relu", "I": [], "O": []}
    for _ in range(80):
        op = {"#": "1.if", "I": [], "O": [], "regions": [{"blocks": [{"args": [], "ops": [op]}]}]}
    bad.write_text(json.dumps({"base_code": {"magic": "pir"},
                               "program": {"regions": [{"blocks": [{"ops": [op]}]}]}}))
    _expect_error(bad, "nested")
    # a parameter file given where the program is expected
    params = tmp_path / "p.bin"
    params.write_bytes(open(seed_saved + ".pdiparams", "rb").read())
    _expect_error(params, "parameter file")


def test_params_stream_absurd_sizes(tmp_path):
    p = tmp_path / "x.pdiparams"
    desc = b"\x08\x05" + b"\x10" + _varint(1 << 40) + b"\x10" + _varint(1 << 40)
    p.write_bytes(struct.pack("<IQIi", 0, 0, 0, len(desc)) + desc + b"\0" * 64)
    with pytest.raises(SavedModelError, match="declares .* bytes of data but only 64 remain"):
        read_params(str(p))
    p.write_bytes(struct.pack("<IQ", 0, 1 << 62))
    with pytest.raises(SavedModelError, match="LoD levels"):
        read_params(str(p))
    p.write_bytes(struct.pack("<IQIi", 0, 0, 0, 2 ** 31 - 1))
    with pytest.raises(SavedModelError, match="descriptor"):
        read_params(str(p))
    p.write_bytes(struct.pack("<IQ", 7, 0))
    with pytest.raises(SavedModelError, match="version 7"):
        read_params(str(p))


@FAST
@given(data=st.binary(max_size=400), suffix=st.sampled_from([".json", ".pdmodel", ".pdiparams"]))
def test_fuzz_random_bytes(tmp_path, data, suffix):
    p = tmp_path / ("f_" + suffix[1:] + suffix)  # distinct prefixes, as above
    p.write_bytes(data)
    try:
        if suffix == ".pdiparams":
            read_params(str(p))
        else:
            read_saved(str(p))
    except SavedModelError as exc:
        assert p.name in str(exc)


@FAST
@given(cut=st.floats(0, 1), flips=st.lists(st.tuples(st.floats(0, 1), st.integers(0, 255)), max_size=4),
       # a real PIR .json only where Paddle writes one (test_fuzz_pir_structure below, too)
       which=st.sampled_from(["json"] * PIR + ["pdiparams", "pdmodel", "pdiparams.info"]))
def test_fuzz_damaged_real_files(tmp_path, seed_saved, legacy_saved, cut, flips, which):
    src = (f"{seed_saved}.{which}" if which in ("json", "pdiparams")
           else os.path.join(legacy_saved, f"lin.{which}"))
    data = bytearray(open(src, "rb").read())
    for where, byte in flips:
        data[int(where * (len(data) - 1))] = byte
    data = bytes(data[: max(1, int(cut * len(data)))])
    p = tmp_path / f"d_{which}.{which}"  # distinct prefixes: the .json must not pick up a damaged .pdiparams
    p.write_bytes(data)
    try:
        if which == "pdiparams":
            read_params(str(p))
        elif which == "pdiparams.info":
            read_info(str(p))
        else:
            read_saved(str(p))
    except SavedModelError as exc:
        assert p.name in str(exc)


@FAST
@given(data=st.binary(max_size=300))
def test_fuzz_info_reader(data):
    try:
        read_info_bytes(b"\x80\x02" + data, "x.pdiparams.info")
    except SavedModelError as exc:
        assert "x.pdiparams.info" in str(exc)


class _Evil:
    def __reduce__(self):
        return (os.system, ("echo pwned > " + _Evil.marker,))


def test_hostile_info_pickle_is_refused(tmp_path, seed_saved):
    marker = tmp_path / "pwned"
    _Evil.marker = str(marker)
    info = tmp_path / "seed.pdiparams.info"
    info.write_bytes(pickle.dumps({"conv2d_0.w_0": _Evil()}, protocol=2))
    with pytest.raises(SavedModelError, match="refused.*(GLOBAL|STACK_GLOBAL)") as ei:
        read_info(str(info))
    assert "system" in str(ei.value)
    # next to a real model, the whole load is refused and nothing ran
    for suf in (PROG, ".pdiparams"):
        (tmp_path / ("seed" + suf)).write_bytes(open(seed_saved + suf, "rb").read())
    with pytest.raises(SavedModelError, match="refused"):
        read_saved(str(tmp_path / ("seed" + PROG)))
    for proto in (0, 1, 4, 5):
        with pytest.raises(SavedModelError):
            read_info_bytes(pickle.dumps(_Evil(), protocol=proto), "evil")
    assert not marker.exists()
    # plain containers are read
    ok = {"a": {"structured_name": "fc.weight", "trainable": True, "n": [1, 2.5, None, (3,)]}}
    for proto in (2, 3, 4, 5):
        assert read_info_bytes(pickle.dumps(ok, protocol=proto), "ok") == ok


def test_show_magic_and_escaping(shell, tmp_path, seed_saved):
    _, htmls, _ = shell.run(f"%d2s_show {seed_saved}{PROG}")
    html = "".join(htmls)
    sm = shell.ns["_d2s_saved"]
    assert f"Saved model: seed{PROG}" in html and sm.params[1].name in html
    assert sm.params[1].name.startswith("conv2d_") and sm.params[1].shape == [32, 3, 3, 3]
    assert "94,280" in html  # parameters counted from the .pdiparams headers
    # PIR: 8 parameter and 6 constant ops; legacy: feed, and scale before fetch
    assert sm.graph.num_ops() == (33 if PIR else 21)
    _, htmls, _ = shell.run(f"%d2s_show {tmp_path}/nothing.json")
    assert "no such" in "".join(htmls) and "Traceback" not in "".join(htmls)
    evil = {"base_code": {"magic": "pir", "version": 1}, "program": {"regions": [{"blocks": [{"ops": [
        {"#": "p", "A": [0, 1, 1, "<script>alert(1)</script>"],
         "O": {"%": 1, "TT": {"#": "0.t_dtensor", "D": [{"#": "0.t_f32"}, [2], "NCHW", [], 0]}}},
        {"#": "1.<script>x()</script>", "I": [{"%": 1}], "O": [], "A": []}]}]}]}}
    p = tmp_path / "evil.json"
    p.write_text(json.dumps(evil))
    _, htmls, _ = shell.run(f"%d2s_show {p}")
    html = "".join(htmls)
    assert "&lt;script&gt;" in html and "<script>alert" not in html and "<script>x()" not in html


def test_save_option_errors_keep_the_report(shell, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    _, htmls, _ = shell.run(SAVE_CELL.format(prefix=f"{blocker}/sub/net"))
    html = "".join(htmls)
    assert "Cannot create the folder" in html and "Traceback (most recent" not in html
    assert "Ops (" in html and "conv2d" in html  # the report is still shown
    assert shell.ns["_d2s"].saved == [] and "net" in shell.ns
    _, htmls, _ = shell.run(SAVE_CELL.format(prefix=str(tmp_path)))
    assert "not a directory" in "".join(htmls)


def test_legacy_sub_block_bombs(tmp_path):
    """Blocks that share or chain sub-blocks cannot blow up time, memory or the stack."""
    n = 40
    blocks = []
    for i in range(n):  # block i has two ops that both run block i+1: 2**40 paths
        ops = b"".join(_f(4, _op("conditional_block", [], [], _attr("sub_block", 8, _f(12, i + 1))))
                       for _ in range(2)) if i + 1 < n else _f(4, _op("relu", [], []))
        blocks.append(_f(1, _f(1, i) + _f(2, i - 1) + ops))
    path = tmp_path / "bomb.pdmodel"
    path.write_bytes(b"".join(blocks))
    g, _ = read_legacy(str(path))
    assert g.num_ops() == 2 * (n - 1) + 1
    chain = b"".join(_f(1, _f(1, i) + _f(2, i - 1) + _f(4, _op("while", [], [], _attr("sub_block", 8, _f(12, i + 1)))))
                     for i in range(500)) + _f(1, _f(1, 500) + _f(2, 499))
    path.write_bytes(chain)
    with pytest.raises(SavedModelError, match="nested more than"):
        read_legacy(str(path))
    loop = _f(1, _f(1, 0) + _f(2, -1) + _f(4, _op("while", [], [], _attr("sub_block", 8, _f(12, 0)))))
    path.write_bytes(loop)
    with pytest.raises(SavedModelError, match="contains itself"):
        read_legacy(str(path))


_ODD = st.one_of(st.none(), st.booleans(), st.integers(-3, 10**20), st.floats(allow_nan=False),
                 st.text(max_size=5), st.just([]), st.just({}), st.just({"#": {}}),
                 st.just({"%": "a"}), st.just([[1], {"D": 2}]))


def _paths(x, path=()):
    yield path
    if isinstance(x, dict):
        for k, v in x.items():
            yield from _paths(v, path + (k,))
    elif isinstance(x, list):
        for i, v in enumerate(x):
            yield from _paths(v, path + (i,))


@pir_only("Paddle 2.6 writes no PIR .json to damage (the reader is pure Python: the "
          "Paddle 3 run fuzzes it)")
@FAST
@given(data=st.data())
def test_fuzz_pir_structure(seed_saved, data):
    """Valid JSON with values of the wrong kind anywhere: a clean error or a drawable graph."""
    from d2s_lab.core.saved.pir_json import parse_pir_json
    from d2s_lab.viz.op_table import op_table_html

    doc = json.load(open(seed_saved + ".json"))
    paths = [p for p in _paths(doc) if p]
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(paths))
        target = doc
        try:
            for k in path[:-1]:
                target = target[k]
            target[path[-1]] = data.draw(_ODD)
        except (KeyError, IndexError, TypeError):
            pass
    try:
        graph, _ = parse_pir_json(json.dumps(doc).encode(), "m.json")
    except SavedModelError as exc:
        assert "m.json" in str(exc)
        return
    op_table_html(graph)
