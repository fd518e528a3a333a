"""A watch of a whole run (``d2s_lab.watch()``, ``%%d2s_watch``, ``d2s-lab watch``): every
converted function that runs inside is recorded, whoever converted it, on real Paddle (both
Paddles: 2.6.2's default path is SOT too, and it has the same cache and MAX_CACHE_SIZE).

A Python learning rate passed to a ``@paddle.jit.to_static`` function recompiles on every
step and the storm alert names it (SOT and AST); fresh Layers fill SOT's cache until
Paddle runs the forward in dygraph, and both are named; the watch changes no result and
leaves Paddle's classes as found, also when its body raises; the report is bounded and
escaped; the magic runs in a real kernel and the CLI writes a report naming the script's
function."""
import contextlib
import io
import json
import os
import re
import sys
import textwrap

import numpy as np
import paddle
import pytest

import d2s_lab
from d2s_lab.core import watch as watch_mod
from d2s_lab.core import watch_ranks
from d2s_lab.core.paddle_compat import hooks
from d2s_lab.core.paddle_compat.hooks.events import CallEvent
from d2s_lab.core.paddle_compat.sot import RawBreak
from d2s_lab.core.paddle_compat.sot.cache import max_cache_size
from d2s_lab.text.lang import get_lang, using_lang
from d2s_lab.viz.watch_view import timeline_png, watch_html, watch_page
from kernels import d2s_kernel, run_cell
from models import with_try
from versions import PADDLE3


def _train_step(x, lr):
    return x * lr + 1


def _tanh(x):
    return paddle.tanh(x) * 2 + 1


