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
from typing import Iterator, List, Sequence, Tuple

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


# Where the native output of a block goes while it runs: a named file, removed when the
# block ends. If Paddle's C++ ends the process inside the block (abort(), a fatal glog
# check), the file stays, with Paddle's last words: :func:`ended_runs` finds it later.
_FILE_PREFIX = "capture-"
_HEAD = b"#d2s_lab "  # the first line: what the block was doing


def capture_dir() -> str:
    """This user's folder for the captures of running blocks (made on first use):
    ``D2S_CAPTURE_DIR`` where set, else ``d2s_lab-UID`` in the temporary folder."""
    if os.environ.get("D2S_CAPTURE_DIR"):
        return os.environ["D2S_CAPTURE_DIR"]
    uid = os.getuid() if hasattr(os, "getuid") else 0
    return os.path.join(tempfile.gettempdir(), f"d2s_lab-{uid}")


def forget(pid: int) -> None:
    """Remove what a process d2s_lab itself stopped (a forked run killed at its budget or
    on an Interrupt) left in :func:`capture_dir`: it did not end by surprise."""
    folder = capture_dir()
    with contextlib.suppress(OSError):
        for name in os.listdir(folder):
            if name.startswith(f"{_FILE_PREFIX}{pid}-"):
                with contextlib.suppress(OSError):
                    os.remove(os.path.join(folder, name))


def _open_capture(what: str):
    folder = capture_dir()
    os.makedirs(folder, mode=0o700, exist_ok=True)
    fd, path = tempfile.mkstemp(prefix=f"{_FILE_PREFIX}{os.getpid()}-", suffix=".log", dir=folder)
    native = os.fdopen(fd, "w+b")
    head = " ".join(what.split())[:200]
    native.write(_HEAD + head.encode("utf-8", "replace") + b"\n")
    native.flush()
    return native, path


@contextlib.contextmanager
def captured(what: str = "") -> Iterator[Captured]:
    """Record native output, Python prints and warnings of the block into a Captured.
    ``what`` (one line: "converting net") is what the block does, said by
    :func:`ended_runs` if the process ends inside it."""
    result = Captured()
    printed = io.StringIO()
    native, path = _open_capture(what)
    with native, contextlib.ExitStack() as stack:
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
            native.readline()  # the head line
            result.native = _clip(native.read().decode("utf-8", "replace"))
            result.printed = _clip(printed.getvalue())
            seen = set()
            for w in caught:
                text = f"{w.category.__name__}: {w.message}"
                if text not in seen:
                    seen.add(text)
                    result.warnings.append(text)
            with contextlib.suppress(OSError):
                os.remove(path)


@dataclass
class EndedRun:
    """A process that ended inside a captured block: its ``pid``, when its capture was
    last written (``when``, seconds since the epoch), what the block was doing
    (``what``) and the end of what Paddle's C++ printed (``native``)."""

    pid: int
    when: float
    what: str
    native: str


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process: alive
        return True
    return True


def ended_runs(read_bytes: int = 8192) -> List[EndedRun]:
    """The captures left by processes that ended inside a captured block (a kernel that
    died converting), oldest first; each is read (its last ``read_bytes``) and removed.
    A capture of a process still running is left alone."""
    if os.name == "nt":  # os.kill(pid, 0) would send CTRL_C there, not ask whether pid lives
        return []
    folder = capture_dir()
    try:
        names = sorted(n for n in os.listdir(folder) if n.startswith(_FILE_PREFIX) and n.endswith(".log"))
    except OSError:
        return []
    out = []
    for name in names:
        try:
            pid = int(name[len(_FILE_PREFIX):].split("-", 1)[0])
        except ValueError:
            continue
        if pid == os.getpid() or _alive(pid):
            continue
        path = os.path.join(folder, name)
        try:
            with open(path, "rb") as fh:
                first = fh.readline(512)
                size = os.fstat(fh.fileno()).st_size
                fh.seek(max(fh.tell(), size - read_bytes))
                tail = fh.read(read_bytes)
            when = os.path.getmtime(path)
            os.remove(path)
        except OSError:
            continue
        what = first[len(_HEAD):].decode("utf-8", "replace").strip() if first.startswith(_HEAD) else ""
        out.append(EndedRun(pid, when, what, tail.decode("utf-8", "replace").strip()))
    return sorted(out, key=lambda r: r.when)


@dataclass
class KeptOut:
    """What :func:`prints_kept_out` kept out: ``lines`` counted (in the first
    :data:`COUNT_BYTES` of it), ``chars`` in all."""

    lines: int = 0
    chars: int = 0

    @property
    def printed(self) -> bool:
        return self.chars > 0


COUNT_BYTES = 16 << 20  # the lines of what was printed are counted in this much of it


@contextlib.contextmanager
def prints_kept_out() -> Iterator[KeptOut]:
    """Send the block's ``print`` output to a temporary file, not to memory (a model timed
    a thousand times may print a tensor each time) and not to the cell, and count it. The
    file is a C-level stream: a sink written in Python would itself be a frame SOT
    translates (and caches) when the user's code prints under its translation."""
    kept = KeptOut()
    with tempfile.TemporaryFile("w+", encoding="utf-8", errors="replace") as fh:
        try:
            with contextlib.redirect_stdout(fh):
                yield kept
        finally:
            fh.flush()
            fh.seek(0, os.SEEK_END)
            kept.chars = fh.tell()
            fh.seek(0)
            read = 0
            while read < COUNT_BYTES:
                chunk = fh.read(1 << 20)
                if not chunk:
                    break
                read += len(chunk)
                kept.lines += chunk.count("\n") + chunk.count("\r")


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


def ended_run_words(run: EndedRun, lang=None) -> Tuple[str, str]:
    """What to say of ``run``: ``(message, hint)``; the lines it printed are ``run.native``."""
    import time

    from d2s_lab.text import t

    kind, _, rest = run.what.partition(" ")
    doing = (t("ended.converting", lang, name=rest) if kind == "convert"
             else t("ended.benchmarking", lang, name=rest) if kind == "bench" else t("ended.working", lang))
    when = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(run.when))
    said = t("ended.paddle_said", lang) if run.native else t("ended.paddle_silent", lang)
    return t("ended.message", lang, pid=run.pid, when=when, doing=doing) + " " + said, t("ended.hint", lang)
