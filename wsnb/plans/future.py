"""A change set planned against the tree its earlier changes leave.

A change set runs its changes in order, so its third change meets the files as the first
two left them: a file renamed is at its new name, with its text; a new file has the text
its change gives it; a file moved away or trashed is gone. ``Future`` is that tree while
the set is being planned: the disk as it is, with each planned change laid over it in turn.
Each change is planned by its own tool against ``Future.upto()`` of the changes before it
(``ToolContext.future``), and the tools ask it, through the functions here, whatever they
would ask the disk: whether a path exists, is a folder, how big it is, its bytes, whether
the gate lets it be written or moved. A path no earlier change touches is asked of the
disk itself, as for a plan on its own.

What a change learns from the earlier ones is written down on its plan:

* ``data["after"]``: the numbers of the earlier changes it was planned on, so it can't run
  without them (leaving one out is refused, naming both);
* ``data["expects"]``: what each such path holds once they ran (kind, size, content hash),
  checked just before the change runs, after the earlier ones did (a file changed while
  the set ran stops the set and takes back what ran); the paths it watches on the disk
  now stay in ``data["fingerprints"]``, checked before the first change as always;
* ``data["old_bytes"]``: for a write of a file an earlier change makes or moves, the bytes
  it replaces, so the journal written ahead can back them up before anything changes.
"""

from __future__ import annotations

import hashlib
import os
import stat
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..disk import fsops, textio
from ..errors import WsnbError
from ..i18n import _, ngettext
from ..policy.access import Decision, WsPath, head_of
from ..policy.names import CONTENT_HEAD_BYTES
from ..types import Rule

if TYPE_CHECKING:
    from ..tools.base import ToolContext
    from .plan import Plan
    from .record import PlanRecord

__all__ = ["Future", "Seen", "expectation_missed", "matches", "parent_problem", "planned_on",
           "trash_problem"]

_WRITES = {"write_file", "edit_file", "edit_notebook"}
_MOVES = {"move_file", "rename"}
_THERE = ("file", "folder", "unknown")


@dataclass(frozen=True)
class Seen:
    """What a path holds once the earlier changes of the set ran.

    ``kind`` is ``"file"``, ``"folder"``, ``"gone"`` (an earlier change moved it away or
    trashed it), ``"absent"`` (nothing is there, nor was) or ``"unknown"`` (a change puts
    back from the trash what only the trash holds). A file's bytes are ``data`` when a
    change gives them, else those of ``origin`` on the disk now (a rename, a move, a copy
    of an untouched file). ``number`` and ``title`` name the latest change that decided it,
    ``moved_to`` where a moved path went, ``after`` every change it was planned on.
    """

    kind: str
    origin: str | None = None
    data: bytes | None = None
    number: int = 0
    title: str = ""
    moved_to: str | None = None
    after: frozenset[int] = frozenset()


@dataclass(frozen=True)
class _Layer:
    """One planned change, as the paths it leaves different."""

    number: int
    title: str
    tool: str
    source: str | None
    target: str | None
    data: bytes | None
    folders: tuple[str, ...]  # the folders it makes above its target

    def says(self, relative: str) -> tuple[str, str | None] | None:
        """What this change makes of ``relative``: (a kind, a detail), or ("from", the path
        that held it just before), or None when it leaves it alone."""
        if relative in self.folders:
            return "folder", None
        if self.tool in _MOVES and self.source and self.target:
            inside = _inside(relative, self.target)
            if inside is not None:
                return "from", self.source + inside
            inside = _inside(relative, self.source)
            if inside is not None:
                return "gone", self.target + inside
            return None
        if self.tool == "trash" and self.source and _inside(relative, self.source) is not None:
            return "gone", None
        if self.tool == "restore_from_trash" and self.target and _inside(
                relative, self.target) is not None:  # fmt: skip
            return "unknown", None
        if relative != self.target:
            return None
        if self.tool == "copy_file" and self.source:
            return "from", self.source
        if self.tool == "create_folder":
            return "folder", None
        return ("file", None) if self.data is not None else ("unknown", None)


