"""An event (a store's evening): its teams, its rounds and tables, results, the round clock,
time extensions and additional turns, rebuilt from a list of records.

Every step staff take is one record — (kind, data, time) — and `Tournament.apply` is the only
way the event changes, so the journal can keep the records and a restart rebuilds the event
exactly, the clock included (its times are wall-clock seconds, so it kept counting while the
app was down). Pure Python: the desk, the command line and the tests share it.

Record kinds and their data:

- "team_added" {"team", "missed"?}: "missed" is how many rounds were paired before a late team
  joined, each a match loss with no games (MTR Appendix C; left out: none, a house event's
  choice); "team_dropped" {"team"} (MTR: a dropped team stays in the standings);
  "team_returned" {"team"}: a dropped team back (a drop taken by mistake), paired from the
  next round;
- "round_paired" {"round", "tables": [[team, ...], ...], "elimination": bool, "numbers"?}:
  "numbers" are the tables' numbers when they aren't 1, 2, 3... (a team at a fixed table,
  numbers never used); "round_unpaired" {"round"}: the latest round taken back (paired by
  mistake), before any result or tracked game of it;
- "settings" {"fixed_tables": {team: number}, "skipped_tables": [number, ...]}: the tables
  changed from the next pairing on;
- "result" {"round", "table", "outcomes": {team: outcome}, "games"?: {team: [w, l, d]}}; a
  later result for the same table corrects it, and the correction stays in the records;
- "clock" {"op": "start" | "pause" | "resume" | "adjust", "seconds"?};
- "extension" {"table", "seconds"} (MTR 2.6); "turn" {"table", "step": 1 | -1} (MTR 2.4);
- "game" {"table", "game_id"}: the tracked game played at a table (the one before it again:
  back to that game, the next one unplayed);
- "result_cleared" {"round", "table"}: a result taken back (the game that gave it was undone);
- "finished" {}.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from tablelife.rules import FreeForAll, TwoHeadedGiant, Variant
from tablelife.rules.i18n import arg
from tablelife.rules.names import quote, text_problem
from tablelife.rules.values import frozen
from tablelife.tournament.clock import RoundClock, additional_turns
from tablelife.tournament.elimination import seed_bracket
from tablelife.tournament.errors import EventRules, TournamentError
from tablelife.tournament.pairing import Table, pair_swiss, suggested_rounds
from tablelife.tournament.results import BYE, DRAW, WIN, MatchResult, check_team_name
from tablelife.tournament.standings import Standing, standings

FORMATS = ("2hg", "duel", "ffa", "commander")
"""Event formats: Two-Headed Giant, two-player, free-for-all pods, Commander pods."""
RECORD_KINDS = (
    "team_added",
    "team_dropped",
    "team_returned",
    "round_paired",
    "result",
    "clock",
    "extension",
    "turn",
    "game",
    "result_cleared",
    "finished",
    "round_unpaired",
    "settings",
    "clock_corrected",
)
MAX_TABLE = 999
"""The highest table number (the desk's command bar takes up to three digits)."""
CLOCK_AHEAD_LIMIT = 10 * 60
"""Seconds the event's last entry may be ahead of the computer's clock before the desk asks
staff which is right (a clock set wrong once, a laptop that slept through a time zone)."""


class EventError(TournamentError):
    """A step staff asked for can't be taken; the message says why, nothing changed."""


@frozen
class EventSettings:
    """How an event is played.

    `format` is "2hg", "duel", "ffa" or "commander"; `pod_size` is the pod size of the last two
    (3 to 5, MTR: never fewer than 3). `rounds` Swiss rounds, `best_of` 1 or 3, `minutes` per
    round (MTR Appendix B: 50), and `top` 0, 4 or 8 for a single-elimination top cut.
    `fixed_tables` seats a team at the same table number every round (a player who needs an
    accessible seat), as (team, number) pairs (a mapping is taken too); `skipped_tables` are
    numbers never used (a judge station).
    """

    name: str
    format: str = "2hg"
    rounds: int = 3
    best_of: int = 1
    minutes: int = 50
    top: int = 0
    pod_size: int = 4
    fixed_tables: tuple[tuple[str, int], ...] = ()
    skipped_tables: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise EventError(EventRules.tr("An event needs a name."))
        if self.format not in FORMATS:
            raise EventError(
                arg(
                    EventRules.tr(
                        "The format %1 is unknown; it is one of 2hg, duel, ffa:N or commander:N."
                    ),
                    repr(self.format),
                )
            )
        for what, value, least, most in (
            (EventRules.tr("The number of rounds"), self.rounds, 1, 20),
            (EventRules.tr("The round length in minutes"), self.minutes, 1, 240),
            (EventRules.tr("The pod size"), self.pod_size, 3, 8),
        ):
            if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
                raise EventError(
                    arg(
                        EventRules.tr("%1 must be a whole number from %2 to %3."), what, least, most
                    )
                )
        if self.best_of not in (1, 3):
            raise EventError(EventRules.tr("A match is best of 1 or best of 3."))
        if self.top not in (0, 4, 8):
            raise EventError(EventRules.tr("The top cut is 0 (none), 4 or 8."))
        skipped = _table_numbers(self.skipped_tables)
        fixed = _fixed_tables(self.fixed_tables)
        for team, number in fixed:
            if number in skipped:
                raise EventError(
                    arg(
                        EventRules.tr("Table %1 is fixed for %2 and skipped: it can't be both."),
                        number,
                        team,
                    )
                )
        object.__setattr__(self, "skipped_tables", skipped)
        object.__setattr__(self, "fixed_tables", fixed)

    def fixed_table(self, team: str) -> int | None:
        """The table number `team` always sits at, or None."""
        for fixed, number in self.fixed_tables:
            if fixed == team:
                return number
        return None

    @classmethod
    def parse_format(cls, text: str) -> tuple[str, int]:
        """ "2hg", "duel", "ffa:4", "commander:4" as (format, pod size); EventError if bad."""
        kind, _, size = text.strip().lower().partition(":")
        if kind not in FORMATS:
            raise EventError(
                arg(
                    EventRules.tr(
                        "The format %1 is unknown; it is one of 2hg, duel, ffa:N or commander:N."
                    ),
                    quote(text),
                )
            )
        if kind in ("ffa", "commander"):
            # ASCII digits, and few: int() refuses a number of thousands of digits itself.
            if (
                not (size.isascii() and size.isdigit() and len(size) <= 3)
                or not 3 <= int(size) <= 5
            ):
                raise EventError(
                    arg(EventRules.tr("Pods of %1 are 3 to 5 players: write %2:4."), kind, kind)
                )
            return kind, int(size)
        if size:
            raise EventError(arg(EventRules.tr("The format %1 takes no size."), kind))
        return kind, 4

    @property
    def pods(self) -> bool:
        """True for free-for-all and Commander pods."""
        return self.format in ("ffa", "commander")

    @property
    def team_format(self) -> bool:
        """True for Two-Headed Giant: a team is one player for the tournament rules."""
        return self.format == "2hg"

    @property
    def display_title(self) -> str:
        """The format in words in the reader's language, for the window ("Командир, столы по
        4"); `title` stays English (the command line's)."""
        if self.format == "2hg":
            return EventRules.tr("Two-Headed Giant")
        if self.format == "duel":
            return EventRules.tr("Two-player")
        if self.format == "ffa":
            return EventRules.tr("Free-for-all pods of %n", "", self.pod_size)
        return EventRules.tr("Commander pods of %n", "", self.pod_size)

    @property
    def title(self) -> str:
        """The format in words."""
        return {
            "2hg": "Two-Headed Giant",
            "duel": "Two-player",
            "ffa": f"Free-for-all pods of {self.pod_size}",
            "commander": f"Commander pods of {self.pod_size}",
        }[self.format]

    def variant(self, seats: int) -> Variant:
        """The variant a table of `seats` teams plays."""
        if self.format == "2hg":
            return TwoHeadedGiant()
        if self.format == "commander":
            return FreeForAll(players=seats, starting_life=40, commander=True)
        return FreeForAll(players=seats)

    def to_dict(self) -> dict[str, Any]:
        """As JSON-ready data."""
        return {
            "name": self.name,
            "format": self.format,
            "rounds": self.rounds,
            "best_of": self.best_of,
            "minutes": self.minutes,
            "top": self.top,
            "pod_size": self.pod_size,
            "fixed_tables": dict(self.fixed_tables),
            "skipped_tables": list(self.skipped_tables),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> EventSettings:
        """From `to_dict` data (an older journal's has no table settings); EventError if it
        is not valid."""
        known = {
            "name",
            "format",
            "rounds",
            "best_of",
            "minutes",
            "top",
            "pod_size",
            "fixed_tables",
            "skipped_tables",
        }
        if not isinstance(data, Mapping) or set(data) - known or "name" not in data:
            raise EventError(EventRules.tr("The event's settings are not valid."))
        fields = dict(data)
        fixed = fields.get("fixed_tables", {})
        if not isinstance(fixed, Mapping):
            raise EventError(EventRules.tr("The event's settings are not valid."))
        fields["fixed_tables"] = tuple(fixed.items())
        try:
            return cls(**fields)
        except TypeError:
            raise EventError(EventRules.tr("The event's settings are not valid.")) from None


@frozen
class TableState:
    """One table of a round: its teams, result, extension, additional turns, tracked game."""

    number: int
    teams: tuple[str, ...]
    result: MatchResult | None = None
    corrections: int = 0
    extension: float = 0.0
    turns: int = 0
    """Additional turns begun (MTR 2.4): 0 while the turn in progress at time finishes."""
    game_id: int | None = None
    earlier_games: tuple[int, ...] = ()
    """The table's tracked games before `game_id`: a drawn game played again (MTR 9.1, 2.4),
    a best-of-three match's earlier games."""
    chooser: str | None = None
    """The team that chose to play or draw in the table's last tracked game (MTR 2.2), as
    journaled with the game; None before one, or in a journal that kept none."""
    picked: str | None = None
    """How `chooser` came to choose ("random", "standing", "loser", "last", "pod")."""

    @property
    def bye(self) -> bool:
        """True for a bye."""
        return len(self.teams) == 1

    @property
    def finished(self) -> bool:
        """True once the table has a result."""
        return self.result is not None


@frozen
class RoundState:
    """One round: its tables and its clock."""

    number: int
    tables: tuple[TableState, ...]
    clock: RoundClock
    elimination: bool = False
    ended: float | None = None
    """When the round's last table got its result (its clock stops there for everyone:
    the desk, the scoreboard, an export); None while a table still plays."""

    def table(self, number: int) -> TableState:
        """A table by its number; EventError if there is none."""
        for table in self.tables:
            if table.number == number:
                return table
        raise EventError(
            arg(EventRules.tr("There is no table %1 in round %2."), number, self.number)
        )

    @property
    def finished(self) -> bool:
        """True once every table has a result."""
        return all(t.finished for t in self.tables)


@dataclass
class Tournament:
    """The whole event as its records make it. Change it only through `apply`."""

    settings: EventSettings
    teams: list[str] = field(default_factory=list)
    dropped: set[str] = field(default_factory=set)
    rounds: list[RoundState] = field(default_factory=list)
    finished: bool = False
    records: int = 0
    latest: float = 0.0
    """The latest time a record was taken at (`steady` starts no earlier)."""
    missed: dict[str, int] = field(default_factory=dict)
    """Late teams: how many rounds had been paired when each joined (`late_losses`)."""
    _folded: dict[str, str] = field(default_factory=dict, compare=False, repr=False)
    # Each team by its name casefolded, made when first asked (`_known_team`): a pairing of
    # 1,000 teams looks each one up.

    def copy(self) -> Tournament:
        """A copy that `apply` can change without touching this one (rounds, tables and
        results are immutable, so copying the containers is enough)."""
        return Tournament(
            self.settings,
            list(self.teams),
            set(self.dropped),
            list(self.rounds),
            self.finished,
            self.records,
            self.latest,
            dict(self.missed),
        )

    # ----- reading ---------------------------------------------------------------------------

    @property
    def current(self) -> RoundState | None:
        """The newest round, or None before the first is paired."""
        return self.rounds[-1] if self.rounds else None

    @property
    def active_teams(self) -> list[str]:
        """The teams still in the event (not dropped)."""
        return [t for t in self.teams if t not in self.dropped]

    def results(self) -> list[MatchResult]:
        """Every table's result so far (the latest correction of each)."""
        return [t.result for r in self.rounds for t in r.tables if t.result is not None]

    def late_losses(self) -> dict[str, int]:
        """Each late team's match losses for the Swiss rounds paired before it joined, where
        it has no table (MTR Appendix C; as stores record a late entry): no games, nobody's
        opponent, counted in MW% and not in GW%."""
        losses: dict[str, int] = {}
        for team, before in self.missed.items():
            seated = [
                r
                for r in self.rounds[:before]
                if not r.elimination and all(team not in t.teams for t in r.tables)
            ]
            if seated:
                losses[team] = len(seated)
        return losses

    def swiss_standings(self) -> list[Standing]:
        """The Swiss rounds' standings (the top cut is seeded from them), late teams'
        missed rounds counted as losses."""
        swiss = [t.result for r in self.rounds if not r.elimination for t in r.tables if t.result]
        return standings(
            swiss, best_of=self.settings.best_of, teams=self.teams, missed=self.late_losses()
        )

    def standings(self) -> list[Standing]:
        """The standings now (MTR 3.1, Appendix C), dropped teams included. Their figures are
        the Swiss rounds' (the top cut is seeded from them, MTR Appendix C). Once a top cut is
        played, its teams come first, by how far each went (the winner, then the finalist,
        then the semifinalists...), each such group in Swiss order; the rest follow."""
        table = self.swiss_standings()
        # How far each team went, by the record: the last top-cut round it played, and whether
        # it won there. So the final's winner by the record is the champion, and its loser the
        # finalist, even where an earlier round's result was corrected after the next round
        # was paired (an older journal's; the desk and the command line refuse it now).
        went: dict[str, int] = {}
        elimination = [r for r in self.rounds if r.elimination]
        for depth, round_ in enumerate(elimination):
            for t in round_.tables:
                for team in t.teams:
                    won = t.result is not None and t.result.outcomes.get(team) in (WIN, BYE)
                    went[team] = max(went.get(team, 0), 2 * depth + 1 + won)
        if not went:
            return table
        ordered = sorted(table, key=lambda s: (-went.get(s.team, 0), s.rank))
        return [replace(s, rank=i) for i, s in enumerate(ordered, start=1)]

    def podium(self) -> tuple[str, str] | None:
        """The champion and the finalist once a top cut's final has its result (the final's
        winner and loser by the record), else None."""
        elimination = [r for r in self.rounds if r.elimination]
        if not elimination or len(elimination[-1].tables) != 1:
            return None
        final = elimination[-1].tables[0]
        if final.result is None or len(final.teams) != 2:
            return None
        champion = _winner(final)
        return champion, next(t for t in final.teams if t != champion)

    def additional_turns(self, table: TableState) -> int:
        """How many turns a table plays after time (MTR 2.4): 3 in 2HG, 5 otherwise."""
        return additional_turns(self.settings.variant(max(2, len(table.teams))))

    def time_left(self, table: TableState, at: float) -> float | None:
        """Seconds until time is called at a table (its extension counted), negative after;
        None before the clock starts."""
        current = self.current
        if current is None or not current.clock.started:
            return None
        return current.clock.remaining(at, table.extension)

    def table_status(self, table: TableState, at: float) -> str:
        """Where a table stands: "finished", "playing", "time" (the turn in progress after
        time), "turn" (in its additional turns), "needs result" (turns done, or an
        elimination table needing a winner)."""
        if table.finished:
            return "finished"
        left = self.time_left(table, at)
        if left is None or left > 0:
            return "playing"
        if table.turns == 0:
            return "time"
        if table.turns <= self.additional_turns(table):
            return "turn"
        return "needs result"

    @property
    def complete(self) -> bool:
        """True once every round the event will have is played: the Swiss rounds, and the
        top cut's final if there is one."""
        current = self.current
        if current is None or not current.finished:
            return False
        swiss = sum(1 for r in self.rounds if not r.elimination)
        if swiss < self.settings.rounds:
            return False
        if not self.settings.top or self.settings.pods:
            return True
        return current.elimination and len(current.tables) == 1

    def suggested_rounds(self) -> int:
        """Swiss rounds for the teams registered (MTR Appendix E)."""
        return suggested_rounds(max(2, len(self.teams)))

    def pair_next(self, seed: int = 0) -> tuple[list[Table], bool]:
        """The next round's tables and whether it is a single-elimination round."""
        current = self.current
        if current is not None and not current.finished:
            raise EventError(
                arg(
                    EventRules.tr("Round %1 still has tables without a result: enter them first."),
                    current.number,
                )
            )
        if self.finished:
            raise EventError(EventRules.tr("The event is over."))
        swiss_done = sum(1 for r in self.rounds if not r.elimination)
        if swiss_done < self.settings.rounds:
            pod = self.settings.pod_size if self.settings.pods else None
            try:
                tables = pair_swiss(
                    self.active_teams,
                    self.results(),
                    seed,
                    pod,
                    best_of=self.settings.best_of,
                    missed=self.late_losses(),
                )
            except TournamentError as exc:  # too few teams left, say: a step refused in words
                raise EventError(str(exc)) from None
            return tables, False
        if not self.settings.top or self.settings.pods:
            raise EventError(EventRules.tr("All the Swiss rounds are played: the event is over."))
        last = self.current
        if last is not None and last.elimination:
            winners = [_winner(t) for t in last.tables]
            if len(winners) <= 1:
                raise EventError(EventRules.tr("The final is played: the event is over."))
            return [(winners[i], winners[i + 1]) for i in range(0, len(winners), 2)], True
        ranked = [s for s in self.standings() if s.team not in self.dropped]
        size = self.settings.top
        while size > len(ranked):  # fewer teams than the cut: the largest bracket that fits
            size //= 2
        if size < 2:
            raise EventError(EventRules.tr("There are too few teams for a top cut."))
        return [tuple(pair) for pair in seed_bracket(ranked, size)], True

    # ----- changing ----------------------------------------------------------------------------

    def apply(self, kind: str, data: Mapping[str, Any], at: float) -> None:
        """Takes one record. EventError (nothing changed) if it can't happen."""
        if kind not in RECORD_KINDS:
            raise EventError(arg(EventRules.tr("Unknown event record %1."), repr(kind)))
        if not isinstance(data, Mapping):
            raise EventError(EventRules.tr("An event record's data must be an object."))
        if isinstance(at, bool) or not isinstance(at, int | float) or not math.isfinite(at):
            raise EventError(EventRules.tr("An event record's time must be a number of seconds."))
        if self.finished and kind not in ("result", "result_cleared", "clock_corrected"):
            raise EventError(EventRules.tr("The event is over."))
        getattr(self, f"_on_{kind}")(data, float(at))
        self.records += 1
        # A correction is the one record that sets the time back: later ones go on from it.
        self.latest = float(at) if kind == "clock_corrected" else max(self.latest, float(at))

    def _on_team_added(self, data: Mapping[str, Any], at: float) -> None:
        team = _team_name(data.get("team"))
        if team.casefold() in self._by_fold():
            raise EventError(arg(EventRules.tr("There is already a team called %1."), team))
        missed = _whole(data.get("missed", 0), "Rounds missed")
        if not 0 <= missed <= len(self.rounds):
            raise EventError(
                arg(
                    EventRules.tr("%1 can't have missed %2 rounds: %3 were paired."),
                    team,
                    missed,
                    len(self.rounds),
                )
            )
        self.teams.append(team)
        if missed:
            self.missed[team] = missed

    def _on_team_dropped(self, data: Mapping[str, Any], at: float) -> None:
        team = self._known_team(data.get("team"))
        if team in self.dropped:
            raise EventError(arg(EventRules.tr("%1 has already dropped."), team))
        self.dropped.add(team)

    def _on_team_returned(self, data: Mapping[str, Any], at: float) -> None:
        team = self._known_team(data.get("team"))
        if team not in self.dropped:
            raise EventError(arg(EventRules.tr("%1 has not dropped."), team))
        self.dropped.discard(team)

    def _on_round_paired(self, data: Mapping[str, Any], at: float) -> None:
        number = data.get("round")
        if number != len(self.rounds) + 1:
            raise EventError(
                arg(EventRules.tr("The next round is round %1."), len(self.rounds) + 1)
            )
        current = self.current
        if current is not None and not current.finished:
            raise EventError(
                arg(
                    EventRules.tr("Round %1 still has tables without a result: enter them first."),
                    current.number,
                )
            )
        raw = data.get("tables")
        if not isinstance(raw, Sequence) or isinstance(raw, str) or not raw:
            raise EventError(EventRules.tr("A round needs at least one table."))
        numbers = _round_numbers(data.get("numbers"), len(raw))
        seen: set[str] = set()
        tables = []
        for i, teams in zip(numbers, raw, strict=True):
            if not isinstance(teams, Sequence) or isinstance(teams, str) or not teams:
                raise EventError(arg(EventRules.tr("Table %1 has no teams."), i))
            names = tuple(self._known_team(t) for t in teams)
            for team in names:
                if team in seen:
                    raise EventError(arg(EventRules.tr("%1 is seated at two tables."), team))
                if team in self.dropped:
                    raise EventError(
                        arg(EventRules.tr("%1 has dropped and can't be paired."), team)
                    )
                seen.add(team)
            tables.append(TableState(i, names))
        # A bye is a win at once (MTR Appendix C): the table is done before it starts.
        tables = [
            replace(t, result=MatchResult(number, {t.teams[0]: "bye"})) if t.bye else t
            for t in tables
        ]
        tables.sort(key=lambda t: t.number)
        clock = RoundClock(minutes=self.settings.minutes)
        round_ = RoundState(number, tuple(tables), clock, bool(data.get("elimination")))
        self.rounds.append(replace(round_, ended=at) if round_.finished else round_)

    def _on_round_unpaired(self, data: Mapping[str, Any], at: float) -> None:
        current = self.current
        if current is None:
            raise EventError(EventRules.tr("No round has been paired yet."))
        if data.get("round") != current.number:
            raise EventError(
                arg(
                    EventRules.tr("Only the latest round, round %1, can be taken back."),
                    current.number,
                )
            )
        problem = unpair_problem(current)
        if problem is not None:
            raise EventError(problem)
        self.rounds.pop()

    def _on_settings(self, data: Mapping[str, Any], at: float) -> None:
        fixed = data.get("fixed_tables", {})
        if not isinstance(fixed, Mapping):
            raise EventError(EventRules.tr("Fixed tables map each team to its table number."))
        pairs = tuple((self._known_team(team), number) for team, number in fixed.items())
        skipped = data.get("skipped_tables", [])
        if not isinstance(skipped, list | tuple):
            raise EventError(EventRules.tr("Skipped tables are a list of table numbers."))
        self.settings = replace(self.settings, fixed_tables=pairs, skipped_tables=tuple(skipped))

    def _on_result(self, data: Mapping[str, Any], at: float) -> None:
        round_ = self._round(data.get("round"))
        table = round_.table(_whole(data.get("table"), "A table number"))
        outcomes = data.get("outcomes")
        if not isinstance(outcomes, Mapping) or set(outcomes) != set(table.teams):
            raise EventError(
                arg(
                    EventRules.tr("The result for table %1 must name its teams: %2."),
                    table.number,
                    ", ".join(table.teams),
                )
            )
        games = data.get("games")
        if games is not None and not isinstance(games, Mapping):
            raise EventError(
                arg(
                    EventRules.tr("The games at table %1 must name each of its teams."),
                    table.number,
                )
            )
        try:
            result = MatchResult(
                round_.number,
                dict(outcomes),
                None
                if games is None
                else {k: tuple(v) if isinstance(v, list | tuple) else v for k, v in games.items()},
            )
        except TournamentError as exc:
            raise EventError(str(exc)) from None
        if round_.elimination and DRAW in result.outcomes.values():
            # MTR 2.4: a single-elimination match can't end in a draw.
            raise EventError(
                EventRules.tr("A single-elimination match can't end in a draw (MTR 2.4).")
            )
        corrections = table.corrections + (1 if table.result is not None else 0)
        self._replace_table(round_, replace(table, result=result, corrections=corrections))
        done = self.rounds[round_.number - 1]
        if done.finished and done.ended is None:  # its last result: the round's time stops
            self.rounds[round_.number - 1] = replace(done, ended=at)

    def _on_result_cleared(self, data: Mapping[str, Any], at: float) -> None:
        round_ = self._round(data.get("round"))
        table = round_.table(_whole(data.get("table"), "A table number"))
        if table.result is None or table.bye:
            raise EventError(
                arg(EventRules.tr("Table %1 has no result to take back."), table.number)
            )
        self._replace_table(round_, replace(table, result=None, corrections=table.corrections + 1))
        self.rounds[round_.number - 1] = replace(self.rounds[round_.number - 1], ended=None)
        self.finished = False  # a result taken back after the last one: not over after all

    def _on_clock(self, data: Mapping[str, Any], at: float) -> None:
        round_ = self._round(len(self.rounds) or None)
        clock = round_.clock
        op = data.get("op")
        try:
            if op == "start":
                clock = clock.start(at)
            elif op == "pause":
                clock = clock.pause(at)
            elif op == "resume":
                clock = clock.resume(at)
            elif op == "adjust":
                seconds = data.get("seconds")
                if isinstance(seconds, bool) or not isinstance(seconds, int | float):
                    raise EventError(EventRules.tr("An adjustment is a number of seconds."))
                clock = clock.adjust(seconds)
            else:
                raise EventError(arg(EventRules.tr("Unknown clock step %1."), repr(op)))
        except TournamentError as exc:
            raise EventError(str(exc)) from None
        self.rounds[-1] = replace(round_, clock=clock)

    def _on_extension(self, data: Mapping[str, Any], at: float) -> None:
        round_ = self._round(len(self.rounds) or None)
        table = round_.table(_whole(data.get("table"), "A table number"))
        seconds = data.get("seconds")
        if isinstance(seconds, bool) or not isinstance(seconds, int | float):
            raise EventError(EventRules.tr("A time extension is a number of seconds."))
        total = table.extension + float(seconds)
        if total < 0:
            raise EventError(
                arg(EventRules.tr("Table %1's extension can't go below nothing."), table.number)
            )
        self._replace_table(round_, replace(table, extension=total))

    def _on_turn(self, data: Mapping[str, Any], at: float) -> None:
        round_ = self._round(len(self.rounds) or None)
        table = round_.table(_whole(data.get("table"), "A table number"))
        step = data.get("step", 1)
        if step not in (1, -1):
            raise EventError(EventRules.tr("A turn step is 1 or -1."))
        if table.finished:
            raise EventError(arg(EventRules.tr("Table %1 is finished."), table.number))
        left = self.time_left(table, at)
        if step == 1 and (left is None or left > 0):
            raise EventError(
                arg(
                    EventRules.tr("Time has not been called at table %1 yet (MTR 2.4)."),
                    table.number,
                )
            )
        turns = table.turns + step
        if not 0 <= turns <= self.additional_turns(table) + 1:
            raise EventError(arg(EventRules.tr("Table %1 has no such turn."), table.number))
        self._replace_table(round_, replace(table, turns=turns))

    def _on_game(self, data: Mapping[str, Any], at: float) -> None:
        round_ = self._round(len(self.rounds) or None)
        table = round_.table(_whole(data.get("table"), "A table number"))
        game_id = _whole(data.get("game_id"), "A game")
        earlier = table.earlier_games
        if earlier and game_id == earlier[-1]:
            earlier = earlier[:-1]  # back to the game before (the next one had not begun)
        elif data.get("replaces") is True:
            pass  # a game not begun, begun again with play or draw chosen otherwise
        elif table.game_id is not None and table.game_id != game_id:
            earlier += (table.game_id,)
        chooser, picked = data.get("chooser"), data.get("picked")
        if not isinstance(chooser, str) or chooser not in table.teams:
            chooser, picked = table.chooser, table.picked  # going back a game, or an old log
        picked = picked if isinstance(picked, str) else None
        self._replace_table(
            round_,
            replace(table, game_id=game_id, earlier_games=earlier, chooser=chooser, picked=picked),
        )

    def _on_finished(self, data: Mapping[str, Any], at: float) -> None:
        self.finished = True

    def _on_clock_corrected(self, data: Mapping[str, Any], at: float) -> None:
        """Staff found the event's times ahead of the computer's clock (set wrong when they
        were taken) and said the computer is right: later records are taken at its time. A
        round clock started at the wrong time keeps the time it had left at the last record
        (the time between that record and the correction is not known, so none is counted)."""
        ahead_of = data.get("from")
        if isinstance(ahead_of, bool) or not isinstance(ahead_of, int | float):
            raise EventError(EventRules.tr("A clock correction says from which time."))
        if not at < ahead_of <= self.latest:
            raise EventError(EventRules.tr("The event's clock is not ahead of this time."))
        current = self.current
        if current is None or current.clock.since is None or current.clock.since <= at:
            return
        since = current.clock.since - (ahead_of - at)
        self.rounds[-1] = replace(current, clock=replace(current.clock, since=since))

    # ----- helpers -----------------------------------------------------------------------------

    def _by_fold(self) -> dict[str, str]:
        """Each team by its name casefolded (two teams never share one)."""
        if len(self._folded) != len(self.teams):  # teams are only ever added
            self._folded = {known.casefold(): known for known in self.teams}
        return self._folded

    def _known_team(self, name: object) -> str:
        team = _team_name(name)
        known = self._by_fold().get(team.casefold())
        if known is None:
            raise EventError(arg(EventRules.tr("There is no team called %1."), team))
        return known

    def _round(self, number: object) -> RoundState:
        if not self.rounds:
            raise EventError(EventRules.tr("No round has been paired yet."))
        n = _whole(number, "A round")
        if not 1 <= n <= len(self.rounds):
            raise EventError(arg(EventRules.tr("There is no round %1."), n))
        return self.rounds[n - 1]

    def _replace_table(self, round_: RoundState, table: TableState) -> None:
        tables = tuple(table if t.number == table.number else t for t in round_.tables)
        self.rounds[round_.number - 1] = replace(round_, tables=tables)


def _team_name(name: object) -> str:
    try:
        team = check_team_name(name.strip() if isinstance(name, str) else name)
    except TournamentError as exc:
        raise EventError(str(exc)) from None
    # The shared check the new-game dialog, the import and the teams file use: no control,
    # text-direction or invisible characters reach the board, the scoreboard or a CSV.
    problem = text_problem(team)
    if problem is not None:
        raise EventError(arg(EventRules.tr("The team's name %1 %2."), quote(team), problem))
    return team


def unpair_problem(round_: RoundState) -> str | None:
    """Why a round can't be taken back, in words, or None: a result is in at one of its
    tables (a bye's aside), or a table's game has been tracked. Names the tables."""
    results = [t.number for t in round_.tables if t.result is not None and not t.bye]
    if results:
        return arg(
            EventRules.tr(
                "Round %1 can't be taken back: tables %2 have a result. Take the results back "
                "first (at the desk: TABLE result clear; from a terminal: tablelife event clear "
                "TABLE)."
            )
            if len(results) > 1
            else EventRules.tr(
                "Round %1 can't be taken back: table %2 has a result. Take it back first (at "
                "the desk: %2 result clear; from a terminal: tablelife event clear %2)."
            ),
            round_.number,
            ", ".join(map(str, results)),
        )
    tracked = [t.number for t in round_.tables if t.game_id is not None or t.earlier_games]
    if tracked:
        return arg(
            EventRules.tr("Round %1 can't be taken back: its games have been tracked at tables %2.")
            if len(tracked) > 1
            else EventRules.tr(
                "Round %1 can't be taken back: its game has been tracked at table %2."
            ),
            round_.number,
            ", ".join(map(str, tracked)),
        )
    return None


def number_tables(tables: Sequence[Sequence[str]], settings: EventSettings) -> list[int]:
    """The numbers a round's tables take, in the order given: a table with a team at a fixed
    table takes that number (the first such team's, if two meet); the rest take the lowest
    numbers left, never a skipped one; a bye never takes a fixed number."""
    numbers: list[int | None] = [None] * len(tables)
    taken = set(settings.skipped_tables)
    for i, teams in enumerate(tables):
        if len(teams) < 2:
            continue
        for team in teams:
            fixed = settings.fixed_table(team)
            if fixed is not None and fixed not in taken:
                numbers[i] = fixed
                taken.add(fixed)
                break
    free = (n for n in range(1, MAX_TABLE + len(tables) + 2) if n not in taken)
    return [n if n is not None else next(free) for n in numbers]


def _round_numbers(raw: object, count: int) -> list[int]:
    """A round's table numbers as its record gives them (1, 2, 3... when it gives none)."""
    if raw is None:
        return list(range(1, count + 1))
    if (
        not isinstance(raw, list | tuple)
        or len(raw) != count
        or any(isinstance(n, bool) or not isinstance(n, int) or n < 1 for n in raw)
        or len(set(raw)) != count
    ):
        raise EventError(
            EventRules.tr("A round's table numbers must be different whole numbers, one a table.")
        )
    return list(raw)


def _table_numbers(raw: object) -> tuple[int, ...]:
    """Skipped table numbers, checked: whole numbers from 1 to MAX_TABLE, sorted, once each."""
    if isinstance(raw, str) or not isinstance(raw, Sequence):
        raise EventError(EventRules.tr("Skipped tables are a list of table numbers."))
    for n in raw:
        _check_table_number(n)
    return tuple(sorted(set(raw)))


def _fixed_tables(raw: object) -> tuple[tuple[str, int], ...]:
    """Fixed tables, checked: each team once, each number once, sorted by number."""
    pairs = list(raw.items()) if isinstance(raw, Mapping) else raw
    if isinstance(pairs, str) or not isinstance(pairs, Sequence):
        raise EventError(EventRules.tr("Fixed tables map each team to its table number."))
    seen: dict[int, str] = {}
    teams: set[str] = set()
    for pair in pairs:
        if not isinstance(pair, Sequence) or isinstance(pair, str) or len(pair) != 2:
            raise EventError(EventRules.tr("Fixed tables map each team to its table number."))
        team, number = pair
        team = _team_name(team)
        _check_table_number(number)
        if team.casefold() in teams:
            raise EventError(arg(EventRules.tr("%1 has two fixed tables."), team))
        if number in seen:
            raise EventError(
                arg(
                    EventRules.tr("Table %1 is fixed for both %2 and %3."),
                    number,
                    seen[number],
                    team,
                )
            )
        seen[number] = team
        teams.add(team.casefold())
    return tuple(sorted(((t, n) for n, t in seen.items()), key=lambda p: p[1]))


def _check_table_number(number: object) -> int:
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= MAX_TABLE:
        raise EventError(
            arg(
                EventRules.tr("A table number is a whole number from 1 to %1, not %2."),
                MAX_TABLE,
                quote(number),
            )
        )
    return number


def _whole(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise EventError(
            arg(EventRules.tr("%1 must be a whole number, not %2."), what, repr(value))
        )
    return value


def _winner(table: TableState) -> str:
    result = table.result
    if result is None:
        raise EventError(arg(EventRules.tr("Table %1 has no result yet."), table.number))
    for team, outcome in result.outcomes.items():
        if outcome in ("win", "bye"):
            return team
    raise EventError(
        arg(EventRules.tr("Table %1 has no winner."), table.number)
    )  # pragma: no cover - no draws


def replay(
    settings: EventSettings, records: Sequence[tuple[str, Mapping[str, Any], float]]
) -> Tournament:
    """The event as its records make it. EventError names the record that can't happen."""
    event = Tournament(settings)
    for number, (kind, data, at) in enumerate(records, 1):
        try:
            event.apply(kind, data, at)
        except EventError as exc:
            raise EventError(arg(EventRules.tr("Record %1 (%2): %3"), number, kind, exc)) from None
    return event
