"""Reading more at once over MCP: ``read_files``, ``folder_tree`` and ``find_files`` with a glob.

Driven through the SDK's own client on a real server (``start_in_thread``) and,
for the same reads in Python, through the workspace's tools. Every answer is
checked against the files on disk and the index's own rules (``.gitignore``,
skipped folders).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers import write
from test_mcp_http import SECRET, call, data, text

import wsnb
from wsnb.mcp.http import RunningServer, start_in_thread


def _tree(base: Path) -> Path:
    root = base / "proj"
    write(root, "README.md", "# Proj\n")
    write(root, "src/app/main.py", "print('main')\n")
    write(root, "src/app/util.py", "def util(): ...\n")
    write(root, "src/lib.py", "X = 1\n")
    write(root, "src/notes.md", "notes\n")
    write(root, "docs/guide.md", "# Guide\n")
    write(root, "docs/deep/a/b/c.md", "deep\n")
    write(root, ".gitignore", "build/\n*.log\nsrc/app/generated.py\n")
    write(root, "build/out.py", "ignored\n")
    write(root, "src/debug.log", "ignored\n")
    write(root, "src/app/generated.py", "ignored\n")
    write(root, "node_modules/pkg/index.py", "skipped\n")
    write(root, ".git/HEAD", "ref: refs/heads/main\n")
    write(root, ".env", f"API_KEY={SECRET}\n")
    write(root, "image.png", b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4)
    write(root, "big.txt", "0123456789abcdef\n" * 5000)  # 85,000 bytes
    write(root, "big2.txt", "fedcba9876543210\n" * 5000)
    for n in range(250):
        write(root, f"many/f{n:03}.txt", f"{n}\n")
    return root


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _tree(tmp_path_factory.mktemp("reads-many"))


@pytest.fixture(scope="module")
def served(root: Path) -> Iterator[tuple[wsnb.Workspace, RunningServer]]:
    ws = wsnb.open_workspace(root, watch=False)
    server = start_in_thread(ws)
    yield ws, server
    server.close()
    ws.close()


def _files(answer: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {row["path"]: row for row in answer["files"]}


# -- read_files --------------------------------------------------------------------------


def test_read_files_answers_each_path_with_its_text_or_its_own_error(served: Any) -> None:
    _ws, server = served
    result = call(server, "read_files", {"paths": ["README.md", "missing.md", ".env",
                                                   "image.png", "src/lib.py", "../x.txt"]})
    answer = data(result)
    rows = _files(answer)
    assert [row["path"] for row in answer["files"]] == ["README.md", "missing.md", ".env",
                                                        "image.png", "src/lib.py", "../x.txt"]
    assert rows["README.md"]["text"] == "# Proj\n" and rows["README.md"]["kind"] == "text"
    assert rows["src/lib.py"]["text"] == "X = 1\n" and rows["src/lib.py"]["encoding"]
    assert rows["missing.md"]["kind"] == "missing" and "missing.md" in rows["missing.md"]["error"]
    assert rows[".env"]["kind"] == "refused" and "text" not in rows[".env"]
    assert rows["image.png"]["kind"] in {"unsupported", "refused"}
    assert rows["../x.txt"]["kind"] == "refused" and "outside" in rows["../x.txt"]["error"]
    assert answer["read"] == 2 and answer["asked"] == 6 and answer["note"] == ""
    said = text(result)
    assert SECRET not in said and SECRET not in str(answer)
    assert '<error path=".env" kind="refused">' in said and "# Proj" in said
    for row in answer["files"]:  # each error a whole sentence
        assert row["kind"] == "text" or row["error"].rstrip().endswith(".")


def test_read_files_keeps_the_whole_answer_within_a_models_bytes(served: Any) -> None:
    _ws, server = served
    answer = data(call(server, "read_files", {"paths": ["big.txt", "big2.txt", "README.md"]}))
    big, big2, readme = answer["files"]
    assert answer["limit"] == 128 * 1024
    assert big["kind"] == "text" and not big["truncated"] and big["bytes"] == 85_000
    # The second file is cut where the 128 KiB run out; the third is not read, and says so.
    assert big2["truncated"] and big2["bytes"] == 128 * 1024 - 85_000
    assert len(big2["text"].encode()) == big2["bytes"] and "read it alone" in big2["note"]
    assert readme["kind"] == "not_read" and "another call" in readme["error"]
    assert answer["bytes"] == 128 * 1024
    assert "2 files were cut or not read" in answer["note"]


def test_read_files_takes_1_to_20_paths(served: Any) -> None:
    _ws, server = served
    many = call(server, "read_files", {"paths": [f"many/f{n:03}.txt" for n in range(21)]})
    none = call(server, "read_files", {"paths": []})
    twenty = data(call(server, "read_files", {"paths": [f"many/f{n:03}.txt" for n in range(20)]}))
    assert many.is_error and "1 to 20" in text(many) and "21" in text(many)
    assert none.is_error and "1 to 20" in text(none)
    assert [row["text"] for row in twenty["files"]] == [f"{n}\n" for n in range(20)]


def test_read_files_in_python_is_the_same_tool(root: Path) -> None:
    ws = wsnb.open_workspace(root, watch=False)
    try:
        tool = ws.tools.get("read_files")
        done = tool.run(ws.context, paths=["README.md", "nope.txt"])  # type: ignore[attr-defined]
    finally:
        ws.close()
    frame = done.data
    assert done.success and frame["kind"].tolist() == ["text", "missing"]
    assert frame.loc[0, "text"] == "# Proj\n"


# -- folder_tree ---------------------------------------------------------------------------


def _walk(nodes: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    for node in nodes:
        yield node
        yield from _walk(node.get("children", []))


def test_folder_tree_is_nested_and_leaves_out_what_the_index_leaves_out(served: Any) -> None:
    _ws, server = served
    result = call(server, "folder_tree", {"path": "src", "depth": 5})
    tree = data(result)
    paths = {node["path"] for node in _walk(tree["tree"])}
    assert paths == {"src/app", "src/app/main.py", "src/app/util.py", "src/lib.py",
                     "src/notes.md"}  # no debug.log, no generated.py (.gitignore)
    [app] = [node for node in tree["tree"] if node["type"] == "folder"]
    assert app["name"] == "app" and app["files"] == 2 and app["left_out"] == 0
    assert [child["name"] for child in app["children"]] == ["main.py", "util.py"]
    assert tree["shown"] == tree["total"] == 5 and not tree["truncated"]
    assert "└── " in text(result) or "├── " in text(result)

    top = data(call(server, "folder_tree", {}))
    names = {node["name"] for node in top["tree"]}
    assert {"src", "docs", "README.md"} <= names
    assert not names & {"build", "node_modules", ".git"}  # ignored or skipped, as the index does
    [docs] = [node for node in top["tree"] if node["name"] == "docs"]
    [deep] = [node for node in docs["children"] if node["name"] == "deep"]
    assert top["depth"] == 3 and deep["files"] == 1 and deep["left_out"] == 1  # a/ is deeper


def test_a_big_tree_is_cut_shallowest_first_with_the_true_totals(served: Any) -> None:
    ws, server = served
    result = call(server, "folder_tree", {"path": ".", "depth": 2})
    tree = data(result)
    nodes = list(_walk(tree["tree"]))
    assert tree["shown"] == len(nodes) == 200 and tree["truncated"]
    level_one = [n for n in nodes if "/" not in n["path"]]
    assert len(level_one) == len(ws.files.query("depth == 1"))  # the top level is whole
    [many] = [node for node in tree["tree"] if node["name"] == "many"]
    assert many["files"] == 250 and many["entries"] == 250
    assert many["left_out"] == 250 - len(many["children"]) > 0
    assert tree["total"] > 200 and f"of {tree['total']:,} entries" in tree["note"]
    assert tree["files"] == len(ws.files.query("~is_dir"))
    assert tree["note"] in text(result)


def test_folder_tree_refuses_a_bad_depth_and_an_escape(served: Any) -> None:
    _ws, server = served
    deep = call(server, "folder_tree", {"depth": 11})
    escape = call(server, "folder_tree", {"path": ".."})
    a_file = call(server, "folder_tree", {"path": "README.md"})
    assert deep.is_error and "depth must be a whole number from 1 to 10" in text(deep)
    assert escape.is_error and "outside" in text(escape)
    assert a_file.is_error and "not a folder" in text(a_file)


# -- find_files with a glob -------------------------------------------------------------------


def test_a_glob_finds_paths_and_respects_gitignore(served: Any) -> None:
    _ws, server = served
    found = data(call(server, "find_files", {"keyword": "src/**/*.py"}))
    assert [row["path"] for row in found["rows"]] == ["src/app/main.py", "src/app/util.py",
                                                       "src/lib.py"]  # fmt: skip
    anywhere = data(call(server, "find_files", {"keyword": "*.MD"}))
    assert [row["path"] for row in anywhere["rows"]] == ["README.md", "docs/deep/a/b/c.md",
                                                          "docs/guide.md", "src/notes.md"]
    logs = call(server, "find_files", {"keyword": "*.log"})
    assert data(logs)["rows"] == [] and "No path in the index matches" in data(logs)["nothing"]
    every_py = data(call(server, "find_files", {"keyword": "**/*.py"}))
    assert {row["path"] for row in every_py["rows"]} == {"src/app/main.py", "src/app/util.py",
                                                         "src/lib.py"}  # fmt: skip


def test_a_glob_is_cut_at_30_and_says_the_total(served: Any) -> None:
    _ws, server = served
    found = data(call(server, "find_files", {"keyword": "many/f?[0-9]*.txt"}))
    assert found["shown"] == 30 and found["total_matches"] == 250
    assert "paths 1 to 30 of 250" in found["note"] and found["next_offset"] == 30
    assert found["rows"][0]["path"] == "many/f000.txt"


def test_a_keyword_without_glob_characters_still_ranks_names(served: Any) -> None:
    ws, server = served
    found = data(call(server, "find_files", {"keyword": "main"}))
    assert [row["path"] for row in found["rows"]] == ws.find("main")["path"].tolist()
    assert found["rows"][0]["path"] == "src/app/main.py"


def test_ws_find_takes_a_glob_too(root: Path) -> None:
    ws = wsnb.open_workspace(root, watch=False)
    try:
        assert ws.find("docs/**/*.md")["path"].tolist() == ["docs/deep/a/b/c.md", "docs/guide.md"]
        assert len(ws.find("many/*.txt", limit=None)) == 250
        assert ws.find(".git*")["path"].tolist() == [".gitignore"]  # a leading dot is a name's
    finally:
        ws.close()


@pytest.mark.parametrize(("pattern", "path", "hit"), [
    ("*.py", "a/b/c.py", True), ("*.py", "a/b/c.pyc", False), ("src/*.py", "src/a/b.py", False),
    ("src/**/*.py", "src/b.py", True), ("src/**", "src/a/b", True), ("src/**", "srcx/a", False),
    ("[!a]*.md", "b.md", True), ("[!a]*.md", "a.md", False), ("a?c.txt", "abc.txt", True),
    ("a?c.txt", "a/c.txt", False), ("./docs/*.md", "docs/x.md", True), ("x[.md", "x[.md", True),
])  # fmt: skip
def test_the_glob_rules(pattern: str, path: str, hit: bool) -> None:
    from wsnb.tools.pathglob import glob_regex

    assert (glob_regex(pattern).fullmatch(path) is not None) is hit
