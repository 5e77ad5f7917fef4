"""Tamper evidence: SHA-256 checksums that chain each game's events, and each event's log.

A game's chain starts from a checksum of its setup, which never changes once the game exists
(the variant, names, team names, starting team, house rules, preset, start time, whether it
was imported, and its event, round and table). Each journal event then carries
SHA-256(previous checksum, the event's content), so changing, removing or reordering any of
them, or the setup itself (a starting life of 30 turned into 40), breaks every checksum from
there on. The game's row keeps the last checksum (`head`), so a cut-off tail shows too, and a
seal over its end time and result (`end`), which may change (an undo across the end).

An event's (tournament's) log is chained the same way from its name, settings and creation.

The content is hashed in a canonical form: a JSON array with sorted keys and no spaces, so the
same content always gives the same checksum whether it comes from the journal's own text or
from an exported file (whose keys a person may have reordered). It guards against bit rot
and hand edits; anyone can recompute a SHA-256, so it is not a signature.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from tablelife.store.codec import at, expect_text, expect_whole
from tablelife.store.errors import BadDataError

_GAME = b"tablelife game 1"
_TOURNAMENT = b"tablelife event 1"


def canonical(value: object) -> bytes:
    """`value` (JSON-ready data) as bytes that are the same for the same content: sorted
    keys, no spaces, UTF-8 (a lone surrogate kept as is, so nothing can make this fail)."""
    return _canonical(value).encode("utf-8", "surrogatepass")


def encoder(**options: Any) -> Callable[[object], str]:
    """`json.JSONEncoder(**options).encode` for data without cycles (JSON-ready data never
    has one), with CPython's C encoder made once: `encode` makes it anew at every call, which
    is half the time of encoding a short value, and a journal encodes 20,000 of them. The
    same text; where there is no C encoder (or it takes other arguments), `encode` itself."""
    plain = json.JSONEncoder(**options)
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None or plain.indent is not None:
        return plain.encode
    strings = json.encoder.encode_basestring_ascii if plain.ensure_ascii else _text
    try:
        # No markers: a failed call would leave its own behind for the next (no cycles here).
        made = make(
            None,
            plain.default,
            strings,
            None,
            plain.key_separator,
            plain.item_separator,
            plain.sort_keys,
            plain.skipkeys,
            plain.allow_nan,
        )
    except TypeError:  # another Python's arguments
        return plain.encode

    def encode(value: object) -> str:
        return "".join(made(value, 0))

    try:
        same = all(encode(v) == plain.encode(v) for v in _SAMPLES)
    except (TypeError, ValueError):
        same = False
    return encode if same else plain.encode


_text = json.encoder.encode_basestring
_SAMPLES: tuple[object, ...] = (
    [{"b": 1.5, "a": 'é\u2028"\\\n\ud800', "c": [True, False, None, -0.0, 10**20, 1e300]}],
    "text",
    {},
    [],
    7,
)

_canonical = encoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)
"""One encoder for every row: `json.dumps` with options builds a new one per call."""


def link(previous: bytes, content: object) -> str:
    """SHA-256 (hex) of the previous checksum and this row's canonical content."""
    return digest(previous, b"\n" + canonical(content))


def digest(previous: bytes, content: bytes) -> str:
    """The one checksum of the chain: SHA-256 (hex) of the previous checksum and a row's
    content as `link` and `event_content` put it in bytes."""
    return hashlib.sha256(previous + content).hexdigest()


def game_start(
    game_id: int,
    variant: object,
    names: object,
    team_names: object,
    starting: object,
    house_rules: object,
    preset: object,
    started: object,
    imported: object,
    tournament_id: object,
    round_number: object,
    table: object,
) -> str:
    """The checksum a game's chain starts from: over its setup, which never changes."""
    return link(
        _GAME,
        [
            game_id,
            variant,
            names,
            team_names,
            starting,
            house_rules,
            preset,
            started,
            imported,
            tournament_id,
            round_number,
            table,
        ],
    )


def event_link(
    previous: bytes,
    seq: object,
    time: object,
    kind: object,
    changes: object,
    canonical_changes: bytes | None = None,
) -> str:
    """The checksum of one journal event, chained to the one before (or the game's start).

    `canonical_changes`, when the caller has it, is `canonical(changes)`: a long game repeats
    the same few taps, so a reader of many events encodes each distinct one once. The bytes
    hashed are the same either way.
    """
    return digest(previous, event_content(seq, time, kind, changes, canonical_changes))


def event_content(
    seq: object,
    time: object,
    kind: object,
    changes: object,
    canonical_changes: bytes | None = None,
) -> bytes:
    """What `event_link` hashes after the previous checksum: a newline and the event's
    canonical form, `canonical([seq, time, kind, changes])` (`canonical_changes` as there)."""
    if (
        canonical_changes is not None
        and type(seq) is int
        and type(time) is float
        and math.isfinite(time)
        and kind in _PLAIN_KINDS
    ):
        # Exactly what `canonical([seq, time, kind, changes])` gives: JSON writes an int and a
        # finite float as their repr, and these kinds need no escaping.
        return f'\n[{seq},{time!r},"{kind}",'.encode() + canonical_changes + b"]"
    return b"\n" + canonical([seq, time, kind, changes])


