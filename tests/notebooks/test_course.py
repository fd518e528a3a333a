"""The labs as an nbgrader course (``d2s-lab labs --nbgrader``) graded by nbgrader's own
commands: ``nbgrader generate_assignment`` releases every lab with the answers stripped as
the student copies are; ``nbgrader autograde`` scores a blank submission 0 and a solved one
full marks with the labs' self-checks (quick mode, real kernels); the class report
(``d2s-lab labs report``) counts who passed each exercise and who has not attempted it.
Also the self-checks' nbgrader mode (``Expectation.graded``) and the report from a folder
of collected notebooks, on their own."""
import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from d2s_lab.cli import main as cli
from d2s_lab.teaching import class_report, course
from d2s_lab.teaching import handouts as labs
from d2s_lab.teaching.checks import CheckLine, CheckNotPassed, Expectation

BOB = "<img src=x onerror=alert(1)>bob"  # a folder name is student-controlled
LABS = [p.stem for p in labs.lab_files()]
# Every lab in English; one lab in Chinese too (the placeholder, the messages).
ASSIGNMENTS = [course.assignment_name(s, "en") for s in LABS] + [course.assignment_name(LABS[1], "zh")]
NBGRADER = Path(sys.executable).with_name("nbgrader")


def _nbgrader(args, cwd):
    env = dict(os.environ, D2S_QUICK="1", GLOG_minloglevel="2",
               PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")
    res = subprocess.run([str(NBGRADER), *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=1200)
    assert res.returncode == 0, f"nbgrader {' '.join(args)} failed:\n{res.stdout[-3000:]}\n{res.stderr[-3000:]}"
    return res


def _grading(cell):
    return cell.metadata.get("nbgrader", {})


@pytest.fixture(scope="module")
def graded_course(tmp_path_factory):
    """A course of every lab, released by nbgrader, with a blank and a solved submission
    of each, autograded by nbgrader."""
    if importlib.util.find_spec("nbgrader") is None or not NBGRADER.exists():
        pytest.skip("nbgrader is not installed (pip install -r requirements/test.txt, or d2s_lab[course])")
    root = tmp_path_factory.mktemp("course")
    assert cli(["labs", "--nbgrader", str(root), "--lang", "en,zh"]) == 0
    for name in ASSIGNMENTS:
        _nbgrader(["generate_assignment", name], root)
        for student, folder in (("blank", "release"), ("solved", "source")):
            target = root / "submitted" / student / name
            target.mkdir(parents=True)
            shutil.copy(root / folder / name / f"{name}.ipynb", target / f"{name}.ipynb")
        _nbgrader(["autograde", name], root)
    return root


pytestmark = [pytest.mark.notebook]


@pytest.mark.slow
def test_release_strips_answers_as_the_student_copies_do(graded_course):
    for name in ASSIGNMENTS:
        stem, lang = name.rsplit(".", 1)
        released = nbformat.read(str(graded_course / "release" / name / f"{name}.ipynb"), as_version=4)
        student = labs.student_copy(labs.localize(labs.read_lab(labs.LABS_DIR / f"{stem}.ipynb"), lang), lang)
        answers = [c.source for c in released.cells if _grading(c).get("solution")]
        assert answers == [c.source for c in student.cells if "exercise" in c.metadata.get("tags", [])], name
        assert all(labs.BEGIN not in c.source for c in released.cells), name
        checks = [c for c in released.cells if _grading(c).get("grade")]
        assert len(checks) == len([c for c in student.cells if labs.CHECK_TAG in c.metadata.get("tags", [])])
        assert all(_grading(c)["points"] == course.POINTS and _grading(c)["locked"] for c in checks)
        assert all(c.source.rstrip().endswith(".graded()") for c in checks)
        # the lab's text and given code are read-only
        others = [c for c in released.cells if not _grading(c).get("solution") and not _grading(c).get("grade")]
        assert others and all(_grading(c)["locked"] for c in others), name
    zh = nbformat.read(str(graded_course / "release" / ASSIGNMENTS[-1] / f"{ASSIGNMENTS[-1]}.ipynb"), as_version=4)
    assert any("在这里写你的代码" in c.source for c in zh.cells if _grading(c).get("solution"))


@pytest.mark.slow
def test_autograde_scores_blank_zero_and_solved_full_marks(graded_course):
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{graded_course / 'gradebook.db'}") as gb:
        for name in ASSIGNMENTS:
            blank, solved = gb.find_submission(name, "blank"), gb.find_submission(name, "solved")
            assert solved.max_score > 0, name
            assert blank.score == 0, (name, blank.score)
            assert solved.score == solved.max_score, (name, solved.score, solved.max_score)


@pytest.mark.slow
def test_failing_checks_raise_the_kind_message_never_the_answer(graded_course):
    name = ASSIGNMENTS[1]  # lab 2: its third answer is a step's name
    nb = nbformat.read(str(graded_course / "autograded" / "blank" / name / f"{name}.ipynb"), as_version=4)
    errors = [o for c in nb.cells if _grading(c).get("grade") for o in c.outputs if o.output_type == "error"]
    assert len(errors) == 3
    assert {e.ename for e in errors} == {"CheckNotPassed"}
    assert all("Self-check" in e.evalue and "✘" in e.evalue for e in errors)
    assert not any("Loop" in e.evalue or "Traceback" in "".join(e.traceback) for e in errors)
    zh = ASSIGNMENTS[-1]
    nb = nbformat.read(str(graded_course / "autograded" / "blank" / zh / f"{zh}.ipynb"), as_version=4)
    errors = [o for c in nb.cells if _grading(c).get("grade") for o in c.outputs if o.output_type == "error"]
    assert errors and all(re.search(r"[\u4e00-\u9fff]", e.evalue) for e in errors)


@pytest.mark.slow
def test_class_report_counts_each_exercise(graded_course, capsys):
    assert cli(["labs", "report", str(graded_course)]) == 0
    page = (graded_course / class_report.REPORT_NAME).read_text(encoding="utf-8")
    assert "<script" not in page and page.count("<svg") == len(ASSIGNMENTS)
    reports = {r.name: r for r in class_report.collect(graded_course)}
    assert sorted(reports) == sorted(ASSIGNMENTS)
    for name, rep in reports.items():
        assert rep.students == ["blank", "solved"]
        assert rep.exercises, name
        for ex in rep.exercises:
            assert (ex.count("pass"), ex.count("fail")) == (1, 1), (name, ex.number)
            assert ex.not_attempted() == ["blank"], (name, ex.number)
            assert ex.failures() and all(n == 1 for _, n in ex.failures())
    assert "1/2" in page


def _box(verdict_pass: bool, lang="en"):
    exp = Expectation(None, "ex1", lang) if verdict_pass else \
        Expectation(None, "ex1", lang, problem=("missing", {"name": "ex1"}))
    if verdict_pass:
        exp.lines.append(CheckLine("converted", "pass", "ok"))
    return exp


def test_graded_passes_silently_and_fails_with_the_box_sentences():
    assert _box(True).graded() is None
    with pytest.raises(AssertionError) as info:
        _box(False, "zh").graded()
    assert isinstance(info.value, CheckNotPassed)
    text = str(info.value)
    assert "ex1" in text and re.search(r"[\u4e00-\u9fff]", text) and "✘" in text
    assert info.value._render_traceback_() == [f"CheckNotPassed: {text}"]


def test_course_source_marks_cells_for_nbgrader(tmp_path):
    names = course.write_course(tmp_path, ("en",), only=["02"])
    assert names == ["02_control_flow.en"]
    config = (tmp_path / "nbgrader_config.py").read_text()
    assert "gradebook.db" in config and '"python3"' in config and "release_starters" in config
    nb = nbformat.read(str(tmp_path / "source" / names[0] / f"{names[0]}.ipynb"), as_version=4)
    kinds = [(m.get("solution"), m.get("grade")) for m in (_grading(c) for c in nb.cells) if m]
    assert len(kinds) == len(nb.cells)
    assert kinds.count((True, False)) == 3 and kinds.count((False, True)) == 3
    assert len({_grading(c)["grade_id"] for c in nb.cells}) == len(nb.cells)


def test_report_from_collected_notebooks_escapes_what_students_wrote(tmp_path):
    """No nbgrader: executed student copies in STUDENT/NN_name.LANG.ipynb; the boxes say
    who passed; a student's folder name and a forged message are escaped."""
    stem = LABS[1]
    student = labs.student_copy(labs.localize(labs.read_lab(labs.LABS_DIR / f"{stem}.ipynb"), "en"), "en")
    fail_box = _box(False)._repr_html_().replace("run the", "&lt;img src=y onerror=alert(2)&gt;<script>alert(3)</script> run the")
    for who, answer, box in (("ann", "x = 1", _box(True)._repr_html_()), (BOB, None, fail_box)):
        nb = nbformat.reads(nbformat.writes(student), as_version=4)
        for c in nb.cells:
            if "exercise" in c.metadata.get("tags", []) and answer:
                c.source = answer
            if labs.CHECK_TAG in c.metadata.get("tags", []):
                c.outputs = [nbformat.v4.new_output("execute_result", {"text/html": box}, execution_count=1)]
        (tmp_path / who).mkdir()
        nbformat.write(nb, str(tmp_path / who / f"{stem}.en.ipynb"))
    out = tmp_path / "report.html"
    assert cli(["labs", "--report", str(tmp_path), "--out", str(out)]) == 0
    page = out.read_text(encoding="utf-8")
    assert "<script" not in page and "<img" not in page and "&lt;img src=x onerror=alert(1)&gt;bob" in page
    assert "&lt;img src=y onerror=alert(2)&gt;" in page  # the forged message, shown as text
    (rep,) = class_report.collect(tmp_path)
    assert rep.students == [BOB, "ann"]
    for ex in rep.exercises:
        assert ex.count("pass") == 1 and ex.not_attempted() == [BOB]


def test_report_of_a_missing_folder_says_what_to_do(tmp_path, capsys):
    assert cli(["labs", "report", str(tmp_path / "nope")]) == 1
    assert "not a folder" in capsys.readouterr().err
    assert cli(["labs", "reprot", str(tmp_path)]) == 1
    assert "d2s-lab labs report COURSE_DIR" in capsys.readouterr().err

