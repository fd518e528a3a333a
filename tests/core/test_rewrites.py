"""Paddle's silent rewrites of Python values (core/rewrites.py), found on real conversions,
and their report section (viz/rewrites_view.py)."""
import paddle

import d2s_lab
from versions import pir_only
from d2s_lab.core.rewrites import find_rewrites
from d2s_lab.viz.rewrites_view import rewrites_body, section_rewrites
from models import line_in


# Paddle 2.6 refuses these conversions outright (and its SOT crashes on them).
pytestmark = pir_only("Paddle 3 silently rewrites .numpy() and float() on static values")


def line_of(marker: str) -> int:
    return line_in(__file__, marker)


def silent(x):
    y = x.numpy()  # NUMPY
    s = float(x.sum())  # FLOAT
    n = len(x)  # LEN
    k = int(x.max())  # INT
    if s > 0:  # IF
        return paddle.to_tensor(y) * n + k
    return x


def clean(x):
    n = int(3.7)
    return x * n


def test_every_silent_rewrite_found_with_its_line():
    conv = d2s_lab.convert(silent, ["x: [None, 4] float32"])  # converts without an error
    rws = find_rewrites(conv)
    got = {(r.kind, r.line) for r in rws}
    assert got == {("numpy", line_of("NUMPY")), ("cast", line_of("FLOAT")), ("len", line_of("LEN")),
                   ("cast", line_of("INT"))}, got
    flt = next(r for r in rws if r.line == line_of("FLOAT"))
    assert flt.original == "float(x.sum())" and flt.params["if_line"] == str(line_of("IF"))
    made_en, _ = flt.texts("en")
    made_zh, why_zh = flt.texts("zh")
    assert "cast" in made_en and "pd_op.if" in made_en and f"line {line_of('IF')}" in made_en
    assert f"第 {line_of('IF')} 行" in made_zh and why_zh
    conv.rewrites = rws  # (core/convert.py fills this field)
    page = section_rewrites(conv)
    assert page.count('class="d2s-rw-line"') == 4
    assert f'data-line="{line_of("LEN")}"' in page


def test_no_rewrites_no_section():
    conv = d2s_lab.convert(clean, ["x: [None, 4] float32"])
    assert find_rewrites(conv) == []
    conv.rewrites = []
    assert section_rewrites(conv) == "" and rewrites_body(None) == ""
    sot = d2s_lab.convert(silent, ["x: [None, 4] float32"], mode="sot")
    assert find_rewrites(sot) == []  # no Graph in SOT mode
