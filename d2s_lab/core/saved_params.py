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
from typing import List

from .errors import SavedModelError
from .saved_io import WireError, check_file, pb_int, pb_ints, pb_message

# framework.proto VarType.Type values for tensor element types.
VARTYPE_DTYPES = {
    0: ("bool", 1), 1: ("int16", 2), 2: ("int32", 4), 3: ("int64", 8), 4: ("float16", 2),
    5: ("float32", 4), 6: ("float64", 8), 20: ("uint8", 1), 21: ("int8", 1),
    22: ("bfloat16", 2), 23: ("complex64", 8), 24: ("complex128", 16),
    32: ("float8_e4m3fn", 1), 33: ("float8_e5m2", 1),
}

_MAX_LOD_LEVEL = 16
_MAX_DESC = 1 << 20
_MAX_TENSORS = 1 << 20


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


def decode_tensor_desc(buf: bytes):
    """``(dtype_name, itemsize, dims)`` from TensorDesc bytes."""
    msg = pb_message(buf)
    code = pb_int(msg.get(1), -1)
    dims = pb_ints(buf, msg.get(2))
    name, size = VARTYPE_DTYPES.get(code, (f"type{code}", 0))
    return name, size, dims


def read_params(path: str) -> List[TensorHeader]:
    """Every tensor header in a ``.pdiparams`` file, in file order."""
    size = check_file(path, "parameter file")
    out: List[TensorHeader] = []
    try:
        fh = open(path, "rb")
    except OSError as exc:
        raise SavedModelError(path, f"cannot be read ({exc.strerror or exc}).") from None

    def take(n: int, what: str) -> bytes:
        b = fh.read(n)
        if len(b) != n:
            raise SavedModelError(path, f"truncated: tensor {len(out)} ends inside its {what} "
                                        f"(at byte {fh.tell()} of {size}).",
                                  "The file was cut short; save the model again.")
        return b

    with fh:
        while fh.tell() < size:
            if len(out) >= _MAX_TENSORS:
                raise SavedModelError(path, f"holds more than {_MAX_TENSORS} tensors.")
            (version,) = struct.unpack("<I", take(4, "header"))
            if version != 0:
                raise SavedModelError(path, f"tensor {len(out)} has version {version}, not 0: "
                                            "this is not a Paddle .pdiparams tensor stream.")
            (lod_level,) = struct.unpack("<Q", take(8, "header"))
            if lod_level > _MAX_LOD_LEVEL:
                raise SavedModelError(path, f"tensor {len(out)} declares {lod_level} LoD levels "
                                            "(absurd); the file is corrupt.")
            for _ in range(lod_level):
                (n,) = struct.unpack("<Q", take(8, "LoD"))
                if n > size - fh.tell():
                    raise SavedModelError(path, f"tensor {len(out)} declares a {n}-byte LoD but "
                                                f"only {size - fh.tell()} bytes remain.")
                fh.seek(n, 1)
            (tversion,) = struct.unpack("<I", take(4, "header"))
            if tversion != 0:
                raise SavedModelError(path, f"tensor {len(out)} has tensor version {tversion}, not 0.")
            (dsize,) = struct.unpack("<i", take(4, "header"))
            if dsize < 0 or dsize > _MAX_DESC:
                raise SavedModelError(path, f"tensor {len(out)} declares a {dsize}-byte "
                                            "descriptor (absurd); the file is corrupt.")
            desc = take(dsize, "descriptor")
            try:
                dtype, itemsize, dims = decode_tensor_desc(desc)
            except WireError as exc:
                raise SavedModelError(path, f"tensor {len(out)}: bad descriptor ({exc}).") from None
            if any(d < 0 for d in dims):
                raise SavedModelError(path, f"tensor {len(out)} has a negative dimension {dims}.")
            if itemsize == 0:
                raise SavedModelError(path, f"tensor {len(out)} has unknown element type {dtype}.")
            numel = 1
            for d in dims:
                numel *= d
            nbytes = numel * itemsize
            remain = size - fh.tell()
            if nbytes > remain:
                raise SavedModelError(path, f"tensor {len(out)} {dims} {dtype} declares {nbytes} "
                                            f"bytes of data but only {remain} remain: truncated "
                                            "or corrupt.")
            out.append(TensorHeader(len(out), dtype, list(dims), fh.tell(), nbytes))
            fh.seek(nbytes, 1)
    return out
