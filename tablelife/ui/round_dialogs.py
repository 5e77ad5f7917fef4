"""The desk's dialogs for a round's paperwork and its mistakes: a late team (and what the
rounds it missed count for), the fixed and skipped table numbers, and a result corrected in
an earlier round. Each takes its step through the `EventModel`; a step refused is said in the
dialog, which stays open with what was typed."""

from __future__ import annotations

import re
from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tablelife.model.event_model import EventModel, EventSettings, read_games
from tablelife.rules.i18n import arg


def read_fixed_tables(text: str) -> list[tuple[str, int]] | int:
    """Fixed tables typed one a line, "Ann & Bob = 5" (blank lines skipped): the pairs, or
    the number of the first line that isn't TEAM = N."""
    pairs = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        team, equals, table = line.rpartition("=")
        if not equals or not team.strip() or not table.strip().isdigit():
            return number
        pairs.append((" ".join(team.split()), int(table.strip())))
    return pairs


def read_skipped_tables(text: str) -> list[int] | None:
    """Table numbers typed "1, 2" (spaces or commas between): the numbers, or None."""
    parts = [p for p in re.split(r"[\s,;]+", text.strip()) if p]
    if not all(p.isdigit() for p in parts):
        return None
    return [int(p) for p in parts]


class TablesFields(QObject):
    """The two fields for fixed and skipped table numbers, as the new-event dialog and
    Event → Settings both show them (their dialog lays them out and owns them)."""

    def __init__(self, parent: QWidget, settings: EventSettings | None = None) -> None:
        super().__init__(parent)
        self.fixed = QPlainTextEdit()
        self.fixed.setTabChangesFocus(True)
        self.fixed.setMaximumHeight(72)
        self.skipped = QLineEdit()
        if settings is not None:
            self.fixed.setPlainText("\n".join(f"{t} = {n}" for t, n in settings.fixed_tables))
            self.skipped.setText(", ".join(map(str, settings.skipped_tables)))
        self.retranslate()

    def retranslate(self) -> None:
        """The fields' hints in the current language."""
        self.fixed.setPlaceholderText(
            self.tr("A team at the same table every round, one a line:\nAnn & Bob = 5")
        )
        self.fixed.setToolTip(
            self.tr("For a player who needs an accessible seat: that team's table number")
        )
        self.skipped.setPlaceholderText(self.tr("Never used, for example 1, 2"))
        self.skipped.setToolTip(self.tr("Table numbers no team is seated at (a judge station)"))

    def labels(self) -> tuple[str, str]:
        """The fields' labels in the current language."""
        return self.tr("Fixed tables"), self.tr("Tables never used")

    def read(self) -> tuple[list[tuple[str, int]], list[int]] | str:
        """The fixed tables and skipped numbers typed, or what is wrong in words."""
        fixed = read_fixed_tables(self.fixed.toPlainText())
        if isinstance(fixed, int):
            return arg(
                self.tr("Fixed tables, line %1: write the team, =, its table: Ann & Bob = 5."),
                fixed,
            )
        skipped = read_skipped_tables(self.skipped.text())
        if skipped is None:
            return self.tr("Tables never used: write table numbers, as in 1, 2.")
        return fixed, skipped


class _StepDialog(QDialog):
    """A dialog whose OK takes one step of the event: refused, the reason shows here and the
    dialog stays open with what was typed."""

    def __init__(self, model: EventModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.error = QLabel("")
        self.error.setObjectName("error")
        self.error.setWordWrap(True)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

    def take(self, step: Callable[[], bool]) -> bool:
        """Takes the step; on refusal shows the model's words and returns False."""
        said: list[str] = []

        def hear(text: str) -> None:
            said.append(text)

        self.model.message.connect(hear)
        try:
            done = step()
        finally:
            self.model.message.disconnect(hear)
        if not done:
            self.error.setText(said[-1] if said else "")
        return done

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def retranslate(self) -> None:
        """The dialog's words in the current language."""


class LateTeamDialog(_StepDialog):
    """Event → Add a late team: its name, and whether the rounds it missed are match losses
    (the Magic Tournament Rules' way: in MW%, not in GW%) or count for nothing (a house
    event's rule)."""

    def __init__(self, model: EventModel, parent: QWidget | None = None) -> None:
        super().__init__(model, parent)
        self.name = QLineEdit()
        self.name.setMaxLength(80)
        self.losses = QCheckBox()
        self.losses.setChecked(True)
        self.losses.setVisible(model.rounds_missed > 0)
        self.about = QLabel("")
        self.about.setWordWrap(True)
        self.name_label = QLabel("")
        self.name_label.setBuddy(self.name)
        form = QFormLayout()
        form.addRow(self.name_label, self.name)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.losses)
        layout.addWidget(self.about)
        layout.addWidget(self.error)
        layout.addWidget(self.buttons)
        self.losses.toggled.connect(self.retranslate)
        self.retranslate()

    def retranslate(self) -> None:
        missed = self.model.rounds_missed
        self.setWindowTitle(self.tr("Add a late team"))
        self.name_label.setText(self.tr("The team's name:"))
        self.losses.setText(self.tr("Count the %n round(s) it missed as match losses", "", missed))
        if not missed:
            said = self.tr("It is paired from round 1 on, as every other team.")
        else:
            said = self.tr("It is paired from the next round on.") + " " + self.counted()
        self.about.setText(said)

    def counted(self) -> str:
        """What the rounds the team missed count for, as chosen."""
        if self.losses.isChecked():
            return self.tr(
                "Each round it missed is a match loss with no games: it counts in its "
                "match-win %, not in its game-win % (as stores record a late entry)."
            )
        return self.tr(
            "The rounds it missed count for nothing (a house rule): a bye next round would "
            "show a match-win % of 100."
        )

    def accept(self) -> None:
        """Adds the team; a name refused is said, and stays typed."""
        name = self.name.text()
        if self.take(lambda: self.model.add_team(name, self.losses.isChecked())):
            super().accept()


