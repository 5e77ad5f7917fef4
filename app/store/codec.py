"""To and from JSON-ready data: variants, changes, states, results and game setups.

Every `*_from_*` function validates strictly and raises `BadDataError` naming the field at fault
("variant.heads", "events[3].changes[0]"), so a bad file or a damaged journal row reads as a
sentence, never as a traceback.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, cast

from app.rules import (
    Change,
    FreeForAll,
    RuleError,
    State,
    TwoHeadedGiant,
    Variant,
    change_from_dict,
    change_to_dict,
)
from app.rules.setup import GameSetup
from app.store.errors import BadDataError

STATUSES = ("playing", "won", "lost", "drawn")


def at(where: str, key: str | int) -> str:
    """The path of a field or an item inside `where`: at("events", 3) == "events[3]"."""
    if isinstance(key, int):
        return f"{where}[{key}]"
    return f"{where}.{key}" if where else key


# ----- checking plain data ------------------------------------------------------------------


def expect_object(
    value: object, where: str, required: Sequence[str], optional: Sequence[str] = ()
) -> dict[str, Any]:
    """`value` as a JSON object with exactly the required keys and maybe some optional ones."""
    if not isinstance(value, dict):
        raise BadDataError(where, f"must be an object, not {_kind(value)}.")
    missing = [k for k in required if k not in value]
    if missing:
        raise BadDataError(at(where, missing[0]), "is missing.")
    extra = sorted(str(k) for k in value if k not in required and k not in optional)
    if extra:
        raise BadDataError(at(where, extra[0]), "is not a field Tablelife knows.")
    return cast(dict[str, Any], value)


def expect_list(value: object, where: str) -> list[Any]:
    """`value` as a JSON array."""
    if not isinstance(value, list):
        raise BadDataError(where, f"must be a list, not {_kind(value)}.")
    return value


def expect_whole(value: object, where: str, least: int | None = None) -> int:
    """`value` as a whole number (true and false are not numbers), at least `least`."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadDataError(where, f"must be a whole number, not {_kind(value)}.")
    if least is not None and value < least:
        raise BadDataError(where, f"must be at least {least}, not {value}.")
    return value


