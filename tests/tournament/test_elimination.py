"""Single elimination after the Swiss rounds: seeds from the standings, no draws."""

from __future__ import annotations

import pytest

from tablelife.tournament import (
    MatchResult,
    PairingError,
    bracket_order,
    bracket_winners,
    next_bracket_round,
    seed_bracket,
    standings,
)
from tests.tournament.helpers import duel

SEEDS = [f"Seed {i}" for i in range(1, 9)]


def test_bracket_order() -> None:
    assert bracket_order(2) == [1, 2]
    assert bracket_order(4) == [1, 4, 2, 3]
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    sixteen = bracket_order(16)
    assert sorted(sixteen) == list(range(1, 17))
    assert all(a + b == 17 for a, b in zip(sixteen[::2], sixteen[1::2], strict=True))


def test_top_eight_is_1v8_4v5_2v7_3v6() -> None:
    assert seed_bracket([*SEEDS, "Ninth"], 8) == [
        ("Seed 1", "Seed 8"),
        ("Seed 4", "Seed 5"),
        ("Seed 2", "Seed 7"),
        ("Seed 3", "Seed 6"),
    ]
    assert seed_bracket(SEEDS, 4) == [("Seed 1", "Seed 4"), ("Seed 2", "Seed 3")]


def test_seeds_come_from_the_standings() -> None:
    results = [duel(1, "A", "B", "win"), duel(1, "C", "D", "win"), duel(2, "A", "C", "win")]
    results += [duel(2, "B", "D", "win")]
    table = standings(results)
    assert [s.team for s in table] == ["A", "B", "C", "D"]  # B and C tie to the name
    assert seed_bracket(table, 4) == [("A", "D"), ("B", "C")]


def test_the_best_seeds_can_only_meet_in_the_final() -> None:
    r1 = seed_bracket(SEEDS, 8)
    # The better seed wins every match.
    results = [duel(1, a, b, "win") for a, b in r1]
    semis = next_bracket_round(r1, results)
    assert semis == [("Seed 1", "Seed 4"), ("Seed 2", "Seed 3")]
    final = next_bracket_round(semis, [duel(2, a, b, "win") for a, b in semis])
    assert final == [("Seed 1", "Seed 2")]
    assert bracket_winners(final, [duel(3, "Seed 2", "Seed 1", "win")]) == ["Seed 2"]


def test_an_elimination_match_cannot_be_a_draw() -> None:
    # MTR 2.4: in single elimination a match can't end in a draw.
    with pytest.raises(PairingError, match=r"can't end in a draw.*MTR 2\.4"):
        bracket_winners([("A", "B")], [duel(1, "A", "B", "draw")])


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: bracket_order(6), "2, 4, 8, 16"),
        (lambda: bracket_order(1), "2, 4, 8, 16"),
        (lambda: seed_bracket(["A", "B", "C"], 4), "only 3"),
        (lambda: seed_bracket(["A", "A", "B", "C"], 4), "two seeds"),
        (lambda: bracket_winners([("A", "B")], []), "no result yet"),
        (lambda: next_bracket_round([("A", "B")], [duel(1, "A", "B", "win")]), "Only a bracket"),
        (
            lambda: bracket_winners([("A", "B")], [MatchResult(round=1, outcomes={"A": "bye"})]),
            "draw or a bye",
        ),
    ],
)
def test_bad_brackets_are_refused_in_words(call: object, words: str) -> None:
    with pytest.raises(PairingError, match=words):
        call()  # type: ignore[operator]