class TablesDialog(_StepDialog):
    """Event → Settings: the event as it was set up, and the fixed and skipped table
    numbers, which can change between rounds (from the next pairing on)."""

    def __init__(self, model: EventModel, parent: QWidget | None = None) -> None:
        super().__init__(model, parent)
        settings = model.tournament.settings
        self.fields = TablesFields(self, settings)
        self.summary = QLabel("")
        self.summary.setWordWrap(True)
        self.note = QLabel("")
        self.note.setWordWrap(True)
        form = QFormLayout()
        self.fixed_label, self.skipped_label = QLabel(""), QLabel("")
        self.fixed_label.setBuddy(self.fields.fixed)
        self.skipped_label.setBuddy(self.fields.skipped)
        form.addRow(self.fixed_label, self.fields.fixed)
        form.addRow(self.skipped_label, self.fields.skipped)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addLayout(form)
        layout.addWidget(self.note)
        layout.addWidget(self.error)
        layout.addWidget(self.buttons)
        self.resize(560, 320)
        self.retranslate()

    def retranslate(self) -> None:
        settings = self.model.tournament.settings
        self.setWindowTitle(arg(self.tr("Settings \u2014 %1"), settings.name))
        rounds = self.tr("%n Swiss round(s)", "", settings.rounds)
        matches = self.tr("Best of 1") if settings.best_of == 1 else self.tr("Best of 3")
        self.summary.setText(
            arg(
                self.tr("%1: %2, %3, %4-minute rounds."),
                settings.display_title,
                rounds,
                matches.lower(),
                settings.minutes,
            )
        )
        self.fields.retranslate()
        fixed, skipped = self.fields.labels()
        self.fixed_label.setText(fixed)
        self.skipped_label.setText(skipped)
        self.note.setText(self.tr("Tables change from the next round paired on."))

    def accept(self) -> None:
        """Keeps the tables typed; anything refused is said, and stays typed."""
        read = self.fields.read()
        if isinstance(read, str):
            self.error.setText(read)
            return
        fixed, skipped = read
        if self.take(lambda: self.model.set_tables(fixed, skipped)):
            super().accept()


class CorrectionDialog(_StepDialog):
    """Event → Correct a result: any round's table, as `event result --round N` takes it.
    An earlier Swiss round's correction stands beside the later pairings, and is said so; a
    top-cut one that changes who went on is refused while their next match exists."""

    def __init__(self, model: EventModel, parent: QWidget | None = None) -> None:
        super().__init__(model, parent)
        rounds = model.tournament.rounds
        self.round = QSpinBox()
        self.round.setRange(1, max(1, len(rounds)))
        self.round.setValue(max(1, len(rounds) - 1))
        self.table = QComboBox()
        self.winner = QComboBox()
        self.games = QLineEdit()
        self.games.setMaxLength(8)
        self.labels = [QLabel("") for _ in range(4)]
        form = QFormLayout()
        for label, field in zip(
            self.labels, (self.round, self.table, self.winner, self.games), strict=True
        ):
            label.setBuddy(field)
            form.addRow(label, field)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.error)
        layout.addWidget(self.buttons)
        self.round.valueChanged.connect(self._fill_tables)
        self.table.currentIndexChanged.connect(self._fill_winners)
        self.resize(560, 240)
        self.retranslate()
        self._fill_tables()

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Correct a result"))
        for label, text in zip(
            self.labels,
            (self.tr("Round"), self.tr("Table"), self.tr("Result"), self.tr("Games")),
            strict=True,
        ):
            label.setText(text)
        self.games.setPlaceholderText(
            self.tr("won-lost(-drawn) from the winner's side, as 2-1; empty: none")
        )
        self._fill_winners()

    def _fill_tables(self) -> None:
        self.table.blockSignals(True)
        self.table.clear()
        rounds = self.model.tournament.rounds
        if 1 <= self.round.value() <= len(rounds):
            for t in rounds[self.round.value() - 1].tables:
                if not t.bye:
                    said = arg(self.tr("Table %1: %2"), t.number, " \u00b7 ".join(t.teams))
                    self.table.addItem(said, t.number)
        self.table.blockSignals(False)
        self._fill_winners()

    def _fill_winners(self) -> None:
        self.winner.clear()
        rounds = self.model.tournament.rounds
        number = self.table.currentData()
        if number is None or not 1 <= self.round.value() <= len(rounds):
            return
        table = rounds[self.round.value() - 1].table(int(number))
        for team in table.teams:
            self.winner.addItem(arg(self.tr("%1 won"), team), team)
        self.winner.addItem(self.tr("A draw"), None)
        if table.result is not None:  # what stands now, to change
            won = [t for t, o in table.result.outcomes.items() if o == "win"]
            self.winner.setCurrentIndex(table.teams.index(won[0]) if won else len(table.teams))

    def accept(self) -> None:
        """Enters the result; anything refused is said, and the dialog stays open."""
        number = self.table.currentData()
        if number is None:
            self.error.setText(self.tr("That round has no table to correct."))
            return
        games = None
        if self.games.text().strip():
            try:
                games = read_games(self.games.text())
            except ValueError as exc:
                self.error.setText(str(exc))
                return
        winner = self.winner.currentData()
        if self.take(
            lambda: self.model.correct_result(self.round.value(), int(number), winner, games)
        ):
            super().accept()
