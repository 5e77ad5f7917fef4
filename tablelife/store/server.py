"""The journal on a store's PostgreSQL server, for an evening run from several devices
(DESIGN.md, "Several devices"): the same `Journal`, its same methods and SQL, on a server.

Only `--server URL` (or TABLELIFE_SERVER) brings this module in: it imports psycopg 3, the
optional `server` extra (`pip install tablelife[server]`), which nothing else needs.

What a server adds to the journal's promises:
- every step is ONE transaction at SERIALIZABLE isolation: two devices' steps on one event
  can't both build on what the other is changing. The one that lost the race is rolled back
  and tried again from the start (`Journal.run`), reading and checking the event anew, so it
  is taken on the event as it now stands, or refused in words; never half-applied.
- log times come from the server's clock (`now()`), shared by every device.
- each step carries an id its device made (a UUID), written in the same transaction
  (`steps`). When the connection drops as the step commits, the device connects again and
  asks for it: there, the step happened; not there (and the old connection's session gone),
  it didn't, and it is tried again. When the server can't be reached to ask, the step fails
  with `StepUnknownError` naming the id, so a person can ask later (`tablelife server step`).
- the server enforces who may write: `tablelife_staff` may take every step,
  `tablelife_viewer` only read (`server init` grants them; `tablelife.store.server_schema`).
- no password is ever kept by Tablelife: a connection string names the server, and libpq
  finds the password itself (~/.pgpass, PGPASSFILE, a service file), with `sslmode` for TLS.
"""

from __future__ import annotations

import contextlib
import os
import random
import socket
import time
import uuid
from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import lru_cache
from math import ceil
from typing import Any

import psycopg
from psycopg import sql
from psycopg.adapt import Buffer, Loader
from psycopg.conninfo import conninfo_to_dict, make_conninfo
from psycopg.pq import TransactionStatus

from tablelife.rules.i18n import arg
from tablelife.store import rows, schema, server_schema
from tablelife.store.backend import Conn, Rows
from tablelife.store.errors import (
    JournalError,
    JournalWords,
    StepUnknownError,
    StorageError,
    UnknownGameError,
)
from tablelife.store.events import load_event
from tablelife.store.journal import Journal
from tablelife.store.live import HOLD_SECONDS, Told, told_from
from tablelife.store.opening import Opened
from tablelife.store.records import EventRow
from tablelife.store.server_schema import SCHEMA, STAFF, VIEWER
from tablelife.tournament.event import EventError, Tournament

WAIT_ENV = "TABLELIFE_RECONNECT_SECONDS"
"""How long a device waits for a server that went away to come back (default 15 s)."""
WAIT_SECONDS = 15.0
WINDOW_WAIT_SECONDS = 2.0
"""A desk's wait for a server that went away (`ServerJournal.reconnect_seconds`)."""
RACE_TRIES = 30
"""How often a step that lost a race to another device is tried again before giving up."""
QUEUE_AFTER = 2
"""After losing this many races, a step waits its turn among the others that lost (an
advisory lock taken before its transaction begins), so none of them loses forever."""
QUEUE_KEY = 0x54424C46  # "TBLF": the advisory lock that steps which lost races queue on
LOST_TRIES = 3
"""How often a step whose connection dropped before it was saved is tried again."""
CONNECT_DEFAULTS = {
    "connect_timeout": "5",
    "application_name": "tablelife",
    # A laptop whose Wi-Fi went away is found out in seconds, not after TCP's two hours.
    "keepalives": "1",
    "keepalives_idle": "5",
    "keepalives_interval": "2",
    "keepalives_count": "3",
}

_SAFE_AGAIN = ("SELECT", "BEGIN")  # statements asked again on a new connection, outside a step
_RACES = ("40001", "40P01", "23505")  # serialization failure, deadlock, a key taken meanwhile
_LOST = ("57P01", "57P02", "57P03")  # terminated, crashed, starting up


class LogConflictError(JournalError):
    """A device's step doesn't follow from the event's log as the server has it: another
    device's step changed the event after this device last read it. Nothing was written."""

    def __init__(self, why: str) -> None:
        super().__init__(
            arg(
                JournalWords.tr(
                    "Another device changed the event a moment ago, and this step no longer "
                    "fits it: %1 Nothing was changed; look again at the event as it is now."
                ),
                why,
            )
        )


class ServerRefusedError(JournalError):
    """`server init` (or opening a server's journal) was refused before anything was
    written: the login lacks a right, the server's journal is newer, the database is not
    UTF-8. `str()` says what to do."""


class HeldError(JournalError):
    """Another device holds the tracked table's game this step would change
    (`tablelife.store.live`): it is played there. Nothing was written."""

    def __init__(self, table: object, who: str) -> None:
        super().__init__(
            arg(
                JournalWords.tr(
                    "Table %1's game is being played at %2: only that device changes it while "
                    "it holds the table (it lets go when it leaves the table, or %3 seconds "
                    "after it stops answering). Nothing was changed."
                ),
                table,
                who,
                HOLD_SECONDS,
            )
        )


def where(url: str) -> str:
    """The server as a person names it, from a connection string or URL: host, port and
    database, never a password. "the server" when the string can't be read."""
    try:
        info = conninfo_to_dict(url)
    except psycopg.Error:
        return JournalWords.tr("the server")
    host = str(info.get("host") or info.get("hostaddr") or os.environ.get("PGHOST") or "")
    host = host or "localhost"
    port = info.get("port") or os.environ.get("PGPORT")
    name = info.get("dbname") or os.environ.get("PGDATABASE") or info.get("service") or ""
    shown = f"{host}:{port}" if port else host
    return f"{shown}/{name}" if name else shown


class _TextAsBytes(Loader):
    """Text comes back as bytes, as the SQLite journal's does, so `tablelife.store.rows`
    decodes each field itself, the same way whichever database it came from."""

    def load(self, data: Buffer) -> bytes:
        return bytes(data)


