"""The system trash, for real: files go to the temporary home's trash and come back."""

from __future__ import annotations

import logging
import os
import pwd
import shutil
import sys
import uuid
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path
from urllib.parse import unquote

import pytest

from wsnb.disk.trash import Trash, TrashRecord
from wsnb.errors import ConflictError, NotFoundError, TrashError, UsageError
from wsnb.policy.access import AccessPolicy, WsPath

pytestmark = pytest.mark.skipif(
    sys.platform in {"darwin", "win32"}, reason="reads the freedesktop trash"
)


@pytest.fixture
def trash() -> Trash:
    return Trash()


def make(root: Path, relative: str, text: str = "hello\n") -> Path:
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def info_path_value(record: TrashRecord) -> str:
    assert record.info is not None
    for line in Path(record.info).read_text(encoding="utf-8").splitlines():
        if line.startswith("Path="):
            return line[len("Path=") :]
    raise AssertionError("the .trashinfo has no Path= line")


def home_trash_listing(test_home: Path) -> set[str]:
    trash = test_home / ".local" / "share" / "Trash"
    return {str(p.relative_to(trash)) for p in trash.rglob("*")} if trash.exists() else set()


# -- where the trash is --------------------------------------------------------


def test_the_trash_used_is_under_the_temporary_home(
    root: Path, policy: AccessPolicy, trash: Trash, test_home: Path
) -> None:
    make(root, "where.txt")
    record = trash.send(policy.resolve("where.txt"))
    home_trash = test_home / ".local" / "share" / "Trash"
    assert record.info is not None and record.trashed is not None
    assert Path(record.info).is_relative_to(home_trash / "info")
    assert Path(record.trashed).is_relative_to(home_trash / "files")
    real_home = Path(pwd.getpwuid(os.getuid()).pw_dir)
    if real_home != test_home and not test_home.is_relative_to(real_home):
        assert not Path(record.info).is_relative_to(real_home)


def test_send2trash_itself_points_at_the_temporary_home(test_home: Path) -> None:
    import send2trash

    if send2trash.send2trash.__module__.endswith("plat_other"):
        from send2trash import plat_other

        assert Path(plat_other.HOMETRASH).is_relative_to(test_home)
    else:
        assert Path(os.environ["XDG_DATA_HOME"]).is_relative_to(test_home)


# -- sending -------------------------------------------------------------------


def test_send_file_moves_it_into_the_trash_with_a_record(
    root: Path, policy: AccessPolicy, trash: Trash
) -> None:
    path = make(root, "docs/report.txt", "the report\n")
    before = datetime.now().astimezone().replace(microsecond=0)
    record = trash.send(policy.resolve("docs/report.txt"))
    assert not path.exists()
    assert record.original == str(path)
    assert record.trashed is not None
    assert Path(record.trashed).read_text(encoding="utf-8") == "the report\n"
    assert unquote(info_path_value(record)) == str(path)
    assert before <= record.deleted_at <= datetime.now().astimezone() + timedelta(seconds=1)
    assert trash.contains(record)


def test_send_folder_moves_it_with_its_contents(
    root: Path, policy: AccessPolicy, trash: Trash
) -> None:
    make(root, "old/a.txt", "a\n")
    make(root, "old/deep/b.txt", "b\n")
    record = trash.send(policy.resolve("old"))
    assert not (root / "old").exists()
    assert record.trashed is not None
    trashed = Path(record.trashed)
    assert (trashed / "a.txt").read_text(encoding="utf-8") == "a\n"
    assert (trashed / "deep" / "b.txt").read_text(encoding="utf-8") == "b\n"
    assert unquote(info_path_value(record)) == str(root / "old")


def test_send_missing_path_changes_nothing(
    root: Path, policy: AccessPolicy, trash: Trash, test_home: Path
) -> None:
    make(root, "kept.txt")
    trash_before = home_trash_listing(test_home)
    with pytest.raises(TrashError, match="does not exist") as caught:
        trash.send(policy.resolve("ghost.txt"))
    assert caught.value.path == "ghost.txt"
    assert home_trash_listing(test_home) == trash_before
    assert sorted(p.name for p in root.iterdir()) == ["kept.txt"]


@pytest.mark.parametrize("many", [list, tuple])
def test_send_refuses_several_paths(
    root: Path, policy: AccessPolicy, trash: Trash, many: type
) -> None:
    make(root, "one.txt")
    make(root, "two.txt")
    paths = many([policy.resolve("one.txt"), policy.resolve("two.txt")])
    with pytest.raises(TrashError) as caught:
        trash.send(paths)
    assert str(caught.value).startswith("wsnb moves one item to the trash at a time; ")
    assert (root / "one.txt").exists() and (root / "two.txt").exists()


def test_send_refuses_a_plain_string(root: Path, trash: Trash) -> None:
    path = make(root, "plain.txt")
    with pytest.raises(UsageError, match="access policy"):
        trash.send(str(path))  # type: ignore[arg-type]
    assert path.exists()


