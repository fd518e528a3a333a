"""Self-check cells for teaching labs: ``lab.expect(...)`` and friendly feedback.

A lab's exercise stores its result under a name (``%%to_static ... --as ex1``, a
saved model's prefix, ``%d2s_bench --as ex6``); the check cell below it reads that
result and says, in the notebook's language (``%d2s_lang en|zh``), what is right and
what is not yet — never a traceback, and never the code to write::

    from d2s_lab import lab

    lab.expect("ex1").converted().has_op("while").output(shape=[None, 10])
    lab.expect_saved("build/labs/net").input(shape=[None, 16]).has_method("embed")
    lab.expect("ex6").batches([1, 64]).has_runtime("predictor_onednn")

Every check returns the same :class:`Expectation`, so checks chain; put the chain on
the cell's last line and it shows as a box: one line per check (✔ pass, ✘ not yet,
– not checked) and a verdict. A check that cannot run says why in one sentence.

Op kinds are matched without their dialect and across Paddle versions: ``"while"``
finds ``pd_op.while`` (Paddle 3) and ``while`` (Paddle 2.6); ``"if"`` finds ``pd_op.if``
and 2.6's ``conditional_block``; ``"add"`` finds ``elementwise_add``.  A check that only
Paddle 3 can answer is marked with :meth:`Expectation.on_paddle` and reads "not checked"
on older versions.  Plain data in, plain data out: this module never imports Paddle
itself (it reads :class:`~d2s_lab.core.convert.Conversion`, saved files and
benchmark results).
"""
from __future__ import annotations

import inspect
import math
import os
import re
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Sequence

from d2s_lab.text import t
from d2s_lab.text.lang import get_lang
from d2s_lab.core.graph.ops import op_kinds, short_name
from d2s_lab.core.graph.shapes import format_shape, is_dynamic
from d2s_lab.viz.html import esc

__all__ = ["expect", "expect_saved", "answer", "ready", "Expectation", "CheckLine", "CheckNotPassed", "op_kinds"]

PASS, FAIL, SKIP = "pass", "fail", "skip"

def _is_kind(op_name: str, kinds: frozenset) -> bool:
    return short_name(op_name).rstrip("_") in kinds


# Every sentence a check can say is ``labs.<key>`` in the text catalogue; ``{placeholders}``
# are filled with plain text and the box escapes everything when it draws it as HTML.
# Op kinds read in a sentence as ``labs.op.<kind>.<form>`` (form: a, plural, bare).
OP_KINDS = ("while", "if", "cast")
_VERDICT_KEYS = {"pass": "verdict_pass", "fail": "verdict_fail", "partial": "verdict_partial"}


def op_words(kind: str, lang: str, form: str = "a") -> str:
    base = short_name(str(kind)).rstrip("_")
    if base in OP_KINDS:
        text = t(f"labs.op.{base}.{form}", lang)
    else:
        text = t(f"labs.op.other.{form}", lang, base=base)
    # Chinese sentences put no space before Chinese words, one before Latin ones.
    return " " + text if lang == "zh" and text[:1].isascii() else text


def _t(key: str, lang: str, **params) -> str:
    """The sentence ``labs.<key>`` in ``lang`` with its parameters (plain text)."""
    return t(f"labs.{key}", lang, **{k: _plain(v) for k, v in params.items()})


def _plain(value) -> str:
    if isinstance(value, float):
        return f"{value:.3g}"
    try:
        return str(value)
    except Exception:  # an object whose str raises: its type names it
        return f"<{type(value).__name__}>"


def _safe_repr(value) -> str:
    """``repr(value)``, or ``<Type>`` when its repr raises (a check's name never fails)."""
    try:
        return repr(value)
    except Exception:
        return f"<{type(value).__name__}>"


def _shape_matches(got, want, run_shapes: bool = False) -> bool:
    """``got`` is ``want``; where ``run_shapes``, a dynamic dimension (None) of ``want``
    matches any size, since a run's output has sizes where a Program has None."""
    got, want = _shape_list(got), _shape_list(want)
    if not run_shapes or got is None or want is None:
        return got == want
    return len(got) == len(want) and all(w is None or g == w for g, w in zip(got, want))


def _shape_list(shape) -> Optional[List[Optional[int]]]:
    if shape is None:
        return None
    return [None if is_dynamic(d) else int(d) for d in shape]


def _dtype(value) -> str:
    return str(value or "").replace("paddle.", "").strip()


def _norm(text) -> str:
    return re.sub(r"\s+", "", str(text or "")).strip("'\"`").lower()


@dataclass
class CheckLine:
    """One check's outcome: ``status`` is ``pass``, ``fail`` or ``skip``; ``message``
    is one sentence in the lab's language."""

    check: str
    status: str
    message: str


class _Fail(Exception):
    def __init__(self, key: str, **params):
        super().__init__(key)
        self.key, self.params = key, params


class _Skip(_Fail):
    pass


class _Missing:
    """What ``expect("name")`` holds when the notebook has no such name."""

    def __init__(self, name: str):
        self.name = name


