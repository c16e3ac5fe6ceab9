"""Carrying out a parsed command against the workspace, offline: the reading half.

Searches and listings run through the facade with a person's limits, so the
table attached to a reply is the whole answer (as ``ws.find`` / ``ws.grep``
give it), and the reply says the true total and how much it shows. Every
change is made in ``wsnb.agent.changes`` and comes back as a pending plan.
Nothing here confirms a plan: a person does, on the card or with
``plan.confirm()``. Sentences go through ``_()``; the agent runs a message
inside ``using_language()`` so they come out in the person's language.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..errors import PolicyError, WsnbError
from ..i18n import _, ngettext
from ..tools.limits import ToolLimits
from ..types import FileText, ToolResult
from .commands import Command
from .context import ALL, THIS, ContextError, ConversationContext, parse_reference
from .intents import FORBIDDEN_RULES
from .reading import run_read_tool
from .reply import TABLE_ROWS, Reply
from .resolve import Kind, Resolution, Unresolved, resolve_name
from .summaries import summarize_text

if TYPE_CHECKING:
    import pandas as pd

    from ..workspace import Workspace

__all__ = ["TABLE_CAP", "Session", "numbered", "preview", "py_string", "read_docs",
           "resolve_targets", "run_command"]

SHOWN_LINES = 60
SUMMARY_FILES = 10
SUMMARY_BYTES = 32 * 1024
READ_AT_ONCE = 3
# A notebook chokes on a table past this many rows; a longer answer is cut here, and says so.
TABLE_CAP = 10_000


@dataclass
class Session:
    """What a command runs with: the workspace, the conversation, the limits, the language."""

    ws: Workspace
    context: ConversationContext
    limits: ToolLimits = field(default_factory=ToolLimits.for_model)
    lang: str = "en"

    @property
    def zh(self) -> bool:
        return self.lang == "zh"


def run_command(session: Session, command: Command,
                changes: Mapping[str, Callable[[Session, Command], Reply]]) -> Reply:
    """The reply to one parsed command (context errors become a reply that asks again).

    ``changes`` are the handlers of the changing half (``wsnb.agent.changes``, which
    builds on this module, so the caller hands them in rather than this module importing
    them back).
    """
    handler = _HANDLERS.get(command.action) or changes[command.action]
    try:
        return handler(session, command)
    except Unresolved as exc:
        return unresolved_reply(session, exc.resolution)
    except ContextError as exc:
        if command.action == "summarize" and session.context.empty \
                and parse_reference(command.get("target")) == THIS:
            return _project(session, Command("project", {}))  # "what's this about", nothing shown
        return Reply(str(exc), intent="workspace")
    except PolicyError as exc:
        if str(getattr(exc.rule, "value", exc.rule)) == "sensitive-file":  # the rule, then why
            rule = _(FORBIDDEN_RULES["sensitive"])
            return Reply(_("That can't be done, and no plan was made. {rule}").format(rule=rule)
                         + "\n\n" + str(exc))
        return Reply(_("That is refused: {reason}").format(reason=exc))
    except WsnbError as exc:  # bad input: say so; nothing changed on disk
        return Reply(_("That didn't work: {reason}").format(reason=exc))


# -- what a target means ---------------------------------------------------------------


def _looks_like_path(text: str) -> bool:
    return "/" in text or "\\" in text or bool(re.search(r"\.\w{1,8}$", text))


def resolve_targets(session: Session, text: str, kind: Kind = "any") -> list[str]:
    """Workspace paths for ``text``: a position in the last list, or one resolved name.

    A name that leads to several entries or none raises ``Unresolved``: the
    reply asks which one, never guesses.
    """
    if not text:
        return session.context.resolve(ALL)
    if not _looks_like_path(text):
        position = parse_reference(text)
        if position is not None:
            return session.context.resolve(position)
    resolution = resolve_name(session.ws, text, kind=kind)
    if not resolution.found:
        raise Unresolved(resolution)
    return [resolution.path]


def unresolved_reply(session: Session, resolution: Resolution) -> Reply:
    """Several candidates: a short table and "Which one?"; none: the closest names."""
    name = resolution.text
    if resolution.how == "missing":
        text = _("There is no file named `{name}` in this workspace.").format(name=name)
        if resolution.candidates:
            closest = ", ".join(f"`{p}`" for p in resolution.candidates)
            text += " " + _("The closest names: {names}.").format(names=closest)
        else:
            text += " " + _("To look inside files, say \"which files mention {name}\".").format(
                name=name)
        return Reply(text)
    frame = session.ws.files.set_index("path").loc[resolution.candidates].reset_index()
    session.context.remember(resolution.candidates, "candidates")
    # One candidate is a question about it, several a choice: two sentences, in both languages.
    text = (_("`{name}` is not an exact name; is it the entry below? Say \"the first one\" or "
              "type the whole path.").format(name=name) if resolution.total == 1 else
            _("`{name}` could mean {count} entries. Which one? Say \"the first one\" or type "
              "the whole path.").format(name=name, count=resolution.total))  # fmt: skip
    text += _count_note(len(frame), resolution.total)
    return Reply(text, table=numbered(frame[["path", "is_dir", "size"]]))


def is_dir(session: Session, path: str) -> bool:
    try:
        return session.ws.policy.resolve(path).absolute.is_dir()
    except WsnbError:
        return False


def failed(result: ToolResult) -> Reply:
    return Reply(_("That didn't work: {reason}").format(reason=result.error))


def numbered(frame: pd.DataFrame) -> pd.DataFrame:
    import pandas as pd

    shown = frame.reset_index(drop=True)
    shown.index = pd.RangeIndex(1, len(shown) + 1, name="#")  # what "第二个" counts
    return shown


def _count_note(rows: int, total: int, how_all: str = "") -> str:
    """The honest line under a count: how many the reply shows of the true total."""
    shown = min(rows, TABLE_ROWS)
    if total <= shown:
        return ""
    note = " " + _("Showing the first {shown} of {total}; the whole list is in "
                   "reply.table.").format(shown=shown, total=f"{total:,}")
    if rows < total and how_all:
        note += " " + _("The table holds {rows:,} of them; {call} returns them all.").format(
            rows=rows, call=how_all)
    return note


def py_string(text: str) -> str:
    """``text`` as a Python string literal for a shown line of code."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


