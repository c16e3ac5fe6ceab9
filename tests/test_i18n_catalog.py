"""The Chinese catalog is whole, current and compiled; every translated message is a literal.

Babel extracts the package's messages exactly as CONTRIBUTING.md says (``pybabel extract -F
babel.cfg``); the tests below compare that template with ``wsnb.po`` and ``wsnb.mo``.
"""

from __future__ import annotations

import ast
import re
import string
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po

REPO = Path(__file__).resolve().parents[1]
PACKAGE = REPO / "wsnb"
MESSAGES = PACKAGE / "locale" / "zh_CN" / "LC_MESSAGES"
PO, MO = MESSAGES / "wsnb.po", MESSAGES / "wsnb.mo"
TRANSLATORS = {"_", "N_", "ngettext"}
Key = str | tuple[str, str]


def _key(message: Message) -> Key:
    return message.id if isinstance(message.id, str) else (message.id[0], message.id[1])


def _show(key: Key) -> str:
    return key if isinstance(key, str) else f"{key[0]!r} / {key[1]!r}"


@cache
def _extracted(folder: str) -> dict[Key, list[str]]:
    """Every message of the package, by running ``pybabel extract`` as a contributor does."""
    pot = Path(folder) / "wsnb.pot"
    CommandLineInterface().run(["pybabel", "-q", "extract", "-F", str(REPO / "babel.cfg"),
                                "-o", str(pot), str(REPO)])  # fmt: skip
    with pot.open("rb") as handle:
        template = read_po(handle)
    return {_key(m): [f"{p[0]}:{p[1]}" for p in m.locations] for m in template if m.id}


@pytest.fixture(scope="module")
def extracted(tmp_path_factory: pytest.TempPathFactory) -> dict[Key, list[str]]:
    return _extracted(str(tmp_path_factory.mktemp("pot")))


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    with PO.open("rb") as handle:
        return read_po(handle, locale="zh_CN")


def test_the_template_holds_the_package_messages(extracted: dict[Key, list[str]]) -> None:
    # A guard for the tests below: an extraction that found nothing would pass them all.
    assert len(extracted) >= 50
    assert any("wsnb/plans/plan.py" in place for places in extracted.values() for place in places)


def test_every_message_has_a_chinese_translation(
    extracted: dict[Key, list[str]], catalog: Catalog
) -> None:
    missing = []
    for key, places in extracted.items():
        entry = catalog.get(key if isinstance(key, str) else key[0])
        strings = entry.string if entry is not None else ""
        forms = list(strings) if isinstance(strings, tuple | list) else [strings]
        if entry is None or entry.fuzzy or not all(forms):
            missing.append(f"{_show(key)}  ({', '.join(places[:2])})")
    assert not missing, "no Chinese in wsnb.po for:\n" + "\n".join(missing)


def test_the_catalog_has_no_stale_entry(extracted: dict[Key, list[str]], catalog: Catalog) -> None:
    used = {key if isinstance(key, str) else key[0] for key in extracted}
    stale = [_show(_key(m)) for m in catalog if m.id and _key(m) not in extracted
             and (m.id if isinstance(m.id, str) else m.id[0]) not in used]  # fmt: skip
    assert not stale, "wsnb.po translates messages the package no longer has:\n" + "\n".join(
        stale
    )
    assert not catalog.obsolete, f"obsolete (#~) entries left in wsnb.po: {list(catalog.obsolete)}"


def test_each_message_is_in_the_catalog_once() -> None:
    text = PO.read_text("utf-8")
    ids = re.findall(r'^msgid ((?:"(?:[^"\\]|\\.)*"\s*)+)', text, flags=re.MULTILINE)
    joined = ["".join(re.findall(r'"((?:[^"\\]|\\.)*)"', raw)) for raw in ids]
    twice = sorted({m for m in joined if joined.count(m) > 1})
    assert not twice, f"msgids written twice in wsnb.po: {twice}"


def _fields(text: str) -> set[str]:
    try:
        return {name for _text, name, _spec, _conv in string.Formatter().parse(text) if name}
    except ValueError as exc:
        raise AssertionError(f"not a valid format string: {text!r} ({exc})") from None


