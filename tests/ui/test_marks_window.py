"""Issue 26 at the kitchen table: who goes first (CR 103.1), dice and a coin, and the counters
players reach for (the monarch, the initiative, commander tax, player counters, the storm
count, day and night), driven by keys, clicks and menus on a real window."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QPoint, QSettings, Qt
from PySide6.QtGui import QContextMenuEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMenu
from pytestqt.qtbot import QtBot

from tablelife.model.game_model import GameModel
from tablelife.model.session import Session
from tablelife.model.settings import Settings
from tablelife.rules import (
    BecomeMonarch,
    CastCommander,
    Concede,
    DrawGame,
    FreeForAll,
    RollDie,
    StartingTeam,
    TwoHeadedGiant,
)
from tablelife.rules.setup import GameSetup
from tablelife.ui.main_window import MainWindow
from tablelife.ui.marks import Chip, PlayerMarks
from tests.ui.conftest import Factory
from tests.ui.helpers import click

SHIFT = Qt.KeyboardModifier.ShiftModifier
POD = ("Ann", "Bob", "Cal", "Dee")


def dice(window: MainWindow, *results: int) -> None:
    """The window's dice show `results`, in order."""
    it = iter(results)
    window.model.dice = lambda sides: next(it)


def chips(window: MainWindow, team: int) -> list[str]:
    """The chips on a team's panel, as their text."""
    row = window.table.panels[team].findChild(PlayerMarks)
    return [c.text() for c in row.chips] if row is not None and row.isVisible() else []


def history(window: MainWindow) -> list[str]:
    return [
        window.history.row_texts(window.model, i, e)[1]
        for i, e in enumerate(window.model.game.history)
    ]


@pytest.fixture
def commander(make_window: Factory) -> MainWindow:
    return make_window(FreeForAll(players=4, starting_life=40, commander=True), names=POD)


@pytest.fixture
def giant(make_window: Factory) -> MainWindow:
    return make_window(TwoHeadedGiant(), names=POD)


# ----- who goes first -----------------------------------------------------------------------


