"""The launcher: a fixed call, one absolute path argument, no shell; apps are never opened."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from wsnb.disk.launcher import Launcher, _popen
from wsnb.errors import LaunchError, PolicyError
from wsnb.policy.access import AccessPolicy, WsPath
from wsnb.types import Rule

ODD_NAME = "-rf 季度 报告 final.txt"
NO_DESKTOP = (
    "There is no desktop to open files on this machine (no DISPLAY); open the file yourself."
)


class Recorder:
    """Stands in for starting a process: keeps the argument lists it was given."""

    def __init__(self) -> None:
        self.calls: list[object] = []

    def __call__(self, argv: list[str]) -> object:
        self.calls.append(argv)
        return None


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    root = tmp_path / "my ws 工作区"
    (root / "子 folder").mkdir(parents=True)
    (root / "子 folder" / ODD_NAME).write_text("x\n", encoding="utf-8")
    return root


@pytest.fixture
def policy(workspace: Path) -> AccessPolicy:
    return AccessPolicy(workspace)


@pytest.fixture
def odd(policy: AccessPolicy) -> WsPath:
    return policy.resolve(f"子 folder/{ODD_NAME}")


def fake_bin(tmp_path: Path, *names: str) -> str:
    """A PATH folder holding executables with the launchers' names (never run)."""
    folder = tmp_path / "bin"
    folder.mkdir(exist_ok=True)
    for name in names:
        program = folder / name
        program.write_text("#!/bin/sh\nexit 0\n", encoding="utf-8")
        program.chmod(0o755)
    return str(folder)


@pytest.fixture
def linux_env(tmp_path: Path) -> dict[str, str]:
    return {"DISPLAY": ":0", "PATH": fake_bin(tmp_path, "xdg-open")}


@pytest.fixture
def mac_env(tmp_path: Path) -> dict[str, str]:
    return {"PATH": fake_bin(tmp_path, "open")}


def only_call(recorder: Recorder) -> list[str]:
    assert len(recorder.calls) == 1
    argv = recorder.calls[0]
    assert isinstance(argv, list)  # an argument list, never a shell string
    assert all(isinstance(arg, str) for arg in argv)
    return argv


# -- linux ---------------------------------------------------------------------


def test_linux_open_is_xdg_open_with_one_absolute_path(
    odd: WsPath, linux_env: dict[str, str]
) -> None:
    recorder = Recorder()
    Launcher(platform="linux", environ=linux_env, spawn=recorder).open(odd)
    argv = only_call(recorder)
    assert argv == ["xdg-open", str(odd.absolute)]
    assert argv[1].startswith("/")  # so a leading "-" in the name can't read as an option
    assert Path(argv[1]).name == ODD_NAME


def test_linux_reveal_opens_the_parent_folder(odd: WsPath, linux_env: dict[str, str]) -> None:
    recorder = Recorder()
    Launcher(platform="linux", environ=linux_env, spawn=recorder).reveal(odd)
    assert only_call(recorder) == ["xdg-open", str(odd.absolute.parent)]


def test_reveal_of_the_root_never_hands_out_its_parent(
    policy: AccessPolicy, linux_env: dict[str, str]
) -> None:
    recorder = Recorder()
    Launcher(platform="linux", environ=linux_env, spawn=recorder).reveal(policy.resolve("."))
    assert only_call(recorder) == ["xdg-open", str(policy.root)]


def test_other_unix_platforms_use_xdg_open(odd: WsPath, linux_env: dict[str, str]) -> None:
    recorder = Recorder()
    Launcher(platform="freebsd14", environ=linux_env, spawn=recorder).open(odd)
    assert only_call(recorder) == ["xdg-open", str(odd.absolute)]


def test_linux_without_a_display_is_not_available(odd: WsPath, tmp_path: Path) -> None:
    recorder = Recorder()
    launcher = Launcher(
        platform="linux", environ={"PATH": fake_bin(tmp_path, "xdg-open")}, spawn=recorder
    )
    assert launcher.available() == NO_DESKTOP
    with pytest.raises(LaunchError) as caught:
        launcher.open(odd)
    assert str(caught.value) == NO_DESKTOP
    with pytest.raises(LaunchError):
        launcher.reveal(odd)
    assert recorder.calls == []


def test_wayland_alone_is_a_desktop(odd: WsPath, tmp_path: Path) -> None:
    env = {"WAYLAND_DISPLAY": "wayland-0", "PATH": fake_bin(tmp_path, "xdg-open")}
    recorder = Recorder()
    launcher = Launcher(platform="linux", environ=env, spawn=recorder)
    assert launcher.available() is None
    launcher.open(odd)
    assert only_call(recorder)[0] == "xdg-open"


