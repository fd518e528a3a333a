"""The catalogue of SOT graph breaks (``d2s_lab.breaks()``): each entry's ``before`` really
breaks at its reason when converted the default way (SOT) and the matcher gives that
entry; each ``after`` converts with no break and computes what ``before`` computes; the
catalogue covers every reason class the installed Paddle defines; ids are stable."""
import os
import re

import numpy as np
import pytest

import d2s_lab
from d2s_lab.core.convert import sot_report
from d2s_lab.core.paddle_compat.sot import break_reason_classes, has_collector, sot_internals
from d2s_lab.core.sot.breaks import CATALOGUE, PRELUDE, entry, match, missing_reasons
from d2s_lab.core.sot.model import GraphBreak
from d2s_lab.text.manual import MANUAL_URL
from models import model_module

SOT, _ = sot_internals()
PADDLE26 = not has_collector(SOT)  # Paddle 2.6: no reason classes, breaks are BreakGraphError

# Every id ever given, with its reason class: an id is never renumbered or reused.
KNOWN = {
    "SOT-B001": "DataDependencyOperationBreak", "SOT-B002": "DataDependencyOperationBreak",
    "SOT-B003": "DataDependencyOperationBreak", "SOT-B004": "BuiltinFunctionBreak",
    "SOT-B005": "DataDependencyControlFlowBreak", "SOT-B006": "BuiltinFunctionBreak",
    "SOT-B007": "UnsupportedNumPyAPIBreak", "SOT-B008": "BuiltinFunctionBreak",
    "SOT-B009": "UnsupportedIteratorBreak", "SOT-B010": "BreakGraphInlineCallBreak",
    "SOT-B011": "DataDependencyDynamicShapeBreak", "SOT-B012": "ExceptionTableSkip",
    "SOT-B013": "BuiltinFunctionBreak", "SOT-B014": "DataDependencyOperationBreak",
    "SOT-B015": "UnsupportedOperationBreak", "SOT-B016": "UnsupportedPaddleAPIBreak",
    "SOT-B017": "UnsupportedRandomAPIBreak", "SOT-B018": "ForceBreak", "SOT-B019": "PsdbBreakReason",
    "SOT-B020": "FallbackError", "SOT-B021": "DygraphInconsistentWithStaticBreak",
    "SOT-B022": "InferMetaBreak", "SOT-B023": "NullMetaBreak", "SOT-B024": "DataDependencyBreak",
    "SOT-B025": "SideEffectBreak", "SOT-B026": "InlineCallBreak", "SOT-B027": "FallbackInlineCallBreak",
    "SOT-B028": "OtherInlineCallBreak",
}
# Raised deep in Paddle (an abstract base, a failed shape inference, a >2**34-element
# constant, a class Paddle defines but does not raise): no short program shows them.
NOT_SHOWN = {"SOT-B021", "SOT-B022", "SOT-B023", "SOT-B024", "SOT-B025", "SOT-B026", "SOT-B027", "SOT-B028"}

# The examples Paddle 2.6's SOT does not show the same way, and why.
PADDLE26_DIFFERS = {
    "SOT-B001": "Paddle 2.6's SOT does not split the frame at .item(): its report shows no break",
    "SOT-B003": "Paddle 2.6's SOT fails on max() of the list rather than breaking",
    "SOT-B010": "Paddle 2.6's SOT does not split the frame at .item(): its report shows no break",
    "SOT-B013": "Paddle 2.6's SOT fails on float() of a tensor rather than breaking",
    "SOT-B014": "Paddle 2.6 words this one as a builtin function (range) it does not support",
    "SOT-B016": "Paddle 2.6's SOT fails on Tensor.value() rather than breaking",
    "SOT-B018": "paddle.jit.marker.force_dynamic came in Paddle 3",
}

SHOWN = [e for e in CATALOGUE if e.shown]


def _x():
    import paddle

    return paddle.to_tensor((np.arange(12, dtype="float32") / 10).reshape(3, 4))


