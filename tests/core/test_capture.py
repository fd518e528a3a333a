"""What a conversion prints is caught: Paddle's native log lines (C++, file descriptor 2)
and warnings go to ``conv.paddle_log``, the user's prints while tracing to
``conv.traced_prints``; none of it reaches the cell's own stderr."""
import json
import re
import os
import subprocess
import sys
import textwrap
import warnings

import d2s_lab
from d2s_lab.core.capture import captured
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
