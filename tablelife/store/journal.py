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
so a small disk holds as many events as it has room for.

The schema and its migrations are in `tablelife.store.schema`; opening a file, its checks and
setting a bad one aside in `tablelife.store.opening`; what an error from SQLite or the operating
system means, in words, in `tablelife.store.world_errors`.

Qt-free on purpose: the caller (the model) picks the folder and passes it in. One `Journal` is
meant to be shared by every table of a process: nothing in it assumes a single game.

A store's PostgreSQL server holds the same journal (`tablelife.store.server.ServerJournal`, a
subclass): every method here writes its SQL once, in what both databases understand, on the
`Conn` its step's transaction yields (`tablelife.store.backend`); how a step begins, commits,
rolls back and is tried again, what an error means, the clock and the order-of-play SQL are
the hooks and attributes a server's journal overrides.
"""

from __future__ import annotations

import contextlib
import json
import re
import sqlite3
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from tablelife.rules import Change
from tablelife.rules.i18n import arg
from tablelife.rules.setup import GameSetup
from tablelife.store import chain, rows, schema, sqlite_file
from tablelife.store.backend import Conn
from tablelife.store.codec import changes_to_list, result_from, variant_to_dict
from tablelife.store.errors import (
    AlreadyThereError,
    BadDataError,
    BrokenChainError,
    CopyRefusedError,
    DamagedError,
    JournalError,
    JournalWords,
    StorageError,
    UnknownGameError,
    UnknownTournamentError,
)
from tablelife.store.live import Listener
from tablelife.store.records import (
    EVENT_KINDS,
    EventKind,
    EventRow,
    EventRows,
    GameRow,
    LoadedGame,
    LogRow,
    TournamentRow,
)
from tablelife.store.replay import walk
from tablelife.store.world_errors import DAMAGED, full, os_reason, world_code, world_words

if TYPE_CHECKING:
    from tablelife.tournament.event import Tournament

WAL_CHECKPOINT_PAGES = 128
"""A checkpoint runs once the WAL holds this many pages (512 KiB), not SQLite's 1000."""
WAL_SIZE_LIMIT = 1 << 20
"""After a checkpoint the WAL file is cut back to this many bytes (1 MiB)."""

_T = TypeVar("_T")

