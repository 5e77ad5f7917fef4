"""The journal: one SQLite file holding every game and its events, and every event
(tournament) and its log; append-only.

Each game is a row of `games`; each journal event of a game (apply, undo or redo) is a row of
`events`, numbered 1, 2, 3... within its game. Undo and redo are journaled too, so the journal
is an audit trail, and replaying a game's events rebuilds its state, history and undo/redo
stacks exactly. A game played at an event (a tournament) names it, with its round and table;
a kitchen game names none. Any number of games can be unfinished at once. Each event
(tournament) is a row of `tournaments` with an append-only `tournament_log` whose entries mean
what the event layer says; the journal checks only their shape.

Tamper evidence: every row carries a SHA-256 checksum that chains to the one before it in its
game (or event), starting from a checksum of the game's setup (`tablelife.store.chain`). Reading a
game checks its chain; `Journal.verify` and `Journal.verify_all` say where one breaks.

Order: "newest" and "last" mean most recently played, by a sequence the journal keeps (each
game's `played` number grows with every event appended to it), never by wall time, so a clock
that was set wrong once can't pin a game on top.

Durability: the file is in WAL mode with synchronous=FULL, and each write is one transaction
committed before the call returns. The WAL is checkpointed as it grows and its size is capped,
so a small disk holds as many events as it has room for. Opening runs SQLite's quick_check
(and the full check of the small games table, whose indexes give the order of play); after an
unclean shutdown, and on demand (`Journal.check(full=True)`), the full integrity_check. A file
that fails them, or whose schema is not the one the migrations build, is set aside.

The schema is versioned with PRAGMA user_version and marked as ours with PRAGMA
application_id; `MIGRATIONS[v]` takes a journal from version v to v + 1.

Qt-free on purpose: the caller (the model) picks the folder and passes it in. One `Journal` is
meant to be shared by every table of a process: nothing in it assumes a single game.
"""

from __future__ import annotations

import contextlib
import errno
import functools
import json
import os
import re
import sqlite3
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Literal, TypeVar

from tablelife.rules import Change
from tablelife.rules.i18n import QT_TRANSLATE_NOOP, arg, translate
from tablelife.rules.setup import GameSetup
from tablelife.rules.values import frozen
from tablelife.store import chain, rows
from tablelife.store.codec import changes_to_list, result_from, variant_to_dict
from tablelife.store.errors import (
    BadDataError,
    DamagedError,
    JournalWords,
    StorageError,
    UnknownGameError,
    UnknownTournamentError,
)
from tablelife.store.lock import held_by_another
from tablelife.store.records import (
    EVENT_KINDS,
    EventKind,
    EventRow,
    GameRow,
    LoadedGame,
    LogRow,
    TournamentRow,
)
from tablelife.store.replay import walk

FILE_NAME = "tablelife.sqlite3"
APPLICATION_ID = 0x54424C46  # "TBLF": tells our file apart from any other SQLite database.
BUSY_TIMEOUT = 5.0  # seconds to wait for another Tablelife holding the write lock
WAL_CHECKPOINT_PAGES = 128
"""A checkpoint runs once the WAL holds this many pages (512 KiB), not SQLite's 1000."""
WAL_SIZE_LIMIT = 1 << 20
"""After a checkpoint the WAL file is cut back to this many bytes (1 MiB)."""

_T = TypeVar("_T")
Step = str | Callable[[sqlite3.Connection], None]
"""One step of a migration: an SQL statement, or a function that fills in data."""


def _chain_existing_games(conn: sqlite3.Connection) -> None:
    """3: computes the checksum chain of every game already in the journal, from its rows as
    they are, and numbers the games in the order they were created (all that the journal
    knew of their order: the times came from a clock that may have been wrong)."""
    games = conn.execute(
        "SELECT id, variant, names, team_names, starting, house_rules, preset, started,"
        " ended, result, imported FROM games ORDER BY id"
    ).fetchall()
    for gid, variant, names, teams, starting, house, preset, started, ended, result, imp in games:
        start = chain.game_start(
            gid,
            _data(variant),
            _data(names),
            _data(teams),
            chain.plain(starting),
            chain.plain(house),
            _words(preset),
            chain.plain(started),
            chain.plain(imp),
            None,
            None,
            None,
        )
        previous = start
        sums = []
        for seq, stamp, kind, changes in conn.execute(
            "SELECT seq, time, kind, changes FROM events WHERE game_id = ? ORDER BY seq", (gid,)
        ).fetchall():
            previous = chain.event_link(
                previous.encode(),
                chain.plain(seq),
                chain.plain(stamp),
                _words(kind),
                _data(changes),
            )
            sums.append((previous, gid, seq))
        conn.executemany("UPDATE events SET checksum = ? WHERE game_id = ? AND seq = ?", sums)
        end = chain.game_end(
            start.encode(), chain.plain(ended), None if result is None else _data(result)
        )
        conn.execute(
            "UPDATE games SET played = id, checksum = ?, head = ?, end_checksum = ? WHERE id = ?",
            (start, previous, end, gid),
        )


def _data(raw: object) -> object:
    """A stored JSON field as data, or as raw bytes if it can't be read (a damaged row still
    gets a checksum; reading it will say what is wrong with it)."""
    try:
        return rows.load(raw, "")
    except BadDataError:
        return chain.plain(raw)


def _words(raw: object) -> object:
    """A stored text field as str, or as raw bytes if it can't be read."""
    try:
        return None if raw is None else rows.text(raw, "")
    except BadDataError:
        return chain.plain(raw)


MIGRATIONS: tuple[tuple[Step, ...], ...] = (
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
    # 2 -> 3: events (tournaments) and their logs; games at an event's round and table;
    # checksum chains; games ordered by play, not by the clock.
    (
        """
        CREATE TABLE tournaments (
            id           INTEGER PRIMARY KEY,
            name         TEXT    NOT NULL,
            settings     TEXT    NOT NULL,  -- JSON object; its meaning is the event layer's
            created      REAL    NOT NULL,  -- Unix seconds
            finished     REAL,              -- null while it runs
            checksum     TEXT    NOT NULL,  -- chain.tournament_start
            head         TEXT    NOT NULL,  -- the last log entry's checksum (or checksum)
            end_checksum TEXT    NOT NULL   -- chain.tournament_end
        )
        """,
        """
        CREATE TRIGGER tournaments_no_delete BEFORE DELETE ON tournaments
        BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END
        """,
        """
        CREATE TABLE tournament_log (
            tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
            seq           INTEGER NOT NULL CHECK (seq >= 1),
            time          REAL    NOT NULL,  -- Unix seconds
            kind          TEXT    NOT NULL,  -- what happened, in the event layer's words
            data          TEXT    NOT NULL,  -- JSON object
            checksum      TEXT    NOT NULL,  -- chain.log_link
            PRIMARY KEY (tournament_id, seq)
        ) WITHOUT ROWID
        """,
        """
        CREATE TRIGGER tournament_log_no_update BEFORE UPDATE ON tournament_log
        BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END
        """,
        """
        CREATE TRIGGER tournament_log_no_delete BEFORE DELETE ON tournament_log
        BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END
        """,
        "ALTER TABLE games ADD COLUMN tournament_id INTEGER REFERENCES tournaments (id)",
        "ALTER TABLE games ADD COLUMN round INTEGER CHECK (round >= 1)",
        "ALTER TABLE games ADD COLUMN table_number INTEGER CHECK (table_number >= 1)",
        # The journal's own order of play: raised to the highest so far on every event.
        "ALTER TABLE games ADD COLUMN played INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE games ADD COLUMN checksum TEXT NOT NULL DEFAULT ''",  # chain.game_start
        "ALTER TABLE games ADD COLUMN head TEXT NOT NULL DEFAULT ''",  # the last event's
        "ALTER TABLE games ADD COLUMN end_checksum TEXT NOT NULL DEFAULT ''",  # chain.game_end
        "ALTER TABLE events ADD COLUMN checksum TEXT NOT NULL DEFAULT ''",  # chain.event_link
        "DROP INDEX games_by_start",
        "CREATE INDEX games_by_played ON games (played)",
        "CREATE INDEX games_by_tournament ON games (tournament_id, round, table_number)",
        "DROP TRIGGER events_no_update",  # the checksums are filled in once, here
        _chain_existing_games,
        """
        CREATE TRIGGER events_no_update BEFORE UPDATE ON events
        BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END
        """,
    ),
    # 3 -> 4: the state after each event, written with it (tablelife/store/resume.py): a start shows
    # the last one at once and replays the events later. A cache, not chained: a replay checks
    # it. NULL for older and imported events.
    ("ALTER TABLE events ADD COLUMN after TEXT",),
)
SCHEMA_VERSION = len(MIGRATIONS)
"""The schema version this Tablelife writes; journals with a higher user_version are refused."""

