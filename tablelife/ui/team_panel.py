"""A team's panel: its name, the shared total, poison, status, effect badges, and one row of
controls per head. Panels only read the model and emit intents."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QObject, QPoint, QRect, QSize, Qt, Signal
from PySide6.QtGui import (
    QContextMenuEvent,
    QFocusEvent,
    QFont,
    QFontMetrics,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QResizeEvent,
)
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
from tablelife.rules.i18n import arg, grouped
from tablelife.rules.seeds import describe_rule
from tablelife.rules.words import MINUS, effect_label, signed
from tablelife.ui.theme import TEAM_COLOURS, repolish
from tablelife.ui.widgets import BigNumber, ElidedLabel, SizedLabel

SKULL = "\u2620"
_NAME_SHRINK = 0.75  # a team's name is drawn down to this share of its size before it is cut
_MARKER_SHRINK = 0.6
"""The turn marker's words ("▶ turn 4") are drawn down to this share of their size, beside a
name drawn smaller too, before the marker gives way to "▶" alone (issue 26, defect 11)."""
LOW_LIFE = 5
"""Life at this or less is shown in the warning colour poison has near its limit (a house
habit: no rule names it, CR 104.3b loses only at 0)."""


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


class TapButton(QPushButton):
    """A button of a head's row: as tall as a finger wants (`ROOMY`) when the panel has room,
    down to the style sheet's minimum when it hasn't (eight-player Commander on a netbook's
    1024×570 window; issue 26)."""

    ROOMY = 36

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the row holds focus; keys do taps
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.setMinimumWidth(28)

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        return QSize(hint.width(), max(hint.height(), self.ROOMY))


class HeadRow(QFrame):
    """One head's name and controls. It takes keyboard focus: the focused row is the selected
    player for the keyboard."""

    tapped = Signal(int, int, int)  # player, life delta, poison delta
    menu_requested = Signal(int, QPoint)  # player, where
    selected = Signal(int)  # player
    refused = Signal(int)
    """A click on a greyed button (the row's player can't be changed now): carries the
    player, so the table can say why (issue 26, defect 4)."""

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
            button = TapButton(label)
            button.clicked.connect(
                lambda _=False, life=life, poison=poison: self.tapped.emit(player, life, poison)
            )
            buttons.addWidget(button)
            self.buttons[(life, poison)] = button
        self.menu_button = TapButton("\u22ef")
        self.menu_button.setSizePolicy(QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Preferred)
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
        self.show_pending(self.pending_label.text())
        for (life, poison), button in self.buttons.items():
            button.setAccessibleName(self._tap_name(life, poison))
            button.setToolTip(button.accessibleName())
        self.menu_button.setAccessibleName(arg(self.tr("%1: more actions"), name))
        self.menu_button.setToolTip(arg(self.tr("%1: set life, pay, concede, effects… (M)"), name))

    def show_pending(self, text: str) -> None:
        """Shows the head's own pending amounts ("−3 ☠+1"), and names them for a screen
        reader."""
        if text != self.pending_label.text():
            self.pending_label.setText(text)
        said = (
            arg(self.tr("%1: %2 pending"), self._name, text)
            if text
            else arg(self.tr("%1: nothing pending"), self._name)
        )
        if said != self.pending_label.accessibleName():
            self.pending_label.setAccessibleName(said)

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
        elif event.type() == QEvent.Type.EnabledChange:
            # A greyed button swallows a click: while greyed, the row hears it instead.
            for button in (*self.buttons.values(), self.menu_button):
                if self.isEnabled():
                    button.removeEventFilter(self)
                else:
                    button.installEventFilter(self)
        super().changeEvent(event)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.MouseButtonPress and not self.isEnabled():
            self.refused.emit(self.player)
            return True
        return False

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


COMMANDER_WARNING = 15
"""A commander counter turns red from this much damage on, of the 21 that lose (CR 704.6c)."""


class CommanderCounter(QPushButton):
    """Combat damage one player has taken from one opponent's commander. A click adds 1 to
    what is pending, a right-click takes 1 back off it. The button has the opponent's colour
    and their initials ("Bo 7"): on one line when there is room, else the initials small over
    the amount, so whose commander it counts never rests on the colour alone."""

    tapped = Signal(int, int, int, int)  # player, source, commander, delta
    resized = Signal()

    ROOMY = 32
    """Its height when the panel has room; the style sheet's minimum when it hasn't."""

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
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.setMinimumWidth(22)
        self._name = game.names[source]
        self._short = short + ("\u2082" if commander else "")
        self._amounts = "0"
        self._done = self._pending = 0
        self._two_lines = False
        self.clicked.connect(lambda: self.tapped.emit(player, source, commander, 1))
        self._retranslate()

    def _retranslate(self) -> None:
        done, pending = self._done, self._pending
        if self.commander:
            said = (
                self.tr("Combat damage from %1\u2019s partner: %2 of %3, %4 pending.")
                if pending
                else self.tr("Combat damage from %1\u2019s partner: %2 of %3.")
            )
        else:
            said = (
                self.tr("Combat damage from %1\u2019s commander: %2 of %3, %4 pending.")
                if pending
                else self.tr("Combat damage from %1\u2019s commander: %2 of %3.")
            )
        said = arg(said, self._name, done, COMMANDER_LOSS, pending)
        how = self.tr("Click adds 1, right-click takes a pending 1 back (CR 903.10a).")
        # A screen reader hears the count in the name, as a person reads it on the button.
        self.setAccessibleName(said)
        self.setAccessibleDescription(how)
        self.setToolTip(f"{said} {how}")

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    def sizeHint(self) -> QSize:
        # The same for every counter, whatever it shows: the row's columns stay even, and a
        # counter turning to two lines doesn't change the room it is given.
        return QSize(48, max(super().sizeHint().height(), self.ROOMY))

    def show_amounts(self, done: int, pending: int, *, enabled: bool) -> None:
        """Shows the damage dealt so far and what is pending."""
        self._amounts = f"{done}" + (f"+{pending}" if pending else "")
        self._done, self._pending = done, pending
        self._fit_text()
        self.update()
        self.setEnabled(enabled)
        self._retranslate()

    def shown(self) -> tuple[str, ...]:
        """What the button shows: ("Bo 7+2",) on one line, or ("Bo", "7+2") on two."""
        if self._two_lines:
            return (self._short, self._amounts)
        return (self.text(),)

    def fits_one_line(self) -> bool:
        """True when "Bo 7+2" fits the button on one line, at its width now."""
        one = f"{self._short} {self._amounts}"
        return self.fontMetrics().horizontalAdvance(one) <= self.width() - 10  # border, padding

    def set_two_lines(self, two: bool) -> None:
        """Shows the letters small over the amount (painted: a button has one font), or both
        on one line. The panel chooses, for all its counters alike (`TeamPanel.fit_counters`)."""
        if two != self._two_lines:
            self._two_lines = two
            self.update()
        self._fit_text()

    def _fit_text(self) -> None:
        text = "" if self._two_lines else f"{self._short} {self._amounts}"
        if text != self.text():
            self.setText(text)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.resized.emit()

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)  # the frame in the opponent's colour (red when stressed)
        if not self._two_lines:
            return
        inner = self.rect().adjusted(4, 3, -4, -3)
        if inner.height() < 8 or inner.width() < 8:
            return
        top_height = inner.height() * 2 // 5
        top = QRect(inner.left(), inner.top(), inner.width(), top_height)
        bottom = QRect(inner.left(), top.bottom() + 1, inner.width(), inner.height() - top_height)
        painter = QPainter(self)
        group = QPalette.ColorGroup.Active if self.isEnabled() else QPalette.ColorGroup.Disabled
        painter.setPen(self.palette().color(group, QPalette.ColorRole.ButtonText))
        for text, box, weight in (
            (self._short, top, QFont.Weight.DemiBold),
            (self._amounts, bottom, QFont.Weight.ExtraBold),
        ):
            font = QFont(self.font())
            font.setWeight(weight)
            font.setPixelSize(max(7, int(box.height() * 1.25)))
            while font.pixelSize() > 7 and (
                QFontMetrics(font).horizontalAdvance(text) > box.width()
            ):
                font.setPixelSize(font.pixelSize() - 1)
            painter.setFont(font)
            painter.drawText(box, int(Qt.AlignmentFlag.AlignCenter), text)
        painter.end()

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        if self.isEnabled():
            self.tapped.emit(self.player, self.source, self.commander, -1)


class Totals(QWidget):
    """A team's life total and poison, each with its pending amount beside it. Stacked, life
    over poison (5 to 2), while the panel has the height; side by side when it is short (a
    netbook's eight-player Commander; issue 26). The numbers fit themselves (`BigNumber`)."""

    STACKED_FROM = 96
    """The least height at which poison gets its own row (26 px of it)."""

    def __init__(
        self, life: BigNumber, pending: BigNumber, poison: BigNumber, poison_pending: BigNumber
    ) -> None:
        super().__init__()
        self._numbers = (life, pending, poison, poison_pending)
        for number in self._numbers:
            number.setParent(self)
            number.setMinimumSize(1, 1)  # placed here by hand, at any size
        self._life_share = 0.7
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)

    def minimumSizeHint(self) -> QSize:
        return QSize(120, 30)

    def sizeHint(self) -> QSize:
        return QSize(240, 120)

    @property
    def stacked(self) -> bool:
        """True while poison has a row of its own under the total."""
        return self.height() >= self.STACKED_FROM

    def set_life_share(self, share: float) -> None:
        """How much of its row's width the total takes (the pending amount the rest)."""
        if share != self._life_share:
            self._life_share = share
            self._place()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._place()

    def _place(self) -> None:
        life, pending, poison, poison_pending = self._numbers
        width, height = self.width(), self.height()
        if self.stacked:
            top = height * 5 // 7
            inner = width - 16
            life_width = int(inner * self._life_share)
            life.setGeometry(8, 0, life_width, top)
            pending.setGeometry(8 + life_width, 0, inner - life_width, top)
            inner = width - 24
            poison_width = inner * 3 // 5
            poison.setGeometry(12, top, poison_width, height - top)
            poison_pending.setGeometry(12 + poison_width, top, inner - poison_width, height - top)
            return
        inner = width - 16
        x = 8
        for number, share in (
            (life, self._life_share * 0.5),
            (pending, (1 - self._life_share) * 0.5),
            (poison, 0.38),
            (poison_pending, 0.12),
        ):
            w = int(inner * share)
            number.setGeometry(x, 0, w, height)
            x += w


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
        title.installEventFilter(self)  # the turn marker is placed from the title's width
        self.name_label = ElidedLabel(setup.team_names[team], shrink=_NAME_SHRINK)
        self.name_label.setObjectName("teamName")
        self.turn_label = SizedLabel("")
        self.turn_label.setObjectName("turn")
        title_row.addWidget(self.name_label, 1)
        title_row.addWidget(self.turn_label)
        self.house: QLabel | None = None
        if game.variant.house_rules:
            self.house = QLabel()
            self.house.setObjectName("house")
            title_row.addWidget(self.house)
        layout.addWidget(title)

        self.life_label = BigNumber()
        self.life_label.setObjectName("life")
        self.pending_label = BigNumber(fill=0.4)
        # Poison and its pending amount grow with the panel, as the total does: they are read
        # from across the table.
        self.poison_label = BigNumber(fill=0.9)
        self.poison_label.setObjectName("poison")
        self.poison_pending = BigNumber(fill=0.8)
        self.poison_pending.setObjectName("poisonPending")
        # The pending amount keeps its own column, so the total never jumps when one appears.
        self.totals = Totals(
            self.life_label, self.pending_label, self.poison_label, self.poison_pending
        )
        layout.addWidget(self.totals, 7)
        self.badges = SizedLabel("")
        self.badges.setWordWrap(True)
        self.badges.setObjectName("badges")
        self.badges.setProperty("team", str(team % len(TEAM_COLOURS)))
        self.badges.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.badges.hide()  # shown while an effect is on: no empty line in a short panel
        # Commander damage taken from each opponent's commander: a compact row of counters.
        # A column per opponent's commander; a partner's counter sits under its commander's, so
        # eight players with partners still fit a laptop's width.
        self.commander_row = QGridLayout()
        self.commander_row.setContentsMargins(8, 0, 8, 0)
        self.commander_row.setSpacing(4)
        self.counters: list[CommanderCounter] = []
        layout.addLayout(self.commander_row)
        layout.addWidget(self.badges)

        self.status_label = SizedLabel("")
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
        self._turn_px = 18  # the marker's size, as the title's words are drawn
        self._placed: tuple[object, tuple[str, int]] = ((), ("", 0))  # the last placing
        self._retranslate()

    def _retranslate(self) -> None:
        """The panel's static words, then everything read from the model, in the current
        language."""
        name = self.model.setup.team_names[self.team]
        if self.house is not None:
            self.house.setText(self.tr("house rule"))
            self.house.setToolTip(
                self.tr("Starting life or the poison limit differ from the rules.")
            )
        self.setAccessibleName(name)
        self.refresh()
        self.refresh_pending()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    def refresh(self) -> None:
        """Re-reads the team's state from the model."""
        game = self.model.game
        state = game.state.teams[self.team]
        name = self.model.setup.team_names[self.team]
        total = grouped(state.life)  # "1,000,000": the reader's thousands separator
        self.life_label.setText(total)
        # A long total takes the pending amount's room but a little: it is read by its width.
        self.totals.set_life_share(0.7 if len(total) <= 3 else 0.85)
        limit = game.variant.poison_limit
        self.poison_label.setText(poison_total(state.poison, limit))
        level = "none" if not state.poison else "high" if state.poison * 2 >= limit else "some"
        if self.poison_label.property("level") != level:
            self.poison_label.setProperty("level", level)
            repolish(self.poison_label, children=False)
        low = "high" if state.life <= LOW_LIFE else "none"  # poison's colour near its limit
        if self.life_label.property("level") != low:
            self.life_label.setProperty("level", low)
            repolish(self.life_label, children=False)
        # What a screen reader hears: each total with its number, in its name (issue 26).
        self.life_label.setAccessibleName(
            arg(self.tr("%1: %2 life, %3 poison"), name, total, state.poison)
        )
        self.poison_label.setAccessibleName(
            arg(self.tr("%1: %2 of %3 poison"), name, state.poison, limit)
        )
        self.badges.setText("  ".join(f"[{effect_label(k)}]" for k in sorted(state.effects)))
        self.badges.setVisible(bool(state.effects))
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
        # A read-only game (played at another device, a login that may only read, a broken
        # chain) offers nothing to press: its reason is on the table's banner.
        for row in self.heads:
            row.setEnabled(not out and not game.over and not self.model.read_only)
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
                total,
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
                    counter.resized.connect(self.fit_counters)
                    self.commander_row.addWidget(counter, commander, column)
                    self.counters.append(counter)
                self.commander_row.setColumnStretch(column, 1)
                column += 1
        self.refresh_counters()

    def refresh_counters(self) -> None:
        """Re-reads commander damage, committed and pending; a counter at 15 or more (of the
        21 that lose, CR 704.6c) is stressed, red."""
        if not self.counters:
            return
        game = self.model.game
        for c in self.counters:
            done = game.commander_damage(c.player, c.source, c.commander)
            pending = self.model.pending_commander(c.player, c.source, c.commander)
            both_in = all(game.status(game.team_of(p)) == "playing" for p in (c.player, c.source))
            c.show_amounts(
                done, pending, enabled=both_in and not game.over and not self.model.read_only
            )
            stress = "yes" if done + pending >= COMMANDER_WARNING else "no"
            if c.property("stress") != stress:
                c.setProperty("stress", stress)
                repolish(c, children=False)
        self.fit_counters()

    def fit_counters(self) -> None:
        """All the panel's counters on one line each ("Bo 7") while every one fits, else all
        with the letters small over the amount: one look for the row."""
        two = not all(c.fits_one_line() for c in self.counters)
        for c in self.counters:
            c.set_two_lines(two)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        super().mousePressEvent(event)
        if event.button() == Qt.MouseButton.LeftButton:
            self.clicked.emit(self.team)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        # The words read from across the table (whose turn, why a team is out) grow with the
        # panel, between a laptop's 8 small panels and 2 big ones. The labels keep their size
        # through a re-polish (a team that leaves, a theme applied): one style in every state.
        px = max(18, min(40, self.height() // 16))
        self._turn_px = px
        for label, size in (
            (self.status_label, px),
            (self.name_label, px),
            (self.badges, max(15, px * 2 // 3)),
        ):
            label.set_pixel_size(size)
        # The title keeps its height whether or not the turn marker is in it, so the totals
        # of all panels stay level as the turn passes.
        self.turn_label.setMinimumHeight(QFontMetrics(self._marker_font(px)).height())
        self._place_turn()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._title and event.type() == QEvent.Type.Resize:
            self._place_turn()  # the title's own width: the panel's layout may set it later
        return False

    def _marker_font(self, px: int) -> QFont:
        font = QFont(self.turn_label.font())
        font.setPixelSize(px)
        font.setWeight(QFont.Weight.Bold)
        return font

    def _place_turn(self) -> None:
        """The turn marker says "▶ turn 4" beside the team's name. Where both don't fit, the
        name is drawn smaller (down to `_NAME_SHRINK` of its size), then the marker's words too
        (down to `_MARKER_SHRINK`); only a name too long for that leaves "▶" alone: the banner
        names the turn too, and the marker's tooltip keeps it (issue 26, defect 11)."""
        words = self._turn_words
        px = self._turn_px
        if words:
            row = self._title_row
            margins = row.contentsMargins()
            room = self._title.contentsRect().width() - margins.left() - margins.right()
            room -= row.spacing()
            if self.house is not None:
                room -= self.house.sizeHint().width() + row.spacing()
            key = (words, px, room, self.name_label.text(), self.name_label.font().key())
            if key == self._placed[0]:
                words, px = self._placed[1]
            else:
                name = self.name_label.fontMetrics().horizontalAdvance(self.name_label.text())
                spare = room - int(name * _NAME_SHRINK) - 4  # (a label's own edges)
                wide = QFontMetrics(self._marker_font(px)).horizontalAdvance(words)
                if wide > spare:
                    px = int(px * spare / wide) if spare > 0 else 0
                    while px > 0 and (
                        QFontMetrics(self._marker_font(px)).horizontalAdvance(words) > spare
                    ):
                        px -= 1
                if px < max(1, int(self._turn_px * _MARKER_SHRINK)):
                    words, px = "\u25b6", self._turn_px
                self._placed = (key, (words, px))
        self.turn_label.set_pixel_size(px)
        self.turn_label.setText(words)
        self.turn_label.setToolTip(self._turn_words if words != self._turn_words else "")

    def refresh_pending(self) -> None:
        """Re-reads the pending amounts of the team and of each head."""
        life, poison = self.model.pending_team(self.team)
        _show(self.pending_label, signed(life) if life else "", life)
        _show(self.poison_pending, f"{SKULL}{signed(poison)}" if poison else "", -poison)
        name = self.model.setup.team_names[self.team]
        for label, said in (
            (
                self.pending_label,
                arg(self.tr("%1: %2 life pending"), name, signed(life))
                if life
                else arg(self.tr("%1: no life pending"), name),
            ),
            (
                self.poison_pending,
                arg(self.tr("%1: %2 poison pending"), name, signed(poison))
                if poison
                else arg(self.tr("%1: no poison pending"), name),
            ),
        ):
            if label.accessibleName() != said:  # a change a screen reader hears of
                label.setAccessibleName(said)
        for row in self.heads:
            head_life, head_poison = self.model.pending(row.player)
            bits = [signed(head_life)] if head_life else []
            if head_poison:
                bits.append(f"{SKULL}{signed(head_poison)}")
            row.show_pending(" ".join(bits))
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
