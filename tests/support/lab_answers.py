"""Every lab run once per suite with a plausible wrong answer tried just before each right
one (the cells from the answer to its check, run twice): the wrong answers must not pass
(tests/notebooks/test_wrong_answers.py), and the right answers, run after them, must
(tests/notebooks/test_labs.py), so one run of each lab serves both."""
import copy
import time

from d2s_lab.teaching import handouts as labs

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
    "08_where_time_goes": [
        ("answer1 = max(", "max(prof1.breaks,", "min([b for b in prof1.breaks if b.ms > 0],"),  # the cheapest
        ("def encode2",  # the print removed, the NumPy detour kept
         'print("encoded", x.shape, end="\\r")\n    for w in WS[5:10]:\n        x = paddle.tanh(x @ w)\n'
         "    x = paddle.tanh(x @ UP_T) @ DOWN_T",
         "for w in WS[5:10]:\n        x = paddle.tanh(x @ w)\n    h = np.tanh(x.numpy() @ UP) @ DOWN\n"
         "    x = paddle.to_tensor(h)"),
        ("fastest3 = min(", "min(", "max("),  # the slowest path
        ("phase4 = max(", "max(", "min("),  # the phase that takes the least
    ],
}
# Labs run once per suite, here (their wrong answers, then their right ones): the slower
# labs, whose profiles time calls. Their student copies and Chinese nbgrader submissions
# are not run again (tests/notebooks/test_labs.py, test_course.py): their blank and
# Chinese feedback is checked on plain data (test_labs.py's profile checks).
RUN_ONCE = frozenset({"08_where_time_goes"})
WRONG_TAG = "d2s-wrong-answer"  # a wrong try's check
TRY_TAG = "d2s-wrong-try"  # every cell of a wrong try


def with_wrong_answers(nb, wrong):
    """``nb`` with, before each answer cell, a copy of the cells from it to its check with
    the answer made wrong; the copies are tagged :data:`TRY_TAG`, their check :data:`WRONG_TAG`."""
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
        for c in block:
            c.metadata.setdefault("tags", []).append(TRY_TAG)
        block[-1].metadata["tags"].append(WRONG_TAG)
        out = out[:len(out) - (k - start)] + block + cells[start:end + 1]
        k = end + 1
    nb = copy.deepcopy(nb)
    nb.cells = out
    return nb


def run_with_wrong_answers(stem: str, work_dir):
    """Lab ``stem`` (the teacher's copy, in English) with each wrong answer before its right
    one, run in a fresh kernel in quick mode: ``(executed notebook, seconds)``."""
    (path,) = [p for p in labs.lab_files() if p.stem == stem]
    teacher = labs.without_markers(labs.localize(labs.read_lab(path), "en"))
    t0 = time.perf_counter()
    executed, _ = labs.execute(with_wrong_answers(teacher, WRONG[stem]), work_dir, quick=True, progress=False,
                               allow_errors=True)
    return executed, time.perf_counter() - t0


def in_wrong_tries(cell) -> bool:
    """Whether ``cell`` is one of a wrong try's cells (its answer, the cells after it, its check)."""
    return TRY_TAG in cell.metadata.get("tags", [])
