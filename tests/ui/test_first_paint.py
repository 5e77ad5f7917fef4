"""`after_first_paint`: work a window's first frame doesn't need runs once that frame is out."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot

import tablelife.ui.widgets
from tablelife.ui.widgets import after_first_paint


def test_callbacks_run_after_the_first_paint_and_later_ones_at_once(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tablelife.ui.widgets, "FIRST_PAINT_FALLBACK_MS", 600_000)  # only the paint
    window = QLabel("30")
    qtbot.addWidget(window)
    ran: list[str] = []
    after_first_paint(window, lambda: ran.append("first"))
    after_first_paint(window, lambda: ran.append("second"))
    QApplication.processEvents()
    assert ran == []  # not shown, not painted: nothing yet
    window.show()
    qtbot.waitUntil(lambda: ran == ["first", "second"])
    after_first_paint(window, lambda: ran.append("late"))  # the frame is long out
    qtbot.waitUntil(lambda: ran == ["first", "second", "late"])
    window.repaint()  # another Paint, at once
    QApplication.processEvents()
    assert ran == ["first", "second", "late"]  # each runs once


def test_a_shown_window_that_never_paints_runs_them_after_the_fallback(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tablelife.ui.widgets, "FIRST_PAINT_FALLBACK_MS", 30)
    window = QLabel("30")
    qtbot.addWidget(window)
    window.setUpdatesEnabled(False)  # shown, but it paints nothing
    paints = _PaintCount()
    window.installEventFilter(paints)
    ran: list[str] = []
    after_first_paint(window, lambda: ran.append("fallback"))
    window.show()
    qtbot.waitUntil(lambda: ran == ["fallback"])
    assert paints.count == 0


class _PaintCount(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        self.count += event.type() == QEvent.Type.Paint
        return False


def test_a_total_s_measurements_are_kept_by_font_and_forgotten_when_fonts_change(
    qapp: QApplication,
) -> None:
    from PySide6.QtGui import QFont

    from tablelife.ui.widgets import _boxes, _measured

    font = QFont()
    font.setPixelSize(100)
    serif = QFont(font)
    serif.setFamilies([*font.families(), "DejaVu Serif"])  # the same key(), another font
    assert serif.key() == font.key()
    _measured(font, "88")
    _measured(serif, "88")
    _measured(font, "88")
    mine = [k for k in _boxes if k[0] == font.key()]
    assert len(mine) == 2  # one each: a fallback family can change the glyphs
    qapp.fontDatabaseChanged.emit()  # fonts added or removed: measure again
    assert _boxes == {}
