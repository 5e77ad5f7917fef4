"""Standings beyond Appendix C's examples: pods, drops, late teams, ties and bad input."""

from __future__ import annotations

import pytest

from tablelife.tournament import MatchResult, ResultError, Standing, standings
from tests.tournament.helpers import by_team, duel, match


def test_the_shape_from_the_issue() -> None:
    table = standings([duel(1, "Ann & Bob", "Cal & Dee", "win")], best_of=1)
    s = table[0]
    assert isinstance(s, Standing)
    assert (s.team, s.points, s.record) == ("Ann & Bob", 3, (1, 0, 0))
    assert (s.mw, s.omw, s.gw, s.ogw) == (1.0, 0.33, 1.0, 0.33)
    assert s.rank == 1
    assert table[1].rank == 2


def test_no_results_no_lines_unless_teams_are_named() -> None:
    assert standings([]) == []
    table = standings([], teams=["Bob", "Ann"])
    assert [s.team for s in table] == ["Ann", "Bob"]
    assert all(
        (s.points, s.rounds, s.mw, s.omw, s.gw, s.ogw) == (0, 0, 0.33, 0.33, 0.33, 0.33)
        for s in table
    )


def test_a_late_team_joins_with_nothing() -> None:
    table = standings([duel(1, "A", "B", "win")], teams=["A", "B", "Late"])
    late = next(s for s in table if s.team == "Late")
    assert (late.points, late.record, late.rounds) == (0, (0, 0, 0), 0)


def test_a_dropped_team_keeps_its_line_and_still_counts_for_its_opponents() -> None:
    # MTR Appendix C: a team that withdrew is rated on the rounds it played.
    results = [duel(1, "A", "Quitter", "win"), duel(1, "B", "C", "win"), duel(2, "A", "B", "win")]
    lines = by_team(results)
    assert lines["Quitter"].rounds == 1
    assert lines["Quitter"].mw == 0.33
    assert lines["A"].omw == pytest.approx((0.33 + 0.5) / 2)


def test_a_pod_win_is_a_match_win_and_everyone_else_at_the_pod_is_an_opponent() -> None:
    pod = MatchResult(round=1, outcomes={"P": "win", "Q": "loss", "R": "loss", "S": "loss"})
    lines = by_team([pod])
    assert lines["P"].points == 3
    assert lines["P"].record == (1, 0, 0)
    assert lines["P"].opponents == ("Q", "R", "S")
    assert lines["Q"].opponents == ("P", "R", "S")
    assert lines["Q"].points == 0
    # Q's opponents: P (1.0) and two 0.33s
    assert lines["Q"].omw == pytest.approx((1 + 0.33 + 0.33) / 3)
    assert lines["P"].omw == pytest.approx(0.33)


def test_a_drawn_pod_gives_each_team_that_drew_one_point() -> None:
    # Our rule (README, "Standings and pairings"): a pod's draw is a match draw, 1 point, for
    # each team still in the game when it was drawn; the teams already out lost.
    pod = MatchResult(round=1, outcomes={"P": "draw", "Q": "draw", "R": "loss", "S": "loss"})
    lines = by_team([pod])
    assert (lines["P"].points, lines["P"].record) == (1, (0, 0, 1))
    assert (lines["Q"].points, lines["Q"].record) == (1, (0, 0, 1))
    assert (lines["R"].points, lines["R"].record) == (0, (0, 1, 0))
    assert lines["P"].mw == pytest.approx(1 / 3)  # 1 point of 3: just over the 0.33 floor
    assert lines["P"].game_points == 1
    whole = MatchResult(round=1, outcomes={"P": "draw", "Q": "draw", "R": "draw"})
    assert [s.points for s in standings([whole])] == [1, 1, 1]


def test_pod_games_count_like_match_games() -> None:
    pod = MatchResult(
        round=1,
        outcomes={"P": "win", "Q": "loss", "R": "loss"},
        games={"P": (2, 1, 0), "Q": (1, 2, 0), "R": (0, 3, 0)},
    )
    lines = by_team([pod], best_of=3)
    assert lines["P"].gw == pytest.approx(6 / 9)
    assert lines["R"].gw == 0.33