def test_send_refuses_the_workspace_root(
    root: Path, policy: AccessPolicy, trash: Trash
) -> None:
    make(root, "inside.txt")
    with pytest.raises(TrashError, match="workspace root"):
        trash.send(policy.resolve("."))
    assert (root / "inside.txt").exists()


def test_send_logs_the_relative_path_and_never_the_content(
    root: Path, policy: AccessPolicy, trash: Trash, caplog: pytest.LogCaptureFixture
) -> None:
    make(root, "logged/secretive.txt", "do-not-log-this-content")
    with caplog.at_level(logging.INFO, logger="wsnb"):
        trash.send(policy.resolve("logged/secretive.txt"))
    assert "logged/secretive.txt" in caplog.text
    assert "do-not-log-this-content" not in caplog.text


# -- restoring -----------------------------------------------------------------


def test_restore_puts_the_item_back_and_removes_the_record(
    root: Path, policy: AccessPolicy, trash: Trash
) -> None:
    path = make(root, "notes/plan.md", "# plan\nstep one\n")
    record = trash.send(policy.resolve("notes/plan.md"))
    trash.restore(record, policy.resolve("notes/plan.md"))
    assert path.read_text(encoding="utf-8") == "# plan\nstep one\n"
    assert record.info is not None and record.trashed is not None
    assert not Path(record.info).exists()
    assert not Path(record.trashed).exists()
    assert not trash.contains(record)


def test_restore_folder_puts_its_contents_back(
    root: Path, policy: AccessPolicy, trash: Trash
) -> None:
    make(root, "box/inner/x.txt", "x\n")
    record = trash.send(policy.resolve("box"))
    trash.restore(record, policy.resolve("box"))
    assert (root / "box" / "inner" / "x.txt").read_text(encoding="utf-8") == "x\n"


def test_restore_refuses_when_the_destination_exists(
    root: Path, policy: AccessPolicy, trash: Trash
) -> None:
    path = make(root, "clash.txt", "old\n")
    record = trash.send(policy.resolve("clash.txt"))
    path.write_text("new\n", encoding="utf-8")
    with pytest.raises(ConflictError, match="already exists") as caught:
        trash.restore(record, policy.resolve("clash.txt"))
    assert caught.value.path == "clash.txt"
    assert path.read_text(encoding="utf-8") == "new\n"
    assert record.trashed is not None
    assert Path(record.trashed).read_text(encoding="utf-8") == "old\n"
    assert trash.contains(record)


def test_restore_after_the_item_left_the_trash(
    root: Path, policy: AccessPolicy, trash: Trash
) -> None:
    make(root, "gone.txt")
    record = trash.send(policy.resolve("gone.txt"))
    assert record.trashed is not None
    Path(record.trashed).unlink()  # as if the trash had been emptied
    assert not trash.contains(record)
    with pytest.raises(TrashError, match="no longer in the trash"):
        trash.restore(record, policy.resolve("gone.txt"))
    assert not (root / "gone.txt").exists()


def test_restore_refuses_when_the_folder_is_gone(
    root: Path, policy: AccessPolicy, trash: Trash
) -> None:
    make(root, "parent/child.txt")
    record = trash.send(policy.resolve("parent/child.txt"))
    (root / "parent").rmdir()
    with pytest.raises(NotFoundError, match="no longer exists"):
        trash.restore(record, policy.resolve("parent/child.txt"))
    assert trash.contains(record)


def test_restore_of_a_record_without_a_location_is_refused(
    root: Path, policy: AccessPolicy, trash: Trash
) -> None:
    record = TrashRecord(str(root / "x.txt"), None, None, datetime.now().astimezone())
    with pytest.raises(TrashError, match="system's trash window"):
        trash.restore(record, policy.resolve("x.txt"))
    assert not trash.contains(record)
    assert not (root / "x.txt").exists()


def test_two_items_with_the_same_name_restore_to_their_own_places(
    root: Path, policy: AccessPolicy, trash: Trash
) -> None:
    make(root, "a/note.txt", "from a\n")
    make(root, "b/note.txt", "from b\n")
    first = trash.send(policy.resolve("a/note.txt"))
    second = trash.send(policy.resolve("b/note.txt"))
    assert first.trashed != second.trashed
    trash.restore(second, policy.resolve("b/note.txt"))
    trash.restore(first, policy.resolve("a/note.txt"))
    assert (root / "a" / "note.txt").read_text(encoding="utf-8") == "from a\n"
    assert (root / "b" / "note.txt").read_text(encoding="utf-8") == "from b\n"


