"""A first static run that never ends: the kernel's Interrupt and the time budget both
bring the cell back, with the conversion and the notebook's variables kept."""
import time

import pytest

from kernels import assert_same_python, run_cell

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


@pytest.mark.slow
def test_interrupt_stops_the_wait_and_keeps_the_conversion(kernel):
    km, kc = kernel
    assert run_cell(kc, "%load_ext d2s_lab")[0] == "ok"
    t0 = time.time()
    status, out = run_cell(kc, SPIN.format(budget=300), on_start=lambda: (time.sleep(6), km.interrupt_kernel()))
    assert time.time() - t0 < 60
    assert status == "ok", out[-2000:]
    assert "was interrupted" in out and "while loop" in out and "Traceback" not in out
    status, out = run_cell(kc, "print(kept, _d2s.drawn_graph.num_ops() > 0, type(_d2s.error).__name__)")
    assert status == "ok" and "42 True ConversionError" in out
    # Paddle still works in this kernel
    status, out = run_cell(kc, "print(float((paddle.ones([2]) * 3).sum()))")
    assert "6.0" in out


@pytest.mark.slow
def test_time_budget_ends_the_wait(kernel):
    km, kc = kernel
    run_cell(kc, "%load_ext d2s_lab")
    t0 = time.time()
    status, out = run_cell(kc, SPIN.format(budget=2))
    assert status == "ok" and time.time() - t0 < 40
    assert "did not finish within 2 s" in out and "line 5" in out  # the cell's while line
