"""Onboarding (13 questions) and the daily check-in (3), turned into plans for the files.

Answers come as a dict (from code or the notebook forms) in any language.
Without a model the files are written from templates; with one, a *writer*
(any callable taking a ``WriterRequest`` and returning ``{role: text}``, e.g.
built on the language-model client) may write them instead, and whatever it
leaves out or gets wrong falls back to the templates. Either way every file is
a plan a person confirms, and ``memory.md`` is only appended to.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

import pandas as pd

from ..errors import UsageError, WsnbError
from ..i18n import _
from .config import parse_style

__all__ = [
    "CHECK_IN_QUESTIONS",
    "ONBOARDING_QUESTIONS",
    "FileWriter",
    "Question",
    "WriterRequest",
    "check_in_files",
    "normalise_answers",
    "onboarding_config",
    "onboarding_files",
    "questions_frame",
    "split_items",
]

logger = logging.getLogger("wsnb")


@dataclass(frozen=True)
class Question:
    """One question, in English and Chinese; ``kind`` is text, list or choice."""

    key: str
    en: str
    zh: str
    kind: str = "text"
    choices: tuple[str, ...] = ()
    default: str = ""


ONBOARDING_QUESTIONS: tuple[Question, ...] = (
    Question("address", "How should I address you?", "我该怎么称呼你？"),
    Question("assistant_name", "What should my name be?", "你想给我起什么名字？",
             default="Assistant"),
    Question("detail", "Concise or detailed answers?", "回答简洁还是详细？", "choice",
             ("concise", "detailed"), "concise"),
    Question("interruptions", "When may I interrupt you or speak up unasked?",
             "什么情况下我可以主动打断或提醒你？"),
    Question("boundaries", "Three boundaries I must respect.", "我必须遵守的三条边界。", "list"),
    Question("goals", "Your three main goals right now.", "你目前的三个主要目标。", "list"),
    Question("output_format", "Preferred output format?", "偏好的输出格式？", default="Markdown"),
    Question("memory_allowed", "What may go into long-term memory?",
             "哪些内容可以写入长期记忆？"),
    Question("memory_forbidden", "What must never go into long-term memory?",
             "哪些内容绝不能写入长期记忆？"),
    Question("project_first_steps", "What are the first steps when we start a project?",
             "开始一个项目时，先做哪几步？"),
    Question("organisation", "Organise notes by project, time, topic or mixed?",
             "笔记按项目、时间、主题还是混合方式整理？", "choice",
             ("project", "time", "topic", "mixed"), "project"),
    Question("capture", "Where should new captures go by default?", "新内容默认放在哪里？",
             default="Inbox"),
    Question("archiving", "How should finished work be archived?", "完成的工作如何归档？",
             default="Move finished projects to Archive; keep daily memories 30 days."),
)  # fmt: skip

CHECK_IN_QUESTIONS: tuple[Question, ...] = (
    Question("done", "What did you get done?", "今天完成了什么？"),
    Question("priorities", "Did any priorities change?", "优先级有变化吗？"),
    Question("remember", "Anything I should remember for the long term?",
             "有什么需要长期记住的吗？"),
)


def questions_frame(questions: tuple[Question, ...]) -> pd.DataFrame:
    rows = [{"key": q.key, "question": q.en, "问题": q.zh, "kind": q.kind,
             "choices": ", ".join(q.choices), "default": q.default} for q in questions]  # fmt: skip
    return pd.DataFrame(rows, columns=["key", "question", "问题", "kind", "choices", "default"])


def normalise_answers(questions: tuple[Question, ...], answers: Mapping[str, Any]
                      ) -> dict[str, str]:  # fmt: skip
    """Every question's answer as text (lists joined by newlines; missing -> default)."""
    if not isinstance(answers, Mapping):
        raise UsageError(_("Give the answers as a dict: {question key: answer}."))
    keys = {q.key for q in questions}
    unknown = sorted(str(k) for k in answers if k not in keys)
    if unknown:
        raise UsageError(_("Unknown answer keys {unknown}; the questions are {keys}.").format(
            unknown=unknown, keys=sorted(keys)))
    result = {}
    for question in questions:
        value = answers.get(question.key)
        if isinstance(value, list | tuple):
            value = "\n".join(str(v) for v in value)
        text = str(value).strip() if value is not None else ""
        result[question.key] = text or question.default
    return result


