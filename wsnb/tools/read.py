"""The read-only tools: list a folder, read a text file, search names, search text.

They answer at once, never change a file, and return a ``ToolResult`` whose
``data`` holds the DataFrame or ``FileText`` and whose ``exc`` holds the error
behind an expected failure.
"""

from __future__ import annotations

import dataclasses
import logging
import os
import re
import stat
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import pandas as pd

from .. import advice
from ..disk import textio
from ..errors import NotFoundError, PolicyError, UnsupportedFileError, UsageError, WsnbError
from ..i18n import N_, _, in_english
from ..noted import NotedFrame, with_note
from ..policy.access import WsPath, sensitive_rule_of
from ..policy.filekinds import binary_kind
from ..policy.names import (
    content_decides,
    is_dangerous_name,
    is_sensitive_path,
    is_text_name,
    sensitive_files_note,
)
from ..search.grep import Progress, check_offset, grep
from ..text.nbview import NotebookText
from ..text.notebook import is_notebook_name
from ..text.redact import redact
from ..types import ActionType, FileInfo, FileText, Risk, Rule, ToolResult
from .base import ToolContext
from .foldertree import FolderTreeTool
from .limits import DEFAULT, Bound
from .notebooks import notebook_read
from .pathglob import glob_filter, glob_find, is_glob
from .readmany import ReadFilesTool
from .tables import ReadTableTool

__all__ = [
    "LIST_COLUMNS",
    "MAX_LIST_ENTRIES",
    "READ_TOOLS",
    "ListFolderTool",
    "ReadFileTool",
    "SearchFilesTool",
    "SearchTextTool",
    "file_info",
    "info_frame",
    "readable_text_path",
]

logger = logging.getLogger("wsnb")

MAX_LIST_ENTRIES = 200
_LISTED = 20  # sensitive files a note names; the count is always the whole
LIST_COLUMNS = [f.name for f in dataclasses.fields(FileInfo)]

def _guarded(tool_name: str, call: Any) -> ToolResult:
    """Run ``call`` and turn an expected wsnb error into a failed result."""
    try:
        result: ToolResult = call()
    except WsnbError as exc:
        logger.info("%s refused: %s", tool_name, type(exc).__name__)
        return ToolResult.failure(exc)
    logger.info("%s ok", tool_name)
    return result


@dataclass(frozen=True)
class ListFolderTool:
    """One folder's entries, shallow, folders first; at most ``ctx.limits.entries`` (200)."""

    name: str = "list_folder"
    display_name: str = N_("List folder")
    action: ActionType = ActionType.LIST
    risk: Risk = Risk.READ_ONLY

    def run(self, ctx: ToolContext, path: str = ".", limit: Bound = DEFAULT,
            offset: int = 0) -> ToolResult:  # fmt: skip
        """``offset`` entries are skipped first: ``limit`` entries a page."""
        return _guarded(self.name, lambda: self._list(ctx, path, limit, offset))

    def _list(self, ctx: ToolContext, path: str, asked: Bound, offset: int) -> ToolResult:
        limit = ctx.limits.pick("entries", asked)
        offset = check_offset(offset)
        folder = ctx.policy.check_read_dir(path).raise_if_refused()
        with os.scandir(folder.os_path) as entries:
            names = [entry.name for entry in entries]
        rows = [_child_info(ctx, folder, name) for name in names]
        infos = sorted((r for r in rows if r is not None),
                       key=lambda info: (not info.is_dir, info.name.casefold()))  # fmt: skip
        page = infos[offset:] if limit is None else infos[offset:offset + limit]
        following = offset + len(page) if offset + len(page) < len(infos) else None
        cut = following is not None or offset > 0

        def cut_note() -> str:
            return advice.ENTRIES_CUT(shown=len(page), total=len(infos), folder=folder,
                                      first=offset + 1, last=offset + len(page),
                                      next=following or len(infos))  # fmt: skip

        note, logged = (cut_note(), in_english(cut_note)) if cut else ("", "")
        frame = with_note(info_frame(page), note, warn=not ctx.limits.ceiling,
                          logged=logged, folder=folder.relative, total=len(infos),
                          truncated=cut, nothing=_empty_folder(folder), offset=offset,
                          next_offset=following)  # fmt: skip
        message = (_("{shown} of {total} entries in {folder}") if cut
                   else _("{total} entries in {folder}"))  # fmt: skip
        return ToolResult(True, message=message.format(shown=len(frame), total=len(infos),
                                                       folder=folder),
                          data=frame, target=folder.relative)  # fmt: skip


