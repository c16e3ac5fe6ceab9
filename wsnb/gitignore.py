"""Which entries of a folder the ``.gitignore`` files above it ignore, the way git decides.

``IgnoreRules`` holds the ``.gitignore`` files that apply to one folder,
deepest first. A walk starts from ``NO_RULES`` and, for each folder it lists:

1. ``rules = parent_rules.with_gitignore(root, prefix)`` when the folder holds
   a ``.gitignore`` (its patterns go on top of the parents' ones);
2. ``maybe = rules.candidates(prefix, names)`` once for the folder's names,
   a quick pre-check that is None for most folders;
3. ``rules.is_ignored(prefix + name)`` (``prefix + name + "/"`` for a
   folder) only for the names in ``maybe``.

Paths are workspace-relative POSIX; ``prefix`` is a folder's path with a
trailing "/" ("" for the root). Matching is ``pathspec``'s ``GitIgnoreSpec``;
this module only avoids asking it about every entry.
"""

from __future__ import annotations

import functools
import logging
import os
import re
import stat

import pathspec

__all__ = ["MAX_GITIGNORE_BYTES", "NO_RULES", "IgnoreRules", "load_gitignore"]

logger = logging.getLogger("wsnb")

MAX_GITIGNORE_BYTES = 1 << 20
_READ_FLAGS = (
    os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
)  # fmt: skip

_NAMED_GROUP = re.compile(r"(?<!\\)\(\?P<\w+>")
_ANY_FOLDERS = "^(?:.+/)?"
_GLOB_CHARS = frozenset("*?[\\")
_FEW_EXACT_NAMES = 8  # up to this many, a substring search each beats hashing every name