class Block(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc = paddle.nn.Linear(4, 4)

    def forward(self, x):
        return paddle.tanh(self.fc(x)) * 2 + 1


def _owners():
    """What a watch patches: Paddle's StaticFunction, ProgramCache, SOT's cache class, its
    BreakGraphError and its OpcodeExecutor (where an ``if`` on a tensor splits a frame)."""
    from paddle.jit.dy2static.program_translator import ProgramCache, StaticFunction
    from paddle.jit.sot.opcode_translator.executor.opcode_executor import OpcodeExecutor
    from paddle.jit.sot.utils.exceptions import BreakGraphError

    from d2s_lab.core.paddle_compat.sot.cache import sot_cache

    return [StaticFunction, ProgramCache, type(sot_cache()), BreakGraphError, OpcodeExecutor]


def _snapshot():
    return {(repr(o), k): id(v) for o in _owners() for k, v in list(vars(o).items())}


def _lr_loop(static, steps=6):
    x, lr, outs = paddle.ones([2, 4]), 0.1, []
    for _ in range(steps):
        outs.append(static(x, lr).numpy())
        lr *= 0.5
    return outs


@pytest.fixture(scope="module")
def lr_run():
    """Six steps of a decorated function given a Python float learning rate (SOT)."""
    d2s_lab.unhook()
    static = paddle.jit.to_static(_train_step)
    with d2s_lab.watch() as w:
        outs = _lr_loop(static)
    return w.report(), outs


def test_a_python_learning_rate_is_a_recompile_storm_named_lr(lr_run):
    report, _ = lr_run
    row = report.function("_train_step")
    assert row is not None and row.path == "sot" and row.calls == 6, report
    assert row.recompiles == 5 and row.translations == 6 and row.fallbacks == 0, row
    assert row.where == f"test_watch.py:{_train_step.__code__.co_firstlineno}"
    assert 0 < row.translate_s <= row.total_s
    storm = [a for a in report.alerts if a.kind == "storm"]
    assert len(storm) == 1 and storm[0].name == "lr" and storm[0].count == 5, report.alerts
    assert "`lr`" in storm[0].title("en") and "paddle.to_tensor(lr)" in storm[0].fix("en")
    assert "`lr`" in storm[0].title("zh") and "张量" in storm[0].fix("zh")
    recompiles = [e for e in report.events if e.kind == "recompile"]
    assert len(recompiles) == 5 and recompiles[0].reason.startswith("`lr == 0.1` failed: now 0.05"), recompiles[0]
    assert [e.step for e in recompiles] == [2, 3, 4, 5, 6]
    # each step's time split: translating, then the call run from the cache (never in dygraph)
    assert row.static_s > 0 and row.dygraph_s == 0 and row.static_s + row.translate_s <= row.total_s + 1e-9, row
    assert report.step_bin == 1 and len(report.per_step) == 6, report.per_step
    assert all(b[0] > 0 and b[1] > 0 and b[2] == 0 for b in report.per_step), report.per_step
    assert abs(sum(b[0] for b in report.per_step) - row.translate_s) < 1e-9


def test_the_ast_path_storm_names_lr_too():
    static = paddle.jit.to_static(_train_step, full_graph=True)
    with d2s_lab.watch() as w:
        _lr_loop(static, steps=4)
    report = w.report()
    row = report.function("_train_step")
    assert row.path == "ast" and row.translations == 4 and row.recompiles == 3, row
    storm = [a for a in report.alerts if a.kind == "storm"]
    assert [a.name for a in storm] == ["lr"] and "Program" in storm[0].fix("en"), report.alerts
    assert "lr was 0.1, now 0.05" in report.events[1].reason, report.events


def test_the_timeline_leaves_no_stray_text_where_svg_is_stripped(lr_run, monkeypatch):
    """An untrusted notebook's sanitizer drops styles and inline SVG: the timeline is
    hidden unless the report's style shows it, and a line (hidden where the style applies)
    points to the events, in English and Chinese."""
    report, _ = lr_run
    for lang, note in (("en", "The timeline is drawn once the notebook is trusted"), ("zh", "信任此笔记本后才会绘制时间线")):
        page = watch_html(report, lang=lang)
        live = page.index('class="d2s-live" hidden="hidden" style="display:none"')
        assert page.index("<svg") > live and note in page[:live] and 'class="d2s-untrusted"' in page[:live]
        style = page[page.rindex("<style>", 0, live):live]
        assert ".d2s-live{display:block!important}" in style and ".d2s-untrusted{display:none}" in style
    assert "The timeline is drawn" in watch_page(report)  # the standalone page keeps its style: it shows the timeline
    # with the picture shown just before: it is named, and a trusted notebook's style hides it
    page = watch_html(report, lang="en", twin=True)
    live = page.index('class="d2s-live" hidden="hidden" style="display:none"')
    assert "The picture above is the timeline" in page[:live] and "d2s-has-twin" in page[:200]
    assert ".d2s-has-twin){display:none}" in page and "static" in page and "/call" in page
    assert timeline_png(report)[:8] == b"\x89PNG\r\n\x1a\n"
    monkeypatch.setitem(sys.modules, "PIL", None)  # no Pillow: no picture, nothing said, the SVG as before
    assert timeline_png(report) is None and "data:image/png" not in watch_page(report) and "<svg" in watch_page(report)


def test_a_function_sot_skips_before_its_cache_runs_in_dygraph_on_every_call():
    """A ``try`` in the frame: SOT runs it as written without asking its cache (no hook
    hears a call), and the watch says so once, as ``%d2s_calls`` does."""
    static = paddle.jit.to_static(with_try)
    with d2s_lab.watch() as w:
        for _ in range(3):
            static(paddle.ones([2]))
    report = w.report()
    row = report.functions[0]
    assert row.calls == 3 and row.translations == 0 and row.fallbacks == 0 and row.dygraph_calls == 3, row
    assert "try/except" in row.skipped and row.static_s == 0 and row.dygraph_s > 0, row
    # the hint names what the user's own to_static call can change, not a d2s_lab option
    assert "full_graph=True" in row.skipped and "--mode" not in row.skipped, row.skipped
    events = [e for e in report.events if e.kind == "fallback"]
    assert len(events) == 1 and events[0].reason.startswith("runs in dygraph on every call, because"), events
    assert all(b[2] > 0 and b[1] == 0 for b in report.per_step), report.per_step
    assert "3 run(s) in dygraph" in report.summary("en") and not report.alerts
    with using_lang("zh"):
        assert "每次调用" in watch_html(report)


def test_the_watch_changes_no_result(lr_run):
    _, watched = lr_run
    plain = _lr_loop(paddle.jit.to_static(_train_step))
    eager = _lr_loop(_train_step)
    for a, b, c in zip(watched, plain, eager):
        np.testing.assert_array_equal(a, b)
        np.testing.assert_allclose(a, c, rtol=1e-6)


@pytest.mark.slow
def test_fresh_layers_fill_the_cache_and_their_dygraph_runs_are_named():
    limit = max_cache_size()
    assert limit == 20  # Paddle 3.3.1 and 2.6.2 both keep 20 entries per code object
    x = paddle.ones([2, 4])
    blocks = [Block() for _ in range(limit + 5)]  # all alive: a freed one's id may come back
    near = limit * 3 // 4 + 1
    with d2s_lab.watch() as w:
        with d2s_lab.watch() as inner:  # the first calls alone: the cache nearly full, nothing in dygraph yet
            outs = [paddle.jit.to_static(b)(x).numpy() for b in blocks[:near]]
        outs += [paddle.jit.to_static(b)(x).numpy() for b in blocks[near:]]
    early = {a.kind: a for a in inner.report().alerts}
    assert set(early) == {"cache_near", "per_instance"}, early
    assert (early["cache_near"].count, early["cache_near"].limit) == (near, limit)
    assert f"{near} of the {limit} entries" in early["cache_near"].title("en") and "缓存将满" in early["cache_near"].title("zh")
    report = w.report()
    row = report.function("Block.forward")
    assert row.calls == limit + 5 and row.instances == limit + 5, row
    assert row.translations == limit and row.fallbacks == 5 and row.first_dygraph_call == limit + 1, row
    kinds = {a.kind: a for a in report.alerts}
    assert set(kinds) == {"cache_full", "per_instance"}, report.alerts
    full = kinds["cache_full"]
    assert (full.call, full.count, full.limit) == (limit + 1, 5, limit)
    assert "MAX_CACHE_SIZE" in full.title("en") and "dygraph" in full.title("en")
    assert "动态图" in full.title("zh")
    assert str(limit + 5) in kinds["per_instance"].title("en")
    fallbacks = [e for e in report.events if e.kind == "fallback"]
    assert [e.call for e in fallbacks] == list(range(limit + 1, limit + 6))
    assert "MAX_CACHE_SIZE 20" in fallbacks[0].reason
    for b, out in zip(blocks, outs):  # every output, static or dygraph, as the Layer computes it
        np.testing.assert_allclose(out, b(x).numpy(), rtol=1e-5, atol=1e-6)


def test_a_shape_that_changes_is_not_a_python_value_storm():
    def shaped(x):
        return paddle.tanh(x) * 2

    static = paddle.jit.to_static(shaped)
    with d2s_lab.watch() as w:
        for n in (2, 3, 4, 5):
            static(paddle.ones([n, 4]))
    report = w.report()
    row = report.function("test_a_shape_that_changes_is_not_a_python_value_storm.<locals>.shaped") \
        or report.function("shaped")
    assert row is not None and row.recompiles >= 1, report
    assert not [a for a in report.alerts if a.kind == "storm"], report.alerts
    if row.dynamic:  # Paddle 3 makes the dimension dynamic; 2.6 translates each shape
        assert row.dynamic == ["x.shape[0]"]
        assert any(e.kind == "dynamic" for e in report.events)


def test_paddle_is_as_found_after_the_watch_also_when_it_raises():
    d2s_lab.unhook()
    before = _snapshot()
    static = paddle.jit.to_static(_train_step)
    with d2s_lab.watch():
        during = _snapshot()
        assert len(hooks.active()) == 5, hooks.active()
    assert during != before and _snapshot() == before and hooks.active() == []
    with pytest.raises(ValueError, match="the body raised"):
        with d2s_lab.watch() as w:
            static(paddle.ones([2, 4]), 0.3)
            raise ValueError("the body raised")
    assert _snapshot() == before and hooks.active() == []
    assert w.report().function("_train_step").calls == 1
    # a conversion's lasting record, in place before the watch, stays as it was
    conv = d2s_lab.convert(_tanh, ["x: [None, 4] float32"], mode="sot")
    assert conv.call_log.watching
    lasting = _snapshot()
    with d2s_lab.watch() as w:
        conv.static_function(paddle.ones([3, 4]))
    assert _snapshot() == lasting and len(conv.calls()) == 1
    assert w.report().function("_tanh").calls == 1
    d2s_lab.unhook()
    assert _snapshot() == before and hooks.active() == []


def test_hooks_off_the_block_runs_and_the_report_says_why():
    hooks.set_hooks(False)
    try:
        before = _snapshot()
        with d2s_lab.watch() as w:
            out = paddle.jit.to_static(_train_step)(paddle.ones([2, 4]), 0.5)
        assert _snapshot() == before and float(out.numpy()[0, 0]) == 1.5
        report = w.report()
        assert report.functions == [] and "off" in report.note
        assert "off" in watch_html(report)
    finally:
        hooks.set_hooks(True)


def test_the_report_is_bounded_and_escaped():
    w = watch_mod.Watch("<b>run</b>")
    code = compile("def f(x):\n    return x\n", "<evil>&.py", "exec").co_consts[0]
    token = w.enter(code, "sot", 0)
    w.add(code, CallEvent(code="f", translated=True, first=True, seconds=0.01, entries=1, limit=20))
    for i in range(2000):
        w.add(code, CallEvent(code="f", translated=True, seconds=0.001, entries=2, limit=20,
                              missed=(f"lr == {i}", f"{i + 1}<script>", "")))
    w.leave(token, 3.0)
    report = w.report()
    assert len(report.events) == watch_mod.FIRST_EVENTS + watch_mod.LAST_EVENTS
    assert report.events[-1].index == 2001 and sum(report.dropped.values()) == 2001 - len(report.events)
    assert [a.name for a in report.alerts] == ["lr"]
    page = watch_page(report)
    assert len(page.encode()) < 250_000, len(page)
    assert "<script>" not in page and "&lt;script&gt;" in page and "&lt;b&gt;run&lt;/b&gt;" in page
    assert "&lt;evil&gt;&amp;.py" in page and "<svg" in page and "<script" not in page


@pytest.mark.slow
def test_d2s_watch_in_a_kernel_shows_the_report_in_both_languages():
    setup = textwrap.dedent("""\
        import paddle
        @paddle.jit.to_static
        def train_step(x, lr):
            return x * lr + 1
        x = paddle.ones([2, 3])
    """)
    with d2s_kernel() as kc:
        assert run_cell(kc, setup, timeout=180)[0] == "ok"
        status, out = run_cell(kc, "%%d2s_watch\nlr = 0.5\nfor _ in range(4):\n    y = train_step(x, lr)\n"
                                   "    lr *= 0.5\nprint('last', float(y.numpy()[0, 0]))", timeout=180)
        assert status == "ok" and "Traceback" not in out, out
        assert "last 1.0625" in out and "Recompile storm" in out and "train_step" in out, out
        assert "<svg" in out and "_d2s_watch" in out
        assert re.search(r"cell\[\d+\]:2", out) and "ipykernel" not in out, out  # the cell that defined it
        status, out = run_cell(kc, "print(type(_d2s_watch).__name__, _d2s_watch.function('train_step').recompiles)")
        assert status == "ok" and "WatchReport 3" in out, out
        status, out = run_cell(kc, "%%d2s_watch --lang zh --as run2\nfor lr in (0.1, 0.2, 0.3, 0.4):\n"
                                   "    train_step(x, lr)", timeout=180)
        assert status == "ok" and "Traceback" not in out, out
        assert "重新翻译风暴" in out and "run2" in out, out
        status, out = run_cell(kc, "%%d2s_watch --as 1bad\nprint('not run')")
        assert status == "ok" and "not run" not in out and "Traceback" not in out and "--as" in out, out
        status, out = run_cell(kc, "%%d2s_watch\nprint('not run')\nfor i in range(2)\n    pass")
        assert status == "ok" and "SyntaxError in this cell, line 3" in out and "for i in range(2)" in out, out
        assert "not run" not in out and "Traceback" not in out and "Watched" not in out, out
        status, out = run_cell(kc, "%%d2s_watch --help\nprint('not run')")
        assert status == "ok" and "%%d2s_watch [--lang" in out and "not run" not in out, out


def test_cli_watch_writes_a_report_naming_the_scripts_function(tmp_path):
    from d2s_lab.cli import main

    script = tmp_path / "train.py"
    script.write_text(textwrap.dedent("""\
        import sys
        import paddle

        @paddle.jit.to_static
        def scripted_step(x, lr):
            return x * lr + 1

        x, lr = paddle.ones([2, 3]), 0.5
        for _ in range(4):
            scripted_step(x, lr)
            lr *= 0.5
        print("args", sys.argv[1:])
    """))
    out_html = tmp_path / "out.html"
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["watch", str(script), "--epochs", "2", "--html", str(out_html)])
    assert code == 0, err.getvalue()
    assert "args ['--epochs', '2']" in out.getvalue()
    page = out_html.read_text(encoding="utf-8")
    assert "scripted_step" in page and "train.py:4" in page and "<code>lr</code>" in page, page[:2000]
    assert os.path.getsize(out_html) < 250_000
    assert 'src="data:image/png;base64,' in page  # the timeline's picture, folded in
    assert "Watching" not in err.getvalue()  # stderr is no terminal: no live status
    missing = main(["watch", str(tmp_path / "nope.py")])
    assert missing == 1
    # a script that raises: exit status 1, the error said, the report of the run so far written
    broken = tmp_path / "broken.py"
    broken.write_text("import paddle\nf = paddle.jit.to_static(lambda x: x + 1)\nf(paddle.ones([2]))\n"
                      "raise RuntimeError('the script broke')\n")
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), using_lang(None):  # --lang: set back after
        code = main(["watch", str(broken), "--html", str(tmp_path / "b.html"), "--lang", "zh"])
    assert code == 1 and "RuntimeError: the script broke" in err.getvalue(), err.getvalue()
    page = (tmp_path / "b.html").read_text(encoding="utf-8")
    assert get_lang() == "en"
    assert "监视到 1 个转换后的函数" in page and "<lambda>" not in page and "&lt;lambda&gt;" in page
    assert "抛出了 RuntimeError: the script broke（报告包含到那里为止的运行）" in page  # the page says it too


