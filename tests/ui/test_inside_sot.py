"""Inside SOT, in a real kernel: the code SOT runs instead of each frame, its guards and
resume functions, every subgraph op at its cell line, each subgraph's own code, and
every later call with the reason it translated again (``conv.calls()``,
``%d2s_calls``), in English and Chinese, escaped, with no tensor kept alive."""
import html
import json

import pytest

from html_text import text as html_text
from kernels import d2s_kernel, run_cell
from versions import PADDLE3

CELL = '''%%to_static --mode sot --example "paddle.ones([4, 3]), 2, '<b>tag</b>'"
import paddle

class Net(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc = paddle.nn.Linear(3, 3)

    def forward(self, x, n, tag):
        y = self.fc(x) * 2  # FC
        y = paddle.tanh(y)  # TANH
        if x.mean() > 0:  # BRANCH
            y = y - 1
        for i in range(n):
            y = y + i
        return y.sum()

net = Net()
'''


def _line(marker):
    return next(i for i, ln in enumerate(CELL.splitlines(), 1) if ln.rstrip().endswith("# " + marker))


@pytest.fixture(scope="module")
def kernel(paddle):
    with d2s_kernel() as kc:
        status, out = run_cell(kc, CELL, timeout=300)
        assert status == "ok", out
        yield kc, out


def _value(kc, expr):
    status, out = run_cell(kc, f"import json as _j; print('VAL=' + _j.dumps({expr}))")
    assert status == "ok", out
    line = next(ln for ln in out.splitlines() if ln.startswith("VAL="))
    return json.loads(line[4:])


@pytest.mark.slow
def test_each_frame_shows_the_code_sot_runs_its_guards_and_resumes(kernel):
    kc, page = kernel
    frames = _value(kc, "[dict(name=f.name, resumes=f.resumes, guards=f.guards, decompiled=f.decompiled, "
                        "made=(f.made_by.line if f.made_by else None), src=f.translated_source) "
                        "for f in _d2s.sot.frames]")
    top = frames[0]
    assert top["name"] == "forward" and top["made"] is None
    assert top["decompiled"]
    compile(top["src"], "<translated>", "exec")  # the decompiled code is Python
    # it calls the compiled subgraph, or, where that is smaller than MIN_GRAPH_SIZE (10, kept
    # as Paddle has it), runs its ops as written with SOT switched off around them
    # (Paddle 3 names it ___graph_fn_SIR_N, Paddle 2.6 __compiled_fn_SIR_N)
    assert "_fn_SIR_" in top["src"] or "self.fc(x) * 2" in top["src"], top["src"]
    assert "paddle_set_eval_frame_fn" in top["src"]
    assert top["resumes"] and all(r in top["src"] for r in top["resumes"])
    resumed = [f for f in frames if f["made"] is not None]
    assert resumed and all(f["made"] == _line("BRANCH") for f in resumed)
    assert resumed[0]["name"] in top["resumes"]
    guards = top["guards"]
    assert any(g.startswith("len(x.shape) == ") or g.startswith("MetaInfo.from_tensor(x)") for g in guards), guards
    assert not any("frame.f_locals" in g for g in guards)  # readable, as the user writes them
    # the page: the "Inside SOT" part, collapsed, each guard escaped
    assert "Inside SOT" in html_text(page)
    assert html.escape(guards[0]) in page
    assert "<b>tag</b>" not in page


@pytest.mark.slow
def test_every_subgraph_op_sits_at_its_cell_line(kernel):
    kc, page = kernel
    # the ops grouped by line under each subgraph (drawn once, in the run drawing above the
    # SOT section, not again there), the lines linked to the drawing's ops and to the
    # source under "Inside SOT", as the AST report links them
    assert "d2s-by-line" in page and "Drawn once, above: the cluster" in page
    head = "<summary>SOT graph breaks</summary>"
    assert "<svg" in page[:page.index(head)] and "<svg" not in page[page.index(head):]
    for marker in ("FC", "TANH"):
        assert f'data-d2s-line="{_line(marker)}"' in page and f"d2s-line-{_line(marker)}" in page
    subs = _value(kc, "[dict(lines=s.lines, ops=[(o.short_name, o.source.line if o.source else None) "
                      "for o in s.graph.iter_ops()]) for s in _d2s.sot.subgraphs if s.graph is not None]")
    first = subs[0]
    assert _line("FC") in first["lines"] and _line("TANH") in first["lines"]
    computed = [(n, line) for n, line in first["ops"]
                if n not in ("data", "builtin.parameter", "parameter", "builtin.shadow_output", "feed", "fetch")]
    assert computed and all(line is not None for _, line in computed), computed
    by_name = dict(computed)
    assert by_name.get("tanh") == _line("TANH")
    assert any(by_name.get(k) == _line("FC") for k in ("matmul", "matmul_v2"))


