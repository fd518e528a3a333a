"""d2s_lab's hooks into Paddle's internals leave Paddle as they found it: every attribute of
every class and module d2s_lab patches is the same object before and after a conversion,
after one that raised half way, and after ``%unload_ext d2s_lab``; ``D2S_NO_HOOKS=1`` and
``set_hooks(False)`` patch nothing while conversions still work; the user's own
``SOT_COLLECT_INFO`` report is what Paddle alone gives; and a full SOT cache is reported
as the dygraph run Paddle makes, with Paddle's counts left alone."""
import os
import subprocess
import sys

import paddle
import pytest

import d2s_lab
import paths
from d2s_lab.core.paddle_compat import hooks
from d2s_lab.core.paddle_compat.hooks import executor_cache
from versions import PADDLE3

ENV = dict(os.environ, GLOG_minloglevel="2", D2S_MODE="")
SPEC = ["x: [None, 4] float32"]


def _owners():
    """Every class and module d2s_lab's hooks patch, on this Paddle."""
    from paddle.jit.dy2static.program_translator import ProgramCache, StaticFunction
    from paddle.jit.sot.opcode_translator.executor import executor_cache as ec
    from paddle.jit.sot.opcode_translator.executor import function_graph, opcode_executor
    from paddle.jit.sot.symbolic import compile_cache, interpreter
    from paddle.jit.sot.utils import exceptions

    from d2s_lab.core.paddle_compat.sot.cache import sot_cache

    # Paddle 2.6 wraps the cache class in a Singleton object: the class is the instance's type
    return [type(sot_cache()), ec, opcode_executor.OpcodeExecutor, opcode_executor.OpcodeExecutorBase,
            opcode_executor, compile_cache.FallbackWrapper, exceptions.FallbackError, function_graph,
            function_graph.FunctionGraph, interpreter, StaticFunction, ProgramCache,
            exceptions.BreakGraphError]  # the last three: a watch


def _snapshot():
    """Each attribute of each owner: the object it is now."""
    return {(repr(o), k): id(v) for o in _owners() for k, v in list(vars(o).items())}


def _changed(before, after):
    return sorted(k for k in set(before) | set(after) if before.get(k) != after.get(k))


def breaks_at_print(x):
    y = paddle.tanh(x) * 2
    print("between the subgraphs")
    return paddle.tanh(y) + 1


def raises_half_way(x):
    y = paddle.tanh(x) * 2
    print("then it raises")
    raise ValueError(f"raised half way through the run ({y.shape})")


def test_a_conversion_puts_back_everything_it_patched_for_its_run():
    d2s_lab.unhook()  # what earlier tests of this process left
    before = _snapshot()
    conv = d2s_lab.convert(breaks_at_print, SPEC, mode="sot")
    assert conv.sot is not None and conv.sot.breaks, conv.sot
    # what stays: the later-call record, on the executor cache's __call__ (one attribute)
    lasting = _changed(before, _snapshot())
    assert [name for _, name in lasting] in ([], ["__call__"]), lasting
    d2s_lab.unhook()
    assert _changed(before, _snapshot()) == [] and hooks.active() == []


def test_a_run_that_raises_puts_back_everything_too():
    from d2s_lab.errors import ConversionError

    d2s_lab.unhook()
    before = _snapshot()
    with pytest.raises(ConversionError):
        d2s_lab.convert(raises_half_way, SPEC, mode="sot")
    assert [name for _, name in _changed(before, _snapshot())] in ([], ["__call__"])
    d2s_lab.unhook()
    assert _changed(before, _snapshot()) == []


def test_during_the_run_exactly_the_listed_internals_are_patched():
    from d2s_lab.core.sot.build import SotRun

    d2s_lab.unhook()
    before = _snapshot()
    static = paddle.jit.to_static(breaks_at_print)
    with SotRun("f", breaks_at_print.__code__, paddle.__version__):
        during, active = _changed(before, _snapshot()), hooks.active()
        static(paddle.ones([2, 4]))
    names = {name for _, name in during}
    assert {"start_translate", "__call__", "__init__"} <= names, names  # translate, subgraphs, fallbacks
    assert names & {"_break_graph_when_if", "_break_graph_in_jump"}, names
    assert len(during) == len(active), (during, active)
    assert _changed(before, _snapshot()) == [] and hooks.active() == []


