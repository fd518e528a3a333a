"""Original and transformed source side by side, aligned, with changed lines marked.

Plain HTML and CSS (no JavaScript), so it survives nbconvert and nbviewer.
Lines are aligned with :mod:`difflib`, highlighted with pygments, and every
piece of source text is escaped.
"""
from __future__ import annotations

import difflib
import functools
import os
import re
from typing import Iterable, List, Optional, Sequence, Tuple

from pygments import lex
from pygments.lexers import PythonLexer
from pygments.token import STANDARD_TYPES

from d2s_lab.text.lang import get_lang
from d2s_lab.text import t
from d2s_lab.viz.html import esc, report_var, t_html, wrap
from d2s_lab.viz.linked_view import linked_lines
from d2s_lab.viz.palette import ADDED_BG, REMOVED_BG, with_colors

DIFF_CSS = with_colors("""
.d2s .d2s-sbs{border:1px solid $BORDER;border-radius:6px;margin:4px 0}
.d2s table.d2s-diff{border-collapse:collapse;width:100%;table-layout:fixed;font-family:'JetBrains Mono',Menlo,Consolas,monospace;font-size:12px}
.d2s table.d2s-diff col.d2s-c-ln{width:3.6em}
.d2s table.d2s-diff col.d2s-c-mark{width:1.4em}
.d2s table.d2s-diff th{background:$PANEL_BG;text-align:left;font-weight:600;padding:3px 6px;border-bottom:1px solid $BORDER;font-family:inherit}
.d2s table.d2s-diff td{padding:0 6px;white-space:pre-wrap;overflow-wrap:break-word;vertical-align:top;line-height:1.45;text-align:left}
.d2s table.d2s-diff td.d2s-ln{color:$FAINT;text-align:right;user-select:none;border-right:1px solid $RULE}
.d2s table.d2s-diff td.d2s-del{background:$REMOVED_BG}
.d2s table.d2s-diff td.d2s-add{background:$ADDED_BG}
.d2s table.d2s-diff td.d2s-ln.d2s-del{background:$REMOVED_NUMBER_BG}
.d2s table.d2s-diff td.d2s-ln.d2s-add{background:$ADDED_NUMBER_BG}
.d2s table.d2s-diff td.d2s-none{background:$PANEL_BG}
.d2s table.d2s-diff td.d2s-del .d2s-chg{background:$REMOVED_CHARS_BG;border-radius:2px}
.d2s table.d2s-diff td.d2s-add .d2s-chg{background:$ADDED_CHARS_BG;border-radius:2px}
.d2s table.d2s-diff td.d2s-mark{padding:0 2px;color:$MUTED;user-select:none;text-align:center}
.d2s table.d2s-diff td[data-d2s-line]{cursor:pointer}
.d2s table.d2s-diff td[data-d2s-line].d2s-ln{text-decoration:underline dotted $LINK_MARK}
.d2s .d2s-diffstat{color:$MUTED;font-size:12px;margin:2px 0}
""")


def _css_class(ttype) -> str:
    while ttype not in STANDARD_TYPES:
        ttype = ttype.parent
    return STANDARD_TYPES[ttype]


Token = Tuple[str, str]  # (pygments CSS class, text)


@functools.lru_cache(maxsize=256)
def _tokens(source: str) -> Tuple[List[List[Token]], List[str]]:
    """Per line: its highlighted tokens, and a comparison key (code without comments,
    quotes or spacing, so reformatting and dropped comments do not count as changes).
    Cached: the steps lex each source up to four times (after one step, before the next,
    in the stepper and the static copy); callers only read the lists."""
    lines: List[List[Token]] = [[]]
    keys: List[str] = [""]
    text = (source or "").rstrip("\n") + "\n"
    # Spaces are carried into the next token's text: HTML exports (nbconvert)
    # collapse whitespace-only text between tags, which would lose indentation.
    pending = ""
    for ttype, value in lex(text, PythonLexer(stripnl=False, ensurenl=False)):
        cls = _css_class(ttype)
        is_comment = str(ttype).startswith("Token.Comment")
        for i, part in enumerate(value.split("\n")):
            if i:
                lines.append([])
                keys.append("")
                pending = ""
            if not part:
                continue
            if not part.strip():
                pending += part
                continue
            part, pending = pending + part, ""
            lines[-1].append((cls, part))
            if not is_comment:
                keys[-1] += "".join(part.split()).replace("'", '"')
    if lines and not lines[-1]:
        lines.pop()
        keys.pop()
    return lines, keys


