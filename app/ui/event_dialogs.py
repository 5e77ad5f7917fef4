"""The event's dialogs at the desk: a new event, the standings (printable to PDF), pairings
entered by hand, and a late team."""

from __future__ import annotations

from pathlib import Path

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

from app.tournament import Standing
from app.tournament.event import EventError, EventSettings
from app.tournament.pairing import suggested_rounds

FORMAT_CHOICES = (
    ("Two-Headed Giant", "2hg"),
    ("Two-player", "duel"),
    ("Free-for-all pods", "ffa"),
    ("Commander pods", "commander"),
)


def team_lines(text: str) -> list[str]:
    """One team a line; blank lines are skipped, spaces folded."""
    return [" ".join(line.split()) for line in text.splitlines() if line.strip()]


class NewEventDialog(QDialog):
    """Event → New event: name, format, rounds, best of, round length, top cut, teams."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New event")
        self.chosen: tuple[EventSettings, list[str]] | None = None
        form = QFormLayout()
        self.name = QLineEdit("Friday Night Magic")
        self.name.setMaxLength(80)
        self.format = QComboBox()
        for label, key in FORMAT_CHOICES:
            self.format.addItem(label, key)
        self.pod = QSpinBox()
        self.pod.setRange(3, 5)
        self.pod.setValue(4)
        self.rounds = QSpinBox()
        self.rounds.setRange(1, 20)
        self.rounds.setValue(3)
        self.best_of = QComboBox()
        self.best_of.addItem("Best of 1", 1)
        self.best_of.addItem("Best of 3", 3)
        self.minutes = QSpinBox()
        self.minutes.setRange(1, 240)
        self.minutes.setValue(50)
        self.minutes.setSuffix(" min")
        self.top = QComboBox()
        for label, size in (("None", 0), ("Top 4", 4), ("Top 8", 8)):
            self.top.addItem(label, size)
        self.teams = QPlainTextEdit()
        self.teams.setPlaceholderText("One team a line, for example:\nAnn & Bob\nCal & Dee")
        self.teams.textChanged.connect(self._suggest_rounds)
        self.load_button = QPushButton("Load a list…")
        self.load_button.setToolTip("A text file with one team a line")
        self.load_button.clicked.connect(self.load_teams)
        self.error = QLabel("")
        self.error.setObjectName("error")
        self.error.setWordWrap(True)
        form.addRow("Name", self.name)
        form.addRow("Format", self.format)
        form.addRow("Pod size", self.pod)
        form.addRow("Swiss rounds", self.rounds)
        form.addRow("Matches", self.best_of)
        form.addRow("Round length", self.minutes)
        form.addRow("Single elimination after", self.top)
        form.addRow("Teams", self.teams)
        form.addRow("", self.load_button)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.error)
        layout.addWidget(buttons)

    def load_teams(self) -> None:
        """Fills the teams from a text file, one team a line."""
        name, _ = QFileDialog.getOpenFileName(self, "Load a list of teams", "", "Text (*.txt)")
        if name:
            self.read_teams(Path(name))

    def read_teams(self, path: Path) -> bool:
        """Reads a teams file into the box; a file that can't be read is said, not shown."""
        try:
            if path.stat().st_size > 1 << 20:
                raise ValueError("it is over 1 MiB: that is not a list of teams")
            text = path.read_text("utf-8-sig")
        except (OSError, ValueError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            if isinstance(exc, UnicodeDecodeError):
                reason = "it is not UTF-8 text"
            self.error.setText(f"{path.name} can't be read: {reason}.")
            return False
        self.teams.setPlainText(text)
        return True

    def _suggest_rounds(self) -> None:
        count = len(team_lines(self.teams.toPlainText()))
        if count >= 2:
            self.rounds.setValue(suggested_rounds(count))  # MTR Appendix E

    def build(self) -> tuple[EventSettings, list[str]] | str:
        """The settings and teams, or what is wrong in words."""
        teams = team_lines(self.teams.toPlainText())
        if len(teams) < 2:
            return "An event needs at least two teams, one a line."
        folded = [t.casefold() for t in teams]
        dupes = sorted({t for t in teams if folded.count(t.casefold()) > 1})
        if dupes:
            return f"Two teams are called {dupes[0]}: give each a different name."
        try:
            settings = EventSettings(
                name=self.name.text().strip(),
                format=str(self.format.currentData()),
                rounds=self.rounds.value(),
                best_of=int(self.best_of.currentData()),
                minutes=self.minutes.value(),
                top=int(self.top.currentData()),
                pod_size=self.pod.value(),
            )
        except EventError as exc:
            return str(exc)
        return settings, teams

    def accept(self) -> None:
        """Checks the answers first: a bad one is said, and the dialog stays open."""
        built = self.build()
        if isinstance(built, str):
            self.error.setText(built)
            return
        self.chosen = built
        super().accept()


def standings_html(title: str, rows: list[Standing]) -> str:
    """The standings as an HTML table (for the PDF)."""

    def esc(text: str) -> str:
        return text.replace("&", "&amp;").replace("<", "&lt;")

    body = "".join(
        f"<tr><td>{s.rank}</td><td>{esc(s.team)}</td><td>{s.points}</td>"
        f"<td>{s.record[0]}-{s.record[1]}-{s.record[2]}</td><td>{s.mw:.2%}</td>"
        f"<td>{s.omw:.2%}</td><td>{s.gw:.2%}</td><td>{s.ogw:.2%}</td></tr>"
        for s in rows
    )
    return (
        f"<h1>{esc(title)}</h1><table border=1 cellspacing=0 cellpadding=4>"
        "<tr><th>Rank</th><th>Team</th><th>Points</th><th>W-L-D</th><th>MW%</th><th>OMW%</th>"
        f"<th>GW%</th><th>OGW%</th></tr>{body}</table>"
        "<p>Ranked by points, then opponents' match-win %, game-win %, opponents' game-win % "
        "(MTR 3.1, Appendix C).</p>"
    )


def print_standings(path: Path, title: str, rows: list[Standing]) -> None:
    """Writes the standings to a PDF (Qt's own PDF writer). OSError if the file can't be
    written (checked first, so Qt's painter never starts on a file it can't open)."""
    with path.open("ab"):
        pass
    writer = QPdfWriter(str(path))
    writer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
    writer.setTitle(title)
    document = QTextDocument()
    document.setHtml(standings_html(title, rows))
    document.print_(writer)


class StandingsDialog(QDialog):
    """The standings with all four figures, and a button that prints them to PDF."""

    HEADERS = ("Rank", "Team", "Points", "W-L-D", "MW%", "OMW%", "GW%", "OGW%")

    def __init__(self, title: str, rows: list[Standing], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Standings \u2014 {title}")
        self.resize(900, 560)
        self._title = title
        self._rows = rows
        self.table = QTableWidget(len(rows), len(self.HEADERS))
        self.table.setHorizontalHeaderLabels(self.HEADERS)
        self.table.verticalHeader().setVisible(False)
        for r, s in enumerate(rows):
            cells = (
                str(s.rank),
                s.team,
                str(s.points),
                f"{s.record[0]}-{s.record[1]}-{s.record[2]}",
                f"{s.mw:.2%}",
                f"{s.omw:.2%}",
                f"{s.gw:.2%}",
                f"{s.ogw:.2%}",
            )
            for c, text in enumerate(cells):
                self.table.setItem(r, c, QTableWidgetItem(text))
        self.table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.print_button = QPushButton("Print to PDF…")
        self.print_button.clicked.connect(self.ask_and_print)
        self.note = QLabel("")
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        layout.addWidget(self.note)
        layout.addWidget(self.print_button)
        layout.addWidget(close)

    def ask_and_print(self) -> Path | None:
        """Asks where, then writes the PDF; says where it went."""
        name, _ = QFileDialog.getSaveFileName(
            self, "Print the standings", f"{self._title} standings.pdf", "PDF (*.pdf)"
        )
        if not name:
            return None
        return self.print_to(Path(name))

    def print_to(self, path: Path) -> Path | None:
        """Writes the PDF to `path`; on failure says why and returns None."""
        try:
            print_standings(path, self._title, self._rows)
        except OSError as exc:
            self.note.setText(f"The PDF could not be written: {exc.strerror or exc}")
            return None
        if not path.is_file():
            self.note.setText(f"The PDF could not be written to {path}.")
            return None
        self.note.setText(f"Printed to {path}.")
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
        self.setWindowTitle("Enter pairings by hand")
        self.tables: list[list[str]] | None = None
        self.edit = QPlainTextEdit()
        self.edit.setPlaceholderText("One table a line, in table order:\nAnn & Bob v Cal & Dee")
        hint = QLabel("Teams: " + ", ".join(teams))
        hint.setWordWrap(True)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(hint)
        layout.addWidget(self.edit)
        layout.addWidget(buttons)

    def accept(self) -> None:
        """Keeps the tables typed (the event checks them when the round is paired)."""
        self.tables = parse_pairings(self.edit.toPlainText())
        super().accept()
