"""The documentation site, built once per test session (English, then Chinese in ``zh_CN/``).

Both the build test (``test_docs.py``) and the browser test (``browser/test_docs_site.py``)
read the same build, so a session pays for it once.
"""

from __future__ import annotations

import functools
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DOCS = REPO / "docs"


@dataclass(frozen=True)
class Build:
    """One ``sphinx-build -W --keep-going -b html`` run: its exit code, output and duration."""

    returncode: int
    output: str
    seconds: float


@dataclass(frozen=True)
class Site:
    """The built site: ``html`` holds the English pages and ``html/zh_CN`` the Chinese ones."""

    html: Path
    english: Build
    chinese: Build


def _sphinx(source: Path, out: Path) -> Build:
    command = [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html",
               str(source), str(out)]  # fmt: skip
    start = time.perf_counter()
    done = subprocess.run(command, cwd=REPO, capture_output=True, text=True, check=False)
    return Build(done.returncode, done.stdout + done.stderr, time.perf_counter() - start)


@functools.cache
def built_site() -> Site:
    """Build the site into a temporary folder, the way the README's developer section says."""
    html = Path(tempfile.mkdtemp(prefix="wsnb-docs-")) / "html"
    english = _sphinx(DOCS, html)
    chinese = _sphinx(DOCS / "zh_CN", html / "zh_CN")
    return Site(html, english, chinese)
