"""Capture, classify and move notes: every change a plan, never over an existing file.

``capture`` picks a free name in the capture folder (``idea.md``, then
``idea-2.md``...), so a capture can never replace a note; the create plan is
exclusive as well, so a file that appears between plan and confirm makes the
plan stale instead of being overwritten. ``suggest_destination`` reads the
note and the taxonomy and says where it would go and why; ``move`` plans it.
"""

from __future__ import annotations

import os
import re
import unicodedata
from dataclasses import dataclass
from datetime import date

from ..disk import textio
from ..errors import PolicyError, UsageError
from ..i18n import _, ngettext
from ..policy.access import AccessPolicy
from ..text.markdown import split_frontmatter
from ..types import Rule
from .taxonomy import Category, Taxonomy

__all__ = [
    "Suggestion",
    "free_path",
    "note_title",
    "slugify",
    "suggest_destination",
    "titled_note",
]

_MAX_STEM = 80
_UNSAFE = re.compile(r"[^\w\-]+")
_DATE_IN_NAME = re.compile(r"(\d{4})-(\d{2})-(\d{2})")
_H1 = re.compile(r"^#\s+(.+?)\s*#*\s*$", re.MULTILINE)
_DEFAULT_FOLDERS = {"project": "Projects", "notes": "Notes", "journal": "Journal",
                    "resource": "Resources", "archive": "Archive"}  # fmt: skip
_STYLE_ROLE = {"project": "project", "time": "journal", "topic": "notes", "mixed": "notes"}
_DONE_WORDS = ("status: done", "status: archived", "已完成", "已归档", "#done", "#archived")


def slugify(title: str) -> str:
    """A file-name stem for ``title``: letters (any script), digits, dashes; never empty."""
    text = unicodedata.normalize("NFC", title).strip()
    stem = _UNSAFE.sub("-", text).strip("-_").lower()
    stem = re.sub(r"-{2,}", "-", stem)[:_MAX_STEM].strip("-")
    return stem or "note"


def free_path(policy: AccessPolicy, folder: str, stem: str, suffix: str = ".md") -> str:
    """The first name in ``folder`` (relative) that is free: ``stem.md``, ``stem-2.md``, ..."""
    base = "" if folder in {"", "."} else folder.strip("/") + "/"
    for number in range(1, 10_000):
        name = f"{stem}{suffix}" if number == 1 else f"{stem}-{number}{suffix}"
        candidate = policy.resolve(base + name)
        if not candidate.exists():
            return candidate.relative
    raise UsageError(_("{folder} has no free name for {stem!r}; choose another title.").format(
        folder=folder, stem=stem))


def titled_note(title: str, content: str) -> str:
    """``# title`` above the content, but below its YAML front matter, which must stay first
    (a reader only finds tags and aliases in a front matter on the note's first line)."""
    lines = content.strip("\n").splitlines()
    _front, _body, taken = split_frontmatter("\n".join(lines))
    front, body = "\n".join(lines[:taken]), "\n".join(lines[taken:]).strip("\n")
    heading = f"# {title}\n\n{body}\n" if body else f"# {title}\n"
    return f"{front}\n\n{heading}" if front else heading


def note_title(text: str, fallback: str) -> str:
    """The first H1 outside code fences, else ``fallback``."""
    fenced = False
    for line in text.splitlines():
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
        elif not fenced:
            match = _H1.match(line)
            if match:
                return match.group(1).strip()
    return fallback


@dataclass(frozen=True)
class Suggestion:
    """Where a note would go: its category now, the suggested one, and why."""

    path: str
    current: str | None
    role: str
    destination: str
    confidence: float
    reason: str

    @property
    def moves(self) -> bool:
        return self.destination != self.path

    def __str__(self) -> str:
        if self.moves:
            text = _("{path}: {role} (confidence {confidence:.2f}); suggest it go to "
                     "{destination}. {reason}")
        else:
            text = _("{path}: {role} (confidence {confidence:.2f}); suggest it stay where it "
                     "is. {reason}")
        return text.format(path=self.path, role=self.role, confidence=self.confidence,
                           destination=self.destination, reason=self.reason)


