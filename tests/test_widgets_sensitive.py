"""The sensitive-read card: Read stays disabled until the file's name is typed, then reads once.

Clicks are the buttons' own ``click()``, the path a browser click takes in the kernel.
"""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

import wsnb
from wsnb.widgets.sensitive import SensitiveReadCard

SECRET = "DB_PASSWORD=" + "correct-horse" + "\n"


@pytest.fixture
def ws(tmp_path: Path) -> wsnb.Workspace:
    root = tmp_path / "proj"
    (root / "keys").mkdir(parents=True)
    (root / "keys" / ".env").write_text(SECRET, encoding="utf-8")
    (root / "notes.md").write_text("# notes\n", encoding="utf-8")
    return wsnb.open_workspace(root)


def test_read_waits_for_the_exact_name_then_shows_the_text(
    ws: wsnb.Workspace, caplog: pytest.LogCaptureFixture
) -> None:
    card = SensitiveReadCard(ws, "keys/.env")
    assert card.rule is not None and card.rule.code == "env-file"
    assert "Sensitive file keys/.env (rule env-file)" in card.plain()
    assert card.read_button.disabled
    card.read_button.click()  # disabled: nothing is read
    assert card.doc is None and card.text.value == ""
    card.name_box.value = "env"
    assert card.read_button.disabled
    card.name_box.value = ".env"
    assert not card.read_button.disabled
    with caplog.at_level(logging.INFO, logger="wsnb"):
        card.read_button.click()
    assert card.doc is not None and card.doc.text == SECRET
    assert "correct-horse" in card.text.value
    assert "Read keys/.env on purpose" in card.plain() and "correct-horse" not in card.plain()
    assert any("on purpose" in r.getMessage() for r in caplog.records)
    assert all("correct-horse" not in r.getMessage() for r in caplog.records)
    card.hide_button.click()
    assert card.doc is None and card.text.value == "" and card.read_button.disabled
    assert "correct-horse" not in repr(card)
    card.close()


def test_a_file_that_is_not_sensitive_says_so(ws: wsnb.Workspace) -> None:
    card = SensitiveReadCard(ws, "notes.md")
    assert card.rule is None and "not sensitive by name" in card.plain()


def test_the_card_speaks_chinese(ws: wsnb.Workspace) -> None:
    wsnb.set_language("zh")
    card = SensitiveReadCard(ws, "keys/.env")
    assert "敏感文件 keys/.env" in card.plain() and "输入" in card.name_box.placeholder
