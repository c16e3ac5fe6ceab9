"""Answers the offline agent gives without a model: counts and undo.

A count is the true total from the index (never a cap): files in the workspace,
files under a folder, files of a kind ("how many Python files"), a folder's
folders, or the lines of one file. Undo plans the reverse of the last change,
pending like every plan; when there is nothing to undo, it says so.
"""

from __future__ import annotations

from collections.abc import Callable

from ..display import human_size
from ..errors import WsnbError
from ..i18n import _, ngettext
from .actions import Session, is_dir, py_string, resolve_targets, unresolved_reply
from .commands import Command
from .notebookanswers import cells_count, rows_count
from .reply import Reply
from .resolve import MAX_CANDIDATES, Resolution

__all__ = ["MORE_HANDLERS"]

_CELLS = frozenset({"cells", "code_cells", "markdown_cells"})


def _count(session: Session, command: Command) -> Reply:
    target = command.get("target")
    if target and command.get("measure") in _CELLS:  # "stores 那个笔记本": the notebook it means
        return cells_count(session, target, command.get("measure"))
    path = resolve_targets(session, target)[0] if target else "."
    if path != "." and not is_dir(session, path):
        return _measured(session, path, command.get("measure") or "lines")
    if command.get("what") == "entries":  # one level, as a listing shows it
        total = len(session.ws.ls(path))
        where = _("the workspace root") if path == "." else f"`{path}`"
        text = ngettext("{where} holds {count} entry.", "{where} holds {count} entries.",
                        total).format(where=where, count=f"{total:,}")
        return Reply(text[:1].upper() + text[1:], python=f"len(ws.ls({py_string(path)}))")
    folders = command.get("what") == "folders"
    kinds = tuple(command.get("kinds").split())
    named = command.get("named")
    expression = _count_query(path, folders, () if folders else kinds, "" if folders else named)
    total = len(session.ws.files.query(expression, engine="python"))
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
    line = f"len(ws.files.query({py_string(expression)}, engine=\"python\"))"
    return Reply(text[:1].upper() + text[1:], python=line)


def _count_query(path: str, folders: bool, kinds: tuple[str, ...], named: str) -> str:
    """The ``ws.files.query`` expression whose length is the count: files (or folders) under
    ``path``, whose names end in one of ``kinds`` or hold ``named``, case aside."""
    conds = ["is_dir" if folders else "not is_dir"]
    if path != ".":
        conds.append(f"path.str.startswith({_literal(path.rstrip('/') + '/')})")
    alike = []
    alike += [f"name.str.lower().str.endswith({_literal(k)})" for k in kinds]
    if named:
        alike.append(f"name.str.lower().str.contains({_literal(named)}, regex=False)")
    if alike:
        conds.append("(" + " or ".join(alike) + ")" if len(alike) > 1 else alike[0])
    return " and ".join(conds)


def _literal(text: str) -> str:
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


def _measured(session: Session, path: str, measure: str) -> Reply:
    """One file's lines, words (runs of letters between spaces), size in bytes or, a data
    file, its rows."""
    if measure == "rows":
        return rows_count(session, path)
    quoted = py_string(path)
    if measure == "bytes":
        size = session.ws.info(path).size
        text = ngettext("`{path}` is {count} byte.", "`{path}` is {count} bytes.", size).format(
            path=path, count=f"{size:,}")
        if size >= 1024:
            text = _("`{path}` is {size} ({count} bytes).").format(
                path=path, size=human_size(size, session.lang), count=f"{size:,}")
        return Reply(text, python=f"ws.info({quoted}).size")
    doc = session.ws.read(path)
    if measure == "words":
        words = len(doc.text.split())
        return Reply(ngettext("`{path}` has {count} word.", "`{path}` has {count} words.",
                              words).format(path=path, count=f"{words:,}"),
                     files_read=[path], python=f"len(ws.read({quoted}).text.split())")  # fmt: skip
    lines = len(doc.lines)
    return Reply(ngettext("`{path}` has {count} line.", "`{path}` has {count} lines.",
                          lines).format(path=path, count=f"{lines:,}"), files_read=[path],
                 python=f"len(ws.read({quoted}).lines)")  # fmt: skip


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
    return planned([plan], "ws.undo()")


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
