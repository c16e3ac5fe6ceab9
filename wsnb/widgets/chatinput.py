"""``ChatInput``: a multi-line message box that sends on Enter, never on leaving the box.

ipywidgets' ``Text`` reports its value when the box loses focus as well as on
Enter, so a half-typed message was sent by a click on another cell; its
``Textarea`` has no Enter at all. This box is a small ``anywidget`` (its
front end ships as a prebuilt JupyterLab extension inside the wheel): Enter
sends, Shift+Enter starts a new line, Enter while an input method is choosing
characters (Chinese pinyin) chooses them and sends nothing. The keys never
reach JupyterLab's own shortcuts (Shift+Enter would run the cell).

``value`` follows the typing; ``on_submit(callback)`` hears each sent message;
``submit()`` does in the kernel what Enter does in the page.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

__all__ = ["ChatInput"]

_ESM = """
export default {
  render({ model, el }) {
    const box = document.createElement("textarea");
    box.className = "wsnb-chat-box";
    box.rows = 1;
    box.setAttribute("data-lm-suppress-shortcuts", "true");
    box.setAttribute("aria-label", model.get("label"));
    box.title = model.get("label");
    const grow = () => {
      box.style.height = "auto";
      box.style.height = Math.min(box.scrollHeight + 2, 160) + "px";
    };
    const show = () => {
      if (box.value !== model.get("value")) { box.value = model.get("value"); grow(); }
      box.placeholder = model.get("placeholder");
      box.disabled = model.get("disabled");
    };
    box.addEventListener("input", () => {
      model.set("value", box.value);
      model.save_changes();
      grow();
    });
    box.addEventListener("keydown", (event) => {
      if (event.key !== "Enter") { return; }
      event.stopPropagation();  // the notebook's Enter / Shift+Enter shortcuts stay out
      if (event.isComposing || event.keyCode === 229) { return; }  // an input method's Enter
      event.preventDefault();
      if (event.shiftKey) {  // a new line, put in here: the page may swallow the default
        box.setRangeText("\\n", box.selectionStart, box.selectionEnd, "end");
        box.dispatchEvent(new Event("input"));
        return;
      }
      const text = box.value;
      if (!text.trim() || model.get("disabled")) { return; }
      box.value = "";
      model.set("value", "");
      model.save_changes();
      grow();
      model.send({ event: "submit", text: text });
    });
    model.on("change:value", show);
    model.on("change:placeholder", show);
    model.on("change:disabled", show);
    show();
    el.classList.add("wsnb-chat-input");
    el.appendChild(box);
    requestAnimationFrame(grow);
  },
};
"""

_CSS = """
.wsnb-chat-input { flex: 1 1 auto; min-width: 0; display: flex; }
.wsnb-chat-input .wsnb-chat-box {
  flex: 1 1 auto; min-width: 0; resize: none; box-sizing: border-box; min-height: 30px;
  padding: 5px 8px; line-height: 1.4; font-family: var(--jp-ui-font-family);
  font-size: var(--jp-ui-font-size1, 13px); color: var(--jp-ui-font-color0);
  background: var(--jp-input-background, var(--jp-layout-color1));
  border: 1px solid var(--jp-input-border-color, var(--jp-border-color1));
  border-radius: 2px; outline: none;
}
.wsnb-chat-input .wsnb-chat-box:focus { border-color: var(--jp-input-active-border-color,
  var(--jp-brand-color1)); box-shadow: inset 0 0 0 1px var(--jp-input-active-box-shadow-color,
  var(--jp-brand-color1)); }
.wsnb-chat-input .wsnb-chat-box::placeholder { color: var(--jp-ui-font-color2); }
"""


class ChatInput(anywidget.AnyWidget):
    """A message box: Enter sends, Shift+Enter is a new line, leaving the box sends nothing."""

    _esm = _ESM
    _css = _CSS
    value = traitlets.Unicode("").tag(sync=True)
    placeholder = traitlets.Unicode("").tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)
    disabled = traitlets.Bool(False).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._senders: list[Callable[[str], object]] = []
        self.on_msg(self._on_message)

    def __repr__(self) -> str:
        return f"<ChatInput {self.value!r}>"

    def on_submit(self, callback: Callable[[str], object]) -> None:
        """Call ``callback(text)`` with each message sent with Enter."""
        self._senders.append(callback)

    def submit(self, text: str | None = None) -> None:
        """What Enter does: send ``text`` (default: what the box holds) and empty the box."""
        message = self.value if text is None else text
        if not message.strip() or self.disabled:
            return
        self.value = ""
        for callback in self._senders:
            callback(message)

    def _on_message(self, _widget: object, content: dict[str, Any], _buffers: object) -> None:
        if isinstance(content, dict) and content.get("event") == "submit":
            self.submit(str(content.get("text", "")))
