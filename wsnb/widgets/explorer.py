"""The workspace explorer: a lazy folder tree, a preview pane, and actions that make plans.

A folder is listed (through ``ws.ls``, the policy-checked shallow listing)
only when it is expanded, so a huge project opens as fast as a small one.
Selecting a text file previews it through the read tool; binary, refused and
large files say why they are not shown. Every action that changes something
returns a plan whose card appears below the tree: nothing happens until its
Confirm is clicked. "Open" opens a file in JupyterLab's own editor or viewer
and "Reveal" shows it in JupyterLab's file browser (through ``ipylab``): they
run no program and change nothing, so they need no plan. "Open with desktop
app" hands the file to the desktop's default app, for a kernel on a desktop:
that is a plan, as ``ws.open`` is.

Actions that need a name (new file, new folder, rename, move) open a small
input of their own under the toolbar (``prompt``), filled with what fits
(the current name for a rename); its OK button makes the plan.

Tests and browser tests drive it through its attributes: ``expand(path)``,
``select(path)``, ``node(path)``, ``ask(key)``, ``name_box``, ``ok_button``,
``actions[...]``, ``preview``, ``cards``. Folder rows are buttons with the class
``wsnb-folder`` and the folder's name as text; files have ``wsnb-file``.
"""

from __future__ import annotations

import html
import logging
from datetime import datetime
from typing import TYPE_CHECKING

import ipywidgets as widgets
import pandas as pd

from ..errors import NotFoundError, WsnbError
from ..i18n import N_, _
from ._html import code_block, esc
from ._live import on_main_thread
from .card import PlanCard, close_tree
from .explorertree import FileRow, FolderNode, _drop_rows
from .filerows import EXPLORER_CSS, RowLook, meta_text
from .labopen import LabOpener
from .readable import human_size

if TYPE_CHECKING:
    from ..fileindex.changes import IndexChange
    from ..notebook import Workspace
    from ..plans.plan import Plan
    from ..types import ToolResult

__all__ = ["FOLDER_MAX_ROWS", "PREVIEW_MAX_BYTES", "PREVIEW_MAX_LINES", "Explorer", "FileRow",
           "FolderNode"]

logger = logging.getLogger("wsnb")

PREVIEW_MAX_BYTES = 256 * 1024
"""Files larger than this are not previewed (``ws.read`` still reads their start)."""
PREVIEW_MAX_LINES = 200
# A row is a few front-end models: a folder of 20,000 files must not become 20,000 buttons.
# The rest are one filter of ``ws.files`` or ``ws.ls(folder)`` away, and the note says so.
FOLDER_MAX_ROWS = 200

_ACTIONS = {
    "new_file": (N_("New file"), "file-o", N_("a new empty file in the selected folder")),
    "new_folder": (N_("New folder"), "folder-o", N_("a new folder in the selected folder")),
    "rename": (N_("Rename"), "i-cursor", N_("rename the selected item")),
    "move": (N_("Move"), "arrows", N_("move the selected file to another folder")),
    "trash": (N_("Trash"), "trash-o", N_("move the selected item to the system trash")),
    "open": (N_("Open"), "external-link",
             N_("open the selected file in JupyterLab's editor or viewer (runs no program)")),
    "reveal": (N_("Reveal"), "eye", N_("show the selected item in JupyterLab's file browser")),
    "open_desktop": (N_("Open with desktop app"), "desktop",
                     N_("for a kernel on your own desktop: open the selected file with its "
                        "default app (a plan to confirm), or a folder in the file manager")),
}
# What the per-action input asks for, and what it holds at first.
_PROMPTS = {
    "new_file": N_("Name of the new file in {place}:"),
    "new_folder": N_("Name of the new folder in {place}:"),
    "rename": N_("New name for {place}:"),
    "move": N_("Move {place} to the folder:"),
}


def _join(folder: str, name: str) -> str:
    return name if folder in {"", "."} else f"{folder}/{name}"


def _parent(path: str) -> str:
    return path.rpartition("/")[0] or "."


