"""Variants: Two-Headed Giant and bigger giants (CR 810), free-for-all (CR 806)."""

from __future__ import annotations

import pytest

from tablelife.rules import FreeForAll, Game, RuleError, TwoHeadedGiant


def test_810_4_two_headed_giant_team_starts_at_30_life_and_15_poison_limit() -> None:
    v = TwoHeadedGiant(heads=2, teams=2)
    assert (v.starting_life, v.poison_limit) == (30, 15)
    g = Game(v)
    assert [g.life(t) for t in range(2)] == [30, 30]
    assert [g.poison(t) for t in range(2)] == [0, 0]
    assert v.players == 4
    assert v.team_game is True
    assert v.house_rules is False
    assert v.title == "Two-Headed Giant"


@pytest.mark.parametrize(
    ("heads", "life", "limit", "title"),
    [
        (2, 30, 15, "Two-Headed Giant"),
        (3, 45, 20, "Three-Headed Giant"),
        (4, 60, 25, "Four-Headed Giant"),
        (5, 75, 30, "Five-Headed Giant"),
        (7, 105, 40, "7-Headed Giant"),
    ],
)
def test_810_11_each_extra_head_adds_15_life_and_5_poison(
    heads: int, life: int, limit: int, title: str
) -> None:
    v = TwoHeadedGiant(heads=heads)
    assert (v.starting_life, v.poison_limit) == (life, limit)
    assert v.title == title
    assert v.house_rules is False
    g = Game(v)
    assert g.life(0) == g.life(1) == life


def test_810_11_three_headed_giant_loses_at_20_poison_not_15() -> None:
    from tablelife.rules import Poison

    g = Game(TwoHeadedGiant(heads=3))
    g.apply(Poison(0, 19))
    assert (g.poison(0), g.status(0)) == (19, "playing")
    g.apply(Poison(1, 1))
    assert (g.poison(0), g.status(0)) == (20, "lost")
    # 810.8d says fifteen; 810.11 adds five for the third head: both are cited.
    assert g.reason(0) == "20 or more poison (CR 810.8d, 810.11)"


def test_810_11_four_headed_giant_loses_at_25_poison_and_starts_at_60() -> None:
    from tablelife.rules import Damage, Poison

    g = Game(TwoHeadedGiant(heads=4, teams=2))
    assert g.players_of(1) == range(4, 8)
    g.apply(Poison(7, 24), Damage(4, 59))
    assert (g.life(1), g.poison(1), g.status(1)) == (1, 24, "playing")
    g.apply(Poison(5, 1))
    assert g.status(1) == "lost"
    assert g.winners == (0,)


def test_giant_house_rules_for_starting_life_and_poison_limit() -> None:
    v = TwoHeadedGiant(heads=2, teams=3, starting_life=40, poison_limit=20)
    assert (v.starting_life, v.poison_limit, v.players) == (40, 20, 6)
    assert v.house_rules is True
    assert TwoHeadedGiant(starting_life=30, poison_limit=15).house_rules is False
    assert TwoHeadedGiant(poison_limit=10).house_rules is True
    g = Game(v)
    assert [g.life(t) for t in range(3)] == [40, 40, 40]


def test_806_free_for_all_defaults_to_20_life_and_10_poison() -> None:
    v = FreeForAll(players=4, starting_life=20)
    assert (v.players, v.teams, v.heads, v.starting_life, v.poison_limit) == (4, 4, 1, 20, 10)
    assert FreeForAll() == FreeForAll(players=4, starting_life=20, poison_limit=10)
    assert v.team_game is False
    assert v.title == "Free-for-all, 4 players"
    assert v.house_rules is False
    assert FreeForAll(starting_life=40).house_rules is False
    assert FreeForAll(starting_life=30).house_rules is True
    assert FreeForAll(poison_limit=15).house_rules is True


