"""``%d2s_bench``: time a model in every runtime Paddle offers."""
from __future__ import annotations


from IPython.core.magic import Magics, line_magic, magics_class
from IPython.core.magic_arguments import argument, magic_arguments
from IPython.display import HTML, display

from d2s_lab.core.bench.runner import bench
from d2s_lab.errors import D2SError
from d2s_lab.core.options import check_bench_args
from d2s_lab.magics.common import (check_target_name, interruptible, lookup, options, parsed_args, progress_display,
                                   show_error, stage, store)
from d2s_lab.text import t


@magics_class
class BenchMagics(Magics):
    @magic_arguments()
    @argument("obj", nargs="?", default=None,
              help="help.d2s_bench.obj")
    @options("bench", "dim", "input")
    @argument("--as", dest="as_", default="_d2s_bench", metavar="NAME",
              help="help.d2s_bench.as_")
    @line_magic
    @interruptible("%d2s_bench")
    def d2s_bench(self, line):
        """Help: the catalogue's ``help.d2s_bench.doc`` (see :mod:`d2s_lab.magics.help`)."""
        args = parsed_args(self.d2s_bench, line, t("magics.see_options", magic="%d2s_bench"))
        if args is None:  # the help or a usage error was shown
            return None
        expr = args.obj or "_d2s"
        stage("magics.stage.bench")
        try:
            check_target_name(args.as_)
            batches = check_bench_args(args)
            obj = lookup(self.shell, expr,
                         t("magics.bench_no_d2s") if expr == "_d2s" else t("magics.name_model"))
        except D2SError as exc:
            show_error(exc.message, exc.hint)
            return None
        runtimes = [r.strip() for r in args.runtimes.split(",")] if args.runtimes else None
        cb, close = progress_display("bench")
        try:
            res = bench(obj, batch=batches, threads=args.threads, train=args.train,
                        device=args.device, input_spec=args.input, runtimes=runtimes,
                        repeat=args.repeat, min_time=args.min_time, progress=cb,
                        name=None if not args.obj else args.obj, dims=args.dims,
                        budget=args.budget)
        except D2SError as exc:
            close()
            show_error(exc.message, exc.hint)
            return None
        except Exception as exc:  # a Paddle failure must not become a traceback
            close()
            show_error(t("magics.bench_failed", error=f"{type(exc).__name__}: {str(exc)[:400]}"),
                       t("magics.vars_unchanged"))
            return None
        close()
        store(self.shell, args.as_, res)
        display(HTML(res._repr_html_()))
        return None
