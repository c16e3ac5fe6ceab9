"""The daily check-in, whole: today's memory, long-term facts, the profile, old days.

From the three answers (what was done, what changed, what to remember) one
group of plans, each a change a person confirms:

1. today's ``memory/daily/<date>.md``, created or added to (never rewritten);
2. ``memory.md``, only appended to, in *one* plan: the new stable facts under
   ``## Promoted from <date>`` (a second check-in that day adds only facts not
   there yet), and the candidate sections of days older than
   ``promoteAfterDays`` (7) not promoted yet;
3. ``user.md``, only appended to: a ``## Check-in <date>`` section with the
   changed priorities;
4. the ``<!-- promoted -->`` marker on the days promoted and kept;
5. with archiving on (the default; ``autoArchive: false`` turns it off), the
   days past the retention: one summary line each in ``archive.md``, then the
   file to the system trash.

A step that can't be made (a ``memory.md`` too big to show in full, a binary
day file) is left out with a sentence in the group's note; the other steps go
ahead. With a *writer* (a language model), the texts of steps 1-3 come from it
and whatever it fails to write comes from the answers as they are.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..errors import WsnbError
from ..i18n import _
from . import memory as mem
from . import onboarding as ob
from .daily import append_plan, old_days
from .groups import PlanGroup
from .layout import DAILY_DIR, PERSONA_FILES, find_persona

if TYPE_CHECKING:
    from ..plans.plan import Plan
    from .facade import Notes

__all__ = ["plan_check_in", "stable_facts"]

_NOTHING = {"", "-", "—", "none", "nothing", "n/a", "no", "无", "没有", "暂无",
            "(nothing to promote)", "（无）"}  # fmt: skip


def stable_facts(answer: str) -> str:
    """The facts an answer asks to remember, one bullet each ("" when it says nothing)."""
    if answer.strip().casefold() in _NOTHING:
        return ""
    items = [item for item in ob.split_items(answer) if item.casefold() not in _NOTHING]
    return "\n".join(f"- {item}" for item in items)


@dataclass
class _Steps:
    plans: list[Plan] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def skip(self, what: str, exc: WsnbError) -> None:
        """Leave a step out, with the sentence why: the other steps go ahead."""
        self.notes.append(_("{what} was left out: {reason}").format(what=what, reason=exc.reason))


def _facts_addition(nb: Notes, memory: str, facts: str) -> str:
    """What today's facts add to memory.md: none twice, dated so CodePilot dedups them too."""
    day = nb.today()
    if not mem.already_promoted(memory, day):
        return mem.promotion_text(day, facts) if facts else ""
    new = [line for line in facts.splitlines() if line.strip() and line not in memory]
    if not new:
        return ""
    return f"## Promoted from {day.isoformat()} ({nb.clock():%H:%M})\n\n" + "\n".join(new) + "\n"


def _model_text(text: str) -> str:
    """A model's addition as it wrote it; "" when it says there is nothing to add."""
    return "" if text.strip().casefold() in _NOTHING else text.strip() + "\n"


def _user_addition(nb: Notes, user: str, body: str) -> str:
    """A dated section for user.md (a second one that day carries the time)."""
    if not body:
        return ""
    day = nb.today().isoformat()
    heading = f"## Check-in {day}" + (f" ({nb.clock():%H:%M})" if f"## Check-in {day}" in user
                                      else "")  # fmt: skip
    return f"{heading}\n\n{body.strip()}\n"


def _daily_step(nb: Notes, steps: _Steps, texts: dict[str, str], writer_text: str | None
                ) -> None:  # fmt: skip
    relative = f"{DAILY_DIR}/{nb.today().isoformat()}.md"
    try:
        existing = mem.read_optional(nb.policy, relative)
    except WsnbError as exc:
        steps.skip(_("Today's memory"), exc)
        return
    draft = ob.check_in_files(texts, nb.clock(), existing)
    text = writer_text or draft
    if existing is not None and not text.startswith(existing):
        text = draft  # the day's file is only added to, whoever writes it
        steps.notes.append(_("The model's entry did not keep the day's earlier text, so today's "
                             "memory was written from your answers."))
    steps.plans.append(nb.workspace.create_file(relative, text) if existing is None
                       else nb.workspace.write_file(relative, text))  # fmt: skip


