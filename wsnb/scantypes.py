"""What a scan is given and what it gives back: its limits and its report.

``ScanLimits`` bounds a walk (``for_model()`` for an agent's context,
``for_person()`` for a notebook); ``ScanReport`` says what the walk saw and
left out, in one readable line. ``wsnb.scanner`` does the walking.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import UsageError

__all__ = ["MODEL_LIMITS", "ScanLimits", "ScanReport"]


@dataclass(frozen=True, slots=True)
class ScanLimits:
    """How far a scan goes.

    ``max_depth``: no entry deeper than this is recorded (the root's children
    have depth 1), so folders at that depth are listed but not entered.
    ``max_files``: at most this many entries (files and folders) are recorded.

    The defaults are the design's bounds for a model's context;
    ``ScanLimits.for_person()`` is what a workspace opened in a notebook uses.
    """

    max_depth: int = 8
    max_files: int = 5000

    @classmethod
    def for_model(cls) -> ScanLimits:
        """The design's bounds: depth 8, 5,000 entries."""
        return cls()

    @classmethod
    def for_person(cls) -> ScanLimits:
        """Whole projects: depth 64, 1,000,000 entries (about 1 GiB of memory at the most).

        A person filters ``ws.files`` as a DataFrame and wants every row; the
        bound only keeps a workspace opened on the wrong folder from eating the
        machine, and a cut scan says so under ``ws.files``.
        """
        return cls(max_depth=64, max_files=1_000_000)

    def __post_init__(self) -> None:
        if self.max_depth < 1:
            raise UsageError(f"max_depth must be 1 or more (got {self.max_depth}); "
                             "1 lists only the root's own entries.")  # fmt: skip
        if self.max_files < 0:
            raise UsageError(f"max_files must be 0 or more (got {self.max_files}).")


@dataclass(frozen=True, slots=True)
class ScanReport:
    """What a scan saw and left out; ``str()`` gives one readable line.

    ``skipped_dirs`` lists at most 200 folders skipped by name, the
    shallowest first (``skipped`` counts them all). ``left_out`` counts the
    entries seen but not recorded because of ``max_files`` (those of the
    folder being listed) plus the non-empty folders not entered because of
    ``max_depth``. ``special`` counts FIFOs, sockets and devices;
    ``unreadable`` folders the system refused to list. ``live`` says, where
    no watcher works, that changes are found by checking before each query.
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
        parts = [f"{self.files:,} {_plural(self.files, 'file')} and "
                 f"{self.dirs:,} {_plural(self.dirs, 'folder')}"]  # fmt: skip
        if self.skipped:
            parts.append(f"{self.skipped:,} {_plural(self.skipped, 'folder')} skipped")
        if self.ignored:
            parts.append(f"{self.ignored:,} ignored by .gitignore")
        if self.symlinks:
            parts.append(f"{self.symlinks:,} {_plural(self.symlinks, 'symlink')} not followed")
        if self.special:
            parts.append(f"{self.special:,} special {_plural(self.special, 'file')} left out")
        if self.unreadable:
            parts.append(f"{self.unreadable:,} unreadable {_plural(self.unreadable, 'folder')}")
        if self.truncated and self.limit == "max_files":
            parts.append(f"cut at max_files={self.entries:,} (about {self.left_out:,} left out)")
        elif self.truncated:
            parts.append(f"cut at max_depth ({self.left_out:,} "
                         f"{_plural(self.left_out, 'folder')} not entered)")  # fmt: skip
        text = "; ".join(parts)
        return f"{text}. {self.live}" if self.live else text


MODEL_LIMITS = ScanLimits()  # the default of scans called without limits; frozen, so shared


def _plural(count: int, word: str) -> str:
    return word if count == 1 else word + "s"
