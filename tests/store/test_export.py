"""Export to JSON and CSV, import from JSON: round trips, and every bad file refused."""

from __future__ import annotations

import copy
import csv
import io
import json
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from tablelife.rules import (
    Change,
    Concede,
    Damage,
    Effect,
    ExchangeLife,
    GainLife,
    PassTurn,
    PayLife,
    Poison,
    SetLife,
    TwoHeadedGiant,
)
from tablelife.store import (
    FORMAT,
    FORMAT_VERSION,
    BadDataError,
    GameSetup,
    Journal,
    UnknownGameError,
    export_csv,
    export_json,
    import_json,
    open_journal,
    replay,
    result_of,
)
from tests.store.conftest import FFA, GIANT

CHAIN_KEYS = ("imported", "checksum", "end_checksum")


def content(data: dict[str, Any]) -> dict[str, Any]:
    """An export without its checksum chain (and the imported flag the chain covers): what
    a re-import keeps the same, while it chains the game anew."""
    out = {k: v for k, v in data.items() if k not in CHAIN_KEYS}
    out["events"] = [{k: v for k, v in e.items() if k != "checksum"} for e in data["events"]]
    return out


def unchained(data: dict[str, Any]) -> dict[str, Any]:
    """An export as a Tablelife without checksums wrote it (format 1): a test may edit it."""
    out = content(data)
    out["version"] = 1
    return out


def play(journal: Journal, setup: GameSetup, steps: list[tuple[str, tuple[Change, ...]]]) -> int:
    """Journals a game the way the model would; returns its id."""
    gid = journal.new_game(setup, started=1_700_000_000.0)
    game = setup.new_game()
    for n, (kind, changes) in enumerate(steps):
        if kind == "apply":
            game.apply(*changes)
        else:
            assert getattr(game, kind)()
        journal.append(gid, kind, changes, when=1_700_000_000.0 + n)  # type: ignore[arg-type]
    if game.over:
        journal.finish(gid, result_of(game.state), when=1_700_000_100.0)
    return gid


STEPS: list[tuple[str, tuple[Change, ...]]] = [
    ("apply", (Damage(0, 5), Damage(2, 2))),
    ("apply", (Poison(3, 4), PassTurn())),
    ("apply", (Effect(1, "cant_lose_life"),)),
    ("undo", ()),
    ("redo", ()),
    ("apply", (PayLife(2, 3), GainLife(1, 6))),
    ("undo", ()),
]


@pytest.fixture
def gid(journal: Journal) -> int:
    return play(journal, GIANT, STEPS)


def test_export_json_holds_the_whole_record(journal: Journal, gid: int) -> None:
    data = export_json(journal, gid)
    assert data["format"] == FORMAT and data["version"] == FORMAT_VERSION == 2
    assert data["game_id"] == gid and data["imported"] is False
    assert data["checksum"] == journal.load(gid).checksum and len(data["checksum"]) == 64
    assert [e["checksum"] for e in data["events"]] == [e.checksum for e in journal.events(gid)]
    assert "tournament_id" not in data  # a kitchen game
    assert data["variant"] == {
        "kind": "giant",
        "heads": 2,
        "teams": 2,
        "players": 4,
        "starting_life": 30,
        "poison_limit": 15,
    }
    assert data["players"] == ["Ann", "Bob", "Cat", "Dan"]
    assert data["teams"] == ["Ann & Bob", "Cat & Dan"]
    assert (data["starting"], data["preset"], data["house_rules"]) == (0, "Two-Headed Giant", False)
    assert (data["started"], data["ended"], data["result"]) == (1_700_000_000.0, None, None)
    assert [e["kind"] for e in data["events"]] == [k for k, _ in STEPS]
    assert [e["seq"] for e in data["events"]] == list(range(1, 8))
    assert data["events"][1]["changes"] == [
        {"type": "Poison", "player": 3, "amount": 4},
        {"type": "PassTurn"},
    ]
    after = data["events"][2]["after"]
    assert after == {
        "active": 1,
        "turn": 2,
        "teams": [
            {
                "life": 25,
                "poison": 0,
                "status": "playing",
                "reason": "",
                "rule": "",
                "effects": ["cant_lose_life"],
            },
            {
                "life": 28,
                "poison": 4,
                "status": "playing",
                "reason": "",
                "rule": "",
                "effects": [],
            },
        ],
    }
    assert data["events"][3]["after"]["teams"][0]["effects"] == []  # the undo
    # JSON-ready as it is.
    assert json.loads(json.dumps(data)) == data


