"""Export a journaled game as JSON or CSV, and import a JSON export as a new game.

The JSON holds the whole record: variant, names, and every journal event (apply, undo, redo)
with its time, changes and the state after it, and the journal's checksum chain (format 2), so
an export can be checked later. `import_json` checks a file strictly against the rules,
replaying it, and against its chain when it carries one, and refuses a bad one naming the field
or event at fault, with nothing changed. Format 1 files (no chain) still import.
"""

from __future__ import annotations

import contextlib
import gc
import io
import json
import math
import time
from collections.abc import Iterator, Sequence
from datetime import datetime
from typing import Any

from tablelife.identity import version
from tablelife.rules import NO_MARKS, Change, Game, RuleError, State, TwoHeadedGiant, Variant
from tablelife.rules.changes import CHANGE_TYPES, field_names
from tablelife.rules.game import TeamState
from tablelife.rules.names import quote
from tablelife.rules.setup import GameSetup
from tablelife.rules.values import frozen
from tablelife.rules.variants import GIANT_TEAMS
from tablelife.rules.words import describe_event
from tablelife.store.chain import CHECKSUM_KEYS, check_record, encoder, event_content
from tablelife.store.chain import canonical as chain_canonical
from tablelife.store.codec import (
    EARLIEST_TIME,
    FUTURE_SLACK,
    at,
    changes_from_list,
    changes_to_list,
    cut_message,
    expect_list,
    expect_names,
    expect_object,
    expect_played_time,
    expect_shown_text,
    expect_text,
    expect_texts,
    expect_whole,
    result_from,
    result_of,
    setup_from,
    state_to_dict,
    usual_changes,
    variant_to_dict,
)
from tablelife.store.errors import BadDataError, JournalError
from tablelife.store.journal import Journal
from tablelife.store.records import EVENT_KINDS, EventKind, LoadedGame
from tablelife.store.replay import Replayer, walk

FORMAT = "tablelife-game"
FORMAT_VERSION = 2
"""The export format's version; a file from a newer one is refused. 2 added the checksum
chain (and the game's place at an event); files of format 1 still import."""

_REQUIRED = ("format", "version", "variant", "players", "teams", "starting", "started", "events")
_OPTIONAL = ("tablelife", "game_id", "preset", "house_rules", "ended", "result", "initial")
"""Keys a record may lack. "tablelife" is the version of the Tablelife that wrote it (in
every export since 0.1.0; older ones lack it), kept for people reading the file, never
checked against this one: the format's `version` says what a file holds."""
MAX_SEATS = 64
"""An imported game has at most this many seats (the new-game dialog offers 8)."""
_CHAIN_OPTIONAL = ("imported", "tournament_id", "round", "table", *CHECKSUM_KEYS)
_EVENT_REQUIRED = ("seq", "time", "kind", "changes")
_EVENT_OPTIONAL = ("notes", "after", "checksum")
_EVENT_NEEDS = frozenset(_EVENT_REQUIRED)
_EVENT_KEYS = frozenset((*_EVENT_REQUIRED, *_EVENT_OPTIONAL))


