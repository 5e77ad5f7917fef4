"""Commander: combat damage from each commander, and 21 from the same one loses
(CR 903.10a, 704.6c)."""

from __future__ import annotations

from typing import Any

import pytest

from tablelife.rules import (
    MAX_AMOUNT,
    CommanderDamage,
    Concede,
    Damage,
    Effect,
    FreeForAll,
    GainLife,
    Game,
    RuleError,
    TwoHeadedGiant,
)
from tablelife.rules.words import describe_event

NAMES = ("Ann", "Bob", "Cal", "Dee")


def commander(players: int = 4) -> Game:
    variant = FreeForAll(players=players, starting_life=40, commander=True)
    return Game(variant, names=NAMES[:players])


def test_903_10a_the_fixed_surface() -> None:
    g = Game(FreeForAll(players=4, starting_life=40, commander=True))
    g.apply(CommanderDamage(1, 0, 7))  # player 0's commander deals 7 combat damage to player 1
    g.apply(CommanderDamage(1, 0, 5, commander=1))  # player 0's partner (second) commander
    assert (g.commander_damage(1, 0), g.commander_damage(1, 0, 1)) == (7, 5)
    assert g.life(1) == 28


def test_903_10a_commander_damage_is_damage_and_lowers_life() -> None:
    g = commander()
    event = g.apply(CommanderDamage(2, 1, 6), Damage(2, 4))
    assert g.life(2) == 30
    assert g.commander_damage(2, 1) == 6
    # Ordinary damage is not commander damage.
    assert g.commander_damage(2, 0) == 0
    assert event.after.commander_damage_to(2, 1) == 6
    assert event.before.commander_damage_to(2, 1) == 0


def test_903_10a_damage_adds_up_over_the_game_from_the_same_commander() -> None:
    g = commander()
    g.apply(CommanderDamage(3, 0, 10))
    g.apply(GainLife(3, 15))
    g.apply(CommanderDamage(3, 0, 10))
    assert (g.commander_damage(3, 0), g.status(3)) == (20, "playing")
    g.apply(CommanderDamage(3, 0, 1))
    assert (g.life(3), g.status(3)) == (34, "lost")
    assert g.reason(3) == "21 or more combat damage from Ann's commander (CR 903.10a, 704.6c)"


def test_704_6c_21_in_one_event_loses_at_the_state_based_check() -> None:
    g = commander(players=3)
    g.apply(CommanderDamage(1, 2, 21))
    assert g.status(1) == "lost"
    assert g.status(0) == g.status(2) == "playing"


def test_704_6c_checked_once_after_the_event_not_between_its_changes() -> None:
    g = commander(players=2)
    g.apply(CommanderDamage(1, 0, 20), CommanderDamage(1, 0, 1))
    assert g.status(1) == "lost"
    assert g.winners == (0,)
    assert g.reason(0) == "last one standing (CR 104.2a)"


def test_903_10a_partners_are_counted_apart() -> None:
    g = commander()
    g.apply(CommanderDamage(1, 0, 15), CommanderDamage(1, 0, 15, commander=1))
    assert (g.commander_damage(1, 0), g.commander_damage(1, 0, 1)) == (15, 15)
    assert (g.life(1), g.status(1)) == (10, "playing")
    g.apply(CommanderDamage(1, 0, 6, commander=1))
    assert g.status(1) == "lost"
    assert g.reason(1) == (
        "21 or more combat damage from Ann's second commander (CR 903.10a, 704.6c)"
    )


def test_903_10a_different_commanders_are_counted_apart() -> None:
    g = commander()
    g.apply(CommanderDamage(0, 1, 20), CommanderDamage(0, 2, 19))
    assert (g.life(0), g.status(0)) == (1, "playing")
    assert [g.commander_damage(0, s) for s in range(4)] == [0, 20, 19, 0]


def test_903_10a_counts_toward_21_even_when_life_cant_change() -> None:
    g = commander()
    g.apply(Effect(1, "cant_lose_life"))
    event = g.apply(CommanderDamage(1, 0, 12))
    # CR 119.8: the damage is dealt, but no life is lost.
    assert (g.life(1), g.commander_damage(1, 0)) == (40, 12)
    assert event.notes == ("Bob can't lose life (CR 119.8).",)
    assert describe_event(event, NAMES) == (
        "Bob: 12 combat damage from Ann's commander, but can't lose life (CR 119.8)"
    )
    g.apply(CommanderDamage(1, 0, 9))
    assert (g.life(1), g.status(1)) == (40, "lost")


def test_903_10a_under_cant_lose_the_player_stays_in_until_it_ends() -> None:
    g = commander()
    g.apply(Effect(2, "cant_lose"), CommanderDamage(2, 3, 25))
    assert (g.status(2), g.commander_damage(2, 3)) == ("playing", 25)
    # CR 704.3: the condition still holds when the effect ends, so the next check takes them out.
    g.apply(Effect(2, "cant_lose", on=False))
    assert g.status(2) == "lost"
    assert "903.10a" in g.reason(2)


def test_903_10a_life_0_is_given_as_the_reason_when_both_hold() -> None:
    g = commander(players=3)
    g.apply(CommanderDamage(1, 0, 40))
    assert g.reason(1) == "life 0 or less (CR 104.3b)"


def test_903_10a_a_commander_can_hit_its_own_owner_when_someone_else_controls_it() -> None:
    g = commander()
    g.apply(CommanderDamage(0, 0, 21))
    assert g.status(0) == "lost"
    assert g.commander_damage(0, 0) == 21


