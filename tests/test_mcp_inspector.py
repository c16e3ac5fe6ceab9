"""The MCP server driven by a second, independent client: the official TypeScript MCP Inspector.

Its command line (``mcp-inspector --cli``) runs one method per process: over stdio it starts
``python -m wsnb.mcp ROOT`` itself, over HTTP it reaches the loopback server with the token in
an ``Authorization`` header. ``.ci/run`` installs Node and the inspector into
``.cache/mcp-inspector`` (``WSNB_MCP_INSPECTOR`` may name another ``mcp-inspector``). Without
them these tests skip and say how to install them; under CI (``CI=true``) they fail, because
there they must run. Inspector 2.x and the last 1.x (for Debian 12's Node 18) take the same
arguments here and print the same result on stdout; 2.x also exits 5 on a tool error.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from helpers import REPO, user_files, write
from test_mcp_http import SECRET, make_tree

import wsnb
from wsnb.mcp.http import RunningServer, start_in_thread
from wsnb.policy.access import AccessPolicy
from wsnb.tools.table import TOOL_TABLE

INSPECTOR_VARIABLE = "WSNB_MCP_INSPECTOR"
INSTALLED = REPO / ".cache" / "mcp-inspector" / "node_modules" / ".bin" / "mcp-inspector"
# What .ci/run does; on Node 18, @1.0.3 instead.
INSTALL = ("npm install --prefix .cache/mcp-inspector --ignore-scripts "
           "@modelcontextprotocol/inspector@2.12.0")  # fmt: skip
PACKAGE = "@modelcontextprotocol/inspector"
CALL_SECONDS = 60  # one inspector process, its server's start included; a hang fails, not waits
TOOL_ERROR_CODES = {0, 5}  # 1.x exits 0 on a tool error, 2.x exits 5


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in {"", "0", "false", "no"}


@dataclass(frozen=True)
class Inspector:
    """The inspector's script, the Node that runs it, and its version."""

    node: str
    script: Path
    version: str


@dataclass(frozen=True)
class Answer:
    """What one inspector call printed: the result as JSON on stdout, status lines on stderr."""

    returncode: int
    stdout: str
    stderr: str

    def result(self) -> dict[str, Any]:
        try:
            result: dict[str, Any] = json.loads(self.stdout)
        except json.JSONDecodeError:
            raise AssertionError(f"The inspector printed no result (exit {self.returncode}): "
                                 f"{self.stdout[-500:]!r} {self.stderr[-1500:]!r}") from None
        return result

    def text(self) -> str:
        return "\n".join(block.get("text", "") for block in self.result()["content"])

    def data(self) -> dict[str, Any]:
        """The structured answer of a tool call that succeeded."""
        result = self.result()
        assert self.returncode == 0 and not result.get("isError"), self.stdout
        data: dict[str, Any] = result["structuredContent"]
        return data


def _version(script: Path) -> str | None:
    """The version in the inspector package's package.json above ``script``, if it is one."""
    for folder in script.resolve().parents:
        manifest = folder / "package.json"
        if manifest.is_file():
            meta = json.loads(manifest.read_text(encoding="utf-8"))
            if meta.get("name") == PACKAGE:
                return str(meta.get("version", "?"))
    return None


def _find() -> Inspector | str:
    """The installed inspector, or why the tests can't run here."""
    node = shutil.which("node")
    if node is None:
        return "Node is not installed (Debian: apt-get install -y nodejs npm)."
    named = os.environ.get(INSPECTOR_VARIABLE)
    script = Path(named) if named else INSTALLED
    version = _version(script) if script.exists() else None
    if version is None:
        return f"the MCP Inspector is not installed at {script} (from the checkout: {INSTALL})."
    return Inspector(node, script, version)


@pytest.fixture(scope="module")
def inspector() -> Inspector:
    """Skip (or, under CI, fail) when Node or the inspector is missing."""
    found = _find()
    if isinstance(found, str):
        if in_ci():
            pytest.fail(f"The MCP Inspector tests must run under CI, but {found}", pytrace=False)
        pytest.skip(f"MCP Inspector test skipped: {found}")
    return found


