"""Shapes, dtypes and input descriptions as text: the one home of these formats.

* ``format_shape([-1, 3])`` -> ``[N, 3]`` (graph labels, tables);
* ``dims_text([-1, 3])`` -> ``Nx3`` (compact, inside drawings);
* ``spec_text([None, 3], "float32", "x")`` -> ``x: [None,3] float32`` (the
  ``--input`` syntax, so what is shown can be pasted back);
* ``dtype_name(tensor_or_spec)`` -> ``float32``.

Dynamic dims are ``None`` or negative.  Plain Python: no Paddle imports.
"""
from __future__ import annotations

from typing import Any, Optional, Sequence

_SHORT_DTYPES = {
    "float32": "f32", "float64": "f64", "float16": "f16", "bfloat16": "bf16",
    "int64": "i64", "int32": "i32", "int16": "i16", "int8": "i8", "uint8": "u8",
    "bool": "bool", "complex64": "c64", "complex128": "c128",
}


def is_dynamic(d) -> bool:
    return d is None or (isinstance(d, int) and d < 0)


def format_shape(shape: Optional[Sequence[Optional[int]]], dyn: str = "N") -> str:
    """``[N, 3, 32, 32]``; ``?`` when unknown."""
    if shape is None:
        return "?"
    return "[" + ", ".join(dyn if is_dynamic(d) else str(d) for d in shape) + "]"


def dims_text(shape: Optional[Sequence[Optional[int]]], dyn: str = "N") -> str:
    """``Nx3x32x32``; ``[]`` for a scalar, ``?`` when unknown."""
    if shape is None:
        return "?"
    if not shape:
        return "[]"
    return "x".join(dyn if is_dynamic(d) else str(d) for d in shape)


def short_dtype(dtype: Optional[str]) -> str:
    """``float32`` -> ``f32``."""
    if not dtype:
        return ""
    return _SHORT_DTYPES.get(dtype, dtype)


def dtype_name(obj: Any) -> str:
    """The dtype of a tensor, value, spec or array as plain text (``float32``)."""
    dtype = getattr(obj, "dtype", obj)
    return str(dtype).replace("paddle.", "")


def shape_and_dtype(shape, dtype: Optional[str]) -> str:
    """``[N, 10] f32``: one value in a table or label."""
    return f"{format_shape(shape)} {short_dtype(dtype)}".strip()


def spec_text(shape: Optional[Sequence[Optional[int]]], dtype: str = "", name: Optional[str] = None) -> str:
    """``x: [None,3,32,32] float32``, the ``--input`` syntax."""
    dims = ",".join("None" if is_dynamic(d) else str(d) for d in (shape or []))
    return (f"{name}: " if name else "") + f"[{dims}] {dtype}".rstrip()


def describe_spec(spec: Any) -> str:
    """One readable line for an InputSpec-like object or a nested structure of them."""
    if isinstance(spec, (list, tuple)):
        return "(" + ", ".join(describe_spec(s) for s in spec) + ")"
    if isinstance(spec, dict):
        return "{" + ", ".join(f"{k}: {describe_spec(v)}" for k, v in spec.items()) + "}"
    return spec_text(getattr(spec, "shape", None), dtype_name(getattr(spec, "dtype", "")),
                     getattr(spec, "name", None))
