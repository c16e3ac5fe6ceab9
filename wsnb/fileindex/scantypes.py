"""What a scan is given and what it gives back: its limits and its report.

``ScanLimits`` bounds a walk (``for_model()`` for an agent's context,
``for_person()`` for a notebook); ``ScanReport`` says what the walk saw and
left out, in one readable line in the current language; ``SKIP_DIRS`` are the
folders no scan enters. ``wsnb.fileindex.scanner`` does the walking.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import NotFoundError, UsageError, WorkspaceOpenError
from ..i18n import _, ngettext

__all__ = ["MODEL_LIMITS", "SKIP_DIRS", "ScanLimits", "ScanReport", "is_skipped_dir"]

SKIP_DIRS = frozenset(
    {
        ".git", ".vs", ".idea", "build", "cmake-build-debug", "cmake-build-release",
        "node_modules", "dist", "release", "release_packages", "logs", ".wsnb", "__pycache__",
    }
)  # fmt: skip


def is_skipped_dir(name: str) -> bool:
    """Whether a scan leaves a folder of this name out (hidden, or in ``SKIP_DIRS``)."""
    return name[0] == "." or name.lower() in SKIP_DIRS


def _root_error(root: str, exc: OSError) -> Exception:
    if isinstance(exc, FileNotFoundError):
        return NotFoundError(
            f"The workspace folder {root} no longer exists; open an existing folder.", path=root
        )
    return WorkspaceOpenError(
        f"The workspace folder {root} can't be listed ({exc.strerror}); check its permissions.",
        path=root,
    )


@dataclass(frozen=True, slots=True)
class ScanLimits:
    """How far a scan goes.

    The defaults are the design's bounds for a model's context;
    ``ScanLimits.for_person()`` is what a workspace opened in a notebook uses.

    Parameters
    ----------
    max_depth : int
        No entry deeper than this is recorded (the root's children have depth 1), so
        folders at that depth are listed but not entered.
    max_files : int
        At most this many entries (files and folders) are recorded.

    Raises
    ------
    UsageError
        ``max_depth`` below 1 or ``max_files`` below 0.

    Examples
    --------
    >>> wsnb.ScanLimits.for_person().max_files
    1000000
    """

    max_depth: int = 8
    max_files: int = 5000

    @classmethod
    def for_model(cls) -> ScanLimits:
        """The design's bounds: depth 8, 5,000 entries.

        Returns
        -------
        ScanLimits
        """
        return cls()

    @classmethod
    def for_person(cls) -> ScanLimits:
        """Whole projects: depth 64, 1,000,000 entries (about 1 GiB of memory at the most).

        A person filters ``ws.files`` as a DataFrame and wants every row; the
        bound only keeps a workspace opened on the wrong folder from eating the
        machine, and a cut scan says so under ``ws.files``.

        Returns
        -------
        ScanLimits
        """
        return cls(max_depth=64, max_files=1_000_000)

    def __post_init__(self) -> None:
        if self.max_depth < 1:
            raise UsageError(_("max_depth must be 1 or more (got {value}); 1 lists only the "
                               "root's own entries.").format(value=self.max_depth))  # fmt: skip
        if self.max_files < 0:
            raise UsageError(_("max_files must be 0 or more (got {value}).").format(
                value=self.max_files))


@dataclass(frozen=True, slots=True)
class ScanReport:
    """What a scan saw and left out; ``str()`` gives one readable line.

    Attributes
    ----------
    entries, files, dirs : int
        The entries recorded, and how many are files and folders.
    skipped_dirs : tuple of str
        At most 200 folders skipped by name (``.git``, ``node_modules``...), the
        shallowest first; ``skipped`` counts them all.
    ignored : int
        Entries left out by ``.gitignore``.
    symlinks : int
        Symbolic links seen (reported, never followed).
    truncated : bool
        True when a limit stopped the scan; ``limit`` names it.
    limit : str or None
        ``"max_files"`` or ``"max_depth"`` when one cut the scan.
    left_out : int
        Entries seen but not recorded because of ``max_files`` (those of the folder
        being listed) plus the non-empty folders not entered because of ``max_depth``.
    elapsed : float
        Seconds the scan took.
    skipped : int
        Folders skipped by name.
    special : int
        FIFOs, sockets and devices.
    unreadable : int
        Folders the system refused to list.
    live : str
        Where no watcher works, the sentence saying that changes are found by checking
        before each query.
    """

    entries: int
    files: int
    dirs: int
    skipped_dirs: tuple[str, ...]
    ignored: int
    symlinks: int
    truncated: bool
    limit: str | None
    left_out: int
    elapsed: float
    skipped: int = 0
    special: int = 0
    unreadable: int = 0
    live: str = ""  # set where no watcher works: the sentence that says so


    def __str__(self) -> str:
        text = _("; ").join(self._parts())
        return _("{counts}. {live}").format(counts=text, live=self.live) if self.live else text

    def _parts(self) -> list[str]:
        """Each count a person reads, one phrase each, in the current language."""
        parts = [_("{files} and {folders}").format(
            files=ngettext("{count:,} file", "{count:,} files", self.files).format(
                count=self.files),
            folders=ngettext("{count:,} folder", "{count:,} folders", self.dirs).format(
                count=self.dirs))]  # fmt: skip
        counted = (
            (self.skipped, ngettext("{count:,} folder skipped", "{count:,} folders skipped",
                                    self.skipped)),
            (self.ignored, _("{count:,} ignored by .gitignore")),
            (self.symlinks, ngettext("{count:,} symlink not followed",
                                     "{count:,} symlinks not followed", self.symlinks)),
            (self.special, ngettext("{count:,} special file left out",
                                    "{count:,} special files left out", self.special)),
            (self.unreadable, ngettext("{count:,} unreadable folder",
                                       "{count:,} unreadable folders", self.unreadable)),
        )  # fmt: skip
        parts += [phrase.format(count=count) for count, phrase in counted if count]
        if self.truncated and self.limit == "max_files":
            parts.append(_("cut at max_files={entries:,} (about {count:,} left out)").format(
                entries=self.entries, count=self.left_out))
        elif self.truncated:
            parts.append(ngettext("cut at max_depth ({count:,} folder not entered)",
                                  "cut at max_depth ({count:,} folders not entered)",
                                  self.left_out).format(count=self.left_out))  # fmt: skip
        return parts


MODEL_LIMITS = ScanLimits()  # the default of scans called without limits; frozen, so shared
