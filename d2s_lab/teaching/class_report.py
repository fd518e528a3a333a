"""``d2s-lab labs report COURSE_DIR``: where the class stands, as one offline HTML page.

    d2s-lab labs report my_course                       # after nbgrader autograde
    d2s-lab labs report collected/ --lang zh            # executed student copies, no nbgrader
    d2s-lab labs --report my_course --out report.html

For each lab and each self-check (exercise): how many students passed, the most common
failure messages (grouped, with how many students saw each), and which students have not
attempted it (their answer cells are as they were handed out), with a bar chart drawn
as inline SVG. The page reads offline and without scripts; everything taken from the
notebooks is escaped. No student code is run: the report reads what the autograder (or
the student's own run) left in the notebooks.

Where it reads:

* an nbgrader course (``d2s-lab labs --nbgrader``) with nbgrader's gradebook
  (``gradebook.db``): the scores per student, lab and test cell come from the gradebook
  (a manual grade a teacher gave in formgrader counts), read with Python's own ``sqlite3``
  in read-only mode, so nbgrader need not be installed to build the report; the failure
  messages come from the autograded notebooks' test cell outputs;
* an nbgrader course without a readable gradebook: ``autograded/<student>/<lab>/*.ipynb``;
  a test cell with an error output failed (a ``CheckNotPassed`` carries the self-check's
  sentences), one without passed; the answer cells are compared with ``release/``. A
  gradebook that cannot be read (not SQLite, damaged, another schema, too large) is named
  in one line on the page and on the terminal, and the notebooks are used instead;
* otherwise a folder of collected notebooks, ``<student>/NN_name.LANG.ipynb`` (student
  copies of ``d2s-lab labs``, executed): the self-check boxes' verdicts and sentences; the
  answer cells are compared with the lab's student copy.
"""
from __future__ import annotations

import html
import math
import re
import sqlite3
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Optional, Tuple

from d2s_lab.teaching.handouts import CHECK_TAG, LABS_DIR, LANGS, cell_tags, check_verdict, lab_files, localize, \
    read_lab, student_copy
from d2s_lab.text import t

PASSED, FAILED, NOT_RUN = "pass", "fail", "not_run"
REPORT_NAME = "class_report.html"
GRADEBOOK_NAME = "gradebook.db"
# Where the outcomes come from (ClassData.source).
FROM_GRADEBOOK, FROM_AUTOGRADED, FROM_COLLECTED = "gradebook", "autograded", "collected"
_SOURCE_KEYS = {FROM_GRADEBOOK: "course.source_gradebook", FROM_AUTOGRADED: "course.source_autograded",
                FROM_COLLECTED: "course.source_collected"}
_SQLITE_MAGIC = b"SQLite format 3\x00"
_GB_MAX_ROWS = 200_000        # a course of 1000 students x 6 labs x 4 checks is 24 000
_GB_STEPS = 10_000            # SQLite steps between two calls of the progress handler
_GB_MAX_CALLS = 5_000         # so at most 5e7 steps (well under a second per 1e7) per query
_GB_TEXT = 200                # longest name kept from the gradebook
_LABEL = re.compile(r"""expect(?:_saved)?\(\s*["']([^"']{1,40})["']""")
# lab.expect("ex1", exercise="ex3"): the check of exercise 3 reads exercise 1's result
_EXERCISE = re.compile(r"""exercise\s*=\s*["']([^"']{1,40})["']""")
_FAIL_ITEM = re.compile(r'<li class="d2s-lab-item d2s-lab-item-fail"[^>]*>(.*?)</li>', re.S)
_TAG = re.compile(r"<[^>]+>")


@dataclass
class CheckResult:
    """One student's outcome on one self-check."""

    status: str
    messages: List[str]
    attempted: bool
    grade_id: str = ""                 # the nbgrader test cell's id (nbgrader courses)
    score: Optional[float] = None      # from the gradebook, when it was read
    max_score: Optional[float] = None


