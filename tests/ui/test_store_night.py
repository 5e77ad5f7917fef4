"""A store night at the desk and on the projector (issue 25, "Rules" and "The scoreboard and
the desk"): what the desk and the scoreboard show at once, at a 1920x1080 projector, and the
rules a tracked table follows."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from tablelife.model.event_model import EventModel, Standing
from tablelife.model.i18n import language
from tablelife.model.session import Session
from tablelife.ops.event import new_event
from tablelife.rules import DrawGame
from tablelife.tournament.event import EventSettings
from tablelife.ui.desk import DeskWindow
from tablelife.ui.scoreboard import Scoreboard
from tests.ui.test_desk import T0, Clock, call_time, make_desk, type_command, wait_said


@pytest.fixture
def session(tmp_path: Path) -> Iterator[Session]:
    s = Session(tmp_path / "data")
    yield s
    s.close()


@pytest.fixture
def clock() -> Clock:
    return Clock()


def test_a_drawn_game_in_a_best_of_one_duel_with_time_left_starts_another(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    """MTR 2.1: drawn games don't count toward winning the match; while time remains the
    players play another game, in a best-of-one duel as in Two-Headed Giant (it ended the
    match as a draw)."""
    desk = make_desk(qtbot, session, clock, teams=4, format="duel")
    desk.model.toggle_clock()
    first = desk.model.open_game(1)
    assert first is not None
    first.submit(DrawGame())
    assert desk.model.table(1).result is None  # the match goes on
    second = desk.model.games[1]
    assert second is not first and second.game_id != first.game_id
    assert desk.model.table(1).earlier_games == (first.game_id,)
    wait_said(
        qtbot,
        desk,
        "Table 1: the game is a draw with time left, and a drawn game doesn't decide the "
        "match, so a new game starts (MTR 2.1).",
    )
    second.submit(DrawGame())  # drawn again: still no result while time remains
    assert desk.model.table(1).result is None
    desk.model.games[1].pass_turn()  # the third game goes on; time is called
    clock.now += 51 * 60
    desk.model.tick()
    third = desk.model.games[1]
    third.submit(DrawGame())  # a draw after time: the match is a draw (MTR 2.4)
    result = desk.model.table(1).result
    assert result is not None and set(result.outcomes.values()) == {"draw"}


LONG = [  # 40 characters each: the longest names a team can have
    f"{first} Worthington-Smythe & {second} Papadimitriou"[:40]
    for first, second in zip("ABCDEFGHIJKLMNOP", "QRSTUVWXYZabcdef", strict=True)
]


def projector(qtbot: QtBot, desk: DeskWindow) -> Scoreboard:
    """The desk's scoreboard, shown at a store's 1920x1080 projector size."""
    board = desk.show_scoreboard()
    qtbot.addWidget(board)
    board.resize(1920, 1080)
    board.show()
    qtbot.waitUntil(lambda: board.width() == 1920)
    return board


def long_desk(qtbot: QtBot, session: Session, clock: Clock, **kw: object) -> DeskWindow:
    """A desk of eight 2HG tables whose teams have 40-character names."""
    assert session.journal is not None
    event_id = new_event(session.journal, EventSettings("Store night", **kw), LONG)  # type: ignore[arg-type]
    model = EventModel(session.journal, event_id, clock=clock, idle_ms=3_600_000)
    model.pair_by_hand([LONG[i : i + 2] for i in range(0, 16, 2)])
    desk = DeskWindow(model)
    qtbot.addWidget(desk)
    return desk


def inside(widget: QWidget, frame: QWidget) -> bool:
    """True when `widget` is drawn wholly inside `frame`."""
    top_left = widget.mapTo(frame, widget.rect().topLeft())
    bottom_right = widget.mapTo(frame, widget.rect().bottomRight())
    return frame.rect().contains(top_left) and frame.rect().contains(bottom_right)


def test_the_scoreboard_shows_time_the_moment_the_desk_does(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    """Found at a store: the projector kept "Playing" for 17 seconds and more after the desk
    showed "Time called", until a later command refreshed it; the same when an extension ran
    out. Time alone changes a status, with no step: the scoreboard hears of it at the tick."""
    desk = make_desk(qtbot, session, clock)
    board = desk.show_scoreboard()
    qtbot.addWidget(board)
    desk.model.toggle_clock()
    desk.model.add_minutes(2, 3)
    clock.now = T0 + 50 * 60 + 1
    with qtbot.waitSignal(desk.model.statuses_changed) as told:
        desk.model.tick()
    assert 1 in told.args[0] and 2 not in told.args[0]
    assert desk.board.cards[1].status_label.text() == "Time called"
    assert "Time called" in board.tiles[1].text()
    assert "Playing" in board.tiles[2].text()  # its extension runs on
    clock.now += 3 * 60
    desk.model.tick()
    assert desk.board.cards[2].status_label.text() == "Time called"
    assert "Time called" in board.tiles[2].text()


def test_forty_character_names_fit_or_elide_on_a_1920_projector(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    """A tile wrapped long names mid-word, and its last line, "won", fell out of the tile.
    Each team is one line now, drawn smaller or cut with "…", and "won" stays in view."""
    desk = long_desk(qtbot, session, clock)
    desk.model.set_result(2, 1)
    board = projector(qtbot, desk)
    for number, tile in board.tiles.items():
        for name, team in zip(tile.names, desk.model.table(number).teams, strict=True):
            assert inside(name, tile)
            shown = name.elided()
            assert shown == team or (shown.endswith("\u2026") and team.startswith(shown[:-1]))
        assert inside(tile.status_label, tile) and tile.status_label.elided() == (
            tile.status_label.text()
        )
    won = board.tiles[2].marks[1]
    assert won.text() == "won" and won.isVisible() and inside(won, board.tiles[2])
    assert f"Finished: {LONG[3]} won" in board.tiles[2].text()


def test_the_standings_on_the_projector_use_its_width_and_never_run_together(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    desk = long_desk(qtbot, session, clock)
    for table in range(1, 9):
        desk.model.set_result(table, table % 2)
    board = projector(qtbot, desk)
    assert board.stack.currentWidget() is board.standings_label
    rows = board.standings_label.cells[: 1 + 16]
    for row in rows:
        for left, right in itertools.pairwise(row):
            assert left.geometry().right() < right.geometry().left()  # apart, in order
    grid = rows[0][0].geometry().united(rows[0][-1].geometry())
    assert grid.width() > 0.9 * board.standings_label.width()
    assert all(cell.isVisible() and inside(cell, board) for row in rows for cell in row)


def test_after_a_top_cut_the_champion_and_the_finalist_are_named(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    desk = make_desk(qtbot, session, clock, teams=4, rounds=1, top=4, format="duel")
    board = desk.show_scoreboard()
    qtbot.addWidget(board)
    desk.model.set_result(1, 0)
    desk.model.set_result(2, 0)
    assert desk.model.pair_next()  # the semifinals
    desk.model.set_result(1, 0)
    desk.model.set_result(2, 1)
    assert not board.standings_label.podium.isVisible()
    assert desk.model.pair_next()  # the final
    final = desk.model.table(1).teams
    desk.model.set_result(1, 1)
    words = f"Champion: {final[1]} \u00b7 Finalist: {final[0]}"
    assert board.standings_label.podium.text() == words
    assert board.standings_label.text().startswith(words)


def test_the_featured_table_names_itself_fits_long_names_and_steps_back_between_rounds(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    desk = long_desk(qtbot, session, clock)
    board = projector(qtbot, desk)
    desk.open_table(3)
    desk.feature_table()  # F8
    assert board.stack.currentWidget() is board.feature_page
    assert board.feature_title.text() == "Table 3 \u00b7 Round 1"
    for name, team in zip(board.feature_names, LONG[4:6], strict=True):
        assert name.text() == team and inside(name, board)
        shown = name.elided()
        assert shown == team or (shown.endswith("\u2026") and team.startswith(shown[:-1]))
    desk.show_board()
    for table in range(1, 9):  # the round is over: the standings, not last round's table
        desk.model.set_result(table, 0)
    assert board.stack.currentWidget() is board.standings_label and board.feature is None


def test_staff_only_marks_stay_off_the_projector(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    """ "(corrected)" and the red frame of a table that needs staff are for the desk."""
    desk = make_desk(qtbot, session, clock)
    board = desk.show_scoreboard()
    qtbot.addWidget(board)
    type_command(qtbot, desk, "2 result a")
    type_command(qtbot, desk, "2 result b")  # a correction
    assert desk.board.cards[2].status_label.text() == "Finished: b won (corrected)"
    assert board.tiles[2].text().endswith("Finished: D1 & D2 won")
    call_time(desk, clock)
    assert desk.board.cards[1].property("attention") == "yes"
    assert all(tile.property("attention") is None for tile in board.tiles.values())


def test_a_tracked_table_counts_its_additional_turns_as_the_turn_passes(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    """Staff pressed N at a tracked table after time, then had to type "12 turn" as well.
    N after time counts the additional turn now, in the same step; "1 turn" is refused there
    (no turn is counted twice); the banner says which additional turn it is."""
    assert language().set("en")  # as the desk starts: English's plural forms
    desk = make_desk(qtbot, session, clock)
    desk.open_table(1)
    view = desk.table_view
    assert view is not None
    qtbot.keyClick(desk, Qt.Key.Key_N)  # before time: a turn, not an additional one
    assert desk.model.table(1).turns == 0
    call_time(desk, clock)
    assert "Time (MTR 2.4): this turn finishes, then 3 additional turns" in view.banner.text()
    qtbot.keyClick(desk, Qt.Key.Key_N)
    assert desk.model.table(1).turns == 1
    assert "Additional turn 1 of 3 (MTR 2.4)." in view.banner.text()
    assert desk.board.cards[1].status_label.text() == "Additional turn 1 of 3"
    before = desk.model.table(1)
    assert not desk.model.run("1 turn")[0]
    wait_said(
        qtbot,
        desk,
        "Table 1's game is tracked: passing the turn there (N) counts its additional turns "
        "(MTR 2.4), and undo takes one back.",
    )
    assert not desk.model.run("1 turn -1")[0] and desk.model.table(1) == before
    qtbot.keyClick(desk, Qt.Key.Key_N)
    qtbot.keyClick(desk, Qt.Key.Key_N)
    assert "Additional turn 3 of 3: the last (MTR 2.4)." in view.banner.text()
    qtbot.keyClick(desk, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert desk.model.table(1).turns == 2  # the pass undone, and its turn with it
    qtbot.keyClick(desk, Qt.Key.Key_N)
    qtbot.keyClick(desk, Qt.Key.Key_N)  # the last turn ends: MTR 2.4's draw in Swiss
    result = desk.model.table(1).result
    assert result is not None and set(result.outcomes.values()) == {"draw"}
    assert desk.model.table(1).turns == 4


def test_sudden_death_is_named_on_the_card_and_the_banner(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    desk = make_desk(qtbot, session, clock, teams=4, rounds=1, top=4)
    desk.model.set_result(1, 0)
    desk.model.set_result(2, 0)
    assert desk.model.pair_next()
    desk.model.toggle_clock()
    desk.open_table(1)
    view = desk.table_view
    assert view is not None
    clock.now += 51 * 60
    for _ in range(4):  # the turn in progress, then 3 additional turns: tied on life
        desk.model.games[1].pass_turn()
    assert desk.model.table(1).result is None
    assert desk.board.cards[1].status_label.text() == "Sudden death"
    assert "Sudden death (MTR 2.4)" in view.banner.text()
    board = desk.show_scoreboard()
    qtbot.addWidget(board)
    board.set_feature(None)
    assert "Sudden death" in board.tiles[1].text()


def test_the_banner_shows_a_team_s_name_as_text(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    assert session.journal is not None
    teams = ["<b>x</b> & <i>y</i>", "Cal & Dee"]
    event_id = new_event(session.journal, EventSettings("Night"), teams)
    model = EventModel(session.journal, event_id, clock=clock, idle_ms=3_600_000)
    model.pick = lambda n: 0  # the first team chooses, and plays first
    model.pair_by_hand([teams])
    desk = DeskWindow(model)
    qtbot.addWidget(desk)
    desk.open_table(1)
    view = desk.table_view
    assert view is not None
    model.games[1].pass_turn()
    model.games[1].pass_turn()
    assert "<b>x</b> & <i>y</i>" in view.banner.text()
    assert view.banner.textFormat() == Qt.TextFormat.PlainText


def test_tiebreakers_on_screen_and_paper_tell_apart_what_decided_a_place(
    qtbot: QtBot, session: Session, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """OMW 56.25% and 56.17% put two teams on 3 points in order: the projector showed 56.2%
    for both. Wherever a figure decided a place, it has the digits to show it."""
    from tablelife.ui.event_dialogs import StandingsDialog, standings_html

    desk = make_desk(qtbot, session, clock, teams=4)
    for table in (1, 2):
        desk.model.set_result(table, 0)
    rows = [
        Standing("A1 & A2", 3, (1, 0, 0), 1.0, 0.5625, 1.0, 0.5, rank=1),
        Standing("C1 & C2", 3, (1, 0, 0), 1.0, 0.5617, 1.0, 0.5, rank=2),
        Standing("B1 & B2", 0, (0, 1, 0), 0.33, 1.0, 0.33, 1.0, rank=3),
        Standing("D1 & D2", 0, (0, 1, 0), 0.33, 1.0, 0.33, 1.0, rank=4),
    ]
    monkeypatch.setattr(desk.model.tournament, "standings", lambda: rows)
    board = desk.show_scoreboard()
    qtbot.addWidget(board)
    board.refresh()
    text = board.standings_label.text()
    assert "\t56.25%\t" in text and "\t56.17%\t" in text
    dialog = StandingsDialog("Night", rows, desk)
    qtbot.addWidget(dialog)
    assert [dialog.table.item(r, 5).text() for r in (0, 1)] == ["56.25%", "56.17%"]  # type: ignore[union-attr]
    close = [replace(rows[0], omw=0.56251), replace(rows[1], omw=0.56249)]
    assert "56.251%" in standings_html("Night", close) and "56.249%" in standings_html(
        "Night", close
    )


def test_printed_standings_name_the_round_the_date_and_the_time(
    qtbot: QtBot, session: Session, clock: Clock, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from PySide6.QtCore import QDate, QDateTime, QTime

    from tablelife.ui import event_dialogs
    from tablelife.ui.event_dialogs import StandingsDialog

    desk = make_desk(qtbot, session, clock, teams=4)
    desk.model.set_result(1, 0)
    shown: list[StandingsDialog] = []
    monkeypatch.setattr(StandingsDialog, "exec", lambda dialog: shown.append(dialog) or 0)
    desk.show_standings()
    assert shown[0].round_words == "During round 1, with its results so far"
    desk.model.set_result(2, 0)
    desk.show_standings()
    dialog = shown[1]
    qtbot.addWidget(dialog)
    assert dialog.round_words == "After round 1" and "After round 1" in dialog.heading.text()
    printed: list[str] = []
    real = event_dialogs.standings_html
    monkeypatch.setattr(
        event_dialogs,
        "standings_html",
        lambda *args: printed.append(real(*args)) or printed[-1],
    )
    when = QDateTime(QDate(2025, 6, 13), QTime(21, 40))
    assert dialog.print_to(tmp_path / "standings.pdf", when) is not None
    stamp = event_dialogs.when_words(when)  # the date and the time, as the reader writes them
    assert "2025" in stamp and "40" in stamp
    assert f"<p><b>After round 1 \u00b7 {stamp}</b></p>" in printed[0]


def test_the_drop_list_is_alphabetical(
    qtbot: QtBot, session: Session, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtWidgets import QInputDialog

    assert session.journal is not None
    teams = ["Zoë & Yan", "bea & Al", "Émile & Jo", "Ann & Bo", "Eve & Fay"]
    event_id = new_event(session.journal, EventSettings("Night"), teams)
    model = EventModel(session.journal, event_id, clock=clock, idle_ms=3_600_000)
    desk = DeskWindow(model)
    qtbot.addWidget(desk)
    offered: list[list[str]] = []

    def pick(*args: object) -> tuple[str, bool]:
        offered.append(list(args[3]))  # type: ignore[call-overload]
        return "", False

    monkeypatch.setattr(QInputDialog, "getItem", pick)
    desk.drop_team()
    # Case and accents aside: "bea" before "Émile", "Émile" before "Eve" and "Zoë" last.
    assert offered == [["Ann & Bo", "bea & Al", "Émile & Jo", "Eve & Fay", "Zoë & Yan"]]


def test_the_late_team_dialog_keeps_what_was_typed_when_it_refuses_it(
    qtbot: QtBot, session: Session, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tablelife.ui.round_dialogs import LateTeamDialog

    desk = make_desk(qtbot, session, clock, teams=4)
    seen: list[LateTeamDialog] = []

    def run(dialog: LateTeamDialog) -> int:
        seen.append(dialog)
        dialog.name.setText("Eve & Fay & Gus")
        dialog.accept()  # refused: said in the dialog, the text kept
        assert dialog.isVisible() is False and dialog.result() == 0
        assert dialog.name.text() == "Eve & Fay & Gus" and "names 3 players" in dialog.error.text()
        dialog.name.setText("Eve & Fay")
        dialog.accept()
        return dialog.result()

    monkeypatch.setattr(LateTeamDialog, "exec", run)
    desk.add_team()
    assert seen and "Eve & Fay" in desk.model.tournament.teams
    assert "Eve & Fay & Gus" not in desk.model.tournament.teams
    # What the round it missed counts for follows (issue 25: late entries' match losses).
    qtbot.waitUntil(
        lambda: desk.statusBar().currentMessage().startswith("Eve & Fay joins from the next round.")
    )
    # When it joins is said once (not again by the dialog's words).
    assert desk.statusBar().currentMessage() == (
        "Eve & Fay joins from the next round. Each round it missed is a match loss with no "
        "games: it counts in its match-win %, not in its game-win % (as stores record a late "
        "entry)."
    )


def test_the_new_event_dialog_refuses_a_three_name_line_by_its_number(qtbot: QtBot) -> None:
    from tablelife.ui.event_dialogs import NewEventDialog

    dialog = NewEventDialog()
    qtbot.addWidget(dialog)
    dialog.teams.setPlainText("Ann & Bob\n\nCal & Dee & Eve\nFay & Gus\n")
    dialog.accept()
    assert dialog.chosen is None
    assert dialog.error.text().startswith("Line 3: the team's name 'Cal & Dee & Eve' names 3")
    dialog.teams.setPlainText("Ann & Bob\nCal\n")
    dialog.accept()
    assert dialog.error.text().startswith("Line 2: the team's name 'Cal' names one player")
    dialog.format.setCurrentIndex(dialog.format.findData("duel"))  # two players: one a line
    dialog.accept()
    assert dialog.chosen is not None
