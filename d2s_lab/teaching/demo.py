"""``make demo``: run the CIFAR-10 image-search notebook headless and write it as HTML.

    python -m d2s_lab.teaching.demo            # full mode (the tutorial's scale), several minutes
    python -m d2s_lab.teaching.demo --quick    # a few dozen batches, about a minute

Outputs under ``./build/`` (``--out``): ``cifar10_image_search.html`` (the executed notebook),
``cifar10_image_search.ipynb``, the notebook's own outputs in ``cifar10_image_search/``
(``results.json``, figures, the exported model) and ``seed_report.html``.
"""
from __future__ import annotations

import argparse
import atexit
import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

from nbclient import NotebookClient

from d2s_lab.core.options import localize_parser
from d2s_lab.text import t

# The demo notebook comes with the package; a checkout's root is two folders up.
NOTEBOOK = Path(__file__).resolve().parent / "notebooks" / "cifar10_image_search.ipynb"
ROOT = Path(__file__).resolve().parents[2]
KERNEL_NAME = "d2s_lab"


def seed_report(out_dir: str = "build") -> str:
    """Convert the seed model and write a one-file HTML report; return its path."""
    import d2s_lab
    from d2s_lab.teaching.examples import SEED_INPUT, EmbeddingNet
    from d2s_lab.viz.report import conversion_html

    os.makedirs(out_dir, exist_ok=True)
    conv = d2s_lab.convert(EmbeddingNet(), [SEED_INPUT], mode="ast")  # the Program, drawn
    path = os.path.join(out_dir, "seed_report.html")
    with open(path, "w", encoding="utf-8") as fh:
        fh.write("<!doctype html><meta charset='utf-8'><title>d2s_lab: seed model</title>")
        fh.write(conversion_html(conv))
    print(conv.summary())
    return path


def venv_kernel_manager():
    """A KernelManager for an IPython kernel of *this* Python (``sys.executable``), so
    the notebook runs on the same interpreter and packages as this process. Its
    kernelspec lives in a temporary folder (removed at exit): nothing is installed into
    the environment, and specs of the same name elsewhere are ignored."""
    from jupyter_client import KernelManager
    from jupyter_client.kernelspec import KernelSpecManager

    kernels_dir = Path(tempfile.mkdtemp(prefix="d2s_lab_kernels_"))
    atexit.register(shutil.rmtree, str(kernels_dir), True)
    (kernels_dir / KERNEL_NAME).mkdir()
    spec = {"argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
            "display_name": "Python (d2s_lab)", "language": "python", "metadata": {"debugger": True}}
    (kernels_dir / KERNEL_NAME / "kernel.json").write_text(json.dumps(spec), encoding="utf-8")
    ksm = KernelSpecManager(kernel_dirs=[str(kernels_dir)])
    return KernelManager(kernel_name=KERNEL_NAME, kernel_spec_manager=ksm)


def run_notebook(path=NOTEBOOK, out_dir=None, quick: bool = False, progress: bool = True,
                 cell_timeout: int = 1800):
    """Execute the notebook in a fresh ``d2s_lab`` kernel; return ``(notebook, results)``.

    ``out_dir`` (``$D2S_OUT`` in the kernel) receives the notebook's outputs, among
    them ``results.json``, whose content is returned as ``results`` (None if absent).
    With ``progress``, prints ``cell k/N`` and the cells' printed output as they run.
    Raises ``nbclient.exceptions.CellExecutionError`` when a cell fails.
    """
    import nbformat

    path = Path(path)
    out_dir = Path(out_dir or Path("build") / path.stem).resolve()
    out_dir.mkdir(parents=True, exist_ok=True)
    results_file = out_dir / "results.json"
    if results_file.exists():
        results_file.unlink()
    nb = nbformat.read(str(path), as_version=4)
    code_cells = [i for i, c in enumerate(nb.cells) if c.cell_type == "code"]
    env = dict(os.environ, D2S_OUT=str(out_dir), D2S_QUICK="1" if quick else "0",
               GLOG_minloglevel=os.environ.get("GLOG_minloglevel", "2"),
               MPLBACKEND="module://matplotlib_inline.backend_inline")
    t_start = time.perf_counter()

    def on_cell_execute(cell, cell_index, **_):
        if progress and cell_index in code_cells:
            k = code_cells.index(cell_index) + 1
            first = next((ln for ln in cell.source.splitlines() if ln.strip()), "")
            print(t("install.demo_cell", s=f"{time.perf_counter() - t_start:6.1f}", k=k, n=len(code_cells),
                    first=first[:70]), flush=True)

    client = _EchoClient(nb, km=venv_kernel_manager(), timeout=cell_timeout,
                         resources={"metadata": {"path": str(out_dir)}},
                         on_cell_execute=on_cell_execute, echo=progress)
    try:
        client.execute(env=env, cleanup_kc=True)  # our own KernelManager: shut its kernel down too
    except Exception as exc:
        exc.notebook = nb  # executed up to the failing cell
        raise
    results = json.loads(results_file.read_text()) if results_file.exists() else None
    return nb, results


