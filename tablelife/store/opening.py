"""Opening the journal: what `open_journal` does with whatever it finds at the journal's path
(the checks that a file is ours and sound are `sqlite_file`'s), and setting a bad file aside.

Opening runs SQLite's quick_check (and the full check of the small games table, whose indexes
give the order of play); after an unclean shutdown, and on demand (`Journal.check(full=True)`),
the full integrity_check. A file that fails them, or whose schema is not the one the migrations
build, is set aside.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sqlite3
import time
from pathlib import Path
from typing import Literal

from tablelife.rules.i18n import arg
from tablelife.rules.values import frozen
from tablelife.store import schema
from tablelife.store.errors import JournalWords
from tablelife.store.journal import Journal
from tablelife.store.lock import held_by_another
from tablelife.store.sqlite_file import (
    FILE_NAME,
    EmptyError,
    NewerError,
    wal_has_data,
)
from tablelife.store.world_errors import CANT_WRITE, os_reason, world_code, world_words


@frozen
class Opened:
    """What `open_journal` found: a journal (or None), and a message for a person (or None).

    `moved_to` is where a damaged or foreign file was moved aside, if one was. The journal
    may be open read-only (`journal.readonly`) when the folder can't be written: then the
    message says games are not being saved, and `saving` is False.
    """

    journal: Journal | None
    message: str | None = None
    moved_to: Path | None = None
    unwritable: str | None = None
    """Why the journal can't be written ("the disk is full"), when that is why it is open
    read-only (or not open at all); for a command to say in its own words."""
    empty: bool = False
    """Opened read-only, the file holds no journal yet (an empty file, or one whose making
    was cut short by an older Tablelife): it reads as no games and no events."""

    @property
    def saving(self) -> bool:
        """True when games played now will be saved."""
        return self.journal is not None and not self.journal.readonly


def _not_saved() -> str:
    return JournalWords.tr("Games are not being saved.")


def open_journal(directory: Path, *, readonly: bool = False, locked: bool = False) -> Opened:
    """Opens (or creates) the journal `tablelife.sqlite3` in `directory`. Never raises for
    anything a person can cause; the message says what happened:

    - all is well: the journal, no message;
    - the file is damaged, not SQLite, or SQLite without our schema: it is moved aside as
      `tablelife.sqlite3.bad-YYYYmmdd-HHMMSS` (with its -wal and -shm; a counter is added
      rather than overwrite anything) and a fresh journal is started; the message says where
      the old file went;
    - the file comes from a newer Tablelife: it is left untouched, journal None;
    - the file or folder can't be written (a read-only folder, or one a crash left -wal and
      -shm files in that are now read-only): the journal open read-only, so its games can be
      looked at, and a message that games are not being saved; journal None if it can't even
      be read;
    - the folder can't be created: journal None, games are not being saved.

    With `readonly=True` (for exporting and verifying), nothing is created, moved or
    migrated: a missing, damaged or foreign file gives journal None and a message. A journal
    in a read-only folder is read all the same, as long as no running Tablelife writes it.
    With `locked` too (the caller holds the folder's one-writer lock, so nothing writes the
    journal meanwhile), it is read as a snapshot, leaving no -wal or -shm file beside it.
    """
    path = directory / FILE_NAME
    if readonly:
        return _open_readonly(path, "snapshot" if locked else "plain")
    try:
        directory.mkdir(parents=True, exist_ok=True)
        if not directory.is_dir():
            raise NotADirectoryError(errno.ENOTDIR, JournalWords.tr("it is not a folder"))
    except OSError as exc:
        reason = (
            JournalWords.tr("it is a file, not a folder") if directory.is_file() else os_reason(exc)
        )
        return Opened(
            None,
            arg(JournalWords.tr("Tablelife can't use the folder %1: %2."), directory, reason)
            + f" {_not_saved()}",
        )
    if path.exists() and not path.is_file():
        return Opened(
            None,
            arg(JournalWords.tr("%1 is not a file, so Tablelife can't use it."), path)
            + f" {_not_saved()}",
        )
    header = _Header.read(path)
    if header.newer is not None:
        # Refused before SQLite opens it, so not even a checkpoint touches the file.
        return Opened(None, _newer_message(path, header.newer) + f" {_not_saved()}")
    if header.foreign:
        # Moved aside before SQLite opens it: closing would delete its -wal and -shm.
        reason = JournalWords.tr("it is not a SQLite database")
    else:
        try:
            return Opened(_journal_at(path))
        except NewerError as exc:
            return Opened(None, _newer_message(path, exc.version) + f" {_not_saved()}")
        except schema.BadFileError as exc:
            reason = str(exc)
        except sqlite3.Error as exc:
            code = world_code(exc)
            if code is None:
                raise
            return _read_only_instead(path, code)
        except OSError as exc:  # making a new one: linking it into place
            return Opened(
                None,
                arg(JournalWords.tr("Tablelife can't open %1: %2."), path, os_reason(exc))
                + f" {_not_saved()}",
                unwritable=os_reason(exc),
            )
    try:
        moved = _move_aside(path)
    except OSError as exc:
        return Opened(
            None,
            arg(
                JournalWords.tr("%1 is damaged (%2) and could not be moved aside (%3)."),
                path,
                reason,
                os_reason(exc),
            )
            + f" {_not_saved()}",
        )
    started = arg(
        JournalWords.tr("The old file was moved to %1; Tablelife started a new, empty journal."),
        moved,
    )
    try:
        journal = _journal_at(path)
    except (sqlite3.Error, schema.BadFileError, NewerError, OSError) as exc:
        if isinstance(exc, sqlite3.Error) and world_code(exc) is None:
            raise
        return Opened(
            None,
            arg(
                JournalWords.tr(
                    "%1 was damaged (%2) and was moved to %3, but a new journal could not be "
                    "started."
                ),
                path,
                reason,
                moved,
            )
            + f" {_not_saved()}",
            moved,
        )
    damaged = arg(JournalWords.tr("%1 was damaged (%2)."), path, reason)
    return Opened(journal, f"{damaged} {started}", moved)


def _journal_at(path: Path) -> Journal:
    """The journal at `path`, open for writing; a new one is made first if there is none."""
    _clear_leftovers(path)
    if not os.path.lexists(path):
        _create(path)
    return Journal(path)


def _clear_leftovers(path: Path) -> None:
    """Removes what a process killed while making a journal left beside `path` (`_create`)."""
    with contextlib.suppress(OSError):
        for left in path.parent.glob(f".{path.name}{_NEW}*"):
            pid = left.name.rsplit(_NEW, 1)[1].split("-", 1)[0]
            if pid.isdigit() and not _running(int(pid)):
                _remove(left)


_NEW = ".new-"
"""What marks a journal being made: `.tablelife.sqlite3.new-<process id>`."""


def _create(path: Path) -> None:
    """Makes a new, empty journal at `path`, whole or not at all: it is built beside it as
    `.NAME.new-<pid>` (schema, WAL mode and all, closed, so SQLite folds its -wal in), then
    linked into place, never over a journal another process made meanwhile. Killed at any
    instant, it leaves either no journal or a whole one, never a file without its schema;
    what such a kill left beside it is removed at the next opening (`_clear_leftovers`).
    sqlite3.Error or OSError if it can't be made."""
    temp = path.with_name(f".{path.name}{_NEW}{os.getpid()}")
    _remove(temp)  # this process's own, from a try that failed before
    try:
        Journal(temp).close()
        if wal_has_data(temp):  # closing could not fold the -wal in (a full disk): not whole
            raise sqlite3.OperationalError("disk I/O error")
        with contextlib.suppress(FileExistsError):  # another made one first: that one is used
            _rename_no_overwrite(temp, path)
        _sync_folder(path.parent)
    finally:
        _remove(temp)