def test_export_import_gives_the_same_game(journal: Journal, gid: int) -> None:
    data = export_json(journal, gid)
    new = import_json(journal, json.loads(json.dumps(data)))
    assert new != gid
    again = export_json(journal, new)
    assert again.pop("game_id") == new
    data.pop("game_id")
    assert content(again) == content(data)
    assert again["imported"] and not data["imported"]
    assert again["checksum"] != data["checksum"]  # chained anew, as an imported game
    original = replay(journal.game(gid), journal.events(gid))
    imported = replay(journal.game(new), journal.events(new))
    assert imported.state == original.state
    assert imported.history == original.history
    assert imported.redo_events == original.redo_events


def test_a_finished_game_round_trips_with_its_result(journal: Journal) -> None:
    gid = play(journal, FFA, [("apply", (Concede(0),)), ("apply", (Damage(1, 25),))])
    data = export_json(journal, gid)
    assert data["result"] == {"status": ["lost", "lost", "won"], "winners": [2]}
    assert data["ended"] == 1_700_000_100.0
    new = import_json(journal, data)
    row = journal.game(new)
    assert row.result == data["result"] and row.ended == data["ended"]
    assert journal.last_unfinished() is None


def test_an_imported_game_is_never_resumed_as_the_tables_own(journal: Journal) -> None:
    """An unfinished import keeps its start time, later than the table's game: not resumed."""
    other = play(journal, GIANT, [("apply", (Damage(0, 1),))])
    data = unchained(export_json(journal, other))
    data["started"] = 1_760_000_000.0  # started after the table's own game, elsewhere
    own = journal.new_game(FFA, started=1_750_000_000.0)
    new = import_json(journal, data)
    assert journal.game(new).imported and not journal.game(own).imported
    assert [g.id for g in journal.games()] == [new, own, other]
    assert journal.last_unfinished() == journal.game(own)
    journal.finish(own, {"status": ["won", "lost", "lost"], "winners": [0]})
    assert journal.last_unfinished() == journal.game(other)
    stored = journal.connection.execute("SELECT id, imported FROM games ORDER BY id")
    assert stored.fetchall() == [(other, 0), (own, 0), (new, 1)]


def test_only_imported_unfinished_games_leave_nothing_to_resume(journal: Journal) -> None:
    gid = play(journal, GIANT, STEPS)
    data = export_json(journal, gid)
    journal.finish(gid, {"status": ["drawn", "drawn"], "winners": []})
    import_json(journal, data)
    assert journal.last_unfinished() is None


def test_an_imported_game_exports_and_imports_again(
    journal: Journal, gid: int, tmp_path: Path
) -> None:
    first = import_json(journal, export_json(journal, gid))
    data = export_json(journal, first)
    opened = open_journal(tmp_path / "elsewhere")
    assert opened.journal is not None
    with opened.journal as elsewhere:
        second = import_json(elsewhere, json.loads(json.dumps(data)))
        assert elsewhere.game(second).imported
        again = export_json(elsewhere, second)
    assert again.pop("game_id") == second and data.pop("game_id") == first
    original = {k: v for k, v in export_json(journal, gid).items() if k != "game_id"}
    assert content(again) == content(data) == content(original)


def test_replaying_an_export_gives_the_same_totals(journal: Journal, gid: int) -> None:
    data = export_json(journal, gid)
    game = replay(journal.game(gid), journal.events(gid))
    last = data["events"][-1]["after"]
    assert [t["life"] for t in last["teams"]] == [game.life(t) for t in range(2)]
    assert [t["poison"] for t in last["teams"]] == [game.poison(t) for t in range(2)]


