"""Who starts, dice, and the counters players reach for, on screen: a row of chips on each
panel (the monarch, the initiative, commander tax, energy, experience, rad and tickets, each
shown only when there is something to show), the table's storm count and day or night beside
the banner, the "Who starts?" button on the banner before the first event, and each roll
shown big for a moment. Its keys and menu entries act on the table's `GameModel` like any
other intent.

Kept apart from the panels themselves: `TableMarks` adds its widgets to a `TableView`'s
panels and banner row, and follows the model's `changed` for them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QContextMenuEvent
from PySide6.QtWidgets import (
    QBoxLayout,
    QHBoxLayout,
    QLabel,
    QMenu,
    QSizePolicy,
    QToolButton,
    QWidget,
)

from tablelife.model.game_model import GameModel, TableChange
from tablelife.rules import COUNTER_KINDS, NO_MARKS, FlipCoin, Game, RollDie, StartingTeam
from tablelife.rules.i18n import QT_TRANSLATE_NOOP, Context, arg, translate
from tablelife.rules.seeds import describe_rule
from tablelife.rules.words import counter_name
from tablelife.ui.team_panel import TeamPanel
from tablelife.ui.theme import repolish


class TableHost(Protocol):
    """What this module needs of the table view it serves (`tablelife.ui.table_view`)."""

    @property
    def model(self) -> GameModel:
        """The table's game."""
        ...

    @property
    def panels(self) -> Sequence[TeamPanel]:
        """The team panels, in team order."""
        ...

    def select_player(self, player: int) -> None:
        """Selects a player."""

    def taps_guarded(self) -> bool:
        """True in the moment after a dialog closed, when taps are ignored."""
        ...


FLASH_MS = 2500
"""How long a roll is shown big over the table before it goes (the history keeps it)."""

CROWN, SWORDS, SUN, MOON, DIE = "\u265b", "\u2694", "\u2600", "\u263e", "\u2685"
COUNTER_SIGNS = {"energy": "\u26a1", "experience": "\u2605", "rad": "\u2622", "ticket": "\u2726"}
"""The sign each player counter shows with its number on a panel (the tooltip names it)."""


class MarkWords(Context):
    """The translation context of this module's words (`MarkWords.tr("...")`)."""


def _rules(numbers: str) -> str:
    """ "CR 724.3: one line of the digest" for each rule, a line each (for tooltips)."""
    return "\n".join(f"CR {n}: {describe_rule(n)}" for n in numbers.split(", "))


# (name, keys, what it does to a table's model, given the selected player): the keys of who
# starts, dice and counters. `install_table_keys` makes them window shortcuts; the window puts
# them in its menus by name.
MARK_KEYS: tuple[tuple[str, tuple[str, ...], Callable[[GameModel, int], object]], ...] = (
    ("start", ("S",), lambda m, p: m.choose_start(m.game.team_of(p))),
    ("roll for first", ("F",), lambda m, p: m.roll_for_first()),
    ("d20", ("D",), lambda m, p: m.roll_die(20)),
    ("d6", ("Shift+D",), lambda m, p: m.roll_die(6)),
    ("coin", ("C",), lambda m, p: m.flip_coin()),
    ("monarch", ("K",), lambda m, p: m.become_monarch(p)),
    ("initiative", ("I",), lambda m, p: m.take_initiative(p)),
    ("tax", ("T",), lambda m, p: m.cast_commander(p, 0)),
    ("partner tax", ("Shift+T",), lambda m, p: m.cast_commander(p, 1)),
    ("energy +", ("E",), lambda m, p: m.add_counters(p, "energy", 1)),
    ("energy -", ("Shift+E",), lambda m, p: m.add_counters(p, "energy", -1)),
    ("experience +", ("X",), lambda m, p: m.add_counters(p, "experience", 1)),
    ("experience -", ("Shift+X",), lambda m, p: m.add_counters(p, "experience", -1)),
    ("rad +", ("R",), lambda m, p: m.add_counters(p, "rad", 1)),
    ("rad -", ("Shift+R",), lambda m, p: m.add_counters(p, "rad", -1)),
    ("ticket +", ("U",), lambda m, p: m.add_counters(p, "ticket", 1)),
    ("ticket -", ("Shift+U",), lambda m, p: m.add_counters(p, "ticket", -1)),
    ("storm +", ("P",), lambda m, p: m.count_spells(1)),
    ("storm -", ("Shift+P",), lambda m, p: m.count_spells(-1)),
    ("day", ("Y",), lambda m, p: m.turn_day()),
)

