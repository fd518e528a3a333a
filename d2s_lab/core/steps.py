"""``d2s_lab.steps``: the code after each of Paddle's AST transformers.

``paddle.jit.to_static(full_graph=True)`` rewrites a function through a chain
of transformers (IfElse, Loop, Return, ...).  Paddle's ``set_code_level``
prints one level per conversion; :func:`capture_steps` keeps them all::

    steps = d2s_lab.steps(fn)        # or a Layer, a StaticFunction, a Conversion
    for s in steps:
        print(s.transformer, s.changed)
    steps[-1].source                 # the transformed code

The transformer list and order are read from the installed Paddle (see
:mod:`d2s_lab.core.paddle_compat.transformers`), never hard-coded.
"""
from __future__ import annotations

import difflib
import inspect
import os
import re
import textwrap
from dataclasses import dataclass
from typing import Dict, Iterable, List, Optional

from d2s_lab.core import display
from d2s_lab.core.frames import is_paddle_library, library_of
from d2s_lab.core.paddle_compat import transformers as compat
from d2s_lab.core.paddle_compat.targets import original_forward, resolve
from d2s_lab.core.sot.translated import frame_step_items
from d2s_lab.errors import D2SError
from d2s_lab.text import t

ORIGINAL = "Original"


@dataclass
class Step:
    """One stage of the conversion.

    ``transformer`` is the short name (``"IfElse"`` for ``IfElseTransformer``),
    ``source`` the whole function's code after it, ``changed`` whether it changed
    anything.  The first step of a capture is the original (``is_original``).
    """

    index: int
    transformer: str
    source: str
    changed: bool
    class_name: str = ""

    @property
    def is_original(self) -> bool:
        return not self.class_name


class Steps(list):
    """A list of :class:`Step` (original first) that displays as the static step view.

    ``library``: the installed library whose code the steps rewrite ("" for the user's
    own), ``where``: its file and first line (``modeling.py:52``); ``converted``: False for
    Paddle's own code, which ``to_static`` runs as written (the steps show what its
    transformers would make of it); ``path``: ``"ast"`` (each AST transformer's output) or
    ``"sot"`` (a default-path conversion: the code SOT runs instead of each frame)."""

    def __init__(self, items: Iterable[Step] = (), name: str = "", library: str = "", where: str = "",
                 converted: bool = True, path: str = "ast"):
        super().__init__(items)
        self.name = name
        self.library = library
        self.where = where
        self.converted = converted
        self.path = path
        # a default-path conversion whose run translated no frame of it: these are AST steps
        self.sot_untranslated = False

    @property
    def final(self) -> str:
        """The code after the last transformer."""
        return self[-1].source if self else ""

    def changed_steps(self) -> List[Step]:
        return [s for s in self if s.changed]

    def _repr_html_(self) -> str:
        return display.html(self)

    def __repr__(self) -> str:
        marks = ", ".join(s.transformer + ("" if s.changed or s.is_original else " (=)") for s in self)
        return f"<Steps {self.name}: {marks}>"


def short_transformer_name(class_name: str) -> str:
    """``IfElseTransformer`` -> ``IfElse``."""
    return class_name[: -len("Transformer")] if class_name.endswith("Transformer") else class_name


def _target_function(obj):
    """The Python function Paddle would convert for ``obj``, and a display name."""
    if hasattr(obj, "static_function") and hasattr(obj, "original_source"):  # a Conversion
        sf = obj.static_function
        fn = getattr(sf, "dygraph_function", None)
        if fn is not None:
            return fn, obj.name
        obj = obj.target
    target = resolve(obj)
    return target.function, target.name


def sublayer(obj, path: str):
    """The sublayer at ``path`` (``bert.encoder.layers.0``, as the graph names layers) of
    ``obj`` (a Layer, a Conversion of one, a bound Layer method or a StaticFunction of
    one); a D2SError naming a few valid paths when there is none."""
    root = obj.layer if hasattr(obj, "static_function") and hasattr(obj, "original_source") \
        else resolve(obj).layer
    if root is None:
        raise D2SError(t("steps.layer_needs_layer", path=path, type=type(obj).__name__))
    layers = dict(root.named_sublayers())
    path = str(path).strip()
    if path in layers:
        return layers[path]
    names = list(layers)
    near = difflib.get_close_matches(path, names, n=4, cutoff=0.5)
    outer = sorted((n for n in names if n not in near), key=lambda n: n.count("."))  # stable: model order
    some = near + outer[: max(0, 6 - len(near))]
    if not some:
        raise D2SError(t("steps.no_sublayers", path=path, model=type(root).__name__))
    raise D2SError(t("steps.no_layer", path=path, model=type(root).__name__,
                     some=", ".join(some) + (", ..." if len(names) > len(some) else "")))


def _where(fn) -> tuple:
    """``(file, first line)`` of ``fn``'s source; ``("", 0)`` when unknown."""
    fn = inspect.unwrap(getattr(fn, "__func__", fn))
    try:
        return inspect.getsourcefile(fn) or "", inspect.getsourcelines(fn)[1]
    except (OSError, TypeError):
        return "", 0


