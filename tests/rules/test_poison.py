"""Poison counters: the team limit and shared counters (CR 104.3d, 122.1f, 704.5c, 810.10)."""

from __future__ import annotations

from tablelife.rules import Effect, FreeForAll, Game, Poison, TwoHeadedGiant


def test_104_3d_ten_poison_loses_in_free_for_all() -> None:
    g = Game(FreeForAll(players=3))
    g.apply(Poison(2, 9))
    assert (g.poison(2), g.status(2)) == (9, "playing")
    g.apply(Poison(2, 1))
    assert (g.poison(2), g.status(2)) == (10, "lost")
    assert g.reason(2) == "10 or more poison (CR 104.3d)"
    assert not g.over


def test_122_1f_poison_is_kept_and_adds_up() -> None:
    g = Game(FreeForAll(players=2))
    g.apply(Poison(0, 2), Poison(0, 3))
    g.apply(Poison(0, 4))
    assert g.poison(0) == 9
    assert g.poison(1) == 0


def test_810_10_poison_is_shared_by_the_team() -> None:
    g = Game(TwoHeadedGiant())
    g.apply(Poison(0, 4), Poison(1, 5))
    assert [g.poison(0), g.poison(1)] == [9, 0]


def test_704_5c_ten_poison_rule_is_ignored_in_two_headed_giant() -> None:
    g = Game(TwoHeadedGiant())
    g.apply(Poison(2, 10))
    assert (g.poison(1), g.status(1)) == (10, "playing")
    g.apply(Poison(3, 4))
    assert (g.poison(1), g.status(1)) == (14, "playing")


def test_810_8d_team_with_15_poison_loses() -> None:
    g = Game(TwoHeadedGiant())
    g.apply(Poison(2, 14))
    g.apply(Poison(3, 1))
    assert (g.poison(1), g.status(1)) == (15, "lost")
    assert g.reason(1) == "15 or more poison (CR 810.8d)"
    assert g.winners == (0,)


def test_810_8d_house_rule_poison_limit() -> None:
    g = Game(TwoHeadedGiant(poison_limit=10))
    g.apply(Poison(0, 10))
    assert g.status(0) == "lost"
    assert g.reason(0) == "10 or more poison (CR 810.8d)"


def test_810_10b_negative_poison_removes_from_the_team_never_below_0() -> None:
    g = Game(TwoHeadedGiant())
    g.apply(Poison(0, 6))
    g.apply(Poison(1, -2))
    assert g.poison(0) == 4
    g.apply(Poison(0, -10))
    assert g.poison(0) == 0


def test_810_10b_removal_in_the_same_event_saves_the_team() -> None:
    g = Game(TwoHeadedGiant())
    g.apply(Poison(0, 12))
    g.apply(Poison(0, 5), Poison(1, -3))
    assert (g.poison(0), g.status(0)) == (14, "playing")


def test_810_10c_one_head_cant_get_poison_covers_the_team() -> None:
    g = Game(TwoHeadedGiant())
    g.apply(Effect(0, "cant_get_poison"))
    g.apply(Poison(1, 5))
    assert g.poison(0) == 0
    assert g.history[-1].notes == ("Player 1 & Player 2 can't get poison (CR 810.10c).",)


def test_810_10c_removal_still_works_under_cant_get_poison() -> None:
    g = Game(TwoHeadedGiant())
    g.apply(Poison(1, 8))
    g.apply(Effect(1, "cant_get_poison"), Poison(0, -3), Poison(1, 3))
    assert g.poison(0) == 5


def test_122_1f_cant_get_poison_in_free_for_all() -> None:
    g = Game(FreeForAll(players=2))
    g.apply(Effect(1, "cant_get_poison"), Poison(1, 11))
    assert (g.poison(1), g.status(1)) == (0, "playing")
    assert g.history[-1].notes == ("Player 2 can't get poison (CR 122.1f).",)
    g.apply(Effect(1, "cant_get_poison", on=False), Poison(1, 11))
    assert (g.poison(1), g.status(1)) == (11, "lost")


def test_810_10_poison_0_changes_nothing() -> None:
    g = Game(TwoHeadedGiant())
    event = g.apply(Poison(0, 0))
    assert event.before == event.after