def test_linux_without_xdg_open_is_not_available(odd: WsPath, tmp_path: Path) -> None:
    recorder = Recorder()
    env = {"DISPLAY": ":0", "PATH": fake_bin(tmp_path)}
    launcher = Launcher(platform="linux", environ=env, spawn=recorder)
    reason = launcher.available()
    assert reason is not None and "xdg-open" in reason and reason.endswith(".")
    with pytest.raises(LaunchError, match="xdg-open"):
        launcher.open(odd)
    assert recorder.calls == []


def test_a_launcher_that_fails_to_start_is_a_launch_error(
    odd: WsPath, linux_env: dict[str, str]
) -> None:
    def broken(argv: list[str]) -> object:
        raise FileNotFoundError(2, "No such file or directory")

    launcher = Launcher(platform="linux", environ=linux_env, spawn=broken)
    with pytest.raises(LaunchError, match="could not be started") as caught:
        launcher.open(odd)
    assert caught.value.path == odd.relative


# -- macOS ---------------------------------------------------------------------


def test_mac_open_and_reveal(odd: WsPath, mac_env: dict[str, str]) -> None:
    recorder = Recorder()
    launcher = Launcher(platform="darwin", environ=mac_env, spawn=recorder)
    assert launcher.available() is None  # no DISPLAY needed on macOS
    launcher.open(odd)
    launcher.reveal(odd)
    assert recorder.calls == [
        ["open", str(odd.absolute)],
        ["open", "-R", str(odd.absolute)],
    ]
    assert str(odd.absolute).startswith("/")


def test_mac_without_open_is_not_available(odd: WsPath, tmp_path: Path) -> None:
    recorder = Recorder()
    launcher = Launcher(platform="darwin", environ={"PATH": fake_bin(tmp_path)}, spawn=recorder)
    assert launcher.available() is not None
    with pytest.raises(LaunchError):
        launcher.open(odd)
    assert recorder.calls == []


# -- what is never opened ------------------------------------------------------


def test_files_that_run_programs_are_never_opened(
    workspace: Path, policy: AccessPolicy, linux_env: dict[str, str]
) -> None:
    (workspace / "setup.exe").write_bytes(b"MZ")
    recorder = Recorder()
    launcher = Launcher(platform="linux", environ=linux_env, spawn=recorder)
    with pytest.raises(PolicyError) as caught:
        launcher.open(policy.resolve("setup.exe"))
    assert caught.value.rule is Rule.DANGEROUS_SUFFIX
    assert recorder.calls == []
    launcher.reveal(policy.resolve("setup.exe"))  # showing its folder runs nothing
    assert only_call(recorder) == ["xdg-open", str(policy.root)]


def test_a_plain_string_is_refused(workspace: Path, linux_env: dict[str, str]) -> None:
    recorder = Recorder()
    launcher = Launcher(platform="linux", environ=linux_env, spawn=recorder)
    with pytest.raises(LaunchError, match="access policy"):
        launcher.open(str(workspace / "子 folder" / ODD_NAME))  # type: ignore[arg-type]
    assert recorder.calls == []


# -- Windows -------------------------------------------------------------------


@pytest.mark.skipif(hasattr(os, "startfile"), reason="this Python has os.startfile")
def test_win32_without_startfile_is_not_available(odd: WsPath) -> None:
    recorder = Recorder()
    launcher = Launcher(platform="win32", environ={}, spawn=recorder)
    reason = launcher.available()
    assert reason is not None and "startfile" in reason
    with pytest.raises(LaunchError):
        launcher.open(odd)
    assert recorder.calls == []


@pytest.mark.skipif(not hasattr(os, "startfile"), reason="os.startfile exists only on Windows")
def test_win32_uses_startfile_and_never_spawns(
    odd: WsPath, monkeypatch: pytest.MonkeyPatch
) -> None:
    started: list[str] = []
    monkeypatch.setattr(os, "startfile", started.append)  # record instead of opening an app
    recorder = Recorder()
    launcher = Launcher(platform="win32", environ={}, spawn=recorder)
    assert launcher.available() is None
    launcher.open(odd)
    launcher.reveal(odd)
    assert started == [str(odd.absolute), str(odd.absolute.parent)]
    assert recorder.calls == []


# -- the default spawn ---------------------------------------------------------


def test_default_spawn_starts_a_list_without_a_shell() -> None:
    process = _popen([sys.executable, "-c", "pass"])
    assert isinstance(process, subprocess.Popen)
    assert process.args == [sys.executable, "-c", "pass"]
    assert process.wait(timeout=30) == 0
    assert process.stdout is None and process.stdin is None  # nothing tied to the notebook