def test_a_bye_is_two_games_won_in_best_of_one_too() -> None:
    # MTR Appendix C, "Byes": a bye is a 2-0 match win, 6 game points, whatever the best-of
    # (it was 1-0 in best of one).
    bye = MatchResult(round=1, outcomes={"A": "bye"})
    assert by_team([bye], best_of=1)["A"].games == (2, 0, 0)
    assert by_team([bye], best_of=1)["A"].game_points == 6
    assert by_team([bye], best_of=3)["A"].games == (2, 0, 0)
    assert by_team([bye], best_of=5)["A"].games == (3, 0, 0)


def test_full_ties_fall_back_to_the_name() -> None:
    results = [duel(1, "b", "x", "win"), duel(1, "A", "y", "win"), duel(1, "C", "z", "win")]
    assert [s.team for s in standings(results)][:3] == ["A", "b", "C"]


def test_exact_ties_stay_ties_however_the_results_come() -> None:
    # Fractions, not floats: 1/3 + 1/3 + 1/3 is 1 here whatever the order.
    results = [
        duel(1, "A", "X", "win"),
        duel(2, "A", "Y", "draw"),
        duel(1, "B", "Y", "draw"),
        duel(2, "B", "X", "win"),
    ]
    lines = by_team(results)
    assert lines["A"].omw == lines["B"].omw
    assert [s.team for s in standings(results)][:2] == ["A", "B"]
    assert [s.team for s in standings(reversed(results))][:2] == ["A", "B"]


def test_an_unplayed_draw_has_no_games() -> None:
    # MTR Appendix C: unplayed games are worth nothing; with no games played the floor stands.
    result = MatchResult(
        round=1, outcomes={"A": "draw", "B": "draw"}, games={"A": (0, 0, 0), "B": (0, 0, 0)}
    )
    lines = by_team([result])
    assert lines["A"].points == 1
    assert lines["A"].games == (0, 0, 0)
    assert lines["A"].gw == 0.33


def test_a_team_at_two_tables_in_one_round_is_refused() -> None:
    with pytest.raises(ResultError, match=r"A is at two tables in round 1\."):
        standings([duel(1, "A", "B", "win"), duel(1, "A", "C", "win")])
    with pytest.raises(ResultError, match=r"A is at two tables in round 2\."):
        standings([MatchResult(round=2, outcomes={"A": "bye"}), duel(2, "C", "A", "win")])


def test_bad_input_is_refused_in_words() -> None:
    with pytest.raises(ResultError, match="Best of must be an odd number"):
        standings([], best_of=2)
    with pytest.raises(ResultError, match="Best of must be a whole number"):
        standings([], best_of=0)
    with pytest.raises(ResultError, match="not 'A beat B'"):
        standings(["A beat B"])  # type: ignore[list-item]
    with pytest.raises(ResultError, match="can't be blank"):
        standings([], teams=[" "])


def test_three_rounds_of_an_eight_team_event() -> None:
    r1 = [
        match(1, "A", "B", (2, 0, 0)),
        match(1, "C", "D", (2, 1, 0)),
        match(1, "E", "F", (1, 1, 1)),
        match(1, "G", "H", (0, 2, 0)),
    ]
    r2 = [
        match(2, "A", "C", (2, 1, 0)),
        match(2, "H", "E", (2, 0, 0)),
        match(2, "F", "B", (2, 0, 0)),
        match(2, "D", "G", (1, 2, 0)),
    ]
    r3 = [
        match(3, "A", "H", (1, 2, 0)),
        match(3, "C", "E", (2, 0, 0)),
        match(3, "F", "G", (1, 1, 0)),
        match(3, "B", "D", (2, 0, 0)),
    ]
    table = standings(r1 + r2 + r3, best_of=3)
    points = {s.team: s.points for s in table}
    assert points == {"H": 9, "A": 6, "C": 6, "F": 5, "G": 4, "B": 3, "E": 1, "D": 0}
    # A and C tie on points; A's opponents (B 0.333, C 0.667, H 1.0) beat C's (D, A, E).
    assert [s.team for s in table] == ["H", "A", "C", "F", "G", "B", "E", "D"]
    a, c = table[1], table[2]
    assert a.omw == pytest.approx((3 / 9 + 6 / 9 + 1) / 3)
    assert c.omw == pytest.approx((0.33 + 6 / 9 + 0.33) / 3)
