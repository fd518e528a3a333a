"""d2s_lab.bench and %d2s_bench: behaviour (checks, rows, advice, chart), not speed."""
import os
import re

import numpy as np
import pytest

import d2s_lab
from d2s_lab.core.bench.runner import ATOL, RTOL, bench, compare_outputs
from d2s_lab.core.bench.result import BenchResult, BenchRow, advise
from d2s_lab.errors import D2SError
from d2s_lab.core.paddle_compat.runtimes import default_onednn, quiet_c_streams, set_num_threads
from d2s_lab.core.bench.timing import MIN_REPEAT, TimingPlan, estimate, fit_budget, interleaved
from d2s_lab.viz.bench_view import bench_html, figure_bytes
import paths

QUICK = {"repeat": 2, "min_time": 0.0, "warmup": 1}


@pytest.fixture(scope="module")
def seed_conv():
    from d2s_lab.teaching.examples import SEED_INPUT, EmbeddingNet

    return d2s_lab.convert(EmbeddingNet(), [SEED_INPUT])


def test_seed_net_all_runtimes_checked_equal(seed_conv):
    calls = []
    net = seed_conv.layer
    net.train()
    res = bench(seed_conv, batch=(2, 3), progress=lambda d, t, m: calls.append((d, t, m)), **QUICK)
    assert net.training  # the model's mode is restored
    have = set(res.runtimes)
    assert {"eager", "to_static", "predictor", "predictor_onednn"} <= have, res.skipped
    assert len(res.rows) == 2 * len(have) and res.batches == [2, 3]
    try:
        import onnxruntime  # noqa: F401
        import paddle2onnx  # noqa: F401

        assert "onnxruntime" in have, res.skipped
    except ImportError:
        assert "d2s_lab[bench]" in res.skipped["onnxruntime"]
    for b in (2, 3):
        for k in have:
            r = res.row(k, b)
            assert r is not None and r.ok and r.median_s > 0 and r.runs >= 2
            assert r.throughput == pytest.approx(b / r.median_s)
            if k == "eager":
                assert r.max_abs_diff is None
            else:
                assert 0 <= r.max_abs_diff < 1e-4
    done = [d for d, _, _ in calls]
    assert done == sorted(done) and calls[-1][0] == calls[-1][1] == (len(have) + 1) * 2
    assert any(m.startswith("timing batch 3") for _, _, m in calls)
    assert all(res.row(k, b).runs >= 2 for k in have for b in (2, 3))
    assert res.advice.startswith("to_static alone") or res.advice.startswith("To_static")
    text = str(res)
    assert "median ms" in text and "batch 3: inputs [3, 3, 32, 32]" in text
    assert res.input_shapes == {2: [[2, 3, 32, 32]], 3: [[3, 3, 32, 32]]}
    # the predictor's default configuration first, named by what it does
    default = "predictor_onednn" if default_onednn() else "predictor"
    variant = ({"predictor", "predictor_onednn"} - {default}).pop()
    assert res.default_predictor == default
    assert res.runtimes.index(default) < res.runtimes.index(variant)
    assert res.row(default, 2).label == ("Paddle Inference (default: oneDNN on)" if default_onednn()
                                         else "Paddle Inference (default: oneDNN off)")
    assert res.row(variant, 2).label == ("Paddle Inference, oneDNN off" if default_onednn()
                                         else "Paddle Inference, oneDNN on")
    assert res.row(default, 2).label in text and res.row(variant, 2).label in text
    assert res.elapsed_s > 0 and res.estimate_s > 0 and calls[-1][2].startswith("done in")
    assert any("left" in m for _, _, m in calls if m.startswith("timing batch"))


