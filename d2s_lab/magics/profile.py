"""``%d2s_profile``: where a converted function's call spends its time."""
from __future__ import annotations

from IPython.core.magic import Magics, line_magic, magics_class
from IPython.core.magic_arguments import argument, magic_arguments
from IPython.display import HTML, display

from d2s_lab.core.options import check_positive_int
from d2s_lab.core.profile.runner import profile
from d2s_lab.errors import D2SError
from d2s_lab.magics.common import (check_target_name, interruptible, lookup, options, parsed_args, progress_display,
                                   show_error, store)
from d2s_lab.text import t
from d2s_lab.text.lang import using_lang


@magics_class
class ProfileMagics(Magics):
    @magic_arguments()
    @argument("name", metavar="NAME", nargs="?", default="_d2s",
              help="help.d2s_profile.name")
    @options("profile", "lang")
    @argument("--as", dest="as_", default="_d2s_profile", metavar="NAME",
              help="help.d2s_profile.as_")
    @line_magic
    @interruptible("%d2s_profile")
    def d2s_profile(self, line):
        """Help: the catalogue's ``help.d2s_profile.doc`` (see :mod:`d2s_lab.magics.help`)."""
        args = parsed_args(self.d2s_profile, line, t("profile.usage"))
        if args is None:  # the help or a usage error was shown
            return None
        with using_lang(args.lang):  # the report and the error boxes alike
            try:
                check_target_name(args.as_)
                calls = check_positive_int(args.calls, "--calls")
                obj = lookup(self.shell, args.name,
                             t("profile.no_d2s") if args.name == "_d2s" else t("profile.what"))
            except D2SError as exc:
                show_error(exc.message, exc.hint)
                return None
            cb, close = progress_display("profile")
            try:  # the live line gives way to the report, or to the error
                res = profile(obj, calls=calls, train=args.train, device=args.device, budget=args.budget,
                              name=None if args.name == "_d2s" else args.name, whatif=args.whatif, progress=cb)
            except D2SError as exc:
                close()
                show_error(exc.message, exc.hint)
                return None
            except Exception as exc:  # a Paddle failure must not become a traceback
                close()
                show_error(t("profile.failed", error=f"{type(exc).__name__}: {str(exc)[:400]}"),
                           t("magics.vars_unchanged"))
                return None
            except BaseException:
                close()
                raise
            close()
            store(self.shell, args.as_, res)
            display(HTML(res._repr_html_()))
        return None
