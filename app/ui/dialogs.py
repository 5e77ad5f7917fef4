"""Dialogs: a whole-number prompt, the new-game dialog and the keys help."""

from __future__ import annotations

from PySide6.QtCore import Qt
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

from app.rules import MAX_AMOUNT, RuleError
from app.rules.game import default_player_name
from app.rules.seeds import Preset, presets
from app.rules.setup import MAX_NAME, GameSetup

MAX_PLAYERS = 8


def parse_whole(text: str, least: int, most: int) -> int | str:
    """A typed whole number within [least, most], or the reason it is refused."""
    raw = text.strip().replace(",", "").replace("_", "").replace("\u2212", "-")
    if not raw:
        return "Type a whole number."
    try:
        value = int(raw)
    except ValueError:
        return f"\u201c{text.strip()}\u201d is not a whole number."
    if value < least:
        return f"{value} is too small: the least is {least}."
    if value > most:
        return f"{value:,} is too large: the most is {most:,}."
    return value


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
        self.edit.setAccessibleName(prompt)
        self.edit.setObjectName("numberEdit")
        layout.addWidget(self.edit)
        self.error = QLabel("")
        self.error.setObjectName("error")
        self.error.setAccessibleName("input problem")
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
        self.setWindowTitle("New game")
        self._remembered_size = size
        self._remembered_players = list(player_names)
        self._remembered_teams = list(team_names)
        self.presets: tuple[Preset, ...] = presets()
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.preset_box = QComboBox()
        self.preset_box.setAccessibleName("Preset")
        for p in self.presets:
            self.preset_box.addItem(p.name)
        form.addRow("&Preset", self.preset_box)
        self.size_box = QSpinBox()
        self.size_label = QLabel("&Heads per team")
        self.size_label.setBuddy(self.size_box)
        form.addRow(self.size_label, self.size_box)
        self.life_edit = QLineEdit()
        self.life_edit.setAccessibleName("Starting life (house rule)")
        self.poison_edit = QLineEdit()
        self.poison_edit.setAccessibleName("Poison limit (house rule)")
        form.addRow("Starting &life", self.life_edit)
        form.addRow("P&oison limit", self.poison_edit)
        layout.addLayout(form)
        self.house = QLabel("")
        self.house.setObjectName("houseNote")
        self.house.setWordWrap(True)
        self.house.setAccessibleName("House rules")
        layout.addWidget(self.house)
        self.names_box = QGroupBox("Names (empty for the default)")
        self.names_grid = QGridLayout(self.names_box)
        layout.addWidget(self.names_box)
        self.name_note = QLabel("")
        self.name_note.setObjectName("error")
        self.name_note.setWordWrap(True)
        self.name_note.setAccessibleName("Name length")
        layout.addWidget(self.name_note)
        self.error = QLabel("")
        self.error.setWordWrap(True)
        self.error.setObjectName("error")
        layout.addWidget(self.error)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Start")
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

    @property
    def preset(self) -> Preset:
        """The preset chosen."""
        return self.presets[self.preset_box.currentIndex()]

    def _on_preset_changed(self) -> None:
        p = self.preset
        giant = p.variant == "giant"
        self.size_label.setText("&Heads per team" if giant else "&Players")
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
                widget.deleteLater()
        self.player_edits, self.team_edits = [], []
        variant = self.preset.make(size=self.size_box.value())
        for team in range(variant.teams):
            if variant.team_game:
                edit = self._name_edit(typed_teams, team, f"Team {team + 1}")
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
        edit.setAccessibleName(f"Name of {placeholder}")
        edit.setToolTip(f"At most {MAX_NAME} characters.")
        edit.textChanged.connect(self._check)
        return edit

    def _house(self, edit: QLineEdit, what: str) -> int | str | None:
        if not edit.text().strip():
            return None
        value = parse_whole(edit.text(), 1, MAX_AMOUNT)
        return f"{what}: {value}" if isinstance(value, str) else value

    def build(self) -> GameSetup | str:
        """The setup the dialog describes, or why it can't be used."""
        life = self._house(self.life_edit, "Starting life")
        poison = self._house(self.poison_edit, "Poison limit")
        for value in (life, poison):
            if isinstance(value, str):
                return value
        assert not isinstance(life, str) and not isinstance(poison, str)
        try:
            variant = self.preset.make(
                size=self.size_box.value(), starting_life=life, poison_limit=poison
            )
            return GameSetup(
                variant=variant,
                names=tuple(e.text() for e in self.player_edits),
                team_names=tuple(e.text() for e in self.team_edits),
                preset=self.preset.name,
            )
        except RuleError as exc:
            return str(exc)

    def _check(self) -> None:
        result = self.build()
        if isinstance(result, GameSetup):  # an empty team name shows what it will default to
            for edit, name in zip(self.team_edits, result.team_names, strict=False):
                edit.setPlaceholderText(name)
        self.error.setText(result if isinstance(result, str) else "")
        full = [e for e in (*self.team_edits, *self.player_edits) if len(e.text()) >= MAX_NAME]
        self.name_note.setText(
            f"A name can be at most {MAX_NAME} characters long; the field stops there."
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
                    f"Starting life {v.starting_life:,} (the rules say {default.starting_life:,})."
                )
            if v.poison_limit != default.poison_limit:
                house.append(
                    f"Poison limit {v.poison_limit} (the rules say {default.poison_limit})."
                )
            if v.house_rules and not house:
                house.append("This setup is not in the rules.")
        self.house.setText(("House rules: " + " ".join(house)) if house else "")
        self.house.setVisible(bool(house))
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(not isinstance(result, str))

    def accept(self) -> None:
        """Starts only with a valid setup."""
        result = self.build()
        if isinstance(result, GameSetup):
            self.chosen = result
            super().accept()


KEYS = (
    ("1\u20138, Tab", "select a player"),
    ("Up / Down", "\u00b11 life"),
    ("PageUp / PageDown", "\u00b15 life"),
    ("Shift+Up / Shift+Down", "\u00b11 poison"),
    ("Ctrl+1\u20138", "1 commander damage to the selected player from player 1\u20138's commander"),
    ("Alt+1\u20138", "the same from player 1\u20138's partner (second) commander"),
    ("Enter", "resolve: commit what is pending"),
    ("Esc", "leave table mode; outside it, drop what is pending"),
    ("M", "the selected player's menu"),
    ("N", "pass the turn"),
    ("Ctrl+Z / Ctrl+Shift+Z", "undo / redo"),
    ("Ctrl+N", "new game"),
    ("Ctrl+H", "show or hide the history"),
    ("Ctrl+G", "the life graph"),
    ("F11", "table mode: full screen with only the panels"),
    ("F1", "show the keys"),
)


class KeysDialog(QDialog):
    """The keyboard help (F1)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Keys")
        grid = QGridLayout(self)
        for row, (key, what) in enumerate(KEYS):
            k = QLabel(f"<b>{key}</b>")
            k.setTextFormat(Qt.TextFormat.RichText)
            grid.addWidget(k, row, 0)
            grid.addWidget(QLabel(what), row, 1)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        grid.addWidget(close, len(KEYS), 0, 1, 2)