def _read_all(master: int) -> bytes:
    """All a closed pty's other end wrote: one read can return only what the kernel has
    passed on so far (it hands pty writes over asynchronously, late on a busy machine);
    a read after the last byte fails with EIO."""
    chunks = []
    try:
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                break
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        os.close(master)
    return b"".join(chunks)


def test_cli_watch_shows_a_live_status_on_a_terminal_only(tmp_path, monkeypatch):
    import pty

    from d2s_lab import cli

    script = tmp_path / "loop.py"
    script.write_text("import paddle\nf = paddle.jit.to_static(lambda x: x + 1)\n"
                      "for _ in range(3):\n    f(paddle.ones([2]))\n")
    monkeypatch.setattr(cli, "STATUS_EVERY", 0)  # a status at every step, not once a second
    master, slave = pty.openpty()
    with os.fdopen(slave, "w", encoding="utf-8") as tty, contextlib.redirect_stdout(io.StringIO()), \
            contextlib.redirect_stderr(tty), using_lang("en"):
        assert cli.main(["watch", str(script)]) == 0
    shown = _read_all(master).decode("utf-8", "replace")
    # told as each step starts (cut to the terminal's width), at most once every STATUS_EVERY seconds
    assert "\rWatching… 1 call(s)" in shown and "\rWatching… 3 call(s) · 1 function(s)" in shown, shown
    assert shown.endswith("\r\x1b[K") and "\n" not in shown, shown  # one line, rewritten, erased at the end


