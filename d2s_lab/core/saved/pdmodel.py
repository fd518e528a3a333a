"""Read a legacy ``.pdmodel`` (a ``ProgramDesc`` protobuf, Paddle 2.x and legacy IR).

The schema (``paddle/fluid/framework/framework.proto``), by field number::

    ProgramDesc {1: repeated BlockDesc blocks; 4: Version version {1: int64}}
    BlockDesc   {1: idx; 2: parent_idx; 3: repeated VarDesc vars; 4: repeated OpDesc ops}
    OpDesc      {3: type; 1: repeated Var inputs; 2: repeated Var outputs; 4: repeated Attr attrs}
    OpDesc.Var  {1: parameter; 2: repeated arguments}
    OpDesc.Attr {1: name; 2: type; 3: i; 4: f; 5: s; 6: ints; 7: floats; 8: strings;
                 10: b; 11: bools; 12: block_idx; 13: l; 14: blocks_idx; 15: longs;
                 16: float64s; 17: var_name; 18: vars_name; 19: float64}
    VarDesc     {1: name; 2: VarType type; 3: persistable; 5: is_parameter}
    VarType     {1: type; 3: LoDTensorDesc {1: TensorDesc {1: data_type; 2: dims}}}

Decoded with the wire-format reader in ``saved_io``: no Paddle, no generated code.
"""
from __future__ import annotations

import os
import struct
from typing import Any, Dict, List, Optional, Tuple

from d2s_lab.errors import SavedModelError
from d2s_lab.text import t
from d2s_lab.core.graph.model import Block, Graph, Op, SourceLoc, Value

from d2s_lab.core.frames import innermost_user_frame
from d2s_lab.core.graph.ops import SKIP_ATTRS, categorize, slot_rank
from d2s_lab.core.saved.safe_io import (LIMITS, ReadClock, ReadTooLong, WireError, pb_count_ints, pb_int, varint,
                                        pb_ints, pb_message, pb_str, read_bytes, signed32, summarise_list)
from d2s_lab.core.saved.pdiparams import VARTYPE_DTYPES

FEED_MINIBATCH, FETCH_LIST = 9, 10
MAX_BLOCK_DEPTH = 64
_LEGACY_SKIP = SKIP_ATTRS | {"op_role_var", "op_callstack"}
_SUB_BLOCK_LABELS = {"conditional_block": "true", "conditional_block_infer": "true",
                     "while": "body", "recurrent": "body", "pylayer": "forward"}


# Encodings at most this long are decoded once per program (see ProgramDecoder), for up to
# this many distinct ones.
_CACHED_BYTES, _CACHED_ENTRIES = 256, 20_000
_CACHED_RUN_BYTES = 4096  # an op's attributes, all together


class TooBig(ValueError):
    """The program is over one of :data:`~d2s_lab.core.saved.safe_io.LIMITS`; the text
    says which, in the user's language."""


def _floats(buf, items, fmt="<f", limit: int = None) -> List[float]:
    out = []
    size = struct.calcsize(fmt)
    for wt, v in items or []:
        if limit is not None and len(out) >= limit:
            break
        if wt == 2:
            s, e = v
            if limit is not None:
                e = min(e, s + size * (limit - len(out)))
            out.extend(struct.unpack_from(fmt, buf, p)[0] for p in range(s, e - size + 1, size))
        elif wt in (1, 5):
            out.append(struct.unpack(fmt, struct.pack("<Q" if wt == 1 else "<I", v))[0])
    return out


