"""Notebook forms for a notes workspace: onboarding, the daily check-in, and plan groups.

The forms only collect answers: ``Notes.onboard`` / ``Notes.check_in`` turn
them into plans, and ``PlanGroupView`` shows those plans as ``PlanCard``s with
one Confirm-all button (each card can still be confirmed or cancelled alone).
Any ``WsnbError`` (an unknown organisation style, a refused folder) is shown
as its sentence in the form, never as a traceback.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ..errors import WsnbError
from ..i18n import N_, _, ngettext
from ..notes.groups import PlanGroup
from ..notes.layout import DAILY_DIR, PERSONA_FILES, find_persona
from ..notes.modelwriter import ModelWriter
from ..notes.onboarding import CHECK_IN_QUESTIONS, ONBOARDING_QUESTIONS, FileWriter, Question
from ..types import PlanState
from ._html import esc
from .card import PlanCard

if TYPE_CHECKING:
    from ..notes import Notes

__all__ = ["CheckInForm", "OnboardingForm", "PlanGroupView"]

_BAD = "color: var(--jp-error-color1, #cf222e);"
_GOOD = "color: var(--jp-success-color1, #1a7f37);"


class PlanGroupView(widgets.VBox):  # type: ignore[misc]
    """A plan group: its title, a card per plan, Confirm all and Cancel all."""

    def __init__(self, group: PlanGroup, **kwargs: Any) -> None:
        self.group = group
        self.header = widgets.HTML(_group_header(group))
        self.cards = [PlanCard(plan) for plan in group]
        self.confirm_button = widgets.Button(description=_("Confirm all"), icon="check",
                                             button_style="warning")  # fmt: skip
        self.cancel_button = widgets.Button(description=_("Cancel all"), icon="times")
        self.outcome = widgets.HTML()
        self._ran = False
        self.confirm_button.on_click(self._on_confirm)
        self.cancel_button.on_click(self._on_cancel)
        buttons = widgets.HBox([self.confirm_button, self.cancel_button])
        super().__init__([self.header, *self.cards, buttons, self.outcome], **kwargs)
        self.add_class("wsnb-plan-group")
        self._unsubscribe = [plan.subscribe(lambda _p: self.refresh()) for plan in group]
        self.refresh()

    def refresh(self) -> None:
        waiting = any(p.state is PlanState.PENDING for p in self.group)
        # An empty group still has its follow-up (saving the state): one click runs it.
        self.confirm_button.disabled = not waiting if len(self.group) else self._ran
        self.cancel_button.disabled = not waiting

    def _on_confirm(self, _button: widgets.Button | None = None) -> None:
        self.confirm_button.disabled = True
        self._ran = True
        try:
            results = self.group.confirm()
        except WsnbError as exc:
            self.outcome.value = f'<span style="{_BAD}">{esc(str(exc))}</span>'
        else:
            failed = [r for r in results if not r.success]
            text = failed[0].error if failed else ngettext(
                "Done: {count} plan carried out.", "Done: {count} plans carried out.",
                len(results)).format(count=len(results))  # fmt: skip
            style = _BAD if failed else _GOOD
            self.outcome.value = f'<span style="{style}">{esc(text)}</span>'
        self.refresh()

    def _on_cancel(self, _button: widgets.Button | None = None) -> None:
        self.group.cancel()
        self.outcome.value = esc(_("Cancelled; nothing was changed."))
        self.refresh()

    def close(self) -> None:
        for unsubscribe in self._unsubscribe:
            unsubscribe()
        for card in self.cards:
            card.close()
        super().close()

    def __repr__(self) -> str:
        return f"<PlanGroupView {self.group.title!r}: {len(self.group)} plans>"

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None:
        bundle: dict[str, Any] | None = super()._repr_mimebundle_(**kwargs)
        if bundle is not None:
            bundle["text/plain"] = self.group.describe()
        return bundle


def _group_header(group: PlanGroup) -> str:
    note = "".join(f"<div>{esc(line)}</div>" for line in group.note.splitlines())
    empty = f"<div>{esc(_('Nothing to do.'))}</div>" if not len(group) else ""
    return f"<b>{esc(group.title)}</b>{note}{empty}"


def _field(question: Question) -> widgets.Widget:
    layout = widgets.Layout(width="520px")
    if question.choices:
        # A combobox: pick a choice, or answer in your own words (按主题 works too).
        return widgets.Combobox(options=list(question.choices), value=question.default,
                                ensure_option=False, layout=layout)  # fmt: skip
    if question.kind == "list":
        return widgets.Textarea(placeholder=_("one per line"), layout=layout)
    return widgets.Text(value="", placeholder=question.default, layout=layout)


class _AnswersForm(widgets.VBox):  # type: ignore[misc]
    """Questions with one field each, a button that makes the plans, and where they show."""

    questions: tuple[Question, ...] = ()
    button_text = N_("Make the plans")

    def __init__(self, make: Callable[[dict[str, Any]], PlanGroup],
                 writer: FileWriter | None = None, **kwargs: Any) -> None:  # fmt: skip
        self._make = make
        self.writer = writer
        # What a model writes streams here as it comes, one block per file.
        self.stream = widgets.HTML()
        self._streamed: dict[str, str] = {}
        self.fields = {q.key: _field(q) for q in self.questions}
        rows = [widgets.VBox([widgets.HTML(f"<b>{esc(q.en)}</b> {esc(q.zh)}"), self.fields[q.key]])
                for q in self.questions]  # fmt: skip
        self.make_button = widgets.Button(description=_(self.button_text), icon="list")
        self.message = widgets.HTML()
        self.result = widgets.VBox()
        self.view: PlanGroupView | None = None
        self.make_button.on_click(self._on_make)
        super().__init__([*rows, self.make_button, self.message, self.stream, self.result],
                         **kwargs)  # fmt: skip

    def answers(self) -> dict[str, Any]:
        return {key: field.value for key, field in self.fields.items()}

    def fill(self, answers: dict[str, Any]) -> None:
        """Put answers into the fields (lists become one item per line)."""
        for key, value in answers.items():
            self.fields[key].value = "\n".join(value) if isinstance(value, list) else str(value)

    def _label(self, role: str) -> str:
        """The file a role's text goes to, as the person knows it."""
        return role

    def _show_piece(self, role: str, piece: str) -> None:
        self._streamed[role] = self._streamed.get(role, "") + piece
        blocks = [f"<div><b>{esc(self._label(role))}</b><pre style='white-space: pre-wrap'>"
                  f"{esc(text)}</pre></div>" for role, text in self._streamed.items()]  # fmt: skip
        self.stream.value = "".join(blocks)

    def _on_make(self, _button: widgets.Button | None = None) -> None:
        self.message.value = ""
        self.stream.value = ""
        self._streamed = {}
        if isinstance(self.writer, ModelWriter):
            self.writer.on_text = self._show_piece
            self.message.value = esc(_("The model is writing the files..."))
        try:
            group = self._make(self.answers())
        except WsnbError as exc:
            self.message.value = f'<span style="{_BAD}">{esc(str(exc))}</span>'
            return
        self.message.value = ""
        if self.view is not None:
            self.view.close()
        self.view = PlanGroupView(group)
        self.result.children = (self.view,)


