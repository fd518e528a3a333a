"""cell[N] in what d2s_lab shows equals the prompt the user sees, in a real kernel
(what JupyterLab, Notebook 7 and nbclient run) and in IPython's own shell."""
import re
import time

import pytest

from kernels import assert_same_python, run_cell


FAIL = '%%to_static --input "x: [None, 4]"\nimport paddle\ndef f(x):\n    return x.reshape([3, 7])\n'


@pytest.fixture
def kernel():
    from jupyter_client.manager import start_new_kernel

    km, kc = start_new_kernel(kernel_name="python3", startup_timeout=120)
    try:
        assert_same_python(kc)
        yield kc
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def _prompt_and_cells(kc, code):
    msg_id = kc.execute(code)
    reply = kc.get_shell_msg(timeout=180)
    while reply["parent_header"].get("msg_id") != msg_id:  # a late reply to an earlier request
        reply = kc.get_shell_msg(timeout=180)
    prompt = reply["content"]["execution_count"]
    texts, deadline = [], time.time() + 30
    while time.time() < deadline:
        try:
            m = kc.get_iopub_msg(timeout=1)
        except Exception:
            break
        if m["parent_header"].get("msg_id") == msg_id and m["msg_type"] == "display_data":
            texts.append(m["content"]["data"].get("text/html", ""))
        if m["parent_header"].get("msg_id") == msg_id and m["msg_type"] == "status" \
                and m["content"]["execution_state"] == "idle":
            break
    return prompt, sorted(set(re.findall(r"cell\[(\d+)\]", "".join(texts))))


def test_cell_numbers_equal_the_prompt_in_a_kernel(kernel):
    run_cell(kernel, "%load_ext d2s_lab")
    for _ in range(2):
        run_cell(kernel, "x = 1")
    seen = []
    for _ in range(3):  # several prompts, and re-runs of the same cell
        prompt, cells = _prompt_and_cells(kernel, FAIL)
        seen.append(prompt)
        assert cells == [str(prompt)], (prompt, cells)
    assert len(set(seen)) == 3


def test_cell_numbers_equal_the_prompt_in_ipython(shell):
    shell.ip.run_cell("a = 1", store_history=True)
    with_history = shell.ip.run_cell  # as the terminal runs cells: with history
    from IPython.utils.capture import capture_output

    with capture_output() as cap:
        with_history(FAIL, store_history=True)
    prompt = len(shell.ns["In"]) - 1
    html = "".join(o.data.get("text/html", "") for o in cap.outputs)
    assert sorted(set(re.findall(r"cell\[(\d+)\]", html))) == [str(prompt)]


def test_a_function_defined_again_elsewhere_has_its_own_lines(shell, paddle):
    """Paddle reuses the transformed code of a function with the same text, lines
    included; d2s_lab transforms one defined elsewhere (a cell run again further down)
    afresh, and keeps Paddle's reuse for the same function converted again."""
    import d2s_lab

    spec = [paddle.static.InputSpec([None, 4], "float32", "x")]
    body = "import paddle\ndef f(x):\n    return paddle.tanh(x) * 2\n"
    lines = []
    for cell in (body, "# again\n#\n#\n" + body, "# again\n#\n#\n" + body):
        shell.ip.run_cell(cell, store_history=True)
        conv = d2s_lab.convert(shell.ns["f"], spec, mode="ast")
        tanh = next(op for op in conv.drawn_graph.iter_ops() if op.short_name == "tanh")
        lines.append((tanh.source.file, tanh.source.line))
    assert lines[0][1] == 3 and lines[1][1] == 6 and lines[2][1] == 6
    assert len({f for f, _ in lines}) == 3  # three cells, each its own
    from paddle.jit.dy2static import program_translator as pt
    from paddle.jit.dy2static.utils import func_to_source_code

    asts = pt._FUNCTION_CACHE._code_to_ast_caches
    made = asts[func_to_source_code(shell.ns["f"])]
    d2s_lab.convert(shell.ns["f"], spec, mode="ast")  # the same function again: Paddle's own reuse
    assert asts[func_to_source_code(shell.ns["f"])] is made