def test_a_failure_while_patching_puts_back_what_was_patched():
    class Owner:
        a = 1

    class Frozen:
        __slots__ = ()

    with pytest.raises(AttributeError):
        with hooks.patched((Owner, "a", 2), (Owner, "b", 3), (Frozen(), "c", 4)):
            pass
    assert Owner.a == 1 and not hasattr(Owner, "b") and hooks.active() == []


def test_unload_ext_puts_back_the_lasting_patches(shell):
    from d2s_lab.core.paddle_compat.sot.cache import sot_cache

    d2s_lab.unhook()
    before = _snapshot()
    res, _, _ = shell.run('%%to_static --mode sot --input "x: [None, 4] float32"\n'
                          'import paddle\ndef f(x):\n    return paddle.tanh(x) * 2 + 1\n')
    assert res.success
    shell.ip.user_ns["_d2s"].static_function(paddle.ones([2, 4]))  # a later call, recorded
    assert getattr(type(sot_cache()).__call__, "__wrapped__", None) is not None
    assert shell.ip.custom_exceptions == (d2s_lab.D2SError,)  # d2s_lab's errors shown as a box
    shell.ip.run_line_magic("unload_ext", "d2s_lab")
    assert _changed(before, _snapshot()) == [] and hooks.active() == []
    assert shell.ip.custom_exceptions == ()  # IPython's own handling again
    shell.ip.run_line_magic("load_ext", "d2s_lab")  # the fixture unloads it again


def test_a_watch_puts_back_what_it_patched_also_after_a_raise_and_unload_ext(shell):
    d2s_lab.unhook()
    before = _snapshot()
    res, _, _ = shell.run("%%d2s_watch\nimport paddle\nf = paddle.jit.to_static(lambda x: paddle.tanh(x) * 2)\n"
                          "f(paddle.ones([2, 4]))\nf(paddle.ones([3, 4]))\n")
    assert res.success and shell.ns["_d2s_watch"].steps == 2
    assert _changed(before, _snapshot()) == [] and hooks.active() == []
    res, _, _ = shell.run("%%d2s_watch\nf(paddle.ones([4, 4]))\nraise ValueError('inside the watch')\n")
    assert not res.success and shell.ns["_d2s_watch"].steps == 1  # the cell fails as a cell fails
    assert _changed(before, _snapshot()) == [] and hooks.active() == []
    shell.ip.run_line_magic("unload_ext", "d2s_lab")
    assert _changed(before, _snapshot()) == [] and hooks.active() == []
    shell.ip.run_line_magic("load_ext", "d2s_lab")  # the fixture unloads it again


def test_unwatch_removes_only_its_own_watch():
    code = breaks_at_print.__code__
    first, second = object(), object()
    try:
        assert executor_cache.watch(code, first)
        assert executor_cache.watch(code, second)  # the same function converted again
        executor_cache.unwatch(code, first)  # the first conversion's clean-up
        assert executor_cache._RESUMES[(code.co_filename, code.co_name)] is second
        assert executor_cache._BY_ID[id(code)][1] is second
        executor_cache.unwatch(code, second)
        assert id(code) not in executor_cache._BY_ID
    finally:
        d2s_lab.unhook()


_SWITCHED_OFF = r'''
import sys, paddle, d2s_lab
sys.path[:0] = sys.argv[1:3]
from test_hooks import _snapshot, _changed, breaks_at_print, SPEC
from d2s_lab.core.paddle_compat import hooks
from d2s_lab.core.paddle_compat.hooks import sot_run  # imported: hooks are defined, not applied
before = _snapshot()
sot = d2s_lab.convert(breaks_at_print, SPEC, mode="sot")
sot.static_function(paddle.ones([3, 4]))
ast = d2s_lab.convert(breaks_at_print, SPEC, mode="ast")
assert _changed(before, _snapshot()) == [] and hooks.active() == [], _changed(before, _snapshot())
assert ast.drawn_graph.num_ops() > 0 and ast.graph() is not None
print("SOT NOTE:", sot.sot.message)
print("CALLS:", repr(sot.calls()))
'''


