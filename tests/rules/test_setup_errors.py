"""GameSetup: what it refuses and what it passes on from the variant (tablelife/rules/setup.py)."""

from __future__ import annotations

import re

import pytest

from tablelife.rules import FreeForAll, RuleError, TwoHeadedGiant
from tablelife.rules.setup import GameSetup, check_names


def test_an_unknown_variant_is_refused() -> None:
    with pytest.raises(RuleError, match="Unknown variant 'chess'"):
        GameSetup("chess")  # type: ignore[arg-type]


def test_a_preset_name_must_be_text() -> None:
    assert GameSetup(TwoHeadedGiant(), preset="Two-Headed Giant").preset == "Two-Headed Giant"
    with pytest.raises(RuleError, match="A preset's name must be text, not 3"):
        GameSetup(TwoHeadedGiant(), preset=3)  # type: ignore[arg-type]


def test_the_starting_team_must_be_a_whole_number() -> None:
    with pytest.raises(RuleError, match="There is no team True to start"):
        GameSetup(FreeForAll(players=2), starting=True)
    with pytest.raises(RuleError, match="There is no team 1 to start"):
        GameSetup(FreeForAll(players=2), starting="1")  # type: ignore[arg-type]


def test_810_11_house_rules_come_from_the_variant() -> None:
    assert GameSetup(TwoHeadedGiant(heads=3)).house_rules is False
    assert GameSetup(TwoHeadedGiant(starting_life=20)).house_rules is True
    assert GameSetup(FreeForAll(players=3, starting_life=40)).house_rules is False
    assert GameSetup(FreeForAll(players=3, poison_limit=5)).house_rules is True


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("Tom\u202eX", "text-direction control character (U+202E)"),
        ("Z\u200bW", "invisible character (U+200B)"),
        ("E\x1b[31m", "control character (U+001B)"),
        ("B\x07", "control character (U+0007)"),
        ("\ufe0f", "shows nothing"),  # issue 28: nothing to see
        ("\u3164", "shows nothing"),
    ],
)
def test_names_are_checked_as_import_and_the_teams_file_check_them(name: str, words: str) -> None:
    """A name the new-game dialog passes on is refused for what import would refuse, so a game
    played here always exports to a file that imports (issue 11, item 7)."""
    with pytest.raises(RuleError, match="The player's name .*" + re.escape(words)):
        check_names((name, "Bob"))
    with pytest.raises(RuleError, match="The team's name .*" + re.escape(words)):
        check_names(("Ann", "Bob", "Cal", "Dee"), (name, "Foes"))
    # Spaces, tabs and line breaks still fold: a pasted name works.
    check_names((" Ann\t Lee\n", "Bob"))
    # A game already stored is read as it was (a journal from before the check still opens).
    assert GameSetup(FreeForAll(players=2), names=(name, "Bob")).names[0] == name
