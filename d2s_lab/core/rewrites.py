"""Where Paddle silently changed what a Python value means.

Inside a converted forward, turning a Tensor into a Python value (``.numpy()``,
``.item()``, ``float(t)``/``int(t)``/``bool(t)``, ``len(t)`` of a dynamic dim) often
converts without an error in Paddle 3.x: ``.numpy()`` is dropped, ``float(t)``
becomes a cast op, ``len`` reads the shape at run time, and an ``if`` on the
result becomes a ``pd_op.if`` that traces both branches.  The program runs, but
not the Python the user wrote.  :func:`find_rewrites` finds each place, with its
line numbered as the cell (or file) shows it.  No Paddle imports: it reads the
Conversion's original source, its transformed source and its Graph.
"""
from __future__ import annotations

import ast
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Set

from d2s_lab.text import t
from d2s_lab.text.lang import get_lang

_CASTS = {"float": "float32", "int": "int64", "bool": "bool"}

# Each kind's words are ``rewrites.item.<kind>.made`` and ``.why`` in the text catalogue.


@dataclass
class Rewrite:
    """One place where a Tensor became a "Python value" and Paddle changed its meaning.

    ``line`` is numbered as the cell (or file) shows it; ``original`` the expression as
    written; ``what_paddle_made`` and ``why`` are in the language current when found
    (:meth:`texts` gives either); ``kind`` is ``numpy``, ``item``, ``cast`` or ``len``.
    """

    line: int
    original: str
    what_paddle_made: str
    why: str
    kind: str = ""
    file: str = ""
    params: Dict[str, str] = field(default_factory=dict)

    def texts(self, lang: Optional[str] = None):
        """(what Paddle made, why it matters) in ``lang``."""
        lang = get_lang(lang)
        made = t(f"rewrites.item.{self.kind}.made", lang, **self.params)
        if self.params.get("if_line"):
            made += t("rewrites.item.if.made", lang, line=self.params["if_line"])
        return made, t(f"rewrites.item.{self.kind}.why", lang, **self.params)


def _ops_by_line(graph, file: str) -> Dict[int, Set[str]]:
    out: Dict[int, Set[str]] = {}
    if graph is None:
        return out
    for op in graph.iter_ops():
        src = op.source
        if src is None or (file and src.file != file):
            continue
        out.setdefault(src.line, set()).add(op.name.split(".")[-1])
    return out


def _if_lines_using(tree, name: str) -> List[int]:
    """Lines (in the parsed source) of ``if``/``while`` tests that read ``name``."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.If, ast.While)):
            if any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(node.test)):
                out.append(node.lineno)
    return out


def find_rewrites(conv) -> List[Rewrite]:
    """Every place in ``conv``'s function where a Tensor was turned into a Python value and
    Paddle silently changed the meaning, in line order (AST mode; [] without a Graph)."""
    src = getattr(conv, "original_source", "") or ""
    graph = getattr(conv, "drawn_graph", None)
    if not src or graph is None:
        return []
    try:
        tree = ast.parse(src)
    except SyntaxError:
        return []
    first = getattr(conv, "source_first_line", 0) or 1
    file = getattr(conv, "source_file", "") or ""
    ops = _ops_by_line(graph, file)
    transformed = getattr(conv, "transformed_source", "") or ""
    lang = get_lang()
    # the name each call's result is assigned to (to find an `if` on it)
    assigned: Dict[int, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            for sub in ast.walk(node.value):
                assigned[id(sub)] = node.targets[0].id
    out: List[Rewrite] = []
    numpy_kept = transformed.count(".numpy(")
    numpy_calls = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        line = first + node.lineno - 1
        at = ops.get(line, set())
        text = ast.get_source_segment(src, node) or ""
        params: Dict[str, str] = {}
        kind = ""
        fn = node.func
        if isinstance(fn, ast.Attribute) and not node.args and fn.attr == "numpy":
            numpy_calls.append((node, line, text))
            continue
        if isinstance(fn, ast.Attribute) and not node.args and fn.attr == "item" and at:
            kind = "item"
        elif isinstance(fn, ast.Name) and fn.id in _CASTS and len(node.args) == 1 and "cast" in at:
            kind, params = "cast", {"py": fn.id, "dtype": _CASTS[fn.id]}
        elif (isinstance(fn, ast.Name) and fn.id == "len" and len(node.args) == 1
              and at & {"shape", "shape64"}):
            kind = "len"
        if kind:
            out.append(_make(kind, line, text, file, params, tree, assigned.get(id(node)), first, ops,
                             lang))
    if numpy_calls and numpy_kept < len(numpy_calls):  # Paddle dropped them
        for node, line, text in numpy_calls:
            out.append(_make("numpy", line, text, file, {}, tree, assigned.get(id(node)), first, ops,
                             lang))
    out.sort(key=lambda r: (r.line, r.original))
    return out


def _make(kind, line, text, file, params, tree, name, first, ops, lang) -> Rewrite:
    params = dict(params)
    if name:
        for ln in _if_lines_using(tree, name):
            if "if" in ops.get(first + ln - 1, set()) or "while" in ops.get(first + ln - 1, set()):
                params["if_line"] = str(first + ln - 1)
                break
    rw = Rewrite(line, text, "", "", kind, file, params)
    rw.what_paddle_made, rw.why = rw.texts(lang)
    return rw
