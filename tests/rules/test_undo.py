"""Undo and redo step through whole events."""

from __future__ import annotations

import pytest

from tablelife.rules import (
    Concede,
    Damage,
    FreeForAll,
    GainLife,
    Game,
    PassTurn,
    Poison,
    RuleError,
    TwoHeadedGiant,
)


def test_undo_and_redo_step_whole_events() -> None:
    g = Game(TwoHeadedGiant())
    g.apply(Damage(0, 3), Damage(1, 4))
    g.apply(Poison(2, 5), PassTurn())
    assert (g.life(0), g.poison(1), g.active) == (23, 5, 1)
    assert g.undo() is True
    assert (g.life(0), g.poison(1), g.active) == (23, 0, 0)
    assert len(g.history) == 1
    assert len(g.redo_events) == 1
    assert g.undo() is True
    assert g.state == g.initial
    assert g.undo() is False
    assert g.state == g.initial
    assert g.redo() is True
    assert g.life(0) == 23
    assert g.redo() is True
    assert (g.life(0), g.poison(1), g.active, g.turn) == (23, 5, 1, 2)
    assert g.redo() is False
    assert g.redo_events == ()


def test_nothing_to_undo_or_redo_in_a_new_game() -> None:
    g = Game(FreeForAll(players=2))
    assert g.undo() is False
    assert g.redo() is False


def test_a_new_event_after_undo_drops_redo() -> None:
    g = Game(FreeForAll(players=2))
    g.apply(Damage(0, 1))
    g.apply(Damage(0, 2))
    g.apply(Damage(0, 3))
    g.undo()
    g.undo()
    assert [e.changes for e in g.redo_events] == [(Damage(0, 2),), (Damage(0, 3),)]
    g.apply(GainLife(0, 5))
    assert g.redo_events == ()
    assert g.redo() is False
    assert g.life(0) == 24
    assert [e.changes for e in g.history] == [(Damage(0, 1),), (GainLife(0, 5),)]


def test_undo_works_across_the_end_of_the_game() -> None:
    g = Game(TwoHeadedGiant())
    g.apply(Damage(0, 29))
    g.apply(Damage(1, 1))
    assert g.over and g.winners == (1,)
    assert g.undo() is True
    assert (g.over, g.winners, g.status(0), g.reason(0)) == (False, (), "playing", "")
    assert g.life(0) == 1
    g.apply(GainLife(0, 10))
    assert (g.life(0), g.over) == (11, False)


def test_undo_brings_back_a_team_that_conceded_and_redo_takes_it_out_again() -> None:
    g = Game(FreeForAll(players=3))
    g.apply(Concede(1))
    with pytest.raises(RuleError, match="has left"):
        g.apply(Damage(1, 1))
    g.undo()
    assert g.status(1) == "playing"
    g.apply(Damage(1, 1))
    assert g.life(1) == 19
    g.undo()
    g.redo()
    assert g.life(1) == 19
    assert g.status(1) == "playing"


def test_redo_after_the_end_restores_the_same_end() -> None:
    g = Game(FreeForAll(players=2))
    g.apply(Concede(0))
    end = g.state
    g.undo()
    g.redo()
    assert g.state == end
    assert g.winners == (1,)