def _empty_folder(folder: WsPath) -> str:
    if folder.is_root:
        return _("The workspace is empty: no file or folder in it yet.")
    return _("{folder} is empty: no file or folder in it.").format(folder=folder)


def _child_info(ctx: ToolContext, folder: WsPath, name: str) -> FileInfo | None:
    """The entry's info; None when it vanished or can't be checked (then it isn't listed).

    A symlink or a special file is listed and flagged from its ``lstat``; it is
    never followed or opened.
    """
    relative = name if folder.is_root else f"{folder.relative}/{name}"
    try:
        _, info = ctx.policy.resolve_child(folder, name)
    except PolicyError as exc:
        if exc.rule not in {Rule.SYMLINK, Rule.SPECIAL_FILE}:
            return None
        info = None
    try:
        info = info or os.lstat(os.path.join(folder.os_path, name))
    except OSError:
        return None
    found = file_info(relative, info)
    verdicts = ctx.extras.get("verdicts")  # what reads learned: a binary data.txt
    if found.is_text and verdicts is not None and verdicts.binary(relative, info.st_size,
                                                                  info.st_mtime_ns):
        found = dataclasses.replace(found, is_text=False)
    return found


def info_frame(infos: list[FileInfo]) -> pd.DataFrame:
    """FileInfo rows as a DataFrame with the index's columns and dtypes."""
    frame = pd.DataFrame([dataclasses.astuple(i) for i in infos], columns=LIST_COLUMNS)
    frame = frame.astype({"size": "int64", "is_dir": bool, "is_text": bool, "is_hidden": bool,
                          "is_symlink": bool, "depth": "int64"})  # fmt: skip
    frame["modified"] = pd.to_datetime(frame["modified"]).astype("datetime64[ns]")
    return frame


def file_info(relative: str, info: os.stat_result) -> FileInfo:
    """What one entry is, from its ``lstat`` (links are described, never followed)."""
    is_link = stat.S_ISLNK(info.st_mode)
    is_dir = stat.S_ISDIR(info.st_mode)
    name = relative.rpartition("/")[2] if relative != "." else ""
    return FileInfo(
        path=relative,
        name=name,
        suffix="" if is_dir else os.path.splitext(name)[1].lower(),
        size=0 if is_dir or is_link else info.st_size,
        modified=datetime.fromtimestamp(info.st_mtime),
        is_dir=is_dir,
        is_text=stat.S_ISREG(info.st_mode) and is_text_name(name),
        is_hidden=name.startswith("."),
        is_symlink=is_link,
        depth=0 if relative == "." else relative.count("/") + 1,
    )


