"""Small widgets: a number that fills its space, and a label that elides long names; and
percentages as the reader writes them."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QEvent, QLocale, QObject, QRect, QSize, Qt, QTimer
from PySide6.QtGui import (
    QFont,
    QFontMetrics,
    QGuiApplication,
    QPainter,
    QPaintEvent,
    QResizeEvent,
    QShowEvent,
)
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

_REFERENCE_PX = 100
_boxes: dict[tuple[str, tuple[str, ...], str], QRect] = {}
"""`BigNumber`'s measurements at the reference size, by font (its key and its fallback
families, which the key leaves out) and sample: a window's start fits its numbers some 70
times over three samples (7 ms of measuring; issue 12). Emptied when the fonts change."""


def _measured(font: QFont, sample: str) -> QRect:
    global _watched
    key = (font.key(), tuple(font.families()), sample)
    box = _boxes.get(key)
    if box is None:
        app = QGuiApplication.instance()
        if app is not _watched and isinstance(app, QGuiApplication):
            app.fontDatabaseChanged.connect(lambda: _boxes.clear())
            _watched = app
        box = _boxes[key] = QFontMetrics(font).tightBoundingRect(sample)
    return box


_watched: QGuiApplication | None = None
"""The application whose font changes empty `_boxes`."""


def percent(fraction: float, decimals: int = 2) -> str:
    """A fraction as a percentage in the reader's language: "33.33%" in English, "33,33 %"
    in Russian (the decimal mark from the locale the language set, the sign's spacing from
    the translation)."""
    number = QLocale().toString(fraction * 100, "f", decimals)
    return QCoreApplication.translate("Percent", "%1%", "a percentage: 33.33%").replace(
        "%1", number
    )


FIRST_PAINT_FALLBACK_MS = 1000
"""How long after it is shown a window that never paints (minimised, covered) waits before
running its `after_first_paint` callbacks anyway."""


class _FirstFrame(QObject):
    """Runs callbacks once a window's first frame is painted (see `after_first_paint`)."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.callbacks: list[Callable[[], None]] = []
        self.done = False
        self._window = window
        self._fallback = QTimer(self)
        self._fallback.setSingleShot(True)
        self._fallback.timeout.connect(self._run)
        window.installEventFilter(self)
        if window.isVisible():
            self._fallback.start(FIRST_PAINT_FALLBACK_MS)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.Show and not self._fallback.isActive():
            self._fallback.start(FIRST_PAINT_FALLBACK_MS)
        elif kind == QEvent.Type.Paint:
            # The paint is under way: a zero timer runs once it, and the rest of the frame,
            # is done.
            self._window.removeEventFilter(self)
            QTimer.singleShot(0, self, self._run)
        return False

    def _run(self) -> None:
        if self.done:
            return
        self.done = True
        self._fallback.stop()
        self._window.removeEventFilter(self)
        callbacks, self.callbacks = self.callbacks, []
        for callback in callbacks:
            callback()


def after_first_paint(window: QWidget, callback: Callable[[], None]) -> None:
    """Calls `callback` once `window` has painted its first frame (or `FIRST_PAINT_FALLBACK_MS`
    after it is shown, if it never paints): work the first frame doesn't need waits until the
    window is on screen. Once that frame is out, a callback runs in the next pass of the loop."""
    frame = window.findChild(_FirstFrame, options=Qt.FindChildOption.FindDirectChildrenOnly)
    if frame is None:
        frame = _FirstFrame(window)
    if frame.done:
        QTimer.singleShot(0, frame, callback)
    else:
        frame.callbacks.append(callback)


