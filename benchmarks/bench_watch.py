"""What a watch (``d2s_lab.watch()``, ``%%d2s_watch``, ``d2s-lab watch``) adds to a
training step: a small MLP, eager and ``to_static``, each watched and not.

    python benchmarks/bench_watch.py [--steps 300] [--rounds 7] [--batch 64] [--hidden 256]

Also a converted ``x + 1`` alone: the watch's cost per call with nothing around it.

One training step: a 3-layer MLP's forward (``paddle.jit.to_static(model)`` for the
converted runs, SOT on Paddle 3), a cross-entropy loss, ``backward`` and an SGD step.
Each round times ``--steps`` steps with ``time.perf_counter`` watched and not watched,
the order alternating between rounds (a collection or a warm-up falls on both sides);
the figures are medians of the per-step times and of the paired differences. The
converted model is translated once before the rounds: what is measured is the
watch's cost on a warm cache, the steady state of a training run.
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


def _setup(static: bool, batch: int, hidden: int):
    import paddle

    paddle.seed(0)
    model = paddle.nn.Sequential(paddle.nn.Linear(32, hidden), paddle.nn.ReLU(),
                                 paddle.nn.Linear(hidden, hidden), paddle.nn.ReLU(),
                                 paddle.nn.Linear(hidden, 10))
    opt = paddle.optimizer.SGD(learning_rate=0.01, parameters=model.parameters())
    forward = paddle.jit.to_static(model) if static else model
    x, y = paddle.randn([batch, 32]), paddle.randint(0, 10, [batch, 1])

    def step():
        loss = paddle.nn.functional.cross_entropy(forward(x), y)
        loss.backward()
        opt.step()
        opt.clear_grad()
        return loss

    for _ in range(5):  # translated (converted runs) and warm
        step()
    float(step().numpy())
    return step


def _setup_cheap(static: bool, batch: int, hidden: int):
    """A converted function that does almost nothing (``x + 1``): the watch's cost per
    call, bare."""
    import paddle

    def plus_one(x):
        return x + 1

    fn = paddle.jit.to_static(plus_one) if static else plus_one
    x = paddle.ones([2])
    for _ in range(3):
        fn(x)
    return lambda: fn(x)


def _time(step, steps: int, watched: bool) -> float:
    import d2s_lab

    def run():
        t0 = time.perf_counter()
        for _ in range(steps):
            loss = step()
        loss.numpy()  # wait for the last step
        return (time.perf_counter() - t0) / steps

    if not watched:
        return run()
    with d2s_lab.watch() as w:
        out = run()
    assert w.report().steps == (steps if w.report().functions else 0)
    return out


def measure(static: bool, steps: int, rounds: int, batch: int, hidden: int, setup=_setup):
    step = setup(static, batch, hidden)
    off, on = [], []
    for r in range(rounds):
        order = (False, True) if r % 2 == 0 else (True, False)
        for watched in order:
            (on if watched else off).append(_time(step, steps, watched))
    diffs = [b - a for a, b in zip(off, on)]
    return statistics.median(off), statistics.median(on), statistics.median(diffs)


def main(argv=None) -> int:
    import paddle

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--steps", type=int, default=300)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--batch", type=int, default=64)
    ap.add_argument("--hidden", type=int, default=256)
    args = ap.parse_args(argv)
    print(f"Paddle {paddle.__version__}, CPU, MLP 32-{args.hidden}-{args.hidden}-10, batch {args.batch}, "
          f"{args.steps} steps x {args.rounds} rounds (medians)")
    print("| run | step, not watched | step, watched | watched - not (paired) | share |")
    print("|---|---|---|---|---|")
    for label, static, setup in (("MLP step, eager", False, _setup), ("MLP step, to_static", True, _setup),
                                 ("`x + 1`, to_static", True, _setup_cheap)):
        off, on, diff = measure(static, args.steps, args.rounds, args.batch, args.hidden, setup)
        print(f"| {label} | {off * 1e3:.3f} ms | {on * 1e3:.3f} ms | {diff * 1e6:+.1f} µs | {diff / off:+.1%} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
