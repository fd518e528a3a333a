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
        raise D2SError(f"{conv.name} did not convert, so there is nothing to save.",
                       "Fix the conversion error first.")
    prefix = save_prefix(path)
    if not prefix or os.path.isdir(prefix) or prefix.endswith(os.sep):
        raise D2SError(f"--save {path}: give a file prefix such as build/model/net, "
                       "not a directory.", "paddle.jit.save writes PREFIX.json and PREFIX.pdiparams.")
    folder = os.path.dirname(os.path.abspath(prefix))
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as exc:
        raise D2SError(f"Cannot create the folder {folder}: {exc.strerror or exc}.") from None
    layer = conv.layer
    target = layer if layer is not None else conv.static_function
    if target is None:
        raise D2SError(f"{conv.name} has no static function to save.")
    specs = list(conv.input_specs or []) or None
    if layer is not None and converted_methods(layer) and paddle.__version__.startswith(("2.", "1.")):
        raise D2SError(f"Saving {conv.name} with its other to_static methods "
                       f"({', '.join(converted_methods(layer))}) needs Paddle 3; Paddle "
                       f"{paddle.__version__}'s jit.save drops forward beside them.",
                       "Save forward and each method with paddle.jit.save separately, or use Paddle 3.")
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
        hint = ("SOT-only code may not save; try --mode ast." if conv.mode == "sot" else
                "paddle.jit.save converts forward again with these InputSpecs; see Paddle's "
                "message, and check that forward returns only Tensors.")
        raise D2SError(f"paddle.jit.save failed for {conv.name}: {type(exc).__name__}: "
                       f"{gist_at_line(exc)}", hint) from None
    written = saved_files(prefix, since=start)
    if layer is not None and getattr(layer, "training", False):
        conv.notes.append(t("report.note_saved_training"))
    return written
