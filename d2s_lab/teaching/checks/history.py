"""What the checks read from the notebook itself: the names it holds (IPython's
``user_ns``) and the cells its kernel ran (``_ih``), to tell a result that is missing
because its exercise is still blank from one whose cell never ran; and the students'
helpers built on them, :func:`ready` and :func:`answer`.
"""
from __future__ import annotations

import inspect
import re
from typing import Any, Dict, List, Optional

from d2s_lab.text import t
from d2s_lab.text.lang import get_lang
from d2s_lab.teaching.checks.base import Missing
from d2s_lab.teaching.checks.words import quoted


def caller_namespace(depth: int = 2) -> Dict[str, Any]:
    """The notebook's namespace: IPython's ``user_ns`` when in a kernel, else the globals
    of the frame ``depth`` calls up."""
    try:
        from IPython import get_ipython

        ip = get_ipython()
        if ip is not None:
            return ip.user_ns
    except Exception:  # IPython missing or broken: plain Python
        pass
    frame = inspect.currentframe()
    try:
        for _ in range(depth):
            frame = frame.f_back if frame is not None else None
        return dict(frame.f_globals) if frame is not None else {}
    finally:
        del frame


def in_kernel() -> bool:
    """A notebook kernel runs this (where the box is seen); not a script or a test run."""
    try:
        from IPython import get_ipython

        return getattr(get_ipython(), "kernel", None) is not None
    except Exception:
        return False


def lookup(name: str, depth: int = 3):
    """The notebook's value of ``name``, or a :class:`~.base.Missing` for it."""
    ns = caller_namespace(depth)
    return ns[name] if name in ns else Missing(name)


def placeholders() -> List[str]:
    """The "your code here" line of a blank exercise, in every language."""
    from d2s_lab.text.lookup import CATALOGUE

    return [v for v in CATALOGUE.get("labs.placeholder", {}).values() if v]


def why_missing(name: str, depth: int = 4) -> str:
    """Why ``name`` is missing, from the cells the kernel ran (IPython's ``_ih``):
    ``ran_empty`` (a cell that stores it with ``--as name`` ran but made nothing),
    ``blank`` (the cell run just before the check still holds the exercise placeholder,
    or did so before an earlier check of the same name: a later exercise that reads
    ``ex1`` after exercise 1 was left blank) or ``missing`` (nothing says it ran)."""
    try:
        ns = caller_namespace(depth)
        history = [str(c) for c in (ns.get("_ih") or ns.get("In") or [])]
    except Exception:  # no history to read: the plain sentence
        return "missing"
    earlier = [c for c in history[:-1] if c.strip()]  # the last one is the check cell itself
    stores = re.compile(rf"--as[=\s]+['\"]?{re.escape(name)}(?![\w.])")
    if any(stores.search(c) for c in earlier):
        return "ran_empty"
    marks = placeholders()
    if earlier and any(p in earlier[-1] for p in marks):
        return "blank"
    checks = re.compile(rf"expect\(\s*['\"]{re.escape(name)}['\"]")
    if any(checks.search(c) and any(p in earlier[i - 1] for p in marks)
           for i, c in enumerate(earlier) if i):
        return "blank"
    return "missing"


def ready(*names: str, lang: Optional[str] = None) -> bool:
    """True when every one of ``names`` exists in the notebook; otherwise prints one kind
    line saying which exercise to do first, and returns False. A given cell that uses an
    exercise's result starts with ``if lab.ready("ex1"):`` so it never raises when the
    exercise is still blank."""
    ns = caller_namespace(2)
    missing = [str(n) for n in names if str(n) not in ns]
    if not missing:
        return True
    try:
        blank = any(why_missing(n, depth=3) in ("blank", "ran_empty") for n in missing)
        print(t("labs.not_ready_blank" if blank else "labs.not_ready", get_lang(lang),
                names=", ".join(quoted(n) for n in missing)))
    except Exception:
        print(", ".join(missing) + "?")
    return False


def answer(name: str):
    """The value the student stored under ``name`` in the notebook, for the checks that
    take an answer: ``lab.expect("ex1").step(lab.answer("answer3"), writes="_jst.While")``.
    When the name does not exist yet, the check says "run the exercise cell first"
    instead of Python raising a ``NameError``."""
    return lookup(str(name).strip())
