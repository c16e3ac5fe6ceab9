"""Real notebooks for the tests: the test notebooks Jupyter's own projects ship in their sdists.

Nothing here is made up by hand: nbclient, nbconvert, nbformat and papermill keep
notebooks with real outputs among their tests (error outputs and tracebacks, PNG/JPEG/SVG
and PDF images, widget views with their saved state, nbformat 4.0 to 4.5, cell ids or
none, one-space, four-space and no indentation, keys in another order). The first test
that needs them downloads the pinned sdists from PyPI into ``.cache/notebooks`` (``DOWNLOAD``,
run with this interpreter's pip), so the README's test command gets them on a fresh checkout;
``WSNB_TEST_NOTEBOOKS`` may name another folder holding them. The project never commits
them. Where they can't be had (offline) these tests skip and say how to get them; under CI
(``CI=true``) they fail, because there they must run.

``CORPUS_VARIABLE`` may name a folder of many more real notebooks (a public book's
repository, outside the checkout) for the tests that need a large one; they skip without it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest
from helpers import REPO

VARIABLE = "WSNB_TEST_NOTEBOOKS"
CORPUS_VARIABLE = "WSNB_NOTEBOOK_CORPUS"
CACHE = REPO / ".cache" / "notebooks"
SDISTS = ("nbclient-0.11.0", "nbconvert-7.17.2", "nbformat-5.11.1", "papermill-2.7.0")
DOWNLOAD = ("pip download --no-deps --no-binary :all: -d .cache/notebooks nbclient==0.11.0 "
            "nbconvert==7.17.2 nbformat==5.11.1 papermill==2.7.0")  # fmt: skip

# The notebooks the tests use, by what they show (a path inside its sdist).
ERROR_45 = "nbclient-0.11.0/tests/files/Error.ipynb"  # 4.5, a cell id, a ZeroDivisionError
INTERRUPT = "nbclient-0.11.0/tests/files/Interrupt.ipynb"  # 4.0, four spaces then one, an error
TAGS_4 = "nbclient-0.11.0/tests/files/Skip Exceptions with Cell Tags.ipynb"  # 4.4, four spaces
IMAGE = "nbclient-0.11.0/tests/files/Inline Image.ipynb"  # 4.0, a PNG
WIDGETS = "nbclient-0.11.0/tests/files/JupyterWidgets.ipynb"  # 4.2, a widget view and state
WIDGET_LIST = "nbconvert-7.17.2/tests/files/Widget_List.ipynb"  # 4.2, 100 cells, 41 widgets
BIGGEST = "nbconvert-7.17.2/tests/files/notebook2.ipynb"  # 4.0, 125 KB: PNG and PDF outputs
INJECT_45 = "nbconvert-7.17.2/tests/exporters/files/notebook_inject.ipynb"  # 4.5, ids, html, js
LIBRARY_44 = "nbconvert-7.17.2/docs/source/nbconvert_library.ipynb"  # 4.4, 40 cells, no ids
TRACEBACKS = "nbformat-5.11.1/tests/many_tracebacks.ipynb"  # 4.4, a long traceback
INVALID = "nbformat-5.11.1/tests/invalid.ipynb"  # does not validate
V3 = "nbformat-5.11.1/tests/test3.ipynb"  # version 3: worksheets
VSCODE = "papermill-2.7.0/papermill/tests/notebooks/blank-vscode.ipynb"  # metadata first
NO_INDENT = "papermill-2.7.0/papermill/tests/notebooks/test_notebooknode_io.ipynb"  # column 0
LOGGING = "papermill-2.7.0/papermill/tests/notebooks/test_logging.ipynb"  # 4.1, streams, a PNG


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in {"", "0", "false", "no"}


def _folder() -> Path:
    named = os.environ.get(VARIABLE)
    return Path(named) if named else CACHE


def _missing() -> str:
    folder = _folder()
    absent = [name for name in SDISTS if not (folder / f"{name}.tar.gz").is_file()]
    if not absent:
        return ""
    return (f"the real test notebooks are not in {folder} ({', '.join(absent)} missing); "
            f"from the checkout: {DOWNLOAD}")  # fmt: skip


_tried_download: list[str] = []


def _download() -> None:
    """Fetch the pinned sdists into the cache once per session (not when a folder is named)."""
    if _tried_download or os.environ.get(VARIABLE):
        return
    command = [sys.executable, "-m", *DOWNLOAD.split()]
    command[command.index(".cache/notebooks")] = str(CACHE)
    done = subprocess.run(command, capture_output=True, text=True, timeout=600, check=False)
    _tried_download.append(done.stderr.strip().splitlines()[-1] if done.returncode else "")


def require() -> None:
    """Download the sdists when missing; skip (or, under CI, fail) when they can't be had."""
    if _missing():
        _download()
    missing = _missing()
    if missing:
        if in_ci():
            pytest.fail(f"The notebook tests must run under CI, but {missing}", pytrace=False)
        pytest.skip(f"Notebook test skipped: {missing}")


def extract(member: str, into: Path, name: str | None = None) -> Path:
    """One notebook out of its sdist, into ``into`` (as ``name``, or its own file name)."""
    require()
    sdist = member.split("/", 1)[0]
    target = into / (name or member.rsplit("/", 1)[1])
    target.parent.mkdir(parents=True, exist_ok=True)
    with tarfile.open(_folder() / f"{sdist}.tar.gz") as archive:
        source = archive.extractfile(member)
        assert source is not None, member
        with source, target.open("wb") as out:
            shutil.copyfileobj(source, out)
    return target


def every_notebook(into: Path) -> list[Path]:
    """Every notebook of the four sdists, under ``into/<sdist>/...``, in path order."""
    require()
    found = []
    for sdist in SDISTS:
        with tarfile.open(_folder() / f"{sdist}.tar.gz") as archive:
            for member in archive.getmembers():
                if member.isfile() and member.name.endswith(".ipynb"):
                    found.append(extract(member.name, into, member.name))
    return sorted(found)


def corpus() -> Path:
    """The folder of many real notebooks ``WSNB_NOTEBOOK_CORPUS`` names; skips without it."""
    named = os.environ.get(CORPUS_VARIABLE)
    if not named or not Path(named).is_dir():
        pytest.skip(f"set {CORPUS_VARIABLE} to a folder of real notebooks (a public book's "
                    "repository) for this test")
    return Path(named)
