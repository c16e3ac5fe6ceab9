"""The walk itself: folders listed breadth first, ``.gitignore`` applied, rows recorded.

``_Walker`` lists one folder at a time from a queue, records each entry's name, size,
time and kind in flat lists, decides folders by the skip names and the ``.gitignore``
rules as they are listed (a walk never enters an ignored folder) and matches files in
bulk at the end. On a large tree it shares its queue with a forked child
(``wsnb.forked``) and takes the child's rows back in order. ``wsnb.fileindex.scanner``
turns what it recorded into the scan's DataFrame and report.
"""

from __future__ import annotations

import logging
import operator
import os
from bisect import bisect_left, bisect_right
from collections import deque
from collections.abc import Callable
from itertools import accumulate, chain

from ..forked import Forked, fork_call
from ..policy.access import AccessPolicy
from .frames import HIDDEN, S_IFDIR, S_IFLNK, S_IFMT, S_IFREG, Columns
from .gitignore import NO_RULES, IgnoreRules
from .scantypes import SKIP_DIRS, ScanLimits, _root_error

logger = logging.getLogger("wsnb")


_MAX_SKIPPED_LISTED = 200
# A walk shares its queue with a forked child once this many folders wait to be listed
# (and this many entries are recorded): on this many folders a child pays for its start
# (a few milliseconds, and the pages both processes then copy). The waiting folders
# are a fair guess of what is left: real trees of 6,000 and 18,000 entries never
# have 1,500 waiting; those of 60,000 have 1,600-2,200 after a few thousand entries.
_SHARE_MIN_FOLDERS = 1500
_SHARE_AFTER_ENTRIES = 1000
# List folders by descriptor where scandir accepts one (not on Windows); never through a link.
_LIST_BY_FD = os.scandir in os.supports_fd and hasattr(os, "O_DIRECTORY")
_DIR_FLAGS = (
    os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_CLOEXEC", 0)
)  # fmt: skip

_NAME = operator.attrgetter("name")
# A folder to list: its prefix ("" or ending in "/"), depth, the rules of the folders above it.
_Folder = tuple[str, int, IgnoreRules]
# Rows whose files the name globs of a set of rules are matched against later
# (``_flush_later``): per folder, its prefix, first row and end row.
_Later = list[tuple[str, int, int]]
_Recorder = Callable[[list[os.DirEntry[str]], str], list[str]]
# What a child walker sends back (``_Walker.sent``): its four lists, runs and dropped rows,
# the skipped folders, five counts and the two kinds of cut.
_Sent = tuple[
    tuple[list[str], list[int], list[int], list[int]], list[tuple[str, int, int]], list[int],
    list[str], tuple[int, int, int, int, int], tuple[bool, bool],
]  # fmt: skip


