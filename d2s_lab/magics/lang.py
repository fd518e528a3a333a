"""``%d2s_lang``: the language of d2s_lab's explanations (en / zh)."""
from __future__ import annotations

from IPython.core.magic import Magics, line_magic, magics_class

from d2s_lab.errors import D2SError
from d2s_lab.magics.help import localize
from d2s_lab.text.lang import get_lang, set_lang
from d2s_lab.magics.common import show_error
from d2s_lab.text import t


@magics_class
class LangMagics(Magics):
    @line_magic
    def d2s_lang(self, line):
        """Help: the catalogue's ``help.d2s_lang.doc`` (see :mod:`d2s_lab.magics.help`)."""
        value = line.strip()
        if not value:
            print(get_lang())
            return None
        try:
            print(set_lang(value))
            localize()  # %%to_static? and --help speak it too
        except D2SError:
            show_error(t("magics.unknown_lang", name=repr(value)), t("magics.unknown_lang_hint"))
        return None
