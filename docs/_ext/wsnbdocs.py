"""The documentation's own Sphinx extension: what both sites (English and Chinese) share.

- The tutorials are the notebooks in ``notebooks/``, run for the site with their widget state
  (``wsnbtutorials``), so their cards and views draw on the page.
- The API reference is written from ``wsnb.__all__`` at each build, grouped by kind, plus the
  objects the public API hands back (found from the return annotations of the public classes),
  so a new public name or a new returned class has its page without anyone listing it.
- A language switch in the navbar goes to the same page in the other language when it exists.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import re
import sys
from pathlib import Path
from typing import Any

DOCS = Path(__file__).resolve().parents[1]
REPO = DOCS.parent
ZH = "zh_CN"

# -- the API reference -----------------------------------------------------------------------

GROUPS = [
    ("Opening a workspace", ("wsnb.notebook", "wsnb.workspace", "wsnb.sample", "wsnb.fileindex")),
    ("Plans", ("wsnb.plans",)),
    ("The notes workspace", ("wsnb.notes",)),
    ("The gate", ("wsnb.policy",)),
    ("Data and enums", ("wsnb.types",)),
    ("Language and IPython", ("wsnb.i18n", "wsnb.magics")),
]


def _group(obj: object) -> str:
    if inspect.isclass(obj) and issubclass(obj, BaseException):
        return "Errors"
    module = getattr(obj, "__module__", "") or ""
    if module == "wsnb":  # defined in the package's __init__: the IPython extension hook
        return "Language and IPython"
    for title, prefixes in GROUPS:
        if any(module == p or module.startswith(p + ".") for p in prefixes):
            return title
    return "Other public names"


def public_names() -> list[str]:
    """The names of ``wsnb.__all__`` that have a reference entry (``__version__`` is a string)."""
    import wsnb

    return [name for name in wsnb.__all__ if not name.startswith("_")]


def _imports_of(module: Any) -> dict[str, tuple[str, str]]:
    """``name -> (module, attribute)`` for every ``from x import y`` of a module, including the
    ones under ``if TYPE_CHECKING:`` (return annotations often name those)."""
    try:
        tree = ast.parse(inspect.getsource(module))
    except (OSError, TypeError):
        return {}
    package = module.__name__ if Path(module.__file__).name == "__init__.py" else (
        module.__name__.rpartition(".")[0])
    found = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = package.split(".")
            if node.level:
                base = base[: len(base) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            for alias in node.names:
                found[alias.asname or alias.name] = (source, alias.name)
    return found


def _resolve(module: Any, imports: dict[str, tuple[str, str]], name: str) -> object:
    obj = vars(module).get(name)
    if obj is None and name in imports:
        source, attribute = imports[name]
        try:
            obj = getattr(importlib.import_module(source), attribute, None)
        except ImportError:
            obj = None
    return obj


def _returned_classes(cls: type) -> list[type]:
    """The wsnb classes named in the return annotations of a class's public members."""
    found = []
    for klass in cls.__mro__:
        if not klass.__module__.startswith("wsnb"):
            continue
        module = sys.modules[klass.__module__]
        imports = _imports_of(module)
        for name, raw in vars(klass).items():
            if name.startswith("_"):
                continue
            function = raw.fget if isinstance(raw, property) else getattr(raw, "__func__", raw)
            annotation = getattr(function, "__annotations__", {}).get("return")
            if not isinstance(annotation, str):
                continue
            for word in re.findall(r"[A-Za-z_]\w*", annotation):
                obj = _resolve(module, imports, word)
                if inspect.isclass(obj) and obj.__module__.startswith("wsnb."):
                    found.append(obj)
    return found


def returned_objects() -> list[str]:
    """Dotted names of the classes the public API hands back that are not public names
    themselves (a reply, a plan group, a card...), followed transitively."""
    import wsnb

    public = {getattr(wsnb, n) for n in public_names() if inspect.isclass(getattr(wsnb, n))}
    todo, seen = list(public), set(public)
    while todo:
        for cls in _returned_classes(todo.pop()):
            if cls not in seen:
                seen.add(cls)
                todo.append(cls)
    return sorted(f"{c.__module__}.{c.__qualname__}" for c in seen - public)


def _autosummary(names: list[str], template: str) -> list[str]:
    lines = ["```{eval-rst}", ".. autosummary::", "   :toctree: generated",
             "   :nosignatures:", f"   :template: {template}", ""]
    lines += [f"   {name}" for name in names]
    return [*lines, "```", ""]


