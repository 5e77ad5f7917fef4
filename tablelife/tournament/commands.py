"""The desk's command bar: a line staff type, read into one command. Pure Python.

    12 a -3          table 12, team a loses 3 life (12 a +2 gains 2)
    12 b poison 2    table 12, team b gets 2 poison counters (-1 removes one)
    12 result a      table 12: team a won (12 result a 2-1: with its games, best of three)
    12 result draw   table 12: a draw (12 result draw 1-1-1)
    12 result clear  table 12: its result taken back (one typed by mistake)
    12 ext 4         table 12: 4 more minutes (MTR 2.6); "ext -1" takes one back
    12 turn          table 12: the next additional turn (MTR 2.4); "turn -1" takes one back
    12 undo          table 12: undo the last change of its tracked game
    12 play          table 12: the team that chooses plays first (MTR 2.2); 12 draw: it draws
    12               open table 12

Teams are letters in seating order: a is the first team at the table, b the second, and so on.
"""

from __future__ import annotations

import re

from tablelife.rules.i18n import arg, grouped, read_digits
from tablelife.rules.values import frozen
from tablelife.tournament.errors import EventRules, TournamentError

MAX_TYPED = 999  # a typed amount bigger than this is surely a slip of the finger
_TABLE = re.compile(r"^\d{1,3}$")
_LETTER = re.compile(r"^[a-h]$")
_WORD_LETTER = re.compile(r"^[a-z]$")  # one letter: meant as a team, even if there is none


class CommandError(TournamentError):
    """A line that can't be read as a command; the message says what is wrong."""


@frozen
class Command:
    """One command: `action` is "open", "life", "poison", "result", "clear" (a result taken
    back), "ext", "turn", "undo", or "play" or "draw" (MTR 2.2's choice at the table).

    `team` is the team's index at the table (a = 0) for life, poison and result (None for a
    draw); `amount` is the life or poison change, the minutes of an extension, or -1 for a
    turn taken back.
    """

    table: int
    action: str
    team: int | None = None
    amount: int = 0
    games: tuple[int, int, int] | None = None
    """A result's games, won, lost and drawn from the winner's side (a draw: team a's)."""


def _quote(text: str, most: int = 30) -> str:
    """`text` quoted for a message, cut so a pasted page doesn't fill the status bar."""
    return repr(text if len(text) <= most else text[: most - 1] + "\u2026")


def _amount(word: str, what: str, signed: bool) -> int:
    text = word.replace("\u2212", "-")  # a true minus sign, pasted, reads as one
    if not re.fullmatch(r"[+-]?\d+" if signed else r"\d+", text):
        raise CommandError(
            arg(
                EventRules.tr("%1 is not %2: type a whole number such as -3 or +2."),
                _quote(word),
                what,
            )
        )
    value = read_digits(text.lstrip("+-"))
    if value is not None and text.startswith("-"):
        value = -value
    if value is None or abs(value) > MAX_TYPED:
        raise CommandError(
            arg(
                EventRules.tr("%1 is too large to type here: at most %2."),
                _quote(word) if value is None else grouped(abs(value)),
                MAX_TYPED,
            )
        )
    return value


def parse_games(word: str) -> tuple[int, int, int]:
    """A match's games as staff type them, at the desk ("12 result a 2-1") and on the command
    line (--games): "2-1" or "2-1-0", won, lost (and drawn), "2-1" being 2-1-0. CommandError
    for anything else."""
    parts = word.strip().replace("\u2212", "-").split("-")
    if len(parts) not in (2, 3) or not all(re.fullmatch(r"[0-9]{1,2}", p) for p in parts):
        raise CommandError(
            arg(
                EventRules.tr(
                    "%1 is not W-L-D, a match's games: type won-lost or won-lost-drawn from the "
                    "winner's side, as in 2-1 or 2-1-1."
                ),
                _quote(word),
            )
        )
    won, lost, *drawn = (int(p) for p in parts)
    return (won, lost, drawn[0] if drawn else 0)


def _team(word: str) -> int:
    if not _LETTER.fullmatch(word):
        raise CommandError(
            arg(
                EventRules.tr("%1 is not a team: teams are letters a, b, c… in seat order."),
                _quote(word),
            )
        )
    return ord(word) - ord("a")


