"""The CIFAR-10 demo's own training loop (its notebook's ``train``), run for a few steps
under ``%%d2s_watch`` in a real kernel: the report names the demo's converted forward
with its calls, and raises no alert, as none applies to that loop (one input shape,
one instance, no graph break)."""
import json
import re
import textwrap

import pytest

import demo_run
from kernels import d2s_kernel, run_cell

pytestmark = pytest.mark.slow

EPOCHS, BATCHES, PROBE = 1, 4, 20  # the demo's probe: its 20 fixed batches before and after each epoch


def _cells():
    """The demo notebook's code cells, by what they start with."""
    nb = json.loads(demo_run.NOTEBOOK.read_text(encoding="utf-8"))
    return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]


def _cell(cells, start):
    found = [c for c in cells if c.lstrip().startswith(start)]
    assert len(found) == 1, f"the demo notebook has no single cell starting {start!r}"
    return found[0]


@pytest.fixture(scope="module")
def watched(tmp_path_factory):
    env = dict(demo_run.data_env(), D2S_QUICK="1", D2S_OUT=str(tmp_path_factory.mktemp("demo")))
    cells = _cells()
    setup = next(c for c in cells if "QUICK = " in c)
    data = _cell(cells, "from d2s_lab.teaching.datasets import cifar10_file")
    collage = _cell(cells, "def show_collage")
    batches = _cell(cells, "by_class = ")
    net = _cell(cells, "from paddle import nn")
    train = _cell(cells, "PROBE = ")
    assert "\nset_seeds()\ndy_net" in train, "the demo's training cell changed: update this test"
    train_defs = train.split("\nset_seeds()\ndy_net")[0]  # its functions, not its dygraph run
    convert = _cell(cells, "%%to_static")
    with d2s_kernel() as kc:
        status, out = run_cell(kc, f"import os\nos.environ.update({env!r})")
        assert status == "ok", out
        for code in (setup, data, collage, batches, net, train_defs, convert):
            status, out = run_cell(kc, code, timeout=300)
            assert status == "ok", out
        status, out = run_cell(kc, textwrap.dedent(f"""\
            %%d2s_watch --as demo_watch
            static_forward = _d2s.static_function
            history = train(static_forward, static_net.parameters(), epochs={EPOCHS}, batches_per_epoch={BATCHES})
            """), timeout=300)
        assert status == "ok" and "Traceback" not in out, out
        status, facts = run_cell(kc, textwrap.dedent("""\
            import json
            r = demo_watch  # the report, kept under --as
            print(json.dumps({"functions": [[f.name, f.calls] for f in r.functions],
                              "alerts": [a.kind for a in r.alerts], "summary": r.summary(),
                              "losses": len(history["loss"])}))
            """))
        assert status == "ok", facts
        yield out, json.loads(facts.strip().splitlines()[-1])


def test_the_report_names_the_demos_forward_with_its_calls(watched):
    out, facts = watched
    calls = BATCHES * EPOCHS + PROBE * (EPOCHS + 1)
    assert facts["losses"] == BATCHES * EPOCHS, facts
    assert facts["functions"] == [["EmbeddingNet.forward", calls]], facts
    assert "EmbeddingNet.forward" in out and re.search(rf"Watched 1 converted function\(s\) over {calls} call\(s\)", out), out


def test_no_alert_for_the_demos_loop(watched):
    out, facts = watched
    assert facts["alerts"] == [], facts
    # one input shape, converted once by %%to_static before the watch: nothing recompiled,
    # nothing run in dygraph
    assert "0 recompile(s), 0 run(s) in dygraph, 0 alert(s)" in facts["summary"], facts
