"""The journal's schema: the SQL each version adds, and whether a file's schema is ours.

The schema is versioned with PRAGMA user_version and marked as ours with PRAGMA
application_id; `MIGRATIONS[v]` takes a journal from version v to v + 1.
"""

from __future__ import annotations

import functools
import re
import sqlite3
from collections.abc import Callable, Sequence

from tablelife.rules.i18n import arg
from tablelife.store import chain, rows
from tablelife.store.errors import BadDataError, JournalWords

APPLICATION_ID = 0x54424C46  # "TBLF": tells our file apart from any other SQLite database.
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
    # 4 -> 5: the players marked as playing partner commanders, kept with their game (a way
    # of showing the game, not an event of it: not chained, and a mark can be taken off).
    (
        """
        CREATE TABLE partner_marks (
            game_id INTEGER NOT NULL REFERENCES games (id),
            player INTEGER NOT NULL CHECK (player >= 0),
            PRIMARY KEY (game_id, player)
        ) WITHOUT ROWID
        """,
    ),
)
SCHEMA_VERSION = len(MIGRATIONS)
"""The schema version this Tablelife writes; journals with a higher user_version are refused."""

# The columns each table must have, to tell our journal apart from a damaged one.
COLUMNS = {
    "games": rows.GAME_COLUMNS,
    "events": (*rows.EVENT_COLUMNS, "after"),
    "tournaments": rows.TOURNAMENT_COLUMNS,
    "tournament_log": rows.LOG_COLUMNS,
    "partner_marks": ("game_id", "player"),
}
# The schema version that added each table, and each column added to a table later, to check
# an older journal before migrating it (or, read-only, instead of migrating it).
_TABLE_ADDED_IN = {"tournaments": 3, "tournament_log": 3, "partner_marks": 5}
_ADDED_IN = {
    ("games", "imported"): 2,
    **{("games", c): 3 for c in rows.GAME_COLUMNS[11:]},
    ("events", "checksum"): 3,
    ("events", "after"): 4,
}
# What a column an older journal lacks reads as, when it is read without migrating it. Its
# games were created in the order of their ids, which is all it knew of the order of play.
OLD_VALUE = {"imported": "0", "played": "id"}


def columns(version: int) -> dict[str, tuple[str, ...]]:
    """The columns each table has in a journal of schema `version`."""
    return {
        table: tuple(c for c in columns if _ADDED_IN.get((table, c), 1) <= version)
        for table, columns in COLUMNS.items()
        if _TABLE_ADDED_IN.get(table, 1) <= version
    }


@functools.lru_cache(maxsize=4)
def _expected_schema(migrations: tuple[tuple[Step, ...], ...]) -> list[tuple[str, ...]]:
    """The schema objects (normalised) a journal gets from `migrations`, built in memory."""
    conn = sqlite3.connect(":memory:", isolation_level=None)
    try:
        for step in migrations:
            run(conn, step)
        return _schema_of(conn)
    finally:
        conn.close()


def run(conn: sqlite3.Connection, step: Sequence[Step]) -> None:
    """Runs one migration step: its statements and functions, in order."""
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
        texts = [decoded(v) for v in (kind, name, table)]
        found.append((*texts, "" if sql is None else _normalised(decoded(sql))))
    return sorted(found)


def decoded(value: object) -> str:
    """A value read from the file as text (the journal's connection gives text as bytes); bytes
    that are not UTF-8 are replaced, not refused."""
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return str(value)


class BadFileError(Exception):
    """Internal: the file at the journal's path is damaged or not ours; `str()` says why."""


def check_tables(conn: sqlite3.Connection, version: int) -> None:
    """BadFileError if the tables are not those of our schema `version`."""
    for table, names in columns(version).items():
        # Names in any case, as SQLite reads them (a flipped case bit changes nothing).
        have = tuple(decoded(r[1]).lower() for r in conn.execute(f"PRAGMA table_info({table})"))
        if have != names:
            raise BadFileError(
                arg(JournalWords.tr("its table %1 is missing or not Tablelife's"), repr(table))
            )


def check_schema(conn: sqlite3.Connection, version: int) -> None:
    """BadFileError unless the schema is exactly the one our migrations give `version`:
    a changed constraint or trigger (one flipped bit) would otherwise fail later writes."""
    check_tables(conn, version)
    expected = _expected_schema(MIGRATIONS[:version])
    found = _schema_of(conn)
    if found != expected:
        names = {row[1] for row in set(found) ^ set(expected)}
        raise BadFileError(
            arg(
                JournalWords.tr("its schema is not Tablelife's: %1 differ"),
                ", ".join(sorted(names)),
            )
        )
