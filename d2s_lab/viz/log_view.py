"""What a conversion printed: the user's prints while Paddle traced forward (they run
once, at trace time, which is worth seeing), and Paddle's own log lines and warnings,
kept out of the way behind a toggle."""
from __future__ import annotations

import re

from d2s_lab.text import t
from d2s_lab.viz.html import INLINE, esc


# What a traced placeholder prints as: Paddle 3's Value(define_op_name=...), Paddle 2.6's
# "var x : LOD_TENSOR.shape(-1, 4)...", a Tensor of a static Program, a -1 inside a shape list.
_SYMBOLIC = re.compile(r"Value\(define_op_name=|\bvar \w+ : |LOD_TENSOR|\bdense_tensor<|"
                       r"Tensor\(shape=\[[^\]]*-1|\[(?:[^\[\]]*,\s*)?-1(?:,[^\[\]]*)?\]")


def printed_symbols(text: str) -> bool:
    """``text`` (what forward printed while traced) shows symbolic shapes or values."""
    return bool(_SYMBOLIC.search(text or ""))


def section_prints(conv) -> str:
    """The user's prints while Paddle traced forward (AST), or during the first run (SOT:
    a print runs on every call), shown once and labelled; when they show placeholders (a
    dynamic dim as a Value or -1), a note says why."""
    if not conv.traced_prints.strip():
        return ""
    note = ""
    if printed_symbols(conv.traced_prints):
        note = (f'<div class="d2s-note d2s-symbolic" style="{INLINE["note"]}">'
                f'{esc(t("report.printed_symbolic"))}</div>')
    # AST: forward's Python runs once, while traced; SOT: a print runs in Python on every call
    sot = getattr(conv, "mode", "") == "sot"
    head, why = (t("report.printed_sot"), t("report.printed_why_sot")) if sot else \
        (t("report.printed"), t("report.printed_why"))
    return (f'<div class="d2s-log d2s-traced"><b>{esc(head)}</b> '
            f'<span class="d2s-sub">{esc(why)}</span>'
            f"<pre>{esc(conv.traced_prints.rstrip())}</pre>{note}</div>")


def section_paddle_log(conv) -> str:
    """Paddle's native log lines and warnings while converting, collapsed."""
    log = conv.paddle_log.strip()
    if not log:
        return ""
    n = len(log.splitlines())
    title = t("report.paddle_log", n=n, s="s" if n != 1 else "")
    return (f'<details class="d2s-log d2s-paddle-log"><summary>{esc(title)}</summary>'
            f"<pre>{esc(log)}</pre></details>")