# -- reading ---------------------------------------------------------------------------


def _find(session: Session, command: Command) -> Reply:
    keyword = command.get("keyword")
    frame = session.ws.find(keyword, limit=TABLE_CAP)
    total = int(frame.attrs.get("total_matches", len(frame)))
    every = frame.empty and len(keyword.split()) > 1
    if every:  # "gbk 说明" finds 说明_gbk.txt: a name with every word, in any order
        frame, total = _every_word(session, keyword)
    if frame.empty:
        lead = _("No file name matches `{keyword}`, so I searched inside the files instead.")
        reply = _grep(session, command)
        reply.text = f"{lead.format(keyword=keyword)}\n\n{reply.text}"
        return reply
    paths = frame["path"].tolist()
    session.context.remember(paths, "search")
    if every:
        text = ngettext("Found {total} entry whose name has every word of `{keyword}`.",
                        "Found {total} entries whose name has every word of `{keyword}`.",
                        total).format(total=f"{total:,}", keyword=keyword)  # fmt: skip
        text += _count_note(len(frame), total)
    else:
        text = ngettext("Found {total} entry whose name matches `{keyword}`.",
                        "Found {total} entries whose name matches `{keyword}`.", total).format(
            total=f"{total:,}", keyword=keyword)
        text += _count_note(len(frame), total, f'ws.find("{keyword}", limit=None)')
    text += " " + _("Say \"open the first one\" or \"read the second one\".")
    line = f"ws.find({py_string(keyword)})" if total <= len(frame) and total <= 30 \
        else f"ws.find({py_string(keyword)}, limit=None)"  # fmt: skip
    return Reply(text, table=numbered(frame[["path", "size"]]), python="" if every else line)


def _every_word(session: Session, keyword: str) -> tuple[pd.DataFrame, int]:
    """The entries whose name holds every word of ``keyword`` (the first ``TABLE_CAP``), and
    how many there are."""
    files = session.ws.files
    words = [w.casefold() for w in keyword.split()]
    names = files["path"].map(lambda p: posixpath.basename(p).casefold())
    found = files.loc[names.map(lambda n: all(w in n for w in words)), ["path", "size"]]
    return found.head(TABLE_CAP).reset_index(drop=True), len(found)


def _grep(session: Session, command: Command) -> Reply:
    keyword = command.get("keyword")
    return _text_search(session, keyword, keyword, regex=False)