def test_810_seats_team_t_holds_players_t_heads_to_t_heads_plus_heads_minus_1() -> None:
    v = TwoHeadedGiant(heads=3, teams=3)
    assert [v.team_of(p) for p in range(9)] == [0, 0, 0, 1, 1, 1, 2, 2, 2]
    assert [list(v.players_of(t)) for t in range(3)] == [[0, 1, 2], [3, 4, 5], [6, 7, 8]]
    g = Game(v)
    assert g.team_of(5) == 1
    assert g.players_of(2) == range(6, 9)


def test_806_free_for_all_team_i_is_player_i() -> None:
    v = FreeForAll(players=5)
    assert [v.team_of(p) for p in range(5)] == [0, 1, 2, 3, 4]
    assert [list(v.players_of(t)) for t in range(5)] == [[0], [1], [2], [3], [4]]


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda: TwoHeadedGiant(heads=1), "heads must be at least 2"),
        (lambda: TwoHeadedGiant(heads=0), "heads must be at least 2"),
        (lambda: TwoHeadedGiant(teams=1), "teams must be at least 2"),
        (lambda: TwoHeadedGiant(starting_life=0), "Starting life must be at least 1"),
        (lambda: TwoHeadedGiant(starting_life=-5), "Starting life must be at least 1"),
        (lambda: TwoHeadedGiant(poison_limit=0), "poison limit must be at least 1"),
        (lambda: TwoHeadedGiant(heads=2.5), "must be a whole number"),  # type: ignore[arg-type]
        (lambda: TwoHeadedGiant(heads=True), "must be a whole number"),
        (lambda: TwoHeadedGiant(teams="2"), "must be a whole number"),  # type: ignore[arg-type]
        (lambda: FreeForAll(players=1), "players must be at least 2"),
        (lambda: FreeForAll(players=0), "players must be at least 2"),
        (lambda: FreeForAll(starting_life=0), "Starting life must be at least 1"),
        (lambda: FreeForAll(poison_limit=0), "poison limit must be at least 1"),
        (lambda: FreeForAll(players=None), "must be a whole number"),  # type: ignore[arg-type]
    ],
)
def test_bad_variants_raise_rule_error(make: object, words: str) -> None:
    with pytest.raises(RuleError, match=words):
        make()  # type: ignore[operator]


def test_variants_are_frozen_and_comparable() -> None:
    v = TwoHeadedGiant(heads=3)
    assert v == TwoHeadedGiant(heads=3, teams=2, starting_life=45, poison_limit=20)
    assert hash(v) == hash(TwoHeadedGiant(heads=3))
    with pytest.raises(AttributeError):
        v.heads = 4  # type: ignore[misc]


@pytest.mark.parametrize("teams", [3, 4])
def test_810_1_a_giant_of_other_than_two_teams_is_house_rules(teams: int) -> None:
    assert TwoHeadedGiant(teams=teams).house_rules is True
    assert TwoHeadedGiant(heads=3, teams=teams).house_rules is True
    assert TwoHeadedGiant(teams=2).house_rules is False


def test_903_commander_is_a_free_for_all_at_40_life() -> None:
    v = FreeForAll(players=4, starting_life=40, commander=True)
    assert v.commander is True
    assert v.house_rules is False  # CR 903.7
    assert v.title == "Commander, 4 players"
    assert FreeForAll().commander is False
    assert FreeForAll(players=4, starting_life=20, commander=True).house_rules is True
    assert FreeForAll(players=4, starting_life=40, poison_limit=5, commander=True).house_rules
    assert v != FreeForAll(players=4, starting_life=40)
    assert FreeForAll(6, 40, 10, True) == FreeForAll(players=6, starting_life=40, commander=True)


@pytest.mark.parametrize("bad", [1, "yes", None])
def test_903_commander_is_on_or_off(bad: object) -> None:
    with pytest.raises(RuleError, match="Commander is on or off"):
        FreeForAll(commander=bad)  # type: ignore[arg-type]