def test_export_csv_one_row_per_event(journal: Journal, gid: int) -> None:
    rows = list(csv.reader(io.StringIO(export_csv(journal, gid))))
    assert rows[0] == [
        "seq",
        "time",
        "kind",
        "changes",
        "Ann & Bob life",
        "Ann & Bob poison",
        "Cat & Dan life",
        "Cat & Dan poison",
    ]
    body = rows[1:]
    assert len(body) == len(STEPS)
    assert [r[0] for r in body] == [str(n) for n in range(1, 8)]
    assert body[0][2:] == ["apply", "Ann: 5 damage; Cat: 2 damage", "25", "0", "28", "0"]
    assert body[1][3] == "Dan: +4 poison; the turn passes"
    assert body[3][2:] == ["undo", "undo of event 3", "25", "0", "28", "4"]
    assert body[4][2:4] == ["redo", "redo of event 3"]
    assert body[5][2:] == ["apply", "Cat: pays 3 life; Bob: gains 6 life", "31", "0", "25", "4"]
    assert body[6][2:4] == ["undo", "undo of event 6"]
    local = datetime.fromtimestamp(1_700_000_000).astimezone()
    assert body[0][1] == local.isoformat(timespec="seconds")  # ISO 8601, local, with offset
    assert datetime.fromisoformat(body[0][1]).timestamp() == 1_700_000_000


def test_csv_cells_are_not_formulas(journal: Journal) -> None:
    setup = GameSetup(FFA.variant, ("=HYPERLINK(1)", "Fay", "Gus"))
    gid = play(
        journal,
        setup,
        [
            ("apply", (SetLife(0, 12),)),
            ("apply", (ExchangeLife(0, 1),)),
        ],
    )
    rows = list(csv.reader(io.StringIO(export_csv(journal, gid))))
    assert rows[0][4] == "'=HYPERLINK(1) life"
    assert rows[1][3] == "'=HYPERLINK(1): life set to 12"
    assert rows[2][4:6] == ["20", "0"]


def test_exporting_an_unknown_game(journal: Journal) -> None:
    for export in (export_json, export_csv):
        with pytest.raises(UnknownGameError):
            export(journal, 99)


# ----- bad imports: refused, naming the field or event, with nothing changed ----------------


def _edit(path: list[str | int], value: object) -> Callable[[dict[str, Any]], object]:
    def edit(data: dict[str, Any]) -> object:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        return data

    return edit


def _drop(key: str) -> Callable[[dict[str, Any]], object]:
    def drop(data: dict[str, Any]) -> object:
        del data[key]
        return data

    return drop


def _claim(result: object, ended: object = 1_700_000_100.0) -> Callable[[dict[str, Any]], object]:
    """Sets the file's ended and result, as if the game had ended so."""

    def claim(data: dict[str, Any]) -> object:
        data["ended"] = ended
        data["result"] = result
        return data

    return claim


PLAYING = ["playing", "playing"]

