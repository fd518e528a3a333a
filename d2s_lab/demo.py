"""``make demo``: the main job, headless. Writes its output under ``build/``."""
from __future__ import annotations

import os
import sys
import time


def seed_report(out_dir: str = "build") -> str:
    """Convert the seed model and write a one-file HTML report; return its path."""
    import d2s_lab
    from d2s_lab.examples import SEED_INPUT, EmbeddingNet
    from d2s_lab.viz.report import conversion_html

    os.makedirs(out_dir, exist_ok=True)
    conv = d2s_lab.convert(EmbeddingNet(), [SEED_INPUT])
    path = os.path.join(out_dir, "seed_report.html")
    with open(path, "w", encoding="utf-8") as fh:
        fh.write("<!doctype html><meta charset='utf-8'><title>d2s_lab: seed model</title>")
        fh.write(conversion_html(conv))
    print(conv.summary())
    return path


def main(argv=None) -> int:
    t0 = time.perf_counter()
    path = seed_report()
    print(f"\nd2s_lab demo finished in {time.perf_counter() - t0:.1f} s.")
    print(f"Output: {os.path.abspath(path)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
