"""The students' notebooks, read without running them: each self-check's outcome, and
whether the student changed the answer cells before it; then the whole class
(:func:`read_class`), with the gradebook's scores on top when the course has one.

The outcome of a check cell comes from what it left in the notebook: its self-check
box's JSON record (``application/vnd.d2s-lab.check+json``: the verdict and the messages
of the checks that did not pass) and, in an autograded notebook, an error output (a
``CheckNotPassed`` carries the same sentences). No HTML is parsed.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Dict, List, Optional, Tuple

from d2s_lab.teaching.checks.record import record_messages, saved_records
from d2s_lab.teaching.class_report.gradebook import GRADEBOOK_NAME, GradebookError, read_gradebook, \
    read_roster, with_grades
from d2s_lab.teaching.class_report.outcomes import FAILED, FROM_AUTOGRADED, FROM_COLLECTED, FROM_GRADEBOOK, \
    NOT_RUN, PASSED, ClassData, Exercise, LabReport, SubmissionCheck
from d2s_lab.teaching.handouts import CHECK_TAG, LABS_DIR, LANGS, cell_tags, check_verdict, lab_files, localize, \
    read_lab, student_copy
from d2s_lab.text import t

_LABEL = re.compile(r"""expect(?:_saved)?\(\s*["']([^"']{1,40})["']""")
# lab.expect("ex1", exercise="ex3"): the check of exercise 3 reads exercise 1's result
_EXERCISE = re.compile(r"""exercise\s*=\s*["']([^"']{1,40})["']""")


# A handed-in copy larger than this is not read (an executed lab is a few MB at most).
MAX_NOTEBOOK_BYTES = 64 << 20


class TooLarge(Exception):
    """A handed-in copy over :data:`MAX_NOTEBOOK_BYTES` (its size in MB)."""

    def __init__(self, mb: int):
        super().__init__(mb)
        self.mb = mb


def _nb(path: Path):
    import nbformat

    size = path.stat().st_size
    if size > MAX_NOTEBOOK_BYTES:
        raise TooLarge(size >> 20)
    return nbformat.read(str(path), as_version=4)


def _why_unreadable(path: Path, exc: Exception, lang: str) -> str:
    """One line: the copy's name and why it could not be read."""
    if isinstance(exc, TooLarge):
        why = t("course.copy_too_large", lang, mb=exc.mb, limit=MAX_NOTEBOOK_BYTES >> 20)
    else:
        first = (str(exc).strip().splitlines() or [""])[0][:160]
        why = t("course.copy_not_notebook", lang, error=f"{type(exc).__name__}: {first}" if first else type(exc).__name__)
    return f"{path.name}: {why}"


def _is_check(cell, graded: bool) -> bool:
    if cell.cell_type != "code":
        return False
    if graded:
        return bool(cell.metadata.get("nbgrader", {}).get("grade"))
    return CHECK_TAG in cell_tags(cell)


def _is_answer(cell, graded: bool) -> bool:
    if cell.cell_type != "code":
        return False
    if graded:
        return bool(cell.metadata.get("nbgrader", {}).get("solution"))
    return "exercise" in cell_tags(cell)


def _error_messages(outputs) -> Optional[List[str]]:
    errors = [o for o in outputs if o.get("output_type") == "error"]
    if not errors:
        return None
    err = errors[-1]
    ename, evalue = str(err.get("ename", "")), str(err.get("evalue", ""))
    if ename == "CheckNotPassed":
        lines = [ln.strip()[1:].strip() for ln in evalue.splitlines() if ln.strip().startswith("✘")]
        if lines:
            return lines
    first = evalue.strip().splitlines()[0] if evalue.strip() else ""
    return [f"{ename}: {first}"[:200]]


def _failure_messages(records) -> List[str]:
    """The messages of the checks that did not pass, in the boxes' order."""
    return [m for r in records for m in record_messages(r)]


def _check_outcome(cell, graded: bool, lang: str) -> Tuple[str, List[str]]:
    outputs = cell.get("outputs", [])
    errors = _error_messages(outputs)
    if errors is not None:
        return FAILED, _failure_messages(saved_records(outputs)) or errors
    if graded:
        if cell.get("execution_count") is None and not outputs:
            return NOT_RUN, [t("course.not_run", lang)]
        return PASSED, []
    verdict = check_verdict(cell)
    if verdict in ("pass", "partial"):
        return PASSED, []
    if verdict == "none":
        return NOT_RUN, [t("course.not_run", lang)]
    return FAILED, _failure_messages(saved_records(outputs)) or [t("course.not_run", lang)]


def read_notebook(nb, reference, graded: bool, lang: str) -> List[Tuple[str, SubmissionCheck]]:
    """Each self-check's outcome in one student's notebook ``nb``, in order, as
    ``(label, SubmissionCheck)``. An exercise counts as attempted when one of the answer
    cells before its check differs from the ``reference`` notebook (the handed-out copy;
    None: every exercise counts as attempted). In an nbgrader notebook each result
    carries its test cell's ``grade_id``."""
    ref_answers = [c.source.strip() for c in reference.cells if _is_answer(c, graded)] if reference is not None \
        else None
    out, answers_since, k = [], [], 0
    for cell in nb.cells:
        if _is_answer(cell, graded):
            answers_since.append((k, cell.source.strip()))
            k += 1
        elif _is_check(cell, graded):
            status, messages = _check_outcome(cell, graded, lang)
            attempted = True
            if ref_answers is not None and answers_since:
                attempted = any(i >= len(ref_answers) or src != ref_answers[i] for i, src in answers_since)
            label = _EXERCISE.search(cell.source) or _LABEL.search(cell.source)
            grade_id = str(cell.metadata.get("nbgrader", {}).get("grade_id", "")) if graded else ""
            out.append((label.group(1) if label else "", SubmissionCheck(status, messages, attempted, grade_id)))
            answers_since = []
    return out


def _lab_title(nb, lang: str, fallback: str) -> str:
    title = nb.metadata.get("d2s_lab", {}).get("title", {})
    return (title.get(lang) or title.get("en") or fallback) if isinstance(title, dict) else fallback


def _student_copy_of(stem_lang: str, folder: Path = LABS_DIR):
    stem, _, lang = stem_lang.rpartition(".")
    for path in lab_files(folder):
        if path.stem == stem and lang in LANGS:
            return student_copy(localize(read_lab(path), lang), lang)
    return None


def collect(course_dir, lang: str = "en") -> List[LabReport]:
    """Read every student's notebooks under ``course_dir`` (an nbgrader course with
    ``autograded/``, else ``<student>/NN_name.LANG.ipynb``), and the scores of its
    ``gradebook.db`` when it has a readable one; one :class:`LabReport` per lab."""
    return read_class(course_dir, lang).labs


def read_class(course_dir, lang: str = "en") -> ClassData:
    """:func:`collect`'s labs with where they came from (:class:`ClassData`), and the
    students the course knows. In an nbgrader course, a lab released (in the gradebook or
    in ``release/``) that no one has handed in yet is there too, with every student of
    the class not attempting any of its exercises; in a lab some students handed in, each
    student of the class who did not hand it in is not attempting any of its exercises."""
    root = Path(course_dir)
    labs = _collect_notebooks(root, lang)
    if not (root / "autograded").is_dir() and not (root / GRADEBOOK_NAME).exists():
        students = _students(labs, _empty_folders(root))
        return ClassData(_with_absent(labs, students), FROM_COLLECTED, students=students)
    source, problem, released, roster = FROM_AUTOGRADED, "", {}, []
    if (root / GRADEBOOK_NAME).exists():
        try:
            grades = read_gradebook(root / GRADEBOOK_NAME, lang)
        except GradebookError as exc:
            problem = str(exc)
        else:
            source, labs = FROM_GRADEBOOK, with_grades(labs, grades)
            try:
                released, roster = read_roster(root / GRADEBOOK_NAME, lang)
            except GradebookError:  # the scores were read; the release folder still names the labs
                pass
    folders = [d.name for sub in ("submitted", "autograded") for d in _folders(root / sub)]
    students = _students(labs, roster + folders)
    return ClassData(_with_released(root, _with_absent(labs, students), released, students, lang), source, problem,
                     students)


def _folders(path: Path) -> List[Path]:
    """The folders in ``path`` (none when it is no folder), hidden ones left out."""
    if not path.is_dir():
        return []
    return sorted(d for d in path.iterdir() if d.is_dir() and not d.name.startswith("."))


def _empty_folders(root: Path) -> List[str]:
    """In a folder of collected copies, the students' folders with nothing handed in:
    empty (but for hidden files)."""
    return [d.name for d in _folders(root) if not any(not f.name.startswith(".") for f in d.iterdir())]


def _students(labs: List[LabReport], known: List[str]) -> List[str]:
    return sorted({s for lab in labs for s in list(lab.students) + list(lab.unreadable)} | set(known))


def _with_absent(labs: List[LabReport], students: List[str]) -> List[LabReport]:
    """``labs`` with each student of the class who did not hand a lab in counted as not
    attempting any of its exercises (the lab's ``students``, those who handed it in, stay
    as they are)."""
    for lab in labs:
        for ex in lab.exercises:
            grade_id = next((r.grade_id for r in ex.results.values() if r.grade_id), "")
            for student in students:
                if student not in ex.results and not lab.handed_in(student):
                    ex.results[student] = SubmissionCheck(NOT_RUN, [], False, grade_id)
    return labs


def _with_released(root: Path, labs: List[LabReport], released: Dict[str, List[Tuple[str, str]]],
                   students: List[str], lang: str) -> List[LabReport]:
    """``labs`` and every lab released to the class that no one has handed in yet (in
    the gradebook or in ``release/``): its exercises read from the released notebook
    (else ``source/``, else the gradebook's test cells), each student of the class not
    attempting any of them."""
    have = {lab.name for lab in labs}
    out = list(labs)
    for name in sorted((set(released) | {d.name for d in _folders(root / "release")}) - have):
        copies = sorted((root / "release" / name).glob("*.ipynb")) or sorted((root / "source" / name).glob("*.ipynb"))
        nb = None
        if copies:
            try:
                nb = _nb(copies[0])
            except Exception:  # an unreadable copy: the gradebook's cells, if it has them
                nb = None
        if nb is not None:
            checks = [(label, r.grade_id) for label, r in read_notebook(nb, None, True, lang)]
            title = _lab_title(nb, lang, name)
        else:
            checks, title = [("", cell) for _notebook, cell in released.get(name, [])], name
        if not checks:
            continue
        exercises = [Exercise(k, label, {s: SubmissionCheck(NOT_RUN, [], False, grade_id) for s in students})
                     for k, (label, grade_id) in enumerate(checks, 1)]
        out.append(LabReport(name, title, exercises, list(students), submitted=False))
    return sorted(out, key=lambda lab: lab.name)


def _collect_notebooks(root: Path, lang: str) -> List[LabReport]:
    graded = (root / "autograded").is_dir()
    found: Dict[str, Dict[str, Path]] = {}
    if graded:
        for path in sorted((root / "autograded").glob("*/*/*.ipynb")):
            found.setdefault(path.parent.name, {})[path.parent.parent.name] = path
    else:
        for path in sorted(root.glob("*/*.ipynb")):
            if not path.parent.name.startswith("."):
                found.setdefault(path.stem, {})[path.parent.name] = path
    labs = []
    for name in sorted(found):
        if graded:
            released = sorted((root / "release" / name).glob("*.ipynb"))
            reference = _nb(released[0]) if released else None
        else:
            reference = _student_copy_of(name)
        exercises: Dict[int, Exercise] = {}
        unreadable: Dict[str, str] = {}
        title = name
        for student, path in sorted(found[name].items()):
            try:
                nb = _nb(path)
            except Exception as exc:  # not handed in, as far as outcomes go; the page says why
                unreadable[student] = _why_unreadable(path, exc, lang)
                continue
            title = _lab_title(reference if reference is not None else nb, lang, name)
            for k, (label, result) in enumerate(read_notebook(nb, reference, graded, lang), 1):
                ex = exercises.setdefault(k, Exercise(k, label))
                ex.results[student] = result
        handed_in = sorted(set(found[name]) - set(unreadable))
        for ex in exercises.values():  # a copy without this check (its cells deleted): not attempted
            grade_id = next((r.grade_id for r in ex.results.values() if r.grade_id), "")
            for student in handed_in:
                ex.results.setdefault(student, SubmissionCheck(NOT_RUN, [], False, grade_id))
        labs.append(LabReport(name, title, [exercises[k] for k in sorted(exercises)], handed_in,
                              unreadable=unreadable))
    return labs