def api_page() -> str:
    """The text of ``api/index.md``."""
    import wsnb

    groups: dict[str, list[str]] = {}
    for name in public_names():
        groups.setdefault(_group(getattr(wsnb, name)), []).append(name)
    lines = [
        "# API reference", "",
        "Every public name of `wsnb` (its `__all__`), then the objects those hand back. This",
        "page is written from the package at each build, so it lists what the code exports.", "",
    ]
    order = [title for title, _prefixes in GROUPS] + ["Other public names", "Errors"]
    for title in order:
        if title not in groups:
            continue
        lines += [f"## {title}", ""]
        functions = [n for n in groups[title] if not inspect.isclass(getattr(wsnb, n))]
        classes = [n for n in groups[title] if n not in functions]
        for names, template in ((functions, "function.rst"), (classes, "class.rst")):
            if names:
                lines += _autosummary([f"wsnb.{n}" for n in names], template)
    lines += [
        "## Objects the public API returns", "",
        "Classes you meet as the result of a public call (a reply, a card, a plan group...),",
        "documented where they live.", "",
    ]
    lines += _autosummary(returned_objects(), "class.rst")
    return "\n".join(lines)


def write_api_page(dest: Path = DOCS / "api" / "index.md") -> None:
    """Write the API page, and drop the generated pages of names it no longer lists (a page
    left from an earlier build would be in no toctree: a warning, so a failed build)."""
    text = api_page()
    dest.parent.mkdir(parents=True, exist_ok=True)  # a fresh checkout has no api/ folder
    if not dest.exists() or dest.read_text(encoding="utf-8") != text:
        dest.write_text(text, encoding="utf-8")
    listed = set(re.findall(r"^   (wsnb[\w.]*)$", text, flags=re.MULTILINE))
    for page in (dest.parent / "generated").glob("*.rst"):
        if page.stem not in listed:
            page.unlink()


def skip_foreign_member(app: Any, what: str, name: str, obj: object, skip: bool,
                        options: Any) -> bool | None:
    """Inherited members are documented only when wsnb defines them (not ipywidgets' traits,
    not ``BaseException.with_traceback``)."""
    if skip:
        return None
    module = getattr(obj, "__module__", None)
    if isinstance(obj, property):
        module = getattr(obj.fget, "__module__", None)
    if (what in {"class", "exception"} and not (module or "").startswith("wsnb")
            and (callable(obj) or isinstance(obj, property))):
        return True
    return None


# -- the other projects' inventories ---------------------------------------------------------

INVENTORIES = DOCS / "_inventories"
INTERSPHINX = {
    "python": "https://docs.python.org/3/",
    "pandas": "https://pandas.pydata.org/docs/",
    "numpy": "https://numpy.org/doc/stable/",
    "ipywidgets": "https://ipywidgets.readthedocs.io/en/stable/",
}