@pytest.mark.slow
def test_with_d2s_no_hooks_nothing_is_patched_and_conversions_work():
    out = subprocess.run([sys.executable, "-c", _SWITCHED_OFF, os.path.dirname(__file__), paths.SUPPORT],
                         capture_output=True,
                         text=True, timeout=300, env=dict(ENV, D2S_NO_HOOKS="1"))
    assert out.returncode == 0, out.stderr[-3000:]
    note = next(ln for ln in out.stdout.splitlines() if ln.startswith("SOT NOTE:"))
    assert "d2s_lab's hooks into Paddle are off (D2S_NO_HOOKS=1)" in note, out.stdout
    assert "CALLS: d2s_lab's hooks into Paddle are off" in out.stdout, out.stdout


def test_set_hooks_false_patches_nothing_and_says_so():
    d2s_lab.unhook()
    before = _snapshot()
    d2s_lab.set_hooks(False)
    try:
        conv = d2s_lab.convert(breaks_at_print, SPEC, mode="sot")
        conv.static_function(paddle.ones([3, 4]))
        assert _changed(before, _snapshot()) == [] and hooks.active() == []
        assert "set_hooks(False)" in conv.sot.message and "set_hooks(False)" in repr(conv.calls())
    finally:
        d2s_lab.set_hooks(True)


_COLLECTOR = r'''
import paddle, d2s_lab
def b(x):
    y = x * 2
    print("in b")
    return y + 1
def g(x):
    return paddle.tanh(x) * 2 + 1
paddle.jit.to_static(b)(paddle.ones([2, 4]))
conv = d2s_lab.convert(g, ["x: [None, 4] float32"], mode="sot")
print("TRACED:", repr(conv.traced_prints), repr(conv.paddle_log))
'''


@pytest.mark.skipif(not PADDLE3, reason="Paddle 2.6's SOT has no info collector (SOT_COLLECT_INFO)")
def test_the_users_own_collector_report_is_what_paddle_gives():
    env = dict(ENV, SOT_COLLECT_INFO="breakgraph_reason")
    mine = subprocess.run([sys.executable, "-c", _COLLECTOR], capture_output=True, text=True, timeout=300, env=env)
    plain = subprocess.run([sys.executable, "-c", _COLLECTOR.split("conv = ")[0]], capture_output=True, text=True,
                           timeout=300, env=env)
    assert mine.returncode == 0 and plain.returncode == 0, mine.stderr[-2000:] + plain.stderr[-2000:]
    report = plain.stdout[plain.stdout.index("BreakGraphReasonInfo"):]
    assert "BuiltinFunctionBreak (1)" in report and "print" in report, plain.stdout
    assert mine.stdout.rstrip().endswith(report.rstrip()), mine.stdout
    traced = next(ln for ln in mine.stdout.splitlines() if ln.startswith("TRACED:"))
    assert "SubGraphInfo" not in traced and "VERSION.txt" not in traced, traced