@pytest.fixture(scope="module")
def inspector_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The inspector keeps a catalog and settings under ~/.mcp-inspector: a home of its own."""
    return tmp_path_factory.mktemp("inspector-home")


@dataclass
class Target:
    """How the inspector reaches one server: the arguments before ``--method``."""

    inspector: Inspector
    home: Path
    args: list[str]

    def run(self, *method: str, args: list[str] | None = None) -> Answer:
        """One inspector process, killed with everything it started after CALL_SECONDS."""
        argv = [self.inspector.node, str(self.inspector.script), "--cli",
                *(self.args if args is None else args), "--method", *method]  # fmt: skip
        env = {**os.environ, "HOME": str(self.home), "NO_COLOR": "1"}
        process = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, text=True, env=env, cwd=self.home,
                                   start_new_session=True)  # fmt: skip
        try:
            stdout, stderr = process.communicate(timeout=CALL_SECONDS)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
            raise AssertionError(f"The inspector did not answer {method} within "
                                 f"{CALL_SECONDS} s.") from None  # fmt: skip
        return Answer(process.returncode, stdout, stderr)

    def tools(self) -> list[dict[str, Any]]:
        answer = self.run("tools/list")
        assert answer.returncode == 0, answer.stderr[-1500:]
        tools: list[dict[str, Any]] = answer.result()["tools"]
        return tools

    def call(self, tool: str, **arguments: Any) -> Answer:
        # Every value as JSON: the inspector parses each one as JSON first, so a plan id such as
        # 123456 would otherwise arrive as a number.
        pairs = [f"{key}={json.dumps(value)}" for key, value in arguments.items()]
        return self.run("tools/call", "--tool-name", tool,
                        *[part for pair in pairs for part in ("--tool-arg", pair)])


def stdio_args(root: Path) -> list[str]:
    """The server as an agent starts it. The inspector hands a stdio server only a few
    variables of its own environment (HOME, PATH...): the rest is passed with ``-e``."""
    python_path = os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))
    passed = {"PYTHONPATH": python_path, "WSNB_LANGUAGE": "en",
              "XDG_DATA_HOME": os.environ["XDG_DATA_HOME"]}  # fmt: skip
    env = [part for key, value in passed.items() for part in ("-e", f"{key}={value}")]
    return [*env, sys.executable, "-m", "wsnb.mcp", str(root)]


def http_args(server: RunningServer, token: str | None = None) -> list[str]:
    return [server.url, "--transport", "http",
            "--header", f"Authorization: Bearer {server.token if token is None else token}"]


@pytest.fixture(params=["stdio", "http"])
def served(request: pytest.FixtureRequest, inspector: Inspector, inspector_home: Path,
           tmp_path: Path) -> Iterator[tuple[Target, Path]]:  # fmt: skip
    """The inspector's way to a fresh tree's server, over stdio or HTTP, and the tree."""
    tree = make_tree(tmp_path)
    if request.param == "stdio":
        yield Target(inspector, inspector_home, stdio_args(tree)), tree
        return
    ws = wsnb.open_workspace(tree, watch=False)
    try:
        with start_in_thread(ws) as server:
            yield Target(inspector, inspector_home, http_args(server)), tree
    finally:
        ws.close()


# -- reads ------------------------------------------------------------------------------


def test_tools_list_shows_the_whole_table(served: tuple[Target, Path]) -> None:
    target, _tree = served
    tools = {tool["name"]: tool for tool in target.tools()}
    assert set(tools) == {spec.name for spec in TOOL_TABLE}
    for spec in TOOL_TABLE:
        assert tools[spec.name]["description"] == spec.description
        assert tools[spec.name]["inputSchema"] == spec.input_schema()


def test_a_read_brings_the_files_text(served: tuple[Target, Path]) -> None:
    target, tree = served
    answer = target.call("read_file", path="src/main.py")
    data = answer.data()
    expected = (tree / "src" / "main.py").read_text(encoding="utf-8")
    assert data["path"] == "src/main.py" and data["text"] == expected
    assert expected in answer.text()


@pytest.mark.parametrize("path", ["../outside/secret.txt", ".env"])
def test_an_escape_is_refused_with_wsnbs_sentence(served: tuple[Target, Path],
                                                  path: str) -> None:  # fmt: skip
    target, tree = served
    answer = target.call("read_file", path=path)
    reason = AccessPolicy(tree).check_read_file(path, for_model=True).reason
    assert answer.result()["isError"] is True and answer.returncode in TOOL_ERROR_CODES
    assert reason and reason in answer.text()
    printed = answer.stdout + answer.stderr
    assert "outside secret" not in printed and SECRET not in printed


# -- a proposal a person confirms ---------------------------------------------------------


EDITS = [{"old_text": "def main():", "new_text": "def main() -> None:"},
         {"old_text": "print('hello')", "new_text": "print('hello, inspector')"}]


def test_an_edit_confirmed_in_python_is_done(served: tuple[Target, Path]) -> None:
    target, tree = served
    before = user_files(tree)
    plan = target.call("propose_edit", path="src/main.py", edits=EDITS).data()
    assert plan["state"] == "pending" and "+    print('hello, inspector')" in plan["diff"]
    assert user_files(tree) == before  # nothing changes until a person confirms
    person = wsnb.open_workspace(tree, watch=False)
    try:
        person.plan_store.confirm(plan["plan_id"], confirmed_by="notebook")
    finally:
        person.close()
    status = target.call("plan_status", plan_id=plan["plan_id"]).data()
    assert status["state"] == "done" and status["confirmed_by"] == "notebook"
    assert status["proposer"].startswith("mcp:")
    assert (tree / "src" / "main.py").read_text(encoding="utf-8") == (
        "def main() -> None:\n    print('hello, inspector')\n")


def test_a_wrong_token_gets_nothing(inspector: Inspector, inspector_home: Path,
                                    tmp_path: Path) -> None:  # fmt: skip
    ws = wsnb.open_workspace(make_tree(tmp_path), watch=False)
    try:
        with start_in_thread(ws) as server:
            target = Target(inspector, inspector_home, http_args(server, token="wrong"))
            answer = target.run("tools/list")
    finally:
        ws.close()
    assert answer.returncode != 0
    assert "read_file" not in answer.stdout and "read_file" not in answer.stderr


# -- the agent's side: every line in reach, plans in sight, answers that say what they hold --


@pytest.fixture(params=["stdio", "http"])
def agent_served(request: pytest.FixtureRequest, inspector: Inspector, inspector_home: Path,
                 tmp_path: Path) -> Iterator[tuple[Target, Path]]:  # fmt: skip
    """The inspector's way to a tree with a 600 KB file and a line past 128 KiB."""
    tree = make_tree(tmp_path)
    write(tree, "data/app.log", "".join(f"{n:06d} the quick brown fox jumps over the lazy dog "
                                        "again and again and again\n" for n in range(1, 8001)))
    write(tree, "data/deep.log", "x\n" * 100_000 + "needle at the bottom\n")
    if request.param == "stdio":
        yield Target(inspector, inspector_home, stdio_args(tree)), tree
        return
    ws = wsnb.open_workspace(tree, watch=False)
    try:
        with start_in_thread(ws) as server:
            yield Target(inspector, inspector_home, http_args(server)), tree
    finally:
        ws.close()