class BigNumber(QLabel):
    """A label whose font grows with its size, so a total is readable across the table."""

    def __init__(self, text: str = "", fill: float = 0.9, parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        self._fill = fill
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)
        self.setMinimumSize(40, 30)
        font = self.font()
        font.setWeight(QFont.Weight.Bold)
        self.setFont(font)

    def setText(self, text: str) -> None:
        """Sets the text and refits the font if its length changed."""
        grew = len(text) != len(self.text())
        super().setText(text)
        if grew:
            self._fit()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def changeEvent(self, event: QEvent) -> None:
        # Re-polishing by the style sheet (a pending amount turning from gain to loss) resets
        # the font to the style's: fit it again, or the number shrinks to body text.
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._fit()

    def showEvent(self, event: QShowEvent) -> None:
        # Text set while hidden (a table opened and tapped at once) was fitted to no size.
        super().showEvent(event)
        self._fit()

    def _fit(self) -> None:
        # Measure at a reference size once, then scale: the glyphs fill the height, unless the
        # width runs out first. Sized by the widest digits, and never for fewer than two, so
        # totals don't jump as they change and a 9 is no bigger than a 19.
        font = QFont(self.font())
        font.setPixelSize(_REFERENCE_PX)
        sample = "".join("8" if c.isdigit() else c for c in self.text()).rjust(2, "8")
        box = _measured(font, sample)
        if box.isEmpty() or self.height() <= 0:
            return
        scale = min(self._fill * self.height() / box.height(), 0.94 * self.width() / box.width())
        font.setPixelSize(max(8, int(_REFERENCE_PX * scale)))
        if font.pixelSize() != self.font().pixelSize():
            self.setFont(font)

    def glyph_height(self) -> int:
        """The height in pixels of the digits as drawn."""
        return QFontMetrics(self.font()).tightBoundingRect("0123456789").height()


class SizedLabel(QLabel):
    """A label whose font size its owner sets (`set_pixel_size`: words that grow with a panel)
    and that keeps it: a re-polish by the style sheet (a panel that turns grey as its team
    leaves, a second window applying the theme) resets a widget's font to the style's, and
    the size comes back at once instead of at the next resize (issue 26, defect 1)."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        self._pixel_size = 0
        self._bold = False

    def set_pixel_size(self, pixels: int, *, bold: bool = True) -> None:
        """Draws the text at `pixels` pixels (bold unless told), from now on."""
        self._pixel_size, self._bold = pixels, bold
        self._keep_size()

    def _keep_size(self) -> None:
        if not self._pixel_size:
            return
        font = QFont(self.font())
        font.setPixelSize(self._pixel_size)
        if self._bold:
            font.setWeight(QFont.Weight.Bold)
        if font != self.font():
            self.setFont(font)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._keep_size()


class ElidedLabel(SizedLabel):
    """A one-line label that shows "Very long na…" rather than breaking the layout. With a
    `shrink` below 1 it first draws its text smaller, down to that share of its font's size,
    and elides only what still doesn't fit."""

    def __init__(self, text: str = "", parent: QWidget | None = None, shrink: float = 1.0) -> None:
        super().__init__(text, parent)
        self._shrink = shrink
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.setMinimumWidth(20)

    def minimumSizeHint(self) -> QSize:
        return QSize(20, super().minimumSizeHint().height())

    def shown(self) -> tuple[QFont, str]:
        """The font and the text as they are drawn at the label's width now."""
        font, text, width = self.font(), self.text(), self.contentsRect().width()
        metrics = self.fontMetrics()
        wide = metrics.horizontalAdvance(text)
        if self._shrink < 1 and wide > width > 0:
            font = QFont(font)
            scale = max(self._shrink, width / wide)
            if font.pixelSize() > 0:
                font.setPixelSize(max(1, int(font.pixelSize() * scale)))
            else:
                font.setPointSizeF(font.pointSizeF() * scale)
            metrics = QFontMetrics(font)
        return font, metrics.elidedText(text, Qt.TextElideMode.ElideRight, width)

    def elided(self) -> str:
        """The text as it fits now."""
        return self.shown()[1]

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        rect: QRect = self.contentsRect()
        font, text = self.shown()
        painter.setFont(font)
        painter.setPen(self.palette().color(self.foregroundRole()))
        painter.drawText(rect, int(self.alignment()), text)
