"""The table window: one game on screen, the way players at a kitchen table use it.

The window is chrome — menus, toolbar, status bar, the history dock — around one `TableView`.
Keys and menus act on the focused table (`table`); the undo group follows it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QSize, Qt
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QGuiApplication,
    QKeySequence,
    QPalette,
    QResizeEvent,
    QUndoGroup,
)
from PySide6.QtWidgets import QAbstractButton, QDockWidget, QFrame, QMainWindow, QMenu

from tablelife.model.game_model import GameModel, TableChange
from tablelife.model.session import (
    GameUnavailableError,
    Session,
    is_abandoned,
    next_game_unsaved,
)
from tablelife.model.settings import Settings
from tablelife.model.text import result_words, variant_title
from tablelife.rules.i18n import arg
from tablelife.rules.setup import GameSetup
from tablelife.ui.language import LanguageMenu
from tablelife.ui.marks import PLAYER_KEYS, TABLE_KEYS, mark_words
from tablelife.ui.table_view import TableView, grid_columns, install_table_keys, menu_text
from tablelife.ui.theme import apply_theme
from tablelife.ui.widgets import after_first_paint

if TYPE_CHECKING:
    from tablelife.model.session import NextGame
    from tablelife.ui.history import HistoryView
    from tablelife.ui.life_graph import LifeGraphWindow

__all__ = ["MainWindow", "grid_columns"]

HISTORY_ROOM = 300
"""The least width beside the panels (or height below them, where a person moved it) that
the history is shown in: with less, it folds away until the window has the room again."""


class MainWindow(QMainWindow):
    """Hosts one `TableView` and turns keys and menus into intents for its table."""

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
        self.undo_group = QUndoGroup(self)
        self.table = TableView(model)
        self.table.graph_requested.connect(self.show_graph)
        self.table.graph_available = True
        self.table.refresh_banner()
        self.setCentralWidget(self.table)

        # The history is the window's: the desk shows tables without one. Its dock is here
        # from the start, so nothing moves when the view comes, once the first frame is out
        # (its module, types and first paint cost that frame some 10 ms; issue 12).
        self._history: HistoryView | None = None
        self.history_dock = QDockWidget(self)
        self.history_dock.setObjectName("history")
        waiting = QFrame()  # the history's ground and frame until it comes
        waiting.setFrameShape(QFrame.Shape.StyledPanel)
        waiting.setFrameShadow(QFrame.Shadow.Sunken)
        waiting.setBackgroundRole(QPalette.ColorRole.Base)
        waiting.setAutoFillBackground(True)
        waiting.setAccessibleName(self.tr("History"))
        self.history_dock.setWidget(waiting)
        self.history_dock.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetClosable
            | QDockWidget.DockWidgetFeature.DockWidgetMovable
        )
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.history_dock)
        self.history_dock.setVisible(bool(settings.get("window/history")))
        self.resizeDocks([self.history_dock], [400], Qt.Orientation.Horizontal)
        self.history_dock.installEventFilter(self)  # its title bar's close button: a choice

        self._table_mode: Qt.WindowState | None = None
        self._history_folded = False
        self._folding = False  # the window hides the history itself: not the person's choice
        self._graph: LifeGraphWindow | None = None
        self._wired: GameModel | None = None
        self._build_actions()
        self._retranslate()
        self.statusBar().showMessage(self.tr("F1 shows the keys."))
        self.apply_theme(str(settings.get("theme")))
        QGuiApplication.styleHints().colorSchemeChanged.connect(self._on_system_scheme_changed)
        self._show_model(model)
        after_first_paint(self, self._make_history)

    @property
    def history(self) -> HistoryView:
        """The history view, made at the first call: the window's first frame has none. It
        follows the table's game, connected after the table so the totals change first."""
        if self._history is None:
            self._make_history()
            assert self._history is not None
        return self._history

    def _make_history(self) -> None:
        if self._history is None:
            from tablelife.ui.history import HistoryView

            view = self._history = HistoryView()
            view.set_model(self.table.model)
            self.table.model_replaced.connect(view.set_model)
            waiting = self.history_dock.widget()
            self.history_dock.setWidget(view)
            waiting.deleteLater()

    def _retranslate(self) -> None:
        """The window's static words in the current language (at start and on a switch)."""
        self._set_title()
        self.history_dock.setWindowTitle(self.tr("History"))
        # Qt names the dock's title-bar buttons once, when it is made: name them again.
        for name, text in (
            ("qt_dockwidget_closebutton", QCoreApplication.translate("QDockWidget", "Close")),
            ("qt_dockwidget_floatbutton", QCoreApplication.translate("QDockWidget", "Float")),
        ):
            button = self.history_dock.findChild(QAbstractButton, name)
            if button is not None:
                button.setAccessibleName(text)
        self.toolbar.setWindowTitle(self.tr("Table"))
        for menu, text in (
            (self.file_menu, self.tr("&File")),
            (self.game_menu, self.tr("&Game")),
            (self.edit_menu, self.tr("&Edit")),
            (self.view_menu, self.tr("&View")),
            (self.help_menu, self.tr("&Help")),
            (self.recent_menu, self.tr("&Recent games")),
            (self.theme_menu, self.tr("&Theme")),
        ):
            menu.setTitle(text)
        self.new_action.setText(self.tr("&New game…"))
        self.resolve_action.setText(self.tr("&Resolve"))
        self.resolve_action.setToolTip(self.tr("Commit the pending taps as one event (Enter)"))
        self.drop_action.setText(self.tr("&Drop pending"))
        self.leave_table_action.setText(self.tr("Leave table mode"))
        self.pass_action.setText(self.tr("&Pass turn"))
        self.draw_action.setText(self.tr("Declare a dra&w…"))
        self.next_game_action.setText(self.tr("Ne&xt game of the match"))
        self.next_game_action.setToolTip(
            self.tr("The same players again; the loser of this game chooses who starts (CR 103.1)")
        )
        self.table_menu.setTitle(self.tr("Who starts, dice and the &table"))
        self.player_menu.setTitle(self.tr("The selected &player's counters"))
        for name in (*TABLE_KEYS, *PLAYER_KEYS):
            self.table_keys[name].setText(menu_text(mark_words(name)))
        self.idle_action.setText(self.tr("&Idle time before taps count…"))
        self.quit_action.setText(self.tr("&Quit"))
        # The toolbar keeps short, steady labels (no relayout per tap); the menu and the
        # tooltip name the event (_refresh_actions).
        self.undo_action.setIconText(self.tr("Undo"))
        self.redo_action.setIconText(self.tr("Redo"))
        self.history_action.setText(self.tr("&History"))
        self.theme_actions["system"].setText(self.tr("System"))
        self.theme_actions["light"].setText(self.tr("Light"))
        self.theme_actions["dark"].setText(self.tr("Dark"))
        self.graph_action.setText(self.tr("Life &graph"))
        self.full_action.setText(self.tr("&Table mode"))
        self.full_action.setToolTip(
            self.tr("Full screen with only the panels; Esc or F11 leaves it (F11)")
        )
        self.keys_action.setText(self.tr("&Keys…"))
        self.about_action.setText(self.tr("&About Tablelife"))
        self._refresh_actions()
        self.fit_history()  # (its tooltip)

    def _set_title(self) -> None:
        model = self._wired
        if model is not None and model.read_only:
            self.setWindowTitle(
                arg(self.tr("Tablelife \u2014 %1 (read-only)"), self._game_title(model))
            )
        else:
            self.setWindowTitle("Tablelife")

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
            # The hint (or a message) in the status bar was in the old language.
            self.statusBar().showMessage(self.tr("F1 shows the keys."))
        super().changeEvent(event)

    @property
    def model(self) -> GameModel:
        """The focused table's game."""
        return self.table.model

    # ----- actions and keys --------------------------------------------------------------

    def _action(
        self,
        text: str,
        slot: Callable[[], object],
        keys: str | QKeySequence.StandardKey | tuple[str, ...] = (),
        menu: QMenu | None = None,
    ) -> QAction:
        # QAction(text, parent) would build QIcon's 157 enum members to rule out (icon, text,
        # parent): the parent alone and the text as a property don't (issue 12).
        action = QAction(self, text=text)
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
        # The words are set in _retranslate, so a language switch changes them too.
        bar = self.menuBar()
        file = self.file_menu = bar.addMenu("")
        game = self.game_menu = bar.addMenu("")
        edit = self.edit_menu = bar.addMenu("")
        view = self.view_menu = bar.addMenu("")
        help_menu = self.help_menu = bar.addMenu("")
        self.new_action = self._action("", self.new_game, "Ctrl+N", file)
        self.recent_menu = file.addMenu("")
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        file.addSeparator()
        self.table_keys = install_table_keys(self, lambda: self.table)
        self.resolve_action = self.table_keys["resolve"]
        game.addAction(self.resolve_action)
        self.drop_action = self._action("", self.model_drop, "Esc", game)
        # In table mode Esc leaves it first (the drop action is off there, so Esc is this one's).
        self.leave_table_action = self._action("", self.leave_table_mode, "Esc")
        self.leave_table_action.setEnabled(False)
        self.pass_action = self.table_keys["pass"]
        game.addAction(self.pass_action)
        game.addSeparator()
        self.draw_action = self._action("", self.declare_draw, (), game)
        self.next_game_action = self._action("", self.next_game_of_match, (), game)
        game.addSeparator()
        # Who starts, dice, designations and counters: their keys, in menus too.
        self.table_menu = game.addMenu("")
        for name in TABLE_KEYS:
            if name == "storm +":
                self.table_menu.addSeparator()
            self.table_menu.addAction(self.table_keys[name])
        self.player_menu = game.addMenu("")
        for name in PLAYER_KEYS:
            self.player_menu.addAction(self.table_keys[name])
        game.addSeparator()
        self.idle_action = self._action("", self.ask_idle_time, (), game)
        self.quit_action = self._action("", self.close, "Ctrl+Q", file)
        self.undo_action = self._action("", self.undo, "Ctrl+Z", edit)
        self.redo_action = self._action("", self.redo, ("Ctrl+Shift+Z", "Ctrl+Y"), edit)
        # In a read-only game the menus show Undo, Redo and Pass turn greyed, and their keys
        # reach the game anyway, which says why nothing changes (issue 26, defect 4).
        self._told_why = [
            self._action("", lambda: self.model.undo(), "Ctrl+Z"),
            self._action("", lambda: self.model.redo(), ("Ctrl+Shift+Z", "Ctrl+Y")),
            self._action("", lambda: self.model.pass_turn(), "N"),
        ]
        self._told_why[2].setAutoRepeat(False)
        # A window of its own (a finished game, read-only) closes from the keyboard.
        self.close_action = self._action("", self.close, ("Ctrl+W", "Esc"))
        self.close_action.setEnabled(False)
        self._secondary = False  # a window beside the table's (`make_secondary`)
        # The person's choice: shown beside the panels while there is room for it, folded
        # away while there is none (a netbook's eight-player Commander; issue 26).
        self.history_action = self._action("", self._on_history_chosen, "Ctrl+H", view)
        self.history_action.setCheckable(True)
        self.history_action.setChecked(bool(self.settings.get("window/history")))
        themes = self.theme_menu = view.addMenu("")
        group = QActionGroup(self)
        self.theme_actions: dict[str, QAction] = {}
        for name in ("system", "light", "dark"):
            action = QAction(self, checkable=True)
            action.triggered.connect(lambda _=False, n=name: self.set_theme(n))
            group.addAction(action)
            themes.addAction(action)
            self.theme_actions[name] = action
        self.graph_action = self._action("", self.show_graph, "Ctrl+G", view)
        self.full_action = self._action("", self.toggle_table_mode, "F11", view)
        self.full_action.setCheckable(True)
        self.keys_action = self._action("", self.show_keys, "F1", help_menu)
        self.about_action = self._action("", self.show_about, (), help_menu)
        self.language_menu = LanguageMenu(self.settings, self)
        view.addMenu(self.language_menu)

        tools = self.toolbar = self.addToolBar("")
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
        """Shows another game at this table: the view rebuilds its panels for it."""
        self.table.set_model(model)
        self._show_model(model)

    def _show_model(self, model: GameModel) -> None:
        old = self._wired
        if old is not None and old is not model:
            old.changed.disconnect(self._on_changed)
            old.pending_changed.disconnect(self._on_pending_changed)
            old.message.disconnect(self._on_message)
            old.partners_changed.disconnect(self._on_partners_changed)
            self.undo_group.removeStack(old.undo_stack)
        self._wired = model
        model.changed.connect(self._on_changed)
        model.pending_changed.connect(self._on_pending_changed)
        model.message.connect(self._on_message)
        model.partners_changed.connect(self._on_partners_changed)  # after the panels' own
        self.undo_group.addStack(model.undo_stack)
        self.undo_group.setActiveStack(model.undo_stack)
        self._set_title()
        self.table.show_notice(self.session.notice_for(model) if self.session else None)
        self._refresh_actions()
        self.fit_history()  # another game, other panels: the room they need is another
        self.table.focus_selected()
        if self._graph is not None:
            self._graph.set_game(model.game, model.setup.team_names)

    def _on_pending_changed(self) -> None:
        if self.model.has_pending:
            # A tap went in: a refusal in the status bar ("There is no player 7.") is about an
            # earlier key, not this one (issue 26, defect 8).
            self.statusBar().clearMessage()
        self._refresh_actions()

    def _on_partners_changed(self, _player: int) -> None:
        self.fit_history()  # a second row of commander counters: the panels need more room

    def _on_changed(self, change: TableChange) -> None:
        # An old message is about an older state: a later commit takes it down. Messages
        # about this change (a refusal's notes, "Undid …") are emitted after it, so they stay.
        self.statusBar().clearMessage()
        if change.kind == "reset" and self.model.read_only and self.session is not None:
            # A fast-resumed game's replay found its record changed: say so where it stays.
            self.table.show_notice(self.session.notice_for(self.model))
        self._refresh_actions()
        if self._graph is not None:
            self._graph.set_game(self.model.game, self.model.setup.team_names)

    def _on_message(self, text: str) -> None:
        self.statusBar().showMessage(text, 10000)

    def _refresh_actions(self) -> None:
        model = self.model
        stack = model.undo_stack
        pending = model.has_pending
        writable = not model.read_only
        self.undo_action.setEnabled(pending or (writable and stack.canUndo()))
        undo = (
            self.tr("Undo pending taps")
            if pending
            else arg(self.tr("Undo %1"), stack.undoText())
            if stack.canUndo()
            else self.tr("Undo")
        )
        redo = arg(self.tr("Redo %1"), stack.redoText()) if stack.canRedo() else self.tr("Redo")
        # Menu text and tooltip name the event; the toolbar keeps its short icon text.
        self.undo_action.setText("&" + menu_text(undo))
        self.undo_action.setToolTip(f"{undo} (Ctrl+Z)")
        self.redo_action.setEnabled(writable and stack.canRedo())
        self.redo_action.setText("&" + menu_text(redo))
        self.redo_action.setToolTip(f"{redo} (Ctrl+Shift+Z)")
        self.resolve_action.setEnabled(pending)
        table_mode = self.table_mode
        self.drop_action.setEnabled(pending and not table_mode)
        self.leave_table_action.setEnabled(table_mode)
        over = model.game.over
        self.pass_action.setEnabled(writable and not over)
        self.draw_action.setEnabled(writable and not over)
        for action in self._told_why:
            action.setEnabled(not writable)
        self.close_action.setEnabled(self._secondary and not table_mode)
        self.next_game_action.setEnabled(writable and over and model.follow is None)

    # ----- intents -----------------------------------------------------------------------

    def model_commit(self) -> None:
        """Enter or Resolve: commit what is pending now."""
        self.model.commit()

    def model_drop(self) -> None:
        """Esc: forget what is pending."""
        if self.model.has_pending:
            self.model.drop_pending()
            self._on_message(self.tr("Dropped the pending taps."))

    def pass_turn(self) -> None:
        """N: pass the turn."""
        self.model.pass_turn()

    def _stack_model(self) -> GameModel:
        """The model whose stack the undo group has active: the focused table's."""
        stack = self.undo_group.activeStack()
        owner = stack.parent() if stack is not None else None
        return owner if isinstance(owner, GameModel) else self.model

    def undo(self) -> None:
        """Ctrl+Z: the focused table's undo (through its model, which journals it)."""
        self._stack_model().undo()
        self._refresh_actions()

    def redo(self) -> None:
        """Ctrl+Shift+Z."""
        self._stack_model().redo()
        self._refresh_actions()

    def declare_draw(self) -> None:
        """Game menu: a draw (an agreed draw, or an effect)."""
        self.table.declare_draw()

    def next_game_of_match(self) -> None:
        """Game menu: the next game of the match with the same players, once this one is
        over. Its loser chooses who starts (CR 103.1); after a draw, whoever chose then; where
        several players lost, the table chooses or rolls. The same rule a desk's tables follow
        (MTR 2.2)."""
        old = self.model
        if old.read_only or not old.game.over:
            self._on_message(self.tr("The match's next game begins once this game is over."))
            return
        if self.session is not None:
            model, plan = self.session.next_game(old, old.idle_ms)
        else:
            model, plan = next_game_unsaved(old, old.idle_ms)
        self.set_model(model)
        old.deleteLater()
        self._on_message(self._next_game_words(plan))

    def _next_game_words(self, plan: NextGame) -> str:
        """Who chooses who starts the match's next game, and why (CR 103.1)."""
        teams = plan.setup.team_names
        team_game = plan.setup.variant.team_game
        if plan.chooser is not None and plan.why == "loser":
            words = (
                self.tr(
                    "The next game: %1 lost the last one, so they choose who starts (CR 103.1): "
                    "S, or the die on the banner, changes it."
                )
                if team_game
                else self.tr(
                    "The next game: %1 lost the last one, so %1 chooses who starts "
                    "(CR 103.1): S, or the die on the banner, changes it."
                )
            )
            return arg(words, teams[plan.chooser])
        if plan.chooser is not None:
            words = (
                self.tr(
                    "The next game: the last one was a draw, so %1 choose again, as they did "
                    "then (CR 103.1): S, or the die on the banner, changes it."
                )
                if team_game
                else self.tr(
                    "The next game: the last one was a draw, so %1 chooses again, as then "
                    "(CR 103.1): S, or the die on the banner, changes it."
                )
            )
            return arg(words, teams[plan.chooser])
        if plan.why == "several":
            return self.tr(
                "The next game: several players lost the last one, so the table chooses who "
                "starts (S) or rolls for it (F) (CR 103.1)."
            )
        return self.tr(
            "The next game: the last one was a draw and nobody chose who started it, so the "
            "table chooses who starts (S) or rolls for it (F) (CR 103.1)."
        )

    # ----- window ------------------------------------------------------------------------

    def game_in_progress(self) -> bool:
        """True when abandoning the game would throw something away."""
        return self.table.game_in_progress()

    def show_notice(self, text: str | None) -> None:
        """A warning that stays in view (the journal can't be used, a file was set aside)."""
        self.table.show_notice(text)

    def _game_title(self, model: GameModel) -> str:
        return arg(
            self.tr("%1: %2"), variant_title(model.setup.variant), ", ".join(model.setup.team_names)
        )

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        rows = self.session.recent_games() if self.session else []
        if self.session is not None and self.session.problem:
            self._on_message(self.session.problem)
        imported = self.session.imported_games() if self.session else []
        if not rows:
            none = self.recent_menu.addAction(self.tr("No finished games yet"))
            none.setEnabled(False)
        for line in self.session.damaged if self.session else []:
            damaged = self.recent_menu.addAction(menu_text(arg(self.tr("Damaged: %1"), line)))
            damaged.setEnabled(False)  # listed so nobody thinks it is lost; it can't be opened
        for row in rows:
            when = time.strftime("%Y-%m-%d %H:%M", time.localtime(row.started))
            act = self.recent_menu.addAction(menu_text(f"{when} \u00b7 {result_words(row)}"))
            if is_abandoned(row):
                act.triggered.connect(lambda _=False, gid=row.id: self.take_back(gid))
            else:
                act.triggered.connect(lambda _=False, gid=row.id: self.open_finished(gid))
        if imported:
            self.recent_menu.addSection(self.tr("Imported games"))
            for row in imported:
                when = time.strftime("%Y-%m-%d %H:%M", time.localtime(row.started))
                text = menu_text(f"{when} \u00b7 {result_words(row)}")
                act = self.recent_menu.addAction(text)
                act.triggered.connect(lambda _=False, gid=row.id: self.open_finished(gid))

    def take_back(self, game_id: int) -> None:
        """Plays a game left for a new one again; the game on the table is kept, unfinished."""
        assert self.session is not None
        if self.game_in_progress() and not self.table.confirm(
            self.tr("Take back a game"),
            self.tr("Leave the game in progress for that one? Both are kept."),
        ):
            return
        old = self.model
        old.commit()
        try:
            model = self.session.take_back(game_id, old.idle_ms)
        except GameUnavailableError as exc:
            self._on_message(arg(self.tr("That game could not be taken back: %1"), exc))
            return
        old.abandon()
        self.set_model(model)
        old.deleteLater()
        self._on_message(self.tr("The game is back, as it was left."))

    def open_finished(self, game_id: int) -> MainWindow | None:
        """Opens a finished game read-only, in a window of its own."""
        assert self.session is not None
        try:
            model = self.session.open_finished(game_id)
        except GameUnavailableError as exc:
            self._on_message(arg(self.tr("That game could not be opened: %1"), exc))
            return None
        window = MainWindow(model, self.settings, self._new_model, self.session)
        window.make_secondary()
        window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        window.destroyed.connect(lambda: self._others.remove(window))
        window.resize(self.size())
        window.show()
        self._others.append(window)
        return window

    def make_secondary(self) -> None:
        """Makes this a window beside the table's (a finished game's, read-only): it starts
        no new game, and Esc or Ctrl+W closes it (issue 26, defect 3)."""
        self._secondary = True
        self.new_action.setEnabled(False)
        self._refresh_actions()

    def ask_idle_time(self) -> None:
        """Sets how long after the last tap pending amounts commit by themselves."""
        value = self.table.ask_number(
            self.tr("Idle time"),
            self.tr("Milliseconds after the last tap before it counts by itself (250 to 10,000):"),
            250,
            10_000,
            self.model.idle_ms,
        )
        if value is not None:
            self.settings.set("idle_ms", value)
            self.model.set_idle_ms(value)

    def new_game(self) -> None:
        """Ctrl+N: asks first if a game is on, then opens the new-game dialog."""
        if self.game_in_progress() and not self.table.confirm(
            self.tr("New game"),
            self.tr(
                "A game is in progress. Start a new one anyway? "
                "(It is kept: File \u2192 Recent games takes it back.)"
            ),
        ):
            return
        from tablelife.ui.dialogs import (
            NewGameDialog,  # loaded when first asked for: a faster start
        )

        dialog = NewGameDialog(
            self.settings.get("names/players"),
            self.settings.get("names/teams"),
            self,
            preset=str(self.settings.get("new_game/preset")),
            size=int(self.settings.get("new_game/size")),
        )
        accepted = dialog.exec()
        self.table.guard_taps()
        if accepted and dialog.chosen is not None:
            setup = dialog.chosen
            self.settings.set("new_game/preset", dialog.preset.name)
            self.settings.set("new_game/size", dialog.size_box.value())
            # Only what was typed: a default ("Player 1", "Ann & Bob") is the next game's to
            # make again, from its own players and in the language of the day.
            players, teams = dialog.typed_names()
            self.settings.set("names/players", players)
            if setup.variant.team_game:
                self.settings.set("names/teams", teams)
            old = self.model
            old.commit()
            old.abandon()  # the journal keeps it, marked abandoned
            self.set_model(self._new_model(setup))
            old.deleteLater()

    def apply_theme(self, name: str) -> None:
        """Applies "system", "light" or "dark" to the whole application."""
        apply_theme(name)
        self.theme_actions.get(name, self.theme_actions["system"]).setChecked(True)

    def _on_system_scheme_changed(self) -> None:
        if self.settings.get("theme") == "system":
            self.apply_theme("system")

    def set_theme(self, name: str) -> None:
        """Switches the theme and remembers it."""
        self.settings.set("theme", name)
        self.apply_theme(name)

    def bring_forward(self) -> None:
        """Another start on this data folder asked for this window: show it on top."""
        if self.isMinimized():
            self.showNormal()
        self.show()
        self.raise_()
        self.activateWindow()

    @property
    def table_mode(self) -> bool:
        """True in table mode: full screen, only the panels."""
        return self._table_mode is not None

    def toggle_table_mode(self) -> None:
        """F11: enters or leaves table mode."""
        if self.table_mode:
            self.leave_table_mode()
        else:
            self.enter_table_mode()

    def enter_table_mode(self) -> None:
        """Full screen with nothing but the panels (and the banner): no menus, toolbar,
        history or status bar. What was shown comes back when it is left."""
        if self.table_mode:
            return
        self._table_mode = self.windowState()
        for bar in (self.menuBar(), self.toolbar, self.statusBar()):
            bar.hide()
        self.history_dock.hide()
        self.setWindowState(self.windowState() | Qt.WindowState.WindowFullScreen)
        self.full_action.setChecked(True)
        self._refresh_actions()
        self.table.focus_selected()

    def leave_table_mode(self) -> None:
        """Esc or F11 in table mode: the window as it was."""
        if self._table_mode is None:
            return
        state = self._table_mode
        self._table_mode = None
        for bar in (self.menuBar(), self.toolbar, self.statusBar()):
            bar.show()
        self.setWindowState(state & ~Qt.WindowState.WindowFullScreen)
        self.fit_history()
        self.full_action.setChecked(False)
        self._refresh_actions()
        self.table.focus_selected()

    def show_graph(self) -> LifeGraphWindow:
        """View → Life graph: each team's life over the game's events, in a window beside
        the table that follows the game."""
        if self._graph is None:
            from tablelife.ui.life_graph import LifeGraphWindow  # the first Ctrl+G loads it

            self._graph = LifeGraphWindow(self)
        self._graph.set_game(self.model.game, self.model.setup.team_names)
        if self._graph.isVisible():
            self._graph.raise_()  # already open behind the table: bring it forward
        self._graph.show()
        return self._graph

    def show_keys(self) -> None:
        """F1."""
        from tablelife.ui.dialogs import KeysDialog  # loaded when first asked for: a faster start

        KeysDialog(self).exec()
        self.table.guard_taps()

    def show_about(self) -> None:
        """Help → About Tablelife."""
        from tablelife.model.about import about_facts
        from tablelife.ui.about import AboutDialog

        session = self.session
        facts = about_facts(session.directory, session.journal) if session else about_facts()
        AboutDialog(facts, self).exec()
        self.table.guard_taps()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.leave_table_mode()  # the window's own size and history are what is remembered
        if self.model.has_pending:
            self.model.commit()  # a tap made just before closing is not lost
        if not self.model.read_only:  # a finished game's window leaves the table's settings be
            self.settings.set("window/geometry", self.saveGeometry())
            self.settings.set("window/history", self.history_action.isChecked())
        super().closeEvent(event)

    # ----- the history: beside the panels while there is room -----------------------------

    def _on_history_chosen(self) -> None:
        """Ctrl+H: the person shows or hides the history."""
        self.fit_history()
        if self.history_folded:
            self._on_message(
                self.tr(
                    "No room for the history beside the panels: it comes back when the window "
                    "is wider (or the history is moved below them)."
                )
            )

    @property
    def history_folded(self) -> bool:
        """True while the person wants the history but the window has no room for it."""
        return self._history_folded

    def fit_history(self) -> None:
        """Shows the history where the person wants it (Ctrl+H) while the panels keep the room
        they need beside it, and folds it away while they wouldn't. The window's least size is
        the panels' own, so the history never holds it wider than a small screen (a 1024×600
        netbook's eight-player Commander; issue 26)."""
        table = self.table.minimumSizeHint()
        bars = sum(
            bar.sizeHint().height()
            for bar in (self.menuBar(), self.toolbar, self.statusBar())
            if not bar.isHidden()
        )
        least = QSize(table.width(), table.height() + bars)
        if self.minimumSize() != least:
            self.setMinimumSize(least)
        beside = self.dockWidgetArea(self.history_dock) in (
            Qt.DockWidgetArea.LeftDockWidgetArea,
            Qt.DockWidgetArea.RightDockWidgetArea,
        )
        room = (
            self.width() - table.width() >= HISTORY_ROOM
            if beside
            else self.height() - least.height() >= HISTORY_ROOM
        )
        wanted = self.history_action.isChecked() and not self.table_mode
        show = wanted and room
        self._history_folded = wanted and not room
        if show == self.history_dock.isHidden():
            self._folding = True
            try:
                self.history_dock.setVisible(show)
            finally:
                self._folding = False
        self.history_action.setToolTip(
            self.tr("The history is folded away: no room beside the panels (Ctrl+H)")
            if self._history_folded
            else self.tr("Show or hide the history (Ctrl+H)")
        )

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit_history()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.history_dock and event.type() == QEvent.Type.Close and not self._folding:
            self.history_action.setChecked(False)  # its close button: the person's choice
        return super().eventFilter(watched, event)
