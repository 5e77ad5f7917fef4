"""`GameSetup`: everything a game starts from, as the new-game dialog and the journal see it."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tablelife.rules.errors import RuleError
from tablelife.rules.game import Game, Rules, default_player_name
from tablelife.rules.i18n import arg
from tablelife.rules.names import MAX_NAME as MAX_NAME  # where it was first: kept for importers
from tablelife.rules.names import quote, text_problem, unseen_problem
from tablelife.rules.values import frozen
from tablelife.rules.variants import FreeForAll, TwoHeadedGiant, Variant


@frozen
class GameSetup:
    """A variant with seat names, team names, the starting team and the preset it came from.

    No names, or one per seat in seat order: blank names become "Player N", and long ones are
    cut at MAX_NAME. A team without a name is named after its players ("Ann & Bob"); in
    free-for-all each player is their own team. Raises RuleError, naming what is wrong, if the
    parts don't fit together (too many names, two players with one name, no such team). What a
    person types is checked further by `check_names`.
    """

    variant: Variant
    names: tuple[str, ...] = ()
    team_names: tuple[str, ...] = ()
    starting: int = 0
    preset: str | None = None

    def __post_init__(self) -> None:
        v = self.variant
        if not isinstance(v, TwoHeadedGiant | FreeForAll):
            raise RuleError(f"Unknown variant {v!r}.")
        names = _clean(tuple(self.names), v.players, default_player_name, "player")

        def team_default(team: int) -> str:
            joined = " & ".join(names[p] for p in v.players_of(team))
            # Four long names make a banner of four lines: cut, and say so with an ellipsis.
            return joined if len(joined) <= MAX_NAME else joined[: MAX_NAME - 1].rstrip() + "\u2026"

        teams = (
            _clean(tuple(self.team_names), v.teams, team_default, "team") if v.team_game else names
        )
        if self.preset is not None and not isinstance(self.preset, str):
            raise RuleError(f"A preset's name must be text, not {self.preset!r}.")
        object.__setattr__(self, "names", names)
        object.__setattr__(self, "team_names", teams)
        start = self.starting
        if isinstance(start, bool) or not isinstance(start, int) or not 0 <= start < v.teams:
            raise RuleError(f"There is no team {start} to start.")

    @property
    def house_rules(self) -> bool:
        """True when starting life or the poison limit differ from the rules."""
        return self.variant.house_rules

    def new_game(self) -> Game:
        """A fresh `Game` for this setup."""
        return Game(
            self.variant, names=self.names, starting=self.starting, team_names=self.team_names
        )


def _clean(
    given: tuple[object, ...], count: int, default: Callable[[int], str], what: str
) -> tuple[str, ...]:
    """Fills blank names with defaults, folds spaces and cuts long ones; refuses duplicates."""
    if given and len(given) != count:
        if what == "player":
            raise RuleError(
                arg(Rules.tr("%1 names given for %n player(s).", "", count), len(given))
            )
        raise RuleError(arg(Rules.tr("%1 team names given for %n team(s).", "", count), len(given)))
    out: list[str] = []
    for i in range(count):
        raw = given[i] if i < len(given) else ""
        if not isinstance(raw, str):
            raise RuleError(f"A {what}'s name must be text, not {raw!r}.")
        name = " ".join(raw.split())[:MAX_NAME].rstrip() or default(i)
        if name.casefold() in (n.casefold() for n in out):
            message = (
                Rules.tr("Two players are called %1: give each a different name.")
                if what == "player"
                else Rules.tr("Two teams are called %1: give each a different name.")
            )
            raise RuleError(arg(message, repr(name)))
        out.append(name)
    return tuple(out)


def check_names(names: Sequence[str], team_names: Sequence[str] = ()) -> None:
    """RuleError for a name a new game can't take: one with a character that can't be shown
    or stored safely (a control, text-direction or invisible character, a broken surrogate:
    `names.text_problem`), or with nothing to see (`names.unseen_problem`), as import and
    the teams file refuse it. Spaces, tabs and line
    breaks fold to one space first, so a pasted name works.

    Only what a person types is checked: a game already in the journal is read as it was
    stored (a journal from before the check still opens)."""
    for what, given in (("player", names), ("team", team_names)):
        for raw in given:
            folded = " ".join(raw.split())  # nothing left: the seat's default name
            problem = text_problem(folded) or unseen_problem(folded)
            if problem is not None:
                message = (
                    Rules.tr("The player's name %1 %2.")
                    if what == "player"
                    else Rules.tr("The team's name %1 %2.")
                )
                raise RuleError(arg(message, quote(raw), problem))
