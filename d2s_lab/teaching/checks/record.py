"""A self-check's result as data: the JSON record each check box carries beside its HTML
(mimetype :data:`CHECK_MIME`), and how tools read it back from a saved notebook.

The record is what the box says, in the language the checks ran in::

    {"exercise": "ex1", "verdict": "fail", "lang": "en",
     "summary": "Passed 1 of 2. Read the messages, change your code and run it again.",
     "items": [{"check": "converted", "verdict": "pass", "ok": true, "message": "..."},
               {"check": "has_op('while')", "verdict": "fail", "ok": false, "message": "..."}]}

``verdict`` is ``pass``, ``fail`` or ``partial`` (nothing failed, something could not be
checked on this Paddle); an item's ``verdict`` is ``pass``, ``fail`` or ``skip`` (not
checked). Messages are plain text, code in quotes, as nbgrader's feedback shows them.
The handouts' summary, the class report and the tests read verdicts and messages from
here, never from the HTML.
"""
from __future__ import annotations

import json
from typing import Any, Dict, List

from d2s_lab.teaching.checks.base import PASS
from d2s_lab.teaching.checks.words import plain_code

CHECK_MIME = "application/vnd.d2s-lab.check+json"


def check_record(exp) -> Dict[str, Any]:
    """The JSON record of an :class:`~.expectation.Expectation` (see the module's help)."""
    return {
        "exercise": str(exp.label),
        "verdict": exp.verdict,
        "lang": exp.lang,
        "summary": exp.summary(),
        "items": [{"check": str(c.check), "verdict": c.status, "ok": c.status == PASS,
                   "message": plain_code(c.message)} for c in exp.lines],
    }


def saved_records(outputs) -> List[Dict[str, Any]]:
    """The check records among a saved cell's ``outputs`` (nbformat output dicts), in
    order. Jupyter saves a JSON mimetype as an object; a record saved as a JSON string is
    read too, and anything else that is no record is left out."""
    found = []
    for out in outputs or []:
        data = out.get("data", {}) if hasattr(out, "get") else {}
        value = data.get(CHECK_MIME) if hasattr(data, "get") else None
        if isinstance(value, str):
            try:
                value = json.loads(value)
            except ValueError:
                continue
        if isinstance(value, dict) and isinstance(value.get("verdict"), str):
            found.append(value)
    return found


def cell_records(cell) -> List[Dict[str, Any]]:
    """The check records a saved notebook cell shows (:func:`saved_records` of its outputs)."""
    return saved_records(cell.get("outputs", []) if hasattr(cell, "get") else [])


def record_messages(record: Dict[str, Any], verdict: str = "fail") -> List[str]:
    """The messages of ``record``'s items whose verdict is ``verdict`` (default: those
    that did not pass), as plain text."""
    items = record.get("items") if isinstance(record.get("items"), list) else []
    return [str(i.get("message", "")) for i in items
            if isinstance(i, dict) and i.get("verdict") == verdict and str(i.get("message", "")).strip()]
