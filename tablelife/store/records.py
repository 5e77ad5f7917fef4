"""The records the journal stores and returns: games and their events, and events
(tournaments) and their logs."""

from __future__ import annotations

from dataclasses import field
from typing import Any, Literal

from tablelife.rules import Change, Variant
from tablelife.rules.setup import GameSetup
from tablelife.rules.values import frozen
from tablelife.store.errors import BrokenChainError

EventKind = Literal["apply", "undo", "redo"]
EVENT_KINDS: tuple[EventKind, ...] = ("apply", "undo", "redo")
"""An "apply" event carries its changes; "undo" and "redo" carry none. All are journaled."""


@frozen
class GameRow:
    """One game in the journal. `ended` and `result` are None while the game is unfinished.

    `started` and `ended` are Unix times in seconds. `result` is JSON-ready data such as
    {"status": ["won", "lost"], "winners": [0]} (see `codec.result_of`). `imported` is True
    for a game added from a file rather than played here. A game played at an event
    (tournament) names it in `tournament_id`, with its `round` and `table` number; a kitchen
    game has all three None.
    """

    id: int
    setup: GameSetup
    started: float
    ended: float | None = None
    result: dict[str, Any] | None = None
    imported: bool = False
    tournament_id: int | None = None
    round: int | None = None
    table: int | None = None

    @property
    def variant(self) -> Variant:
        """The game's variant."""
        return self.setup.variant

    @property
    def names(self) -> tuple[str, ...]:
        """One name per seat."""
        return self.setup.names

    @property
    def team_names(self) -> tuple[str, ...]:
        """One name per team."""
        return self.setup.team_names

    @property
    def starting(self) -> int:
        """The team (in free-for-all, the player) that took the first turn."""
        return self.setup.starting

    @property
    def preset(self) -> str | None:
        """The preset the game was started from, if any."""
        return self.setup.preset

    @property
    def house_rules(self) -> bool:
        """True when starting life or the poison limit differ from the rules."""
        return self.setup.house_rules

    @property
    def finished(self) -> bool:
        """True once the game has been marked finished (and not reopened since)."""
        return self.ended is not None

    @property
    def kitchen(self) -> bool:
        """True for a game played here outside any event (not imported, not at an event)."""
        return self.tournament_id is None and not self.imported


@frozen
class EventRow:
    """One journaled event: `seq` counts 1, 2, 3... within its game; `time` is Unix seconds.

    `changes` is empty for "undo" and "redo". `checksum` is the SHA-256 chain value stored
    with it (`tablelife.store.chain`), "" in a journal older than schema 3.
    """

    game_id: int
    seq: int
    time: float
    kind: EventKind
    changes: tuple[Change, ...] = ()
    checksum: str = field(default="", compare=False)


@frozen
class LoadedGame:
    """A game read in full: its row, its events, and whether its checksum chain holds.

    `problem` is None when every checksum matches (or the journal predates checksums);
    otherwise it names the first row that doesn't, and the game should open read-only.
    `checksum` and `end_checksum` are the chain values stored with the game ("" before
    schema 3): the chain's start (over its setup) and the seal over its end and result.
    """

    row: GameRow
    events: tuple[EventRow, ...]
    problem: BrokenChainError | None = None
    checksum: str = ""
    end_checksum: str = ""


@frozen
class TournamentRow:
    """One event (tournament) in the journal: its name, its settings (JSON-ready data whose
    meaning belongs to the event layer), when it was created and when finished (Unix
    seconds; None while it runs)."""

    id: int
    name: str
    settings: dict[str, Any]
    created: float
    finished: float | None = None

    @property
    def is_finished(self) -> bool:
        """True once the event has been marked finished."""
        return self.finished is not None


@frozen
class LogRow:
    """One entry of an event's append-only log: `seq` counts 1, 2, 3... within the event;
    `kind` and `data` mean what the event layer says they mean (team added, round paired,
    result, clock...). `checksum` chains it to the entry before."""

    tournament_id: int
    seq: int
    time: float
    kind: str
    data: dict[str, Any]
    checksum: str = field(default="", compare=False)


@frozen
class EventRows:
    """An event's rows as they are stored: its own (`TOURNAMENT_COLUMNS`), its log
    (`LOG_COLUMNS`), its games (`GAME_COLUMNS` but `played`, in the order they were played),
    their events (`EVENT_COLUMNS` and `after`) and partner marks."""

    tournament: tuple[Any, ...]
    log: tuple[tuple[Any, ...], ...]
    games: tuple[tuple[Any, ...], ...]
    events: tuple[tuple[Any, ...], ...]
    marks: tuple[tuple[Any, ...], ...]
