"""Opening from the chat is never a dead end: without a desktop the text shows at once and the
reply offers a JupyterLab tab (a button in the chat); with one, the app opens on confirm."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

import wsnb
from wsnb.agent import Agent
from wsnb.disk.launcher import Launcher


def _workspace(tmp_path: Path, launcher: Launcher) -> wsnb.Workspace:
    ws = wsnb.open_workspace(wsnb.copy_sample_workspace(tmp_path / "s"), watch=False,
                             launcher=launcher)  # fmt: skip
    ws._agent = Agent(ws, environ={})
    return ws


@pytest.fixture
def headless(tmp_path: Path) -> wsnb.Workspace:
    return _workspace(tmp_path, Launcher(platform="linux", environ={}))


def test_without_a_desktop_the_text_shows_and_a_tab_is_offered(
        headless: wsnb.Workspace) -> None:  # fmt: skip
    reply = headless.ask("open README.md")
    assert reply.files_read == ["README.md"] and reply.lab_open == "README.md"
    assert "JupyterLab" in reply.text and "# wsnb sample workspace" in reply.text
    assert reply.plans == []  # a plan to launch an app could only fail here
    zh = headless.ask("打开那个 json 配置")
    assert zh.files_read == ["config/settings.json"] and zh.lab_open == "config/settings.json"
    assert zh.lang == "zh" and "JupyterLab" in zh.text


def test_a_folder_is_listed_and_an_image_offered(headless: wsnb.Workspace) -> None:
    folder = headless.ask("open src")
    assert folder.table is not None and "main.cpp" in set(folder.table["name"])
    assert folder.lab_open == "src" and folder.python == 'ws.ls("src")'
    image = headless.ask("open logo.png")
    assert image.lab_open == "assets/logo.png" and image.files_read == []


@pytest.mark.parametrize(("message", "refusal"), [
    ("open setup.exe", "never lets you open"), ("打开 setup.exe", "从不允许打开"),
])
def test_a_program_is_refused_and_no_tab_is_offered(headless: wsnb.Workspace, message: str,
                                                     refusal: str) -> None:  # fmt: skip
    (headless.root / "setup.exe").write_bytes(b"MZ\x90\x00")
    headless.scan()
    reply = headless.ask(message)
    assert reply.plans == [] and reply.lab_open == "" and reply.files_read == []
    assert refusal in reply.text


def test_with_a_desktop_the_app_opens_on_confirm(tmp_path: Path) -> None:
    tools = tmp_path / "bin"
    tools.mkdir()
    opener = tools / "xdg-open"
    opener.write_text("#!/bin/sh\nexit 0\n", encoding="utf-8")
    opener.chmod(opener.stat().st_mode | stat.S_IEXEC)
    started: list[list[str]] = []
    launcher = Launcher(platform="linux", environ={"DISPLAY": ":0", "PATH": str(tools)},
                        spawn=started.append)  # fmt: skip
    ws = _workspace(tmp_path, launcher)
    reply = ws.ask("open README.md")
    assert not reply.lab_open and len(reply.plans) == 1
    assert started == []  # nothing runs before a person confirms
    reply.plans[0].confirm()
    assert started and started[0][0] == "xdg-open" and os.path.basename(started[0][1]) \
        == "README.md"


def test_the_chat_shows_the_button(headless: wsnb.Workspace) -> None:
    pytest.importorskip("ipylab")
    widgets = pytest.importorskip("ipywidgets")
    from wsnb.widgets.chat import ReplyView

    view = ReplyView(headless.ask("open README.md"), in_chat=True, workspace=headless)
    buttons = [w for box in view.children if isinstance(box, widgets.HBox)
               for w in box.children if isinstance(w, widgets.Button)]  # fmt: skip
    assert [b.description for b in buttons] == ["Open in JupyterLab"]
