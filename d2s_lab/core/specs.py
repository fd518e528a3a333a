"""Input descriptions: the short text form, InputSpecs, example inputs and Python values.

Everything ``paddle.jit.to_static`` accepts is accepted here, nested in lists, tuples
and dicts as Paddle allows:

* a tensor input: an ``InputSpec``, text ``"x: [None,3,32,32] float32"`` (name and
  dtype optional), or an example tensor / NumPy array;
* a Python value (bool, int, float, str, None, lists and tuples of them): a
  compile-time constant; Paddle specialises the Program to it, and a different value
  builds a different Program.  In text: ``"n=3"``, ``"use_act=True"``, ``'mode="a"'``.

Unnamed inputs are named after the function's parameters, with their position in
nested arguments: ``image``, ``xs[0]``, ``cfg["scale"]``.
"""
from __future__ import annotations

import ast
import inspect
import os
import re
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Sequence

from d2s_lab.errors import SpecError
from d2s_lab.core.dims import Dims
from d2s_lab.core.nested import flatten
from d2s_lab.core.paddle_compat import require_paddle
from d2s_lab.core.graph.shapes import describe_spec, dtype_name, spec_text
from d2s_lab.text import t

__all__ = ["SpecText", "Constant", "InputInfo", "parse_spec_text", "to_input_specs", "random_inputs",
           "as_input_list", "describe_spec", "describe_inputs", "parameter_names", "flatten"]

DTYPES = {
    "float32", "float64", "float16", "bfloat16", "int64", "int32", "int16", "int8",
    "uint8", "bool", "complex64", "complex128",
}
_ALIASES = {"f32": "float32", "f64": "float64", "f16": "float16", "bf16": "bfloat16",
            "i64": "int64", "i32": "int32", "float": "float32", "int": "int64",
            "long": "int64", "double": "float64", "half": "float16"}

_SPEC_RE = re.compile(
    r"^\s*(?:(?P<name>[A-Za-z_][A-Za-z0-9_]*)\s*:\s*)?"
    r"\[(?P<dims>[^\]]*)\]\s*(?P<dtype>[A-Za-z0-9_]+)?\s*$"
)

_CONST_RE = re.compile(r"^\s*(?P<name>[A-Za-z_][A-Za-z0-9_]*)\s*=\s*(?P<value>.*?)\s*$", re.S)

# Python values Paddle takes as compile-time constants.
CONSTANT_TYPES = (bool, int, float, str, type(None), complex)


@dataclass
class SpecText:
    """A parsed text spec; ``shape`` uses None for dynamic dims."""

    shape: List[Optional[int]]
    dtype: str = "float32"
    name: Optional[str] = None

    def __str__(self) -> str:
        return spec_text(self.shape, self.dtype, self.name)


@dataclass
class Constant:
    """A Python value given where an input goes: Paddle specialises the Program to it."""

    value: Any
    name: Optional[str] = None

    def __str__(self) -> str:
        return (f"{self.name}=" if self.name else "") + repr(self.value)


def parse_spec_text(text: str):
    """Parse ``"x: [None,3,32,32] float32"`` into a :class:`SpecText`, or ``"n=3"`` into
    a :class:`Constant`."""
    c = _CONST_RE.match(text or "")
    if c and ":" not in c.group("name"):
        try:
            value = ast.literal_eval(c.group("value"))
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            raise SpecError(t("inputs.constant_not_literal", text=repr(text)),
                            t("inputs.constant_not_literal_hint")) from None
        if not _is_constant(value):
            raise SpecError(t("inputs.constant_type", text=repr(text), type=type(value).__name__),
                            t("inputs.constant_type_hint"))
        return Constant(value, c.group("name"))
    m = _SPEC_RE.match(text or "")
    if not m:
        raise SpecError(t("inputs.unreadable", text=repr(text)), t("inputs.format_help"))
    dims: List[Optional[int]] = []
    raw = m.group("dims").strip()
    for part in [p.strip() for p in raw.split(",")] if raw else []:
        if part in ("None", "none", "-1", "?", "N", "B"):
            dims.append(None)
        elif re.fullmatch(r"\d+", part):
            dims.append(int(part))
        else:
            raise SpecError(t("inputs.bad_dim", part=repr(part), text=repr(text)), t("inputs.format_help"))
    dtype = (m.group("dtype") or "float32").lower()
    dtype = _ALIASES.get(dtype, dtype)
    if dtype not in DTYPES:
        raise SpecError(t("inputs.bad_dtype", dtype=repr(m.group("dtype")), text=repr(text)),
                        t("inputs.bad_dtype_hint", dtypes=", ".join(sorted(DTYPES))))
    return SpecText(dims, dtype, m.group("name"))


