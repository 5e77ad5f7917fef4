"""SQLite's and the operating system's errors in words: which SQLite errors come from the world
(a full disk, a read-only folder, a damaged file, another program holding a lock) rather than
from a bug, what each means and what a person can do about it; and why an operating system
error happened. A SQLite error not known here is a bug: it surfaces as itself
(`tablelife.store.errors`).
"""

from __future__ import annotations

import errno
import sqlite3

from tablelife.rules.i18n import QT_TRANSLATE_NOOP, translate
from tablelife.store.errors import JournalWords

# SQLite's primary result codes for errors that come from the world rather than from a bug,
# each with what it means and what a person can do about it.
_WORLD_ERRORS: dict[int, tuple[str, str]] = {
    13: (
        QT_TRANSLATE_NOOP("JournalWords", "the disk is full"),
        QT_TRANSLATE_NOOP("JournalWords", "Free some disk space, then try again."),
    ),  # SQLITE_FULL
    10: (
        QT_TRANSLATE_NOOP("JournalWords", "the disk reported an input/output error"),
        QT_TRANSLATE_NOOP("JournalWords", "Check the disk."),
    ),  # SQLITE_IOERR
    8: (
        QT_TRANSLATE_NOOP("JournalWords", "the file or its folder is read-only"),
        QT_TRANSLATE_NOOP("JournalWords", "Make it writable."),
    ),  # SQLITE_READONLY
    14: (
        QT_TRANSLATE_NOOP("JournalWords", "the file can't be opened"),
        QT_TRANSLATE_NOOP("JournalWords", "Check that the folder exists and is writable."),
    ),
    3: (
        QT_TRANSLATE_NOOP("JournalWords", "permission was denied"),
        QT_TRANSLATE_NOOP("JournalWords", "Check the file's permissions."),
    ),  # SQLITE_PERM
    5: (
        QT_TRANSLATE_NOOP("JournalWords", "another program is holding it locked"),
        QT_TRANSLATE_NOOP("JournalWords", "Close the other program."),
    ),  # SQLITE_BUSY
    6: (
        QT_TRANSLATE_NOOP("JournalWords", "another program is holding it locked"),
        QT_TRANSLATE_NOOP("JournalWords", "Close the other program."),
    ),  # SQLITE_LOCKED
    7: (
        QT_TRANSLATE_NOOP("JournalWords", "the computer is out of memory"),
        QT_TRANSLATE_NOOP("JournalWords", "Close some programs."),
    ),  # SQLITE_NOMEM
    11: (
        QT_TRANSLATE_NOOP("JournalWords", "the file is damaged"),
        QT_TRANSLATE_NOOP("JournalWords", "Restart Tablelife to set it aside."),
    ),  # SQLITE_CORRUPT
    26: (
        QT_TRANSLATE_NOOP("JournalWords", "the file is not a database"),
        QT_TRANSLATE_NOOP("JournalWords", "Restart Tablelife to set it aside."),
    ),  # SQLITE_NOTADB
    15: (
        QT_TRANSLATE_NOOP("JournalWords", "the file lock failed"),
        QT_TRANSLATE_NOOP("JournalWords", "Check the disk."),
    ),  # SQLITE_PROTOCOL
    18: (
        QT_TRANSLATE_NOOP("JournalWords", "a value in the file is too big"),
        QT_TRANSLATE_NOOP("JournalWords", "Restart Tablelife to set it aside."),
    ),  # TOOBIG
}
# The same, found by message, for errors that carry no code.
_WORLD_MESSAGES = {
    "disk is full": 13,
    "disk i/o error": 10,
    "readonly": 8,
    "read-only": 8,
    "unable to open": 14,
    "locked": 5,
    "out of memory": 7,
    "malformed": 11,
    "not a database": 26,
    "could not decode": 11,
    "too big": 18,
}


def world_words(code: int) -> tuple[str, str]:
    """What SQLite's result `code` means, and what a person can do, in the reader's language."""
    what, advice = _WORLD_ERRORS[code]
    return translate("JournalWords", what), translate("JournalWords", advice)


# Messages that say the file is damaged even when SQLite gives a generic code with them (a
# flipped bit in the header's schema format number gives SQLITE_ERROR).
_DAMAGE_MESSAGES = ("unsupported file format", "malformed database schema")
DAMAGED = (11, 26)  # SQLITE_CORRUPT, SQLITE_NOTADB: the file itself is bad
CANT_WRITE = (3, 8, 13, 14)
"""SQLITE_PERM, SQLITE_READONLY, SQLITE_FULL, SQLITE_CANTOPEN: the file may still be read."""


def world_code(exc: sqlite3.Error) -> int | None:
    """The SQLite result code if the error comes from the world, None if it is a bug."""
    text = str(exc).lower()
    if any(words in text for words in _DAMAGE_MESSAGES):
        return 11  # SQLITE_CORRUPT, whatever code it came with
    code = getattr(exc, "sqlite_errorcode", None)
    if isinstance(code, int):
        primary = code & 0xFF
        return primary if primary in _WORLD_ERRORS else None
    for words, primary in _WORLD_MESSAGES.items():
        if words in text:
            return primary
    return None


def os_reason(exc: OSError) -> str:
    """Why an operating system call failed, in the reader's language where Tablelife knows it
    (a full disk, read-only), else in the operating system's own words."""
    if exc.errno == errno.ENOSPC:
        return JournalWords.tr("the disk is full")
    if exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        return JournalWords.tr("it is read-only")
    return exc.strerror or str(exc)  # the operating system's own words


def full(exc: BaseException) -> bool:
    """True if `exc` says the disk (or the file's size cap) is full."""
    if isinstance(exc, sqlite3.Error):
        return world_code(exc) == 13
    return isinstance(exc, OSError) and exc.errno == errno.ENOSPC