class AlreadyImportedError(JournalError):
    """The journal already holds an import of the very same game; nothing was added."""

    def __init__(self, game_id: int) -> None:
        super().__init__(f"It is already imported as game {game_id}; nothing was added.")
        self.game_id = game_id


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """No cyclic garbage collection inside: bulk JSON work makes many objects and no cycles,
    and the collector would walk them over and over. Restores the collector as it was.

    What the work made and kept goes to the oldest generation on the way out, without a pass
    over it: the first collection after the pause would otherwise walk all of it at once (a
    parsed 20,000-event file: 50 ms), only to move it there. Not when something froze objects
    on purpose (the window does after its first paint): those stay frozen.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            if not gc.get_freeze_count():
                gc.freeze()  # everything tracked, to the permanent generation...
                gc.unfreeze()  # ...and back to the oldest one, both without a pass
            gc.enable()


def export_json(journal: Journal, game_id: int, loaded: LoadedGame | None = None) -> dict[str, Any]:
    """The whole record of one game as JSON-ready data.

    Keys: format, version, tablelife (the version of Tablelife that wrote it), game_id,
    variant, players, teams, starting, preset, house_rules, started, ended, result, initial
    (the state before any event) and events: one per journal event with seq, time, kind,
    changes, notes and after (each team's life, poison, status, reason, rule and effects,
    plus active and turn). From a journal with checksums (schema 3)
    also imported, tournament_id, round and table (for a game at an event), checksum and
    end_checksum, and each event's checksum, exactly as the journal holds them: a game whose
    chain is broken exports all the same, and its import will say where (`Journal.verify`
    says so before). `loaded`: the game as `journal.load` gave it, when the caller has it
    already (reading 20,000 events twice is half an export). Raises UnknownGameError or
    BadDataError.
    """
    with gc_paused():
        return _export_json(loaded or journal.load(game_id))


def export_json_text(
    journal: Journal, game_id: int, loaded: LoadedGame | None = None, *, pretty: bool = False
) -> str:
    """`export_json` as the text a file holds: compact JSON on one line (UTF-8 characters as
    they are), or indented by 2 when `pretty`, ending in a newline. Exactly
    `json.dumps(export_json(...), separators=(",", ":"), ensure_ascii=False) + "\n"` (or with
    `indent=2`), built without the nested data: each event's changes and each state are
    encoded once, however many events share them. Raises UnknownGameError or BadDataError.
    """
    with gc_paused():
        loaded = loaded or journal.load(game_id)
        if pretty:
            data = _export_json(loaded)
            return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
        return _export_text(loaded)


def _export_text(loaded: LoadedGame) -> str:
    game, steps = walk(loaded.row, loaded.events)
    head, tail = _record(loaded, game)
    pieces = _Pieces()
    encode, number, changes, state = pieces.encode, pieces.number, pieces.changes, pieces.state
    chained = bool(loaded.checksum)
    events: list[str] = []
    append = events.append
    kinds = {kind: _string(kind) for kind in EVENT_KINDS}
    finite = math.isfinite
    text = _encode_text
    end = "}"
    for s in steps:
        event, after = s.event, s.after
        seq, stamp = event.seq, event.time
        if chained:
            checksum = event.checksum
            end = f',"checksum":{text(checksum) if type(checksum) is str else _string(checksum)}}}'
        # A journal's seq is an int and its time a finite float: their repr is their JSON.
        append(
            f'{{"seq":{repr(seq) if type(seq) is int else number(seq)},'
            f'"time":{repr(stamp) if type(stamp) is float and finite(stamp) else number(stamp)},'
            f'"kind":{kinds.get(event.kind) or _string(event.kind)},'
            f'"changes":{changes(event.changes)},'
            f'"notes":{encode(list(s.notes)) if s.notes else "[]"},'
            f'"after":{state(after)}{end}'
        )
    # The record's keys in `_export_json`'s order: the events sit between `head` and `tail`.
    out = encode(head)[:-1] + ',"events":[' + ",".join(events) + "]"
    if tail:
        out += "," + encode(tail)[1:]
    else:
        out += "}"
    return out + "\n"


_compact = encoder(separators=(",", ":"), ensure_ascii=False)

# What `json.dumps(..., ensure_ascii=False)` writes for a str (the C function when there is one).
_encode_text = json.encoder.encode_basestring


class _Pieces:
    """Compact JSON for the parts of an export, each distinct object encoded once: what
    `json.dumps(..., separators=(",", ":"), ensure_ascii=False)` writes for them."""

    def __init__(self) -> None:
        self.encode = _compact
        # By identity: equal values of other types (1 and True) would encode differently, so
        # equality is not enough. `_held` holds each object, so its id stays its own.
        self._held: list[object] = []
        self._changes_made: dict[int, str] = {}
        """Each event's changes (a tuple) made so far, by its id."""
        self._states_made: dict[int, str] = {}
        """Each state made so far, by its id."""
        self._changes: dict[int, str | None] = {}  # each change, None if not plain
        self._teams: dict[int, str] = {}
        # A team's part by its values too: a long game comes back to the same life and poison
        # many times, in new team objects. Only for ints, whose JSON their value decides (1
        # and True are equal keys, but write differently).
        self._team_values: dict[tuple[object, ...], str] = {}

    def number(self, value: object) -> str:
        """An int or a finite float as JSON writes it (its repr); anything else encoded."""
        kind = type(value)
        if kind is int or (kind is float and math.isfinite(value)):  # type: ignore[arg-type]
            return repr(value)
        return self.encode(value)

    def changes(self, changes: tuple[Change, ...]) -> str:
        """`changes_to_list(changes)` encoded, each change once (the journal's events share
        their changes: a long game repeats the same few taps)."""
        known = self._changes_made.get(id(changes))
        if known is None:
            made = self._changes
            parts = []
            for change in changes:
                if id(change) in made:
                    part = made[id(change)]
                else:
                    part = made[id(change)] = _change_text(change)
                    self._held.append(change)
                if part is None:
                    known = self.encode(changes_to_list(changes))
                    break
                parts.append(part)
            else:
                known = "[" + ",".join(parts) + "]"
            self._changes_made[id(changes)] = known
            self._held.append(changes)
        return known

    def state(self, state: State) -> str:
        """`state_to_dict(state)` encoded, each team's part once per team object (the rules
        reuse the teams an event left alone)."""
        known = self._states_made.get(id(state))
        if known is None:
            active, turn, team = state.active, state.turn, self._team
            teams = ",".join([team(t) for t in state.teams])
            if state.commander_damage or state.highest_life_only or state.marks is not NO_MARKS:
                known = (
                    f'{{"active":{self.number(active)},"turn":{self.number(turn)},"teams":[{teams}]'
                )
                rest = state_to_dict(state)
                for key in ("commander_damage", "highest_life_only", "marks"):
                    if key in rest:
                        known += f',"{key}":{self.encode(rest[key])}'
                known += "}"
            elif type(active) is int and type(turn) is int:  # the usual state, in one step
                known = f'{{"active":{active!r},"turn":{turn!r},"teams":[{teams}]}}'
            else:
                known = (
                    f'{{"active":{self.number(active)},"turn":{self.number(turn)},'
                    f'"teams":[{teams}]}}'
                )
            self._states_made[id(state)] = known
            self._held.append(state)
        return known

    def _team(self, team: TeamState) -> str:
        known = self._teams.get(id(team))
        if known is None:
            life, poison = team.life, team.poison
            whole = type(life) is int and type(poison) is int
            key = (life, poison, team.status, team.reason, team.rule, team.effects)
            known = self._team_values.get(key) if whole else None
            if known is None:
                text = _string
                effects = ",".join([text(e) for e in sorted(team.effects)])
                known = (
                    f'{{"life":{self.number(life)},"poison":{self.number(poison)},'
                    f'"status":{text(team.status)},"reason":{text(team.reason)},'
                    f'"rule":{text(team.rule)},"effects":[{effects}]}}'
                )
                if whole:
                    self._team_values[key] = known
            self._teams[id(team)] = known
            self._held.append(team)
        return known


