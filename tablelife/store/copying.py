"""Copying an event, with its games, from one journal to another: a data folder's to a store's
server, or back (`tablelife event copy`). Every row goes as it is, its checksums kept, so the
copy verifies as the original does and reads the same; the ids too, since the checksums cover
them. Qt-free.

The event is checked first (its log's chain and every game's), and written in ONE transaction
on the other side, checked again there before it commits: all of it or nothing. The same event
already there (its id and its first checksum) is refused; so is an id the other side already
uses for another event or game.
"""

from __future__ import annotations

from tablelife.rules.i18n import arg
from tablelife.store.errors import (
    AlreadyThereError,
    BadDataError,
    CopyRefusedError,
    JournalWords,
)
from tablelife.store.journal import Journal
from tablelife.store.records import EventRows

__all__ = ["AlreadyThereError", "CopyRefusedError", "EventRows", "copy_event", "read_event"]


def read_event(journal: Journal, event_id: int) -> EventRows:
    """The event's rows from `journal`, as of one moment, once its log and every game of it
    verify; CopyRefusedError (naming what is wrong) when one doesn't."""
    with journal.snapshot():
        problem = journal.verify_tournament(event_id)
        games, damaged = journal.tournament_games(event_id)
        problems: list[BadDataError] = [p for p in (problem, *damaged) if p is not None]
        problems += [p for p in (journal.verify(g.id) for g in games) if p is not None]
        if problems:
            raise CopyRefusedError(
                arg(
                    JournalWords.tr("The event can't be copied as it is: %1"),
                    " ".join(str(problems[0]).split()),
                )
            )
        return journal.event_rows(event_id)


def write_event(journal: Journal, rows: EventRows) -> None:
    """Adds the event's rows to `journal` in ONE step (`Journal.add_event_rows`)."""
    journal.run(lambda: journal.add_event_rows(rows))


def copy_event(source: Journal, target: Journal, event_id: int) -> EventRows:
    """Copies an event and its games from `source` to `target`; returns what was copied."""
    rows = read_event(source, event_id)
    write_event(target, rows)
    return rows
