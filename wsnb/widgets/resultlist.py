"""``ResultList``: search results as a list a person clicks, with the matches highlighted.

ipywidgets' ``Select`` draws plain strings: columns had to be padded with spaces
and a match could not be marked. This small ``anywidget`` draws each result as
cells (the path, the line, the text; or size and time), marks the matching
parts with JupyterLab's own search-match colours, and reports the clicked row
(``value``); arrow keys move the selection. Every colour is a theme variable.

``options`` keeps the ``(label, row)`` pairs that ``Select`` had, as plain text.
"""

from __future__ import annotations

import re
from typing import Any

import anywidget
import traitlets

__all__ = ["ResultList", "marked"]

_ESM = """
export default {
  render({ model, el }) {
    const list = document.createElement("div");
    list.className = "wsnb-result-list";
    list.tabIndex = 0;
    list.setAttribute("role", "listbox");
    list.setAttribute("data-lm-suppress-shortcuts", "true");
    const draw = () => {
      list.replaceChildren();
      const items = model.get("items");
      const chosen = model.get("value");
      list.style.display = items.length ? "" : "none";
      list.style.maxHeight = (model.get("rows") * 24 + 2) + "px";
      items.forEach((item, index) => {
        const row = document.createElement("div");
        row.className = "wsnb-result" + (index === chosen ? " wsnb-selected" : "");
        row.setAttribute("role", "option");
        row.setAttribute("aria-selected", index === chosen ? "true" : "false");
        row.title = item.title || "";
        for (const cell of item.cells) {
          const span = document.createElement("span");
          span.className = "wsnb-cell wsnb-" + cell.kind;
          for (const [text, hit] of cell.parts) {
            const piece = document.createElement(hit ? "mark" : "span");
            piece.textContent = text;
            span.appendChild(piece);
          }
          row.appendChild(span);
        }
        row.addEventListener("click", () => { model.set("value", index); model.save_changes(); });
        list.appendChild(row);
      });
      const picked = list.querySelector(".wsnb-selected");
      if (picked) { picked.scrollIntoView({ block: "nearest" }); }
    };
    list.addEventListener("keydown", (event) => {
      const count = model.get("items").length;
      if (!count || (event.key !== "ArrowDown" && event.key !== "ArrowUp")) { return; }
      event.preventDefault();
      event.stopPropagation();
      const now = model.get("value");
      const step = event.key === "ArrowDown" ? 1 : -1;
      const next = now === null ? 0 : Math.max(0, Math.min(count - 1, now + step));
      model.set("value", next);
      model.save_changes();
    });
    model.on("change:items", draw);
    model.on("change:value", draw);
    model.on("change:rows", draw);
    draw();
    el.appendChild(list);
  },
};
"""

_CSS = """
.wsnb-result-list { overflow-y: auto; border: 1px solid var(--jp-border-color2);
  border-radius: 2px; background: var(--jp-layout-color1); color: var(--jp-ui-font-color1);
  font-size: var(--jp-ui-font-size1, 13px); outline: none; box-sizing: border-box; }
.wsnb-result-list:focus { border-color: var(--jp-brand-color1); }
.wsnb-result-list .wsnb-result { display: flex; gap: 10px; align-items: baseline;
  height: 24px; line-height: 24px; padding: 0 8px; cursor: pointer; white-space: nowrap; }
.wsnb-result-list .wsnb-result:hover { background: var(--jp-layout-color2); }
.wsnb-result-list .wsnb-result.wsnb-selected { background: var(--jp-layout-color3);
  color: var(--jp-ui-font-color0); box-shadow: inset 3px 0 0 var(--jp-brand-color1); }
.wsnb-result-list .wsnb-cell { overflow: hidden; text-overflow: ellipsis; }
.wsnb-result-list .wsnb-path { flex: 0 1 auto; min-width: 80px; max-width: 45%; }
.wsnb-result-list .wsnb-line { flex: 0 0 auto; color: var(--jp-ui-font-color2);
  font-family: var(--jp-code-font-family); font-size: var(--jp-code-font-size, 12px); }
.wsnb-result-list .wsnb-text { flex: 1 1 auto; min-width: 0;
  font-family: var(--jp-code-font-family); font-size: var(--jp-code-font-size, 12px); }
.wsnb-result-list .wsnb-size, .wsnb-result-list .wsnb-time { flex: 0 0 auto;
  color: var(--jp-ui-font-color2); font-size: var(--jp-ui-font-size0, 11px); }
.wsnb-result-list .wsnb-selected .wsnb-line, .wsnb-result-list .wsnb-selected .wsnb-size,
.wsnb-result-list .wsnb-selected .wsnb-time { color: var(--jp-ui-font-color0); }
.wsnb-result-list .wsnb-size { margin-left: auto; }
.wsnb-result-list .wsnb-more { flex: 0 0 auto; color: var(--jp-ui-font-color2);
  font-size: var(--jp-ui-font-size0, 11px); font-style: italic; }
.wsnb-result-list mark { background: var(--jp-search-selected-match-background-color, #f5c800);
  color: var(--jp-search-selected-match-color, #000); border-radius: 2px; padding: 0 1px; }
"""


def marked(text: str, pattern: re.Pattern[str] | None) -> list[tuple[str, bool]]:
    """``text`` cut into pieces, each saying whether ``pattern`` matched it."""
    if pattern is None or not text:
        return [(text, False)]
    parts: list[tuple[str, bool]] = []
    end = 0
    for match in pattern.finditer(text):
        if match.end() == match.start():
            continue  # an empty match marks nothing
        if match.start() > end:
            parts.append((text[end : match.start()], False))
        parts.append((match.group(0), True))
        end = match.end()
    if end < len(text):
        parts.append((text[end:], False))
    return parts or [(text, False)]


class ResultList(anywidget.AnyWidget):
    """A clickable list of results; ``value`` is the picked row (None: nothing picked)."""

    _esm = _ESM
    _css = _CSS
    items = traitlets.List(traitlets.Dict()).tag(sync=True)
    value = traitlets.Int(None, allow_none=True).tag(sync=True)
    rows = traitlets.Int(3).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._options: tuple[tuple[str, int], ...] = ()

    def __repr__(self) -> str:
        return f"<ResultList {len(self._options)} results>"

    @property
    def options(self) -> tuple[tuple[str, int], ...]:
        """``(label, row)`` per result, as plain text (what a test or a script reads)."""
        return self._options

    def show(self, items: list[dict[str, Any]]) -> None:
        """Draw ``items`` (each ``{"cells": [{"kind", "parts"}], "title"}``), nothing picked."""
        with self.hold_trait_notifications():
            self.value = None
            self._options = tuple(
                ("  ".join("".join(text for text, _hit in cell["parts"]) for cell in item["cells"]),
                 row)
                for row, item in enumerate(items)
            )  # fmt: skip
            self.items = items
