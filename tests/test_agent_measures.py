"""Counts about the file in context, sizes in words, sorted listings with a count, files named by
their role, and the Python line under every such answer (a count's too).

A small tree of our own, so none of these readings leans on the sample or a phrasing set.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from agent_judge import check_python_lines
from helpers import chat_tree

import wsnb
from wsnb.agent import Reply

FILES: dict[str, str | bytes] = {
    "notes/plan.txt": "alpha beta gamma\ndelta epsilon\nzeta\n",
    "notes/server.log": "x" * 3000 + "\n",
    "media/huge.bin": b"\0" * (3 * 1024 * 1024),
    "media/medium.bin": b"\0" * (700 * 1024),
    "api/server.py": "def main():\n    pass\n",
    "api/helpers.py": "X = 1\n",
    "api/pyproject.toml": "[project]\nname = 'api'\n",
    "api/config.yaml": "port: 1\n",
    "front/config.yaml": "port: 2\n",
    "keys/deploy.pem": "-----BEGIN PRIVATE KEY-----\nnot real\n",
    ".env.local": "TOKEN=not-real\n",
}


@pytest.fixture
def ws(tmp_path: Path) -> wsnb.Workspace:
    return chat_tree(tmp_path, FILES)


def _lines_ok(ws: wsnb.Workspace, reply: Reply) -> bool:
    checks = check_python_lines(ws, reply)
    return bool(checks) and all(check.ok for check in checks)


@pytest.mark.parametrize(("first", "then", "says"), [
    ("read notes/plan.txt", "and how many lines is that?", "`notes/plan.txt` has 3 lines."),
    ("read notes/plan.txt", "word count please", "`notes/plan.txt` has 6 words."),
    ("read notes/plan.txt", "how big is it", "`notes/plan.txt` is 36 bytes."),
    ("看看 notes/plan.txt", "它有多少行", "`notes/plan.txt` 共有 3 行。"),
    ("看看 notes/plan.txt", "这个文件多大", "`notes/plan.txt` 的大小是 36 字节。"),
])  # fmt: skip
def test_a_count_about_the_file_just_read(ws: wsnb.Workspace, first: str, then: str,
                                         says: str) -> None:  # fmt: skip
    ws.ask(first)
    reply = ws.ask(then)
    assert reply.plans == [] and says in reply.text, reply.text
    assert _lines_ok(ws, reply)


def test_a_named_file_is_measured_and_a_large_one_says_both_sizes(ws: wsnb.Workspace) -> None:
    reply = ws.ask("how many bytes is notes/server.log")
    assert "`notes/server.log` is 2.9 KiB (3,001 bytes)." in reply.text and _lines_ok(ws, reply)


@pytest.mark.parametrize(("message", "python"), [
    ("how many files are in notes", 'len(ws.files.query("not is_dir and path.str.startswith'
                                    "('notes/')\", engine=\"python\"))"),
    ("how many entries does api have", 'len(ws.ls("api"))'),
])  # fmt: skip
def test_every_count_shows_its_python_line(ws: wsnb.Workspace, message: str,
                                          python: str) -> None:  # fmt: skip
    reply = ws.ask(message)
    assert reply.python == python and _lines_ok(ws, reply)


@pytest.mark.parametrize(("message", "paths"), [
    ("files bigger than half a megabyte", {"media/huge.bin", "media/medium.bin"}),
    ("anything north of a couple of megabytes?", {"media/huge.bin"}),
    ("超过半兆的文件", {"media/huge.bin", "media/medium.bin"}),
    ("两兆以上的文件有哪些", {"media/huge.bin"}),
    ("files under a few KB in notes", {"notes/plan.txt", "notes/server.log"}),
])  # fmt: skip
def test_sizes_said_in_words(ws: wsnb.Workspace, message: str, paths: set[str]) -> None:
    reply = ws.ask(message)
    assert reply.table is not None and set(reply.table["path"]) == paths, message
    assert _lines_ok(ws, reply)


@pytest.mark.parametrize(("message", "first"), [
    ("按大小排个序，列出前两个", ["media/huge.bin", "media/medium.bin"]),
    ("sort the files by size, top 3", ["media/huge.bin", "media/medium.bin", "notes/server.log"]),
    ("从小到大列出 api 里的前两个文件", ["api/helpers.py", "api/config.yaml"]),
])  # fmt: skip
def test_sorted_listings_with_a_count(ws: wsnb.Workspace, message: str, first: list[str]) -> None:
    reply = ws.ask(message)
    assert reply.table is not None and list(reply.table["path"]) == first, message
    assert _lines_ok(ws, reply)


@pytest.mark.parametrize(("message", "path"), [
    ("show me the manifest of the api folder", "api/pyproject.toml"),
    ("api 的入口文件给我看看", "api/server.py"),
    ("open the config for the front end", "front/config.yaml"),
])  # fmt: skip
def test_a_file_named_by_its_role(ws: wsnb.Workspace, message: str, path: str) -> None:
    reply = ws.ask(message)
    assert reply.files_read == [path], (message, reply.text[:200])


def test_a_role_no_file_plays_says_so_and_reads_nothing(ws: wsnb.Workspace) -> None:
    reply = ws.ask("show me the lock file")
    assert reply.plans == [] and reply.files_read == [] and reply.table is None
    assert "lock file" in reply.text


@pytest.mark.parametrize("message", ["read the private key", "看看私钥", "open the env file"])
def test_a_secret_file_named_by_its_role_is_refused_by_name(ws: wsnb.Workspace,
                                                           message: str) -> None:  # fmt: skip
    reply = ws.ask(message)
    assert reply.plans == [] and reply.files_read == []
    assert "sensitive files" in reply.text or "敏感文件" in reply.text
