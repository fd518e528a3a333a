"""Seed net across runtimes: the figures quoted in README (run by hand, not a test).

``.venv/bin/python benchmarks/bench_runtimes.py [--batch 1,20,256] [--threads 1] [--train]``
prints d2s_lab.bench's table and advice and writes the chart to build/bench/seed.png.
"""
from __future__ import annotations

import argparse
import os
import sys

os.environ.setdefault("GLOG_minloglevel", "2")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import warnings  # noqa: E402

warnings.filterwarnings("ignore")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--batch", default="1,20,256")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--train", action="store_true")
    ap.add_argument("--min-time", type=float, default=2.0)
    a = ap.parse_args()
    import d2s_lab
    from d2s_lab.teaching.examples import SEED_INPUT, EmbeddingNet
    from d2s_lab.viz.bench_view import figure_bytes, text_progress

    conv = d2s_lab.convert(EmbeddingNet(), [SEED_INPUT])
    res = d2s_lab.bench(conv, batch=[int(b) for b in a.batch.split(",")], threads=a.threads,
                        train=a.train, min_time=a.min_time, repeat=20, warmup=10,
                        progress=text_progress(sys.stderr))
    print(res)
    os.makedirs("build/bench", exist_ok=True)
    out = f"build/bench/seed{'-train' if a.train else ''}.png"
    with open(out, "wb") as fh:
        fh.write(figure_bytes(res))
    print(f"chart: {out}")


if __name__ == "__main__":
    main()