def test_advice_is_computed_from_the_numbers():
    def result(ms):
        res = BenchResult("Net", "cpu", 1, False, [1, 20, 256])
        for b in (1, 20, 256):
            for k, v in ms.items():
                res.rows.append(BenchRow(k, b, v / 1000 * (b / 20), 10, None if k == "eager" else 0.0))
        return res

    slow = advise(result({"eager": 4.8, "to_static": 5.4, "predictor": 4.8,
                          "predictor_onednn": 0.53, "onnxruntime": 0.32}))
    assert "to_static alone does not speed Net up (5.40 ms vs eager 4.80 ms at batch 20)" in slow
    assert "Paddle Inference, oneDNN on does: 9.1x faster than eager (0.53 ms)" in slow
    assert "ONNX Runtime: 15.0x eager" in slow
    fast = advise(result({"eager": 10.0, "to_static": 5.0, "predictor": 9.0}))
    assert "to_static alone speeds Net up 2.0x" in fast and "not much faster" in fast
    slower = advise(result({"eager": 0.3, "to_static": 0.5, "predictor": 0.5}))  # a tiny model
    assert "to_static alone makes Net 1.7x slower (0.50 ms vs eager 0.30 ms at batch 20)" in slower
    assert "the fastest Paddle Inference predictor is 1.7x slower than eager" in slower
    assert "not much faster" not in slower and "does not speed" not in slower
    res = result({"eager": 4.8, "to_static": 5.4, "predictor_onednn": 0.5})
    res.row("predictor_onednn", 20).ok = False
    bad = advise(res)
    assert "outputs differ from eager for Paddle Inference, oneDNN on" in bad and "9.6x" not in bad
    res = result({"eager": 4.8, "predictor_onednn": 0.53})
    res.default_predictor = "predictor_onednn"
    for r in res.rows:
        r.default = r.runtime == "predictor_onednn"
    assert "Paddle Inference (default: oneDNN on) does: 9.1x" in advise(res)


def test_compare_outputs_catches_mismatch():
    a = [np.ones((2, 3), "float32")]
    assert compare_outputs(a, [a[0] + 1e-6]) == (pytest.approx(1e-6, rel=0.1), True)
    d, ok = compare_outputs(a, [a[0] + 0.5])
    assert d == pytest.approx(0.5) and not ok
    assert compare_outputs(a, [np.ones((3, 2), "float32")]) == (float("inf"), False)
    assert compare_outputs(a, a + a) == (float("inf"), False)
    assert compare_outputs([np.array([1, 2])], [np.array([1, 3])]) == (1.0, False)  # ints: exact


@pytest.mark.parametrize("delta, ok", [(0.0, True), (0.9, True), (1.1, False)])
def test_compare_outputs_tolerance_scales_with_the_largest_output(delta, ok):
    ref = np.array([100.0, 0.0])
    tol = ATOL + RTOL * 100.0  # the zero entry gets the same allowance as the large one
    got = ref + np.array([0.0, delta * tol])
    assert compare_outputs([ref], [got]) == (pytest.approx(delta * tol), ok)


def test_interleaved_timing_plan():
    calls = {"a": 0, "b": 0, "sync": 0}

    def bump(k):
        calls[k] += 1

    plan = TimingPlan(warmup=2, repeat=3, min_time=0.0, max_runs=5)
    timed = interleaved({"a": lambda: bump("a"), "b": lambda: bump("b")}, plan,
                        sync=lambda: bump("sync"))
    assert set(timed) == {"a", "b"}
    for k in ("a", "b"):
        assert timed[k].runs >= plan.repeat and timed[k].median_s >= 0
        assert calls[k] >= plan.warmup + timed[k].runs  # warm-up and each block's first call not timed
    assert calls["sync"] >= timed["a"].runs + timed["b"].runs


def test_runtimes_compat(capfd):
    prev = set_num_threads(2)  # found on this Paddle (paddle.base.core in 3.x)
    assert prev is None or prev >= 1
    set_num_threads(prev or 1)
    with quiet_c_streams():
        os.write(1, b"hidden-from-C\n")
        os.write(2, b"hidden-from-C\n")
    os.write(1, b"shown\n")
    out, err = capfd.readouterr()
    assert "hidden" not in out + err and "shown" in out


def test_train_step_eager_vs_to_static_keeps_weights(seed_conv):
    net = seed_conv.layer
    before = net.conv1.weight.numpy().copy()
    res = bench(seed_conv, batch=(2,), train=True, **QUICK)
    assert res.train and set(res.runtimes) == {"eager", "to_static"}, res.skipped
    assert all(r.ok for r in res.rows)
    assert res.row("to_static", 2).max_abs_diff < 1e-4  # the first step's loss matches
    assert np.array_equal(net.conv1.weight.numpy(), before)
    assert "training step" in res.advice


