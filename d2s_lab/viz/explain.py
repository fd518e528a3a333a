"""Plain-language explanations of Paddle's AST transformers, read from the text catalogue.

Keys are short transformer names (``IfElse`` for ``IfElseTransformer``), looked up as
``transformers.<Name>``; a transformer the catalogue does not know (a newer Paddle) gets
``transformers.generic``.
"""
from __future__ import annotations

from typing import Optional

from d2s_lab.text import CATALOGUE, t


def explain(transformer: str, lang: Optional[str] = None) -> str:
    """The explanation of a transformer (short or class name) in ``lang`` (en/zh)."""
    name = transformer[: -len("Transformer")] if transformer.endswith("Transformer") else transformer
    if name.startswith("SOT: "):  # a frame SOT translated (d2s_lab.core.sot.translated.frame_step_items)
        name = "SOTResume" if name.startswith("SOT: resume_") else "SOTFrame"
    key = f"transformers.{name}"
    return t(key if key in CATALOGUE else "transformers.generic", lang)
