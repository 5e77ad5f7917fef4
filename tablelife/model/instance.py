"""One writer per data folder (DESIGN.md, "One writer").

The first Tablelife on a folder takes its lock (`tablelife.store.lock`) and listens on a local
socket named after the folder. A second start on the same folder finds the lock taken, asks the
first over the socket to come forward, and exits. If the first can't be reached (it hangs, or a
command holds the lock), the second opens read-only and says why; so does a start that can't
take the lock at all (`Claim.NO_LOCK`). The operating system drops the lock of a process that
dies, so a crashed first instance never locks anyone out.

The lock alone decides who writes, so the socket is not needed before the first window is on
screen: its caller `listen`s after the first paint, and QtNetwork (7 ms and 3 MB at start,
issue 12) loads then. A second start that comes in between keeps asking until `CONNECT_MS`.
"""

from __future__ import annotations

import hashlib
import os
import time
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from tablelife.store.lock import FolderLock, LockUnavailableError, lock_path

if TYPE_CHECKING:
    from PySide6.QtNetwork import QLocalServer, QLocalSocket

CONNECT_MS = 1500
RETRY_MS = 25
RAISE = b"raise\n"


class Claim(Enum):
    """What a start found on its data folder."""

    WRITER = "writer"
    """The folder is ours: this process writes the journal (and should `listen`)."""
    FORWARDED = "forwarded"
    """Another window holds it and was asked to come forward: this start should exit."""
    READ_ONLY = "read-only"
    """Another process holds it and did not answer: open read-only."""
    UNLOCKED = "unlocked"
    """The folder can't even be made: carry on, the journal will say (nothing is written)."""
    NO_LOCK = "no-lock"
    """The folder is there but its lock can't be taken (`SingleInstance.problem` says why):
    nothing would keep a second writer out, so open read-only."""


def server_name(directory: Path) -> str:
    """The local socket's name for a data folder: one per user and journal lock, so a folder
    whose journal is a symlink to another's reaches the window holding that one."""
    real = os.path.realpath(lock_path(directory))
    digest = hashlib.sha256(real.encode("utf-8", "surrogateescape")).hexdigest()[:16]
    uid = os.getuid() if hasattr(os, "getuid") else 0
    return f"tablelife-{uid}-{digest}"


class SingleInstance(QObject):
    """Claims a data folder for this process; emits `activation_requested` when a later
    start asks this window to come forward."""

    activation_requested = Signal()

    def __init__(self, directory: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.directory = directory
        self.name = server_name(directory)
        self.lock = FolderLock(directory)
        self.problem: str | None = None
        """Why the lock can't be taken (`Claim.NO_LOCK`), in words; else None."""
        self._server: QLocalServer | None = None

    def claim(self) -> Claim:
        """Takes the folder, or asks its holder to come forward; see `Claim`. The holder
        listens only once its window is on screen, so a start finding no one to ask keeps
        trying for `CONNECT_MS`: the holder may come up, or go and leave the folder free."""
        deadline = time.monotonic() + CONNECT_MS / 1000
        while True:
            try:
                if self.lock.acquire():
                    return Claim.WRITER
            except LockUnavailableError as exc:
                self.problem = str(exc)
                return Claim.NO_LOCK
            except OSError:
                return Claim.UNLOCKED
            answered = self._ask_to_raise()
            if answered is not None:
                return Claim.FORWARDED if answered else Claim.READ_ONLY
            if time.monotonic() >= deadline:
                return Claim.READ_ONLY
            time.sleep(RETRY_MS / 1000)

    def listen(self) -> None:
        """Answers later starts on the folder (they ask this window to come forward). Only
        for the holder of the lock; once is enough."""
        if self._server is not None or not self.lock.held:
            return
        from PySide6.QtNetwork import QLocalServer

        # We hold the lock, so a socket left by a crashed holder is stale: clear it first.
        QLocalServer.removeServer(self.name)
        server = QLocalServer(self)
        server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        if server.listen(self.name):
            server.newConnection.connect(self._on_new_connection)
            self._server = server

    def _on_new_connection(self) -> None:
        assert self._server is not None
        while (socket := self._server.nextPendingConnection()) is not None:
            socket.readyRead.connect(lambda s=socket: self._on_ready_read(s))
            socket.disconnected.connect(socket.deleteLater)
            if socket.bytesAvailable():
                self._on_ready_read(socket)

    def _on_ready_read(self, socket: QLocalSocket) -> None:
        if bytes(socket.readAll().data()).startswith(RAISE.strip()):
            self.activation_requested.emit()
            socket.write(b"ok\n")
            socket.flush()

    def _ask_to_raise(self) -> bool | None:
        """Asks the holder to come forward: True if it answered, False if it was reached and
        did not answer, None if no one listens (yet) on the folder's socket."""
        from PySide6.QtNetwork import QLocalSocket

        socket = QLocalSocket()
        socket.connectToServer(self.name)
        if not socket.waitForConnected(CONNECT_MS):
            starting = socket.error() in (
                QLocalSocket.LocalSocketError.ServerNotFoundError,
                QLocalSocket.LocalSocketError.ConnectionRefusedError,
            )
            return None if starting else False
        socket.write(RAISE)
        answered = socket.waitForBytesWritten(CONNECT_MS) and socket.waitForReadyRead(CONNECT_MS)
        socket.disconnectFromServer()
        return answered

    def release(self) -> None:
        """Stops listening and lets the folder go (at exit)."""
        if self._server is not None:
            self._server.close()
            self._server = None
        self.lock.release()
