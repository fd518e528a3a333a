"""Self-checks for the teaching labs: ``from d2s_lab import lab``, then
``lab.expect("ex1").converted().has_op("while")``.

This is the students' import; the checks live in :mod:`d2s_lab.teaching.checks`.
"""
from d2s_lab.teaching.checks import *  # noqa: F401,F403  (the students' names)
from d2s_lab.teaching.checks import __all__  # noqa: F401
