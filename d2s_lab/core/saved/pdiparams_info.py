"""Read a ``.pdiparams.info`` file without unpickling it.

Paddle writes this file with ``pickle``: a dict mapping parameter names to
``{"structured_name": ..., "stop_gradient": ..., "trainable": ...}``.  A pickle
can import and call anything, so a downloaded model must never be unpickled.
This module interprets only the opcodes that build plain values (dicts, lists,
tuples, sets, strings, bytes, numbers, booleans, None) and refuses every opcode
that imports or calls (GLOBAL, STACK_GLOBAL, REDUCE, BUILD, INST, OBJ, NEWOBJ,
EXT, PERSID, buffers).  It does not use the ``pickle`` module at all.
"""
from __future__ import annotations

import struct
from typing import Any, Callable, Dict, Optional

from d2s_lab.errors import SavedModelError
from d2s_lab.text import t
from d2s_lab.core.saved.safe_io import LIMITS, read_bytes

_REFUSED = {
    b"c": "GLOBAL", b"\x93": "STACK_GLOBAL", b"R": "REDUCE", b"b": "BUILD", b"i": "INST",
    b"o": "OBJ", b"\x81": "NEWOBJ", b"\x92": "NEWOBJ_EX", b"\x82": "EXT1", b"\x83": "EXT2",
    b"\x84": "EXT4", b"P": "PERSID", b"Q": "BINPERSID", b"\x97": "NEXT_BUFFER",
    b"\x98": "READONLY_BUFFER",
}
# What may be a dict key or a set item: never a container, so nothing deep is ever hashed.
_SCALARS = (str, bytes, int, float, bool, type(None))
_MAX_INT_BYTES = 64


class _Mark:
    pass


_MARK = _Mark()

# Opcodes pushing a length-prefixed string or bytes: (length format, text encoding; None: bytes).
_SIZED = {
    b"X": ("<I", "utf-8"), b"\x8c": ("<B", "utf-8"), b"\x8d": ("<Q", "utf-8"),  # (SHORT_/8)BINUNICODE
    b"T": ("<i", "latin-1"), b"U": ("<B", "latin-1"),  # BINSTRING, SHORT_BINSTRING
    b"B": ("<I", None), b"C": ("<B", None), b"\x8e": ("<Q", None),  # BINBYTES, SHORT_BINBYTES, BINBYTES8
}
# Opcodes pushing a fixed-size number: its format.
_NUMBERS = {b"J": "<i", b"K": "<B", b"M": "<H", b"G": ">d"}  # BININT, BININT1, BININT2, BINFLOAT
# Opcodes pushing a constant.
_CONSTANTS = {b"N": None, b"\x88": True, b"\x89": False}  # NONE, NEWTRUE, NEWFALSE


