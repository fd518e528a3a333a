"""Step capture, normalisation, side-by-side and step views, on real Paddle and real ipywidgets."""
import ast
import inspect
import re

import pytest

import steps_models as m
from html_text import words as _text
from d2s_lab.core.steps import Steps, capture_steps, normalize_names


def _paddle_transformer_list():
    """Paddle's transformer list read from its own source, independently of the capture."""
    from paddle.framework import use_pir_api

    from d2s_lab.core.paddle_compat.transformers import find_ast_class

    src = inspect.getsource(find_ast_class().transfer_from_node_type)
    tree = ast.parse(inspect.cleandoc("\n" + src) if src.startswith(" ") else src)
    for node in ast.walk(tree):
        if (isinstance(node, ast.Assign) and isinstance(node.value, ast.List)
                and any(isinstance(t, ast.Name) and t.id == "transformers" for t in node.targets)):
            names = [e.id for e in node.value.elts]
            if use_pir_api() and "AttributeJstTransformer" in names:
                names.remove("AttributeJstTransformer")
            return names
    raise AssertionError("transformer list not found in Paddle's source")


@pytest.fixture(scope="module")
def all_steps(paddle):
    return {f.__name__: capture_steps(f) for f in m.FUNCTIONS}


def test_names_match_paddles_list(all_steps):
    from d2s_lab.core.paddle_compat.transformers import transformer_names

    expected = _paddle_transformer_list()
    assert len(expected) >= 10
    assert transformer_names() == expected
    for name, steps in all_steps.items():
        assert steps[0].is_original and steps[0].transformer == "Original"
        assert [s.class_name for s in steps[1:]] == expected, name
        assert [s.transformer for s in steps[1:]] == [n[: -len("Transformer")] for n in expected]


def _code_with_counters_at(paddle, fn, start: int) -> str:
    """``StaticFunction.code`` of a fresh transform of ``fn`` with Paddle's name counters
    at ``start`` (Paddle's global counters are left as they were)."""
    import types

    from paddle.base import unique_name
    from paddle.jit.dy2static import program_translator as pt
    from paddle.jit.dy2static.utils import func_to_source_code

    from d2s_lab.core.paddle_compat.transformers import generated_name_prefixes

    fresh = types.FunctionType(fn.__code__, fn.__globals__, fn.__name__, fn.__defaults__, fn.__closure__)
    asts, key = pt._FUNCTION_CACHE._code_to_ast_caches, func_to_source_code(fresh)
    cached = asts.pop(key, None)  # transform anew, and put Paddle's cache back after
    try:
        with unique_name.guard():
            for prefix in generated_name_prefixes():
                unique_name.generator.ids[prefix] = start
            return paddle.jit.to_static(fresh, full_graph=True).code
    finally:
        asts.pop(key, None)
        if cached is not None:
            asts[key] = cached


@pytest.mark.parametrize("fn", m.FUNCTIONS, ids=lambda f: f.__name__)
def test_last_step_normalises_to_code(paddle, fn, all_steps):
    """The capture numbers Paddle's generated names from 0, ``.code`` from Paddle's global
    counters; Paddle 2.6 also writes some declarations in the names' string order, which
    changes where the names straddle 9/10 or 99/100."""
    steps = all_steps[fn.__name__]
    assert "_jst" in steps.final
    for start in (3, 9, 99):
        code = _code_with_counters_at(paddle, fn, start)
        assert re.search(rf"_{start}\b", code), start  # the counters were really there
        assert normalize_names(steps.final) == normalize_names(code), start


def test_normalisation_is_needed_and_renumbers_only_paddles_names(paddle):
    # A function converted after others gets higher numbers in .code than in a capture.
    _ = paddle.jit.to_static(m.tensor_if, full_graph=True).code

    def again(x):
        if paddle.mean(x) > 0:
            y = x * 2
        else:
            y = x - 1
        return y

    code = paddle.jit.to_static(again, full_graph=True).code
    final = capture_steps(again).final
    assert "true_fn_0" in final and "true_fn_0" not in code
    assert normalize_names(final) == normalize_names(code)
    text = "__return_2 = x; conv_1 = true_fn_5; __return_value_3 = __return_2; false_fn_9(true_fn_5)"
    assert normalize_names(text).strip() == (
        "__return_0 = x; conv_1 = true_fn_0; __return_value_0 = __return_0; false_fn_0(true_fn_0)")