def _caller_namespace(depth: int = 2) -> Dict[str, Any]:
    """The notebook's namespace: IPython's ``user_ns`` when in a kernel, else the caller's globals."""
    try:
        from IPython import get_ipython

        ip = get_ipython()
        if ip is not None:
            return ip.user_ns
    except Exception:  # IPython missing or broken: plain Python
        pass
    frame = inspect.currentframe()
    try:
        for _ in range(depth):
            frame = frame.f_back if frame is not None else None
        return dict(frame.f_globals) if frame is not None else {}
    finally:
        del frame


def _type_name(obj) -> str:
    return "None" if obj is None else type(obj).__name__


def _is_conversion(obj) -> bool:
    return hasattr(obj, "original_source") and hasattr(obj, "static_function") and hasattr(obj, "drawn_graph")


def _is_saved(obj) -> bool:
    return hasattr(obj, "graph") and hasattr(obj, "files") and hasattr(obj, "methods") and hasattr(obj, "format")


def _is_bench(obj) -> bool:
    return hasattr(obj, "rows") and hasattr(obj, "batches") and hasattr(obj, "skipped")


class Expectation:
    """The checks run on one result, shown together as a self-check box.

    Made by :func:`expect` or :func:`expect_saved`. Each check method records one
    :class:`CheckLine` and returns the Expectation, so checks chain. After a failed
    basic check (the exercise's result is missing, the conversion failed, the model
    file is absent) the rest read "not checked yet". ``verdict`` is ``"pass"`` (every
    check passed), ``"fail"`` (one failed) or ``"partial"`` (none failed, some could not
    be checked on this Paddle); ``lines`` holds the outcomes.
    """

    def __init__(self, obj, label: str, lang: Optional[str] = None, problem: Optional[tuple] = None):
        self._obj = obj
        self.label = label
        try:  # fixed when the checks run: the box reads the same after %d2s_lang changes
            self._lang = get_lang(lang)
        except Exception:
            self._lang = "en"
        self.lines: List[CheckLine] = []
        self._blocked = False
        self._min_major: Optional[int] = None
        if problem is not None:
            key, params = problem
            self._record("expect", FAIL, key, params)
            self._blocked = True

    # -- plumbing --------------------------------------------------------------------
    @property
    def lang(self) -> str:
        try:
            return get_lang(self._lang)
        except Exception:
            return "en"

    @property
    def verdict(self) -> str:
        """``"pass"``, ``"fail"`` or ``"partial"`` (nothing failed, something not checked)."""
        statuses = {c.status for c in self.lines}
        if FAIL in statuses or PASS not in statuses:
            return FAIL
        return "partial" if SKIP in statuses else PASS

    @property
    def passed(self) -> bool:
        """Every check passed."""
        return self.verdict == PASS

    def _record(self, check: str, status: str, key: str, params: dict) -> None:
        try:
            message = _t(key, self.lang, **params)
        except Exception:  # a bad placeholder must not hide the verdict
            message = key
        self.lines.append(CheckLine(check, status, message))

    def _run(self, check: str, fn, gate: bool = False) -> "Expectation":
        if self._blocked:
            self._record(check, SKIP, "blocked", {})
            return self
        if self._min_major is not None:
            version = self._paddle_version()
            major = _major(version)
            if major is not None and major < self._min_major:
                self._record(check, SKIP, "old_paddle", {"version": version, "major": self._min_major})
                return self
        try:
            key, params = fn()
            self._record(check, PASS, key, params)
        except _Skip as skip:
            self._record(check, SKIP, skip.key, skip.params)
        except _Fail as fail:
            self._record(check, FAIL, fail.key, fail.params)
            if gate:
                self._blocked = True
        except Exception as exc:  # never a traceback in a student's face
            self._record(check, FAIL, "internal", {"what": f"{type(exc).__name__}: {str(exc)[:160]}"})
            if gate:
                self._blocked = True
        return self

    def _paddle_version(self) -> str:
        for obj in (self._obj, getattr(self._obj, "conversion", None)):
            v = getattr(obj, "paddle_version", "") if obj is not None else ""
            if v:
                return str(v)
        try:
            from d2s_lab.core.paddle_compat import paddle_version

            return paddle_version()
        except Exception:
            return ""

    def __getattr__(self, name: str):
        if name.startswith("_"):
            raise AttributeError(name)

        def unknown(*_args, **_kwargs):
            self._record(name, FAIL, "unknown_check", {"check": name})
            return self

        return unknown

    def _need(self, test, need_key: str):
        if not test(self._obj):
            raise _Fail("wrong_kind", need=_t(need_key, self.lang), name=self.label,
                        got=_type_name(self._obj))
        return self._obj

    def _conversion(self):
        return self._need(_is_conversion, "need_conversion")

    def _graph(self):
        obj = self._obj
        if _is_saved(obj):
            return obj.graph
        conv = self._conversion()
        if conv.drawn_graph is None:
            raise _Fail("sot_no_program" if conv.mode == "sot" and conv.error is None else "no_program")
        return conv.drawn_graph

    # -- version gate ------------------------------------------------------------------
    def on_paddle(self, major: int) -> "Expectation":
        """The checks after this one need Paddle ``major`` (e.g. 3) or newer; on an older
        Paddle they read "not checked" with the reason instead of failing."""
        try:
            self._min_major = int(major)
        except (TypeError, ValueError):
            self._record("on_paddle", FAIL, "internal", {"what": f"on_paddle({_safe_repr(major)})"})
        return self

    # -- conversions -------------------------------------------------------------------
    def converted(self) -> "Expectation":
        """The conversion finished: Paddle built the static function and ran it once."""
        def run():
            conv = self._conversion()
            if conv.error is not None:
                report = getattr(conv.error, "report", None)
                if getattr(report, "facts", {}).get("aborted") == "low_precision":
                    # this CPU cannot run 16-bit floats: not the student's answer
                    raise _Skip("cpu_no_low_precision", name=conv.name)
                what = getattr(report, "exc_type", "") or type(getattr(conv.error, "original", None)).__name__
                # the stage that failed: Paddle built the Program but its first run failed
                stage = getattr(report, "stage", "") or getattr(conv.error, "stage", "")
                key = "first_run_failed" if stage == "run" else "not_converted"
                raise _Fail(key, name=conv.name, error=what or "error")
            return ("translated" if conv.mode == "sot" else "converted"), {"name": conv.name}
        return self._run("converted", run, gate=True)

    def has_op(self, kind: str, count: Optional[int] = None, at_least: int = 1) -> "Expectation":
        """The Program has ops of ``kind`` (``"while"``, ``"if"``, ``"cast"``, ``"matmul"``...):
        exactly ``count`` of them when given, else at least ``at_least``. Ops inside
        ``if``/``while`` bodies count. Works on conversions and saved models."""
        def run():
            kinds = op_kinds(kind)
            found = sum(1 for o in self._graph().iter_ops() if _is_kind(o.name, kinds))
            lang = self.lang
            if count is not None:
                what = op_words(kind, lang, "plural")
                if found == 0:
                    raise _Fail("no_such_op", what=op_words(kind, lang, "bare"))
                if found != count:
                    raise _Fail("op_count_wrong", got=found, want=count, what=what)
                return "has_op_count", {"count": found, "what": what}
            if found == 0:
                raise _Fail("no_such_op", what=op_words(kind, lang, "bare"))
            if found < at_least:
                raise _Fail("op_too_few", got=found, want=at_least, what=op_words(kind, lang, "plural"))
            return "has_op", {"what": op_words(kind, lang)}
        return self._run(f"has_op({_safe_repr(kind)})", run)

    def no_op(self, kind: str) -> "Expectation":
        """The Program has no op of ``kind`` (e.g. the loop was unrolled, the branch removed)."""
        def run():
            kinds = op_kinds(kind)
            found = sum(1 for o in self._graph().iter_ops() if _is_kind(o.name, kinds))
            if found:
                raise _Fail("still_op", got=found, what=op_words(kind, self.lang, "plural"))
            return "no_op", {"what": op_words(kind, self.lang, "bare")}
        return self._run(f"no_op({_safe_repr(kind)})", run)

    def _io(self, which: str):
        obj = self._obj
        if _is_saved(obj):
            g = obj.graph
            ids = g.inputs if which == "input" else g.outputs
            return [(g.values[v].name or "", g.values[v].shape, g.values[v].dtype) for v in ids if v in g.values]
        conv = self._conversion()
        if which == "input":
            return [(i.name or "", i.shape, i.dtype) for i in conv.inputs if not i.constant]
        if conv.error is not None and not conv.outputs:
            raise _Fail("no_program")
        return [(i.name or "", i.shape, i.dtype) for i in conv.outputs]

    def _run_shapes(self, which: str) -> bool:
        """Whether the outputs' shapes are those of a run, not of a Program: an SOT
        conversion has no Program, so its outputs have sizes where a Program has None."""
        if which != "output" or _is_saved(self._obj):
            return False
        return self._conversion().mode == "sot"

    def _check_io(self, which: str, index: int, shape, dtype, name):
        lang = self.lang
        items = self._io(which)
        word = _t(which, lang)
        if index >= len(items) or index < -len(items):
            raise _Fail("io_missing", which_l=word.lower() if lang == "en" else word, index=index,
                        count=len(items), last=len(items) - 1)
        got_name, got_shape, got_dtype = items[index]
        # the box counts from 1, the check's index from 0: say both (``output(1)``: "Output 2 (index 1)")
        n = index + 1 if index >= 0 else len(items) + index + 1
        label = f"`{got_name}`" if got_name else _t("io_index", lang, n=n, index=index)
        if shape is not None and not _shape_matches(got_shape, shape, self._run_shapes(which)):
            raise _Fail("io_shape", which=word, label=label, got=format_shape(got_shape),
                        want=format_shape(_shape_list(shape)))
        if dtype is not None and _dtype(got_dtype) != _dtype(dtype):
            raise _Fail("io_dtype", which=word, label=label, got=_dtype(got_dtype), want=_dtype(dtype))
        if name is not None and got_name != name:
            raise _Fail("io_name", which=word, label=label, got=got_name or "-")
        return "io_ok", {"which": word, "label": label, "shape": format_shape(got_shape),
                         "dtype": _dtype(got_dtype)}

    def input(self, index: int = 0, shape: Optional[Sequence] = None, dtype: Optional[str] = None,
              name: Optional[str] = None) -> "Expectation":
        """Tensor input number ``index`` (0 = the first; Python constants are not counted)
        has this ``shape`` (``None`` = a dynamic dimension), ``dtype`` and ``name``; only
        the ones given are checked."""
        return self._run(f"input({index})", lambda: self._check_io("input", index, shape, dtype, name))

    def output(self, index: int = 0, shape: Optional[Sequence] = None,
               dtype: Optional[str] = None) -> "Expectation":
        """Output number ``index`` (0 = the first) has this ``shape`` (``None`` = dynamic)
        and ``dtype``."""
        return self._run(f"output({index})", lambda: self._check_io("output", index, shape, dtype, None))

    def input_shape(self, shape: Sequence, index: int = 0) -> "Expectation":
        """Short for ``input(index, shape=shape)``."""
        return self.input(index, shape=shape)

    def output_shape(self, shape: Sequence, index: int = 0) -> "Expectation":
        """Short for ``output(index, shape=shape)``."""
        return self.output(index, shape=shape)

    def num_inputs(self, n: int) -> "Expectation":
        """The conversion has ``n`` tensor inputs (leaves of nested lists and dicts count
        one by one; Python constants do not count)."""
        def run():
            got = len(self._io("input"))
            if got != n:
                raise _Fail("num_inputs_wrong", got=got, want=n)
            return "num_inputs", {"n": got, "s": "" if got == 1 else "s"}
        return self._run("num_inputs", run)

    def constant(self, name: str, value: Any = None) -> "Expectation":
        """``name`` was given as a Python value (a compile-time constant the Program is
        specialised to), equal to ``value`` when one is given."""
        def run():
            conv = self._conversion()
            found = [c for c in conv.constants if c.name == name]
            if not found:
                raise _Fail("not_constant", name=name)
            got = found[0].value
            if value is not None and got != value:
                raise _Fail("constant_value", name=name, got=repr(got))
            return "constant", {"name": name, "value": repr(got)}
        return self._run(f"constant({_safe_repr(name)})", run)

    def no_rewrites(self) -> "Expectation":
        """Paddle silently rewrote no Python value (``.numpy()``, ``.item()``,
        ``float(t)``, ``len(t)`` on a dynamic dim) in forward."""
        def run():
            conv = self._conversion()
            if conv.drawn_graph is None:
                raise _Fail("no_program")
            rewrites = list(conv.rewrites or [])
            if rewrites:
                where = ", ".join(t("labs.at_line", self.lang, line=r.line) for r in rewrites[:5])
                raise _Fail("rewrites", n=len(rewrites), where=where)
            return "no_rewrites", {}
        return self._run("no_rewrites", run)

    def check_passes(self) -> "Expectation":
        """``--check`` ran and the dygraph and static outputs agree."""
        def run():
            chk = self._check_result()
            worst = max((o.max_abs or 0.0 for o in chk.outputs), default=0.0)
            if not chk.ok:
                raise _Fail("check_differ", diff=f"{worst:.3g}")
            return "check_ok", {"diff": f"{worst:.3g}"}
        return self._run("check_passes", run)

    def _check_result(self):
        conv = self._conversion()
        chk = getattr(conv, "check", None)
        if chk is None:
            raise _Fail("no_check")
        if chk.error is not None:
            raise _Fail("check_error", error=getattr(chk.error, "exc_type", "") or "error")
        return chk

    def first_divergent(self, answer) -> "Expectation":
        """``answer`` names the first sublayer whose outputs differ between dygraph and
        static, as ``--check`` found it: its layer path (``blocks.0.act``), not its class
        (``FastGelu``: a class can be used by several layers). Give the student's answer
        as ``lab.answer("name_of_the_variable")``."""
        def run():
            text = _given(answer)
            chk = self._check_result()
            if not chk.first_divergent:
                raise _Fail("no_divergent")
            if _norm(text) != _norm(chk.first_divergent):
                if chk.first_divergent_cls and _norm(text) == _norm(chk.first_divergent_cls):
                    raise _Fail("divergent_class", answer=text)
                raise _Fail("divergent_wrong", answer=text)
            return "divergent_ok", {"answer": text}
        return self._run("first_divergent", run)

    def no_graph_breaks(self) -> "Expectation":
        """SOT (``--mode sot``) traced the whole function: no graph break, no fallback.
        Where this Paddle has no SOT report (2.6), it reads "not checked" with the reason."""
        def run():
            rep = self._sot_report()
            if rep.error is not None:
                raise _Fail("sot_error", error=getattr(rep.error, "exc_type", "") or "error")
            if rep.breaks:
                where = ", ".join(f"{b.reason}" + (f" ({t('labs.at_line', self.lang, line=b.line)})" if b.line else "")
                                  for b in rep.breaks[:4])
                raise _Fail("breaks", n=len(rep.breaks), where=where)
            return "no_breaks", {}
        return self._run("no_graph_breaks", run)

    def _sot_report(self):
        """The conversion's SOT report; "not checked" where this Paddle has none to give."""
        rep = getattr(self._conversion(), "sot", None)
        if rep is None:
            raise _Fail("no_sot")
        if not rep.available:
            raise _Skip("sot_unavailable", message=str(rep.message).split(" (")[0])
        return rep

    def _sot_frame(self):
        rep = self._sot_report()
        if not rep.frames:
            raise _Fail("no_frames")
        return rep.frames[0]

    def has_guard(self, answer, about: str = "") -> "Expectation":
        """``answer`` is one of the guards of the converted function's frame, as the
        report's "Inside SOT" part lists them (spaces do not matter); with ``about``, the
        guard must be about that name (``about="factor"``: the guard a new ``factor``
        value fails). Give the student's answer as ``lab.answer("name")``."""
        def run():
            text = _given(answer)
            guards = self._sot_frame().guards
            if _norm(text) not in {_norm(g) for g in guards}:
                raise _Fail("guard_unknown", answer=text, n=len(guards))
            if about and not re.search(rf"\b{re.escape(about)}\b", text):
                raise _Fail("guard_not_about", answer=text, name=about)
            return "guard_ok", {"answer": text}
        return self._run("has_guard", run)

    def _calls(self):
        calls = self._conversion().calls()
        if getattr(calls, "log", None) is None or not calls.log.watching:
            raise _Skip("calls_unwatched")
        return calls

    def recompiled(self, because: str, at_least: int = 1) -> "Expectation":
        """Later calls of the conversion made at least ``at_least`` new cache entries (or
        Programs), each one's reason naming ``because`` (``"factor"``, ``"x.shape[0]"``)."""
        def run():
            named = re.compile(rf"(?<![\w.]){re.escape(because)}(?!\w)")
            new = [c for c in self._calls() if c.new_entry and named.search(c.reason)]
            if len(new) < at_least:
                raise _Fail("not_recompiled", name=because, n=at_least)
            return "recompiled_ok", {"n": len(new), "name": because, "reason": new[0].reason}
        return self._run(f"recompiled({_safe_repr(because)})", run)

    def reused(self, calls: int = 2) -> "Expectation":
        """The conversion was called at least ``calls`` more times and every call reused
        what Paddle had built: no new cache entry, no new Program."""
        def run():
            got = list(self._calls())
            if len(got) < calls:
                raise _Fail("too_few_calls", n=calls, got=len(got))
            new = [c for c in got if c.new_entry]
            if new:
                raise _Fail("not_reused", n=len(new), reason=new[0].reason)
            return "reused_ok", {"n": len(got)}
        return self._run("reused", run)

    def dynamic(self, answer) -> "Expectation":
        """``answer`` names the dimension a later call made dynamic (``x.shape[0]``), as
        the calls' reasons say."""
        def run():
            text = _given(answer)
            made = {_norm(d) for c in self._calls() for d in c.made_dynamic}
            if not made:
                raise _Fail("none_dynamic")
            if _norm(text) not in made:
                raise _Fail("dynamic_wrong", answer=text)
            return "dynamic_ok", {"answer": text}
        return self._run("dynamic", run)

    def step(self, answer, writes: str) -> "Expectation":
        """``answer`` names the conversion step (AST transformer: ``"IfElse"``, ``"Loop"``...)
        whose output first contains the text ``writes`` (e.g. ``"_jst.While"``). The steps
        are captured again from the conversion; give the student's answer as
        ``lab.answer("name_of_the_variable")``."""
        def run():
            from d2s_lab.core.steps import capture_steps

            text = _given(answer)
            steps = capture_steps(self._conversion())
            names = [s.transformer for s in steps if not s.is_original]
            given = _norm(text)
            given = given[: -len("transformer")] if given.endswith("transformer") else given
            if given not in {_norm(n) for n in names}:
                raise _Fail("step_unknown", answer=text, names=", ".join(names))
            first = next((s for s in steps if writes in s.source), None)
            if first is None or first.is_original:
                raise _Fail("step_none", text=writes)
            if _norm(first.transformer) != given:
                raise _Fail("step_wrong", answer=text, text=writes)
            return "step_ok", {"answer": first.transformer, "text": writes}
        return self._run("step", run)

    # -- saved models ------------------------------------------------------------------
    def has_method(self, method: str) -> "Expectation":
        """The saved model has the Layer's other ``to_static`` method ``method`` beside
        forward (``PREFIX.<method>.json``)."""
        def run():
            sm = self._need(_is_saved, "need_saved")
            if method not in sm.methods:
                raise _Fail("method_missing", method=method)
            return "method_ok", {"method": method}
        return self._run(f"has_method({_safe_repr(method)})", run)

    # -- benchmarks --------------------------------------------------------------------
    def batches(self, sizes: Sequence[int]) -> "Expectation":
        """The benchmark ran exactly these batch sizes."""
        def run():
            res = self._need(_is_bench, "need_bench")
            got = sorted(b for b in res.batches if b is not None)
            want = sorted(int(b) for b in sizes)
            if got != want:
                raise _Fail("batches_wrong", got=got, want=want)
            return "batches_ok", {"got": got}
        return self._run("batches", run)

    def has_runtime(self, runtime: str) -> "Expectation":
        """The benchmark timed ``runtime`` (``eager``, ``to_static``, ``predictor``,
        ``predictor_onednn``, ``onnxruntime``)."""
        def run():
            from d2s_lab.core.bench.result import runtime_label

            res = self._need(_is_bench, "need_bench")
            label = runtime_label(runtime, self.lang)
            if runtime in res.runtimes:
                return "runtime_ok", {"label": label}
            if runtime in res.skipped:
                raise _Skip("runtime_skipped", label=label, why=res.skipped[runtime])
            raise _Fail("runtime_missing", label=label)
        return self._run(f"has_runtime({_safe_repr(runtime)})", run)

    def outputs_match(self) -> "Expectation":
        """Every runtime's outputs matched eager's before timing."""
        def run():
            res = self._need(_is_bench, "need_bench")
            bad = sorted({r.label for r in res.rows if not r.ok})
            if bad:
                raise _Fail("match_bad", which=", ".join(bad))
            return "match_ok", {}
        return self._run("outputs_match", run)

    def fastest(self, answer, batch: int) -> "Expectation":
        """``answer`` names the runtime with the lowest median latency at ``batch``
        (its key, ``predictor_onednn``, or its label, ``Paddle Inference (default: oneDNN on)``), among
        the runtimes whose outputs matched eager. Answers depend on the machine, so they
        are checked against this benchmark's own table."""
        def run():
            text = _given(answer)
            res = self._need(_is_bench, "need_bench")
            rows = [r for r in res.rows if r.batch == batch and r.ok]
            if not rows:
                raise _Fail("no_batch", batch=batch)
            names = {_norm(r.runtime): r for r in rows}
            names.update({_norm(r.label): r for r in rows})
            given = _norm(text)
            if given not in names:
                raise _Fail("fastest_unknown", answer=text, names=", ".join(r.runtime for r in rows))
            best = min(rows, key=lambda r: r.median_s)
            if names[given].runtime != best.runtime:
                raise _Fail("fastest_wrong", answer=text, batch=batch)
            return "fastest_ok", {"answer": best.label, "batch": batch}
        return self._run("fastest", run)

    # -- values --------------------------------------------------------------------------
    def close_to(self, other, atol: float = 1e-5) -> "Expectation":
        """The values (a Tensor, an array, or the name of one) equal ``other`` within
        ``atol``: same shape, max abs difference at most ``atol``."""
        ref = _lookup(other) if isinstance(other, str) else other

        def run():
            if isinstance(ref, _Missing):
                raise _Fail("missing", name=ref.name)
            a, b = _array(self._obj), _array(ref)
            if a is None or b is None:
                raise _Fail("wrong_kind", need=_t("need_values", self.lang), name=self.label,
                            got=_type_name(self._obj if a is None else ref))
            if a.shape != b.shape:
                raise _Fail("close_shape", a=list(a.shape), b=list(b.shape))
            diff = _max_abs_diff(a, b)
            if not diff <= atol or math.isnan(diff):
                raise _Fail("close_far", diff=f"{diff:.3g}", atol=f"{atol:g}")
            return "close_ok", {"diff": f"{diff:.3g}"}
        return self._run("close_to", run)

    # -- grading (nbgrader) ---------------------------------------------------------------
    def graded(self) -> None:
        """For an autograded test cell (``d2s-lab labs --nbgrader``): show the box; under
        nbgrader's own run (autograde, validate: ``NBGRADER_EXECUTION`` is set) raise
        :class:`CheckNotPassed` (an ``AssertionError``) with the box's sentences when a
        check did not pass, which fails the test cell and scores it. In the student's
        own kernel the box is all: "Run All" goes on to the next exercise. When none
        failed, nothing more. Checks this Paddle cannot answer do not fail the cell."""
        try:
            from IPython.display import display

            display(self)
        except Exception:  # no IPython: the exception below still carries the message
            pass
        if self.verdict == FAIL and (os.environ.get("NBGRADER_EXECUTION") or not _in_kernel()):
            raise CheckNotPassed(self._failure_text())

    def _failure_text(self) -> str:
        lang = self.lang
        sep = "：" if lang == "zh" else ": "
        head = f"{_t('title', lang)}{sep}{self.label} — {_t(_VERDICT_KEYS[FAIL], lang)}"
        failed = "\n".join(f"  ✘ {_plain_code(c.message)}" for c in self.lines if c.status == FAIL)
        return f"{head}\n{failed}\n{self.summary()}"

    # -- display -------------------------------------------------------------------------
    def summary(self) -> str:
        """The verdict in one sentence."""
        lang = self.lang
        n = len(self.lines)
        p = sum(1 for c in self.lines if c.status == PASS)
        s = sum(1 for c in self.lines if c.status == SKIP)
        if not n:
            return _t("nothing", lang)
        verdict = self.verdict
        if verdict == "partial":
            return _t("pass_some_skipped", lang, p=p, s=s)
        if verdict == PASS:
            return _t("one_pass", lang) if p == 1 else _t("all_pass", lang, n=p)
        return _t("not_yet", lang, p=p, n=n)

    def __repr__(self) -> str:
        try:
            lang = self.lang
            verdict = _t(_VERDICT_KEYS[self.verdict], lang)
            sep = "：" if lang == "zh" else ": "
            head = f"{_t('title', lang)}{sep}{self.label} — {verdict}"
            marks = {PASS: "✔", FAIL: "✘", SKIP: "–"}
            body = "\n".join(f"  {marks[c.status]} {_plain_code(c.message)}" for c in self.lines)
            return f"{head}\n{body}\n{self.summary()}"
        except Exception:
            return f"<Expectation {self.label}>"

    def _repr_html_(self) -> str:
        try:
            return self._html()
        except Exception:
            return f"<pre>{esc(repr(self))}</pre>"

    def _html(self) -> str:
        lang = self.lang
        state = self.verdict
        verdict = _t(_VERDICT_KEYS[state], lang)
        marks = {PASS: ("✔", "#1a7f37"), FAIL: ("✘", "#cf222e"), SKIP: ("–", "#57606a")}
        items = "".join(
            f'<li class="d2s-lab-item d2s-lab-item-{c.status}" style="list-style:none;margin:2px 0">'
            f'<span style="color:{marks[c.status][1]};font-weight:700">{marks[c.status][0]}</span> '
            f"{_inline_code(c.message)}</li>" for c in self.lines)
        border, bg = {PASS: ("#1a7f37", "#dafbe1"), FAIL: ("#cf222e", "#fff1f0")}.get(state, ("#9a6700", "#fff8c5"))
        sep = "：" if lang == "zh" else ": "
        return (f'<div class="d2s-lab-check d2s-lab-{state}" lang="{esc(lang)}" '
                f'style="border:1px solid {border};background:{bg};border-radius:6px;padding:6px 10px;'
                f'margin:4px 0;font-family:-apple-system,\'Segoe UI\',Roboto,\'Noto Sans SC\',sans-serif;'
                f'font-size:13px;color:#1f2328">'
                f'<div><b>{esc(_t("title", lang))}{sep}{esc(self.label)} — {esc(verdict)}</b></div>'
                f'<ul style="margin:4px 0;padding-left:4px">{items}</ul>'
                f'<div class="d2s-lab-verdict">{esc(self.summary())}</div></div>')


