"""Standings by the Magic Tournament Rules: match points and the three tiebreakers.

MTR 3.1 ranks by match points, then opponents' match-win percentage, game-win percentage and
opponents' game-win percentage; MTR Appendix C defines each. The figures are computed exactly
(as fractions) and only turned into floats for people, so two teams with the same figures always
tie and fall back to their names.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import pairwise

from tablelife.rules.i18n import arg
from tablelife.rules.values import frozen
from tablelife.tournament.errors import EventRules, ResultError
from tablelife.tournament.results import (
    BYE,
    DRAW,
    LOSS,
    WIN,
    MatchResult,
    check_best_of,
    check_team_name,
)

# MTR Appendix C: match-win and game-win percentages are at least 0.33.
FLOOR = Fraction(33, 100)
# MTR Appendix C: 3 match points for a win (a bye is a win), 1 for a draw, 0 for a loss.
MATCH_POINTS = {WIN: 3, BYE: 3, DRAW: 1, LOSS: 0}
# MTR Appendix C: 3 game points for a game won, 1 for a game drawn, 0 for a game lost.
GAME_WIN_POINTS = 3
GAME_DRAW_POINTS = 1


def match_win_percentage(points: int, rounds: int) -> Fraction:
    """Match points over the points possible (3 a round), at least 0.33 (MTR Appendix C).

    A team that has played no round yet has the floor, 0.33.
    """
    if rounds <= 0:
        return FLOOR
    return max(FLOOR, Fraction(points, 3 * rounds))


def game_win_percentage(game_points: int, games: int) -> Fraction:
    """Game points over the game points possible (3 a game), at least 0.33 (MTR Appendix C).

    A team that has played no game (only unplayed draws) has the floor, 0.33.
    """
    if games <= 0:
        return FLOOR
    return max(FLOOR, Fraction(game_points, 3 * games))


def _average(values: list[Fraction]) -> Fraction:
    # A team that has met nobody (only byes, or nothing played) gets the floor, the figure of
    # the weakest opponent the rules allow.
    return sum(values, Fraction(0)) / len(values) if values else FLOOR


@frozen
class Standing:
    """One team's line in the standings.

    `record` is (wins, losses, draws) with byes counted as wins; `games` is (won, lost, drawn)
    with a bye's games included. `mw`, `omw`, `gw` and `ogw` are match-win %, opponents'
    match-win %, game-win % and opponents' game-win % as fractions of 1 (0.667, not 66.7).
    `opponents` lists every opponent once per meeting, round by round, as the averages count
    them; a bye is nobody. `rank` is the place in the standings, from 1.
    """

    team: str
    points: int
    record: tuple[int, int, int]
    mw: float
    omw: float
    gw: float
    ogw: float
    rank: int = 0
    games: tuple[int, int, int] = (0, 0, 0)
    game_points: int = 0
    rounds: int = 0
    byes: int = 0
    opponents: tuple[str, ...] = field(default=(), repr=False)


@dataclass
class Row:
    """One team's running totals, exact."""

    team: str
    points: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    byes: int = 0
    won: int = 0
    lost: int = 0
    drawn: int = 0
    opponents: list[str] = field(default_factory=list)
    mw: Fraction = FLOOR
    gw: Fraction = FLOOR
    omw: Fraction = FLOOR
    ogw: Fraction = FLOOR

    @property
    def rounds(self) -> int:
        """Rounds played, byes included (MTR Appendix C)."""
        return self.wins + self.losses + self.draws

    @property
    def game_points(self) -> int:
        """3 a game won, 1 a game drawn (MTR Appendix C)."""
        return GAME_WIN_POINTS * self.won + GAME_DRAW_POINTS * self.drawn


