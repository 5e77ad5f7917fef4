"""Dialogs: a whole-number prompt, the new-game dialog and the keys help."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QLocale, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tablelife.rules import MAX_AMOUNT, RuleError
from tablelife.rules.game import default_player_name
from tablelife.rules.i18n import QT_TRANSLATE_NOOP, TYPED_DIGITS, arg, grouped, read_digits
from tablelife.rules.seeds import Preset, presets
from tablelife.rules.setup import MAX_NAME, GameSetup, check_names

MAX_PLAYERS = 8


GROUPING = frozenset(",_ \u00a0\u202f\u2009")
"""What people put between groups of three digits: a comma, an underscore, a space (plain,
no-break, narrow no-break, thin). The language's own decimal mark is never one of them."""


def _whole(text: str) -> int | None:
    """`text` as a whole number: an optional sign ("-", "\u2212", "+"), then digits, grouped
    by threes with one kind of separator or not at all; None for anything else. "1,5" is not
    15, and in Russian, where the comma is the decimal mark, "2,0" is not 20."""
    sign, body = (text[0], text[1:]) if text[:1] in ("-", "\u2212", "+") else ("", text)
    locale = QLocale()
    separators = (GROUPING | {locale.groupSeparator()}) - {locale.decimalPoint()}
    between = {c for c in body if not c.isdecimal()}
    if len(between) > 1 or not between <= separators:
        return None
    if between:
        first, *groups = body.split(between.pop())
        if not 1 <= len(first) <= 3 or any(len(group) != 3 for group in groups):
            return None
        body = first + "".join(groups)
    if not body.isdecimal():
        return None
    value = read_digits(body)
    if value is None:  # out of any range: reads as too large (or too small)
        value = 10**TYPED_DIGITS
    return -value if sign in ("-", "\u2212") else value


def parse_whole(text: str, least: int, most: int) -> int | str:
    """A typed whole number within [least, most], or the reason it is refused."""
    raw = text.strip()
    if not raw:
        return QCoreApplication.translate("NumberDialog", "Type a whole number.")
    value = _whole(raw)
    if value is None:
        return arg(
            QCoreApplication.translate("NumberDialog", "\u201c%1\u201d is not a whole number."),
            text.strip(),
        )
    if value < least:
        return arg(
            QCoreApplication.translate("NumberDialog", "%1 is too small: the least is %2."),
            _shown(value, raw),
            _shown(least, ""),
        )
    if value > most:
        return arg(
            QCoreApplication.translate("NumberDialog", "%1 is too large: the most is %2."),
            _shown(value, raw),
            _shown(most, ""),
        )
    return value


def _shown(value: int, typed: str, most: int = 30) -> str:
    """A number for a refusal, as the prompt writes it ("−1,000,000"), or the typed text cut
    short when it is too long to have been read at all."""
    if abs(value) < 10**TYPED_DIGITS:
        return grouped(value)
    return typed if len(typed) <= most else typed[: most - 1] + "\u2026"


