"""Views that read with no stylesheet (JupyterLab strips <style> from untrusted notebooks but
keeps style=""): the op table and "Ops by source line" carry their alignment inline, shapes
never break; and what forward printed while traced explains its symbolic shapes."""
import re

import pytest

from html_text import text as html_text


def forward_printing_its_shape(x):
    print(x.shape)
    return x * 2


def forward_printing_a_number(x):
    print("width", x.shape[1])
    return x * 2


@pytest.fixture(scope="module")
def seed_conv(paddle):
    import d2s_lab
    from d2s_lab.teaching.examples import EmbeddingNet

    return d2s_lab.convert(EmbeddingNet(), ["x: [None, 3, 32, 32] float32"])


def _cells(page: str, tag: str):
    return re.findall(rf"<{tag}\b([^>]*)>", page)


def test_op_table_cells_carry_their_alignment_inline(seed_conv):
    from d2s_lab.viz.op_table import op_table_html

    page = op_table_html(seed_conv.drawn_graph)
    cells = _cells(page, "td") + _cells(page, "th")
    assert len(cells) > 100
    assert all("text-align:left" in c for c in cells), [c for c in cells if "text-align:left" not in c][:3]
    rows = re.findall(r"<tr>(.*?)</tr>", page.split("<tbody>")[1])
    for row in rows:
        tds = _cells(row, "td")
        assert "position:sticky" in tds[0] and "left:0" in tds[0]  # the op column stays in view
        assert "white-space:nowrap" in tds[1] and "white-space:nowrap" in tds[2]  # one line per shape
    assert re.search(r'<div class="d2s-scroll" style="[^"]*overflow-x:auto', page)


def test_ops_by_line_cells_carry_their_alignment_inline(seed_conv):
    from d2s_lab.viz.linked_view import ops_by_line_html

    page = ops_by_line_html(seed_conv.drawn_graph, seed_conv.source_file, "en")
    body = page.split("<tbody>")[1]
    cells = _cells(body, "td")
    assert len(cells) > 20 and all("text-align:left" in c for c in cells)
    outputs = [_cells(r, "td")[2] for r in re.findall(r"<tr(?: class=\"d2s-line-\d+\")?>(.*?)</tr>", body)]
    assert outputs and all("white-space:nowrap" in c for c in outputs)
    # hovering a line still tints its rows over the cells' inline background
    assert "background:#fff8c5!important" in page


def test_sources_keep_a_minimum_width(seed_conv):
    from d2s_lab.viz.source_view import side_by_side_html

    page = side_by_side_html(seed_conv.original_source, seed_conv.transformed_source)
    code = [c for c in _cells(page, "td") if 'class="d2s-code' in c and "style=" in c]
    assert code and all("min-width:16em" in c for c in code)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_printed_while_tracing_explains_symbolic_shapes(paddle, lang):
    import d2s_lab
    from d2s_lab.text.lang import using_lang
    from d2s_lab.viz.log_view import section_prints

    note = {"en": "Symbols, not numbers", "zh": "这里是符号而不是数字"}[lang]
    dynamic = d2s_lab.convert(forward_printing_its_shape, ["x: [None, 8] float32"])
    fixed = d2s_lab.convert(forward_printing_its_shape, ["x: [2, 8] float32"])
    number = d2s_lab.convert(forward_printing_a_number, ["x: [None, 8] float32"])
    with using_lang(lang):
        shown = html_text(section_prints(dynamic))
        assert note in shown and "paddle.shape(x)" in shown
        # Paddle 3 prints a Value, Paddle 2.6 a -1: either reads as a symbol
        assert "Value(" in shown or "-1" in shown, shown
        assert note not in html_text(section_prints(fixed)) and "[2, 8]" in fixed.traced_prints
        assert note not in html_text(section_prints(number)) and "width 8" in number.traced_prints


def test_the_report_counts_ops_one_way(paddle):
    """The report's head, its graph, its op table and the table's note count the same ops:
    PIR's parameter ops (one per weight) are listed beside the ops that use them, not as ops."""
    import d2s_lab
    from d2s_lab.viz.report import conversion_html

    layers = []
    for _ in range(30):
        layers += [paddle.nn.Linear(8, 8), paddle.nn.LayerNorm(8), paddle.nn.GELU()]
    net = paddle.nn.Sequential(*layers)
    net.eval()
    conv = d2s_lab.convert(net, ["x: [None, 8] float32"], mode="ast")
    text = " ".join(html_text(conversion_html(conv)).split())
    # "N ops" of the whole program ("2 ops: matmul, add" is a folded layer's label)
    counts = {int(n.replace(",", "")) for n in re.findall(r"([\d,]+) ops\b(?!:)", text)}
    counts |= {int(n) for n in re.findall(r"\bOps \((\d+)\)", text)}
    counts |= {int(n.replace(",", "")) for n in re.findall(r"first [\d,]+ of ([\d,]+) ops", text)}
    assert counts == {conv.drawn_graph.num_listed_ops()}, counts
    assert re.search(r"first [\d,]+ of [\d,]+ ops", text) and "Ops (" in text  # the table's note counts too
    params = conv.drawn_graph.num_ops() - conv.drawn_graph.num_listed_ops()
    from versions import PADDLE3

    assert params == (120 if PADDLE3 else 0)  # Paddle 2.6's Programs hold parameters as variables
