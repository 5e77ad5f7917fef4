"""The desk's words for a table and the round clock, shared by the desk's cards and the
scoreboard on the projector: who plays whom, the clock as people read it, a table's status,
and whether staff should look. Here, with the model, so neither window reads the other's."""

from __future__ import annotations

from tablelife.model.event_model import EventModel
from tablelife.rules.i18n import arg, translate
from tablelife.tournament.event import TableState

LOW_LIFE = 5
"""A tracked team at this life or less needs an eye on it."""


def versus(teams: tuple[str, ...] | list[str]) -> str:
    """The teams at a table, one against the other: "Ann & Bob v Cal & Dee"."""
    return translate("Desk", " v ", "between the teams at a table").join(teams)


def clock_text(seconds: float | None) -> str:
    """The round clock as people read it: "49:59", "0:07", "−2:13" after time, "50:00" idle."""
    if seconds is None:
        return "--:--"
    whole = int(abs(seconds)) if seconds >= 0 else int(-seconds + 0.999)
    sign = "\u2212" if seconds < 0 else ""
    return f"{sign}{whole // 60}:{whole % 60:02d}"


def winner(table: TableState) -> str | None:
    """The team that won a finished table (a bye's team), or None (a draw, or no result)."""
    result = table.result
    if result is None:
        return None
    return next((t for t, o in result.outcomes.items() if o in ("win", "bye")), None)


def sudden_death(event: EventModel, table: TableState) -> bool:
    """True at a tracked single-elimination table tied at the top after its additional turns:
    play goes on, and a team without the highest life total loses (MTR 2.4)."""
    model = event.games.get(table.number)
    return (
        model is not None
        and not table.finished
        and model.game.state.highest_life_only
        and not model.game.over
    )


def status_words(
    event: EventModel, table: TableState, *, letters: bool = False, staff: bool = True
) -> str:
    """A table's status in words (for the scoreboard, a card's tooltip, a screen reader), or
    with `letters` the winner by the letter staff type ("Finished: a won"), short enough for
    a card beside the teams' lettered names, where a long name would be cut. Only `staff`
    read that a result was corrected; the projector shows the result as it stands."""
    status = event.status(table)
    if status == "finished":
        if table.bye:
            return translate("Desk", "Bye")
        won = winner(table)
        corrected = staff and table.corrections > 0
        if won is not None:
            who = chr(ord("a") + table.teams.index(won)) if letters else won
            if corrected:
                return arg(translate("Desk", "Finished: %1 won (corrected)"), who)
            return arg(translate("Desk", "Finished: %1 won"), who)
        if corrected:
            return translate("Desk", "Finished: draw (corrected)")
        return translate("Desk", "Finished: draw")
    if sudden_death(event, table):
        return translate("Desk", "Sudden death")
    if status == "time":
        return translate("Desk", "Time called")
    if status == "turn":
        return turn_words(event, table)
    if status == "needs result":
        return translate("Desk", "Needs a result")
    return translate("Desk", "Playing")


def turn_words(event: EventModel, table: TableState) -> str:
    """Which additional turn a table is in, after time (MTR 2.4): "Additional turn 2 of 3"."""
    turns = event.tournament.additional_turns(table)
    return arg(translate("Desk", "Additional turn %1 of %2"), table.turns, turns)


def needs_staff(event: EventModel, table: TableState) -> bool:
    """True when staff should look: time called and not finished, a result missing, a tracked
    team at 5 life or less, or an extension running out (under two minutes left)."""
    status = event.status(table)
    if status in ("time", "turn", "needs result"):
        return True
    if status == "finished":
        return False
    model = event.games.get(table.number)
    if model is not None:
        game = model.game
        if any(
            game.life(t) <= LOW_LIFE and game.status(t) == "playing"
            for t in range(game.variant.teams)
        ):
            return True
    left = event.time_left(table)
    return bool(table.extension) and left is not None and 0 < left < 120
