"""Safe, bounded reading of saved-model files: sizes checked, nothing executed.

Shared by the per-format readers (``saved_pir``, ``saved_legacy``,
``saved_params``, ``saved_info``): file checks with clear errors, and a
minimal protobuf wire-format decoder (Paddle's ``.pdmodel`` and tensor
descriptors are protobuf; decoding them here needs neither Paddle nor a
generated schema).  No Paddle imports, no pickle.
"""
from __future__ import annotations

import contextlib
import gc
import os
import struct
import time
from dataclasses import dataclass
from typing import Dict, Iterator, List, Tuple

from d2s_lab.errors import SavedModelError
from d2s_lab.text import t

# the words for what a path should be, as the readers name it
_WHAT = {"file": "saved.what_file", "program file": "saved.what_program",
         "parameter file": "saved.what_params", "parameter info file": "saved.what_info"}


@dataclass
class ReadLimits:
    """Ceilings on the work and memory of reading one saved model, so that a hostile
    file opens or is refused in seconds.  Generous for real models; change them on
    :data:`LIMITS` (``d2s_lab.core.saved.safe_io.LIMITS.max_ops = 500_000``)."""

    program_bytes: int = 256 << 20  # .json / .pdmodel file size
    info_bytes: int = 32 << 20  # .pdiparams.info file size
    pickle_ops: int = 5_000_000  # pickle opcodes interpreted in .pdiparams.info
    pickle_depth: int = 32  # containers nested in .pdiparams.info
    pickle_items: int = 1_000_000  # items in one pickle container
    ops: int = 200_000  # ops in a program (all blocks)
    vars: int = 1_000_000  # variables declared in a legacy program
    operands: int = 100_000  # inputs + outputs of one op
    message_fields: int = 2_000_000  # fields of one protobuf message
    attr_list: int = 4096  # elements kept of a list attribute; longer ones are summarised
    attr_first: int = 8  # first values kept in the summary of a long list
    param_tensors: int = 200_000  # tensor headers read from a .pdiparams stream
    read_seconds: float = 6.0  # CPU seconds spent reading one program file


LIMITS = ReadLimits()

# Kept for callers of the old names.
MAX_PROGRAM_BYTES = LIMITS.program_bytes
MAX_INFO_BYTES = LIMITS.info_bytes


class ListSummary(str):
    """A list attribute longer than ``LIMITS.attr_list``, summarised at read time: its
    text says the count, element type and first values; ``.count``, ``.dtype`` and
    ``.first`` hold them.  A ``str``, so every view shows it as it is."""

    count: int
    dtype: str
    first: list

    def __new__(cls, count: int, dtype: str, first: list):
        shown = ", ".join(repr(x) for x in first)
        self = super().__new__(cls, f"<{count:,} {dtype} values: [{shown}, ...]>")
        self.count, self.dtype, self.first = count, dtype, list(first)
        return self


def summarise_list(values, count: int = None, dtype: str = "") -> "ListSummary | list":
    """``values`` as they are when short, else a :class:`ListSummary`."""
    count = len(values) if count is None else count
    if count <= LIMITS.attr_list:
        return values
    first = list(values[:LIMITS.attr_first])
    if not dtype:
        kinds = {type(x).__name__ for x in first}
        dtype = kinds.pop() if len(kinds) == 1 else "mixed"
    return ListSummary(count, dtype, first)


