"""Changes and totals in words: one wording for the history, the undo menu, the status bar
and the exported record, so what a judge reads is what the table saw."""

from __future__ import annotations

from collections.abc import Sequence

from app.rules.changes import (
    Change,
    Concede,
    Damage,
    DrawGame,
    Effect,
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


def describe(change: Change, names: Sequence[str]) -> str:
    """One change in words: "Ann: 3 damage", "Bob: pays 4 life", "Cal concedes"."""

    def who(player: int) -> str:
        return names[player] if 0 <= player < len(names) else f"player {player}"

    match change:
        case Damage(player=p, amount=n):
            return f"{who(p)}: {n} damage"
        case LoseLife(player=p, amount=n):
            return f"{who(p)}: loses {n} life"
        case GainLife(player=p, amount=n):
            return f"{who(p)}: gains {n} life"
        case PayLife(player=p, amount=n):
            return f"{who(p)}: pays {n} life"
        case SetLife(player=p, total=n):
            return f"{who(p)}: life set to {n}"
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
    return repr(change)  # pragma: no cover - every change type is matched above


def describe_all(changes: Sequence[Change], names: Sequence[str], sep: str = ", ") -> str:
    """A whole event: "Ann: 5 damage, Cal: 2 damage"."""
    return sep.join(describe(c, names) for c in changes)
