"""The explorer's tree: a folder that unfolds (``FolderNode``) and a file's row (``FileRow``).

Both are views the ``Explorer`` (``wsnb.widgets.explorer``) builds and tells what to do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import ipywidgets as widgets

from ..i18n import _
from .card import close_tree
from .filerows import file_icon

if TYPE_CHECKING:
    from .explorer import Explorer
__all__ = ["FileRow", "FolderNode"]


class FolderNode(widgets.VBox):  # type: ignore[misc]
    """One folder of the tree: a button with its name, and its entries once expanded."""

    def __init__(self, explorer: Explorer, path: str, name: str) -> None:
        self.path = path
        self.expanded = False
        self.loaded = False
        shared = explorer.row_look
        self.button = widgets.Button(description=name, icon="folder",
                                     tooltip=_("{path}/ (click to open or close)").format(
                                         path=path),
                                     _dom_classes=("wsnb-node", "wsnb-folder"),
                                     layout=shared.button_layout,
                                     style=shared.button_style)  # fmt: skip
        self.button.on_click(lambda _button: explorer.click_folder(path))
        self.entries = widgets.VBox(_dom_classes=("wsnb-children",), layout=shared.box_layout)
        super().__init__(children=[self.button], layout=shared.box_layout)

    def __repr__(self) -> str:
        state = "expanded" if self.expanded else "collapsed"
        return f"<FolderNode {self.path}/ ({state})>"

    def show(self, rows: list[widgets.Widget]) -> None:
        old = self.entries.children
        self.entries.children = rows
        _drop_rows(old)
        self.loaded = True
        self.unfold()

    def unfold(self) -> None:
        self.expanded = True
        self.button.icon = "folder-open"
        self.children = [self.button, self.entries]

    def fold(self) -> None:
        self.expanded = False
        self.button.icon = "folder"
        self.children = [self.button]


class FileRow(widgets.Button):  # type: ignore[misc]
    """One file of the tree: one button with its type's icon and name, its size and time.

    The size and time (``meta``) are the button's tooltip, which the style sheet also
    draws at the row's right end: one front-end model per file, as before the columns.
    """

    def __init__(self, explorer: Explorer, path: str, name: str, meta: str) -> None:
        self.path = path
        self.meta = meta
        shared = explorer.row_look
        super().__init__(description=name, icon=file_icon(name), tooltip=meta,
                         _dom_classes=("wsnb-node", "wsnb-file"), layout=shared.file_layout,
                         style=shared.button_style)  # fmt: skip
        self.on_click(lambda _button: explorer.select(path))

    @property
    def button(self) -> FileRow:
        """The row itself (a folder's row is ``FolderNode.button``)."""
        return self

    def __repr__(self) -> str:
        return f"<FileRow {self.path}>"


def _drop_rows(rows: tuple[widgets.Widget, ...]) -> None:
    """Close rows that left the tree, so their models don't pile up in the kernel.

    Rows share their layout and style (see ``_RowLook``): only the rows' own
    models are closed here; the shared ones close with the explorer.
    """
    for row in rows:
        if isinstance(row, FolderNode):
            _drop_rows(row.entries.children)
            for part in (row.button, row.entries, row):
                widgets.Widget.close(part)
        elif isinstance(row, FileRow):
            widgets.Widget.close(row)
        else:
            close_tree(row)  # a note, with its own layout and style
