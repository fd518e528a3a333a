"""A watch past one process: one record per rank, and the records merged.

``d2s-lab watch SCRIPT --record DIR`` writes the run's :class:`~d2s_lab.core.watch.WatchReport`
as JSON to ``DIR/watch-rank{R}.json``, ``R`` the rank from ``PADDLE_TRAINER_ID`` (Paddle's
launcher) or ``RANK`` (0 where neither is set). ``d2s-lab watch --merge DIR`` reads every
record there (:func:`load_records`) and :func:`merge` lines them up: one row per converted
function, one column per rank, and the rows where recompiles or runs in dygraph happen on
some ranks and not on others flagged (``uneven``): a rank that translates again while the
others do not is waiting on its own Python values, and the others wait for it.
"""
from __future__ import annotations

import dataclasses
import glob
import json
import os
import re
from dataclasses import dataclass, field
from typing import Dict, List, Mapping, Optional, Tuple

from d2s_lab.core.sot.model import GraphBreak
from d2s_lab.core.watch import WatchAlert, WatchedFunction, WatchEvent, WatchReport
from d2s_lab.errors import D2SError
from d2s_lab.text import t

RANK_VARS = ("PADDLE_TRAINER_ID", "RANK")
FORMAT = 1  # the record's layout
_RECORD = re.compile(r"^watch-rank(\d+)\.json$")


def rank_from_env(environ: Optional[Mapping[str, str]] = None) -> Optional[int]:
    """This process's rank: ``PADDLE_TRAINER_ID`` first, then ``RANK``; None where neither
    holds a whole number."""
    env = os.environ if environ is None else environ
    for name in RANK_VARS:
        value = str(env.get(name, "")).strip()
        if value.isdigit():
            return int(value)
    return None


def record_path(folder: str, rank: int) -> str:
    return os.path.join(folder, f"watch-rank{rank}.json")


def to_json(report: WatchReport, rank: int) -> Dict:
    """The report as plain JSON data (events keep their reason as worded now)."""
    events = []
    for e in report.events:
        d = {f.name: getattr(e, f.name) for f in dataclasses.fields(e)
             if f.name not in ("cause", "said", "made_by", "break_at")}
        d["said"] = e.reason
        if e.made_by is not None:
            d["made_by"] = dataclasses.asdict(e.made_by)
        events.append(d)
    return {"format": FORMAT, "rank": rank, "title": report.title, "note": report.note, "steps": report.steps,
            "seconds": report.seconds, "dropped": dict(report.dropped),
            "functions": [dataclasses.asdict(f) for f in report.functions],
            "alerts": [dataclasses.asdict(a) for a in report.alerts], "events": events,
            "per_step": [[round(v, 6) for v in b] for b in report.per_step], "step_bin": report.step_bin}


def from_json(data: Dict) -> Tuple[int, WatchReport]:
    """``(rank, report)`` from :func:`to_json`'s data."""
    report = WatchReport(
        functions=[WatchedFunction(**f) for f in data["functions"]],
        events=[_event(e) for e in data["events"]],
        dropped=dict(data.get("dropped", {})), alerts=[WatchAlert(**a) for a in data["alerts"]],
        steps=int(data["steps"]), seconds=float(data["seconds"]), title=data.get("title", ""),
        note=data.get("note", ""), per_step=[[float(v) for v in b] for b in data.get("per_step", [])],
        step_bin=int(data.get("step_bin", 1)))
    return int(data["rank"]), report


def _event(data: Dict) -> WatchEvent:
    made_by = data.get("made_by")
    return WatchEvent(**dict(data, made_by=GraphBreak(**made_by) if made_by else None))


def load_records(folder: str) -> Dict[int, WatchReport]:
    """Every rank's record in ``folder``, by rank. Raises D2SError (what to do) where the
    folder holds none or one cannot be read."""
    if not os.path.isdir(folder):
        raise D2SError(t("watch.ranks.no_folder", folder=folder), t("watch.ranks.hint"))
    out: Dict[int, WatchReport] = {}
    for path in sorted(glob.glob(os.path.join(folder, "watch-rank*.json"))):
        if not _RECORD.match(os.path.basename(path)):
            continue
        try:
            with open(path, encoding="utf-8") as fh:
                rank, report = from_json(json.load(fh))
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise D2SError(t("watch.ranks.bad_record", path=path, error=f"{type(exc).__name__}: {exc}"[:300]),
                           t("watch.ranks.hint")) from None
        out[rank] = report
    if not out:
        raise D2SError(t("watch.ranks.none", folder=folder), t("watch.ranks.hint"))
    return out


