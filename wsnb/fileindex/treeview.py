"""A slice of the index shaped as a tree a person can read, still a DataFrame."""

from __future__ import annotations

from collections import Counter

import pandas as pd

from ..display import ReadableFrame, readable
from ..errors import UsageError
from ..i18n import _

__all__ = ["TREE_COLUMNS", "tree_frame"]

TREE_COLUMNS = ["tree", "path", "is_dir", "size", "files"]


def tree_frame(index: pd.DataFrame, folder: str, depth: int) -> ReadableFrame:
    """Entries below ``folder`` down to ``depth`` levels, in tree order.

    ``tree`` draws the branch (``├── name``); ``files`` counts the indexed
    files inside a folder at every level, so a folder cut off by ``depth``
    still says how big it is. Folders come before files at each level.
    """
    if not isinstance(depth, int) or isinstance(depth, bool) or depth < 1:
        raise UsageError(_("{param} must be a whole number of at least 1, not {asked!r}.").format(
            param="depth", asked=depth))
    prefix = "" if folder == "." else folder + "/"
    below = index[index["path"].str.startswith(prefix)] if prefix else index
    entries = [
        (path[len(prefix) :], bool(is_dir), int(size))
        for path, is_dir, size in zip(below["path"], below["is_dir"], below["size"], strict=True)
    ]
    counts = _files_per_folder([rel for rel, is_dir, _ in entries if not is_dir])
    shown = sorted((e for e in entries if e[0].count("/") < depth), key=_tree_key)
    relatives = [rel for rel, _, _ in shown]
    frame = pd.DataFrame(
        {
            "tree": _branches(relatives),
            "path": [prefix + rel for rel in relatives],
            "is_dir": [is_dir for _, is_dir, _ in shown],
            "size": [size for _, _, size in shown],
            "files": [counts[rel] if is_dir else 0 for rel, is_dir, _ in shown],
        },
        columns=TREE_COLUMNS,
    )
    frame = frame.astype({"is_dir": bool, "size": "int64", "files": "int64"})
    frame.attrs.update(folder=folder, depth=depth)
    return readable(frame, left=["tree", "path"])  # the branches read as a tree


def _tree_key(entry: tuple[str, bool, int]) -> tuple[tuple[int, str], ...]:
    # Sort by path segments, folders before files at every level.
    relative, is_dir, _ = entry
    parts = relative.split("/")
    key = [(0, part.casefold()) for part in parts[:-1]]
    key.append((0 if is_dir else 1, parts[-1].casefold()))
    return tuple(key)


def _files_per_folder(files: list[str]) -> Counter[str]:
    counts: Counter[str] = Counter()
    for path in files:
        parent = path.rpartition("/")[0]
        while parent:
            counts[parent] += 1
            parent = parent.rpartition("/")[0]
    return counts


def _branches(relatives: list[str]) -> list[str]:
    """Draw ``├──``/``└──`` branches for paths already in tree order."""
    last_child: dict[str, str] = {}
    for rel in relatives:  # in tree order, the last one seen per parent is the last sibling
        last_child[rel.rpartition("/")[0]] = rel
    is_last = {rel: last_child[rel.rpartition("/")[0]] == rel for rel in relatives}
    lines = []
    for rel in relatives:
        parts = rel.split("/")
        ancestors = ["/".join(parts[: level + 1]) for level in range(len(parts) - 1)]
        rails = "".join("    " if is_last.get(a, True) else "│   " for a in ancestors)
        lines.append(rails + ("└── " if is_last[rel] else "├── ") + parts[-1])
    return lines
