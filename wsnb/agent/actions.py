"""Carrying out a parsed command against the workspace, offline.

Reads go through the registry's read tools with the agent's limits; every
change goes through the workspace's plan book and comes back as a pending
plan. Nothing here confirms a plan: a person does, on the card or with
``plan.confirm()``.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..errors import PolicyError, WsnbError
from ..types import FileText, ToolResult
from .commands import Command
from .context import ALL, ContextError, ConversationContext, parse_reference
from .intents import FORBIDDEN_RULES
from .reading import AgentLimits, run_read_tool
from .reply import Reply
from .summaries import summarize_text

if TYPE_CHECKING:
    import pandas as pd

    from ..plans import Plan
    from ..workspace import Workspace

__all__ = ["Session", "run_command", "say"]

SHOWN_LINES = 60
SUMMARY_FILES = 10
SUMMARY_BYTES = 32 * 1024
READ_AT_ONCE = 3


def say(zh: bool, chinese: str, english: str) -> str:
    """The sentence in the language the person wrote in."""
    return chinese if zh else english


@dataclass
class Session:
    """What a command runs with: the workspace, the conversation, the limits, the language."""

    ws: Workspace
    context: ConversationContext
    limits: AgentLimits = field(default_factory=AgentLimits)
    zh: bool = False


def run_command(session: Session, command: Command) -> Reply:
    """The reply to one parsed command (context errors become a reply that asks again)."""
    handler = _HANDLERS[command.action]
    try:
        return handler(session, command)
    except ContextError as exc:
        return Reply(str(exc), intent="workspace")
    except PolicyError as exc:
        return Reply(say(session.zh, f"不能这样做：{exc}", f"That is refused: {exc}"))
    except WsnbError as exc:  # bad input: say so; nothing changed on disk
        return Reply(say(session.zh, f"没有成功：{exc}", f"That didn't work: {exc}"))


# -- resolving what a target means -----------------------------------------------------


def _looks_like_path(text: str) -> bool:
    return "/" in text or "\\" in text or bool(re.search(r"\.\w{1,8}$", text))


def resolve_targets(session: Session, text: str) -> list[str]:
    """Workspace paths for ``text``: a position in the last list, a path, or a unique name."""
    ctx = session.context
    if not text:
        return ctx.resolve(ALL)
    if not _looks_like_path(text):
        position = parse_reference(text)
        if position is not None:
            return ctx.resolve(position)
    target = session.ws.policy.resolve(text)  # refuses outside paths with the rule
    if target.absolute.exists() or _looks_like_path(text):
        return [target.relative]
    hits = run_read_tool(session.ws, "search_files", session.limits, keyword=text, limit=5)
    if hits.success and len(hits.data):
        frame = hits.data
        exact = frame[frame["name"].str.casefold().str.rsplit(".", n=1).str[0] == text.casefold()]
        if len(exact) == 1 or len(frame) == 1:
            return [str((exact if len(exact) else frame)["path"].iloc[0])]
    return [target.relative]


def _is_dir(session: Session, path: str) -> bool:
    try:
        return session.ws.policy.resolve(path).absolute.is_dir()
    except WsnbError:
        return False


def _failed(session: Session, result: ToolResult) -> Reply:
    return Reply(say(session.zh, f"没有成功：{result.error}", f"That didn't work: {result.error}"))


# -- reading ---------------------------------------------------------------------------


def _find(session: Session, command: Command) -> Reply:
    keyword = command.get("keyword")
    result = run_read_tool(session.ws, "search_files", session.limits, keyword=keyword)
    if not result.success:
        return _failed(session, result)
    frame: pd.DataFrame = result.data
    if frame.empty:
        return Reply(say(session.zh,
                         f"没有文件名包含 `{keyword}` 的文件。要搜索文件内容，"
                         f"可以说“找一下包含 {keyword} 的文件”。",
                         f"No file name matches `{keyword}`. To search inside files, say "
                         f"\"which files mention {keyword}\"."))  # fmt: skip
    paths = frame["path"].tolist()
    session.context.remember(paths, "search")
    table = _numbered(frame[["path", "size"]])
    text = say(session.zh,
               f"找到 {len(paths)} 个文件名匹配 `{keyword}` 的文件。"
               "可以说“打开第一个”或“读取第二个”。",
               f"Found {len(paths)} file(s) whose name matches `{keyword}`. "
               "Say \"open the first one\" or \"read the second one\".")  # fmt: skip
    return Reply(text, table=table)


def _grep(session: Session, command: Command) -> Reply:
    keyword = command.get("keyword")
    result = run_read_tool(session.ws, "search_text", session.limits, pattern=keyword)
    if not result.success:
        return _failed(session, result)
    frame: pd.DataFrame = result.data
    paths = list(dict.fromkeys(frame["path"].tolist()))
    if not paths:
        return Reply(say(session.zh, f"没有文本文件包含 `{keyword}`。",
                         f"No text file contains `{keyword}`."))  # fmt: skip
    session.context.remember(paths, "text search")
    counts = frame.groupby("path", sort=False).size()
    firsts = frame.drop_duplicates("path").set_index("path")
    columns = ["path", "matches", "line", "text"]
    table = _numbered(firsts.assign(matches=counts).reset_index()[columns])
    text = say(session.zh,
               f"{len(paths)} 个文件包含 `{keyword}`（共 {len(frame)} 处）。"
               "可以说“总结这些文件的作用”。",
               f"{len(paths)} file(s) mention `{keyword}` ({len(frame)} matching lines). "
               "Say \"summarize these files\" to see what they are.")  # fmt: skip
    return Reply(text, table=table)


def _numbered(frame: pd.DataFrame) -> pd.DataFrame:
    import pandas as pd

    shown = frame.reset_index(drop=True)
    shown.index = pd.RangeIndex(1, len(shown) + 1, name="#")  # what "第二个" counts
    return shown


def _list(session: Session, command: Command) -> Reply:
    target = command.get("target") or "."
    paths = ["."] if target in {".", "", "根目录", "root"} else resolve_targets(session, target)
    if paths[0] != "." and not _is_dir(session, paths[0]):
        return _read(session, Command("read", {"target": paths[0]}))
    result = run_read_tool(session.ws, "list_folder", session.limits, path=paths[0])
    if not result.success:
        return _failed(session, result)
    frame: pd.DataFrame = result.data
    session.context.remember(frame["path"].tolist(), "listing")
    table = _numbered(frame[["name", "is_dir", "size"]])
    where = "the workspace root" if paths[0] == "." else f"`{paths[0]}`"
    text = say(session.zh, f"{where} 里有 {len(frame)} 项。",
               f"{where} holds {len(frame)} entries.")  # fmt: skip
    return Reply(text, table=table)


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
    if len(paths) == 1 and _is_dir(session, paths[0]):
        return _list(session, Command("list", {"target": paths[0]}))
    docs, problems = read_docs(session, paths[:READ_AT_ONCE], session.limits.read_bytes)
    blocks = [_shown(doc) for doc in docs] + problems
    if len(paths) > READ_AT_ONCE:
        blocks.append(say(session.zh, f"（只读取了前 {READ_AT_ONCE} 个文件。）",
                          f"(Read the first {READ_AT_ONCE} files only.)"))  # fmt: skip
    read = [doc.path for doc in docs]
    if read:
        session.context.remember_read(read)
    return Reply("\n\n".join(blocks), files_read=read)


def _shown(doc: FileText) -> str:
    lines = doc.lines[:SHOWN_LINES]
    more = len(doc.lines) - len(lines)
    tail = f"\n… {more} more lines" if more > 0 else ""
    body = "\n".join(lines).replace("```", "`\u200b``")
    return f"**{doc.header()}**\n```\n{body}{tail}\n```"


def _summarize(session: Session, command: Command) -> Reply:
    paths = [p for p in resolve_targets(session, command.get("target")) if not _is_dir(session, p)]
    if not paths:
        return Reply(say(session.zh, "这些结果里没有可以总结的文件。",
                         "There is no file to summarize in those results."))  # fmt: skip
    docs, problems = read_docs(session, paths[:SUMMARY_FILES], SUMMARY_BYTES)
    parts = [summarize_text(doc).markdown() for doc in docs] + problems
    if len(paths) > SUMMARY_FILES:
        parts.append(say(session.zh, f"（只总结了前 {SUMMARY_FILES} 个文件。）",
                         f"(Summarized the first {SUMMARY_FILES} files only.)"))  # fmt: skip
    head = say(session.zh, f"{len(docs)} 个文件的摘要（摘自文件本身）：",
               f"What {len(docs)} file(s) say about themselves (extracted, not invented):")
    read = [doc.path for doc in docs]
    if read:
        session.context.remember_read(read)
    return Reply("\n\n".join([head, *parts]), files_read=read)


def _project(session: Session, command: Command) -> Reply:
    summary = session.ws.summary()
    parts = [say(session.zh, "项目概况（离线分析）：", "Project overview (offline analysis):"),
             f"```\n{summary!r}\n```"]  # fmt: skip
    readmes = [p for p in summary.key_files["path"].tolist() if "readme" in p.lower()]
    docs, _ = read_docs(session, readmes[:1], SUMMARY_BYTES)
    if docs:
        parts.append(summarize_text(docs[0]).markdown())
    return Reply("\n\n".join(parts), files_read=[d.path for d in docs])


# -- changes: plans only ---------------------------------------------------------------


def _planned(session: Session, plans: list[Plan]) -> Reply:
    pending = [p for p in plans if not p.is_refused]
    refused = [p for p in plans if p.is_refused]
    lines = [say(session.zh, f"计划 {p.id}：{p.title}。确认后才会执行。",
                 f"Plan {p.id}: {p.title}. Nothing happens until you confirm it.")
             for p in pending]  # fmt: skip
    lines += [say(session.zh, f"不能这样做：{p.refusal}", f"That is refused: {p.refusal}")
              for p in refused]  # fmt: skip
    return Reply("\n".join(lines), plans=pending)


def _single(session: Session, text: str) -> str:
    paths = resolve_targets(session, text)
    if len(paths) > 1:
        raise ContextError(FORBIDDEN_RULES["bulk_change"])
    return paths[0]


def _trash(session: Session, command: Command) -> Reply:
    return _planned(session, [session.ws.trash(_single(session, command.get("target")))])


def _rename(session: Session, command: Command) -> Reply:
    source = _single(session, command.get("target"))
    return _planned(session, [session.ws.rename(source, command.get("dest"))])


def _destination(session: Session, source: str, dest: str) -> str:
    if dest in {".", "根目录", "root", "the root"}:
        return posixpath.basename(source)
    if _is_dir(session, dest):
        return posixpath.join(session.ws.policy.resolve(dest).relative, posixpath.basename(source))
    return dest


def _copy(session: Session, command: Command) -> Reply:
    source = _single(session, command.get("target"))
    target = _destination(session, source, command.get("dest"))
    return _planned(session, [session.ws.copy(source, target)])


def _move(session: Session, command: Command) -> Reply:
    source = _single(session, command.get("target"))
    target = _destination(session, source, command.get("dest"))
    return _planned(session, [session.ws.move(source, target)])


def _create_file(session: Session, command: Command) -> Reply:
    content = command.get("content").strip()
    if len(content) >= 2 and content[0] in "\"'“「" and content[-1] in "\"'”」":
        content = content[1:-1]
    if content and not content.endswith("\n"):
        content += "\n"
    return _planned(session, [session.ws.create_file(command.get("target"), content)])


def _create_folder(session: Session, command: Command) -> Reply:
    return _planned(session, [session.ws.create_folder(command.get("target"))])


def _open(session: Session, command: Command) -> Reply:
    path = _single(session, command.get("target"))
    if _is_dir(session, path):
        result = session.ws.open_folder(path)
        return Reply(result.message if result.success else result.error)
    return _planned(session, [session.ws.open(path)])


def _reveal(session: Session, command: Command) -> Reply:
    result = session.ws.reveal(_single(session, command.get("target")))
    return Reply(result.message if result.success else result.error)


HELP_EN = """I work on the files of this workspace. Try:
- search README / which files mention FileOperationManager
- list src / read README.md / open the first one / reveal README.md
- create a file notes/todo.md with content # To do / create a folder drafts
- copy a.txt to b.txt / move a.txt to docs / rename a.txt to b.txt / delete a.txt
- analyze this project / summarize these files
Every change arrives as a plan for you to confirm."""

HELP_ZH = """我处理这个工作区里的文件。可以试试：
- 搜索 README / 找一下包含 FileOperationManager 的文件
- 列出 src / 读取 README.md / 打开第一个 / 在文件管理器中显示 README.md
- 创建文件 notes/todo.md，内容是 # 待办 / 新建文件夹 drafts
- 复制 a.txt 到 b.txt / 把 a.txt 移动到 docs / 把 a.txt 重命名为 b.txt / 删除 a.txt
- 分析这个项目 / 总结这些文件的作用
每个修改都会先生成计划，等你确认后才执行。"""


def _help(session: Session, command: Command) -> Reply:
    return Reply(HELP_ZH if session.zh else HELP_EN, intent="chat")


_HANDLERS: dict[str, Callable[[Session, Command], Reply]] = {
    "help": _help, "find": _find, "grep": _grep, "list": _list, "read": _read,
    "summarize": _summarize, "project": _project, "trash": _trash, "rename": _rename,
    "copy": _copy, "move": _move, "create_file": _create_file,
    "create_folder": _create_folder, "open": _open, "reveal": _reveal,
}  # fmt: skip
