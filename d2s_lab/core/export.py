"""Saving a Conversion with ``paddle.jit.save`` and listing what was written."""
from __future__ import annotations

import glob
import os
import time
from typing import List, Tuple

from d2s_lab.errors import D2SError
from d2s_lab.core.frames import gist_at_line
from d2s_lab.core.paddle_compat import require_paddle
from d2s_lab.core.paddle_compat.targets import converted_methods, forward_converted
from d2s_lab.text import t

SAVED_SUFFIXES = (".json", ".pdmodel", ".pdiparams", ".pdiparams.info")


def save_prefix(path) -> str:
    path = os.fspath(path)
    for suf in SAVED_SUFFIXES:
        if path.endswith(suf):
            return path[: -len(suf)]
    return path


def saved_files(prefix: str, since: float = 0.0) -> List[Tuple[str, int]]:
    """``(path, bytes)`` of the files ``paddle.jit.save`` wrote under ``prefix``
    (``PREFIX.json``, ``PREFIX.pdiparams``, ``PREFIX.<method>.json``, ...), modified
    at or after ``since``; the main program first."""
    found = []
    for p in sorted(glob.glob(glob.escape(prefix) + ".*")):
        name = p[len(prefix):]
        if os.path.isfile(p) and name.endswith(SAVED_SUFFIXES) and os.path.getmtime(p) >= since:
            main = name in SAVED_SUFFIXES
            found.append((not main, p, os.path.getsize(p)))
    return [(p, n) for _, p, n in sorted(found, key=lambda t: (t[0], t[1]))]


def save_conversion(conv, path) -> List[Tuple[str, int]]:
    """``paddle.jit.save`` the conversion's Layer (or static function) with its
    InputSpecs, and the Layer's other ``to_static`` methods beside it; return the files
    written as ``(path, bytes)``."""
    paddle = require_paddle()
    if conv.error is not None and conv.static_function is None:
        raise D2SError(t("report.save_not_converted", name=conv.name), t("report.save_not_converted_hint"))
    prefix = save_prefix(path)
    if not prefix or os.path.isdir(prefix) or prefix.endswith(os.sep):
        raise D2SError(t("report.save_prefix", path=path), t("report.save_prefix_hint"))
    folder = os.path.dirname(os.path.abspath(prefix))
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as exc:
        raise D2SError(t("report.save_no_folder", folder=folder, error=exc.strerror or exc)) from None
    layer = conv.layer
    target = layer if layer is not None else conv.static_function
    if target is None:
        raise D2SError(t("report.save_no_function", name=conv.name))
    specs = list(conv.input_specs or []) or None
    if layer is not None and converted_methods(layer) and paddle.__version__.startswith(("2.", "1.")):
        raise D2SError(t("report.save_methods_paddle2", name=conv.name, methods=", ".join(converted_methods(layer)),
                         version=paddle.__version__), t("report.save_methods_paddle2_hint"))
    start = time.time() - 1.0
    try:
        if layer is not None and converted_methods(layer):
            # paddle.jit.save takes no input_spec beside other to_static methods: forward
            # carries its specs itself while it saves them all (PREFIX.<method>.json).
            with forward_converted(layer, specs, full_graph=conv.mode == "ast"):
                paddle.jit.save(layer, prefix)
        else:
            paddle.jit.save(target, prefix, input_spec=specs)
    except Exception as exc:
        hint = t("report.save_failed_sot") if conv.mode == "sot" else t("report.save_failed_hint")
        raise D2SError(t("report.save_failed", name=conv.name, error=f"{type(exc).__name__}: {gist_at_line(exc)}"),
                       hint) from None
    written = saved_files(prefix, since=start)
    if layer is not None and getattr(layer, "training", False):
        conv.notes.append(t("report.note_saved_training"))
    return written
