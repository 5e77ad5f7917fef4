"""The worked examples of MTR Appendix C ("Tiebreaker Explanation"), each as a whole event.

Every example is rebuilt as results: the team in question plays the rounds the example gives,
and its opponents' other matches are against one-off fillers, so the records come out exactly
as the example states. Figures are checked to the places the MTR prints them.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from tablelife.tournament import (
    MatchResult,
    game_win_percentage,
    match_win_percentage,
    standings,
)
from tests.tournament.helpers import FLIP, by_team, duel, match, record_against_fillers

# ----- Match points -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("record", "points"),
    [
        ((6, 2, 0), 18),  # MTR Appendix C: 6*3 + 2*0 + 0*1
        ((4, 2, 2), 14),  # MTR Appendix C: 4*3 + 2*0 + 2*1
    ],
)
def test_match_points(record: tuple[int, int, int], points: int) -> None:
    results = record_against_fillers("Ann", record, {}, rounds=8)
    line = by_team(results)["Ann"]
    assert line.record == record
    assert line.points == points


def test_a_bye_is_a_match_win() -> None:
    # MTR Appendix C: players receiving byes are considered to have won the match.
    results = [MatchResult(round=1, outcomes={"Ann": "bye"}), duel(2, "Ann", "Bob", "loss")]
    line = by_team(results)["Ann"]
    assert line.points == 3
    assert line.record == (1, 1, 0)
    assert line.byes == 1


# ----- Game points ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("games", "winner_points", "loser_points"),
    [
        ((2, 0, 0), 6, 0),  # MTR Appendix C: a 2-0-0 win
        ((2, 1, 0), 6, 3),  # MTR Appendix C: a 2-1-0 win
        ((2, 0, 1), 7, 1),  # MTR Appendix C: a 2-0-1 win
    ],
)
def test_game_points(games: tuple[int, int, int], winner_points: int, loser_points: int) -> None:
    lines = by_team([match(1, "Ann", "Bob", games)], best_of=3)
    assert lines["Ann"].game_points == winner_points
    assert lines["Bob"].game_points == loser_points
    assert lines["Ann"].record == (1, 0, 0)


# ----- Match-win percentage ---------------------------------------------------------------------


def test_match_win_percentage_of_three_players_in_an_eight_round_event() -> None:
    # MTR Appendix C: an 8-round event that only the first player plays to the end.
    results = [
        # 5-2-1 over 8 rounds: 16 / (8*3) = 0.667
        *record_against_fillers("First", (5, 2, 1), {}, rounds=8),
        # 1-3-0, then withdraws: 3 / (4*3) = 0.25, so 0.33 is used
        *record_against_fillers("Second", (1, 3, 0), {}, rounds=4),
        # 3-2-0 including a first-round bye, then withdraws: 9 / (5*3) = 0.60
        MatchResult(round=1, outcomes={"Third": "bye"}),
        *record_against_fillers("Third", (3, 2, 0), {1: "win"}, rounds=5),
    ]
    lines = by_team(results)
    assert (lines["First"].points, lines["First"].rounds) == (16, 8)
    assert lines["First"].mw == pytest.approx(0.667, abs=5e-4)
    assert (lines["Second"].points, lines["Second"].rounds) == (3, 4)
    assert lines["Second"].mw == 0.33
    assert (lines["Third"].points, lines["Third"].rounds) == (9, 5)
    assert lines["Third"].mw == pytest.approx(0.60)


def test_match_win_percentage_function() -> None:
    assert match_win_percentage(16, 8) == Fraction(2, 3)
    assert match_win_percentage(3, 4) == Fraction(33, 100)  # 0.25 is raised to 0.33
    assert match_win_percentage(9, 5) == Fraction(3, 5)


# ----- Game-win percentage ----------------------------------------------------------------------


def test_game_win_percentage_of_two_players_in_a_four_round_event() -> None:
    # MTR Appendix C: two players in a 4-round event, game scores by round.
    first = [(2, 0, 0), (2, 1, 0), (1, 2, 0), (2, 0, 0)]  # 21 game points in 10 games: 0.70
    second = [(1, 2, 0), (1, 2, 0), (0, 2, 0), (1, 2, 0)]  # 9 in 11 games: 0.27, so 0.33
    results = [
        *(match(r, "First", f"First's foe {r}", g) for r, g in enumerate(first, 1)),
        *(match(r, "Second", f"Second's foe {r}", g) for r, g in enumerate(second, 1)),
    ]
    lines = by_team(results, best_of=3)
    assert lines["First"].game_points == 21
    assert sum(lines["First"].games) == 10
    assert lines["First"].gw == pytest.approx(0.70)
    assert lines["Second"].game_points == 9
    assert sum(lines["Second"].games) == 11
    assert lines["Second"].gw == 0.33


def test_game_win_percentage_function() -> None:
    assert game_win_percentage(21, 10) == Fraction(7, 10)
    assert game_win_percentage(9, 11) == Fraction(33, 100)  # 9/33 = 0.27 is raised to 0.33


# ----- Opponents' match-win percentage ----------------------------------------------------------

# MTR Appendix C: a 6-2-0 player in an 8-round event; her opponents' records, in round order.
# The 1-3-1 opponent played only five rounds and withdrew.
OPPONENTS = {
    "Opp 1": (4, 4, 0),
    "Opp 2": (7, 1, 0),
    "Opp 3": (1, 3, 1),
    "Opp 4": (3, 4, 1),
    "Opp 5": (6, 2, 0),
    "Opp 6": (5, 2, 1),
    "Opp 7": (4, 3, 1),
    "Opp 8": (6, 1, 1),
}
# Her results against them: she lost to the 7-1-0 and the 6-1-1 opponents.
HERS = {"Opp 2": "loss", "Opp 8": "loss"}


def _her_event(bye_in_round_one: bool = False) -> list[MatchResult]:
    results: list[MatchResult] = []
    for r, (opp, record) in enumerate(OPPONENTS.items(), 1):
        if bye_in_round_one and r == 1:
            results.append(MatchResult(round=1, outcomes={"Her": "bye"}))
            results += record_against_fillers(opp, record, {}, rounds=8)
            continue
        outcome = HERS.get(opp, "win")
        results.append(duel(r, "Her", opp, outcome))
        results += record_against_fillers(opp, record, {r: FLIP[outcome]}, rounds=8)
    return results


def test_opponents_match_win_percentage() -> None:
    # (12/24 + 21/24 + 0.33 + 10/24 + 18/24 + 16/24 + 13/24 + 19/24) / 8 = 0.609; the 1-3-1
    # opponent's 4/15 = 0.27 counts as 0.33.
    lines = by_team(_her_event())
    her = lines["Her"]
    assert her.record == (6, 2, 0)
    for opp, record in OPPONENTS.items():
        assert lines[opp].record == record
    assert lines["Opp 3"].mw == 0.33
    expected = (12 / 24 + 21 / 24 + 0.33 + 10 / 24 + 18 / 24 + 16 / 24 + 13 / 24 + 19 / 24) / 8
    assert her.omw == pytest.approx(expected)
    assert round(her.omw, 2) == 0.61


def test_opponents_match_win_percentage_ignores_a_bye() -> None:
    # MTR Appendix C: rounds with a bye are ignored; the average is over the seven opponents.
    lines = by_team(_her_event(bye_in_round_one=True))
    her = lines["Her"]
    assert her.record == (6, 2, 0)
    assert her.byes == 1
    assert len(her.opponents) == 7
    expected = (21 / 24 + 0.33 + 10 / 24 + 18 / 24 + 16 / 24 + 13 / 24 + 19 / 24) / 7
    assert her.omw == pytest.approx(expected)


# ----- Opponents' game-win percentage -----------------------------------------------------------


def test_opponents_game_win_percentage_averages_floored_figures() -> None:
    # MTR Appendix C: the average of the opponents' game-win percentages, each at least 0.33.
    results = [
        match(1, "Ann", "Bob", (2, 0, 0)),  # Bob: 0 of 2 games, later 1-2: 3/15 -> 0.33
        match(2, "Ann", "Cal", (2, 1, 0)),  # Cal: 1-2 here, 2-0 later: 9/15 = 0.60
        match(3, "Bob", "Dee", (1, 2, 0)),
        match(3, "Cal", "Eve", (2, 0, 0)),
    ]
    lines = by_team(results, best_of=3)
    assert lines["Bob"].gw == 0.33
    assert lines["Cal"].gw == pytest.approx(0.60)
    assert lines["Ann"].ogw == pytest.approx((0.33 + 0.60) / 2)


def test_a_bye_is_two_games_won_and_nobodys_opponent() -> None:
    # MTR Appendix C: a bye is a 2-0 match win (3 match points, 6 game points) in best of three,
    # and is ignored in the opponents' percentages.
    results = [MatchResult(round=1, outcomes={"Ann": "bye"}), match(2, "Ann", "Bob", (0, 2, 0))]
    lines = by_team(results, best_of=3)
    ann = lines["Ann"]
    assert ann.points == 3
    assert ann.games == (2, 2, 0)
    assert ann.game_points == 6
    assert ann.opponents == ("Bob",)
    assert ann.omw == lines["Bob"].mw
    assert ann.ogw == lines["Bob"].gw


def test_the_order_is_points_then_omw_then_gw_then_ogw() -> None:
    # MTR 3.1: match points, opponents' match-win %, game-win %, opponents' game-win %.
    results = [
        match(1, "A", "B", (2, 0, 0)),
        match(1, "C", "D", (2, 1, 0)),
        match(2, "A", "C", (2, 0, 0)),
        match(2, "B", "D", (2, 0, 0)),
    ]
    table = standings(results, best_of=3)
    assert [s.team for s in table] == ["A", "B", "C", "D"]
    # B and C are both 1-1; B's opponents (A 2-0, D 0-2) and C's (D, A) are the same, so OMW
    # ties; B won 2 of 4 games (0.5) and C 2 of 5 (0.4), so game-win % puts B ahead.
    b, c = table[1], table[2]
    assert (b.points, b.omw) == (c.points, c.omw)
    assert (b.gw, c.gw) == (pytest.approx(0.5), pytest.approx(0.4))
