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

from .errors import SavedModelError
from .saved_io import MAX_INFO_BYTES, read_bytes

_MAX_CONTAINER_OPS = 10_000_000

_REFUSED = {
    b"c": "GLOBAL", b"\x93": "STACK_GLOBAL", b"R": "REDUCE", b"b": "BUILD", b"i": "INST",
    b"o": "OBJ", b"\x81": "NEWOBJ", b"\x92": "NEWOBJ_EX", b"\x82": "EXT1", b"\x83": "EXT2",
    b"\x84": "EXT4", b"P": "PERSID", b"Q": "BINPERSID", b"\x97": "NEXT_BUFFER",
    b"\x98": "READONLY_BUFFER",
}


class _Mark:
    pass


_MARK = _Mark()


def read_info_bytes(data: bytes, path: str = "<bytes>") -> Any:
    """Interpret pickle bytes that build plain values only; raise SavedModelError otherwise."""
    stack: list = []
    memo: Dict[int, Any] = {}
    pos = 0
    n = len(data)
    ops = 0

    def fail(problem: str, hint: str = ""):
        raise SavedModelError(path, problem, hint)

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
            if ops > _MAX_CONTAINER_OPS:
                fail("too many pickle operations.")
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
                stack.append({})
            elif op == b"]":
                stack.append([])
            elif op == b")":
                stack.append(())
            elif op == b"\x8f":
                stack.append(set())
            elif op == b"d":
                items = pop_mark()
                stack.append(dict(zip(items[::2], items[1::2])))
            elif op == b"l":
                stack.append(pop_mark())
            elif op == b"t":
                stack.append(tuple(pop_mark()))
            elif op == b"\x91":
                stack.append(frozenset(pop_mark()))
            elif op in (b"\x85", b"\x86", b"\x87"):
                k = op[0] - 0x84
                if len(stack) < k or any(x is _MARK for x in stack[-k:]):
                    fail("malformed pickle: stack underflow.")
                items = tuple(stack[-k:])
                del stack[-k:]
                stack.append(items)
            elif op == b"s":
                v = pop()
                k = pop()
                d = top()
                if not isinstance(d, dict):
                    fail("malformed pickle: SETITEM on a non-dict.")
                d[k] = v
            elif op == b"u":
                items = pop_mark()
                d = top()
                if not isinstance(d, dict) or len(items) % 2:
                    fail("malformed pickle: SETITEMS on a non-dict.")
                d.update(zip(items[::2], items[1::2]))
            elif op == b"a":
                v = pop()
                lst = top()
                if not isinstance(lst, list):
                    fail("malformed pickle: APPEND on a non-list.")
                lst.append(v)
            elif op == b"e":
                items = pop_mark()
                lst = top()
                if not isinstance(lst, list):
                    fail("malformed pickle: APPENDS on a non-list.")
                lst.extend(items)
            elif op == b"\x90":
                items = pop_mark()
                s = top()
                if not isinstance(s, set):
                    fail("malformed pickle: ADDITEMS on a non-set.")
                s.update(items)
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
                if k > 4096:
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
    """``{paddle_param_name: {"structured_name": ..., ...}}`` from a ``.pdiparams.info`` file."""
    value = read_info_bytes(read_bytes(path, MAX_INFO_BYTES, "parameter info file"), path)
    if not isinstance(value, dict):
        raise SavedModelError(path, f"holds a {type(value).__name__}, not the expected dict "
                                    "of parameter names.")
    return {str(k): (v if isinstance(v, dict) else {}) for k, v in value.items()}
