"""Entry point of the sample app: reads the settings and greets the user."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

SETTINGS = Path(__file__).resolve().parent.parent / "config" / "settings.json"


def read_settings(path: Path = SETTINGS) -> dict[str, Any]:
    with path.open(encoding="utf-8") as handle:
        data: dict[str, Any] = json.load(handle)
    return data


def main() -> None:
    settings = read_settings()
    print(f"Hello, {settings['user']}!")
    print(f"{len(settings['recent_files'])} recent files")


if __name__ == "__main__":
    main()
