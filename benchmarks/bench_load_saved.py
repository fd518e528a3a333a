"""Reading a saved ResNet-50 (PIR .json + .pdiparams) with d2s_lab.load_saved (run by hand).

Target: parsing ResNet-50's saved .json < 0.2 s. Saves the model to build/bench/ once.
``.venv/bin/python benchmarks/bench_load_saved.py [--runs 10]``
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

os.environ.setdefault("GLOG_minloglevel", "2")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import warnings  # noqa: E402

warnings.filterwarnings("ignore")

PREFIX = "build/bench/resnet50"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=10)
    a = ap.parse_args()
    if not os.path.exists(PREFIX + ".json"):
        import paddle

        net = paddle.vision.models.resnet50()
        net.eval()
        paddle.jit.save(net, PREFIX,
                        input_spec=[paddle.static.InputSpec([None, 3, 224, 224], "float32", "x")])
    from d2s_lab.core.saved.model import read_saved
    from d2s_lab.core.saved.pir_json import read_pir

    def timed(fn):
        ts = []
        for _ in range(a.runs):
            t0 = time.perf_counter()
            r = fn()
            ts.append(time.perf_counter() - t0)
        return statistics.median(ts), r

    t_json, (g, _) = timed(lambda: read_pir(PREFIX + ".json"))
    t_all, sm = timed(lambda: read_saved(PREFIX + ".json"))
    size = os.path.getsize(PREFIX + ".json") / 2**20
    print("| file | size | ops | parse .json | .json + .pdiparams headers |")
    print("| --- | --- | --- | --- | --- |")
    print(f"| resnet50.json | {size:.1f} MiB | {g.num_ops()} | {t_json * 1000:.0f} ms | "
          f"{t_all * 1000:.0f} ms ({len(sm.params)} tensors) |")


if __name__ == "__main__":
    main()
