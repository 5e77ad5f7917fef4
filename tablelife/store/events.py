"""Events (tournaments) in the journal, read: an event as its log of records makes it (or as
far as its log can be trusted), and the newest one still running. Each read sees one moment
of the file. The steps that write an event are `tablelife.ops.event`'s. Qt-free.
"""

from __future__ import annotations

from collections.abc import Sequence

from tablelife.store.errors import BadDataError, BrokenChainError
from tablelife.store.journal import Journal
from tablelife.store.records import LogRow
from tablelife.store.rows import tournament_where
from tablelife.tournament.event import EventError, EventSettings, Tournament, replay


def load_event(journal: Journal, event_id: int) -> Tournament:
    """The event as its journaled records make it. BadDataError if they don't add up."""
    with journal.snapshot():  # its row and its log as of one moment
        event = _replayed(journal, event_id, journal.tournament_log(event_id))
    journal._loaded(event_id, event)
    return event


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


def newest_running_event(journal: Journal) -> int | None:
    """The newest event not yet finished, or None."""
    for row in journal.tournaments():
        if not row.is_finished:
            return row.id
    return None
