"""README.md's quick start, run as a reader runs it: each fenced ``python`` block of the
"Quick start in a notebook" section is one notebook cell, run verbatim in a real kernel
on the Paddle this test runs under, on the path plain ``paddle.jit.to_static`` takes
there (the suite's ``D2S_MODE=ast`` taken away). No cell may fail, print a traceback or
show an error box; the first report shows a drawing (SVG and its picture twin)."""
import os
import re
import time

from kernels import d2s_kernel, run_cell
from paths import ROOT

SECTION = "## Quick start in a notebook"


def readme_cells():
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as fh:
        text = fh.read()
    section = text.split(SECTION, 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^```python\n(.*?)^```", section, re.S | re.M)


def test_readme_cells_are_found():
    cells = readme_cells()
    assert cells[0].strip() == "%load_ext d2s_lab" and cells[1].startswith("%%to_static")
    assert any("%d2s_graph" in c for c in cells[2:])


def test_readme_quick_start_runs_in_a_kernel(monkeypatch):
    monkeypatch.delenv("D2S_MODE", raising=False)  # the reader's default path
    cells = readme_cells()
    t0 = time.perf_counter()
    with d2s_kernel() as kc:  # it loads the extension; the README's own %load_ext runs again
        for k, cell in enumerate(cells):
            messages = []
            status, out = run_cell(kc, cell, timeout=120, messages=messages)
            assert status == "ok" and "Traceback (most recent call last)" not in out, f"cell {k}:\n{cell}\n{out[-3000:]}"
            assert 'class="d2s-error' not in out, f"cell {k}:\n{cell}\n{out[-3000:]}"
            # Paddle's own C++ lines (Paddle 3.3.1's oneDNN kernels print
            # ReduceMeanCheckIfOneDNNSupport when %d2s_bench runs the predictor) go to
            # Paddle's log in the result, not to the cell's output as if the user printed them
            streams = "".join(m["content"]["text"] for m in messages if m["msg_type"] == "stream")
            assert "OneDNN" not in streams, f"cell {k}: {streams[-2000:]}"
            if cell.startswith("%%to_static"):  # the first report shows a drawing
                assert "<svg" in out and "<picture of the graph" in out, out[-3000:]
                # no break is listed: no sentence points at one (Paddle 2.6's note)
                assert "each break below" not in out, out[-3000:]
    print(f"\nREADME quick start: {len(cells)} cells in {time.perf_counter() - t0:.1f} s")


def test_a_trailing_comment_on_a_magic_line_is_dropped_as_a_shell_drops_it():
    from d2s_lab.magics.common import without_comment

    assert without_comment("_d2s --depth all        # every op").split() == ["_d2s", "--depth", "all"]
    assert without_comment("--layer enc.layers#2 --x 'a # b'") == "--layer enc.layers#2 --x 'a # b'"
    assert without_comment('--x "a # b"  # c') == '--x "a # b"  '
