"""Walking a live legacy Program (Paddle 2.6's IR; Paddle 3 builds one with
FLAGS_enable_pir_api=0) into the graph model, in a subprocess with PIR off."""
import json
import os
import subprocess
import sys
import textwrap

import pytest

SCRIPT = textwrap.dedent('''
    import json
    import paddle
    from d2s_lab.core.paddle_compat.walk import legacy
    from d2s_lab.core.paddle_compat.walk import program_to_graph, recording_layer_paths

    class Net(paddle.nn.Layer):
        def __init__(self):
            super().__init__()
            self.fc = paddle.nn.Linear(4, 3)
            self.act = paddle.nn.ReLU()

        def forward(self, x):
            return self.act(self.fc(x))

    paddle.enable_static()
    main, start = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, start):
        net = Net()
        x = paddle.static.data("x", [None, 4], "float32")
        with recording_layer_paths(net) as paths:
            y = net(x)
        i = paddle.full([1], 0, "int64")
        i, y = paddle.static.nn.while_loop(lambda i, y: i < 3, lambda i, y: [i + 1, y * 2], [i, y])
    g = program_to_graph(main, layer_paths=paths, param_names={p.name: n for n, p in net.named_parameters()},
                         inputs=[x], outputs=[y], name="net")
    ops = [(o.name, o.category, o.layer, [g.values[v].shape for v in o.outputs]) for o in g.iter_ops()]
    whiles = [o for o in g.iter_ops() if o.name == "while"]
    print(json.dumps({
        "legacy": legacy.is_legacy_program(main),
        "ops": ops,
        "while_blocks": [[b.label, [o.name for o in b.ops]] for w in whiles for b in w.blocks],
        "params": sorted((v.name, v.shape) for v in g.parameters()),
        "inputs": g.inputs, "outputs": g.outputs,
        "matmul_inputs": [g.values[v].kind for o in g.ops_named("matmul_v2") for v in o.inputs],
        "sources": [o.source.line for o in g.ops_named("relu") if o.source is not None],
    }))
''')


@pytest.fixture(scope="module")
def walked(tmp_path_factory):
    path = tmp_path_factory.mktemp("legacy") / "walk.py"
    path.write_text(SCRIPT)
    env = dict(os.environ, FLAGS_enable_pir_api="0", GLOG_minloglevel="2")
    out = subprocess.run([sys.executable, str(path)], capture_output=True, text=True, env=env, timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_legacy_program_is_detected_and_walked(walked):
    assert walked["legacy"] is True
    names = [o[0] for o in walked["ops"]]
    assert names[:4] == ["data", "matmul_v2", "elementwise_add", "relu"]
    assert "while" in names


def test_legacy_shapes_categories_and_layer_paths(walked):
    by_name = {o[0]: o for o in walked["ops"]}
    assert by_name["matmul_v2"][1] == "matmul" and by_name["relu"][1] == "activation"
    assert by_name["matmul_v2"][3] == [[-1, 3]]
    assert by_name["matmul_v2"][2] == "fc" and by_name["relu"][2] == "act"
    assert walked["matmul_inputs"] == ["input", "parameter"]


def test_legacy_while_sub_block_and_parameters(walked):
    assert walked["while_blocks"][0][0] == "body"
    assert {"scale", "less_than"} <= set(walked["while_blocks"][0][1])
    assert walked["params"] == [["fc.bias", [3]], ["fc.weight", [4, 3]]]
    assert walked["inputs"] == ["x"] and len(walked["outputs"]) == 1


def test_legacy_ops_carry_the_users_line(walked):
    line = SCRIPT.splitlines().index("        return self.act(self.fc(x))") + 1
    assert walked["sources"] == [line]
