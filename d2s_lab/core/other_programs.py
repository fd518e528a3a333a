"""The other programs of one conversion: training, AMP and Paddle Inference's optimised one.

``program_graph(conv, "train" | "amp" | "inference")`` builds each as a
:class:`~d2s_lab.core.graph.model.Graph` (drawn and tabled like the forward one), once per
conversion; ``program_diff(conv, ...)`` compares it with the program it came from:

* ``train``: forward then backward (``*_grad`` ops), the program Paddle runs when the
  converted function is trained. Backward ops sit under the layer path ``backward.<the
  forward layer they differentiate>``, so at depth 1 they fold into one ``backward`` node.
  The optimizer's ops are not part of it: ``opt.step()`` runs eagerly.
* ``amp``: the forward Program traced under ``paddle.amp.auto_cast(level, dtype)``:
  where ``cast`` ops go and which ops compute in float16/bfloat16.
* ``inference``: the program the Paddle Inference predictor runs after its IR passes
  (oneDNN fusions on a CPU), compared with the saved program it was given. Its layers
  are named as the forward Program names them (``bert.encoder.layers.3``, not Paddle's
  class path ``BertModel_1.TransformerEncoder``), and a fused op (``fc``,
  ``fused_matmul``) takes the layer of the ops it replaced: the layer whose parameters
  it reads, else the layer its neighbours share.

Where Paddle keeps each is in :mod:`.paddle_compat.programs`. ``conv`` is a
:class:`~d2s_lab.core.convert.Conversion` (which calls this module, so it is not imported).
"""
from __future__ import annotations

import difflib
from collections import Counter, defaultdict
import os
import shutil
import tempfile
from typing import List, Optional

from d2s_lab.core.diff import GraphDiff, diff, kind_of
from d2s_lab.errors import D2SError
from d2s_lab.core.export import save_conversion
from d2s_lab.core.frames import gist_at_line
from d2s_lab.text import t
from d2s_lab.core.graph.model import Block, Graph, Op
from d2s_lab.core.paddle_compat.walk import (feed_values, input_vars, param_names_of, program_to_graph,
                                    recording_layer_paths)
from d2s_lab.core.paddle_compat.other_programs import (amp_program, default_amp_dtype, optimized_program,
                                     training_program)
from d2s_lab.core.paddle_compat.targets import resolve
from d2s_lab.core.saved.model import read_saved
from d2s_lab.core.sot.run_graph import run_graph
from d2s_lab.core.specs import random_inputs

PROGRAMS = ("forward", "train", "amp", "inference")
BACKWARD = "backward"  # the layer path the backward ops of a training program sit under
GRAD_SUFFIX = "_grad"


def _which(program: str) -> str:
    which = str(program or "forward").strip().lower()
    if which not in PROGRAMS:
        raise D2SError(t("programs.unknown", program=repr(program)), t("programs.choose", programs=", ".join(PROGRAMS)))
    return which


def _require_program(conv, which: str) -> None:
    if conv.error is not None or conv.static_function is None:
        raise D2SError(t("programs.not_converted", name=conv.name, which=which), t("programs.not_converted_hint"))
    if conv.mode != "ast" or conv.drawn_graph is None:
        raise D2SError(t("programs.needs_ast", which=which, name=conv.name, mode=conv.mode),
                       t("programs.needs_ast_hint"))


SOT_RUN = "sot run"  # where conv.programs keeps the drawing's graph of a default-path run


def sot_run_graph(conv) -> Graph:
    """The default-path (SOT) run of ``conv`` as one Graph (its subgraphs in run order,
    the breaks between them; :func:`d2s_lab.core.sot.run_graph.run_graph`), built once."""
    if SOT_RUN not in conv.programs:
        graph = run_graph(conv.sot)
        if graph is None:
            raise D2SError(t("rundraw.nothing", name=conv.name), t("rundraw.nothing_hint"))
        conv.programs[SOT_RUN] = graph
    return conv.programs[SOT_RUN]


def inference_key(onednn: bool = True) -> str:
    """Where ``conv.programs`` keeps the inference program (and, with " input", the saved
    program it was made from)."""
    return "inference" + ("" if onednn else " no-onednn")


def amp_key(level: str = "O1", dtype: Optional[str] = None) -> str:
    return f"amp {level} {dtype or default_amp_dtype()}"


