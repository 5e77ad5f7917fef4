"""The event's dialogs at the desk: a new event, the standings (printable to PDF), pairings
entered by hand, and a late team."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QDateTime, QEvent, QLocale, Qt
from PySide6.QtGui import QPageSize, QPdfWriter, QTextDocument
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tablelife.model.event_model import (
    EventSettings,
    EventUnavailableError,
    Standing,
    decisive_decimals,
    new_event_plan,
    rounds_for,
)
from tablelife.rules.i18n import QT_TRANSLATE_NOOP, arg, translate
from tablelife.ui.round_dialogs import TablesFields
from tablelife.ui.widgets import percent

FORMAT_CHOICES = (
    (QT_TRANSLATE_NOOP("NewEventDialog", "Two-Headed Giant"), "2hg"),
    (QT_TRANSLATE_NOOP("NewEventDialog", "Two-player"), "duel"),
    (QT_TRANSLATE_NOOP("NewEventDialog", "Free-for-all pods"), "ffa"),
    (QT_TRANSLATE_NOOP("NewEventDialog", "Commander pods"), "commander"),
)
"""The formats a new event can have: the label (English; shown translated) and the key."""


def team_lines(text: str) -> list[str]:
    """One team a line; blank lines are skipped, spaces folded."""
    return [team for _line, team in numbered_team_lines(text)]


def numbered_team_lines(text: str) -> list[tuple[int, str]]:
    """`team_lines` with the line (from 1) each team is on, to say where one is refused."""
    return [
        (number, " ".join(line.split()))
        for number, line in enumerate(text.splitlines(), 1)
        if line.strip()
    ]


class NewEventDialog(QDialog):
    """Event → New event: name, format, rounds, best of, round length, top cut, teams, and
    the fixed and skipped table numbers."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.chosen: tuple[EventSettings, list[str]] | None = None
        form = QFormLayout()
        # The event's name is data, as typed; only the suggestion is in the reader's language.
        self.name = QLineEdit(self.tr("Friday Night Magic"))
        self.name.setMaxLength(80)
        self.format = QComboBox()
        for _label, key in FORMAT_CHOICES:
            self.format.addItem("", key)
        self.pod = QSpinBox()
        self.pod.setRange(3, 5)
        self.pod.setValue(4)
        self.rounds = QSpinBox()
        self.rounds.setRange(1, 20)
        self.rounds.setValue(3)
        self.best_of = QComboBox()
        self.best_of.addItem("", 1)
        self.best_of.addItem("", 3)
        self.minutes = QSpinBox()
        self.minutes.setRange(1, 240)
        self.minutes.setValue(50)
        self.top = QComboBox()
        for size in (0, 4, 8):
            self.top.addItem("", size)
        self.teams = QPlainTextEdit()
        self.teams.textChanged.connect(self._suggest_rounds)
        self.format.currentIndexChanged.connect(self._on_format_changed)
        self._on_format_changed()
        self.tables = TablesFields(self)
        self.load_button = QPushButton()
        self.load_button.clicked.connect(self.load_teams)
        self.error = QLabel("")
        self.error.setObjectName("error")
        self.error.setWordWrap(True)
        self._labels: list[QLabel] = []
        for field in (
            self.name,
            self.format,
            self.pod,
            self.rounds,
            self.best_of,
            self.minutes,
            self.top,
            self.teams,
        ):
            label = QLabel()  # its words come from _retranslate
            label.setBuddy(field)
            self._labels.append(label)
            form.addRow(label, field)
        form.addRow("", self.load_button)
        self._table_labels = (QLabel(), QLabel())
        self._table_labels[0].setBuddy(self.tables.fixed)
        self._table_labels[1].setBuddy(self.tables.skipped)
        form.addRow(self._table_labels[0], self.tables.fixed)
        form.addRow(self._table_labels[1], self.tables.skipped)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.error)
        layout.addWidget(buttons)
        self._retranslate()

    def _retranslate(self) -> None:
        """The dialog's words in the current language (again on a language switch)."""
        self.setWindowTitle(self.tr("New event"))
        for i, (format_label, _key) in enumerate(FORMAT_CHOICES):
            self.format.setItemText(i, translate("NewEventDialog", format_label))
        self.best_of.setItemText(0, self.tr("Best of 1"))
        self.best_of.setItemText(1, self.tr("Best of 3"))
        self.minutes.setSuffix(self.tr(" min"))
        self.top.setItemText(0, self.tr("None", "no single-elimination top cut"))
        self.top.setItemText(1, self.tr("Top 4"))
        self.top.setItemText(2, self.tr("Top 8"))
        self.teams.setPlaceholderText(
            self.tr("One team a line, for example:\nAnn & Bob\nCal & Dee")
        )
        self.load_button.setText(self.tr("Load a list…"))
        self.load_button.setToolTip(self.tr("A text file with one team a line"))
        labels = (
            self.tr("Name"),
            self.tr("Format"),
            self.tr("Pod size"),
            self.tr("Swiss rounds"),
            self.tr("Matches"),
            self.tr("Round length"),
            self.tr("Single elimination after"),
            self.tr("Teams"),
        )
        for label, text in zip(self._labels, labels, strict=True):
            label.setText(text)
        self.tables.retranslate()
        for label, text in zip(self._table_labels, self.tables.labels(), strict=True):
            label.setText(text)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    def _on_format_changed(self) -> None:
        # Pods have a size; Two-Headed Giant and two-player tables don't.
        self.pod.setEnabled(self.format.currentData() in ("ffa", "commander"))

    def load_teams(self) -> None:
        """Fills the teams from a text file, one team a line."""
        name, _ = QFileDialog.getOpenFileName(
            self, self.tr("Load a list of teams"), "", self.tr("Text (*.txt)")
        )
        if name:
            self.read_teams(Path(name))

    def read_teams(self, path: Path) -> bool:
        """Reads a teams file into the box; a file that can't be read is said, not shown."""
        try:
            if path.stat().st_size > 1 << 20:
                raise ValueError(self.tr("it is over 1 MiB: that is not a list of teams"))
            text = path.read_text("utf-8-sig")
        except (OSError, ValueError) as exc:
            # The system's own reason (strerror) is in the system's language already.
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            if isinstance(exc, UnicodeDecodeError):
                reason = self.tr("it is not UTF-8 text")
            self.error.setText(arg(self.tr("%1 can't be read: %2."), path.name, reason))
            return False
        self.teams.setPlainText(text)
        return True

    def _suggest_rounds(self) -> None:
        count = len(team_lines(self.teams.toPlainText()))
        if count >= 2:
            self.rounds.setValue(rounds_for(count))  # MTR Appendix E

    def build(self) -> tuple[EventSettings, list[str]] | str:
        """The settings and teams, or what is wrong in words."""
        tables = self.tables.read()
        if isinstance(tables, str):
            return tables
        fixed, skipped = tables
        numbered = numbered_team_lines(self.teams.toPlainText())
        try:
            return new_event_plan(
                [team for _line, team in numbered],
                [line for line, _team in numbered],
                name=self.name.text().strip(),
                format=str(self.format.currentData()),
                rounds=self.rounds.value(),
                best_of=int(self.best_of.currentData()),
                minutes=self.minutes.value(),
                top=int(self.top.currentData()),
                pod_size=self.pod.value(),
                fixed_tables=tuple(fixed),
                skipped_tables=tuple(skipped),
            )
        except EventUnavailableError as exc:
            return str(exc)

    def accept(self) -> None:
        """Checks the answers first: a bad one is said, and the dialog stays open."""
        built = self.build()
        if isinstance(built, str):
            self.error.setText(built)
            return
        self.chosen = built
        super().accept()


