"""Every exercise of every lab, answered with a plausible wrong answer, does not pass its
self-check: the lab runs in a real kernel (quick mode) with each wrong answer tried just
before the right one (the cells from the answer to its check, run twice), on whichever
Paddle this suite runs (3.3.1 and 2.6.2). A check this Paddle cannot answer (SOT on 2.6)
reads "not fully checked" for the right answer too; there the wrong one must not pass.
The runs (tests/support/lab_answers.py) are the session's ``lab_runs``: the labs' own test
reads the right answers' checks from them."""
import pytest

from d2s_lab.teaching import handouts as labs
from d2s_lab.teaching.checks import cell_records, record_messages
from lab_answers import WRONG, WRONG_TAG

pytestmark = [pytest.mark.notebook, pytest.mark.slow]


def test_every_exercise_has_a_wrong_answer():
    for path in labs.lab_files():
        nb = labs.read_lab(path)
        answers = [c for c in nb.cells if labs.SOLUTION_TAG in c.metadata.get("tags", [])]
        assert len(WRONG.get(path.stem, [])) == len(answers), path.stem


@pytest.mark.parametrize("stem", sorted(WRONG))
def test_a_wrong_answer_never_passes(stem, lab_runs):
    executed, _ = lab_runs[stem]
    checks = [c for c in executed.cells if c.cell_type == "code" and labs.CHECK_TAG in c.metadata.get("tags", [])]
    pairs = []  # (wrong answer's record, right answer's record), in exercise order
    for i, cell in enumerate(checks):
        if WRONG_TAG in cell.metadata.get("tags", []):
            pairs.append((_record(cell), _record(checks[i + 1])))
    assert len(pairs) == len(WRONG[stem])
    for (wrong, right), (marker, _, new, *_) in zip(pairs, WRONG[stem]):
        assert right["verdict"] in ("pass", "partial"), (stem, marker, right)
        if right["verdict"] == "pass":
            assert wrong["verdict"] == "fail", (stem, marker, new, wrong)
        else:  # this Paddle cannot check all of it (SOT on 2.6): the wrong answer still does not pass
            assert wrong["verdict"] in ("fail", "partial"), (stem, marker, new, wrong)
        assert wrong["exercise"] == right["exercise"] and wrong["lang"] == right["lang"] == "en"
        if wrong["verdict"] == "fail":  # it says what is not right yet
            assert record_messages(wrong) and not all(i["ok"] for i in wrong["items"]), (stem, marker, wrong)


def _record(cell):
    """The JSON record (application/vnd.d2s-lab.check+json) the check cell's box saved."""
    records = cell_records(cell)
    assert len(records) == 1, (cell.source, cell.outputs)
    return records[0]
