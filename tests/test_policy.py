"""The access policy: containment, symlinks, special files, name rules, workspace roots."""

from __future__ import annotations

import os
import socket
from pathlib import Path

import pytest

from wsnb.errors import PolicyError, WorkspaceOpenError
from wsnb.policy.access import (
    AccessPolicy,
    WsPath,
    check_workspace_root,
    illegal_name_reason,
    is_dangerous_name,
    is_sensitive_name,
    is_text_name,
)
from wsnb.types import PermissionMode, Rule


def symlink_or_skip(target: Path | str, link: Path, *, is_dir: bool = False) -> None:
    try:
        os.symlink(target, link, target_is_directory=is_dir)
    except (OSError, NotImplementedError) as exc:  # e.g. Windows without the privilege
        pytest.skip(f"symlinks can't be made here: {exc}")


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    root = tmp_path / "proj"
    (root / "src").mkdir(parents=True)
    (root / "src" / "main.cpp").write_text("int main() {}\n")
    (root / "README.md").write_text("# proj\n")
    (tmp_path / "outside.txt").write_text("secret outside\n")
    (tmp_path / "proj_evil").mkdir()
    (tmp_path / "proj_evil" / "x.txt").write_text("evil\n")
    return root


@pytest.fixture
def policy(ws: Path) -> AccessPolicy:
    return AccessPolicy(ws)


def refused(policy: AccessPolicy, path: str | os.PathLike[str]) -> Rule:
    decision = policy.check(path)
    assert not decision, f"{path!r} should have been refused"
    assert decision.reason.endswith((".", ")")), decision.reason
    assert decision.rule is not None
    return decision.rule


# -- opening workspaces ----------------------------------------------------------


def test_normal_folder_opens_to_its_real_path(ws: Path) -> None:
    assert AccessPolicy(ws).root == Path(os.path.realpath(ws))


