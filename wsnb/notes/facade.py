"""``open_notes()`` and the ``Notes`` object: an assistant's notes workspace in a notebook.

The facade wires the pieces and adds no logic of its own: plans come from the
workspace's plan book (every change a person confirms), metadata goes through
``MetaStore`` (atomic, inside ``.assistant/`` only), rules live in the modules
it calls (layout, config, state, taxonomy, organiser, memory, docs, prompt,
onboarding). The memory side (daily memories, the prompt, onboarding and the
check-in) is its mixin in ``wsnb.notes.flows``. ``taxonomy``,
``suggest_categories`` and ``generate_docs`` scan the folder once per call.
"""

from __future__ import annotations

import logging
import os
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pandas as pd

from .. import advice
from ..errors import UsageError
from ..fileindex.watcher import WatchSettings
from ..i18n import _
from ..tools.base import local_now
from ..types import PermissionMode
from ..workspace import Workspace
from . import memory as mem
from .config import NotesConfig
from .creating import NewFolder, NotYetCreated, new_folder
from .editing import NoteEdits
from .flows import MemoryFlows
from .groups import PlanGroup
from .layout import (
    CONFIG_FILE,
    DAILY_DIR,
    PERSONA_FILES,
    STATE_FILE,
    TAXONOMY_FILE,
    FolderStatus,
    NotesInspection,
    NotesPolicy,
    find_persona,
    inspect_folder,
)
from .meta import MetaStore
from .organiser import (
    Suggestion,
    check_note_folder,
    free_path,
    slugify,
    suggest_destination,
    titled_note,
)
from .searching import MeaningSlot, NotesSearch
from .state import WorkspaceState, merge_state
from .taxonomy import Taxonomy, suggest_evolution
from .templates import PERSONA_TEMPLATES

if TYPE_CHECKING:
    from ..disk.trash import Trash
    from ..plans.plan import Plan
    from ..search.embed import Embedder
    from .noteindex import NoteIndex
    from .watching import NotesWatch

__all__ = ["Notes", "open_notes"]

logger = logging.getLogger("wsnb")


@dataclass(frozen=True)
class Look:
    """What one scan of the notes folder gives: its folders, its notes, its categories."""

    folders: list[str]
    notes: pd.DataFrame
    categories: Taxonomy


def _folders(files: pd.DataFrame) -> list[str]:
    """The visible folders of the first two levels of a scan's frame."""
    folders = files[files["is_dir"] & ~files["is_hidden"] & (files["depth"] <= 2)]
    return [p for p in folders["path"] if not p.split("/")[0].startswith(".")]


def open_notes(
    path: str | os.PathLike[str],
    *,
    mode: PermissionMode | str = PermissionMode.CONFIRM,
    clock: Callable[[], datetime] | None = None,
    trash: Trash | None = None,
    watch: bool | WatchSettings = True,
    embed: bool | Embedder | None = None,
) -> Notes:
    """Open a folder as an assistant's notes workspace (it need not be initialized yet).

    ``clock`` (local, timezone-aware datetimes) decides "today" for daily
    memories and check-ins; ``trash`` is a seam for tests. The note index
    follows the disk through a watcher started with the first search
    (``watch=False`` opts out: each search then checks every note's time);
    stop it with ``nb.close()`` or a ``with`` block. A folder that is
    not writable opens read-only. A folder that does not exist yet (in one
    that does) is created by ``initialize()``'s plan, once confirmed; nothing
    is written before. Raises ``WorkspaceOpenError`` for a file or a system
    folder; ``wsnb.notes.inspect_folder(path)`` says what a path is without
    opening it. ``embed`` chooses what finds notes by meaning: ``None`` the
    environment's choice (a server at ``WSNB_EMBED_BASE_URL``, else the
    embedded model of ``wsnb[embed]`` when installed; ``WSNB_EMBED=off``:
    none), ``True`` the same but an error when there is none, ``False``
    words only, or an embedder object (``wsnb.search.embed``).

    Parameters
    ----------
    path : str or os.PathLike
        The notes folder.
    mode : PermissionMode or str
        ``"confirm-before-write"`` (the default) or ``"read-only"``.
    clock : callable, optional
        Local, timezone-aware datetimes; decides "today" for daily memories and check-ins.
    trash : Trash, optional
        A seam for tests.
    watch : bool or WatchSettings
        Follow the disk with a watcher started by the first search.
    embed : bool or Embedder, optional
        What finds notes by meaning (see above).

    Returns
    -------
    Notes

    Raises
    ------
    WorkspaceOpenError
        A file or a system folder.

    Examples
    --------
    >>> with wsnb.open_notes(folder / "notes") as nb:
    ...     nb.inspect().status.value
    'not_found'
    """
    mode = PermissionMode(mode)
    seen = inspect_folder(path)
    if seen.status is FolderStatus.NOT_FOUND:
        return Notes(new_folder(path, mode, trash), clock=clock, trash=trash, watch=watch,
                     embed=embed)  # fmt: skip
    if seen.reason == "not writable":
        mode = PermissionMode.READ_ONLY
    return Notes(NotesPolicy(path, mode=mode), clock=clock, trash=trash, watch=watch,
                 embed=embed)  # fmt: skip


