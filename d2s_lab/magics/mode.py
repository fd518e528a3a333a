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
        """Set the path ``%%to_static`` and the other views convert with in this notebook.

        ``%d2s_mode ast`` (``to_static(full_graph=True)``: the AST transformers, one Program),
        ``%d2s_mode sot`` (bytecode translation), ``%d2s_mode default`` (the path plain
        ``paddle.jit.to_static`` takes on the installed Paddle: SOT on Paddle 3). Without an
        argument, print the path in force and where it comes from. ``--mode`` on a cell
        still wins; $D2S_MODE sets it for every kernel. Same as ``d2s_lab.set_mode("ast")``.
        """
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
