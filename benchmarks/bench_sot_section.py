"""The default-path report's drawings: the run drawn once, and the SOT section below it.

Run by hand (not a test): ``.venv/bin/python benchmarks/bench_sot_section.py [--runs 3]``.
For paddle.vision resnet18 (4 subgraphs) and a function with a print between two halves
(2 subgraphs), on the default path: the conversion, the report (its HTML size, drawings
and Graphviz runs), and the SOT section with each subgraph drawn again
(``in_run=False``, as it was) and without (``in_run=True``, as the report shows it).
"""
from __future__ import annotations

import argparse
import importlib.util
import os
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time

os.environ.setdefault("GLOG_minloglevel", "2")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tests", "support"))

import warnings  # noqa: E402

warnings.filterwarnings("ignore")

import cells  # noqa: E402  (tests/support/cells.py: the function the tests draw)

HALVES = "\nimport paddle\n\n\n" + cells.HALVES

DOT_RUNS = [0]
_Popen = subprocess.Popen


class _CountingPopen(_Popen):
    """``subprocess.Popen`` that counts the Graphviz runs it starts."""

    def __init__(self, *args, **kwargs):
        cmd = args[0] if args else kwargs.get("args")
        if cmd and os.path.basename(str(cmd[0])) == "dot":
            DOT_RUNS[0] += 1
        super().__init__(*args, **kwargs)


def _convert(case: str):
    import d2s_lab

    if case == "resnet18":
        import paddle
        from paddle.vision.models import resnet18

        paddle.seed(0)
        net = resnet18()
        net.eval()
        return d2s_lab.convert(net, input_spec=["x: [1, 3, 224, 224] float32"], mode="sot")
    path = os.path.join(tempfile.mkdtemp(), "halves_bench.py")
    with open(path, "w") as f:
        f.write(textwrap.dedent(HALVES))
    spec = importlib.util.spec_from_file_location("halves_bench", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    os.environ["MIN_GRAPH_SIZE"] = "0"  # both halves compiled, as the tests have them
    return d2s_lab.convert(mod.halves, input_spec=["x: [2, 8] float32", "w: [8, 8] float32"], mode="sot")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("case", nargs="?", choices=["resnet18", "halves"])
    args = parser.parse_args()
    if args.case is None:  # each case in a fresh interpreter
        for case in ("resnet18", "halves"):
            subprocess.run([sys.executable, __file__, "--runs", str(args.runs), case], check=True)
        return
    subprocess.Popen = _CountingPopen
    from d2s_lab.viz.graph_view import report_graph
    from d2s_lab.viz.report import conversion_html
    from d2s_lab.viz.sot_view import sot_body

    t0 = time.perf_counter()
    conv = _convert(args.case)
    t1 = time.perf_counter()
    page = conversion_html(conv, report_graph(conv))
    t2 = time.perf_counter()
    print(f"{args.case}: {len(conv.sot.subgraphs)} subgraphs, {len(conv.sot.breaks)} break(s); convert {t1 - t0:.2f} s, "
          f"report {t2 - t1:.2f} s, {len(page.encode()) / 1024:.1f} KB, {page.count('<svg')} <svg>, "
          f"{DOT_RUNS[0]} Graphviz runs")
    for in_run in (False, True):
        times = []
        for _ in range(args.runs):
            before, start = DOT_RUNS[0], time.perf_counter()
            body = sot_body(conv.sot, in_run=in_run)
            times.append(time.perf_counter() - start)
        print(f"  SOT section, in_run={in_run}: median {statistics.median(times):.3f} s, "
              f"{len(body.encode()) / 1024:.1f} KB, {body.count('<svg')} <svg>, {DOT_RUNS[0] - before} Graphviz runs")


if __name__ == "__main__":
    main()
