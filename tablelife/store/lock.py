"""The one-writer lock on a data folder (DESIGN.md, "One writer"). Qt-free.

A window that writes the journal holds an exclusive `flock` on `tablelife.lock` in the folder
for as long as it runs. The operating system drops the lock when the process ends, however it
ends, so a crashed window never locks anyone out: the next start simply takes it.
Writing commands (`tablelife import`, `tablelife event new/pair/result`) check the same lock and
refuse while a window holds it; reading commands never look at it.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

LOCK_NAME = "tablelife.lock"

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: no flock; a second copy is caught by Qt only
    fcntl = None  # type: ignore[assignment]


class FolderLock:
    """An exclusive, non-blocking lock on one data folder."""

    def __init__(self, directory: Path) -> None:
        self.path = directory / LOCK_NAME
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        """True while this object holds the lock."""
        return self._fd is not None

    def acquire(self) -> bool:
        """Takes the lock; False if another process holds it. Raises OSError if the folder
        can't be used at all (the caller then runs unsaved, as for any unwritable folder)."""
        if self._fd is not None:
            return True
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        if fcntl is not None:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(fd)
                return False
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
    """True if a running window holds the folder's lock (a writing command must refuse)."""
    lock = FolderLock(directory)
    if not lock.path.exists():
        return False
    try:
        fd = os.open(lock.path, os.O_RDWR)
    except OSError:
        return False
    try:
        if fcntl is None:  # pragma: no cover
            return False
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
        fcntl.flock(fd, fcntl.LOCK_UN)
        return False
    finally:
        os.close(fd)
