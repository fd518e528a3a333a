"""Read a PIR program saved as ``PREFIX.json`` (``paddle.jit.save`` in Paddle 3.x).

Layout (Paddle's ``serialize_deserialize/include/schema.h``)::

    {"base_code": {"magic": "pir", "version": N, ...},
     "program": {"regions": [{"#": "region_0", "blocks": [
         {"#": "block_0", "args": [...], "ops": [
             {"#": "1.conv2d",            # dialect id . op name ("p": builtin.parameter)
              "I": [{"%": 9}, ...],        # operands by value id (0: absent)
              "O": [{"%": 10, "TT": {"#": "0.t_dtensor", "D": [{"#": "0.t_f32"}, dims, ...]}}],
              "A": [{"N": name, "AT": {"#": "0.a_i32", "D": 1}}, ...],
              "regions": [...]}]}]}]}}  # sub-blocks of if / while

Block arguments carry negative ids.  Nothing here imports Paddle or runs
anything from the file.
"""
from __future__ import annotations

import json
import os
from typing import Any, Dict, List, Optional

from d2s_lab.errors import SavedModelError
from d2s_lab.text import t
from d2s_lab.core.graph.model import Block, Graph, Op, Value
from d2s_lab.core.graph.ops import categorize
from d2s_lab.core.graph.ops import SKIP_ATTRS, sub_block_labels
from d2s_lab.core.saved.safe_io import LIMITS, ReadClock, ReadTooLong, read_bytes, summarise_list

DIALECTS = {"0": "builtin", "1": "pd_op", "2": "cf", "3": "custom_op", "4": "pd_dist"}
COMPRESSED_OPS = {"p": "builtin.parameter", "c": "builtin.combine",
                  "s": "builtin.set_parameter", "g": "builtin.get_parameter"}
TYPE_DTYPES = {
    "t_f32": "float32", "t_f64": "float64", "t_f16": "float16", "t_bf16": "bfloat16",
    "t_i8": "int8", "t_ui8": "uint8", "t_i16": "int16", "t_i32": "int32", "t_i64": "int64",
    "t_bool": "bool", "t_c64": "complex64", "t_c128": "complex128",
    "t_f8e4m3fn": "float8_e4m3fn", "t_f8e5m2": "float8_e5m2", "t_index": "index",
}
MAX_REGION_DEPTH = 64


def op_full_name(tag: str) -> str:
    """``"1.conv2d"`` -> ``"pd_op.conv2d"``; ``"p"`` -> ``"builtin.parameter"``."""
    if tag in COMPRESSED_OPS:
        return COMPRESSED_OPS[tag]
    dialect, dot, rest = tag.partition(".")
    if dot and dialect in DIALECTS:
        return f"{DIALECTS[dialect]}.{rest}"
    return tag


def _type_tag(t) -> str:
    tag = t.get("#", "") if isinstance(t, dict) else ""
    if not isinstance(tag, str):
        return ""
    return tag.split(".", 1)[1] if "." in tag else tag


_INT = {int}


def decode_type(tt) -> (Optional[List[int]], Optional[str]):
    """``(shape, dtype)`` from a ``TT`` type object (None where not a dense tensor)."""
    if not isinstance(tt, dict):
        return None, None
    kind = _type_tag(tt)
    data = tt.get("D")
    if kind in TYPE_DTYPES:
        return [], TYPE_DTYPES[kind]
    if isinstance(data, list) and len(data) >= 2 and isinstance(data[1], list):
        tag = _type_tag(data[0])
        dtype = TYPE_DTYPES.get(tag, tag or None)
        dims = data[1]
        if set(map(type, dims)) <= _INT:  # JSON gives exact ints; bool is not one
            return list(dims), dtype
        return None, dtype
    if kind == "t_vec":
        return None, "vector"
    return None, kind or None


def decode_attr(at) -> Any:
    """A plain Python value from an ``AT`` attribute object."""
    if not isinstance(at, dict):
        return at
    kind = _type_tag(at)
    data = at.get("D")
    if isinstance(data, list) and len(data) > LIMITS.attr_list:
        # summarised here, so no view ever holds (or formats) millions of elements
        first = [decode_attr(x) if kind == "a_array" else x for x in data[:LIMITS.attr_first]]
        return summarise_list(first, len(data), kind[2:] if kind.startswith("a_") else "")
    if kind == "a_array" and isinstance(data, list):
        return [decode_attr(x) for x in data]
    if kind == "a_place" and isinstance(data, list) and data:
        return {0: "undefined", 1: "cpu", 2: "gpu", 3: "gpu_pinned", 4: "xpu", 6: "ipu",
                7: "custom"}.get(data[0], str(data[0])) if isinstance(data[0], int) else str(data)
    if kind == "a_type":
        return decode_type(data)[1]
    return data


