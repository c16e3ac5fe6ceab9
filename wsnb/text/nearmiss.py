"""The error for a name typed almost right: ``ws.explor()`` names ``ws.explorer()``.

Python's own ``AttributeError`` says only what is missing, and a notebook's
traceback may not add its "did you mean". An object that people type at
defines ``__getattr__`` to raise ``unknown_name(self, name)``: the nearest
public names (``difflib``), methods written with ``()``, in the person's
language. Private and special names (``_repr_html_``, which IPython asks for
every object it shows) get the plain, quick error.
"""

from __future__ import annotations

import difflib

from ..errors import UnknownNameError
from ..i18n import _

__all__ = ["unknown_name"]


def unknown_name(owner: object, name: str, *, call: str = "") -> AttributeError:
    """The error for ``owner.name``; ``call`` is how the object is written (``ws``)."""
    kind = type(owner).__name__
    if name.startswith("_"):
        return AttributeError(f"{kind!r} object has no attribute {name!r}")
    spelled = call or kind
    public = sorted(n for n in dir(type(owner)) if not n.startswith("_") and not _alias(owner, n))
    near = difflib.get_close_matches(name, public, n=3, cutoff=0.6)
    if not near:  # a part of a name ("search" for "search_panel") is also a near miss
        near = [n for n in public if name.casefold() in n.casefold()][:3]
    if near:
        names = ", ".join(f"{spelled}.{n}()" if callable(getattr(type(owner), n, None))
                          else f"{spelled}.{n}" for n in near)  # fmt: skip
        reason = _("{kind} has no attribute {name!r}; did you mean {names}?").format(
            kind=kind, name=name, names=names)
    else:
        reason = _("{kind} has no attribute {name!r}; help({call}) lists what it has.").format(
            kind=kind, name=name, call=spelled)
    return UnknownNameError(reason, name=name)


def _alias(owner: object, name: str) -> bool:
    """Whether ``name`` is an older name of a method (``explore = explorer``): one name is said."""
    found = getattr(type(owner), name, None)
    return callable(found) and getattr(found, "__name__", name) != name
