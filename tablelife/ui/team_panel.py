"""A team's panel: its name, the shared total, poison, status, effect badges, and one row of
controls per head. Panels only read the model and emit intents."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QPoint, Qt, Signal
from PySide6.QtGui import QContextMenuEvent, QFocusEvent, QFont, QMouseEvent, QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from tablelife.model.game_model import GameModel
from tablelife.model.text import reason_words
from tablelife.rules import Game, cite
from tablelife.rules.i18n import arg
from tablelife.rules.seeds import describe_rule
from tablelife.rules.words import MINUS, effect_label, number, signed
from tablelife.ui.theme import TEAM_COLOURS, repolish
from tablelife.ui.widgets import BigNumber, ElidedLabel

SKULL = "\u2620"
_NAME_SHRINK = 0.85  # a team's name is drawn down to this share of its size before it is cut


def poison_total(poison: int, limit: int) -> str:
    """A team's poison against its limit, as panels and the scoreboard show it: "☠ 2/15"."""
    return f"{SKULL} {poison}/{limit}"


# (label, life delta, poison delta): the buttons of a head's row.
TAPS = (
    (f"{MINUS}5", -5, 0),
    (f"{MINUS}1", -1, 0),
    ("+1", 1, 0),
    ("+5", 5, 0),
    (f"{SKULL}{MINUS}", 0, -1),
    (f"{SKULL}+", 0, 1),
)


class HeadRow(QFrame):
    """One head's name and controls. It takes keyboard focus: the focused row is the selected
    player for the keyboard."""

    tapped = Signal(int, int, int)  # player, life delta, poison delta
    menu_requested = Signal(int, QPoint)  # player, where
    selected = Signal(int)  # player

    def __init__(self, player: int, name: str, show_name: bool, parent: QWidget) -> None:
        super().__init__(parent)
        self.player = player
        self._name = name
        self.setObjectName("head")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(6, 4, 6, 4)
        outer.setSpacing(2)
        top = QHBoxLayout()
        self.name_label = ElidedLabel(name, self)
        self.name_label.setObjectName("headName")
        self.pending_label = QLabel("", self)
        self.pending_label.setObjectName("headPending")
        top.addWidget(self.name_label, 1)
        top.addWidget(self.pending_label)
        if show_name:
            outer.addLayout(top)
        else:
            # Alone on a team (free-for-all): the panel shows the name and the pending amount.
            self.name_label.hide()
            self.pending_label.hide()
        buttons = QHBoxLayout()
        buttons.setSpacing(4)
        self.buttons: dict[tuple[int, int], QPushButton] = {}
        for label, life, poison in TAPS:
            button = QPushButton(label)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the row holds focus; keys do taps
            button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
            button.setMinimumWidth(28)
            button.clicked.connect(
                lambda _=False, life=life, poison=poison: self.tapped.emit(player, life, poison)
            )
            buttons.addWidget(button)
            self.buttons[(life, poison)] = button
        self.menu_button = QPushButton("\u22ef")
        self.menu_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.menu_button.setMinimumWidth(28)
        self.menu_button.clicked.connect(
            lambda: self.menu_requested.emit(
                player, self.menu_button.mapToGlobal(self.menu_button.rect().bottomLeft())
            )
        )
        buttons.addWidget(self.menu_button)
        outer.addLayout(buttons)
        self._retranslate()

    def _retranslate(self) -> None:
        name = self._name
        self.setAccessibleName(arg(self.tr("%1: selected player"), name))
        self.pending_label.setAccessibleName(arg(self.tr("%1: pending"), name))
        for (life, poison), button in self.buttons.items():
            button.setAccessibleName(self._tap_name(life, poison))
            button.setToolTip(button.accessibleName())
        self.menu_button.setAccessibleName(arg(self.tr("%1: more actions"), name))
        self.menu_button.setToolTip(arg(self.tr("%1: set life, pay, concede, effects… (M)"), name))

    def _tap_name(self, life: int, poison: int) -> str:
        n = abs(life or poison)
        if life > 0:
            text = self.tr("%1: gain %n life", "", n)
        elif life < 0:
            text = self.tr("%1: lose %n life", "", n)
        elif poison > 0:
            text = self.tr("%1: add %n poison", "", n)
        else:
            text = self.tr("%1: remove %n poison", "", n)
        return arg(text, self._name)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        self.selected.emit(self.player)

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        self.menu_requested.emit(self.player, event.globalPos())


