"""Issue 26, defect 5: no total goes past the typo limit, ±1,000,000, whatever makes the event
(taps that add up, a menu, the desk): `Game.check_totals` refuses it, saying why. A replay
never asks, so a game saved past it before the limit reads back whole."""

from __future__ import annotations

import pytest

from tablelife.rules import (
    MAX_AMOUNT,
    CommanderDamage,
    Damage,
    Effect,
    FreeForAll,
    GainLife,
    Game,
    Poison,
    RuleError,
    SetLife,
    TwoHeadedGiant,
)


def test_a_gain_past_a_million_is_refused_naming_the_total() -> None:
    game = Game(FreeForAll(players=3), names=("Ann", "Bob", "Cal"))
    game.apply(SetLife(0, MAX_AMOUNT - 2))
    game.check_totals(game.preview(GainLife(0, 2)))  # exactly 1,000,000: fine
    with pytest.raises(RuleError) as refused:
        game.check_totals(game.preview(GainLife(0, 3)))
    assert str(refused.value) == (
        "Ann would be at 1,000,001 life: Tablelife keeps a total within \u00b11,000,000, as Set "
        "life does."
    )
    assert game.life(0) == MAX_AMOUNT - 2  # a preview changes nothing


def test_below_minus_a_million_too_and_commander_damage_counts() -> None:
    game = Game(FreeForAll(players=3, commander=True))
    game.apply(Effect(1, "cant_lose"))  # so a total below 0 plays on
    game.apply(SetLife(1, -MAX_AMOUNT + 3))  # CR 107.1b: below 0, set by an effect
    game.check_totals(game.preview(Damage(0, 1)))  # another team: fine
    with pytest.raises(RuleError, match="\u22121,000,001"):
        game.check_totals(game.preview(CommanderDamage(1, 0, 4)))


def test_a_team_s_poison_and_a_team_s_name() -> None:
    game = Game(TwoHeadedGiant(poison_limit=MAX_AMOUNT + 5), names=("Ann", "Bob", "Cal", "Dee"))
    game.apply(Poison(0, MAX_AMOUNT))
    with pytest.raises(RuleError, match=r"^Ann & Bob would have 1,000,001 poison counters"):
        game.check_totals(game.preview(Poison(1, 1)))


def test_a_total_already_past_the_limit_may_move_toward_0() -> None:
    game = Game(FreeForAll(players=2))
    game.apply(GainLife(0, MAX_AMOUNT))
    game.apply(GainLife(0, 1_485))  # taps made it before the limit: the game still replays
    assert game.life(0) == 1_001_505
    game.check_totals(game.preview(Damage(0, 5)))
    with pytest.raises(RuleError, match="1,001,506"):
        game.check_totals(game.preview(GainLife(0, 1)))
