"""``%d2s_lang``: the language of d2s_lab's explanations (en / zh)."""
from __future__ import annotations

from IPython.core.magic import Magics, line_magic, magics_class

from d2s_lab.errors import D2SError
from d2s_lab.text.lang import get_lang, set_lang
from d2s_lab.magics.common import show_error
from d2s_lab.text import t


@magics_class
class LangMagics(Magics):
    @line_magic
    def d2s_lang(self, line):
        """Set the language of d2s_lab's explanations for this notebook: en or zh.

        ``%d2s_lang zh`` (简体中文), ``%d2s_lang en``; without an argument, print the
        current one. The default comes from $D2S_LANG, else the locale (zh_CN.UTF-8 and other
        Chinese locales give zh), else en.
        Same as ``d2s_lab.set_lang("zh")``.
        """
        value = line.strip()
        if not value:
            print(get_lang())
            return None
        try:
            print(set_lang(value))
        except D2SError:
            show_error(t("magics.unknown_lang", name=repr(value)), t("magics.unknown_lang_hint"))
        return None