# The columns each table must have, to tell our journal apart from a damaged one.
_COLUMNS = {
    "games": rows.GAME_COLUMNS,
    "events": (*rows.EVENT_COLUMNS, "after"),
    "tournaments": rows.TOURNAMENT_COLUMNS,
    "tournament_log": rows.LOG_COLUMNS,
}
# The schema version that added each table, and each column added to a table later, to check
# an older journal before migrating it (or, read-only, instead of migrating it).
_TABLE_ADDED_IN = {"tournaments": 3, "tournament_log": 3}
_ADDED_IN = {
    ("games", "imported"): 2,
    **{("games", c): 3 for c in rows.GAME_COLUMNS[11:]},
    ("events", "checksum"): 3,
    ("events", "after"): 4,
}
# What a column an older journal lacks reads as, when it is read without migrating it. Its
# games were created in the order of their ids, which is all it knew of the order of play.
_OLD_VALUE = {"imported": "0", "played": "id"}


def _columns(version: int) -> dict[str, tuple[str, ...]]:
    """The columns each table has in a journal of schema `version`."""
    return {
        table: tuple(c for c in columns if _ADDED_IN.get((table, c), 1) <= version)
        for table, columns in _COLUMNS.items()
        if _TABLE_ADDED_IN.get(table, 1) <= version
    }


@functools.lru_cache(maxsize=4)
def _expected_schema(migrations: tuple[tuple[Step, ...], ...]) -> list[tuple[str, ...]]:
    """The schema objects (normalised) a journal gets from `migrations`, built in memory."""
    conn = sqlite3.connect(":memory:", isolation_level=None)
    try:
        for step in migrations:
            _run(conn, step)
        return _schema_of(conn)
    finally:
        conn.close()


def _run(conn: sqlite3.Connection, step: Sequence[Step]) -> None:
    for statement in step:
        if isinstance(statement, str):
            conn.execute(statement)
        else:
            statement(conn)


_COMMENT = re.compile(r"--[^\n]*")
_LITERAL = re.compile(r"('[^']*')")


def _normalised(sql: str) -> str:
    """SQL as SQLite reads it: no comments, any spacing, keywords and names in any case
    (a bit flipped there changes nothing); string literals exactly."""
    parts = _LITERAL.split(_COMMENT.sub(" ", sql))
    return "".join(p if i % 2 else " ".join(p.lower().split()) for i, p in enumerate(parts))


def _schema_of(conn: sqlite3.Connection) -> list[tuple[str, ...]]:
    found = []
    for kind, name, table, sql in conn.execute(
        "SELECT type, name, tbl_name, sql FROM sqlite_schema"
    ).fetchall():
        texts = [_decoded(v) for v in (kind, name, table)]
        found.append((*texts, "" if sql is None else _normalised(_decoded(sql))))
    return sorted(found)


def _decoded(value: object) -> str:
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return str(value)


# SQLite's primary result codes for errors that come from the world rather than from a bug,
# each with what it means and what a person can do about it.
_WORLD_ERRORS: dict[int, tuple[str, str]] = {
    13: (
        QT_TRANSLATE_NOOP("JournalWords", "the disk is full"),
        QT_TRANSLATE_NOOP("JournalWords", "Free some disk space, then try again."),
    ),  # SQLITE_FULL
    10: (
        QT_TRANSLATE_NOOP("JournalWords", "the disk reported an input/output error"),
        QT_TRANSLATE_NOOP("JournalWords", "Check the disk."),
    ),  # SQLITE_IOERR
    8: (
        QT_TRANSLATE_NOOP("JournalWords", "the file or its folder is read-only"),
        QT_TRANSLATE_NOOP("JournalWords", "Make it writable."),
    ),  # SQLITE_READONLY
    14: (
        QT_TRANSLATE_NOOP("JournalWords", "the file can't be opened"),
        QT_TRANSLATE_NOOP("JournalWords", "Check that the folder exists and is writable."),
    ),
    3: (
        QT_TRANSLATE_NOOP("JournalWords", "permission was denied"),
        QT_TRANSLATE_NOOP("JournalWords", "Check the file's permissions."),
    ),  # SQLITE_PERM
    5: (
        QT_TRANSLATE_NOOP("JournalWords", "another program is holding it locked"),
        QT_TRANSLATE_NOOP("JournalWords", "Close the other program."),
    ),  # SQLITE_BUSY
    6: (
        QT_TRANSLATE_NOOP("JournalWords", "another program is holding it locked"),
        QT_TRANSLATE_NOOP("JournalWords", "Close the other program."),
    ),  # SQLITE_LOCKED
    7: (
        QT_TRANSLATE_NOOP("JournalWords", "the computer is out of memory"),
        QT_TRANSLATE_NOOP("JournalWords", "Close some programs."),
    ),  # SQLITE_NOMEM
    11: (
        QT_TRANSLATE_NOOP("JournalWords", "the file is damaged"),
        QT_TRANSLATE_NOOP("JournalWords", "Restart Tablelife to set it aside."),
    ),  # SQLITE_CORRUPT
    26: (
        QT_TRANSLATE_NOOP("JournalWords", "the file is not a database"),
        QT_TRANSLATE_NOOP("JournalWords", "Restart Tablelife to set it aside."),
    ),  # SQLITE_NOTADB
    15: (
        QT_TRANSLATE_NOOP("JournalWords", "the file lock failed"),
        QT_TRANSLATE_NOOP("JournalWords", "Check the disk."),
    ),  # SQLITE_PROTOCOL
    18: (
        QT_TRANSLATE_NOOP("JournalWords", "a value in the file is too big"),
        QT_TRANSLATE_NOOP("JournalWords", "Restart Tablelife to set it aside."),
    ),  # TOOBIG
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
    "could not decode": 11,
    "too big": 18,
}


def _world_words(code: int) -> tuple[str, str]:
    """What SQLite's result `code` means, and what a person can do, in the reader's language."""
    what, advice = _WORLD_ERRORS[code]
    return translate("JournalWords", what), translate("JournalWords", advice)


# Messages that say the file is damaged even when SQLite gives a generic code with them (a
# flipped bit in the header's schema format number gives SQLITE_ERROR).
_DAMAGE_MESSAGES = ("unsupported file format", "malformed database schema")
_DAMAGED = (11, 26)  # SQLITE_CORRUPT, SQLITE_NOTADB: the file itself is bad
_CANT_WRITE = (3, 8, 13, 14)
"""SQLITE_PERM, SQLITE_READONLY, SQLITE_FULL, SQLITE_CANTOPEN: the file may still be read."""


def _world_code(exc: sqlite3.Error) -> int | None:
    """The SQLite result code if the error comes from the world, None if it is a bug."""
    text = str(exc).lower()
    if any(words in text for words in _DAMAGE_MESSAGES):
        return 11  # SQLITE_CORRUPT, whatever code it came with
    code = getattr(exc, "sqlite_errorcode", None)
    if isinstance(code, int):
        primary = code & 0xFF
        return primary if primary in _WORLD_ERRORS else None
    for words, primary in _WORLD_MESSAGES.items():
        if words in text:
            return primary
    return None


def _os_reason(exc: OSError) -> str:
    if exc.errno == errno.ENOSPC:
        return JournalWords.tr("the disk is full")
    if exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        return JournalWords.tr("it is read-only")
    return exc.strerror or str(exc)  # the operating system's own words


@frozen
class Opened:
    """What `open_journal` found: a journal (or None), and a message for a person (or None).

    `moved_to` is where a damaged or foreign file was moved aside, if one was. The journal
    may be open read-only (`journal.readonly`) when the folder can't be written: then the
    message says games are not being saved, and `saving` is False.
    """

    journal: Journal | None
    message: str | None = None
    moved_to: Path | None = None

    @property
    def saving(self) -> bool:
        """True when games played now will be saved."""
        return self.journal is not None and not self.journal.readonly


