"""The workspace picker: choose a project folder from the notebook and open it.

A path box and a list of the current folder's subfolders to browse with;
**Open** opens the chosen folder with ``wsnb.open_workspace``, so a refused
folder (a system folder, a folder too broad such as ``/home``, a missing
one) shows that function's own sentence, and the workspace it returns is
kept in ``picker.workspace`` and passed to ``on_pick``.

Browsing lists folder *names* only (no file is opened or read, symlinks are
neither listed nor followed): the picker chooses a root, it reads nothing
inside one. The chosen root then passes the access policy like any other.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ..errors import WsnbError
from ..i18n import _
from ._html import esc
from .card import close_tree

if TYPE_CHECKING:
    from ..notebook import Workspace

__all__ = ["MAX_SUBFOLDERS", "WorkspacePicker", "pick_workspace"]

logger = logging.getLogger("wsnb")

MAX_SUBFOLDERS = 500
"""At most this many subfolders are listed for browsing (sorted by name)."""
_UP = ".."


class WorkspacePicker(widgets.VBox):  # type: ignore[misc]
    """Choose a folder and open it as a ``Workspace`` (see ``pick_workspace``)."""

    def __init__(
        self,
        start: str | os.PathLike[str] | None = None,
        *,
        on_pick: Callable[[Workspace], None] | None = None,
        **open_options: Any,
    ) -> None:
        self.workspace: Workspace | None = None
        self.on_pick = on_pick
        self.open_options = open_options
        self.path_box = widgets.Text(description=_("Folder"),
                                     layout=widgets.Layout(width="480px", max_width="100%"))
        self.path_box.add_class("wsnb-path-box")
        self.folders = widgets.Select(options=[], rows=8,
                                      layout=widgets.Layout(width="480px", max_width="100%"))
        self.folders.add_class("wsnb-folders")
        self.go_button = widgets.Button(description=_("Go"), icon="arrow-right",
                                        tooltip=_("list the subfolders of this folder"),
                                        layout=widgets.Layout(width="auto"))  # fmt: skip
        self.open_button = widgets.Button(description=_("Open"), icon="folder-open",
                                          layout=widgets.Layout(width="auto"),
                                          button_style="primary")  # fmt: skip
        self.status = widgets.HTML()
        self.status.add_class("wsnb-status")
        self.go_button.on_click(lambda _button: self.browse(self.path_box.value))
        self.open_button.on_click(lambda _button: self.pick())
        self.folders.observe(self._chosen, "value")
        super().__init__([widgets.HBox([self.path_box, self.go_button, self.open_button],
                                       layout=widgets.Layout(flex_flow="row wrap")),
                          self.folders, self.status])  # fmt: skip
        self.add_class("wsnb-picker")
        self.browse(os.fspath(start) if start is not None else os.getcwd())

    def __repr__(self) -> str:
        chosen = f"opened {self.workspace.root}" if self.workspace else "nothing opened yet"
        return f"<WorkspacePicker at {self.path_box.value!r} ({chosen})>"

    def browse(self, path: str) -> None:
        """Show ``path`` in the box and its subfolders in the list."""
        folder = Path(os.path.expanduser(path.strip() or ".")).absolute()
        self.path_box.value = str(folder)
        names, note = _subfolders(folder)
        with self.folders.hold_trait_notifications():
            self.folders.value = None
            self.folders.options = ([_UP] if folder.parent != folder else []) + names
        self._say(note, error=bool(note) and len(names) < MAX_SUBFOLDERS)

    def _chosen(self, change: dict[str, Any]) -> None:
        name = change["new"]
        if name is None:
            return
        current = Path(self.path_box.value)
        self.browse(str(current.parent if name == _UP else current / name))

    def pick(self) -> Workspace | None:
        """Open the folder in the box; on refusal say why and return None."""
        from ..renderers import face  # the notebook's open_workspace, without importing it

        try:
            ws: Workspace = face("open workspace")(self.path_box.value, **self.open_options)
        except WsnbError as exc:
            self._say(str(exc), error=True)
            return None
        self.workspace = ws
        self._say(_("Opened {root} ({mode}).").format(root=ws.root, mode=ws.mode.value))
        logger.info("picker opened a workspace")
        if self.on_pick is not None:
            self.on_pick(ws)
        return ws

    def close(self) -> None:
        """Close the picker and every model inside (the opened workspace stays usable)."""
        close_tree(self)

    def _say(self, text: str, *, error: bool = False) -> None:
        colour = "var(--jp-error-color1, #c62828)" if error else "var(--jp-ui-font-color1, #222)"
        self.status.value = f'<span style="color: {colour}">{esc(text)}</span>' if text else ""


def _subfolders(folder: Path) -> tuple[list[str], str]:
    """The visible subfolder names of ``folder`` (no links, no dot-folders), and a note."""
    try:
        with os.scandir(folder) as entries:
            names = sorted((e.name for e in entries
                            if not e.name.startswith(".") and e.is_dir(follow_symlinks=False)),
                           key=str.casefold)  # fmt: skip
    except FileNotFoundError:
        return [], _("{folder} does not exist; type another folder's path.").format(folder=folder)
    except NotADirectoryError:
        return [], _("{folder} is a file, not a folder; type the folder that contains it."
                     ).format(folder=folder)
    except OSError as exc:
        return [], _("{folder} can't be listed ({reason}); type another path.").format(
            folder=folder, reason=exc.strerror or exc)
    if len(names) > MAX_SUBFOLDERS:
        shown = names[:MAX_SUBFOLDERS]
        return shown, _("{count} more subfolders; type the path instead.").format(
            count=f"{len(names) - MAX_SUBFOLDERS:,}")
    return names, ""


def pick_workspace(
    start: str | os.PathLike[str] | None = None,
    *,
    on_pick: Callable[[Workspace], None] | None = None,
    **open_options: Any,
) -> WorkspacePicker:
    """A widget to choose a folder and open it; ``.workspace`` holds the result.

    ``start`` is the folder shown first (the working folder by default);
    ``on_pick(ws)`` is called with the opened workspace; ``open_options`` go to
    ``open_workspace`` (``mode``, ``limits``...).
    """
    return WorkspacePicker(start, on_pick=on_pick, **open_options)
