"""GameSetup: names, team names and the starting team of a new game (app/rules/setup.py)."""

from __future__ import annotations

import pytest

from app.rules import FreeForAll, RuleError, TwoHeadedGiant
from app.rules.setup import MAX_NAME, GameSetup, default_player_name, default_team_name


def test_empty_names_get_defaults() -> None:
    s = GameSetup(TwoHeadedGiant())
    assert s.names == ("Player 1", "Player 2", "Player 3", "Player 4")
    assert s.team_names == ("Team 1", "Team 2")
    assert (s.starting, s.preset) == (0, "")
    assert default_player_name(0) == "Player 1"
    assert default_team_name(2) == "Team 3"


def test_names_are_trimmed_and_blanks_filled() -> None:
    s = GameSetup(TwoHeadedGiant(), names=("  Ann ", "", "Bo\t  Bell", "   "), team_names=("", "X"))
    assert s.names == ("Ann", "Player 2", "Bo Bell", "Player 4")
    assert s.team_names == ("Team 1", "X")


def test_long_names_are_cut_without_a_trailing_space() -> None:
    s = GameSetup(FreeForAll(players=2), names=("A" * 60, "B" * (MAX_NAME - 1) + " C"))
    assert s.names[0] == "A" * MAX_NAME
    assert s.names[1] == "B" * (MAX_NAME - 1)


def test_806_in_free_for_all_each_player_is_their_own_team() -> None:
    s = GameSetup(FreeForAll(players=3), names=("Ann", "Bo", "Cy"), team_names=("T1",))
    assert s.team_names == ("Ann", "Bo", "Cy")


def test_duplicate_names_are_refused_whatever_their_case() -> None:
    with pytest.raises(RuleError, match="Two players are called 'ann'"):
        GameSetup(FreeForAll(players=2), names=("Ann", "ann"))
    with pytest.raises(RuleError, match="Two teams are called 'Red'"):
        GameSetup(TwoHeadedGiant(), team_names=("Red", "Red"))


def test_the_starting_team_must_exist() -> None:
    with pytest.raises(RuleError, match="There is no team 2 to start"):
        GameSetup(TwoHeadedGiant(), starting=2)
    with pytest.raises(RuleError, match="There is no team -1 to start"):
        GameSetup(FreeForAll(players=3), starting=-1)


def test_new_game_uses_the_setup() -> None:
    s = GameSetup(TwoHeadedGiant(heads=3), names=("A", "B", "C", "D", "E", "F"), starting=1)
    g = s.new_game()
    assert g.variant == TwoHeadedGiant(heads=3)
    assert g.names == ("A", "B", "C", "D", "E", "F")
    assert (g.active, g.life(0), g.life(1)) == (1, 45, 45)
    assert g.team_name(1) == "D & E & F"
    assert s.new_game() is not g
