"""Winning, losing and drawing (CR 104, 704.3, 810.8)."""

from __future__ import annotations

import pytest

from tablelife.rules import (
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
    PayLife,
    Poison,
    RuleError,
    SetLife,
    TwoHeadedGiant,
    WinGame,
)


def giant(heads: int = 2, teams: int = 2) -> Game:
    return Game(TwoHeadedGiant(heads=heads, teams=teams))


def statuses(g: Game) -> list[str]:
    return [g.status(t) for t in range(g.variant.teams)]


def test_810_8c_team_at_zero_life_loses() -> None:
    g = giant()
    g.apply(Damage(2, 29))
    assert (g.life(1), g.status(1), g.over) == (1, "playing", False)
    g.apply(Damage(3, 1))
    assert (g.life(1), g.status(1)) == (0, "lost")
    assert g.reason(1) == "life 0 or less (CR 810.8c)"
    assert g.state.teams[1].rule == "810.8c"
    # CR 104.2a: the other team is the last one standing.
    assert (g.status(0), g.winners, g.over) == ("won", (0,), True)
    assert g.reason(0) == "last one standing (CR 104.2a)"


def test_104_3b_player_at_zero_life_loses_in_free_for_all_and_play_goes_on() -> None:
    g = Game(FreeForAll(players=4))
    g.apply(Damage(3, 20))
    assert statuses(g) == ["playing", "playing", "playing", "lost"]
    assert g.reason(3) == "life 0 or less (CR 104.3b)"
    assert g.winners == ()
    assert not g.over


def test_104_2a_last_player_in_free_for_all_wins() -> None:
    g = Game(FreeForAll(players=3))
    g.apply(Damage(1, 20))
    g.apply(Poison(2, 10))
    assert statuses(g) == ["won", "lost", "lost"]
    assert g.winners == (0,)
    assert g.over


def test_104_2a_last_team_wins_even_if_it_cant_win() -> None:
    g = giant()
    g.apply(Effect(0, "cant_win"))
    g.apply(Damage(2, 30))
    assert statuses(g) == ["won", "lost"]
    assert g.reason(0) == "last one standing (CR 104.2a)"


def test_104_4d_both_giant_teams_at_a_loss_condition_in_the_same_event_draw() -> None:
    g = giant()
    g.apply(Damage(0, 30), Poison(2, 15))
    assert statuses(g) == ["drawn", "drawn"]
    assert g.winners == ()
    assert g.over
    # CR 104.4d: between teams, every remaining team losing at once is a draw.
    assert g.reason(0) == "everyone left lost at once: a draw (CR 104.4d)"


def test_104_4a_every_player_left_losing_at_once_in_free_for_all_draw() -> None:
    g = Game(FreeForAll(players=2))
    g.apply(Damage(0, 20), Poison(1, 10))
    assert statuses(g) == ["drawn", "drawn"]
    assert g.reason(1) == "everyone left lost at once: a draw (CR 104.4a)"


def test_104_4d_multiplayer_everyone_left_losing_at_once_draw_earlier_losers_stay_lost() -> None:
    g = Game(FreeForAll(players=3))
    g.apply(Damage(0, 20))
    g.apply(Damage(1, 20), Damage(2, 25))
    assert statuses(g) == ["lost", "drawn", "drawn"]
    assert g.winners == ()
    assert g.over


def test_104_4a_two_of_three_losing_at_once_lets_the_third_win() -> None:
    g = Game(FreeForAll(players=3))
    g.apply(Damage(0, 20), Damage(1, 20))
    assert statuses(g) == ["lost", "lost", "won"]


def test_104_3b_cant_lose_keeps_a_team_at_minus_5_in_until_the_effect_ends() -> None:
    g = giant()
    g.apply(Effect(1, "cant_lose"))
    g.apply(Damage(0, 35))
    assert (g.life(0), g.status(0), g.effects(0)) == (-5, "playing", frozenset({"cant_lose"}))
    g.apply(GainLife(2, 1))
    assert g.status(0) == "playing"
    g.apply(Effect(0, "cant_lose", on=False))
    assert (g.life(0), g.status(0)) == (-5, "lost")
    assert g.reason(0) == "life 0 or less (CR 810.8c)"
    assert g.winners == (1,)


def test_104_3d_cant_lose_keeps_a_poisoned_team_in() -> None:
    g = Game(FreeForAll(players=2))
    g.apply(Effect(0, "cant_lose"), Poison(0, 12))
    assert g.status(0) == "playing"
    g.apply(Poison(0, -3), Effect(0, "cant_lose", on=False))
    assert (g.poison(0), g.status(0)) == (9, "playing")


def test_104_3a_concede_leaves_and_loses_at_once_even_under_cant_lose() -> None:
    g = Game(FreeForAll(players=3))
    g.apply(Effect(1, "cant_lose"))
    g.apply(Concede(1))
    assert statuses(g) == ["playing", "lost", "playing"]
    assert g.reason(1) == "conceded (CR 104.3a)"
    assert not g.over


