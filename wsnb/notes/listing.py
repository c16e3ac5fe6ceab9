"""The notes of a workspace as a small DataFrame, for the taxonomy, the organiser and the docs.

Notes are the files the index's walk finds (``wsnb.notes.walk``: the
scanner's walk told the notes' rules), so the frame and the index agree on
what a note is, in folders a scan skips or a ``.gitignore`` ignores too. The
title and tags come from the first few KiB of each file.
"""

from __future__ import annotations

import re
from datetime import datetime

import pandas as pd

from ..disk import textio
from ..errors import WsnbError
from ..policy.access import AccessPolicy
from .config import NotesConfig
from .organiser import note_title
from .rules import NoteRules
from .walk import walk_notes

__all__ = ["NOTE_COLUMNS", "list_notes"]

NOTE_COLUMNS = ["path", "title", "modified", "tags"]
_HEAD_BYTES = 8 * 1024
_INLINE_TAG = re.compile(r"(?<![\w&#/])#([^\s#\d\W][\w/\-]*|[\u4e00-\u9fff][\w/\-]*)")
_FRONT_TAGS = re.compile(r"^tags:\s*(.*)$", re.MULTILINE)


def _tags(text: str) -> list[str]:
    tags: list[str] = []
    if text.startswith("---"):
        end = text.find("\n---", 3)
        front = text[3:end] if end != -1 else ""
        match = _FRONT_TAGS.search(front)
        if match:
            raw = match.group(1).strip().strip("[]")
            tags += [t.strip().strip("'\"#") for t in raw.split(",") if t.strip()]
    tags += _INLINE_TAG.findall(text)
    return list(dict.fromkeys(t for t in tags if t))


def list_notes(policy: AccessPolicy, config: NotesConfig) -> pd.DataFrame:
    """The notes (by path), with title and tags read from each; ``modified`` in local time."""
    extensions = {suffix.lower() for suffix in config.index.extensions}
    rules = NoteRules(policy, extensions=extensions, ignore=config.ignore,
                      max_depth=config.index.max_depth)  # fmt: skip
    walked = walk_notes(rules, max_file_size=config.index.max_file_size)
    found = [(path, file.mtime) for path, file in walked.files.items()]
    found += [(path, mtime) for path, (_size, mtime) in walked.too_large_stats.items()]
    rows = []
    for path, mtime in sorted(found):
        modified = datetime.fromtimestamp(mtime / 1000)  # naive local time, as a scan's frame
        decision = policy.check_read_file(path)  # a secret-looking note never reaches a title
        if not decision:
            continue
        try:
            head = textio.read_text(decision.raise_if_refused(), limit=_HEAD_BYTES).text
        except WsnbError:
            continue
        stem = path.rsplit("/", 1)[-1].rsplit(".", 1)[0]
        rows.append({"path": path, "title": note_title(head, stem), "modified": modified,
                     "tags": _tags(head)})  # fmt: skip
    frame = pd.DataFrame(rows, columns=NOTE_COLUMNS)
    frame["modified"] = pd.to_datetime(frame["modified"])
    return frame
