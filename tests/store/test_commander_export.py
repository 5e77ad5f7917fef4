"""Commander games (CR 903.10a) and the end of a match (MTR 2.4) in the journal, the export and
the import: the variant's commander flag, commander damage and the end-of-match rule survive."""

from __future__ import annotations

import copy
import csv
import io
import json

import pytest

from tablelife.rules import (
    CommanderDamage,
    Concede,
    Damage,
    DrawGame,
    Effect,
    EndOfMatch,
    ExchangeLife,
    FreeForAll,
    GainLife,
    LoseGame,
    LoseLife,
    PassTurn,
    PayLife,
    Poison,
    SetLife,
    TwoHeadedGiant,
    WinGame,
)
from tablelife.rules.seeds import preset
from tablelife.store import (
    BadDataError,
    GameSetup,
    Journal,
    export_csv,
    export_json,
    import_json,
    replay,
    variant_from_dict,
    variant_to_dict,
)
from tablelife.store.export import export_json_text
from tests.store.test_export import content, play

COMMANDER = GameSetup(
    FreeForAll(players=4, starting_life=40, commander=True),
    ("Ann", "Bob", "Cal", "Dee"),
    preset="Commander",
)


def test_903_the_commander_flag_is_written_only_for_commander_games() -> None:
    data = variant_to_dict(COMMANDER.variant)
    assert data == {
        "kind": "free_for_all",
        "heads": 1,
        "teams": 4,
        "players": 4,
        "starting_life": 40,
        "poison_limit": 10,
        "commander": True,
    }
    assert variant_from_dict(data) == COMMANDER.variant
    # Every other variant reads exactly as before Commander existed.
    plain = variant_to_dict(FreeForAll(players=4, starting_life=40))
    assert "commander" not in plain
    assert variant_from_dict(plain).commander is False
    assert variant_from_dict({**plain, "commander": False}) == FreeForAll(4, 40)
    assert variant_to_dict(preset("Commander").make(size=6))["commander"] is True


@pytest.mark.parametrize(
    ("data", "where", "words"),
    [
        ({"commander": 1}, "variant.commander", "must be true or false, not 1"),
        ({"commander": "yes"}, "variant.commander", "must be true or false"),
        (
            {"kind": "giant", "heads": 2, "teams": 2, "players": 4, "starting_life": 30,
             "poison_limit": 15, "commander": True},
            "variant.commander",
            "Two-Headed Giant is not played as a Commander game",
        ),
    ],
)  # fmt: skip
def test_903_a_bad_commander_flag_is_refused(
    data: dict[str, object], where: str, words: str
) -> None:
    base = variant_to_dict(FreeForAll(players=4, starting_life=40))
    with pytest.raises(BadDataError, match=words) as info:
        variant_from_dict({**base, **data})
    assert info.value.where == where


def test_903_10a_commander_damage_survives_the_journal(journal: Journal) -> None:
    gid = play(
        journal,
        COMMANDER,
        [
            ("apply", (CommanderDamage(1, 0, 7),)),
            ("apply", (CommanderDamage(1, 0, 5, commander=1), Damage(2, 3))),
            ("undo", ()),
            ("redo", ()),
            ("apply", (CommanderDamage(1, 0, 14),)),
        ],
    )
    row = journal.game(gid)
    assert row.variant.commander is True and row.preset == "Commander"
    game = replay(row, journal.events(gid))
    assert (game.commander_damage(1, 0), game.commander_damage(1, 0, 1)) == (21, 5)
    assert game.status(1) == "lost"
    assert game.reason(1) == "21 or more combat damage from Ann's commander (CR 903.10a, 704.6c)"


