"""Saving a Conversion with ``paddle.jit.save`` and listing what was written."""
from __future__ import annotations

import os
import time
from typing import List, Tuple

from .errors import D2SError
from .frames import gist_at_line
from .paddle_compat import require_paddle

SAVED_SUFFIXES = (".json", ".pdmodel", ".pdiparams", ".pdiparams.info")


def save_prefix(path) -> str:
    path = os.fspath(path)
    for suf in SAVED_SUFFIXES:
        if path.endswith(suf):
            return path[: -len(suf)]
    return path


def save_conversion(conv, path) -> List[Tuple[str, int]]:
    """``paddle.jit.save`` the conversion's Layer (or static function) with its
    InputSpecs; return the files written as ``(path, bytes)``."""
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
    start = time.time() - 1.0
    try:
        paddle.jit.save(target, prefix, input_spec=list(conv.input_specs or []) or None)
    except Exception as exc:
        raise D2SError(f"paddle.jit.save failed for {conv.name}: {type(exc).__name__}: "
                       f"{gist_at_line(exc)}",
                       "Models with Python-side outputs or SOT-only code may not save; "
                       "try --mode ast.") from None
    written = []
    for suf in SAVED_SUFFIXES:
        p = prefix + suf
        if os.path.isfile(p) and os.path.getmtime(p) >= start:
            written.append((p, os.path.getsize(p)))
    if layer is not None and getattr(layer, "training", False):
        conv.notes.append("Saved in training mode (dropout and batch norm as in training); "
                          "call model.eval() before saving a model for inference.")
    return written
