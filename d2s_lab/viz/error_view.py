"""An :class:`~d2s_lab.core.diagnosis.ErrorReport` as compact HTML.

The failing line of the user's cell with a few numbered lines around it, the
matching line of the code Paddle generated, the hint, and Paddle's full text
one click away. Everything shown is escaped.
"""
from __future__ import annotations


from d2s_lab.core.tracebacks import fold_repeated_frames
from d2s_lab.core.frames import display_file
from d2s_lab.text.lang import get_lang
from d2s_lab.text import t
from d2s_lab.viz.html import CSS, INLINE, esc, rich
from d2s_lab.viz.palette import with_colors

ERROR_CSS = with_colors("""
.d2s .d2s-err-head{font-weight:600}
.d2s .d2s-err-where{color:$MUTED;margin:2px 0 4px}
.d2s table.d2s-code{border-collapse:collapse;font-family:'JetBrains Mono',Menlo,Consolas,monospace;
 font-size:12px;background:#fff;border:1px solid $BORDER;margin:4px 0}
.d2s table.d2s-code td{padding:0 6px;white-space:pre;vertical-align:top}
.d2s table.d2s-code td.d2s-ln{color:$FAINT;text-align:right;user-select:none;border-right:1px solid $BORDER}
.d2s table.d2s-code tr.d2s-bad td{background:$BAD_LINE_BG}
.d2s table.d2s-code tr.d2s-bad td.d2s-ln{color:$FAIL_COLOR;font-weight:700}
.d2s .d2s-hint-box{background:$PASS_BG;border:1px solid $PASS_BORDER;border-radius:6px;padding:6px 10px;margin:4px 0}
.d2s pre.d2s-tb{max-height:360px;overflow:auto;background:$PANEL_BG;border:1px solid $BORDER;padding:6px}
""")


def code_lines_html(lines, title: str = "") -> str:
    """Numbered code lines; the failing one marked with a red background and a ▶."""
    if not lines:
        return ""
    rows = []
    for ln in lines:
        cls = f' class="d2s-bad" style="{INLINE["bad"]}"' if ln.is_error else ""
        mark = "▶ " if ln.is_error else ""
        rows.append(f'<tr{cls}><td class="d2s-ln">{mark}{ln.number}</td>'
                    f'<td style="{INLINE["left"]}">{esc(ln.text)}</td></tr>')
    head = f'<div class="d2s-sub">{esc(title)}</div>' if title else ""
    # long lines scroll inside the box instead of running past its border
    return (head + '<div class="d2s-code-scroll" style="overflow-x:auto;max-width:100%">'
            f'<table class="d2s-code" style="{INLINE["code"]}">' + "".join(rows) + "</table></div>")


def error_report_body(report, note: str = "") -> str:
    """The report without the outer wrapper (for use inside other views), in the current
    language (``%d2s_lang``)."""
    who = report.name or t("err.the_function")
    mode = f" [{report.mode}]" if report.mode else ""
    if report.stage == "run":
        what = t("err.run", who=who, mode=mode)
    elif report.stage == "convert":
        what = t("err.convert", who=who, mode=mode)
    else:
        what = t("err.other", who=who, mode=mode)
    head = f'<div class="d2s-err-head">{esc(what)}: {esc(report.exc_type)}</div>'
    # Paddle's own words, verbatim and marked as Paddle's (they can hold its internal notes)
    msg = (f'<div class="d2s-paddle-says"><span class="d2s-sub">{esc(t("err.paddle_says"))}</span> '
           f"{esc(report.message)}</div>")
    if getattr(report, "stopped", False):  # stopped by d2s_lab: its own words, no Paddle error
        head = f'<div class="d2s-err-head">{esc(t("err.stopped", who=who, mode=mode))}</div>'
        msg = f'<div class="d2s-stopped">{esc(report.message)}</div>'

    where = ""
    if report.where:
        fn = f" ({t('err.in_fn')} {report.function})" if report.function else ""
        place = t("report.line_of", file=display_file(report.file), line=report.line)
        where = f'<div class="d2s-err-where">{esc(t("err.at"))} {esc(place)}{esc(fn)}</div>'
    ctx = code_lines_html(report.context)
    trans = ""
    if report.transformed:
        bad = next((c for c in report.transformed if c.is_error), None)
        orig = (report.code or "").strip()
        if bad is not None and bad.text.strip() != orig:
            trans = (f"<details><summary>{esc(t('err.matching_transformed'))}</summary>"
                     + code_lines_html(report.transformed, t("err.generated_code"))
                     + "</details>")
    hint = ""
    text = report.hint_for(get_lang()) if hasattr(report, "hint_for") and report.hint_id else report.hint
    if text:
        hint_id = f' <span class="d2s-sub">({esc(report.hint_id)})</span>' if report.hint_id else ""
        hint = (f'<div class="d2s-hint-box" style="{INLINE["hint"]}"><b>{esc(t("err.hint"))}</b>'
                f"{hint_id}: {rich(text)}</div>")
    full = ""
    if report.original_text:
        full = (f"<details><summary>{esc(t('err.full_tb'))}</summary>"
                f'<pre class="d2s-tb">{esc(fold_repeated_frames(report.original_text))}</pre></details>')
    tail = f'<div class="d2s-sub">{esc(note)}</div>' if note else ""
    return (f'<div class="d2s-error" style="{INLINE["error"]}">{head}{msg}{where}{ctx}{trans}{hint}'
            f"{full}{tail}</div>")


def error_report_html(report, note: str = "") -> str:
    """A self-contained HTML fragment for one ErrorReport (``note``: a line added below)."""
    return f'<div class="d2s"><style>{CSS}{ERROR_CSS}</style>{error_report_body(report, note)}</div>'


def section_error(conv) -> str:
    """Report section: the diagnosed error of a failed conversion ("" when it succeeded)."""
    report = conv.error.report if conv.error is not None else None
    if report is None:
        return ""
    return f"<style>{ERROR_CSS}</style>" + error_report_body(report)
