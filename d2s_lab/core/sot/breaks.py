"""The catalogue of SOT graph breaks: one entry per break reason class Paddle's SOT
defines, and entries for the common patterns inside the broad ones (``.item()``,
``print``, ``paddle.shape``...). Each entry has a stable id (``SOT-B001``; an id is never
reused or renumbered), the reason class it belongs to, its words in the text catalogue
(title, what happened, how to avoid it, a one-line fix) and a ``before`` / ``after`` pair
of programs: ``before`` breaks there, ``after`` does the same without the break.

:func:`match` gives the entry that best fits a recorded :class:`GraphBreak`: a pattern
entry first (its reason and Paddle's message or the source line fit), then the broad
entry of the break's reason class; Paddle 2.6 names no reason class (its breaks are
``BreakGraphError``), so there the message and the line choose.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Dict, List, Optional, Tuple

from d2s_lab.text import t
from d2s_lab.text.manual import manual_url

# The reasons Paddle 2.6 gives every break (it has no reason classes): the message decides.
GENERIC = ("BreakGraphError",)

# The manual's page of the catalogue (docs/breaks.md; its address: d2s_lab.text.manual).
MANUAL_PAGE = "breaks"


@dataclass(frozen=True)
class Sign:
    """What a break must show to fit an entry: a pattern Paddle's message matches, and one
    the source line matches ("" matches anything)."""

    message: str = ""
    code: str = ""

    def fits(self, message: str, code: str) -> bool:
        code = code.split("#", 1)[0]
        return ((not self.message or re.search(self.message, message or "") is not None)
                and (not self.code or re.search(self.code, code or "") is not None))


@dataclass(frozen=True)
class BreakEntry:
    """One kind of graph break.

    ``reason``: Paddle's reason class (or, for ``FallbackError`` and ``ExceptionTableSkip``,
    what d2s_lab records for a frame SOT runs in dygraph). ``broad``: the entry a break of
    that class gets when no pattern entry fits; a pattern entry (``broad`` False) fits a
    break whose reason is ``reason`` or one of ``also`` and that shows one of ``signs``.
    ``before`` / ``after``: programs defining ``f(x)`` for ``x`` a float32 ``[3, 4]``
    tensor, run with the environment ``env`` ("" where no short program shows the break:
    Paddle raises it deep in its own code)."""

    id: str
    reason: str
    broad: bool = False
    signs: Tuple[Sign, ...] = ()
    also: Tuple[str, ...] = ()
    before: str = ""
    after: str = ""
    env: Tuple[Tuple[str, str], ...] = ()
    rank: int = 0  # for a reason naming no class: entries of a higher rank (more general signs) are tried later

    def title(self, lang: Optional[str] = None) -> str:
        return t(f"breaks.{self.id}.title", lang)

    def what(self, lang: Optional[str] = None) -> str:
        """What happened: why SOT could not keep tracing."""
        return t(f"breaks.{self.id}.what", lang)

    def how(self, lang: Optional[str] = None) -> str:
        """How to avoid it: the alternatives Paddle offers."""
        return t(f"breaks.{self.id}.how", lang)

    def fix(self, lang: Optional[str] = None) -> str:
        """The fix in one line."""
        return t(f"breaks.{self.id}.fix", lang)

    @property
    def anchor(self) -> str:
        """The entry's anchor on the manual page: ``sot-b001``."""
        return self.id.lower()

    def page(self, lang: Optional[str] = None) -> str:
        """The entry's section of the manual in ``lang`` (default: the language in force), an
        absolute address (:func:`d2s_lab.text.manual.manual_url`): ``https://…/breaks/#sot-b001``,
        ``https://…/zh/breaks/#sot-b001``."""
        return manual_url(MANUAL_PAGE, self.anchor, lang)

    @property
    def shown(self) -> bool:
        """Whether a short program shows the break (``before``)."""
        return bool(self.before)

    def fits(self, message: str, code: str) -> bool:
        """Whether one of this entry's signs fits Paddle's message and the source line."""
        return any(s.fits(message, code) for s in self.signs)


def _src(text: str) -> str:
    return text.strip("\n") + "\n"


_T = "DataDependencyOperationBreak"
_B = "BuiltinFunctionBreak"

