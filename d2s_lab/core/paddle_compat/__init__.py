"""Importing Paddle lazily, with a clear message when it is missing.

Paddle is an optional extra: GPU platforms ship ``paddlepaddle-gpu`` and
installing the CPU wheel over it would break them.
"""
from __future__ import annotations

from d2s_lab.errors import PaddleMissing

INSTALL_HINT = (
    "Install PaddlePaddle first: `pip install \"d2s_lab[paddle]\"` for the CPU build, "
    "or keep the `paddlepaddle-gpu` your platform provides (do not install the CPU "
    "wheel over it). Then restart the kernel."
)


def require_paddle():
    """Return the ``paddle`` module or raise :class:`PaddleMissing`."""
    try:
        import paddle  # noqa: F401
    except Exception as exc:  # ImportError, or a broken build raising anything
        raise PaddleMissing(
            f"PaddlePaddle could not be imported ({type(exc).__name__}: {exc}).",
            INSTALL_HINT,
        ) from None
    return paddle


def paddle_version() -> str:
    return require_paddle().__version__
