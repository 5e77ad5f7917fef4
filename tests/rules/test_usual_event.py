"""`Game.preview`'s short way for the usual event (`_usual_event`: damage, life lost, gained or
paid, poison and passing the turn, with nothing for the state-based actions to do) makes
exactly the event the full way makes: the same state after it, the same notes and blocks,
the same teams shared with the state before, and the same refusals."""

from __future__ import annotations

import random

import pytest

from tablelife.rules import (
    EFFECT_KINDS,
    Change,
    CommanderDamage,
    Concede,
    Damage,
    Effect,
    EndOfMatch,
    Event,
    FreeForAll,
    GainLife,
    Game,
    LoseLife,
    PassTurn,
    PayLife,
    Poison,
    RuleError,
    SetLife,
    TeamState,
    TwoHeadedGiant,
    Variant,
)
from tablelife.rules import game as game_module


def _change(r: random.Random, players: int) -> Change:
    p = r.randrange(players)
    n = r.choice((0, 1, 2, 3, 7, 12, 25))
    roll = r.random()
    if roll < 0.3:
        return Damage(p, n)
    if roll < 0.45:
        return GainLife(p, n)
    if roll < 0.55:
        return LoseLife(p, n)
    if roll < 0.65:
        return PayLife(p, n)
    if roll < 0.75:
        return Poison(p, r.choice((1, 2, 4, -1, -3)))
    if roll < 0.85:
        return PassTurn()
    if roll < 0.9:
        return Effect(p, r.choice(EFFECT_KINDS), r.random() < 0.6)
    if roll < 0.94:
        return CommanderDamage(p, r.randrange(players), n, r.randrange(2))
    if roll < 0.96:
        return SetLife(p, r.choice((1, 5, 0, -2)))
    if roll < 0.98:
        return EndOfMatch(r.random() < 0.7)
    return Concede(p)


def _outcome(game: Game, changes: tuple[Change, ...]) -> object:
    try:
        event = game.preview(*changes, when=5.0)
    except RuleError as exc:
        return ("refused", str(exc))
    shared = tuple(a is b for a, b in zip(event.before.teams, event.after.teams, strict=True))
    return event, event.time, shared


@pytest.mark.parametrize(
    "variant",
    [
        TwoHeadedGiant(),
        FreeForAll(players=3),
        FreeForAll(players=4, starting_life=40, commander=True),
        TwoHeadedGiant(3, 3),
    ],
)
def test_the_usual_event_is_the_one_the_full_way_makes(
    variant: Variant, monkeypatch: pytest.MonkeyPatch
) -> None:
    taken = []
    usual = game_module.Game._usual_event

    def counted(self: Game, *args: object) -> Event | None:
        event = usual(self, *args)  # type: ignore[arg-type]
        taken.append(event is not None)
        return event

    monkeypatch.setattr(game_module.Game, "_usual_event", counted)
    for seed in range(12):
        r = random.Random(seed)
        game = Game(variant)
        for _ in range(150):
            if r.random() < 0.15:
                game.undo()
                continue
            changes = tuple(_change(r, variant.players) for _ in range(r.choice((1, 1, 2, 3))))
            short = _outcome(game, changes)
            with monkeypatch.context() as full_way:
                full_way.setattr(game_module.Game, "_usual_event", lambda *_: None)
                full = _outcome(game, changes)
            assert short == full, changes
            if not isinstance(short, tuple) or short[0] != "refused":
                game.apply(*changes)
    # Both ways were taken: the short one for most events, the full one for the rest.
    assert taken.count(True) > 100 and taken.count(False) > 100


def test_the_usual_event_makes_each_team_value_once() -> None:
    game = Game(TwoHeadedGiant())
    first = game.apply(Damage(2, 3)).after
    game.apply(GainLife(2, 3), PassTurn())
    again = game.apply(Damage(3, 3)).after
    assert again.teams[1] is first.teams[1] and again.teams[1] == TeamState(27)
    assert again.teams[0] is first.teams[0] is game.initial.teams[0]