CATALOGUE: Tuple[BreakEntry, ...] = (
    BreakEntry(
        "SOT-B001", _T, signs=(Sign(r"Tensor\.item\b"), Sign("break_graph_tensor_method", r"\.item\(")),
        before=_src('''
def f(x):
    s = x.sum().item()
    return x * s
'''),
        after=_src('''
def f(x):
    s = x.sum()
    return x * s
''')),
    BreakEntry(
        "SOT-B002", _T, signs=(Sign(r"Tensor\.numpy\b"), Sign("break_graph_tensor_method", r"\.numpy\(")),
        before=_src('''
def f(x):
    m = x.numpy().mean()
    return x - float(m)
'''),
        after=_src('''
def f(x):
    m = x.mean()
    return x - m
''')),
    BreakEntry(
        "SOT-B003", _T, signs=(Sign(r"Tensor\.tolist\b"), Sign("break_graph_tensor_method", r"\.tolist\(")),
        before=_src('''
def f(x):
    sums = x.sum(axis=1).tolist()
    return x * max(sums)
'''),
        after=_src('''
def f(x):
    sums = x.sum(axis=1)
    return x * sums.max()
''')),
    BreakEntry(
        "SOT-B004", _B, also=("BreakGraphInlineCallBreak",),
        signs=(Sign(r"builtin function: print\b"), Sign(r"logging[/\\]__init__\.py"), Sign(r"RLock\.acquire")),
        before=_src('''
def f(x):
    y = x * 2
    print(y)
    return y + 1
'''),
        after=_src('''
def f(x):
    y = x * 2
    return y + 1
''')),
    BreakEntry(
        "SOT-B005", "DataDependencyControlFlowBreak", broad=True,
        before=_src('''
def f(x):
    if x.mean() > 0:
        y = x + 1
    else:
        y = x - 1
    return y * 2
'''),
        after=_src('''
def f(x):
    y = paddle.where(x.mean() > 0, x + 1, x - 1)
    return y * 2
''')),
    BreakEntry(
        "SOT-B006", _B, also=(_T, "DataDependencyControlFlowBreak", "UnsupportedOperationBreak"),
        signs=(Sign("", r"paddle\.shape\("),),
        before=_src('''
def f(x):
    n = int(paddle.shape(x)[0])
    return x.reshape([n, -1]) * 2
'''),
        after=_src('''
def f(x):
    n = x.shape[0]
    return x.reshape([n, -1]) * 2
''')),
    BreakEntry(
        "SOT-B007", "UnsupportedNumPyAPIBreak", broad=True, also=(_B, "UnsupportedOperationBreak"),
        signs=(Sign(r"NumPy API|NumPyArrayVariable|NumpyVariable|Numpy operator"),),
        before=_src('''
def f(x):
    y = x * 2
    z = np.tanh(y.numpy())
    return paddle.to_tensor(z) + 1
'''),
        after=_src('''
def f(x):
    y = x * 2
    z = paddle.tanh(y)
    return z + 1
''')),
    BreakEntry(
        "SOT-B008", _B, broad=True, rank=2, signs=(Sign(r"Not support builtin function"),),
        before=_src('''
def f(x):
    y = x * 2
    tag = hash(y)
    return y + 1
'''),
        after=_src('''
def f(x):
    y = x * 2
    return y + 1
''')),
    BreakEntry(
        "SOT-B009", "UnsupportedIteratorBreak", broad=True, signs=(Sign(r"iterator"),),
        before=_src('''
def f(x):
    y = x + 1
    if 2 in iter([1, 2, 3]):
        y = y * 2
    return y
'''),
        after=_src('''
def f(x):
    y = x + 1
    if 2 in [1, 2, 3]:
        y = y * 2
    return y
''')),
    BreakEntry(
        "SOT-B010", "BreakGraphInlineCallBreak", broad=True, rank=1, signs=(Sign(r"raised while inline call"),),
        before=_src('''
def scale(t):
    return t * t.sum().item()


def f(x):
    y = x + 1
    return scale(y) + 1
'''),
        after=_src('''
def scale_by_sum(t):
    return t * t.sum()


def f(x):
    y = x + 1
    return scale_by_sum(y) + 1
''')),
    BreakEntry(
        "SOT-B011", "DataDependencyDynamicShapeBreak", broad=True, signs=(Sign(r"dynamic shape"),),
        before=_src('''
def f(x):
    idx = paddle.nonzero(x > 0.5)
    return x * idx.shape[0]
'''),
        after=_src('''
def f(x):
    n = (x > 0.5).astype(x.dtype).sum()
    return x * n
'''),
        env=(("SOT_ALLOW_DYNAMIC_SHAPE", "0"),)),
    BreakEntry(
        "SOT-B012", "ExceptionTableSkip", broad=True, also=("FallbackError",),
        signs=(Sign(r"exception handling|SETUP_FINALLY|exception table"),),
        before=_src('''
def f(x):
    try:
        y = x * 2
    except ValueError:
        y = x
    return y + 1
'''),
        after=_src('''
def f(x):
    y = x * 2
    return y + 1
''')),
    BreakEntry(
        "SOT-B013", _B, signs=(Sign(r"<class '(int|float|bool)'> with args: Args\(TensorVariable"),
                               Sign(r"raise_break_graph_fn", r"\b(int|float|bool)\(")),
        before=_src('''
def f(x):
    y = x + 1
    k = float(y.sum())
    return y * k
'''),
        after=_src('''
def f(x):
    y = x + 1
    k = y.sum()
    return y * k
''')),
    BreakEntry(
        "SOT-B014", _T, broad=True, signs=(Sign(r"get_py_value|break_graph_tensor_method"),),
        before=_src('''
def f(x):
    y = x + 1
    n = y.sum().astype("int32")
    return y * len(range(n))
'''),
        after=_src('''
def f(x):
    y = x + 1
    n = y.sum().astype("int32")
    return y * n.astype(y.dtype)
''')),
    BreakEntry(
        "SOT-B015", "UnsupportedOperationBreak", broad=True, signs=(Sign(r"raise a callback|Unsupported operator"),),
        before=_src('''
def f(x):
    y = x + 1
    label = "value: %s" % y
    return y * 2
'''),
        after=_src('''
def f(x):
    y = x + 1
    return y * 2
''')),
    BreakEntry(
        "SOT-B016", "UnsupportedPaddleAPIBreak", broad=True, also=(_B,),
        signs=(Sign(r"Not support Paddlepaddle API"), Sign(r"builtin function: Tensor\.\w+ with args")),
        before=_src('''
def f(x):
    y = x + 1
    v = y.value()
    return y * 2
'''),
        after=_src('''
def f(x):
    y = x + 1
    return y * 2
''')),
    BreakEntry(
        "SOT-B017", "UnsupportedRandomAPIBreak", broad=True, also=(_B,),
        signs=(Sign(r"Random function|\bRandom\.\w+ with args|builtin function: random with args"),),
        before=_src('''
def f(x):
    r = random.uniform(0.5, 0.5)
    return x * r
'''),
        after=_src('''
def f(x):
    r = paddle.uniform([1], min=0.5, max=0.5)
    return x * r
''')),
    BreakEntry(
        "SOT-B018", "ForceBreak", broad=True,
        before=_src('''
@paddle.jit.marker.force_dynamic
def scale(t):
    return t * 2


def f(x):
    return scale(x + 1) + 1
'''),
        after=_src('''
def double(t):
    return t * 2


def f(x):
    return double(x + 1) + 1
''')),
    BreakEntry(
        "SOT-B019", "PsdbBreakReason", broad=True, signs=(Sign(r"psdb\.breakgraph"),),
        before=_src('''
from paddle.jit.sot import psdb


def f(x):
    y = x + 1
    psdb.breakgraph()
    return y * 2
'''),
        after=_src('''
def f(x):
    y = x + 1
    return y * 2
''')),
    BreakEntry(
        "SOT-B020", "FallbackError", broad=True,
        before=_src('''
def f(x):
    import math
    return x * math.pi
'''),
        after=_src('''
import math


def f(x):
    return x * math.pi
''')),
    BreakEntry("SOT-B021", "DygraphInconsistentWithStaticBreak", broad=True),
    BreakEntry("SOT-B022", "InferMetaBreak", broad=True),
    BreakEntry("SOT-B023", "NullMetaBreak", broad=True),
    BreakEntry("SOT-B024", "DataDependencyBreak", broad=True),
    BreakEntry("SOT-B025", "SideEffectBreak", broad=True),
    BreakEntry("SOT-B026", "InlineCallBreak", broad=True),
    BreakEntry("SOT-B027", "FallbackInlineCallBreak", broad=True),
    BreakEntry("SOT-B028", "OtherInlineCallBreak", broad=True),
)

