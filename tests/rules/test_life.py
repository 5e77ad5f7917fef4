"""Life: shared team totals, paying, setting and exchanging life (CR 107, 119, 810.9)."""

from __future__ import annotations

import pytest

from tablelife.rules import (
    Damage,
    Effect,
    EndOfMatch,
    ExchangeLife,
    FreeForAll,
    GainLife,
    Game,
    LoseLife,
    PayLife,
    RuleError,
    SetLife,
    TwoHeadedGiant,
)


def giant(heads: int = 2, teams: int = 2) -> Game:
    return Game(TwoHeadedGiant(heads=heads, teams=teams))


def test_810_9_each_heads_damage_loss_and_gain_land_on_the_team_total() -> None:
    g = giant()
    g.apply(Damage(0, 3))
    g.apply(LoseLife(1, 4))
    g.apply(GainLife(1, 2))
    assert [g.life(0), g.life(1)] == [25, 30]
    g.apply(Damage(2, 7), Damage(3, 8))
    assert [g.life(0), g.life(1)] == [25, 15]


def test_810_9_damage_from_both_heads_in_one_event_adds_up() -> None:
    g = giant()
    event = g.apply(Damage(2, 10), Damage(3, 10), LoseLife(2, 5))
    assert event.after.teams[1].life == 5
    assert event.before.teams[1].life == 30
    assert g.status(1) == "playing"


def test_107_1b_life_can_go_below_zero_and_is_kept() -> None:
    g = Game(FreeForAll(players=3))
    g.apply(Damage(1, 27))
    assert g.life(1) == -7
    assert g.status(1) == "lost"
    assert g.reason(1) == "life 0 or less (CR 104.3b)"
    assert g.state.teams[1].life == -7


def test_704_3_minus_5_then_plus_5_in_one_event_at_5_life_survives() -> None:
    g = Game(FreeForAll(players=2, starting_life=5))
    g.apply(LoseLife(0, 5), GainLife(0, 5))
    assert (g.life(0), g.status(0)) == (5, "playing")
    assert not g.over


def test_704_3_the_same_changes_as_separate_events_lose() -> None:
    g = Game(FreeForAll(players=2, starting_life=5))
    g.apply(LoseLife(0, 5))
    assert (g.life(0), g.status(0)) == (0, "lost")
    with pytest.raises(RuleError, match="over"):
        g.apply(GainLife(0, 5))


def test_119_4_you_can_pay_life_up_to_your_total() -> None:
    g = Game(FreeForAll(players=2))
    g.apply(PayLife(0, 20))
    assert (g.life(0), g.status(0)) == (0, "lost")


def test_119_4_you_cannot_pay_more_life_than_you_have() -> None:
    g = Game(FreeForAll(players=2))
    g.apply(Damage(0, 17))
    with pytest.raises(RuleError, match=r"can't pay 4 life with 3 life \(CR 119\.4\)"):
        g.apply(PayLife(0, 4))
    assert g.life(0) == 3
    assert len(g.history) == 1


def test_119_4_one_player_paying_twice_in_one_event_counts_both() -> None:
    g = Game(FreeForAll(players=2, starting_life=10))
    with pytest.raises(RuleError, match="can't pay 12 life with 10 life"):
        g.apply(PayLife(0, 6), PayLife(0, 6))
    g.apply(PayLife(0, 6), PayLife(0, 4))
    assert (g.life(0), g.status(0)) == (0, "lost")


def test_119_4_payment_is_measured_against_life_before_the_event() -> None:
    g = Game(FreeForAll(players=2, starting_life=10))
    # Gaining life in the same event does not raise what can be paid.
    with pytest.raises(RuleError, match="can't pay 15 life with 10 life"):
        g.apply(GainLife(0, 10), PayLife(0, 15))
    assert g.life(0) == 10
    # Losing life earlier in the same event does not lower it either.
    g.apply(Damage(0, 5), PayLife(0, 10))
    assert g.life(0) == -5


def test_119_4_payment_at_negative_life_is_refused() -> None:
    g = Game(FreeForAll(players=2))
    g.apply(Effect(0, "cant_lose"), Damage(0, 25))
    assert g.life(0) == -5
    with pytest.raises(RuleError, match="can't pay 1 life with \u22125 life"):
        g.apply(PayLife(0, 1))


def test_119_4a_two_heads_paying_together_cannot_exceed_team_life() -> None:
    g = giant()
    g.apply(Damage(0, 10))
    assert g.life(0) == 20
    with pytest.raises(RuleError, match=r"can't pay 22 life with 20 life \(CR 119\.4a, 810\.9b\)"):
        g.apply(PayLife(0, 12), PayLife(1, 10))
    assert g.life(0) == 20
    g.apply(PayLife(0, 12), PayLife(1, 8))
    assert (g.life(0), g.status(0)) == (0, "lost")