def _is_constant(value) -> bool:
    if isinstance(value, CONSTANT_TYPES):
        return True
    return isinstance(value, (list, tuple)) and all(_is_constant(v) for v in value)


def _child(path: str, key) -> str:
    return f"{path}[{key!r}]".replace("'", '"') if isinstance(key, str) else f"{path}[{key}]"


def parameter_names(fn) -> List[str]:
    """The names of ``fn``'s positional parameters (``self`` of a bound method left out)."""
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return []
    return [p.name for p in sig.parameters.values()
            if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]


def to_input_specs(input_spec: Any = None, example_inputs: Any = None,
                   names: Optional[Sequence[str]] = None, defaults: Optional[Dict[str, Any]] = None):
    """Normalise any accepted input description into what ``to_static`` takes.

    ``input_spec`` may be InputSpecs, text specs (``"x: [None,4] float32"``, ``"n=3"``),
    Python values, or nested lists/tuples/dicts of them; ``example_inputs`` the values
    of a call (tensors, ndarrays, Python values, nested), a single one or a list/tuple.
    ``names`` are the function's parameter names: unnamed tensor inputs are named
    after them (``x``, ``xs[0]``, ``cfg["scale"]``). A named input that names one of
    them (``"attention_mask: [None, None] int64"``) goes to that parameter, as a keyword
    argument would, the ones skipped over taking their ``defaults``.
    Returns ``(specs, examples)``: specs are InputSpecs and Python values in the same
    nesting; examples is a list of call arguments, or None.
    """
    paddle = require_paddle()
    InputSpec = paddle.static.InputSpec
    names = list(names or [])

    def named(spec, path):
        if spec.name or not path:
            return spec
        return InputSpec(spec.shape, spec.dtype, path, stop_gradient=getattr(spec, "stop_gradient", False))

    def one(item, path, text_is_spec):
        if isinstance(item, InputSpec):
            return named(item, path)
        if isinstance(item, str) and text_is_spec:
            item = parse_spec_text(item)
        if isinstance(item, Constant):
            return item.value
        if isinstance(item, SpecText):
            return InputSpec(item.shape, item.dtype, item.name or path or None)
        if _is_array(item):
            return _spec_from_example(item, InputSpec, path)
        if isinstance(item, (list, tuple)):
            return type(item)(one(v, _child(path, k), text_is_spec) for k, v in enumerate(item))
        if isinstance(item, dict):
            return {k: one(v, _child(path, k), text_is_spec) for k, v in item.items()}
        if isinstance(item, CONSTANT_TYPES):
            return item
        where = t("inputs.input_at", path=path) if path else t("inputs.an_input")
        raise SpecError(t("inputs.not_an_input", where=where, type=type(item).__name__), t("inputs.not_an_input_hint"))

    def top(items, text_is_spec):
        if text_is_spec:
            items = _bind_by_name([parse_spec_text(v) if isinstance(v, str) else v for v in items],
                                  names, defaults or {})
        return [one(v, names[i] if i < len(names) else f"arg{i}", text_is_spec)
                for i, v in enumerate(items)]

    examples = None
    if example_inputs is not None:
        examples = list(example_inputs) if isinstance(example_inputs, (list, tuple)) else [example_inputs]
        examples = [_to_tensors(e, paddle) for e in examples]
    if input_spec is None:
        if examples is None:
            return None, None
        return top(examples, text_is_spec=False), examples
    if isinstance(input_spec, (str, InputSpec, SpecText, Constant, dict)) or _is_array(input_spec):
        input_spec = [input_spec]
    return top(list(input_spec), text_is_spec=True), examples


