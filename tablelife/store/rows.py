"""Raw journal rows into records, and the checks on their checksum chains.

The journal's connection returns text as bytes, so a damaged row never fails inside SQLite's
driver ("Could not decode to UTF-8"): each field is decoded here, and anything wrong with it
(invalid UTF-8, bad JSON, a wrong type, a value the rules refuse) becomes a `DamagedError`
naming the game (or event), the journal event and the field.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from tablelife.rules import Change
from tablelife.rules.i18n import arg
from tablelife.rules.values import frozen
from tablelife.store import chain
from tablelife.store.codec import (
    changes_from_list,
    expect_time,
    expect_whole,
    result_from,
    setup_from,
    usual_changes,
)
from tablelife.store.errors import BadDataError, BrokenChainError, DamagedError, JournalWords
from tablelife.store.records import EVENT_KINDS, EventKind, EventRow, GameRow, LogRow, TournamentRow

GAME_COLUMNS = (
    "id",
    "variant",
    "names",
    "team_names",
    "starting",
    "house_rules",
    "preset",
    "started",
    "ended",
    "result",
    "imported",
    "tournament_id",
    "round",
    "table_number",
    "played",
    "checksum",
    "head",
    "end_checksum",
)
EVENT_COLUMNS = ("game_id", "seq", "time", "kind", "changes", "checksum")
TOURNAMENT_COLUMNS = (
    "id",
    "name",
    "settings",
    "created",
    "finished",
    "checksum",
    "head",
    "end_checksum",
)
LOG_COLUMNS = ("tournament_id", "seq", "time", "kind", "data", "checksum")


def _changed() -> str:
    """Why a checksum fails, in the reader's language."""
    return JournalWords.tr("it was changed outside Tablelife, or the disk damaged it")


def _mismatch() -> str:
    return arg(JournalWords.tr("does not match its checksum: %1."), _changed())


def game_where(game_id: object) -> str:
    """ "game 3 in the journal", in the reader's language: where a damaged row is."""
    return arg(JournalWords.tr("game %1 in the journal"), game_id)


def event_where(game_id: object, seq: object) -> str:
    """ "game 3 in the journal, event 5": a game's journal event."""
    return arg(JournalWords.tr("%1, event %2"), game_where(game_id), seq)


def tournament_where(tournament_id: object) -> str:
    """ "event 2 in the journal": an event (tournament)."""
    return arg(JournalWords.tr("event %1 in the journal"), tournament_id)


def entry_where(tournament_id: object, seq: object) -> str:
    """ "event 2 in the journal, log entry 7"."""
    return arg(JournalWords.tr("%1, log entry %2"), tournament_where(tournament_id), seq)


def text(raw: object, where: str) -> str:
    """A stored text field as str; BadDataError if it is not valid UTF-8 or not text."""
    if isinstance(raw, bytes):
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            raise BadDataError(
                where, JournalWords.tr("is not valid UTF-8 text: the file is damaged.")
            ) from None
    if isinstance(raw, str):
        return raw
    raise BadDataError(where, arg(JournalWords.tr("must be text, not %1."), f"{raw!r:.40}"))


def load(raw: object, where: str) -> Any:
    """A stored JSON field as data; BadDataError if it is not valid JSON text."""
    if not isinstance(raw, bytes | str):
        raise BadDataError(where, JournalWords.tr("is not JSON text."))
    decoded = text(raw, where)
    try:
        return json.loads(decoded)
    except (ValueError, RecursionError) as exc:
        raise BadDataError(where, arg(JournalWords.tr("is not valid JSON (%1)."), exc)) from None


def optional_whole(raw: object, where: str) -> int | None:
    """A nullable whole-number column (at least 1)."""
    return None if raw is None else expect_whole(raw, where, 1)


def stored_sum(raw: object) -> bytes:
    """A stored checksum as bytes, for comparing ("" when the column is empty or null)."""
    if isinstance(raw, bytes):
        return raw
    if isinstance(raw, str):
        return raw.encode("utf-8", "surrogatepass")
    return b"" if raw is None else repr(raw).encode()


def shown_sum(raw: object) -> str:
    """A stored checksum as text for a person or an export."""
    return stored_sum(raw).decode("ascii", "replace")


# ----- games and their events ---------------------------------------------------------------


@frozen
class StoredGame:
    """A decoded games row, with what its chain must be."""

    row: GameRow
    start: str  # the chain's start computed from the setup
    end: str  # the seal computed from the end time and result
    checksum: bytes  # ... and the values stored with it
    head: bytes
    end_checksum: bytes


