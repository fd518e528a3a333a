"""nbgrader's gradebook (``gradebook.db``), read without nbgrader: the scores per student,
lab and test cell, and the labs of the report with those scores.

The file is read with Python's own ``sqlite3`` in read-only mode, with a bound on the rows
and on the work of the query; a file that is no gradebook (not SQLite, damaged, another
schema, too large or too slow) raises :class:`GradebookError` with one line for the
teacher.
"""
from __future__ import annotations

import math
import re
import sqlite3
from pathlib import Path
from typing import Dict, List, Optional, Tuple

from d2s_lab.teaching.class_report.outcomes import FAILED, PASSED, Exercise, LabReport, SubmissionCheck
from d2s_lab.text import t

GRADEBOOK_NAME = "gradebook.db"
_SQLITE_MAGIC = b"SQLite format 3\x00"
_GB_MAX_ROWS = 200_000        # a course of 1000 students x 6 labs x 4 checks is 24 000
_GB_STEPS = 10_000            # SQLite steps between two calls of the progress handler
_GB_MAX_CALLS = 5_000         # so at most 5e7 steps (well under a second per 1e7) per query
_GB_TEXT = 200                # longest name kept from the gradebook


class GradebookError(Exception):
    """``gradebook.db`` could not be read; the message is one line for the teacher."""


_GRADES_SQL = """
SELECT a.name, sa.student_id, n.name, bc.name, gc.max_score, g.auto_score, g.manual_score, g.extra_credit
FROM grade AS g
JOIN submitted_notebook AS sn ON g.notebook_id = sn.id
JOIN submitted_assignment AS sa ON sn.assignment_id = sa.id
JOIN assignment AS a ON sa.assignment_id = a.id
JOIN notebook AS n ON sn.notebook_id = n.id
JOIN base_cell AS bc ON g.cell_id = bc.id
JOIN grade_cells AS gc ON gc.id = bc.id
"""

Grades = Dict[str, Dict[str, Dict[Tuple[str, str], Tuple[float, float]]]]


def _number(value) -> Optional[float]:
    if value is None or isinstance(value, (bytes, str)):
        return None
    number = float(value)
    return number if math.isfinite(number) else None


def _name(value) -> Optional[str]:
    if isinstance(value, bytes) or value is None:
        return None
    return str(value)[:_GB_TEXT]


def _open(path: Path, lang: str):
    """A read-only connection to the gradebook ``path``, or :class:`GradebookError`."""
    if not path.is_file():  # a folder, a pipe or a device is no gradebook
        raise GradebookError(t("course.gb_not_sqlite", lang))
    try:
        with open(path, "rb") as fh:
            if fh.read(len(_SQLITE_MAGIC)) != _SQLITE_MAGIC:
                raise GradebookError(t("course.gb_not_sqlite", lang))
        return sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    except (OSError, sqlite3.Error) as exc:
        raise GradebookError(t("course.gb_sqlite", lang, message=_one_line(exc))) from None


def _bounded_rows(path, sql: str, lang: str) -> list:
    """The rows of ``sql`` on the gradebook ``path``, read-only, with a bound on the rows
    and on the work of the query; any failure is a :class:`GradebookError`."""
    con = _open(Path(path), lang)
    calls = [0]

    def _progress():
        calls[0] += 1
        return calls[0] > _GB_MAX_CALLS  # non-zero stops the query

    try:
        con.set_progress_handler(_progress, _GB_STEPS)
        rows = con.execute(sql).fetchmany(_GB_MAX_ROWS + 1)
        if len(rows) > _GB_MAX_ROWS:
            raise GradebookError(t("course.gb_too_large", lang, rows=_GB_MAX_ROWS))
        return rows
    except sqlite3.OperationalError as exc:
        if calls[0] > _GB_MAX_CALLS:
            raise GradebookError(t("course.gb_too_slow", lang)) from None
        raise GradebookError(t("course.gb_sqlite", lang, message=_one_line(exc))) from None
    except (sqlite3.Error, ValueError, TypeError, OverflowError, MemoryError) as exc:
        raise GradebookError(t("course.gb_sqlite", lang, message=_one_line(exc))) from None
    finally:
        con.close()


