"""Help in the chosen language: ``%%to_static --help`` and ``-h`` (in a real kernel: the
help is printed, the cell is not run), ``%%to_static?`` (what Jupyter's inspector shows)
after ``%d2s_lang zh``, and ``d2s-lab --help`` / ``d2s-lab graph --help --lang zh``."""
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
