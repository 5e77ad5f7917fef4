"""Command line, QApplication and wiring."""

from __future__ import annotations

import sys

from PySide6.QtWidgets import QApplication, QHBoxLayout, QLabel, QWidget

from app.rules import Game, TwoHeadedGiant


def main(argv: list[str] | None = None) -> int:
    """Starts Tablelife; returns the exit code."""
    app = QApplication(sys.argv if argv is None else argv)
    game = Game(TwoHeadedGiant())
    window = QWidget()
    window.setWindowTitle("Tablelife")
    row = QHBoxLayout(window)
    for team in range(game.variant.teams):
        label = QLabel(f"Team {team + 1}\n{game.life(team)}")
        label.setStyleSheet("font-size: 96px")
        row.addWidget(label)
    window.show()
    return app.exec()
