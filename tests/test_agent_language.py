"""Every sentence of the agent exists in Chinese, and a Chinese message gets Chinese back."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file

import wsnb
from wsnb.agent import Agent
from wsnb.i18n import _, ngettext

AGENT = Path(wsnb.__file__).parent / "agent"
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2)}


def _messages() -> list[tuple[str, str, str]]:
    """(module, message, plural form or "") for every sentence the agent's modules mark."""
    found: list[tuple[str, str, str]] = []
    for path in sorted(AGENT.glob("*.py")):
        for _line, message, _comments, _context in extract_from_file(
            "python", str(path), keywords=KEYWORDS
        ):
            one, many = message if isinstance(message, tuple) else (message, "")
            found.append((path.name, str(one), str(many)))
    return found


def _fields(text: str) -> list[str]:
    return sorted(part.split("}")[0].split(":")[0] for part in text.split("{")[1:])


def test_the_agent_has_sentences_to_translate() -> None:
    names = {name for name, _one, _many in _messages()}
    assert {"actions.py", "changes.py", "agent.py", "intents.py", "resolve.py"} <= names
    assert any(many for _name, _one, many in _messages())  # plural forms are checked too


@pytest.mark.parametrize(("module", "message", "plural"), _messages())
def test_every_agent_sentence_has_a_chinese_translation(module: str, message: str,
                                                        plural: str) -> None:  # fmt: skip
    chinese = ngettext(message, plural, 2, lang="zh") if plural else _(message, lang="zh")
    assert chinese not in {message, plural}, f"{module}: no Chinese for {message!r}"
    assert _fields(chinese) == sorted(set(_fields(plural or message)))


def test_a_chinese_conversation_reads_chinese(tmp_path: Path) -> None:
    ws = wsnb.open_workspace(wsnb.copy_sample_workspace(tmp_path / "sample"))
    ws._agent = Agent(ws, environ={})
    for message in ("搜索 README", "读取 widget", "读取 没有这个.txt", "src 里有什么", "帮助",
                    "当前工作区", "删除第一个和第二个", "永久删除 README.md"):  # fmt: skip
        reply = ws.ask(message)
        first = reply.text.splitlines()[0]
        assert reply.lang == "zh"
        assert not any(word in first for word in ("the ", "The ", "Found", "There", "Which")), first