@dataclass(frozen=True)
class ReadFileTool:
    """A text file's content, decoded and labelled with its encoding; at most
    ``ctx.limits.read_bytes`` (128 KiB) unless the caller's limits allow more.

    For a model (``ctx.for_model``) a sensitive file is always refused and the
    text comes with its secrets redacted. A person reads a sensitive file on
    purpose by typing its name (``confirm``); that read is logged, never its content.
    """

    name: str = "read_file"
    display_name: str = N_("Read file")
    action: ActionType = ActionType.READ
    risk: Risk = Risk.READ_ONLY

    def run(self, ctx: ToolContext, path: str, limit: Bound = DEFAULT,
            confirm: str | None = None, raw: bool = False) -> ToolResult:  # fmt: skip
        """A notebook (``.ipynb``) reads as its cells view unless ``raw`` (its JSON text)."""
        return _guarded(self.name, lambda: self._read(ctx, path, limit, confirm, raw))

    def _read(self, ctx: ToolContext, path: str, asked: Bound, confirm: str | None,
              raw: bool = False) -> ToolResult:  # fmt: skip
        limit = ctx.limits.pick("read_bytes", asked)
        assert limit is not None  # byte bounds are always numbers
        target = readable_text_path(ctx, path, confirm)
        if not raw and is_notebook_name(target.name):
            notebook = notebook_read(ctx, target, limit)
            if notebook is not None:
                return _notebook_result(notebook)
        try:
            content = textio.read_text(target, limit=limit)
        except UnsupportedFileError as exc:
            seen = ctx.extras.get("binary_seen")
            if getattr(exc, "kind", "") == "binary" and callable(seen):
                seen(target)  # the index said text by the name; the bytes say otherwise
            raise
        if not ctx.for_model and sensitive_rule_of(target) is not None:
            # Who read what, and how much: never a byte of it.
            logger.info("A person read the sensitive file %s on purpose (%d bytes).",
                           target.relative, content.size)  # fmt: skip
        doc = FileText(
            path=target.relative,
            text=redact(content.text).text if ctx.for_model else content.text,
            encoding=content.format.encoding,
            newline=content.format.newline,
            truncated=content.truncated,
            size=content.size,
            limit=limit if content.truncated else None,
        )
        message = _("Read {path}").format(path=target)
        if content.truncated:  # news for a person; the expected answer for a model
            message = _("Read {path} (first {limit:,} bytes of {size:,})").format(
                path=target, limit=limit, size=content.size)
            logger.log(logging.INFO if ctx.limits.ceiling else logging.WARNING, "%s",
                       in_english(doc.cut_note))  # fmt: skip
        return ToolResult(True, message=message, output=doc.text, data=doc,
                          target=target.relative, files=[target.relative])  # fmt: skip


def readable_text_path(ctx: ToolContext, path: str, confirm: str | None = None) -> WsPath:
    """``path`` checked for a read (by a model, or a person who typed a sensitive file's name);
    a name that says binary (``.png``) is refused: wsnb reads text files only."""
    target = ctx.policy.check_read_file(path, confirm=confirm,
                                        for_model=ctx.for_model).raise_if_refused()  # fmt: skip
    kind = binary_kind(target.name)
    if kind:
        raise UnsupportedFileError(_("{path} is {kind}; wsnb reads text files only.").format(
            path=target, kind=_(kind)), path=target.relative)  # fmt: skip
    return target


def _notebook_result(doc: NotebookText) -> ToolResult:
    message = _("Read {path} as {count:,} cells").format(path=doc.path, count=len(doc.cells))
    if doc.truncated:
        message = _("Read {path} as {count:,} cells (the first {limit:,} bytes of the cells "
                    "view's {size:,})").format(path=doc.path, count=len(doc.cells),
                                               limit=doc.limit or 0, size=doc.view_size)
    return ToolResult(True, message=message, output=doc.text, data=doc, target=doc.path,
                      files=[doc.path])  # fmt: skip


