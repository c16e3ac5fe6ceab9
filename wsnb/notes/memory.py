"""Daily memories, their promotion into ``memory.md``, and their archiving.

A day's memory is ``memory/daily/YYYY-MM-DD.md``. Its "Candidate Long-Term
Memory" (or "To Remember", 长期记忆候选, 要记住) section is what may become
long-term memory: promotion appends it to ``memory.md`` under
``## Promoted from <date>`` and marks the day's file with ``<!-- promoted -->``
(as CodePilot does); a day with that marker, or whose heading is already in
``memory.md``, is never promoted again, and the marker itself never reaches
``memory.md``.
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

from ..disk import textio
from ..errors import PolicyError, UnsupportedFileError, WsnbError
from ..i18n import _
from ..policy.access import AccessPolicy
from ..tools.files import MAX_EDIT_BYTES, normalise_newlines
from .layout import ARCHIVE_FILE, DAILY_DIR

__all__ = [
    "PROMOTED_MARKER",
    "PROMOTE_HEADINGS",
    "DailyMemory",
    "FileAppend",
    "already_promoted",
    "archive_line",
    "extract_section",
    "list_daily",
    "promotion_text",
    "read_for_prompt",
    "read_optional",
]

PROMOTE_HEADINGS = ("candidate long-term memory", "candidate long term memory", "to remember",
                    "长期记忆候选", "候选长期记忆", "要记住", "要记住的事")  # fmt: skip
_SUMMARY_HEADINGS = ("work log", "what was done", "工作记录", "今天做了什么", "完成")
_DAY_NAME = re.compile(r"^(\d{4}-\d{2}-\d{2})\.md$")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_PLACEHOLDER = {"", "-", "—", "none", "n/a", "无"}
_SUMMARY_CHARS = 160
PROMOTED_MARKER = "<!-- promoted -->"
_COMMENT_LINE = re.compile(r"^\s*<!--.*?-->\s*$")
_PROMPT_READ_LIMIT = 64 * 1024 * 1024  # past this, only the head of a file is read for a prompt


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
        raise UnsupportedFileError(_("{path} is larger than {limit:,} bytes; wsnb won't add to a "
                                     "file it can't show in full. Split it, or move its older "
                                     "part to another file.").format(path=relative,
                                                                     limit=MAX_EDIT_BYTES),
                                   path=relative)  # fmt: skip
    return normalise_newlines(content.text)


def read_for_prompt(policy: AccessPolicy, relative: str, head: int, tail: int
                    ) -> tuple[str | None, str]:  # fmt: skip
    """The text of a file for a prompt and a note: (None, why) for a file that can't be read
    (binary, undecodable, refused), never an error; a big file is read in full only up to
    64 MB (then its head alone), and cut to ``head`` + ``tail`` characters by the prompt."""
    from ..tools.files import normalise_newlines

    try:
        target = policy.resolve(relative)
        if not target.exists():
            return None, ""
        checked = policy.check_read_file(target).raise_if_refused()
        content = textio.read_text(checked, limit=_PROMPT_READ_LIMIT)
    except WsnbError as exc:
        return None, _("{path} was left out of the prompt: {reason}").format(
            path=relative, reason=exc.reason)  # fmt: skip
    note = ""
    if content.truncated:
        note = _("{path} is {size:,} bytes; only its first {read:,} bytes were read for the "
                 "prompt.").format(path=relative, size=content.size, read=content.bytes_read)
    return normalise_newlines(content.text), note


def extract_section(text: str, headings: tuple[str, ...] = PROMOTE_HEADINGS) -> str:
    """The bodies of every section whose heading is one of ``headings``, joined; "" if none."""
    found: list[str] = []
    level: int | None = None
    body: list[str] = []
    fenced = False
    for line in text.splitlines():
        if not fenced and _COMMENT_LINE.match(line):
            continue  # a marker (<!-- promoted -->) or a template's hint, never a memory
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
    """True when ``memory.md`` has a ``## Promoted from <day>`` heading (any suffix after it)."""
    pattern = rf"^##\s+Promoted from {re.escape(day.isoformat())}\b"
    return re.search(pattern, memory_text, re.MULTILINE) is not None


