"""Every d2s-lab command, as a user runs it: through the installed console script in a fresh
process for the end-to-end runs (help, a report, a failing model, `show` without Paddle),
and through ``d2s_lab.cli.main`` in this process for the rest, which is what the script
calls (the same arguments, exit codes, standard output and error)."""
import contextlib
import io
import json
import os
import platform
import re
import subprocess
import sys

import pytest

import paths
from versions import PADDLE_VERSION, PIR, PROGRAM_SUFFIX, full_op

ROOT = paths.ROOT
ENV = paths.child_env()
SEED = ["d2s_lab.teaching.examples:EmbeddingNet", "--input", "x: [None,3,32,32] float32"]
SCRIPT = os.path.join(os.path.dirname(sys.executable), "d2s-lab")

BAD_MODULE = '''
import paddle

class Bad(paddle.nn.Layer):
    """<script>alert("doc")</script>"""
    def __init__(self):
        super().__init__()
        self.fc = paddle.nn.Linear(4, 4)

    def forward(self, x):
        y = self.fc(x)
        return paddle.matmul(y, paddle.ones([5, 3]))  # <script>alert(1)</script>
'''


def cli(*args, cwd=None, timeout=300):
    """Run the installed console script when present (pip install -e .), else the module."""
    cmd = [SCRIPT] if os.path.exists(SCRIPT) else [sys.executable, "-m", "d2s_lab.cli"]
    return subprocess.run(cmd + [str(a) for a in args], capture_output=True, text=True, env=ENV,
                          cwd=cwd or ROOT, timeout=timeout)


def run(*args):
    """``d2s_lab.cli.main`` with these arguments, here: (returncode, stdout, stderr) as the
    script gives them (argparse's exit included)."""
    from d2s_lab.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main([str(a) for a in args])
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
    return subprocess.CompletedProcess(list(args), code, out.getvalue(), err.getvalue())


@pytest.fixture(scope="module")
def saved_seed(tmp_path_factory):
    import paddle

    from d2s_lab.teaching.examples import EmbeddingNet

    prefix = str(tmp_path_factory.mktemp("cli") / "seed")
    net = EmbeddingNet()
    net.eval()
    paddle.jit.save(net, prefix, input_spec=[paddle.static.InputSpec([None, 3, 32, 32], "float32", "x")])
    return prefix


def test_help_for_every_command():
    r = cli("--help")
    assert r.returncode == 0 and all(c in r.stdout for c in ("graph", "steps", "show", "report", "bench"))
    for cmd, word in [("graph", "--input"), ("steps", "MODULE:FUNC"), ("show", "path"),
                      ("report", "--output"), ("bench", "--batch")]:
        r = run(cmd, "--help")
        assert r.returncode == 0 and word in r.stdout and f"d2s-lab {cmd}" in r.stdout, r.stderr
    r = cli()
    assert r.returncode == 2 and "COMMAND" in r.stderr


@pytest.mark.slow
def test_graph_svg_and_dot(tmp_path):
    out = tmp_path / "g.svg"
    r = run("graph", *SEED, "-o", out)
    assert r.returncode == 0, r.stderr
    svg = out.read_text()
    assert svg.lstrip().startswith("<?xml") or "<svg" in svg[:500]
    assert "conv1" in svg and "fc1" in svg
    r = run("graph", *SEED, "--depth", "all")
    assert r.returncode == 0 and r.stdout.lstrip().startswith("digraph") and "conv2d" in r.stdout
    r = run("graph", *SEED, "--lang", "zh", "-o", out)  # every command speaks --lang
    assert r.returncode == 0 and "已写入计算图" in r.stderr, (r.stdout, r.stderr)


