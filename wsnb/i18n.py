"""Two languages for every sentence a person reads.

A message is written once, in English, wrapped in ``_()``; the Chinese lives in a gettext
catalog shipped with the package (``wsnb/locale/zh_CN/LC_MESSAGES/wsnb.po``, compiled to
``wsnb.mo``). Babel extracts, updates and compiles the catalog (see CONTRIBUTING.md).

Which language a sentence comes out in:

1. the ``lang`` passed to ``_()``, when the caller knows it (a chat reply answers in the
   language of the message it answers);
2. else the language set for the current context with ``using_language()`` (a reply being
   built, a plan made from a Chinese message), so two conversations never mix;
3. else the setting, ``set_language("zh" | "en" | "auto")``; ``"auto"``, the default, follows
   ``WSNB_LANGUAGE`` when it is set, else the locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``,
   ``LANGUAGE``).

Machine-facing codes (``PolicyError.rule``, log records) stay English and never pass here.

>>> _("Done.", lang="en")
'Done.'
"""

from __future__ import annotations

import gettext
import logging
import os
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from importlib import resources
from typing import Literal

from .errors import UsageError

__all__ = [
    "N_",
    "Language",
    "_",
    "detect_language",
    "get_language",
    "in_english",
    "ngettext",
    "set_language",
    "using_language",
]

logger = logging.getLogger("wsnb")

Language = Literal["en", "zh"]
_LANGUAGES: tuple[Language, ...] = ("en", "zh")
_CATALOG_LOCALE = {"zh": "zh_CN"}

_setting: str = "auto"
_context: ContextVar[Language | None] = ContextVar("wsnb_language", default=None)


def _known(lang: str) -> Language | None:
    code = lang.strip().lower().replace("-", "_").split("_")[0].split(".")[0]
    return code if code in _LANGUAGES else None


def normalize_language(lang: str) -> Language:
    """``"zh"``, ``"zh_CN"``, ``"zh-Hans"``, ``"ZH"`` give ``"zh"``; ``"en_US"`` gives ``"en"``."""
    known = _known(lang)
    if known is not None:
        return known
    raise UsageError(
        _("wsnb speaks English and Chinese: use set_language('en'), set_language('zh') or "
          "set_language('auto'), not {lang!r}.").format(lang=lang)
    )


def language_from_locale(environ: Mapping[str, str] | None = None) -> Language:
    """``WSNB_LANGUAGE``, else the locale: Chinese for any ``zh*`` locale, else English.

    A ``WSNB_LANGUAGE`` wsnb does not speak is passed over for the locale (and logged once):
    every sentence asks for the language, so raising here would leave no way to say anything.
    """
    env = os.environ if environ is None else environ
    chosen = env.get("WSNB_LANGUAGE", "").strip()
    if chosen and chosen.lower() != "auto":
        known = _known(chosen)
        if known is not None:
            return known
        _warn_unknown(chosen)
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = env.get(name, "")
        if value:
            return "zh" if value.lower().startswith("zh") else "en"
    return "en"


@cache
def _warn_unknown(value: str) -> None:
    logger.warning("WSNB_LANGUAGE=%r is not 'en', 'zh' or 'auto'; following the locale.", value)


def set_language(lang: str) -> None:
    """Set the language of everything a person reads: ``"zh"``, ``"en"`` or ``"auto"`` (the locale).

    A chat reply still answers in the language of the message it answers.

    Parameters
    ----------
    lang : str
        ``"zh"`` (or ``"zh_CN"``, ``"zh-Hans"``...), ``"en"``, or ``"auto"``: ``WSNB_LANGUAGE``
        if set, else the locale.

    Examples
    --------
    >>> wsnb.set_language("zh")
    >>> wsnb.get_language()
    'zh'
    >>> wsnb.set_language("en")
    """
    global _setting
    _setting = "auto" if lang.strip().lower() == "auto" else normalize_language(lang)


def get_language() -> Language:
    """The language sentences come out in here and now (context first, then the setting).

    Returns
    -------
    str
        ``"en"`` or ``"zh"``.
    """
    current = _context.get()
    if current is not None:
        return current
    if _setting == "auto":
        return language_from_locale()
    return _setting  # type: ignore[return-value]


@contextmanager
def using_language(lang: str | None) -> Iterator[Language]:
    """Within the block, sentences come out in ``lang`` (``None`` keeps the current one)."""
    chosen = get_language() if lang is None else normalize_language(lang)
    token = _context.set(chosen)
    try:
        yield chosen
    finally:
        _context.reset(token)


def in_english(build: Callable[[], str]) -> str:
    """What ``build()`` says in English: a log record of a sentence a person reads translated."""
    with using_language("en"):
        return build()


def detect_language(text: str) -> Language:
    """The language a person wrote in: Chinese as soon as the text holds a CJK ideograph."""
    for char in text:
        code = ord(char)
        if 0x4E00 <= code <= 0x9FFF or 0x3400 <= code <= 0x4DBF or 0x3000 <= code <= 0x303F:
            return "zh"
    return "en"


@cache
def _catalog(lang: Language) -> gettext.NullTranslations:
    folder = resources.files("wsnb") / "locale" / _CATALOG_LOCALE[lang] / "LC_MESSAGES"
    mo = folder / "wsnb.mo"
    if not mo.is_file():
        return gettext.NullTranslations()
    with mo.open("rb") as handle:
        return gettext.GNUTranslations(handle)


def _(message: str, lang: str | None = None) -> str:
    """``message`` in the current language (or ``lang``); English is the message itself."""
    chosen = get_language() if lang is None else normalize_language(lang)
    if chosen == "en":
        return message
    return _catalog(chosen).gettext(message)


def ngettext(singular: str, plural: str, n: int, lang: str | None = None) -> str:
    """The singular or plural form for ``n``, in the current language (or ``lang``)."""
    chosen = get_language() if lang is None else normalize_language(lang)
    if chosen == "en":
        return singular if n == 1 else plural
    return _catalog(chosen).ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for the catalog without translating it now (module-level tables)."""
    return message
