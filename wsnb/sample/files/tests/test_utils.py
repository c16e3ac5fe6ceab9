"""Tests of the sample app's helpers (they belong to the sample, not to wsnb)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

APP = Path(__file__).resolve().parent.parent / "app"


def load_utils() -> ModuleType:
    spec = importlib.util.spec_from_file_location("sample_utils", APP / "utils.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_greeting() -> None:
    assert load_utils().greeting("Ada") == "Hello, Ada!"


def test_word_count() -> None:
    assert load_utils().word_count("one two  three") == 3
