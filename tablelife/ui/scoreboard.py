"""The scoreboard: a second window for a projector or a second screen.

The round and its clock, huge; the tables as a read-only grid of statuses that follows the desk
live (finished tables fade). Between rounds it shows the standings. A "feature table" mode
shows one table's totals as big as the kitchen window does, on a plain background that
streaming software can key out. What only staff need (a corrected result, the red frame of a
table that needs them) stays at the desk. A "pairings by name" mode lists every player of the
round alphabetically with their table, in columns, so players find their own name (F9 at the
desk).
"""

from __future__ import annotations

from collections.abc import Collection

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeyEvent, QResizeEvent, QScreen
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QLabel,
    QSizePolicy,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from tablelife.model.desk_words import clock_text, status_words, versus, winner
from tablelife.model.event_model import EventModel, Standing, TableState, decisive_decimals
from tablelife.rules.i18n import arg, translate
from tablelife.ui.event_dialogs import podium_words, standing_name
from tablelife.ui.team_panel import poison_total
from tablelife.ui.theme import repolish
from tablelife.ui.widgets import BigNumber, ElidedLabel, percent

COLUMNS = 4
PAGE = 16
"""Tables a page shows: four rows of four, at a size read from the back of the room. A round
with more tables shows them a page at a time, turning every PAGE_SECONDS."""
PAGE_SECONDS = 8
NAME_SHRINK = 0.7
"""A long team name is drawn down to this share of its size before it is cut with "…"."""


def _won() -> str:
    return translate("Desk", "won", "a team's status on its card")


