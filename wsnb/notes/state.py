"""``.assistant/state.json``: onboarding and check-in bookkeeping, migrated on load.

Version 1 (the first assistant workspaces) had ``onboardingComplete`` and
``lastCheckInDate`` and sometimes no ``schemaVersion`` at all; version 2 adds
the schema number; version 3 stores the check-in date as a *local* date;
version 4 adds ``dailyCheckInEnabled`` (off unless the person turns it on,
the way CodePilot migrates it). A file of a version newer than wsnb knows is
read as it is and saved with its number: a version is never downgraded, and
every field wsnb does not know is kept, so another program's fields survive
a save. Dates are *local* calendar dates, ``YYYY-MM-DD``.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from typing import Any

__all__ = ["SCHEMA_VERSION", "WorkspaceState", "merge_state", "migrate_state"]

logger = logging.getLogger("wsnb")

SCHEMA_VERSION = 4
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_KNOWN = ("onboardingComplete", "lastCheckInDate", "schemaVersion", "dailyCheckInEnabled")


def _migrate_1_to_2(data: dict[str, Any]) -> dict[str, Any]:
    data = dict(data)
    data["onboardingComplete"] = bool(data.get("onboardingComplete", False))
    checked = data.get("lastCheckInDate")
    data["lastCheckInDate"] = checked[:10] if isinstance(checked, str) and checked else None
    data["schemaVersion"] = 2
    return data


def _migrate_2_to_3(data: dict[str, Any]) -> dict[str, Any]:
    # A date stored as UTC may be a day off the local one; a past date stays as it is (a
    # check-in is then simply asked), so nothing needs rewriting: only the number moves.
    return {**data, "schemaVersion": 3}


def _migrate_3_to_4(data: dict[str, Any]) -> dict[str, Any]:
    data = {**data, "schemaVersion": 4}
    data.setdefault("dailyCheckInEnabled", False)
    return data


# from-version -> the step to the next version
_MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {
    1: _migrate_1_to_2, 2: _migrate_2_to_3, 3: _migrate_3_to_4,
}  # fmt: skip


def _version(data: dict[str, Any]) -> int:
    version = data.get("schemaVersion", 1)
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        return 1
    return version


def migrate_state(data: dict[str, Any]) -> tuple[dict[str, Any], list[int]]:
    """``data`` brought to ``SCHEMA_VERSION`` (a newer file stays as it is) and the versions
    it passed through."""
    version = _version(data)
    passed: list[int] = []
    while version < SCHEMA_VERSION:
        data = _MIGRATIONS[version](data)
        passed.append(version)
        version += 1
    return data, passed


@dataclass
class WorkspaceState:
    """What the engine remembers about the workspace between sessions."""

    onboarding_complete: bool = False
    last_check_in: date | None = None
    schema_version: int = SCHEMA_VERSION
    daily_check_in_enabled: bool = False
    extra: dict[str, Any] = field(default_factory=dict)
    migrated_from: list[int] = field(default_factory=list)

    @classmethod
    def from_json(cls, raw: Any) -> WorkspaceState:
        """Parse (and migrate) a state file's content; anything unusable gives a fresh state."""
        if not isinstance(raw, dict):
            return cls()
        data, passed = migrate_state(raw)
        checked = data.get("lastCheckInDate")
        last = date.fromisoformat(checked) if isinstance(checked, str) and _DATE.match(
            checked) else None  # fmt: skip
        return cls(
            onboarding_complete=bool(data.get("onboardingComplete", False)),
            last_check_in=last,
            schema_version=max(_version(data), SCHEMA_VERSION),
            daily_check_in_enabled=data.get("dailyCheckInEnabled") is True,
            extra={k: v for k, v in data.items() if k not in _KNOWN},
            migrated_from=passed,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            **self.extra,
            "schemaVersion": self.schema_version,
            "onboardingComplete": self.onboarding_complete,
            "lastCheckInDate": self.last_check_in.isoformat() if self.last_check_in else None,
            "dailyCheckInEnabled": self.daily_check_in_enabled,
        }

    def needs_check_in(self, today: date) -> bool:
        """True once onboarding is done, daily check-ins are on, and none happened ``today``."""
        return (self.onboarding_complete and self.daily_check_in_enabled
                and self.last_check_in != today)  # fmt: skip


def merge_state(on_disk: Any, before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """What to save: the file as it is now, with only the fields this notebook changed
    (``before`` -> ``after``) put on top, so another notebook's changes survive."""
    current = WorkspaceState.from_json(on_disk).to_json() if isinstance(on_disk, dict) else {}
    merged = dict(current or after)
    for key in set(before) | set(after):
        if before.get(key) != after.get(key) or key not in merged:
            if key in after:
                merged[key] = after[key]
            else:
                merged.pop(key, None)
    version = max(_version(merged), _version(after))
    merged["schemaVersion"] = version
    return merged
