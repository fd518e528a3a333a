"""What a conversion prints is caught: Paddle's native log lines (C++, file descriptor 2)
and warnings go to ``conv.paddle_log``, the user's prints while tracing to
``conv.traced_prints``; none of it reaches the cell's own stderr."""
import json
import re
import os
import subprocess
import sys
import textwrap
import time
import warnings

import pytest

import d2s_lab
from d2s_lab.core.capture import captured
from support.kernels import run_cell
from versions import PIR


def test_captured_takes_fd_output_prints_and_warnings():
    with captured() as out:
        os.write(2, b"W native line from C\n")
        os.write(1, b"native stdout\n")
        print("a print")
        warnings.warn("careful", UserWarning, stacklevel=1)
    assert "W native line from C" in out.native and "native stdout" in out.native
    assert out.printed == "a print\n"
    assert out.warnings == ["UserWarning: careful"]
    assert "UserWarning: careful" in out.log


def test_conversion_keeps_prints_and_paddle_log_out_of_the_stream(tmp_path):
    script = tmp_path / "conv.py"
    script.write_text(textwrap.dedent('''
        import json, d2s_lab
        def f(x):
            print("tracing f")
            return x.reshape([3, 7])
        try:
            d2s_lab.convert(f, ["x: [None, 4]"])
        except d2s_lab.D2SError as e:
            c = e.conversion
        sot = d2s_lab.convert(f, example_inputs=[__import__("paddle").ones([3, 7])], mode="sot")
        print(json.dumps({"log": c.paddle_log, "prints": c.traced_prints, "sot_log": sot.paddle_log}))
    '''))
    env = {k: v for k, v in os.environ.items() if not k.startswith("GLOG")}
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    data = json.loads(out.stdout.strip().splitlines()[-1])
    if PIR:
        assert "pd_op.reshape" in data["log"]  # Paddle's executor warning, kept
        assert "pir_interpreter" not in out.stderr  # ... and not spilled
    else:  # Paddle 2.6's legacy executor logs that it starts, and nothing about reshape
        assert "New Executor is Running" in data["log"]
        assert "program_interpreter" not in out.stderr
    assert data["prints"].count("tracing f") >= 1 and len(out.stdout.strip().splitlines()) == 1
    assert "don't support input_spec" not in data["sot_log"]  # SOT gets no input_spec


def test_prints_shown_once_labelled_in_the_report(shell):
    res, htmls, out = shell.run('%%to_static --input "[None, 4]"\nimport paddle\n'
                                'def f(x):\n    print("inside forward")\n    return x + 1\n')
    report = next(h for h in htmls if "d2s-summary" in h)
    assert "inside forward" not in out
    (traced,) = re.findall(r'<div class="d2s-log d2s-traced">.*?</div>', report, re.S)
    assert traced.count("inside forward") == 1
    assert d2s_lab.Conversion is type(shell.ns["_d2s"])


# -- a process that ends inside a captured block ---------------------------------------

_ABORTS = '''
import os, sys
from d2s_lab.core.capture import captured
with captured(sys.argv[1]):
    os.write(2, b"F1129 12:00:00.000 native.cc:12] Check failed: a line from C before the end\\n")
    os.abort()
'''


def _aborted_in_capture(folder, what: str) -> int:
    """A fresh interpreter that aborts inside ``captured(what)``: its pid."""
    proc = subprocess.Popen([sys.executable, "-c", _ABORTS, what], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env={**os.environ, "D2S_CAPTURE_DIR": str(folder)})
    out, err = proc.communicate(timeout=120)
    assert proc.returncode < 0 and b"Check failed" not in err, err[-2000:]  # aborted; its line went to the capture
    return proc.pid