# Token classes pygments' default style draws as plain text (names, punctuation) or
# that hold only spaces: no <span> for them, which halves the HTML of a line of code.
_UNSTYLED = frozenset({"n", "p", "nx", "w"})

# A long line wraps after these (at token boundaries); a name is broken only when it
# alone is wider than its column (overflow-wrap:break-word).
_BREAK_AFTER = ("(", "[", ",")


def _render(tokens: List[Token], ranges: Sequence[Tuple[int, int]] = ()) -> str:
    """One line's tokens as escaped HTML; characters inside ``ranges`` (offsets in
    the line's text) are marked ``d2s-chg`` (instead of their colour). Neighbouring
    pieces of one class share a ``<span>``: a rewritten line stays small."""
    out: List[str] = []
    run_cls, run = "", []

    def flush():
        if run:
            text = esc("".join(run))
            out.append(f'<span class="{run_cls}">{text}</span>' if run_cls else text)
            run.clear()

    pos = 0
    for cls, text in tokens:
        cuts = {0, len(text)}
        for a, b in ranges:
            for c in (a - pos, b - pos):
                if 0 < c < len(text):
                    cuts.add(c)
        cuts = sorted(cuts)
        for a, b in zip(cuts, cuts[1:]):
            changed = any(r0 <= pos + a and pos + b <= r1 for r0, r1 in ranges)
            klass = "d2s-chg" if changed else ("" if cls in _UNSTYLED else cls)
            if klass != run_cls:
                flush()
                run_cls = klass
            run.append(text[a:b])
        if text.endswith(_BREAK_AFTER):
            flush()
            out.append("<wbr>")  # long lines wrap here, between tokens, not inside a name
        pos += len(text)
    flush()
    return "".join(out)


def _char_changes(a: str, b: str) -> Tuple[List[Tuple[int, int]], List[Tuple[int, int]]]:
    """Changed character ranges of two paired lines (left, right)."""
    sm = difflib.SequenceMatcher(None, a, b, autojunk=False)
    left, right = [], []
    for tag, i1, i2, j1, j2 in sm.get_opcodes():
        if tag == "equal":
            continue
        if i2 > i1:
            left.append((i1, i2))
        if j2 > j1:
            right.append((j1, j2))
    return left, right


def _lines(source: str) -> Tuple[List[str], List[str]]:
    """Per line: highlighted HTML, and the comparison key (see :func:`_tokens`)."""
    toks, keys = _tokens(source)
    return [_render(t) for t in toks], keys


def align(a: List[str], b: List[str]) -> List[Tuple[Optional[int], Optional[int], str]]:
    """Pair lines (or line keys) of ``a`` and ``b``: ``(i or None, j or None, tag)``,
    tag in equal | replace | delete | insert."""
    return list(_aligned(tuple(a), tuple(b)))


@functools.lru_cache(maxsize=64)
def _aligned(a: Tuple[str, ...], b: Tuple[str, ...]) -> Tuple[Tuple[Optional[int], Optional[int], str], ...]:
    """:func:`align`, cached: a step's diff is counted, drawn in the stepper and in its
    static copy."""
    rows = []
    sm = difflib.SequenceMatcher(None, a, b, autojunk=False)
    for tag, i1, i2, j1, j2 in sm.get_opcodes():
        if tag == "equal":
            rows.extend((i1 + k, j1 + k, tag) for k in range(i2 - i1))
            continue
        rows.extend(_pair_block(a, b, i1, i2, j1, j2))
    return tuple(rows)


