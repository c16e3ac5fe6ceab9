"""The documentation site, built once per test session (English, then Chinese in ``zh_CN/``).

Both the build test (``test_docs.py``) and the browser test (``browser/test_docs_site.py``)
read the same build, so a session pays for it once.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
import tarfile
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


HTML_MANAGER = REPO / ".cache" / "html-manager"
HTML_MANAGER_PACKAGE = "@jupyter-widgets/html-manager@1.0.15"  # docs/_ext/wsnbtutorials.py's


def ensure_html_manager() -> None:
    """Unpack the widgets' HTML manager from npm into .cache/ when it is missing (as .ci/run does).

    Without npm (or offline) the build says how to get it; the tests then skip, or fail under CI.
    """
    if (HTML_MANAGER / "package" / "dist" / "embed.js").is_file() or os.environ.get(
            "WSNB_HTML_MANAGER") or shutil.which("npm") is None:  # fmt: skip
        return
    cache = REPO / ".cache"
    cache.mkdir(exist_ok=True)
    done = subprocess.run(["npm", "pack", "--silent", "--pack-destination", str(cache),
                           HTML_MANAGER_PACKAGE], capture_output=True, text=True,
                          timeout=300, check=False)  # fmt: skip
    if done.returncode == 0 and done.stdout.strip():
        HTML_MANAGER.mkdir(exist_ok=True)
        with tarfile.open(cache / done.stdout.strip().splitlines()[-1]) as archive:
            archive.extractall(HTML_MANAGER, filter="data")


@functools.cache
def built_site() -> Site:
    """Build the site into a temporary folder, the way the README's developer section says."""
    ensure_html_manager()
    html = Path(tempfile.mkdtemp(prefix="wsnb-docs-")) / "html"
    english = _sphinx(DOCS, html)
    chinese = _sphinx(DOCS / "zh_CN", html / "zh_CN")
    return Site(html, english, chinese)
