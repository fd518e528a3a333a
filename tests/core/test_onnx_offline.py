"""The ONNX Runtime column installs nothing: paddle2onnx's export (itself in a child
interpreter) runs with the network blocked for pip, in a fresh interpreter, and ``pip
freeze`` is the same after it; pip is
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

from d2s_lab.core.bench.runner import bench


class Tiny(nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 3)

    def forward(self, x):
        return paddle.nn.functional.relu(self.fc(x))


res = bench(Tiny(), batch=[2], input_spec="x: [None, 4] float32", runtimes=["eager", "onnxruntime"],
            repeat=2, min_time=0.0)
has_tool = "optimize_tool" in inspect.signature(paddle2onnx.export).parameters
print(json.dumps({"runtimes": list(res.runtimes), "skipped": res.skipped, "has_tool": has_tool,
                  "autoinstall": os.environ.get("POLYGRAPHY_AUTOINSTALL_DEPS")}))
"""
# Loaded by every interpreter of the test (the export's child included): records the
# keyword arguments paddle2onnx.export is called with.
RECORDER = r"""
import json, os
try:
    import paddle2onnx
except Exception:
    paddle2onnx = None
if paddle2onnx is not None and os.environ.get("D2S_EXPORT_CALLS"):
    _real = paddle2onnx.export

    def export(*args, **kw):
        with open(os.environ["D2S_EXPORT_CALLS"], "a") as fh:
            fh.write(json.dumps(sorted((k, str(v)) for k, v in kw.items())) + "\n")
        return _real(*args, **kw)

    paddle2onnx.export = export
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
    hook = tmp_path / "hook"
    hook.mkdir()
    (hook / "sitecustomize.py").write_text(RECORDER, encoding="utf-8")
    calls = tmp_path / "calls.jsonl"
    env.update(PYTHONPATH=os.pathsep.join(p for p in (str(hook), os.environ.get("PYTHONPATH", "")) if p),
               D2S_EXPORT_CALLS=str(calls))
    before = _freeze()
    script = tmp_path / "export_once.py"  # a file: to_static reads the Layer's source
    script.write_text(SCRIPT, encoding="utf-8")
    proc = subprocess.run([sys.executable, str(script)], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert "onnxruntime" in out["runtimes"], out["skipped"]
    recorded = [json.loads(line) for line in calls.read_text().splitlines()] if calls.exists() else []
    assert recorded, "paddle2onnx.export was not called"
    for kw in recorded:  # paddle2onnx 2.x: never its default, Polygraphy
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


ABORTING = r"""
import os, sys
__version__ = "0.0-stand-in"


def export(*args, **kwargs):
    print("[ERROR] Oops, there are some operators not supported yet, including pd_op.fancy_op,pd_op.other_op,",
          file=sys.stderr, flush=True)
    print("Due to the unsupported operators, the conversion is aborted.", file=sys.stderr, flush=True)
    os.abort()
"""


@pytest.mark.slow
def test_an_exporter_that_aborts_leaves_the_kernel_running(tmp_path):
    """paddle2onnx aborts the whole process on operators it does not support: a stand-in that
    does the same is called for %d2s_bench's ONNX row, and the kernel lives on, the row
    naming the operators."""
    pytest.importorskip("onnxruntime")
    from jupyter_client.manager import start_new_kernel

    from kernels import assert_same_python, run_cell

    fake = tmp_path / "fake"
    (fake / "paddle2onnx").mkdir(parents=True)
    (fake / "paddle2onnx" / "__init__.py").write_text(ABORTING, encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in (str(fake), os.environ.get("PYTHONPATH", "")) if p))
    km, kc = start_new_kernel(kernel_name="python3", startup_timeout=180, env=env)
    try:
        assert_same_python(kc)
        status, out = run_cell(kc, "import paddle2onnx; print(paddle2onnx.__version__)\n%load_ext d2s_lab")
        assert status == "ok" and "stand-in" in out, out
        cell = ('%%to_static --input "x: [None, 4] float32" --as tiny\nimport paddle\n'
                "net = paddle.nn.Linear(4, 3)\n")
        assert run_cell(kc, cell, timeout=300)[0] == "ok"
        status, out = run_cell(kc, "%d2s_bench tiny --batch 2 --runtimes eager,onnxruntime --repeat 2 --min-time 0",
                               timeout=600)
        assert status == "ok", out[-2000:]
        assert "pd_op.fancy_op" in out and "pd_op.other_op" in out, out[-3000:]
        status, out = run_cell(kc, "print('still here', 6 * 7)")
        assert status == "ok" and "still here 42" in out
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
