"""A writer built on a language model: the persona files and check-in entries from answers.

``ModelWriter(client)`` is a ``FileWriter`` (see ``wsnb.notes.onboarding``):
for each file the onboarding or the check-in would write, it asks the model
(through the agent's ``LLMClient``, any OpenAI-compatible server) to write it
from the person's answers, with wsnb's own draft as a starting point. The
answer streams, piece by piece, into ``on_text(role, piece)`` (the notebook
forms show it as it comes). The model only proposes: every text becomes a
plan a person confirms, ``memory.md`` and ``user.md`` are only appended to,
and when the model fails (no server, an error, an empty answer) the files
are written from the answers as they are.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from .onboarding import WriterRequest

if TYPE_CHECKING:
    from ..llm import LLMClient

__all__ = ["ModelWriter"]

logger = logging.getLogger("wsnb")

_SYSTEM = ("You maintain the knowledge files of a personal assistant's notes workspace. "
           "Write in the language the person answered in. Output only the file content, "
           "no explanations and no code fences.")  # fmt: skip

# (kind, role) -> what the model is asked to write.
_TASKS: dict[tuple[str, str], str] = {
    ("onboarding", "soul"): "soul.md: the assistant's name, personality and style.",
    ("onboarding", "user"): "user.md: the user's profile (how to address them, their goals).",
    ("onboarding", "claude"): "claude.md: the assistant's working rules (boundaries, memory "
                              "rules, first steps of a project, how notes are organised).",
    ("onboarding", "memory"): "Lines to APPEND to memory.md: stable long-term facts only.",
    ("check-in", "daily"): "Today's daily memory file with the sections ## Work Log, "
                           "## Priority Changes and ## Candidate Long-Term Memory. If the "
                           "draft starts with an existing file, keep that text unchanged "
                           "at the start and add after it.",
    ("check-in", "memory"): "Only NEW stable facts to APPEND to memory.md (preferences, "
                            "recurring patterns, important people), as bullet lines; no daily "
                            "transients. If there is nothing, write exactly: "
                            "(nothing to promote)",
    ("check-in", "user"): "A short section to APPEND to user.md about changed priorities or "
                          "goals, as bullet lines, without a heading. If nothing changed, "
                          "write exactly: (nothing to promote)",
}  # fmt: skip
_FENCE = re.compile(r"^\s*```[\w-]*\n(.*?)\n```\s*$", re.DOTALL)


def _prompt(request: WriterRequest, role: str) -> str:
    task = _TASKS.get((request.kind, role), f"The file {role}.")
    answers = "\n".join(f"- {key}: {value or '(skipped)'}" for key, value in
                        request.answers.items())  # fmt: skip
    return (f"Write {task}\n\nDate: {request.day.isoformat()}\n\nThe person's answers:\n"
            f"{answers}\n\nA draft built from the answers (improve it, keep every fact):\n"
            f"{request.drafts[role]}")  # fmt: skip


def _unfence(text: str) -> str:
    match = _FENCE.match(text)
    return match.group(1) if match else text


class ModelWriter:
    """Writes the files with a language model; ``on_text(role, piece)`` sees the stream."""

    def __init__(self, client: LLMClient,
                 on_text: Callable[[str, str], None] | None = None) -> None:  # fmt: skip
        self.client = client
        self.on_text = on_text

    def __repr__(self) -> str:
        return f"<ModelWriter {self.client!r}>"

    def _piece_sink(self, role: str) -> Callable[[str], None]:
        """Always a stream: a form that shows it may be attached later (``on_text``)."""
        stream = self.on_text
        if stream is None:
            return lambda piece: None
        return lambda piece: stream(role, piece)

    def __call__(self, request: WriterRequest) -> dict[str, str]:
        """One request per file; an ``LLMError`` stops it (the answers are used instead)."""
        written: dict[str, str] = {}
        for role in request.drafts:
            messages = [{"role": "system", "content": _SYSTEM},
                        {"role": "user", "content": _prompt(request, role)}]  # fmt: skip
            result = self.client.chat(messages, on_text=self._piece_sink(role))
            text = _unfence(result.content).strip()
            if text:
                written[role] = text + "\n"
        logger.info("model wrote %d of %d files", len(written), len(request.drafts))
        return written
