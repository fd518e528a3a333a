"""The ``%%to_static`` report: every section of one Conversion, as plain HTML.

Each section is a function of the Conversion returning HTML ("" to skip), kept
in the module that draws its subject; :data:`SECTIONS` lists them in display
order.  Viz never imports paddle: the Conversion is plain data here.
"""
from __future__ import annotations

from .check_view import section_check
from .error_view import section_error
from .graph_view import section_graph
from .html import esc, message_box, wrap
from .linked_view import section_ops_by_line
from .op_table import section_ops
from .saved_view import section_saved
from .sot_view import section_sot
from .source_view import section_sources


def summary_html(conv) -> str:
    """Report section: name, mode, op and parameter counts, inputs, outputs, timings."""
    ops = conv.ir.num_ops() if conv.ir is not None else "n/a"
    timings = ", ".join(f"{esc(k.replace('_s', ''))} {v * 1000:.0f} ms" for k, v in conv.timings.items())
    ins = ", ".join(esc(str(i)) for i in conv.inputs) or "-"
    outs = ", ".join(esc(str(o)) for o in conv.outputs) or "-"
    return (
        f'<div class="d2s-summary"><b>{esc(conv.name)}</b> '
        f'<span class="d2s-sub">[{esc(conv.mode)}]</span> · <b>{ops}</b> ops · '
        f"<b>{conv.num_params:,}</b> params ({conv.param_bytes / 1024:.1f} KiB) · "
        f"in {ins} · out {outs} · {timings} · Paddle {esc(conv.paddle_version)}</div>"
    )


def section_notes(conv) -> str:
    """Report section: the conversion's notes, one box each."""
    return "".join(f'<div class="d2s-note">{esc(n)}</div>' for n in conv.notes)


# The report's sections, in display order. Each takes the Conversion and
# returns HTML ("" to skip). Features add their section here.
SECTIONS = [
    summary_html,
    section_error,
    section_notes,
    section_check,
    section_sot,
    section_graph,
    section_sources,
    section_ops,
    section_ops_by_line,
    section_saved,
]


def conversion_html(conv) -> str:
    """The whole report for one Conversion, as one self-contained HTML fragment."""
    return wrap("".join(section(conv) for section in SECTIONS))


def error_html(message: str, hint: str = "") -> str:
    """A message box for a failure that left no Conversion to report on."""
    return message_box("error", message, hint)


__all__ = ["SECTIONS", "conversion_html", "error_html", "section_notes", "summary_html"]
