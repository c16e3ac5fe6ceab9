"""The explorer's rows: a type icon, the name, the size and the modification time.

A file's row is one button: the name, with an icon for the file's type (as
JupyterLab's file browser has), and its size and time for people (``1.5 KiB ·
3 days ago``) as the button's tooltip, which the style sheet also draws at the
row's right end. One front-end model per file: the layouts and styles are
shared by every row of a tree (see ``RowLook``), so a folder of 200 files
expands as fast as it did with names only. The explorer's style sheet gives
every colour as a JupyterLab theme variable, so the light and the dark theme
both read.
"""

from __future__ import annotations

import os
from datetime import datetime

import ipywidgets as widgets

from .readable import human_size, relative_time

__all__ = ["EXPLORER_CSS", "RowLook", "file_icon", "meta_text"]

# Font Awesome 4 names (what ipywidgets' buttons draw), by suffix.
_ICONS: dict[str, frozenset[str]] = {
    "file-code-o": frozenset({".py", ".js", ".ts", ".tsx", ".jsx", ".c", ".h", ".cpp", ".hpp",
                              ".cc", ".java", ".go", ".rs", ".rb", ".php", ".sh", ".html",
                              ".css", ".json", ".yaml", ".yml", ".toml", ".xml", ".sql",
                              ".ipynb", ".cmake", ".ini", ".cfg"}),
    "file-text-o": frozenset({".md", ".txt", ".rst", ".log", ".tex"}),
    "file-image-o": frozenset({".png", ".jpg", ".jpeg", ".gif", ".bmp", ".svg", ".ico", ".webp",
                               ".tif", ".tiff"}),
    "file-pdf-o": frozenset({".pdf"}),
    "file-archive-o": frozenset({".zip", ".gz", ".tgz", ".bz2", ".xz", ".7z", ".rar", ".tar"}),
    "file-excel-o": frozenset({".csv", ".tsv", ".xls", ".xlsx", ".parquet"}),
    "file-word-o": frozenset({".doc", ".docx", ".odt"}),
    "file-audio-o": frozenset({".mp3", ".wav", ".flac", ".ogg"}),
    "file-video-o": frozenset({".mp4", ".mov", ".avi", ".mkv"}),
}  # fmt: skip
_BY_SUFFIX = {suffix: icon for icon, suffixes in _ICONS.items() for suffix in suffixes}


def file_icon(name: str) -> str:
    """The icon of a file by its suffix (``file-code-o`` for ``main.py``), else ``file-o``."""
    return _BY_SUFFIX.get(os.path.splitext(name)[1].lower(), "file-o")


def meta_text(size: int | None, modified: datetime | None, now: datetime) -> str:
    """A file's size and time for people: ``1.5 KiB · 3 days ago``."""
    parts = [human_size(size) if size is not None else "",
             relative_time(modified, now) if modified is not None else ""]  # fmt: skip
    return " · ".join(part for part in parts if part)


class RowLook:
    """Layouts and styles shared by every row of one tree.

    A widget made without them gets its own Layout and style widgets: three
    front-end models per row instead of one, which made a 200-entry folder
    expand three times slower.
    """

    def __init__(self) -> None:
        self.button_layout = widgets.Layout()
        self.button_style = widgets.ButtonStyle()
        self.box_layout = widgets.Layout()
        self.file_layout = widgets.Layout()

    def close(self) -> None:
        for shared in vars(self).values():
            shared.close()


# Every colour is a theme variable: the selected row is the theme's strongest layout colour
# with its strongest text colour and a brand-coloured edge, which reads in both themes
# (the browser suite measures it on screenshots).
EXPLORER_CSS = """<style>
.wsnb-explorer { container-type: inline-size; width: 100%; box-sizing: border-box;
  color: var(--jp-ui-font-color1); }
.wsnb-explorer .wsnb-node { background: transparent; box-shadow: none; width: auto;
  min-width: 0; height: 24px; line-height: 22px; padding: 0 6px 2px 4px; margin: 0;
  text-align: left; overflow: hidden; text-overflow: ellipsis; white-space: nowrap;
  color: var(--jp-ui-font-color1); flex: 1 1 auto; }
.wsnb-explorer .wsnb-node i.fa { color: var(--jp-ui-font-color2); margin-right: 4px; }
.wsnb-explorer .wsnb-folder i.fa { color: var(--jp-brand-color1); }
.wsnb-explorer .wsnb-node:hover { background: var(--jp-layout-color2); }
.wsnb-explorer .wsnb-node.wsnb-selected { background: var(--jp-layout-color3);
  color: var(--jp-ui-font-color0); box-shadow: inset 3px 0 0 var(--jp-brand-color1); }
.wsnb-explorer .wsnb-file { position: relative; width: 100%; padding-right: 170px;
  border-radius: 2px; }
.wsnb-explorer .wsnb-file::after { content: attr(title); position: absolute; right: 6px;
  top: 0; color: var(--jp-ui-font-color2); font-size: var(--jp-ui-font-size0, 11px);
  line-height: 24px; }
.wsnb-explorer .wsnb-file.wsnb-selected::after { color: var(--jp-ui-font-color0); }
.wsnb-explorer .wsnb-children { margin-left: 14px; }
.wsnb-explorer .wsnb-note { color: var(--jp-ui-font-color2); font-style: italic;
  padding-left: 8px; }
.wsnb-explorer .wsnb-body { flex-wrap: wrap; gap: 8px; }
.wsnb-explorer .wsnb-tree { overflow-y: auto; max-height: 420px; min-width: 0;
  flex: 1 1 300px; padding-bottom: 6px; box-sizing: border-box;
  border: 1px solid var(--jp-border-color2); border-radius: 2px; }
.wsnb-explorer .wsnb-tree .widget-box, .wsnb-explorer .wsnb-tree .widget-html {
  flex-shrink: 0; }
.wsnb-explorer .wsnb-preview { min-width: 0; flex: 2 1 320px; overflow-x: auto; }
.wsnb-explorer .wsnb-status { min-height: 20px; }
.wsnb-explorer .wsnb-toolbar { flex-wrap: wrap; gap: 2px; }
.wsnb-explorer .wsnb-toolbar button { width: auto; padding: 0 8px; margin: 0; }
.wsnb-explorer .wsnb-prompt { flex-wrap: wrap; align-items: center; gap: 4px;
  padding: 4px 6px; border-left: 3px solid var(--jp-brand-color1);
  background: var(--jp-layout-color2); }
.wsnb-explorer .wsnb-prompt .widget-text { width: 220px; max-width: 100%; margin: 0; }
@container (max-width: 560px) {
  .wsnb-explorer .wsnb-file::after { display: none; }
  .wsnb-explorer .wsnb-file { padding-right: 6px; }
  .wsnb-explorer .wsnb-toolbar button { font-size: 0; padding: 0 6px; }
  .wsnb-explorer .wsnb-toolbar button i.fa { font-size: 13px; margin: 0; }
}
@container (max-width: 300px) {
  .wsnb-explorer .wsnb-children { margin-left: 10px; }
}
</style>"""
