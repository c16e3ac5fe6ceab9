"""Assembling what an assistant reads before answering: persona, memory, docs, retrieval.

Everything fits a total budget (40,000 characters by default). A long file
keeps its first 6,000 and last 1,800 characters around a truncation marker.
A part of the budget is reserved for the retrieval results, so files however
long can't crowd out the notes that answer the question. Of the rest, the
memory comes first: the long-term memory, the user's profile and the persona
share it before anything else (each whole when it fits, else cut to an even
share, the persona left out first when a share would be too small to be of
use), then the onboarding or check-in task (a part of its own, whole or left
out), then the working rules, the latest days and the overviews; what
retrieval does not use goes back to them. Every part left out or shortened is in
``cut``. The order of the sections in the text and every cap are settings.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

import pandas as pd

from ..errors import UsageError
from ..i18n import _
from ..text.redact import redact_for_model

__all__ = [
    "SECTIONS",
    "AssembledPrompt",
    "PromptPart",
    "PromptSettings",
    "RetrievedChunk",
    "assemble_prompt",
    "truncate_middle",
]

SECTIONS = ("claude", "soul", "user", "memory", "daily", "docs", "retrieval")
_MARKER = "\n\n[... {cut:,} characters truncated ...]\n\n"
_MIN_USEFUL = 200  # a part cut below this many characters is left out instead


@dataclass(frozen=True)
class PromptSettings:
    """The budget, the caps and the order of the sections."""

    budget: int = 40_000
    head: int = 6_000
    tail: int = 1_800
    retrieval_share: float = 0.3
    daily_count: int = 2
    limit: int = 5
    order: tuple[str, ...] = SECTIONS

    def __post_init__(self) -> None:
        if self.budget < 1_000 or self.head < 0 or self.tail < 0:
            raise UsageError(_("The prompt budget must be at least 1,000 characters and the "
                               "head and tail caps 0 or more."))  # fmt: skip
        if not 0 <= self.retrieval_share <= 1:
            raise UsageError(_("retrieval_share is a fraction of the budget, between 0 and 1."))
        unknown = [s for s in self.order if s not in SECTIONS]
        if unknown:
            raise UsageError(_("Unknown prompt sections {unknown}; choose from {sections}.").format(
                unknown=unknown, sections=list(SECTIONS)))


class RetrievedChunk(Protocol):
    """What a retrieval hit needs to offer (``wsnb.notes.noteindex.NoteHit`` does)."""

    @property
    def path(self) -> str: ...
    @property
    def heading(self) -> str: ...
    @property
    def text(self) -> str: ...
    @property
    def start_line(self) -> int: ...
    @property
    def end_line(self) -> int: ...


@dataclass(frozen=True)
class PromptPart:
    """One file or chunk as it went into the prompt."""

    section: str
    path: str
    text: str
    chars: int  # the original length
    truncated: bool
    label: str = ""

    def render(self) -> str:
        label = f' heading="{html.escape(self.label)}"' if self.label else ""
        return (f'<file section="{self.section}" path="{html.escape(self.path)}"{label}>\n'
                f"{self.text}\n</file>\n")  # fmt: skip


def truncate_middle(text: str, head: int, tail: int) -> str:
    """``text`` if short enough, else its first ``head`` and last ``tail`` characters, marked."""
    if len(text) <= head + tail:
        return text
    cut = len(text) - head - tail
    return text[:head] + _MARKER.format(cut=cut) + (text[-tail:] if tail else "")


def _fit(part: PromptPart, room: int) -> PromptPart | None:
    """``part`` cut (keeping its start) so its rendering takes at most ``room`` characters."""
    size = len(part.render())
    if size <= room:
        return part
    overhead = size - len(part.text)
    keep = room - overhead - len(_MARKER.format(cut=len(part.text)))
    if keep < _MIN_USEFUL:
        return None
    cut = len(part.text) - keep
    return replace(part, text=part.text[:keep] + _MARKER.format(cut=cut).rstrip("\n"),
                   truncated=True)  # fmt: skip


def _fill(parts: list[PromptPart], room: int) -> tuple[list[PromptPart], int]:
    kept, used = [], 0
    for part in parts:
        fitted = _fit(part, room - used)
        if fitted is None:
            continue
        kept.append(fitted)
        used += len(fitted.render())
    return kept, used


def _share(parts: list[PromptPart], room: int) -> tuple[list[PromptPart], int]:
    """``parts`` (most wanted first) in ``room``: those within an even share whole, the others
    cut to an even share of what is left; when such a share is too small to be of use, the
    least wanted part is left out and the others share again."""
    whole: list[PromptPart] = []
    waiting = list(parts)
    left = room
    while waiting:
        even = left // len(waiting)
        small = [part for part in waiting if len(part.render()) <= even]
        if not small:
            break
        for part in small:
            whole.append(part)
            waiting.remove(part)
            left -= len(part.render())
    while waiting:
        even = left // len(waiting)
        fitted = [_fit(part, even) for part in waiting]
        if all(part is not None for part in fitted):
            whole += [part for part in fitted if part is not None]
            break
        waiting.pop()  # the least wanted goes, so the others get enough
    return whole, sum(len(part.render()) for part in whole)


def _cut(wanted: list[PromptPart], kept: list[PromptPart]) -> list[dict[str, Any]]:
    """Each wanted part that was left out or shortened: section, path, chars, used, state."""
    by_place = {(part.section, part.path, part.label): part for part in kept}
    cut = []
    for part in wanted:
        got = by_place.get((part.section, part.path, part.label))
        if got is None:
            cut.append({"section": part.section, "path": part.path, "chars": part.chars,
                        "used": 0, "state": "left out"})
        elif got.truncated:
            cut.append({"section": part.section, "path": part.path, "chars": part.chars,
                        "used": len(got.text), "state": "shortened"})
    return cut


@dataclass(frozen=True)
class AssembledPrompt:
    """The assembled text and what went into it."""

    question: str
    text: str
    parts: list[PromptPart] = field(default_factory=list)
    budget: int = 40_000
    redacted: dict[str, int] = field(default_factory=dict)  # secrets replaced, by kind
    notes: list[str] = field(default_factory=list)  # files left out or read in part, and why
    task: str = ""  # "onboarding" or "check-in" when the prompt asks the model to run one
    # Every part left out or shortened to fit: section, path, chars, used, state.
    cut: list[dict[str, Any]] = field(default_factory=list)
    # Who assembled it (a token of one Notes): only its own notes act on the reply's fence.
    binding: object = field(default=None, repr=False, compare=False)

    def __str__(self) -> str:
        return self.text

    def __len__(self) -> int:
        return len(self.text)

    @property
    def frame(self) -> pd.DataFrame:
        """One row per part: section, path, chars (original), used, truncated."""
        rows = [{"section": p.section, "path": p.path, "chars": p.chars,
                 "used": len(p.text), "truncated": p.truncated} for p in self.parts]  # fmt: skip
        return pd.DataFrame(rows, columns=["section", "path", "chars", "used", "truncated"])

    def __repr__(self) -> str:
        hidden = f", {sum(self.redacted.values())} secrets redacted" if self.redacted else ""
        head = (f"<AssembledPrompt {len(self.text):,} of {self.budget:,} characters, "
                f"{len(self.parts)} parts{hidden}>")  # fmt: skip
        return "\n".join([head, *self.notes])

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(repr(self))


def _retrieval_parts(hits: Sequence[RetrievedChunk], settings: PromptSettings,
                     seen: dict[str, int]) -> list[PromptPart]:  # fmt: skip
    parts = []
    for hit in hits[: settings.limit]:
        clean = redact_for_model(hit.text, seen)
        text = truncate_middle(clean, settings.head, settings.tail)
        label = f"{hit.heading} (lines {hit.start_line}-{hit.end_line})".strip()
        parts.append(PromptPart("retrieval", hit.path, text, len(hit.text), text != clean,
                                label))  # fmt: skip
    return parts


_FIRST = ("memory", "user", "soul")  # the memory, most wanted first: filled before the rest


def assemble_prompt(
    question: str,
    files: Sequence[tuple[str, str, str]],
    hits: Sequence[RetrievedChunk],
    settings: PromptSettings = PromptSettings(),  # frozen: one shared default is safe
    *,
    notes: Sequence[str] = (),
    task: str = "",
) -> AssembledPrompt:
    """Fit ``files`` (section, path, text) and ``hits`` into the budget (see the module); the
    text follows the settings' order.

    The text is for a model: secrets in it are redacted first (``wsnb.redact``),
    and ``redacted`` counts them. ``task``, an ``<assistant-project-task>``
    section (``wsnb.notes.conversation``), goes after the workspace, before the
    question, whole or not at all. ``cut`` lists every part left out or shortened.
    """
    seen: dict[str, int] = {}
    files = [(s, path, redact_for_model(text, seen)) for s, path, text in files]
    opening = "<assistant-workspace>\n"
    closing = f"</assistant-workspace>\n<question>\n{question}\n</question>\n"
    room = settings.budget - len(opening) - len(closing)
    if room < _MIN_USEFUL:
        raise UsageError(_("The question alone fills the prompt budget; raise the budget."))
    wanted = [s for s in settings.order if s != "retrieval"]
    file_parts = [
        PromptPart(section, path, truncate_middle(text, settings.head, settings.tail), len(text),
                   len(text) > settings.head + settings.tail)
        for section in wanted for (s, path, text) in files if s == section and text.strip()
    ]  # fmt: skip
    shown = {p.path for p in file_parts}  # a file already in the prompt is not retrieved again
    fresh = [hit for hit in hits if hit.path not in shown]
    found = _retrieval_parts(fresh, settings, seen) if "retrieval" in settings.order else []
    first = sorted((p for p in file_parts if p.section in _FIRST),
                   key=lambda p: _FIRST.index(p.section))  # fmt: skip
    reserved = min(sum(len(p.render()) for p in found), int(room * settings.retrieval_share))
    kept_first, used = _share(first, room - reserved)
    task_fits = bool(task) and len(task) <= room - reserved - used
    used += len(task) if task_fits else 0
    others = [p for p in file_parts if p.section not in _FIRST]
    kept_others, more = _fill(others, room - reserved - used)
    kept_hits = _fill(found, room - used - more)[0]
    kept = [*kept_first, *kept_others, *kept_hits]
    by_section = {s: [p for p in kept if p.section == s] for s in settings.order}
    ordered = [p for s in settings.order for p in by_section[s]]
    cut = _cut([*file_parts, *found], kept)
    if task and not task_fits:
        cut.append({"section": "task", "path": "", "chars": len(task), "used": 0,
                    "state": "left out"})
    told = closing.replace("<question>", (task if task_fits else "") + "<question>", 1)
    text = opening + "".join(p.render() for p in ordered) + told
    return AssembledPrompt(question, text, ordered, settings.budget, seen, list(notes), cut=cut)