EXPECTED_CHANGES = {
    "tensor_if": {"IfElse", "CreateVariable", "Return", "NameloadJst"},
    "loops_break_continue": {"BreakContinue", "Loop", "IfElse", "Logical"},
    "early_return": {"EarlyReturn", "Return", "IfElse"},
    "logical": {"Logical", "IfElse"},
    "with_assert": {"Assert", "TensorShape"},
    "nested_calls": {"Call"},
}
EXPECTED_SAME = {
    "tensor_if": {"Loop", "BreakContinue", "Assert", "Logical", "TypeHint", "Super"},
    "with_assert": {"IfElse", "Loop", "BreakContinue"},
    "nested_calls": {"IfElse", "Loop", "Logical", "Assert"},
}


@pytest.mark.parametrize("name", sorted(EXPECTED_CHANGES))
def test_changed_flags(all_steps, name):
    steps = all_steps[name]
    for prev, step in zip(steps, steps[1:]):
        assert step.changed == (step.source != prev.source)
    changed = {s.transformer for s in steps if s.changed}
    assert EXPECTED_CHANGES[name] <= changed, changed
    assert not (EXPECTED_SAME.get(name, set()) & changed), changed
    # the code really shows each transformer's work
    by_name = {s.transformer: s.source for s in steps}
    if "IfElse" in EXPECTED_CHANGES[name]:
        assert "_jst.IfElse" in by_name["IfElse"] and "_jst.IfElse" not in by_name["Loop"]
    if name == "loops_break_continue":
        assert "__break_" in by_name["BreakContinue"] and "break" in steps[0].source
        assert "_jst.While" in by_name["Loop"]
    if name == "logical":
        assert "_jst.And" in by_name["Logical"] and "_jst.Not" in by_name["Logical"]
    if name == "with_assert":
        assert "_jst.Assert" in by_name["Assert"]
    if name == "nested_calls":
        assert "_jst.Call" in by_name["Call"] and "_jst.Call" not in by_name["Assert"]


def test_second_capture_is_identical_and_leaves_paddle_alone(paddle):
    from paddle.base import unique_name
    from paddle.jit.dy2static import program_translator as pt

    ids_before = dict(unique_name.generator.ids)
    cache_before = set(pt._FUNCTION_CACHE._code_to_ast_caches)
    first = capture_steps(m.loops_break_continue)
    second = capture_steps(m.loops_break_continue)
    assert [(s.transformer, s.source, s.changed) for s in first] == \
           [(s.transformer, s.source, s.changed) for s in second]
    assert dict(unique_name.generator.ids) == ids_before
    assert set(pt._FUNCTION_CACHE._code_to_ast_caches) == cache_before
    assert "convert_with_cache" not in vars(pt._FUNCTION_CACHE)
    # capturing after Paddle cached the function still gives every step
    _ = paddle.jit.to_static(m.loops_break_continue, full_graph=True).code
    third = capture_steps(m.loops_break_continue)
    assert [s.source for s in third] == [s.source for s in first]


def test_the_steps_of_a_source_seen_before_are_kept(paddle, monkeypatch):
    """A cell run again (the same source) is not transformed again; another source is."""
    from d2s_lab.core.paddle_compat import transformers as compat

    made = []
    transform = compat._transform
    monkeypatch.setattr(compat, "_transform", lambda *a: made.append(a[3]) or transform(*a))
    first = capture_steps(m.tensor_if)
    again = capture_steps(m.tensor_if)
    assert [(s.transformer, s.source) for s in again] == [(s.transformer, s.source) for s in first]
    assert len(made) <= 1 and again is not first and again[0] is not first[0]

    def tensor_if(x):  # the same name, other code
        return x + 1

    capture_steps(tensor_if)
    assert made[-1].strip().endswith("return x + 1")


