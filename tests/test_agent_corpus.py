"""What the first phrasing corpus promises, beyond its cases, on the small shop project.

The corpus itself is data (``tests/phrasing/2026-12-01-everyday-first.yaml``, kept answered
by ``tests/test_agent_phrasing_sets.py``); here, its breadth, and the promises a case alone
can't state: true counts, questions, refusals and their sentences in both languages.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from agent_sets import build_project, load_set

import wsnb
from wsnb.agent import Agent


def _chinese(text: str) -> bool:
    return any("\u4e00" <= c <= "\u9fff" for c in text)


def test_the_corpus_covers_every_intent_in_both_languages() -> None:
    corpus = load_set("2026-12-01-everyday-first")
    cases = corpus.cases
    assert len(cases) >= 200
    assert sum(_chinese(c.say[-1]) for c in cases) * 2 >= len(cases)
    intents = {c.intent for c in cases}
    assert {"read", "resolve", "find", "grep", "define", "list", "reference", "summarize",
            "project", "workspace", "trash", "rename", "copy", "move", "create", "modify",
            "append", "several", "chat"} <= intents  # fmt: skip
    for intent in intents:  # both languages and both workspaces for every intent
        chosen = [c for c in cases if c.intent == intent]
        assert any(_chinese(c.say[-1]) for c in chosen), intent
        assert any(not _chinese(c.say[-1]) for c in chosen), intent
        assert any(c in corpus.sample for c in chosen), intent
        assert any(c in corpus.project for c in chosen), intent


def test_a_closing_particle_is_not_part_of_the_name(project: wsnb.Workspace) -> None:
    for message in ("看一眼 待办.txt 呗", "读一下 待办.txt 嘛", "瞅瞅 待办.txt 啦"):
        assert project.ask(message).files_read == ["notes/待办.txt"], message


def test_one_candidate_is_asked_about_not_chosen_among(project: wsnb.Workspace) -> None:
    reply = project.ask("读取 设计说朋.md")  # a typo: one name is close
    assert reply.plans == [] and reply.files_read == []
    assert "是下面这一项吗？" in reply.text and "可能指 1 项" not in reply.text
    assert reply.table is not None and list(reply.table["path"]) == ["docs/设计说明.md"]


def test_a_change_for_several_with_no_destination_is_refused(project: wsnb.Workspace) -> None:
    rule = "每个计划只改一项"
    for message in ("把这些文件重命名", "把所有 log 文件重命名"):
        reply = project.ask(message)
        assert reply.plans == [] and rule in reply.text, message
    reply = project.ask("rename these files")
    assert reply.plans == [] and "one item per plan" in reply.text
    assert project.pending.empty


def test_a_change_for_one_item_with_no_destination_asks_where(project: wsnb.Workspace) -> None:
    reply = project.ask("rename models.py")
    assert reply.plans == [] and reply.text.startswith("Rename `shop/models.py` to what?")
    chinese = project.ask("把 cart.js 复制一下")
    assert chinese.plans == []
    assert chinese.text.startswith("把 `web/cart.js` 复制到哪里？请说出目标位置")
    assert project.ask("move README.md").text.startswith("Move `README.md` to where?")
    assert project.pending.empty


@pytest.fixture
def project(tmp_path: Path) -> wsnb.Workspace:
    ws = wsnb.open_workspace(build_project(tmp_path / "project"))
    ws._agent = Agent(ws, environ={})
    return ws


def test_counts_are_the_truth_and_say_what_is_shown(project: wsnb.Workspace) -> None:
    reply = project.ask("搜索 log")
    assert reply.table is not None and len(reply.table) == 42  # the whole answer
    assert "找到 42 个" in reply.text and "显示前 30 个，共 42 个" in reply.text
    assert "… 还有 12 行" in reply.plain()
    english = project.ask("list journal")
    assert "holds 42 entries" in english.text and "Showing the first 30 of 42" in english.text
    assert english.table is not None and len(english.table) == 42


def test_a_name_with_several_matches_asks_which_one(project: wsnb.Workspace) -> None:
    reply = project.ask("删除 utils")
    assert reply.plans == [] and "是哪一个" in reply.text
    assert reply.table is not None and set(reply.table["path"]) == {"shop/utils.py",
                                                                     "web/utils.js"}  # fmt: skip
    chosen = project.ask("删除第二个")  # the candidates are the list to pick from
    assert [p.source.relative for p in chosen.plans if p.source] == ["web/utils.js"]
    missing = project.ask("read ghost.py")
    assert "There is no file named `ghost.py`" in missing.text and missing.plans == []


def test_a_change_for_several_items_is_refused_in_both_languages(project: wsnb.Workspace) -> None:
    project.ask("搜索 log")
    for message, words in (("删除第一个和第二个", "每个计划只改一项"),
                           ("delete the first two", "one item per plan")):  # fmt: skip
        reply = project.ask(message)
        assert reply.plans == [] and words in reply.text
    assert project.pending.empty


def test_modify_and_append_make_one_write_plan_with_a_diff(project: wsnb.Workspace) -> None:
    reply = project.ask("在 待办.txt 末尾加一行 买鸡蛋")
    [plan] = reply.plans
    assert "+买鸡蛋" in plan.diff and "买牛奶" in plan.diff
    plan.confirm()
    assert (project.root / "notes" / "待办.txt").read_text(encoding="utf-8") == "买牛奶\n买鸡蛋\n"
    [change] = project.ask("replace the contents of 待办.txt with done").plans
    assert "-买牛奶" in change.diff and "+done" in change.diff
    change.cancel()


def test_a_plan_from_a_chinese_message_is_described_in_chinese(project: wsnb.Workspace) -> None:
    reply = project.ask("把 cart.js 删掉")
    assert reply.lang == "zh" and reply.text.startswith("计划 ")
    assert "确认后才会执行" in reply.text and "离线模式" in reply.text
    reply.plans[0].cancel()


def test_a_name_search_that_finds_nothing_searches_the_text(project: wsnb.Workspace) -> None:
    reply = project.ask("搜索 slugify")
    assert reply.text.startswith("没有文件名匹配 `slugify`，所以改为在文件内容里搜索")
    assert reply.table is not None and list(reply.table["path"]) == ["shop/utils.py"]


def test_where_is_it_defined_finds_the_definition_not_the_mentions(
    project: wsnb.Workspace,
) -> None:
    reply = project.ask("where is PriceCache defined")
    assert reply.table is not None and list(reply.table["path"]) == ["shop/utils.py"]
    assert list(reply.table["text"]) == ["class PriceCache:"]  # the definition line itself
    assert "docs/meeting notes.md" not in set(reply.table["path"])  # a mention, not a definition


def test_the_workspace_phrases(project: wsnb.Workspace) -> None:
    reply = project.ask("当前工作区是哪个")
    assert str(project.root) in reply.text and "wsnb.widgets.pick_workspace()" in reply.text
    assert "当前打开的工作区是" in reply.text


def test_the_ranker_reads_again_only_the_files_a_plan_changed(project: wsnb.Workspace) -> None:
    from wsnb.agent.actions import Session
    from wsnb.agent.retrieval import _RANKED, rank_paths

    session = Session(project, project.agent.context)
    assert rank_paths(session, "PriceCache")[0][0] in {"shop/utils.py", "docs/meeting notes.md"}
    first = _RANKED[project].reads
    assert first > 40  # every text file once
    note = "# PriceCache\n\nPriceCache PriceCache notes.\n"
    project.create_file("notes/cache.md", note).confirm()
    assert rank_paths(session, "PriceCache")[0][0] == "notes/cache.md"
    assert _RANKED[project].reads == first + 1  # the new file only
    project.trash("notes/cache.md").confirm()
    assert "notes/cache.md" not in [p for p, _score in rank_paths(session, "PriceCache")]
    assert _RANKED[project].reads == first + 1  # a removal reads nothing


def test_the_summary_is_computed_once_per_index_state(project: wsnb.Workspace) -> None:
    summary = project.summary()
    assert project.summary() is summary
    project.create_folder("archive").confirm()
    assert project.summary() is not summary


def test_summaries_read_markdown_as_the_notes_do(project: wsnb.Workspace) -> None:
    (project.root / "docs" / "front.md").write_text(
        "---\ntitle: Front title\n---\n# Heading one\n\n~~~\n# not a heading\n~~~\n\nProse here.\n",
        encoding="utf-8")  # fmt: skip
    project.scan()
    reply = project.ask("summarize docs/front.md")
    assert "- title: Front title" in reply.text and "Heading one" in reply.text
    assert "not a heading" not in reply.text and "- first paragraph: Prose here." in reply.text


def test_a_real_name_that_looks_like_several_is_one_item(project: wsnb.Workspace) -> None:
    (project.root / "notes" / "all-hands.txt").write_text("agenda\n", encoding="utf-8")
    project.scan()
    [plan] = project.ask("delete all-hands.txt").plans
    assert plan.source is not None and plan.source.relative == "notes/all-hands.txt"
    plan.cancel()
    assert project.ask("delete all txt files").plans == []


def test_a_path_the_scan_left_out_is_still_read_by_its_path(project: wsnb.Workspace) -> None:
    (project.root / "logs").mkdir()
    (project.root / "logs" / "run.txt").write_text("started\n", encoding="utf-8")  # ignored
    assert "logs/run.txt" not in set(project.files["path"])
    assert project.ask("read logs/run.txt").files_read == ["logs/run.txt"]


def test_the_magics_resolve_names_like_the_chat(project: wsnb.Workspace) -> None:
    from IPython.testing.globalipapp import get_ipython

    from wsnb.magics import WorkspaceMagics

    magics = WorkspaceMagics(get_ipython())
    magics.workspace = project
    assert magics.ws("read models.py").path == "shop/models.py"
    assert "models.py" in set(magics.ws("ls shop")["name"])
    from IPython.core.error import UsageError

    with pytest.raises(UsageError, match="could mean 2 entries"):
        magics.ws("read utils")


def test_this_file_means_the_file_just_read(project: wsnb.Workspace) -> None:
    project.ask("读取 models.py")
    reply = project.ask("这个文件是做什么的")
    assert reply.files_read == ["shop/models.py"] and "1 个文件的摘要" in reply.text
    english = project.ask("what does this file do")
    assert english.files_read == ["shop/models.py"]
    assert english.text.startswith("What 1 file says about itself")