def standing_name(team: str, dropped: Collection[str]) -> str:
    """A team's name in the standings: a dropped team keeps its line (its results count for
    its opponents), marked."""
    return arg(translate("EventDialogs", "%1 (dropped)"), team) if team in dropped else team


def standing_headers() -> tuple[str, ...]:
    """The standings' column headers in the reader's language. MW%, OMW%, GW% and OGW% are
    the tiebreakers' names in the MTR (Appendix C) and stay as players know them."""
    return (
        translate("EventDialogs", "Rank"),
        translate("EventDialogs", "Team"),
        translate("EventDialogs", "Points"),
        translate("EventDialogs", "W-L-D", "wins, losses, draws"),
        translate("EventDialogs", "MW%", "match-win %"),
        translate("EventDialogs", "OMW%", "opponents' match-win %"),
        translate("EventDialogs", "GW%", "game-win %"),
        translate("EventDialogs", "OGW%", "opponents' game-win %"),
    )


def standing_cells(s: Standing, places: int = 2) -> tuple[str, ...]:
    """A team's line in the standings as the dialog and the PDF show it, each percentage with
    `places` decimals (`decisive_decimals`: enough to tell apart figures that decided a
    place)."""
    return (
        str(s.rank),
        s.team,
        str(s.points),
        f"{s.record[0]}-{s.record[1]}-{s.record[2]}",
        percent(s.mw, places),
        percent(s.omw, places),
        percent(s.gw, places),
        percent(s.ogw, places),
    )