def _remove(temp: Path) -> None:
    """Removes a journal being made, with its -wal and -shm, if they are there."""
    for suffix in ("", "-wal", "-shm", "-journal"):
        with contextlib.suppress(FileNotFoundError):
            os.unlink(f"{temp}{suffix}")


def _running(pid: int) -> bool:
    """True if process `pid` may still be running (so its journal being made is left alone)."""
    if os.name != "posix":  # pragma: no cover - no signal 0 to ask with
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's: it runs
        return True
    return True


def _sync_folder(folder: Path) -> None:
    """Makes a new name in `folder` durable (where the system can sync a folder)."""
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _read_only_instead(path: Path, code: int) -> Opened:
    """The journal can't be written (`code` says why): open it read-only if it can be read,
    so its games can still be looked at, and say up front that nothing is being saved."""
    if code == 10 and _no_room(path.parent):
        code = 13  # SQLite's I/O error for a -shm with no room to grow: the disk is full
    what = world_words(code)[0]
    if code in CANT_WRITE and path.is_file():
        fallback = _open_readonly(path)
        if fallback.journal is not None:
            return Opened(
                fallback.journal,
                arg(JournalWords.tr("Tablelife can't write to %1: %2."), path, what)
                + f" {_not_saved()} "
                + JournalWords.tr("The games already in it can be looked at, read-only."),
                unwritable=what,
            )
    return Opened(
        None,
        arg(JournalWords.tr("Tablelife can't open %1: %2."), path, what) + f" {_not_saved()}",
        unwritable=what,
    )


