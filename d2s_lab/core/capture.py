"""Catching what a conversion prints, so it can be shown once, labelled, instead of
spilling over the report.

Paddle prints native log lines (``W... eager_utils.cc``, ``I... pir_interpreter.cc``)
from C++ to file descriptors 1 and 2, which Python's ``sys.stdout`` redirection does
not catch (a notebook kernel forwards them as a red stderr block); it also issues
Python warnings; and a user's ``print`` inside forward runs while Paddle traces.
:func:`captured` records all three; :func:`quiet_c_streams` throws C output away.
"""
from __future__ import annotations

import contextlib
import io
import os
import sys
import tempfile
import warnings
from dataclasses import dataclass, field
from typing import Iterator, List, Sequence

MAX_LOG_CHARS = 20_000  # what is kept of a long log (its end is the interesting part)


@dataclass
class Captured:
    """What a block printed: ``native`` (C++ lines on fd 1/2), ``printed`` (Python's
    stdout/stderr, e.g. the user's prints while tracing), ``warnings`` (their text)."""

    native: str = ""
    printed: str = ""
    warnings: List[str] = field(default_factory=list)

    @property
    def log(self) -> str:
        """Paddle's side: native lines and warnings, as one text."""
        parts = [self.native.strip()] + [w for w in self.warnings]
        return "\n".join(p for p in parts if p)


def _clip(text: str) -> str:
    return text if len(text) <= MAX_LOG_CHARS else "…\n" + text[-MAX_LOG_CHARS:]


@contextlib.contextmanager
def _fd_to(fd: int, target) -> Iterator[None]:
    """Point file descriptor ``fd`` at ``target`` (an open file) inside the block."""
    try:
        saved = os.dup(fd)
    except OSError:  # no such stream (e.g. a detached process)
        yield
        return
    try:
        for stream in (sys.__stdout__, sys.__stderr__):
            with contextlib.suppress(Exception):
                stream.flush()
        os.dup2(target.fileno(), fd)
        yield
    finally:
        os.dup2(saved, fd)
        os.close(saved)


@contextlib.contextmanager
def quiet_c_streams(fds: Sequence[int] = (1, 2)) -> Iterator[None]:
    """Silence C-level output on ``fds`` (paddle2onnx and the predictor print from C++)."""
    with open(os.devnull, "w") as null, contextlib.ExitStack() as stack:
        for fd in fds:
            stack.enter_context(_fd_to(fd, null))
        yield


@contextlib.contextmanager
def captured() -> Iterator[Captured]:
    """Record native output, Python prints and warnings of the block into a Captured."""
    result = Captured()
    printed = io.StringIO()
    with tempfile.TemporaryFile(mode="w+b") as native, contextlib.ExitStack() as stack:
        for fd in (1, 2):
            stack.enter_context(_fd_to(fd, native))
        stack.enter_context(contextlib.redirect_stdout(printed))
        stack.enter_context(contextlib.redirect_stderr(printed))
        caught = stack.enter_context(warnings.catch_warnings(record=True))
        warnings.simplefilter("always")
        try:
            yield result
        finally:
            stack.close()
            native.seek(0)
            result.native = _clip(native.read().decode("utf-8", "replace"))
            result.printed = _clip(printed.getvalue())
            seen = set()
            for w in caught:
                text = f"{w.category.__name__}: {w.message}"
                if text not in seen:
                    seen.add(text)
                    result.warnings.append(text)


# Paddle's import warns that no C++ compiler cache is installed: a note for people
# building C++ extensions, shown to every notebook user as a red box.
_IMPORT_NOISE = r"No ccache found"


def quiet_paddle_noise() -> None:
    """Keep Paddle's well-known noise out of a notebook: the import-time ccache warning,
    and glog's INFO lines (``I1125 ... pir interpreter is running by trace mode``) that
    its C++ prints to the process's stderr. glog reads ``GLOG_minloglevel`` once, when
    Paddle loads, so this helps when it runs before ``import paddle``; an explicit
    setting is kept. Paddle's warnings (glog level 1 and up) still show."""
    warnings.filterwarnings("ignore", message=_IMPORT_NOISE, category=UserWarning)
    if "paddle" not in sys.modules:
        os.environ.setdefault("GLOG_minloglevel", "1")
