"""Words for events and changes, as the history, the undo menu and the status bar show them."""

from __future__ import annotations

from collections.abc import Sequence

from app.rules import (
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
from app.store import GameRow

MINUS = "\u2212"  # a real minus sign reads better than a hyphen at any size

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
    """One change in a few words: "Ann −3", "Bob pays 4 life", "Cal concedes"."""
    who = names[change.player] if hasattr(change, "player") else ""
    match change:
        case Damage(amount=n) | LoseLife(amount=n):
            return f"{who} {signed(-n)}"
        case GainLife(amount=n):
            return f"{who} {signed(n)}"
        case PayLife(amount=n):
            return f"{who} pays {n} life"
        case SetLife(total=n):
            return f"{who} sets life to {n}"
        case ExchangeLife(player_a=a, player_b=b):
            return f"{names[a]} exchanges life with {names[b]}"
        case Poison(amount=n):
            return f"{who} {signed(n)} poison"
        case Concede():
            return f"{who} concedes"
        case LoseGame():
            return f"{who} loses the game"
        case WinGame():
            return f"{who} wins the game"
        case DrawGame():
            return "Draw"
        case Effect(kind=kind, on=on):
            return f"{who} {EFFECT_LABELS[kind]}" + ("" if on else ": ends")
        case PassTurn():
            return "Pass turn"
    return type(change).__name__  # pragma: no cover - every change type is matched above


def describe_all(changes: Sequence[Change], names: Sequence[str]) -> str:
    """A whole event: "Ann −3, Bob −2"."""
    return ", ".join(describe(c, names) for c in changes)


def result_words(row: GameRow) -> str:
    """A finished game in a few words: "Two-Headed Giant: Ann & Bob won", "... draw"."""
    title = row.variant.title
    result = row.result or {}
    if result.get("abandoned"):
        return f"{title}: abandoned"
    winners = [row.team_names[t] for t in result.get("winners", [])]
    if winners:
        return f"{title}: {' & '.join(winners)} won"
    return f"{title}: a draw"
