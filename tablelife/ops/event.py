"""The event's steps (a store's tournament): a new event with its teams, a team added, dropped
or back, a round paired or taken back, a result entered, corrected or taken back, the fixed
and skipped tables, an extension, an additional turn, the round clock. Shared by the desk and
`tablelife event ...`.

Each step is checked against the event as it stands (the event core tries it on a copy), then
written in one transaction with whatever follows from it (the last result ends the event; a
result taken back after it reopens it), then returned as `OpChanges`. Old journals replay
through the event core as they were written, so a check that is about what staff may do now,
not about what a record can mean, lives here rather than in the core.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from tablelife.ops.changes import OpChanges, RefusedError, Steps
from tablelife.rules.i18n import arg
from tablelife.rules.names import quote, team_name_problem
from tablelife.store import Journal
from tablelife.tournament.errors import TournamentError
from tablelife.tournament.event import (
    EventError,
    EventSettings,
    RoundState,
    TableState,
    Tournament,
    number_tables,
    unpair_problem,
)
from tablelife.tournament.results import WIN, Games, match_games


def team_key(name: str) -> str:
    """What two names must share to be the same team (case, spacing and composition aside)."""
    return unicodedata.normalize("NFC", " ".join(name.split())).casefold()


def find_team(event: Tournament, typed: str) -> str:
    """The event's team a person typed (`team_key` alike); RefusedError if there is none."""
    wanted = team_key(typed)
    for team in event.teams:
        if team_key(team) == wanted:
            return team
    raise RefusedError(
        arg(Steps.tr("There is no team called %1 in %2."), quote(typed), event.settings.name)
    )


def _now(journal: Journal, event: Tournament, when: float | None) -> float:
    """When a step is taken: `when`, or now by the journal's clock (a server's journal: the
    server's, shared by every device), never before the event's latest record (a clock set
    back must not put a step before the one it follows)."""
    return max(journal.now() if when is None else when, event.latest)


def take_step(
    journal: Journal,
    event_id: int,
    event: Tournament,
    kind: str,
    data: Mapping[str, Any],
    *,
    when: float | None = None,
    tables: Sequence[int] = (),
    notes: Sequence[str] = (),
) -> OpChanges:
    """One step of the event: tried on a copy first (RefusedError, nothing written, if it
    can't happen), then written in ONE transaction with what follows from it (the last result
    ends the event; a result taken back reopens a finished one). JournalError (nothing
    written) if it can't be saved."""
    at = _now(journal, event, when)
    after = event.copy()
    try:
        after.apply(kind, data, at)
    except EventError as exc:
        raise RefusedError(str(exc)) from None
    kinds = [kind]
    ends = kind == "result" and after.complete and not after.finished
    if ends:  # the last result of the last round: the event is over, and says so
        after.apply("finished", {}, at)
        kinds.append("finished")

    def write() -> None:
        journal.log(event_id, kind, dict(data), when=at)
        if kind == "result_cleared" and event.finished:
            journal.reopen_tournament(event_id)
        if ends:
            journal.log(event_id, "finished", {}, when=at)
            journal.finish_tournament(event_id, when=at)

    journal.run(write)
    return OpChanges(after, tuple(kinds), frozenset(tables), tuple(notes))


# ----- the event and its teams ------------------------------------------------------------


def event_settings(**fields: Any) -> EventSettings:
    """An event's settings (`EventSettings`' fields: name, format, rounds, best_of, minutes,
    top, pod_size, fixed_tables, skipped_tables) as staff gave them; RefusedError says what
    is wrong."""
    try:
        return EventSettings(**fields)
    except (EventError, TypeError) as exc:
        raise RefusedError(str(exc)) from None


def check_tables(
    teams: Sequence[str], fixed: Mapping[str, int] | Sequence[tuple[str, int]]
) -> tuple[tuple[str, int], ...]:
    """Fixed tables as staff typed them, each team as the event spells it (case and spacing
    aside); RefusedError names a team that isn't in the event."""
    pairs = fixed.items() if isinstance(fixed, Mapping) else fixed
    known = {team_key(t): t for t in teams}
    out = []
    for typed, number in pairs:
        team = known.get(team_key(typed))
        if team is None:
            raise RefusedError(
                arg(Steps.tr("%1 has a fixed table but is not one of the teams."), quote(typed))
            )
        out.append((team, number))
    return tuple(out)


