"""The demo notebook (d2s_lab/teaching/notebooks/cifar10_image_search.ipynb), run in quick mode
(D2S_QUICK=1) through a real kernel once, as ``python -m d2s_lab.teaching.demo --quick`` runs it
(nbclient, HTML export): no cell may leave an error, and the assertions read its results.json.
That run is the session's ``demo_run``, whose HTML export the browser tests open too."""
import sys
from pathlib import Path

import pytest

import paths
from demo_run import NOTEBOOK
from versions import PROGRAM_SUFFIX, full_op

ROOT = Path(paths.ROOT)


@pytest.fixture(scope="module")
def executed(demo_run):
    """The session's one quick demo run (``demo_run`` in tests/conftest.py, shared with the
    browser tests): (executed notebook, results.json, notebook output dir, demo output dir)."""
    return demo_run


def test_quick_run_learns_and_exports(executed):
    _, results, out, _ = executed
    assert results["mode"] == "quick" and results["epochs"] * results["batches_per_epoch"] <= 100
    assert results["python"] == sys.executable  # the kernel ran on this venv's Python
    for name in ("dygraph", "to_static"):
        r = results[name]
        # probe loss: fixed training pairs, before and after training
        assert r["loss_end"] < r["loss_start"] - 0.02, (name, r)
        assert r["precision_at_10"] > 0.1, (name, r)
        assert r["ms_per_step"] > 0
    # same weights, same batches: the static model learns exactly what the dygraph one does
    assert abs(results["dygraph"]["loss_end"] - results["to_static"]["loss_end"]) < 1e-4
    assert results["max_abs_diff"]["jit_load"] < 1e-5
    assert results["max_abs_diff"]["predictor"] < 1e-5
    assert {"embedding_net" + PROGRAM_SUFFIX, "embedding_net.pdiparams"} <= set(results["exported_files"])
    assert {"eager", "to_static", "predictor"} <= set(results["forward_ms"]["20"])
    for png in ("loss_curves.png", "retrieval.png", "speed.png"):
        assert (out / png).stat().st_size > 1000, png


def test_demo_html_shows_each_stage(executed):
    nb, _, _, demo_out = executed
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    images = [o for o in outputs if "image/png" in o.get("data", {})]
    assert len(images) >= 4  # samples, a pair batch, loss curves, retrieval collage
    html = (demo_out / f"{NOTEBOOK.stem}.html").read_text(encoding="utf-8")
    assert full_op("conv2d") in html  # the %%to_static report's op table
    assert html.count("<svg") >= 2  # the report's graph and _d2s.graph(depth="all")
    assert "precision@10" in html and "data:image/png;base64" in html
    assert (demo_out / "seed_report.html").is_file()
    # signed like a live run, so JupyterLab keeps the report's styles and SVG
    from nbformat.sign import NotebookNotary

    assert NotebookNotary().check_signature(nb)


def test_committed_notebook_has_no_outputs():
    import nbformat

    nb = nbformat.read(str(NOTEBOOK), as_version=4)
    stale = [i for i, c in enumerate(nb.cells)
             if c.cell_type == "code" and (c.outputs or c.execution_count is not None)]
    assert not stale, f"commit the notebook with outputs cleared (cells {stale})"
    assert nb.metadata["kernelspec"]["name"] == "d2s_lab"


def test_cifar10_file_from_env(monkeypatch, tmp_path):
    from d2s_lab.teaching.datasets import cifar10_file

    f = tmp_path / "cifar-10-python.tar.gz"
    f.write_bytes(b"x")
    monkeypatch.setenv("D2S_CIFAR10", str(f))
    assert cifar10_file() == str(f)


def test_missing_data_is_a_short_message_in_ipython(shell, monkeypatch, tmp_path):
    monkeypatch.setenv("D2S_CIFAR10", str(tmp_path / "nope" / "<script>.tar.gz"))
    res, htmls, out = shell.run("from d2s_lab.teaching.datasets import cifar10_file\ncifar10_file()")
    assert not res.success  # the cell failed: one box says what to do, one line ends the cell
    box = " ".join(htmls)
    assert "D2S_CIFAR10 is set to" in box and "cifar-10-python.tar.gz" in box and "&lt;script&gt;" in box
    assert "DataMissing" in out and len(out.strip().splitlines()) == 1
    assert "Traceback" not in out + box and "datasets.py" not in out + box


def test_offline_without_data_says_how_to_provide_it(monkeypatch, tmp_path):
    import d2s_lab.teaching.datasets as ds

    monkeypatch.delenv("D2S_CIFAR10", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))  # an empty Paddle cache
    monkeypatch.setattr(ds, "_URL", "https://127.0.0.1:9/cifar-10-python.tar.gz")  # nothing listens
    with pytest.raises(ds.DataMissing) as err:
        ds.cifar10_file(timeout=1.0)
    assert "cannot be reached" in err.value.message
    assert "D2S_CIFAR10=" in err.value.hint and str(tmp_path) in err.value.hint