def connect(url: str, *, within: float | None = None) -> psycopg.Connection[Any]:
    """A connection to the server `url` names, in autocommit (the journal says BEGIN and
    COMMIT itself), UTF-8, with the journal's schema first on its search path; `within`: in
    at most about that many seconds (2 at least, libpq's least), unless the URL says.
    psycopg.OperationalError if the server can't be reached or refuses the login."""
    given = conninfo_to_dict(url)
    defaults = dict(CONNECT_DEFAULTS)
    if within is not None:
        defaults["connect_timeout"] = str(
            max(2, min(int(defaults["connect_timeout"]), ceil(within)))
        )
    extra = {k: v for k, v in defaults.items() if k not in given}
    conn = psycopg.connect(make_conninfo(url, client_encoding="utf8", **extra), autocommit=True)
    try:
        for name in ("text", "varchar", "bpchar"):
            conn.adapters.register_loader(name, _TextAsBytes)
        # Index scans rather than whole-table ones, even on small tables: a serializable
        # step that scans a whole table "reads" every row of it, so it loses races to every
        # step that writes any row there (a step at another table); by an index it reads
        # only its own rows (PostgreSQL's manual, "Serializable Isolation Level").
        conn.execute(
            "SELECT set_config('search_path', %s, false),"
            " set_config('enable_seqscan', 'off', false)",
            (SCHEMA,),
        )
    except BaseException:
        conn.close()
        raise
    return conn


@lru_cache(maxsize=512)
def _placeholders(sql: str) -> str:
    """The journal's SQL with psycopg's placeholders: each `?` outside a quoted literal
    becomes `%s`. A `%` in the journal's SQL is a bug (backend.py says so): refused here."""
    out = []
    quoted = False
    for ch in sql:
        if ch == "'":
            quoted = not quoted
        elif ch == "%" and not quoted:
            raise ValueError(f"A journal statement can't use '%': {sql!r}")
        out.append("%s" if ch == "?" and not quoted else ch)
    return "".join(out)


class _Conn:
    """The server's connection as a journal's SQL expects it (`backend.Conn`)."""

    def __init__(self, owner: ServerJournal) -> None:
        self._owner = owner

    def execute(self, sql: str, parameters: Sequence[Any] = (), /) -> Rows:
        owner = self._owner
        try:
            return owner._pg_conn().execute(_placeholders(sql), tuple(parameters))
        except psycopg.Error as exc:
            # Outside a step, a read (or a BEGIN) whose connection turned out dropped is
            # asked again on a new one; never a write, which belongs in its transaction.
            if owner._depth or not sql.startswith(_SAFE_AGAIN) or not owner._dropped(exc):
                raise
        owner._reconnect()
        return owner._pg_conn().execute(_placeholders(sql), tuple(parameters))

    def executemany(self, sql: str, parameters: Iterable[Sequence[Any]], /) -> None:
        with self._owner._pg_conn().cursor() as cursor:
            cursor.executemany(_placeholders(sql), [tuple(p) for p in parameters])


def _sqlstate(exc: BaseException | None) -> str | None:
    """The SQLSTATE of a psycopg error (or of the error behind a StorageError)."""
    while exc is not None:
        if isinstance(exc, psycopg.Error):
            return exc.sqlstate
        exc = exc.__cause__
    return None