# A function's time on one rank counts as slower than on another from this ratio and this
# difference on (smaller gaps are a busy machine's noise, and the ranks wait anyway).
SLOW_RATIO = 1.5
SLOW_MIN_S = 0.2
PARTS = ("translate", "static", "dygraph")


@dataclass
class SlowRank:
    """A function that took much longer on one rank (``rank``, ``total_s``) than on the
    fastest (``fastest``, ``fastest_s``): ``part`` is where most of the difference went
    (``"translate"``, ``"static"`` or ``"dygraph"``), ``part_s`` that difference."""

    rank: int
    total_s: float
    fastest: int
    fastest_s: float
    part: str
    part_s: float


def time_parts(f: WatchedFunction) -> Dict[str, float]:
    """Seconds of ``f``'s calls translating (Programs built included), run from the cache
    and run in dygraph."""
    return {"translate": f.translate_s, "static": f.static_s, "dygraph": f.dygraph_s}


@dataclass
class RankRow:
    """One converted function across ranks: ``by_rank`` its row on each rank that ran it;
    ``uneven``: ``"recompiles"`` and/or ``"fallbacks"`` (calls run in dygraph: with the
    cache full, or every call where SOT skips the function) where some ranks have them and
    others (that ran it, or not) have none; ``slow``: where its calls took much longer on
    one rank than on another (:class:`SlowRank`)."""

    name: str
    where: str
    by_rank: Dict[int, WatchedFunction] = field(default_factory=dict)
    uneven: List[str] = field(default_factory=list)
    slow: Optional[SlowRank] = None


@dataclass
class MergedWatch:
    """The ranks' records lined up: ``ranks`` in order, ``rows`` one per function (in the
    order they first ran on the lowest rank), ``reports`` by rank."""

    ranks: List[int]
    rows: List[RankRow]
    reports: Dict[int, WatchReport]

    @property
    def uneven(self) -> List[RankRow]:
        return [r for r in self.rows if r.uneven]

    @property
    def slow(self) -> List[RankRow]:
        """The functions much slower on one rank than on another."""
        return [r for r in self.rows if r.slow is not None]


def merge(reports: Dict[int, WatchReport]) -> MergedWatch:
    ranks = sorted(reports)
    rows: Dict[Tuple[str, str], RankRow] = {}
    for rank in ranks:
        for f in reports[rank].functions:
            row = rows.setdefault((f.name, f.where), RankRow(f.name, f.where))
            row.by_rank[rank] = f
    for row in rows.values():
        # runs in dygraph: with the cache full, or on every call where SOT skips the function
        for what, count in (("recompiles", lambda f: f.recompiles), ("fallbacks", lambda f: f.dygraph_calls)):
            counts = [count(row.by_rank[r]) if r in row.by_rank else 0 for r in ranks]
            if len(ranks) > 1 and any(counts) and not all(counts):
                row.uneven.append(what)
        row.slow = slow_rank(row.by_rank)
    return MergedWatch(ranks, list(rows.values()), reports)


def slow_rank(by_rank: Dict[int, WatchedFunction]) -> Optional[SlowRank]:
    """The rank whose calls of one function took :data:`SLOW_RATIO` times the fastest
    rank's time and :data:`SLOW_MIN_S` more, with the part most of the difference went to;
    None where the ranks are close (or only one ran it)."""
    if len(by_rank) < 2:
        return None
    slow = max(by_rank, key=lambda r: by_rank[r].total_s)
    fast = min(by_rank, key=lambda r: by_rank[r].total_s)
    a, b = by_rank[slow], by_rank[fast]
    if a.total_s < SLOW_RATIO * b.total_s or a.total_s - b.total_s < SLOW_MIN_S:
        return None
    mine, theirs = time_parts(a), time_parts(b)
    part = max(PARTS, key=lambda k: mine[k] - theirs[k])
    return SlowRank(slow, a.total_s, fast, b.total_s, part, mine[part] - theirs[part])
