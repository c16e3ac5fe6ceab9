"""The phrasing sets' judge of issue 32's kinds, its Python line check, and the scorer's clock.

Replies are made by hand on a small tree of our own, so each judgement is seen to pass and to
fail; plans are real (``ws.edit``, ``ws.write_file``) and cancelled.
"""

from __future__ import annotations

import time
from pathlib import Path

import pandas as pd
import pytest
from agent_judge import check_python_lines, edited, quoted, reply_python, rows_are, top_is
from agent_sets import OLD_DAYS, set_mtimes

import wsnb
from wsnb.agent import Reply

FILES = {
    ".gitignore": "*.tmp\n",
    ".hidden.py": "x = 1\n",
    "scratch.tmp": "left out\n",
    "cfg/server.toml": 'host = "localhost"\ntimeout = 30\nretries = 2\n',
    "src/calc.py": "def add(a, b):\n    return a + b\n",
    "src/shapes.py": "class Square:\n    side = 1\n",
    "notes.md": "# Notes\n",
}
PY_LINE = "ws.files.query(\"suffix == '.py'\")"


@pytest.fixture
def ws(tmp_path: Path) -> wsnb.Workspace:
    for name, text in FILES.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return wsnb.open_workspace(tmp_path)


def _python_files(ws: wsnb.Workspace) -> Reply:
    table = ws.files.query("suffix == '.py'")
    return Reply(f"{len(table)} Python files.\n\nIn Python: `{PY_LINE}`", table=table)


def test_the_shown_line_is_python_that_uses_ws_not_a_sentence_that_names_it() -> None:
    text = ("Read one on purpose with ws.read(path, confirm=<its name>).\n"
            "_Offline mode. To connect a model: ws.agent.connect(base_url, model=...)._\n"
            "```python\n>>> ws.grep('timeout')\n```\nOr `len(ws.files)`, or `ws.files`.")
    assert reply_python(Reply(text)) == ["ws.grep('timeout')", "len(ws.files)", "ws.files"]
    assert reply_python(Reply(text.splitlines()[0])) == []


def test_rows_are_the_table_as_a_set_less_hidden_and_ignored_files(ws: wsnb.Workspace) -> None:
    reply = _python_files(ws)
    assert ".hidden.py" in set(reply.table["path"])  # type: ignore[index]
    assert rows_are(ws, reply, ["src/shapes.py", "src/calc.py"])
    assert not rows_are(ws, reply, ["src/calc.py"])
    silent = Reply("2 Python files.", table=reply.table)
    assert not rows_are(ws, silent, ["src/shapes.py", "src/calc.py"])  # no Python line
    ignored = Reply(reply.text, table=pd.DataFrame({"path": ["scratch.tmp"]}))
    assert rows_are(ws, ignored, [])  # scratch.tmp is on disk, but .gitignored
    made_up = Reply(reply.text, table=pd.DataFrame({"path": ["src/ghost.py"]}))
    assert not rows_are(ws, made_up, [])


def test_a_shown_line_must_run_and_give_the_tables_rows(ws: wsnb.Workspace) -> None:
    reply = _python_files(ws)
    assert [check.ok for check in check_python_lines(ws, reply)] == [True]
    other = Reply(reply.text.replace("'.py'", "'.md'"), table=reply.table)
    assert "other rows" in check_python_lines(ws, other)[0].problem
    broken = Reply("`ws.files.query(\"no_column == 1\")`", table=reply.table)
    assert check_python_lines(ws, broken)[0].problem.startswith("raises")
    counted = Reply(f"There are 3 Python files.\n\n`len({PY_LINE})`")
    assert [check.ok for check in check_python_lines(ws, counted)] == [True]
    miscounted = Reply(counted.text.replace("3", "2"))
    assert not check_python_lines(ws, miscounted)[0].ok


def test_top_is_the_first_rows_in_order(ws: wsnb.Workspace) -> None:
    table = ws.files.query("not is_dir").sort_values("size", ascending=False)
    reply = Reply("The biggest files.", table=table)
    first = list(table["path"][:2])
    assert top_is(reply, first) and not top_is(reply, first[::-1])
    assert not top_is(Reply("None."), first)


def test_the_first_quoted_line_from_a_grep_table_or_from_the_text(ws: wsnb.Workspace) -> None:
    hits = ws.grep("timeout")
    assert quoted(ws, Reply("1 file.", table=hits), "cfg/server.toml", "timeout = 30")
    assert not quoted(ws, Reply("1 file.", table=hits), "cfg/server.toml", "retries")
    text = "`cfg/server.toml`, line 2:\n```\ntimeout = 30\n```\nAlso `src/calc.py`: add"
    assert quoted(ws, Reply(text), "cfg/server.toml", "timeout = 30")
    assert not quoted(ws, Reply(text), "src/calc.py", "add")  # not the first file quoted
    assert not quoted(ws, Reply("Nothing quoted."), "cfg/server.toml", "timeout")


def test_an_edit_changes_one_line_of_one_file(ws: wsnb.Workspace) -> None:
    plan = ws.edit("cfg/server.toml", "timeout = 30", "timeout = 60")
    assert edited(Reply("", plans=[plan]), "cfg/server.toml", "timeout = 30", "timeout = 60")
    assert not edited(Reply("", plans=[plan]), "cfg/server.toml", "retries", "timeout = 60")
    assert not edited(Reply("", plans=[plan]), "src/calc.py", "timeout = 30", "timeout = 60")
    plan.cancel()
    rewrite = ws.write_file("cfg/server.toml", 'host = "0.0.0.0"\ntimeout = 60\nretries = 2\n')
    assert not edited(Reply("", plans=[rewrite]), "cfg/server.toml", "timeout = 30",
                      "timeout = 60")  # fmt: skip  (the host line changed too)
    rewrite.cancel()


def test_a_sets_mtimes_age_every_file_but_the_listed_ones(tmp_path: Path) -> None:
    for name in ("a.txt", "sub/b.txt", "sub/c.txt"):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text(name)
    now = time.time()
    set_mtimes(tmp_path, {"a.txt": 0, "sub/b.txt": 3}, now)
    ages = {p.relative_to(tmp_path).as_posix(): (now - p.stat().st_mtime) / 86_400
            for p in tmp_path.rglob("*")}  # fmt: skip
    assert 0 < ages["a.txt"] <= 1 / 24 + 1e-6
    assert ages["sub/b.txt"] == pytest.approx(3)
    assert ages["sub/c.txt"] == pytest.approx(OLD_DAYS) == ages["sub"]
    with pytest.raises(ValueError, match="not in"):
        set_mtimes(tmp_path, {"missing.txt": 1})