def test_a_process_that_aborts_in_a_capture_leaves_its_last_lines_said_once(tmp_path, monkeypatch):
    """A real abort() inside ``captured``: the capture stays behind, with what the block
    was doing and what native code printed; it is read once (then removed), in English
    and Chinese, escaped, and the capture of a running block (this process's) is left alone."""
    from d2s_lab.core import capture
    from d2s_lab.magics.common import ended_run_boxes

    monkeypatch.setenv("D2S_CAPTURE_DIR", str(tmp_path))
    pid = _aborted_in_capture(tmp_path, "convert net")
    with captured("convert mine"):
        assert len(os.listdir(tmp_path)) == 2
        runs = capture.ended_runs()
        assert [n.split("-")[1] for n in os.listdir(tmp_path)] == [str(os.getpid())]  # its own, still running
    assert os.listdir(tmp_path) == []
    (run,) = runs
    assert run.pid == pid and run.what == "convert net"
    assert run.native.endswith("Check failed: a line from C before the end")
    assert capture.ended_runs() == []  # said once
    _aborted_in_capture(tmp_path, "convert net")
    (en,) = ended_run_boxes("en")
    assert "while d2s_lab was converting net" in en and "Check failed: a line from C" in en and "<pre" in en
    assert ended_run_boxes("zh") == []
    _aborted_in_capture(tmp_path, "convert <b>x</b>")
    (zh,) = ended_run_boxes("zh")
    assert "转换 &lt;b&gt;x&lt;/b&gt;" in zh and "<b>x" not in zh and "本机代码" in zh


def test_the_next_cli_command_says_a_process_ended_converting(tmp_path, monkeypatch, capsys):
    """The CLI's conversions capture Paddle's output the same way: the next command says
    on standard error, once, which process ended converting and its last native lines."""
    from d2s_lab import cli

    monkeypatch.setenv("D2S_CAPTURE_DIR", str(tmp_path))
    pid = _aborted_in_capture(tmp_path, "convert net")
    assert cli.main(["labs", "--lang", "en", "--out", str(tmp_path / "labs")]) == 0
    err = capsys.readouterr().err
    assert f"Process {pid} (a kernel, or a d2s-lab command) ended at" in err and "converting net" in err, err
    assert "\n    F1129 12:00:00.000 native.cc:12] Check failed" in err and "Run it again" in err, err
    cli.main(["labs", "--lang", "en", "--out", str(tmp_path / "labs")])
    assert "ended at" not in capsys.readouterr().err


def test_a_forked_run_stopped_at_its_budget_leaves_no_capture(tmp_path, monkeypatch):
    """d2s_lab's own stop of a forked run (budget, Interrupt) is not a surprise end."""
    import time

    from d2s_lab.core import capture
    from d2s_lab.core.child_run import Stopped, result_from_child

    monkeypatch.setenv("D2S_CAPTURE_DIR", str(tmp_path))

    def forever():
        with captured("bench net to_static"):
            time.sleep(300)

    try:
        result_from_child(forever, 3.0)
    except Stopped:
        pass
    else:
        raise AssertionError("the budget did not stop the child")
    assert os.listdir(tmp_path) == [] and capture.ended_runs() == []


_ABORT_CELL = '''%%to_static --mode ast --input "x: [None, 4] float32"
import os
def f(x):
    os.write(2, b"F1129 trace.cc:7] Check failed: the last line before the end\\n")
    os.abort()
    return x + 1
'''


@pytest.mark.slow
def test_a_kernel_that_dies_converting_says_why_once_after_its_restart(tmp_path):
    """A conversion that ends the kernel (here the traced code aborts; Paddle's C++
    aborting is the same end): after the restart, ``%load_ext d2s_lab`` says which
    process ended, converting what, and the last native line, once (Chinese here;
    English in the test above)."""
    from jupyter_client.manager import start_new_kernel

    env = {**os.environ, "D2S_CAPTURE_DIR": str(tmp_path), "D2S_LANG": "zh"}
    km, kc = start_new_kernel(kernel_name="python3", startup_timeout=180, env=env)
    try:
        assert run_cell(kc, "%load_ext d2s_lab")[0] == "ok"
        status, out = run_cell(kc, "import os; print('PID', os.getpid())")
        pid = int(out.split("PID", 1)[1].split()[0])
        kc.execute(_ABORT_CELL)
        t0 = time.time()
        while km.is_alive() and time.time() - t0 < 300:
            time.sleep(0.2)
        assert not km.is_alive()
        km.restart_kernel(now=True)
        kc.wait_for_ready(timeout=180)
        status, out = run_cell(kc, "%load_ext d2s_lab")
        assert status == "ok" and out.count('class="d2s-error"') == 1, out[-2000:]
        assert f"进程 {pid}（" in out and "转换 f" in out, out[-2000:]
        assert "Check failed: the last line before the end" in out  # then Paddle's own signal report
        status, out = run_cell(kc, "%reload_ext d2s_lab")
        assert status == "ok" and "d2s-error" not in out and os.listdir(tmp_path) == []
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