COMMANDER_LOSS = 21  # CR 704.6c, 903.10a


def short_names(names: Sequence[str]) -> list[str]:
    """A few letters for each name on a commander counter: "Bo" for Bob, but "P3" for "Player
    3" (and "AS" for "Ann Smith" beside "Ann Jones") where the first two letters are shared."""
    firsts = [name[:2] for name in names]
    used = set(firsts)
    shorts = []
    for name, first in zip(names, firsts, strict=True):
        if firsts.count(first) > 1:
            words = name.split()
            last = words[-1] if words[-1].isdigit() else words[-1][:1]
            others = [words[0][:1] + last] if len(words) > 1 else []
            first = next(
                (o for o in (*others, name[:3], name[:1] + name[-1:]) if o not in used), first
            )
            used.add(first)
        shorts.append(first)
    return shorts if len(set(shorts)) == len(shorts) else firsts


class CommanderCounter(QPushButton):
    """Combat damage one player has taken from one opponent's commander. A click adds 1 to
    what is pending, a right-click takes 1 back off it. The button has the opponent's colour."""

    tapped = Signal(int, int, int, int)  # player, source, commander, delta

    def __init__(
        self, player: int, source: int, commander: int, game: Game, short: str, parent: QWidget
    ) -> None:
        """`short`: the few letters that name `source` on the button (`short_names`)."""
        super().__init__(parent)
        self.player, self.source, self.commander = player, source, commander
        self.setObjectName("commander")
        self.setProperty("team", str(game.team_of(source) % len(TEAM_COLOURS)))
        self.setProperty("stress", "no")
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setMinimumWidth(22)
        self._name = game.names[source]
        self._short = short + ("\u2082" if commander else "")
        self._amounts = "0"
        self._done = self._pending = 0
        self.clicked.connect(lambda: self.tapped.emit(player, source, commander, 1))
        self._retranslate()

    def _retranslate(self) -> None:
        self.setAccessibleName(
            arg(self.tr("Commander damage from %1\u2019s partner"), self._name)
            if self.commander
            else arg(self.tr("Commander damage from %1\u2019s commander"), self._name)
        )
        done, pending = self._done, self._pending
        if self.commander:
            tip = (
                self.tr("Combat damage from %1\u2019s partner: %2 of %3, %4 pending.")
                if pending
                else self.tr("Combat damage from %1\u2019s partner: %2 of %3.")
            )
        else:
            tip = (
                self.tr("Combat damage from %1\u2019s commander: %2 of %3, %4 pending.")
                if pending
                else self.tr("Combat damage from %1\u2019s commander: %2 of %3.")
            )
        self.setToolTip(
            arg(tip, self._name, done, COMMANDER_LOSS, pending)
            + " "
            + self.tr("Click adds 1, right-click takes a pending 1 back (CR 903.10a).")
        )

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    def show_amounts(self, done: int, pending: int, *, enabled: bool) -> None:
        """Shows the damage dealt so far and what is pending."""
        self._amounts = f"{done}" + (f"+{pending}" if pending else "")
        self._done, self._pending = done, pending
        self._fit_text()
        self.setEnabled(enabled)
        self._retranslate()

    def _fit_text(self) -> None:
        # "Bo 7+2" when there is room; in a narrow panel "7+2", then only the pending "+2"
        # (the colour says whose; the tooltip says all).
        done, _, pending = self._amounts.partition("+")
        candidates = [f"{self._short} {self._amounts}", self._amounts]
        candidates.append(f"+{pending}" if pending else done)
        room = self.contentsRect().width() - 6
        metrics = self.fontMetrics()
        text = next((c for c in candidates if metrics.horizontalAdvance(c) <= room), candidates[-1])
        if text != self.text():
            self.setText(text)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_text()

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        if self.isEnabled():
            self.tapped.emit(self.player, self.source, self.commander, -1)