def test_a_reused_trash_name_is_not_mistaken_for_the_old_item(
    root: Path, policy: AccessPolicy, trash: Trash
) -> None:
    name = f"reuse-{uuid.uuid4().hex}.txt"
    make(root, f"x/{name}", "x\n")
    make(root, f"y/{name}", "y\n")
    old = trash.send(policy.resolve(f"x/{name}"))
    trash.restore(old, policy.resolve(f"x/{name}"))
    new = trash.send(policy.resolve(f"y/{name}"))
    assert new.trashed == old.trashed  # the trash gave the freed name out again
    assert trash.contains(new)
    assert not trash.contains(old)
    (root / "x" / name).rename(root / "x" / "kept.txt")
    with pytest.raises(TrashError, match="no longer in the trash"):
        trash.restore(old, policy.resolve(f"x/{name}"))
    assert not (root / "x" / name).exists()  # y's file did not land in x
    assert new.trashed is not None
    assert Path(new.trashed).read_text(encoding="utf-8") == "y\n"


def test_the_same_path_trashed_twice_gives_two_records_each_with_its_own_content(
    root: Path, policy: AccessPolicy, trash: Trash
) -> None:
    path = make(root, "twice.txt", "first\n")
    first = trash.send(policy.resolve("twice.txt"))
    make(root, "twice.txt", "second\n")
    second = trash.send(policy.resolve("twice.txt"))
    assert first.trashed != second.trashed and first.info != second.info
    trash.restore(second, policy.resolve("twice.txt"))
    assert path.read_text(encoding="utf-8") == "second\n"
    path.rename(root / "second.txt")
    trash.restore(first, policy.resolve("twice.txt"))
    assert path.read_text(encoding="utf-8") == "first\n"


def test_a_record_of_another_deletion_of_the_same_path_is_not_the_same_item(
    root: Path, policy: AccessPolicy, trash: Trash
) -> None:
    make(root, "again.txt")
    record = trash.send(policy.resolve("again.txt"))
    assert record.info is not None
    info = Path(record.info)
    stamp = record.deleted_at.strftime("%Y-%m-%dT%H:%M:%S")
    info.write_text(info.read_text(encoding="utf-8").replace(stamp, "2001-02-03T04:05:06"),
                    encoding="utf-8")  # fmt: skip
    assert not trash.contains(record)
    with pytest.raises(TrashError, match="no longer in the trash"):
        trash.restore(record, policy.resolve("again.txt"))


@pytest.mark.parametrize(
    "relative",
    ["报告 最终 版.txt", "我的 文件夹/季度 总结.md", "-leading dash.txt", "100% done #1.txt"],
)
def test_names_with_chinese_spaces_and_symbols_round_trip(
    root: Path, policy: AccessPolicy, trash: Trash, relative: str
) -> None:
    path = make(root, relative, "内容\n")
    record = trash.send(policy.resolve(relative))
    assert not path.exists()
    assert record.original == str(path)
    raw = info_path_value(record)
    assert " " not in raw and unquote(raw) == str(path)  # stored URL-quoted
    trash.restore(record, policy.resolve(relative))
    assert path.read_text(encoding="utf-8") == "内容\n"


# -- relative records and an injected trash ---------------------------------------


@pytest.fixture
def workspace_in_data_home(test_home: Path) -> Iterator[Path]:
    """A root under XDG_DATA_HOME, where the trash writes a relative ``Path=``."""
    root = test_home / ".local" / "share" / f"ws-{uuid.uuid4().hex}"
    root.mkdir(parents=True)
    yield root
    shutil.rmtree(root)


def test_a_relative_path_in_the_record_is_read_against_the_data_home(
    workspace_in_data_home: Path, trash: Trash
) -> None:
    policy = AccessPolicy(workspace_in_data_home)
    path = make(workspace_in_data_home, "near.txt", "near\n")
    record = trash.send(policy.resolve("near.txt"))
    assert record.original == str(path)
    assert trash.contains(record)
    trash.restore(record, policy.resolve("near.txt"))
    assert path.read_text(encoding="utf-8") == "near\n"


def test_a_trash_looking_elsewhere_returns_a_record_without_a_location(
    root: Path, policy: AccessPolicy, tmp_path: Path
) -> None:
    elsewhere = Trash(home_trash=tmp_path / "other-trash")
    path = make(root, "lost-track.txt")
    record = elsewhere.send(policy.resolve("lost-track.txt"))
    assert not path.exists()  # it still went to the real (temporary) trash
    assert record.trashed is None and record.info is None
    assert not elsewhere.contains(record)
    with pytest.raises(TrashError, match="does not know where"):
        elsewhere.restore(record, policy.resolve("lost-track.txt"))


def test_can_restore_on_a_freedesktop_trash(trash: Trash) -> None:
    assert trash.can_restore is True


def test_wspath_only_comes_from_the_policy(policy: AccessPolicy, root: Path) -> None:
    # The trash relies on WsPath being absolute and inside the root.
    resolved = policy.resolve("a/b.txt")
    assert isinstance(resolved, WsPath)
    assert resolved.absolute == root.resolve() / "a" / "b.txt"
