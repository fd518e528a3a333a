"""%%to_static against plain ``paddle.jit.to_static`` + first call, side by side in one
notebook kernel, on big models; and the size of the cell's output.

    python benchmarks/bench_report.py [--repeat 5] [--models resnet50,mobilenet_v2,...]

Both are cells of the same real kernel (ipykernel, as JupyterLab runs it), timed from
the client: from sending the cell to the kernel going idle, output transfer included.
Each model is built in a cell of its own before the timer starts (a fresh Layer each
time, so nothing is cached):

- "plain": ``sf = paddle.jit.to_static(mm, input_spec=spec, full_graph=True); sf(x)``
  on a batch of 2;
- "%%to_static": ``%%to_static --model mm --input ...`` on a cell that only says
  ``pass``: conversion, first run, report, steps and the graph's picture twin.

"output KB" is what the kernel sent for the cell (its display messages), "widget state
KB" what a saved notebook keeps of the stepper. The two "in-process" columns time the
same two things in this process, outside any kernel (plain Python vs IPython's own
shell): the stack a kernel adds makes Paddle's tracing slower for both.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time

os.environ.setdefault("GLOG_minloglevel", "2")

MODELS = {
    "resnet50": ("x: [None,3,224,224] float32", "paddle.vision.models.resnet50()"),
    "mobilenet_v2": ("x: [None,3,224,224] float32", "paddle.vision.models.mobilenet_v2()"),
    "densenet121": ("x: [None,3,224,224] float32", "paddle.vision.models.densenet121()"),
    "transformer12": ("x: [None,128,768] float32",
                      "paddle.nn.TransformerEncoder(paddle.nn.TransformerEncoderLayer("
                      "768, 12, 3072, dropout=0.0), 12)"),
}

SETUP = """
import os, json, paddle
os.environ.setdefault("GLOG_minloglevel", "2")
paddle.set_device("cpu")
from d2s_lab.core.specs import parse_spec_text, random_inputs
%load_ext d2s_lab
"""


class Kernel:
    """A real ipykernel, driven as a front end drives it."""

    def __init__(self):
        from jupyter_client.manager import start_new_kernel

        self.km, self.kc = start_new_kernel(kernel_name="python3", startup_timeout=180)

    def run(self, code: str, timeout: float = 600) -> tuple:
        """``(seconds, bytes of display output, text output)`` for one cell."""
        t0 = time.perf_counter()
        msg_id = self.kc.execute(code)
        size, text, error = 0, [], None
        while True:
            m = self.kc.get_iopub_msg(timeout=timeout)
            if m["parent_header"].get("msg_id") != msg_id:
                continue
            kind, content = m["msg_type"], m["content"]
            if kind in ("display_data", "execute_result"):
                size += sum(len(v if isinstance(v, str) else json.dumps(v).encode())
                            for v in content["data"].values())
                text.append(content["data"].get("text/plain", ""))
            elif kind == "stream":
                text.append(content["text"])
            elif kind == "error":
                error = "\n".join(content["traceback"])
            elif kind == "status" and content["execution_state"] == "idle":
                took = time.perf_counter() - t0
                break
        if error:
            raise RuntimeError(f"cell failed:\n{code}\n{error}")
        return took, size, "".join(text)

    def close(self):
        self.kc.stop_channels()
        self.km.shutdown_kernel(now=True)


def in_process(build: str, spec_text: str, shell) -> tuple:
    """(plain in plain Python, %%to_static in IPython's own shell), seconds."""
    import paddle

    from IPython.utils.capture import capture_output

    from d2s_lab.core.specs import parse_spec_text, random_inputs

    st = parse_spec_text(spec_text)
    spec = [paddle.static.InputSpec(st.shape, st.dtype, st.name)]
    x = random_inputs(spec)
    model = eval(build, {"paddle": paddle})
    model.eval()
    t0 = time.perf_counter()
    sf = paddle.jit.to_static(model, input_spec=spec, full_graph=True)
    sf(*x)
    plain = time.perf_counter() - t0
    model = eval(build, {"paddle": paddle})
    model.eval()
    shell.user_ns["mm"] = model
    t0 = time.perf_counter()
    with capture_output():
        shell.run_cell(f'%%to_static --model mm --input "{spec_text}"\npass\n')
    return plain, time.perf_counter() - t0


STATE = """
from ipywidgets.embed import dependency_state
from d2s_lab.viz.steps_view import close_widget, steps_widget
_w = steps_widget(_d2s_steps)
print(len(json.dumps(dependency_state(_w))))
close_widget(_w)
"""


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--models", default=",".join(MODELS))
    p.add_argument("--no-in-process", action="store_true", help="only the kernel columns")
    args = p.parse_args(argv)
    kernel = Kernel()
    shell = None
    if not args.no_in_process:
        import paddle
        from IPython.core.interactiveshell import InteractiveShell

        paddle.set_device("cpu")
        shell = InteractiveShell.instance()
        shell.run_line_magic("load_ext", "d2s_lab")
    try:
        kernel.run(SETUP)
        _, _, version = kernel.run("print(paddle.__version__, os.cpu_count())")
        print(f"Paddle {version.split()[0]}, {version.split()[1]} CPUs, median of {args.repeat}; "
              "kernel = cells of one ipykernel, timed from the client")
        print(f"{'model':14} {'plain s':>8} {'%%to_static s':>14} {'ratio':>6} {'output KB':>10} "
              f"{'widget KB':>10}" + (f"   in-process: {'plain s':>8} {'%%to_static s':>14} "
                                      f"{'ratio':>6}" if shell is not None else ""))
        for name in args.models.split(","):
            spec, build = MODELS[name]
            kernel.run(f"st = parse_spec_text({spec!r})\n"
                       "spec = [paddle.static.InputSpec(st.shape, st.dtype, st.name)]\n"
                       "x = random_inputs(spec)\n")
            plain_t, magic_t, sizes, states, ip_plain, ip_magic = [], [], [], [], [], []
            for i in range(args.repeat + 1):  # the first round warms caches, not counted
                kernel.run(f"mm = {build}\nmm.eval()\nNone")
                t_plain, _, _ = kernel.run(
                    "sf = paddle.jit.to_static(mm, input_spec=spec, full_graph=True)\n"
                    "sf(*x)\nNone")
                kernel.run(f"mm = {build}\nmm.eval()\nNone")
                t_magic, size, _ = kernel.run(f'%%to_static --model mm --input "{spec}"\npass\n')
                _, _, state = kernel.run(STATE)
                ip = in_process(build, spec, shell) if shell is not None else (0.0, 0.0)
                if i:
                    plain_t.append(t_plain)
                    magic_t.append(t_magic)
                    sizes.append(size)
                    states.append(int(state.strip() or 0))
                    ip_plain.append(ip[0])
                    ip_magic.append(ip[1])
            pm, mm_ = statistics.median(plain_t), statistics.median(magic_t)
            ipp, ipm = statistics.median(ip_plain), statistics.median(ip_magic)
            tail = (f"   in-process: {ipp:8.2f} {ipm:14.2f} {ipm / ipp:6.2f}"
                    if shell is not None else "")
            print(f"{name:14} {pm:8.2f} {mm_:14.2f} {mm_ / pm:6.2f} "
                  f"{statistics.median(sizes) / 1024:10.0f} {statistics.median(states) / 1024:10.0f}"
                  + tail, flush=True)
    finally:
        kernel.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
