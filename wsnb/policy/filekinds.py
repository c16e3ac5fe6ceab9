"""Kinds of files that are never text, known by their suffix before any byte is read."""

from __future__ import annotations

import os

from ..i18n import N_

__all__ = ["BINARY_KINDS", "BINARY_SUFFIXES", "binary_kind"]

BINARY_KINDS: dict[str, frozenset[str]] = {
    N_("an image"): frozenset({".png", ".jpg", ".jpeg", ".gif", ".bmp", ".ico", ".webp",
                               ".tif", ".tiff", ".psd", ".heic"}),
    N_("an archive"): frozenset({".zip", ".gz", ".tgz", ".bz2", ".xz", ".7z", ".rar", ".tar",
                                 ".zst"}),
    N_("a compiled program or library"): frozenset({".dll", ".so", ".dylib", ".o", ".obj",
                                                    ".a", ".lib", ".pyc", ".class", ".jar",
                                                    ".wasm", ".bin", ".elf"}),
    N_("a media file"): frozenset({".mp3", ".mp4", ".wav", ".flac", ".ogg", ".mov", ".avi",
                                   ".mkv"}),
    N_("an office document or PDF"): frozenset({".pdf", ".doc", ".docx", ".xls", ".xlsx",
                                                ".ppt", ".pptx"}),
    N_("a font"): frozenset({".woff", ".woff2", ".ttf", ".otf", ".eot"}),
}  # fmt: skip

BINARY_SUFFIXES: frozenset[str] = frozenset().union(*BINARY_KINDS.values())


def binary_kind(name: str) -> str | None:
    """What kind of binary file ``name`` is by its suffix ("an image"), or None."""
    suffix = os.path.splitext(name)[1].lower()
    if suffix not in BINARY_SUFFIXES:
        return None
    return next(kind for kind, suffixes in BINARY_KINDS.items() if suffix in suffixes)
