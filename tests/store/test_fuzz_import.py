"""Fuzz: mutated exports into `tablelife import` (issue 11, "Tests").

Every run ends in one of two ways: a faithful import (the stored game is the file's game), or a
single line on stderr with the journal left exactly as it was. Never a traceback.

The suite runs a few dozen examples so `make test` stays quick. A long hunt:

    FUZZ_EXAMPLES=20000 .venv/bin/python -m pytest tests/store/test_fuzz_import.py \
        -o faulthandler_timeout=0 --hypothesis-show-statistics

(20,000 examples take about eight minutes here.) In CI (CI=true) the examples are the same
every run.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from tablelife.cli import MAX_LINE, cli_main
from tablelife.rules import (
    Concede,
    Damage,
    Effect,
    FreeForAll,
    GainLife,
    PassTurn,
    Poison,
    TwoHeadedGiant,
    change_from_dict,
)
from tablelife.rules.names import text_problem
from tablelife.store import GameSetup, export_json, open_journal
from tests.store.conftest import FFA, GIANT
from tests.store.test_export import STEPS, play

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "40"))

SETTINGS = settings(
    max_examples=EXAMPLES,
    derandomize=os.environ.get("CI") == "true",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    database=None,  # nothing written into the repo
)

# Values that have broken imports before, or sit on a boundary, beside random ones.
ATOMS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.sampled_from(
        [
            *(0, 1, -1, 2, 3, 15, 30, 1_000_001, 946_684_799, 1_700_000_000, 253_402_300_800),
            *(2**63, -(2**63) - 1, 10**308, int("9" * 309)),
        ]
    ),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from([1e300, -0.0, 1_700_000_000.5, 1.0, 28.0]),
    st.text(max_size=12),
    st.integers(946_684_800, 1_790_000_000),  # a plausible time
    st.text(st.characters(categories=("L", "N", "P", "Zs")), min_size=1, max_size=12),
    st.sampled_from(
        [
            *("\ud800", "\x1b[31m", "A\u202eB", "\u200b", "x" * 200, "Ann", "Cat & Dan", ""),
            *("apply", "undo", "redo", "Damage", "PassTurn", "Effect", "cant_lose", "giant"),
            *("free_for_all", "playing", "won", "lost", "drawn", "tablelife-game"),
        ]
    ),
)
KEYS = st.one_of(
    st.text(max_size=8),
    st.sampled_from(
        [
            *("type", "player", "amount", "seq", "time", "kind", "changes", "after", "notes"),
            *("life", "poison", "status", "abandoned", "winners", "version", "format", "on"),
        ]
    ),
)
VALUES = st.recursive(
    ATOMS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(KEYS, inner, max_size=3),
    max_leaves=6,
)


@pytest.fixture(scope="module")
def exports(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    """Good exports to start from: a giant game with undo and redo, a finished free-for-all,
    and a three-headed giant at house rules."""
    opened = open_journal(tmp_path_factory.mktemp("source"))
    assert opened.journal is not None
    with opened.journal as j:
        three = GameSetup(TwoHeadedGiant(heads=3, starting_life=50), tuple("ABCDEF"))
        games = [
            play(j, GIANT, STEPS),
            play(j, FFA, [("apply", (Concede(0),)), ("apply", (Damage(1, 25),))]),
            play(
                j,
                three,
                [
                    ("apply", (Poison(0, 3), GainLife(4, 2))),
                    ("apply", (Effect(2, "cant_gain_life"), PassTurn())),
                    ("undo", ()),
                ],
            ),
            play(j, GameSetup(FreeForAll(players=2, starting_life=40)), []),
        ]
        return [export_json(j, g) for g in games]


@pytest.fixture(scope="module")
def target(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The data folder imports go into, shared by every example."""
    return tmp_path_factory.mktemp("fuzz") / "data"


