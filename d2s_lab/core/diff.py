"""``d2s_lab.diff``: what changed between two programs, op by op.

Two Conversions, saved models (a path, or what ``read_saved``/``load_saved`` return),
SOT subgraphs or plain :class:`~d2s_lab.core.graph.model.Graph` objects are compared:
ops are paired by where they sit (sub-block), their layer path and their kind, in
program order (a sequence alignment with :mod:`difflib`, so an inserted op shifts
nothing after it); each pair is then compared field by field (op name, attributes,
output shapes and dtypes). The result, :class:`GraphDiff`, is plain data that
displays itself in a notebook. No Paddle imports: it works on saved files alone.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any, Dict, Iterator, List, Optional, Sequence, Tuple

from d2s_lab.core import display
from d2s_lab.core.align import AlignBudget, align_opcodes
from d2s_lab.errors import D2SError
from d2s_lab.core.graph.model import Block, Graph, Op
from d2s_lab.core.graph.ops import LEGACY_NAMES, op_kinds, short_name
from d2s_lab.core.options import ViewOptions
from d2s_lab.core.saved.model import SavedModel, read_saved
from d2s_lab.core.saved.safe_io import gc_paused
from d2s_lab.core.graph.shapes import MAX_OPERANDS, bounded_items, format_shape
from d2s_lab.text import t

# Attributes that differ where the programs do not: Paddle numbers parameter names per
# process (linear_0.w_0, then linear_1.w_0 for the next instance), and a live Program and
# its saved file spell ``place`` differently ("undefined:0" / "undefined").
IGNORED_ATTRS = frozenset({"parameter_name", "place"})
# Attributes that hold a shape: a change there is a shape change (``pd_op.data``'s shape).
SHAPE_ATTRS = frozenset({"shape"})
# Ops listed in summary() before "... N more".
SUMMARY_LINES = 40
# The alignment's time bound over one whole diff, in pairs compared by difflib (see
# d2s_lab.core.align): past it, stretches are paired the rough, linear way, with a note.
MAX_ALIGN_CELLS = 1_000_000

# Paddle 2.6's legacy names -> the PIR kind (elementwise_add -> add), so a legacy
# program pairs with a PIR one.
_PIR_KIND = {legacy: pir for pir, names in LEGACY_NAMES.items() for legacy in names}

STATUSES = ("added", "removed", "changed", "same")


def value_text(v: Any) -> str:
    """An attribute value, short and exact enough to tell two apart (``0.9``, ``[2, 3]``)."""
    if isinstance(v, float):
        return f"{v:g}"
    if isinstance(v, (list, tuple)):
        head = [value_text(x) for x in v[:MAX_OPERANDS]]
        if len(v) > MAX_OPERANDS:  # the output budget: a long list is summarised
            head.append(f"… ({len(v):,})")
        return "[" + ", ".join(head) + "]"
    return str(v)


@dataclass
class FieldChange:
    """One field of a paired op that differs.

    ``kind``: ``"attr"`` (an attribute), ``"shape"`` (an output shape, or a shape
    attribute), ``"dtype"``, ``"name"`` (the op's full name, e.g. ``batch_norm_`` ->
    ``batch_norm``), ``"layer"`` or ``"outputs"`` (how many results it has).
    """

    what: str  # "is_test", "out 0 shape", "op", "layer", "outputs", "param fc.weight shape"
    kind: str
    before: Any
    after: Any

    def _text(self, v) -> str:
        if self.kind == "shape" and (v is None or isinstance(v, (list, tuple))):
            return format_shape(v)
        return value_text(v)

    def __str__(self) -> str:
        a, b = self._text(self.before), self._text(self.after)
        if a == b:  # equal when rounded for display: show them in full
            a, b = repr(self.before), repr(self.after)
        return f"{self.what}: {a} → {b}"


@dataclass
class DiffEntry:
    """One row of the diff, in program order: an op of ``a``, of ``b``, or a pair.

    ``status``: ``"added"`` (only in ``b``), ``"removed"`` (only in ``a``),
    ``"changed"`` (paired; ``changes`` says what differs) or ``"same"``.
    """

    status: str
    a: Optional[Op] = None
    b: Optional[Op] = None
    changes: List[FieldChange] = field(default_factory=list)
    # the kernel library the op moved to (``"oneDNN"``: ``pd_op.full`` -> ``onednn_op.full``):
    # the same op run by other kernels, not a change
    moved: str = ""

    @property
    def op(self) -> Op:
        """The op this row is about (``b``'s when paired)."""
        return self.b if self.b is not None else self.a

    @property
    def short_name(self) -> str:
        return self.op.short_name

    @property
    def layer(self) -> str:
        return self.op.layer

    def change(self, what: str) -> Optional[FieldChange]:
        """The change of field ``what`` (``"is_test"``, ``"out 0 shape"``), or None."""
        return next((c for c in self.changes if c.what == what), None)

    def describe(self, a_name: str = "a", b_name: str = "b") -> str:
        """What differs, as one line (``only in b``, ``is_test: False → True; ...``)."""
        if self.status == "added":
            return f"only in {b_name}"
        if self.status == "removed":
            return f"only in {a_name}"
        return "; ".join(bounded_items([str(c) for c in self.changes[:MAX_OPERANDS]],
                                       total=len(self.changes), more="graph.more_changes")) or "the same"

    def line(self, a_name: str = "a", b_name: str = "b") -> str:
        """``+ relu: only in b``, ``~ dropout [drop]: is_test: False → True``."""
        mark = {"added": "+", "removed": "-", "changed": "~", "same": " "}[self.status]
        layer = f" [{self.layer}]" if self.layer else ""
        return f"{mark} {self.short_name}{layer}: {self.describe(a_name, b_name)}"

    def __str__(self) -> str:
        return self.line()


@dataclass
class GraphDiff:
    """What differs between program ``a`` and program ``b`` (see :func:`diff`).

    ``entries`` lists every op in program order with its status; ``added`` (ops only
    in ``b``), ``removed`` (only in ``a``), ``changed`` (paired entries that differ)
    and ``matched`` (every ``(op_a, op_b)`` pair) are views of it.  Displays in a
    notebook as a table of the differences and both graphs with them coloured
    (added green, removed red, changed amber), and the two sources when known.
    """

    a: Graph
    b: Graph
    a_name: str = "a"
    b_name: str = "b"
    entries: List[DiffEntry] = field(default_factory=list)
    layers_compared: bool = True  # ops were paired by layer path too
    notes: List[str] = field(default_factory=list)
    a_source: str = ""  # the original Python sources, when both sides are Conversions
    b_source: str = ""
    a_first_line: int = 1
    b_first_line: int = 1
    view: ViewOptions = field(default_factory=ViewOptions)  # how the graphs are drawn

    def _with(self, status: str) -> List[DiffEntry]:
        return [e for e in self.entries if e.status == status]

    @property
    def added(self) -> List[Op]:
        """Ops of ``b`` with no counterpart in ``a``."""
        return [e.b for e in self._with("added")]

    @property
    def removed(self) -> List[Op]:
        """Ops of ``a`` with no counterpart in ``b``."""
        return [e.a for e in self._with("removed")]

    @property
    def changed(self) -> List[DiffEntry]:
        """Paired ops that differ (``.a``, ``.b``, ``.changes``)."""
        return self._with("changed")

    @property
    def matched(self) -> List[Tuple[Op, Op]]:
        """Every paired ``(op_a, op_b)``, changed or not."""
        return [(e.a, e.b) for e in self.entries if e.a is not None and e.b is not None]

    @property
    def same(self) -> bool:
        """No op added, removed or changed."""
        return all(e.status == "same" for e in self.entries)

    @property
    def change_kinds(self) -> set:
        """The kinds of field change present (``{"shape", "attr"}``...)."""
        return {c.kind for e in self.changed for c in e.changes}

    @property
    def only_shapes_changed(self) -> bool:
        """The same ops, and only shapes differ (e.g. a fixed batch vs a dynamic one)."""
        return (not self.added and not self.removed and bool(self.changed)
                and self.change_kinds == {"shape"})

    @property
    def moved(self) -> List[DiffEntry]:
        """Paired ops that only moved to another kernel library (``pd_op.full`` ->
        ``onednn_op.full``, counted among the unchanged)."""
        return [e for e in self.entries if e.moved]

    def counts(self) -> Dict[str, int]:
        """``{"added": n, "removed": n, "changed": n, "same": n}`` (the ops that only moved
        to another kernel library, :attr:`moved`, are among ``same``)."""
        return {s: len(self._with(s)) for s in STATUSES}

    def entries_for(self, kind: str) -> List[DiffEntry]:
        """The rows about ops of ``kind`` (``"dropout"``, ``"add"``: legacy names count)."""
        kinds = op_kinds(kind)
        return [e for e in self.entries if short_name(e.op.name).rstrip("_") in kinds]

    def status_of(self, side: str) -> Dict[int, str]:
        """Op id of side ``"a"`` or ``"b"`` -> its status, for the ops that differ."""
        out = {}
        for e in self.entries:
            op = e.a if side == "a" else e.b
            if op is not None and e.status != "same":
                out[op.id] = e.status
        return out

    def counts_text(self) -> str:
        c = self.counts()
        text = (f"{c['added']} added, {c['removed']} removed, {c['changed']} changed, "
                f"{c['same']} unchanged")
        if self.moved:
            text += f" ({t('diff.n_moved', n=len(self.moved), to=self.moved_to())})"
        return text

    def moved_to(self) -> str:
        """The kernel libraries ops moved to (``"oneDNN"``), "" when none did."""
        return ", ".join(dict.fromkeys(e.moved for e in self.moved))

    def summary(self) -> str:
        """The counts, then one line per op that differs (``+`` added, ``-`` removed,
        ``~`` changed), in program order."""
        lines = [f"{self.a_name} → {self.b_name}: {self.counts_text()}"]
        lines += self.notes
        differing = [e for e in self.entries if e.status != "same"]
        lines += [e.line(self.a_name, self.b_name) for e in differing[:SUMMARY_LINES]]
        if len(differing) > SUMMARY_LINES:
            lines.append(t("diff.n_more", n=len(differing) - SUMMARY_LINES))
        if self.same:
            lines.append(t("diff.no_differences_text"))
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<GraphDiff {self.a_name} → {self.b_name}: {self.counts_text()}>"

    def rewrites_text(self) -> str:
        """What turned A into B, in words: ``"3 × conv2d + add + relu → fused_conv2d"``
        (see :func:`fusion_text`): what Paddle Inference's passes did, for a saved program
        against the one the predictor runs."""
        return fusion_text(self)

    def table(self):
        """Every op that differs, in one table (a cell shows the first ones; this shows
        them all)."""
        return display.diff_table(self)

    def _repr_html_(self) -> str:
        return display.html(self)


# -- what can be compared -----------------------------------------------------

def _is_saved_path(obj) -> bool:
    return isinstance(obj, (str, os.PathLike))


def as_graph(obj, label: str = "") -> Tuple[Graph, str, str, int]:
    """``(graph, name, source, first_line)`` of something :func:`diff` compares;
    a D2SError saying what to give otherwise."""
    what = f"{label}: " if label else ""
    if isinstance(obj, Graph):
        return obj, obj.name or label or "graph", "", 1
    if isinstance(obj, SavedModel):
        return obj.graph, os.path.basename(obj.path), "", 1
    if _is_saved_path(obj):
        sm = read_saved(obj)
        return sm.graph, os.path.basename(sm.path), "", 1
    # A Conversion (duck-typed: importing it would import Paddle's glue).
    if hasattr(obj, "drawn_graph") and hasattr(obj, "mode"):
        if getattr(obj, "error", None) is not None:
            raise D2SError(t("diff.err_failed", what=what, name=getattr(obj, "name", "") or t("diff.this_conversion")),
                           t("diff.err_failed_hint"))
        if not isinstance(obj.drawn_graph, Graph):
            raise D2SError(t("diff.err_no_program", what=what, mode=obj.mode,
                             name=getattr(obj, "name", "") or t("diff.this_conversion")),
                           t("diff.err_no_program_hint"))
        return (obj.drawn_graph, getattr(obj, "name", "") or obj.drawn_graph.name or label,
                getattr(obj, "original_source", "") or "", getattr(obj, "source_first_line", 0) or 1)
    # A SotReport or one of its subgraphs.
    if hasattr(obj, "subgraphs") and hasattr(obj, "breaks"):
        drawn = [s for s in obj.subgraphs if isinstance(getattr(s, "graph", None), Graph)]
        if not drawn:
            why = getattr(obj, "message", "") or t("diff.sot_no_subgraph")
            raise D2SError(t("diff.err_sot_empty", what=what, why=why), t("diff.err_sot_empty_hint"))
        if len(drawn) > 1:
            raise D2SError(t("diff.err_sot_many", what=what, n=len(drawn)), t("diff.err_sot_many_hint"))
        return drawn[0].graph, f"{obj.name} (SOT {drawn[0].name})", "", 1
    if isinstance(getattr(obj, "graph", None), Graph) and hasattr(obj, "num_ops"):
        return obj.graph, f"SOT {getattr(obj, 'name', 'subgraph')}", "", 1
    if hasattr(obj, "forward") and hasattr(obj, "parameters"):
        raise D2SError(t("diff.err_layer", what=what, type=type(obj).__name__), t("diff.err_layer_hint"))
    raise D2SError(t("diff.err_cannot", what=what, type=type(obj).__name__), t("diff.err_give"))


def _as_graph_guarded(obj, label: str):
    """:func:`as_graph`, where an object whose own attribute access raises is told
    apart from a failure of ours: one D2SError saying what to give."""
    try:
        return as_graph(obj, label)
    except D2SError:
        raise
    except Exception as exc:  # the object's own code raised while it was looked at
        raise D2SError(t("diff.object_raised", label=label, type=type(obj).__name__,
                         error=type(exc).__name__), t("diff.object_raised_hint")) from None


# -- pairing ops --------------------------------------------------------------

def kind_of(op: Op) -> str:
    """The op's kind without dialect, in-place mark or legacy spelling
    (``pd_op.batch_norm_`` and ``batch_norm`` -> ``batch_norm``; ``elementwise_add`` -> ``add``)."""
    name = short_name(op.name)
    base = name.rstrip("_") or name
    return _PIR_KIND.get(base, base)


def _flat(block: Block, scope: Tuple[str, ...] = ()) -> Iterator[Tuple[Op, Tuple[str, ...]]]:
    """Every op with where it sits: ``()`` in the global block, ``("if.true",)`` ..."""
    for op in block.ops:
        yield op, scope
        for sub in op.blocks:
            yield from _flat(sub, scope + (f"{kind_of(op)}.{sub.label}",))


def _flatten(graph: Graph) -> List[Tuple[Op, Tuple[str, ...]]]:
    return [item for b in graph.blocks for item in _flat(b)]


def _param_name(graph: Graph, op: Op) -> str:
    """A parameter op's attribute name (``bn._mean``)."""
    if op.category != "parameter" or not op.outputs or op.outputs[0] not in graph.values:
        return ""
    return graph.values[op.outputs[0]].name or ""


def _layers_comparable(a: Sequence[Op], b: Sequence[Op]) -> bool:
    """Both graphs name layers, in the same way (a live Program's attribute paths and a
    saved file's class paths do not pair)."""
    la = {o.layer for o in a if o.layer}
    lb = {o.layer for o in b if o.layer}
    if not la or not lb:
        return False
    return len(la & lb) * 2 >= min(len(la), len(lb))


# Kernel namespaces Paddle Inference moves ops into, by what they are called.
KERNEL_LIBRARIES = {"onednn_op": "oneDNN"}


def kernel_move(oa: Op, ob: Op) -> str:
    """The kernel library ``ob`` moved to when it is ``oa`` under another namespace
    (``pd_op.full`` -> ``onednn_op.full``: ``"oneDNN"``); "" otherwise."""
    da, _, na = oa.name.rpartition(".")
    db, _, nb = ob.name.rpartition(".")
    if da == db or not da or not db or na.rstrip("_") != nb.rstrip("_"):
        return ""
    return KERNEL_LIBRARIES.get(db, db)


def _compare(ga: Graph, gb: Graph, oa: Op, ob: Op, layers: bool) -> List[FieldChange]:
    """What differs between two paired ops (a move to another kernel namespace is not
    a difference: see :func:`kernel_move`)."""
    out: List[FieldChange] = []
    if oa.name != ob.name and not kernel_move(oa, ob):
        out.append(FieldChange("op", "name", oa.name, ob.name))
    if layers and oa.layer != ob.layer:
        out.append(FieldChange("layer", "layer", oa.layer, ob.layer))
    # Attributes on both sides only: a saved file keeps fewer than the live Program
    # (builtin.parameter's trainable, need_clip...), which says nothing about the op.
    for k in (oa.attrs if oa.attrs != ob.attrs else ()):
        if k in IGNORED_ATTRS or k not in ob.attrs:
            continue
        va, vb = oa.attrs[k], ob.attrs[k]
        if va != vb:
            out.append(FieldChange(k, "shape" if k in SHAPE_ATTRS else "attr", va, vb))
    if len(oa.outputs) != len(ob.outputs):
        # Results are paired by position: with a different count (legacy ops leave
        # unused output slots out) positions no longer correspond.
        out.append(FieldChange("outputs", "outputs", len(oa.outputs), len(ob.outputs)))
        return out + _param_changes(ga, gb, oa, ob)
    one = len(oa.outputs) == 1
    for i, (ia, ib) in enumerate(zip(oa.outputs, ob.outputs)):
        va, vb = ga.values.get(ia), gb.values.get(ib)
        if va is None or vb is None:
            continue
        where = "out" if one else f"out {i}"
        if va.shape != vb.shape:
            out.append(FieldChange(f"{where} shape", "shape", va.shape, vb.shape))
        if va.dtype != vb.dtype:
            out.append(FieldChange(f"{where} dtype", "dtype", va.dtype, vb.dtype))
    return out + _param_changes(ga, gb, oa, ob)


def _param_changes(ga: Graph, gb: Graph, oa: Op, ob: Op) -> List[FieldChange]:
    """Shapes of the parameters no op produces (legacy programs hold them as
    variables), shown on the op that reads them."""
    out = []
    seen = set()  # a parameter read many times by one op is one change
    for (na, sa), (nb, sb) in zip(_free_params(ga, oa), _free_params(gb, ob)):
        if sa != sb and (na, nb) not in seen:
            seen.add((na, nb))
            out.append(FieldChange(f"param {nb or na} shape", "shape", sa, sb))
    return out


def _free_params(graph: Graph, op: Op) -> List[Tuple[str, Any]]:
    out = []
    for vid in op.inputs:
        v = graph.values.get(vid)
        if v is not None and v.kind == "parameter" and v.producer is None:
            out.append((v.name or v.param_name or vid, v.shape))
    return out


class _Aligner:
    def __init__(self, ga: Graph, gb: Graph, layers: bool):
        self.ga, self.gb, self.layers = ga, gb, layers
        self.entries: List[DiffEntry] = []
        self.windowed = False
        self.budget = AlignBudget(MAX_ALIGN_CELLS)  # one time bound for every alignment of this diff

    def pair(self, oa: Op, ob: Op) -> None:
        changes = _compare(self.ga, self.gb, oa, ob, self.layers)
        self.entries.append(DiffEntry("changed" if changes else "same", oa, ob, changes,
                                      kernel_move(oa, ob)))

    def pair_named(self, a: List[Op], b: List[Op]) -> None:
        """Pair parameter ops by layer and attribute name, whatever their order (two
        programs may list a layer's parameters differently); the rest are added / removed."""
        by_name = {(o.layer, _param_name(self.gb, o)): o for o in b}
        for oa in a:
            ob = by_name.pop((oa.layer, _param_name(self.ga, oa)), None)
            if ob is None:
                self.entries.append(DiffEntry("removed", a=oa))
            else:
                self.pair(oa, ob)
        self.entries.extend(DiffEntry("added", b=o) for o in by_name.values())

    def run(self, a, b, keys_a, keys_b, fallback=None) -> None:
        """Align ``a`` and ``b`` by their keys; unpaired stretches are aligned again by
        ``fallback`` keys (kind without layer) when given, else added / removed."""
        opcodes, windowed = align_opcodes(keys_a, keys_b, self.budget)
        self.windowed = self.windowed or windowed
        for tag, i1, i2, j1, j2 in opcodes:
            if tag == "equal":
                for oa, ob in zip(a[i1:i2], b[j1:j2]):
                    self.pair(oa, ob)
            elif fallback is not None and i2 > i1 and j2 > j1:
                self.run(a[i1:i2], b[j1:j2], fallback[0][i1:i2], fallback[1][j1:j2])
            else:
                self.entries.extend(DiffEntry("removed", a=o) for o in a[i1:i2])
                self.entries.extend(DiffEntry("added", b=o) for o in b[j1:j2])


def diff(a, b, names: Optional[Sequence[str]] = None, depth=1, params: bool = False,
         constants: bool = False, rankdir: str = "TB", budget=ViewOptions().budget) -> GraphDiff:
    """Compare two programs op by op.

    Args:
        a, b: each a Conversion (from :func:`d2s_lab.convert` or ``%%to_static``), a
            saved model (``PREFIX.json`` / ``.pdmodel`` path or prefix, or a
            ``SavedModel`` from :func:`d2s_lab.read_saved`), a ``Graph`` (e.g. from
            :func:`d2s_lab.load_saved`), or a SOT report with one subgraph (or the
            subgraph itself).  Saved files are read without Paddle.
        names: what to call the two sides (default: their names).
        depth, params, constants, rankdir, budget: how the two graphs are drawn, as
            in :func:`d2s_lab.viz.graph_view.draw_graph`.

    Ops are paired by sub-block, layer path and kind in program order (``difflib``
    alignment; ops whose layer was renamed are paired by kind in a second pass), then
    compared: op name, attributes, output shapes and dtypes.  Returns a
    :class:`GraphDiff`: ``.added``, ``.removed``, ``.changed``, ``.matched``,
    ``.summary()``, ``.only_shapes_changed``; it displays as a table and both graphs
    with the differences coloured.
    """
    with gc_paused():  # reading and aligning build millions of objects, free no cycles
        return _diff(a, b, names, depth, params, constants, rankdir, budget)


def _diff(a, b, names, depth, params, constants, rankdir, budget) -> GraphDiff:
    labels = [str(n) for n in names] if names is not None else ["a", "b"]
    ga, na, sa, fa = _as_graph_guarded(a, labels[0])
    gb, nb, sb, fb = _as_graph_guarded(b, labels[1])
    if names is not None:
        na, nb = labels
    elif na == nb:
        na, nb = f"a: {na}", f"b: {nb}"
    # two strips side by side compare best: no wrapping into columns
    view = ViewOptions(depth=depth, params=params, constants=constants, rankdir=rankdir,
                       budget=budget, wrap=False)
    fa_ops, fb_ops = _flatten(ga), _flatten(gb)
    layers = _layers_comparable([o for o, _ in fa_ops], [o for o, _ in fb_ops])
    al = _Aligner(ga, gb, layers)
    if layers:  # parameters pair by name; the ops by alignment
        al.pair_named([o for o, _ in fa_ops if o.category == "parameter"],
                      [o for o, _ in fb_ops if o.category == "parameter"])
        fa_ops = [(o, s) for o, s in fa_ops if o.category != "parameter"]
        fb_ops = [(o, s) for o, s in fb_ops if o.category != "parameter"]
    ops_a, ops_b = [o for o, _ in fa_ops], [o for o, _ in fb_ops]
    kinds_a = [(s, kind_of(o)) for o, s in fa_ops]
    kinds_b = [(s, kind_of(o)) for o, s in fb_ops]
    if layers:
        al.run(ops_a, ops_b, [k + (o.layer,) for k, o in zip(kinds_a, ops_a)],
               [k + (o.layer,) for k, o in zip(kinds_b, ops_b)], fallback=(kinds_a, kinds_b))
    else:
        al.run(ops_a, ops_b, kinds_a, kinds_b)
    result = GraphDiff(a=ga, b=gb, a_name=na, b_name=nb, entries=al.entries,
                       layers_compared=layers, a_source=sa, b_source=sb, a_first_line=fa,
                       b_first_line=fb, view=view)
    if al.windowed:
        result.notes.append(t("diff.note_windowed", n=f"{MAX_ALIGN_CELLS:,}"))
    if not layers and (any(o.layer for o in ops_a) or any(o.layer for o in ops_b)):
        result.notes.append(t("diff.note_no_layers"))
    return result


# -- what a pass rewrote ------------------------------------------------------

def _weight_only(graph: Graph) -> set:
    """ids of the ops that compute from parameters and constants alone (a bias reshaped,
    a batch norm folded into the weights): preparing weights, not the model's work."""
    from_weights: set = set()  # value ids
    ops = set()
    for o in graph.iter_ops():
        if o.category in ("parameter", "constant") or (
                o.inputs and all(v in from_weights for v in o.inputs) and o.category != "data"):
            ops.add(id(o))
            from_weights.update(o.outputs)
    return ops


def rewrites(d: GraphDiff) -> List[tuple]:
    """What a pass rewrote, from a before/after diff: ``(count, new kinds, old kinds)``
    per kind of rewrite, e.g. ``(3, ("fused_conv2d",), ("conv2d", "add", "relu"))``: three
    times, conv2d + add + relu became one fused_conv2d. Each run of ops removed and added
    between two ops both programs share is one rewrite (ops that only prepare weights are
    left out); equal runs are counted together,
    and a run that repeats one pattern k times counts as k (three conv2d + add + relu
    replaced by three fused_conv2d)."""
    counts: Dict[tuple, int] = {}
    skip = _weight_only(d.a) | _weight_only(d.b)
    run_old: List[str] = []
    run_new: List[str] = []

    def close():
        if run_old or run_new:
            k = _repeats(run_old, run_new)
            key = (tuple(run_new[: len(run_new) // k]), tuple(run_old[: len(run_old) // k]))
            counts[key] = counts.get(key, 0) + k
        run_old.clear()
        run_new.clear()

    for e in d.entries:
        if (e.a is not None and id(e.a) in skip) or (e.b is not None and id(e.b) in skip):
            continue
        op = e.b if e.status == "added" else e.a
        if e.status == "added":
            run_new.append(op.short_name)
        elif e.status == "removed":
            run_old.append(op.short_name)
        else:
            close()
    close()
    return [(n, new, old) for (new, old), n in counts.items()]


def _repeats(old: List[str], new: List[str]) -> int:
    """The largest k such that both runs are one pattern repeated k times."""
    for k in range(min(len(old) or len(new), len(new) or len(old)), 1, -1):
        if all(len(r) % k == 0 and r == r[: len(r) // k] * k for r in (old, new) if r):
            return k
    return 1


def fusion_text(d: GraphDiff) -> str:
    """:func:`rewrites` in words: ``"3 × conv2d + add + relu → fused_conv2d; 1 × matmul
    + add → fc"``; removed-only runs read ``"1 × batch_norm removed"``. Empty when the
    passes changed no op."""
    parts = []
    found = sorted(rewrites(d), key=lambda r: -r[0])
    for n, new, old in found[:FUSIONS_SAID]:
        if new and old:
            parts.append(f"{n} × {_ops_run(old)} → {_ops_run(new)}")
        elif old:
            parts.append(t("diff.fusion_removed", n=n, ops=_ops_run(old)))
        else:
            parts.append(t("diff.fusion_added", n=n, ops=_ops_run(new)))
    if len(found) > FUSIONS_SAID:
        parts.append(t("diff.fusion_more", n=len(found) - FUSIONS_SAID))
    return "; ".join(parts)


# How much of the passes' rewrites one line says: the commonest rewrites, each run of ops
# cut after a few (a MobileNetV2 gave one run of 60 ops, 2.7 KB, in the summary line)
FUSIONS_SAID = 6
OPS_SAID = 6


def _ops_run(ops: Sequence[str]) -> str:
    if len(ops) <= OPS_SAID:
        return " + ".join(ops)
    return " + ".join(ops[:OPS_SAID - 1]) + " + " + t("diff.fusion_more_ops", n=len(ops) - OPS_SAID + 1)


__all__ = ["DiffEntry", "FieldChange", "GraphDiff", "as_graph", "diff", "fusion_text", "kind_of",
           "rewrites", "value_text"]
