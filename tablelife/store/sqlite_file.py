"""The journal's file as SQLite sees it: connecting to it, what it holds (empty, ours, or
another program's), and whether it is sound (SQLite's quick_check and integrity_check, and
the schema the migrations build). Shared by opening a journal (`opening`) and the `Journal`
itself; it knows neither.
"""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path
from typing import Literal

from tablelife.rules.i18n import arg
from tablelife.store import schema
from tablelife.store.errors import JournalWords
from tablelife.store.world_errors import DAMAGED, world_code

FILE_NAME = "tablelife.sqlite3"
BUSY_TIMEOUT = 5.0  # seconds to wait for another Tablelife holding the write lock


class NewerError(Exception):
    """The journal was written by a newer Tablelife (its schema `version`)."""

    def __init__(self, version: int) -> None:
        super().__init__(version)
        self.version = version


def wal_has_data(path: Path) -> bool:
    """True if the journal's -wal file holds anything: frames not yet in the main file, or
    at least a run that ended without closing the journal."""
    try:
        return Path(f"{path}-wal").stat().st_size > 0
    except OSError:
        return False


def connect(path: Path, mode: Literal["rw", "ro", "immutable"]) -> sqlite3.Connection:
    """A connection to the journal at `path`: read-write, read-only, or reading a file that
    nothing changes meanwhile ("immutable": no -shm needed)."""
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


def probe(conn: sqlite3.Connection) -> tuple[int, int, int]:
    """(application_id, user_version, number of schema objects)."""
    app_id = conn.execute("PRAGMA application_id").fetchone()[0]
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    objects = conn.execute("SELECT count(*) FROM sqlite_schema").fetchone()[0]
    return int(app_id), int(version), int(objects)


class EmptyError(Exception):
    """Internal: the file holds no journal yet (opened read-only, so none is made)."""


def classify(app_id: int, version: int, objects: int) -> Literal["empty", "ours"]:
    """What `probe` found: an empty file, or our journal at a version this Tablelife knows;
    BadFileError if it is not ours, NewerError if a newer Tablelife wrote it."""
    if app_id == 0 and version == 0 and objects == 0:
        return "empty"
    if app_id != schema.APPLICATION_ID:
        raise schema.BadFileError(
            JournalWords.tr("it is a SQLite database of another program, not a Tablelife journal")
        )
    if version > schema.SCHEMA_VERSION:
        raise NewerError(version)
    if version < 1:
        raise schema.BadFileError(
            arg(JournalWords.tr("its schema version %1 is not one Tablelife wrote"), version)
        )
    return "ours"


def _problems(conn: sqlite3.Connection, pragma: str) -> list[str]:
    """What an integrity check pragma finds, one line each; empty when it says "ok"."""
    found = [schema.decoded(r[0]) for r in conn.execute(f"PRAGMA {pragma}")]
    if found == ["ok"]:
        return []
    return [ln for p in found for ln in p.splitlines() if not ln.startswith("***")] or ["?"]


def integrity(conn: sqlite3.Connection, *, full: bool) -> list[str]:
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


def first(problems: list[str]) -> str:
    """The first of the problems an integrity check found, saying when there are more."""
    if len(problems) > 1:
        return arg(JournalWords.tr("%1 (and more)"), problems[0])
    return problems[0]


def check(conn: sqlite3.Connection, version: int, *, full: bool, writable: bool) -> None:
    """BadFileError if the schema is not our `version`'s or the integrity check fails.

    An index that no longer matches its table is rebuilt, if the file can be written: it is
    derived from the tables, so nothing is lost.
    """
    try:
        schema.check_schema(conn, version)
        problems = integrity(conn, full=full)
        if problems and writable and all(_INDEX_ONLY.fullmatch(p) for p in problems):
            conn.execute("REINDEX")
            problems = integrity(conn, full=True)
    except sqlite3.DatabaseError as exc:
        if world_code(exc) in DAMAGED:
            raise schema.BadFileError(_integrity_failed(str(exc))) from None
        raise
    if problems:
        raise schema.BadFileError(_integrity_failed(first(problems)))


def _integrity_failed(problem: str) -> str:
    """Why the file is damaged: SQLite's own words for what its check found."""
    return arg(JournalWords.tr("the integrity check failed: %1"), problem)
