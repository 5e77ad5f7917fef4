"""Changes and totals in words (app/rules/words.py)."""

from __future__ import annotations

import pytest

from app.rules import (
    Change,
    Concede,
    Damage,
    DrawGame,
    Effect,
    ExchangeLife,
    GainLife,
    LoseGame,
    LoseLife,
    PassTurn,
    PayLife,
    Poison,
    SetLife,
    WinGame,
)
from app.rules.words import EFFECT_LABELS, MINUS, describe, describe_all, number, signed

NAMES = ("Ann", "Bob", "Cal", "Dee")


def test_signed_and_number_use_a_true_minus_sign() -> None:
    assert MINUS == "\u2212"
    assert [signed(3), signed(0), signed(-3)] == ["+3", "0", "\u22123"]
    # CR 107.1b: a total below 0 is shown as it is.
    assert [number(7), number(0), number(-5)] == ["7", "0", "\u22125"]


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (Damage(0, 3), "Ann: 3 damage"),
        (LoseLife(1, 2), "Bob: loses 2 life"),
        (GainLife(2, 5), "Cal: gains 5 life"),
        (PayLife(3, 4), "Dee: pays 4 life"),
        (SetLife(0, 12), "Ann: life set to 12"),
        (ExchangeLife(0, 2), "Ann and Cal exchange life totals"),
        (Poison(1, 2), "Bob: +2 poison"),
        (Poison(1, -2), "Bob: \u22122 poison"),
        (Concede(2), "Cal concedes"),
        (LoseGame(3), "Dee loses the game"),
        (WinGame(0), "Ann wins the game"),
        (DrawGame(), "the game is a draw"),
        (Effect(1, "cant_lose"), "Bob: can't lose the game on"),
        (Effect(1, "cant_get_poison", on=False), "Bob: can't get poison ends"),
        (PassTurn(), "the turn passes"),
    ],
)
def test_describe_says_each_change_in_words(change: Change, words: str) -> None:
    assert describe(change, NAMES) == words


def test_describe_copes_with_seats_and_effects_it_does_not_know() -> None:
    assert describe(Damage(7, 1), NAMES) == "player 7: 1 damage"
    assert describe(Damage(-1, 1), NAMES) == "player -1: 1 damage"
    assert describe(Effect(0, "cant_draw"), NAMES) == "Ann: cant_draw on"
    assert set(EFFECT_LABELS) == {
        "cant_lose",
        "cant_win",
        "cant_gain_life",
        "cant_lose_life",
        "cant_get_poison",
    }


def test_describe_all_says_a_whole_event() -> None:
    event = (Damage(0, 5), Damage(2, 2))
    assert describe_all(event, NAMES) == "Ann: 5 damage, Cal: 2 damage"
    assert describe_all(event, NAMES, sep="; ") == "Ann: 5 damage; Cal: 2 damage"
    assert describe_all((), NAMES) == ""