class IgnoreRules:
    """The ``.gitignore`` files that apply to a folder, deepest first, and a quick pre-check.

    ``is_ignored`` gives git's answer but costs a pathspec match per entry,
    so ``candidates`` first picks, once per folder, the few entries an
    ignoring (not ``!``) pattern could match at all. Git matches a pattern
    without a slash (``*.log``, ``tmp/``) against an entry's name and any
    other pattern against its path below the ``.gitignore``'s folder, so the
    patterns of the whole stack are sorted into:

    * ``exact`` names (``tmp/``, ``.DS_Store``) and ``endings`` (``*.log``):
      one substring search each in the folder's names joined by newlines
      (beyond ``_FEW_EXACT_NAMES`` exact names, one set test instead);
    * ``by_name``: a regex of the other name patterns (``*.py[cod]``), run
      once over the names joined by newlines;
    * ``by_path``: per ``.gitignore``, the literal text its path patterns'
      matches start with; ``/coverage`` only picks root entries whose name
      starts with "coverage", ``doc/**`` every entry below ``doc/``, and a
      folder off every such path is let go with one set lookup.

    A folder-only pattern (``tmp/``) also picks a file named ``tmp``; the
    full match then tells them apart. ``always`` is set when a pattern could
    not be sorted; then every entry gets the full match.
    """

    __slots__ = (
        "always", "by_name", "by_path", "endings", "exact", "first_lines", "needles",
        "path_folders", "path_starts", "quick", "rules",
    )  # fmt: skip

    def __init__(self, rules: tuple[tuple[str, pathspec.GitIgnoreSpec], ...] = ()) -> None:
        self.rules = rules
        sorted_ = _Sorted()
        folded = all(sorted_.add(spec, base) for base, spec in rules)
        self.exact = frozenset(sorted_.exact)
        self.endings = tuple(sorted(set(sorted_.endings)))  # for str.endswith
        # Text that the folder's names, each followed by a newline, hold if an exact
        # name or an ending may match; a long list of exact names is tested as a set.
        few = len(self.exact) <= _FEW_EXACT_NAMES
        exact = sorted(self.exact) if few else []
        self.needles = tuple(e + "\n" for e in self.endings) + tuple(f"\n{x}\n" for x in exact)
        self.first_lines = tuple(x + "\n" for x in exact)  # an exact name listed first
        self.by_name = _line_regex(tuple(sorted_.names))
        self.by_path = tuple(sorted_.paths)
        starts = [start for starts in self.by_path for start in starts]
        self.path_starts = tuple(starts)
        self.path_folders = frozenset(_folders_on_the_way(starts))
        self.always = not folded or (bool(sorted_.names) and self.by_name is None)
        # Whether a folder off every path pattern's way needs only the substring searches.
        self.quick = bool(rules) and not self.always and self.by_name is None and few

    def __bool__(self) -> bool:
        return bool(self.rules)

    def pushed(self, base: str, spec: pathspec.GitIgnoreSpec) -> IgnoreRules:
        """These rules with ``spec``, the ``.gitignore`` of folder ``base``, on top."""
        return IgnoreRules(((base, spec), *self.rules))

    def with_gitignore(self, root: str, prefix: str) -> IgnoreRules:
        """The rules inside folder ``prefix``, which holds a ``.gitignore``: it goes on top.

        These rules are returned unchanged when the file can't be used (see
        ``load_gitignore``).
        """
        spec = load_gitignore(root + "/" + prefix + ".gitignore", prefix)
        return self.pushed(prefix, spec) if spec is not None else self

    def candidates(self, prefix: str, names: list[str]) -> frozenset[str] | None:
        """The names in folder ``prefix`` that may be ignored; None when there are none.

        Called once per folder of a scan, so most folders are let go after a
        few C-level calls: one look at whether a path pattern's literal start
        leads through this folder, the names joined by newlines, and one
        substring search per exact name or ending. A search that hits may be
        a false alarm (a name holding a newline); the names are then checked
        one by one.
        """
        if self.quick and not self._on_path(prefix) and not self._needle_in(names):
            return None
        return self._picked(prefix, names)

    def _picked(self, prefix: str, names: list[str]) -> frozenset[str] | None:
        """The full pre-check, for a folder the quick one could not let go."""
        if not self.rules:
            return None
        if self.always:
            return frozenset(names)
        found: list[str] = []
        if self._on_path(prefix):
            for starts in self.by_path:
                found.extend(_reaching(starts, prefix, names))
        if self.needles and self._needle_in(names):
            found.extend(self.exact.intersection(names))
            found.extend(name for name in names if name.endswith(self.endings))
        if len(self.exact) > _FEW_EXACT_NAMES and not self.exact.isdisjoint(names):
            found.extend(self.exact.intersection(names))
        if self.by_name is not None:
            lines = "\n" + "/\n".join(names) + "/\n"  # "name/" lines: folder patterns match too
            if lines.count("\n") != len(names) + 1:
                return frozenset(names)  # a name holds a newline: check them all
            found.extend(_by_lines(self.by_name, lines, names))
        return frozenset(found) if found else None

    def _on_path(self, prefix: str) -> bool:
        """Whether folder ``prefix`` is on the way to, or below, a path pattern's literal start."""
        return prefix in self.path_folders or prefix.startswith(self.path_starts)

    def _needle_in(self, names: list[str]) -> bool:
        """Whether the names, each followed by a newline, hold a needle (maybe a false alarm)."""
        text = "\n".join(names) + "\n"
        if text.startswith(self.first_lines):
            return True
        for needle in self.needles:  # noqa: SIM110 - a loop, not a generator, once per folder
            if needle in text:
                return True
        return False

    def is_ignored(self, relative: str) -> bool:
        """Git's answer for ``relative`` (a folder ends in "/"): the deepest deciding file wins."""
        for base, spec in self.rules:
            include: bool | None = spec.check_file(relative[len(base) :]).include
            if include is not None:
                return include
        return False


def _by_lines(regex: re.Pattern[str], lines: str, names: list[str]) -> list[str]:
    """The names whose line ``regex`` (from ``_line_regex``) finds in ``lines``."""
    rows = (lines.count("\n", 0, match.start()) for match in regex.finditer(lines))
    return [names[row] for row in rows if row < len(names)]


def load_gitignore(path: str | os.PathLike[str], base: str) -> pathspec.GitIgnoreSpec | None:
    """Read one ``.gitignore``; a huge, unreadable or linked one is skipped with a log line.

    ``base`` is the folder's workspace-relative prefix, used only in log lines.
    A pattern pathspec can't compile is left out rather than failing the scan.
    """
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            return None  # a link or something stranger: never followed, never read
        text = _read_small(path, base)
    except OSError as exc:
        logger.info("Could not read %s.gitignore (%s); it is not applied.", base, exc.strerror)
        return None
    if text is None:
        return None
    lines = text.splitlines()
    try:
        return pathspec.GitIgnoreSpec.from_lines(lines)
    except Exception:  # pathspec raises several types for a bad pattern
        good = [line for line in lines if _compiles(line)]
        logger.info("%s.gitignore has %d invalid pattern(s); they are not applied.",
                    base, len(lines) - len(good))  # fmt: skip
        return pathspec.GitIgnoreSpec.from_lines(good)


