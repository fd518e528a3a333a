"""SOT's guards as the model's code writes them, the same check on each item of a layer
list told once, and SOT's names read (d2s_lab.core.sot.guards, d2s_lab.core.sot_text:
text only, no Paddle)."""
from d2s_lab.core.calls import CallRecord
from d2s_lab.core.paddle_compat.hooks.events import CallEvent
from d2s_lab.core.sot.guards import grouped
from d2s_lab.core.sot_text import base_name, ident, is_resume, readable_guard, resumes_called, shown_guard
from d2s_lab.text import using_lang
from models import with_try


def test_attribute_paths_read_as_the_code_writes_them():
    raw = ("self._sub_layers['llama']._sub_layers['layers']._sub_layers['4']._sub_layers['input_layernorm']"
           "._parameters['weight'].shape[0] == 32")
    assert readable_guard(raw) == "self.llama.layers[4].input_layernorm.weight.shape[0] == 32"
    assert readable_guard("self._buffers['inv_freq'].dtype == paddle.float32") == "self.inv_freq.dtype == paddle.float32"
    assert readable_guard("x.shape[1] == 2") == "x.shape[1] == 2"
    # as SOT writes it, from the frame: one rewrite does it all, and is done once
    raw_frame = "frame.f_locals['self']._sub_layers['layers']._sub_layers['0']._parameters['w'].shape[0] == 8"
    assert readable_guard(raw_frame) == "self.layers[0].w.shape[0] == 8"
    assert readable_guard(readable_guard(raw_frame)) == "self.layers[0].w.shape[0] == 8"


def test_an_identity_guard_is_kept_as_python_and_worded_in_the_language_asked():
    # the data: Python, in no language; the words: the view's, from the catalogue
    kept = readable_guard("id(type(frame.f_locals['self'])) == 140234")
    assert kept == "id(type(self)) == 140234"
    assert shown_guard(kept, "en") == "type(self) is (the same object)"
    assert shown_guard(kept, "zh") == "type(self) 仍是（同一个对象）"
    assert shown_guard("x.shape[0] == 4", "zh") == "x.shape[0] == 4"
    # the addresses differ from process to process: grouped, the check is told once
    ids = ["id(self._sub_layers['act']) == 1401", "id(self._sub_layers['act']) == 1402"]
    assert [(g.text, g.count) for g in grouped(ids, lang="en")] == [("self.act is (the same object)", 2)]
    assert [(g.text, g.count) for g in grouped(ids, lang="zh")] == [("self.act 仍是（同一个对象）", 2)]
    with using_lang("zh"):  # a view's language in force
        assert grouped(ids)[0].text == "self.act 仍是（同一个对象）"


def test_a_later_calls_failed_identity_guard_reads_in_the_language_shown():
    """A call record keeps what the hook saw; its reason is worded when read, so
    ``%d2s_calls --lang`` words calls recorded before it in the language it asks for."""
    miss = CallEvent(code="forward", translated=True, entries=2, limit=8, missed=("id(self.act) == 1403", "", ""))
    rec = CallRecord(2, new_entry=True, whys=[miss])
    with using_lang("en"):
        assert rec.reason == "`self.act is (the same object)` failed"
    with using_lang("zh"):
        assert rec.reason == "`self.act 仍是（同一个对象）` 不成立"


def test_sot_names_are_read_one_way():
    assert [is_resume(n) for n in ("f", "#f_84ae0", "$resume_0@f_af1a0")] == [False, False, True]
    assert base_name("$resume_1@f_7902e") == "f" and base_name("$resume_2@$resume_1@my_fade_7902e") == "my_fade"
    assert base_name("f_7902e") == "f_7902e"  # only SOT's own names lose their hash
    assert ident("$resume_0@f_af1a0") == "resume_0_f" and ident("$resume_2@$resume_1@f_af1a0") == "resume_2_f"
    assert ident("#f_84ae0") == "f" and ident("___graph_fn_SIR_0") == "___graph_fn_SIR_0"
    assert resumes_called(("paddle", "$resume_0@f_af1a0", "#f_84ae0")) == ["$resume_0@f_af1a0"]


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


