"""The ONNX Runtime column installs nothing: paddle2onnx's export runs with the network
blocked for pip, in a fresh interpreter, and ``pip freeze`` is the same after it; pip is
never even started (``PIP_LOG`` would record it), and ``POLYGRAPHY_AUTOINSTALL_DEPS``
(which paddle2onnx 2.x sets for its Polygraphy optimiser) is not left set. Also the
chart-less benchmark page on a platform without matplotlib."""
import json
import os
import subprocess
import sys

import pytest

SCRIPT = r"""
import inspect, json, os, sys
import paddle
import paddle2onnx
from paddle import nn

calls = []
real_export = paddle2onnx.export

def recording_export(*args, **kw):
    calls.append(sorted(kw.items()))
    return real_export(*args, **kw)

paddle2onnx.export = recording_export
from d2s_lab.core.bench.runner import bench


class Tiny(nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 3)

    def forward(self, x):
        return paddle.nn.functional.relu(self.fc(x))


res = bench(Tiny(), batch=[2], input_spec="x: [None, 4] float32", runtimes=["eager", "onnxruntime"],
            repeat=2, min_time=0.0)
has_tool = "optimize_tool" in inspect.signature(real_export).parameters
print(json.dumps({"runtimes": list(res.runtimes), "skipped": res.skipped, "calls": calls, "has_tool": has_tool,
                  "autoinstall": os.environ.get("POLYGRAPHY_AUTOINSTALL_DEPS")}))
"""


def _freeze():
    return subprocess.run([sys.executable, "-m", "pip", "freeze", "--all"], capture_output=True,
                          text=True, check=True).stdout


@pytest.mark.slow
def test_onnx_export_installs_nothing(tmp_path):
    pytest.importorskip("paddle2onnx")
    pytest.importorskip("onnxruntime")
    pip_log = tmp_path / "pip.log"
    env = dict(os.environ, PIP_NO_INDEX="1", PIP_INDEX_URL="http://127.0.0.1:9/", PIP_FIND_LINKS="",
               PIP_EXTRA_INDEX_URL="", PIP_LOG=str(pip_log), GLOG_minloglevel="2")
    env.pop("POLYGRAPHY_AUTOINSTALL_DEPS", None)
    before = _freeze()
    script = tmp_path / "export_once.py"  # a file: to_static reads the Layer's source
    script.write_text(SCRIPT, encoding="utf-8")
    proc = subprocess.run([sys.executable, str(script)], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert "onnxruntime" in out["runtimes"], out["skipped"]
    assert out["calls"], "paddle2onnx.export was not called"
    for kw in out["calls"]:  # paddle2onnx 2.x: never its default, Polygraphy
        if out["has_tool"]:
            assert dict(kw).get("optimize_tool") in ("onnxoptimizer", "None"), kw
    assert out["autoinstall"] is None
    assert not pip_log.exists(), pip_log.read_text()[-2000:]
    assert _freeze() == before


def test_bench_page_without_matplotlib_names_the_extra(monkeypatch):
    """No matplotlib: the page keeps its table and says, in one line, which extra draws the chart."""
    from d2s_lab.core.bench.result import BenchResult, BenchRow
    from d2s_lab.viz import bench_view

    def no_matplotlib(*_a, **_k):
        raise ModuleNotFoundError("No module named 'matplotlib'")

    monkeypatch.setattr(bench_view, "figure_bytes", no_matplotlib)
    res = BenchResult(name="net", device="cpu", threads=1, batches=[1], train=False, paddle_version="x")
    res.rows.append(BenchRow(runtime="eager", batch=1, median_s=0.001, runs=3))
    page = bench_view.bench_html(res)
    assert 'd2s_lab[bench]' in page and "<img" not in page and "median ms" in page