_CHANGE_KEYS = {
    cls: (
        '{"type":' + _encode_text(cls.__name__),
        tuple((name, f",{_encode_text(name)}:") for name in field_names(cls)),
    )
    for cls in CHANGE_TYPES.values()
}
"""For each change type, how its object starts, and each field's name and key."""


def _change_text(change: Change) -> str | None:
    """`changes_to_list([change])[0]` as compact JSON, written directly when every field is
    an int, true or false or a str, as the encoder writes them; None for anything else."""
    known = _CHANGE_KEYS.get(type(change))
    if known is None:
        return None
    text, keys = known
    for name, key in keys:
        value = getattr(change, name)
        kind = type(value)
        if kind is int:
            text += key + int.__repr__(value)
        elif kind is bool:
            text += key + ("true" if value else "false")
        elif kind is str:
            text += key + _encode_text(value)
        else:
            return None
    return text + "}"


def _string(value: object) -> str:
    """A str as `json.dumps(value, ensure_ascii=False)` writes it (anything else encoded as
    it would be)."""
    if type(value) is str:
        return _encode_text(value)
    return json.dumps(value, ensure_ascii=False)


def _export_json(loaded: LoadedGame) -> dict[str, Any]:
    game, steps = walk(loaded.row, loaded.events)
    head, tail = _record(loaded, game)
    data = {
        **head,
        "events": [
            {
                "seq": s.event.seq,
                "time": s.event.time,
                "kind": s.event.kind,
                "changes": changes_to_list(s.event.changes),
                "notes": list(s.notes),
                "after": state_to_dict(s.after),
            }
            for s in steps
        ],
        **tail,
    }
    if loaded.checksum:
        for event, step in zip(data["events"], steps, strict=True):
            event["checksum"] = step.event.checksum
    return data