class ServerJournal(Journal):
    """A `Journal` whose rows live on a PostgreSQL server. Open one with `open_server`.

    The same methods as the SQLite journal, on the same SQL; what differs is how a step
    begins, ends and is tried again, the order-of-play number (a sequence, so devices
    writing different tables never contend for it), the clock (the server's) and what an
    error means. `readonly` when the login may only read (`tablelife_viewer`).
    """

    _bump = f"played = nextval('{SCHEMA}.played')"
    _next_played = f"nextval('{SCHEMA}.played')"

    def __init__(
        self, url: str, conn: psycopg.Connection[Any], version: int, *, readonly: bool
    ) -> None:
        self.path = None
        self.url = url
        self.where_words = arg(JournalWords.tr("on the server %1"), where(url))
        self.readonly = readonly
        self.recovered = False
        self._copy = None
        self._conn = None  # no SQLite here
        self._pg: psycopg.Connection[Any] | None = conn
        self._wrapped = _Conn(self)
        self._step_id: uuid.UUID | None = None
        self._attempts = 0  # tries of the step now being taken (0: none)
        self._lost = False  # the last step's connection dropped before it was saved
        self._retaken = False  # this step is tried again after its connection dropped
        self._queued = False  # this session holds the queue of steps that lost races
        self._seen_events: dict[int, tuple[int, Tournament]] = {}  # this step's events, by id
        # Each event as this device last saw it committed (its log's last seq, and the event
        # it makes): a step's check reads only the entries since (`_event_now`).
        self._verified: dict[int, tuple[int, Tournament]] = {}
        self.device = socket.gethostname()[:200]
        self.device_id = uuid.uuid4()
        """This device, as its holds name it: one id for each journal opened."""
        self.reconnect_seconds: float | None = None
        """How long a step or a read waits for a server that went away before it says so;
        None: WAIT_SECONDS. A window sets WINDOW_WAIT_SECONDS: it can't answer meanwhile,
        and its live feed goes on trying in the background. TABLELIFE_RECONNECT_SECONDS,
        when set, says for all."""
        self.who = arg(JournalWords.tr("%1 on %2"), conn.info.user, self.device)
        """This device as other devices read it: its login and its computer."""
        self._ready(version)

    # ----- the connection -------------------------------------------------------------------

    @property
    def connection(self) -> Any:
        """A server's journal has no SQLite connection (TypeError)."""
        raise TypeError("a server's journal has no SQLite connection")

    @property
    def closed(self) -> bool:
        return self._pg is None

    def close(self) -> None:
        if self._pg is not None and not self.readonly:
            with contextlib.suppress(psycopg.Error):  # the tables it held are free at once
                self._pg.execute("DELETE FROM holds WHERE device = %s", (self.device_id,))
        if self._pg is not None:
            with contextlib.suppress(psycopg.Error):
                self._pg.close()
            self._pg = None

    def _pg_conn(self) -> psycopg.Connection[Any]:
        """The live connection; outside a step, a dropped one is made again first (waiting
        for a server that is restarting)."""
        if self._pg is None:
            raise psycopg.InterfaceError("the connection is closed")
        if (self._pg.broken or self._pg.closed) and not self._depth:
            self._reconnect()
        return self._pg

    @property
    def _sql(self) -> Conn:
        if self._pg is None:
            raise psycopg.InterfaceError("The journal is closed.")
        return self._wrapped

    def _reconnect(self, *, own: bool = True) -> None:
        """Connects again, waiting up to TABLELIFE_RECONNECT_SECONDS for the server (else
        this journal's `reconnect_seconds` when `own`, else WAIT_SECONDS);
        psycopg.OperationalError if it doesn't come back in time."""
        old = self._pg
        deadline = time.monotonic() + _wait_seconds(self.reconnect_seconds if own else None)
        while True:
            try:
                self._pg = connect(self.url, within=deadline - time.monotonic())
            except psycopg.OperationalError:
                if time.monotonic() >= deadline:
                    raise
                time.sleep(0.2)
                continue
            break
        self._queued = False  # a lock of the old session's is the server's to let go
        if old is not None:
            with contextlib.suppress(psycopg.Error):
                old.close()

    def now(self) -> float:
        """The server's clock (inside a step: when its transaction began)."""
        with self._read() as conn:
            row = conn.execute("SELECT extract(epoch FROM now())::float8").fetchone()
        return float(row[0])

    def check(self, *, full: bool = False) -> str | None:
        """A server checks its own files; nothing for Tablelife to check there."""
        return None

    # ----- the unit of work's hooks ---------------------------------------------------------

    def _transact(self, body: Any) -> Any:
        if self._depth:
            return super()._transact(body)
        self._attempts = 0
        try:
            return super()._transact(body)
        finally:
            self._attempts = 0
            self._step_id = None
            self._retaken = False

    def _begin(self, conn: Conn, *, writing: bool) -> None:
        """A read is one snapshot (REPEATABLE READ, READ ONLY); a write is SERIALIZABLE, and
        writes its step's id first. A connection found dropped here is made again and the
        transaction begun on it: nothing was sent yet that could have been saved."""
        self._seen_events.clear()  # what a step read is its own
        if writing:
            self._lost = False
            if self._step_id is None or self._attempts == 0:
                self._step_id = uuid.uuid4()  # one id for every try of one step
        for attempt in (1, 2):
            try:
                if not writing:
                    conn.execute("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY")
                    return
                if self._attempts > QUEUE_AFTER and not self._queued:
                    # Waited for before the transaction begins, so its snapshot is taken
                    # once it is this step's turn.
                    conn.execute("SELECT pg_advisory_lock(?)", (QUEUE_KEY,))
                    self._queued = True
                # Both in one exchange with the server (values quoted by psycopg).
                self._pg_conn().execute(
                    sql.SQL(
                        "BEGIN ISOLATION LEVEL SERIALIZABLE;"
                        " INSERT INTO steps (id, device) VALUES ({}, {})"
                    ).format(sql.Literal(self._step_id), sql.Literal(self.device))
                )
                return
            except psycopg.Error as exc:
                self._rollback(conn)
                if attempt == 2 or not self._dropped(exc):
                    raise
                self._reconnect()

    def _commit(self, conn: Conn) -> None:
        assert self._pg is not None
        step, pid = self._step_id, self._pg.info.backend_pid
        try:
            conn.execute("COMMIT")
        except psycopg.Error as exc:
            if step is None or not self._dropped(exc):
                raise
            if not self._settle(step, pid):
                self._lost = True  # surely not saved: taken again on the new connection
                raise
            self.notices.append(
                arg(
                    JournalWords.tr(
                        "The connection to the server dropped as a step was being saved; the "
                        "server has it (step %1)."
                    ),
                    step,
                )
            )
            self._verified.update(self._seen_events)
            return
        self._unqueue()
        self._verified.update(self._seen_events)  # committed: what this step saw stands
        if self._retaken:
            self.notices.append(
                JournalWords.tr(
                    "The connection to the server dropped before a step was saved; it was "
                    "taken again on a new connection, and saved."
                )
            )
        self._retaken = False

    def _settle(self, step: uuid.UUID, old_pid: int) -> bool:
        """After the connection dropped as `step` was committed: connects again and says
        whether the server has it. The old connection's session is ended first (if the server
        still runs it), so a commit still on its way can't land after the answer.
        StepUnknownError when the server can't be reached to ask."""
        try:
            # As long as a command would wait, a window too: a shorter wait here would leave
            # a step unknown that a few more seconds could have settled.
            self._reconnect(own=False)
            assert self._pg is not None
            self._pg.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE pid = %s AND pid <> pg_backend_pid()",
                (old_pid,),
            )
            deadline = time.monotonic() + _wait_seconds()
            while self._pg.execute(
                "SELECT 1 FROM pg_stat_activity WHERE pid = %s", (old_pid,)
            ).fetchone():
                if time.monotonic() >= deadline:
                    raise psycopg.OperationalError("the old session does not end")
                time.sleep(0.05)
            found = self._pg.execute("SELECT 1 FROM steps WHERE id = %s", (step,)).fetchone()
        except psycopg.Error:
            raise StepUnknownError(self._named, str(step)) from None
        return found is not None

    def _rollback(self, conn: Conn) -> None:
        pg = self._pg
        if pg is None or pg.broken or pg.closed:
            self._queued = False  # the server let go of the session's lock with it
            return
        if pg.info.transaction_status != TransactionStatus.IDLE:
            with contextlib.suppress(psycopg.Error):
                pg.execute("ROLLBACK")
        self._unqueue()

    def _unqueue(self) -> None:
        """Lets the next step that lost a race have its turn."""
        pg = self._pg
        if self._queued and pg is not None and not (pg.broken or pg.closed):
            with contextlib.suppress(psycopg.Error):
                pg.execute("SELECT pg_advisory_unlock(%s)", (QUEUE_KEY,))
        self._queued = False

    def _failed(self, conn: Conn, exc: BaseException) -> None:
        cause = exc.__cause__ if isinstance(exc, StorageError) else exc
        if isinstance(cause, psycopg.Error) and self._dropped(cause):
            self._lost = True

    def _again(self, exc: StorageError, attempt: int) -> bool:
        """A lost race is tried again (a short random pause first, so two devices don't
        collide again in step); a step whose connection dropped before it was saved is tried
        again once the server answers."""
        if isinstance(exc, StepUnknownError):
            return False
        state = _sqlstate(exc)
        self._attempts = attempt + 1
        if state in _RACES and attempt < RACE_TRIES:
            time.sleep(random.uniform(0.0, min(0.25, 0.01 * 2**attempt)))
            return True
        if self._lost and attempt < LOST_TRIES:
            self._lost = False
            try:
                self._reconnect()
            except psycopg.OperationalError:
                return False
            self._retaken = True
            return True
        return False

    def _dropped(self, exc: psycopg.Error) -> bool:
        """True when `exc` means the connection is gone (not a refusal on a live one)."""
        pg = self._pg
        return (
            pg is None
            or pg.broken
            or pg.closed
            or isinstance(exc, psycopg.InterfaceError)
            or (exc.sqlstate or "").startswith("08")
            or exc.sqlstate in _LOST
        )

    def _world(self, exc: BaseException) -> tuple[str, ...] | None:
        if not isinstance(exc, psycopg.Error):
            return None
        return server_words(exc, self._dropped(exc))

    def _refuse_if_read_only(self) -> None:
        if self.readonly:
            raise StorageError(
                arg(
                    JournalWords.tr(
                        "Tablelife could not save to the journal %1: this login may only read "
                        "it (%2). Nothing was changed."
                    ),
                    self._named,
                    VIEWER,
                )
            )

    # ----- the event's log: one truth for every device ----------------------------------------

    def log(
        self,
        tournament_id: int,
        kind: str,
        data: Mapping[str, Any] | None = None,
        *,
        when: float | None = None,
    ) -> int:
        """`Journal.log`, and a check first that the entry follows from the event's log as
        the server has it now (in this step's transaction): a device whose view of the event
        is older than another device's last step (a desk open for a while) can't write an
        entry that doesn't fit, such as a team dropped twice, which would leave an event
        that no longer replays. LogConflictError (nothing written) if it doesn't fit."""
        stamp = self.now() if when is None else float(when)
        value = {} if data is None else dict(data)

        def checked() -> int:
            event = self._event_now(tournament_id)
            try:
                event.apply(kind, value, stamp)
            except EventError as exc:
                raise LogConflictError(str(exc)) from None
            seq = Journal.log(self, tournament_id, kind, value, when=stamp)
            self._seen_events[tournament_id] = (seq, event)
            return seq

        return self.run(checked)

    def _event_now(self, tournament_id: int) -> Tournament:
        """The event as its log on the server makes it, in this step's transaction: kept
        from the step's last entry, else as this device last saw it committed, with the
        entries other devices wrote since read and applied (`log_since`, their checksums
        checked); read whole only the first time. (Read whole each step, a 1,000-team
        event's tenth round took a second and a half a result.)"""
        row = self._sql.execute(
            "SELECT COALESCE(MAX(seq), 0) FROM tournament_log WHERE tournament_id = ?",
            (tournament_id,),
        ).fetchone()
        latest = int(row[0])
        known = self._seen_events.pop(tournament_id, None)  # changed by the entry, or dropped
        if known is None and tournament_id in self._verified:
            seq, kept = self._verified[tournament_id]
            known = (seq, kept.copy())  # changed by the entry, and the step may not commit
        if known is not None and known[0] <= latest:
            seq, event = known
            try:
                for entry in self.log_since(tournament_id, seq) if seq < latest else ():
                    event.apply(entry.kind, entry.data, entry.time)
            except EventError:
                pass  # (it didn't follow: read whole, whose error says where)
            else:
                return event
        return load_event(self, tournament_id)

    def _loaded(self, tournament_id: int, event: Tournament) -> None:
        """An event read whole (`load_event`): kept for the next step's check; inside a step
        only once the step commits (what it read includes what it wrote)."""
        seen = (event.records, event.copy())
        if self._depth and self._writing:
            self._seen_events[tournament_id] = seen
        else:
            self._verified[tournament_id] = seen

    # ----- one device at a table ---------------------------------------------------------------

    shared = True

    def _next_event(self, conn: Conn, game_id: int) -> tuple[int, bytes]:
        """`Journal._next_event` in one statement, refused (HeldError, nothing written) while
        another device holds the game (`take_hold`), checked in the step's own transaction.
        The seq comes from the game's last-event row (`last_events`), not from the events'
        index: a step reading one game's events would otherwise lose races to steps at the
        other tables whose events share its index pages (the server's serializable checks
        lock the pages a range read visits)."""
        row = conn.execute(
            "SELECT g.head, l.seq, g.table_number, (SELECT h.who FROM holds h"
            " WHERE h.game_id = g.id AND h.device <> ? AND h.expires > now())"
            " FROM games g LEFT JOIN last_events l ON l.game_id = g.id WHERE g.id = ?",
            (self.device_id, game_id),
        ).fetchone()
        if row is None:
            raise UnknownGameError(game_id)
        if row[3] is not None:
            raise HeldError(row[2], _str(row[3]))
        return (0 if row[1] is None else int(row[1])) + 1, rows.stored_sum(row[0])

    def _add_event(self, conn: Conn, values: tuple[Any, ...]) -> None:
        """`Journal._add_event` in one statement (its trigger keeps `last_events` and tells
        the devices listening)."""
        conn.execute(
            "WITH added AS (INSERT INTO events (game_id, seq, time, kind, changes, checksum,"
            " after) VALUES (?, ?, ?, ?, ?, ?, ?))"
            f" UPDATE games SET {self._bump}, head = ? WHERE id = ?",
            (*values, values[5], values[0]),
        )

    def take_holds(self, game_ids: Sequence[int]) -> dict[int, str | None]:
        """Takes each game for this device when it is free (nobody's, or its hold not renewed
        for HOLD_SECONDS by the server's clock), renews it when it is already this device's:
        one statement for them all, so two devices can't both take one, and a device renewing
        its tables commits once. For each, None when this device holds it now, else who does.
        A login that may only read holds nothing (None: it changes nothing anyway)."""
        if self.readonly or not game_ids:
            return dict.fromkeys(game_ids)
        wanted = sorted(set(game_ids))  # in one order, whichever device takes them
        found: dict[int, str | None] = {}
        with self._holding() as conn:
            for attempt in range(1, 4):  # let go between its two statements: taken again
                try:
                    found.update(_take(conn, wanted, self.device_id, self.who))
                except psycopg.Error as exc:  # a deadlock with a device letting its go: again
                    if attempt == 3 or _sqlstate(exc) not in ("40001", "40P01"):
                        raise
                    continue
                wanted = [g for g in wanted if found[g] == ""]
                if not wanted:
                    break
        return {g: found[g] or None for g in game_ids}

    def let_go(self, game_id: int) -> None:
        """Lets go of the game (other devices are told: `Told` "hold")."""
        if self.readonly:
            return
        with self._holding() as conn:
            conn.execute(
                "DELETE FROM holds WHERE game_id = ? AND device = ?", (game_id, self.device_id)
            )

    def holders(self, tournament_id: int) -> dict[int, str]:
        """The event's games other devices hold now (by the server's clock), and who."""
        with self._read() as conn:
            found = conn.execute(
                "SELECT h.game_id, h.who FROM holds h JOIN games g ON g.id = h.game_id"
                " WHERE g.tournament_id = ? AND h.device <> ? AND h.expires > now()",
                (tournament_id, self.device_id),
            ).fetchall()
        return {int(r[0]): _str(r[1]) for r in found}

    @contextlib.contextmanager
    def _holding(self) -> Iterator[Conn]:
        """A hold's statements, each its own transaction (a hold is not a step: it writes no
        step id, and is renewed every few seconds); what the world causes in words."""
        try:
            yield self._sql
        except psycopg.Error as exc:
            known = self._known(exc, writing=True)
            if known is exc:
                raise
            raise known from None

    # ----- being told of changes ---------------------------------------------------------------

    def events_since_many(self, wanted: Mapping[int, int]) -> dict[int, list[EventRow]]:
        """`Journal.events_since_many` in one statement: what a watcher told of steps at
        several tables at once reads."""
        if len(wanted) == 1:  # the usual case: its own statement, with no arrays to send
            return Journal.events_since_many(self, wanted)
        games = sorted(wanted)
        with self._read() as conn:
            raw = conn.execute(
                "SELECT e.game_id, e.seq, e.time, e.kind, e.changes, e.checksum FROM events e"
                " JOIN unnest(?::bigint[], ?::bigint[]) AS w (game_id, seq)"
                " ON e.game_id = w.game_id AND e.seq >= w.seq ORDER BY e.game_id, e.seq",
                (games, [max(1, wanted[g]) for g in games]),
            ).fetchall()
        found: dict[int, list[Any]] = {g: [] for g in games}
        for row in raw:
            found[int(row[0])].append(row[1:])
        return {g: self._linked(g, wanted[g], found[g] if wanted[g] else []) for g in games}

    def listen(self, *, reading: bool = False) -> ServerListener:
        """A connection of its own, listening for the server's notices
        (`tablelife.store.live`); with `reading`, this journal's own connection (a reader
        that takes no steps, such as `event watch`, then reads what a notice names on the
        server process that has just told it). StorageError, in words, if the server can't
        be reached."""
        try:
            return ServerListener(self.url, self._pg_conn() if reading else None)
        except psycopg.Error as exc:
            raise StorageError(_cant_reach(where(self.url), exc)) from None

    def staff_sessions(self) -> frozenset[int]:
        """The sessions on this database of logins in the staff role (a superuser's too),
        by their process ids, as the server says now."""
        with self._read() as conn:
            found = conn.execute(
                "SELECT pid FROM pg_stat_activity WHERE datname = current_database()"
                f" AND pg_has_role(usesysid, '{server_schema.STAFF}', 'MEMBER')"
            ).fetchall()
        return frozenset(int(r[0]) for r in found)

    # ----- steps ------------------------------------------------------------------------------

    def step_saved(self, step: str) -> bool:
        """Whether the server has the step with this id (a `StepUnknownError`'s)."""
        with self._read() as conn:
            return conn.execute("SELECT 1 FROM steps WHERE id = ?", (step,)).fetchone() is not None


