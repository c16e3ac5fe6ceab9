"""A question about what the files say becomes a search for its term (a Chinese term through
the glossary) and an answer quoting the lines, most relevant first: a definition or a key
line before a use, a configuration file before code, code before a test."""

from __future__ import annotations

import pytest

import wsnb
from wsnb.agent import Agent, Reply

FILES = {
    "tests/test_client.py": "def test_timeout():\n    assert fetch('x', timeout=1)\n",
    "src/client.py": "import requests\n\n\ndef fetch(url, timeout=None):\n"
                     "    return requests.get(url, timeout=timeout or TIMEOUT)\n\n\nTIMEOUT = 30\n",
    "conf/app.toml": "[http]\ntimeout = 30  # seconds\nport = 8080\n",
    "docs/notes.md": "# Notes\n\nThe timeout is in conf/app.toml.\n",
}


@pytest.fixture(scope="module")
def ws(tmp_path_factory: pytest.TempPathFactory) -> wsnb.Workspace:
    root = tmp_path_factory.mktemp("contents")
    for name, text in FILES.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    workspace = wsnb.open_workspace(root, watch=False)
    workspace._agent = Agent(workspace, environ={})
    return workspace


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> wsnb.Workspace:
    workspace = wsnb.open_workspace(wsnb.copy_sample_workspace(
        tmp_path_factory.mktemp("s") / "s"), watch=False)  # fmt: skip
    workspace._agent = Agent(workspace, environ={})
    return workspace


def rows(reply: Reply) -> list[tuple[str, int]]:
    assert reply.table is not None, reply.text
    return list(zip(reply.table["path"], reply.table["line"], strict=True))


def the_line_gives_the_rows(ws: wsnb.Workspace, reply: Reply) -> None:
    result = eval(reply.python, {"ws": ws})
    assert sorted(zip(result["path"], result["line"], strict=True)) == sorted(rows(reply))
    assert reply.python in reply.plain()


@pytest.mark.parametrize("message", ["超时在哪里设置", "where is the timeout configured",
                                     "超时是多少"])  # fmt: skip
def test_config_first_then_the_definition_then_uses_then_tests(ws: wsnb.Workspace,
                                                               message: str) -> None:  # fmt: skip
    reply = ws.ask(message)
    found = rows(reply)
    assert found[0] == ("conf/app.toml", 2)  # timeout = 30: a key line of a config file
    assert found.index(("src/client.py", 8)) < found.index(("src/client.py", 5))  # TIMEOUT =
    assert found[-1][0] == "tests/test_client.py" or all(
        p != "tests/test_client.py" for p, _n in found[:3])  # fmt: skip
    assert "`conf/app.toml:2`" in reply.text and "timeout = 30" in reply.text
    the_line_gives_the_rows(ws, reply)


def test_sample_questions(sample: wsnb.Workspace) -> None:
    theme = sample.ask("哪个文件设置了主题")
    assert rows(theme)[0][0] == "config/settings.json" and theme.lang == "zh"
    the_line_gives_the_rows(sample, theme)
    name = sample.ask("what is the app's name in the config?")
    assert rows(name)[0] == ("config/app.yaml", 3) and "wsnb-sample" in name.text
    the_line_gives_the_rows(sample, name)
    port = sample.ask("app.yaml 里的端口是多少")
    assert rows(port) == [("config/app.yaml", 4)]
    the_line_gives_the_rows(sample, port)
    word = sample.ask("what port does the app use")  # "port" is a word, not a piece of "import"
    assert rows(word) == [("config/app.yaml", 4)]