def test_810_8b_one_head_conceding_takes_the_whole_team_out() -> None:
    g = giant(teams=3)
    g.apply(Effect(4, "cant_lose"), Concede(5))
    assert statuses(g) == ["playing", "playing", "lost"]
    assert g.reason(2) == "conceded (CR 810.8b)"
    g.apply(Concede(0))
    assert statuses(g) == ["lost", "won", "lost"]
    assert g.winners == (1,)


def test_104_2a_concession_makes_the_other_team_win_at_once() -> None:
    g = giant()
    g.apply(Concede(3))
    assert statuses(g) == ["won", "lost"]
    assert g.reason(0) == "last one standing (CR 104.2a)"


def test_104_2a_concession_ends_the_event_and_later_changes_do_not_apply() -> None:
    g = Game(FreeForAll(players=2))
    event = g.apply(Concede(1), Damage(0, 20))
    assert statuses(g) == ["won", "lost"]
    assert g.life(0) == 20
    assert event.notes == ("The game ended before Damage applied.",)


def test_800_4a_changes_to_a_team_that_conceded_earlier_in_the_event_do_not_apply() -> None:
    g = Game(FreeForAll(players=3))
    event = g.apply(Concede(1), Damage(1, 5), Poison(1, 2))
    assert (g.life(1), g.poison(1)) == (20, 0)
    assert event.notes == (
        "Player 2 left the game before their change applied.",
        "Player 2 left the game before their change applied.",
    )


def test_800_4a_no_exchange_with_a_team_that_conceded_earlier_in_the_event() -> None:
    g = Game(FreeForAll(players=3))
    g.apply(Damage(1, 10))
    event = g.apply(Concede(0), ExchangeLife(0, 1))
    assert [g.life(0), g.life(1), g.life(2)] == [20, 10, 20]
    assert statuses(g) == ["lost", "playing", "playing"]
    assert event.notes == ("Player 1 left the game before their change applied.",)
    event = g.apply(Concede(2), ExchangeLife(1, 2))
    assert [g.life(1), g.life(2)] == [10, 20]
    assert statuses(g) == ["lost", "won", "lost"]


def test_104_3c_and_104_3e_lose_game_makes_the_team_lose() -> None:
    g = giant(teams=3)
    g.apply(LoseGame(3))
    assert statuses(g) == ["playing", "lost", "playing"]
    assert g.reason(1) == "lost the game to an effect or an empty library (CR 104.3c, 104.3e)"


def test_104_3e_lose_game_does_nothing_under_cant_lose() -> None:
    g = giant()
    event = g.apply(Effect(2, "cant_lose"), LoseGame(3))
    assert statuses(g) == ["playing", "playing"]
    # The event says why nothing happened (CR 810.8a: can't lose covers the team).
    assert event.notes == ("Player 3 & Player 4 can't lose the game (CR 810.8a).",)
    assert [(b.change, b.why, b.rule) for b in event.blocked] == [
        (1, "can't lose the game", "810.8a")
    ]
    # The effect's loss does not linger after can't-lose ends.
    g.apply(Effect(3, "cant_lose", on=False))
    assert statuses(g) == ["playing", "playing"]


def test_104_2b_win_game_makes_the_team_win_and_every_other_team_lose() -> None:
    g = giant(teams=3)
    g.apply(WinGame(3))
    assert statuses(g) == ["lost", "won", "lost"]
    assert g.winners == (1,)
    assert g.reason(1) == "won the game by an effect (CR 104.2b)"
    assert g.reason(0) == "Player 3 & Player 4 won the game (CR 104.2b)"
    assert g.reason(2) == "Player 3 & Player 4 won the game (CR 104.2b)"


def test_104_2b_win_game_beats_cant_lose_of_the_others() -> None:
    g = Game(FreeForAll(players=3))
    g.apply(Effect(1, "cant_lose"), WinGame(0))
    assert statuses(g) == ["won", "lost", "lost"]


def test_810_8a_win_game_does_nothing_if_the_team_cant_win() -> None:
    g = giant()
    g.apply(Effect(1, "cant_win"))
    event = g.apply(WinGame(0))
    assert statuses(g) == ["playing", "playing"]
    assert event.notes == ("Player 1 & Player 2 can't win the game (CR 810.8a).",)
    g.apply(Effect(0, "cant_win", on=False), WinGame(1))
    assert statuses(g) == ["won", "lost"]


def test_104_3f_a_team_that_would_win_and_lose_at_once_loses() -> None:
    g = giant()
    g.apply(Damage(0, 30), WinGame(1))
    assert statuses(g) == ["lost", "won"]
    assert g.reason(0) == "life 0 or less, though it would also win (CR 810.8c, 104.3f)"
    # The win never happened, so the other team did not lose to it: it is the last standing.
    assert g.reason(1) == "last one standing (CR 104.2a)"


