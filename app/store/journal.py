"""The journal: one SQLite file holding every game and its events, append-only.

Each game is a row of `games`; each event (apply, undo or redo) is a row of `events`, numbered
1, 2, 3... within its game. Undo and redo are journaled too, so the journal is an audit trail,
and replaying a game's events rebuilds its state, history and undo/redo stacks exactly.

Durability: the file is in WAL mode with synchronous=FULL, and each write is one transaction
committed before the call returns. The schema is versioned with PRAGMA user_version and marked
as ours with PRAGMA application_id; `MIGRATIONS[v]` takes a journal from version v to v + 1.

Qt-free on purpose: the caller (the model) picks the folder and passes it in.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import sqlite3
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from app.rules import Change
from app.rules.setup import GameSetup
from app.store.codec import (
    changes_from_list,
    changes_to_list,
    expect_time,
    expect_whole,
    result_from,
    setup_from,
    variant_to_dict,
)
from app.store.errors import BadDataError, StorageError, UnknownGameError
from app.store.records import EVENT_KINDS, EventKind, EventRow, GameRow

FILE_NAME = "tablelife.sqlite3"
APPLICATION_ID = 0x54424C46  # "TBLF": tells our file apart from any other SQLite database.
BUSY_TIMEOUT = 5.0  # seconds to wait for another Tablelife holding the write lock

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    # 0 -> 1: the first schema.
    (
        f"PRAGMA application_id = {APPLICATION_ID}",
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
    ),
    # 1 -> 2: imported games are marked, so the app never resumes one as the table's own game.
    (
        """
        ALTER TABLE games
        ADD COLUMN imported INTEGER NOT NULL DEFAULT 0 CHECK (imported IN (0, 1))
        """,
    ),
)
SCHEMA_VERSION = len(MIGRATIONS)
"""The schema version this Tablelife writes; journals with a higher user_version are refused."""

# The columns each table must have, to tell our journal apart from a damaged one.
_COLUMNS = {
    "games": (
        "id",
        "variant",
        "names",
        "team_names",
        "starting",
        "house_rules",
        "preset",
        "started",
        "ended",
        "result",
        "imported",
    ),
    "events": ("game_id", "seq", "time", "kind", "changes"),
}
# The columns each schema version added, to check an older journal before migrating it (or,
# read-only, instead of migrating it).
_ADDED_IN = {("games", "imported"): 2}


def _columns(version: int) -> dict[str, tuple[str, ...]]:
    """The columns each table has in a journal of schema `version`."""
    return {
        table: tuple(c for c in columns if _ADDED_IN.get((table, c), 1) <= version)
        for table, columns in _COLUMNS.items()
    }


# SQLite's primary result codes for errors that come from the world rather than from a bug,
# each with what it means and what a person can do about it.
_WORLD_ERRORS: dict[int, tuple[str, str]] = {
    13: ("the disk is full", "Free some disk space, then try again."),  # SQLITE_FULL
    10: ("the disk reported an input/output error", "Check the disk."),  # SQLITE_IOERR
    8: ("the file or its folder is read-only", "Make it writable."),  # SQLITE_READONLY
    14: ("the file can't be opened", "Check that the folder exists and is writable."),
    3: ("permission was denied", "Check the file's permissions."),  # SQLITE_PERM
    5: ("another program is holding it locked", "Close the other program."),  # SQLITE_BUSY
    6: ("another program is holding it locked", "Close the other program."),  # SQLITE_LOCKED
    7: ("the computer is out of memory", "Close some programs."),  # SQLITE_NOMEM
    11: ("the file is damaged", "Restart Tablelife to set it aside."),  # SQLITE_CORRUPT
    26: ("the file is not a database", "Restart Tablelife to set it aside."),  # SQLITE_NOTADB
    15: ("the file lock failed", "Check the disk."),  # SQLITE_PROTOCOL
}
# The same, found by message, for errors that carry no code.
_WORLD_MESSAGES = {
    "disk is full": 13,
    "disk i/o error": 10,
    "readonly": 8,
    "read-only": 8,
    "unable to open": 14,
    "locked": 5,
    "out of memory": 7,
    "malformed": 11,
    "not a database": 26,
}
_DAMAGED = (11, 26)  # SQLITE_CORRUPT, SQLITE_NOTADB: the file itself is bad


def _world_code(exc: sqlite3.Error) -> int | None:
    """The SQLite result code if the error comes from the world, None if it is a bug."""
    code = getattr(exc, "sqlite_errorcode", None)
    if isinstance(code, int):
        primary = code & 0xFF
        return primary if primary in _WORLD_ERRORS else None
    text = str(exc).lower()
    for words, primary in _WORLD_MESSAGES.items():
        if words in text:
            return primary
    return None


def _os_reason(exc: OSError) -> str:
    if exc.errno == errno.ENOSPC:
        return "the disk is full"
    if exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        return "it is read-only"
    return exc.strerror or str(exc)


@dataclass(frozen=True)
class Opened:
    """What `open_journal` found: a journal (or None), and a message for a person (or None).

    `moved_to` is where a damaged or foreign file was moved aside, if one was.
    """

    journal: Journal | None
    message: str | None = None
    moved_to: Path | None = None


class _BadFileError(Exception):
    """Internal: the file at the journal's path is damaged or not ours; `str()` says why."""


