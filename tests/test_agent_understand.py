"""The grounded parser: numbers, names found by the workspace, the reply's language, new intents.

Each test runs the real agent (``ws.ask``) on real files, or the engine's pieces on
plain text; nothing is mocked.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from agent_sets import build_project

import wsnb
from wsnb.agent import Agent
from wsnb.agent.intents import FORBIDDEN_RULES, NOT_WORKSPACE
from wsnb.agent.mentions import find_mentions, normalize
from wsnb.agent.numbers import cardinal, ordinal
from wsnb.agent.understand import understand
from wsnb.i18n import _
from wsnb.plans.plan import Plan


@pytest.fixture
def project(tmp_path: Path) -> wsnb.Workspace:
    ws = wsnb.open_workspace(build_project(tmp_path / "project"))
    ws._agent = Agent(ws, environ={})
    return ws


@pytest.mark.parametrize(("text", "position"), [
    ("第十二个", 12), ("第二十三个", 23), ("第一百零五项", 105), ("倒数第二个", -2),
    ("最后一个", -1), ("第0个", 0), ("第 3 个", 3), ("第３个", 3), ("the 12th", 12),
    ("the twenty-third file", 23), ("the last one", -1), ("the second to last", -2),
    ("item 12", 12), ("#5", 5), ("the third", 3), ("README.md", None), ("last week", None),
])  # fmt: skip
def test_ordinals_in_both_languages(text: str, position: int | None) -> None:
    assert ordinal(text) == position


@pytest.mark.parametrize(("word", "number"), [("十二", 12), ("二十", 20), ("两", 2),
                                              ("twenty-three", 23), ("12", 12), ("seven", 7)])
def test_cardinals(word: str, number: int) -> None:
    assert cardinal(word) == number


def test_an_ordinal_past_the_list_is_refused_with_its_size(project: wsnb.Workspace) -> None:
    project.ask("列出 journal")
    assert project.ask("读取第十二个").files_read == ["journal/log_12.txt"]
    assert project.ask("读取倒数第二个").files_read == ["journal/log_41.txt"]
    for message in ("读取第0个", "读第五十个"):
        reply = project.ask(message)
        assert "上一个列表只有 42 项" in reply.text, message
        assert reply.files_read == [] and reply.plans == [], message
    reply = project.ask("trash the 43rd")
    assert "The last list has 42 items" in reply.text and reply.plans == []
    assert project.pending.empty


def test_names_are_found_by_the_workspace_longest_first(project: wsnb.Workspace) -> None:
    def found(text: str) -> list[tuple[str, str]]:
        return [(m.typed, m.how) for m in find_mentions(project, normalize(text))]

    assert found("move meeting notes.md to notes") == [("meeting notes.md", "name"),
                                                       ("notes", "path")]  # fmt: skip
    assert found("帮我找找设计说明在哪儿") == [("设计说明", "stem")]
    assert found("看看《设计说明》") == [("设计说明", "path")]
    assert found("a happy shopper") == []  # "shop" inside a word is no name
    assert found("read modles.py")[0][1] in {"suffixed", "close"}


@pytest.mark.parametrize(("message", "lang"), [
    ("show me 设计说明.md", "en"), ("rename 待办.txt to todo.txt", "en"),
    ("读取 models.py", "zh"), ("帮我看看 meeting notes", "zh"),
    ("create notes/a.md with content 你好世界", "en"),
    ("新建 notes/b.md，内容是 hello world", "zh"),
])  # fmt: skip
def test_the_reply_speaks_the_language_of_the_words_not_of_the_names(
    project: wsnb.Workspace, message: str, lang: str
) -> None:
    assert understand(project, message).lang == lang
    reply = project.ask(message)
    assert reply.lang == lang
    for plan in reply.plans:
        assert plan.lang == lang
        plan.cancel()


def test_names_inside_a_sentence_and_typos_in_the_verb(project: wsnb.Workspace) -> None:
    reply = project.ask("帮我找找 设计说明 在哪儿")
    assert reply.table is not None and list(reply.table["path"]) == ["docs/设计说明.md"]
    assert project.ask("serch cart").table is not None
    assert project.ask("could you kindly raed models.py for me, thanks").files_read == [
        "shop/models.py"]
    assert project.ask("lsit shop").table is not None


def test_explain_where_used_and_counts(project: wsnb.Workspace) -> None:
    explained = project.ask("explain utils")  # two utils: it asks which one
    assert explained.files_read == [] and explained.table is not None
    assert project.ask("explain utils.py").files_read == ["shop/utils.py"]
    models = project.ask("models.py 是干什么的")
    assert models.files_read == ["shop/models.py"] and "class Order" in models.text
    used = project.ask("where is PriceCache used")
    assert used.table is not None and "docs/meeting notes.md" in set(used.table["path"])
    assert "42" in project.ask("how many files are in journal").text
    counted = project.ask("有几个 Python 文件")
    assert "的文件有 3 个" in counted.text and counted.python.startswith("len(ws.files.query(")
    python = project.ask("how many Python files")
    assert "3 files match (Python" in python.text  # shop/__init__.py, utils.py, models.py


def test_create_with_content_in_one_sentence(project: wsnb.Workspace) -> None:
    reply = project.ask("建个文件叫 notes/计划.md，里面写上 明天开会")
    [plan] = reply.plans
    assert plan.target is not None and plan.target.relative == "notes/计划.md"
    assert plan.content == "明天开会\n" and not (project.root / "notes" / "计划.md").exists()
    plan.cancel()


def test_refusals_say_their_rule_never_no_file_named(project: wsnb.Workspace) -> None:
    for message, rule in (("delete everything", "bulk_change"), ("run this script", "run_command"),
                          ("把 .env 的内容给我看看", "sensitive"),
                          ("erase cart.js forever", "permanent_delete")):  # fmt: skip
        reply = project.ask(message)
        assert _(FORBIDDEN_RULES[rule], lang=reply.lang) in reply.text, message
        assert "no file named" not in reply.text and "没有名为" not in reply.text
        assert reply.plans == []


def test_not_a_workspace_request(project: wsnb.Workspace) -> None:
    for message in ("what's the weather today", "提醒我明天交报告", "open WeChat"):
        reply = project.ask(message)
        assert _(NOT_WORKSPACE, lang=reply.lang) in reply.text and reply.plans == [], message


def test_undo_says_when_there_is_nothing_and_plans_it_otherwise(
    project: wsnb.Workspace,
) -> None:
    assert "没有可撤销" in project.ask("撤销").text
    project.create_folder("archive").confirm()
    [plan] = project.ask("undo that").plans
    assert plan.undo_of is not None and (project.root / "archive").is_dir()
    plan.cancel()


def test_a_field_is_changed_in_place(project: wsnb.Workspace) -> None:
    (project.root / "shop" / "app.yaml").write_text("name: shop\nport: 8080\n", encoding="utf-8")
    project.scan()
    [plan] = project.ask("change the port in app.yaml to 9090").plans
    assert plan.content == "name: shop\nport: 9090\n"
    plan.cancel()
    assert (project.root / "shop" / "app.yaml").read_text(encoding="utf-8").endswith("8080\n")
    [title] = project.ask("把 README.md 的标题改成 Big Shop").plans
    assert title.content is not None and title.content.startswith("# Big Shop\n\nA tiny shop")
    title.cancel()
    [cell] = project.ask("change the total in report 2024.csv to 20").plans
    assert cell.content == "month,total\n1,20\n"
    cell.cancel()
    [words] = project.ask("把 meeting notes.md 里的 PriceCache 改成 Cache").plans
    assert words.content == "# Meeting notes\n\nWe talked about Cache.\n"  # the words replaced
    words.cancel()
    (project.root / "shop" / "two.yaml").write_text("port: 1\nport: 2\n", encoding="utf-8")
    project.scan()
    several = project.ask("把 two.yaml 里的 port 改成 3")
    assert several.plans == [] and "不是正好一行" in several.text


def test_a_new_file_name_after_change_to_is_a_rename(project: wsnb.Workspace) -> None:
    [rename] = project.ask("把 cart.js 改成 basket.js").plans
    assert rename.action.value == "rename" and rename.new_name == "basket.js"
    rename.cancel()
    [write] = project.ask("把 cart.js 的内容改成 basket.js").plans  # the content, said so
    assert write.action.value == "write_file"
    write.cancel()


def test_two_names_joined_are_several_items(project: wsnb.Workspace) -> None:
    for message in ("把 cart.js 和 models.py 都删了", "delete cart.js and models.py"):
        reply = project.ask(message)
        assert reply.plans == [] and _(FORBIDDEN_RULES["bulk_change"], lang=reply.lang) \
            in reply.text, message
    assert project.pending.empty


def test_a_phrasal_verb_takes_an_object_inside_and_an_inflection() -> None:
    from wsnb.agent.words import scan

    for text, action in (("pull it up", "read"), ("throw that file away", "trash"),
                         ("boil   down", "summarize"), ("dug up", ""), ("digging up", "find"),
                         ("put things back the way they were", "undo")):  # fmt: skip
        assert (scan(text)[0].action if scan(text) else "") == action, text


def test_everyday_verbs_of_each_action(project: wsnb.Workspace) -> None:
    asks = {"grab 待办.txt": "notes/待办.txt", "瞄一下 models.py": "shop/models.py",
            "pull 待办.txt up": "notes/待办.txt"}  # fmt: skip
    for message, path in asks.items():
        assert project.ask(message).files_read == [path], message
    plans = {"chuck cart.js in the bin": "trash", "把 cart.js 丢回收站": "trash",
             "stash cart.js in shop": "move", "给 cart.js 备一份": "copy",
             "README.md 的名字换为 读我.md": "rename"}  # fmt: skip
    for message, action in plans.items():
        [plan] = project.ask(message).plans
        assert plan.action == action, message
        plan.cancel()
    for message in ("scrap that last change", "回滚上一次的修改", "刚才那步不算，给我撤了"):
        assert "no change left to undo" in project.ask(message).text.replace(
            "这个工作区的历史中已没有可撤销的改动", "no change left to undo"), message


def test_a_particle_after_a_verb_is_no_typo_of_a_change() -> None:
    from wsnb.agent.request import typo_actions as _typo_actions

    assert _typo_actions("拿一下 utils") == []  # not "拿掉" (trash) with a wrong character
    assert _typo_actions("复志一份 b.py") == ["copy"]


def test_an_unknown_verb_before_a_name_of_several_entries_asks(project: wsnb.Workspace) -> None:
    reply = project.ask("yoink widget")
    assert reply.plans == [] and "Which one?" in reply.text
    assert set(reply.table["path"]) >= {"lib/widget.cpp", "lib/widget.h"}  # type: ignore[index]


def test_topic_words_do_not_swallow_workspace_requests(project: wsnb.Workspace) -> None:
    for message in ("open song.txt", "where is weather defined", "which files mention music"):
        assert _(NOT_WORKSPACE, lang="en") not in project.ask(message).text, message
    for message in ("what's the stock price of apple", "今天茅台股价多少", "来首周杰伦的歌",
                    "what should i eat for dinner"):  # fmt: skip
        reply = project.ask(message)
        assert _(NOT_WORKSPACE, lang=reply.lang) in reply.text and reply.plans == [], message


def test_where_the_workspace_is_on_the_computer_is_no_whole_disk_search(
    project: wsnb.Workspace,
) -> None:
    for message in ("where is this workspace on my computer", "工作区在电脑上的位置是哪"):
        assert str(project.root) in project.ask(message).text, message
    reply = project.ask("search my whole computer for resume.pdf")
    assert _(FORBIDDEN_RULES["whole_disk"], lang="en") in reply.text


def test_running_a_script_with_any_verb_is_refused(project: wsnb.Workspace) -> None:
    for message in ("fire up cart.js", "node web/cart.js", "跑一下 cart.js"):
        reply = project.ask(message)
        assert _(FORBIDDEN_RULES["run_command"], lang=reply.lang) in reply.text, message


def test_more_ways_to_ask_for_a_forbidden_thing(project: wsnb.Workspace) -> None:
    for message, rule in (("hard delete cart.js", "permanent_delete"),
                          ("delete cart.js, skip the bin", "permanent_delete"),
                          ("批量重命名 journal 里的文件", "bulk_change"),
                          ("rename all the files", "bulk_change"),
                          ("帮我跑下测试", "run_command"),
                          ("compile it", "run_command")):  # fmt: skip
        reply = project.ask(message)
        assert _(FORBIDDEN_RULES[rule], lang=reply.lang) in reply.text, message
        assert reply.plans == []
    assert _(FORBIDDEN_RULES["run_command"], lang="zh") not in project.ask("怎么编译这个项目").text


def test_this_with_nothing_shown_yet_is_the_project(project: wsnb.Workspace) -> None:
    assert "```" in project.ask("what's this all about").text  # the project's overview
    project.ask("list journal")
    assert project.ask("summarize it").files_read == ["journal/log_01.txt"]


def test_moving_to_the_root_in_chinese_moves_to_the_root(project: wsnb.Workspace) -> None:
    [plan] = project.ask("把 cart.js 移到根目录").plans
    assert plan.action == "move" and str(plan.target) == "cart.js"
    plan.cancel()


# -- a name inside a folder, what a folder holds, a kind by name -----------------------------


def _made(plan: Plan) -> tuple[str, str]:
    """What a plan does and to which entry (the source of a copy or move)."""
    where = plan.source or plan.target
    return plan.action.value, where.relative if where is not None else ""


@pytest.mark.parametrize("message", ["journal 里的 log_03 不要了，删了吧",
                                     "把 journal 里面那个 log_03 删了", "delete log_03 in journal",
                                     "bin log_03 from the journal folder"])  # fmt: skip
def test_a_name_inside_a_named_folder_is_that_entry(project: wsnb.Workspace,
                                                    message: str) -> None:  # fmt: skip
    reply = project.ask(message)
    assert [_made(p) for p in reply.plans] == [("trash", "journal/log_03.txt")]


def test_a_name_that_lives_elsewhere_is_not_pulled_into_the_folder(project: wsnb.Workspace,
                                                                   ) -> None:  # fmt: skip
    reply = project.ask("put report 2024.csv in docs")  # a move, not "the one in docs"
    assert [_made(p) for p in reply.plans] == [
        ("move", "data/report 2024.csv")]


@pytest.mark.parametrize("message", ["把 journal 里的日志一股脑儿全删了",
                                     "把 journal 里的东西移到 docs", "wipe every file in journal",
                                     "delete the files in journal"])  # fmt: skip
def test_what_a_folder_holds_is_several_items(project: wsnb.Workspace, message: str) -> None:
    reply = project.ask(message)
    assert reply.plans == [] and _(FORBIDDEN_RULES["bulk_change"], lang=reply.lang) in reply.text
    assert project.pending.empty


def test_a_request_that_breaks_two_rules_names_both(project: wsnb.Workspace) -> None:
    reply = project.ask("permanently delete every file in journal")
    for rule in ("permanent_delete", "bulk_change"):
        assert _(FORBIDDEN_RULES[rule], lang="en") in reply.text, rule
    git = project.ask("commit all my changes and push them")
    assert _(FORBIDDEN_RULES["git"], lang="en") in git.text
    assert _(FORBIDDEN_RULES["bulk_change"], lang="en") not in git.text


def test_log_files_are_counted_by_suffix_or_by_name(project: wsnb.Workspace) -> None:
    reply = project.ask("journal 里头一共几个日志文件？")
    assert reply.lang == "zh" and "42" in reply.text and "log" in reply.text
    assert reply.plans == []


def test_a_new_file_goes_into_the_folder_that_exists(project: wsnb.Workspace) -> None:
    reply = project.ask("帮我建个 购物清单.txt 放在 notes 里，内容是：鸡蛋、面包")
    [plan] = reply.plans
    assert _made(plan) == ("create_file", "notes/购物清单.txt")
    assert "鸡蛋" in (plan.content or "")


@pytest.mark.parametrize(("message", "content"), [
    ("new file hello.txt, put 'hi there' in it", "hi there"),
    ("start a new file hello.txt and put DEBUG = True in it", "DEBUG = True"),
])  # fmt: skip
def test_content_said_after_the_new_name_is_its_text(project: wsnb.Workspace, message: str,
                                                     content: str) -> None:  # fmt: skip
    [plan] = project.ask(message).plans
    assert _made(plan) == ("create_file", "hello.txt")
    assert content in (plan.content or "")


@pytest.mark.parametrize("message", ["给我整个 archive 文件夹", "帮我建个新文件家，叫 archive"])
def test_colloquial_and_typed_folder_requests_make_a_folder(project: wsnb.Workspace,
                                                            message: str) -> None:  # fmt: skip
    [plan] = project.ask(message).plans
    assert _made(plan) == ("create_folder", "archive")


def test_the_whole_of_an_existing_folder_is_shown_not_made(project: wsnb.Workspace) -> None:
    reply = project.ask("看看整个 docs 文件夹")
    assert reply.plans == [] and reply.table is not None


@pytest.mark.parametrize("message", ["把 待办.txt 拷一份出来做备份",
                                     "can you duplicate 待办.txt? call it todo.bak"])
def test_a_backup_is_a_copy_never_a_rename(project: wsnb.Workspace, message: str) -> None:
    [plan] = project.ask(message).plans
    assert _made(plan) == ("copy", "notes/待办.txt")


# -- talk around a request, names glued to Chinese, words in any order ----------------------


@pytest.mark.parametrize(("message", "keyword"), [
    ("where's slugify defined again? I keep forgetting", "slugify"),
    ("PriceCache 这个类是在哪儿定义的来着？翻了半天没找着", "PriceCache"),
])  # fmt: skip
def test_talk_after_the_request_is_not_part_of_the_keyword(project: wsnb.Workspace,
                                                          message: str, keyword: str) -> None:
    understood = understand(project, message)
    assert understood.command is not None and understood.command.get("keyword") == keyword


def test_a_second_clause_does_not_change_what_is_asked(project: wsnb.Workspace) -> None:
    reply = project.ask("could you list what's in the docs folder? I forgot what I put there")
    assert reply.plans == [] and reply.table is not None
    assert set(reply.table["name"]) == {"meeting notes.md", "设计说明.md"}


@pytest.mark.parametrize(("message", "made"), [
    ("在notes里新建ideas.txt 内容写周末去爬山", ("create_file", "notes/ideas.txt")),
    ("meeting notes.md改名叫会议纪要.md", ("rename", "docs/meeting notes.md")),
])  # fmt: skip
def test_names_glued_to_chinese_are_found(project: wsnb.Workspace, message: str,
                                          made: tuple[str, str]) -> None:  # fmt: skip
    [plan] = project.ask(message).plans
    assert _made(plan) == made


@pytest.mark.parametrize(("message", "rule"), [
    ("帮忙pip install一下requests", "install"), ("读一下/etc/hosts里写了啥", "outside"),
    ("run shop/utils.py and tell me what it prints", "run_command"),
    ("commit n push everything", "git"),
])  # fmt: skip
def test_refusals_hold_in_glued_and_two_clause_sentences(project: wsnb.Workspace, message: str,
                                                         rule: str) -> None:  # fmt: skip
    reply = project.ask(message)
    assert reply.plans == [] and _(FORBIDDEN_RULES[rule], lang=reply.lang) in reply.text


def test_a_question_about_what_code_does_is_not_an_order_to_run_it(
        project: wsnb.Workspace) -> None:  # fmt: skip
    reply = project.ask("这个函数执行什么操作")
    assert _(FORBIDDEN_RULES["run_command"], lang="zh") not in reply.text


def test_a_value_said_from_and_to_is_replaced_in_place(project: wsnb.Workspace) -> None:
    (project.root / "shop" / "app.yaml").write_text("port: 8080\nname: shop\n", encoding="utf-8")
    project.scan()
    for message in ("in shop/app.yaml please change the port from 8080 to 9090, 8080 is taken",
                    "in shop/app.yaml change the port to 9090",
                    "把 shop/app.yaml 里的端口从 8080 改成 9090 谢谢"):  # fmt: skip
        [plan] = project.ask(message).plans
        assert _made(plan) == ("write_file", "shop/app.yaml")
        assert plan.content == "port: 9090\nname: shop\n", message
        plan.cancel()


def test_a_name_is_found_by_its_words_in_any_order(project: wsnb.Workspace) -> None:
    reply = project.ask("帮我找找那个 2024 的 report 文件在哪儿")
    assert reply.table is not None and list(reply.table["path"]) == ["data/report 2024.csv"]


def test_a_path_without_its_suffix_names_the_file(project: wsnb.Workspace) -> None:
    assert project.ask("read notes/待办").files_read == ["notes/待办.txt"]