_WRAPPERS = re.compile(r"_jst\.\w+\(|[()\[\],]")


def _similar(x: str, y: str) -> float:
    x, y = _WRAPPERS.sub("", x), _WRAPPERS.sub("", y)
    if not x or not y:
        return 0.0
    return difflib.SequenceMatcher(None, x, y, autojunk=False).ratio()


def _pair_block(a, b, i1, i2, j1, j2):
    """Inside a changed block, pair each old line with the most similar later new
    line (in order), so a rewritten line sits beside what it became."""
    rows = []
    j = j1
    big = (i2 - i1) * (j2 - j1) > 40000  # keep huge blocks linear
    for i in range(i1, i2):
        best, best_j = 0.0, None
        if not big:
            for jj in range(j, j2):
                r = _similar(a[i], b[jj])
                if r > best:
                    best, best_j = r, jj
        elif j < j2:
            best, best_j = 1.0, j
        if best_j is not None and best >= 0.6:
            rows.extend((None, jj, "insert") for jj in range(j, best_j))
            rows.append((i, best_j, "replace"))
            j = best_j + 1
        else:
            rows.append((i, None, "delete"))
    rows.extend((None, jj, "insert") for jj in range(j, j2))
    return rows


def diff_stat(original: str, transformed: str) -> Tuple[int, int]:
    """(lines removed, lines added) between two sources."""
    a, b = _tokens(original)[1], _tokens(transformed)[1]
    removed = added = 0
    for i, j, tag in align(a, b):
        if tag != "equal":
            removed += i is not None
            added += j is not None
    return removed, added


# Inline, for untrusted notebooks (their sanitizer strips <style>, keeps style=""):
# monospace, kept spacing, code left-aligned (JupyterLab right-aligns table cells),
# removed/added lines tinted.
# A code column never narrower than about 24 characters: with its long transformed lines
# beside it, the original's short lines would otherwise wrap every few characters.
_TABLE_STYLE = ' style="font-family:monospace;font-size:12px;overflow-wrap:break-word"'
_CODE = "text-align:left;white-space:pre-wrap;min-width:16em"
_CODE_STYLE = {"": f' style="{_CODE}"',
               " d2s-del": f' style="{_CODE};background-color:{REMOVED_BG}"',
               " d2s-add": f' style="{_CODE};background-color:{ADDED_BG}"'}

_COLS = ('<colgroup><col class="d2s-c-ln"><col class="d2s-c-code"><col class="d2s-c-mark">'
         '<col class="d2s-c-ln"><col class="d2s-c-code"></colgroup>')


