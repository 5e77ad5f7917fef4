"""`TableView`: one `GameModel` on screen — its banner and its team panels — with no window
chrome. The kitchen window hosts one (and docks the game's history beside it); the desk hosts
one for the open table.

The view only reads the model and sends it intents. It redraws what each `TableChange` says
changed: the panels of the teams touched, and the banner when the turn or a status moved.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QEvent, QPoint, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QMenu,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from tablelife.model.game_model import GameModel, TableChange
from tablelife.rules import (
    EFFECT_KINDS,
    MAX_AMOUNT,
    Change,
    Concede,
    DrawGame,
    Effect,
    ExchangeLife,
    LoseGame,
    PayLife,
    SetLife,
    WinGame,
    first_draw_rule,
)
from tablelife.rules.i18n import arg, grouped
from tablelife.rules.words import effect_label
from tablelife.ui.accessibility import announce
from tablelife.ui.marks import MARK_KEYS, TableMarks, player_mark_menu, start_words
from tablelife.ui.team_panel import HeadRow, TeamPanel
from tablelife.ui.theme import repolish

# Columns for 2..8 panels on a laptop screen.
GRID_COLUMNS = {1: 1, 2: 2, 3: 2, 4: 2, 5: 3, 6: 3, 7: 4, 8: 4}


def grid_columns(panels: int) -> int:
    """How many columns a grid of panels uses: 2 side by side, 3-4 as 2x2, 5-6 as 3x2, 7-8 4x2."""
    return GRID_COLUMNS.get(panels, 4)


def _totals_moved(change: TableChange, team: int) -> bool:
    """True when `change` moved the team's life or poison (or, for a reset, may have)."""
    event = change.event
    if event is None:
        return True
    a, b = event.before.teams[team], event.after.teams[team]
    return (a.life, a.poison) != (b.life, b.poison)


def _poison_moved(change: TableChange, team: int) -> bool:
    """True when `change`'s event moved the team's poison (undone or not)."""
    event = change.event
    return event is not None and event.before.teams[team].poison != event.after.teams[team].poison


def _status_before(change: TableChange, team: int) -> str | None:
    """The team's status before `change` (for an undo, after the undone event), if known."""
    event = change.event
    if event is None:
        return None
    before = event.after if change.kind == "undo" else event.before
    return before.teams[team].status


def menu_text(text: str) -> str:
    """`text` for a menu or an action: a name's "&" shows as "&", not as a mnemonic."""
    return text.replace("&", "&&")


ONCE_KEYS = frozenset({"start", "roll for first", "d20", "d6", "coin", "day"})
"""The mark keys that act once however long they are held (the rest repeat, as taps do)."""

# (name, keys, life, poison): the keys that tap for the selected player.
TAP_KEYS = (
    ("Up", 1, 0),
    ("Down", -1, 0),
    ("PgUp", 5, 0),
    ("PgDown", -5, 0),
    ("Shift+Up", 0, 1),
    ("Shift+Down", 0, -1),
)


def install_table_keys(
    window: QWidget, current: Callable[[], TableView | None]
) -> dict[str, QAction]:
    """The keys that play a table — taps for the selected player, 1-8 to select, M for the
    player menu, Enter to resolve, N to pass the turn — as window actions that act on
    whichever table `current` gives (the kitchen's one, the desk's open one). Returns the
    actions by name ("resolve", "pass", "menu", "tap Up", "select 1"...) so a window can put
    them in its menus, or disable them while no table is open."""
    actions: dict[str, QAction] = {}

    def add(name: str, keys: tuple[str, ...], act: Callable[[TableView], object]) -> None:
        action = QAction(window, text=name)
        action.setShortcuts([QKeySequence(k) for k in keys])
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)

        def run() -> None:
            view = current()
            if view is not None:
                act(view)

        action.triggered.connect(run)
        window.addAction(action)
        actions[name] = action

    def tap(life: int, poison: int) -> Callable[[TableView], None]:
        return lambda v: v.tap_selected(life, poison)

    def select(player: int) -> Callable[[TableView], None]:
        return lambda v: v.select_player(player)

    def commander(source: int, which: int) -> Callable[[TableView], None]:
        return lambda v: v.tap_commander(source, which)

    for key, life, poison in TAP_KEYS:
        add(f"tap {key}", (key,), tap(life, poison))
    for n in range(1, 9):
        add(f"select {n}", (str(n),), select(n - 1))
    for n in range(1, 9):
        # Commander damage to the selected player from player n's commander (Alt: partner).
        add(f"commander {n}", (f"Ctrl+{n}",), commander(n - 1, 0))
        add(f"partner {n}", (f"Alt+{n}",), commander(n - 1, 1))
    add("menu", ("M", "Menu"), lambda v: v.open_player_menu())
    add("resolve", ("Return", "Enter"), lambda v: v.model.commit())
    add("pass", ("N",), lambda v: v.model.pass_turn())
    actions["pass"].setAutoRepeat(False)  # N held down passes one turn, not 30 a second

    def marked(act: Callable[[GameModel, int], object]) -> Callable[[TableView], object]:
        return lambda v: act(v.model, v.selected)

    for name, keys, act in MARK_KEYS:  # who starts, dice, designations and counters
        add(name, keys, marked(act))
        # A die, a coin or day/night held down happens once, as N does; counters count on.
        actions[name].setAutoRepeat(name not in ONCE_KEYS)
    return actions


