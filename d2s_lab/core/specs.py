"""Input descriptions: the short text form, InputSpecs and example inputs.

Text form (one input per ``--input``): ``"x: [None,3,32,32] float32"``;
the name and dtype are optional (``"[None, 8]"`` is a float32 input).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, List, Optional

from .errors import SpecError
from .nested import flatten
from .paddle_compat import require_paddle
from .shapes import describe_spec, dtype_name, spec_text

__all__ = ["SpecText", "parse_spec_text", "to_input_specs", "random_inputs", "as_input_list",
           "describe_spec", "flatten"]

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

SPEC_FORMAT_HELP = (
    'Write each input as  name: [dims] dtype,  for example  "x: [None,3,32,32] float32"; '
    "use None (or -1) for a dynamic dimension; name and dtype are optional "
    "(dtype defaults to float32)."
)


@dataclass
class SpecText:
    """A parsed text spec; ``shape`` uses None for dynamic dims."""

    shape: List[Optional[int]]
    dtype: str = "float32"
    name: Optional[str] = None

    def __str__(self) -> str:
        return spec_text(self.shape, self.dtype, self.name)


def parse_spec_text(text: str) -> SpecText:
    """Parse ``"x: [None,3,32,32] float32"`` into a :class:`SpecText`."""
    m = _SPEC_RE.match(text or "")
    if not m:
        raise SpecError(f"Could not read the input description {text!r}.", SPEC_FORMAT_HELP)
    dims: List[Optional[int]] = []
    raw = m.group("dims").strip()
    for part in [p.strip() for p in raw.split(",")] if raw else []:
        if part in ("None", "none", "-1", "?", "N", "B"):
            dims.append(None)
        elif re.fullmatch(r"\d+", part):
            dims.append(int(part))
        else:
            raise SpecError(
                f"Dimension {part!r} in {text!r} is not a number or None.", SPEC_FORMAT_HELP
            )
    dtype = (m.group("dtype") or "float32").lower()
    dtype = _ALIASES.get(dtype, dtype)
    if dtype not in DTYPES:
        raise SpecError(
            f"Unknown dtype {m.group('dtype')!r} in {text!r}.",
            "Use one of: " + ", ".join(sorted(DTYPES)) + ".",
        )
    return SpecText(dims, dtype, m.group("name"))


def to_input_specs(input_spec: Any = None, example_inputs: Any = None):
    """Normalise any accepted input description into Paddle ``InputSpec`` objects.

    ``input_spec`` may be InputSpecs, text specs, or nested lists/dicts of them;
    ``example_inputs`` may be tensors or ndarrays (a single one or a list/tuple).
    Returns ``(specs, examples)`` where examples is a list or None.
    """
    paddle = require_paddle()
    InputSpec = paddle.static.InputSpec

    def one(item, idx):
        if isinstance(item, InputSpec):
            return item
        if isinstance(item, str):
            st = parse_spec_text(item)
            return InputSpec(st.shape, st.dtype, st.name or None)
        if isinstance(item, SpecText):
            return InputSpec(item.shape, item.dtype, item.name or None)
        if isinstance(item, (list, tuple)):
            return type(item)(one(i, f"{idx}.{k}") for k, i in enumerate(item))
        if isinstance(item, dict):
            return {k: one(v, f"{idx}.{k}") for k, v in item.items()}
        if _is_array(item):
            return _spec_from_example(item, InputSpec)
        raise SpecError(
            f"Input {idx}: cannot use a {type(item).__name__} as an input description.",
            "Give InputSpec objects, text like \"x: [None,3,32,32] float32\", or example "
            "tensors/arrays.",
        )

    examples = None
    if example_inputs is not None:
        examples = list(example_inputs) if isinstance(example_inputs, (list, tuple)) else [example_inputs]
        examples = [paddle.to_tensor(e) if _is_ndarray(e) else e for e in examples]
    if input_spec is None:
        if examples is None:
            return None, None
        specs = [one(e, str(i)) for i, e in enumerate(examples)]
        return specs, examples
    if isinstance(input_spec, (str, InputSpec, SpecText)) or _is_array(input_spec):
        input_spec = [input_spec]
    if isinstance(input_spec, dict):
        return [one(input_spec, "0")], examples
    return [one(s, str(i)) for i, s in enumerate(input_spec)], examples


def _is_ndarray(x) -> bool:
    return type(x).__module__ == "numpy" and type(x).__name__ == "ndarray"


def _is_array(x) -> bool:
    if _is_ndarray(x):
        return True
    return hasattr(x, "shape") and hasattr(x, "dtype") and hasattr(x, "numpy")


def _spec_from_example(x, InputSpec):
    dtype = dtype_name(x)
    return InputSpec(list(x.shape), dtype, getattr(x, "name", None) if not _is_ndarray(x) else None)


def random_inputs(specs, batch: int = 2, seed: int = 0):
    """Random tensors matching InputSpecs, dynamic dims filled with ``batch``."""
    paddle = require_paddle()
    import numpy as np

    rng = np.random.default_rng(seed)

    def one(s):
        if isinstance(s, (list, tuple)):
            return type(s)(one(i) for i in s)
        if isinstance(s, dict):
            return {k: one(v) for k, v in s.items()}
        shape = [batch if (d is None or d < 0) else d for d in s.shape]
        dtype = dtype_name(s)
        if dtype.startswith("int") or dtype.startswith("uint"):
            arr = rng.integers(0, 4, size=shape).astype(dtype)
        elif dtype == "bool":
            arr = rng.integers(0, 2, size=shape).astype(bool)
        elif dtype == "bfloat16":
            return paddle.to_tensor(rng.standard_normal(shape).astype("float32")).astype("bfloat16")
        else:
            arr = rng.standard_normal(shape).astype(dtype)
        return paddle.to_tensor(arr)

    return [one(s) for s in specs]


def as_input_list(inputs) -> list:
    """Example inputs as the list of call arguments (a single input becomes a list of
    one; NumPy arrays become tensors)."""
    paddle = require_paddle()
    if not isinstance(inputs, (list, tuple)):
        inputs = [inputs]
    return [paddle.to_tensor(i) if _is_ndarray(i) else i for i in inputs]
