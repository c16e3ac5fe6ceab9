"""Two languages: the setting, a language per context, and plans that keep the language they
were made in (the catalog itself is checked in ``test_i18n_catalog.py``)."""

from __future__ import annotations

import re
import threading
from pathlib import Path

import pytest
from helpers import Bench

import wsnb
from wsnb.i18n import (
    _,
    detect_language,
    get_language,
    language_from_locale,
    ngettext,
    set_language,
    using_language,
)
from wsnb.tools.base import ToolContext
from wsnb.tools.read import SearchFilesTool

HAN = re.compile(r"[\u4e00-\u9fff]")


def test_the_setting_and_the_locale_choose_the_language() -> None:
    assert language_from_locale({"WSNB_LANGUAGE": "zh"}) == "zh"
    assert language_from_locale({"LANG": "zh_CN.UTF-8"}) == "zh"
    assert language_from_locale({"WSNB_LANGUAGE": "auto", "LC_ALL": "zh_TW.UTF-8"}) == "zh"
    assert language_from_locale({"LANG": "de_DE.UTF-8"}) == "en"
    assert language_from_locale({}) == "en"
    assert get_language() == "en"  # conftest sets WSNB_LANGUAGE=en
    set_language("zh")
    assert get_language() == "zh"
    with using_language("en"):
        assert get_language() == "en"
    set_language("auto")
    assert get_language() == "en"


def test_an_unknown_language_is_refused_with_the_three_choices() -> None:
    with pytest.raises(wsnb.UsageError, match=r"set_language\('auto'\), not 'fr'"):
        set_language("fr")
    set_language("zh")
    with pytest.raises(wsnb.UsageError) as caught:
        set_language("fr")
    assert HAN.search(str(caught.value)) and "set_language('zh')" in str(caught.value)


def test_detect_language_and_plural_forms() -> None:
    assert detect_language("读取 main.cpp") == "zh"
    assert detect_language("read main.cpp") == "en"
    assert ngettext("{count:,} file", "{count:,} files", 1).format(count=1) == "1 file"
    assert ngettext("{count:,} file", "{count:,} files", 2_000).format(count=2_000) == "2,000 files"
    with using_language("zh"):
        assert ngettext("{count:,} file", "{count:,} files", 3).format(count=3) == "3 个文件"
    assert _("Key files", lang="zh") == "关键文件"


def test_a_language_set_in_one_thread_stays_there() -> None:
    seen: list[str] = []

    def other() -> None:
        seen.append(_("Key files"))

    with using_language("zh"):
        thread = threading.Thread(target=other)
        thread.start()
        thread.join()
        here = _("Key files")
    assert (here, seen) == ("关键文件", ["Key files"])


def test_a_plan_made_in_chinese_is_described_in_chinese_wherever_it_is_shown(
    bench: Bench, root: Path
) -> None:
    (root / "a.txt").write_text("one\n", encoding="utf-8")
    with using_language("zh"):
        plan = bench.book.propose("write_file", path="a.txt", content="two\n")
    english = bench.book.propose("create_file", path="b.txt", content="x\n")
    text = plan.describe()  # outside the block: the plan keeps its language
    assert plan.lang == "zh" and text.startswith(f"计划 {plan.id}：写入 a.txt")
    assert "风险：高" in text and "状态：待确认" in text and "confirm() 执行" in text
    assert "--- 差异 ---" in text and "-one" in text and "+two" in text
    with using_language("zh"):
        assert english.describe().startswith(f"Plan {english.id}: Create file b.txt")
    result = plan.confirm()  # confirmed outside the block: the result speaks Chinese too
    assert result.success and result.message.startswith("已写入 a.txt（4 字节）")
    assert "状态：已完成" in plan.describe() and "结果：已写入 a.txt" in plan.describe()
    with pytest.raises(wsnb.PlanStateError, match="这个计划已经执行过了"):
        plan.confirm()
    assert english.confirm().message == "Created b.txt (2 bytes)."


def test_a_chinese_refusal_keeps_its_english_rule(bench: Bench, root: Path) -> None:
    (root / "d").mkdir()
    with using_language("zh"):
        plan = bench.book.propose("trash", path="d", permanent=True)
    assert plan.is_refused and plan.rule is wsnb.Rule.NOT_ALLOWED
    assert plan.refusal is not None and plan.refusal.startswith("wsnb 从不永久删除")
    assert "已拒绝：wsnb 从不永久删除" in plan.describe()


def test_errors_follow_the_setting(ws: wsnb.Workspace) -> None:
    set_language("zh")
    with pytest.raises(wsnb.NotFoundError, match="不存在；请用 ls\\(\\) 或 find\\(\\) 核对名称"):
        ws.info("gone.txt")
    with pytest.raises(wsnb.UndoError, match="已没有可撤销的改动"):
        ws.undo()
    set_language("en")
    with pytest.raises(wsnb.UndoError, match="There is no change left to undo"):
        ws.undo()


def test_a_models_note_drops_the_advice_in_both_languages(ws: wsnb.Workspace) -> None:
    ctx = ws.context  # the facade's tools, with a model's limits (the default)
    model = ToolContext(ctx.policy, ctx.index, ctx.trash, ctx.launcher)
    for lang, advice in (("en", "pass limit"), ("zh", "传入")):
        with using_language(lang):
            result = SearchFilesTool().run(model, keyword=".md", limit=1)
        assert result.success, result.error
        assert "1" in result.message and advice not in result.message, result.message
        assert advice in result.data.note


def test_log_records_stay_english_when_the_note_is_chinese(
    ws: wsnb.Workspace, caplog: pytest.LogCaptureFixture
) -> None:
    set_language("zh")
    with caplog.at_level("WARNING", logger="wsnb"):
        found = ws.find(".md", limit=1)
        listed = ws.ls(".", limit=1)
        lines = ws.grep("the", limit=1)
    assert [HAN.search(frame.note) is not None for frame in (found, listed, lines)] == [True] * 3
    logged = [record.getMessage() for record in caplog.records]
    assert len(logged) == 3 and not any(HAN.search(text) for text in logged), logged
    assert logged[0].startswith("showing the best 1 of ") and "; pass limit=None" in logged[0]


def test_an_unknown_wsnb_language_falls_back_to_the_locale(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    assert language_from_locale({"WSNB_LANGUAGE": "fr", "LANG": "zh_CN.UTF-8"}) == "zh"
    caplog.clear()
    monkeypatch.setenv("WSNB_LANGUAGE", "klingon")
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    with caplog.at_level("WARNING", logger="wsnb"):
        assert _("Key files") == "Key files" and _("Languages") == "Languages"
    assert [r.getMessage() for r in caplog.records] == [
        "WSNB_LANGUAGE='klingon' is not 'en', 'zh' or 'auto'; following the locale."
    ]