_KIND = re.compile(r"[a-z][a-z0-9_.-]{0,39}")


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

    path: Path | None
    """The journal's file; None for a server's journal."""

    def __init__(self, path: Path, *, readonly: bool = False, snapshot: bool = False) -> None:
        """Opens `path`. With `snapshot` (read-only only), reads the file without SQLite's
        -shm: as is when it has no -wal data, else from a private copy of both."""
        self.path = path
        self.readonly = readonly or snapshot
        self.recovered = not self.readonly and sqlite_file.wal_has_data(path)
        self._copy: Path | None = None
        conn = self._open(path, snapshot)
        try:
            version = self._prepare(conn, self.readonly, full=self.recovered)
        except sqlite3.DatabaseError as exc:
            self._close(conn)
            code = world_code(exc)
            if code in DAMAGED:
                reason = (
                    JournalWords.tr("it is not a SQLite database")
                    if code == 26
                    else arg(JournalWords.tr("SQLite says: %1"), exc)
                )
                raise schema.BadFileError(reason) from None
            raise
        except UnicodeDecodeError:
            # SQLite's own message quoted the file's text, and that text is not UTF-8.
            self._close(conn)
            raise schema.BadFileError(JournalWords.tr("its schema is not valid text")) from None
        except BaseException:
            self._close(conn)
            raise
        self._conn: sqlite3.Connection | None = conn
        self._room_made = False  # the last full disk had the WAL's room freed
        self._ready(version)

    def _ready(self, version: int) -> None:
        """What every journal sets up once its connection is open, whatever holds it: the
        unit of work's state, and the statements the schema `version` reads with."""
        self._depth = 0  # how deep in transaction() / snapshot(): 0 outside
        self._writing = False  # the open one is a transaction(), not a snapshot()
        self._failure: BaseException | None = None  # a nested part that failed
        self.notices: list[str] = []
        """What happened to steps that a person should hear of after them, in words (a
        server's: a connection that dropped as a step was saved); see `take_notices`."""
        self.version = version
        self._chained = version >= 3
        # A journal opened read-only is not migrated: a column it lacks reads as its default.
        have = schema.columns(version)
        self._have = have  # the tables (and their columns) the file has

        def select(table: str, columns: Sequence[str] = ()) -> str:
            return ", ".join(
                c if c in have[table] else f"{schema.OLD_VALUE.get(c, 'NULL')} AS {c}"
                for c in columns or schema.COLUMNS[table]
            )

        self._games = f"SELECT {select('games')} FROM games"
        self._events = (
            f"SELECT {select('events', rows.EVENT_COLUMNS[1:])} FROM events"
            " WHERE game_id = ? ORDER BY seq"
        )
        self._events_from = (
            f"SELECT {select('events', rows.EVENT_COLUMNS[1:])} FROM events"
            " WHERE game_id = ? AND seq >= ? ORDER BY seq"
        )
        # A kitchen game: played here (not imported) at no event.
        self._kitchen = "tournament_id IS NULL AND imported = 0"
        self._last_after = (
            f"SELECT seq, {select('events', ('after',))} FROM events"
            " WHERE game_id = ? ORDER BY seq DESC LIMIT 1"
        )
        self._order = "played DESC, id DESC"

    # ----- the dialect: what a server's journal (`tablelife.store.server`) says otherwise ----

    where_words = ""
    """How messages name the journal, when not by its path (a server's: its host and
    database)."""
    _bump = "played = (SELECT MAX(played) FROM games) + 1"
    """SQL that makes a game the one played last (each event raises it to the top)."""
    _next_played = "(SELECT COALESCE(MAX(played), 0) + 1 FROM games)"
    """SQL for the order-of-play number of a game added now."""

    def _open(self, path: Path, snapshot: bool) -> sqlite3.Connection:
        if not snapshot:
            return sqlite_file.connect(path, "ro" if self.readonly else "rw")
        if not sqlite_file.wal_has_data(path):
            return sqlite_file.connect(path, "immutable")  # everything is in the main file
        # Committed events may be in the -wal alone: read both, from a copy, since SQLite
        # can't use a -wal without a writable -shm, and reading "immutable" would miss them.
        import shutil  # here: the command line's export and import never need them
        import tempfile

        self._copy = Path(tempfile.mkdtemp(prefix="tablelife-snapshot-"))
        try:
            shutil.copyfile(path, self._copy / sqlite_file.FILE_NAME)
            shutil.copyfile(f"{path}-wal", self._copy / f"{sqlite_file.FILE_NAME}-wal")
        except BaseException:
            shutil.rmtree(self._copy, ignore_errors=True)
            self._copy = None
            raise
        return sqlite_file.connect(self._copy / sqlite_file.FILE_NAME, "ro")

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
        _app_id, version, _objects = probe = sqlite_file.probe(conn)
        kind = sqlite_file.classify(*probe)
        if readonly:
            if kind == "empty":
                raise sqlite_file.EmptyError()
        else:
            conn.execute("PRAGMA synchronous = FULL")  # durable at each commit
            conn.execute("PRAGMA foreign_keys = ON")
            if conn.execute("PRAGMA journal_mode = WAL").fetchone()[0] != b"wal":
                raise sqlite3.OperationalError("unable to open the journal in WAL mode")
            # Checkpoint as the WAL grows and cut it back after, so it never fills a disk.
            conn.execute(f"PRAGMA wal_autocheckpoint = {WAL_CHECKPOINT_PAGES}")
            conn.execute(f"PRAGMA journal_size_limit = {WAL_SIZE_LIMIT}")
            migrated = cls._migrate(conn)
            version = schema.SCHEMA_VERSION
        sqlite_file.check(conn, version, full=full, writable=not readonly)
        if not readonly:
            if not migrated:
                # Write once, now: a file SQLite opened read-only (its -wal and -shm left by a
                # crash in a folder now read-only) fails here, before anyone is told that
                # games are being saved. Only after the checks: a bad file is left as it is.
                conn.execute("BEGIN IMMEDIATE")
                try:
                    conn.execute(f"PRAGMA user_version = {schema.SCHEMA_VERSION}")
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
            sqlite_file.classify(*sqlite_file.probe(conn))
            if version >= 1:
                # Not ours after all (or damaged): set aside as it is, not half-migrated.
                schema.check_tables(conn, version)
            for step in range(version, schema.SCHEMA_VERSION):
                schema.run(conn, schema.MIGRATIONS[step])
                conn.execute(f"PRAGMA user_version = {step + 1}")
            conn.execute("COMMIT")
            return bool(version < schema.SCHEMA_VERSION)
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

    @property
    def _sql(self) -> Conn:
        """What a step's SQL runs on (`?` placeholders); the SQLite connection here."""
        return self.connection

    def now(self) -> float:
        """The time a step is taken at, in Unix seconds: this computer's clock here; a
        server's journal takes the server's, so every device's steps share one clock."""
        return time.time()

    def take_notices(self) -> list[str]:
        """What happened to the steps taken since last asked, in words, for after them (on a
        server: a step whose connection dropped, and whether it was saved); empty here."""
        said, self.notices = self.notices, []
        return said

    # ----- the unit of work's hooks: how this backend begins, ends and retries a step ------

    def _begin(self, conn: Conn, *, writing: bool) -> None:
        """Opens a transaction: a write takes SQLite's write lock at once (IMMEDIATE), so
        a step never fails halfway for want of it; a read is a snapshot."""
        conn.execute("BEGIN IMMEDIATE" if writing else "BEGIN")

    def _commit(self, conn: Conn) -> None:
        """Commits the step (durably: synchronous=FULL)."""
        conn.execute("COMMIT")

    def _rollback(self, conn: Conn) -> None:
        """Rolls back whatever is open; an error doing so is dropped (the first error says
        more)."""
        if self.connection.in_transaction:
            with contextlib.suppress(sqlite3.Error):
                conn.execute("ROLLBACK")

    def _failed(self, conn: Conn, exc: BaseException) -> None:
        """A step failed and was rolled back: a full disk has the WAL's room freed, so the
        step's second try (`_again`) may fit."""
        cause = exc.__cause__ if isinstance(exc, StorageError) else exc
        if full(exc) or (cause is not None and full(cause)):
            self._room_made = self._make_room(self.connection)

    def _again(self, exc: StorageError, attempt: int) -> bool:
        """Whether a step of its own that failed with `exc` on its `attempt`-th try is tried
        once more, from the start: once, when a full disk's room was freed."""
        if attempt > 1 or not self._room_made:
            return False
        self._room_made = False
        return True

    def _world(self, exc: BaseException) -> tuple[str, ...] | None:
        """What an error the world caused means, and what a person can do (one or two
        sentences' parts); None for anything else (a bug)."""
        if isinstance(exc, sqlite3.Error):
            code = world_code(exc)
            return None if code is None else world_words(code)
        if isinstance(exc, UnicodeDecodeError):
            # Only SQLite's driver decodes here (our rows are decoded field by field): its
            # message quoted text from the file that is not UTF-8.
            return world_words(11)
        return None

    def check(self, *, full: bool = False) -> str | None:
        """Runs SQLite's `quick_check` (or, with `full`, the slower `integrity_check`) and
        returns the first problem it finds, or None when the file is sound."""
        with self._read():
            problems = sqlite_file.integrity(self.connection, full=full)
        return sqlite_file.first(problems) if problems else None

    @contextlib.contextmanager
    def transaction(self) -> Iterator[Conn]:
        """One step's unit of work: everything written inside is committed together (durably)
        when the outermost `with` ends, or nothing of it is, on any error. Nested calls join
        the outer transaction; a journal failure inside one (the file or the disk refusing a
        write) fails the whole step, even if the code around it goes on. (A refusal raised
        before anything is written, such as a step's own check, only fails what it stops.)
        StorageError (nothing written) for what the world causes; a full disk has the WAL
        checkpointed and cut back before it is raised, so a second try may fit (`run` and
        `_transact` make it)."""
        conn = self._sql
        if self._depth:
            if not self._writing:
                raise RuntimeError("a write inside a read snapshot: open the transaction first")
            self._depth += 1
            try:
                yield conn
            except BaseException as exc:
                known = self._known(exc, writing=True)
                if known is not exc or isinstance(exc, JournalError):
                    self._failure = exc  # a write may be half done: none of the step stays
                if known is exc:
                    raise
                try:
                    raise known from exc
                finally:
                    del known  # its traceback holds this frame: no cycle back
            finally:
                self._depth -= 1
            return
        self._refuse_if_read_only()
        self._room_made = False
        try:
            self._begin(conn, writing=True)
        except BaseException as exc:
            known = self._known(exc, writing=True)
            if known is exc:
                raise
            try:
                raise known from exc
            finally:
                del known
        self._depth, self._writing, self._failure = 1, True, None
        try:
            yield conn
            if self._failure is not None:
                raise self._failure  # a part of the step failed: none of it is kept
            self._commit(conn)
        except BaseException as exc:
            self._rollback(conn)
            self._failed(conn, exc)
            known = self._known(exc, writing=True)
            if known is exc:
                raise
            try:
                raise known from exc
            finally:
                del known
        finally:
            self._depth, self._writing, self._failure = 0, False, None

    def run(self, body: Callable[[], _T]) -> _T:
        """`body` as one step (`transaction()`), tried again from the start when the backend
        says it may succeed (`_again`: a full disk whose WAL's room was freed; on a server, a
        race lost to another device, or a connection lost and made again before anything was
        saved); inside a step already open, simply part of it. So a step that reads what it
        checks inside `body` checks it again on each try."""
        return self._transact(lambda _conn: body())

    @contextlib.contextmanager
    def snapshot(self) -> Iterator[Conn]:
        """Reads inside see one snapshot of the file, whatever another process commits
        meanwhile (a read transaction): what verify, export and a desk's load read across
        several statements adds up. Nested in a transaction or another snapshot, joins it.
        Nothing may be written inside a snapshot (a bug: RuntimeError)."""
        conn = self._sql
        if self._depth:
            self._depth += 1
            try:
                yield conn
            finally:
                self._depth -= 1
            return
        with self._read():
            self._begin(conn, writing=False)
        self._depth = 1
        try:
            with self._read():
                yield conn
        finally:
            self._depth = 0
            self._rollback(conn)  # nothing was written: only the snapshot ends

    def _refuse_if_read_only(self) -> None:
        if self.readonly:
            raise StorageError(
                arg(
                    JournalWords.tr(
                        "Tablelife could not save to the journal %1: it is open read-only. "
                        "Nothing was changed."
                    ),
                    self._named,
                )
            )

    def _transact(self, body: Callable[[Conn], _T]) -> _T:
        """Runs `body` in `transaction()`: as a step of its own, committed before returning,
        or as part of the step already open. A step of its own that failed is tried again
        from the start while `_again` says so (a full disk whose room was freed: once)."""
        attempt = 0
        while True:
            attempt += 1
            try:
                with self.transaction() as conn:
                    return body(conn)
            except StorageError as exc:
                if self._depth or not self._again(exc, attempt):
                    raise

    @property
    def _named(self) -> str:
        """The journal as messages name it: its path, or where a server's is."""
        return self.where_words or str(self.path)

    def _make_room(self, conn: sqlite3.Connection) -> bool:
        """Checkpoints the WAL into the main file and truncates it; True if that freed any
        room (the WAL had something in it)."""
        if self.path is None or not sqlite_file.wal_has_data(self.path):
            return False
        try:
            busy = conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0]
        except sqlite3.Error:
            return False
        return bool(busy == 0)

    @contextlib.contextmanager
    def _read(self) -> Iterator[Conn]:
        try:
            yield self._sql
        except BaseException as exc:
            known = self._known(exc, writing=False)
            if known is exc:
                raise
            try:
                raise known from exc
            finally:
                del known

    def _known(self, exc: BaseException, *, writing: bool) -> BaseException:
        """A StorageError for an error the world caused (while `writing`, or reading);
        `exc` itself for anything else."""
        words = self._world(exc)
        if words is not None:
            return self._refusal(writing, *words)
        if isinstance(exc, OSError):
            return self._refusal(writing, os_reason(exc))
        return exc

    def _refusal(self, writing: bool, what: str, advice: str = "") -> StorageError:
        """ "Tablelife could not save to (read) the journal …: what. Nothing was changed."
        and the advice, each a whole sentence so a translation can order its words."""
        template = (
            JournalWords.tr("Tablelife could not save to the journal %1: %2.")
            if writing
            else JournalWords.tr("Tablelife could not read the journal %1: %2.")
        )
        sentences = [arg(template, self._named, what), JournalWords.tr("Nothing was changed.")]
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
        stamp = self.now() if started is None else float(started)
        return self._transact(
            lambda conn: self._insert_game(conn, setup, stamp, placement=(tournament, round, table))
        )

    def _insert_game(
        self,
        conn: Conn,
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
            f" {self._next_played}, ?, ?, ?)",
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
        stamp = self.now() if when is None else float(when)

        def body(conn: Conn) -> int:
            seq, previous = self._next_event(conn, game_id)
            checksum = chain.event_link(previous, seq, stamp, kind, data)
            self._add_event(conn, (game_id, seq, stamp, kind, payload, checksum, after))
            return seq

        return self._transact(body)

    def _next_event(self, conn: Conn, game_id: int) -> tuple[int, bytes]:
        """The seq a game's next event takes, and the checksum it chains to (the last
        event's, or the game's start); UnknownGameError if there is no such game."""
        seq = self._next_seq(conn, game_id)
        return seq, _previous_sum(conn, game_id, seq)

    def _add_event(self, conn: Conn, values: tuple[Any, ...]) -> None:
        """Writes an event (game_id, seq, time, kind, changes, checksum, after) and makes it
        its game's head, the game the one played last."""
        conn.execute(
            "INSERT INTO events (game_id, seq, time, kind, changes, checksum, after)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            values,
        )
        conn.execute(
            f"UPDATE games SET {self._bump}, head = ? WHERE id = ?", (values[5], values[0])
        )

    @staticmethod
    def _next_seq(conn: Conn, game_id: int) -> int:
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
        stamp = self.now() if when is None else float(when)

        def body(conn: Conn) -> None:
            end = chain.game_end(_start_sum(conn, game_id), stamp, checked)
            conn.execute(
                "UPDATE games SET ended = ?, result = ?, end_checksum = ? WHERE id = ?",
                (stamp, _dump(checked), end, game_id),
            )

        self._transact(body)

    def reopen(self, game_id: int) -> None:
        """Marks a game unfinished again (after an undo across its end, or to take back a
        game left for a new one); it becomes the game played last."""

        def body(conn: Conn) -> None:
            end = chain.game_end(_start_sum(conn, game_id), None, None)
            conn.execute(
                f"UPDATE games SET ended = NULL, result = NULL, end_checksum = ?, {self._bump}"
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

        def body(conn: Conn) -> int:
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

    def mark_partners(self, game_id: int, player: int, on: bool) -> None:
        """Marks a player of a game as playing partner commanders (or takes the mark off):
        kept with the game, for whoever shows it next. UnknownGameError if there is none."""

        def body(conn: Conn) -> None:
            if conn.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone() is None:
                raise UnknownGameError(game_id)
            if on:
                conn.execute(
                    "INSERT INTO partner_marks (game_id, player) VALUES (?, ?)"
                    " ON CONFLICT DO NOTHING",
                    (game_id, player),
                )
            else:
                conn.execute(
                    "DELETE FROM partner_marks WHERE game_id = ? AND player = ?", (game_id, player)
                )

        self._transact(body)

    def partner_marks(self, game_id: int) -> frozenset[int]:
        """The players of a game marked as playing partner commanders (none in a journal
        older than the marks)."""
        if "partner_marks" not in self._have:
            return frozenset()
        with self._read() as conn:
            found = conn.execute(
                "SELECT player FROM partner_marks WHERE game_id = ?", (game_id,)
            ).fetchall()
        return frozenset(int(r[0]) for r in found if isinstance(r[0], int))

    # ----- reading games -------------------------------------------------------------------

    def event_counts(self) -> dict[int, int]:
        """How many journal events each game has, by game id (a game with none is left out)."""
        with self._read() as conn:
            found = conn.execute("SELECT game_id, count(*) FROM events GROUP BY game_id")
            return {int(gid): int(n) for gid, n in found.fetchall()}

    def imported_at(self, started: float) -> list[int]:
        """The ids of the imported games that started at exactly `started`, in order: the
        only ones an import of a game started then can be the twin of."""
        with self._read() as conn:
            found = conn.execute(
                "SELECT id FROM games WHERE imported = 1 AND started = ? ORDER BY id", (started,)
            ).fetchall()
        return [int(r[0]) for r in found]

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
        stamp = self.now() if when is None else float(when)

        def body(conn: Conn) -> int:
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
        stamp = self.now() if when is None else float(when)

        def body(conn: Conn) -> int:
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
        self._set_finished(tournament_id, self.now() if when is None else float(when))

    def reopen_tournament(self, tournament_id: int) -> None:
        """Marks a finished event running again."""
        self._set_finished(tournament_id, None)

    def _set_finished(self, tournament_id: int, stamp: float | None) -> None:
        def body(conn: Conn) -> None:
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

    def log_since(self, tournament_id: int, seq: int) -> list[LogRow]:
        """An event's log entries after entry `seq` (0: all of them), in order, each checked
        against the checksum of the one before it: what a device that has seen the log up to
        `seq` reads to catch up, without reading it all again. UnknownTournamentError if
        there is no such event; BrokenChainError where a link breaks; DamagedError for an
        entry that can't be read."""
        with self.snapshot() as conn:
            self._stored_tournament(tournament_id)
            previous = _last_log_sum(conn, tournament_id, seq + 1)
            raw = conn.execute(
                "SELECT seq, time, kind, data, checksum FROM tournament_log"
                " WHERE tournament_id = ? AND seq > ? ORDER BY seq",
                (tournament_id, seq),
            ).fetchall()
        found = []
        for number, stored in enumerate((rows.decode_log(tournament_id, r) for r in raw), seq + 1):
            entry = stored.entry
            link = chain.log_link(previous, entry.seq, entry.time, entry.kind, stored.data)
            if entry.seq != number or stored.checksum != link.encode():
                raise BrokenChainError(
                    rows.entry_where(tournament_id, number),
                    arg(
                        JournalWords.tr("does not match its checksum: %1."),
                        JournalWords.tr("it was changed outside Tablelife, or the disk damaged it"),
                    ),
                    tournament_id=tournament_id,
                    seq=number,
                )
            previous = link.encode()
            found.append(entry)
        return found

    def event_rows(self, tournament_id: int) -> EventRows:
        """An event's rows as they are stored, with its games', as of one moment (for
        `tablelife.store.copying`). UnknownTournamentError if there is no such event."""
        games = ", ".join(c for c in rows.GAME_COLUMNS if c != "played")
        events = ", ".join(f"e.{c}" for c in (*rows.EVENT_COLUMNS, "after"))
        mine = "SELECT id FROM games WHERE tournament_id = ?"
        with self.snapshot() as conn:
            self._stored_tournament(tournament_id)
            tid = (tournament_id,)
            return EventRows(
                tournament=tuple(conn.execute(f"{_TOURNAMENTS} WHERE id = ?", tid).fetchone()),
                log=_tuples(
                    conn.execute(
                        f"SELECT {', '.join(rows.LOG_COLUMNS)} FROM tournament_log"
                        " WHERE tournament_id = ? ORDER BY seq",
                        tid,
                    )
                ),
                games=_tuples(
                    conn.execute(
                        f"SELECT {games} FROM games WHERE tournament_id = ? ORDER BY played, id",
                        tid,
                    )
                ),
                events=_tuples(
                    conn.execute(
                        f"SELECT {events} FROM events e WHERE e.game_id IN ({mine})"
                        " ORDER BY e.game_id, e.seq",
                        tid,
                    )
                ),
                marks=_tuples(
                    conn.execute(
                        f"SELECT game_id, player FROM partner_marks WHERE game_id IN ({mine})"
                        " ORDER BY game_id, player",
                        tid,
                    )
                ),
            )

    def add_event_rows(self, copied: EventRows) -> None:
        """Adds an event's rows from another journal as they are (ids and checksums kept),
        in ONE transaction, checked again before it commits. AlreadyThereError if the same
        event (id and first checksum) is here; CopyRefusedError if its id or a game's is
        another's here, or the rows don't verify here."""
        tid, checksum = copied.tournament[0], rows.stored_sum(copied.tournament[5])
        game_columns = [c for c in rows.GAME_COLUMNS if c != "played"]

        def body(conn: Conn) -> None:
            here = conn.execute("SELECT checksum FROM tournaments WHERE id = ?", (tid,)).fetchone()
            if here is not None:
                if rows.stored_sum(here[0]) == checksum:
                    raise AlreadyThereError(
                        arg(
                            JournalWords.tr("Event %1 is already in the journal %2."),
                            tid,
                            self._named,
                        )
                    )
                raise CopyRefusedError(
                    arg(
                        JournalWords.tr(
                            "The journal %1 has another event with the id %2: an event keeps its "
                            "id when copied (its checksums cover it), so it can't be copied there."
                        ),
                        self._named,
                        tid,
                    )
                )
            for game in copied.games:
                if conn.execute("SELECT 1 FROM games WHERE id = ?", (game[0],)).fetchone():
                    raise CopyRefusedError(
                        arg(
                            JournalWords.tr(
                                "The journal %1 has another game with the id %2, which a game "
                                "of this event has: it can't be copied there."
                            ),
                            self._named,
                            game[0],
                        )
                    )
            marks = ", ".join("?" * len(rows.TOURNAMENT_COLUMNS))
            conn.execute(
                f"INSERT INTO tournaments ({', '.join(rows.TOURNAMENT_COLUMNS)}) VALUES ({marks})",
                _texts(copied.tournament),
            )
            if copied.log:
                conn.executemany(
                    f"INSERT INTO tournament_log ({', '.join(rows.LOG_COLUMNS)})"
                    f" VALUES ({', '.join('?' * len(rows.LOG_COLUMNS))})",
                    [_texts(r) for r in copied.log],
                )
            for game in copied.games:  # in their order of play, after every game here
                conn.execute(
                    f"INSERT INTO games ({', '.join(game_columns)}, played)"
                    f" VALUES ({', '.join('?' * len(game_columns))}, {self._next_played})",
                    _texts(game),
                )
            event_columns = (*rows.EVENT_COLUMNS, "after")
            if copied.events:
                conn.executemany(
                    f"INSERT INTO events ({', '.join(event_columns)})"
                    f" VALUES ({', '.join('?' * len(event_columns))})",
                    [_texts(r, cache=-1) for r in copied.events],
                )
            if copied.marks:
                conn.executemany(
                    "INSERT INTO partner_marks (game_id, player) VALUES (?, ?)",
                    [tuple(r) for r in copied.marks],
                )
            problems = [self.verify_tournament(tid), *(self.verify(g[0]) for g in copied.games)]
            found = next((p for p in problems if p is not None), None)
            if found is not None:
                raise CopyRefusedError(str(found))

        self._transact(body)

    def events_since(self, game_id: int, seq: int) -> list[EventRow]:
        """A game's events after event `seq` (0: all of them), in order, each checked against
        the checksum of the one before it: what a device that shows the game up to `seq`
        reads to catch up with another device's steps at its table. UnknownGameError if there
        is no such game; BrokenChainError where a link breaks; DamagedError for an event that
        can't be read."""
        raw: list[Any] = []
        if seq > 0:  # the usual case, in one statement: event `seq` (its checksum) and after
            with self._read() as conn:
                raw = conn.execute(self._events_from, (game_id, seq)).fetchall()
        return self._linked(game_id, seq, raw)

    def events_since_many(self, wanted: Mapping[int, int]) -> dict[int, list[EventRow]]:
        """`events_since` for several games at once (game id: the seq after which to read),
        as a watcher told of steps at several tables reads them; a server's journal reads
        them in one statement."""
        return {game_id: self.events_since(game_id, seq) for game_id, seq in wanted.items()}

    def _linked(self, game_id: int, seq: int, raw: Sequence[Any]) -> list[EventRow]:
        """`events_since` from rows read from event `seq` on (its checksum, then the events
        after it): the events after it, each checked against the one before. When event `seq`
        isn't among them (reading from the start, or it is missing), read again in a way that
        says what is wrong."""
        if raw and raw[0][0] == seq:
            previous, raw = rows.stored_sum(raw[0][4]), raw[1:]
        else:
            with self.snapshot() as conn:
                self._stored_game(game_id)
                previous = _previous_sum(conn, game_id, seq + 1)
                raw = conn.execute(self._events_from, (game_id, seq + 1)).fetchall()
        return self.chained(game_id, seq, previous, raw)

    def chain_start(self, game_id: int) -> bytes:
        """The checksum a game's first event chains to, as stored (over its setup).
        UnknownGameError if there is no such game."""
        with self._read() as conn:
            return _start_sum(conn, game_id)

    @staticmethod
    def chained(game_id: int, seq: int, previous: bytes, raw: Sequence[Any]) -> list[EventRow]:
        """A game's events after event `seq` from their rows as read (seq, time, kind,
        changes, checksum), each checked against the checksum of the one before (`previous`,
        event `seq`'s). BrokenChainError where a link breaks; DamagedError for a row that
        can't be read."""
        found = []
        for number, stored in enumerate(rows.decode_events(game_id, raw), seq + 1):
            event = stored.event
            link = chain.event_link(
                previous, event.seq, event.time, event.kind, stored.changes, stored.canonical
            )
            if event.seq != number or stored.checksum != link.encode():
                raise BrokenChainError(
                    rows.event_where(game_id, number),
                    arg(
                        JournalWords.tr("does not match its checksum: %1."),
                        JournalWords.tr("it was changed outside Tablelife, or the disk damaged it"),
                    ),
                    game_id=game_id,
                    seq=number,
                )
            previous = link.encode()
            found.append(event)
        return found

    def game_heads(self, tournament_id: int) -> dict[int, tuple[int, int, int]]:
        """Each game of an event, by id: its round, its table and the seq of its last event
        (0 before any): where a watcher looks for game events it hasn't seen."""
        with self._read() as conn:
            found = conn.execute(
                "SELECT g.id, g.round, g.table_number,"
                " (SELECT COALESCE(MAX(e.seq), 0) FROM events e WHERE e.game_id = g.id)"
                " FROM games g WHERE g.tournament_id = ?",
                (tournament_id,),
            ).fetchall()
        return {int(r[0]): (int(r[1]), int(r[2]), int(r[3])) for r in found}

    # ----- several devices: a data folder has one, so these do nothing here ------------------

    shared = False
    """True when other devices may write the journal meanwhile (a server's): a device then
    reads what they wrote as it is told of it (`listen`), and holds the tables it plays."""

    def _loaded(self, tournament_id: int, event: Tournament) -> None:
        """`load_event` read an event whole: a server's journal keeps it, so its next step's
        check reads only the entries since; nothing here."""

    def listen(self, *, reading: bool = False) -> Listener | None:
        """A connection the journal tells its changes on as other devices' steps commit
        (`tablelife.store.live`): one of its own, or with `reading` the journal's (for a
        reader that takes no steps). None here: a data folder has no other writer."""
        return None

    def take_hold(self, game_id: int) -> str | None:
        """Holds a tracked table's game for this device (takes it when free, renews it when
        already this device's); None when this device holds it now, else who does (their
        login and computer, in words). Here, with one writer, always None."""
        return self.take_holds([game_id])[game_id]

    def take_holds(self, game_ids: Sequence[int]) -> dict[int, str | None]:
        """`take_hold` for several games at once, as a device renews the tables it holds
        (on a server, one statement: one commit however many tables): for each, None or who
        holds it. Here, with one writer, None for each."""
        return dict.fromkeys(game_ids)

    def let_go(self, game_id: int) -> None:
        """Lets go of a game this device holds (nothing if it doesn't)."""

    def holders(self, tournament_id: int) -> dict[int, str]:
        """The games of an event that other devices hold now, by game id: who holds each."""
        return {}

    def staff_sessions(self) -> frozenset[int]:
        """The server sessions (process ids) of the logins that may write the journal now:
        whose notices say truly what they wrote (`tablelife.store.live`). None here."""
        return frozenset()

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


def _tuples(found: Any) -> tuple[tuple[Any, ...], ...]:
    return tuple(tuple(row) for row in found.fetchall())


def _texts(row: Sequence[Any], *, cache: int | None = None) -> tuple[Any, ...]:
    """A row read from one journal, to write to another: text as text (it comes back as
    bytes). The column at `cache` (the state after an event: a cache, not chained) is dropped
    to NULL if it isn't UTF-8 text; anything else was verified first."""
    out = []
    for i, value in enumerate(row):
        if isinstance(value, bytes):
            try:
                value = value.decode("utf-8")
            except UnicodeDecodeError:
                if cache is None or i != len(row) + cache:
                    raise
                value = None
        out.append(value)
    return tuple(out)


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


def _start_sum(conn: Conn, game_id: int) -> bytes:
    """The checksum a game's chain starts from, as stored; UnknownGameError if none."""
    row = conn.execute("SELECT checksum FROM games WHERE id = ?", (game_id,)).fetchone()
    if row is None:
        raise UnknownGameError(game_id)
    return rows.stored_sum(row[0])


def _previous_sum(conn: Conn, game_id: int, seq: int) -> bytes:
    """The checksum event `seq` chains to: event seq - 1's, or the game's start."""
    if seq == 1:
        return _start_sum(conn, game_id)
    row = conn.execute(
        "SELECT checksum FROM events WHERE game_id = ? AND seq = ?", (game_id, seq - 1)
    ).fetchone()
    return rows.stored_sum(None if row is None else row[0])


def _last_log_sum(conn: Conn, tournament_id: int, seq: int) -> bytes:
    """The checksum log entry `seq` chains to: entry seq - 1's, or the event's start."""
    if seq == 1:
        sql, params = "SELECT checksum FROM tournaments WHERE id = ?", (tournament_id,)
    else:
        sql = "SELECT checksum FROM tournament_log WHERE tournament_id = ? AND seq = ?"
        params = (tournament_id, seq - 1)  # type: ignore[assignment]
    row = conn.execute(sql, params).fetchone()
    return rows.stored_sum(None if row is None else row[0])


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