def program_graph(conv, program: str = "forward", *, amp_level: str = "O1",
                  amp_dtype: Optional[str] = None, onednn: bool = True) -> Graph:
    """The Graph of one of ``conv``'s programs: ``"forward"`` (the converted Program),
    ``"train"`` (forward + backward), ``"amp"`` (traced under ``paddle.amp.auto_cast``
    with ``amp_level`` O1/O2 and ``amp_dtype``, default float16 on a GPU, bfloat16 on a
    CPU) or ``"inference"`` (after Paddle Inference's IR passes; ``onednn`` on a CPU).
    Built once per conversion and kept in ``conv.programs``."""
    which = _which(program)
    if which == "forward":
        if conv.drawn_graph is None and conv.mode == "sot" and conv.sot is not None:
            return sot_run_graph(conv)
        if conv.drawn_graph is None:
            _require_program(conv, which)
        return conv.drawn_graph
    _require_program(conv, which)
    key = {"train": "train", "inference": inference_key(onednn),
           "amp": amp_key(amp_level, amp_dtype)}[which]
    if key not in conv.programs:
        try:
            if which == "train":
                conv.programs[key] = _train_graph(conv)
            elif which == "amp":
                conv.programs[key] = _amp_graph(conv, amp_level, amp_dtype or default_amp_dtype())
            else:
                conv.programs[key + " input"], conv.programs[key] = _inference_graphs(conv, onednn)
        except D2SError:
            raise
        except Exception as exc:  # Paddle's own failure, said in one line
            raise D2SError(t("programs.build_failed", which=which, name=conv.name,
                             error=f"{type(exc).__name__}: {gist_at_line(exc)}"),
                           t(f"programs.build_hint.{which}")) from None
    return conv.programs[key]


def program_diff(conv, program: str, **options) -> GraphDiff:
    """``program``'s graph compared with the program it was made from: the forward Program
    for ``"train"`` and ``"amp"``, the saved program the predictor loaded for
    ``"inference"``. ``options`` are :func:`program_graph`'s and :func:`d2s_lab.diff`'s
    drawing options (depth, params, ...)."""
    which = _which(program)
    if which == "forward":
        raise D2SError(t("programs.forward_itself"), t("programs.forward_itself_hint"))
    build = {k: options.pop(k) for k in ("amp_level", "amp_dtype", "onednn") if k in options}
    other = program_graph(conv, which, **build)
    if which == "inference":
        return diff(conv.programs[inference_key(build.get("onednn", True)) + " input"], other,
                    names=("saved program", other.name), **options)
    return _without_output_bookkeeping(
        diff(conv.drawn_graph, other, names=(f"{conv.name} (forward)", other.name), **options))


def programs_diff(conv, first: str, second: str, **options) -> GraphDiff:
    """Two of ``conv``'s programs compared op by op (``"train"`` against ``"inference"``:
    which forward ops the predictor's passes fused or replaced). The train program's
    backward ops are set apart, with a note saying how many, so forward ops pair with
    forward ops. ``options`` are :func:`program_diff`'s."""
    if _which(first) == _which(second):
        raise D2SError(t("programs.same_twice", program=first), t("programs.same_twice_hint"))
    build = {k: options.pop(k) for k in ("amp_level", "amp_dtype", "onednn") if k in options}
    graphs, apart = [], 0
    for which in (first, second):
        graph = program_graph(conv, which, **build)
        if _which(which) == "train":
            graph, apart = _forward_part(graph)
        graphs.append(graph)
    d = diff(*graphs, names=(f"{conv.name} ({first})", f"{conv.name} ({second})"), **options)
    if apart:
        d.notes.append(t("programs.grad_set_apart", n=apart))
    return d


def _forward_part(graph: Graph) -> tuple:
    """``(graph without its backward ops, how many were left out)``."""
    back = {id(o) for o in backward_ops(graph)}
    block = graph.global_block
    kept = Block(block.id, block.label, [o for o in block.ops if id(o) not in back], block.args)
    out = Graph(blocks=[kept, *graph.blocks[1:]], values=graph.values, inputs=graph.inputs,
                outputs=graph.outputs, name=f"{graph.name} (forward part)", origin=graph.origin)
    return out, len(block.ops) - len(kept.ops)


# Ops that only hand results out of a program: which of them a program has depends on how
# it was built (the first run adds them to the forward one), not on what it computes.
_OUTPUT_KINDS = frozenset({"shadow_output", "fetch", "fetch_v2"})


