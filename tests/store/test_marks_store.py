"""Who starts, dice, designations and counters in the journal, its stored states (the fast
resume), the export and the import: every one survives, and a game without them reads and
writes exactly as before they existed."""

from __future__ import annotations

import copy
import csv
import io
import json

import pytest

from tablelife.rules import (
    NO_MARKS,
    BecomeMonarch,
    CastCommander,
    Concede,
    Damage,
    DayNight,
    FlipCoin,
    FreeForAll,
    PassTurn,
    PlayerCounters,
    RollDie,
    StartingTeam,
    Storm,
    TakeInitiative,
)
from tablelife.store import (
    BadDataError,
    GameSetup,
    Journal,
    export_csv,
    export_json,
    import_json,
    replay,
    state_to_dict,
)
from tablelife.store.export import export_json_text
from tablelife.store.resume import dump_state, load_state
from tests.store.test_export import content, play

POD = GameSetup(
    FreeForAll(players=4, starting_life=40, commander=True),
    ("Ann", "Bob", "Cal", "Dee"),
    preset="Commander",
)
STEPS = [
    ("apply", (RollDie(20, 4, team=0), RollDie(20, 11, team=1), RollDie(20, 2, team=2))),
    ("undo", ()),
    ("apply", (StartingTeam(2, chooser=1),)),
    ("apply", (FlipCoin(heads=True),)),
    ("apply", (BecomeMonarch(1), TakeInitiative(3), CastCommander(0), CastCommander(0, 1))),
    ("apply", (PlayerCounters(2, "energy", 4), PlayerCounters(2, "experience", 1), Storm(3))),
    ("apply", (DayNight(day=True), Damage(1, 6), PassTurn())),
    ("apply", (Concede(1),)),
]


def test_every_mark_survives_the_journal(journal: Journal) -> None:
    gid = play(journal, POD, STEPS)  # type: ignore[arg-type]
    game = replay(journal.game(gid), journal.events(gid))
    assert (game.active, game.turn) == (3, 2)  # Cal started; the turn passed to Dee
    assert game.monarch == 3  # Bob conceded on Dee's turn: Dee becomes the monarch (CR 724.4)
    assert (game.initiative, game.tax(0), game.tax(0, 1)) == (3, 2, 2)
    assert (game.counter(2, "energy"), game.counter(2, "experience")) == (4, 1)
    assert (game.storm, game.day) == (0, "day")  # the turn passed: storm starts again


def test_the_stored_state_brings_the_marks_back_for_a_fast_resume(journal: Journal) -> None:
    gid = play(journal, POD, STEPS)  # type: ignore[arg-type]
    state = replay(journal.game(gid), journal.events(gid)).state
    assert load_state(dump_state(state), POD) == state
    assert state_to_dict(state)["marks"] == {
        "monarch": 3,
        "initiative": 3,
        "casts": [
            {"player": 0, "commander": 0, "casts": 1},
            {"player": 0, "commander": 1, "casts": 1},
        ],
        "counters": [
            {"player": 2, "kind": "energy", "amount": 4},
            {"player": 2, "kind": "experience", "amount": 1},
        ],
        "day": "day",
    }
    # A state without marks reads and writes as before they existed.
    fresh = POD.new_game().state
    assert "marks" not in state_to_dict(fresh)
    assert load_state(dump_state(fresh), POD).marks is NO_MARKS  # type: ignore[union-attr]
    # Anything odd in a stored state's marks reads as no stored state: the game is replayed.
    odd = json.loads(dump_state(state))
    odd["marks"]["monarch"] = 9
    assert load_state(json.dumps(odd), POD) is None
    odd["marks"] = {"day": "dusk"}
    assert load_state(json.dumps(odd), POD) is None


def test_export_and_import_carry_every_mark(journal: Journal) -> None:
    gid = play(journal, POD, STEPS)  # type: ignore[arg-type]
    data = export_json(journal, gid)
    assert data["events"][2]["changes"] == [
        {"type": "StartingTeam", "team": 2, "chooser": 1, "rolled": False}
    ]
    assert data["events"][4]["after"]["marks"]["monarch"] == 1
    assert "marks" not in data["initial"]
    assert data["events"][7]["notes"] == [
        "Bob left the game as the monarch: Dee becomes the monarch (CR 724.4)."
    ]
    for pretty in (False, True):  # written from parts: exactly what the encoder writes
        expected = json.dumps(data, separators=(",", ":"), ensure_ascii=False) + "\n"
        if pretty:
            expected = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
        assert export_json_text(journal, gid, pretty=pretty) == expected
    new = import_json(journal, json.loads(json.dumps(data)))
    again = export_json(journal, new)
    assert again.pop("game_id") == new
    data.pop("game_id")
    assert content(again) == content(data)
    imported = replay(journal.game(new), journal.events(new))
    assert imported.monarch == 3 and imported.tax(0) == 2


def test_an_export_whose_marks_differ_from_the_replay_is_refused(journal: Journal) -> None:
    gid = play(journal, POD, STEPS)  # type: ignore[arg-type]
    data = export_json(journal, gid)
    bad = copy.deepcopy(data)
    bad["events"][4]["after"]["marks"]["monarch"] = 2
    with pytest.raises(BadDataError, match="the file says 2, but replaying the events gives 1"):
        import_json(journal, bad)
    bad = copy.deepcopy(data)
    bad["events"][4]["after"]["marks"]["monarch"] = 1.0  # a float where a seat is a whole number
    with pytest.raises(BadDataError, match=r"marks\.monarch"):
        import_json(journal, bad)
    bad = copy.deepcopy(data)
    bad["events"][2]["changes"][0]["team"] = 7
    with pytest.raises(BadDataError, match="There is no team 7"):
        import_json(journal, bad)
    assert len(journal.games()) == 1


def test_the_csv_says_each_mark_in_words(journal: Journal) -> None:
    gid = play(journal, POD, STEPS)  # type: ignore[arg-type]
    rows = list(csv.reader(io.StringIO(export_csv(journal, gid))))
    said = [r[3] for r in rows[1:]]
    assert said[0] == "d20 for Ann: 4; d20 for Bob: 11; d20 for Cal: 2"
    assert said[2] == "starting: Cal, chosen by Bob (CR 103.1)"
    assert said[3] == "coin flip: heads"
    assert said[4] == (
        "Bob becomes the monarch; Dee takes the initiative; Ann casts their commander from the"
        " command zone; Ann casts their second commander from the command zone"
    )
    assert said[5] == "Cal: +4 energy counters; Cal: +1 experience counter; storm count +3"