class CheckNotPassed(AssertionError):
    """A self-check that did not pass, raised by :meth:`Expectation.graded` for nbgrader.
    Its message is the box's sentences in the lab's language; in a notebook it shows as
    that message alone, without a traceback."""

    def _render_traceback_(self):
        return [f"{type(self).__name__}: {self}"]


def _in_kernel() -> bool:
    """A notebook kernel runs this (where the box is seen); not a script or a test run."""
    try:
        from IPython import get_ipython

        return getattr(get_ipython(), "kernel", None) is not None
    except Exception:
        return False


def _plain_code(message: str) -> str:
    """A message for plain text (nbgrader's feedback, ``repr``): `code` in quotes, since
    only the HTML box turns backticks into code."""
    return re.sub(r"`([^`]*)`", lambda m: _quoted(m.group(1)), message)


def _quoted(text: str) -> str:
    return f"“{text}”"


def _inline_code(message: str) -> str:
    """Escaped HTML of a message, with `backticked` parts as <code>."""
    parts = message.split("`")
    return "".join(f"<code>{esc(p)}</code>" if i % 2 else esc(p) for i, p in enumerate(parts))


def _major(version: str) -> Optional[int]:
    head = str(version or "").split(".")[0]
    if not head.isdigit():
        return None
    major = int(head)
    return 3 if major == 0 else major  # develop builds report 0.0.0 and are Paddle 3 code


