"""Helpers for driving the table window like a person."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QPushButton
from pytestqt.qtbot import QtBot

from tablelife.ui.main_window import MainWindow
from tablelife.ui.table_view import TableView


def button(window: MainWindow | TableView, player: int, life: int, poison: int = 0) -> QPushButton:
    """The tap button of one player, in the kitchen window or a table view (the desk's)."""
    view = window.table if isinstance(window, MainWindow) else window
    for panel in view.panels:
        for row in panel.heads:
            if row.player == player:
                return row.buttons[(life, poison)]
    raise LookupError(player)


def click(qtbot: QtBot, window: MainWindow, player: int, life: int, poison: int = 0) -> None:
    """Clicks a player's tap button with the mouse."""
    qtbot.mouseClick(button(window, player, life, poison), Qt.MouseButton.LeftButton)


def answer(monkeypatch: pytest.MonkeyPatch, yes: bool) -> list[str]:
    """Answers every yes/no question; returns the questions asked."""
    asked: list[str] = []

    def question(*args: object, **kwargs: object) -> QMessageBox.StandardButton:
        asked.append(str(args[2]))
        return QMessageBox.StandardButton.Yes if yes else QMessageBox.StandardButton.No

    monkeypatch.setattr(QMessageBox, "question", question)
    return asked
