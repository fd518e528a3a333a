"""Running code in a real kernel from a test: one cell at a time, every output collected."""
import contextlib
import sys
import time


def assert_same_python(kc):
    """The "python3" kernel runs this interpreter's environment (jupyter_client puts
    sys.executable for the kernelspec's "python"), so it has this run's Paddle."""
    status, out = run_cell(kc, "import sys; print('PREFIX=' + sys.prefix)")
    assert status == "ok" and f"PREFIX={sys.prefix}" in out.splitlines(), (out, sys.prefix)


@contextlib.contextmanager
def d2s_kernel():
    """A fresh "python3" kernel of this run's interpreter with d2s_lab loaded; its client."""
    with d2s_kernel_and_manager() as (_, kc):
        yield kc


@contextlib.contextmanager
def d2s_kernel_and_manager():
    """:func:`d2s_kernel`, with its manager too (``km.interrupt_kernel()``): ``(km, kc)``."""
    from jupyter_client.manager import start_new_kernel

    km, kc = start_new_kernel(kernel_name="python3", startup_timeout=180)
    try:
        assert_same_python(kc)
        status, out = run_cell(kc, "%load_ext d2s_lab")
        assert status == "ok", out
        yield km, kc
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def run_cell(kc, code, timeout=120, on_start=None, updates=False, messages=None):
    """Execute ``code``; return (status, text of every output). With ``updates``, what
    changes a shown output is collected too: an ``update_display_data``'s text, and a
    widget's new ``value`` (a progress line's label). ``messages``: a list that gets every
    iopub message of the cell, as sent (display updates included)."""
    msg_id = kc.execute(code)
    texts, status, deadline = [], None, time.time() + timeout
    started = False
    streaming = False  # the last output was a stream: its next chunk continues it
    while time.time() < deadline:
        try:
            msg = kc.get_iopub_msg(timeout=1)
        except Exception:
            continue
        if msg["parent_header"].get("msg_id") != msg_id:
            continue
        kind, content = msg["msg_type"], msg["content"]
        if messages is not None:
            messages.append(msg)
        if kind == "status" and content["execution_state"] == "busy" and on_start and not started:
            started = True
            on_start()
        if kind in ("display_data", "execute_result"):
            texts.append(content["data"].get("text/html", "") + content["data"].get("text/plain", ""))
        elif kind == "stream":  # a print may come in several chunks: one text, as printed
            if streaming:
                texts[-1] += content["text"]
            else:
                texts.append(content["text"])
        elif kind == "error":
            texts.append("\n".join(content["traceback"]))
        elif updates and kind == "update_display_data":
            texts.append(content["data"].get("text/html", "") + content["data"].get("text/plain", ""))
        elif updates and kind == "comm_msg":
            value = content.get("data", {}).get("state", {}).get("value")
            if isinstance(value, str) and value:
                texts.append(value)
        if kind in ("display_data", "execute_result", "stream", "error", "update_display_data", "comm_msg"):
            streaming = kind == "stream"
        if kind == "status" and content["execution_state"] == "idle":
            break
    reply = kc.get_shell_msg(timeout=timeout)
    while reply["parent_header"].get("msg_id") != msg_id:  # a late reply to an earlier request
        reply = kc.get_shell_msg(timeout=timeout)
    status = reply["content"]["status"]
    return status, "\n".join(texts)