@dataclass(frozen=True)
class SearchFilesTool:
    """File names matching a keyword, ranked by relevance then recency; or paths matching a
    glob (``src/**/*.py``, ``wsnb.tools.pathglob``), in path order; at most
    ``ctx.limits.names`` (30). Both read the index, so ``.gitignore`` applies."""

    name: str = "search_files"
    display_name: str = N_("Search file names")
    action: ActionType = ActionType.SEARCH_FILES
    risk: Risk = Risk.READ_ONLY

    def run(self, ctx: ToolContext, keyword: str, limit: Bound = DEFAULT,
            offset: int = 0) -> ToolResult:  # fmt: skip
        """``offset`` names are skipped first: ``limit`` names a page."""
        return _guarded(self.name, lambda: self._find(ctx, keyword, limit, offset))

    def _find(self, ctx: ToolContext, keyword: str, asked: Bound, offset: int) -> ToolResult:
        limit = ctx.limits.pick("names", asked)
        offset = check_offset(offset)
        globbed = isinstance(keyword, str) and is_glob(keyword)
        most = None if limit is None else offset + limit
        try:
            found = (glob_find(ctx.index().frame, keyword, most) if globbed
                     else ctx.index().find(keyword, limit=most))  # fmt: skip
        except ValueError as exc:
            raise UsageError(str(exc)) from None
        total = int(found.attrs["total_matches"])
        if offset:
            attrs = dict(found.attrs)
            found = found.iloc[offset:].reset_index(drop=True)
            found.attrs.update(attrs)
        following = offset + len(found) if offset + len(found) < total else None
        found.attrs.update(offset=offset, next_offset=following, total=total,
                           truncated=following is not None or offset > 0)  # fmt: skip

        def cut_note() -> str:
            said = advice.GLOB_CUT if globbed else advice.NAMES_CUT
            return said(shown=len(found), total=total, first=offset + 1,
                        last=offset + len(found), next=following or total)  # fmt: skip

        cut = bool(found.attrs["truncated"])
        note, logged = (cut_note(), in_english(cut_note)) if cut else ("", "")
        frame = _flag_sensitive(found, note, logged, ctx)
        said = _for_caller(frame.note, ctx)
        message = (_("{count} files match {keyword!r} ({note})") if said
                   else _("{count} files match {keyword!r}"))  # fmt: skip
        return ToolResult(True, message=message.format(count=len(frame), keyword=keyword,
                                                       note=said),
                          data=frame, files=frame["path"].tolist())  # fmt: skip


def _sensitive_found(ctx: ToolContext, path: str) -> bool:
    """Sensitive by name, and where the name says only maybe (``talk.key``), by its first bytes."""
    if not is_sensitive_path(path):
        return False
    folder, _sep, name = path.rpartition("/")
    if not content_decides(name, folder):
        return True
    try:
        return sensitive_rule_of(ctx.policy.resolve(path)) is not None
    except PolicyError:
        return True


def _flag_sensitive(found: pd.DataFrame, note: str, logged: str, ctx: ToolContext) -> NotedFrame:
    """Names found: the note names the sensitive ones, which are read only on purpose."""
    sensitive = [path for path in found["path"].tolist() if _sensitive_found(ctx, path)]
    flagged = sensitive_files_note(sensitive[:_LISTED], len(sensitive), searched=False,
                                   for_model=ctx.for_model)  # fmt: skip
    # Sensitive names in the answer are the rule at work, not news: only a cut warns.
    warn = not ctx.limits.ceiling and bool(found.attrs["truncated"])
    said = (_("No path in the index matches the glob {keyword!r}.") if found.attrs.get("glob")
            else _("No file or folder name matches {keyword!r}."))  # fmt: skip
    nothing = said.format(keyword=found.attrs.get("query", ""))
    return with_note(found, _("; ").join(part for part in (note, flagged) if part), warn=warn,
                     logged=logged or None, sensitive=sensitive, nothing=nothing)  # fmt: skip


