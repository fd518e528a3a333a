"""``d2s-lab labs --nbgrader COURSE_DIR``: the teaching labs as an nbgrader course.

    d2s-lab labs --nbgrader my_course              # every lab, English and Chinese
    d2s-lab labs --nbgrader my_course --lang en    # English only
    cd my_course
    nbgrader generate_assignment 01_input_spec.en  # release/01_input_spec.en/: the student copy
    nbgrader autograde 01_input_spec.en            # grades submitted/<student>/01_input_spec.en/
    d2s-lab labs report .                          # the class report (class_report.html)

Each lab and language becomes one assignment, ``source/NN_name.LANG/NN_name.LANG.ipynb``,
with nbgrader's cell metadata:

* each exercise cell is a solution cell: the answer stands between ``### BEGIN SOLUTION``
  and ``### END SOLUTION`` (or fills the cell), so ``nbgrader generate_assignment`` strips
  it as the student copies of ``d2s-lab labs`` are stripped: the same "your code here"
  placeholder in the lab's language, or the exercise's starter code;
* each self-check cell is an autograded test cell worth one point; it ends in
  ``.graded()``, so a check that does not pass raises an ``AssertionError`` carrying the
  same kind message the box shows (never the answer), and one that passes is silent;
* every other cell (the lab's text, the given code, the setup cell) is read-only.

``nbgrader_config.py`` sets the course id, the gradebook (``gradebook.db`` in the course
folder), the ``python3`` kernel, a cell timeout long enough for the benchmarks, and the
step that puts the starter code and the lab's placeholder into the released copies
(:func:`release_starters`, run after nbgrader's ``ClearSolutions``). Writing the course
needs only nbformat; grading needs nbgrader (``pip install "d2s_lab[course]"``) in the
environment whose ``python3`` kernel has Paddle and d2s_lab.
"""
from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import List, Optional

from d2s_lab.teaching.handouts import (CHECK_TAG, LABS_DIR, LANGS, PACKAGE_DIR, SOLUTION_TAG, is_inside, cell_tags,
                                       lab_files, localize, read_lab)
from d2s_lab.text import t

COURSE_ID = "d2s_lab"
# What nbgrader writes in place of an answer; release_starters turns it into the lab's own
# placeholder in the notebook's language.
CODE_STUB = "# Your code here"
POINTS = 1
GRADED_CALL = ".graded()"

CONFIG = '''\
"""nbgrader configuration of the d2s_lab course (written by d2s-lab labs --nbgrader).

Run nbgrader from this folder, with the Python that has Paddle, d2s_lab and nbgrader:
    nbgrader generate_assignment 01_input_spec.en
    nbgrader autograde 01_input_spec.en
"""
import os

from nbgrader.converters import GenerateAssignment

from d2s_lab.teaching.course import CODE_STUB, release_starters

HERE = os.path.dirname(os.path.abspath(__file__))
c = get_config()  # noqa: F821 (given by nbgrader)

c.CourseDirectory.course_id = {course_id!r}
c.CourseDirectory.root = HERE
c.CourseDirectory.db_url = "sqlite:///" + os.path.join(HERE, "gradebook.db")

# The labs' kernel: every Jupyter has python3 (it must import Paddle and d2s_lab).
c.Execute.kernel_name = "python3"
# Conversions and the benchmark of lab 6 take longer than nbgrader's default.
c.Execute.timeout = {timeout}

# Answers become the lab's "your code here" placeholder, or the exercise's starter code.
c.ClearSolutions.code_stub = dict(python=CODE_STUB)
_steps = list(GenerateAssignment.class_traits()["preprocessors"].default())
for _i, _step in enumerate(_steps):
    if getattr(_step, "__name__", "") == "ClearSolutions":
        _steps.insert(_i + 1, release_starters)
        break
c.GenerateAssignment.preprocessors = _steps
'''

_LINE = re.compile(r"^(\s*)(.*?)\s*$")


def inside_package(path) -> bool:
    """Whether ``path`` lies inside the installed d2s_lab (never a place to write a course)."""
    return is_inside(Path(path).resolve(), PACKAGE_DIR)