def heads_problem(team: str, two_headed: bool) -> str | None:
    """What makes `team` unfit as a team of an event, in words, or None: in Two-Headed Giant
    (`two_headed`) a team is two players, named "Ann & Bob" (CR 810.1)."""
    if not two_headed:
        return None
    heads = len(team.split("&"))
    if heads == 2:
        return None
    if heads == 1:
        return Steps.tr(
            "names one player: a Two-Headed Giant team is two, named as in \u201cAnn & "
            "Bob\u201d (CR 810.1)"
        )
    return arg(
        Steps.tr(
            "names %1 players: a Two-Headed Giant team is two, named as in \u201cAnn & "
            "Bob\u201d (CR 810.1)"
        ),
        heads,
    )


def check_teams(
    teams: Sequence[str],
    settings: EventSettings | None = None,
    lines: Sequence[int] | None = None,
) -> None:
    """The teams of a new event, as the desk's dialog and the command line's teams file give
    them: at least two, each name fit to name a team (in Two-Headed Giant, of two players:
    `heads_problem`), no name twice (case and spacing aside). RefusedError names the first
    that isn't, with its line (`lines`: each team's line as typed) when known."""
    if len(teams) < 2:
        raise RefusedError(Steps.tr("An event needs at least two teams, one a line."))
    seen: set[str] = set()
    for i, team in enumerate(teams):
        problem = team_name_problem(team.strip())
        if problem is None and settings is not None:
            problem = heads_problem(team, settings.team_format)
        if problem is not None and lines is not None:
            raise RefusedError(
                arg(
                    Steps.tr("Line %1: the team's name %2 %3."),
                    lines[i],
                    quote(team.strip()),
                    problem,
                )
            )
        if problem is not None:
            raise RefusedError(
                arg(Steps.tr("The team's name %1 %2."), quote(team.strip()), problem)
            )
        if team_key(team) in seen:
            raise RefusedError(
                arg(Steps.tr("Two teams are called %1: give each a different name."), team)
            )
        seen.add(team_key(team))


def new_event(
    journal: Journal, settings: EventSettings, teams: Sequence[str], *, when: float | None = None
) -> int:
    """Creates an event with its teams, in ONE transaction: all of it or, killed at any
    instant, none of it. Returns its id. RefusedError (nothing written) for teams
    `check_teams` refuses."""
    at = journal.now() if when is None else when
    check_teams(teams, settings)
    settings = replace(settings, fixed_tables=check_tables(teams, settings.fixed_tables))
    trial = Tournament(settings)
    for team in teams:
        try:
            trial.apply("team_added", {"team": team}, at)
        except EventError as exc:
            raise RefusedError(str(exc)) from None

    def write() -> int:
        event_id = journal.new_tournament(settings.name, settings.to_dict(), when=at)
        for team in trial.teams:
            journal.log(event_id, "team_added", {"team": team}, when=at)
        return event_id

    return journal.run(write)


def _check_team_name(team: str) -> None:
    problem = team_name_problem(team.strip())  # the one check the teams file and dialog share
    if problem is not None:
        raise RefusedError(arg(Steps.tr("The team's name %1 %2."), quote(team.strip()), problem))


def add_team(
    journal: Journal,
    event_id: int,
    event: Tournament,
    team: str,
    *,
    losses: bool = True,
    when: float | None = None,
) -> OpChanges:
    """A late team joins, paired from the next round on. With `losses` (the Magic
    Tournament Rules' way, and stores'), each Swiss round paired before it joined is a
    match loss with no games: it counts in MW%, not in GW%; without, those rounds count for
    nothing (a house event's choice). The step's notes say which. RefusedError for a name
    that can't name a team (in Two-Headed Giant, of two players), or that another team has
    (case and spacing aside)."""
    _check_team_name(team)
    # Kept as `event add` and the new-event dialog keep a name: spaces trimmed and folded, NFC.
    team = unicodedata.normalize("NFC", " ".join(team.split()))
    problem = heads_problem(team, event.settings.team_format)
    if problem is not None:
        raise RefusedError(arg(Steps.tr("The team's name %1 %2."), quote(team.strip()), problem))
    if team_key(team) in {team_key(t) for t in event.teams}:
        raise RefusedError(arg(Steps.tr("There is already a team called %1."), quote(team)))
    missed = sum(1 for r in event.rounds if not r.elimination)
    data: dict[str, Any] = {"team": team}
    if losses and missed:
        data["missed"] = len(event.rounds)
    return take_step(
        journal,
        event_id,
        event,
        "team_added",
        data,
        when=when,
        notes=[late_words(team, missed, losses)] if missed else [],
    )