def _array(value):
    import numpy as np

    if value is None:
        return None
    if hasattr(value, "numpy") and callable(value.numpy):
        value = value.numpy()
    try:
        arr = np.asarray(value)
    except Exception:
        return None
    return arr if arr.dtype.kind in "biufc" else None


# Elements compared at a time by close_to: float64 copies of one chunk, never of the whole.
CLOSE_CHUNK = 1 << 20


def _max_abs_diff(a, b) -> float:
    """max |a - b| in float64, chunk by chunk (two 12000 x 12000 arrays need no 2 GB of
    float64 copies); NaN when either holds a NaN."""
    import numpy as np

    fa, fb = a.reshape(-1), b.reshape(-1)  # views where the arrays are contiguous
    worst = 0.0
    for start in range(0, fa.size, CLOSE_CHUNK):
        ca = fa[start:start + CLOSE_CHUNK].astype("float64")
        cb = fb[start:start + CLOSE_CHUNK].astype("float64")
        np.subtract(ca, cb, out=ca)
        part = float(np.max(np.abs(ca, out=ca)))
        if math.isnan(part):
            return part
        worst = max(worst, part)
    return worst


def _lookup(name: str, depth: int = 3):
    ns = _caller_namespace(depth)
    return ns[name] if name in ns else _Missing(name)


