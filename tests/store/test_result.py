"""A game's stored result, including a game abandoned for a new one."""

from __future__ import annotations

import pytest

from tablelife.rules import Concede, Game, TwoHeadedGiant
from tablelife.store import BadDataError, result_of
from tablelife.store.codec import result_from


def test_result_of_a_won_game() -> None:
    g = Game(TwoHeadedGiant())
    g.apply(Concede(2))
    assert result_of(g.state) == {"status": ["won", "lost"], "winners": [0]}


def test_an_abandoned_result_round_trips() -> None:
    result = result_of(Game(TwoHeadedGiant()).state, abandoned=True)
    assert result == {"status": ["playing", "playing"], "winners": [], "abandoned": True}
    assert result_from(result, 2) == result


def test_abandoned_must_be_true_when_present() -> None:
    with pytest.raises(BadDataError, match=r"result\.abandoned: must be true"):
        result_from({"status": ["playing", "playing"], "winners": [], "abandoned": 1}, 2)
