""".gitignore handling: the rules on their own, and as a scan applies them to real trees."""

from __future__ import annotations

import logging
import os
from pathlib import Path

import pytest
from helpers import make_files, scan_paths

from wsnb.fileindex.gitignore import (
    MAX_GITIGNORE_BYTES,
    NO_RULES,
    GitignoreFile,
    IgnoreRules,
    load_gitignore,
)

# Patterns of every shape the quick pre-check sorts: exact names, endings, other
# name globs, anchored and nested path patterns, "**", escapes and negations.
PATTERNS = [
    "*.log", "!keep.log", "tmp/", "/only_root.txt", "docs/_build/", "**/gen/*.c",
    "*.py[cod]", "a?c.txt", "[Bb]in/", "\\#hash.txt", "*~", ".DS_Store", "x/*/y.txt",
    "**/deep/**", "!deep/keep.me", "/*.bak", "Makefile", "/coverage",
]  # fmt: skip


def rules_of(*stack: tuple[str, list[str]]) -> IgnoreRules:
    """Rules from (folder prefix, lines) pairs, the root's first."""
    rules = NO_RULES
    for base, lines in stack:
        rules = rules.pushed(base, GitignoreFile.from_lines(lines))
    return rules


# -- the rules on their own ---------------------------------------------------------


def test_no_rules_pick_nothing() -> None:
    assert not NO_RULES
    assert NO_RULES.candidates("", ["a.log", "tmp"]) is None
    assert not NO_RULES.is_ignored("a.log")


def test_candidates_never_miss_an_ignored_name() -> None:
    """The pre-check may pick too much, never too little: checked against the exact answer."""
    rules = rules_of(("", PATTERNS), ("sub/", ["*.gen", "/out/", "!keep.gen"]))
    names = [
        "a.log", "keep.log", "tmp", "only_root.txt", "_build", "b.c", "m.pyc", "m.py",
        "abc.txt", "ac.txt", "bin", "Bin", "#hash.txt", "notes.txt~", ".DS_Store", "y.txt",
        "keep.me", "other.txt", "r.bak", "Makefile", "coverage", "coverage.xml", "x.gen",
        "keep.gen", "out", "plain.txt", "工作区.log",
    ]  # fmt: skip
    prefixes = ["", "sub/", "docs/", "sub/docs/", "gen/", "s/gen/", "x/", "x/q/", "deep/",
                "a/deep/", "sub/out/", "其他/"]  # fmt: skip
    missed = []
    for prefix in prefixes:
        picked = rules.candidates(prefix, names) or frozenset()
        for name in names:
            for path in (prefix + name, prefix + name + "/"):
                if rules.is_ignored(path) and name not in picked:
                    missed.append(path)
    assert missed == []


def test_file_hits_in_bulk_never_miss_an_ignored_file() -> None:
    """The bulk pre-check a walk runs over many folders' files at once: never too little."""
    rules = rules_of(("", PATTERNS), ("sub/", ["*.gen", "/out/", "!keep.gen", "x/*.c"]))
    names = ["a.log", "keep.log", "m.pyc", "abc.txt", "#hash.txt", "notes.txt~", "r.bak",
             "x.gen", "keep.gen", "b.c", "y.txt", "Makefile", "工作区.log"]  # fmt: skip
    prefixes = ["sub/", "sub/x/", "sub/gen/", "sub/deep/", "sub/q/", "sub/x/q/"]
    looked = [name for _ in prefixes for name in names]
    offsets = list(range(0, len(looked) + 1, len(names)))
    hits = set(rules.file_hits(prefixes, offsets, looked))
    ignored = {
        k * len(names) + i
        for k, prefix in enumerate(prefixes)
        for i, name in enumerate(names)
        if rules.is_ignored(prefix + name)
    }
    assert ignored and ignored <= hits
    narrow = rules_of(("", ["*.log", "!keep.log", "/gen/*.c", "Makefile"]))
    looked = ["a.log", "keep.log", "x.c", "x.c", "m.py", "Makefile", "x.c", "y.txt", "a.py"]
    picked = narrow.file_hits(["", "gen/", "src/"], [0, 3, 6, 9], looked)
    assert picked == [0, 1, 3, 5]  # the logs, gen/x.c, Makefile; never src/x.c


def test_candidates_let_most_folders_go() -> None:
    rules = rules_of(("", ["*.log", "tmp/", "/coverage"]))
    assert rules.candidates("src/", ["main.py", "README.md", "coverage"]) is None
    assert rules.candidates("", ["coverage.xml", "main.py"]) is None
    assert rules.candidates("", ["coverage", "main.py"]) == {"coverage"}
    assert rules.candidates("src/", ["tmp", "b.py"]) == {"tmp"}
    assert {"a.log", "tmp"} <= (rules.candidates("src/", ["a.log", "tmp", "b.py"]) or set())
    assert rules.is_ignored("src/a.log") and rules.is_ignored("tmp/")
    assert not rules.is_ignored("tmp")  # a file named like a folder pattern