class _Reader:
    """One pass over pickle bytes, building plain values on a stack.

    :attr:`OPCODES` maps each opcode byte to the method that interprets it; a method
    returns True for STOP. An opcode outside the table is unsupported; those in
    :data:`_REFUSED` are refused by name.
    """

    def __init__(self, data: bytes, path: str):
        self.data, self.path = data, path
        self.pos = 0
        self.stack: list = []
        self.memo: Dict[int, Any] = {}
        self.max_ops, self.max_depth = LIMITS.pickle_ops, LIMITS.pickle_depth
        self.max_items = LIMITS.pickle_items
        self.depth_of: Dict[int, int] = {}  # id(container) -> nesting depth (1: holds only scalars)
        self.sealed: set = set()  # ids of containers placed inside another container
        self.alive: list = []  # every container made, so that ids stay unique

    def read(self) -> Any:
        ops = 0
        try:
            while True:
                ops += 1
                if ops > self.max_ops:
                    self.refuse_shape(t("saved.info_ops", n=f"{self.max_ops:,}"))
                op = self.take(1)
                handler = self.OPCODES.get(op)
                if handler is None:
                    self.fail(t("saved.info_opcode", op=repr(op), at=self.pos - 1), t("saved.info_opcode_hint"))
                if handler(self, op):
                    break
        except TypeError as exc:  # e.g. a list used as a dict key
            self.fail(f"malformed pickle data ({exc}).")
        except UnicodeDecodeError:
            self.fail("malformed pickle data (bad UTF-8 text).")
        if len(self.stack) != 1:
            self.fail("malformed pickle: it does not build exactly one value.")
        return self.stack[0]

    # --- errors ---------------------------------------------------------------------------

    def fail(self, problem: str, hint: str = ""):
        raise SavedModelError(self.path, problem, hint)

    def refuse_shape(self, problem: str):
        self.fail(t("saved.info_refused_shape", problem=problem), t("saved.info_refused_shape_hint"))

    # --- the bytes ------------------------------------------------------------------------

    def take(self, k: int) -> bytes:
        n = len(self.data)
        if k < 0 or self.pos + k > n:
            self.fail(f"truncated pickle data (wanted {k} bytes at offset {self.pos} of {n}).")
        b = self.data[self.pos:self.pos + k]
        self.pos += k
        return b

    def u(self, fmt: str) -> int:
        return struct.unpack(fmt, self.take(struct.calcsize(fmt)))[0]

    # --- the stack ------------------------------------------------------------------------

    def pop_mark(self) -> list:
        stack = self.stack
        for i in range(len(stack) - 1, -1, -1):
            if stack[i] is _MARK:
                items = stack[i + 1:]
                del stack[i:]
                return items
        self.fail("malformed pickle: no MARK on the stack.")

    def top(self):
        if not self.stack or self.stack[-1] is _MARK:
            self.fail("malformed pickle: stack underflow.")
        return self.stack[-1]

    def pop(self):
        v = self.top()
        self.stack.pop()
        return v

    # --- containers -----------------------------------------------------------------------

    def new(self, container, items=()) -> Any:
        """Register a container built from ``items``; check its depth and size."""
        self.alive.append(container)
        self.depth_of[id(container)] = 1
        if items:
            self.grow(container, items, 0)
        return container

    def grow(self, container, items, have: int) -> None:
        if have + len(items) > self.max_items:
            self.refuse_shape(t("saved.info_items", n=f"{self.max_items:,}"))
        d = self.depth_of.get(id(container), 1)
        for x in items:
            cid = id(x)
            if cid in self.depth_of:
                if x is container:
                    self.refuse_shape(t("saved.info_self"))
                self.sealed.add(cid)
                if self.depth_of[cid] + 1 > d:
                    d = self.depth_of[cid] + 1
        if d > self.max_depth:
            self.refuse_shape(t("saved.info_deep", n=self.max_depth))
        self.depth_of[id(container)] = d

    def keys_plain(self, keys) -> None:
        for k in keys:
            if not isinstance(k, _SCALARS):
                self.refuse_shape(t("saved.info_key", type=type(k).__name__))

    def mutate(self, container, kind, what: str):
        if not isinstance(container, kind):
            self.fail(f"malformed pickle: {what} on a {type(container).__name__}.")
        if id(container) in self.sealed:
            self.refuse_shape(t("saved.info_changed"))
        return container

    # --- the opcodes ----------------------------------------------------------------------

    def op_refused(self, op: bytes) -> None:
        data, pos = self.data, self.pos
        detail = ""
        if op == b"c":
            end = data.find(b"\n", pos, pos + 512)
            end2 = data.find(b"\n", end + 1, end + 512) if end >= 0 else -1
            if end >= 0 and end2 >= 0:
                detail = (f" ({data[pos:end].decode('ascii', 'replace')}."
                          f"{data[end + 1:end2].decode('ascii', 'replace')})")
        self.fail(t("saved.info_code", opcode=f"{_REFUSED[op]}{detail}"), t("saved.info_code_hint"))

    def op_proto(self, _op: bytes) -> None:
        self.take(1)

    def op_frame(self, _op: bytes) -> None:
        self.take(8)

    def op_stop(self, _op: bytes) -> bool:
        return True

    def op_mark(self, _op: bytes) -> None:
        self.stack.append(_MARK)

    def op_empty(self, op: bytes) -> None:
        self.stack.append(self.new({b"}": dict, b"]": list, b")": tuple, b"\x8f": set}[op]()))

    def op_dict(self, _op: bytes) -> None:
        items = self.pop_mark()
        if len(items) % 2:
            self.fail("malformed pickle: DICT with an odd number of items.")
        self.keys_plain(items[::2])
        self.stack.append(self.new(dict(zip(items[::2], items[1::2])), items))

    def op_list(self, _op: bytes) -> None:
        items = self.pop_mark()
        self.stack.append(self.new(items, items))

    def op_tuple(self, _op: bytes) -> None:
        items = self.pop_mark()
        self.stack.append(self.new(tuple(items), items))

    def op_frozenset(self, _op: bytes) -> None:
        items = self.pop_mark()
        self.keys_plain(items)
        self.stack.append(self.new(frozenset(items), items))

    def op_small_tuple(self, op: bytes) -> None:
        stack = self.stack
        k = op[0] - 0x84
        if len(stack) < k or any(x is _MARK for x in stack[-k:]):
            self.fail("malformed pickle: stack underflow.")
        items = tuple(stack[-k:])
        del stack[-k:]
        stack.append(self.new(items, items))

    def op_setitem(self, _op: bytes) -> None:
        v = self.pop()
        k = self.pop()
        d = self.mutate(self.top(), dict, "SETITEM")
        self.keys_plain((k,))
        self.grow(d, (k, v), len(d))
        d[k] = v

    def op_setitems(self, _op: bytes) -> None:
        items = self.pop_mark()
        d = self.mutate(self.top(), dict, "SETITEMS")
        if len(items) % 2:
            self.fail("malformed pickle: SETITEMS with an odd number of items.")
        self.keys_plain(items[::2])
        self.grow(d, items, 2 * len(d))
        d.update(zip(items[::2], items[1::2]))

    def op_append(self, _op: bytes) -> None:
        v = self.pop()
        lst = self.mutate(self.top(), list, "APPEND")
        self.grow(lst, (v,), len(lst))
        lst.append(v)

    def op_appends(self, _op: bytes) -> None:
        items = self.pop_mark()
        lst = self.mutate(self.top(), list, "APPENDS")
        self.grow(lst, items, len(lst))
        lst.extend(items)

    def op_additems(self, _op: bytes) -> None:
        items = self.pop_mark()
        st_ = self.mutate(self.top(), set, "ADDITEMS")
        self.keys_plain(items)
        self.grow(st_, items, len(st_))
        st_.update(items)

    def op_sized(self, op: bytes) -> None:
        fmt, encoding = _SIZED[op]
        raw = self.take(self.u(fmt))
        if encoding is None:
            self.stack.append(raw)
        else:
            self.stack.append(raw.decode(encoding, "surrogatepass" if encoding == "utf-8" else "strict"))

    def op_number(self, op: bytes) -> None:
        self.stack.append(self.u(_NUMBERS[op]))

    def op_constant(self, op: bytes) -> None:
        self.stack.append(_CONSTANTS[op])

    def op_long1(self, _op: bytes) -> None:
        self.stack.append(int.from_bytes(self.take(self.u("<B")), "little", signed=True))

    def op_long4(self, _op: bytes) -> None:
        k = self.u("<i")
        if k > _MAX_INT_BYTES:
            self.fail("an integer literal of absurd size.")
        self.stack.append(int.from_bytes(self.take(k), "little", signed=True))

    def op_put(self, op: bytes) -> None:
        value = self.top()  # before the index, as ``memo[index] = top()`` evaluates
        self.memo[self.u("<B" if op == b"q" else "<I")] = value

    def op_memoize(self, _op: bytes) -> None:
        self.memo[len(self.memo)] = self.top()

    def op_get(self, op: bytes) -> None:
        idx = self.u("<B") if op == b"h" else self.u("<I")
        if idx not in self.memo:
            self.fail(f"malformed pickle: memo entry {idx} is missing.")
        self.stack.append(self.memo[idx])

    def op_pop(self, _op: bytes) -> None:
        self.pop()

    def op_pop_mark(self, _op: bytes) -> None:
        self.pop_mark()

    def op_dup(self, _op: bytes) -> None:
        self.stack.append(self.top())

    OPCODES: Dict[bytes, Callable[["_Reader", bytes], Optional[bool]]] = {
        **dict.fromkeys(_REFUSED, op_refused),
        b"\x80": op_proto, b"\x95": op_frame, b".": op_stop, b"(": op_mark,
        b"}": op_empty, b"]": op_empty, b")": op_empty, b"\x8f": op_empty,
        b"d": op_dict, b"l": op_list, b"t": op_tuple, b"\x91": op_frozenset,
        b"\x85": op_small_tuple, b"\x86": op_small_tuple, b"\x87": op_small_tuple,
        b"s": op_setitem, b"u": op_setitems, b"a": op_append, b"e": op_appends, b"\x90": op_additems,
        **dict.fromkeys(_SIZED, op_sized),
        **dict.fromkeys(_NUMBERS, op_number),
        **dict.fromkeys(_CONSTANTS, op_constant),
        b"\x8a": op_long1, b"\x8b": op_long4,
        b"q": op_put, b"r": op_put, b"\x94": op_memoize, b"h": op_get, b"j": op_get,
        b"0": op_pop, b"1": op_pop_mark, b"2": op_dup,
    }