class Block(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc = paddle.nn.Linear(4, 4)

    def forward(self, x):
        return paddle.tanh(self.fc(x)) * 2 + 1


def _entries(code):
    from d2s_lab.core.paddle_compat.sot.cache import guarded, sot_cache

    return len(guarded(sot_cache().cache.get(code)))


def test_a_full_cache_is_reported_as_the_dygraph_run_paddle_makes():
    from d2s_lab.core.paddle_compat.sot.cache import max_cache_size, sot_cache

    cache, code, x = sot_cache(), Block.forward.__code__, paddle.ones([2, 4])
    limit = max_cache_size()
    # fresh instances, all kept alive (a freed one's id, which a guard may check, is reused):
    # each adds an entry until the cache is full
    blocks = [Block() for _ in range(limit + 4)]
    for block in blocks[:limit + 1]:
        paddle.jit.to_static(block)(x)
    assert _entries(code) == limit
    count = cache.translate_count
    paddle.jit.to_static(blocks[limit + 1])(x)
    assert cache.translate_count == count  # plain Paddle: dygraph, no translation
    conv = d2s_lab.convert(blocks[limit + 2], SPEC, mode="sot")
    assert cache.translate_count == count and _entries(code) == limit  # no translation for the view
    full = [b for b in conv.sot.breaks if b.reason == "CacheFull"]
    assert full and str(limit) in full[0].message and "MAX_CACHE_SIZE" in full[0].message, conv.sot.breaks
    assert not any(s.runs_static for s in conv.sot.subgraphs)
    paddle.jit.to_static(blocks[limit + 3])(x)
    assert cache.translate_count == count  # and Paddle's state is as it was for the user's code


def test_converting_a_function_plain_paddle_already_translated_leaves_its_cache_as_it_was():
    from d2s_lab.core.paddle_compat.sot.cache import sot_cache

    def g(x):
        for _ in range(3):
            x = paddle.tanh(x) * 2 + 1 - x
        return x

    cache, x = sot_cache(), paddle.ones([2, 4])
    paddle.jit.to_static(g)(x)
    count, entries = cache.translate_count, _entries(g.__code__)
    conv = d2s_lab.convert(g, SPEC, mode="sot")
    assert conv.sot.subgraphs  # the view was made from a fresh translation...
    assert (cache.translate_count, _entries(g.__code__)) == (count, entries)  # ...and Paddle's state kept
    paddle.jit.to_static(g)(x)
    assert cache.translate_count == count  # the plain call still hits its entry


def test_a_hook_that_does_not_fire_says_so(monkeypatch):
    """A Paddle whose internals moved (stood in for by a capture that patches nothing): the
    run translates, no hook hears of it, and the report says which views are missing rather
    than showing empty ones. On this Paddle every hook fires."""
    import contextlib

    from d2s_lab.core.paddle_compat.hooks import sot_run

    conv = d2s_lab.convert(breaks_at_print, SPEC, mode="sot")
    assert "did not fire" not in (conv.sot.message or "")

    @contextlib.contextmanager
    def silent(mods, events):
        yield sot_run.Capture(None, sot_run.StackCapture(False))

    monkeypatch.setattr(sot_run, "capturing", silent)
    conv = d2s_lab.convert(breaks_at_print, SPEC, mode="sot")
    assert "executor_cache.start_translate did not fire" in conv.sot.message, conv.sot.message
    assert "OpcodeExecutorCache.__call__ did not fire" in conv.sot.message, conv.sot.message


@pytest.mark.slow
@pytest.mark.skipif(not PADDLE3, reason="Paddle 2.6's SOT compiles no subgraph of a paddle.vision ResNet")
def test_the_sixth_resnet_says_its_blocks_ran_in_dygraph():
    """paddle.vision ResNets converted one after another: each adds an entry per block to
    the cache of ``Sequential.forward`` (their own ``forward`` is in Paddle's files, never
    translated), so after five the cache is full and plain Paddle runs the sixth's blocks in
    dygraph. The sixth's report says so (``CacheFull``, beside ``SkipFile``), translates
    nothing for the view, and a seventh plain call still translates nothing."""
    from paddle.vision.models import resnet18

    from d2s_lab.core.paddle_compat.sot.cache import max_cache_size, sot_cache

    cache, x = sot_cache(), paddle.randn([1, 3, 32, 32])
    nets = [resnet18() for _ in range(7)]
    for net in nets:
        net.eval()
    seq = paddle.nn.Sequential.forward.__code__
    for net in nets[:5]:  # four blocks each: 20 entries
        paddle.jit.to_static(net)(x)
    assert _entries(seq) == max_cache_size()
    count = cache.translate_count
    conv = d2s_lab.convert(nets[5], example_inputs=[x], mode="sot")
    reasons = {(b.reason, b.function) for b in conv.sot.breaks}
    assert {("SkipFile", "forward"), ("CacheFull", "forward")} <= reasons, reasons
    assert cache.translate_count == count
    paddle.jit.to_static(nets[6])(x)
    assert cache.translate_count == count
