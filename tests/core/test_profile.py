"""``d2s_lab.profile`` / ``%d2s_profile``: where a converted call's time goes, on real
Paddle (both versions) and in a real kernel. No timing is asserted: only that the time is
attributed where it belongs (the print's line, the layers), that shares add up, that every
path is measured and checked, and that Paddle's state is left as found."""
import inspect
import os
import re

import paddle
import pytest

from d2s_lab.core.convert import convert
from d2s_lab.core.paddle_compat.sot.cache import sot_cache
from d2s_lab.core.profile import ProfileResult, profile
from d2s_lab.errors import D2SError
from d2s_lab.text import using_lang
from d2s_lab.text.manual import MANUAL_URL
from d2s_lab.viz.display import to_html
from d2s_lab.viz.palette import HEAT_COLORS, tint
from d2s_lab.viz.profile_view import LINE_TINT, source_listing
from html_text import text as html_text
from kernels import d2s_kernel, run_cell

paddle.seed(7)
W = [paddle.randn([8, 8]) * 0.3 for _ in range(12)]


def two_halves(x):
    for w in W[:6]:
        x = paddle.tanh(paddle.matmul(x, w))
    print("half way", end="\r")
    for w in W[6:]:
        x = paddle.tanh(paddle.matmul(x, w))
    return x


PRINT_LINE = inspect.getsourcelines(two_halves)[1] + 3


