"""The labs as an nbgrader course (``d2s-lab labs --nbgrader``) graded by nbgrader's own
commands: ``nbgrader generate_assignment`` releases every lab with the answers stripped as
the student copies are; ``nbgrader autograde`` scores a blank submission 0 and a solved one
full marks with the labs' self-checks (quick mode, real kernels), and a wrong answer in
every Chinese lab fails with a Chinese message that does not give the answer away; the
class report (``d2s-lab labs report``) counts who passed each exercise and who has not
attempted it, with the scores of nbgrader's gradebook. Also the self-checks' nbgrader mode
(``Expectation.graded``), the report from a folder of collected notebooks, and gradebooks
that are no gradebook, on their own."""
import importlib.util
import os
import re
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from d2s_lab.cli import main as cli
from d2s_lab.teaching import class_report, course
from d2s_lab.teaching.class_report import gradebook
from d2s_lab.teaching import handouts as labs
from d2s_lab.teaching.checks import CHECK_MIME, CheckLine, CheckNotPassed, Expectation, saved_records
from lab_answers import RUN_ONCE

BOB = "<img src=x onerror=alert(1)>bob"  # a folder name is student-controlled
LABS = [p.stem for p in labs.lab_files()]
# Every lab in English; one lab in Chinese too (the placeholder, the messages).
ASSIGNMENTS = [course.assignment_name(s, "en") for s in LABS] + [course.assignment_name(LABS[1], "zh")]
# Blank and solved submissions of three of them (lab 1, lab 2 in both languages): a blank
# answer fails its check in every lab's student copy already (tests/notebooks/test_labs.py)
# and every lab's solutions pass theirs (lab_runs); here it is nbgrader's score of them, and
# each autograded notebook costs a kernel and a Paddle. Every other lab is autograded as
# the Chinese submissions below: solved but for one wrong answer, so each of its solved
# exercises is scored by nbgrader too.
BLANK = [ASSIGNMENTS[0], ASSIGNMENTS[1], ASSIGNMENTS[-1]]
SOLVED = BLANK
# Every lab in Chinese (but those run once per suite, by lab_runs: released above, not
# autograded again), submitted by a student with a wrong (not blank) answer: answer cell
# number -> the student's cell.
CHINESE = [course.assignment_name(s, "zh") for s in LABS if s not in RUN_ONCE]
WRONG = {
    "01_input_spec": {1: 'spec1 = [InputSpec([None, 4], "float32", "x")]'},
    "02_control_flow": {3: 'answer3 = "IfElse"'},
    "03_python_values": {1: '%%to_static --input "x: [None, 4]" --input degree=3 --as ex1\n'
                            'def polynomial(x, degree):\n    return x'},
    "04_save_load": {2: "loaded2 = paddle.jit.load(EX1)\nloaded2.eval()\ny_loaded = loaded2(x_check) * 2"},
    "05_debugging": {3: 'answer3 = "fc"'},
    "06_speed": {2: 'fastest = "dygraph"'},
    "07_inside_sot": {1: 'guard1 = "x.dtype == paddle.float32"'},
}
NBGRADER = Path(sys.executable).with_name("nbgrader")


