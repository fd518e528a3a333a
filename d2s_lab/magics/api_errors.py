"""d2s_lab's errors raised by a cell's own code, shown as the magics show theirs.

While the extension is loaded, a :class:`~d2s_lab.errors.D2SError` that ends a cell
(``d2s_lab.profile(conv, calls=0)``, a ``d2s_lab.convert`` Paddle cannot convert) is shown
as one message box (message and hint; a ConversionError as the explained error report
``%%to_static`` shows, Paddle's text in its collapsible part), in the chosen language,
with a plain-text twin, instead of a traceback through d2s_lab. It goes through IPython's
own ``set_custom_exc``: the cell still fails (its reply's status is "error", one short
error line marks it, "Run all" stops), ``sys.last_value`` keeps the exception and ``%tb``
shows the full traceback. Any other exception keeps IPython's traceback.

A handler set before (by the user or another extension) is kept, and d2s_lab adds none;
``%unload_ext d2s_lab`` puts back exactly what was there.
"""
from __future__ import annotations

import sys

from IPython.display import display

from d2s_lab.core.frames import display_file, is_d2s_file, is_user_file
from d2s_lab.errors import ConversionError, D2SError
from d2s_lab.magics.cellrun import note_cell_numbers
from d2s_lab.text import t
from d2s_lab.viz.error_view import error_report_html
from d2s_lab.viz.html import message_box

# the shell's handler and exception tuple before ours (None while ours is not set), and ours
_SAVED = {"before": None, "ours": None}


def install(shell) -> None:
    """Show D2SErrors as boxes in ``shell``, unless a custom handler is set there already."""
    if _SAVED["ours"] is not None and shell.CustomTB is _SAVED["ours"]:
        return  # loaded again: ours is in place
    if tuple(getattr(shell, "custom_exceptions", ()) or ()):
        return  # the user's (or another extension's) handler: theirs stays
    _SAVED["before"] = (shell.custom_exceptions, shell.CustomTB)
    shell.set_custom_exc((D2SError,), show_d2s_error)
    _SAVED["ours"] = shell.CustomTB


def uninstall(shell) -> None:
    """Put back what :func:`install` found (only where ours is still the one in place)."""
    before, ours = _SAVED["before"], _SAVED["ours"]
    _SAVED["before"] = _SAVED["ours"] = None
    if before is None or ours is None or shell.CustomTB is not ours:
        return
    shell.custom_exceptions, shell.CustomTB = before


def show_d2s_error(shell, etype, value, tb, tb_offset=None):
    """IPython's custom handler: one box for ``value``, the error line that fails the cell."""
    sys.last_type, sys.last_value, sys.last_traceback = etype, value, tb
    if sys.version_info >= (3, 12):
        sys.last_exc = value
    try:
        note_cell_numbers(shell)  # the user's lines named cell[N], as the prompt shows them
        html, text = _box(value, _through_user_function(tb))
    except Exception:  # the box could not be made: IPython's own traceback, never nothing
        shell.showtraceback((etype, value, tb), tb_offset=tb_offset)
        return []
    display({"text/html": html, "text/plain": text}, raw=True)
    # the cell's failure, as a kernel records one (an "error" output, the reply's
    # traceback): one line, no frames. IPython's place for showing a structured traceback
    # (a kernel's shell sends it as the cell's error; a terminal's prints it)
    shell._showtraceback(etype, value, [t("apierr.stopped", ename=etype.__name__)])  # noqa: SLF001
    return []


def _box(value, via: str):
    """The HTML box and its plain-text twin for ``value`` (``via``: the note naming the
    user's function it came through, or "")."""
    report = getattr(value, "report", None) if isinstance(value, ConversionError) else None
    if report is not None:
        notes = [n for n in (via, t("apierr.partial") if value.conversion is not None else "") if n]
        return error_report_html(report, note=" ".join(notes)), "\n".join([str(report)] + notes)
    hint = " ".join(p for p in (value.hint, via) if p)
    return message_box("error", value.message, hint), "\n".join(p for p in (value.message, hint) if p)


def _through_user_function(tb) -> str:
    """A note naming the user's own function the error came through ("" when the cell
    called d2s_lab directly): the innermost frame below the cell's own and above d2s_lab's."""
    frames = []
    while tb is not None:
        frames.append(tb)
        tb = tb.tb_next
    while frames and not is_user_file(frames[0].tb_frame.f_code.co_filename):
        frames.pop(0)  # IPython's run_code: the cell's own frame comes next
    user = None
    for frame_tb in frames[1:]:
        code = frame_tb.tb_frame.f_code
        if is_d2s_file(code.co_filename):
            break
        if not code.co_name.startswith("<") and is_user_file(code.co_filename):
            user = frame_tb  # (not a comprehension or lambda of the cell, nor a library's code)
    if user is None:
        return ""
    code = user.tb_frame.f_code
    place = t("report.line_of", file=display_file(code.co_filename), line=user.tb_lineno)
    return t("apierr.via", function=code.co_name, place=place)