def assignment_name(stem: str, lang: str) -> str:
    """The assignment (and notebook) name of lab ``stem`` in ``lang``: ``01_input_spec.en``."""
    return f"{stem}.{lang}"


def _meta(grade_id: str, *, grade: bool = False, solution: bool = False, locked: bool = False,
          points: Optional[int] = None) -> dict:
    meta = {"grade": grade, "solution": solution, "locked": locked, "grade_id": grade_id,
            "schema_version": 3, "task": False}
    if grade:
        meta["points"] = points
    return meta


def graded_source(source: str) -> str:
    """A self-check cell's source for nbgrader: its last statement ends in ``.graded()``."""
    lines = source.rstrip().splitlines()
    while lines and not lines[-1].strip():
        lines.pop()
    if not lines or lines[-1].rstrip().endswith(GRADED_CALL):
        return source
    lines[-1] = lines[-1].rstrip() + GRADED_CALL
    return "\n".join(lines)


def course_notebook(teacher, lang: str):
    """The nbgrader source notebook of a localized teacher notebook (``handouts.localize``):
    solution cells, graded self-check cells and read-only cells, outputs cleared."""
    nb = copy.deepcopy(teacher)
    exercises = checks = others = 0
    for cell in nb.cells:
        tags = cell_tags(cell)
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
        if cell.cell_type == "code" and SOLUTION_TAG in tags:
            exercises += 1
            cell.metadata["nbgrader"] = _meta(f"answer_{exercises}", solution=True)
        elif cell.cell_type == "code" and CHECK_TAG in tags:
            checks += 1
            cell.source = graded_source(cell.source)
            cell.metadata["nbgrader"] = _meta(f"check_{checks}", grade=True, locked=True, points=POINTS)
        else:
            others += 1
            cell.metadata["nbgrader"] = _meta(f"given_{others}", locked=True)
    nb.metadata.setdefault("d2s_lab", {})["lang"] = lang
    nb.metadata["d2s_lab"]["checks"] = checks
    return nb


def release_starters(nb, resources):
    """nbgrader step after ``ClearSolutions`` (``GenerateAssignment.preprocessors``): an
    exercise with starter code (cell metadata ``d2s_lab.student``) gets it back, the other
    answers read the lab's placeholder in the notebook's language, as in ``d2s-lab labs``'
    student copies; the starter metadata is dropped from the released copy."""
    lang = nb.metadata.get("d2s_lab", {}).get("lang", "en")
    placeholder = t("labs.placeholder", lang if lang in LANGS else "en")
    for cell in nb.cells:
        if cell.cell_type != "code" or not cell.metadata.get("nbgrader", {}).get("solution"):
            continue
        starter = cell.metadata.get("d2s_lab", {}).get("student")
        if starter is not None:
            cell.source = starter
        else:
            lines = []
            for line in cell.source.splitlines():
                indent, text = _LINE.match(line).groups()
                lines.append(indent + placeholder if text == CODE_STUB else line)
            cell.source = "\n".join(lines)
        cell.metadata.pop("d2s_lab", None)
        tags = [tag for tag in cell_tags(cell) if tag != SOLUTION_TAG]
        cell.metadata["tags"] = tags + (["exercise"] if "exercise" not in tags else [])
    return nb, resources


def write_course(course_dir, langs=LANGS, only: Optional[List[str]] = None, folder: Path = LABS_DIR,
                 timeout: int = 900) -> List[str]:
    """Write the labs of ``folder`` (those whose number or name is in ``only``) in each of
    ``langs`` as nbgrader assignments under ``course_dir/source/``, with
    ``course_dir/nbgrader_config.py``. Returns the assignment names."""
    import nbformat

    course_dir = Path(course_dir).resolve()
    names = []
    for path in lab_files(folder, only):
        stem = path.stem
        source = read_lab(path)
        for lang in langs:
            name = assignment_name(stem, lang)
            target = course_dir / "source" / name
            target.mkdir(parents=True, exist_ok=True)
            nbformat.write(course_notebook(localize(source, lang), lang), str(target / f"{name}.ipynb"))
            names.append(name)
    if names:
        (course_dir / "nbgrader_config.py").write_text(
            CONFIG.format(course_id=COURSE_ID, timeout=int(timeout)), encoding="utf-8")
    return names

