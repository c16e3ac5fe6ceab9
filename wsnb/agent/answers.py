"""Answers the offline agent gives without a model: counts and undo.

A count is the true total from the index (never a cap): files in the workspace,
files under a folder, files of a kind ("how many Python files"), a folder's
folders, or the lines of one file. Undo plans the reverse of the last change,
pending like every plan; when there is nothing to undo, it says so.
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable

from ..errors import WsnbError
from ..i18n import _, ngettext
from .actions import Session, is_dir, resolve_targets, unresolved_reply
from .commands import Command
from .reply import Reply
from .resolve import MAX_CANDIDATES, Resolution

__all__ = ["MORE_HANDLERS"]


def _count(session: Session, command: Command) -> Reply:
    target = command.get("target")
    path = resolve_targets(session, target)[0] if target else "."
    if path != "." and not is_dir(session, path):
        doc = session.ws.read(path)
        lines = len(doc.lines)
        return Reply(ngettext("`{path}` has {count} line.", "`{path}` has {count} lines.",
                              lines).format(path=path, count=f"{lines:,}"), files_read=[path])
    if command.get("what") == "entries":  # one level, as a listing shows it
        total = len(session.ws.ls(path))
        where = _("the workspace root") if path == "." else f"`{path}`"
        text = ngettext("{where} holds {count} entry.", "{where} holds {count} entries.",
                        total).format(where=where, count=f"{total:,}")
        return Reply(text[:1].upper() + text[1:])
    frame = session.ws.files
    if path != ".":
        frame = frame[frame["path"].str.startswith(path.rstrip("/") + "/")]
    folders = command.get("what") == "folders"
    frame = frame[frame["is_dir"]] if folders else frame[~frame["is_dir"]]
    kinds = tuple(command.get("kinds").split())
    named = command.get("named")
    if (kinds or named) and not folders:
        names = frame["path"].map(lambda p: posixpath.basename(p).casefold())
        frame = frame[names.map(lambda n: (bool(kinds) and n.endswith(kinds))
                                or (bool(named) and named in n))]  # fmt: skip
    total = len(frame)
    where = _("the workspace") if path == "." else f"`{path}`"
    if folders:
        text = ngettext("{where} holds {count} folder.", "{where} holds {count} folders.",
                        total).format(where=where, count=f"{total:,}")
    elif named:  # "几个日志文件": app.log and log_03.txt alike
        text = _named_count(where, total, kinds, named)
    elif kinds:
        text = ngettext("{where} holds {count} file ending in {suffixes}.",
                        "{where} holds {count} files ending in {suffixes}.", total).format(
            where=where, count=f"{total:,}", suffixes=", ".join(kinds))
    else:
        text = ngettext("{where} holds {count} file.", "{where} holds {count} files.",
                        total).format(where=where, count=f"{total:,}")
    return Reply(text[:1].upper() + text[1:])


def _named_count(where: str, total: int, kinds: tuple[str, ...], named: str) -> str:
    if kinds:
        return ngettext("{where} holds {count} file ending in {suffixes} or named like “{name}”.",
                        "{where} holds {count} files ending in {suffixes} or named like “{name}”.",
                        total).format(where=where, count=f"{total:,}", suffixes=", ".join(kinds),
                                      name=named)  # fmt: skip
    return ngettext("{where} holds {count} file named like “{name}”.",
                    "{where} holds {count} files named like “{name}”.", total).format(
        where=where, count=f"{total:,}", name=named)


def _undo(session: Session, command: Command) -> Reply:
    from .changes import planned

    try:
        plan = session.ws.undo()
    except WsnbError as exc:  # nothing to undo: say so, propose nothing
        return Reply(str(exc))
    return planned([plan])


def _choose(session: Session, command: Command) -> Reply:
    """The files that fit a description ("the entry point"): which one? Or none fits."""
    paths = [p for p in command.get("paths").split("\n") if p]
    words = command.get("name")
    if not paths:
        return Reply(_("No file here fits “{words}”. Say \"list the files\" to see what there "
                       "is.").format(words=words))  # fmt: skip
    return unresolved_reply(session, Resolution(words, "ambiguous", total=len(paths),
                                                candidates=paths[:MAX_CANDIDATES]))  # fmt: skip


MORE_HANDLERS: dict[str, Callable[[Session, Command], Reply]] = {
    "count": _count, "undo": _undo, "choose": _choose,
}  # fmt: skip
