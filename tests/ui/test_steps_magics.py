"""%d2s_steps, %d2s_lang and the Steps / linked-view parts of %%to_static, in a real IPython shell."""
import re

import pytest

from versions import step_names

WIDGET_MIME = "application/vnd.jupyter.widget-view+json"

CELL_FN = '''import paddle
def gate(x):
    note = "</pre><script>alert(1)</script>"
    if paddle.mean(x) > 0:
        x = x * 2
    for i in range(2):
        x = x + 1
    return x
'''

TO_STATIC_CELL = '''%%to_static --input "x: [None, 4] float32" --lang zh
import paddle
def gate(x):
    note = "</pre><script>alert(1)</script>"
    if paddle.mean(x) > 0:
        x = x * 2
    else:
        x = x - 1
    return paddle.nn.functional.relu(x)
'''


def _outputs(shell, cell):
    from IPython.utils.capture import capture_output

    with capture_output() as cap:
        res = shell.ip.run_cell(cell)
    return res, [o.data for o in cap.outputs], cap.stdout


@pytest.fixture(autouse=True)
def _reset_lang():
    from d2s_lab.text import lang

    before = lang._chosen
    yield
    lang._chosen = before


def test_d2s_steps_shows_widget_and_static_copy(shell, paddle):
    shell.run(CELL_FN)
    res, outs, _ = _outputs(shell, "%d2s_steps gate --lang en")
    assert res.success
    assert len(outs) == 2
    live, static = outs
    assert WIDGET_MIME in live and "text/html" not in live
    assert "static view below" in live["text/plain"]
    from ipywidgets import Widget

    widget = Widget.widgets[live[WIDGET_MIME]["model_id"]]
    assert "d2s-steps-live" in widget._dom_classes
    html = static["text/html"]
    assert "d2s-steps-static" in html  # folded under the widget: one click opens every step
    steps = shell.ns["_d2s_steps"]
    assert html.count('<details class="d2s-step') == len(steps) == 1 + len(step_names())
    assert "<script>alert" not in html and "&lt;/pre&gt;&lt;script&gt;alert(1)" in html
    # the shown widget is live: Next changes the code it shows
    before = widget.shown_html
    widget.next_button.click()
    assert widget.shown_html != before and widget.index == 1


def test_d2s_steps_static_only_and_language(shell, paddle):
    shell.run(CELL_FN)
    res, outs, _ = _outputs(shell, "%d2s_steps gate --static --lang zh")
    assert res.success and len(outs) == 1
    html = outs[0]["text/html"]
    assert "d2s-steps-static" not in html and "转换步骤" in html and "无改动" in html
    _, _, out = _outputs(shell, "%d2s_lang zh")
    assert out.strip() == "zh"
    _, outs, _ = _outputs(shell, "%d2s_steps gate --static")
    assert "把 if 语句改成" in outs[0]["text/html"]
    _, _, out = _outputs(shell, "%d2s_lang")
    assert out.strip() == "zh"
    shell.run("import d2s_lab; d2s_lab.set_lang('en')")
    _, outs, _ = _outputs(shell, "%d2s_steps gate --static")
    assert "Turns an if statement" in outs[0]["text/html"]


def test_d2s_steps_on_layer_and_conversion(shell, paddle):
    shell.run("import paddle\nnet = paddle.nn.Linear(4, 2)")
    res, outs, _ = _outputs(shell, "%d2s_steps net --static")
    assert res.success and "Linear" in outs[0]["text/html"]
    shell.run(TO_STATIC_CELL)
    res, outs, _ = _outputs(shell, "%d2s_steps _d2s --static --lang en")
    assert res.success and "Conversion steps: gate" in re.sub(r"<[^>]+>", "", outs[0]["text/html"])


