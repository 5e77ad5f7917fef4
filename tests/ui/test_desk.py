"""The staff desk, driven with real clicks and keys, on a real journal, with an injected clock."""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, Qt, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QWidget
from pytestqt.qtbot import QtBot

from tablelife.deskapp import sample_round
from tablelife.model.event_model import EventModel
from tablelife.model.game_model import GameModel
from tablelife.model.i18n import language
from tablelife.model.session import Session
from tablelife.ops.event import new_event
from tablelife.tournament.event import EventSettings
from tablelife.ui.desk import DeskWindow, clock_text
from tests.ui.helpers import button

T0 = 1_800_000_000.0
# Two-Headed Giant teams are two players (CR 810.1): "C1 & C2" is the third team.
TEAMS = [f"{chr(65 + i)}1 & {chr(65 + i)}2" if i < 26 else f"Z{i}a & Z{i}b" for i in range(64)]


class Clock:
    """A wall clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def session(tmp_path: Path) -> Iterator[Session]:
    s = Session(tmp_path / "data")
    yield s
    s.close()


@pytest.fixture
def clock() -> Clock:
    return Clock()


def make_desk(
    qtbot: QtBot, session: Session, clock: Clock, teams: int = 8, **kw: object
) -> DeskWindow:
    assert session.journal is not None
    settings = EventSettings("Prerelease", **kw)  # type: ignore[arg-type]
    event_id = new_event(session.journal, settings, TEAMS[:teams])
    model = EventModel(session.journal, event_id, clock=clock, idle_ms=3_600_000)
    model.pair_by_hand([[TEAMS[i], TEAMS[i + 1]] for i in range(0, teams, 2)])
    desk = DeskWindow(model)
    qtbot.addWidget(desk)
    desk.resize(1366, 768)
    with qtbot.waitActive(desk):
        desk.show()
        desk.activateWindow()
    return desk


def wait_said(qtbot: QtBot, desk: DeskWindow, words: str) -> None:
    """Waits until the desk's status bar says `words` (a consequence is said after the game's
    own words, in the next pass of the event loop)."""
    qtbot.waitUntil(lambda: desk.statusBar().currentMessage() == words)


def journaled(session: Session) -> int:
    assert session.journal is not None
    conn = session.journal.connection
    return int(conn.execute("SELECT count(*) FROM tournament_log").fetchone()[0]) + int(
        conn.execute("SELECT count(*) FROM events").fetchone()[0]
    )


def call_time(desk: DeskWindow, clock: Clock, past: float = 1) -> None:
    """Starts the round clock (if not yet) and runs it `past` seconds beyond the round: time
    is called at the tables, as the desk's tick says it (MTR 2.4)."""
    if not desk.model.clock_running:
        desk.model.toggle_clock()
    clock.now += 50 * 60 + past
    desk.model.tick()


def type_command(qtbot: QtBot, desk: DeskWindow, line: str) -> None:
    desk.command.setFocus()
    desk.command.setText(line)
    qtbot.keyClick(desk.command, Qt.Key.Key_Return)