def _text_search(session: Session, keyword: str, pattern: str, *, regex: bool) -> Reply:
    frame = session.ws.grep(pattern, regex=regex, case=regex, limit=TABLE_CAP)
    paths = list(dict.fromkeys(frame["path"].tolist()))
    if not paths:
        return Reply(_("No text file contains `{keyword}`.").format(keyword=keyword))
    session.context.remember(paths, "text search")
    counts = frame.groupby("path", sort=False).size()
    firsts = frame.drop_duplicates("path").set_index("path")
    table = numbered(firsts.assign(matches=counts).reset_index()[["path", "matches", "line",
                                                                   "text"]])  # fmt: skip
    text = ngettext("{files} file mentions `{keyword}` ({lines} matching lines).",
                    "{files} files mention `{keyword}` ({lines} matching lines).",
                    len(paths)).format(
        files=f"{len(paths):,}", keyword=keyword, lines=f"{len(frame):,}")
    text += _count_note(len(paths), len(paths))
    if getattr(frame, "note", ""):
        text += " " + _("Note: {note}.").format(note=frame.note)
    text += " " + _("Say \"summarize these files\" to see what they are.")
    # the table is each file's first matching line, as drop_duplicates keeps them
    line = f"ws.grep({py_string(pattern)}" + (", regex=True, case=True)" if regex else ")") \
        + '.drop_duplicates("path")'  # fmt: skip
    return Reply(text, table=table, python=line)


# Lines that define a name. The search runs over a file's whole text, so a gap is spaces or
# tabs, never a line break.
_DEFINITION = (r"\b(?:class|struct|interface|enum|union|def|function|func|fn|namespace|type|"
               r"trait|typedef|module)[ \t]+{name}\b|\b(?:const|let|var)[ \t]+{name}[ \t]*=|"
               r"::{name}[ \t]*\(|#define[ \t]+{name}\b|"
               r"^[\w:<>,*& \t]*[\w>*&][ \t]+[*&]?{name}[ \t]*\([^;\n]*$")  # fmt: skip


_KIND_WORDS = re.compile(r"^(?:the\s+)?(?:class|function|method|def|struct|type|variable|"
                         r"constant|函数|类|方法|变量|常量)\s*", re.IGNORECASE)  # fmt: skip
_KIND_TAIL = re.compile(r"\s*(?:class|function|method|函数|类|方法|变量|常量)$", re.IGNORECASE)


def _define(session: Session, command: Command) -> Reply:
    bare = _KIND_TAIL.sub("", _KIND_WORDS.sub("", command.get("keyword"))).strip()
    keyword = bare or command.get("keyword")
    name = re.escape(keyword)
    pattern = _DEFINITION.format(name=name)
    reply = _text_search(session, keyword, pattern, regex=True)
    if reply.table is None:
        lead = _("I found no definition of `{keyword}`; here are the lines that mention it.")
        plain = _grep(session, command)
        plain.text = f"{lead.format(keyword=keyword)}\n\n{plain.text}"
        return plain
    lead = _("Where `{keyword}` is defined (class, def, function, ... lines):").format(
        keyword=keyword)
    reply.text = f"{lead}\n\n{reply.text}"
    return reply


_ROOT_WORDS = {".", "", "根目录", "根", "root", "the root", "工作区", "workspace", "顶层目录", "/"}


def _list(session: Session, command: Command) -> Reply:
    target = command.get("target")
    path = "." if target in _ROOT_WORDS else resolve_targets(session, target, "any")[0]
    if path != "." and not is_dir(session, path):
        return _read(session, Command("read", {"target": path}))
    frame = session.ws.ls(path)
    session.context.remember(frame["path"].tolist(), "listing")
    where = _("the workspace root") if path == "." else f"`{path}`"
    text = ngettext("{where} holds {count} entry.", "{where} holds {count} entries.",
                    len(frame)).format(where=where, count=f"{len(frame):,}")
    text = text[:1].upper() + text[1:]  # "The workspace root holds ..."
    text += _count_note(len(frame), len(frame))
    return Reply(text, table=numbered(frame[["name", "is_dir", "size"]]),
                 python=f"ws.ls({py_string(path)})")  # fmt: skip


def read_docs(session: Session, paths: list[str], limit: int) -> tuple[list[FileText], list[str]]:
    """The files read (through the read tool) and one sentence per file that couldn't be."""
    docs: list[FileText] = []
    problems: list[str] = []
    for path in paths:
        result = run_read_tool(session.ws, "read_file", session.limits, path=path, limit=limit)
        if result.success:
            docs.append(result.data)
        else:
            problems.append(f"- `{path}`: {result.error}")
    return docs, problems


