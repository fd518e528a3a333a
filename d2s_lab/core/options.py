"""Options shared by the Python API, the notebook magics and the CLI.

:class:`ViewOptions` is how a graph is drawn (the report's graph, ``%d2s_graph``,
``d2s-lab graph``).  :data:`OPTIONS` declares each command-line option once, as
plain ``(flags, argparse keywords)`` data: the magics (``magic_arguments``) and the
CLI (``argparse``) both build their parsers from it, so help texts and defaults
cannot drift apart.  Plain Python: no IPython, no Paddle.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
import argparse
from typing import Any, Dict, Optional, Tuple, Union

from d2s_lab.core.dims import Dims
from d2s_lab.errors import D2SError
from d2s_lab.text import t

# Layout cost (nodes + edges + clusters) above which a drawing is collapsed by layer.
DEFAULT_BUDGET = 4000
# The longest a first static run of a Program with a while loop may take, and the longest
# tracing forward may take (AST mode): a large model on a small, busy CPU traces for tens
# of seconds (a 12-layer LLaMA, a library's recursion), so tracing gets far more room.
RUN_BUDGET_S = 20.0
TRACE_BUDGET_S = 300.0
# Where `d2s-lab labs` writes the labs unless --out says otherwise.
DEFAULT_LABS_OUT = "d2s_lab_labs"
# Nodes a drawing in a notebook cell keeps when the budget is the default (each costs
# about 1.6 KB of SVG and picture twin): the cell stays within 250 KB. --budget none
# draws everything.
CELL_NODES = 60
# Bytes a drawing shown in a notebook cell takes at most, SVG (in its HTML) and picture twin
# together: a cell stays within 250 KB. A drawing that asks for a depth of its own
# (``depth="all"``) is shown whole when it fits in them (its SVG made leaner, its twin
# smaller or left out where needed), else the deepest shallower depth that fits so, else at
# most CELL_NODES nodes.
CELL_BYTES = 245 * 1024
# The most nodes such a drawing may have to be tried whole (about 1.3 KB of lean SVG each).
CELL_WHOLE_NODES = 300
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


# Each option once: flags and argparse keywords. Groups name where they are used.
OPTIONS: Dict[str, Dict[str, Option]] = {
    "graph": {
        "depth": (("--depth", "-d"), dict(
            default="1", metavar="N|all",
            help="help.opt.depth")),
        "params": (("--params",), dict(
            action="store_true",
            help="help.opt.params")),
        "constants": (("--constants",), dict(
            action="store_true",
            help="help.opt.constants")),
        "rankdir": (("--rankdir",), dict(
            default="TB", type=str.upper, choices=["TB", "LR"],
            help="help.opt.rankdir")),
    },
    "wrap": {
        "no_wrap": (("--no-wrap",), dict(
            action="store_true",
            help="help.opt.no_wrap")),
    },
    "program": {
        "program": (("--program", "-p"), dict(
            default="forward", type=str.lower, choices=["forward", "train", "amp", "inference"],
            help="help.opt.program")),
        "amp_level": (("--amp-level",), dict(
            default="O1", type=str.upper, choices=["O1", "O2"],
            help="help.opt.amp_level")),
        "amp_dtype": (("--amp-dtype",), dict(
            default=None, choices=["float16", "bfloat16"],
            help="help.opt.amp_dtype")),
    },
    "budget": {
        "budget": (("--budget",), dict(
            default=None, metavar="N|none",
            help="help.opt.budget")),
    },
    "input": {
        "input": (("--input", "-i"), dict(
            action="append", default=None, metavar="SPEC",
            help="help.opt.input")),
    },
    "mode": {
        "mode": (("--mode",), dict(
            choices=["ast", "sot"], default=None,
            help="help.opt.mode")),
        "full_graph": (("--full-graph",), dict(
            dest="mode", action="store_const", const="ast",
            help="help.opt.full_graph")),
    },
    "spec": {
        "spec": (("--spec", "-s"), dict(
            default=None, metavar="EXPR",
            help="help.opt.spec")),
    },
    "layer": {
        "layer": (("--layer",), dict(
            default=None, metavar="PATH",
            help="help.opt.layer")),
        "source": (("--source",), dict(
            action="store_true",
            help="help.opt.source")),
    },
    "dim": {
        "dim": (("--dim",), dict(
            action="append", default=None, metavar="[INPUT:]AXIS=SIZE",
            help="help.opt.dim")),
    },
    "lang": {
        "lang": (("--lang", "-l"), dict(
            default=None, choices=["en", "zh"],
            help="help.opt.lang")),
    },
    "bench": {
        "batch": (("--batch",), dict(default=None,
                                     help="help.opt.bench_batch")),
        "threads": (("--threads",), dict(type=int, default=1,
                                         help="help.opt.bench_threads")),
        "train": (("--train",), dict(
            action="store_true",
            help="help.opt.bench_train")),
        "device": (("--device",), dict(default="cpu", help="help.opt.bench_device")),
        "runtimes": (("--runtimes",), dict(
            default=None,
            help="help.opt.bench_runtimes")),
        "repeat": (("--repeat",), dict(type=int, default=10,
                                       help="help.opt.bench_repeat")),
        "min_time": (("--min-time",), dict(
            type=float, default=0.5, help="help.opt.bench_min_time")),
        "budget": (("--budget",), dict(
            default=None, metavar="SECONDS",
            help="help.opt.bench_budget")),
    },
    "profile": {
        "calls": (("--calls",), dict(default=20, metavar="N", help="help.opt.profile_calls")),
        "train": (("--train",), dict(action="store_true", help="help.opt.profile_train")),
        "device": (("--device",), dict(default="cpu", help="help.opt.profile_device")),
        "budget": (("--budget",), dict(default=None, metavar="SECONDS", help="help.opt.profile_budget")),
        "whatif": (("--whatif",), dict(action="store_true", help="help.opt.profile_whatif")),
    },
}


def help_fields() -> Dict[str, Any]:
    """The values the help texts name (the catalogue's ``help.*`` fields)."""
    return {"run_s": f"{RUN_BUDGET_S:.0f}", "trace_s": f"{TRACE_BUDGET_S:.0f}", "out": DEFAULT_LABS_OUT}


def help_of(key: str, lang: Optional[str] = None) -> str:
    """The help text ``key`` (``help.opt.depth``, ``help.to_static.doc``...) in ``lang``."""
    return t(key, lang, **help_fields())


# argparse's section titles (its own words) -> the catalogue's
_SECTIONS = {"positional arguments": "help.section.positionals", "options": "help.section.options",
             "optional arguments": "help.section.options"}


def localize_parser(parser, lang: Optional[str] = None, doc_key: Optional[str] = None):
    """Put the catalogue's help texts in ``lang`` into ``parser`` (an argparse parser, a
    magic's or the CLI's, its sub-commands included): each option, sub-command and the
    description, declared with their ``help.*`` keys, are shown in that language.
    ``doc_key``: the key of the parser's description (a magic's ``help.NAME.doc``)."""
    fields = help_fields()

    def text(obj, attr, key):
        if key:
            setattr(obj, attr, t(key, lang, **fields))

    def keyed(obj, attr):
        """The key ``obj.attr`` was declared with (kept on the object once read)."""
        keys = obj.__dict__.setdefault("_d2s_help_keys", {})
        value = getattr(obj, attr, None)
        if attr not in keys and isinstance(value, str) and value.startswith("help."):
            keys[attr] = value
        return keys.get(attr)

    for group in parser._action_groups:  # noqa: SLF001 (argparse's own section titles)
        key = _SECTIONS.get(group.__dict__.setdefault("_d2s_title", group.title))
        if key:
            group.title = t(key, lang)
    key = doc_key or keyed(parser, "description")
    text(parser, "description", key)
    text(parser, "epilog", keyed(parser, "epilog"))
    for action in parser._actions:  # noqa: SLF001 (argparse keeps them only there)
        if isinstance(action, argparse._HelpAction):  # noqa: SLF001 (argparse's own -h)
            action.help = t("help.section.help", lang)
        key = keyed(action, "help")
        if key:  # argparse formats help texts with %: a literal % is %%
            action.help = t(key, lang, **fields).replace("%", "%%")
        for choice in getattr(action, "_choices_actions", ()):  # sub-commands' one-line help
            key = keyed(choice, "help")
            if key:
                choice.help = t(key, lang, **fields).replace("%", "%%")
        if isinstance(action, argparse._SubParsersAction):  # noqa: SLF001
            for sub in action.choices.values():
                localize_parser(sub, lang)
    return parser


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


def _whole_number(value, option: str, least: int, key: str) -> int:
    """``value`` as an int of ``least`` or more (True and False are not numbers here); a
    D2SError with the catalogue's ``key`` naming ``option`` otherwise."""
    if isinstance(value, bool) or not isinstance(value, int):
        try:
            value = int(str(value).strip())
        except ValueError:
            raise D2SError(t(key, option=option, value=value)) from None
    if value < least:
        raise D2SError(t(key, option=option, value=value))
    return value


def check_positive_int(value, option: str) -> int:
    """``value`` as an int of 1 or more; a D2SError naming ``option`` otherwise."""
    return _whole_number(value, option, 1, "inputs.positive_int")


def check_count(value, option: str) -> int:
    """``value`` as an int of 0 or more (a number of warm-up calls); a D2SError naming
    ``option`` otherwise."""
    return _whole_number(value, option, 0, "inputs.count")


def check_non_negative(value, option: str) -> float:
    """``value`` as a finite float of 0 or more; a D2SError naming ``option`` otherwise."""
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise D2SError(t("inputs.seconds", option=option, value=value)) from None
    if not number >= 0 or number == float("inf"):
        raise D2SError(t("inputs.seconds", option=option, value=value))
    return number


def check_bench_args(args) -> list:
    """Check the parsed ``bench`` and ``dim`` options (the magic's and the CLI's) in
    place: threads and repeat whole numbers of 1 or more, min-time 0 or more seconds,
    ``dim`` read into ``args.dims`` (a :class:`~d2s_lab.core.dims.Dims`), budget seconds
    above 0 or None; returns the batch sizes (None: not given).  One D2SError naming the
    first bad option."""
    batches = None if args.batch is None else parse_batches(args.batch)
    args.threads = check_positive_int(args.threads, "--threads")
    args.repeat = check_positive_int(args.repeat, "--repeat")
    args.min_time = check_non_negative(args.min_time, "--min-time")
    args.dims = Dims.parse(getattr(args, "dim", None))
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