def compute_rows(
    results: Iterable[MatchResult],
    best_of: int = 1,
    teams: Iterable[str] = (),
    *,
    missed: Mapping[str, int] | None = None,
) -> dict[str, Row]:
    """Every team's exact figures, keyed by name. `standings` sorts them and shows them as
    floats; `pair_swiss` ranks by them. `missed` gives a late team's rounds missed, each a
    match loss with no games and no opponent: it counts in MW%, not in GW% (as stores
    record a late entry)."""
    check_best_of(best_of)
    rows: dict[str, Row] = {}
    for team in teams:
        check_team_name(team)
        rows.setdefault(team, Row(team))
    for team, count in (missed or {}).items():
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise ResultError(
                arg(EventRules.tr("Rounds missed must be a whole number, not %1."), repr(count))
            )
        check_team_name(team)
        rows.setdefault(team, Row(team)).losses += count
    checked: list[MatchResult] = []
    for result in results:
        if not isinstance(result, MatchResult):
            raise ResultError(
                arg(
                    EventRules.tr("Standings are computed from match results, not %1."),
                    repr(result),
                )
            )
        checked.append(result)
    seen: dict[tuple[int, str], MatchResult] = {}
    # Round by round, so each team's opponents are listed in the order it met them, whatever
    # order the results come in.
    for result in sorted(checked, key=lambda r: r.round):
        for team, outcome in result.outcomes.items():
            if (result.round, team) in seen:
                raise ResultError(
                    arg(EventRules.tr("%1 is at two tables in round %2."), team, result.round)
                )
            seen[result.round, team] = result
            row = rows.setdefault(team, Row(team))
            row.points += MATCH_POINTS[outcome]
            if outcome in (WIN, BYE):
                row.wins += 1
            elif outcome == LOSS:
                row.losses += 1
            else:
                row.draws += 1
            row.byes += outcome == BYE
            won, lost, drawn = result.games_of(team, best_of)
            row.won += won
            row.lost += lost
            row.drawn += drawn
            # MTR Appendix C: a bye is nobody's opponent. In a pod everyone else at the table is.
            row.opponents.extend(t for t in result.outcomes if t != team)
    for row in rows.values():
        row.mw = match_win_percentage(row.points, row.rounds)
        row.gw = game_win_percentage(row.game_points, row.won + row.lost + row.drawn)
    for row in rows.values():
        # MTR Appendix C: the averages of the opponents' own figures, each already at least 0.33.
        row.omw = _average([rows[o].mw for o in row.opponents])
        row.ogw = _average([rows[o].gw for o in row.opponents])
    return rows


def decisive_decimals(rows: Sequence[Standing], least: int = 2, most: int = 6) -> int:
    """How many decimals the percentages of `rows` (standings, in order) need to be shown
    with, at least `least` and at most `most`, so that wherever two neighbours with the same
    match points were put in order by a tiebreaker (MTR 3.1), the figure that decided it
    reads differently for the two: 56.25% and 56.17%, not 56.2% twice."""
    need = least
    for above, below in pairwise(rows):
        if above.points != below.points:
            continue
        for a, b in ((above.omw, below.omw), (above.gw, below.gw), (above.ogw, below.ogw)):
            if a == b:
                continue
            places = least
            while places < most and f"{100 * a:.{places}f}" == f"{100 * b:.{places}f}":
                places += 1
            need = max(need, places)
            break
    return need


def order_key(row: Row) -> tuple[int, Fraction, Fraction, Fraction, str, str]:
    """Sort key for MTR 3.1: points, OMW%, GW%, OGW% (each best first), then the name."""
    return (-row.points, -row.omw, -row.gw, -row.ogw, row.team.casefold(), row.team)


def standings(
    results: Iterable[MatchResult],
    best_of: int = 1,
    *,
    teams: Iterable[str] = (),
    missed: Mapping[str, int] | None = None,
) -> list[Standing]:
    """The standings after `results`, best first (MTR 3.1, Appendix C).

    Order: match points, then opponents' match-win %, game-win %, opponents' game-win %, then
    the team's name. A bye is worth 2-0 in games, in best of one as in best of three (MTR
    Appendix C); `best_of` is the event's, which a longer match's bye follows. `teams` adds
    teams that have no result yet (a late entry before its first round); a dropped team keeps
    its line, since its results are still there. `missed`: a late team's rounds missed, each a
    match loss with no games (`compute_rows`).
    """
    rows = compute_rows(results, best_of, teams, missed=missed)
    ordered = sorted(rows.values(), key=order_key)
    return [
        Standing(
            team=r.team,
            points=r.points,
            record=(r.wins, r.losses, r.draws),
            mw=float(r.mw),
            omw=float(r.omw),
            gw=float(r.gw),
            ogw=float(r.ogw),
            rank=i,
            games=(r.won, r.lost, r.drawn),
            game_points=r.game_points,
            rounds=r.rounds,
            byes=r.byes,
            opponents=tuple(r.opponents),
        )
        for i, r in enumerate(ordered, start=1)
    ]