_ITEM_SPLIT = re.compile(r"[\n;；、]+|(?<=[^\d]),\s*|，")
_NUMBERING = re.compile(r"^\s*(?:[-*•]|\d+[.)、]|[①②③④⑤⑥⑦⑧⑨⑩])\s*")


def split_items(text: str) -> list[str]:
    """``"a、b；c"`` or numbered lines -> ``["a", "b", "c"]``."""
    items = [_NUMBERING.sub("", part).strip() for part in _ITEM_SPLIT.split(text)]
    return [item for item in items if item]


def _bullets(text: str) -> str:
    items = split_items(text)
    return "\n".join(f"- {item}" for item in items) if items else "- (not answered)"


# ---------------------------------------------------------------------------
# The writer seam
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class WriterRequest:
    """What a writer gets: the kind (onboarding, check-in), the answers, the template drafts."""

    kind: str
    answers: dict[str, str]
    drafts: dict[str, str]
    day: date


FileWriter = Callable[[WriterRequest], Mapping[str, str]]


@dataclass
class WrittenFiles:
    """The texts to plan, by role, and which of them the writer (not a template) wrote."""

    texts: dict[str, str]
    by_writer: set[str] = field(default_factory=set)
    note: str = ""


def apply_writer(request: WriterRequest, writer: FileWriter | None) -> WrittenFiles:
    """The drafts, replaced by what the writer returned for the same roles (if it worked)."""
    files = WrittenFiles(dict(request.drafts))
    if writer is None:
        return files
    try:
        produced = writer(request)
    except WsnbError as exc:
        files.note = _("The model could not write the files ({reason}); they were written from "
                       "your answers as they are: templates were used.").format(reason=exc.reason)
        logger.warning("the file writer failed; templates used")
        return files
    if not isinstance(produced, Mapping):
        files.note = _("The model returned no files; templates were used.")
        return files
    for role, text in produced.items():
        if role in files.texts and isinstance(text, str) and text.strip():
            files.texts[role] = text if text.endswith("\n") else text + "\n"
            files.by_writer.add(role)
    return files


# ---------------------------------------------------------------------------
# Templates
# ---------------------------------------------------------------------------


def onboarding_files(answers: dict[str, str], day: date) -> dict[str, str]:
    """soul.md, user.md, claude.md (whole files) and what memory.md gets appended, by role."""
    a = answers
    soul = (f"# Soul\n\n- Name: {a['assistant_name']}\n- Answers: {a['detail']}\n"
            f"- Output format: {a['output_format']}\n- Speaks up unasked: "
            f"{a['interruptions'] or '(not answered)'}\n")  # fmt: skip
    user = (f"# User\n\n- Address as: {a['address'] or '(not answered)'}\n\n"
            f"## Goals\n\n{_bullets(a['goals'])}\n")  # fmt: skip
    claude = (f"# Working rules\n\n## Boundaries\n\n{_bullets(a['boundaries'])}\n\n"
              f"## Long-term memory\n\n- May remember: {a['memory_allowed'] or '(not answered)'}\n"
              f"- Never remember: {a['memory_forbidden'] or '(not answered)'}\n\n"
              f"## Starting a project\n\n{_bullets(a['project_first_steps'])}\n\n"
              f"## Organisation\n\n- Style: {parse_style(a['organisation'])}\n"
              f"- New captures go to: {a['capture']}\n"
              f"- Finished work: {a['archiving']}\n")  # fmt: skip
    memory = (f"## Onboarding {day.isoformat()}\n\n- The user is addressed as "
              f"{a['address'] or '(not answered)'}; the assistant is {a['assistant_name']}.\n"
              f"- Goals: {'; '.join(split_items(a['goals'])) or '(not answered)'}\n")  # fmt: skip
    return {"soul": soul, "user": user, "claude": claude, "memory": memory}


