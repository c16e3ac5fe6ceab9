"""A name renamed everywhere: the changes of one change set, a step per file.

``name_rename(ctx, old, new, glob)`` finds the text files where ``old`` stands as a whole
name (``wsnb.text.identifiers``: where a name ends as each file's language sees it) and
makes, for each, an ``edit`` change whose exact-text edits rename it there and nowhere
else. The workspace proposes them as one change set (``Workspace.rename_identifier``), so a
person sees every file's diff on one card, confirms once and undoes the whole rename at once.

The search is one literal text search over the index's files for both names (the same
search ``ws.grep`` makes, sensitive files never read), then each file that holds either is
read once. A name found nowhere is a sentence, never an empty plan; ``new`` already standing
as a name somewhere is a warning on the card (the rename would make the two one).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ..disk import textio
from ..errors import NotFoundError, UnsupportedFileError, UsageError, WsnbError
from ..i18n import _, ngettext
from ..search.grep import grep
from ..text.identifiers import find_name, language_of, renamed_windows
from .base import ToolContext
from .changeset import MAX_CHANGES
from .files import MAX_EDIT_BYTES, normalise_newlines
from .pathglob import glob_regex
from .read import search_candidates

__all__ = ["NameRename", "name_rename"]

_SHOWN = 3  # the places a warning names before it counts the rest


@dataclass
class NameRename:
    """The changes that rename ``old`` to ``new``, and what the card should warn about."""

    old: str
    new: str
    changes: list[dict[str, Any]] = field(default_factory=list)
    places: int = 0  # every place renamed, in every file
    warnings: list[str] = field(default_factory=list)

    @property
    def title(self) -> str:
        return _("Rename {old} to {new}").format(old=self.old, new=self.new)


def _checked_names(old: str, new: str) -> tuple[str, str]:
    for value, which in ((old, "old"), (new, "new")):
        if not isinstance(value, str) or not value.strip() or re.search(r"\s", value.strip()):
            raise UsageError(_("{which} must be one name without spaces, such as word_count, "
                               "not {value!r}.").format(which=which, value=value))  # fmt: skip
        if not re.search(r"\w", value):
            raise UsageError(_("{which} must hold a letter or a digit to be a name, not "
                               "{value!r}.").format(which=which, value=value))  # fmt: skip
    old, new = old.strip(), new.strip()
    if old == new:
        raise UsageError(_("The old and the new name are both {name}; give another new "
                           "name.").format(name=old))  # fmt: skip
    return old, new


def _candidates(ctx: ToolContext, glob: str | None) -> list[str]:
    paths = search_candidates(ctx)
    if glob is None or not str(glob).strip():
        return paths
    wanted = glob_regex(str(glob))
    return [path for path in paths if wanted.fullmatch(path)]


def _text_of(ctx: ToolContext, path: str) -> str | None:
    """The file's text with LF line ends, as an edit sees it; None when it can't be edited."""
    try:
        data = textio.read_bytes(ctx.policy.resolve(path), limit=MAX_EDIT_BYTES)
        return normalise_newlines(textio.decode_bytes(data)[0])
    except (UnsupportedFileError, WsnbError, OSError):
        return None


def name_rename(ctx: ToolContext, old: str, new: str, glob: str | None = None) -> NameRename:
    """The changes that rename the name ``old`` to ``new`` in every text file that holds it.

    Raises ``UsageError`` for names that are not names, a glob with no name in it, or more
    files than one change set takes; ``NotFoundError`` when ``old`` stands nowhere.
    """
    old, new = _checked_names(old, new)
    candidates = _candidates(ctx, glob)
    pattern = "|".join(re.escape(name) for name in sorted({old, new}, key=len, reverse=True))
    found = grep(ctx.policy, candidates, pattern, regex=True, case=True, limit=None,
                 max_files=None, max_bytes=MAX_EDIT_BYTES, per_file=1, warn=False)  # fmt: skip
    rename = NameRename(old, new)
    used: list[tuple[str, int]] = []  # where the new name already stands: (path, line)
    left_out: list[str] = []
    for path in dict.fromkeys(found["path"].tolist()):
        text = _text_of(ctx, path)
        if text is None:
            left_out.append(path)
            continue
        language = language_of(path)
        spans = find_name(text, old, language)
        used += [(path, text.count("\n", 0, s.start) + 1) for s in find_name(text, new, language)]
        if spans:
            edits = renamed_windows(text, spans, new)
            rename.changes.append({"op": "edit", "path": path, "edits": [
                {"old_text": before, "new_text": after} for before, after in edits]})
            rename.places += len(spans)
    _finish(rename, used, left_out, int(found.attrs.get("files_skipped_size", 0)), glob)
    return rename


def _finish(rename: NameRename, used: list[tuple[str, int]], left_out: list[str],
            too_big: int, glob: str | None) -> None:  # fmt: skip
    """The sentence for no place or too many files, else the card's warnings."""
    files = len(rename.changes)
    if not files:
        if glob:
            raise NotFoundError(_("{old} does not stand as a name in any text file matching "
                                  "{glob} (as a whole name, case included), so there is "
                                  "nothing to rename.").format(old=rename.old, glob=glob))
        raise NotFoundError(_("{old} does not stand as a name in any text file of the "
                              "workspace (as a whole name, case included), so there is "
                              "nothing to rename.").format(old=rename.old))  # fmt: skip
    if files > MAX_CHANGES:
        raise UsageError(_("{old} stands in {count:,} files; one change set takes at most "
                           "{most}. Rename it part by part with glob= (e.g. glob='src/**').")
                         .format(old=rename.old, count=files, most=MAX_CHANGES))  # fmt: skip
    if used:
        first: dict[str, int] = {}
        for path, line in used:
            first.setdefault(path, line)
        shown = ", ".join(f"{path}:{line}" for path, line in list(first.items())[:_SHOWN])
        if len(first) > _SHOWN:
            shown += _(" and {count:,} more").format(count=len(first) - _SHOWN)
        rename.warnings.append(ngettext(
            "{new} already stands as a name in {places:,} place ({where}); after the rename "
            "the two are one name.",
            "{new} already stands as a name in {places:,} places ({where}); after the rename "
            "the two are one name.", len(used)).format(new=rename.new, places=len(used),
                                                        where=shown))  # fmt: skip
    if left_out:
        rename.warnings.append(ngettext(
            "{count:,} file holding {old} is left out: wsnb can't edit it ({paths}).",
            "{count:,} files holding {old} are left out: wsnb can't edit them ({paths}).",
            len(left_out)).format(count=len(left_out), old=rename.old,
                                  paths=", ".join(left_out[:_SHOWN])))  # fmt: skip
    if too_big:
        rename.warnings.append(ngettext(
            "{count:,} file over 2 MiB was not searched; {old} may stand there too.",
            "{count:,} files over 2 MiB were not searched; {old} may stand there too.",
            too_big).format(count=too_big, old=rename.old))  # fmt: skip
