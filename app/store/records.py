"""The records the journal stores and returns: a game's setup, a game row and an event row."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from app.rules import Change, FreeForAll, Game, RuleError, TwoHeadedGiant, Variant

EventKind = Literal["apply", "undo", "redo"]
EVENT_KINDS: tuple[EventKind, ...] = ("apply", "undo", "redo")
"""An "apply" event carries its changes; "undo" and "redo" carry none. All are journaled."""


@dataclass(frozen=True)
class GameSetup:
    """What a new game starts from: variant, seat names, team names, starting team, preset.

    `names` holds one name per seat, in seat order. `team_names` holds one per team; left
    empty, each team is named after its players ("Ann & Bob"). `starting` is the team (in
    free-for-all, the player) that takes the first turn. Raises RuleError, naming what is wrong,
    if the parts don't fit together.
    """

    variant: Variant
    names: tuple[str, ...]
    team_names: tuple[str, ...] = ()
    starting: int = 0
    preset: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.variant, TwoHeadedGiant | FreeForAll):
            raise RuleError(f"Unknown variant {self.variant!r}.")
        names = tuple(self.names)
        for name in names:
            if not isinstance(name, str):
                raise RuleError(f"A player's name must be text, not {name!r}.")
        game = Game(self.variant, names, self.starting)  # checks the count and the starting team
        teams = tuple(self.team_names) or tuple(
            game.team_name(t) for t in range(self.variant.teams)
        )
        if len(teams) != self.variant.teams:
            raise RuleError(f"{len(teams)} team names given for {self.variant.teams} teams.")
        for name in teams:
            if not isinstance(name, str):
                raise RuleError(f"A team's name must be text, not {name!r}.")
        if self.preset is not None and not isinstance(self.preset, str):
            raise RuleError(f"A preset's name must be text, not {self.preset!r}.")
        object.__setattr__(self, "names", names)
        object.__setattr__(self, "team_names", teams)

    @property
    def house_rules(self) -> bool:
        """True when starting life or the poison limit differ from the rules."""
        return self.variant.house_rules

    def new_game(self) -> Game:
        """A fresh `Game` for this setup."""
        return Game(self.variant, self.names, self.starting)


@dataclass(frozen=True)
class GameRow:
    """One game in the journal. `ended` and `result` are None while the game is unfinished.

    `started` and `ended` are Unix times in seconds. `result` is JSON-ready data such as
    {"status": ["won", "lost"], "winners": [0]} (see `codec.result_of`).
    """

    id: int
    setup: GameSetup
    started: float
    ended: float | None = None
    result: dict[str, Any] | None = None

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
