"""The desk's command bar: a line staff type, read into one command. Pure Python.

    12 a -3          table 12, team a loses 3 life (12 a +2 gains 2)
    12 b poison 2    table 12, team b gets 2 poison counters (-1 removes one)
    12 result a      table 12: team a won
    12 result draw   table 12: a draw
    12 ext 4         table 12: 4 more minutes (MTR 2.6); "ext -1" takes one back
    12 turn          table 12: the next additional turn (MTR 2.4)
    12 undo          table 12: undo the last change of its tracked game
    12               open table 12

Teams are letters in seating order: a is the first team at the table, b the second, and so on.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from app.tournament.errors import TournamentError

GRAMMAR = __doc__ or ""
MAX_TYPED = 999  # a typed amount bigger than this is surely a slip of the finger
_TABLE = re.compile(r"^\d{1,3}$")
_LETTER = re.compile(r"^[a-h]$")
_WORD_LETTER = re.compile(r"^[a-z]$")  # one letter: meant as a team, even if there is none


class CommandError(TournamentError):
    """A line that can't be read as a command; the message says what is wrong."""


@dataclass(frozen=True)
class Command:
    """One command: `action` is "open", "life", "poison", "result", "ext", "turn" or "undo".

    `team` is the team's index at the table (a = 0) for life, poison and result (None for a
    draw); `amount` is the life or poison change, or the minutes of an extension.
    """

    table: int
    action: str
    team: int | None = None
    amount: int = 0


def _quote(text: str, most: int = 30) -> str:
    """`text` quoted for a message, cut so a pasted page doesn't fill the status bar."""
    return repr(text if len(text) <= most else text[: most - 1] + "\u2026")


def _amount(word: str, what: str, signed: bool) -> int:
    text = word.replace("\u2212", "-")  # a true minus sign, pasted, reads as one
    if not re.fullmatch(r"[+-]?\d+" if signed else r"\d+", text):
        raise CommandError(f"{_quote(word)} is not {what}: type a whole number such as -3 or +2.")
    value = int(text)
    if abs(value) > MAX_TYPED:
        raise CommandError(f"{abs(value):,} is too large to type here: at most {MAX_TYPED}.")
    return value


def _team(word: str) -> int:
    if not _LETTER.fullmatch(word):
        raise CommandError(
            f"{_quote(word)} is not a team: teams are letters a, b, c… in seat order."
        )
    return ord(word) - ord("a")


def parse(line: str) -> Command:
    """Reads one line typed at the desk; CommandError says what is wrong (F1 has the grammar)."""
    words = line.strip().lower().split()
    if not words:
        raise CommandError("Type a table number first, such as 12 a -3 (F1 lists the commands).")
    if not _TABLE.fullmatch(words[0]):
        raise CommandError(
            f"{_quote(words[0])} is not a table number: start with one, as in 12 a -3."
        )
    table = int(words[0])
    rest = words[1:]
    if not rest:
        return Command(table, "open")
    head = rest[0]
    if head in ("turn", "undo") and len(rest) == 1:
        return Command(table, head)
    if head == "result" and len(rest) == 2:
        if rest[1] == "draw":
            return Command(table, "result")
        return Command(table, "result", team=_team(rest[1]))
    if head in ("ext", "extension") and len(rest) == 2:
        return Command(table, "ext", amount=_amount(rest[1], "a number of minutes", True))
    if _WORD_LETTER.fullmatch(head) and len(rest) == 2:
        team = _team(head)
        amount = _amount(rest[1], "an amount of life", True)
        if amount == 0:
            raise CommandError("A change of 0 life changes nothing.")
        return Command(table, "life", team=team, amount=amount)
    if _WORD_LETTER.fullmatch(head) and len(rest) == 3 and rest[1] == "poison":
        team = _team(head)
        amount = _amount(rest[2], "a number of poison counters", True)
        if amount == 0:
            raise CommandError("0 poison counters change nothing.")
        return Command(table, "poison", team=team, amount=amount)
    if _WORD_LETTER.fullmatch(head) and len(rest) == 1:
        raise CommandError(
            f"Team {head} of table {table} needs an amount, as in {table} {head} -3."
        )
    raise CommandError(
        f"{_quote(line.strip())} is not a command; try 12 a -3, 12 b poison 2, 12 result a, "
        "12 ext 4, 12 turn or 12 undo (F1 lists them)."
    )
