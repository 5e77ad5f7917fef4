"""MatchResult: what a table's result may say, and the words for what it may not."""

from __future__ import annotations

import pytest

from tablelife.tournament import MatchResult, ResultError, TournamentError


def test_the_shapes_from_the_issue() -> None:
    duel = MatchResult(round=1, outcomes={"Ann & Bob": "win", "Cal & Dee": "loss"})
    assert duel.teams == ("Ann & Bob", "Cal & Dee")
    assert duel.games is None
    assert duel.games_of("Ann & Bob") == (1, 0, 0)  # one game (MTR 9.1)
    assert duel.games_of("Cal & Dee") == (0, 1, 0)
    best_of_3 = MatchResult(
        round=1, outcomes={"A": "win", "B": "loss"}, games={"A": (2, 1, 0), "B": (1, 2, 0)}
    )
    assert best_of_3.games_of("B") == (1, 2, 0)
    bye = MatchResult(round=2, outcomes={"E": "bye"})
    assert bye.is_bye
    assert bye.games_of("E", best_of=1) == (2, 0, 0)  # MTR Appendix C: 2-0, best of one too
    assert bye.games_of("E", best_of=3) == (2, 0, 0)
    pod = MatchResult(round=1, outcomes={"P": "win", "Q": "loss", "R": "loss", "S": "loss"})
    assert pod.is_pod
    assert not pod.is_bye


def test_a_pod_can_be_drawn_by_the_teams_left_in_it() -> None:
    # CR 104.4a: if everyone left loses at once the game is a draw for them; the rest lost.
    pod = MatchResult(round=1, outcomes={"P": "draw", "Q": "draw", "R": "loss"})
    assert pod.games_of("P") == (0, 0, 1)
    assert pod.games_of("R") == (0, 1, 0)


def test_results_are_values() -> None:
    a = MatchResult(round=1, outcomes={"A": "win", "B": "loss"})
    b = MatchResult(round=1, outcomes={"A": "win", "B": "loss"})
    assert a == b
    assert hash(a) == hash(b)
    assert len({a, b}) == 1
    assert a != MatchResult(round=2, outcomes={"A": "win", "B": "loss"})
    assert repr(a) == "MatchResult(round=1, outcomes={'A': 'win', 'B': 'loss'})"
    with pytest.raises(AttributeError):
        a.round = 2  # type: ignore[misc]
    with pytest.raises(TypeError):
        a.outcomes["A"] = "loss"  # type: ignore[index]


def test_the_caller_s_dict_can_change_afterwards() -> None:
    outcomes = {"A": "win", "B": "loss"}
    result = MatchResult(round=1, outcomes=outcomes)
    outcomes["A"] = "loss"
    assert result.outcomes["A"] == "win"


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"round": 1, "outcomes": {"A": "tie", "B": "tie"}}, "The outcome 'tie' for A is unknown"),
        ({"round": 0, "outcomes": {"A": "bye"}}, "A round is a whole number from 1 up"),
        ({"round": True, "outcomes": {"A": "bye"}}, "A round is a whole number"),
        ({"round": 1, "outcomes": {}}, "at least one team"),
        ({"round": 1, "outcomes": {"": "bye"}}, "can't be blank"),
        ({"round": 1, "outcomes": {"  ": "bye"}}, "can't be blank"),
        ({"round": 1, "outcomes": {3: "bye"}}, "must be text"),
        ({"round": 1, "outcomes": {"A": "win"}}, "A is alone at a table in round 1"),
        ({"round": 1, "outcomes": {"A": "bye", "B": "loss"}}, "A bye is a table of one team"),
        ({"round": 1, "outcomes": {"A": "win", "B": "win"}}, "Only one team can win a match"),
        ({"round": 1, "outcomes": {"A": "win", "B": "draw"}}, "both a winner and a draw"),
        ({"round": 1, "outcomes": {"A": "loss", "B": "loss"}}, "somebody must win"),
        ({"round": 1, "outcomes": {"A": "draw", "B": "loss", "C": "loss"}}, "only one drew"),
        (
            {"round": 1, "outcomes": {"A": "win", "B": "loss"}, "games": {"A": (2, 0, 0)}},
            "exactly the teams at the table",
        ),
        (
            {
                "round": 1,
                "outcomes": {"A": "win", "B": "loss"},
                "games": {"A": (2, 0, 0), "B": (0, 1, 0)},
            },
            "the same games",
        ),
        (
            {
                "round": 1,
                "outcomes": {"A": "win", "B": "loss"},
                "games": {"A": (2, 1, 0), "B": (0, 2, 1)},
            },
            "don't match",
        ),
        (
            {
                "round": 1,
                "outcomes": {"A": "loss", "B": "win"},
                "games": {"A": (2, 1, 0), "B": (1, 2, 0)},
            },
            "B won the match, so B must have won more games",
        ),
        (
            {
                "round": 1,
                "outcomes": {"A": "draw", "B": "draw"},
                "games": {"A": (2, 1, 0), "B": (1, 2, 0)},
            },
            "B won the match|equal game wins",
        ),
        (
            {
                "round": 1,
                "outcomes": {"A": "win", "B": "loss"},
                "games": {"A": (2, -1, 0), "B": (-1, 2, 0)},
            },
            "whole numbers of 0 or more",
        ),
        (
            {"round": 1, "outcomes": {"A": "win", "B": "loss"}, "games": {"A": 2, "B": 0}},
            "three numbers",
        ),
        (
            {"round": 1, "outcomes": {"A": "bye"}, "games": {"A": (2, 0, 0)}},
            "leave games out for a bye",
        ),
        (
            {
                "round": 1,
                "outcomes": {"A": "win", "B": "loss", "C": "loss"},
                "games": {"A": (1, 0, 0), "B": (1, 0, 0), "C": (0, 1, 0)},
            },
            "more games were won than were played",
        ),
        (
            {
                "round": 1,
                "outcomes": {"A": "draw", "B": "draw", "C": "loss"},
                "games": {"A": (1, 1, 0), "B": (0, 1, 1), "C": (0, 1, 1)},
            },
            "equal game wins",
        ),
    ],
)
def test_bad_results_are_refused_in_words(kwargs: dict[str, object], words: str) -> None:
    with pytest.raises(ResultError, match=words) as caught:
        MatchResult(**kwargs)  # type: ignore[arg-type]
    message = str(caught.value)
    assert message[0].isupper()
    assert message.endswith(".")
    assert isinstance(caught.value, TournamentError)
    assert isinstance(caught.value, ValueError)


def test_a_bye_s_games_need_a_sensible_best_of() -> None:
    bye = MatchResult(round=1, outcomes={"A": "bye"})
    with pytest.raises(ResultError, match="odd number"):
        bye.games_of("A", best_of=2)
    with pytest.raises(ResultError, match="did not play"):
        bye.games_of("B")
