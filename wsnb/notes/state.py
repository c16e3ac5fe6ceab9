"""``.assistant/state.json``: onboarding and check-in bookkeeping, migrated on load.

Version 1 (the first assistant workspaces) had ``onboardingComplete`` and
``lastCheckInDate`` and sometimes no ``schemaVersion`` at all; version 2 adds
the schema number and keeps every field it does not know (so another program's
fields survive a save). Dates are *local* calendar dates, ``YYYY-MM-DD``.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from typing import Any

__all__ = ["SCHEMA_VERSION", "WorkspaceState", "migrate_state"]

logger = logging.getLogger("wsnb")

SCHEMA_VERSION = 2
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def _migrate_1_to_2(data: dict[str, Any]) -> dict[str, Any]:
    data = dict(data)
    data["onboardingComplete"] = bool(data.get("onboardingComplete", False))
    checked = data.get("lastCheckInDate")
    data["lastCheckInDate"] = checked[:10] if isinstance(checked, str) and checked else None
    data["schemaVersion"] = 2
    return data


# from-version -> the step to the next version
_MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _migrate_1_to_2}


def migrate_state(data: dict[str, Any]) -> tuple[dict[str, Any], list[int]]:
    """``data`` brought to ``SCHEMA_VERSION``, and the versions it passed through."""
    version = data.get("schemaVersion", 1)
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        version = 1
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
    extra: dict[str, Any] = field(default_factory=dict)
    migrated_from: list[int] = field(default_factory=list)

    @classmethod
    def from_json(cls, raw: Any) -> WorkspaceState:
        """Parse (and migrate) a state file's content; anything unusable gives a fresh state."""
        if not isinstance(raw, dict):
            return cls()
        data, passed = migrate_state(raw)
        known = {"onboardingComplete", "lastCheckInDate", "schemaVersion"}
        checked = data.get("lastCheckInDate")
        last = date.fromisoformat(checked) if isinstance(checked, str) and _DATE.match(
            checked) else None  # fmt: skip
        version = data.get("schemaVersion", SCHEMA_VERSION)
        return cls(
            onboarding_complete=bool(data.get("onboardingComplete", False)),
            last_check_in=last,
            schema_version=version if isinstance(version, int) else SCHEMA_VERSION,
            extra={k: v for k, v in data.items() if k not in known},
            migrated_from=passed,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            **self.extra,
            "schemaVersion": self.schema_version,
            "onboardingComplete": self.onboarding_complete,
            "lastCheckInDate": self.last_check_in.isoformat() if self.last_check_in else None,
        }

    def needs_check_in(self, today: date) -> bool:
        """True once onboarding is done and no check-in happened on ``today`` (a local date)."""
        return self.onboarding_complete and self.last_check_in != today
