"""The documentation's screenshots: which faces they show, how each is built, and the markup
they were taken of.

``tests/browser/test_screenshots.py`` builds the faces in a real JupyterLab (a notebook whose
cells call ``build_faces``), in English and in Chinese, takes each one light and dark, and,
when ``WSNB_DOCS_SCREENSHOTS`` is set, writes them into ``docs/_static/screenshots/`` (the
Chinese ones into its ``zh/``) with ``manifest.json``: the fingerprint
of each face's markup (its widgets' kinds and classes, the tags and classes of its HTML).
``tests/test_docs.py`` builds the same faces in-process and fails when a fingerprint moved: the
card changed since its picture was taken, and the command below takes them again.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
SCREENSHOTS = REPO / "docs" / "_static" / "screenshots"
MANIFEST = SCREENSHOTS / "manifest.json"
COMMAND = ("WSNB_DOCS_SCREENSHOTS=1 python -m pytest tests/browser/test_screenshots.py "
           "-p no:randomly")  # fmt: skip
THEMES = ("light", "dark")
# The language of each set (the English pages and README show "en", the Chinese ones "zh").
LANGUAGES = ("en", "zh")
# name -> what it shows (the alt text on the pages that show it)
FACES = {
    "plan-card": "A plan card: the change, its risk, its diff, Confirm and Cancel",
    "changeset-card": "A change set's card: one line per change, a box to leave one out",
    "chat": "The chat answering a Chinese request, with the plan it made",
    "explorer": "The explorer: a folder tree, a preview, buttons that make plan cards",
    "inbox-agent": "The inbox with an agent's proposal, waiting for a person's click",
}
CHAT_MESSAGE = "把 app/utils.py 重命名为 helpers.py"
CHANGES = [
    {"op": "create_folder", "path": "changes"},
    {"op": "create_file", "path": "changes/CHANGELOG.md", "content": "# Changelog\n"},
    {"op": "edit", "path": "config/app.yaml",
     "edits": [{"old_text": "port: 8080", "new_text": "port: 9090"}]},
]  # fmt: skip


def build_faces(base: Path) -> dict[str, Any]:
    """Each face of ``FACES`` on fresh copies of the sample workspace under ``base``, in the
    current language; the chat is empty (the caller sends ``CHAT_MESSAGE``: typed in the
    browser, or ``chat.send``)."""
    import wsnb
    from wsnb.widgets.card import PlanCard

    ws = wsnb.open_workspace(wsnb.copy_sample_workspace(base / "sample"), watch=False)
    readme = ws.read("README.md").text
    faces: dict[str, Any] = {
        "plan-card": PlanCard(ws.write_file("README.md", readme + "\nConfirmed on its card.\n")),
        "changeset-card": PlanCard(ws.change_set("Start a changelog", CHANGES)),
    }
    explorer = ws.explorer()
    explorer.expand("src")
    explorer.select("src/main.cpp")
    faces["explorer"] = explorer
    faces["chat"] = ws.chat()
    # The inbox's own workspace, so the plans above are not in it: only the agent's.
    home = wsnb.open_workspace(wsnb.copy_sample_workspace(base / "agents"), watch=False)
    agent = wsnb.open_workspace(home.root, watch=False)
    proposal = agent.edit("config/app.yaml", "port: 8080", "port: 9090")
    agent.plan_store.submit(proposal, proposer="mcp:coding-agent")
    faces["inbox-agent"] = home.inbox()
    for name, face in faces.items():
        face.add_class(f"wsnb-shot-{name}")
    return faces


_TAG = re.compile(r"<([a-zA-Z][\w-]*)([^>]*)>")
_CLASS = re.compile(r"""\bclass\s*=\s*["']([^"']*)["']""")


def _html_shape(value: str) -> list[str]:
    """The tags and classes of an HTML string, in order (no text, no ids, no numbers)."""
    shape = []
    for tag, attributes in _TAG.findall(value):
        found = _CLASS.search(attributes)
        classes = " ".join(sorted(found.group(1).split())) if found else ""
        shape.append(f"{tag.lower()}.{classes}")
    return shape


def _shape(widget: Any, seen: set[int]) -> list[Any]:
    if id(widget) in seen:
        return ["(again)"]
    seen.add(id(widget))
    node: list[Any] = [type(widget).__name__,
                       sorted(getattr(widget, "_dom_classes", ()))]  # fmt: skip
    value = getattr(widget, "value", None)
    if isinstance(value, str) and "<" in value:
        node.append(_html_shape(value))
    for child in getattr(widget, "children", ()):
        node.append(_shape(child, seen))
    return node


def fingerprint(face: Any) -> str:
    """The markup of ``face`` in 16 hex digits: its widgets' kinds and classes, the tags and
    classes of every HTML inside it, in order."""
    text = json.dumps(_shape(face, set()), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def fingerprints(base: Path, language: str) -> dict[str, str]:
    """The fingerprint of every face, built in this process in ``language`` (the chat after
    its message)."""
    from wsnb.i18n import using_language

    with using_language(language):
        faces = build_faces(base)
        try:
            faces["chat"].send(CHAT_MESSAGE)
            return {name: fingerprint(face) for name, face in faces.items()}
        finally:
            faces["inbox-agent"].close()


def shot_path(name: str, theme: str, language: str = "en") -> Path:
    """``screenshots/NAME-THEME.png``, the Chinese set in ``screenshots/zh/``."""
    folder = SCREENSHOTS if language == "en" else SCREENSHOTS / language
    return folder / f"{name}-{theme}.png"