@dataclass
class Exercise:
    """The class's outcomes on one self-check of one lab."""

    number: int
    label: str = ""
    results: Dict[str, CheckResult] = field(default_factory=dict)

    def count(self, status: str) -> int:
        return sum(1 for r in self.results.values() if r.status == status)

    def not_attempted(self) -> List[str]:
        """Students who left the answer as handed out and did not pass (a passing check
        counts as answered, whatever the cell holds)."""
        return sorted(s for s, r in self.results.items() if not r.attempted and r.status != PASSED)

    def failed(self) -> List[str]:
        """Students who answered and did not pass (a blank answer is not a failure)."""
        return sorted(s for s, r in self.results.items() if r.attempted and r.status != PASSED)

    def failures(self, top: int = 3) -> List[Tuple[str, int]]:
        """The most common failure sentences of the students who answered, each counted
        once per student."""
        seen = Counter()
        for s in self.failed():
            seen.update(set(self.results[s].messages))
        return seen.most_common(top)


@dataclass
class LabReport:
    name: str
    title: str
    exercises: List[Exercise]
    students: List[str]
    scored: bool = False  # the scores come from the gradebook

    def points(self, student: str) -> Optional[Tuple[float, float]]:
        """``(score, max_score)`` of ``student`` in this lab from the gradebook, or None."""
        got = [r for r in (ex.results.get(student) for ex in self.exercises) if r is not None and r.score is not None]
        if not got:
            return None
        return sum(r.score for r in got), sum(r.max_score or 0.0 for r in got)


@dataclass
class ClassData:
    """What :func:`read_class` found: the labs, where the outcomes came from
    (``FROM_GRADEBOOK``, ``FROM_AUTOGRADED`` or ``FROM_COLLECTED``) and, when a
    ``gradebook.db`` was there but could not be read, why (one line)."""

    labs: List[LabReport]
    source: str
    problem: str = ""


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


def read_gradebook(path, lang: str = "en") -> Grades:
    """The scores in nbgrader's gradebook ``path`` (nbgrader 0.9's schema), as
    ``{assignment: {student: {(notebook, test_cell): (score, max_score)}}}``.

    The score is nbgrader's: the manual grade when a teacher gave one, else the
    autograder's, plus any extra credit. Read with ``sqlite3`` in read-only mode, with a
    bound on the rows and on the work of the query; anything that is not a gradebook
    raises :class:`GradebookError` with a one-line message in ``lang``."""
    path = Path(path)
    if not path.is_file():  # a folder, a pipe or a device is no gradebook
        raise GradebookError(t("course.gb_not_sqlite", lang))
    try:
        with open(path, "rb") as fh:
            if fh.read(len(_SQLITE_MAGIC)) != _SQLITE_MAGIC:
                raise GradebookError(t("course.gb_not_sqlite", lang))
        con = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    except (OSError, sqlite3.Error) as exc:
        raise GradebookError(t("course.gb_sqlite", lang, message=_one_line(exc))) from None
    calls = [0]

    def _progress():
        calls[0] += 1
        return calls[0] > _GB_MAX_CALLS  # non-zero stops the query

    grades: Grades = {}
    try:
        con.set_progress_handler(_progress, _GB_STEPS)
        cursor = con.execute(_GRADES_SQL)
        rows = cursor.fetchmany(_GB_MAX_ROWS + 1)
        if len(rows) > _GB_MAX_ROWS:
            raise GradebookError(t("course.gb_too_large", lang, rows=_GB_MAX_ROWS))
        for assignment, student, notebook, cell, max_score, auto, manual, extra in rows:
            names = [_name(assignment), _name(student), _name(notebook), _name(cell)]
            top, auto, manual, extra = (_number(max_score), _number(auto), _number(manual), _number(extra))
            if None in names or top is None:
                continue
            base = manual if manual is not None else auto
            score = 0.0 if base is None else base + (extra or 0.0)
            grades.setdefault(names[0], {}).setdefault(names[1], {})[(names[2], names[3])] = (score, top)
    except sqlite3.OperationalError as exc:
        if calls[0] > _GB_MAX_CALLS:
            raise GradebookError(t("course.gb_too_slow", lang)) from None
        raise GradebookError(t("course.gb_sqlite", lang, message=_one_line(exc))) from None
    except (sqlite3.Error, ValueError, TypeError, OverflowError, MemoryError) as exc:
        raise GradebookError(t("course.gb_sqlite", lang, message=_one_line(exc))) from None
    finally:
        con.close()
    return grades


