"""The one-writer lock on a journal (DESIGN.md, "One writer"). Qt-free.

A window that writes the journal holds an exclusive `flock` on `tablelife.lock` beside the
journal's file for as long as it runs. The operating system drops the lock when the process
ends, however it ends, so a crashed window never locks anyone out: the next start simply takes
it. Writing commands (`tablelife import`, `tablelife event new/pair/result`) check the same lock
and refuse while a window holds it; reading commands never look at it.

The lock follows the journal's real file: a data folder whose `tablelife.sqlite3` is a symlink
to another folder's journal meets that folder's lock, so one file has one writer however it is
reached. A lock that can't be taken at all (a folder in its place, a file this user may not
even read) is `LockUnavailableError`, never "free": without the lock nothing keeps a second
writer out, so a window then opens read-only and a writing command refuses.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from pathlib import Path

from tablelife.rules.i18n import arg
from tablelife.store.errors import JournalWords
from tablelife.store.sqlite_file import FILE_NAME

LOCK_NAME = "tablelife.lock"

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: no flock; a second copy is caught by Qt only
    fcntl = None  # type: ignore[assignment]


class LockUnavailableError(Exception):
    """The journal's lock can't be taken at all (which is not the same as another process
    holding it); `str()` says why, in words. Nothing may write the journal then."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(
            arg(
                JournalWords.tr(
                    "Tablelife can't take the lock %1 that keeps two copies from writing the "
                    "same journal: %2."
                ),
                path,
                reason,
            )
        )
        self.path = path


def lock_path(directory: Path) -> Path:
    """The lock of the journal in `directory`: beside the journal's real file, through any
    symlinks, so every way of reaching one file meets one lock (`tablelife.lock`, or
    `NAME.tablelife.lock` for a journal linked to a file of another name)."""
    real = Path(os.path.realpath(directory / FILE_NAME))
    return real.parent / (LOCK_NAME if real.name == FILE_NAME else f"{real.name}.{LOCK_NAME}")


def _reason(exc: OSError) -> str:
    """Why the lock file can't be used, in words."""
    if exc.errno == errno.EISDIR:
        return JournalWords.tr("it is a folder, not a file")
    if exc.errno in (errno.EACCES, errno.EPERM):
        return JournalWords.tr("permission was denied")
    if exc.errno == errno.EROFS:
        return JournalWords.tr("the disk is read-only")
    if exc.errno == errno.ENOSPC:
        return JournalWords.tr("the disk is full")
    if exc.errno == errno.ENOENT:
        return JournalWords.tr("its folder is not there")
    return exc.strerror or str(exc)


def _open_lock(path: Path, *, create: bool) -> int:
    """A descriptor on the lock file. Read and write (made if missing) when this user may;
    else read-only, which `flock` locks just as well (a lock file another user made, on a disk
    now read-only). LockUnavailableError if it can't be opened, or is not a regular file."""
    try:
        fd = os.open(path, os.O_RDWR | (os.O_CREAT if create else 0), 0o644)
    except OSError as exc:
        first = exc
        try:
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        except OSError:
            if not create and first.errno == errno.ENOENT:
                raise
            raise LockUnavailableError(path, _reason(first)) from None
    try:
        mode = os.fstat(fd).st_mode
    except OSError as exc:
        os.close(fd)
        raise LockUnavailableError(path, _reason(exc)) from None
    if not stat.S_ISREG(mode):
        os.close(fd)
        what = errno.EISDIR if stat.S_ISDIR(mode) else errno.EINVAL
        reason = (
            _reason(OSError(what, ""))
            if what == errno.EISDIR
            else JournalWords.tr("it is not a regular file")
        )
        raise LockUnavailableError(path, reason)
    return fd


class FolderLock:
    """An exclusive, non-blocking lock on the journal of one data folder."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.path = lock_path(directory)
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        """True while this object holds the lock."""
        return self._fd is not None

    def acquire(self) -> bool:
        """Takes the lock; False if another process holds it. OSError if the data folder can't
        be made at all (no journal can be written there either: opening it says why);
        LockUnavailableError if the folder is there but the lock can't be taken."""
        if self._fd is not None:
            return True
        self.directory.mkdir(parents=True, exist_ok=True)
        self.path = lock_path(self.directory)  # the journal may have appeared since
        fd = _open_lock(self.path, create=True)
        if fcntl is not None:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(fd)
                return False
            except OSError as exc:  # a file system that can't lock
                os.close(fd)
                raise LockUnavailableError(self.path, _reason(exc)) from None
        with contextlib.suppress(OSError):  # who holds it, for a person reading the folder
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode())
        self._fd = fd
        return True

    def release(self) -> None:
        """Lets the lock go. Calling it again does nothing."""
        if self._fd is not None:
            os.close(self._fd)  # closing the descriptor drops the flock
            self._fd = None


def held_by_another(directory: Path) -> bool:
    """True if a running window holds the journal's lock (a writing command must refuse).
    False when no lock is there, and when it can't be opened (`FolderLock.acquire` says why)."""
    path = lock_path(directory)
    try:
        fd = _open_lock(path, create=False)
    except (OSError, LockUnavailableError):
        return False
    try:
        if fcntl is None:  # pragma: no cover
            return False
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
        except OSError:
            return False
        fcntl.flock(fd, fcntl.LOCK_UN)
        return False
    finally:
        os.close(fd)
