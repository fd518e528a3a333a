"""%%to_static against plain ``paddle.jit.to_static`` + first call, side by side as cells
of a notebook kernel, on four big models; and the size of the cell's output.

    python benchmarks/bench_report.py [--repeat 3] [--models resnet50,...] [--kernels both|fresh|one]
                                      [--path ast|sot]

Both are cells of a real kernel (ipykernel, as JupyterLab runs it), timed from the client:
from sending the cell to the kernel going idle, output transfer included. Each model is
built in a cell of its own before the timer starts (a fresh Layer each time, so nothing
is cached); the first round warms caches and is not counted, then the median:

- "plain": ``sf = paddle.jit.to_static(mm, input_spec=spec, full_graph=True); sf(*x)``
  on a batch of 2, the batch ``%%to_static``'s first run takes (a batch of 1 would
  broadcast against anything and hide the keepdim mistakes that run is there to catch);
- "%%to_static": ``%%to_static --model mm --input ...`` on a cell that only says
  ``pass``: conversion, first run, report, steps and the picture twin.

``--path sot`` times Paddle's default path instead (Paddle 3): "plain" is
``paddle.jit.to_static(mm)`` + first call, "%%to_static" is ``%%to_static --mode sot``;
before each round, untimed, SOT's cache is emptied, so both translate the model afresh (a
new Layer of the same class shares its code objects, and five rounds would fill the caches
of its sublayers' frames: see FORGET).
``lenet``, ``conv3`` and ``lstm`` are tutorial-sized models (paddle.vision's LeNet, a
3-conv net and an LSTM classifier, as tutorials write them); ``pointnet_cls``,
``pointnet_seg``, ``petnet`` and ``vit`` are the models of Paddle's point-cloud,
pet-segmentation and Vision Transformer tutorials (``tutorial_models.py``).

``--kernels fresh`` starts a kernel per model; ``one`` converts the models one after
another in one kernel, as a lab notebook does; ``both`` (default) prints both tables.
"output KB" is what the kernel sent for the cell (its display messages, the picture
included), "widget KB" what a saved notebook keeps of the stepper's widget state.

BERT-base is PaddleFormers' BertForSequenceClassification from a config (random
weights) where PaddleFormers is importable, else the BERT-shaped ``paddle.nn`` encoder of
``bench_bert.py`` (embeddings, 12 post-norm layers of hidden 768, pooler, classifier).
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
    "bert_base": ("input_ids: [None,128] int64", "bert_base()"),
    "lenet": ("x: [None,1,28,28] float32", "paddle.vision.models.LeNet()"),
    "conv3": ("x: [None,3,32,32] float32", "Conv3()"),
    "lstm": ("x: [None,20] int64", "LstmClassifier()"),
    "pointnet_cls": ("x: [None,3,1024] float32", "tutorial_models.PointNet()"),
    "pointnet_seg": ("x: [None,3,1024] float32", "tutorial_models.PointNetSeg()"),
    "petnet": ("x: [None,3,160,160] float32", "tutorial_models.PetNet()"),
    "vit": ("x: [None,3,224,224] float32", "tutorial_models.VisionTransformer()"),
}

TUTORIAL = """
from paddle import nn

class Conv3(nn.Layer):
    def __init__(self):
        super().__init__()
        self.c1, self.c2, self.c3 = nn.Conv2D(3, 16, 3, padding=1), nn.Conv2D(16, 32, 3, padding=1), nn.Conv2D(32, 64, 3, padding=1)
        self.pool, self.fc = nn.MaxPool2D(2), nn.Linear(64 * 4 * 4, 10)
    def forward(self, x):
        x = self.pool(nn.functional.relu(self.c1(x)))
        x = self.pool(nn.functional.relu(self.c2(x)))
        x = self.pool(nn.functional.relu(self.c3(x)))
        return self.fc(paddle.flatten(x, 1))

class LstmClassifier(nn.Layer):
    def __init__(self):
        super().__init__()
        self.emb, self.lstm, self.fc = nn.Embedding(1000, 64), nn.LSTM(64, 64), nn.Linear(64, 2)
    def forward(self, x):
        out, (h, c) = self.lstm(self.emb(x))
        return self.fc(h[-1])
"""

# BERT-base for the kernel: PaddleFormers' when it is there, else bench_bert's encoder.
BERT = f"""
import sys
sys.path.insert(0, {os.path.dirname(os.path.abspath(__file__))!r})
import bench_bert
import tutorial_models

