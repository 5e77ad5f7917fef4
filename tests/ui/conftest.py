"""Fixtures for the table window: a real MainWindow at laptop size."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from tablelife.model.game_model import GameModel
from tablelife.model.settings import Settings
from tablelife.rules import FreeForAll, TwoHeadedGiant, Variant
from tablelife.rules.setup import GameSetup
from tablelife.ui.main_window import MainWindow

Factory = Callable[..., MainWindow]


@pytest.fixture
def make_window(qtbot: QtBot, tmp_path: Path) -> Factory:
    """Builds a shown MainWindow for a variant, 1366x768, with private settings."""

    def build(
        variant: Variant | None = None, names: tuple[str, ...] = (), idle_ms: int = 60_000
    ) -> MainWindow:
        setup = GameSetup(variant or TwoHeadedGiant(), names=names)
        settings = Settings(QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat))
        window = MainWindow(
            GameModel(setup, idle_ms=idle_ms),
            settings,
            lambda s: GameModel(s, idle_ms=idle_ms),
        )
        qtbot.addWidget(window)
        window.resize(1366, 768)
        # Shortcuts act only in the active window, as for a person.
        with qtbot.waitActive(window):
            window.show()
            window.activateWindow()
        return window

    return build


@pytest.fixture
def giant(make_window: Factory) -> MainWindow:
    """A Two-Headed Giant game: Ann & Bob (team 0) against Cal & Dee (team 1)."""
    return make_window(TwoHeadedGiant(), names=("Ann", "Bob", "Cal", "Dee"))


@pytest.fixture
def ffa4(make_window: Factory) -> MainWindow:
    """A four-player free-for-all at 20 life."""
    return make_window(FreeForAll(players=4))