def test_open_a_table_tap_esc_back_and_the_card_shows_the_total(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    desk = make_desk(qtbot, session, clock)
    card = desk.board.cards[2]
    qtbot.mouseClick(card, Qt.MouseButton.LeftButton)
    view = desk.table_view
    assert view is not None and desk.stack.currentWidget() is view
    assert view.model.setup.team_names == ("C1 & C2", "D1 & D2")
    qtbot.mouseClick(button(view, 2, -5), Qt.MouseButton.LeftButton)  # D1 & D2's first head
    qtbot.keyClick(desk, Qt.Key.Key_Return)
    assert view.model.game.life(1) == 25
    qtbot.keyClick(desk, Qt.Key.Key_Escape)
    assert desk.stack.currentWidget() is desk.board
    assert "25" in card.rows[1][1].text()
    assert desk.model.games[2].game_id is not None


def test_a_table_left_leaves_no_window_behind_for_the_collector(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    """Everything a table's view made goes with it when Esc leaves the table, by Qt's own
    deletion: nothing is left for the garbage collector to free later at a moment of its
    choosing (a window freed that way in the middle of a theme change crashed inside
    setStyleSheet)."""
    desk = make_desk(qtbot, session, clock)
    before = set(QApplication.topLevelWidgets())
    gc.disable()
    try:
        for number in (1, 2, 1):
            desk.open_table(number)
            qtbot.keyClick(desk, Qt.Key.Key_Escape)
            QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        left = [type(w).__name__ for w in QApplication.topLevelWidgets() if w not in before]
    finally:
        gc.enable()
    assert left == []


def test_a_command_typed_while_a_table_is_open_runs_on_enter(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    """Enter also resolves the open table's taps; typed in the command bar, it runs the
    command instead (it was taken by the table, and the command sat there unsent). With
    nothing typed, Enter in the bar still resolves the open table."""
    desk = make_desk(qtbot, session, clock)
    type_command(qtbot, desk, "1")
    view = desk.table_view
    assert view is not None
    qtbot.mouseClick(button(view, 0, -1), Qt.MouseButton.LeftButton)
    type_command(qtbot, desk, "2 a -3")
    assert desk.command.text() == ""
    assert desk.model.games[2].game.life(0) == 27
    assert view.model.has_pending  # table 1's tap waits for its own Enter
    desk.command.setFocus()
    qtbot.keyClick(desk.command, Qt.Key.Key_Return)
    assert not view.model.has_pending and view.model.game.life(0) == 29


def test_what_a_table_s_game_says_reaches_the_status_bar_though_never_opened(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    """Tables tracked by typed commands alone: a refusal from the game (it is over) is said,
    with the table's number, instead of the last command's "Done" staying up."""
    desk = make_desk(qtbot, session, clock)
    type_command(qtbot, desk, "1 a -30")  # team a is out: the game is over
    assert desk.statusBar().currentMessage() == "Done: 1 a -30"
    before = journaled(session)
    type_command(qtbot, desk, "1 b -3")
    assert desk.statusBar().currentMessage() == (
        "Table 1: The game is over: undo, or start a new game."
    )
    assert journaled(session) == before and desk.command.text() == "1 b -3"


def test_undo_acts_on_the_open_table_only(qtbot: QtBot, session: Session, clock: Clock) -> None:
    desk = make_desk(qtbot, session, clock)
    type_command(qtbot, desk, "1 a -3")
    type_command(qtbot, desk, "2 b -4")
    qtbot.keyClick(desk, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # on the board
    assert desk.model.games[1].game.life(0) == 27 and desk.model.games[2].game.life(1) == 26
    desk.open_table(1)
    # The undo group follows the open table: the Edit menu names its last event.
    assert desk.undo_group.activeStack() is desk.model.games[1].undo_stack
    assert desk.undo_action.text().startswith("&Undo ") and "at table 1" in desk.undo_action.text()
    qtbot.keyClick(desk, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert desk.model.games[1].game.life(0) == 30 and desk.model.games[2].game.life(1) == 26
    assert "at table 1" in desk.redo_action.text()
    desk.show_board()
    assert desk.undo_group.activeStack() is None
    assert desk.undo_action.text() == "&Undo at the open table"


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("99 a -3", "no table 99"),
        ("1 z -3", "'z' is not a team"),
        ("1 c -3", "Table 1 has no team c"),
        ("1 a -abc", "'-abc' is not an amount of life"),
        ("hello", "is not a table number"),
    ],
)
def test_bad_commands_are_refused_and_change_nothing(
    qtbot: QtBot, session: Session, clock: Clock, line: str, words: str
) -> None:
    desk = make_desk(qtbot, session, clock)
    before = journaled(session)
    with qtbot.waitSignal(desk.model.message) as said:
        type_command(qtbot, desk, line)
    assert words in said.args[0]
    assert words in desk.statusBar().currentMessage()
    assert journaled(session) == before
    assert desk.command.text() == line  # kept, to be mended


def test_commands_move_life_poison_results_and_extensions(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    desk = make_desk(qtbot, session, clock)
    type_command(qtbot, desk, "3 a -3")
    type_command(qtbot, desk, "3 b poison 2")
    game = desk.model.games[3].game
    assert (game.life(0), game.poison(1)) == (27, 2)
    type_command(qtbot, desk, "3 ext 4")
    assert desk.board.cards[3].extension_label.text() == "+4 min"
    type_command(qtbot, desk, "4 result b")
    table = desk.model.table(4)
    assert table.result is not None and table.result.outcomes["H1 & H2"] == "win"
    assert desk.board.cards[4].status_label.text() == "Finished: b won"
    assert desk.board.cards[4].status_label.toolTip() == "Finished: H1 & H2 won"
    type_command(qtbot, desk, "4 result draw")  # a correction, kept in the journal
    assert "(corrected)" in desk.board.cards[4].status_label.text()


def test_a_table_with_a_result_entered_starts_no_game_to_track(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    """A table whose result staff typed has no game to track: a life change typed for it (a
    mistyped table number) is refused in words, and the result stays as entered."""
    desk = make_desk(qtbot, session, clock)
    type_command(qtbot, desk, "1 result a")
    before = journaled(session)
    type_command(qtbot, desk, "1 a -30")
    table = desk.model.table(1)
    assert table.result is not None and table.result.outcomes["A1 & A2"] == "win"
    assert 1 not in desk.model.games and journaled(session) == before
    assert desk.statusBar().currentMessage() == (
        "Table 1 has its result: there is no game to track. Type 1 result … to correct it."
    )
    type_command(qtbot, desk, "1")  # nor is one started by opening it
    assert desk.stack.currentWidget() is desk.board and 1 not in desk.model.games


def test_poison_counters_that_are_not_there_are_not_removed(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    assert language().set("en")  # as the desk starts: English's plural forms
    desk = make_desk(qtbot, session, clock)
    type_command(qtbot, desk, "1 b poison 1")
    before = journaled(session)
    type_command(qtbot, desk, "1 b poison -2")
    assert desk.statusBar().currentMessage() == (
        "Table 1: B1 & B2 has 1 poison counter, so 2 can't be removed."
    )
    assert journaled(session) == before and desk.model.games[1].game.poison(1) == 1
    type_command(qtbot, desk, "1 b poison -1")
    assert desk.model.games[1].game.poison(1) == 0
    before = journaled(session)
    type_command(qtbot, desk, "3 b poison -1")  # never tracked: refused before tracking it
    assert 3 not in desk.model.games and journaled(session) == before
    desk.open_table(1)  # the open table's pending taps commit first, then the command
    desk.model.games[1].stage_poison(2, 1)  # B1 & B2's first head
    type_command(qtbot, desk, "1 b poison -1")
    assert desk.model.games[1].game.poison(1) == 0 and not desk.model.games[1].has_pending


def test_a_result_typed_by_mistake_is_cleared(qtbot: QtBot, session: Session, clock: Clock) -> None:
    """ "12 result clear" takes a typed result back (kept in the journal as a correction);
    a tracked game's result goes back by undoing the game, which the refusal says."""
    desk = make_desk(qtbot, session, clock)
    type_command(qtbot, desk, "1 result a")
    type_command(qtbot, desk, "1 result clear")
    table = desk.model.table(1)
    assert table.result is None and table.corrections == 1
    assert desk.board.cards[1].status_label.text() == "Playing"
    type_command(qtbot, desk, "1 result clear")
    assert desk.statusBar().currentMessage() == "Table 1 has no result to take back."
    type_command(qtbot, desk, "2 a -31")  # a tracked game ends: its result
    type_command(qtbot, desk, "2 result clear")
    assert desk.model.table(2).result is not None
    assert desk.statusBar().currentMessage() == (
        "Table 2's result comes from its tracked game: type 2 undo to take the game's last "
        "event back."
    )


def test_mtr_2_4_time_is_called_then_three_turns_then_a_swiss_draw(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    desk = make_desk(qtbot, session, clock)
    qtbot.keyClick(desk, Qt.Key.Key_F5)
    assert desk.model.clock_running and desk.clock_label.text() == "50:00"
    type_command(qtbot, desk, "2 ext 5")
    clock.now = T0 + 50 * 60 + 1
    with qtbot.waitSignal(desk.model.time_called) as called:
        desk.model.tick()
    assert 2 not in called.args[0] and 1 in called.args[0]  # table 2 has 5 more minutes
    assert desk.time_banner.isVisible() and "TIME" in desk.time_banner.text()
    assert desk.clock_label.text() == clock_text(-1) == "\u22120:01"
    card = desk.board.cards[1]
    assert card.property("attention") == "yes"
    assert card.status_label.text() == "Time called"
    for n in (1, 2, 3):
        type_command(qtbot, desk, "1 turn")
        assert card.status_label.text() == f"Additional turn {n} of 3"
    type_command(qtbot, desk, "1 turn")  # the last additional turn ends unfinished
    assert card.status_label.text() == "Finished: draw"  # not "Finished: a draw"
    assert card.property("done") == "yes"
    wait_said(  # said, not just "Done: 1 turn"
        qtbot,
        desk,
        "Table 1: the additional turns are over and the game is unfinished, so the match is "
        "a draw (MTR 2.4).",
    )


def test_an_additional_turn_counted_by_mistake_is_taken_back(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    """ "12 turn -1" steps back one additional turn at an untracked table; at a tracked one
    passing the turn counts them, and undo takes a pass back with its turn: a tracked game
    the last turn ended is undone first, and then its turns can be counted again."""
    desk = make_desk(qtbot, session, clock)
    desk.model.toggle_clock()
    type_command(qtbot, desk, "1 a -3")  # tracked
    clock.now = T0 + 50 * 60 + 1
    desk.model.tick()
    for _ in range(3):
        type_command(qtbot, desk, "2 turn")
    type_command(qtbot, desk, "2 turn -1")
    assert desk.model.table(2).turns == 2
    game = desk.model.games[1]
    for _ in range(3):
        game.pass_turn()
    type_command(qtbot, desk, "1 undo")  # the last pass, and its turn
    assert desk.model.table(1).turns == 2
    game.pass_turn()
    game.pass_turn()  # past the last: MTR 2.4's draw
    assert desk.model.table(1).result is not None and game.game.over
    type_command(qtbot, desk, "1 undo")  # the draw at the end of the turns
    assert desk.model.table(1).result is None and desk.model.table(1).turns == 4
    type_command(qtbot, desk, "1 undo")  # the pass that ended the turns
    assert desk.model.table(1).turns == 3
    game.pass_turn()
    assert desk.model.table(1).result is not None


def test_mtr_9_1_a_2hg_draw_with_time_left_starts_a_new_game(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    from tablelife.rules import DrawGame

    desk = make_desk(qtbot, session, clock)
    desk.model.toggle_clock()
    first = desk.model.open_game(1)
    assert first is not None
    first.submit(DrawGame())
    second = desk.model.games[1]
    assert second is not first and not second.game.over
    assert desk.model.table(1).result is None
    clock.now = T0 + 60 * 60  # after time, a draw stands
    second.submit(DrawGame())
    result = desk.model.table(1).result
    assert result is not None and set(result.outcomes.values()) == {"draw"}


def test_a_tracked_game_won_becomes_the_tables_result(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    from tablelife.rules import Concede

    desk = make_desk(qtbot, session, clock)
    game = desk.model.open_game(2)
    assert game is not None
    game.submit(Concede(0))
    result = desk.model.table(2).result
    assert result is not None and result.outcomes == {"C1 & C2": "loss", "D1 & D2": "win"}


def test_sixteen_tables_fit_a_laptop_without_scrolling(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    desk = make_desk(qtbot, session, clock, teams=32)
    qtbot.waitUntil(lambda: len(desk.board.cards) == 16)
    bar = desk.board.verticalScrollBar()
    assert bar.maximum() == 0, "the board scrolls at 1366x768 with 16 tables"
    assert all(c.isVisible() for c in desk.board.cards.values())


def test_filters_show_what_they_say(qtbot: QtBot, session: Session, clock: Clock) -> None:
    desk = make_desk(qtbot, session, clock)
    type_command(qtbot, desk, "1 result a")
    qtbot.mouseClick(desk.filter_buttons["finished"], Qt.MouseButton.LeftButton)
    assert desk.board.visible_tables() == [1]
    assert desk.filter_buttons["finished"].text() == "Finished (1)"
    qtbot.mouseClick(desk.filter_buttons["playing"], Qt.MouseButton.LeftButton)
    assert desk.board.visible_tables() == [2, 3, 4]


def test_a_number_and_enter_opens_that_table(qtbot: QtBot, session: Session, clock: Clock) -> None:
    desk = make_desk(qtbot, session, clock)
    type_command(qtbot, desk, "3")
    assert desk.table_view is not None and desk.stack.currentWidget() is desk.table_view
    assert desk.table_view.model is desk.model.games[3]


def test_a_restart_mid_round_brings_back_everything_and_the_clock_kept_counting(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    desk = make_desk(qtbot, session, clock)
    desk.model.toggle_clock()
    type_command(qtbot, desk, "2 a -7")
    type_command(qtbot, desk, "3 ext 2")
    type_command(qtbot, desk, "4 result a")
    clock.now = T0 + 10 * 60
    assert session.journal is not None
    again = EventModel(session.journal, desk.model.event_id, clock=lambda: T0 + 30 * 60)
    assert again.reading and not again.games  # read back after the board paints
    again.start_reading()
    qtbot.waitUntil(lambda: not again.reading)
    assert again.games[2].game.life(0) == 23
    assert again.table(3).extension == 120
    assert again.table(4).result is not None
    assert again.time_left() == 20 * 60  # it went on counting while "down"
    again.deleteLater()


def test_a_computer_clock_set_back_mid_round_stops_nothing(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    """The laptop's clock goes back 2 minutes after F5 (time sync): the desk keeps ticking,
    F5 still pauses, and the event opens again in a fresh desk, with the round clock standing
    still until the computer's clock passes its start."""
    desk = make_desk(qtbot, session, clock)
    desk.model.toggle_clock()
    clock.now = T0 - 120
    desk.model.tick()
    assert desk.model.time_left() == 50 * 60
    assert "50:00" in desk.clock_label.text()
    assert desk.model.toggle_clock()  # paused, having used no time
    assert desk.model.toggle_clock()  # and running again
    assert session.journal is not None
    again = DeskWindow(EventModel(session.journal, desk.model.event_id, clock=clock))
    qtbot.addWidget(again)
    assert again.model.time_left() == 50 * 60


def test_before_f5_the_clock_shows_the_round_and_the_minute_buttons_move_it(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    """Before the round starts, the desk and the scoreboard show the time it will start with,
    so ±1 min visibly changes it; shortened to nothing, it is refused and stays at 1:00."""
    desk = make_desk(qtbot, session, clock)
    board = desk.show_scoreboard()
    qtbot.addWidget(board)
    assert desk.clock_label.text() == board.clock_label.text() == "50:00"
    qtbot.mouseClick(desk.minus_button, Qt.MouseButton.LeftButton)
    assert desk.clock_label.text() == board.clock_label.text() == "49:00"
    for _ in range(48):
        desk.model.adjust_clock(-1)
    assert desk.clock_label.text() == "1:00"
    before = journaled(session)
    qtbot.mouseClick(desk.minus_button, Qt.MouseButton.LeftButton)
    assert desk.clock_label.text() == "1:00" and journaled(session) == before
    assert desk.statusBar().currentMessage() == "The round can't be shortened to no time left."
    desk.model.toggle_clock()
    assert desk.clock_label.text() == "1:00"
    clock.now = T0 + 30  # running: 0:30 left, and −1 min would call time at every table
    assert not desk.model.adjust_clock(-1) and journaled(session) == before + 1
    assert desk.model.adjust_clock(1) and desk.model.time_left() == 90


def test_an_event_whose_clock_was_once_shortened_past_zero_still_opens(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    """Journals made before the minute buttons stopped at no time left may hold such steps:
    they replay as they were taken."""
    desk = make_desk(qtbot, session, clock)
    assert desk.model.step("clock", {"op": "adjust", "seconds": -55 * 60})
    assert desk.model.step("clock", {"op": "adjust", "seconds": 10 * 60})
    assert session.journal is not None
    again = EventModel(session.journal, desk.model.event_id, clock=clock)
    assert again.clock_shows() == 5 * 60
    again.deleteLater()


def test_the_sample_round_has_every_kind_of_table(qtbot: QtBot, session: Session) -> None:
    assert session.journal is not None
    event_id = sample_round(session.journal, now=T0)
    model = EventModel(session.journal, event_id, clock=lambda: T0)
    model.read_all()
    statuses = {model.status(t) for t in model.tournament.rounds[0].tables}
    assert {"finished", "turn", "time"} <= statuses
    assert len(model.games) >= 5 and model.table(3).extension == 7 * 60
    model.deleteLater()


def test_the_scoreboard_follows_the_desk_live_and_features_a_table(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    desk = make_desk(qtbot, session, clock)
    board = desk.show_scoreboard()
    qtbot.addWidget(board)
    assert "Round 1" in board.round_label.text()
    type_command(qtbot, desk, "2 result a")
    assert "Finished: C1 & C2 won" in board.tiles[2].text()
    assert board.tiles[2].property("done") == "yes"
    desk.model.toggle_clock()
    clock.now = T0 + 90
    desk.model.tick()
    assert board.clock_label.text() == "48:30" == desk.clock_label.text()
    type_command(qtbot, desk, "1 a -4")
    desk.open_table(1)
    qtbot.keyClick(desk, Qt.Key.Key_F8)
    assert board.stack.currentWidget() is board.feature_page
    assert board.feature_life[0].text() == "26"


def test_a_big_round_s_scoreboard_shows_its_tables_a_page_at_a_time(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    # Found by a tester: from 32 tables the tiles were cut in half on a 1920x1080 projector,
    # and 64 were slivers. Sixteen a page, turning every eight seconds.
    from tablelife.ui.scoreboard import PAGE_SECONDS

    assert session.journal is not None
    teams = [f"P{n:03d} & Q{n:03d}" for n in range(1, 129)]
    event_id = new_event(session.journal, EventSettings("Big"), teams)
    model = EventModel(session.journal, event_id, clock=clock, idle_ms=3_600_000)
    model.pair_by_hand([teams[i : i + 2] for i in range(0, 128, 2)])
    desk = DeskWindow(model)
    qtbot.addWidget(desk)
    board = desk.show_scoreboard()
    qtbot.addWidget(board)
    assert sorted(board.tiles) == list(range(1, 17))
    assert board.round_label.text() == "Big \u00b7 Round 1 \u00b7 tables 1\u201316 (page 1 of 4)"
    for _ in range(PAGE_SECONDS):
        model.tick()
    assert sorted(board.tiles) == list(range(17, 33)) and "page 2 of 4" in board.round_label.text()
    assert board.grid.count() == 16  # the last page's tiles are gone from the grid
    type_command(qtbot, desk, "20 result a")  # a change shows at once, on the same page
    assert "Finished" in board.tiles[20].text() and "page 2 of 4" in board.round_label.text()
    for _ in range(3 * PAGE_SECONDS):
        model.tick()
    assert sorted(board.tiles) == list(range(1, 17))  # round again
    # Between rounds, the standings of 128 teams, 16 a page (they were the top 16 only).
    for table in range(1, 65):
        model.set_result(table, 0)
    assert board.stack.currentWidget() is board.standings_label
    assert board.round_label.text().endswith("standings, page 1 of 8")
    first = board.standings_label.text()
    for _ in range(PAGE_SECONDS):
        model.tick()
    assert board.round_label.text().endswith("standings, page 2 of 8")
    assert "\n17\t" in board.standings_label.text() and "\n17\t" not in first


def test_f8_features_every_team_of_a_pod_with_its_poison(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    """A Commander pod of three showed only its first two teams, and no poison."""
    assert session.journal is not None
    event_id = new_event(session.journal, EventSettings("Pods", format="commander"), TEAMS[:3])
    model = EventModel(session.journal, event_id, clock=clock, idle_ms=3_600_000)
    model.pair_by_hand([TEAMS[:3]])
    desk = DeskWindow(model)
    qtbot.addWidget(desk)
    board = desk.show_scoreboard()
    qtbot.addWidget(board)
    type_command(qtbot, desk, "1 c poison 2")
    desk.open_table(1)
    board.set_feature(1)
    assert board.stack.currentWidget() is board.feature_page
    names, poison = board.feature_names, board.feature_poison
    shown = [(n.text(), p.text()) for n, p in zip(names, poison, strict=True)]
    assert shown == [
        ("A1 & A2", "\u2620 0/10"),
        ("B1 & B2", "\u2620 0/10"),
        ("C1 & C2", "\u2620 2/10"),
    ]
    assert [life.text() for life in board.feature_life] == ["40", "40", "40"]


def test_between_rounds_the_scoreboard_shows_the_standings(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    desk = make_desk(qtbot, session, clock, teams=4)
    board = desk.show_scoreboard()
    qtbot.addWidget(board)
    type_command(qtbot, desk, "1 result a")
    type_command(qtbot, desk, "2 result b")
    assert board.stack.currentWidget() is board.standings_label
    assert "A1 & A2" in board.standings_label.text()


def test_pairings_entered_by_hand(qtbot: QtBot, session: Session, clock: Clock) -> None:
    from tablelife.ui.event_dialogs import parse_pairings

    desk = make_desk(qtbot, session, clock, teams=4)
    for table in (1, 2):
        desk.model.set_result(table, 0)
    tables = parse_pairings("A1 & A2 vs D1 & D2\n\nB1 & B2 v C1 & C2\n")
    assert tables == [["A1 & A2", "D1 & D2"], ["B1 & B2", "C1 & C2"]]
    assert desk.model.pair_by_hand(tables)
    assert desk.model.table(1).teams == ("A1 & A2", "D1 & D2")
    assert not desk.model.pair_by_hand([["A1 & A2", "Nobody"]])  # refused, in words


@pytest.mark.parametrize(
    ("tables", "words"),
    [
        # A team left out: no table, no bye, no result.
        ([["A1 & A2", "B1 & B2"], ["C1 & C2"]], "D1 & D2 has no table"),
        # Three teams at a Two-Headed Giant table, which can't be tracked.
        ([["A1 & A2", "B1 & B2", "C1 & C2"], ["D1 & D2"]], "A table is two teams"),
        ([["A1 & A2"], ["B1 & B2"], ["C1 & C2", "D1 & D2"]], "one bye at most"),
    ],
)
def test_pairings_by_hand_seat_every_team_at_tables_of_two(
    qtbot: QtBot, session: Session, clock: Clock, tables: list[list[str]], words: str
) -> None:
    desk = make_desk(qtbot, session, clock, teams=4)
    for table in (1, 2):
        desk.model.set_result(table, 0)
    said: list[str] = []
    desk.model.message.connect(said.append)
    assert not desk.model.pair_by_hand(tables)
    assert len(desk.model.tournament.rounds) == 1  # nothing paired
    assert words in said[-1]


def test_the_standings_print_to_pdf(
    qtbot: QtBot, session: Session, clock: Clock, tmp_path: Path
) -> None:
    from tablelife.ui.event_dialogs import StandingsDialog

    desk = make_desk(qtbot, session, clock, teams=4)
    desk.model.set_result(1, 0)
    desk.model.set_result(2, None)
    dialog = StandingsDialog("Prerelease", desk.model.tournament.standings(), desk)
    qtbot.addWidget(dialog)
    assert dialog.table.rowCount() == 4
    assert dialog.table.item(0, 1).text() == "A1 & A2"  # type: ignore[union-attr]
    out = dialog.print_to(tmp_path / "standings.pdf")
    assert out is not None and out.read_bytes().startswith(b"%PDF")
    assert dialog.print_to(tmp_path / "missing" / "x.pdf") is None
    assert "could not be written" in dialog.note.text()


def test_the_desk_s_standings_mark_a_dropped_team(
    qtbot: QtBot, session: Session, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tablelife.ui.event_dialogs import StandingsDialog

    desk = make_desk(qtbot, session, clock, teams=4)
    desk.model.set_result(1, 0)
    desk.model.set_result(2, None)
    assert desk.model.drop_team("B1 & B2")
    shown: list[list[str]] = []

    def look(dialog: StandingsDialog) -> int:
        table = dialog.table
        shown.append([table.item(r, 1).text() for r in range(table.rowCount())])  # type: ignore[union-attr]
        dialog.deleteLater()
        return 0

    monkeypatch.setattr(StandingsDialog, "exec", look)
    desk.show_standings()
    assert "B1 & B2 (dropped)" in shown[0] and "A1 & A2" in shown[0]


def test_a_dropped_team_can_be_brought_back_from_the_event_menu(
    qtbot: QtBot, session: Session, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtWidgets import QInputDialog

    desk = make_desk(qtbot, session, clock, teams=4)
    offered: list[list[str]] = []

    def pick(*args: object) -> tuple[str, bool]:
        offered.append(list(args[3]))  # type: ignore[call-overload]
        return offered[-1][0], True

    monkeypatch.setattr(QInputDialog, "getItem", pick)
    action = next(a for a in desk.actions() if a.text() == "&Bring back a dropped team\u2026")
    action.trigger()
    wait_said(qtbot, desk, "No team has dropped.")
    assert desk.model.drop_team("B1 & B2") and desk.model.drop_team("C1 & C2")
    action.trigger()
    assert offered == [["B1 & B2", "C1 & C2"]]  # only the dropped ones, in the event's order
    wait_said(qtbot, desk, "B1 & B2 is back, paired from the next round.")
    assert desk.model.tournament.dropped == {"C1 & C2"}


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("Draw", "is the word for a drawn match"),  # "12 result draw" could never name it
        ("Ann &", "has nobody on one side of \u201c&\u201d"),
        ("x" * 41, "is 41 characters long: at most 40"),
    ],
)
def test_the_desk_takes_only_team_names_the_command_line_takes(
    qtbot: QtBot, session: Session, clock: Clock, name: str, words: str
) -> None:
    from tablelife.ui.event_dialogs import NewEventDialog

    dialog = NewEventDialog()
    qtbot.addWidget(dialog)
    dialog.teams.setPlainText(f"Cal & Dee\n{name}\n")
    dialog.accept()
    assert dialog.chosen is None and words in dialog.error.text()
    desk = make_desk(qtbot, session, clock, teams=4)
    said: list[str] = []
    desk.model.message.connect(said.append)
    assert not desk.model.add_team(name)  # a late team, likewise
    assert name not in desk.model.tournament.teams and words in said[-1]


def test_the_new_event_dialog_refuses_duplicate_teams(qtbot: QtBot) -> None:
    from tablelife.ui.event_dialogs import NewEventDialog

    dialog = NewEventDialog()
    qtbot.addWidget(dialog)
    dialog.teams.setPlainText("Ann & Bob\nCal & Dee\nann & bob\n")
    dialog.accept()
    assert dialog.chosen is None and "Two teams are called" in dialog.error.text()
    dialog.teams.setPlainText("\n".join(f"Ann {i} & Bob {i}" for i in range(16)))
    assert dialog.rounds.value() == 4  # suggested for 16 teams (MTR Appendix E)
    dialog.accept()
    assert dialog.chosen is not None and len(dialog.chosen[1]) == 16


def test_mtr_2_4_a_tracked_swiss_table_after_its_turns_is_a_draw_in_the_game_too(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    desk = make_desk(qtbot, session, clock)
    desk.model.toggle_clock()
    type_command(qtbot, desk, "1 a -4")
    clock.now = T0 + 51 * 60
    for _ in range(4):  # at a tracked table, N counts the additional turns
        desk.model.games[1].pass_turn()
    game = desk.model.games[1].game
    assert game.over and not game.winners
    assert "MTR 2.4" in game.reason(0)
    result = desk.model.table(1).result
    assert result is not None and set(result.outcomes.values()) == {"draw"}


def test_mtr_2_4_single_elimination_the_highest_life_wins_a_tie_plays_on(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    desk = make_desk(qtbot, session, clock, teams=4, rounds=1, top=4)
    desk.model.set_result(1, 0)
    desk.model.set_result(2, 0)
    assert desk.model.pair_next()
    assert desk.model.tournament.current is not None
    assert desk.model.tournament.current.elimination
    desk.model.toggle_clock()
    type_command(qtbot, desk, "1 b -4")  # table 1: a leads on life
    type_command(qtbot, desk, "2 a -1")
    type_command(qtbot, desk, "2 b -1")  # table 2: tied at the top
    clock.now = T0 + 51 * 60
    for _ in range(4):
        desk.model.games[1].pass_turn()
        desk.model.games[2].pass_turn()
    one = desk.model.table(1)
    assert one.result is not None and one.result.outcomes[one.teams[0]] == "win"
    assert desk.model.table(2).result is None  # plays on
    assert "tied on life" in desk.statusBar().currentMessage()
    type_command(qtbot, desk, "2 a -1")  # the extra state-based action: a loses at once
    two = desk.model.table(2)
    assert two.result is not None and two.result.outcomes[two.teams[1]] == "win"


def commander_pod(session: Session, clock: Clock) -> tuple[EventModel, GameModel]:
    """A Commander night of eight in pods of four, paired, and table 1's game tracked."""
    assert session.journal is not None
    settings = EventSettings("Commander night", format="commander", pod_size=4)
    event_id = new_event(session.journal, settings, TEAMS[:8])
    model = EventModel(session.journal, event_id, clock=clock)
    assert model.pair_next(seed=1)
    game = model.open_game(1)
    assert game is not None
    return model, game


def test_a_commander_event_tracks_commander_games(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    model, game = commander_pod(session, clock)
    assert game.game.variant.commander and game.game.life(0) == 40
    model.deleteLater()


def test_a_drawn_pod_is_a_draw_only_for_those_still_in_it(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    """CR 104.4a: a pod whose remaining players all lose at once is a draw among them; a
    player already out lost (the README's "Teams already out lost")."""
    from tablelife.rules import Concede, Damage

    model, game = commander_pod(session, clock)
    game.submit(Concede(0))
    game.submit(*(Damage(p, 40) for p in (1, 2, 3)))
    result = model.table(1).result
    assert result is not None
    teams = model.table(1).teams
    assert {t: result.outcomes[t] for t in teams} == {
        teams[0]: "loss",
        teams[1]: "draw",
        teams[2]: "draw",
        teams[3]: "draw",
    }
    model.deleteLater()


def test_staff_can_call_a_won_tracked_game_a_draw(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    """An agreed draw typed over a tracked game someone won: every team draws (before, the
    game's loser was kept a loss, and a draw of one team was refused)."""
    from tablelife.rules import Concede

    desk = make_desk(qtbot, session, clock)
    type_command(qtbot, desk, "2 a -3")
    desk.model.games[2].submit(Concede(3))  # D1 & D2's second head: C1 & C2 wins
    type_command(qtbot, desk, "2 result draw")
    result = desk.model.table(2).result
    assert result is not None and set(result.outcomes.values()) == {"draw"}


def test_a_whole_eight_team_evening_at_the_desk_by_keyboard(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    """Three Swiss rounds: Ctrl+P pairs, F5 runs the clock, results typed in the command bar."""
    assert session.journal is not None
    event_id = new_event(session.journal, EventSettings("Friday", rounds=3), TEAMS[:8])
    model = EventModel(session.journal, event_id, clock=clock, idle_ms=3_600_000)
    desk = DeskWindow(model)
    qtbot.addWidget(desk)
    desk.resize(1366, 768)
    with qtbot.waitActive(desk):
        desk.show()
        desk.activateWindow()
    for round_ in (1, 2, 3):
        qtbot.keyClick(desk, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
        assert model.tournament.current is not None
        assert model.tournament.current.number == round_
        assert f"Round {round_}" in desk.title_label.text()
        qtbot.keyClick(desk, Qt.Key.Key_F5)
        for table in (1, 2, 3, 4):
            desk.command.setFocus()
            qtbot.keyClicks(desk.command, f"{table} result {'a' if table % 2 else 'b'}")
            qtbot.keyClick(desk.command, Qt.Key.Key_Return)
            assert desk.command.text() == ""
        assert model.tournament.current.finished
        assert desk.filter_buttons["finished"].text() == "Finished (4)"
        clock.now += 50 * 60
    standings = model.tournament.standings()
    assert standings[0].points == 9 and sum(s.points for s in standings) == 36
    qtbot.keyClick(desk, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)  # no fourth round
    assert "event is over" in desk.statusBar().currentMessage()


def test_a_new_event_at_the_desk_switches_the_board_to_it(
    qtbot: QtBot, session: Session, clock: Clock, tmp_path: Path
) -> None:
    from tablelife.model.event_model import EventUnavailableError

    desk = make_desk(qtbot, session, clock)
    old = desk.model
    with pytest.raises(EventUnavailableError, match="Two teams are called"):
        old.another(EventSettings("Second"), ["Zed & Yu", "zed & yu"])
    desk.switch_to(old.another(EventSettings("Second", format="duel"), ["Xi", "Yu", "Zo"]))
    assert desk.model is not old and desk.model.name == "Second"
    assert "Second" in desk.title_label.text() and len(desk.board.cards) == 2  # a bye too
    type_command(qtbot, desk, "1 result a")
    assert desk.model.table(1).finished


def test_the_new_event_dialog_loads_a_list_of_teams(qtbot: QtBot, tmp_path: Path) -> None:
    from tablelife.ui.event_dialogs import NewEventDialog

    dialog = NewEventDialog()
    qtbot.addWidget(dialog)
    good = tmp_path / "teams.txt"
    good.write_text("Ann & Bob\nCal & Dee\n", "utf-8")
    assert dialog.read_teams(good) and "Cal & Dee" in dialog.teams.toPlainText()
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"\xff\xfe\x00junk")
    assert not dialog.read_teams(bad)
    assert "not UTF-8" in dialog.error.text() and "Cal & Dee" in dialog.teams.toPlainText()
    assert not dialog.read_teams(tmp_path / "missing.txt")


def test_undoing_the_change_that_ended_a_game_takes_its_result_back(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    desk = make_desk(qtbot, session, clock)
    type_command(qtbot, desk, "1 a -31")
    assert desk.model.table(1).result is not None
    type_command(qtbot, desk, "1 undo")
    table = desk.model.table(1)
    assert table.result is None and table.corrections == 1
    assert desk.board.cards[1].status_label.text() == "Playing"
    assert "result was taken back" in desk.statusBar().currentMessage()
    type_command(qtbot, desk, "1 result b")  # and it can be entered again
    assert desk.model.table(1).finished


def test_mtr_2_4_a_drawn_game_in_single_elimination_starts_another(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    from tablelife.rules import Damage

    desk = make_desk(qtbot, session, clock, teams=4, rounds=1, top=4, format="duel")
    desk.model.set_result(1, 0)
    desk.model.set_result(2, 0)
    assert desk.model.pair_next()
    first = desk.model.open_game(1)
    assert first is not None
    first.submit(Damage(0, 20), Damage(1, 20))  # both at 0 at once: a draw (CR 104.4a)
    second = desk.model.games[1]
    assert second is not first and not second.game.over
    assert desk.model.table(1).result is None
    qtbot.waitUntil(lambda: "can't end in one (MTR 2.4)" in desk.statusBar().currentMessage())


def test_nothing_to_undo_and_an_empty_extension_are_said(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    desk = make_desk(qtbot, session, clock)
    desk.model.open_game(1)
    before = journaled(session)
    type_command(qtbot, desk, "1 undo")
    assert "has nothing to undo" in desk.statusBar().currentMessage()
    type_command(qtbot, desk, "1 ext 0")
    assert "0 minutes changes nothing" in desk.statusBar().currentMessage()
    assert journaled(session) == before


def test_the_time_banner_shows_after_a_restart_and_goes_when_those_tables_finish(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    desk = make_desk(qtbot, session, clock, teams=4)
    desk.model.toggle_clock()
    clock.now = T0 + 51 * 60
    again = DeskWindow(EventModel(session.journal, desk.model.event_id, clock=clock))  # type: ignore[arg-type]
    qtbot.addWidget(again)
    again.show()
    assert again.time_banner.isVisible() and "TIME" in again.time_banner.text()
    for table in (1, 2):
        again.model.set_result(table, 0)
    assert not again.time_banner.isVisible()


def test_a_table_given_time_after_its_call_is_called_again_and_the_banner_keeps_the_rest(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    # Found by a tester: "3 ext 5" after time was called: no beep or banner when those five
    # minutes ran out; and each new call replaced the banner's list of tables still playing.
    desk = make_desk(qtbot, session, clock)  # 8 teams of Two-Headed Giant: tables 1-4
    desk.show()
    desk.model.toggle_clock()
    desk.model.add_minutes(4, 2)  # before the call: table 4 is called later
    clock.now = T0 + 50 * 60 + 1
    with qtbot.waitSignal(desk.model.time_called) as first:
        desk.model.tick()
    assert first.args == [[1, 2, 3]]
    assert desk.model.add_minutes(3, 5)  # after the call: table 3 plays on
    clock.now += 2 * 60
    with qtbot.waitSignal(desk.model.time_called) as second:
        desk.model.tick()
    assert second.args == [[4]]
    assert "Tables 1, 2, 4:" in desk.time_banner.text()  # 3 plays its five minutes first
    desk.model.set_result(1, 0)
    clock.now += 3 * 60
    with qtbot.waitSignal(desk.model.time_called) as third:
        desk.model.tick()
    assert third.args == [[3]]  # called again when its five minutes ran out
    assert "Tables 2, 3, 4:" in desk.time_banner.text()


def test_filters_do_not_overlap(qtbot: QtBot, session: Session, clock: Clock) -> None:
    desk = make_desk(qtbot, session, clock)
    desk.model.toggle_clock()
    clock.now = T0 + 51 * 60
    desk.model.tick()
    assert desk.filter_buttons["playing"].text() == "Playing (4)"
    assert desk.filter_buttons["needs result"].text() == "Needs a result (0)"


def _action(desk: DeskWindow, text: str) -> QAction:
    """A desk menu's action by its text, as a person finds it in the menu."""
    found = [a for a in desk.findChildren(QAction) if a.text() == text]
    assert len(found) == 1, text
    return found[0]


def _in_modal(qtbot: QtBot, act: Callable[[QWidget], None]) -> list[str]:
    """Runs `act` on the modal dialog that the next action opens (a person at the dialog);
    returns a list that holds the dialog's class name once it ran."""
    seen: list[str] = []

    def run() -> None:
        dialog = QApplication.activeModalWidget()
        assert dialog is not None
        seen.append(type(dialog).__name__)
        act(dialog)

    QTimer.singleShot(0, run)
    return seen


def test_an_evening_at_the_desk_by_mouse(qtbot: QtBot, session: Session, clock: Clock) -> None:
    """Event → New event filled in and OK clicked, a card clicked open, the tap buttons
    clicked until a team is out, the board again, the filters clicked, the standings read."""
    from tablelife.ui.event_dialogs import NewEventDialog, StandingsDialog

    desk = make_desk(qtbot, session, clock, teams=2)

    def fill(dialog: QWidget) -> None:
        assert isinstance(dialog, NewEventDialog)
        dialog.name.setText("Tuesday 2HG")
        for team in ("Ann & Bob", "Cal & Dee", "Eve & Finn", "Gus & Hana"):
            qtbot.keyClicks(dialog.teams, team)
            qtbot.keyClick(dialog.teams, Qt.Key.Key_Return)
        dialog.rounds.setValue(2)
        buttons = dialog.findChild(QDialogButtonBox)
        assert buttons is not None
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)

    seen = _in_modal(qtbot, fill)
    _action(desk, "&New event…").trigger()
    assert seen == ["NewEventDialog"]
    assert desk.model.name == "Tuesday 2HG" and sorted(desk.board.cards) == [1, 2]
    with qtbot.waitActive(desk):  # the offscreen platform doesn't give it back by itself
        desk.activateWindow()

    for table, loser in ((1, "b"), (2, "a")):
        qtbot.mouseClick(desk.board.cards[table], Qt.MouseButton.LeftButton)
        view = desk.table_view
        assert view is not None and desk.stack.currentWidget() is view
        heads = (0, 1) if loser == "a" else (2, 3)
        # A click just after a modal dialog closed is the end of the click that closed it.
        qtbot.waitUntil(lambda v=view: not v.taps_guarded())
        for _ in range(6):  # 30 life in five-point taps, on one head: the team's total
            qtbot.mouseClick(button(view, heads[0], -5), Qt.MouseButton.LeftButton)
        qtbot.keyClick(desk, Qt.Key.Key_Return)
        assert view.model.game.over and desk.model.table(table).finished
        qtbot.mouseClick(desk.back_button, Qt.MouseButton.LeftButton)
        assert desk.stack.currentWidget() is desk.board

    qtbot.mouseClick(desk.filter_buttons["playing"], Qt.MouseButton.LeftButton)
    assert not any(card.isVisible() for card in desk.board.cards.values())
    qtbot.mouseClick(desk.filter_buttons["finished"], Qt.MouseButton.LeftButton)
    assert all(card.isVisible() for card in desk.board.cards.values())

    rows: list[list[str]] = []

    def read(dialog: QWidget) -> None:
        assert isinstance(dialog, StandingsDialog)
        table = dialog.table
        for r in range(table.rowCount()):
            rows.append([table.item(r, c).text() for c in range(table.columnCount())])
        dialog.reject()

    seen = _in_modal(qtbot, read)
    _action(desk, "&Standings…").trigger()
    assert seen == ["StandingsDialog"]
    assert len(rows) == 4
    assert [row[2] for row in rows] == ["3", "3", "0", "0"]  # points: two wins, two losses
    winners = {row[1] for row in rows[:2]}
    assert winners == {desk.model.table(1).teams[0], desk.model.table(2).teams[1]}


def test_a_drawn_game_at_the_open_table_gives_way_to_the_next_one_in_view(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    """MTR 9.1: a Two-Headed Giant game drawn with time left is replayed at the same table.
    The open view follows the new game: Ctrl+Z and the taps act on it (before, the view kept
    the deleted game and Ctrl+Z ended in a traceback)."""
    from tablelife.rules import DrawGame

    desk = make_desk(qtbot, session, clock)
    desk.model.toggle_clock()
    desk.open_table(1)
    view = desk.table_view
    assert view is not None
    first = view.model
    first.submit(DrawGame())
    second = desk.model.games[1]
    assert second is not first
    view = desk.table_view
    assert view is not None and view.model is second and desk.stack.currentWidget() is view
    # Staff read why the table is at 30 again (not the hint they had when they opened it).
    wait_said(
        qtbot, desk, "Table 1: the game is a draw with time left, so a new game starts (MTR 9.1)."
    )
    assert desk.undo_group.activeStack() is second.undo_stack
    qtbot.keyClick(desk, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # nothing to undo
    qtbot.mouseClick(button(view, 0, -5), Qt.MouseButton.LeftButton)
    qtbot.keyClick(desk, Qt.Key.Key_Return)
    assert second.game.life(0) == 25


def test_a_drawn_tracked_game_at_a_table_with_a_typed_result_starts_no_new_game(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    """MTR 9.1 replays a drawn game only for a table still without a result: one typed for
    it stands, and no new game is announced that would then be refused."""
    from tablelife.rules import DrawGame

    desk = make_desk(qtbot, session, clock)
    desk.model.toggle_clock()
    game = desk.model.open_game(1)
    assert game is not None
    type_command(qtbot, desk, "1 result a")
    game.submit(DrawGame())
    result = desk.model.table(1).result
    assert result is not None and result.outcomes["A1 & A2"] == "win"
    assert desk.model.games.get(1) is game
    wait_said(qtbot, desk, "Table 1: its game was drawn, but the result typed for it stands.")


def test_a_result_typed_while_the_game_goes_on_stands_when_the_game_ends_otherwise(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    """Staff type "1 result a" at a tracked table; its game then ends with team b winning.
    The typed result stands (it was silently replaced), and undoing the game's end leaves it
    standing too (it was wiped: "the game goes on, so its result was taken back")."""
    desk = make_desk(qtbot, session, clock)
    desk.model.toggle_clock()
    type_command(qtbot, desk, "1 a -3")
    type_command(qtbot, desk, "1 result a")
    type_command(qtbot, desk, "1 a -30")  # the game ends: team b wins it
    game = desk.model.games[1]
    assert game.game.over and game.game.winners == (1,)
    result = desk.model.table(1).result
    assert result is not None and result.outcomes["A1 & A2"] == "win"
    wait_said(qtbot, desk, "Table 1: its game is over, but the result typed for it stands.")
    type_command(qtbot, desk, "1 undo")
    assert not game.game.over
    result = desk.model.table(1).result
    assert result is not None and result.outcomes["A1 & A2"] == "win"


def test_a_typed_result_over_a_finished_game_can_be_cleared_back_to_the_game_s(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    # Found by a tester: "1 result clear" after a typed draw over a tracked win was refused,
    # saying the result came from the tracked game.
    desk = make_desk(qtbot, session, clock)
    desk.model.toggle_clock()
    type_command(qtbot, desk, "1 a -30")  # team b wins the game, and the table
    type_command(qtbot, desk, "1 result draw")
    result = desk.model.table(1).result
    assert result is not None and result.outcomes["B1 & B2"] == "draw"
    type_command(qtbot, desk, "1 result clear")
    wait_said(qtbot, desk, "Table 1: the typed result is taken back, and its game's result stands.")
    result = desk.model.table(1).result
    assert result is not None and result.outcomes["B1 & B2"] == "win"
    type_command(qtbot, desk, "1 result clear")  # the game's own: it goes back with an undo
    assert "tracked game" in desk.statusBar().currentMessage()
    assert desk.model.table(1).result is not None


def test_a_result_the_game_gave_goes_back_with_its_last_event(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    desk = make_desk(qtbot, session, clock)
    desk.model.toggle_clock()
    type_command(qtbot, desk, "1 a -30")
    result = desk.model.table(1).result
    assert result is not None and result.outcomes["B1 & B2"] == "win"
    type_command(qtbot, desk, "1 undo")
    assert desk.model.table(1).result is None
    wait_said(qtbot, desk, "Table 1: the game goes on, so its result was taken back.")


def test_a_table_opens_in_another_event_after_a_switch(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    """Ctrl+N's new event deletes the old one and its games; opening a table afterwards shows
    the new event's game (before: a traceback from the old, deleted one)."""
    desk = make_desk(qtbot, session, clock)
    desk.open_table(1)
    desk.switch_to(desk.model.another(EventSettings("Second"), TEAMS[:4]))
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)  # the old one goes
    desk.open_table(1)
    view = desk.table_view
    assert view is not None and view.model is desk.model.games[1]
    assert view.model.setup.team_names == desk.model.table(1).teams


def test_the_status_bar_s_hint_follows_the_round(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    """ "F5 starts the round clock" stayed up after F5 had started it."""
    desk = make_desk(qtbot, session, clock)
    assert desk.statusBar().currentMessage().startswith("F5 starts the round clock.")
    qtbot.keyClick(desk, Qt.Key.Key_F5)
    assert desk.model.clock_running
    assert desk.statusBar().currentMessage().startswith("Type a table number and Enter")
    type_command(qtbot, desk, "1 a -3")  # a message of its own is left alone by the next change
    said = desk.statusBar().currentMessage()
    assert said.startswith("Done")
    qtbot.keyClick(desk, Qt.Key.Key_F5)
    assert desk.statusBar().currentMessage() == said


def test_a_finished_round_s_clock_stops(qtbot: QtBot, session: Session, clock: Clock) -> None:
    """Once every table has its result the clock no longer counts (it ran on, red and below
    zero, above the standings), and F5 says what comes next instead."""
    desk = make_desk(qtbot, session, clock, teams=4)
    qtbot.keyClick(desk, Qt.Key.Key_F5)
    clock.now = T0 + 60
    desk.model.tick()
    assert desk.clock_label.text() == "49:00" and desk.start_button.isEnabled()
    desk.model.set_result(1, 0)
    desk.model.set_result(2, 1)
    clock.now = T0 + 3600
    desk.model.tick()
    assert desk.clock_label.text() == clock_text(None)
    assert not desk.model.clock_running
    assert not any(b.isEnabled() for b in (desk.start_button, desk.minus_button, desk.plus_button))
    said: list[str] = []
    desk.model.message.connect(said.append)
    qtbot.keyClick(desk, Qt.Key.Key_F5)
    assert said == ["Every table of round 1 has its result: pair the next round (Ctrl+P)."]


def test_undoing_a_pod_s_elimination_leaves_a_typed_draw_standing(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    """Only an undo of the event that ended the game takes its result back: bringing one
    team of a pod back is not that."""
    assert session.journal is not None
    event_id = new_event(
        session.journal, EventSettings("Pods", format="ffa", pod_size=3), TEAMS[:3]
    )
    model = EventModel(session.journal, event_id, clock=clock, idle_ms=3_600_000)
    model.pair_by_hand([TEAMS[:3]])
    desk = DeskWindow(model)
    qtbot.addWidget(desk)
    type_command(qtbot, desk, "1 c -20")  # C1 & C2 is out; the game goes on
    assert model.set_result(1, None)  # staff call the pod a draw
    type_command(qtbot, desk, "1 undo")  # C1 & C2 comes back
    result = model.table(1).result
    assert result is not None and result.outcomes["A1 & A2"] == "draw"


def test_the_top_cut_can_be_entered_by_hand(qtbot: QtBot, session: Session, clock: Clock) -> None:
    desk = make_desk(qtbot, session, clock, teams=4, rounds=1, top=4)
    for table in (1, 2):
        desk.model.set_result(table, 0)
    assert desk.model.cut_next
    tables, elimination = desk.model.tournament.pair_next(0)
    assert elimination
    assert desk.model.pair_by_hand([list(t) for t in tables], desk.model.cut_next)
    current = desk.model.tournament.current
    assert current is not None and current.elimination


def test_a_team_name_that_shows_nothing_is_refused(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    desk = make_desk(qtbot, session, clock, teams=4)
    said: list[str] = []
    desk.model.message.connect(said.append)
    assert not desk.model.add_team("\u3164")  # a Hangul filler: blank to the eye
    assert "shows nothing" in said[-1]
    assert not desk.model.add_team("\u034f")  # issue 28: a mark alone counted as something
    assert "shows nothing" in said[-1]
    assert not desk.model.add_team("\ufe0f & \ufe0f")
    assert "nobody on one side" in said[-1]


def test_a_finished_round_s_hint_points_to_the_next_one(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    desk = make_desk(qtbot, session, clock, teams=4)
    desk.model.set_result(1, 0)
    desk.model.set_result(2, 0)
    assert desk.statusBar().currentMessage() == (
        "Every table has its result: Ctrl+P pairs the next round."
    )


def test_a_desk_s_time_never_goes_back_before_the_event_s_latest_record(
    session: Session,
) -> None:
    # The computer's clock set back an hour between a kill and a restart: the round clock
    # carries on from the last record rather than giving every table its time back.
    import time

    assert session.journal is not None
    event_id = new_event(session.journal, EventSettings("Prerelease"), TEAMS[:4])
    before = [time.time() + 3600]  # the hour the computer's clock will lose
    ahead = EventModel(session.journal, event_id, clock=lambda: before[0])
    assert ahead.pair_next(seed=1) and ahead.toggle_clock()
    before[0] += 600
    assert ahead.add_minutes(1, 1)  # a record 10 minutes into the round
    again = EventModel(session.journal, event_id)  # the computer's own clock, an hour behind
    left = again.time_left()
    assert left is not None and round(left) == 40 * 60  # it was 50:00: ten minutes given back


def test_a_bye_gets_no_extension(qtbot: QtBot, session: Session, clock: Clock) -> None:
    # Found by a tester: "3 ext 4" at a bye was taken, and its card said "+4 min".
    assert session.journal is not None
    event_id = new_event(session.journal, EventSettings("Prerelease"), TEAMS[:5])
    desk = DeskWindow(EventModel(session.journal, event_id, clock=clock))
    qtbot.addWidget(desk)
    assert desk.model.pair_next(seed=1)
    bye = next(t.number for t in desk.model.tournament.current.tables if t.bye)  # type: ignore[union-attr]
    done, _ = desk.model.run(f"{bye} ext 4")
    assert not done
    wait_said(qtbot, desk, f"Table {bye} is a bye: nobody plays there.")
    assert desk.model.table(bye).extension == 0
    assert desk.model.run("1 ext 4")[0] and desk.model.table(1).extension == 240


def test_a_typed_result_is_read_back_in_names(qtbot: QtBot, session: Session, clock: Clock) -> None:
    # Found by a tester: "Done: 3 result b" named nobody; a name cut short on the card
    # ("Finished: Player050a & …") couldn't tell the winner from the loser.
    desk = make_desk(qtbot, session, clock)
    type_command(qtbot, desk, "3 result b")
    wait_said(qtbot, desk, "Table 3: F1 & F2 won.")
    assert desk.board.cards[3].status_label.text() == "Finished: b won"
    type_command(qtbot, desk, "2 result draw")
    wait_said(qtbot, desk, "Table 2: a draw.")


def test_a_card_with_an_extension_shows_its_own_time_left(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    # Found by a tester: staff had to add a table's extension to the round clock themselves.
    desk = make_desk(qtbot, session, clock)
    desk.model.add_minutes(2, 4)
    card = desk.board.cards[2]
    assert card.extension_label.text() == "+4 min"  # no time runs before the clock starts
    desk.model.toggle_clock()
    clock.now = T0 + 51 * 60
    desk.model.tick()
    assert card.extension_label.text() == "+4 min \u00b7 3:00"  # the round's time is up
    assert desk.board.cards[1].extension_label.text() == ""
    clock.now = T0 + 55 * 60
    desk.model.tick()
    assert card.extension_label.text() == "+4 min"  # its own time is up too


def test_a_best_of_three_table_plays_its_games_to_two_wins(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    # Found by a tester: at a best-of-three table the first tracked game decided the match,
    # recorded 1-0, and no game 2 began.
    desk = make_desk(qtbot, session, clock, teams=4, format="duel", best_of=3)
    desk.model.toggle_clock()
    type_command(qtbot, desk, "1 a -20")  # game 1: B1 & B2
    wait_said(qtbot, desk, "Table 1: game 1 to B1 & B2, 0-1: the next game begins.")
    assert desk.model.table(1).result is None
    (first,) = desk.model.table(1).earlier_games  # game 1, kept in the journal
    assert desk.model.games[1].game.life(0) == 20 and desk.model.games[1].game_id != first
    type_command(qtbot, desk, "1 b -20")  # game 2: A1 & A2
    wait_said(qtbot, desk, "Table 1: game 2 to A1 & A2, 1-1: the next game begins.")
    type_command(qtbot, desk, "1 a -20")  # game 3: B1 & B2, and the match
    wait_said(qtbot, desk, "Table 1: B1 & B2 wins the match, 2-1-0.")
    result = desk.model.table(1).result
    assert result is not None and dict(result.games) == {"A1 & A2": (1, 2, 0), "B1 & B2": (2, 1, 0)}
    assert result.outcomes["B1 & B2"] == "win"
    # After a restart the games are read back from the journal.
    again = EventModel(session.journal, desk.model.event_id, clock=clock)  # type: ignore[arg-type]
    assert again.match_score(again.table(1)) == (1, 2, 0)
    # The export names every game played at the table, for a judge (found by a tester).
    from tablelife.cli.event import export_data

    data = export_data(again.event_id, again.tournament, clock.now)
    (table_1,) = [t for t in data["rounds"][0]["tables"] if t["table"] == 1]
    assert len(table_1["earlier_game_ids"]) == 2 and table_1["game_id"] is not None


def test_a_best_of_three_match_at_time_goes_to_the_team_with_more_games(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    desk = make_desk(qtbot, session, clock, teams=4, format="duel", best_of=3)
    desk.model.toggle_clock()
    type_command(qtbot, desk, "2 b -20")  # game 1: C1 & C2
    wait_said(qtbot, desk, "Table 2: game 1 to C1 & C2, 1-0: the next game begins.")
    clock.now = T0 + 51 * 60
    desk.model.tick()
    for _ in range(6):  # the turn in progress, then 5 additional turns (MTR 2.4)
        desk.model.games[2].pass_turn()
    wait_said(qtbot, desk, "Table 2: C1 & C2 wins the match, 1-0-1.")
    result = desk.model.table(2).result
    assert result is not None and dict(result.games)["C1 & C2"] == (1, 0, 1)


def test_a_typed_best_of_three_result_takes_its_games(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    desk = make_desk(qtbot, session, clock, teams=4, format="duel", best_of=3)
    assert not desk.model.run("1 result a")[0]  # its games count toward GW%
    wait_said(
        qtbot,
        desk,
        "Table 1 plays best of 3: type the games too, won-lost(-drawn) from the winner's side, "
        "as in 1 result a 2-1.",
    )
    assert not desk.model.run("1 result a 1-2")[0]
    assert "won no more games than it lost" in desk.statusBar().currentMessage()
    assert not desk.model.run("1 result a 2-1-9")[0]
    assert "9 drawn games" in desk.statusBar().currentMessage()
    assert desk.model.run("1 result a 2-1")[0]
    assert desk.model.run("2 result draw 1-1-1")[0]
    one, two = desk.model.table(1).result, desk.model.table(2).result
    assert one is not None and dict(one.games)["A1 & A2"] == (2, 1, 0)  # type: ignore[arg-type]
    assert two is not None and set(two.outcomes.values()) == {"draw"}


def test_an_event_with_a_changed_entry_opens_read_only_up_to_it(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    import sqlite3

    desk = make_desk(qtbot, session, clock)
    desk.model.set_result(1, 0)
    desk.model.set_result(2, 1)
    assert session.journal is not None
    changed = session.journal.tournament_log(desk.model.event_id)[-1].seq  # table 2's result
    conn = sqlite3.connect(session.journal.path, isolation_level=None)
    conn.execute("DROP TRIGGER tournament_log_no_update")
    conn.execute(f"UPDATE tournament_log SET time = time + 1 WHERE seq = {changed}")
    conn.close()
    again = DeskWindow(EventModel(session.journal, desk.model.event_id, clock=clock))
    qtbot.addWidget(again)
    again.show()
    assert again.notice.isVisible() and f"log entry {changed}" in again.notice.text()
    assert "read-only" in again.notice.text()
    assert again.model.table(1).finished and not again.model.table(2).finished
    assert not again.model.run("3 result a")[0]
    assert again.model.table(3).result is None


def test_a_result_taken_back_after_time_is_not_called_again(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    # Found in review: "1 result a" then "1 result clear" after time: a second beep and banner.
    desk = make_desk(qtbot, session, clock)
    desk.model.toggle_clock()
    clock.now = T0 + 50 * 60 + 1
    calls: list[list[int]] = []
    desk.model.time_called.connect(calls.append)
    desk.model.tick()
    type_command(qtbot, desk, "1 result a")
    type_command(qtbot, desk, "1 result clear")
    desk.model.tick()
    assert calls == [[1, 2, 3, 4]]
    assert desk.model.called_tables == [1, 2, 3, 4]  # it plays its turns again, still called


def _best_of_three(qtbot: QtBot, session: Session, clock: Clock, **kw: object) -> DeskWindow:
    return make_desk(qtbot, session, clock, teams=4, format="duel", best_of=3, **kw)


def test_single_elimination_at_time_goes_to_the_team_ahead_in_games_not_on_life(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    # Found in review: a won game 1; game 2 unfinished at time went to b on life, and an
    # untimed game 3 followed. MTR 2.4: life decides only when the games are level.
    desk = _best_of_three(qtbot, session, clock, rounds=1, top=4)
    for table in (1, 2):
        desk.model.set_result(table, 0, (2, 0, 0))
    assert desk.model.pair_next(seed=1) and desk.model.tournament.current.elimination  # type: ignore[union-attr]
    type_command(qtbot, desk, "1 b -20")  # game 1: team a
    type_command(qtbot, desk, "1 a -5")  # game 2: b ahead on life
    call_time(desk, clock)
    for _ in range(6):
        desk.model.games[1].pass_turn()
    result = desk.model.table(1).result
    assert result is not None and result.games is not None
    winner = desk.model.table(1).teams[0]
    assert result.outcomes[winner] == "win" and dict(result.games)[winner] == (1, 0, 1)


def test_a_match_result_from_its_games_goes_back_with_the_end_that_gave_it(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    # Found in review: a 1-1 match drawn at time was "cleared" into a win for b without games,
    # and an undo of game 2's last event left the draw standing while game 2 played on.
    desk = _best_of_three(qtbot, session, clock)
    type_command(qtbot, desk, "1 b -20")  # game 1: a
    call_time(desk, clock)
    type_command(qtbot, desk, "1 a -20")  # game 2 during the turns: b, 1-1, a draw at time
    result = desk.model.table(1).result
    assert result is not None and set(result.outcomes.values()) == {"draw"}
    type_command(qtbot, desk, "1 result clear")  # the match's own: refused, it says how
    assert "type 1 undo" in desk.statusBar().currentMessage()
    assert desk.model.table(1).result == result
    type_command(qtbot, desk, "1 undo")
    assert desk.model.table(1).result is None and not desk.model.games[1].game.over


def test_undo_at_a_game_not_yet_begun_goes_back_to_the_game_before(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    # Found in review: "1 a -20" by mistake ended game 1, game 2 began, and "1 undo" said
    # there was nothing to undo: the slip counted in the match for good.
    desk = _best_of_three(qtbot, session, clock)
    type_command(qtbot, desk, "1 a -20")
    wait_said(qtbot, desk, "Table 1: game 1 to B1 & B2, 0-1: the next game begins.")
    first = desk.model.table(1).earlier_games[0]
    type_command(qtbot, desk, "1 undo")
    assert desk.model.table(1).game_id == first and desk.model.table(1).earlier_games == ()
    game = desk.model.games[1]
    assert not game.game.over and game.game.life(0) == 20
    assert desk.model.match_score(desk.model.table(1)) == (0, 0, 0)
    # And the journal agrees after a restart.
    again = EventModel(session.journal, desk.model.event_id, clock=clock)  # type: ignore[arg-type]
    assert again.table(1).game_id == first and again.table(1).earlier_games == ()


def test_drawn_games_counted_at_a_table_are_not_held_to_the_typing_guard(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    from tablelife.rules import Damage

    desk = _best_of_three(qtbot, session, clock)
    desk.model.toggle_clock()
    desk.model.open_game(1)
    for _ in range(4):  # four drawn games: both players at 0 at once
        desk.model.games[1].submit(Damage(0, 20), Damage(1, 20))
    assert desk.model.match_score(desk.model.table(1)) == (0, 0, 4)
    clock.now += 51 * 60  # time: the match is a draw, with its four drawn games
    desk.model.tick()
    desk.model.games[1].submit(Damage(0, 20), Damage(1, 20))
    result = desk.model.table(1).result
    assert result is not None and dict(result.games)["A1 & A2"] == (0, 0, 5)  # type: ignore[arg-type]


def test_a_typed_result_over_a_drawn_game_clears_back_to_the_draw(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    from tablelife.rules import Damage

    desk = make_desk(qtbot, session, clock)
    call_time(desk, clock)
    model = desk.model.open_game(1)
    assert model is not None
    model.submit(Damage(0, 30), Damage(2, 30))  # both teams at 0 at once, after time
    result = desk.model.table(1).result
    assert result is not None and set(result.outcomes.values()) == {"draw"}
    type_command(qtbot, desk, "1 result a")
    type_command(qtbot, desk, "1 result clear")  # refused before, and undo couldn't either
    wait_said(qtbot, desk, "Table 1: the typed result is taken back, and its game's result stands.")
    result = desk.model.table(1).result
    assert result is not None and set(result.outcomes.values()) == {"draw"}


def test_an_undo_after_a_match_decided_at_time_takes_it_back_even_with_time_given_since(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    # Found by a tester: decided at time, then "+1 min" on the round clock, then "1 undo":
    # the game was back in play and the table still "Finished: a won".
    desk = _best_of_three(qtbot, session, clock)
    call_time(desk, clock)
    type_command(qtbot, desk, "2 turn")
    type_command(qtbot, desk, "1 b -20")  # game 1 at time: the match to a, 1-0-0
    assert desk.model.table(1).finished
    desk.model.adjust_clock(2)  # two more minutes for the whole round, after the fact
    type_command(qtbot, desk, "1 undo")
    assert not desk.model.games[1].game.over and desk.model.table(1).result is None


def test_no_time_for_a_table_in_its_additional_turns_or_with_its_result(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    # Found by a tester: "1 ext 3" in turn 3 of 5 called the table again at "turn 3 of 5".
    desk = make_desk(qtbot, session, clock)
    call_time(desk, clock)
    type_command(qtbot, desk, "1 turn")
    assert not desk.model.run("1 ext 3")[0]
    wait_said(
        qtbot,
        desk,
        "Table 1 is in its additional turns, which count turns, not time (MTR 2.4): more time "
        "changes nothing. 1 turn -1 takes a turn back.",
    )
    type_command(qtbot, desk, "2 result a")
    assert not desk.model.run("2 ext 3")[0]
    wait_said(qtbot, desk, "Table 2 has its result: it needs no more time.")
    assert desk.model.run("3 ext 3")[0]  # called, its turn in progress: more time is more time
    assert "Tables 1, 4:" in desk.time_banner.text()  # 3 plays on; 2 is done


def test_ctrl_z_at_an_open_table_goes_back_a_game_as_undo_does(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    desk = _best_of_three(qtbot, session, clock)
    desk.open_table(1)
    type_command(qtbot, desk, "1 a -20")  # game 1 ends by mistake; game 2 begins
    assert len(desk.model.table(1).earlier_games) == 1
    desk.undo_action.trigger()
    assert desk.model.table(1).earlier_games == () and not desk.model.games[1].game.over


def test_an_untracked_best_of_three_table_at_the_end_of_its_turns_asks_for_its_games(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    # Found by a tester: a draw with no games was recorded (0-0-1 for GW%, a 1-1-1 is 44%).
    desk = _best_of_three(qtbot, session, clock)
    call_time(desk, clock)
    for _ in range(6):
        type_command(qtbot, desk, "2 turn")
    assert desk.model.table(2).result is None
    assert "Type the match's result with its games" in desk.statusBar().currentMessage()


def test_going_back_a_game_that_can_t_be_read_changes_nothing(
    qtbot: QtBot, session: Session, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Found in review: the next game was abandoned before the one before was read; when that
    # failed, the view kept a deleted game and the next redo crashed.
    from tablelife.store import JournalError

    desk = _best_of_three(qtbot, session, clock)
    desk.open_table(1)
    type_command(qtbot, desk, "1 a -20")
    table = desk.model.table(1)
    playing = desk.model.games[1]

    def unreadable(*args: object, **kw: object) -> GameModel:
        raise JournalError("the disk said no")

    monkeypatch.setattr(GameModel, "restore", unreadable)
    desk.undo_action.trigger()
    assert "the disk said no" in desk.statusBar().currentMessage()
    assert desk.model.table(1) == table and desk.model.games[1] is playing
    # Whatever was let go is deleted now (not after a wait): the game shown must outlive it.
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    desk.redo_action.trigger()  # no crash: the game shown is the one still there
    assert desk.model.games[1] is playing and not playing.game.over


def test_undo_at_a_next_game_whose_events_were_undone_stays_in_it(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    desk = _best_of_three(qtbot, session, clock)
    type_command(qtbot, desk, "1 a -20")  # game 1 ends; game 2 begins
    type_command(qtbot, desk, "1 b -3")
    type_command(qtbot, desk, "1 undo")
    assert not desk.model.run("1 undo")[0]  # its redo is kept: no going back over it
    assert len(desk.model.table(1).earlier_games) == 1
    assert desk.model.games[1].undo_stack.canRedo()


def test_the_end_of_the_turns_reads_back_a_tracked_game_first(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    desk = _best_of_three(qtbot, session, clock)
    desk.model.toggle_clock()
    type_command(qtbot, desk, "1 b -20")  # game 1: a
    type_command(qtbot, desk, "1 a -3")  # game 2 under way
    clock.now += 51 * 60
    again = EventModel(session.journal, desk.model.event_id, clock=clock)  # type: ignore[arg-type]
    game = again.open_game(1)  # opened before the games are read back: read first
    assert game is not None
    for _ in range(6):
        game.pass_turn()
    result = again.table(1).result
    assert result is not None and dict(result.games)["A1 & A2"] == (1, 0, 1)  # type: ignore[arg-type]


def test_going_back_a_game_whose_undo_can_t_be_saved_leaves_the_table_as_it_was(
    qtbot: QtBot, session: Session, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tablelife.store import Journal, JournalError

    desk = _best_of_three(qtbot, session, clock)
    desk.open_table(1)
    type_command(qtbot, desk, "1 a -20")
    table, playing = desk.model.table(1), desk.model.games[1]
    append = Journal.append

    def full(self: Journal, game_id: int, kind: str, *args: object, **kw: object) -> object:
        if kind == "undo":
            raise JournalError("the disk is full")
        return append(self, game_id, kind, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(Journal, "append", full)
    assert not desk.model.undo_at(1)
    monkeypatch.undo()
    assert desk.model.table(1).game_id == table.game_id
    assert desk.model.table(1).earlier_games == table.earlier_games
    assert desk.model.games[1] is playing and not playing.game.over
    type_command(qtbot, desk, "1 b -3")  # the next game plays on
    assert playing.game.life(1) == 17
    again = EventModel(session.journal, desk.model.event_id, clock=clock)  # type: ignore[arg-type]
    assert again.table(1).game_id == table.game_id
    assert again.table(1).earlier_games == table.earlier_games


# ----- a table's step and what follows from it: one transaction -------------------------------


def _refusing(monkeypatch: pytest.MonkeyPatch, method: str, when: Callable[..., bool]) -> None:
    """Makes the journal's `method` fail (a full disk, say) for the calls `when` picks."""
    from tablelife.store import Journal, StorageError

    real = getattr(Journal, method)

    def failing(self: Journal, *args: object, **kwargs: object) -> object:
        if when(*args, **kwargs):
            raise StorageError("The disk is full. Nothing was changed.")
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Journal, method, failing)


def _journal_counts(session: Session) -> tuple[int, int, int]:
    assert session.journal is not None
    conn = session.journal.connection
    return (
        int(conn.execute("SELECT count(*) FROM events").fetchone()[0]),
        int(conn.execute("SELECT count(*) FROM tournament_log").fetchone()[0]),
        int(conn.execute("SELECT count(*) FROM games WHERE ended IS NOT NULL").fetchone()[0]),
    )


def test_a_game_s_end_and_its_table_s_result_are_one_step(
    qtbot: QtBot, session: Session, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The result can't be saved: so the end that gives it isn't either, and the table plays
    on as the journal has it. Before, the end was saved and the result was left for a
    restart to patch in."""
    desk = make_desk(qtbot, session, clock, teams=4, format="duel")
    type_command(qtbot, desk, "1 a -3")
    before = _journal_counts(session)
    _refusing(monkeypatch, "log", lambda event, kind, *a, **kw: kind == "result")
    type_command(qtbot, desk, "1 a -17")
    assert _journal_counts(session) == before
    game = desk.model.games[1].game
    assert not game.over and game.life(0) == 17
    assert desk.model.table(1).result is None
    assert "Not saved" in desk.statusBar().currentMessage()
    monkeypatch.undo()
    type_command(qtbot, desk, "1 a -17")  # the disk has room again: the end and its result
    assert desk.model.table(1).result is not None
    assert _journal_counts(session) == (before[0] + 1, before[1] + 1, before[2] + 1)


def test_a_game_s_end_and_the_next_game_of_its_match_are_one_step(
    qtbot: QtBot, session: Session, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    desk = _best_of_three(qtbot, session, clock)
    type_command(qtbot, desk, "1 a -3")
    first = desk.model.games[1]
    before = _journal_counts(session)
    _refusing(monkeypatch, "new_game", lambda *a, **kw: True)
    type_command(qtbot, desk, "1 a -17")
    assert _journal_counts(session) == before
    assert desk.model.games[1] is first and not first.game.over
    assert desk.model.table(1).earlier_games == ()
    monkeypatch.undo()
    type_command(qtbot, desk, "1 a -17")
    assert len(desk.model.table(1).earlier_games) == 1 and desk.model.games[1] is not first
    again = EventModel(session.journal, desk.model.event_id, clock=clock)  # type: ignore[arg-type]
    again.read_all()
    assert again.table(1).game_id == desk.model.table(1).game_id
    assert not again.games[1].game.over and again.match_score(again.table(1)) == (0, 1, 0)


def test_undoing_a_game_s_end_takes_its_result_back_in_the_same_step(
    qtbot: QtBot, session: Session, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    desk = make_desk(qtbot, session, clock, teams=4, format="duel")
    type_command(qtbot, desk, "1 a -20")
    assert desk.model.table(1).result is not None
    before = _journal_counts(session)
    _refusing(monkeypatch, "log", lambda event, kind, *a, **kw: kind == "result_cleared")
    type_command(qtbot, desk, "1 undo")
    assert _journal_counts(session) == before
    assert desk.model.games[1].game.over and desk.model.table(1).result is not None
    monkeypatch.undo()
    type_command(qtbot, desk, "1 undo")
    assert not desk.model.games[1].game.over and desk.model.table(1).result is None
    assert _journal_counts(session) == (before[0] + 1, before[1] + 1, before[2] - 1)


def test_taps_pending_when_the_next_round_is_paired_belong_to_their_own_round(
    qtbot: QtBot, session: Session, clock: Clock
) -> None:
    """Found in review: a lethal tap still pending at a table whose result was typed, then
    the next round paired: the tap's game end gave round 2's table 1 a result for a match
    never played; with fewer tables in round 2, the pairing raised."""
    desk = make_desk(qtbot, session, clock, teams=6, format="duel")
    model = desk.model
    third = model.open_game(3)
    assert third is not None
    for line in ("1 result a", "2 result a", "3 result a"):
        assert model.run(line)[0]
    assert model.drop_team(TEAMS[4]) and model.drop_team(TEAMS[5])
    third.stage_life(0, -20)  # lethal, still pending when round 2 is paired
    assert model.pair_by_hand([[TEAMS[0], TEAMS[2]], [TEAMS[1], TEAMS[3]]])
    assert model.tournament.current is not None and model.tournament.current.number == 2
    assert all(t.result is None for t in model.tournament.current.tables)
    assert model.games == {}
    fresh = model.open_game(1)
    assert fresh is not None and fresh is not third
    assert tuple(fresh.setup.names) == (TEAMS[0], TEAMS[2])  # round 2's table 1: A v C


def test_a_typed_result_taken_back_and_the_next_game_are_one_step(
    qtbot: QtBot, session: Session, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found in review: `12 result clear` at a best-of-three table whose games don't decide
    the match took the result back and began the next game in two steps; the second failing
    left an ended game with no result and no next game."""
    from tablelife.rules import Concede

    desk = _best_of_three(qtbot, session, clock)
    model = desk.model
    game = model.open_game(1)
    assert game is not None and model.run("1 result a 2-0")[0]
    assert game.submit(Concede(1))  # game 1 ends; the typed result stands
    before = _journal_counts(session)
    _refusing(monkeypatch, "new_game", lambda *a, **kw: True)
    assert not model.run("1 result clear")[0]
    assert _journal_counts(session) == before
    assert model.table(1).result is not None and model.games[1] is game
    monkeypatch.undo()
    assert model.run("1 result clear")[0]
    assert model.table(1).result is None and len(model.table(1).earlier_games) == 1
    assert not model.games[1].game.over


def test_going_back_a_game_is_one_step(
    qtbot: QtBot, session: Session, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found in review: going back to the game before took three steps (the table's record,
    the undo, the unplayed game set aside); a failing one left them out of step."""
    desk = _best_of_three(qtbot, session, clock)
    type_command(qtbot, desk, "1 a -20")  # game 1 ends; game 2 begins
    unplayed = desk.model.games[1]
    before = _journal_counts(session)
    _refusing(monkeypatch, "finish", lambda *a, **kw: True)
    assert not desk.model.run("1 undo")[0]
    assert _journal_counts(session) == before
    assert desk.model.games[1] is unplayed and len(desk.model.table(1).earlier_games) == 1
    monkeypatch.undo()
    assert desk.model.run("1 undo")[0]
    assert desk.model.table(1).earlier_games == () and not desk.model.games[1].game.over
    assert session.journal is not None
    result = session.journal.game(unplayed.game_id or 0).result
    assert result is not None and result.get("abandoned")


def test_the_end_of_the_turns_that_could_not_be_saved_is_tried_again_by_the_next_turn(
    qtbot: QtBot, session: Session, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found in review: after the last additional turn the game's end (MTR 2.4) couldn't be
    saved, staff were told the teams play on, and "1 turn" was refused from then on."""
    from tablelife.rules import Damage

    desk = make_desk(qtbot, session, clock, teams=4, format="duel")
    model = desk.model
    game = model.open_game(1)
    assert game is not None and game.submit(Damage(0, 3))
    call_time(desk, clock)
    state = model.table(1)
    for _ in range(model.tournament.additional_turns(state)):
        assert game.pass_turn()
    ending = lambda *a, **kw: any(type(c).__name__ == "EndOfMatch" for c in a[2])  # noqa: E731
    _refusing(monkeypatch, "append", ending)
    assert game.pass_turn()  # the last turn is counted; the end it brings can't be saved
    assert model.table(1).result is None and not game.game.over
    monkeypatch.undo()
    turns = model.table(1).turns
    assert model.run("1 turn")[0]
    assert model.table(1).turns == turns  # no turn counted twice: the end is tried again
    result = model.table(1).result
    assert game.game.over and result is not None
    assert set(result.outcomes.values()) == {"draw"}  # MTR 2.4: an unfinished Swiss game
