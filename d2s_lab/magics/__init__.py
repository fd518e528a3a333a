"""Thin IPython glue: parse the magic line, find the model, display core's results.

Each magic lives in the module named after it (``%%to_static`` in ``to_static``,
``%d2s_graph`` in ``graph``, ``%d2s_show`` in ``show``, ...); ``MAGIC_CLASSES`` lists
them as "module:Class" so ``%load_ext`` registers them all.
"""
from __future__ import annotations

import importlib

MAGIC_CLASSES = [
    "d2s_lab.magics.to_static:D2SMagics",
    "d2s_lab.magics.steps:StepsMagics",
    "d2s_lab.magics.lang:LangMagics",
    "d2s_lab.magics.mode:ModeMagics",
    "d2s_lab.magics.graph:GraphMagics",
    "d2s_lab.magics.show:ShowMagics",
    "d2s_lab.magics.bench:BenchMagics",
    "d2s_lab.magics.diff:DiffMagics",
    "d2s_lab.magics.calls:CallsMagics",
    "d2s_lab.magics.profile:ProfileMagics",
    "d2s_lab.magics.watch:WatchMagics",
]

_registered = {"cell": [], "line": []}


def magic_classes():
    for spec in MAGIC_CLASSES:
        mod, _, cls = spec.partition(":")
        yield getattr(importlib.import_module(mod), cls)


def load(ipython) -> None:
    from d2s_lab.core.capture import quiet_paddle_noise

    quiet_paddle_noise()
    for cls in magic_classes():
        magics = cls(ipython)
        ipython.register_magics(magics)
        for kind, table in magics.magics.items():
            _registered.setdefault(kind, []).extend(sorted(table))
    from d2s_lab.magics.api_errors import install
    from d2s_lab.magics.help import localize

    install(ipython)  # d2s_lab's errors from the cell's own calls: a box, not a traceback
    localize()  # the docstrings (%%to_static?) in the chosen language
    from d2s_lab.magics.common import show_ended_runs

    show_ended_runs()  # a kernel that died converting: why, in Paddle's words


def unload(ipython) -> None:
    from d2s_lab.magics.api_errors import uninstall

    uninstall(ipython)
    mm = ipython.magics_manager
    for kind, names in _registered.items():
        for name in names:
            mm.magics.get(kind, {}).pop(name, None)
        names.clear()
    for cls in magic_classes():
        mm.registry.pop(cls.__name__, None)