def _no_room(folder: Path) -> bool:
    """True if the disk holding `folder` has (next to) no room left: less than SQLite's -shm
    needs (32 KiB)."""
    try:
        info = os.statvfs(folder)
    except (OSError, AttributeError):  # no statvfs on Windows
        return False
    return info.f_bavail * info.f_frsize < 32 * 1024


def _newer_message(path: Path, version: int) -> str:
    return arg(
        JournalWords.tr(
            "%1 was written by a newer Tablelife (journal version %2; this one knows up to %3). "
            "It was left untouched: update Tablelife to use it."
        ),
        path,
        version,
        schema.SCHEMA_VERSION,
    )


@frozen
class _Header:
    """What the first 100 bytes of the file say, read without SQLite."""

    foreign: bool = False  # there is data, but not a SQLite database's
    newer: int | None = None  # our journal, from a newer Tablelife: its version

    @classmethod
    def read(cls, path: Path) -> _Header:
        try:
            with path.open("rb") as f:
                header = f.read(100)
        except OSError:
            return cls()  # missing, or SQLite will say what is wrong when it opens it
        if not header:
            return cls()
        if len(header) < 100 or not header.startswith(b"SQLite format 3\0"):
            return cls(foreign=True)
        version = int.from_bytes(header[60:64], "big")
        app_id = int.from_bytes(header[68:72], "big")
        ours_but_newer = app_id == schema.APPLICATION_ID and version > schema.SCHEMA_VERSION
        return cls(newer=version if ours_but_newer else None)


def _open_readonly(path: Path, attempt: Literal["plain", "snapshot"] = "plain") -> Opened:
    if not path.is_file():
        return Opened(None, arg(JournalWords.tr("There is no journal at %1."), path))
    header = _Header.read(path)
    if header.newer is not None:
        return Opened(None, _newer_message(path, header.newer))
    if header.foreign:
        return Opened(None, _set_it_aside(path, JournalWords.tr("it is not a SQLite database")))
    while True:
        try:
            return Opened(Journal(path, readonly=True, snapshot=attempt == "snapshot"))
        except NewerError as exc:
            return Opened(None, _newer_message(path, exc.version))
        except EmptyError:
            return Opened(
                None, arg(JournalWords.tr("There are no games in %1 yet."), path), empty=True
            )
        except schema.BadFileError as exc:
            return Opened(None, _set_it_aside(path, str(exc)))
        except OSError as exc:  # copying it for a snapshot
            return Opened(None, _cant_read(path, os_reason(exc)))
        except sqlite3.Error as exc:
            code = world_code(exc)
            if code is None:
                raise
            # SQLite's read-only mode still needs to write the -shm (and to make the -wal):
            # in a read-only folder, read a snapshot instead, if no running Tablelife writes.
            if attempt == "plain" and code in CANT_WRITE and not held_by_another(path.parent):
                attempt = "snapshot"
                continue
            return Opened(None, _cant_read(path, world_words(code)[0]))


def _set_it_aside(path: Path, reason: str) -> str:
    return arg(
        JournalWords.tr("%1 is damaged (%2). Start Tablelife to set it aside."), path, reason
    )


def _cant_read(path: Path, reason: str) -> str:
    return arg(JournalWords.tr("Tablelife can't read %1: %2."), path, reason)


def _move_aside(path: Path) -> Path:
    """Moves `path` and its -wal and -shm to `<path>.bad-<time>[-n]`, never overwriting."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(1, 1000):
        bad = path.with_name(f"{path.name}.bad-{stamp}" + (f"-{n}" if n > 1 else ""))
        sidecars = [Path(f"{bad}{s}") for s in ("-wal", "-shm")]
        if any(os.path.lexists(p) for p in (bad, *sidecars)):
            continue
        try:
            _rename_no_overwrite(path, bad)
        except FileExistsError:
            continue
        for suffix, target in zip(("-wal", "-shm"), sidecars, strict=True):
            side = Path(f"{path}{suffix}")
            if side.exists():
                _rename_no_overwrite(side, target)
        return bad
    raise FileExistsError(
        errno.EEXIST, JournalWords.tr("too many files moved aside already"), str(path)
    )


def _rename_no_overwrite(src: Path, dst: Path) -> None:
    """Renames src to dst; FileExistsError, never an overwrite, if dst exists."""
    try:
        os.link(src, dst)  # fails if dst exists: no window in which it could be overwritten
    except FileExistsError:
        raise
    except OSError:
        # No hard links here (some file systems): check, then rename.
        if os.path.lexists(dst):
            raise FileExistsError(errno.EEXIST, "exists", str(dst)) from None
        os.rename(src, dst)
        return
    os.unlink(src)