def test_a_watch_inside_a_watch_counts_each_call_once_in_both():
    def nested_step(x, lr):  # its own code object: a cache nothing else filled
        return x * lr - 1

    before = _snapshot()
    static = paddle.jit.to_static(nested_step)
    with d2s_lab.watch() as outer:
        static(paddle.ones([2, 4]), 0.7)
        with d2s_lab.watch() as inner:
            static(paddle.ones([2, 4]), 0.8)
            assert len(hooks.active()) == 5
    assert _snapshot() == before and hooks.active() == []
    name = nested_step.__qualname__
    mine, all_ = inner.report().function(name), outer.report().function(name)
    assert (mine.calls, mine.translations, mine.recompiles) == (1, 1, 1), mine
    assert (all_.calls, all_.translations, all_.recompiles) == (2, 2, 1), all_


def _breaks_in_its_loop(x):
    y = x
    for _ in range(3):
        y = y + 1
        if y.sum() > 100:
            y = y - 1
        y = y * 2
    return y


def _breaks_before_its_loop(x):
    y = x
    if y.sum() > 100:
        y = y - 1
    for _ in range(3):
        y = y * 2
    return y


def _line_of(func, text):
    import inspect

    lines, first = inspect.getsourcelines(func)
    return first + next(i for i, line in enumerate(lines) if text in line)


