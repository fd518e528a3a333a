"""The cost of ``d2s_lab.profile``: a paddle.vision ResNet (batch 1, 3x224x224, CPU, one
thread) on the AST path and on Paddle's default path. Per stage (``ProfileResult.stages``):
warm-up, the plain calls, the profiled calls, the profiler's stop and the reading of its
events, the matching of events to ops, the outputs check, and, with ``--whatif``, each
path's conversion and the paths' rounds side by side; then the issue's bound: the
profiling of the calls (everything but the what-if paths) against twice the plain calls
plus 2 s.

    python benchmarks/bench_profile.py [--model resnet18|resnet50] [--calls 20] [--whatif] [--modes ast,sot]
"""
from __future__ import annotations

import argparse
import time

import paddle

import d2s_lab

CALLS_PART = ("plain", "profiler_warmup", "profiled", "read", "attribute")  # the bound: 2x plain + 2 s
AROUND = ("warmup", "check")  # the warm-up calls before, one dygraph call to check the outputs after


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default="resnet18", choices=("resnet18", "resnet50"))
    ap.add_argument("--calls", type=int, default=20)
    ap.add_argument("--size", type=int, default=224)
    ap.add_argument("--whatif", action="store_true")
    ap.add_argument("--modes", default="ast,sot")
    args = ap.parse_args()
    paddle.set_num_threads(1) if hasattr(paddle, "set_num_threads") else paddle.base.core.set_num_threads(1)
    paddle.seed(0)
    net = getattr(paddle.vision.models, args.model)()
    x = paddle.randn([1, 3, args.size, args.size])
    print(f"Paddle {paddle.__version__}, {args.model}, 1x3x{args.size}x{args.size}, {args.calls} calls, "
          f"whatif={args.whatif}")
    for mode in args.modes.split(","):
        conv = d2s_lab.convert(net, example_inputs=[x], mode=mode)
        t0 = time.perf_counter()
        res = d2s_lab.profile(conv, calls=args.calls, whatif=args.whatif)
        took = time.perf_counter() - t0
        t1 = time.perf_counter()
        res._repr_html_()
        drawn = time.perf_counter() - t1
        st = res.stages
        part = sum(st.get(k, 0.0) for k in CALLS_PART)
        bound = 2 * st["plain"] + 2
        print(f"[{mode}] plain {res.plain_ms:.2f} ms/call, profiled {res.profiled_ms:.2f} ms/call "
              f"({res.overhead * 100:+.1f} %), {res.events} op events, profile took {took:.1f} s, "
              f"report drawn in {drawn:.2f} s")
        print("    stages: " + ", ".join(f"{k} {v:.2f} s" for k, v in st.items()))
        around = sum(st.get(k, 0.0) for k in AROUND)
        print(f"    the calls' profiling {part:.1f} s against 2 x {st['plain']:.1f} s + 2 s = {bound:.1f} s: "
              f"{'within' if part <= bound else 'OVER'}; with the warm-up and the check {part + around:.1f} s")
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
