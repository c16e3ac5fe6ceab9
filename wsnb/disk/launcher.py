"""Open a workspace path with the operating system's default app.

The call is fixed per platform: ``xdg-open <path>`` on Linux, ``open <path>``
(``open -R <path>`` to reveal) on macOS, ``os.startfile`` on Windows. The only
variable part is one absolute path argument, so a name that starts with ``-``
can't be read as an option, and there is never a shell to interpret anything.
The ``spawn`` seam lets tests record the argument list instead of opening apps.
"""

from __future__ import annotations

import logging
import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Callable, Mapping
from typing import cast

from ..errors import LaunchError, PolicyError
from ..i18n import _
from ..policy.access import WsPath
from ..policy.names import is_dangerous_name
from ..types import Rule

__all__ = ["Launcher"]

logger = logging.getLogger("wsnb")

_Spawn = Callable[[list[str]], object]
_StartFile = Callable[[str], None]


def _popen(argv: list[str]) -> object:
    """Start the launcher detached from the notebook, and reap it when it exits."""
    process = subprocess.Popen(
        argv,
        shell=False,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    threading.Thread(target=process.wait, name="wsnb-launcher-reaper", daemon=True).start()
    return process


class Launcher:
    """Opens a path with the OS default app: a fixed launcher call, one path argument, no shell."""

    def __init__(
        self,
        *,
        platform: str = sys.platform,
        environ: Mapping[str, str] | None = None,
        spawn: _Spawn | None = None,
    ) -> None:
        self._platform = platform
        self._environ: Mapping[str, str] = os.environ if environ is None else environ
        self._spawn: _Spawn = spawn if spawn is not None else _popen

    def __repr__(self) -> str:
        return f"Launcher(platform={self._platform!r})"

    def available(self) -> str | None:
        """``None`` when files can be opened here, else a sentence saying why not."""
        if self._platform == "win32":
            if _startfile() is None:
                return _("This Python has no os.startfile, so wsnb can't open files here; open "
                         "the file yourself.")
            return None
        if self._platform == "darwin":
            return self._missing("open")
        if not (self._environ.get("DISPLAY") or self._environ.get("WAYLAND_DISPLAY")):
            return _("There is no desktop to open files on this machine (no DISPLAY); open the "
                     "file yourself.")
        return self._missing("xdg-open")

    def open(self, path: WsPath) -> None:
        """Open ``path`` (a file or a folder) in the app the desktop picks for it."""
        argument = _argument(path)
        _refuse_dangerous(path)
        if self._platform == "win32":
            self._start(argument, path)
        elif self._platform == "darwin":
            self._run(["open", argument], path)
        else:
            self._run(["xdg-open", argument], path)
        logger.info("Opened %s with the desktop launcher.", path.relative)

    def reveal(self, path: WsPath) -> None:
        """Show ``path`` in the file manager: selected on macOS, its folder elsewhere.

        The workspace root reveals itself, never its parent, so nothing
        outside the workspace is handed to the desktop.
        """
        argument = _argument(path)
        folder = argument if path.is_root else os.fspath(path.absolute.parent)
        if self._platform == "win32":
            self._start(folder, path)
        elif self._platform == "darwin":
            self._run(["open", "-R", argument], path)
        else:
            self._run(["xdg-open", folder], path)
        logger.info("Revealed %s in the file manager.", path.relative)

    def _missing(self, program: str) -> str | None:
        search = self._environ.get("PATH", os.defpath)
        if shutil.which(program, path=search) is None:
            return _("The desktop launcher {program!r} is not on PATH, so wsnb can't open files "
                     "here; open the file yourself.").format(program=program)
        return None

    def _ensure_available(self) -> None:
        reason = self.available()
        if reason is not None:
            raise LaunchError(reason)

    def _run(self, argv: list[str], path: WsPath) -> None:
        self._ensure_available()
        try:
            self._spawn(argv)
        except OSError as exc:
            raise LaunchError(
                _("The desktop launcher {program!r} could not be started ({problem}); open {path} "
                  "yourself.").format(program=argv[0], path=path,
                                      problem=exc.strerror or exc.__class__.__name__),
                path=path.relative,
            ) from None

    def _start(self, argument: str, path: WsPath) -> None:
        self._ensure_available()
        startfile = _startfile()
        if startfile is None:  # available() said so already; this keeps mypy sure of it
            raise LaunchError(_("This Python has no os.startfile; open the file yourself."))
        try:
            startfile(argument)
        except OSError as exc:
            raise LaunchError(
                _("Windows could not open {path} ({problem}); open it yourself.").format(
                    path=path, problem=exc.strerror or exc.__class__.__name__),
                path=path.relative,
            ) from None


def _startfile() -> _StartFile | None:
    # Looked up at call time: os.startfile exists only on Windows.
    return cast("_StartFile | None", getattr(os, "startfile", None))


def _argument(path: WsPath) -> str:
    """The one variable argument: the absolute path of a policy-checked ``WsPath``."""
    if not isinstance(path, WsPath):
        raise LaunchError(
            _("The launcher takes a path checked by the workspace's access policy, not {kind}; "
              "resolve it with the policy first.").format(kind=type(path).__name__)
        )
    if not path.absolute.is_absolute():
        raise LaunchError(_("{path} is not an absolute path; resolve it with the policy "
                            "first.").format(path=path))
    return os.fspath(path.absolute)


def _refuse_dangerous(path: WsPath) -> None:
    """The last barrier before the desktop: a file that runs code is never opened.

    The policy's ``check_open`` refuses these first; this holds even for a
    caller that skipped it. Revealing is allowed: it only shows the folder.
    """
    if is_dangerous_name(path.name):
        raise PolicyError(
            _("{path} has a suffix that runs programs; wsnb never opens such files.").format(
                path=path),
            path=path.relative,
            rule=Rule.DANGEROUS_SUFFIX,
        )
