"""Words in the reader's language, while the Qt-free layers stay free of Qt.

The rules, tournament and store layers write every sentence a person reads as

    arg(translate("Words", "%1 concedes"), name)
    arg(Words.tr("%1: %n damage", "", n), name)    # class Words(Context): a plural

`pyside6-lupdate` finds `translate("context", "source")` and `Words.tr("source", "", n)`
calls by name in any Python file (a plural only in the second form), so these sentences land
in `resources/translations/*.ts` with the widgets' own `tr()` strings. Here `translate` only
fills in `%n`; the window (tablelife.model.i18n) installs Qt's `QCoreApplication.translate` behind
it, so the sentence is translated in the process that shows it. The command line never
installs one and speaks English.

Placeholders are Qt's: `%1`…`%9` for arguments (filled by `arg`, in one pass, so an argument
that itself contains "%2" is left alone) and `%n` for the count that picks the plural form
(1 жизнь, 2 жизни, 5 жизней).
"""

from __future__ import annotations

import re
from collections.abc import Callable

Translator = Callable[[str, str, "str | None", int], str]

_PERCENT_N = re.compile(r"%L?n")
_ARG = re.compile(r"%(\d)")


def _english(context: str, source: str, disambiguation: str | None = None, n: int = -1) -> str:
    """The source text itself, with %n filled in as Qt fills it, and a plural source's "(s)"
    made right for the count ("%n turn(s)": "1 turn", "2 turns"), as tablelife_en.ts does
    in the window."""
    del context, disambiguation
    if n < 0:
        return source
    return _PERCENT_N.sub(str(n), source).replace("(s)", "" if n == 1 else "s")


_translator: Translator = _english


def install(translator: Translator | None) -> None:
    """Routes `translate` through `translator` (None: back to the English source texts)."""
    global _translator
    _translator = translator or _english


def translate(context: str, source: str, disambiguation: str | None = None, n: int = -1) -> str:
    """`source` in the reader's language, %n replaced by `n` when n >= 0 (as Qt's own)."""
    return _translator(context, source, disambiguation, n)


def QT_TRANSLATE_NOOP(context: str, source: str) -> str:
    """Marks `source` for the translation file (lupdate knows this name) without translating
    it here: for tables of words read later through `translate(context, source)`."""
    del context
    return source


def arg(template: str, *args: object, isolate: bool = True) -> str:
    """`template` with %1…%9 replaced by `args`, in one pass (Qt's QString::arg). An argument
    with right-to-left letters in it (a name in Hebrew or Arabic) is set apart as a bidi
    isolate (`isolated`), so it can't turn the sentence around it; `isolate=False` for a text
    that is kept rather than shown (the rules' English reasons, as older versions kept them)."""
    fit = isolated if isolate else str

    def fill(match: re.Match[str]) -> str:
        i = int(match.group(1)) - 1
        return fit(str(args[i])) if 0 <= i < len(args) else match.group(0)

    return _ARG.sub(fill, template)


_RIGHT_TO_LEFT = re.compile(
    "[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\U00010800-\U00010fff\U0001e800-\U0001efff]"
)
"""Letters of the scripts written right to left: Hebrew, Arabic, Syriac, Thaana, N'Ko and
their presentation forms (Unicode's R and AL blocks)."""


def isolated(text: str) -> str:
    """`text` as a first-strong isolate (U+2068 … U+2069) when it holds right-to-left letters:
    "محمد: 5 damage" would otherwise be laid out right to left, as "damage 5 :محمد" (Unicode's
    bidi algorithm, UAX #9). Any other text is returned as it is."""
    if _RIGHT_TO_LEFT.search(text) is None or (text[:1] == "\u2068" and text[-1:] == "\u2069"):
        return text
    return f"\u2068{text}\u2069"


class Context:
    """A translation context for the Qt-free layers: `Words.tr("%1: %n damage", "", n)` for
    a class `Words(Context)` translates in the context "Words".

    `pyside6-lupdate` sees a plural (numerus) message only in a `tr()` call with three
    arguments, never in `translate()`: `Name.tr(...)` gives it both the context (the class
    name) and the plural. Arguments positional, as for `translate`.
    """

    @classmethod
    def tr(cls, source: str, disambiguation: str | None = None, n: int = -1) -> str:
        """`source` in the reader's language in this class's context (%n filled by `n`)."""
        return translate(cls.__name__, source, disambiguation or None, n)


def language_code() -> str:
    """The reader's language as a code ("en", "ru"): the translation of a marker text, so the
    Qt-free layers can pick a data file in that language (the rule digest) without Qt."""
    return translate(
        "i18n", "en", "the code of this translation's language (seeds/rules.<code>.json)"
    )


# Languages that group thousands with a comma; the others (Russian among them) write the
# comma as the decimal mark and group with a no-break space: 1 000 000.
_COMMA_GROUPED = frozenset({"en"})


TYPED_DIGITS = 18
"""More digits than any number a person types into Tablelife takes: such a number is too
large, whatever its value."""


def read_digits(digits: str) -> int | None:
    """Decimal digits as a number; None past TYPED_DIGITS of them (leading zeros aside, which
    Python counts toward the limit past which it makes no number at all)."""
    digits = digits.lstrip("0") or "0"
    return int(digits) if len(digits) <= TYPED_DIGITS else None


def grouped(n: int) -> str:
    """A whole number with its thousands grouped as the reader writes them: "1,500" in
    English, "1 500" (a no-break space) in Russian, where "1,500" would read as one and a
    half; "−1,500" below 0."""
    text = f"{abs(n):,}"
    if language_code() not in _COMMA_GROUPED:
        text = text.replace(",", "\u00a0")
    return f"\u2212{text}" if n < 0 else text  # a true minus, as `words.number` writes it