def decode_game(raw: Sequence[Any]) -> StoredGame:
    """A `GAME_COLUMNS` row as a `StoredGame`; DamagedError naming the game and the field."""
    (gid, variant, names, teams, starting, house, preset, started, ended, result, imported) = raw[
        :11
    ]
    tournament, round_number, table, _played, checksum, head, end_checksum = raw[11:]
    try:
        variant_data = load(variant, "variant")
        names_data = load(names, "players")
        teams_data = load(teams, "teams")
        preset_text = None if preset is None else text(preset, "preset")
        setup = setup_from(variant_data, names_data, teams_data, starting, preset_text)
        result_data = None if result is None else load(result, "result")
        row = GameRow(
            id=expect_whole(gid, "id"),
            setup=setup,
            started=expect_time(started, "started"),
            ended=None if ended is None else expect_time(ended, "ended"),
            result=None if result_data is None else result_from(result_data, setup.variant.teams),
            imported=bool(imported),  # its CHECK keeps it 0 or 1; the chain covers a flip
            tournament_id=optional_whole(tournament, "tournament"),
            round=optional_whole(round_number, "round"),
            table=optional_whole(table, "table"),
        )
    except BadDataError as exc:
        raise DamagedError(f"{game_where(gid)}, {exc.where}", exc.problem, game_id=gid) from None
    start = chain.game_start(
        gid,
        variant_data,
        names_data,
        teams_data,
        chain.plain(starting),
        chain.plain(house),
        preset_text,
        chain.plain(started),
        chain.plain(imported),
        chain.plain(tournament),
        chain.plain(round_number),
        chain.plain(table),
    )
    end = chain.game_end(start.encode(), chain.plain(ended), result_data)
    return StoredGame(
        row, start, end, stored_sum(checksum), stored_sum(head), stored_sum(end_checksum)
    )


class StoredEvent(NamedTuple):
    """A decoded events row, with its content as hashed and its stored checksum (a tuple:
    a game's 20,000 of them are made in one go)."""

    event: EventRow
    changes: Any  # the JSON data of its changes, as the chain hashes it
    checksum: bytes
    canonical: bytes  # `chain.canonical(changes)`: the bytes the chain hashes for them


Decoded = tuple[Any, tuple[Change, ...], bytes]
"""A changes column as JSON data, as changes, and in the chain's canonical form."""


def decode_event(game_id: int, raw: Sequence[Any]) -> StoredEvent:
    """A (seq, time, kind, changes, checksum) row; DamagedError naming the game and event.
    (`decode_events` decodes a game's rows, the usual ones in fewer steps.)"""
    seq, stamp, kind, changes, checksum = raw
    try:
        kind_text = text(kind, "kind")
        if kind_text not in EVENT_KINDS:
            raise BadDataError(
                "kind", arg(JournalWords.tr("unknown event kind %1."), f"{kind_text!r:.40}")
            )
        data = load(changes, "changes")
        decoded = changes_from_list(data, "changes")
        if (kind_text == "apply") != bool(decoded):
            raise BadDataError(
                "changes",
                arg(JournalWords.tr("an %1 event can't have %2 changes."), kind_text, len(decoded)),
            )
        event = EventRow(
            game_id=game_id,
            seq=expect_whole(seq, "seq", 1),
            time=expect_time(stamp, "time"),
            kind=kind_text,
            changes=decoded,
            checksum=shown_sum(checksum),
        )
    except BadDataError as exc:
        raise DamagedError(
            f"{event_where(game_id, seq)}, {exc.where}",
            exc.problem,
            game_id=game_id,
            seq=seq if isinstance(seq, int) else None,
        ) from None
    return StoredEvent(event, data, stored_sum(checksum), chain.canonical(data))


_KIND_TEXTS: dict[object, EventKind] = {kind.encode(): kind for kind in EVENT_KINDS}
"""Each event kind as the connection returns it (bytes), and as text."""


