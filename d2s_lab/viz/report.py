"""The ``%%to_static`` report: every section of one Conversion, as plain HTML.

Each section is a function of the Conversion returning HTML ("" to skip), kept
in the module that draws its subject; :data:`SECTIONS` lists them in display
order.  Viz never imports paddle: the Conversion is plain data here.
"""
from __future__ import annotations

from d2s_lab.core.structure import fold_repeated_layers
from d2s_lab.viz.check_view import section_check
from d2s_lab.viz.error_view import section_error
from d2s_lab.viz.graph_view import section_graph
from d2s_lab.viz.html import esc, highlight_python, message_box, naming, t_html, wrap
from d2s_lab.viz.linked_view import section_ops_by_line
from d2s_lab.viz.log_view import section_paddle_log, section_prints
from d2s_lab.text import get_lang, t
from d2s_lab.viz.op_table import section_ops
from d2s_lab.viz.rewrites_view import section_rewrites
from d2s_lab.viz.saved_view import section_saved
from d2s_lab.viz.sot_view import section_sot
from d2s_lab.viz.source_view import section_sources


def _op_count(conv) -> str:
    if conv.drawn_graph is not None:
        return f"<b>{conv.drawn_graph.num_listed_ops()}</b> {esc(t('report.ops_word'))}"
    subgraphs = conv.sot.subgraphs if conv.sot is not None else []
    if subgraphs:  # SOT: what it captured, summed over its subgraphs
        total = sum(s.num_ops for s in subgraphs)
        return t_html("report.sot_ops", total=f"<b>{total}</b>", n=len(subgraphs),
                      s="s" if len(subgraphs) != 1 else "")
    return esc(t("report.ops_unknown"))


def _timings(conv) -> str:
    labels = {"convert_s": t("report.timing_convert"), "first_run_s": t("report.timing_first_run")}
    if conv.mode == "sot":  # to_static only wraps; SOT translates during the first call
        labels = {"first_run_s": t("report.timing_sot")}
    return ", ".join(f"{esc(labels[k])} {v * 1000:.0f} ms" for k, v in conv.timings.items() if k in labels)


def summary_html(conv) -> str:
    """Report section: name, mode, op and parameter counts, inputs, outputs, timings."""
    timings = _timings(conv)
    ins = ", ".join(esc(str(i)) for i in conv.inputs) or "-"
    outs = ", ".join([esc(str(o)) for o in conv.outputs]
                     + [esc(name) for name in getattr(conv, "output_objects", [])]) or "-"
    return (
        f'<div class="d2s-summary"><b>{esc(conv.name)}</b> '
        f'<span class="d2s-sub">[{esc(conv.mode)}]</span> · {_op_count(conv)} · '
        f"<b>{conv.num_params:,}</b> {esc(t('report.params_word'))} ({conv.param_bytes / 1024:.1f} KiB) · "
        f"{esc(t('report.in_word'))} {ins} · {esc(t('report.out_word'))} {outs} · {timings} · "
        f"{esc(t('report.paddle'))} {esc(conv.paddle_version)}</div>"
        + path_html(conv)
    )


PATH_TEXT = {"ast": "report.path_ast", "sot": "report.path_sot"}
# where a conversion's path came from (d2s_lab.core.modes) -> the catalogue's words for it
WHY_TEXT = {"paddle": "report.path_paddle", "asked": "report.path_asked", "session": "report.path_session",
            "D2S_MODE": "report.path_env"}


def path_html(conv) -> str:
    """Which path the conversion took and why (Paddle's default, or asked for), and the
    option that gives the other one."""
    mode = conv.mode if conv.mode in ("ast", "sot") else "ast"
    other = "ast" if mode == "sot" else "sot"
    why = t(WHY_TEXT.get(getattr(conv, "mode_source", "asked"), "report.path_asked"),
            version=conv.paddle_version)
    return ('<div class="d2s-sub d2s-path">'
            + t_html("report.path_line", path=f"<b>{esc(t(PATH_TEXT[mode]))}</b>", why=esc(why),
                     other=f"<code>{esc(t('report.other_path', mode=other))}</code>")
            + "</div>")


def section_constants(conv) -> str:
    """Report section: the Python values among the inputs, which the Program is built for."""
    consts = conv.constants
    if not consts:
        return ""
    items = " · ".join(f"<code>{esc(str(c))}</code>" + (esc(t("report.constant_default")) if c.default else "")
                       for c in consts)
    return f'<div class="d2s-note d2s-constants">{t_html("report.constants", items=items)}</div>'


def sources_or_structure(conv) -> str:
    """Report section: the sources; the Layer's structure when forward is Paddle's own
    code (nn.Sequential); the original alone in SOT mode, which rewrites bytecode."""
    if conv.library_forward:
        return (f"<details open><summary>{esc(t('report.structure'))}</summary>"
                f"<pre>{esc(fold_repeated_layers(conv.structure or ''))}</pre></details>")
    if conv.mode == "sot":
        return (f"<details open><summary>{esc(t('report.source'))}</summary>"
                f'<div class="d2s-sub">{esc(t("report.sot_no_transformed"))}</div>'
                f"{highlight_python(conv.original_source or t('report.no_source'))}"
                "</details>")
    return section_sources(conv)


def section_methods(conv) -> str:
    """Report section: the Layer's other to_static methods, each a report of its own."""
    parts = []
    for name, method in conv.methods.items():
        code = f"<code>{esc(name)}</code>"
        title = (t_html("report.method", name=code, ops=method.drawn_graph.num_listed_ops())
                 if method.drawn_graph is not None else t_html("report.method_no_ops", name=code))
        parts.append(f'<details class="d2s-method"><summary>{title}</summary>{_sections(method)}</details>')
    return "".join(parts)


def section_notes(conv) -> str:
    """Report section: the conversion's notes, one box each."""
    return "".join(f'<div class="d2s-note">{esc(n)}</div>' for n in conv.notes)


# The report's sections, in display order. Each takes the Conversion and
# returns HTML ("" to skip). Features add their section here.
SECTIONS = [
    summary_html,
    section_constants,
    section_error,
    section_notes,
    section_rewrites,  # "" unless Paddle silently rewrote Python values (conv.rewrites)
    section_prints,
    section_check,
    section_graph,  # on the default path: the run drawn whole, before the SOT section that details it
    section_sot,
    sources_or_structure,
    section_ops,
    section_ops_by_line,
    section_methods,
    section_saved,
    section_paddle_log,
]


def _sections(conv, drawn=None) -> str:
    return "".join(section_graph(conv, drawn) if section is section_graph else section(conv)
                   for section in SECTIONS)


def conversion_html(conv, drawn=None) -> str:
    """The whole report for one Conversion, as one self-contained HTML fragment;
    ``drawn``: the graph section's drawing, already made (:func:`.graph_view.report_graph`)."""
    with naming(getattr(conv, "var_name", None)):
        return wrap(f'<div class="d2s-report">{_sections(conv, drawn)}{lang_line()}</div>')


def lang_line() -> str:
    """One line saying the language in use and how to switch to the other."""
    return ('<div class="d2s-sub d2s-lang">'
            + t_html("report.lang_line", other="<code>%d2s_lang {}</code>".format("zh" if get_lang() == "en" else "en"),
                     env="<code>D2S_LANG</code>")
            + "</div>")


def error_html(message: str, hint: str = "") -> str:
    """A message box for a failure that left no Conversion to report on."""
    return message_box("error", message, hint)


__all__ = ["SECTIONS", "conversion_html", "error_html", "section_constants", "section_methods",
           "section_notes", "sources_or_structure", "summary_html"]
