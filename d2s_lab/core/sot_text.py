"""The text SOT writes, read once for every view: the names of the functions it makes
and its guards. Pure text rules, no Paddle: both the readers of Paddle's internals
(:mod:`d2s_lab.core.paddle_compat.sot`) and the SOT report (:mod:`d2s_lab.core.sot`)
use them, so a name or a guard reads the same everywhere.

Names: SOT renames the code it translates ``#f_84ae0`` and the rest of a frame split at
a graph break ``$resume_0@f_af1a0`` (the rest of that one ``$resume_1@$resume_0@f_af1a0``),
the five hex digits a hash; :func:`is_resume`, :func:`base_name` and :func:`ident` read them.

Guards: SOT writes ``frame.f_locals['self']._sub_layers['layers']._sub_layers['4']._parameters['weight'].shape[0] == 32``;
:func:`readable_guard` gives ``self.layers[4].weight.shape[0] == 32``, still Python (what
the report keeps); :func:`shown_guard` puts the words a view shows, in its language.
"""
from __future__ import annotations

import re
from typing import Iterable, List, Optional

from d2s_lab.text import t

# The hash SOT appends to a name it makes (``f_84ae0``).
_HASH = re.compile(r"_[0-9a-f]{5}$")
_RESUME = re.compile(r"^\$(resume_\d+)@")
RESUME_PREFIX = "$resume_"


def is_resume(code_name: str) -> bool:
    """A resume function: the rest of a frame SOT split at a graph break."""
    return code_name[:1] == "$"


def base_name(code_name: str) -> str:
    """The user's function a resume function belongs to: ``$resume_1@f_7902e`` -> ``f``,
    ``$resume_2@$resume_1@f_7902e`` -> ``f``; other names unchanged."""
    if not is_resume(code_name):
        return code_name
    return _HASH.sub("", code_name.rsplit("@", 1)[-1])


def ident(code_name: str) -> str:
    """SOT's names as identifiers: ``$resume_0@f_af1a0`` -> ``resume_0_f``,
    ``$resume_2@$resume_1@f_af1a0`` (the rest of a resumed frame) -> ``resume_2_f``,
    ``#f_84ae0`` -> ``f``, ``___graph_fn_SIR_0`` unchanged."""
    m = _RESUME.match(code_name)
    if m:
        return f"{m[1]}_{ident(base_name(code_name))}"
    if code_name.startswith(("$", "#")):
        code_name = _HASH.sub("", code_name.lstrip("$#"))
    return re.sub(r"\W", "_", code_name)


def resumes_called(names: Iterable[str]) -> List[str]:
    """The resume functions among a code object's names (``co_names``), SOT's names kept."""
    return [n for n in names if n.startswith(RESUME_PREFIX)]


# frame.f_locals['x'] -> x
_LOCAL = re.compile(r"frame\.f_(?:locals|globals|builtins)\[(['\"])(?P<name>[^'\"]+)\1\]")
# ._sub_layers['name'] / ._parameters['name'] / ._buffers['name'] -> .name, or [k] for an index
_MEMBER = re.compile(r"\._(?:sub_layers|parameters|buffers)\['([^'\]]+)'\]")
_DTYPE = re.compile(r"paddle\.(?:core|base\.core|framework\.core)\.(?:DataType|VarDesc\.VarType)\((\d+)\)")
_ID_EQ = re.compile(r"id\((?P<what>.+?)\) == \d+")


def guard_local(part: str) -> Optional[str]:
    """The first of the frame's variables a guard condition reads (``x`` for
    ``frame.f_locals['x'].shape[0] == 4``), or None."""
    m = _LOCAL.search(part)
    return m["name"] if m else None


def readable_guard(part: str, globals_: Optional[dict] = None) -> str:
    """One guard condition as the model's code writes it:
    ``frame.f_locals['x'].shape[0] == 4`` -> ``x.shape[0] == 4``; attribute paths as
    written (``self._sub_layers['layers']._sub_layers['4']`` -> ``self.layers[4]``); a
    dtype by its name (evaluated in the guard's ``globals_``). Text already readable is
    unchanged. The result is Python in no language: ``id(type(self)) == 1403...`` stays
    as it is, for :func:`shown_guard` to word in the language of the view."""
    text = _LOCAL.sub(lambda m: m["name"], part)
    text = _MEMBER.sub(lambda m: f"[{m.group(1)}]" if m.group(1).isdigit() else f".{m.group(1)}", text)

    def dtype(m):
        try:
            value = eval(m.group(0), dict(globals_ or {}))  # Paddle's enum, from its own guard
            return "paddle." + str(value).rsplit(".", 1)[-1].lower()
        except Exception:
            return m.group(0)

    return _DTYPE.sub(dtype, text)


def shown_guard(text: str, lang: Optional[str] = None) -> str:
    """A readable guard as a view shows it, in ``lang`` (default: the language in force):
    ``id(type(self)) == 1403...`` -> ``type(self) is (the same object)``. The number is an
    address, new in every process, so it is worded, not shown; the rest is unchanged."""
    return _ID_EQ.sub(lambda m: t("sot.guard_same_object", lang, what=m["what"]), text)