def _inside(relative: str, folder: str) -> str | None:
    """``relative``'s rest below ``folder`` ("" for the folder itself), or None."""
    if relative == folder:
        return ""
    return relative[len(folder):] if relative.startswith(folder + "/") else None


@dataclass
class Future:
    """The tree a change set's earlier changes leave: the disk under ``root``, with each
    change added (``add``) laid over it in order.

    ``upto()`` is the tree the next change is planned against; what that change asked of
    it is in ``consulted`` (the numbers and titles of the changes its answers came from).
    """

    root: Path
    undoing: bool = False  # the set undoes another: it may trash what it puts back
    layers: tuple[_Layer, ...] = ()
    consulted: dict[int, str] = field(default_factory=dict)

    def upto(self) -> Future:
        """The tree as the changes added so far leave it, for the next change to plan on."""
        return Future(self.root, self.undoing, self.layers)

    def add(self, number: int, step: PlanRecord) -> None:
        """Lay change ``number`` (a planned step) over the tree."""
        folders = tuple(step.parent_dirs)
        if step.tool_name == "create_folder" and step.target is not None:
            folders += (step.target.relative,)
        self.layers += (_Layer(number, step.title, step.tool_name,
                               step.source.relative if step.source else None,
                               step.target.relative if step.target else None,
                               _new_bytes(step), folders),)  # fmt: skip

    def seen(self, relative: str) -> Seen | None:
        """What ``relative`` holds once the earlier changes ran; None when none of them
        touches it (ask the disk)."""
        found = self._look(relative, len(self.layers))
        if found is not None:
            titles = {layer.number: layer.title for layer in self.layers}
            self.consulted.update((number, titles[number]) for number in found.after)
        return found

    def written_inside(self, relative: str) -> Seen | None:
        """A file at ``relative`` or inside it whose bytes an earlier change writes (or moves
        there once written), or None."""
        for layer in reversed(self.layers):
            if layer.target is not None and _inside(layer.target, relative) is not None:
                found = self._look(layer.target, len(self.layers))
                if found is not None and found.data is not None:
                    return found
        return None

    def _look(self, relative: str, upto: int) -> Seen | None:
        for index in range(upto - 1, -1, -1):
            layer = self.layers[index]
            said = layer.says(relative)
            if said is None:
                continue
            kind, detail = said
            mine = frozenset({layer.number})
            if kind == "from" and detail is not None:
                below = self._look(detail, index) or self._disk(detail)
                return replace(below, number=layer.number, title=layer.title,
                               after=below.after | mine)  # fmt: skip
            return Seen(kind, data=layer.data if kind == "file" else None, number=layer.number,
                        title=layer.title, moved_to=detail, after=mine)  # fmt: skip
        return None

    def _disk(self, relative: str) -> Seen:
        """What the disk holds at ``relative`` now, as it will be carried elsewhere."""
        try:
            mode = os.lstat(self.root.joinpath(*relative.split("/"))).st_mode
        except OSError:
            return Seen("absent")
        return Seen("folder" if stat.S_ISDIR(mode) else "file", origin=relative)


def _new_bytes(step: PlanRecord) -> bytes | None:
    new = step.data.get("new_bytes")
    if isinstance(new, bytes):
        return new
    if step.tool_name == "create_file":
        try:
            return textio.encode_text(step.content or "", textio.DEFAULT_FORMAT)
        except WsnbError:
            return None
    return None


# ---------------------------------------------------------------------------
# What the tools ask (the disk's answer when no earlier change touches the path)
# ---------------------------------------------------------------------------


def seen(ctx: ToolContext, path: WsPath) -> Seen | None:
    """What ``path`` holds once the set's earlier changes ran; None outside a set, or when
    none of them touches it."""
    return ctx.future.seen(path.relative) if ctx.future is not None else None


def exists(ctx: ToolContext, path: WsPath) -> bool:
    found = seen(ctx, path)
    return path.exists() if found is None else found.kind in _THERE


def is_dir(ctx: ToolContext, path: WsPath) -> bool:
    found = seen(ctx, path)
    return path.absolute.is_dir() if found is None else found.kind == "folder"