# The words of each key's menu entry, by its name (read through `mark_words`).
MARK_WORDS = {
    "start": QT_TRANSLATE_NOOP("MarkWords", "The selected player's team starts"),
    "roll for first": QT_TRANSLATE_NOOP("MarkWords", "Roll for first (everyone rolls a d20)"),
    "d20": QT_TRANSLATE_NOOP("MarkWords", "Roll a d20"),
    "d6": QT_TRANSLATE_NOOP("MarkWords", "Roll a d6"),
    "coin": QT_TRANSLATE_NOOP("MarkWords", "Flip a coin"),
    "monarch": QT_TRANSLATE_NOOP("MarkWords", "Becomes the monarch"),
    "initiative": QT_TRANSLATE_NOOP("MarkWords", "Takes the initiative"),
    "tax": QT_TRANSLATE_NOOP("MarkWords", "Casts their commander (+2 tax)"),
    "partner tax": QT_TRANSLATE_NOOP("MarkWords", "Casts their second commander (+2 tax)"),
    "energy +": QT_TRANSLATE_NOOP("MarkWords", "+1 energy"),
    "energy -": QT_TRANSLATE_NOOP("MarkWords", "\u22121 energy"),
    "experience +": QT_TRANSLATE_NOOP("MarkWords", "+1 experience"),
    "experience -": QT_TRANSLATE_NOOP("MarkWords", "\u22121 experience"),
    "rad +": QT_TRANSLATE_NOOP("MarkWords", "+1 rad"),
    "rad -": QT_TRANSLATE_NOOP("MarkWords", "\u22121 rad"),
    "ticket +": QT_TRANSLATE_NOOP("MarkWords", "+1 ticket"),
    "ticket -": QT_TRANSLATE_NOOP("MarkWords", "\u22121 ticket"),
    "storm +": QT_TRANSLATE_NOOP("MarkWords", "A spell cast: storm count +1"),
    "storm -": QT_TRANSLATE_NOOP("MarkWords", "Storm count \u22121"),
    "day": QT_TRANSLATE_NOOP("MarkWords", "Day / night"),
}
PLAYER_KEYS = (
    "monarch",
    "initiative",
    "tax",
    "partner tax",
    "energy +",
    "energy -",
    "experience +",
    "experience -",
    "rad +",
    "rad -",
    "ticket +",
    "ticket -",
)
"""The keys that act on the selected player, in the order of a player's menu."""
TABLE_KEYS = ("roll for first", "start", "d20", "d6", "coin", "storm +", "storm -", "day")
"""The keys that act on the whole table, in the order of the Game menu's "Table" entries."""


def mark_words(name: str) -> str:
    """A key's menu entry in the reader's language."""
    return translate("MarkWords", MARK_WORDS[name])


def start_words(model: GameModel) -> str:
    """Who starts and how it was decided, before the first event (CR 103.1): "" for the
    opening die roll (the banner says that itself)."""
    game = model.game
    teams = model.setup.team_names
    team_game = game.variant.team_game
    last = None
    for event in game.history:
        for change in event.changes:
            if isinstance(change, StartingTeam):
                last = change
    if last is None:
        return ""
    first = teams[game.active]
    if last.chooser >= 0:
        words = (
            MarkWords.tr("%1 choose who starts (CR 103.1): %2 start.")  # a team: plural verbs
            if team_game
            else MarkWords.tr("%1 chooses who starts (CR 103.1): %2 starts.")
        )
        return arg(words, teams[last.chooser], first)
    if last.rolled:
        words = (
            MarkWords.tr("Rolled for first: %1 start.")
            if team_game
            else MarkWords.tr("Rolled for first: %1 starts.")
        )
        return arg(words, first)
    words = (
        MarkWords.tr("Chosen at the table: %1 start.")
        if team_game
        else MarkWords.tr("Chosen at the table: %1 starts.")
    )
    return arg(words, first)


