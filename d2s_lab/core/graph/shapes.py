"""Shapes, dtypes and input descriptions as text: the one home of these formats.

* ``format_shape([-1, 3])`` -> ``[N, 3]`` (graph labels, tables);
* ``dims_text([-1, 3])`` -> ``Nx3`` (compact, inside drawings);
* ``spec_text([None, 3], "float32", "x")`` -> ``x: [None,3] float32`` (the
  ``--input`` syntax, so what is shown can be pasted back);
* ``dtype_name(tensor_or_spec)`` -> ``float32``.

Dynamic dims are ``None`` or negative.  Plain Python: no Paddle imports.

The output budget every view shares (the saved-model viewer, the diff, the CLI and the
report): a shape longer than :data:`MAX_SHAPE_DIMS` dims reads ``rank-5000 shape``, and
an op lists at most :data:`MAX_OPERANDS` operands, then ``4,998 more operands``
(:func:`bounded_items`), so what is printed never grows with the product of two numbers
in a file (a rank-5000 parameter read 5,000 times by one op).
"""
from __future__ import annotations

from typing import Any, List, Optional, Sequence

from d2s_lab.text import t

# Dims written out per shape; past it a shape is named by its rank.
MAX_SHAPE_DIMS = 16
# Operands (inputs, outputs, parameters) listed per op in a table row.
MAX_OPERANDS = 16

_SHORT_DTYPES = {
    "float32": "f32", "float64": "f64", "float16": "f16", "bfloat16": "bf16",
    "int64": "i64", "int32": "i32", "int16": "i16", "int8": "i8", "uint8": "u8",
    "bool": "bool", "complex64": "c64", "complex128": "c128",
}


def is_dynamic(d) -> bool:
    return d is None or (isinstance(d, int) and d < 0)


def format_shape(shape: Optional[Sequence[Optional[int]]], dyn: str = "N") -> str:
    """``[N, 3, 32, 32]``; ``?`` when unknown; ``rank-5000 shape`` past
    :data:`MAX_SHAPE_DIMS` dims."""
    if shape is None:
        return "?"
    if len(shape) > MAX_SHAPE_DIMS:
        return rank_text(len(shape))
    return "[" + ", ".join(dyn if is_dynamic(d) else str(d) for d in shape) + "]"


def dims_text(shape: Optional[Sequence[Optional[int]]], dyn: str = "N") -> str:
    """``Nx3x32x32``; ``[]`` for a scalar, ``?`` when unknown."""
    if shape is None:
        return "?"
    if not shape:
        return "[]"
    if len(shape) > MAX_SHAPE_DIMS:
        return rank_text(len(shape))
    return "x".join(dyn if is_dynamic(d) else str(d) for d in shape)


def rank_text(rank: int) -> str:
    """``rank-5000 shape``: a shape too long to write out."""
    return t("graph.rank_shape", rank=f"{rank:,}")


def bounded_items(items: Sequence[str], limit: Optional[int] = None,
                  total: Optional[int] = None, more: str = "graph.more_operands") -> List[str]:
    """The first ``limit`` (default :data:`MAX_OPERANDS`) of ``items``, then
    ``N more operands`` when there are more (``total``: how many there are in all,
    when ``items`` holds only the first ones; ``more``: the text key of that line)."""
    limit = MAX_OPERANDS if limit is None else limit
    total = len(items) if total is None else total
    if total <= limit:
        return list(items)
    return list(items[:limit]) + [t(more, n=f"{total - limit:,}")]


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
    if shape is not None and len(shape) > MAX_SHAPE_DIMS:
        return (f"{name}: " if name else "") + f"{rank_text(len(shape))} {dtype}".rstrip()
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
