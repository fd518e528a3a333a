"""Run the widgets notebook (the report, ``%d2s_steps``, ``%d2s_graph --explore``) with
nbclient in the Python that runs this file, with that environment's own ipywidgets, and
write the executed notebook (no widget state saved, as JupyterLab saves by default):

    build/widgets7/bin/python tests/platform/widget_notebook.py OUT.ipynb

``tests/platform/test_widget_frontends.py`` runs it in the ipywidgets 7 environment
(``make widgets7``) and in the main one (ipywidgets 8) and reads what it wrote.
"""
from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))
from widget_cells import CELLS  # noqa: E402


def main(out: str) -> None:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(c) for c in CELLS]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    # no widget state saved: what a notebook saved by JupyterLab (its default) holds
    NotebookClient(nb, timeout=300, kernel_name="python3", store_widget_state=False,
                   resources={"metadata": {"path": str(Path(out).parent)}}).execute()
    nbformat.write(nb, out)


if __name__ == "__main__":
    main(sys.argv[1])
