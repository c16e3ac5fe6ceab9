"""Small helpers for the sample app."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def greeting(name: str) -> str:
    """Say hello; the tests check the exact words."""
    return f"Hello, {name}!"


def load_settings(path: Path) -> dict[str, Any]:
    """Read the JSON settings file."""
    with path.open(encoding="utf-8") as handle:
        data: dict[str, Any] = json.load(handle)
    return data


def word_count(text: str) -> int:
    """Count words separated by white space."""
    return len(text.split())
