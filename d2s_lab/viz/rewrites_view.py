"""The report's "Paddle rewrote Python values" section: each line where a Tensor was
turned into a Python value and Paddle silently changed its meaning
(:class:`~d2s_lab.core.rewrites.Rewrite`, on ``conv.rewrites``), with its cell line."""
from __future__ import annotations

from d2s_lab.core.frames import display_file
from d2s_lab.viz.html import rich
from d2s_lab.text import t
from d2s_lab.viz.html import esc, table
from d2s_lab.viz.palette import with_colors

REWRITES_CSS = with_colors("""
.d2s .d2s-rewrites{background:$NOTE_BG;border:1px solid $NOTE_BORDER;border-radius:6px;padding:6px 10px;margin:4px 0}
""")


def rewrites_body(rewrites) -> str:
    """The section's HTML for a list of Rewrites ("" when there is none)."""
    if not rewrites:
        return ""
    rows = []
    for rw in rewrites:
        made, why = rw.texts() if hasattr(rw, "texts") else (rw.what_paddle_made, rw.why)
        place = t("report.line_of", file=display_file(rw.file), line=rw.line) if rw.file else str(rw.line)
        rows.append([f'<span class="d2s-rw-line" data-line="{int(rw.line)}">{esc(place)}</span>',
                     f"<code>{esc(rw.original)}</code>", rich(made), rich(why)])
    head = [t("rewrites.col_line"), t("rewrites.col_code"), t("rewrites.col_made"), t("rewrites.col_why")]
    return (f"<style>{REWRITES_CSS}</style><details open><summary>{esc(t('rewrites.title'))} "
            f"({len(rewrites)})</summary><div class=\"d2s-rewrites\">{esc(t('rewrites.intro'))}</div>"
            + table(head, rows) + "</details>")


def section_rewrites(conv) -> str:
    """Report section: Paddle's silent rewrites of Python values ("" when there is none)."""
    return rewrites_body(getattr(conv, "rewrites", None) or [])


__all__ = ["rewrites_body", "section_rewrites"]
