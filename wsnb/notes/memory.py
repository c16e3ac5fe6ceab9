"""Daily memories, their promotion into ``memory.md``, and their archiving.

A day's memory is ``memory/daily/YYYY-MM-DD.md``. Its "Candidate Long-Term
Memory" (or "To Remember", 长期记忆候选, 要记住) section is what may become
long-term memory: promotion appends it to ``memory.md`` under
``## Promoted from <date>`` and does nothing for a day already promoted.
``memory.md`` is only ever appended to: the plan's new content starts with the
file's current content, byte for byte, and the plan goes stale if the file
changes before it is confirmed.

Archiving a day that is past the retention promotes it first, then appends one
summary line per day to ``memory/daily/archive.md`` and moves the day's file to
the system trash, never deleting it.
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass
from datetime import date

from .. import textio
from ..errors import PolicyError, UnsupportedFileError
from ..policy import AccessPolicy
from ..tools.files import MAX_EDIT_BYTES, normalise_newlines
from .layout import ARCHIVE_FILE, DAILY_DIR

__all__ = [
    "PROMOTE_HEADINGS",
    "DailyMemory",
    "FileAppend",
    "already_promoted",
    "archive_line",
    "extract_section",
    "list_daily",
    "promotion_text",
    "read_optional",
]

PROMOTE_HEADINGS = ("candidate long-term memory", "candidate long term memory", "to remember",
                    "长期记忆候选", "候选长期记忆", "要记住", "要记住的事")  # fmt: skip
_SUMMARY_HEADINGS = ("work log", "what was done", "工作记录", "今天做了什么", "完成")
_DAY_NAME = re.compile(r"^(\d{4}-\d{2}-\d{2})\.md$")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_PLACEHOLDER = {"", "-", "—", "none", "n/a", "无"}
_SUMMARY_CHARS = 160


@dataclass(frozen=True)
class DailyMemory:
    """One day's memory file."""

    day: date
    path: str


def list_daily(policy: AccessPolicy) -> list[DailyMemory]:
    """Every ``memory/daily/YYYY-MM-DD.md``, oldest first (bad dates are left out)."""
    decision = policy.check_read_dir(DAILY_DIR)
    if not decision:
        return []  # no folder (or a refused one) simply holds no days
    folder = decision.raise_if_refused()
    days = []
    for name in os.listdir(folder.absolute):
        match = _DAY_NAME.match(name)
        if not match:
            continue
        try:
            day = date.fromisoformat(match.group(1))
        except ValueError:
            continue
        try:
            _path, info = policy.resolve_child(folder, name)
        except PolicyError:
            continue  # a link or a special file is never a day's memory
        if info is not None and stat.S_ISREG(info.st_mode):
            days.append(DailyMemory(day, f"{DAILY_DIR}/{name}"))
    return sorted(days, key=lambda d: d.day)


def read_optional(policy: AccessPolicy, relative: str) -> str | None:
    """The text of ``relative`` (LF line endings), or None when it does not exist."""
    target = policy.resolve(relative)
    if not target.exists():
        return None
    checked = policy.check_read_file(target).raise_if_refused()
    content = textio.read_text(checked, limit=MAX_EDIT_BYTES)
    if content.truncated:
        raise UnsupportedFileError(f"{relative} is larger than {MAX_EDIT_BYTES:,} bytes; wsnb "
                                   "won't append to a file it can't show in full.",
                                   path=relative)  # fmt: skip
    return normalise_newlines(content.text)


def extract_section(text: str, headings: tuple[str, ...] = PROMOTE_HEADINGS) -> str:
    """The bodies of every section whose heading is one of ``headings``, joined; "" if none."""
    found: list[str] = []
    level: int | None = None
    body: list[str] = []
    fenced = False
    for line in text.splitlines():
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
        match = None if fenced else _HEADING.match(line)
        if match and level is not None and len(match.group(1)) <= level:
            found.append("\n".join(body).strip())
            level, body = None, []
        if match and level is None and match.group(2).strip().casefold().rstrip(":：") in headings:
            level = len(match.group(1))
            continue
        if level is not None:
            body.append(line)
    if level is not None:
        found.append("\n".join(body).strip())
    return "\n\n".join(part for part in found if part.casefold() not in _PLACEHOLDER)


def already_promoted(memory_text: str, day: date) -> bool:
    pattern = rf"^##\s+Promoted from {re.escape(day.isoformat())}\s*$"
    return re.search(pattern, memory_text, re.MULTILINE) is not None


def promotion_text(day: date, section: str) -> str:
    return f"## Promoted from {day.isoformat()}\n\n{section.strip()}\n"


def archive_line(day: date, text: str) -> str:
    """``- YYYY-MM-DD: <first words of the work log>`` (one line)."""
    summary = extract_section(text, _SUMMARY_HEADINGS)
    if not summary:
        summary = " ".join(line for line in text.splitlines()
                           if line.strip() and not line.lstrip().startswith("#"))  # fmt: skip
    summary = " ".join(summary.split()) or "(empty)"
    if len(summary) > _SUMMARY_CHARS:
        summary = summary[: _SUMMARY_CHARS - 1].rstrip() + "…"
    return f"- {day.isoformat()}: {summary}"


def archived_days(archive_text: str) -> set[str]:
    return set(re.findall(r"^- (\d{4}-\d{2}-\d{2}):", archive_text, re.MULTILINE))


@dataclass(frozen=True)
class FileAppend:
    """Text to add at the end of a file; ``current`` is None for a file to create."""

    path: str
    current: str | None
    addition: str
    header: str = ""

    def new_content(self) -> str:
        if self.current is None:
            return self.header + self.addition
        joint = "" if not self.current or self.current.endswith("\n\n") else (
            "\n" if self.current.endswith("\n") else "\n\n")  # fmt: skip
        return self.current + joint + self.addition


def promotion(policy: AccessPolicy, memory_path: str, days: list[DailyMemory]) -> FileAppend | None:
    """What promoting ``days`` adds to ``memory.md``; None when there is nothing new."""
    current = read_optional(policy, memory_path)
    parts = []
    for daily in days:
        text = read_optional(policy, daily.path) or ""
        section = extract_section(text)
        if section and not already_promoted(current or "", daily.day):
            parts.append(promotion_text(daily.day, section))
    if not parts:
        return None
    return FileAppend(memory_path, current, "\n".join(parts), header="# Long-term memory\n\n")


def archive_append(policy: AccessPolicy, days: list[DailyMemory]) -> FileAppend | None:
    """What archiving ``days`` adds to ``archive.md``: one line per day not listed yet."""
    current = read_optional(policy, ARCHIVE_FILE)
    listed = archived_days(current or "")
    lines = [archive_line(d.day, read_optional(policy, d.path) or "") for d in days
             if d.day.isoformat() not in listed]  # fmt: skip
    if not lines:
        return None
    return FileAppend(ARCHIVE_FILE, current, "\n".join(lines) + "\n",
                      header="# Daily memory archive\n\n")  # fmt: skip