def decode_events(game_id: int, raw: Sequence[Sequence[Any]]) -> list[StoredEvent]:
    """`decode_event` of each of a game's rows, in order: the usual row in a few steps, its
    changes text decoded once per distinct text (a long game repeats the same few taps; the
    changes are immutable, so events share them); anything else by `decode_event`, which
    decodes it the same way or says what is wrong with it. The connection returns text as
    bytes (see the module's docstring)."""
    memo: dict[object, Decoded] = {}
    parts: dict[bytes, Decoded | None] = {}
    out: list[StoredEvent] = []
    append = out.append
    for row in raw:
        seq, stamp, kind, changes, checksum = row
        known = memo.get(changes)
        if known is None:
            known = _usual_changes_text(changes, parts) if type(changes) is bytes else None
            if known is None:
                try:
                    data = load(changes, "changes")
                    decoded = changes_from_list(data, "changes")
                except BadDataError:
                    pass  # `decode_event` says what is wrong, and where
                else:
                    known = data, decoded, chain.canonical(data)
            if known is not None:
                memo[changes] = known
        kind_text = _KIND_TEXTS.get(kind)
        if (
            known is None
            or kind_text is None
            or (kind_text == "apply") != bool(known[1])
            or type(seq) is not int
            or seq < 1
            or type(stamp) is not float
            or not 0.0 <= stamp < math.inf
            or type(checksum) is not bytes
        ):
            append(decode_event(game_id, row))
            continue
        event = EventRow(
            game_id, seq, stamp, kind_text, known[1], checksum.decode("ascii", "replace")
        )
        append(StoredEvent(event, known[0], checksum, known[2]))
    return out


_scan: Callable[[str, int], tuple[Any, int]] = json.JSONDecoder().scan_once  # type: ignore[attr-defined]
"""`json.loads` without its checks for spaces around the value: (value, where it ended)."""


def _usual_changes_text(text: bytes, parts: dict[bytes, Decoded | None]) -> Decoded | None:
    """A changes column as the journal writes the usual changes, `[{...},{...}]`, decoded
    object by object, each distinct object once (a long game's 7,000 distinct columns are
    made of a few hundred distinct changes): what `load` and `changes_from_list` make of it,
    and its canonical form. None for anything else (and for any object not decoded the
    usual way), which they then decode, or say what is wrong.

    Split at each "},{" (where a text inside a change may hold one too): when every piece,
    put back in its braces, is one whole JSON object, the column is exactly the array of
    them, whatever the split cut through; otherwise it is left to `load`.
    """
    if text[:2] != b"[{" or text[-2:] != b"}]":
        return None
    data = []
    changes: list[Change] = []
    canonical = []
    for piece in text[2:-2].split(b"},{"):
        if piece in parts:
            known = parts[piece]
        else:
            known = parts[piece] = _usual_change_text(piece)
        if known is None:
            return None
        data.append(known[0])
        changes += known[1]
        canonical.append(known[2])
    return data, tuple(changes), b"[" + b",".join(canonical) + b"]"


def _usual_change_text(piece: bytes) -> Decoded | None:
    """One change of `_usual_changes_text`, without its braces: its JSON object, the change
    (a tuple of one) and the object's canonical form; None unless it is the usual one."""
    try:
        text = "{" + piece.decode("utf-8") + "}"
        item, end = _scan(text, 0)
    except (ValueError, StopIteration, RecursionError):
        return None
    if end != len(text):
        return None
    change = usual_changes([item])
    if change is None:
        return None
    return item, change, chain.canonical(item)


def game_chain_problem(game: StoredGame, events: Sequence[StoredEvent]) -> BrokenChainError | None:
    """The first place a game's checksum chain breaks, or None if it holds."""
    gid = game.row.id
    where = game_where(gid)
    if game.checksum != game.start.encode():
        return BrokenChainError(
            where,
            arg(
                JournalWords.tr(
                    "its setup (variant, names, teams, start) does not match its checksum: %1."
                ),
                _changed(),
            ),
            game_id=gid,
        )
    previous = game.start.encode()
    number = 0
    for number, stored in enumerate(events, 1):
        event = stored.event
        if event.seq != number:
            return BrokenChainError(
                event_where(gid, number),
                arg(JournalWords.tr("is missing: the next one stored is event %1."), event.seq),
                game_id=gid,
                seq=number,
            )
        previous = chain.event_link(
            previous, event.seq, event.time, event.kind, stored.changes, stored.canonical
        ).encode()
        if stored.checksum != previous:
            return BrokenChainError(
                event_where(gid, event.seq),
                _mismatch(),
                game_id=gid,
                seq=event.seq,
            )
    if game.head != previous:
        return BrokenChainError(
            event_where(gid, number + 1),
            arg(
                JournalWords.tr(
                    "is missing: the game's last checksum is not that of event %1, so events "
                    "after it were lost, or %2."
                ),
                number,
                _changed(),
            ),
            game_id=gid,
            seq=number + 1,
        )
    if game.end_checksum != game.end.encode():
        return BrokenChainError(
            arg(JournalWords.tr("%1, result"), where),
            arg(
                JournalWords.tr("its end time or result does not match its checksum: %1."),
                _changed(),
            ),
            game_id=gid,
        )
    return None


