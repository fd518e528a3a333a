"""Every word d2s_lab shows a user, in English and Simplified Chinese, and the language choice.

One catalogue, one shape, one lookup: :func:`t` (``t("steps.next")``,
``t("err.at_line", line=3)``). The entries live in :mod:`d2s_lab.text.tables`, one
module per area, each a ``TEXTS`` dict of ``key -> {"en": ..., "zh": ...}``; keys start
with their area's name. :mod:`d2s_lab.text.lang` decides the language.
"""
from d2s_lab.text.lang import LANGS, get_lang, set_lang, using_lang
from d2s_lab.text.lookup import CATALOGUE, missing, t

__all__ = ["CATALOGUE", "LANGS", "get_lang", "missing", "set_lang", "t", "using_lang"]
