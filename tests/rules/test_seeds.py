"""Seeds: the variant presets and the rule digest (seeds/*.json, tablelife/rules/seeds.py)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tablelife.rules import FreeForAll, Game, RuleError, TwoHeadedGiant
from tablelife.rules.seeds import Preset, describe_rule, preset, presets, rule_digest

RULES_SRC = Path(__file__).resolve().parents[2] / "tablelife" / "rules"

ONE = r"(?:\d{3}(?:\.\d+[a-z]?)?)"
# "CR 810.4, 810.8d, 810.11" in comments, docstrings and messages.
CITED = re.compile(rf"CR ({ONE}(?:, {ONE})*)")
# A bare rule list, as the rules core stores it in TeamState.rule: "104.3c, 104.3e".
BARE = re.compile(rf"^,? ?({ONE}(?:, {ONE})*)$")


def cited_rules(source: str) -> set[str]:
    """Every rule number the source cites, as "CR x" anywhere or as a bare rule string."""
    found: set[str] = set()
    for match in CITED.finditer(source):
        found.update(match.group(1).split(", "))
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            bare = BARE.match(node.value)
            if bare:
                found.update(bare.group(1).split(", "))
    return found


def missing_from_digest(source: str) -> set[str]:
    """The rule numbers the source cites that the digest lacks."""
    return cited_rules(source) - set(rule_digest())


def test_every_rule_cited_in_app_rules_is_in_the_digest() -> None:
    files = sorted(RULES_SRC.glob("*.py"))
    assert len(files) >= 5
    missing = {
        f"{path.name}: {rule}"
        for path in files
        for rule in missing_from_digest(path.read_text("utf-8"))
    }
    assert not missing, (
        f"rules cited in tablelife/rules but not in seeds/rules.json: {sorted(missing)}"
    )


def test_the_citation_scan_finds_what_game_py_cites() -> None:
    cited = cited_rules((RULES_SRC / "game.py").read_text("utf-8"))
    # Spot checks, from comments ("CR 704.3"), messages ("CR 800.4a") and bare reason rules.
    assert {"704.3", "800.4a", "810.8c", "104.3b", "104.4a", "104.4c", "104.4d", "104.3f"} <= cited
    assert {"903.10a", "704.6c", "810.9g"} <= cited
    assert {"810.1", "903.7"} <= cited_rules((RULES_SRC / "variants.py").read_text("utf-8"))
    assert {"104.3c", "104.3e", "119.4a", "810.9b", "810.9h", "103.8b"} <= cited


def test_the_citation_scan_can_fail() -> None:
    source = (
        '"""Docstring citing CR 999.9z and CR 104.3b."""\n'
        "# CR 998.1, 104.2a\n"
        'rule = "997.4q, 104.3f"\n'
        'other = f"{rule}, 996.5"\n'
        'text = "no rule here 123.4"\n'
    )
    assert cited_rules(source) == {
        "999.9z",
        "104.3b",
        "998.1",
        "104.2a",
        "997.4q",
        "104.3f",
        "996.5",
    }
    assert missing_from_digest(source) == {"999.9z", "998.1", "997.4q", "996.5"}


def test_every_rule_a_reason_gives_is_in_the_digest() -> None:
    from tablelife.rules import Concede, Damage, DrawGame, LoseGame, Poison, WinGame

    digest = rule_digest()
    games = []
    for variant in (TwoHeadedGiant(), FreeForAll(players=3)):
        for changes in (
            (Damage(0, 100),),
            (Poison(0, 20),),
            (Concede(0),),
            (LoseGame(0),),
            (WinGame(0),),
            (DrawGame(),),
            (Damage(0, 100), WinGame(0)),
            (Damage(0, 100), Damage(variant.players - 1, 100), Damage(2, 100)),
        ):
            g = Game(variant)
            g.apply(*changes)
            games.append(g)
    rules = {
        part for g in games for team in g.state.teams if team.rule for part in team.rule.split(", ")
    }
    assert rules >= {"104.2a", "104.2b", "104.3a", "810.8b", "104.4c", "104.4d", "104.3f"}
    assert rules - set(digest) == set()


def test_digest_lines_are_in_our_own_words_and_describe_rule_reads_them() -> None:
    digest = rule_digest()
    assert len(digest) >= 40
    assert all(isinstance(k, str) and isinstance(v, str) and v.strip() for k, v in digest.items())
    assert describe_rule("810.8c") == "A team at 0 life or less loses."
    assert describe_rule("MTR C") == "A win is worth 3 match points, a draw 1 and a loss 0."
    assert describe_rule("999.9") == ""


def test_the_digest_cites_the_design_rules() -> None:
    design = {
        "103.8a", "103.8b", "103.8c", "104.2a", "104.2b", "104.3a", "104.3b", "104.3c",
        "104.3d", "104.3e", "104.3f", "104.4a", "104.4b", "107.1b", "119.4", "119.4a",
        "119.4b", "119.5", "119.7", "119.8", "122.1f", "704.3", "800.4", "806", "810.4",
        "810.8a", "810.8b", "810.8c", "810.8d", "810.9", "810.9c", "810.9e", "810.9g",
        "810.9h", "810.10", "810.10c", "810.11", "MTR 2.4", "MTR 9.1", "MTR B", "MTR C",
        "104.4c", "104.4d", "810.1", "903.7", "903.10a", "704.6c", "800.4a",
    }  # fmt: skip
    assert design - set(rule_digest()) == set()


def test_every_preset_builds_a_variant() -> None:
    names = [p.name for p in presets()]
    assert names == [
        "Two-Headed Giant",
        "Three-Headed Giant",
        "Four-Headed Giant",
        "Free-for-all (20 life)",
        "Free-for-all (40 life)",
        "Commander",
    ]
    for p in presets():
        v = p.make()
        assert isinstance(v, TwoHeadedGiant | FreeForAll)
        assert not v.house_rules
        g = Game(v)
        assert g.life(0) == v.starting_life
        assert p.variant in ("giant", "free_for_all")


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Two-Headed Giant", TwoHeadedGiant(heads=2, teams=2)),
        ("Three-Headed Giant", TwoHeadedGiant(heads=3)),
        ("Four-Headed Giant", TwoHeadedGiant(heads=4)),
        ("Free-for-all (20 life)", FreeForAll(players=4, starting_life=20)),
        ("Free-for-all (40 life)", FreeForAll(players=4, starting_life=40)),
        ("Commander", FreeForAll(players=4, starting_life=40, commander=True)),
    ],
)
def test_810_11_and_806_presets_give_the_rule_numbers(name: str, expected: object) -> None:
    assert preset(name).make() == expected


def test_presets_with_sizes_and_house_rules() -> None:
    assert preset("three-headed giant").make() == TwoHeadedGiant(heads=3)
    assert preset("Two-Headed Giant").make(size=4) == TwoHeadedGiant(heads=4)
    assert preset("Two-Headed Giant").make(starting_life=20, poison_limit=10) == (
        TwoHeadedGiant(starting_life=20, poison_limit=10)
    )
    assert preset("Free-for-all (40 life)").make(size=6) == FreeForAll(6, 40, 10)
    assert preset("Free-for-all (20 life)").make(starting_life=30, poison_limit=15) == (
        FreeForAll(4, 30, 15)
    )
    assert Preset(name="x", variant="free_for_all").make() == FreeForAll(4, 20, 10)
    with pytest.raises(RuleError, match="players must be at least 2"):
        preset("Free-for-all (20 life)").make(size=1)


def test_an_unknown_preset_lists_the_names() -> None:
    with pytest.raises(RuleError, match=r"There is no preset 'Chess'\. Presets: Two-Headed Giant,"):
        preset("Chess")
