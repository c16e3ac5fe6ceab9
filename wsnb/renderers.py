"""The views a face registers for core objects, so the core shows in a notebook without knowing how.

The core never imports a face. A plan, an agent's reply or a group of plans asks this
registry, in its ``_repr_mimebundle_``, for the view a face registered for its class; the
notebook face (``wsnb.notebook``) registers the widgets when it is loaded (with ``wsnb`` in a
kernel, else the first time a view or a form is asked for: ``load_faces_with``), and imports
them only when a view is built. Outside a notebook, or with no view registered, or
when ipywidgets cannot be imported, the object shows as its own text.

A face can also register a named factory (``register_face("onboarding form", ...)``) for
the few methods of a lower floor that hand a person a form (``Notes.onboarding_form()``).
"""

from __future__ import annotations

import html
import logging
from collections.abc import Callable
from typing import Any

from .errors import UsageError
from .i18n import _
from .progress import in_notebook

__all__ = ["face", "load_faces_with", "register_face", "register_view", "view_bundle",
           "view_for", "view_or_text"]

logger = logging.getLogger("wsnb")

View = Callable[[Any], Any]  # builds a widget (or anything with _repr_mimebundle_) for an object

_VIEWS: dict[str, View] = {}  # by "module.QualName": a face registers without importing
_FACES: dict[str, Callable[..., Any]] = {}
_LOADER: list[Callable[[], object]] = []  # loads the faces on first need (see load_faces_with)


def register_view(cls: type | str, view: View) -> None:
    """Show every instance of ``cls`` (and its subclasses) in a notebook as ``view(obj)``.

    ``cls`` is a class or its dotted name (``"wsnb.agent.reply.Reply"``): a name lets a
    face register a view without importing the floor that defines the class.
    """
    _VIEWS[cls if isinstance(cls, str) else _dotted(cls)] = view


def _dotted(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


def view_for(obj: object) -> View | None:
    """The view registered for ``obj``'s class or its nearest base, if any."""
    if not _VIEWS:
        _load_faces()
    for cls in type(obj).__mro__:
        view = _VIEWS.get(_dotted(cls))
        if view is not None:
            return view
    return None


def view_bundle(obj: object, **kwargs: Any) -> dict[str, Any] | None:
    """The registered view's MIME bundle inside a notebook; ``None`` means: show your text."""
    if not in_notebook():
        return None
    view = view_for(obj)
    if view is None:
        return None
    try:
        shown = view(obj)
    except ImportError:  # ipywidgets missing or broken: the object's text still says it all
        logger.warning("%s: the notebook view could not be imported; showing text",
                       type(obj).__name__)
        return None
    bundle: dict[str, Any] | None = shown._repr_mimebundle_(**kwargs)
    return bundle


def view_or_text(obj: object, text: Callable[[], str], **kwargs: Any) -> dict[str, Any]:
    """The registered view's bundle inside a notebook, else ``text()`` as plain text and ``<pre>``.

    ``text`` is called only when no view shows the object.
    """
    bundle = view_bundle(obj, **kwargs)
    if bundle is not None:
        return bundle
    said = text()
    return {"text/plain": said, "text/html": f"<pre>{html.escape(said)}</pre>"}


def register_face(name: str, factory: Callable[..., Any]) -> None:
    """Let a lower floor hand a person the form ``name`` without importing the face."""
    _FACES[name] = factory


def load_faces_with(loader: Callable[[], object]) -> None:
    """How to load the faces when a view or a form is asked for and none registered yet:
    the package's composition sets it (``import wsnb`` loads no face outside a kernel)."""
    _LOADER[:] = [loader]


def _load_faces() -> None:
    if _LOADER:
        loader = _LOADER.pop()  # once: a face that fails to load is not retried at every call
        try:
            loader()
        except ImportError:
            logger.info("the notebook face could not be loaded")


def face(name: str) -> Callable[..., Any]:
    """The factory a face registered as ``name``; a clear error when none did."""
    factory = _FACES.get(name)
    if factory is None:
        _load_faces()
        factory = _FACES.get(name)
    if factory is None:
        raise UsageError(_("The notebook form {name!r} is not available: import wsnb (which "
                           "loads the notebook face) and install ipywidgets.").format(name=name))
    return factory