class Notes(NotYetCreated, MemoryFlows, NotesSearch, NoteEdits):
    """An assistant's notes workspace: persona and memory files, notes, plans to change them.

    Open one with ``wsnb.open_notes(path)``. Reads (``inspect``, ``search``, ``prompt``,
    ``notes_frame``, ``config``) change nothing; every change to a file (``initialize``,
    ``capture``, ``move``, ``promote``, ``archive``, ``onboard``, ``check_in``) is a plan or
    a plan group to confirm. wsnb's own state, settings and index live in ``.assistant/``.
    Use it in a ``with`` block, or call ``close()``, to stop its watcher.
    """

    def __init__(
        self,
        policy: NotesPolicy | NewFolder,
        *,
        clock: Callable[[], datetime] | None = None,
        trash: Trash | None = None,
        watch: bool | WatchSettings = True,
        embed: bool | Embedder | None = None,
    ) -> None:
        from .watching import NotesWatch

        self.clock = clock or local_now
        self._index: NoteIndex | None = None
        self._index_key: object = None
        self._config_seen: tuple[object, NotesConfig] | None = None  # (config.json's stamp, it)
        self._watch = NotesWatch(watch)
        self._watch_setting = watch
        self._meaning = MeaningSlot(embed)
        self._new = policy if isinstance(policy, NewFolder) else None
        self._finalizer = weakref.finalize(self, _stop_all, self._watch, None, self._meaning)
        self.state = WorkspaceState.from_json(None)
        if not isinstance(policy, NewFolder):
            self._bind(policy, trash)

    def _bind(self, policy: NotesPolicy, trash: Trash | None) -> None:
        self.policy = policy
        self.workspace = Workspace(policy, trash=trash, clock=self.clock, watch=self._watch_setting)
        self.meta = MetaStore(policy)
        # The watchers stop when these notes are collected, without keeping them alive.
        self._finalizer.detach()
        self._finalizer = weakref.finalize(self, _stop_all, self._watch, self.workspace,
                                           self._meaning)  # fmt: skip
        self.state = self._load_state()

    def __repr__(self) -> str:
        return f"<Notes {self.root} ({self.inspect().status.value})>"

    @property
    def root(self) -> Path:
        """The notes folder (it may not exist yet: ``initialize()`` creates it)."""
        return self._new.root if self._new is not None else self.policy.root

    # -- lifecycle --------------------------------------------------------------------

    def close(self) -> None:
        """Stop following the disk and making vectors (the threads end); the index and the
        vectors made stay as they are."""
        self._finalizer()

    def __enter__(self) -> Notes:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def watching(self) -> str:
        """How the note index follows the disk: "watching", "checking" (every note's time
        before each search), "off" (``watch=False``), "idle" (no search yet) or "closed"."""
        return self._watch.state

    def inspect(self) -> NotesInspection:
        """What the folder is now: empty, normal_directory, partial/existing workspace...

        Returns
        -------
        NotesInspection
            ``.status``, what is there and missing, and ``.problem`` (a corrupt state file).
        """
        return inspect_folder(self.root)

    def today(self) -> date:
        """Today's local date, from the same clock as everything else.

        The clock gives local time (the default is the system's, with its
        offset), so its calendar date is the local one: never the UTC date.

        Returns
        -------
        datetime.date
        """
        return self.clock().date()

    def initialize(self) -> PlanGroup:
        """Plans that create whatever of the layout is missing; nothing existing is overwritten.

        Confirming the group also saves wsnb's own ``.assistant/`` files
        (state, config, taxonomy) where they are missing. A folder that does
        not exist yet is created first (see ``wsnb.notes.creating``).

        Returns
        -------
        PlanGroup
            Confirm it as a whole (``.confirm()``), or its plans one by one.
        """
        if self._new is not None and self._still_to_create(self._new):
            return self._new.group(self)
        plans: list[Plan] = []
        for role, names in PERSONA_FILES.items():
            if find_persona(self.root, role) is None:
                plans.append(self.workspace.create_file(names[0], PERSONA_TEMPLATES[role]))
        for folder in (self.config.capture_folder, DAILY_DIR):
            if not (self.root / folder).is_dir():
                plans.append(self.workspace.create_folder(folder))
        group = PlanGroup(_("Initialize the notes workspace"), plans,
                          note=_("Confirming also saves wsnb's own files in .assistant/ "
                                 "(state, config, taxonomy) where they are missing."))  # fmt: skip
        group.on_done(self._save_missing_metadata)
        return group

    def _save_missing_metadata(self) -> None:
        if self.meta.read_json(CONFIG_FILE) is None:
            self.meta.write_json(CONFIG_FILE, self.config.data)
        if self.meta.read_json(STATE_FILE) is None:
            self.save_state()
        if self.meta.read_json(TAXONOMY_FILE) is None:
            self.refresh_taxonomy()

    # -- config and state ---------------------------------------------------------------

    @property
    def config(self) -> NotesConfig:
        """The settings: ``.assistant/config.json`` deep-merged over the defaults."""
        if self._new is not None:
            return NotesConfig.from_file_data(None)
        return NotesConfig.from_file_data(self.meta.read_json(CONFIG_FILE))

    def _current_config(self) -> NotesConfig:
        """``config``, parsed again only when config.json's stamp moved: every search asks
        for the index settings, and parsing them each time cost a tenth of a millisecond."""
        if self._new is not None:
            return self.config
        stamp = self.meta.stamp(CONFIG_FILE)  # before the read: a write between is read again
        if self._config_seen is None or self._config_seen[0] != stamp:
            self._config_seen = (stamp, self.config)
        return self._config_seen[1]

    def update_config(self, changes: dict[str, Any]) -> NotesConfig:
        """Merge ``changes`` into config.json (objects merge, arrays replace) and save it.

        Parameters
        ----------
        changes : dict
            Keys as in ``config.json`` (``{"archivePolicy": {"dailyMemoryRetentionDays":
            14}}``).

        Returns
        -------
        NotesConfig
            The settings as saved.

        Raises
        ------
        UsageError
            ``changes`` is not a dict.
        PolicyError
            A folder setting that is absolute or leads outside (``/tmp``, ``~/notes``);
            nothing is saved.
        """
        if not isinstance(changes, dict):
            raise UsageError(_("Give the config changes as a dict, e.g. "
                               "{'archivePolicy': {'dailyMemoryRetentionDays': 14}}."))
        merged = self.config.merged(changes)
        for folder in (merged.capture_folder, merged.archive_folder):  # CodePilot: relative only
            check_note_folder(self.policy, folder)
        saved = self.meta.update_json(  # on top of the file as it is now: nothing else is lost
            CONFIG_FILE, lambda disk: NotesConfig.from_file_data(disk).merged(changes).data)
        return NotesConfig(saved)

    def _load_state(self) -> WorkspaceState:
        read = self.meta.read(STATE_FILE)
        if read.corrupt and self.meta.writable:
            # Kept aside at once, so inspect() says what happened instead of "ready" while
            # onboarding and check-ins start again from the defaults.
            self.meta.keep_aside(STATE_FILE, self.clock().replace(tzinfo=None))
        raw = read.data
        state = WorkspaceState.from_json(raw)
        # What this notebook last saw: a save puts only its own changes on top of the file.
        self._state_seen = WorkspaceState.from_json(raw).to_json() if isinstance(raw, dict) \
            else {}  # fmt: skip
        if state.migrated_from and self.meta.writable:
            self.state = state
            self.save_state()
            self.state.migrated_from = state.migrated_from
            logger.info("notes state migrated from version %s", state.migrated_from[0])
            return self.state
        return state

    def save_state(self) -> None:
        """Save ``state`` to ``.assistant/state.json`` (atomically, under the metadata lock).

        Only the fields changed here since the last load or save go on top of the
        file as it is now, so another notebook's changes survive; ``state`` is
        then what was saved.

        Raises
        ------
        WriteError
            The file could not be written; the old one is intact.
        """
        after = self.state.to_json()
        merged = self.meta.update_json(STATE_FILE,
                                       lambda disk: merge_state(disk, self._state_seen, after))
        self.state = WorkspaceState.from_json(merged)
        self._state_seen = self.state.to_json()

    def enable_check_in(self, enabled: bool = True) -> None:
        """Turn the daily check-in on or off (``dailyCheckInEnabled`` in state.json).

        Parameters
        ----------
        enabled : bool
            On (the default) or off.
        """
        self.state.daily_check_in_enabled = bool(enabled)
        self.save_state()

    def needs_check_in(self) -> bool:
        """True once onboarding is done, check-ins are on, and none happened today (local).

        Returns
        -------
        bool
        """
        return self.state.needs_check_in(self.today())

    # -- notes and taxonomy ------------------------------------------------------------

    def notes_frame(self) -> pd.DataFrame:
        """Every note file (by the index settings' extensions): path, title, modified, tags.

        Returns
        -------
        pandas.DataFrame
        """
        return self._look().notes

    def folders(self) -> list[str]:
        """The visible folders of the first two levels (from the last scan).

        Returns
        -------
        list of str
            Relative POSIX paths.
        """
        return _folders(self.workspace.files)

    def _look(self) -> Look:
        """One scan of the folder, and everything the taxonomy and the docs need from it."""
        from .listing import list_notes

        self.workspace.scan()
        files = self.workspace.files
        folders = _folders(files)
        saved = Taxonomy.from_json(self.meta.read_json(TAXONOMY_FILE))
        categories = Taxonomy.infer(folders, saved.categories, saved.extra)
        return Look(folders, list_notes(self.policy, self.config), categories)

    @property
    def categories(self) -> Taxonomy:
        """The taxonomy: saved categories kept (the person's, CodePilot's), wsnb's inferred now."""
        saved = Taxonomy.from_json(self.meta.read_json(TAXONOMY_FILE))
        self.workspace.scan()
        return Taxonomy.infer(self.folders(), saved.categories, saved.extra)

    @property
    def taxonomy(self) -> pd.DataFrame:
        """The categories as a DataFrame: id, name, path, role, confidence, source, notes."""
        look = self._look()
        counts: dict[str, int] = {}
        for path in look.notes["path"]:
            found = look.categories.classify(path)
            if found is not None:
                counts[found.id] = counts.get(found.id, 0) + 1
        return look.categories.frame(counts)

    def refresh_taxonomy(self) -> Taxonomy:
        """Infer the categories again and save them to ``.assistant/taxonomy.json``.

        Returns
        -------
        Taxonomy
            The categories saved.
        """
        categories = self.categories
        self.meta.write_json(TAXONOMY_FILE, categories.to_json(self.clock()))
        return categories

    def classify_path(self, path: str) -> str | None:
        """The role of the category ``path`` falls in (longest folder prefix), or None.

        Parameters
        ----------
        path : str
            A note or folder, relative to the notes root.

        Returns
        -------
        str or None
        """
        found = self.categories.classify(self.policy.resolve(path).relative)
        return found.role if found else None

    def suggest_categories(self, *, stale_days: int = 90) -> pd.DataFrame:
        """Suggested new categories and archives: kind, path, suggestion, reason.

        Parameters
        ----------
        stale_days : int
            A folder untouched this long is suggested for the archive.

        Returns
        -------
        pandas.DataFrame
            Suggestions only: nothing moves.
        """
        now = pd.Timestamp(self.clock()).tz_localize(None) if self.clock().tzinfo is None else \
            pd.Timestamp(self.clock().astimezone().replace(tzinfo=None))
        look = self._look()
        return suggest_evolution(look.categories, look.notes, now.to_pydatetime(),
                                 stale_days=stale_days)  # fmt: skip

    # -- organiser: every change a plan -------------------------------------------------

    def capture(self, title: str, content: str = "", folder: str | None = None) -> Plan:
        """Plan a new note in the capture folder under a free name (never overwrites).

        Parameters
        ----------
        title : str
            The note's title: its ``# Title`` and, made safe, its file name.
        content : str
            The text under the title; a YAML front matter at its start stays first.
        folder : str, optional
            Another folder of the notes than ``captureDefault`` (``Inbox``).

        Returns
        -------
        Plan
            Pending.

        Raises
        ------
        UsageError
            An empty title.
        PolicyError
            A folder outside the notes.
        """
        if not isinstance(title, str) or not title.strip():
            raise UsageError(advice.NOTE_TITLE())
        title = " ".join(title.split())  # one line: it becomes the note's H1
        where = check_note_folder(self.policy, folder or self.config.capture_folder)
        path = free_path(self.policy, where, slugify(title))
        return self.workspace.create_file(path, titled_note(title, content))

    def classify(self, path: str) -> Suggestion:
        """The note's category and where it would fit best, with the reason (nothing moves).

        Parameters
        ----------
        path : str
            A note, relative to the notes root.

        Returns
        -------
        Suggestion
            ``.destination`` and ``.reason``.
        """
        return suggest_destination(self.policy, self.categories, path,
                                   self.config.organisation_style)  # fmt: skip

    def move(self, path: str, to: str | None = None) -> Plan:
        """Plan moving one note: to ``to`` (a folder or a new path), or where classify() says.

        Into a folder, the note keeps its name unless taken, then gets a free one.

        Parameters
        ----------
        path : str
            The note.
        to : str, optional
            A folder or a new path; ``classify()``'s destination when omitted.

        Returns
        -------
        Plan
            Pending, or refused.
        """
        source = self.policy.resolve(path)
        if to is None:
            to = self.classify(source.relative).destination
            folder, _, name = to.rpartition("/")
        elif self.policy.check_read_dir(to):  # the gate first: no look outside the root
            folder, name = to, source.name
        else:
            return self.workspace.move(source.relative, to)
        folder = check_note_folder(self.policy, folder) if folder else "."
        stem, dot, suffix = name.rpartition(".")
        target = free_path(self.policy, folder, stem or suffix, f".{suffix}" if dot else "")
        return self.workspace.move(source.relative, target)

    # -- generated overviews -------------------------------------------------------------

    def generate_docs(self) -> PlanGroup:
        """Plans that refresh README.ai.md and PATH.ai.md at the root and in each top folder.

        Only the part between the generated markers changes (CodePilot's
        ``<!-- AI_GENERATED_START -->`` block, or wsnb's first markers, which are
        replaced by CodePilot's); a file whose generated part is already current
        gets no plan.

        Returns
        -------
        PlanGroup
        """
        from .docs import folder_docs

        look = self._look()
        # The assistant's own memory folder gets no overview: it is not a folder of notes.
        folders = [f for f in look.folders
                   if getattr(look.categories.classify(f), "role", None) != "memory"]  # fmt: skip
        plans: list[Plan] = []
        for relative, generated in folder_docs(look.notes, look.categories, folders):
            plan = self._doc_plan(relative, generated)
            if plan is not None:
                plans.append(plan)
        return PlanGroup(_("Refresh the generated overviews"), plans)

    def _doc_plan(self, relative: str, generated: str) -> Plan | None:
        from .docs import merge_generated

        current = mem.read_optional(self.policy, relative)
        new = merge_generated(current, generated)
        if current is None:
            return self.workspace.create_file(relative, new)
        return self.workspace.write_file(relative, new) if new != current else None

    # -- the note index (incremental, bilingual) ---------------------------------------

    @property
    def note_index(self) -> NoteIndex:
        """The index of the notes (``.assistant/index/``), rebuilt when its settings change."""
        from dataclasses import asdict

        from .noteindex import NoteIndex

        config = self._current_config()
        key = (config.index, config.ignore)
        if self._index is None or self._index_key != key:
            categories = self.categories

            def categorize(path: str) -> list[str]:
                found = categories.classify(path)
                return [found.id] if found else []

            self._index = NoteIndex(self.policy, ignore=config.ignore, categorize=categorize,
                                    **asdict(config.index))  # fmt: skip
            self._index_key = key
            self._meaning.bind(self._index)
        return self._index

    def _fresh_index(self) -> NoteIndex:
        """The note index brought up to date for a query (a watcher joins it after the first)."""
        index = self.note_index
        index.refresh()
        self._watch.follow(index)
        return index

    def pin(self, path: str) -> None:
        """Pin a note: a small boost whenever it matches a query (never brings in a non-match).

        Parameters
        ----------
        path : str
            The note.
        """
        self.note_index.hotset.pin(self.policy.resolve(path).relative)

    def unpin(self, path: str) -> None:
        """Take a note's pin away (its uses still count).

        Parameters
        ----------
        path : str
            The note.
        """
        self.note_index.hotset.unpin(self.policy.resolve(path).relative)

    @property
    def hotset(self) -> pd.DataFrame:
        """Pinned and used notes: path, pinned, uses (decayed), boost."""
        return self.note_index.hotset.frame()

    # -- plans, history, undo (the workspace's) ----------------------------------------

    @property
    def pending(self) -> pd.DataFrame:
        """Every plan waiting for a decision in the notes, oldest first: the ones made here
        and the ones agents proposed, with ``proposer`` and ``workspace`` (``notes``)."""
        return self.workspace.pending

    def pending_plans(self) -> list[Plan]:
        """Every plan waiting for a decision in the notes, as plans: this notebook's and any
        agent's (kept in the notes' ``.wsnb/plans/``), oldest first.

        Returns
        -------
        list of Plan
        """
        return self.workspace.pending_plans()

    @property
    def history(self) -> pd.DataFrame:
        """Every change made to the notes, most recent first (``.wsnb/history.jsonl``)."""
        return self.workspace.history

    def undo(self, entry: str | int | None = None) -> Plan:
        """Plan the reverse of a change to the notes, like ``Workspace.undo``.

        Parameters
        ----------
        entry : str or int, optional
            A journal entry id or a position in ``history``; the last change when omitted.

        Returns
        -------
        Plan
            Pending.

        Raises
        ------
        UndoError
            Nothing to undo, or that change can't be undone.
        """
        return self.workspace.undo(entry)


def _stop_all(watch: NotesWatch, workspace: Workspace | None, meaning: MeaningSlot) -> None:
    """Stop the note index's watcher, the vectors' worker and the workspace's own watcher
    (none before the folder exists)."""
    meaning.stop()
    watch.stop()
    if workspace is not None:
        workspace.close()
