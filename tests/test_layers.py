"""The house's layering, checked on the real import graph.

Every ``import`` in ``wsnb`` counts: at module top, inside a function, lazy; only
imports under ``if TYPE_CHECKING:`` (never run) are left out. Each module has a floor;
an import may point to its own floor or below, never above, and no set of modules may
import each other in a circle (a package's ``__init__`` counts as Python runs it:
importing ``wsnb.a.b`` runs ``wsnb/a/__init__.py`` first, unless the importer already
sits inside ``wsnb.a``). Finally the core is imported in a fresh interpreter where
ipywidgets and IPython cannot be found.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import wsnb

PACKAGE = Path(wsnb.__file__).parent

# Floors from the bottom; a module belongs to the floor of its longest listed prefix.
FLOORS: list[tuple[str, tuple[str, ...]]] = [
    ("ground", ("wsnb.errors", "wsnb.types", "wsnb.i18n", "wsnb.advice")),
    ("base", ("wsnb.policy", "wsnb.disk", "wsnb.text", "wsnb.noted", "wsnb.display",
              "wsnb.progress", "wsnb.forked", "wsnb.listeners", "wsnb.renderers", "wsnb.llm",
              "wsnb.search", "wsnb.sample")),
    ("file index", ("wsnb.fileindex",)),
    ("plans and tools", ("wsnb.plans", "wsnb.tools")),
    ("core facade", ("wsnb.workspace",)),
    ("notes", ("wsnb.notes",)),
    ("agent", ("wsnb.agent",)),
    ("faces and servers", ("wsnb.widgets", "wsnb.magics", "wsnb.notebook", "wsnb.mcp")),
    ("composition", ("wsnb",)),
]
CORE_FLOORS = ("ground", "base", "file index", "plans and tools", "core facade")


def modules() -> dict[str, Path]:
    """Every module of the package by dotted name (the sample's own files are data)."""
    found: dict[str, Path] = {}
    for path in PACKAGE.rglob("*.py"):
        rel = path.relative_to(PACKAGE.parent)
        if "sample/files" in rel.as_posix():
            continue
        parts = list(rel.with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


MODULES = modules()


def floor_of(name: str) -> int:
    best, best_len = -1, -1
    for rank, (_floor, prefixes) in enumerate(FLOORS):
        for prefix in prefixes:
            inside = name.startswith(prefix + ".") and prefix != "wsnb"  # the top only composes
            if (name == prefix or inside) and len(prefix) > best_len:
                best, best_len = rank, len(prefix)
    return best


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _statements(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement that can run: all but those under ``if TYPE_CHECKING:``."""
    found: list[ast.Import | ast.ImportFrom] = []
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child):
                stack.extend(child.orelse)
            elif isinstance(child, ast.Import | ast.ImportFrom):
                found.append(child)
            else:
                stack.append(child)
    return found


def _executed(target: str, importer: str) -> list[str]:
    """The modules an import of ``target`` runs: it and its packages, but not the
    packages the importer sits in (Python began those before the importer ran)."""
    parts = target.split(".")
    chain = [".".join(parts[:i]) for i in range(1, len(parts) + 1)]
    inside = {".".join(importer.split(".")[:i]) for i in range(1, importer.count(".") + 1)}
    if MODULES[importer].name == "__init__.py":
        inside.add(importer)
    return [m for m in chain if m in MODULES and (m == target or m not in inside)]


def imports_of(name: str) -> list[tuple[str, int]]:
    """(module, line) for every wsnb module that running ``name`` may import."""
    path = MODULES[name]
    is_package = path.name == "__init__.py"
    found: list[tuple[str, int]] = []
    for node in _statements(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            if node.level:
                base = name.split(".") if is_package else name.split(".")[:-1]
                base = base[: len(base) - (node.level - 1)]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            targets = []
            for alias in node.names:
                full = f"{module}.{alias.name}"
                targets.append(full if full in MODULES else module)
        for target in targets:
            if target == "wsnb" or target.startswith("wsnb."):
                found.extend((m, node.lineno) for m in _executed(target, name) if m != name)
    return found


def graph() -> dict[str, set[str]]:
    return {name: {m for m, _line in imports_of(name)} for name in MODULES}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for start in sorted(edges):
        if start in index:
            continue
        work: list[tuple[str, list[str]]] = [(start, sorted(edges[start]))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, todo = work[-1]
            if todo:
                nxt = todo.pop()
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, sorted(edges.get(nxt, ()))))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_every_module_has_a_floor() -> None:
    assert [name for name in MODULES if floor_of(name) < 0] == []


def test_no_import_points_up() -> None:
    upward = [
        f"{name}:{line} imports {target} ({FLOORS[floor_of(name)][0]} -> "
        f"{FLOORS[floor_of(target)][0]})"
        for name in sorted(MODULES)
        for target, line in imports_of(name)
        if floor_of(target) > floor_of(name)
    ]
    assert upward == []


def test_no_import_circles() -> None:
    assert cycles(graph()) == []


def test_the_graph_sees_lazy_imports() -> None:
    """The walk finds an import inside a function, and skips one under TYPE_CHECKING."""
    tree = ast.parse(textwrap.dedent("""
        from typing import TYPE_CHECKING
        if TYPE_CHECKING:
            from wsnb.widgets import PlanCard
        def show():
            from wsnb.widgets import PlanCard
    """))
    lines = [node.lineno for node in _statements(tree)]
    assert sorted(lines) == [2, 6]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def core_modules() -> list[str]:
    return sorted(name for name in MODULES
                  if FLOORS[floor_of(name)][0] in CORE_FLOORS and name != "wsnb")


_BLOCKER = """
import sys

class _Absent:
    blocked = ("ipywidgets", "IPython", "anywidget", "ipylab", "sidecar")

    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in self.blocked:
            raise ModuleNotFoundError(f"No module named {name!r} (blocked)", name=name)
        return None

sys.meta_path.insert(0, _Absent())
"""


def run_without_faces(tmp_path: Path, script: str) -> str:
    """Run ``script`` in a fresh interpreter where ipywidgets and IPython can't be found
    (a ``sitecustomize`` on ``PYTHONPATH`` puts a blocker first on ``sys.meta_path``)."""
    (tmp_path / "sitecustomize.py").write_text(_BLOCKER)
    check = textwrap.dedent("""
        try:
            import ipywidgets
        except ModuleNotFoundError:
            pass
        else:
            raise SystemExit("the blocker did not block ipywidgets")
    """)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [str(tmp_path), str(PACKAGE.parent), env.get("PYTHONPATH", "")])
    done = subprocess.run([sys.executable, "-c", check + textwrap.dedent(script)], env=env,
                          capture_output=True, text=True, timeout=120, cwd=tmp_path)  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def test_the_core_imports_without_ipywidgets(tmp_path: Path) -> None:
    """Every core module imports in an interpreter that cannot find ipywidgets or IPython."""
    names = core_modules()
    assert "wsnb.workspace" in names and "wsnb.policy" in names
    out = run_without_faces(tmp_path, f"""
        import importlib, sys
        for name in {names!r}:
            importlib.import_module(name)
        loaded = sorted(m for m in sys.modules if m.split(".")[0] in ("ipywidgets", "IPython"))
        print("loaded faces:", loaded)
        print("imported", len({names!r}))
    """)
    assert "loaded faces: []" in out
    assert f"imported {len(names)}" in out


def test_a_script_reads_and_plans_without_ipywidgets(tmp_path: Path) -> None:
    """``import wsnb`` in a plain script: open, read, plan and confirm with no face installed;
    a plan shows as its text."""
    (tmp_path / "ws").mkdir()
    (tmp_path / "ws" / "a.txt").write_text("hello\n")
    out = run_without_faces(tmp_path, """
        import wsnb
        ws = wsnb.open_workspace("ws", watch=False)
        print("files", sorted(ws.files["path"]))
        plan = ws.create_file("b.txt", "new\\n")
        print("shown as", sorted(plan._repr_mimebundle_()))
        plan.confirm()
        print("created", open("ws/b.txt").read().strip())
    """)
    assert "files ['a.txt']" in out
    assert "shown as ['text/html', 'text/plain']" in out
    assert "created new" in out


@pytest.mark.parametrize("name", ["wsnb.widgets", "wsnb.notebook"])
def test_the_faces_sit_on_top(name: str) -> None:
    """The floors' names match the package: the faces are where the table says."""
    assert FLOORS[floor_of(name)][0] == "faces and servers"


def test_the_package_root_holds_at_most_15_modules() -> None:
    """Each concept lives in its package; the root keeps a handful of modules."""
    root = sorted(path.name for path in PACKAGE.glob("*.py"))
    assert len(root) <= 15, root


def _docstring_lines(tree: ast.AST) -> int:
    """The lines of a module's docstrings (module, classes, functions)."""
    kinds = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    count = 0
    for node in ast.walk(tree):
        if isinstance(node, kinds) and node.body and isinstance(node.body[0], ast.Expr) \
                and isinstance(node.body[0].value, ast.Constant) \
                and isinstance(node.body[0].value.value, str):
            doc = node.body[0]
            count += (doc.end_lineno or doc.lineno) - doc.lineno + 1
    return count


def test_no_module_is_over_500_lines() -> None:
    """Rooms a newcomer reads: a module past 500 lines is split by concept. Docstrings don't
    count: the API reference is written from them (parameters, returns, raises, examples)."""
    sizes = {}
    for name, path in MODULES.items():
        text = path.read_text(encoding="utf-8")
        sizes[name] = len(text.splitlines()) - _docstring_lines(ast.parse(text))
    assert sorted(name for name, lines in sizes.items() if lines > 500) == []
