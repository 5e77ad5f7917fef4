"""The one shared name check (tablelife/rules/names.py) and quoting values in messages."""

from __future__ import annotations

import pytest

from tablelife.rules import RuleError
from tablelife.rules.names import (
    QUOTE_LIMIT,
    check_name,
    name_problem,
    quote,
    shown,
    team_name_problem,
    text_problem,
)
from tablelife.rules.setup import MAX_NAME


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("Ann\x1b[31m", "has a control character (U+001B)"),
        ("Ann\nBob", "has a control character (U+000A)"),
        ("Ann\tBob", "has a control character (U+0009)"),
        ("Ann\x00", "has a control character (U+0000)"),
        ("Ann\x85", "has a control character (U+0085)"),
        ("Ann\u2028Bob", "has a control character (U+2028)"),
        ("\u202eevil", "has a text-direction control character (U+202E)"),
        ("a\u2066b\u2069", "has a text-direction control character (U+2066)"),
        ("a\u200fb", "has a text-direction control character (U+200F)"),
        ("\u200b", "has an invisible character (U+200B)"),
        ("An\u200bn", "has an invisible character (U+200B)"),
        ("Ann\ufeff", "has an invisible character (U+FEFF)"),
        ("\u2060Ann", "has an invisible character (U+2060)"),
        ("\u200dAnn", "has an invisible character (U+200D)"),  # a joiner joining nothing
        ("Ann\u200c", "has an invisible character (U+200C)"),
        ("\ud800", "has a broken character (U+D800, a lone surrogate)"),
        # Issue 28: characters a font draws as nothing, alone, are no name.
        ("\ufe0f", "shows nothing"),  # a variation selector
        ("\u034f", "shows nothing"),  # the combining grapheme joiner
        ("\u0301\u0301", "shows nothing"),  # marks with nothing to mark
        ("\u2800", "shows nothing"),  # the blank Braille pattern
        ("\u3164 \u115f\u1160", "shows nothing"),  # Hangul fillers
        ("\uffa0", "shows nothing"),
        ("\U0001d159", "shows nothing"),  # the musical null notehead
        ("x" * (MAX_NAME + 1), f"is {MAX_NAME + 1} characters long: at most {MAX_NAME}"),
    ],
)
def test_names_a_person_cant_read_are_refused(name: str, problem: str) -> None:
    assert name_problem(name) == problem
    with pytest.raises(RuleError) as caught:
        check_name(name, "player's name")
    assert str(caught.value) == f"The player's name {quote(name)} {problem}."
    assert "\n" not in str(caught.value) and "\x1b" not in str(caught.value)


@pytest.mark.parametrize(
    "name",
    [
        "Ann",
        "Zoë Ødegård",
        "Tom & Jerry",
        "=SUM(A1)",  # a CSV guards it; it is a fine name
        "Анна",
        "太郎",
        "\U0001f468\u200d\U0001f469\u200d\U0001f467",  # one family emoji, joined
        "\U0001f3f3\ufe0f\u200d\U0001f308",  # a rainbow flag
        "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645",  # Persian, with its non-joiner
        "x" * MAX_NAME,
        "  Ann   Bob  ",  # spaces are folded when the game starts; the length counts after
    ],
)
def test_real_names_pass(name: str) -> None:
    assert name_problem(name) is None
    assert check_name(name) == name
    assert shown(name) == name


def test_text_problem_leaves_length_alone() -> None:
    assert text_problem("x" * 1000) is None
    assert text_problem("a\x07") == "has a control character (U+0007)"


def test_shown_replaces_only_what_is_refused() -> None:
    assert shown("A\x1b[31mnn\u202e") == "A\ufffd[31mnn\ufffd"
    assert shown("x\u200dy\u200d") == "x\u200dy\ufffd"


def test_quote_cuts_long_values() -> None:
    assert quote("abc") == "'abc'"
    long = quote("x" * 50_000_000)
    assert long.startswith("'" + "x" * QUOTE_LIMIT + "'\u2026") and len(long) < 80
    assert "50,000,000 characters" in long
    assert quote(10**308) == "a number of 309 digits"
    assert quote(12345) == "12345" and quote(True) == "True" and quote(None) == "None"
    assert quote([1] * 10_000_000) == "a list" and quote({"a": 1}) == "an object"
    assert quote(1e300) == "1e+300"
    assert quote("\x1b[2J") == "'\\x1b[2J'"  # quoted text escapes what a terminal would run


@pytest.mark.parametrize(
    ("team", "problem"),
    [
        ("\ufe0f & \ufe0f", "has nobody on one side of \u201c&\u201d"),
        ("Ann & \u034f", "has nobody on one side of \u201c&\u201d"),
        ("\u034f", "shows nothing"),
        ("\u2800\ufe0f", "shows nothing"),
    ],
)
def test_a_team_of_nobody_to_see_is_refused(team: str, problem: str) -> None:
    """Issue 28: "\ufe0f & \ufe0f" was a team, since a mark counted as something to see."""
    assert team_name_problem(team) == problem


def test_a_mark_or_a_selector_beside_a_letter_is_still_fine() -> None:
    for name in ("Zoe\u0301", "\u2764\ufe0f Ann", "Ann \u2764\ufe0f & Bob"):
        assert name_problem(name) is None and team_name_problem(name) is None
