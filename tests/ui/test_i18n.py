"""English and Simplified Chinese: hints, error boxes, report labels, check and rewrite
texts switch with %d2s_lang / set_lang, on real errors."""
import html
import re

import paddle
import pytest

import d2s_lab
from d2s_lab.core.diagnosis import HINTS, hint_text
from d2s_lab.errors import ConversionError
from d2s_lab.text.lang import using_lang
from d2s_lab.text.lookup import CATALOGUE
from d2s_lab.viz.error_view import error_report_html
from d2s_lab.text import missing
from html_text import text as _text


def dtype_mix(x):
    a = x.argmax(axis=1).astype("int32")
    return paddle.concat([a, x.argmax(axis=1)])  # MIX


def test_ui_tables_complete():
    assert missing() == []
    for hid in HINTS:
        h = HINTS[hid]
        assert set(CATALOGUE[h.text_key]) == set(CATALOGUE[h.title_key]) == {"en", "zh"}
        assert re.search(r"[\u4e00-\u9fff]", hint_text(hid, "zh")), hid


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_real_error_in_both_languages(lang):
    with using_lang(lang):
        with pytest.raises(ConversionError) as ei:
            d2s_lab.convert(dtype_mix, ["x: [None, 4] float32"])
        rep = ei.value.report
        assert rep.hint_id == "dtype-mix"
        assert rep.hint == hint_text("dtype-mix", lang)
        page = _text(error_report_html(rep))
        text = str(rep)
    assert rep.hint_for(lang) in page.replace("`", "") or hint_text("dtype-mix", lang)[:20] in page
    if lang == "zh":
        assert "提示" in page and "第 %d 行" % rep.line in page and "无法转换" in page
        assert "位置" in text and "提示 [dtype-mix]" in text
    else:
        assert "Hint" in page and f"line {rep.line}" in page and "could not convert" in page
        assert "hint [dtype-mix]" in text
    # the data stays language-free
    assert rep.where == f"test_i18n.py line {rep.line}"


def test_report_labels_switch(shell):
    shell.run('%%to_static --input "x: [None, 4] float32"\nimport paddle\n'
              "def twice(x):\n    return x * 2\n")
    from d2s_lab.viz.report import conversion_html

    conv = shell.ns["_d2s"]
    with using_lang("zh"):
        zh = _text(conversion_html(conv))
    with using_lang("en"):
        en = _text(conversion_html(conv))
    assert "个算子" in zh and "输入" in zh and "算子 (" in zh
    assert " ops " in en and "Ops (" in en


@pytest.mark.parametrize("lang,needle", [("en", "picture above is the graph"),
                                         ("zh", "上方的图片就是计算图")])
def test_untrusted_notes_speak_the_lab_language(lang, needle):
    from d2s_lab.core.graph.model import Block, Graph, Op, Value
    from d2s_lab.viz.graph_view import draw_graph

    g = Graph(blocks=[Block("global", "global", [
        Op(id=0, name="pd_op.data", category="data", outputs=["x"]),
        Op(id=1, name="pd_op.relu", category="activation", inputs=["x"], outputs=["y"])])],
        values={"x": Value("x", [2], "float32", producer=0), "y": Value("y", [2], "float32", producer=1)})
    with using_lang(lang):
        view = draw_graph(g)
        view.twin_shown = True
        shown = view._repr_html_()
    assert needle in html.unescape(shown)
