"""The desk's command bar grammar, every bad input included."""

from __future__ import annotations

import pytest

from tablelife.tournament.commands import Command, CommandError, parse


@pytest.mark.parametrize(
    ("line", "command"),
    [
        ("12 a -3", Command(12, "life", team=0, amount=-3)),
        ("12 b +2", Command(12, "life", team=1, amount=2)),
        ("  7   C   \u22124 ", Command(7, "life", team=2, amount=-4)),
        ("12 b poison 2", Command(12, "poison", team=1, amount=2)),
        ("12 a poison -1", Command(12, "poison", team=0, amount=-1)),
        ("12 result a", Command(12, "result", team=0)),
        ("12 result draw", Command(12, "result")),
        ("12 ext 4", Command(12, "ext", amount=4)),
        ("12 ext -1", Command(12, "ext", amount=-1)),
        ("12 turn", Command(12, "turn")),
        ("12 turn -1", Command(12, "turn", amount=-1)),
        ("12 result clear", Command(12, "clear")),
        ("12 a -" + "0" * 5000 + "3", Command(12, "life", team=0, amount=-3)),
        ("12 turn \u22121", Command(12, "turn", amount=-1)),
        ("12 undo", Command(12, "undo")),
        ("12", Command(12, "open")),
    ],
)
def test_commands_read(line: str, command: Command) -> None:
    assert parse(line) == command


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("", "Type a table number first"),
        ("a -3", "is not a table number"),
        ("12 z -3", "'z' is not a team"),
        ("12 a -abc", "'-abc' is not an amount of life"),
        ("12 a 0", "0 life changes nothing"),
        # Damage with its minus sign forgotten would be a gain: the sign is asked for.
        ("12 a 5", "Lost or gained[?] 12 a -5 loses 5 life, 12 a [+]5 gains it"),
        ("12 a", "needs an amount"),
        ("12 a -100000", "too large"),
        ("12 a " + "9" * 5000, "is too large to type here"),
        ("12 b poison x", "is not a number of poison counters"),
        ("12 turn 2", "12 turn goes on to the next additional turn; 12 turn -1 takes one back"),
        (
            "12 b poison",
            "Team b of table 12 needs a number of poison counters, as in 12 b poison 2",
        ),
        ("12 result q", "'q' is not a team"),
        ("12 fly", "is not a command"),
        ("12 ext soon", "is not a number of minutes"),
        ("1234 a -3", "is not a table number"),
    ],
)
def test_bad_input_is_refused_in_words(line: str, words: str) -> None:
    with pytest.raises(CommandError, match=words):
        parse(line)


def test_a_pasted_page_is_quoted_short() -> None:
    with pytest.raises(CommandError) as caught:
        parse("12 " + "x" * 5000)
    assert len(str(caught.value)) < 200


@pytest.mark.parametrize(
    ("typed", "latin"),
    [
        ("12 ф -3", "12 a -3"),
        ("12 и зщшыщт 2", "12 b poison 2"),
        ("12 куыгде ф", "12 result a"),
        ("12 куыгде вкфц", "12 result draw"),
        ("12 уче 4", "12 ext 4"),
        ("12 егкт", "12 turn"),
        ("12 гтвщ", "12 undo"),
    ],
)
def test_a_line_typed_with_the_russian_layout_on_reads_as_its_keys(typed: str, latin: str) -> None:
    """Staff who left the Russian keyboard layout on press the same keys: the same command."""
    assert parse(typed) == parse(latin)
