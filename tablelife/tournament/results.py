"""One table's result in one round: who won, lost or drew, and (optionally) the games."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Final

from tablelife.rules.i18n import arg
from tablelife.rules.values import frozen
from tablelife.tournament.errors import EventRules, ResultError

WIN: Final = "win"
LOSS: Final = "loss"
DRAW: Final = "draw"
BYE: Final = "bye"
OUTCOMES: Final = (WIN, LOSS, DRAW, BYE)
# MTR Appendix C, "Byes": a bye is a 2-0 match win, whatever the match's best-of.
BYE_GAMES_WON: Final = 2

Games = tuple[int, int, int]
"""A team's games in one match: (won, lost, drawn)."""


def check_team_name(name: object) -> str:
    """The name itself if it can name a team; a ResultError for anything else."""
    if not isinstance(name, str):
        raise ResultError(arg(EventRules.tr("A team's name must be text, not %1."), repr(name)))
    if not name.strip():
        raise ResultError(EventRules.tr("A team's name can't be blank."))
    return name


def check_best_of(best_of: object) -> int:
    """`best_of` itself if it is a positive odd whole number (1, 3, 5, ...)."""
    if isinstance(best_of, bool) or not isinstance(best_of, int) or best_of < 1:
        raise ResultError(
            arg(
                EventRules.tr("Best of must be a whole number of at least 1, not %1."),
                repr(best_of),
            )
        )
    if best_of % 2 == 0:
        raise ResultError(
            arg(EventRules.tr("Best of must be an odd number such as 1 or 3, not %1."), best_of)
        )
    return best_of


def wins_needed(best_of: int) -> int:
    """Games a team must win to win a match that is best of `best_of` (MTR 2.1)."""
    return best_of // 2 + 1


def match_games(
    teams: Sequence[str], winner: str | None, games: Games, best_of: int, *, typed: bool = True
) -> dict[str, Games]:
    """Each team's (won, lost, drawn) games of a match from `games`, which are the winner's
    (for a draw, the first team's): ResultError if they contradict the result or the best-of.
    The message begins with the games as typed ("2-1-9 …"). `typed` games (not counted from
    tracked ones) are also held to a typo guard on drawn games."""
    shown = "-".join(map(str, games))
    if len(teams) != 2:
        raise ResultError(
            arg(
                EventRules.tr("%1: games are for a match of two teams; a pod plays one game."),
                shown,
            )
        )
    won, lost, drawn = games
    need = wins_needed(check_best_of(best_of))
    if winner is not None and won <= lost:
        raise ResultError(
            arg(
                EventRules.tr(
                    "%1 says %2 won no more games than it lost, but it won the match: games "
                    "are from the winner's side (W-L-D)."
                ),
                shown,
                winner,
            )
        )
    if winner is None and won != lost:
        raise ResultError(
            arg(EventRules.tr("%1 is not a draw: a drawn match has equal game wins."), shown)
        )
    if won > need or lost >= need or (winner is None and won >= need):
        raise ResultError(
            arg(
                EventRules.tr(
                    "%1 can't happen in a best-of-%2 match: it ends when a team wins %3."
                ),
                shown,
                best_of,
                need,
            )
        )
    if typed and drawn > best_of:
        # Drawn games don't count toward the match (MTR 2.1), so no rule caps them; a round's
        # time does. More than the best-of is a slip (a 9 for a 0 took a GW% from .667 to .417).
        raise ResultError(
            arg(
                EventRules.tr(
                    "%1 has %2 drawn games, more than a best-of-%3 match plays in a round: "
                    "check the numbers."
                ),
                shown,
                drawn,
                best_of,
            )
        )
    first = winner if winner is not None else teams[0]
    return {t: (won, lost, drawn) if t == first else (lost, won, drawn) for t in teams}