def test_function_target_fixed_shape_and_errors(paddle):
    def f(x):
        return paddle.nn.functional.relu(x) * 2

    res = bench(f, input_spec=["x: [3, 4] float32"], runtimes=["to_static", "predictor"], **QUICK)
    assert res.batches == [None] and "fixed shape" in res.notes[0]
    assert set(res.runtimes) == {"eager", "to_static", "predictor"}
    with pytest.raises(D2SError, match="Unknown runtime"):
        bench(f, input_spec=["x: [3, 4] float32"], runtimes=["tensorrt"])
    with pytest.raises(D2SError, match=r"Unknown runtime\(s\): nosuch\b"):  # a string is a list, as in --runtimes
        bench(f, input_spec=["x: [3, 4] float32"], runtimes="eager,nosuch")
    for bad, match in ((dict(warmup=-1), "warmup -1: give a whole number of 0 or more"),
                       (dict(repeat=0), "repeat 0: give a whole number of 1 or more"),
                       (dict(threads="two"), "threads two"), (dict(min_time=-0.5), "min_time -0.5")):
        with pytest.raises(D2SError, match=match):
            bench(f, input_spec=["x: [3, 4] float32"], **{**QUICK, **bad})
    with pytest.raises(D2SError, match="needs a paddle.nn.Layer"):
        bench(f, input_spec=["x: [3, 4] float32"], train=True)
    if not paddle.is_compiled_with_cuda():
        with pytest.raises(D2SError, match="no CUDA support"):
            bench(f, input_spec=["x: [3, 4] float32"], device="gpu")


def test_chart_and_html_escape():
    res = BenchResult("<script>n()</script>", "cpu", 1, False, [1, 8])
    for b in (1, 8):
        res.rows += [BenchRow("eager", b, 0.002 * b, 5), BenchRow("to_static", b, 0.003 * b, 5, 0.0),
                     BenchRow("predictor_onednn", b, 0.0002 * b, 5, 1e-7)]
    res.advice = advise(res)
    png = figure_bytes(res, "png")
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 5000
    assert figure_bytes(res, "svg").lstrip().startswith(b"<?xml")
    html = bench_html(res)
    assert "data:image/png;base64," in html and "<script>n()" not in html
    assert "&lt;script&gt;" in html and "10.0x faster than eager" in html


def test_bench_magic(shell):
    shell.run('%%to_static --input "x: [None, 8] float32"\nimport paddle\nnet = paddle.nn.Linear(8, 4)')
    _, htmls, _ = shell.run("%d2s_bench --batch 2,3 --repeat 2 --min-time 0 --runtimes to_static,predictor")
    html = "".join(htmls)
    assert "data:image/png;base64," in html, html[-2000:]
    res = shell.ns["_d2s_bench"]
    assert res.batches == [2, 3] and {"eager", "to_static", "predictor"} == set(res.runtimes)
    assert re.sub(r"\s+", " ", res.advice)[:20] in html.replace("&#x27;", "'")
    _, htmls, _ = shell.run("%d2s_bench nosuchmodel")
    assert "no such name" in "".join(htmls)
    _, htmls, _ = shell.run("%d2s_bench --batch two")
    assert "whole numbers" in "".join(htmls)