def _take(conn: Conn, games: list[int], device: uuid.UUID, who: str) -> dict[int, str | None]:
    """Takes or renews holds (`ServerJournal.take_holds`), all in one statement: for each
    game, None if `device` holds it now, else who does ("" if nobody: it was let go between
    the two statements)."""
    taken = conn.execute(
        "INSERT INTO holds (game_id, device, who, expires)"
        " SELECT g, ?, ?, now() + make_interval(secs => ?) FROM unnest(?::bigint[]) AS g"
        " ON CONFLICT (game_id) DO UPDATE SET device = EXCLUDED.device,"
        " who = EXCLUDED.who, expires = EXCLUDED.expires"
        " WHERE holds.device = EXCLUDED.device OR holds.expires <= now()"
        " RETURNING game_id",
        (device, who, float(HOLD_SECONDS), games),
    ).fetchall()
    found: dict[int, str | None] = dict.fromkeys((int(r[0]) for r in taken), None)
    others = [g for g in games if g not in found]
    if others:
        held = conn.execute(
            "SELECT game_id, who FROM holds WHERE game_id = ANY(?::bigint[])", (others,)
        ).fetchall()
        by_game = {int(r[0]): _str(r[1]) for r in held}
        found.update({g: by_game.get(g, "") for g in others})
    return found