def _count_floats(items, size: int) -> int:
    return sum((v[1] - v[0]) // size if wt == 2 else 1 for wt, v in items or [])


def _int_list(buf, items, dtype: str, convert=None):
    """A repeated integer attribute; past ``LIMITS.attr_list`` values, a summary of it."""
    count = pb_count_ints(buf, items)
    keep = count if count <= LIMITS.attr_list else LIMITS.attr_first
    values = pb_ints(buf, items, limit=keep)
    if convert is not None:
        values = [convert(x) for x in values]
    return summarise_list(values, count, dtype)


def _float_list(buf, items, fmt: str, dtype: str):
    count = _count_floats(items, struct.calcsize(fmt))
    keep = count if count <= LIMITS.attr_list else LIMITS.attr_first
    return summarise_list(_floats(buf, items, fmt, keep), count, dtype)


def _str_list(buf, items):
    items = items or []
    keep = items if len(items) <= LIMITS.attr_list else items[:LIMITS.attr_first]
    return summarise_list([pb_str(buf, [x]) for x in keep], len(items), "str")


def _attr(buf, span) -> Tuple[str, Any]:
    m = pb_message(buf, span)
    name = pb_str(buf, m.get(1))
    t = pb_int(m.get(2), -1)
    if t == 0:
        return name, signed32(pb_int(m.get(3)))
    if t == 1:
        return name, (_floats(buf, m.get(4)) or [0.0])[-1]
    if t == 2:
        return name, pb_str(buf, m.get(5))
    if t == 3:
        return name, _int_list(buf, m.get(6), "int32", signed32)
    if t == 4:
        return name, _float_list(buf, m.get(7), "<f", "float32")
    if t == 5:
        return name, _str_list(buf, m.get(8))
    if t == 6:
        return name, bool(pb_int(m.get(10)))
    if t == 7:
        return name, _int_list(buf, m.get(11), "bool", bool)
    if t == 8:
        return name, ("block", pb_int(m.get(12)))
    if t == 9:
        return name, pb_int(m.get(13))
    if t == 10:
        return name, ("blocks", pb_ints(buf, m.get(14), limit=LIMITS.attr_list))
    if t == 11:
        return name, _int_list(buf, m.get(15), "int64")
    if t == 12:
        return name, _float_list(buf, m.get(16), "<d", "float64")
    if t == 13:
        return name, pb_str(buf, m.get(17))
    if t == 14:
        return name, _str_list(buf, m.get(18))
    if t == 15:
        return name, (_floats(buf, m.get(19), "<d") or [0.0])[-1]
    return name, f"<attr type {t}>"


def _var_rest(buf, span) -> Dict[str, Any]:
    """A VarDesc's fields; ``name`` is None unless these bytes hold it."""
    m = pb_message(buf, span)
    info = {"name": pb_str(buf, m.get(1)) if m.get(1) else None, "persistable": bool(pb_int(m.get(3))),
            "is_parameter": bool(pb_int(m.get(5))), "type": -1, "shape": None, "dtype": None}
    if m.get(2):
        info["type"], info["dtype"], info["shape"] = _var_type(buf, m[2][-1][1])
    return info


def _var_type(buf, span) -> Tuple[int, Optional[str], Optional[List[int]]]:
    """A VarType's ``(type, dtype, shape)``."""
    vt = pb_message(buf, span)
    dtype = shape = None
    for field in (3, 4):  # lod_tensor, tensor_array
        if vt.get(field):
            lt = pb_message(buf, vt[field][-1][1])
            if lt.get(1):
                td = pb_message(buf, lt[1][-1][1])
                dtype = VARTYPE_DTYPES.get(pb_int(td.get(1), -1), ("?", 0))[0]
                shape = pb_ints(buf, td.get(2))
            break
    if vt.get(2) and shape is None:  # selected_rows TensorDesc
        td = pb_message(buf, vt[2][-1][1])
        dtype = VARTYPE_DTYPES.get(pb_int(td.get(1), -1), ("?", 0))[0]
        shape = pb_ints(buf, td.get(2))
    return pb_int(vt.get(1), -1), dtype, shape


class ProgramDecoder:
    """Decodes a program's variables and ops on demand, while the graph is built, so
    the decoded form of each is garbage as soon as it is in the graph.

    Real programs repeat most of what they encode: variables differ in name but share
    their type and shape, ops share their attributes (op_role, data_format, ...). Short
    encodings are decoded once per distinct form (the caches' keys are copies, so their
    number is bounded: a file of unique attributes must not double its memory)."""

    def __init__(self, buf: bytes):
        self.buf = buf
        self.var_forms: Dict[bytes, Dict[str, Any]] = {}  # a VarDesc after its name -> fields
        self.attr_forms: Dict[bytes, Tuple[str, Any]] = {}  # one Attr -> (name, value)
        self.attr_runs: Dict[bytes, List[Tuple[str, Any]]] = {}  # an op's Attrs -> list
        self.shared_runs: Dict[int, list] = {}  # id -> each list in attr_runs

    def _remember(self, cache: dict, key, value) -> None:
        if key is not None and len(cache) < _CACHED_ENTRIES:
            cache[key] = value

    def var_name(self, span) -> str:
        buf, (s, e) = self.buf, span
        if e - s > 2 and buf[s] == 0x0A and buf[s + 1] < 0x80 and s + 2 + buf[s + 1] <= e:
            return buf[s + 2:s + 2 + buf[s + 1]].decode("utf-8", "replace")
        return self.var(span)["name"] or ""

    def var(self, span) -> Dict[str, Any]:
        """The variable's fields but its name (a dict shared by variables encoded
        alike but for their names; not to be changed)."""
        buf, (s, e) = self.buf, span
        if e - s > 2 and buf[s] == 0x0A and buf[s + 1] < 0x80 and s + 2 + buf[s + 1] <= e:
            s += 2 + buf[s + 1]  # the name first (as Paddle writes it), then what many share
        key = buf[s:e] if e - s <= _CACHED_BYTES else None
        info = self.var_forms.get(key) if key is not None else None
        if info is None:
            info = _var_rest(buf, (s, e))
            self._remember(self.var_forms, key, info)
        return info

    def op(self, span) -> Dict[str, Any]:
        """``{"type", "inputs", "outputs", "attrs"}`` of one OpDesc."""
        buf, (s, e) = self.buf, span
        ins, outs, attr_spans, type_ = [], [], [], ""
        run_start = run_end = None  # the attributes, when they are one run of bytes
        pos = s
        fields_left = LIMITS.message_fields
        # In place for the fields Paddle writes (one-byte keys, lengths and varints);
        # anything else goes to the general reader, which also says what is malformed.
        while pos < e:
            fields_left -= 1
            if fields_left < 0:
                raise WireError(f"a message with more than {LIMITS.message_fields:,} fields")
            key = buf[pos]
            if key < 8 or key >= 0x80 or key & 7 not in (0, 2) or pos + 1 >= e:
                return self._op_general(span)
            if key & 7 == 0:
                _, pos = varint(buf, pos + 1, e)
                continue
            n = buf[pos + 1]
            if n < 0x80:
                start = pos + 2
            else:
                n, start = varint(buf, pos + 1, e)
            end = start + n
            if end > e:
                return self._op_general(span)
            field = key >> 3
            if field == 4:
                if run_start is None:
                    run = self.attr_runs.get(buf[pos:e]) if e - pos <= _CACHED_RUN_BYTES else None
                    if run is not None:  # the rest of the op: attributes seen before
                        return self._finish(type_, ins, outs, (), run)
                    run_start = pos
                elif run_end != pos:
                    run_start = -1  # not one run
                run_end = end
                attr_spans.append((start, end))
            elif field == 1:
                ins.append(_slot(buf, (start, end)))
            elif field == 2:
                outs.append(_slot(buf, (start, end)))
            elif field == 3:
                type_ = buf[start:end].decode("utf-8", "replace")
            pos = end
        run = self._attrs(attr_spans)
        if run_start is not None and run_start >= 0 and run_end == e and e - run_start <= _CACHED_RUN_BYTES:
            # attributes that end the op, for the next op that has the same
            if len(self.attr_runs) < _CACHED_ENTRIES:
                self.attr_runs[buf[run_start:e]] = self.shared_runs[id(run)] = run
        return self._finish(type_, ins, outs, (), run)

    def shares(self, attrs: list) -> bool:
        """Whether ``attrs`` (from :meth:`op`) is a list other ops may be given too."""
        return self.shared_runs.get(id(attrs)) is attrs

    def _op_general(self, span) -> Dict[str, Any]:
        m = pb_message(self.buf, span)
        spans = [v for wt, v in m.get(4, ()) if wt == 2 or _not_a_message()]
        return self._finish(pb_str(self.buf, m.get(3)), [_slot(self.buf, v) for _, v in m.get(1, ())],
                            [_slot(self.buf, v) for _, v in m.get(2, ())], spans)

    def _finish(self, type_, ins, outs, attr_spans, run=None) -> Dict[str, Any]:
        n = sum(len(args) for _, args in ins) + sum(len(args) for _, args in outs)
        if n > LIMITS.operands:
            raise TooBig(t("saved.too_many_operands", op=type_, n=f"{n:,}", limit=f"{LIMITS.operands:,}"))
        if run is None:
            run = self._attrs(attr_spans)
        return {"type": type_, "inputs": ins, "outputs": outs, "attrs": run}

    def _attrs(self, spans) -> List[Tuple[str, Any]]:
        out, buf, forms = [], self.buf, self.attr_forms
        for s, e in spans:
            key = buf[s:e] if e - s <= _CACHED_BYTES else None
            known = forms.get(key) if key is not None else None
            if known is None:
                known = _attr(buf, (s, e))
                self._remember(forms, key, known)
            out.append(known)
        return out


def _not_a_message():
    raise WireError("an attribute is not a length-delimited message")


def _slot(buf, span) -> Tuple[str, List[str]]:
    """An ``OpDesc.Var``: ``(parameter, [arguments])``."""
    s, e = span
    param, args, pos = "", [], s
    # In place while every field is a string under 128 bytes (all real ones); else the
    # general reader, which also says what is malformed.
    while pos < e - 1:
        key, n = buf[pos], buf[pos + 1]
        if n >= 0x80 or (key != 0x12 and key != 0x0A) or pos + 2 + n > e:
            break
        text = buf[pos + 2:pos + 2 + n].decode("utf-8", "replace")
        if key == 0x12:
            args.append(text)
            if len(args) > LIMITS.operands:
                raise TooBig(t("saved.too_many_slot_operands", slot=param or "?", limit=f"{LIMITS.operands:,}"))
        else:
            param = text
        pos += 2 + n
    else:
        if pos == e:
            return param, args
    fields = pb_message(buf, span)
    return pb_str(buf, fields.get(1)), [pb_str(buf, [a]) for a in fields.get(2, ())]


def decode_program(buf: bytes, clock: ReadClock = None) -> Dict[str, Any]:
    """The ProgramDesc's outline: ``{"version": int, "blocks": [...], "decoder"}``; each
    block has ``idx``, ``parent_idx``, ``vars`` (name -> span, the first declaration
    of a name wins, as a scan finds it) and ``ops`` (spans), decoded by ``decoder``."""
    clock = clock or ReadClock()
    decoder = ProgramDecoder(buf)
    m = pb_message(buf)
    if not m.get(1):
        raise WireError("no blocks (field 1)")
    blocks = []
    n_ops = n_vars = 0
    for wt, span in m[1]:
        if wt != 2:
            raise WireError("a block is not a length-delimited message")
        bm = pb_message(buf, span)
        n_ops += len(bm.get(4, ()))
        n_vars += len(bm.get(3, ()))
        if n_ops > LIMITS.ops:
            raise TooBig(t("saved.too_many_ops", n=f"{LIMITS.ops:,}"))
        if n_vars > LIMITS.vars:
            raise TooBig(t("saved.too_many_vars", n=f"{LIMITS.vars:,}"))
        names: Dict[str, Tuple[int, int]] = {}
        for wt, s in bm.get(3, ()):
            if wt != 2:
                raise WireError("a variable is not a length-delimited message")
            clock.tick(False)
            names.setdefault(decoder.var_name(s), s)
        ops = []
        for wt, s in bm.get(4, ()):
            if wt != 2:
                raise WireError("an op is not a length-delimited message")
            ops.append(s)
        blocks.append({"idx": pb_int(bm.get(1)), "parent_idx": pb_int(bm.get(2), -1), "vars": names, "ops": ops})
    version = 0
    if m.get(4):
        version = pb_int(pb_message(buf, m[4][-1][1]).get(1))
    return {"version": version, "blocks": blocks, "decoder": decoder}


def saved_frame(lines: List[str]) -> Optional[SourceLoc]:
    """The innermost model-code frame of a saved op's callstack (the paths are from
    the machine that saved the model: judged as text, never opened)."""
    fr = innermost_user_frame(lines)
    return SourceLoc(fr.file, fr.line, fr.function) if fr is not None else None


def _version_text(v: int) -> str:
    if v <= 0:
        return ""
    return f"{v // 1000000 % 1000}.{v // 1000 % 1000}.{v % 1000}"


def program_desc_to_graph(desc: Dict[str, Any], path: str, clock: ReadClock = None) -> Graph:
    blocks = desc["blocks"]
    by_idx = {b["idx"]: b for b in blocks}
    graph = Graph(name=os.path.basename(path), origin=path)
    counter = [0]
    visiting = set()

    decoder: ProgramDecoder = desc["decoder"]
    decode_var, decode_op = decoder.var, decoder.op
    tick = clock.tick if clock is not None else (lambda op=True: None)

    def var_info(block, name) -> Optional[Dict[str, Any]]:
        span = block["vars"].get(name)
        if span is not None:
            return decode_var(span)
        seen = {block["idx"]}
        b = by_idx.get(block["parent_idx"])
        while b is not None and b["idx"] not in seen:
            seen.add(b["idx"])
            span = b["vars"].get(name)
            if span is not None:
                return decode_var(span)
            b = by_idx.get(b["parent_idx"])
        return None

    # Legacy programs reuse variable names (in-place ops); each write makes a new version.
    current: Dict[str, str] = {}

    def read(block, name) -> str:
        if name in current:
            return current[name]
        vid = name
        info = var_info(block, name) or {}
        kind = "tensor"
        if info.get("persistable") and info.get("type") not in (FEED_MINIBATCH, FETCH_LIST):
            kind = "parameter"
        graph.values[vid] = Value(vid, info.get("shape"), info.get("dtype"), kind=kind,
                                  name=name if kind == "parameter" else None,
                                  param_name=name if kind == "parameter" else None)
        current[name] = vid
        return vid

    def write(block, name, producer) -> str:
        vid = name if name not in current and name not in graph.values else f"{name}#{producer}"
        info = var_info(block, name) or {}
        graph.values[vid] = Value(vid, info.get("shape"), info.get("dtype"), producer=producer)
        current[name] = vid
        return vid

    expanded = set()
    categories: Dict[str, str] = {}
    # id of a list of attributes the decoder shares between ops -> (the list, kept alive
    # so that its id is not reused; attributes shown; sub-block indices; source line)
    splits: Dict[int, Tuple[list, Dict[str, Any], List[int], Optional[SourceLoc]]] = {}

    def split_attrs(raw_attrs) -> Tuple[Dict[str, Any], List[int], Optional[SourceLoc]]:
        known = splits.get(id(raw_attrs))
        if known is not None:
            return dict(known[1]), known[2], known[3]
        attrs, subs, stack = {}, [], []
        for k, v in raw_attrs:
            if k == "op_callstack" and isinstance(v, list):
                stack = [ln for s in v for ln in s.splitlines()]
            if isinstance(v, tuple) and v and v[0] in ("block", "blocks"):
                subs.extend([v[1]] if v[0] == "block" else v[1])
            elif k not in _LEGACY_SKIP:
                attrs[k] = v
        source = saved_frame(stack) if stack else None
        if decoder.shares(raw_attrs) and len(splits) < _CACHED_ENTRIES:
            splits[id(raw_attrs)] = (raw_attrs, dict(attrs), subs, source)
        return attrs, subs, source

    def walk(block, label, block_id, layer="", depth=0) -> Block:
        if block["idx"] in visiting:
            raise SavedModelError(path, t("saved.block_contains_itself", block=block["idx"]))
        if depth > MAX_BLOCK_DEPTH:
            raise SavedModelError(path, t("saved.blocks_too_deep", n=MAX_BLOCK_DEPTH))
        visiting.add(block["idx"])
        expanded.add(block["idx"])
        out = Block(block_id, label)
        for span in block["ops"]:
            tick()
            raw = decode_op(span)
            oid = counter[0]
            counter[0] += 1
            op_type = raw["type"]
            attrs, subs, source = split_attrs(raw["attrs"])
            slots = raw["inputs"]
            if len(slots) > 1:
                slots = sorted(slots, key=lambda slot_args: slot_rank(slot_args[0]))
            ins = [read(block, a) for _, args in slots for a in args if a] if op_type != "feed" else []
            category = categories.get(op_type)
            if category is None:
                category = categories[op_type] = categorize(op_type)
            op = Op(id=oid, name=op_type, category=category, attrs=attrs, inputs=ins,
                    layer=layer, source=source)
            for k, idx in enumerate(subs):
                sub = by_idx.get(idx)
                if sub is None:
                    raise SavedModelError(path, t("saved.block_missing", op=op_type, block=idx))
                if idx in visiting:
                    raise SavedModelError(path, t("saved.block_contains_itself", block=idx))
                if idx in expanded:
                    # Real programs give each sub-block one owner; expanding shared ones
                    # again would let a small hostile file grow exponentially.
                    op.attrs.setdefault("sub_blocks_shown_elsewhere", []).append(idx)
                    continue
                lab = _SUB_BLOCK_LABELS.get(op_type, f"block{k}")
                op.blocks.append(walk(sub, lab, f"{block_id}/{oid}.{lab}", layer, depth + 1))
            # Outputs are written after the sub-blocks: inside a while body, loop-carried
            # names still read the values from before the loop.
            op.outputs = [write(block, a, oid) for _, args in raw["outputs"] for a in args if a]
            if op_type == "feed":
                for v in op.outputs:
                    graph.values[v].kind = "input"
                    graph.values[v].name = graph.values[v].id
            out.ops.append(op)
        visiting.discard(block["idx"])
        return out

    root = by_idx.get(0, blocks[0])
    try:
        graph.blocks.append(walk(root, "global", "global"))
    finally:
        # walk calls itself through its closure: a cycle that would keep every decoded
        # op and variable alive until the cyclic collector ran (1.8 million objects at
        # the op limit); unbound, they are freed at once
        walk = None  # noqa: F841
    gb = graph.global_block
    graph.inputs = [o.outputs[0] for o in gb.ops if o.name == "feed" and o.outputs]
    graph.outputs = [o.inputs[0] for o in gb.ops if o.name == "fetch" and o.inputs]
    return graph


def read_legacy(path: str, max_bytes: int = None):
    """``(graph, info)`` from a ``.pdmodel`` file; ``info`` has ``version`` and
    ``persistables`` (sorted names, the order of the ``.pdiparams`` stream)."""
    buf = read_bytes(path, LIMITS.program_bytes if max_bytes is None else max_bytes, "program file")
    if not buf:
        raise SavedModelError(path, t("saved.empty"))
    try:
        clock = ReadClock()
        desc = decode_program(buf, clock)
        graph = program_desc_to_graph(desc, path, clock)
    except TooBig as exc:
        raise SavedModelError(path, str(exc), t("saved.too_big_hint")) from None
    except ReadTooLong as exc:
        raise SavedModelError(path, str(exc), t("saved.read_too_long_hint")) from None
    except RecursionError:
        raise SavedModelError(path, t("saved.too_deep")) from None
    except (WireError, IndexError, KeyError, TypeError, ValueError, OverflowError,
            struct.error) as exc:
        raise SavedModelError(path, t("saved.not_protobuf", error=exc), t("saved.not_protobuf_hint")) from None
    # The .pdiparams stream holds the persistable variables ops read, sorted by name.
    persist = sorted({v.param_name for v in graph.values.values() if v.kind == "parameter"})
    return graph, {"version": _version_text(desc["version"]), "persistables": persist}
