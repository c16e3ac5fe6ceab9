"""``folder_tree``: the entries below a folder as a nested tree, cut to what a model can take.

The tree is read from the index, never by walking, so ``.gitignore`` and the
skipped folders (``.git``, ``node_modules``...) are left out as the scan left
them out. A cut keeps the shallowest levels whole: every entry one level
down before any two levels down, so the top of a big tree is always there.
Each folder says how many files it holds at every depth and how many of its
own entries the answer leaves out, and the whole says the true totals.
``Workspace.tree()`` is the person's flat view of the same rows, uncut.
"""

from __future__ import annotations

import logging
from bisect import bisect_left
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from ..errors import UsageError, WsnbError
from ..i18n import N_, _, ngettext
from ..types import ActionType, Risk, ToolResult
from .base import ToolContext
from .limits import DEFAULT, Bound

__all__ = ["MAX_TREE_DEPTH", "FolderTree", "FolderTreeTool"]

logger = logging.getLogger("wsnb")

MAX_TREE_DEPTH = 10  # a model's deepest tree; each level can multiply the entries


@dataclass(frozen=True)
class FolderTree:
    """A folder's tree: ``nodes`` nested (folders with ``children``), and the true totals.

    ``total`` counts the entries down to ``depth``; ``shown`` those in ``nodes``;
    ``files`` and ``folders`` count everything below the folder, at any depth.
    """

    folder: str
    depth: int
    nodes: list[dict[str, Any]]
    shown: int
    total: int
    files: int
    folders: int
    note: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def truncated(self) -> bool:
        return self.shown < self.total

    def drawn(self) -> str:
        """The tree as lines with ``├──`` branches; a folder says what it holds."""
        lines = [self.folder + ("" if self.folder.endswith("/") else "/")]
        _draw(self.nodes, "", lines)
        if self.note:
            lines.append(f"({self.note})")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return self.drawn()


@dataclass(frozen=True)
class FolderTreeTool:
    """Entries below a folder, ``depth`` levels down (1 to 10 for a model), nested; at most
    ``ctx.limits.entries`` (200), the shallowest first."""

    name: str = "folder_tree"
    display_name: str = N_("Folder tree")
    action: ActionType = ActionType.LIST
    risk: Risk = Risk.READ_ONLY

    def run(self, ctx: ToolContext, path: str = ".", depth: int = 3,
            limit: Bound = DEFAULT) -> ToolResult:  # fmt: skip
        try:
            result = self._tree(ctx, path, depth, limit)
        except WsnbError as exc:
            logger.info("%s refused: %s", self.name, type(exc).__name__)
            return ToolResult.failure(exc)
        logger.info("%s ok", self.name)
        return result

    def _tree(self, ctx: ToolContext, path: str, depth: int, asked: Bound) -> ToolResult:
        _check_depth(depth, ceiling=ctx.limits.ceiling)
        limit = ctx.limits.pick("entries", asked)
        folder = ctx.policy.check_read_dir(path).raise_if_refused()
        index = ctx.index()
        prefix = "" if folder.is_root else folder.relative + "/"
        frame = index.frame
        below = frame[frame["path"].str.startswith(prefix)] if prefix else frame
        level = below["depth"] - (folder.relative.count("/") + 1 if prefix else 0)
        within = below[level <= depth]
        order = _shallowest_first(within, level[level <= depth])
        kept = order if limit is None else order[:limit]
        tree = FolderTree(folder=folder.relative, depth=depth,
                          nodes=_nest(below, kept, prefix), shown=len(kept), total=len(order),
                          files=int((~below["is_dir"]).sum()),
                          folders=int(below["is_dir"].sum()))  # fmt: skip
        note = _note(tree, index.report.truncated, str(index.report))
        tree = FolderTree(**{**tree.__dict__, "note": note})
        message = _("{shown:,} of {total:,} entries down to depth {depth} below {folder}") \
            if tree.truncated else _("{total:,} entries down to depth {depth} below {folder}")
        return ToolResult(True, message=message.format(shown=tree.shown, total=tree.total,
                                                       depth=depth, folder=folder),
                          data=tree, target=folder.relative)  # fmt: skip


