"""`LiveFeed`: what a server tells a device as other devices' steps commit, turned into a Qt
signal (DESIGN.md, "Several devices"). The server's notices arrive on a connection of their
own (`Journal.listen`, Qt-free); a `QSocketNotifier` on its socket wakes the event loop when
there is news, so nothing here waits or polls. A connection that drops is made again in a
thread of its own (connecting can take seconds on a lost network), once a second until the
server answers; then `back` says so, and whoever follows the feed reads what it missed from
the journal (the event's log), not a whole reload.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QSocketNotifier, QThread, QTimer, Signal
from shiboken6 import isValid

from tablelife.store import Journal, JournalError
from tablelife.store.live import Listener

RETRY_MS = 1000
"""How long a lost feed waits before it tries the server again."""

_connecting: set[_Connector] = set()
"""Connection attempts under way: each keeps itself alive until its thread ends, whatever
becomes of the feed that started it (a thread's object must outlive its thread)."""


class _Connector(QThread):
    """Opens a listening connection away from the event loop, then (back in the event loop,
    once its thread has ended) hands it to its feed, or closes it when the feed is gone."""

    def __init__(self, journal: Journal, feed: LiveFeed) -> None:
        super().__init__()
        self._journal = journal
        self.feed: LiveFeed | None = feed
        self._result: object = None
        _connecting.add(self)
        self.finished.connect(self._over)

    def run(self) -> None:
        try:
            self._result = self._journal.listen()
        except JournalError as exc:
            self._result = str(exc)

    def _over(self) -> None:
        _connecting.discard(self)
        feed, result = self.feed, self._result
        if feed is not None and isValid(feed):
            feed._on_connected(result)
        else:
            _discard(result)
        self.deleteLater()


class LiveFeed(QObject):
    """A journal's notices as signals. `start` it; `close` it when done (it holds a
    connection of its own)."""

    told = Signal(list)
    """The server told of changes (a list of `tablelife.store.live.Told`)."""
    lost = Signal(str)
    """The feed's connection was lost (why, in words); it is tried again every second."""
    back = Signal()
    """The feed is connected again: what was missed meanwhile is in the journal."""

    def __init__(self, journal: Journal, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._journal = journal
        self._listener: Listener | None = None
        self._notifier: QSocketNotifier | None = None
        self._connector: _Connector | None = None
        self._closed = False
        self._retry = QTimer(self)
        self._retry.setSingleShot(True)
        self._retry.setInterval(RETRY_MS)
        self._retry.timeout.connect(self._reconnect)

    @property
    def connected(self) -> bool:
        """True while the server's notices reach this feed."""
        return self._listener is not None

    def start(self) -> bool:
        """Connects (at once: a device opening the event waits for its server anyway). False
        when the journal tells nothing (a data folder) or the server can't be reached (then
        `lost` says so and it is tried again)."""
        try:
            listener = self._journal.listen()
        except JournalError as exc:
            self._lose(str(exc))
            return False
        if listener is None:
            return False
        self._attach(listener)
        return True

    def drain(self) -> None:
        """Takes what the server has told, without waiting, and says it (`told`). Called when
        the socket has news; calling it otherwise costs nothing (no query)."""
        listener = self._listener
        if listener is None:
            return
        try:
            told = listener.drain()
        except JournalError as exc:
            self._detach()
            self._lose(str(exc))
            return
        if told:
            self.told.emit(told)

    def close(self) -> None:
        """Stops listening; a connection attempt under way is let finish and closed."""
        self._closed = True
        self._retry.stop()
        self._detach()
        connector, self._connector = self._connector, None
        if connector is not None:
            connector.feed = None  # what it connects is closed once its thread ends

    def _attach(self, listener: Listener) -> None:
        self._listener = listener
        self._notifier = QSocketNotifier(listener.fileno(), QSocketNotifier.Type.Read, self)
        self._notifier.activated.connect(self.drain)

    def _detach(self) -> None:
        notifier, self._notifier = self._notifier, None
        if notifier is not None:
            notifier.setEnabled(False)  # before its socket closes
            notifier.deleteLater()
        listener, self._listener = self._listener, None
        if listener is not None:
            listener.close()

    def _lose(self, words: str) -> None:
        self.lost.emit(words)
        if not self._closed:
            self._retry.start()

    def _reconnect(self) -> None:
        if self._closed or self._connector is not None:
            return
        connector = _Connector(self._journal, self)
        self._connector = connector
        connector.start()

    def _on_connected(self, result: object) -> None:
        """A connection attempt is over: the listener, or why there is none (in words)."""
        self._connector = None
        if self._closed:
            _discard(result)
            return
        if isinstance(result, str) or result is None:
            self._retry.start()
            return
        self._attach(result)  # type: ignore[arg-type]
        self.back.emit()


def _discard(result: object) -> None:
    """A listener nobody wants any more (its feed was closed meanwhile)."""
    close = getattr(result, "close", None)
    if close is not None:
        close()
