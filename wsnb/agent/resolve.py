"""Which workspace entry a name a person typed means, looked up in the live index.

People name files the way the explorer shows them: "main.cpp" for
``src/main.cpp``, "widget" for ``widget.cpp``. The order is: the exact path,
then a path ending with what was typed ("utils/helpers.py"), then a unique
file name anywhere, then a unique stem, then fuzzy candidates (names that
contain the words, or are spelled closely). One match is used. Several are
never guessed between: the caller shows them and asks which one. None gives
the closest names. The policy sees every path first, so a name outside the
workspace is refused with its rule before the index is looked at.

One resolver serves ``ws.ask`` (and so the chat widget), the magics and the
model's tools.
"""

from __future__ import annotations

import difflib
import posixpath
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from ..errors import UsageError
from ..i18n import _

if TYPE_CHECKING:
    import pandas as pd

    from ..workspace import Workspace

__all__ = ["MAX_CANDIDATES", "Resolution", "Unresolved", "resolve_name", "resolve_path"]

MAX_CANDIDATES = 10
How = Literal["exact", "suffix", "name", "stem", "fuzzy", "ambiguous", "missing"]
Kind = Literal["any", "file", "dir"]


@dataclass(frozen=True)
class Resolution:
    """What a typed name means: ``path`` when one entry matched, else ``candidates``.

    ``how`` says which rule decided; ``candidates`` are the entries to choose
    from when it is ``"ambiguous"`` (every one, best first) or the closest
    names when it is ``"missing"``; ``total`` counts the candidates found.
    """

    text: str
    how: How
    path: str = ""
    candidates: list[str] = field(default_factory=list)
    total: int = 0

    @property
    def found(self) -> bool:
        return bool(self.path)


class Unresolved(Exception):
    """A name that did not lead to one entry; the agent turns it into a question."""

    def __init__(self, resolution: Resolution) -> None:
        super().__init__(resolution.text)
        self.resolution = resolution


def _entries(ws: Workspace, kind: Kind) -> pd.DataFrame:
    frame = ws.context.index().frame
    if kind == "file":
        return frame[~frame["is_dir"]]
    if kind == "dir":
        return frame[frame["is_dir"]]
    return frame


def _on_disk(absolute: Path, kind: Kind) -> bool:
    try:
        if absolute.is_symlink():
            return False  # the policy refuses links when they are used; never resolve to one
        return absolute.is_dir() if kind == "dir" else absolute.is_file() if kind == "file" \
            else absolute.exists()
    except OSError:
        return False


def resolve_path(ws: Workspace, text: str, *, kind: Kind = "any") -> str:
    """The one path ``text`` names, for callers that can't ask back (the magics).

    A missing name is returned as typed, so the caller's own "does not exist"
    follows; several candidates raise ``UsageError`` naming them all.
    """
    resolution = resolve_name(ws, text, kind=kind)
    if resolution.found or resolution.how == "missing":
        return resolution.path or text
    names = ", ".join(resolution.candidates)
    said = _("{name} could mean {count} entries: {names}. Type the whole path.")
    raise UsageError(said.format(name=text, count=resolution.total, names=names), path=text)


def _stem(name: str) -> str:
    return name.rsplit(".", 1)[0] if "." in name.lstrip(".") else name


def resolve_name(ws: Workspace, text: str, *, kind: Kind = "any") -> Resolution:
    """Resolve ``text`` against the index (the policy refuses an outside path first)."""
    target = ws.policy.resolve(text)
    relative = target.relative
    entries = _entries(ws, kind)
    paths: list[str] = entries["path"].tolist()
    if relative in set(paths):
        return Resolution(text, "exact", relative)
    if relative == "." and kind != "file":
        return Resolution(text, "exact", ".")
    if _on_disk(target.absolute, kind):  # a path the scan left out (ignored, or past a limit)
        return Resolution(text, "exact", relative)
    folded = relative.casefold()
    for how, matches in _tiers(paths, folded):
        if len(matches) == 1:
            return Resolution(text, how, matches[0])
        if matches:
            return Resolution(text, "ambiguous", candidates=_best(matches),
                              total=len(matches))  # fmt: skip
    return _fuzzy(text, folded, paths)


def _tiers(paths: list[str], folded: str) -> list[tuple[How, list[str]]]:
    lower = [p.casefold() for p in paths]
    names = [posixpath.basename(p) for p in lower]
    tiers: list[tuple[How, list[str]]] = []
    if "/" in folded:
        tiers.append(("suffix", [p for p, low in zip(paths, lower, strict=True)
                                 if low.endswith("/" + folded) or low == folded]))  # fmt: skip
    name = posixpath.basename(folded)
    tiers.append(("name", [p for p, n in zip(paths, names, strict=True) if n == name]))
    if "/" not in folded:
        tiers.append(("stem", [p for p, n in zip(paths, names, strict=True)
                               if _stem(n) == name]))  # fmt: skip
    return tiers


def _best(paths: list[str]) -> list[str]:
    """Shallow paths first, then by path: the short table a person chooses from."""
    return sorted(paths, key=lambda p: (p.count("/"), p))


def _fuzzy(text: str, folded: str, paths: list[str]) -> Resolution:
    name = posixpath.basename(folded)
    by_name: dict[str, list[str]] = {}
    for path in paths:
        by_name.setdefault(posixpath.basename(path).casefold(), []).append(path)
    containing = [p for n, ps in by_name.items() if name and name in n for p in ps]
    close = difflib.get_close_matches(name, list(by_name), n=MAX_CANDIDATES, cutoff=0.75)
    candidates = list(dict.fromkeys(_best(containing) + [p for n in close for p in by_name[n]]))
    if candidates:
        return Resolution(text, "fuzzy", candidates=candidates[:MAX_CANDIDATES],
                          total=len(candidates))  # fmt: skip
    nearest = difflib.get_close_matches(name, list(by_name), n=5, cutoff=0.4)
    return Resolution(text, "missing", candidates=[p for n in nearest for p in by_name[n]][:5])