def test_a_guard_two_frames_share_is_told_once_naming_both():
    """A new shape fails the same guard in a function and in its resume function: one
    line, naming both frames, in either language."""
    events = [CallEvent(code=code, translated=True, entries=2, limit=8, missed=("x.shape[0] == 2", "3", ""),
                        dynamic="x.shape[0]") for code in ("numpy_item", "resume_3_numpy_item")]
    rec = CallRecord(2, new_entry=True, whys=events)
    with using_lang("en"):
        assert rec.reasons == ["`x.shape[0] == 2` failed: now 3, so x.shape[0] is dynamic in the new entry"
                               " (in numpy_item, resume_3_numpy_item)"]
    with using_lang("zh"):
        (line,) = rec.reasons
        assert "numpy_item, resume_3_numpy_item" in line and "在" in line
    one = CallRecord(3, new_entry=True, whys=events[1:])
    with using_lang("en"):
        assert one.reasons == ["`x.shape[0] == 2` failed: now 3, so x.shape[0] is dynamic in the new entry"]


def numpy_item(x):
    s = x.mean().item()
    a = x.numpy().max()
    return x * s + float(a)


def test_a_real_call_that_translates_two_frames_says_why_once(paddle):
    import d2s_lab

    conv = d2s_lab.convert(numpy_item, ["x: [None, 4] float32"], mode="sot")
    for n in (2, 3):
        conv.static_function(paddle.randn([n, 4]))
    # Paddle 3: the function and its resume function fail one shape guard; Paddle 2.6: the
    # function's guard fails and its resume functions are translated afresh
    several = [r for r in conv.calls() if len(getattr(r, "frames", [])) >= 2]
    assert several, list(conv.calls())
    with using_lang("en"):
        reasons = several[0].reasons
    assert len(reasons) == len(set(reasons)), reasons
    assert all(any(f in r for f in several[0].frames) for r in reasons), reasons  # each names its frames


def repeat_n(x, n):
    for _ in range(n):
        x = x * 2 + 1
    return x


def test_a_call_counts_as_a_recompile_only_when_sot_kept_an_entry(paddle):
    """``range(n)`` converted at n=2, then three calls at n=3: Paddle 3 translates the
    first of them with ``n`` dynamic, runs it in dygraph and keeps nothing; the second
    adds the entry the third reuses. New entries counted equal the entries SOT's cache
    gained, and the call whose translation was dropped says so."""
    import d2s_lab
    from d2s_lab.core.paddle_compat.sot import cache as sot_cache
    from versions import PADDLE3

    conv = d2s_lab.convert(repeat_n, [paddle.ones([2, 3]), 2], mode="sot")
    before = len(sot_cache.entries(repeat_n.__code__))
    for _ in range(3):
        out = conv.static_function(paddle.ones([2, 3]), 3)
    assert float(out.sum()) == 6 * 15.0
    gained = len(sot_cache.entries(repeat_n.__code__)) - before
    records = conv.calls()
    assert sum(r.new_entry for r in records) == gained == conv.call_log.new_entries, list(records)
    dropped = [r for r in records if r.dygraph and not r.new_entry]
    if PADDLE3:
        assert gained == 1 and len(dropped) == 1, list(records)
    with using_lang("en"):
        assert all("kept no cache entry" in r.reason and "n == 2" in r.reason for r in dropped), list(records)
    with using_lang("zh"):
        assert all("没有保留缓存项" in r.reason for r in dropped)


def test_calls_of_a_function_sot_runs_in_dygraph_say_why_none_is_listed(paddle):
    """SOT skips a function with try/except (Python 3.11+) before its cache: its calls
    reach no hook. The record says the function runs in dygraph on every call and why,
    not that it was never called."""
    import d2s_lab
    from d2s_lab.viz.calls_view import calls_html

    conv = d2s_lab.convert(with_try, ["x: [None, 3] float32"], mode="sot")
    for n in (2, 3):
        assert float(conv.static_function(paddle.ones([n, 3])).sum()) == 9.0 * n
    calls = conv.calls()
    from versions import PADDLE3

    assert conv.call_log.always_dygraph or not PADDLE3  # Paddle 3 skips it (an exception table)
    if not conv.call_log.always_dygraph:
        assert len(calls) == 2, list(calls)  # a Paddle that translates it records its calls
        return
    assert not len(calls)
    with using_lang("en"):
        text, page = repr(calls), calls_html(calls)
    assert "runs in dygraph on every call" in text and "line " in text and "No call" not in text, text
    assert "runs in dygraph on every call" in page and "No call" not in page
    with using_lang("zh"):
        assert "每次调用都以动态图运行" in calls_html(calls)
