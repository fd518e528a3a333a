"""What every magic shares: reading the magic line, declaring options from
:data:`d2s_lab.core.options.OPTIONS`, evaluating notebook expressions, and showing a
short message instead of a traceback."""
from __future__ import annotations

import _thread
import base64
import contextlib
import functools
import html
import keyword
import re
import shlex
import signal
import sys
import threading
import time

from IPython import get_ipython
from IPython.core.error import UsageError
from IPython.core.magic_arguments import argument
from IPython.display import HTML, display

from d2s_lab.errors import D2SError
from d2s_lab.core.bench.result import duration
from d2s_lab.core.options import OPTIONS
from d2s_lab.magics.help import asked_for_help, show_help
from d2s_lab.viz.html import message_box
from d2s_lab.text import t


def show_error(message: str, hint: str = "") -> None:
    """One short message box; never a d2s_lab traceback."""
    display(HTML(message_box("error", message, hint)))


# What the running magic is doing, for the message an Interrupt leaves: a catalogue key
# (``magics.stage.*``). Magics run one at a time on the kernel's main thread.
_STAGE = ["magics.stage.work"]


def stage(key: str) -> None:
    """Say what the running magic does now (``"magics.stage.convert"``...): an Interrupt names it."""
    _STAGE[0] = key


def _paddle_importing() -> bool:
    """Whether Paddle, or one of its modules, is being imported right now: Python sets
    ``__spec__._initializing`` while a module's code runs."""
    for name, module in list(sys.modules.items()):
        if (name == "paddle" or name.startswith("paddle.")) and getattr(
                getattr(module, "__spec__", None), "_initializing", False):
            return True
    return False


