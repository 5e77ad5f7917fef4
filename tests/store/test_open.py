"""Opening the journal: every bad file and bad place, each with its message."""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
from pathlib import Path

import pytest

from tablelife.cli import cli_main
from tablelife.rules import Damage
from tablelife.store import (
    FILE_NAME,
    SCHEMA_VERSION,
    export_json,
    import_json,
    open_journal,
    replay,
)
from tablelife.store import journal as journal_module
from tablelife.store import opening as opening_module
from tablelife.store import schema as schema_module
from tablelife.store.codec import variant_to_dict
from tablelife.store.export import AlreadyImportedError
from tests.store.conftest import GIANT

STAMP = "20240102-030405"


@pytest.fixture(autouse=True)
def _fixed_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """The moved-aside name carries a time; fix it so tests can name the file."""
    monkeypatch.setattr(opening_module.time, "strftime", lambda fmt, *when: STAMP)


def _journal_with_a_game(data_dir: Path) -> None:
    opened = open_journal(data_dir)
    assert opened.journal is not None
    with opened.journal as j:
        gid = j.new_game(GIANT)
        j.append(gid, "apply", [Damage(0, 3)])


def _set_pragma(path: Path, pragma: str) -> None:
    conn = sqlite3.connect(path)
    try:
        conn.execute(pragma)
        conn.commit()
    finally:
        conn.close()


def _assert_fresh_journal_works(opened: opening_module.Opened) -> None:
    assert opened.journal is not None
    with opened.journal as j:
        assert j.games() == []
        gid = j.new_game(GIANT)
        assert j.append(gid, "apply", [Damage(0, 1)]) == 1


def _files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


# ----- a fine start -------------------------------------------------------------------------


def test_missing_folder_and_file_are_created(data_dir: Path) -> None:
    assert not data_dir.exists()
    opened = open_journal(data_dir / "deeper")
    assert opened.message is None
    _assert_fresh_journal_works(opened)
    assert (data_dir / "deeper" / FILE_NAME).is_file()


def test_an_empty_file_becomes_a_journal(data_dir: Path) -> None:
    data_dir.mkdir()
    (data_dir / FILE_NAME).write_bytes(b"")
    opened = open_journal(data_dir)
    assert opened.message is None
    _assert_fresh_journal_works(opened)


# ----- bad files: moved aside, a fresh journal started --------------------------------------


def test_random_bytes_are_moved_aside_with_their_wal_and_shm(data_dir: Path) -> None:
    data_dir.mkdir()
    junk = os.urandom(8192)
    (data_dir / FILE_NAME).write_bytes(junk)
    (data_dir / f"{FILE_NAME}-wal").write_bytes(b"wal")
    (data_dir / f"{FILE_NAME}-shm").write_bytes(b"shm")
    opened = open_journal(data_dir)
    bad = data_dir / f"{FILE_NAME}.bad-{STAMP}"
    assert opened.moved_to == bad
    assert opened.message == (
        f"{data_dir / FILE_NAME} was damaged (it is not a SQLite database). The old file was "
        f"moved to {bad}; Tablelife started a new, empty journal."
    )
    assert bad.read_bytes() == junk
    assert Path(f"{bad}-wal").read_bytes() == b"wal"
    assert Path(f"{bad}-shm").read_bytes() == b"shm"
    _assert_fresh_journal_works(opened)


def test_a_foreign_sqlite_database_is_moved_aside(data_dir: Path) -> None:
    data_dir.mkdir()
    path = data_dir / FILE_NAME
    _set_pragma(path, "CREATE TABLE recipes (name TEXT)")
    _set_pragma(path, "PRAGMA user_version = 7")  # even a high version: the file isn't ours
    opened = open_journal(data_dir)
    assert opened.message is not None
    assert "a SQLite database of another program, not a Tablelife journal" in opened.message
    assert opened.moved_to is not None
    conn = sqlite3.connect(opened.moved_to)
    try:
        assert conn.execute("SELECT count(*) FROM recipes").fetchone() == (0,)
    finally:
        conn.close()
    _assert_fresh_journal_works(opened)


