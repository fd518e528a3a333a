"""Checks of a conversion (``%%to_static ... --as ex1``) and of its Program: did it
convert, which ops, which inputs and outputs, which Python values became constants or
were rewritten, what ``--check`` found and which conversion step wrote what. The Program
checks (``has_op``, ``no_op``, ``input``, ``output``) read a saved model's Program too.

Op kinds are matched without their dialect and across Paddle versions: ``"while"`` finds
``pd_op.while`` (Paddle 3) and ``while`` (Paddle 2.6); ``"if"`` finds ``pd_op.if`` and
2.6's ``conditional_block``; ``"add"`` finds ``elementwise_add``.
"""
from __future__ import annotations

from typing import Any, List, Optional, Sequence

from d2s_lab.core.graph.ops import op_kinds, short_name
from d2s_lab.core.graph.shapes import format_shape, is_dynamic
from d2s_lab.text import t
from d2s_lab.teaching.checks.base import Fail, Skip, given, is_saved
from d2s_lab.teaching.checks.words import norm, op_words, safe_repr, say


def is_kind(op_name: str, kinds: frozenset) -> bool:
    return short_name(op_name).rstrip("_") in kinds


def shape_matches(got, want, run_shapes: bool = False) -> bool:
    """``got`` is ``want``; where ``run_shapes``, a dynamic dimension (None) of ``want``
    matches any size, since a run's output has sizes where a Program has None."""
    got, want = shape_list(got), shape_list(want)
    if not run_shapes or got is None or want is None:
        return got == want
    return len(got) == len(want) and all(w is None or g == w for g, w in zip(got, want))


def shape_list(shape) -> Optional[List[Optional[int]]]:
    if shape is None:
        return None
    return [None if is_dynamic(d) else int(d) for d in shape]


def dtype_name(value) -> str:
    return str(value or "").replace("paddle.", "").strip()


