"""``read_files``: several text files in one answer, each with its own text or its own error.

An agent exploring a project reads a handful of files at once instead of
one round trip each. Every path is read by the one-file tool (``read_file``:
the policy gate, refusal of sensitive files for a model, redaction, the
binary check), so a path that fails fails alone, with its sentence inline,
and the others are still read. The bytes a caller may take in one file
(``ctx.limits.read_bytes``, 128 KiB for a model) bound the *whole* answer:
the file that reaches the bound is cut there, the ones after it are not
read, and each of them says so.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import pandas as pd

from ..errors import NotFoundError, PolicyError, UnsupportedFileError, UsageError, WsnbError
from ..i18n import N_, _, ngettext
from ..noted import NotedFrame, with_note
from ..text.nbview import NotebookText
from ..types import ActionType, FileText, Risk, Rule, ToolResult
from .base import ToolContext
from .limits import Bound

__all__ = ["FILES_COLUMNS", "MAX_READ_PATHS", "ReadFilesTool"]

logger = logging.getLogger("wsnb")

MAX_READ_PATHS = 20
FILES_COLUMNS = ["path", "kind", "text", "error", "encoding", "newline", "size", "bytes",
                 "truncated", "note"]  # fmt: skip
# What became of a path: read, or why not (codes stay English).
_KINDS: tuple[tuple[type[WsnbError], str], ...] = (
    (NotFoundError, "missing"), (PolicyError, "refused"), (UnsupportedFileError, "unsupported"))

Check = Callable[[str], None]


class OneFile(Protocol):
    """The one-file read tool (``ReadFileTool``) each path goes through."""

    def run(self, ctx: ToolContext, path: str, limit: Bound = ...) -> ToolResult: ...


@dataclass(frozen=True)
class ReadFilesTool:
    """Up to ``MAX_READ_PATHS`` (20) text files for a model, within ``ctx.limits.read_bytes``
    over the whole answer; ``one`` is the one-file read tool every path goes through."""

    one: OneFile
    name: str = "read_files"
    display_name: str = N_("Read files")
    action: ActionType = ActionType.READ
    risk: Risk = Risk.READ_ONLY

    def run(self, ctx: ToolContext, paths: Sequence[str],
            check: Check | None = None) -> ToolResult:  # fmt: skip
        """``check(path)`` may refuse a path before it is read (raise a ``WsnbError``): the
        MCP server narrows to a client's roots this way."""
        try:
            wanted = _path_list(paths, ceiling=ctx.limits.ceiling)
        except WsnbError as exc:
            logger.info("%s refused: %s", self.name, type(exc).__name__)
            return ToolResult.failure(exc)
        return self._read_all(ctx, wanted, check)

    def _read_all(self, ctx: ToolContext, paths: list[str], check: Check | None) -> ToolResult:
        budget = ctx.limits.read_bytes
        rows: list[dict[str, Any]] = []
        for path in paths:
            row = self._one(ctx, path, budget - sum(r["bytes"] for r in rows), check)
            rows.append(row)
        frame = pd.DataFrame(rows, columns=FILES_COLUMNS)
        frame = frame.astype({"size": "int64", "bytes": "int64", "truncated": bool})
        short = sum(1 for r in rows if r["kind"] == "not_read" or r["truncated"])
        note = _cut_note(short, budget) if short else ""
        read = sum(1 for r in rows if r["kind"] == "text")
        noted: NotedFrame = with_note(frame, note, warn=not ctx.limits.ceiling, limit=budget,
                                      bytes=int(frame["bytes"].sum()), read=read,
                                      asked=len(paths))  # fmt: skip
        message = _("Read {read} of {count} files").format(read=read, count=len(paths))
        logger.info("%s: %d of %d read", self.name, read, len(paths))
        return ToolResult(True, message=message, data=noted,
                          files=[r["path"] for r in rows if r["kind"] == "text"])  # fmt: skip

    def _one(self, ctx: ToolContext, path: str, left: int, check: Check | None) -> dict[str, Any]:
        if left <= 0:
            said = _("{path} was not read: the files before it filled the answer's {limit:,} "
                     "bytes; ask for it in another call.").format(path=path,
                                                                  limit=ctx.limits.read_bytes)
            return _row(path, "not_read", error=said)
        try:
            if check is not None:
                check(path)
        except WsnbError as exc:
            return _row(path, _kind(ctx, path, exc), error=str(exc))
        done: ToolResult = self.one.run(ctx, path=path, limit=left)
        if not done.success:
            failure = done.exc or WsnbError(done.error)
            return _row(path, _kind(ctx, path, failure), error=str(failure))
        doc: FileText = done.data
        read = min(doc.size, left) if doc.truncated else doc.size
        if isinstance(doc, NotebookText):  # a notebook's answer is its cells view, not its file
            read = len(doc.text.encode("utf-8"))
        return _row(path, "text", text=doc.text, encoding=doc.encoding, newline=doc.newline,
                    size=doc.size, bytes=read, truncated=doc.truncated,
                    note=_file_note(doc, read, ctx) if doc.truncated else "")  # fmt: skip


def _path_list(paths: Any, *, ceiling: bool) -> list[str]:
    if isinstance(paths, str) or not isinstance(paths, Sequence) or not all(
            isinstance(p, str) for p in paths):  # fmt: skip
        raise UsageError(_("paths must be a list of workspace-relative paths, e.g. "
                           "['README.md', 'src/main.py']."))
    if not paths or (ceiling and len(paths) > MAX_READ_PATHS):
        raise UsageError(_("paths must hold 1 to {most} paths, not {count}; read the others in "
                           "another call.").format(most=MAX_READ_PATHS, count=len(paths)))
    return list(paths)


def _row(path: str, kind: str, **fields: Any) -> dict[str, Any]:
    row: dict[str, Any] = {"path": path, "kind": kind, "text": None, "error": None,
                           "encoding": None, "newline": None, "size": 0, "bytes": 0,
                           "truncated": False, "note": ""}  # fmt: skip
    row.update(fields)
    return row


def _kind(ctx: ToolContext, path: str, exc: Exception) -> str:
    """Why a path was not read, as a code: the policy says "does not exist" as a refusal."""
    if isinstance(exc, PolicyError) and exc.rule is Rule.NOT_ALLOWED:
        try:
            if not ctx.policy.resolve(path).exists():
                return "missing"
        except WsnbError:
            pass
    return next((code for cls, code in _KINDS if isinstance(exc, cls)), "error")


def _file_note(doc: FileText, read: int, ctx: ToolContext) -> str:
    if read < ctx.limits.read_bytes:  # the budget ran out inside this file
        return _("{path}: cut after {read:,} of its {size:,} bytes, where the answer's {limit:,} "
                 "bytes ran out; read it alone with read_file.").format(
            path=doc.path, read=read, size=doc.size, limit=ctx.limits.read_bytes)  # fmt: skip
    return _("{path}: showing the first {read:,} bytes of {size:,}, the most one answer "
             "holds.").format(path=doc.path, read=read, size=doc.size)  # fmt: skip


def _cut_note(count: int, limit: int) -> str:
    return ngettext("the answer holds at most {limit:,} bytes of text: {count} file was cut or "
                    "not read (its row says so)",
                    "the answer holds at most {limit:,} bytes of text: {count} files were cut "
                    "or not read (their rows say so)", count).format(count=count, limit=limit)
