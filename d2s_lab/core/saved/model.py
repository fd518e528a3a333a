"""``d2s_lab.load_saved``: view a model saved by ``paddle.jit.save`` without running it.

Finds the files of a saved model from any of its paths (``PREFIX.json``,
``PREFIX.pdmodel``, ``PREFIX.pdiparams`` or ``PREFIX``), parses the program
with the reader for its format (``saved_pir`` for Paddle 3.x PIR ``.json``,
``saved_legacy`` for ``.pdmodel`` ProgramDesc protobufs), reads parameter
shapes from ``.pdiparams`` and names from ``.pdiparams.info`` (without
unpickling).  Never imports Paddle and never executes anything from the files.
"""
from __future__ import annotations

import glob
import os
from dataclasses import dataclass, field
from typing import Dict, List, Tuple

from d2s_lab.core import display
from d2s_lab.errors import SavedModelError
from d2s_lab.text import t
from d2s_lab.core.graph.model import Graph
from d2s_lab.core.graph.shapes import format_shape
from d2s_lab.core.saved.pdiparams_info import read_info
from d2s_lab.core.saved.safe_io import LIMITS, check_file, gc_paused
from d2s_lab.core.saved.pdmodel import read_legacy
from d2s_lab.core.saved.pdiparams import read_params_bounded
from d2s_lab.core.saved.pir_json import read_pir

PROGRAM_SUFFIXES = (".json", ".pdmodel")
SIDE_SUFFIXES = (".pdiparams.info", ".pdiparams")


@dataclass
class SavedModel:
    """A saved model as read from disk: its graph, files and parameter facts."""

    path: str  # the program file
    format: str  # "pir-json" | "legacy-pdmodel"
    graph: Graph
    version: str = ""
    files: List[Tuple[str, int]] = field(default_factory=list)  # (path, bytes)
    params: list = field(default_factory=list)  # TensorHeader list, named when known
    structured_names: Dict[str, str] = field(default_factory=dict)  # paddle name -> user name
    notes: List[str] = field(default_factory=list)
    # the Layer's other to_static methods saved beside it: PREFIX.<method>.json / .pdmodel
    methods: Dict[str, "SavedModel"] = field(default_factory=dict)

    @property
    def num_params(self) -> int:
        return sum(p.numel for p in self.params)

    @property
    def param_bytes(self) -> int:
        return sum(p.nbytes for p in self.params)

    def summary(self) -> str:
        g = self.graph
        ins = ", ".join(f"{g.values[v].name or v}: {format_shape(g.values[v].shape)} "
                        f"{g.values[v].dtype or ''}".strip() for v in g.inputs if v in g.values)
        outs = ", ".join(f"{format_shape(g.values[v].shape)} {g.values[v].dtype or ''}".strip()
                         for v in g.outputs if v in g.values)
        return (f"{os.path.basename(self.path)} [{self.format}{' ' + self.version if self.version else ''}]: "
                f"{g.num_ops()} ops, {len(self.params)} parameter tensors, {self.num_params:,} "
                f"params ({self.param_bytes / 1024:.1f} KiB); in {ins or '-'}; out {outs or '-'}")

    def __repr__(self) -> str:
        return f"<SavedModel {self.summary()}>"

    def _repr_html_(self) -> str:
        return display.html(self)


def find_files(path: str) -> Tuple[str, str]:
    """``(program_file, prefix)`` for any path of a saved model."""
    path = os.fspath(path)
    if os.path.isdir(path):
        raise SavedModelError(path, t("saved.is_dir"), t("saved.is_dir_hint"))
    for suf in SIDE_SUFFIXES:
        if path.endswith(suf):
            prefix = path[: -len(suf)]
            break
    else:
        if path.endswith(PROGRAM_SUFFIXES):
            check_file(path, "program file")
            return path, path.rsplit(".", 1)[0]
        prefix = path
    for suf in PROGRAM_SUFFIXES:
        if os.path.isfile(prefix + suf):
            return prefix + suf, prefix
    if os.path.isfile(path):
        return path, prefix  # an unknown suffix: sniff the content
    raise SavedModelError(path, t("saved.none_here", stem=os.path.basename(prefix)), t("saved.none_here_hint"))


def _sniff(program: str) -> str:
    with open(program, "rb") as fh:
        head = fh.read(64)
    if head.lstrip()[:1] == b"{":
        return "pir-json"
    if len(head) >= 16 and head[:16] == b"\0" * 16:
        raise SavedModelError(program, t("saved.is_params"), t("saved.is_params_hint"))
    if head[:2] == b"\x80\x02" or head[:1] == b"\x80":
        raise SavedModelError(program, t("saved.is_pickle"), t("saved.is_pickle_hint"))
    return "legacy-pdmodel"


