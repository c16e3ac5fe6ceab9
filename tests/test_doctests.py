"""The examples in docstrings run, on a fresh copy of the bundled sample workspace each.

Every docstring example of these modules runs with ``wsnb`` imported, ``ws`` opened on a new
temporary copy of the sample (not watched) and ``folder`` an empty temporary folder, as a
reader would in a notebook. A module is
listed here when its examples are safe to run: they touch only that copy (and the test home's
trash).
"""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

import wsnb

MODULES = [
    "wsnb",
    "wsnb.errors",
    "wsnb.fileindex.scantypes",
    "wsnb.i18n",
    "wsnb.notebook",
    "wsnb.notes.facade",
    "wsnb.plans.plan",
    "wsnb.policy.access",
    "wsnb.policy.names",
    "wsnb.sample",
    "wsnb.types",
    "wsnb.workspace.facade",
    "wsnb.workspace.indexing",
]
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def _examples(module_name: str) -> list[doctest.DocTest]:
    module = importlib.import_module(module_name)
    tests = doctest.DocTestFinder(exclude_empty=True).find(module, module_name)
    return [test for test in tests if test.examples]


@pytest.mark.parametrize("module_name", MODULES)
def test_the_docstring_examples_run(module_name: str, tmp_path: Path) -> None:
    examples = _examples(module_name)
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    for number, test in enumerate(examples):
        sample = wsnb.copy_sample_workspace(tmp_path / f"sample{number}")
        folder = tmp_path / f"new{number}"
        folder.mkdir()
        with wsnb.open_workspace(sample, watch=False) as ws:
            test.globs.update({"wsnb": wsnb, "ws": ws, "folder": folder})
            runner.run(test)
    results = runner.summarize(verbose=False)
    assert results.attempted > 0, f"{module_name} has no docstring example to run"
    assert results.failed == 0, f"{results.failed} example(s) of {module_name} failed (see above)"


def test_a_docstring_example_that_fails_is_caught(tmp_path: Path) -> None:
    """The runner above fails on a wrong answer (so a passing run means something)."""
    parser = doctest.DocTestParser()
    test = parser.get_doctest(">>> ws.find('main')['path'].tolist()\n['nothing']\n",
                              {}, "wrong", None, 0)  # fmt: skip
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    with wsnb.open_workspace(wsnb.copy_sample_workspace(tmp_path / "s"), watch=False) as ws:
        test.globs.update({"ws": ws})
        runner.run(test, out=lambda _text: None)
    assert runner.summarize(verbose=False).failed == 1
