"""The one check for a name a person gives (a player, a team, a preset), and quoting for messages.

Every place that takes a name from a person or a file calls `name_problem` (or `check_name`):
the new-game dialog, `tablelife import` and an event's teams file. A name is shown on a banner,
in menus, in a CSV and on a terminal, so it must be one line of visible text:

- no control characters (ANSI escapes, tabs, newlines, line and paragraph separators);
- no bidirectional overrides, embeddings, isolates or marks, which reorder what is shown;
- no invisible (zero-width) characters, except a zero-width joiner or non-joiner between two
  visible characters, where it belongs to an emoji sequence or to a word's spelling;
- no lone surrogates (they can't be stored as UTF-8);
- something to see: at least one letter, number, punctuation mark or symbol that is not
  default-ignorable and not a blank look-alike (`visible`), so "\ufe0f & \ufe0f" or a Hangul
  filler names nobody;
- at most `MAX_NAME` characters once spaces are folded.

Pure Python, no Qt: the rules, the store and the UI all import it.
"""

from __future__ import annotations

import sys
import unicodedata

from tablelife.rules.errors import RuleError
from tablelife.rules.i18n import Context, arg, grouped

MAX_NAME = 40
"""Names longer than this are cut when a game starts (and refused on import); the UI
elides what does not fit."""


class Names(Context):
    """The translation context of what is wrong with a name."""


QUOTE_LIMIT = 40
"""Quoted values in messages are cut to about this many characters."""

# Unicode's Bidi_Control characters: marks, embeddings, overrides and isolates.
_BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
_JOINERS = frozenset("\u200c\u200d")  # zero-width non-joiner and joiner
_VISIBLE = ("L", "M", "N", "P", "S")  # the first letter of a visible character's category
_MAX_RAW = 4 * MAX_NAME  # longer than this, spaces or not, a name is too long


def text_problem(text: str) -> str | None:
    """What makes `text` unfit to show as a name, in words ("has a control character
    (U+001B)"), or None if every character is fine. Length is not checked."""
    if text.isprintable():  # the usual case, at C speed: nothing printable is refused
        return None
    for i in range(len(text)):
        problem = _problem_at(text, i)
        if problem is not None:
            return problem
    return None


def name_problem(name: str) -> str | None:
    """What makes `name` unfit as a player's or a team's name, in words, or None if it is
    fine: `text_problem`, `unseen_problem`, or longer than MAX_NAME characters once spaces
    are folded. (A name of spaces alone is left to the caller: a new game gives that seat
    its default name.)"""
    # The length first: a name of 50 million characters is refused without reading them all.
    length = len(name) if len(name) > _MAX_RAW else len(" ".join(name.split()))
    if length > MAX_NAME:
        return arg(Names.tr("is %1 characters long: at most %2"), grouped(length), MAX_NAME)
    return text_problem(name) or unseen_problem(name)


def unseen_problem(name: str) -> str | None:
    """ "shows nothing" for a name that has characters, spaces aside, but none a reader can
    see (`visible`): variation selectors, combining marks alone, Hangul fillers, the blank
    Braille pattern. None otherwise (a name of spaces alone too)."""
    if name.strip() and not any(map(visible, name)):
        return Names.tr("shows nothing")
    return None


DRAW_WORD = "draw"
"""A drawn match's result where results are typed (`12 result draw`, `event result 5 draw`):
no team can be called that."""

BLANK_LOOKING = frozenset("\u115f\u1160\u2800\u3164\uffa0\U0001d159")
"""Letters and symbols that show as nothing: the Hangul fillers, the blank Braille pattern,
the musical null notehead."""

# Unicode's Default_Ignorable_Code_Point ranges (DerivedCoreProperties.txt): characters a
# font draws as nothing unless it knows them. Only the Hangul fillers among them are letters,
# numbers, punctuation or symbols; the rest are marks, format characters or unassigned.
_IGNORABLE = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)