# ----- events (tournaments) and their logs --------------------------------------------------


@frozen
class StoredTournament:
    """A decoded tournaments row, with what its chain must be."""

    row: TournamentRow
    start: str
    end: str
    checksum: bytes
    head: bytes
    end_checksum: bytes


def decode_tournament(raw: Sequence[Any]) -> StoredTournament:
    """A `TOURNAMENT_COLUMNS` row; DamagedError naming the event and the field."""
    tid, name, settings, created, finished, checksum, head, end_checksum = raw
    try:
        name_text = text(name, "name")
        settings_data = load(settings, "settings")
        row = TournamentRow(
            id=expect_whole(tid, "id"),
            name=name_text,
            settings=_object(settings_data, "settings"),
            created=expect_time(created, "created"),
            finished=None if finished is None else expect_time(finished, "finished"),
        )
    except BadDataError as exc:
        raise DamagedError(
            f"{tournament_where(tid)}, {exc.where}", exc.problem, tournament_id=tid
        ) from None
    start = chain.tournament_start(tid, name_text, settings_data, chain.plain(created))
    end = chain.tournament_end(start.encode(), chain.plain(finished))
    return StoredTournament(
        row, start, end, stored_sum(checksum), stored_sum(head), stored_sum(end_checksum)
    )


def _object(value: object, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise BadDataError(where, JournalWords.tr("must be a JSON object."))
    return value


@frozen
class StoredLog:
    """A decoded tournament_log row, with its data as hashed and its stored checksum."""

    entry: LogRow
    data: Any
    checksum: bytes


def decode_log(tournament_id: int, raw: Sequence[Any]) -> StoredLog:
    """A (seq, time, kind, data, checksum) row; DamagedError naming the event and entry."""
    seq, stamp, kind, data, checksum = raw
    try:
        value = load(data, "data")
        entry = LogRow(
            tournament_id=tournament_id,
            seq=expect_whole(seq, "seq", 1),
            time=expect_time(stamp, "time"),
            kind=text(kind, "kind"),
            data=_object(value, "data"),
            checksum=shown_sum(checksum),
        )
    except BadDataError as exc:
        raise DamagedError(
            f"{entry_where(tournament_id, seq)}, {exc.where}",
            exc.problem,
            tournament_id=tournament_id,
            seq=seq if isinstance(seq, int) else None,
        ) from None
    return StoredLog(entry, value, stored_sum(checksum))


def tournament_chain_problem(
    stored: StoredTournament, entries: Sequence[StoredLog]
) -> BrokenChainError | None:
    """The first place an event's log chain breaks, or None if it holds."""
    tid = stored.row.id
    where = tournament_where(tid)
    if stored.checksum != stored.start.encode():
        return BrokenChainError(
            where,
            arg(
                JournalWords.tr("its name or settings do not match its checksum: %1."),
                _changed(),
            ),
            tournament_id=tid,
        )
    previous = stored.start
    number = 0
    for number, log in enumerate(entries, 1):
        entry = log.entry
        if entry.seq != number:
            return BrokenChainError(
                entry_where(tid, number),
                arg(JournalWords.tr("is missing: the next one stored is entry %1."), entry.seq),
                tournament_id=tid,
                seq=number,
            )
        previous = chain.log_link(previous.encode(), entry.seq, entry.time, entry.kind, log.data)
        if log.checksum != previous.encode():
            return BrokenChainError(
                entry_where(tid, entry.seq),
                _mismatch(),
                tournament_id=tid,
                seq=entry.seq,
            )
    if stored.head != previous.encode():
        return BrokenChainError(
            entry_where(tid, number + 1),
            arg(
                JournalWords.tr(
                    "is missing: the event's last checksum is not that of entry %1, so entries "
                    "after it were lost, or %2."
                ),
                number,
                _changed(),
            ),
            tournament_id=tid,
            seq=number + 1,
        )
    if stored.end_checksum != stored.end.encode():
        return BrokenChainError(
            arg(JournalWords.tr("%1, finished"), where),
            arg(
                JournalWords.tr("when it finished does not match its checksum: %1."),
                _changed(),
            ),
            tournament_id=tid,
        )
    return None