class ConversionChecks:
    """The checks of a conversion and of its Program (mixed into
    :class:`~.expectation.Expectation`)."""

    def converted(self):
        """The conversion finished: Paddle built the static function and ran it once."""
        def run():
            conv = self._conversion()
            if conv.error is not None:
                report = getattr(conv.error, "report", None)
                if getattr(report, "facts", {}).get("aborted") == "low_precision":
                    # this CPU cannot run 16-bit floats: not the student's answer
                    raise Skip("cpu_no_low_precision", name=conv.name)
                what = getattr(report, "exc_type", "") or type(getattr(conv.error, "original", None)).__name__
                # the stage that failed: Paddle built the Program but its first run failed
                stage = getattr(report, "stage", "") or getattr(conv.error, "stage", "")
                key = "first_run_failed" if stage == "run" else "not_converted"
                raise Fail(key, name=conv.name, error=what or "error")
            return ("translated" if conv.mode == "sot" else "converted"), {"name": conv.name}
        return self._run("converted", run, gate=True)

    def has_op(self, kind: str, count: Optional[int] = None, at_least: int = 1):
        """The Program has ops of ``kind`` (``"while"``, ``"if"``, ``"cast"``, ``"matmul"``...):
        exactly ``count`` of them when given, else at least ``at_least``. Ops inside
        ``if``/``while`` bodies count. Works on conversions and saved models."""
        def run():
            kinds = op_kinds(kind)
            found = sum(1 for o in self._graph().iter_ops() if is_kind(o.name, kinds))
            lang = self.lang
            if count is not None:
                what = op_words(kind, lang, "plural")
                if found == 0:
                    raise Fail("no_such_op", what=op_words(kind, lang, "bare"))
                if found != count:
                    raise Fail("op_count_wrong", got=found, want=count, what=what)
                return "has_op_count", {"count": found, "what": what}
            if found == 0:
                raise Fail("no_such_op", what=op_words(kind, lang, "bare"))
            if found < at_least:
                raise Fail("op_too_few", got=found, want=at_least, what=op_words(kind, lang, "plural"))
            return "has_op", {"what": op_words(kind, lang)}
        return self._run(f"has_op({safe_repr(kind)})", run)

    def no_op(self, kind: str):
        """The Program has no op of ``kind`` (e.g. the loop was unrolled, the branch removed)."""
        def run():
            kinds = op_kinds(kind)
            found = sum(1 for o in self._graph().iter_ops() if is_kind(o.name, kinds))
            if found:
                raise Fail("still_op", got=found, what=op_words(kind, self.lang, "plural"))
            return "no_op", {"what": op_words(kind, self.lang, "bare")}
        return self._run(f"no_op({safe_repr(kind)})", run)

    def _io(self, which: str):
        obj = self._obj
        if is_saved(obj):
            g = obj.graph
            ids = g.inputs if which == "input" else g.outputs
            return [(g.values[v].name or "", g.values[v].shape, g.values[v].dtype) for v in ids if v in g.values]
        conv = self._conversion()
        if which == "input":
            return [(i.name or "", i.shape, i.dtype) for i in conv.inputs if not i.constant]
        if conv.error is not None and not conv.outputs:
            raise Fail("no_program")
        return [(i.name or "", i.shape, i.dtype) for i in conv.outputs]

    def _run_shapes(self, which: str) -> bool:
        """Whether the outputs' shapes are those of a run, not of a Program: an SOT
        conversion has no Program, so its outputs have sizes where a Program has None."""
        if which != "output" or is_saved(self._obj):
            return False
        return self._conversion().mode == "sot"

    def _check_io(self, which: str, index: int, shape, dtype, name):
        lang = self.lang
        items = self._io(which)
        word = say(which, lang)
        if index >= len(items) or index < -len(items):
            raise Fail("io_missing", which_l=word.lower() if lang == "en" else word, index=index,
                       count=len(items), last=len(items) - 1)
        got_name, got_shape, got_dtype = items[index]
        # the box counts from 1, the check's index from 0: say both (``output(1)``: "Output 2 (index 1)")
        n = index + 1 if index >= 0 else len(items) + index + 1
        label = f"`{got_name}`" if got_name else say("io_index", lang, n=n, index=index)
        if shape is not None and not shape_matches(got_shape, shape, self._run_shapes(which)):
            raise Fail("io_shape", which=word, label=label, got=format_shape(got_shape),
                       want=format_shape(shape_list(shape)))
        if dtype is not None and dtype_name(got_dtype) != dtype_name(dtype):
            raise Fail("io_dtype", which=word, label=label, got=dtype_name(got_dtype), want=dtype_name(dtype))
        if name is not None and got_name != name:
            raise Fail("io_name", which=word, label=label, got=got_name or "-")
        return "io_ok", {"which": word, "label": label, "shape": format_shape(got_shape),
                         "dtype": dtype_name(got_dtype)}

    def input(self, index: int = 0, shape: Optional[Sequence] = None, dtype: Optional[str] = None,
              name: Optional[str] = None):
        """Tensor input number ``index`` (0 = the first; Python constants are not counted)
        has this ``shape`` (``None`` = a dynamic dimension), ``dtype`` and ``name``; only
        the ones given are checked."""
        return self._run(f"input({index})", lambda: self._check_io("input", index, shape, dtype, name))

    def output(self, index: int = 0, shape: Optional[Sequence] = None, dtype: Optional[str] = None):
        """Output number ``index`` (0 = the first) has this ``shape`` (``None`` = dynamic)
        and ``dtype``."""
        return self._run(f"output({index})", lambda: self._check_io("output", index, shape, dtype, None))

    def input_shape(self, shape: Sequence, index: int = 0):
        """Short for ``input(index, shape=shape)``."""
        return self.input(index, shape=shape)

    def output_shape(self, shape: Sequence, index: int = 0):
        """Short for ``output(index, shape=shape)``."""
        return self.output(index, shape=shape)

    def num_inputs(self, n: int):
        """The conversion has ``n`` tensor inputs (leaves of nested lists and dicts count
        one by one; Python constants do not count)."""
        def run():
            got = len(self._io("input"))
            if got != n:
                raise Fail("num_inputs_wrong", got=got, want=n)
            return "num_inputs", {"n": got, "s": "" if got == 1 else "s"}
        return self._run("num_inputs", run)

    def constant(self, name: str, value: Any = None):
        """``name`` was given as a Python value (a compile-time constant the Program is
        specialised to), equal to ``value`` when one is given."""
        def run():
            conv = self._conversion()
            found = [c for c in conv.constants if c.name == name]
            if not found:
                raise Fail("not_constant", name=name)
            got = found[0].value
            if value is not None and got != value:
                raise Fail("constant_value", name=name, got=repr(got))
            return "constant", {"name": name, "value": repr(got)}
        return self._run(f"constant({safe_repr(name)})", run)

    def no_rewrites(self):
        """Paddle silently rewrote no Python value (``.numpy()``, ``.item()``,
        ``float(t)``, ``len(t)`` on a dynamic dim) in forward."""
        def run():
            conv = self._conversion()
            if conv.drawn_graph is None:
                raise Fail("no_program")
            rewrites = list(conv.rewrites or [])
            if rewrites:
                where = ", ".join(t("labs.at_line", self.lang, line=r.line) for r in rewrites[:5])
                raise Fail("rewrites", n=len(rewrites), where=where)
            return "no_rewrites", {}
        return self._run("no_rewrites", run)

    def check_passes(self):
        """``--check`` ran and the dygraph and static outputs agree."""
        def run():
            chk = self._check_result()
            worst = max((o.max_abs or 0.0 for o in chk.outputs), default=0.0)
            if not chk.ok:
                raise Fail("check_differ", diff=f"{worst:.3g}")
            return "check_ok", {"diff": f"{worst:.3g}"}
        return self._run("check_passes", run)

    def _check_result(self):
        conv = self._conversion()
        chk = getattr(conv, "check", None)
        if chk is None:
            raise Fail("no_check")
        if chk.error is not None:
            raise Fail("check_error", error=getattr(chk.error, "exc_type", "") or "error")
        return chk

    def first_divergent(self, answer):
        """``answer`` names the first sublayer whose outputs differ between dygraph and
        static, as ``--check`` found it: its layer path (``blocks.0.act``), not its class
        (``FastGelu``: a class can be used by several layers). Give the student's answer
        as ``lab.answer("name_of_the_variable")``."""
        def run():
            text = given(answer)
            chk = self._check_result()
            if not chk.first_divergent:
                raise Fail("no_divergent")
            if norm(text) != norm(chk.first_divergent):
                if chk.first_divergent_cls and norm(text) == norm(chk.first_divergent_cls):
                    raise Fail("divergent_class", answer=text)
                raise Fail("divergent_wrong", answer=text)
            return "divergent_ok", {"answer": text}
        return self._run("first_divergent", run)

    def step(self, answer, writes: str):
        """``answer`` names the conversion step (AST transformer: ``"IfElse"``, ``"Loop"``...)
        whose output first contains the text ``writes`` (e.g. ``"_jst.While"``). The steps
        are captured again from the conversion; give the student's answer as
        ``lab.answer("name_of_the_variable")``."""
        def run():
            from d2s_lab.core.steps import capture_steps

            text = given(answer)
            steps = capture_steps(self._conversion())
            names = [s.transformer for s in steps if not s.is_original]
            wanted = norm(text)
            wanted = wanted[: -len("transformer")] if wanted.endswith("transformer") else wanted
            if wanted not in {norm(n) for n in names}:
                raise Fail("step_unknown", answer=text, names=", ".join(names))
            first = next((s for s in steps if writes in s.source), None)
            if first is None or first.is_original:
                raise Fail("step_none", text=writes)
            if norm(first.transformer) != wanted:
                raise Fail("step_wrong", answer=text, text=writes)
            return "step_ok", {"answer": first.transformer, "text": writes}
        return self._run("step", run)
