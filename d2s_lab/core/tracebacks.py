"""Long tracebacks made short for the error box: a recursion's repeating frames shown
once, with their count (Paddle's own "In transformed code" frames included). Plain text
in, plain text out: no Paddle."""
from __future__ import annotations

from typing import List

from d2s_lab.core.frames import FRAME_RE
from d2s_lab.core.graph.repeats import repeated_runs
from d2s_lab.text import t


def fold_repeated_frames(text: str, min_runs: int = 3) -> str:
    """A traceback with each run of repeated frames (a recursion through several
    functions, which Python's own "[Previous line repeated N more times]" does not fold)
    shown once, then one line saying how many more times it repeats."""
    lines = (text or "").splitlines()
    frames: List[List[str]] = []  # a frame: its File line and the code lines under it
    def depth(line: str) -> int:
        return len(line.expandtabs(8)) - len(line.lstrip())

    for line in lines:
        if FRAME_RE.search(line) and line.lstrip().startswith("File "):
            frames.append([line])
        elif (frames and FRAME_RE.search(frames[-1][0]) and len(frames[-1]) < 4 and line.strip()
              and depth(line) > depth(frames[-1][0])):  # its code, and Python's ^^^ marks
            frames[-1].append(line)
        else:
            frames.append([line])
    sigs = [tuple(f) if FRAME_RE.search(f[0]) else None for f in frames]
    out: List[str] = []
    for i, k, runs in repeated_runs(sigs, lambda *_: True, min_runs=min_runs):
        for f in frames[i:i + k]:
            out.extend(f)
        if runs > 1:
            indent = frames[i][0][:len(frames[i][0]) - len(frames[i][0].lstrip())]
            out.append(indent + t("err.frames_repeat", k=k, runs=runs - 1))
    return "\n".join(out)



__all__ = ["fold_repeated_frames"]
