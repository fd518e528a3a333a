"""Exceptions d2s_lab raises for the user: short, plain, and saying what to do."""
from __future__ import annotations


class D2SError(Exception):
    """A problem with the user's input or environment, explained in one paragraph.

    The magics show these as a short message, never as a d2s_lab traceback.
    """

    def __init__(self, message: str, hint: str = ""):
        super().__init__(message)
        self.message = message
        self.hint = hint

    def __str__(self) -> str:
        return f"{self.message} {self.hint}".strip()


class PaddleMissing(D2SError):
    """PaddlePaddle is not importable in this environment."""


class SpecError(D2SError):
    """An input description (``--input`` text, InputSpec, example) is malformed."""


class ConversionError(D2SError):
    """``paddle.jit.to_static`` failed, while converting or on the first static run.

    ``stage`` is ``"convert"`` or ``"run"``; ``original`` is Paddle's exception.
    ``conversion`` holds whatever was gathered before the failure; ``report`` is the
    :class:`~d2s_lab.core.diagnosis.ErrorReport` explaining it.
    """

    def __init__(self, message, hint="", stage="convert", original=None, conversion=None):
        super().__init__(message, hint)
        self.stage = stage
        self.original = original
        self.conversion = conversion
        # the ErrorReport (user line, hint): set by whoever raises, via diagnose()
        self.report = None


class SavedModelError(D2SError):
    """A saved model file is missing, unreadable, malformed or not a Paddle model.

    ``path`` is the file at fault; the message names it and the problem.
    """

    def __init__(self, path, problem: str, hint: str = ""):
        super().__init__(f"{path}: {problem}", hint)
        self.path = str(path)
        self.problem = problem
