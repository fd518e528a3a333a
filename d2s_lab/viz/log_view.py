"""What a conversion printed: the user's prints while Paddle traced forward (they run
once, at trace time, which is worth seeing), and Paddle's own log lines and warnings,
kept out of the way behind a toggle."""
from __future__ import annotations

from d2s_lab.text import t
from d2s_lab.viz.html import esc


def section_prints(conv) -> str:
    """The user's prints while Paddle traced forward, shown once and labelled."""
    if not conv.traced_prints.strip():
        return ""
    return (f'<div class="d2s-log d2s-traced"><b>{esc(t("report.printed"))}</b> '
            f'<span class="d2s-sub">{esc(t("report.printed_why"))}</span>'
            f"<pre>{esc(conv.traced_prints.rstrip())}</pre></div>")


def section_paddle_log(conv) -> str:
    """Paddle's native log lines and warnings while converting, collapsed."""
    log = conv.paddle_log.strip()
    if not log:
        return ""
    n = len(log.splitlines())
    title = t("report.paddle_log", n=n, s="s" if n != 1 else "")
    return (f'<details class="d2s-log d2s-paddle-log"><summary>{esc(title)}</summary>'
            f"<pre>{esc(log)}</pre></details>")
