"""Text search on small real trees: matches, encodings, skips and limits."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest

from wsnb.errors import UsageError
from wsnb.policy.access import AccessPolicy
from wsnb.search.grep import GREP_COLUMNS, MAX_BYTES, SNIPPET_CHARS, grep


def make_files(root: Path, files: dict[str, str | bytes]) -> list[str]:
    """Write ``files`` under ``root``; return their relative paths in the given order."""
    for relative, content in files.items():
        target = root / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, str):
            target.write_bytes(content.encode("utf-8"))
        else:
            target.write_bytes(content)
    return list(files)


@pytest.fixture()
def ws(tmp_path: Path) -> Path:
    root = tmp_path / "ws"
    root.mkdir()
    return root


def search(root: Path, files: dict[str, str | bytes], pattern: str, **options: Any) -> pd.DataFrame:
    candidates = make_files(root, files)
    return grep(AccessPolicy(root), candidates, pattern, **options)


CPP_TREE: dict[str, str | bytes] = {
    "src/main.cpp": '#include <iostream>\n#include "shape.h"\n\nint main() {\n'
    "    Shape s;\n    return 0;\n}\n",
    "src/shape.h": "#pragma once\n#include <string>\n\nclass Shape {\npublic:\n"
    "    std::string name;\n};\n",
    "README.md": "A tiny project.\n",
}


def test_finds_include_in_cpp_and_header_in_candidate_order(ws: Path) -> None:
    frame = search(ws, CPP_TREE, "include")
    assert list(frame.columns) == GREP_COLUMNS
    assert list(frame["path"]) == ["src/main.cpp", "src/main.cpp", "src/shape.h"]
    assert list(frame["line"]) == [1, 2, 2]
    assert frame["text"].iloc[0] == "#include <iostream>"
    assert frame.attrs["files_scanned"] == 3


def test_finds_class_in_the_header_only(ws: Path) -> None:
    frame = search(ws, CPP_TREE, "class")
    assert list(frame["path"]) == ["src/shape.h"]
    assert (frame["line"].iloc[0], frame["column"].iloc[0]) == (4, 1)
    assert frame["text"].iloc[0] == "class Shape {"


def test_line_and_column_are_exact_and_one_row_per_line(ws: Path) -> None:
    frame = search(ws, {"a.txt": "first\n  xyz then xyz\n\nlast xyz"}, "xyz")
    assert list(frame["line"]) == [2, 4]
    assert list(frame["column"]) == [3, 6]
    assert list(frame["text"]) == ["  xyz then xyz", "last xyz"]


def test_column_counts_characters_not_bytes(ws: Path) -> None:
    frame = search(ws, {"a.md": "中文说明 keyword\n"}, "keyword")
    assert frame["column"].iloc[0] == 6


def test_chinese_keyword_in_utf8_and_gbk_files(ws: Path) -> None:
    files: dict[str, str | bytes] = {
        "docs/使用指南.md": "# 使用指南\n\n本文介绍如何安装。\n",
        "docs/legacy.txt": "第一行\n旧的使用指南在这里。\n".encode("gbk"),
        "docs/other.txt": "nothing here\n",
    }
    frame = search(ws, files, "使用指南")
    assert list(frame["path"]) == ["docs/使用指南.md", "docs/legacy.txt"]
    assert list(frame["line"]) == [1, 2]
    assert frame["text"].iloc[1] == "旧的使用指南在这里。"
    assert frame["column"].iloc[1] == 3


def test_missing_keyword_gives_an_empty_frame_with_the_right_shape(ws: Path) -> None:
    frame = search(ws, CPP_TREE, "no-such-word")
    assert frame.empty
    assert list(frame.columns) == GREP_COLUMNS
    assert str(frame["line"].dtype) == "int64"
    assert str(frame["column"].dtype) == "int64"
    assert frame.attrs["truncated"] is False
    assert frame.attrs["files_scanned"] == 3


def test_case_insensitive_by_default_and_case_sensitive_on_request(ws: Path) -> None:
    files: dict[str, str | bytes] = {"a.txt": "Hello\nhello\nHELLO\nhelp\n"}
    loose = search(ws, files, "hello")
    assert list(loose["line"]) == [1, 2, 3]
    strict = grep(AccessPolicy(ws), ["a.txt"], "HELLO", case=True)
    assert list(strict["line"]) == [3]
    assert loose.attrs["case"] is False and strict.attrs["case"] is True


def test_case_insensitive_non_ascii_letters(ws: Path) -> None:
    frame = search(ws, {"a.txt": "x\nÜBER alles\n"}, "über")
    assert list(frame["line"]) == [2]


def test_case_insensitive_ascii_needle_in_a_gbk_file(ws: Path) -> None:
    files: dict[str, str | bytes] = {"g.txt": "标题\n调用 MainWindow 类\n".encode("gbk")}
    frame = search(ws, files, "mainwindow")
    assert list(frame["line"]) == [2]
    assert frame["text"].iloc[0] == "调用 MainWindow 类"


def test_regex_search(ws: Path) -> None:
    files: dict[str, str | bytes] = {
        "app/main.py": "import sys\n\ndef main():\n    pass\n\ndef helper(x):\n    return x\n",
    }
    frame = search(ws, files, r"^def \w+\(", regex=True)
    assert list(frame["line"]) == [3, 6]
    assert frame.attrs["regex"] is True


def test_regex_matches_across_the_whole_text_with_line_anchors(ws: Path) -> None:
    frame = search(ws, {"a.txt": "end\nnot the end here\nthe end\n"}, r"end$", regex=True)
    assert list(frame["line"]) == [1, 3]
    assert list(frame["column"]) == [1, 5]


def test_invalid_regex_is_a_usage_error_quoting_the_reason(ws: Path) -> None:
    make_files(ws, {"a.txt": "x\n"})
    with pytest.raises(UsageError, match=r"not valid \(missing \)"):
        grep(AccessPolicy(ws), ["a.txt"], "(unclosed", regex=True)


def test_a_literal_search_treats_regex_characters_literally(ws: Path) -> None:
    frame = search(ws, {"a.txt": "call f(x)\nf x\n"}, "f(x)")
    assert list(frame["line"]) == [1]


def test_empty_pattern_and_bad_limits_are_usage_errors(ws: Path) -> None:
    make_files(ws, {"a.txt": "x\n"})
    policy = AccessPolicy(ws)
    with pytest.raises(UsageError, match="empty"):
        grep(policy, ["a.txt"], "")
    with pytest.raises(UsageError, match="limit"):
        grep(policy, ["a.txt"], "x", limit=0)


def test_a_lone_surrogate_finds_nothing_and_does_not_fail(ws: Path) -> None:
    frame = search(ws, {"a.txt": "text\n"}, "\ud800")
    assert frame.empty
    assert frame.attrs["files_scanned"] == 1


def test_numpy_integers_are_accepted_as_limits(ws: Path) -> None:
    frame = search(ws, {"a.txt": "hit\n" * 5}, "hit", limit=np.int64(2))
    assert len(frame) == 2


def test_a_file_over_max_bytes_is_skipped_and_listed(ws: Path) -> None:
    files: dict[str, str | bytes] = {
        "small.txt": "keyword\n",
        "big.txt": "keyword\n" + "x" * 200,
    }
    frame = search(ws, files, "keyword", max_bytes=100)
    assert list(frame["path"]) == ["small.txt"]
    assert frame.attrs["files_skipped_size"] == 1
    assert frame.attrs["skipped_large"] == ["big.txt"]


def test_default_size_limit_skips_files_over_128_kib(ws: Path) -> None:
    line = "filler line without the word\n"
    big = "needle\n" + line * (MAX_BYTES // len(line) + 1)
    frame = search(ws, {"data/large.txt": big, "ok.txt": "needle\n"}, "needle")
    assert list(frame["path"]) == ["ok.txt"]
    assert frame.attrs["skipped_large"] == ["data/large.txt"]


def test_a_binary_file_is_skipped_and_counted(ws: Path) -> None:
    files: dict[str, str | bytes] = {"assets/data.bin": b"keyword\x00\x01\x02\xff", "a.txt": "x"}
    frame = search(ws, files, "keyword")
    assert frame.empty
    assert frame.attrs["files_skipped_binary"] == 1
    assert frame.attrs["files_scanned"] == 1


def test_an_undecodable_file_is_skipped_and_counted(ws: Path) -> None:
    frame = search(ws, {"odd.txt": b"keyword \x80\xff\xfe\x81\n"}, "keyword")
    assert frame.empty
    assert frame.attrs["files_skipped_undecodable"] == 1


def test_a_sensitive_file_is_never_searched(ws: Path) -> None:
    files: dict[str, str | bytes] = {
        ".env": "API_KEY=keyword\n",
        "config/secrets.json": '{"keyword": 1}\n',
        "notes.txt": "keyword\n",
    }
    frame = search(ws, files, "keyword")
    assert list(frame["path"]) == ["notes.txt"]
    assert frame.attrs["files_skipped_sensitive"] == 2


def test_limit_stops_the_search_and_marks_it_truncated(ws: Path) -> None:
    files: dict[str, str | bytes] = {"a.txt": "hit\n" * 10, "b.txt": "hit\n"}
    frame = search(ws, files, "hit", limit=3)
    assert len(frame) == 3
    assert frame.attrs["truncated"] is True
    assert frame.attrs["files_not_scanned"] == 1


def test_exactly_limit_matches_is_not_truncated(ws: Path) -> None:
    frame = search(ws, {"a.txt": "hit\n" * 4}, "hit", limit=4)
    assert len(frame) == 4
    assert frame.attrs["truncated"] is False


def test_max_files_bounds_the_files_opened(ws: Path) -> None:
    files: dict[str, str | bytes] = {f"f{i}.txt": "match\n" for i in range(5)}
    frame = search(ws, files, "match", max_files=2)
    assert list(frame["path"]) == ["f0.txt", "f1.txt"]
    assert frame.attrs["files_scanned"] == 2
    assert frame.attrs["files_not_scanned"] == 3


def test_utf16_file(ws: Path) -> None:
    files: dict[str, str | bytes] = {"w.txt": "标题 title\r\nfind me here\r\n".encode("utf-16")}
    frame = search(ws, files, "me")
    assert list(frame["line"]) == [2]
    assert list(frame["column"]) == [6]
    assert frame["text"].iloc[0] == "find me here"


def test_utf16_file_with_chinese_needle(ws: Path) -> None:
    content = b"\xff\xfe" + "第一行\n使用指南\n".encode("utf-16-le")
    files: dict[str, str | bytes] = {"w.txt": content}
    frame = search(ws, files, "指南", case=True)
    assert list(frame["line"]) == [2]


def test_crlf_file_has_no_carriage_return_in_text(ws: Path) -> None:
    files: dict[str, str | bytes] = {"win.txt": b"one\r\ntwo keyword\r\nthree\r\n"}
    frame = search(ws, files, "keyword")
    assert list(frame["line"]) == [2]
    assert frame["text"].iloc[0] == "two keyword"
    anchored = grep(AccessPolicy(ws), ["win.txt"], "keyword$", regex=True)
    assert list(anchored["line"]) == [2]


def test_cr_only_file_counts_lines_at_each_carriage_return(ws: Path) -> None:
    frame = search(ws, {"mac.txt": b"one\rtwo keyword\rthree\r"}, "keyword")
    assert list(frame["line"]) == [2]
    assert frame["text"].iloc[0] == "two keyword"


def test_a_long_line_is_trimmed_around_the_match(ws: Path) -> None:
    line = "a" * 1000 + "NEEDLE" + "b" * 1000
    frame = search(ws, {"min.js": line + "\n"}, "needle")
    text = frame["text"].iloc[0]
    assert "NEEDLE" in text
    assert text.startswith("…") and text.endswith("…")
    assert len(text) == SNIPPET_CHARS + 2
    assert frame["column"].iloc[0] == 1001


def test_an_outside_path_is_refused_and_not_read(ws: Path, tmp_path: Path) -> None:
    (tmp_path / "outside.txt").write_text("keyword\n")
    make_files(ws, {"in.txt": "keyword\n"})
    frame = grep(AccessPolicy(ws), ["../outside.txt", "in.txt"], "keyword")
    assert list(frame["path"]) == ["in.txt"]
    assert frame.attrs["files_refused"] == 1


def test_a_symlinked_file_is_refused_and_not_read(ws: Path, tmp_path: Path) -> None:
    (tmp_path / "outside.txt").write_text("keyword\n")
    try:
        os.symlink(tmp_path / "outside.txt", ws / "link.txt")
    except (OSError, NotImplementedError):
        pytest.skip("This platform can't make symbolic links.")
    frame = grep(AccessPolicy(ws), ["link.txt"], "keyword")
    assert frame.empty
    assert frame.attrs["files_refused"] == 1
    assert frame.attrs["files_scanned"] == 0


def test_a_vanished_candidate_is_counted_as_unreadable(ws: Path) -> None:
    frame = grep(AccessPolicy(ws), ["gone.txt"], "keyword")
    assert frame.empty
    assert frame.attrs["files_unreadable"] == 1


def test_attrs_record_the_search(ws: Path) -> None:
    frame = search(ws, {"a.txt": "x\n"}, "x", regex=True, case=True)
    assert frame.attrs["pattern"] == "x"
    assert frame.attrs["regex"] is True
    assert frame.attrs["case"] is True


def test_a_literal_needle_with_a_line_break_matches_a_crlf_file(ws: Path) -> None:
    frame = search(ws, {"win.txt": b"intro\r\none\r\ntwo\r\n"}, "one\ntwo", case=True)
    assert list(frame["line"]) == [2]
    assert frame["text"].iloc[0] == "one"


def test_several_hits_on_a_line_give_one_row_and_later_lines_still_count(ws: Path) -> None:
    frame = search(ws, {"a.txt": "hit hit hit\nmiss\n  hit\n"}, "hit", case=True)
    assert list(frame["line"]) == [1, 3]
    assert list(frame["column"]) == [1, 3]


def test_a_regex_that_matches_empty_text_gives_one_row_per_line(ws: Path) -> None:
    frame = search(ws, {"a.txt": "ab\ncd"}, "x*", regex=True)
    assert list(frame["line"]) == [1, 2]
    assert list(frame["column"]) == [1, 1]


def test_case_sensitive_chinese_needle_in_a_gbk_file(ws: Path) -> None:
    files: dict[str, str | bytes] = {"old.txt": "第一行\n旧的使用指南在这里。\n".encode("gbk")}
    frame = search(ws, files, "使用指南", case=True)
    assert list(frame["line"]) == [2]
    assert frame["column"].iloc[0] == 3


def test_a_utf16_file_without_the_needle_is_scanned_not_binary(ws: Path) -> None:
    frame = search(ws, {"w.txt": "nothing to see\r\n".encode("utf-16")}, "needle")
    assert frame.empty
    assert frame.attrs["files_scanned"] == 1
    assert frame.attrs["files_skipped_binary"] == 0


def test_a_broken_utf16_file_is_counted_as_binary(ws: Path) -> None:
    frame = search(ws, {"w.txt": b"\xff\xfea\x00\x00\xd8"}, "a")
    assert frame.empty
    assert frame.attrs["files_skipped_binary"] == 1
    assert frame.attrs["files_scanned"] == 0


def test_every_candidate_is_counted_once(ws: Path) -> None:
    files: dict[str, str | bytes] = {
        "empty.txt": b"",
        "hit.md": "the needle\n",
        "miss.py": "nothing\n",
        "bin.dat": b"needle\x00\x01",
        "odd.txt": b"needle \x80\xff\xfe\x81\n",
        "big.txt": "needle\n" + "x" * 300,
        "api_token.txt": "needle\n",
        "run.bat": "needle\n",
    }
    frame = search(ws, files, "needle", max_bytes=200)
    attrs = frame.attrs
    assert list(frame["path"]) == ["hit.md"]
    assert attrs["files_scanned"] == 3  # empty, hit, miss
    counted = ["files_skipped_binary", "files_skipped_undecodable", "files_skipped_size",
               "files_skipped_sensitive", "files_refused"]  # fmt: skip
    assert [attrs[key] for key in counted] == [1, 1, 1, 1, 1]
    assert attrs["files_scanned"] + sum(attrs[key] for key in counted) == len(files)


# ---------------------------------------------------------------------------
# The whole answer for people: no bound, the note on screen, progress, two processes.
# ---------------------------------------------------------------------------


def test_no_limit_and_no_file_bound_return_every_match(ws: Path) -> None:
    files: dict[str, str | bytes] = {f"f{i:04d}.txt": "hit\nmiss\nhit\n" for i in range(1200)}
    frame = search(ws, files, "hit", limit=None, max_files=None)
    assert len(frame) == 2400
    assert frame.attrs["files_scanned"] == 1200
    assert frame.attrs["files_not_scanned"] == 0 and frame.attrs["truncated"] is False
    assert frame.note == "" and "Note:" not in repr(frame)


def test_a_cut_result_says_so_on_screen_and_logs_once(
    ws: Path, caplog: pytest.LogCaptureFixture
) -> None:
    files: dict[str, str | bytes] = {f"f{i}.txt": "hit\n" * 3 for i in range(10)}
    with caplog.at_level("WARNING", logger="wsnb"):
        frame = search(ws, files, "hit", limit=5, max_files=None)
    note = "stopped at 5 matches after 2 of 10 files; pass limit=None for all"
    assert frame.note == note and frame.attrs["note"] == note
    assert frame.attrs["files_searched"] == 2 and frame.attrs["files_total"] == 10
    assert repr(frame).endswith(f"Note: {note}")
    assert note in (frame._repr_html_() or "")
    assert [r.getMessage() for r in caplog.records] == [note]
    kept = frame[frame["line"] == 1].reset_index(drop=True).copy()  # filtering keeps the note
    assert kept.note == note and note in (kept._repr_html_() or "")


def test_a_sensitive_file_left_unread_is_noted_on_screen_but_not_warned(
    ws: Path, caplog: pytest.LogCaptureFixture
) -> None:
    files: dict[str, str | bytes] = {".env": "hit\n", "a.txt": "hit\n"}
    with caplog.at_level("WARNING", logger="wsnb"):
        frame = search(ws, files, "hit", limit=None, max_files=None)
    assert list(frame["path"]) == ["a.txt"]
    assert "1 file was left out as sensitive by name (rule in brackets): .env (env-file)" \
        in frame.note and "skipped" not in frame.note
    assert caplog.records == []  # every search of a project with a .env would warn otherwise


def test_skipped_and_unsearched_files_are_in_the_note(ws: Path) -> None:
    files: dict[str, str | bytes] = {
        ".env": "hit\n", "big.txt": "hit\n" + "x" * 300, "bin.dat": b"hit\x00\x01",
        "a.txt": "hit\n", "b.txt": "hit\n", "c.txt": "hit\n",
    }  # fmt: skip
    frame = search(ws, files, "hit", max_bytes=100, max_files=4)
    assert frame.attrs["files_not_scanned"] == 1  # the sensitive file was never opened
    assert "searched 5 of 6 files (max_files=4); pass max_files=None for all" in frame.note
    assert frame.attrs["files_skipped_binary"] == 1  # counted, not noted: it holds no lines
    assert "1 file skipped (1 too big)" in frame.note
    assert "1 file was left out as sensitive by name" in frame.note
    assert "larger max_bytes (now 100)" in frame.note


def test_progress_is_called_in_bounded_steps_up_to_the_total(ws: Path) -> None:
    files: dict[str, str | bytes] = {f"d/f{i:05d}.txt": "x\n" for i in range(1000)}
    calls: list[tuple[int, int]] = []
    search(ws, files, "x", limit=None, max_files=None, workers=1,
           progress=lambda done, total: calls.append((done, total)))  # fmt: skip
    assert 2 <= len(calls) <= 101
    assert calls[-1] == (1000, 1000)
    assert [done for done, _ in calls] == sorted({done for done, _ in calls})


@pytest.mark.parametrize(("limit", "max_files"), [(None, None), (7, None), (300, None),
                                                  (700, None), (None, 5000), (None, 400),
                                                  (300, 400), (None, 1), (None, 1001)])  # fmt: skip
def test_two_processes_find_the_same_rows_and_counts_as_one(
    ws: Path, monkeypatch: pytest.MonkeyPatch, limit: int | None, max_files: int | None
) -> None:
    import wsnb.search.parallel as parallel

    files: dict[str, str | bytes] = {
        f"d{i % 7}/f{i:05d}.txt": ("hit\n" if i % 3 else "none\n") * (i % 4) for i in range(1000)
    }
    files["d0/.env"] = "hit\n"
    files["d1/big.txt"] = "hit\n" * 100
    candidates = make_files(ws, files)
    policy = AccessPolicy(ws)
    options: dict[str, Any] = {"limit": limit, "max_files": max_files, "max_bytes": 200}
    one = grep(policy, candidates, "hit", workers=1, **options)
    monkeypatch.setattr(parallel, "PARALLEL_MIN_FILES", 10)
    pools: list[int] = []
    started = parallel._run_parallel
    monkeypatch.setattr(parallel, "_run_parallel", lambda *a: pools.append(1) or started(*a))
    calls: list[int] = []
    two = grep(policy, candidates, "hit", workers=2, progress=lambda d, t: calls.append(d),
               **options)  # fmt: skip
    pd.testing.assert_frame_equal(pd.DataFrame(one), pd.DataFrame(two))
    assert one.attrs == two.attrs
    assert calls and calls[-1] == two.attrs["files_searched"]
    # A bound of at least PARALLEL_MIN_FILES files is worth the second process too.
    assert pools == ([] if max_files == 1 else [1])


def test_two_processes_report_progress_that_only_grows(
    ws: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """This process counts its own blocks first, then the merge counts all blocks in order:
    a person's bar never goes back, and the last call is the true count."""
    import wsnb.search.parallel as parallel

    files: dict[str, str | bytes] = {f"d{i % 5}/f{i:05d}.txt": "hit\n" * (i % 3)
                                     for i in range(3000)}  # fmt: skip
    candidates = make_files(ws, files)
    monkeypatch.setattr(parallel, "PARALLEL_MIN_FILES", 10)
    for limit in (None, 500):
        calls: list[int] = []
        found = grep(AccessPolicy(ws), candidates, "hit", workers=2, limit=limit,
                     max_files=None, progress=lambda done, _total, seen=calls: seen.append(done))
        assert calls[-1] == found.attrs["files_searched"]
        assert calls[:-1] == sorted(set(calls[:-1]))


