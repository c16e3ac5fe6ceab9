"""The status line: one short sentence for the latest event, in the person's language.

The panel tells the line what just happened (an ``Event`` and a count or
two); the line says it in one sentence, in Chinese or English: the language
of what the person typed last (a chat message, a search). Longer results
belong to the tabs, never to the line.

``sentence(event, language, **counts)`` is the plain function behind it, so
what the line says can be checked without a widget.
"""

from __future__ import annotations

import re
from enum import Enum
from typing import Any

import ipywidgets as widgets

from ._html import esc

__all__ = ["Event", "StatusLine", "language_of", "sentence"]

ZH, EN = "zh", "en"

_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
_LATIN_WORD = re.compile(r"[A-Za-z]{3,}")


class Event(Enum):
    """What the status line can report."""

    OPENED = "opened"
    SCANNING = "scanning"
    SCANNED = "scanned"
    FOUND = "found"
    NEEDS_CONFIRMATION = "needs_confirmation"
    DONE = "done"
    FAILED = "failed"
    CANCELLED = "cancelled"
    REFUSED = "refused"
    INTERRUPTED = "interrupted"
    ANSWERED = "answered"
    CHANGED_OUTSIDE = "changed_outside"


_SENTENCES: dict[Event, tuple[str, str]] = {
    Event.OPENED: ("已打开工作区。", "Workspace opened."),
    Event.SCANNING: ("正在扫描文件。", "Scanning files."),
    Event.SCANNED: ("扫描完成：{files} 个文件，{folders} 个文件夹。",
                    "Scan done: {files} files, {folders} folders."),
    Event.FOUND: ("找到了 {count} 个相关文件。", "Found {count} matching files."),
    Event.NEEDS_CONFIRMATION: ("需要你确认修改计划。", "A plan needs your confirmation."),
    Event.DONE: ("操作已完成。", "Done."),
    Event.FAILED: ("操作没有完成，请看计划卡片上的原因。",
                   "The change did not go through; the plan card says why."),
    Event.CANCELLED: ("已取消，没有修改任何文件。", "Cancelled; nothing was changed."),
    Event.REFUSED: ("这个计划被拒绝了，没有修改任何文件。",
                    "The plan was refused; nothing was changed."),
    Event.INTERRUPTED: ("修改在执行途中被中断，请看计划卡片。",
                        "A change was cut short; its card says what to do."),
    Event.ANSWERED: ("已回答。", "Answered."),
    Event.CHANGED_OUTSIDE: ("wsnb 之外有 {count} 个文件发生了变化。",
                            "{count} files changed outside wsnb."),
}  # fmt: skip


def language_of(text: str) -> str | None:
    """``"zh"`` for text with Chinese characters, ``"en"`` for English words, else None.

    A Latin word of three letters or more counts as English; a bare suffix or
    number (``"a.md"``, ``"12"``) says nothing, and leaves the language as it was.
    """
    if _CJK.search(text):
        return ZH
    if _LATIN_WORD.search(text):
        return EN
    return None


def sentence(event: Event, language: str = EN, *, waiting: int = 0, **counts: Any) -> str:
    """The sentence for ``event`` in ``language`` (``"zh"`` or ``"en"``).

    ``waiting`` plans still pending are said too, so "Done." never hides a plan
    that waits for a click.
    """
    chinese, english = _SENTENCES[event]
    template = chinese if language == ZH else english
    if event is Event.FOUND and language != ZH and counts.get("count") == 1:
        template = "Found 1 matching file."
    if event is Event.CHANGED_OUTSIDE and language != ZH and counts.get("count") == 1:
        template = "1 file changed outside wsnb."
    if event is Event.NEEDS_CONFIRMATION and waiting > 1:
        template = "有 {waiting} 个修改计划等你确认。" if language == ZH \
            else "{waiting} plans need your confirmation."  # fmt: skip
    elif waiting > 0 and event is not Event.NEEDS_CONFIRMATION:
        template += _still_waiting(language, waiting)
    values = {k: f"{v:,}" if isinstance(v, int) else v for k, v in counts.items()}
    return template.format(waiting=f"{waiting:,}", **values)


def _still_waiting(language: str, waiting: int) -> str:
    if language == ZH:
        return "还有 {waiting} 个计划等你确认。"
    return " 1 plan still needs your confirmation." if waiting == 1 \
        else " {waiting} plans still need your confirmation."  # fmt: skip


class StatusLine(widgets.HTML):  # type: ignore[misc]
    """One line of text: the latest event, in the language the person used last.

    ``heard(text)`` notes what the person typed (it may switch the language);
    ``say(event, **counts)`` shows the sentence; ``text`` is it as plain text.
    """

    def __init__(self, language: str = EN, **kwargs: Any) -> None:
        if language not in {ZH, EN}:
            from ..errors import UsageError

            raise UsageError(f"language must be 'zh' or 'en', not {language!r}.")
        super().__init__(**kwargs)
        self.language = language
        self.text = ""
        self.event: Event | None = None
        self.add_class("wsnb-status-line")

    def __repr__(self) -> str:
        return f"<StatusLine {self.language}: {self.text!r}>"

    def heard(self, text: str) -> None:
        """What the person typed last decides the language of the next sentences."""
        self.language = language_of(text) or self.language

    def say(self, event: Event, *, waiting: int = 0, **counts: Any) -> str:
        """Show the sentence for ``event`` (and how many plans still wait) and return it."""
        self.event = event
        self.text = sentence(event, self.language, waiting=waiting, **counts)
        self.value = (f'<div style="color: var(--jp-ui-font-color1, #24292f); '
                      f'padding: 2px 0;">{esc(self.text)}</div>')  # fmt: skip
        return self.text
