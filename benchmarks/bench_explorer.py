"""How long each graph-explorer interaction takes on a large Program: a Transformer
encoder of N layers (48 by default: about 2,400 ops), converted once, then each step the
browser asks for, redrawn by the kernel (state -> DOT -> Graphviz -> SVG).

    python benchmarks/bench_explorer.py [--layers 48] [--repeat 3]

Prints the median seconds of each interaction and the nodes drawn. The browser's share
(sending the click, swapping the SVG) is not included: see tests/browser/test_explorer_browser.py
for the round trip in JupyterLab.
"""
from __future__ import annotations

import argparse
import os
import statistics
import time

os.environ.setdefault("GLOG_minloglevel", "2")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--layers", type=int, default=48)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()

    import paddle

    import d2s_lab
    from d2s_lab.viz.explorer import ExplorerState, with_parents

    layer = paddle.nn.TransformerEncoderLayer(768, 12, 3072, dropout=0.0)
    model = paddle.nn.TransformerEncoder(layer, args.layers)
    model.eval()
    t0 = time.perf_counter()
    conv = d2s_lab.convert(model, ["x: [None,128,768] float32"], run=False)
    print(f"TransformerEncoder x{args.layers}: {conv.drawn_graph.num_ops():,} ops, converted in "
          f"{time.perf_counter() - t0:.1f} s")
    mid = f"layers.{args.layers // 2}"
    softmax = next(o.id for o in conv.drawn_graph.iter_ops()
                   if o.layer.startswith(f"{mid}.self_attn") and o.short_name == "softmax")
    steps = [
        ("all layers closed", dict(opened=[], query="", selected=None)),
        (f"open {mid}", dict(opened=[mid])),
        (f"open {mid}.self_attn", dict(opened=with_parents([f"{mid}.self_attn"]))),
        ("search 'softmax'", dict(query="softmax")),
        ("select a softmax op", dict(selected=softmax)),
        ("close everything", dict(opened=[], query="", selected=None)),
    ]
    print(f"{'interaction':28} {'median s':>9} {'nodes':>6}")
    for name, change in steps:
        times = []
        for _ in range(args.repeat):
            st = ExplorerState(conv.drawn_graph)
            for prev_name, prev in steps:  # the state the interaction starts from
                if prev_name == name:
                    break
                for k, v in prev.items():
                    setattr(st, k, v)
            for k, v in change.items():
                setattr(st, k, v)
            t = time.perf_counter()
            st.draw()
            times.append(time.perf_counter() - t)
        print(f"{name:28} {statistics.median(times):9.3f} {st.nodes:6d}")


if __name__ == "__main__":
    main()