REGEX_FILES: dict[str, str | bytes] = {
    "a.py": "def parse_x_Config(a):\n    return PARSE_y_CONFIG(b)\n",
    "k.txt": "the \u212aelvin sign and the long \u017f: parse_Config( here\n",
    "gb.txt": "工作区 parseOneConfig(\n".encode("gb18030"),
    "crlf.txt": b"one\r\nparse_two_Config(\r\n",
    "u16.txt": "parse_w_Config(\n".encode("utf-16"),
    "none.txt": "nothing to see\n",
}


@pytest.mark.parametrize(
    ("pattern", "case"),
    [(r"parse\w+Config\(", True), (r"parse\w+Config\(", False), (r"(?i)\u212aelvin", True),
     (r"long ſ", False), (r"LONG S", False), (r"工作区 \w+", True), (r"two_Config\($", True),
     (r"(parse)_(x|y)", False)],
)  # fmt: skip
def test_a_regex_pre_check_never_drops_a_match(ws: Path, pattern: str, case: bool) -> None:
    import re

    from wsnb.disk.textio import decode_bytes

    frame = search(ws, REGEX_FILES, pattern, regex=True, case=case)
    compiled = re.compile(pattern, re.MULTILINE | (0 if case else re.IGNORECASE))
    expected = []
    for path in REGEX_FILES:
        text, _ = decode_bytes((ws / path).read_bytes())
        for number, line in enumerate(text.replace("\r\n", "\n").split("\n"), start=1):
            if compiled.search(line):
                expected.append((path, number))
    assert list(zip(frame["path"], frame["line"], strict=True)) == expected
    assert expected  # every pattern here finds something