def _without_output_bookkeeping(d: GraphDiff) -> GraphDiff:
    """When the programs differ only by such output ops (a function with no float op to
    cast, or no parameter to train), they are left out, with a note: no difference."""
    differing = [e for e in d.entries if e.status != "same"]
    if differing and all(e.status in ("added", "removed") and kind_of(e.op).split(".")[-1] in _OUTPUT_KINDS
                         for e in differing):
        d.entries = [e for e in d.entries if e.status == "same"]
        d.notes.append(t("programs.only_outputs_differ", n=len(differing)))
    return d


# -- train -------------------------------------------------------------------

def _inputs(conv):
    return conv.example_inputs if conv.example_inputs is not None else random_inputs(conv.input_specs, dims=conv.input_dims)


def _train_graph(conv) -> Graph:
    layer = conv.layer
    was_training = getattr(layer, "training", True)
    if layer is not None:
        layer.train()  # the training program: dropout and batch norm in training mode
    try:
        with recording_layer_paths(layer) as paths:
            program, forward_end = training_program(conv.static_function, _inputs(conv))
    finally:
        if layer is not None and not was_training:
            layer.eval()
    graph = program_to_graph(program, layer_paths=paths, param_names=param_names_of(layer),
                             inputs=input_vars(program, conv.drawn_graph.inputs), name=f"{conv.name} (train)")
    ops = graph.global_block.ops
    forward, backward = ops[:forward_end], ops[forward_end:]
    _borrow_layers(forward, conv.drawn_graph.global_block.ops)
    _label_backward(forward, backward)
    return graph


def _kind(op: Op) -> str:
    """An op's name without its kernel namespace (``onednn_op.full`` and ``pd_op.full``)."""
    return op.name.rpartition(".")[2].rstrip("_")


def _borrow_layers(ops: List[Op], reference: List[Op], key=lambda o: o.name) -> None:
    """Give ops without a layer path or a source line those of the op in ``reference``
    (the forward Program) they align with by name (``key``): a cached trace records no paths."""
    sm = difflib.SequenceMatcher(None, [key(o) for o in ops], [key(o) for o in reference],
                                 autojunk=False)
    for a, b, n in sm.get_matching_blocks():
        for op, ref in zip(ops[a:a + n], reference[b:b + n]):
            op.layer = op.layer or ref.layer
            op.source = op.source or ref.source


def _label_backward(forward: List[Op], backward: List[Op]) -> None:
    """Put each ``X_grad`` op under ``backward.<layer of the X it differentiates>``:
    Paddle appends grad ops in reverse order of the forward ops, so each takes the
    latest forward ``X`` not taken yet."""
    taken = set()
    for op in backward:
        kind = op.short_name.rstrip("_")
        match = None
        if kind.endswith(GRAD_SUFFIX):
            base = kind[: -len(GRAD_SUFFIX)]
            match = next((f for f in reversed(forward) if id(f) not in taken
                          and f.short_name.rstrip("_") == base), None)
        if match is not None:
            taken.add(id(match))
            op.source = op.source or match.source
        layer = match.layer if match is not None else ""
        op.layer = f"{BACKWARD}.{layer}" if layer else BACKWARD


def backward_ops(graph: Graph) -> List[Op]:
    """The ops of a training program's graph that belong to its backward part."""
    return [o for o in graph.iter_ops()
            if o.layer == BACKWARD or o.layer.startswith(BACKWARD + ".")]


# -- amp ---------------------------------------------------------------------

def _amp_graph(conv, level: str, dtype: str) -> Graph:
    layer = conv.layer
    with recording_layer_paths(layer) as paths:
        program, inputs, outputs = amp_program(resolve(conv.target).function, conv.input_specs,
                                               level, dtype, main_program=conv.program)
    graph = program_to_graph(program, layer_paths=paths, param_names=param_names_of(layer),
                             inputs=feed_values(inputs) if inputs is not None
                             else input_vars(program, conv.drawn_graph.inputs),
                             outputs=outputs, name=f"{conv.name} (AMP {level} {dtype})")
    _borrow_layers(list(graph.iter_ops()), list(conv.drawn_graph.iter_ops()))
    return graph


# -- inference ---------------------------------------------------------------

def _inference_graphs(conv, onednn: bool):
    """(the saved program, the program Paddle Inference optimised from it) as Graphs."""
    tmp = tempfile.mkdtemp(prefix="d2s_infer_")
    try:
        saved = save_conversion(conv, os.path.join(tmp, "model"))
        prog = next((p for p, _ in saved if p.endswith((".json", ".pdmodel"))), None)
        params = next((p for p, _ in saved if p.endswith(".pdiparams")), None)
        if prog is None:
            raise D2SError(t("programs.no_program_file", name=conv.name))
        optimized = optimized_program(prog, params, os.path.join(tmp, "optimized"), onednn=onednn)
        before = read_saved(prog).graph
        after = read_saved(optimized).graph
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if conv.drawn_graph is not None:
        forward_layer_names(before, after, conv.drawn_graph)
    before.name = f"{conv.name} (saved)"
    after.name = f"{conv.name} (inference{', oneDNN' if onednn else ''})"
    before.origin = after.origin = ""  # the files are gone
    return before, after