def side_by_side_html(
    original: str,
    transformed: Optional[str],
    left_title: Optional[str] = None,
    right_title: Optional[str] = None,
    first_line: int = 1,
    right_first_line: int = 1,
    linked_lines: Optional[Iterable[int]] = None,
    title: Optional[str] = None,
    style: bool = True,
    inline: bool = True,
    context: Optional[int] = None,
    colours: bool = True,
    max_bytes: Optional[int] = None,
) -> str:
    """Two aligned, highlighted columns with changed lines marked; no JavaScript.

    ``first_line`` numbers the left column (a cell's or file's line numbers, so
    they match the op table).  Left lines in ``linked_lines`` carry
    ``data-d2s-line`` so the report's linked view can highlight their ops.
    ``inline``: also carry the styles the table needs inline, for where a sanitizer
    strips ``<style>`` (untrusted notebooks); a widget's pages (shown live only) skip them.
    ``context``: show only the changed lines and this many unchanged ones around them,
    each longer run of unchanged lines folded into one "N unchanged lines" row.
    ``colours=False``: no syntax colours (changed characters stay marked), for copies
    that must stay small; ``max_bytes``: rows stop there, one row saying how many more.
    """
    a_src = original or ""
    b_src = transformed if transformed is not None else ""
    a_toks, a_keys = _tokens(a_src)
    b_toks, b_keys = _tokens(b_src)
    if not colours:
        a_toks, b_toks = _uncoloured(a_toks), _uncoloured(b_toks)
    linked = set(linked_lines or ())
    rows = []
    removed = added = 0
    pairs = align(a_keys, b_keys)
    keep = _near_changes(pairs, context)
    skipped = size = 0
    for n_row, (i, j, tag) in enumerate(pairs):
        if tag != "equal":
            removed += i is not None
            added += j is not None
        if not keep[n_row]:
            skipped += 1
            continue
        if skipped:
            rows.append(_skipped_row(skipped))
            skipped = 0
        a_ranges = b_ranges = ()
        if tag == "replace":
            a_ranges, b_ranges = _char_changes("".join(t for _, t in a_toks[i]),
                                               "".join(t for _, t in b_toks[j]))
        lcls = {"equal": "", "replace": " d2s-del", "delete": " d2s-del", "insert": ""}[tag]
        rcls = {"equal": "", "replace": " d2s-add", "insert": " d2s-add", "delete": ""}[tag]
        lsty, rsty = (_CODE_STYLE[lcls], _CODE_STYLE[rcls]) if inline else ("", "")
        mark = {"equal": "", "replace": "~", "delete": "-", "insert": "+"}[tag]
        if i is None:
            left = '<td class="d2s-ln d2s-none"></td><td class="d2s-code d2s-none"></td>'
        else:
            n = first_line + i
            data = f' data-d2s-line="{n}"' if n in linked else ""
            left = (f'<td class="d2s-ln{lcls}"{data}>{n}</td>'
                    f'<td class="d2s-code{lcls}"{data}{lsty}>{_render(a_toks[i], a_ranges)}</td>')
        if j is None:
            right = '<td class="d2s-ln d2s-none"></td><td class="d2s-code d2s-none"></td>'
        else:
            right = (f'<td class="d2s-ln{rcls}">{right_first_line + j}</td>'
                     f'<td class="d2s-code{rcls}"{rsty}>{_render(b_toks[j], b_ranges)}</td>')
        rows.append(f'<tr>{left}<td class="d2s-mark">{mark}</td>{right}</tr>')
        size += len(rows[-1])
        if max_bytes is not None and size > max_bytes and n_row + 1 < len(pairs):
            rows.append(_skipped_row(len(pairs) - n_row - 1, "sources.more_rows"))
            skipped = 0
            break
    if skipped:
        rows.append(_skipped_row(skipped))
    if transformed is None:
        rows.append('<tr><td></td><td></td><td></td><td></td>'
                    f'<td class="d2s-code d2s-none">{esc(t("sources.no_transformed"))}</td></tr>')
    left_title = t("sources.original") if left_title is None else left_title
    right_title = t("sources.transformed") if right_title is None else right_title
    head = (f'<tr><th colspan="2">{esc(left_title)}</th><th></th>'
            f'<th colspan="2">{esc(right_title)}</th></tr>')
    caption = f"<h4>{esc(title)}</h4>" if title else ""
    stat = (f'<div class="d2s-diffstat">−{removed} / +{added}</div>'
            if transformed is not None else "")
    css = f"<style>{DIFF_CSS}</style>" if style else ""
    return (f'{css}{caption}{stat}<div class="d2s-sbs"><div class="highlight">'
            f'<table class="d2s-diff"{_TABLE_STYLE if inline else ""}>{_COLS}<thead>{head}</thead>'
            f'<tbody>{"".join(rows)}</tbody></table>'
            f"</div></div>")


def _uncoloured(lines: List[List[Token]]) -> List[List[Token]]:
    return [[("", text) for _, text in line] for line in lines]