@pytest.mark.slow
def test_each_subgraphs_own_code_is_one_click_away(kernel):
    kc, page = kernel
    code = _value(kc, "_d2s.sot.subgraphs[0].code")
    assert "what SOT_EXPORT writes" in html_text(page)
    if not PADDLE3:  # no exporter: SOT's statement IR, and a line that says so
        assert "IR: SIR_" in code and "has no SOT_EXPORT" in code, code  # (2.6 spells it StatmentIR)
        return
    # Paddle's exporter writes no subgraph that calls a sublayer (this one calls fc): its
    # statement IR is shown instead, with Paddle's reason; a function's subgraph exports
    assert "StatementIR: SIR_" in code and "SOT_EXPORT cannot write" in code, code
    assert "tanh" in code
    status, out = run_cell(kc, '%%to_static --mode sot --as fn_conv --example "paddle.randn([4, 3])"\n'
                               "def g(x):\n    return paddle.tanh(x * 2 + 1).sum()\n")
    assert status == "ok", out
    code = _value(kc, "fn_conv.sot.subgraphs[0].code")
    assert "class LayerCase(paddle.nn.Layer)" in code and "def forward(" in code, code


@pytest.mark.slow
def test_later_calls_say_which_guard_missed_and_why(kernel):
    kc, _ = kernel
    status, out = run_cell(kc, "import gc, weakref\n"
                               "x = paddle.ones([4, 3]); r = weakref.ref(x)\n"
                               "_d2s(x, 2, '<b>tag</b>'); _d2s(x, 2, '<b>tag</b>')\n"
                               "_d2s(x, 3, '<b>tag</b>')\n"
                               "_d2s(paddle.ones([7, 3]), 2, '<b>tag</b>')\n"
                               "del x; gc.collect(); print('ALIVE', r() is not None)", timeout=300)
    assert status == "ok", out
    assert "ALIVE False" in out  # the records keep no tensor
    calls = _value(kc, "[dict(i=c.index, new=c.new_entry, why=c.reason, size=c.cache_size, "
                       "limit=c.cache_limit, s=c.translate_s) for c in _d2s.calls()]")
    new = [c["new"] for c in calls]
    assert new[:2] == [False, False] and new[3], calls
    assert calls[0]["why"] == "" and calls[0]["s"] == 0
    assert "n == 2" in calls[2]["why"] and "3" in calls[2]["why"]
    if PADDLE3:  # SOT tried n as a dynamic value, ran that call in dygraph and kept no entry
        assert not new[2] and "kept no cache entry" in calls[2]["why"], calls
    assert "x.shape[0] == 4" in calls[3]["why"] or "[4, 3]" in calls[3]["why"], calls[3]
    assert "7" in calls[3]["why"]
    assert calls[3]["size"] == 2 and calls[3]["limit"] == 20 and calls[3]["s"] > 0
    status, out = run_cell(kc, "%d2s_calls _d2s")
    assert status == "ok", out
    text = html_text(out)
    assert "cache hit" in text and "new entry" in text and "1-2" in text  # hits folded into one row
    assert "Pass changing numbers as tensors" in text
    status, out = run_cell(kc, "%d2s_calls _d2s --lang zh")
    assert status == "ok" and "命中缓存" in html_text(out) and "原因" in html_text(out), out


@pytest.mark.slow
def test_steps_go_from_the_original_to_each_translated_frame(kernel):
    kc, _ = kernel
    status, out = run_cell(kc, "%d2s_steps _d2s --static")
    assert status == "ok", out
    text = html_text(out)
    assert "SOT: forward" in text and "SOT: resume_" in text
    assert "does not rewrite the source" in text  # the explanation of a translated frame
    # the steps say what they are on this path: no AST transformer runs here
    assert "The code SOT runs instead of your function" in text and "Your function as written" in text
    assert "AST transformer of" not in text and "before any transformer runs" not in text
    status, out = run_cell(kc, "%d2s_calls not_there")
    assert status == "ok" and "Traceback" not in out and "not_there" in html_text(out)


@pytest.mark.slow
def test_ast_mode_calls_name_the_input_that_made_a_new_program(kernel):
    kc, _ = kernel
    status, out = run_cell(kc, '%%to_static --mode ast --as net_ast --example "paddle.randn([4, 3]), 2, \'t\'"\n'
                               "net2 = Net()\n", timeout=300)
    assert status == "ok", out
    status, out = run_cell(kc, "net_ast(paddle.randn([4, 3]), 2, 't'); net_ast(paddle.randn([4, 3]), 5, 't')\n"
                               "print([(c.new_entry, c.reason) for c in net_ast.calls()])")
    assert status == "ok", out
    assert "(False, '')" in out and "n was 2, now 5: a new Program" in out, out
