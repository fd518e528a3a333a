"""Explaining a failed conversion: what went wrong, on which line of the user's, and why.

Paddle's dy2static errors keep their type but carry a rewritten message and
structured data (``ErrorData`` with the map from transformed-code lines to the
user's lines); runtime errors carry the user's lines in the message text; SOT
errors arrive as ``InnerError`` with the real cause on ``__cause__``.

* :mod:`.hints`: the known causes, one record each, and :func:`classify`;
* :mod:`.unwrap`: from what was raised to Paddle's error, its text and the user's frames;
* :mod:`.probe`: looking into the model and its source for what the error leaves out;
* :mod:`.report`: :class:`ErrorReport` and :func:`diagnose`.
"""
from d2s_lab.core.diagnosis.hints import (HINTS, MATCH_ORDER, NOT_RAISED, Hint, HintRecord, classify, hint_text,
                                          hint_title, hints, message_only)
from d2s_lab.core.diagnosis.report import (CodeLine, ErrorReport, attach_line, diagnose, specific_text,
                                           where_text)

__all__ = ["HINTS", "MATCH_ORDER", "NOT_RAISED", "CodeLine", "ErrorReport", "Hint", "HintRecord", "attach_line",
           "classify", "diagnose", "hint_text", "hint_title", "hints", "message_only", "specific_text",
           "where_text"]
