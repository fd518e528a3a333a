"""``make test-platform``: the wheel as a teaching platform gets it.

A Python 3.10 venv stands for the platform: its own Paddle (paddlepaddle 2.6.2,
numpy<2), ipykernel and nbclient, installed first. Then the wheel from dist/ goes in
without the paddle extra, and this checks that

* installing it changes no package that was there (Paddle's version above all);
* ``d2s-lab labs --out DIR`` writes the six labs' student and teacher copies in both
  languages, for the python3 kernel;
* a smoke notebook (``%load_ext d2s_lab``, ``%%to_static`` on a small Layer by
  Paddle's default path, which names it, and with ``--mode ast``, ``%d2s_graph``,
  ``%d2s_bench --batch 1``, a lab self-check) and labs 6 (speed) and 7 (inside SOT, in Chinese) run
  in a kernel of that venv with no error output; the benchmark names the extra that
  draws its chart and the one that adds the ONNX column;
* ``pip freeze`` after all that equals ``pip freeze`` after the install: nothing is
  installed at run time.

The platform venv is kept (``build/platform-py310``, with a stamp) so a second run only
reinstalls the wheel; the last run's labs and executed notebooks stay in its ``last-run/``. Without a Python 3.10 (pyenv's ``versions/3.10.*``, or
``$PLATFORM_PYTHON``) it says so and exits 0.

    python tests/platform/platform_smoke.py --wheel dist/d2s_lab-0.1.0-py3-none-any.whl
"""
from __future__ import annotations

import argparse
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# What the platform has before d2s_lab: its Paddle, a kernel, a notebook runner, and an
# older Jupyter (JupyterLab 3.6 with the ipywidgets 7 widget manager, nbgrader 0.8).
PLATFORM_JUPYTER = ["jupyterlab==3.6.8", "notebook==6.5.7", "ipywidgets==7.8.5", "jupyterlab_widgets==1.1.11",
                    "widgetsnbextension==3.6.10", "nbgrader==0.8.5"]
PLATFORM_PACKAGES = ["paddlepaddle==2.6.2", "numpy<2", "ipykernel", "nbclient", *PLATFORM_JUPYTER]
# Installing an extra on that platform must leave these as they are.
KEPT = ["jupyterlab", "notebook", "ipywidgets", "jupyterlab-widgets", "widgetsnbextension", "nbgrader",
        "jupyter-server", "ipykernel", "paddlepaddle", "numpy"]
EXTRAS = ["widgets", "course", "notebook", "bench"]
STAMP = ".platform-installed"

SMOKE_CELLS = [
    "import paddle\nfrom paddle import nn\nfrom d2s_lab import lab\n%load_ext d2s_lab\n%d2s_lang en",
    '%%to_static --input "x: [None, 4] float32"\n'
    "class Tiny(nn.Layer):\n"
    "    def __init__(self):\n"
    "        super().__init__()\n"
    "        self.fc = nn.Linear(4, 2)\n\n"
    "    def forward(self, x):\n"
    "        return paddle.nn.functional.relu(self.fc(x))\n\n"
    "net = Tiny()",
    '%%to_static --mode ast --input "x: [None, 4] float32" --as ast_net\nnet_ast = Tiny()',
    "%d2s_graph ast_net --depth all",
    "%d2s_bench --batch 1 --repeat 2 --min-time 0",
    '%%to_static --input "x: [None, 4] float32" --as ex1\nnet2 = Tiny()',
    'lab.expect("ex1").converted().output(shape=[None, 2])',
]


def say(msg: str) -> None:
    print(f"[platform] {msg}", flush=True)


def fail(msg: str) -> int:
    print(f"[platform] FAILED: {msg}", file=sys.stderr, flush=True)
    return 1


def find_python310() -> str | None:
    if os.environ.get("PLATFORM_PYTHON"):
        return os.environ["PLATFORM_PYTHON"]
    roots = [os.environ.get("PYENV_ROOT", "")]
    try:
        roots.append(subprocess.run(["pyenv", "root"], capture_output=True, text=True, check=True).stdout.strip())
    except (OSError, subprocess.CalledProcessError):
        pass
    roots.append(os.path.expanduser("~/.pyenv"))
    for root in filter(None, roots):
        found = sorted(glob.glob(os.path.join(root, "versions", "3.10.*", "bin", "python")))
        if found:
            return found[-1]
    return None