def inventory(name: str) -> Path:
    """The inventory file of project ``name``: ``_inventories/NAME.inv`` when it is committed
    as its project published it, else one written into ``_build/`` from ``NAME.txt``
    (``name domain:role uri`` per line, ``#`` a comment; ``$`` in a uri is the name)."""
    published = INVENTORIES / f"{name}.inv"
    if published.is_file():
        return published
    import zlib

    lines = []
    for line in (INVENTORIES / f"{name}.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            object_name, role, uri = line.split()
            lines.append(f"{object_name} {role} 1 {uri} -")
    header = (f"# Sphinx inventory version 2\n# Project: {name}\n# Version: \n"
              "# The remainder of this file is compressed using zlib.\n")  # fmt: skip
    target = DOCS / "_build" / "inventories" / f"{name}.inv"
    target.parent.mkdir(parents=True, exist_ok=True)
    data = header.encode() + zlib.compress(("\n".join(lines) + "\n").encode())
    if not target.exists() or target.read_bytes() != data:
        target.write_bytes(data)
    return target


def link_english_reference(app: Any, config: Any) -> None:
    """The Chinese site links its API names into the English reference, through the inventory
    the English build wrote one folder up (the Chinese site is built into its ``zh_CN/``)."""
    if not config.language.startswith("zh"):
        return
    english = Path(app.outdir).parent / "objects.inv"
    if not english.is_file():
        from sphinx.util import logging

        logging.getLogger(__name__).warning(
            f"Build the English site into {english.parent} first: the Chinese guide links its "
            "API names into the English reference.", type="wsnb", subtype="reference")
        return
    config.intersphinx_mapping = {**config.intersphinx_mapping, "wsnb": ("../", str(english))}


# -- the language switch ---------------------------------------------------------------------


def _pages(folder: Path, exclude: tuple[str, ...]) -> set[str]:
    names = set()
    for path in folder.rglob("*.md"):
        relative = path.relative_to(folder).with_suffix("").as_posix()
        if not relative.startswith(exclude):
            names.add(relative)
    return names


def nearest_chinese_page(pagename: str) -> str:
    """The Chinese page for an English page that has no twin: the guide page whose English
    text links this tutorial or names this API object (the object itself before its members),
    else the guide's home; the site's home for the rest."""
    section, _slash, target = pagename.rpartition("/")
    if section not in {"tutorials", "api", "api/generated"}:
        return "index"
    if section == "tutorials":
        patterns = [rf"tutorials/{re.escape(target)}\b"]
    else:
        name = re.escape(target)  # a role that links it, a mention, then one of its members
        patterns = [rf"\}}`(?:[^`<]*<)?{name}[`>]", rf"`(?:[^`<]*<)?{name}[`>(]",
                    rf"`(?:[^`<]*<)?{name}\."]
    pages = [p for p in sorted((DOCS / "guide").glob("*.md")) if p.stem != "index"]
    for pattern in patterns if target != "index" else []:
        for page in pages:
            if re.search(pattern, page.read_text(encoding="utf-8")):
                return f"guide/{page.stem}"
    return "guide/index"


def add_language_switch(app: Any, pagename: str, templatename: str, context: dict[str, Any],
                        doctree: Any) -> None:
    """``wsnb_other_language``: (its label, the link to this page in the other language, or to
    the nearest page when this one has no twin)."""
    up = "../" * pagename.count("/")
    if app.config.language.startswith("zh"):
        english = _pages(DOCS, ("_", ZH, "api/generated"))
        target = pagename if pagename in english else "index"
        context["wsnb_other_language"] = ("English", f"{up}../{target}.html")
    else:
        chinese = _pages(DOCS / ZH, ("_",))
        target = pagename if pagename in chinese else nearest_chinese_page(pagename)
        context["wsnb_other_language"] = ("中文", f"{up}{ZH}/{target}.html")


# -- Chinese line breaks -----------------------------------------------------------------------

_CJK = "\u3000-\u303f\u3400-\u9fff\uff00-\uffef"
_CJK_BREAK = re.compile(f"(?<=[{_CJK}])\\n\\s*(?=[{_CJK}])")


def join_cjk_lines(app: Any, doctree: Any) -> None:
    """A line break between two Chinese characters of the source is no space on the page (a
    browser shows every newline as one), so the Chinese pages can stay wrapped at 100 columns;
    beside a Latin word it stays a space. MyST keeps a soft break as a Text node of its own, so
    the characters around it may be its neighbours'."""
    from docutils import nodes

    if not app.config.language.startswith("zh"):
        return
    cjk = re.compile(f"[{_CJK}]")
    for text in list(doctree.findall(nodes.Text)):
        parent = text.parent
        if isinstance(parent, (nodes.literal_block, nodes.raw)) or "\n" not in text.astext():
            continue
        # By identity: Text nodes are strings, and index() would find an equal earlier one.
        index = next(i for i, child in enumerate(parent.children) if child is text)
        before = parent[index - 1].astext()[-1:] if index > 0 else ""
        after = parent[index + 1].astext()[:1] if index + 1 < len(parent) else ""
        value = _CJK_BREAK.sub("", text.astext())
        first, last = value.lstrip()[:1], value.rstrip()[-1:]
        if value.strip() == "":
            if cjk.match(before) and cjk.match(after):
                value = ""
        elif value.startswith("\n") and cjk.match(before) and cjk.match(first):
            value = value.lstrip()
        elif value.endswith("\n") and cjk.match(after) and cjk.match(last):
            value = value.rstrip()
        if value != text.astext():
            parent[index] = nodes.Text(value)  # by position: replace() finds an equal one


# -- the tutorials ---------------------------------------------------------------------------


def run_tutorials(app: Any) -> None:
    """Run the changed tutorials for their pages; a failure is a warning (so -W fails)."""
    import wsnbtutorials
    from sphinx.util import logging

    logger = logging.getLogger(__name__)
    _names, failures = wsnbtutorials.prepare()
    for failure in failures:
        logger.warning(failure, type="wsnb", subtype="tutorial")
    if wsnbtutorials.html_manager_dist() is None:
        logger.warning(wsnbtutorials.HTML_MANAGER_HELP, type="wsnb", subtype="widgets")


def copy_widgets_js(app: Any, exception: BaseException | None) -> None:
    import wsnbtutorials

    if exception is None and app.builder.format == "html":
        wsnbtutorials.copy_html_manager(Path(app.outdir))


def setup(app: Any) -> dict[str, Any]:
    app.connect("doctree-read", join_cjk_lines)
    app.connect("config-inited", link_english_reference, priority=400)  # before intersphinx's
    if "sphinx.ext.autodoc" in app.extensions:  # the English site (listed before this one)
        app.connect("autodoc-skip-member", skip_foreign_member)
    if "myst_nb" in app.extensions:
        app.connect("builder-inited", run_tutorials)
        app.connect("build-finished", copy_widgets_js)
    app.connect("html-page-context", add_language_switch)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