def read_info_bytes(data: bytes, path: str = "<bytes>") -> Any:
    """Interpret pickle bytes that build plain values only; raise SavedModelError otherwise.

    The work is bounded (:data:`~d2s_lab.core.saved.safe_io.LIMITS`): at most
    ``pickle_ops`` opcodes, containers nested at most ``pickle_depth`` deep with at
    most ``pickle_items`` items each; dict keys and set items must be plain scalars
    (a container key would be hashed, and a shared tuple 60 deep hashes 2**60 nodes);
    a container may not change once it sits inside another (no cycles).
    """
    return _Reader(data, path).read()


def read_info(path: str) -> Dict[str, Dict[str, Any]]:
    """``{paddle_param_name: {"structured_name": ..., ...}}`` from a ``.pdiparams.info`` file.

    Only plain values (strings, numbers, booleans, None) of each entry are kept, so
    nothing built from the file is ever walked again."""
    value = read_info_bytes(read_bytes(path, LIMITS.info_bytes, "parameter info file"), path)
    if not isinstance(value, dict):
        raise SavedModelError(path, t("saved.info_not_dict", type=type(value).__name__))
    plain = (str, int, float, bool, type(None))
    return {(k if isinstance(k, str) else repr(k)[:200]):
            ({kk: vv for kk, vv in v.items() if isinstance(kk, str) and isinstance(vv, plain)}
             if isinstance(v, dict) else {})
            for k, v in value.items()}
