"""What the class report knows: each student's outcome on each self-check
(:class:`SubmissionCheck`), gathered per exercise (:class:`Exercise`), per lab
(:class:`LabReport`) and for the class (:class:`ClassData`, which also says where the
outcomes came from)."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Tuple

PASSED, FAILED, NOT_RUN = "pass", "fail", "not_run"
# Where the outcomes come from (ClassData.source).
FROM_GRADEBOOK, FROM_AUTOGRADED, FROM_COLLECTED = "gradebook", "autograded", "collected"


@dataclass
class SubmissionCheck:
    """One student's outcome on one self-check: ``status`` (``pass``, ``fail`` or
    ``not_run``), the messages of the checks that did not pass, whether the student
    changed the answer cells, and the scores the gradebook gives."""

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
    results: Dict[str, SubmissionCheck] = field(default_factory=dict)

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
    """The class's outcomes on one lab: its exercises and the students who handed it in.

    A lab released to the class that no one has handed in yet (``submitted`` False)
    lists the whole class in ``students``, each with every exercise not attempted. In a
    lab some students handed in, each exercise's ``results`` also hold the students of
    the class who did not hand it in (not attempted, no score); ``students`` are those
    who handed it in."""

    name: str
    title: str
    exercises: List[Exercise]
    students: List[str]
    scored: bool = False  # the scores come from the gradebook
    submitted: bool = True  # False: released, no submission of it read yet
    # student -> why the copy they handed in could not be read (counted as not handed in)
    unreadable: Dict[str, str] = field(default_factory=dict)

    def handed_in(self, student: str) -> bool:
        """Whether ``student`` handed this lab in."""
        return self.submitted and student in self.students

    def points(self, student: str) -> Optional[Tuple[float, float]]:
        """``(score, max_score)`` of ``student`` in this lab from the gradebook, or None."""
        got = [r for r in (ex.results.get(student) for ex in self.exercises) if r is not None and r.score is not None]
        if not got:
            return None
        return sum(r.score for r in got), sum(r.max_score or 0.0 for r in got)


@dataclass
class ClassData:
    """What :func:`~.notebooks.read_class` found: the labs, where the outcomes came from
    (``FROM_GRADEBOOK``, ``FROM_AUTOGRADED`` or ``FROM_COLLECTED``) and, when a
    ``gradebook.db`` was there but could not be read, why (one line); ``students``: every
    student the course knows, those who handed in nothing included."""

    labs: List[LabReport]
    source: str
    problem: str = ""
    students: List[str] = field(default_factory=list)
