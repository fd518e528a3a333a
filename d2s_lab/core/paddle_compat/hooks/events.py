"""What the cache hooks tell a watcher of a converted function's later calls (see
:mod:`.executor_cache` and :mod:`.program_cache`): one :class:`CallEvent` per call
that built something, on either path, with the same fields."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Tuple

from d2s_lab.core.sot_text import is_resume


@dataclass
class CallEvent:
    """A later call that built something. On the default path: a frame SOT translated
    again, or ran in dygraph with its cache full; on the AST path: a new Program.

    ``code``: SOT's name of the frame (``$resume_0@f_af1a0`` for a resume function; ""
    on the AST path); ``translated``: a new cache entry (or Program) was made;
    ``kept``: SOT kept the translation as a new cache entry (Paddle 3 may translate a
    frame, run it in dygraph for this call and keep nothing: an ``int`` argument that
    changed is tried as a dynamic value first); ``first``: the frame had no entry before; ``seconds``: spent translating;
    ``entries``: the cache's entries (Programs) after the call, against ``limit``
    (Paddle's ``MAX_CACHE_SIZE``; None on the AST path); ``dygraph``: SOT ran the frame
    as written; ``missed``: the guard that failed, ``(condition, value now, "name:
    type")``; ``dynamic``: the dimension the new entry no longer pins (``x.shape[0]``);
    ``changed``: on the AST path, the input that made a new Program, ``(name, before, now)``;
    ``resumes``: the resume functions the translated code calls, SOT's names (made by the
    graph break the translation met last)."""

    code: str = ""
    translated: bool = False
    kept: bool = True
    first: bool = False
    seconds: float = 0.0
    entries: int = 0
    limit: Optional[int] = None
    dygraph: bool = False
    missed: Optional[Tuple[str, str, str]] = None
    dynamic: str = ""
    changed: Optional[Tuple[str, str, str]] = None
    resumes: Tuple[str, ...] = ()

    @property
    def resume(self) -> bool:
        """The frame is a resume function: part of the call its user's function made."""
        return is_resume(self.code)

    @property
    def cache_full(self) -> bool:
        """SOT ran the frame in dygraph because its cache was full."""
        return self.dygraph and bool(self.limit) and self.entries >= self.limit