class ServerListener:
    """The server's notices (`tablelife.store.live.Listener`): on a connection of its own that
    does nothing but LISTEN, so a step's transaction never holds them up; or, given one, on a
    journal's own (what a reader that takes no steps reads with)."""

    def __init__(self, url: str, conn: psycopg.Connection[Any] | None = None) -> None:
        self.url = url
        self._own = conn is None
        self._conn: psycopg.Connection[Any] | None = connect(url) if conn is None else conn
        try:
            self._conn.execute(f"LISTEN {server_schema.CHANNEL}")
        except BaseException:
            self.close()
            raise

    def fileno(self) -> int:
        """The connection's socket: readable when the server has told something (or has
        gone away)."""
        if self._conn is None:
            raise StorageError(JournalWords.tr("The connection to the server is closed."))
        return self._conn.fileno()

    def drain(self) -> list[Told]:
        """What the server told since the last call, without waiting. StorageError, in words,
        once the connection is lost (it is closed then)."""
        conn = self._conn
        if conn is None:
            raise StorageError(JournalWords.tr("The connection to the server is closed."))
        try:
            if conn.closed or conn.broken:  # a journal's connection, made again since
                raise psycopg.OperationalError("the connection was closed")
            notices = list(conn.notifies(timeout=0))  # (those received meanwhile first)
        except psycopg.Error as exc:
            self.close()
            raise StorageError(
                arg(
                    JournalWords.tr("Tablelife lost the server %1: %2."),
                    where(self.url),
                    _first_line(exc),
                )
            ) from None
        return [t for t in (told_from(n.payload, n.pid) for n in notices) if t is not None]

    def close(self) -> None:
        """Stops listening (its own connection closes)."""
        conn, self._conn = self._conn, None
        if conn is not None:
            with contextlib.suppress(psycopg.Error):
                if self._own:
                    conn.close()
                elif not (conn.closed or conn.broken):
                    conn.execute(f"UNLISTEN {server_schema.CHANNEL}")