BAD: list[tuple[str, Callable[[dict[str, Any]], object], str, str]] = [
    ("a list", lambda d: [d], "", "The file must hold a JSON object"),
    ("a number", lambda d: 3, "", "The file must hold a JSON object"),
    ("not ours", _edit(["format"], "chess"), "format", "not a Tablelife game export"),
    ("newer format", _edit(["version"], 3), "version", "comes from a newer Tablelife"),
    ("missing variant", _drop("variant"), "variant", "is missing."),
    ("missing events", _drop("events"), "events", "is missing."),
    ("unknown field", _edit(["colour"], "red"), "colour", "is not a field Tablelife knows."),
    ("bad variant kind", _edit(["variant", "kind"], "chaos"), "variant.kind", "must be 'giant'"),
    ("heads as text", _edit(["variant", "heads"], "2"), "variant.heads", "whole number"),
    ("one head", _edit(["variant", "heads"], 1), "variant", "at least 2"),
    ("players", _edit(["players"], ["A", "B"]), "players", "has 2 names for 4 seats"),
    ("a name", _edit(["players", 2], 7), "players[2]", "must be text, not 7"),
    ("starting", _edit(["starting"], 5), "starting", "there is no team 5"),
    ("house rules", _edit(["house_rules"], True), "house_rules", "the variant says False"),
    ("started", _edit(["started"], "today"), "started", "must be a time in seconds"),
    ("ended alone", _edit(["ended"], 5.0), "result", "must both be set"),
    ("events", _edit(["events"], {}), "events", "must be a list, not an object"),
    ("event", _edit(["events", 1], "boom"), "events[1]", "must be an object"),
    ("seq", _edit(["events", 2, "seq"], 7), "events[2].seq", "is 7, but event 3 belongs here"),
    ("kind", _edit(["events", 1, "kind"], "jump"), "events[1].kind", "must be one of"),
    ("time", _edit(["events", 1, "time"], True), "events[1].time", "must be a time"),
    (
        "unknown change",
        _edit(["events", 1, "changes", 0], {"type": "Foo"}),
        "events[1].changes[0]",
        "Unknown change type 'Foo'.",
    ),
    (
        "a change field",
        _edit(["events", 0, "changes", 1, "colour"], "red"),
        "events[0].changes[1]",
        "Damage has unknown fields: colour.",
    ),
    (
        "an amount as true",
        _edit(["events", 0, "changes", 0, "amount"], True),
        "events[0].changes",
        "The amount must be a whole number, not True.",
    ),
    (
        "paying more life than you have",
        _edit(["events", 5, "changes", 0], {"type": "PayLife", "player": 2, "amount": 40}),
        "events[5].changes",
        "Cat & Dan can't pay 40 life with 28 life (CR 119.4a, 810.9b).",
    ),
    (
        "an undo with changes",
        _edit(["events", 3, "changes"], [{"type": "PassTurn"}]),
        "events[3].changes",
        "an undo event has no changes.",
    ),
    (
        "an empty apply",
        _edit(["events", 0, "changes"], []),
        "events[0].changes",
        "an apply event needs at least one change.",
    ),
    ("nothing to redo", _edit(["events", 6, "kind"], "redo"), "events[6]", "nothing to redo"),
    (
        "a total that replay disagrees with",
        _edit(["events", 0, "after", "teams", 1, "life"], 30),
        "events[0].after.teams[1].life",
        "the file says 30, but replaying the events gives 28.",
    ),
    (
        "a state with a missing part",
        _edit(["events", 0, "after", "teams"], []),
        "events[0].after.teams",
        "has 0 entries, but replaying gives 2.",
    ),
    ("notes", _edit(["events", 0, "notes"], "x"), "events[0].notes", "must be a list"),
    ("initial", _edit(["initial", "turn"], 3), "initial.turn", "the file says 3"),
    ("result alone", _claim({"status": PLAYING, "winners": []}, None), "ended", "both be set"),
    (
        "a game still going that claims both teams won",
        _claim({"status": ["won", "won"], "winners": [0, 1]}),
        "result",
        "says Ann & Bob won, Cat & Dan won, but the events end with everyone still playing.",
    ),
    (
        "a game still going that claims a winner",
        _claim({"status": ["lost", "won"], "winners": [1], "abandoned": True}),
        "result",
        "says Ann & Bob lost, Cat & Dan won, but the events end with everyone still playing.",
    ),
    (
        "a game still going with a result not marked abandoned",
        _claim({"status": PLAYING, "winners": []}),
        "result",
        "must be null or say abandoned: the events end with the game still going.",
    ),
    (
        "a game still going with a winner but no one won",
        _claim({"status": PLAYING, "winners": [1], "abandoned": True}),
        "result",
        "names as winners Cat & Dan, but the events end with nobody winning.",
    ),
]