def test_translations_keep_the_named_fields(catalog: Catalog) -> None:
    wrong = []
    for message in catalog:
        if not message.id:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        wanted = set().union(*(_fields(i) for i in ids))
        for translated in strings:
            if translated and _fields(translated) - wanted:
                wrong.append(f"{_show(_key(message))}: {translated!r}")
            if translated and isinstance(message.id, str) and _fields(translated) != wanted:
                wrong.append(f"{_show(_key(message))}: {translated!r}")
    assert not wrong, "translations whose {fields} differ from the English:\n" + "\n".join(wrong)


def test_the_compiled_catalog_is_the_current_po(tmp_path: Path) -> None:
    fresh = tmp_path / "wsnb.mo"
    CommandLineInterface().run(["pybabel", "-q", "compile", "-i", str(PO), "-o", str(fresh),
                                "-l", "zh_CN"])  # fmt: skip
    assert fresh.is_file()
    assert MO.read_bytes() == fresh.read_bytes(), (
        "wsnb.mo is not compiled from the current wsnb.po: run "
        "`pybabel compile -d wsnb/locale -D wsnb`"
    )


# ---------------------------------------------------------------------------
# Source checks: only literals reach the catalog, and nothing hides the translator
# ---------------------------------------------------------------------------


def _modules() -> Iterator[tuple[str, ast.Module]]:
    for path in sorted(PACKAGE.rglob("*.py")):
        if "sample/files" in path.as_posix():
            continue
        yield path.relative_to(REPO).as_posix(), ast.parse(path.read_text("utf-8"), str(path))


def _translator(call: ast.Call) -> str | None:
    """``_``, ``N_`` or ``ngettext`` called by name or as ``i18n.<name>`` (not a catalog's own)."""
    func = call.func
    if isinstance(func, ast.Name):
        name = func.id
    elif isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        name = func.attr if func.value.id == "i18n" else ""
    else:
        name = ""
    return name if name in TRANSLATORS else None


# The one non-literal a translator may take: a lookup of a message marked with ``N_()`` in a
# table (``_(RISK_WORDS[risk])``, ``_(hint)``), never a string built on the spot.
_LOOKUPS = (ast.Name, ast.Attribute, ast.Subscript)
_BUILDERS = frozenset({"format", "join", "replace", "strip", "upper", "lower", "capitalize",
                       "title", "str", "repr"})


def _is_built(value: ast.expr) -> bool:
    """A string made on the spot: an f-string, ``+`` or ``%``, ``.format()``, ``str()``..."""
    if isinstance(value, ast.JoinedStr | ast.BinOp):
        return True
    if isinstance(value, ast.Call):
        func = value.func
        called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        return called in _BUILDERS
    if isinstance(value, ast.IfExp):
        return _is_built(value.body) or _is_built(value.orelse)
    return False


def _untranslatable(call: ast.Call, name: str, built: set[str] | frozenset[str] = frozenset()
                    ) -> list[ast.expr]:  # fmt: skip
    """The message arguments that can't be in the catalog as written.

    A literal is fine; a lookup is fine unless it names a local that this function built
    (an f-string, a concatenation, a ``.format()``). ``N_()`` takes literals only, and so
    do ``_()`` and ``ngettext()`` anywhere but for such lookups.
    """
    wanted = 2 if name == "ngettext" else 1
    if len(call.args) < wanted:
        return [call]  # type: ignore[list-item]
    wrong = []
    for arg in call.args[:wanted]:
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
            continue
        lookup = name != "N_" and isinstance(arg, _LOOKUPS) and (
            not isinstance(arg, ast.Name) or arg.id not in built)  # fmt: skip
        if isinstance(arg, ast.Call) and isinstance(arg.func, ast.Attribute):
            lookup = name != "N_" and arg.func.attr == "get"  # TABLE.get(key, default)
        if not lookup:
            wrong.append(arg)
    return wrong


def _built_names(function: ast.AST) -> set[str]:
    """Locals of ``function`` assigned a string built on the spot (see ``_is_built``)."""
    names = set()
    for node in ast.walk(function):
        if isinstance(node, ast.Assign) and _is_built(node.value):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    return names