class _EchoClient(NotebookClient):
    """Prints the cells' stdout as it arrives (training progress)."""

    def __init__(self, *args, echo=True, **kw):
        super().__init__(*args, **kw)
        self._echo = echo

    def output(self, outs, msg, display_id, cell_index):
        if self._echo and msg.get("msg_type") == "stream" and msg["content"].get("name") == "stdout":
            for line in msg["content"].get("text", "").splitlines():
                print(f"    | {line}", flush=True)
        return super().output(outs, msg, display_id, cell_index)


def write_html(nb, path) -> str:
    """The executed notebook as one self-contained HTML file (nbconvert)."""
    from nbconvert import HTMLExporter

    body, _ = HTMLExporter().from_notebook_node(nb)
    Path(path).write_text(body, encoding="utf-8")
    return str(path)


def _summary(results) -> str:
    if not results:
        return t("install.demo_no_results")
    dy, st = results["dygraph"], results["to_static"]
    fw = results.get("forward_ms", {}).get("20", {})
    lines = [
        f"mode {results['mode']}: {results['epochs']} epochs x {results['batches_per_epoch']} batches",
        f"probe loss   dygraph {dy['loss_start']:.3f} -> {dy['loss_end']:.3f}   "
        f"to_static {st['loss_start']:.3f} -> {st['loss_end']:.3f}",
        f"precision@10 dygraph {dy['precision_at_10']:.4f}   to_static {st['precision_at_10']:.4f}",
        f"train step   dygraph {dy['ms_per_step']:.2f} ms   to_static {st['ms_per_step']:.2f} ms   "
        f"(training {dy['train_s']:.0f} s / {st['train_s']:.0f} s)",
        f"reload max abs diff: jit.load {results['max_abs_diff']['jit_load']:.1e}, "
        f"predictor {results['max_abs_diff']['predictor']:.1e}",
    ]
    if fw:
        lines.append("forward, batch 20: " + ", ".join(f"{k} {v:.2f} ms" for k, v in fw.items()))
    return "\n".join(lines)


def _use_shared_data() -> None:
    """Without $D2S_CIFAR10, use the checkout's sibling ``shared/data`` copy when there is
    one (as ``.ci/run`` does); else the notebook falls back to Paddle's download/cache."""
    from d2s_lab.teaching.datasets import ARCHIVE, ENV_VAR

    shared = ROOT.parent / "shared" / "data" / ARCHIVE
    if not os.environ.get(ENV_VAR) and shared.is_file():
        os.environ[ENV_VAR] = str(shared)
    print(t("install.demo_cifar", where=os.environ.get(ENV_VAR) or t("install.demo_cifar_download", var=ENV_VAR)))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m d2s_lab.teaching.demo", description="help.cli.demo.description")
    parser.add_argument("--quick", action="store_true", help="help.cli.demo.quick")
    parser.add_argument("--out", default="build", help="help.cli.demo.out")
    localize_parser(parser)
    args = parser.parse_args(argv)
    import warnings

    from nbclient.exceptions import CellExecutionError

    warnings.filterwarnings("ignore", category=UserWarning, module="paddle")
    _use_shared_data()

    t0 = time.perf_counter()
    out = Path(args.out).resolve()
    out.mkdir(parents=True, exist_ok=True)
    print(t("install.demo_running", name=NOTEBOOK.name, python=sys.executable,
            mode=t("install.mode_quick") if args.quick else t("install.mode_full")), flush=True)
    try:
        nb, results = run_notebook(NOTEBOOK, out / NOTEBOOK.stem, quick=args.quick)
    except CellExecutionError as exc:
        print("\n" + t("install.demo_stopped", error=str(exc)[-3000:]), file=sys.stderr)
        html = write_html(exc.notebook, out / f"{NOTEBOOK.stem}.html")
        print(t("install.demo_as_far", path=html), file=sys.stderr)
        return 1
    import nbformat

    # Signed as a live run would be: JupyterLab shows a trusted notebook's report styles and
    # SVG graphs, and strips them from an untrusted one.
    from nbformat.sign import NotebookNotary

    NotebookNotary().sign(nb)
    nbformat.write(nb, str(out / NOTEBOOK.name))
    html = write_html(nb, out / f"{NOTEBOOK.stem}.html")
    report = seed_report(str(out))
    print(f"\n{_summary(results)}")
    print("\n" + t("install.demo_finished", s=f"{time.perf_counter() - t0:.1f}"))
    print(t("install.demo_output", html=html, folder=f"{out / NOTEBOOK.stem}/", report=os.path.abspath(report)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