def test_a_graph_break_inside_a_loop_is_named_with_its_line_and_fix():
    in_loop, before_loop = paddle.jit.to_static(_breaks_in_its_loop), paddle.jit.to_static(_breaks_before_its_loop)
    x = paddle.ones([2])
    with d2s_lab.watch() as w:
        for _ in range(3):
            a, b = in_loop(x), before_loop(x)
    np.testing.assert_allclose(a.numpy(), _breaks_in_its_loop(x).numpy())
    np.testing.assert_allclose(b.numpy(), _breaks_before_its_loop(x).numpy())
    report = w.report()
    alerts = [a for a in report.alerts if a.kind == "loop_break"]
    assert len(alerts) == 1, report.alerts  # the break before the loop is no loop's
    alert = alerts[0]
    assert alert.function == "_breaks_in_its_loop" and alert.count == 3
    assert alert.line == _line_of(_breaks_in_its_loop, "if y.sum()") and alert.code == "if y.sum() > 100:"
    assert alert.loop == _line_of(_breaks_in_its_loop, "for _ in")
    assert alert.break_id == "SOT-B005", alert
    with using_lang("en"):
        assert f"at line {alert.line}" in alert.title() and f"loop of line {alert.loop}" in alert.title()
        assert "out of the loop" in alert.fix() and "SOT-B005: " in alert.fix()
        page = watch_html(report)
        assert "Graph break inside a loop" in page and "if y.sum() &gt; 100:" in page
    with using_lang("zh"):
        assert "循环内的图中断" in alert.title() and "移到循环之外" in alert.fix()
    # each frame SOT made of the code after a break names that break, its id and fix, as the
    # SOT report's rows do: the `if` before the loop made the frame of the branch it took
    made = [e for e in report.events if e.made_by is not None]
    assert all(e.kind == "translate" and e.frame.startswith("resume_") for e in made), made
    before = [e for e in made if e.function == "_breaks_before_its_loop"]
    assert len(before) >= 1 and {(e.made_by.id, e.made_by.line) for e in before} == {
        ("SOT-B005", _line_of(_breaks_before_its_loop, "if y.sum()"))}, before
    assert {e.made_by.id for e in made} == {"SOT-B005"}
    for lang, made_words in (("en", "made by the graph break at"), ("zh", "处的图中断产生")):
        with using_lang(lang):
            page = watch_html(report)
            fix = before[0].made_by.fix()
        assert page.count(f'href="{before[0].made_by.entry.page(lang)}"') == len(made)
        assert page.count(made_words) == len(made) and fix.split("`")[0] in page, lang
    # and a rank's record keeps it
    _, back = watch_ranks.from_json(json.loads(json.dumps(watch_ranks.to_json(report, 0))))
    assert [e.made_by for e in back.events if e.made_by is not None] == [e.made_by for e in made]


