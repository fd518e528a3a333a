"""``%%d2s_watch`` runs its cell as a cell, in a real kernel: the last expression's value
is the cell's ``Out[N]`` at its own prompt number (none after ``;``); a cell that raises
shows the report of what was recorded, then fails as a cell fails (status ``error``, the
user's own traceback: "Run all" stops there); an Interrupt during the watched loop stops
the cell as usual and still shows what was recorded."""
import base64
import io
import re
import time
import textwrap

import pytest
from PIL import Image

from kernels import d2s_kernel_and_manager, run_cell

_ANSI = re.compile(r"\x1b\[[0-9;]*m")

SETUP = textwrap.dedent("""\
    import paddle
    @paddle.jit.to_static
    def step(x, lr):
        return x * lr + 1
    def check(y, k):
        if k == 2:
            raise ValueError(f"bad step {k}")
    x = paddle.ones([2, 3])
""")

pytestmark = pytest.mark.slow  # each test drives a real kernel


@pytest.fixture(scope="module")
def kernel():
    with d2s_kernel_and_manager() as (km, kc):
        status, out = run_cell(kc, SETUP, timeout=180)
        assert status == "ok", out
        yield km, kc


def test_the_last_value_is_the_cells_own_out(kernel):
    _, kc = kernel
    status, out = run_cell(kc, "%%d2s_watch --as w1\ny = step(x, 0.5)\nfloat(y.sum())", timeout=180)
    assert status == "ok" and "Traceback" not in out, out
    assert "Watched 1 converted function" in out and out.rstrip().endswith("9.0"), out
    # the value is Out[N] at the watched cell's own prompt number, and _ holds it
    status, out = run_cell(kc, "n = len(In) - 2\nprint('out', n, Out.get(n), _, n == max(Out))")
    assert status == "ok" and re.search(r"out [1-9]\d* 9\.0 9\.0 True", out), out
    status, out = run_cell(kc, "%%d2s_watch --as w2\nstep(x, 0.5).shape;")
    assert status == "ok" and "Watched 1 converted function" in out and "[2, 3]" not in out, out


def test_a_cell_that_raises_shows_the_report_then_fails_as_a_cell(kernel):
    _, kc = kernel
    status, out = run_cell(kc, "%%d2s_watch --as w3\nfor k in range(5):\n    y = step(x, 0.5)\n    check(y, k)\n"
                               "print('not' + ' reached')", timeout=180)
    out = _ANSI.sub("", out)
    assert status == "error", out
    assert "not reached" not in out and "ValueError: bad step 2" in out, out
    # the report of the three calls made comes first, then the user's traceback with its lines
    assert out.index("Watched 1 converted function(s) over 3 call(s)") < out.index("ValueError"), out
    assert "----> 4     check(y, k)" in out and 'raise ValueError(f"bad step {k}")' in out, out
    assert "d2s_lab" not in out.split("Traceback", 1)[1], out  # no d2s_lab frame shown
    status, out = run_cell(kc, "print(w3.function('step').calls)")
    assert status == "ok" and out.strip() == "3", out


def test_an_interrupt_stops_the_cell_and_shows_what_was_recorded(kernel, tmp_path):
    km, kc = kernel
    flag = tmp_path / "running"

    def interrupt_once_running():
        deadline = time.time() + 120
        while not flag.exists() and time.time() < deadline:
            time.sleep(0.05)
        km.interrupt_kernel()

    cell = textwrap.dedent(f"""\
        %%d2s_watch --as w4
        import pathlib
        i = 0
        while True:
            y = step(x, 0.5)
            i += 1
            if i == 3:
                pathlib.Path({str(flag)!r}).write_text("running")
    """)
    status, out = run_cell(kc, cell, timeout=180, on_start=interrupt_once_running)
    out = _ANSI.sub("", out)
    assert flag.exists() and status == "error" and "KeyboardInterrupt" in out, out
    assert out.index("Watched 1 converted function") < out.index("KeyboardInterrupt"), out
    # every call made was recorded (the Interrupt may land between a call and i += 1)
    status, out = run_cell(kc, "print(w4.function('step').calls >= 3, w4.function('step').calls - i in (0, 1))")
    assert status == "ok" and out.strip() == "True True", out


def test_a_long_cell_shows_a_live_status_then_the_report(kernel):
    _, kc = kernel
    # cheap calls for a little over a second: the status shows once a second has passed
    cell = ("%%d2s_watch --as w5\nimport time\nt0 = time.perf_counter()\nn = 0\n"
            "while time.perf_counter() - t0 < 2.5 or n < 3:\n    step(x, 0.5)\n    n += 1\n")
    messages = []
    status, out = run_cell(kc, cell, timeout=180, messages=messages)
    assert status == "ok", out
    shown = [(m["msg_type"], m["content"]) for m in messages
             if m["msg_type"] in ("display_data", "update_display_data", "execute_result")]
    first_kind, first = shown[0]
    assert first_kind == "display_data", shown
    display_id = first["transient"]["display_id"]
    assert "Watching… " in first["data"]["text/html"] and "d2s-watch-status" in first["data"]["text/html"], first
    updates = [c for k, c in shown if k == "update_display_data"]
    assert updates and all(c["transient"]["display_id"] == display_id for c in updates), shown
    # at most one a second: the run lasted under ten seconds
    assert len(updates) <= 10, len(updates)
    # the status is cleared, and the last output is the report (not a wall of status lines)
    assert updates[-1]["data"] == {"text/plain": ""}, updates[-1]
    last_kind, last = shown[-1]
    assert last_kind == "display_data" and "Watched 1 converted function" in last["data"]["text/html"], shown[-1]
    assert sum(1 for k, _ in shown if k == "display_data") == 3, shown
    # just before the report, the timeline as a picture (an untrusted notebook drops inline SVG)
    kind, twin = shown[-2]
    assert kind == "display_data" and "d2s-has-twin" in last["data"]["text/html"], shown[-2]
    with Image.open(io.BytesIO(base64.b64decode(twin["data"]["image/png"]))) as im:
        assert 800 <= im.width <= 2000 and 60 <= im.height <= 400, im.size
        assert twin["metadata"]["image/png"]["width"] == im.width // 2
        drawn = sum(n for n, rgb in im.convert("RGB").getcolors(1 << 16) if rgb != (255, 255, 255))
    assert drawn > 2000, drawn  # the step's row, its marks, the time bars


def test_a_top_level_await_is_said_in_one_line_and_python_watches_it(kernel):
    _, kc = kernel
    status, out = run_cell(kc, "%%d2s_watch\nimport asyncio\nawait asyncio.sleep(0)\nprint('ran')")
    assert status == "ok" and "Traceback" not in out and "ran" not in out, out
    assert "top-level `await`" in out and "with d2s_lab.watch() as w:" in out, out
    # what the message offers: a plain cell, whose await IPython runs
    status, out = run_cell(kc, "import asyncio, d2s_lab\nwith d2s_lab.watch() as w:\n    await asyncio.sleep(0)\n"
                               "    step(x, 0.5)\nprint('calls', w.report().function('step').calls)")
    assert status == "ok" and "calls 1" in out, out
