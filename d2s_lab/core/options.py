"""Options shared by the Python API, the notebook magics and the CLI.

:class:`ViewOptions` is how a graph is drawn (the report's graph, ``%d2s_graph``,
``d2s-lab graph``).  :data:`OPTIONS` declares each command-line option once, as
plain ``(flags, argparse keywords)`` data: the magics (``magic_arguments``) and the
CLI (``argparse``) both build their parsers from it, so help texts and defaults
cannot drift apart.  Plain Python: no IPython, no Paddle.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Dict, Optional, Tuple, Union

from d2s_lab.errors import D2SError
from d2s_lab.text import t

# Layout cost (nodes + edges + clusters) above which a drawing is collapsed by layer.
DEFAULT_BUDGET = 4000
# Nodes a drawing in a notebook cell keeps when the budget is the default (each costs
# about 1.6 KB of SVG and picture twin): the cell stays within 250 KB. --budget none
# draws everything.
CELL_NODES = 60
RANKDIRS = ("TB", "LR", "BT", "RL")


def parse_depth(depth: Union[int, str]) -> Union[int, str]:
    """``1``, ``"2"``, ``"all"`` -> ``1``, ``2``, ``"all"``; anything else is a D2SError."""
    if isinstance(depth, str):
        text = depth.strip().lower()
        if text == "all":
            return "all"
        if text.isdigit():
            depth = int(text)
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 1:
        raise D2SError(t("inputs.bad_depth", depth=repr(depth)), t("inputs.bad_depth_hint"))
    return depth


def parse_budget(text: Union[None, int, str]) -> Optional[int]:
    """``--budget`` text: a number, or ``none``/``off``/``0`` for no limit."""
    if text is None:
        return DEFAULT_BUDGET
    if isinstance(text, int) and not isinstance(text, bool):
        value = text
    elif str(text).strip().lower() in ("none", "off", "0"):
        return None
    else:
        try:
            value = int(str(text))
        except ValueError:
            raise D2SError(t("inputs.bad_budget", text=text)) from None
    if value < 0:  # a negative budget means nothing: say so rather than draw without one
        raise D2SError(t("inputs.bad_budget", text=text))
    return value if value > 0 else None


@dataclass
class ViewOptions:
    """How a program graph is drawn.

    ``depth``: 1 (each top-level sublayer one node), 2, ... or ``"all"``;
    ``params``/``constants``: draw them as nodes instead of folding them into labels;
    ``rankdir``: ``"TB"`` or ``"LR"``; ``budget``: layout-cost limit above which the
    drawing is collapsed by layer (``None``: no limit); ``wrap``: a long chain is drawn
    in columns side by side (rows for LR) instead of one strip; ``max_nodes``: at most
    this many nodes (collapsed, then cut, as for the budget): a notebook cell's drawing
    (:data:`CELL_NODES`) stays small enough to keep in the notebook.
    """

    depth: Union[int, str] = 1
    params: bool = False
    constants: bool = False
    rankdir: str = "TB"
    budget: Optional[int] = DEFAULT_BUDGET
    wrap: bool = True
    max_nodes: Optional[int] = None

    def __post_init__(self):
        self.depth = parse_depth(self.depth)
        self.rankdir = str(self.rankdir).upper()
        if self.rankdir not in RANKDIRS:
            raise D2SError(t("inputs.bad_rankdir", rankdir=repr(self.rankdir)), t("inputs.bad_rankdir_hint"))

    @classmethod
    def from_args(cls, args) -> "ViewOptions":
        """From parsed magic or CLI arguments (the :data:`OPTIONS` ``graph`` and ``wrap``
        groups)."""
        return cls(depth=getattr(args, "depth", 1), params=getattr(args, "params", False),
                   constants=getattr(args, "constants", False),
                   rankdir=getattr(args, "rankdir", "TB"),
                   budget=parse_budget(getattr(args, "budget", None)),
                   wrap=not getattr(args, "no_wrap", False))

    def as_dict(self) -> Dict[str, Any]:
        return asdict(self)


Option = Tuple[Tuple[str, ...], Dict[str, Any]]

EXAMPLE_SPEC = '"x: [None,3,32,32] float32"'

# Each option once: flags and argparse keywords. Groups name where they are used.
OPTIONS: Dict[str, Dict[str, Option]] = {
    "graph": {
        "depth": (("--depth", "-d"), dict(
            default="1", metavar="N|all",
            help="Graph layer depth: 1 (default) shows each top-level sublayer as one node "
                 "with its input/output shapes and op count; 2 opens one more level; all "
                 "shows every op inside nested layer clusters.")),
        "params": (("--params",), dict(
            action="store_true",
            help="Draw parameters as nodes (default: folded into op labels, W 32x3x3x3, b 32).")),
        "constants": (("--constants",), dict(
            action="store_true",
            help="Draw constant ops (full, full_int_array) as nodes (default: folded).")),
        "rankdir": (("--rankdir",), dict(
            default="TB", type=str.upper, choices=["TB", "LR"],
            help="Graph layout direction: TB (top to bottom, default) or LR (left to right).")),
    },
    "wrap": {
        "no_wrap": (("--no-wrap",), dict(
            action="store_true",
            help="Draw a long chain of layers as one strip (default: in columns side by "
                 "side, rows with --rankdir LR; ↪ and ↳ mark where the flow continues).")),
    },
    "program": {
        "program": (("--program", "-p"), dict(
            default="forward", type=str.lower, choices=["forward", "train", "amp", "inference"],
            help="Which program: forward (the converted Program, default); train (forward, "
                 "then the backward ops Paddle appends to train it); amp (traced under "
                 "paddle.amp.auto_cast: the casts it inserts); inference (what the Paddle "
                 "Inference predictor runs after its IR passes, oneDNN on a CPU).")),
        "amp_level": (("--amp-level",), dict(
            default="O1", type=str.upper, choices=["O1", "O2"],
            help="AMP level for --program amp (default O1).")),
        "amp_dtype": (("--amp-dtype",), dict(
            default=None, choices=["float16", "bfloat16"],
            help="AMP dtype for --program amp (default: float16 on a GPU, bfloat16 on a CPU, "
                 "where Paddle has no float16 kernels).")),
    },
    "budget": {
        "budget": (("--budget",), dict(
            default=None, metavar="N|none",
            help="Layout-cost budget; bigger drawings are collapsed by layer automatically. "
                 "none: draw the depth asked for, however big.")),
    },
    "input": {
        "input": (("--input", "-i"), dict(
            action="append", default=None, metavar="SPEC",
            help="Input description, one per argument of forward, repeatable, e.g. --input "
                 + EXAMPLE_SPEC + " (name and dtype optional; None marks a dynamic dim); a "
                 "Python constant as name=value, e.g. --input n=3 or --input use_act=True.")),
    },
    "mode": {
        "mode": (("--mode",), dict(
            choices=["ast", "sot"], default=None,
            help="Which path to_static takes. Default: the one plain paddle.jit.to_static takes on "
                 "the installed Paddle (sot on Paddle 3; see %%d2s_mode and $D2S_MODE). ast: "
                 "to_static(full_graph=True), AST transformers and one Program (graph, steps, "
                 "transformed source). sot: bytecode translation, with its graph breaks, "
                 "fallbacks and subgraphs.")),
        "full_graph": (("--full-graph",), dict(
            dest="mode", action="store_const", const="ast",
            help="The same as --mode ast: to_static(full_graph=True).")),
    },
    "spec": {
        "spec": (("--spec", "-s"), dict(
            default=None, metavar="EXPR",
            help="A Python expression giving the whole input description, nested as forward's "
                 "arguments: InputSpecs, tensors, Python constants, in lists/tuples/dicts, e.g. "
                 "--spec \"[[InputSpec([None,4]), InputSpec([None,4])], {'scale': 2.0}]\". "
                 "Use it instead of --input for nested inputs.")),
    },
    "layer": {
        "layer": (("--layer",), dict(
            default=None, metavar="PATH",
            help="A sublayer's forward instead of the model's own, by its path as the graph "
                 "names layers (e.g. --layer bert.encoder.layers.0): for a model whose forward "
                 "is an installed library's code, marked with the library's name.")),
        "source": (("--source",), dict(
            action="store_true",
            help="Only the forward beside its transformed code, no steps.")),
    },
    "lang": {
        "lang": (("--lang", "-l"), dict(
            default=None, choices=["en", "zh"],
            help="Language of the page and messages: en or zh (default: $D2S_LANG, else the "
                 "locale: zh_CN.UTF-8 gives zh, else en; in a notebook, %%d2s_lang).")),
    },
    "bench": {
        "batch": (("--batch",), dict(default="1,20,256",
                                     help="Batch sizes, comma separated (default 1,20,256).")),
        "threads": (("--threads",), dict(type=int, default=1,
                                         help="CPU threads for every runtime (default 1).")),
        "train": (("--train",), dict(
            action="store_true",
            help="Time a training step (forward, backward, SGD) in eager vs to_static.")),
        "device": (("--device",), dict(default="cpu", help="cpu (default) or gpu / gpu:N.")),
        "runtimes": (("--runtimes",), dict(
            default=None,
            help="Subset, comma separated: eager,to_static,predictor,predictor_onednn,onnxruntime.")),
        "repeat": (("--repeat",), dict(type=int, default=10,
                                       help="At least this many timed runs (default 10).")),
        "min_time": (("--min-time",), dict(
            type=float, default=0.5, help="Time each runtime for at least this many seconds (default 0.5).")),
        "dim": (("--dim",), dict(
            action="append", default=None, metavar="AXIS=SIZE",
            help="Size of a dynamic axis after the batch axis (axis 0, sized by --batch), "
                 "repeatable, e.g. --dim 1=128 for input_ids [None, None] at sequence length "
                 "128. Default: the sizes of the conversion's example inputs; without either, "
                 "the benchmark names the axis that needs one instead of guessing.")),
        "budget": (("--budget",), dict(
            default=None, metavar="SECONDS",
            help="Time the whole benchmark may take. The first calls give an estimate before "
                 "the long part; over the budget, the minimum time and warm-up go, the timed "
                 "runs come down to 3, then the largest batches are left out, and the result "
                 "says so. Default: no limit (the progress shows the estimated time left).")),
    },
}


def add_options(add, *groups: str) -> None:
    """Declare the options of ``groups`` through ``add(*flags, **kwargs)`` (an argparse
    parser's ``add_argument``, or a collector for ``magic_arguments``)."""
    for group in groups:
        for flags, kwargs in OPTIONS[group].values():
            add(*flags, **dict(kwargs))


def program_options(args) -> Dict[str, Any]:
    """The :data:`OPTIONS` ``program`` group of parsed arguments, as
    ``Conversion.program_graph`` takes them (without ``program`` itself)."""
    return {"amp_level": getattr(args, "amp_level", "O1"), "amp_dtype": getattr(args, "amp_dtype", None)}


def parse_batches(text: str):
    """``"1,20,256"`` -> ``[1, 20, 256]``; a D2SError naming the option otherwise."""
    try:
        batches = [int(b) for b in str(text).replace(" ", "").split(",") if b]
    except ValueError:
        raise D2SError(t("inputs.bad_batch", text=text), t("inputs.batch_hint")) from None
    if not batches or any(b < 1 for b in batches):
        raise D2SError(t("inputs.batch_below_one", text=text), t("inputs.batch_hint"))
    return batches


def check_positive_int(value, option: str) -> int:
    """``value`` as an int of 1 or more; a D2SError naming ``option`` otherwise."""
    if isinstance(value, bool) or not isinstance(value, int):
        try:
            value = int(str(value).strip())
        except ValueError:
            raise D2SError(t("inputs.positive_int", option=option, value=value)) from None
    if value < 1:
        raise D2SError(t("inputs.positive_int", option=option, value=value))
    return value


def check_non_negative(value, option: str) -> float:
    """``value`` as a finite float of 0 or more; a D2SError naming ``option`` otherwise."""
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise D2SError(t("inputs.seconds", option=option, value=value)) from None
    if not number >= 0 or number == float("inf"):
        raise D2SError(t("inputs.seconds", option=option, value=value))
    return number


def parse_dims(texts) -> Dict[int, int]:
    """``["1=128", "2=64"]`` (or ``"1=128,2=64"``) -> ``{1: 128, 2: 64}``; a D2SError
    naming the bad entry otherwise."""
    from d2s_lab.text import t

    if isinstance(texts, str):
        texts = [texts]
    dims: Dict[int, int] = {}
    for text in texts or []:
        for entry in str(text).replace(" ", "").split(","):
            if not entry:
                continue
            axis, eq, size = entry.partition("=")
            if not (eq and axis.isdigit() and size.isdigit()) or int(size) < 1:
                raise D2SError(t("bench.dim_bad", entry=entry), t("bench.dim_hint"))
            if int(axis) == 0:
                raise D2SError(t("bench.dim_batch"), t("bench.dim_batch_hint"))
            dims[int(axis)] = int(size)
    return dims


def check_bench_args(args) -> list:
    """Check the parsed ``bench`` options (the magic's and the CLI's) in place: threads
    and repeat whole numbers of 1 or more, min-time 0 or more seconds, ``dim`` parsed
    into ``args.dims`` (``{axis: size}``), budget seconds above 0 or None; returns the
    batch sizes.  One D2SError naming the first bad option."""
    from d2s_lab.text import t

    batches = parse_batches(args.batch)
    args.threads = check_positive_int(args.threads, "--threads")
    args.repeat = check_positive_int(args.repeat, "--repeat")
    args.min_time = check_non_negative(args.min_time, "--min-time")
    args.dims = parse_dims(getattr(args, "dim", None))
    budget = getattr(args, "budget", None)
    if budget is not None:
        try:
            args.budget = float(budget)
        except (TypeError, ValueError):
            args.budget = None
            raise D2SError(t("bench.budget_bad", budget=budget), t("bench.budget_hint")) from None
        if not 0 < args.budget < float("inf"):
            raise D2SError(t("bench.budget_bad", budget=budget), t("bench.budget_hint"))
    return batches