def _function_at(obj, layer: Optional[str]):
    """The function :func:`capture_steps` rewrites, and a display name."""
    if layer is None:
        return _target_function(obj)
    sub = sublayer(obj, layer)
    return original_forward(sub), f"{str(layer).strip()} · {type(sub).__name__}.forward"


def capture_steps(obj, layer: Optional[str] = None) -> Steps:
    """The source after each AST transformer Paddle applies to ``obj``.

    ``obj`` is a function, a ``paddle.nn.Layer`` (its forward), a bound Layer
    method, a ``StaticFunction`` or a :class:`~d2s_lab.core.convert.Conversion`.
    ``layer``: the path of one of its sublayers (``"bert.encoder.layers.0"``): that
    sublayer's forward instead, also when it is an installed library's code (Paddle
    converts it too; the steps then name the library, :attr:`Steps.library`).
    Returns :class:`Steps`: the original first, then one :class:`Step` per
    transformer in Paddle's order.  Capturing does not use or fill Paddle's
    conversion cache, so it gives the same steps every time and does not change
    later ``paddle.jit.to_static`` results.
    """
    sot = getattr(obj, "sot", None)
    if layer is None and getattr(sot, "frames", None):
        # an SOT conversion: the original, then the code SOT runs for it and each resume function
        items = frame_step_items(sot.frames)
        if items:
            steps = Steps(name=getattr(obj, "name", ""), path="sot")
            for i, (title, src) in enumerate(items):
                steps.append(Step(i, title or ORIGINAL, src, i > 0, "SOT" if i else ""))
            return steps
    fn, name = _function_at(obj, layer)
    file, first = _where(fn)
    original, raw = compat.apply_transformers(fn)
    lib = library_of(file)
    steps = Steps(name=name, library=lib, where=f"{os.path.basename(file)}:{first}" if lib and first else "",
                  converted=not is_paddle_library(lib))
    steps.sot_untranslated = layer is None and sot is not None
    steps.append(Step(0, ORIGINAL, original, False))
    prev = original
    for i, (cls_name, src) in enumerate(raw, 1):
        steps.append(Step(i, short_transformer_name(cls_name), src, src != prev, cls_name))
        prev = src
    return steps


@dataclass
class LayerSource:
    """A forward's code beside the code ``to_static`` turns it into (the last step of
    :func:`capture_steps`); displays as the report's side-by-side source table.
    ``library``: the installed library it belongs to ("" for the user's own);
    ``converted``: as :attr:`Steps.converted`."""

    name: str
    original_source: str
    transformed_source: str
    source_file: str = ""
    first_line: int = 0
    library: str = ""
    converted: bool = True

    def _repr_html_(self) -> str:
        return display.html(self)

    def __repr__(self) -> str:
        lib = f" [{self.library}]" if self.library else ""
        return f"<LayerSource {self.name}{lib}: {os.path.basename(self.source_file)}:{self.first_line}>"


def capture_source(obj, layer: Optional[str] = None) -> LayerSource:
    """``obj``'s forward (or, with ``layer``, that sublayer's) beside its transformed code:
    see :func:`capture_steps` for ``obj`` and ``layer``."""
    steps = capture_steps(obj, layer)
    fn = _function_at(obj, layer)[0]
    file, first = _where(fn)
    try:
        original = textwrap.dedent("".join(inspect.getsourcelines(inspect.unwrap(getattr(fn, "__func__", fn)))[0]))
    except (OSError, TypeError):
        original, first = steps[0].source, 1
    return LayerSource(steps.name, original, steps.final, file, first, steps.library, steps.converted)


_PREFIX_RE: Dict[tuple, "re.Pattern"] = {}


def normalize_names(source: str, prefixes: Optional[List[str]] = None) -> str:
    """Renumber Paddle's generated names: per prefix, by the order of their numbers.

    Paddle numbers generated names from a process-wide counter, so the same
    function converts to ``__return_2`` / ``true_fn_5`` after other conversions
    and to ``__return_0`` / ``true_fn_0`` in a fresh process.  After this, both read
    ``__return_0``: equal code compares equal (trailing blanks are dropped too).
    Numbers are ranked by value, not by where they first appear: Paddle sorts some
    name lists as strings (``__return_10`` before ``__return_9``), and that order
    changes with the counter: those lists (and Paddle 2.6's runs of
    ``name = _jst.UndefinedVar('name')`` declarations) are sorted naturally.  Only names
    in the code count: comments and strings (docstrings) are left alone, except a string
    that is just one generated name (``'__return_0'``, as Paddle passes names to its helpers).
    ``prefixes`` defaults to the ones the installed Paddle generates.
    """
    if prefixes is None:
        prefixes = compat.generated_name_prefixes()
    key = tuple(sorted(prefixes, key=len, reverse=True))
    pat = _PREFIX_RE.get(key)
    if pat is None:
        alt = "|".join(re.escape(p) for p in key)
        pat = _PREFIX_RE[key] = re.compile(rf"(?<!\w)({alt})_(\d+)(?!\w)")
    spans = _code_spans(source, pat)
    numbers: Dict[str, set] = {}
    for lo, hi in spans:
        for m in pat.finditer(source, lo, hi):
            numbers.setdefault(m.group(1), set()).add(int(m.group(2)))
    rank = {(p, n): i for p, ns in numbers.items() for i, n in enumerate(sorted(ns))}
    out, pos = [], 0
    for lo, hi in spans:
        out.append(source[pos:lo])
        out.append(pat.sub(lambda m: f"{m.group(1)}_{rank[(m.group(1), int(m.group(2)))]}",
                           source[lo:hi]))
        pos = hi
    out.append(source[pos:])
    text = "".join(out)
    lines = [_sort_name_lists(line.rstrip()) for line in text.rstrip().splitlines()]
    return "\n".join(_sort_declarations(lines)) + "\n"


