"""Plans for the daily memories: promotion into ``memory.md``, and archiving by retention.

The rules (what a day's candidate section is, when a day is promoted already,
the archive line) live in ``wsnb.notes.memory``; this module turns them into
plans for one workspace. Every change is a plan: ``memory.md`` and
``archive.md`` are only appended to, a promoted day's file gets the
``<!-- promoted -->`` marker CodePilot reads, and an old day goes to the
system trash, never deleted. A file that can't be read (binary, too big to
show in full) is skipped with a sentence in the group's note: it never stops
the other steps.
"""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING

from ..errors import WsnbError
from ..i18n import _, ngettext
from . import memory as mem
from .groups import PlanGroup

if TYPE_CHECKING:
    from ..plans.plan import Plan
    from .facade import Notes

__all__ = ["append_plan", "archive_group", "promote_group", "promotion_plans"]


def append_plan(nb: Notes, change: mem.FileAppend) -> Plan:
    """A plan that adds ``change.addition`` at the end of a file (creating it if missing)."""
    if change.current is None:
        return nb.workspace.create_file(change.path, change.new_content())
    return nb.workspace.write_file(change.path, change.new_content())


def promotion_plans(nb: Notes, days: list[mem.DailyMemory], *, mark: bool = True
                    ) -> tuple[list[Plan], list[str]]:  # fmt: skip
    """The plans that promote ``days`` (memory.md, then each day's marker) and the notes of
    what was skipped. ``mark=False`` for days about to be trashed."""
    try:
        found = mem.promotion(nb.policy, nb.memory_file, days)
    except WsnbError as exc:
        return [], [_("Long-term memory was not updated: {reason}").format(reason=exc.reason)]
    notes = list(found.skipped)
    if found.change is None:
        return [], notes
    plans = [append_plan(nb, found.change)]
    for daily in found.days if mark else []:
        marker = mem.mark_promoted(nb.policy, daily)
        if marker is not None:
            plans.append(append_plan(nb, marker))
    return plans, notes


def promote_group(nb: Notes, day: date | str | None = None) -> PlanGroup:
    """Plan appending a day's "Candidate Long-Term Memory" to memory.md (all days if None)."""
    days = mem.list_daily(nb.policy)
    if day is not None:
        wanted = date.fromisoformat(day) if isinstance(day, str) else day
        days = [d for d in days if d.day == wanted]
    plans, notes = promotion_plans(nb, days)
    return PlanGroup(_("Promote daily memories to long-term memory"), plans,
                     note="\n".join(notes))  # fmt: skip


def old_days(nb: Notes) -> list[mem.DailyMemory]:
    """The daily memories past the retention (config ``dailyMemoryRetentionDays``)."""
    keep = nb.config.daily_memory_days
    return [d for d in mem.list_daily(nb.policy) if (nb.today() - d.day).days > keep]


def archive_plans(nb: Notes, old: list[mem.DailyMemory]) -> tuple[list[Plan], list[str]]:
    """Promote first (no marker: the files go), one line per day in archive.md, then each old
    file to the system trash."""
    plans, notes = promotion_plans(nb, old, mark=False)
    try:
        summary = mem.archive_append(nb.policy, old)
    except WsnbError as exc:
        notes.append(_("The archive summary was not written: {reason}").format(reason=exc.reason))
        return plans, notes  # without a summary, nothing is trashed
    if summary:
        plans.append(append_plan(nb, summary))
    plans += [nb.workspace.trash(d.path) for d in old]
    return plans, notes


def archive_group(nb: Notes) -> PlanGroup:
    """Plan archiving daily memories older than the retention."""
    old = old_days(nb)
    plans, notes = archive_plans(nb, old)
    title = ngettext("Archive {count} daily memory older than {days} days",
                     "Archive {count} daily memories older than {days} days",
                     len(old)).format(count=len(old), days=nb.config.daily_memory_days)
    return PlanGroup(title, plans, note="\n".join(notes))
