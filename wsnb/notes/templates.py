"""The text of the files a new workspace starts with, and of a day's memory."""

from __future__ import annotations

from datetime import date

__all__ = ["CODEPILOT_TEMPLATES", "PERSONA_TEMPLATES", "daily_template", "has_own_content"]

PERSONA_TEMPLATES: dict[str, str] = {
    "claude": """# Working rules

How the assistant works in this folder.

- Answer in the language the question was asked in.
- Change files only through plans that a person confirms.
- Keep notes in Markdown; put quick captures in the capture folder.
""",
    "soul": """# Soul

Who the assistant is: its name, its tone, how much detail it gives.

- Name: (not set yet)
- Style: concise
""",
    "user": """# User

Who the assistant works with: how to address them, their goals and boundaries.

- Address as: (not set yet)
""",
    "memory": """# Long-term memory

Stable facts worth remembering across days. This file is only ever appended to.
""",
}

# What CodePilot writes into a new workspace: a file still saying this has no text of its own.
CODEPILOT_TEMPLATES: dict[str, str] = {
    "claude": "# Rules\n\n<!-- Assistant execution rules go here -->\n",
    "soul": "# Soul\n\n<!-- Assistant personality and style go here -->\n",
    "user": "# User Profile\n\n<!-- User preferences and information go here -->\n",
    "memory": "# Memory\n\n<!-- Long-term facts and notes go here -->\n",
}
_TEMPLATE_TEXTS = {" ".join(t.split()) for t in (*PERSONA_TEMPLATES.values(),
                                                  *CODEPILOT_TEMPLATES.values())}  # fmt: skip


def has_own_content(text: str | None) -> bool:
    """True when a persona file holds more than nothing or a template of either tool."""
    if text is None or not text.strip():
        return False
    return " ".join(text.split()) not in _TEMPLATE_TEXTS


DAILY_SECTIONS = ("Work Log", "Priority Changes", "Candidate Long-Term Memory")


def daily_template(day: date, done: str = "", priorities: str = "", remember: str = "") -> str:
    """A day's memory file: what was done, what changed, what to keep for the long term."""
    def body(text: str) -> str:
        return text.strip() or "-"

    return (f"# Daily Memory {day.isoformat()}\n\n"
            f"## Work Log\n\n{body(done)}\n\n"
            f"## Priority Changes\n\n{body(priorities)}\n\n"
            f"## Candidate Long-Term Memory\n\n{body(remember)}\n")  # fmt: skip