def late_words(team: str, missed: int, losses: bool) -> str:
    """What joining late means for a team that missed `missed` Swiss rounds, in words."""
    if losses:
        said = Steps.tr(
            "%1 missed %n round(s): each counts as a match loss with no games (in MW%, not "
            "in GW%).",
            "",
            missed,
        )
    else:
        said = Steps.tr(
            "%1 missed %n round(s): they count for nothing (no losses, a house rule).",
            "",
            missed,
        )
    return arg(said, team)


def drop_team(
    journal: Journal, event_id: int, event: Tournament, typed: str, *, when: float | None = None
) -> OpChanges:
    """A team drops: it keeps its line in the standings and is not paired again."""
    team = find_team(event, typed)
    return take_step(journal, event_id, event, "team_dropped", {"team": team}, when=when)


def return_team(
    journal: Journal, event_id: int, event: Tournament, typed: str, *, when: float | None = None
) -> OpChanges:
    """A dropped team comes back (a drop taken by mistake), paired from the next round on."""
    team = find_team(event, typed)
    return take_step(journal, event_id, event, "team_returned", {"team": team}, when=when)


# ----- rounds ---------------------------------------------------------------------------------


def pair_next(
    journal: Journal, event_id: int, event: Tournament, seed: int, *, when: float | None = None
) -> OpChanges:
    """Pairs the next round: Swiss, or single elimination once the Swiss rounds are played."""
    try:
        tables, elimination = event.pair_next(seed)
    except TournamentError as exc:
        raise RefusedError(str(exc)) from None
    return pair_tables(journal, event_id, event, [list(t) for t in tables], elimination, when=when)


def pair_tables(
    journal: Journal,
    event_id: int,
    event: Tournament,
    tables: Sequence[Sequence[str]],
    elimination: bool = False,
    *,
    when: float | None = None,
) -> OpChanges:
    """A round's pairings as given (by the pairing core, or by hand for a store that pairs
    elsewhere). A Swiss round seats every team still in the event; a table holds two teams
    (one: the bye) or, in a pod event, a pod of three up to one more than the pod size."""
    problem = None if elimination else _unseated(event, tables)
    if problem is not None:
        raise RefusedError(problem)
    data: dict[str, Any] = {
        "round": len(event.rounds) + 1,
        "tables": [list(t) for t in tables],
        "elimination": elimination,
    }
    # A team at a fixed table sits there; the others take the numbers left, none skipped.
    numbers = number_tables(tables, event.settings)
    if numbers != list(range(1, len(tables) + 1)):
        data["numbers"] = numbers
    return take_step(journal, event_id, event, "round_paired", data, when=when)


def unpair_round(
    journal: Journal, event_id: int, event: Tournament, *, when: float | None = None
) -> OpChanges:
    """The latest round's pairings taken back (paired by mistake): only before any result
    of it is in (a bye's aside) and before any of its tables' games was tracked; its clock
    goes with it, and the round can be paired again. RefusedError names the tables that
    stop it."""
    current = event.current
    if current is None:
        raise RefusedError(Steps.tr("No round has been paired yet: there is none to take back."))
    if event.finished:
        raise RefusedError(Steps.tr("The event is over: its rounds stand."))
    problem = unpair_problem(current)
    if problem is not None:
        raise RefusedError(problem)
    data = {"round": current.number}
    tables = [t.number for t in current.tables]
    return take_step(journal, event_id, event, "round_unpaired", data, when=when, tables=tables)


