"""The notes' memory tools: remember, edit a note by section, what changed lately, trash.

The operations memory servers offer agents (an edit by section, "what changed
last week", a move or a delete), each here as a plan a person confirms. A
remembered fact is an append applied to today's memory file as it is at
confirm (``ws.append_text``), under its "Candidate Long-Term Memory" section:
any number of them in a day all land, in order of confirming, each once, and
the section is made once. The other edits are made against the note as it is
now and go stale if it changes before they are confirmed, like any edit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import advice
from ..errors import NotFoundError, UsageError
from ..i18n import _
from ..text.sections import find_section
from . import memory as mem
from .layout import DAILY_DIR
from .templates import daily_template
from .timeframe import since

if TYPE_CHECKING:
    from collections.abc import Callable
    from datetime import date, datetime

    import pandas as pd

    from ..plans.plan import Plan
    from ..workspace import Workspace
    from .layout import NotesPolicy

__all__ = ["NoteEdits"]

CANDIDATE = "Candidate Long-Term Memory"


class NoteEdits:
    """Mixed into ``Notes``: its memory tools, each a plan (or a table, for ``recent``)."""

    policy: NotesPolicy
    workspace: Workspace
    clock: Callable[[], datetime]

    if TYPE_CHECKING:  # given by Notes

        def today(self) -> date: ...

        def notes_frame(self) -> pd.DataFrame: ...

    def remember(self, text: str) -> Plan:
        """Plan adding ``text`` (one fact per line) to today's memory, as candidate long-term
        memory; applied to the file as it is when confirmed, so it never goes stale.

        Parameters
        ----------
        text : str
            What to remember; each line becomes a bullet.

        Returns
        -------
        Plan
            Pending, low risk.
        """
        items = [line.strip() for line in str(text).splitlines() if line.strip()]
        if not items:
            raise UsageError(_("Say what to remember: the text is empty."))
        bullets = "\n".join(item if item.startswith(("- ", "* ")) else f"- {item}"
                            for item in items)  # fmt: skip
        relative = f"{DAILY_DIR}/{self.today().isoformat()}.md"
        return self.workspace.append_text(relative, bullets, section=self._candidate(relative),
                                          header=daily_template(self.today()))  # fmt: skip

    def _candidate(self, relative: str) -> str:
        """The day's candidate-memory heading: one the file already has (any of the names
        promotion reads, in either language), else the template's."""
        current = mem.read_optional(self.policy, relative) or ""
        lines = current.split("\n")
        for heading in mem.PROMOTE_HEADINGS:
            found = find_section(lines, heading)
            if found is not None:
                return lines[found.heading].lstrip("#").strip()
        return CANDIDATE

    def edit_note(self, path: str, operation: str, content: str = "", *,
                  section: str | None = None, find_text: str | None = None,
                  expected_replacements: int = 1) -> Plan:  # fmt: skip
        """Plan one edit of a note by section: ``append``, ``prepend``, ``replace_section``,
        ``insert_before_section``, ``insert_after_section`` or ``find_replace``.

        An ``append`` is applied to the note as it is when confirmed (never stale; a
        ``section`` it lacks is added at its end); the others are made now and go stale if
        the note changes first.

        Parameters
        ----------
        path : str
            The note.
        operation : str
            One of the operations above.
        content : str
            The text to add, or to put in place.
        section : str, optional
            The heading acted on (``"## Status"`` or ``"status"``).
        find_text : str, optional
            For ``find_replace``: the exact text to replace.
        expected_replacements : int
            For ``find_replace``: how many times it must occur.

        Returns
        -------
        Plan
        """
        if operation == "append":
            target = self.policy.resolve(path)
            if not target.exists():  # an append adds to a note; propose_note makes one
                raise NotFoundError(advice.NOTE_MISSING(path=target), path=target.relative)
            return self.workspace.append_text(target.relative, content, section=section)
        return self.workspace.edit_section(path, operation, content, section=section,
                                           find_text=find_text,
                                           expected_replacements=expected_replacements)

    def recent(self, timeframe: str = "7d") -> pd.DataFrame:
        """The notes changed within ``timeframe`` ("7d", "last week", "2 days ago", "上周",
        "最近三天"...), newest first: path, title, modified, tags.

        Parameters
        ----------
        timeframe : str
            How far back to look.

        Returns
        -------
        pandas.DataFrame
        """
        from ..noted import with_note

        start = since(timeframe, self.clock())
        frame = self.notes_frame()
        stamps = frame["modified"]
        if getattr(stamps.dt, "tz", None) is None and start.tzinfo is not None:
            start = start.replace(tzinfo=None)
        changed = frame[stamps >= start].sort_values("modified", ascending=False)
        return with_note(changed.reset_index(drop=True), "", nothing=_(
            "No note changed since {start:%Y-%m-%d %H:%M}.").format(start=start),
            since=start.isoformat(timespec="minutes"))  # fmt: skip

    def trash(self, path: str) -> Plan:
        """Plan moving one note to the system trash (never a permanent delete).

        Parameters
        ----------
        path : str
            The note.

        Returns
        -------
        Plan
        """
        return self.workspace.trash(path)
