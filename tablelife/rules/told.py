"""Texts the rules keep in English (a team's reason for leaving, an event's notes, why a change
was stopped) told again in the reader's language when they are shown.

The rules write these texts by filling an English template (`tell(TEMPLATE, name, rule)`);
the template is marked for the translation file here, and `retell` finds which template a
stored text was made from and fills the template's translation with the same parts. The stored
text stays English: it is in the journal, chained by checksums, and exported.
"""

from __future__ import annotations

import re
from functools import cache

from tablelife.rules.i18n import QT_TRANSLATE_NOOP, arg, translate

CONTEXT = "Rules"

# Why a change was stopped (`Blocked.why`).
CANT_LOSE_LIFE = QT_TRANSLATE_NOOP("Rules", "can't lose life")
CANT_GAIN_LIFE = QT_TRANSLATE_NOOP("Rules", "can't gain life")
CANT_GET_POISON = QT_TRANSLATE_NOOP("Rules", "can't get poison")
HAD_LEFT = QT_TRANSLATE_NOOP("Rules", "had left the game")
HAD_ENDED = QT_TRANSLATE_NOOP("Rules", "the game had ended")
CANT_LOSE_GAME = QT_TRANSLATE_NOOP("Rules", "can't lose the game")
CANT_WIN_GAME = QT_TRANSLATE_NOOP("Rules", "can't win the game")

# Why a team left the game (`TeamState.reason`).
CONCEDED = QT_TRANSLATE_NOOP("Rules", "conceded")
DRAW_BY_EFFECT = QT_TRANSLATE_NOOP("Rules", "the game is a draw")
UNFINISHED_DRAW = QT_TRANSLATE_NOOP("Rules", "unfinished when the match ended: a draw")
HIGHEST_AT_TIME = QT_TRANSLATE_NOOP("Rules", "the highest life total when the match ended")
LOWER_AT_TIME = QT_TRANSLATE_NOOP("Rules", "a lower life total when the match ended")
LAST_STANDING = QT_TRANSLATE_NOOP("Rules", "last one standing")
LIFE_ZERO = QT_TRANSLATE_NOOP("Rules", "life 0 or less")
POISON_LIMIT = QT_TRANSLATE_NOOP("Rules", "%1 or more poison")
COMMANDER_LOSS = QT_TRANSLATE_NOOP("Rules", "21 or more combat damage from %1's commander")
SECOND_COMMANDER_LOSS = QT_TRANSLATE_NOOP(
    "Rules", "21 or more combat damage from %1's second commander"
)
LOST_TO_EFFECT = QT_TRANSLATE_NOOP("Rules", "lost the game to an effect or an empty library")
NOT_HIGHEST = QT_TRANSLATE_NOOP("Rules", "not the highest life total after a tie at time")
ALSO_WIN = QT_TRANSLATE_NOOP("Rules", "%1, though it would also win")
OTHER_WON = QT_TRANSLATE_NOOP("Rules", "%1 won the game")
ALL_LOST = QT_TRANSLATE_NOOP("Rules", "everyone left lost at once: a draw")
WON_BY_EFFECT = QT_TRANSLATE_NOOP("Rules", "won the game by an effect")

# An event's notes (`Event.notes`).
NOTE_CANT_LOSE_LIFE = QT_TRANSLATE_NOOP("Rules", "%1 can't lose life (CR %2).")
NOTE_CANT_GAIN_LIFE = QT_TRANSLATE_NOOP("Rules", "%1 can't gain life (CR %2).")
NOTE_CANT_GET_POISON = QT_TRANSLATE_NOOP("Rules", "%1 can't get poison (CR %2).")
NOTE_LEFT_CHANGE = QT_TRANSLATE_NOOP("Rules", "%1 left the game before their change applied.")
NOTE_LEFT_COMMANDER = QT_TRANSLATE_NOOP(
    "Rules", "%1 left the game before their commander's damage applied."
)
NOTE_NO_EXCHANGE_GAIN = QT_TRANSLATE_NOOP(
    "Rules", "The exchange doesn't happen: %1 can't gain life (CR %2)."
)
NOTE_NO_EXCHANGE_LOSE = QT_TRANSLATE_NOOP(
    "Rules", "The exchange doesn't happen: %1 can't lose life (CR %2)."
)
NOTE_TIED_TEAM = QT_TRANSLATE_NOOP(
    "Rules",
    "Tied at %1 life when the match ended: play goes on, and a team without the highest life "
    "total loses (MTR 2.4).",
)
NOTE_TIED_PLAYER = QT_TRANSLATE_NOOP(
    "Rules",
    "Tied at %1 life when the match ended: play goes on, and a player without the highest life "
    "total loses (MTR 2.4).",
)
NOTE_CANT_LOSE_GAME = QT_TRANSLATE_NOOP("Rules", "%1 can't lose the game (CR %2).")
NOTE_CANT_WIN_GAME = QT_TRANSLATE_NOOP("Rules", "%1 can't win the game (CR %2).")
NOTE_ENDED_BEFORE = QT_TRANSLATE_NOOP("Rules", "The game ended before %1 applied.")
NOTE_NEW_MONARCH = QT_TRANSLATE_NOOP(
    "Rules", "%1 left the game as the monarch: %2 becomes the monarch (CR 724.4)."
)
NOTE_NEW_INITIATIVE = QT_TRANSLATE_NOOP(
    "Rules", "%1 left the game with the initiative: %2 takes the initiative (CR 725.4)."
)

_TEMPLATES = tuple(
    value
    for name, value in sorted(globals().items())
    if name.isupper() and name[0] != "_" and name != "CONTEXT" and isinstance(value, str)
)
_NESTED = {ALSO_WIN: (0,)}  # parts that are themselves told texts, told again in turn
_PLACEHOLDER = re.compile(r"%(\d)")


def tell(template: str, *parts: object) -> str:
    """The English text the rules keep: `template` (one of this module's) filled with `parts`,
    as they are (`retell` sets a right-to-left name apart when the text is shown)."""
    return arg(template, *parts, isolate=False)


@cache
def _patterns() -> tuple[tuple[re.Pattern[str], str], ...]:
    """Each template as a pattern that finds its parts in a text made from it: the ones
    without parts first, then the longest, so "won the game by an effect" is never read as
    "%1 won the game", nor "The exchange doesn't happen: %1 can't lose life (CR %2)." as
    "%1 can't lose life (CR %2)."."""
    found = []
    for template in sorted(_TEMPLATES, key=lambda t: ("%" in t, -len(t))):
        pieces = _PLACEHOLDER.split(template)
        body = "".join(
            re.escape(piece) if i % 2 == 0 else "(.+?)" for i, piece in enumerate(pieces)
        )
        found.append((re.compile(f"^{body}$", re.DOTALL), template))
    return tuple(found)


def retell(text: str) -> str:
    """A text the rules made from one of this module's templates, in the reader's language;
    any other text as it is (a reason stored by an older version, say)."""
    if not text:
        return text
    for pattern, template in _patterns():
        match = pattern.match(text)
        if match is None:
            continue
        parts = list(match.groups())
        for i in _NESTED.get(template, ()):
            parts[i] = retell(parts[i])
        return arg(translate(CONTEXT, template), *parts)
    return text
