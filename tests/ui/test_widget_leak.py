"""Re-running a %%to_static cell replaces its output: the widgets the old output showed
are closed, so a kernel does not collect thousands of them over a lab session."""
import time

import pytest

CELL = '%%to_static --input "x: [None, 4]"\nimport paddle\ndef f(x):\n    return paddle.nn.functional.relu(x) * 2\n'


@pytest.fixture
def kernel():
    from jupyter_client.manager import start_new_kernel

    km, kc = start_new_kernel(kernel_name="python3", startup_timeout=120)
    try:
        yield kc
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def _execute(kc, code, cell_id):
    # as JupyterLab and Notebook 7 send it: the cell's id in the request's metadata
    content = dict(code=code, silent=False, store_history=True, user_expressions={},
                   allow_stdin=False, stop_on_error=True)
    msg = kc.session.msg("execute_request", content, metadata={"cellId": cell_id})
    kc.shell_channel.send(msg)
    msg_id = msg["header"]["msg_id"]
    texts = []
    deadline = time.time() + 180
    while time.time() < deadline:
        m = kc.get_iopub_msg(timeout=180)
        if m["parent_header"].get("msg_id") != msg_id:
            continue
        if m["msg_type"] == "stream":
            texts.append(m["content"]["text"])
        if m["msg_type"] == "status" and m["content"]["execution_state"] == "idle":
            break
    reply = kc.get_shell_msg(timeout=60)
    assert reply["content"]["status"] == "ok"
    return "".join(texts)


COUNT = "from ipywidgets.widgets import widget; print('WIDGETS', len(widget._instances))"


def _widgets(kc) -> int:
    out = _execute(kc, COUNT, "count")
    return int(out.split("WIDGETS")[1].split()[0])


@pytest.mark.slow
def test_rerunning_a_cell_closes_its_old_widgets(kernel):
    _execute(kernel, "%load_ext d2s_lab", "load")
    _execute(kernel, CELL, "cell-a")
    one_run = _widgets(kernel)
    assert one_run > 10  # the stepper is live
    for _ in range(20):
        _execute(kernel, CELL, "cell-a")
    assert _widgets(kernel) == one_run
    _execute(kernel, CELL, "cell-b")  # another cell keeps its own stepper
    assert _widgets(kernel) > one_run
