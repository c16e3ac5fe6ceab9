"""The scan's ``.gitignore`` answers against git's own, on real trees.

Each case lays out a tree with its ``.gitignore`` files, asks git which files
it does not ignore (``git ls-files --others --exclude-standard`` in a fresh
repository: nothing is tracked, so that is every file git keeps), and
compares with the files the scan lists. Skipped where git is not installed.
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from wsnb.fileindex.scanner import SKIP_DIRS, ScanLimits, scan
from wsnb.policy.access import AccessPolicy

GIT = shutil.which("git")
pytestmark = pytest.mark.skipif(GIT is None, reason="git is not installed")
LIMITS = ScanLimits(max_depth=32, max_files=1_000_000)


def git_kept(root: Path, home: Path) -> set[str]:
    """The files git keeps under ``root``, with the folders the scan never enters left out."""
    env = {"HOME": str(home), "GIT_CONFIG_NOSYSTEM": "1", "PATH": os.environ.get("PATH", ""),
           "LC_ALL": "C"}  # fmt: skip
    assert GIT is not None
    subprocess.run([GIT, "init", "-q", str(root)], check=True, env=env)
    listed = subprocess.run(
        [GIT, "-C", str(root), "-c", "core.excludesFile=", "-c", "core.quotePath=false",
         "ls-files", "--others", "--exclude-standard", "-z"],
        check=True, env=env, capture_output=True,
    ).stdout  # fmt: skip
    shutil.rmtree(root / ".git")
    kept = set()
    for raw in listed.split(b"\0"):
        if not raw:
            continue
        path = os.fsdecode(raw)
        folders = path.split("/")[:-1]
        if any(f.startswith(".") or f.lower() in SKIP_DIRS for f in folders):
            continue
        kept.add(path)
    return kept


def scan_kept(root: Path) -> set[str]:
    frame, _ = scan(AccessPolicy(root), limits=LIMITS)
    return set(frame.loc[~frame["is_dir"], "path"])


def lay_out(root: Path, files: list[str], ignores: dict[str, str]) -> None:
    for relative in files:
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists():
            path.write_bytes(b"x")
    for folder, text in ignores.items():
        target = root / folder / ".gitignore"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(text.encode("utf-8", "surrogateescape"))


def check(tmp_path: Path, files: list[str], ignores: dict[str, str]) -> set[str]:
    root = tmp_path / "tree"
    lay_out(root, files, ignores)
    kept = scan_kept(root)
    assert kept == git_kept(root, tmp_path)
    return kept


# Lines as they appear in the .gitignore files of two large open-source projects.
REAL_ROOT = """\
# project files
coverage/
.eslintcache
dev_mode/static
docs/_build
**/docs/source/_build
examples/**/static
jupyterlab/tests/**/labextension
packages/theme-*/static
tests/**/coverage
galata/*benchmark-expected.json
lib
node_modules
*.tsbuildinfo
*.py[co]
__pycache__
*.egg-info
venv/
*~
*.bak
.DS_Store
.log/
\\#*#
.#*
.yarn/*
!.vscode/extension.json
packages/lsp/src/_*
examples/**/test-results/
Untitled*.ipynb
untitled*.md
tmp
/.venv/
*.sw[op]
*$py.class
/sympy/polys/*.c
tags
my/
doc/src/modules/physics/mechanics/*.pdf
.*cache
/.pyodide-xbuildenv-*
sympy-env/
"""
REAL_FILES = [
    "coverage/c.json", "src/coverage", "a/coverage/x.txt", ".eslintcache", "dev_mode/static/a.js",
    "dev_mode/staticx", "docs/_build/i.html", "sub/docs/_build/keep.txt",
    "docs/source/_build/x", "p/q/docs/source/_build/y", "examples/a/b/static/s.js",
    "examples/static/t.js", "examples/a/statics/u.js", "jupyterlab/tests/m/labextension/x.js",
    "jupyterlab/tests/labextension/y.js", "packages/theme-dark/static/s.css",
    "packages/theme-dark/src/s.ts", "packages/other/static/s.css", "tests/a/coverage/c.xml",
    "tests/coverage/d.xml", "galata/x-benchmark-expected.json",
    "galata/sub/y-benchmark-expected.json",
    "lib/x.js", "src/lib/y.js", "src/library.js", "a.tsbuildinfo", "m.pyc", "m.pyo", "m.py",
    "m.pyx", "pkg.egg-info/PKG-INFO", "venv/bin/x", "venv", "notes.txt~", "a.bak", "#auto#",
    "#notauto", ".#lock", "lock.#", "packages/lsp/src/_gen.ts", "packages/lsp/src/gen.ts",
    "packages/lsp/_top.ts", "examples/x/test-results/r.txt", "examples/test-results",
    "Untitled3.ipynb", "untitled.md", "Untitled.md", "tmp/x", "src/tmp", "a.swp", "a.swo",
    "a.swx", "X$py.class", "sympy/polys/a.c", "sympy/polys/sub/b.c", "x/sympy/polys/c.c",
    "tags", "src/tags/t.txt", "my/x", "src/my", "doc/src/modules/physics/mechanics/a.pdf",
    "doc/src/modules/physics/mechanics/sub/b.pdf", "pytest_cache_x", "build_cache",
]  # fmt: skip


def test_the_real_projects_lines(tmp_path: Path) -> None:
    kept = check(tmp_path, REAL_FILES, {"": REAL_ROOT})
    assert "m.py" in kept and "m.pyc" not in kept and "src/library.js" in kept
    assert "sub/docs/_build/keep.txt" in kept and "examples/static/t.js" not in kept


NESTED = {
    "": "*.gen\nbuild-out/\n/top-only\n!important.gen\n",
    "a/": "!*.gen\n/local/\nsub/*.tmp\n",
    "a/b/": "*.gen\n!keep.gen\n",
    "c/": "!/top-only\n*\n!*.txt\n!*/\n",
}
NESTED_FILES = [
    "x.gen", "important.gen", "top-only", "a/top-only", "a/x.gen", "a/b/x.gen", "a/b/keep.gen",
    "a/local/f", "a/b/local/f", "a/sub/x.tmp", "a/sub/deeper/y.tmp", "a/b/sub/z.tmp",
    "build-out/o", "a/build-out/o", "c/top-only", "c/a.txt", "c/b.md", "c/d/e.txt", "c/d/f.md",
]  # fmt: skip