def test_104_3f_would_win_and_lose_in_free_for_all_the_others_play_on() -> None:
    g = Game(FreeForAll(players=3))
    g.apply(Poison(0, 10), WinGame(0))
    assert statuses(g) == ["lost", "playing", "playing"]
    assert g.reason(0) == "10 or more poison, though it would also win (CR 104.3d, 104.3f)"
    assert not g.over


def test_104_3f_lose_game_and_win_game_in_one_event_loses() -> None:
    g = Game(FreeForAll(players=3))
    g.apply(WinGame(1), LoseGame(1))
    assert statuses(g) == ["playing", "lost", "playing"]
    assert g.state.teams[1].rule == "104.3c, 104.3e, 104.3f"


def test_104_3f_two_teams_winning_at_once_both_lose_so_the_game_is_a_draw() -> None:
    g = Game(FreeForAll(players=3))
    g.apply(WinGame(0), WinGame(2))
    assert statuses(g) == ["drawn", "drawn", "drawn"]
    assert g.winners == ()


def test_104_2b_winning_twice_in_one_event_is_one_win() -> None:
    g = Game(FreeForAll(players=3))
    g.apply(WinGame(2), WinGame(2))
    assert statuses(g) == ["lost", "lost", "won"]


def test_104_2b_win_game_with_cant_lose_survives_its_own_zero_life() -> None:
    g = Game(FreeForAll(players=2))
    g.apply(Effect(0, "cant_lose"), Damage(0, 20), WinGame(0))
    assert statuses(g) == ["won", "lost"]
    assert g.life(0) == 0


def test_104_4c_draw_game_draws_everyone_still_playing() -> None:
    g = Game(FreeForAll(players=4))
    g.apply(Concede(0))
    event = g.apply(DrawGame(), Damage(1, 3))
    assert statuses(g) == ["lost", "drawn", "drawn", "drawn"]
    # CR 104.4c: an effect's draw, or one agreed at the table (not 104.4b, which is a loop).
    assert g.reason(2) == "the game is a draw (CR 104.4c)"
    assert g.winners == ()
    assert g.over
    assert g.life(1) == 20
    assert event.notes == ("The game ended before Damage applied.",)


def test_104_4c_draw_beats_a_win_in_the_same_event() -> None:
    g = giant()
    g.apply(WinGame(0), DrawGame())
    assert statuses(g) == ["drawn", "drawn"]
    assert g.reason(1) == "the game is a draw (CR 104.4c)"


def test_104_4a_a_draw_is_over_with_no_winners() -> None:
    g = Game(FreeForAll(players=2))
    g.apply(LoseLife(0, 20), LoseLife(1, 20))
    assert g.over
    assert g.winners == ()
    with pytest.raises(RuleError, match="over"):
        g.apply(GainLife(0, 1))


def test_704_3_state_based_actions_are_checked_once_after_the_whole_event() -> None:
    g = giant()
    # The team dips to -10 mid-event and comes back; nothing is checked in between.
    g.apply(Damage(0, 40), SetLife(1, 3), PayLife(2, 0))
    assert (g.life(0), g.status(0)) == (3, "playing")


def test_104_2a_three_player_free_for_all_with_one_player_gone() -> None:
    g = Game(FreeForAll(players=3, starting_life=20), names=["Ann", "Bo", "Cy"])
    g.apply(Concede(1))
    assert statuses(g) == ["playing", "lost", "playing"]
    with pytest.raises(RuleError, match=r"Bo has left the game \(CR 800\.4a\)"):
        g.apply(Damage(1, 1))
    with pytest.raises(RuleError, match="Bo has left"):
        g.apply(ExchangeLife(0, 1))
    g.apply(ExchangeLife(0, 2), Damage(2, 5))
    assert [g.life(0), g.life(1), g.life(2)] == [20, 20, 15]
    g.apply(Damage(0, 12), Damage(2, 15))
    assert statuses(g) == ["won", "lost", "lost"]
    assert g.life(0) == 8
    assert g.team_name(0) == "Ann"


def test_810_8a_status_reason_for_a_team_still_playing_is_empty() -> None:
    g = giant()
    assert g.reason(0) == ""
    assert g.status(0) == "playing"


def test_101_2_lose_game_under_cant_lose_in_free_for_all_says_why() -> None:
    g = Game(FreeForAll(players=3))
    g.apply(Effect(1, "cant_lose"))
    event = g.apply(LoseGame(1), LoseGame(1), LoseGame(2))
    assert statuses(g) == ["playing", "playing", "lost"]
    assert event.notes == ("Player 2 can't lose the game (CR 101.2).",)
    assert [b.change for b in event.blocked] == [0, 1]


def test_101_2_a_blocked_win_is_recorded_change_by_change() -> None:
    g = Game(FreeForAll(players=2))
    g.apply(Effect(0, "cant_win"))
    event = g.apply(WinGame(0), Damage(1, 1))
    assert statuses(g) == ["playing", "playing"]
    assert event.notes == ("Player 1 can't win the game (CR 101.2).",)
    assert [(b.change, b.why, b.rule) for b in event.blocked] == [
        (0, "can't win the game", "101.2")
    ]