def _input_name(item) -> Optional[str]:
    return getattr(item, "name", None) if isinstance(item, (SpecText, Constant)) or \
        type(item).__name__ == "InputSpec" else None


def _bind_by_name(items: list, names: Sequence[str], defaults: Dict[str, Any]) -> list:
    """Top-level inputs in the order of forward's parameters where their names say so:
    ``--input "ids: ..." --input "mask: ..."`` on ``forward(ids, pos=None, mask=None)``
    gives ``[ids, None, mask]``. Inputs whose names match no parameter, where none is
    out of place, stay positional (``"img: ..."`` for ``forward(x)``)."""
    named = [(i, _input_name(v)) for i, v in enumerate(items)]
    moved = [(i, n) for i, n in named if n in names and names.index(n) != i]
    if not moved:
        return items
    unknown = [n for _, n in named if n and n not in names]
    if unknown:
        raise SpecError(t("inputs.unknown_name", name=unknown[0], params=", ".join(names)),
                        t("inputs.unknown_name_hint"))
    slots: Dict[int, Any] = {}
    for i, n in named:
        at = names.index(n) if n else i
        if at in slots:
            raise SpecError(t("inputs.twice", name=names[at] if at < len(names) else f"arg{at}"),
                            t("inputs.unknown_name_hint"))
        slots[at] = items[i]
    out = []
    for k in range(max(slots) + 1):
        if k in slots:
            out.append(slots[k])
        elif k < len(names) and names[k] in defaults:
            out.append(defaults[names[k]])
        else:
            later = next(_input_name(slots[j]) for j in sorted(slots) if j > k)
            raise SpecError(t("inputs.name_gap", param=names[k], name=later), t("inputs.name_gap_hint", param=names[k]))
    return out


def parameter_defaults(fn) -> Dict[str, Any]:
    """forward's parameters that have defaults, and their values."""
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return {}
    return {p.name: p.default for p in sig.parameters.values() if p.default is not p.empty}


def _to_tensors(value, paddle):
    """NumPy arrays in a (nested) example become tensors; everything else stays."""
    if _is_ndarray(value):
        return paddle.to_tensor(value)
    if isinstance(value, (list, tuple)):
        return type(value)(_to_tensors(v, paddle) for v in value)
    if isinstance(value, dict):
        return {k: _to_tensors(v, paddle) for k, v in value.items()}
    return value


def one_description(inputs=None, spec=None, spec_label: str = "--spec"):
    """The input description from either ``--input`` texts or a ``--spec`` value; both
    at once is a SpecError (they would disagree on what forward gets)."""
    if inputs and spec is not None:
        raise SpecError(t("inputs.both", spec=spec_label), t("inputs.both_hint"))
    return spec if spec is not None else inputs


def _is_ndarray(x) -> bool:
    return type(x).__module__ == "numpy" and type(x).__name__ == "ndarray"


def _is_array(x) -> bool:
    if _is_ndarray(x):
        return True
    return hasattr(x, "shape") and hasattr(x, "dtype") and hasattr(x, "numpy")


def _spec_from_example(x, InputSpec, name: Optional[str] = None):
    # a tensor's own name is Paddle's (generated_tensor_2): the parameter's name reads better
    return InputSpec(list(x.shape), dtype_name(x), name or None)


def _memory_bytes() -> Optional[int]:
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        return None