@contextlib.contextmanager
def _imports_finish_first():
    """An Interrupt that lands while Paddle is being imported waits until the import ends,
    then takes effect: an interrupted ``import paddle`` leaves Paddle's core half loaded,
    and no later import in that kernel works ("Can not import paddle core while this file
    exists") until a restart. Any other moment raises at once, as Python's own handler does.
    Only on the main thread (signal handlers live there); the handler is put back after."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    try:
        previous = signal.getsignal(signal.SIGINT)
    except (ValueError, OSError):
        previous = None
    if previous is None:
        yield
        return

    def wait_then_interrupt():
        while _paddle_importing():
            time.sleep(0.05)
        _thread.interrupt_main()

    def handler(signum, frame):
        if _paddle_importing():
            threading.Thread(target=wait_then_interrupt, name="d2s-interrupt", daemon=True).start()
            return
        if callable(previous) and previous is not signal.default_int_handler:
            return previous(signum, frame)
        raise KeyboardInterrupt

    signal.signal(signal.SIGINT, handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def interruptible(magic: str):
    """Wrap a magic so that the kernel's Interrupt, whenever it lands (Paddle importing,
    converting, tracing, drawing), ends the magic with one message instead of a
    ``KeyboardInterrupt`` traceback; one landing in Paddle's import takes effect once the
    import is done (see :func:`_imports_finish_first`). The parts that can keep something
    (the cell's code, the first run, the benchmark) catch it earlier and say more."""
    def wrap(func):
        @functools.wraps(func)
        def run(*args, **kwargs):
            _STAGE[0] = "magics.stage.work"
            try:
                with _imports_finish_first():
                    return func(*args, **kwargs)
            except KeyboardInterrupt:
                try:
                    show_error(t("magics.interrupted", magic=magic, stage=t(_STAGE[0])),
                               t("magics.interrupted_hint"))
                except KeyboardInterrupt:  # a second Interrupt while the message is shown
                    pass
                return None
        return run
    return wrap


def show_note(message: str, hint: str = "") -> None:
    display(HTML(message_box("note", message, hint)))


def ended_run_boxes(lang=None) -> list:
    """A message box (HTML) for each process that ended inside a conversion or a
    benchmark of d2s_lab's (a kernel Paddle's C++ aborted, or one restarted mid-run),
    with the last lines it printed from native code; each is said once."""
    from d2s_lab.core.capture import ended_run_words, ended_runs

    boxes = []
    for run in ended_runs():
        message, hint = ended_run_words(run, lang)
        boxes.append(message_box("error", message, hint, quote=run.native))
    return boxes


def show_ended_runs() -> None:
    """Show :func:`ended_run_boxes` (``%load_ext d2s_lab`` does, after a restart)."""
    for box in ended_run_boxes():
        display(HTML(box))


def start_drawing(view) -> None:
    """Let Graphviz draw ``view`` (and its picture twin, where :func:`show_png_twin` will
    show one) in the background while the cell prepares its other outputs."""
    if view is not None:
        view.render_in_background(png=_in_kernel())


def _in_kernel() -> bool:
    return getattr(get_ipython(), "kernel", None) is not None


def show_png_twin(view) -> bool:
    """Display a drawing's picture twin (PNG) just before the HTML that holds the drawing,
    in a kernel with a notebook front end: JupyterLab and Notebook 7 show inline SVG only
    in trusted notebooks, pictures always; the HTML's style hides the twin where it
    applies (trusted notebooks, HTML exports). Marks ``view.twin_shown``; False (nothing
    shown) in a terminal, without Graphviz's dot, or for a drawing too big for a picture."""
    if view is None or not _in_kernel():
        return False
    try:
        png = view.cell_twin()  # within the cell's bytes beside the drawing
    except D2SError:
        return False
    if not png:
        return False
    display({"image/png": base64.b64encode(png).decode("ascii"),
             "text/plain": f"<picture of the graph {view.name}>"}, raw=True)
    view.twin_shown = True
    return True


def show_picture(png: bytes, text: str, width=None) -> bool:
    """Display ``png`` (an ``image/png`` output, ``text`` its plain-text stand-in, shown
    ``width`` pixels wide where given) in a kernel with a notebook front end; False (nothing
    shown) in a terminal or for no picture."""
    if not png or not _in_kernel():
        return False
    display({"image/png": base64.b64encode(png).decode("ascii"), "text/plain": text}, raw=True,
            metadata={"image/png": {"width": width}} if width else None)
    return True


def without_comment(line: str) -> str:
    """``line`` without a trailing ``# comment``, as a shell reads it: a ``#`` that starts
    a word, outside quotes (``%d2s_graph _d2s --depth all  # every op``); a ``#`` inside
    a word (``path#2``) or in quotes stays."""
    quote, escaped = "", False
    for i, ch in enumerate(line):
        if escaped:
            escaped = False
        elif ch == "\\" and quote != "'":
            escaped = True
        elif quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1].isspace()):
            return line[:i]
    return line


def parse_line(magic_func, line: str):
    """Parse the magic line with shell quoting (quotes are removed, as in a shell; a
    trailing ``# comment`` is dropped); errors come back as a short message instead of an
    exception. ``-h``/``--help`` prints the magic's help in the chosen language (or the
    line's ``--lang``) and gives ``(None, None)``: the magic then does nothing more."""
    try:
        tokens = shlex.split(without_comment(line))
        asked, lang = asked_for_help(tokens)
        if asked:  # the help instead of the magic's work: (None, None)
            show_help(magic_func, lang)
            return None, None
        return magic_func.parser.parse_args(tokens), None
    except UsageError as exc:
        return None, argparse_message(str(exc))
    except SystemExit:
        return None, t("magics.options_unread", line=line)
    except ValueError as exc:  # shlex: unbalanced quotes
        return None, t("magics.options_unread_why", error=exc, line=line)


def parsed_args(magic_func, line: str, usage_hint: str):
    """The magic line's arguments (:func:`parse_line`); None once the help, or a usage
    error with ``usage_hint``, has been shown: the magic then does nothing more."""
    args, err = parse_line(magic_func, line)
    if err:
        show_error(err, usage_hint)
    return args


