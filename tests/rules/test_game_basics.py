"""Building a game, reading its state, the first draw (CR 103.8) and passing the turn (CR 800.4)."""

from __future__ import annotations

import pytest

from tablelife.rules import (
    Concede,
    Damage,
    Event,
    FreeForAll,
    Game,
    PassTurn,
    Poison,
    RuleError,
    State,
    TeamState,
    TwoHeadedGiant,
    first_draw_rule,
)


def test_a_new_game_starts_with_every_team_playing_on_turn_1() -> None:
    g = Game(FreeForAll(players=4, starting_life=40))
    assert g.state == State(teams=(TeamState(life=40),) * 4, active=0, turn=1)
    assert g.state.teams[0].playing
    assert (g.turn, g.active, g.over, g.winners) == (1, 0, False, ())
    assert g.history == ()
    assert g.redo_events == ()
    assert g.names == ("Player 1", "Player 2", "Player 3", "Player 4")
    assert [g.effects(t) for t in range(4)] == [frozenset()] * 4


def test_810_8a_team_names_join_the_heads() -> None:
    g = Game(TwoHeadedGiant(heads=3), names=["A", "B", "C", "D", "E", "F"], starting=1)
    assert g.team_name(0) == "A & B & C"
    assert g.team_name(1) == "D & E & F"
    assert g.active == 1


def test_game_refuses_bad_setup() -> None:
    with pytest.raises(RuleError, match="3 names given for 4 players"):
        Game(TwoHeadedGiant(), names=["a", "b", "c"])
    with pytest.raises(RuleError, match=r"There is no team 2 \(teams are 0 to 1\)"):
        Game(TwoHeadedGiant(), starting=2)
    with pytest.raises(RuleError, match="A team must be a whole number"):
        Game(FreeForAll(), starting=True)
    with pytest.raises(RuleError, match="Unknown variant"):
        Game("Two-Headed Giant")  # type: ignore[arg-type]


def test_reading_a_team_or_player_out_of_range_raises_rule_error() -> None:
    g = Game(TwoHeadedGiant())
    for read in (g.life, g.poison, g.status, g.reason, g.effects, g.players_of, g.team_name):
        with pytest.raises(RuleError, match="There is no team 2"):
            read(2)
        with pytest.raises(RuleError, match="There is no team -1"):
            read(-1)
    with pytest.raises(RuleError, match="There is no player 4"):
        g.team_of(4)
    with pytest.raises(RuleError, match="A player must be a whole number"):
        g.team_of("1")  # type: ignore[arg-type]


def test_history_holds_events_with_changes_before_after_and_state() -> None:
    g = Game(FreeForAll(players=2))
    first = g.apply(Damage(0, 3), Poison(1, 2))
    second = g.apply(Damage(1, 1))
    assert isinstance(first, Event)
    assert g.history == (first, second)
    assert first.changes == (Damage(0, 3), Poison(1, 2))
    assert first.before == g.initial
    assert first.after.teams[0].life == 17
    assert first.after.teams[1].poison == 2
    assert first.state is first.after
    assert second.before == first.after
    assert second.state == g.state
    assert first.notes == ()


def test_103_8a_two_player_game_starting_player_skips_the_draw() -> None:
    assert first_draw_rule(FreeForAll(players=2)) == (
        "The starting player skips their first draw (CR 103.8a)."
    )


def test_103_8b_two_headed_giant_starting_team_skips_the_draw() -> None:
    for v in (TwoHeadedGiant(), TwoHeadedGiant(heads=4), TwoHeadedGiant(teams=3)):
        assert first_draw_rule(v) == "The starting team skips its first draw (CR 103.8b)."


def test_103_8c_other_multiplayer_games_nobody_skips_the_draw() -> None:
    for players in (3, 4, 6):
        assert first_draw_rule(FreeForAll(players=players)) == (
            "Nobody skips their first draw in a multiplayer game (CR 103.8c)."
        )


def test_800_4_pass_turn_goes_round_the_table() -> None:
    g = Game(FreeForAll(players=3), starting=1)
    seen = []
    for _ in range(4):
        g.apply(PassTurn())
        seen.append((g.active, g.turn))
    assert seen == [(2, 2), (0, 3), (1, 4), (2, 5)]


def test_800_4_pass_turn_skips_teams_that_left() -> None:
    g = Game(FreeForAll(players=5))
    g.apply(Concede(1), Concede(2))
    g.apply(PassTurn())
    assert (g.active, g.turn) == (3, 2)
    g.apply(Concede(4), PassTurn())
    assert (g.active, g.turn) == (0, 3)
    g.apply(PassTurn())
    assert (g.active, g.turn) == (3, 4)


def test_800_4_pass_turn_in_a_giant_game_moves_between_teams() -> None:
    g = Game(TwoHeadedGiant(teams=3))
    g.apply(PassTurn())
    assert g.active == 1
    g.apply(Concede(5), PassTurn())
    assert (g.active, g.turn) == (0, 3)


def test_800_4_when_the_active_team_leaves_the_turn_passes_to_the_next_still_playing() -> None:
    g = Game(FreeForAll(players=4), starting=2)
    g.apply(Concede(2), Concede(3), PassTurn())
    assert (g.active, g.turn) == (0, 2)


def test_800_4_a_turn_passed_with_lethal_damage_skips_the_team_it_kills() -> None:
    from tablelife.rules import Damage, FreeForAll, PassTurn

    g = Game(FreeForAll(players=3))
    g.apply(PassTurn(), Damage(1, 20))  # player 1 is next in turn, but dies in this event
    assert g.status(1) == "lost"
    assert (g.active, g.turn) == (2, 2)
