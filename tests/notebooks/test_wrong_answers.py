"""Every exercise of every lab, answered with a plausible wrong answer, does not pass its
self-check: the lab runs in a real kernel (quick mode) with each wrong answer tried just
before the right one (the cells from the answer to its check, run twice), on whichever
Paddle this suite runs (3.3.1 and 2.6.2). A check this Paddle cannot answer (SOT on 2.6)
reads "not fully checked" for the right answer too; there the wrong one must not pass."""
import copy
import re

import pytest

from d2s_lab.teaching import handouts as labs

pytestmark = [pytest.mark.notebook, pytest.mark.slow]

# lab -> [(text that finds the exercise's answer cell, replaced text, wrong text[, text of an
# earlier cell the wrong try starts from, where the answer adds to what that cell made])]
WRONG = {
    "01_input_spec": [
        ('spec1 = [InputSpec', '"int64"', '"int32"'),  # token ids as 32-bit integers
        ("spec2 = [", "[0.5, 0.3, 0.2],", 'InputSpec([3], "float32"),'),  # the weights as a tensor
        ("--as ex3", '--example "paddle.randn([2, 16])"', '--input "x: [None, 16] float32"'),  # a spec, not an example
    ],
    "02_control_flow": [
        ("def count_doublings", "while x.abs().sum() < 100:", "for _ in range(3):"),  # a Python loop
        ("def clip_or_scale", "if x.mean() > 0:", "if x.mean().numpy() > 0:"),  # a Python condition
        ('answer3 = "Loop"', '"Loop"', '"IfElse"'),  # another step
    ],
    "03_python_values": [
        ("def polynomial", "--input degree=4", '--input "degree: [1] int64"'),  # degree as a tensor
        ("def normalize", "    return paddle.where(peak > 1.0, x / peak, x)",
         "    if float(peak) > 1.0:\n        x = x / peak\n    return x"),  # still a Python float
    ],
    "04_save_load": [
        ("net2 = Classifier(classes=3)", "InputSpec([None, 16]", "InputSpec([8, 16]"),  # a fixed batch
        ("loaded2 = paddle.jit.load(EX1)", "loaded2(x_check)", "loaded2(paddle.randn(x_check.shape))"),
        ("config2 = inference.Config", "copy_from_cpu(x_check.numpy())", "copy_from_cpu(x_check.numpy() * 0)"),
    ],
    "05_debugging": [
        ("return scores - scores.max(axis=1, keepdim=True)", "keepdim=True", "keepdim=False"),
        ("m = x.mean()", "    m = x.mean()\n    x = paddle.where(m > 0, x - m, x)",
         "    m = x.mean()\n    if m > 0:\n        x = x - m"),  # a tensor if: a graph break
        ('answer3 = "act"', '"act"', '"FastGelu"'),  # the class, not the layer's path
        ("class FastGelu", "        return F.gelu(x)",
         "        if paddle.in_dynamic_mode():\n            return F.gelu(x)\n"
         "        return F.gelu(x, approximate=True)"),  # the fast path kept
    ],
    "06_speed": [
        ("%d2s_bench --batch 1,64", "--batch 1,64", "--batch 1,32"),
        ("fastest = min(", "min(", "max("),  # the slowest
        # auto_cast's default type, float16: no CPU convolution takes it (on every CPU)
        ("class AmpEmbedding", 'auto_cast(level="O1", dtype="bfloat16")', 'auto_cast(level="O1")'),
    ],
    "07_inside_sot": [
        ("guard1 = next(", 'next(g for g in ex1.sot.frames[0].guards if g.startswith("factor =="))',
         'next(g for g in ex1.sot.frames[0].guards if not g.startswith("factor"))'),  # another guard
        ("ex1(x, 3.0)", "ex1(x, 3.0)", "ex1(x, 2.0)"),  # the value it was traced with
        ("ex3(x, paddle.to_tensor(3.0))", "ex3(x, paddle.to_tensor(3.0))\nex3(x, paddle.to_tensor(5.0))",
         "ex3(x, 3.0)\nex3(x, 5.0)", "--as ex3"),  # Python floats; from a fresh ex3 (its calls are counted)
        ('answer4 = "x.shape[0]"', '"x.shape[0]"', '"x.shape[1]"'),
    ],
}
WRONG_TAG = "d2s-wrong-answer"


def test_every_exercise_has_a_wrong_answer():
    for path in labs.lab_files():
        nb = labs.read_lab(path)
        answers = [c for c in nb.cells if labs.SOLUTION_TAG in c.metadata.get("tags", [])]
        assert len(WRONG.get(path.stem, [])) == len(answers), path.stem


def _with_wrong_answers(nb, wrong):
    """``nb`` with, before each answer cell, a copy of the cells from it to its check with
    the answer made wrong; the copied check cells are tagged :data:`WRONG_TAG`."""
    cells = list(nb.cells)
    out, k = [], 0
    while k < len(cells):
        cell = cells[k]
        hit = next((w for w in wrong if labs.SOLUTION_TAG in cell.metadata.get("tags", []) and w[0] in cell.source),
                   None)
        if hit is None:
            out.append(cell)
            k += 1
            continue
        _, old, new, *since = hit
        assert old in cell.source, (hit, cell.source)
        start = max(j for j in range(k) if since[0] in cells[j].source) if since else k
        end = next(j for j in range(k + 1, len(cells)) if labs.CHECK_TAG in cells[j].metadata.get("tags", []))
        block = [copy.deepcopy(c) for c in cells[start:end + 1]]
        block[k - start].source = cell.source.replace(old, new)
        block[-1].metadata.setdefault("tags", []).append(WRONG_TAG)
        out = out[:len(out) - (k - start)] + block + cells[start:end + 1]
        k = end + 1
    nb = copy.deepcopy(nb)
    nb.cells = out
    return nb


def _verdict(cell) -> str:
    html = " ".join(str(o.get("data", {}).get("text/html", "")) for o in cell.get("outputs", []))
    found = re.search(r'class="d2s-lab-check d2s-lab-(pass|fail|partial)"', html)
    return found.group(1) if found else "none"


@pytest.mark.parametrize("stem", sorted(WRONG))
def test_a_wrong_answer_never_passes(stem, tmp_path):
    (path,) = [p for p in labs.lab_files() if p.stem == stem]
    teacher = labs.without_markers(labs.localize(labs.read_lab(path), "en"))
    nb = _with_wrong_answers(teacher, WRONG[stem])
    executed, _ = labs.execute(nb, tmp_path, quick=True, progress=False, allow_errors=True)
    checks = [c for c in executed.cells if c.cell_type == "code" and labs.CHECK_TAG in c.metadata.get("tags", [])]
    pairs = []  # (wrong answer's verdict, right answer's verdict), in exercise order
    for i, cell in enumerate(checks):
        if WRONG_TAG in cell.metadata.get("tags", []):
            pairs.append((_verdict(cell), _verdict(checks[i + 1])))
    assert len(pairs) == len(WRONG[stem])
    for (wrong, right), (marker, _, new, *_) in zip(pairs, WRONG[stem]):
        assert right in ("pass", "partial"), (stem, marker, right)
        if right == "pass":
            assert wrong == "fail", (stem, marker, new, wrong)
        else:  # this Paddle cannot check all of it (SOT on 2.6): the wrong answer still does not pass
            assert wrong in ("fail", "partial"), (stem, marker, new, wrong)