def _mentions(text: str, name: str) -> int:
    """How often ``name`` occurs in ``text`` as a word (any occurrence for CJK names)."""
    needle = name.casefold()
    if len(needle) < 2:
        return 0
    if any(unicodedata.category(c) == "Lo" for c in needle):
        return text.count(needle)
    return len(re.findall(rf"(?<!\w){re.escape(needle)}(?!\w)", text))


def _read_note(policy: AccessPolicy, path: str) -> tuple[str, str]:
    target = policy.check_read_file(path).raise_if_refused()
    text = textio.read_text(target, limit=64 * 1024).text
    return target.relative, text


def _destination(category: Category | None, role: str, name: str, day: date | None) -> str:
    folder = category.paths[0] if category else _DEFAULT_FOLDERS.get(role, "Notes")
    if role == "journal" and day is not None and category is None:
        folder = f"{folder}/{day.year:04d}"
    return f"{folder}/{name}"


def suggest_destination(
    policy: AccessPolicy, taxonomy: Taxonomy, path: str, style: str
) -> Suggestion:
    """Classify the note at ``path`` and suggest a destination (nothing is moved)."""
    relative, text = _read_note(policy, path)
    name = relative.rsplit("/", 1)[-1]
    current = taxonomy.classify(relative)
    folded = text.casefold() + "\n" + name.casefold()
    if any(word in folded for word in _DONE_WORDS):
        target = taxonomy.first("archive")
        return _suggest(relative, current, target, "archive", 0.8, name, None,
                        _("It is marked done, so it belongs with the archive."))
    best = _best_mention(taxonomy, folded)
    if best is not None:
        category, count = best
        return _suggest(relative, current, category, category.role, min(0.5 + 0.1 * count, 0.9),
                        name, None, ngettext("It mentions {name!r} {count} time.",
                                             "It mentions {name!r} {count} times.", count
                                             ).format(name=category.name, count=count))
    match = _DATE_IN_NAME.search(name)
    day = _safe_date(match) if match else None
    if day is not None:
        return _suggest(relative, current, taxonomy.first("journal"), "journal", 0.7, name, day,
                        _("Its name is a date, so it reads as a journal entry."))
    if current is not None and current.role not in {"inbox", "unknown"}:
        return Suggestion(relative, current.id, current.role, relative, current.confidence,
                          _("It is already filed under {name!r}.").format(name=current.name))
    role = _STYLE_ROLE.get(style, "notes")
    return _suggest(relative, current, taxonomy.first(role), role, 0.4, name, None,
                    _("Nothing in it points elsewhere; the organisation style is {style!r}."
                      ).format(style=style))


def _suggest(
    relative: str,
    current: Category | None,
    category: Category | None,
    role: str,
    confidence: float,
    name: str,
    day: date | None,
    reason: str,
) -> Suggestion:
    if current is not None and category is not None and current.id == category.id:
        return Suggestion(relative, current.id, role, relative, confidence,
                          _("{reason} It is already there.").format(reason=reason))
    return Suggestion(relative, current.id if current else None, role,
                      _destination(category, role, name, day), confidence, reason)  # fmt: skip


def _best_mention(taxonomy: Taxonomy, folded: str) -> tuple[Category, int] | None:
    best: tuple[Category, int] | None = None
    for category in taxonomy.categories:
        if category.role not in {"project", "notes", "resource"}:
            continue
        count = _mentions(folded, category.name)
        if count and (best is None or count > best[1]):
            best = (category, count)
    return best


def _safe_date(match: re.Match[str]) -> date | None:
    try:
        return date(int(match.group(1)), int(match.group(2)), int(match.group(3)))
    except ValueError:
        return None


def check_note_folder(policy: AccessPolicy, folder: str) -> str:
    """``folder`` (relative) checked as a place notes may be written; its relative form."""
    if (not isinstance(folder, str) or not folder.strip() or os.path.isabs(folder)
            or folder.startswith(("/", "\\", "~"))):  # fmt: skip
        raise PolicyError(_("{folder!r} is not a folder inside the notes workspace; give a "
                            "relative path such as 'Inbox'.").format(folder=folder),
                          path=str(folder), rule=Rule.INVALID_PATH)  # fmt: skip
    target = policy.resolve(folder)
    if policy.is_protected(target):
        raise PolicyError(_("{path} is kept for wsnb's own data; choose another folder.").format(
            path=target), path=target.relative, rule=Rule.PROTECTED)  # fmt: skip
    return target.relative