@pytest.mark.parametrize("line,needle", [
    ("nosuch", "NameError"),
    ("42", "Cannot convert a int"),
    ("gate --lang fr", "invalid choice"),
    ("", "the following arguments are required"),
])
def test_d2s_steps_bad_input_is_a_short_message(shell, paddle, line, needle):
    shell.run(CELL_FN)
    res, outs, _ = _outputs(shell, f"%d2s_steps {line}")
    assert res.success  # no traceback
    assert len(outs) == 1 and "d2s-error" in outs[0]["text/html"]
    assert needle in outs[0]["text/html"]


def test_d2s_lang_rejects_unknown(shell):
    res, outs, _ = _outputs(shell, "%d2s_lang klingon")
    assert res.success and "Unknown language" in outs[0]["text/html"]


def test_to_static_report_has_steps_and_linked_view(shell, paddle):
    res, outs, _ = _outputs(shell, TO_STATIC_CELL)
    assert res.success
    report = outs[0]["text/html"]
    assert 'class="d2s-summary"' in report
    assert any(WIDGET_MIME in o for o in outs[1:])
    static = [o["text/html"] for o in outs[1:] if "text/html" in o]
    assert len(static) == 1 and "转换步骤" in static[0]
    assert "<script>alert" not in report + static[0]
    assert "&lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt;" in report
    steps = shell.ns["_d2s_steps"]
    assert [s.transformer for s in steps][1:] == step_names()  # this Paddle's transformers
    # Chinese column titles in the side-by-side, because of --lang zh
    assert "原始代码（动态图）" in report
    # linked view: the `if` line (cell line 5) produced ops; the source line, the
    # grouped op table and the diagram all carry it
    conv = shell.ns["_d2s"]
    if_line = 5
    assert any(op.source is not None and op.source.line == if_line for op in conv.drawn_graph.iter_ops())
    assert re.search(rf'<td class="d2s-ln[^"]*" data-d2s-line="{if_line}">{if_line}</td>', report)
    assert f'<tr class="d2s-group" data-d2s-line="{if_line}">' in report
    assert f'<tr class="d2s-line-{if_line}">' in report
    linked = set(re.findall(r'data-d2s-line="(\d+)"', report))
    assert linked
    for n in linked:
        assert re.search(rf'class="[^"]*\bd2s-line-{n}\b', report), n
    # the hover rules and click script are scoped to this report element
    uid = re.search(r'<span id="(d2s-link-[\w-]+)" hidden>', report).group(1)
    assert f'.d2s:has(#{uid}):has([data-d2s-line="{if_line}"]:hover)' in report
    assert f'document.getElementById("{uid}")' in report
    if 'id="d2s-op-' in report:  # the diagram's nodes
        assert re.search(rf'<g id="d2s-op-\d+" class="[^"]*d2s-line-{if_line}\b', report)


def test_to_static_sot_mode_has_no_steps(shell, paddle):
    res, outs, _ = _outputs(shell, TO_STATIC_CELL.replace("--lang zh", "--mode sot"))
    assert res.success
    assert not any(WIDGET_MIME in o for o in outs)
    assert "_d2s_steps" not in shell.ns or shell.ns["_d2s_steps"] is None


def test_sot_steps_in_chinese_have_no_english(shell, paddle):
    """%d2s_steps --lang zh on a default-path conversion: the resumed frame's title names the
    break's place in Chinese; no English sentence is left in the steps."""
    from html_text import text as html_text

    res, _, _ = _outputs(shell, TO_STATIC_CELL.replace("--lang zh", "--mode sot"))
    assert res.success and shell.ns["_d2s"].sot.frames
    _, outs, _ = _outputs(shell, "%d2s_steps _d2s --static --lang zh")
    text = " ".join(html_text(o.get("text/html", "")) for o in outs)
    assert "中断之后" in text and "行" in text, text[:2000]
    for english in ("after the break", " line ", "runs this frame as written"):
        assert english not in text, (english, text[:2000])
    # what the steps are on this path (SOT's code), not "each AST transformer"
    assert "SOT 代替你的函数运行的代码" in text and "每个 AST 转换器执行后" not in text, text[:2000]