def test_every_tool_lists_its_output_schema_and_answers_hold_it(
        agent_served: tuple[Target, Path]) -> None:  # fmt: skip
    target, _tree = agent_served
    tools = {tool["name"]: tool for tool in target.tools()}
    for spec in TOOL_TABLE:
        assert tools[spec.name]["outputSchema"] == spec.output_schema(), spec.name
    for tool, args in (("read_file", {"path": "data/app.log", "tail": 3}),
                       ("search_text", {"pattern": "needle"}),
                       ("list_my_plans", {}),
                       ("propose_create_file", {"path": "x.txt", "content": "x\n"})):
        jsonschema.validate(target.call(tool, **args).data(), tools[tool]["outputSchema"])


def test_the_last_lines_of_a_600_kb_file_by_range_and_by_tail(
        agent_served: tuple[Target, Path]) -> None:  # fmt: skip
    target, tree = agent_served
    assert (tree / "data" / "app.log").stat().st_size > 600_000
    tail = target.call("read_file", path="data/app.log", tail=3).data()
    ranged = target.call("read_file", path="data/app.log", start_line=7998,
                         end_line=8000).data()  # fmt: skip
    for answer in (tail, ranged):
        assert answer["total_lines"] == 8000 and answer["start_line"] == 7998
        assert answer["text"].splitlines()[-1].startswith("008000 ")
        assert answer["text"].count("\n") == 3


def test_a_search_finds_a_line_past_128_kib_and_pages_past_50(
        agent_served: tuple[Target, Path]) -> None:  # fmt: skip
    target, _tree = agent_served
    found = target.call("search_text", pattern="needle at the bottom").data()
    assert [(r["path"], r["line"]) for r in found["rows"]] == [("data/deep.log", 100_001)]
    page = target.call("search_text", pattern="lazy dog", path="data", offset=50).data()
    assert [r["line"] for r in page["rows"]] == list(range(51, 101))
    assert page["next_offset"] == 100


