"""``.assistant/config.json``: the workspace's settings, deep-merged over the defaults.

Objects merge key by key, arrays and plain values replace. The keys are the
ones CodePilot reads and writes (``archivePolicy.dailyMemoryRetentionDays``,
``index.maxFileSizeKB``, ``index.includeExtensions``, ...); wsnb's first
spellings (``dailyMemoryDays``, ``maxFileSize`` in bytes, ``extensions``) are
read too and saved under CodePilot's names. Every key wsnb does not know is
kept, so a save never drops another program's settings.
"""

from __future__ import annotations

import copy
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..errors import UsageError
from ..i18n import _

__all__ = [
    "DEFAULT_CONFIG",
    "ORGANISATION_STYLES",
    "IndexSettings",
    "NotesConfig",
    "deep_merge",
    "parse_style",
]

logger = logging.getLogger("wsnb")

ORGANISATION_STYLES = ("project", "time", "topic", "mixed")

DEFAULT_CONFIG: dict[str, Any] = {
    "workspaceType": "general",
    "organizationStyle": "mixed",
    "captureDefault": "Inbox",
    "archivePolicy": {
        "completedTaskArchiveAfterDays": 30,
        "closedProjectArchive": True,
        "dailyMemoryRetentionDays": 30,
        "promoteAfterDays": 7,
        "archiveFolder": "Archive",
    },
    "ignore": [
        ".obsidian/**", ".trash/**", ".git/**", "node_modules/**", ".wsnb/**", ".assistant/**",
        "**/*.png", "**/*.jpg", "**/*.jpeg", "**/*.gif", "**/*.webp", "**/*.svg", "**/*.bmp",
        "**/*.ico", "**/*.mp4", "**/*.mov", "**/*.avi", "**/*.mkv", "**/*.webm",
    ],
    "index": {
        "maxFileSizeKB": 512,
        "chunkSize": 1200,
        "chunkOverlap": 150,
        "maxDepth": 8,
        "includeExtensions": [".md", ".txt", ".markdown"],
    },
}  # fmt: skip