class _NewerError(Exception):
    """Internal: the journal was written by a newer Tablelife."""

    def __init__(self, version: int) -> None:
        super().__init__(version)
        self.version = version


def open_journal(directory: Path, *, readonly: bool = False) -> Opened:
    """Opens (or creates) the journal `tablelife.sqlite3` in `directory`. Never raises for
    anything a person can cause; the message says what happened:

    - all is well: the journal, no message;
    - the file is damaged, not SQLite, or SQLite without our schema: it is moved aside as
      `tablelife.sqlite3.bad-YYYYmmdd-HHMMSS` (with its -wal and -shm; a counter is added
      rather than overwrite anything) and a fresh journal is started; the message says where
      the old file went;
    - the file comes from a newer Tablelife: it is left untouched, journal None;
    - the folder can't be created or written: journal None, games are not being saved.

    With `readonly=True` (for exporting), nothing is created, moved or migrated: a missing,
    damaged or foreign file gives journal None and a message.
    """
    path = directory / FILE_NAME
    if readonly:
        return _open_readonly(path)
    not_saved = "Games are not being saved."
    try:
        directory.mkdir(parents=True, exist_ok=True)
        if not directory.is_dir():
            raise NotADirectoryError(errno.ENOTDIR, "it is not a folder")
    except OSError as exc:
        reason = "it is a file, not a folder" if directory.is_file() else _os_reason(exc)
        return Opened(None, f"Tablelife can't use the folder {directory}: {reason}. {not_saved}")
    if path.exists() and not path.is_file():
        return Opened(None, f"{path} is not a file, so Tablelife can't use it. {not_saved}")
    header = _Header.read(path)
    if header.newer is not None:
        # Refused before SQLite opens it, so not even a checkpoint touches the file.
        return Opened(None, _newer_message(path, header.newer) + f" {not_saved}")
    if header.foreign:
        # Moved aside before SQLite opens it: closing would delete its -wal and -shm.
        reason = "it is not a SQLite database"
    else:
        try:
            return Opened(Journal(path))
        except _NewerError as exc:
            return Opened(None, _newer_message(path, exc.version) + f" {not_saved}")
        except _BadFileError as exc:
            reason = str(exc)
        except sqlite3.Error as exc:
            code = _world_code(exc)
            if code is None:
                raise
            what = _WORLD_ERRORS[code][0]
            return Opened(None, f"Tablelife can't open {path}: {what}. {not_saved}")
    try:
        moved = _move_aside(path)
    except OSError as exc:
        return Opened(
            None,
            f"{path} is damaged ({reason}) and could not be moved aside ({_os_reason(exc)}). "
            f"{not_saved}",
        )
    started = f"The old file was moved to {moved}; Tablelife started a new, empty journal."
    try:
        journal = Journal(path)
    except (sqlite3.Error, _BadFileError, _NewerError) as exc:
        if isinstance(exc, sqlite3.Error) and _world_code(exc) is None:
            raise
        return Opened(
            None,
            f"{path} was damaged ({reason}) and was moved to {moved}, but a new journal "
            f"could not be started. {not_saved}",
            moved,
        )
    return Opened(journal, f"{path} was damaged ({reason}). {started}", moved)


