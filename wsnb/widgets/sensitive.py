"""``SensitiveReadCard``: a person reads one sensitive file on purpose, by typing its name.

The card says which rule makes the file sensitive, keeps Read disabled until
the file's name is typed (the strong confirmation plans use), and then calls
``ws.read(path, confirm=<typed name>)``: the read is logged (never its content),
the text is shown in the card for the person only, and nothing of it goes to a
model or to a text search. Hide clears the text from the card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ..errors import WsnbError
from ..i18n import _
from ..policy.access import sensitive_rule_of
from ._html import code_block, esc
from .card import close_tree

if TYPE_CHECKING:
    from ..notebook import Workspace
    from ..types import FileText

__all__ = ["SensitiveReadCard"]

_LOCK = "color: var(--jp-warn-color1, #9a6700);"
_MUTED = "color: var(--jp-ui-font-color2, #57606a);"
_BAD = "color: var(--jp-error-color1, #cf222e);"


class SensitiveReadCard(widgets.VBox):  # type: ignore[misc]
    """One sensitive file, read for a person after they type its name.

    >>> card = SensitiveReadCard(ws, ".env")   # doctest: +SKIP
    >>> card.name_box.value = ".env"           # doctest: +SKIP
    >>> card.read_button.click()               # doctest: +SKIP
    >>> card.doc.text                          # doctest: +SKIP
    """

    def __init__(self, ws: Workspace, path: str, **kwargs: Any) -> None:
        self.ws = ws
        self.target = ws.policy.resolve(path)
        self.rule = sensitive_rule_of(self.target)
        self.doc: FileText | None = None
        self.message = ""
        self.header = widgets.HTML(_header_html(self))
        self.name_box = widgets.Text(
            placeholder=_("type {name} to read it").format(name=repr(self.target.name)),
            continuous_update=True, layout=widgets.Layout(width="240px"),
        )  # fmt: skip
        self.read_button = widgets.Button(description=_("Read"), icon="unlock",
                                          button_style="warning", disabled=True)  # fmt: skip
        self.hide_button = widgets.Button(description=_("Hide"), icon="eye-slash", disabled=True)
        self.outcome = widgets.HTML()
        self.text = widgets.HTML()
        self.name_box.observe(self._on_typed, names="value")
        self.read_button.on_click(self._on_read)
        self.hide_button.on_click(self._on_hide)
        row = widgets.HBox([self.name_box, self.read_button, self.hide_button])
        layout = widgets.Layout(border="1px solid var(--jp-border-color1, #d0d7de)",
                                border_left="4px solid #bf8700", padding="6px 10px",
                                margin="4px 0")  # fmt: skip
        super().__init__([self.header, row, self.outcome, self.text], layout=layout, **kwargs)
        self.add_class("wsnb-sensitive-card")

    def _on_typed(self, _change: dict[str, Any]) -> None:
        self.read_button.disabled = self.name_box.value != self.target.name

    def _on_read(self, _button: widgets.Button | None = None) -> None:
        if self.name_box.value != self.target.name:
            return  # a click the card would not allow: nothing is read
        try:
            self.doc = self.ws.read(self.target.relative, confirm=self.name_box.value)
        except WsnbError as exc:
            self._show(str(exc), error=True)
            return
        self.text.value = code_block(self.doc.text)
        self.hide_button.disabled = False
        self._show(_("Read {path} on purpose ({size} bytes). The read is logged, never its "
                     "content; the text is shown here only, never to a model.").format(
                         path=self.target.relative, size=f"{self.doc.size:,}"))  # fmt: skip

    def _on_hide(self, _button: widgets.Button | None = None) -> None:
        self.doc = None
        self.text.value = ""
        self.name_box.value = ""
        self.hide_button.disabled = True
        self._show(_("The text is hidden again; type the name to read it once more."))

    def _show(self, sentence: str, *, error: bool = False) -> None:
        self.message = sentence
        # A widget's HTML inherits a button row's 28px line height; wrapped text needs less.
        self.outcome.value = (f'<div style="line-height:1.45;{_BAD if error else _MUTED}">'
                              f"{esc(sentence)}</div>")  # fmt: skip

    def close(self) -> None:
        close_tree(self)

    def __repr__(self) -> str:
        return f"<SensitiveReadCard {self.target.relative}: {'read' if self.doc else 'locked'}>"

    def plain(self) -> str:
        """What the card says, as text (never the file's content)."""
        lines = [_title(self), self._why()]
        if self.message:
            lines.append(self.message)
        return "\n".join(line for line in lines if line)

    def _why(self) -> str:
        if self.rule is None:
            return _("This file is not sensitive by name; ws.read(path) reads it.")
        return self.rule.explain()

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None:
        # ipywidgets' own text/plain is a cut repr; a saved notebook and nbval read this.
        bundle: dict[str, Any] | None = super()._repr_mimebundle_(**kwargs)
        if bundle is not None:
            bundle["text/plain"] = self.plain()
        return bundle


def _title(card: SensitiveReadCard) -> str:
    code = card.rule.code if card.rule is not None else "-"
    return _("Sensitive file {path} (rule {code})").format(path=card.target.relative, code=code)


def _header_html(card: SensitiveReadCard) -> str:
    ask = _("Type the file's name to read it yourself. The read is logged (never its content) "
            "and nothing of it goes to a model or to a text search.")  # fmt: skip
    return (f'<div style="line-height:1.45"><b style="{_LOCK}">{esc(_title(card))}</b><br>'
            f'<span style="{_MUTED}">{esc(card._why())} {esc(ask)}</span></div>')  # fmt: skip
