"""A notes folder that does not exist yet: ``open_notes()`` answers, ``initialize()`` creates it.

CodePilot treats a missing path as "can be created": after a confirmation it
creates the folder and initializes it. Here ``open_notes(path)`` gives a
``Notes`` whose ``initialize()`` is a group of one plan, *create this folder*,
made by the ordinary ``create_folder`` tool in the folder above. Nothing is
written before that plan is confirmed; once it is, the new folder becomes the
notes workspace and its own initialize plans run, as the group's note says.

The folder above may be one that is too broad to be a workspace (the home
folder): the policy here is that folder's, and it allows exactly one thing,
creating the new folder, which is itself checked as a workspace root.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from ..errors import UsageError, WorkspaceOpenError
from ..i18n import _
from ..plans.journal import Journal, JournalEntry, JournalLine, RunMark
from ..policy.access import AccessPolicy
from ..policy.decision import Decision
from ..policy.names import illegal_name_reason
from ..policy.roots import is_system_path
from ..policy.wspath import WsPath
from ..tools.base import ToolContext, ToolRegistry, local_now
from ..tools.limits import ToolLimits
from ..tools.writes import register_write_tools
from ..types import PermissionMode, Rule
from .layout import ASSISTANT_DIR, DAILY_DIR, PERSONA_FILES, NotesPolicy

if TYPE_CHECKING:
    from ..disk.trash import Trash
    from ..fileindex.index import FileIndex
    from ..plans.plan import Plan
    from .facade import Notes
    from .groups import PlanGroup

__all__ = ["NewFolder", "NotYetCreated", "new_folder"]


@dataclass(frozen=True)
class NewFolder:
    """A notes folder to create: where, and how the workspace will be opened once it exists."""

    root: Path
    mode: PermissionMode
    trash: Trash | None

    def plan(self, clock: Callable[[], datetime] | None) -> Plan:
        """The plan that creates the folder (in the folder above), nothing else."""
        from ..disk.launcher import Launcher
        from ..disk.trash import Trash
        from ..plans.book import PlanBook

        policy = _ParentPolicy(self.root, self.mode)
        ctx = ToolContext(policy=policy, index=_no_index, trash=self.trash or Trash(),
                          launcher=Launcher(), clock=clock or local_now,
                          limits=ToolLimits.for_person(), for_model=False)  # fmt: skip
        registry = ToolRegistry()
        register_write_tools(registry)
        return PlanBook(ctx, registry, _NoJournal(self.root)).propose("create_folder",
                                                                      path=self.root.name)

    def group(self, notes: Notes) -> PlanGroup:
        """``initialize()`` of notes whose folder does not exist: create it, then lay it out."""
        from .groups import PlanGroup

        group = PlanGroup(_("Create and initialize the notes workspace"), [self.plan(notes.clock)],
                          note=self.note(notes.config.capture_folder))  # fmt: skip
        group.on_done(lambda: notes._created(self))
        return group

    def note(self, capture_folder: str) -> str:
        """What confirming does, file by file, since the layout's plans come after the folder."""
        made = [names[0] for names in PERSONA_FILES.values()]
        made += [f"{capture_folder}/", f"{DAILY_DIR}/", f"{ASSISTANT_DIR}/"]
        return _("Confirming creates the folder {path}, then lays out the notes workspace in it: "
                 "{items}. Nothing exists there yet, so nothing is overwritten.").format(
            path=str(self.root), items=", ".join(made))


class NotYetCreated:
    """What ``Notes`` does while its folder does not exist yet, and once it is created."""

    def __getattr__(self, name: str) -> Any:
        # Only reached for a missing attribute: before the folder exists there is no policy,
        # workspace or metadata yet, and the person is told what to do instead.
        new = self.__dict__.get("_new")
        if name in {"policy", "workspace", "meta"} and isinstance(new, NewFolder):
            raise UsageError(_("The notes folder {path} does not exist yet; confirm "
                               "initialize() to create it first.").format(path=new.root))
        raise AttributeError(name)

    def _still_to_create(self, new: NewFolder) -> bool:
        """True while the folder does not exist; once someone made it, open it as it is."""
        if not os.path.lexists(new.root):
            return True
        notes = cast("Notes", self)
        notes._bind(NotesPolicy(new.root, mode=new.mode), new.trash)
        notes._new = None
        return False

    def _created(self, new: NewFolder) -> None:
        """The folder exists now: open it as these notes and lay the workspace out."""
        notes = cast("Notes", self)
        notes._bind(NotesPolicy(new.root, mode=new.mode), new.trash)
        notes._new = None
        notes.initialize().confirm()


def new_folder(path: str | os.PathLike[str], mode: PermissionMode,
               trash: Trash | None) -> NewFolder:  # fmt: skip
    """The missing folder ``path``, checked like a workspace root, or ``WorkspaceOpenError``.

    Its parent must exist (one folder is created, not a chain of them), and the
    new folder must be a place a workspace may be opened.
    """
    shown = os.fspath(path)
    given = Path(os.path.abspath(os.path.expanduser(shown)))
    parent = Path(os.path.realpath(given.parent))
    if not parent.is_dir():
        raise WorkspaceOpenError(_("The folder {path} does not exist, and neither does the folder "
                                   "above it; create that folder first.").format(path=repr(shown)),
                                 path=shown)  # fmt: skip
    root = parent / given.name
    problem = illegal_name_reason(given.name)
    if problem or is_system_path(root):
        raise WorkspaceOpenError(problem or _("{path} can't be a notes workspace: it would be a "
                                              "system folder. Choose a folder of your own.").format(
            path=repr(shown)), path=shown)  # fmt: skip
    return NewFolder(root, mode, trash)


class _ParentPolicy(AccessPolicy):
    """The folder above a new notes folder; it allows creating that one folder and nothing else.

    ``check_workspace_root`` would refuse the home folder as too broad, which is
    right for a workspace but not for the folder a new workspace is made in.
    """

    def __init__(self, new_root: Path, mode: PermissionMode) -> None:
        # Not super().__init__(): that refuses the home folder. The same fields, set here
        # (tests/test_notes_first_hour.py checks that none is missing).
        self.root = new_root.parent
        self._root_text = os.fspath(self.root)
        self.given_root = self.root
        self.mode = PermissionMode(mode)
        self.allow_sensitive = False
        self._name = new_root.name

    def check_create(self, path: str | os.PathLike[str] | WsPath, *,
                     head: bytes | None = None) -> Decision:  # fmt: skip
        decision = super().check_create(path, head=head)
        if decision and decision.raise_if_refused().relative != self._name:
            return Decision.refuse(Rule.NOT_ALLOWED, _("Only the new notes folder {name} is "
                                   "created here.").format(name=self._name))  # fmt: skip
        return decision


class _NoJournal(Journal):
    """The folder above is not a workspace, so it gets no ``.wsnb/``: the new folder's own
    journal starts with the files laid out in it, which undo() can take back one by one."""

    def append(self, entry: JournalEntry) -> JournalEntry:
        return entry

    def append_mark(self, mark: RunMark) -> RunMark:
        return mark

    def lines(self) -> list[JournalLine]:
        return []


def _no_index() -> FileIndex:
    raise AssertionError("creating a folder never reads the file index")
