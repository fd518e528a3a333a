"""Running a magic's cell body in the user namespace and finding what it defined."""
from __future__ import annotations

import ast
import re
import inspect
import sys
import traceback
from typing import List, Optional, Tuple

from d2s_lab.core.cells import cell_filename, normalize_newlines, run_cell_source
from d2s_lab.errors import D2SError
from d2s_lab.core.frames import CELL_NUMBERS
from d2s_lab.core.paddle_compat.targets import is_convertible
from d2s_lab.text import t


class CellFailed(Exception):
    """The cell's own code raised or did not compile; message is cell-relative."""

    def __init__(self, message: str, hint: str = ""):
        super().__init__(message)
        self.message = message
        self.hint = hint


_BLOCKS = ("body", "handlers", "orelse", "finalbody")  # source order


def _statements(body):
    """The cell's statements in order, those inside ``with``/``if``/``try``/``for``/``while``
    blocks included (a model built under ``paddle.utils.unique_name.guard()``); not the
    bodies of the functions and classes it defines."""
    for node in body:
        yield node
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        for field in _BLOCKS:
            inner = getattr(node, field, None)
            if isinstance(inner, list):
                yield from _statements(inner)


def assigned_names(source: str) -> List[List[str]]:
    """Names each statement of the cell binds, statement by statement (see :func:`_statements`)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    out = []
    for node in _statements(tree.body):
        names: List[str] = []
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.append(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                for n in ast.walk(target):
                    if isinstance(n, ast.Name):
                        names.append(n.id)
        if names:
            out.append(names)
    return out


def note_cell_numbers(shell) -> None:
    """Let op tables name code from earlier cells ``cell[N]`` instead of a kernel temp file."""
    CELL_NUMBERS.update(getattr(getattr(shell, "compile", None), "_filename_map", None) or {})


def prompt_number(shell) -> int:
    """The number the user sees in the running cell's prompt (``In [3]``).

    IPython 9 adds one to ``execution_count`` before a cell runs (IPython 8 after), but
    it stores the cell in the input history at its prompt's number first in both, so the
    history tells; a cell run without history has no prompt, and keeps the count."""
    history = shell.user_ns.get("In")
    if isinstance(history, list) and len(history) > 1:
        return len(history) - 1
    return int(getattr(shell, "execution_count", 0) or 0)


def run_body(shell, body: str) -> Tuple[str, int]:
    """Run a cell body (line 1 of the cell is the ``%%`` line) in ``shell.user_ns``.

    Returns ``(python_source, execution_count)``. Raises :class:`CellFailed`
    with the error located at the cell's own line numbers.
    """
    tm = getattr(shell, "input_transformer_manager", None) or shell.transformer_manager
    source = normalize_newlines(tm.transform_cell(normalize_newlines(body)))
    note_cell_numbers(shell)
    count = prompt_number(shell)
    filename = cell_filename(source, count)
    try:
        run_cell_source(source, shell.user_ns, filename=filename, first_line=2)
    except SyntaxError as exc:
        line = (exc.lineno or 0)
        text = (exc.text or "").rstrip()
        raise CellFailed(
            t("magics.syntax_error", line=line, msg=exc.msg) + (f":  {text.strip()}" if text else ""),
            t("magics.syntax_hint"),
        ) from None
    except KeyboardInterrupt:  # e.g. while the cell's `import paddle` ran: one message
        raise CellFailed(t("magics.cell_interrupted", where=_cell_line(filename, "magics.cell_interrupted_where")),
                         t("magics.cell_interrupted_hint")) from None
    except Exception as exc:
        where = _cell_line(filename, "magics.cell_raised_where")
        raise CellFailed(
            t("magics.cell_raised", error=type(exc).__name__, where=where, exc=exc),
            _cell_hint(exc),
        ) from None
    return source, count


def _cell_line(filename: str, key: str) -> str:
    """``key``'s text naming the innermost line of the cell in the exception being handled."""
    for fr in reversed(traceback.extract_tb(sys.exc_info()[2])):
        if fr.filename == filename:
            return t(key, line=fr.lineno, code=(fr.line or "").strip())
    return ""


# Paddle's words when a ParamAttr(name=...) is used a second time in one process
_PARAM_NAME_USED = re.compile(r"parameter name \[(?P<name>[^\]]+)\] have be(?: been)? used")


def _cell_hint(exc: BaseException) -> str:
    """What to do about an error the cell's own code raised."""
    m = _PARAM_NAME_USED.search(str(exc))
    if m:  # a model with fixed parameter names, built again in the same kernel
        return t("magics.param_name_used_hint", name=m["name"])
    return t("magics.cell_raised_hint")


def _users_own(shell, name: str, obj) -> bool:
    """A name the user defined, not one IPython put in the namespace (``open``, ``exit``)."""
    if name.startswith("_") or name in getattr(shell, "user_ns_hidden", {}):
        return False
    module = getattr(obj, "__module__", None) or ""
    return not (module in ("builtins", "io", "_io", "_sitebuiltins") or module.startswith(("IPython", "ipykernel")))


def find_model(shell, source: str, name: Optional[str]):
    """Pick the object to convert: ``--model NAME`` or the last Layer/function defined."""
    ns = shell.user_ns
    if name:
        expr = name.strip()
        if expr in ns:
            return ns[expr], expr
        try:
            return eval(expr, ns), expr  # e.g. --model net.encoder
        except Exception:
            pass
        cands = (", ".join(sorted(k for k in ns if is_convertible(ns[k]) and _users_own(shell, k, ns[k])))
                 or t("magics.none"))
        raise D2SError(t("magics.model_no_such", name=name), t("magics.model_candidates", names=cands))
    stmts = assigned_names(source)
    for names in reversed(stmts):
        found = [n for n in dict.fromkeys(names) if is_convertible(ns.get(n))]
        layers = [n for n in found if not inspect.isfunction(ns.get(n))]
        pick = layers or found
        if len(pick) > 1:
            raise D2SError(t("magics.model_several", names=", ".join(pick)),
                           t("magics.model_several_hint", name=pick[-1]))
        if pick:
            return ns[pick[0]], pick[0]
    raise D2SError(t("magics.no_model"), t("magics.no_model_hint"))