def lexists(ctx: ToolContext, relative: str) -> bool:
    """Whether anything is at ``relative`` (a folder above a new file, say), links not
    followed."""
    found = ctx.future.seen(relative) if ctx.future is not None else None
    if found is None:
        return os.path.lexists(ctx.policy.root.joinpath(*relative.split("/")))
    return found.kind in _THERE


def size(ctx: ToolContext, path: WsPath) -> int:
    found = seen(ctx, path)
    if found is not None and found.data is not None:
        return len(found.data)
    where = path if found is None or found.origin is None else ctx.policy.resolve(found.origin)
    return os.lstat(where.absolute).st_size


def read_bytes(ctx: ToolContext, path: WsPath) -> bytes:
    """The file's bytes as the earlier changes leave them (``textio.read_bytes``'s limits)."""
    found = seen(ctx, path)
    if found is not None and found.data is not None:
        return found.data
    if found is not None and found.kind == "unknown":
        raise WsnbError(_("{path} can't be read before change {number} ({title}) puts it back "
                          "from the trash; make this change a plan of its own after it.").format(
            path=path, number=found.number, title=found.title))  # fmt: skip
    where = path if found is None or found.origin is None else ctx.policy.resolve(found.origin)
    return textio.read_bytes(where)


def head(ctx: ToolContext, path: WsPath) -> bytes | None:
    """The first bytes of a file (what decides a "maybe" sensitive name), as ``head_of``."""
    found = seen(ctx, path)
    if found is None:
        return head_of(path)
    if found.data is not None:
        return found.data[:CONTENT_HEAD_BYTES]
    return head_of(ctx.policy.resolve(found.origin)) if found.origin is not None else None


def watch(ctx: ToolContext, plan: Plan, *paths: WsPath) -> None:
    """``plan.watch(paths)``, but a path an earlier change touches is expected as that change
    leaves it, checked just before this change runs (``expectation_missed``)."""
    for path in paths:
        found = seen(ctx, path)
        if found is None:
            plan.watch(path)
        else:
            plan.data.setdefault("expects", {})[path.relative] = _expected(ctx, found)


def _expected(ctx: ToolContext, found: Seen) -> dict[str, Any]:
    if found.kind == "file" and found.data is not None:
        digest = hashlib.sha256(found.data).hexdigest() if len(
            found.data) <= fsops.HASH_LIMIT else None  # fmt: skip
        return {"exists": True, "is_dir": False, "size": len(found.data), "sha256": digest}
    if found.kind in ("file", "folder") and found.origin is not None:
        now = fsops.fingerprint(ctx.policy.resolve(found.origin))
        return {"exists": now.exists, "is_dir": now.is_dir,
                "size": None if now.is_dir else now.size, "sha256": now.sha256}  # fmt: skip
    if found.kind == "folder":
        return {"exists": True, "is_dir": True, "size": None, "sha256": None}
    return {"exists": found.kind == "unknown", "is_dir": None, "size": None, "sha256": None}


def expectation_missed(ctx: ToolContext, step: PlanRecord) -> str | None:
    """The first path ``step`` expects the earlier changes to leave some way that is not so
    now, just before it runs; None when each is as expected."""
    for relative, want in (step.data.get("expects") or {}).items():
        try:
            now = fsops.fingerprint(ctx.policy.resolve(relative))
        except WsnbError:  # the gate refuses it now (a file where a folder was meant)
            return str(relative)
        if not matches(now, want):
            return str(relative)
    return None


def matches(now: fsops.Fingerprint, want: dict[str, Any]) -> bool:
    """The path as expected: there or not, a folder or not, its size and content hash where
    they are known (never its time: a change just made it)."""
    if now.exists != want["exists"] or not now.exists:
        return bool(now.exists == want["exists"])
    if want["is_dir"] is not None and want["is_dir"] != now.is_dir:
        return False
    if want["size"] is not None and want["size"] != now.size:
        return False
    return None in (want["sha256"], now.sha256) or want["sha256"] == now.sha256


# ---------------------------------------------------------------------------
# The gate, for a path the earlier changes make or take away
# ---------------------------------------------------------------------------