# wsnb's first spellings -> the keys CodePilot reads (and wsnb writes now), with a converter.
_OLD_KEYS: dict[str, dict[str, tuple[str, Callable[[Any], Any]]]] = {
    "archivePolicy": {"dailyMemoryDays": ("dailyMemoryRetentionDays", lambda v: v)},
    "index": {
        "maxFileSize": ("maxFileSizeKB", lambda v: max(1, -(-v // 1024)) if isinstance(v, int)
                        and not isinstance(v, bool) else v),
        "extensions": ("includeExtensions", lambda v: v),
    },
}  # fmt: skip


def normalise_keys(raw: dict[str, Any]) -> dict[str, Any]:
    """``raw`` with wsnb's first key names turned into CodePilot's; when a file has both, the
    CodePilot key wins (it is the one CodePilot edits). Every other key is kept as it is."""
    result = copy.deepcopy(raw)
    for section, renames in _OLD_KEYS.items():
        part = result.get(section)
        if not isinstance(part, dict):
            continue
        for old, (new, convert) in renames.items():
            if old in part:
                value = part.pop(old)
                part.setdefault(new, convert(value))
    return result


# Words people use for each style, English and Chinese; the first match wins.
_STYLE_WORDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("mixed", ("mixed", "mix", "hybrid", "混合", "综合", "都有")),
    ("project", ("project", "项目", "專案", "工程")),
    ("time", ("time", "date", "chrono", "时间", "時間", "日期", "按天", "按月", "按年")),
    ("topic", ("topic", "subject", "theme", "主题", "主題", "话题", "分类", "领域")),
)


def parse_style(answer: str) -> str:
    """The organisation style a person's answer means (``"按项目"`` -> ``"project"``).

    Raises ``UsageError`` when the answer names none of project, time, topic, mixed.
    """
    text = answer.strip().lower()
    found = [style for style, words in _STYLE_WORDS if any(w in text for w in words)]
    if len(found) > 1:
        return "mixed"
    if found:
        return found[0]
    raise UsageError(_("{answer!r} is not an organisation style; answer project, time, "
                       "topic or mixed (按项目、按时间、按主题、混合).").format(
                           answer=answer))  # fmt: skip


def deep_merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    """A new dict: ``over`` on top of ``base``; nested dicts merge, everything else replaces."""
    merged = copy.deepcopy(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = deep_merge(merged[key], value)
        else:
            merged[key] = copy.deepcopy(value)
    return merged


@dataclass(frozen=True)
class IndexSettings:
    """What the note index reads and how it cuts notes into chunks."""

    max_file_size: int
    chunk_size: int
    chunk_overlap: int
    max_depth: int
    extensions: tuple[str, ...]


def _int(section: dict[str, Any], key: str, default: int, low: int) -> int:
    value = section.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        logger.warning("config.json: %s must be a whole number >= %d; using %d.", key, low,
                       default)  # fmt: skip
        return default
    return value


def _suffix(extension: str) -> str:
    extension = extension.lower()
    return extension if extension.startswith(".") else f".{extension}"


@dataclass(frozen=True)
class NotesConfig:
    """The merged settings; ``data`` is the whole merged dict (what ``config.json`` holds)."""

    data: dict[str, Any]

    @classmethod
    def from_file_data(cls, raw: Any) -> NotesConfig:
        """Defaults, with whatever ``raw`` (a parsed config.json, or None) says on top."""
        if raw is not None and not isinstance(raw, dict):
            logger.warning("config.json is not a JSON object; using the defaults.")
            raw = None
        return cls(deep_merge(DEFAULT_CONFIG, normalise_keys(raw or {})))

    def merged(self, changes: dict[str, Any]) -> NotesConfig:
        return NotesConfig(deep_merge(self.data, normalise_keys(changes)))

    @property
    def organisation_style(self) -> str:
        style = self.data.get("organizationStyle")
        return style if style in ORGANISATION_STYLES else "mixed"

    @property
    def capture_folder(self) -> str:
        # Only trailing slashes go: "/tmp" must stay absolute, so the check refuses it.
        folder = self.data.get("captureDefault")
        return folder.rstrip("/") if isinstance(folder, str) and folder.strip("/") else "Inbox"

    @property
    def _archive(self) -> dict[str, Any]:
        section = self.data.get("archivePolicy")
        return section if isinstance(section, dict) else {}

    @property
    def daily_memory_days(self) -> int:
        return _int(self._archive, "dailyMemoryRetentionDays", 30, 1)

    @property
    def promote_after_days(self) -> int:
        return _int(self._archive, "promoteAfterDays", 7, 0)

    @property
    def auto_archive(self) -> bool:
        """True unless turned off (``autoArchive: false``): each check-in then also proposes
        archiving the daily memories past retention, as CodePilot's check-in does."""
        return self._archive.get("autoArchive") is not False

    @property
    def archive_folder(self) -> str:
        folder = self._archive.get("archiveFolder")
        return folder.rstrip("/") if isinstance(folder, str) and folder.strip("/") else "Archive"

    @property
    def ignore(self) -> tuple[str, ...]:
        globs = self.data.get("ignore")
        if not isinstance(globs, list):
            return tuple(DEFAULT_CONFIG["ignore"])
        return tuple(g for g in globs if isinstance(g, str) and g.strip())

    @property
    def index(self) -> IndexSettings:
        section = self.data.get("index")
        section = section if isinstance(section, dict) else {}
        defaults = DEFAULT_CONFIG["index"]
        extensions = section.get("includeExtensions", defaults["includeExtensions"])
        if not isinstance(extensions, list) or not all(isinstance(e, str) for e in extensions):
            extensions = defaults["includeExtensions"]
        return IndexSettings(
            max_file_size=_int(section, "maxFileSizeKB", defaults["maxFileSizeKB"], 1) * 1024,
            chunk_size=_int(section, "chunkSize", defaults["chunkSize"], 100),
            chunk_overlap=_int(section, "chunkOverlap", defaults["chunkOverlap"], 0),
            max_depth=_int(section, "maxDepth", defaults["maxDepth"], 1),
            extensions=tuple(_suffix(e) for e in extensions),
        )
