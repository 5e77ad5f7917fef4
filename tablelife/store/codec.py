"""To and from JSON-ready data: variants, changes, states, results and game setups.

Every `*_from_*` function validates strictly and raises `BadDataError` naming the field at fault
("variant.heads", "events[3].changes[0]"), so a bad file or a damaged journal row reads as a
sentence, never as a traceback.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import fields
from datetime import UTC, datetime
from typing import Any, cast

from tablelife.rules import (
    NO_MARKS,
    Change,
    FreeForAll,
    Marks,
    RuleError,
    State,
    TwoHeadedGiant,
    Variant,
    change_from_dict,
    change_to_dict,
)
from tablelife.rules.changes import CHANGE_TYPES
from tablelife.rules.names import name_problem, quote, text_problem
from tablelife.rules.setup import GameSetup
from tablelife.store.errors import BadDataError

STATUSES = ("playing", "won", "lost", "drawn")

EARLIEST_TIME = 946_684_800.0
"""2000-01-01 00:00 UTC: no Tablelife game was played before it."""
FUTURE_SLACK = 86_400.0
"""A time may be at most a day ahead of this computer's clock (time zones, a fast clock)."""
LARGEST_WHOLE = 2**63 - 1
"""The largest whole number SQLite stores; larger values in a change are refused."""
QUOTE_KEY = 40
"""A key longer than this (or not a plain word) is quoted and cut in a message."""
MESSAGE_LIMIT = 300
"""A rule's message about a value from a file is cut to this many characters."""


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
        raise BadDataError(at(where, key_name(extra[0])), "is not a field Tablelife knows.")
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
        raise BadDataError(where, f"must be at least {least}, not {quote(value)}.")
    return value


def expect_time(value: object, where: str) -> float:
    """`value` as a Unix time in seconds: a finite number, not before 1970.

    The journal reads its own times with this; a file's times are checked harder by
    `expect_played_time`.
    """
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise BadDataError(where, f"must be a time in seconds, not {_kind(value)}.")
    try:
        seconds = float(value)  # a 309-digit whole number is too large for a float
    except OverflowError:
        seconds = math.inf
    if not math.isfinite(seconds) or seconds < 0:
        raise BadDataError(where, f"must be a time in seconds, not {quote(value)}.")
    return seconds


def expect_played_time(value: object, where: str, now: float | None = None) -> float:
    """`value` as the time a game was played: `expect_time`, on or after 2000-01-01 and at
    most a day after `now` (this computer's clock unless given)."""
    seconds = expect_time(value, where)
    if seconds < EARLIEST_TIME:
        raise BadDataError(
            where, f"is {quote(value)} ({utc_date(seconds)}): a game can't be played before 2000."
        )
    latest = (time.time() if now is None else now) + FUTURE_SLACK
    if seconds > latest:
        raise BadDataError(
            where,
            f"is {quote(value)} ({utc_date(seconds)}), more than a day after this computer's "
            f"clock ({utc_date(latest - FUTURE_SLACK)}).",
        )
    return seconds


def utc_date(seconds: float) -> str:
    """A Unix time as a UTC date for a message ("2024-05-01"), or "a date past 9999"."""
    try:
        return datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%d")
    except (OverflowError, OSError, ValueError):
        return "a date before 1 AD" if seconds < 0 else "a date past 9999"


def expect_text(value: object, where: str) -> str:
    """`value` as a string."""
    if not isinstance(value, str):
        raise BadDataError(where, f"must be text, not {_kind(value)}.")
    return value


def expect_texts(value: object, where: str) -> tuple[str, ...]:
    """`value` as a list of strings."""
    return tuple(expect_text(v, at(where, i)) for i, v in enumerate(expect_list(value, where)))


def expect_names(value: object, where: str) -> tuple[str, ...]:
    """`value` as a list of names a person gave, each passing the shared name check
    (`tablelife.rules.names.name_problem`): one line of visible text, not too long."""
    names = expect_texts(value, where)
    for i, name in enumerate(names):
        problem = name_problem(name)
        if problem is not None:
            raise BadDataError(at(where, i), f"the name {quote(name)} {problem}.")
    return names


