"""A conversion's later calls as HTML (``conv.calls()``, ``%d2s_calls``): calls that made
a new SOT cache entry or Program one row each, with why; runs of cache hits one row."""
from __future__ import annotations

from typing import List, Optional

from d2s_lab.text import t
from d2s_lab.viz.breaks_view import break_fix_html
from d2s_lab.viz.html import CSS, esc, rich, table


def calls_html(calls, var: Optional[str] = None) -> str:
    """``conv.calls()`` as a table: calls that made a new entry one row each, runs of
    cache hits folded into one row."""
    log = getattr(calls, "log", None)
    if log is None or getattr(log, "hooks_off", ""):
        return _box(f'<div class="d2s-note">{esc(getattr(log, "hooks_off", "") or t("calls.not_watched"))}</div>')
    if not len(calls) and getattr(log, "always_dygraph", None) is not None:
        return _box(f'<div class="d2s-note">{esc(log.always_dygraph_note())}</div>')
    if not len(calls):
        how = f"{var or '_d2s'}(x)"
        return _box(f'<div class="d2s-note">{esc(t("calls.none_yet", name=log.name, how=how))}</div>')
    new_word = t("calls.new_program") if log.mode == "ast" else t("calls.new")
    rows: List[List[str]] = []
    hits: List[int] = []

    def flush():
        if hits:
            label = str(hits[0]) if len(hits) == 1 else f"{hits[0]}-{hits[-1]}"
            rows.append([label, esc(t("calls.hit")), "", "", ""])
            hits.clear()

    for r in calls:
        if not (r.new_entry or r.dygraph):
            hits.append(r.index)
            continue
        flush()
        result = new_word if r.new_entry else t("calls.dygraph")
        size = f"{r.cache_size}/{r.cache_limit}" if r.cache_limit else str(r.cache_size)
        why = rich(r.reason) + "".join(f'<div class="d2s-sub">{break_fix_html(b)}</div>'
                                      for b in getattr(r, "breaks", ()))
        rows.append([str(r.index), f"<b>{esc(result)}</b>", why,
                     esc(size), f"{r.translate_s * 1000:.0f} ms" if r.translate_s else ""])
    flush()
    head = f"<div><b>{esc(log.summary())}</b></div>"
    dropped = log.total - len(calls)
    note = f'<div class="d2s-sub">{esc(t("calls.older_dropped", n=len(calls)))}</div>' if dropped > 0 else ""
    advice = ""
    if log.new_entries:
        advice = f'<div class="d2s-sub">{esc(t("calls.how_avoid_ast" if log.mode == "ast" else "calls.how_avoid_sot"))}</div>'
    body = table([t("calls.col_call"), t("calls.col_result"), t("calls.col_why"), t("calls.col_cache"),
                  t("calls.col_translate")], rows)
    return _box(f"{head}{body}{note}{advice}")


def _box(body: str) -> str:
    return f'<div class="d2s"><style>{CSS}</style>{body}</div>'
