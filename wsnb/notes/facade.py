"""``open_notes()`` and the ``Notes`` object: an assistant's notes workspace in a notebook.

The facade wires the pieces and adds no logic of its own: plans come from the
workspace's plan book (every change a person confirms), metadata goes through
``MetaStore`` (atomic, inside ``.assistant/`` only), rules live in the modules
it calls (layout, config, state, taxonomy, organiser, memory, docs, prompt,
onboarding).
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pandas as pd

from ..errors import UsageError
from ..tools.base import local_now
from ..types import PermissionMode
from ..workspace import Workspace
from . import memory as mem
from . import onboarding as ob
from .config import NotesConfig
from .groups import PlanGroup
from .layout import (
    CONFIG_FILE,
    DAILY_DIR,
    PATH_AI,
    PERSONA_FILES,
    README_AI,
    STATE_FILE,
    TAXONOMY_FILE,
    NotesInspection,
    NotesPolicy,
    find_persona,
    inspect_folder,
)
from .meta import MetaStore
from .organiser import Suggestion, check_note_folder, free_path, slugify, suggest_destination
from .state import WorkspaceState
from .taxonomy import Taxonomy, suggest_evolution
from .templates import PERSONA_TEMPLATES

if TYPE_CHECKING:
    from ..plans import Plan
    from ..trash import Trash
    from ..widgets.notes_forms import CheckInForm, OnboardingForm
    from .index import IndexReport, NoteIndex
    from .prompt import AssembledPrompt

__all__ = ["Notes", "open_notes"]

logger = logging.getLogger("wsnb")


def open_notes(
    path: str | os.PathLike[str],
    *,
    mode: PermissionMode | str = PermissionMode.CONFIRM,
    clock: Callable[[], datetime] | None = None,
    trash: Trash | None = None,
) -> Notes:
    """Open a folder as an assistant's notes workspace (it need not be initialized yet).

    ``clock`` (local, timezone-aware datetimes) decides "today" for daily
    memories and check-ins; ``trash`` is a seam for tests. A folder that is
    not writable opens read-only. Raises ``WorkspaceOpenError`` for a missing
    folder, a file or a system folder; ``wsnb.notes.inspect_folder(path)``
    says what a path is without opening it.
    """
    mode = PermissionMode(mode)
    seen = inspect_folder(path)
    if seen.reason == "not writable":
        mode = PermissionMode.READ_ONLY
    return Notes(NotesPolicy(path, mode=mode), clock=clock, trash=trash)


class Notes:
    """An assistant's notes workspace: persona and memory files, notes, plans to change them."""

    def __init__(
        self,
        policy: NotesPolicy,
        *,
        clock: Callable[[], datetime] | None = None,
        trash: Trash | None = None,
    ) -> None:
        self.policy = policy
        self.clock = clock or local_now
        self.workspace = Workspace(policy, trash=trash, clock=self.clock)
        self.meta = MetaStore(policy)
        self._index: NoteIndex | None = None
        self._index_key: object = None
        self.state = self._load_state()

    def __repr__(self) -> str:
        return f"<Notes {self.root} ({self.inspect().status.value})>"

    @property
    def root(self) -> Path:
        return self.policy.root

    # -- lifecycle --------------------------------------------------------------------

    def inspect(self) -> NotesInspection:
        """What the folder is now: empty, normal_directory, partial/existing workspace..."""
        return inspect_folder(self.root)

    def today(self) -> date:
        """Today's local date, from the same clock as everything else.

        The clock gives local time (the default is the system's, with its
        offset), so its calendar date is the local one: never the UTC date.
        """
        return self.clock().date()

    def initialize(self) -> PlanGroup:
        """Plans that create whatever of the layout is missing; nothing existing is overwritten.

        Confirming the group also saves wsnb's own ``.assistant/`` files
        (state, config, taxonomy) where they are missing.
        """
        plans: list[Plan] = []
        for role, names in PERSONA_FILES.items():
            if find_persona(self.root, role) is None:
                plans.append(self.workspace.create_file(names[0], PERSONA_TEMPLATES[role]))
        for folder in (self.config.capture_folder, DAILY_DIR):
            if not (self.root / folder).is_dir():
                plans.append(self.workspace.create_folder(folder))
        group = PlanGroup("Initialize the notes workspace", plans,
                          note="Confirming also saves wsnb's own files in .assistant/ "
                          "(state, config, taxonomy) where they are missing.")  # fmt: skip
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
        return NotesConfig.from_file_data(self.meta.read_json(CONFIG_FILE))

    def update_config(self, changes: dict[str, Any]) -> NotesConfig:
        """Merge ``changes`` into config.json (objects merge, arrays replace) and save it."""
        if not isinstance(changes, dict):
            raise UsageError("Give the config changes as a dict, e.g. "
                             "{'archivePolicy': {'dailyMemoryDays': 14}}.")  # fmt: skip
        merged = self.config.merged(changes)
        check_note_folder(self.policy, merged.capture_folder)
        self.meta.write_json(CONFIG_FILE, merged.data)
        return merged

    def _load_state(self) -> WorkspaceState:
        state = WorkspaceState.from_json(self.meta.read_json(STATE_FILE))
        if state.migrated_from and self.meta.writable:
            self.meta.write_json(STATE_FILE, state.to_json())
            logger.info("notes state migrated from version %s", state.migrated_from[0])
        return state

    def save_state(self) -> None:
        """Save ``state`` to ``.assistant/state.json`` (atomically)."""
        self.meta.write_json(STATE_FILE, self.state.to_json())

    def needs_check_in(self) -> bool:
        """True once onboarding is done and no check-in happened today (local date)."""
        return self.state.needs_check_in(self.today())

    # -- notes and taxonomy ------------------------------------------------------------

    def notes_frame(self) -> pd.DataFrame:
        """Every note file (by the index settings' extensions): path, title, modified, tags."""
        from .listing import list_notes

        self.workspace.scan()
        return list_notes(self.policy, self.workspace.files, self.config)

    def folders(self) -> list[str]:
        """The visible folders of the first two levels (from a fresh scan)."""
        files = self.workspace.files
        folders = files[files["is_dir"] & ~files["is_hidden"] & (files["depth"] <= 2)]
        return [p for p in folders["path"] if not p.split("/")[0].startswith(".")]

    @property
    def categories(self) -> Taxonomy:
        """The taxonomy: saved categories of ``source='user'`` kept, the rest inferred now."""
        saved = Taxonomy.from_json(self.meta.read_json(TAXONOMY_FILE))
        self.workspace.scan()
        return Taxonomy.infer(self.folders(), saved.categories)

    @property
    def taxonomy(self) -> pd.DataFrame:
        """The categories as a DataFrame: id, name, path, role, confidence, source, notes."""
        categories = self.categories
        notes = self.notes_frame()
        counts: dict[str, int] = {}
        for path in notes["path"]:
            found = categories.classify(path)
            if found is not None:
                counts[found.id] = counts.get(found.id, 0) + 1
        return categories.frame(counts)

    def refresh_taxonomy(self) -> Taxonomy:
        """Infer the categories again and save them to ``.assistant/taxonomy.json``."""
        categories = self.categories
        self.meta.write_json(TAXONOMY_FILE, categories.to_json(self.clock()))
        return categories

    def classify_path(self, path: str) -> str | None:
        """The role of the category ``path`` falls in (longest folder prefix), or None."""
        found = self.categories.classify(self.policy.resolve(path).relative)
        return found.role if found else None

    def suggest_categories(self, *, stale_days: int = 90) -> pd.DataFrame:
        """Suggested new categories and archives: kind, path, suggestion, reason."""
        now = pd.Timestamp(self.clock()).tz_localize(None) if self.clock().tzinfo is None else \
            pd.Timestamp(self.clock().astimezone().replace(tzinfo=None))
        return suggest_evolution(self.categories, self.notes_frame(), now.to_pydatetime(),
                                 stale_days=stale_days)  # fmt: skip

    # -- organiser: every change a plan -------------------------------------------------

    def capture(self, title: str, content: str = "", folder: str | None = None) -> Plan:
        """Plan a new note in the capture folder under a free name (never overwrites)."""
        if not isinstance(title, str) or not title.strip():
            raise UsageError("Give the note a title, e.g. capture('Idea', 'text').")
        title = " ".join(title.split())  # one line: it becomes the note's H1
        where = check_note_folder(self.policy, folder or self.config.capture_folder)
        path = free_path(self.policy, where, slugify(title))
        body = content.strip("\n")
        text = f"# {title}\n\n{body}\n" if body else f"# {title}\n"
        return self.workspace.create_file(path, text)

    def classify(self, path: str) -> Suggestion:
        """The note's category and where it would fit best, with the reason (nothing moves)."""
        return suggest_destination(self.policy, self.categories, path,
                                   self.config.organisation_style)  # fmt: skip

    def move(self, path: str, to: str | None = None) -> Plan:
        """Plan moving one note: to ``to`` (a folder or a new path), or where classify() says.

        Into a folder, the note keeps its name unless taken, then gets a free one.
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

    # -- memory ------------------------------------------------------------------------

    @property
    def memory_file(self) -> str:
        return find_persona(self.root, "memory") or PERSONA_FILES["memory"][0]

    @property
    def daily(self) -> pd.DataFrame:
        """The daily memories: day, path, oldest first."""
        rows = [{"day": d.day, "path": d.path} for d in mem.list_daily(self.policy)]
        return pd.DataFrame(rows, columns=["day", "path"])

    def append_plan(self, change: mem.FileAppend) -> Plan:
        """A plan that adds ``change.addition`` at the end of a file (creating it if missing)."""
        if change.current is None:
            return self.workspace.create_file(change.path, change.new_content())
        return self.workspace.write_file(change.path, change.new_content())

    def promote(self, day: date | str | None = None) -> PlanGroup:
        """Plan appending a day's "Candidate Long-Term Memory" to memory.md (all days if None).

        Idempotent: a day already promoted (``## Promoted from <date>``) adds nothing.
        """
        days = mem.list_daily(self.policy)
        if day is not None:
            wanted = date.fromisoformat(day) if isinstance(day, str) else day
            days = [d for d in days if d.day == wanted]
        change = mem.promotion(self.policy, self.memory_file, days)
        plans = [self.append_plan(change)] if change else []
        return PlanGroup("Promote daily memories to long-term memory", plans)

    def archive(self) -> PlanGroup:
        """Plan archiving daily memories older than the retention (config archivePolicy).

        Promote first, then one summary line per day in memory/daily/archive.md,
        then each old file to the system trash: nothing is deleted.
        """
        keep = self.config.daily_memory_days
        old = [d for d in mem.list_daily(self.policy) if (self.today() - d.day).days > keep]
        plans = []
        promoted = mem.promotion(self.policy, self.memory_file, old)
        if promoted:
            plans.append(self.append_plan(promoted))
        summary = mem.archive_append(self.policy, old)
        if summary:
            plans.append(self.append_plan(summary))
        plans += [self.workspace.trash(d.path) for d in old]
        return PlanGroup(f"Archive {len(old)} daily memories older than {keep} days", plans)

    # -- generated overviews -------------------------------------------------------------

    def generate_docs(self) -> PlanGroup:
        """Plans that refresh README.ai.md and PATH.ai.md at the root and in each top folder.

        Only the part between the generated markers changes; a file whose
        generated part is already current gets no plan.
        """
        from .docs import folder_docs

        categories = self.categories
        # The assistant's own memory folder gets no overview: it is not a folder of notes.
        folders = [f for f in self.folders()
                   if getattr(categories.classify(f), "role", None) != "memory"]  # fmt: skip
        plans: list[Plan] = []
        for relative, generated in folder_docs(self.notes_frame(), categories, folders):
            plan = self._doc_plan(relative, generated)
            if plan is not None:
                plans.append(plan)
        return PlanGroup("Refresh the generated overviews", plans)

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

        from .index import NoteIndex

        config = self.config
        key = (config.index, config.ignore)
        if self._index is None or self._index_key != key:
            categories = self.categories

            def categorize(path: str) -> list[str]:
                found = categories.classify(path)
                return [found.id] if found else []

            self._index = NoteIndex(self.policy, ignore=config.ignore, categorize=categorize,
                                    **asdict(config.index))  # fmt: skip
            self._index_key = key
        return self._index

    def index(self, force: bool = False) -> IndexReport:
        """Bring the index up to date (only changed notes unless ``force``); say what was done."""
        return self.note_index.update(force=force)

    def verify_index(self) -> IndexReport:
        """Hash every note: also catches an edit that kept the file's modification time."""
        return self.note_index.verify()

    def index_file(self, path: str) -> IndexReport:
        """Index one note now (or forget it when it is gone); say what was done."""
        return self.note_index.index_file(path)

    def search(self, query: str, limit: int = 5) -> pd.DataFrame:
        """Ranked notes for ``query`` (Chinese, English or mixed): path, title, heading,
        score, snippet, lines; paths relative to the notes root. Follows the notes changed
        since the last search first, without walking the folder."""
        self.note_index.refresh()
        return self.note_index.search(query, limit=limit)

    @property
    def manifest(self) -> pd.DataFrame:
        """One row per indexed note (noteId, path, title, aliases, tags, headings, ...)."""
        return self.note_index.manifest()

    @property
    def chunks(self) -> pd.DataFrame:
        """One row per indexed chunk (chunkId, noteId, path, heading, text, lines)."""
        return self.note_index.chunks()

    def index_stats(self) -> pd.DataFrame:
        """Files, chunks, stale files and when the index was last brought up to date."""
        return self.note_index.stats()

    def pin(self, path: str) -> None:
        """Pin a note: a small boost whenever it matches a query (never brings in a non-match)."""
        self.note_index.hotset.pin(self.policy.resolve(path).relative)

    def unpin(self, path: str) -> None:
        self.note_index.hotset.unpin(self.policy.resolve(path).relative)

    @property
    def hotset(self) -> pd.DataFrame:
        """Pinned and used notes: path, pinned, uses (decayed), boost."""
        return self.note_index.hotset.frame()

    # -- prompt assembly ---------------------------------------------------------------

    def prompt(self, question: str, **settings: Any) -> AssembledPrompt:
        """What the assistant reads for ``question``: persona and memory files, the latest
        daily memories, the generated docs and the best chunks, within the budget.

        ``settings`` are ``PromptSettings`` fields: budget (40,000), head (6,000),
        tail (1,800), retrieval_share, daily_count, limit, order.
        """
        from .prompt import PromptSettings, assemble_prompt

        chosen = PromptSettings(**settings)
        files = self._prompt_files(chosen.daily_count)
        hits = []
        if "retrieval" in chosen.order and question.strip():
            self.note_index.refresh()
            hits = self.note_index.hits(question, limit=chosen.limit)
        assembled = assemble_prompt(question, files, hits, chosen)
        for part in assembled.parts:
            if part.section == "retrieval":
                self.note_index.hotset.record_use(part.path)  # a real use: it reached a prompt
        return assembled

    def _prompt_files(self, daily_count: int) -> list[tuple[str, str, str]]:
        """(section, path, text) of the persona files, the latest days and the root docs."""
        files: list[tuple[str, str, str]] = []
        for role in PERSONA_FILES:
            name = find_persona(self.root, role)
            if name is not None:
                files.append((role, name, mem.read_optional(self.policy, name) or ""))
        recent = mem.list_daily(self.policy)[-daily_count:] if daily_count > 0 else []
        for daily in recent:
            files.append(("daily", daily.path, mem.read_optional(self.policy, daily.path) or ""))
        for name in (README_AI, PATH_AI):
            files.append(("docs", name, mem.read_optional(self.policy, name) or ""))
        return files

    # -- onboarding and the daily check-in --------------------------------------------

    @property
    def onboarding_questions(self) -> pd.DataFrame:
        """The 13 onboarding questions (key, English, Chinese, kind, choices, default)."""
        return ob.questions_frame(ob.ONBOARDING_QUESTIONS)

    @property
    def check_in_questions(self) -> pd.DataFrame:
        """The 3 daily check-in questions."""
        return ob.questions_frame(ob.CHECK_IN_QUESTIONS)

    def onboard(self, answers: dict[str, Any], writer: ob.FileWriter | None = None) -> PlanGroup:
        """Plans that write soul.md, user.md, claude.md and append to memory.md from the answers.

        ``writer`` (optional, e.g. built on a language model) may write the
        files instead of the templates. Confirming also saves the organisation
        style, capture folder and archive policy to config.json and marks
        onboarding done (no check-in is asked on the same day).
        """
        from .answers import plan_onboarding

        return plan_onboarding(self, answers, writer)

    def check_in(self, answers: dict[str, Any], writer: ob.FileWriter | None = None) -> PlanGroup:
        """Plans that write today's memory (memory/daily/<today>.md) from the 3 answers.

        A second check-in on the same day is added to the day's file. Confirming
        records today's date as the last check-in.
        """
        from .answers import plan_check_in

        return plan_check_in(self, answers, writer)

    def onboarding_form(self, writer: ob.FileWriter | None = None) -> OnboardingForm:
        """The onboarding questions as a notebook form (needs ipywidgets)."""
        from ..widgets.notes_forms import OnboardingForm

        return OnboardingForm(self, writer)

    def check_in_form(self, writer: ob.FileWriter | None = None) -> CheckInForm:
        """The daily check-in as a notebook form (needs ipywidgets)."""
        from ..widgets.notes_forms import CheckInForm

        return CheckInForm(self, writer)

    # -- plans, history, undo (the workspace's) ----------------------------------------

    @property
    def pending(self) -> pd.DataFrame:
        return self.workspace.pending

    @property
    def history(self) -> pd.DataFrame:
        return self.workspace.history

    def undo(self, entry: str | int | None = None) -> Plan:
        return self.workspace.undo(entry)