def test_103_1_s_makes_the_selected_players_team_start_and_keeps_the_first_draw_reminder(
    qtbot: QtBot, giant: MainWindow
) -> None:
    table = giant.table
    assert giant.model.game.active == 0 and "Die roll: Ann & Bob start" in table.banner.text()
    assert table.marks.start_button.isVisible()
    qtbot.keyClick(giant, Qt.Key.Key_3)  # Cal, of Cal & Dee
    qtbot.keyClick(giant, Qt.Key.Key_S)
    game = giant.model.game
    assert (game.active, game.turn, game.begun) == (1, 1, False)  # a start choice, not a turn
    assert table.banner.text() == (
        "Chosen at the table: Cal & Dee start. The starting team skips its first draw (CR 103.8b)."
    )
    assert table.panels[1].turn_label.text() == "\u25b6 turn 1"
    assert history(giant) == ["starting: Cal & Dee, chosen at the table (CR 103.1)"]
    qtbot.keyClick(giant, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert game.active == 0 and "Die roll: Ann & Bob start" in table.banner.text()


def test_103_1_once_the_game_has_begun_s_says_why_not_and_the_button_goes(
    qtbot: QtBot, giant: MainWindow
) -> None:
    click(qtbot, giant, 0, -1)
    giant.resolve_action.trigger()
    assert not giant.table.marks.start_button.isVisible()
    qtbot.keyClick(giant, Qt.Key.Key_3)
    with qtbot.waitSignal(giant.model.message) as said:
        qtbot.keyClick(giant, Qt.Key.Key_S)
    assert said.args[0].startswith("The game has begun: who starts can't change now (CR 103.1)")
    assert giant.model.game.active == 0 and giant.model.game.position == 1


def test_103_1_taps_pending_stay_pending_through_a_start_choice(
    qtbot: QtBot, giant: MainWindow
) -> None:
    click(qtbot, giant, 0, -1)
    giant.table.marks.start_button.open_menu().actions()[1].trigger()  # "Cal & Dee start"
    assert giant.model.game.active == 1 and giant.model.pending(0) == (-1, 0)
    giant.resolve_action.trigger()
    assert giant.model.game.life(0) == 29 and giant.model.game.begun


def test_103_1_f_rolls_for_first_shows_the_roll_big_and_keeps_it_in_the_history(
    qtbot: QtBot, commander: MainWindow
) -> None:
    dice(commander, 12, 17, 3, 17, 9, 14)  # Bob and Dee tie; Dee's 14 beats Bob's 9
    flash = commander.table.marks.flash
    flash.timer.setInterval(50)
    qtbot.keyClick(commander, Qt.Key.Key_F)
    assert commander.model.game.active == 3
    assert flash.isVisible() and flash.text() == "Dee starts: 14"
    assert commander.table.banner.text().startswith("Rolled for first: Dee starts.")
    assert "Nobody skips their first draw" in commander.table.banner.text()
    assert history(commander)[0].startswith("d20 for Ann: 12, d20 for Bob: 17")
    qtbot.waitUntil(lambda: not flash.isVisible())


def test_103_1_n_before_the_first_event_is_a_turn_and_says_how_to_choose_instead(
    qtbot: QtBot, giant: MainWindow
) -> None:
    with qtbot.waitSignal(giant.model.message) as said:
        qtbot.keyClick(giant, Qt.Key.Key_N)
    assert giant.model.game.turn == 2
    assert "To choose who starts instead, undo it (Ctrl+Z), then press S." in said.args[0]


def test_mtr_2_2_a_desk_table_never_chooses_again(qtbot: QtBot) -> None:
    model = GameModel(GameSetup(TwoHeadedGiant()))
    model.follow = lambda kind, before, after: None  # hosted by an event's desk
    with qtbot.waitSignal(model.message) as said:
        assert not model.choose_start(1)
    assert "tournament rules decide who goes first (MTR 2.2)" in said.args[0]
    assert not model.roll_for_first()
    assert model.game.position == 0 and model.game.active == 0


def test_103_1_the_choice_is_journaled_and_a_restart_shows_it(qtbot: QtBot, tmp_path: Path) -> None:
    session = Session(tmp_path / "data")
    try:
        model = session.new_game(GameSetup(TwoHeadedGiant(), names=POD), 60_000)
        model.choose_start(1)
        assert session.journal is not None and model.game_id is not None
        events = session.journal.events(model.game_id)
        assert [e.changes for e in events] == [(StartingTeam(1),)]
        again = session.resume(60_000, fast=True)
        assert again is not None and again.game.active == 1
        again.ensure_replayed()
        assert again.before_first_event and again.game.history[0].changes == (StartingTeam(1),)
    finally:
        session.close()


# ----- the next game of a match -------------------------------------------------------------


@pytest.fixture
def saved(qtbot: QtBot, tmp_path: Path) -> Iterator[MainWindow]:
    """A journaled two-player window, as the app builds it."""
    session = Session(tmp_path / "data")
    settings = Settings(QSettings(str(tmp_path / "w.ini"), QSettings.Format.IniFormat))

    def new_model(setup: GameSetup) -> GameModel:
        return session.new_game(setup, 60_000)

    window = MainWindow(
        new_model(GameSetup(FreeForAll(players=2), POD[:2])), settings, new_model, session
    )
    qtbot.addWidget(window)
    window.resize(1366, 768)
    with qtbot.waitActive(window):
        window.show()
        window.activateWindow()
    yield window
    window.close()
    session.close()


def test_103_1_the_loser_of_the_last_game_chooses_who_starts_the_next(
    qtbot: QtBot, saved: MainWindow
) -> None:
    assert not saved.next_game_action.isEnabled()  # not before the game is over
    saved.model.submit(Concede(1))  # Bob concedes: Ann wins
    assert saved.next_game_action.isEnabled()
    first = saved.model.game_id
    saved.next_game_action.trigger()
    model = saved.model
    assert model.game_id != first and model.game.active == 1 and model.game.chooser == 1
    said = saved.statusBar().currentMessage()
    assert said.startswith("The next game: Bob lost the last one, so Bob chooses who starts")
    assert saved.table.banner.text().startswith("Bob chooses who starts (CR 103.1): Bob starts.")
    assert "The starting player skips their first draw (CR 103.8a)" in saved.table.banner.text()
    # Written with the game, in one step: a restart knows who chose.
    journal = saved.session.journal  # type: ignore[union-attr]
    assert [e.changes for e in journal.events(model.game_id)] == [(StartingTeam(1, 1),)]
    # Bob would rather draw: Ann starts, and Bob is still the one who chose.
    qtbot.keyClick(saved, Qt.Key.Key_1)
    qtbot.keyClick(saved, Qt.Key.Key_S)
    assert model.game.active == 0 and model.game.chooser == 1
    # A drawn game: whoever chose then (Bob) chooses again.
    model.submit(DrawGame())
    saved.next_game_action.trigger()
    assert saved.model.game.chooser == 1 and saved.model.game.active == 1
    assert (
        saved.statusBar()
        .currentMessage()
        .startswith(
            "The next game: the last one was a draw, so Bob chooses again, as then (CR 103.1)"
        )
    )


def test_103_1_where_several_players_lost_the_table_chooses_or_rolls(
    qtbot: QtBot, commander: MainWindow
) -> None:
    commander.model.submit(Concede(1))
    commander.model.submit(Concede(2), Concede(3))  # Ann is the last one standing
    commander.next_game_action.trigger()
    model = commander.model
    assert model.game.position == 0 and model.game.chooser is None
    assert "several players lost the last one, so the table chooses who starts (S) or rolls" in (
        commander.statusBar().currentMessage()
    )
    assert model.game.names == POD and commander.table.marks.start_button.isVisible()


# ----- dice and a coin ----------------------------------------------------------------------


def test_706_705_d20_d6_and_a_coin_are_kept_in_the_history_and_shown_big(
    qtbot: QtBot, giant: MainWindow
) -> None:
    click(qtbot, giant, 2, -5)
    dice(giant, 17, 4, 1)
    flash = giant.table.marks.flash
    qtbot.keyClick(giant, Qt.Key.Key_D)
    assert flash.isVisible() and flash.text() == "d20: 17"
    qtbot.keyClick(giant, Qt.Key.Key_D, SHIFT)
    assert flash.text() == "d6: 4"
    qtbot.keyClick(giant, Qt.Key.Key_C)
    assert flash.text() == "Heads"
    assert history(giant) == ["d20: 17", "d6: 4", "coin flip: heads"]
    assert giant.model.pending(2) == (-5, 0)  # a roll moves no total: the tap still waits
    assert not giant.model.game.begun  # and who starts can still be chosen
    assert giant.model.game.history[0].changes == (RollDie(20, 17),)


# ----- the counters players reach for -------------------------------------------------------


def test_724_725_the_monarch_and_the_initiative_are_shown_on_the_holders_panel(
    qtbot: QtBot, commander: MainWindow
) -> None:
    qtbot.keyClick(commander, Qt.Key.Key_2)
    qtbot.keyClick(commander, Qt.Key.Key_K)
    qtbot.keyClick(commander, Qt.Key.Key_I)
    assert chips(commander, 1) == ["\u265b monarch", "\u2694 initiative"]
    qtbot.keyClick(commander, Qt.Key.Key_3)
    qtbot.keyClick(commander, Qt.Key.Key_K)  # taking it moves it (CR 724.3)
    assert chips(commander, 1) == ["\u2694 initiative"]
    assert chips(commander, 2) == ["\u265b monarch"]
    tip = commander.table.panels[2].findChild(PlayerMarks).chips[0].toolTip()  # type: ignore[union-attr]
    assert "CR 724.4" in tip
    assert history(commander)[-1] == "Cal becomes the monarch"
    qtbot.keyClick(commander, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert chips(commander, 2) == [] and chips(commander, 1)[0] == "\u265b monarch"


def test_724_4_the_monarch_leaving_passes_it_on_and_says_so(
    qtbot: QtBot, commander: MainWindow
) -> None:
    commander.model.submit(BecomeMonarch(2))
    with qtbot.waitSignal(commander.model.message) as said:
        commander.model.submit(Concede(2))
    assert said.args[0] == "Cal left the game as the monarch: Ann becomes the monarch (CR 724.4)."
    assert chips(commander, 0) == ["\u265b monarch"] and chips(commander, 2) == []


def test_903_8_commander_tax_counts_each_cast_and_partners_apart(
    qtbot: QtBot, commander: MainWindow
) -> None:
    qtbot.keyClick(commander, Qt.Key.Key_2)
    qtbot.keyClick(commander, Qt.Key.Key_T)
    qtbot.keyClick(commander, Qt.Key.Key_T)
    assert chips(commander, 1) == ["tax +4"]
    with qtbot.waitSignal(commander.model.message) as said:
        qtbot.keyClick(commander, Qt.Key.Key_T, SHIFT)  # no partner marked: refused in words
    assert said.args[0].startswith("Bob plays one commander.")
    commander.model.set_partners(1, True)
    qtbot.keyClick(commander, Qt.Key.Key_T, SHIFT)
    assert chips(commander, 1) == ["tax +4", "tax\u2082 +2"]
    chip = commander.table.panels[1].findChild(PlayerMarks).chips[0]  # type: ignore[union-attr]
    QApplication.sendEvent(
        chip,
        QContextMenuEvent(
            QContextMenuEvent.Reason.Mouse, QPoint(2, 2), chip.mapToGlobal(QPoint(2, 2))
        ),
    )  # a right-click takes a cast back
    assert commander.model.game.tax(1) == 2
    qtbot.mouseClick(chip, Qt.MouseButton.LeftButton)
    assert commander.model.game.tax(1) == 4
    assert commander.model.game.history[-1].changes == (CastCommander(1, 0, 1),)


def test_122_1_player_counters_are_shown_only_above_zero(qtbot: QtBot, giant: MainWindow) -> None:
    qtbot.keyClick(giant, Qt.Key.Key_2)  # Bob, of Ann & Bob
    for key in (Qt.Key.Key_E, Qt.Key.Key_E, Qt.Key.Key_X, Qt.Key.Key_R, Qt.Key.Key_U):
        qtbot.keyClick(giant, key)
    # Two heads on a panel: each chip says whose it is.
    assert chips(giant, 0) == ["Bob: \u26a12", "Bob: \u26051", "Bob: \u26221", "Bob: \u27261"]
    qtbot.keyClick(giant, Qt.Key.Key_X, SHIFT)
    qtbot.keyClick(giant, Qt.Key.Key_R, SHIFT)
    qtbot.keyClick(giant, Qt.Key.Key_U, SHIFT)
    assert chips(giant, 0) == ["Bob: \u26a12"]
    with qtbot.waitSignal(giant.model.message) as said:
        qtbot.keyClick(giant, Qt.Key.Key_R, SHIFT)
    assert said.args[0] == "Bob has 0 rad counters: no more to remove (CR 122.1)."
    qtbot.keyClick(giant, Qt.Key.Key_E, SHIFT)
    qtbot.keyClick(giant, Qt.Key.Key_E, SHIFT)
    assert chips(giant, 0) == [] and not giant.table.panels[0].findChild(PlayerMarks).isVisible()  # type: ignore[union-attr]


def test_702_40a_502_2_the_storm_count_and_day_or_night_are_the_tables(
    qtbot: QtBot, giant: MainWindow
) -> None:
    label = giant.table.marks.table_label
    assert not label.isVisible()
    qtbot.keyClick(giant, Qt.Key.Key_P)
    qtbot.keyClick(giant, Qt.Key.Key_P)
    qtbot.keyClick(giant, Qt.Key.Key_Y)
    assert label.isVisible() and label.text() == "\u2600 day  \u00b7  storm 2"
    qtbot.keyClick(giant, Qt.Key.Key_P, SHIFT)
    qtbot.keyClick(giant, Qt.Key.Key_Y)
    assert label.text() == "\u263e night  \u00b7  storm 1"
    qtbot.keyClick(giant, Qt.Key.Key_N)  # a new turn: storm counts again from 0
    assert label.text() == "\u263e night"
    assert history(giant)[-3:] == ["storm count \u22121", "it becomes night", "the turn passes"]


def test_the_players_menu_and_the_game_menu_hold_the_same_steps(
    qtbot: QtBot, commander: MainWindow
) -> None:
    menu = commander.table.player_menu(3)
    counters = next(
        a.menu() for a in menu.actions() if a.text() == "Monarch, initiative, tax and counters"
    )
    assert isinstance(counters, QMenu)
    texts = [a.text() for a in counters.actions() if not a.isSeparator()]
    assert "Becomes the monarch\tK" in texts and "Casts their commander (+2 tax)\tT" in texts
    next(a for a in counters.actions() if a.text() == "Becomes the monarch\tK").trigger()
    assert commander.model.game.monarch == 3
    menu.close()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    table = [a.text() for a in commander.table_menu.actions() if not a.isSeparator()]
    assert table[:5] == [
        "Roll for first (everyone rolls a d20)",
        "The selected player's team starts",
        "Roll a d20",
        "Roll a d6",
        "Flip a coin",
    ]
    assert commander.table_keys["d20"].shortcut().toString() == "D"


def test_chips_are_not_made_on_a_tap(qtbot: QtBot, commander: MainWindow) -> None:
    """A tap's event moves no mark: the chips stay the same widgets (nothing rebuilt). A game
    without marks has no chips rows at all (nothing more to build at a window's start)."""
    click(qtbot, commander, 0, -1)
    commander.resolve_action.trigger()
    assert commander.table.findChildren(PlayerMarks) == []
    commander.model.submit(BecomeMonarch(0))
    before = commander.table.panels[0].findChildren(Chip)
    click(qtbot, commander, 0, -1)
    commander.resolve_action.trigger()
    assert commander.table.panels[0].findChildren(Chip) == before


@pytest.mark.parametrize(
    ("key", "shift"), [("D", False), ("D", True), ("C", False), ("F", False), ("Y", False)]
)
def test_a_roll_a_flip_or_day_and_night_held_down_happens_once(
    qtbot: QtBot, giant: MainWindow, key: str, shift: bool
) -> None:
    """A key held down sends itself again and again, as N did: a die held down rolled 30
    times into the history, Y held down flipped day and night to wherever it stopped."""
    rolls = iter(range(1, 100))
    giant.model.dice = lambda sides: 1 + next(rolls) % sides  # no tie: "roll for first" once
    code = int(getattr(Qt.Key, f"Key_{key}"))
    mods = SHIFT if shift else Qt.KeyboardModifier.NoModifier
    text = key if shift else key.lower()
    QTest.simulateEvent(giant, True, code, mods, text, False)  # the press
    for _ in range(30):  # what a key held down sends after it
        QTest.simulateEvent(giant, True, code, mods, text, True)
    QTest.simulateEvent(giant, False, code, mods, text, False)
    assert len(giant.model.game.history) == 1