def test_119_4a_each_head_may_pay_up_to_the_team_total_in_separate_events() -> None:
    g = giant()
    g.apply(PayLife(0, 20))
    g.apply(PayLife(1, 9))
    assert (g.life(0), g.status(0)) == (1, "playing")


def test_119_4a_payments_of_different_teams_are_counted_apart() -> None:
    g = giant()
    g.apply(PayLife(0, 30), PayLife(2, 30))
    assert [g.life(0), g.life(1)] == [0, 0]
    # CR 104.4a: both teams lost at once, so the game is a draw.
    assert [g.status(0), g.status(1)] == ["drawn", "drawn"]


def test_119_4b_paying_0_life_is_always_allowed() -> None:
    g = Game(FreeForAll(players=3))
    g.apply(Effect(0, "cant_lose"), Effect(0, "cant_lose_life"), Damage(1, 20))
    g.apply(PayLife(0, 0))
    assert g.life(0) == 20
    g.apply(Effect(0, "cant_lose_life", on=False), Damage(0, 25))
    assert g.life(0) == -5
    g.apply(PayLife(0, 0))
    assert g.life(0) == -5
    assert len(g.history) == 4


def test_119_8_cannot_pay_life_under_cant_lose_life() -> None:
    g = Game(FreeForAll(players=2))
    g.apply(Effect(1, "cant_lose_life"))
    with pytest.raises(RuleError, match=r"can pay only 0 life \(CR 119\.8\)"):
        g.apply(PayLife(1, 1))
    assert g.life(1) == 20


def test_119_8_a_payment_under_cant_lose_life_is_refused_even_after_the_game_ends() -> None:
    """Payments are checked over the whole event before anything applies (as CR 119.4 is),
    so an end of the match earlier in the same event doesn't let an illegal payment through."""
    g = giant()
    g.apply(Effect(0, "cant_lose_life"))
    with pytest.raises(RuleError, match=r"CR 810\.9h"):
        g.apply(EndOfMatch(single_elimination=False), PayLife(0, 1))
    assert not g.over and g.life(0) == 30 and len(g.history) == 1


def test_810_9h_one_head_cant_lose_life_stops_the_teammate_paying() -> None:
    g = giant()
    g.apply(Effect(0, "cant_lose_life"))
    assert g.effects(0) == frozenset({"cant_lose_life"})
    with pytest.raises(RuleError, match=r"CR 810\.9h"):
        g.apply(PayLife(1, 2))
    g.apply(Damage(1, 5), LoseLife(0, 5))
    assert g.life(0) == 30
    assert g.history[-1].notes == (
        "Player 1 & Player 2 can't lose life (CR 810.9h).",
        "Player 1 & Player 2 can't lose life (CR 810.9h).",
    )


def test_119_8_cant_lose_life_stops_damage_and_loss_but_not_gain() -> None:
    g = Game(FreeForAll(players=2))
    g.apply(Effect(0, "cant_lose_life"), Damage(0, 5), LoseLife(0, 3), GainLife(0, 4))
    assert g.life(0) == 24
    assert "can't lose life (CR 119.8)" in g.history[-1].notes[0]


def test_810_9g_one_head_cant_gain_life_covers_the_team() -> None:
    g = giant()
    g.apply(Damage(2, 10), Effect(3, "cant_gain_life"))
    g.apply(GainLife(2, 5))
    assert g.life(1) == 20
    assert g.history[-1].notes == ("Player 3 & Player 4 can't gain life (CR 810.9g).",)
    g.apply(Effect(2, "cant_gain_life", on=False))
    g.apply(GainLife(2, 5))
    assert g.life(1) == 25


def test_119_7_cant_gain_life_in_free_for_all_cites_119_7() -> None:
    g = Game(FreeForAll(players=2))
    g.apply(Effect(1, "cant_gain_life"), GainLife(1, 3))
    assert g.life(1) == 20
    assert g.history[-1].notes == ("Player 2 can't gain life (CR 119.7).",)


def test_119_5_setting_life_is_a_gain_or_loss_of_the_difference() -> None:
    g = Game(FreeForAll(players=2))
    g.apply(SetLife(0, 7))
    assert g.life(0) == 7
    g.apply(SetLife(0, 12))
    assert g.life(0) == 12
    g.apply(SetLife(0, 12))
    assert g.life(0) == 12
    assert g.history[-1].notes == ()