def _newer_message(path: Path, version: int) -> str:
    return (
        f"{path} was written by a newer Tablelife (journal version {version}; this one "
        f"knows up to {SCHEMA_VERSION}). It was left untouched: update Tablelife to use it."
    )


@dataclass(frozen=True)
class _Header:
    """What the first 100 bytes of the file say, read without SQLite."""

    foreign: bool = False  # there is data, but not a SQLite database's
    newer: int | None = None  # our journal, from a newer Tablelife: its version

    @classmethod
    def read(cls, path: Path) -> _Header:
        try:
            with path.open("rb") as f:
                header = f.read(100)
        except OSError:
            return cls()  # missing, or SQLite will say what is wrong when it opens it
        if not header:
            return cls()
        if len(header) < 100 or not header.startswith(b"SQLite format 3\0"):
            return cls(foreign=True)
        version = int.from_bytes(header[60:64], "big")
        app_id = int.from_bytes(header[68:72], "big")
        ours_but_newer = app_id == APPLICATION_ID and version > SCHEMA_VERSION
        return cls(newer=version if ours_but_newer else None)


def _open_readonly(path: Path) -> Opened:
    if not path.is_file():
        return Opened(None, f"There is no journal at {path}.")
    header = _Header.read(path)
    if header.newer is not None:
        return Opened(None, _newer_message(path, header.newer))
    if header.foreign:
        reason = "it is not a SQLite database"
        return Opened(None, f"{path} is damaged ({reason}). Start Tablelife to set it aside.")
    try:
        return Opened(Journal(path, readonly=True))
    except _NewerError as exc:
        return Opened(None, _newer_message(path, exc.version))
    except _EmptyError:
        return Opened(None, f"There are no games in {path} yet.")
    except _BadFileError as exc:
        return Opened(None, f"{path} is damaged ({exc}). Start Tablelife to set it aside.")
    except sqlite3.Error as exc:
        code = _world_code(exc)
        if code is None:
            raise
        return Opened(None, f"Tablelife can't read {path}: {_WORLD_ERRORS[code][0]}.")


