"""SHA-256 from CPython's own built-in module when it has one: `hashlib` loads OpenSSL, about
3 MB of a window's start-up memory, for a few short checksums (issue 12). The digests are the
same."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import cache
from typing import Protocol


class Hash(Protocol):
    """What a SHA-256 object offers (as `hashlib`'s does)."""

    def update(self, data: bytes, /) -> None:
        """Adds bytes to what is hashed."""

    def digest(self) -> bytes:
        """The digest of what was added."""

    def hexdigest(self) -> str:
        """The digest in hexadecimal."""


def _builtin() -> Callable[[bytes], Hash]:
    for name in ("_sha2", "_sha256"):  # CPython 3.12+, then 3.11
        try:
            found: Callable[[bytes], Hash] = importlib.import_module(name).sha256
        except (ImportError, AttributeError):
            continue
        return found
    import hashlib

    return hashlib.sha256


sha256 = _builtin()
"""`hashlib.sha256`'s equal: `sha256(data)` has `update`, `digest` and `hexdigest`."""


@cache
def bulk_sha256() -> Callable[[bytes], Hash]:
    """`sha256` for work over many rows (an import, a whole game's chain): `hashlib`'s, from
    OpenSSL, about twice as fast per short hash (`sha256` itself where there is no OpenSSL).
    Loaded on first use, so what never asks for it (a window's start) never loads it. The
    same digests."""
    import hashlib  # its own built-in SHA-256 where there is no OpenSSL

    return hashlib.sha256
