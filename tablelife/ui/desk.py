"""The staff desk: a whole round at many tables in one window.

The board is a grid of compact table cards (16 fit a 1366×768 laptop; it scrolls to 64). A
table opens in the same `TableView` the kitchen window uses; Esc returns to the board. The
round clock sits on top, big; the command bar at the bottom takes "12 a -3" and friends.
Everything goes through the `EventModel`; the desk only reads it and sends intents.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QDateTime,
    QEvent,
    QIODevice,
    QLocale,
    QObject,
    QSaveFile,
    QSize,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QKeyEvent,
    QKeySequence,
    QMouseEvent,
    QResizeEvent,
    QScreen,
    QUndoGroup,
)
from PySide6.QtWidgets import (
    QApplication,
    QButtonGroup,
    QCheckBox,
    QFileDialog,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMenu,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from tablelife.model.desk_words import clock_text, needs_staff, status_words, versus
from tablelife.model.event_model import (
    CLOCK_AHEAD_LIMIT,
    EventModel,
    EventUnavailableError,
    TableState,
)
from tablelife.model.game_model import GameModel
from tablelife.model.settings import Settings
from tablelife.rules.i18n import QT_TRANSLATE_NOOP, arg, translate
from tablelife.rules.names import sort_key
from tablelife.rules.words import number
from tablelife.ui.language import LanguageMenu
from tablelife.ui.table_view import TableView, install_table_keys, menu_text
from tablelife.ui.theme import apply_theme, repolish
from tablelife.ui.widgets import ElidedLabel

if TYPE_CHECKING:
    from tablelife.ui.scoreboard import Scoreboard

CARD_WIDTH = 320  # a card's least width: columns = board width // this
FILTERS = ("all", "playing", "needs result", "finished")
FILTER_LABELS = {
    "all": QT_TRANSLATE_NOOP("DeskFilter", "All"),
    "playing": QT_TRANSLATE_NOOP("DeskFilter", "Playing"),
    "needs result": QT_TRANSLATE_NOOP("DeskFilter", "Needs a result"),
    "finished": QT_TRANSLATE_NOOP("DeskFilter", "Finished"),
}
"""The board's filters by key, in English (shown through `filter_label`)."""
# The command bar's examples: typed exactly so in every language (the grammar is English).
COMMAND_EXAMPLES = "12 a -3 \u00b7 12 b poison 2 \u00b7 12 result a \u00b7 12 ext 4 \u00b7 12 turn"


def filter_label(which: str) -> str:
    """A board filter's name in the reader's language."""
    return translate("DeskFilter", FILTER_LABELS[which])


def filter_matches(event: EventModel, table: TableState, which: str) -> bool:
    """True when a table belongs in a board filter."""
    status = event.status(table)
    if which == "playing":
        return status in ("playing", "time", "turn")
    if which == "needs result":
        return status == "needs result"
    if which == "finished":
        return status == "finished"
    return True


class TableCard(QFrame):
    """One table on the board: number, teams, totals when tracked, status, extension."""

    open_requested = Signal(int)

    def __init__(self, number_: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.number = number_
        self.setObjectName("card")
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 6, 10, 6)
        layout.setSpacing(2)
        top = QHBoxLayout()
        self.number_label = QLabel(str(number_))
        self.number_label.setObjectName("cardNumber")
        self.status_label = ElidedLabel("")
        self.status_label.setObjectName("cardStatus")
        self.status_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.extension_label = QLabel("")
        self.extension_label.setObjectName("cardExtension")
        top.addWidget(self.number_label)
        top.addWidget(self.status_label, 1)
        top.addWidget(self.extension_label)
        layout.addLayout(top)
        self.rows: list[tuple[ElidedLabel, QLabel]] = []
        self._rows = QVBoxLayout()
        self._rows.setSpacing(0)
        layout.addLayout(self._rows)

    def show_table(self, event: EventModel, table: TableState) -> None:
        """Redraws the card from the event."""
        while len(self.rows) < len(table.teams):
            line = QHBoxLayout()
            name = ElidedLabel("")
            name.setObjectName("cardTeam")
            totals = QLabel("")
            totals.setObjectName("cardTotals")
            line.addWidget(name, 1)
            line.addWidget(totals)
            self._rows.addLayout(line)
            self.rows.append((name, totals))
        model = event.games.get(table.number)
        for i, (name, totals) in enumerate(self.rows):
            visible = i < len(table.teams)
            name.setVisible(visible)
            totals.setVisible(visible)
            if not visible:
                continue
            team = table.teams[i]
            name.setText(f"{chr(ord('a') + i)}  {team}")  # the letter the command bar takes
            name.setToolTip(team)
            totals.setText(_totals(model, i))
        status = status_words(event, table)
        self.status_label.setText(status_words(event, table, letters=True))
        self.status_label.setToolTip(status)
        # self.tr, not translate(): lupdate sees a plural (%n) only in tr() with three arguments.
        minutes = round(table.extension / 60)
        extension = self.tr("+%n min", "", minutes) if minutes else ""
        left = event.time_left(table) if minutes and not table.finished else None
        if left is not None and left > 0:
            # Its own clock: the round's, with its minutes (staff needn't add them up).
            extension += f" \u00b7 {clock_text(left)}"
        self.extension_label.setText(extension)
        self.extension_label.setToolTip(
            self.tr("Extension: %n minute(s) (MTR 2.6)", "", minutes) if minutes else ""
        )
        state = event.status(table)
        attention = "yes" if needs_staff(event, table) else "no"
        done = "yes" if state == "finished" else "no"
        if self.property("attention") != attention or self.property("done") != done:
            self.setProperty("attention", attention)
            self.setProperty("done", done)
            repolish(self)
        self.setAccessibleName(arg(self.tr("Table %1: %2"), table.number, status))

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self.open_requested.emit(self.number)
        super().mouseReleaseEvent(event)