def test_empty_folder_opens(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    assert AccessPolicy(tmp_path / "empty").root.name == "empty"


@pytest.mark.parametrize("name", ["中文 项目", "my project", "项目"])
def test_chinese_and_space_names_open(tmp_path: Path, name: str) -> None:
    (tmp_path / name).mkdir()
    policy = AccessPolicy(tmp_path / name)
    assert policy.root.name == name
    assert policy.resolve("子目录/文件 1.txt").relative == "子目录/文件 1.txt"


def test_missing_folder_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(WorkspaceOpenError, match="does not exist"):
        check_workspace_root(tmp_path / "nope")


def test_file_is_not_a_workspace(ws: Path) -> None:
    with pytest.raises(WorkspaceOpenError, match="is a file, not a folder"):
        check_workspace_root(ws / "README.md")


@pytest.mark.parametrize("root", ["/", "/etc", "/usr", "/usr/lib", "/bin", "/boot", "/proc",
                                  "/sys", "/dev", "/tmp", "/home"])  # fmt: skip
def test_system_folders_are_refused(root: str) -> None:
    if not os.path.isdir(root):
        pytest.skip(f"{root} does not exist here")
    with pytest.raises(WorkspaceOpenError) as info:
        check_workspace_root(root)
    assert "workspace" in str(info.value) or "system folder" in str(info.value)


@pytest.mark.parametrize(
    "root",
    ["C:\\", "C:\\Windows", "C:\\Program Files\\App", "D:\\ProgramData", "C:\\$Recycle.Bin\\x"],
)
def test_windows_system_folders_are_recognised(root: str) -> None:
    from wsnb.policy.roots import _system_folder_reason

    assert _system_folder_reason(root) is not None
    assert _system_folder_reason("C:\\Users\\me\\code\\proj") is None


def test_the_home_folder_itself_is_refused_but_not_its_projects(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "home"
    (home / "code" / "proj").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    with pytest.raises(WorkspaceOpenError, match="home folder, too broad"):
        check_workspace_root("~")
    assert check_workspace_root("~/code/proj") == (home / "code" / "proj").resolve()


def test_a_windows_home_folder_is_refused() -> None:
    from wsnb.policy.roots import _system_folder_reason

    assert "home folder" in (_system_folder_reason("C:\\Users\\me") or "")
    assert _system_folder_reason("C:\\Users\\me\\proj") is None


def test_empty_and_nul_roots_are_refused() -> None:
    for bad in ["", "  ", "a\x00b"]:
        with pytest.raises(WorkspaceOpenError):
            check_workspace_root(bad)


def test_workspace_through_a_symlinked_path_works(ws: Path, tmp_path: Path) -> None:
    link = tmp_path / "link-to-proj"
    symlink_or_skip(ws, link, is_dir=True)
    policy = AccessPolicy(link)
    assert policy.root == Path(os.path.realpath(ws))
    # both spellings of an absolute path inside are accepted
    assert policy.resolve(link / "README.md").relative == "README.md"
    assert policy.resolve(ws / "README.md").relative == "README.md"


# -- containment ------------------------------------------------------------------


def test_relative_paths_resolve_against_the_root_not_the_cwd(
    policy: AccessPolicy, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    resolved = policy.resolve("README.md")
    assert resolved.absolute == policy.root / "README.md"
    assert resolved.relative == "README.md"


def test_normalise_and_convert(policy: AccessPolicy) -> None:
    assert policy.normalize("./src//main.cpp") == "src/main.cpp"
    assert policy.normalize("src/../README.md") == "README.md"
    assert policy.to_relative(policy.root / "src" / "main.cpp") == "src/main.cpp"
    assert policy.to_absolute("src/main.cpp") == policy.root / "src" / "main.cpp"
    assert policy.resolve(".").is_root
    assert policy.resolve(str(policy.root)).relative == "."


@pytest.mark.parametrize("path", ["..", "../outside.txt", "src/../../outside.txt", "./../proj"])
def test_dotdot_leaving_the_root_is_refused(policy: AccessPolicy, path: str) -> None:
    assert refused(policy, path) is Rule.OUTSIDE


def test_sibling_sharing_the_root_prefix_is_outside(policy: AccessPolicy, tmp_path: Path) -> None:
    assert refused(policy, str(tmp_path / "proj_evil" / "x.txt")) is Rule.OUTSIDE
    assert refused(policy, str(tmp_path / "proj_evil")) is Rule.OUTSIDE


def test_absolute_paths_elsewhere_are_refused(policy: AccessPolicy, tmp_path: Path) -> None:
    assert refused(policy, "/etc/passwd") is Rule.OUTSIDE
    assert refused(policy, str(tmp_path / "outside.txt")) is Rule.OUTSIDE
    assert refused(policy, str(tmp_path)) is Rule.OUTSIDE


def test_absolute_path_with_dotdot_inside_is_normalised(policy: AccessPolicy) -> None:
    assert policy.normalize(f"{policy.root}/src/../README.md") == "README.md"
    assert refused(policy, f"{policy.root}/../outside.txt") is Rule.OUTSIDE


@pytest.mark.parametrize("path", ["", "   ", "a\x00b", "~", "~/x", "~root/.ssh"])
def test_empty_nul_and_tilde_are_refused(policy: AccessPolicy, path: str) -> None:
    assert refused(policy, path) is Rule.INVALID_PATH


def test_very_long_paths_are_refused(policy: AccessPolicy) -> None:
    assert refused(policy, "a/" * 3000 + "x") is Rule.INVALID_PATH
    assert refused(policy, "n" * 300) is Rule.INVALID_PATH


def test_bytes_and_non_paths_are_refused(policy: AccessPolicy) -> None:
    with pytest.raises(PolicyError):
        policy.resolve(b"README.md")  # type: ignore[arg-type]
    with pytest.raises(PolicyError):
        policy.resolve(42)  # type: ignore[arg-type]


def test_path_through_a_file_is_refused(policy: AccessPolicy) -> None:
    assert refused(policy, "README.md/x") is Rule.INVALID_PATH


def test_not_yet_existing_paths_inside_are_allowed(policy: AccessPolicy) -> None:
    resolved = policy.resolve("new/dir/file.txt")
    assert resolved.relative == "new/dir/file.txt"
    assert not resolved.exists()


# -- symlinks and special files -----------------------------------------------------


def test_symlink_to_a_file_outside_is_refused(
    policy: AccessPolicy, ws: Path, tmp_path: Path
) -> None:
    symlink_or_skip(tmp_path / "outside.txt", ws / "out.txt")
    assert refused(policy, "out.txt") is Rule.SYMLINK


def test_symlink_to_a_folder_outside_is_refused(
    policy: AccessPolicy, ws: Path, tmp_path: Path
) -> None:
    symlink_or_skip(tmp_path / "proj_evil", ws / "evil", is_dir=True)
    assert refused(policy, "evil/x.txt") is Rule.SYMLINK
    assert refused(policy, "evil/new.txt") is Rule.SYMLINK
    assert refused(policy, str(ws / "evil" / "x.txt")) is Rule.SYMLINK


def test_symlink_pointing_back_inside_is_still_refused(policy: AccessPolicy, ws: Path) -> None:
    symlink_or_skip(ws / "README.md", ws / "readme-link")
    symlink_or_skip(ws / "src", ws / "src-link", is_dir=True)
    assert refused(policy, "readme-link") is Rule.SYMLINK
    assert refused(policy, "src-link/main.cpp") is Rule.SYMLINK


def test_symlink_chain_dangling_and_loop_are_refused(policy: AccessPolicy, ws: Path) -> None:
    symlink_or_skip(ws / "README.md", ws / "hop1")
    symlink_or_skip(ws / "hop1", ws / "hop2")
    symlink_or_skip(ws / "missing-target", ws / "dangling")
    symlink_or_skip(ws / "loop-b", ws / "loop-a")
    symlink_or_skip(ws / "loop-a", ws / "loop-b")
    for name in ["hop2", "dangling", "loop-a", "loop-a/deeper"]:
        assert refused(policy, name) is Rule.SYMLINK


def test_fifo_and_socket_are_refused(policy: AccessPolicy, ws: Path) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs on this platform")
    os.mkfifo(ws / "pipe")
    assert refused(policy, "pipe") is Rule.SPECIAL_FILE
    sock_path = ws / "sock"
    if len(os.fsencode(sock_path)) < 100:  # AF_UNIX paths are short
        server = socket.socket(socket.AF_UNIX)
        try:
            server.bind(str(sock_path))
            assert refused(policy, "sock") is Rule.SPECIAL_FILE
        finally:
            server.close()


def test_device_is_refused_as_a_root_and_outside(policy: AccessPolicy) -> None:
    assert refused(policy, "/dev/null") is Rule.OUTSIDE


# -- name rules ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "name", ["run.exe", "a.BAT", "x.cmd", "s.ps1", "v.vbs", "i.msi", "s.scr", "r.reg",
             "c.com", "p.pif", "link.lnk", "RUN.EXE.", "run.exe  ", "run.bat. "]
)  # fmt: skip
def test_dangerous_suffixes(name: str) -> None:
    assert is_dangerous_name(name)


@pytest.mark.parametrize("name", ["main.cpp", "notes.txt", "exec.py", "bat.txt", "combo.json"])
def test_ordinary_names_are_not_dangerous(name: str) -> None:
    assert not is_dangerous_name(name)


@pytest.mark.parametrize(
    "name", [".env", ".env.local", ".ENV.production", "server.pem", "tls.key", "id_rsa",
             "id_ed25519", "cert.pfx", "cert.p12", "credentials.json", "secrets.json",
             "token.json", "my_secret.txt", "API_KEY.txt", "apikey.md",
             "aws-credentials"]
)  # fmt: skip
def test_sensitive_names(name: str) -> None:
    assert is_sensitive_name(name)


@pytest.mark.parametrize("name", ["README.md", "environment.yml", "keyboard.c", "main.py",
                                  "private_notes.md"])
def test_ordinary_names_are_not_sensitive(name: str) -> None:
    assert not is_sensitive_name(name)


@pytest.mark.parametrize(
    "name", ["CON", "con.txt", "NUL.txt", "COM1", "lpt9.log", "trailing.", "trailing ",
             "a:b", "a<b", "a>b", 'a"b', "a|b", "a?b", "a*b", "a\\b", "a/b", "tab\there",
             "", ".", ".."]
)  # fmt: skip
def test_illegal_names(name: str) -> None:
    reason = illegal_name_reason(name)
    assert reason is not None and reason.endswith(".")


@pytest.mark.parametrize("name", ["notes.txt", "CONTRIBUTING.md", "console.log", "说明.md", "a b"])
def test_legal_names(name: str) -> None:
    assert illegal_name_reason(name) is None


def test_text_names() -> None:
    text = ["main.cpp", "x.h", "a.py", "b.JSON", "c.md", "Makefile", "README", "Dockerfile",
            "Cargo.toml", "lib.rs", "run.sh", "data.csv", "CMakeLists.txt", "app.pro"]  # fmt: skip
    for name in text:
        assert is_text_name(name), name
    for name in ["logo.png", "a.exe", "data.bin", "archive.zip"]:
        assert not is_text_name(name), name


# -- decisions per action -------------------------------------------------------------


def test_read_decisions(policy: AccessPolicy, ws: Path) -> None:
    (ws / ".env").write_text("KEY=1\n")
    (ws / "tool.exe").write_bytes(b"MZ")
    assert policy.check_read_file("src/main.cpp")
    assert policy.check_read_file(".env").rule is Rule.SENSITIVE
    assert policy.check_read_file("tool.exe").rule is Rule.DANGEROUS_SUFFIX
    assert not policy.check_read_file("src")
    assert not policy.check_read_file("missing.txt")
    assert AccessPolicy(ws, allow_sensitive=True).check_read_file(".env")
    assert policy.check_read_dir("src")
    assert not policy.check_read_dir("README.md")


def test_create_decisions(policy: AccessPolicy, ws: Path) -> None:
    assert policy.check_create("notes/new.txt")
    assert policy.check_create("notes/CON/new.txt").rule is Rule.ILLEGAL_NAME
    assert policy.check_create("run.bat").rule is Rule.DANGEROUS_SUFFIX
    assert policy.check_create(".env").rule is Rule.SENSITIVE
    assert policy.check_create(".wsnb/evil.txt").rule is Rule.PROTECTED
    assert policy.check_create(".git/hooks/pre-commit").rule is Rule.PROTECTED
    assert policy.check_create("../x.txt").rule is Rule.OUTSIDE
    assert not policy.check_create(".")


def test_existing_odd_names_are_not_checked_for_creation(policy: AccessPolicy, ws: Path) -> None:
    # Only segments that will be created must be legal; an existing folder keeps its name.
    (ws / "odd:name").mkdir()
    assert policy.check_create("odd:name/new.txt")


def test_write_decisions(policy: AccessPolicy, ws: Path) -> None:
    (ws / "id_rsa").write_text("k")
    assert policy.check_write_file("README.md")
    assert policy.check_write_file("id_rsa").rule is Rule.SENSITIVE
    assert not policy.check_write_file("missing.txt")
    assert not policy.check_write_file("src")


def test_read_only_mode_refuses_every_write(ws: Path) -> None:
    policy = AccessPolicy(ws, mode=PermissionMode.READ_ONLY)
    assert policy.check_read_file("README.md")
    for decision in [
        policy.check_create("new.txt"),
        policy.check_write_file("README.md"),
        policy.check_source("README.md", verb="move"),
        policy.check_mode_allows_writes(),
    ]:
        assert decision.rule is Rule.READ_ONLY_MODE
        assert "read-only" in decision.reason


def test_decision_raises_with_the_reason(policy: AccessPolicy) -> None:
    with pytest.raises(PolicyError) as info:
        policy.check("../x").raise_if_refused()
    assert info.value.rule is Rule.OUTSIDE
    assert "outside the workspace" in str(info.value)


def test_only_the_policy_makes_ws_paths(tmp_path: Path) -> None:
    policy = AccessPolicy(tmp_path)
    (tmp_path / "a.txt").write_text("x")
    resolved = policy.resolve("a.txt")
    assert resolved.os_path == os.path.join(str(policy.root), "a.txt")
    assert resolved.absolute == policy.root / "a.txt"
    assert resolved.name == "a.txt" and os.fspath(resolved) == resolved.os_path
    with pytest.raises(TypeError, match="AccessPolicy"):
        WsPath(resolved.os_path, "a.txt")
    with pytest.raises(AttributeError):
        resolved.relative = "b.txt"  # type: ignore[misc]
    child, info = policy.resolve_child(policy.resolve("."), "a.txt")
    assert child == resolved and info is not None and info.st_size == 1