def _one_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return (text[0] if text else type(exc).__name__)[:_GB_TEXT]


def _nb(path: Path):
    import nbformat

    return nbformat.read(str(path), as_version=4)


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


def _plain(text: str) -> str:
    return html.unescape(_TAG.sub("", text)).replace("✘", "").strip()


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


def _check_outcome(cell, graded: bool, lang: str) -> Tuple[str, List[str]]:
    outputs = cell.get("outputs", [])
    errors = _error_messages(outputs)
    if errors is not None:
        return FAILED, errors
    if graded:
        if cell.get("execution_count") is None and not outputs:
            return NOT_RUN, [t("course.not_run", lang)]
        return PASSED, []
    verdict = check_verdict(cell)
    if verdict in ("pass", "partial"):
        return PASSED, []
    if verdict == "none":
        return NOT_RUN, [t("course.not_run", lang)]
    shown = " ".join(str(o.get("data", {}).get("text/html", "")) for o in outputs)
    return FAILED, [_plain(m) for m in _FAIL_ITEM.findall(shown)] or [t("course.not_run", lang)]


def read_notebook(nb, reference, graded: bool, lang: str) -> List[Tuple[str, CheckResult]]:
    """Each self-check's outcome in one student's notebook ``nb``, in order, as
    ``(label, CheckResult)``. An exercise counts as attempted when one of the answer
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
            out.append((label.group(1) if label else "", CheckResult(status, messages, attempted, grade_id)))
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
    """:func:`collect`'s labs with where they came from (:class:`ClassData`)."""
    root = Path(course_dir)
    labs = _collect_notebooks(root, lang)
    if not (root / "autograded").is_dir() and not (root / GRADEBOOK_NAME).exists():
        return ClassData(labs, FROM_COLLECTED)
    if not (root / GRADEBOOK_NAME).exists():
        return ClassData(labs, FROM_AUTOGRADED)
    try:
        grades = read_gradebook(root / GRADEBOOK_NAME, lang)
    except GradebookError as exc:
        return ClassData(labs, FROM_AUTOGRADED, str(exc))
    return ClassData(_with_grades(labs, grades), FROM_GRADEBOOK)


def _number_of(grade_id: str) -> Tuple[int, str]:
    found = re.search(r"(\d+)$", grade_id)
    return (int(found.group(1)) if found else 1 << 30, grade_id)


def _with_grades(labs: List[LabReport], grades: Grades) -> List[LabReport]:
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
                    result = ex.results[student] = CheckResult(FAILED, [], True, cell)
                result.score, result.max_score = score, top
                result.status = PASSED if top > 0 and score >= top else FAILED
            if student not in lab.students:
                lab.students = sorted(lab.students + [student])
    return [by_name[name] for name in sorted(by_name)]


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
        title = name
        for student, path in sorted(found[name].items()):
            try:
                nb = _nb(path)
            except Exception:  # unreadable notebook: it counts as not handed in
                continue
            title = _lab_title(reference if reference is not None else nb, lang, name)
            for k, (label, result) in enumerate(read_notebook(nb, reference, graded, lang), 1):
                ex = exercises.setdefault(k, Exercise(k, label))
                ex.results[student] = result
        labs.append(LabReport(name, title, [exercises[k] for k in sorted(exercises)], sorted(found[name])))
    return labs


# -- the page ---------------------------------------------------------------------------------
_COLORS = {PASSED: "#2da44e", FAILED: "#cf222e", "skip": "#afb8c1"}


