"""The project summary on small real trees."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import wsnb
from wsnb.fileindex.analysis import ProjectSummary, summarize
from wsnb.fileindex.index import FileIndex
from wsnb.fileindex.scanner import scan
from wsnb.policy.access import AccessPolicy


def make_files(root: Path, files: dict[str, str | bytes]) -> None:
    for relative, content in files.items():
        target = root / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, str):
            target.write_text(content, encoding="utf-8")
        else:
            target.write_bytes(content)


def summary_of(root: Path) -> ProjectSummary:
    policy = AccessPolicy(root)
    frame, report = scan(policy)
    return summarize(policy, FileIndex(frame, report))


MIXED: dict[str, str | bytes] = {
    "README.md": "# Demo\n",
    "LICENSE": "MIT\n",
    "CMakeLists.txt": "project(demo)\nadd_executable(demo src/main.cpp)\n",
    "src/main.cpp": '#include "shape.h"\n\nint main(int argc, char** argv) {\n    return 0;\n}\n',
    "src/shape.cpp": '#include "shape.h"\nint Shape::area() const { return 1; }\n',
    "src/shape.h": "class Shape { public: int area() const; };\n",
    "app/main.py": 'def main():\n    pass\n\n\nif __name__ == "__main__":\n    main()\n',
    "app/util.py": "def helper():\n    return 1\n",
    "tool/__main__.py": "print('hi')\n",
    "pyproject.toml": '[project]\nname = "demo"\n[project.scripts]\ndemo = "app.main:main"\n',
    "web/package.json": json.dumps(
        {"name": "web", "main": "./lib/server.js", "bin": {"webtool": "bin/cli.js"}}
    ),
    "web/lib/server.js": "module.exports = {};\n",
    "web/index.js": "require('./lib/server');\n",
    ".gitlab-ci.yml": "test:\n  script: make\n",
    "data/blob.bin": b"\x00\x01" * 50,
    ".env": 'int main() { return 0; }\nif __name__ == "__main__":\n',
}


@pytest.fixture()
def mixed(tmp_path: Path) -> Path:
    root = tmp_path / "demo"
    make_files(root, MIXED)
    return root


def test_totals_and_languages(mixed: Path) -> None:
    summary = summary_of(mixed)
    assert summary.files == len(MIXED)
    assert summary.folders == 6  # src app tool web web/lib data
    assert summary.total_bytes == sum(
        len(c.encode() if isinstance(c, str) else c) for c in MIXED.values()
    )
    languages = summary.languages.set_index("language")
    assert languages.loc["C++", "files"] == 3  # two .cpp and the .h
    assert languages.loc["Python", "files"] == 3
    assert languages.loc["JavaScript", "files"] == 2
    assert languages.loc["CMake", "files"] == 1
    assert summary.languages["language"].iloc[-1] == "Other"
    assert list(summary.languages.columns) == ["language", "files", "bytes", "share"]
    assert abs(summary.languages["share"].sum() - 1.0) < 1e-9
    head = summary.languages[summary.languages["language"] != "Other"]["files"]
    assert list(head) == sorted(head, reverse=True)


def test_headers_count_as_c_in_a_c_project(tmp_path: Path) -> None:
    make_files(tmp_path / "c", {"a.c": "int x;\n", "b.c": "int y;\n", "a.h": "extern int x;\n"})
    languages = summary_of(tmp_path / "c").languages
    assert languages.set_index("language").loc["C", "files"] == 3


def test_top_folders(mixed: Path) -> None:
    folders = summary_of(mixed).top_folders
    assert list(folders.columns) == ["folder", "files", "bytes"]
    rows = {row.folder: row.files for row in folders.itertuples()}
    assert rows == {"src": 3, "web": 3, "app": 2, "tool": 1, "data": 1}
    assert list(folders["folder"][:2]) == ["src", "web"]


def test_key_files(mixed: Path) -> None:
    kinds = dict(summary_of(mixed).key_files.itertuples(index=False))
    assert kinds["README.md"] == "readme"
    assert kinds["LICENSE"] == "license"
    assert kinds["CMakeLists.txt"] == "build"
    assert kinds["pyproject.toml"] == "package"
    assert kinds["web/package.json"] == "package"
    assert kinds[".gitlab-ci.yml"] == "ci"
    assert "src/main.cpp" not in kinds
    assert list(kinds)[:2] == ["README.md", "LICENSE"]


def test_entry_points(mixed: Path) -> None:
    entries = summary_of(mixed).entry_points
    found = {(row.path, row.reason) for row in entries.itertuples()}
    paths = {path for path, _ in found}
    assert ("src/main.cpp", "defines main() (C/C++)") in found
    assert ("app/main.py", 'runs as a script (if __name__ == "__main__")') in found
    assert ("tool/__main__.py", "Python package entry (__main__.py)") in found
    assert ("web/lib/server.js", 'named by web/package.json "main"') in found
    assert ("web/bin/cli.js", 'named by web/package.json "bin" webtool (not in the scan)') in found
    assert ("web/index.js", "JavaScript/TypeScript entry by name") in found
    assert ("pyproject.toml", "script demo = app.main:main") in found
    assert "app/util.py" not in paths and "src/shape.cpp" not in paths
    assert ".env" not in paths  # sensitive: never read, whatever it holds


def test_package_json_pointing_outside_is_ignored(tmp_path: Path) -> None:
    make_files(tmp_path / "p", {"package.json": json.dumps({"main": "../../etc/passwd"})})
    assert summary_of(tmp_path / "p").entry_points.empty


def test_largest_and_recent(mixed: Path) -> None:
    summary = summary_of(mixed)
    assert list(summary.largest.columns) == ["path", "size"]
    assert summary.largest["path"].iloc[0] == "data/blob.bin"
    assert list(summary.largest["size"]) == sorted(summary.largest["size"], reverse=True)
    assert len(summary.recent) == 10
    assert list(summary.recent.columns) == ["path", "modified"]


def test_repr_is_deterministic_and_has_every_section(mixed: Path) -> None:
    first = repr(summary_of(mixed))
    assert first == repr(summary_of(mixed))
    lines = first.splitlines()
    assert lines[0] == "Project summary: demo"
    assert lines[1].startswith("16 files in 6 folders, ")
    for title in ("Languages:", "Top folders:", "Key files:", "Entry points:"):
        assert title in lines
    assert "src/main.cpp" in first
    assert str(mixed) not in first  # no full path: the same tree elsewhere reads the same


def test_repr_is_the_same_for_the_same_tree_in_another_place(tmp_path: Path) -> None:
    make_files(tmp_path / "one" / "demo", MIXED)
    make_files(tmp_path / "two" / "demo", MIXED)
    assert repr(summary_of(tmp_path / "one" / "demo")) == repr(
        summary_of(tmp_path / "two" / "demo")
    )


def test_html_escapes_file_names(tmp_path: Path) -> None:
    make_files(tmp_path / "w", {"README<b>.md": "# hi\n", "main.py": "x = 1\n"})
    summary = summary_of(tmp_path / "w")
    assert "README<b>.md" in repr(summary)
    page = summary._repr_html_()
    assert "<b>" not in page
    assert "README&lt;b&gt;.md" in page
    assert "<table" in page


def test_empty_workspace(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    summary = summary_of(tmp_path / "empty")
    assert (summary.files, summary.folders, summary.total_bytes) == (0, 0, 0)
    assert summary.languages.empty and list(summary.languages.columns) == [
        "language", "files", "bytes", "share",
    ]  # fmt: skip
    assert summary.entry_points.empty and summary.key_files.empty
    text = repr(summary)
    assert "0 files in 0 folders, 0 bytes" in text
    assert text.count("(none)") == 4
    assert "<table" not in summary._repr_html_()


def test_a_chinese_summary_reads_chinese_while_its_frames_keep_english_columns(
    tmp_path: Path,
) -> None:
    from english import english_sentences

    from wsnb.i18n import using_language

    ws = wsnb.open_workspace(wsnb.copy_sample_workspace(tmp_path / "sample"))
    with using_language("zh"):
        summary = ws.summary()
        text, page = repr(summary), summary._repr_html_()
        reply = ws.ask("分析这个项目").text.split("```")[1]  # the summary (then the README's words)
    assert english_sentences([text]) == [] and english_sentences([reply]) == []
    assert "语言        文件数" in reply
    assert "语言        文件数" in text and "占比" in text and "原因" in text and "字节" in text
    assert "<th>文件数</th>" in page and "<th>files</th>" not in page
    assert summary.languages.columns.tolist() == ["language", "files", "bytes", "share"]
    assert summary.languages["bytes"].dtype.kind == "i"  # still byte counts for code
    with using_language("en"):
        english = repr(ws.summary())  # the same cached summary, said again in English
        assert "  language    file count       size  share" in english
        assert "个文件" not in english and " files and " in english


def test_a_chinese_listing_sets_the_folder_apart_from_its_words(tmp_path: Path) -> None:
    ws = wsnb.open_workspace(wsnb.copy_sample_workspace(tmp_path / "sample"))
    assert "src 里有 3 项" in ws.ask("列出 src").text.replace("`", "")