def _placeholders() -> List[str]:
    from d2s_lab.text.lookup import CATALOGUE

    return [v for v in CATALOGUE.get("labs.placeholder", {}).values() if v]


def _why_missing(name: str, depth: int = 4) -> str:
    """Why ``name`` is missing, from the cells the kernel ran (IPython's ``_ih``):
    ``ran_empty`` (a cell that stores it with ``--as name`` ran but made nothing),
    ``blank`` (the cell run just before the check still holds the exercise placeholder,
    or did so before an earlier check of the same name: a later exercise that reads
    ``ex1`` after exercise 1 was left blank) or ``missing`` (nothing says it ran)."""
    try:
        ns = _caller_namespace(depth)
        history = [str(c) for c in (ns.get("_ih") or ns.get("In") or [])]
    except Exception:  # no history to read: the plain sentence
        return "missing"
    earlier = [c for c in history[:-1] if c.strip()]  # the last one is the check cell itself
    stores = re.compile(rf"--as[=\s]+['\"]?{re.escape(name)}(?![\w.])")
    if any(stores.search(c) for c in earlier):
        return "ran_empty"
    marks = _placeholders()
    if earlier and any(p in earlier[-1] for p in marks):
        return "blank"
    checks = re.compile(rf"expect\(\s*['\"]{re.escape(name)}['\"]")
    if any(checks.search(c) and any(p in earlier[i - 1] for p in marks)
           for i, c in enumerate(earlier) if i):
        return "blank"
    return "missing"