class _BadFileError(Exception):
    """Internal: the file at the journal's path is damaged or not ours; `str()` says why."""


class _NewerError(Exception):
    """Internal: the journal was written by a newer Tablelife."""

    def __init__(self, version: int) -> None:
        super().__init__(version)
        self.version = version


def _not_saved() -> str:
    return JournalWords.tr("Games are not being saved.")


def open_journal(directory: Path, *, readonly: bool = False) -> Opened:
    """Opens (or creates) the journal `tablelife.sqlite3` in `directory`. Never raises for
    anything a person can cause; the message says what happened:

    - all is well: the journal, no message;
    - the file is damaged, not SQLite, or SQLite without our schema: it is moved aside as
      `tablelife.sqlite3.bad-YYYYmmdd-HHMMSS` (with its -wal and -shm; a counter is added
      rather than overwrite anything) and a fresh journal is started; the message says where
      the old file went;
    - the file comes from a newer Tablelife: it is left untouched, journal None;
    - the file or folder can't be written (a read-only folder, or one a crash left -wal and
      -shm files in that are now read-only): the journal open read-only, so its games can be
      looked at, and a message that games are not being saved; journal None if it can't even
      be read;
    - the folder can't be created: journal None, games are not being saved.

    With `readonly=True` (for exporting and verifying), nothing is created, moved or
    migrated: a missing, damaged or foreign file gives journal None and a message. A journal
    in a read-only folder is read all the same, as long as no running Tablelife writes it.
    """
    path = directory / FILE_NAME
    if readonly:
        return _open_readonly(path)
    try:
        directory.mkdir(parents=True, exist_ok=True)
        if not directory.is_dir():
            raise NotADirectoryError(errno.ENOTDIR, JournalWords.tr("it is not a folder"))
    except OSError as exc:
        reason = (
            JournalWords.tr("it is a file, not a folder")
            if directory.is_file()
            else _os_reason(exc)
        )
        return Opened(
            None,
            arg(JournalWords.tr("Tablelife can't use the folder %1: %2."), directory, reason)
            + f" {_not_saved()}",
        )
    if path.exists() and not path.is_file():
        return Opened(
            None,
            arg(JournalWords.tr("%1 is not a file, so Tablelife can't use it."), path)
            + f" {_not_saved()}",
        )
    header = _Header.read(path)
    if header.newer is not None:
        # Refused before SQLite opens it, so not even a checkpoint touches the file.
        return Opened(None, _newer_message(path, header.newer) + f" {_not_saved()}")
    if header.foreign:
        # Moved aside before SQLite opens it: closing would delete its -wal and -shm.
        reason = JournalWords.tr("it is not a SQLite database")
    else:
        try:
            return Opened(Journal(path))
        except _NewerError as exc:
            return Opened(None, _newer_message(path, exc.version) + f" {_not_saved()}")
        except _BadFileError as exc:
            reason = str(exc)
        except sqlite3.Error as exc:
            code = _world_code(exc)
            if code is None:
                raise
            return _read_only_instead(path, code)
    try:
        moved = _move_aside(path)
    except OSError as exc:
        return Opened(
            None,
            arg(
                JournalWords.tr("%1 is damaged (%2) and could not be moved aside (%3)."),
                path,
                reason,
                _os_reason(exc),
            )
            + f" {_not_saved()}",
        )
    started = arg(
        JournalWords.tr("The old file was moved to %1; Tablelife started a new, empty journal."),
        moved,
    )
    try:
        journal = Journal(path)
    except (sqlite3.Error, _BadFileError, _NewerError) as exc:
        if isinstance(exc, sqlite3.Error) and _world_code(exc) is None:
            raise
        return Opened(
            None,
            arg(
                JournalWords.tr(
                    "%1 was damaged (%2) and was moved to %3, but a new journal could not be "
                    "started."
                ),
                path,
                reason,
                moved,
            )
            + f" {_not_saved()}",
            moved,
        )
    damaged = arg(JournalWords.tr("%1 was damaged (%2)."), path, reason)
    return Opened(journal, f"{damaged} {started}", moved)


def _read_only_instead(path: Path, code: int) -> Opened:
    """The journal can't be written (`code` says why): open it read-only if it can be read,
    so its games can still be looked at, and say up front that nothing is being saved."""
    what = _world_words(code)[0]
    if code in _CANT_WRITE and path.is_file():
        fallback = _open_readonly(path)
        if fallback.journal is not None:
            return Opened(
                fallback.journal,
                arg(JournalWords.tr("Tablelife can't write to %1: %2."), path, what)
                + f" {_not_saved()} "
                + JournalWords.tr("The games already in it can be looked at, read-only."),
            )
    return Opened(
        None,
        arg(JournalWords.tr("Tablelife can't open %1: %2."), path, what) + f" {_not_saved()}",
    )


def _newer_message(path: Path, version: int) -> str:
    return arg(
        JournalWords.tr(
            "%1 was written by a newer Tablelife (journal version %2; this one knows up to %3). "
            "It was left untouched: update Tablelife to use it."
        ),
        path,
        version,
        SCHEMA_VERSION,
    )


@frozen
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
        return Opened(None, arg(JournalWords.tr("There is no journal at %1."), path))
    header = _Header.read(path)
    if header.newer is not None:
        return Opened(None, _newer_message(path, header.newer))
    if header.foreign:
        return Opened(None, _set_it_aside(path, JournalWords.tr("it is not a SQLite database")))
    attempt: Literal["plain", "snapshot"] = "plain"
    while True:
        try:
            return Opened(Journal(path, readonly=True, snapshot=attempt == "snapshot"))
        except _NewerError as exc:
            return Opened(None, _newer_message(path, exc.version))
        except _EmptyError:
            return Opened(None, arg(JournalWords.tr("There are no games in %1 yet."), path))
        except _BadFileError as exc:
            return Opened(None, _set_it_aside(path, str(exc)))
        except OSError as exc:  # copying it for a snapshot
            return Opened(None, _cant_read(path, _os_reason(exc)))
        except sqlite3.Error as exc:
            code = _world_code(exc)
            if code is None:
                raise
            # SQLite's read-only mode still needs to write the -shm (and to make the -wal):
            # in a read-only folder, read a snapshot instead, if no running Tablelife writes.
            if attempt == "plain" and code in _CANT_WRITE and not held_by_another(path.parent):
                attempt = "snapshot"
                continue
            return Opened(None, _cant_read(path, _world_words(code)[0]))


def _set_it_aside(path: Path, reason: str) -> str:
    return arg(
        JournalWords.tr("%1 is damaged (%2). Start Tablelife to set it aside."), path, reason
    )


def _cant_read(path: Path, reason: str) -> str:
    return arg(JournalWords.tr("Tablelife can't read %1: %2."), path, reason)


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
    raise FileExistsError(
        errno.EEXIST, JournalWords.tr("too many files moved aside already"), str(path)
    )


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


def _wal_has_data(path: Path) -> bool:
    """True if the journal's -wal file holds anything: frames not yet in the main file, or
    at least a run that ended without closing the journal."""
    try:
        return Path(f"{path}-wal").stat().st_size > 0
    except OSError:
        return False


def _connect(path: Path, mode: Literal["rw", "ro", "immutable"]) -> sqlite3.Connection:
    if mode == "rw":
        conn = sqlite3.connect(path, isolation_level=None, timeout=BUSY_TIMEOUT)
    else:
        query = "?mode=ro" if mode == "ro" else "?mode=ro&immutable=1"
        uri = path.resolve().as_uri() + query
        conn = sqlite3.connect(uri, uri=True, isolation_level=None, timeout=BUSY_TIMEOUT)
    # Text comes back as bytes and is decoded field by field (rows.text): one damaged row is
    # named, instead of failing every read of the file.
    conn.text_factory = bytes
    return conn


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
        raise _BadFileError(
            JournalWords.tr("it is a SQLite database of another program, not a Tablelife journal")
        )
    if version > SCHEMA_VERSION:
        raise _NewerError(version)
    if version < 1:
        raise _BadFileError(
            arg(JournalWords.tr("its schema version %1 is not one Tablelife wrote"), version)
        )
    return "ours"


