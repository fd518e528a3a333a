"""Time step capture and the step views (run by hand: .venv/bin/python benchmarks/bench_steps.py)."""
import os
import statistics
import sys
import time

os.environ.setdefault("GLOG_minloglevel", "2")
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "support"))


def median_s(fn, n=5):
    times = []
    for _ in range(n):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main():
    import models
    import steps_models

    from d2s_lab.core.steps import capture_steps
    from d2s_lab.teaching.examples import EmbeddingNet
    from d2s_lab.viz.steps_view import steps_static_html, steps_widget

    targets = {
        "tensor_if": steps_models.tensor_if,
        "loops_break_continue": steps_models.loops_break_continue,
        "loopy (tests/support/models.py)": models.loopy,
        "EmbeddingNet.forward": EmbeddingNet(),
        "Outer (LayerList loop)": models.Outer(),
    }
    print(f"{'target':26} {'lines':>5} {'capture':>9} {'static':>9} {'KiB':>6} {'widget':>9} {'KiB':>6}")
    for name, obj in targets.items():
        steps = capture_steps(obj)
        cap = median_s(lambda obj=obj: capture_steps(obj))
        html = steps_static_html(steps, "en")
        st = median_s(lambda steps=steps: steps_static_html(steps, "en"))
        w = steps_widget(steps, "en")
        wt = median_s(lambda steps=steps: steps_widget(steps, "en"), n=3)
        wkib = sum(len(p.value.encode()) for p in w.pages) / 1024
        print(f"{name:26} {len(steps.final.splitlines()):5d} {cap * 1000:7.0f}ms {st * 1000:7.0f}ms "
              f"{len(html.encode()) / 1024:6.0f} {wt * 1000:7.0f}ms {wkib:6.0f}")


if __name__ == "__main__":
    main()
