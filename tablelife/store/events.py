"""Events (tournaments) in the journal: an event's settings and its log of records, and the
one way to take a step — checked against the event first, then journaled, then taken.

Shared by the desk (through `EventModel`) and the command line (`tablelife event ...`), so both
follow the same rules and leave the same records. Qt-free.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Any

from tablelife.store.errors import BadDataError, BrokenChainError
from tablelife.store.journal import Journal
from tablelife.store.records import LogRow
from tablelife.store.rows import tournament_where
from tablelife.tournament.event import EventError, EventSettings, Tournament, replay


def new_event(journal: Journal, settings: EventSettings, teams: list[str]) -> int:
    """Creates an event with its teams; returns its id. EventError for a bad team list (a
    blank or duplicate name), with nothing written."""
    trial = Tournament(settings)
    for team in teams:
        trial.apply("team_added", {"team": team}, time.time())
    event_id = journal.new_tournament(settings.name, settings.to_dict())
    for team in trial.teams:
        journal.log(event_id, "team_added", {"team": team})
    return event_id


def load_event(journal: Journal, event_id: int) -> Tournament:
    """The event as its journaled records make it. BadDataError if they don't add up."""
    with journal.snapshot():  # its row and its log as of one moment
        return _replayed(journal, event_id, journal.tournament_log(event_id))


def load_trusted_event(
    journal: Journal, event_id: int
) -> tuple[Tournament, BrokenChainError | None]:
    """The event as `load_event` makes it, and None; or, when its log's checksum chain breaks
    at an entry (changed outside Tablelife, or by the disk), the event as the entries before
    that one make it, and why: what a desk shows read-only and a reading command prints,
    rather than nothing at all. BadDataError as `load_event` otherwise (the event's own name
    or settings don't match, an entry can't be read)."""
    with journal.snapshot():
        try:
            return load_event(journal, event_id), None
        except BrokenChainError as broken:
            if broken.seq is None:
                raise
            entries = journal.tournament_log(event_id, verify=False)
            trusted = [e for e in entries if e.seq < broken.seq]
            return _replayed(journal, event_id, trusted), broken


def _replayed(journal: Journal, event_id: int, entries: Sequence[LogRow]) -> Tournament:
    row = journal.tournament(event_id)
    try:
        settings = EventSettings.from_dict(row.settings)
        return replay(settings, [(r.kind, r.data, r.time) for r in entries])
    except EventError as exc:
        raise BadDataError(tournament_where(event_id), str(exc)) from None


def take_step(
    journal: Journal,
    event_id: int,
    event: Tournament,
    kind: str,
    data: Mapping[str, Any],
    when: float | None = None,
) -> Tournament:
    """One step of an event: tried on a copy first (EventError, nothing written, if it can't
    happen), then journaled (JournalError, nothing changed, if it can't be saved), then
    returned as the event after it."""
    at = time.time() if when is None else when
    trial = event.copy()
    trial.apply(kind, data, at)
    journal.log(event_id, kind, dict(data), when=at)
    if kind == "result_cleared" and event.finished:
        journal.reopen_tournament(event_id)
    if kind == "result" and trial.complete and not trial.finished:
        # The last result of the last round: the event is over, and says so in the journal.
        trial.apply("finished", {}, at)
        journal.log(event_id, "finished", {}, when=at)
        journal.finish_tournament(event_id, when=at)
    return trial


def newest_running_event(journal: Journal) -> int | None:
    """The newest event not yet finished, or None."""
    for row in journal.tournaments():
        if not row.is_finished:
            return row.id
    return None