@pytest.mark.skipif(not PADDLE3, reason="Paddle 2.6's SOT cannot trace float() of a tensor (it raises)")
def test_a_float_of_a_tensor_in_a_while_loop_is_named():
    def body_reads_a_float(x):
        y, k = x, 0
        while k < 3:
            y = y * float(y.mean())
            k += 1
        return y

    static = paddle.jit.to_static(body_reads_a_float)
    with d2s_lab.watch() as w:
        static(paddle.ones([2]))
        static(paddle.ones([2]))
    alert = next(a for a in w.report().alerts if a.kind == "loop_break")
    assert alert.line == _line_of(body_reads_a_float, "* float(") and alert.code == "y = y * float(y.mean())"
    assert alert.loop == _line_of(body_reads_a_float, "while k") and alert.count == 2


def _progress_step(x, lr):  # its own code object: a cache nothing else filled
    return x * lr + 2


def test_the_progress_is_told_when_a_step_starts_with_the_counts_so_far():
    static = paddle.jit.to_static(_progress_step)
    told = []
    with d2s_lab.watch(on_progress=told.append, every=0) as w:
        for lr in (0.11, 0.12, 0.13, 0.14):
            static(paddle.ones([2, 4]), lr)
    assert [p.steps for p in told] == [1, 2, 3, 4]
    last = told[-1]  # told as the fourth step starts: three calls done, two recompiles
    assert (last.functions, last.translations, last.recompiles) == (1, 3, 2), last
    assert w.report().function("_progress_step").recompiles == 3
    with using_lang("en"):
        assert last.line().startswith("Watching… 4 call(s) · 1 function(s) · 3 translation(s) · 2 recompile(s)")
    with using_lang("zh"):
        assert "重新翻译 2 次" in last.line()
    quiet = []
    with d2s_lab.watch(on_progress=quiet.append):  # once a second: these few calls are quicker
        static(paddle.ones([2, 4]), 0.2)
    assert quiet == []