def _check_depth(depth: Any, *, ceiling: bool) -> None:
    whole = isinstance(depth, int) and not isinstance(depth, bool)
    if ceiling and not (whole and 1 <= depth <= MAX_TREE_DEPTH):
        raise UsageError(_("{param} must be a whole number from 1 to {most:,}, not {asked!r}.")
                         .format(param="depth", most=MAX_TREE_DEPTH, asked=depth))
    if not whole or depth < 1:
        raise UsageError(_("{param} must be a whole number of at least 1, not {asked!r}.")
                         .format(param="depth", asked=depth))


def _shallowest_first(within: pd.DataFrame, level: pd.Series) -> list[Any]:
    """The rows' labels level by level, in path order inside a level (the index's order)."""
    ranked = pd.Series(level.to_numpy(), index=within.index)
    return ranked.sort_values(kind="stable").index.tolist()


def _nest(below: pd.DataFrame, kept: list[int], prefix: str) -> list[dict[str, Any]]:
    """The kept rows as nested nodes in tree order (folders first, then names)."""
    held = _Holdings(below)
    rows = below.loc[kept]  # shallowest first: a parent always comes before its children
    nodes: dict[str, dict[str, Any]] = {}
    top: list[dict[str, Any]] = []
    for path, is_dir, is_link, size in zip(rows["path"], rows["is_dir"], rows["is_symlink"],
                                           rows["size"], strict=True):  # fmt: skip
        relative = path[len(prefix):]
        name = relative.rpartition("/")[2]
        if is_dir:
            files, entries = held.of(path)
            node: dict[str, Any] = {"name": name, "path": path, "type": "folder",
                                    "files": files, "entries": entries, "children": []}
        else:
            node = {"name": name, "path": path, "type": "link" if is_link else "file",
                    "size": int(size)}
        nodes[relative] = node
        parent = nodes.get(relative.rpartition("/")[0])
        (parent["children"] if parent is not None else top).append(node)
    for node in nodes.values():
        if node["type"] == "folder":
            node["children"].sort(key=_tree_key)
            node["left_out"] = node["entries"] - len(node["children"])
    return sorted(top, key=_tree_key)


def _tree_key(node: dict[str, Any]) -> tuple[int, str]:
    return (0 if node["type"] == "folder" else 1, str(node["name"]).casefold())


class _Holdings:
    """What a folder holds, counted on the sorted paths: everything below ``a/b`` lies between
    ``a/b/`` and ``a/b0`` (``0`` follows ``/``), so two bisections count it, whatever its size."""

    def __init__(self, below: pd.DataFrame) -> None:
        ordered = below if below["path"].is_monotonic_increasing else below.sort_values("path")
        self.paths: list[str] = ordered["path"].tolist()
        self.depths = ordered["depth"].to_numpy()
        self.files = np.concatenate([[0], np.cumsum(~ordered["is_dir"].to_numpy())])

    def of(self, folder: str) -> tuple[int, int]:
        """The files at any depth below ``folder``, and its own entries."""
        lo = bisect_left(self.paths, folder + "/")
        hi = bisect_left(self.paths, folder + "0", lo)
        own = int(np.count_nonzero(self.depths[lo:hi] == folder.count("/") + 2))
        return int(self.files[hi] - self.files[lo]), own


def _note(tree: FolderTree, index_cut: bool, report: str) -> str:
    parts = []
    if tree.truncated:
        parts.append(_("showing {shown:,} of {total:,} entries down to depth {depth}, the "
                       "shallowest first; ask for a subfolder or a smaller depth for the "
                       "rest").format(shown=tree.shown, total=tree.total, depth=tree.depth))
    if index_cut:
        parts.append(_("the index holds only part of the workspace ({report})").format(
            report=report))
    return _("; ").join(parts)


def _draw(nodes: list[dict[str, Any]], rails: str, lines: list[str]) -> None:
    for at, node in enumerate(nodes):
        last = at == len(nodes) - 1
        lines.append(rails + ("└── " if last else "├── ") + _label(node))
        if node["type"] == "folder":
            _draw(node["children"], rails + ("    " if last else "│   "), lines)


def _label(node: dict[str, Any]) -> str:
    if node["type"] != "folder":
        return str(node["name"]) + (" -> (link)" if node["type"] == "link" else "")
    said = [ngettext("{count:,} file", "{count:,} files", node["files"]).format(
        count=node["files"])]
    if node["left_out"]:
        said.append(ngettext("{count:,} entry not shown", "{count:,} entries not shown",
                             node["left_out"]).format(count=node["left_out"]))  # fmt: skip
    return f"{node['name']}/ ({_(', ').join(said)})"
