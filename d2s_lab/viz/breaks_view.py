"""A graph break's catalogue entry as HTML: its id, linked to its section of the manual,
and the fix in one line (:func:`d2s_lab.breaks`)."""
from __future__ import annotations

from d2s_lab.text import t
from d2s_lab.viz.html import rich
from d2s_lab.viz.html import CSS, esc, table


def break_id_html(brk) -> str:
    """The break's catalogue id, linked to its section of the manual ("" without an entry)."""
    entry = brk.entry
    if entry is None:
        return ""
    title = t("breaks.link_title", id=entry.id, title=entry.title())
    return (f'<a class="d2s-break-id" href="{esc(entry.page())}" target="_blank" rel="noopener" '
            f'title="{esc(title)}"><code>{esc(entry.id)}</code></a>')


def break_fix_html(brk) -> str:
    """``SOT-B001`` (linked to the manual) and the one-line fix, for a break row; "" where
    no entry fits the break."""
    entry = brk.entry
    if entry is None:
        return ""
    return f'{break_id_html(brk)} <span class="d2s-break-fix">{rich(entry.fix())}</span>'


def breaks_html(entries) -> str:
    """``d2s_lab.breaks()`` as a table: each entry's id (linked to the manual), its reason
    class, title and fix."""
    rows = [[f'<a class="d2s-break-id" href="{esc(e.page())}" target="_blank" rel="noopener"><code>{esc(e.id)}</code></a>',
             f"<code>{esc(e.reason)}</code>", rich(e.title()), f'<span class="d2s-break-fix">{rich(e.fix())}</span>']
            for e in entries]
    head = f"<div><b>{esc(t('breaks.catalogue_head', n=len(rows)))}</b></div>"
    body = table([t("breaks.col_id"), t("sot.col_reason"), t("breaks.col_title"), t("breaks.col_fix")], rows)
    return f'<div class="d2s"><style>{CSS}</style>{head}{body}</div>'
