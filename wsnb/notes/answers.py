"""From onboarding and check-in answers to the plans that write the files.

The questions, templates and the writer seam live in ``wsnb.notes.onboarding``;
this module puts them together for one workspace: it picks the files (the
persona file that exists, under whatever accepted name), turns each text into
a plan (``memory.md`` and a day's memory are only appended to) and saves the
engine's own state and config once the person confirmed every plan.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import memory as mem
from . import onboarding as ob
from .groups import PlanGroup
from .layout import DAILY_DIR, PERSONA_FILES, find_persona
from .organiser import check_note_folder

if TYPE_CHECKING:
    from ..plans import Plan
    from .facade import Notes

__all__ = ["persona_plan", "plan_check_in", "plan_onboarding"]


def plan_onboarding(nb: Notes, answers: dict[str, Any], writer: ob.FileWriter | None
                    ) -> PlanGroup:  # fmt: skip
    """The onboarding plans; confirming them all saves config.json and the state."""
    texts = ob.normalise_answers(ob.ONBOARDING_QUESTIONS, answers)
    folder = ob.capture_folder(texts["capture"], [f for f in nb.folders() if "/" not in f])
    texts["capture"] = check_note_folder(nb.policy, folder)
    changes = ob.onboarding_config(texts, texts["capture"])
    drafts = ob.onboarding_files(texts, nb.today())
    written = ob.apply_writer(ob.WriterRequest("onboarding", texts, drafts, nb.today()), writer)
    plans = [persona_plan(nb, role, text) for role, text in written.texts.items()]
    group = PlanGroup("Onboarding: write the persona files", plans, note=written.note)

    def finish() -> None:
        nb.update_config(changes)
        nb.state.onboarding_complete = True
        nb.state.last_check_in = nb.today()  # no check-in on the day of onboarding
        nb.save_state()

    group.on_done(finish)
    return group


def plan_check_in(nb: Notes, answers: dict[str, Any], writer: ob.FileWriter | None
                  ) -> PlanGroup:  # fmt: skip
    """The plan that writes (or adds to) today's memory; confirming records the check-in.

    With ``autoArchive`` on, the archive plans for days past retention come along.
    """
    texts = ob.normalise_answers(ob.CHECK_IN_QUESTIONS, answers)
    relative = f"{DAILY_DIR}/{nb.today().isoformat()}.md"
    existing = mem.read_optional(nb.policy, relative)
    draft = ob.check_in_files(texts, nb.clock(), existing)
    request = ob.WriterRequest("check-in", texts, {"daily": draft}, nb.today())
    written = ob.apply_writer(request, writer)
    text = written.texts["daily"]
    if existing is not None and not text.startswith(existing):
        text = draft  # the day's file is only added to, whoever writes it
    plan = (nb.workspace.create_file(relative, text) if existing is None
            else nb.workspace.write_file(relative, text))  # fmt: skip
    plans = [plan]
    if nb.config.auto_archive:
        plans += nb.archive().plans  # proposed with the check-in, confirmed with it
    group = PlanGroup("Daily check-in", plans, note=written.note)

    def finish() -> None:
        nb.state.last_check_in = nb.today()
        nb.save_state()

    group.on_done(finish)
    return group


def persona_plan(nb: Notes, role: str, text: str) -> Plan:
    """A whole persona file (backed up if it exists); memory.md only gets ``text`` appended."""
    name = find_persona(nb.root, role) or PERSONA_FILES[role][0]
    current = mem.read_optional(nb.policy, name)
    if role == "memory":
        return nb.append_plan(mem.FileAppend(name, current, text, header="# Long-term memory\n\n"))
    if current is None:
        return nb.workspace.create_file(name, text)
    return nb.workspace.write_file(name, text)