def _natural(name: str):
    return [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", name.strip("'"))]


_NAME_LISTS = [
    re.compile(r"^(\s*nonlocal )([\w, ]+)()$"),
    re.compile(r"^(\s*)([\w, ]+)( = _jst\.Ld\(__args\))$"),
    re.compile(r"^(\s*return \()((?:_jst\.Ld\(\w+\)(?:, )?)+)(\)\s*)$"),
    re.compile(r"^(\s*return )((?:_jst\.Ld\(\w+\), )+_jst\.Ld\(\w+\))()$"),  # Paddle 2.6: no parentheses
    re.compile(r"(\()((?:'\w+', )+'\w+')(\))"),
]


def _sort_name_lists(line: str) -> str:
    """The name lists Paddle writes in its own order (``nonlocal``, ``get_args``/``set_args``,
    the quoted names given to ``_jst.IfElse``/``_jst.While``), sorted naturally: Paddle
    sorts them as strings, which puts ``__return_10`` before ``__return_9``."""
    for pat in _NAME_LISTS:
        def sort(m):
            items = [i.strip() for i in m.group(2).split(",") if i.strip()]
            return m.group(1) + ", ".join(sorted(items, key=_natural)) + m.group(3)
        line = pat.sub(sort, line)
    return line


_DECLARATION = re.compile(r"^(\s*)(\w+) = _jst\.UndefinedVar\('\2'\)$")


def _sort_declarations(lines: List[str]) -> List[str]:
    """Runs of ``name = _jst.UndefinedVar('name')`` lines (one indent), sorted naturally:
    Paddle 2.6 writes them in reverse string order of the names, which moves with its
    counter (``__return_9`` before ``__return_10`` or after it)."""
    out: List[str] = []
    i = 0
    while i < len(lines):
        m = _DECLARATION.match(lines[i])
        j = i + 1
        while m and j < len(lines):
            n = _DECLARATION.match(lines[j])
            if n is None or n.group(1) != m.group(1):
                break
            j += 1
        run = lines[i:j]
        out.extend(sorted(run, key=lambda ln: _natural(ln.strip())) if m else run)
        i = j
    return out


def _code_spans(source: str, pat) -> List[tuple]:
    """(start, end) offsets of ``source`` where generated names are renumbered: names,
    and strings holding exactly one generated name; the whole text when it does not
    tokenize."""
    import io
    import tokenize

    starts = [0]
    for line in source.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    spans = []
    try:
        for tok in tokenize.generate_tokens(io.StringIO(source).readline):
            if tok.type == tokenize.NAME or (
                    tok.type == tokenize.STRING and pat.fullmatch(tok.string.strip("'\"")) is not None):
                lo = starts[tok.start[0] - 1] + tok.start[1]
                hi = starts[tok.end[0] - 1] + tok.end[1]
                spans.append((lo, hi))
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return [(0, len(source))]
    return spans


@dataclass
class ConvertedFunction:
    """A function Paddle converted, usually recursively, while converting the model."""

    name: str
    original_source: str
    transformed_source: Optional[str]
    source_file: str = ""
    first_line: int = 0


def _unwrapped(fn):
    return inspect.unwrap(getattr(fn, "__func__", fn))


def converted_functions(pairs, top=None) -> List[ConvertedFunction]:
    """Describe ``(dygraph_function, static_function)`` pairs recorded by
    :func:`~d2s_lab.core.paddle_compat.transformers.recording_converted_functions`,
    without ``top`` and without repeats, in the order Paddle converted them."""
    out: List[ConvertedFunction] = []
    seen = set()
    top_fn = _unwrapped(top) if top is not None else None
    for dy, st in pairs:
        fn = _unwrapped(dy)
        if fn is top_fn or getattr(fn, "__code__", None) is getattr(top_fn, "__code__", 0):
            continue
        code = getattr(fn, "__code__", None)
        if code in seen:
            continue
        seen.add(code)
        try:
            lines, first = inspect.getsourcelines(fn)
            src = textwrap.dedent("".join(lines))
            file = inspect.getsourcefile(fn) or ""
        except (OSError, TypeError):
            src, first, file = "", 0, ""
        out.append(ConvertedFunction(
            name=getattr(dy, "__qualname__", getattr(fn, "__qualname__", "function")),
            original_source=src,
            transformed_source=compat.static_source(st),
            source_file=file,
            first_line=first,
        ))
    return out
