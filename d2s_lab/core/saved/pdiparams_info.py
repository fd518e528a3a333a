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
from typing import Any, Dict

from d2s_lab.errors import SavedModelError
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


def read_info_bytes(data: bytes, path: str = "<bytes>") -> Any:
    """Interpret pickle bytes that build plain values only; raise SavedModelError otherwise.

    The work is bounded (:data:`~d2s_lab.core.saved.safe_io.LIMITS`): at most
    ``pickle_ops`` opcodes, containers nested at most ``pickle_depth`` deep with at
    most ``pickle_items`` items each; dict keys and set items must be plain scalars
    (a container key would be hashed, and a shared tuple 60 deep hashes 2**60 nodes);
    a container may not change once it sits inside another (no cycles).
    """
    stack: list = []
    memo: Dict[int, Any] = {}
    pos = 0
    n = len(data)
    ops = 0
    max_ops, max_depth, max_items = LIMITS.pickle_ops, LIMITS.pickle_depth, LIMITS.pickle_items
    depth_of: Dict[int, int] = {}  # id(container) -> nesting depth (1: holds only scalars)
    sealed: set = set()  # ids of containers placed inside another container
    alive: list = []  # every container made, so that ids stay unique

    def fail(problem: str, hint: str = ""):
        raise SavedModelError(path, problem, hint)

    def refuse_shape(problem: str):
        fail(f"refused: its pickle data {problem}, which a genuine .pdiparams.info never has.",
             "A genuine .pdiparams.info is a flat dict of parameter names; this file may be "
             "hostile. Limits: d2s_lab.core.saved.safe_io.LIMITS.")

    def new(container, items=()) -> Any:
        """Register a container built from ``items``; check its depth and size."""
        alive.append(container)
        depth_of[id(container)] = 1
        if items:
            grow(container, items, 0)
        return container

    def grow(container, items, have: int) -> None:
        if have + len(items) > max_items:
            refuse_shape(f"holds a container of more than {max_items:,} items")
        d = depth_of.get(id(container), 1)
        for x in items:
            cid = id(x)
            if cid in depth_of:
                if x is container:
                    refuse_shape("holds a container inside itself")
                sealed.add(cid)
                if depth_of[cid] + 1 > d:
                    d = depth_of[cid] + 1
        if d > max_depth:
            refuse_shape(f"nests containers more than {max_depth} deep")
        depth_of[id(container)] = d

    def keys_plain(keys) -> None:
        for k in keys:
            if not isinstance(k, _SCALARS):
                refuse_shape(f"uses a {type(k).__name__} as a dict key or set item")

    def mutate(container, kind, what: str):
        if not isinstance(container, kind):
            fail(f"malformed pickle: {what} on a {type(container).__name__}.")
        if id(container) in sealed:
            refuse_shape("changes a container after placing it inside another")
        return container

    def take(k: int) -> bytes:
        nonlocal pos
        if k < 0 or pos + k > n:
            fail(f"truncated pickle data (wanted {k} bytes at offset {pos} of {n}).")
        b = data[pos:pos + k]
        pos += k
        return b

    def u(fmt: str) -> int:
        return struct.unpack(fmt, take(struct.calcsize(fmt)))[0]

    def pop_mark() -> list:
        for i in range(len(stack) - 1, -1, -1):
            if stack[i] is _MARK:
                items = stack[i + 1:]
                del stack[i:]
                return items
        fail("malformed pickle: no MARK on the stack.")

    def top():
        if not stack or stack[-1] is _MARK:
            fail("malformed pickle: stack underflow.")
        return stack[-1]

    def pop():
        v = top()
        stack.pop()
        return v

    try:
        while True:
            ops += 1
            if ops > max_ops:
                refuse_shape(f"takes more than {max_ops:,} operations")
            op = take(1)
            if op in _REFUSED:
                detail = ""
                if op == b"c":
                    end = data.find(b"\n", pos, pos + 512)
                    end2 = data.find(b"\n", end + 1, end + 512) if end >= 0 else -1
                    if end >= 0 and end2 >= 0:
                        detail = (f" ({data[pos:end].decode('ascii', 'replace')}."
                                  f"{data[end + 1:end2].decode('ascii', 'replace')})")
                fail(f"refused: its pickle data uses {_REFUSED[op]}{detail}, which would import "
                     "or call code when loaded.",
                     "A genuine .pdiparams.info holds only plain dicts and strings. Do not load "
                     "this model with paddle.jit.load or pickle; it may be hostile.")
            if op == b"\x80":
                take(1)
            elif op == b"\x95":
                take(8)
            elif op == b".":
                break
            elif op == b"(":
                stack.append(_MARK)
            elif op == b"}":
                stack.append(new({}))
            elif op == b"]":
                stack.append(new([]))
            elif op == b")":
                stack.append(new(()))
            elif op == b"\x8f":
                stack.append(new(set()))
            elif op == b"d":
                items = pop_mark()
                if len(items) % 2:
                    fail("malformed pickle: DICT with an odd number of items.")
                keys_plain(items[::2])
                stack.append(new(dict(zip(items[::2], items[1::2])), items))
            elif op == b"l":
                items = pop_mark()
                stack.append(new(items, items))
            elif op == b"t":
                items = pop_mark()
                stack.append(new(tuple(items), items))
            elif op == b"\x91":
                items = pop_mark()
                keys_plain(items)
                stack.append(new(frozenset(items), items))
            elif op in (b"\x85", b"\x86", b"\x87"):
                k = op[0] - 0x84
                if len(stack) < k or any(x is _MARK for x in stack[-k:]):
                    fail("malformed pickle: stack underflow.")
                items = tuple(stack[-k:])
                del stack[-k:]
                stack.append(new(items, items))
            elif op == b"s":
                v = pop()
                k = pop()
                d = mutate(top(), dict, "SETITEM")
                keys_plain((k,))
                grow(d, (k, v), len(d))
                d[k] = v
            elif op == b"u":
                items = pop_mark()
                d = mutate(top(), dict, "SETITEMS")
                if len(items) % 2:
                    fail("malformed pickle: SETITEMS with an odd number of items.")
                keys_plain(items[::2])
                grow(d, items, 2 * len(d))
                d.update(zip(items[::2], items[1::2]))
            elif op == b"a":
                v = pop()
                lst = mutate(top(), list, "APPEND")
                grow(lst, (v,), len(lst))
                lst.append(v)
            elif op == b"e":
                items = pop_mark()
                lst = mutate(top(), list, "APPENDS")
                grow(lst, items, len(lst))
                lst.extend(items)
            elif op == b"\x90":
                items = pop_mark()
                st_ = mutate(top(), set, "ADDITEMS")
                keys_plain(items)
                grow(st_, items, len(st_))
                st_.update(items)
            elif op == b"X":
                stack.append(take(u("<I")).decode("utf-8", "surrogatepass"))
            elif op == b"\x8c":
                stack.append(take(u("<B")).decode("utf-8", "surrogatepass"))
            elif op == b"\x8d":
                stack.append(take(u("<Q")).decode("utf-8", "surrogatepass"))
            elif op == b"T":
                stack.append(take(u("<i")).decode("latin-1"))
            elif op == b"U":
                stack.append(take(u("<B")).decode("latin-1"))
            elif op == b"B":
                stack.append(take(u("<I")))
            elif op == b"C":
                stack.append(take(u("<B")))
            elif op == b"\x8e":
                stack.append(take(u("<Q")))
            elif op == b"N":
                stack.append(None)
            elif op == b"\x88":
                stack.append(True)
            elif op == b"\x89":
                stack.append(False)
            elif op == b"J":
                stack.append(u("<i"))
            elif op == b"K":
                stack.append(u("<B"))
            elif op == b"M":
                stack.append(u("<H"))
            elif op == b"\x8a":
                stack.append(int.from_bytes(take(u("<B")), "little", signed=True))
            elif op == b"\x8b":
                k = u("<i")
                if k > _MAX_INT_BYTES:
                    fail("an integer literal of absurd size.")
                stack.append(int.from_bytes(take(k), "little", signed=True))
            elif op == b"G":
                stack.append(u(">d"))
            elif op == b"q":
                memo[u("<B")] = top()
            elif op == b"r":
                memo[u("<I")] = top()
            elif op == b"\x94":
                memo[len(memo)] = top()
            elif op in (b"h", b"j"):
                idx = u("<B") if op == b"h" else u("<I")
                if idx not in memo:
                    fail(f"malformed pickle: memo entry {idx} is missing.")
                stack.append(memo[idx])
            elif op == b"0":
                pop()
            elif op == b"1":
                pop_mark()
            elif op == b"2":
                stack.append(top())
            else:
                fail(f"unsupported pickle opcode {op!r} at offset {pos - 1}.",
                     "Only plain containers and strings are read from .pdiparams.info.")
    except TypeError as exc:  # e.g. a list used as a dict key
        fail(f"malformed pickle data ({exc}).")
    except UnicodeDecodeError:
        fail("malformed pickle data (bad UTF-8 text).")
    if len(stack) != 1:
        fail("malformed pickle: it does not build exactly one value.")
    return stack[0]


def read_info(path: str) -> Dict[str, Dict[str, Any]]:
    """``{paddle_param_name: {"structured_name": ..., ...}}`` from a ``.pdiparams.info`` file.

    Only plain values (strings, numbers, booleans, None) of each entry are kept, so
    nothing built from the file is ever walked again."""
    value = read_info_bytes(read_bytes(path, LIMITS.info_bytes, "parameter info file"), path)
    if not isinstance(value, dict):
        raise SavedModelError(path, f"holds a {type(value).__name__}, not the expected dict "
                                    "of parameter names.")
    plain = (str, int, float, bool, type(None))
    return {(k if isinstance(k, str) else repr(k)[:200]):
            ({kk: vv for kk, vv in v.items() if isinstance(kk, str) and isinstance(vv, plain)}
             if isinstance(v, dict) else {})
            for k, v in value.items()}
