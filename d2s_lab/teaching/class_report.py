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

* an nbgrader course (``d2s-lab labs --nbgrader``): ``autograded/<student>/<lab>/*.ipynb``;
  a test cell with an error output failed (a ``CheckNotPassed`` carries the self-check's
  sentences), one without passed; the answer cells are compared with ``release/``;
* otherwise a folder of collected notebooks, ``<student>/NN_name.LANG.ipynb`` (student
  copies of ``d2s-lab labs``, executed): the self-check boxes' verdicts and sentences; the
  answer cells are compared with the lab's student copy.
"""
from __future__ import annotations

import html
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Optional, Tuple

from d2s_lab.teaching.handouts import CHECK_TAG, LABS_DIR, LANGS, cell_tags, check_verdict, lab_files, localize, \
    read_lab, student_copy
from d2s_lab.text import t

PASSED, FAILED, NOT_RUN = "pass", "fail", "not_run"
REPORT_NAME = "class_report.html"
_LABEL = re.compile(r"""expect(?:_saved)?\(\s*["']([^"']{1,40})["']""")
_FAIL_ITEM = re.compile(r'<li class="d2s-lab-item d2s-lab-item-fail"[^>]*>(.*?)</li>', re.S)
_TAG = re.compile(r"<[^>]+>")


@dataclass
class CheckResult:
    """One student's outcome on one self-check."""

    status: str
    messages: List[str]
    attempted: bool


@dataclass
class Exercise:
    """The class's outcomes on one self-check of one lab."""

    number: int
    label: str = ""
    results: Dict[str, CheckResult] = field(default_factory=dict)

    def count(self, status: str) -> int:
        return sum(1 for r in self.results.values() if r.status == status)

    def not_attempted(self) -> List[str]:
        return sorted(s for s, r in self.results.items() if not r.attempted)

    def failures(self, top: int = 3) -> List[Tuple[str, int]]:
        """The most common failure sentences, each counted once per student."""
        seen = Counter()
        for r in self.results.values():
            if r.status != PASSED:
                seen.update(set(r.messages))
        return seen.most_common(top)


@dataclass
class LabReport:
    name: str
    title: str
    exercises: List[Exercise]
    students: List[str]


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
    None: every exercise counts as attempted)."""
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
            label = _LABEL.search(cell.source)
            out.append((label.group(1) if label else "", CheckResult(status, messages, attempted)))
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
    ``autograded/``, else ``<student>/NN_name.LANG.ipynb``); one :class:`LabReport` per lab."""
    root = Path(course_dir)
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
        passed = ex.count(PASSED)
        skipped = len([s for s in ex.not_attempted() if ex.results[s].status != PASSED])
        failed = len(ex.results) - passed - skipped
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
            f"<table>{head}{''.join(rows)}</table></section>")


def _overview(labs: List[LabReport], students: List[str], lang: str) -> str:
    """Students by labs: the self-checks each passed (``–``: not handed in)."""
    e = html.escape
    head = "".join(f"<th>{e(lab.name)}</th>" for lab in labs)
    rows = []
    for student in students:
        cells = []
        for lab in labs:
            if student not in lab.students:
                cells.append("<td class='num'>–</td>")
                continue
            passed = sum(1 for ex in lab.exercises if ex.results.get(student, None) is not None
                         and ex.results[student].status == PASSED)
            cells.append(f"<td class='num'>{passed}/{len(lab.exercises)}</td>")
        rows.append(f"<tr><td>{e(student)}</td>{''.join(cells)}</tr>")
    return (f"<h2>{e(t('course.overview_title', lang))}</h2>"
            f"<table><tr><th>{e(t('course.col_student', lang))}</th>{head}</tr>{''.join(rows)}</table>")


def report_html(labs: List[LabReport], lang: str = "en", source: str = "") -> str:
    """The class report of :func:`collect`'s labs as one offline HTML page."""
    e = html.escape
    students = sorted({s for lab in labs for s in lab.students})
    body = "".join(_lab_section(lab, lang) for lab in labs) or f"<p>{e(t('course.report_empty', lang))}</p>"
    return (f"<!doctype html><html lang='{e(lang)}'><head><meta charset='utf-8'>"
            f"<title>{e(t('course.report_title', lang))}</title><style>"
            "body{font-family:-apple-system,'Segoe UI',Roboto,'Noto Sans SC',sans-serif;margin:2em;color:#1f2328}"
            "table{border-collapse:collapse;margin:8px 0 24px}td,th{border:1px solid #d0d7de;padding:4px 8px;"
            "vertical-align:top;text-align:left}td.num{text-align:right}ul{margin:0;padding-left:16px}"
            ".n{color:#57606a}</style></head><body>"
            f"<h1>{e(t('course.report_title', lang))}</h1>"
            f"<p>{e(t('course.report_intro', lang, students=len(students), labs=len(labs), source=source))}</p>"
            f"{_overview(labs, students, lang) if labs else ''}{body}</body></html>")


def write_report(course_dir, out=None, lang: str = "en") -> Tuple[Path, List[LabReport]]:
    """Write the class report of ``course_dir`` to ``out`` (default
    ``course_dir/class_report.html``); returns the path and the labs read."""
    root = Path(course_dir).resolve()
    labs = collect(root, lang)
    path = Path(out) if out else root / REPORT_NAME
    path.write_text(report_html(labs, lang, source=str(root)), encoding="utf-8")
    return path, labs