def server_words(exc: psycopg.Error, dropped: bool) -> tuple[str, ...] | None:
    """What a server's error means and what a person can do; None for a bug."""
    state = exc.sqlstate or ""
    if dropped or (isinstance(exc, psycopg.OperationalError) and not state):
        return (
            arg(JournalWords.tr("the connection to the server was lost (%1)"), _first_line(exc)),
            JournalWords.tr("Check the network and that the server is running, then try again."),
        )
    if state in _RACES:
        return (
            JournalWords.tr(
                "other devices kept changing the same thing at the same moment, and trying "
                "again did not get through"
            ),
            JournalWords.tr("Try again."),
        )
    words = {
        "42501": (
            JournalWords.tr("the server does not allow this login to do that"),
            arg(
                JournalWords.tr("A login that takes steps needs the role %1; %2 may only read."),
                STAFF,
                VIEWER,
            ),
        ),
        "25006": (
            JournalWords.tr("the server takes no writes now (a standby, or set read-only)"),
            JournalWords.tr("Point Tablelife at the server that takes writes."),
        ),
        "53100": (
            JournalWords.tr("the server's disk is full"),
            JournalWords.tr("Free some space on the server, then try again."),
        ),
        "53200": (
            JournalWords.tr("the server is out of memory"),
            JournalWords.tr("Try again in a moment."),
        ),
        "53300": (
            JournalWords.tr("the server has no room for another connection"),
            JournalWords.tr("Close a device, or raise the server's max_connections."),
        ),
        "57014": (
            JournalWords.tr("the server cancelled it"),
            JournalWords.tr("Try again."),
        ),
        "42P01": (
            JournalWords.tr("the server has no Tablelife journal"),
            JournalWords.tr("Run tablelife server init first."),
        ),
        "22021": (
            JournalWords.tr("a name holds a character the server can't store"),
            JournalWords.tr("Type it again without it."),
        ),
        "22P05": (
            JournalWords.tr("a name holds a character the server can't store"),
            JournalWords.tr("Type it again without it."),
        ),
    }
    if state in words:
        return words[state]
    if state.startswith(("08", "57P")):
        return (
            arg(JournalWords.tr("the connection to the server was lost (%1)"), _first_line(exc)),
            JournalWords.tr("Check the network and that the server is running, then try again."),
        )
    return None


def _first_line(exc: BaseException) -> str:
    """An error's first line (libpq's words: "connection refused", "password
    authentication failed"...), without libpq's own "connection failed:" preamble."""
    text = (str(exc).strip().splitlines() or [""])[0]
    return text.removeprefix("connection failed: ").strip() or type(exc).__name__


def _wait_seconds(own: float | None = None) -> float:
    """How long to wait for a server that went away: TABLELIFE_RECONNECT_SECONDS when it is
    set, else `own` (a journal's: a window's is shorter), else WAIT_SECONDS."""
    raw = os.environ.get(WAIT_ENV, "")
    try:
        if raw:
            return max(0.0, float(raw))
    except ValueError:
        pass
    return WAIT_SECONDS if own is None else own


# ----- opening ------------------------------------------------------------------------------