def test_903_10a_export_and_import_carry_commander_damage(journal: Journal) -> None:
    gid = play(
        journal,
        COMMANDER,
        [
            ("apply", (CommanderDamage(1, 0, 7), CommanderDamage(3, 2, 4, commander=1))),
            ("apply", (Effect(1, "cant_lose_life"), CommanderDamage(1, 0, 3))),
            ("undo", ()),
        ],
    )
    data = export_json(journal, gid)
    assert data["variant"]["commander"] is True
    first = data["events"][0]
    assert first["changes"][0] == {
        "type": "CommanderDamage",
        "player": 1,
        "source": 0,
        "amount": 7,
        "commander": 0,
    }
    assert first["after"]["commander_damage"] == [
        {"player": 1, "source": 0, "commander": 0, "amount": 7},
        {"player": 3, "source": 2, "commander": 1, "amount": 4},
    ]
    assert "commander_damage" not in data["initial"]  # nothing dealt yet
    assert data["events"][1]["notes"] == ["Bob can't lose life (CR 119.8)."]
    new = import_json(journal, json.loads(json.dumps(data)))
    again = export_json(journal, new)
    assert again.pop("game_id") == new
    data.pop("game_id")
    assert content(again) == content(data)  # the import chains the game anew
    imported = replay(journal.game(new), journal.events(new))
    assert imported.commander_damage(1, 0) == 7
    assert imported.redo_events[0].after.commander_damage_to(1, 0) == 10


def test_903_10a_an_export_whose_tally_differs_from_the_replay_is_refused(
    journal: Journal,
) -> None:
    gid = play(journal, COMMANDER, [("apply", (CommanderDamage(1, 0, 7),))])
    data = export_json(journal, gid)
    bad = copy.deepcopy(data)
    bad["events"][0]["after"]["commander_damage"][0]["amount"] = 8
    with pytest.raises(BadDataError, match="the file says 8, but replaying the events gives 7"):
        import_json(journal, bad)
    # A Commander game's changes need the flag: without it the events can't be replayed.
    bad = copy.deepcopy(data)
    del bad["variant"]["commander"]
    with pytest.raises(BadDataError, match="This is not a Commander game") as info:
        import_json(journal, bad)
    assert info.value.where == "events[0].changes"
    assert len(journal.games()) == 1


def test_mtr_2_4_the_end_of_match_rule_survives_export_and_import(journal: Journal) -> None:
    setup = GameSetup(TwoHeadedGiant(), ("Ann", "Bob", "Cat", "Dan"))
    gid = play(
        journal,
        setup,
        [
            ("apply", (Damage(0, 4), Damage(2, 4))),
            ("apply", (EndOfMatch(single_elimination=True),)),
            ("apply", (GainLife(3, 1),)),
            ("undo", ()),
        ],
    )
    data = export_json(journal, gid)
    assert data["events"][1]["after"]["highest_life_only"] is True
    assert "highest_life_only" not in data["events"][0]["after"]
    assert data["events"][1]["notes"] == [
        "Tied at 26 life when the match ended: play goes on, and a team without the highest "
        "life total loses (MTR 2.4)."
    ]
    new = import_json(journal, json.loads(json.dumps(data)))
    game = replay(journal.game(new), journal.events(new))
    assert game.state.highest_life_only is True and not game.over
    assert game.redo()
    assert [game.status(t) for t in range(2)] == ["lost", "won"]
    assert game.reason(0) == "not the highest life total after a tie at time (MTR 2.4)"
    bad = copy.deepcopy(data)
    del bad["events"][1]["after"]["highest_life_only"]
    with pytest.raises(BadDataError, match="highest_life_only"):
        import_json(journal, bad)


def test_mtr_2_4_a_swiss_draw_exports_with_its_result(journal: Journal) -> None:
    gid = play(journal, COMMANDER, [("apply", (EndOfMatch(single_elimination=False),))])
    data = export_json(journal, gid)
    assert data["result"] == {"status": ["drawn"] * 4, "winners": []}
    assert data["events"][0]["after"]["teams"][0]["rule"] == "MTR 2.4"
    new = import_json(journal, data)
    assert journal.game(new).result == data["result"]