def _nbgrader(args, cwd):
    # D2S_LANG=en: a Chinese lab's checks still speak its language (its setup cell's %d2s_lang)
    env = dict(os.environ, D2S_QUICK="1", GLOG_minloglevel="2", D2S_LANG="en",
               PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")
    res = subprocess.run([str(NBGRADER), *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=1200)
    assert res.returncode == 0, f"nbgrader {' '.join(args)} failed:\n{res.stdout[-3000:]}\n{res.stderr[-3000:]}"
    return res


def _grading(cell):
    return cell.metadata.get("nbgrader", {})


def _wrong_submission(source_nb, stem):
    nb = nbformat.read(str(source_nb), as_version=4)
    answers = [c for c in nb.cells if _grading(c).get("solution")]
    for k, text in WRONG[stem].items():
        answers[k - 1].source = text
    return nb


@pytest.fixture(scope="module")
def graded_course(tmp_path_factory):
    """A course of every lab in both languages, released by nbgrader; a solved submission
    of each English lab and of lab 2 in Chinese, a blank one of those in ``BLANK``, a wrong
    one of each Chinese lab; all autograded by one nbgrader run."""
    if importlib.util.find_spec("nbgrader") is None or not NBGRADER.exists():
        pytest.skip("nbgrader is not installed (pip install -r requirements/test.txt, or d2s_lab[course])")
    root = tmp_path_factory.mktemp("course")
    assert cli(["labs", "--nbgrader", str(root), "--lang", "en,zh"]) == 0
    _nbgrader(["generate_assignment", "*"], root)
    for name in ASSIGNMENTS:
        for student, folder in (("blank", "release"), ("solved", "source")):
            if name not in (BLANK if student == "blank" else SOLVED):
                continue
            target = root / "submitted" / student / name
            target.mkdir(parents=True)
            shutil.copy(root / folder / name / f"{name}.ipynb", target / f"{name}.ipynb")
    for name in CHINESE:
        target = root / "submitted" / "wrong" / name
        target.mkdir(parents=True)
        nbformat.write(_wrong_submission(root / "source" / name / f"{name}.ipynb", name.rsplit(".", 1)[0]),
                       str(target / f"{name}.ipynb"))
    _nbgrader(["autograde", "*"], root)
    return root


pytestmark = [pytest.mark.notebook]


@pytest.mark.slow
def test_release_strips_answers_as_the_student_copies_do(graded_course):
    for name in sorted(set(ASSIGNMENTS) | set(CHINESE)):
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
        for name in SOLVED:
            solved = gb.find_submission(name, "solved")
            assert solved.max_score > 0, name
            assert solved.score == solved.max_score, (name, solved.score, solved.max_score)
        for name in BLANK:
            blank = gb.find_submission(name, "blank")
            assert blank.score == 0, (name, blank.score)
        for name in CHINESE:  # solved but for one answer: full marks for every other exercise
            wrong = gb.find_submission(name, "wrong")
            assert wrong.score == wrong.max_score - course.POINTS * len(WRONG[name.rsplit(".", 1)[0]]), \
                (name, wrong.score, wrong.max_score)


def _english_fragments():
    """Stretches of the English self-check sentences (between their fields) long enough
    to be English only."""
    from d2s_lab.text import CATALOGUE

    out = set()
    for key, entry in CATALOGUE.items():
        if key.startswith(("labs.", "course.")):
            out.update(f.strip() for f in re.split(r"\{\w*\}", entry["en"]) if len(f.strip()) >= 12)
    return out


@pytest.mark.slow
def test_chinese_autograded_copies_fail_in_chinese_without_the_answer(graded_course):
    """A wrong answer in each Chinese lab: the message nbgrader keeps in the test cell is
    the Chinese box's, every failed line Chinese, no English sentence, no answer."""
    english = _english_fragments()
    for name in CHINESE:
        source = nbformat.read(str(graded_course / "source" / name / f"{name}.ipynb"), as_version=4)
        solutions = [ln.strip() for c in source.cells if _grading(c).get("solution")
                     for ln in c.source.splitlines() if len(ln.strip()) >= 8 and not ln.strip().startswith(("#", "%"))]
        answers = {m for ln in solutions for m in re.findall(r'"([A-Za-z_]\w+)"\s*$', ln)}  # answer3 = "Loop"
        nb = nbformat.read(str(graded_course / "autograded" / "wrong" / name / f"{name}.ipynb"), as_version=4)
        errors = [o for c in nb.cells if _grading(c).get("grade") for o in c.outputs if o.output_type == "error"]
        assert errors, name
        for e in errors:
            assert e.ename == "CheckNotPassed", (name, e.ename, e.evalue)
            assert e.evalue.startswith("自测") and "Self-check" not in e.evalue, (name, e.evalue)
            failed = [ln for ln in e.evalue.splitlines() if ln.strip().startswith("✘")]
            assert failed and all(re.search(r"[\u4e00-\u9fff]", ln) for ln in failed), (name, e.evalue)
            assert not [f for f in english if f in e.evalue], (name, e.evalue)
            assert not [ln for ln in solutions if ln in e.evalue], (name, e.evalue)
            assert not [a for a in answers if re.search(rf"\b{a}\b", e.evalue)], (name, e.evalue)


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
    from nbgrader.api import Gradebook

    assert cli(["labs", "report", str(graded_course)]) == 0
    assert capsys.readouterr().err == ""
    page = (graded_course / class_report.REPORT_NAME).read_text(encoding="utf-8")
    names = sorted(set(SOLVED) | set(BLANK) | set(CHINESE))  # the labs someone submitted
    # every lab is released; those no one submitted (lab 3 on in English, lab 8 in Chinese) are
    # on the page too, every student of the class not attempting any exercise: one chart per lab
    released = sorted(p.name for p in (graded_course / "release").iterdir())
    unsubmitted = sorted(set(released) - set(names))
    assert len(released) == 2 * len(LABS) and len(unsubmitted) == 2 * len(LABS) - len(names)
    assert "<script" not in page and page.count("<svg") == len(released)
    assert "manual grades included" in page and page.count("no one has handed it in yet") == len(unsubmitted)
    data = class_report.read_class(graded_course)
    assert data.source == class_report.FROM_GRADEBOOK and not data.problem
    assert data.students == ["blank", "solved", "wrong"]
    reports = {r.name: r for r in data.labs}
    assert sorted(reports) == released
    for name in unsubmitted:
        _unsubmitted(reports[name], data.students)
        nb = nbformat.read(str(graded_course / "release" / name / f"{name}.ipynb"), as_version=4)
        assert len(reports[name].exercises) == len([c for c in nb.cells if _grading(c).get("grade")]), name
    reports = {name: reports[name] for name in names}
    with Gradebook(f"sqlite:///{graded_course / 'gradebook.db'}") as gb:
        for name, rep in reports.items():
            assert rep.scored and rep.exercises, name
            for student in rep.students:  # the gradebook's own totals
                sub = gb.find_submission(name, student)
                assert rep.points(student) == (sub.score, sub.max_score), (name, student)
    for name in names:
        rep = reports[name]
        assert ("solved" in rep.students) == (name in SOLVED) and ("blank" in rep.students) == (name in BLANK), name
        away = sorted(set(data.students) - set(rep.students))  # the class, those who did not hand it in
        for ex in rep.exercises:
            assert sorted(ex.results) == data.students and set(away) <= set(ex.not_attempted()), (name, ex.number)
            assert all(ex.results[s].score is None for s in away) and not set(away) & set(ex.failed())
        if name not in SOLVED:
            continue
        for ex in rep.exercises:
            assert ex.results["solved"].status == "pass" and "solved" not in ex.not_attempted(), (name, ex.number)
            if name in BLANK:
                assert ex.results["blank"].status == "fail" and "blank" in ex.not_attempted(), (name, ex.number)
                assert "blank" not in ex.failed()  # a blank answer is not counted as a failure
                if name not in CHINESE:
                    assert not ex.failures(), (name, ex.number)
    for name in CHINESE:  # the wrong answers' failures, with the notebooks' messages
        wrong = [ex.results["wrong"] for ex in reports[name].exercises]
        assert any(r.status == "fail" and r.messages and r.attempted for r in wrong), name
        assert all(re.search(r"[\u4e00-\u9fff]", m) for r in wrong for m in r.messages), name
    # lab 1 in English: solved passed, blank and wrong (not handed in) did not
    assert "<td class='num'>1/3</td>" in page and "2 of the class&#x27;s 3 student(s)" in page and "× 1" in page


@pytest.mark.slow
def test_class_report_reads_a_teachers_manual_grade_from_the_gradebook(graded_course, tmp_path):
    """Only the gradebook (a copy, with a manual grade given in it): the scores still come."""
    from nbgrader.api import Gradebook

    shutil.copy(graded_course / "gradebook.db", tmp_path / "gradebook.db")
    name = ASSIGNMENTS[0]
    with Gradebook(f"sqlite:///{tmp_path / 'gradebook.db'}") as gb:
        grade = gb.find_grade("check_1", name, name, "blank")
        grade.manual_score = 1.0
        gb.db.commit()
    grades = class_report.read_gradebook(tmp_path / "gradebook.db")
    assert grades[name]["blank"][(name, "check_1")] == (1.0, 1.0)
    assert grades[name]["blank"][(name, "check_2")] == (0.0, 1.0)
    data = class_report.read_class(tmp_path)
    assert data.source == class_report.FROM_GRADEBOOK
    (ex1,) = [ex for ex in {r.name: r for r in data.labs}[name].exercises if ex.number == 1]
    assert ex1.results["blank"].status == "pass" and ex1.results["solved"].status == "pass"


@pytest.mark.slow
def test_run_all_in_a_students_kernel_goes_through_every_exercise(graded_course):
    """A released copy run top to bottom in the student's own kernel, nothing answered:
    every cell runs (a failed check shows its box and raises nothing), while nbgrader's
    autograde of the same blank copy fails each check cell (the test above)."""
    from nbclient import NotebookClient

    name = ASSIGNMENTS[1]
    nb = nbformat.read(str(graded_course / "release" / name / f"{name}.ipynb"), as_version=4)
    env = {k: v for k, v in os.environ.items() if not k.startswith("NBGRADER")}
    assert "NBGRADER_EXECUTION" not in env
    NotebookClient(nb, timeout=600, kernel_name="python3", allow_errors=False,
                   resources={"metadata": {"path": str(graded_course)}}).execute(env=env)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert all(c.execution_count for c in code)
    assert not [o for c in code for o in c.outputs if o.output_type == "error"]
    boxes = [r for c in code if _grading(c).get("grade") for r in saved_records(c.outputs)
             if r["verdict"] == "fail"]
    assert len(boxes) == 3  # each blank exercise's box says it did not pass


def _box(verdict_pass: bool, lang="en"):
    exp = Expectation(None, "ex1", lang) if verdict_pass else \
        Expectation(None, "ex1", lang, problem=("missing", {"name": "ex1"}))
    if verdict_pass:
        exp.lines.append(CheckLine("converted", "pass", "ok"))
    return exp


def _shown(exp):
    """What a notebook saves of a displayed box: its HTML and its JSON record."""
    return exp._repr_mimebundle_()


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
    fail_box = _shown(_box(False))  # the report reads the box's JSON record: forge its message
    for item in fail_box[CHECK_MIME]["items"]:
        item["message"] = item["message"].replace("run the", "<img src=y onerror=alert(2)><script>alert(3)</script> run the")
    for who, answer, box in (("ann", "x = 1", _shown(_box(True))), (BOB, None, fail_box)):
        nb = nbformat.reads(nbformat.writes(student), as_version=4)
        for c in nb.cells:
            if "exercise" in c.metadata.get("tags", []) and answer:
                c.source = answer
            if labs.CHECK_TAG in c.metadata.get("tags", []):
                c.outputs = [nbformat.v4.new_output("execute_result", box, execution_count=1)]
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
    (tmp_path / "zed" / ".ipynb_checkpoints").mkdir(parents=True)  # a student who handed in nothing
    (tmp_path / "__pycache__").mkdir()
    (tmp_path / "__pycache__" / "x.pyc").write_bytes(b"")  # no student
    data = class_report.read_class(tmp_path)
    assert data.students == [BOB, "ann", "zed"] and [r.students for r in data.labs] == [[BOB, "ann"]]
    assert "<tr><td>zed</td><td class='num'>–</td></tr>" in class_report.report_html(data)


def test_report_says_who_failed_what_and_why(tmp_path):
    """Three students of lab 2: one answers everything right, one answers wrong, one hands
    in the copy untouched but passes exercise 3's check (its result comes from exercise 1);
    a fourth hands in nothing. The counts and bars agree and count the fourth as not
    attempted, a blank answer is no failure, exercise 3 is labelled ex3, and the per-student
    table names each student who handed the lab in with their own messages."""
    stem = LABS[1]
    student = labs.student_copy(labs.localize(labs.read_lab(labs.LABS_DIR / f"{stem}.ipynb"), "en"), "en")
    wrong = _shown(_box(False))
    for who, answer, box in (("ann", "x = 1", _shown(_box(True))), ("cy", "x = 2", wrong),
                             ("dee", None, None)):
        nb = nbformat.reads(nbformat.writes(student), as_version=4)
        checks = 0
        for c in nb.cells:
            if "exercise" in c.metadata.get("tags", []) and answer:
                c.source = answer
            if labs.CHECK_TAG in c.metadata.get("tags", []):
                checks += 1
                shown = box or _shown(_box(checks == 3))
                c.outputs = [nbformat.v4.new_output("execute_result", shown, execution_count=1)]
        (tmp_path / who).mkdir()
        nbformat.write(nb, str(tmp_path / who / f"{stem}.en.ipynb"))
    (tmp_path / "eli").mkdir()  # in the class, handed in nothing
    (rep,) = class_report.collect(tmp_path)
    assert [ex.label for ex in rep.exercises] == ["ex1", "ex2", "ex3"] and rep.students == ["ann", "cy", "dee"]
    first, _, third = rep.exercises
    assert first.failed() == ["cy"] and first.not_attempted() == ["dee", "eli"] and first.count("pass") == 1
    assert [n for _, n in first.failures()] == [1]  # cy's message once; dee's blank is not a failure
    assert third.count("pass") == 2 and third.not_attempted() == ["eli"]  # dee passed: not "not answered"
    page = class_report.report_html(class_report.read_class(tmp_path))
    assert "3 of the class&#x27;s 4 student(s) handed in this lab" in page
    assert "<tr><td>eli</td><td class='num'>–</td></tr>" in page  # the points: eli handed nothing in
    by_student = page[page.index("Each student, each exercise"):]
    for who in ("ann", "cy", "dee"):
        assert f"<td>{who}</td>" in by_student
    assert "<td>eli</td>" not in by_student
    assert by_student.count("does not exist yet") == 5  # cy's 3 failures, dee's 2 blanks, each with its message
    # the table and the bar of exercise 3: 2 passed of the class's 4, cy's failure and eli's not attempted
    # a quarter of the bar each
    assert "<td class='num'>2/4</td>" in page
    bars = re.findall(r"<svg.*?</svg>", page, re.S)[0]
    rects, total = bars[bars.index("Exercise 3"):].split("<text", 2)[:2]
    assert rects.count("<rect") == 3 and 'width="180.0"' in rects and rects.count('width="90.0"') == 2, rects
    assert [t[1] for t in re.findall(r'width="([\d.]+)".*?<title>(\d+)</title>', rects)] == ["2", "1", "1"]
    assert ">2/4</text>" in total
    zh = class_report.report_html(class_report.read_class(tmp_path, "zh"), "zh")
    assert "全班 4 名学生中有 3 名提交了这个实验" in zh and "<td class='num'>2/4</td>" in zh


def test_a_folder_with_no_notebooks_says_so_where_the_command_was_typed(tmp_path, capsys):
    (tmp_path / "empty").mkdir()
    assert cli(["labs", "--report", str(tmp_path / "empty")]) == 0
    err = capsys.readouterr().err
    assert "No graded notebooks found" in err and "STUDENT/NN_name.LANG.ipynb" in err, err


def test_a_copy_that_cannot_be_read_is_named_and_counted_as_not_handed_in(tmp_path, capsys, monkeypatch):
    """A copy that is not a notebook, and one over the size a copy is read up to: the
    report counts both students as not handing the lab in, and says whose copies could
    not be read and why, on the page and on standard error, in English and Chinese."""
    stem = LABS[1]
    student = labs.student_copy(labs.localize(labs.read_lab(labs.LABS_DIR / f"{stem}.ipynb"), "en"), "en")
    (tmp_path / "ann").mkdir()
    nbformat.write(student, str(tmp_path / "ann" / f"{stem}.en.ipynb"))
    (tmp_path / "bob").mkdir()
    (tmp_path / "bob" / f"{stem}.en.ipynb").write_text('{"cells": [', encoding="utf-8")
    (tmp_path / "cy").mkdir()
    ann_bytes = (tmp_path / "ann" / f"{stem}.en.ipynb").stat().st_size
    (tmp_path / "cy" / f"{stem}.en.ipynb").write_text(" " * (ann_bytes + 100), encoding="utf-8")
    from d2s_lab.teaching.class_report import notebooks as nb_reader

    monkeypatch.setattr(nb_reader, "MAX_NOTEBOOK_BYTES", ann_bytes)
    (rep,) = class_report.collect(tmp_path)
    assert rep.students == ["ann"] and sorted(rep.unreadable) == ["bob", "cy"]
    assert "not a notebook" in rep.unreadable["bob"] and rep.unreadable["bob"].startswith(f"{stem}.en.ipynb: ")
    assert "over the 0 MB a copy is read up to" in rep.unreadable["cy"]
    data = class_report.read_class(tmp_path)
    assert data.students == ["ann", "bob", "cy"]
    for ex in data.labs[0].exercises:  # ann's copy is blank; bob's and cy's count as not handed in
        assert ex.not_attempted() == ["ann", "bob", "cy"] and len(ex.results) == 3
    page = class_report.report_html(data)
    assert "1 of the class&#x27;s 3 student(s) handed in this lab" in page
    assert "Handed in but could not be read, so counted as not handed in" in page and "bob (" in page
    (tmp_path / "dee").mkdir()  # a notebook with every cell deleted: handed in, nothing attempted
    empty = nbformat.v4.new_notebook()
    nbformat.write(empty, str(tmp_path / "dee" / f"{stem}.en.ipynb"))
    data = class_report.read_class(tmp_path)
    for ex in data.labs[0].exercises:
        assert ex.not_attempted() == ["ann", "bob", "cy", "dee"] and len(ex.results) == 4
    assert data.labs[0].students == ["ann", "dee"]
    out, read = class_report.write_report(tmp_path, tmp_path / "new" / "folder" / "r.html")
    assert out.is_file() and read.students == ["ann", "bob", "cy", "dee"]
    err = capsys.readouterr().err
    assert err.count("could not be read") == 1 and f"bob/{stem}.en.ipynb: not a notebook" in err, err
    assert cli(["labs", "--report", str(tmp_path), "--out", str(tmp_path / "r2.html")]) == 0
    assert "Class report of 1 lab(s) and 4 student(s)" in capsys.readouterr().out  # as the page counts them
    zh = class_report.report_html(class_report.read_class(tmp_path, "zh"), "zh")
    assert "已提交但无法读取，因此按未提交计" in zh and "不是笔记本" in zh and "超过读取上限" in zh


def test_report_of_a_missing_folder_says_what_to_do(tmp_path, capsys):
    assert cli(["labs", "report", str(tmp_path / "nope")]) == 1
    assert "not a folder" in capsys.readouterr().err
    assert cli(["labs", "reprot", str(tmp_path)]) == 1
    assert "d2s-lab labs report COURSE_DIR" in capsys.readouterr().err



# -- gradebooks that are no gradebook (no nbgrader needed) ------------------------------------
_TABLES = {
    "assignment": "id, name", "notebook": "id, name, assignment_id", "base_cell": "id, name, notebook_id",
    "grade_cells": "id, max_score", "student": "id",
    "submitted_assignment": "id, assignment_id, student_id", "submitted_notebook": "id, assignment_id, notebook_id",
    "grade": "id, notebook_id, cell_id, auto_score, manual_score, extra_credit",
}


def _tiny_gradebook(path, students, grade_view=None, released=(), roster=()):
    """A gradebook with nbgrader 0.9's columns: lab ``02_control_flow.en``, one test cell
    (``check_1``, one point) and ``students`` as ``{student: (auto, manual)}``; the
    assignments ``released`` (generate_assignment's record: test cells ``check_2`` and
    ``check_10``, no submission) and the students ``roster`` (nothing handed in)."""
    con = sqlite3.connect(path)
    for table, columns in _TABLES.items():
        if table == "grade" and grade_view:
            con.execute(f"CREATE VIEW grade AS {grade_view}")
        else:
            con.execute(f"CREATE TABLE {table} ({columns})")
    name = "02_control_flow.en"
    con.execute("INSERT INTO assignment VALUES ('a', ?)", (name,))
    con.execute("INSERT INTO notebook VALUES ('n', ?, 'a')", (name,))
    con.execute("INSERT INTO base_cell VALUES ('c', 'check_1', 'n')")
    con.execute("INSERT INTO grade_cells VALUES ('c', 1.0)")
    for i, other in enumerate(released):
        con.execute("INSERT INTO assignment VALUES (?, ?)", (f"ra{i}", other))
        con.execute("INSERT INTO notebook VALUES (?, ?, ?)", (f"rn{i}", other, f"ra{i}"))
        for cell in ("check_10", "check_2"):
            con.execute("INSERT INTO base_cell VALUES (?, ?, ?)", (f"rc{i}{cell}", cell, f"rn{i}"))
            con.execute("INSERT INTO grade_cells VALUES (?, 1.0)", (f"rc{i}{cell}",))
    for student in [*students, *roster]:
        con.execute("INSERT INTO student VALUES (?)", (student,))
    for i, (student, (auto, manual)) in enumerate(students.items()):
        con.execute("INSERT INTO submitted_assignment VALUES (?, 'a', ?)", (f"sa{i}", student))
        con.execute("INSERT INTO submitted_notebook VALUES (?, ?, 'n')", (f"sn{i}", f"sa{i}"))
        if not grade_view:
            con.execute("INSERT INTO grade VALUES (?, ?, 'c', ?, ?, NULL)", (f"g{i}", f"sn{i}", auto, manual))
    con.commit()
    con.close()


def test_report_from_a_gradebook_alone_escapes_and_takes_manual_grades(tmp_path):
    _tiny_gradebook(tmp_path / "gradebook.db", {BOB: (0.0, 1.0), "ann": (1.0, None), "cat": (b"\x00", None),
                                                "dan": (float("nan"), None)})
    grades = class_report.read_gradebook(tmp_path / "gradebook.db")
    lab = grades["02_control_flow.en"]
    assert lab[BOB][("02_control_flow.en", "check_1")] == (1.0, 1.0)  # the manual grade wins
    assert lab["ann"][("02_control_flow.en", "check_1")] == (1.0, 1.0)
    assert lab["cat"][("02_control_flow.en", "check_1")] == (0.0, 1.0)  # not a number: no score
    assert cli(["labs", "report", str(tmp_path)]) == 0
    page = (tmp_path / class_report.REPORT_NAME).read_text(encoding="utf-8")
    assert "<img" not in page and "&lt;img src=x onerror=alert(1)&gt;bob" in page
    assert "manual grades included" in page and "2/4" in page


def _unsubmitted(rep, students):
    """``rep`` is a released lab no one handed in: the class, each exercise not attempted."""
    assert not rep.submitted and rep.students == students and rep.exercises, rep.name
    for ex in rep.exercises:
        assert sorted(ex.results) == students and ex.not_attempted() == students, (rep.name, ex.number)
        assert ex.count("pass") == 0 and ex.failed() == [] and not ex.failures(), (rep.name, ex.number)
    assert all(rep.points(s) is None and not rep.handed_in(s) for s in students)


def test_report_shows_a_released_lab_no_one_handed_in_from_the_gradebook(tmp_path):
    """A lab released (in the gradebook) without a submission, and a student who handed
    in nothing: both on the page, in both languages, escaped; lab 2's counts unchanged."""
    quiz, eve = "<i>quiz</i>.en", "<b>eve</b>"
    _tiny_gradebook(tmp_path / "gradebook.db", {BOB: (0.0, 1.0), "ann": (1.0, None)}, released=[quiz], roster=[eve])
    assert class_report.read_roster(tmp_path / "gradebook.db") == (
        {"02_control_flow.en": [("02_control_flow.en", "check_1")], quiz: [(quiz, "check_2"), (quiz, "check_10")]},
        sorted([BOB, "ann", eve]))
    data = class_report.read_class(tmp_path)
    assert data.source == class_report.FROM_GRADEBOOK and data.students == sorted([BOB, "ann", eve])
    lab2, rep = data.labs
    assert lab2.submitted and lab2.students == [BOB, "ann"] and lab2.exercises[0].count("pass") == 2
    # eve handed lab 2 in not: not attempted, no points
    assert sorted(lab2.exercises[0].results) == data.students and lab2.exercises[0].not_attempted() == [eve]
    assert lab2.points(BOB) == (1.0, 1.0) and lab2.points(eve) is None and not lab2.handed_in(eve)
    _unsubmitted(rep, sorted([BOB, "ann", eve]))
    assert [r.grade_id for ex in rep.exercises for r in list(ex.results.values())[:1]] == ["check_2", "check_10"]
    for lang, said in (("en", "no one has handed it in yet"), ("zh", "还没有人提交")):
        page = class_report.report_html(data, lang)
        assert "<i>" not in page and "<b>" not in page and "<img" not in page
        assert "&lt;i&gt;quiz&lt;/i&gt;.en" in page and "&lt;b&gt;eve&lt;/b&gt;" in page
        assert page.count("<svg") == 2 and page.count(said) == 1 and "0/3" in page and "2/3" in page
        # the overview, lab 2's "not attempted", the released lab's two and its row of students
        assert page.count("&lt;b&gt;eve&lt;/b&gt;") == 5
        overview = page[:page.index("<section>")]
        assert "<tr><td>&lt;b&gt;eve&lt;/b&gt;</td><td class='num'>–</td><td class='num'>–</td></tr>" in overview
        assert f"{len(sorted([BOB, 'ann', eve]))}" in page[page.index("<p>"):page.index("</p>")]


def test_report_shows_a_released_lab_no_one_handed_in_from_the_release_folder(tmp_path):
    """No gradebook: the labs in ``release/`` (not those only in ``source/``) that no
    autograded notebook has; the students of ``submitted/`` and ``autograded/``, one
    with nothing handed in."""
    names = course.write_course(tmp_path, ("en",), only=["02", "03", "05"])
    two, three, five = names
    for name in (two, three):  # released; 05 is written, not released
        shutil.copytree(tmp_path / "source" / name, tmp_path / "release" / name)
    (tmp_path / "release" / ".ipynb_checkpoints").mkdir()
    nb = nbformat.read(str(tmp_path / "source" / two / f"{two}.ipynb"), as_version=4)
    for c in nb.cells:
        if _grading(c).get("grade"):
            c.execution_count = 1  # ran without an error: passed
    (tmp_path / "autograded" / "ann" / two).mkdir(parents=True)
    nbformat.write(nb, str(tmp_path / "autograded" / "ann" / two / f"{two}.ipynb"))
    (tmp_path / "submitted" / BOB).mkdir(parents=True)  # nothing handed in
    data = class_report.read_class(tmp_path)
    assert data.source == class_report.FROM_AUTOGRADED and data.students == [BOB, "ann"]
    assert [rep.name for rep in data.labs] == [two, three]
    handed, rep = data.labs
    assert handed.submitted and handed.students == ["ann"] and [ex.count("pass") for ex in handed.exercises] == [1] * 3
    assert [ex.not_attempted() for ex in handed.exercises] == [[BOB]] * 3  # in the class, handed lab 2 in not
    _unsubmitted(rep, [BOB, "ann"])
    released = nbformat.read(str(tmp_path / "release" / three / f"{three}.ipynb"), as_version=4)
    assert [list(ex.results.values())[0].grade_id for ex in rep.exercises] == \
        [_grading(c)["grade_id"] for c in released.cells if _grading(c).get("grade")]
    assert rep.title != three and all(ex.label for ex in rep.exercises)
    assert cli(["labs", "report", str(tmp_path), "--lang", "zh"]) == 0
    page = (tmp_path / class_report.REPORT_NAME).read_text(encoding="utf-8")
    assert page.count("<svg") == 2 and "还没有人提交" in page and five not in page
    # the overview, in lab 2 and lab 3 each exercise's "not attempted", and lab 3's row of each student
    assert "<img" not in page and "1/2" in page and "全班 2 名学生中有 1 名提交了这个实验" in page
    assert page.count("&lt;img src=x onerror=alert(1)&gt;bob") == 2 + len(rep.exercises) + len(handed.exercises)


@pytest.mark.parametrize("kind", ["garbage", "empty", "schema", "endless", "folder"])
def test_a_gradebook_that_cannot_be_read_is_one_line_and_the_notebooks_are_used(tmp_path, capsys, kind,
                                                                                monkeypatch):
    (tmp_path / "autograded").mkdir()
    # the endless view is stopped by the bound on the query's work: a tenth of it here
    # (5e6 SQLite steps, not 5e7), the same stop, a tenth of the CPU
    monkeypatch.setattr(gradebook, "_GB_MAX_CALLS", 500)
    db = tmp_path / "gradebook.db"
    if kind == "garbage":
        db.write_bytes(b"SQLite format 3\x00" + os.urandom(4096))
    elif kind == "empty":
        db.write_bytes(b"")
    elif kind == "schema":
        sqlite3.connect(db).execute("CREATE TABLE grade (x)").connection.close()
    elif kind == "endless":  # a view that never ends: the read is stopped
        _tiny_gradebook(db, {"ann": (1.0, None)}, grade_view=(
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) "
            "SELECT i AS id, 'sn0' AS notebook_id, 'c' AS cell_id, 1.0 AS auto_score, NULL AS manual_score, "
            "NULL AS extra_credit FROM n WHERE i < 0 OR i > 0"))
    else:
        db.mkdir()
    before = db.read_bytes() if db.is_file() else None
    assert cli(["labs", "report", str(tmp_path)]) == 0
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "could not be read" in err and "Traceback" not in err, err
    page = (tmp_path / class_report.REPORT_NAME).read_text(encoding="utf-8")
    assert "could not be read" in page and "Scores from the autograded notebooks" in page
    assert class_report.read_class(tmp_path).source == class_report.FROM_AUTOGRADED
    assert (db.read_bytes() if db.is_file() else None) == before  # opened read-only