def test_nested_files_that_re_include(tmp_path: Path) -> None:
    kept = check(tmp_path, NESTED_FILES, NESTED)
    assert "a/x.gen" in kept and "a/b/x.gen" not in kept and "a/b/keep.gen" in kept
    assert "c/d/e.txt" in kept and "c/d/f.md" not in kept


ODD_LINES = (
    "trailing   \n"  # trailing spaces go
    "kept\\ \n"  # an escaped one stays
    "\\!bang\n\\#hash\n"  # escaped ! and #
    "#comment\n"
    "  lead\n"  # leading spaces stay
    "a\\*b\n"  # an escaped star is a star
    "[!a-c]z\n[]]q\n[^x]y\n[a-]w\n"  # brackets: negation, "]" first, "-" last
    "[[:digit:]]n\n[[:upper:][:punct:]]u\n"
    "**/deep/**\n"  # everything inside deep/, not deep itself
    "one/**/two\n"
    "*/mid\n"
    "x**y\n"  # "**" inside a name is a "*"
    "dironly/\n"
    "crlf\r\n"
    "unclosed[ab\n"
    "back\\\n"
)
ODD_FILES = [
    "trailing", "trailing   ", "kept ", "kept", "!bang", "#hash", "comment", "  lead", "lead",
    "a*b", "axb", "dz", "az", "]q", "aq", "zy", "xy", "-w", "aw", "bw", "5n", "xn", "Au", "_u",
    "au", "deep/inside", "deep/more/inside", "p/deep/x", "one/two", "one/a/b/two", "one/twox",
    "q/mid", "q/r/mid", "mid", "xzzy", "x/y", "dironly", "sub/dironly/f", "crlf", "unclosed[ab",
    "unclosedab", "back\\", "back",
]  # fmt: skip


