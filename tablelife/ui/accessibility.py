"""What a screen reader hears as the game changes. Every change the window says aloud goes
through ONE helper, `announce`: assistive technology (AT-SPI on Linux, UI Automation on
Windows, NSAccessibility on macOS) gets it as a polite announcement, and `announcer()`'s
signal carries it too, for a test (or a log) to watch.

The totals themselves carry their numbers in their accessible names ("Ann & Bob: 27 life, 3
poison"), so a screen reader that reads a panel hears them, and a name that changes is an
event of its own; `announce` says what one committed change did, in one sentence.
"""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QCoreApplication, QObject, Signal
from PySide6.QtWidgets import QWidget


class Announcer(QObject):
    """The one channel the window's announcements pass through."""

    announced = Signal(QObject, str)
    """Words were said to assistive technology: the widget they are about, and the words."""


_announcer: Announcer | None = None


def announcer() -> Announcer:
    """The application's announcer (made at the first call, owned by the application)."""
    global _announcer
    if _announcer is None or not shiboken6.isValid(_announcer):
        _announcer = Announcer(QCoreApplication.instance())
    return _announcer


def announce(widget: QWidget, text: str) -> None:
    """Says `text` (about `widget`) to a screen reader, when one listens, as a polite
    announcement (`QAccessibleAnnouncementEvent`: it waits for what is being read), and
    emits it on `announcer().announced`."""
    if not text:
        return
    announcer().announced.emit(widget, text)
    # Loaded when first said: QAccessible's types cost the start a few ms (issue 12).
    from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent

    if QAccessible.isActive():
        QAccessible.updateAccessibility(QAccessibleAnnouncementEvent(widget, text))
