"""`GameSetup`: everything needed to start a game, as the new-game dialog and journal see it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from app.rules.errors import RuleError
from app.rules.game import Game
from app.rules.variants import Variant

MAX_NAME = 40
"""Names longer than this are cut when a game starts; the UI elides what does not fit."""


def default_player_name(player: int) -> str:
    """The name a player gets when none is typed."""
    return f"Player {player + 1}"


def default_team_name(team: int) -> str:
    """The name a team gets when none is typed."""
    return f"Team {team + 1}"


@dataclass(frozen=True)
class GameSetup:
    """A variant with names, the starting team and the preset it came from."""

    variant: Variant
    names: tuple[str, ...] = ()
    team_names: tuple[str, ...] = ()
    starting: int = 0
    preset: str = ""

    def __post_init__(self) -> None:
        v = self.variant
        names = _clean(self.names, v.players, default_player_name, "player")
        teams = _clean(self.team_names, v.teams, default_team_name, "team")
        if not v.team_game:
            teams = names  # in free-for-all each player is their own team
        object.__setattr__(self, "names", names)
        object.__setattr__(self, "team_names", teams)
        if not 0 <= self.starting < v.teams:
            raise RuleError(f"There is no team {self.starting} to start.")

    def new_game(self) -> Game:
        """A fresh `Game` for this setup."""
        return Game(self.variant, names=self.names, starting=self.starting)


def _clean(
    given: tuple[str, ...], count: int, default: Callable[[int], str], what: str
) -> tuple[str, ...]:
    """Fills empty names with defaults, trims and cuts long ones; refuses duplicates."""
    out: list[str] = []
    for i in range(count):
        raw = given[i] if i < len(given) else ""
        # Cut, then trim again: a cut at a space would leave a trailing blank in the name.
        name = " ".join(str(raw).split())[:MAX_NAME].rstrip() or default(i)
        if name.casefold() in (n.casefold() for n in out):
            raise RuleError(f"Two {what}s are called {name!r}: give each a different name.")
        out.append(name)
    return tuple(out)