def podium_words(podium: tuple[str, str] | None) -> str:
    """After a top cut's final: "Champion: A · Finalist: B"; else nothing."""
    if podium is None:
        return ""
    return arg(translate("EventDialogs", "Champion: %1 \u00b7 Finalist: %2"), *podium)


def when_words(when: QDateTime) -> str:
    """A date and time in the reader's language, as printed on a page: "14 June 2025, 21:40"."""
    locale = QLocale()
    return (
        f"{locale.toString(when.date(), QLocale.FormatType.LongFormat)}, "
        f"{locale.toString(when.time(), QLocale.FormatType.ShortFormat)}"
    )


def standings_html(
    title: str,
    rows: list[Standing],
    subtitle: str = "",
    podium: tuple[str, str] | None = None,
) -> str:
    """The standings as an HTML table (for the PDF), in the reader's language: the event,
    `subtitle` (the round, the date and time), the champion and finalist after a top cut."""

    def esc(text: str) -> str:
        return text.replace("&", "&amp;").replace("<", "&lt;")

    places = decisive_decimals(rows)
    body = "".join(
        "<tr>" + "".join(f"<td>{esc(cell)}</td>" for cell in standing_cells(s, places)) + "</tr>"
        for s in rows
    )
    head = "".join(f"<th>{esc(h)}</th>" for h in standing_headers())
    note = translate(
        "EventDialogs",
        "Ranked by points, then opponents' match-win %, game-win %, opponents' game-win % "
        "(MTR 3.1, Appendix C).",
    )
    lines = "".join(
        f"<p><b>{esc(line)}</b></p>" for line in (subtitle, podium_words(podium)) if line
    )
    return (
        f"<h1>{esc(title)}</h1>{lines}<table border=1 cellspacing=0 cellpadding=4>"
        f"<tr>{head}</tr>{body}</table><p>{esc(note)}</p>"
    )


def print_standings(
    path: Path,
    title: str,
    rows: list[Standing],
    subtitle: str = "",
    podium: tuple[str, str] | None = None,
) -> None:
    """Writes the standings to a PDF (Qt's own PDF writer). OSError if the file can't be
    written (checked first, so Qt's painter never starts on a file it can't open)."""
    with path.open("ab"):
        pass
    writer = QPdfWriter(str(path))
    writer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
    writer.setTitle(title)
    document = QTextDocument()
    document.setHtml(standings_html(title, rows, subtitle, podium))
    document.print_(writer)


