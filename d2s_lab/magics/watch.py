"""``%%d2s_watch``: run the cell as a cell and watch every converted function it calls.

A cell that runs longer than a second shows a one-line live status (calls, translations,
recompiles, alerts so far), updated in place at most once a second and cleared when the
report shows. The report's timeline comes first as a picture (an untrusted notebook drops
the report's inline SVG; a trusted one hides the picture and shows the SVG).

A cell with a top-level ``await`` is not run (a cell magic cannot await IPython's
coroutine): one message says so and offers ``with d2s_lab.watch() as w:`` in a plain cell.

The cell's code runs in the notebook's namespace as IPython runs a cell: its last
expression's value is the cell's ``Out[N]`` (none after a ``;``), and an error in it,
an Interrupt included, fails the cell as usual (its own traceback, status ``error``, so
"Run all" stops) once the report of what was recorded is shown.
"""
from __future__ import annotations

import ast

from IPython.core.displayhook import DisplayHook
from IPython.core.magic import Magics, cell_magic, magics_class
from IPython.core.magic_arguments import argument, magic_arguments
from IPython.display import HTML, display

from d2s_lab.core.watch import watch
from d2s_lab.errors import D2SError
from d2s_lab.magics.cellrun import note_cell_numbers, prompt_number
from d2s_lab.magics.common import (check_target_name, interruptible, options, parsed_args, show_error, show_picture,
                                   store)
from d2s_lab.text import t
from d2s_lab.text.lang import using_lang
from d2s_lab.viz.watch_view import PNG_SCALE, png_width, status_html, timeline_png, watch_html


class LiveStatus:
    """The watched cell's one-line status: one display, updated in place, cleared at the end."""

    def __init__(self):
        self.handle = None

    def show(self, progress) -> None:
        html = HTML(status_html(progress))
        if self.handle is None:
            self.handle = display(html, display_id=True)
        else:
            self.handle.update(html)

    def clear(self) -> None:
        if self.handle is not None:
            self.handle.update({"text/plain": ""}, raw=True)
            self.handle = None


def top_level_await(shell, cell: str) -> bool:
    """Whether the cell's code has an ``await`` (``async for``, ``async with``) outside any
    function: IPython runs such a cell as a coroutine, which a cell magic cannot await."""
    try:
        tree = ast.parse(shell.transform_cell(cell))
    except SyntaxError:  # said by the run, as the cell's own error
        return False
    todo = list(ast.iter_child_nodes(tree))
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        if isinstance(node, (ast.Await, ast.AsyncFor, ast.AsyncWith)) or getattr(node, "is_async", 0):
            return True
        todo.extend(ast.iter_child_nodes(node))
    return False


def run_as_cell(shell, cell: str):
    """Run ``cell`` (a cell magic's body) in the notebook's namespace as IPython runs a
    cell; return its last expression's value (None when it has none or ends in ``;``).
    Tracebacks name ``Cell In[N]`` and the cell's own line numbers (the ``%%`` line is 1)."""
    __tracebackhide__ = True  # noqa: F841  (IPython hides this frame in a traceback)
    source = "\n" + shell.transform_cell(cell)  # line 1 is the %% line
    filename = shell.compile.cache(source, prompt_number(shell))
    note_cell_numbers(shell)  # functions of this cell and earlier ones named cell[N] in the report
    tree = ast.parse(source, filename)
    last = None
    if tree.body and isinstance(tree.body[-1], ast.Expr):
        last = ast.Expression(tree.body.pop().value)
    glob, loc = shell.user_global_ns, shell.user_ns
    with shell.builtin_trap:
        exec(shell.compile(tree, filename, "exec"), glob, loc)
        if last is None:
            return None
        value = eval(shell.compile(last, filename, "eval"), glob, loc)
    return None if DisplayHook.semicolon_at_end_of_expression(source) else value


@magics_class
class WatchMagics(Magics):
    @magic_arguments()
    @options("lang")
    @argument("--as", dest="as_", default="_d2s_watch", metavar="NAME",
              help="help.d2s_watch.as_")
    @cell_magic
    def d2s_watch(self, line, cell):
        """Help: the catalogue's ``help.d2s_watch.doc`` (see :mod:`d2s_lab.magics.help`)."""
        __tracebackhide__ = True  # noqa: F841  (the cell's own error shows its own frames)
        args = self._arguments(line, cell)
        if args is None:
            return None
        failure = value = None
        status = LiveStatus()
        with using_lang(args.lang):
            with watch(t("watch.cell_title"), on_progress=status.show) as w:
                try:
                    value = run_as_cell(self.shell, cell)
                except BaseException as exc:  # noqa: BLE001  (shown below as the cell's own)
                    failure = exc
            self._show(w, args, status)
        if failure is not None:
            # after the report, the cell fails as a cell fails: its traceback, status error
            raise failure
        return value

    @interruptible("%%d2s_watch")
    def _arguments(self, line, cell):
        args = parsed_args(self.d2s_watch, line, t("watch.usage"))
        if args is None:  # the help or a usage error was shown
            return None
        with using_lang(args.lang):
            try:
                check_target_name(args.as_)
            except D2SError as exc:
                show_error(exc.message, exc.hint)
                return None
            try:  # as %%to_static says it: one line, nothing of the cell run, no report
                ast.parse("\n" + self.shell.transform_cell(cell))  # line 1 is the %% line
            except SyntaxError as exc:
                text = (exc.text or "").strip()
                show_error(t("magics.syntax_error", line=exc.lineno or 0, msg=exc.msg)
                           + (f":  {text}" if text else ""), t("magics.syntax_hint"))
                return None
            if top_level_await(self.shell, cell):
                show_error(t("watch.no_await"), t("watch.no_await_hint"))
                return None
        return args

    @interruptible("%%d2s_watch")
    def _show(self, w, args, status: LiveStatus) -> None:
        status.clear()
        report = w.report()
        store(self.shell, args.as_, report)
        # the timeline's picture first: an untrusted notebook drops the report's inline SVG
        png = timeline_png(report)
        twin = bool(png) and show_picture(png, t("watch.picture"), png_width(png) // PNG_SCALE)
        display(HTML(watch_html(report, var=args.as_, twin=twin)))


# magic_arguments writes "%d2s_watch" in the usage line; this is a cell magic.
WatchMagics.d2s_watch.__doc__ = WatchMagics.d2s_watch.__doc__.replace("%d2s_watch [", "%%d2s_watch [", 1)
WatchMagics.d2s_watch.parser.prog = "%%d2s_watch"
