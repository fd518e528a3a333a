"""%load_ext d2s_lab and %%to_static in a real IPython InteractiveShell."""
import re
import subprocess
import sys
import textwrap

from cells import SEED_CELL
from html_text import text as _text
from versions import op


def test_seed_cell_report_and_conversion(shell):
    res, htmls, _ = shell.run(SEED_CELL)
    assert res.success
    # the report, then the conversion steps (widget, and its static copy)
    assert len([h for h in htmls if 'class="d2s-summary"' in h]) == 1
    report = htmls[0]
    conv = shell.ns["_d2s"]
    assert conv.name == "net"
    shapes = [conv.drawn_graph.values[o.outputs[0]].shape for o in conv.drawn_graph.ops_named("conv2d")]
    assert shapes == [[-1, 32, 15, 15], [-1, 64, 7, 7], [-1, 128, 3, 3]]
    text = _text(report)
    assert "[N, 32, 15, 15]" in text and "[N, 128, 3, 3]" in text
    # both sources shown
    assert "Original" in report and "Transformed" in report
    assert "_jst" in text  # the transformed source
    assert "conv1" in text  # the layer column uses attribute names
    # the cell's source lines are the notebook's: forward's first statement is line 16
    conv_ops = conv.drawn_graph.ops_named("conv2d")
    assert conv_ops[0].source.line == 16 and conv_ops[2].source.line == 18
    assert shell.ns["net"] is conv.target


def test_edited_cell_reconverts_edited_class(shell):
    shell.run(SEED_CELL)
    first = shell.ns["_d2s"]
    assert len(first.drawn_graph.ops_named("conv2d")) == 3
    edited = SEED_CELL.replace(
        "x = F.relu(self.conv3(x))", "x = F.relu(self.conv3(x))\n        x = F.relu(x)"
    )
    res, htmls, _ = shell.run(edited)
    assert res.success
    second = shell.ns["_d2s"]
    assert second is not first
    assert len(second.drawn_graph.ops_named("relu")) == 4
    assert "F.relu(x)" in second.original_source


def test_class_source_is_inspectable(shell):
    shell.run(SEED_CELL)
    import inspect

    src = inspect.getsource(shell.ns["Net"])
    assert src.startswith("class Net(nn.Layer):")


def test_function_with_sot_mode(shell):
    res, htmls, _ = shell.run(textwrap.dedent('''\
        %%to_static --example "paddle.ones([2, 4])" --mode sot --as conv
        import paddle
        def f(x):
            return x * 2 + 1
        '''))
    assert res.success
    conv = shell.ns["conv"]
    assert conv.mode == "sot" and conv.drawn_graph is None
    assert "--mode ast" in _text(htmls[0]) or "mode='ast'" in htmls[0]
    assert "first_run_s" in conv.timings


def test_model_option_and_no_run(shell):
    res, htmls, _ = shell.run(textwrap.dedent('''\
        %%to_static --model lin --input "[None, 16]" --no-run
        import paddle
        lin = paddle.nn.Linear(16, 4)
        other = paddle.nn.Linear(4, 2)
        '''))
    conv = shell.ns["_d2s"]
    assert conv.name == "lin"
    assert "first_run_s" not in conv.timings
    assert conv.drawn_graph.ops_named(op("matmul"))


# ---- bad input: a clear one-paragraph message, no traceback, cell variables kept ----

def _assert_clean_error(htmls, *needles):
    assert len(htmls) >= 1
    # Paddle's own text stays one click away, in a collapsed <details>; what is
    # shown must carry no traceback and no d2s_lab frames.
    shown = re.sub(r"<details><summary>Full traceback.*?</details>", " ", " ".join(htmls), flags=re.S)
    text = _text(shown)
    assert "Traceback" not in text and "d2s_lab/" not in text
    for n in needles:
        assert n in text, (n, text)


def test_syntax_error_in_cell(shell):
    res, htmls, _ = shell.run("%%to_static\nx = 1\ndef f(:\n    pass\n")
    _assert_clean_error(htmls, "SyntaxError", "line 3")


def test_cell_that_raises_keeps_earlier_variables(shell):
    res, htmls, _ = shell.run("%%to_static\nkept = 41 + 1\nboom = 1 / 0\n")
    _assert_clean_error(htmls, "ZeroDivisionError", "line 3", "boom = 1 / 0")
    assert shell.ns["kept"] == 42


def test_no_model_found(shell):
    res, htmls, _ = shell.run("%%to_static\nimport paddle\nvalue = 3\n")
    _assert_clean_error(htmls, "No model found", "--model")
    assert shell.ns["value"] == 3