def bert_base():
    try:
        return bench_bert.paddleformers_model(12, 768, 12)
    except ImportError:
        return bench_bert.encoder_model(12, 768, 12)
"""

SETUP = """
import os, json, paddle
os.environ.setdefault("GLOG_minloglevel", "2")
paddle.set_device("cpu")
from d2s_lab.core.specs import parse_spec_text, random_inputs
%load_ext d2s_lab
""" + BERT + TUTORIAL

# SOT keeps up to 20 translations per code object (MAX_CACHE_SIZE), and each fresh Layer
# adds guarded entries for its sublayers' frames (a ResNet's Sequential.forward): after five
# rounds those caches are full and Paddle runs the model in dygraph, untranslated, for plain
# and %%to_static alike. Each round starts from an empty SOT cache, so both translate.
FORGET = """
from paddle.jit.sot.opcode_translator.executor.executor_cache import OpcodeExecutorCache
OpcodeExecutorCache().clear()
None
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


STATE = """
from ipywidgets.embed import dependency_state
from d2s_lab.viz.steps_view import close_widget, steps_widget
_w = steps_widget(_d2s_steps) if _d2s_steps else None
print(len(json.dumps(dependency_state(_w))) if _w else 0)
if _w: close_widget(_w)
"""


def measure(kernel: Kernel, name: str, repeat: int, path: str = "ast") -> tuple:
    """``(plain s, %%to_static s, output bytes, widget bytes)``, medians over ``repeat``."""
    plain = ("sf = paddle.jit.to_static(mm, input_spec=spec, full_graph=True)\nsf(*x)\nNone" if path == "ast"
             else "sf = paddle.jit.to_static(mm)\nsf(*x)\nNone")
    forget = FORGET if path == "sot" else "None"
    spec, build = MODELS[name]
    kernel.run(f"st = parse_spec_text({spec!r})\n"
               "spec = [paddle.static.InputSpec(st.shape, st.dtype, st.name)]\n"
               "x = random_inputs(spec)\n")
    plain_t, magic_t, sizes, states = [], [], [], []
    for i in range(repeat + 1):  # the first round warms caches, not counted
        kernel.run(f"mm = {build}\nmm.eval()\nNone")
        kernel.run(forget)
        t_plain, _, _ = kernel.run(plain)
        kernel.run(f"mm = {build}\nmm.eval()\n_d2s_steps = None\nNone")
        kernel.run(forget)
        t_magic, size, _ = kernel.run(f'%%to_static --mode {path} --model mm --input "{spec}"\npass\n')
        _, _, state = kernel.run(STATE)
        if i:
            plain_t.append(t_plain)
            magic_t.append(t_magic)
            sizes.append(size)
            states.append(int(state.strip() or 0))
    return (statistics.median(plain_t), statistics.median(magic_t), statistics.median(sizes),
            statistics.median(states))


def table(title: str, rows) -> None:
    print(f"\n{title}")
    print("| model | plain cell | %%to_static cell | ratio | cell output | widget state |")
    print("|---|---|---|---|---|---|")
    for name, (plain, magic, size, state) in rows:
        print(f"| {name} | {plain:.2f} s | {magic:.2f} s | {magic / plain:.2f}x | {size / 1024:.0f} KB "
              f"| {state / 1024:.0f} KB |", flush=True)


def started() -> Kernel:
    kernel = Kernel()
    kernel.run(SETUP)
    return kernel


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--models", default=",".join(MODELS))
    p.add_argument("--kernels", choices=["both", "fresh", "one"], default="both")
    p.add_argument("--path", choices=["ast", "sot"], default="ast")
    args = p.parse_args(argv)
    names = args.models.split(",")
    kernel = started()
    try:
        _, _, about = kernel.run("import platform\n"
                                 "print(paddle.__version__, os.cpu_count(), platform.python_version())")
        version, cpus, python = about.split()[:3]
        print(f"Paddle {version}, Python {python}, {cpus} CPUs, {args.path} path; cells of an ipykernel "
              f"timed from the client; median of {args.repeat} after a warm-up round")
        if args.kernels in ("both", "one"):
            table("One kernel converting the models in turn:",
                  [(name, measure(kernel, name, args.repeat, args.path)) for name in names])
    finally:
        kernel.close()
    if args.kernels in ("both", "fresh"):
        rows = []
        for name in names:
            kernel = started()
            try:
                rows.append((name, measure(kernel, name, args.repeat, args.path)))
            finally:
                kernel.close()
        table("A fresh kernel per model:", rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
