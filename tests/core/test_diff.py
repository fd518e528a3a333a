"""d2s_lab.diff and %d2s_diff: two programs compared op by op, on real Paddle.

Each use case asserts the specific differences: an op added by editing forward, a
fixed vs a dynamic batch (shapes only), train vs eval (dropout's and batch norm's
is_test), AST mode vs the subgraph SOT captured, two saved files without Paddle,
markup in a layer name, and the magic in a real IPython shell.
"""
import json
import re
import subprocess
import sys

import paddle.nn.functional as F
import pytest
from paddle import nn

import d2s_lab
from d2s_lab.core.diff import GraphDiff
from d2s_lab.errors import D2SError
from d2s_lab.viz.diff_view import STATUS_STYLE, diff_html, diff_views
from models import After, Before
from versions import PROGRAM_SUFFIX, op, pir_only

SPEC = ["x: [None,3,8,8] float32"]


def _convert(net, spec=SPEC):
    return d2s_lab.convert(net, spec, run=False)


@pytest.fixture(scope="module")
def before():
    return _convert(Before())


@pytest.fixture(scope="module")
def edited(before):
    return d2s_lab.diff(before, _convert(After()))


def _untrusted(html):
    """What JupyterLab shows of an untrusted output: <style> and <svg> stripped, tags gone."""
    html = re.sub(r"<style>.*?</style>|<svg.*?</svg>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_same_model_twice_has_no_differences(before):
    # Paddle numbers parameters per instance (linear_0.w_0, linear_1.w_0): not a difference
    d = d2s_lab.diff(before, _convert(Before()))
    assert d.same and d.layers_compared
    assert d.counts() == {"added": 0, "removed": 0, "changed": 0, "same": before.drawn_graph.num_ops()}
    assert "No differences" in d.summary()


def test_edited_forward_adds_exactly_that_op(edited):
    d = edited
    assert isinstance(d, GraphDiff)
    assert [o.short_name for o in d.added] == ["relu"]
    assert d.removed == [] and d.changed == []
    relu = d.added[0]
    assert relu.layer == ""  # called in forward itself, not inside a sublayer
    assert d.b.values[relu.outputs[0]].shape == [-1, 8, 6, 6]
    # every other op is paired with its counterpart, the layer kept
    assert len(d.matched) == d.a.num_ops() == d.b.num_ops() - 1
    assert all(a.layer == b.layer and a.name == b.name for a, b in d.matched)
    assert d.summary().splitlines() == ["Before → After: 1 added, 0 removed, 0 changed, "
                                        f"{len(d.matched)} unchanged", "+ relu: only in After"]


def test_edited_forward_view_colours_the_added_op(edited):
    d = edited
    relu = d.added[0]
    (va, _), (vb, _) = diff_views(d)
    assert va.info.marked == 0 and vb.info.marked == 1
    added_colour = STATUS_STYLE["added"][0]
    node = next(line for line in vb.dot.splitlines() if f'id="d2s-op-{relu.id}"' in line)
    assert f'color="{added_colour}"' in node and "penwidth=3" in node
    html = diff_html(d)
    assert html.count("<svg") >= 2  # both graphs, drawn by dot
    # the sources differ by the relu line, side by side
    assert d.a_source != d.b_source and "F.relu(x)" in d.b_source
    assert html.count('class="d2s-sbs"') == 1
    # untrusted notebook: no <style>, no <svg>; the counts and the table still read,
    # the row colour is an inline style
    text = _untrusted(html)
    assert "+1 added" in text and "−0 removed" in text and "~0 changed" in text
    assert "+ added relu — — [N, 8, 6, 6] f32 only in After" in text
    row = re.search(r'<tr class="d2s-diff-added" style="background:([^"]+)"', html)
    assert row and row.group(1) == STATUS_STYLE["added"][1]


def test_fixed_vs_dynamic_batch_changes_shapes_only(before):
    d = d2s_lab.diff(before, _convert(Before(), ["x: [4,3,8,8] float32"]))
    assert not d.added and not d.removed
    assert d.only_shapes_changed and d.change_kinds == {"shape"}
    data = d.entries_for("data")[0]
    assert data.status == "changed"
    assert data.change("out shape").before == [-1, 3, 8, 8]
    assert data.change("out shape").after == [4, 3, 8, 8]
    conv = d.entries_for("conv2d")[0]
    assert str(conv.change("out shape")) == "out shape: [N, 8, 6, 6] → [4, 8, 6, 6]"
    # the ops whose output holds the batch changed; parameters and constants did not
    assert {e.short_name for e in d.changed} >= {"data", "conv2d", op("matmul"), "dropout"}
    assert all(e.status == "same" for e in d.entries if e.op.category in ("parameter", "constant"))


def test_train_vs_eval_shows_is_test(before):
    net = Before()
    net.eval()
    d = d2s_lab.diff(before, _convert(net), names=("train", "eval"))
    assert not d.added and not d.removed
    assert {e.short_name.rstrip("_") for e in d.changed} == {"dropout", "batch_norm"}
    drop = d.entries_for("dropout")[0]
    assert drop.layer == "drop"
    assert [(c.what, c.before, c.after) for c in drop.changes] == [("is_test", False, True)]
    bn = d.entries_for("batch_norm")[0]
    assert (bn.change("is_test").before, bn.change("is_test").after) == (False, True)
    assert (bn.change("use_global_stats").before, bn.change("use_global_stats").after) == (False, True)
    assert "~ dropout [drop]: is_test: False → True" in d.summary()
    assert "only in" not in _untrusted(diff_html(d))


@pir_only("SOT's subgraphs (Paddle 2.6 has no SOT info collector)")
def test_ast_program_vs_sot_subgraph(monkeypatch):
    # 7 ops: under SOT's default MIN_GRAPH_SIZE (10) Paddle runs them in dygraph; the user's
    # setting is kept, so the subgraph runs as a static program where they set it to 0
    monkeypatch.setenv("MIN_GRAPH_SIZE", "0")

    class Mlp(nn.Layer):
        def __init__(self):
            super().__init__()
            self.fc1 = nn.Linear(8, 16)
            self.fc2 = nn.Linear(16, 4)

        def forward(self, x):
            return self.fc2(F.relu(self.fc1(x)))

    conv = d2s_lab.convert(Mlp(), ["x: [None,8] float32"])
    report = d2s_lab.sot_report(conv, ast=False)
    assert len(report.subgraphs) == 1 and report.subgraphs[0].runs_static
    d = d2s_lab.diff(conv, report)
    # the same ops; SOT specialises the batch to the example's and names the input itself
    assert not d.added and not d.removed
    assert not d.layers_compared and "Layer paths were not compared" in d.notes[0]
    attrs = {(e.short_name, c.what) for e in d.changed for c in e.changes if c.kind == "attr"}
    assert attrs == {("data", "name")}
    assert d.change_kinds == {"shape", "attr"}
    mm = d.entries_for("matmul")
    assert [e.change("out shape").before[0] for e in mm] == [-1, -1]
    assert all(e.change("out shape").after[0] > 0 for e in mm)
    with pytest.raises(D2SError, match="Convert it first"):
        d2s_lab.diff(Mlp(), conv)


_NO_PADDLE = """
import json, sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name.split('.')[0] == 'paddle':
            raise ImportError('blocked: ' + name)
sys.meta_path.insert(0, Block())
import d2s_lab
from d2s_lab.viz.diff_view import diff_html
d = d2s_lab.diff(sys.argv[1], sys.argv[2])
html = diff_html(d)
print(json.dumps({"added": [o.short_name for o in d.added], "removed": [o.short_name for o in d.removed],
                  "changed": len(d.changed), "names": [d.a_name, d.b_name],
                  "svg": html.count("<svg"), "paddle": any(k.split('.')[0] == 'paddle' for k in sys.modules)}))
"""


def test_two_saved_files_diff_without_paddle(tmp_path, before):
    after = _convert(After())
    before.save(str(tmp_path / "before"))
    after.save(str(tmp_path / "after"))
    a, b = str(tmp_path / ("before" + PROGRAM_SUFFIX)), str(tmp_path / "after")
    out = subprocess.run([sys.executable, "-c", _NO_PADDLE, a, b], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    got = json.loads(out.stdout.strip().splitlines()[-1])
    assert got["paddle"] is False
    assert got["added"] == ["relu"] and got["removed"] == [] and got["changed"] == 0
    assert got["names"] == ["before" + PROGRAM_SUFFIX, "after" + PROGRAM_SUFFIX]
    assert got["svg"] >= 2


def test_markup_in_a_layer_name_is_escaped():
    class Odd(nn.Layer):
        def __init__(self, width):
            super().__init__()
            self.add_sublayer("<script>alert(1)</script>", nn.Linear(4, width))

        def forward(self, x):
            for layer in self.children():
                x = layer(x)
            return x

    d = d2s_lab.diff(_convert(Odd(4), ["x: [None,4] float32"]),
                     _convert(Odd(6), ["x: [None,4] float32"]), names=("<b>a</b>", "b"))
    mm = d.entries_for("matmul")[0]
    assert mm.layer == "<script>alert(1)</script>"
    assert mm.change("out shape").after == [-1, 6]
    html = diff_html(d)
    assert "<script" not in html and "<b>a</b>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html and "&lt;b&gt;a&lt;/b&gt;" in html


def test_not_diffable_says_what_to_give(before):
    with pytest.raises(D2SError, match="cannot compare a dict") as exc:
        d2s_lab.diff(before, {"x": 1})
    assert "Conversion" in exc.value.hint and "saved model" in exc.value.hint


MAGIC_CELL = '''%%to_static --input "x: [None,4] float32" --no-run --as {name}
from paddle import nn

class Small(nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        return {body}

net = Small()
'''


def test_magic_in_ipython(shell):
    assert shell.run(MAGIC_CELL.format(name="v1", body="self.fc(x)"))[0].success
    assert shell.run(MAGIC_CELL.format(name="v2", body="paddle.tanh(self.fc(x))"))[0].success
    res, htmls, _ = shell.run("%d2s_diff v1 v2 --depth all")
    assert res.success and len(htmls) == 1
    d = shell.ns["_d2s_diff"]
    assert [o.short_name for o in d.added] == ["tanh"] and not d.removed and not d.changed
    text = _untrusted(htmls[0])
    assert "Diff: v1 → v2" in text and "+1 added" in text and "only in v2" in text
    # the two cells' sources, side by side
    assert "tanh" in d.b_source and htmls[0].count('class="d2s-sbs"') == 1
    # bad input: one short message each, no traceback, nothing stored
    for line, needle in (("%d2s_diff v1 nope", "nope: no such name in the notebook"),
                         ("%d2s_diff v1", "Give the two programs to compare"),
                         ("%d2s_diff v1 net", "a Layer) cannot be compared"),
                         ("%d2s_diff v1 v2 --as 1x", "not a valid Python variable name")):
        res, htmls, _ = shell.run(line)
        assert res.success and len(htmls) == 1, line
        shown = _untrusted(htmls[0])
        assert needle in shown and "Traceback" not in shown, (line, shown)
    assert "1x" not in shell.ns


def test_large_differences_use_the_linear_alignment(monkeypatch, edited):
    import d2s_lab.core.diff as diff_module

    monkeypatch.setattr(diff_module, "MAX_ALIGN_CELLS", -1)  # every alignment is "too big"
    d = d2s_lab.diff(edited.a, edited.b)
    assert [o.short_name for o in d.added] == ["relu"] and not d.removed and not d.changed
    assert "faster, rougher alignment" in d.notes[0]