def test_escapes_brackets_stars_and_odd_lines(tmp_path: Path) -> None:
    kept = check(tmp_path, ODD_FILES, {"": ODD_LINES})
    assert "trailing   " in kept and "trailing" not in kept and "dironly" in kept


def test_non_ascii_names_and_byte_classes(tmp_path: Path) -> None:
    """Git matches bytes: "?" is one byte, so it never matches a two-byte letter whole."""
    files = ["é.txt", "e.txt", "工作区/数据.csv", "工作区/a.log", "日志.log", "ü1", "u1", "ab"]
    kept = check(tmp_path, files, {"": "?.txt\n工作区/*.csv\n*.log\n!日志.log\n[ü]1\n"})
    assert "é.txt" in kept and "e.txt" not in kept


# Random patterns and trees, checked against git: the pieces git treats apart.
PIECES = ["a", "b", "ab", "*", "?", "**", "[ab]", "[!a]", "\\*", ".x", "a*", "*b"]
NAMES = ["a", "b", "ab", "ba", "aa", "a.x", "b.x", "*", "abb", "c"]


def random_pattern(rng: random.Random) -> str:
    segments = ["".join(rng.choice(PIECES) for _ in range(rng.randint(1, 2)))
                for _ in range(rng.choice([1, 1, 1, 2, 3]))]  # fmt: skip
    text = "/".join(segments)
    if rng.random() < 0.2:
        text = "/" + text
    if rng.random() < 0.2:
        text += "/"
    return ("!" if rng.random() < 0.25 else "") + text


@pytest.mark.parametrize("seed", range(12))
def test_random_patterns_agree_with_git(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    files = sorted({"/".join(rng.choice(NAMES) for _ in range(rng.randint(1, 4)))
                    for _ in range(60)})  # fmt: skip
    files = [f for f in files if not any(f.startswith(g + "/") for g in files)]
    folders = sorted({f.rsplit("/", 1)[0] + "/" for f in files if "/" in f})
    ignores = {"": "\n".join(random_pattern(rng) for _ in range(8)) + "\n"}
    for folder in rng.sample(folders, min(2, len(folders))):
        ignores[folder] = "\n".join(random_pattern(rng) for _ in range(4)) + "\n"
    check(tmp_path, files, ignores)


def test_every_shape_the_pre_check_sorts(tmp_path: Path) -> None:
    """Exact names, endings, name globs, anchored and nested paths, "**", escapes, negations."""
    lines = [
        "*.log", "!keep.log", "tmp/", "/only_root.txt", "docs/_build/", "**/gen/*.c",
        "*.py[cod]", "a?c.txt", "[Bb]in/", "\\#hash.txt", "*~", ".DS_Store", "x/*/y.txt",
        "**/deep/**", "!deep/keep.me", "/*.bak", "Makefile", "/coverage",
    ]  # fmt: skip
    files = [
        "a.log", "keep.log", "tmp/t.txt", "sub/tmp/t.txt", "only_root.txt", "sub/only_root.txt",
        "docs/_build/i.html", "sub/docs/_build/i.html", "gen/a.c", "s/gen/b.c", "s/gen/b.h",
        "m.pyc", "m.pyo", "m.py", "abc.txt", "ac.txt", "bin/x", "Bin/y", "sub/bin/z",
        "#hash.txt", "notes.txt~", ".DS_Store", "sub/.DS_Store", "x/q/y.txt", "x/q/r/y.txt",
        "deep/keep.me", "deep/other.txt", "a/deep/b.txt", "r.bak", "sub/r.bak", "Makefile",
        "sub/Makefile", "plain.txt", "sub/plain.c", "other/tmp", "sub/tmpx/u.txt",
        "coverage/c.xml", "coverage.xml", "sub/coverage/c.xml",
    ]  # fmt: skip
    kept = check(tmp_path, files, {"": "\n".join(lines) + "\n"})
    assert "keep.log" in kept and "a.log" not in kept and "deep/keep.me" in kept
    assert "coverage.xml" in kept and "sub/coverage/c.xml" in kept and "x/q/r/y.txt" in kept