def test_capture_from_layer_static_function_and_conversion(paddle):
    import d2s_lab

    net = m.Gate()
    from_layer = capture_steps(net)
    assert from_layer.name == "Gate"
    assert "_jst.IfElse" in from_layer.final
    sf = paddle.jit.to_static(m.tensor_if, full_graph=True)
    assert [s.source for s in d2s_lab.steps(sf)] == [s.source for s in capture_steps(m.tensor_if)]
    conv = d2s_lab.convert(net, ["x: [None, 4] float32"])
    from_conv = capture_steps(conv)
    assert normalize_names(from_conv.final) == normalize_names(conv.transformed_source)


def test_capture_errors_are_clear(paddle):
    from d2s_lab.errors import D2SError

    with pytest.raises(D2SError) as info:
        capture_steps(42)
    assert "Cannot convert a int" in info.value.message
    fn = eval("lambda x: x + 1")
    with pytest.raises(D2SError) as info:
        capture_steps(fn)
    assert "source" in info.value.message.lower()


def test_converted_functions_of_a_conversion(paddle):
    import d2s_lab

    conv = d2s_lab.convert(m.nested_calls, ["x: [None, 4] float32"])
    names = [c.name for c in conv.callees]
    assert names == ["_helper"]
    helper = conv.callees[0]
    assert "def _helper" in helper.original_source and "_jst.IfElse" in helper.transformed_source
    assert helper.first_line == inspect.getsourcelines(m._helper)[1]
    # a second conversion (Paddle's cache now warm) still lists it
    again = d2s_lab.convert(m.nested_calls, ["x: [None, 4] float32"])
    assert [c.name for c in again.callees] == ["_helper"]


# ---- views -------------------------------------------------------------------------------


def test_side_by_side_aligns_and_escapes():
    from d2s_lab.viz.source_view import side_by_side_html

    src = inspect.getsource(m.script_text)
    out = capture_steps(m.script_text).final
    html = side_by_side_html(src, out, first_line=60, linked_lines=[62])
    assert "<script>alert" not in html and "</pre><script>" not in html
    assert "&lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert 'data-d2s-line="62"' in html and 'data-d2s-line="61"' not in html
    rows = re.findall(r"<tr>.*?</tr>", html.split("<tbody>")[1])
    # the def line is unchanged and sits beside itself
    assert re.search(r">60</td><td class=\"d2s-code\"[^>]*>.*def.*script_text.*<td class=\"d2s-mark\"></td>",
                     rows[0])
    # code stays left-aligned and monospace where a sanitizer strips <style> (inline styles)
    assert 'class="d2s-diff" style="font-family:monospace' in html
    # and a short original column is never squeezed beside long transformed lines
    assert 'class="d2s-code" style="text-align:left;white-space:pre-wrap;min-width:16em"' in rows[0]
    assert "d2s-add" in html and "d2s-del" in html
    assert "<script" not in html  # no JavaScript at all


def test_static_steps_html_holds_every_step():
    from d2s_lab.viz.steps_view import steps_static_html

    steps = capture_steps(m.script_text)
    html = steps_static_html(steps, "en")
    assert html.count('<details class="d2s-step') == len(steps)
    text = _text(html)
    for s in steps[1:]:
        assert s.class_name in text
    assert text.count("no change") == sum(1 for s in steps[1:] if not s.changed)
    assert "cond op (pd_op.if)" in text  # the IfElse explanation
    assert "<script>alert" not in html and "&lt;/pre&gt;&lt;script&gt;" in html
    assert "<script" not in html
    zh = steps_static_html(steps, "zh")
    assert "转换步骤" in zh and "无改动" in zh and "两个子块的 cond 算子" in zh


def test_explanations_cover_paddles_transformers():
    from d2s_lab.core.paddle_compat.transformers import transformer_names
    from d2s_lab.text import CATALOGUE, t
    from d2s_lab.viz.explain import explain

    generic = {lang: t("transformers.generic", lang) for lang in ("en", "zh")}
    for cls in transformer_names():
        short = cls[: -len("Transformer")]
        assert f"transformers.{short}" in CATALOGUE, short
        assert explain(cls, "en") != generic["en"] and explain(short, "zh") != generic["zh"]
        assert re.search(r"[\u4e00-\u9fff]", explain(short, "zh"))
    assert explain("FancyNewTransformer", "en") == generic["en"]
    assert explain("FancyNew", "zh") == generic["zh"]


