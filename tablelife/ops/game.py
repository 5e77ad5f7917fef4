"""A step of a game at a table (kitchen or event): an event (apply), an undo or a redo,
written with the game's end (or its end taken back) and whatever the step means beyond the
table, in one transaction. Light on purpose: a kitchen window loads it at start."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from tablelife.rules import Change, State
from tablelife.store import EventKind, Journal, result_of
from tablelife.store.resume import dump_state

_T = TypeVar("_T")


def save_step(
    journal: Journal,
    game_id: int,
    kind: EventKind,
    changes: Sequence[Change],
    when: float,
    after: State,
    *,
    was_over: bool,
    beyond: Callable[[], _T] | None = None,
) -> _T | None:
    """One step at a table, in ONE transaction: its event ("apply" with its changes, "undo"
    or "redo"), the state after it, the game's end when the step ends it (or, `was_over`,
    the end taken back), and `beyond`, what the step means beyond the table (at an event:
    the table's result, the match's next game), whose return is returned. JournalError with
    nothing written."""

    def write() -> _T | None:
        journal.append(game_id, kind, changes, when=when, after=dump_state(after))
        if after.over != was_over:
            if after.over:
                journal.finish(game_id, result_of(after), when=when)
            else:
                journal.reopen(game_id)
        return beyond() if beyond is not None else None

    return journal.run(write)


def mark_partners(journal: Journal, game_id: int, player: int, on: bool) -> None:
    """A player marked as playing partner commanders, or the mark taken off, kept with the
    game (one transaction). JournalError with nothing written."""
    journal.mark_partners(game_id, player, on)