class _Env:
    def __init__(self, pairs):
        self.pairs, self.was = dict(pairs), {}

    def __enter__(self):
        for k, v in self.pairs.items():
            self.was[k] = os.environ.get(k)
            os.environ[k] = v

    def __exit__(self, *exc):
        for k, v in self.was.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """Each example, converted once when first asked for: the breaks of ``before`` (SOT's
    run, read by d2s_lab), what ``before`` computes in dygraph, the breaks of ``after`` and
    what its converted function computes."""
    import paddle

    folder, done = tmp_path_factory.mktemp("breaks"), {}

    def run(e):
        if e.id not in done:
            name = e.id.lower().replace("-", "_")
            before = model_module(folder, name + "_before", PRELUDE + e.before)
            after = model_module(folder, name + "_after", PRELUDE + e.after)
            with _Env(e.env):
                rep = sot_report(before.f, inputs=[_x()])
                want = before.f(_x()).numpy()
                rep_after = sot_report(after.f, inputs=[_x()])
                got = paddle.jit.to_static(after.f)(_x()).numpy()
            done[e.id] = (rep, want, rep_after, got)
        return done[e.id]

    return run


def _case(e):
    marks = []
    if PADDLE26 and e.id in PADDLE26_DIFFERS:
        marks.append(pytest.mark.skip(reason=PADDLE26_DIFFERS[e.id]))
    return pytest.param(e, id=e.id, marks=marks)


@pytest.mark.parametrize("e", [_case(e) for e in SHOWN])
def test_before_breaks_at_its_reason_and_matches_its_entry(runs, e):
    rep, _, _, _ = runs(e)
    assert rep.available and rep.error is None, (rep.message, rep.error)
    assert rep.breaks, f"{e.id}: no break"
    found = [b for b in rep.breaks if b.id == e.id]
    assert found, [(b.reason, b.message, b.code, b.id) for b in rep.breaks]
    if not PADDLE26:  # Paddle 2.6 names no reason class: its breaks are BreakGraphError
        assert any(b.reason == e.reason for b in found), [(b.reason, b.message) for b in found]
    assert all(b.fix() == e.fix() and b.fix("zh") == e.fix("zh") for b in found)


@pytest.mark.parametrize("e", [_case(e) for e in SHOWN])
def test_after_converts_without_a_break_and_computes_the_same(runs, e):
    _, want, rep, got = runs(e)
    assert rep.available and rep.error is None, (rep.message, rep.error)
    assert rep.breaks == [], [(b.reason, b.message) for b in rep.breaks]
    assert rep.frames_translated >= 1, "SOT translated nothing"
    if not PADDLE26:  # Paddle 2.6's report sees only the subgraphs it compiles while hooked
        assert rep.subgraphs, "nothing traced"
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)


def test_catalogue_covers_every_reason_class_paddle_defines():
    defined = break_reason_classes()
    if PADDLE26:
        assert defined is None  # its reasons are in messages: the examples above cover them
        return
    assert len(defined) >= 10 and "BreakGraphReasonBase" not in defined
    assert missing_reasons(defined) == []
    # a reason class Paddle adds later makes this test fail
    assert missing_reasons(defined + ("SomeNewBreak",)) == ["SomeNewBreak"]
    # and every class has its broad entry (the one a break of it gets when no pattern fits)
    assert {e.reason for e in CATALOGUE if e.broad} >= set(defined)


def test_ids_are_unique_and_stable():
    ids = [e.id for e in CATALOGUE]
    assert len(ids) == len(set(ids))
    assert all(re.fullmatch(r"SOT-B\d{3}", i) for i in ids)
    assert ids[:len(KNOWN)] == list(KNOWN)  # new entries go at the end, with the next number
    assert {i: entry(i).reason for i in KNOWN} == KNOWN
    assert ids == sorted(ids)
    assert {e.id for e in CATALOGUE if not e.shown} == NOT_SHOWN
    assert all(e.after for e in SHOWN)
    # each reason class has exactly one broad entry
    broad = [e.reason for e in CATALOGUE if e.broad]
    assert len(broad) == len(set(broad))


def test_every_entry_is_worded_in_both_languages():
    for e in d2s_lab.breaks():
        for lang in ("en", "zh"):
            words = [e.title(lang), e.what(lang), e.how(lang), e.fix(lang)]
            assert all(w.strip() for w in words) and len(set(words)) == 4, (e.id, lang)
            assert "\n" not in e.fix(lang) and len(e.fix(lang)) < 90, (e.id, lang)
        assert e.title("en") != e.title("zh")
        assert e.page("en") == f"{MANUAL_URL}breaks/#{e.id.lower()}"
        assert e.page("zh") == f"{MANUAL_URL}zh/breaks/#{e.id.lower()}"


