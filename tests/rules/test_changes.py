"""Changes as plain data: change_to_dict and change_from_dict."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tablelife.rules import (
    EFFECT_KINDS,
    BecomeMonarch,
    CastCommander,
    Change,
    CommanderDamage,
    Concede,
    Damage,
    DayNight,
    DrawGame,
    Effect,
    EndOfMatch,
    ExchangeLife,
    FlipCoin,
    GainLife,
    LoseGame,
    LoseLife,
    PassTurn,
    PayLife,
    PlayerCounters,
    Poison,
    RollDie,
    RuleError,
    SetLife,
    StartingTeam,
    Storm,
    TakeInitiative,
    WinGame,
    change_from_dict,
    change_to_dict,
)

EVERY_KIND: list[Change] = [
    Damage(0, 3),
    LoseLife(1, 2),
    GainLife(2, 5),
    PayLife(3, 1),
    SetLife(0, 12),
    ExchangeLife(0, 2),
    Poison(1, -2),
    Concede(3),
    LoseGame(2),
    WinGame(1),
    DrawGame(),
    Effect(0, "cant_lose"),
    Effect(1, "cant_get_poison", on=False),
    PassTurn(),
    CommanderDamage(1, 0, 7),
    CommanderDamage(2, 3, 5, commander=1),
    EndOfMatch(single_elimination=False),
    EndOfMatch(single_elimination=True),
    StartingTeam(1),
    StartingTeam(0, chooser=1),
    StartingTeam(1, rolled=True),
    RollDie(20, 17),
    RollDie(6, 3, team=1),
    FlipCoin(heads=False),
    BecomeMonarch(2),
    TakeInitiative(0),
    CastCommander(1),
    CastCommander(1, commander=1, times=-1),
    PlayerCounters(0, "energy", 3),
    PlayerCounters(2, "rad", -1),
    Storm(2),
    Storm(-1),
    DayNight(day=True),
]


@pytest.mark.parametrize("change", EVERY_KIND, ids=repr)
def test_change_round_trips_through_json(change: Change) -> None:
    data = change_to_dict(change)
    assert data["type"] == type(change).__name__
    assert change_from_dict(json.loads(json.dumps(data))) == change


def test_change_to_dict_gives_plain_data() -> None:
    assert change_to_dict(Damage(1, 3)) == {"type": "Damage", "player": 1, "amount": 3}
    assert change_to_dict(ExchangeLife(0, 2)) == {
        "type": "ExchangeLife",
        "player_a": 0,
        "player_b": 2,
    }
    assert change_to_dict(Effect(2, "cant_win")) == {
        "type": "Effect",
        "player": 2,
        "kind": "cant_win",
        "on": True,
    }
    assert change_to_dict(PassTurn()) == {"type": "PassTurn"}


def test_903_10a_commander_damage_and_mtr_2_4_end_of_match_as_plain_data() -> None:
    assert change_to_dict(CommanderDamage(1, 0, 7)) == {
        "type": "CommanderDamage",
        "player": 1,
        "source": 0,
        "amount": 7,
        "commander": 0,
    }
    # The commander defaults to the first (not a partner) when the data leaves it out.
    data = {"type": "CommanderDamage", "player": 1, "source": 0, "amount": 7}
    assert change_from_dict(data) == CommanderDamage(1, 0, 7, commander=0)
    assert change_to_dict(EndOfMatch(single_elimination=True)) == {
        "type": "EndOfMatch",
        "single_elimination": True,
    }
    with pytest.raises(RuleError, match="EndOfMatch is missing a field"):
        change_from_dict({"type": "EndOfMatch"})


def test_every_change_type_is_covered() -> None:
    from tablelife.rules.changes import CHANGE_TYPES

    assert {type(c).__name__ for c in EVERY_KIND} == set(CHANGE_TYPES)
    assert set(EFFECT_KINDS) == {
        "cant_lose",
        "cant_win",
        "cant_gain_life",
        "cant_lose_life",
        "cant_get_poison",
    }


def test_effect_on_defaults_to_true_when_missing() -> None:
    assert change_from_dict({"type": "Effect", "player": 0, "kind": "cant_win"}) == Effect(
        0, "cant_win", on=True
    )


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (["Damage", 0, 3], r"A change must be an object, not \['Damage', 0, 3\]"),
        (None, "A change must be an object, not None"),
        ("Damage", "must be an object"),
        ({"player": 0, "amount": 3}, "Unknown change type None"),
        ({"type": "Heal", "player": 0}, "Unknown change type 'Heal'"),
        ({"type": 7}, "Unknown change type 7"),
        ({"type": "damage", "player": 0, "amount": 1}, "Unknown change type 'damage'"),
        ({"type": "Damage", "player": 0}, r"Damage is missing a field \("),
        ({"type": "ExchangeLife", "player_a": 0}, "ExchangeLife is missing a field"),
        ({"type": "Damage", "player": 0, "amount": 1, "colour": "red"}, "unknown fields: colour"),
        ({"type": "PassTurn", "b": 1, "a": 2}, "PassTurn has unknown fields: a, b"),
    ],
)
def test_change_from_dict_refuses_bad_data(data: Any, words: str) -> None:
    with pytest.raises(RuleError, match=words):
        change_from_dict(data)


def test_change_from_dict_leaves_value_checks_to_apply() -> None:
    # Values are checked by Game.apply, which says what is wrong in words.
    from tablelife.rules import FreeForAll, Game

    change = change_from_dict({"type": "Damage", "player": 0, "amount": -4})
    assert change == Damage(0, -4)
    with pytest.raises(RuleError, match="can't be negative"):
        Game(FreeForAll(players=2)).apply(change)


def test_changes_are_frozen_and_hashable() -> None:
    assert len({Damage(0, 1), Damage(0, 1), LoseLife(0, 1)}) == 2
    with pytest.raises(AttributeError):
        Damage(0, 1).amount = 2  # type: ignore[misc]
