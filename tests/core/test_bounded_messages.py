"""Messages that say what is true: a model without parameters has no optimised inference
program (said in words, not Paddle's C++ text); programs that differ only in their output
ops are the same; a failure while drawing a diff is one message."""
from __future__ import annotations

import paddle
import pytest

import d2s_lab
from d2s_lab.errors import D2SError


def relu_plus_one(x):
    return paddle.nn.functional.relu(x) + 1


@pytest.fixture(scope="module")
def conv():
    return d2s_lab.convert(relu_plus_one, [paddle.static.InputSpec([None, 4], "float32", "x")])


def test_inference_program_of_a_model_without_parameters_is_explained(conv):
    with pytest.raises(D2SError) as ei:
        conv.program_graph("inference")
    text = str(ei.value)
    assert "has no parameters" in text and "%d2s_graph" in ei.value.hint
    assert ".cc:" not in text and "InvalidArgument" not in text


def test_output_ops_alone_are_no_difference(conv):
    from versions import PADDLE3

    d = conv.program_diff("amp")
    assert not d.added and not d.removed and not d.changed
    if PADDLE3:  # the forward program's shadow_output, absent from the AMP one, is left out
        assert any("hand results out" in n for n in d.notes), d.notes


def test_a_failure_while_drawing_a_diff_is_one_message(shell, conv, monkeypatch):
    import d2s_lab.magics.diff as magic

    def broken(_d, _var=""):  # the drawing fails (a bug, a renderer crash): no traceback reaches the user
        raise RuntimeError("drawing broke")

    monkeypatch.setattr(magic, "diff_html", broken)
    shell.ns["c1"] = conv
    res, htmls, out = shell.run("%d2s_diff c1 c1 --as dd")
    assert res.success and len(htmls) == 1
    assert "drawing broke" in htmls[0] and "Traceback" not in htmls[0] + out
    assert "dd" not in shell.ns


def test_graph_magic_says_what_is_wrong(shell, conv):
    shell.ns["c1"] = conv
    for line, words in (("%d2s_graph c1 --budget -1", "--budget -1"),
                        ("%d2s_graph c1 --explore -o x.svg", "--explore shows the explorer"),
                        ("%d2s_graph c1 --explore --format png", "--explore shows the explorer")):
        res, htmls, _ = shell.run(line)
        assert res.success and words in "".join(htmls), (line, htmls)
    res, htmls, _ = shell.run('%%to_static --input "x: [None,4] float32" --as broken\n'
                              "def f(x):\n    return x.no_such_method()\n")
    assert shell.ns["broken"].error is not None
    res, htmls, _ = shell.run("%d2s_graph broken --program train")
    html = "".join(htmls)
    assert "failed to convert" in html and "--mode ast" not in html, html[-1500:]


def _ping(n):
    return _pong(n)


def _pong(n):
    if n == 0:
        raise ValueError("bottom")
    return _ping(n - 1)


def test_a_recursion_traceback_shows_its_repeating_frames_once():
    """A recursion through two functions (Python folds only one repeated line): the error
    box's traceback shows the pair once and how many more times it repeats, and the
    frames around it stay."""
    import traceback

    from d2s_lab.core.tracebacks import fold_repeated_frames

    try:
        _ping(300)
    except ValueError:
        text = traceback.format_exc()
    folded = fold_repeated_frames(text)
    assert len(text) > 40_000 and len(folded) < 1_500, len(folded)
    assert "[the 2 frame(s) above repeat 299 more times]" in folded
    assert folded.splitlines()[0] == "Traceback (most recent call last):" and folded.endswith("ValueError: bottom")
    assert 'raise ValueError("bottom")' in folded  # the last frame, where it differs, is kept
    assert fold_repeated_frames("no frames here\nat all") == "no frames here\nat all"