def check_write_file(ctx: ToolContext, path: Any) -> Decision:
    """``policy.check_write_file``; for a file the earlier changes make, the checks of a new
    file there (its name, its place); for one they take away, why it is not there."""
    found, decision = _seen_arg(ctx, path)
    if found is None:
        return ctx.policy.check_write_file(path) if decision else decision
    target = decision.raise_if_refused()
    if found.kind not in _THERE:
        return Decision.refuse(Rule.NOT_ALLOWED, _not_there(target, found), target)
    if found.kind == "folder":
        return Decision.refuse(Rule.NOT_ALLOWED, _("{path} is a folder, not a file.").format(
            path=target), target)  # fmt: skip
    return ctx.policy.check_create(path, head=head(ctx, target))


def check_source(ctx: ToolContext, path: Any, *, verb: str) -> Decision:
    """``policy.check_source`` for an item the earlier changes make or take away."""
    found, decision = _seen_arg(ctx, path)
    if found is None:
        return ctx.policy.check_source(path, verb=verb) if decision else decision
    source = decision.raise_if_refused()
    if found.kind not in _THERE:
        return Decision.refuse(Rule.NOT_ALLOWED, _not_there(source, found), source)
    return ctx.policy.check_create(path, head=head(ctx, source) if found.kind == "file" else None)


def parent_problem(ctx: ToolContext, path: WsPath) -> str | None:
    """Why nothing can be made at ``path`` once the earlier changes ran: a folder above it is
    a file then (the gate asks the disk as it is now); None when nothing says so."""
    if ctx.future is None:
        return None
    parts = path.relative.split("/")[:-1]
    for index in range(1, len(parts) + 1):
        parent = "/".join(parts[:index])
        found = ctx.future.seen(parent)
        if found is None:
            continue
        if found.kind not in _THERE:
            return None  # made anew below a path the set takes away
        if found.kind != "folder":
            return _("{parent} is a file, so {path} can't be inside it.").format(
                parent=parent, path=path)
    return None


def trash_problem(ctx: ToolContext, path: WsPath) -> str | None:
    """Why a change set can't trash ``path``: it holds what an earlier change of the set writes
    (undoing the set could not bring those bytes back from the trash); None when it can. A set
    that undoes another trashes what it put back as it was (its backup stays), so it may."""
    if ctx.future is None or ctx.future.undoing:
        return None
    found = ctx.future.written_inside(path.relative)
    if found is None:
        return None
    return _("{path} would go to the trash with what change {number} ({title}) writes; a change "
             "set does not trash what it writes. Leave one of the two changes out.").format(
        path=path, number=found.number, title=found.title)  # fmt: skip


def _seen_arg(ctx: ToolContext, path: Any) -> tuple[Seen | None, Decision]:
    if ctx.future is None:
        return None, Decision(True)
    decision = ctx.policy.check(path)
    if not decision or decision.path is None:
        return None, decision
    return ctx.future.seen(decision.path.relative), decision


def _not_there(path: WsPath, found: Seen) -> str:
    """Why a path the set's earlier changes take away can't be named any more."""
    if found.kind == "absent":
        return _("{path} does not exist.").format(path=path)
    if found.moved_to is not None:
        return _("{path} is not there once change {number} ({title}) ran: it is at {new} then. "
                 "Name {new} instead, or put this change before change {number}.").format(
            path=path, number=found.number, title=found.title, new=found.moved_to)  # fmt: skip
    return _("{path} is not there once change {number} ({title}) ran: it goes to the trash. "
             "Put this change before change {number}, or leave one out.").format(
        path=path, number=found.number, title=found.title)  # fmt: skip


def planned_on(future: Future) -> str:
    """The sentence that says which earlier changes a refused change was planned on."""
    said = ", ".join(_("{number} ({title})").format(number=number, title=title)
                     for number, title in sorted(future.consulted.items()))
    return ngettext("It was planned on the files as change {changes} leaves them.",
                    "It was planned on the files as changes {changes} leave them.",
                    len(future.consulted)).format(changes=said)
