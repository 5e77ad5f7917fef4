"""The usual change's one-step check in `Game.preview` (a seat and an amount, or no field at
all) accepts exactly what the full `_validate` accepts: the same events, the same refusals."""

from __future__ import annotations

import itertools

import pytest

from tablelife.rules import (
    Concede,
    Damage,
    Effect,
    FreeForAll,
    GainLife,
    Game,
    LoseLife,
    PassTurn,
    PayLife,
    Poison,
    RuleError,
    TwoHeadedGiant,
)
from tablelife.rules import game as game_module
from tablelife.rules.changes import field_names

_VALUES: tuple[object, ...] = (
    0,
    1,
    3,
    -1,
    -5,
    7,
    True,
    False,
    1.0,
    None,
    "1",
    game_module.MAX_AMOUNT,
    game_module.MAX_AMOUNT + 1,
    -game_module.MAX_AMOUNT,
    -game_module.MAX_AMOUNT - 1,
)


def _games() -> list[Game]:
    """Games in a few states: fresh, a team out, a team that can't lose or gain life."""
    fresh = Game(TwoHeadedGiant())
    out = Game(FreeForAll(4))
    out.apply(Concede(1))
    effects = Game(TwoHeadedGiant())
    effects.apply(Effect(0, "cant_lose_life", True), Effect(2, "cant_gain_life", True))
    big = Game(FreeForAll(3, starting_life=5 * game_module.MAX_AMOUNT))
    return [fresh, out, effects, big]


def _outcome(game: Game, *changes: object) -> object:
    try:
        return game.preview(*changes)  # type: ignore[arg-type]
    except RuleError as exc:
        return ("refused", str(exc))


def test_the_types_it_takes_are_made_of_a_seat_and_an_amount() -> None:
    for cls in game_module._SEAT_AND_AMOUNT:
        assert field_names(cls) == ("player", "amount")
    for kind in game_module._NOTHING_TO_CHECK:
        assert field_names(kind) == ()


@pytest.mark.parametrize("cls", [Damage, LoseLife, GainLife, PayLife, Poison])
def test_the_one_step_check_equals_the_full_one(cls: type, monkeypatch: pytest.MonkeyPatch) -> None:
    cases = [
        (game, cls(player, amount))
        for game in _games()
        for player, amount in itertools.product((0, 1, 2, 3, 4, -1, True, 1.0), _VALUES)
    ]
    cases += [(game, PassTurn()) for game in _games()]
    fast = [_outcome(game, change) for game, change in cases]
    fast += [_outcome(game, change, PassTurn()) for game, change in cases]
    monkeypatch.setattr(game_module, "_SEAT_AND_AMOUNT", frozenset())
    monkeypatch.setattr(game_module, "_NOTHING_TO_CHECK", frozenset())
    full = [_outcome(game, change) for game, change in cases]
    full += [_outcome(game, change, PassTurn()) for game, change in cases]
    assert fast == full
    assert any(isinstance(o, tuple) for o in full) and not all(isinstance(o, tuple) for o in full)
