"""A fresh kernel that loads d2s_lab shows students no red stderr box: not Paddle's
import-time ccache warning, not glog's INFO lines from the first SOT run."""
import os

import pytest

CELLS = [
    "%load_ext d2s_lab",
    "import paddle",
    '%%to_static --input "x: [None,4] float32"\nimport paddle\nnet = paddle.nn.Linear(4, 2)',
    '%%to_static --mode sot --input "x: [None,4] float32"\nimport paddle\n'
    'def f(x):\n    y = x * 2\n    print("mid")\n    return y + 1',
]


def _stderr_of(kc, code, timeout=180):
    msg_id = kc.execute(code)
    errs = []
    while True:
        msg = kc.get_iopub_msg(timeout=timeout)
        if msg["parent_header"].get("msg_id") != msg_id:
            continue
        kind, content = msg["msg_type"], msg["content"]
        if kind == "stream" and content["name"] == "stderr":
            errs.append(content["text"])
        elif kind == "error":
            errs.append(content["ename"] + ": " + content["evalue"])
        elif kind == "status" and content["execution_state"] == "idle":
            return errs


@pytest.fixture
def student_kernel():
    from jupyter_client.manager import KernelManager

    # as a platform starts it: none of the test run's logging settings
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GLOG_", "FLAGS_"))}
    km = KernelManager(kernel_name="python3")
    km.start_kernel(env=env)
    kc = km.client()
    kc.start_channels()
    try:
        kc.wait_for_ready(timeout=120)
        yield kc
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def test_load_ext_then_paddle_and_both_modes_print_nothing_to_stderr(student_kernel):
    assert {code.splitlines()[0]: _stderr_of(student_kernel, code) for code in CELLS} == {
        code.splitlines()[0]: [] for code in CELLS}
