"""Tamper evidence (issue 11, item 3): every row chained by SHA-256 to the one before; a
change made outside Tablelife (or by the disk) names the game and the event; the game can still
be read; exports carry the chain and imports check it; `tablelife verify`."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tablelife.cli import cli_main
from tablelife.rules import Concede, Damage, GainLife, PassTurn, Poison
from tablelife.store import (
    FILE_NAME,
    BadDataError,
    BrokenChainError,
    DamagedError,
    Journal,
    chain,
    export_json,
    import_json,
    open_journal,
    result_of,
)
from tablelife.store.chain import encoder
from tests.store.conftest import FFA, GIANT, outside


def _game(journal: Journal) -> int:
    """A finished Two-Headed Giant game of five events."""
    gid = journal.new_game(GIANT, started=1_700_000_000.0)
    steps = [
        [Damage(0, 3)],
        [Poison(2, 2), PassTurn()],
        [GainLife(1, 4)],
        [Damage(3, 5)],
        [Concede(2)],
    ]
    game = GIANT.new_game()
    for n, changes in enumerate(steps, 1):
        game.apply(*changes)
        journal.append(gid, "apply", changes, when=1_700_000_000.0 + n)
    journal.finish(gid, result_of(game.state), when=1_700_000_100.0)
    return gid


def test_a_sound_journal_verifies(journal: Journal) -> None:
    gid = _game(journal)
    other = journal.new_game(FFA)  # no events yet: its chain is its start alone
    assert journal.verify(gid) is None and journal.verify(other) is None
    assert journal.verify_all() == []
    loaded = journal.load(gid)
    assert loaded.problem is None and len(loaded.checksum) == 64
    assert [e.checksum for e in loaded.events] == [
        r[0].decode()
        for r in journal.connection.execute(
            "SELECT checksum FROM events WHERE game_id = ? ORDER BY seq", (gid,)
        )
    ]
    # Each checksum is SHA-256 of the one before and the event's canonical content.
    first = loaded.events[0]
    assert first.checksum == chain.link(
        loaded.checksum.encode(),
        [1, first.time, "apply", [{"type": "Damage", "player": 0, "amount": 3}]],
    )


# Changes another program (or the disk) could make; each with where the chain says it broke.
TAMPERS: list[tuple[str, str, int | None, str]] = [
    (
        "an amount",
        "UPDATE events SET changes = replace(changes, '\"amount\":5', '\"amount\":4')"
        " WHERE seq = 4",
        4,
        "event 4: does not match its checksum",
    ),
    (
        "a time",
        "UPDATE events SET time = time + 3600 WHERE seq = 2",
        2,
        "event 2: does not match its checksum",
    ),
    (
        "a kind",
        "UPDATE events SET kind = 'redo', changes = '[]' WHERE seq = 5",
        5,
        "event 5: does not match its checksum",
    ),
    (
        "a starting life 30 -> 40",
        "UPDATE games SET variant = replace(variant, '\"starting_life\":30',"
        " '\"starting_life\":40')",
        None,
        "its setup (variant, names, teams, start) does not match its checksum",
    ),
    (
        "a name",
        "UPDATE games SET names = replace(names, 'Bob', 'Rob')",
        None,
        "its setup",
    ),
    (
        "a start time",
        "UPDATE games SET started = started - 86400",
        None,
        "its setup",
    ),
    (
        "imported",
        "UPDATE games SET imported = 1",
        None,
        "its setup",
    ),
    (
        "the result",
        "UPDATE games SET result = replace(result, '\"winners\":[0]', '\"winners\":[1]'),"
        ' result = replace(result, \'["won","lost"]\', \'["lost","won"]\')',
        None,
        "result: its end time or result does not match its checksum",
    ),
    (
        "the end time",
        "UPDATE games SET ended = ended + 1",
        None,
        "result: its end time or result",
    ),
    ("the last event deleted", "DELETE FROM events WHERE seq = 5", 5, "event 5: is missing"),
    ("a middle event deleted", "DELETE FROM events WHERE seq = 3", 3, "event 3: is missing"),
    (
        "two events swapped",
        "UPDATE events SET seq = CASE seq WHEN 2 THEN 3 ELSE 2 END + 100 WHERE seq IN (2, 3)"
        "; UPDATE events SET seq = seq - 100 WHERE seq > 100",
        2,
        "event 2: does not match its checksum",
    ),
    (
        "a checksum",
        "UPDATE events SET checksum = upper(checksum) WHERE seq = 1",
        1,
        "event 1: does not match its checksum",
    ),
]


@pytest.mark.parametrize(
    ("sql", "seq", "message"), [t[1:] for t in TAMPERS], ids=[t[0] for t in TAMPERS]
)
def test_a_change_from_outside_names_the_game_and_the_event(
    journal: Journal, sql: str, seq: int | None, message: str
) -> None:
    gid = _game(journal)
    sound = journal.new_game(FFA)
    journal.append(sound, "apply", [Damage(1, 2)])
    with outside(journal) as conn:
        for statement in sql.split("; "):
            where = " AND game_id = ?" if "WHERE" in statement else " WHERE id = ?"
            conn.execute(statement + where, (gid,))
    problem = journal.verify(gid)
    assert isinstance(problem, BrokenChainError)
    assert (problem.game_id, problem.seq) == (gid, seq)
    assert str(problem).startswith(f"game {gid} in the journal")
    assert message in str(problem)
    assert "changed outside Tablelife, or the disk damaged it" in str(problem) or (
        "missing" in str(problem)
    )
    assert [str(p) for p in journal.verify_all()] == [str(problem)]
    assert journal.verify(sound) is None
    # Reading it checks the chain ...
    with pytest.raises(BrokenChainError, match=re.escape(message)):
        journal.events(gid)
    # ... and it can still be read, to show it read-only with the warning.
    loaded = journal.load(gid)
    assert str(loaded.problem) == str(problem)
    assert journal.events(gid, verify=False) == list(loaded.events)


def test_the_events_before_the_break_are_the_ones_to_trust(journal: Journal) -> None:
    gid = _game(journal)
    with outside(journal) as conn:
        conn.execute("UPDATE events SET time = 0 WHERE game_id = ? AND seq = 3", (gid,))
    loaded = journal.load(gid)
    assert loaded.problem is not None and loaded.problem.seq == 3
    assert [e.seq for e in loaded.events] == [1, 2, 3, 4, 5]
    assert loaded.events[2].time == 0


def test_appending_after_a_break_does_not_hide_it(journal: Journal) -> None:
    gid = journal.new_game(GIANT)
    journal.append(gid, "apply", [Damage(0, 1)])
    journal.append(gid, "apply", [Damage(0, 1)])
    with outside(journal) as conn:
        conn.execute("UPDATE events SET changes = replace(changes, ':1}', ':9}') WHERE seq = 1")
    journal.append(gid, "apply", [Damage(0, 1)])
    problem = journal.verify(gid)
    assert problem is not None and isinstance(problem, DamagedError) and problem.seq == 1


def test_events_of_a_missing_game_are_reported(journal: Journal) -> None:
    gid = _game(journal)
    other = journal.new_game(FFA)
    with outside(journal) as conn:
        conn.execute("PRAGMA foreign_keys = OFF")
        conn.execute("UPDATE events SET game_id = 9 WHERE game_id = ? AND seq = 5", (gid,))
    problems = journal.verify_all()
    assert [(p.game_id, p.seq) for p in problems if isinstance(p, DamagedError)] == [
        (gid, 5),
        (9, None),
    ]
    assert "game 9 in the journal: its events are there but the game itself is missing" in str(
        problems[1]
    )
    assert journal.verify(other) is None
    with outside(journal) as conn:  # a flipped type: the id became text
        conn.execute("PRAGMA foreign_keys = OFF")
        conn.execute("UPDATE events SET game_id = CAST(X'ff' AS TEXT) WHERE game_id = 9")
    assert str(journal.verify_all()[1]) == (
        "a game whose id is damaged (b'\\xff') in the journal: its events are there but the "
        "game itself is missing: the file is damaged."
    )


def test_a_changed_event_log_names_the_event_and_the_entry(journal: Journal) -> None:
    tid = journal.new_tournament("Friday", {"rounds": 3})
    journal.log(tid, "team", {"name": "Ann & Bob"})
    journal.log(tid, "result", {"table": 1, "winner": "Ann & Bob"})
    assert journal.verify_tournament(tid) is None
    with outside(journal) as conn:
        conn.execute("UPDATE tournament_log SET data = replace(data, 'Ann', 'Cat') WHERE seq = 2")
    problem = journal.verify_tournament(tid)
    assert isinstance(problem, BrokenChainError)
    assert (problem.tournament_id, problem.seq) == (tid, 2)
    assert str(problem).startswith(f"event {tid} in the journal, log entry 2: does not match")
    with pytest.raises(BrokenChainError):
        journal.tournament_log(tid)
    assert [e.seq for e in journal.tournament_log(tid, verify=False)] == [1, 2]
    assert [str(p) for p in journal.verify_all()] == [str(problem)]
    with outside(journal) as conn:
        conn.execute("UPDATE tournaments SET settings = '{\"rounds\":4}'")
    assert "its name or settings do not match" in str(journal.verify_tournament(tid))
    with outside(journal) as conn:
        conn.execute("DELETE FROM tournaments")
    assert [str(p) for p in journal.verify_all()] == [
        f"event {tid} in the journal: its log is there but the event itself is missing: "
        "the file is damaged."
    ]


# ----- exports carry the chain, imports check it --------------------------------------------


def test_an_export_carries_the_chain_and_imports(journal: Journal) -> None:
    gid = _game(journal)
    data = json.loads(json.dumps(export_json(journal, gid)))
    loaded = journal.load(gid)
    assert data["checksum"] == loaded.checksum
    assert data["end_checksum"] == loaded.end_checksum
    assert [e["checksum"] for e in data["events"]] == [e.checksum for e in loaded.events]
    new = import_json(journal, data)
    assert journal.verify(new) is None  # chained anew in this journal


def test_an_event_game_exports_its_place(journal: Journal) -> None:
    tid = journal.new_tournament("Friday", {})
    gid = journal.new_game(GIANT, tournament=tid, round=2, table=7)
    journal.append(gid, "apply", [Damage(0, 1)])
    data = export_json(journal, gid)
    assert (data["tournament_id"], data["round"], data["table"]) == (tid, 2, 7)
    row = journal.game(import_json(journal, data))
    assert row.imported and row.tournament_id is None  # a copy, not one of the event's tables


def _edit(path: list[str | int], value: object) -> Callable[[dict[str, Any]], None]:
    def edit(data: dict[str, Any]) -> None:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return edit


def _drop(path: list[str | int]) -> Callable[[dict[str, Any]], None]:
    def drop(data: dict[str, Any]) -> None:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]

    return drop


def _forge(data: dict[str, Any]) -> None:
    """One more damage, and the states after each event left out (so they can't give it
    away): the file adds up, and only its chain can tell."""
    data["events"][0]["changes"][0]["amount"] = 2
    for event in data["events"]:
        del event["after"]


# Edits the rules can't see (the file still adds up), each caught by its chain.
EDITS: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("a name", _edit(["players", 1], "Rob"), "checksum: does not match the game's setup"),
    ("the start", _edit(["started"], 1_600_000_000.0), "checksum: does not match"),
    ("the game id", _edit(["game_id"], 99), "checksum: does not match"),
    ("imported", _edit(["imported"], True), "checksum: does not match"),
    ("a time", _edit(["events", 2, "time"], 1_700_000_050.0), "events[2].checksum"),
    ("an amount", _forge, "events[0].checksum: does not match event 1"),
    ("the end", _edit(["ended"], 1_700_000_200.0), "end_checksum: does not match"),
    ("a checksum", _edit(["events", 4, "checksum"], "0" * 64), "events[4].checksum"),
    ("one checksum gone", _drop(["events", 1, "checksum"]), "events[1].checksum: is missing"),
    ("the start's gone", _drop(["checksum"]), "checksum: is missing"),
    ("the end's gone", _drop(["end_checksum"]), "end_checksum: is missing"),
    ("the game id gone", _drop(["game_id"]), "game_id: is missing"),
    ("a bad round", _edit(["round"], 0), "round: must be at least 1"),
    ("imported as text", _edit(["imported"], "no"), "imported: must be true or false"),
    ("a checksum as a number", _edit(["checksum"], 7), "checksum: must be text"),
]


@pytest.mark.parametrize(("edit", "message"), [e[1:] for e in EDITS], ids=[e[0] for e in EDITS])
def test_an_edited_export_is_refused(
    journal: Journal, edit: Callable[[dict[str, Any]], None], message: str
) -> None:
    gid = _game(journal)
    data = json.loads(json.dumps(export_json(journal, gid)))
    edit(data)
    before = journal.games()
    with pytest.raises(BadDataError, match=re.escape(message)):
        import_json(journal, data)
    assert journal.games() == before


def test_reordered_keys_and_an_old_export_still_import(journal: Journal) -> None:
    gid = _game(journal)
    data = export_json(journal, gid)
    shuffled = json.loads(json.dumps(data, sort_keys=True))  # another tool rewrote it
    for event in reversed(shuffled["events"]):
        event["changes"] = [dict(reversed(list(c.items()))) for c in event["changes"]]
    assert journal.verify(import_json(journal, shuffled)) is None
    old = {k: v for k, v in data.items() if k not in ("checksum", "end_checksum", "imported")}
    old["events"] = [{k: v for k, v in e.items() if k != "checksum"} for e in data["events"]]
    old["version"] = 1
    old["started"] = 1_600_000_000.0  # no chain: nothing to say it was changed
    assert journal.verify(import_json(journal, old)) is None


def test_a_tampered_game_exports_as_it_is_and_its_import_says_where(journal: Journal) -> None:
    gid = _game(journal)
    with outside(journal) as conn:
        conn.execute(
            "UPDATE events SET changes = replace(changes, '\"amount\":4', '\"amount\":6')"
            " WHERE seq = 3"
        )
    data = export_json(journal, gid)
    assert data["events"][2]["changes"] == [{"type": "GainLife", "player": 1, "amount": 6}]
    with pytest.raises(BadDataError, match=r"^events\[2\]\.checksum: does not match event 3"):
        import_json(journal, data)


# ----- tablelife verify, and export saying so -----------------------------------------------


def test_tablelife_verify(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with open_journal(data_dir).journal as journal:  # type: ignore[union-attr]
        first, second, third = _game(journal), _game(journal), _game(journal)
        journal.log(journal.new_tournament("Friday", {}), "team", {"name": "A"})
    assert cli_main(["verify"], data_dir) == 0
    out, err = capsys.readouterr()
    assert (out, err) == (f"All 3 games and 1 event in {data_dir} check out.\n", "")

    with open_journal(data_dir).journal as journal, outside(journal) as conn:  # type: ignore[union-attr]
        conn.execute("UPDATE events SET time = 1 WHERE game_id = ? AND seq = 2", (first,))
        conn.execute('UPDATE games SET names = \'["A","B","C","D"]\' WHERE id = ?', (third,))
    assert cli_main(["verify", "--data-dir", str(data_dir)], None) == 1
    out, err = capsys.readouterr()
    assert err == ""
    assert out.splitlines() == [
        f"game {first} in the journal, event 2: does not match its checksum: it was changed "
        "outside Tablelife, or the disk damaged it.",
        f"game {third} in the journal: its setup (variant, names, teams, start) does not match "
        "its checksum: it was changed outside Tablelife, or the disk damaged it.",
    ]
    assert second not in (first, third)

    # export says so too, and exports what the journal holds.
    assert cli_main(["export", "--game", str(first)], data_dir) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["events"][1]["time"] == 1.0
    assert err == (
        f"tablelife: warning: game {first} in the journal, event 2: does not match its "
        "checksum: it was changed outside Tablelife, or the disk damaged it.\n"
    )


def test_tablelife_verify_without_a_journal(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli_main(["verify"], data_dir) == 1
    assert capsys.readouterr().err == (
        f"tablelife: There is no journal at {data_dir / FILE_NAME}.\n"
    )


@pytest.mark.parametrize(
    "options",
    [
        {"sort_keys": True, "separators": (",", ":"), "ensure_ascii": False},
        {"separators": (",", ":"), "ensure_ascii": False},
        {"separators": (",", ":"), "ensure_ascii": False, "allow_nan": False},
        {},
    ],
)
def test_the_reused_encoder_writes_what_json_writes(options: dict[str, Any]) -> None:
    """`chain.encoder` makes CPython's C encoder once (issue 12): the same text as
    `json.JSONEncoder(**options).encode`, and the same refusals."""
    ours, theirs = encoder(**options), json.JSONEncoder(**options).encode
    values: list[object] = [
        [{"type": "Damage", "player": 1, "amount": 2}, {"type": "PassTurn"}],
        {"z": [1.5, -0.0, 1e300, 10**30], "a": 'é \u2028 " \\ \n \t \x00 \ud800 ✓'},
        "text",
        [],
        {},
        None,
        True,
        [[[["deep"]]]],
        {"b": {"d": 1, "c": 2}, "a": [None, False]},
    ]
    for value in values:
        assert ours(value) == theirs(value)
    for bad in ({1, 2}, object(), [float("nan")]):
        try:
            expected: object = theirs(bad)
        except (TypeError, ValueError) as exc:
            expected = type(exc)
        try:
            got: object = ours(bad)
        except (TypeError, ValueError) as exc:
            got = type(exc)
        assert got == expected


def test_the_bulk_chain_is_the_one_chain() -> None:
    """`chain.chained` (for many rows; issue 12) gives exactly what `event_link` gives one
    event at a time, on the usual events and on any other."""
    events: list[tuple[object, object, object, object]] = [
        (1, 1_700_000_000.25, "apply", [{"type": "Damage", "player": 1, "amount": 2}]),
        (2, 1_700_000_001.0, "undo", []),
        (3, 1_700_000_002.5, "redo", []),
        (4, 1_700_000_003, "apply", [{"type": "PassTurn"}]),  # an int time: the full form
        (True, -0.0, "odd \u2028 kind", {"é": [None, 1e300]}),
    ]
    start = chain.game_start(1, {}, [], [], 0, 0, None, 1.0, 0, None, None, None)
    for with_canonical in (False, True):
        one_by_one: list[str] = []
        previous = start
        for seq, stamp, kind, changes in events:
            canonical = chain.canonical(changes) if with_canonical else None
            previous = chain.event_link(previous.encode(), seq, stamp, kind, changes, canonical)
            one_by_one.append(previous)
        contents = [
            chain.event_content(*event, chain.canonical(event[3]) if with_canonical else None)
            for event in events
        ]
        assert list(chain.chained(start, contents)) == one_by_one
        assert contents == [b"\n" + chain.canonical(list(event)) for event in events]
