"""The class report as one offline HTML page: per lab, a bar chart (inline SVG) of who
passed each exercise, the most common failure messages, who has not attempted it, and a
table of each student's outcomes; an overview of every student's points. Everything
taken from the notebooks (student names, their messages) is escaped; the page has no
scripts.
"""
from __future__ import annotations

import html
import sys
from pathlib import Path
from typing import List, Tuple

from d2s_lab.teaching.class_report.gradebook import GRADEBOOK_NAME
from d2s_lab.teaching.class_report.notebooks import read_class
from d2s_lab.teaching.class_report.outcomes import FAILED, FROM_AUTOGRADED, FROM_COLLECTED, FROM_GRADEBOOK, \
    PASSED, ClassData, LabReport
from d2s_lab.text import t
from d2s_lab.viz.palette import FAIL_COLOR, MUTED, PASS_BAR, PASS_COLOR, SKIP_BAR, with_colors

REPORT_NAME = "class_report.html"
_SOURCE_KEYS = {FROM_GRADEBOOK: "course.source_gradebook", FROM_AUTOGRADED: "course.source_autograded",
                FROM_COLLECTED: "course.source_collected"}

_COLORS = {PASSED: PASS_BAR, FAILED: FAIL_COLOR, "skip": SKIP_BAR}

# The page's stylesheet, filled in once when the module loads.
_STYLE = with_colors(
    "body{font-family:-apple-system,'Segoe UI',Roboto,'Noto Sans SC',sans-serif;margin:2em;color:$TEXT}"
    "table{border-collapse:collapse;margin:8px 0 24px}td,th{border:1px solid $BORDER;padding:4px 8px;"
    "vertical-align:top;text-align:left}td.num{text-align:right}ul{margin:0;padding-left:16px}"
    ".n{color:$MUTED}.msg{font-size:90%;color:$MUTED;max-width:28em}summary{cursor:pointer;font-weight:600}")


def _bars(lab: LabReport, lang: str) -> str:
    """A horizontal stacked bar per exercise (passed, failed, not attempted), as SVG; each
    bar is the class (a student who did not hand the lab in has not attempted it)."""
    width, row, left, bar = 560, 26, 110, 360
    height = row * len(lab.exercises) + 30
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" role="img" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">']
    for i, ex in enumerate(lab.exercises):
        y = 4 + i * row
        passed, failed, skipped = ex.count(PASSED), len(ex.failed()), len(ex.not_attempted())
        n = max(len(ex.results), 1)  # the class: those who did not hand the lab in are not attempted
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
    students = t("course.students_in_lab" if lab.submitted else "course.released_unsubmitted", lang,
                 n=len(lab.students),
                 total=max([len(ex.results) for ex in lab.exercises] + [len(lab.students) + len(lab.unreadable)]))
    if lab.unreadable:
        items = "; ".join(f"{who} ({why})" for who, why in sorted(lab.unreadable.items()))
        students += " " + t("course.copies_unreadable", lang, items=items)
    return (f"<section><h2>{e(lab.name)} · {e(lab.title)}</h2><p>{e(students)}</p>{_bars(lab, lang)}"
            f"<table>{head}{''.join(rows)}</table>{_by_student(lab, lang)}</section>")


_MARKS = {PASSED: ("✔", PASS_COLOR), FAILED: ("✘", FAIL_COLOR), "blank": ("–", MUTED)}


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
            if not lab.handed_in(student):
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
    students = sorted({s for lab in labs for s in lab.students} | set(data.students if data is not None else []))
    body = "".join(_lab_section(lab, lang) for lab in labs) or f"<p>{e(t('course.report_empty', lang))}</p>"
    return (f"<!doctype html><html lang='{e(lang)}'><head><meta charset='utf-8'>"
            f"<title>{e(t('course.report_title', lang))}</title><style>"
            f"{_STYLE}</style></head><body>"
            f"<h1>{e(t('course.report_title', lang))}</h1>"
            f"<p>{e(t('course.report_intro', lang, students=len(students), labs=len(labs), source=source))}</p>"
            f"{'<p>' + e(_source_line(data, source, lang)) + '</p>' if data is not None else ''}"
            f"{_overview(labs, students, lang) if labs else ''}{body}</body></html>")


def write_report(course_dir, out=None, lang: str = "en") -> Tuple[Path, ClassData]:
    """Write the class report of ``course_dir`` to ``out`` (default
    ``course_dir/class_report.html``, a new folder made for it); returns the path and
    what was read (its ``labs`` and ``students``). A gradebook or a copy that could not be
    read is said in one line on standard error (and on the page)."""
    root = Path(course_dir).resolve()
    data = read_class(root, lang)
    if data.problem:
        print(t("course.gb_unreadable", lang, path=root / GRADEBOOK_NAME, problem=data.problem), file=sys.stderr)
    if not data.labs and not data.problem:  # an empty folder, or the wrong one: said where typed too
        print(t("course.report_empty", lang), file=sys.stderr)
    for lab in data.labs:
        if lab.unreadable:
            items = "; ".join(f"{who}/{why}" for who, why in sorted(lab.unreadable.items()))
            print(t("course.copies_unreadable", lang, items=items), file=sys.stderr)
    path = Path(out) if out else root / REPORT_NAME
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(report_html(data, lang, source=str(root)), encoding="utf-8")
    return path, data
