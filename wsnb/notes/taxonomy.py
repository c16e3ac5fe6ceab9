"""Folder roles inferred from names (English, Chinese, PARA), and classifying a path by them.

A *category* is a folder with a role (notes, project, journal, archive, inbox,
template, resource, memory, unknown) and a confidence: an exact known name is
sure, a name that only contains a known word less so, anything else unknown.
``classify_path`` picks the category with the longest matching folder prefix.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

import pandas as pd

from ..i18n import _, ngettext

__all__ = [
    "ROLES",
    "Category",
    "Taxonomy",
    "classify_path",
    "infer_role",
]

ROLES = ("notes", "project", "journal", "archive", "inbox", "template", "resource", "memory",
         "unknown")  # fmt: skip

# role -> known folder names (compared case-folded, without spaces, dashes or numbering).
_NAMES: dict[str, tuple[str, ...]] = {
    "project": ("projects", "project", "proj", "work", "areas", "area", "项目", "專案", "工作",
                "领域"),
    "notes": ("notes", "note", "wiki", "knowledge", "zettelkasten", "zettel", "笔记", "筆記",
              "知识", "知识库", "卡片"),
    "journal": ("journal", "journals", "diary", "daily", "dailies", "dailynotes", "logs", "log",
                "日记", "日記", "日志", "日誌", "周记"),
    "archive": ("archive", "archives", "archived", "old", "attic", "归档", "歸檔", "存档",
                "旧"),
    "inbox": ("inbox", "capture", "drafts", "fleeting", "unsorted", "收件箱", "收集箱",
              "草稿", "待整理"),
    "template": ("templates", "template", "tpl", "模板", "模版"),
    "resource": ("resources", "resource", "references", "reference", "refs", "docs",
                 "attachments", "assets", "reading", "资料", "資料", "参考", "素材", "文献",
                 "附件"),
    "memory": ("memory", "memories", "记忆", "記憶"),
}  # fmt: skip
_PARA = {"projects": "project", "areas": "project", "resources": "resource",
         "archives": "archive"}  # fmt: skip
_NUMBERING = re.compile(r"^[\d._\-\s]+")
_SEPARATORS = re.compile(r"[\s_\-.]+")


def _clean(name: str) -> str:
    return _SEPARATORS.sub("", _NUMBERING.sub("", name)).casefold()


def infer_role(name: str) -> tuple[str, float]:
    """The role a folder named ``name`` likely plays, and how sure that is (0..1)."""
    clean = _clean(name)
    if clean in _PARA:
        return _PARA[clean], 0.95
    for role, names in _NAMES.items():
        if clean in names:
            return role, 0.9
    for role, names in _NAMES.items():
        if any(len(word) >= 2 and word in clean for word in names):
            return role, 0.6
    return "unknown", 0.2


_CATEGORY_KEYS = ("id", "label", "name", "role", "paths", "confidence", "source", "description")
_REINFERRED = "inferred"  # wsnb's own guesses are made again; every other source is kept
DEFAULT_EVOLUTION_RULES: dict[str, Any] = {
    "allowAutoCreateCategory": False,
    "allowAutoArchive": False,
    "requireConfirmationForMoves": True,
}


@dataclass
class Category:
    """A folder with a role; ``source`` is ``"inferred"`` (wsnb's guess, made again on each
    look), ``"user"``, or what another tool wrote (CodePilot's ``"learned"``), kept as given.

    ``name`` is what CodePilot calls ``label``; ``extra`` keeps every field wsnb does not
    know (``createdBy``...), so saving the taxonomy never drops them.
    """

    id: str
    name: str
    role: str
    paths: list[str]
    confidence: float
    source: str = "inferred"
    description: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """CodePilot's shape: ``label``, and folder paths ending in ``/``."""
        return {**self.extra, "id": self.id, "label": self.name, "role": self.role,
                "paths": [f"{p}/" for p in self.paths], "confidence": self.confidence,
                "source": self.source, "description": self.description}  # fmt: skip

    @classmethod
    def from_json(cls, data: Any) -> Category | None:
        if not isinstance(data, dict) or not isinstance(data.get("paths"), list):
            return None
        role = data.get("role") if data.get("role") in ROLES else "unknown"
        paths = [p.strip("/") for p in data["paths"] if isinstance(p, str) and p.strip("/")]
        confidence = data.get("confidence", 0.5)
        return cls(id=str(data.get("id") or (paths[0] if paths else "")),
                   name=str(data.get("label") or data.get("name") or ""), role=str(role),
                   paths=paths,
                   confidence=float(confidence) if isinstance(confidence, int | float) else 0.5,
                   source=str(data.get("source") or "user"),
                   description=str(data.get("description") or ""),
                   extra={k: v for k, v in data.items() if k not in _CATEGORY_KEYS})  # fmt: skip


def _slug(path: str) -> str:
    return re.sub(r"[^\w]+", "-", path.casefold()).strip("-") or "root"


def classify_path(path: str, categories: Iterable[Category]) -> Category | None:
    """The category whose folder is the longest prefix of ``path`` (relative, POSIX), or None."""
    best: tuple[int, Category] | None = None
    for category in categories:
        for prefix in category.paths:
            if path == prefix or path.startswith(prefix + "/"):
                length = prefix.count("/") + 1
                if best is None or length > best[0]:
                    best = (length, category)
    return best[1] if best else None


@dataclass
class Taxonomy:
    """The workspace's categories (what ``.assistant/taxonomy.json`` holds); ``extra`` keeps
    the file's other keys (CodePilot's ``evolutionRules``...) as they are."""

    categories: list[Category]
    extra: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def infer(cls, folders: Iterable[str], kept: Iterable[Category] = (),
              extra: dict[str, Any] | None = None) -> Taxonomy:  # fmt: skip
        """Categories for ``folders`` (relative paths); ``kept`` (saved ones) win.

        A saved category that wsnb itself inferred is inferred again; any other
        (the person's, CodePilot's) is kept while its folder exists, and a
        person's own (``source='user'``) even when it does not.
        """
        present = set(folders)
        kept = [c for c in kept if c.source != _REINFERRED
                and (c.source == "user" or any(p in present for p in c.paths))]  # fmt: skip
        taken = {p for c in kept for p in c.paths}
        inferred = []
        for folder in sorted(present):
            if folder in taken:
                continue
            role, confidence = infer_role(folder.rsplit("/", 1)[-1])
            if "/" in folder and infer_role(folder.split("/", 1)[0])[0] == "memory":
                role = "memory"  # memory/daily is the assistant's, not a journal of notes
            if "/" in folder and role == "unknown":
                continue  # a plain subfolder belongs to its parent's category
            inferred.append(Category(_slug(folder), folder.rsplit("/", 1)[-1], role, [folder],
                                     confidence))  # fmt: skip
        return cls([*kept, *inferred], dict(extra or {}))

    @classmethod
    def from_json(cls, data: Any) -> Taxonomy:
        raw = data.get("categories") if isinstance(data, dict) else None
        found = [Category.from_json(c) for c in raw] if isinstance(raw, list) else []
        extra = {k: v for k, v in data.items() if k not in {"categories", "updatedAt"}} \
            if isinstance(data, dict) else {}  # fmt: skip
        return cls([c for c in found if c is not None], extra)

    def to_json(self, now: datetime) -> dict[str, Any]:
        data: dict[str, Any] = {"version": 1, **self.extra}
        data.setdefault("evolutionRules", dict(DEFAULT_EVOLUTION_RULES))
        data["categories"] = [c.to_json() for c in self.categories]
        data["updatedAt"] = now.isoformat()
        return data

    def classify(self, path: str) -> Category | None:
        return classify_path(path, self.categories)

    def first(self, role: str) -> Category | None:
        """The surest category with ``role`` (shallowest path on a tie)."""
        found = [c for c in self.categories if c.role == role and c.paths]
        found.sort(key=lambda c: (-c.confidence, c.paths[0].count("/"), c.paths[0]))
        return found[0] if found else None

    def frame(self, note_counts: dict[str, int] | None = None) -> pd.DataFrame:
        counts = note_counts or {}
        rows = [{"id": c.id, "name": c.name, "path": c.paths[0] if c.paths else "",
                 "role": c.role, "confidence": c.confidence, "source": c.source,
                 "notes": counts.get(c.id, 0)} for c in self.categories]  # fmt: skip
        columns = ["id", "name", "path", "role", "confidence", "source", "notes"]
        return pd.DataFrame(rows, columns=columns).astype({"confidence": float, "notes": int})


# ---------------------------------------------------------------------------
# Suggestions: new categories and archives
# ---------------------------------------------------------------------------

_SUGGEST_COLUMNS = ["kind", "path", "suggestion", "reason"]


def suggest_evolution(
    taxonomy: Taxonomy,
    notes: pd.DataFrame,
    now: datetime,
    *,
    stale_days: int = 90,
    cluster_size: int = 3,
) -> pd.DataFrame:
    """Where the categories could grow: new categories for clusters, archives for idle folders.

    ``notes`` has columns ``path`` (relative), ``modified`` (aware datetimes)
    and ``tags`` (lists). Only suggestions: nothing is changed.
    """
    rows: list[dict[str, str]] = []
    rows += _new_category_rows(taxonomy, notes, cluster_size)
    rows += _archive_rows(taxonomy, notes, now - timedelta(days=stale_days), stale_days)
    return pd.DataFrame(rows, columns=_SUGGEST_COLUMNS)


def _new_category_rows(taxonomy: Taxonomy, notes: pd.DataFrame, size: int) -> list[dict[str, str]]:
    rows = []
    for category in taxonomy.categories:
        if category.role == "unknown" and category.paths and "/" not in category.paths[0]:
            count = int(notes["path"].str.startswith(category.paths[0] + "/").sum())
            if count >= size:
                rows.append({"kind": "give a role", "path": category.paths[0],
                             "suggestion": _("name it after its role (e.g. Projects, Notes, "
                                             "Resources) or set its role in taxonomy.json"),
                             "reason": ngettext("{count} note in a folder of unknown role",
                                                "{count} notes in a folder of unknown role",
                                                count).format(count=count)})  # fmt: skip
    loose = notes[notes["path"].map(lambda p: _is_loose(taxonomy, p))]
    tags: dict[str, int] = {}
    for note_tags in loose["tags"]:
        for tag in set(note_tags or []):
            tags[tag] = tags.get(tag, 0) + 1
    known = {c.name.casefold() for c in taxonomy.categories}
    for tag, count in sorted(tags.items(), key=lambda kv: (-kv[1], kv[0])):
        if count >= size and tag.casefold() not in known:
            rows.append({"kind": "new category", "path": tag.replace("/", "-"),
                         "suggestion": _("create a folder {name!r} for them").format(
                             name=tag.replace("/", "-")),
                         "reason": _("{count} unfiled notes share the tag #{tag}").format(
                             count=count, tag=tag)})  # fmt: skip
    return rows


def _is_loose(taxonomy: Taxonomy, path: str) -> bool:
    category = taxonomy.classify(path)
    return category is None or category.role in {"inbox", "unknown"}


def _archive_rows(
    taxonomy: Taxonomy, notes: pd.DataFrame, cutoff: datetime, days: int
) -> list[dict[str, str]]:
    rows = []
    archive = taxonomy.first("archive")
    target = archive.paths[0] if archive else "Archive"
    for category in taxonomy.categories:
        if category.role not in {"project", "notes"} or not category.paths:
            continue
        prefix = category.paths[0] + "/"
        inside = notes[notes["path"].str.startswith(prefix)]
        if len(inside) and (inside["modified"] < cutoff).all():
            rows.append({"kind": "archive", "path": category.paths[0],
                         "suggestion": _("move it into {folder}/").format(folder=target),
                         "reason": ngettext("its {count} note has not changed in {days} days",
                                            "none of its {count} notes changed in {days} days",
                                            len(inside)).format(count=len(inside), days=days)})
    return rows