def _drive(w, codes, calls, start=0):
    """``calls`` calls through the recorder's hook interface (what watch_all calls), round
    the functions of ``codes``: every third call of each a recompile on a Python value,
    every fifth on its own Layer instance, some runs in dygraph with the cache full, a
    shape made dynamic now and then."""
    for k in range(start, start + calls):
        code = codes[k % len(codes)]
        token = w.enter(code, "sot", 1 + k % 5)
        n = k // len(codes)
        if n == 0:
            w.add(code, CallEvent(code=code.co_name, translated=True, first=True, seconds=0.01, entries=1, limit=20))
            w.graph_break(RawBreak("DataDependencyControlFlowBreak", "if on a tensor", "break", code.co_filename,
                                   code.co_firstlineno + 3, code.co_name, True))
        elif n % 3 == 0:
            w.add(code, CallEvent(code=code.co_name, translated=n < 40, seconds=0.001, entries=min(n, 20), limit=20,
                                  dygraph=n >= 40, missed=(f"lr == {n}", f"{n + 1}", ""),
                                  dynamic="x.shape[0]" if n % 30 == 0 else ""))
        w.leave(token, 0.0001)


@pytest.mark.slow
def test_ten_thousand_calls_and_more_over_three_dozen_functions_stay_small():
    import linecache
    import tracemalloc

    source = "".join(f"def step_{i}(x, lr):\n    y = x\n    for _ in range(3):\n"
                     f"        if y.sum() > {i}:\n            y = y - lr\n    return y\n" for i in range(36))
    filename = "<many steps>"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    module = compile(source, filename, "exec")
    codes = [c for c in module.co_consts if hasattr(c, "co_code")]
    assert len(codes) == 36
    w = watch_mod.Watch("many")
    tracemalloc.start()
    try:
        _drive(w, codes, 10_000)
        at_10k = tracemalloc.take_snapshot()
        # memory: another 10,000 calls keep what the watch holds the same size
        _drive(w, codes, 10_000, start=10_000)
        grown = sum(s.size_diff for s in tracemalloc.take_snapshot().compare_to(at_10k, "filename"))
    finally:
        tracemalloc.stop()
    print(f"the second 10,000 calls grew what the watch holds by {grown} bytes")
    # bounded: the kept events are replaced by ones of longer numbers ("lr == 555"); one kept
    # event per call would be some 3 MB here
    assert grown < 64 * 1024, grown
    report = w.report()
    assert report.steps == 20_000 and len(report.functions) == 36
    # the steps' time in at most TIME_BINS bins, each of a power of two of steps, none lost
    assert report.step_bin == 256 and len(report.per_step) == 79, (report.step_bin, len(report.per_step))
    assert abs(sum(b[1] for b in report.per_step) - sum(f.static_s for f in report.functions)) < 1e-6
    assert sum(f.calls for f in report.functions) == 20_000
    assert len(report.events) == watch_mod.FIRST_EVENTS + watch_mod.LAST_EVENTS
    kinds = {a.kind for a in report.alerts}
    assert {"storm", "cache_full", "loop_break"} <= kinds, kinds
    with using_lang("en"):
        page, fragment = watch_page(report), watch_html(report, var="w")
    print(f"20,000 calls, 36 functions, {len(report.alerts)} alerts: page {len(page.encode()) / 1024:.0f} KB, "
          f"notebook fragment {len(fragment.encode()) / 1024:.0f} KB")
    assert len(page.encode()) < 250_000 and len(fragment.encode()) < 250_000