# A word is negated when one of these comes shortly before it: "不要自动归档", "don't auto-archive".
_NEGATION = re.compile(r"(?:不要|不用|不需要|无需|别|勿|不|"
                       r"\b(?:never|don't|dont|do not|no|not|without)\b)"
                       r"[\s\-]*(?:\S{0,3}[\s\-]*)?$", re.IGNORECASE)  # fmt: skip
_AUTO = ("automatically", "automatic", "auto", "自动")
_MANUAL = ("never", "manual", "by hand", "手动", "不归档", "从不")
_PROJECT = ("project", "项目", "專案")
_ARCHIVE = ("archive", "归档", "歸檔")


def mentions(text: str, words: tuple[str, ...]) -> bool | None:
    """True when ``text`` says one of ``words``, False when it says it negated
    (``"不要自动"``, ``"don't auto"``), None when it says none of them."""
    folded = text.casefold()
    found: bool | None = None
    for word in words:
        start = folded.find(word)
        while start != -1:
            if _NEGATION.search(folded[max(0, start - 12):start]):
                return False
            found = True
            start = folded.find(word, start + len(word))
    return found


def onboarding_config(answers: dict[str, str], capture_folder: str) -> dict[str, Any]:
    """The config.json changes the answers mean: style, capture folder, archive policy
    (in CodePilot's keys), reading "不要 / never / don't" as the negation it is."""
    archive: dict[str, Any] = {}
    text = answers["archiving"]
    days = re.search(r"(\d{1,4})\s*(?:days?|天|日)", text, re.IGNORECASE)
    if days:
        archive["dailyMemoryRetentionDays"] = max(1, int(days.group(1)))
    auto = mentions(text, _AUTO)
    if auto is not None:
        archive["autoArchive"] = auto
    elif mentions(text, _MANUAL):
        archive["autoArchive"] = False
    if mentions(text, _PROJECT):
        projects = mentions(text, _ARCHIVE)
        if projects is not None:
            archive["closedProjectArchive"] = projects
    changes: dict[str, Any] = {"organizationStyle": parse_style(answers["organisation"]),
                               "captureDefault": capture_folder}  # fmt: skip
    if archive:
        changes["archivePolicy"] = archive
    return changes


_DEFAULT_CAPTURE = {"", "default", "默认", "inbox", "收件箱", "the inbox"}


def capture_folder(answer: str, existing: list[str]) -> str:
    """The folder an answer names: an existing top folder it mentions, a plain name, or Inbox."""
    text = answer.strip().strip("/")
    if text.casefold() in _DEFAULT_CAPTURE:
        return "Inbox"
    for folder in sorted(existing, key=len, reverse=True):
        if folder.casefold() in text.casefold():
            return folder
    if re.fullmatch(r"[\w\-./ ]{1,60}", text) and ".." not in text and len(text.split()) <= 3:
        return text
    return "Inbox"


def check_in_files(answers: dict[str, str], now: datetime, existing: str | None) -> str:
    """The day's memory file after this check-in (a new file, or the old one with an addition)."""
    from .templates import daily_template

    day = now.date()
    if existing is None:
        return daily_template(day, answers["done"], answers["priorities"], answers["remember"])
    addition = (f"## Check-in {now:%H:%M}\n\n### Work Log\n\n{answers['done'] or '-'}\n\n"
                f"### Priority Changes\n\n{answers['priorities'] or '-'}\n\n"
                f"### Candidate Long-Term Memory\n\n{answers['remember'] or '-'}\n")  # fmt: skip
    joint = "\n" if existing.endswith("\n") else "\n\n"
    return existing + joint + addition
