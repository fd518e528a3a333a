"""The code SOT runs instead of a frame, as Python: its translated bytecode decompiled
(with depyf's decompiler), or, where that fails, a readable bytecode listing.

SOT names its functions ``#f_84ae0`` and ``$resume_0@f_af1a0``, which are not
identifiers; they are renamed (``resume_0_f``, :func:`d2s_lab.core.sot_text.ident`)
before decompiling, and the names are the same in every view.
"""
from __future__ import annotations

import dis
import types
import warnings
from typing import Tuple

from d2s_lab.core.sot_text import ident

# A code object past this many bytes of bytecode is listed, not decompiled (the
# decompiler's time grows with it); the view folds long listings in any case.
MAX_DECOMPILE_BYTES = 16_000


def _renamed(code: types.CodeType) -> types.CodeType:
    consts = tuple(_renamed(c) if isinstance(c, types.CodeType) else c for c in code.co_consts)
    changes = dict(co_names=tuple(ident(n) for n in code.co_names),
                   co_varnames=tuple(ident(n) for n in code.co_varnames),
                   co_name=ident(code.co_name), co_consts=consts)
    if hasattr(code, "co_qualname"):
        changes["co_qualname"] = ident(code.co_qualname)
    return code.replace(**changes)


# Instructions after which the next one runs only if something jumps to it.
_NO_FALL_THROUGH = {"RETURN_VALUE", "RETURN_CONST", "RAISE_VARARGS", "RERAISE", "JUMP_FORWARD",
                    "JUMP_BACKWARD", "JUMP_BACKWARD_NO_INTERRUPT", "JUMP_ABSOLUTE"}


def _without_dead_code(code: types.CodeType) -> types.CodeType:
    """The same code with every instruction no path reaches made a ``NOP``. SOT leaves the
    original instructions after the ``return`` of a translated frame, and a decompiler
    reads them as code (and fails on their loops)."""
    if getattr(code, "co_exceptiontable", b""):
        return code  # handlers are reached through the table: leave the code as it is
    ins = list(dis.get_instructions(code))
    at = {i.offset: k for k, i in enumerate(ins)}
    seen, todo = set(), [0]
    while todo:
        k = todo.pop()
        while k < len(ins) and k not in seen:
            seen.add(k)
            i = ins[k]
            if (i.opcode in dis.hasjrel or i.opcode in dis.hasjabs) and i.argval in at:
                todo.append(at[i.argval])
            if i.opname in _NO_FALL_THROUGH:
                break
            k += 1
    raw, nop = bytearray(code.co_code), dis.opmap["NOP"]
    for k, i in enumerate(ins):
        if k not in seen:
            end = ins[k + 1].offset if k + 1 < len(ins) else len(raw)
            raw[i.offset:end] = bytes([nop, 0]) * ((end - i.offset) // 2)
    return code.replace(co_code=bytes(raw))


def listing(code: types.CodeType) -> str:
    """The bytecode, one instruction a line, with the user's line numbers."""
    out = [f"# bytecode of {ident(code.co_name)} (could not be decompiled)"]
    for ins in dis.get_instructions(_renamed(code)):
        line = ins.starts_line  # Python 3.13: a bool, the number in line_number
        if isinstance(line, bool):
            line = getattr(ins, "line_number", None) if line else None
        head = f"{line:>5}" if isinstance(line, int) else "     "
        arg = f" {ins.argrepr}" if ins.argrepr else ""
        out.append(f"{head}  {ins.offset:>4} {ins.opname}{arg}")
    return "\n".join(out)


def translated_source(code: types.CodeType) -> Tuple[str, bool]:
    """``(text, decompiled)``: the code as Python when the decompiler recovers it, else
    its bytecode listing (``decompiled`` False)."""
    if len(code.co_code) <= MAX_DECOMPILE_BYTES:
        try:
            with warnings.catch_warnings():  # depyf leaves its VERSION.txt open: not the user's log
                warnings.simplefilter("ignore", ResourceWarning)
                from depyf import decompile
        except ImportError:
            decompile = None
        if decompile is not None:
            renamed = _renamed(code)
            for attempt in (lambda: renamed, lambda: _without_dead_code(renamed)):
                try:
                    return decompile(attempt()).rstrip() + "\n", True
                except Exception:  # the decompiler does not know this bytecode: list it
                    continue
    return listing(code), False
