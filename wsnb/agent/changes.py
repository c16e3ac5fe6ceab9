"""Carrying out a parsed command, offline: the changing half. Plans only, one item each.

Every handler makes at most one plan through the workspace's plan book and
returns it pending. A request that names or implies several targets ("第一个和
第二个", "all .txt files", "*.md", "these") is refused with the rule before
anything is planned, never half done.
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..errors import WsnbError
from ..i18n import _, ngettext
from .actions import Session, is_dir, py_string, resolve_targets
from .commands import Command, several_targets
from .context import ContextError
from .fields import field_lines, set_value
from .glossary import english_terms
from .intents import FORBIDDEN_RULES
from .keyvalues import FORMATS, locate, new_line
from .reply import Reply
from .resolve import Kind, resolve_name

if TYPE_CHECKING:
    from ..plans.plan import Plan

__all__ = ["CHANGE_HANDLERS", "asks_for_several", "one_item_refusal", "planned", "single",
           "unique_around"]


def one_item_refusal(rules: str = "") -> str:
    """The refusal of a request for several items: the rule (or ``rules``, when it breaks
    another too) and how to ask instead."""
    rule = rules or _(FORBIDDEN_RULES["bulk_change"])
    return "\n\n".join([
        _("That can't be done, and no plan was made. {rule}").format(rule=rule),
        _("Name one item, for example \"delete the first one\" or \"delete notes/a.txt\", "
          "then ask again for the next one."),
    ])  # fmt: skip


def asks_for_several(session: Session, text: str) -> bool:
    """Whether ``text`` names several items; a real entry's name ("notes-all.txt") never does."""
    if not several_targets(text):
        return False
    try:
        return resolve_name(session.ws, text).how not in {"exact", "suffix", "name"}
    except WsnbError:
        return True  # not a path at all: the words decide


def planned(plans: list[Plan], python: str = "") -> Reply:
    """The reply that shows the plans; ``python`` is the line that makes the same plan, shown
    under it when the plan is made (``ws.trash("a.txt")``)."""
    pending = [p for p in plans if not p.is_refused]
    refused = [p for p in plans if p.is_refused]
    lines = [_("Plan {id}: {title}. Nothing happens until you confirm it.").format(
        id=p.id, title=p.title) for p in pending]
    lines += [_("That is refused: {reason}").format(reason=p.refusal) for p in refused]
    return Reply("\n".join(lines), plans=pending, python=python if pending else "")


def _call(name: str, *args: str) -> str:
    """The Python line of a workspace call with text arguments."""
    return f"ws.{name}(" + ", ".join(py_string(a) for a in args) + ")"


_SHOWN_CONTENT = 120  # a content longer than this is in the diff, not in the shown line


def single(session: Session, text: str, kind: Kind = "any") -> str:
    if asks_for_several(session, text):
        raise ContextError(one_item_refusal())
    paths = resolve_targets(session, text, kind)
    if len(paths) > 1:
        raise ContextError(one_item_refusal())
    return paths[0]


def _trash(session: Session, command: Command) -> Reply:
    path = single(session, command.get("target"))
    return planned([session.ws.trash(path)], _call("trash", path))


def _where_to(action: str, source: str) -> Reply:
    """The question for a change whose destination was left out; no plan is made."""
    questions = {
        "rename": _("Rename `{path}` to what? Say, for example, \"rename {path} to new-name\"."),
        "copy": _("Copy `{path}` to where? Say, for example, \"copy {path} to backup\"."),
        "move": _("Move `{path}` to where? Say, for example, \"move {path} to docs\"."),
    }
    return Reply(questions[action].format(path=source))


def _rename(session: Session, command: Command) -> Reply:
    source = single(session, command.get("target"))
    dest = command.get("dest").strip().rstrip("/")
    if not dest:
        return _where_to("rename", source)
    if "/" in dest:  # "rename app/utils.py to app/helpers.py": a path, maybe in the same folder
        target = session.ws.policy.resolve(dest).relative
        if posixpath.dirname(target) != posixpath.dirname(source):
            return planned([session.ws.move(source, target)], _call("move", source, target))
        dest = posixpath.basename(target)
    return planned([session.ws.rename(source, dest)], _call("rename", source, dest))


