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


def status_words(event: EventModel, table: TableState, *, letters: bool = False) -> str:
    """A table's status in words (for the scoreboard, a card's tooltip, a screen reader), or
    with `letters` the winner by the letter staff type ("Finished: a won"), short enough for
    a card beside the teams' lettered names, where a long name would be cut."""
    status = event.status(table)
    if status == "finished":
        result = table.result
        assert result is not None
        winners = [t for t, o in result.outcomes.items() if o in ("win", "bye")]
        if table.bye:
            return translate("Desk", "Bye")
        winner = winners[0] if winners else ""
        if winners and letters:
            winner = chr(ord("a") + table.teams.index(winner))
        if winners and table.corrections:
            return arg(translate("Desk", "Finished: %1 won (corrected)"), winner)
        if winners:
            return arg(translate("Desk", "Finished: %1 won"), winner)
        if table.corrections:
            return translate("Desk", "Finished: a draw (corrected)")
        return translate("Desk", "Finished: a draw")
    if status == "time":
        return translate("Desk", "Time called")
    if status == "turn":
        turns = event.tournament.additional_turns(table)
        return arg(translate("Desk", "Additional turn %1 of %2"), table.turns, turns)
    if status == "needs result":
        return translate("Desk", "Needs a result")
    return translate("Desk", "Playing")


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