def visible(ch: str) -> bool:
    """True for a character a reader sees: a letter, number, punctuation mark or symbol
    (Unicode's categories L, N, P and S) that is not default-ignorable and not one of the
    blank look-alikes. A mark alone (U+FE0F, U+034F) shows nothing."""
    if unicodedata.category(ch)[0] not in "LNPS" or ch in BLANK_LOOKING:
        return False
    code = ord(ch)
    return not any(low <= code <= high for low, high in _IGNORABLE)


def half_empty(name: str) -> bool:
    """True for a team of names joined by "&" with nobody on one side ("Ann &")."""
    return "&" in name and not all(any(map(visible, part)) for part in name.split("&"))


def team_name_problem(name: str) -> str | None:
    """What makes `name` unfit as a team's name in an event, in words, or None: anything
    `name_problem` finds, nothing visible, nobody on one side of "&", or the word for a
    drawn match."""
    problem = name_problem(name)
    if problem is not None:
        return problem
    if not any(map(visible, name)):
        return Names.tr("shows nothing")
    if half_empty(name):
        return Names.tr("has nobody on one side of \u201c&\u201d")
    if name.strip().casefold() == DRAW_WORD:
        return Names.tr("is the word for a drawn match")
    return None


def sort_key(name: str) -> str:
    """A name's place in an alphabetical list, the same on every machine: case and accents
    aside (NFKD, the combining marks dropped, then casefold), so "émile" sorts with "Emile",
    between "bea" and "Zoë"."""
    decomposed = unicodedata.normalize("NFKD", name)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()


def check_name(name: str, what: str = "name") -> str:
    """`name` if `name_problem` finds nothing; else RuleError, e.g. "The player's name
    'Ann\\x1b[31m' has a control character (U+001B)." `what` says whose name it is."""
    problem = name_problem(name)
    if problem is not None:
        raise RuleError(f"The {what} {quote(name)} {problem}.")
    return name


def shown(text: str) -> str:
    """`text` with every character `text_problem` refuses replaced by U+FFFD, for showing a
    name that was stored before the check existed (on a terminal, say)."""
    if text_problem(text) is None:
        return text
    return "".join(
        "\ufffd" if _problem_at(text, i) is not None else ch for i, ch in enumerate(text)
    )


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """`repr(value)` for a message, cut to about `limit` characters with an ellipsis.

    Text is cut before it is quoted, so a 50 MB string costs nothing; a list or an object is
    named rather than printed.
    """
    if isinstance(value, str):
        if len(value) <= limit:
            return repr(value)
        return repr(value[:limit]) + f"\u2026 ({len(value):,} characters)"
    if isinstance(value, list | tuple):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        try:
            digits = f"{len(str(abs(value))):,}"
        except ValueError:  # past Python's limit for turning a number into text
            digits = f"more than {sys.get_int_max_str_digits():,}"
        return f"a number of {digits} digits"
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "\u2026"


def _problem_at(text: str, i: int) -> str | None:
    """What is wrong with the character at `i` of `text`, or None."""
    ch = text[i]
    category = unicodedata.category(ch)
    code = f"U+{ord(ch):04X}"
    if category == "Cs":
        return arg(Names.tr("has a broken character (%1, a lone surrogate)"), code)
    if ch in _BIDI_CONTROLS:
        return arg(Names.tr("has a text-direction control character (%1)"), code)
    if category in ("Cc", "Zl", "Zp"):
        return arg(Names.tr("has a control character (%1)"), code)
    if category == "Cf" and not (ch in _JOINERS and _between_visible(text, i)):
        return arg(Names.tr("has an invisible character (%1)"), code)
    return None


def _between_visible(text: str, i: int) -> bool:
    """True if the character at `i` has a visible character on each side."""
    if i == 0 or i == len(text) - 1:
        return False
    before = unicodedata.category(text[i - 1])
    after = unicodedata.category(text[i + 1])
    return before[0] in _VISIBLE and after[0] in _VISIBLE