def run(cmd, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([str(c) for c in cmd], text=True, **kw)


def pip_install(py: Path, *what) -> None:
    """pip install, quiet: its output is shown only when it fails."""
    proc = run([py, "-m", "pip", "install", "-q", *what], capture_output=True)
    if proc.returncode:
        sys.stderr.write(proc.stdout[-3000:] + proc.stderr[-3000:])
        raise SystemExit(f"[platform] FAILED: pip install {' '.join(map(str, what))}")


def freeze(py: Path) -> dict:
    out = run([py, "-m", "pip", "freeze", "--all"], capture_output=True, check=True).stdout
    pins = {}
    for line in out.splitlines():
        name, sep, version = line.partition("==")
        if not sep:
            name, _, version = line.partition(" @ ")
        pins[name.strip().lower().replace("_", "-")] = version.strip()
    return pins


def changed(before: dict, after: dict) -> list:
    return [f"{k} {before[k]} -> {after.get(k, '(removed)')}" for k in sorted(before) if after.get(k) != before[k]]


def check_wheel(wheel: Path) -> str | None:
    """What the wheel lacks of the tracked package (code, labs, demo notebook), or None."""
    names = set(zipfile.ZipFile(wheel).namelist())
    tracked = run(["git", "ls-files", "d2s_lab"], cwd=ROOT, capture_output=True).stdout.split()
    want = [p for p in tracked if p.endswith((".py", ".ipynb"))] or ["d2s_lab/__init__.py"]
    missing = [p for p in want if p not in names]
    labs = [n for n in names if n.startswith("d2s_lab/teaching/notebooks/labs/") and n.endswith(".ipynb")]
    if len(labs) < 6:
        missing.append(f"six lab notebooks (found {len(labs)})")
    return ", ".join(missing[:10]) or None


def extras_keep_the_platform(py: Path, wheel: Path, installed: dict) -> str | None:
    """What pip would change of the platform's Jupyter and Paddle (:data:`KEPT`) to add
    each extra (``pip install --dry-run``: resolved against the package index, nothing
    installed), or None when every extra keeps them."""
    for extra in EXTRAS:
        report = Path(tempfile.mkdtemp()) / "report.json"
        proc = run([py, "-m", "pip", "install", "-q", "--dry-run", "--report", report, f"{wheel}[{extra}]"],
                   capture_output=True)
        if proc.returncode:
            return f"pip could not resolve d2s_lab[{extra}] here: {proc.stderr[-1500:]}"
        plan = json.loads(report.read_text(encoding="utf-8"))["install"]
        names = {i["metadata"]["name"].lower().replace("_", "-"): i["metadata"]["version"] for i in plan}
        touched = [f"{k} {installed[k]} -> {names[k]}" for k in KEPT if k in names and k in installed]
        if touched:
            return f"d2s_lab[{extra}] would change the platform's " + "; ".join(touched)
        say(f"d2s_lab[{extra}] keeps the platform's Jupyter and Paddle; it would add "
            + (", ".join(sorted(k for k in names if k != "d2s-lab")) or "nothing"))
    return None


def platform_venv(python: str, venv: Path) -> Path:
    py = venv / "bin" / "python"
    want = json.dumps({"python": python, "packages": PLATFORM_PACKAGES})
    stamp = venv / STAMP
    if py.exists() and stamp.exists() and stamp.read_text() == want:
        say(f"platform venv cached: {venv}")
        return py
    shutil.rmtree(venv, ignore_errors=True)
    say(f"creating the platform venv ({python}): {' '.join(PLATFORM_PACKAGES)}")
    run([python, "-m", "venv", venv], check=True)
    pip_install(py, "--upgrade", "pip")
    # the platform's own packages, put there as its image has them: by uv where the suite's
    # environment has it (a tenth of pip's time), else pip; the wheel goes in by pip, as users do
    uv = Path(sys.executable).with_name("uv")
    if not uv.exists() or run([uv, "pip", "install", "-q", "--compile-bytecode", "--python", py,
                               *PLATFORM_PACKAGES]).returncode:
        pip_install(py, *PLATFORM_PACKAGES)
    stamp.write_text(want)
    return py


def inside(args) -> int:
    """Run in the platform venv: the smoke notebook and labs 6 and 7, in kernels of this Python."""
    import nbformat
    from nbclient import NotebookClient

    from d2s_lab.teaching.demo import venv_kernel_manager
    from d2s_lab.teaching.handouts import check_verdict

    work = Path(args.work)
    env = dict(os.environ, D2S_QUICK="1", D2S_OUT=str(work), GLOG_minloglevel="2")

    def execute(nb, name):
        t0 = time.perf_counter()
        NotebookClient(nb, km=venv_kernel_manager(), timeout=600, allow_errors=True,
                       resources={"metadata": {"path": str(work)}}).execute(env=env, cleanup_kc=True)
        nbformat.write(nb, str(work / f"{name}.executed.ipynb"))
        problems = []
        for k, c in enumerate(x for x in nb.cells if x.cell_type == "code"):
            for o in c.outputs:
                text = json.dumps(o)
                if o.get("output_type") == "error" or "Traceback (most recent call last)" in text:
                    problems.append(f"{name} cell {k + 1}: {o.get('ename', '')} {text[:600]}")
        say(f"{name}: {len(nb.cells)} cells in {time.perf_counter() - t0:.1f} s")
        return problems

    smoke = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(s) for s in SMOKE_CELLS])
    problems = execute(smoke, "smoke")
    shown = json.dumps([c.outputs for c in smoke.cells])
    # the default conversion names its path (Paddle 2.6 under Python 3.10: SOT), the AST
    # conversion and %d2s_graph draw the Program, and the bench names the extra it lacks
    for needed in ("plain paddle.jit.to_static", 'd2s_lab[bench]', "<svg"):
        if needed not in shown:
            problems.append(f"smoke: the outputs never show {needed!r}")
    verdict = check_verdict(smoke.cells[-1])
    if verdict not in ("pass", "partial"):
        problems.append(f"smoke: the self-check says {verdict}")
    # lab 6 (the runtimes) and lab 7 (SOT's translated code, guards and recompiles), whose
    # views lean on this Paddle's own internals
    for stem in ("06_speed.en", "07_inside_sot.zh"):
        lab = nbformat.read(str(Path(args.labs) / "teacher" / f"{stem}.ipynb"), as_version=4)
        problems += execute(lab, f"lab {stem} (teacher copy, quick)")
        checks = [check_verdict(c) for c in lab.cells if "check" in c.metadata.get("tags", [])]
        if not checks or any(v not in ("pass", "partial") for v in checks):
            problems.append(f"lab {stem}: self-checks {checks}")
    for p in problems:
        print(f"[platform] {p}", file=sys.stderr)
    return 1 if problems else 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wheel", help="the wheel to install (default: the newest dist/*.whl)")
    parser.add_argument("--venv", default=str(ROOT / "build" / "platform-py310"))
    parser.add_argument("--inside", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--work", help=argparse.SUPPRESS)
    parser.add_argument("--labs", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.inside:
        return inside(args)
    t0 = time.perf_counter()
    wheels = [args.wheel] if args.wheel else sorted(glob.glob(str(ROOT / "dist" / "*.whl")), key=os.path.getmtime)
    if not wheels or not os.path.isfile(wheels[-1]):
        return fail("no wheel: run make dist first")
    wheel = Path(wheels[-1]).resolve()
    lacking = check_wheel(wheel)
    if lacking:
        return fail(f"{wheel.name} lacks {lacking}")
    say(f"{wheel.name}: {wheel.stat().st_size / 1024:.0f} KiB, package code, labs and demo notebook present")
    python = find_python310()
    if not python:
        say("SKIPPED: no Python 3.10 found (pyenv versions/3.10.*; or set PLATFORM_PYTHON)")
        return 0
    py = platform_venv(python, Path(args.venv))
    run([py, "-m", "pip", "uninstall", "-q", "-y", "d2s_lab"], capture_output=True)
    before = freeze(py)
    say(f"platform: Paddle {before.get('paddlepaddle')}, numpy {before.get('numpy')}; installing the wheel "
        "without extras")
    pip_install(py, wheel)
    installed = freeze(py)
    if changed(before, installed):
        return fail("installing d2s_lab changed the platform's packages: " + "; ".join(changed(before, installed)))
    added = sorted(set(installed) - set(before) - {"d2s-lab"})
    say("Paddle unchanged; the wheel added " + (", ".join(added) if added else "nothing but d2s_lab"))
    problem = extras_keep_the_platform(py, wheel, installed)
    if problem:
        return fail(problem)
    # The run's files stay for a look afterwards: the labs written, the executed notebooks.
    tmp = Path(args.venv) / "last-run"
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir()
    labs = Path(tmp) / "labs"
    proc = run([py.parent / "d2s-lab", "labs", "--out", labs], cwd=tmp, capture_output=True)
    if proc.returncode:
        return fail(f"d2s-lab labs: {proc.stdout}{proc.stderr}")
    n_labs = len(list((ROOT / "d2s_lab" / "teaching" / "notebooks" / "labs").glob("*.ipynb")))
    for kind in ("student", "teacher"):
        got = sorted(p.name for p in (labs / kind).glob("*.ipynb"))
        if len(got) != 2 * n_labs or {n.split(".")[1] for n in got} != {"en", "zh"}:
            return fail(f"d2s-lab labs wrote {kind}/ {got}")
        spec = json.loads((labs / kind / got[0]).read_text(encoding="utf-8"))["metadata"]["kernelspec"]
        if spec.get("name") != "python3":
            return fail(f"{kind}/{got[0]} asks for kernel {spec}")
    say(f"d2s-lab labs: {n_labs} labs x 2 languages, student and teacher copies, python3 kernel")
    work = Path(tmp) / "work"
    work.mkdir()
    proc = run([py, Path(__file__).resolve(), "--inside", "--work", work, "--labs", labs], cwd=tmp)
    if proc.returncode:
        return fail("the smoke notebook or a lab showed errors (above)")
    after = freeze(py)
    if after != installed:
        diff = changed(installed, after) + [f"{k} added" for k in sorted(set(after) - set(installed))]
        return fail("pip freeze changed while d2s_lab ran: " + "; ".join(diff))
    say(f"pip freeze unchanged by the run. Passed in {time.perf_counter() - t0:.0f} s.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