def _near_changes(pairs, context: Optional[int]) -> List[bool]:
    """Which aligned rows to show: all, or (``context``) the changed ones and ``context``
    rows either side of each."""
    if context is None:
        return [True] * len(pairs)
    changed = [k for k, (_, _, tag) in enumerate(pairs) if tag != "equal"]
    keep = [False] * len(pairs)
    for k in changed:
        for m in range(max(0, k - context), min(len(pairs), k + context + 1)):
            keep[m] = True
    return keep


def _skipped_row(n: int, key: str = "sources.unchanged_lines") -> str:
    return (f'<tr><td class="d2s-ln d2s-none"></td><td class="d2s-code d2s-none d2s-sub" colspan="4">'
            f"{esc(t(key, n=n, s='s' if n != 1 else ''))}</td></tr>")


# Bytes the report's side-by-side source takes before it shows only the changed lines
# (with PAGE_CONTEXT lines around them) without syntax colours, cut at the same size;
# ``.source()`` shows all.
REPORT_SOURCE_BYTES = 30_000
PAGE_CONTEXT = 3


def section_sources(conv) -> str:
    """Report section: the original beside the transformed source (lines that
    produced ops are linked to the diagram), then every function Paddle
    converted recursively while converting it, each beside its transformed code."""
    lang = get_lang()
    lines = linked_lines(conv.drawn_graph, conv.source_file)

    def main(**compact) -> str:
        return side_by_side_html(
            conv.original_source or t("report.no_source", lang),
            conv.transformed_source,
            left_title=t("sources.original", lang),
            right_title=t("sources.transformed", lang),
            first_line=conv.source_first_line or 1,
            linked_lines=lines,
            **compact,
        )

    first = main()
    if len(first) > REPORT_SOURCE_BYTES:  # a long forward: its changes, uncoloured
        first = main(colours=False, context=PAGE_CONTEXT, max_bytes=REPORT_SOURCE_BYTES) + (
            '<div class="d2s-sub">' + t_html("sources.compacted", lang, call=f"<code>{esc(report_var())}.source()</code>")
            + "</div>")
    parts = [first]
    for fn in conv.callees:
        parts.append(
            f"<details><summary>{esc(t('sources.converted_too', lang))}: <code>{esc(fn.name)}</code></summary>"
            + side_by_side_html(fn.original_source or t("report.no_source", lang), fn.transformed_source,
                                left_title=t("sources.original", lang),
                                right_title=t("sources.transformed", lang),
                                first_line=fn.first_line or 1, style=False)
            + "</details>"
        )
    return (f"<details open><summary>{esc(t('sources.section', lang))}</summary>"
            + "".join(parts) + "</details>")


def layer_source_html(src, lang: Optional[str] = None) -> str:
    """A forward on its own (:class:`~d2s_lab.core.steps.LayerSource`, a sublayer's asked
    for by path): its name, the library it belongs to, its file and first line, then its
    code beside the transformed code, numbered as in its file."""
    lang = get_lang(lang)
    mark = ""
    if src.library:
        where = f"{os.path.basename(src.source_file)}:{src.first_line}" if src.source_file else ""
        mark = (f' <span class="d2s-sub d2s-library">{esc(t("graph.library_line", lang, library=src.library))}'
                f'{" · " + esc(where) if where else ""}</span>')
    head = f"<h3>{esc(t('sources.section', lang))}: <code>{esc(src.name)}</code>{mark}</h3>"
    if not getattr(src, "converted", True):
        head += f'<div class="d2s-sub">{esc(t("steps.runs_as_written", lang, library=src.library))}</div>'
    return wrap(head + side_by_side_html(src.original_source or t("report.no_source", lang),
                                         src.transformed_source,
                                         left_title=t("sources.original", lang),
                                         right_title=t("sources.transformed", lang),
                                         first_line=src.first_line or 1))