def set_tables(
    journal: Journal,
    event_id: int,
    event: Tournament,
    fixed: Mapping[str, int] | Sequence[tuple[str, int]],
    skipped: Sequence[int],
    *,
    when: float | None = None,
) -> OpChanges:
    """The fixed tables (a team at the same table number every round) and the table numbers
    never used, from the next pairing on. RefusedError for a team not in the event, a
    number used twice, or one both fixed and skipped."""
    pairs = check_tables(event.teams, fixed)
    try:
        EventSettings(
            event.settings.name, fixed_tables=pairs, skipped_tables=tuple(skipped)
        )  # checked as a new event's are, before anything is written
    except EventError as exc:
        raise RefusedError(str(exc)) from None
    data = {"fixed_tables": dict(pairs), "skipped_tables": sorted(set(skipped))}
    return take_step(journal, event_id, event, "settings", data, when=when)


def _unseated(event: Tournament, tables: Sequence[Sequence[str]]) -> str | None:
    """What is wrong with a Swiss round's tables, in words, or None."""
    settings = event.settings
    seated = {team for table in tables for team in table}
    missing = [t for t in event.active_teams if t not in seated]
    if missing:
        return arg(
            Steps.tr("%1 has no table: every team still in the event plays (or has the bye)."),
            missing[0],
        )
    if settings.pods:
        most = settings.pod_size + 1
        for table in tables:
            if not 3 <= len(table) <= most:
                return arg(
                    Steps.tr("A pod is 3 to %1 teams, not %2: %3."),
                    most,
                    len(table),
                    " · ".join(table),
                )
        return None
    for table in tables:
        if len(table) > 2:
            return arg(
                Steps.tr("A table is two teams (one for the bye), not %1: %2."),
                len(table),
                " · ".join(table),
            )
    if sum(1 for table in tables if len(table) == 1) > 1:
        return Steps.tr("A round has one bye at most.")
    return None


# ----- results ------------------------------------------------------------------------------


def enter_result(
    journal: Journal,
    event_id: int,
    event: Tournament,
    table: int,
    winner: str | None,
    games: Games | None = None,
    *,
    round_number: int | None = None,
    outcomes: Mapping[str, str] | None = None,
    typed: bool = True,
    when: float | None = None,
) -> OpChanges:
    """A table's result: `winner` (a team at the table) won, or None for a draw; `games` the
    match's games won, lost and drawn from the winner's side (a draw's: the first team's),
    `typed` by staff rather than counted from tracked games. `outcomes` for a pod's game
    whose end says more than who won (teams out before a draw). A result already there is
    corrected: the correction stays in the journal.

    An earlier round's result can be corrected. In Swiss, the later rounds' pairings stand,
    and the step's notes say so; in the top cut, a correction that changes who went on is
    refused while the match they went on to exists (MTR: the bracket follows the record)."""
    data = result_data(event, table, winner, games, round_number, outcomes=outcomes, typed=typed)
    number = data["round"]
    notes: list[str] = []
    if number < len(event.rounds):
        notes.append(_later_rounds(event, number, table, data["outcomes"]))
    current = event.current
    touched = [table] if current is not None and number == current.number else []
    return take_step(
        journal, event_id, event, "result", data, when=when, tables=touched, notes=notes
    )


def result_data(
    event: Tournament,
    table: int,
    winner: str | None,
    games: Games | None = None,
    round_number: int | None = None,
    *,
    outcomes: Mapping[str, str] | None = None,
    typed: bool = True,
) -> dict[str, Any]:
    """The "result" record for a table of a round (the current one by default); RefusedError
    for a round or table that isn't there, a bye, a winner not at the table, or games that
    contradict the result or the best-of."""
    state = _table_of(event, table, round_number)
    number = round_number if round_number is not None else len(event.rounds)
    if state.bye:
        raise RefusedError(
            arg(Steps.tr("Table %1 is %2's bye: it needs no result."), table, state.teams[0])
        )
    if winner is not None and winner not in state.teams:
        raise RefusedError(
            arg(
                Steps.tr("%1 is not at table %2 in round %3: it seats %4."),
                winner,
                table,
                number,
                seated(state),
            )
        )
    if outcomes is None:
        outcomes = {
            t: ("win" if t == winner else "loss") if winner else "draw" for t in state.teams
        }
    data: dict[str, Any] = {"round": number, "table": table, "outcomes": dict(outcomes)}
    if games is not None:
        try:
            each = match_games(state.teams, winner, games, event.settings.best_of, typed=typed)
        except TournamentError as exc:
            raise RefusedError(arg(Steps.tr("Table %1: %2"), table, str(exc))) from None
        data["games"] = {t: list(g) for t, g in each.items()}
    return data


