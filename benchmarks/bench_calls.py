"""What recording later calls (``conv.calls()``, ``%d2s_calls``) adds to each call, in a
notebook kernel, side by side with plain ``paddle.jit.to_static``.

    python benchmarks/bench_calls.py [--calls 2000] [--rounds 5]

Timed inside the kernel with ``time.perf_counter``, rounds alternating, medians:

- SOT, cached calls: one function (and a LeNet) converted with ``%%to_static --mode sot``,
  ``--calls`` calls per round with its recording on, then off (the same function and
  cache entry: only the recording differs);
- AST, cached calls: a function converted with ``%%to_static --mode ast``, recording on
  and off (its program cache's lookup is Paddle's either way);
- one recompile: a fresh function's second call with a new Python value (SOT translates
  again), plain ``to_static`` against ``d2s_lab.convert`` (recorded).
"""
from __future__ import annotations

import argparse
import json
import os
import sys

os.environ.setdefault("GLOG_minloglevel", "2")

SETUP = r'''
import time, statistics, json, paddle, d2s_lab
%load_ext d2s_lab

x = paddle.ones([4, 8])
img = paddle.randn([2, 1, 28, 28])

def paired(measure, off, on, rounds={rounds}):
    """Median per-call time off and on, and the median of the paired differences; the
    order alternates each round, so a collection or a warm-up falls on both sides."""
    a, b = [], []
    for r in range(rounds):
        if r % 2:
            b.append(measure()); off(); a.append(measure()); on()
        else:
            off(); a.append(measure()); on(); b.append(measure())
    return statistics.median(a), statistics.median(b), statistics.median(y - z for y, z in zip(b, a))


def per_call(fn, args, n):
    t0 = time.perf_counter()
    for _ in range(n):
        fn(*args)
    return (time.perf_counter() - t0) / n
'''



def _cell(kc, code, timeout=600):
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests", "support"))
    from kernels import run_cell

    status, out = run_cell(kc, code, timeout=timeout)
    if status != "ok":
        raise SystemExit(f"cell failed:\n{code}\n{out[-3000:]}")
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--calls", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    from jupyter_client.manager import start_new_kernel

    km, kc = start_new_kernel(kernel_name="python3", startup_timeout=180)
    try:
        _cell(kc, SETUP.replace("{rounds}", str(args.rounds)))
        for mode in ("sot", "ast"):
            _cell(kc, f'%%to_static --mode {mode} --example "paddle.ones([4, 8]), 1" --as seen_{mode}\n'
                      f"def small_seen_{mode}(x, n):\n    y = paddle.tanh(x) * 2 + n\n"
                      "    if y.mean() > 0:\n        y = y - 1\n    return y.sum()\n")
        _cell(kc, '%%to_static --mode sot --example "paddle.randn([2, 1, 28, 28])" --as lenet_seen\n'
                  "lenet = paddle.vision.models.LeNet()\n")
        out = _cell(kc, f'''
from d2s_lab.core.paddle_compat.sot import cache as sot_cache
rows = {{}}
# the same converted function, recorded and not: only the recording differs
for label, conv, argv in (("small function, SOT", seen_sot, (x, 1)), ("LeNet, SOT", lenet_seen, (img,))):
    code = conv.static_function.dygraph_function.__code__
    sink = sot_cache._BY_ID[id(code)][1]
    rows[label] = paired(lambda: per_call(conv, argv, {args.calls}),
                         lambda: sot_cache.unwatch(code), lambda: sot_cache.watch(code, sink))
cache = seen_ast.static_function._program_cache
sink = cache._d2s_sink
# off: Paddle's own lookup, through the same subclass
rows["small function, AST"] = paired(lambda: per_call(seen_ast, (x, 1), {args.calls}),
                                     lambda: setattr(cache, "_d2s_sink", None),
                                     lambda: setattr(cache, "_d2s_sink", sink))
# one recompile each (a new Python value), on fresh equal functions: plain, then recorded
# (code objects compare by value, not by file: each differs by a constant)
src = "def g(x, n):\\n    y = paddle.tanh(x) * 2 + n + {{}}\\n    if y.mean() > 0:\\n        y = y - 1\\n    return y.sum()\\n"
def fresh(i):
    ns = dict(paddle=paddle)
    exec(compile(src.format(i), f"<fresh-{{i}}>", "exec"), ns)
    return ns["g"]
pa, pb = [], []
for i in range({args.rounds}):
    sf = paddle.jit.to_static(fresh(2 * i)); sf(x, 1)
    pa.append(per_call(sf, (x, 2), 1))
    conv = d2s_lab.convert(fresh(2 * i + 1), example_inputs=[x, 1], mode="sot")
    pb.append(per_call(conv, (x, 2), 1))
    assert conv.calls()[-1].new_entry
rows["one recompile (new n), SOT"] = (statistics.median(pa), statistics.median(pb),
                                      statistics.median(pb) - statistics.median(pa))
print("ROWS=" + json.dumps(rows))
print("RECORDED=" + json.dumps([seen_sot.call_log.total, seen_sot.call_log.new_entries]))
''', timeout=1800)
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
    rows = json.loads(next(ln for ln in out.splitlines() if ln.startswith("ROWS="))[5:])
    recorded = next(ln for ln in out.splitlines() if ln.startswith("RECORDED="))[9:]
    print("| case | not recorded | recorded | added per call (median of paired rounds) |")
    print("| --- | --- | --- | --- |")
    for label, (plain, seen, added) in rows.items():
        unit, k = ("ms", 1e3) if plain > 0.01 else ("µs", 1e6)
        print(f"| {label} | {plain * k:.1f} {unit} | {seen * k:.1f} {unit} | {added * 1e6:+.1f} µs |")
    print(f"\nrecorded calls, new entries: {recorded}")


if __name__ == "__main__":
    main()
