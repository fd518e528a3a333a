"""Run notebook-cell source so that ``inspect.getsource`` works on what it defines.

Paddle reads the source of what it converts with ``inspect``.  Functions
defined in a cell work once the cell text is in ``linecache``; classes do not,
because ``inspect`` finds a class's file through its module, and ``__main__``
in a notebook has no file (Paddle issue #50363).  So each cell run here gets a
file name of its own, registered in ``linecache``, and a small stand-in module
in ``sys.modules`` whose ``__file__`` is that name; classes defined in the cell
carry that module's name.  The user's namespace is used as is, so everything
the cell defines stays defined whatever happens next.
"""
from __future__ import annotations

import hashlib
import inspect
import linecache
import sys
import types
from typing import Dict, Optional

_counter = [0]
_MODULE_BY_TEXT: Dict[str, str] = {}  # hash of a cell's text -> its latest stand-in module


def cell_filename(source: str, number: Optional[int] = None) -> str:
    """A unique pseudo file name for one run of a cell (``<d2s-cell-3-1a2b3c4d>``)."""
    _counter[0] += 1
    n = number if number is not None else _counter[0]
    digest = hashlib.sha1(f"{_counter[0]}:{source}".encode()).hexdigest()[:8]
    return f"<d2s-cell-{n}-{digest}>"


# Every source registered here, to put back when something clears linecache (Paddle
# 2.6's dy2static error path calls ``linecache.clearcache()``).
_SOURCES: Dict[str, tuple] = {}
MAX_KEPT = 2000  # cell runs remembered for restoring


def restore_sources() -> None:
    """Put back into ``linecache`` every registered cell source it lost."""
    for filename, entry in _SOURCES.items():
        if filename not in linecache.cache:
            linecache.cache[filename] = entry


def register_source(filename: str, source: str) -> None:
    """Put ``source`` into ``linecache`` under ``filename`` (kept by ``checkcache``, and
    restored by :func:`restore_sources` after a ``clearcache``)."""
    lines = source.splitlines(keepends=True)
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    # mtime None: linecache.checkcache never drops the entry.
    entry = (len(source), None, lines, filename)
    linecache.cache[filename] = entry
    _SOURCES[filename] = entry
    while len(_SOURCES) > MAX_KEPT:
        _SOURCES.pop(next(iter(_SOURCES)))


def normalize_newlines(source: str) -> str:
    """``\r\n`` and lone ``\r`` line ends as ``\n``."""
    return source.replace("\r\n", "\n").replace("\r", "\n") if "\r" in source else source


def module_name_for(filename: str) -> str:
    return "__d2s_cell_" + hashlib.sha1(filename.encode()).hexdigest()[:10] + "__"


def run_cell_source(
    source: str,
    namespace: Dict,
    filename: Optional[str] = None,
    first_line: int = 1,
):
    """Compile and run ``source`` in ``namespace``; return the cell's module name.

    ``first_line`` is the notebook line number of the source's first line (2
    for a cell-magic body, whose line 1 is the ``%%`` line).  Exceptions from
    the cell propagate unchanged; the namespace keeps whatever ran before them.
    """
    # A notebook written on Windows keeps its cells' CRLF line ends; Python compiles them,
    # but ``textwrap.dedent`` (Paddle's re-parse of a method) takes a blank "\r" line for
    # text at column 0 and dedents nothing: ``IndentationError`` at ``def forward``.
    source = normalize_newlines(source)
    filename = filename or cell_filename(source)
    padded = "\n" * (first_line - 1) + source
    register_source(filename, padded)
    modname = module_name_for(filename)
    # A re-run of the same cell text replaces its stand-in module: the old one would keep
    # the previous run's classes (and what they hold) alive for the whole session.
    key = hashlib.sha1(padded.encode()).hexdigest()
    stale = _MODULE_BY_TEXT.get(key)
    if stale is not None:
        sys.modules.pop(stale, None)
    _MODULE_BY_TEXT[key] = modname
    module = types.ModuleType(modname)
    module.__file__ = filename
    sys.modules[modname] = module
    code = compile(padded, filename, "exec")
    previous = namespace.get("__name__", "__main__")
    namespace["__name__"] = modname
    try:
        exec(code, namespace)
    finally:
        namespace["__name__"] = previous
        # The stand-in module mirrors the cell's classes and functions so pickle and
        # inspect.getmodule find them by their qualified names (instances stay out).
        module.__dict__.update(
            {k: v for k, v in namespace.items()
             if (inspect.isclass(v) or inspect.isfunction(v)) and v.__module__ == modname}
        )
    return modname
