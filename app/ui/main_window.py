"""The table window: one game on screen, the way players at a kitchen table use it."""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QPoint, Qt, QTimer, SignalInstance
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QGuiApplication, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QGridLayout,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QVBoxLayout,
    QWidget,
)

from app.model.game_model import GameModel
from app.model.session import GameUnavailableError, Session, is_abandoned
from app.model.settings import Settings
from app.model.text import result_words
from app.rules import (
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
from app.rules.setup import GameSetup
from app.rules.words import EFFECT_LABELS
from app.ui.dialogs import KeysDialog, NewGameDialog, NumberDialog
from app.ui.history import HistoryView
from app.ui.team_panel import HeadRow, TeamPanel
from app.ui.theme import palette, resolve, style_sheet

# CR-free layout rule of thumb: columns for 2..8 panels on a laptop screen.
GRID_COLUMNS = {1: 1, 2: 2, 3: 2, 4: 2, 5: 3, 6: 3, 7: 4, 8: 4}


def grid_columns(panels: int) -> int:
    """How many columns a grid of panels uses: 2 side by side, 3-4 as 2x2, 5-6 as 3x2, 7-8 4x2."""
    return GRID_COLUMNS.get(panels, 4)


class MainWindow(QMainWindow):
    """Shows one `GameModel` and turns keys, clicks and menus into intents for it."""

    def __init__(
        self,
        model: GameModel,
        settings: Settings,
        new_model: Callable[[GameSetup], GameModel],
        session: Session | None = None,
    ) -> None:
        super().__init__()
        self.settings = settings
        self.session = session
        self._new_model = new_model
        self._others: list[MainWindow] = []  # finished games opened read-only
        self.setWindowTitle("Tablelife")
        self.model: GameModel = model
        self.panels: list[TeamPanel] = []
        self.selected = 0
        self._refreshing = False

        central = QWidget()
        central.setObjectName("tables")
        column = QVBoxLayout(central)
        column.setContentsMargins(8, 6, 8, 6)
        self.notice = QLabel("")
        self.notice.setObjectName("notice")
        self.notice.setWordWrap(True)
        self.notice.setAccessibleName("Warning")
        self.notice.setVisible(False)
        column.addWidget(self.notice)
        self.banner = QLabel("")
        self.banner.setObjectName("banner")
        self.banner.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.banner.setWordWrap(True)
        self.banner.setAccessibleName("Game status")
        column.addWidget(self.banner)
        self.grid = QGridLayout()
        self.grid.setSpacing(8)
        column.addLayout(self.grid, 1)
        self.setCentralWidget(central)
        self._tables = central

        self.history = HistoryView()
        self._history_timer = QTimer(self)
        self._history_timer.setSingleShot(True)
        self._history_timer.setInterval(0)
        self._history_timer.timeout.connect(self.history.refresh)
        self.history_dock = QDockWidget("History", self)
        self.history_dock.setObjectName("history")
        self.history_dock.setWidget(self.history)
        self.history_dock.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetClosable
            | QDockWidget.DockWidgetFeature.DockWidgetMovable
        )
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.history_dock)
        self.history_dock.setVisible(bool(settings.get("window/history")))
        self.resizeDocks([self.history_dock], [400], Qt.Orientation.Horizontal)

        self._build_actions()
        self.statusBar().showMessage("F1 shows the keys.")
        self.statusBar().setStyleSheet("font-size: 15px;")
        self.apply_theme(str(settings.get("theme")))
        QGuiApplication.styleHints().colorSchemeChanged.connect(self._on_system_scheme_changed)
        self.set_model(model)

    # ----- actions and keys --------------------------------------------------------------

    def _action(
        self,
        text: str,
        slot: Callable[[], object],
        keys: str | QKeySequence.StandardKey | tuple[str, ...] = (),
        menu: QMenu | None = None,
    ) -> QAction:
        action = QAction(text, self)
        if isinstance(keys, str):
            keys = (keys,)
        if isinstance(keys, QKeySequence.StandardKey):
            action.setShortcuts(keys)
        else:
            action.setShortcuts([QKeySequence(k) for k in keys])
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        action.triggered.connect(slot)
        self.addAction(action)
        if menu is not None:
            menu.addAction(action)
        return action

    def _build_actions(self) -> None:
        bar = self.menuBar()
        file = bar.addMenu("&File")
        game = bar.addMenu("&Game")
        edit = bar.addMenu("&Edit")
        view = bar.addMenu("&View")
        help_menu = bar.addMenu("&Help")
        self.new_action = self._action("&New game…", self.new_game, "Ctrl+N", file)
        self.recent_menu = file.addMenu("&Recent games")
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        file.addSeparator()
        self.resolve_action = self._action("&Resolve", self.model_commit, ("Return", "Enter"), game)
        self.resolve_action.setToolTip("Commit the pending taps as one event (Enter)")
        self.drop_action = self._action("&Drop pending", self.model_drop, "Esc", game)
        self.pass_action = self._action("&Pass turn", self.pass_turn, "N", game)
        game.addSeparator()
        self.draw_action = self._action("Declare a dra&w…", self.declare_draw, (), game)
        game.addSeparator()
        self._action("&Idle time before taps count…", self.ask_idle_time, (), game)
        self._action("&Quit", self.close, "Ctrl+Q", file)
        self.undo_action = self._action("&Undo", self.undo, "Ctrl+Z", edit)
        self.redo_action = self._action("&Redo", self.redo, ("Ctrl+Shift+Z", "Ctrl+Y"), edit)
        # The toolbar keeps short, steady labels (no relayout per tap); the menu and the
        # tooltip name the event.
        self.undo_action.setIconText("Undo")
        self.redo_action.setIconText("Redo")
        self.history_action = self.history_dock.toggleViewAction()
        self.history_action.setText("&History")
        self.history_action.setShortcut(QKeySequence("Ctrl+H"))
        view.addAction(self.history_action)
        themes = view.addMenu("&Theme")
        group = QActionGroup(self)
        self.theme_actions: dict[str, QAction] = {}
        for name in ("system", "light", "dark"):
            action = QAction(name.capitalize(), self, checkable=True)
            action.triggered.connect(lambda _=False, n=name: self.set_theme(n))
            group.addAction(action)
            themes.addAction(action)
            self.theme_actions[name] = action
        self.full_action = self._action("&Full screen", self.toggle_full_screen, "F11", view)
        self._action("&Keys…", self.show_keys, "F1", help_menu)

        # Keys that act on the selected player.
        def tap(life: int, poison: int) -> Callable[[], None]:
            return lambda: self.tap_selected(life, poison)

        def select(player: int) -> Callable[[], None]:
            return lambda: self.select_player(player)

        for key, life, poison in (
            ("Up", 1, 0),
            ("Down", -1, 0),
            ("PgUp", 5, 0),
            ("PgDown", -5, 0),
            ("Shift+Up", 0, 1),
            ("Shift+Down", 0, -1),
        ):
            self._action(f"selected {key}", tap(life, poison), key)
        for n in range(1, 9):
            self._action(f"select {n}", select(n - 1), str(n))
        self._action("player menu", lambda: self.open_player_menu(self.selected), ("M", "Menu"))

        tools = self.addToolBar("Table")
        tools.setObjectName("toolbar")
        tools.setMovable(False)
        for action in (
            self.new_action,
            self.undo_action,
            self.redo_action,
            self.resolve_action,
            self.pass_action,
            self.history_action,
        ):
            tools.addAction(action)

    # ----- the model ---------------------------------------------------------------------

    def set_model(self, model: GameModel) -> None:
        """Shows a table's game: rebuilds the panels for its variant."""
        old = self.model
        if old is not model:
            for signal, slot in self._wiring(old):
                signal.disconnect(slot)
        self.model = model
        for panel in self.panels:
            self.grid.removeWidget(panel)
            panel.deleteLater()
        self.panels = []
        columns = grid_columns(model.game.variant.teams)
        for team in range(model.game.variant.teams):
            panel = TeamPanel(model, team)
            self.grid.addWidget(panel, team // columns, team % columns)
            for row in panel.heads:
                row.tapped.connect(self._on_tapped)
                row.menu_requested.connect(self._on_menu_requested)
                row.selected.connect(self._on_selected)
            self.panels.append(panel)
        for r in range(4):
            self.grid.setRowStretch(r, 1 if r < (len(self.panels) + columns - 1) // columns else 0)
        for c in range(4):
            self.grid.setColumnStretch(c, 1 if c < columns else 0)
        for signal, slot in self._wiring(model):
            signal.connect(slot)
        self.history.set_model(model)
        self.selected = 0
        if model.read_only:
            self.setWindowTitle(f"Tablelife \u2014 {self._game_title(model)} (read-only)")
        self.show_notice(self.session.notice_for(model) if self.session else None)
        self._on_changed()
        self._on_pending_changed()
        self.panels[0].heads[0].setFocus()

    def _wiring(self, model: GameModel) -> list[tuple[SignalInstance, Callable[..., None]]]:
        return [
            (model.changed, self._on_changed),
            (model.pending_changed, self._on_pending_changed),
            (model.message, self._on_message),
        ]

    def _on_changed(self) -> None:
        # Rows of a team that leaves are disabled, and Qt then moves focus on by itself: that
        # is not the players choosing someone else, so the selection is put back after.
        self._refreshing = True
        for panel in self.panels:
            panel.refresh()
        self._refreshing = False
        self._keep_selection()
        self._refresh_banner()
        self._refresh_actions()
        # The totals paint first; the history (slower to paint) follows in the next pass.
        self._history_timer.start()

    def _on_pending_changed(self) -> None:
        for panel in self.panels:
            panel.refresh_pending()
        self._refresh_actions()

    def _on_message(self, text: str) -> None:
        self.statusBar().showMessage(text, 10000)

    def _refresh_banner(self) -> None:
        game = self.model.game
        names = self.model.setup.team_names
        if game.over:
            winners = game.winners
            if winners:
                t = winners[0]
                verb = "win" if game.variant.team_game else "wins"
                text = f"{names[t]} {verb}! \u2014 {game.reason(t)}"
            else:
                text = "The game is a draw."
                drawn = [t for t in range(game.variant.teams) if game.status(t) == "drawn"]
                if drawn:
                    text += f" \u2014 {game.reason(drawn[0])}"
        elif not game.history:
            who = names[game.active]
            verb = "start" if game.variant.team_game else "starts"
            text = f"Die roll: {who} {verb}. {first_draw_rule(game.variant)}"
        else:
            text = f"Turn {game.turn} \u2014 {names[game.active]}\u2019s turn"
        self.banner.setText(text)
        ended = "yes" if game.over else "no"
        if self.banner.property("over") != ended:
            self.banner.setProperty("over", ended)
            self.banner.style().polish(self.banner)

    def _refresh_actions(self) -> None:
        model = self.model
        stack = model.undo_stack
        pending = model.has_pending
        self.undo_action.setEnabled(pending or stack.canUndo())
        undo = (
            "Undo pending taps"
            if pending
            else f"Undo {stack.undoText()}"
            if stack.canUndo()
            else "Undo"
        )
        redo = f"Redo {stack.redoText()}" if stack.canRedo() else "Redo"
        # Menu text and tooltip name the event; the toolbar keeps its short icon text.
        self.undo_action.setText("&" + undo)
        self.undo_action.setToolTip(f"{undo} (Ctrl+Z)")
        self.redo_action.setEnabled(stack.canRedo())
        self.redo_action.setText("&" + redo)
        self.redo_action.setToolTip(f"{redo} (Ctrl+Shift+Z)")
        self.resolve_action.setEnabled(pending)
        self.drop_action.setEnabled(pending)
        over = model.game.over
        self.pass_action.setEnabled(not over)
        self.draw_action.setEnabled(not over)

    # ----- intents -----------------------------------------------------------------------

    def _on_tapped(self, player: int, life: int, poison: int) -> None:
        self.select_player(player)
        if life:
            self.model.stage_life(player, life)
        if poison:
            self.model.stage_poison(player, poison)

    def _on_selected(self, player: int) -> None:
        if not self._refreshing:
            self.selected = player

    def _keep_selection(self) -> None:
        """Focus stays on the selected player, or moves to the first one still playing."""
        rows = [row for panel in self.panels for row in panel.heads if row.isEnabled()]
        if not rows:
            return
        keep = next((row for row in rows if row.player == self.selected), rows[0])
        self.selected = keep.player
        if self.isActiveWindow() and not keep.hasFocus():
            keep.setFocus(Qt.FocusReason.OtherFocusReason)

    def _on_menu_requested(self, player: int, where: QPoint) -> None:
        self.select_player(player)
        self.player_menu(player).popup(where)

    def tap_selected(self, life: int, poison: int) -> None:
        """A key tap for the selected player."""
        self._on_tapped(self.selected, life, poison)

    def _row(self, player: int) -> HeadRow | None:
        return next((r for p in self.panels for r in p.heads if r.player == player), None)

    def select_player(self, player: int) -> None:
        """Selects a player (focus moves to their row)."""
        row = self._row(player)
        if row is not None:
            self.selected = player
            row.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def model_commit(self) -> None:
        """Enter or Resolve: commit what is pending now."""
        self.model.commit()

    def model_drop(self) -> None:
        """Esc: forget what is pending."""
        if self.model.has_pending:
            self.model.drop_pending()
            self._on_message("Dropped the pending taps.")

    def pass_turn(self) -> None:
        """N: pass the turn."""
        self.model.pass_turn()

    def undo(self) -> None:
        """Ctrl+Z."""
        self.model.undo()
        self._refresh_actions()

    def redo(self) -> None:
        """Ctrl+Shift+Z."""
        self.model.redo()
        self._refresh_actions()

    def confirm(self, title: str, text: str) -> bool:
        """Asks a yes/no question; No is the default so a stray Enter is harmless."""
        answer = QMessageBox.question(
            self,
            title,
            text,
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No,
        )
        return answer == QMessageBox.StandardButton.Yes

    def ask_number(
        self, title: str, prompt: str, least: int, most: int, value: int | None = None
    ) -> int | None:
        """Asks for a whole number in range; None if cancelled."""
        dialog = NumberDialog(title, prompt, least, most, value, self)
        return dialog.value() if dialog.exec() else None

    def player_menu(self, player: int) -> QMenu:
        """The menu of one player's less common actions."""
        model = self.model
        game = model.game
        name = game.names[player]
        team = game.team_of(player)
        menu = QMenu(self)
        menu.setTitle(name)
        playing = game.status(team) == "playing" and not game.over

        def add(text: str, slot: Callable[[], object]) -> QAction:
            action = menu.addAction(text)
            action.triggered.connect(slot)
            action.setEnabled(playing)
            return action

        add("Set life…", lambda: self._set_life(player))
        add("Pay life…", lambda: self._pay_life(player))
        exchange = menu.addMenu("Exchange life with")
        exchange.setEnabled(playing)
        for other in range(game.variant.players):
            if game.team_of(other) != team and game.status(game.team_of(other)) == "playing":
                act = exchange.addAction(game.names[other])
                act.triggered.connect(
                    lambda _=False, o=other: self._submit(ExchangeLife(player, o))
                )
        menu.addSeparator()
        add("Concede…", lambda: self._concede(player))
        add("Loses the game (decked, or an effect)…", lambda: self._lose(player))
        add("Wins the game (an effect)…", lambda: self._win(player))
        menu.addSeparator()
        effects = game.effects(team)
        for kind in EFFECT_KINDS:
            act = add(f"{EFFECT_LABELS[kind].capitalize()} (whole team)", lambda: None)
            act.setCheckable(True)
            act.setChecked(kind in effects)
            act.triggered.disconnect()
            act.toggled.connect(lambda on, k=kind: self._submit(Effect(player, k, on)))
        return menu

    def open_player_menu(self, player: int) -> None:
        """M: opens the selected player's menu beside their row."""
        row = self._row(player)
        if row is not None:
            self.player_menu(player).popup(row.mapToGlobal(row.rect().center()))

    def _submit(self, *changes: Change) -> bool:
        return self.model.submit(*changes)

    def _set_life(self, player: int) -> None:
        game = self.model.game
        life = game.life(game.team_of(player))
        # CR 107.1b, 119.5: an effect can set life below 0; the typo limit holds either way.
        value = self.ask_number(
            "Set life",
            f"Set {game.names[player]}\u2019s life to (\u2212{MAX_AMOUNT:,} to {MAX_AMOUNT:,}):",
            -MAX_AMOUNT,
            MAX_AMOUNT,
            life,
        )
        if value is not None:
            self._submit(SetLife(player, value))

    def _pay_life(self, player: int) -> None:
        game = self.model.game
        most = game.most_payable(player)  # CR 119.4: the limit the rules core applies
        value = self.ask_number(
            "Pay life", f"{game.names[player]} pays how much life? (0 to {most})", 0, most
        )
        if value is not None:
            self._submit(PayLife(player, value))

    def _concede(self, player: int) -> None:
        game = self.model.game
        team = self.model.setup.team_names[game.team_of(player)]
        whole = (
            f" {team} leaves the game with them (CR 810.8b)."
            if game.variant.team_game
            else " (CR 104.3a)"
        )
        if self.confirm("Concede", f"Does {game.names[player]} concede?{whole}"):
            self._submit(Concede(player))

    def _lose(self, player: int) -> None:
        name = self.model.game.names[player]
        if self.confirm("Loses the game", f"{name} loses the game (decked, or an effect)?"):
            self._submit(LoseGame(player))

    def _win(self, player: int) -> None:
        name = self.model.game.names[player]
        if self.confirm("Wins the game", f"{name} wins the game by an effect?"):
            self._submit(WinGame(player))

    def declare_draw(self) -> None:
        """Game menu: a draw (a loop nobody can stop, or an intentional draw)."""
        if self.confirm("Draw", "Declare the game a draw for everyone still playing?"):
            self._submit(DrawGame())

    # ----- window ------------------------------------------------------------------------

    def game_in_progress(self) -> bool:
        """True when abandoning the game would throw something away."""
        game = self.model.game
        return not game.over and (bool(game.history) or self.model.has_pending)

    def show_notice(self, text: str | None) -> None:
        """A warning that stays in view (the journal can't be used, a file was set aside)."""
        self.notice.setText(text or "")
        self.notice.setVisible(bool(text))

    def _game_title(self, model: GameModel) -> str:
        return f"{model.setup.variant.title}: {', '.join(model.setup.team_names)}"

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        rows = self.session.recent_games() if self.session else []
        if self.session is not None and self.session.problem:
            self._on_message(self.session.problem)
        if not rows:
            none = self.recent_menu.addAction("No finished games yet")
            none.setEnabled(False)
        for row in rows:
            when = time.strftime("%Y-%m-%d %H:%M", time.localtime(row.started))
            act = self.recent_menu.addAction(f"{when} \u00b7 {result_words(row)}")
            if is_abandoned(row):
                act.triggered.connect(lambda _=False, gid=row.id: self.take_back(gid))
            else:
                act.triggered.connect(lambda _=False, gid=row.id: self.open_finished(gid))

    def take_back(self, game_id: int) -> None:
        """Plays a game left for a new one again; the game on the table is kept, unfinished."""
        assert self.session is not None
        if self.game_in_progress() and not self.confirm(
            "Take back a game", "Leave the game in progress for that one? Both are kept."
        ):
            return
        old = self.model
        old.commit()
        try:
            model = self.session.take_back(game_id, old.idle_ms)
        except GameUnavailableError as exc:
            self._on_message(f"That game could not be taken back: {exc}")
            return
        old.abandon()
        self.set_model(model)
        old.deleteLater()
        self._on_message("The game is back, as it was left.")

    def open_finished(self, game_id: int) -> MainWindow | None:
        """Opens a finished game read-only, in a window of its own."""
        assert self.session is not None
        try:
            model = self.session.open_finished(game_id)
        except GameUnavailableError as exc:
            self._on_message(f"That game could not be opened: {exc}")
            return None
        window = MainWindow(model, self.settings, self._new_model, self.session)
        window.new_action.setEnabled(False)
        window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        window.destroyed.connect(lambda: self._others.remove(window))
        window.resize(self.size())
        window.show()
        self._others.append(window)
        return window

    def ask_idle_time(self) -> None:
        """Sets how long after the last tap pending amounts commit by themselves."""
        value = self.ask_number(
            "Idle time",
            "Milliseconds after the last tap before it counts by itself (250 to 10,000):",
            250,
            10_000,
            self.model.idle_ms,
        )
        if value is not None:
            self.settings.set("idle_ms", value)
            self.model.set_idle_ms(value)

    def new_game(self) -> None:
        """Ctrl+N: asks first if a game is on, then opens the new-game dialog."""
        if self.game_in_progress() and not self.confirm(
            "New game",
            "A game is in progress. Start a new one anyway? "
            "(It is kept: File \u2192 Recent games takes it back.)",
        ):
            return
        dialog = NewGameDialog(
            self.settings.get("names/players"), self.settings.get("names/teams"), self
        )
        if dialog.exec() and dialog.chosen is not None:
            setup = dialog.chosen
            self.settings.set("names/players", list(setup.names))
            if setup.variant.team_game:
                self.settings.set("names/teams", list(setup.team_names))
            old = self.model
            old.commit()
            old.abandon()  # the journal keeps it, marked abandoned
            self.set_model(self._new_model(setup))
            old.deleteLater()

    def apply_theme(self, name: str) -> None:
        """Applies "system", "light" or "dark"."""
        theme = resolve(name)
        QApplication.setPalette(palette(theme))
        self._tables.setStyleSheet(style_sheet(theme))
        self.theme_actions.get(name, self.theme_actions["system"]).setChecked(True)

    def _on_system_scheme_changed(self) -> None:
        if self.settings.get("theme") == "system":
            self.apply_theme("system")

    def set_theme(self, name: str) -> None:
        """Switches the theme and remembers it."""
        self.settings.set("theme", name)
        self.apply_theme(name)

    def toggle_full_screen(self) -> None:
        """F11."""
        self.setWindowState(self.windowState() ^ Qt.WindowState.WindowFullScreen)

    def show_keys(self) -> None:
        """F1."""
        KeysDialog(self).exec()

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.model.has_pending:
            self.model.commit()  # a tap made just before closing is not lost
        if not self.model.read_only:  # a finished game's window leaves the table's settings be
            self.settings.set("window/geometry", self.saveGeometry())
            self.settings.set("window/history", self.history_dock.isVisible())
        super().closeEvent(event)
