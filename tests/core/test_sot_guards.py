"""SOT's guards as the model's code writes them, the same check on each item of a layer
list told once (d2s_lab.core.sot.guards: text only, no Paddle)."""
from d2s_lab.core.sot.guards import grouped, readable


def test_attribute_paths_read_as_the_code_writes_them():
    raw = ("self._sub_layers['llama']._sub_layers['layers']._sub_layers['4']._sub_layers['input_layernorm']"
           "._parameters['weight'].shape[0] == 32")
    assert readable(raw) == "self.llama.layers[4].input_layernorm.weight.shape[0] == 32"
    assert readable("self._buffers['inv_freq'].dtype == paddle.float32") == "self.inv_freq.dtype == paddle.float32"
    assert readable("x.shape[1] == 2") == "x.shape[1] == 2"


def test_a_check_on_each_layer_is_told_once():
    per_layer = [f"self._sub_layers['layers']._sub_layers['{i}']._parameters['weight'].shape[0] == 32"
                 for i in range(8)]
    groups = grouped(["x.shape[1] == 2", "x.shape[0] == 2", *per_layer, "x.shape[1] == 2",
                      "f.__code__ == __object_11", "f.__code__ == __object_12", "g.__code__ == __object_13"])
    told = [(g.text, g.count, g.indices) for g in groups]
    assert told == [
        ("x.shape[1] == 2", 2, []),  # the same guard twice: once, with its count
        ("x.shape[0] == 2", 1, []),  # an index that is the check itself stays
        ("self.layers[N].weight.shape[0] == 32", 8, [str(i) for i in range(8)]),
        ("f.__code__ == __object", 2, []),  # SOT's object names differ each time
        ("g.__code__ == __object_13", 1, []),
    ]
    # two items are not a list worth a [N]: each is told as written
    two = grouped(per_layer[:2])
    assert [g.text for g in two] == ["self.layers[0].weight.shape[0] == 32", "self.layers[1].weight.shape[0] == 32"]