class Tile(QFrame):
    """One table on the projector: its number and status on top, then each team on a line of
    its own, drawn smaller or cut with "…" when long (never wrapped mid-word, which pushed the
    words after it out of the tile), the winner marked "won" beside its name."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("tile")
        column = QVBoxLayout(self)
        column.setContentsMargins(14, 8, 14, 8)
        self._grid = QGridLayout()
        column.addStretch(1)  # the lines sit in the middle of the tile
        column.addLayout(self._grid)
        column.addStretch(1)
        self._grid.setContentsMargins(0, 0, 0, 0)
        self._grid.setHorizontalSpacing(12)
        self._grid.setVerticalSpacing(2)
        self.number_label = QLabel("")
        self.number_label.setObjectName("tileNumber")
        self.status_label = ElidedLabel("", shrink=NAME_SHRINK)
        self.status_label.setObjectName("tileStatus")
        self.status_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self._grid.addWidget(self.number_label, 0, 0)
        self._grid.addWidget(self.status_label, 0, 1, 1, 2)
        self._grid.setColumnStretch(1, 1)
        self.names: list[ElidedLabel] = []
        self.marks: list[QLabel] = []
        self._words = ""

    def show_table(self, event: EventModel, table: TableState) -> None:
        """Redraws the tile from the event."""
        teams = table.teams
        while len(self.names) < len(teams):
            row = len(self.names) + 1
            name = ElidedLabel("", shrink=NAME_SHRINK)
            name.setObjectName("tileTeam")
            mark = QLabel("")
            mark.setObjectName("tileMark")
            # Its line's height is the name's: an empty mark asks for more than its font.
            mark.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Ignored)
            self._grid.addWidget(name, row, 0, 1, 2)
            self._grid.addWidget(mark, row, 2)
            self.names.append(name)
            self.marks.append(mark)
        won = winner(table) if table.finished and not table.bye else None
        for i, (name, mark) in enumerate(zip(self.names, self.marks, strict=True)):
            name.setVisible(i < len(teams))
            mark.setVisible(i < len(teams))
            if i < len(teams):
                name.setText(teams[i])
                name.setToolTip(teams[i])
                mark.setText(_won() if teams[i] == won else "")
        # The sentence for a screen reader and for text() keeps every word; the tile's status
        # line leaves the winner's name to the team's own line ("won" beside it).
        words = status_words(event, table, staff=False)
        shown = translate("Desk", "Finished") if won is not None else words
        minutes = round(table.extension / 60)
        if minutes and not table.finished:
            extension = self.tr("+%n min", "", minutes)
            words, shown = f"{words}  {extension}", f"{shown}  {extension}"
        self.number_label.setText(str(table.number))
        self.status_label.setText(shown)
        self._words = f"{table.number}  {versus(teams)}\n{words}"
        self.setAccessibleName(self._words)
        done = "yes" if table.finished else "no"
        many = "yes" if len(teams) > 2 else "no"  # a pod's lines, smaller, fit the tile
        if self.property("done") != done or self.property("many") != many:
            self.setProperty("done", done)
            self.setProperty("many", many)
            repolish(self)

    def text(self) -> str:
        """What the tile says, in full words: the table, its teams, its status."""
        return self._words


class StandingsBoard(QWidget):
    """A page of the standings for the projector: a grid of columns that share the screen's
    width (the team's name takes what the figures leave, drawn smaller or cut with "…"), and
    after a top cut the champion and the finalist named above it."""

    COLUMNS = 6

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("boardStandings")
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        self.podium = ElidedLabel("", shrink=0.6)
        self.podium.setObjectName("boardPodium")
        self.podium.setAlignment(Qt.AlignmentFlag.AlignCenter)
        column.addWidget(self.podium)
        self._grid = QGridLayout()
        self._grid.setHorizontalSpacing(48)
        self._grid.setVerticalSpacing(4)
        self._grid.setColumnStretch(1, 1)
        column.addLayout(self._grid)
        column.addStretch(1)
        self.cells: list[list[QLabel]] = []
        self._text = ""

    def _row(self, r: int) -> list[QLabel]:
        while len(self.cells) <= r:
            row: list[QLabel] = []
            for c in range(self.COLUMNS):
                cell: QLabel = ElidedLabel("", shrink=NAME_SHRINK) if c == 1 else QLabel("")
                cell.setObjectName("standingHead" if len(self.cells) == 0 else "standingCell")
                right = c != 1
                cell.setAlignment(
                    (Qt.AlignmentFlag.AlignRight if right else Qt.AlignmentFlag.AlignLeft)
                    | Qt.AlignmentFlag.AlignVCenter
                )
                self._grid.addWidget(cell, len(self.cells), c)
                row.append(cell)
            self.cells.append(row)
        return self.cells[r]

    def show_rows(
        self,
        headers: tuple[str, ...],
        rows: list[tuple[str, ...]],
        podium: str,
    ) -> None:
        """Shows the header and the rows (each of `COLUMNS` cells), `podium` above them."""
        self.podium.setText(podium)
        self.podium.setVisible(bool(podium))
        for r, cells in enumerate([headers, *rows]):
            for label, text in zip(self._row(r), cells, strict=True):
                label.setText(text)
                label.setVisible(True)
        for extra in self.cells[len(rows) + 1 :]:
            for label in extra:
                label.setVisible(False)
        lines = [podium] if podium else []
        lines += ["\t".join(cells) for cells in [headers, *rows]]
        self._text = "\n".join(lines)

    def text(self) -> str:
        """The page as text: the podium if any, the header, then a line a team, tab between
        the columns."""
        return self._text


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
        for c in range(COLUMNS):
            self.grid.setColumnStretch(c, 1)  # four equal columns, whatever the names
        self.tiles: dict[int, Tile] = {}
        self.standings_label = StandingsBoard()
        self.names_label = QLabel("")
        self.names_label.setObjectName("boardNames")
        self.names_label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignHCenter)
        self.feature_page = QWidget()
        self.feature_page.setObjectName("feature")
        featured = QVBoxLayout(self.feature_page)
        # The featured table's number and round above a column per team at it (two, or a
        # pod's three to five): its name, its life and its poison.
        self.feature_title = ElidedLabel("", shrink=0.6)
        self.feature_title.setObjectName("featureTitle")
        self.feature_title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        featured.addWidget(self.feature_title)
        self._feature = QGridLayout()
        featured.addLayout(self._feature, 1)
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
        # Time called at a table, or its extension run out, is on the projector the moment
        # the desk shows it: it comes with no step, only with the clock.
        event.statuses_changed.connect(lambda _tables: self.refresh())
        self.refresh()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.refresh()  # every word here is computed from the event
        super().changeEvent(event)

    def refresh(self) -> None:
        """Redraws from the event."""
        self.setWindowTitle(arg(self.tr("Tablelife scoreboard \u2014 %1"), self.model.name))
        current = self.model.tournament.current
        if current is None or current.finished:
            self.feature = None  # between rounds the standings show, not last round's table
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
            self._show_feature(self.feature, current.number)
            return
        if current is None or current.finished:
            self._show_standings()
            return
        self.stack.setCurrentWidget(self.grid_page)
        for number_ in set(self.tiles) - {t.number for t in shown}:
            gone = self.tiles.pop(number_)
            self.grid.removeWidget(gone)  # its cell is the next page's at once
            gone.deleteLater()
        rows = (len(shown) + COLUMNS - 1) // COLUMNS
        for r in range(max(rows, self.grid.rowCount())):
            self.grid.setRowStretch(r, 1 if r < rows else 0)
        for i, table in enumerate(shown):
            tile = self.tiles.get(table.number)
            if tile is None:
                tile = self.tiles[table.number] = Tile()
                self.grid.addWidget(tile, i // COLUMNS, i % COLUMNS)
            tile.show_table(self.model, table)

    def _show_standings(self) -> None:
        tournament = self.model.tournament
        everyone = tournament.standings()
        places = decisive_decimals(everyone, least=1)
        page = everyone[self.page * PAGE : (self.page + 1) * PAGE]
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
        self.standings_label.show_rows(
            headers,
            [_standing_cells(s, tournament.dropped, places) for s in page],
            podium_words(tournament.podium()),
        )
        self.stack.setCurrentWidget(self.standings_label)

    def set_feature(self, table: int | None) -> None:
        """Shows one tracked table's totals huge (None: back to the grid). The key pressed
        last is what shows: featuring a table takes the pairings by name down."""
        self.feature = table
        if table is not None:
            self.names = False
        self.refresh()

    def set_names(self, on: bool) -> None:
        """Shows the round's pairings by player's name (False: back to the tables), in
        place of a featured table."""
        self.names = on
        if on:
            self.feature = None
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
            name = ElidedLabel("", shrink=0.5)  # a 40-character name fits, or is cut with …
            life, poison = BigNumber(fill=0.6), QLabel("")
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
            self._feature.setColumnStretch(column, 1 if column < teams else 0)
            for widget in widgets:
                widget.setVisible(column < teams)

    def _show_feature(self, table: int, round_: int) -> None:
        model = self.model.games[table]
        game = model.game
        teams = game.variant.teams
        self._feature_columns(teams)
        self.feature_title.setText(arg(self.tr("Table %1 \u00b7 Round %2"), table, round_))
        for team in range(teams):
            name = model.setup.team_names[team]
            self.feature_names[team].setText(name)
            self.feature_names[team].setToolTip(name)
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


def _standing_cells(s: Standing, dropped: Collection[str], places: int) -> tuple[str, ...]:
    return (
        str(s.rank),
        standing_name(s.team, dropped),
        str(s.points),
        percent(s.omw, places),
        percent(s.gw, places),
        percent(s.ogw, places),
    )


def _elided(name: str, most: int = 24) -> str:
    """A name cut to `most` characters with "…", so a column keeps its width."""
    return name if len(name) <= most else name[: most - 1] + "…"


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
