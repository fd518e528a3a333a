"""``--dim``: the sizes of dynamic axes in the inputs made up from input descriptions.

One meaning wherever it is given (``%%to_static --dim``, ``%d2s_bench --dim``,
``d2s-lab report|bench --dim``, ``dims=`` of ``d2s_lab.convert`` and ``d2s_lab.bench``):

* ``AXIS=SIZE`` sizes that axis of every input whose axis is dynamic (``1=128``: a
  sequence length of 128); ``INPUT:AXIS=SIZE`` sizes one input's (``past:1=3``), and
  wins over the first form for that input;
* AXIS counts from 0, the batch: ``0=4`` makes every made-up input a batch of 4, as a
  plain ``paddle.jit.to_static`` function may be called with any batch;
* an entry that sizes no dynamic axis of any input is refused (a typo would otherwise
  go unnoticed); an axis no entry sizes keeps its default (2 in a conversion's first
  run; the ``--batch`` sizes for axis 0 and the example inputs' sizes otherwise in the
  benchmark).

Text (``"1=128"``, ``["1=128", "past:1=3"]``, ``"1=128,2=64"``) and dicts
(``{1: 128, "past:1": 3}``) are read by one parser. Plain Python: no Paddle imports.
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional, Union

from d2s_lab.core.nested import flatten
from d2s_lab.errors import D2SError
from d2s_lab.text import t

Key = Union[int, str]  # an axis of every input, or "name:axis" of one


def _is_dynamic(d) -> bool:
    return d is None or int(d) < 0


class Dims:
    """Sizes of dynamic axes: ``{axis: size}`` for every input, ``{"name:axis": size}``
    for one. Build it with :meth:`parse`; ``sizes`` is the plain dict."""

    def __init__(self, sizes: Optional[Dict[Key, int]] = None):
        self.sizes: Dict[Key, int] = dict(sizes or {})

    @classmethod
    def parse(cls, value: Any) -> "Dims":
        """``--dim`` texts, a ``dims=`` dict, None or a :class:`Dims` -> a :class:`Dims`;
        a D2SError naming the first bad entry and saying how to write it."""
        if isinstance(value, Dims):
            return value
        if value is None:
            return cls()
        if isinstance(value, dict):
            entries = [f"{k}={v}" for k, v in value.items()]
        elif isinstance(value, str):
            entries = [value]
        elif isinstance(value, (list, tuple)):
            entries = [str(v) for v in value]
        else:
            raise D2SError(t("inputs.dim_bad", entry=repr(value)), t("inputs.dim_hint"))
        sizes: Dict[Key, int] = {}
        for text in entries:
            for entry in text.replace(" ", "").split(","):
                if entry:
                    key, size = _entry(entry)
                    sizes[key] = size
        return cls(sizes)

    def __bool__(self) -> bool:
        return bool(self.sizes)

    def __eq__(self, other) -> bool:
        if isinstance(other, Dims):
            return self.sizes == other.sizes
        return isinstance(other, dict) and self.sizes == other

    def __repr__(self) -> str:
        return f"Dims({self.sizes!r})"

    def size(self, name: Optional[str], axis: int) -> Optional[int]:
        """The size given for ``name``'s ``axis`` (its own entry first), or None."""
        if name:
            own = self.sizes.get(f"{name}:{axis}")
            if own is not None:
                return own
        return self.sizes.get(axis)

    @property
    def batch(self) -> Optional[int]:
        """The size given for every input's axis 0 (``--dim 0=N``), or None."""
        return self.sizes.get(0)

    def shape(self, spec, default: int = 2) -> List[int]:
        """The shape a made-up input of ``spec`` (an InputSpec, or anything with ``shape``
        and ``name``) gets: each dynamic axis the size given for it, else ``default``."""
        name = getattr(spec, "name", None)
        out = []
        for axis, d in enumerate(spec.shape):
            if not _is_dynamic(d):
                out.append(int(d))
                continue
            size = self.size(name, axis)
            out.append(default if size is None else size)
        return out

    def unused(self, specs) -> List[str]:
        """The entries (``"2=8"``, ``"past:1=3"``) that size no dynamic axis of ``specs``."""
        tensors = [s for s in flatten(list(specs or [])) if getattr(s, "shape", None) is not None]
        dynamic = {(getattr(s, "name", None), a) for s in tensors for a, d in enumerate(s.shape) if _is_dynamic(d)}
        axes = {a for _, a in dynamic}
        out = []
        for key, size in self.sizes.items():
            if isinstance(key, int):
                used = key in axes
            else:
                name, _, axis = key.rpartition(":")
                used = (name, int(axis)) in dynamic
            if not used:
                out.append(f"{key}={size}")
        return out

    def check(self, specs) -> "Dims":
        """``self``, when every entry sizes a dynamic axis of ``specs``; a D2SError naming
        the ones that do not and the inputs' dynamic axes otherwise."""
        unused = self.unused(specs)
        if unused:
            tensors = [s for s in flatten(list(specs or [])) if getattr(s, "shape", None) is not None]
            have = ", ".join(f"{getattr(s, 'name', None) or '?'}:{a}" for s in tensors
                             for a, d in enumerate(s.shape) if _is_dynamic(d))
            raise D2SError(t("inputs.dim_unused", entries=" ".join(f"--dim {u}" for u in unused)),
                           t("inputs.dim_unused_hint", axes=have) if have else t("inputs.dim_no_dynamic"))
        return self


def _whole(text: str) -> bool:
    return text.isascii() and text.isdigit()


def _entry(entry: str):
    """``"1=16"`` -> ``(1, 16)``; ``"past:1=3"`` -> ``("past:1", 3)``."""
    key, eq, size = entry.partition("=")
    name, colon, axis = key.rpartition(":")
    if not (eq and _whole(axis) and _whole(size) and int(size) >= 1 and (name or not colon)
            and (not name or name.isidentifier())):
        raise D2SError(t("inputs.dim_bad", entry=entry), t("inputs.dim_hint"))
    return (f"{name}:{int(axis)}" if name else int(axis)), int(size)
