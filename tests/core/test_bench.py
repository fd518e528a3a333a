"""d2s_lab.bench and %d2s_bench: behaviour (checks, rows, advice, chart), not speed."""
import os
import re

import numpy as np
import pytest

import d2s_lab
from d2s_lab.core.bench.runner import ATOL, RTOL, bench, compare_outputs
from d2s_lab.core.bench.result import BenchResult, BenchRow, advise
from d2s_lab.errors import D2SError
from d2s_lab.core.paddle_compat.runtimes import quiet_c_streams, set_num_threads
from d2s_lab.core.bench.timing import TimingPlan, interleaved
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
    assert "Paddle Inference + oneDNN" in text and "median ms" in text


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
    assert "Paddle Inference + oneDNN predictor does: 9.1x faster than eager (0.53 ms)" in slow
    assert "ONNX Runtime: 15.0x eager" in slow
    fast = advise(result({"eager": 10.0, "to_static": 5.0, "predictor": 9.0}))
    assert "to_static alone speeds Net up 2.0x" in fast and "not much faster" in fast
    res = result({"eager": 4.8, "to_static": 5.4, "predictor_onednn": 0.5})
    res.row("predictor_onednn", 20).ok = False
    bad = advise(res)
    assert "outputs differ from eager for Paddle Inference + oneDNN" in bad and "9.6x" not in bad


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