def _check_tables(conn: sqlite3.Connection, version: int) -> None:
    """_BadFileError if the tables are not those of our schema `version`."""
    for table, columns in _columns(version).items():
        # Names in any case, as SQLite reads them (a flipped case bit changes nothing).
        have = tuple(_decoded(r[1]).lower() for r in conn.execute(f"PRAGMA table_info({table})"))
        if have != columns:
            raise _BadFileError(
                arg(JournalWords.tr("its table %1 is missing or not Tablelife's"), repr(table))
            )


def _check_schema(conn: sqlite3.Connection, version: int) -> None:
    """_BadFileError unless the schema is exactly the one our migrations give `version`:
    a changed constraint or trigger (one flipped bit) would otherwise fail later writes."""
    _check_tables(conn, version)
    expected = _expected_schema(MIGRATIONS[:version])
    found = _schema_of(conn)
    if found != expected:
        names = {row[1] for row in set(found) ^ set(expected)}
        raise _BadFileError(
            arg(
                JournalWords.tr("its schema is not Tablelife's: %1 differ"),
                ", ".join(sorted(names)),
            )
        )


def _problems(conn: sqlite3.Connection, pragma: str) -> list[str]:
    """What an integrity check pragma finds, one line each; empty when it says "ok"."""
    found = [_decoded(r[0]) for r in conn.execute(f"PRAGMA {pragma}")]
    if found == ["ok"]:
        return []
    return [ln for p in found for ln in p.splitlines() if not ln.startswith("***")] or ["?"]


def _integrity(conn: sqlite3.Connection, *, full: bool) -> list[str]:
    """What SQLite's integrity checks find (empty if nothing): with `full` the slow
    `integrity_check` of everything; otherwise `quick_check` of everything, and the full check
    of the small `games` table, since quick_check never compares an index with its table (and
    the games' indexes say which game was played last)."""
    if full:
        return _problems(conn, "integrity_check")
    return _problems(conn, "quick_check") or _problems(conn, "integrity_check(games)")


_INDEX_ONLY = re.compile(
    r"(row \d+ missing from index|wrong # of entries in index|non-unique entry in index) \w+"
)


def _first(problems: list[str]) -> str:
    if len(problems) > 1:
        return arg(JournalWords.tr("%1 (and more)"), problems[0])
    return problems[0]


def _check(conn: sqlite3.Connection, version: int, *, full: bool, writable: bool) -> None:
    """_BadFileError if the schema is not our `version`'s or the integrity check fails.

    An index that no longer matches its table is rebuilt, if the file can be written: it is
    derived from the tables, so nothing is lost.
    """
    try:
        _check_schema(conn, version)
        problems = _integrity(conn, full=full)
        if problems and writable and all(_INDEX_ONLY.fullmatch(p) for p in problems):
            conn.execute("REINDEX")
            problems = _integrity(conn, full=True)
    except sqlite3.DatabaseError as exc:
        if _world_code(exc) in _DAMAGED:
            raise _BadFileError(_integrity_failed(str(exc))) from None
        raise
    if problems:
        raise _BadFileError(_integrity_failed(_first(problems)))


def _integrity_failed(problem: str) -> str:
    """Why the file is damaged: SQLite's own words for what its check found."""
    return arg(JournalWords.tr("the integrity check failed: %1"), problem)


_KIND = re.compile(r"[a-z][a-z0-9_.-]{0,39}")
_BUMP = "played = (SELECT MAX(played) FROM games) + 1"  # this game was played last