def _read(session: Session, command: Command) -> Reply:
    paths = resolve_targets(session, command.get("target"))
    if len(paths) == 1 and is_dir(session, paths[0]):
        return _list(session, Command("list", {"target": paths[0]}))
    docs, problems = read_docs(session, paths[:READ_AT_ONCE], session.limits.read_bytes)
    blocks = [_shown(doc) for doc in docs] + problems
    if len(paths) > READ_AT_ONCE:
        blocks.append(_("(Read the first {shown} of {total} files; name one to read it.)").format(
            shown=READ_AT_ONCE, total=len(paths)))
    read = [doc.path for doc in docs]
    if read:
        session.context.remember_read(read)
    line = f"ws.read({py_string(read[0])})" if len(read) == 1 and not problems else ""
    return Reply("\n\n".join(blocks), files_read=read, python=line)


def preview(session: Session, path: str) -> Reply | None:
    """One file's text as a read shows it, or None when it can't be shown (binary, refused)."""
    docs, _problems = read_docs(session, [path], session.limits.read_bytes)
    if not docs:
        return None
    session.context.remember_read([docs[0].path])
    return Reply(_shown(docs[0]), files_read=[docs[0].path])


def _shown(doc: FileText) -> str:
    lines = doc.lines[:SHOWN_LINES]
    more = len(doc.lines) - len(lines)
    tail = ""
    if more > 0:
        tail = "\n" + _("… {more} more lines (of {total}); ws.read(\"{path}\") gives the whole "
                        "file").format(more=more, total=len(doc.lines), path=doc.path)
    body = "\n".join(lines).replace("```", "`\u200b``")
    return f"**{doc.header()}**\n```\n{body}{tail}\n```"


def _summarize(session: Session, command: Command) -> Reply:
    paths = [p for p in resolve_targets(session, command.get("target")) if not is_dir(session, p)]
    if not paths:
        return Reply(_("There is no file to summarize in those results."))
    docs, problems = read_docs(session, paths[:SUMMARY_FILES], SUMMARY_BYTES)
    parts = [summarize_text(doc).markdown() for doc in docs] + problems
    if len(paths) > SUMMARY_FILES:
        parts.append(_("(Summarized the first {shown} of {total} files.)").format(
            shown=SUMMARY_FILES, total=len(paths)))
    head = ngettext("What {count} file says about itself (extracted, not invented):",
                    "What {count} files say about themselves (extracted, not invented):",
                    len(docs)).format(count=len(docs))
    read = [doc.path for doc in docs]
    if read:
        session.context.remember_read(read)
    return Reply("\n\n".join([head, *parts]), files_read=read)


def _project(session: Session, command: Command) -> Reply:
    summary = session.ws.summary()
    parts = [_("Project overview (offline analysis):"), f"```\n{summary!r}\n```"]
    readmes = [p for p in summary.key_files["path"].tolist() if "readme" in p.lower()]
    docs, _problems = read_docs(session, readmes[:1], SUMMARY_BYTES)
    if docs:
        parts.append(summarize_text(docs[0]).markdown())
    return Reply("\n\n".join(parts), files_read=[d.path for d in docs])


def _workspace(session: Session, command: Command) -> Reply:
    frame = session.ws.files
    dirs = int(frame["is_dir"].sum())
    text = _("The open workspace is `{root}` ({files} files, {folders} folders).").format(
        root=session.ws.root, files=f"{len(frame) - dirs:,}", folders=f"{dirs:,}")
    text += "\n\n" + _("To choose another one, run `wsnb.widgets.pick_workspace()` in a notebook "
                       "cell and pick a folder, or `ws = wsnb.open_workspace(\"path/to/folder\")`.")
    return Reply(text, intent="chat")


def _help(session: Session, command: Command) -> Reply:
    return Reply(help_text(), intent="chat")


def help_text() -> str:
    """What the offline agent understands, with examples in the current language."""
    return _("""I work on the files of this workspace. Try:
- search README / which files mention FileOperationManager / where is FileOperationManager defined
- list src / what's in src / read README.md / read main.cpp / open the first one
- create a file notes/todo.md with content # To do / create a folder drafts
- replace the contents of notes/todo.md with # Done / append - milk to notes/todo.md
- copy a.txt to b.txt / move a.txt to docs / rename a.txt to b.txt / delete a.txt
- analyze this project / summarize these files / which workspace is open
Every change is one plan for one item, and nothing happens until you confirm it.""")


_HANDLERS: dict[str, Callable[[Session, Command], Reply]] = {
    "help": _help, "find": _find, "grep": _grep, "list": _list, "read": _read,
    "summarize": _summarize, "project": _project, "define": _define, "workspace": _workspace,
}  # fmt: skip
