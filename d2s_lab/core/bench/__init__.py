"""The benchmark: eager, to_static and deployment runtimes timed on the same inputs.

``runner`` runs it (:func:`bench`), ``result`` holds what it measured
(:class:`BenchResult`), ``timing`` is the timing loop.
"""
from d2s_lab.core.bench.result import BenchResult
from d2s_lab.core.bench.runner import bench

__all__ = ["BenchResult", "bench"]
