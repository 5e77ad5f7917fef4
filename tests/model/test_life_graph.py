"""The life graph's data and the end-of-game summary: numbers from a Game's history."""

from __future__ import annotations

from tablelife.model.life_graph import biggest_swing, duration_words, life_graph, summary
from tablelife.rules import (
    Concede,
    Damage,
    FreeForAll,
    GainLife,
    Game,
    PassTurn,
    Poison,
    TwoHeadedGiant,
)


def test_a_new_game_is_one_point_at_the_starting_life() -> None:
    data = life_graph(Game(FreeForAll(players=3)))
    assert data.events == 0
    assert [s.life for s in data.series] == [(20,), (20,), (20,)]
    assert (data.lowest, data.highest) == (0, 20)


def test_each_team_steps_once_per_event_with_poison_beside() -> None:
    g = Game(TwoHeadedGiant())
    g.apply(Damage(0, 3), Damage(1, 2))  # both heads of team 0: one step of 5
    g.apply(Poison(2, 4))
    g.apply(GainLife(3, 2))
    data = life_graph(g)
    assert data.events == 3
    assert data.series[0].life == (30, 25, 25, 25)
    assert data.series[1].life == (30, 30, 30, 32)
    assert data.series[1].poison == (0, 0, 4, 4)
    assert data.poison_limit == 15
    assert data.highest == 32 and data.lowest == 0


def test_a_team_that_leaves_is_marked_where_it_left() -> None:
    g = Game(FreeForAll(players=3))
    g.apply(Damage(0, 25))  # below 0: lost at the check
    g.apply(Concede(1))
    data = life_graph(g)
    assert data.series[0].left == 1 and data.series[0].status == "lost"
    assert data.series[1].left == 2
    assert data.series[2].left is None and data.series[2].status == "won"
    assert data.lowest == -5


def test_undone_events_are_not_drawn() -> None:
    g = Game(FreeForAll(players=2))
    g.apply(Damage(0, 3))
    g.apply(Damage(0, 4))
    g.undo()
    assert life_graph(g).series[0].life == (20, 17)


def test_the_biggest_swing_is_the_largest_change_in_one_event() -> None:
    g = Game(FreeForAll(players=2))
    assert biggest_swing(g) is None
    g.apply(Damage(0, 3))
    g.apply(PassTurn())
    g.apply(GainLife(1, 7))
    g.apply(Damage(0, 7))  # a tie: the earlier one counts
    swing = biggest_swing(g)
    assert swing is not None and (swing.team, swing.amount, swing.event) == (1, 7, 3)
    assert swing.turn == 2


def test_duration_in_words() -> None:
    assert duration_words(30) == "under a minute"
    assert duration_words(61) == "1 minute"
    assert duration_words(3900) == "1 hour 5 minutes"
    assert duration_words(7200) == "2 hours"


def test_the_summary_says_who_won_how_long_and_the_swing() -> None:
    g = Game(FreeForAll(players=2))
    assert summary(g, ("Ann", "Bob")) == []
    g.apply(Damage(1, 5), when=1000.0)
    g.apply(PassTurn(), when=1100.0)
    g.apply(Damage(1, 15), when=1000.0 + 25 * 60)
    assert summary(g, ("Ann", "Bob")) == [
        "Winner: Ann.",
        "2 turns played.",
        "It lasted 25 minutes.",
        "Biggest swing: Bob \u221215 life in turn\u00a02.",  # players count turns
    ]


def test_a_draw_is_summed_up_as_a_draw() -> None:
    g = Game(FreeForAll(players=2))
    g.apply(Damage(0, 20), Damage(1, 20))
    assert summary(g, ("Ann", "Bob"))[0] == "The game is a draw."
