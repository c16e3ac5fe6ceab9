"""A real JupyterLab server on 127.0.0.1 for the browser tests, fenced off from the real home.

The server gets a random free port, no token or password, a temporary root folder and its
own temporary home: ``HOME``, the XDG folders and every Jupyter/IPython folder point inside
``base``, so neither it nor the kernels it starts (they inherit its environment) read or
write the user's settings or trash. The kernels import wsnb from this checkout.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import IO

REPO = Path(__file__).resolve().parents[2]

# User settings that keep JupyterLab quiet and every cell rendered, whatever its position:
# no news toast over the buttons, no update check, no lazy rendering of off-screen cells.
_LAB_SETTINGS: dict[str, dict[str, object]] = {
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
}


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class JupyterLabServer:
    """Starts ``python -m jupyterlab`` in its own process group; ``stop()`` ends that group."""

    def __init__(self, base: Path) -> None:
        self.base = base
        self.root = base / "root"
        self.home = base / "home"
        self.log_path = base / "jupyterlab.log"
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self._process: subprocess.Popen[bytes] | None = None
        self._log: IO[bytes] | None = None

    @property
    def trash_files(self) -> Path:
        """Where the kernels' home trash keeps trashed items (freedesktop layout)."""
        return self.home / ".local" / "share" / "Trash" / "files"

    def environment(self) -> dict[str, str]:
        """The server's environment: this process's, with every home-like folder moved inside."""
        env = dict(os.environ)
        jupyter = self.base / "jupyter"
        env.update(
            HOME=str(self.home),
            XDG_DATA_HOME=str(self.home / ".local" / "share"),
            XDG_CONFIG_HOME=str(self.home / ".config"),
            XDG_CACHE_HOME=str(self.home / ".cache"),
            JUPYTER_CONFIG_DIR=str(jupyter / "config"),
            JUPYTER_DATA_DIR=str(jupyter / "data"),
            JUPYTER_RUNTIME_DIR=str(jupyter / "runtime"),
            JUPYTERLAB_SETTINGS_DIR=str(jupyter / "lab-settings"),
            JUPYTERLAB_WORKSPACES_DIR=str(jupyter / "lab-workspaces"),
            IPYTHONDIR=str(self.home / ".ipython"),
            JUPYTER_PLATFORM_DIRS="1",
            PYTHONPATH=os.pathsep.join(p for p in (str(REPO), env.get("PYTHONPATH")) if p),
        )
        env.pop("JUPYTER_TOKEN", None)
        return env

    def command(self) -> list[str]:
        return [
            sys.executable, "-m", "jupyterlab",
            "--no-browser",
            "--ServerApp.ip=127.0.0.1",
            f"--ServerApp.port={self.port}",
            "--ServerApp.port_retries=0",
            f"--ServerApp.root_dir={self.root}",
            "--IdentityProvider.token=",
            "--ServerApp.password=",
            "--ServerApp.allow_root=True",  # CI runs as root in a container
            "--ServerApp.terminals_enabled=False",
            "--LabApp.expose_app_in_browser=True",
            "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        ]  # fmt: skip

    def _write_settings(self, env: dict[str, str]) -> None:
        for folder in ("HOME", "XDG_DATA_HOME", "JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR",
                       "JUPYTER_RUNTIME_DIR", "IPYTHONDIR"):  # fmt: skip
            Path(env[folder]).mkdir(parents=True, exist_ok=True)
        self.root.mkdir(parents=True, exist_ok=True)
        config = Path(env["JUPYTER_CONFIG_DIR"]) / "jupyter_lab_config.json"
        config.write_text(json.dumps({"LabApp": {"news_url": None}}), encoding="utf-8")
        settings = Path(env["JUPYTERLAB_SETTINGS_DIR"])
        for name, values in _LAB_SETTINGS.items():
            target = settings / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(json.dumps(values), encoding="utf-8")

    def start(self, timeout: float = 90.0) -> None:
        """Start the server and return once it answers HTTP; raise with its log if it doesn't."""
        env = self.environment()
        self._write_settings(env)
        self._log = self.log_path.open("wb")
        self._process = subprocess.Popen(
            self.command(), cwd=self.root, env=env, stdin=subprocess.DEVNULL,
            stdout=self._log, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
        try:
            self._wait_ready(timeout)
        except BaseException:
            self.stop()
            raise

    def _wait_ready(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            assert self._process is not None
            if self._process.poll() is not None:
                raise RuntimeError(
                    f"JupyterLab exited with code {self._process.returncode} before answering.\n"
                    + self.log_text()
                )
            try:
                with urllib.request.urlopen(f"{self.url}/api/status", timeout=2) as answer:
                    if answer.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            time.sleep(0.25)
        raise RuntimeError(f"JupyterLab did not answer within {timeout:.0f} s.\n" + self.log_text())

    def stop(self) -> None:
        """Stop the server and its kernels (its whole process group); always safe to call."""
        process, self._process = self._process, None
        if process is not None and process.poll() is None:
            _signal_group(process, signal.SIGTERM)
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                _signal_group(process, signal.SIGKILL)
                process.wait(timeout=15)
        if process is not None:
            # Kernels that outlived the server would keep the group alive: end them too.
            _signal_group(process, signal.SIGKILL)
        if self._log is not None:
            self._log.close()
            self._log = None

    def shutdown_kernels(self) -> None:
        """Shut down every kernel the server runs (the REST API's own way)."""
        try:
            with urllib.request.urlopen(f"{self.url}/api/kernels", timeout=5) as answer:
                kernels = json.loads(answer.read())
            for kernel in kernels:
                request = urllib.request.Request(f"{self.url}/api/kernels/{kernel['id']}",
                                                 method="DELETE")  # fmt: skip
                with urllib.request.urlopen(request, timeout=10):
                    pass
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass  # a stopped server has no kernels left

    def log_text(self, limit: int = 20_000) -> str:
        """The end of the server's log (its stdout and stderr), for failure reports."""
        try:
            text = self.log_path.read_text(encoding="utf-8", errors="replace")
        except FileNotFoundError:
            return "(no server log)"
        return text[-limit:]


def _signal_group(process: subprocess.Popen[bytes], sig: signal.Signals) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, sig)
