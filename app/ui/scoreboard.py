"""The scoreboard: a second window for a projector or a second screen.

The round and its clock, huge; the tables as a read-only grid of statuses that follows the desk
live (finished tables fade). Between rounds it shows the standings. A "feature table" mode
shows one table's totals as big as the kitchen window does, on a plain background that
streaming software can key out.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent, QScreen
from PySide6.QtWidgets import QGridLayout, QLabel, QStackedWidget, QVBoxLayout, QWidget

from app.model.event_model import EventModel
from app.ui.desk import clock_text, status_words
from app.ui.theme import repolish
from app.ui.widgets import BigNumber, ElidedLabel

COLUMNS = 4


class Scoreboard(QWidget):
    """The projector window; it only reads the event."""

    def __init__(self, event: EventModel, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.model = event
        self.feature: int | None = None
        self.setObjectName("scoreboard")
        self.setWindowTitle(f"Tablelife scoreboard \u2014 {event.name}")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 16, 24, 16)
        self.round_label = ElidedLabel("")
        self.round_label.setObjectName("boardRound")
        self.round_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.clock_label = QLabel("--:--")
        self.clock_label.setObjectName("boardClock")
        self.clock_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(self.round_label)
        layout.addWidget(self.clock_label)
        self.stack = QStackedWidget()
        self.grid_page = QWidget()
        self.grid = QGridLayout(self.grid_page)
        self.grid.setSpacing(12)
        self.tiles: dict[int, QLabel] = {}
        self.standings_label = QLabel("")
        self.standings_label.setObjectName("boardStandings")
        self.standings_label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignHCenter)
        self.feature_page = QWidget()
        self.feature_page.setObjectName("feature")
        feature = QGridLayout(self.feature_page)
        self.feature_names = [ElidedLabel(""), ElidedLabel("")]
        self.feature_life = [BigNumber(), BigNumber()]
        for i in range(2):
            self.feature_names[i].setObjectName("featureName")
            self.feature_names[i].setAlignment(Qt.AlignmentFlag.AlignCenter)
            feature.addWidget(self.feature_names[i], 0, i)
            feature.addWidget(self.feature_life[i], 1, i)
        feature.setRowStretch(1, 1)
        for page in (self.grid_page, self.standings_label, self.feature_page):
            self.stack.addWidget(page)
        layout.addWidget(self.stack, 1)
        event.changed.connect(self.refresh)
        event.ticked.connect(self._on_tick)
        event.table_changed.connect(lambda _t: self.refresh())
        self.refresh()

    def refresh(self) -> None:
        """Redraws from the event."""
        current = self.model.tournament.current
        words = f"{self.model.name} \u00b7 Round {current.number}" if current else self.model.name
        self.round_label.setText(words)
        self._on_tick()
        if self.feature is not None and current is not None and self.feature in self.model.games:
            self._show_feature(self.feature)
            return
        if current is None or current.finished:
            self._show_standings()
            return
        self.stack.setCurrentWidget(self.grid_page)
        for number_ in set(self.tiles) - {t.number for t in current.tables}:
            self.tiles.pop(number_).deleteLater()
        for i, table in enumerate(current.tables):
            tile = self.tiles.get(table.number)
            if tile is None:
                tile = QLabel()
                tile.setObjectName("tile")
                tile.setWordWrap(True)
                self.tiles[table.number] = tile
                self.grid.addWidget(tile, i // COLUMNS, i % COLUMNS)
            teams = " v ".join(table.teams)
            rows = (len(current.tables) + COLUMNS - 1) // COLUMNS
            for r in range(max(rows, self.grid.rowCount())):
                self.grid.setRowStretch(r, 1 if r < rows else 0)
            status = _html(status_words(self.model, table))
            tile.setText(f"<b>{table.number}</b> &nbsp; {_html(teams)}<br>{status}")
            done = "yes" if table.finished else "no"
            if tile.property("done") != done:
                tile.setProperty("done", done)
                repolish(tile)

    def _show_standings(self) -> None:
        rows = self.model.tournament.standings()[:16]
        lines = [
            f"<tr><td>{s.rank}</td><td>{_html(s.team)}</td><td>{s.points}</td>"
            f"<td>{s.omw:.1%}</td><td>{s.gw:.1%}</td><td>{s.ogw:.1%}</td></tr>"
            for s in rows
        ]
        self.standings_label.setText(
            "<table cellpadding=6><tr><th>#</th><th>Team</th><th>Points</th><th>OMW</th>"
            f"<th>GW</th><th>OGW</th></tr>{''.join(lines)}</table>"
        )
        self.stack.setCurrentWidget(self.standings_label)

    def set_feature(self, table: int | None) -> None:
        """Shows one tracked table's totals huge (None: back to the grid)."""
        self.feature = table
        self.refresh()

    def _show_feature(self, table: int) -> None:
        game = self.model.games[table].game
        for i in range(2):
            team = i if i < game.variant.teams else 0
            self.feature_names[i].setText(self.model.games[table].setup.team_names[team])
            self.feature_life[i].setText(str(game.life(team)))
        self.stack.setCurrentWidget(self.feature_page)

    def _on_tick(self) -> None:
        left = self.model.time_left()
        self.clock_label.setText(clock_text(left))
        over = "yes" if left is not None and left <= 0 else "no"
        if self.clock_label.property("over") != over:
            self.clock_label.setProperty("over", over)
            repolish(self.clock_label)

    def show_on(self, screen: QScreen) -> None:
        """Full screen on a chosen screen (a projector)."""
        self.setScreen(screen)
        self.setGeometry(screen.geometry())
        self.showFullScreen()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Escape, Qt.Key.Key_F11) and self.isFullScreen():
            self.showNormal()
            return
        super().keyPressEvent(event)


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