def _record(loaded: LoadedGame, game: Game) -> tuple[dict[str, Any], dict[str, Any]]:
    """An export's keys before its events, and after them."""
    row = loaded.row
    head: dict[str, Any] = {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "tablelife": version(),
        "game_id": row.id,
        "variant": variant_to_dict(row.variant),
        "players": list(row.names),
        "teams": list(row.team_names),
        "starting": row.starting,
        "preset": row.preset,
        "house_rules": row.house_rules,
        "started": row.started,
        "ended": row.ended,
        "result": row.result,
        "initial": state_to_dict(game.initial),
    }
    tail: dict[str, Any] = {}
    if loaded.checksum:
        tail["imported"] = row.imported
        if row.tournament_id is not None:
            tail.update(tournament_id=row.tournament_id, round=row.round, table=row.table)
        tail.update(checksum=loaded.checksum, end_checksum=loaded.end_checksum)
    return head, tail


def export_csv(journal: Journal, game_id: int, loaded: LoadedGame | None = None) -> str:
    """One row per journal event: seq, time (ISO 8601, local), kind, the changes in words, and
    each team's life and poison after it (`loaded` as for `export_json`). Raises
    UnknownGameError or BadDataError."""
    with gc_paused():
        loaded = loaded or journal.load(game_id)
        row = loaded.row
        _game, steps = walk(row, loaded.events)
    import csv  # here: only a CSV export needs it

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    header = ["seq", "time", "kind", "changes"]
    for team in row.team_names:
        header += [f"{team} life", f"{team} poison"]
    writer.writerow([_cell(h) for h in header])
    for s in steps:
        if s.applied is not None:
            # Said as it happened: a gain under can't-gain-life is not a gain (CR 119.7).
            summary = describe_event(s.applied, row.names, sep="; ", teams=row.team_names)
        else:
            summary = f"{s.event.kind} of event {s.target}"
        line: list[object] = [
            s.event.seq,
            local_time(s.event.time),
            s.event.kind,
            _cell(summary),
        ]
        for t in s.after.teams:
            line += [t.life, t.poison]
        writer.writerow(line)
    return out.getvalue()


def list_games(journal: Journal) -> tuple[list[dict[str, Any]], list[BadDataError]]:
    """Every readable game in the journal's own order (the most recently played first), as
    JSON-ready summaries, and one BadDataError per row that can't be read.

    Each summary: id, started, ended (Unix seconds; ended null while unfinished), variant (its
    title), players, teams, result (as stored, or null), outcome (in words: "Ann & Bob won",
    "draw", "abandoned", "unfinished"), events (how many journal events) and imported.
    """
    games, damaged = journal.readable_games()
    counts = journal.event_counts()
    return [
        {
            "id": row.id,
            "started": row.started,
            "ended": row.ended,
            "variant": row.variant.title,
            "players": list(row.names),
            "teams": list(row.team_names),
            "result": row.result,
            "outcome": outcome(row.result, row.team_names),
            "events": counts.get(row.id, 0),
            "imported": row.imported,
        }
        for row in games
    ], damaged


def outcome(result: dict[str, Any] | None, teams: Sequence[str]) -> str:
    """A stored result in words: "Ann & Bob won", "draw", "abandoned" or "unfinished"."""
    if result is None:
        return "unfinished"
    if result.get("abandoned"):
        return "abandoned"
    if result["winners"]:
        return f"{_team_list(result['winners'], teams)} won"
    return "draw"


def local_time(seconds: float) -> str:
    """A Unix time as local ISO 8601 with its offset ("2024-05-01T19:02:11+02:00"); a time
    no calendar date holds (from an older import) as its number of seconds."""
    try:
        return datetime.fromtimestamp(seconds).astimezone().isoformat(timespec="seconds")
    except (OverflowError, OSError, ValueError):
        return repr(seconds)


