"""Safe, bounded reading of saved-model files: sizes checked, nothing executed.

Shared by the per-format readers (``saved_pir``, ``saved_legacy``,
``saved_params``, ``saved_info``): file checks with clear errors, and a
minimal protobuf wire-format decoder (Paddle's ``.pdmodel`` and tensor
descriptors are protobuf; decoding them here needs neither Paddle nor a
generated schema).  No Paddle imports, no pickle.
"""
from __future__ import annotations

import os
import struct
from typing import Dict, Iterator, List, Tuple

from .errors import SavedModelError

# Generous ceilings so that a hostile file cannot make us allocate without bound.
MAX_PROGRAM_BYTES = 512 * 1024 * 1024
MAX_INFO_BYTES = 64 * 1024 * 1024


def check_file(path: str, what: str = "file") -> int:
    """Return the size of ``path`` or raise SavedModelError saying why it cannot be read."""
    if not os.path.exists(path):
        raise SavedModelError(path, f"no such {what}.",
                              "Give the path of a saved model (.json, .pdmodel or the prefix "
                              "passed to paddle.jit.save).")
    if os.path.isdir(path):
        raise SavedModelError(path, "is a directory, not a model file.",
                              "Give the .json or .pdmodel file inside it (or its prefix).")
    if not os.path.isfile(path):
        raise SavedModelError(path, "is not a regular file.")
    try:
        return os.path.getsize(path)
    except OSError as exc:
        raise SavedModelError(path, f"cannot be read ({exc.strerror or exc}).") from None


def read_bytes(path: str, limit: int, what: str = "file") -> bytes:
    """The whole file, refusing files larger than ``limit`` bytes."""
    size = check_file(path, what)
    if size > limit:
        raise SavedModelError(path, f"is {size / 2**20:.0f} MiB, more than the "
                                    f"{limit / 2**20:.0f} MiB this viewer reads.")
    try:
        with open(path, "rb") as fh:
            return fh.read(limit + 1)
    except OSError as exc:
        raise SavedModelError(path, f"cannot be read ({exc.strerror or exc}).") from None


# --- protobuf wire format -------------------------------------------------------------

class WireError(ValueError):
    """Malformed protobuf bytes (turned into a SavedModelError by the caller)."""


def _varint(buf: bytes, pos: int, end: int) -> Tuple[int, int]:
    result = shift = 0
    for _ in range(10):
        if pos >= end:
            raise WireError("truncated varint")
        b = buf[pos]
        pos += 1
        result |= (b & 0x7F) << shift
        if b < 0x80:
            return result, pos
        shift += 7
    raise WireError("varint longer than 10 bytes")


def signed64(v: int) -> int:
    return v - (1 << 64) if v >= (1 << 63) else v


def signed32(v: int) -> int:
    v &= 0xFFFFFFFF
    return v - (1 << 32) if v >= (1 << 31) else v


def pb_fields(buf: bytes, start: int = 0, end: int = None) -> Iterator[Tuple[int, int, object]]:
    """Yield ``(field_number, wire_type, value)``; value is an int for varint/fixed
    fields and a ``(start, end)`` span into ``buf`` for length-delimited ones."""
    end = len(buf) if end is None else end
    pos = start
    while pos < end:
        key, pos = _varint(buf, pos, end)
        field, wt = key >> 3, key & 7
        if field == 0:
            raise WireError("field number 0")
        if wt == 0:
            val, pos = _varint(buf, pos, end)
        elif wt == 1:
            if pos + 8 > end:
                raise WireError("truncated 64-bit field")
            val = struct.unpack_from("<Q", buf, pos)[0]
            pos += 8
        elif wt == 5:
            if pos + 4 > end:
                raise WireError("truncated 32-bit field")
            val = struct.unpack_from("<I", buf, pos)[0]
            pos += 4
        elif wt == 2:
            n, pos = _varint(buf, pos, end)
            if n > end - pos:
                raise WireError(f"field {field} declares {n} bytes but only {end - pos} remain")
            val = (pos, pos + n)
            pos += n
        else:
            raise WireError(f"unsupported wire type {wt}")
        yield field, wt, val


def pb_message(buf: bytes, span=None) -> Dict[int, List[Tuple[int, object]]]:
    """All fields of one message, grouped by number: ``{field: [(wire_type, value), ...]}``."""
    if span is None:
        start, end = 0, len(buf)
    elif isinstance(span, tuple):
        start, end = span
    else:
        raise WireError("a nested message is encoded as a number")
    out: Dict[int, List[Tuple[int, object]]] = {}
    for f, wt, v in pb_fields(buf, start, end):
        out.setdefault(f, []).append((wt, v))
    return out


def pb_ints(buf: bytes, items, signed: bool = True) -> List[int]:
    """A repeated integer field, packed or not."""
    out: List[int] = []
    for wt, v in items or []:
        if wt == 2:
            s, e = v
            pos = s
            while pos < e:
                x, pos = _varint(buf, pos, e)
                out.append(signed64(x) if signed else x)
        elif wt == 0:
            out.append(signed64(v) if signed else v)
        else:
            raise WireError("integer field with a non-integer wire type")
    return out


def pb_str(buf: bytes, items, default: str = "") -> str:
    if not items:
        return default
    wt, v = items[-1]
    if wt != 2:
        raise WireError("string field with a non-length wire type")
    return bytes(buf[v[0]:v[1]]).decode("utf-8", "replace")


def pb_int(items, default: int = 0) -> int:
    if not items:
        return default
    wt, v = items[-1]
    if wt == 2:
        raise WireError("integer field given as bytes")
    return signed64(v)
