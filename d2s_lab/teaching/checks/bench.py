"""Checks of a benchmark (``%d2s_bench ... --as ex6``): which batch sizes and runtimes it
timed, whether every runtime's outputs matched eager's, and which runtime was fastest.
Timings depend on the machine, so answers are checked against the benchmark's own table.
"""
from __future__ import annotations

from typing import Sequence

from d2s_lab.teaching.checks.base import Fail, Skip, given, is_bench
from d2s_lab.teaching.checks.words import norm, safe_repr


class BenchChecks:
    """The checks of a BenchResult (mixed into :class:`~.expectation.Expectation`)."""

    def batches(self, sizes: Sequence[int]):
        """The benchmark ran exactly these batch sizes."""
        def run():
            res = self._need(is_bench, "need_bench")
            got = sorted(b for b in res.batches if b is not None)
            want = sorted(int(b) for b in sizes)
            if got != want:
                raise Fail("batches_wrong", got=got, want=want)
            return "batches_ok", {"got": got}
        return self._run("batches", run)

    def has_runtime(self, runtime: str):
        """The benchmark timed ``runtime`` (``eager``, ``to_static``, ``predictor``,
        ``predictor_onednn``, ``onnxruntime``)."""
        def run():
            from d2s_lab.core.bench.result import runtime_label

            res = self._need(is_bench, "need_bench")
            label = runtime_label(runtime, self.lang)
            if runtime in res.runtimes:
                return "runtime_ok", {"label": label}
            if runtime in res.skipped:
                raise Skip("runtime_skipped", label=label, why=res.skipped[runtime])
            raise Fail("runtime_missing", label=label)
        return self._run(f"has_runtime({safe_repr(runtime)})", run)

    def outputs_match(self):
        """Every runtime's outputs matched eager's before timing."""
        def run():
            res = self._need(is_bench, "need_bench")
            bad = sorted({r.label for r in res.rows if not r.ok})
            if bad:
                raise Fail("match_bad", which=", ".join(bad))
            return "match_ok", {}
        return self._run("outputs_match", run)

    def fastest(self, answer, batch: int):
        """``answer`` names the runtime with the lowest median latency at ``batch``
        (its key, ``predictor_onednn``, or its label, ``Paddle Inference (default: oneDNN on)``), among
        the runtimes whose outputs matched eager. Answers depend on the machine, so they
        are checked against this benchmark's own table."""
        def run():
            text = given(answer)
            res = self._need(is_bench, "need_bench")
            rows = [r for r in res.rows if r.batch == batch and r.ok]
            if not rows:
                raise Fail("no_batch", batch=batch)
            names = {norm(r.runtime): r for r in rows}
            names.update({norm(r.label): r for r in rows})
            wanted = norm(text)
            if wanted not in names:
                raise Fail("fastest_unknown", answer=text, names=", ".join(r.runtime for r in rows))
            best = min(rows, key=lambda r: r.median_s)
            if names[wanted].runtime != best.runtime:
                raise Fail("fastest_wrong", answer=text, batch=batch)
            return "fastest_ok", {"answer": best.label, "batch": batch}
        return self._run("fastest", run)
