"""Time and peak memory of opening each hostile saved-model file.

Builds the cases of ``tests/core/test_hostile_files.py`` in a temp dir and opens each in a
fresh interpreter, as ``d2s-lab show`` does (``read_saved``, then the HTML page or the
SVG), under a generous memory and time limit, and prints one row per case: the outcome,
the wall time, the peak RSS of that interpreter (VmHWM; a ``dot`` child is not counted)
and the size of what was produced.

    .venv/bin/python benchmarks/bench_hostile.py [--limit-s 60] [--mem-gb 8] [CASE ...]
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
    args = ap.parse_args()
    todo = [c for c in cases.CASES if not args.names or c[0] in args.names]
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
            print(f"{name:32} {how:5} {res['status']:8} "
                  f"{(f'{secs:.2f} s' if secs is not None else '-'):>8} "
                  f"{(f'{peak:.0f} MB' if peak is not None else '-'):>9} "
                  f"{(f'{out / 1024:.0f} KB' if out else '-'):>10}   files {size / 2**20:.1f} MB",
                  flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