@pytest.mark.slow
def test_steps_page_and_listing(tmp_path):
    out = tmp_path / "steps.html"
    r = run("steps", "d2s_lab.teaching.examples:EmbeddingNet", "-o", out)
    assert r.returncode == 0, r.stderr
    html = out.read_text()
    assert html.startswith("<!DOCTYPE html>") and "ReturnTransformer" in html and "<script" not in html
    r = run("steps", "d2s_lab.teaching.examples:EmbeddingNet")
    assert r.returncode == 0, r.stderr
    # one row per step, in order: index, transformer, whether it changed the code; the
    # rows that say "changed" are exactly the steps capture_steps says changed
    from d2s_lab.core.steps import capture_steps
    from d2s_lab.teaching.examples import EmbeddingNet

    steps = capture_steps(EmbeddingNet())
    rows = [ln.split(None, 2) for ln in r.stdout.splitlines() if ln.strip()]
    assert [(int(i), name) for i, name, _ in rows] == [(s.index, s.transformer) for s in steps]
    status = {name: st.strip() for _, name, st in rows}
    changed = {status[s.transformer] for s in steps[1:] if s.changed}
    unchanged = {status[s.transformer] for s in steps[1:] if not s.changed}
    assert len(changed) == len(unchanged) == 1 and changed != unchanged
    assert steps[[s.transformer for s in steps].index("Return")].changed


