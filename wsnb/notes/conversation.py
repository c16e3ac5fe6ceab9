"""The conversational path: onboarding and the check-in asked in a chat, not a form.

While onboarding is incomplete, or a check-in is due, the prompt gains an
``<assistant-project-task>`` section (CodePilot's name for it) that tells the
model which questions to ask and how to end: a fenced block whose language is
``onboarding-complete`` or ``checkin-complete``, holding the answers as JSON.
``completion_in`` finds that block at the end of a reply; ``Notes.apply_reply``
turns it into the same plan group the forms make, only for a reply to a prompt
those notes assembled with that task (CodePilot checks the working directory
twice for the same reason: a fence from another chat must never write here).

The task text is for the model; it names every question in English and Chinese
and asks the model to speak the person's language.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import date
from typing import Any

from ..errors import UsageError
from ..i18n import _
from .onboarding import CHECK_IN_QUESTIONS, ONBOARDING_QUESTIONS, Question
from .state import WorkspaceState

__all__ = ["FENCES", "Completion", "completion_in", "project_task"]

ONBOARDING, CHECK_IN = "onboarding", "check-in"
FENCES = {ONBOARDING: "onboarding-complete", CHECK_IN: "checkin-complete"}
_TASKS = {fence: task for task, fence in FENCES.items()}
# The last fenced block of a reply, with nothing but white space after it.
_LAST_FENCE = re.compile(
    r"(?:^|\n)[ \t]*(`{3,}|~{3,})[ \t]*(onboarding-complete|checkin-complete)[ \t]*\n"
    r"(.*?)\n[ \t]*\1[ \t]*\s*\Z", re.DOTALL)  # fmt: skip


@dataclass(frozen=True)
class Completion:
    """What a reply's closing fence says: which task it completes, and the answers."""

    task: str
    answers: dict[str, Any]


def project_task(state: WorkspaceState, today: date) -> tuple[str, str]:
    """(task, the ``<assistant-project-task>`` section) for now, or ("", "") when none is due.

    Onboarding first; a check-in only once onboarding is done and none happened today
    (so never on the day onboarding completes, as in CodePilot).
    """
    if not state.onboarding_complete:
        opening = ("Onboarding is not complete. Before anything else, get to know the person: "
                   "ask these 13 questions in the language the person writes in, a few at a "
                   "time, and ask again when an answer is unclear.")  # fmt: skip
        return ONBOARDING, _section(opening, ONBOARDING_QUESTIONS, FENCES[ONBOARDING])
    if state.needs_check_in(today):
        last = state.last_check_in.isoformat() if state.last_check_in else "never"
        opening = (f"Today's check-in is due (last check-in: {last}). Ask these 3 questions in "
                   "the language the person writes in, briefly, one at a time.")  # fmt: skip
        return CHECK_IN, _section(opening, CHECK_IN_QUESTIONS, FENCES[CHECK_IN])
    return "", ""


def _section(opening: str, questions: tuple[Question, ...], fence: str) -> str:
    asked = [f"{number}. {q.key}: {q.en} / {q.zh}" + (f" (one of: {', '.join(q.choices)})"
                                                     if q.choices else "")
             for number, q in enumerate(questions, 1)]  # fmt: skip
    example = json.dumps({q.key: "..." for q in questions}, ensure_ascii=False)
    closing = (
        f"When every question is answered, end your reply with exactly one fenced code block "
        f"whose language is {fence}, holding one JSON object with a string for each key above "
        f"(a list of strings where there are several), and nothing after it:\n"
        f"```{fence}\n{example}\n```\n"
        "Nothing is written until the person confirms the plans made from these answers."
    )
    lines = ["<assistant-project-task>", opening, *asked, closing, "</assistant-project-task>"]
    return "\n".join(lines) + "\n"


def completion_in(reply: str) -> Completion | None:
    """The completion fence that ends ``reply``, or None when it ends with none.

    A fence whose content is not one JSON object is a clear ``UsageError``: the
    model tried to finish and the person should know why nothing happened.
    """
    if not isinstance(reply, str):
        raise UsageError(_("Give the model's reply as text."))
    match = _LAST_FENCE.search(reply)
    if match is None:
        return None
    fence, body = match.group(2), match.group(3)
    try:
        answers = json.loads(body)
    except ValueError:
        answers = None
    if not isinstance(answers, dict):
        raise UsageError(_("The reply ends with a {fence} block, but its content is not one JSON "
                           "object of answers; nothing was planned. Ask the model to send the "
                           "block again.").format(fence=fence))  # fmt: skip
    return Completion(_TASKS[fence], answers)