def _paths(value: Any, here: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield here
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*here, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _paths(item, (*here, i))


def _mutate_tree(data: Any, draw: st.DataObject) -> Any:
    path = draw.draw(st.sampled_from(list(_paths(data))), label="path")
    action = draw.draw(
        st.sampled_from(["replace", "delete", "add", "duplicate", "same"]), label="action"
    )
    if not path:
        return draw.draw(VALUES) if action == "replace" else data
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    if action == "replace":
        parent[key] = draw.draw(VALUES, label="value")
    elif action == "delete":
        del parent[key]
    elif action == "add":
        if isinstance(parent, dict):
            parent[draw.draw(KEYS, label="key")] = draw.draw(VALUES, label="value")
        else:
            parent.insert(key, draw.draw(VALUES, label="value"))
    elif action == "duplicate" and isinstance(parent, list):
        parent.insert(key, json.loads(json.dumps(parent[key])))
    return data


NAMES = st.text(st.characters(categories=("L", "N")), min_size=1, max_size=12)


def _plausible_edit(data: dict[str, Any], draw: st.DataObject) -> dict[str, Any]:
    """An edit a person might make that can still import: leave out what is optional, move a
    time, rename a team, cut the game short."""
    action = draw.draw(st.sampled_from(["drop", "time", "team", "trim"]), label="edit")
    events = data["events"]
    if action == "drop":
        optional = [k for k in ("game_id", "preset", "house_rules", "initial") if k in data]
        key = draw.draw(st.sampled_from([*optional, "ended", "notes", "after"]), label="drop")
        if key == "ended":
            data["ended"] = data["result"] = None
        elif key in ("notes", "after"):
            for e in events:
                e.pop(key, None)
        else:
            data.pop(key)
    elif action == "time":
        when = draw.draw(st.integers(946_684_800, 1_790_000_000) | st.floats(946_684_800, 1.79e9))
        if events and draw.draw(st.booleans(), label="event time"):
            events[draw.draw(st.integers(0, len(events) - 1))]["time"] = when
        else:
            data["started"] = when
    elif action == "team" and data["variant"]["kind"] == "giant":
        data["teams"][draw.draw(st.integers(0, len(data["teams"]) - 1))] = draw.draw(NAMES)
    elif action == "trim":
        del events[draw.draw(st.integers(0, len(events)), label="keep") :]
        data["ended"] = data["result"] = None
    return data


def _mutate_bytes(raw: bytes, draw: st.DataObject) -> bytes:
    if not raw:
        return raw
    at = draw.draw(st.integers(0, len(raw) - 1), label="at")
    action = draw.draw(st.sampled_from(["flip", "cut", "insert", "truncate"]), label="bytes")
    if action == "flip":
        bit = draw.draw(st.integers(0, 7), label="bit")
        return raw[:at] + bytes([raw[at] ^ (1 << bit)]) + raw[at + 1 :]
    if action == "cut":
        return raw[:at] + raw[at + draw.draw(st.integers(1, 20), label="length") :]
    if action == "insert":
        extra = draw.draw(
            st.binary(max_size=8) | st.sampled_from([b'"version": 1, ', b",", b"{", b"\\ud800"]),
            label="inserted",
        )
        return raw[:at] + extra + raw[at:]
    return raw[:at]


def _journal_digest(folder: Path) -> str:
    """A digest of every stored row: equal digests, the same journal."""
    if not (folder / "tablelife.sqlite3").exists():
        return "none"
    opened = open_journal(folder, readonly=True)
    assert opened.journal is not None
    with opened.journal as j:
        conn = j.connection
        rows = conn.execute("SELECT * FROM games ORDER BY id").fetchall()
        rows += conn.execute("SELECT * FROM events ORDER BY game_id, seq").fetchall()
    return hashlib.sha256(repr(rows).encode()).hexdigest()


def _journal_bytes(folder: Path) -> dict[str, bytes]:
    """The journal's files as they are on disk (the lock file aside)."""
    return {p.name: p.read_bytes() for p in folder.glob("tablelife.sqlite3*")}


def _stored(folder: Path, game: int) -> dict[str, Any]:
    opened = open_journal(folder, readonly=True)
    assert opened.journal is not None
    with opened.journal as j:
        return export_json(j, game)


def _changes(items: list[dict[str, Any]]) -> list[object]:
    return [change_from_dict(c) for c in items]


def _assert_faithful(data: dict[str, Any], stored: dict[str, Any]) -> None:
    """The stored game is the file's game, field by field (the file may leave out what has
    a default: notes, after, initial, preset, ended and result)."""
    for key in ("variant", "players", "teams", "starting"):
        assert stored[key] == data[key], key
    assert stored["preset"] == data.get("preset")
    assert stored["house_rules"] == data.get("house_rules", stored["house_rules"])
    assert stored["started"] == data["started"]
    assert stored["ended"] == data.get("ended")
    assert stored["result"] == data.get("result")
    assert len(stored["events"]) == len(data["events"])
    for mine, kept in zip(data["events"], stored["events"], strict=True):
        assert (kept["seq"], kept["time"], kept["kind"]) == (
            mine["seq"],
            mine["time"],
            mine["kind"],
        )
        assert _changes(kept["changes"]) == _changes(mine["changes"])
        if "after" in mine:
            assert kept["after"] == mine["after"]
    if "initial" in data:
        assert stored["initial"] == data["initial"]


def _run(argv: list[str], folder: Path) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli_main(argv, folder)
    return code, out.getvalue(), err.getvalue()


@SETTINGS
@given(st.data())
def test_a_mutated_export_imports_faithfully_or_is_refused_in_one_line(
    exports: list[dict[str, Any]], target: Path, data: st.DataObject
) -> None:
    base = json.loads(json.dumps(data.draw(st.sampled_from(exports), label="export")))
    tree = base
    for _ in range(data.draw(st.integers(0, 2), label="plausible edits")):
        tree = _plausible_edit(tree, data)
    for _ in range(data.draw(st.sampled_from([0, 0, 1, 2, 3]), label="tree mutations")):
        tree = _mutate_tree(tree, data)
    ascii_only = data.draw(st.booleans(), label="ascii")
    raw = json.dumps(tree, ensure_ascii=ascii_only).encode("utf-8", "surrogatepass")
    for _ in range(data.draw(st.sampled_from([0, 0, 0, 1, 2]), label="byte mutations")):
        raw = _mutate_bytes(raw, data)
    file = target.parent / "mutated.json"
    file.write_bytes(raw)
    before = _journal_digest(target)
    on_disk = _journal_bytes(target)

    code, out, err = _run(["import", str(file)], target)
    event(f"exit {code}" + (" (already imported)" if "already" in out else ""))

    if code == 0:
        assert err == ""
        line = out.removesuffix("\n")
        assert "\n" not in line
        game = int(line.split(" as game ")[1].split(";")[0].removesuffix("."))
        assert line in (
            f"Imported {file} as game {game}.",
            f"{file} is already imported as game {game}; nothing was added.",
        )
        if "already" in line:
            assert _journal_digest(target) == before
            assert _journal_bytes(target) == on_disk  # not even SQLite's change counter
        parsed = json.loads(raw.decode("utf-8-sig"))
        _assert_faithful(parsed, _stored(target, game))
        for fmt in ("json", "csv"):  # whatever was accepted exports again
            code, _, err = _run(["export", "--game", str(game), "--format", fmt], target)
            assert (code, err) == (0, "")
    else:
        assert code in (1, 2)
        assert out == ""
        assert err.startswith("tablelife: ") and err.endswith("\n") and err.count("\n") == 1
        assert len(err) <= MAX_LINE + 1
        assert text_problem(err.removesuffix("\n")) is None, err  # nothing a terminal would run
        assert _journal_digest(target) == before
        # Byte for byte (issue 28: a refused import rewrote SQLite's file change counter).
        assert _journal_bytes(target) == on_disk


def test_the_unmutated_exports_import(exports: list[dict[str, Any]], tmp_path: Path) -> None:
    """The starting points themselves are good files (so the fuzz starts from the edge)."""
    for n, data in enumerate(exports, 1):
        file = tmp_path / f"{n}.json"
        file.write_text(json.dumps(data))
        assert _run(["import", str(file)], tmp_path / "data") == (
            0,
            f"Imported {file} as game {n}.\n",
            "",
        )
        _assert_faithful(data, _stored(tmp_path / "data", n))


def test_the_fuzz_sees_a_journal_change(tmp_path: Path) -> None:
    """The digest the fuzz compares notices an added game."""
    folder = tmp_path / "data"
    opened = open_journal(folder)
    assert opened.journal is not None
    with opened.journal as j:
        before = _journal_digest(folder)
        j.new_game(FFA, started=1_700_000_000.0)
    assert _journal_digest(folder) != before