def _cell(text: str) -> str:
    """Text a spreadsheet won't run as a formula (a name like "=SUM(...)")."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def import_json(journal: Journal, data: object, *, now: float | None = None) -> int:
    """Adds the game in `data` (an `export_json` record) as a new game; returns its id.

    The record is checked strictly: its fields, its changes, the events replayed against the
    rules (and against its "after" states and its result, where given), and its checksum
    chain when it carries one (`chain.check_record`). Names must pass the shared name check
    (`tablelife.rules.names`); times must fall between 2000 and a day after `now` (this computer's
    clock unless given). A bad record raises BadDataError naming the field or event at fault
    ("events[3].changes[0]: ...") and nothing is changed. A record the journal already holds
    as an import raises AlreadyImportedError, adding nothing. The game and its events are
    written in one transaction (StorageError if that fails, with nothing written).
    """
    return add_import(journal, check_import(data, now=now))


@frozen
class CheckedImport:
    """A record `check_import` found good: what `add_import` writes."""

    setup: GameSetup
    started: float
    ended: float | None
    result: dict[str, Any] | None
    events: tuple[tuple[float, EventKind, tuple[Change, ...]], ...]
    contents: tuple[bytes | None, ...]


def check_import(data: object, *, now: float | None = None) -> CheckedImport:
    """`import_json`'s checks of a record, with no journal: BadDataError naming the field or
    event at fault, or what `add_import` writes. The command line checks a file before it
    opens the journal for writing, so a refused file leaves the journal byte for byte as it
    was."""
    with gc_paused():
        return _check_import(data, now)


def already_imported(journal: Journal, checked: CheckedImport) -> int | None:
    """The id of the game the journal already holds as this import, or None. Only reads: a
    journal open read-only will do."""
    return _imported_before(
        journal, checked.setup, checked.started, checked.ended, checked.result, checked.events
    )


def add_import(journal: Journal, checked: CheckedImport) -> int:
    """Adds a checked record as a new game, in one transaction; returns its id.
    AlreadyImportedError (nothing added) if the journal holds it already."""
    same = already_imported(journal, checked)
    if same is not None:
        raise AlreadyImportedError(same)
    with gc_paused():
        return journal.import_game(
            checked.setup,
            checked.started,
            checked.ended,
            checked.result,
            list(checked.events),
            contents=list(checked.contents),
        )


def _check_import(data: object, now: float | None) -> CheckedImport:
    if not isinstance(data, dict):
        raise BadDataError("", "The file must hold a JSON object (a Tablelife game export).")
    if data.get("format") != FORMAT:
        raise BadDataError("format", f"this is not a Tablelife game export (no {FORMAT!r}).")
    obj = expect_object(data, "", _REQUIRED, (*_OPTIONAL, *_CHAIN_OPTIONAL))
    version = expect_whole(obj["version"], "version", 1)
    if version > FORMAT_VERSION:
        raise BadDataError(
            "version",
            f"the file comes from a newer Tablelife (format {version}; "
            f"this one reads up to {FORMAT_VERSION}).",
        )
    if "tablelife" in obj:
        expect_shown_text(obj["tablelife"], "tablelife")
    if "game_id" in obj:
        expect_whole(obj["game_id"], "game_id", 1)
    # Checked before setup_from, which folds spaces and would hide a tab or a newline.
    players = expect_names(obj["players"], "players")
    teams = expect_names(obj["teams"], "teams")
    if len(players) > MAX_SEATS:
        raise BadDataError("players", f"has {len(players)} names: at most {MAX_SEATS} can play.")
    if obj.get("preset") is not None:
        expect_shown_text(obj["preset"], "preset")
    setup = setup_from(
        obj["variant"], obj["players"], obj["teams"], obj["starting"], obj.get("preset")
    )
    _stored_as_given(players, setup.names, "players")
    _stored_as_given(teams, setup.team_names, "teams")
    if "house_rules" in obj and obj["house_rules"] not in _house_rules_flags(setup.variant):
        raise BadDataError(
            "house_rules",
            f"is {quote(obj['house_rules'])}, but the variant says {setup.house_rules!r}.",
        )
    started = expect_played_time(obj["started"], "started", now)
    ended = obj.get("ended")
    result = obj.get("result")
    if (ended is None) != (result is None):
        field = "result" if ended is not None else "ended"
        raise BadDataError(field, "ended and result must both be set, or both be null.")
    if ended is not None:
        ended = expect_played_time(ended, "ended", now)
        result = result_from(result, setup.variant.teams)

    replayer = Replayer(setup.new_game())
    if "initial" in obj:
        _same_state(obj["initial"], state_to_dict(replayer.game.initial), "initial")
    events: list[tuple[float, EventKind, tuple[Change, ...]]] = []
    objects: list[dict[str, Any]] = []  # the events as the file has them, for the chain
    # Each event's changes in the chain's canonical form, which the chain check needs anyway:
    # the same bytes are the same JSON value, so each distinct one is decoded once (a long
    # game repeats the same few taps), noting whether every change in it was the usual one.
    decoded: dict[bytes, tuple[tuple[Change, ...], bool]] = {}
    # What the file's chain hashes for each event, and what the journal's will: the same
    # bytes when the changes are the usual ones (which `changes_to_list` writes back as the
    # same JSON value) and the time is a float (stored as it is); None where they may differ.
    contents: list[bytes] = []
    shared: list[bytes | None] = []
    step, game = replayer.step, replayer.game
    states = _StateDicts()
    # Each check below takes a few steps for the usual value and leaves anything else, and
    # the paths that name a field, to the full check, which says what is wrong.
    # The usual time in one step: one later than this (the clock moved on) takes the full
    # check, which reads the clock again.
    latest = (time.time() if now is None else now) + FUTURE_SLACK
    # Where an event is ("events[3]") is put in words only when something is wrong with it.
    for i, raw in enumerate(expect_list(obj["events"], "events")):
        if type(raw) is dict and raw.keys() <= _EVENT_KEYS and raw.keys() >= _EVENT_NEEDS:
            event: dict[str, Any] = raw
        else:
            event = expect_object(raw, _event_at(i), _EVENT_REQUIRED, _EVENT_OPTIONAL)
        seq = event["seq"]
        if type(seq) is not int or seq != i + 1:
            seq = expect_whole(seq, _event_at(i, "seq"))
            raise BadDataError(
                _event_at(i, "seq"), f"is {quote(seq)}, but event {i + 1} belongs here."
            )
        stamp = event["time"]
        if not (type(stamp) is float and EARLIEST_TIME <= stamp <= latest):
            stamp = expect_played_time(stamp, _event_at(i, "time"), now)
        kind = event["kind"]
        if not isinstance(kind, str) or kind not in EVENT_KINDS:
            raise BadDataError(
                _event_at(i, "kind"),
                f"must be one of {', '.join(EVENT_KINDS)}, not {quote(kind)}.",
            )
        try:
            canonical: bytes | None = chain_canonical(event["changes"])
        except RecursionError:  # nested too deeply to be changes: refused just below
            canonical = None
        known = None if canonical is None else decoded.get(canonical)
        if known is None:
            usual = usual_changes(event["changes"])
            if usual is None:
                known = (changes_from_list(event["changes"], _event_at(i, "changes")), False)
            else:
                known = (usual, True)
            if canonical is not None:
                decoded[canonical] = known
        changes, usual_ones = known
        if kind == "apply" and not changes:
            raise BadDataError(_event_at(i, "changes"), "an apply event needs at least one change.")
        if kind != "apply" and changes:
            raise BadDataError(_event_at(i, "changes"), f"an {kind} event has no changes.")
        if "notes" in event and event["notes"] != []:
            expect_texts(event["notes"], _event_at(i, "notes"))
        try:
            applied, _target = step(seq, kind, changes)
        except RuleError as exc:
            problem = cut_message(str(exc))
            raise BadDataError(
                _event_at(i, "changes") if changes else _event_at(i), problem
            ) from None
        if "after" in event:
            after = game.state if applied is None else applied.after
            if not _is_state(event["after"], after):
                claimed, replayed = event["after"], states.of(after)
                if not (claimed == replayed and _whole_where_whole(claimed)):
                    _first_difference(claimed, replayed, _event_at(i, "after"))
        events.append((stamp, kind, changes))
        objects.append(event)
        assert canonical is not None  # changes_from_list refuses what can't be encoded
        content = event_content(seq, stamp, kind, event["changes"], canonical)
        contents.append(content)
        shared.append(content if usual_ones and type(stamp) is float else None)
    if result is not None:
        _same_result(result, replayer.game.state, setup.team_names)
    check_record(
        obj,
        objects,
        started=started,
        ended=ended,
        times=[e[0] for e in events],
        house_rules=setup.house_rules,
        contents=contents,
    )
    return CheckedImport(setup, started, ended, result, tuple(events), tuple(shared))


def _event_at(i: int, key: str | None = None) -> str:
    """Where event `i` of a file is, or a field of it: "events[3]", "events[3].changes"."""
    where = at("events", i)
    return where if key is None else at(where, key)


def _house_rules_flags(variant: Variant) -> tuple[bool, ...]:
    """The house-rules flags a file may carry for `variant`: the one it has now, and for a giant
    of other than two teams also the one older Tablelife wrote, before such giants were marked
    as house rules (CR 810.1), so their exports still import."""
    flags: tuple[bool, ...] = (variant.house_rules,)
    if isinstance(variant, TwoHeadedGiant) and variant.teams != GIANT_TEAMS:
        older = TwoHeadedGiant(
            variant.heads, GIANT_TEAMS, variant.starting_life, variant.poison_limit
        )
        flags += (older.house_rules,)
    return flags


def _stored_as_given(given: Sequence[str], stored: Sequence[str], where: str) -> None:
    """BadDataError unless the setup keeps every name as the file gives it: a blank name, extra
    spaces or free-for-all team names unlike the players' would be changed silently."""
    for i, (mine, kept) in enumerate(zip(given, stored, strict=True)):
        if mine != kept:
            raise BadDataError(
                at(where, i),
                f"the name {quote(mine)} would be stored as {quote(kept)}: write it so in the "
                "file.",
            )