class _Walker:
    """One scan's state: ``run`` walks (``_walk`` lists each folder), ``record`` its entries."""

    def __init__(
        self,
        policy: AccessPolicy,
        limits: ScanLimits,
        progress: Callable[[int], None] | None,
        progress_every: int,
        skip_dirs: frozenset[str] = SKIP_DIRS,
        gitignore: bool = True,
    ) -> None:
        self.policy, self.root = policy, str(policy.root)
        self.skip_dirs, self.gitignore = skip_dirs, gitignore  # see columns_below
        self.limits = limits
        self.progress = progress
        self.progress_every = progress_every
        self.next_progress = progress_every
        self.next_check = min(progress_every, limits.max_files + 1)  # see _checkpoint
        self.columns = Columns()
        self.skipped_dirs: list[str] = []
        self.skipped = self.ignored = self.special = self.unreadable = self.left_out = 0
        self.cut_files = self.cut_depth = False
        self.queue: deque[_Folder] = deque()
        self.record = self._recorder()
        self.files_later: dict[IgnoreRules, _Later] = {}
        self.dropped: list[int] = []  # rows ignored by a name glob, left out of the frame
        self.shared = False  # a forked child walked part of the tree (see _share)

    @property
    def kept(self) -> int:
        """Entries recorded and not dropped by a name glob of ``.gitignore``."""
        return len(self.columns.name) - len(self.dropped)

    @property
    def limit(self) -> str | None:
        return "max_files" if self.cut_files else "max_depth" if self.cut_depth else None

    def run(self, start: _Folder = ("", 0, NO_RULES), share: bool = False) -> None:
        """Walk from ``start`` (the workspace root unless told) down, breadth first.

        With ``share``, a forked child walks half of the folders once the
        tree shows it is large (``_share``); ``shared`` then says so.
        """
        self.queue.append(start)
        child = self._walk(share)
        if child is not None:
            if self.cut_files:
                child[0].cancel()  # the scan is done again in one process (see scan)
            else:
                self._take_back(*child)
        self._flush_later()
        if self.progress is not None:
            self.progress(len(self.columns.name) - len(self.dropped))

    def _walk(self, share: bool) -> tuple[Forked, list[_Folder]] | None:
        """List the queued folders until none is left; the child sharing the walk, if any.

        This loop runs once per folder of the tree, so the usual folder is
        listed and taken here with everything bound once; one that may reach
        a progress report or ``max_files`` goes to ``_in_chunks``.
        """
        queue, popleft, enqueue = self.queue, self.queue.popleft, self.queue.append
        names, runs, record = self.columns.name, self.columns.runs, self.record
        keep = self._kept_subfolders
        root, max_depth, by_fd = self.root, self.limits.max_depth, _LIST_BY_FD
        gitignore = self.gitignore
        open_folder, list_folder, close = os.open, os.scandir, os.close
        child = None
        waiting_rules, waiting = NO_RULES, []  # the files of the last rules met, see _later
        try:
            while queue and not self.cut_files:
                if share and len(queue) >= _SHARE_MIN_FOLDERS and self.kept >= _SHARE_AFTER_ENTRIES:
                    child, share = self._share(), False
                prefix, depth, rules = popleft()
                path = root + "/" + prefix[:-1] if prefix else root
                fd = None
                try:  # by descriptor: each stat is then an fstatat by name, not a whole-path lstat
                    if by_fd:
                        fd = open_folder(path, _DIR_FLAGS)
                    with list_folder(path if fd is None else fd) as listing:
                        entries = list(listing)
                except BaseException as exc:
                    if fd is not None:
                        close(fd)
                    if not isinstance(exc, OSError):
                        raise
                    self._unlisted(prefix, exc)
                    continue
                try:
                    entries.sort(key=_NAME)
                    before, depth = len(names), depth + 1
                    if before + len(entries) >= self.next_check:
                        self._in_chunks(entries, prefix, depth, rules)
                        waiting_rules = NO_RULES  # a report may have matched the files waiting
                    else:  # in one piece, the usual case: _settle, inlined
                        subfolders = record(entries, prefix)
                        if gitignore and ".gitignore" in names[before:]:
                            rules = rules.with_gitignore(root, prefix)
                        if rules.rules:
                            if subfolders:
                                subfolders = keep(before, prefix, rules, subfolders)
                            if rules is not waiting_rules:  # neighbours mostly share their rules
                                waiting_rules, waiting = rules, self._later(rules)
                            waiting.append((prefix, before, len(names)))
                        if depth < max_depth:
                            for name in subfolders:
                                enqueue((prefix + name + "/", depth, rules))
                        elif subfolders:
                            self._at_max_depth(prefix, subfolders)
                    runs.append((prefix, depth, len(names) - before))
                finally:
                    if fd is not None:
                        close(fd)
        except BaseException:
            if child is not None:
                child[0].cancel()  # never a child left running, or unreaped, behind an error
            raise
        return child

    def _share(self) -> tuple[Forked, list[_Folder]] | None:
        """Give every other queued folder to a forked child walker; None if none could start.

        Every other one, because neighbouring folders of a breadth-first
        queue are alike in size more often than its two halves are.
        """
        waiting = list(self.queue)
        given = waiting[1::2]
        forked = None
        try:
            forked = fork_call(lambda: _walk_in_child(self, given))
            if forked is None:
                return None
            self.queue.clear()
            self.queue.extend(waiting[0::2])
        except BaseException:
            if forked is not None:
                forked.cancel()
            raise
        self.shared = True
        return forked, given

    def _take_back(self, forked: Forked, given: list[_Folder]) -> None:
        """Add the child's rows after this walk's; walk the child's folders here if it failed."""
        sent: _Sent | None = forked.result()
        if sent is None:
            self.queue.extend(given)
            self._walk(False)
            return
        (names, sizes, mtimes, kinds), runs, dropped, skipped_dirs, counts, cuts = sent
        cols, base = self.columns, len(self.columns.name)
        cols.name.extend(names)
        cols.size.extend(sizes)
        cols.mtime.extend(mtimes)
        cols.kind.extend(kinds)
        cols.runs.extend(runs)
        self.dropped.extend([base + row for row in dropped])
        self.skipped_dirs.extend(skipped_dirs)
        skipped, ignored, special, unreadable, left_out = counts
        self.skipped += skipped
        self.ignored += ignored
        self.special += special
        self.unreadable += unreadable
        self.left_out += left_out
        self.cut_files |= cuts[0]
        self.cut_depth |= cuts[1]

    def sent(self) -> _Sent:
        """What a child walker sends back: plain lists and numbers, for ``marshal``."""
        cols = self.columns
        counts = (self.skipped, self.ignored, self.special, self.unreadable, self.left_out)
        return (cols.lists(), cols.runs, self.dropped, self.skipped_dirs, counts,
                (self.cut_files, self.cut_depth))  # fmt: skip

    def _unlisted(self, prefix: str, exc: OSError) -> None:
        """A folder the system refused to list: counted; the root itself is an error."""
        if not prefix:
            raise _root_error(self.root, exc) from None
        self.unreadable += 1
        logger.debug("Could not list %s (%s).", prefix, exc.strerror)

    def _in_chunks(
        self, entries: list[os.DirEntry[str]], prefix: str, depth: int, rules: IgnoreRules
    ) -> None:
        """Record a folder in chunks of ``progress_every``, checked between them."""
        if self.gitignore and _holds_gitignore(entries):
            rules = rules.with_gitignore(self.root, prefix)
        recorded, step = self.columns.name, self.progress_every
        for start in range(0, len(entries), step):
            self._settle(len(recorded), prefix, depth, rules,
                         self.record(entries[start : start + step], prefix))  # fmt: skip
            if len(recorded) >= self.next_check and self._checkpoint(len(entries) - start - step):
                return

    def _settle(
        self, first: int, prefix: str, depth: int, rules: IgnoreRules, subfolders: list[str]
    ) -> None:
        """Apply ``.gitignore`` to the rows from ``first`` on; queue the subfolders kept.

        ``_walk`` does the same inline for a folder taken in one piece.
        """
        if rules.rules:
            if subfolders:
                subfolders = self._kept_subfolders(first, prefix, rules, subfolders)
            self._later(rules).append((prefix, first, len(self.columns.name)))
        if depth < self.limits.max_depth:
            self.queue.extend((prefix + name + "/", depth, rules) for name in subfolders)
        elif subfolders:
            self._at_max_depth(prefix, subfolders)

    def _kept_subfolders(
        self, first: int, prefix: str, rules: IgnoreRules, subfolders: list[str]
    ) -> list[str]:
        """Drop the folders ``.gitignore`` ignores from the rows from ``first`` on; those kept.

        The walk must know at once which folders to enter; the files wait
        for ``_flush_later``.
        """
        candidates = rules.subfolders_ignored(prefix, subfolders)
        if candidates is None:
            return subfolders
        return self._drop_ignored(first, prefix, rules, candidates, subfolders)

    def _later(self, rules: IgnoreRules) -> _Later:
        """Where the folders whose files wait for these rules' name globs are noted."""
        later = self.files_later.get(rules)
        if later is None:
            later = self.files_later[rules] = []
        return later

    def _at_max_depth(self, prefix: str, subfolders: list[str]) -> None:
        """Folders recorded but not entered (``max_depth``): counted when they hold something."""
        for name in subfolders:
            if _has_entries(self.root + "/" + prefix + name):
                self.left_out += 1
                self.cut_depth = True

    def _recorder(self) -> _Recorder:
        """The hot loop, with everything it touches bound once per scan rather than per folder."""
        cols = self.columns
        add_name, add_size, add_mtime, add_kind = (
            cols.name.append, cols.size.append, cols.mtime.append, cols.kind.append
        )  # fmt: skip
        skip, special = self._skip, self._special
        file_type, folder, regular, link, hidden = S_IFMT, S_IFDIR, S_IFREG, S_IFLNK, HIDDEN
        skip_dirs = self.skip_dirs

        def record(entries: list[os.DirEntry[str]], prefix: str) -> list[str]:
            """One stat and four appends per entry; returns the names of the subfolders to enter."""
            subfolders: list[str] = []
            for entry in entries:
                name = entry.name
                try:
                    info = entry.stat(follow_symlinks=False)
                except OSError:
                    continue  # removed while we looked; nothing to record
                kind = info.st_mode & file_type
                if kind != regular:
                    if kind == folder:
                        if name[0] == "." or name.lower() in skip_dirs:
                            skip(prefix + name)
                            continue
                        subfolders.append(name)
                    elif kind != link:
                        special()
                        continue
                if name[0] == ".":
                    kind |= hidden  # never a folder: hidden folders are skipped
                add_name(name)
                add_size(info.st_size)
                add_mtime(info.st_mtime_ns)
                add_kind(kind)
            return subfolders

        return record

    def _drop_ignored(
        self,
        first: int,
        prefix: str,
        rules: IgnoreRules,
        candidates: frozenset[str],
        subfolders: list[str],
    ) -> list[str]:
        """Take back the rows from ``first`` on that ``.gitignore`` ignores; the subfolders kept.

        Only recorded entries are asked about, so a folder skipped by name or
        a special file is counted as that, never as ignored.
        """
        names, kinds = self.columns.name, self.columns.kind
        rows = [
            row
            for row in range(first, len(names))
            if names[row] in candidates
            and rules.is_ignored(prefix + names[row] + ("/" if kinds[row] == S_IFDIR else ""))
        ]
        gone = {names[row] for row in rows if kinds[row] == S_IFDIR}
        for row in reversed(rows):
            for column in self.columns.lists():
                del column[row]
        self.ignored += len(rows)
        return [name for name in subfolders if name not in gone] if gone else subfolders

    def _flush_later(self) -> None:
        """Find the files a name glob of ``.gitignore`` ignores, among those not looked at yet.

        The walk decides every folder as it goes (it must know which to
        enter), and every file a literal name or a path pattern may match;
        the other files' names are matched against the other name patterns
        in bulk, one substring search per pattern over all names below the
        same rules, when ``_checkpoint`` needs exact counts and at the end
        (each distinct name once per set of needles, remembered from walk to walk). Their rows go to
        ``dropped``, counted as ignored, and are left out of the frame.
        """
        names, kinds = self.columns.name, self.columns.kind
        groups, self.files_later = self.files_later.items(), {}
        for rules, later in groups:
            prefixes, firsts, ends = (list(column) for column in zip(*later, strict=True))
            looked = list(chain.from_iterable(map(names.__getitem__, map(slice, firsts, ends))))
            offsets = list(accumulate(map(operator.sub, ends, firsts), initial=0))
            hits = rules.file_hits(prefixes, offsets, looked)
            for hit in hits:
                at = bisect_right(offsets, hit) - 1
                prefix, row = prefixes[at], firsts[at] + hit - offsets[at]
                if kinds[row] & S_IFMT != S_IFDIR and rules.is_ignored(prefix + names[row]):
                    self.dropped.append(row)
                    self.ignored += 1

    def _skip(self, path: str) -> None:
        self.skipped += 1
        self.skipped_dirs.append(path)

    def _special(self) -> None:
        self.special += 1

    def _checkpoint(self, unseen: int) -> bool:
        """Past ``max_files``: drop the rows over it, count them and ``unseen``, stop (True).

        Otherwise report progress, and go on. The files waiting for the
        name globs are matched first when a report needs the exact count or
        the rows may pass ``max_files``; else they wait for the end, since
        matching them in one batch costs a fraction of many small ones.
        """
        names, max_files = self.columns.name, self.limits.max_files
        if self.progress is not None or len(names) - len(self.dropped) > max_files:
            self._flush_later()
        dropped = self.dropped
        kept = len(names) - len(dropped)
        if kept > max_files:
            self.left_out += kept - max_files + max(unseen, 0)
            # The row after the max_files-th kept one, and after the dropped rows that follow
            # it: those belong to folders already counted in ``runs``, and stay dropped.
            cut = max_files
            for row in sorted(dropped):
                if row > cut:
                    break
                cut += 1
            for column in self.columns.lists():
                del column[cut:]
            self.dropped = [row for row in dropped if row < cut]
            self.cut_files = True
            return True
        if self.progress is not None:
            self.progress(kept)
        self.next_progress = (len(names) // self.progress_every + 1) * self.progress_every
        self.next_check = min(self.next_progress, max_files + 1 + len(dropped))
        return False


def _walk_in_child(parent: _Walker, given: list[_Folder]) -> _Sent:
    """In a forked child: walk ``given`` as ``parent`` would, and return what was recorded."""
    walker = _Walker(parent.policy, parent.limits, None, parent.progress_every,
                     parent.skip_dirs, parent.gitignore)  # fmt: skip
    walker.queue.extend(given)
    walker._walk(False)
    walker._flush_later()
    return walker.sent()


def _by_depth(path: str) -> tuple[int, str]:
    """The shallowest first, then by path: the same order however the walk was shared."""
    return path.count("/"), path


def _holds_gitignore(entries: list[os.DirEntry[str]]) -> bool:
    """Whether the name-sorted ``entries`` hold one named ``.gitignore``."""
    at = bisect_left(entries, ".gitignore", key=_NAME)
    return at < len(entries) and entries[at].name == ".gitignore"


def _has_entries(folder: str) -> bool:
    try:
        with os.scandir(folder) as listing:
            return next(listing, None) is not None
    except OSError:
        return False