def _scopes(tree: ast.Module) -> Iterator[tuple[ast.AST, set[str]]]:
    """Each function (and the module) with the names it builds."""
    yield tree, set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            yield node, _built_names(node)


def test_translated_messages_are_string_literals() -> None:
    found = set()
    for where, tree in _modules():
        for scope, built in _scopes(tree):
            for node in ast.walk(scope):
                if isinstance(node, ast.Call) and (name := _translator(node)):
                    for arg in _untranslatable(node, name, built):
                        found.add(f"{where}:{node.lineno}: {name}({ast.unparse(arg)[:70]})")
    assert not found, (
        "f-strings or expressions passed to a translator can never be translated; write "
        "_(\"... {name} ...\").format(name=...) instead:\n" + "\n".join(sorted(found))
    )


def _shadows_translator(function: ast.FunctionDef | ast.AsyncFunctionDef) -> int | None:
    """The line where a function that calls ``_()`` also binds a local named ``_``.

    A comprehension's own variables live in the comprehension, so they hide nothing.
    """
    inner = {id(n) for c in ast.walk(function) if isinstance(c, ast.comprehension)
             for n in ast.walk(c.target)}  # fmt: skip
    calls = binds = None
    for node in ast.walk(function):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "_":
            calls = node.lineno
        if (isinstance(node, ast.Name) and node.id == "_" and isinstance(node.ctx, ast.Store)
                and id(node) not in inner):  # fmt: skip
            binds = node.lineno
        if isinstance(node, ast.arg) and node.arg == "_":
            binds = node.lineno
    return binds if calls and binds else None


def test_no_function_hides_the_translator_behind_a_local_underscore() -> None:
    found = []
    for where, tree in _modules():
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                line = _shadows_translator(node)
                if line:
                    found.append(f"{where}:{line} in {node.name}()")
    assert not found, "a local named _ hides the translator in:\n" + "\n".join(found)


def test_the_checks_see_what_they_look_for() -> None:
    # The source checks above must be able to fail: feed them the mistakes they hunt.
    tree = ast.parse("def f(x):\n    for _ in x:\n        pass\n    return _(f'{x} files')\n")
    function = tree.body[0]
    assert isinstance(function, ast.FunctionDef)
    assert _shadows_translator(function) == 2
    call = next(n for n in ast.walk(tree) if isinstance(n, ast.Call))
    assert _translator(call) == "_" and _untranslatable(call, "_")
    plural = ast.parse("ngettext('{n} file', name + 's', n)").body[0]
    assert isinstance(plural, ast.Expr) and isinstance(plural.value, ast.Call)
    assert len(_untranslatable(plural.value, "ngettext")) == 1
    # A table lookup is how N_() messages are shown; a local built from pieces is not.
    built = ast.parse("def g(k):\n    msg = 'a ' + k\n    return _(msg), _(WORDS[k]), "
                      "_(WORDS.get(k, k)), _(k.upper())\n").body[0]
    assert isinstance(built, ast.FunctionDef)
    calls = [n for n in ast.walk(built) if isinstance(n, ast.Call) and _translator(n)]
    wrong = [arg for c in calls for arg in _untranslatable(c, "_", _built_names(built))]
    assert [ast.unparse(arg) for arg in wrong] == ["msg", "k.upper()"]
    comprehension = ast.parse("def h(r):\n    return [_(x) for _, x in r]\n").body[0]
    assert isinstance(comprehension, ast.FunctionDef)
    assert _shadows_translator(comprehension) is None
    assert _fields("共 {count} 个，{shown}") == {"count", "shown"}


def test_the_wheel_ships_the_compiled_catalog() -> None:
    # Built and checked by hand with `pip wheel --no-deps -w dist .`: the wheel holds
    # wsnb/locale/zh_CN/LC_MESSAGES/wsnb.mo. This keeps the package-data rule that puts it there.
    import fnmatch
    import tomllib

    config = tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["wsnb"]
    shipped = MO.relative_to(PACKAGE).as_posix()
    assert any(fnmatch.fnmatch(shipped, pattern) for pattern in patterns), patterns