def ready(*names: str, lang: Optional[str] = None) -> bool:
    """True when every one of ``names`` exists in the notebook; otherwise prints one kind
    line saying which exercise to do first, and returns False. A given cell that uses an
    exercise's result starts with ``if lab.ready("ex1"):`` so it never raises when the
    exercise is still blank."""
    ns = _caller_namespace(2)
    missing = [str(n) for n in names if str(n) not in ns]
    if not missing:
        return True
    try:
        blank = any(_why_missing(n, depth=3) in ("blank", "ran_empty") for n in missing)
        print(t("labs.not_ready_blank" if blank else "labs.not_ready", get_lang(lang),
                names=", ".join(_quoted(n) for n in missing)))
    except Exception:
        print(", ".join(missing) + "?")
    return False


def answer(name: str):
    """The value the student stored under ``name`` in the notebook, for the checks that
    take an answer: ``lab.expect("ex1").step(lab.answer("answer3"), writes="_jst.While")``.
    When the name does not exist yet, the check says "run the exercise cell first"
    instead of Python raising a ``NameError``."""
    return _lookup(str(name).strip())


def _given(value) -> str:
    """The student's answer as text; a friendly failure when it is missing or empty."""
    if isinstance(value, _Missing):
        raise _Fail("missing", name=value.name)
    text = str(value if value is not None else "").strip()
    if not text:
        raise _Fail("answer_empty")
    return text


