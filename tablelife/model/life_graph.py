"""The data behind the life graph and the end-of-game summary: pure functions over a `Game`'s
history, so tests check the numbers and never the pixels. No Qt here."""

from __future__ import annotations

from tablelife.rules import Game
from tablelife.rules.i18n import Context, arg
from tablelife.rules.values import frozen
from tablelife.rules.words import number, signed


class Summary(Context):
    """The end-of-game summary's sentences (`Summary.tr`: a context lupdate sees, plurals
    included)."""


@frozen
class Series:
    """One team's life and poison over the game.

    `life[i]` and `poison[i]` are the totals after `i` events (index 0 is the start), so the
    graph steps from one value to the next at each event. `left` is the index of the event
    after which the team was out (lost or drawn), or None while it plays or after it won.
    """

    team: int
    life: tuple[int, ...]
    poison: tuple[int, ...]
    left: int | None
    status: str


@frozen
class GraphData:
    """Every team's series, with the ranges the axes need."""

    series: tuple[Series, ...]
    events: int
    starting_life: int
    poison_limit: int
    lowest: int
    highest: int


def life_graph(game: Game) -> GraphData:
    """Each team's life and poison after every event of the game's history (not the undone
    events that redo would bring back)."""
    history = game.history
    first = history[0].before if history else game.state
    states = [first, *(e.after for e in history)]
    series = []
    for team in range(game.variant.teams):
        life = tuple(s.teams[team].life for s in states)
        poison = tuple(s.teams[team].poison for s in states)
        left = next(
            (i for i, s in enumerate(states) if s.teams[team].status in ("lost", "drawn")), None
        )
        series.append(Series(team, life, poison, left, states[-1].teams[team].status))
    lives = [v for s in series for v in s.life]
    return GraphData(
        series=tuple(series),
        events=len(history),
        starting_life=game.variant.starting_life,
        poison_limit=game.variant.poison_limit,
        lowest=min([0, *lives]),
        highest=max([game.variant.starting_life, *lives]),
    )


@frozen
class Swing:
    """The biggest change of one team's life in one event: the event's number (from 1) and
    the turn it came in."""

    team: int
    amount: int
    event: int
    turn: int = 1


def biggest_swing(game: Game) -> Swing | None:
    """The event that moved one team's life the most (a loss or a gain), or None if no event
    changed a life total. The earliest wins a tie."""
    best: Swing | None = None
    for index, event in enumerate(game.history, start=1):
        for team, (a, b) in enumerate(zip(event.before.teams, event.after.teams, strict=True)):
            amount = b.life - a.life
            if amount and (best is None or abs(amount) > abs(best.amount)):
                best = Swing(team, amount, index, event.before.turn)
    return best


def duration_words(seconds: float) -> str:
    """A game's length in words: "under a minute", "1 minute", "1 hour 5 minutes"."""
    minutes = int(seconds // 60)
    if minutes < 1:
        return Summary.tr("under a minute")
    hours, minutes = divmod(minutes, 60)
    parts = []
    if hours:
        parts.append(Summary.tr("%n hour(s)", None, hours))
    if minutes:
        parts.append(Summary.tr("%n minute(s)", None, minutes))
    return " ".join(parts)


def summary(game: Game, team_names: tuple[str, ...]) -> list[str]:
    """A finished game in a few lines: who won (or a draw), turns, how long, the biggest
    swing. Each line is a whole sentence, ready for translation. Empty while it goes on."""
    if not game.over:
        return []
    lines = []
    winners = game.winners
    if winners:
        names = " & ".join(team_names[t] for t in winners)
        lines.append(arg(Summary.tr("Winner: %1."), names))
    else:
        lines.append(Summary.tr("The game is a draw."))
    lines.append(Summary.tr("%n turn(s) played.", None, game.turn))
    history = game.history
    if history and history[-1].time and history[0].time:
        lasted = duration_words(history[-1].time - history[0].time)
        lines.append(arg(Summary.tr("It lasted %1."), lasted))
    swing = biggest_swing(game)
    if swing is not None:
        lines.append(
            arg(
                # Players count turns, not the app's events (issue 26, defect 9).
                Summary.tr("Biggest swing: %1 %2 life in turn\u00a0%3."),  # kept with its number
                team_names[swing.team],
                signed(swing.amount),
                number(swing.turn),
            )
        )
    return lines
