"""Randomness in a model: the layers that draw random numbers, and the source lines
that force it (``training=True`` written out, random ops, functional dropout)."""
from __future__ import annotations

import ast
import inspect
import re
import textwrap
from typing import List, Tuple

from d2s_lab.core.frames import Frame, is_user_file
from d2s_lab.core.frames import where as where_text
from d2s_lab.text import t

_RANDOM_LAYERS = ("Dropout", "Dropout2D", "Dropout3D", "AlphaDropout", "FeatureAlphaDropout")


def random_layers(layer) -> List[str]:
    """The paths (the class name for ``layer`` itself) of its random layers (dropout)."""
    return [n or type(layer).__name__ for n, m in [("", layer)] + list(layer.named_sublayers())
            if type(m).__name__ in _RANDOM_LAYERS]


_RANDOM_CALLS = re.compile(r"^(rand|randn|randint|randint_like|randperm|rand_like|randn_like|normal|"
                           r"uniform|bernoulli|multinomial|poisson|standard_normal|dropout|"
                           r"dropout2d|dropout3d|alpha_dropout|feature_alpha_dropout)$")


def _random_calls(src: str, first: int) -> List[Tuple[int, str]]:
    """(line, code) of calls in ``src`` that force randomness: ``training=True`` written
    out, a random-number call (``paddle.rand*``, ``paddle.normal``, ...) or dropout in
    functional form (``F.dropout(...)``); lines numbered from ``first``."""
    try:
        tree = ast.parse(textwrap.dedent(src))
    except SyntaxError:
        return []
    lines = textwrap.dedent(src).splitlines()
    out = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        fn = node.func
        name = fn.attr if isinstance(fn, ast.Attribute) else getattr(fn, "id", "")
        forced = any(k.arg == "training" and isinstance(k.value, ast.Constant) and k.value.value is True
                     for k in node.keywords)
        if forced or _RANDOM_CALLS.match(name or ""):
            out.append((first + node.lineno - 1, lines[node.lineno - 1].strip()))
    return sorted(set(out))


def random_lines(conv) -> List[Tuple[str, int, str]]:
    """(file, line, code) of the lines forcing randomness in the converted function and in
    the forward of the user's own sublayers."""
    found: List[Tuple[str, int, str]] = []
    if conv.original_source and conv.source_first_line:
        found += [(conv.source_file, ln, code)
                  for ln, code in _random_calls(conv.original_source, conv.source_first_line)]
    layer = getattr(conv, "layer", None)
    seen = set()
    for _, sub in (layer.named_sublayers() if layer is not None else []):
        fwd = getattr(type(sub), "forward", None)
        code = getattr(fwd, "__code__", None)
        if code is None or code in seen or not is_user_file(code.co_filename):
            continue
        seen.add(code)
        try:
            lines, first = inspect.getsourcelines(fwd)
        except (OSError, TypeError):
            continue
        found += [(code.co_filename, ln, c) for ln, c in _random_calls("".join(lines), first)]
    return found


def random_warning(lines: List[Tuple[str, int, str]]) -> str:
    """The warning that outputs change with the seed, naming up to five ``lines`` that force it."""
    general = t("check.random.general")
    if not lines:
        return general
    places = "; ".join(f"{where_text(Frame(f, ln))} (`{code}`)" for f, ln, code in lines[:5])
    return general + t("check.random.places", places=places)
