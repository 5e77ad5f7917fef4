"""A step of a game at a table (kitchen or event): an event (apply), an undo or a redo,
written with the game's end (or its end taken back) and whatever the step means beyond the
table, in one transaction; and a kitchen match's next game, begun with who chooses who starts
(CR 103.1) in one transaction too. Light on purpose: a kitchen window loads it at start."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TypeVar

from tablelife.rules import Change, Game, StartingTeam, State, match_chooser
from tablelife.rules.setup import GameSetup
from tablelife.rules.values import frozen
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


Pick = Callable[[int], int]
"""A random whole number from 0 up to (not including) its argument: `secrets.randbelow`."""


@frozen
class NextGame:
    """The next game of a match at a kitchen table (CR 103.1): its setup (the same players,
    the starting team of a fresh die roll), the first event that says who chooses who starts
    (empty when nobody in particular does), the team that chooses, and why: "loser" (it lost
    the last game), "last" (the last game was a draw and it chose then), "several" (several
    players lost: the table chooses, or rolls), "nobody" (a draw nobody chose the start of)."""

    setup: GameSetup
    first: tuple[Change, ...]
    chooser: int | None
    why: str


def plan_next_game(setup: GameSetup, previous: Game, pick: Pick = secrets.randbelow) -> NextGame:
    """Who chooses who starts the match's next game, by the rule the desk's tables follow
    too (`rules.match_chooser`: CR 103.1, MTR 2.2): the loser of `previous`, or after a draw
    whoever chose then. That team starts unless it chooses otherwise; with nobody to choose,
    a die roll starts, as a new game's does."""
    teams = setup.variant.teams
    status = [previous.status(t) for t in range(teams)]
    last = previous.chooser
    chooser = match_chooser(status, last)
    fresh = replace(setup, starting=pick(teams))
    if chooser is None:
        why = "several" if previous.winners else "nobody"
        return NextGame(fresh, (), None, why)
    why = "loser" if previous.winners else "last"
    return NextGame(fresh, (StartingTeam(chooser, chooser),), chooser, why)


def begin_game(
    journal: Journal, setup: GameSetup, first: Sequence[Change] = (), *, when: float
) -> int:
    """A new game and, when given, its first event, in ONE transaction (the match's next
    game and who chooses its start). JournalError with nothing written. (`first` comes from
    `plan_next_game`: a RuleError here would be a bug, raised before anything is written.)"""
    after = setup.new_game().preview(*first, when=when).after if first else None

    def write() -> int:
        game_id = journal.new_game(setup, started=when)
        if after is not None:
            journal.append(game_id, "apply", first, when=when, after=dump_state(after))
        return game_id

    return journal.run(write)
