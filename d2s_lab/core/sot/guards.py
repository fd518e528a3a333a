"""SOT's guards as people read them: attribute paths as written in the model's code
(:func:`d2s_lab.core.sot_text.readable_guard`), worded in the view's language
(:func:`d2s_lab.core.sot_text.shown_guard`), and the same check on each item of a
layer list told once, with the items it covers.

SOT writes a guard on a sublayer's parameter as
``self._sub_layers['llama']._sub_layers['layers']._sub_layers['4']._parameters['weight'].shape[0] == 32``;
the model's code says ``self.llama.layers[4].weight``. A 32-layer LLM has thousands of such
guards, most of them one check repeated per decoder layer.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import List, Optional

from d2s_lab.core.sot_text import readable_guard, shown_guard

# an index into a layer list, as a readable guard writes it
_INDEX = re.compile(r"\[(\d+)\]")
# SOT's names for the objects a guard compares with (``__object_3382``): new each run
_OBJECT = re.compile(r"__object_\d+")


@dataclass
class GuardGroup:
    """One check (``text``, its list indices written ``[N]`` when there are several) and
    the indices it was made for, in the order SOT wrote them."""

    text: str
    count: int
    indices: List[str]


def _with_n(text: str, positions: set) -> str:
    """``text`` with its list indices at ``positions`` (0: the first index) written ``[N]``."""
    parts = _INDEX.split(text)  # text, index, text, index, ...
    return "".join(p if k % 2 == 0 else ("[N]" if k // 2 in positions else f"[{p}]")
                   for k, p in enumerate(parts))


def grouped(guards: List[str], min_items: int = 3, lang: Optional[str] = None) -> List[GuardGroup]:
    """The guards made readable and worded in ``lang`` (default: the language in force),
    in the order of their first guard: the same check on at least ``min_items`` different
    items of a list told once (the indices that vary written ``[N]``, those that do not
    kept), an identical guard told once with its count."""
    by_key: dict = {}
    for g in guards:
        text = shown_guard(readable_guard(g), lang)
        by_key.setdefault(_OBJECT.sub("__object", _INDEX.sub("[N]", text)), []).append(text)
    out: List[GuardGroup] = []
    for texts in by_key.values():
        tuples = [tuple(_INDEX.findall(x)) for x in texts]
        varying = [k for k in range(len(tuples[0])) if len({tp[k] for tp in tuples}) > 1]
        items = [tuple(tp[k] for k in varying) for tp in tuples]
        if varying and len(set(items)) == len(items) >= min_items:
            text = _with_n(texts[0], set(varying))
            out.append(GuardGroup(_OBJECT.sub("__object", text), len(texts), [",".join(i) for i in items]))
            continue
        same: dict = {}
        for x in texts:
            same.setdefault(_OBJECT.sub("__object", x), []).append(x)
        out += [GuardGroup(xs[0] if len(xs) == 1 else key, len(xs), []) for key, xs in same.items()]
    return out


__all__ = ["GuardGroup", "grouped"]
