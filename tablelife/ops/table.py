"""A table's steps at an event: beginning its tracked game, with who goes first as the
Magic Tournament Rules say (MTR 2.2), written with the event's record of it in one
transaction. (A step of the game itself is `ops.game.save_step`.)

MTR 2.2, play/draw: before a match's first game a random method picks the team that chooses
to play or draw; in single elimination after Swiss rounds, the team with the better Swiss
standing chooses; after a game, its loser chooses, and after a drawn one whoever chose last.
The pick and the choice are journaled with the game. A desk table never re-rolls.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable

from tablelife.ops.changes import OpChanges, OpenedGame, RefusedError, Steps
from tablelife.ops.event import take_step
from tablelife.rules import RuleError, match_chooser
from tablelife.rules.i18n import arg
from tablelife.rules.setup import GameSetup
from tablelife.store import Journal, JournalError, result_of
from tablelife.tournament.event import EventError, TableState, Tournament

Pick = Callable[[int], int]
"""A random whole number from 0 up to (not including) its argument: `secrets.randbelow`."""

CHOICES = ("play", "draw")


def seat_names(team: str, heads: int) -> list[str]:
    """The players of a team named "Ann & Bob": ["Ann", "Bob"]; otherwise numbered seats."""
    parts = [p.strip() for p in team.split("&")]
    if heads == 1:
        return [team]
    if len(parts) == heads and all(parts) and len({p.casefold() for p in parts}) == heads:
        return parts
    return [f"{team} ({i + 1})" for i in range(heads)]


def who_chooses(
    journal: Journal, event: Tournament, table: TableState, pick: Pick = secrets.randbelow
) -> tuple[str, str]:
    """The team that chooses to play or draw at the table's next game, and how it came to
    (see `OpenedGame.picked`), by MTR 2.2. A pod's starting team is drawn at random."""
    teams = table.teams
    if len(teams) != 2:
        return teams[pick(len(teams))], "pod"
    if table.game_id is not None:  # a game was played here: the next one follows from it
        try:
            result = journal.game(table.game_id).result
        except JournalError:
            result = None  # it can't be read: whoever chose last chooses again
        # The rule a kitchen table's next game follows too (CR 103.1): its loser chooses.
        status = [] if result is None else list(result.get("status", []))
        loser = match_chooser(status, None) if "won" in status else None
        if loser is not None:
            return teams[loser], "loser"
        if table.chooser is not None:
            return table.chooser, "last"
    current = event.current
    if current is not None and current.elimination:
        ranked = [s.team for s in event.swiss_standings()]
        return min(teams, key=ranked.index), "standing"
    return teams[pick(2)], "random"


def open_game(
    journal: Journal,
    event_id: int,
    event: Tournament,
    table: int,
    *,
    choice: str = "play",
    pick: Pick = secrets.randbelow,
    when: float | None = None,
    replacing: OpenedGame | None = None,
) -> OpChanges:
    """Begins the tracked game at a table of the current round: who chooses (`who_chooses`)
    and their `choice` ("play": they go first; "draw": the other team does) give the game's
    starting team; the game and the event's record of it are written in ONE transaction.
    `replacing`, the table's game not yet begun, is set aside (abandoned) in the same
    transaction for one with the same chooser and the other choice: nobody rolls again.
    RefusedError for a bye, a table with its result, or a seat list the rules refuse."""
    if choice not in CHOICES:
        raise ValueError(f"choice is play or draw, not {choice!r}")
    current = event.current
    if current is None:
        raise RefusedError(Steps.tr("Pair a round first: there is no table to track."))
    try:
        state = current.table(table)
    except EventError as exc:
        raise RefusedError(str(exc)) from None
    if state.bye:
        raise RefusedError(arg(Steps.tr("Table %1 is a bye: there is no game to track."), table))
    if state.finished:  # entered by hand: a new game would overwrite it (a mistyped number)
        raise RefusedError(
            arg(
                Steps.tr(
                    "Table %1 has its result: there is no game to track. Type %2 result "
                    "\u2026 to correct it."
                ),
                table,
                table,
            )
        )
    if replacing is not None:
        chooser, picked = replacing.chooser, replacing.picked
    else:
        chooser, picked = who_chooses(journal, event, state, pick)
    first = state.teams.index(chooser)
    if choice == "draw":
        first = (first + 1) % len(state.teams)
    variant = event.settings.variant(len(state.teams))
    names = [n for team in state.teams for n in seat_names(team, variant.heads)]
    try:
        setup = GameSetup(
            variant,
            tuple(names),
            state.teams if variant.team_game else (),
            starting=first,
        )
    except RuleError as exc:
        raise RefusedError(arg(Steps.tr("Table %1 can't be tracked: %2"), table, exc)) from None

    try:  # the event's record of it is checked before anything is written
        event.copy().apply("game", {"table": table, "game_id": 0}, event.latest)
    except EventError as exc:
        raise RefusedError(str(exc)) from None

    def write() -> tuple[int, OpChanges]:
        if replacing is not None:
            unplayed = replacing.setup.new_game().state
            journal.finish(replacing.game_id, result_of(unplayed, abandoned=True), when=when)
        game_id = journal.new_game(
            setup, started=when, tournament=event_id, round=current.number, table=table
        )
        data = {
            "table": table,
            "game_id": game_id,
            "chooser": chooser,
            "picked": picked,
            "choice": choice,
            **({"replaces": True} if replacing is not None else {}),
        }
        return game_id, take_step(journal, event_id, event, "game", data, when=when, tables=[table])

    game_id, changes = journal.run(write)
    opened = OpenedGame(table, game_id, setup, chooser, picked, choice)
    return OpChanges(changes.event, changes.kinds, changes.tables, changes.notes, (opened,))
