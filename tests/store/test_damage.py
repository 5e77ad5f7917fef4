"""A damaged journal (issue 11, item 2): invalid UTF-8 in a row, a flipped schema, and any
SQLite error on a read, each a message; a damaged game is listed with its id and what is wrong,
and every other game is untouched."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tablelife.cli import cli_main
from tablelife.rules import Damage, PassTurn
from tablelife.store import (
    FILE_NAME,
    DamagedError,
    Journal,
    JournalError,
    StorageError,
    export_json,
    open_journal,
)
from tablelife.store import opening as opening_module
from tests.store.conftest import FFA, GIANT, outside


@pytest.fixture(autouse=True)
def _fixed_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(opening_module.time, "strftime", lambda fmt: "20240102-030405")


def _two_games(data_dir: Path) -> tuple[int, int]:
    """A finished game, then an unfinished one played after it."""
    with open_journal(data_dir).journal as j:  # type: ignore[union-attr]
        done = j.new_game(GIANT)
        j.append(done, "apply", [Damage(0, 3)])
        j.append(done, "apply", [PassTurn()])
        j.finish(done, {"status": ["won", "lost"], "winners": [0]})
        going = j.new_game(FFA)
        j.append(going, "apply", [Damage(1, 2)])
    return done, going


def _raw(data_dir: Path, sql: str, *params: object) -> None:
    with open_journal(data_dir).journal as j, outside(j) as conn:  # type: ignore[union-attr]
        conn.execute(sql, params)


# ----- invalid UTF-8 in one row -------------------------------------------------------------


def test_invalid_utf8_in_an_event_names_that_game_alone(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """One flipped bit made "changes" invalid UTF-8: SQLite's driver used to fail every start
    with "Could not decode to UTF-8 column 'changes'"."""
    done, going = _two_games(data_dir)
    _raw(
        data_dir,
        "UPDATE events SET changes = CAST(X'5b7b2274797065223a2250617373547572ee227d5d' AS TEXT)"
        " WHERE game_id = ? AND seq = 2",
        done,
    )
    opened = open_journal(data_dir)
    assert opened.message is None and opened.journal is not None
    with opened.journal as j:
        assert j.last_unfinished() == j.game(going)  # the table's game comes back
        assert [g.id for g in j.readable_games()[0]] == [going, done]
        with pytest.raises(DamagedError) as caught:
            j.events(done)
        assert str(caught.value) == (
            f"game {done} in the journal, event 2, changes: is not valid UTF-8 text: "
            "the file is damaged."
        )
        assert (caught.value.game_id, caught.value.seq) == (done, 2)
        assert [str(p) for p in j.verify_all()] == [str(caught.value)]
        assert len(j.events(going)) == 1 and j.verify(going) is None
    assert cli_main(["export", "--game", str(done)], data_dir) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "not valid UTF-8" in err
    assert cli_main(["export", "--last"], data_dir) == 0
    assert json.loads(capsys.readouterr().out)["game_id"] == going


@pytest.mark.parametrize(
    ("column", "field"),
    [("names", "players"), ("team_names", "teams"), ("variant", "variant"), ("preset", "preset")],
)
def test_invalid_utf8_in_a_game_row_lists_it_as_damaged(
    data_dir: Path, column: str, field: str
) -> None:
    done, going = _two_games(data_dir)
    _raw(
        data_dir,
        f"UPDATE games SET {column} = CAST(X'5b22416e6e22c0' AS TEXT) WHERE id = ?",
        done,
    )
    opened = open_journal(data_dir)
    assert opened.journal is not None
    with opened.journal as j:
        rows, (problem,) = j.readable_games()
        assert [r.id for r in rows] == [going]
        assert isinstance(problem, DamagedError) and problem.game_id == done
        assert str(problem).startswith(f"game {done} in the journal, {field}: is not valid UTF-8")
        with pytest.raises(DamagedError):
            j.games()  # strict, for export
        assert j.last_unfinished() == rows[0]


def test_invalid_utf8_in_the_last_unfinished_game_is_a_message(data_dir: Path) -> None:
    _done, going = _two_games(data_dir)
    _raw(data_dir, "UPDATE games SET names = CAST(X'ff' AS TEXT) WHERE id = ?", going)
    with open_journal(data_dir).journal as j:  # type: ignore[union-attr]
        with pytest.raises(JournalError, match=f"game {going} in the journal, players"):
            j.last_unfinished()
        assert [g.id for g in j.unfinished_games()[0]] == []
        assert [p.game_id for p in j.unfinished_games()[1]] == [going]  # type: ignore[attr-defined]


def test_invalid_utf8_in_an_event_s_log(journal: Journal) -> None:
    tid = journal.new_tournament("Friday", {})
    journal.log(tid, "team", {"name": "A"})
    with outside(journal) as conn:
        conn.execute("UPDATE tournament_log SET kind = CAST(X'74ff' AS TEXT)")
        conn.execute("UPDATE tournaments SET name = CAST(X'46ff' AS TEXT)")
    with pytest.raises(DamagedError, match=f"event {tid} in the journal, name: is not valid UTF-8"):
        journal.tournaments()
    (problem,) = journal.verify_all()
    assert isinstance(problem, DamagedError) and problem.tournament_id == tid


# ----- the schema itself --------------------------------------------------------------------


def _edit_schema(data_dir: Path, name: str, edit: Callable[[bytes], bytes]) -> None:
    path = data_dir / FILE_NAME
    conn = sqlite3.connect(path, isolation_level=None)
    conn.text_factory = bytes
    try:
        (sql,) = conn.execute("SELECT sql FROM sqlite_schema WHERE name = ?", (name,)).fetchone()
        conn.execute("PRAGMA writable_schema = ON")
        conn.execute(
            "UPDATE sqlite_schema SET sql = CAST(? AS TEXT) WHERE name = ?", (edit(sql), name)
        )
        conn.execute("PRAGMA writable_schema = OFF")
    finally:
        conn.close()


def _flip(old: bytes, new: bytes) -> Callable[[bytes], bytes]:
    def edit(sql: bytes) -> bytes:
        assert sql.count(old) >= 1, sql
        return sql.replace(old, new, 1)

    return edit


MOVED: list[tuple[str, str, Callable[[bytes], bytes], str]] = [
    # A flip that still parses, but would refuse every write to come.
    ("a check's literal", "events", _flip(b"'apply'", b"'apxly'"), "events differ"),
    ("a column's name", "games", _flip(b"starting", b"stasting"), "'games' is missing"),
    ("invalid UTF-8 in a name", "events", _flip(b"changes", b"chang\xe5s"), "'events' is"),
    ("a trigger's words", "events_no_delete", _flip(b"append-only", b"append-o.ly"), "differ"),
    ("SQL that does not parse", "games", _flip(b"CREATE TABLE", b"CREATE TABLF"), "damaged"),
]


@pytest.mark.parametrize(
    ("name", "edit", "reason"), [m[1:] for m in MOVED], ids=[m[0] for m in MOVED]
)
def test_a_flip_in_the_schema_moves_the_file_aside(
    data_dir: Path, name: str, edit: Callable[[bytes], bytes], reason: str
) -> None:
    _two_games(data_dir)
    _edit_schema(data_dir, name, edit)
    before = (data_dir / FILE_NAME).read_bytes()
    opened = open_journal(data_dir)
    assert opened.message is not None and opened.moved_to is not None
    assert f"{data_dir / FILE_NAME} was damaged (" in opened.message and reason in opened.message
    assert opened.moved_to.read_bytes() == before
    assert opened.journal is not None
    with opened.journal as j:
        assert j.games() == []
        gid = j.new_game(GIANT)
        assert j.append(gid, "apply", [Damage(0, 1)]) == 1
    # Read-only (export, verify) it is refused with a message, never a traceback.
    _two_games(data_dir.parent / "again")
    _edit_schema(data_dir.parent / "again", name, edit)
    refused = open_journal(data_dir.parent / "again", readonly=True)
    assert refused.journal is None and refused.message is not None
    assert "Start Tablelife to set it aside" in refused.message


HARMLESS: list[tuple[str, str, Callable[[bytes], bytes]]] = [
    (
        "a comment",
        "games",
        _flip(b"JSON list, one name per seat", b"JSON list, one name per sea\xf4"),
    ),
    ("a keyword's case", "events", _flip(b"NOT NULL", b"NOT NULl")),
    ("a name's case", "games", _flip(b"team_names", b"team_Names")),
]


@pytest.mark.parametrize(("name", "edit"), [h[1:] for h in HARMLESS], ids=[h[0] for h in HARMLESS])
def test_a_flip_sqlite_reads_the_same_is_harmless(
    data_dir: Path, name: str, edit: Callable[[bytes], bytes]
) -> None:
    """SQLite ignores comments and the case of keywords and names: so does the check."""
    done, going = _two_games(data_dir)
    _edit_schema(data_dir, name, edit)
    opened = open_journal(data_dir)
    assert opened.message is None and opened.journal is not None
    with opened.journal as j:
        assert [g.id for g in j.games()] == [going, done] and j.verify_all() == []
        assert j.append(going, "apply", [Damage(0, 1)]) == 2


def test_a_flip_in_the_header_s_schema_format_moves_the_file_aside(data_dir: Path) -> None:
    """SQLite says "unsupported file format" with a generic error code: still damage."""
    _two_games(data_dir)
    path = data_dir / FILE_NAME
    data = bytearray(path.read_bytes())
    data[47] ^= 1  # the schema format number: 4 becomes 5
    path.write_bytes(bytes(data))
    refused = open_journal(data_dir, readonly=True)
    assert refused.journal is None and refused.message is not None
    assert "unsupported file format" in refused.message
    opened = open_journal(data_dir)
    assert opened.moved_to is not None and opened.message is not None
    assert "unsupported file format" in opened.message
    assert opened.journal is not None
    opened.journal.close()


def _flip_in_index(data_dir: Path) -> bytes:
    """Flips the last byte of the games_by_played index (a game's id in its oldest entry):
    the index no longer matches the table, which quick_check alone never notices."""
    path = data_dir / FILE_NAME
    conn = sqlite3.connect(path)
    try:
        (page,) = conn.execute(
            "SELECT pageno FROM dbstat WHERE name = 'games_by_played' AND pagetype = 'leaf'"
        ).fetchone()
        (size,) = conn.execute("PRAGMA page_size").fetchone()
    finally:
        conn.close()
    data = bytearray(path.read_bytes())
    data[page * size - 1] ^= 2
    path.write_bytes(bytes(data))
    return bytes(data)


def test_an_index_out_of_step_with_its_table_is_rebuilt(data_dir: Path) -> None:
    """The order of play is read through an index: a wrong one would list a game twice and
    another not at all. Rebuilt from the table at start, it loses nothing."""
    done, going = _two_games(data_dir)
    _flip_in_index(data_dir)
    conn = sqlite3.connect(data_dir / FILE_NAME)
    try:
        assert conn.execute("PRAGMA quick_check").fetchall() == [("ok",)]
    finally:
        conn.close()
    # Read-only it can't be rebuilt: said, not listed wrong.
    refused = open_journal(data_dir, readonly=True)
    assert refused.journal is None and refused.message is not None
    assert "missing from index games_by_played" in refused.message
    opened = open_journal(data_dir)
    assert opened.message is None and opened.journal is not None
    with opened.journal as j:
        assert [g.id for g in j.games()] == [going, done]
        assert j.last_unfinished() == j.game(going)
        assert j.check(full=True) is None and j.verify_all() == []


# ----- any SQLite error on any read ---------------------------------------------------------


class _Failing:
    """A connection whose every statement fails the way a damaged file or disk makes it."""

    def __init__(self, real: sqlite3.Connection, error: sqlite3.Error) -> None:
        self.real = real
        self.error = error
        self.in_transaction = False

    def execute(self, *args: Any) -> Any:
        raise self.error

    def close(self) -> None:
        self.real.close()


READS: list[tuple[str, Callable[[Journal], object]]] = [
    ("games", lambda j: j.games()),
    ("readable_games", lambda j: j.readable_games()),
    ("unfinished_games", lambda j: j.unfinished_games()),
    ("tournament_games", lambda j: j.tournament_games(1)),
    ("game", lambda j: j.game(1)),
    ("last_unfinished", lambda j: j.last_unfinished()),
    ("events", lambda j: j.events(1)),
    ("load", lambda j: j.load(1)),
    ("verify", lambda j: j.verify(1)),
    ("verify_all", lambda j: j.verify_all()),
    ("check", lambda j: j.check()),
    ("tournaments", lambda j: j.tournaments()),
    ("tournament", lambda j: j.tournament(1)),
    ("tournament_log", lambda j: j.tournament_log(1)),
    ("export", lambda j: export_json(j, 1)),
]


@pytest.mark.parametrize(
    "error",
    [
        sqlite3.DatabaseError("database disk image is malformed"),
        sqlite3.OperationalError("disk I/O error"),
        sqlite3.OperationalError("Could not decode to UTF-8 column 'changes' with text 'x'"),
        sqlite3.DataError("string or blob too big"),
    ],
    ids=["malformed", "io", "decode", "too big"],
)
@pytest.mark.parametrize("read", [r[1] for r in READS], ids=[r[0] for r in READS])
def test_any_sqlite_error_on_a_read_is_a_message(
    journal: Journal, read: Callable[[Journal], object], error: sqlite3.Error
) -> None:
    journal.new_game(GIANT)
    journal._conn = _Failing(journal.connection, error)  # type: ignore[assignment]
    with pytest.raises(StorageError) as caught:
        read(journal)
    assert str(caught.value).startswith(f"Tablelife could not read the journal {journal.path}: ")
    assert "Nothing was changed." in str(caught.value)