class _Reader:
    def __init__(self, path: str):
        self.path = path
        self.graph = Graph(name=os.path.basename(path), origin=path)
        self.clock = ReadClock()
        self.next_op = 0
        self.arg_scopes: List[Dict[int, str]] = []

    def fail(self, problem: str):
        raise SavedModelError(self.path, problem, t("saved.malformed_hint"))

    def value_id(self, ref) -> Optional[str]:
        if not isinstance(ref, dict):
            self.fail(t("saved.pir_operand", type=type(ref).__name__))
        vid = ref.get("%", ref.get("#"))
        if not isinstance(vid, int) or isinstance(vid, bool):
            self.fail(t("saved.pir_value_id", vid=repr(vid)))
        if vid == 0:
            return None  # an optional operand that is absent
        if vid < 0:
            for scope in reversed(self.arg_scopes):
                if vid in scope:
                    return scope[vid]
            return f"a{vid}"
        return f"v{vid}"

    def define(self, ref, producer: Optional[int], kind: str) -> Optional[str]:
        vid = self.value_id(ref)
        if vid is None:
            return None
        shape, dtype = decode_type(ref.get("TT"))
        self.graph.values[vid] = Value(vid, shape, dtype, producer=producer, kind=kind)
        return vid

    def region_blocks(self, regions, depth: int) -> List[dict]:
        if depth > MAX_REGION_DEPTH:
            self.fail(t("saved.pir_regions_deep", n=MAX_REGION_DEPTH))
        if not isinstance(regions, list):
            self.fail(t("saved.pir_regions_list"))
        blocks = []
        for r in regions:
            if not isinstance(r, dict) or not isinstance(r.get("blocks"), list):
                self.fail(t("saved.pir_region_blocks"))
            blocks.extend(r["blocks"])
        return blocks

    def block(self, raw, label: str, block_id: str, layer: str, depth: int) -> Block:
        if not isinstance(raw, dict) or not isinstance(raw.get("ops", []), list):
            self.fail(t("saved.pir_block_ops", block=block_id))
        out = Block(block_id, label)
        scope: Dict[int, str] = {}
        self.arg_scopes.append(scope)
        try:
            args = raw.get("args") or []
            if not isinstance(args, list):
                self.fail(t("saved.pir_block_args", block=block_id))
            for k, a in enumerate(args):
                if not isinstance(a, dict):
                    self.fail(t("saved.pir_arg_object", block=block_id, k=k))
                num = a.get("#", a.get("%"))
                if not isinstance(num, int) or isinstance(num, bool):
                    self.fail(t("saved.pir_arg_id", block=block_id, k=k))
                vid = f"{block_id}:a{num}"
                scope[num] = vid
                shape, dtype = decode_type(a.get("TT"))
                self.graph.values[vid] = Value(vid, shape, dtype, kind="block_arg")
                out.args.append(vid)
            for raw_op in raw.get("ops", []):
                out.ops.append(self.op(raw_op, block_id, layer, depth))
        finally:
            self.arg_scopes.pop()
        return out

    def op(self, raw, block_id: str, inherited_layer: str, depth: int) -> Op:
        if not isinstance(raw, dict) or not isinstance(raw.get("#"), str):
            self.fail(t("saved.pir_op_name", block=block_id))
        name = op_full_name(raw["#"])
        oid = self.next_op
        self.next_op += 1
        if oid >= LIMITS.ops:
            raise SavedModelError(self.path, t("saved.too_many_ops", n=f"{LIMITS.ops:,}"), t("saved.too_big_hint"))
        try:
            self.clock.tick()
        except ReadTooLong as exc:
            raise SavedModelError(self.path, str(exc), t("saved.read_too_long_hint")) from None
        attrs: Dict[str, Any] = {}
        struct = ""
        raw_attrs = raw.get("A", [])
        if name == "builtin.parameter":
            # [is_distributed, is_parameter, need_clip, parameter_name]
            pname = next((a for a in reversed(raw_attrs) if isinstance(a, str)), "") \
                if isinstance(raw_attrs, list) else ""
            attrs["parameter_name"] = pname
        elif isinstance(raw_attrs, list):
            for a in raw_attrs:
                if isinstance(a, dict) and isinstance(a.get("N"), str):
                    if a["N"] == "struct_name":
                        struct = str(decode_attr(a.get("AT")) or "")
                    elif a["N"] not in SKIP_ATTRS:
                        attrs[a["N"]] = decode_attr(a.get("AT"))
        else:
            self.fail(t("saved.pir_op_attrs", op=name))
        ins_raw = raw.get("I", [])
        outs_raw = raw.get("O", [])
        if isinstance(outs_raw, dict):
            outs_raw = [outs_raw]
        if not isinstance(ins_raw, list) or not isinstance(outs_raw, list):
            self.fail(t("saved.pir_op_io", op=name))
        if len(ins_raw) + len(outs_raw) > LIMITS.operands:
            raise SavedModelError(self.path, t("saved.too_many_operands", op=name, n=f"{len(ins_raw) + len(outs_raw):,}",
                                                 limit=f"{LIMITS.operands:,}"), t("saved.too_big_hint"))
        inputs = [v for v in (self.value_id(r) for r in ins_raw) if v is not None]
        kind = {"builtin.parameter": "parameter", "pd_op.data": "input"}.get(name, "tensor")
        outputs = [v for v in (self.define(r, oid, kind) for r in outs_raw) if v is not None]
        if name == "builtin.parameter":
            for v in outputs:
                self.graph.values[v].name = attrs["parameter_name"]
                self.graph.values[v].param_name = attrs["parameter_name"]
        elif name == "pd_op.data":
            for v in outputs:
                self.graph.values[v].name = str(attrs.get("name", ""))
        layer = ".".join(p for p in struct.split("/") if p) or inherited_layer
        op = Op(id=oid, name=name, category=categorize(name), attrs=attrs, inputs=inputs,
                outputs=outputs, layer=layer, struct_name=struct)
        if "regions" in raw:
            labels = sub_block_labels(name)
            for k, b in enumerate(self.region_blocks(raw["regions"], depth + 1)):
                lab = labels[k] if k < len(labels) else f"block{k}"
                op.blocks.append(self.block(b, lab, f"{block_id}/{oid}.{lab}", layer, depth + 1))
        return op


