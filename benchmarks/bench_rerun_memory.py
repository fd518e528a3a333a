"""Memory growth over re-runs of one notebook cell: ``%%to_static`` against plain
``paddle.jit.to_static`` + first call on the same model.

    python benchmarks/bench_rerun_memory.py [--runs 100]

Both re-run the same cell text (a class definition and an instance, as a student
re-running a cell does) in a real IPython shell with history; RSS is read after a few
warm-up runs and after the last run.
"""
from __future__ import annotations

import argparse
import gc
import os
import sys

os.environ.setdefault("GLOG_minloglevel", "2")

MODEL = '''import paddle
class Net(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.conv = paddle.nn.Conv2D(3, 16, 3, stride=2)
        self.fc = paddle.nn.Linear(16, 8)
    def forward(self, x):
        x = paddle.nn.functional.relu(self.conv(x))
        return self.fc(x.mean(axis=[2, 3]))
net = Net()
'''
PLAIN = MODEL + ('sf = paddle.jit.to_static(net, input_spec=[paddle.static.InputSpec([None, 3, 32, 32])], '
                 'full_graph=True)\n_ = sf(paddle.randn([2, 3, 32, 32]))\n')
MAGIC = '%%to_static --input "x: [None,3,32,32] float32"\n' + MODEL


def rss_mb() -> float:
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def growth(shell, cell: str, runs: int, warmup: int = 5) -> float:
    from IPython.utils.capture import capture_output

    for _ in range(warmup):
        with capture_output():
            shell.run_cell(cell, store_history=True)
    gc.collect()
    start = rss_mb()
    for _ in range(runs):
        with capture_output():
            shell.run_cell(cell, store_history=True)
    gc.collect()
    return rss_mb() - start


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=100)
    args = p.parse_args(argv)
    from IPython.core.interactiveshell import InteractiveShell

    import paddle

    shell = InteractiveShell.instance()
    shell.run_line_magic("load_ext", "d2s_lab")
    plain = growth(shell, PLAIN, args.runs)
    magic = growth(shell, MAGIC, args.runs)
    print(f"Paddle {paddle.__version__}, {args.runs} re-runs of one cell")
    print(f"plain to_static + first call: {plain:+.1f} MB ({plain / args.runs * 1024:.0f} KB per run)")
    print(f"%%to_static (report, steps):  {magic:+.1f} MB ({magic / args.runs * 1024:.0f} KB per run)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