# Breaks as the two Paddles word them (from runs of the examples), and the entry each gets.
RECORDED = [
    ("DataDependencyOperationBreak", "Calling `Tensor.item` causes breakgraph.", "s = x.sum().item()", "SOT-B001"),
    ("BreakGraphError", "call break_graph_tensor_method.", "m = x.numpy().mean()", "SOT-B002"),
    ("BreakGraphError", "call break_graph_tensor_method.", "n = t.item()", "SOT-B001"),
    ("BuiltinFunctionBreak", "Not support builtin function: print with args: Args(TensorVariable)", "print(y)",
     "SOT-B004"),
    ("BreakGraphError", "Not support builtin function: print with args: Args(TensorVariable)", "print(y)", "SOT-B004"),
    ("BreakGraphInlineCallBreak", 'File "/usr/lib/python3.11/logging/__init__.py", line 2081, in getLogger '
     "encountered breakgraph error caused by ...", 'logging.getLogger("m").warning("%s", y)', "SOT-B004"),
    ("BuiltinFunctionBreak", "Not support builtin function: <class 'int'> with args: Args(TensorVariable)",
     "n = int(paddle.shape(x)[0])", "SOT-B006"),
    ("BreakGraphError", "raise by raise_break_graph_fn.", "n = int(paddle.shape(x)[0])", "SOT-B006"),
    ("BuiltinFunctionBreak", "Not support builtin function: <class 'float'> with args: Args(TensorVariable)",
     "k = float(y.sum())", "SOT-B013"),
    ("BuiltinFunctionBreak", "Not support builtin function: ndarray.mean with args: Args(NumPyArrayVariable)",
     "m = x.numpy().mean()", "SOT-B007"),
    ("BreakGraphError", "Not support builtin function: absolute with args: Args(NumpyVariable)",
     "z = np.abs(y.numpy())", "SOT-B007"),
    ("BreakGraphError", "Not support builtin function: hash with args: Args(TensorVariable)", "k = hash(y)",
     "SOT-B008"),
    ("BreakGraphError", "(Not support builtin function: random with args: Args(ModuleVariable)) raised while "
     "inline call <code object uniform>", "r = random.uniform(0, 1)", "SOT-B017"),
    ("BuiltinFunctionBreak", "Not support builtin function: Random.random with args: Args(ModuleVariable)",
     "r = random.random()", "SOT-B017"),
    ("BreakGraphError", "Codes like: `variable in iterator`.", "if 2 in iter(xs):", "SOT-B009"),
    ("BreakGraphError", "Getting shape for a dynamic shape tensor causes graph break. shape = [-1, 2]",
     "n = idx.shape[0]", "SOT-B011"),
    ("FallbackError", "SOT currently only partially supports exception handling (Python 3.10 and below).",
     "raise StopIteration", "SOT-B012"),
    ("FallbackError", "opcode: IMPORT_NAME is not supported.", "import math", "SOT-B020"),
    ("DataDependencyControlFlowBreak", "an `if`/`while` on a Tensor's value", "if s[0] > 2:", "SOT-B005"),
    ("DataDependencyControlFlowBreak", "an `if`/`while` on a Tensor's value", "if paddle.shape(x)[0] > 2:",
     "SOT-B006"),
    ("InferMetaBreak", "InferMeta encountered ...", "", "SOT-B022"),
    ("BuiltinFunctionBreak", "Not support builtin function: Tensor.data_ptr with args: Args(TensorVariable)",
     "p = y.data_ptr()", "SOT-B016"),
    ("DataDependencyOperationBreak", "Calling `Tensor.register_hook` causes breakgraph.", "y.register_hook(h)",
     "SOT-B014"),
    ("BreakGraphError", "something Paddle 2.6 says that no entry knows", "y = x", None),
    ("SkipFile", "paddle's own file", "", None),
]


@pytest.mark.parametrize("reason,message,code,want", RECORDED)
def test_matcher_picks_the_pattern_before_the_broad_entry(reason, message, code, want):
    got = match(reason, message, code)
    assert (got.id if got else None) == want
    b = GraphBreak(reason, message, code=code)
    assert b.id == (want or "") and b.fix() == (entry(want).fix() if want else "")