class TableView(QWidget):
    """Shows one `GameModel` and turns clicks and keys into intents for it."""

    model_replaced = Signal(object)
    """Another model is now shown (carries the new `GameModel`)."""
    graph_requested = Signal()
    """The players asked for the life graph (the end-of-game summary's button)."""

    def __init__(self, model: GameModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("tables")
        self.model = model
        self.panels: list[TeamPanel] = []
        self.selected = 0
        self._displaced: list[int] = []
        """The players the keys left, oldest first, when their rows were disabled (they left
        the game)."""
        self._refreshing = False
        column = QVBoxLayout(self)
        column.setContentsMargins(8, 6, 8, 6)
        self.notice = QLabel("")
        self.notice.setObjectName("notice")
        self.notice.setWordWrap(True)
        self.notice.setVisible(False)
        column.addWidget(self.notice)
        self.banner = QLabel("")
        # Names are shown as typed: a team called "<b>x</b>" is drawn with its brackets.
        self.banner.setTextFormat(Qt.TextFormat.PlainText)
        self.banner.setObjectName("banner")
        self.banner.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.banner.setWordWrap(True)
        # When the game ends, a short summary and the graph sit beside the banner.
        self.summary = QLabel("")
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        self.summary.setObjectName("summary")
        self.summary.setWordWrap(True)
        self.graph_button = QPushButton()
        self.graph_button.setObjectName("graphButton")
        self.graph_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.graph_button.clicked.connect(self.graph_requested)
        top = QHBoxLayout()
        top.setSpacing(8)
        top.addWidget(self.banner, 3)
        top.addWidget(self.summary, 2)
        top.addWidget(self.graph_button)
        column.addLayout(top)
        self.marks = TableMarks(self, self, self.banner, top)
        self.graph_available = False
        """True when a window shows the graph on `graph_requested` (the kitchen's does)."""
        self._guard_until = 0.0
        self.clock: Callable[[], float] = time.monotonic
        """The clock the tap guard reads (tests replace it)."""
        self.grid = QGridLayout()
        self.grid.setSpacing(8)
        column.addLayout(self.grid, 1)
        self._retranslate()
        self._build(model)

    def _retranslate(self) -> None:
        """The view's static words in the current language."""
        self.notice.setAccessibleName(self.tr("Warning"))
        self.banner.setAccessibleName(self.tr("Game status"))
        self.summary.setAccessibleName(self.tr("Game summary"))
        self.graph_button.setText(self.tr("Life graph"))
        self.graph_button.setToolTip(self.tr("Each team's life over the game (Ctrl+G)"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
            self.refresh_banner()  # the banner and the summary are made of words too
            self.marks.retranslate()
        super().changeEvent(event)

    # ----- the model ---------------------------------------------------------------------

    def set_model(self, model: GameModel) -> None:
        """Shows another table's game: rebuilds the panels for its variant."""
        old = self.model
        if old is not model:
            old.changed.disconnect(self._on_changed)
            old.pending_changed.disconnect(self._on_pending_changed)
            old.partners_changed.disconnect(self._on_partners_changed)
        for panel in self.panels:
            self.grid.removeWidget(panel)
            panel.deleteLater()
        self.panels = []
        self.model = model
        self._build(model)
        self.model_replaced.emit(model)

    def _build(self, model: GameModel) -> None:
        columns = grid_columns(model.game.variant.teams)
        for team in range(model.game.variant.teams):
            panel = TeamPanel(model, team)
            self.grid.addWidget(panel, team // columns, team % columns)
            panel.clicked.connect(self._on_panel_clicked)
            panel.commander_tapped.connect(self._on_commander_tapped)
            for row in panel.heads:
                row.tapped.connect(self._on_tapped)
                row.menu_requested.connect(self._on_menu_requested)
                row.selected.connect(self._on_selected)
                row.refused.connect(self._on_refused)
            self.panels.append(panel)
        rows = (len(self.panels) + columns - 1) // columns
        for r in range(4):
            self.grid.setRowStretch(r, 1 if r < rows else 0)
        for c in range(4):
            self.grid.setColumnStretch(c, 1 if c < columns else 0)
        self.marks.build(model)
        model.changed.connect(self._on_changed)
        model.pending_changed.connect(self._on_pending_changed)
        model.partners_changed.connect(self._on_partners_changed)
        self.selected = 0
        self._displaced = []
        self._on_changed(model.reset_change())
        self._on_pending_changed()

    def _on_changed(self, change: TableChange) -> None:
        # Rows of a team that leaves are disabled, and Qt then moves focus on by itself: that
        # is not the players choosing someone else, so the selection is put back after.
        self._refreshing = True
        everyone = change.turn or change.over or change.kind == "reset"
        for panel in self.panels:
            if everyone or panel.team in change.teams:
                panel.refresh()
            panel.refresh_counters()  # a source leaving disables its counters everywhere
        self._refreshing = False
        self._keep_selection()
        self.refresh_banner()
        self.marks.changed(change)
        if change.kind != "reset":
            announce(self, self.change_words(change))

    def change_words(self, change: TableChange) -> str:
        """What one committed change did, as a screen reader says it: each team whose totals
        moved with its new totals ("Ann & Bob: 27 life"), who left or won, and whose turn it
        is when the turn moved."""
        game = self.model.game
        names = self.model.setup.team_names
        team_game = game.variant.team_game
        said = []
        left: dict[str, list[str]] = {"lost": [], "drawn": [], "won": []}
        for team in sorted(change.teams):
            state = game.state.teams[team]
            if _totals_moved(change, team):
                life = grouped(state.life)
                said.append(
                    arg(self.tr("%1: %2 life, %3 poison"), names[team], life, state.poison)
                    if state.poison or _poison_moved(change, team)
                    else arg(self.tr("%1: %2 life"), names[team], life)
                )
            if state.status != "playing" and state.status != _status_before(change, team):
                left[state.status].append(names[team])
        # Those out first, the winner last (as the history says it). A team's name takes a
        # plural verb, as the banner's does.
        words = (
            {"lost": self.tr("%1 are out"), "drawn": self.tr("%1 draw"), "won": self.tr("%1 win")}
            if team_game
            else {
                "lost": self.tr("%1 is out"),
                "drawn": self.tr("%1 draws"),
                "won": self.tr("%1 wins"),
            }
        )
        for status, who in left.items():
            said.extend(arg(words[status], name) for name in who)
        if change.turn and not game.over:
            said.append(
                arg(self.tr("Turn %1 \u2014 %2\u2019s turn"), game.turn, names[game.active])
            )
        return ". ".join(said)

    def _on_pending_changed(self) -> None:
        for panel in self.panels:
            panel.refresh_pending()

    def refresh_banner(self) -> None:
        """The line above the panels: the die roll, whose turn it is, or the result."""
        game = self.model.game
        names = self.model.setup.team_names
        if game.over:
            winners = game.winners
            if winners:
                t = winners[0]
                won = (
                    self.tr("%1 win! \u2014 %2")  # a team: plural verb
                    if game.variant.team_game
                    else self.tr("%1 wins! \u2014 %2")
                )
                text = arg(won, names[t], game.reason(t))
            else:
                drawn = [t for t in range(game.variant.teams) if game.status(t) == "drawn"]
                text = (
                    arg(self.tr("The game is a draw. \u2014 %1"), game.reason(drawn[0]))
                    if drawn
                    else self.tr("The game is a draw.")
                )
        elif not game.position and self.model.opening:
            text = f"{self.model.opening} {first_draw_rule(game.variant)}"
        elif not game.position or self.model.before_first_event:
            # Until the first event who starts can change (CR 103.1): each start choice or
            # roll says so here, and who skips the first draw follows it (CR 103.8).
            chosen = start_words(self.model)
            start = (
                self.tr("Die roll: %1 start. %2")  # a team: plural verb
                if game.variant.team_game
                else self.tr("Die roll: %1 starts. %2")
            )
            text = (
                f"{chosen} {first_draw_rule(game.variant)}"
                if chosen
                else arg(start, names[game.active], first_draw_rule(game.variant))
            )
        else:
            text = arg(self.tr("Turn %1 \u2014 %2\u2019s turn"), game.turn, names[game.active])
        note = self.model.round_note() if self.model.round_note is not None else ""
        if note and not game.over:
            text = f"{text}\n{note}"
        self.banner.setText(text)
        ended = "yes" if game.over else "no"
        if self.banner.property("over") != ended:
            self.banner.setProperty("over", ended)
            repolish(self.banner, children=False)
        # Two lines of room always, so the panels don't jump when the die roll's two lines
        # become one turn line.
        self.banner.ensurePolished()  # measure with the style sheet's font, not the default
        margins = self.banner.contentsMargins()
        lines = 2 * self.banner.fontMetrics().lineSpacing()
        self.banner.setMinimumHeight(lines + margins.top() + margins.bottom() + 14)
        lines_of_summary: list[str] = []
        if game.over:
            from tablelife.model.life_graph import summary  # a game on loads it (issue 12)

            lines_of_summary = summary(game, names)
        self.summary.setText("\n".join(lines_of_summary))
        self.summary.setVisible(bool(lines_of_summary))
        self.graph_button.setVisible(game.over and self.graph_available)

    def show_notice(self, text: str | None) -> None:
        """A warning that stays in view (the journal can't be used, a file was set aside)."""
        self.notice.setText(text or "")
        self.notice.setVisible(bool(text))

    # ----- selection and taps ------------------------------------------------------------

    def guard_taps(self) -> None:
        """A modal dialog just closed: for a double-click's time, a click that lands on a tap
        button is the second half of the click that closed it, not a tap (defect 7)."""
        interval = QApplication.doubleClickInterval() / 1000
        self._guard_until = self.clock() + interval

    def taps_guarded(self) -> bool:
        """True in the moment after a modal dialog closed, when taps are ignored."""
        return self.clock() < self._guard_until

    def _on_panel_clicked(self, team: int) -> None:
        """A click anywhere on a panel selects its player (in a team, the one selected
        already if they are on it, else its first head)."""
        panel = self.panels[team]
        players = [row.player for row in panel.heads if row.isEnabled()]
        if players and self.selected not in players:
            self.select_player(players[0])
        elif players:
            self.select_player(self.selected)
        else:
            # Greyed: a click on it (on a tap button, say) is told why nothing happens (a
            # read-only game, a game over, a team out), not met with silence (issue 26).
            self.model.explain(panel.heads[0].player)

    def _on_refused(self, player: int) -> None:
        if not self.taps_guarded():
            self.model.explain(player)  # why the button is greyed, in the status bar

    def _on_partners_changed(self, _player: int) -> None:
        for panel in self.panels:
            panel.build_counters()

    def _on_commander_tapped(self, player: int, source: int, commander: int, delta: int) -> None:
        if self.taps_guarded():
            return
        self.select_player(player)
        self.model.stage_commander(player, source, delta, commander)

    def tap_commander(self, source: int, commander: int = 0) -> None:
        """A key: 1 combat damage to the selected player from `source`'s commander (or
        partner), pending like any tap."""
        self.select_player(self.selected)
        self.model.stage_commander(self.selected, source, 1, commander)

    def _on_tapped(self, player: int, life: int, poison: int) -> None:
        if self.taps_guarded():
            return
        self.select_player(player)
        if life:
            self.model.stage_life(player, life)
        if poison:
            self.model.stage_poison(player, poison)

    def _on_selected(self, player: int) -> None:
        if not self._refreshing:
            if player != self.selected:  # the players chose: an undo no longer moves the keys
                self._displaced = []
            self.selected = player

    def _keep_selection(self) -> None:
        """Focus stays on the selected player, or moves to the first one still playing. A
        player the keys left because they left the game gets them back when an undo brings
        them back, unless the players chose someone else meanwhile."""
        rows = {row.player: row for panel in self.panels for row in panel.heads if row.isEnabled()}
        if not rows:
            return
        # The keys go back to the latest player they left who is playing again (an undo);
        # those they left before stay remembered, those after are forgotten.
        back = [i for i, player in enumerate(self._displaced) if player in rows]
        if back:
            keep = rows[self._displaced[back[-1]]]
            del self._displaced[back[-1] :]
        elif self.selected in rows:
            keep = rows[self.selected]
        else:
            self._displaced.append(self.selected)
            keep = next(iter(rows.values()))
        self.selected = keep.player
        window = self.window()
        if window.isActiveWindow() and self.isVisible() and not keep.hasFocus():
            refreshing, self._refreshing = self._refreshing, True  # Qt's move, not a choice
            keep.setFocus(Qt.FocusReason.OtherFocusReason)
            self._refreshing = refreshing

    def focus_selected(self) -> None:
        """Gives keyboard focus to the selected player's row (as the table is shown)."""
        row = self._row(self.selected)
        if row is not None:
            row.setFocus()

    def tap_selected(self, life: int, poison: int) -> None:
        """A key tap for the selected player."""
        self.select_player(self.selected)
        if life:
            self.model.stage_life(self.selected, life)
        if poison:
            self.model.stage_poison(self.selected, poison)

    def _row(self, player: int) -> HeadRow | None:
        return next((r for p in self.panels for r in p.heads if r.player == player), None)

    def select_player(self, player: int) -> None:
        """Selects a player (focus moves to their row)."""
        row = self._row(player)
        if row is not None:
            if player != self.selected:  # another player chosen (a key tap keeps the same one)
                self._displaced = []
            self.selected = player
            row.setFocus(Qt.FocusReason.ShortcutFocusReason)

    # ----- the player menu and its questions ---------------------------------------------

    def _on_menu_requested(self, player: int, where: QPoint) -> None:
        if self.taps_guarded():  # the ⋯ button under a dialog's Cancel, say (defect 2)
            return
        self.select_player(player)
        self.player_menu(player).popup(where)

    def open_player_menu(self, player: int | None = None) -> None:
        """M: opens a player's menu (the selected one's by default) beside their row."""
        row = self._row(self.selected if player is None else player)
        if row is not None:
            self.player_menu(row.player).popup(row.mapToGlobal(row.rect().center()))

    def confirm(self, title: str, text: str) -> bool:
        """Asks a yes/no question; No is the default so a stray Enter is harmless."""
        from PySide6.QtWidgets import QMessageBox  # its types cost 1 ms at start (issue 12)

        answer = QMessageBox.question(
            self,
            title,
            text,
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No,
        )
        self.guard_taps()
        return answer == QMessageBox.StandardButton.Yes

    def ask_number(
        self,
        title: str,
        prompt: str,
        least: int,
        most: int,
        value: int | None = None,
        *,
        follow: Callable[[], tuple[str, int]] | None = None,
    ) -> int | None:
        """Asks for a whole number in range; None if cancelled. With `follow`, the question
        and the upper limit are re-read whenever the game or its pending taps move while the
        dialog is open, so the answer is checked against the game as it is then (defect 3)."""
        from tablelife.ui.dialogs import NumberDialog  # loaded when first asked for: a faster start

        dialog = NumberDialog(title, prompt, least, most, value, self)

        def refresh() -> None:
            assert follow is not None
            dialog.set_range(*follow())

        if follow is not None:
            self.model.changed.connect(refresh)
            self.model.pending_changed.connect(refresh)
        try:
            accepted = dialog.exec()
        finally:
            if follow is not None:
                self.model.changed.disconnect(refresh)
                self.model.pending_changed.disconnect(refresh)
        self.guard_taps()
        return dialog.value() if accepted else None

    def player_menu(self, player: int) -> QMenu:
        """The menu of one player's less common actions."""
        model = self.model
        game = model.game
        name = game.names[player]
        team = game.team_of(player)
        menu = QMenu(self)
        # Made for one showing: once closed (Esc, a click elsewhere, an action chosen) Qt deletes
        # it, submenu and all, instead of keeping it hidden in the table until the window goes.
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        menu.setTitle(menu_text(name))
        playing = game.status(team) == "playing" and not game.over and not model.read_only

        def add(text: str, slot: Callable[[], object]) -> QAction:
            action = menu.addAction(text)
            action.triggered.connect(slot)
            action.setEnabled(playing)
            return action

        add(self.tr("Set life…"), lambda: self.set_life(player))
        add(self.tr("Pay life…"), lambda: self.pay_life(player))
        exchange = menu.addMenu(self.tr("Exchange life with"))
        exchange.setEnabled(playing)
        for other in range(game.variant.players):
            if game.team_of(other) != team and game.status(game.team_of(other)) == "playing":
                act = exchange.addAction(menu_text(game.names[other]))
                act.triggered.connect(lambda _=False, o=other: self.submit(ExchangeLife(player, o)))
        menu.addSeparator()
        add(self.tr("Concede…"), lambda: self.concede(player))
        add(self.tr("Loses the game (decked, or an effect)…"), lambda: self.lose(player))
        add(self.tr("Wins the game (an effect)…"), lambda: self.win(player))
        if game.variant.commander:
            partners = menu.addAction(self.tr("Plays two partner commanders"))
            partners.setCheckable(True)
            partners.setChecked(model.has_partners(player))
            partners.setToolTip(self.tr("Two commander damage counters per opponent (CR 903.10a)."))
            partners.toggled.connect(lambda on: model.set_partners(player, on))
        player_mark_menu(self, player, menu, playing)
        menu.addSeparator()
        effects = game.effects(team)
        for kind in EFFECT_KINDS:
            label = effect_label(kind)
            label = label[:1].upper() + label[1:]  # capitalize() would lower "CR" in a label
            if game.variant.team_game:
                label = arg(self.tr("%1 (whole team)"), label)
            act = add(label, lambda: None)
            act.setCheckable(True)
            act.setChecked(kind in effects)
            act.triggered.disconnect()
            act.toggled.connect(lambda on, k=kind: self.submit(Effect(player, k, on)))
        return menu

    def submit(self, *changes: Change) -> bool:
        """Sends changes to the model as one event."""
        return self.model.submit(*changes)

    def set_life(self, player: int) -> None:
        """Asks for a life total, then sets it (CR 119.5)."""
        game = self.model.game
        life = game.life(game.team_of(player))
        # CR 107.1b, 119.5: an effect can set life below 0; the typo limit holds either way.
        value = self.ask_number(
            self.tr("Set life"),
            arg(
                self.tr("Set %1\u2019s life to (%2 to %3):"),
                game.names[player],
                grouped(-MAX_AMOUNT),
                grouped(MAX_AMOUNT),
            ),
            -MAX_AMOUNT,
            MAX_AMOUNT,
            life,
        )
        if value is not None:
            self.submit(SetLife(player, value))

    def _pay_limit(self, player: int) -> tuple[str, int]:
        """What a player can pay now, and the question that says so. Pending taps commit
        before the payment, so they count (CR 119.4: only up to the life total; 119.4b: 0
        can always be paid)."""
        game = self.model.game
        # CR 119.4: the limit the rules core applies, after the pending taps as it applies them
        most = game.most_payable(player, self.model.pending_changes())
        prompt = arg(self.tr("%1 pays how much life? (0 to %2)"), game.names[player], grouped(most))
        return prompt, most

    def pay_life(self, player: int) -> None:
        """Asks how much life a player pays (CR 119.4), then pays it. The limit follows the
        game while the dialog is open: taps that commit meanwhile lower it (defect 3)."""
        prompt, most = self._pay_limit(player)
        value = self.ask_number(
            self.tr("Pay life"), prompt, 0, most, follow=lambda: self._pay_limit(player)
        )
        if value is not None:
            self.submit(PayLife(player, value))

    def concede(self, player: int) -> None:
        """Asks, then concedes for a player and their team (CR 104.3a, 810.8b)."""
        game = self.model.game
        team = self.model.setup.team_names[game.team_of(player)]
        question = (
            arg(
                self.tr("Does %1 concede? %2 leave the game with them (CR 810.8b)."),
                game.names[player],
                team,
            )
            if game.variant.team_game
            else arg(self.tr("Does %1 concede? (CR 104.3a)"), game.names[player])
        )
        if self.confirm(self.tr("Concede"), question):
            self.submit(Concede(player))

    def lose(self, player: int) -> None:
        """Asks, then makes a player lose (CR 104.3c, 104.3e)."""
        name = self.model.game.names[player]
        if self.confirm(
            self.tr("Loses the game"),
            arg(self.tr("%1 loses the game (decked, or an effect)?"), name),
        ):
            self.submit(LoseGame(player))

    def win(self, player: int) -> None:
        """Asks, then makes a player win by an effect (CR 104.2b)."""
        name = self.model.game.names[player]
        if self.confirm(
            self.tr("Wins the game"), arg(self.tr("%1 wins the game by an effect?"), name)
        ):
            self.submit(WinGame(player))

    def declare_draw(self) -> None:
        """A draw for everyone still playing (an agreed draw, or an effect)."""
        if self.confirm(
            self.tr("Draw"), self.tr("Declare the game a draw for everyone still playing?")
        ):
            self.submit(DrawGame())

    def game_in_progress(self) -> bool:
        """True when abandoning the game would throw something away."""
        game = self.model.game
        return not game.over and (bool(game.position) or self.model.has_pending)
