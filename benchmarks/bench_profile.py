"""The cost of ``d2s_lab.profile``: a ResNet-18 (paddle.vision, batch 1, 3x224x224, CPU,
one thread) on the AST path and on Paddle's default path: a call without the profiler
against a call under it (the median of 20 plain calls, the mean of 20 profiled ones), the
whole profile's wall time, and each path side by side.

    python benchmarks/bench_profile.py [--calls 20]
"""
from __future__ import annotations

import argparse
import time

import paddle

import d2s_lab


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--calls", type=int, default=20)
    args = ap.parse_args()
    paddle.set_num_threads(1) if hasattr(paddle, "set_num_threads") else paddle.base.core.set_num_threads(1)
    paddle.seed(0)
    net = paddle.vision.models.resnet18()
    x = paddle.randn([1, 3, 224, 224])
    print(f"Paddle {paddle.__version__}")
    for mode in ("ast", "sot"):
        conv = d2s_lab.convert(net, example_inputs=[x], mode=mode)
        t0 = time.perf_counter()
        res = d2s_lab.profile(conv, calls=args.calls)
        took = time.perf_counter() - t0
        print(f"[{mode}] plain {res.plain_ms:.2f} ms/call, profiled {res.profiled_ms:.2f} ms/call "
              f"({res.overhead * 100:+.1f} %), {res.events} op events, profile took {took:.1f} s")
        for w in res.whatif:
            ms = "-" if w.ms is None else f"{w.ms:.2f} ms"
            print(f"    {w.path:9} {ms:>10}  ok={w.ok} {w.note}")
        for a in res.advice:
            print("   ", a)
        if mode == "ast":
            top = [r for r in res.layers if not r.other][:3]
            print("    top layers:", ", ".join(f"{r.key or '-'} {r.share * 100:.0f} %" for r in top))
        else:
            kinds = {}
            for s in res.segments:
                kinds[s.kind] = kinds.get(s.kind, 0) + s.share
            print("    segments:", ", ".join(f"{k} {v * 100:.0f} %" for k, v in kinds.items()))


if __name__ == "__main__":
    main()