MAX_METHODS = 32  # sibling programs read under one prefix


def method_programs(prefix: str) -> Dict[str, str]:
    """``{method: program file}`` for the other methods ``paddle.jit.save`` wrote beside
    the prefix's main program (``PREFIX.embed.json``, ``PREFIX.embed.pdmodel``)."""
    found: Dict[str, str] = {}
    for suf in PROGRAM_SUFFIXES:
        for p in sorted(glob.glob(glob.escape(prefix) + ".*" + suf)):
            method = p[len(prefix) + 1: -len(suf)]
            if method.isidentifier() and method not in found and os.path.isfile(p):
                found[method] = p
    return dict(list(found.items())[:MAX_METHODS])


def read_saved(path) -> SavedModel:
    """Read a saved model's program and parameter headers, and those of the other methods
    saved under the same prefix (``.methods``). Raises SavedModelError."""
    with gc_paused():
        return _read_all(path)


def _read_all(path) -> SavedModel:
    sm = _read_one(path)
    prefix = sm.path[: -len(os.path.splitext(sm.path)[1])] if sm.path.endswith(PROGRAM_SUFFIXES) else sm.path
    for method, program in method_programs(prefix).items():
        try:
            sm.methods[method] = _read_one(program)
        except SavedModelError as exc:
            sm.notes.append(t("saved.note_method_unread", file=os.path.basename(program), method=method,
                              problem=exc.problem))
    return sm


def _read_one(path) -> SavedModel:
    program, prefix = find_files(path)
    check_file(program, "program file")
    fmt = "pir-json" if program.endswith(".json") else (
        "legacy-pdmodel" if program.endswith(".pdmodel") else _sniff(program))
    notes: List[str] = []
    if fmt == "pir-json":
        graph, base = read_pir(program)
        version = f"PIR v{base.get('version', '?')}"
        persist = sorted({v.param_name for v in graph.values.values()
                          if v.kind == "parameter" and v.param_name})
    else:
        graph, info = read_legacy(program)
        version = f"Paddle {info['version']}" if info["version"] else ""
        persist = info["persistables"]
    sm = SavedModel(path=program, format=fmt, graph=graph, version=version)
    sm.files.append((program, os.path.getsize(program)))
    params_file = prefix + ".pdiparams"
    if os.path.isfile(params_file):
        sm.params, more = read_params_bounded(params_file)
        sm.files.append((params_file, os.path.getsize(params_file)))
        if more:
            notes.append(t("saved.note_many_tensors", file=os.path.basename(params_file),
                           limit=f"{LIMITS.param_tensors:,}", n=f"{len(sm.params):,}"))
        else:
            _name_params(sm, persist, notes)
    else:
        notes.append(t("saved.note_no_params", file=os.path.basename(params_file)))
    info_file = prefix + ".pdiparams.info"
    if os.path.isfile(info_file):
        info = read_info(info_file)
        sm.files.append((info_file, os.path.getsize(info_file)))
        sm.structured_names = {k: v["structured_name"] for k, v in info.items()
                               if isinstance(v.get("structured_name"), str) and v["structured_name"]}
        for v in graph.values.values():
            if v.kind == "parameter" and v.param_name in sm.structured_names:
                v.name = sm.structured_names[v.param_name]
    sm.notes = notes
    return sm


def _name_params(sm: SavedModel, persist: List[str], notes: List[str]) -> None:
    """Give the nameless tensors of .pdiparams the program's sorted persistable names,
    checking each shape against the program's declaration."""
    shapes = {}
    for v in sm.graph.values.values():
        if v.kind == "parameter" and v.param_name:
            shapes[v.param_name] = v.shape
    if len(persist) != len(sm.params):
        notes.append(t("saved.note_count_differs", declared=len(persist), held=len(sm.params)))
        return
    bad = [n for n, p in zip(persist, sm.params)
           if shapes.get(n) is not None and list(shapes[n]) != list(p.shape)]
    if bad:
        notes.append(t("saved.note_shapes_differ", n=len(bad), first=bad[0]))
        return
    for n, p in zip(persist, sm.params):
        p.name = n


def load_saved(path) -> Graph:
    """The :class:`~d2s_lab.core.graph.model.Graph` of a model saved with ``paddle.jit.save``.

    ``path`` is ``PREFIX.json`` (Paddle 3.x PIR), ``PREFIX.pdmodel`` (Paddle 2.x /
    legacy IR), ``PREFIX.pdiparams`` or the ``PREFIX`` itself.  Nothing from the
    files is executed and Paddle is not imported.  Raises
    :class:`~d2s_lab.errors.SavedModelError` naming the file and the problem.
    """
    return read_saved(path).graph
