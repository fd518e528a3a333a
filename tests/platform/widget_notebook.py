"""Run the widgets notebook (the report, ``%d2s_steps``, ``%d2s_graph --explore``) with
nbclient in the Python that runs this file, with that environment's own ipywidgets, and
write the executed notebook (no widget state saved, as JupyterLab saves by default):

    build/widgets7/bin/python tests/platform/widget_notebook.py OUT.ipynb [WHEEL_DIR]

With WHEEL_DIR (d2s_lab installed there from its wheel, ``pip install --target``), the
kernel imports d2s_lab from it: WHEEL_DIR goes first on the kernel's PYTHONPATH, and the
first cell fails unless ``d2s_lab.__file__`` lies inside it (not the source tree, nor an
editable install). ``tests/platform/test_widget_frontends.py`` runs this in the
ipywidgets 7 environment (``make widgets7``) and in the main one (ipywidgets 8).
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))
from widget_cells import CELLS  # noqa: E402

# Appended to the first cell when a wheel directory is given: prints where d2s_lab came
# from and stops the run if that is not the wheel's install.
WHERE = """
import os, d2s_lab
print('d2s_lab', d2s_lab.__file__)
assert os.path.realpath(d2s_lab.__file__).startswith(os.path.realpath({wheel_dir!r}) + os.sep), d2s_lab.__file__
"""


def main(out: str, wheel_dir: str | None = None) -> None:
    cells = list(CELLS)
    if wheel_dir:
        # the kernel inherits this environment: its sys.path starts with the wheel's files,
        # ahead of site-packages (and of an editable finder, which comes after the path)
        os.environ["PYTHONPATH"] = os.pathsep.join(
            [wheel_dir] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p])
        cells[0] += WHERE.format(wheel_dir=wheel_dir)
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(c) for c in cells]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    # no widget state saved: what a notebook saved by JupyterLab (its default) holds
    NotebookClient(nb, timeout=300, kernel_name="python3", store_widget_state=False,
                   resources={"metadata": {"path": str(Path(out).parent)}}).execute()
    nbformat.write(nb, out)


if __name__ == "__main__":
    main(*sys.argv[1:3])
