"""Read parameter shapes and dtypes from a ``.pdiparams`` tensor stream.

The file is a sequence of serialized tensors, each::

    uint32 version (0) | uint64 lod_level | lod_level x (uint64 size, bytes)
    uint32 tensor version (0) | int32 desc size | TensorDesc protobuf | raw data

``TensorDesc`` is ``{1: data_type, 2: repeated int64 dims}``.  Tensors carry no
names: Paddle writes them in the sorted order of the program's persistable
variable names, so names come from the program.  Only headers are read; data is
skipped with ``seek``, so memory stays small for any file size.
"""
from __future__ import annotations

import struct
from dataclasses import dataclass
from typing import List, Tuple

from d2s_lab.errors import SavedModelError
from d2s_lab.text import t
from d2s_lab.core.saved.safe_io import LIMITS, WireError, check_file, pb_int, pb_ints, pb_message

# framework.proto VarType.Type values for tensor element types.
VARTYPE_DTYPES = {
    0: ("bool", 1), 1: ("int16", 2), 2: ("int32", 4), 3: ("int64", 8), 4: ("float16", 2),
    5: ("float32", 4), 6: ("float64", 8), 20: ("uint8", 1), 21: ("int8", 1),
    22: ("bfloat16", 2), 23: ("complex64", 8), 24: ("complex128", 16),
    32: ("float8_e4m3fn", 1), 33: ("float8_e5m2", 1),
}

_MAX_LOD_LEVEL = 16
_MAX_DESC = 1 << 20
_MAX_DIMS = 64


@dataclass
class TensorHeader:
    """One tensor of a ``.pdiparams`` stream (no data)."""

    index: int
    dtype: str
    shape: List[int]
    offset: int  # where its data starts in the file
    nbytes: int
    name: str = ""

    @property
    def numel(self) -> int:
        n = 1
        for d in self.shape:
            n *= d
        return n


def _small_desc(buf: bytes):
    """The common TensorDesc (one-byte keys and values below 128) decoded inline; None
    for anything else (the general decoder then reads it)."""
    code, dims, n = -1, [], len(buf)
    pos = 0
    while pos + 1 < n:
        key, val = buf[pos], buf[pos + 1]
        if val >= 0x80:
            return None
        if key == 0x08:
            code = val
        elif key == 0x10:
            dims.append(val)
        else:
            return None
        pos += 2
    if pos != n:
        return None
    name, size = VARTYPE_DTYPES.get(code, (f"type{code}", 0))
    return name, size, dims


def decode_tensor_desc(buf: bytes):
    """``(dtype_name, itemsize, dims)`` from TensorDesc bytes."""
    fast = _small_desc(buf) if len(buf) <= 32 else None
    if fast is not None:
        return fast
    msg = pb_message(buf)
    code = pb_int(msg.get(1), -1)
    dims = pb_ints(buf, msg.get(2))
    name, size = VARTYPE_DTYPES.get(code, (f"type{code}", 0))
    return name, size, dims


# the parts of a tensor record a truncated file can end in
_PART = {"header": "saved.part_header", "LoD": "saved.part_lod", "descriptor": "saved.part_descriptor"}


def read_params(path: str) -> List[TensorHeader]:
    """Every tensor header in a ``.pdiparams`` file, in file order; a SavedModelError
    past ``LIMITS.param_tensors`` tensors."""
    out, more = read_params_bounded(path)
    if more:
        raise SavedModelError(path, t("saved.too_many_tensors", n=f"{LIMITS.param_tensors:,}"), t("saved.too_big_hint"))
    return out


def read_params_bounded(path: str) -> Tuple[List[TensorHeader], bool]:
    """``(headers, more)``: the first ``LIMITS.param_tensors`` tensor headers of a
    ``.pdiparams`` file, and whether the file holds more.

    Headers are parsed from a window of the file read in 1 MiB chunks; tensor data
    is skipped with the window, never read."""
    size = check_file(path, "parameter file")
    out: List[TensorHeader] = []
    try:
        fh = open(path, "rb")
    except OSError as exc:
        raise SavedModelError(path, t("saved.unreadable", error=exc.strerror or exc)) from None
    max_tensors = LIMITS.param_tensors
    head = struct.Struct("<IQ")
    mid = struct.Struct("<Ii")
    u64 = struct.Struct("<Q")
    chunk = 1 << 20
    seen_desc: dict = {}  # descriptor bytes -> decoded (models repeat shapes)
    buf = b""
    base = 0  # file offset of buf[0]
    p = 0  # read position in buf

    def ensure(k: int, what: str) -> None:
        nonlocal buf, base, p
        if p + k <= len(buf):
            return
        base += p
        p = 0
        if base + k > size:
            raise SavedModelError(path, t("saved.truncated_in", k=len(out), what=t(_PART[what]), at=min(base, size),
                                          size=size), t("saved.truncated_hint"))
        fh.seek(base)
        buf = fh.read(max(k, chunk))

    with fh:
        while base + p < size:
            if len(out) >= max_tensors:
                return out, True
            ensure(12, "header")
            version, lod_level = head.unpack_from(buf, p)
            p += 12
            if version != 0:
                raise SavedModelError(path, t("saved.tensor_version", k=len(out), version=version))
            if lod_level > _MAX_LOD_LEVEL:
                raise SavedModelError(path, t("saved.tensor_lod_levels", k=len(out), n=lod_level))
            for _ in range(lod_level):
                ensure(8, "LoD")
                (n,) = u64.unpack_from(buf, p)
                p += 8
                if n > size - (base + p):
                    raise SavedModelError(path, t("saved.tensor_lod_bytes", k=len(out), n=n, left=size - (base + p)))
                p += n
            ensure(8, "header")
            tversion, dsize = mid.unpack_from(buf, p)
            p += 8
            if tversion != 0:
                raise SavedModelError(path, t("saved.tensor_tversion", k=len(out), version=tversion))
            if dsize < 0 or dsize > _MAX_DESC:
                raise SavedModelError(path, t("saved.tensor_desc_size", k=len(out), n=dsize))
            ensure(dsize, "descriptor")
            desc = buf[p:p + dsize]
            p += dsize
            known = seen_desc.get(desc)
            if known is None:
                try:
                    known = decode_tensor_desc(desc)
                except WireError as exc:
                    raise SavedModelError(path, t("saved.tensor_bad_desc", k=len(out), error=exc)) from None
                if len(seen_desc) < 4096:
                    seen_desc[desc] = known
            dtype, itemsize, dims = known
            if len(dims) > _MAX_DIMS:
                raise SavedModelError(path, t("saved.tensor_many_dims", k=len(out), n=len(dims)))
            if any(d < 0 for d in dims):
                raise SavedModelError(path, t("saved.tensor_negative_dim", k=len(out), dims=dims))
            if itemsize == 0:
                raise SavedModelError(path, t("saved.tensor_unknown_type", k=len(out), dtype=dtype))
            numel = 1
            for d in dims:
                numel *= d
            nbytes = numel * itemsize
            here = base + p
            remain = size - here
            if nbytes > remain:
                raise SavedModelError(path, t("saved.tensor_data_short", k=len(out), dims=dims, dtype=dtype,
                                              n=nbytes, left=remain))
            out.append(TensorHeader(len(out), dtype, list(dims), here, nbytes))
            p += nbytes
    return out, False