class SmallCNN(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.conv1 = paddle.nn.Conv2D(3, 8, 3)
        self.conv2 = paddle.nn.Conv2D(8, 8, 3)
        self.fc = paddle.nn.Linear(8 * 12 * 12, 10)

    def forward(self, x):
        x = paddle.nn.functional.relu(self.conv1(x))
        x = paddle.nn.functional.relu(self.conv2(x))
        return self.fc(paddle.flatten(x, 1))


CONV1_LINE = inspect.getsourcelines(SmallCNN.forward)[1] + 1
STOP = [False]


def stops_when_told(x):
    if STOP[0]:
        raise KeyboardInterrupt
    return x * 2


@pytest.fixture(scope="module")
def sot_case():
    """two_halves on the default path, MIN_GRAPH_SIZE as Paddle has it (both halves are
    12 ops, over the default 10): Paddle's state recorded before and after the profile."""
    cache = sot_cache()
    conv = convert(two_halves, example_inputs=[paddle.randn([4, 8])], mode="sot")
    before = dict(env=os.environ.get("MIN_GRAPH_SIZE"), cache=cache.cache, keys=set(cache.cache),
                  count=cache.translate_count, calls=conv.calls().summary() if hasattr(conv.calls(), "summary")
                  else repr(conv.calls()))
    res = profile(conv, calls=4, whatif=True)
    after = dict(env=os.environ.get("MIN_GRAPH_SIZE"), cache=cache.cache, keys=set(cache.cache),
                 count=cache.translate_count, calls=conv.calls().summary() if hasattr(conv.calls(), "summary")
                 else repr(conv.calls()))
    return conv, res, before, after


@pytest.fixture(scope="module")
def cnn_case():
    conv = convert(SmallCNN(), ["x: [None, 3, 16, 16] float32"], mode="ast")
    return conv, profile(conv, calls=4, whatif=True)


def test_the_print_costs_a_dygraph_stretch_at_its_line(sot_case):
    _, res, _, _ = sot_case
    assert isinstance(res, ProfileResult) and res.mode == "sot" and res.calls == 4
    kinds = [s.kind for s in res.segments if s.kind in ("static", "dygraph")]
    assert kinds == ["static", "dygraph", "static"], res.segments
    stretch = next(s for s in res.segments if s.kind == "dygraph")
    assert stretch.line == PRINT_LINE and stretch.ms > 0
    assert [s.num_ops for s in res.segments if s.kind == "static"] == [12, 12]
    assert abs(sum(s.share for s in res.segments) - 1) < 1e-6
    top = res.breaks[0]
    assert top.line == PRINT_LINE and top.ms > 0 and 0 < top.share < 1 and "print" in top.code
    assert any(f"line {PRINT_LINE}" in a and "print" in a for a in res.advice), res.advice
    # the ops that ran inside the subgraphs are charged to them
    assert {r.layer for r in res.ops if r.op == "matmul"} == {s.name for s in res.segments if s.kind == "static"}
    # the function's prints were kept out of the report, and said so
    assert any("printed" in n for n in res.notes), res.notes
    # the code after the print is the user's function resumed, never SOT's name for it
    resumed = [s for s in res.segments if s.resumed]
    assert resumed and all(s.name == "two_halves" for s in resumed), res.segments
    page = res._repr_html_()
    assert "two_halves (resumed)" in page and "$resume" not in page and "resume_" not in page


def test_every_path_is_timed_and_checked_against_dygraph(sot_case, cnn_case):
    for res in (sot_case[1], cnn_case[1]):
        paths = {w.path: w for w in res.whatif}
        assert set(paths) == {"dygraph", "sot", "sot_min0", "ast"}, res.whatif
        assert paths["dygraph"].ok is None and paths["dygraph"].ms > 0
        for k in ("sot", "sot_min0", "ast"):
            assert paths[k].ok is True and paths[k].ms > 0 and paths[k].max_abs_diff is not None, paths[k]
        # the profiler's own cost: a call timed with and without it
        assert res.plain_ms > 0 and res.profiled_ms > 0 and res.overhead is not None


def test_flags_caches_and_the_call_record_are_left_as_found(sot_case):
    _, _, before, after = sot_case
    assert after["env"] == before["env"]
    assert after["cache"] is before["cache"] and after["keys"] == before["keys"]
    assert after["count"] == before["count"]
    assert after["calls"] == before["calls"]


def test_ast_ops_add_up_and_name_their_layers_and_lines(cnn_case):
    _, res = cnn_case
    assert res.mode == "ast" and res.events > 0
    assert abs(sum(r.share for r in res.ops) - 1) <= 0.2
    assert abs(sum(r.share for r in res.layers) - 1) <= 0.2 and abs(sum(r.share for r in res.lines) - 1) <= 0.2
    named = {r.key for r in res.layers if r.key and not r.other}
    assert {"conv1", "conv2", "fc"} <= named, named
    conv_rows = [r for r in res.ops if r.op == "conv2d"]
    assert {r.layer for r in conv_rows} == {"conv1", "conv2"} and all(r.calls == 1 for r in conv_rows)
    assert next(r for r in conv_rows if r.layer == "conv1").line == CONV1_LINE
    assert sum(1 for r in res.ops if r.other) == 1


def test_each_break_row_names_its_catalogue_entry_and_fix(sot_case):
    """The print's row in the breaks table: its catalogue id, linked to its section of the
    manual, and the fix in one line, in English and Chinese (as the SOT report's rows)."""
    top = sot_case[1].breaks[0]
    entry = top.entry
    assert entry is not None and top.id == entry.id and top.id.startswith("SOT-B")
    for lang, page in (("en", f"{MANUAL_URL}breaks/#"), ("zh", f"{MANUAL_URL}zh/breaks/#")):
        with using_lang(lang):
            html = to_html(sot_case[1])
        words = " ".join(html_text(html).split())
        assert f'<code>{top.id}</code></a>' in html and f'href="{entry.page(lang)}"' in html, lang
        assert entry.page(lang).startswith(page) and " ".join(top.fix(lang).replace("`", "").split()) in words, lang
        assert f"{top.id}: {top.fix(lang)}" in sot_case[1].table(lang)
    assert top.fix("en") != top.fix("zh")


def test_report_draws_a_bar_without_script_and_escapes(cnn_case, sot_case):
    for res in (cnn_case[1], sot_case[1]):
        html = to_html(res)
        assert "<svg" in html and "<script" not in html and "<rect" in html
        assert str(res).count("\n") > 5
    res = cnn_case[1]
    res.name = "<b>net</b>"
    assert "&lt;b&gt;net&lt;/b&gt;" in to_html(res) and "<b>net</b>" not in to_html(res)
    with using_lang("zh"):
        assert "一次调用的时间花在哪里" in to_html(sot_case[1])


def test_bad_input_is_one_short_message(cnn_case):
    conv, _ = cnn_case
    for kwargs in ({"calls": 0}, {"budget": -1}, {"device": "tpu"}):
        with pytest.raises(D2SError) as err:
            profile(conv, **kwargs)
        assert "\n" not in err.value.message and len(err.value.message) < 200
    fn_conv = convert(stops_when_told, ["x: [2, 3] float32"], mode="ast")
    with pytest.raises(D2SError, match="needs a Layer"):
        profile(fn_conv, train=True)
    if not paddle.is_compiled_with_cuda():
        with pytest.raises(D2SError, match="CPU-only build"):
            profile(conv, device="gpu")


def test_a_budget_trims_and_says_so(cnn_case):
    conv, _ = cnn_case
    res = profile(conv, calls=50, budget=0.001)
    assert res.calls == 3 and res.whatif == []
    assert any("instead of 50" in n for n in res.notes) and any("not timed" in n for n in res.notes)


def test_an_interrupt_is_one_message():
    conv = convert(stops_when_told, ["x: [2, 3] float32"], mode="ast")
    STOP[0] = True  # the converted Program never runs this Python: dygraph's reference call does
    try:
        with pytest.raises(D2SError, match="interrupted"):
            profile(conv, calls=3)
    finally:
        STOP[0] = False
    assert paddle.device.get_device() == "cpu"


@pytest.mark.slow
def test_the_magic_in_a_kernel():
    with d2s_kernel() as kc:
        status, out = run_cell(kc, '%%to_static --input "x: [None, 8] float32"\nimport paddle\n'
                                   "net = paddle.nn.Linear(8, 4)")
        assert status == "ok", out[-2000:]
        status, out = run_cell(kc, "%d2s_profile --calls 3", updates=True)
        assert status == "ok" and "most recent call last" not in out and "<svg" in out, out[-2000:]
        assert "where a call&#x27;s time goes" in out and "AST, full_graph=True" in out
        # one live line while it runs: the stage, calls done of the planned, the time left
        assert "IntProgress(" in out and "description='profile'" in out, out[-3000:]
        line = next((p for p in out.split("\n") if "calls without the profiler" in p and "left" in p), None)
        assert line is not None and line.split(" ")[0].count("/") == 1, out[-3000:]
        assert "whatif=True (--whatif)" in out
        status, out = run_cell(kc, "%d2s_profile --calls 3 --whatif --as p_all\n"
                                   "print(sorted(w.path for w in p_all.whatif if w.ms), p_all.path('ast').ok)")
        assert status == "ok" and "whatif=True (--whatif)" not in out, out[-3000:]
        assert "['ast', 'dygraph'" in out and "] True" in out, out[-3000:]
        status, out = run_cell(kc, "%d2s_profile --calls 3 --lang zh", updates=True)
        assert status == "ok" and "一次调用的时间花在哪里" in out and "most recent call last" not in out, out[-2000:]
        assert "不开分析器调用 3 次" in out and "约剩" in out, out[-3000:]
        status, out = run_cell(kc, "%d2s_profile no_such_name")
        assert status == "ok" and "no_such_name" in out and "most recent call last" not in out and len(out) < 3000, out
        status, out = run_cell(kc, "print(type(_d2s_profile).__name__, len(_d2s_profile.ops) > 0)")
        assert "ProfileResult True" in out, out


CLI_MODEL = """import paddle


class Tiny(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc1 = paddle.nn.Linear(8, 8)
        self.fc2 = paddle.nn.Linear(8, 2)

    def forward(self, x):
        return self.fc2(paddle.nn.functional.relu(self.fc1(x)))
"""


def test_cli_profile_writes_a_page(tmp_path, capsys):
    from d2s_lab.cli import main

    src = tmp_path / "tiny_model.py"
    src.write_text(CLI_MODEL)
    page = tmp_path / "profile.html"
    base = ["profile", f"{src}:Tiny", "--input", "x: [None, 8] float32", "--mode", "ast", "--calls", "3"]
    assert main(base + ["-o", str(page)]) == 0
    out = capsys.readouterr().out
    assert "where a call's time goes" in out and "fc1" in out and "fc2" in out, out
    html = page.read_text(encoding="utf-8")
    assert "<svg" in html and "<script" not in html
    assert main(base + ["-o", str(tmp_path / "profile.png")]) == 1
    assert ".html" in capsys.readouterr().err
    assert main(base[:-1] + ["0"]) == 1
    err = capsys.readouterr().err
    assert "--calls" in err and "Traceback" not in err


def test_the_program_drawn_with_ops_filled_by_their_share(cnn_case, sot_case, monkeypatch):
    from d2s_lab.viz import profile_view
    from d2s_lab.viz.palette import HEAT_COLORS
    from d2s_lab.viz.profile_view import heat_marks

    res = cnn_case[1]
    marks = heat_marks(res)
    costliest = max((r for r in res.ops if not r.other), key=lambda r: r.share)
    assert marks[costliest.op_id] == HEAT_COLORS[-1] and len(set(marks.values())) >= 2
    view = res.graph()
    assert "<svg" in view.svg and len({c for c in HEAT_COLORS if c in view.dot}) >= 2
    # the scale in ms in the title, each op's ms per call in its tooltip
    top = f"{costliest.ms:.3f} ms"
    assert f"dark red ({top})" in view.dot, view.dot[:3000]
    if re.search(rf"\bo{costliest.op_id}\b", view.dot):  # a short run's costliest op may be one not drawn
        assert HEAT_COLORS[-1] in view.dot and f"time: {top} per call" in view.dot, view.dot[:3000]
    drawn = [r for r in res.ops if re.search(rf"\bo{r.op_id}\b", view.dot)]
    assert len(drawn) >= len(res.ops) // 2, (len(drawn), len(res.ops))  # the op ids are the drawing's
    # collapsed layers: one colour per layer node, the layer's ops together
    by_layer = heat_marks(res, depth=1)
    conv1_ops = [r.op_id for r in res.ops if r.layer == "conv1"]
    assert len({by_layer[i] for i in conv1_ops}) == 1
    conv1_ms = sum(r.ms for r in res.ops if r.layer == "conv1")
    assert HEAT_COLORS[-1] in res.drawing(depth=1).dot and f"time: {conv1_ms:.3f} ms" in res.graph(depth=1).dot
    # the default path: each compiled subgraph drawn the same way, the costliest first
    sot = sot_case[1]
    statics = [s.name for s in sot.segments if s.kind == "static"]
    assert len(statics) == 2 and set(sot.subgraph_ms) == set(statics), (statics, sot.subgraph_ms)
    for name in statics:
        drawn = sot.graph(subgraph=name).dot
        assert name in drawn and HEAT_COLORS[-1] in drawn and "tanh" in drawn and "per call" in drawn
    assert max(sot.subgraph_ms, key=lambda k: sum(sot.subgraph_ms[k].values())) in sot.graph().dot
    with pytest.raises(D2SError, match="SIR_99"):
        sot.graph(subgraph="SIR_99")
    # a big graph is drawn by its top-level layers unless a depth is asked for (a cell stays small)
    assert "d2s-layer-conv1" not in res.graph().dot
    monkeypatch.setattr(profile_view, "ALL_OPS_UP_TO", 3)
    assert "d2s-layer-conv1" in res.graph().dot and "d2s-layer-conv1" not in res.graph(depth="all").dot


def test_a_training_step_against_dygraph_leaves_the_model_alone(cnn_case):
    conv, _ = cnn_case
    layer = conv.layer
    layer.train()
    before = {k: v.numpy().copy() for k, v in layer.state_dict().items()}
    res = profile(conv, calls=3, train=True)
    assert res.train and layer.training
    assert all((before[k] == v.numpy()).all() for k, v in layer.state_dict().items())
    phases = {r.key for r in res.layers if not r.other}
    assert {"forward", "backward", "optimizer"} <= phases, res.layers
    # on a CPU, Paddle's auto_cast does nothing in dygraph: no AMP rows, and the report says why
    assert {w.path for w in res.whatif} == {"dygraph", "ast"} and any("No AMP step on the CPU" in n for n in res.notes)
    assert any(r.op == "sgd" for r in res.ops) and abs(sum(r.share for r in res.ops) - 1) < 1e-6
    paths = {w.path: w for w in res.whatif}
    assert set(paths) == {"dygraph", "ast"} and paths["ast"].ok is True and paths["dygraph"].ms > 0
    assert any("backward ops" in a for a in res.advice), res.advice
    assert "training step" in to_html(res)


def test_with_hooks_off_nothing_in_paddle_is_swapped(cnn_case):
    from d2s_lab.core.paddle_compat.hooks import set_hooks

    conv, _ = cnn_case
    cache = sot_cache()
    inner = cache.cache
    set_hooks(False)
    try:
        res = profile(conv, calls=3, whatif=True)
    finally:
        set_hooks(True)
    assert cache.cache is inner
    paths = {w.path: w for w in res.whatif}
    assert paths["sot_min0"].ms is None and "hooks are off" in paths["sot_min0"].note
    assert paths["ast"].ok is True


def test_cli_profile_help_in_both_languages(capsys):
    from d2s_lab.cli import main

    for lang, words in (("en", "Calls profiled"), ("zh", "分析的调用次数")):
        with pytest.raises(SystemExit):
            main(["profile", "--help", "--lang", lang])
        out = capsys.readouterr().out
        assert words in out and "--budget" in out and "--train" in out, out


@pytest.fixture(scope="module")
def resnet_case():
    """A paddle.vision ResNet-18 (10 classes, one 3x32x32 image) on the AST path, every
    path timed side by side, each progress report kept."""
    paddle.seed(3)
    net = paddle.vision.models.resnet18(num_classes=10)
    conv = convert(net, example_inputs=[paddle.randn([1, 3, 32, 32])], mode="ast")
    told = []
    res = profile(conv, calls=3, whatif=True, progress=lambda done, total, msg: told.append((done, total, msg)))
    return conv, res, told


@pytest.mark.slow
def test_resnet18_ops_add_up_and_name_its_layers(resnet_case):
    _, res, _ = resnet_case
    assert res.mode == "ast" and res.events > 0
    assert abs(sum(r.share for r in res.ops) - 1) <= 0.2
    named = {r.key for r in res.layers if r.key and not r.other}
    assert len(named) >= 5 and {"conv1", "layer4.1.conv2", "fc"} <= named, sorted(named)
    # every stage was clocked, the what-if paths' apart from the calls' own
    assert {"warmup", "plain", "profiled", "attribute", "check", "whatif"} <= set(res.stages), res.stages
    assert res.took().startswith("The profile took")


@pytest.mark.slow
def test_resnet18_paths_agree_with_d2s_bench(resnet_case):
    from d2s_lab.core.bench.runner import bench

    conv, res, _ = resnet_case
    ran = bench(conv, batch=(1,), runtimes=["eager", "to_static"], warmup=1, repeat=3, min_time=0.0)
    rows = {r.runtime: r for r in ran.rows}
    ast = res.path("ast")
    # the same outputs check (no times compared: on a loaded machine they are not a test):
    # the converted Program matches dygraph in both, each with the difference it measured
    assert ast.ok is True and rows["to_static"].ok is True
    assert ast.max_abs_diff is not None and rows["to_static"].max_abs_diff is not None
    assert res.path("dygraph").ms > 0 and ast.ms > 0 and rows["eager"].median_s > 0


@pytest.mark.slow
def test_progress_tells_the_stage_the_calls_and_the_time_left(resnet_case):
    _, res, told = resnet_case
    assert told and told[-1][0] == told[-1][1] and "done in" in told[-1][2]
    dones = [d for d, _, _ in told]
    assert dones == sorted(dones) and all(d <= n for d, n, _ in told)
    msgs = " | ".join(m for _, _, m in told)
    for words in ("warming up", "3 calls without the profiler", "3 calls under the profiler",
                  "converting and checking", "timing 4 paths side by side" if paddle_has_sot() else "side by side"):
        assert words in msgs, msgs
    assert any("left" in m for _, _, m in told)
    # at most four reports a second, and one at each stage
    assert len(told) <= len(res.stages) + 3 + 4 * res.elapsed_s, (len(told), res.elapsed_s)


def paddle_has_sot() -> bool:
    from d2s_lab.core.paddle_compat.default_path import paddle_default_mode

    return paddle_default_mode() == "sot"


def test_without_whatif_the_own_path_is_checked_and_the_rest_said(cnn_case):
    conv, _ = cnn_case
    res = profile(conv, calls=3)
    paths = {w.path: w for w in res.whatif}
    assert paths["ast"].ok is True and paths["ast"].ms == res.plain_ms and paths["ast"].runs == 3
    for k in ("dygraph", "sot", "sot_min0"):
        assert paths[k].ms is None and "whatif=True" in paths[k].note
    assert "whatif" not in res.stages and "convert_sot" not in res.stages


class Block(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc = paddle.nn.Linear(8, 8)

    def forward(self, x):
        return paddle.nn.functional.relu(self.fc(x))


class TwoBlocks(paddle.nn.Layer):
    """Layers of its own inside: SOT inlines their ``__call__``, which checks whether
    Paddle's profiler is on (Paddle's own layers, as Linear, are not inlined)."""

    def __init__(self):
        super().__init__()
        self.a, self.b = Block(), Block()

    def forward(self, x):
        return self.b(self.a(x))


def test_the_profiled_calls_translate_nothing_again():
    """SOT guards on the flag a Layer's call checks (is the profiler on?): the profiled
    calls keep it off for Python's side, so they run the translation the plain calls ran
    (none is added to SOT's cache), and the op events are still recorded."""
    paddle.seed(5)
    net = TwoBlocks()
    x = paddle.randn([2, 8])
    conv = convert(net, example_inputs=[x], mode="sot")
    net.eval()
    with paddle.no_grad():  # as the profile runs it: SOT has translated for these guards
        conv.static_function(x)
    cache = sot_cache()
    count = cache.translate_count
    res = profile(conv, calls=3, inputs=[x])
    assert cache.translate_count == count, (count, cache.translate_count)
    assert res.events > 0 and "matmul" in {r.op for r in res.ops}, res.ops


def _listing_rows(html: str) -> dict:
    """The report's source listing: line number -> the row's HTML."""
    listing = html.split('class="d2s-profile-source"', 1)[1].split("</table>", 1)[0]
    rows = re.findall(r"<tr[^>]*>.*?</tr>", listing.split("<tbody>", 1)[1])
    return {int(m.group(1)): row for row in rows if (m := re.search(r">(\d+)</td>", row))}


def test_time_per_line_on_both_paths_and_the_source_coloured_by_it(sot_case, cnn_case):
    """SOT: each subgraph's time lands on its ops' lines, the print's dygraph stretch on
    the print's; AST: each op's on its line. The report lists the function's source with
    those lines coloured by their time and their ms per call, in both languages."""
    res = sot_case[1]
    rows = res.line_time()
    first, second = PRINT_LINE - 1, PRINT_LINE + 2  # the loops' bodies
    assert set(rows) == {first, PRINT_LINE, second}, res.lines
    statics = [s for s in res.segments if s.kind == "static"]
    for seg, line in zip(statics, (first, second)):
        assert rows[line].segments == [("static", seg.name)] and abs(rows[line].ms - seg.ms) < 1e-9
    assert rows[PRINT_LINE].segments[0][0] == "dygraph" and rows[PRINT_LINE].ms > 0
    assert abs(sum(r.share for r in res.lines) - 1) < 1e-6
    assert {r.line for r in res.ops if r.op == "matmul"} == {first, second}
    hottest = max(rows.values(), key=lambda r: r.share)
    listing = _listing_rows(to_html(res))
    assert set(listing) == set(range(PRINT_LINE - 3, PRINT_LINE + 4))  # the whole function
    assert tint(HEAT_COLORS[-1], LINE_TINT) in listing[hottest.line] and f"{hottest.ms:.3f}" in listing[hottest.line]
    assert "SIR_" in listing[first] and "background" not in listing[PRINT_LINE - 3]  # the def line: no time
    assert "print(" in listing[PRINT_LINE] and f"{rows[PRINT_LINE].ms:.3f}" in listing[PRINT_LINE]
    with using_lang("zh"):
        assert "每行按其每次调用的耗时着色" in to_html(res)
    ast = cnn_case[1]
    listing = _listing_rows(to_html(ast))
    assert "conv1" in listing[CONV1_LINE] and "background-color" in listing[CONV1_LINE]


def test_the_source_listing_escapes_the_code():
    from d2s_lab.core.profile.result import TimeRow

    res = ProfileResult("f", "ast", source_file="f.py", source_first_line=3,
                        source_lines=["def f(x):", "    return x < 1  # <script>alert(1)</script>"],
                        lines=[TimeRow("f.py:4", 2.0, 0.5, 4, file="f.py"), TimeRow("g.py:4", 2.0, 0.5, 4, file="g.py")])
    listing = source_listing(res)
    assert "&lt;script&gt;" in listing and "<script" not in listing and "2.000" in listing
    assert set(res.line_time()) == {4} and res.line_time()[4].file == "f.py"  # not another file's line 4


class _Grows:
    n = 0.0


GROWS = _Grows()


def grows(x):
    GROWS.n += 1.0  # a Python number SOT guards on, new on every call: every call translates
    return x * GROWS.n


def test_a_call_that_translates_has_a_translation_segment():
    res = profile(convert(grows, example_inputs=[paddle.ones([2])], mode="sot"), calls=1)
    kinds = [s.kind for s in res.segments]
    assert "translate" in kinds and "guard" not in kinds, res.segments
    assert "translation" in to_html(res)


def test_a_profile_no_slower_than_the_plain_calls_says_so_not_a_negative_cost():
    """Calls this short may come out faster under the profiler (and on the default path
    the plain calls carry the subgraphs' clocks): the line says no cost was measurable,
    not "-34 %: the profiler's own cost", in both languages."""
    from d2s_lab.core.profile.result import ProfileResult, Segment

    res = ProfileResult("net", "ast", plain_ms=0.478, profiled_ms=0.314)
    line = res.overhead_line("en")
    assert "(-34 %): no cost of the profiler measurable here" in line and "own cost" not in line
    assert "测不出分析器的开销" in res.overhead_line("zh")
    res.segments = [Segment("static", "SIR_0", 0.3, 1.0)]
    assert "(only the subgraphs clocked)" in res.overhead_line("en") and "--whatif" in res.overhead_line("en")
    res.profiled_ms = 0.6
    assert res.overhead_line("en").endswith("(+26 %: the profiler's own cost).")
    assert ProfileResult("net", "ast").overhead_line() == ""