def _check_games(team: str, value: object) -> Games:
    if not isinstance(value, tuple | list) or len(value) != 3:
        raise ResultError(
            arg(
                EventRules.tr("%1's games must be three numbers (won, lost, drawn), not %2."),
                team,
                repr(value),
            )
        )
    for n in value:
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ResultError(
                arg(
                    EventRules.tr(
                        "%1's games must be whole numbers of 0 or more (won, lost, drawn), not %2."
                    ),
                    team,
                    repr(tuple(value)),
                )
            )
    won, lost, drawn = value
    return (won, lost, drawn)


@frozen(init=False)
class MatchResult:
    """The result of one table in one round.

    `outcomes` maps each team at the table to "win", "loss", "draw" or "bye". A table of one team
    is a bye (MTR Appendix C: a bye is a match win). A table of two is a match: one win and one
    loss, or two draws. A table of three or more is a free-for-all pod: one win and the rest
    losses, or two or more draws and the rest losses (a game that ends in a draw among the teams
    still in it, CR 104.4a).

    `games` optionally gives each team's (won, lost, drawn) games. Without it a match is one game
    (a Two-Headed Giant match is one game, MTR 9.1). A bye has no games here: what it is worth
    depends on the event's best-of (`standings(best_of=...)`).
    """

    round: int
    outcomes: Mapping[str, str]
    games: Mapping[str, Games] | None

    def __init__(
        self,
        round: int,  # the fixed public surface calls it `round`, as people do
        outcomes: Mapping[str, str],
        games: Mapping[str, Games] | None = None,
    ) -> None:
        if isinstance(round, bool) or not isinstance(round, int) or round < 1:
            raise ResultError(
                arg(EventRules.tr("A round is a whole number from 1 up, not %1."), repr(round))
            )
        if not isinstance(outcomes, Mapping) or not outcomes:
            raise ResultError(EventRules.tr("A result needs at least one team and its outcome."))
        clean: dict[str, str] = {}
        for team, outcome in outcomes.items():
            check_team_name(team)
            if outcome not in OUTCOMES:
                raise ResultError(
                    arg(
                        EventRules.tr(
                            "The outcome %1 for %2 is unknown; an outcome is win, loss, draw or "
                            "bye."
                        ),
                        repr(outcome),
                        team,
                    )
                )
            clean[team] = outcome
        _check_outcomes(round, clean)
        clean_games: dict[str, Games] | None = None
        if games is not None:
            clean_games = _check_all_games(clean, games)
        object.__setattr__(self, "round", round)
        object.__setattr__(self, "outcomes", MappingProxyType(clean))
        object.__setattr__(
            self, "games", None if clean_games is None else MappingProxyType(clean_games)
        )

    def __hash__(self) -> int:
        games = None if self.games is None else tuple(self.games.items())
        return hash((self.round, tuple(self.outcomes.items()), games))

    def __repr__(self) -> str:
        games = "" if self.games is None else f", games={dict(self.games)!r}"
        return f"MatchResult(round={self.round}, outcomes={dict(self.outcomes)!r}{games})"

    @property
    def teams(self) -> tuple[str, ...]:
        """The teams at the table, in the order they were given."""
        return tuple(self.outcomes)

    @property
    def is_bye(self) -> bool:
        """True for a bye: one team, no opponent."""
        return len(self.outcomes) == 1

    @property
    def is_pod(self) -> bool:
        """True for a free-for-all pod of three or more teams."""
        return len(self.outcomes) >= 3

    def games_of(self, team: str, best_of: int = 1) -> Games:
        """The (won, lost, drawn) games `team` had at this table.

        A bye counts as two games won and none lost, 2-0, in best of one as in best of three
        (MTR Appendix C: a bye is a 2-0 match win, 6 game points); a longer match's bye wins
        the games the match needs. Without `games` a match is one game, so a win is 1-0-0, a
        loss 0-1-0 and a draw 0-0-1 (MTR 9.1).
        """
        outcome = self.outcomes.get(team)
        if outcome is None:
            raise ResultError(
                arg(EventRules.tr("%1 did not play at this table in round %2."), team, self.round)
            )
        if outcome == BYE:
            return (max(BYE_GAMES_WON, wins_needed(check_best_of(best_of))), 0, 0)
        if self.games is not None:
            return self.games[team]
        return {WIN: (1, 0, 0), LOSS: (0, 1, 0), DRAW: (0, 0, 1)}[outcome]