def test_show_saved_model(tmp_path, saved_seed):
    r = run("show", saved_seed + PROGRAM_SUFFIX)
    assert r.returncode == 0, r.stderr
    n_ops = 33 if PIR else 21  # PIR: parameter and constant ops; legacy: feed, scale, fetch
    assert f"{n_ops} ops" in r.stdout and full_op("conv2d") in r.stdout
    assert "[N, 32, 15, 15]" in r.stdout
    out = tmp_path / "model.svg"
    r = run("show", saved_seed, "-o", out)
    assert r.returncode == 0 and "<svg" in out.read_text(), r.stderr
    out = tmp_path / "model.html"
    r = run("show", saved_seed + ".pdiparams", "-o", out)
    page = out.read_text()
    assert r.returncode == 0 and page.startswith("<!DOCTYPE html>"), r.stderr
    # the .pdiparams led to its program (named, drawn) beside the parameters file
    assert "seed" + PROGRAM_SUFFIX in page and "seed.pdiparams" in page and "<svg" in page
    # `show` needs no Paddle at all
    code = ("import sys; sys.modules['paddle'] = None; from d2s_lab.cli import main; "
            f"sys.exit(main(['show', {saved_seed + PROGRAM_SUFFIX!r}, '-o', {str(tmp_path / 'np.svg')!r}]))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=ENV, timeout=120)
    assert r.returncode == 0 and "<svg" in (tmp_path / "np.svg").read_text(), r.stderr
    bad = tmp_path / "bad.json"
    bad.write_text('{"base_code": {"magic": "pir"}, "program": {"regions": [{"blocks": [')
    r = run("show", bad)
    assert r.returncode == 1 and str(bad) in r.stderr  # the error names the file
    with pytest.raises(ValueError) as bad_json:
        json.loads(bad.read_text())
    assert f"char {bad_json.value.pos}" in r.stderr  # and where the JSON breaks off
    assert "Traceback" not in r.stderr and r.stdout == ""


def _offline(html):
    for pattern in (r"<script", r"<link", r"@import", r"url\(\s*['\"]?https?:",
                    r"(src|href)\s*=\s*['\"]?(https?:)?//"):
        assert not re.search(pattern, html, re.I), pattern


def test_report_self_contained(tmp_path):
    out = tmp_path / "report.html"
    r = cli("report", *SEED, "-o", out)
    assert r.returncode == 0, r.stderr
    html = out.read_text()
    _offline(html)
    import d2s_lab

    for needle in (platform.python_version(), "PaddlePaddle", PADDLE_VERSION, d2s_lab.__version__,
                   "ReturnTransformer", "<svg", "conv2d", "_jst.Call"):
        assert needle in html, needle
    # original and transformed source side by side, each line numbered
    assert len(re.findall(r'<table class="d2s-diff"', html)) >= 1
    assert re.search(r'<td class="d2s-ln">\d+</td><td class="d2s-code"[^>]*>', html)


def test_report_on_the_default_path_draws_the_run_before_the_source(tmp_path):
    """--mode sot (Paddle 3's default): no Program, so the page draws the run as Paddle
    made it, with its SOT section, before the source that its words point back to; still
    one static file."""
    out = tmp_path / "report.html"
    r = cli("report", *SEED, "--mode", "sot", "-o", out)
    assert r.returncode == 0, r.stderr
    html = out.read_text()
    _offline(html)
    assert "<svg" in html and "Inside SOT" in html
    assert html.index("Inside SOT") < html.index(">Source<") < html.index("SOT section above")


def test_report_of_failing_model(tmp_path):
    (tmp_path / "badmodel.py").write_text(BAD_MODULE)
    out = tmp_path / "r.html"
    r = cli("report", "badmodel.py:Bad", "--input", "x: [None, 4] float32", "-o", out, cwd=tmp_path)
    bad_line = next(i for i, ln in enumerate(BAD_MODULE.splitlines(), 1) if "paddle.matmul" in ln)
    assert r.returncode == 1 and f"badmodel.py line {bad_line}" in r.stderr, r.stderr
    assert "Traceback" not in r.stderr
    html = out.read_text()
    _offline(html)
    # one error report, with Paddle's text in a toggle
    assert len(re.findall(r'<div class="d2s-error"[ >]', html)) == 1 and "matmul" in html
    assert len(re.findall(r'<pre class="d2s-tb">', html)) == 1
    assert "badmodel.py" in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html and "<script>alert" not in html


@pytest.mark.slow
def test_bench_command(tmp_path):
    out = tmp_path / "chart.png"
    r = run("bench", "d2s_lab.teaching.examples:EmbeddingNet", "--input", "x: [None,3,32,32] float32",
            "--batch", "2", "--repeat", "2", "--min-time", "0",
            "--runtimes", "to_static,predictor", "-o", out)
    assert r.returncode == 0, r.stderr
    # one timed row per runtime asked for (eager always), at batch 2
    from d2s_lab.core.bench.result import runtime_label

    for runtime in ("eager", "to_static", "predictor"):
        row = re.search(rf"^{re.escape(runtime_label(runtime))}\s+(\d+)\s+([\d.]+)\s", r.stdout, re.M)
        assert row, (runtime, r.stdout)
        assert int(row.group(1)) == 2 and float(row.group(2)) > 0
    assert out.read_bytes()[:4] == b"\x89PNG"
    r = run("bench", "d2s_lab.teaching.examples:EmbeddingNet", "--batch", "x")
    assert r.returncode == 1 and "--batch x" in r.stderr and "Traceback" not in r.stderr


@pytest.mark.slow
def test_bad_targets():
    r = run("graph", "no_such_module_xyz:Net", "--input", "[None, 4]")
    assert r.returncode == 1 and "no_such_module_xyz" in r.stderr and "Traceback" not in r.stderr
    r = run("graph", "d2s_lab.teaching.examples:Nope", "--input", "[None, 4]")
    # names the missing object and lists what the module does define
    assert r.returncode == 1 and "Nope" in r.stderr and "EmbeddingNet" in r.stderr
    r = run("graph", "d2s_lab.teaching.examples")
    assert r.returncode == 1 and "MODULE:OBJ" in r.stderr
    r = run("graph", "d2s_lab.teaching.examples:EmbeddingNet")
    assert r.returncode == 1 and "--input" in r.stderr and "Traceback" not in r.stderr


def test_labs_only_that_matches_nothing_lists_the_labs(tmp_path, capsys):
    from d2s_lab.cli import main

    assert main(["labs", "--only", "99", "--out", str(tmp_path / "labs")]) == 1
    err = capsys.readouterr().err
    assert "No lab matched --only" in err and "01_input_spec" in err and "08_where_time_goes" in err, err


def test_show_to_a_file_it_cannot_write_names_every_kind(tmp_path, capsys):
    from d2s_lab.cli import main

    import d2s_lab
    from d2s_lab.teaching.examples import EmbeddingNet

    d2s_lab.convert(EmbeddingNet(), ["x: [None,3,32,32] float32"], mode="ast").save(str(tmp_path / "m" / "net"))
    assert main(["show", str(tmp_path / "m" / "net"), "-o", str(tmp_path / "x.txt")]) == 1
    assert ".html (the whole view), .svg, .png or .dot" in capsys.readouterr().err