class OnboardingForm(_AnswersForm):
    """The 13 onboarding questions; the answers become plans for the persona files."""

    questions = ONBOARDING_QUESTIONS
    button_text = N_("Make the plans")

    def __init__(self, notes: Notes, writer: FileWriter | None = None, **kwargs: Any) -> None:
        self.notes = notes
        super().__init__(lambda answers: notes.onboard(answers, writer=self.writer), writer,
                         **kwargs)  # fmt: skip

    def _label(self, role: str) -> str:
        return find_persona(self.notes.root, role) or PERSONA_FILES.get(role, (role,))[0]


class CheckInForm(_AnswersForm):
    """The 3 daily check-in questions; the answers become a plan for today's memory."""

    questions = CHECK_IN_QUESTIONS
    button_text = N_("Plan today's memory")

    def __init__(self, notes: Notes, writer: FileWriter | None = None, **kwargs: Any) -> None:
        self.notes = notes
        super().__init__(lambda answers: notes.check_in(answers, writer=self.writer), writer,
                         **kwargs)  # fmt: skip

    def _label(self, role: str) -> str:
        if role == "daily":
            return f"{DAILY_DIR}/{self.notes.today().isoformat()}.md"
        name = find_persona(self.notes.root, role) or PERSONA_FILES.get(role, (role,))[0]
        return _("{name} (added at the end)").format(name=name)
