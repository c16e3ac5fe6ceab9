"""The text of the files a new workspace starts with, and of a day's memory."""

from __future__ import annotations

from datetime import date

__all__ = ["PERSONA_TEMPLATES", "daily_template"]

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

DAILY_SECTIONS = ("Work Log", "Priority Changes", "Candidate Long-Term Memory")


def daily_template(day: date, done: str = "", priorities: str = "", remember: str = "") -> str:
    """A day's memory file: what was done, what changed, what to keep for the long term."""
    def body(text: str) -> str:
        return text.strip() or "-"

    return (f"# Daily Memory {day.isoformat()}\n\n"
            f"## Work Log\n\n{body(done)}\n\n"
            f"## Priority Changes\n\n{body(priorities)}\n\n"
            f"## Candidate Long-Term Memory\n\n{body(remember)}\n")  # fmt: skip