def open_server(url: str, *, readonly: bool = False) -> Opened:
    """Opens the journal on the server `url` names (a libpq connection string or a
    `postgresql://` URL). Never raises for anything a person can cause; as `open_journal`:

    - all is well: the journal (read-only when the login may only read, with a message);
    - the server can't be reached, refuses the login, has no Tablelife journal, or one of
      another schema version: journal None, and the message says why and what to do
      (`tablelife server init`, update Tablelife). Nothing is written to it either way.
    """
    shown = where(url)
    deadline = time.monotonic() + _wait_seconds()
    while True:
        try:
            conn = connect(url)
        except psycopg.Error as exc:
            # Starting up or shutting down (a restart): it answers again in a moment.
            if _restarting(exc) and time.monotonic() < deadline:
                time.sleep(0.2)
                continue
            return Opened(None, _cant_reach(shown, exc))
        try:
            version, writable = _inspect(conn)
            break
        except ServerRefusedError as exc:
            conn.close()
            return Opened(None, str(exc))
        except psycopg.Error as exc:
            conn.close()
            dropped = conn.broken or conn.closed
            if dropped and time.monotonic() < deadline:
                continue  # it went away while being asked: nothing was written; ask again
            words = server_words(exc, dropped)
            if words is None:
                raise
            return Opened(
                None,
                arg(JournalWords.tr("Tablelife can't use the server %1: %2."), shown, words[0]),
            )
    journal = ServerJournal(url, conn, version, readonly=readonly or not writable)
    message = None
    if not writable and not readonly:
        message = arg(
            JournalWords.tr(
                "This login may only read the journal on the server %1 (%2): nothing can be "
                "changed from here."
            ),
            shown,
            VIEWER,
        )
    return Opened(journal, message)


def _restarting(exc: psycopg.Error) -> bool:
    """The server is starting up or shutting down (libpq gives no SQLSTATE for it when
    connecting: its English words, as servers say them by default)."""
    text = str(exc)
    return exc.sqlstate == "57P03" or "starting up" in text or "shutting down" in text


def _cant_reach(shown: str, exc: psycopg.Error) -> str:
    return arg(JournalWords.tr("Tablelife can't reach the server %1: %2."), shown, _first_line(exc))


def _inspect(conn: psycopg.Connection[Any]) -> tuple[int, bool]:
    """The server journal's schema version and whether this login may write it;
    ServerRefusedError if there is none, or one this Tablelife can't use."""
    shown = where_of(conn)
    row = conn.execute(
        "SELECT has_schema_privilege(n.oid, 'USAGE') FROM pg_namespace n WHERE nspname = %s",
        (SCHEMA,),
    ).fetchone()
    if row is None or (
        row[0] and _one(conn, "SELECT to_regclass(%s) IS NULL", (f"{SCHEMA}.schema_version",))
    ):
        raise ServerRefusedError(
            arg(
                JournalWords.tr(
                    "The server %1 has no Tablelife journal yet: run tablelife server init "
                    "(as the database's owner) first."
                ),
                shown,
            )
        )
    if not row[0]:
        raise ServerRefusedError(
            arg(
                JournalWords.tr(
                    "The login %1 may not use the journal on the server %2: grant it %3 "
                    "(to take steps) or %4 (to read)."
                ),
                conn.info.user,
                shown,
                STAFF,
                VIEWER,
            )
        )
    found = conn.execute(f"SELECT version FROM {SCHEMA}.schema_version").fetchone()
    version = 0 if found is None else int(found[0])
    if version > schema.SCHEMA_VERSION:
        raise ServerRefusedError(newer_words(shown, version))
    if version < schema.SCHEMA_VERSION:
        raise ServerRefusedError(
            arg(
                JournalWords.tr(
                    "The journal on the server %1 is of an older Tablelife (journal version "
                    "%2; this one writes %3): run tablelife server init to bring it up to date."
                ),
                shown,
                version,
                schema.SCHEMA_VERSION,
            )
        )
    _check_columns(conn, shown)
    writable = _one(
        conn,
        "SELECT has_table_privilege(%s, 'INSERT') AND NOT pg_is_in_recovery()",
        (f"{SCHEMA}.tournament_log",),
    )
    return version, bool(writable)


def newer_words(shown: str, version: int) -> str:
    """The journal on a server is newer than this Tablelife."""
    return arg(
        JournalWords.tr(
            "The journal on the server %1 was written by a newer Tablelife (journal version %2; "
            "this one knows up to %3). It was left untouched: update Tablelife to use it."
        ),
        shown,
        version,
        schema.SCHEMA_VERSION,
    )


def _check_columns(conn: psycopg.Connection[Any], shown: str) -> None:
    """ServerRefusedError unless every table of the journal has exactly its columns."""
    found: dict[str, list[str]] = {}
    for table, column in conn.execute(
        "SELECT table_name, column_name FROM information_schema.columns"
        " WHERE table_schema = %s ORDER BY table_name, ordinal_position",
        (SCHEMA,),
    ):
        found.setdefault(_str(table), []).append(_str(column))
    for table, names in server_schema.columns().items():
        if tuple(found.get(table, ())) != names:
            raise ServerRefusedError(
                arg(
                    JournalWords.tr(
                        "The journal on the server %1 is not Tablelife's: its table %2 is "
                        "missing or changed."
                    ),
                    shown,
                    table,
                )
            )


def _one(conn: psycopg.Connection[Any], sql: str, params: Sequence[Any] = ()) -> Any:
    """The first value of the first row a query returns (it returns one)."""
    row = conn.execute(sql, params).fetchone()
    assert row is not None
    return row[0]


def _str(value: object) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


def where_of(conn: psycopg.Connection[Any]) -> str:
    """The server a connection is to, as a person names it."""
    info = conn.info
    return f"{info.host}:{info.port}/{info.dbname}"


@contextlib.contextmanager
def _admin(url: str) -> Iterator[psycopg.Connection[Any]]:
    try:
        conn = connect(url)
    except psycopg.Error as exc:
        raise StorageError(_cant_reach(where(url), exc)) from None
    try:
        yield conn
    finally:
        conn.close()


# ----- server init ----------------------------------------------------------------------------


