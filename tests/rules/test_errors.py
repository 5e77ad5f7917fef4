"""Illegal or malformed changes raise RuleError and nothing of the event applies (CR 800.4a)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from tablelife.rules import (
    MAX_AMOUNT,
    Concede,
    Damage,
    DrawGame,
    Effect,
    ExchangeLife,
    FreeForAll,
    GainLife,
    Game,
    LoseGame,
    LoseLife,
    PassTurn,
    PayLife,
    Poison,
    RuleError,
    SetLife,
    TwoHeadedGiant,
    WinGame,
)


def played_giant() -> Game:
    """A giant game with some history: team 0 at 25 life and 3 poison, turn 2."""
    g = Game(TwoHeadedGiant())
    g.apply(Damage(0, 5), Poison(1, 3))
    g.apply(PassTurn())
    return g


BAD: list[tuple[Any, str]] = [
    (Damage(4, 1), r"There is no player 4 \(players are 0 to 3\)"),
    (Damage(-1, 1), "There is no player -1"),
    (LoseLife("0", 1), "A player must be a whole number, not '0'"),
    (GainLife(True, 1), "A player must be a whole number, not True"),
    (GainLife(1.0, 1), "A player must be a whole number"),
    (Damage(0, -1), r"The amount can't be negative \(-1\)"),
    (LoseLife(0, -3), "can't be negative"),
    (GainLife(0, -3), "can't be negative"),
    (PayLife(0, -3), "can't be negative"),
    (PayLife(0, MAX_AMOUNT + 1), r"can't pay 1,000,001 life with 25 life \(CR 119\.4a, 810\.9b\)"),
    (Damage(0, 1.5), "The amount must be a whole number, not 1.5"),
    (Damage(0, True), "The amount must be a whole number, not True"),
    (SetLife(0, "7"), "The amount must be a whole number, not '7'"),
    (Poison(0, None), "whole number"),
    (Damage(0, MAX_AMOUNT + 1), "1,000,001 is too large: at most 1,000,000"),
    (Poison(0, -MAX_AMOUNT - 1), "too large"),
    (SetLife(0, MAX_AMOUNT + 1), "too large"),
    (SetLife(0, -MAX_AMOUNT - 1), "1,000,001 is too large: at most 1,000,000"),
    (Effect(0, "cant_draw"), "Unknown effect 'cant_draw'; it must be one of cant_lose,"),
    (Effect(0, "CANT_LOSE"), "Unknown effect"),
    (Effect(0, "cant_lose", on=1), "An effect is turned on or off, not 1"),
    (Effect(0, "cant_lose", on="off"), "turned on or off"),
    (ExchangeLife(0, 1), r"teammates: they can't exchange life totals \(CR 810\.9e\)"),
    (ExchangeLife(2, 2), "Player 3 can't exchange life with themselves"),
    (ExchangeLife(0, 9), "There is no player 9"),
    (PayLife(0, 26), r"can't pay 26 life with 25 life \(CR 119\.4a, 810\.9b\)"),
    (Concede(7), "There is no player 7"),
    (LoseGame(None), "A player must be a whole number"),
    (WinGame(-2), "There is no player -2"),
    ("Damage(0, 1)", "is not a change Tablelife knows"),
    (None, "is not a change Tablelife knows"),
]


@pytest.mark.parametrize(("bad", "words"), BAD, ids=[repr(b) for b, _ in BAD])
def test_800_4a_rule_error_leaves_state_and_history_unchanged(bad: Any, words: str) -> None:
    g = played_giant()
    state, history = g.state, g.history
    g.undo()
    redo = g.redo_events
    g.redo()
    for changes in ((bad,), (GainLife(0, 3), bad), (bad, Damage(2, 4)), (PassTurn(), bad)):
        with pytest.raises(RuleError, match=words):
            g.apply(*changes)
        assert g.state == state
        assert g.history == history
        assert g.life(0) == 25
        assert g.poison(0) == 3
        assert (g.turn, g.active) == (2, 1)
    # A refused event does not drop what could be redone either.
    g.undo()
    with pytest.raises(RuleError):
        g.apply(bad)
    assert g.redo_events == redo


def test_rule_error_is_a_value_error_with_a_message_for_people() -> None:
    assert issubclass(RuleError, ValueError)
    g = Game(FreeForAll(players=2), names=["Ann", "Bo"])
    with pytest.raises(RuleError) as info:
        g.apply(ExchangeLife(1, 1))
    assert str(info.value) == "Bo can't exchange life with themselves."


def test_an_empty_event_is_refused() -> None:
    g = Game(FreeForAll(players=2))
    with pytest.raises(RuleError, match="nothing to apply"):
        g.apply()
    assert g.history == ()


def test_a_subclass_of_a_change_is_not_a_change() -> None:
    @dataclass(frozen=True)
    class BigDamage(Damage):
        pass

    g = Game(FreeForAll(players=2))
    with pytest.raises(RuleError, match="is not a change Tablelife knows"):
        g.apply(BigDamage(0, 3))


def test_max_amount_itself_is_allowed() -> None:
    g = Game(FreeForAll(players=2))
    g.apply(GainLife(0, MAX_AMOUNT), Poison(1, -MAX_AMOUNT))
    assert g.life(0) == 20 + MAX_AMOUNT
    assert g.poison(1) == 0


def test_800_4a_a_change_naming_a_player_whose_team_left_is_refused() -> None:
    g = Game(TwoHeadedGiant(teams=3))
    g.apply(Concede(2))
    state = g.state
    for change in (
        Damage(3, 1),
        GainLife(2, 1),
        PayLife(2, 0),
        SetLife(3, 10),
        Poison(3, -1),
        Concede(2),
        LoseGame(3),
        WinGame(2),
        Effect(3, "cant_lose"),
        ExchangeLife(0, 3),
        ExchangeLife(3, 5),
    ):
        with pytest.raises(RuleError, match=r"Player [34] has left the game \(CR 800\.4a\)"):
            g.apply(GainLife(0, 1), change)
        assert g.state == state
    assert len(g.history) == 1


def test_any_change_after_the_game_is_over_is_refused() -> None:
    g = Game(FreeForAll(players=2))
    g.apply(Concede(0))
    assert g.over
    for change in (PassTurn(), DrawGame(), GainLife(1, 1), Concede(1), WinGame(1)):
        with pytest.raises(RuleError, match=r"The game is over: undo, or start a new game\."):
            g.apply(change)
    assert len(g.history) == 1


def test_119_4_an_overpayment_is_refused_even_after_a_concession_ends_the_event() -> None:
    g = Game(FreeForAll(players=2))
    with pytest.raises(RuleError, match="can't pay 100 life with 20 life"):
        g.apply(Concede(1), PayLife(0, 100))
    assert g.history == ()
    assert not g.over


def test_119_4a_an_overpayment_by_a_team_that_conceded_in_the_event_is_refused() -> None:
    g = Game(TwoHeadedGiant(teams=3))
    with pytest.raises(RuleError, match="can't pay 31 life with 30 life"):
        g.apply(Concede(0), PayLife(1, 31))
    assert g.history == ()


def test_119_8_cant_lose_life_turned_on_in_the_same_event_refuses_a_later_payment() -> None:
    g = Game(FreeForAll(players=2))
    with pytest.raises(RuleError, match=r"can pay only 0 life \(CR 119\.8\)"):
        g.apply(Effect(0, "cant_lose_life"), PayLife(0, 1))
    assert g.effects(0) == frozenset()
    assert g.history == ()
