"""Changes and totals in words (tablelife/rules/words.py)."""

from __future__ import annotations

import pytest

from tablelife.rules import (
    Change,
    CommanderDamage,
    Concede,
    Damage,
    DrawGame,
    Effect,
    EndOfMatch,
    ExchangeLife,
    FreeForAll,
    GainLife,
    Game,
    LoseGame,
    LoseLife,
    PassTurn,
    PayLife,
    Poison,
    SetLife,
    TwoHeadedGiant,
    WinGame,
)
from tablelife.rules.words import (
    EFFECT_LABELS,
    MINUS,
    describe,
    describe_all,
    describe_event,
    number,
    signed,
    stepped,
    would,
)

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


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (CommanderDamage(1, 0, 7), "Bob: 7 combat damage from Ann's commander"),
        (CommanderDamage(1, 0, 5, commander=1), "Bob: 5 combat damage from Ann's second commander"),
        (EndOfMatch(False), "the match ends at time: a draw"),
        (EndOfMatch(True), "the match ends at time: the highest life total wins"),
        (SetLife(0, -8), "Ann: life set to \u22128"),
    ],
)
def test_903_10a_and_mtr_2_4_changes_in_words(change: Change, words: str) -> None:
    assert describe(change, NAMES) == words


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (Damage(0, 3), "Ann: would take 3 damage"),
        (CommanderDamage(1, 0, 7), "Bob: would take 7 combat damage from Ann's commander"),
        (LoseLife(1, 2), "Bob: would lose 2 life"),
        (GainLife(2, 5), "Cal: would gain 5 life"),
        (PayLife(3, 4), "Dee: would pay 4 life"),
        (SetLife(0, -2), "Ann: life would be set to \u22122"),
        (ExchangeLife(0, 2), "Ann and Cal would exchange life totals"),
        (Poison(1, 2), "Bob: would get 2 poison"),
        (Poison(1, -2), "Bob: would lose 2 poison"),
        (Concede(2), "Cal would concede"),
        (LoseGame(3), "Dee would lose the game"),
        (WinGame(0), "Ann would win the game"),
        (DrawGame(), "the game would be a draw"),
        (Effect(1, "cant_lose"), "Bob: can't lose the game would start"),
        (Effect(1, "cant_win", on=False), "Bob: can't win the game would end"),
        (PassTurn(), "the turn would pass"),
        (EndOfMatch(True), "the match would end at time"),
    ],
)
def test_would_says_a_change_that_did_not_happen(change: Change, words: str) -> None:
    assert would(change, NAMES) == words


def test_119_7_a_blocked_gain_is_said_as_one_that_would_have_happened() -> None:
    g = Game(FreeForAll(players=4), names=NAMES)
    g.apply(Effect(0, "cant_gain_life"))
    event = g.apply(GainLife(0, 1), Damage(1, 2))
    assert describe_event(event, NAMES) == (
        "Ann: would gain 1 life, but can't gain life (CR 119.7), Bob: 2 damage"
    )
    # describe_all still says the changes as asked for; describe_event says what happened.
    assert describe_all(event.changes, NAMES) == "Ann: gains 1 life, Bob: 2 damage"


def test_810_9g_a_blocked_gain_in_a_giant_names_the_team() -> None:
    g = Game(TwoHeadedGiant(), names=NAMES)
    g.apply(Effect(1, "cant_gain_life"))
    event = g.apply(GainLife(0, 3))
    assert describe_event(event, NAMES, sep="; ") == (
        "Ann: would gain 3 life, but Ann & Bob can't gain life (CR 810.9g)"
    )


def test_119_8_damage_under_cant_lose_life_is_dealt_but_loses_no_life() -> None:
    g = Game(FreeForAll(players=4), names=NAMES)
    g.apply(Effect(2, "cant_lose_life"))
    event = g.apply(Damage(2, 4), LoseLife(2, 1), SetLife(2, 3))
    assert describe_event(event, NAMES, sep="; ") == (
        "Cal: 4 damage, but can't lose life (CR 119.8); "
        "Cal: would lose 1 life, but can't lose life (CR 119.8); "
        "Cal: life would be set to 3, but can't lose life (CR 119.8)"
    )