def test_a_name_with_a_newline_is_still_picked() -> None:
    """Name patterns run over names joined by newlines; a newline in a name can't hide it."""
    for pattern, odd in (("*.log", "b\n.log"), ("*.py[cod]", "b\nc.pyc"), ("x?z", "x\nz")):
        rules = rules_of(("", [pattern]))
        names = ["a.txt", odd, "c.txt"]
        assert rules.is_ignored(odd), pattern
        assert odd in (rules.candidates("", names) or frozenset()), pattern


def test_deepest_gitignore_decides() -> None:
    rules = rules_of(("", ["*.gen"]), ("a/", ["!keep.gen"]))
    assert rules.is_ignored("a/x.gen")
    assert not rules.is_ignored("a/keep.gen")
    assert rules.is_ignored("keep.gen")  # the root's rule: a/.gitignore says nothing here


def test_with_gitignore_reads_the_folders_file(tmp_path: Path) -> None:
    make_files(tmp_path, "sub/.gitignore", content="*.tmp\n")
    rules = NO_RULES.with_gitignore(str(tmp_path), "sub/")
    assert rules.is_ignored("sub/x.tmp")
    assert not rules.is_ignored("x.tmp")  # below sub/ only
    assert NO_RULES.with_gitignore(str(tmp_path), "missing/") is NO_RULES