def _bars(lab: LabReport, lang: str) -> str:
    """A horizontal stacked bar per exercise (passed, failed, not attempted), as SVG."""
    n = max(len(lab.students), 1)
    width, row, left, bar = 560, 26, 110, 360
    height = row * len(lab.exercises) + 30
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" role="img" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">']
    for i, ex in enumerate(lab.exercises):
        y = 4 + i * row
        passed, failed, skipped = ex.count(PASSED), len(ex.failed()), len(ex.not_attempted())
        name = t("course.exercise", lang, n=ex.number)
        parts.append(f'<text x="0" y="{y + 14}">{html.escape(name)}</text>')
        x = left
        for key, value in ((PASSED, passed), (FAILED, failed), ("skip", skipped)):
            w = bar * value / n
            if value:
                parts.append(f'<rect x="{x:.1f}" y="{y}" width="{w:.1f}" height="18" fill="{_COLORS[key]}">'
                             f'<title>{value}</title></rect>')
            x += w
        parts.append(f'<text x="{left + bar + 8}" y="{y + 14}">{passed}/{len(ex.results)}</text>')
    y = 8 + len(lab.exercises) * row
    x = left
    for key, word in ((PASSED, t("course.passed", lang)), (FAILED, t("course.failed", lang)),
                      ("skip", t("course.not_attempted", lang))):
        parts.append(f'<rect x="{x}" y="{y}" width="12" height="12" fill="{_COLORS[key]}"/>'
                     f'<text x="{x + 16}" y="{y + 10}">{html.escape(word)}</text>')
        x += 130
    parts.append("</svg>")
    return "".join(parts)


def _lab_section(lab: LabReport, lang: str) -> str:
    e = html.escape
    rows = []
    for ex in lab.exercises:
        fails = "".join(f"<li>{e(msg)} <span class='n'>× {n}</span></li>" for msg, n in ex.failures())
        missing = ", ".join(e(s) for s in ex.not_attempted()) or "–"
        label = f" <code>{e(ex.label)}</code>" if ex.label else ""
        rows.append(f"<tr><td>{e(t('course.exercise', lang, n=ex.number))}{label}</td>"
                    f"<td class='num'>{ex.count(PASSED)}/{len(ex.results)}</td>"
                    f"<td><ul>{fails}</ul></td><td>{missing}</td></tr>")
    head = (f"<tr><th>{e(t('course.col_exercise', lang))}</th><th>{e(t('course.passed', lang))}</th>"
            f"<th>{e(t('course.col_failures', lang))}</th><th>{e(t('course.not_attempted', lang))}</th></tr>")
    students = t("course.students_in_lab", lang, n=len(lab.students))
    return (f"<section><h2>{e(lab.name)} · {e(lab.title)}</h2><p>{e(students)}</p>{_bars(lab, lang)}"
            f"<table>{head}{''.join(rows)}</table>{_by_student(lab, lang)}</section>")


_MARKS = {PASSED: ("✔", "#1a7f37"), FAILED: ("✘", "#cf222e"), "blank": ("–", "#57606a")}


def _by_student(lab: LabReport, lang: str) -> str:
    """Who did what: one row per student, one column per exercise, each cell the outcome
    and, for a failed check, the student's own messages."""
    e = html.escape
    head = "".join(f"<th>{e(t('course.exercise', lang, n=ex.number))}"
                   + (f" <code>{e(ex.label)}</code>" if ex.label else "") + "</th>" for ex in lab.exercises)
    rows = []
    for student in lab.students:
        cells = []
        for ex in lab.exercises:
            r = ex.results.get(student)
            if r is None:
                cells.append("<td>–</td>")
                continue
            kind = PASSED if r.status == PASSED else ("blank" if not r.attempted else FAILED)
            mark, color = _MARKS[kind]
            word = t({PASSED: "course.passed", FAILED: "course.failed", "blank": "course.not_attempted"}[kind], lang)
            said = "".join(f"<div class='msg'>{e(m)}</div>" for m in r.messages[:3]) if kind != PASSED else ""
            cells.append(f"<td><span style='color:{color};font-weight:700' title='{e(word)}'>{mark}</span> "
                         f"{e(word)}{said}</td>")
        rows.append(f"<tr><td>{e(student)}</td>{''.join(cells)}</tr>")
    return (f"<details class='by-student'><summary>{e(t('course.by_student', lang))}</summary>"
            f"<table><tr><th>{e(t('course.col_student', lang))}</th>{head}</tr>{''.join(rows)}</table></details>")


