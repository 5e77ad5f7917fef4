"""Changes and totals in words: one wording for the history, the undo menu, the status bar
and the exported record, so what a judge reads is what the table saw."""

from __future__ import annotations

from collections.abc import Sequence

from app.rules.changes import (
    Change,
    CommanderDamage,
    Concede,
    Damage,
    DrawGame,
    Effect,
    EndOfMatch,
    ExchangeLife,
    GainLife,
    LoseGame,
    LoseLife,
    PassTurn,
    PayLife,
    Poison,
    SetLife,
    WinGame,
)
from app.rules.game import Blocked, Event, cite

MINUS = "\u2212"  # a true minus sign reads better than a hyphen at any size

EFFECT_LABELS = {
    "cant_lose": "can't lose the game",
    "cant_win": "can't win the game",
    "cant_gain_life": "can't gain life",
    "cant_lose_life": "can't lose life",
    "cant_get_poison": "can't get poison",
}


def signed(n: int) -> str:
    """+3, −3 or 0, with a true minus sign."""
    if n > 0:
        return f"+{n}"
    return f"{MINUS}{-n}" if n < 0 else "0"


def number(n: int) -> str:
    """A total with a true minus sign (CR 107.1b: life can be below 0)."""
    return f"{MINUS}{-n}" if n < 0 else str(n)


def _who(names: Sequence[str], player: int) -> str:
    return names[player] if 0 <= player < len(names) else f"player {player}"


def _commander(names: Sequence[str], source: int, commander: int) -> str:
    """ "Ann's commander", or "Ann's second commander" for the second of two partners."""
    return f"{_who(names, source)}'s {'second commander' if commander else 'commander'}"


def describe(change: Change, names: Sequence[str]) -> str:
    """One change in words: "Ann: 3 damage", "Bob: pays 4 life", "Cal concedes"."""

    def who(player: int) -> str:
        return _who(names, player)

    match change:
        case Damage(player=p, amount=n):
            return f"{who(p)}: {n} damage"
        case CommanderDamage(player=p, source=s, amount=n, commander=c):
            return f"{who(p)}: {n} combat damage from {_commander(names, s, c)}"
        case LoseLife(player=p, amount=n):
            return f"{who(p)}: loses {n} life"
        case GainLife(player=p, amount=n):
            return f"{who(p)}: gains {n} life"
        case PayLife(player=p, amount=n):
            return f"{who(p)}: pays {n} life"
        case SetLife(player=p, total=n):
            return f"{who(p)}: life set to {number(n)}"
        case ExchangeLife(player_a=a, player_b=b):
            return f"{who(a)} and {who(b)} exchange life totals"
        case Poison(player=p, amount=n):
            return f"{who(p)}: {signed(n)} poison"
        case Concede(player=p):
            return f"{who(p)} concedes"
        case LoseGame(player=p):
            return f"{who(p)} loses the game"
        case WinGame(player=p):
            return f"{who(p)} wins the game"
        case DrawGame():
            return "the game is a draw"
        case Effect(player=p, kind=kind, on=on):
            return f"{who(p)}: {EFFECT_LABELS.get(kind, kind)} {'on' if on else 'ends'}"
        case PassTurn():
            return "the turn passes"
        case EndOfMatch(single_elimination=single):
            return (
                "the match ends at time: the highest life total wins"
                if single
                else "the match ends at time: a draw"
            )
    return repr(change)  # pragma: no cover - every change type is matched above


def would(change: Change, names: Sequence[str]) -> str:
    """A change that did not happen, in words: "Ann: would gain 3 life", "Cal would concede"."""

    def who(player: int) -> str:
        return _who(names, player)

    match change:
        case Damage(player=p, amount=n):
            return f"{who(p)}: would take {n} damage"
        case CommanderDamage(player=p, source=s, amount=n, commander=c):
            return f"{who(p)}: would take {n} combat damage from {_commander(names, s, c)}"
        case LoseLife(player=p, amount=n):
            return f"{who(p)}: would lose {n} life"
        case GainLife(player=p, amount=n):
            return f"{who(p)}: would gain {n} life"
        case PayLife(player=p, amount=n):
            return f"{who(p)}: would pay {n} life"
        case SetLife(player=p, total=n):
            return f"{who(p)}: life would be set to {number(n)}"
        case ExchangeLife(player_a=a, player_b=b):
            return f"{who(a)} and {who(b)} would exchange life totals"
        case Poison(player=p, amount=n):
            return f"{who(p)}: would {'get' if n >= 0 else 'lose'} {abs(n)} poison"
        case Concede(player=p):
            return f"{who(p)} would concede"
        case LoseGame(player=p):
            return f"{who(p)} would lose the game"
        case WinGame(player=p):
            return f"{who(p)} would win the game"
        case DrawGame():
            return "the game would be a draw"
        case Effect(player=p, kind=kind, on=on):
            label = EFFECT_LABELS.get(kind, kind)
            return f"{who(p)}: {label} would {'start' if on else 'end'}"
        case PassTurn():
            return "the turn would pass"
        case EndOfMatch():
            return "the match would end at time"
    return repr(change)  # pragma: no cover - every change type is matched above


def describe_all(changes: Sequence[Change], names: Sequence[str], sep: str = ", ") -> str:
    """A whole event's changes, as if all happened: "Ann: 5 damage, Cal: 2 damage".

    For an applied event prefer `describe_event`, which says what did not happen.
    """
    return sep.join(describe(c, names) for c in changes)


def _subject(change: Change, names: Sequence[str]) -> str:
    """The one player a change is about, by name; "" for an exchange or a game-wide change."""
    player = getattr(change, "player", None)
    return _who(names, player) if isinstance(player, int) else ""


def _told(change: Change, names: Sequence[str], blocked: Blocked | None) -> str:
    if blocked is None:
        return describe(change, names)
    # Damage under can't-lose-life is still dealt (CR 119.8): say it, and that no life was lost.
    text = describe(change, names) if blocked.dealt else would(change, names)
    who = blocked.who if blocked.who and blocked.who != _subject(change, names) else ""
    rule = f" ({cite(blocked.rule)})" if blocked.rule else ""
    return f"{text}, but {who + ' ' if who else ''}{blocked.why}{rule}"


def describe_event(event: Event, names: Sequence[str], sep: str = ", ") -> str:
    """An applied event as it happened: each change in words, and a change that was stopped
    said as one that would have happened, with why:
    "Ann: would gain 1 life, but can't gain life (CR 119.7)",
    "Ann: 3 damage, but Ann & Bob can't lose life (CR 810.9h)"."""
    stopped = {b.change: b for b in event.blocked}
    return sep.join(_told(c, names, stopped.get(i)) for i, c in enumerate(event.changes))


def stepped(redo: bool, what: str) -> str:
    """What an undo or a redo did, for the status bar: "Undone: the turn passes."."""
    return f"{'Redone' if redo else 'Undone'}: {what}."