def _move_aside(path: Path) -> Path:
    """Moves `path` and its -wal and -shm to `<path>.bad-<time>[-n]`, never overwriting."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(1, 1000):
        bad = path.with_name(f"{path.name}.bad-{stamp}" + (f"-{n}" if n > 1 else ""))
        sidecars = [Path(f"{bad}{s}") for s in ("-wal", "-shm")]
        if any(os.path.lexists(p) for p in (bad, *sidecars)):
            continue
        try:
            _rename_no_overwrite(path, bad)
        except FileExistsError:
            continue
        for suffix, target in zip(("-wal", "-shm"), sidecars, strict=True):
            side = Path(f"{path}{suffix}")
            if side.exists():
                _rename_no_overwrite(side, target)
        return bad
    raise FileExistsError(errno.EEXIST, "too many files moved aside already", str(path))


def _rename_no_overwrite(src: Path, dst: Path) -> None:
    """Renames src to dst; FileExistsError, never an overwrite, if dst exists."""
    try:
        os.link(src, dst)  # fails if dst exists: no window in which it could be overwritten
    except FileExistsError:
        raise
    except OSError:
        # No hard links here (some file systems): check, then rename.
        if os.path.lexists(dst):
            raise FileExistsError(errno.EEXIST, "exists", str(dst)) from None
        os.rename(src, dst)
        return
    os.unlink(src)


def _connect(path: Path, readonly: bool) -> sqlite3.Connection:
    if readonly:
        uri = path.resolve().as_uri() + "?mode=ro"
        return sqlite3.connect(uri, uri=True, isolation_level=None, timeout=BUSY_TIMEOUT)
    return sqlite3.connect(path, isolation_level=None, timeout=BUSY_TIMEOUT)


def _probe(conn: sqlite3.Connection) -> tuple[int, int, int]:
    """(application_id, user_version, number of schema objects)."""
    app_id = conn.execute("PRAGMA application_id").fetchone()[0]
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    objects = conn.execute("SELECT count(*) FROM sqlite_schema").fetchone()[0]
    return int(app_id), int(version), int(objects)


class _EmptyError(Exception):
    """Internal: the file holds no journal yet (opened read-only, so none is made)."""


def _classify(app_id: int, version: int, objects: int) -> Literal["empty", "ours"]:
    if app_id == 0 and version == 0 and objects == 0:
        return "empty"
    if app_id != APPLICATION_ID:
        raise _BadFileError("it is a SQLite database of another program, not a Tablelife journal")
    if version > SCHEMA_VERSION:
        raise _NewerError(version)
    if version < 1:
        raise _BadFileError(f"its schema version {version} is not one Tablelife wrote")
    return "ours"


def _check_tables(conn: sqlite3.Connection, version: int) -> None:
    """_BadFileError if the tables are not those of our schema `version`."""
    for table, columns in _columns(version).items():
        have = tuple(r[1] for r in conn.execute(f"PRAGMA table_info({table})"))
        if have != columns:
            raise _BadFileError(f"its table {table!r} is missing or not Tablelife's")


def _check(conn: sqlite3.Connection, version: int) -> None:
    """_BadFileError if the schema is not our `version`'s or the integrity check fails."""
    try:
        _check_tables(conn, version)
        problems = [r[0] for r in conn.execute("PRAGMA integrity_check")]
    except sqlite3.DatabaseError as exc:
        if _world_code(exc) in _DAMAGED:
            raise _BadFileError(f"the integrity check failed: {exc}") from None
        raise
    if problems != ["ok"]:
        lines = [ln for p in problems for ln in str(p).splitlines() if not ln.startswith("***")]
        more = " (and more)" if len(lines) > 1 else ""
        raise _BadFileError(f"the integrity check failed: {(lines or ['?'])[0]}{more}")


