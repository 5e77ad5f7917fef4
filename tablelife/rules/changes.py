"""The changes a game can undergo. Each is a frozen dataclass; `Game.apply` takes any number of
them as one simultaneous event."""

from __future__ import annotations

from dataclasses import asdict, fields
from typing import Any

from tablelife.rules.errors import RuleError
from tablelife.rules.values import frozen

EFFECT_KINDS = ("cant_lose", "cant_win", "cant_gain_life", "cant_lose_life", "cant_get_poison")
"""The effects that cover a whole team (CR 810.8a, 810.9g, 810.9h, 810.10c)."""

COUNTER_KINDS = ("energy", "experience", "rad", "ticket")
"""The kinds of counters a player can have that Tablelife counts, besides poison (CR 122.1)."""

DIE_SIDES = (6, 20)
"""The dice a table rolls (CR 706): a six-sided and a twenty-sided one."""


@frozen(slots=True)
class Damage:
    """Damage dealt to a player; it lands on the team's life (CR 810.9)."""

    player: int
    amount: int


@frozen(slots=True)
class CommanderDamage:
    """Combat damage dealt to a player by a commander (CR 903.10a, 704.6c).

    `source` is the seat of the commander's owner; `commander` is 0 for their commander, 1 for
    the second of two partners (counted apart). It is damage: it lowers life like `Damage`.
    """

    player: int
    source: int
    amount: int
    commander: int = 0


@frozen(slots=True)
class LoseLife:
    """A player loses life; it lands on the team's life (CR 810.9)."""

    player: int
    amount: int


@frozen(slots=True)
class GainLife:
    """A player gains life; it lands on the team's life (CR 810.9)."""

    player: int
    amount: int


@frozen(slots=True)
class PayLife:
    """A player pays life as a cost (CR 119.4, 119.4a, 119.4b)."""

    player: int
    amount: int


@frozen(slots=True)
class SetLife:
    """An effect sets a player's life total: a gain or loss of the difference (CR 119.5, 810.9c).

    Any whole number, below 0 too (CR 107.1b).
    """

    player: int
    total: int


@frozen(slots=True)
class ExchangeLife:
    """Two players exchange life totals; never teammates (CR 810.9e)."""

    player_a: int
    player_b: int


@frozen(slots=True)
class Poison:
    """Poison counters given to (or, when negative, removed from) a player's team (CR 810.10)."""

    player: int
    amount: int


@frozen(slots=True)
class Concede:
    """A player concedes: the whole team leaves and loses at once (CR 104.3a, 810.8b)."""

    player: int


@frozen(slots=True)
class LoseGame:
    """An effect, or a draw from an empty library, makes a player lose (CR 104.3c, 104.3e).

    Under can't-lose it does nothing, and the event's notes say why (CR 101.2, 810.8a).
    """

    player: int


@frozen(slots=True)
class WinGame:
    """An effect makes a player's team win and every other team lose (CR 104.2b)."""

    player: int


@frozen(slots=True)
class DrawGame:
    """The game is a draw for everyone still playing: an effect's or an agreed draw (CR 104.4c)."""


@frozen(slots=True)
class Effect:
    """Turns a team-wide effect on or off (CR 810.8a, 810.9g, 810.9h, 810.10c)."""

    player: int
    kind: str
    on: bool = True


@frozen(slots=True)
class PassTurn:
    """The active team (or player) passes the turn to the next one still playing (CR 800.4)."""


@frozen(slots=True)
class EndOfMatch:
    """Time is up and the additional turns are over with the game unfinished (MTR 2.4).

    Swiss (`single_elimination=False`): every team still playing draws. Single elimination:
    the highest life total wins at once; if teams tie at the top, those below it lose and play
    goes on with an extra state-based action: a team without the highest life total loses.
    """

    single_elimination: bool


@frozen(slots=True)
class StartingTeam:
    """Before the game's first event, who starts is chosen again, or rolled for (CR 103.1):
    team `team` (in free-for-all, that player) takes the first turn. Not a turn: the turn
    stays the first, and who skips the first draw follows the new starting team (CR 103.8).

    `chooser` is the team that made the choice (CR 103.1: in a match, the loser of the last
    game; after a drawn one, whoever chose then), -1 when the table chose together; `rolled`
    says the team was rolled for instead: the same event holds each team's d20 (`RollDie`
    with its team), and the highest roll starts, ties rolling again.
    """

    team: int
    chooser: int = -1
    rolled: bool = False