# argparse's usage errors, said in the chosen language (the option names stay as typed)
_ARGPARSE = [(re.compile(p), key) for p, key in (
    (r"unrecognized arguments: (?P<args>.+)", "magics.arg_unrecognized"),
    (r"argument (?P<arg>\S+?): expected one argument", "magics.arg_expected_one"),
    (r"argument (?P<arg>\S+?): expected at most one argument", "magics.arg_expected_at_most_one"),
    (r"argument (?P<arg>\S+?): expected at least one argument", "magics.arg_expected_at_least_one"),
    (r"argument (?P<arg>\S+?): invalid choice: (?P<value>.+?) \(choose from (?P<choices>.+)\)",
     "magics.arg_invalid_choice"),
    (r"argument (?P<arg>\S+?): invalid (?P<type>\w+) value: (?P<value>.+)", "magics.arg_invalid_value"),
    (r"argument (?P<arg>\S+?): ignored explicit argument (?P<value>.+)", "magics.arg_ignored_value"),
    (r"argument (?P<arg>\S+?): not allowed with argument (?P<other>.+)", "magics.arg_not_allowed_with"),
    (r"the following arguments are required: (?P<args>.+)", "magics.arg_required"),
)]


def argparse_message(message: str) -> str:
    """An argparse usage error in the chosen language (unknown ones as argparse wrote them)."""
    for pattern, key in _ARGPARSE:
        m = pattern.fullmatch(message.strip())
        if m:
            return t(key, **m.groupdict())
    return message


def options(*groups: str):
    """A decorator adding the shared options of ``groups`` to a magic (the same
    declarations the CLI uses)."""
    def decorate(func):
        for group in reversed(groups):
            for flags, kwargs in reversed(list(OPTIONS[group].values())):
                func = argument(*flags, **dict(kwargs))(func)
        return func

    return decorate


def evaluate(shell, expr: str, label: str, hint: str):
    """Evaluate ``expr`` in the notebook; a failure becomes a short D2SError."""
    try:
        return shell.ev(expr)
    except Exception as exc:
        raise D2SError(t("magics.eval_raised", label=label, error=f"{type(exc).__name__}: {exc}"), hint) from None


def lookup(shell, expr: str, missing_hint: str):
    """A notebook name (or expression) -> its value; a D2SError naming it otherwise."""
    ns = shell.user_ns
    if expr in ns:
        return ns[expr]
    try:
        return shell.ev(expr)
    except Exception:
        raise D2SError(t("magics.no_such_name", expr=expr), missing_hint) from None


def check_target_name(name: str, option: str = "--as") -> str:
    """``name`` when it is a valid Python variable name (an identifier, not a keyword);
    a D2SError naming ``option`` otherwise.  Every magic that stores a result checks
    its target with this."""
    if not isinstance(name, str) or not name.isidentifier() or keyword.iskeyword(name):
        raise D2SError(t("magics.bad_target", option=option, name=repr(name)),
                       t("magics.bad_target_hint", option=option))
    return name


def store(shell, name: str, value, option: str = "--as") -> None:
    """Put ``value`` into the notebook as ``name`` (checked by :func:`check_target_name`)."""
    shell.user_ns[check_target_name(name, option)] = value


def progress_display(description: str):
    """A progress callback ``cb(done, total, msg)`` drawn as one live line (an ipywidgets
    bar and label; a text line updated in place without ipywidgets), and a function that
    removes it. The line carries done/total, the step, the time so far and, once the
    first calls are timed, the estimated time left (``%d2s_bench``, ``%d2s_profile``)."""
    started = time.perf_counter()

    def line(msg):
        return t("bench.progress_elapsed", msg=msg, elapsed=duration(time.perf_counter() - started))

    try:
        import ipywidgets as w

        bar = w.IntProgress(value=0, min=0, max=1, description=description)
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
                handle.update(HTML(f"<code>[{done}/{total}] {html.escape(line(msg))}</code>"))

        return cb, lambda: handle.update(HTML("")) if handle is not None else None
