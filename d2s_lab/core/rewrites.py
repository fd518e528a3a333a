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

from d2s_lab.text.lang import get_lang

_CASTS = {"float": "float32", "int": "int64", "bool": "bool"}

TEXTS: Dict[str, Dict[str, Dict[str, str]]] = {
    "numpy": {
        "en": {"made": "nothing: `.numpy()` is dropped, the value stays a Tensor",
               "why": "A static Tensor has no values while the program is built, so Paddle keeps "
                      "the Tensor; NumPy code after it gets a Tensor, not an ndarray. Remove "
                      "`.numpy()` and use paddle ops."},
        "zh": {"made": "无：`.numpy()` 被删除，值仍是 Tensor",
               "why": "构建静态程序时张量没有数值，Paddle 保留了 Tensor；其后的 NumPy 代码拿到的是 Tensor "
                      "而不是 ndarray。请删除 `.numpy()`，改用 paddle 算子。"},
    },
    "item": {
        "en": {"made": "nothing: `.item()` returns the Tensor itself",
               "why": "The Python number you expect does not exist while the program is built; "
                      "what follows computes with a Tensor. Drop `.item()` inside forward."},
        "zh": {"made": "无：`.item()` 返回张量本身",
               "why": "构建程序时并不存在你期望的 Python 数值，后续计算使用的是 Tensor。"
                      "请在 forward 中去掉 `.item()`。"},
    },
    "cast": {
        "en": {"made": "a `cast` op to {dtype} (a Tensor, not a Python {py})",
               "why": "Paddle rewrites `{py}(t)` as `_jst.AsDtype(t, ...)`: the result is a Tensor, "
                      "so Python code that needs a real {py} (formatting, list indices, range) "
                      "does not get one. Keep it a Tensor on purpose, or compute it outside forward."},
        "zh": {"made": "转换为 {dtype} 的 `cast` 算子（是 Tensor，不是 Python {py}）",
               "why": "Paddle 把 `{py}(t)` 改写为 `_jst.AsDtype(t, ...)`：结果是 Tensor，需要真正 {py} 的 "
                      "Python 代码（格式化、列表索引、range）拿不到它。请有意识地保持为 Tensor，"
                      "或在 forward 之外计算。"},
    },
    "len": {
        "en": {"made": "`shape` + `slice` ops: the length read at run time, as a Tensor",
               "why": "The dimension is dynamic (None in the InputSpec), so `len()` cannot be a "
                      "Python int; `range(len(x))` or list sizes built from it loop over a Tensor. "
                      "Fix the dimension in the InputSpec, or use tensor ops over it."},
        "zh": {"made": "`shape` + `slice` 算子：运行时读取长度，得到 Tensor",
               "why": "该维度是动态的（InputSpec 中为 None），`len()` 不可能是 Python int；"
                      "`range(len(x))` 或据此构建的列表会遍历一个 Tensor。请在 InputSpec 中固定该维度，"
                      "或对它使用张量运算。"},
    },
    "if": {
        "en": {"made": "; the `if` on line {line} became a `pd_op.if` (both branches are traced)",
               "why": ""},
        "zh": {"made": "；第 {line} 行的 `if` 变成了 `pd_op.if`（两个分支都会被追踪）", "why": ""},
    },
}


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
        t = TEXTS[self.kind][lang]
        made = t["made"].format(**self.params)
        if self.params.get("if_line"):
            made += TEXTS["if"][lang]["made"].format(line=self.params["if_line"])
        return made, t["why"].format(**self.params)


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