def _program_ops(graph: Graph) -> List[Op]:
    return [o for o in graph.iter_ops() if o.category != "parameter"]


def forward_layer_names(saved: Graph, optimized: Graph, forward: Graph) -> None:
    """Name the layers of a saved program and of the program optimised from it as the
    forward Program does, and give the optimised program's layerless ops a layer.

    A saved program names layers by class path (``BertModel_1.BertEmbeddings``); its ops
    align by name with the forward Program's, so each class path takes the attribute
    path most of its ops align with. An op the passes made (``fc``, ``fused_matmul``)
    takes the layer of the saved ops that read the same parameters, else the deepest
    layer its innermost producers and consumers share."""
    votes: dict = defaultdict(Counter)
    ours, theirs = _program_ops(saved), _program_ops(forward)
    sm = difflib.SequenceMatcher(None, [o.name for o in ours], [o.name for o in theirs],
                                 autojunk=False)
    for a, b, n in sm.get_matching_blocks():
        for op, ref in zip(ours[a:a + n], theirs[b:b + n]):
            if op.layer and ref.layer:
                votes[op.layer][ref.layer] += 1
    names = {path: c.most_common(1)[0][0] for path, c in votes.items()}
    by_param: dict = {}
    for graph in (saved, optimized):
        for op in graph.iter_ops():
            if op.layer:
                op.layer = _renamed(op.layer, names)
    # a program that names no layers (Paddle 2.6's saved .pdmodel): aligned ops lend theirs
    _borrow_layers(ours, theirs)
    _borrow_layers(_program_ops(optimized), ours, key=_kind)
    for op in saved.iter_ops():
        for vid in op.inputs:
            v = saved.values.get(vid)
            if v is not None and v.kind == "parameter" and op.layer:
                by_param.setdefault(v.param_name or v.name, op.layer)
    _fill_fused_layers(optimized, by_param)


def _renamed(path: str, names: dict) -> str:
    """``path`` with its longest renamed prefix replaced (a class path no op aligned with
    keeps its renamed parent's name and its own last parts)."""
    if path in names:
        return names[path]
    parts = path.split(".")
    for k in range(len(parts) - 1, 0, -1):
        head = ".".join(parts[:k])
        if head in names:
            return ".".join([names[head]] + parts[k:])
    return path


def _fill_fused_layers(graph: Graph, by_param: dict) -> None:
    """Layers for the ops without one (see :func:`forward_layer_names`)."""
    todo = [o for o in graph.iter_ops() if not o.layer and o.category not in ("parameter", "data")]
    for op in todo:
        found = [by_param[key] for vid in op.inputs
                 for v in [graph.values.get(vid)] if v is not None and v.kind == "parameter"
                 for key in [v.param_name or v.name] if key in by_param]
        if found:
            op.layer = _shared(found)
    consumers = defaultdict(list)
    ops = {o.id: o for o in graph.iter_ops()}
    for o in graph.iter_ops():
        for vid in o.inputs:
            consumers[vid].append(o)
    for _ in range(3):  # neighbours' layers spread along chains of fused ops
        for op in todo:
            if op.layer:
                continue
            near = [ops[graph.values[v].producer].layer for v in op.inputs
                    if v in graph.values and graph.values[v].producer in ops]
            near += [c.layer for v in op.outputs for c in consumers.get(v, [])]
            near = [x for x in near if x]
            # a value from an enclosing layer (an attention mask) says little of where the
            # op is: only the innermost layers around it count
            near = [x for x in near if not any(y.startswith(x + ".") for y in near)]
            if near:
                op.layer = _shared(near)


def _shared(paths: List[str]) -> str:
    """The deepest layer path all of ``paths`` lie in ("" when none)."""
    split = [p.split(".") for p in paths]
    out = []
    for parts in zip(*split):
        if len(set(parts)) != 1:
            break
        out.append(parts[0])
    return ".".join(out)


__all__ = ["BACKWARD", "PROGRAMS", "amp_key", "backward_ops", "forward_layer_names",
           "program_diff", "program_graph", "programs_diff"]
