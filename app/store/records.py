"""The records the journal stores and returns: a game's setup, a game row and an event row."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from app.rules import Change, Variant
from app.rules.setup import GameSetup

EventKind = Literal["apply", "undo", "redo"]
EVENT_KINDS: tuple[EventKind, ...] = ("apply", "undo", "redo")
"""An "apply" event carries its changes; "undo" and "redo" carry none. All are journaled."""


@dataclass(frozen=True)
class GameRow:
    """One game in the journal. `ended` and `result` are None while the game is unfinished.

    `started` and `ended` are Unix times in seconds. `result` is JSON-ready data such as
    {"status": ["won", "lost"], "winners": [0]} (see `codec.result_of`). `imported` is True
    for a game added from a file rather than played here.
    """

    id: int
    setup: GameSetup
    started: float
    ended: float | None = None
    result: dict[str, Any] | None = None
    imported: bool = False

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


@dataclass(frozen=True)
class EventRow:
    """One journaled event: `seq` counts 1, 2, 3... within its game; `time` is Unix seconds.

    `changes` is empty for "undo" and "redo".
    """

    game_id: int
    seq: int
    time: float
    kind: EventKind
    changes: tuple[Change, ...] = ()
