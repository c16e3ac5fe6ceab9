"""Declare what is used: every library wsnb imports is a dependency, every dependency is used."""

from __future__ import annotations

import ast
import functools
import importlib.metadata
import re
import sys
import tomllib
from pathlib import Path

from test_layers import MODULES, _statements

PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"

# Dependencies wsnb needs without importing them itself, and why.
USED_WITHOUT_IMPORT = {"jinja2": "pandas' Styler, behind wsnb.widgets.styled"}
# Imports that may fail: wsnb catches the ImportError and carries on without them.
OPTIONAL_IMPORTS = {"jupyter_server": "finding the JupyterLab root; present inside JupyterLab"}


def _name(requirement: str) -> str:
    found = re.match(r"[A-Za-z0-9_.\-]+", requirement)
    assert found is not None, requirement
    return found.group(0).lower().replace("_", "-")


def _declared() -> tuple[set[str], set[str]]:
    project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]
    required = {_name(r) for r in project["dependencies"]}
    extras = {_name(r) for rs in project["optional-dependencies"].values() for r in rs}
    return required, extras


def _imported() -> set[str]:
    """Top-level names of every third-party import in wsnb (lazy ones too)."""
    names: set[str] = set()
    for path in MODULES.values():
        for node in _statements(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(alias.name.split(".")[0] for alias in node.names)
            elif node.level == 0 and node.module:
                names.add(node.module.split(".")[0])
    return names - set(sys.stdlib_module_names) - {"wsnb", "__future__"}


@functools.cache
def _distributions() -> dict[str, list[str]]:
    return dict(importlib.metadata.packages_distributions())


def _distribution(module: str) -> str:
    found = _distributions().get(module)
    assert found, f"{module} is imported but no installed distribution provides it"
    return found[0].lower().replace("_", "-")


def test_every_imported_library_is_declared() -> None:
    required, extras = _declared()
    missing = sorted(
        f"{module} ({_distribution(module)})" for module in _imported()
        if module not in OPTIONAL_IMPORTS and _distribution(module) not in required | extras)
    assert missing == []


def test_every_dependency_is_imported_or_says_why() -> None:
    required, _extras = _declared()
    used = {_distribution(module) for module in _imported() if module not in OPTIONAL_IMPORTS}
    assert sorted(required - used - set(USED_WITHOUT_IMPORT)) == []


def test_pathspec_is_gone() -> None:
    """The .gitignore engine is wsnb's own (wsnb.fileindex.gitpatterns); pathspec is not used."""
    required, extras = _declared()
    assert "pathspec" not in required | extras
    assert "pathspec" not in _imported()