def _overview(labs: List[LabReport], students: List[str], lang: str) -> str:
    """Students by labs: the self-checks each passed, or the points the gradebook gives
    (``–``: not handed in)."""
    e = html.escape
    head = "".join(f"<th>{e(lab.name)}</th>" for lab in labs)
    rows = []
    for student in students:
        cells = []
        for lab in labs:
            if student not in lab.students:
                cells.append("<td class='num'>–</td>")
                continue
            points = lab.points(student) if lab.scored else None
            if points is not None:
                cells.append(f"<td class='num'>{points[0]:g}/{points[1]:g}</td>")
                continue
            passed = sum(1 for ex in lab.exercises if ex.results.get(student, None) is not None
                         and ex.results[student].status == PASSED)
            cells.append(f"<td class='num'>{passed}/{len(lab.exercises)}</td>")
        rows.append(f"<tr><td>{e(student)}</td>{''.join(cells)}</tr>")
    title = t("course.overview_points" if any(lab.scored for lab in labs) else "course.overview_title", lang)
    return (f"<h2>{e(title)}</h2>"
            f"<table><tr><th>{e(t('course.col_student', lang))}</th>{head}</tr>{''.join(rows)}</table>")


def _source_line(data: ClassData, root: str, lang: str) -> str:
    """Which source the page read, and why not the gradebook when one was there."""
    gradebook = str(Path(root) / GRADEBOOK_NAME) if root else GRADEBOOK_NAME
    line = t(_SOURCE_KEYS[data.source], lang, path=gradebook)
    if data.problem:
        line = t("course.gb_unreadable", lang, path=gradebook, problem=data.problem) + " " + line
    return line


def report_html(labs, lang: str = "en", source: str = "") -> str:
    """The class report of :func:`collect`'s labs (or of :func:`read_class`'s
    :class:`ClassData`, which also says where the outcomes came from) as one offline
    HTML page."""
    e = html.escape
    data = labs if isinstance(labs, ClassData) else None
    labs = data.labs if data is not None else labs
    students = sorted({s for lab in labs for s in lab.students})
    body = "".join(_lab_section(lab, lang) for lab in labs) or f"<p>{e(t('course.report_empty', lang))}</p>"
    return (f"<!doctype html><html lang='{e(lang)}'><head><meta charset='utf-8'>"
            f"<title>{e(t('course.report_title', lang))}</title><style>"
            "body{font-family:-apple-system,'Segoe UI',Roboto,'Noto Sans SC',sans-serif;margin:2em;color:#1f2328}"
            "table{border-collapse:collapse;margin:8px 0 24px}td,th{border:1px solid #d0d7de;padding:4px 8px;"
            "vertical-align:top;text-align:left}td.num{text-align:right}ul{margin:0;padding-left:16px}"
            ".n{color:#57606a}.msg{font-size:90%;color:#57606a;max-width:28em}summary{cursor:pointer;font-weight:600}"
            "</style></head><body>"
            f"<h1>{e(t('course.report_title', lang))}</h1>"
            f"<p>{e(t('course.report_intro', lang, students=len(students), labs=len(labs), source=source))}</p>"
            f"{'<p>' + e(_source_line(data, source, lang)) + '</p>' if data is not None else ''}"
            f"{_overview(labs, students, lang) if labs else ''}{body}</body></html>")


def write_report(course_dir, out=None, lang: str = "en") -> Tuple[Path, List[LabReport]]:
    """Write the class report of ``course_dir`` to ``out`` (default
    ``course_dir/class_report.html``); returns the path and the labs read. A gradebook
    that could not be read is said in one line on standard error (and on the page)."""
    root = Path(course_dir).resolve()
    data = read_class(root, lang)
    if data.problem:
        print(t("course.gb_unreadable", lang, path=root / GRADEBOOK_NAME, problem=data.problem), file=sys.stderr)
    path = Path(out) if out else root / REPORT_NAME
    path.write_text(report_html(data, lang, source=str(root)), encoding="utf-8")
    return path, data.labs