def chained(previous: str, contents: Iterable[bytes]) -> Iterator[str]:
    """The checksum of each of many events in turn, each chained to the one before, from
    `previous` (the game's start, or the event before the first), given each one's
    `event_content`: `event_link` over and over."""
    for content in contents:
        previous = digest(previous.encode(), content)
        yield previous


_PLAIN_KINDS = frozenset(("apply", "undo", "redo"))


def game_end(start: bytes, ended: object, result: object) -> str:
    """The seal over a game's end time and result (both None while it is unfinished)."""
    return link(start, ["end", ended, result])


def tournament_start(tournament_id: int, name: object, settings: object, created: object) -> str:
    """The checksum an event's (tournament's) log starts from."""
    return link(_TOURNAMENT, [tournament_id, name, settings, created])


def log_link(previous: bytes, seq: object, time: object, kind: object, data: object) -> str:
    """The checksum of one log entry of an event, chained to the one before."""
    return link(previous, [seq, time, kind, data])


def tournament_end(start: bytes, finished: object) -> str:
    """The seal over when an event finished (None while it runs)."""
    return link(start, ["end", finished])


def plain(value: object) -> object:
    """A raw column value as JSON-ready data for hashing (bytes that are not text stay
    recognisable as bytes, so they never hash like some text)."""
    if isinstance(value, bytes):
        return {"bytes": value.hex()}
    return value


# ----- checking an exported record ----------------------------------------------------------

CHECKSUM_KEYS = ("checksum", "end_checksum")
"""The top-level keys of an export that carry its chain; each event carries "checksum"."""


def check_record(
    data: dict[str, Any],
    events: Sequence[dict[str, Any]],
    *,
    started: float,
    ended: float | None,
    times: Sequence[float],
    house_rules: bool,
    contents: Sequence[bytes] | None = None,
) -> None:
    """Checks the chain an exported game carries, if it carries one; BadDataError names the
    first field that doesn't match (the setup, an event, or the end).

    `data` is the export (already checked field by field), `events` its event objects,
    `started`, `ended` and `times` its times as numbers, `house_rules` what its variant says.
    `contents`, when the caller has them, are each event's `event_content` as the file has it
    (`event_content(event["seq"], its time, event["kind"], event["changes"])`).
    A record without any checksum (from an older Tablelife) passes: there is nothing to check.
    """
    carried = [k for k in CHECKSUM_KEYS if k in data]
    if not carried:
        first = next((i for i, e in enumerate(events) if "checksum" in e), None)
        if first is None:
            return
        carried.append(at(at("events", first), "checksum"))
    for key in CHECKSUM_KEYS:
        if key not in data:
            raise BadDataError(key, f"is missing, but the file carries checksums ({carried[0]}).")
    if "game_id" not in data:
        raise BadDataError("game_id", "is missing, but the file carries checksums.")
    placement = [data.get(k) for k in ("tournament_id", "round", "table")]
    for key, value in zip(("tournament_id", "round", "table"), placement, strict=True):
        if value is not None:
            expect_whole(value, key, 1)
    imported = data.get("imported", False)
    if not isinstance(imported, bool):
        raise BadDataError("imported", "must be true or false.")
    start = game_start(
        expect_whole(data["game_id"], "game_id", 1),
        data["variant"],
        data["players"],
        data["teams"],
        data["starting"],
        int(house_rules),
        data.get("preset"),
        started,
        int(imported),
        *placement,
    )
    _same(data["checksum"], start, "checksum", "the game's setup (names, teams, variant)")
    made: Iterable[bytes] = (
        contents
        if contents is not None
        else (
            event_content(event["seq"], stamp, event["kind"], event["changes"])
            for event, stamp in zip(events, times, strict=True)
        )
    )
    for i, (event, previous) in enumerate(zip(events, chained(start, made), strict=True)):
        if "checksum" not in event:
            where = at(at("events", i), "checksum")
            raise BadDataError(where, "is missing, but the file carries checksums.")
        claimed = event["checksum"]
        if claimed != previous:  # named only when it fails: most files hold 20,000 of them
            where = at(at("events", i), "checksum")
            _same(claimed, previous, where, f"event {event['seq']}")
    end = game_end(start.encode(), ended, data.get("result"))
    _same(data["end_checksum"], end, "end_checksum", "the game's end and result")


def _same(claimed: object, expected: str, where: str, what: str) -> None:
    if expect_text(claimed, where) != expected:
        raise BadDataError(
            where,
            f"does not match {what}: the file was changed after it was exported, or is damaged.",
        )
