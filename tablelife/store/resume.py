"""The state stored after each event (schema v4's `events.after`), for a fast resume.

A start shows a game from the state stored with its last event, at once; the full replay of
its events (which the undo stack needs, and which checks the chain) comes later, and always
wins: this state is a cache. Anything odd about it reads as None, and the start replays as
before.
"""

from __future__ import annotations

import json
from typing import Any, get_args

from tablelife.rules import State
from tablelife.rules.game import DAY_OR_NIGHT, Marks, Status, TeamState, marks
from tablelife.rules.setup import GameSetup
from tablelife.store.codec import state_to_dict

_STATUSES = frozenset(get_args(Status))


def dump_state(state: State) -> str:
    """The state as compact JSON, as stored in `events.after`."""
    return json.dumps(state_to_dict(state), separators=(",", ":"), ensure_ascii=False)


def load_state(raw: object, setup: GameSetup) -> State | None:
    """The state stored in `events.after` for a game of `setup`, or None when there is none
    or it does not read as one (then the game is replayed instead)."""
    if isinstance(raw, bytes):
        try:
            raw = raw.decode()
        except UnicodeDecodeError:
            return None
    if not isinstance(raw, str):
        return None
    try:
        return _state(json.loads(raw), setup)
    except (ValueError, TypeError, KeyError, AttributeError):
        return None


def _whole(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(value)
    return value


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(value)
    return value


def _status(value: Any) -> Status:
    if value not in _STATUSES:
        raise ValueError(value)
    status: Status = value
    return status


def _state(data: Any, setup: GameSetup) -> State:
    variant = setup.variant
    teams = tuple(
        TeamState(
            life=_whole(t["life"]),
            poison=_whole(t["poison"]),
            status=_status(t["status"]),
            reason=_text(t["reason"]),
            rule=_text(t["rule"]),
            effects=frozenset(_text(e) for e in t["effects"]),
        )
        for t in data["teams"]
    )
    if len(teams) != variant.teams:
        raise ValueError("teams")
    active = _whole(data["active"])
    if not 0 <= active < variant.teams:
        raise ValueError("active")
    tally = tuple(
        (_whole(c["player"]), _whole(c["source"]), _whole(c["commander"]), _whole(c["amount"]))
        for c in data.get("commander_damage", ())
    )
    highest = data.get("highest_life_only", False)
    if not isinstance(highest, bool):
        raise TypeError(highest)
    return State(
        teams=teams,
        active=active,
        turn=_whole(data["turn"]),
        commander_damage=tally,
        highest_life_only=highest,
        marks=_marks(data.get("marks", {}), variant.players),
    )


def _seat(value: Any, players: int) -> int:
    seat = _whole(value)
    if not -1 <= seat < players:
        raise ValueError(seat)
    return seat


def _marks(data: Any, players: int) -> Marks:
    """`codec.marks_to_dict` read back (`NO_MARKS` itself for none)."""
    if not isinstance(data, dict):
        raise TypeError(data)
    day = data.get("day", "")
    if day not in DAY_OR_NIGHT:
        raise ValueError(day)
    return marks(
        monarch=_seat(data.get("monarch", -1), players),
        initiative=_seat(data.get("initiative", -1), players),
        casts=tuple(
            (_seat(c["player"], players), _whole(c["commander"]), _whole(c["casts"]))
            for c in data.get("casts", ())
        ),
        counters=tuple(
            (_seat(c["player"], players), _text(c["kind"]), _whole(c["amount"]))
            for c in data.get("counters", ())
        ),
        storm=_whole(data.get("storm", 0)),
        day=day,
    )