def test_language_setting(monkeypatch):
    from d2s_lab.text import lang
    from d2s_lab.errors import D2SError

    monkeypatch.setattr(lang, "_chosen", None)
    monkeypatch.setenv("D2S_LANG", "zh")
    assert lang.get_lang() == "zh"
    monkeypatch.setenv("D2S_LANG", "en")
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    assert lang.get_lang() == "en"
    monkeypatch.delenv("D2S_LANG")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    assert lang.get_lang() == "zh"
    assert lang.set_lang("EN") == "en" and lang.get_lang() == "en"
    assert lang.get_lang("zh") == "zh"
    with lang.using_lang("zh"):
        assert lang.get_lang() == "zh"
    assert lang.get_lang() == "en"
    with pytest.raises(D2SError):
        lang.set_lang("fr")


def test_widget_next_prev_slider_and_skip():
    from d2s_lab.viz.steps_view import steps_widget

    steps = capture_steps(m.tensor_if)
    w = steps_widget(steps, "en")
    assert w.index == 0 and w.prev_button.disabled and not w.next_button.disabled
    # a saved notebook keeps one page of it, not every step (those are in the static copy)
    import json

    from ipywidgets.embed import dependency_state

    state = json.dumps(dependency_state(w))
    assert state.count('class=\\"d2s-step-head\\"') == 1
    shown = [w.shown_html]
    for _ in range(len(steps) - 1):
        w.next_button.click()  # runs the real on_click handlers
        shown.append(w.shown_html)
    assert w.index == len(steps) - 1 and w.next_button.disabled
    assert len(set(shown)) == len(steps)
    for k, html in enumerate(shown[1:], 1):
        assert steps[k].transformer in html
        assert ("no change" in html) == (not steps[k].changed)
    # NameloadJst's diff is highlighted (last on Paddle 3; Paddle 2.6 runs TypeHint after it)
    assert "d2s-add" in shown[[s.transformer for s in steps].index("NameloadJst")]
    w.prev_button.click()
    assert w.index == len(steps) - 2 and w.slider.value == len(steps) - 2
    w.slider.value = 11
    assert w.index == 11 and w.shown_step.transformer == steps[11].transformer
    # skipping: Next from the original lands only on steps that changed something
    w.skip.value = True
    w.slider.value = 0
    visited = []
    while not w.next_button.disabled:
        w.next_button.click()
        visited.append(w.shown_step.transformer)
    assert visited == [s.transformer for s in steps if s.changed]
    assert "_jst.IfElse" in w.shown_html or visited[-1] == "NameloadJst"


def test_widget_in_chinese():
    from d2s_lab.viz.steps_view import steps_widget

    w = steps_widget(capture_steps(m.tensor_if), "zh")
    assert w.next_button.description.startswith("下一步")
    w.slider.value = [s.transformer for s in w.steps].index("IfElse")
    assert "true/false" in w.shown_html and "子块" in w.shown_html


def test_steps_object_displays_as_static_html():
    steps = capture_steps(m.tensor_if)
    assert isinstance(steps, Steps)
    assert steps._repr_html_().count('<details class="d2s-step') == len(steps)
    assert "IfElse" in repr(steps) and "(=)" in repr(steps)


def test_indentation_survives_nbconvert_html_export():
    """nbconvert collapses whitespace-only text between tags; code cells must not rely on it."""
    import html as _html

    import nbformat
    from nbconvert import HTMLExporter

    from d2s_lab.viz.source_view import side_by_side_html

    src = "def f(x):\n    if x:\n        y = 1  # note\n    return y\n"
    out = "def f(x):\n    __return_0 = False\n    if x:\n        y = 1\n    return y\n"
    nb = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell("f")
    cell.outputs = [nbformat.v4.new_output("display_data", data={"text/html": side_by_side_html(src, out)})]
    nb.cells = [cell]
    body, _ = HTMLExporter().from_notebook_node(nb)
    cells = [_html.unescape(re.sub(r"<[^>]+>", "", c))
             for c in re.findall(r'<td class="d2s-code[^"]*"[^>]*>(.*?)</td>', body)]
    assert "        y = 1  # note" in cells
    assert "    __return_0 = False" in cells