def _imported_before(
    journal: Journal,
    setup: GameSetup,
    started: float,
    ended: float | None,
    result: dict[str, Any] | None,
    events: Sequence[tuple[float, EventKind, tuple[Change, ...]]],
) -> int | None:
    """The id of an imported game identical to this one (setup, times, result and every
    event), or None. Cheap: only imports started at the very same instant are compared."""
    for game_id in journal.imported_at(started):
        try:
            row = journal.game(game_id)
            if (row.setup, row.ended, row.result) != (setup, ended, result):
                continue
            stored = journal.events(game_id)
        except BadDataError:  # a damaged row is nobody's twin
            continue
        if len(stored) == len(events) and all(
            (e.time, e.kind, e.changes) == mine for e, mine in zip(stored, events, strict=True)
        ):
            return int(game_id)
    return None


_OUTCOME = {"playing": "still playing", "won": "won", "lost": "lost", "drawn": "drew"}


def _same_result(claimed: dict[str, Any], state: State, teams: Sequence[str]) -> None:
    """BadDataError at "result" unless it is the one the replayed game ends with.

    A game that is over must carry exactly its result; one still going may carry only the
    result of being abandoned in that state (a new game was started in its place).
    """
    expected = result_of(state, abandoned=not state.over)
    if claimed == expected:
        return
    says, ends = _outcome(claimed["status"], teams), _outcome(expected["status"], teams)
    if says != ends:
        problem = f"says {says}, but the events end with {ends}."
    elif claimed["winners"] != expected["winners"]:
        problem = (
            f"names as winners {_team_list(claimed['winners'], teams)}, but the events end "
            f"with {_team_list(expected['winners'], teams)} winning."
        )
    elif state.over:
        problem = f"says the game was abandoned, but the events end with it over ({ends})."
    else:
        problem = "must be null or say abandoned: the events end with the game still going."
    raise BadDataError("result", problem)