def parse_pir_json(data: bytes, path: str) -> (Graph, Dict[str, Any]):
    """``(graph, base_code)`` from the bytes of a PIR ``.json`` file."""
    try:
        doc = json.loads(data)
    except RecursionError:
        raise SavedModelError(path, t("saved.json_too_deep")) from None
    except UnicodeDecodeError:
        raise SavedModelError(path, t("saved.not_utf8")) from None
    except ValueError as exc:
        raise SavedModelError(path, t("saved.not_json", error=exc), t("saved.not_json_hint")) from None
    if not isinstance(doc, dict) or not isinstance(doc.get("base_code"), dict):
        raise SavedModelError(path, t("saved.no_base_code"))
    base = doc["base_code"]
    if base.get("magic") != "pir":
        raise SavedModelError(path, t("saved.bad_magic", magic=repr(base.get("magic"))))
    prog = doc.get("program")
    if not isinstance(prog, dict):
        raise SavedModelError(path, t("saved.no_program_object"))
    reader = _Reader(path)
    try:
        blocks = reader.region_blocks(prog.get("regions"), 0)
        if not blocks:
            reader.fail(t("saved.pir_no_blocks"))
        graph = reader.graph
        graph.blocks.append(reader.block(blocks[0], "global", "global", "", 0))
    except RecursionError:
        raise SavedModelError(path, t("saved.too_deep")) from None
    except (TypeError, ValueError, KeyError, AttributeError, IndexError) as exc:
        # a value of the wrong kind somewhere the checks above do not look
        raise SavedModelError(path, t("saved.malformed", error=f"{type(exc).__name__}: {str(exc)[:200]}"),
                              t("saved.malformed_hint")) from None
    gb = graph.global_block
    graph.inputs = [o.outputs[0] for o in gb.ops if o.name == "pd_op.data" and o.outputs]
    graph.outputs = [o.inputs[0] for o in gb.ops
                     if o.name in ("pd_op.fetch", "builtin.shadow_output") and o.inputs]
    return graph, dict(base)


def float64_list_attrs(path: str) -> List[tuple]:
    """``[(op, attribute)]`` of the oneDNN ops in a PIR ``.json`` program whose attribute is
    a list of float64 values, or an empty list (whose element type the file does not say):
    what Paddle 3.3's oneDNN executor cannot convert. [] when the file cannot be read."""
    try:
        doc = json.loads(read_bytes(path, LIMITS.program_bytes, "program file"))
    except (SavedModelError, ValueError, RecursionError):
        return []
    found, stack = [], [doc]
    while stack:
        node = stack.pop()
        if isinstance(node, list):
            stack.extend(reversed(node))
            continue
        if not isinstance(node, dict):
            continue
        name = node.get("#")
        if isinstance(name, str) and "onednn" in name and isinstance(node.get("A"), list):
            for attr in node["A"]:
                at = attr.get("AT") if isinstance(attr, dict) else None
                data = at.get("D") if isinstance(at, dict) else None
                if _type_tag(at) == "a_array" and isinstance(data, list) and (
                        not data or any(_type_tag(x) == "a_f64" for x in data)):
                    found.append((op_full_name(name).split(".", 1)[-1], str(attr.get("N"))))
        stack.extend(v for v in node.values() if isinstance(v, (dict, list)))
    return list(dict.fromkeys(found))


def read_pir(path: str, max_bytes: int = None):
    """``(graph, base_code)`` from a PIR ``.json`` file."""
    limit = LIMITS.program_bytes if max_bytes is None else max_bytes
    return parse_pir_json(read_bytes(path, limit, "program file"), path)