def _check_outcomes(round_: int, outcomes: Mapping[str, str]) -> None:
    names = ", ".join(outcomes)
    counts = {o: sum(1 for v in outcomes.values() if v == o) for o in OUTCOMES}
    if len(outcomes) == 1:
        ((team, outcome),) = outcomes.items()
        if outcome != BYE:
            raise ResultError(
                arg(
                    EventRules.tr(
                        "%1 is alone at a table in round %2, so the outcome must be a bye, not %3."
                    ),
                    team,
                    round_,
                    outcome,
                )
            )
        return
    if counts[BYE]:
        raise ResultError(
            arg(
                EventRules.tr(
                    "A bye is a table of one team, but round %1 has a bye at a table with %2."
                ),
                round_,
                names,
            )
        )
    if counts[WIN] > 1:
        raise ResultError(
            arg(
                EventRules.tr("Only one team can win a match, but %1 has %2 wins."),
                names,
                counts[WIN],
            )
        )
    if counts[WIN] and counts[DRAW]:
        raise ResultError(
            arg(EventRules.tr("A match can't have both a winner and a draw, as %1 has."), names)
        )
    if counts[WIN] == 0 and counts[DRAW] == 0:
        raise ResultError(
            arg(
                EventRules.tr("At the table with %1, somebody must win or the match is a draw."),
                names,
            )
        )
    if counts[DRAW] == 1:
        raise ResultError(
            arg(EventRules.tr("A draw takes two or more teams, but only one drew at %1."), names)
        )


def _check_all_games(outcomes: Mapping[str, str], games: object) -> dict[str, Games]:
    names = ", ".join(outcomes)
    if not isinstance(games, Mapping):
        raise ResultError(
            arg(
                EventRules.tr("Games must map each team to (won, lost, drawn), not %1."),
                repr(games),
            )
        )
    if len(outcomes) == 1:
        raise ResultError(
            EventRules.tr(
                "A bye's games are set by the event's best-of; leave games out for a bye."
            )
        )
    if set(games) != set(outcomes):
        raise ResultError(
            arg(EventRules.tr("Games must be given for exactly the teams at the table: %1."), names)
        )
    clean = {team: _check_games(team, games[team]) for team in outcomes}
    played = {sum(g) for g in clean.values()}
    if len(played) != 1:
        raise ResultError(
            arg(
                EventRules.tr(
                    "Everyone at a table plays the same games, but the games at %1 don't agree."
                ),
                names,
            )
        )
    (total,) = played
    if sum(g[0] for g in clean.values()) > total:
        raise ResultError(arg(EventRules.tr("At %1, more games were won than were played."), names))
    if len(clean) == 2:
        (a, ga), (b, gb) = clean.items()
        if ga != (gb[1], gb[0], gb[2]):
            raise ResultError(
                arg(
                    EventRules.tr(
                        "%1's games %2 and %3's games %4 don't match: one's wins are the other's "
                        "losses, and draws are shared."
                    ),
                    a,
                    _dashed(ga),
                    b,
                    _dashed(gb),
                )
            )
    # MTR 2.1: the match goes to whoever won more games; equal game wins are a draw.
    winners = [t for t, o in outcomes.items() if o == WIN]
    drawn = [t for t, o in outcomes.items() if o == DRAW]
    for w in winners:
        if any(clean[w][0] <= clean[t][0] for t in outcomes if t != w):
            raise ResultError(
                arg(
                    EventRules.tr(
                        "%1 won the match, so %2 must have won more games than anyone else at %3."
                    ),
                    w,
                    w,
                    names,
                )
            )
    if len({clean[t][0] for t in drawn}) > 1:
        raise ResultError(
            arg(
                EventRules.tr(
                    "A drawn match means equal game wins, but the teams that drew at %1 don't "
                    "have them."
                ),
                names,
            )
        )
    return clean


def _dashed(games: Games) -> str:
    return "-".join(str(n) for n in games)