class TeamPanel(QFrame):
    """One team (or, in free-for-all, one player)."""

    clicked = Signal(int)
    """A click landed on the panel outside its buttons (carries the team): select it."""
    commander_tapped = Signal(int, int, int, int)
    """A commander counter was tapped: player, source, commander (0 or 1), delta."""

    def __init__(self, model: GameModel, team: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.team = team
        game = model.game
        setup = model.setup
        self.setObjectName("panel")
        self.setProperty("team", str(team % len(TEAM_COLOURS)))
        self.setProperty("turn", "no")
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 8)
        layout.setSpacing(2)

        title = QFrame()
        title.setObjectName("title")
        title.setProperty("team", str(team % len(TEAM_COLOURS)))
        title_row = QHBoxLayout(title)
        title_row.setContentsMargins(12, 4, 12, 4)
        title_row.setSpacing(12)
        self._title, self._title_row = title, title_row
        self.name_label = ElidedLabel(setup.team_names[team], shrink=_NAME_SHRINK)
        self.name_label.setObjectName("teamName")
        self.turn_label = QLabel("")
        self.turn_label.setObjectName("turn")
        title_row.addWidget(self.name_label, 1)
        title_row.addWidget(self.turn_label)
        self.house: QLabel | None = None
        if game.variant.house_rules:
            self.house = QLabel()
            self.house.setObjectName("house")
            title_row.addWidget(self.house)
        layout.addWidget(title)

        life_row = QHBoxLayout()
        life_row.setContentsMargins(8, 0, 8, 0)
        self.life_label = BigNumber()
        self.pending_label = BigNumber(fill=0.4)
        # The pending amount keeps its own column, so the total never jumps when one appears.
        life_row.addWidget(self.life_label, 7)
        life_row.addWidget(self.pending_label, 3)
        layout.addLayout(life_row, 5)

        info = QHBoxLayout()
        info.setContentsMargins(12, 0, 12, 0)
        # Poison and its pending amount grow with the panel, as the total does: they are read
        # from across the table.
        self.poison_label = BigNumber(fill=0.9)
        self.poison_label.setObjectName("poison")
        self.badges = QLabel("")
        self.badges.setWordWrap(True)
        self.badges.setObjectName("badges")
        self.badges.setProperty("team", str(team % len(TEAM_COLOURS)))
        self.badges.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.poison_pending = BigNumber(fill=0.8)
        self.poison_pending.setObjectName("poisonPending")
        info.addWidget(self.poison_label, 3)
        info.addWidget(self.poison_pending, 2)
        layout.addLayout(info, 2)
        # Commander damage taken from each opponent's commander: a compact row of counters.
        # A column per opponent's commander; a partner's counter sits under its commander's, so
        # eight players with partners still fit a laptop's width.
        self.commander_row = QGridLayout()
        self.commander_row.setContentsMargins(8, 0, 8, 0)
        self.commander_row.setSpacing(4)
        self.counters: list[CommanderCounter] = []
        layout.addLayout(self.commander_row)
        layout.addWidget(self.badges)

        self.status_label = QLabel("")
        self.status_label.setWordWrap(True)
        self.status_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.status_label.setObjectName("status")
        layout.addWidget(self.status_label)

        self.heads: list[HeadRow] = []
        for player in game.players_of(team):
            row = HeadRow(player, setup.names[player], game.variant.team_game, self)
            layout.addWidget(row)
            self.heads.append(row)
        self.setFocusProxy(self.heads[0])
        self.build_counters()
        self._out = False
        self._turn_words = ""  # "▶ turn 4" on the active team's panel
        self._retranslate()
        self.refresh_pending()

    def _retranslate(self) -> None:
        """The panel's static words, then everything read from the model, in the current
        language."""
        name = self.model.setup.team_names[self.team]
        if self.house is not None:
            self.house.setText(self.tr("house rule"))
            self.house.setToolTip(
                self.tr("Starting life or the poison limit differ from the rules.")
            )
        self.life_label.setAccessibleName(arg(self.tr("%1: life"), name))
        self.pending_label.setAccessibleName(arg(self.tr("%1: pending life"), name))
        self.poison_label.setAccessibleName(arg(self.tr("%1: poison"), name))
        self.poison_pending.setAccessibleName(arg(self.tr("%1: pending poison"), name))
        self.refresh()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    def refresh(self) -> None:
        """Re-reads the team's state from the model."""
        game = self.model.game
        state = game.state.teams[self.team]
        self.life_label.setText(number(state.life))
        limit = game.variant.poison_limit
        self.poison_label.setText(poison_total(state.poison, limit))
        level = "none" if not state.poison else "high" if state.poison * 2 >= limit else "some"
        if self.poison_label.property("level") != level:
            self.poison_label.setProperty("level", level)
            repolish(self.poison_label, children=False)
        self.badges.setText("  ".join(f"[{effect_label(k)}]" for k in sorted(state.effects)))
        active = game.active == self.team and not game.over
        self._turn_words = arg(self.tr("\u25b6 turn %1"), game.turn) if active else ""
        self.turn_label.setAccessibleName(self._turn_words)
        self._place_turn()
        turn = "yes" if active else "no"
        if self.property("turn") != turn:
            # The team whose turn it is stands out on its own panel, not only in the banner.
            self.setProperty("turn", turn)
            repolish(self, children=False)
        self.status_label.setVisible(state.status != "playing")
        if state.status == "playing":
            self.status_label.setText("")
            self.status_label.setToolTip("")
        else:
            words = {
                "won": self.tr("Winner: %1 \u2014 %2"),
                "lost": self.tr("Out: %1 \u2014 %2"),
                "drawn": self.tr("Draw: %1 \u2014 %2"),
            }[state.status]
            self.status_label.setText(arg(words, reason_words(game, self.team), cite(state.rule)))
            # The rule digest (seeds/rules.json) says each cited rule in a line.
            self.status_label.setToolTip(
                "\n".join(f"{cite(n)}: {describe_rule(n)}" for n in state.rule.split(", "))
            )
        out = state.status in ("lost", "drawn")
        for row in self.heads:
            row.setEnabled(not out and not game.over)
        if out != self._out:
            # Greyed out, and only re-styled when it changes: style sheets are slow to apply.
            self._out = out
            self.setProperty("out", "yes" if out else "no")
            repolish(self)
        status = {
            "playing": self.tr("playing"),
            "won": self.tr("won"),
            "lost": self.tr("lost"),
            "drawn": self.tr("drawn"),
        }.get(state.status, state.status)
        self.setAccessibleDescription(
            arg(
                self.tr("life %1, poison %2 of %3, %4"),
                number(state.life),
                state.poison,
                limit,
                status,
            )
        )

    def build_counters(self) -> None:
        """(Re)builds the commander counters: one per opponent, two for an opponent with
        partners. Nothing in a game without commanders."""
        for counter in self.counters:
            self.commander_row.removeWidget(counter)
            counter.deleteLater()
        self.counters = []
        game = self.model.game
        if not game.variant.commander:
            return
        shorts = short_names(game.names)
        column = 0
        for player in game.players_of(self.team):
            for source in range(game.variant.players):
                if game.team_of(source) == self.team:
                    continue
                for commander in (0, 1) if self.model.has_partners(source) else (0,):
                    short = shorts[source]
                    counter = CommanderCounter(player, source, commander, game, short, self)
                    counter.tapped.connect(self.commander_tapped)
                    self.commander_row.addWidget(counter, commander, column)
                    self.counters.append(counter)
                self.commander_row.setColumnStretch(column, 1)
                column += 1
        self.refresh_counters()

    def refresh_counters(self) -> None:
        """Re-reads commander damage, committed and pending; the counter closest to 21 is
        stressed."""
        if not self.counters:
            return
        game = self.model.game
        totals = []
        for c in self.counters:
            done = game.commander_damage(c.player, c.source, c.commander)
            pending = self.model.pending_commander(c.player, c.source, c.commander)
            both_in = all(game.status(game.team_of(p)) == "playing" for p in (c.player, c.source))
            c.show_amounts(done, pending, enabled=both_in and not game.over)
            totals.append(done + pending)
        top = max(totals)
        for c, total in zip(self.counters, totals, strict=True):
            stress = "yes" if top and total == top else "no"
            if c.property("stress") != stress:
                c.setProperty("stress", stress)
                repolish(c, children=False)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        super().mousePressEvent(event)
        if event.button() == Qt.MouseButton.LeftButton:
            self.clicked.emit(self.team)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        # The words read from across the table (whose turn, why a team is out) grow with the
        # panel, between a laptop's 8 small panels and 2 big ones.
        px = max(18, min(40, self.height() // 16))
        sizes = ((self.turn_label, px), (self.status_label, px), (self.name_label, px))
        for label, size in (*sizes, (self.badges, max(15, px * 2 // 3))):
            font = QFont(label.font())
            font.setPixelSize(size)
            font.setWeight(QFont.Weight.Bold)
            if font != label.font():
                label.setFont(font)
        # The title keeps its height whether or not the turn marker is in it, so the totals
        # of all panels stay level as the turn passes.
        self.turn_label.setMinimumHeight(self.turn_label.fontMetrics().height())
        self._place_turn()

    def _place_turn(self) -> None:
        """The turn marker says "▶ turn 4" when the team's name fits beside it, and only "▶"
        when it would push the name out ("Player 1 & Player 2" at 1366 px with the history
        shown): the banner names the turn too, and the marker's tooltip keeps it."""
        words = self._turn_words
        if words:
            row = self._title_row
            margins = row.contentsMargins()
            # From the title's width, which is current at a resize (its layout may not be yet).
            title = self._title.contentsRect().width()
            room = title - margins.left() - margins.right() - row.spacing()
            if self.house is not None:
                room -= self.house.sizeHint().width() + row.spacing()
            name = self.name_label.fontMetrics().horizontalAdvance(self.name_label.text())
            if name * _NAME_SHRINK + self.turn_label.fontMetrics().horizontalAdvance(words) > room:
                words = "\u25b6"
        self.turn_label.setText(words)
        self.turn_label.setToolTip(self._turn_words if words != self._turn_words else "")

    def refresh_pending(self) -> None:
        """Re-reads the pending amounts of the team and of each head."""
        life, poison = self.model.pending_team(self.team)
        _show(self.pending_label, signed(life) if life else "", life)
        _show(self.poison_pending, f"{SKULL}{signed(poison)}" if poison else "", -poison)
        for row in self.heads:
            head_life, head_poison = self.model.pending(row.player)
            bits = [signed(head_life)] if head_life else []
            if head_poison:
                bits.append(f"{SKULL}{signed(head_poison)}")
            row.pending_label.setText(" ".join(bits))
        self.refresh_counters()


def _show(label: QLabel, text: str, sign: int) -> None:
    """Sets a pending amount; losses show red and gains green (a property the theme styles).
    Cleared, it keeps its colour: nothing shows it, and the next tap is most often of the same
    sign, so no re-polish (and refit of the totals) on an Enter or a tap (0.4 ms; issue 12)."""
    label.setText(text)
    if not text:
        return
    kind = "loss" if sign < 0 else "gain"
    if label.property("pending") != kind:
        label.setProperty("pending", kind)
        repolish(label, children=False)
