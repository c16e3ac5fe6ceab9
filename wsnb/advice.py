"""Advice a reader can follow: the Python call in a notebook, the MCP tool over MCP.

A sentence that tells its reader what to do next must name something that
reader can do. A person in a notebook calls Python (``ls()``, ``limit=None``,
``ws.pending_plans()``); an agent over MCP calls a tool with an argument
(``list_folder``, ``offset``, ``list_my_plans``) and has no Python at all. So
every sentence that advises an action is written here once per face, each a
whole sentence in ``N_()`` (both languages in the catalog), and the code that
says it calls the entry: ``NOT_FOUND(path=path)`` renders the face of whoever
reads now.

The face is a context variable: Python unless a server says otherwise
(``with speaking_to(Face.MCP):`` around each MCP tool call), so a notebook, a
script and the built-in chat read as before. A new advising sentence goes
here, never inline; ``tests/test_mcp_advice.py`` walks every error and cut
note an MCP tool gives and finds no Python name in it.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from .i18n import N_, _, ngettext

__all__ = ["ADVICE", "Advice", "Face", "PluralAdvice", "current_face", "speaking_to"]


class Face(enum.StrEnum):
    """Who reads a sentence: a person at Python, or an agent through MCP tools."""

    PYTHON = "python"
    MCP = "mcp"


_face: ContextVar[Face] = ContextVar("wsnb_face", default=Face.PYTHON)


def current_face() -> Face:
    """The face sentences are said to now (Python unless a server set another)."""
    return _face.get()


@contextmanager
def speaking_to(face: Face) -> Iterator[None]:
    """Say every advising sentence in the block to ``face``."""
    token = _face.set(Face(face))
    try:
        yield
    finally:
        _face.reset(token)


@dataclass(frozen=True)
class Advice:
    """One advising sentence, whole, once per face (each marked with ``N_()``)."""

    python: str
    mcp: str

    def text(self, face: Face | None = None) -> str:
        """The untranslated sentence of ``face`` (the current one by default)."""
        return self.mcp if (face or current_face()) is Face.MCP else self.python

    def __call__(self, **fields: Any) -> str:
        """The sentence for the current face, translated, with ``fields`` filled in."""
        sentence = self.text()  # marked with N_() where it is written
        return _(sentence).format(**fields)


@dataclass(frozen=True)
class PluralAdvice:
    """An advising sentence with a count: per face, the ``ngettext`` of its two forms (a
    function of the count, so Babel extracts the pair and the current language picks)."""

    python: Callable[[int], str]
    mcp: Callable[[int], str]

    def __call__(self, number: int, **fields: Any) -> str:
        """The form for ``number`` in the current face and language, with ``fields`` filled."""
        form = self.mcp if current_face() is Face.MCP else self.python
        return form(number).format(**fields)


# -- reading -----------------------------------------------------------------------------

NOT_FOUND = Advice(
    N_("{path} does not exist; check the name with ls() or find()."),
    N_("{path} does not exist; check the name with list_folder or find_files."))
IS_FOLDER = Advice(
    N_("{path} is a folder, not a file; use ls() to list it."),
    N_("{path} is a folder, not a file; list it with list_folder."))
IS_FOLDER_SHORT = Advice(
    N_("{path} is a folder; use ls() to list it."),
    N_("{path} is a folder; list it with list_folder."))
READ_MORE = Advice(
    N_("{path}: showing the first {limit:,} bytes of {size:,}; pass a larger max_bytes to read "
       "more"),
    N_("{path}: showing the first {limit:,} bytes of {size:,}; read the rest with read_file and "
       "start_line (or tail)"))
READ_PART = Advice(
    N_("{path}: showing part of {size:,}; pass a larger max_bytes to read more"),
    N_("{path}: showing part of {size:,} bytes; read the rest with read_file and start_line "
       "(or tail)"))

LINES_CUT = Advice(
    N_("showing lines {first:,} to {last:,}: the answer holds at most {limit:,} bytes; read on "
       "with start_line={next}"),
    N_("showing lines {first:,} to {last:,}: the answer holds at most {limit:,} bytes; call "
       "read_file with start_line={next} for the next lines"))
BEYOND_REACH = Advice(
    N_("{path} is {size:,} bytes; lines are read by number in its first {read:,} bytes only, "
       "and tail reads its end"),
    N_("{path} is {size:,} bytes; lines are read by number in its first {read:,} bytes only; "
       "call read_file with tail for its last lines"))

SCAN_FILES_CUT = Advice(
    N_("the scan stopped at max_files={entries:,} (about {left_out:,} left out); open the "
       "workspace with limits=wsnb.ScanLimits(max_files={more}) for more"),
    N_("the scan stopped at {entries:,} files (about {left_out:,} left out), so names and text "
       "are found in those only; serve a smaller folder to reach them all"))
SCAN_DEPTH_CUT = Advice(
    N_("the scan did not go below the depth limit ({left_out:,} folders not entered); open the "
       "workspace with limits=wsnb.ScanLimits(max_depth=128) for more"),
    N_("the scan did not go below the depth limit ({left_out:,} folders not entered), so names "
       "and text below it are not found; list_folder and read_file still reach them"))

# -- paging --------------------------------------------------------------------------------

ENTRIES_CUT = Advice(
    N_("showing {shown:,} of {total:,} entries of {folder}; pass limit=None for all"),
    N_("showing entries {first:,} to {last:,} of {total:,} of {folder}; call list_folder with "
       "offset={next} for the next page"))
GLOB_CUT = Advice(
    N_("showing the first {shown:,} of {total:,} paths that match, in path order; pass "
       "limit=None for all"),
    N_("showing paths {first:,} to {last:,} of {total:,} that match, in path order; call "
       "find_files with offset={next} for the next page"))
NAMES_CUT = Advice(
    N_("showing the best {shown:,} of {total:,} names that match; pass limit=None for all"),
    N_("showing names {first:,} to {last:,} of the {total:,} that match, best first; call "
       "find_files with offset={next} for the next page"))
MATCHES_CUT = Advice(
    N_("stopped at {limit:,} matches after {visited:,} of {total:,} files; pass limit=None for "
       "all"),
    N_("stopped at {limit:,} matching lines after {visited:,} of {total:,} files; call "
       "search_text with offset={next} for the next page"))
FILES_CUT = Advice(
    N_("searched {visited:,} of {total:,} files (max_files={max_files:,}); pass max_files=None "
       "for all"),
    N_("searched {visited:,} of {total:,} files (at most {max_files:,} per call); narrow the "
       "search to a folder or glob with path"))
MORE_IN_FILE = PluralAdvice(
    lambda n: ngettext(
        "{lines:,} more matching lines in {files:,} file not shown ({per_file:,} per file); "
        "see .attrs[\"more_in_file\"]",
        "{lines:,} more matching lines in {files:,} files not shown ({per_file:,} per file); "
        "see .attrs[\"more_in_file\"]", n),
    lambda n: ngettext(
        "{lines:,} more matching lines in {files:,} file not shown ({per_file:,} per file); "
        "more_in_file names it",
        "{lines:,} more matching lines in {files:,} files not shown ({per_file:,} per file); "
        "more_in_file names them", n))
SKIPPED_BIG = PluralAdvice(
    lambda n: ngettext(
        "{count:,} file skipped ({what}); pass a larger max_bytes (now {max_bytes:,}) for the "
        "big ones; see .attrs",
        "{count:,} files skipped ({what}); pass a larger max_bytes (now {max_bytes:,}) for the "
        "big ones; see .attrs", n),
    lambda n: ngettext(
        "{count:,} file skipped ({what}; files over {max_bytes:,} bytes are not searched); "
        "skipped_large names it",
        "{count:,} files skipped ({what}; files over {max_bytes:,} bytes are not searched); "
        "skipped_large names the big ones", n))
SKIPPED = PluralAdvice(
    lambda n: ngettext("{count:,} file skipped ({what}); see .attrs",
                       "{count:,} files skipped ({what}); see .attrs", n),
    lambda n: ngettext("{count:,} file skipped ({what}); the counts are in the structured answer",
                       "{count:,} files skipped ({what}); the counts are in the structured "
                       "answer", n))

# -- changing --------------------------------------------------------------------------------

EXISTS = Advice(
    N_("{path} already exists; wsnb never overwrites. Choose another name, or use write_file() "
       "to change an existing file."),
    N_("{path} already exists; wsnb never overwrites. Choose another name, or change the file "
       "with propose_edit or propose_write_file."))
MISSING_FOR_WRITE = Advice(
    N_("{path} does not exist; use create_file() for a new file."),
    N_("{path} does not exist; propose a new file with propose_create_file."))
SLASH_NAMES_FOLDER = Advice(
    N_("{path} ends with a slash, so it names a folder, and create_file() makes files. Use "
       "create_folder({path}) for a folder, or add a file name, such as {example}."),
    N_("{path} ends with a slash, so it names a folder, and propose_create_file makes files. "
       "Use propose_create_folder for a folder, or add a file name, such as {example}."))
MOVE_A_FOLDER = Advice(
    N_("{path} is a folder; wsnb moves one file at a time, so move the files inside it one by "
       "one. To give a folder a new name, use rename()."),
    N_("{path} is a folder; wsnb moves one file at a time, so move the files inside it one by "
       "one. To give a folder a new name, use propose_rename."))
NAME_NOT_PATH = Advice(
    N_("{name!r} is a path, not a name; rename keeps the item in its folder, so use move() to "
       "move it elsewhere."),
    N_("{name!r} is a path, not a name; rename keeps the item in its folder, so use "
       "propose_move to move it elsewhere."))
NOTHING_TO_TRASH = Advice(
    N_("{path} does not exist, so there is nothing to move to the trash; check the name with "
       "ls()."),
    N_("{path} does not exist, so there is nothing to move to the trash; check the name with "
       "list_folder."))
FILE_GONE = Advice(
    N_("The file is gone; look for it with ls() before changing it."),
    N_("The file is gone; look for it with list_folder before changing it."))
UNDO_CHANGED = Advice(
    N_("{path} changed since entry {entry} made it; wsnb won't trash a changed file. Trash it "
       "yourself with trash() if you mean to."),
    N_("{path} changed since entry {entry} made it; wsnb won't trash a changed file. Propose "
       "it with propose_trash if you mean to."))
UNDO_NOT_EMPTY = Advice(
    N_("{path} is no longer empty; wsnb only undoes creating a folder while it is empty. Trash "
       "it yourself with trash() if you mean to."),
    N_("{path} is no longer empty; wsnb only undoes creating a folder while it is empty. "
       "Propose it with propose_trash if you mean to."))
NO_ENTRY = Advice(
    N_("There is no journal entry {entry!r}; see ws.history for the ids."),
    N_("There is no journal entry {entry!r}; history lists the ids."))
ENTRY_POSITION = Advice(
    N_("Give a journal entry id or a position in ws.history, not {entry!r}."),
    N_("Give a journal entry id from history, not {entry!r}."))
HISTORY_POSITION = Advice(
    N_("ws.history has {count} entries; position {entry} is not one of them."),
    N_("history has {count} entries; position {entry} is not one of them."))

# -- plans ------------------------------------------------------------------------------------

NO_STORED_PLAN = Advice(
    N_("There is no stored plan {id!r}; the ids come back from the propose tools and "
       "ws.pending_plans(), and a decided plan is kept for a week (ws.history has what ran)."),
    N_("There is no stored plan {id!r}; the ids come back from the propose tools and "
       "list_my_plans, and a decided plan is kept for a week (history has what ran)."))
CANCEL_DONE = Advice(
    N_("This plan was already carried out, so it can't be cancelled; use undo() to reverse it."),
    N_("This plan was already carried out, so it can't be withdrawn; propose_undo reverses "
       "it."))
CONFIRM_INTERRUPTED = Advice(
    N_("This plan was cut short while it was carried out; undo it or finish it on its card or "
       "from ws.interrupted, or keep it as it is."),
    N_("This plan was cut short while it was carried out; the person decides on its card "
       "whether to undo it, finish it or keep it as it is."))
CANCEL_INTERRUPTED = Advice(
    N_("This plan was cut short while it was carried out, so there is nothing to cancel; undo "
       "it or finish it on its card or from ws.interrupted."),
    N_("This plan was cut short while it was carried out, so there is nothing to withdraw; "
       "the person decides on its card whether to undo it or finish it."))

# -- notes ------------------------------------------------------------------------------------

NOTE_TITLE = Advice(
    N_("Give the note a title, e.g. capture('Idea', 'text')."),
    N_("Give the note a title: propose_note needs a title."))

NOTE_MISSING = Advice(
    N_("{path} does not exist; make a new note with capture() first."),
    N_("{path} does not exist; propose a new note with propose_note first."))

ADVICE: dict[str, Advice | PluralAdvice] = {
    name: value for name, value in globals().items()
    if isinstance(value, Advice | PluralAdvice)
}  # fmt: skip
"""Every entry of the catalogue by name: what the tests walk."""