def test_errors_name_mcp_tools_never_python(agent_served: tuple[Target, Path]) -> None:
    target, _tree = agent_served
    said = [target.call("read_file", path="src").text(),
            target.call("propose_create_file", path="README.md", content="x").text(),
            target.call("propose_write_file", path="missing.txt", content="x").text(),
            target.call("plan_status", plan_id="abcdef").text()]
    for sentence in said:
        assert not re.search(r"\b[a-z_]+\(\)|\bws\.|\.attrs", sentence), sentence
    assert "list_folder" in said[0] and "propose_edit" in said[1]
    assert "propose_create_file" in said[2] and "list_my_plans" in said[3]


def test_withdraw_and_propose_again(agent_served: tuple[Target, Path]) -> None:
    target, tree = agent_served
    args = {"path": "notes/new.md", "content": "hello\n"}
    first = target.call("propose_create_file", **args).data()
    again = target.call("propose_create_file", **args).data()
    assert again["plan_id"] == first["plan_id"] and again["already_waiting"] is True
    mine = target.call("list_my_plans").data()
    assert [p["plan_id"] for p in mine["plans"]] == [first["plan_id"]]
    withdrawn = target.call("withdraw_plan", plan_id=first["plan_id"]).data()
    assert withdrawn["state"] == "cancelled"
    anew = target.call("propose_create_file", **args).data()
    assert anew["plan_id"] != first["plan_id"] and anew["state"] == "pending"
    assert not (tree / "notes" / "new.md").exists()


def test_a_conflicting_change_set_is_refused_at_proposal(
        agent_served: tuple[Target, Path]) -> None:  # fmt: skip
    target, tree = agent_served
    answer = target.call("propose_changes", title="Rename then edit", changes=[
        {"op": "rename", "path": "src", "new_name": "lib"},
        {"op": "edit", "path": "src/main.py",
         "edits": [{"old_text": "def main():", "new_text": "def main() -> None:"}]}])
    assert answer.result()["isError"] is True and answer.returncode in TOOL_ERROR_CODES
    assert "Change 2" in answer.text() and "change 1" in answer.text()
    assert (tree / "src" / "main.py").exists() and not (tree / "lib").exists()


def test_an_agents_plan_is_in_ws_pending(agent_served: tuple[Target, Path]) -> None:
    target, tree = agent_served
    plan = target.call("propose_create_file", path="from-agent.txt", content="x\n").data()
    person = wsnb.open_workspace(tree, watch=False)
    try:
        rows = person.pending.set_index("id")
        assert rows.loc[plan["plan_id"], "proposer"].startswith("mcp:")
    finally:
        person.close()


@pytest.fixture
def with_notes(inspector: Inspector, inspector_home: Path,
               tmp_path: Path) -> tuple[Target, Path]:  # fmt: skip
    """The server over stdio with a notes workspace beside the files, as an agent starts it."""
    from wsnb.notes import open_notes

    tree = make_tree(tmp_path)
    notes = tmp_path / "notes"
    nb = open_notes(notes)
    nb.initialize().confirm()
    nb.close()
    facts = "".join(f"- Fact {n}: option {n} is preferred.\n" for n in range(300))
    write(notes, "memory.md", "# Long-term memory\n\n- The person likes green tea.\n" + facts)
    args = [*stdio_args(tree), "--notes", str(notes)]
    return Target(inspector, inspector_home, args), notes


def test_the_smallest_context_holds_the_memory_and_remembers_all_land(
        with_notes: tuple[Target, Path]) -> None:  # fmt: skip
    from wsnb.notes import open_notes

    target, notes = with_notes
    question = "What should the first steps of the thesis plan be this week? " * 3
    context = target.call("assistant_context", query=question[:200], budget=1000).data()
    assert context["chars"] <= 1000 and "likes green tea" in context["text"]
    assert any(c["section"] == "task" and c["state"] == "left out" for c in context["cut"])
    facts = [f"Remembered fact {n}." for n in range(1, 6)]
    ids = [target.call("propose_remember", text=fact).data()["plan_id"] for fact in facts]
    nb = open_notes(notes)
    try:
        for plan_id in reversed(ids):
            nb.workspace.plan_store.confirm(plan_id, confirmed_by="notebook")
        daily = notes / "memory" / "daily" / f"{nb.today().isoformat()}.md"
    finally:
        nb.close()
    written = daily.read_text(encoding="utf-8")
    assert written.count("## Candidate Long-Term Memory") == 1
    assert all(written.count(fact) == 1 for fact in facts)
