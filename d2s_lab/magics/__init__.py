"""Thin IPython glue: parse the magic line, find the model, display core's results."""
from __future__ import annotations

from .to_static import D2SMagics

_MAGIC_NAMES = {"cell": ["to_static"], "line": []}


def load(ipython) -> None:
    magics = D2SMagics(ipython)
    ipython.register_magics(magics)
    for kind, table in magics.magics.items():
        _MAGIC_NAMES[kind] = sorted(table)


def unload(ipython) -> None:
    mm = ipython.magics_manager
    for kind, names in _MAGIC_NAMES.items():
        for name in names:
            mm.magics.get(kind, {}).pop(name, None)
    mm.registry.pop("D2SMagics", None)