class Journal:
    """An open journal file. Use `open_journal` rather than building one directly.

    Writes raise `StorageError` for what the world can cause (disk full, read-only, I/O error,
    locked), with nothing half-written; reads raise `BadDataError` (a `DamagedError`, naming
    the game and the field) for a row that can't be read, `BrokenChainError` for one whose
    checksum doesn't match, `UnknownGameError` / `UnknownTournamentError` for an id that
    isn't there, and `StorageError` for a read the file refuses. Other errors are bugs and
    are not caught. Close it with `close()`, or use it as a context manager.

    `readonly` is True when nothing can be written (every write raises StorageError);
    `recovered` is True when the last run did not close the journal cleanly (it left a -wal
    file), in which case opening ran SQLite's full integrity check; `version` is the schema
    version of the file (older than `SCHEMA_VERSION` only when opened read-only).
    """

    def __init__(self, path: Path, *, readonly: bool = False, snapshot: bool = False) -> None:
        """Opens `path`. With `snapshot` (read-only only), reads the file without SQLite's
        -shm: as is when it has no -wal data, else from a private copy of both."""
        self.path = path
        self.readonly = readonly or snapshot
        self.recovered = not self.readonly and _wal_has_data(path)
        self._copy: Path | None = None
        conn = self._open(path, snapshot)
        try:
            version = self._prepare(conn, self.readonly, full=self.recovered)
        except sqlite3.DatabaseError as exc:
            self._close(conn)
            code = _world_code(exc)
            if code in _DAMAGED:
                reason = (
                    JournalWords.tr("it is not a SQLite database")
                    if code == 26
                    else arg(JournalWords.tr("SQLite says: %1"), exc)
                )
                raise _BadFileError(reason) from None
            raise
        except UnicodeDecodeError:
            # SQLite's own message quoted the file's text, and that text is not UTF-8.
            self._close(conn)
            raise _BadFileError(JournalWords.tr("its schema is not valid text")) from None
        except BaseException:
            self._close(conn)
            raise
        self._conn: sqlite3.Connection | None = conn
        self._depth = 0  # how deep in transaction() / snapshot(): 0 outside
        self._writing = False  # the open one is a transaction(), not a snapshot()
        self._failure: BaseException | None = None  # a nested part that failed
        self._room_made = False  # the last full disk had the WAL's room freed
        self.version = version
        self._chained = version >= 3
        # A journal opened read-only is not migrated: a column it lacks reads as its default.
        have = _columns(version)

        def select(table: str, columns: Sequence[str] = ()) -> str:
            return ", ".join(
                c if c in have[table] else f"{_OLD_VALUE.get(c, 'NULL')} AS {c}"
                for c in columns or _COLUMNS[table]
            )

        self._games = f"SELECT {select('games')} FROM games"
        self._events = (
            f"SELECT {select('events', rows.EVENT_COLUMNS[1:])} FROM events"
            " WHERE game_id = ? ORDER BY seq"
        )
        # A kitchen game: played here (not imported) at no event.
        self._kitchen = "tournament_id IS NULL AND imported = 0"
        self._last_after = (
            f"SELECT seq, {select('events', ('after',))} FROM events"
            " WHERE game_id = ? ORDER BY seq DESC LIMIT 1"
        )
        self._order = "played DESC, id DESC"

    def _open(self, path: Path, snapshot: bool) -> sqlite3.Connection:
        if not snapshot:
            return _connect(path, "ro" if self.readonly else "rw")
        if not _wal_has_data(path):
            return _connect(path, "immutable")  # everything is in the main file
        # Committed events may be in the -wal alone: read both, from a copy, since SQLite
        # can't use a -wal without a writable -shm, and reading "immutable" would miss them.
        import shutil  # here: the command line's export and import never need them
        import tempfile

        self._copy = Path(tempfile.mkdtemp(prefix="tablelife-snapshot-"))
        try:
            shutil.copyfile(path, self._copy / FILE_NAME)
            shutil.copyfile(f"{path}-wal", self._copy / f"{FILE_NAME}-wal")
        except BaseException:
            shutil.rmtree(self._copy, ignore_errors=True)
            self._copy = None
            raise
        return _connect(self._copy / FILE_NAME, "ro")

    def _close(self, conn: sqlite3.Connection) -> None:
        conn.close()
        if self._copy is not None:
            import shutil

            shutil.rmtree(self._copy, ignore_errors=True)
            self._copy = None

    @classmethod
    def _prepare(cls, conn: sqlite3.Connection, readonly: bool, *, full: bool = False) -> int:
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
            if conn.execute("PRAGMA journal_mode = WAL").fetchone()[0] != b"wal":
                raise sqlite3.OperationalError("unable to open the journal in WAL mode")
            # Checkpoint as the WAL grows and cut it back after, so it never fills a disk.
            conn.execute(f"PRAGMA wal_autocheckpoint = {WAL_CHECKPOINT_PAGES}")
            conn.execute(f"PRAGMA journal_size_limit = {WAL_SIZE_LIMIT}")
            migrated = cls._migrate(conn)
            version = SCHEMA_VERSION
        _check(conn, version, full=full, writable=not readonly)
        if not readonly:
            if not migrated:
                # Write once, now: a file SQLite opened read-only (its -wal and -shm left by a
                # crash in a folder now read-only) fails here, before anyone is told that
                # games are being saved. Only after the checks: a bad file is left as it is.
                conn.execute("BEGIN IMMEDIATE")
                try:
                    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
                    conn.execute("COMMIT")
                finally:
                    if conn.in_transaction:
                        conn.execute("ROLLBACK")
            # What a crash left in the WAL goes into the main file now, not at some later
            # commit; PASSIVE, so a reader (an export) is never waited for.
            conn.execute("PRAGMA wal_checkpoint(PASSIVE)")
        return version

    @staticmethod
    def _migrate(conn: sqlite3.Connection) -> bool:
        """Takes the journal to SCHEMA_VERSION; True if there was anything to do."""
        conn.execute("BEGIN IMMEDIATE")
        try:
            # Read again inside the write lock: another Tablelife may have just migrated it.
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            _classify(*_probe(conn))
            if version >= 1:
                # Not ours after all (or damaged): set aside as it is, not half-migrated.
                _check_tables(conn, version)
            for step in range(version, SCHEMA_VERSION):
                _run(conn, MIGRATIONS[step])
                conn.execute(f"PRAGMA user_version = {step + 1}")
            conn.execute("COMMIT")
            return bool(version < SCHEMA_VERSION)
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise

    # ----- plumbing ------------------------------------------------------------------------

    def close(self) -> None:
        """Closes the file. Calling it again does nothing."""
        if self._conn is not None:
            self._close(self._conn)
            self._conn = None

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def connection(self) -> sqlite3.Connection:
        """The open SQLite connection (for tests and tools; text comes back as bytes);
        ProgrammingError once closed."""
        if self._conn is None:
            raise sqlite3.ProgrammingError("The journal is closed.")
        return self._conn

    @property
    def closed(self) -> bool:
        """True once `close` has run."""
        return self._conn is None

    def check(self, *, full: bool = False) -> str | None:
        """Runs SQLite's `quick_check` (or, with `full`, the slower `integrity_check`) and
        returns the first problem it finds, or None when the file is sound."""
        with self._read() as conn:
            problems = _integrity(conn, full=full)
        return _first(problems) if problems else None

    @contextlib.contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One step's unit of work: everything written inside is committed together (durably)
        when the outermost `with` ends, or nothing of it is, on any error. Nested calls join
        the outer transaction; a failure inside one fails the whole step, even if the code
        around it goes on. StorageError (nothing written) for what the world causes; a full
        disk has the WAL checkpointed and cut back before it is raised, so a second try may
        fit (`_transact` makes it)."""
        conn = self.connection
        if self._depth:
            if not self._writing:
                raise RuntimeError("a write inside a read snapshot: open the transaction first")
            self._depth += 1
            try:
                yield conn
            except BaseException as exc:
                self._failure = exc
                known = self._known(exc, writing=True)
                if known is exc:
                    raise
                raise known from exc
            finally:
                self._depth -= 1
            return
        self._refuse_if_read_only()
        self._room_made = False
        try:
            conn.execute("BEGIN IMMEDIATE")
        except BaseException as exc:
            known = self._known(exc, writing=True)
            if known is exc:
                raise
            raise known from exc
        self._depth, self._writing, self._failure = 1, True, None
        try:
            yield conn
            if self._failure is not None:
                raise self._failure  # a part of the step failed: none of it is kept
            conn.execute("COMMIT")
        except BaseException as exc:
            if conn.in_transaction:
                with contextlib.suppress(sqlite3.Error):  # the first error says more
                    conn.execute("ROLLBACK")
            known = self._known(exc, writing=True)
            if known is exc:
                raise
            if _full(exc):
                self._room_made = self._make_room(conn)
            raise known from exc
        finally:
            self._depth, self._writing, self._failure = 0, False, None

    @contextlib.contextmanager
    def snapshot(self) -> Iterator[sqlite3.Connection]:
        """Reads inside see one snapshot of the file, whatever another process commits
        meanwhile (a read transaction): what verify, export and a desk's load read across
        several statements adds up. Nested in a transaction or another snapshot, joins it.
        Nothing may be written inside a snapshot (a bug: RuntimeError)."""
        conn = self.connection
        if self._depth:
            self._depth += 1
            try:
                yield conn
            finally:
                self._depth -= 1
            return
        with self._read():
            conn.execute("BEGIN")
        self._depth = 1
        try:
            with self._read():
                yield conn
        finally:
            self._depth = 0
            if conn.in_transaction:
                with contextlib.suppress(sqlite3.Error):
                    conn.execute("ROLLBACK")  # nothing was written: only the snapshot ends

    def _refuse_if_read_only(self) -> None:
        if self.readonly:
            raise StorageError(
                arg(
                    JournalWords.tr(
                        "Tablelife could not save to the journal %1: it is open read-only. "
                        "Nothing was changed."
                    ),
                    self.path,
                )
            )

    def _transact(self, body: Callable[[sqlite3.Connection], _T]) -> _T:
        """Runs `body` in `transaction()`: as a step of its own, committed before returning,
        or as part of the step already open. A step of its own that found the disk full gets
        one more try once the WAL's room is freed."""
        for attempt in (1, 2):
            try:
                with self.transaction() as conn:
                    return body(conn)
            except StorageError as exc:
                if attempt == 2 or self._depth or not self._room_made:
                    raise
                self._room_made = False
                del exc
        raise AssertionError("unreachable")  # pragma: no cover

    def _make_room(self, conn: sqlite3.Connection) -> bool:
        """Checkpoints the WAL into the main file and truncates it; True if that freed any
        room (the WAL had something in it)."""
        if not _wal_has_data(self.path):
            return False
        try:
            busy = conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0]
        except sqlite3.Error:
            return False
        return bool(busy == 0)

    @contextlib.contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        try:
            yield self.connection
        except BaseException as exc:
            known = self._known(exc, writing=False)
            if known is exc:
                raise
            raise known from exc

    def _known(self, exc: BaseException, *, writing: bool) -> BaseException:
        """A StorageError for an error the world caused (while `writing`, or reading);
        `exc` itself for anything else."""
        if isinstance(exc, sqlite3.Error):
            code = _world_code(exc)
            if code is not None:
                return self._refusal(writing, *_world_words(code))
        elif isinstance(exc, OSError):
            return self._refusal(writing, _os_reason(exc))
        elif isinstance(exc, UnicodeDecodeError):
            # Only SQLite's driver decodes here (our rows are decoded field by field): its
            # message quoted text from the file that is not UTF-8.
            return self._refusal(writing, *_world_words(11))
        return exc

    def _refusal(self, writing: bool, what: str, advice: str = "") -> StorageError:
        """ "Tablelife could not save to (read) the journal …: what. Nothing was changed."
        and the advice, each a whole sentence so a translation can order its words."""
        template = (
            JournalWords.tr("Tablelife could not save to the journal %1: %2.")
            if writing
            else JournalWords.tr("Tablelife could not read the journal %1: %2.")
        )
        sentences = [arg(template, self.path, what), JournalWords.tr("Nothing was changed.")]
        return StorageError(" ".join([*sentences, advice] if advice else sentences))

    # ----- writing games -------------------------------------------------------------------

    def new_game(
        self,
        setup: GameSetup,
        *,
        started: float | None = None,
        tournament: int | None = None,
        round: int | None = None,
        table: int | None = None,
    ) -> int:
        """Adds a game (unfinished, no events yet) and returns its id.

        A kitchen game names no event; a game at an event names its `tournament` id, its
        `round` and its `table` number (all three, each at least 1). UnknownTournamentError
        if there is no such event; BadDataError if a name can't be stored.
        """
        _check_placement(tournament, round, table)
        stamp = time.time() if started is None else float(started)
        return self._transact(
            lambda conn: self._insert_game(conn, setup, stamp, placement=(tournament, round, table))
        )

    @staticmethod
    def _insert_game(
        conn: sqlite3.Connection,
        setup: GameSetup,
        started: float,
        ended: float | None = None,
        result: Mapping[str, Any] | None = None,
        *,
        imported: bool = False,
        placement: tuple[int | None, int | None, int | None] = (None, None, None),
    ) -> int:
        tournament = placement[0]
        if (
            tournament is not None
            and conn.execute("SELECT 1 FROM tournaments WHERE id = ?", (tournament,)).fetchone()
            is None
        ):
            raise UnknownTournamentError(tournament)
        variant = variant_to_dict(setup.variant)
        names, teams = list(setup.names), list(setup.team_names)
        result_text = None if result is None else _dump(result)
        result_data = None if result_text is None else json.loads(result_text)
        texts = {
            "players": _dump(names),
            "teams": _dump(teams),
            "preset": setup.preset,
            "result": result_text,
        }
        for where, value in texts.items():
            _storable(value, where)
        game_id = int(conn.execute("SELECT COALESCE(MAX(id), 0) + 1 FROM games").fetchone()[0])
        start = chain.game_start(
            game_id,
            variant,
            names,
            teams,
            setup.starting,
            int(setup.house_rules),
            setup.preset,
            started,
            int(imported),
            *placement,
        )
        end = chain.game_end(start.encode(), ended, result_data)
        conn.execute(
            "INSERT INTO games (id, variant, names, team_names, starting, house_rules, preset,"
            " started, ended, result, imported, tournament_id, round, table_number, played,"
            " checksum, head, end_checksum) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,"
            " (SELECT COALESCE(MAX(played), 0) + 1 FROM games), ?, ?, ?)",
            (
                game_id,
                _dump(variant),
                texts["players"],
                texts["teams"],
                setup.starting,
                int(setup.house_rules),
                setup.preset,
                started,
                ended,
                result_text,
                int(imported),
                *placement,
                start,
                start,
                end,
            ),
        )
        return game_id

    def append(
        self,
        game_id: int,
        kind: EventKind,
        changes: Sequence[Change] = (),
        *,
        when: float | None = None,
        after: str | None = None,
    ) -> int:
        """Appends one event to a game and returns its seq (1, 2, 3...).

        The event is committed to disk before this returns, chained to the one before by its
        checksum, and the game becomes the one played last. "apply" needs changes; "undo" and
        "redo" take none. `after`, the state after the event (tablelife/store/resume.py), is
        stored with it in the same row. Raises UnknownGameError, or StorageError with nothing
        written.
        """
        _check_event(kind, changes)
        data = changes_to_list(changes)
        payload = _dump(data)
        stamp = time.time() if when is None else float(when)

        def body(conn: sqlite3.Connection) -> int:
            seq = self._next_seq(conn, game_id)
            previous = _previous_sum(conn, game_id, seq)
            checksum = chain.event_link(previous, seq, stamp, kind, data)
            conn.execute(
                "INSERT INTO events (game_id, seq, time, kind, changes, checksum, after)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (game_id, seq, stamp, kind, payload, checksum, after),
            )
            conn.execute(f"UPDATE games SET {_BUMP}, head = ? WHERE id = ?", (checksum, game_id))
            return seq

        return self._transact(body)

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
        stamp = time.time() if when is None else float(when)

        def body(conn: sqlite3.Connection) -> None:
            end = chain.game_end(_start_sum(conn, game_id), stamp, checked)
            conn.execute(
                "UPDATE games SET ended = ?, result = ?, end_checksum = ? WHERE id = ?",
                (stamp, _dump(checked), end, game_id),
            )

        self._transact(body)

    def reopen(self, game_id: int) -> None:
        """Marks a game unfinished again (after an undo across its end, or to take back a
        game left for a new one); it becomes the game played last."""

        def body(conn: sqlite3.Connection) -> None:
            end = chain.game_end(_start_sum(conn, game_id), None, None)
            conn.execute(
                f"UPDATE games SET ended = NULL, result = NULL, end_checksum = ?, {_BUMP}"
                " WHERE id = ?",
                (end, game_id),
            )

        self._transact(body)

    def import_game(
        self,
        setup: GameSetup,
        started: float,
        ended: float | None,
        result: Mapping[str, Any] | None,
        events: Sequence[tuple[float, EventKind, Sequence[Change]]],
        *,
        contents: Sequence[bytes | None] | None = None,
    ) -> int:
        """Adds a whole game and its events in ONE transaction; returns the new game's id.

        The game is marked imported, so `last_unfinished` never picks it, and it gets a
        checksum chain of its own. The caller checks the events against the rules (and the
        file's own chain; `export.import_json` does).

        `contents`, when the caller has them, are what this chain hashes for each event after
        the checksum before it, `chain.event_content(seq, float(time), kind,
        changes_to_list(changes))`, or None for an event the caller has none for. A file's
        chain hashes the same bytes for the usual event, so an import works them out once.
        """
        # A long game repeats the same few taps, and the events share each distinct changes
        # value (`export.import_json` decodes each once): each is encoded once, as stored and
        # in the chain's canonical form (the bytes `event_link` hashes either way). By
        # identity, holding each value so its id stays its own.
        given = [None] * len(events) if contents is None else contents
        if len(given) != len(events):
            for _stamp, kind, changes in events:  # a wrong event is said first, as it was
                _check_event(kind, changes)
                _dump_changes(changes_to_list(changes))
            raise ValueError(f"{len(given)} contents given for {len(events)} events.")
        encoded: dict[int, tuple[Sequence[Change], list[dict[str, Any]], str, bytes | None]] = {}
        # Each event's row but its game and checksum, and what the chain hashes for it: made
        # in one pass, each from the caller's bytes when it has them.
        prepared: list[tuple[int, float, str, str]] = []
        made: list[bytes] = []
        for seq, ((stamp, kind, changes), content) in enumerate(zip(events, given, strict=True), 1):
            _check_event(kind, changes)
            known = encoded.get(id(changes))
            if known is None:
                data = changes_to_list(changes)
                known = encoded[id(changes)] = (changes, data, _dump_changes(data), None)
            stamp = float(stamp)
            if content is None:
                canonical = known[3]
                if canonical is None:
                    canonical = chain.canonical(known[1])
                    known = encoded[id(changes)] = (*known[:3], canonical)
                content = chain.event_content(seq, stamp, kind, known[1], canonical)
            prepared.append((seq, stamp, kind, known[2]))
            made.append(content)
        del encoded

        start_time = float(started)
        end_time = None if ended is None else float(ended)

        def body(conn: sqlite3.Connection) -> int:
            game_id = self._insert_game(conn, setup, start_time, end_time, result, imported=True)
            previous = _start_sum(conn, game_id).decode()
            rows_ = [
                (game_id, seq, stamp, kind, payload, checksum)
                for (seq, stamp, kind, payload), checksum in zip(
                    prepared, chain.chained(previous, made), strict=True
                )
            ]
            if rows_:
                previous = rows_[-1][-1]
            conn.executemany(
                "INSERT INTO events (game_id, seq, time, kind, changes, checksum)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                rows_,
            )
            conn.execute("UPDATE games SET head = ? WHERE id = ?", (previous, game_id))
            return game_id

        return self._transact(body)

    # ----- reading games -------------------------------------------------------------------

    def games(self) -> list[GameRow]:
        """Every game, most recently played first; BadDataError if any row can't be read.

        For a list a person browses, `readable_games` skips the damaged rows instead.
        """
        return [rows.decode_game(r).row for r in self._select_games("", ())]

    def readable_games(self) -> tuple[list[GameRow], list[BadDataError]]:
        """Every game that can be read, most recently played first, and one DamagedError
        (naming the game and the field) for each row that can't, so one damaged row does
        not hide every other game."""
        return _readable(self._select_games("", ()))

    def unfinished_games(
        self, tournament: int | None = None
    ) -> tuple[list[GameRow], list[BadDataError]]:
        """The games not marked finished, and a DamagedError for each unreadable one.

        Without `tournament`: the kitchen games (played here, at no event, not imported),
        most recently played first. With it: that event's games, by round and table.
        """
        if tournament is None:
            return _readable(self._select_games(f"ended IS NULL AND {self._kitchen}", ()))
        return _readable(
            self._select_games("ended IS NULL AND tournament_id = ?", (tournament,), by_table=True)
        )

    def tournament_games(self, tournament: int) -> tuple[list[GameRow], list[BadDataError]]:
        """Every game of one event (tournament), finished or not, by round and table (and
        in the order they were started at a table), with a DamagedError for each unreadable
        one."""
        return _readable(self._select_games("tournament_id = ?", (tournament,), by_table=True))

    def _select_games(
        self, where: str, params: Sequence[object], *, by_table: bool = False
    ) -> list[Any]:
        order = "round, table_number, id" if by_table else self._order
        with self._read() as conn:
            return conn.execute(
                f"{self._games}{' WHERE ' + where if where else ''} ORDER BY {order}", params
            ).fetchall()

    def game(self, game_id: int) -> GameRow:
        """One game by id; UnknownGameError if there is none."""
        return self._stored_game(game_id).row

    def _stored_game(self, game_id: int) -> rows.StoredGame:
        with self._read() as conn:
            row = conn.execute(f"{self._games} WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise UnknownGameError(game_id)
        return rows.decode_game(row)

    def last_unfinished(self) -> GameRow | None:
        """The kitchen game played most recently and not marked finished, or None.

        Only a kitchen game: imported games keep the times of the table they were played at,
        and a game at an event belongs to that event's tables, so resuming either would
        replace the game this table was playing. "Most recently" is by the journal's own
        order of play, never by a clock. Raises DamagedError if that game's row can't be read.
        """
        with self._read() as conn:
            row = conn.execute(
                f"{self._games} WHERE ended IS NULL AND {self._kitchen}"
                f" ORDER BY {self._order} LIMIT 1"
            ).fetchone()
        return None if row is None else rows.decode_game(row).row

    def last_after(self, game_id: int) -> tuple[int, object]:
        """The seq of a game's last event (0 if none) and the state stored after it, as read
        (None when none was stored); tablelife/store/resume.py decodes it."""
        with self._read() as conn:
            row = conn.execute(self._last_after, (game_id,)).fetchone()
        return (0, None) if row is None else (int(row[0]), row[1])

    def events(self, game_id: int, *, verify: bool = True) -> list[EventRow]:
        """A game's events in order (seq 1, 2, 3...); UnknownGameError if there is no such
        game, DamagedError if one can't be read.

        With `verify` (the default) the game's checksum chain is checked too, and a break
        raises BrokenChainError naming the game and the event; `verify=False` reads them all
        the same (to show such a game read-only: see `load`).
        """
        loaded = self.load(game_id)
        if verify and loaded.problem is not None:
            raise loaded.problem
        return list(loaded.events)

    def load(self, game_id: int) -> LoadedGame:
        """A game, all its events, and where its checksum chain breaks (None if it holds).

        Raises UnknownGameError, or DamagedError if a row can't be read at all. A broken
        chain is not raised: the game can still be shown, read-only, with `problem` saying
        which event can't be trusted.
        """
        with self.snapshot() as conn:  # the game's head and its events, as of one moment
            game = self._stored_game(game_id)
            raw = conn.execute(self._events, (game_id,)).fetchall()
        stored = rows.decode_events(game_id, raw)
        problem = rows.game_chain_problem(game, stored) if self._chained else None
        return LoadedGame(
            row=game.row,
            events=tuple(s.event for s in stored),
            problem=problem,
            checksum=rows.shown_sum(game.checksum) if self._chained else "",
            end_checksum=rows.shown_sum(game.end_checksum) if self._chained else "",
        )

    def verify(self, game_id: int) -> BadDataError | None:
        """What is wrong with one game, or None if it is sound: a row that can't be read, a
        checksum that doesn't match (BrokenChainError), or events the rules can't replay.
        UnknownGameError if there is no such game."""
        try:
            loaded = self.load(game_id)
            if loaded.problem is not None:
                return loaded.problem
            walk(loaded.row, loaded.events)
        except UnknownGameError:
            raise
        except BadDataError as exc:
            return exc
        return None

    def verify_all(self) -> list[BadDataError]:
        """Everything wrong in the journal, one problem per damaged game or event
        (tournament), in the order of their ids: what `verify` and `verify_tournament` find,
        and journal events (log entries) whose game (event) is missing. Empty when all is
        sound. StorageError if the file itself can't be read."""
        with self.snapshot():  # one moment of the file, whatever a writer does meanwhile
            return self._verify_all()

    def _verify_all(self) -> list[BadDataError]:
        problems: list[BadDataError] = []
        with self._read() as conn:
            ids = [int(r[0]) for r in conn.execute("SELECT id FROM games ORDER BY id")]
            orphans = [
                r[0]
                for r in conn.execute(
                    "SELECT DISTINCT game_id FROM events"
                    " WHERE game_id NOT IN (SELECT id FROM games) ORDER BY game_id"
                )
            ]
        for gid in ids:
            problem = self.verify(gid)
            if problem is not None:
                problems.append(problem)
        problems += [_orphan("game", gid) for gid in orphans]
        if self._chained:
            problems += self._verify_tournaments()
        return problems

    # ----- events (tournaments) ------------------------------------------------------------

    def new_tournament(
        self, name: str, settings: Mapping[str, Any], *, when: float | None = None
    ) -> int:
        """Adds an event (tournament) and returns its id. `settings` is JSON-ready data the
        event layer gives meaning to (format, rounds, round length...). BadDataError if the
        name is blank or anything in it can't be stored."""
        if not isinstance(name, str) or not name.strip():
            raise BadDataError("name", JournalWords.tr("an event needs a name."))
        _storable(name, "name")
        settings_data = _json_object(settings, "settings")
        settings_text = _dump(settings_data)
        stamp = time.time() if when is None else float(when)

        def body(conn: sqlite3.Connection) -> int:
            tid = int(
                conn.execute("SELECT COALESCE(MAX(id), 0) + 1 FROM tournaments").fetchone()[0]
            )
            start = chain.tournament_start(tid, name, settings_data, stamp)
            conn.execute(
                "INSERT INTO tournaments (id, name, settings, created, finished, checksum, head,"
                " end_checksum) VALUES (?, ?, ?, ?, NULL, ?, ?, ?)",
                (
                    tid,
                    name,
                    settings_text,
                    stamp,
                    start,
                    start,
                    chain.tournament_end(start.encode(), None),
                ),
            )
            return tid

        return self._transact(body)

    def log(
        self,
        tournament_id: int,
        kind: str,
        data: Mapping[str, Any] | None = None,
        *,
        when: float | None = None,
    ) -> int:
        """Appends one entry to an event's log and returns its seq (1, 2, 3...), committed
        and chained like a game's events.

        `kind` says what happened in the event layer's words ("team", "pairing", "result",
        "clock"...: lower case, digits, "_", "." or "-", up to 40 characters) and `data` the
        details (a JSON-ready object). The journal checks only their shape: a bad kind or data
        that isn't JSON is a bug in the caller (ValueError or TypeError); text that can't be
        stored is BadDataError. UnknownTournamentError if there is no such event.
        """
        if not isinstance(kind, str) or not _KIND.fullmatch(kind):
            raise ValueError(f"A log entry's kind must be a short lower-case word, not {kind!r}.")
        value = _json_object({} if data is None else data, "data")
        payload = _dump(value)
        stamp = time.time() if when is None else float(when)

        def body(conn: sqlite3.Connection) -> int:
            row = conn.execute(
                "SELECT head, (SELECT COALESCE(MAX(seq), 0) + 1 FROM tournament_log"
                " WHERE tournament_id = ?) FROM tournaments WHERE id = ?",
                (tournament_id, tournament_id),
            ).fetchone()
            if row is None:
                raise UnknownTournamentError(tournament_id)
            seq = int(row[1])
            previous = _last_log_sum(conn, tournament_id, seq)
            checksum = chain.log_link(previous, seq, stamp, kind, value)
            conn.execute(
                "INSERT INTO tournament_log (tournament_id, seq, time, kind, data, checksum)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (tournament_id, seq, stamp, kind, payload, checksum),
            )
            conn.execute("UPDATE tournaments SET head = ? WHERE id = ?", (checksum, tournament_id))
            return seq

        return self._transact(body)

    def finish_tournament(self, tournament_id: int, *, when: float | None = None) -> None:
        """Marks an event finished. UnknownTournamentError if there is no such event."""
        self._set_finished(tournament_id, time.time() if when is None else float(when))

    def reopen_tournament(self, tournament_id: int) -> None:
        """Marks a finished event running again."""
        self._set_finished(tournament_id, None)

    def _set_finished(self, tournament_id: int, stamp: float | None) -> None:
        def body(conn: sqlite3.Connection) -> None:
            row = conn.execute(
                "SELECT checksum FROM tournaments WHERE id = ?", (tournament_id,)
            ).fetchone()
            if row is None:
                raise UnknownTournamentError(tournament_id)
            end = chain.tournament_end(rows.stored_sum(row[0]), stamp)
            conn.execute(
                "UPDATE tournaments SET finished = ?, end_checksum = ? WHERE id = ?",
                (stamp, end, tournament_id),
            )

        self._transact(body)

    def tournaments(self) -> list[TournamentRow]:
        """Every event, newest (last created) first; DamagedError if a row can't be read."""
        if not self._chained:
            return []
        with self._read() as conn:
            raw = conn.execute(f"{_TOURNAMENTS} ORDER BY id DESC").fetchall()
        return [rows.decode_tournament(r).row for r in raw]

    def tournament(self, tournament_id: int) -> TournamentRow:
        """One event by id; UnknownTournamentError if there is none."""
        return self._stored_tournament(tournament_id).row

    def _stored_tournament(self, tournament_id: int) -> rows.StoredTournament:
        row = None
        if self._chained:
            with self._read() as conn:
                row = conn.execute(f"{_TOURNAMENTS} WHERE id = ?", (tournament_id,)).fetchone()
        if row is None:
            raise UnknownTournamentError(tournament_id)
        return rows.decode_tournament(row)

    def tournament_log(self, tournament_id: int, *, verify: bool = True) -> list[LogRow]:
        """An event's log in order (seq 1, 2, 3...). UnknownTournamentError if there is no
        such event; DamagedError if an entry can't be read; with `verify` (the default)
        BrokenChainError where a checksum doesn't match."""
        stored, entries = self._load_log(tournament_id)
        if verify:
            problem = rows.tournament_chain_problem(stored, entries)
            if problem is not None:
                raise problem
        return [e.entry for e in entries]

    def _load_log(self, tournament_id: int) -> tuple[rows.StoredTournament, list[rows.StoredLog]]:
        with self.snapshot() as conn:  # the event's head and its log, as of one moment
            stored = self._stored_tournament(tournament_id)
            raw = conn.execute(
                "SELECT seq, time, kind, data, checksum FROM tournament_log"
                " WHERE tournament_id = ? ORDER BY seq",
                (tournament_id,),
            ).fetchall()
        return stored, [rows.decode_log(tournament_id, r) for r in raw]

    def verify_tournament(self, tournament_id: int) -> BadDataError | None:
        """What is wrong with one event's row or log, or None if it is sound."""
        try:
            stored, entries = self._load_log(tournament_id)
        except UnknownTournamentError:
            raise
        except BadDataError as exc:
            return exc
        return rows.tournament_chain_problem(stored, entries)

    def _verify_tournaments(self) -> list[BadDataError]:
        with self._read() as conn:
            ids = [int(r[0]) for r in conn.execute("SELECT id FROM tournaments ORDER BY id")]
            orphans = [
                r[0]
                for r in conn.execute(
                    "SELECT DISTINCT tournament_id FROM tournament_log"
                    " WHERE tournament_id NOT IN (SELECT id FROM tournaments)"
                    " ORDER BY tournament_id"
                )
            ]
        problems = [p for p in map(self.verify_tournament, ids) if p is not None]
        problems += [_orphan("event", tid) for tid in orphans]
        return problems


_TOURNAMENTS = f"SELECT {', '.join(rows.TOURNAMENT_COLUMNS)} FROM tournaments"


def _orphan(what: Literal["game", "event"], key: object) -> DamagedError:
    """Rows whose game (or event) is missing: its id, or a damaged one, said as it is."""
    known = key if isinstance(key, int) and not isinstance(key, bool) else None
    shown = f"{key!r:.20}"
    if what == "game":
        where = (
            arg(JournalWords.tr("game %1 in the journal"), key)
            if known is not None
            else arg(JournalWords.tr("a game whose id is damaged (%1) in the journal"), shown)
        )
        problem = JournalWords.tr(
            "its events are there but the game itself is missing: the file is damaged."
        )
    else:
        where = (
            arg(JournalWords.tr("event %1 in the journal"), key)
            if known is not None
            else arg(JournalWords.tr("an event whose id is damaged (%1) in the journal"), shown)
        )
        problem = JournalWords.tr(
            "its log is there but the event itself is missing: the file is damaged."
        )
    return DamagedError(
        where,
        problem,
        game_id=known if what == "game" else None,
        tournament_id=known if what == "event" else None,
    )


def _readable(raw: Sequence[Any]) -> tuple[list[GameRow], list[BadDataError]]:
    found, problems = [], []
    for r in raw:
        try:
            found.append(rows.decode_game(r).row)
        except BadDataError as exc:
            problems.append(exc)
    return found, problems


def _start_sum(conn: sqlite3.Connection, game_id: int) -> bytes:
    """The checksum a game's chain starts from, as stored; UnknownGameError if none."""
    row = conn.execute("SELECT checksum FROM games WHERE id = ?", (game_id,)).fetchone()
    if row is None:
        raise UnknownGameError(game_id)
    return rows.stored_sum(row[0])


def _previous_sum(conn: sqlite3.Connection, game_id: int, seq: int) -> bytes:
    """The checksum event `seq` chains to: event seq - 1's, or the game's start."""
    if seq == 1:
        return _start_sum(conn, game_id)
    row = conn.execute(
        "SELECT checksum FROM events WHERE game_id = ? AND seq = ?", (game_id, seq - 1)
    ).fetchone()
    return rows.stored_sum(None if row is None else row[0])


def _last_log_sum(conn: sqlite3.Connection, tournament_id: int, seq: int) -> bytes:
    """The checksum log entry `seq` chains to: entry seq - 1's, or the event's start."""
    if seq == 1:
        sql, params = "SELECT checksum FROM tournaments WHERE id = ?", (tournament_id,)
    else:
        sql = "SELECT checksum FROM tournament_log WHERE tournament_id = ? AND seq = ?"
        params = (tournament_id, seq - 1)  # type: ignore[assignment]
    row = conn.execute(sql, params).fetchone()
    return rows.stored_sum(None if row is None else row[0])


def _full(exc: BaseException) -> bool:
    """True if `exc` says the disk (or the file's size cap) is full."""
    if isinstance(exc, sqlite3.Error):
        return _world_code(exc) == 13
    return isinstance(exc, OSError) and exc.errno == errno.ENOSPC


def _check_placement(tournament: int | None, round_: int | None, table: int | None) -> None:
    """A wrong placement is a bug in the caller: the event layer numbers rounds and tables."""
    given = [v is not None for v in (tournament, round_, table)]
    if any(given) and not all(given):
        raise ValueError(
            "A game at an event needs its tournament, round and table; a kitchen game none."
        )
    for name, value in (("tournament", tournament), ("round", round_), ("table", table)):
        if value is not None and (
            isinstance(value, bool) or not isinstance(value, int) or value < 1
        ):
            raise ValueError(f"A game's {name} must be a whole number from 1, not {value!r}.")


def _check_event(kind: str, changes: Sequence[Change]) -> None:
    """A wrong kind or changes here is a bug in the caller, not something a person did."""
    if kind not in EVENT_KINDS:
        raise ValueError(f"Unknown event kind {kind!r}.")
    if (kind == "apply") != bool(changes):
        raise ValueError(f"An {kind!r} event takes {'some' if kind == 'apply' else 'no'} changes.")


def _dump(data: object) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


_dump_changes = chain.encoder(separators=(",", ":"), ensure_ascii=False, allow_nan=False)
"""`_dump` with one encoder made once, for the many changes values of an imported game (their
plain values never nest in themselves, which is all `_dump`'s own checks add)."""


def _json_object(data: Mapping[str, Any], where: str) -> dict[str, Any]:
    """`data` as the JSON object it will be stored as (so its checksum is over what is read
    back). Not JSON-ready (a set, NaN) is a bug in the caller; unstorable text is not."""
    if not isinstance(data, Mapping):
        raise TypeError(f"The {where} must be a mapping, not {type(data).__name__}.")
    text = _dump(dict(data))
    _storable(text, where)
    loaded: dict[str, Any] = json.loads(text)
    return loaded


def _storable(text: str | None, where: str) -> None:
    """BadDataError if `text` can't be stored as UTF-8 (it holds a lone surrogate)."""
    if text is None:
        return
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise BadDataError(
            where, JournalWords.tr("holds a character that can't be stored (a lone surrogate).")
        ) from None