# What ``before`` and ``after`` may use without importing it.
PRELUDE = "import logging\nimport random\n\nimport numpy as np\nimport paddle\n\n\n"

_BY_ID: Dict[str, BreakEntry] = {e.id: e for e in CATALOGUE}


class Breaks(list):
    """``d2s_lab.breaks()``: the catalogue's entries, a list that shows as a table in a
    notebook (id linked to the manual, reason class, title, fix)."""

    def __repr__(self) -> str:
        return "\n".join(f"{e.id}  {e.reason}: {e.title()} -> {e.fix()}" for e in self)

    def _repr_html_(self) -> str:
        from d2s_lab.core import display

        return display.html(self)


def breaks() -> Breaks:
    """The catalogue of SOT graph breaks, in id order: ``d2s_lab.breaks()``. Each
    :class:`BreakEntry` has its ``id``, ``reason``, ``title()``, ``what()``, ``how()``,
    ``fix()`` (in the language in force, or the one asked for), ``before`` / ``after`` and
    ``page()``, its section of the manual."""
    return Breaks(CATALOGUE)


def entry(id_: str) -> Optional[BreakEntry]:
    """The entry with this id (``SOT-B001``), or None."""
    return _BY_ID.get(id_)


def match(reason: str, message: str = "", code: str = "") -> Optional[BreakEntry]:
    """The entry that best fits a break: Paddle's reason class, its message and the source
    line. A pattern entry of that reason whose sign fits comes first, then a broad entry
    whose other reasons (``also``) and sign fit, then the broad entry of the reason; for a
    reason that names no class (Paddle 2.6's ``BreakGraphError``) the first entry whose
    sign fits, the most general last. None where nothing fits."""
    for e in CATALOGUE:
        if not e.broad and reason in (e.reason,) + e.also and e.fits(message, code):
            return e
    for e in CATALOGUE:
        if e.broad and reason in e.also and e.fits(message, code):
            return e
    for e in CATALOGUE:
        if e.broad and e.reason == reason:
            return e
    if reason in GENERIC:
        for e in sorted(CATALOGUE, key=lambda e: (e.broad, e.rank)):
            if e.fits(message, code):
                return e
    return None



