"""Where things live in a notes workspace, and what a folder looks like before opening it.

::

    workspace/
      claude.md soul.md user.md memory.md      (Soul.md, CLAUDE.md, AGENTS.md, PROFILE.md...)
      README.ai.md PATH.ai.md                  generated overviews
      Inbox/                                   default capture folder
      memory/daily/YYYY-MM-DD.md, memory/daily/archive.md
      .assistant/state.json config.json taxonomy.json index/...

``.assistant/`` is wsnb's own metadata: ``NotesPolicy`` keeps plans out of it,
and only the engine writes there (``wsnb.notes.meta``), like the journal.
"""

from __future__ import annotations

import enum
import json
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from ..errors import WsnbError
from ..i18n import N_, _
from ..policy.access import AccessPolicy, WsPath
from ..policy.roots import is_system_path

__all__ = [
    "ARCHIVE_FILE",
    "ASSISTANT_DIR",
    "DAILY_DIR",
    "GENERATED_NAMES",
    "PERSONA_FILES",
    "FolderStatus",
    "NotesInspection",
    "NotesPolicy",
    "find_persona",
    "inspect_folder",
    "is_generated_or_persona",
]

ASSISTANT_DIR = ".assistant"
STATE_FILE = f"{ASSISTANT_DIR}/state.json"
CONFIG_FILE = f"{ASSISTANT_DIR}/config.json"
TAXONOMY_FILE = f"{ASSISTANT_DIR}/taxonomy.json"
INDEX_DIR = f"{ASSISTANT_DIR}/index"
DAILY_DIR = "memory/daily"
ARCHIVE_FILE = f"{DAILY_DIR}/archive.md"
README_AI = "README.ai.md"
PATH_AI = "PATH.ai.md"
GENERATED_NAMES = frozenset({README_AI, PATH_AI})

# role -> accepted names, the first one is the name wsnb creates.
PERSONA_FILES: dict[str, tuple[str, ...]] = {
    "claude": ("claude.md", "Claude.md", "CLAUDE.md", "AGENTS.md"),
    "soul": ("soul.md", "Soul.md", "SOUL.md"),
    "user": ("user.md", "User.md", "USER.md", "PROFILE.md"),
    "memory": ("memory.md", "Memory.md", "MEMORY.md"),
}
_PERSONA_NAMES = frozenset(name for names in PERSONA_FILES.values() for name in names)


def is_generated_or_persona(relative: str) -> bool:
    """True for the persona files at the root and every generated overview: not notes."""
    name = relative.rsplit("/", 1)[-1]
    return name in GENERATED_NAMES or ("/" not in relative and name in _PERSONA_NAMES)


class NotesPolicy(AccessPolicy):
    """The access policy of a notes workspace: ``.assistant/`` is wsnb's, like ``.wsnb/``."""

    workspace_kind = "notes"

    def is_protected(self, path: WsPath) -> bool:
        first = path.relative.split("/", 1)[0].lower()
        return first == ASSISTANT_DIR or super().is_protected(path)


def find_persona(root: Path, role: str) -> str | None:
    """The name of the existing persona file for ``role`` (accepted names in order), or None."""
    for name in PERSONA_FILES[role]:
        try:
            info = os.lstat(root / name)
        except OSError:
            continue
        if stat.S_ISREG(info.st_mode):
            # On a case-insensitive disk every spelling "exists": report the real one.
            real = {entry.lower(): entry for entry in os.listdir(root)}
            return real.get(name.lower(), name)
    return None


# ---------------------------------------------------------------------------
# Inspecting a folder before (or after) opening it
# ---------------------------------------------------------------------------


class FolderStatus(enum.StrEnum):
    """What a folder is, seen as a candidate notes workspace."""

    NOT_FOUND = "not_found"
    EMPTY = "empty"
    NORMAL_DIRECTORY = "normal_directory"
    EXISTING_WORKSPACE = "existing_workspace"
    PARTIAL_WORKSPACE = "partial_workspace"
    INVALID = "invalid"


_SYSTEM_REASON = "a system folder, or one too broad to be a workspace"
_ADVICE = {
    FolderStatus.NOT_FOUND: N_("Call initialize() to create the folder and lay out a notes "
                               "workspace in it, once you confirm the plan."),
    FolderStatus.EMPTY: N_("Call initialize() to lay out a notes workspace here."),
    FolderStatus.NORMAL_DIRECTORY: N_("Call initialize() to add the workspace files; your "
                                      "files stay as they are."),
    FolderStatus.EXISTING_WORKSPACE: N_("It is ready; nothing needs initializing."),
    FolderStatus.PARTIAL_WORKSPACE: N_("Call initialize() to add what is missing; nothing "
                                       "existing is overwritten."),
    FolderStatus.INVALID: N_("Choose another folder, or fix its permissions."),
}  # fmt: skip


# The reasons are codes too (``reason == "not writable"``); shown, they are translated.
_REASONS = {
    "not a directory": N_("not a directory"),
    "not readable": N_("not readable"),
    "not writable": N_("not writable"),
    _SYSTEM_REASON: N_("a system folder, or one too broad to be a workspace"),
}


