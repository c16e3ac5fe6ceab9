"""``README.ai.md`` and ``PATH.ai.md``: generated overviews of the root and its folders.

The generated part sits between two markers; whatever a person wrote outside
them is kept as it is. A file without markers keeps all its text and gets the
generated part appended. Every path in the text is relative to the folder the
file is in, never absolute. Nothing here writes: it returns the new text.
"""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

from .layout import PATH_AI, README_AI
from .taxonomy import Taxonomy

__all__ = ["END", "START", "FolderDoc", "folder_docs", "generated_span", "merge_generated",
           "path_doc", "readme_doc"]  # fmt: skip

START = "<!-- AI_GENERATED_START -->"  # CodePilot's markers: what both tools write now
END = "<!-- AI_GENERATED_END -->"
_OLD_MARKERS = (("<!-- wsnb:generated:start -->", "<!-- wsnb:generated:end -->"),)
_MAX_LISTED = 500
_RECENT = 10


@dataclass(frozen=True)
class FolderDoc:
    """The notes below one folder: ``folder`` is relative (``"."`` for the root)."""

    folder: str
    notes: pd.DataFrame  # path (relative to the root), title, modified

    def relative(self, path: str) -> str:
        return path if self.folder == "." else path[len(self.folder) + 1 :]

    @property
    def name(self) -> str:
        return "Notes workspace" if self.folder == "." else self.folder.rsplit("/", 1)[-1]


def generated_span(text: str) -> tuple[int, int] | None:
    """Where the generated block of ``text`` starts and ends (either tool's markers)."""
    for start_marker, end_marker in ((START, END), *_OLD_MARKERS):
        start = text.find(start_marker)
        end = text.find(end_marker, start + len(start_marker)) if start != -1 else -1
        if start != -1 and end != -1:
            return start, end + len(end_marker)
    return None


def merge_generated(existing: str | None, generated: str) -> str:
    """``existing`` with its generated block (CodePilot's markers or wsnb's first ones)
    replaced by one in CodePilot's markers, or appended; the person's text is kept."""
    block = f"{START}\n{generated.rstrip()}\n{END}\n"
    if not existing:
        return block
    span = generated_span(existing)
    if span is not None:
        return existing[: span[0]] + block.rstrip("\n") + existing[span[1]:]
    return existing.rstrip("\n") + "\n\n" + block


def readme_doc(doc: FolderDoc, taxonomy: Taxonomy, subfolders: list[str]) -> str:
    """The generated part of a folder's README.ai.md."""
    lines = [f"# {doc.name}", "", "Generated overview; wsnb keeps text outside the markers.", ""]
    if doc.folder != ".":
        category = taxonomy.classify(doc.folder)
        if category is not None:
            lines.append(f"- Role: {category.role} (confidence {category.confidence:.2f})")
    latest = doc.notes["modified"].max() if len(doc.notes) else None
    lines.append(f"- Notes: {len(doc.notes)}")
    if latest is not None:
        lines.append(f"- Last change: {latest.date().isoformat()}")
    if subfolders:
        lines += ["", "## Folders", ""]
        for folder in subfolders:
            category = taxonomy.classify(folder)
            count = int(doc.notes["path"].str.startswith(folder + "/").sum())
            role = category.role if category else "unknown"
            lines.append(f"- `{doc.relative(folder)}/`: {role}, {count} notes")
    if len(doc.notes):
        lines += ["", "## Recent notes", ""]
        recent = doc.notes.sort_values(["modified", "path"], ascending=[False, True])
        for row in recent.head(_RECENT).itertuples():
            lines.append(f"- `{doc.relative(str(row.path))}`: {row.title}")
    return "\n".join(lines) + "\n"


def path_doc(doc: FolderDoc) -> str:
    """The generated part of a folder's PATH.ai.md: every note's relative path and title."""
    lines = [f"# Paths in {doc.name}", "",
             "Every note below this folder, relative to it.", ""]  # fmt: skip
    ordered = doc.notes.sort_values("path")
    for row in ordered.head(_MAX_LISTED).itertuples():
        lines.append(f"- `{doc.relative(str(row.path))}`: {row.title}")
    if len(ordered) > _MAX_LISTED:
        lines.append(f"- ... {len(ordered) - _MAX_LISTED} more")
    if not len(ordered):
        lines.append("(no notes yet)")
    return "\n".join(lines) + "\n"


def folder_docs(notes: pd.DataFrame, taxonomy: Taxonomy, folders: list[str]
                ) -> list[tuple[str, str]]:  # fmt: skip
    """(path, generated part) of README.ai.md and PATH.ai.md, root and top folders."""
    tops = [f for f in folders if "/" not in f]
    docs = []
    for folder in [".", *tops]:
        inside = notes if folder == "." else notes[notes["path"].str.startswith(folder + "/")]
        doc = FolderDoc(folder, inside)
        subs = tops if folder == "." else [f for f in folders if f.startswith(folder + "/")
                                           and f.count("/") == 1]  # fmt: skip
        prefix = "" if folder == "." else folder + "/"
        docs.append((prefix + README_AI, readme_doc(doc, taxonomy, subs)))
        docs.append((prefix + PATH_AI, path_doc(doc)))
    return docs
