"""A first static run that never ends: the kernel's Interrupt and the time budget both
bring the cell back, with the conversion and the notebook's variables kept."""
import sys
import time

import pytest

SPIN = '''%%to_static --input "x: [None,4] float32" --run-timeout {budget}
import paddle
kept = 42
def spin(x):
    while x.sum() < 1e30:
        x = x + 1
    return x
'''


@pytest.fixture
def kernel():
    from jupyter_client.manager import start_new_kernel

    km, kc = start_new_kernel(kernel_name="python3", startup_timeout=120)
    try:
        assert_same_python(kc)
        yield km, kc
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def assert_same_python(kc):
    """The "python3" kernel runs this interpreter's environment (jupyter_client puts
    sys.executable for the kernelspec's "python"), so it has this run's Paddle."""
    status, out = _run(kc, "import sys; print('PREFIX=' + sys.prefix)")
    assert status == "ok" and f"PREFIX={sys.prefix}" in out.splitlines(), (out, sys.prefix)


def _run(kc, code, timeout=120, on_start=None):
    """Execute ``code``; return (status, text of every output)."""
    msg_id = kc.execute(code)
    texts, status, deadline = [], None, time.time() + timeout
    started = False
    while time.time() < deadline:
        try:
            msg = kc.get_iopub_msg(timeout=1)
        except Exception:
            continue
        if msg["parent_header"].get("msg_id") != msg_id:
            continue
        kind, content = msg["msg_type"], msg["content"]
        if kind == "status" and content["execution_state"] == "busy" and on_start and not started:
            started = True
            on_start()
        if kind in ("display_data", "execute_result"):
            texts.append(content["data"].get("text/html", "") + content["data"].get("text/plain", ""))
        elif kind == "stream":
            texts.append(content["text"])
        elif kind == "error":
            texts.append("\n".join(content["traceback"]))
        if kind == "status" and content["execution_state"] == "idle":
            break
    reply = kc.get_shell_msg(timeout=timeout)
    status = reply["content"]["status"]
    return status, "\n".join(texts)


def test_interrupt_stops_the_wait_and_keeps_the_conversion(kernel):
    km, kc = kernel
    assert _run(kc, "%load_ext d2s_lab")[0] == "ok"
    t0 = time.time()
    status, out = _run(kc, SPIN.format(budget=300), on_start=lambda: (time.sleep(6), km.interrupt_kernel()))
    assert time.time() - t0 < 60
    assert status == "ok", out[-2000:]
    assert "was interrupted" in out and "while loop" in out and "Traceback" not in out
    status, out = _run(kc, "print(kept, _d2s.ir.num_ops() > 0, type(_d2s.error).__name__)")
    assert status == "ok" and "42 True ConversionError" in out
    # Paddle still works in this kernel
    status, out = _run(kc, "print(float((paddle.ones([2]) * 3).sum()))")
    assert "6.0" in out


def test_time_budget_ends_the_wait(kernel):
    km, kc = kernel
    _run(kc, "%load_ext d2s_lab")
    t0 = time.time()
    status, out = _run(kc, SPIN.format(budget=2))
    assert status == "ok" and time.time() - t0 < 40
    assert "did not finish within 2 s" in out and "line 5" in out  # the cell's while line