@frozen(slots=True)
class RollDie:
    """A die rolled at the table (CR 706): `sides` is 6 or 20, `result` what it shows. `team`
    is the team (in free-for-all, the player) that rolled it to see who starts, -1 for a roll
    the table made for anything else."""

    sides: int
    result: int
    team: int = -1


@frozen(slots=True)
class FlipCoin:
    """A coin flipped at the table (CR 705): heads, or tails."""

    heads: bool


@frozen(slots=True)
class BecomeMonarch:
    """A player becomes the monarch; whoever was the monarch no longer is (CR 724.1, 724.3)."""

    player: int


@frozen(slots=True)
class TakeInitiative:
    """A player takes the initiative; whoever had it no longer does (CR 725.1, 725.3)."""

    player: int


@frozen(slots=True)
class CastCommander:
    """A player casts their commander from the command zone (`commander` 1: the second of two
    partners, counted apart): each earlier cast adds {2} to the next one's cost (CR 903.8).
    `times` -1 takes back a cast counted by mistake; the count never goes below 0."""

    player: int
    commander: int = 0
    times: int = 1


@frozen(slots=True)
class PlayerCounters:
    """Counters of one kind (`COUNTER_KINDS`: energy, experience, rad, ticket) put on a player
    or, when `amount` is negative, removed from them (CR 122.1): no more than they have."""

    player: int
    kind: str
    amount: int


@frozen(slots=True)
class Storm:
    """Spells cast this turn, for storm (CR 702.40a): `amount` more, or, when negative, fewer
    (a miscount taken back). The count starts again at 0 when the turn passes."""

    amount: int


@frozen(slots=True)
class DayNight:
    """It becomes day (`day` true) or night: by daybound or nightbound (CR 702.145), by an
    effect, or as a turn begins (CR 502.2). Once it is either, the game is always one of them."""

    day: bool


Change = (
    Damage
    | CommanderDamage
    | LoseLife
    | GainLife
    | PayLife
    | SetLife
    | ExchangeLife
    | Poison
    | Concede
    | LoseGame
    | WinGame
    | DrawGame
    | Effect
    | PassTurn
    | EndOfMatch
    | StartingTeam
    | RollDie
    | FlipCoin
    | BecomeMonarch
    | TakeInitiative
    | CastCommander
    | PlayerCounters
    | Storm
    | DayNight
)

CHANGE_TYPES: dict[str, type[Change]] = {
    cls.__name__: cls
    for cls in (
        Damage,
        CommanderDamage,
        LoseLife,
        GainLife,
        PayLife,
        SetLife,
        ExchangeLife,
        Poison,
        Concede,
        LoseGame,
        WinGame,
        DrawGame,
        Effect,
        PassTurn,
        EndOfMatch,
        StartingTeam,
        RollDie,
        FlipCoin,
        BecomeMonarch,
        TakeInitiative,
        CastCommander,
        PlayerCounters,
        Storm,
        DayNight,
    )
}


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def field_names(cls: type) -> tuple[str, ...]:
    """A change type's field names, in order (cached: `dataclasses.fields` is slow, and a
    replay asks for them several times per change)."""
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in fields(cls))
    return names


def change_to_dict(change: Change) -> dict[str, Any]:
    """A change as plain JSON-ready data: {"type": "Damage", "player": 1, "amount": 3}."""
    return {"type": type(change).__name__, **asdict(change)}


def change_from_dict(data: object) -> Change:
    """Rebuilds a change from `change_to_dict` data; RuleError names what is wrong."""
    if not isinstance(data, dict):
        raise RuleError(f"A change must be an object, not {data!r}.")
    kind = data.get("type")
    cls = CHANGE_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise RuleError(f"Unknown change type {kind!r}.")
    extra = set(data) - set(field_names(cls)) - {"type"}
    if extra:
        raise RuleError(f"{kind} has unknown fields: {', '.join(sorted(extra))}.")
    try:
        return cls(**{k: v for k, v in data.items() if k != "type"})
    except TypeError as exc:
        raise RuleError(f"{kind} is missing a field ({exc}).") from None
