"""``--dim``: one parser, one check and one meaning in ``%%to_static``, ``%d2s_bench``,
``d2s-lab report|bench`` and the Python API; bad input is one short message saying how
to write it, never a traceback."""
import pytest

import d2s_lab
from d2s_lab.core.dims import Dims
from d2s_lab.errors import D2SError

SPECS = ["ids: [None, None] int64", "mask: [None, 5] int64", "past: [None, None, 8] float32"]
BAD = ("1:128", "x=3", "1=", "1=-2", "1=0", "-1=3", "past:=3", "a.b:1=2", "1=2.5", "1=²")

MODEL_FILE = '''import paddle


class Masked(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.emb = paddle.nn.Embedding(10, 8)

    def forward(self, ids, mask, past):
        full = paddle.concat([past, self.emb(ids)], axis=1)
        return full * mask.unsqueeze(-1).astype("float32")
'''


class _Spec:
    def __init__(self, shape, name=None):
        self.shape, self.name = shape, name


def test_text_and_dicts_read_alike():
    want = {1: 128, "past:1": 3, 0: 4}
    for given in (["1=128", "past:1=3", "0=4"], "1=128, past:1=3,0=4", ["1=128,past:1=3", "0=4"],
                  {1: 128, "past:1": 3, 0: 4}, {"1": 128, "past:1": "3", "0": 4}):
        assert Dims.parse(given).sizes == want, given
    assert Dims.parse(None).sizes == {} and not Dims.parse([])
    dims = Dims.parse(want)
    assert Dims.parse(dims) is dims and dims == want


@pytest.mark.parametrize("bad", BAD)
def test_a_bad_entry_says_how_to_write_it(bad):
    with pytest.raises(D2SError) as exc:
        Dims.parse([bad])
    assert exc.value.message.startswith(f"--dim {bad}: give AXIS=SIZE or INPUT:AXIS=SIZE")
    assert "the size 1 or more" in exc.value.message and "dims={1: 16" in exc.value.hint
    with pytest.raises(D2SError, match="give AXIS=SIZE"):
        Dims.parse(object())


def test_sizes_apply_named_first_axis_0_is_the_batch():
    dims = Dims.parse(["1=16", "past:1=3", "0=4"])
    assert dims.shape(_Spec([None, None], "ids")) == [4, 16]
    assert dims.shape(_Spec([None, None, 8], "past")) == [4, 3, 8]  # its own entry wins
    assert dims.shape(_Spec([None, 5], "mask")) == [4, 5]  # fixed axes stay
    assert Dims.parse("1=16").shape(_Spec([-1, -1, 2])) == [2, 16, 2]  # unsized: the default
    assert dims.batch == 4 and Dims.parse("past:0=4").batch is None


def test_entries_that_size_nothing_are_refused():
    specs = [_Spec([None, None], "ids"), _Spec([None, 5], "mask")]
    assert Dims.parse(["0=2", "1=3", "mask:0=1"]).check(specs).unused(specs) == []
    with pytest.raises(D2SError) as exc:
        Dims.parse(["1=3", "2=4", "mask:1=2", "past:1=2"]).check(specs)
    assert exc.value.message.startswith("--dim 2=4 --dim mask:1=2 --dim past:1=2: no input has a dynamic axis")
    assert "ids:0, ids:1, mask:0" in exc.value.hint
    with pytest.raises(D2SError) as exc:
        Dims.parse("1=3").check([_Spec([2, 5], "x")])
    assert "no dynamic (None) axis" in exc.value.hint


def test_every_front_end_declares_and_reads_it_alike():
    from d2s_lab.cli import build_parser
    from d2s_lab.magics.bench import BenchMagics
    from d2s_lab.magics.to_static import D2SMagics

    line = ["--dim", "1=16", "--dim", "past:1=3,0=4"]
    parsers = {"%%to_static": D2SMagics.to_static.parser, "%d2s_bench": BenchMagics.d2s_bench.parser}
    cli = build_parser()
    for command in ("report", "bench"):
        parsers[f"d2s-lab {command}"] = cli._subparsers._group_actions[0].choices[command]
    for where, parser in parsers.items():
        action = next(a for a in parser._actions if "--dim" in a.option_strings)
        assert (action.metavar, action.default) == ("[INPUT:]AXIS=SIZE", None), where
        args, _ = parser.parse_known_args((["m:O", "-o", "x.html"] if where.startswith("d2s-lab") else []) + line)
        assert Dims.parse(args.dim).sizes == {1: 16, "past:1": 3, 0: 4}, where


def test_convert_takes_text_and_dicts_and_refuses_what_sizes_nothing():
    from tests_dims_model import Masked

    conv = d2s_lab.convert(Masked(), SPECS, mode="ast", dims=["ids:1=3", "past:1=2", "0=4"])
    assert conv.error is None and conv.input_dims == {"ids:1": 3, "past:1": 2, 0: 4}
    with pytest.raises(D2SError, match="--dim 3=2: no input has a dynamic axis"):
        d2s_lab.convert(Masked(), SPECS, mode="ast", dims={3: 2})


@pytest.fixture(autouse=True)
def _model_module(tmp_path, monkeypatch):
    (tmp_path / "tests_dims_model.py").write_text(MODEL_FILE)
    monkeypatch.syspath_prepend(str(tmp_path))
    return tmp_path


def test_magics_say_bad_dims_in_one_message(shell):
    from html_text import text as html_text

    shell.run("from tests_dims_model import Masked")
    spec = " ".join(f'-i "{s}"' for s in SPECS)
    cells = {
        f"%%to_static --model m --mode ast {spec} --dim 1:3\nm = Masked()\n": "--dim 1:3: give AXIS=SIZE",
        f"%%to_static --model m --mode ast {spec} --dim 2=3\nm = Masked()\n": "--dim 2=3: no input has",
        "%d2s_bench --dim 1:3": "--dim 1:3: give AXIS=SIZE",
    }
    for cell, needle in cells.items():
        res, htmls, _ = shell.run(cell)
        page = html_text(" ".join(htmls))
        assert res.success and needle in page and "Traceback" not in page, (cell, page)
    # the same sizes the same axes in the first run of %%to_static
    res, htmls, _ = shell.run(f"%%to_static --model m --mode ast {spec} --dim 0=3 --dim ids:1=3 "
                              "--dim past:1=2\nm = Masked()\n")
    assert res.success and shell.ns["_d2s"].error is None
    assert shell.ns["_d2s"].input_dims == {0: 3, "ids:1": 3, "past:1": 2}


def test_cli_says_bad_dims_in_one_message(_model_module, capsys):
    from d2s_lab.cli import main

    src = _model_module / "tests_dims_model.py"
    inputs = [a for s in SPECS for a in ("--input", s)]
    out = str(_model_module / "r.html")
    for command, extra in (("report", ["-o", out]), ("bench", ["--runtimes", "to_static"])):
        for dim, needle in (("1:3", "--dim 1:3: give AXIS=SIZE"), ("2=3", "--dim 2=3: no input has")):
            assert main([command, f"{src}:Masked", *inputs, "--dim", dim, *extra]) == 1, (command, dim)
            err = capsys.readouterr().err
            assert needle in err and "Traceback" not in err, (command, err)
    assert main(["report", f"{src}:Masked", *inputs, "--mode", "ast", "--dim", "ids:1=3", "--dim", "past:1=2",
                 "-o", out]) == 0
