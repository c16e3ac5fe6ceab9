"""Sensitive by content: where a name says only *maybe*, the file's first bytes decide.

A ``.key`` may be a Keynote deck and ``tokens.json`` a design-token file; detect-secrets
and gitleaks look at content for the same reason. The bytes are read through the base
floor's safe read (``wsnb.disk.textio``), never followed through a link.
"""

from __future__ import annotations

from ..disk import textio
from ..errors import WsnbError
from .names import CONTENT_HEAD_BYTES, SensitiveRule, content_decides, sensitive_rule
from .wspath import WsPath

__all__ = ["head_of", "sensitive_rule_of"]


def sensitive_rule_of(target: WsPath) -> SensitiveRule | None:
    """The row of the sensitive-file rule that makes ``target`` sensitive, or None.

    Where the name says only *maybe* (``tokens.json``, ``talk.key``), the first
    few KiB of an existing regular file decide, read through ``wsnb.textio``;
    a file that can't be read is judged by its name alone.
    """
    folder, _sep, name = target.relative.rpartition("/")
    if not content_decides(name, folder):
        return sensitive_rule(name, folder)
    return sensitive_rule(name, folder, head_of(target))


def head_of(target: WsPath) -> bytes | None:
    """The first bytes the sensitive-file rule looks at, or None when they can't be read."""
    try:
        return textio.read_bytes(target, limit=CONTENT_HEAD_BYTES)
    except (WsnbError, OSError):
        return None
