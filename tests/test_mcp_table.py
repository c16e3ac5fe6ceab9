"""The one table of tool definitions, read by the built-in agent's loop and the MCP server,
and the roots that narrow a client's workspace."""

from __future__ import annotations

from pathlib import Path

import pytest

from wsnb.agent.prompts import READ_TOOL_NAMES, WRITE_TOOL_NAMES, tool_specs
from wsnb.errors import PolicyError
from wsnb.mcp import cli, server
from wsnb.mcp.scope import Scope, folders_from_roots
from wsnb.policy.access import AccessPolicy
from wsnb.tools.table import TOOL_TABLE, loop_tools, tool_def


def test_the_agents_loop_reads_its_specs_from_the_table() -> None:
    specs = {s["function"]["name"]: s["function"] for s in tool_specs()}
    assert set(specs) == set(READ_TOOL_NAMES) | set(WRITE_TOOL_NAMES)
    for tool in loop_tools():
        spec = specs[str(tool.loop_name)]
        assert spec["description"] == tool.description
        # The loop is offered only the arguments it passes on.
        assert set(spec["parameters"]["properties"]) == {p.name for p in tool.params if p.loop}
    reads = {s["function"]["name"] for s in tool_specs(writes=False)}
    assert reads == set(READ_TOOL_NAMES) == {"list_folder", "search_files", "search_text",
                                              "read_file", "read_files", "folder_tree",
                                              "read_table"}  # fmt: skip


def test_every_tool_has_a_unique_name_a_description_and_an_object_schema() -> None:
    names = [t.name for t in TOOL_TABLE]
    assert len(names) == len(set(names))
    assert {"propose_edit", "propose_changes", "read_files", "folder_tree",
            "read_table"} <= set(names)
    for tool in TOOL_TABLE:
        schema = tool.input_schema()
        assert schema["type"] == "object" and tool.description.endswith(".")
        assert set(schema["required"]) <= set(schema["properties"])
        assert tool.propose == tool.name.startswith("propose_")
    assert tool_def("read_file").param("start_line").required is False


def test_the_command_line_offers_the_servers_confirm_modes() -> None:
    assert cli.CONFIRM_MODES == server.CONFIRM_MODES


def test_roots_inside_narrow_and_roots_elsewhere_are_ignored(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    (root / "src" / "deep").mkdir(parents=True)
    (tmp_path / "ws-evil").mkdir()
    policy = AccessPolicy(root)
    assert folders_from_roots(policy, [(root / "src").as_uri()]) == Scope(("src",))
    assert folders_from_roots(policy, [root.as_uri()]).whole
    assert folders_from_roots(policy, [tmp_path.as_uri(), (root / "src").as_uri()]).whole
    # A prefix sibling is not inside: /tmp/ws-evil is no part of /tmp/ws.
    assert folders_from_roots(policy, [(tmp_path / "ws-evil").as_uri()]).whole
    assert folders_from_roots(policy, ["https://example.com/ws", "file://host/ws"]).whole
    narrow = Scope(("src",))
    assert narrow.allows("src") and narrow.allows("src/deep/x.py")
    assert not narrow.allows("srcx/a.py") and not narrow.allows("README.md")
    with pytest.raises(PolicyError, match="outside the folders"):
        narrow.check("srcx/a.py")


def test_building_a_server_leaves_the_programs_logging_as_it_was(tmp_path: Path) -> None:
    """The SDK's server configures the root logger when built; in a kernel wsnb must not."""
    import logging

    import wsnb

    root = logging.getLogger()
    saved, level = list(root.handlers), root.level
    root.handlers[:] = []  # as in a kernel that configured nothing (pytest adds its own)
    ws = wsnb.open_workspace(tmp_path, watch=False)
    try:
        built = server.WorkspaceServer(ws).build()
        after = list(root.handlers)
    finally:
        root.handlers[:] = saved
        root.setLevel(level)
        ws.close()
    assert built.name == "wsnb"
    assert after == [] and root.level == level