def read_gradebook(path, lang: str = "en") -> Grades:
    """The scores in nbgrader's gradebook ``path`` (nbgrader 0.9's schema), as
    ``{assignment: {student: {(notebook, test_cell): (score, max_score)}}}``.

    The score is nbgrader's: the manual grade when a teacher gave one, else the
    autograder's, plus any extra credit. Read with ``sqlite3`` in read-only mode, with a
    bound on the rows and on the work of the query; anything that is not a gradebook
    raises :class:`GradebookError` with a one-line message in ``lang``."""
    grades: Grades = {}
    for assignment, student, notebook, cell, max_score, auto, manual, extra in _bounded_rows(path, _GRADES_SQL, lang):
        names = [_name(assignment), _name(student), _name(notebook), _name(cell)]
        top, auto, manual, extra = (_number(max_score), _number(auto), _number(manual), _number(extra))
        if None in names or top is None:
            continue
        base = manual if manual is not None else auto
        score = 0.0 if base is None else base + (extra or 0.0)
        grades.setdefault(names[0], {}).setdefault(names[1], {})[(names[2], names[3])] = (score, top)
    return grades


# What nbgrader's generate_assignment puts in the gradebook (every released assignment and
# its test cells, submitted or not), and the students it knows (autograde adds each
# student it grades; a teacher can add the others, ``nbgrader db student add``).
_RELEASED_SQL = """
SELECT a.name, n.name, bc.name
FROM grade_cells AS gc
JOIN base_cell AS bc ON gc.id = bc.id
JOIN notebook AS n ON bc.notebook_id = n.id
JOIN assignment AS a ON n.assignment_id = a.id
"""
_STUDENTS_SQL = "SELECT id FROM student"

Released = Dict[str, List[Tuple[str, str]]]


def read_roster(path, lang: str = "en") -> Tuple[Released, List[str]]:
    """The assignments of nbgrader's gradebook ``path`` with their test cells, submitted
    or not, as ``{assignment: [(notebook, test_cell), ...]}`` (the cells in their
    number's order), and the students it knows, sorted. Read as
    :func:`read_gradebook` reads; a gradebook without these tables raises
    :class:`GradebookError`."""
    released: Dict[str, set] = {}
    for assignment, notebook, cell in _bounded_rows(path, _RELEASED_SQL, lang):
        names = [_name(assignment), _name(notebook), _name(cell)]
        if None not in names:
            released.setdefault(names[0], set()).add((names[1], names[2]))
    students = sorted({s for s in (_name(row[0]) for row in _bounded_rows(path, _STUDENTS_SQL, lang)) if s})
    return ({name: sorted(cells, key=lambda c: (c[0], _number_of(c[1]))) for name, cells in released.items()},
            students)


def _one_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return (text[0] if text else type(exc).__name__)[:_GB_TEXT]


def _number_of(grade_id: str) -> Tuple[int, str]:
    found = re.search(r"(\d+)$", grade_id)
    return (int(found.group(1)) if found else 1 << 30, grade_id)


def with_grades(labs: List[LabReport], grades: Grades) -> List[LabReport]:
    """``labs`` with the gradebook's scores: a test cell passed when its score reaches its
    maximum. A student (or lab) the gradebook has and the notebooks lack is added, with
    the scores alone."""
    by_name = {lab.name: lab for lab in labs}
    for name in sorted(grades):
        lab = by_name.get(name)
        if lab is None:
            lab = by_name[name] = LabReport(name, name, [], [])
        lab.scored = True
        cells: Dict[str, Exercise] = {}
        for ex in lab.exercises:
            for r in ex.results.values():
                if r.grade_id:
                    cells.setdefault(r.grade_id, ex)
        for student, scores in sorted(grades[name].items()):
            for (_notebook, cell), (score, top) in sorted(scores.items(), key=lambda kv: _number_of(kv[0][1])):
                ex = cells.get(cell)
                if ex is None:
                    ex = cells[cell] = Exercise(len(lab.exercises) + 1)
                    lab.exercises.append(ex)
                result = ex.results.get(student)
                if result is None:
                    result = ex.results[student] = SubmissionCheck(FAILED, [], True, cell)
                result.score, result.max_score = score, top
                result.status = PASSED if top > 0 and score >= top else FAILED
            if student not in lab.students:
                lab.students = sorted(lab.students + [student])
    return [by_name[name] for name in sorted(by_name)]