class OfCatalogue:
    """What a break row (a ``GraphBreak``, a profile's ``BreakCost``) reads from the
    catalogue through its ``reason``, ``message`` and ``code``."""

    @property
    def entry(self) -> Optional["BreakEntry"]:
        """The entry of :func:`d2s_lab.breaks` that fits this break best (None if none does)."""
        return match(self.reason, self.message, self.code)

    @property
    def id(self) -> str:
        """The id of its catalogue entry (``SOT-B001``), "" where none fits."""
        entry = self.entry
        return entry.id if entry is not None else ""

    def fix(self, lang: Optional[str] = None) -> str:
        """The fix in one line, in ``lang`` (default: the language in force); "" without an entry."""
        entry = self.entry
        return entry.fix(lang) if entry is not None else ""

def missing_reasons(defined) -> List[str]:
    """The reason classes in ``defined`` (a Paddle's) that no entry belongs to."""
    known = {e.reason for e in CATALOGUE}
    return sorted(set(defined or ()) - known)



def manual_page(lang: str) -> str:
    """The manual's page of the catalogue (``docs/breaks.md`` for "en", ``docs/breaks.zh.md``
    for "zh"), as Markdown: one section per entry, anchored by its id (``#sot-b001``).
    ``tools/gen_breaks_doc.py`` writes it; a test keeps the committed pages equal to it."""
    out = [f"# {t('breaks.doc_title', lang)} {{#sot-graph-breaks-catalogue}}", "",
           t("breaks.doc_intro", lang), ""]
    for e in CATALOGUE:
        out += [f"## {e.id}: {e.title(lang)} {{#{e.anchor}}}", "",
                f"{t('breaks.doc_reason', lang)}: `{e.reason}`", "",
                f"**{t('breaks.doc_what', lang)}** {e.what(lang)}", "",
                f"**{t('breaks.doc_how', lang)}** {e.how(lang)}", "",
                f"**{t('breaks.doc_fix', lang)}** {e.fix(lang)}", ""]
        if e.shown:
            out += [f"{t('breaks.doc_before', lang)}:", "", "```python", e.before.rstrip("\n"), "```", "",
                    f"{t('breaks.doc_after', lang)}:", "", "```python", e.after.rstrip("\n"), "```", ""]
            if e.env:
                env = " ".join(f"{k}={v}" for k, v in e.env)
                out += [t("breaks.doc_env", lang, env=env), ""]
        else:
            out += [t("breaks.doc_not_shown", lang), ""]
    return "\n".join(out).rstrip("\n") + "\n"
