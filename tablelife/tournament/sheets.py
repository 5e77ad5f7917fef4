"""What goes on paper and on the wall for a round: its pairings by table, its pairings by
player's name (players look for their own name, not a table number), and a result slip per
table. Pure Python: the command line prints these as text or JSON, and `tablelife.paper`
draws them.

Names are sorted by `sort_key`: Unicode's compatibility decomposition (NFKD), combining marks
dropped, then `casefold()`, so "Émile", "emile" and "Emile" sort together on every machine,
whatever its locale.
"""

from __future__ import annotations

import unicodedata

from tablelife.rules.i18n import arg
from tablelife.rules.values import frozen
from tablelife.tournament.errors import EventRules
from tablelife.tournament.event import EventError, RoundState, Tournament


def sort_key(text: str) -> str:
    """The key names sort by: NFKD, combining marks dropped, casefolded."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()


@frozen
class NameRow:
    """One player's line in the pairings by name: the player, their team, their table
    (None for a bye) and the teams they play (none for a bye)."""

    player: str
    team: str
    table: int | None
    opponents: tuple[str, ...]

    def to_dict(self) -> dict[str, object]:
        """As JSON-ready data: {"player", "team", "table", "opponents"}."""
        return {
            "player": self.player,
            "team": self.team,
            "table": self.table,
            "opponents": list(self.opponents),
        }


@frozen
class Slip:
    """A result slip for one table: the event, the round, the table and its teams."""

    event: str
    round: int
    table: int
    teams: tuple[str, ...]
    best_of: int
    elimination: bool


def players(team: str, team_format: bool) -> list[str]:
    """The players of a team as the wall lists them: both heads of a Two-Headed Giant team
    named "Ann & Bob"; otherwise the team's own name."""
    if team_format:
        heads = [p.strip() for p in team.split("&")]
        if len(heads) == 2 and all(heads):
            return heads
    return [team]


def round_of(event: Tournament, number: int | None = None) -> RoundState:
    """A round of the event (the latest by default); EventError if there is none."""
    if not event.rounds:
        raise EventError(EventRules.tr("No round has been paired yet."))
    n = len(event.rounds) if number is None else number
    if not 1 <= n <= len(event.rounds):
        raise EventError(
            arg(
                EventRules.tr("There is no round %1: the rounds so far are 1 to %2."),
                n,
                len(event.rounds),
            )
        )
    return event.rounds[n - 1]


def pairings_by_table(round_: RoundState) -> list[dict[str, object]]:
    """A round's tables as `event pair --format json` gives them: [{"table", "teams"}]."""
    return [{"table": t.number, "teams": list(t.teams)} for t in round_.tables]


def pairings_by_name(event: Tournament, round_: RoundState) -> list[NameRow]:
    """One row per player seated in the round (both heads of a Two-Headed Giant team),
    sorted by `sort_key` of the player's name, then the team's."""
    rows = []
    team_format = event.settings.team_format
    for table in round_.tables:
        for team in table.teams:
            opponents = tuple(t for t in table.teams if t != team)
            number = None if table.bye else table.number
            for player in players(team, team_format):
                rows.append(NameRow(player, team, number, opponents))
    return sorted(rows, key=lambda r: (sort_key(r.player), sort_key(r.team), r.player, r.team))


def slips(event: Tournament, round_: RoundState) -> list[Slip]:
    """A result slip for each table of the round where a match is played (a bye has none)."""
    return [
        Slip(
            event.settings.name,
            round_.number,
            t.number,
            t.teams,
            event.settings.best_of,
            round_.elimination,
        )
        for t in round_.tables
        if not t.bye
    ]