@contextlib.contextmanager
def gc_paused():
    """Pause Python's cyclic garbage collector for a block that builds millions of small
    objects and frees none in cycles (parsing a program, aligning two): each collection
    walks every object alive, so at the reader's op limit the collections took four
    fifths of the time. Memory is unchanged (reference counting still frees); the
    collector's previous state is restored, so nested and concurrent uses are safe."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()
            gc.collect(1)  # the young objects once, not once per young generation


class ReadClock:
    """The time budget of reading one program file (``LIMITS.read_seconds`` of this
    thread's CPU time): :meth:`tick` once per op or variable read, and past the budget
    it raises :class:`ReadTooLong`.  CPU time, so a busy machine does not refuse files
    that a quiet one reads."""

    EVERY = 1024  # ticks between looks at the clock

    def __init__(self, seconds: float = None):
        self.seconds = LIMITS.read_seconds if seconds is None else seconds
        self.end = time.thread_time() + self.seconds
        self.ops = 0
        self._n = 0

    def tick(self, op: bool = True) -> None:
        self.ops += op
        self._n += 1
        if self._n % self.EVERY == 0 and time.thread_time() > self.end:
            raise ReadTooLong(t("saved.read_too_long", n=f"{self.seconds:g}", done=f"{self.ops:,}"))


class ReadTooLong(Exception):
    """Reading a program passed ``LIMITS.read_seconds``; the text says so."""


def check_file(path: str, what: str = "file") -> int:
    """Return the size of ``path`` or raise SavedModelError saying why it cannot be read."""
    if not os.path.exists(path):
        raise SavedModelError(path, t("saved.no_such", what=t(_WHAT.get(what, "saved.what_file"))),
                              t("saved.no_such_hint"))
    if os.path.isdir(path):
        raise SavedModelError(path, t("saved.is_dir"), t("saved.is_dir_hint"))
    if not os.path.isfile(path):
        raise SavedModelError(path, t("saved.not_regular"))
    try:
        return os.path.getsize(path)
    except OSError as exc:
        raise SavedModelError(path, t("saved.unreadable", error=exc.strerror or exc)) from None


def read_bytes(path: str, limit: int, what: str = "file") -> bytes:
    """The whole file, refusing files larger than ``limit`` bytes."""
    size = check_file(path, what)
    if size > limit:
        raise SavedModelError(path, t("saved.too_big", size=f"{size / 2**20:.0f}", limit=f"{limit / 2**20:.0f}"),
                              t("saved.too_big_hint"))
    try:
        with open(path, "rb") as fh:
            return fh.read(limit + 1)
    except OSError as exc:
        raise SavedModelError(path, t("saved.unreadable", error=exc.strerror or exc)) from None


# --- protobuf wire format -------------------------------------------------------------

class WireError(ValueError):
    """Malformed protobuf bytes (turned into a SavedModelError by the caller)."""


def varint(buf: bytes, pos: int, end: int) -> Tuple[int, int]:
    """An unsigned varint at ``pos``: ``(value, position after it)``."""
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
        key, pos = varint(buf, pos, end)
        field, wt = key >> 3, key & 7
        if field == 0:
            raise WireError("field number 0")
        if wt == 0:
            val, pos = varint(buf, pos, end)
        elif wt in (1, 5):
            val, pos = _fixed(buf, pos, end, wt)
        elif wt == 2:
            n, pos = varint(buf, pos, end)
            if n > end - pos:
                raise WireError(f"field {field} declares {n} bytes but only {end - pos} remain")
            val = (pos, pos + n)
            pos += n
        else:
            raise WireError(f"unsupported wire type {wt}")
        yield field, wt, val


def _fixed(buf: bytes, pos: int, end: int, wt: int) -> Tuple[int, int]:
    """A 64-bit (wire type 1) or 32-bit (5) field's value, and the position after it."""
    size, fmt = (8, "<Q") if wt == 1 else (4, "<I")
    if pos + size > end:
        raise WireError(f"truncated {size * 8}-bit field")
    return struct.unpack_from(fmt, buf, pos)[0], pos + size


def pb_message(buf: bytes, span=None) -> Dict[int, List[Tuple[int, object]]]:
    """All fields of one message, grouped by number: ``{field: [(wire_type, value), ...]}``."""
    if span is None:
        start, end = 0, len(buf)
    elif isinstance(span, tuple):
        start, end = span
    else:
        raise WireError("a nested message is encoded as a number")
    out: Dict[int, List[Tuple[int, object]]] = {}
    limit = LIMITS.message_fields
    n = 0
    pos = start
    # pb_fields inlined, with one-byte varints (most keys, lengths and small numbers)
    # read in place: a program at the op limit has millions of fields
    while pos < end:
        key = buf[pos]
        if key < 0x80:
            pos += 1
        else:
            key, pos = varint(buf, pos, end)
        field, wt = key >> 3, key & 7
        if field == 0:
            raise WireError("field number 0")
        if wt == 2:
            if pos < end and buf[pos] < 0x80:
                size = buf[pos]
                pos += 1
            else:
                size, pos = varint(buf, pos, end)
            if size > end - pos:
                raise WireError(f"field {field} declares {size} bytes but only {end - pos} remain")
            val = (pos, pos + size)
            pos += size
        elif wt == 0:
            if pos < end and buf[pos] < 0x80:
                val = buf[pos]
                pos += 1
            else:
                val, pos = varint(buf, pos, end)
        elif wt in (1, 5):
            val, pos = _fixed(buf, pos, end, wt)
        else:
            raise WireError(f"unsupported wire type {wt}")
        n += 1
        if n > limit:
            raise WireError(f"a message with more than {limit:,} fields")
        items = out.get(field)
        if items is None:
            out[field] = [(wt, val)]
        else:
            items.append((wt, val))
    return out


def count_varints(buf: bytes, start: int, end: int) -> int:
    """How many varints a packed span holds (bytes without the continuation bit), at C speed."""
    return (end - start) - len(buf[start:end].translate(None, _LOW_BYTES))


_LOW_BYTES = bytes(range(128))


def pb_ints(buf: bytes, items, signed: bool = True, limit: int = None) -> List[int]:
    """A repeated integer field, packed or not; with ``limit``, at most that many values
    (see :func:`pb_count_ints` for the full count)."""
    out: List[int] = []
    for wt, v in items or []:
        if limit is not None and len(out) >= limit:
            break
        if wt == 2:
            s, e = v
            pos = s
            while pos < e and (limit is None or len(out) < limit):
                x, pos = varint(buf, pos, e)
                out.append(signed64(x) if signed else x)
        elif wt == 0:
            out.append(signed64(v) if signed else v)
        else:
            raise WireError("integer field with a non-integer wire type")
    return out


def pb_count_ints(buf: bytes, items) -> int:
    """How many values a repeated integer field holds, without decoding them."""
    n = 0
    for wt, v in items or []:
        n += count_varints(buf, v[0], v[1]) if wt == 2 else 1
    return n


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