def _destination(session: Session, source: str, dest: str) -> str:
    if dest in {".", "根目录", "root", "the root"}:
        return posixpath.basename(source)
    if is_dir(session, dest):
        return posixpath.join(session.ws.policy.resolve(dest).relative, posixpath.basename(source))
    if "/" not in dest and "." not in dest:  # "move a.txt to widgets": a folder deeper down
        folder = _folder_named(session, dest)
        if folder:
            return posixpath.join(folder, posixpath.basename(source))
    return dest


def _folder_named(session: Session, text: str) -> str:
    """The one folder named ``text`` anywhere, or "" (then the name is a new path)."""
    resolution = resolve_name(session.ws, text, kind="dir")
    return resolution.path if resolution.how in {"exact", "name"} else ""


def _copy(session: Session, command: Command) -> Reply:
    source = single(session, command.get("target"))
    if not command.get("dest") and command.get("duplicate"):  # "make a copy of a.txt"
        target = _copy_name(session, source)
        return planned([session.ws.copy(source, target)], _call("copy", source, target))
    if not command.get("dest"):
        return _where_to("copy", source)
    target = _destination(session, source, command.get("dest"))
    return planned([session.ws.copy(source, target)], _call("copy", source, target))


def _move(session: Session, command: Command) -> Reply:
    source = single(session, command.get("target"))
    if not command.get("dest"):
        return _where_to("move", source)
    target = _destination(session, source, command.get("dest"))
    return planned([session.ws.move(source, target)], _call("move", source, target))


def _copy_name(session: Session, source: str) -> str:
    """A free name next to ``source``: "a copy.txt" / "a 副本.txt", then "a copy 2.txt"."""
    folder, name = posixpath.split(source)
    stem, dot, suffix = name.rpartition(".") if "." in name.lstrip(".") else (name, "", "")
    word = "副本" if session.zh else "copy"
    for n in range(1, 100):
        candidate = f"{stem} {word}{'' if n == 1 else f' {n}'}{dot}{suffix}"
        path = posixpath.join(folder, candidate)
        if not session.ws.policy.resolve(path).absolute.exists():
            return path
    return posixpath.join(folder, f"{stem} {word} 100{dot}{suffix}")


def _edit(session: Session, command: Command) -> Reply:
    """One field changed in place ("port: 8080" to 9090, the title of a Markdown file)."""
    path = single(session, command.get("target"), "file")
    doc = session.ws.read(path)
    value = _content(command.get("content"))
    lines = doc.text.splitlines(keepends=True)
    keyed = _keyed(lines, path, command.get("field"), value)
    if len(keyed) == 1:  # a key of JSON, YAML, TOML or INI, dotted paths too: its value only
        index, line = keyed[0]
        if line == lines[index]:
            return Reply(_("`{field}` in `{path}` already is {value}; there is nothing to "
                           "change.").format(field=command.get("field"), path=path, value=value))
        old_text, new_text = unique_around(lines, index, line)
        return planned([session.ws.edit(path, old_text, new_text)],
                       _call("edit", path, old_text, new_text))  # fmt: skip
    found = field_lines(lines, command.get("field"))
    if command.get("field") and _content(command.get("field")) == value:
        return Reply(_("`{field}` and the new value are the same, so there is nothing to change "
                       "in `{path}`.").format(field=value, path=path))  # fmt: skip
    if not found and command.get("field") and command.get("field") in doc.text:
        # No "key: value" line: the words themselves, replaced wherever they stand.
        line = _call("edit", path, command.get("field"), value)[:-1] + ", replace_all=True)"
        return planned([session.ws.edit(path, command.get("field"), value, replace_all=True)],
                       line)  # fmt: skip
    if len(found) != 1:
        said = _("I found {count} lines with `{field}` in `{path}`, not one, so nothing was "
                 "planned; say the whole new content instead (\"replace the contents of this file "
                 "with ...\").")
        return Reply(said.format(count=len(found), field=command.get("field"), path=path))
    index = found[0]
    new_line = set_value(lines, index, command.get("field"), value)
    old_text, new_text = unique_around(lines, index, new_line)
    if old_text == new_text:
        return Reply(_("`{field}` in `{path}` already is {value}; there is nothing to "
                       "change.").format(field=command.get("field"), path=path, value=value))
    return planned([session.ws.edit(path, old_text, new_text)],
                   _call("edit", path, old_text, new_text))  # fmt: skip


