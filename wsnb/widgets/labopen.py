"""Open a workspace file in JupyterLab itself, or show it in JupyterLab's file browser.

JupyterLab's own commands (``docmanager:open``, ``filebrowser:go-to-path``) are
reached from Python through ``ipylab``. Opening a file in JupyterLab's editor
or viewer runs no program and changes nothing, so it needs no plan; it works
wherever the browser is (a JupyterHub, a remote server), unlike a desktop app.
Handing a file to a desktop app stays a plan (``ws.open``), as the design says.

JupyterLab names files relative to the folder it serves (its root). The
kernel learns that folder from the running servers' records (the same files
``jupyter server list`` reads) and opens only what lies inside it; every path
passes the workspace's policy first (no sensitive file, no dangerous suffix).
"""

from __future__ import annotations

import os
import warnings
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import UsageError
from ..i18n import _

if TYPE_CHECKING:
    from ..notebook import Workspace

__all__ = ["LAB_HINT", "LabOpener", "lab_available", "lab_root"]

LAB_HINT = "pip install 'wsnb[panel]'  (or: pip install ipylab)"


def lab_available() -> bool:
    """True when ``ipylab`` can be imported (an optional extra)."""
    try:
        with warnings.catch_warnings():  # ipylab's traits warn about traitlets' old style
            warnings.simplefilter("ignore", DeprecationWarning)
            import ipylab  # noqa: F401
    except ImportError:
        return False
    return True


def lab_root(environ: dict[str, str] | None = None) -> Path | None:
    """The folder the JupyterLab serving this kernel shows as its root, or None outside one.

    Among the running servers, the one whose root holds this kernel's notebook
    (``JPY_SESSION_NAME``, else the working folder); the deepest such root wins.
    """
    env = os.environ if environ is None else environ
    try:
        from jupyter_server.serverapp import list_running_servers
    except ImportError:
        return None
    here = Path(env.get("JPY_SESSION_NAME") or os.getcwd()).resolve()
    roots = []
    for server in list_running_servers():
        root = server.get("root_dir") or server.get("notebook_dir")
        if root and here.is_relative_to(Path(root).resolve()):
            roots.append(Path(root).resolve())
    return max(roots, key=lambda p: len(p.parts)) if roots else None


class LabOpener:
    """Opens workspace items in the JupyterLab this kernel runs under (through ipylab)."""

    def __init__(self, ws: Workspace) -> None:
        self.ws = ws
        self._app: Any = None
        self.last_command: tuple[str, dict[str, Any]] | None = None

    @staticmethod
    def _require_ipylab() -> None:
        if not lab_available():
            raise UsageError(_("Opening files in JupyterLab needs ipylab: {command}").format(
                command=LAB_HINT))

    def _frontend(self) -> Any:
        self._require_ipylab()
        if self._app is None:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                from ipylab import JupyterFrontEnd

            self._app = JupyterFrontEnd()
        return self._app

    def lab_path(self, os_path: str) -> str:
        """``os_path`` as JupyterLab names it (relative to its root, POSIX slashes)."""
        root = lab_root()
        if root is None:
            raise UsageError(_("This kernel does not run under JupyterLab, so the file can't "
                               "open there; use the desktop launcher (Open with app) instead."))
        target = Path(os_path).resolve()
        if not target.is_relative_to(root):
            raise UsageError(_("{path} lies outside the folder JupyterLab serves ({root}); start "
                               "JupyterLab in a folder that holds the workspace.").format(
                                   path=target, root=root))  # fmt: skip
        return target.relative_to(root).as_posix()

    def open(self, path: str) -> str:
        """Open a file in JupyterLab's editor or viewer; returns the sentence to show."""
        target = self.ws.policy.check_open(path).raise_if_refused()
        self._require_ipylab()
        if os.path.isdir(target.os_path):
            return self.reveal(path)
        self._run("docmanager:open", {"path": self.lab_path(target.os_path)})
        return _("Opened {path} in JupyterLab.").format(path=target.relative)

    def reveal(self, path: str) -> str:
        """Show an item in JupyterLab's file browser; returns the sentence to show."""
        target = self.ws.policy.resolve(path)
        self._require_ipylab()
        lab = self.lab_path(target.os_path)
        self._run("filebrowser:go-to-path", {"path": lab or "/"})
        return _("Showing {path} in JupyterLab's file browser.").format(
            path=target.relative if target.relative != "." else self.ws.root.name)

    def _run(self, command: str, args: dict[str, Any]) -> None:
        app = self._frontend()
        self.last_command = (command, args)
        app.commands.execute(command, args)

    def close(self) -> None:
        if self._app is not None:
            for part in (self._app, *(getattr(self._app, name, None) for name in
                                      ("shell", "commands", "sessions", "menu", "toolbar"))):
                if part is not None:
                    part.close()
            self._app = None
