"""An import checks each event's "after" state the short way (`export._is_state`) before the
full one: the short way takes exactly the states the full comparison takes, equal and with
its whole numbers ints, and nothing else (1.0 and true equal 1 in Python, not in the file)."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest

from tablelife.rules import (
    CommanderDamage,
    Damage,
    Effect,
    EndOfMatch,
    FreeForAll,
    Game,
    LoseLife,
    PassTurn,
    Poison,
    State,
    TwoHeadedGiant,
)
from tablelife.store.codec import state_to_dict
from tablelife.store.export import _is_state, _whole_where_whole


def _states() -> list[State]:
    giant = Game(TwoHeadedGiant())
    giant.apply(Damage(0, 5), Poison(2, 1))
    giant.apply(LoseLife(3, 29), PassTurn())  # life 1 on one team
    giant.apply(Effect(1, "cant_lose_life"), Effect(1, "cant_gain_life"))  # two, sorted
    giant.apply(Poison(0, 1))
    giant.apply(Damage(2, 1))  # the other team loses: status, reason and rule
    commander = Game(FreeForAll(players=3, commander=True))
    commander.apply(CommanderDamage(0, 1, 4))
    tie = Game(TwoHeadedGiant())
    tie.apply(EndOfMatch(True))
    return [
        giant.initial,
        *(e.after for e in giant.history),
        *(e.after for e in commander.history),
        *(e.after for e in tie.history),
    ]


def _full_way(claimed: object, state: State) -> bool:
    """What `export._same_state` accepts."""
    return claimed == state_to_dict(state) and _whole_where_whole(claimed)


def _places(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    if isinstance(data, dict):
        for key, value in data.items():
            yield (*path, key)
            yield from _places(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield (*path, i)
            yield from _places(value, (*path, i))


def _edited(data: Any, path: tuple[Any, ...], edit: str) -> Any:
    out = copy.deepcopy(data)
    *to, last = path
    target = out
    for key in to:
        target = target[key]
    value = target[last]
    if edit == "float" and type(value) is int:
        target[last] = float(value)
    elif edit == "bool" and type(value) is int and value in (0, 1):
        target[last] = bool(value)
    elif edit == "drop" and isinstance(target, dict):
        del target[last]
    elif edit == "drop" and isinstance(target, list):
        target.pop(last)
    elif edit == "extra" and isinstance(value, dict):
        value["extra"] = 0
    elif edit == "extra" and isinstance(value, list):
        value.append(value[0] if value else "x")
    elif edit == "tuple" and isinstance(value, list):
        target[last] = tuple(value)
    elif edit == "other" and isinstance(value, str):
        target[last] = value + "!"
    elif edit == "other" and type(value) is int:
        target[last] = value + 1
    elif edit == "reverse" and isinstance(value, list):
        target[last] = value[::-1]
    elif edit == "reorder" and isinstance(value, dict):
        target[last] = dict(reversed(value.items()))
    else:
        return None
    return out


EDITS = ("float", "bool", "drop", "extra", "tuple", "other", "reverse", "reorder")


@pytest.mark.parametrize("state", _states(), ids=lambda s: f"turn{s.turn}")
def test_the_short_check_takes_what_the_full_one_takes(state: State) -> None:
    exported = state_to_dict(state)
    usual = not (state.commander_damage or state.highest_life_only)
    assert _is_state(exported, state) == usual  # the short way takes the usual state
    claims = [exported, dict(reversed(exported.items())), [exported], None, 3]
    for path in _places(exported):
        claims += [_edited(exported, path, edit) for edit in EDITS]
    tried = 0
    for claimed in claims:
        if claimed is None:
            continue
        tried += 1
        short, full = _is_state(claimed, state), _full_way(claimed, state)
        if usual:
            assert short == full, claimed
        else:  # commander damage or the tie rule: always the full way
            assert not short
    assert tried > 20
