"""The memory side of ``Notes``: daily memories, the prompt, onboarding and the check-in.

A mixin of :class:`wsnb.notes.facade.Notes`, kept apart because it is one concept (what the
assistant remembers and reads) with its own flows; like the facade, it only wires the
modules that hold the rules (``memory``, ``daily``, ``prompt``, ``answers``, ``checkin``,
``modelwriter``) and the notebook forms.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import pandas as pd

from ..errors import UsageError
from ..i18n import _
from . import memory as mem
from . import onboarding as ob
from .groups import PlanGroup
from .layout import PATH_AI, PERSONA_FILES, README_AI, find_persona

if TYPE_CHECKING:
    from ..llm import LLMClient
    from ..plans.plan import Plan
    from ..widgets.notes_forms import CheckInForm, OnboardingForm
    from ..workspace import Workspace
    from .facade import Notes
    from .layout import NotesPolicy
    from .modelwriter import ModelWriter
    from .noteindex import IndexReport, NoteIndex
    from .prompt import AssembledPrompt, PromptSettings
    from .searching import Ranking
    from .state import WorkspaceState

__all__ = ["MemoryFlows"]


class MemoryFlows:
    """Daily memories, promotion and archive, the prompt, onboarding and the check-in."""

    policy: NotesPolicy
    workspace: Workspace
    clock: Callable[[], datetime]
    state: WorkspaceState

    if TYPE_CHECKING:  # given by Notes

        @property
        def root(self) -> Path: ...

        @property
        def note_index(self) -> NoteIndex: ...

        def _fresh_index(self) -> NoteIndex: ...

        def _ranked(self, query: str, limit: int, mode: str | None = None) -> Ranking: ...

        def today(self) -> date: ...

        def needs_check_in(self) -> bool: ...

        def index(self, force: bool = False) -> IndexReport: ...

    def _notes(self) -> Notes:
        return cast("Notes", self)

    # -- memory ------------------------------------------------------------------------

    @property
    def memory_file(self) -> str:
        """The long-term memory file's name, as found (``memory.md`` when there is none)."""
        return find_persona(self.root, "memory") or PERSONA_FILES["memory"][0]

    @property
    def daily(self) -> pd.DataFrame:
        """The daily memories: day, path, oldest first."""
        rows = [{"day": d.day, "path": d.path} for d in mem.list_daily(self.policy)]
        return pd.DataFrame(rows, columns=["day", "path"])

    def append_plan(self, change: mem.FileAppend) -> Plan:
        """A plan that adds ``change.addition`` at the end of a file (creating it if missing).

        Parameters
        ----------
        change : FileAppend
            The file and the text to add.

        Returns
        -------
        Plan
            Pending.
        """
        from .daily import append_plan

        return append_plan(self._notes(), change)

    def promote(self, day: date | str | None = None) -> PlanGroup:
        """Plan appending a day's "Candidate Long-Term Memory" to memory.md (all days if None).

        Idempotent: a day already promoted (``## Promoted from <date>`` in memory.md, or the
        ``<!-- promoted -->`` marker in the day's file) adds nothing; a promoted day's file
        gets the marker. A day's file that can't be read is skipped with a note.

        Parameters
        ----------
        day : datetime.date or str, optional
            One day (``"2026-03-02"``); every day when omitted.

        Returns
        -------
        PlanGroup
        """
        from .daily import promote_group

        return promote_group(self._notes(), day)

    def archive(self) -> PlanGroup:
        """Plan archiving daily memories older than the retention (config archivePolicy).

        Promote first, then one summary line per day in memory/daily/archive.md,
        then each old file to the system trash: nothing is deleted.

        Returns
        -------
        PlanGroup
        """
        from .daily import archive_group

        return archive_group(self._notes())

    # -- prompt assembly ---------------------------------------------------------------

    def prompt(self, question: str, **settings: Any) -> AssembledPrompt:
        """What the assistant reads for ``question``: persona and memory files, the latest
        daily memories, the generated docs and the best chunks, within the budget.

        ``settings`` are ``PromptSettings`` fields: budget (40,000), head (6,000),
        tail (1,800), retrieval_share, daily_count, limit, order. Every file is cut to
        head + tail, however big; one that can't be read (binary, undecodable) is left
        out, and ``.notes`` (shown with the prompt) says which and why.

        Parameters
        ----------
        question : str
            The person's message.
        **settings
            ``PromptSettings`` fields.

        Returns
        -------
        AssembledPrompt
            ``str()`` is the prompt; ``.parts`` what went in, ``.notes`` what was left out.
        """
        from .conversation import project_task
        from .prompt import PromptSettings, assemble_prompt

        chosen = PromptSettings(**settings)
        files, notes = self._prompt_files(chosen)
        hits = []
        if "retrieval" in chosen.order and question.strip():
            hits = self._ranked(question, chosen.limit).hits  # ranked as search() ranks
        task, section = project_task(self.state, self.today())
        assembled = assemble_prompt(question, files, hits, chosen, notes=notes, task=section)
        for entry in assembled.cut:  # a task left out for the budget: the model never saw it
            if entry["section"] == "task":
                entry["path"], task = task, ""
        assembled = replace(assembled, task=task, binding=self._reply_binding())
        # A real use: these notes reached a prompt (one save for all of them).
        used = dict.fromkeys(p.path for p in assembled.parts if p.section == "retrieval")
        self.note_index.hotset.record_uses(used)
        return assembled

    def _reply_binding(self) -> object:
        """A token only these notes hold: their prompts carry it, and their replies must too."""
        return vars(self).setdefault("_binding", object())

    def apply_reply(self, reply: str, prompt: AssembledPrompt,
                    writer: ob.FileWriter | None = None) -> PlanGroup | None:  # fmt: skip
        """The plans a model's reply asks for when it ends with a completion block, else None.

        A reply to a prompt that carried onboarding (or check-in) instructions may
        end with an ``onboarding-complete`` (``checkin-complete``) fenced block of
        answers; it becomes the plan group ``onboard()`` (``check_in()``) makes,
        to confirm like the forms'. Only a reply to a prompt these notes assembled
        with that task counts: anything else is a ``UsageError`` and plans nothing.

        Parameters
        ----------
        reply : str
            The model's reply.
        prompt : AssembledPrompt
            The prompt it answers, as ``prompt()`` made it.
        writer : FileWriter, optional
            Writes the files instead of the templates (``model_writer()``).

        Returns
        -------
        PlanGroup or None
            None when the reply ends with no completion block.

        Raises
        ------
        UsageError
            The prompt is not these notes', did not ask for that block, or the task is
            done already.
        """
        from .conversation import ONBOARDING, completion_in

        done = completion_in(reply)
        if done is None:
            return None
        if prompt.binding is not self._reply_binding():
            raise UsageError(_("The reply answers a prompt these notes did not assemble, and a "
                               "completion block only counts in the chat of its own notes "
                               "workspace; nothing was planned."))  # fmt: skip
        if prompt.task != done.task:
            raise UsageError(_("The reply ends with a completion block its prompt did not ask "
                               "for; nothing was planned."))  # fmt: skip
        if done.task == ONBOARDING:
            if self.state.onboarding_complete:
                raise UsageError(_("Onboarding was completed meanwhile; nothing was planned."))
            return self.onboard(done.answers, writer)
        if not self.needs_check_in():
            raise UsageError(_("Today's check-in is already done or turned off; nothing was "
                               "planned."))  # fmt: skip
        return self.check_in(done.answers, writer)

    def _prompt_files(self, chosen: PromptSettings) -> tuple[list[tuple[str, str, str]],
                                                              list[str]]:  # fmt: skip
        """(section, path, text) of the persona files, the latest days and the root docs, and
        a sentence for each file left out or read in part: one file never stops the prompt."""
        wanted: list[tuple[str, str]] = []
        for role in PERSONA_FILES:
            name = find_persona(self.root, role)
            if name is not None:
                wanted.append((role, name))
        count = chosen.daily_count
        wanted += [("daily", d.path) for d in (mem.list_daily(self.policy)[-count:]
                                               if count > 0 else [])]  # fmt: skip
        wanted += [("docs", README_AI), ("docs", PATH_AI)]
        files, notes = [], []
        for section, path in wanted:
            text, note = mem.read_for_prompt(self.policy, path, chosen.head, chosen.tail)
            if note:
                notes.append(note)
            if text is not None:
                files.append((section, path, text))
        return files, notes

    # -- onboarding and the daily check-in --------------------------------------------

    @property
    def onboarding_questions(self) -> pd.DataFrame:
        """The onboarding questions (key, English, Chinese, kind, choices, default)."""
        return ob.questions_frame(ob.ONBOARDING_QUESTIONS)

    @property
    def check_in_questions(self) -> pd.DataFrame:
        """The 3 daily check-in questions."""
        return ob.questions_frame(ob.CHECK_IN_QUESTIONS)

    def onboard(self, answers: dict[str, Any], writer: ob.FileWriter | None = None) -> PlanGroup:
        """Plans that write soul.md, user.md, claude.md and append to memory.md from the answers.

        ``writer`` (optional, e.g. ``wsnb.notes.ModelWriter`` on a language model)
        may write the files instead of the templates. A persona file that has
        content of its own is replaced only when every question behind it was
        answered; otherwise it gets no plan (the note says which questions).
        Confirming also saves the organisation style, capture folder and archive
        policy to config.json, the categories to taxonomy.json, turns the daily
        check-in on and marks onboarding done (no check-in on the same day).

        Parameters
        ----------
        answers : dict
            Answers by question key (see ``onboarding_questions``).
        writer : FileWriter, optional
            Writes the files instead of the templates.

        Returns
        -------
        PlanGroup
        """
        from .answers import plan_onboarding

        return plan_onboarding(self._notes(), answers, writer)

    def check_in(self, answers: dict[str, Any], writer: ob.FileWriter | None = None) -> PlanGroup:
        """The daily check-in's plans from the 3 answers (see ``wsnb.notes.checkin``).

        Today's memory (a second check-in that day adds to it), new stable facts
        appended to memory.md (never twice for a day), a dated section appended to
        user.md, promotion of days older than ``promoteAfterDays`` (7), and the
        archive of days past the retention unless ``autoArchive`` is false. A step
        that can't be made is left out with a sentence; the others go ahead.
        Confirming records today's date as the last check-in.

        Parameters
        ----------
        answers : dict
            ``done``, ``priorities`` and ``remember`` (see ``check_in_questions``).
        writer : FileWriter, optional
            Writes the files instead of the templates.

        Returns
        -------
        PlanGroup
        """
        from .checkin import plan_check_in

        return plan_check_in(self._notes(), answers, writer)

    def model_writer(self, client: LLMClient | None = None, **settings: Any) -> ModelWriter:
        """A writer that asks a language model to write the files from the answers.

        ``client`` is the agent's ``LLMClient``; without one, one is made from
        ``settings`` (``base_url``, ``model``...) or the ``WSNB_LLM_*`` variables.
        Pass it to ``onboard``/``check_in`` or the forms (which show the stream).

        Parameters
        ----------
        client : LLMClient, optional
            A connected model client.
        **settings
            ``LLMClient`` settings, when no client is given.

        Returns
        -------
        ModelWriter
        """
        from .modelwriter import ModelWriter

        if client is None:
            from ..llm import LLMClient

            client = LLMClient(**settings)
        return ModelWriter(client)

    def onboarding_form(self, writer: ob.FileWriter | None = None) -> OnboardingForm:
        """The onboarding questions as a notebook form (needs ipywidgets).

        Parameters
        ----------
        writer : FileWriter, optional
            Writes the files instead of the templates (the form shows its stream).

        Returns
        -------
        OnboardingForm
        """
        from ..renderers import face  # the form the notebook face registered

        form: OnboardingForm = face("onboarding form")(self._notes(), writer)
        return form

    def check_in_form(self, writer: ob.FileWriter | None = None) -> CheckInForm:
        """The daily check-in as a notebook form (needs ipywidgets).

        Parameters
        ----------
        writer : FileWriter, optional
            Writes the files instead of the templates (the form shows its stream).

        Returns
        -------
        CheckInForm
        """
        from ..renderers import face  # the form the notebook face registered

        form: CheckInForm = face("check-in form")(self._notes(), writer)
        return form