def _memory_step(nb: Notes, steps: _Steps, facts: str, archived: list[mem.DailyMemory]
                 ) -> list[mem.DailyMemory]:  # fmt: skip
    """One plan on memory.md; the days it promotes that stay (to mark)."""
    keep_after = nb.config.promote_after_days
    gone = {d.day for d in archived}
    older = [d for d in mem.list_daily(nb.policy)
             if (nb.today() - d.day).days >= max(keep_after, 1) and d.day not in gone]
    try:
        found = mem.promotion(nb.policy, nb.memory_file, [*older, *archived])
    except WsnbError as exc:
        steps.skip(_("Long-term memory"), exc)
        return []
    steps.notes += found.skipped
    current = mem.read_optional(nb.policy, nb.memory_file)
    parts = [part for part in (_facts_addition(nb, current or "", facts),
                               found.change.addition if found.change else "") if part]  # fmt: skip
    if parts:
        change = mem.FileAppend(nb.memory_file, current, "\n".join(parts),
                                header="# Long-term memory\n\n")  # fmt: skip
        steps.plans.append(append_plan(nb, change))
    return [d for d in found.days if d.day not in gone]


def _user_step(nb: Notes, steps: _Steps, body: str) -> None:
    """A dated section appended to user.md (under whichever name CodePilot reads)."""
    if not body:
        return
    name = find_persona(nb.root, "user") or PERSONA_FILES["user"][0]
    try:
        current = mem.read_optional(nb.policy, name)
    except WsnbError as exc:
        steps.skip(name, exc)
        return
    addition = _user_addition(nb, current or "", body)
    steps.plans.append(append_plan(nb, mem.FileAppend(name, current, addition,
                                                      header="# User\n\n")))  # fmt: skip


def _marks_and_archive(nb: Notes, steps: _Steps, promoted: list[mem.DailyMemory],
                       archived: list[mem.DailyMemory]) -> None:  # fmt: skip
    for daily in promoted:
        try:
            marker = mem.mark_promoted(nb.policy, daily)
        except WsnbError as exc:
            steps.skip(daily.path, exc)
            continue
        if marker is not None:
            steps.plans.append(append_plan(nb, marker))
    if not archived:
        return
    try:
        summary = mem.archive_append(nb.policy, archived)
    except WsnbError as exc:
        steps.skip(_("Archiving old daily memories"), exc)
        return
    if summary:
        steps.plans.append(append_plan(nb, summary))
    steps.plans += [nb.workspace.trash(d.path) for d in archived]


def _drafts(nb: Notes, texts: dict[str, str]) -> dict[str, str]:
    """What the writer may rewrite: today's entry, the memory and the profile additions."""
    relative = f"{DAILY_DIR}/{nb.today().isoformat()}.md"
    try:
        existing = mem.read_optional(nb.policy, relative)
    except WsnbError:
        existing = None
    return {"daily": ob.check_in_files(texts, nb.clock(), existing),
            "memory": stable_facts(texts["remember"]), "user": texts["priorities"]}  # fmt: skip


def plan_check_in(nb: Notes, answers: dict[str, Any], writer: ob.FileWriter | None
                  ) -> PlanGroup:  # fmt: skip
    """The check-in's plans; confirming them all records today's check-in."""
    texts = ob.normalise_answers(ob.CHECK_IN_QUESTIONS, answers)
    drafts = _drafts(nb, texts)
    written = ob.apply_writer(ob.WriterRequest("check-in", texts, drafts, nb.today()), writer)
    by_model = {role: written.texts[role] for role in written.by_writer}
    steps = _Steps(notes=[written.note] if written.note else [])
    _daily_step(nb, steps, texts, by_model.get("daily"))
    archived = old_days(nb) if nb.config.auto_archive else []
    facts = _model_text(by_model["memory"]) if "memory" in by_model else drafts["memory"]
    promoted = _memory_step(nb, steps, facts.strip(), archived)
    priorities = texts["priorities"]
    body = _model_text(by_model["user"]) if "user" in by_model else (
        "" if priorities.strip().casefold() in _NOTHING
        else f"- Priorities: {' '.join(priorities.split())}")  # fmt: skip
    _user_step(nb, steps, body)
    _marks_and_archive(nb, steps, promoted, archived)
    group = PlanGroup(_("Daily check-in"), steps.plans, note="\n".join(steps.notes))

    def finish() -> None:
        nb.state.last_check_in = nb.today()
        nb.save_state()

    group.on_done(finish)
    return group