class NumberDialog(QDialog):
    """Asks for one whole number in a range; OK stays off until the text is valid."""

    def __init__(
        self,
        title: str,
        prompt: str,
        least: int,
        most: int,
        value: int | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.least, self.most = least, most
        layout = QVBoxLayout(self)
        self.prompt = label = QLabel(prompt)
        label.setWordWrap(True)
        layout.addWidget(label)
        self.edit = QLineEdit("" if value is None else str(value))
        self.edit.selectAll()  # a number given is typed over, never added to
        self.edit.setAccessibleName(prompt)
        self.edit.setObjectName("numberEdit")
        layout.addWidget(self.edit)
        self.error = QLabel("")
        self.error.setObjectName("error")
        self.error.setAccessibleName(self.tr("input problem"))
        layout.addWidget(self.error)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self.edit.textChanged.connect(self._check)
        self._check()

    def set_range(self, prompt: str, most: int) -> None:
        """The game moved while the dialog is open: a new question and upper limit. What is
        typed is checked against it, so OK answers the game as it is now."""
        self.prompt.setText(prompt)
        self.most = most
        self._check()

    @property
    def ok_button(self) -> QPushButton:
        """The OK button."""
        return self.buttons.button(QDialogButtonBox.StandardButton.Ok)

    def value(self) -> int | None:
        """The valid number typed, or None."""
        result = parse_whole(self.edit.text(), self.least, self.most)
        return result if isinstance(result, int) else None

    def _check(self) -> None:
        result = parse_whole(self.edit.text(), self.least, self.most)
        self.error.setText("" if isinstance(result, int) else result)
        self.ok_button.setEnabled(isinstance(result, int))

    def accept(self) -> None:
        """Accepts only a valid number (Enter in the field comes here too)."""
        if self.value() is not None:
            super().accept()


class NewGameDialog(QDialog):
    """Chooses the preset, the number of heads or players, names and house rules."""

    def __init__(
        self,
        player_names: list[str],
        team_names: list[str],
        parent: QWidget | None = None,
        *,
        preset: str = "",
        size: int = 0,
    ) -> None:
        super().__init__(parent)
        self._remembered_size = size
        self._remembered_players = list(player_names)
        self._remembered_teams = list(team_names)
        self.presets: tuple[Preset, ...] = presets()
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.preset_box = QComboBox()
        for p in self.presets:
            self.preset_box.addItem(p.title)  # the identifier stays p.name
        self.preset_label = QLabel()
        self.preset_label.setBuddy(self.preset_box)
        form.addRow(self.preset_label, self.preset_box)
        self.size_box = QSpinBox()
        self.size_label = QLabel()
        self.size_label.setBuddy(self.size_box)
        form.addRow(self.size_label, self.size_box)
        self.life_edit = QLineEdit()
        self.poison_edit = QLineEdit()
        self.life_label = QLabel()
        self.life_label.setBuddy(self.life_edit)
        self.poison_label = QLabel()
        self.poison_label.setBuddy(self.poison_edit)
        form.addRow(self.life_label, self.life_edit)
        form.addRow(self.poison_label, self.poison_edit)
        layout.addLayout(form)
        self.names_box = QGroupBox(self.tr("Names (empty for the default)"))
        self.names_grid = QGridLayout(self.names_box)
        layout.addWidget(self.names_box)
        # What the dialog says as the person types (house rules, a name at its limit, what is
        # wrong) has a place of its own, as tall as four lines, so the dialog keeps its size
        # as the words come and go (issue 26, defect 7).
        self.notes = QWidget()
        self._notes_layout = notes = QVBoxLayout(self.notes)
        notes.setContentsMargins(0, 0, 0, 0)
        notes.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.house = QLabel("")
        self.house.setObjectName("houseNote")
        self.house.setWordWrap(True)
        self.name_note = QLabel("")
        self.name_note.setObjectName("error")
        self.name_note.setWordWrap(True)
        self.error = QLabel("")
        self.error.setWordWrap(True)
        self.error.setObjectName("error")
        for note in (self.house, self.name_note, self.error):
            notes.addWidget(note)
            note.hide()
        layout.addWidget(self.notes)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self.player_edits: list[QLineEdit] = []
        self.team_edits: list[QLineEdit] = []
        self.chosen: GameSetup | None = None
        """The setup, once Start was pressed with valid input."""
        self.preset_box.currentIndexChanged.connect(self._on_preset_changed)
        self.size_box.valueChanged.connect(self._rebuild_names)
        for edit in (self.life_edit, self.poison_edit):
            edit.textChanged.connect(self._check)
        names = [p.name for p in self.presets]
        if preset in names:
            self.preset_box.setCurrentIndex(names.index(preset))  # runs _on_preset_changed
        if self.preset_box.currentIndex() == 0 or preset not in names:
            self._on_preset_changed()
        self._retranslate()

    def _reserve_notes(self) -> None:
        """Four lines for the notes, whatever they say (see `notes`)."""
        line = self.error.fontMetrics().lineSpacing()
        spacing = max(0, self._notes_layout.spacing())
        self.notes.setMinimumHeight(4 * line + 2 * spacing)

    def _retranslate(self) -> None:
        """The dialog's static words in the current language."""
        self.setWindowTitle(self.tr("New game"))
        self.preset_box.setAccessibleName(self.tr("Preset"))
        for i, p in enumerate(self.presets):
            self.preset_box.setItemText(i, p.title)
        self.preset_label.setText(self.tr("&Preset"))
        self._size_words()
        self.life_edit.setAccessibleName(self.tr("Starting life (house rule)"))
        self.poison_edit.setAccessibleName(self.tr("Poison limit (house rule)"))
        self.life_label.setText(self.tr("Starting &life"))
        self.poison_label.setText(self.tr("P&oison limit"))
        self.house.setAccessibleName(self.tr("House rules"))
        self.names_box.setTitle(self.tr("Names (empty for the default)"))
        self.name_note.setAccessibleName(self.tr("Name length"))
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText(self.tr("Start"))
        self._reserve_notes()
        self._rebuild_names()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    def _size_words(self) -> None:
        giant = self.preset.variant == "giant"
        self.size_label.setText(self.tr("&Heads per team") if giant else self.tr("&Players"))

    @property
    def preset(self) -> Preset:
        """The preset chosen."""
        return self.presets[self.preset_box.currentIndex()]

    def _on_preset_changed(self) -> None:
        p = self.preset
        giant = p.variant == "giant"
        self._size_words()
        self.size_box.blockSignals(True)
        self.size_box.setRange(2, 4 if giant else MAX_PLAYERS)
        remembered = self._remembered_size
        self._remembered_size = 0  # only for the preset the dialog opens with
        in_range = self.size_box.minimum() <= remembered <= self.size_box.maximum()
        self.size_box.setValue(remembered if in_range else p.heads if giant else p.players)
        self.size_box.blockSignals(False)
        default = p.make()
        self.life_edit.setPlaceholderText(str(default.starting_life))
        self.poison_edit.setPlaceholderText(str(default.poison_limit))
        self._rebuild_names()

    def _rebuild_names(self) -> None:
        typed_players = [e.text() for e in self.player_edits] or self._remembered_players
        typed_teams = [e.text() for e in self.team_edits] or self._remembered_teams
        while (item := self.names_grid.takeAt(0)) is not None:
            if (widget := item.widget()) is not None:
                widget.hide()  # out of sight now: it stays a child until it is deleted
                widget.deleteLater()
        self.player_edits, self.team_edits = [], []
        variant = self.preset.make(size=self.size_box.value())
        for team in range(variant.teams):
            if variant.team_game:
                edit = self._name_edit(typed_teams, team, arg(self.tr("Team %1"), team + 1))
                self.names_grid.addWidget(edit, 0, team)
                self.team_edits.append(edit)
            for row, player in enumerate(variant.players_of(team), start=1):
                edit = self._name_edit(typed_players, player, default_player_name(player))
                if variant.team_game:
                    self.names_grid.addWidget(edit, row, team)
                else:
                    self.names_grid.addWidget(edit, player // 2, player % 2)
                self.player_edits.append(edit)
        self._check()

    def _name_edit(self, typed: list[str], index: int, placeholder: str) -> QLineEdit:
        edit = QLineEdit(typed[index] if index < len(typed) else "")
        edit.setPlaceholderText(placeholder)
        # The field stops at the limit, and says so (a longer name is never cut silently).
        edit.setMaxLength(MAX_NAME)
        edit.setAccessibleName(arg(self.tr("Name of %1"), placeholder))
        edit.setToolTip(self.tr("At most %n characters.", "", MAX_NAME))
        edit.textChanged.connect(self._check)
        return edit

    def _house(self, edit: QLineEdit, what: str) -> int | str | None:
        if not edit.text().strip():
            return None
        value = parse_whole(edit.text(), 1, MAX_AMOUNT)
        return arg(self.tr("%1: %2"), what, value) if isinstance(value, str) else value

    def typed_names(self) -> tuple[list[str], list[str]]:
        """The players' and teams' names as typed, an empty one for each left to its default
        (what the next game's dialog starts from)."""
        return [e.text() for e in self.player_edits], [e.text() for e in self.team_edits]

    def build(self) -> GameSetup | str:
        """The setup the dialog describes, or why it can't be used."""
        life = self._house(self.life_edit, self.tr("Starting life"))
        poison = self._house(self.poison_edit, self.tr("Poison limit"))
        for value in (life, poison):
            if isinstance(value, str):
                return value
        assert not isinstance(life, str) and not isinstance(poison, str)
        try:
            variant = self.preset.make(
                size=self.size_box.value(), starting_life=life, poison_limit=poison
            )
            names = tuple(e.text() for e in self.player_edits)
            team_names = tuple(e.text() for e in self.team_edits)
            check_names(names, team_names)  # as import and the teams file check them
            return GameSetup(
                variant=variant, names=names, team_names=team_names, preset=self.preset.name
            )
        except RuleError as exc:
            return str(exc)

    def _check(self) -> None:
        result = self.build()
        if isinstance(result, GameSetup):  # an empty team name shows what it will default to
            for edit, name in zip(self.team_edits, result.team_names, strict=False):
                edit.setPlaceholderText(name)
        self.error.setText(result if isinstance(result, str) else "")
        self.error.setVisible(bool(self.error.text()))
        # Only a name typed to the limit: a remembered one is not news (issue 26, defect 7).
        full = [
            e
            for e in (*self.team_edits, *self.player_edits)
            if len(e.text()) >= MAX_NAME and e.isModified()
        ]
        self.name_note.setText(
            self.tr(
                "A name can be at most %n characters long; the field stops there.", "", MAX_NAME
            )
            if full
            else ""
        )
        self.name_note.setVisible(bool(full))
        house = []
        if isinstance(result, GameSetup):
            default = self.preset.make(size=self.size_box.value())
            v = result.variant
            if v.starting_life != default.starting_life:
                house.append(
                    arg(
                        self.tr("Starting life %1 (the rules say %2)."),
                        grouped(v.starting_life),
                        grouped(default.starting_life),
                    )
                )
            if v.poison_limit != default.poison_limit:
                house.append(
                    arg(
                        self.tr("Poison limit %1 (the rules say %2)."),
                        v.poison_limit,
                        default.poison_limit,
                    )
                )
            if v.house_rules and not house:
                house.append(self.tr("This setup is not in the rules."))
        self.house.setText(arg(self.tr("House rules: %1"), " ".join(house)) if house else "")
        self.house.setVisible(bool(house))
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(not isinstance(result, str))

    def accept(self) -> None:
        """Starts only with a valid setup."""
        result = self.build()
        if isinstance(result, GameSetup):
            self.chosen = result
            super().accept()


# (keys, what they do): the key names stay as they are on the keyboard; what they do is
# translated where it is shown (KeysDialog).
KEYS = (
    ("1\u20138, Tab", QT_TRANSLATE_NOOP("KeysDialog", "select a player")),
    ("Up / Down", QT_TRANSLATE_NOOP("KeysDialog", "\u00b11 life")),
    ("PgUp / PgDown", QT_TRANSLATE_NOOP("KeysDialog", "\u00b15 life")),
    ("Shift+Up / Shift+Down", QT_TRANSLATE_NOOP("KeysDialog", "\u00b11 poison")),
    (
        "Ctrl+1\u20138",
        QT_TRANSLATE_NOOP(
            "KeysDialog",
            "1 commander damage to the selected player from player 1\u20138's commander",
        ),
    ),
    (
        "Alt+1\u20138",
        QT_TRANSLATE_NOOP(
            "KeysDialog", "the same from player 1\u20138's partner (second) commander"
        ),
    ),
    ("Enter", QT_TRANSLATE_NOOP("KeysDialog", "resolve: commit what is pending")),
    ("Esc", QT_TRANSLATE_NOOP("KeysDialog", "leave table mode; outside it, drop what is pending")),
    ("M", QT_TRANSLATE_NOOP("KeysDialog", "the selected player's menu")),
    ("N", QT_TRANSLATE_NOOP("KeysDialog", "pass the turn")),
    ("Ctrl+Z / Ctrl+Shift+Z", QT_TRANSLATE_NOOP("KeysDialog", "undo / redo")),
    ("Ctrl+N", QT_TRANSLATE_NOOP("KeysDialog", "new game")),
    ("Ctrl+H", QT_TRANSLATE_NOOP("KeysDialog", "show or hide the history")),
    ("Ctrl+G", QT_TRANSLATE_NOOP("KeysDialog", "the life graph")),
    (
        "Esc / Ctrl+W",
        QT_TRANSLATE_NOOP("KeysDialog", "close the life graph, or a finished game's window"),
    ),
    ("F11", QT_TRANSLATE_NOOP("KeysDialog", "table mode: full screen with only the panels")),
    ("F1", QT_TRANSLATE_NOOP("KeysDialog", "show the keys")),
    (
        "S",
        QT_TRANSLATE_NOOP(
            "KeysDialog", "before the first event: the selected player's team starts instead"
        ),
    ),
    (
        "F",
        QT_TRANSLATE_NOOP("KeysDialog", "roll for first: everyone rolls a d20, the highest starts"),
    ),
    ("D / Shift+D", QT_TRANSLATE_NOOP("KeysDialog", "roll a d20 / a d6")),
    ("C", QT_TRANSLATE_NOOP("KeysDialog", "flip a coin")),
    ("K", QT_TRANSLATE_NOOP("KeysDialog", "the selected player becomes the monarch")),
    ("I", QT_TRANSLATE_NOOP("KeysDialog", "the selected player takes the initiative")),
    (
        "T / Shift+T",
        QT_TRANSLATE_NOOP(
            "KeysDialog", "the selected player casts their commander / partner: +2 tax"
        ),
    ),
    ("E / Shift+E", QT_TRANSLATE_NOOP("KeysDialog", "\u00b11 energy")),
    ("X / Shift+X", QT_TRANSLATE_NOOP("KeysDialog", "\u00b11 experience")),
    ("R / Shift+R", QT_TRANSLATE_NOOP("KeysDialog", "\u00b11 rad")),
    ("U / Shift+U", QT_TRANSLATE_NOOP("KeysDialog", "\u00b11 ticket")),
    ("P / Shift+P", QT_TRANSLATE_NOOP("KeysDialog", "storm count \u00b11")),
    ("Y", QT_TRANSLATE_NOOP("KeysDialog", "day / night")),
)
KEYS_PER_COLUMN = 16
"""The keys dialog's rows before it starts a second column (it fits a laptop's height)."""


class KeysDialog(QDialog):
    """The keyboard help (F1)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        grid = QGridLayout(self)
        grid.setHorizontalSpacing(12)
        self._what: list[QLabel] = []
        for n, (key, _what) in enumerate(KEYS):
            row, column = n % KEYS_PER_COLUMN, 2 * (n // KEYS_PER_COLUMN)
            k = QLabel(f"<b>{key}</b>")
            k.setTextFormat(Qt.TextFormat.RichText)
            grid.addWidget(k, row, column)
            label = QLabel()
            grid.addWidget(label, row, column + 1)
            self._what.append(label)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        grid.addWidget(close, KEYS_PER_COLUMN, 0, 1, grid.columnCount())
        self._retranslate()

    def _retranslate(self) -> None:
        self.setWindowTitle(self.tr("Keys"))
        for label, (_key, what) in zip(self._what, KEYS, strict=True):
            label.setText(self.tr(what))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)
