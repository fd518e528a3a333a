"""Failed conversions explained: real failing models run through %%to_static in a real
IPython shell; the report must point at the cell's own line and give the right hint."""
import html
import re

import pytest

from d2s_lab.core.diagnosis import ErrorReport, CodeLine
from d2s_lab.viz.error_view import error_report_html
from html_text import by_class as _by_class, squash as _squash, text as _text
from versions import ONE_PATH_VALUE_REFUSED, assert_same_outputs


def _cell_line(cell: str, marker: str) -> int:
    """Notebook line number (1 = the %%to_static line) of the line ending with # marker."""
    for i, line in enumerate(cell.splitlines(), 1):
        if line.rstrip().endswith("# " + marker):
            return i
    raise KeyError(marker)


# name -> (cell, expected hint id, expected stage)
CASES = {
    "python_value_float": ('''%%to_static --input "x: [None, 4] float32"
import paddle, math

def scale_by_norm(x):
    s = math.sqrt(float(x.abs().sum()))  # BAD
    return x / s
''', "python-value", "convert"),
    "python_value_item_index": ('''%%to_static --input "x: [None, 4] float32"
import paddle
from paddle import nn

class Picker(nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self.gains = [0.5, 1.0, 2.0]

    def forward(self, x):
        y = self.fc(x)
        k = int(y.argmax().item()) % 3
        return y * self.gains[k]  # BAD

picker = Picker()
''', "python-value", "convert"),
    "tolist": ('''%%to_static --input "x: [None, 4] float32"
import paddle

def to_list_and_back(x):
    y = x * 2
    vals = y.tolist()  # BAD
    return paddle.to_tensor(vals)
''', "tolist", "convert"),
    "reshape_dynamic_dim": ('''%%to_static --input "x: [None, 8] float32"
import paddle
from paddle import nn

class Heads(nn.Layer):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)
        self.heads = 3

    def forward(self, x):
        y = self.proj(x)
        return y.reshape([-1, self.heads, 2])  # BAD

heads = Heads()
''', "reshape-dynamic-dim", "run"),
    "return_in_branch": ('''%%to_static --input "x: [None, 4] float32"
import paddle

def early_exit(x):
    for i in range(3):
        if x.sum() > i:  # BAD
            return x
    return x * 2
''', "return-in-branch", "convert"),
    # both paths return, a different number of values: refused by Paddle 2.6 too
    "return_count_in_loop": ('''%%to_static --input "x: [None, 4] float32"
import paddle

def early_exit(x):
    for i in range(3):
        if x.sum() > i:  # BAD
            return x, x
    return x * 2
''', "return-mismatch", "convert"),
    "sot_shape_mismatch": ('''%%to_static --mode sot --input "x: [None, 4] float32"
import paddle

def project(x):
    w = paddle.ones([3, 5])
    y = x * 2
    return paddle.matmul(y, w)  # BAD
''', "shape-mismatch", "run"),
    "source_unavailable": ('''%%to_static --input "x: [None, 4] float32"
import paddle

double = lambda x: x * 2  # BAD
''', "source-unavailable", "convert"),
}


# Cells this Paddle converts (tests/support/versions.py): %%to_static must convert them too.
CONVERTED = {"return_in_branch": not ONE_PATH_VALUE_REFUSED}


@pytest.mark.parametrize("name", sorted(CASES))
def test_failing_cell_points_at_its_line(shell, name):
    cell, hint_id, stage = CASES[name]
    res, htmls, _ = shell.run(cell)
    assert res.success  # never a d2s_lab traceback
    if CONVERTED.get(name, False):  # a report, no error box, and plain to_static's outputs
        import paddle

        conv = shell.ns["_d2s"]
        assert conv.error is None and not any("d2s-error" in h.split("</style>")[-1] for h in htmls)
        x = paddle.to_tensor([[0.5, 1.0, -2.0, 3.0], [1.0, 1.0, 1.0, 1.0]])
        assert_same_outputs(conv.static_function, conv.target, conv.input_specs, [[x], [-x]])
        return
    assert len(htmls) == 1
    page = htmls[0]
    # no d2s_lab traceback; Paddle's own text only behind the toggle
    assert "d2s_lab/" not in _text(page)
    assert "Traceback" not in _text(re.sub(r"<details>.*?</details>", "", page, flags=re.S))
    conv = shell.ns["_d2s"]
    report = conv.error.report
    assert isinstance(report, ErrorReport)
    want = _cell_line(cell, "BAD")
    assert report.line == want, (name, report.line, want, report.original_text[-800:])
    assert report.file.startswith("<d2s-cell-")
    assert report.where.startswith("cell[") and report.where.endswith(f"line {want}")
    assert report.code.rstrip().endswith("# BAD")
    assert report.hint_id == hint_id, (name, report.hint_id, report.message)
    assert report.stage == stage
    # the report shows the cell's lines, numbered as the notebook shows them, the failing
    # one marked; then the hint, whole; Paddle's full text behind a toggle
    (ctx_table, *_) = _by_class(page, "d2s-code", "table")
    numbers = [int(_text(n).strip(" ▶")) for n in _by_class(ctx_table, "d2s-ln", "td")]
    assert numbers == [c.number for c in report.context] and want in numbers
    (bad_row,) = _by_class(ctx_table, "d2s-bad", "tr")
    assert int(_text(_by_class(bad_row, "d2s-ln", "td")[0]).strip(" ▶")) == want
    (hint_box,) = _by_class(page, "d2s-hint-box")
    assert f"({hint_id})" in _text(hint_box)
    assert _squash(report.hint.replace("`", "")) in _squash(_text(hint_box))
    (full,) = re.findall(r"<details>(?:(?!</details>).)*?<pre class=\"d2s-tb\">(.*?)</pre></details>", page, re.S)
    assert html.unescape(full) == report.original_text
    # the cell's own definitions survive the failed conversion
    assert conv.target is not None
    assert any(callable(v) for k, v in shell.ns.items() if k in cell and not k.startswith("_"))