def test_our_id_without_our_tables_is_moved_aside(data_dir: Path) -> None:
    data_dir.mkdir()
    path = data_dir / FILE_NAME
    _set_pragma(path, f"PRAGMA application_id = {schema_module.APPLICATION_ID}")
    _set_pragma(path, "PRAGMA user_version = 1")
    _set_pragma(path, "CREATE TABLE games (id INTEGER PRIMARY KEY)")
    opened = open_journal(data_dir)
    assert opened.message is not None
    assert "its table 'games' is missing or not Tablelife's" in opened.message
    _assert_fresh_journal_works(opened)


def test_a_failed_integrity_check_is_moved_aside(data_dir: Path) -> None:
    opened = open_journal(data_dir)
    assert opened.journal is not None
    with opened.journal as j:
        for _ in range(4):
            gid = j.new_game(GIANT)
            for _ in range(100):
                j.append(gid, "apply", [Damage(0, 0)])
    path = data_dir / FILE_NAME
    with contextlib.closing(sqlite3.connect(path)) as conn:  # which pages hold the events
        pages = [
            n
            for (n,) in conn.execute(
                "SELECT pageno FROM dbstat WHERE name = 'events' AND pagetype = 'leaf'"
            )
        ]
    page = pages[len(pages) // 2]
    data = bytearray(path.read_bytes())
    # Garble an events page's header: its structure, which even the quick check at every
    # open sees. (Garbled rows are the checksums' business: test_damage.py.)
    start = (page - 1) * 4096
    data[start : start + 12] = b"\xff" * 12
    path.write_bytes(bytes(data))
    opened = open_journal(data_dir)
    assert opened.message is not None
    assert "was damaged (the integrity check failed: " in opened.message
    assert "\n" not in opened.message
    assert opened.moved_to is not None and opened.moved_to.read_bytes() == bytes(data)
    _assert_fresh_journal_works(opened)


def test_moving_aside_never_overwrites(data_dir: Path) -> None:
    data_dir.mkdir()
    earlier = data_dir / f"{FILE_NAME}.bad-{STAMP}"
    earlier.write_bytes(b"an earlier bad journal")
    # A leftover sidecar alone also blocks a name: the -wal must not join the wrong file.
    (data_dir / f"{FILE_NAME}.bad-{STAMP}-2-wal").write_bytes(b"stray")
    (data_dir / FILE_NAME).write_bytes(b"not a database" * 100)
    opened = open_journal(data_dir)
    assert opened.moved_to == data_dir / f"{FILE_NAME}.bad-{STAMP}-3"
    assert earlier.read_bytes() == b"an earlier bad journal"
    assert (data_dir / f"{FILE_NAME}.bad-{STAMP}-2-wal").read_bytes() == b"stray"
    assert opened.moved_to.read_bytes() == b"not a database" * 100
    _assert_fresh_journal_works(opened)


# ----- an older journal: migrated -----------------------------------------------------------

# The schema as Tablelife first wrote it (version 1), frozen here: MIGRATIONS[0] must never
# change, or journals already out there would no longer match it.
V1_SCHEMA = (
    f"PRAGMA application_id = {schema_module.APPLICATION_ID}",
    """
        CREATE TABLE games (
            id          INTEGER PRIMARY KEY,
            variant     TEXT    NOT NULL,  -- JSON, codec.variant_to_dict
            names       TEXT    NOT NULL,  -- JSON list, one name per seat
            team_names  TEXT    NOT NULL,  -- JSON list, one name per team
            starting    INTEGER NOT NULL,  -- the team that took the first turn
            house_rules INTEGER NOT NULL CHECK (house_rules IN (0, 1)),
            preset      TEXT,
            started     REAL    NOT NULL,  -- Unix seconds
            ended       REAL,              -- null while unfinished
            result      TEXT               -- JSON, codec.result_of; null while unfinished
        )
        """,
    "CREATE INDEX games_by_start ON games (started, id)",
    """
        CREATE TABLE events (
            game_id INTEGER NOT NULL REFERENCES games (id),
            seq     INTEGER NOT NULL CHECK (seq >= 1),
            time    REAL    NOT NULL,  -- Unix seconds
            kind    TEXT    NOT NULL CHECK (kind IN ('apply', 'undo', 'redo')),
            changes TEXT    NOT NULL,  -- JSON list of change_to_dict dicts; [] for undo, redo
            PRIMARY KEY (game_id, seq)
        ) WITHOUT ROWID
        """,
    """
        CREATE TRIGGER events_no_update BEFORE UPDATE ON events
        BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END
        """,
    """
        CREATE TRIGGER events_no_delete BEFORE DELETE ON events
        BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END
        """,
)


def _v1_journal_with_a_game(data_dir: Path) -> Path:
    """A version-1 journal, as the first Tablelife left it: one unfinished game, one event."""
    data_dir.mkdir()
    path = data_dir / FILE_NAME
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        for statement in V1_SCHEMA:
            conn.execute(statement)
        conn.execute("PRAGMA user_version = 1")
        conn.execute(
            "INSERT INTO games (variant, names, team_names, starting, house_rules, preset,"
            " started, ended, result) VALUES (?, ?, ?, 0, 0, ?, 1000.0, NULL, NULL)",
            (
                json.dumps(variant_to_dict(GIANT.variant)),
                json.dumps(list(GIANT.names)),
                json.dumps(list(GIANT.team_names)),
                GIANT.preset,
            ),
        )
        conn.execute(
            "INSERT INTO events VALUES (1, 1, 1001.0, 'apply', ?)",
            ('[{"type":"Damage","player":0,"amount":3}]',),
        )
    finally:
        conn.close()
    return path


def _schema(path: Path) -> list[tuple[str, str]]:
    conn = sqlite3.connect(path)
    try:
        rows = conn.execute("SELECT name, sql FROM sqlite_schema ORDER BY name").fetchall()
    finally:
        conn.close()
    return [(name, " ".join(str(sql).split())) for name, sql in rows]


def test_the_first_migration_is_the_frozen_version_1_schema() -> None:
    assert schema_module.MIGRATIONS[0] == V1_SCHEMA


def test_a_version_1_journal_is_migrated_and_its_game_resumes(data_dir: Path) -> None:
    path = _v1_journal_with_a_game(data_dir)
    opened = open_journal(data_dir)
    assert opened.message is None and opened.journal is not None
    with opened.journal as j:
        assert j.connection.execute("PRAGMA user_version").fetchone()[0] == 5 == SCHEMA_VERSION
        (row,) = j.games()
        assert row.setup == GIANT and row.started == 1000.0 and not row.imported
        assert j.last_unfinished() == row
        assert replay(row, j.events(row.id)).life(0) == 27
        # Its chain was computed while migrating, from its rows as they were.
        assert j.verify_all() == [] and len(j.load(row.id).checksum) == 64
        assert j.append(row.id, "apply", [Damage(2, 1)]) == 2
        assert j.verify(row.id) is None
    # Migrated, the file has exactly the schema a new journal gets.
    fresh = data_dir / "fresh"
    open_journal(fresh).journal.close()  # type: ignore[union-attr]
    assert _schema(path) == _schema(fresh / FILE_NAME)
    opened = open_journal(data_dir)  # and opening it again migrates nothing more
    assert opened.message is None and opened.journal is not None
    with opened.journal as j:
        assert j.connection.execute("PRAGMA user_version").fetchone()[0] == 5
        assert [e.seq for e in j.events(row.id)] == [1, 2]


def test_a_version_1_journal_is_read_but_not_migrated_read_only(data_dir: Path) -> None:
    path = _v1_journal_with_a_game(data_dir)
    opened = open_journal(data_dir, readonly=True)
    assert opened.message is None and opened.journal is not None
    with opened.journal as j:
        (row,) = j.games()
        assert not row.imported and j.last_unfinished() == row
        assert export_json(j, row.id)["events"][0]["after"]["teams"][0]["life"] == 27
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 1
        assert "imported" not in [r[1] for r in conn.execute("PRAGMA table_info(games)")]
    finally:
        conn.close()


# What the second Tablelife added (version 2), frozen too.
V2_STEP = (
    """
        ALTER TABLE games
        ADD COLUMN imported INTEGER NOT NULL DEFAULT 0 CHECK (imported IN (0, 1))
        """,
)


def test_the_second_migration_is_frozen_too() -> None:
    assert schema_module.MIGRATIONS[1] == V2_STEP


def _v2_journal(data_dir: Path) -> Path:
    """A version-2 journal as the second Tablelife left it. Game 1 was played with the clock
    wrong (its times are years ahead) and finished; game 2, the table's, is unfinished; game 3
    was imported; game 4 (finished) has a damaged row: its names are not JSON."""
    data_dir.mkdir()
    path = data_dir / FILE_NAME
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        for statement in (*V1_SCHEMA, *V2_STEP):
            conn.execute(statement)
        conn.execute("PRAGMA user_version = 2")
        setup = (
            json.dumps(variant_to_dict(GIANT.variant)),
            json.dumps(list(GIANT.names)),
            json.dumps(list(GIANT.team_names)),
            GIANT.preset,
        )
        insert = (
            "INSERT INTO games (variant, names, team_names, starting, house_rules, preset,"
            " started, ended, result, imported) VALUES (?, ?, ?, 0, 0, ?, ?, ?, ?, ?)"
        )
        result = '{"status": ["lost", "won"], "winners": [1]}'
        conn.execute(insert, (*setup, 2_000_000_000.0, 2_000_000_100.0, result, 0))
        conn.execute(insert, (*setup, 1_700_000_000.0, None, None, 0))
        conn.execute(insert, (*setup, 1_900_000_000.0, None, None, 1))
        conn.execute(
            insert, (setup[0], "not json", *setup[2:], 1_700_000_500.0, 1_700_000_600.0, result, 0)
        )
        events = [
            (1, 1, 2_000_000_001.0, "apply", '[{"type": "Damage", "player": 0, "amount": 3}]'),
            (1, 2, 2_000_000_002.0, "apply", '[{"type": "Concede", "player": 0}]'),
            (2, 1, 1_700_000_001.0, "apply", '[{"type": "PassTurn"}]'),
            (2, 2, 1_700_000_002.0, "undo", "[]"),
            (3, 1, 1_900_000_001.0, "apply", '[{"type": "Poison", "player": 2, "amount": 2}]'),
            (4, 1, 1_700_000_501.0, "apply", '[{"type": "PassTurn"}]'),
        ]
        conn.executemany("INSERT INTO events VALUES (?, ?, ?, ?, ?)", events)
    finally:
        conn.close()
    return path


def test_a_version_2_journal_is_migrated_with_its_chains(data_dir: Path) -> None:
    path = _v2_journal(data_dir)
    before = _rows(path)
    opened = open_journal(data_dir)
    assert opened.message is None and opened.journal is not None
    with opened.journal as j:
        assert j.version == SCHEMA_VERSION  # migrated all the way up
        assert _rows(path) == before  # the data itself is as it was
        # Ordered as they were created (all a version-2 journal knew), never by the clock.
        rows, (damaged,) = j.readable_games()
        assert [r.id for r in rows] == [3, 2, 1]
        assert str(damaged).startswith("game 4 in the journal, players: is not valid JSON")
        assert j.last_unfinished() == j.game(2)  # the table's game; the import is not resumed
        assert [(r.tournament_id, r.round, r.table) for r in rows] == [(None, None, None)] * 3
        # Every chain computed; the damaged game is still reported as damaged, not blessed.
        problems = j.verify_all()
        assert [str(p).split(":")[0] for p in problems] == ["game 4 in the journal, players"]
        assert replay(j.game(1), j.events(1)).state.over
        assert [e.kind for e in j.events(2)] == ["apply", "undo"]
        # Exports carry the chain; they import and verify anew.
        for gid in (1, 2, 3):
            data = json.loads(json.dumps(export_json(j, gid)))
            assert len(data["checksum"]) == 64
            if gid == 3:  # itself an import: importing it again adds nothing
                with pytest.raises(AlreadyImportedError, match="already imported as game 3"):
                    import_json(j, data, now=2_100_000_000.0)
                continue
            assert j.verify(import_json(j, data, now=2_100_000_000.0)) is None  # 2036
        # Play goes on, chained to the migrated events.
        assert j.append(2, "redo") == 3 and j.verify(2) is None
        assert j.readable_games()[0][0].id == 2  # now played last
    # The file has exactly the schema a new journal gets.
    fresh = data_dir / "fresh"
    open_journal(fresh).journal.close()  # type: ignore[union-attr]
    assert _schema(path) == _schema(fresh / FILE_NAME)


def _rows(path: Path) -> dict[str, list[tuple[object, ...]]]:
    """The v1/v2 columns of every row, by table."""
    conn = sqlite3.connect(path)
    try:
        games = conn.execute(
            "SELECT id, variant, names, team_names, starting, house_rules, preset, started,"
            " ended, result, imported FROM games WHERE id <= 4 ORDER BY id"
        ).fetchall()
        events = conn.execute(
            "SELECT game_id, seq, time, kind, changes FROM events WHERE game_id <= 4"
            " ORDER BY game_id, seq"
        ).fetchall()
    finally:
        conn.close()
    return {"games": games, "events": events}


def test_a_version_2_journal_is_read_but_not_migrated_read_only(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _v2_journal(data_dir)
    opened = open_journal(data_dir, readonly=True)
    assert opened.message is None and opened.journal is not None
    with opened.journal as j:
        assert j.version == 2
        assert [g.id for g in j.readable_games()[0]] == [3, 2, 1]
        assert j.last_unfinished() == j.game(2)
        assert j.load(1).checksum == "" and j.load(1).problem is None  # no chain to check
        assert "checksum" not in export_json(j, 1)
        assert j.tournaments() == [] and j.unfinished_games(1) == ([], [])
    assert cli_main(["verify"], data_dir) == 1  # game 4 is damaged
    out, err = capsys.readouterr()
    assert out.startswith("game 4 in the journal, players: is not valid JSON") and err == ""
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 2
    finally:
        conn.close()


@pytest.mark.parametrize(
    "games", [None, "CREATE TABLE games (id INTEGER PRIMARY KEY)"], ids=["missing", "not ours"]
)
def test_a_version_1_file_without_our_tables_is_moved_aside_unmigrated(
    data_dir: Path, games: str | None
) -> None:
    """Checked before migrating: not migrated halfway, nor failing as if it were a bug."""
    data_dir.mkdir()
    path = data_dir / FILE_NAME
    _set_pragma(path, f"PRAGMA application_id = {schema_module.APPLICATION_ID}")
    _set_pragma(path, "PRAGMA user_version = 1")
    _set_pragma(path, games or "CREATE TABLE other (x)")
    opened = open_journal(data_dir)
    assert opened.message is not None
    assert "its table 'games' is missing or not Tablelife's" in opened.message
    assert opened.moved_to is not None
    conn = sqlite3.connect(opened.moved_to)
    try:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 1
        columns = [r[1] for r in conn.execute("PRAGMA table_info(games)")]
        assert columns == ([] if games is None else ["id"])
    finally:
        conn.close()
    _assert_fresh_journal_works(opened)


# ----- a newer journal: left untouched ------------------------------------------------------


@pytest.mark.parametrize("readonly", [False, True])
def test_a_version_6_journal_is_refused_as_newer(data_dir: Path, readonly: bool) -> None:
    _journal_with_a_game(data_dir)
    path = data_dir / FILE_NAME
    _set_pragma(path, "PRAGMA user_version = 6")
    opened = open_journal(data_dir, readonly=readonly)
    assert opened.journal is None
    assert opened.message is not None
    assert "newer Tablelife (journal version 6; this one knows up to 5)" in opened.message
    assert not list(data_dir.glob("*.bad-*"))


def test_a_journal_from_a_newer_tablelife_is_left_untouched(data_dir: Path) -> None:
    _journal_with_a_game(data_dir)
    path = data_dir / FILE_NAME
    _set_pragma(path, f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    before = (path.read_bytes(), _files(data_dir))
    opened = open_journal(data_dir)
    assert opened.journal is None
    assert opened.message == (
        f"{path} was written by a newer Tablelife (journal version {SCHEMA_VERSION + 1}; this "
        f"one knows up to {SCHEMA_VERSION}). It was left untouched: update Tablelife to use "
        "it. Games are not being saved."
    )
    assert (path.read_bytes(), _files(data_dir)) == before


def test_a_newer_version_found_only_inside_sqlite_is_refused_too(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The header check is a shortcut; the check after opening is the one that counts."""
    _journal_with_a_game(data_dir)
    _set_pragma(data_dir / FILE_NAME, f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    monkeypatch.setattr(opening_module._Header, "read", classmethod(lambda cls, path: cls()))
    opened = open_journal(data_dir)
    assert opened.journal is None
    assert opened.message is not None and "newer Tablelife" in opened.message
    assert not list(data_dir.glob("*.bad-*"))


# ----- bad places: games are not saved ------------------------------------------------------
# Tests run as root, and chmod does not stop root, so a read-only folder is simulated: by a
# file where the folder should be, a folder below a file, a folder where the journal file
# should be, or SQLite's own read-only error raised in place of the first write.


def test_the_folder_is_a_file(data_dir: Path) -> None:
    data_dir.parent.mkdir(parents=True, exist_ok=True)
    data_dir.write_text("I am a file")
    opened = open_journal(data_dir)
    assert opened.journal is None
    assert opened.message == (
        f"Tablelife can't use the folder {data_dir}: it is a file, not a folder. "
        "Games are not being saved."
    )
    assert data_dir.read_text() == "I am a file"


def test_the_folder_is_below_a_file(data_dir: Path) -> None:
    data_dir.parent.mkdir(parents=True, exist_ok=True)
    data_dir.write_text("I am a file")
    opened = open_journal(data_dir / "sub")
    assert opened.journal is None
    assert opened.message == (
        f"Tablelife can't use the folder {data_dir / 'sub'}: Not a directory. "
        "Games are not being saved."
    )


def test_the_journal_path_is_a_folder(data_dir: Path) -> None:
    (data_dir / FILE_NAME).mkdir(parents=True)
    opened = open_journal(data_dir)
    assert opened.journal is None
    assert opened.message == (
        f"{data_dir / FILE_NAME} is not a file, so Tablelife can't use it. "
        "Games are not being saved."
    )


def test_a_read_only_database(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Simulated: SQLite's read-only error on the first write (creating the schema)."""

    def read_only(conn: sqlite3.Connection) -> None:
        raise sqlite3.OperationalError("attempt to write a readonly database")

    monkeypatch.setattr(journal_module.Journal, "_migrate", staticmethod(read_only))
    opened = open_journal(data_dir)
    assert opened.journal is None
    assert opened.message == (
        f"Tablelife can't open {data_dir / FILE_NAME}: the file or its folder is read-only. "
        "Games are not being saved."
    )


def test_a_full_disk_at_start_opens_the_games_read_only(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The disk filled up during a game, and Tablelife starts again: the journal can't be
    written, but its games are there to see (read-only), not hidden behind a blank one."""
    _journal_with_a_game(data_dir)

    def full(conn: sqlite3.Connection) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(journal_module.Journal, "_migrate", staticmethod(full))
    opened = open_journal(data_dir)
    assert opened.journal is not None and opened.journal.readonly
    assert opened.message == (
        f"Tablelife can't write to {data_dir / FILE_NAME}: the disk is full. Games are not "
        "being saved. The games already in it can be looked at, read-only."
    )
    with opened.journal as j:
        assert len(j.games()) == 1 and j.events(j.games()[0].id)


def test_a_moved_aside_file_whose_fresh_journal_fails(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data_dir.mkdir()
    (data_dir / FILE_NAME).write_bytes(os.urandom(4096))
    real = journal_module.Journal._migrate
    calls = []

    def full_after_moving(conn: sqlite3.Connection) -> None:
        calls.append(1)
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(journal_module.Journal, "_migrate", staticmethod(full_after_moving))
    opened = open_journal(data_dir)
    assert opened.journal is None and calls
    assert opened.message is not None
    assert "was moved to" in opened.message and "Games are not being saved." in opened.message
    monkeypatch.setattr(journal_module.Journal, "_migrate", real)
    _assert_fresh_journal_works(open_journal(data_dir))


# ----- read-only opening, for export --------------------------------------------------------


def test_readonly_open_creates_moves_and_migrates_nothing(data_dir: Path) -> None:
    opened = open_journal(data_dir, readonly=True)
    assert opened.journal is None
    assert opened.message == f"There is no journal at {data_dir / FILE_NAME}."
    assert not data_dir.exists()

    data_dir.mkdir()
    path = data_dir / FILE_NAME
    path.write_bytes(b"")
    assert open_journal(data_dir, readonly=True).message == f"There are no games in {path} yet."

    path.write_bytes(os.urandom(4096))
    opened = open_journal(data_dir, readonly=True)
    assert opened.journal is None
    assert opened.message == (
        f"{path} is damaged (it is not a SQLite database). Start Tablelife to set it aside."
    )
    assert not list(data_dir.glob("*.bad-*"))


def test_readonly_open_reads_a_journal(data_dir: Path) -> None:
    _journal_with_a_game(data_dir)
    opened = open_journal(data_dir, readonly=True)
    assert opened.journal is not None and opened.message is None
    with opened.journal as j:
        assert len(j.events(j.games()[0].id)) == 1
        with pytest.raises(sqlite3.OperationalError, match="readonly"):
            j.connection.execute("DELETE FROM games")


def test_readonly_open_refuses_newer_and_foreign_journals(data_dir: Path) -> None:
    _journal_with_a_game(data_dir)
    path = data_dir / FILE_NAME
    _set_pragma(path, f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    opened = open_journal(data_dir, readonly=True)
    assert opened.journal is None
    assert opened.message is not None and "was written by a newer Tablelife" in opened.message

    path.unlink()
    _set_pragma(path, "CREATE TABLE recipes (name TEXT)")
    opened = open_journal(data_dir, readonly=True)
    assert opened.journal is None
    assert opened.message == (
        f"{path} is damaged (it is a SQLite database of another program, not a Tablelife "
        "journal). Start Tablelife to set it aside."
    )
    assert not list(data_dir.glob("*.bad-*"))


def test_a_bad_file_that_cannot_be_moved_aside(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Simulated: the rename fails (as it would in a read-only folder)."""
    data_dir.mkdir()
    (data_dir / FILE_NAME).write_bytes(b"junk" * 100)

    def refuse(path: Path) -> Path:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(opening_module, "_move_aside", refuse)
    opened = open_journal(data_dir)
    assert opened.journal is None
    assert opened.message == (
        f"{data_dir / FILE_NAME} is damaged (it is not a SQLite database) and could not be "
        "moved aside (it is read-only). Games are not being saved."
    )
    assert (data_dir / FILE_NAME).read_bytes() == b"junk" * 100
