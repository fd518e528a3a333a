"""``%d2s_bench``: time a model in every runtime Paddle offers."""
from __future__ import annotations

import time
from html import escape

from IPython.core.magic import Magics, line_magic, magics_class
from IPython.core.magic_arguments import argument, magic_arguments
from IPython.display import HTML, display

from d2s_lab.core.bench.runner import bench
from d2s_lab.errors import D2SError
from d2s_lab.core.options import check_bench_args
from d2s_lab.magics.common import (check_target_name, interruptible, lookup, options, parse_line, show_error, stage,
                                   store)
from d2s_lab.core.bench.result import duration
from d2s_lab.text import t


def _progress_display():
    """A progress callback drawn as an ipywidgets bar (a text line without ipywidgets),
    and a function that removes it. The line carries the step, the time so far and,
    once the first calls are timed, the estimated time left."""
    started = time.perf_counter()

    def line(msg):
        return t("bench.progress_elapsed", msg=msg, elapsed=duration(time.perf_counter() - started))

    try:
        import ipywidgets as w

        bar = w.IntProgress(value=0, min=0, max=1, description="bench")
        label = w.Label("")
        box = w.HBox([bar, label])
        display(box)

        def cb(done, total, msg):
            bar.max = max(total, 1)
            bar.value = min(done, bar.max)
            label.value = f"{done}/{total} {line(msg)}"

        return cb, box.close
    except ImportError:
        handle = display(HTML(f"<code>{t('magics.starting')}</code>"), display_id=True)

        def cb(done, total, msg):
            if handle is not None:
                handle.update(HTML(f"<code>[{done}/{total}] {escape(line(msg))}</code>"))

        return cb, lambda: handle.update(HTML("")) if handle is not None else None


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
        args, err = parse_line(self.d2s_bench, line)
        if args is None and err is None:  # --help was shown
            return None
        if err:
            show_error(err, t("magics.see_options", magic="%d2s_bench"))
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
        cb, close = _progress_display()
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