def marked_promoted(daily_text: str) -> bool:
    """True when a day's file carries CodePilot's ``<!-- promoted -->`` marker."""
    return PROMOTED_MARKER in daily_text


def mark_promoted(policy: AccessPolicy, daily: DailyMemory) -> FileAppend | None:
    """What marking a day as promoted adds to its file (None when it is marked already)."""
    current = read_optional(policy, daily.path)
    if current is None or marked_promoted(current):
        return None
    return FileAppend(daily.path, current, PROMOTED_MARKER + "\n")


def promotion_text(day: date, section: str) -> str:
    return f"## Promoted from {day.isoformat()}\n\n{section.strip()}\n"


def archive_line(day: date, text: str, *, codepilot: bool = False) -> str:
    """``- YYYY-MM-DD: <first words of the work log>`` (one line); with ``codepilot``, in the
    form CodePilot's archive lines take: ``- **YYYY-MM-DD.md**: ...``."""
    summary = extract_section(text, _SUMMARY_HEADINGS)
    if not summary:
        summary = " ".join(line for line in text.splitlines()
                           if line.strip() and not line.lstrip().startswith("#"))  # fmt: skip
    summary = " ".join(summary.split()) or "(empty)"
    if len(summary) > _SUMMARY_CHARS:
        summary = summary[: _SUMMARY_CHARS - 1].rstrip() + "…"
    name = f"**{day.isoformat()}.md**" if codepilot else day.isoformat()
    return f"- {name}: {summary}"


def archived_days(archive_text: str) -> set[str]:
    """The days listed in ``archive.md``: wsnb's ``- 2026-03-01: ...`` and CodePilot's
    ``- **2026-03-01.md**: ...`` lines."""
    found = re.findall(r"^- (?:\*\*)?(\d{4}-\d{2}-\d{2})(?:\.md\*\*)?:", archive_text,
                       re.MULTILINE)  # fmt: skip
    return set(found)


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


@dataclass(frozen=True)
class Promotion:
    """What promoting some days adds to ``memory.md``, the days it takes, and the days left
    out because their file can't be read (each with a sentence)."""

    change: FileAppend | None
    days: list[DailyMemory]
    skipped: list[str]


def promotion(policy: AccessPolicy, memory_path: str, days: list[DailyMemory]) -> Promotion:
    """What promoting ``days`` adds to ``memory.md``; ``change`` is None when nothing is new.

    A day marked ``<!-- promoted -->`` or already under its heading adds nothing; a binary
    or undecodable day's file is skipped with a note, never a reason to stop.
    """
    current = read_optional(policy, memory_path)
    parts, taken, skipped = [], [], []
    for daily in days:
        try:
            text = read_optional(policy, daily.path) or ""
        except WsnbError as exc:
            skipped.append(_("{path} was skipped: {reason}").format(path=daily.path,
                                                                   reason=exc.reason))
            continue
        section = extract_section(text)
        if section and not marked_promoted(text) and not already_promoted(current or "",
                                                                          daily.day):
            parts.append(promotion_text(daily.day, section))
            taken.append(daily)
    if not parts:
        return Promotion(None, [], skipped)
    change = FileAppend(memory_path, current, "\n".join(parts), header="# Long-term memory\n\n")
    return Promotion(change, taken, skipped)


def archive_append(policy: AccessPolicy, days: list[DailyMemory]) -> FileAppend | None:
    """What archiving ``days`` adds to ``archive.md``: one line per day not listed yet."""
    current = read_optional(policy, ARCHIVE_FILE)
    listed = archived_days(current or "")
    # An archive CodePilot started goes on in its form, so the file reads as one list.
    codepilot = re.search(r"^- \*\*\d{4}-\d{2}-\d{2}\.md\*\*:", current or "", re.MULTILINE)
    lines = []
    for daily in days:
        if daily.day.isoformat() in listed:
            continue
        try:
            text = read_optional(policy, daily.path) or ""
        except WsnbError:
            text = _("(not readable as text)")
        lines.append(archive_line(daily.day, text, codepilot=codepilot is not None))
    if not lines:
        return None
    return FileAppend(ARCHIVE_FILE, current, "\n".join(lines) + "\n",
                      header="# Daily memory archive\n\n")  # fmt: skip
