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

import posixpath
import re
import weakref
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from ..errors import UsageError
from ..i18n import _

if TYPE_CHECKING:
    from ..fileindex.index import FileIndex
    from ..workspace import Workspace

__all__ = ["MAX_CANDIDATES", "Resolution", "Unresolved", "names_table", "resolve_name",
           "resolve_path", "unpadded"]

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


@dataclass
class _Names:
    """One index's entries by lowered path, file name and stem (built once per index)."""

    paths: set[str]
    dirs: set[str]
    by_path: dict[str, list[str]]
    by_name: dict[str, list[str]]
    by_stem: dict[str, list[str]]
    # Each word of a name with spaces, "_" or "-" ("report" of "report 2024.csv").
    by_word: dict[str, list[str]] = field(default_factory=dict)
    # Names and stems with their numbers unpadded: "row_7" names row_007.txt.
    by_number: dict[str, list[str]] = field(default_factory=dict)

    def numbered(self, key: str) -> list[str]:
        """The entries whose name or stem is ``key`` once numbers lose their leading zeros."""
        return self.by_number.get(unpadded(key), []) if _DIGIT.search(key) else []

    def lookup(self, text: str) -> list[str]:
        """The entries ``text`` names exactly: a path, else a file name, else a stem."""
        key = text.casefold().strip().strip("/")
        return self.by_path.get(key) or self.by_name.get(key) or self.by_stem.get(key) or []

    def close(self, token: str, cutoff: float = 0.8) -> list[str]:
        """The entries whose name or stem is spelled close to ``token`` (a typo)."""
        names = _close(token, list(self.by_name), cutoff, MAX_CANDIDATES)
        stems = _close(token, list(self.by_stem), cutoff, MAX_CANDIDATES)
        found = [p for n in names for p in self.by_name[n]]
        found += [p for n in stems for p in self.by_stem[n]]
        return list(dict.fromkeys(found))


# Per index, the table and the frame it was built from: the index object lives on while its
# rows change (a scan, a confirmed plan, the watcher), so a new frame means a new table.
_TABLES: weakref.WeakKeyDictionary[FileIndex, tuple[object, _Names]] = weakref.WeakKeyDictionary()


def names_table(ws: Workspace) -> _Names:
    """The workspace's names by path, file name and stem (kept per index state)."""
    return _names(ws)


def _names(ws: Workspace) -> _Names:
    index = ws.context.index()
    frame = index.frame
    cached = _TABLES.get(index)
    table = cached[1] if cached is not None and cached[0] is frame else None
    if table is None:
        paths = [str(p) for p in frame["path"].tolist()]
        table = _Names(set(paths), set(frame.loc[frame["is_dir"], "path"]), {}, {}, {})
        for path in paths:
            lower = path.casefold()
            name = posixpath.basename(lower)
            table.by_path.setdefault(lower, []).append(path)
            table.by_name.setdefault(name, []).append(path)
            table.by_stem.setdefault(_stem(name), []).append(path)
            if "/" in lower and _stem(name) != name:  # "notes/待办" names notes/待办.txt
                table.by_stem.setdefault(lower[: len(lower) - len(name)] + _stem(name),
                                         []).append(path)  # fmt: skip
            for key in {unpadded(name), unpadded(_stem(name))} - {name, _stem(name)}:
                table.by_number.setdefault(key, []).append(path)
            for word in re.split(r"[\s_\-]+", _stem(name)):
                if len(word) >= 4 and word != _stem(name):
                    table.by_word.setdefault(word, []).append(path)
        _TABLES[index] = (frame, table)
    return table


def _of_kind(paths: list[str], table: _Names, kind: Kind) -> list[str]:
    if kind == "any":
        return paths
    return [p for p in paths if (p in table.dirs) == (kind == "dir")]


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


_DIGIT = re.compile(r"\d")
_NUMBER = re.compile(r"\d+")
_GAP = re.compile(r"[\s_\-]+")


def unpadded(text: str) -> str:
    """``text`` with every number's leading zeros taken out and the gaps around it one "_"
    ("row_007" and "row 7" are "row_7")."""
    return _GAP.sub("_", _NUMBER.sub(lambda m: str(int(m.group())), text))


def _stem(name: str) -> str:
    return name.rsplit(".", 1)[0] if "." in name.lstrip(".") else name


def resolve_name(ws: Workspace, text: str, *, kind: Kind = "any") -> Resolution:
    """Resolve ``text`` against the index (the policy refuses an outside path first)."""
    target = ws.policy.resolve(text)
    relative = target.relative
    table = _names(ws)
    if relative in table.paths and _of_kind([relative], table, kind):
        return Resolution(text, "exact", relative)
    if relative == "." and kind != "file":
        return Resolution(text, "exact", ".")
    if _on_disk(target.absolute, kind):  # a path the scan left out (ignored, or past a limit)
        return Resolution(text, "exact", relative)
    folded = relative.casefold()
    for how, matches in _tiers(table, folded):
        matches = _of_kind(matches, table, kind)
        if len(matches) == 1:
            return Resolution(text, how, matches[0])
        if matches:
            return Resolution(text, "ambiguous", candidates=_best(matches),
                              total=len(matches))  # fmt: skip
    return _fuzzy(text, posixpath.basename(folded), table, kind)


def _tiers(table: _Names, folded: str) -> list[tuple[How, list[str]]]:
    name = posixpath.basename(folded)
    tiers: list[tuple[How, list[str]]] = []
    if "/" in folded:  # "utils/helpers.py" for src/utils/helpers.py: the path ends with it
        ending = [p for p in table.by_name.get(name, []) if p.casefold().endswith("/" + folded)]
        tiers.append(("suffix", table.by_path.get(folded, []) + ending))
    tiers.append(("name", table.by_name.get(name, [])))
    # "待办" for notes/待办.txt, and "notes/待办" for the same (a path's stem is kept too)
    tiers.append(("stem", table.by_stem.get(folded if "/" in folded else name, [])))
    tiers.append(("name", table.numbered(name)))  # "row_7" for row_007.txt
    return tiers


def _best(paths: list[str]) -> list[str]:
    """Shallow paths first, then by path: the short table a person chooses from."""
    return sorted(paths, key=lambda p: (p.count("/"), p))


def _close(name: str, names: list[str], cutoff: float, limit: int) -> list[str]:
    """The names most like ``name`` (an edit-distance ratio, as difflib's, in C)."""
    from rapidfuzz import fuzz, process

    found = process.extract(name, names, scorer=fuzz.ratio, score_cutoff=cutoff * 100,
                            limit=limit)  # fmt: skip
    return [match for match, _score, _where in found]


def _fuzzy(text: str, name: str, table: _Names, kind: Kind) -> Resolution:
    names = list(table.by_name)
    containing = [p for n in names if name and name in n for p in table.by_name[n]]
    close = _close(name, names, 0.75, MAX_CANDIDATES)
    found = _best(containing) + [p for n in close for p in table.by_name[n]]
    candidates = _of_kind(list(dict.fromkeys(found)), table, kind)
    if candidates:
        return Resolution(text, "fuzzy", candidates=candidates[:MAX_CANDIDATES],
                          total=len(candidates))  # fmt: skip
    nearest = _close(name, names, 0.4, 5)
    closest = _of_kind([p for n in nearest for p in table.by_name[n]], table, kind)
    return Resolution(text, "missing", candidates=closest[:5])
