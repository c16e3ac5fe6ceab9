"""The hotset: pinned notes and notes in frequent use, for a small nudge in ranking.

The reference design added a flat +5 for a pinned note and up to +4 for a
frequent one to *every* note, matching or not, and counted every search hit
as a use, so the same notes crowded every answer and stayed there. Here:

* the boost multiplies a note's score (``score · (1 + boost)``), so a note
  that does not match the query scores 0 and stays out, whatever its boost;
* it is small: at most :data:`MAX_BOOST` in all (pinned
  :data:`PIN_BOOST`, frequent use up to :data:`USE_BOOST`), enough to order
  near-ties, never to lift a weak match over a strong one;
* use decays: each use counts half as much after :data:`HALF_LIFE_DAYS`;
* only real use counts: :meth:`Hotset.record_use` is called when a person
  opens a note or a note goes into a prompt, never by search.

Stored in ``.assistant/index/hotset.json`` in CodePilot's shape (``pinned``,
``frequent`` records of ``path``, ``count`` and ``lastAccessed`` in epoch
milliseconds, ``lastUpdated``); wsnb's first ``lastUsed`` times and a
path → count map load too, and every other key is kept. Each change is
applied to the file as it is on disk now, under the metadata lock, so two
notebooks on one folder keep each other's pins and uses.
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from typing import Any

import pandas as pd

from .indexstore import IndexStore
from .layout import INDEX_DIR
from .meta import read_meta_json, update_meta_json

__all__ = ["HALF_LIFE_DAYS", "HOTSET_FILE", "MAX_BOOST", "PIN_BOOST", "USE_BOOST", "Hotset"]

logger = logging.getLogger("wsnb")

HOTSET_FILE = f"{INDEX_DIR}/hotset.json"
PIN_BOOST = 0.10
USE_BOOST = 0.10
MAX_BOOST = PIN_BOOST + USE_BOOST
HALF_LIFE_DAYS = 14.0
_USE_SCALE = 0.025  # per doubling of the decayed use count
_DAY_S = 86_400.0


class Hotset:
    """Pinned and used notes of one workspace, with their decaying boost."""

    def __init__(self, store: IndexStore, *, clock: Callable[[], float] = time.time) -> None:
        self._store = store
        self._clock = clock
        self.pinned: set[str] = set()
        self._uses: dict[str, tuple[float, float]] = {}  # path -> (count, last use, epoch s)
        self._extra: dict[str, Any] = {}
        self._pending: list[tuple[str, str, str]] = []  # changes not saved yet
        self._load()

    def __repr__(self) -> str:
        return f"<Hotset {len(self.pinned)} pinned, {len(self._uses)} used>"

    # -- changes -------------------------------------------------------------

    def pin(self, path: str) -> None:
        """Pin a note (a relative path): it gets :data:`PIN_BOOST` when it matches a query."""
        self._change(("pin", self._clean(path), ""))

    def unpin(self, path: str) -> None:
        self._change(("unpin", self._clean(path), ""))

    def record_use(self, path: str) -> None:
        """Count one real use of a note (opened, or put into a prompt)."""
        self.record_uses([path])

    def record_uses(self, paths: Iterable[str]) -> None:
        """Count one use of each note, saved in one write (the notes of one prompt)."""
        self._pending += [("use", self._clean(path), "") for path in paths]
        if self._pending:
            self._save()

    def rename(self, old: str, new: str) -> None:
        """A note moved: its pin and its uses move with it (not saved; the index saves)."""
        self._pending.append(("rename", old, new))
        self._apply(("rename", old, new), self._clock())

    def forget(self, path: str) -> None:
        """A note was removed: drop its uses (a pin stays, in case it comes back)."""
        self._pending.append(("forget", path, ""))
        self._apply(("forget", path, ""), self._clock())

    def save(self) -> None:
        """Save the renames and removals made since the last save, merged with the file."""
        self._save()

    # -- reading -------------------------------------------------------------

    def uses(self, path: str, *, now: float | None = None) -> float:
        """The note's use count, decayed to ``now``."""
        count, last = self._uses.get(path, (0.0, 0.0))
        if count <= 0.0:
            return 0.0
        age_days = max((self._clock() if now is None else now) - last, 0.0) / _DAY_S
        return count * math.pow(0.5, age_days / HALF_LIFE_DAYS)

    def boost(self, path: str) -> float:
        """The multiplicative boost of a note, between 0 and :data:`MAX_BOOST`."""
        return self._boost(path, self._clock())

    def _boost(self, path: str, now: float) -> float:
        pinned = PIN_BOOST if path in self.pinned else 0.0
        used = min(USE_BOOST, _USE_SCALE * math.log2(1.0 + self.uses(path, now=now)))
        return pinned + used

    def booster(self) -> Callable[[str], float] | None:
        """``boost`` for one search, taken once for the notes that have one; None when no
        note has (nothing pinned or used): a search then multiplies nothing, where it asked
        ``boost`` for each matching note (hundreds of calls that all answered 0)."""
        now = self._clock()
        boosts = {path: self._boost(path, now) for path in self.pinned | self._uses.keys()}
        boosts = {path: boost for path, boost in boosts.items() if boost}
        if not boosts:
            return None
        return lambda path: boosts.get(path, 0.0)

    def frame(self) -> pd.DataFrame:
        """One row per pinned or used note: path, pinned, uses (decayed), boost."""
        paths = sorted(self.pinned | set(self._uses))
        return pd.DataFrame(
            {
                "path": paths,
                "pinned": [path in self.pinned for path in paths],
                "uses": [round(self.uses(path), 3) for path in paths],
                "boost": [round(self.boost(path), 4) for path in paths],
            }
        )

    # -- storage -------------------------------------------------------------

    @staticmethod
    def _clean(path: str) -> str:
        return path.replace("\\", "/").strip("/")

    def _load(self, data: Any = None, *, from_disk: bool = True) -> None:
        if from_disk:
            data = read_meta_json(self._store.policy, HOTSET_FILE)
        self.pinned, self._uses = set(), {}
        self._extra = {k: v for k, v in data.items() if k not in {"pinned", "frequent"}} \
            if isinstance(data, dict) else {}  # fmt: skip
        if not isinstance(data, dict):
            return
        pinned = data.get("pinned")
        if isinstance(pinned, list):
            self.pinned = {self._clean(item) for item in pinned if isinstance(item, str)}
        frequent = data.get("frequent")
        if isinstance(frequent, dict):
            frequent = [{"path": path, "count": count} for path, count in frequent.items()]
        if isinstance(frequent, list):
            for item in frequent:
                self._load_use(item)

    def _load_use(self, item: Any) -> None:
        if not isinstance(item, dict) or not isinstance(item.get("path"), str):
            return
        count = item.get("count")
        if isinstance(count, bool) or not isinstance(count, int | float) or count <= 0:
            return
        last = _epoch(item.get("lastAccessed")) or _epoch(item.get("lastUsed"))
        self._uses[self._clean(item["path"])] = (float(count), last or self._clock())

    def _apply(self, change: tuple[str, str, str], now: float) -> None:
        kind, path, other = change
        if kind == "pin":
            self.pinned.add(path)
        elif kind == "unpin":
            self.pinned.discard(path)
        elif kind == "use":
            self._uses[path] = (self.uses(path, now=now) + 1.0, now)
        elif kind == "rename":
            if path in self.pinned:
                self.pinned.discard(path)
                self.pinned.add(other)
            if path in self._uses:
                self._uses[other] = self._uses.pop(path)
        elif kind == "forget":
            self._uses.pop(path, None)

    def _change(self, change: tuple[str, str, str]) -> None:
        self._pending.append(change)
        self._save()

    def _to_json(self) -> dict[str, Any]:
        frequent = [
            {"path": path, "count": round(count, 4), "lastAccessed": round(last * 1000)}
            for path, (count, last) in sorted(self._uses.items(), key=lambda kv: -kv[1][0])
        ]
        return {**self._extra, "pinned": sorted(self.pinned), "frequent": frequent,
                "lastUpdated": round(self._clock() * 1000)}  # fmt: skip

    def _save(self) -> None:
        """Apply the changes made here to the file as it is now (another notebook's included)."""
        pending, self._pending = self._pending, []
        if not self._store.writable:
            for change in pending:  # read-only: the changes live in this session only
                self._apply(change, self._clock())
            return

        def merge(on_disk: Any) -> dict[str, Any]:
            self._load(on_disk, from_disk=False)
            for change in pending:
                self._apply(change, self._clock())
            return self._to_json()

        update_meta_json(self._store.policy, HOTSET_FILE, merge)


def _iso(epoch: float) -> str:
    return datetime.fromtimestamp(epoch, UTC).isoformat(timespec="seconds")


def _epoch(value: Any) -> float | None:
    """A stored time (ISO text or epoch seconds/milliseconds); None when there is none."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return float(value) / 1000.0 if value > 1e11 else float(value)
    if isinstance(value, str):
        try:
            parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            return None
        return (parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)).timestamp()
    return None
