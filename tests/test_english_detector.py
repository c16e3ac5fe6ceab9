"""The detector the Chinese browser test relies on: English sentences found, code left alone."""

from __future__ import annotations

from english import english_sentences, english_words


def test_file_names_paths_and_code_are_not_english() -> None:
    texts = [
        "找到 1 个文件名匹配 `README` 的文件。",
        "`src` 里有 3 项。",
        "README.md\tsrc/main.cpp\tis_dir\tFalse\t540",
        "连接模型：ws.agent.connect(base_url, model=...)，或设置 WSNB_LLM_BASE_URL。",
        "confirm(strong=True) 或 confirm(typed_name='docs')",
        "README.md (utf-8, LF, 22 lines)",
        "wsnb 从不永久删除；Python 和 JavaScript 文件",
        "计划 4e47a5：新建文件 notes/todo.md",
        "计划 ffabee：新建文件夹 drafts",
    ]
    assert english_sentences(texts) == []


def test_english_sentences_and_labels_are_found() -> None:
    texts = [
        "计划 82fd1c：Create file notes/待办.md。确认后才会执行。",
        "✓ Created notes/todo.md (8 bytes).",
        "mode: offline",
        "target\tnotes/todo.md\nnew folders\tnotes",
        "规则：wsnb never deletes permanently: use trash()",
        "the workspace root 里有 20 项",
        "RISK: MEDIUM",
    ]
    assert english_sentences(texts) == [
        "Create file notes/",  # the stretch ends at the Chinese file name
        "Created notes/todo.md (8 bytes).",
        "mode: offline",
        "new folders",
        "wsnb never deletes permanently: use trash()",
        "the workspace root",
        "RISK: MEDIUM",
    ]


def test_words_are_plain_words_only() -> None:
    assert english_words("Moved docs to the trash.") == ["Moved", "docs", "to", "the", "trash"]
    assert english_words("can't (rule outside-workspace)") == ["can't", "rule"]
    assert english_words("Note: x_y a/b f(x) UTF LF 8 README DONE") == ["Note", "DONE"]