def test_describe_event_says_blocked_exchanges_losses_wins_and_the_end_of_the_game() -> None:
    g = Game(FreeForAll(players=4), names=NAMES)
    g.apply(Damage(0, 5), Effect(1, "cant_lose_life"), Effect(2, "cant_lose"))
    g.apply(Effect(3, "cant_win"), Effect(0, "cant_get_poison"))
    event = g.apply(ExchangeLife(0, 1), LoseGame(2), WinGame(3), Poison(0, 2))
    assert describe_event(event, NAMES, sep="\n").splitlines() == [
        "Ann and Bob would exchange life totals, but Bob can't lose life (CR 119.8)",
        "Cal would lose the game, but can't lose the game (CR 101.2)",
        "Dee would win the game, but can't win the game (CR 101.2)",
        "Ann: would get 2 poison, but can't get poison (CR 122.1f)",
    ]
    event = g.apply(Concede(0), Concede(1), Concede(3), Damage(2, 1))
    assert describe_event(event, NAMES, sep="\n").splitlines() == [
        "Ann concedes",
        "Bob concedes",
        "Dee concedes",
        "Cal: would take 1 damage, but the game had ended",
    ]


def test_800_4a_a_change_to_a_player_who_left_earlier_in_the_event() -> None:
    g = Game(FreeForAll(players=4), names=NAMES)
    event = g.apply(Concede(1), Damage(1, 3))
    assert describe_event(event, NAMES) == (
        "Bob concedes, Bob: would take 3 damage, but had left the game (CR 800.4a)"
    )


def test_describe_event_of_an_event_that_all_happened_is_describe_all() -> None:
    g = Game(FreeForAll(players=4), names=NAMES)
    event = g.apply(Damage(0, 5), PassTurn())
    assert describe_event(event, NAMES) == describe_all(event.changes, NAMES)


def test_stepped_says_what_undo_and_redo_did() -> None:
    assert stepped(False, "the turn passes") == "Undone: the turn passes."
    assert stepped(True, "Ann: 3 damage") == "Redone: Ann: 3 damage."


def test_a_right_to_left_name_is_set_apart_from_the_sentence_around_it() -> None:
    """Unicode's bidi algorithm lays a line out right to left when its first letter is: an
    Arabic or Hebrew name is isolated (U+2068 … U+2069), so "محمد: 5 damage" reads as
    written, not as "damage 5 :محمد"."""
    arabic, hebrew = "محمد العلي", "אברהם כהן"
    g = Game(FreeForAll(players=2, starting_life=40, commander=True), names=(arabic, hebrew))
    g.apply(Damage(0, 5))
    assert describe_event(g.history[-1], g.names) == f"\u2068{arabic}\u2069: 5 damage"
    g.apply(CommanderDamage(0, 1, 21))
    assert g.reason(0) is not None and f"\u2068{hebrew}\u2069" in g.reason(0)
    # Everyone else's words are left as they were.
    latin = Game(FreeForAll(players=2), names=("Ann", "Жанна"))
    latin.apply(Damage(1, 5))
    assert describe_event(latin.history[-1], latin.names) == "Жанна: 5 damage"


def test_the_english_the_rules_keep_holds_a_name_as_it_is() -> None:
    """What a state keeps (and an export carries) is the same text older versions kept: only
    the words shown set a right-to-left name apart."""
    hebrew = "אברהם כהן"
    g = Game(FreeForAll(players=2, starting_life=40, commander=True), names=("Ann", hebrew))
    g.apply(CommanderDamage(0, 1, 21))
    kept = g.state.teams[0].reason
    assert hebrew in kept and "\u2068" not in kept
    assert g.reason(0).count("\u2068") == 1  # shown: set apart once
