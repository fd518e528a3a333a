"""``%d2s_profile --calls 20`` in a notebook kernel against 20 plain calls of the same model
converted with plain ``paddle.jit.to_static``, as a user would time them.

    python benchmarks/bench_profile_kernel.py [--model resnet50] [--rounds 3] [--modes ast,sot]

A paddle.vision model (batch 1, 3x224x224, CPU, one thread), two instances of it: one
converted by ``d2s_lab.convert`` (profiled), one by ``paddle.jit.to_static`` (AST:
``full_graph=True``; SOT: Paddle's default), warmed up by three calls. Each round runs, per
path, the plain cell (``for _ in range(20): st(x)``) and the profile cell, their order
alternating between rounds (the machine is shared: a load change falls on both sides); each
is the cell's wall time seen from the client. Printed: every round with the profile's own
stages (``ProfileResult.stages``) and its stated overhead, then the medians against the
issue's bound: the profile at most twice the plain calls plus 2 s.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

SETUP = """
import paddle, d2s_lab
paddle.set_num_threads(1) if hasattr(paddle, "set_num_threads") else paddle.base.core.set_num_threads(1)
paddle.seed(0)
x = paddle.randn([1, 3, 224, 224])
for mode in {modes!r}:
    net = getattr(paddle.vision.models, {model!r})(); net.eval()
    plain = getattr(paddle.vision.models, {model!r})(); plain.eval()
    st = paddle.jit.to_static(plain, full_graph=True) if mode == "ast" else paddle.jit.to_static(plain)
    for _ in range(3):
        st(x)
    globals()["conv_" + mode] = d2s_lab.convert(net, example_inputs=[x], mode=mode)
    globals()["st_" + mode] = st
print(paddle.__version__)
"""


def _cell(kc, code, timeout=900):
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests", "support"))
    from kernels import run_cell

    t0 = time.perf_counter()
    status, out = run_cell(kc, code, timeout=timeout)
    took = time.perf_counter() - t0
    if status != "ok":
        raise SystemExit(f"cell failed:\n{code}\n{out[-3000:]}")
    return out, took


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", default="resnet50", choices=("resnet18", "resnet50"))
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--modes", default="ast,sot")
    args = ap.parse_args()
    modes = args.modes.split(",")
    from jupyter_client.manager import start_new_kernel

    km, kc = start_new_kernel(kernel_name="python3", startup_timeout=180)
    try:
        _cell(kc, "%load_ext d2s_lab")
        out, took = _cell(kc, SETUP.format(modes=modes, model=args.model))
        print(f"Paddle {out.strip().splitlines()[-1]}, {args.model}, set up in {took:.1f} s", flush=True)
        times = {m: {"plain": [], "profile": []} for m in modes}
        for r in range(args.rounds):
            for m in modes:
                for what in ("plain", "profile") if r % 2 == 0 else ("profile", "plain"):
                    code = (f"for _ in range(20): st_{m}(x)" if what == "plain"
                            else f"%d2s_profile conv_{m} --calls 20 --as prof_{m}")
                    times[m][what].append(_cell(kc, code)[1])
                out, _ = _cell(kc, f"p = prof_{m}; print(f'{{p.overhead * 100:+.1f}} %', "
                                   "{k: round(v, 2) for k, v in p.stages.items()})")
                print(f"round {r} {m}: plain {times[m]['plain'][-1]:.2f} s, profile {times[m]['profile'][-1]:.2f} s,"
                      f" profiler's stated cost {out.strip()}", flush=True)
        for m in modes:
            plain, prof = statistics.median(times[m]["plain"]), statistics.median(times[m]["profile"])
            bound = 2 * plain + 2
            print(f"{m}: median plain 20 calls {plain:.2f} s, profile {prof:.2f} s, bound {bound:.2f} s: "
                  f"{'within' if prof <= bound else 'OVER'}")
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


if __name__ == "__main__":
    main()
