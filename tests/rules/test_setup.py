"""GameSetup: names, team names and the starting team of a new game (tablelife/rules/setup.py)."""

from __future__ import annotations

import pytest

from tablelife.rules import FreeForAll, RuleError, TwoHeadedGiant
from tablelife.rules.setup import MAX_NAME, GameSetup, default_player_name


def test_empty_names_get_defaults() -> None:
    s = GameSetup(TwoHeadedGiant())
    assert s.names == ("Player 1", "Player 2", "Player 3", "Player 4")
    assert s.team_names == ("Player 1 & Player 2", "Player 3 & Player 4")
    assert (s.starting, s.preset) == (0, None)
    assert default_player_name(0) == "Player 1"


def test_810_a_team_without_a_name_is_named_after_its_heads() -> None:
    s = GameSetup(TwoHeadedGiant(), names=("Ann", "Bob", "Cal", "Dee"), team_names=("", "Red"))
    assert s.team_names == ("Ann & Bob", "Red")


def test_too_many_names_or_names_that_are_not_text_are_refused() -> None:
    with pytest.raises(RuleError, match="3 names given for 2 players"):
        GameSetup(FreeForAll(players=2), names=("A", "B", "C"))
    with pytest.raises(RuleError, match="A player's name must be text, not 7"):
        GameSetup(FreeForAll(players=2), names=("A", 7))  # type: ignore[arg-type]


def test_names_are_trimmed_and_blanks_filled() -> None:
    s = GameSetup(TwoHeadedGiant(), names=("  Ann ", "", "Bo\t  Bell", "   "), team_names=("", "X"))
    assert s.names == ("Ann", "Player 2", "Bo Bell", "Player 4")
    assert s.team_names == ("Ann & Player 2", "X")


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