@pytest.mark.skipif(PADDLE26, reason="Paddle 2.6's SOT does not split the frame at .item(): its report shows no break")
def test_report_rows_carry_the_id_linked_to_the_manual_and_the_fix(runs):
    import html

    from d2s_lab.text.lang import using_lang
    from d2s_lab.viz.sot_view import sot_report_html

    e = entry("SOT-B001")
    rep = runs(e)[0]
    for lang in ("en", "zh"):
        with using_lang(lang):
            page = sot_report_html(rep)
        link = f'href="{e.page(lang)}"'
        rows = len([b for b in rep.breaks if b.id == "SOT-B001"])
        # each break row, and each frame SOT made of the code after such a break
        made = len([f for f in rep.frames if f.made_by is not None and f.made_by.id == "SOT-B001"])
        assert page.count('<span class="d2s-break-fix">') == rows >= 1 and made >= 1
        assert page.count(link) == rows + made
        # escaped, with the `code` spans shown as code
        fix = html.escape(e.fix(lang)).replace("`.item()`", "<code>.item()</code>")
        assert f'<span class="d2s-break-fix">{fix}</span>' in page
    assert e.fix("en") != e.fix("zh")


def test_the_manual_page_is_in_step_with_the_catalogue():
    from pathlib import Path

    from d2s_lab.core.sot.breaks import manual_page

    docs = Path(__file__).resolve().parents[2] / "docs"
    for lang, name in (("en", "breaks.md"), ("zh", "breaks.zh.md")):
        page = manual_page(lang)
        assert (docs / name).read_text(encoding="utf-8") == page, \
            f"docs/{name} is out of step with the catalogue: run python tools/gen_breaks_doc.py"
        for e in CATALOGUE:  # one section per entry, anchored by its id
            assert page.count(f"{{#{e.anchor}}}") == 1
            assert e.fix(lang) in page


BRANCH_CELL = '''%%to_static --mode sot --input "x: [3, 4] float32"
import paddle

def branchy(x):
    if x.mean() > 0:
        y = x + 1
    else:
        y = x - 1
    return y * 2
'''


def test_to_static_report_and_d2s_calls_show_the_id_and_fix_in_both_languages(shell):
    """In a real IPython shell: the ``%%to_static`` report's break row, then a later call
    that first reaches the other branch (the code after the break): ``%d2s_calls`` names
    the break's id, linked to the manual, and its fix, in English and in Chinese."""
    import html

    e = entry("SOT-B005")
    res, htmls, _ = shell.run(BRANCH_CELL)
    assert res.success and htmls
    assert f'href="{e.page("en")}"' in htmls[0] and html.escape(e.title()) in htmls[0]
    res, _, _ = shell.run("_d2s(paddle.ones([3, 4])); _d2s(-paddle.ones([3, 4]))")
    assert res.success
    rec = [r for r in shell.ns["_d2s"].calls() if r.breaks]
    assert len(rec) == 1 and [b.id for b in rec[0].breaks] == ["SOT-B005"], list(shell.ns["_d2s"].calls())
    for lang in ("en", "zh"):
        res, htmls, _ = shell.run(f"%d2s_calls _d2s --lang {lang}")
        assert res.success and len(htmls) == 1
        page = htmls[0]
        href = f'href="{e.page(lang)}"'
        assert page.count(href) == 1 and "<code>SOT-B005</code>" in page
        fix = html.escape(e.fix(lang)).replace("`paddle.where(cond, a, b)`", "<code>paddle.where(cond, a, b)</code>")
        fix = fix.replace("`paddle.static.nn.cond`", "<code>paddle.static.nn.cond</code>")
        assert fix in page, (lang, page[-800:])


def test_the_lab_check_names_each_break_with_its_id_and_fix(tmp_path):
    """Lab 5's ``no_graph_breaks()`` says which breaks are left, each with its id and fix."""
    from d2s_lab import lab

    e = entry("SOT-B005")
    mod = model_module(tmp_path, "lab_branch", PRELUDE + e.before)
    conv = d2s_lab.convert(mod.f, example_inputs=[_x()], mode="sot")
    for lang in ("en", "zh"):
        line = lab.expect(conv, lang=lang).no_graph_breaks().lines[0]
        assert line.status == "fail" and f"SOT-B005: {e.fix(lang)}" in line.message, line.message


def test_the_catalogue_shows_as_a_table_in_both_languages():
    from d2s_lab.text.lang import using_lang

    shown = d2s_lab.breaks()
    assert [e.id for e in shown] == [e.id for e in CATALOGUE]
    for lang in ("en", "zh"):
        with using_lang(lang):
            page = shown._repr_html_()
            text = repr(shown)
        assert page.count('class="d2s-break-id"') == len(CATALOGUE)
        assert all(f'href="{e.page(lang)}"' in page for e in CATALOGUE)
        assert entry("SOT-B006").title(lang) in page and "SOT-B006  BuiltinFunctionBreak" in text
