"""The read tools under a model's limits (the design's) and a person's (the whole answer)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from wsnb.disk.launcher import Launcher
from wsnb.disk.trash import Trash
from wsnb.errors import UsageError
from wsnb.fileindex.index import FileIndex
from wsnb.fileindex.scanner import ScanLimits, scan
from wsnb.policy.access import AccessPolicy
from wsnb.tools.base import ToolContext
from wsnb.tools.limits import DEFAULT, ToolLimits
from wsnb.tools.read import ListFolderTool, ReadFileTool, SearchFilesTool, SearchTextTool


def model_context(root: Path) -> ToolContext:
    policy = AccessPolicy(root)
    frame, report = scan(policy, limits=ScanLimits(max_files=100_000))
    index = FileIndex(frame, report)
    return ToolContext(policy=policy, index=lambda: index, trash=Trash(), launcher=Launcher())


@pytest.fixture
def tree(root: Path) -> Path:
    many = root / "many"
    many.mkdir()
    for i in range(1100):
        (many / f"note_{i:04d}.txt").write_text("hit\nhit\n", encoding="utf-8")
    (root / "big.txt").write_text("hit\n" + "x" * (200 * 1024), encoding="utf-8")
    return root


def test_the_agent_keeps_the_design_limits(
    tree: Path, caplog: pytest.LogCaptureFixture
) -> None:
    ctx = model_context(tree)
    assert ctx.limits == ToolLimits.for_model()
    with caplog.at_level("INFO", logger="wsnb"):
        found = SearchTextTool().run(ctx, pattern="hit")
    assert not [r for r in caplog.records if r.levelname == "WARNING"]  # expected, not news
    assert any("stopped at 50 matches" in r.getMessage() for r in caplog.records)
    assert len(found.data) == 50 and found.data.attrs["truncated"] is True
    assert "pass" not in found.message  # a model can't lift its limits: no advice
    wide = SearchTextTool().run(ctx, pattern="hit", limit=50)
    assert wide.data.attrs["files_searched"] <= 1000
    listed = ListFolderTool().run(ctx, path="many")
    assert len(listed.data) == 200 and listed.data.attrs["total"] == 1100
    names = SearchFilesTool().run(ctx, keyword="note")
    assert len(names.data) == 30
    doc = ReadFileTool().run(ctx, path="big.txt").data
    assert doc.truncated and len(doc.text) <= 128 * 1024
    for tool, params in [
        (SearchTextTool(), {"pattern": "hit", "limit": 51}),
        (SearchTextTool(), {"pattern": "hit", "limit": None}),
        (SearchTextTool(), {"pattern": "hit", "max_files": 1001}),
        (SearchTextTool(), {"pattern": "hit", "max_bytes": 16 * 1024 * 1024 + 1}),
        (ListFolderTool(), {"path": "many", "limit": 201}),
        (SearchFilesTool(), {"keyword": "note", "limit": 31}),
        (ReadFileTool(), {"path": "big.txt", "limit": 128 * 1024 + 1}),
    ]:
        result = tool.run(ctx, **params)  # type: ignore[attr-defined]
        assert not result.success and isinstance(result.exc, UsageError), params
        assert "from 1 to" in result.error


def test_a_person_gets_the_whole_answer_from_the_same_tools(tree: Path) -> None:
    ctx = replace(model_context(tree), limits=ToolLimits.for_person())
    found = SearchTextTool().run(ctx, pattern="hit")
    assert len(found.data) == 2 * 1100 + 1  # every line of the notes, and big.txt is searched
    assert found.data.attrs["files_not_scanned"] == 0 and found.data.attrs["note"] == ""
    everything = SearchTextTool().run(ctx, pattern="hit", limit=None, max_bytes=100)
    assert everything.data.attrs["files_skipped_size"] == 1
    assert "pass a larger max_bytes" in everything.message
    assert len(ListFolderTool().run(ctx, path="many").data) == 1100
    assert len(SearchFilesTool().run(ctx, keyword="note", limit=None).data) == 1100
    assert not ReadFileTool().run(ctx, path="big.txt").data.truncated


def test_search_text_reports_progress(tree: Path) -> None:
    ctx = replace(model_context(tree), limits=ToolLimits.for_person())
    calls: list[tuple[int, int]] = []
    SearchTextTool().run(ctx, pattern="hit", progress=lambda d, t: calls.append((d, t)))
    assert calls[-1] == (1101, 1101) and len(calls) <= 101


def test_limits_pick_checks_each_request() -> None:
    model, person = ToolLimits.for_model(), ToolLimits.for_person()
    assert model.pick("matches", DEFAULT) == 50 and model.pick("matches", 7) == 7
    assert person.pick("matches", DEFAULT) == 10_000 and person.pick("matches", None) is None
    assert person.pick("matches", 10**6) == 10**6
    with pytest.raises(UsageError, match="at least 1, or None"):
        person.pick("matches", 0)
    with pytest.raises(UsageError, match="at least 1"):
        person.pick("read_bytes", None, param="max_bytes")
    with pytest.raises(UsageError, match="from 1 to 200"):
        model.pick("entries", True)


def test_the_search_opens_every_file_whose_bytes_are_text(root: Path) -> None:
    (root / "grammar.g4").write_text("rule: hit ;\n", encoding="utf-8")
    (root / "postBuild").write_text("echo hit\n", encoding="utf-8")
    (root / "run.bat").write_text("echo hit\n", encoding="utf-8")  # never opened
    (root / "blob.dat").write_bytes(b"hit\x00\x01\x02")
    ctx = replace(model_context(root), limits=ToolLimits.for_person())
    frame = SearchTextTool().run(ctx, pattern="hit").data
    assert sorted(frame["path"]) == ["grammar.g4", "postBuild"]
    assert frame.attrs["files_total"] == 3  # the .bat is not a candidate at all
    assert frame.attrs["files_skipped_binary"] == 1 and frame.attrs["note"] == ""


def test_a_search_over_a_cut_index_says_so(root: Path) -> None:
    for i in range(20):
        (root / f"f{i:02d}.txt").write_text("hit\n", encoding="utf-8")
    policy = AccessPolicy(root)
    frame, report = scan(policy, limits=ScanLimits(max_files=5))
    index = FileIndex(frame, report)
    ctx = ToolContext(policy=policy, index=lambda: index, trash=Trash(), launcher=Launcher(),
                      limits=ToolLimits.for_person())  # fmt: skip
    found = SearchTextTool().run(ctx, pattern="hit").data
    assert len(found) == 5
    assert found.attrs["note"].startswith("the index holds only part of the workspace")
