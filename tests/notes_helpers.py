"""Helpers for the notes tests: a fixed local clock and small trees."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from pathlib import Path

from wsnb.notes import Notes, open_notes

TZ = timezone(timedelta(hours=8))

# The 13 onboarding answers, in Chinese, as a person would type them.
ANSWERS_ZH = {
    "address": "小王",
    "assistant_name": "阿福",
    "detail": "简洁",
    "interruptions": "只有紧急的事情",
    "boundaries": "不要删除文件；不要联网、不要替我做决定",
    "goals": ["学习机器学习", "完成毕业论文", "每天锻炼"],
    "output_format": "Markdown 列表",
    "memory_allowed": "我的偏好和项目进展",
    "memory_forbidden": "密码和健康信息",
    "project_first_steps": "1. 写目标\n2. 列任务\n3. 定期回顾",
    "organisation": "按主题",
    "capture": "收件箱",
    "archiving": "完成的项目移到归档，日记保留 14 天，自动归档",
}


def clock_at(year: int, month: int, day: int, hour: int = 9) -> Callable[[], datetime]:
    """A clock that always says the same local (UTC+8) time."""
    moment = datetime(year, month, day, hour, 0, tzinfo=TZ)
    return lambda: moment


def write(root: Path, relative: str, text: str) -> Path:
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def initialized(root: Path, clock: Callable[[], datetime] | None = None) -> Notes:
    """A notes workspace at ``root``, initialized through its confirmed plans."""
    nb = open_notes(root, clock=clock or clock_at(2026, 3, 5))
    nb.initialize().confirm()
    return nb


def codepilot_v1(root: Path) -> Path:
    """An existing assistant workspace as the first version left it: v1 state, JSONL index."""
    write(root, "claude.md", "# Rules\n")
    write(root, "soul.md", "# Soul\n\nName: Ada\n")
    write(root, "user.md", "# User\n")
    write(root, "memory.md", "# Memory\n\n- likes tea\n")
    write(root, ".assistant/state.json", json.dumps(
        {"onboardingComplete": True, "lastCheckInDate": "2026-03-01",
         "hookTriggeredSessionId": "abc"}))  # fmt: skip
    write(root, "项目/计划.md", "# 计划\n\n## 目标\n\n学习机器学习。\n")
    manifest = {"noteId": "n1", "path": "项目/计划.md", "title": "计划", "aliases": [],
                "tags": [], "headings": ["目标"], "mtime": 1, "size": 10, "hash": "x",
                "summary": "", "categoryIds": []}  # fmt: skip
    chunk = {"chunkId": "n1#0", "noteId": "n1", "path": "项目/计划.md", "heading": "目标",
             "text": "学习机器学习。", "startLine": 3, "endLine": 5}  # fmt: skip
    write(root, ".assistant/index/manifest.jsonl", json.dumps(manifest, ensure_ascii=False) + "\n")
    write(root, ".assistant/index/chunks.jsonl", json.dumps(chunk, ensure_ascii=False) + "\n")
    return root
