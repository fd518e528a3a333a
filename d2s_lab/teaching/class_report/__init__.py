"""``d2s-lab labs report COURSE_DIR``: where the class stands, as one offline HTML page.

    d2s-lab labs report my_course                       # after nbgrader autograde
    d2s-lab labs report collected/ --lang zh            # executed student copies, no nbgrader
    d2s-lab labs --report my_course --out report.html

For each lab and each self-check (exercise): how many students passed, the most common
failure messages (grouped, with how many students saw each), and which students have not
attempted it (their answer cells are as they were handed out), with a bar chart drawn
as inline SVG. In an nbgrader course, a lab released to the class (in the gradebook or in
``release/``) that no one has handed in yet is there too, every student of the class not
attempting any of its exercises; and every student the course knows (the gradebook's
students, the folders in ``submitted/`` and ``autograded/``; in a folder of collected copies,
an empty student folder) is in the overview, one who handed in nothing included. Each
exercise is counted over that class: a student who did not hand a lab in is not attempting
each of its exercises (and ``–`` in the overview). The page reads offline and without
scripts; everything taken from the notebooks is escaped. No student code is run: the report reads what the autograder (or
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
  copies of ``d2s-lab labs``, executed): the self-check boxes' verdicts and sentences, read
  from the JSON record each box carries (``application/vnd.d2s-lab.check+json``); the
  answer cells are compared with the lab's student copy.

The parts: :mod:`.outcomes` (what the report knows), :mod:`.gradebook` (nbgrader's
scores), :mod:`.notebooks` (the students' notebooks, and the class read from them) and
:mod:`.page` (the HTML page).
"""
from d2s_lab.teaching.class_report.gradebook import GRADEBOOK_NAME, Grades, GradebookError, read_gradebook, \
    read_roster
from d2s_lab.teaching.class_report.notebooks import collect, read_class, read_notebook
from d2s_lab.teaching.class_report.outcomes import FAILED, FROM_AUTOGRADED, FROM_COLLECTED, FROM_GRADEBOOK, \
    NOT_RUN, PASSED, ClassData, Exercise, LabReport, SubmissionCheck
from d2s_lab.teaching.class_report.page import REPORT_NAME, report_html, write_report

__all__ = ["FAILED", "FROM_AUTOGRADED", "FROM_COLLECTED", "FROM_GRADEBOOK", "GRADEBOOK_NAME", "NOT_RUN", "PASSED",
           "REPORT_NAME", "ClassData", "Exercise", "GradebookError", "Grades", "LabReport", "SubmissionCheck",
           "collect", "read_class", "read_gradebook", "read_notebook", "read_roster", "report_html", "write_report"]
