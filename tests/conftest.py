"""Shared fixtures. Points the system trash at a temporary home before anything imports it."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

# send2trash reads XDG_DATA_HOME once, at import time: set it before any test imports
# wsnb's trash module, so no test can ever touch the real home folder's trash.
_TEST_HOME = Path(tempfile.mkdtemp(prefix="wsnb-test-home-"))
os.environ["HOME"] = str(_TEST_HOME)
os.environ["XDG_DATA_HOME"] = str(_TEST_HOME / ".local" / "share")
# Sentences come out in English unless a test asks for Chinese, whatever the machine's locale;
# notebook kernels inherit this too, so stored outputs compare the same everywhere.
os.environ["WSNB_LANGUAGE"] = "en"
# Notes are found by their words unless a test turns meaning on (open_notes(embed=...)): a
# background embedding would make every notes search depend on how far it had come.
os.environ["WSNB_EMBED"] = "off"

import pytest  # noqa: E402
from helpers import Bench, make_bench  # noqa: E402

import wsnb  # noqa: E402
from wsnb.i18n import set_language  # noqa: E402
from wsnb.policy.access import AccessPolicy  # noqa: E402


@pytest.fixture(autouse=True)
def _english_by_default() -> object:
    """A test that calls ``wsnb.set_language()`` leaves the setting as it found it."""
    yield
    set_language("auto")


@pytest.fixture(scope="session")
def test_home() -> Path:
    """The temporary home whose trash every test uses."""
    return _TEST_HOME


@pytest.fixture
def root(tmp_path: Path) -> Path:
    """An empty workspace folder."""
    folder = tmp_path / "ws"
    folder.mkdir()
    return folder


@pytest.fixture
def bench(root: Path) -> Bench:
    """A plan book over ``root`` wired like the facade (see ``helpers.make_bench``)."""
    return make_bench(root)


@pytest.fixture
def policy(root: Path) -> AccessPolicy:
    """The access policy of the empty workspace ``root``."""
    return AccessPolicy(root)


@pytest.fixture
def sample(tmp_path: Path) -> Path:
    """A fresh copy of the bundled sample workspace."""
    return wsnb.copy_sample_workspace(tmp_path / "sample")


@pytest.fixture
def ws(sample: Path) -> wsnb.Workspace:
    """The sample workspace, opened (test modules with another ``ws`` define their own)."""
    return wsnb.open_workspace(sample)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Real-browser tests run last: their shared JupyterLab and the browser driver's event loop
    live until the session ends, and a widget test that runs its own loop must not meet them."""
    items.sort(key=lambda item: item.get_closest_marker("browser") is not None)
