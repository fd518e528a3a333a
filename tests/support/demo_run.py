"""The demo notebook (d2s_lab/teaching/notebooks/cifar10_image_search.ipynb) and the
CIFAR-10 archive it reads, as the notebook and browser tests find them."""
import json
import os
from pathlib import Path

import pytest

import paths

NOTEBOOK = Path(paths.ROOT) / "d2s_lab" / "teaching" / "notebooks" / "cifar10_image_search.ipynb"
SHARED_DATA = Path(paths.SHARED_CIFAR10)  # what .ci/run uses


def data_env() -> dict:
    """D2S_CIFAR10 as CI sets it. Skips (saying why) only when D2S_CIFAR10 is unset and
    no data is found; a D2S_CIFAR10 naming no file fails in the notebook, with its message."""
    from d2s_lab.teaching.datasets import ENV_VAR, paddle_cache_file

    if os.environ.get(ENV_VAR):
        return {}
    if SHARED_DATA.is_file():
        return {ENV_VAR: str(SHARED_DATA)}
    if os.path.isfile(paddle_cache_file()):
        return {}
    pytest.skip(f"CIFAR-10 not found: set {ENV_VAR}=/path/to/cifar-10-python.tar.gz "
                f"(CI uses {SHARED_DATA}) to run the notebook tests.")


def quick_run(out: Path):
    """What ``make demo`` runs (``d2s_lab.teaching.demo.main --quick``), into ``out``:
    (executed notebook, results.json, notebook output dir, demo output dir)."""
    import nbformat

    from d2s_lab.teaching.demo import main

    env = data_env()
    saved = {k: os.environ.get(k) for k in ("D2S_CIFAR10", "D2S_QUICK", "D2S_OUT")}
    os.environ.update(env)
    try:
        rc = main(["--quick", "--out", str(out)])
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    assert rc == 0
    nb = nbformat.read(str(out / NOTEBOOK.name), as_version=4)
    nb_out = out / NOTEBOOK.stem
    results = json.loads((nb_out / "results.json").read_text())
    return nb, results, nb_out, out
