"""Self-check cells for teaching labs: ``lab.expect(...)`` and friendly feedback.

A lab's exercise stores its result under a name (``%%to_static ... --as ex1``, a
saved model's prefix, ``%d2s_bench --as ex6``); the check cell below it reads that
result and says, in the notebook's language (``%d2s_lang en|zh``), what is right and
what is not yet — never a traceback, and never the code to write::

    from d2s_lab import lab

    lab.expect("ex1").converted().has_op("while").output(shape=[None, 10])
    lab.expect_saved("build/labs/net").input(shape=[None, 16]).has_method("embed")
    lab.expect("ex6").batches([1, 64]).has_runtime("predictor_onednn")

Every check returns the same :class:`Expectation`, so checks chain; put the chain on
the cell's last line and it shows as a box: one line per check (✔ pass, ✘ not yet,
– not checked) and a verdict. A check that cannot run says why in one sentence.

Op kinds are matched without their dialect and across Paddle versions: ``"while"``
finds ``pd_op.while`` (Paddle 3) and ``while`` (Paddle 2.6); ``"if"`` finds ``pd_op.if``
and 2.6's ``conditional_block``; ``"add"`` finds ``elementwise_add``.  A check that only
Paddle 3 can answer is marked with :meth:`Expectation.on_paddle` and reads "not checked"
on older versions.  Plain data in, plain data out: this module never imports Paddle
itself (it reads :class:`~d2s_lab.core.convert.Conversion`, saved files and
benchmark results).

Each check box also carries its result as data, the JSON mimetype
``application/vnd.d2s-lab.check+json`` (:mod:`.record`): the exercise, the verdict and
each check's verdict and message, in the language the checks ran in. Tools that read
saved notebooks (the handouts' summary, the class report) read that record.

The checks are grouped by what they read: :mod:`.conversion` (a conversion and its
Program), :mod:`.sot`, :mod:`.calls`, :mod:`.saved`, :mod:`.bench` and :mod:`.values`;
:mod:`.expectation` puts them together, :mod:`.box` draws the box, :mod:`.history`
reads the notebook's names and the cells its kernel ran.
"""
from d2s_lab.core.graph.ops import op_kinds
from d2s_lab.teaching.checks.base import CheckLine
from d2s_lab.teaching.checks.expectation import CheckNotPassed, Expectation, expect, expect_saved
from d2s_lab.teaching.checks.history import answer, ready

# The students' names (``from d2s_lab import lab``).
__all__ = ["expect", "expect_saved", "answer", "ready", "Expectation", "CheckLine", "CheckNotPassed", "op_kinds"]

# The teaching tools' names (handouts, class report, catalogue tests), not the students'.
from d2s_lab.teaching.checks.base import FAIL as FAIL, PARTIAL as PARTIAL, PASS as PASS, SKIP as SKIP  # noqa: E402
from d2s_lab.teaching.checks.record import CHECK_MIME as CHECK_MIME, cell_records as cell_records  # noqa: E402
from d2s_lab.teaching.checks.record import check_record as check_record, record_messages as record_messages  # noqa: E402
from d2s_lab.teaching.checks.record import saved_records as saved_records  # noqa: E402
from d2s_lab.teaching.checks.values import CLOSE_CHUNK as CLOSE_CHUNK  # noqa: E402
from d2s_lab.teaching.checks.words import OP_KINDS as OP_KINDS, op_words as op_words  # noqa: E402