class Journal:
    """An open journal file. Use `open_journal` rather than building one directly.

    Writes raise `StorageError` for what the world can cause (disk full, read-only, I/O error,
    locked), with nothing half-written; reads raise `BadDataError` for a damaged row and
    `UnknownGameError` for an id that isn't there. Other errors are bugs and are not caught.
    Close it with `close()`, or use it as a context manager.
    """

    def __init__(self, path: Path, *, readonly: bool = False) -> None:
        self.path = path
        self.readonly = readonly
        conn = _connect(path, readonly)
        try:
            version = self._prepare(conn, readonly)
        except sqlite3.DatabaseError as exc:
            conn.close()
            code = _world_code(exc)
            if code in _DAMAGED:
                reason = "it is not a SQLite database" if code == 26 else f"it is damaged: {exc}"
                raise _BadFileError(reason) from None
            raise
        except BaseException:
            conn.close()
            raise
        self._conn: sqlite3.Connection | None = conn
        # A journal opened read-only is not migrated: a column it lacks reads as its default.
        have = _columns(version)["games"]
        self._imported = "imported" if "imported" in have else "0"
        self._game_columns = ", ".join(c if c in have else f"0 AS {c}" for c in _COLUMNS["games"])

    @classmethod
    def _prepare(cls, conn: sqlite3.Connection, readonly: bool) -> int:
        """Checks the file is our journal (or empty), then sets it up for durable writes.

        Returns the schema version the file now has (opened read-only, maybe an older one).
        """
        _app_id, version, _objects = probe = _probe(conn)
        kind = _classify(*probe)
        if readonly:
            if kind == "empty":
                raise _EmptyError()
        else:
            conn.execute("PRAGMA synchronous = FULL")  # durable at each commit
            conn.execute("PRAGMA foreign_keys = ON")
            if conn.execute("PRAGMA journal_mode = WAL").fetchone()[0] != "wal":
                raise sqlite3.OperationalError("unable to open the journal in WAL mode")
            cls._migrate(conn)
            version = SCHEMA_VERSION
        _check(conn, version)
        return version

    @staticmethod
    def _migrate(conn: sqlite3.Connection) -> None:
        conn.execute("BEGIN IMMEDIATE")
        try:
            # Read again inside the write lock: another Tablelife may have just migrated it.
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            _classify(*_probe(conn))
            if version >= 1:
                # Not ours after all (or damaged): set aside as it is, not half-migrated.
                _check_tables(conn, version)
            for step in range(version, SCHEMA_VERSION):
                for statement in MIGRATIONS[step]:
                    conn.execute(statement)
                conn.execute(f"PRAGMA user_version = {step + 1}")
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise

    # ----- plumbing ------------------------------------------------------------------------

    def close(self) -> None:
        """Closes the file. Calling it again does nothing."""
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def connection(self) -> sqlite3.Connection:
        """The open SQLite connection (for tests and tools); ProgrammingError once closed."""
        if self._conn is None:
            raise sqlite3.ProgrammingError("The journal is closed.")
        return self._conn

    @contextlib.contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One transaction, committed (durably) on leaving, rolled back on any error."""
        conn = self.connection
        try:
            conn.execute("BEGIN IMMEDIATE")
            yield conn
            conn.execute("COMMIT")
        except BaseException as exc:
            if conn.in_transaction:
                with contextlib.suppress(sqlite3.Error):  # the first error says more
                    conn.execute("ROLLBACK")
            known = self._known(exc, "save to")
            if known is exc:
                raise
            raise known from exc

    @contextlib.contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        try:
            yield self.connection
        except BaseException as exc:
            known = self._known(exc, "read")
            if known is exc:
                raise
            raise known from exc

    def _known(self, exc: BaseException, doing: str) -> BaseException:
        """A StorageError for an error the world caused; `exc` itself for anything else."""
        if isinstance(exc, sqlite3.Error):
            code = _world_code(exc)
            if code is not None:
                what, advice = _WORLD_ERRORS[code]
                return StorageError(
                    f"Tablelife could not {doing} the journal {self.path}: {what}. "
                    f"Nothing was changed. {advice}"
                )
        elif isinstance(exc, OSError):
            return StorageError(
                f"Tablelife could not {doing} the journal {self.path}: {_os_reason(exc)}. "
                "Nothing was changed."
            )
        return exc

    # ----- writing -------------------------------------------------------------------------

    def new_game(self, setup: GameSetup, *, started: float | None = None) -> int:
        """Adds a game (unfinished, no events yet) and returns its id."""
        with self._write() as conn:
            return self._insert_game(conn, setup, time.time() if started is None else started)

    @staticmethod
    def _insert_game(
        conn: sqlite3.Connection,
        setup: GameSetup,
        started: float,
        ended: float | None = None,
        result: Mapping[str, Any] | None = None,
        *,
        imported: bool = False,
    ) -> int:
        cursor = conn.execute(
            "INSERT INTO games (variant, names, team_names, starting, house_rules, preset,"
            " started, ended, result, imported) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                _dump(variant_to_dict(setup.variant)),
                _dump(list(setup.names)),
                _dump(list(setup.team_names)),
                setup.starting,
                int(setup.house_rules),
                setup.preset,
                started,
                ended,
                None if result is None else _dump(result),
                int(imported),
            ),
        )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def append(
        self,
        game_id: int,
        kind: EventKind,
        changes: Sequence[Change] = (),
        *,
        when: float | None = None,
    ) -> int:
        """Appends one event to a game and returns its seq (1, 2, 3...).

        The event is committed to disk before this returns. "apply" needs changes; "undo" and
        "redo" take none. Raises UnknownGameError, or StorageError with nothing written.
        """
        _check_event(kind, changes)
        payload = _dump(changes_to_list(changes))
        stamp = time.time() if when is None else when
        with self._write() as conn:
            seq = self._next_seq(conn, game_id)
            conn.execute(
                "INSERT INTO events (game_id, seq, time, kind, changes) VALUES (?, ?, ?, ?, ?)",
                (game_id, seq, stamp, kind, payload),
            )
        return seq

    @staticmethod
    def _next_seq(conn: sqlite3.Connection, game_id: int) -> int:
        row = conn.execute(
            "SELECT (SELECT 1 FROM games WHERE id = ?),"
            " (SELECT COALESCE(MAX(seq), 0) + 1 FROM events WHERE game_id = ?)",
            (game_id, game_id),
        ).fetchone()
        if row[0] is None:
            raise UnknownGameError(game_id)
        return int(row[1])

    def finish(self, game_id: int, result: Mapping[str, Any], *, when: float | None = None) -> None:
        """Marks a game finished with its result (see `codec.result_of`)."""
        row = self.game(game_id)
        checked = result_from(dict(result), row.variant.teams)
        stamp = time.time() if when is None else when
        with self._write() as conn:
            conn.execute(
                "UPDATE games SET ended = ?, result = ? WHERE id = ?",
                (stamp, _dump(checked), game_id),
            )

    def reopen(self, game_id: int) -> None:
        """Marks a game unfinished again, e.g. after an undo across its end."""
        with self._write() as conn:
            if not conn.execute(
                "UPDATE games SET ended = NULL, result = NULL WHERE id = ?", (game_id,)
            ).rowcount:
                raise UnknownGameError(game_id)

    def import_game(
        self,
        setup: GameSetup,
        started: float,
        ended: float | None,
        result: Mapping[str, Any] | None,
        events: Sequence[tuple[float, EventKind, Sequence[Change]]],
    ) -> int:
        """Adds a whole game and its events in ONE transaction; returns the new game's id.

        The game is marked imported, so `last_unfinished` never picks it. The caller checks
        the events against the rules (`export.import_json` does).
        """
        rows = []
        for stamp, kind, changes in events:
            _check_event(kind, changes)
            rows.append((stamp, kind, _dump(changes_to_list(changes))))
        with self._write() as conn:
            game_id = self._insert_game(conn, setup, started, ended, result, imported=True)
            conn.executemany(
                "INSERT INTO events (game_id, seq, time, kind, changes) VALUES (?, ?, ?, ?, ?)",
                [(game_id, seq, *row) for seq, row in enumerate(rows, 1)],
            )
        return game_id

    # ----- reading -------------------------------------------------------------------------

    def games(self) -> list[GameRow]:
        """Every game, newest (latest start) first; BadDataError if any row can't be read.

        For a list a person browses, `readable_games` skips the damaged rows instead.
        """
        return [_game_row(r) for r in self._all_games()]

    def readable_games(self) -> tuple[list[GameRow], list[BadDataError]]:
        """Every game that can be read, newest (latest start) first, and one BadDataError
        (naming the game and the field) for each row that can't, so one damaged row does not
        hide every other game."""
        rows, problems = [], []
        for raw in self._all_games():
            try:
                rows.append(_game_row(raw))
            except BadDataError as exc:
                problems.append(exc)
        return rows, problems

    def _all_games(self) -> list[Any]:
        with self._read() as conn:
            return conn.execute(
                f"SELECT {self._game_columns} FROM games ORDER BY started DESC, id DESC"
            ).fetchall()

    def game(self, game_id: int) -> GameRow:
        """One game by id; UnknownGameError if there is none."""
        with self._read() as conn:
            row = conn.execute(
                f"SELECT {self._game_columns} FROM games WHERE id = ?", (game_id,)
            ).fetchone()
        if row is None:
            raise UnknownGameError(game_id)
        return _game_row(row)

    def last_unfinished(self) -> GameRow | None:
        """The newest (latest start) game played here and not marked finished, or None.

        Imported games are left out: they keep the start time of the table they were played
        at, and resuming one would replace the game this table was playing.
        """
        with self._read() as conn:
            row = conn.execute(
                f"SELECT {self._game_columns} FROM games"
                f" WHERE ended IS NULL AND {self._imported} = 0"
                " ORDER BY started DESC, id DESC LIMIT 1"
            ).fetchone()
        return None if row is None else _game_row(row)

    def events(self, game_id: int) -> list[EventRow]:
        """A game's events in order (seq 1, 2, 3...); UnknownGameError if there is no such game."""
        with self._read() as conn:
            rows = conn.execute(
                "SELECT seq, time, kind, changes FROM events WHERE game_id = ? ORDER BY seq",
                (game_id,),
            ).fetchall()
            if (
                not rows
                and conn.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone() is None
            ):
                raise UnknownGameError(game_id)
        return [_event_row(game_id, *r) for r in rows]


