"""From onboarding and check-in answers to the plans that write the files.

The questions, templates and the writer seam live in ``wsnb.notes.onboarding``;
this module puts them together for one workspace: it picks the files (the
persona file that exists, under whatever accepted name), turns each text into
a plan (``memory.md`` and a day's memory are only appended to) and saves the
engine's own state and config once the person confirmed every plan.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import WsnbError
from ..i18n import _
from . import memory as mem
from . import onboarding as ob
from .groups import PlanGroup
from .layout import PERSONA_FILES, find_persona
from .organiser import check_note_folder
from .templates import has_own_content

if TYPE_CHECKING:
    from ..plans.plan import Plan
    from .facade import Notes

__all__ = ["persona_plan", "plan_onboarding"]


# The questions behind each persona file: all of them answered, or an own file stays.
ROLE_QUESTIONS: dict[str, tuple[str, ...]] = {
    "soul": ("assistant_name", "detail", "output_format", "interruptions"),
    "user": ("address", "goals"),
    "claude": ("boundaries", "memory_allowed", "memory_forbidden", "project_first_steps",
               "organisation", "capture", "archiving"),
    "memory": ("address", "assistant_name", "goals"),
}  # fmt: skip


def _answered(answers: dict[str, Any]) -> set[str]:
    def given(value: Any) -> bool:
        if isinstance(value, list | tuple):
            return any(str(v).strip() for v in value)
        return value is not None and bool(str(value).strip())

    return {key for key, value in answers.items() if given(value)}


def _kept_roles(nb: Notes, answers: dict[str, Any]) -> dict[str, list[str]]:
    """Role -> the questions left unanswered, for each persona file with content of its own
    that this onboarding would otherwise replace."""
    answered = _answered(answers)
    kept = {}
    for role, keys in ROLE_QUESTIONS.items():
        missing = [k for k in keys if k not in answered]
        if role == "memory":  # only ever appended to: skipped when nothing feeds it
            if len(missing) == len(keys):
                kept[role] = missing
            continue
        name = find_persona(nb.root, role)
        if missing and name is not None and _has_content(nb, name):
            kept[role] = missing
    return kept


def _has_content(nb: Notes, name: str) -> bool:
    try:
        return has_own_content(mem.read_optional(nb.policy, name))
    except WsnbError:
        return True  # can't be shown in full: certainly not replaced


def plan_onboarding(nb: Notes, answers: dict[str, Any], writer: ob.FileWriter | None
                    ) -> PlanGroup:  # fmt: skip
    """The onboarding plans; confirming them all saves config.json, taxonomy.json, the state."""
    texts = ob.normalise_answers(ob.ONBOARDING_QUESTIONS, answers)
    folder = ob.capture_folder(texts["capture"], [f for f in nb.folders() if "/" not in f])
    texts["capture"] = check_note_folder(nb.policy, folder)
    changes = ob.onboarding_config(texts, texts["capture"])
    kept = _kept_roles(nb, answers)
    drafts = {role: text for role, text in ob.onboarding_files(texts, nb.today()).items()
              if role not in kept}  # fmt: skip
    written = ob.apply_writer(ob.WriterRequest("onboarding", texts, drafts, nb.today()), writer)
    plans, notes = [], [written.note] if written.note else []
    for role, text in written.texts.items():
        try:
            plans.append(persona_plan(nb, role, text))
        except WsnbError as exc:  # one file that can't be written never stops the others
            notes.append(_("{what} was left out: {reason}").format(
                what=find_persona(nb.root, role) or PERSONA_FILES[role][0], reason=exc.reason))
    for role, missing in kept.items():
        name = find_persona(nb.root, role) or PERSONA_FILES[role][0]
        notes.append(_("{name} keeps its own text: answer {questions} to rewrite it.").format(
            name=name, questions=", ".join(missing)))  # fmt: skip
    group = PlanGroup(_("Onboarding: write the persona files"), plans, note="\n".join(notes))

    def finish() -> None:
        nb.update_config(changes)
        nb.refresh_taxonomy()
        nb.state.onboarding_complete = True
        nb.state.daily_check_in_enabled = True
        nb.state.last_check_in = nb.today()  # no check-in on the day of onboarding
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