def random_inputs(specs, batch: int = 2, seed: int = 0, dims=None):
    """Random inputs matching ``specs``: tensors for InputSpecs (dynamic dims filled with
    ``batch`` or sized by ``dims``, see :class:`~d2s_lab.core.dims.Dims`; made directly in
    their dtype),
    Python constants passed through as they are.

    An input too large for this machine's memory is a SpecError naming it and the
    bytes it needs, never a MemoryError.
    """
    paddle = require_paddle()
    import numpy as np

    rng = np.random.default_rng(seed)
    memory = _memory_bytes()
    dims = Dims.parse(dims)

    def tensor(s):
        shape = dims.shape(s, batch)
        dtype = dtype_name(s)
        itemsize = np.dtype("float32" if dtype == "bfloat16" else dtype).itemsize
        need = int(np.prod(shape, dtype=np.float64)) * itemsize
        label = f"{s.name or 'input'} {spec_text(shape, dtype)}"
        if memory is not None and need > memory // 2:
            raise SpecError(t("inputs.too_big", label=label, need=f"{need:,}", gib=f"{need / 2**30:.1f}",
                              have=f"{memory / 2**30:.1f}"), t("inputs.too_big_hint"))
        try:
            if dtype.startswith(("int", "uint")):
                arr = rng.integers(0, 4, size=shape, dtype=dtype)
            elif dtype == "bool":
                arr = rng.integers(0, 2, size=shape, dtype=np.uint8).astype(bool)
            elif dtype in ("float32", "float64"):
                arr = rng.standard_normal(shape, dtype=dtype)
            elif dtype in ("float16", "bfloat16"):
                arr = rng.standard_normal(shape, dtype="float32")
                if dtype == "bfloat16":
                    return paddle.to_tensor(arr).astype("bfloat16")
                arr = arr.astype("float16")
            else:
                arr = rng.standard_normal(shape).astype(dtype)
            return paddle.to_tensor(arr)
        except MemoryError:
            raise SpecError(t("inputs.no_memory", label=label, need=f"{need:,}"),
                            t("inputs.no_memory_hint")) from None

    def one(s):
        if isinstance(s, (list, tuple)):
            return type(s)(one(i) for i in s)
        if isinstance(s, dict):
            return {k: one(v) for k, v in s.items()}
        if hasattr(s, "shape") and hasattr(s, "dtype"):
            return tensor(s)
        return s  # a Python constant

    return [one(s) for s in specs]


@dataclass
class InputInfo:
    """One input as the report shows it: a tensor (shape with None for dynamic dims,
    dtype) or a Python constant (``value``; ``default`` when it came from the signature)."""

    shape: Optional[List[Optional[int]]]
    dtype: str = ""
    name: Optional[str] = None
    constant: bool = False
    value: Any = None
    default: bool = False

    def __str__(self) -> str:
        if self.constant:
            return f"{self.name or '?'} = {self.value!r}"
        return spec_text(self.shape, self.dtype, self.name)


def describe_inputs(specs, fn=None) -> List[InputInfo]:
    """The inputs of a conversion, leaf by leaf, named by position in the signature;
    parameters left to their defaults are listed as the constants Paddle used."""
    names = parameter_names(fn) if fn is not None else []
    out: List[InputInfo] = []

    def walk(s, path):
        if isinstance(s, (list, tuple)) and not _is_constant(s):
            for k, v in enumerate(s):
                walk(v, _child(path, k))
        elif isinstance(s, dict):
            for k, v in s.items():
                walk(v, _child(path, k))
        elif hasattr(s, "shape") and hasattr(s, "dtype"):
            out.append(InputInfo([None if (d is None or d < 0) else int(d) for d in s.shape],
                                 dtype_name(s), getattr(s, "name", None) or path))
        else:
            out.append(InputInfo(None, type(s).__name__, path, constant=True, value=s))

    specs = list(specs or [])
    for i, s in enumerate(specs):
        walk(s, names[i] if i < len(names) else f"arg{i}")
    if fn is not None and len(specs) < len(names):
        params = inspect.signature(fn).parameters
        for n in names[len(specs):]:
            if params[n].default is not inspect.Parameter.empty:
                out.append(InputInfo(None, type(params[n].default).__name__, n, constant=True,
                                     value=params[n].default, default=True))
    return out


def as_input_list(inputs) -> list:
    """Example inputs as the list of call arguments (a single input becomes a list of
    one; NumPy arrays become tensors)."""
    paddle = require_paddle()
    if not isinstance(inputs, (list, tuple)):
        inputs = [inputs]
    return [_to_tensors(i, paddle) for i in inputs]
