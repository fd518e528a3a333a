"""%%to_static against plain ``paddle.jit.to_static`` + first call, side by side in one
process, on big models; and the size of the cell's output.

    python benchmarks/bench_report.py [--repeat 3] [--models resnet50,mobilenet_v2,...]

Each model is built before its timer starts. "plain" is ``to_static(full_graph=True)``
plus the first call on a batch of 2 (a fresh Layer each time, so nothing is cached);
"%%to_static" is the whole cell ``%%to_static --model mm --input ...`` on a cell that
only says ``pass``, in a real IPython shell, output captured (report + steps), plus what a
notebook kernel adds: the graph's picture twin (time and bytes). The stepper's widget
state, which a saved notebook also keeps, is its own column.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

os.environ.setdefault("GLOG_minloglevel", "2")

MODELS = {
    "resnet50": ("x: [None,3,224,224] float32", lambda: __import__("paddle").vision.models.resnet50()),
    "mobilenet_v2": ("x: [None,3,224,224] float32", lambda: __import__("paddle").vision.models.mobilenet_v2()),
    "densenet121": ("x: [None,3,224,224] float32", lambda: __import__("paddle").vision.models.densenet121()),
    "transformer12": ("x: [None,128,768] float32", lambda: _encoder(12)),
}


def _encoder(layers: int):
    import paddle

    layer = paddle.nn.TransformerEncoderLayer(768, 12, 3072, dropout=0.0)
    return paddle.nn.TransformerEncoder(layer, layers)


def plain(build, spec_text: str) -> float:
    import paddle

    from d2s_lab.core.specs import parse_spec_text, random_inputs

    st = parse_spec_text(spec_text)
    model = build()
    model.eval()
    spec = [paddle.static.InputSpec(st.shape, st.dtype, st.name)]
    x = random_inputs(spec)
    t0 = time.perf_counter()
    sf = paddle.jit.to_static(model, input_spec=spec, full_graph=True)
    sf(*x)
    return time.perf_counter() - t0


def magic(shell, build, spec_text: str):
    from IPython.utils.capture import capture_output

    model = build()
    model.eval()
    shell.user_ns["mm"] = model
    t0 = time.perf_counter()
    with capture_output() as cap:
        shell.run_cell(f'%%to_static --model mm --input "{spec_text}"\npass\n')
    took = time.perf_counter() - t0
    size = sum(len(str(o.data.get("text/html", "")).encode()) + len(str(o.data.get(
        "application/vnd.jupyter.widget-view+json", "")).encode()) for o in cap.outputs)
    # What a notebook kernel adds and this terminal shell does not: the graph's picture
    # twin (drawn again here, from the same DOT) and the stepper's saved widget state.
    from d2s_lab.viz.graph_view import report_graph

    t1 = time.perf_counter()
    png = report_graph(shell.user_ns["_d2s"]).png_twin() or b""
    twin_s = time.perf_counter() - t1
    state = 0
    steps = shell.user_ns.get("_d2s_steps")
    if steps is not None:  # the same stepper, built again to weigh its state
        import json

        from ipywidgets.embed import dependency_state

        from d2s_lab.viz.steps_view import close_widget, steps_widget

        widget = steps_widget(steps)
        state = len(json.dumps(dependency_state(widget)))
        close_widget(widget)
    return took + twin_s, size + len(png) * 4 // 3, state


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--models", default=",".join(MODELS))
    args = p.parse_args(argv)
    from IPython.core.interactiveshell import InteractiveShell

    import paddle

    paddle.set_device("cpu")
    shell = InteractiveShell.instance()
    shell.run_line_magic("load_ext", "d2s_lab")
    print(f"Paddle {paddle.__version__}, {os.cpu_count()} CPUs, median of {args.repeat}")
    print(f"{'model':14} {'plain s':>8} {'%%to_static s':>14} {'ratio':>6} {'output KB':>10} "
          f"{'widget state KB':>16}")
    for name in args.models.split(","):
        spec, build = MODELS[name]
        p_times, m_times, sizes, states = [], [], [], []
        for _ in range(args.repeat):
            p_times.append(plain(build, spec))
            t, size, state = magic(shell, build, spec)
            m_times.append(t)
            sizes.append(size)
            states.append(state)
        pm, mm = statistics.median(p_times), statistics.median(m_times)
        print(f"{name:14} {pm:8.2f} {mm:14.2f} {mm / pm:6.2f} {statistics.median(sizes) / 1024:10.0f} "
              f"{statistics.median(states) / 1024:16.0f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
