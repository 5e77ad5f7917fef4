"""Replay: rebuild a `Game` from a journaled game and its events.

apply → `Game.apply(*changes)`, undo → `Game.undo()`, redo → `Game.redo()`, in seq order. The
result has exactly the state, history and undo/redo stacks the game had when the last event
was journaled.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from tablelife.rules import Change, Event, Game, RuleError, State
from tablelife.rules.i18n import arg
from tablelife.store.errors import BadDataError, JournalWords
from tablelife.store.records import EventKind, EventRow, GameRow
from tablelife.store.rows import event_where


class Step(NamedTuple):
    """One replayed event: the state after it, the rules' notes, for an undo or a redo the seq
    of the apply event it undid or redid, and for an apply the rules' `Event` (which says what
    its changes did and did not do). A tuple: a replay makes one per event."""

    event: EventRow
    after: State
    notes: tuple[str, ...] = ()
    target: int | None = None
    applied: Event | None = None


class Replayer:
    """Steps a `Game` through journaled events, remembering which seq made which event."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._seqs: list[int] = []  # the seq of each apply event in the game's event list

    def step(
        self, seq: int, kind: EventKind, changes: Sequence[Change], when: float = 0.0
    ) -> tuple[Event | None, int | None]:
        """Replays one event (applied at `when`); returns (the applied `Event` or None, the
        target seq of an undo or a redo or None). RuleError if it can't happen."""
        game = self.game
        pos = game.position
        if kind == "apply":
            applied = game.record(game.preview(*changes, when=when))  # `apply`, a call fewer
            del self._seqs[pos:]
            self._seqs.append(seq)
            return applied, None
        if kind == "undo":
            if not game.undo():
                raise RuleError(JournalWords.tr("There is nothing to undo."))
            return None, self._seqs[pos - 1]
        if kind == "redo":
            if not game.redo():
                raise RuleError(JournalWords.tr("There is nothing to redo."))
            return None, self._seqs[pos]
        raise RuleError(arg(JournalWords.tr("Unknown event kind %1."), repr(kind)))


def walk(row: GameRow, events: Sequence[EventRow]) -> tuple[Game, list[Step]]:
    """Replays a game's events; returns the game and one `Step` per event.

    Raises BadDataError naming the game and event if the events are out of order or break
    the rules.
    """
    replayer = Replayer(row.setup.new_game())
    game = replayer.game
    step = replayer.step
    steps: list[Step] = []
    append = steps.append
    gid = row.id
    for number, event in enumerate(events, 1):
        if event.game_id != gid:
            raise ValueError(f"Event {event.seq} belongs to game {event.game_id}, not {gid}.")
        if event.seq != number:
            raise BadDataError(
                event_where(gid, event.seq),
                arg(JournalWords.tr("expected event %1 here: events are missing."), number),
            )
        try:
            applied, target = step(event.seq, event.kind, event.changes, event.time)
        except RuleError as exc:
            # Named only here: building the words for every event was a tenth of a replay.
            raise BadDataError(event_where(gid, event.seq), str(exc)) from None
        if applied is None:
            append(Step(event, game.state, (), target, None))
        else:
            append(Step(event, applied.after, applied.notes, None, applied))
    return game, steps


def replay(row: GameRow, events: Sequence[EventRow]) -> Game:
    """The game as it was after its last journaled event (state, history, undo and redo).

    Raises BadDataError naming the game and event if the journal's events can't be replayed.
    """
    return walk(row, events)[0]


def advance(game: Game, events: Sequence[EventRow]) -> list[State]:
    """Steps `game` on by events journaled after the ones it has seen (another device's
    steps at its table, `Journal.events_since`), as a replay would; returns the state after
    each. BadDataError naming the game and event if one can't happen (the game is then as
    far as it got)."""
    states = []
    for event in events:
        try:
            if event.kind == "apply":
                game.record(game.preview(*event.changes, when=event.time))
            elif event.kind == "undo":
                if not game.undo():
                    raise RuleError(JournalWords.tr("There is nothing to undo."))
            elif not game.redo():
                raise RuleError(JournalWords.tr("There is nothing to redo."))
        except RuleError as exc:
            raise BadDataError(event_where(event.game_id, event.seq), str(exc)) from None
        states.append(game.state)
    return states
