"""Round 3 at the desk: the pairings by name printed and on the scoreboard, result slips, a
round taken back, an earlier round corrected, a late team told what its missed rounds count
for, and fixed and skipped table numbers, each through the Event menu as staff use it."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QFileDialog, QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from tablelife.model.event_model import EventModel
from tablelife.model.session import Session
from tablelife.ops.event import new_event
from tablelife.tournament.event import EventSettings
from tablelife.ui.desk import DeskWindow

T0 = 1_800_000_000.0
TEAMS = ["Ann & Bob", "Cal & Dee", "Eve & Fay", "Gus & Hal", "Ida & Jon", "Kim & Lee"]


class Clock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def session(tmp_path: Path) -> Iterator[Session]:
    s = Session(tmp_path / "data")
    yield s
    s.close()


def make_desk(qtbot: QtBot, session: Session, teams: list[str] = TEAMS, **kw: object) -> DeskWindow:
    assert session.journal is not None
    settings = EventSettings("Friday", **kw)  # type: ignore[arg-type]
    event_id = new_event(session.journal, settings, teams)
    model = EventModel(session.journal, event_id, clock=Clock(), idle_ms=3_600_000)
    model.pair_by_hand([[teams[i], teams[i + 1]] for i in range(0, len(teams) - 1, 2)])
    desk = DeskWindow(model)
    qtbot.addWidget(desk)
    desk.resize(1366, 768)
    with qtbot.waitActive(desk):
        desk.show()
        desk.activateWindow()
    return desk


def action(desk: DeskWindow, text: str) -> QAction:
    found = [a for a in desk.findChildren(QAction) if a.text() == text]
    assert len(found) == 1, text
    return found[0]


def in_modal(act: Callable[[QWidget], None]) -> list[str]:
    """Runs `act` on the modal dialog the next action opens; the list names it once run."""
    seen: list[str] = []

    def run() -> None:
        dialog = QApplication.activeModalWidget()
        assert dialog is not None
        seen.append(type(dialog).__name__)
        act(dialog)

    QTimer.singleShot(0, run)
    return seen


def ok_button(dialog: QWidget) -> QWidget:
    box = dialog.findChild(QDialogButtonBox)
    assert box is not None
    button = box.button(QDialogButtonBox.StandardButton.Ok)
    assert button is not None
    return button


def said(desk: DeskWindow) -> str:
    return desk.statusBar().currentMessage()


def log_kinds(session: Session) -> list[str]:
    assert session.journal is not None
    return [r.kind for r in session.journal.tournament_log(1)]


def finish_round(desk: DeskWindow) -> None:
    current = desk.model.tournament.current
    assert current is not None
    for table in current.tables:
        if not table.finished:
            assert desk.model.set_result(table.number, 0)


# ----- on paper -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("menu", "pages"),
    [
        ("Print pairings by na&me\u2026", 1),
        ("Print pairings by &table\u2026", 1),
        ("Print result s&lips\u2026", 1),
    ],
)
def test_the_event_menu_prints_the_round_to_a_pdf(
    qtbot: QtBot,
    session: Session,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    menu: str,
    pages: int,
) -> None:
    desk = make_desk(qtbot, session)
    path = tmp_path / "round.pdf"
    asked: list[str] = []

    def save_as(_parent: QWidget, _title: str, name: str, _filter: str) -> tuple[str, str]:
        asked.append(name)
        return str(path), "PDF (*.pdf)"

    monkeypatch.setattr(QFileDialog, "getSaveFileName", save_as)
    action(desk, menu).trigger()
    data = path.read_bytes()
    assert data.startswith(b"%PDF-")
    assert len(re.findall(rb"/Type\s*/Page\b(?!s)", data)) == pages
    assert asked[0].startswith("Friday round 1 ") and asked[0].endswith(".pdf")
    assert said(desk) == f"Printed to {path}."


def test_a_pdf_that_cant_be_written_is_said(qtbot: QtBot, session: Session, tmp_path: Path) -> None:
    desk = make_desk(qtbot, session)
    target = tmp_path / "no such folder" / "round.pdf"
    assert not desk.write_sheet("names", target)
    assert said(desk).startswith(f"{target} could not be written")


# ----- the scoreboard ---------------------------------------------------------------------------


def test_f9_shows_the_pairings_by_name_on_the_scoreboard_and_back(
    qtbot: QtBot, session: Session
) -> None:
    desk = make_desk(qtbot, session)
    qtbot.keyClick(desk, Qt.Key.Key_F9)
    board = desk.scoreboard
    assert board is not None and board.names
    qtbot.addWidget(board)
    assert board.stack.currentWidget() is board.names_label
    text = board.names_label.text()
    for player in ("Ann", "Bob", "Kim", "Lee"):
        assert f"{player}</td>" in text
    # Sorted by name down the columns: Ann before Bob before Cal.
    assert text.index("Ann<") < text.index("Bob<") < text.index("Cal<")
    assert board.round_label.text() == "Round 1 \u00b7 pairings by name"
    assert said(desk) == "The scoreboard shows the pairings by name."
    qtbot.keyClick(desk, Qt.Key.Key_F9)
    assert not board.names and board.stack.currentWidget() is board.grid_page


def test_f8_and_f9_the_key_pressed_last_is_what_the_scoreboard_shows(
    qtbot: QtBot, session: Session
) -> None:
    """F9 while a table was featured said "the pairings by name" and left the featured
    table up; F8 again then said "every table" and showed the names."""
    desk = make_desk(qtbot, session)
    desk.open_table(1)
    qtbot.keyClick(desk, Qt.Key.Key_F8)
    board = desk.scoreboard
    assert board is not None
    qtbot.addWidget(board)
    assert board.stack.currentWidget() is board.feature_page
    qtbot.keyClick(desk, Qt.Key.Key_F9)
    assert said(desk) == "The scoreboard shows the pairings by name."
    assert board.stack.currentWidget() is board.names_label
    qtbot.keyClick(desk, Qt.Key.Key_F8)
    assert said(desk) == "The scoreboard features table 1."
    assert board.stack.currentWidget() is board.feature_page
    qtbot.keyClick(desk, Qt.Key.Key_F8)
    assert said(desk) == "The scoreboard shows every table."
    assert board.stack.currentWidget() is board.grid_page


def test_many_names_page_with_the_names_each_page_holds(qtbot: QtBot, session: Session) -> None:
    teams = [f"P{i:02} & Q{i:02}" for i in range(40)]  # 80 players
    desk = make_desk(qtbot, session, teams)
    board = desk.show_scoreboard()
    qtbot.addWidget(board)
    board.set_names(True)
    assert board.pages == 2
    assert board.round_label.text() == (
        "Round 1 \u00b7 pairings by name \u00b7 P00 \u2013 Q04 \u00b7 page 1 of 2"
    )
    for _ in range(15):  # a page of names stays 15 seconds
        desk.model.tick()
    assert board.page == 1 and "page 2 of 2" in board.round_label.text()


# ----- a round taken back ------------------------------------------------------------------------


def test_take_back_this_round_s_pairings_from_the_event_menu(
    qtbot: QtBot, session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    desk = make_desk(qtbot, session)
    asked: list[str] = []

    def answer(_parent: QWidget, _title: str, text: str) -> QMessageBox.StandardButton:
        asked.append(text)
        return QMessageBox.StandardButton.Yes

    monkeypatch.setattr(QMessageBox, "question", answer)
    desk.model.toggle_clock()
    with qtbot.waitSignal(desk.model.changed):
        action(desk, "Ta&ke back this round's pairings\u2026").trigger()
    assert "round 1's pairings" in asked[0]
    assert desk.model.tournament.rounds == [] and desk.board.cards == {}
    assert said(desk) == "Round 1's pairings are taken back."
    assert log_kinds(session)[-1] == "round_unpaired"
    assert desk.clock_label.text() == "--:--"
    # Ctrl+P pairs it again, its clock fresh.
    qtbot.keyClick(desk, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    current = desk.model.tournament.current
    assert current is not None and current.number == 1 and not current.clock.started


def test_a_round_with_a_result_or_a_tracked_table_is_not_taken_back(
    qtbot: QtBot, session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    desk = make_desk(qtbot, session)
    monkeypatch.setattr(QMessageBox, "question", lambda *_a: QMessageBox.StandardButton.Yes)
    assert desk.model.set_result(2, 0)
    before = log_kinds(session)
    action(desk, "Ta&ke back this round's pairings\u2026").trigger()
    assert "table 2 has a result" in said(desk)
    desk.model.clear_result(2)
    assert desk.model.open_game(3) is not None
    action(desk, "Ta&ke back this round's pairings\u2026").trigger()
    assert "tracked at table 3" in said(desk)
    assert len(desk.model.tournament.rounds) == 1
    assert log_kinds(session)[: len(before)] == before and "round_unpaired" not in log_kinds(
        session
    )


# ----- an earlier round corrected -------------------------------------------------------------


def test_an_earlier_round_is_corrected_at_the_desk_and_the_later_pairings_stand(
    qtbot: QtBot, session: Session
) -> None:
    desk = make_desk(qtbot, session, TEAMS[:4])
    finish_round(desk)  # Ann & Bob and Eve & Fay won
    assert desk.model.pair_next(seed=3)
    points = {s.team: s.points for s in desk.model.tournament.standings()}
    assert points["Ann & Bob"] == 3 and points["Cal & Dee"] == 0

    def correct(dialog: QWidget) -> None:
        from tablelife.ui.round_dialogs import CorrectionDialog

        assert isinstance(dialog, CorrectionDialog)
        assert dialog.round.value() == 1  # the round before this one
        dialog.table.setCurrentIndex(dialog.table.findData(1))
        dialog.winner.setCurrentIndex(dialog.winner.findData("Cal & Dee"))
        qtbot.mouseClick(ok_button(dialog), Qt.MouseButton.LeftButton)

    seen = in_modal(correct)
    action(desk, "Co&rrect a result\u2026").trigger()
    assert seen == ["CorrectionDialog"]
    points = {s.team: s.points for s in desk.model.tournament.standings()}
    assert points["Ann & Bob"] == 0 and points["Cal & Dee"] == 3
    assert "their pairings stand" in said(desk)
    assert len(desk.model.tournament.rounds) == 2


def test_a_correction_refused_stays_in_its_dialog_with_the_reason(
    qtbot: QtBot, session: Session
) -> None:
    desk = make_desk(qtbot, session, TEAMS[:4])
    finish_round(desk)
    assert desk.model.pair_next(seed=3)
    errors: list[str] = []

    def typo(dialog: QWidget) -> None:
        from tablelife.ui.round_dialogs import CorrectionDialog

        assert isinstance(dialog, CorrectionDialog)
        dialog.games.setText("2-1")  # best of one: no match ends 2-1
        qtbot.mouseClick(ok_button(dialog), Qt.MouseButton.LeftButton)
        errors.append(dialog.error.text())
        assert dialog.isVisible()
        dialog.reject()

    in_modal(typo)
    action(desk, "Co&rrect a result\u2026").trigger()
    assert "can't happen in a best-of-1 match" in errors[0]
    assert log_kinds(session).count("result") == 2  # the two of round 1, nothing more


# ----- late entries ------------------------------------------------------------------------------


def test_a_late_team_s_dialog_says_what_its_missed_rounds_count_for(
    qtbot: QtBot, session: Session
) -> None:
    desk = make_desk(qtbot, session, TEAMS[:4])
    finish_round(desk)
    shown: list[str] = []

    def add(dialog: QWidget) -> None:
        from tablelife.ui.round_dialogs import LateTeamDialog

        assert isinstance(dialog, LateTeamDialog)
        assert dialog.losses.isVisible() and dialog.losses.isChecked()
        shown.append(dialog.losses.text())
        shown.append(dialog.about.text())
        qtbot.keyClicks(dialog.name, "Cal & dee")  # another team's name: refused, kept
        qtbot.mouseClick(ok_button(dialog), Qt.MouseButton.LeftButton)
        assert dialog.isVisible() and dialog.name.text() == "Cal & dee"
        shown.append(dialog.error.text())
        dialog.name.setText("Late & Comer")
        qtbot.mouseClick(ok_button(dialog), Qt.MouseButton.LeftButton)

    in_modal(add)
    action(desk, "&Add a late team\u2026").trigger()
    assert shown[0].startswith("Count the 1 round") and shown[0].endswith("missed as match losses")
    assert "match loss with no games" in shown[1] and "not in its game-win %" in shown[1]
    assert "already a team" in shown[2]
    late = {s.team: s for s in desk.model.tournament.standings()}["Late & Comer"]
    assert late.record == (0, 1, 0)
    assert "match loss with no games" in said(desk)


def test_a_house_event_s_late_team_counts_only_what_it_plays(
    qtbot: QtBot, session: Session
) -> None:
    desk = make_desk(qtbot, session, TEAMS[:4])
    finish_round(desk)

    def add(dialog: QWidget) -> None:
        from tablelife.ui.round_dialogs import LateTeamDialog

        assert isinstance(dialog, LateTeamDialog)
        qtbot.mouseClick(dialog.losses, Qt.MouseButton.LeftButton)
        assert "count for nothing" in dialog.about.text()
        dialog.name.setText("House & Rule")
        qtbot.mouseClick(ok_button(dialog), Qt.MouseButton.LeftButton)

    in_modal(add)
    action(desk, "&Add a late team\u2026").trigger()
    house = {s.team: s for s in desk.model.tournament.standings()}["House & Rule"]
    assert house.record == (0, 0, 0)
    assert session.journal is not None
    assert session.journal.tournament_log(1)[-1].data == {"team": "House & Rule"}


def test_a_late_team_s_name_is_kept_as_the_command_line_keeps_it(
    qtbot: QtBot, session: Session
) -> None:
    """Spaces trimmed and folded (and the name composed, NFC), as `event add` and the
    new-event dialog keep a name: it was kept as typed, and said as typed but trimmed."""
    desk = make_desk(qtbot, session, TEAMS[:4])
    finish_round(desk)

    def add(dialog: QWidget) -> None:
        dialog.name.setText("  Uma   &  Vi\u0301c ")  # i and a combining acute accent
        qtbot.mouseClick(ok_button(dialog), Qt.MouseButton.LeftButton)

    in_modal(add)
    action(desk, "&Add a late team\u2026").trigger()
    assert desk.model.tournament.teams[-1] == "Uma & V\u00edc"
    assert said(desk).startswith("Uma & V\u00edc joins from the next round.")


# ----- fixed and skipped tables ------------------------------------------------------------------


def test_event_settings_fix_a_team_s_table_and_skip_numbers_from_the_next_round(
    qtbot: QtBot, session: Session
) -> None:
    desk = make_desk(qtbot, session, TEAMS[:4])

    def fill(dialog: QWidget) -> None:
        from tablelife.ui.round_dialogs import TablesDialog

        assert isinstance(dialog, TablesDialog)
        qtbot.keyClicks(dialog.fields.fixed, "gus & hal = 9")
        qtbot.keyClicks(dialog.fields.skipped, "1, 2")
        qtbot.mouseClick(ok_button(dialog), Qt.MouseButton.LeftButton)

    in_modal(fill)
    action(desk, "S&ettings\u2026").trigger()
    settings = desk.model.tournament.settings
    assert settings.fixed_tables == (("Gus & Hal", 9),) and settings.skipped_tables == (1, 2)
    current = desk.model.tournament.current
    assert current is not None and [t.number for t in current.tables] == [1, 2]  # as paired
    finish_round(desk)
    assert desk.model.pair_next(seed=1)
    current = desk.model.tournament.current
    assert current is not None
    numbers = {t.number: t.teams for t in current.tables}
    assert 1 not in numbers and 2 not in numbers and "Gus & Hal" in numbers[9]
    assert sorted(desk.board.cards) == sorted(numbers)


def test_bad_table_settings_are_said_in_the_dialog(qtbot: QtBot, session: Session) -> None:
    desk = make_desk(qtbot, session, TEAMS[:4])
    errors: list[str] = []

    def fill(dialog: QWidget) -> None:
        from tablelife.ui.round_dialogs import TablesDialog

        assert isinstance(dialog, TablesDialog)
        for fixed, skipped in (("Ann & Bob 5", ""), ("Nobody = 5", ""), ("Ann & Bob = 5", "5")):
            dialog.fields.fixed.setPlainText(fixed)
            dialog.fields.skipped.setText(skipped)
            qtbot.mouseClick(ok_button(dialog), Qt.MouseButton.LeftButton)
            errors.append(dialog.error.text())
        dialog.reject()

    in_modal(fill)
    action(desk, "S&ettings\u2026").trigger()
    assert "line 1" in errors[0]
    assert "not one of the teams" in errors[1]
    assert "fixed for Ann & Bob and skipped" in errors[2]
    assert "settings" not in log_kinds(session)


def test_the_new_event_dialog_takes_fixed_and_skipped_tables(qtbot: QtBot) -> None:
    from tablelife.ui.event_dialogs import NewEventDialog

    dialog = NewEventDialog()
    qtbot.addWidget(dialog)
    dialog.teams.setPlainText("Ann & Bob\nCal & Dee\nEve & Fay")
    dialog.tables.fixed.setPlainText("cal & dee = 4")
    dialog.tables.skipped.setText("1 2")
    built = dialog.build()
    assert not isinstance(built, str)
    settings, _teams = built
    assert settings.fixed_tables == (("Cal & Dee", 4),) and settings.skipped_tables == (1, 2)
    dialog.tables.skipped.setText("one")
    assert dialog.build() == "Tables never used: write table numbers, as in 1, 2."