class StandingsDialog(QDialog):
    """The standings with all four figures, and a button that prints them to PDF."""

    def __init__(
        self,
        title: str,
        rows: list[Standing],
        parent: QWidget | None = None,
        dropped: Collection[str] = (),
        *,
        round_words: str = "",
        podium: tuple[str, str] | None = None,
    ) -> None:
        super().__init__(parent)
        self.resize(900, 560)
        self._title = title
        self.round_words = round_words
        """Which round the standings are of ("After round 3"), printed with the date."""
        self.podium = podium
        # A dropped team keeps its line (its results count for its opponents), marked.
        self._rows = rows = [replace(s, team=standing_name(s.team, dropped)) for s in rows]
        self.table = QTableWidget(len(rows), len(standing_headers()))
        self.table.verticalHeader().setVisible(False)
        places = decisive_decimals(rows)
        for r, s in enumerate(rows):
            for c, text in enumerate(standing_cells(s, places)):
                self.table.setItem(r, c, QTableWidgetItem(text))
        self.table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.print_button = QPushButton()
        self.print_button.clicked.connect(self.ask_and_print)
        self.note = QLabel("")
        self.heading = QLabel(" \u00b7 ".join(w for w in (round_words, podium_words(podium)) if w))
        self.heading.setTextFormat(Qt.TextFormat.PlainText)
        self.heading.setVisible(bool(self.heading.text()))
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.table)
        layout.addWidget(self.note)
        layout.addWidget(self.print_button)
        layout.addWidget(close)
        self._retranslate()

    def _retranslate(self) -> None:
        """The dialog's words in the current language (again on a language switch)."""
        self.setWindowTitle(arg(self.tr("Standings \u2014 %1"), self._title))
        self.table.setHorizontalHeaderLabels(standing_headers())
        # The tiebreakers keep the MTR's names; their tooltips say them in words.
        meanings = (
            self.tr("Match-win percentage"),
            self.tr("Opponents' match-win percentage"),
            self.tr("Game-win percentage"),
            self.tr("Opponents' game-win percentage"),
        )
        for column, meaning in enumerate(meanings, start=4):
            item = self.table.horizontalHeaderItem(column)
            if item is not None:
                item.setToolTip(meaning)
        self.print_button.setText(self.tr("Print to PDF…"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    def ask_and_print(self) -> Path | None:
        """Asks where, then writes the PDF; says where it went."""
        name, _ = QFileDialog.getSaveFileName(
            self,
            self.tr("Print the standings"),
            arg(self.tr("%1 standings.pdf"), self._title),
            "PDF (*.pdf)",
        )
        if not name:
            return None
        return self.print_to(Path(name))

    def print_to(self, path: Path, when: QDateTime | None = None) -> Path | None:
        """Writes the PDF to `path`, naming the round and the date and time it is printed at
        (`when`, else now); on failure says why and returns None."""
        stamp = when_words(when if when is not None else QDateTime.currentDateTime())
        subtitle = " \u00b7 ".join(w for w in (self.round_words, stamp) if w)
        try:
            print_standings(path, self._title, self._rows, subtitle, self.podium)
        except OSError as exc:
            self.note.setText(arg(self.tr("The PDF could not be written: %1"), exc.strerror or exc))
            return None
        if not path.is_file():
            self.note.setText(arg(self.tr("The PDF could not be written to %1."), path))
            return None
        self.note.setText(arg(self.tr("Printed to %1."), path))
        return path


def parse_pairings(text: str) -> list[list[str]]:
    """Pairings typed one table a line: "Ann & Bob v Cal & Dee" (or "vs"); a pod lists more
    teams ("A v B v C v D"); a line of one team is a bye."""
    tables = []
    for line in text.splitlines():
        if not line.strip():
            continue
        parts = [" ".join(p.split()) for p in line.replace(" vs ", " v ").split(" v ")]
        tables.append([p for p in parts if p])
    return tables


class PairingsDialog(QDialog):
    """Event → Enter pairings by hand: for stores that pair in other software."""

    def __init__(self, teams: list[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tables: list[list[str]] | None = None
        self._teams = teams
        self.edit = QPlainTextEdit()
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.hint)
        layout.addWidget(self.edit)
        layout.addWidget(buttons)
        self._retranslate()

    def _retranslate(self) -> None:
        """The dialog's words in the current language (again on a language switch)."""
        self.setWindowTitle(self.tr("Enter pairings by hand"))
        # "v" between the teams is what parse_pairings reads, in every language.
        self.edit.setPlaceholderText(
            self.tr("One table a line, in table order:\nAnn & Bob v Cal & Dee")
        )
        self.hint.setText(arg(self.tr("Teams: %1"), ", ".join(self._teams)))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    def accept(self) -> None:
        """Keeps the tables typed (the event checks them when the round is paired)."""
        self.tables = parse_pairings(self.edit.toPlainText())
        super().accept()