def _check_event(kind: str, changes: Sequence[Change]) -> None:
    """A wrong kind or changes here is a bug in the caller, not something a person did."""
    if kind not in EVENT_KINDS:
        raise ValueError(f"Unknown event kind {kind!r}.")
    if (kind == "apply") != bool(changes):
        raise ValueError(f"An {kind!r} event takes {'some' if kind == 'apply' else 'no'} changes.")


def _dump(data: object) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def _load(text: object, where: str) -> object:
    if not isinstance(text, str):
        raise BadDataError(where, "is not JSON text.")
    try:
        return json.loads(text)
    except ValueError as exc:
        raise BadDataError(where, f"is not valid JSON ({exc}).") from None


def _game_row(row: Sequence[Any]) -> GameRow:
    gid, variant, names, team_names, starting, _house, preset, started, ended, result, imp = row
    try:
        setup = setup_from(
            _load(variant, "variant"),
            _load(names, "players"),
            _load(team_names, "teams"),
            starting,
            preset,
        )
        return GameRow(
            id=expect_whole(gid, "id"),
            setup=setup,
            started=expect_time(started, "started"),
            ended=None if ended is None else expect_time(ended, "ended"),
            result=None
            if result is None
            else result_from(_load(result, "result"), setup.variant.teams),
            imported=bool(imp),  # the schema's CHECK keeps it 0 or 1
        )
    except BadDataError as exc:
        raise BadDataError(f"game {gid} in the journal, {exc.where}", exc.problem) from None


def _event_row(game_id: int, seq: Any, stamp: Any, kind: Any, changes: Any) -> EventRow:
    try:
        if kind not in EVENT_KINDS:
            raise BadDataError("kind", f"unknown event kind {kind!r}.")
        decoded = changes_from_list(_load(changes, "changes"), "changes")
        if (kind == "apply") != bool(decoded):
            raise BadDataError("changes", f"an {kind} event can't have {len(decoded)} changes.")
        return EventRow(
            game_id=game_id,
            seq=expect_whole(seq, "seq", 1),
            time=expect_time(stamp, "time"),
            kind=kind,
            changes=decoded,
        )
    except BadDataError as exc:
        where = f"game {game_id} in the journal, event {seq}, {exc.where}"
        raise BadDataError(where, exc.problem) from None
