"""Globs over the index's paths: ``src/**/*.py``, ``*.md``, ``docs/?/index.[mr]st``.

A glob is answered from the index, never by walking the disk, so it sees
what the index sees: ``.gitignore`` and the skipped folders (``.git``,
``node_modules``...) are left out as the scan left them out. The rules are
the ones agents know from their own glob tools:

* ``*`` is any run of characters inside one path segment, ``?`` one
  character, ``[abc]`` / ``[!abc]`` one of (or none of) a set;
* ``**`` as a whole segment is any number of folders, none included
  (``src/**/*.py`` finds ``src/a.py`` and ``src/x/y/b.py``);
* a glob without ``/`` matches the name at any depth (``*.md``), as in
  ``.gitignore``; with a ``/`` it matches the whole workspace-relative path;
* case does not matter (a model guesses ``readme*`` for ``README.md``).
"""

from __future__ import annotations

import re
from bisect import bisect_left

import pandas as pd

from ..errors import UsageError
from ..i18n import _

__all__ = ["glob_filter", "glob_find", "glob_regex", "is_glob"]

_MAGIC = frozenset("*?[")


def is_glob(keyword: str) -> bool:
    """Whether a ``find_files`` keyword is a glob (it holds ``*``, ``?`` or ``[``)."""
    return any(char in _MAGIC for char in keyword)


def glob_regex(pattern: str) -> re.Pattern[str]:
    """The compiled regular expression a workspace-relative path must fully match."""
    cleaned = _clean(pattern)
    if not cleaned:
        raise UsageError(_("Give a glob with a name in it, e.g. '*.md' or 'src/**/*.py'."))
    segments = cleaned.split("/")
    anywhere = len(segments) == 1 and segments[0] != "**"
    body = "(?:[^/]+/)*" if anywhere else ""
    for at, segment in enumerate(segments):
        last = at == len(segments) - 1
        if segment == "**":
            body += ".*" if last else "(?:[^/]+/)*"
            continue
        body += _segment(segment) + ("" if last else "/")
    return re.compile(body, re.IGNORECASE | re.DOTALL)


def _clean(pattern: str) -> str:
    """The glob as a workspace-relative pattern: ``/`` separators, no leading ``./`` or ``/``."""
    cleaned = pattern.strip().replace("\\", "/")
    while cleaned.startswith("./"):
        cleaned = cleaned[2:]
    return cleaned.strip("/")


def _segment(segment: str) -> str:
    """One path segment's glob as a regular expression (never crossing a ``/``)."""
    out, at = [], 0
    while at < len(segment):
        char = segment[at]
        if char == "*":
            while at + 1 < len(segment) and segment[at + 1] == "*":
                at += 1  # ``a**b`` inside a segment is ``a*b``
            out.append("[^/]*")
        elif char == "?":
            out.append("[^/]")
        elif char == "[" and (end := _class_end(segment, at)) > 0:
            inner = segment[at + 1:end]
            negate = inner[:1] in ("!", "^")
            inner = inner[1:] if negate else inner
            out.append(("[^/" if negate else "[") + inner.replace("\\", "\\\\") + "]")
            at = end
        else:
            out.append(re.escape(char))
        at += 1
    return "".join(out)


def _class_end(segment: str, start: int) -> int:
    """Where the ``[...]`` opened at ``start`` closes; -1 when it never does (a plain ``[``)."""
    at = start + 1
    if at < len(segment) and segment[at] in "!^":
        at += 1
    if at < len(segment) and segment[at] == "]":
        at += 1  # ``[]]`` holds a ]
    end = segment.find("]", at)
    return end


def glob_find(frame: pd.DataFrame, pattern: str, limit: int | None) -> pd.DataFrame:
    """The index rows whose path matches ``pattern``, in path order, the first ``limit``.

    Like ``FileIndex.find``: ``match`` and ``score`` columns, and ``attrs``
    with ``query``, ``total_matches`` and ``truncated`` (plus ``glob=True``).
    A glob without ``/`` is tried once per distinct name; one with a fixed
    leading folder (``src/app/**``) looks only at the rows below it.
    """
    regex = glob_regex(pattern)
    cleaned = _clean(pattern)
    if "/" not in cleaned and cleaned != "**":
        hits = _by_name(frame, re.compile(_segment(cleaned), re.IGNORECASE | re.DOTALL))
    else:
        hits = _below(frame, cleaned, regex)
    total = len(hits)
    picked = hits if limit is None else hits[:limit]
    result = frame.iloc[picked].reset_index(drop=True)
    result["match"] = pd.Series(["glob"] * len(result), dtype=str)
    result["score"] = pd.Series([0] * len(result), dtype="int64")
    result.attrs.update(query=pattern, total_matches=total, truncated=total > len(result),
                        glob=True)  # fmt: skip
    return result


def glob_filter(paths: list[str], pattern: str) -> list[str]:
    """The ``paths`` (workspace-relative) that match ``pattern``, by ``glob_find``'s rules."""
    cleaned = _clean(pattern)
    if "/" not in cleaned and cleaned != "**":
        name = re.compile(_segment(cleaned), re.IGNORECASE | re.DOTALL)
        return [path for path in paths if name.fullmatch(path.rpartition("/")[2])]
    regex = glob_regex(pattern)
    return [path for path in paths if regex.fullmatch(path)]


def _by_name(frame: pd.DataFrame, regex: re.Pattern[str]) -> list[int]:
    """Rows whose name matches (each distinct name tried once: many files share a name)."""
    names = frame["name"].tolist()
    verdict: dict[str, bool] = {}
    hits = []
    for row, name in enumerate(names):
        hit = verdict.get(name)
        if hit is None:
            hit = verdict[name] = regex.fullmatch(name) is not None
        if hit:
            hits.append(row)
    return hits


def _below(frame: pd.DataFrame, pattern: str, regex: re.Pattern[str]) -> list[int]:
    """Rows whose path matches, looking only below the glob's fixed leading folders."""
    magic = min((pattern.find(c) for c in _MAGIC if c in pattern), default=len(pattern))
    fixed = pattern[:magic].rpartition("/")[0]
    paths: list[str] = frame["path"].tolist()
    lo, hi = 0, len(paths)
    if fixed and frame["path"].is_monotonic_increasing:
        lo = bisect_left(paths, fixed)  # the folder itself, then what lies below it
        hi = bisect_left(paths, fixed + "0", lo)  # ``0`` follows ``/``
    return [row for row in range(lo, hi) if regex.fullmatch(paths[row])]