def _read_small(path: str | os.PathLike[str], base: str) -> str | None:
    """The file's text, or None when it is no longer a regular file or is over 1 MiB.

    Opened without following a link and without waiting on a FIFO, in case the
    file was swapped since it was listed.
    """
    fd = os.open(path, _READ_FLAGS)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            return None
        data = os.read(fd, MAX_GITIGNORE_BYTES + 1) if info.st_size <= MAX_GITIGNORE_BYTES else b""
    finally:
        os.close(fd)
    if info.st_size > MAX_GITIGNORE_BYTES or len(data) > MAX_GITIGNORE_BYTES:
        logger.info("Skipped %s.gitignore: larger than 1 MiB.", base)
        return None
    return data.decode("utf-8", errors="replace")


def _compiles(line: str) -> bool:
    try:
        pathspec.GitIgnoreSpec.from_lines([line])
    except Exception:
        return False
    return True


def _folders_on_the_way(starts: list[str]) -> list[str]:
    """The folder prefixes ("" and each "a/", "a/b/" ...) a walk passes to reach ``starts``."""
    return [""] + [s[: i + 1] for s in starts for i, char in enumerate(s) if char == "/"]


def _reaching(starts: tuple[str, ...], prefix: str, names: list[str]) -> list[str]:
    """The names in folder ``prefix`` that path patterns starting with ``starts`` may match."""
    found: list[str] = []
    for start in starts:
        if prefix.startswith(start):
            return names  # the literal part is behind us: any name may match
        if start.startswith(prefix):
            head, slash, _ = start[len(prefix) :].partition("/")
            found.extend(n for n in names if (n == head if slash else n.startswith(head)))
    return found


class _Sorted:
    """The ignoring patterns of a stack, sorted into the parts of the quick pre-check."""

    def __init__(self) -> None:
        self.exact: list[str] = []
        self.endings: list[str] = []
        self.names: list[str] = []
        self.paths: list[tuple[str, ...]] = []

    def add(self, spec: pathspec.GitIgnoreSpec, base: str) -> bool:
        """Sort in the spec's ignoring patterns; False when one can't be sorted."""
        starts: list[str] = []
        for pattern in spec.patterns:
            if pattern.include is not True:
                continue  # comments, blank lines and "!" patterns never make an entry ignored
            regex = getattr(pattern, "regex", None)
            text = getattr(pattern, "pattern", None)
            if not isinstance(regex, re.Pattern) or not isinstance(regex.pattern, str):
                return False
            source = _NAMED_GROUP.sub("(?:", regex.pattern)
            if not source.startswith("^") or not isinstance(text, str):
                return False
            core = _name_core(text)
            if core is not None and source.startswith(_ANY_FOLDERS):
                self._add_name(core, source[len(_ANY_FOLDERS) :])
            else:
                starts.append(base + _literal_start(source[1:]))
        if starts:
            self.paths.append(tuple(starts))
        return True

    def _add_name(self, core: str, source: str) -> None:
        if core and not _GLOB_CHARS.intersection(core):
            self.exact.append(core)
        elif core[:1] == "*" and len(core) > 1 and not _GLOB_CHARS.intersection(core[1:]):
            self.endings.append(core[1:])
        else:
            self.names.append(source)


def _name_core(text: str) -> str | None:
    """The name a pattern matches, without "**/" before or "/" after; None if it has a slash."""
    core = text.rstrip()
    if core[:1].isspace():
        return None
    core = core.removesuffix("/")
    while core.startswith("**/"):
        core = core[3:]
    return None if "/" in core else core


def _literal_start(source: str) -> str:
    """The plain text every match of the regex ``source`` starts with ("" when unsure)."""
    out: list[str] = []
    index = 0
    while index < len(source):
        char = source[index]
        if char == "\\" and index + 1 < len(source) and not source[index + 1].isalnum():
            out.append(source[index + 1])
            index += 2
            continue
        if char in ".^$*+?{}[]|()\\":
            if char == "|":
                return ""
            if char in "*+?{" and out:
                out.pop()  # the quantifier makes the last character optional
            break
        out.append(char)
        index += 1
    return "".join(out)


@functools.lru_cache(maxsize=256)
def _line_regex(sources: tuple[str, ...]) -> re.Pattern[str] | None:
    """One regex finding the "\\n" before each line any of ``sources`` matches."""
    if not sources:
        return None
    body = "|".join(f"(?:{source})" for source in sources)
    try:
        return re.compile(f"\\n(?=(?:{body}))")
    except re.error:
        return None


NO_RULES = IgnoreRules()  # the rules above the workspace root: none