def test_903_10a_zero_damage_counts_nothing() -> None:
    g = commander()
    event = g.apply(CommanderDamage(1, 0, 0))
    assert event.after.commander_damage == ()
    assert g.life(1) == 40


def test_903_10a_undo_and_redo_take_the_tally_back_and_forth() -> None:
    g = commander()
    g.apply(CommanderDamage(1, 0, 15))
    g.apply(CommanderDamage(1, 0, 6))
    assert g.status(1) == "lost"
    assert g.undo()
    assert (g.status(1), g.commander_damage(1, 0), g.life(1)) == ("playing", 15, 25)
    assert g.undo()
    assert (g.commander_damage(1, 0), g.state.commander_damage) == (0, ())
    assert g.redo() and g.redo()
    assert (g.status(1), g.commander_damage(1, 0)) == ("lost", 21)


def test_903_10a_the_state_keeps_the_tally_sorted_and_without_zeros() -> None:
    g = commander()
    g.apply(
        CommanderDamage(3, 2, 1), CommanderDamage(1, 0, 4, commander=1), CommanderDamage(1, 0, 2)
    )
    assert g.state.commander_damage == ((1, 0, 0, 2), (1, 0, 1, 4), (3, 2, 0, 1))


@pytest.mark.parametrize(
    ("bad", "words"),
    [
        (CommanderDamage(1, 0, 3, commander=2), r"A commander is 0 \(the commander\) or 1"),
        (CommanderDamage(1, 0, 3, commander=-1), "A commander is 0"),
        (CommanderDamage(1, 0, 3, commander=True), "not True"),
        (CommanderDamage(1, 0, 3, commander=1.0), "not 1.0"),
        (CommanderDamage(4, 0, 3), r"There is no player 4 \(players are 0 to 3\)"),
        (CommanderDamage(1, 4, 3), "There is no player 4"),
        (CommanderDamage(1, -1, 3), "There is no player -1"),
        (CommanderDamage(1, "0", 3), "A player must be a whole number"),
        (CommanderDamage(1, 0, -3), r"The amount can't be negative \(-3\)"),
        (CommanderDamage(1, 0, 2.5), "The amount must be a whole number, not 2.5"),
        (CommanderDamage(1, 0, True), "whole number"),
        (CommanderDamage(1, 0, MAX_AMOUNT + 1), "too large"),
    ],
)
def test_903_10a_malformed_commander_damage_is_refused_with_nothing_applied(
    bad: Any, words: str
) -> None:
    g = commander()
    g.apply(CommanderDamage(1, 0, 5))
    state, history = g.state, g.history
    for changes in ((bad,), (Damage(2, 3), bad), (bad, CommanderDamage(1, 0, 5))):
        with pytest.raises(RuleError, match=words):
            g.apply(*changes)
        assert (g.state, g.history) == (state, history)


def test_903_10a_no_commander_damage_without_commanders() -> None:
    g = Game(FreeForAll(players=4, starting_life=40))
    with pytest.raises(RuleError, match="This is not a Commander game"):
        g.apply(CommanderDamage(1, 0, 7))
    assert g.history == ()
    assert g.commander_damage(1, 0) == 0


def test_903_10a_two_headed_giant_has_no_commander_damage_for_now() -> None:
    g = Game(TwoHeadedGiant())
    assert g.variant.commander is False
    with pytest.raises(RuleError, match="Two-Headed Giant without commander damage"):
        g.apply(CommanderDamage(2, 0, 7))
    assert g.history == ()


def test_800_4a_no_commander_damage_from_a_player_who_left() -> None:
    g = commander()
    g.apply(Concede(0))
    with pytest.raises(RuleError, match=r"Ann has left the game, and their commander with them"):
        g.apply(CommanderDamage(1, 0, 7))
    with pytest.raises(RuleError, match=r"Ann has left the game \(CR 800\.4a\)"):
        g.apply(CommanderDamage(0, 1, 7))
    assert len(g.history) == 1


def test_800_4a_a_commander_whose_owner_leaves_earlier_in_the_event_deals_nothing() -> None:
    g = commander()
    event = g.apply(Concede(0), CommanderDamage(1, 0, 7))
    assert (g.life(1), g.commander_damage(1, 0)) == (40, 0)
    assert event.notes == ("Ann left the game before their commander's damage applied.",)
    assert describe_event(event, NAMES) == (
        "Ann concedes, Bob: would take 7 combat damage from Ann's commander, "
        "but Ann had left the game (CR 800.4a)"
    )


def test_800_4a_the_tally_of_a_player_who_left_stays_in_the_state() -> None:
    g = commander()
    g.apply(CommanderDamage(1, 0, 5), CommanderDamage(2, 1, 3))
    g.apply(Concede(1))
    # What was dealt stays dealt; the tallies are history, not a second copy of the game.
    assert g.commander_damage(1, 0) == 5
    assert g.commander_damage(2, 1) == 3


def test_commander_damage_reading_checks_its_arguments() -> None:
    g = commander()
    with pytest.raises(RuleError, match="There is no player 9"):
        g.commander_damage(9, 0)
    with pytest.raises(RuleError, match="There is no player 9"):
        g.commander_damage(0, 9)
    with pytest.raises(RuleError, match="A commander is 0"):
        g.commander_damage(0, 1, 2)