def test_bad_pattern_is_left_out_and_logged(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    make_files(tmp_path, ".gitignore", content="*.log\n\\\n")
    with caplog.at_level(logging.INFO, logger="wsnb"):
        file = load_gitignore(tmp_path / ".gitignore", "")
    assert file is not None and NO_RULES.pushed("", file).is_ignored("a.log")
    assert "1 invalid pattern(s)" in caplog.text


def test_huge_gitignore_is_skipped(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    (tmp_path / ".gitignore").write_text("#" * (MAX_GITIGNORE_BYTES + 1), encoding="utf-8")
    with caplog.at_level(logging.INFO, logger="wsnb"):
        assert load_gitignore(tmp_path / ".gitignore", "") is None
    assert "larger than 1 MiB" in caplog.text


def test_linked_gitignore_is_never_read(tmp_path: Path) -> None:
    make_files(tmp_path, "elsewhere.txt", content="*.txt\n")
    try:
        os.symlink(tmp_path / "elsewhere.txt", tmp_path / ".gitignore")
    except (OSError, NotImplementedError) as exc:
        pytest.skip(f"symlinks can't be made here: {exc}")
    assert load_gitignore(tmp_path / ".gitignore", "") is None


# -- as a scan applies them ---------------------------------------------------------


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    root = tmp_path / "ws"
    root.mkdir()
    return root


def test_root_gitignore(ws: Path) -> None:
    (ws / ".gitignore").write_text(
        "# comment\n*.log\n!keep.log\ntmp/\n/only_root.txt\n", encoding="utf-8"
    )
    make_files(
        ws, "a.log", "keep.log", "sub/b.log", "sub/keep.log", "tmp/x.txt", "sub/tmp/y.txt",
        "only_root.txt", "sub/only_root.txt", "tmp.txt", "notes.txt",
    )  # fmt: skip
    (ws / "tmpfile").write_text("tmp/ matches folders only", encoding="utf-8")
    (ws / "sub" / "tmp2").mkdir()
    paths, report = scan_paths(ws)
    assert paths == [
        ".gitignore", "keep.log", "notes.txt", "sub", "sub/keep.log", "sub/only_root.txt",
        "sub/tmp2", "tmp.txt", "tmpfile",
    ]  # fmt: skip
    # a.log, sub/b.log, tmp/, sub/tmp/, only_root.txt
    assert report.ignored == 5
    assert "5 ignored by .gitignore" in str(report)


def test_file_named_like_a_folder_pattern_is_kept(ws: Path) -> None:
    (ws / ".gitignore").write_text("cache/\n", encoding="utf-8")
    make_files(ws, "cache", "sub/cache/x.txt")
    paths, report = scan_paths(ws)
    assert paths == [".gitignore", "cache", "sub"]
    assert report.ignored == 1


def test_nested_gitignore_applies_below_its_folder(ws: Path) -> None:
    (ws / ".gitignore").write_text("*.tmp\n", encoding="utf-8")
    make_files(ws, "a/b.gen", "a/x.tmp", "a/c/d.gen", "a/keep.gen", "z/e.gen", "a/out/f.txt")
    make_files(ws, "a/.gitignore", content="*.gen\n!keep.gen\n/out/\n")
    make_files(ws, "a/c/.gitignore", content="!d.gen\n")
    make_files(ws, "z/out/f.txt")
    paths, report = scan_paths(ws)
    assert paths == [
        ".gitignore", "a", "a/.gitignore", "a/c", "a/c/.gitignore", "a/c/d.gen", "a/keep.gen",
        "z", "z/e.gen", "z/out", "z/out/f.txt",
    ]  # fmt: skip
    assert report.ignored == 3  # a/b.gen, a/x.tmp, a/out/


def test_gitignore_path_patterns(ws: Path) -> None:
    (ws / ".gitignore").write_text("docs/_build/\nsrc/**/*.o\n*.py[co]\n", encoding="utf-8")
    make_files(
        ws, "docs/_build/index.html", "docs/api.md", "src/a/b/x.o", "src/y.o", "m.pyc", "m.py",
        "other/docs/_build/keep.txt",
    )  # fmt: skip
    paths, _ = scan_paths(ws)
    assert "docs/api.md" in paths and "m.py" in paths
    assert "other/docs/_build/keep.txt" in paths
    for gone in ("docs/_build", "src/a/b/x.o", "src/y.o", "m.pyc"):
        assert gone not in paths


def test_gitignore_listed_late_in_a_big_folder_still_applies_to_all_of_it(ws: Path) -> None:
    """A folder is recorded in chunks; its .gitignore counts for the chunks before its own."""
    make_files(ws, "!a.log", "#b.log", "+c.txt", "d.log", "e.txt")
    (ws / ".gitignore").write_text("*.log\n", encoding="utf-8")
    paths, report = scan_paths(ws, progress_every=2)
    assert paths == ["+c.txt", ".gitignore", "e.txt"]
    assert report.ignored == 3


def test_ignored_and_skipped_are_counted_once(ws: Path) -> None:
    """A folder skipped by name is counted as skipped even when .gitignore names it too."""
    (ws / ".gitignore").write_text("node_modules/\n.cache/\n", encoding="utf-8")
    make_files(ws, "node_modules/x.js", ".cache/y", "keep.txt")
    paths, report = scan_paths(ws)
    assert paths == [".gitignore", "keep.txt"]
    assert (report.skipped, report.ignored) == (2, 0)


def test_broken_gitignore_pattern_is_skipped(ws: Path) -> None:
    (ws / ".gitignore").write_text("*.log\n\\\n", encoding="utf-8")
    make_files(ws, "a.log", "b.txt")
    paths, _ = scan_paths(ws)
    assert paths == [".gitignore", "b.txt"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")
def test_gitignore_that_is_a_fifo_is_never_opened(ws: Path) -> None:
    """Opening a FIFO would wait for a writer forever; it is left out as a special file."""
    make_files(ws, "a.log")
    os.mkfifo(ws / ".gitignore")
    paths, report = scan_paths(ws)
    assert paths == ["a.log"]
    assert report.special == 1


# -- what the rules remember from walk to walk ---------------------------------------


def test_rescans_follow_changed_files_folders_and_names(ws: Path) -> None:
    # Rules, folder answers, name answers and suffixes are kept from scan to scan;
    # each change below must still show in the next scan.
    make_files(ws, "src/a.py", "src/a.pyc", "gen/x.c", "lib/y.tmp")
    (ws / ".gitignore").write_text("*.pyc\n/gen/\n", "utf-8")
    assert scan_paths(ws)[0] == [".gitignore", "lib", "lib/y.tmp", "src", "src/a.py"]
    (ws / ".gitignore").write_text("*.tmp\n/lib/\n", "utf-8")  # other rules
    assert scan_paths(ws)[0] == [
        ".gitignore", "gen", "gen/x.c", "src", "src/a.py", "src/a.pyc",
    ]  # fmt: skip
    make_files(ws, "src/lib/z.py", "src/b.tmp", "src/c.TMP")  # new folder, new names
    assert scan_paths(ws)[0] == [
        ".gitignore", "gen", "gen/x.c", "src", "src/a.py", "src/a.pyc", "src/c.TMP", "src/lib",
        "src/lib/z.py",
    ]  # fmt: skip
    (ws / "src" / ".gitignore").write_text("!b.tmp\nlib\n", "utf-8")  # a nested file
    paths = scan_paths(ws)[0]
    assert "src/b.tmp" in paths and "src/lib" not in paths and "src/a.pyc" in paths


def test_the_same_files_in_the_same_folders_give_the_same_rules() -> None:
    file = GitignoreFile.from_lines(["*.log"])
    assert NO_RULES.pushed("a/", file) is NO_RULES.pushed("a/", file)
    assert NO_RULES.pushed("a/", file) is not NO_RULES.pushed("b/", file)


def test_a_folder_answer_is_asked_again_when_its_subfolders_change() -> None:
    rules = rules_of(("", ["build*/"]))
    assert rules.subfolders_ignored("src/", ["lib", "app"]) is None
    picked = rules.subfolders_ignored("src/", ["lib", "build2"])  # may pick more than needed
    assert picked is not None and "build2" in picked
    assert rules.subfolders_ignored("src/", ["lib", "app"]) is None