def _outcome(status: Sequence[str], teams: Sequence[str]) -> str:
    """Each team's status in words: "Ann & Bob won, Cat & Dan lost"."""
    if all(s == "playing" for s in status):
        return "everyone still playing"
    return ", ".join(f"{name} {_OUTCOME[s]}" for name, s in zip(teams, status, strict=True))


def _team_list(winners: Sequence[int], teams: Sequence[str]) -> str:
    return " and ".join(teams[w] for w in winners) or "nobody"


_WHOLE_KEYS = ("active", "turn")
_TEAM_WHOLE_KEYS = ("life", "poison")


def _same_state(claimed: object, replayed: dict[str, Any], where: str) -> None:
    """BadDataError at the first place the file's state differs from the replayed one.

    The usual case, equal, costs one comparison: `==` alone would take 1.0 or true for 1, so
    the whole numbers are checked to be whole numbers too.
    """
    if claimed == replayed and _whole_where_whole(claimed):
        return
    _first_difference(claimed, replayed, where)


def _is_state(claimed: object, state: State) -> bool:
    """True if `claimed` is the usual state exactly as `state_to_dict(state)` writes it, with
    its whole numbers ints (what `_same_state` accepts), checked without building that dict:
    a state without commander damage or the tie rule. False for anything else, which the full
    comparison then takes (and says what differs, if anything does)."""
    if type(claimed) is not dict or len(claimed) != 3:
        return False
    if state.commander_damage or state.highest_life_only or state.marks is not NO_MARKS:
        return False
    get = claimed.get
    active, turn, teams = get("active"), get("turn"), get("teams")
    if type(active) is not int or active != state.active:
        return False
    if type(turn) is not int or turn != state.turn:
        return False
    if type(teams) is not list or len(teams) != len(state.teams):
        return False
    for mine, team in zip(teams, state.teams, strict=True):
        if type(mine) is not dict or len(mine) != 6:
            return False
        get = mine.get
        life, poison, effects = get("life"), get("poison"), get("effects")
        if (
            type(life) is not int
            or type(poison) is not int
            or type(effects) is not list
            or life != team.life
            or poison != team.poison
            or get("status") != team.status
            or get("reason") != team.reason
            or get("rule") != team.rule
            # No effects (the usual team) is an empty list, without making one to compare.
            or (effects != sorted(team.effects) if team.effects else effects)
        ):
            return False
    return True


