"""What a conversion printed: the user's prints while Paddle traced forward (they run
once, at trace time, which is worth seeing), and Paddle's own log lines and warnings,
kept out of the way behind a toggle."""
from __future__ import annotations

from d2s_lab.viz.html import esc


def section_prints(conv) -> str:
    """The user's prints while Paddle traced forward, shown once and labelled."""
    if not conv.traced_prints.strip():
        return ""
    return ('<div class="d2s-log d2s-traced"><b>Printed while tracing</b> '
            '<span class="d2s-sub">(forward\'s Python runs while Paddle traces it to build the '
            "Program; the static Program itself does not print)</span>"
            f"<pre>{esc(conv.traced_prints.rstrip())}</pre></div>")


def section_paddle_log(conv) -> str:
    """Paddle's native log lines and warnings while converting, collapsed."""
    log = conv.paddle_log.strip()
    if not log:
        return ""
    n = len(log.splitlines())
    return (f'<details class="d2s-log d2s-paddle-log"><summary>Paddle\'s log ({n} line'
            f'{"s" if n != 1 else ""})</summary><pre>{esc(log)}</pre></details>')