class Explorer(widgets.VBox):  # type: ignore[misc]
    """Browse a workspace, preview its text files, and plan changes from buttons.

    ``show_hidden=True`` also lists dot-files and dot-folders.
    """

    def __init__(self, ws: Workspace, *, show_hidden: bool = False) -> None:
        self.ws = ws
        self.show_hidden = show_hidden
        self.listed: list[str] = []  # folders listed so far, in order (lazy by design)
        self.selected: str | None = None
        self.selected_is_dir = False
        self.last_plan: Plan | None = None
        self.asking: str | None = None  # the action whose input is open
        self.lab = LabOpener(ws)
        self._nodes: dict[str, FolderNode] = {}
        self._files: dict[str, FileRow] = {}
        self.row_look = RowLook()
        self.root_node = FolderNode(self, ".", ws.root.name or str(ws.root))
        self._nodes["."] = self.root_node
        self.tree = widgets.VBox([self.root_node])
        self.tree.add_class("wsnb-tree")
        self.preview = widgets.HTML(self._hint(_("Select a file to preview it.")))
        self.preview.add_class("wsnb-preview")
        self._build_prompt()
        self.actions = {key: self._action_button(key) for key in _ACTIONS}
        self.refresh_button = widgets.Button(icon="refresh", tooltip=_(
            "Refresh: list the open folders again"))  # fmt: skip
        self.refresh_button.on_click(lambda _button: self.refresh())
        self.status = widgets.HTML("")
        self.status.add_class("wsnb-status")
        self.cards = widgets.VBox()
        self.cards.add_class("wsnb-cards")
        toolbar = widgets.HBox([*self.actions.values(), self.refresh_button])
        toolbar.add_class("wsnb-toolbar")
        body = widgets.HBox([self.tree, self.preview])
        body.add_class("wsnb-body")
        super().__init__([widgets.HTML(EXPLORER_CSS), toolbar, self.prompt, body, self.status,
                          self.cards])  # fmt: skip
        self.add_class("wsnb-explorer")
        self.expand(".")
        # Any plan of this workspace that runs (from this explorer, a card in another
        # cell, or code) may change what the tree shows: list the open folders again.
        self._unsubscribe = ws.subscribe(self._plan_executed)
        # A change on disk made outside wsnb: the open folders it touched are listed again.
        self._unfollow = ws.subscribe_files(on_main_thread(self._files_changed))

    def _build_prompt(self) -> None:
        """The per-action input: a question, a box, OK and Cancel; hidden until asked."""
        self.prompt_label = widgets.HTML()
        self.name_box = widgets.Text(placeholder=_("name"))
        self.name_box.add_class("wsnb-name-box")
        self.ok_button = widgets.Button(description=_("OK"), button_style="primary",
                                        layout=widgets.Layout(width="auto"))  # fmt: skip
        self.ok_button.add_class("wsnb-prompt-ok")
        self.ok_button.on_click(lambda _button: self._answer())
        self.dismiss_button = widgets.Button(description=_("Cancel"),
                                             layout=widgets.Layout(width="auto"))  # fmt: skip
        self.dismiss_button.on_click(lambda _button: self.dismiss())
        self.prompt = widgets.HBox([self.prompt_label, self.name_box, self.ok_button,
                                    self.dismiss_button],
                                   layout=widgets.Layout(display="none"))  # fmt: skip
        self.prompt.add_class("wsnb-prompt")

    def __repr__(self) -> str:
        expanded = sum(node.expanded for node in self._nodes.values())
        chosen = f", selected {self.selected!r}" if self.selected else ""
        folders = "folder" if expanded == 1 else "folders"
        return f"<Explorer of {self.ws.root} ({expanded} {folders} expanded{chosen})>"

    # -- the tree ----------------------------------------------------------------------

    def node(self, path: str) -> FolderNode:
        """The tree node of a folder that has been shown (its parent was expanded)."""
        try:
            return self._nodes[path]
        except KeyError:
            raise NotFoundError(f"The folder {path!r} is not shown in the tree; expand its "
                                "parent first.", path=path) from None  # fmt: skip

    def expand(self, path: str = ".") -> FolderNode:
        """Show a folder's entries (listing it from disk the first time), opening its parents."""
        path = self.ws.policy.normalize(path) if path not in {"", "."} else "."
        if path != "." and path not in self._nodes:
            self.expand(_parent(path))
        node = self.node(path)
        if not node.loaded:
            node.show(self._rows(path))
        else:
            node.unfold()
        return node

    def collapse(self, path: str) -> None:
        self.node(path).fold()

    def click_folder(self, path: str) -> None:
        """What a click on a folder does: select it, and expand or collapse it."""
        node = self.node(path)
        if node.expanded and node.loaded and path != ".":
            node.fold()
        else:
            self.expand(path)
        self.select(path)

    def refresh(self) -> None:
        """List the expanded folders again (after a confirmed change), keeping what was open."""
        expanded = sorted((p for p, n in self._nodes.items() if n.expanded),
                          key=lambda p: (p != ".", p.count("/"), p))  # fmt: skip
        for path in expanded:
            if path in self._nodes:  # gone when its parent was renamed or trashed
                self._nodes[path].show(self._rows(path))
        if self.selected in self._nodes or self.selected in self._files:
            self._mark_selected()
        elif self.selected is not None and _parent(self.selected) in self.listed:
            self.selected, self.selected_is_dir = None, False  # it was moved or trashed
            self.preview.value = self._hint(_("Select a file to preview it."))

    def _rows(self, folder: str) -> list[widgets.Widget]:
        self._forget_below(folder)
        try:
            frame = self.ws.ls(folder)
        except WsnbError as exc:
            return [self._note(str(exc))]
        self.listed.append(folder)
        visible = frame if self.show_hidden else frame[~frame["is_hidden"]]
        shown = visible.head(FOLDER_MAX_ROWS)
        rows: list[widgets.Widget] = []
        now = datetime.now()
        for path, name, is_dir, size, modified in zip(
            shown["path"], shown["name"], shown["is_dir"], shown["size"], shown["modified"],
            strict=True,
        ):
            if is_dir:
                rows.append(self._folder_node(path, name))
            else:
                when = None if pd.isna(modified) else modified.to_pydatetime(warn=False)
                rows.append(self._file_row(path, name, meta_text(int(size), when, now)))
        rows += self._notes_for(frame, visible, shown, folder)
        return rows

    def _notes_for(self, frame: pd.DataFrame, visible: pd.DataFrame, shown: pd.DataFrame,
                   folder: str) -> list[widgets.Widget]:  # fmt: skip
        notes = []
        hidden = len(frame) - len(visible)
        if hidden:
            notes.append(self._note(_("{count} hidden (dot) entries not shown").format(
                count=hidden)))
        total = int(frame.attrs.get("total", len(frame))) - hidden
        if total > len(shown):
            notes.append(self._note(_("… {count} more entries; {call} lists them all").format(
                count=f"{total - len(shown):,}", call=f"ws.ls({folder!r})")))
        if not len(frame):
            notes.append(self._note(_("(empty folder)")))
        return notes

    def _forget_below(self, folder: str) -> None:
        prefix = "" if folder == "." else folder + "/"
        for path in [p for p in self._nodes if p != folder and p.startswith(prefix) and p != "."]:
            del self._nodes[path]
        for path in [p for p in self._files if p.startswith(prefix)]:
            del self._files[path]

    def _folder_node(self, path: str, name: str) -> FolderNode:
        node = FolderNode(self, path, name)
        self._nodes[path] = node
        return node

    def _file_row(self, path: str, name: str, meta: str) -> FileRow:
        row = FileRow(self, path, name, meta)
        self._files[path] = row
        return row

    @staticmethod
    def _note(text: str) -> widgets.HTML:
        note = widgets.HTML(html.escape(text))
        note.add_class("wsnb-note")
        return note

    @staticmethod
    def _hint(text: str) -> str:
        return f'<div class="wsnb-note">{html.escape(text)}</div>'

    # -- selection and preview ---------------------------------------------------------

    def select(self, path: str) -> None:
        """Select a file (and preview it) or a folder (the place for new files)."""
        path = self.ws.policy.normalize(path)
        shown = path in self._nodes or path in self._files
        self.selected_is_dir = path in self._nodes if shown else self.ws.info(path).is_dir
        self.selected = path
        self._mark_selected()
        self.preview.value = self._folder_preview(path) if self.selected_is_dir \
            else self.preview_html(path)  # fmt: skip

    def _mark_selected(self) -> None:
        for widget in [*self._files.values(), *(n.button for n in self._nodes.values())]:
            widget.remove_class("wsnb-selected")
        path = self.selected
        shown: widgets.Widget | None = (self._nodes[path].button if path in self._nodes
                                        else self._files.get(path or ""))  # fmt: skip
        if shown is not None:
            shown.add_class("wsnb-selected")

    def _folder_preview(self, path: str) -> str:
        label = _("the workspace root") if path == "." else f"{path}/"
        return (f"<b>{html.escape(label)}</b>" + self._hint(
            _("Folder selected: new files and folders go here.")))  # fmt: skip

    def preview_html(self, path: str) -> str:
        """The preview of one file: its first lines with the encoding, or why it isn't shown."""
        title = f"<b>{html.escape(path)}</b>"
        try:
            info = self.ws.info(path)
            if info.size > PREVIEW_MAX_BYTES:
                return title + self._hint(_(
                    "Not shown: the file is {size}, larger than the preview's {limit}. "
                    "Read its start with {call}.").format(
                        size=human_size(info.size), limit=human_size(PREVIEW_MAX_BYTES),
                        call=f"ws.read({path!r})"))  # fmt: skip
            doc = self.ws.read(path)
        except WsnbError as exc:
            return title + self._hint(_("Not shown: {reason}").format(reason=exc))
        more = max(0, len(doc.lines) - PREVIEW_MAX_LINES)
        tail = self._hint(_("… {count} more lines; {call} has them all.").format(
            count=f"{more:,}", call=f"ws.read({path!r})")) if more else ""  # fmt: skip
        header = esc(doc.header().removeprefix(doc.path).strip())
        block = code_block(doc.text, max_lines=PREVIEW_MAX_LINES)
        return f"{title} <span class='wsnb-note'>{header}</span>{block}{tail}"

    # -- actions -----------------------------------------------------------------------

    def _action_button(self, key: str) -> widgets.Button:
        label, icon, tip = _ACTIONS[key]
        button = widgets.Button(description=_(label), icon=icon, tooltip=_(tip))
        button.add_class(f"wsnb-action-{key.replace('_', '-')}")
        button.on_click(lambda _button: self.ask(key) if key in _PROMPTS else self.act(key))
        return button

    def ask(self, key: str) -> None:
        """Open the input of an action that needs a name, filled with what fits; OK acts.

        A name already put in ``name_box`` from code (the input closed) is used at once.
        """
        if self.asking is None and str(self.name_box.value).strip():
            if self.act(key) is not None:
                self.name_box.value = ""
            return
        try:
            place, value = self._prompt_for(key)
        except WsnbError as exc:
            self._say(str(exc), error=True)
            return
        self.asking = key
        self.prompt_label.value = esc(_(_PROMPTS[key]).format(place=place))
        self.name_box.value = value
        self.ok_button.description = _(_ACTIONS[key][0])
        self.prompt.layout.display = ""
        self._say("")

    def _prompt_for(self, key: str) -> tuple[str, str]:
        if key in {"new_file", "new_folder"}:
            here = self._here()
            return (here + "/" if here != "." else _("the workspace root")), ""
        path = self._need_selection(files_only=key == "move")
        if key == "rename":
            return path, path.rpartition("/")[2]
        return path, _parent(path) if _parent(path) != "." else ""

    def dismiss(self) -> None:
        """Close the action's input without doing anything."""
        self.asking = None
        self.prompt.layout.display = "none"
        self.name_box.value = ""

    def _answer(self) -> None:
        key = self.asking
        if key is not None and self.act(key) is not None:
            self.dismiss()

    def act(self, key: str) -> Plan | None:
        """Run one action on the selection (with ``name_box`` as its name); a change is a card."""
        if key not in _ACTIONS:
            raise _usage(_("There is no action {key}; use one of {keys}.").format(
                key=repr(key), keys=", ".join(_ACTIONS)))
        try:
            outcome = getattr(self, f"_do_{key}")()
        except WsnbError as exc:
            self._say(str(exc), error=True)
            return None
        if outcome is None:
            return None
        self.show_plan(outcome)
        return outcome  # type: ignore[no-any-return]

    def show_plan(self, plan: Plan) -> None:
        """Put the plan's card under the tree (replacing the previous one)."""
        self.last_plan = plan
        shown = self.cards.children
        self.cards.children = [PlanCard(plan)]
        for card in shown:
            card.close()
        self._say("")

    def _plan_executed(self, _plan: Plan) -> None:
        self.refresh()

    def _files_changed(self, change: IndexChange) -> None:
        """Refresh when an outside change touched an expanded folder (maybe in another thread)."""
        touched = {_parent(path) for path in change.paths}
        if change.outside and any(self._nodes[p].expanded for p in touched if p in self._nodes):
            self.refresh()

    def close(self) -> None:
        """Stop following the workspace's changes; close the explorer and every model inside."""
        self._unsubscribe()
        self._unfollow()
        for card in self.cards.children:
            card.close()
        _drop_rows((self.root_node,))  # reaches folded folders' entries too
        close_tree(self)
        self.row_look.close()
        self.lab.close()

    def _say(self, text: str, *, error: bool = False) -> None:
        colour = "var(--jp-error-color1, #c62828)" if error else "var(--jp-ui-font-color1)"
        self.status.value = f"<span style='color:{colour}'>{html.escape(text)}</span>"

    def _need_selection(self, *, files_only: bool = False) -> str:
        if self.selected is None or self.selected == ".":
            raise _usage(_("Select a file or folder in the tree first."))
        if files_only and self.selected_is_dir:
            raise _usage(_("Select a file: this action works on one file, not a folder."))
        return self.selected

    def _need_name(self, what: str) -> str:
        name = str(self.name_box.value).strip()
        if not name:
            raise _usage(_("Type {what} in the box first.").format(what=_(what)))
        return name

    def _here(self) -> str:
        if self.selected is None:
            return "."
        return self.selected if self.selected_is_dir else _parent(self.selected)

    def _do_new_file(self) -> Plan:
        return self.ws.create_file(_join(self._here(), self._need_name(N_("the new file's name"))))

    def _do_new_folder(self) -> Plan:
        return self.ws.create_folder(_join(self._here(), self._need_name(N_("the folder's name"))))

    def _do_rename(self) -> Plan:
        path = self._need_selection()
        return self.ws.rename(path, self._need_name(N_("the new name")))

    def _do_move(self) -> Plan:
        path = self._need_selection(files_only=True)
        target = self._need_name(N_("the target folder or path")).rstrip("/") or "."
        if target == "." or self._is_folder(target):
            target = _join(target, path.rpartition("/")[2])
        return self.ws.move(path, target)

    def _is_folder(self, path: str) -> bool:
        try:
            return self.ws.info(path).is_dir
        except NotFoundError:
            return False

    def _do_trash(self) -> Plan:
        return self.ws.trash(self._need_selection())

    def _do_open(self) -> None:
        """Open the file in JupyterLab itself: no program runs, so no plan."""
        self._say(self.lab.open(self._need_selection()))

    def _do_reveal(self) -> None:
        self._say(self.lab.reveal(self.selected or "."))

    def _do_open_desktop(self) -> Plan | None:
        path = self._need_selection()
        if not self.selected_is_dir:
            return self.ws.open(path)
        self._report(self.ws.open_folder(path))  # a folder opens in the file manager at once
        return None

    def _report(self, result: ToolResult) -> None:
        self._say(result.message if result.success else result.error, error=not result.success)


def _usage(text: str) -> WsnbError:
    from ..errors import UsageError

    return UsageError(text)