def init_server(url: str) -> list[str]:
    """Creates the journal on a server, or brings it up to this Tablelife's schema, with the
    roles tablelife_staff and tablelife_viewer and their privileges: ONE transaction, so
    all of it or nothing. Safe to run again (it then only checks the privileges). Returns
    what it did, in words, one line each.

    ServerRefusedError (nothing written) when the login lacks a right it needs (CREATEROLE
    for roles not there yet, CREATE in the database), the server's journal is newer than
    this Tablelife, or the database is not UTF-8; StorageError when the server can't be
    reached or fails."""
    with _admin(url) as conn:
        shown = where_of(conn)
        try:
            return _init(conn, shown)
        except psycopg.Error as exc:
            with contextlib.suppress(psycopg.Error):
                conn.execute("ROLLBACK")
            words = server_words(exc, conn.broken or conn.closed)
            if words is None:
                raise
            raise StorageError(
                arg(JournalWords.tr("The server %1 could not be set up: %2."), shown, words[0])
                + " "
                + JournalWords.tr("Nothing was changed.")
            ) from None


def _init(conn: psycopg.Connection[Any], shown: str) -> list[str]:
    encoding = _str(_one(conn, "SHOW server_encoding"))
    if encoding.upper() not in ("UTF8", "UTF-8"):
        raise ServerRefusedError(
            arg(
                JournalWords.tr(
                    "The database %1 holds text as %2: Tablelife needs a UTF8 database "
                    "(createdb -E UTF8 -T template0 NAME). Nothing was changed."
                ),
                shown,
                encoding,
            )
        )
    said: list[str] = []
    conn.execute("BEGIN")
    try:
        # Two inits at once take turns: the second finds what the first made.
        conn.execute("SELECT pg_advisory_xact_lock(hashtext('tablelife server init'))")
        login = conn.info.user
        privileges = conn.execute(
            "SELECT rolsuper OR rolcreaterole FROM pg_roles WHERE rolname = current_user"
        ).fetchone()
        createrole = privileges is not None and privileges[0]
        have = {
            _str(r[0])
            for r in conn.execute(
                "SELECT rolname FROM pg_roles WHERE rolname = ANY(%s)", ([STAFF, VIEWER],)
            )
        }
        missing = [r for r in (STAFF, VIEWER) if r not in have]
        if missing and not createrole:
            raise ServerRefusedError(
                arg(
                    JournalWords.tr(
                        "The login %1 lacks CREATEROLE, so it can't create the roles %2 on the "
                        "server %3. Nothing was changed. Run tablelife server init as a login "
                        "that has it (such as postgres), or have one run: %4"
                    ),
                    login,
                    " and ".join(missing),
                    shown,
                    " ".join(f"CREATE ROLE {r} NOLOGIN;" for r in missing),
                )
            )
        can_create = _one(conn, "SELECT has_database_privilege(current_database(), 'CREATE')")
        exists = conn.execute("SELECT 1 FROM pg_namespace WHERE nspname = %s", (SCHEMA,))
        if exists.fetchone() is None and not can_create:
            raise ServerRefusedError(
                arg(
                    JournalWords.tr(
                        "The login %1 may not create the schema %2 in the database %3: run "
                        "tablelife server init as the database's owner. Nothing was changed."
                    ),
                    login,
                    SCHEMA,
                    shown,
                )
            )
        for role in missing:
            conn.execute(f"CREATE ROLE {role} NOLOGIN")
            said.append(arg(JournalWords.tr("Created the role %1."), role))
        said += _migrate(conn, shown)
        for statement in server_schema.LIVE:
            conn.execute(statement)
        for statement in server_schema.grants():
            conn.execute(statement)
        conn.execute("COMMIT")
    except BaseException:
        with contextlib.suppress(psycopg.Error):
            conn.execute("ROLLBACK")
        raise
    said.append(
        arg(
            JournalWords.tr(
                "%1 may take every step and %2 may only read: give a login one of them with "
                "GRANT %1 TO login; (logins and their passwords are the server's, never "
                "Tablelife's)."
            ),
            STAFF,
            VIEWER,
        )
    )
    return said


def _migrate(conn: psycopg.Connection[Any], shown: str) -> list[str]:
    """Creates the journal's schema, or takes it to SCHEMA_VERSION; what it did."""
    conn.execute(f"CREATE SCHEMA IF NOT EXISTS {SCHEMA}")
    if _one(conn, "SELECT to_regclass(%s)", (f"{SCHEMA}.schema_version",)) is None:
        others = _one(
            conn,
            "SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
            " WHERE n.nspname = %s",
            (SCHEMA,),
        )
        if others:
            raise ServerRefusedError(
                arg(
                    JournalWords.tr(
                        "The schema %1 on the server %2 holds tables that are not Tablelife's: "
                        "nothing was changed."
                    ),
                    SCHEMA,
                    shown,
                )
            )
        for statement in server_schema.CREATE:
            conn.execute(statement)
        conn.execute(
            f"INSERT INTO {SCHEMA}.schema_version (version) VALUES (%s)", (server_schema.BASELINE,)
        )
        version = server_schema.BASELINE
        made = True
    else:
        version = int(_one(conn, f"SELECT version FROM {SCHEMA}.schema_version FOR UPDATE"))
        made = False
    if version > schema.SCHEMA_VERSION:
        raise ServerRefusedError(newer_words(shown, version))
    if version < server_schema.BASELINE:
        raise ServerRefusedError(
            arg(
                JournalWords.tr(
                    "The journal on the server %1 has a schema version (%2) no Tablelife "
                    "wrote: nothing was changed."
                ),
                shown,
                version,
            )
        )
    start = version
    while version < schema.SCHEMA_VERSION:
        for statement in server_schema.LATER[version - server_schema.BASELINE]:
            conn.execute(statement)
        version += 1
    conn.execute(f"UPDATE {SCHEMA}.schema_version SET version = %s", (version,))
    if made:
        return [
            arg(JournalWords.tr("Created the journal on %1 (journal version %2)."), shown, version)
        ]
    if version != start:
        return [
            arg(
                JournalWords.tr("Brought the journal on %1 from journal version %2 to %3."),
                shown,
                start,
                version,
            )
        ]
    return [
        arg(
            JournalWords.tr("The journal on %1 is up to date (journal version %2)."), shown, version
        )
    ]