@dataclass(frozen=True)
class NotesInspection:
    """The answer of ``inspect()``: a status, why (for ``invalid``), and what exists."""

    path: str
    status: FolderStatus
    reason: str | None = None
    exists: dict[str, bool] = field(default_factory=dict)
    entries: int = 0
    problem: str | None = None  # a sentence: what is wrong with wsnb's own files

    @property
    def advice(self) -> str:
        return _(_ADVICE[self.status])

    @property
    def frame(self) -> pd.DataFrame:
        """One row per part of the layout: item, exists."""
        rows = [{"item": key, "exists": value} for key, value in self.exists.items()]
        return pd.DataFrame(rows, columns=["item", "exists"]).astype({"exists": bool})

    def __str__(self) -> str:
        reason = _(_REASONS.get(self.reason, self.reason)) if self.reason else ""
        lines = [f"{self.status.value}" + (f" ({reason})" if reason else "")]
        lines += [f"  {'✓' if ok else '·'} {item}" for item, ok in self.exists.items()]
        if self.problem:
            lines.append(self.problem)
        lines.append(self.advice)
        return "\n".join(lines)

    def _repr_pretty_(self, printer: object, cycle: bool) -> None:
        printer.text(str(self))  # type: ignore[attr-defined]


def _layout_items(root: Path) -> dict[str, bool]:
    items: dict[str, bool] = {}
    for role, names in PERSONA_FILES.items():
        found = find_persona(root, role)
        items[found or names[0]] = found is not None
    for name in (README_AI, PATH_AI):
        items[name] = (root / name).is_file()
    for folder in ("Inbox", DAILY_DIR, ASSISTANT_DIR, INDEX_DIR):
        items[f"{folder}/"] = (root / folder).is_dir() and not (root / folder).is_symlink()
    for name in (STATE_FILE, CONFIG_FILE, TAXONOMY_FILE):
        items[name] = (root / name).is_file()
    if items[STATE_FILE] and _state_problem(root) is not None:
        items[STATE_FILE] = False  # a state that can't be read is no state: not "ready"
    return items


def _state_problem(root: Path) -> str | None:
    """Why the state can't be used: not valid JSON, or kept aside as ``state.json.corrupt-*``."""
    from ..disk.textio import read_bytes  # the base floor's safe read, through the gate

    if os.path.lexists(root / STATE_FILE):
        try:
            data = json.loads(read_bytes(AccessPolicy(root).resolve(STATE_FILE), limit=4 << 20))
            if isinstance(data, dict):
                return None
        except (OSError, WsnbError, ValueError):
            pass
        return _("{path} can't be read (it is not a JSON object), so onboarding and check-ins "
                 "start from the defaults; wsnb keeps it aside before saving a new one.").format(
            path=STATE_FILE)
    kept = sorted(n for n in _names(root / ASSISTANT_DIR) if n.startswith("state.json.corrupt-"))
    if not kept:
        return None
    return _("{path} could not be read and was kept aside as {kept}, so onboarding and "
             "check-ins start again from the defaults; initialize() saves a new one.").format(
        path=STATE_FILE, kept=f"{ASSISTANT_DIR}/{kept[-1]}")


def _names(folder: Path) -> list[str]:
    try:
        return os.listdir(folder)
    except OSError:
        return []


def _invalid_reason(real: Path) -> str | None:
    if not real.is_dir():
        return "not a directory"
    if not os.access(real, os.R_OK | os.X_OK):
        return "not readable"
    if not os.access(real, os.W_OK):
        return "not writable"
    return None


def inspect_folder(path: str | os.PathLike[str]) -> NotesInspection:
    """What ``path`` is as a notes workspace, without changing anything."""
    shown = os.fspath(path)
    given = Path(os.path.expanduser(shown))
    if not os.path.lexists(given):
        return NotesInspection(shown, FolderStatus.NOT_FOUND)
    real = Path(os.path.realpath(given))
    if is_system_path(real):  # never even listed: it can't be opened as a workspace
        return NotesInspection(shown, FolderStatus.INVALID, _SYSTEM_REASON)
    reason = _invalid_reason(real)
    if reason in {"not a directory", "not readable"}:
        return NotesInspection(shown, FolderStatus.INVALID, reason)
    entries = [e for e in os.listdir(real) if e not in {".wsnb", ".DS_Store"}]
    items = _layout_items(real)
    if reason is not None:
        return NotesInspection(shown, FolderStatus.INVALID, reason, items, len(entries))
    if not entries:
        return NotesInspection(shown, FolderStatus.EMPTY, None, items, 0)
    problem = _state_problem(real) if (real / ASSISTANT_DIR).is_dir() else None
    return NotesInspection(shown, _status_of(items), None, items, len(entries), problem)


def _status_of(items: dict[str, bool]) -> FolderStatus:
    persona = [ok for name, ok in items.items() if name.split(".")[0].lower() in
               {"claude", "agents", "soul", "user", "profile", "memory"}]  # fmt: skip
    if items[STATE_FILE] and all(persona):
        return FolderStatus.EXISTING_WORKSPACE
    if items[f"{ASSISTANT_DIR}/"] or items[STATE_FILE] or any(persona):
        return FolderStatus.PARTIAL_WORKSPACE
    return FolderStatus.NORMAL_DIRECTORY