@pytest.mark.parametrize(("what", "mutate", "where", "problem"), BAD, ids=[b[0] for b in BAD])
def test_a_bad_import_is_refused_and_changes_nothing(
    journal: Journal,
    gid: int,
    what: str,
    mutate: Callable[[dict[str, Any]], object],
    where: str,
    problem: str,
) -> None:
    data = mutate(copy.deepcopy(export_json(journal, gid)))
    before = (journal.games(), journal.connection.execute("SELECT count(*) FROM events").fetchone())
    with pytest.raises(BadDataError) as caught:
        import_json(journal, data)
    assert caught.value.where == where
    assert problem in caught.value.problem
    assert str(caught.value).startswith(f"{where}: " if where else problem)
    after = (journal.games(), journal.connection.execute("SELECT count(*) FROM events").fetchone())
    assert after == before


def test_a_game_still_going_may_be_imported_as_abandoned(journal: Journal, gid: int) -> None:
    abandoned = {"status": PLAYING, "winners": [], "abandoned": True}
    data = _claim(abandoned)(unchained(export_json(journal, gid)))
    row = journal.game(import_json(journal, data))
    assert row.result == abandoned and row.ended == 1_700_000_100.0 and row.finished


FINISHED = [("apply", (Concede(0),)), ("apply", (Damage(1, 25),))]  # Gus wins


@pytest.mark.parametrize(
    ("result", "problem"),
    [
        (
            {"status": ["lost", "won", "lost"], "winners": [1]},
            "says Eve lost, Fay won, Gus lost, but the events end with Eve lost, Fay lost, "
            "Gus won.",
        ),
        (
            {"status": ["lost", "lost", "won"], "winners": []},
            "names as winners nobody, but the events end with Gus winning.",
        ),
        (
            {"status": ["lost", "lost", "won"], "winners": [2], "abandoned": True},
            "says the game was abandoned, but the events end with it over "
            "(Eve lost, Fay lost, Gus won).",
        ),
        (
            {"status": ["playing", "playing", "playing"], "winners": [], "abandoned": True},
            "says everyone still playing, but the events end with Eve lost, Fay lost, Gus won.",
        ),
    ],
)
def test_a_finished_game_must_carry_its_own_result(
    journal: Journal, result: dict[str, Any], problem: str
) -> None:
    data = export_json(journal, play(journal, FFA, FINISHED))
    data["result"] = result
    before = (journal.games(), journal.connection.execute("SELECT count(*) FROM events").fetchone())
    with pytest.raises(BadDataError) as caught:
        import_json(journal, data)
    assert (caught.value.where, caught.value.problem) == ("result", problem)
    after = (journal.games(), journal.connection.execute("SELECT count(*) FROM events").fetchone())
    assert after == before


def test_a_finished_game_without_its_result_yet_imports(journal: Journal) -> None:
    """Saved between its last event and its result (a crash): the file has no result."""
    data = unchained(export_json(journal, play(journal, FFA, FINISHED)))
    data["ended"] = data["result"] = None
    row = journal.game(import_json(journal, data))
    assert row.result is None and not row.finished and row.imported


def test_the_example_message_from_the_brief(journal: Journal, gid: int) -> None:
    data = export_json(journal, gid)
    data["events"][3]["kind"] = "apply"
    data["events"][3]["changes"] = [{"type": "Foo"}]
    with pytest.raises(
        BadDataError, match=r"^events\[3\]\.changes\[0\]: Unknown change type 'Foo'"
    ):
        import_json(journal, data)


def test_a_minimal_hand_written_file_imports(journal: Journal) -> None:
    """ "after", "notes", "initial", "preset", "ended" and "result" may be left out."""
    data = {
        "format": FORMAT,
        "version": 1,
        "variant": {
            "kind": "giant",
            "heads": 3,
            "teams": 2,
            "players": 6,
            "starting_life": 45,
            "poison_limit": 20,
        },
        "players": ["A", "B", "C", "D", "E", "F"],
        "teams": ["Left", "Right"],
        "starting": 1,
        "started": 1_700_000_000,
        "events": [
            {"seq": 1, "time": 1_700_000_001, "kind": "apply", "changes": [{"type": "PassTurn"}]}
        ],
    }
    new = import_json(journal, data)
    row = journal.game(new)
    assert row.variant == TwoHeadedGiant(heads=3)
    assert row.preset is None and row.team_names == ("Left", "Right")
    assert replay(row, journal.events(new)).active == 0