class _StateDicts:
    """`state_to_dict` of each state of a replay, made once per state: an undo or a redo
    returns to a state seen before. The dicts are only compared, never changed."""

    def __init__(self) -> None:
        # By identity, holding each state so its id stays its own.
        self._states: dict[int, tuple[State, dict[str, Any]]] = {}

    def of(self, state: State) -> dict[str, Any]:
        known = self._states.get(id(state))
        if known is None:
            known = self._states[id(state)] = (state, state_to_dict(state))
        return known[1]


def _whole_where_whole(state: Any) -> bool:
    """True if a state's whole numbers (equal to the replayed ones) are ints, not floats or
    booleans."""
    for key in _WHOLE_KEYS:
        if type(state[key]) is not int:
            return False
    for team in state["teams"]:
        for key in _TEAM_WHOLE_KEYS:
            if type(team[key]) is not int:
                return False
    marks = state.get("marks")
    if marks is not None:  # its numbers too, wherever they are (a seat, a count)
        return _whole_numbers(marks)
    return True


def _whole_numbers(data: object) -> bool:
    """True if every number in `data` (a JSON value) is an int, not a float or a boolean."""
    if isinstance(data, dict):
        return all(_whole_numbers(v) for v in data.values())
    if isinstance(data, list):
        return all(_whole_numbers(v) for v in data)
    return type(data) is int or not isinstance(data, int | float)


def _first_difference(claimed: object, replayed: object, where: str) -> None:
    """BadDataError at the first place `claimed` differs from `replayed`, in type or value."""
    if isinstance(replayed, dict):
        obj = expect_object(claimed, where, tuple(replayed))
        for key, value in replayed.items():
            _first_difference(obj[key], value, at(where, key))
    elif isinstance(replayed, list):
        items = expect_list(claimed, where)
        if len(items) != len(replayed):
            raise BadDataError(
                where, f"has {len(items)} entries, but replaying gives {len(replayed)}."
            )
        for i, (mine, theirs) in enumerate(zip(items, replayed, strict=True)):
            _first_difference(mine, theirs, at(where, i))
    elif type(claimed) is not type(replayed) or claimed != replayed:
        if isinstance(replayed, str):
            expect_text(claimed, where)
        raise BadDataError(
            where,
            f"the file says {quote(claimed)}, but replaying the events gives {quote(replayed)}.",
        )
