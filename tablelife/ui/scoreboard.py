"""The scoreboard: a second window for a projector or a second screen.

The round and its clock, huge; the tables as a read-only grid of statuses that follows the desk
live (finished tables fade). Between rounds it shows the standings. A "feature table" mode
shows one table's totals as big as the kitchen window does, on a plain background that
streaming software can key out. A "pairings by name" mode lists every player of the round
alphabetically with their table, in columns, so players find their own name (F9 at the desk).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeyEvent, QResizeEvent, QScreen
from PySide6.QtWidgets import QGridLayout, QLabel, QStackedWidget, QVBoxLayout, QWidget

from tablelife.model.desk_words import clock_text, needs_staff, status_words, versus
from tablelife.model.event_model import EventModel
from tablelife.rules.i18n import arg
from tablelife.ui.event_dialogs import standing_name
from tablelife.ui.team_panel import poison_total
from tablelife.ui.theme import repolish
from tablelife.ui.widgets import BigNumber, ElidedLabel, percent

COLUMNS = 4
PAGE = 16
"""Tables a page shows: four rows of four, at a size read from the back of the room. A round
with more tables shows them a page at a time, turning every PAGE_SECONDS."""
PAGE_SECONDS = 8
NAME_COLUMNS = 3
NAME_ROWS = 15
NAME_PAGE = NAME_COLUMNS * NAME_ROWS
"""Players a page of the pairings by name shows: three columns of fifteen, alphabetical
down each column."""
NAME_PAGE_SECONDS = 15
"""A page of names stays longer than a page of tables: players scan it for their own."""


class Scoreboard(QWidget):
    """The projector window; it only reads the event."""

    def __init__(self, event: EventModel, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.model = event
        self.feature: int | None = None
        self.names = False
        """True while the pairings by name show (F9 at the desk)."""
        self.page = 0
        """The page of tables shown (of `pages`), when a round has more than PAGE."""
        self._shown_for = 0  # ticks the page has been shown
        self.setObjectName("scoreboard")
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
        self.names_label = QLabel("")
        self.names_label.setObjectName("boardNames")
        self.names_label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignHCenter)
        self.feature_page = QWidget()
        self.feature_page.setObjectName("feature")
        self._feature = QGridLayout(self.feature_page)
        # A column per team at the featured table (two, or a pod's three to five): its
        # name, its life and its poison.
        self.feature_names: list[ElidedLabel] = []
        self.feature_life: list[BigNumber] = []
        self.feature_poison: list[QLabel] = []
        self._feature_columns(2)
        self._feature.setRowStretch(1, 1)
        self._feature.setHorizontalSpacing(160)  # totals side by side never run together
        for page in (self.grid_page, self.standings_label, self.feature_page, self.names_label):
            self.stack.addWidget(page)
        layout.addWidget(self.stack, 1)
        event.changed.connect(self.refresh)
        event.ticked.connect(self._on_tick)
        event.table_changed.connect(lambda _t: self.refresh())
        self.refresh()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.refresh()  # every word here is computed from the event
        super().changeEvent(event)

    def refresh(self) -> None:
        """Redraws from the event."""
        self.setWindowTitle(arg(self.tr("Tablelife scoreboard \u2014 %1"), self.model.name))
        current = self.model.tournament.current
        words = (
            arg(self.tr("%1 \u00b7 Round %2"), self.model.name, current.number)
            if current
            else self.model.name
        )
        tables = current.tables if current is not None else ()
        pages = self.pages
        self.page %= pages
        shown = tables[self.page * PAGE : (self.page + 1) * PAGE]
        if current is not None and self._showing_names():
            self._show_names(current.number)
            return
        if pages > 1 and current is not None and not current.finished:
            # Which tables, and that more follow: staff and players wait for their page.
            words = (
                arg(
                    self.tr("%1 \u00b7 tables %2\u2013%3 (page %4 of %5)"),
                    words,
                    shown[0].number,
                    shown[-1].number,
                    self.page + 1,
                    pages,
                )
                if len(shown) > 1
                else arg(
                    self.tr("%1 \u00b7 table %2 (page %3 of %4)"),
                    words,
                    shown[0].number,
                    self.page + 1,
                    pages,
                )
            )
        elif pages > 1:
            words = arg(self.tr("%1 \u00b7 standings, page %2 of %3"), words, self.page + 1, pages)
        self.round_label.setText(words)
        self._show_clock()
        if self.feature is not None and current is not None and self.feature in self.model.games:
            self._show_feature(self.feature)
            return
        if current is None or current.finished:
            self._show_standings()
            return
        self.stack.setCurrentWidget(self.grid_page)
        for number_ in set(self.tiles) - {t.number for t in shown}:
            gone = self.tiles.pop(number_)
            self.grid.removeWidget(gone)  # its cell is the next page's at once
            gone.deleteLater()
        for i, table in enumerate(shown):
            tile = self.tiles.get(table.number)
            if tile is None:
                tile = QLabel()
                tile.setObjectName("tile")
                tile.setWordWrap(True)
                self.tiles[table.number] = tile
                self.grid.addWidget(tile, i // COLUMNS, i % COLUMNS)
            # "Hugo & Iris" stays on one line: a tile wraps between the teams, not inside one.
            teams = versus([t.replace(" & ", "\u00a0&\u00a0") for t in table.teams])
            rows = (len(shown) + COLUMNS - 1) // COLUMNS
            for r in range(max(rows, self.grid.rowCount())):
                self.grid.setRowStretch(r, 1 if r < rows else 0)
            status = _html(status_words(self.model, table))
            minutes = round(table.extension / 60)
            if minutes and not table.finished:
                extension = self.tr("+%n min", "", minutes)
                status += f" &nbsp; <b>{_html(extension)}</b>"
            tile.setText(f"<b>{table.number}</b> &nbsp; {_html(teams)}<br>{status}")
            done = "yes" if table.finished else "no"
            attention = "yes" if needs_staff(self.model, table) else "no"
            if tile.property("done") != done or tile.property("attention") != attention:
                tile.setProperty("done", done)
                tile.setProperty("attention", attention)
                repolish(tile)

    def _show_standings(self) -> None:
        tournament = self.model.tournament
        rows = tournament.standings()[self.page * PAGE : (self.page + 1) * PAGE]
        lines = [
            f"<tr><td>{s.rank}</td><td>{_html(standing_name(s.team, tournament.dropped))}</td>"
            f"<td>{s.points}</td>"
            f"<td>{percent(s.omw, 1)}</td><td>{percent(s.gw, 1)}</td>"
            f"<td>{percent(s.ogw, 1)}</td></tr>"
            for s in rows
        ]
        # OMW, GW and OGW are the tiebreakers' names in the MTR (Appendix C), kept as they
        # are in every language, as players know them from printed standings.
        headers = (
            "#",
            self.tr("Team"),
            self.tr("Points"),
            self.tr("OMW", "opponents' match-win %"),
            self.tr("GW", "game-win %"),
            self.tr("OGW", "opponents' game-win %"),
        )
        head = "".join(f"<th>{_html(h)}</th>" for h in headers)
        self.standings_label.setText(
            f"<table align=center cellpadding=4 cellspacing=2><tr>{head}</tr>"
            f"{''.join(lines)}</table>"
        )
        self.stack.setCurrentWidget(self.standings_label)

    def set_feature(self, table: int | None) -> None:
        """Shows one tracked table's totals huge (None: back to the grid)."""
        self.feature = table
        self.refresh()

    def set_names(self, on: bool) -> None:
        """Shows the round's pairings by player's name (False: back to the tables)."""
        self.names = on
        self.page = 0
        self._shown_for = 0
        self.refresh()

    def _showing_names(self) -> bool:
        return self.names and self.feature is None and self.model.tournament.current is not None

    def _show_names(self, number: int) -> None:
        """The round's players by name, alphabetical down each column, each with their table
        (or "bye"), a page at a time. The heading says which names the page holds (the event
        is in the window's title: the room is the names')."""
        rows = self.model.pairings_by_name()
        pages = self.pages
        shown = rows[self.page * NAME_PAGE : (self.page + 1) * NAME_PAGE]
        words = arg(self.tr("Round %1 \u00b7 pairings by name"), number)
        if shown and pages > 1:
            words = arg(
                self.tr("%1 \u00b7 %2 \u2013 %3 \u00b7 page %4 of %5"),
                words,
                _elided(shown[0].player, 12),
                _elided(shown[-1].player, 12),
                self.page + 1,
                pages,
            )
        self.round_label.setText(words)
        self._show_clock()
        columns = [shown[i : i + NAME_ROWS] for i in range(0, len(shown), NAME_ROWS)]
        bye = self.tr("bye", "a player's table in the pairings: none, a bye")
        lines = []
        for r in range(max((len(c) for c in columns), default=0)):
            cells = []
            for c in range(NAME_COLUMNS):
                gap = "<td width=5%></td>" if c else ""
                column = columns[c] if c < len(columns) else []
                if r < len(column):
                    row = column[r]
                    table = str(row.table) if row.table is not None else bye
                    # The table beside the name, not across the column from it.
                    cells.append(
                        f"{gap}<td width=7% align=right><b>{_html(table)}</b></td>"
                        f"<td width=23%>&nbsp;&nbsp;{_html(_elided(row.player))}</td>"
                    )
                else:
                    cells.append(f"{gap}<td width=7%></td><td width=23%></td>")
            lines.append(f"<tr>{''.join(cells)}</tr>")
        heads = "".join(
            ("<th></th>" if c else "")
            + f"<th align=right>{_html(self.tr('Table'))}</th>"
            + f"<th align=left>&nbsp;&nbsp;{_html(self.tr('Name'))}</th>"
            for c in range(NAME_COLUMNS)
        )
        self.names_label.setText(
            f"<table width=100% cellpadding=3 cellspacing=0><tr>{heads}</tr>"
            f"{''.join(lines)}</table>"
        )
        self.stack.setCurrentWidget(self.names_label)

    def _feature_columns(self, teams: int) -> None:
        while len(self.feature_names) < teams:
            column = len(self.feature_names)
            name, life, poison = ElidedLabel(""), BigNumber(fill=0.6), QLabel("")
            for label in (name, poison):
                label.setObjectName("featureName")
                label.setAlignment(Qt.AlignmentFlag.AlignCenter)
            self._feature.addWidget(name, 0, column)
            self._feature.addWidget(life, 1, column)
            self._feature.addWidget(poison, 2, column)
            self.feature_names.append(name)
            self.feature_life.append(life)
            self.feature_poison.append(poison)
        for column, widgets in enumerate(
            zip(self.feature_names, self.feature_life, self.feature_poison, strict=True)
        ):
            for widget in widgets:
                widget.setVisible(column < teams)

    def _show_feature(self, table: int) -> None:
        model = self.model.games[table]
        game = model.game
        teams = game.variant.teams
        self._feature_columns(teams)
        for team in range(teams):
            self.feature_names[team].setText(model.setup.team_names[team])
            self.feature_life[team].setText(str(game.life(team)))
            self.feature_poison[team].setText(
                poison_total(game.poison(team), game.variant.poison_limit)
            )
        self.stack.setCurrentWidget(self.feature_page)

    @property
    def pages(self) -> int:
        """Pages of tables in the current round, or of teams in the standings between rounds
        (1 for up to PAGE)."""
        tournament = self.model.tournament
        current = tournament.current
        if self._showing_names():
            return max(1, -(-len(self.model.pairings_by_name()) // NAME_PAGE))
        if current is None or current.finished:
            count = len(tournament.teams)
        else:
            count = len(current.tables)
        return max(1, -(-count // PAGE))

    def _on_tick(self) -> None:
        self._shown_for += 1
        seconds = NAME_PAGE_SECONDS if self._showing_names() else PAGE_SECONDS
        if self._shown_for >= seconds and self.pages > 1 and self.feature is None:
            self._shown_for = 0
            self.page = (self.page + 1) % self.pages
            self.refresh()
        else:
            self._show_clock()

    def _show_clock(self) -> None:
        left = self.model.clock_shows()
        self.clock_label.setText(clock_text(left))
        # No round under way (between rounds: the standings): no clock, and room for them.
        self.clock_label.setVisible(left is not None)
        over = "yes" if left is not None and left <= 0 else "no"
        if self.clock_label.property("over") != over:
            self.clock_label.setProperty("over", over)
            repolish(self.clock_label)

    def resizeEvent(self, event: QResizeEvent) -> None:
        # A laptop-sized window (or a small projector) gets smaller type, so every status fits.
        super().resizeEvent(event)
        compact = "yes" if self.height() <= 900 or self.width() < 1500 else "no"
        if self.property("compact") != compact:
            self.setProperty("compact", compact)
            repolish(self)

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


def _elided(name: str, most: int = 24) -> str:
    """A name cut to `most` characters with "…", so a column keeps its width."""
    return name if len(name) <= most else name[: most - 1] + "…"


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
