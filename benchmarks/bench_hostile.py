"""Time and peak memory of opening each hostile saved-model file.

Builds the cases of ``tests/core/test_hostile_files.py`` in a temp dir and opens each in a
fresh interpreter, as ``d2s-lab show`` does (``read_saved``, then the HTML page or the
SVG), under a generous memory and time limit, and prints one row per case: the outcome,
the wall time and the CPU time (the wall time also counts whatever else loads the
machine), the peak RSS of that interpreter (VmHWM; a ``dot`` child is not counted)
and the size of what was produced.

    .venv/bin/python benchmarks/bench_hostile.py [--limit-s 60] [--mem-gb 8] [CASE ...]

Cases viewed as ``diff`` are compared with the ``b.*`` file built beside them, as
``%d2s_diff`` shows it. ``--paddle`` adds two cases that need Paddle: the training
program of a 100-Linear model drawn (``train_100``), and five runaway first runs
stopped by ``--run-timeout`` with the CPU measured one second after each
(``runaway_5``).
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile

_TESTS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tests")
sys.path[:0] = [os.path.join(_TESTS, "core"), os.path.join(_TESTS, "support")]

import test_hostile_files as cases  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("names", nargs="*", help="cases to run (default: all)")
    ap.add_argument("--limit-s", type=float, default=60.0, help="wall-clock limit per case")
    ap.add_argument("--mem-gb", type=float, default=8.0, help="address-space limit per case")
    ap.add_argument("--paddle", action="store_true", help="also the cases that need Paddle")
    args = ap.parse_args()
    todo = [c for c in cases.CASES if not args.names or c[0] in args.names]
    # other cases build_case knows (legacy_pair_50000, json_pair_1000 ...) are viewed as a diff
    todo += [(n, "diff", "any") for n in args.names if n not in {c[0] for c in cases.CASES}]
    print(f"{'case':32} {'view':5} {'outcome':8} {'time':>8} {'peak RSS':>9} {'output':>10}")
    with tempfile.TemporaryDirectory() as tmp:
        built = {}
        for name, how, _ in todo:
            if name not in built:
                built[name] = cases.build_case(name, os.path.join(tmp, name))
            size = sum(os.path.getsize(os.path.join(tmp, name, f))
                       for f in os.listdir(os.path.join(tmp, name)))
            res = cases.view_in_child(built[name], how, mem=int(args.mem_gb * 2**30),
                                      secs=args.limit_s)
            out = res.get("page_bytes", res.get("svg_bytes"))
            peak = res.get("peak_rss_mb")
            secs = res.get("seconds")
            cpu = res.get("cpu_seconds")
            print(f"{name:32} {how:5} {res['status']:8} "
                  f"{(f'{secs:.2f} s' if secs is not None else '-'):>8} "
                  f"{(f'{peak:.0f} MB' if peak is not None else '-'):>9} "
                  f"{(f'{out / 1024:.0f} KB' if out else '-'):>10}   files {size / 2**20:.1f} MB"
                  + (f"; CPU {cpu:.2f} s" if cpu is not None else "")
                  + (f", of which reading {res['read_cpu_seconds']:.2f} s" if "read_cpu_seconds" in res else ""),
                  flush=True)
    if args.paddle:
        bench_train_drawing(100)
        bench_runaways(5)
    return 0


def _cpu_s() -> float:
    with open("/proc/self/stat") as fh:
        fields = fh.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def bench_train_drawing(layers: int) -> None:
    """``%d2s_graph NAME --program train`` of ``layers`` Linear layers: the drawing's time."""
    import time

    import paddle

    import d2s_lab
    from d2s_lab.viz.graph_view import draw_graph

    net = paddle.nn.Sequential(*[paddle.nn.Linear(8, 8) for _ in range(layers)])
    conv = d2s_lab.convert(net, [paddle.static.InputSpec([None, 8], "float32", "x")])
    graph = conv.program_graph("train")
    t0 = time.perf_counter()
    html = draw_graph(graph)._repr_html_()
    print(f"{'train_' + str(layers):32} {'svg':5} {'ok' if '<svg' in html else 'not drawn':8} "
          f"{time.perf_counter() - t0:6.2f} s {'-':>9} {len(html) / 1024:8.0f} KB   "
          f"{graph.num_ops()} ops", flush=True)


def bench_runaways(n: int) -> None:
    """``n`` first runs that never end, each stopped by a 2 s budget; the CPU this process
    uses in the second after each (a stopped run uses none)."""
    import time

    import paddle

    import d2s_lab
    from d2s_lab.errors import D2SError

    def spin(x):
        while x.sum() < 1e30:
            x = x + 1
        return x

    for k in range(n):
        t0 = time.perf_counter()
        try:
            d2s_lab.convert(spin, [paddle.static.InputSpec([None, 4], "float32", "x")], run_budget_s=2)
        except D2SError:
            pass
        took = time.perf_counter() - t0
        time.sleep(0.5)
        c0 = _cpu_s()
        time.sleep(1.0)
        print(f"{'runaway_' + str(k + 1):32} {'run':5} {'stopped':8} {took:6.2f} s "
              f"{'-':>9} {'-':>10}   CPU after: {(_cpu_s() - c0) * 100:.0f} % of a core", flush=True)


if __name__ == "__main__":
    sys.exit(main())
