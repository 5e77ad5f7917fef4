"""A store night at the desk and on the projector (issue 25, "Rules" and "The scoreboard and
the desk"): what the desk and the scoreboard show at once, at a 1920x1080 projector, and the
rules a tracked table follows."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from tablelife.model.session import Session
from tablelife.rules import DrawGame
from tests.ui.test_desk import Clock, make_desk, wait_said


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