def seated(table: TableState) -> str:
    """Who sits at a table, as a person reads it: "A vs B", or "A (bye)"."""
    return arg(Steps.tr("%1 (bye)"), table.teams[0]) if table.bye else " vs ".join(table.teams)


def _table_of(event: Tournament, table: int, round_number: int | None) -> TableState:
    if not event.rounds:
        raise RefusedError(
            Steps.tr("No round has been paired yet: there is no round to enter a result for.")
        )
    n = len(event.rounds) if round_number is None else round_number
    if not 1 <= n <= len(event.rounds):
        raise RefusedError(
            arg(
                Steps.tr("There is no round %1: the rounds so far are 1 to %2."),
                n,
                len(event.rounds),
            )
        )
    try:
        return event.rounds[n - 1].table(table)
    except EventError as exc:
        raise RefusedError(str(exc)) from None


def _later_rounds(event: Tournament, number: int, table: int, outcomes: Mapping[str, str]) -> str:
    """A correction to round `number` after later rounds were paired: in Swiss, its words (the
    later pairings stand); in the top cut, RefusedError when it changes who went on to a match
    that exists."""
    round_ = event.rounds[number - 1]
    if not round_.elimination:
        return arg(
            Steps.tr(
                "Round %1 is corrected after later rounds were paired: their pairings stand, "
                "and the standings count the corrected result."
            ),
            number,
        )
    before = round_.table(table).result
    went_on = [t for t, o in before.outcomes.items() if o == WIN] if before is not None else []
    now_on = [t for t, o in outcomes.items() if o == WIN]
    later = event.rounds[number]
    if went_on != now_on and any(t in went_on for s in later.tables for t in s.teams):
        raise RefusedError(
            arg(
                Steps.tr(
                    "Table %1 of round %2 decided who plays in round %3: its result can't "
                    "change who went on while that match stands."
                ),
                table,
                number,
                number + 1,
            )
        )
    return arg(Steps.tr("Round %1 is corrected; who went on is unchanged."), number)


def clear_result(
    journal: Journal,
    event_id: int,
    event: Tournament,
    table: int,
    *,
    round_number: int | None = None,
    when: float | None = None,
) -> OpChanges:
    """A table's result taken back (one typed by mistake); the correction stays in the
    journal, and a finished event runs again."""
    state = _table_of(event, table, round_number)
    number = round_number if round_number is not None else len(event.rounds)
    if number < len(event.rounds) and event.rounds[number - 1].elimination:
        raise RefusedError(
            arg(
                Steps.tr(
                    "Table %1 of round %2 decided who plays in round %3: its result can't be "
                    "taken back while that round stands."
                ),
                table,
                number,
                number + 1,
            )
        )
    data = {"round": number, "table": state.number}
    touched = [table] if number == len(event.rounds) else []
    return take_step(journal, event_id, event, "result_cleared", data, when=when, tables=touched)


# ----- time -------------------------------------------------------------------------------------