def test_119_5_setting_life_higher_fails_under_cant_gain_life() -> None:
    g = Game(FreeForAll(players=2))
    g.apply(Effect(0, "cant_gain_life"))
    g.apply(SetLife(0, 30))
    assert g.life(0) == 20
    g.apply(SetLife(0, 5))
    assert g.life(0) == 5


def test_810_9c_setting_one_heads_life_changes_the_team_total_by_the_difference() -> None:
    g = giant()
    g.apply(SetLife(1, 12))
    assert g.life(0) == 12
    g.apply(Effect(0, "cant_lose_life"), SetLife(0, 1))
    assert g.life(0) == 12
    assert g.history[-1].notes == ("Player 1 & Player 2 can't lose life (CR 810.9h).",)


def test_810_9c_set_life_after_damage_in_the_same_event_uses_the_running_total() -> None:
    g = giant()
    g.apply(Damage(0, 10), SetLife(1, 25))
    assert g.life(0) == 25


def test_810_9c_set_life_to_zero_loses() -> None:
    g = giant()
    g.apply(SetLife(3, 0))
    assert (g.life(1), g.status(1), g.winners) == (0, "lost", (0,))
    assert g.reason(1) == "life 0 or less (CR 810.8c)"


def test_119_5_exchange_life_swaps_the_totals() -> None:
    g = Game(FreeForAll(players=3))
    g.apply(Damage(0, 5), GainLife(2, 10))
    g.apply(ExchangeLife(0, 2))
    assert [g.life(0), g.life(1), g.life(2)] == [30, 20, 15]


def test_810_9e_exchange_between_giant_teams_swaps_team_totals() -> None:
    g = giant(heads=3)
    g.apply(Damage(0, 40))
    g.apply(ExchangeLife(4, 1))
    assert [g.life(0), g.life(1)] == [45, 5]


def test_810_9e_teammates_cannot_exchange_life_totals() -> None:
    g = giant()
    with pytest.raises(RuleError, match=r"teammates.*\(CR 810\.9e\)"):
        g.apply(ExchangeLife(0, 1))
    with pytest.raises(RuleError, match="teammates"):
        g.apply(ExchangeLife(3, 2))
    assert g.history == ()


def test_810_9e_a_player_cannot_exchange_life_with_themselves() -> None:
    g = Game(FreeForAll(players=2))
    with pytest.raises(RuleError, match="themselves"):
        g.apply(ExchangeLife(1, 1))


def test_119_7_exchange_fails_when_the_lower_team_cant_gain_life() -> None:
    g = Game(FreeForAll(players=2))
    g.apply(Damage(0, 15), Effect(0, "cant_gain_life"))
    g.apply(ExchangeLife(0, 1))
    assert [g.life(0), g.life(1)] == [5, 20]
    assert g.history[-1].notes == (
        "The exchange doesn't happen: Player 1 can't gain life (CR 119.7).",
    )


def test_119_8_exchange_fails_when_the_higher_team_cant_lose_life() -> None:
    g = Game(FreeForAll(players=2))
    g.apply(Damage(0, 15), Effect(1, "cant_lose_life"))
    g.apply(ExchangeLife(0, 1))
    assert [g.life(0), g.life(1)] == [5, 20]
    assert g.history[-1].notes == (
        "The exchange doesn't happen: Player 2 can't lose life (CR 119.8).",
    )


def test_119_7_exchanging_equal_totals_happens_under_any_effect() -> None:
    g = Game(FreeForAll(players=2))
    g.apply(Effect(0, "cant_gain_life"), Effect(1, "cant_lose_life"))
    g.apply(ExchangeLife(1, 0))
    assert [g.life(0), g.life(1)] == [20, 20]
    assert g.history[-1].notes == ()


def test_810_9e_exchange_can_kill_the_team_that_gets_the_low_total() -> None:
    g = giant()
    g.apply(Effect(0, "cant_lose"), Damage(0, 35))
    assert (g.life(0), g.status(0)) == (-5, "playing")
    g.apply(ExchangeLife(1, 2))
    assert [g.life(0), g.life(1)] == [30, -5]
    assert (g.status(1), g.winners) == ("lost", (0,))


def test_107_1b_set_life_takes_a_negative_total() -> None:
    # A team kept in by can't-lose at −4 is set to −8 (CR 107.1b, 119.5: a loss of 4).
    g = giant()
    g.apply(Effect(0, "cant_lose"), Damage(0, 34))
    assert (g.life(0), g.status(0)) == (-4, "playing")
    g.apply(SetLife(1, -8))
    assert (g.life(0), g.status(0)) == (-8, "playing")
    g.apply(SetLife(0, -2))
    assert g.life(0) == -2


