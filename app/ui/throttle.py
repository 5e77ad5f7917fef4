"""`Throttle`: runs a refresh (the history's) off the input path: a burst of changes costs one
refresh, and a lone change is shown in the next pass of the event loop, after what the person
is looking at has painted. With an interval of 0 that is every pass; the history uses 0 since a
refresh costs one row (issue 12). (A run posted at a priority below Qt's `UpdateRequest`, to
save that pass, measured the same within the noise of this 2-core machine: not kept.)"""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer


class Throttle(QObject):
    """Calls `action` after `poke`: in the next pass of the event loop when it last ran at
    least `interval_ms` ago, else once that long after it last ran (pokes in between are one)."""

    def __init__(
        self, action: Callable[[], None], interval_ms: int, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self._action = action
        self._interval = interval_ms / 1000
        self._last = 0.0
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._run)

    def poke(self) -> None:
        """Asks for one run of the action, soon."""
        if self._timer.isActive():
            return
        wait = self._last + self._interval - time.monotonic()
        self._timer.start(max(0, round(wait * 1000)))

    def is_active(self) -> bool:
        """True while a run is due."""
        return self._timer.isActive()

    def _run(self) -> None:
        self._last = time.monotonic()
        self._action()