def test_unknown_model_name(shell):
    res, htmls, _ = shell.run('%%to_static --model nosuch --input "[None,4]"\nimport paddle\nlin = paddle.nn.Linear(4, 2)\n')
    _assert_clean_error(htmls, "nosuch", "lin")
    assert "lin" in shell.ns
    shell.ns.setdefault("open", open)  # as a kernel has it (IPython's own, hidden from %who)
    shell.ip.user_ns_hidden.setdefault("open", open)
    res, htmls, _ = shell.run('%%to_static --model nosuch --input "[None,4]"\nimport paddle\nlin = paddle.nn.Linear(4, 2)\n')
    said = next(h for h in htmls if "defined now" in h)
    assert re.search(r"defined now: [^<]*\blin\b", said) and not re.search(r"defined now: [^<]*\bopen\b", said), said


def test_ambiguous_models(shell):
    res, htmls, _ = shell.run('%%to_static --input "[None,4]"\nimport paddle\na, b = paddle.nn.Linear(4, 2), paddle.nn.Linear(4, 3)\n')
    _assert_clean_error(htmls, "several models", "a, b", "--model")


def test_malformed_input_spec(shell):
    res, htmls, _ = shell.run('%%to_static --input "x: [None,three] float32"\nimport paddle\nlin = paddle.nn.Linear(4, 2)\n')
    _assert_clean_error(htmls, "three", "None")
    assert "lin" in shell.ns


def test_bad_option_still_runs_cell(shell):
    res, htmls, _ = shell.run('%%to_static --bogus\nkept2 = 7\n')
    _assert_clean_error(htmls)
    assert shell.ns["kept2"] == 7


def test_spec_rank_mismatch(shell):
    res, htmls, _ = shell.run(SEED_CELL.replace("[None,3,32,32]", "[None,3,32]"))
    _assert_clean_error(htmls, "4-D", "line 16", "x = F.relu(self.conv1(x))")
    text = _text(" ".join(htmls))
    assert "could not convert" in text
    assert "net" in shell.ns and "Net" in shell.ns


def test_too_many_inputs(shell):
    res, htmls, _ = shell.run('%%to_static --input "[None,4]" --input "[None,4]"\nimport paddle\nlin = paddle.nn.Linear(4, 2)\n')
    _assert_clean_error(htmls, "2 inputs", "takes 1")


def test_help_is_the_docstring(shell):

    doc = shell.ip.find_cell_magic("to_static").__doc__
    assert "--input" in doc and "Examples" in doc and "%%to_static" in doc


def test_unload_removes_magics(shell):
    assert shell.ip.find_cell_magic("to_static") is not None
    shell.ip.run_line_magic("unload_ext", "d2s_lab")
    assert shell.ip.find_cell_magic("to_static") is None
    shell.ip.run_line_magic("load_ext", "d2s_lab")
    assert shell.ip.find_cell_magic("to_static") is not None


def test_without_paddle_extension_loads_and_explains(tmp_path):
    """Paddle made unimportable in a fresh interpreter: the extension still loads."""
    script = textwrap.dedent('''
        import sys
        sys.modules["paddle"] = None  # import paddle -> ImportError
        from IPython.core.interactiveshell import InteractiveShell
        from IPython.utils.capture import capture_output
        ip = InteractiveShell.instance()
        ip.run_line_magic("load_ext", "d2s_lab")
        with capture_output() as cap:
            ip.run_cell("%%to_static\\nvalue = 5\\ndef f(x):\\n    return x\\n")
        html = " ".join(o.data.get("text/html", "") for o in cap.outputs)
        assert ip.user_ns["value"] == 5
        print("HTML:", html)
    ''')
    r = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert "PaddlePaddle could not be imported" in r.stdout
    assert "pip install" in r.stdout
    assert "Traceback" not in r.stdout


def test_classes_from_earlier_cells_show_cell_numbers(shell):
    count = shell.ip.execution_count
    res = shell.ip.run_cell(  # as a notebook runs it: numbered, in the history
        "import paddle\n"
        "class Two(paddle.nn.Layer):\n"
        "    def __init__(self):\n"
        "        super().__init__()\n"
        "        self.fc = paddle.nn.Linear(4, 2)\n"
        "    def forward(self, x):\n"
        "        return self.fc(x) * 2\n",
        store_history=True,
    )
    assert res.success
    res, htmls, _ = shell.run('%%to_static --input "[None, 4]"\nm = Two()\n')
    conv = shell.ns["_d2s"]
    scale = [o for o in conv.drawn_graph.iter_ops() if o.short_name in ("scale", "multiply")][0]
    assert scale.source.line == 7
    assert f"cell[{count}]:7" in _text(htmls[0])