def test_a_file_below_a_linked_folder_is_refused_and_not_read(ws: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    (outside / "deep").mkdir(parents=True)
    (outside / "deep" / "secret.txt").write_text("hit\n")
    make_files(ws, {"real/deep/a.txt": "hit\n"})
    try:
        os.symlink(outside, ws / "real" / "linked")
    except OSError:
        pytest.skip("symlinks can't be made here")
    candidates = ["real/deep/a.txt", "real/linked/deep/secret.txt", "real/linked/x.txt"]
    frame = grep(AccessPolicy(ws), candidates, "hit")
    assert list(frame["path"]) == ["real/deep/a.txt"]
    assert frame.attrs["files_refused"] == 2


def test_a_file_named_like_an_image_is_judged_by_its_head(ws: Path) -> None:
    png = b"\x89PNG\r\n\x1a\n\x00\x00" + b"hit" + b"x" * 20_000
    files: dict[str, str | bytes] = {"real.png": png, "text.png": "hit\n" + "y\n" * 9000,
                                     "small.png": "hit\n"}  # fmt: skip
    frame = search(ws, files, "hit", limit=None, max_files=None)
    assert list(frame["path"]) == ["text.png", "small.png"]
    assert frame.attrs["files_skipped_binary"] == 1 and frame.note == ""


def test_case_blind_literal_gives_the_same_columns_in_ascii_and_other_text(ws: Path) -> None:
    files: dict[str, str | bytes] = {"a.txt": "x = 1\n  ParseConfig(HELLO)\nnone\nhello\n",
                                     "u.txt": "Ünï ParseConfig(hElLo)\nİ hello\n"}  # fmt: skip
    frame = search(ws, files, "hello", limit=None)
    assert list(zip(frame["path"], frame["line"], frame["column"], strict=True)) == [
        ("a.txt", 2, 15), ("a.txt", 4, 1), ("u.txt", 1, 17), ("u.txt", 2, 3)]


def test_per_file_keeps_a_share_of_each_file_and_counts_the_rest(tmp_path: Path) -> None:
    import wsnb

    ws = wsnb.open_workspace(wsnb.copy_sample_workspace(tmp_path / "sample"))
    every = ws.grep("widget", limit=None)
    large = every[every["path"] == "data/large.txt"]
    assert len(large) > 40  # without a share, one file fills a capped answer
    shared = ws.grep("widget", limit=50, per_file=5)
    assert {"src/widget.cpp", "src/widget.h", "src/main.cpp"} <= set(shared["path"])
    assert len(shared) == 50  # the room the others left goes back to the big file
    kept = shared[shared["path"] == "data/large.txt"]
    assert kept["line"].tolist() == large["line"][: len(kept)].tolist()
    more = shared.attrs["more_in_file"]
    assert more["data/large.txt"] == len(large) - len(kept)  # a true count, not a cap
    assert all(count == (every["path"] == path).sum() - (shared["path"] == path).sum()
               for path, count in more.items())  # fmt: skip
    assert shared.attrs["lines_not_shown"] == len(every) - 50
    assert f"{len(every) - 50:,} more matching lines in {len(more)} files not shown" in shared.note
    assert shared["path"].tolist() == sorted(shared["path"], key=every["path"].tolist().index)
    no_limit = ws.grep("widget", limit=None, per_file=5)
    assert no_limit["path"].value_counts().max() == 5
    assert no_limit.attrs["lines_not_shown"] == len(every) - len(no_limit)


def test_per_file_counts_regex_matches_once_per_line(root: Path) -> None:
    (root / "a.txt").write_text("ab ab\nab\nno\nab ab ab\n", encoding="utf-8")
    found = grep(AccessPolicy(root), ["a.txt"], "a.", regex=True, per_file=1, limit=None)
    assert found["line"].tolist() == [1] and found.attrs["more_in_file"] == {"a.txt": 2}
    filled = grep(AccessPolicy(root), ["a.txt"], "a.", regex=True, per_file=1, limit=2)
    assert filled["line"].tolist() == [1, 2] and filled.attrs["more_in_file"] == {"a.txt": 1}
    with pytest.raises(UsageError):
        grep(AccessPolicy(root), ["a.txt"], "ab", per_file=0)


def test_an_alternation_is_prechecked_by_each_branchs_text_and_finds_every_match(ws: Path,
                                                                                 ) -> None:
    from wsnb.search.matcher import compile_pattern

    pattern = r"\bclass[ \t]+Shape\b|\bdef[ \t]+shape_area\b|#define[ \t]+SHAPE_MAX\b"
    matcher = compile_pattern(pattern, regex=True, case=True)
    assert set(matcher.needles) == {b"class", b"shape_area", b"SHAPE_MAX"}  # one per branch
    files: dict[str, str | bytes] = {
        **CPP_TREE, "geo.py": "def shape_area(s):\n    return 0\n",
        "limits.h": "#define SHAPE_MAX 8\n", "other.py": "class Circle:\n    pass\n",
    }
    frame = search(ws, files, pattern, regex=True, case=True)
    assert sorted(frame["path"]) == ["geo.py", "limits.h", "src/shape.h"]
    assert compile_pattern(r"ab|\d+", regex=True, case=True).needles == ()  # a branch with none