def extend(
    journal: Journal,
    event_id: int,
    event: Tournament,
    table: int,
    minutes: int,
    *,
    when: float | None = None,
) -> OpChanges:
    """A time extension for one table (MTR 2.6; negative takes one back). None for a bye, a
    table with its result, or one in its additional turns, which count turns, not time."""
    if minutes == 0:
        raise RefusedError(Steps.tr("An extension of 0 minutes changes nothing."))
    state = _table_of(event, table, None)
    if minutes > 0 and state.bye:
        raise RefusedError(arg(Steps.tr("Table %1 is a bye: nobody plays there."), table))
    if minutes > 0 and (state.finished or state.turns > 0):
        if state.finished:
            said = Steps.tr("Table %1 has its result: it needs no more time.")
        elif state.game_id is not None:  # tracked: its passes count the turns (`turn`)
            said = Steps.tr(
                "Table %1 is in its additional turns, which count turns, not time (MTR "
                "2.4): more time changes nothing. %1 undo takes a pass back."
            )
        else:
            said = Steps.tr(
                "Table %1 is in its additional turns, which count turns, not time (MTR "
                "2.4): more time changes nothing. %1 turn -1 takes a turn back."
            )
        raise RefusedError(arg(said, table))
    data = {"table": table, "seconds": minutes * 60}
    return take_step(journal, event_id, event, "extension", data, when=when, tables=[table])


def turn(
    journal: Journal,
    event_id: int,
    event: Tournament,
    table: int,
    step: int = 1,
    *,
    passed: bool = False,
    when: float | None = None,
) -> OpChanges:
    """A table's next additional turn (MTR 2.4), or with `step` -1 one taken back. At a
    tracked table passing the turn counts them (`passed`: this step is that pass's, in the
    pass's own transaction); typed there, RefusedError, so no turn is counted twice."""
    if not passed and _table_of(event, table, None).game_id is not None:
        raise RefusedError(
            arg(
                Steps.tr(
                    "Table %1's game is tracked: passing the turn there (N) counts its "
                    "additional turns (MTR 2.4), and undo takes one back."
                ),
                table,
            )
        )
    data: dict[str, Any] = {"table": table} if step == 1 else {"table": table, "step": step}
    return take_step(journal, event_id, event, "turn", data, when=when, tables=[table])


def toggle_clock(
    journal: Journal, event_id: int, event: Tournament, *, when: float | None = None
) -> OpChanges:
    """The round clock started, paused or resumed."""
    current = _open_round(event)
    clock = current.clock
    op = "pause" if clock.running else "resume" if clock.paused else "start"
    return take_step(journal, event_id, event, "clock", {"op": op}, when=when)


def adjust_clock(
    journal: Journal,
    event_id: int,
    event: Tournament,
    minutes: int,
    *,
    when: float | None = None,
) -> OpChanges:
    """The round made longer or shorter. Shorter never leaves it no time at all (before it
    starts too): time is called when the clock runs out, not by a button."""
    current = _open_round(event)
    left = current.clock.remaining(_now(journal, event, when))
    if minutes < 0 and left + minutes * 60 < 1:
        raise RefusedError(Steps.tr("The round can't be shortened to no time left."))
    data = {"op": "adjust", "seconds": minutes * 60}
    return take_step(journal, event_id, event, "clock", data, when=when)


def _open_round(event: Tournament) -> RoundState:
    current = event.current
    if current is None:
        raise RefusedError(Steps.tr("Pair a round first: there is no round clock yet."))
    if current.finished:
        if event.finished:
            raise RefusedError(Steps.tr("The event is over: its clock has stopped."))
        raise RefusedError(
            arg(
                Steps.tr("Every table of round %1 has its result: pair the next round (Ctrl+P)."),
                current.number,
            )
        )
    return current


def correct_clock(
    journal: Journal,
    event_id: int,
    event: Tournament,
    *,
    now: float,
    when: float | None = None,
) -> OpChanges:
    """Staff say the computer's clock is right where the event's last record is ahead of it
    (a clock set wrong when it was taken): a clock correction, journaled at `now`, so later
    records are taken at the computer's time again, and a round clock keeps the time it had
    left at the last record. (`when`, the desk's time, runs on from the wrong record and is
    not used.) RefusedError if the event's time is not ahead of `now`."""
    if not now < event.latest:
        raise RefusedError(Steps.tr("The event's time is not ahead of this computer's clock."))
    data = {"from": event.latest}
    after = event.copy()
    try:
        after.apply("clock_corrected", data, now)
    except EventError as exc:
        raise RefusedError(str(exc)) from None
    journal.run(lambda: journal.log(event_id, "clock_corrected", data, when=now))
    return OpChanges(after, ("clock_corrected",))