def test_views_and_magics_import_without_paddle():
    import subprocess
    import sys

    code = ("import sys; sys.modules['paddle'] = None\n"
            "import d2s_lab.viz.bench_view, d2s_lab.viz.saved_view, d2s_lab.viz.standalone\n"
            "import d2s_lab.core.bench.runner, d2s_lab.core.saved.model, d2s_lab.magics.show, d2s_lab.magics.bench, d2s_lab.cli\n"
            "import d2s_lab.core.compare, d2s_lab.core.bench.timing, d2s_lab.core.paddle_compat.runtimes\n"
            "from d2s_lab.core.bench.runner import BenchResult, BenchRow, advise\n"
            "assert d2s_lab.BenchResult is BenchResult and callable(d2s_lab.bench)\n"
            "from d2s_lab.viz.bench_view import figure_bytes\n"
            "r = BenchResult('n', 'cpu', 1, False, [1]); r.rows.append(BenchRow('eager', 1, 0.001, 3))\n"
            "assert figure_bytes(r)[:4] == b'\\x89PNG' and advise(r)\n"
            "assert not [m for m in sys.modules if m.startswith('paddle.')]\n"
            "try:\n    d2s_lab.core.bench.runner.bench(object())\nexcept d2s_lab.errors.D2SError as e:\n"
            "    print('MSG', e.message)\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                       env=dict(os.environ, PYTHONPATH=paths.ROOT), check=False)
    assert r.returncode == 0, r.stderr
    assert "MSG" in r.stdout and "paddle" in r.stdout.lower()


def _encoder(paddle):
    """A small BERT-shaped model: embeddings, a paddle.nn TransformerEncoder, a classifier
    on the first token; ``seen`` records the input shapes of its eager calls."""

    class Encoder(paddle.nn.Layer):
        def __init__(self):
            super().__init__()
            self.emb = paddle.nn.Embedding(50, 16)
            layer = paddle.nn.TransformerEncoderLayer(16, 2, 32, dropout=0.0)
            self.enc = paddle.nn.TransformerEncoder(layer, 2)
            self.cls = paddle.nn.Linear(16, 2)
            self.seen = []

        def forward(self, input_ids):
            if paddle.in_dynamic_mode():
                self.seen.append(list(input_ids.shape))
            return self.cls(self.enc(self.emb(input_ids))[:, 0])

    return Encoder()


@pytest.fixture(scope="module")
def encoder_conv(paddle):
    return d2s_lab.convert(_encoder(paddle), ["input_ids: [None, None] int64"])


def test_dynamic_sequence_axis_refused_without_a_size(encoder_conv):
    with pytest.raises(D2SError) as exc:
        bench(encoder_conv, batch=(2,), **QUICK)
    assert "input_ids: [None,None] int64 (axis 1)" in exc.value.message
    assert "--dim 1=128" in exc.value.hint and "dims={1: 128}" in exc.value.hint
    assert encoder_conv.layer.seen == []  # refused before anything ran


def test_dims_size_the_sequence_axis(encoder_conv):
    net = encoder_conv.layer
    net.seen.clear()
    res = bench(encoder_conv, batch=(2,), dims={1: 16}, runtimes=["to_static", "predictor"], **QUICK)
    assert res.input_shapes == {2: [[2, 16]]}
    assert net.seen and all(s == [2, 16] for s in net.seen)  # what eager was timed on
    assert all(r.ok for r in res.rows) and set(res.runtimes) == {"eager", "to_static", "predictor"}
    assert "batch 2: inputs [2, 16]" in str(res) and "[2, 16]" in bench_html(res)


def test_dims_from_example_inputs_and_bad_dims(paddle, encoder_conv):
    net = _encoder(paddle)
    conv = d2s_lab.convert(net, ["input_ids: [None, None] int64"],
                           example_inputs=[paddle.randint(0, 50, [3, 12])])
    res = bench(conv, batch=(2,), runtimes=["to_static"], **QUICK)
    assert res.input_shapes == {2: [[2, 12]]}
    res = bench(conv, batch=(2,), dims={1: 5}, runtimes=["to_static"], **QUICK)  # dims win
    assert res.input_shapes == {2: [[2, 5]]}
    with pytest.raises(D2SError, match="--dim 2=4: no input has a dynamic axis"):
        bench(encoder_conv, batch=(2,), dims={1: 4, 2: 4})
    with pytest.raises(D2SError, match="--dim 1=0"):
        bench(encoder_conv, batch=(2,), dims={1: 0})


def test_dim_0_is_the_batch_and_input_names_size_one_input(encoder_conv):
    """dims mean what they mean for d2s_lab.convert: axis 0 is the batch (dims={0: 3}
    times batch 3, as batch=(3,) does), and "INPUT:AXIS" sizes one input's axis."""
    res = bench(encoder_conv, dims={0: 3, "input_ids:1": 5}, runtimes=["to_static"], **QUICK)
    assert res.batches == [3] and res.input_shapes == {3: [[3, 5]]}
    res = bench(encoder_conv, batch=(3,), dims={0: 3, 1: 5}, runtimes=["to_static"], **QUICK)
    assert res.input_shapes == {3: [[3, 5]]}
    with pytest.raises(D2SError, match="--dim 0=3 and --batch 1,8 both size axis 0") as exc:
        bench(encoder_conv, batch=(1, 8), dims={0: 3, 1: 5})
    assert "Give one" in exc.value.hint
    with pytest.raises(D2SError, match="--dim mask:1=5: no input") as exc:
        bench(encoder_conv, dims={1: 5, "mask:1": 5})
    assert "input_ids:0, input_ids:1" in exc.value.hint


def test_estimate_and_budget_fit():
    plan = TimingPlan(warmup=3, repeat=10, min_time=0.5, max_runs=2000)
    # slow calls: a turn is 2 calls, the first not counted -> 10 rounds for 10 timed calls
    assert estimate({"a": 1.0}, plan) == pytest.approx(3 + 10 * 2)
    # fast calls: the minimum time decides
    assert estimate({"a": 0.001, "b": 0.001}, plan) == pytest.approx(1.0, rel=0.1)
    per_call = {1: {"a": 1.0, "b": 0.5}, 8: {"a": 8.0, "b": 4.0}}
    full = fit_budget(per_call, plan, None)
    assert full.plan == plan and full.batches == [1, 8] and full.fits
    fewer = fit_budget(per_call, plan, 200)
    assert fewer.batches == [1, 8] and fewer.plan.min_time == 0 and fewer.plan.warmup == 1
    assert MIN_REPEAT <= fewer.plan.repeat < 10 and fewer.estimate_s <= 200
    small = fit_budget(per_call, plan, 30)
    assert small.batches == [1] and small.fits and small.estimate_s <= 30
    over = fit_budget(per_call, plan, 1)
    assert over.batches == [1] and not over.fits and over.plan.repeat == MIN_REPEAT


def test_budget_trims_and_says_so(encoder_conv):
    res = bench(encoder_conv, batch=(1, 2, 4096), dims={1: 64}, runtimes=["to_static"],
                budget=8.0, repeat=50, min_time=1.0)
    assert res.batches and 4096 not in res.batches and 4096 in res.dropped_batches
    assert 4096 not in res.input_shapes
    assert any("Time budget 8 s" in n and "4096" in n for n in res.notes), res.notes
    assert res.elapsed_s < 60  # timing the largest batch would take minutes
    with pytest.raises(D2SError, match="above 0"):
        bench(encoder_conv, batch=(1,), dims={1: 4}, budget=0)


def test_bench_magic_dims_and_budget(shell):
    shell.run('%%to_static --input "input_ids: [None, None] int64"\nimport paddle\n'
              'net = paddle.nn.Embedding(20, 4)')
    _, htmls, _ = shell.run("%d2s_bench --batch 2 --repeat 2 --min-time 0 --runtimes to_static")
    html = "".join(htmls)
    assert "axis 1" in html and "--dim 1=128" in html and "Traceback" not in html
    _, htmls, _ = shell.run("%d2s_bench --batch 2 --dim 1=16 --budget 60 --repeat 2 --min-time 0 "
                            "--runtimes to_static")
    res = shell.ns["_d2s_bench"]
    assert res.input_shapes == {2: [[2, 16]]} and res.budget_s == 60
    assert "batch 2: inputs [2, 16]" in "".join(htmls)
    _, htmls, _ = shell.run("%d2s_bench --dim 1:16")
    assert "AXIS=SIZE" in "".join(htmls)
    _, htmls, _ = shell.run("%d2s_bench --dim 1=16 --budget soon")
    assert "above 0" in "".join(htmls)


ENCODER_FILE = '''import paddle


class Enc(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.emb = paddle.nn.Embedding(50, 8)
        self.enc = paddle.nn.TransformerEncoder(paddle.nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0), 1)

    def forward(self, input_ids):
        return self.enc(self.emb(input_ids))[:, 0]
'''


def test_cli_bench_dim_and_budget(tmp_path, capsys):
    from d2s_lab.cli import main

    src = tmp_path / "enc_model.py"
    src.write_text(ENCODER_FILE)
    base = ["bench", f"{src}:Enc", "--input", "input_ids: [None, None] int64", "--batch", "2",
            "--runtimes", "to_static", "--repeat", "2", "--min-time", "0"]
    assert main(base) == 1
    err = capsys.readouterr().err
    assert "(axis 1) has none" in err and "--dim 1=128" in err and "Traceback" not in err
    assert main(base + ["--dim", "1=16", "--budget", "120"]) == 0
    out = capsys.readouterr().out
    assert "batch 2: inputs [2, 16]" in out and re.search(r"^to_static\s+2\s", out, re.M)
    assert main(base + ["--dim", "1=16", "--budget", "-3"]) == 1
    assert "above 0" in capsys.readouterr().err


def test_float64_lists_of_onednn_ops_are_found(tmp_path):
    """The ops a oneDNN program holds lists of float64 values in (or empty lists), read
    from the PIR file alone."""
    import json

    from d2s_lab.core.saved.pir_json import float64_list_attrs

    def op(name, attrs):
        return {"#": name, "A": [{"N": n, "AT": at} for n, at in attrs.items()], "I": [], "O": []}

    doc = {"base_code": {"magic": "pir", "version": 1}, "program": {"regions": [{"blocks": [{"ops": [
        op("onednn_op.bilinear_interp", {"scale": {"#": "0.a_array", "D": []},
                                         "out_h": {"#": "0.a_i32", "D": 16}}),
        op("onednn_op.fused_conv2d", {"scale_weights": {"#": "0.a_array", "D": [{"#": "0.a_f32", "D": 1.0}]}}),
        op("onednn_op.prior_box", {"variances": {"#": "0.a_array", "D": [{"#": "0.a_f64", "D": 0.1}]}}),
        op("1.scale", {"list": {"#": "0.a_array", "D": []}}),  # not a oneDNN op
    ]}]}]}}
    path = tmp_path / "m.json"
    path.write_text(json.dumps(doc))
    assert float64_list_attrs(str(path)) == [("bilinear_interp", "scale"), ("prior_box", "variances")]
    assert float64_list_attrs(str(tmp_path / "missing.json")) == []


@pytest.mark.slow
def test_a_onednn_predictor_paddle_cannot_run_is_a_row_note_naming_the_op():
    """Paddle 3.3's oneDNN executor converts no list of float64 attributes (a bilinear
    upsampling's scale, in every PaddleSeg model): the row says so, naming the op, and the
    advice says that row has no timings."""
    import paddle

    if not paddle.__version__.startswith("3.3"):
        pytest.skip(f"the oneDNN float64-list issue is Paddle 3.3.0 and 3.3.1's; this is {paddle.__version__}")

    class Up(paddle.nn.Layer):
        def __init__(self):
            super().__init__()
            self.conv = paddle.nn.Conv2D(3, 4, 3, padding=1)

        def forward(self, x):
            return paddle.nn.functional.interpolate(self.conv(x), size=[16, 16], mode="bilinear")

    res = bench(Up(), batch=[1], input_spec="x: [None, 3, 8, 8] float32", runtimes=["eager", "predictor_onednn"],
                repeat=2, min_time=0.0)
    if res.row("predictor_onednn", 1) is not None:
        pytest.skip("this Paddle's oneDNN executor runs the program: the issue is fixed here")
    note = res.skipped["predictor_onednn"]
    assert "bilinear_interp (scale)" in note and "ConvertPirAttribute2RuntimeAttribute" in note, note
    assert "Traceback" not in note and "(at " not in note
    assert "no timings" in res.advice and res.label("predictor_onednn") in res.advice, res.advice


def chatty(x):
    print("shape", x.shape)  # once per call: a benchmark calls it hundreds of times
    return x * 2 + 1


def test_what_the_model_prints_while_timed_is_counted_not_shown(capsys):
    """A function that prints on every call: the benchmark's output is its table, with one
    note saying how many lines were kept out, not hundreds of lines."""
    conv = d2s_lab.convert(chatty, ["x: [None, 4] float32"])
    capsys.readouterr()
    res = bench(conv, batch=(1, 2), runtimes=["to_static"], **QUICK)
    out = capsys.readouterr().out
    assert "shape" not in out, out[:500]
    note = next(n for n in res.notes if "kept out of the output" in n)
    n = int(re.search(r"\((\d+) lines\)", note).group(1))
    assert n >= sum(r.runs for r in res.rows if r.runtime == "eager"), (n, res.rows)  # a line per eager call


def test_the_text_table_lines_up_in_chinese_too():
    """A Chinese character takes two terminal columns: the header and every row of the
    table end at the same column in both languages."""
    from d2s_lab.text.columns import width
    from d2s_lab.text.lang import using_lang

    res = BenchResult("Net", "cpu", 1, False, [1])
    res.rows = [BenchRow("eager", 1, 1.5e-5, 2997, None), BenchRow("to_static", 1, 2.0e-4, 2160, 0.0)]
    for lang in ("en", "zh"):
        with using_lang(lang):
            head, rule, *rows = res.table().splitlines()[:4]
        assert {width(line) for line in [head] + rows} == {width(head)} == {len(rule)}, (lang, head, rows)


def test_progress_to_a_file_is_a_line_per_step_not_carriage_returns(tmp_path):
    """The CLI's progress on a terminal rewrites one line; to a file or a pipe (a CI log)
    it writes one line per step, each once."""
    from d2s_lab.viz.bench_view import text_progress

    with open(tmp_path / "log.txt", "w+") as fh:
        cb = text_progress(fh)
        for done, msg in ((0, "estimating"), (1, "timing batch 1"), (1, "timing batch 1, 2 s left"),
                          (2, "done in 3 s")):
            cb(done, 2, msg)
        fh.seek(0)
        text = fh.read()
    assert "\r" not in text and text.splitlines() == ["[0/2] estimating", "[1/2] timing batch 1", "[2/2] done in 3 s"]