@dataclass(frozen=True)
class SearchTextTool:
    """Lines containing a keyword (or regex) in the workspace's text files; at most
    ``ctx.limits.matches`` (50) lines from ``ctx.limits.files`` (1,000) files."""

    name: str = "search_text"
    display_name: str = N_("Search text")
    action: ActionType = ActionType.SEARCH_TEXT
    risk: Risk = Risk.READ_ONLY

    def run(
        self,
        ctx: ToolContext,
        pattern: str,
        regex: bool = False,
        case: bool = False,
        limit: Bound = DEFAULT,
        max_files: Bound = DEFAULT,
        max_bytes: Bound = DEFAULT,
        progress: Progress | None = None,
        per_file: int | None = None,
        outputs: bool = False,
        path: str | None = None,
        offset: int = 0,
    ) -> ToolResult:
        """``progress(done_files, total_files)`` is called in bounded steps while it searches;
        ``per_file`` keeps at most that many lines of each file (the rest are counted).
        Notebooks are searched by cell; ``outputs`` searches their text outputs too.
        ``path`` narrows the search to a folder, a file or a glob (``src/**/*.py``);
        ``offset`` matching lines are skipped first (a page of ``limit`` lines after them)."""
        bounds = {"limit": limit, "max_files": max_files, "max_bytes": max_bytes}
        return _guarded(self.name, lambda: self._grep(ctx, pattern, regex, case, bounds,
                                                      progress, per_file, outputs, path,
                                                      offset))  # fmt: skip

    def _grep(self, ctx: ToolContext, pattern: str, regex: bool, case: bool,
              asked: dict[str, Bound], progress: Progress | None,
              per_file: int | None, outputs: bool = False, path: str | None = None,
              offset: int = 0) -> ToolResult:  # fmt: skip
        limits = ctx.limits
        limit = limits.pick("matches", asked["limit"])
        max_files = limits.pick("files", asked["max_files"], param="max_files")
        max_bytes = limits.pick("search_bytes", asked["max_bytes"], param="max_bytes")
        assert max_bytes is not None  # byte bounds are always numbers
        candidates = search_candidates(ctx)
        if path is not None and path not in ("", "."):
            candidates = narrowed_candidates(ctx, candidates, path)
        report = ctx.index().report
        cut = _("the index holds only part of the workspace ({report}); scan with larger limits "
                "to search it all").format(report=report) if report.truncated else ""
        frame = grep(ctx.policy, candidates, pattern, regex=regex, case=case, limit=limit,
                     max_files=max_files, max_bytes=max_bytes, progress=progress,
                     index_note=cut, for_model=ctx.for_model,
                     warn=not limits.ceiling, per_file=per_file,
                     outputs=outputs is True, offset=offset)  # fmt: skip
        paths = list(dict.fromkeys(frame["path"].tolist()))
        note = _for_caller(frame.note, ctx)
        message = (_("{matches} matches in {files} files ({note})") if note
                   else _("{matches} matches in {files} files"))  # fmt: skip
        return ToolResult(True, message=message.format(matches=len(frame), files=len(paths),
                                                       note=note),
                          data=frame, files=paths)  # fmt: skip


def search_candidates(ctx: ToolContext) -> list[str]:
    """Every file of the index a text search may open, in path order.

    Not only the names that say text: a file with an unknown suffix (a
    ``Makefile``-like script, ``.lock``, ``.g4``) is text when its bytes are,
    and the search decides that by the content. Links and names with a
    dangerous suffix are left out: they are never opened.
    """
    files = ctx.index().frame
    plain = files.loc[~files["is_dir"] & ~files["is_symlink"], "path"].tolist()
    return [path for path in plain if not is_dangerous_name(path.rpartition("/")[2])]


def narrowed_candidates(ctx: ToolContext, candidates: list[str], path: str) -> list[str]:
    """The candidates inside ``path``: a glob (``src/**/*.py``, ``*.md``), a folder or a file."""
    if not isinstance(path, str):
        raise UsageError(_("path must be text: a folder, a file or a glob, not {asked!r}.").format(
            asked=path))
    if is_glob(path):
        return glob_filter(candidates, path)
    target = ctx.policy.resolve(path)
    if target.is_root:
        return candidates
    if not os.path.lexists(target.os_path):
        raise NotFoundError(advice.NOT_FOUND(path=target), path=target.relative)
    if not os.path.isdir(target.os_path):
        return [target.relative]
    inside = target.relative + "/"
    return [candidate for candidate in candidates if candidate.startswith(inside)]


# The advice to lift a limit, in both languages: every such clause of a note starts so.
_ADVICE = re.compile(r"; pass [^;]*|；传入[^；]*")


def _for_caller(note: str, ctx: ToolContext) -> str:
    """The note as the caller can act on it: a model can't lift its limits, so no advice."""
    return _ADVICE.sub("", note) if ctx.limits.ceiling else note


READ_TOOLS = (ListFolderTool(), ReadFileTool(), SearchFilesTool(), SearchTextTool(),
              ReadFilesTool(one=ReadFileTool()), FolderTreeTool(), ReadTableTool())  # fmt: skip