def expect(obj, lang: Optional[str] = None, exercise: Optional[str] = None) -> Expectation:
    """Start the checks of an exercise.

    ``obj`` is what the exercise produced — a ``Conversion`` (``%%to_static ... --as
    ex1``), a saved model read with ``d2s_lab.read_saved``, a ``BenchResult``
    (``%d2s_bench --as ex6``), a Tensor or array — or, better, its *name* as a string
    (``lab.expect("ex1")``): then a missing result gives a friendly "run the exercise
    cell first" instead of a ``NameError`` (or, when that cell ran and made nothing,
    "it is still blank"). ``lang`` overrides ``%d2s_lang``. ``exercise`` names the
    box when it checks another exercise's result (``lab.expect("ex1", exercise="ex3")``:
    exercise 3 asks about the conversion of exercise 1).

    Example::

        lab.expect("ex1").converted().has_op("while").output(shape=[None, 10])
    """
    try:
        title = str(exercise).strip() if exercise is not None else ""
    except Exception:
        title = ""
    if isinstance(obj, str):
        name = obj.strip()
        value = _lookup(name)
        if isinstance(value, _Missing):
            why = _why_missing(name)
            return Expectation(None, title or name, lang, problem=(why, {"name": name}))
        return Expectation(value, title or name, lang)
    label = None
    try:
        if _is_conversion(obj) or _is_bench(obj):
            label = getattr(obj, "name", None)
        label = title or str(label or type(obj).__name__)
    except Exception:  # an odd object: its type names the box
        label = title or type(obj).__name__
    return Expectation(obj, label, lang)


def expect_saved(path, lang: Optional[str] = None) -> Expectation:
    """Start the checks of a model saved with ``paddle.jit.save`` (or ``--save``) at
    ``path`` (the prefix, or its ``.json``/``.pdmodel``). The files are read as
    ``%d2s_show`` reads them, without running anything; when none is there the other
    checks read "not checked yet"."""
    from d2s_lab.core.saved.model import read_saved

    label = os.path.basename(str(path).rstrip("/\\")) or str(path)
    try:
        sm = read_saved(path)
    except Exception as exc:
        problem = getattr(exc, "problem", None) or getattr(exc, "message", None) or type(exc).__name__
        return Expectation(None, label, lang, problem=("saved_missing", {"path": label, "problem": problem}))
    exp = Expectation(sm, label, lang)
    files = ", ".join(os.path.basename(p) for p, _ in sm.files) or os.path.basename(sm.path)
    exp.lines.append(CheckLine("saved", PASS, _t("saved_ok", exp.lang, files=files)))
    return exp