def roll_words(model: GameModel, change: TableChange) -> str:
    """What the event's dice and coins show, big and short: "d20: 17", "Heads", "Dee starts
    (17)"; "" for an event without any."""
    event = change.event
    if change.kind != "apply" or event is None:
        return ""
    teams = model.setup.team_names
    started = next((c for c in event.changes if isinstance(c, StartingTeam) and c.rolled), None)
    if started is not None:
        rolls = [c for c in event.changes if isinstance(c, RollDie) and c.team == started.team]
        words = (
            MarkWords.tr("%1 start: %2")  # a team: plural verb
            if model.game.variant.team_game
            else MarkWords.tr("%1 starts: %2")
        )
        return arg(words, teams[started.team], rolls[-1].result)
    said = []
    for c in event.changes:
        if isinstance(c, RollDie):
            said.append(arg(MarkWords.tr("d%1: %2"), c.sides, c.result))
        elif isinstance(c, FlipCoin):
            said.append(MarkWords.tr("Heads") if c.heads else MarkWords.tr("Tails"))
    return "  ".join(said)


class Chip(QToolButton):
    """One mark on a panel: a sign and a number. A counter's chip adds one on a click and
    takes one off on a right-click; the monarch's and the initiative's only say who holds
    them."""

    tapped = Signal(int)
    """+1 (a click) or -1 (a right-click) on a counter's chip."""

    def __init__(self, kind: str, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("mark")
        self.setProperty("kind", kind)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
        self.countable = kind not in ("monarch", "initiative")
        if self.countable:
            self.clicked.connect(lambda: self.tapped.emit(1))

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        if self.countable and self.isEnabled():
            self.tapped.emit(-1)


class PlayerMarks(QWidget):
    """A panel's row of chips: for each head of the team, the designations it holds, its
    commander tax and its counters above 0. Hidden while there are none."""

    tapped = Signal(int, str, int)
    """A chip was tapped: the player, what ("tax", "partner tax" or a counter kind), +1 or -1."""

    def __init__(self, model: GameModel, team: int, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("marks")
        self.model = model
        self.team = team
        self.chips: list[Chip] = []
        self._row = QHBoxLayout(self)
        self._row.setContentsMargins(8, 0, 8, 0)
        self._row.setSpacing(6)
        self._row.addStretch(1)
        self._row.addStretch(1)
        self.setVisible(False)

    def refresh(self) -> None:
        """Rebuilds the chips from the game's marks (they change seldom: not on a tap)."""
        for chip in self.chips:
            self._row.removeWidget(chip)
            chip.deleteLater()
        self.chips = []
        game = self.model.game
        heads = list(game.players_of(self.team))
        playing = game.status(self.team) == "playing" and not game.over
        for player in heads:
            for kind, text, tip in self._marks_of(game, player, named=len(heads) > 1):
                chip = Chip(kind, self)
                chip.setText(text)
                chip.setToolTip(tip)
                chip.setAccessibleName(tip.split("\n")[0])
                chip.setEnabled(playing or not chip.countable)
                chip.tapped.connect(lambda delta, p=player, k=kind: self.tapped.emit(p, k, delta))
                self._row.insertWidget(self._row.count() - 1, chip)
                self.chips.append(chip)
        self.setVisible(bool(self.chips))

    def _marks_of(self, game: Game, player: int, *, named: bool) -> list[tuple[str, str, str]]:
        """(kind, text, tooltip) of each chip of one player."""
        name = game.names[player]
        lead = f"{name}: " if named else ""
        found: list[tuple[str, str, str]] = []
        if game.monarch == player:
            tip = (
                arg(MarkWords.tr("%1 is the monarch"), name) + "\n" + _rules("724.1, 724.3, 724.4")
            )
            found.append(("monarch", f"{lead}{CROWN} " + MarkWords.tr("monarch"), tip))
        if game.initiative == player:
            tip = (
                arg(MarkWords.tr("%1 has the initiative"), name)
                + "\n"
                + _rules("725.1, 725.3, 725.4")
            )
            found.append(("initiative", f"{lead}{SWORDS} " + MarkWords.tr("initiative"), tip))
        if game.variant.commander:
            for commander, kind in ((0, "tax"), (1, "partner tax")):
                casts = game.casts(player, commander)
                if not casts:
                    continue
                tax = game.tax(player, commander)
                words = (
                    MarkWords.tr("%1\u2019s second commander: cast %n time(s), tax +%2", "", casts)
                    if commander
                    else MarkWords.tr("%1\u2019s commander: cast %n time(s), tax +%2", "", casts)
                )
                tip = (
                    arg(words, name, tax)
                    + "\n"
                    + MarkWords.tr("Click: another cast. Right-click: take one back.")
                    + "\n"
                    + _rules("903.8")
                )
                label = MarkWords.tr("tax") + ("\u2082" if commander else "")
                found.append((kind, f"{lead}{label} +{tax}", tip))
        for kind in COUNTER_KINDS:
            count = game.counter(player, kind)
            if count:
                tip = (
                    arg(MarkWords.tr("%1: %n %2 counter(s)", "", count), name, counter_name(kind))
                    + "\n"
                    + MarkWords.tr("Click: +1. Right-click: \u22121.")
                    + "\n"
                    + _rules("122.1")
                )
                found.append((kind, f"{lead}{COUNTER_SIGNS[kind]}{count}", tip))
        return found


class RollFlash(QLabel):
    """A roll shown big over the table for a moment (`FLASH_MS`); the history keeps it."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("rollFlash")
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(FLASH_MS)
        self.timer.timeout.connect(self.hide)
        self.hide()
        parent.installEventFilter(self)

    def flash(self, text: str) -> None:
        """Shows `text` in the middle of the table, over the panels, for `FLASH_MS`."""
        self.setText(text)
        self.setAccessibleName(text)
        self.adjustSize()
        self._centre()
        self.show()
        self.raise_()
        self.timer.start()

    def _centre(self) -> None:
        parent = self.parentWidget()
        assert parent is not None
        self.move((parent.width() - self.width()) // 2, (parent.height() - self.height()) // 2)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize and self.isVisible():
            self._centre()
        return False


class StartButton(QToolButton):
    """The banner's "Who starts?" before the first event: a team to start instead, or a roll
    for first (CR 103.1). Hidden once the game has begun, and at a desk's table (MTR 2.2).

    It sits inside the banner, at its right end, in room the banner keeps for it at a kitchen
    table (its `start` property: a wider padding there), so the banner's lines wrap the same
    with it and without it and the panels don't move as the game begins."""

    def __init__(self, banner: QLabel, view: TableHost) -> None:
        super().__init__(banner)
        self.setObjectName("startButton")
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setText(f"{DIE}\u25be")
        self._view = view
        self._banner = banner
        self.clicked.connect(self.open_menu)
        banner.installEventFilter(self)
        self.retranslate()

    def retranslate(self) -> None:
        """The button's words in the current language."""
        self.setAccessibleName(MarkWords.tr("Who starts?"))
        self.setToolTip(
            MarkWords.tr("Who starts?")
            + "\n"
            + MarkWords.tr("Choose who starts (S: the selected player's team) or roll for it (F).")
            + "\n"
            + _rules("103.1")
        )

    def open_menu(self) -> QMenu:
        """The teams to start instead and a roll for first, under the button. Made for one
        showing: Qt deletes it once it closes."""
        menu = QMenu(self)
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        model = self._view.model
        for team, name in enumerate(model.setup.team_names):
            words = MarkWords.tr("%1 start")  # a team: plural verb
            if not model.game.variant.team_game:
                words = MarkWords.tr("%1 starts")
            action = menu.addAction(arg(words, name).replace("&", "&&"))
            action.setCheckable(True)
            action.setChecked(team == model.game.active)
            action.triggered.connect(lambda _=False, t=team: self._view.model.choose_start(t))
        menu.addSeparator()
        roll = menu.addAction(mark_words("roll for first") + "\tF")
        roll.triggered.connect(self._view.model.roll_for_first)
        menu.popup(self.mapToGlobal(self.rect().bottomLeft()))
        return menu

    def refresh(self) -> None:
        """Shown only while who starts can still be chosen at this table; the banner keeps
        its room at a kitchen table (a desk's never shows it)."""
        model = self._view.model
        kitchen = "yes" if model.follow is None and not model.read_only else "no"
        if self._banner.property("start") != kitchen:
            self._banner.setProperty("start", kitchen)
            repolish(self._banner, children=False)
        shown = kitchen == "yes" and model.before_first_event
        if shown:
            self._place()
        self.setVisible(shown)

    def _place(self) -> None:
        """At the banner's right end, in the middle of its height."""
        self.adjustSize()
        banner = self._banner
        self.move(banner.width() - self.width() - 8, (banner.height() - self.height()) // 2)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize and not self.isHidden():
            self._place()
        return False


class TableMarks(QObject):
    """Everything of this module on one `TableView`: the chips on its panels, the storm count
    and day or night beside its banner, the "Who starts?" button and the roll flash. All but
    the button are made when first needed: a window's start makes none of them."""

    def __init__(
        self, parent: QWidget, view: TableHost, banner: QLabel, banner_row: QBoxLayout
    ) -> None:
        """`parent` is the table view `view` itself, as a widget; `banner` its banner, in
        `banner_row`."""
        super().__init__(parent)
        self.view = view
        self.banner = banner
        self._tall = 0  # the banner's height while who starts could change, at `_width`
        self._width = -1
        banner.installEventFilter(self)
        self._parent = parent
        self._banner_row = banner_row
        self.start_button = StartButton(banner, view)
        self._table_label: QLabel | None = None
        self._flash: RollFlash | None = None
        self.panels: list[PlayerMarks] = []
        """The chips rows, one per panel, once the game has anything to show on them."""

    @property
    def table_label(self) -> QLabel:
        """The storm count and day or night, beside the banner."""
        if self._table_label is None:
            label = self._table_label = QLabel("", self._parent)
            label.setObjectName("tableMarks")
            label.setVisible(False)
            self._banner_row.addWidget(label)
        return self._table_label

    @property
    def flash(self) -> RollFlash:
        """The roll shown big over the table."""
        if self._flash is None:
            self._flash = RollFlash(self._parent)
        return self._flash

    def build(self, model: GameModel) -> None:
        """Another game on the view: its panels are new (their chips rows come with the
        first mark)."""
        del model
        self._tall = 0
        self.panels = []
        if self._flash is not None:
            self._flash.hide()

    def _chips(self) -> list[PlayerMarks]:
        """The panels' chips rows, made on every panel once the game has a mark."""
        if not self.panels and self.view.model.game.state.marks is not NO_MARKS:
            for panel in self.view.panels:
                chips = PlayerMarks(self.view.model, panel.team, panel)
                layout = panel.layout()
                assert isinstance(layout, QBoxLayout)
                layout.insertWidget(layout.indexOf(panel.badges), chips)
                chips.tapped.connect(self._on_chip_tapped)
                self.panels.append(chips)
        return self.panels

    def changed(self, change: TableChange) -> None:
        """Redraws what `change` moved of the marks; a roll is shown big."""
        if change.marks or change.statuses or change.kind == "reset":
            for chips in self._chips():
                chips.refresh()
            self._refresh_table()
        self.start_button.refresh()
        self._hold_height()
        said = roll_words(self.view.model, change)
        if said:
            self.flash.flash(said)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.banner and event.type() == QEvent.Type.Resize:
            if self.banner.width() != self._width:  # another width: the lines wrap anew
                self._width, self._tall = self.banner.width(), 0
            self._hold_height()
        return False

    def _hold_height(self) -> None:
        """The banner keeps the height its start line needed (who starts, and who skips the
        first draw) once the game begins and its line gets shorter: the panels below stay
        where they were (at one width; a resize lays everything out again anyway)."""
        banner = self.banner
        if self.view.model.before_first_event:
            self._tall = max(self._tall, banner.heightForWidth(banner.width()))
        if self._tall > banner.minimumHeight():
            banner.setMinimumHeight(self._tall)

    def retranslate(self) -> None:
        """The words in the current language."""
        self.start_button.retranslate()
        for chips in self.panels:
            chips.refresh()
        if self._table_label is not None:
            self._refresh_table()

    def _refresh_table(self) -> None:
        game = self.view.model.game
        if self._table_label is None and not (game.day or game.storm):
            return  # nothing to show, and nothing shown yet
        bits, tips = [], []
        if game.day:
            day = game.day == "day"
            bits.append(
                f"{SUN} " + MarkWords.tr("day") if day else f"{MOON} " + MarkWords.tr("night")
            )
            tips.append(_rules("502.2, 702.145"))
        if game.storm:
            bits.append(arg(MarkWords.tr("storm %1"), game.storm))
            tips.append(
                arg(MarkWords.tr("%n spell(s) cast this turn.", "", game.storm), game.storm)
                + "\n"
                + _rules("702.40a")
            )
        text = "  \u00b7  ".join(bits)
        self.table_label.setText(text)
        self.table_label.setAccessibleName(text)
        self.table_label.setToolTip("\n".join(tips))
        self.table_label.setVisible(bool(bits))
        night = "yes" if game.day == "night" else "no"
        if self.table_label.property("night") != night:
            self.table_label.setProperty("night", night)
            repolish(self.table_label, children=False)

    def _on_chip_tapped(self, player: int, kind: str, delta: int) -> None:
        if self.view.taps_guarded():
            return
        model = self.view.model
        if kind in ("tax", "partner tax"):
            model.cast_commander(player, 1 if kind == "partner tax" else 0, delta)
        else:
            model.add_counters(player, kind, delta)


def player_mark_menu(view: TableHost, player: int, parent: QMenu, enabled: bool) -> QMenu:
    """A player's "Counters" submenu: the designations, commander tax and counters, each with
    its key."""
    menu = parent.addMenu(MarkWords.tr("Monarch, initiative, tax and counters"))
    menu.setEnabled(enabled)
    game = view.model.game
    for name in PLAYER_KEYS:
        if name in ("tax", "partner tax") and not game.variant.commander:
            continue
        if name == "partner tax" and not view.model.has_partners(player):
            continue
        if name == "energy +":
            if game.variant.commander:
                back = menu.addAction(MarkWords.tr("Take back a commander cast"))
                back.setEnabled(game.casts(player) > 0)
                back.triggered.connect(lambda: view.model.cast_commander(player, 0, -1))
            menu.addSeparator()
        key = next(keys for n, keys, _act in MARK_KEYS if n == name)[0]
        action: QAction = menu.addAction(f"{mark_words(name)}\t{key}")
        run = next(act for n, _keys, act in MARK_KEYS if n == name)

        def trigger(_: bool = False, run: Callable[[GameModel, int], object] = run) -> None:
            view.select_player(player)
            run(view.model, player)

        action.triggered.connect(trigger)
    return menu