def expect_time(value: object, where: str) -> float:
    """`value` as a Unix time in seconds: a finite number, not before 1970."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise BadDataError(where, f"must be a time in seconds, not {_kind(value)}.")
    if not math.isfinite(value) or value < 0:
        raise BadDataError(where, f"must be a time in seconds, not {value!r}.")
    return float(value)


def expect_text(value: object, where: str) -> str:
    """`value` as a string."""
    if not isinstance(value, str):
        raise BadDataError(where, f"must be text, not {_kind(value)}.")
    return value


def expect_texts(value: object, where: str) -> tuple[str, ...]:
    """`value` as a list of strings."""
    return tuple(expect_text(v, at(where, i)) for i, v in enumerate(expect_list(value, where)))


def _kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        return f"the text {value[:40]!r}"
    return repr(value)[:40]


# ----- variants -----------------------------------------------------------------------------

VARIANT_KEYS = ("kind", "heads", "teams", "players", "starting_life", "poison_limit")
VARIANT_OPTIONAL = ("commander",)


def variant_to_dict(variant: Variant) -> dict[str, Any]:
    """A variant as JSON-ready data, e.g. {"kind": "giant", "heads": 2, "teams": 2, ...}.

    A Commander game adds "commander": true; other games leave it out, so their data reads the
    same as before Commander was played (and older files need no change).
    """
    data: dict[str, Any] = {
        "kind": "giant" if isinstance(variant, TwoHeadedGiant) else "free_for_all",
        "heads": variant.heads,
        "teams": variant.teams,
        "players": variant.players,
        "starting_life": variant.starting_life,
        "poison_limit": variant.poison_limit,
    }
    if variant.commander:
        data["commander"] = True
    return data


def variant_from_dict(data: object, where: str = "variant") -> Variant:
    """Rebuilds a variant from `variant_to_dict` data; BadDataError names the field at fault."""
    obj = expect_object(data, where, VARIANT_KEYS, VARIANT_OPTIONAL)
    kind = obj["kind"]
    numbers = {k: expect_whole(obj[k], at(where, k)) for k in VARIANT_KEYS[1:]}
    commander = obj.get("commander", False)
    if not isinstance(commander, bool):
        raise BadDataError(
            at(where, "commander"), f"must be true or false, not {_kind(commander)}."
        )
    if commander and kind == "giant":
        raise BadDataError(
            at(where, "commander"), "Two-Headed Giant is not played as a Commander game."
        )
    variant: Variant
    try:
        if kind == "giant":
            variant = TwoHeadedGiant(
                heads=numbers["heads"],
                teams=numbers["teams"],
                starting_life=numbers["starting_life"],
                poison_limit=numbers["poison_limit"],
            )
        elif kind == "free_for_all":
            variant = FreeForAll(
                players=numbers["players"],
                starting_life=numbers["starting_life"],
                poison_limit=numbers["poison_limit"],
                commander=commander,
            )
        else:
            raise BadDataError(
                at(where, "kind"), f"must be 'giant' or 'free_for_all', not {kind!r}."
            )
    except RuleError as exc:
        raise BadDataError(where, str(exc)) from None
    for key in ("heads", "teams", "players"):
        if numbers[key] != getattr(variant, key):
            raise BadDataError(
                at(where, key),
                f"is {numbers[key]}, but a {variant.title} has {getattr(variant, key)}.",
            )
    return variant


# ----- changes ------------------------------------------------------------------------------


def changes_to_list(changes: Sequence[Change]) -> list[dict[str, Any]]:
    """Changes as a JSON-ready list of `change_to_dict` dicts."""
    return [change_to_dict(c) for c in changes]


def changes_from_list(data: object, where: str) -> tuple[Change, ...]:
    """Rebuilds changes from `changes_to_list` data; BadDataError names the change at fault."""
    out = []
    for i, item in enumerate(expect_list(data, where)):
        try:
            out.append(change_from_dict(item))
        except RuleError as exc:
            raise BadDataError(at(where, i), str(exc)) from None
    return tuple(out)


# ----- states and results -------------------------------------------------------------------


def state_to_dict(state: State) -> dict[str, Any]:
    """A state as JSON-ready data: whose turn, the turn number, and each team's part.

    Only when the state holds them: "commander_damage", a list of {"player", "source",
    "commander", "amount"} (CR 903.10a), and "highest_life_only": true (MTR 2.4). A state
    without them reads exactly as before they existed, so older exports still import.
    """
    data: dict[str, Any] = {
        "active": state.active,
        "turn": state.turn,
        "teams": [
            {
                "life": t.life,
                "poison": t.poison,
                "status": t.status,
                "reason": t.reason,
                "rule": t.rule,
                "effects": sorted(t.effects),
            }
            for t in state.teams
        ],
    }
    if state.commander_damage:
        data["commander_damage"] = [
            {"player": p, "source": s, "commander": c, "amount": n}
            for p, s, c, n in state.commander_damage
        ]
    if state.highest_life_only:
        data["highest_life_only"] = True
    return data


def result_of(state: State, abandoned: bool = False) -> dict[str, Any]:
    """The result to store when a game ends: {"status": [per team], "winners": [teams]}, with
    "abandoned": true for a game left unfinished when a new one started."""
    result: dict[str, Any] = {
        "status": [t.status for t in state.teams],
        "winners": list(state.winners),
    }
    if abandoned:
        result["abandoned"] = True
    return result


def result_from(data: object, teams: int, where: str = "result") -> dict[str, Any]:
    """Checks a `result_of` result for a game of `teams` teams; BadDataError names the field."""
    obj = expect_object(data, where, ("status", "winners"), ("abandoned",))
    status = expect_texts(obj["status"], at(where, "status"))
    if len(status) != teams:
        raise BadDataError(at(where, "status"), f"has {len(status)} entries for {teams} teams.")
    for i, s in enumerate(status):
        if s not in STATUSES:
            raise BadDataError(at(at(where, "status"), i), f"must be one of {', '.join(STATUSES)}.")
    winners = expect_list(obj["winners"], at(where, "winners"))
    for i, w in enumerate(winners):
        if expect_whole(w, at(at(where, "winners"), i), 0) >= teams:
            raise BadDataError(at(at(where, "winners"), i), f"there is no team {w}.")
    result: dict[str, Any] = {"status": list(status), "winners": list(winners)}
    if "abandoned" in obj:
        if obj["abandoned"] is not True:
            raise BadDataError(at(where, "abandoned"), "must be true when present.")
        result["abandoned"] = True
    return result


# ----- game setups --------------------------------------------------------------------------


def setup_from(
    variant: object,
    names: object,
    team_names: object,
    starting: object,
    preset: object,
    where: str = "",
) -> GameSetup:
    """Rebuilds a game setup from plain data; BadDataError names the field at fault."""
    v = variant_from_dict(variant, at(where, "variant"))
    players = expect_texts(names, at(where, "players"))
    if len(players) != v.players:
        raise BadDataError(at(where, "players"), f"has {len(players)} names for {v.players} seats.")
    teams = expect_texts(team_names, at(where, "teams"))
    if len(teams) != v.teams:
        raise BadDataError(at(where, "teams"), f"has {len(teams)} names for {v.teams} teams.")
    first = expect_whole(starting, at(where, "starting"), 0)
    if first >= v.teams:
        raise BadDataError(at(where, "starting"), f"there is no team {first}.")
    if preset is not None:
        expect_text(preset, at(where, "preset"))
    try:
        return GameSetup(v, players, teams, first, cast(str | None, preset))
    except RuleError as exc:  # pragma: no cover - every part was checked above
        raise BadDataError(where, str(exc)) from None
