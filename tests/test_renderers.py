"""The display registry: how core objects find the view the notebook face registered."""

from __future__ import annotations

import importlib

import pytest

import wsnb
from wsnb import renderers
from wsnb.agent.reply import Reply
from wsnb.errors import UsageError
from wsnb.notes.groups import PlanGroup
from wsnb.plans.plan import Plan


@pytest.fixture(autouse=True)
def _faces_loaded() -> None:
    # ``import wsnb`` loads no face outside a kernel; the first view asked for loads them, as
    # a notebook's first plan does. Without this the registry's state depended on which
    # test ran before.
    renderers.view_for(object())


def test_every_registered_view_names_a_real_class() -> None:
    """A view registered by a name that no longer names a class (a module moved) would
    leave plans showing as text in a notebook, silently; this fails instead."""
    assert renderers._VIEWS, "asking for a view loads the notebook face, which registers its views"
    for dotted in renderers._VIEWS:
        module, _dot, name = dotted.rpartition(".")
        assert isinstance(getattr(importlib.import_module(module), name), type), dotted


@pytest.mark.parametrize("cls", [Plan, Reply, PlanGroup])
def test_the_notebook_registers_a_view_for_each_shown_object(cls: type) -> None:
    assert renderers._VIEWS.get(f"{cls.__module__}.{cls.__qualname__}") is not None


def test_a_subclass_finds_its_base_view_and_text_is_kept_outside_a_notebook() -> None:
    class Shown:
        pass

    class Special(Shown):
        pass

    made: list[object] = []
    renderers.register_view(Shown, lambda obj: made.append(obj))
    try:
        assert renderers.view_for(Special()) is not None
        assert renderers.view_for(object()) is None
        # Not in a kernel: no view is built, the caller shows its text.
        assert renderers.view_bundle(Special()) is None
        assert made == []
    finally:
        del renderers._VIEWS[f"{Shown.__module__}.{Shown.__qualname__}"]


def test_a_form_no_face_registered_is_a_clear_error() -> None:
    with pytest.raises(UsageError, match="not available"):
        renderers.face("no such form")
    assert renderers.face("open workspace") is wsnb.open_workspace


def test_outside_a_notebook_an_object_shows_as_its_text_escaped_in_html() -> None:
    asked: list[str] = []

    def text() -> str:
        asked.append("text")
        return "Plan <a & b>"

    bundle = renderers.view_or_text(object(), text)
    assert bundle == {"text/plain": "Plan <a & b>",
                      "text/html": "<pre>Plan &lt;a &amp; b&gt;</pre>"}
    assert asked == ["text"]