def expect_shown_text(value: object, where: str, limit: int = 100) -> str:
    """`value` as text a person reads: at most `limit` characters, with no control, direction
    or invisible characters."""
    text = expect_text(value, where)
    problem = (
        f"is {len(text):,} characters long: at most {limit}"
        if len(text) > limit
        else text_problem(text)
    )
    if problem is not None:
        raise BadDataError(where, f"{quote(text)} {problem}.")
    return text


def key_name(key: str) -> str:
    """A key from a file as it may appear in a message: itself if it is a short plain word,
    else quoted and cut."""
    return key if key.isidentifier() and len(key) <= QUOTE_KEY else quote(key)


def cut_message(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """`text` cut to `limit` characters with an ellipsis: a last guard on messages that
    quote a value from a file."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


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
        return f"the text {quote(value)}"
    return quote(value)


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
    for key, number in numbers.items():
        if abs(number) > LARGEST_WHOLE:
            raise BadDataError(at(where, key), f"is too large: {quote(number)}.")
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
                at(where, "kind"), f"must be 'giant' or 'free_for_all', not {quote(kind)}."
            )
    except RuleError as exc:
        raise BadDataError(where, cut_message(str(exc))) from None
    for key in ("heads", "teams", "players"):
        if numbers[key] != getattr(variant, key):
            raise BadDataError(
                at(where, key),
                f"is {quote(numbers[key])}, but a {variant.title} has {getattr(variant, key)}.",
            )
    return variant


# ----- changes ------------------------------------------------------------------------------

_FIELD_ORDER = {cls: tuple(f.name for f in fields(cls)) for cls in CHANGE_TYPES.values()}
_FIELDS = {
    name: frozenset({"type", *(f.name for f in fields(cls))}) for name, cls in CHANGE_TYPES.items()
}
_PLAIN = (bool, float, type(None))  # always short in a message


def changes_to_list(changes: Sequence[Change]) -> list[dict[str, Any]]:
    """Changes as a JSON-ready list of `change_to_dict` dicts.

    Built from each type's field names directly: `dataclasses.asdict` deep-copies, which a
    change's plain fields never need, and it was a tenth of an export's time.
    """
    out = []
    for change in changes:
        names = _FIELD_ORDER.get(type(change))
        if names is None:  # not a change type we know: let the rules say so
            out.append(change_to_dict(change))
            continue
        # Filled in a loop: a comprehension merged into it is a call more per change.
        data = {"type": type(change).__name__}
        for name in names:
            data[name] = getattr(change, name)
        out.append(data)
    return out


def changes_from_list(data: object, where: str) -> tuple[Change, ...]:
    """Rebuilds changes from `changes_to_list` data; BadDataError names the change at fault.

    Each field must be a short plain value (a whole number SQLite can store, true or false,
    or a short word): a value the rules would only quote back in full is refused here, cut.
    """
    out = []
    for i, item in enumerate(expect_list(data, where)):
        change = _usual_change(item)
        if change is None:  # anything else, and every refusal's words, by the full checks
            _plain_change(item, at(where, i))
            try:
                change = change_from_dict(item)
            except RuleError as exc:
                raise BadDataError(at(where, i), cut_message(str(exc))) from None
        out.append(change)
    return tuple(out)


def usual_changes(data: object) -> tuple[Change, ...] | None:
    """`changes_from_list(data)` when every change in `data` is the usual one (see
    `_usual_change`), else None (and then `changes_from_list` decides). Such changes are
    exactly what `changes_to_list` writes back, key order aside: the same JSON value."""
    if type(data) is not list:
        return None
    out = []
    for item in data:
        change = _usual_change(item)
        if change is None:
            return None
        out.append(change)
    return tuple(out)


_USUAL = {name: (cls, _FIELD_ORDER[cls]) for name, cls in CHANGE_TYPES.items()}


def _usual_change(item: object) -> Change | None:
    """The change in `item` when it is the usual one, in a few steps: an object of a known type
    with every one of its fields and no other, each a whole number SQLite can store, true or
    false, or a short word. None for anything else, which the full checks then take (the same
    change when they pass, and their words when they don't)."""
    if type(item) is not dict:
        return None
    kind = item.get("type")
    known = _USUAL.get(kind) if type(kind) is str else None
    if known is None:
        return None
    cls, names = known
    if len(item) != len(names) + 1:  # a field missing, or one more than "type"
        return None
    values = []
    for name in names:
        if name not in item:
            return None
        value = item[name]
        kind_of = type(value)
        if kind_of is int:
            if not -LARGEST_WHOLE <= value <= LARGEST_WHOLE:
                return None
        elif kind_of is str:
            if len(value) > QUOTE_KEY:
                return None
        elif kind_of is not bool:
            return None
        values.append(value)
    return cls(*values)


def _plain_change(item: object, where: str) -> None:
    """BadDataError unless `item` is an object of a known change type with plain values."""
    if not isinstance(item, dict):
        raise BadDataError(where, f"must be an object, not {_kind(item)}.")
    kind = item.get("type")
    known = _FIELDS.get(kind) if isinstance(kind, str) else None
    if known is None:
        raise BadDataError(where, f"Unknown change type {quote(kind)}.")
    if not known.issuperset(item):
        extra = sorted(key_name(str(k)) for k in item if k not in known)
        raise BadDataError(where, f"{kind} has unknown fields: {', '.join(extra[:3])}.")
    for key, value in item.items():
        kind_of = type(value)
        if kind_of is int:
            if -LARGEST_WHOLE <= value <= LARGEST_WHOLE:
                continue
            raise BadDataError(at(where, key), f"is too large: {quote(value)}.")
        if kind_of is str:
            if len(value) <= QUOTE_KEY or key == "type":
                continue
            raise BadDataError(at(where, key), f"is not a value Tablelife knows: {quote(value)}.")
        if kind_of not in _PLAIN:
            raise BadDataError(at(where, key), f"must be a plain value, not {quote(value)}.")


# ----- states and results -------------------------------------------------------------------


def state_to_dict(state: State) -> dict[str, Any]:
    """A state as JSON-ready data: whose turn, the turn number, and each team's part.

    Only when the state holds them: "commander_damage", a list of {"player", "source",
    "commander", "amount"} (CR 903.10a), "highest_life_only": true (MTR 2.4), and "marks"
    (`marks_to_dict`: the monarch, the initiative, commander casts, player counters, the storm
    count, day or night). A state without them reads exactly as before they existed, so older
    exports still import.
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
    if state.marks is not NO_MARKS:
        data["marks"] = marks_to_dict(state.marks)
    return data


def marks_to_dict(marks: Marks) -> dict[str, Any]:
    """A state's `Marks` as JSON-ready data, each part only when it is there: "monarch" and
    "initiative" (a seat), "casts" ({"player", "commander", "casts"}: CR 903.8), "counters"
    ({"player", "kind", "amount"}: CR 122.1), "storm" (CR 702.40a), "day" ("day" or "night")."""
    data: dict[str, Any] = {}
    if marks.monarch >= 0:
        data["monarch"] = marks.monarch
    if marks.initiative >= 0:
        data["initiative"] = marks.initiative
    if marks.casts:
        data["casts"] = [{"player": p, "commander": c, "casts": n} for p, c, n in marks.casts]
    if marks.counters:
        data["counters"] = [{"player": p, "kind": k, "amount": n} for p, k, n in marks.counters]
    if marks.storm:
        data["storm"] = marks.storm
    if marks.day:
        data["day"] = marks.day
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
            raise BadDataError(at(at(where, "winners"), i), f"there is no team {quote(w)}.")
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
        raise BadDataError(
            at(where, "players"), f"has {len(players)} names for {quote(v.players)} seats."
        )
    teams = expect_texts(team_names, at(where, "teams"))
    if len(teams) != v.teams:
        raise BadDataError(
            at(where, "teams"), f"has {len(teams)} names for {quote(v.teams)} teams."
        )
    first = expect_whole(starting, at(where, "starting"), 0)
    if first >= v.teams:
        raise BadDataError(at(where, "starting"), f"there is no team {quote(first)}.")
    if preset is not None:
        expect_text(preset, at(where, "preset"))
    try:
        return GameSetup(v, players, teams, first, cast(str | None, preset))
    except RuleError as exc:  # pragma: no cover - every part was checked above
        raise BadDataError(where, str(exc)) from None