# The Russian keyboard (ЙЦУКЕН) key by key as the Latin one (QWERTY): staff who left the
# Russian layout on type "12 ф -3" for "12 a -3", "12 куыгде ф" for "12 result a".
_RUSSIAN_KEYS = str.maketrans(
    "йцукенгшщзхъфывапролджэячсмитьбю", "qwertyuiop[]asdfghjkl;'zxcvbnm,."
)
_CYRILLIC = re.compile("[\u0400-\u04ff]")


def parse(line: str) -> Command:
    """Reads one line typed at the desk; CommandError says what is wrong (F1 has the grammar).

    The commands are Latin words and letters in every language; a line typed with the
    Russian layout on is read key by key as the Latin one."""
    lowered = line.strip().lower()
    if _CYRILLIC.search(lowered):
        lowered = lowered.replace("ё", "`").translate(_RUSSIAN_KEYS)
    words = lowered.split()
    if not words:
        raise CommandError(
            EventRules.tr("Type a table number first, such as 12 a -3 (F1 lists the commands).")
        )
    if not _TABLE.fullmatch(words[0]):
        raise CommandError(
            arg(
                EventRules.tr("%1 is not a table number: start with one, as in 12 a -3."),
                _quote(words[0]),
            )
        )
    table = int(words[0])
    rest = words[1:]
    if not rest:
        return Command(table, "open")
    head = rest[0]
    if head in ("turn", "undo", "play", "draw") and len(rest) == 1:
        return Command(table, head)
    if head == "turn" and len(rest) == 2:
        if rest[1].replace("\u2212", "-") != "-1":
            raise CommandError(
                arg(
                    EventRules.tr(
                        "%1 turn goes on to the next additional turn; %2 turn -1 takes one back."
                    ),
                    table,
                    table,
                )
            )
        return Command(table, "turn", amount=-1)
    if head == "result" and len(rest) == 2:
        if rest[1] == "draw":
            return Command(table, "result")
        if rest[1] == "clear":
            return Command(table, "clear")
        return Command(table, "result", team=_team(rest[1]))
    if head == "result" and len(rest) == 3 and rest[1] != "clear":
        team = None if rest[1] == "draw" else _team(rest[1])
        return Command(table, "result", team=team, games=parse_games(rest[2]))
    if head in ("ext", "extension") and len(rest) == 2:
        return Command(
            table, "ext", amount=_amount(rest[1], EventRules.tr("a number of minutes"), True)
        )
    if _WORD_LETTER.fullmatch(head) and rest[1:] == ["poison"]:
        raise CommandError(
            arg(
                EventRules.tr(
                    "Team %1 of table %2 needs a number of poison counters, as in %3 %4 poison 2."
                ),
                head,
                table,
                table,
                head,
            )
        )
    if _WORD_LETTER.fullmatch(head) and len(rest) == 2:
        team = _team(head)
        amount = _amount(rest[1], EventRules.tr("an amount of life"), True)
        if amount == 0:
            raise CommandError(EventRules.tr("A change of 0 life changes nothing."))
        if rest[1][0] not in "+-\u2212":  # "12 a 5": damage with its minus forgotten?
            raise CommandError(
                arg(
                    EventRules.tr("Lost or gained? %1 %2 -%3 loses %3 life, %1 %2 +%3 gains it."),
                    table,
                    head,
                    amount,
                )
            )
        return Command(table, "life", team=team, amount=amount)
    if _WORD_LETTER.fullmatch(head) and len(rest) == 3 and rest[1] == "poison":
        team = _team(head)
        amount = _amount(rest[2], EventRules.tr("a number of poison counters"), True)
        if amount == 0:
            raise CommandError(EventRules.tr("0 poison counters change nothing."))
        return Command(table, "poison", team=team, amount=amount)
    if _WORD_LETTER.fullmatch(head) and len(rest) == 1:
        raise CommandError(
            arg(
                EventRules.tr("Team %1 of table %2 needs an amount, as in %3 %4 -3."),
                head,
                table,
                table,
                head,
            )
        )
    raise CommandError(
        arg(
            EventRules.tr(
                "%1 is not a command; try 12 a -3, 12 b poison 2, 12 result a, 12 ext 4, 12 turn "
                "or 12 undo (F1 lists them)."
            ),
            _quote(line.strip()),
        )
    )
