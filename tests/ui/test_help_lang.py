"""Help in the chosen language: ``%%to_static --help`` and ``-h`` (in a real kernel: the
help is printed, the cell is not run), ``%%to_static?`` (what Jupyter's inspector shows)
after ``%d2s_lang zh``, and ``d2s-lab --help`` / ``d2s-lab graph --help --lang zh``; and
d2s_lab's errors from a cell's own API calls, shown as one box in the chosen language
(the cell still fails) while the extension is loaded, and as IPython shows them after."""
import re
import subprocess
import sys

import pytest

from kernels import d2s_kernel, run_cell
from paths import ROOT, child_env

CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture(scope="module")
def kernel(paddle):
    with d2s_kernel() as kc:
        yield kc


def _inspect(kc, code: str) -> str:
    msg_id = kc.inspect(code, len(code), detail_level=0)
    while True:
        reply = kc.get_shell_msg(timeout=60)
        if reply["parent_header"].get("msg_id") == msg_id:
            return reply["content"].get("data", {}).get("text/plain", "")


@pytest.mark.slow
def test_magic_help_follows_the_language(kernel):
    status, out = run_cell(kernel, '%%to_static --help --lang zh\nnever_ran = 1')
    assert status == "ok", out
    assert "运行单元格，用 paddle.jit.to_static 转换其中的模型" in out or len(CJK.findall(out)) > 200, out[:500]
    assert "%%to_static [--model MODEL]" in out and "选项" in out and "--depth" in out
    assert run_cell(kernel, "print('never_ran' in dir())")[1].strip().endswith("False")  # the cell did not run
    status, out = run_cell(kernel, "%d2s_graph -h")
    assert status == "ok" and "Draw the Program" in out and "options:" in out and not CJK.search(out), out[:500]
    # %%to_static? in Jupyter's inspector, after %d2s_lang zh, and back
    assert "Run the cell" in _inspect(kernel, "%%to_static")
    run_cell(kernel, "%d2s_lang zh")
    shown = _inspect(kernel, "%%to_static")
    assert len(CJK.findall(shown)) > 200 and "--input" in shown and "Run the cell" not in shown, shown[:500]
    assert len(CJK.findall(_inspect(kernel, "%d2s_steps"))) > 50
    run_cell(kernel, "%d2s_lang en")
    assert "Run the cell" in _inspect(kernel, "%%to_static")


def _cli(*args, lang=None):
    env = child_env()
    env.pop("D2S_LANG", None)
    if lang:
        env["D2S_LANG"] = lang
    proc = subprocess.run([sys.executable, "-m", "d2s_lab.cli", *args], capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=120)
    return proc.returncode, proc.stdout + proc.stderr


def test_command_line_help_follows_the_language():
    rc, out = _cli("--help", lang="zh")
    assert rc == 0 and "在终端中查看" in out and "显示此帮助信息并退出" in out, out
    rc, out = _cli("graph", "--help", "--lang", "zh")
    assert rc == 0 and "位置参数" in out and "计算图的布局方向" in out, out
    rc, out = _cli("graph", "--help", lang="en")
    assert rc == 0 and "Graph layout direction" in out and not CJK.search(out.replace("简体中文", "")), out


BAD_CALL = "d2s_lab.read_saved('/no/such/<b>model.json')"


@pytest.mark.slow
def test_an_api_call_with_bad_input_is_one_box_in_the_language_and_the_cell_fails(kernel):
    # what IPython had before the extension: put back exactly by %unload_ext
    run_cell(kernel, "%unload_ext d2s_lab")
    assert run_cell(kernel, "import d2s_lab, sys\nip = get_ipython()\n"
                            "before = (ip.custom_exceptions, ip.CustomTB)\n%load_ext d2s_lab")[0] == "ok"
    status, out = run_cell(kernel, BAD_CALL)
    assert status == "error" and "Traceback" not in out and "File " not in out, out
    assert out.count('class="d2s-error"') == 1 and "&lt;b&gt;model.json: no such program file." in out, out
    assert "Give the path of a saved model" in out and "SavedModelError: the cell stopped" in out, out
    assert "/no/such/<b>model.json: no such program file." in out, out  # the plain-text twin
    assert run_cell(kernel, "print(type(sys.last_value).__name__)")[1].strip() == "SavedModelError"
    # raised inside the user's own function: the same box, naming it
    status, out = run_cell(kernel, f"def mine():\n    return {BAD_CALL}\nmine()")
    assert status == "error" and "Traceback" not in out and "Raised inside your function mine (cell[" in out, out
    run_cell(kernel, "%d2s_lang zh")
    status, out = run_cell(kernel, BAD_CALL)
    run_cell(kernel, "%d2s_lang en")
    assert status == "error" and "Traceback" not in out and out.count('class="d2s-error"') == 1, out
    assert "没有这个程序文件" in out and "单元格在一次 d2s_lab 调用处停止" in out, out
    # a conversion Paddle cannot do: the explained report of %%to_static, Paddle's text folded
    status, out = run_cell(kernel, "import paddle\ndef g(x):\n    return 1 / 0\n"
                                   "d2s_lab.convert(g, ['x: [None, 4] float32'], mode='ast')")
    assert status == "error" and "ConversionError: the cell stopped" in out, out
    assert out.count('class="d2s-error"') == 1 and "sys.last_value.conversion" in out, out
    assert "Traceback" not in out.replace(out[out.index("<details>"):out.rindex("</details>")], ""), out
    assert "return 1 / 0" in out and "ZeroDivisionError" in out, out
    # any other exception keeps IPython's traceback
    status, out = run_cell(kernel, "raise ValueError('plain one')")
    assert status == "error" and "Traceback" in out and "plain one" in out and "d2s-error" not in out, out
    # %unload_ext puts back what was there: IPython's traceback again
    run_cell(kernel, "%unload_ext d2s_lab")
    status, out = run_cell(kernel, "print(before[0] is ip.custom_exceptions and before[1] is ip.CustomTB)")
    assert out.strip() == "True", out
    status, out = run_cell(kernel, BAD_CALL)
    assert status == "error" and "Traceback" in out and "d2s-error" not in out, out
    # the user's own handler, set before: kept, and still theirs after unloading
    status, out = run_cell(kernel, "ip.set_custom_exc((d2s_lab.D2SError,), lambda sh, et, ev, tb, tb_offset=None: "
                                   "print('MINE', et.__name__))\nmine_tb = ip.CustomTB\n%load_ext d2s_lab")
    assert status == "ok", out
    status, out = run_cell(kernel, BAD_CALL)
    assert status == "error" and "MINE SavedModelError" in out and "d2s-error" not in out, out
    run_cell(kernel, "%unload_ext d2s_lab")
    status, out = run_cell(kernel, "print(ip.CustomTB is mine_tb)\nip.set_custom_exc((), None)\n%load_ext d2s_lab")
    assert status == "ok" and out.strip() == "True", out