def test_107_1b_set_life_below_zero_loses_at_the_check() -> None:
    g = Game(FreeForAll(players=3))
    g.apply(SetLife(2, -3))
    assert (g.life(2), g.status(2)) == (-3, "lost")
    assert g.reason(2) == "life 0 or less (CR 104.3b)"


def test_119_5_set_life_to_a_negative_total_is_a_loss_under_cant_lose_life() -> None:
    g = Game(FreeForAll(players=2))
    g.apply(Effect(0, "cant_lose_life"))
    g.apply(SetLife(0, -5))
    assert g.life(0) == 20
    assert g.history[-1].notes == ("Player 1 can't lose life (CR 119.8).",)


def test_119_4_a_legal_payment_is_never_refused_by_the_typo_limit() -> None:
    g = Game(FreeForAll(players=2))
    g.apply(GainLife(0, 1_000_000), GainLife(0, 1_000_000), GainLife(0, 10))
    assert g.life(0) == 2_000_030
    assert g.most_payable(0) == 2_000_030
    g.apply(PayLife(0, 1_500_000))
    assert (g.life(0), g.status(0)) == (500_030, "playing")
    with pytest.raises(RuleError, match=r"can't pay 500,031 life with 500,030 life \(CR 119\.4\)"):
        g.apply(PayLife(0, 500_031))
    g.apply(PayLife(0, 500_030))
    assert (g.life(0), g.status(0)) == (0, "lost")


def test_119_4a_a_giant_team_pays_up_to_its_shared_total_however_large() -> None:
    g = giant()
    g.apply(GainLife(0, 1_000_000), GainLife(1, 500_000))
    g.apply(PayLife(0, 1_000_000), PayLife(1, 500_029))
    assert (g.life(0), g.status(0)) == (1, "playing")


@pytest.mark.parametrize(
    ("changes", "player", "most"),
    [
        ((), 0, 20),
        ((Damage(0, 17),), 0, 3),
        ((Effect(1, "cant_lose"), Damage(1, 25)), 1, 0),  # CR 119.4b: only 0 below 0 life
        ((Effect(1, "cant_lose_life"),), 1, 0),  # CR 119.8
    ],
)
def test_119_4_most_payable_is_the_limit_apply_enforces(
    changes: tuple[Damage | Effect, ...], player: int, most: int
) -> None:
    g = Game(FreeForAll(players=2))
    if changes:
        g.apply(*changes)
    assert g.most_payable(player) == most
    g.apply(PayLife(player, most))
    g.undo()
    with pytest.raises(RuleError, match=r"can't pay|can pay only 0"):
        g.apply(PayLife(player, most + 1))


def test_810_9h_most_payable_covers_the_team() -> None:
    g = giant()
    g.apply(Damage(0, 10))
    assert g.most_payable(1) == g.most_payable(0) == 20
    g.apply(Effect(0, "cant_lose_life"))
    assert g.most_payable(1) == 0
    with pytest.raises(RuleError, match=r"can pay only 0 life \(CR 810\.9h\)"):
        g.apply(PayLife(1, 5))


def test_810_9g_a_giant_exchange_cites_the_team_rule_when_a_team_cant_gain_life() -> None:
    g = giant()
    g.apply(Damage(0, 15), Effect(1, "cant_gain_life"))
    g.apply(ExchangeLife(2, 0))
    assert [g.life(0), g.life(1)] == [15, 30]
    assert g.history[-1].notes == (
        "The exchange doesn't happen: Player 1 & Player 2 can't gain life (CR 810.9g).",
    )


def test_810_9h_a_giant_exchange_cites_the_team_rule_when_a_team_cant_lose_life() -> None:
    g = giant()
    g.apply(Damage(0, 15), Effect(3, "cant_lose_life"))
    g.apply(ExchangeLife(0, 2))
    assert [g.life(0), g.life(1)] == [15, 30]
    assert g.history[-1].notes == (
        "The exchange doesn't happen: Player 3 & Player 4 can't lose life (CR 810.9h).",
    )


def test_119_7_a_gain_under_cant_gain_life_is_recorded_as_blocked() -> None:
    g = Game(FreeForAll(players=2))
    g.apply(Effect(0, "cant_gain_life"))
    event = g.apply(GainLife(0, 1), Damage(1, 2))
    assert g.life(0) == 20
    assert [(b.change, b.why, b.rule, b.dealt) for b in event.blocked] == [
        (0, "can't gain life", "119.7", False)
    ]
