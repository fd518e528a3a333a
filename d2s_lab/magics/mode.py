"""``%d2s_mode``: which path this notebook's conversions take (ast / sot / Paddle's default)."""
from __future__ import annotations

from IPython.core.magic import Magics, line_magic, magics_class

from d2s_lab.core.modes import resolve_mode, set_mode
from d2s_lab.core.paddle_compat import require_paddle
from d2s_lab.errors import D2SError
from d2s_lab.magics.common import show_error
from d2s_lab.text import t
from d2s_lab.viz.report import WHY_TEXT


@magics_class
class ModeMagics(Magics):
    @line_magic
    def d2s_mode(self, line):
        """Help: the catalogue's ``help.d2s_mode.doc`` (see :mod:`d2s_lab.magics.help`)."""
        value = line.strip()
        try:
            if value:
                set_mode(value)
            mode, why = resolve_mode(None)
        except D2SError:
            show_error(t("report.unknown_mode", mode=repr(value)), t("report.unknown_mode_hint"))
            return None
        version = require_paddle().__version__ if why == "paddle" else ""
        print(t("magics.mode_now", mode=mode, why=t(WHY_TEXT[why], version=version)))
        return None