def test_119_7_the_csv_says_a_blocked_gain_as_one_that_did_not_happen(journal: Journal) -> None:
    gid = play(
        journal,
        COMMANDER,
        [
            ("apply", (Effect(0, "cant_gain_life"),)),
            ("apply", (GainLife(0, 1), CommanderDamage(2, 1, 6))),
        ],
    )
    rows = list(csv.reader(io.StringIO(export_csv(journal, gid))))
    assert rows[2][3] == (
        "Ann: would gain 1 life, but can't gain life (CR 119.7); "
        "Cal: 6 combat damage from Bob's commander"
    )
    assert rows[2][4:6] == ["40", "0"]


def test_810_1_an_older_export_of_a_three_team_giant_still_imports(journal: Journal) -> None:
    """Older Tablelife did not mark a giant of three teams as house rules (CR 810.1)."""
    setup = GameSetup(TwoHeadedGiant(teams=3))
    gid = play(journal, setup, [("apply", (Damage(0, 2),))])
    data = export_json(journal, gid)
    assert data["house_rules"] is True
    data["house_rules"] = False  # as an older Tablelife wrote it
    new = import_json(journal, data)
    assert journal.game(new).house_rules is True
    # House-rules life was marked in older files too: false is no excuse for it.
    data["variant"]["starting_life"] = 20
    with pytest.raises(BadDataError, match="the variant says True") as info:
        import_json(journal, data)
    assert info.value.where == "house_rules"


@pytest.mark.parametrize("pretty", [False, True])
def test_the_export_text_is_exactly_json_dumps_of_the_record(
    journal: Journal, pretty: bool
) -> None:
    """`export_json_text` builds the file from parts; it must write exactly what
    `json.dumps(export_json(...))` writes: every kind of state (commander damage, the tie
    rule, effects, players out), notes, names beyond ASCII and quotes, undo and redo, the
    chain, and a game just imported (with no stored states)."""
    names = ('Ann "A" Ølund', "Bøb\\", "Cal ✓", "Dee")
    setup = GameSetup(FreeForAll(players=4, starting_life=40, commander=True), names)
    kept = play(
        journal,
        setup,
        [
            ("apply", (Effect(0, "cant_gain_life"), Effect(0, "cant_lose_life"))),
            ("apply", (GainLife(0, 1), CommanderDamage(2, 1, 6), Damage(0, 3))),
            ("apply", (CommanderDamage(3, 1, 21),)),
            ("undo", ()),
            ("redo", ()),
            ("apply", (EndOfMatch(single_elimination=True),)),
            ("undo", ()),
            ("apply", (Damage(1, 2), Damage(2, 2))),
            ("apply", (EndOfMatch(single_elimination=True),)),
        ],
    )
    # Every other kind of change, each written as the encoder writes it.
    giant = GameSetup(TwoHeadedGiant(), ("Ann", "Bob", "Cat", "Dan"))
    more = play(
        journal,
        giant,
        [
            ("apply", (PassTurn(), Poison(1, 3), Poison(2, -1), PayLife(0, 2))),
            ("apply", (SetLife(3, 25), ExchangeLife(0, 3), LoseLife(1, 1))),
            ("apply", (Effect(2, "cant_lose", on=False), LoseGame(1))),
            ("undo", ()),
            ("apply", (WinGame(2),)),
            ("undo", ()),
            ("apply", (Concede(0),)),
        ],
    )
    drawn = play(journal, giant, [("apply", (DrawGame(),))])
    empty = journal.new_game(GameSetup(TwoHeadedGiant()), started=1_700_000_000.0)
    imported = import_json(journal, export_json(journal, kept))
    for gid in (kept, more, drawn, empty, imported):
        data = export_json(journal, gid)
        if pretty:
            expected = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
        else:
            expected = json.dumps(data, separators=(",", ":"), ensure_ascii=False) + "\n"
        assert export_json_text(journal, gid, pretty=pretty) == expected
    assert any(e["notes"] for e in export_json(journal, kept)["events"])