def _keyed(lines: list[str], path: str, field: str, value: str) -> list[tuple[int, str]]:
    """The lines of the key ``field`` (or its English words: 主题 is theme), each with its new
    value, as ``field_lines`` can't see them: nested ("app.port") or in a section."""
    suffix = posixpath.splitext(path)[1]
    if not field or suffix.casefold() not in FORMATS:
        return []
    for key in dict.fromkeys((field, *english_terms(field))):
        found = locate(lines, suffix, key)
        if found:
            return [(k.index, new_line(lines[k.index], k, value, suffix)) for k in found]
    return []


def unique_around(lines: list[str], index: int, new_line: str) -> tuple[str, str]:
    """The changed line as an exact edit, widened by its neighbours until it occurs once."""
    text = "".join(lines)
    start = stop = index
    while True:
        old = "".join(lines[start:stop + 1]).rstrip("\r\n")
        if text.count(old) <= 1 or (start == 0 and stop == len(lines) - 1):
            break
        start, stop = max(0, start - 1), min(len(lines) - 1, stop + 1)
    new = "".join([*lines[start:index], new_line, *lines[index + 1:stop + 1]]).rstrip("\r\n")
    return old, new


def _content(text: str) -> str:
    content = text.strip()
    if len(content) >= 2 and content[0] in "\"'“「`" and content[-1] in "\"'”」`":
        content = content[1:-1]
    return content


def _write(session: Session, command: Command) -> Reply:
    path = single(session, command.get("target"), "file")
    content = _content(command.get("content"))
    text = content + "\n" if content else ""
    line = _call("write_file", path, text) if len(text) <= _SHOWN_CONTENT else ""
    return planned([session.ws.write_file(path, text)], line)


def _append(session: Session, command: Command) -> Reply:
    path = single(session, command.get("target"), "file")
    doc = session.ws.read(path)
    if doc.truncated:
        return Reply(_("`{path}` is too large to rewrite whole here; edit it in an editor.")
                     .format(path=path))  # fmt: skip
    text = doc.text
    added = _content(command.get("content")) + "\n"
    line = ""
    if not text or text.endswith("\n"):  # the file's text and the line, as the plan has them
        line = f"ws.write_file({py_string(path)}, ws.read({py_string(path)}).text + " \
            f"{py_string(added)})"
    if text and not text.endswith(("\n", "\r")):
        text += "\n"
    return planned([session.ws.write_file(path, text + added)], line)


def _create_file(session: Session, command: Command) -> Reply:
    content = _content(command.get("content"))
    if content and not content.endswith("\n"):
        content += "\n"
    target = command.get("target")
    line = _call("create_file", target, content) if len(content) <= _SHOWN_CONTENT else ""
    return planned([session.ws.create_file(target, content)], line)


def _create_folder(session: Session, command: Command) -> Reply:
    target = command.get("target")
    return planned([session.ws.create_folder(target)], _call("create_folder", target))


def _rename_name(session: Session, command: Command) -> Reply:
    """A name renamed in every file that holds it: one change set (``ws.rename_identifier``);
    a name found nowhere is the sentence that says so, and no plan."""
    old, new = command.get("old"), command.get("new")
    try:
        plan = session.ws.rename_identifier(old, new)
    except WsnbError as exc:
        return Reply(exc.reason)
    reply = planned([plan], _call("rename_identifier", old, new))
    if not reply.plans:
        return reply
    files = [step.target.relative for step in plan.steps if step.target is not None]
    lines = [ngettext("It edits {count} file: {paths}.", "It edits {count} files: {paths}.",
                      len(files)).format(count=len(files),
                                         paths=", ".join(f"`{p}`" for p in files))]
    lines += [_("Warning: {warning}").format(warning=warning) for warning in plan.warnings]
    reply.text = "\n".join([reply.text, *lines])
    return reply


def _reveal(session: Session, command: Command) -> Reply:
    result = session.ws.reveal(single(session, command.get("target")))
    return Reply(result.message if result.success else str(result.error))


CHANGE_HANDLERS: dict[str, Callable[[Session, Command], Reply]] = {
    "trash": _trash, "rename": _rename, "copy": _copy, "move": _move, "write": _write,
    "append": _append, "create_file": _create_file, "create_folder": _create_folder,
    "reveal": _reveal, "edit": _edit, "rename_name": _rename_name,
}  # fmt: skip
