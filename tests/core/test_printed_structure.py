"""A library model's printed structure in the report: repeated list items told once."""
import paddle

from d2s_lab.core.structure import fold_repeated_layers


def test_repeated_list_items_are_told_once():
    encoder = paddle.nn.TransformerEncoder(paddle.nn.TransformerEncoderLayer(8, 2, 16), 5)
    model = paddle.nn.Sequential(paddle.nn.Linear(2, 2), encoder,
                                 paddle.nn.LayerList([paddle.nn.ReLU() for _ in range(4)]))
    text = fold_repeated_layers(repr(model))
    assert text.count("TransformerEncoderLayer(") == 1 and "(1)–(4): 4 more like (0)" in text
    assert "    (1)–(3): 3 more like (0)" in text and text.count("ReLU()") == 1
    assert "(0): Linear(in_features=2" in text  # the Sequential's items differ: each kept
    assert len(text) < len(repr(model)) / 3


def test_items_that_differ_or_are_few_are_kept():
    model = paddle.nn.LayerList([paddle.nn.Linear(2, 2), paddle.nn.Linear(2, 3), paddle.nn.Linear(2, 2),
                                 paddle.nn.ReLU(), paddle.nn.ReLU()])
    assert fold_repeated_layers(repr(model)) == repr(model)