def test_transformed_line_and_context(shell):
    cell, _, _ = CASES["tolist"]
    shell.run(cell)
    report = shell.ns["_d2s"].error.report
    bad = [c for c in report.transformed if c.is_error]
    assert bad and "_jst" in bad[0].text and "tolist" in bad[0].text
    nums = [c.number for c in report.context]
    assert nums == list(range(nums[0], nums[0] + len(nums))) and report.line in nums
    assert "tolist" in report.original_text  # Paddle's own text is kept in full


def test_results_of_cell_survive_failure(shell):
    cell = CASES["reshape_dynamic_dim"][0]
    shell.run(cell)
    assert type(shell.ns["heads"]).__name__ == "Heads"
    assert shell.ns["_d2s"].target is shell.ns["heads"]


def test_report_section_in_conversion_html(shell):
    from d2s_lab.viz.report import conversion_html

    shell.run(CASES["tolist"][0])
    page = conversion_html(shell.ns["_d2s"])
    assert len(_by_class(page, "d2s-error")) == 1
    (hint_box,) = _by_class(page, "d2s-hint-box")
    assert "(tolist)" in _text(hint_box)


def test_python_diagnose_outside_notebook(paddle, tmp_path):
    import sys

    from d2s_lab.core.convert import convert
    from d2s_lab.errors import ConversionError

    mod = tmp_path / "badmod.py"
    mod.write_text("import paddle\n\ndef f(x):\n    return x.tolist()\n")
    sys.path.insert(0, str(tmp_path))
    try:
        import badmod
        with pytest.raises(ConversionError) as ei:
            convert(badmod.f, ["x: [None, 3] float32"])
    finally:
        sys.path.remove(str(tmp_path))
    rep = ei.value.report
    assert rep.file == str(mod) and rep.line == 4 and rep.hint_id == "tolist"
    assert rep.where == "badmod.py line 4"
    assert "tolist" in str(rep)


def test_error_html_escapes_script():
    rep = ErrorReport(
        exc_type="ValueError<script>",
        message="bad <script>alert(1)</script> value",
        file="<d2s-cell-3-abc>", line=2, function="<lambda>",
        code="y = '<script>alert(2)</script>'",
        context=[CodeLine(1, "import paddle"), CodeLine(2, "y = '<script>alert(2)</script>'", True)],
        transformed=[CodeLine(9, "_jst.Ld('<script>')", True)],
        transformed_file="/tmp/x.py",
        hint_id="x", hint="<script>alert(3)</script>",
        original_text="Traceback <script>alert(4)</script>",
        name="<script>net</script>",
    )
    page = error_report_html(rep, note="<script>n</script>")
    assert "<script>" not in page
    assert page.count("&lt;script&gt;") >= 6
    assert rep.where == "cell[3] line 2" and rep.where in _text(page)


def test_sot_inner_error_is_unwrapped(shell):
    # SOT checks a broadcast while translating and wraps the error (Paddle 2.6 and 3.x; 2.6
    # meets sot_shape_mismatch's matmul only when the kernel runs, and raises it unwrapped)
    cell = '''%%to_static --mode sot --input "x: [None, 4] float32"
import paddle

def widen(x):
    y = x * 2
    return y + paddle.ones([5])  # BAD
'''
    shell.run(cell)
    err = shell.ns["_d2s"].error
    assert type(err.original).__name__ == "InnerError"  # what Paddle raised
    rep = err.report
    assert rep.exc_type == "ValueError" and rep.mode == "sot"
    assert "Broadcast dimension mismatch" in rep.message
    assert rep.line == _cell_line(cell, "BAD") and rep.hint_id == "broadcast"


def test_cli_prints_the_explained_error(tmp_path):
    import os
    import subprocess
    import sys

    (tmp_path / "badm.py").write_text(
        "import paddle\n\ndef f(x):\n    vals = x.tolist()\n    return paddle.to_tensor(vals)\n")
    exe = os.path.join(os.path.dirname(sys.executable), "d2s-lab")
    proc = subprocess.run([exe, "graph", "badm.py:f", "--input", "x: [None, 3] float32",
                           "-o", str(tmp_path / "g.svg")], cwd=tmp_path, capture_output=True,
                          text=True, timeout=300, env={**os.environ, "GLOG_minloglevel": "2"})
    assert proc.returncode == 1
    assert "badm.py line 4" in proc.stderr  # the file and line, as the user numbers them
    assert "vals = x.tolist()" in proc.stderr and "[tolist]" in proc.stderr  # the line and hint id
    assert "Traceback" not in proc.stderr


def test_reshape_without_dynamic_dim_gets_the_reshape_size_hint(shell):
    cell = CASES["reshape_dynamic_dim"][0].replace("[None, 8]", "[2, 8]")
    shell.run(cell)
    rep = shell.ns["_d2s"].error.report
    assert rep.hint_id == "reshape-size" and rep.line == _cell_line(cell, "BAD")


def test_diagnose_never_raises_on_odd_exceptions():
    from d2s_lab.core.diagnosis import diagnose

    a = ValueError("outer")
    b = RuntimeError("inner")
    a.__cause__, b.__cause__ = b, a  # a cycle
    rep = diagnose(a)
    assert rep.exc_type == "ValueError" and rep.line is None and rep.hint_id == ""
    assert "outer" in rep.original_text