def test_builds_without_the_transformer_pipeline_get_a_clear_message(paddle, monkeypatch, shell):
    from d2s_lab.core.paddle_compat import transformers as compat

    monkeypatch.setattr(compat, "_CLASS_HOMES", ("d2s_lab.no_such_module",))
    with pytest.raises(compat.TransformersUnavailable) as info:
        capture_steps(m.tensor_if)
    assert f"not available on Paddle {paddle.__version__}" in info.value.message
    assert "side-by-side" in info.value.hint
    # %%to_static still shows its report, with a note in place of the steps
    res, htmls, _ = shell.run('%%to_static --input "x: [None, 4] float32"\n'
                              "import paddle\ndef double(x):\n    return x * 2\n")
    assert res.success
    assert any('class="d2s-summary"' in h for h in htmls)
    assert any("d2s-note" in h and "Step-by-step capture is not available" in h for h in htmls)
    assert not any("d2s-error" in h.split("</style>")[-1] for h in htmls)


def test_changed_characters_are_marked_within_paired_lines():
    from d2s_lab.viz.source_view import side_by_side_html

    html = side_by_side_html("def f(x):\n    return x + 1\n", "def f(x):\n    return _jst.Ld(x) + 1\n")
    left, right = re.findall(r'<td class="d2s-code d2s-(?:del|add)"[^>]*>(.*?)</td>', html)
    assert "d2s-chg" not in left  # nothing was removed from the line, only added
    marked = "".join(re.findall(r'<span class="[^"]*d2s-chg">([^<]*)</span>', right))
    assert marked == "_jst.Ld()"
    assert _text(right).replace(" ", "") == "return_jst.Ld(x)+1"


def many_returns(x):
    """Picks a branch; Paddle names its helpers like true_fn_0 and __return_0: not these."""
    s = x.mean()
    if s > 0.9:
        return x * 1
    if s > 0.8:
        return x * 2
    if s > 0.7:
        return x * 3
    if s > 0.6:
        return x * 4
    if s > 0.5:
        return x * 5
    if s > 0.4:
        return x * 6
    if s > 0.3:
        return x * 7
    if s > 0.2:
        return x * 8
    if s > 0.1:
        return x * 9
    if s > 0.0:
        return x * 10
    if s > -0.1:
        return x * 11
    return x * 12


def test_steps_equal_code_past_nine_names_and_with_a_docstring(paddle):
    """Paddle sorts some generated names as strings (__return_10 before __return_9), and
    that order changes with its counter; a docstring naming true_fn_0 stays as written."""
    for _ in range(3):  # push Paddle's counters to different values
        _ = paddle.jit.to_static(m.tensor_if, full_graph=True).code
    code = paddle.jit.to_static(many_returns, full_graph=True).code
    final = capture_steps(many_returns).final
    assert re.search(r"__return_1\d\b", final)  # the capture's own counter passed 9
    assert normalize_names(final) == normalize_names(code)
    doc = many_returns.__doc__.strip().splitlines()[0]
    assert doc in normalize_names(final)  # not renumbered
    text = 'def f():\n    """true_fn_7 here"""\n    __return_10 = 1\n    __return_9 = 2  # true_fn_3\n'
    assert normalize_names(text) == ('def f():\n    """true_fn_7 here"""\n    __return_1 = 1\n'
                                     '    __return_0 = 2  # true_fn_3\n')


def test_a_default_path_run_that_translated_none_of_forward_says_its_steps_are_ast():
    """paddle.vision's LeNet on the default path: SOT runs its forward (Paddle's own file)
    as written, so there is no SOT code of it; the steps shown are the AST transformers',
    and the view says so instead of presenting them as the default path's, in English and
    Chinese."""
    import paddle
    from paddle.vision.models import LeNet

    import d2s_lab
    from d2s_lab.viz.steps_view import steps_static_html

    model = LeNet()
    model.eval()
    conv = d2s_lab.convert(model, example_inputs=[paddle.randn([2, 1, 28, 28])], mode="sot")
    steps = capture_steps(conv)
    assert steps.path == "ast" and steps.sot_untranslated
    assert "On this run SOT translated no frame of this function" in _text(steps_static_html(steps, "en"))
    assert "这次运行中 SOT 没有翻译这个函数的任何帧" in _text(steps_static_html(steps, "zh"))
    assert not capture_steps(conv, "features").sot_untranslated  # a sublayer asked for: plain AST steps