def alphabetical(names: list[str]) -> list[str]:
    """Names in alphabetical order, case and accents aside (`sort_key`), for a list a person
    picks from."""
    return sorted(names, key=lambda name: (sort_key(name), name))


def _totals(model: GameModel | None, team: int) -> str:
    if model is None:
        return ""
    game = model.game
    poison = game.poison(team)
    text = number(game.life(team))
    if poison:
        text += f"  \u2620{poison}"
    status = game.status(team)
    if status == "won":
        text += "  " + translate("Desk", "won", "a team's status on its card")
    elif status == "lost":
        text += "  " + translate("Desk", "out", "a team's status on its card")
    elif status == "drawn":
        text += "  " + translate("Desk", "draw", "a team's status on its card")
    return text


class Board(QScrollArea):
    """The grid of table cards, filtered, laid out to the window's width."""

    open_requested = Signal(int)

    def __init__(self, event: EventModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = event
        self.filter = "all"
        self.cards: dict[int, TableCard] = {}
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self._inner = QWidget()
        self._inner.setObjectName("board")
        self._grid = QGridLayout(self._inner)
        self._grid.setSpacing(8)
        self._grid.setContentsMargins(8, 8, 8, 8)
        self._grid.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.setWidget(self._inner)
        self._columns = 0

    def refresh(self) -> None:
        """Redraws every card and re-lays the grid if the tables or the filter changed."""
        tables = self._tables()
        wanted = {t.number for t in tables}
        for gone in set(self.cards) - wanted:
            self.cards.pop(gone).deleteLater()
        for table in tables:
            card = self.cards.get(table.number)
            if card is None:
                card = TableCard(table.number)
                card.open_requested.connect(self.open_requested)
                self.cards[table.number] = card
            card.show_table(self.model, table)
        self._relayout()

    def refresh_table(self, number_: int) -> None:
        """Redraws one card."""
        card = self.cards.get(number_)
        if card is not None:
            card.show_table(self.model, self.model.table(number_))

    def _tables(self) -> tuple[TableState, ...]:
        current = self.model.tournament.current
        return current.tables if current is not None else ()

    def tables(self) -> tuple[TableState, ...]:
        """The current round's tables."""
        return self._tables()

    def visible_tables(self) -> list[int]:
        """The numbers of the tables the filter shows."""
        return [t.number for t in self._tables() if filter_matches(self.model, t, self.filter)]

    def _relayout(self, force: bool = False) -> None:
        columns = max(1, self.viewport().width() // CARD_WIDTH)
        shown = self.visible_tables()
        order = [self.cards[n] for n in shown]
        if not force and columns == self._columns and order == self._order():
            return
        self._columns = columns
        for card in self.cards.values():
            self._grid.removeWidget(card)
            card.hide()
        for i, card in enumerate(order):
            self._grid.addWidget(card, i // columns, i % columns)
            card.show()
        for c in range(8):
            self._grid.setColumnStretch(c, 1 if c < columns else 0)

    def _order(self) -> list[TableCard]:
        cards = []
        for i in range(self._grid.count()):
            item = self._grid.itemAt(i)
            widget = item.widget() if item is not None else None
            if isinstance(widget, TableCard):
                cards.append(widget)
        return cards

    def set_filter(self, which: str) -> None:
        """Shows all tables, or only those playing, needing a result, or finished."""
        self.filter = which
        self._relayout(force=True)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._relayout()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.refresh()  # the cards' words are computed from the event
        super().changeEvent(event)


class CommandBar(QLineEdit):
    """The desk's command line. Enter is also the open table's key for resolving its taps:
    with a command typed here, the bar keeps Enter and runs the command; with nothing typed,
    Enter resolves the open table as it does anywhere in the desk."""

    def event(self, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
            and self.text().strip()
        ):
            event.accept()  # the key comes to the bar (returnPressed), not the shortcut
            return True
        return super().event(event)


def _when(seconds: float) -> str:
    """A moment as this language writes a date, in full (the year may be what is wrong), and
    a time."""
    moment = QDateTime.fromMSecsSinceEpoch(int(seconds * 1000))
    locale = QLocale()
    day = locale.toString(moment.date(), QLocale.FormatType.LongFormat)
    return f"{day} {locale.toString(moment.time(), QLocale.FormatType.ShortFormat)}"


class DeskWindow(QMainWindow):
    """The round on one screen, for staff."""

    def __init__(
        self, event: EventModel, theme: str = "system", settings: Settings | None = None
    ) -> None:
        super().__init__()
        self.model = event
        self.settings = settings  # where View → Language remembers its choice
        self.scoreboard: Scoreboard | None = None
        self._open_table: int | None = None
        self._flashes = 0
        self._said = False
        self._called_tables: set[int] = set()
        self.clock_question: QMessageBox | None = None
        """The question which clock is right, while it is asked (`check_clock`)."""
        self._clock_asked = False
        apply_theme(theme)

        central = QWidget()
        central.setObjectName("desk")
        column = QVBoxLayout(central)
        column.setContentsMargins(8, 6, 8, 6)
        column.setSpacing(6)

        header = QHBoxLayout()
        self.title_label = ElidedLabel("")
        self.title_label.setObjectName("deskTitle")
        self.clock_label = QLabel("--:--")
        self.clock_label.setObjectName("deskClock")
        self.start_button = QPushButton()
        self.start_button.setObjectName("deskButton")
        self.start_button.clicked.connect(self.model.toggle_clock)
        self.minus_button = QPushButton()
        self.minus_button.setObjectName("deskButton")
        self.minus_button.clicked.connect(lambda: self.model.adjust_clock(-1))
        self.plus_button = QPushButton()
        self.plus_button.setObjectName("deskButton")
        self.plus_button.clicked.connect(lambda: self.model.adjust_clock(1))
        self.mute = QCheckBox()
        header.addWidget(self.title_label, 1)
        header.addWidget(self.clock_label)
        header.addWidget(self.start_button)
        header.addWidget(self.minus_button)
        header.addWidget(self.plus_button)
        header.addWidget(self.mute)
        column.addLayout(header)

        # Another desk holds the folder and did not answer: this one only shows (DESIGN.md,
        # "One writer"), and says so where staff look first.
        self.notice = QLabel(event.read_only_reason or "")
        self.notice.setObjectName("notice")
        self.notice.setWordWrap(True)
        self.notice.setVisible(event.read_only_reason is not None)
        column.addWidget(self.notice)

        self.time_banner = QLabel("")
        self.time_banner.setObjectName("timeBanner")
        self.time_banner.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.time_banner.setWordWrap(True)
        self.time_banner.setVisible(False)
        column.addWidget(self.time_banner)

        filters = QHBoxLayout()
        self.filter_buttons: dict[str, QPushButton] = {}
        group = QButtonGroup(self)
        for which in FILTERS:
            button = QPushButton(filter_label(which))
            button.setObjectName("deskFilter")
            button.setCheckable(True)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.clicked.connect(lambda _=False, w=which: self.set_filter(w))
            group.addButton(button)
            filters.addWidget(button)
            self.filter_buttons[which] = button
        self.filter_buttons["all"].setChecked(True)
        filters.addStretch(1)
        self.back_button = QPushButton()
        self.back_button.setObjectName("deskButton")
        self.back_button.clicked.connect(self.show_board)
        self.back_button.setVisible(False)
        filters.addWidget(self.back_button)
        column.addLayout(filters)

        self.stack = QStackedWidget()
        self.board = Board(event)
        self.board.open_requested.connect(self.open_table)
        self.stack.addWidget(self.board)
        self.table_view: TableView | None = None
        column.addWidget(self.stack, 1)

        self.command = CommandBar()
        self.command.setObjectName("command")
        self.command.returnPressed.connect(self.run_command)
        column.addWidget(self.command)
        self.setCentralWidget(central)

        self._hinted = ""  # the hint the status bar shows, while it shows one
        self.undo_group = QUndoGroup(self)
        self.undo_group.indexChanged.connect(self._refresh_undo)
        self._build_menus()
        self._retranslate()
        self._show_hint()
        event.changed.connect(self._on_event_changed)
        event.table_changed.connect(self._on_table_changed)
        event.ticked.connect(self._on_tick)
        event.statuses_changed.connect(self._on_statuses_changed)
        event.time_called.connect(self._on_time_called)
        event.message.connect(self._on_message)
        self._flash_timer = QTimer(self)
        self._flash_timer.setInterval(400)
        self._flash_timer.timeout.connect(self._flash)
        self._on_event_changed()
        self._show_time_called_on_open()
        self.command.setFocus()
        # The tracked games are read back once the board is on screen, not before.
        self.board.viewport().installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and watched is self.board.viewport():
            watched.removeEventFilter(self)
            # With the model as context: an event switched away before then reads nothing.
            QTimer.singleShot(0, self.model, self.model.start_reading)
            QTimer.singleShot(0, self, self.check_clock)
        return False

    def check_clock(self) -> None:
        """Asks staff which clock is right when the event's latest record is more than
        `CLOCK_AHEAD_LIMIT` ahead of the computer's clock (one taken while the clock was set
        wrong pins every later one): the computer's clock journals a correction, and the next
        records are taken at its time (`EventModel.correct_clock`); the event's time leaves all
        as it was, the desk going on from its latest record. Asked once, and not at a desk that
        can't write."""
        ahead = self.model.clock_ahead()
        if self._clock_asked or self.model.read_only_reason is not None:
            return
        if ahead <= CLOCK_AHEAD_LIMIT:
            return
        self._clock_asked = True
        latest = self.model.tournament.latest
        box = QMessageBox(self)
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle(self.tr("Which clock is right?"))
        box.setText(
            arg(
                self.tr(
                    "The event's last entry was made at %1, %2 ahead of this computer's clock, "
                    "which says %3."
                ),
                _when(latest),
                self._span(ahead),
                _when(latest - ahead),
            )
        )
        box.setInformativeText(
            self.tr(
                "If the computer's clock is right, the next entries are made at its time, and "
                "the correction is kept in the event's log. If the event's time is right, set "
                "the computer's clock; until then the desk goes on from the event's last entry."
            )
        )
        now = box.addButton(self.tr("The computer's clock"), QMessageBox.ButtonRole.AcceptRole)
        keep = box.addButton(self.tr("The event's time"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(keep)  # Enter by habit changes nothing
        box.setEscapeButton(keep)
        self.clock_question = box

        def answered(button: object) -> None:
            self.clock_question = None
            if button is now and self.model.correct_clock():
                self._on_message(
                    self.tr(
                        "The clock is corrected: the next entries are made at this computer's time."
                    )
                )

        box.buttonClicked.connect(answered)
        box.open()

    def _span(self, seconds: float) -> str:
        """A length of time as staff read it: days, hours or minutes."""
        minutes = int(seconds // 60)
        if minutes >= 2 * 24 * 60:
            return self.tr("%n day(s)", "", minutes // (24 * 60))
        if minutes >= 2 * 60:
            return self.tr("%n hour(s)", "", minutes // 60)
        return self.tr("%n minute(s)", "", minutes)

    # ----- words -------------------------------------------------------------------------------

    def _retranslate(self) -> None:
        """The window's static words in the current language (again on a language switch)."""
        self.setWindowTitle(arg(self.tr("Tablelife desk \u2014 %1"), self.model.name))
        self.clock_label.setAccessibleName(self.tr("Round clock"))
        self.minus_button.setText(self.tr("\u22121 min"))
        self.minus_button.setToolTip(self.tr("The round one minute shorter"))
        self.plus_button.setText(self.tr("+1 min"))
        self.plus_button.setToolTip(self.tr("The round one minute longer"))
        self.mute.setText(self.tr("Mute"))
        self.mute.setToolTip(self.tr("No sound when time is called (the banner still shows)"))
        self.back_button.setText(self.tr("\u2190 Board (Esc)"))
        # The commands themselves are never translated: staff type them as they are.
        self.command.setPlaceholderText(
            arg(self.tr("%1 \u00b7 a table number opens it \u00b7 F1 lists all"), COMMAND_EXAMPLES)
        )
        self.command.setAccessibleName(self.tr("Command"))
        for menu, title in self._menu_titles:
            menu.setTitle(title())
        for action, text in self._action_texts:
            action.setText(text())
        self._refresh_undo()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
            self._on_event_changed()  # the title, the filters' counts, the start button
            if self.time_banner.isVisible():
                self._show_time_banner(sorted(self._called_tables))
            if self._open_table is None:
                self._show_hint()
        super().changeEvent(event)

    # ----- menus and keys ----------------------------------------------------------------------

    def _action(
        self,
        text: Callable[[], str],
        slot: Callable[[], object],
        keys: tuple[str, ...] = (),
        menu: QMenu | None = None,
    ) -> QAction:
        """An action whose words `text` gives in the current language (see _retranslate)."""
        action = QAction(self)
        self._action_texts.append((action, text))
        action.setShortcuts([QKeySequence(k) for k in keys])
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        action.triggered.connect(slot)
        self.addAction(action)
        if menu is not None:
            menu.addAction(action)
        return action

    def _build_menus(self) -> None:
        # Each text is a function, so that _retranslate can ask for it again in another
        # language (and lupdate sees each literal inside its self.tr).
        self._action_texts: list[tuple[QAction, Callable[[], str]]] = []
        bar = self.menuBar()
        event_menu = bar.addMenu("")
        edit = bar.addMenu("")
        view = bar.addMenu("")
        help_menu = bar.addMenu("")
        self.screens_menu = QMenu(self)
        self._menu_titles: list[tuple[QMenu, Callable[[], str]]] = [
            (event_menu, lambda: self.tr("&Event")),
            (edit, lambda: self.tr("&Edit")),
            (view, lambda: self.tr("&View")),
            (help_menu, lambda: self.tr("&Help")),
            (self.screens_menu, lambda: self.tr("Scoreboard &full screen on")),
        ]
        self._action(lambda: self.tr("&New event…"), self.new_event, ("Ctrl+N",), event_menu)
        event_menu.addSeparator()
        self._action(
            lambda: self.tr("&Pair the next round"), self.pair_next, ("Ctrl+P",), event_menu
        )
        self._action(lambda: self.tr("Enter pairings by &hand…"), self.pair_by_hand, (), event_menu)
        self._action(
            lambda: self.tr("Ta&ke back this round's pairings…"), self.unpair, (), event_menu
        )
        self._action(lambda: self.tr("Co&rrect a result…"), self.correct_result, (), event_menu)
        self._action(lambda: self.tr("&Standings…"), self.show_standings, ("Ctrl+T",), event_menu)
        event_menu.addSeparator()
        self._action(
            lambda: self.tr("Print pairings by na&me…"),
            lambda: self.print_sheet("names"),
            (),
            event_menu,
        )
        self._action(
            lambda: self.tr("Print pairings by &table…"),
            lambda: self.print_sheet("tables"),
            (),
            event_menu,
        )
        self._action(
            lambda: self.tr("Print result s&lips…"),
            lambda: self.print_sheet("slips"),
            (),
            event_menu,
        )
        event_menu.addSeparator()
        self._action(lambda: self.tr("&Add a late team…"), self.add_team, (), event_menu)
        self._action(lambda: self.tr("&Drop a team…"), self.drop_team, (), event_menu)
        self._action(
            lambda: self.tr("&Bring back a dropped team…"), self.return_team, (), event_menu
        )
        self._action(lambda: self.tr("S&ettings…"), self.edit_settings, (), event_menu)
        event_menu.addSeparator()
        self.clock_action = self._action(
            lambda: self.tr("Start or pause the &clock"),
            self.model.toggle_clock,
            ("F5",),
            event_menu,
        )
        self._action(lambda: self.tr("&Quit"), self.close, ("Ctrl+Q",), event_menu)
        self.undo_action = self._action(
            lambda: self.tr("&Undo at the open table"), self.undo, ("Ctrl+Z",), edit
        )
        self.redo_action = self._action(
            lambda: self.tr("&Redo at the open table"), self.redo, ("Ctrl+Shift+Z", "Ctrl+Y"), edit
        )
        self._action(lambda: self.tr("&Scoreboard"), self.show_scoreboard, ("F7",), view)
        view.addMenu(self.screens_menu)
        self.screens_menu.aboutToShow.connect(self._fill_screens)
        self._action(
            lambda: self.tr("F&eature the open table on the scoreboard"),
            self.feature_table,
            ("F8",),
            view,
        )
        self._action(
            lambda: self.tr("Pairings by &name on the scoreboard"),
            self.names_on_scoreboard,
            ("F9",),
            view,
        )
        self._action(lambda: self.tr("&Full screen"), self.toggle_full_screen, ("F11",), view)
        view.addMenu(LanguageMenu(self.settings, self))
        self._action(lambda: self.tr("&Commands…"), self.show_grammar, ("F1",), help_menu)
        self._action(lambda: self.tr("&About Tablelife"), self.show_about, (), help_menu)
        self._action(lambda: self.tr("back to the board"), self.escape, ("Esc",))
        # The open table's keys, as in the kitchen window; off while the board shows, so
        # digits and Enter reach the command bar.
        self.table_keys = install_table_keys(self, self._open_view)
        self._enable_table_keys(False)
        self._action(
            lambda: self.tr("focus the command bar"), self.command.setFocus, ("Ctrl+L", "/")
        )

    # ----- reacting to the event ----------------------------------------------------------

    def _on_event_changed(self) -> None:
        current = self.model.tournament.current
        if current is None:
            round_words = self.tr("No round yet")
        elif current.elimination:
            round_words = arg(self.tr("Round %1 (single elimination)"), current.number)
        else:
            round_words = arg(self.tr("Round %1"), current.number)
        self.title_label.setText(f"{self.model.name} \u00b7 {round_words}")
        self.title_label.setToolTip(self.title_label.text())  # elided on a narrow window
        self.board.refresh()
        self._refresh_filters()
        self._show_clock()
        if self.statusBar().currentMessage() == self._hinted:  # the next step, not a stale one
            self._show_hint()
        self._retire_banner()
        self._refresh_open_banner()

    def _on_statuses_changed(self, tables: list[int]) -> None:
        """Time alone changed these tables' statuses (time called, an extension run out)."""
        for table in tables:
            self.board.refresh_table(table)
        self._refresh_filters()
        self._refresh_open_banner()

    def _refresh_open_banner(self) -> None:
        """The open table's banner says where its round stands (time, which additional
        turn): the event's words, which change with the event, not with the game."""
        if self.table_view is not None and self._open_table is not None:
            self.table_view.refresh_banner()

    def _on_table_changed(self, table: int) -> None:
        self.board.refresh_table(table)
        self._retire_banner()
        view = self.table_view
        if table == self._open_table and view is not None:
            game = self.model.games.get(table)
            if game is not view.model:  # a drawn game's table plays another (MTR 9.1, 2.4)
                if game is None:
                    self.show_board()
                else:
                    self.open_table(table)

    def _retire_banner(self) -> None:
        """The time banner names the tables whose time is up, and goes once none is left (each
        finished, or given more time)."""
        if self.time_banner.isVisible() and self._called_tables:
            called = self.model.called_tables
            if not called:
                self.time_banner.setVisible(False)
            elif set(called) != self._called_tables:
                self._show_time_banner(called)

    def _refresh_filters(self) -> None:
        current = self.model.tournament.current
        tables = current.tables if current is not None else ()
        for which, button in self.filter_buttons.items():
            count = sum(1 for t in tables if filter_matches(self.model, t, which))
            button.setText(f"{filter_label(which)} ({count})")

    def _on_tick(self) -> None:
        self._show_clock()
        if self.stack.currentWidget() is self.board:
            for n in self.board.cards:
                self.board.refresh_table(n)
            self._refresh_filters()

    def _show_clock(self) -> None:
        left = self.model.clock_shows()
        self.clock_label.setText(clock_text(left))
        over = "yes" if left is not None and left <= 0 else "no"
        if self.clock_label.property("over") != over:
            self.clock_label.setProperty("over", over)
            repolish(self.clock_label)
        running = self.model.clock_running
        current = self.model.tournament.current
        started = current is not None and current.clock.started
        counting = current is not None and not current.finished  # a finished round's clock
        for button in (self.start_button, self.minus_button, self.plus_button):
            button.setEnabled(counting)
        if running:
            self.start_button.setText(self.tr("Pause (F5)"))
        elif started:
            self.start_button.setText(self.tr("Resume (F5)"))
        else:
            self.start_button.setText(self.tr("Start (F5)"))

    def _show_hint(self) -> None:
        """The next step in the status bar (kept in step with the event while it shows)."""
        self._hinted = self._hint()
        self.statusBar().showMessage(self._hinted)

    def _hint(self) -> str:
        current = self.model.tournament.current
        if current is None:
            return self.tr("Ctrl+P pairs the first round. F1 lists the commands.")
        if self.model.tournament.finished:
            return self.tr("The event is over: Ctrl+T shows the standings.")
        if current.finished:
            return self.tr("Every table has its result: Ctrl+P pairs the next round.")
        if not current.clock.started:
            return self.tr("F5 starts the round clock. F1 lists the commands.")
        return self.tr("Type a table number and Enter to open it. F1 lists the commands.")

    def _show_time_called_on_open(self) -> None:
        """Opened after time was called (a restart mid-round): the banner says so, quietly."""
        called = [t.number for t in self.board.tables() if self.model.status(t) in ("time", "turn")]
        if called:
            self._show_time_banner(called)

    def _on_time_called(self, tables: list[int]) -> None:
        # Every table whose time is up names the banner, not only those called just now.
        self._show_time_banner(self.model.called_tables)
        self._flashes = 10
        self._flash_timer.start()
        if not self.mute.isChecked():
            QApplication.beep()

    def _show_time_banner(self, tables: list[int]) -> None:
        self._called_tables = set(tables)
        listed = ", ".join(str(t) for t in tables[:12]) + ("…" if len(tables) > 12 else "")
        # Two sentences, not a plural: the words depend on one table or several, not on the
        # count's plural form (Russian would take "21 tables" as singular).
        if len(tables) > 1:
            text = self.tr(
                "TIME! Tables %1: the active player finishes the turn, then the additional "
                "turns begin (MTR 2.4)."
            )
        else:
            text = self.tr(
                "TIME at table %1: the active player finishes the turn, then the "
                "additional turns begin (MTR 2.4)."
            )
        self.time_banner.setText(arg(text, listed))
        self.time_banner.setVisible(True)

    def _flash(self) -> None:
        self._flashes -= 1
        on = "yes" if self._flashes % 2 else "no"
        self.time_banner.setProperty("flash", on)
        repolish(self.time_banner)
        if self._flashes <= 0:
            self._flash_timer.stop()

    def _on_message(self, text: str) -> None:
        self._said = True
        self.statusBar().showMessage(text, 15000)

    # ----- intents ---------------------------------------------------------------------------

    def set_filter(self, which: str) -> None:
        """Shows all tables, or those playing, needing a result or finished."""
        self.filter_buttons[which].setChecked(True)
        self.board.set_filter(which)

    def run_command(self) -> None:
        """Enter in the command bar."""
        line = self.command.text()
        self._said = False
        done, table = self.model.run(line)
        if done:
            self.command.clear()
            if table is not None:
                self.open_table(table)
            elif not self._said:  # what the command itself said stays in view
                self._on_message(arg(self.tr("Done: %1"), line.strip()))

    def open_table(self, number_: int) -> None:
        """Shows one table's game, tracked from now on if it wasn't."""
        model = self.model.open_game(number_)
        if model is None:
            return
        if self.table_view is not None and self.table_view.model is not model:
            self._drop_view()
        if self._open_table is not None and self._open_table != number_:
            self.model.leave(self._open_table)
        # On a server the table is this desk's while it is open (another device shows it
        # read-only, saying who plays it here), or, held elsewhere, read-only here.
        held_here = self.model.hold(number_)
        if self.table_view is None:
            self.table_view = TableView(model)
            self.stack.addWidget(self.table_view)
        # The same table again is its next game (MTR 9.1, 2.4): what the event said of it
        # stays in the status bar, not the hint staff had when they opened it.
        again, self._open_table = self._open_table == number_, number_
        # Ctrl+Z follows the open table: its stack is the undo group's active one.
        if model.undo_stack not in self.undo_group.stacks():
            self.undo_group.addStack(model.undo_stack)
        self.undo_group.setActiveStack(model.undo_stack)
        self._refresh_undo()
        self._enable_table_keys(True)
        self.stack.setCurrentWidget(self.table_view)
        self.back_button.setVisible(True)
        if not held_here:  # who plays it, and that it is shown read-only here
            self.statusBar().showMessage(model.read_only_words())
        elif not again:
            teams = versus(self.model.table(number_).teams)
            self.statusBar().showMessage(
                arg(
                    self.tr("Table %1: %2. Keys act on this table; Esc returns to the board."),
                    number_,
                    teams,
                )
            )
        self.table_view.focus_selected()

    def _drop_view(self) -> None:
        """Lets the open table's view go. A view lives only while its table is open, so none
        is ever left showing a game the event has deleted (MTR 9.1's next game at a drawn
        table, a new round, another event)."""
        view, self.table_view = self.table_view, None
        if view is not None:
            self.stack.removeWidget(view)
            view.deleteLater()

    def show_board(self) -> None:
        """Back to the board (Esc)."""
        if self.table_view is not None and self.table_view.model.has_pending:
            self.table_view.model.commit()
        self._drop_view()
        if self._open_table is not None:
            self.model.leave(self._open_table)
        self._open_table = None
        self.undo_group.setActiveStack(None)  # type: ignore[arg-type]  # none: the board
        self._enable_table_keys(False)
        self.stack.setCurrentWidget(self.board)
        self.back_button.setVisible(False)
        self.board.refresh()
        self.statusBar().showMessage(
            self.tr("The board. Type a table number and Enter to open it.")
        )
        self.command.setFocus()

    def escape(self) -> None:
        """Esc: drops a table's pending taps first, then returns to the board."""
        view = self.table_view
        if self._open_table is not None and view is not None and view.model.has_pending:
            view.model.drop_pending()
            self._on_message(self.tr("Dropped the pending taps."))
            return
        if self._open_table is not None:
            self.show_board()
        elif self.time_banner.isVisible():
            self.time_banner.setVisible(False)

    def _open_view(self) -> TableView | None:
        return self.table_view if self._open_table is not None else None

    def _enable_table_keys(self, on: bool) -> None:
        for action in self.table_keys.values():
            action.setEnabled(on)

    def _open_model(self) -> GameModel | None:
        if self._open_table is None or self.table_view is None:
            self._on_message(
                self.tr("Open a table first: undo and redo act on the open table only.")
            )
            return None
        return self.table_view.model

    def undo(self) -> None:
        """Ctrl+Z: the open table's undo, as "12 undo" (through the event's model, which
        journals it, and can step back to the game before in best of three)."""
        if self._open_table is not None and self._open_model() is not None:
            self.model.undo_at(self._open_table)

    def redo(self) -> None:
        """Ctrl+Shift+Z: the open table's redo."""
        model = self._open_model()
        if model is not None:
            model.redo()

    def _refresh_undo(self) -> None:
        """The Edit menu names what Ctrl+Z and Ctrl+Shift+Z would do at the open table, from
        its undo stack (the undo group's active one)."""
        stack = self.undo_group.activeStack()
        table = self._open_table
        if stack is not None and table is not None and stack.canUndo():
            text = arg(self.tr("&Undo %1 at table %2"), menu_text(stack.undoText()), table)
        else:
            text = self.tr("&Undo at the open table")
        self.undo_action.setText(text)
        if stack is not None and table is not None and stack.canRedo():
            text = arg(self.tr("&Redo %1 at table %2"), menu_text(stack.redoText()), table)
        else:
            text = self.tr("&Redo at the open table")
        self.redo_action.setText(text)

    def pair_next(self) -> None:
        """Ctrl+P: pairs the next round once every table has its result."""
        if self.model.pair_next():
            self.show_board()
            current = self.model.tournament.current
            assert current is not None
            self._on_message(
                arg(self.tr("Round %1 is paired: F5 starts its clock."), current.number)
            )

    def show_standings(self) -> None:
        """Ctrl+T: the standings, printable to PDF."""
        from tablelife.ui.event_dialogs import StandingsDialog

        tournament = self.model.tournament
        StandingsDialog(
            self.model.name,
            tournament.standings(),
            self,
            tournament.dropped,
            round_words=self.standings_round_words(),
            podium=tournament.podium(),
        ).exec()

    def standings_round_words(self) -> str:
        """Which round the standings are of, as printed on them: "After round 3", or "During
        round 3" (its results so far)."""
        current = self.model.tournament.current
        if current is None:
            return self.tr("Before round 1")
        if current.finished:
            return arg(self.tr("After round %1"), current.number)
        return arg(self.tr("During round %1, with its results so far"), current.number)

    def add_team(self) -> None:
        """A late team, and what the rounds it missed count for (the dialog says)."""
        from tablelife.ui.round_dialogs import LateTeamDialog

        dialog = LateTeamDialog(self.model, self)
        if dialog.exec():
            name = self.model.tournament.teams[-1]  # as kept: spaces folded
            said = arg(self.tr("%1 joins from the next round."), name)
            if self.model.rounds_missed:
                said += " " + dialog.counted()
            self._on_message(said)

    def edit_settings(self) -> None:
        """Event → Settings: the fixed and skipped table numbers, from the next round on."""
        from tablelife.ui.round_dialogs import TablesDialog

        if TablesDialog(self.model, self).exec():
            self._on_message(self.tr("The tables change from the next round paired on."))

    def correct_result(self) -> None:
        """Event → Correct a result: a table of any round, as `event result --round N`."""
        from tablelife.ui.round_dialogs import CorrectionDialog

        if not self.model.tournament.rounds:
            self._on_message(self.tr("No round has been paired yet."))
            return
        CorrectionDialog(self.model, self).exec()

    def unpair(self) -> None:
        """Event → Take back this round's pairings (paired by mistake): asked first."""
        current = self.model.tournament.current
        if current is None:
            self._on_message(self.tr("No round has been paired yet."))
            return
        answer = QMessageBox.question(
            self,
            self.tr("Take back the pairings"),
            arg(
                self.tr(
                    "Take back round %1's pairings? Its tables and its clock go; Ctrl+P pairs "
                    "it again."
                ),
                current.number,
            ),
        )
        if answer == QMessageBox.StandardButton.Yes and self.model.unpair():
            self.show_board()
            self._on_message(arg(self.tr("Round %1's pairings are taken back."), current.number))

    def print_sheet(self, kind: str) -> None:
        """Asks where, then draws a round's pairings by name or by table, or its result
        slips, into a PDF."""
        current = self.model.tournament.current
        if current is None:
            self._on_message(self.tr("No round has been paired yet."))
            return
        titles = {
            "names": self.tr("%1 round %2 pairings by name.pdf"),
            "tables": self.tr("%1 round %2 pairings by table.pdf"),
            "slips": self.tr("%1 round %2 result slips.pdf"),
        }
        name, _ = QFileDialog.getSaveFileName(
            self,
            self.tr("Print to PDF"),
            arg(titles[kind], self.model.name, current.number),
            "PDF (*.pdf)",
        )
        if name:
            self.write_sheet(kind, Path(name))

    def write_sheet(self, kind: str, path: Path) -> bool:
        """Draws the latest round's pairings by name ("names") or by table ("tables"), or
        its result slips ("slips"), into a PDF at `path` (or a picture of its first page,
        for a .png path), all at once; says where it went, or why it couldn't."""
        from tablelife.paper import sheets as paper

        round_ = self.model.round_of()
        size = paper.default_paper()
        picture = path.suffix.lower() == ".png"
        if kind == "names":
            rows = self.model.pairings_by_name()
            data = paper.pairings_by_name(self.model.name, round_, rows, size, picture=picture)
        elif kind == "tables":
            data = paper.pairings_by_table(self.model.name, round_, size, picture=picture)
        else:
            slips = self.model.slips()
            if not slips:
                self._on_message(self.tr("This round has no table that needs a result slip."))
                return False
            data = paper.result_slips(slips, size, picture=picture)
        file = QSaveFile(str(path))
        if not file.open(QIODevice.OpenModeFlag.WriteOnly) or file.write(data) != len(data):
            self._on_message(arg(self.tr("%1 could not be written: %2"), path, file.errorString()))
            file.cancelWriting()
            return False
        if not file.commit():
            self._on_message(arg(self.tr("%1 could not be written: %2"), path, file.errorString()))
            return False
        self._on_message(arg(self.tr("Printed to %1."), path))
        return True

    def drop_team(self) -> None:
        """A team drops (it keeps its line in the standings)."""
        from PySide6.QtWidgets import QInputDialog

        teams = alphabetical(self.model.tournament.active_teams)
        if not teams:
            return
        name, ok = QInputDialog.getItem(
            self, self.tr("Drop a team"), self.tr("Which team drops?"), teams, 0, False
        )
        if ok and self.model.drop_team(name):
            self._on_message(arg(self.tr("%1 has dropped; it stays in the standings."), name))

    def return_team(self) -> None:
        """A dropped team comes back (a drop taken by mistake), paired from the next round."""
        from PySide6.QtWidgets import QInputDialog

        dropped = self.model.tournament.dropped
        teams = alphabetical([t for t in self.model.tournament.teams if t in dropped])
        if not teams:
            self._on_message(self.tr("No team has dropped."))
            return
        name, ok = QInputDialog.getItem(
            self, self.tr("Bring back a team"), self.tr("Which team comes back?"), teams, 0, False
        )
        if ok and self.model.return_team(name):
            self._on_message(arg(self.tr("%1 is back, paired from the next round."), name))

    def new_event(self) -> None:
        """Ctrl+N: a new event; the desk switches to it (the old one stays in the journal)."""
        from tablelife.ui.event_dialogs import NewEventDialog

        dialog = NewEventDialog(self)
        if not dialog.exec() or dialog.chosen is None:
            return
        settings, teams = dialog.chosen
        try:
            model = self.model.another(settings, teams)
        except EventUnavailableError as exc:
            self._on_message(str(exc))
            return
        self.switch_to(model)

    def switch_to(self, model: EventModel | None) -> None:
        """Shows another event at this desk."""
        if model is None:
            return
        self.show_board()
        old = self.model
        old.stop()
        for signal, slot in (
            (old.changed, self._on_event_changed),
            (old.table_changed, self._on_table_changed),
            (old.ticked, self._on_tick),
            (old.statuses_changed, self._on_statuses_changed),
            (old.time_called, self._on_time_called),
            (old.message, self._on_message),
        ):
            signal.disconnect(slot)
        self.model = model
        self.board.model = model
        self.board.refresh()
        model.changed.connect(self._on_event_changed)
        model.table_changed.connect(self._on_table_changed)
        model.ticked.connect(self._on_tick)
        model.statuses_changed.connect(self._on_statuses_changed)
        model.time_called.connect(self._on_time_called)
        model.message.connect(self._on_message)
        if self.scoreboard is not None:
            self.scoreboard.close()
            self.scoreboard = None
        self._retranslate()  # the window's title names the event
        self._on_event_changed()
        model.start_reading()
        old.deleteLater()

    def pair_by_hand(self) -> None:
        """Pairings typed by staff, for stores that pair elsewhere."""
        from tablelife.ui.event_dialogs import PairingsDialog

        dialog = PairingsDialog(self.model.tournament.active_teams, self)
        if (
            dialog.exec()
            and dialog.tables
            and self.model.pair_by_hand(dialog.tables, self.model.cut_next)
        ):
            self.show_board()

    def _fill_screens(self) -> None:
        self.screens_menu.clear()
        for screen in QApplication.screens():
            size = screen.geometry()
            action = self.screens_menu.addAction(
                f"{screen.name()} ({size.width()}\u00d7{size.height()})"
            )
            action.triggered.connect(lambda _=False, s=screen: self._scoreboard_on(s))

    def _scoreboard_on(self, screen: QScreen) -> None:
        board = self.show_scoreboard()
        board.show_on(screen)

    def feature_table(self) -> None:
        """F8: the open table's totals, huge, on the scoreboard (again: back to the grid)."""
        board = self.show_scoreboard()
        table = self._open_table
        board.set_feature(None if board.feature == table else table)
        if board.feature is None:
            self._on_message(self.tr("The scoreboard shows every table."))
        else:
            self._on_message(arg(self.tr("The scoreboard features table %1."), table))

    def show_about(self) -> None:
        """Help → About Tablelife: about the journal this desk has open."""
        from tablelife.model.about import about_facts
        from tablelife.ui.about import AboutDialog

        AboutDialog(about_facts(journal=self.model.journal), self).exec()

    def names_on_scoreboard(self) -> None:
        """F9: the round's pairings by player's name on the scoreboard, for players finding
        their seat (again: back to the tables)."""
        board = self.show_scoreboard()
        board.set_names(not board.names)
        if board.names:
            self._on_message(self.tr("The scoreboard shows the pairings by name."))
        else:
            self._on_message(self.tr("The scoreboard shows every table."))

    def show_grammar(self) -> None:
        """F1: the command bar's grammar."""
        box = QMessageBox(self)
        box.setWindowTitle(self.tr("Desk commands"))
        box.setText(self.tr("Type in the bar at the bottom, then Enter."))
        box.setInformativeText(self.grammar())
        box.setTextFormat(Qt.TextFormat.RichText)
        box.exec()

    def grammar(self) -> str:
        """The command bar's grammar as staff read it (F1), in the current language. The
        commands stay as they are typed in every language; only their explanations are
        translated."""
        rows = (
            ("12", self.tr("open table 12")),
            ("12 a -3", self.tr("team a of table 12 loses 3 life")),
            ("12 b +2", self.tr("team b of table 12 gains 2 life")),
            ("12 b poison 2", self.tr("team b gets 2 poison counters (-1 removes one)")),
            ("12 result a", self.tr("table 12: team a won")),
            ("12 result draw", self.tr("table 12: a draw")),
            (
                "12 result a 2-1",
                self.tr("best of three: team a won, 2 games to 1 (won-lost, or won-lost-drawn)"),
            ),
            ("12 result clear", self.tr("table 12: its result taken back (typed by mistake)")),
            ("12 ext 4", self.tr("table 12 gets 4 more minutes (MTR 2.6)")),
            (
                "12 turn",
                self.tr(
                    "table 12 begins its next additional turn (MTR 2.4; -1 takes one back); at "
                    "a tracked table, passing the turn (N) counts them"
                ),
            ),
            ("12 undo", self.tr("undo the last change at table 12")),
            (
                "12 draw",
                self.tr(
                    "before table 12's first change: the team that chooses draws, so the other "
                    "plays first (MTR 2.2; 12 play: it plays first, as unless told)"
                ),
            ),
        )
        lines = "".join(
            f"<tr><td><b>{command}</b></td><td>{words}</td></tr>" for command, words in rows
        )
        notes = (
            self.tr("Type the commands exactly as shown."),
            self.tr(
                "Teams are letters in seat order: a is the first team at the table, b the second."
            ),
            self.tr(
                "F5 starts or pauses the clock, Ctrl+P pairs the next round, Ctrl+T shows "
                "the standings, F7 the scoreboard, F9 the pairings by name on it, Esc goes "
                "back to the board."
            ),
        )
        return f"<table cellspacing=6>{lines}</table>" + "".join(f"<p>{n}</p>" for n in notes)

    def show_scoreboard(self) -> Scoreboard:
        """F7: the projector window."""
        from tablelife.ui.scoreboard import Scoreboard

        if self.scoreboard is None:
            self.scoreboard = Scoreboard(self.model)
        self.scoreboard.show()
        self.scoreboard.raise_()
        return self.scoreboard

    def toggle_full_screen(self) -> None:
        """F11."""
        self.setWindowState(self.windowState() ^ Qt.WindowState.WindowFullScreen)

    def sizeHint(self) -> QSize:
        return QSize(1366, 768)

    def closeEvent(self, event: QCloseEvent) -> None:
        for model in self.model.games.values():
            if model.has_pending:
                model.commit()
        self.model.stop()  # the tables it held are free at once
        if self.scoreboard is not None:
            self.scoreboard.close()
        super().closeEvent(event)
