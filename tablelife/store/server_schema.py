"""The journal's schema on a PostgreSQL server: the same tables and columns as a data folder's
SQLite file (`tablelife.store.schema`), at the same schema version, in PostgreSQL's types, in
a schema of their own (`tablelife`), with what several devices need besides: the step ids
(`steps`), a sequence for the order of play, and the two roles' privileges.

`tablelife server init` runs it (`tablelife.store.server.init_server`); a device never changes
the schema, so staff logins need no right to. Qt-free, and plain text: importing it needs no
psycopg.

The server's journal starts at `BASELINE` (the version SQLite's migrations had reached when
servers came in), made in one go; `LATER[i]` takes it from `BASELINE + i` to the next. A new
SQLite migration needs its server twin here: `tests/server/test_schema.py` fails until it has
one (SCHEMA_VERSION is shared: a journal's version means the same tables on both).
"""

from __future__ import annotations

from tablelife.store import rows

SCHEMA = "tablelife"
"""The PostgreSQL schema (namespace) the journal's tables live in."""
STAFF = "tablelife_staff"
"""The group role that may take every step."""
VIEWER = "tablelife_viewer"
"""The group role that may only read (the scoreboard, a judge's laptop)."""

BASELINE = 5
CHANNEL = "tablelife"
"""The channel each log entry is told on, as "event:seq" (LISTEN tablelife)."""
NOTICE_ROOM = 7900
"""A notice's payload is at most this many bytes (PostgreSQL takes under 8,000)."""

_APPEND_ONLY = f"""
CREATE FUNCTION {SCHEMA}.append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'the journal is append-only' USING ERRCODE = 'restrict_violation';
END
$$
"""

CREATE: tuple[str, ...] = (
    f"""
    CREATE TABLE {SCHEMA}.schema_version (
        version integer NOT NULL  -- one row: the schema version, as SQLite's user_version
    )
    """,
    f"""
    CREATE TABLE {SCHEMA}.tournaments (
        id           bigint           PRIMARY KEY,
        name         text             NOT NULL,
        settings     text             NOT NULL,  -- JSON object
        created      double precision NOT NULL,  -- Unix seconds, the server's clock
        finished     double precision,
        checksum     text             NOT NULL,
        head         text             NOT NULL,
        end_checksum text             NOT NULL
    )
    """,
    f"""
    CREATE TABLE {SCHEMA}.tournament_log (
        tournament_id bigint           NOT NULL REFERENCES {SCHEMA}.tournaments (id),
        seq           bigint           NOT NULL CHECK (seq >= 1),
        time          double precision NOT NULL,
        kind          text             NOT NULL,
        data          text             NOT NULL,  -- JSON object
        checksum      text             NOT NULL,
        PRIMARY KEY (tournament_id, seq)
    )
    """,
    f"""
    CREATE TABLE {SCHEMA}.games (
        id            bigint           PRIMARY KEY,
        variant       text             NOT NULL,
        names         text             NOT NULL,
        team_names    text             NOT NULL,
        starting      bigint           NOT NULL,
        house_rules   integer          NOT NULL CHECK (house_rules IN (0, 1)),
        preset        text,
        started       double precision NOT NULL,
        ended         double precision,
        result        text,
        imported      integer          NOT NULL DEFAULT 0 CHECK (imported IN (0, 1)),
        tournament_id bigint           REFERENCES {SCHEMA}.tournaments (id),
        round         bigint           CHECK (round >= 1),
        table_number  bigint           CHECK (table_number >= 1),
        played        bigint           NOT NULL DEFAULT 0,
        checksum      text             NOT NULL DEFAULT '',
        head          text             NOT NULL DEFAULT '',
        end_checksum  text             NOT NULL DEFAULT ''
    )
    """,
    f"CREATE INDEX games_by_tournament ON {SCHEMA}.games (tournament_id, round, table_number)",
    f"CREATE SEQUENCE {SCHEMA}.played AS bigint",  # the order of play, raised by every event
    f"""
    CREATE TABLE {SCHEMA}.events (
        game_id  bigint           NOT NULL REFERENCES {SCHEMA}.games (id),
        seq      bigint           NOT NULL CHECK (seq >= 1),
        time     double precision NOT NULL,
        kind     text             NOT NULL CHECK (kind IN ('apply', 'undo', 'redo')),
        changes  text             NOT NULL,  -- JSON list
        checksum text             NOT NULL DEFAULT '',
        after    text,
        PRIMARY KEY (game_id, seq)
    )
    """,
    f"""
    CREATE TABLE {SCHEMA}.partner_marks (
        game_id bigint  NOT NULL REFERENCES {SCHEMA}.games (id),
        player  integer NOT NULL CHECK (player >= 0),
        PRIMARY KEY (game_id, player)
    )
    """,
    # Every step a device took, by the id it made for it, written in the step's transaction:
    # after a lost connection, the device asks whether its step is here (it happened) or not.
    f"""
    CREATE TABLE {SCHEMA}.steps (
        id     uuid        PRIMARY KEY,
        at     timestamptz NOT NULL DEFAULT now(),
        login  text        NOT NULL DEFAULT current_user,
        device text        NOT NULL DEFAULT ''
    )
    """,
    _APPEND_ONLY,
    # Each log entry, once its step commits, is told to every device listening (LISTEN
    # tablelife): "event:seq". A device then reads what it hasn't seen from the log.
    f"""
    CREATE FUNCTION {SCHEMA}.tell() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        PERFORM pg_notify('{CHANNEL}', NEW.tournament_id || ':' || NEW.seq);
        RETURN NULL;
    END
    $$
    """,
    f"CREATE TRIGGER tournament_log_tell AFTER INSERT ON {SCHEMA}.tournament_log"
    f" FOR EACH ROW EXECUTE FUNCTION {SCHEMA}.tell()",
    *(
        f"CREATE TRIGGER {table}_append_only BEFORE {what} ON {SCHEMA}.{table}"
        f" FOR EACH ROW EXECUTE FUNCTION {SCHEMA}.append_only()"
        for table, what in (
            ("events", "UPDATE OR DELETE"),
            ("tournament_log", "UPDATE OR DELETE"),
            ("tournaments", "DELETE"),
            ("steps", "UPDATE OR DELETE"),
        )
    ),
)
"""Makes the journal at `BASELINE` in an empty `tablelife` schema."""


def _trigger(name: str, table: str, when: str, function: str, condition: str = "") -> str:
    """Makes a trigger unless it is there (so `LIVE` can run again)."""
    return f"""
    DO $$ BEGIN
        IF NOT EXISTS (
            SELECT 1 FROM pg_trigger WHERE tgname = '{name}'
            AND tgrelid = '{SCHEMA}.{table}'::regclass
        ) THEN
            CREATE TRIGGER {name} {when} ON {SCHEMA}.{table}
            FOR EACH ROW {condition} EXECUTE FUNCTION {SCHEMA}.{function}();
        END IF;
    END $$
    """


LIVE: tuple[str, ...] = (
    # Steps at different tables must not read what the others write (a serializable step
    # that did would lose races to them: PostgreSQL's manual, "Serializable Isolation
    # Level"). Each game event moves its game's order of play and head: with no index on
    # either, and room left in each page, that is a heap-only update, which adds nothing to
    # the games' indexes that every step reads its game by. (A data folder's journal keeps
    # its index on the order of play, for the kitchen's start.)
    f"DROP INDEX IF EXISTS {SCHEMA}.games_by_played",
    f"ALTER TABLE {SCHEMA}.games SET (fillfactor = 50)",
    # Which device plays a tracked table's game now (`tablelife.store.live`): a row while one
    # does, renewed every few seconds; past `expires` (the server's clock) it is free.
    f"""
    CREATE TABLE IF NOT EXISTS {SCHEMA}.holds (
        game_id bigint      PRIMARY KEY REFERENCES {SCHEMA}.games (id),
        device  uuid        NOT NULL,  -- the device's own id, made when it connected
        who     text        NOT NULL,  -- the login and the computer, as people read them
        expires timestamptz NOT NULL
    ) WITH (fillfactor = 50)
    """,
    # Each game's last event's seq, kept by the trigger below: a step reads it by the game's
    # id rather than the last of the game's events in their index, so steps at different
    # tables never share what they read (`ServerJournal._next_event`).
    f"""
    CREATE TABLE IF NOT EXISTS {SCHEMA}.last_events (
        game_id bigint PRIMARY KEY REFERENCES {SCHEMA}.games (id),
        seq     bigint NOT NULL
    ) WITH (fillfactor = 50)
    """,
    f"""
    INSERT INTO {SCHEMA}.last_events (game_id, seq)
    SELECT g.id, (SELECT COALESCE(MAX(e.seq), 0) FROM {SCHEMA}.events e WHERE e.game_id = g.id)
    FROM {SCHEMA}.games g
    ON CONFLICT (game_id) DO UPDATE SET seq = EXCLUDED.seq
    """,
    # Made with its game (its first event then only updates it, adding nothing to the index
    # that every step reads).
    f"""
    CREATE OR REPLACE FUNCTION {SCHEMA}.game_made() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        INSERT INTO {SCHEMA}.last_events (game_id, seq) VALUES (NEW.id, 0)
        ON CONFLICT (game_id) DO NOTHING;
        RETURN NULL;
    END
    $$
    """,
    _trigger("games_made", "games", "AFTER INSERT", "game_made"),
    # A game event: its game's last seq; and, for a tracked table's game, once its step
    # commits, the devices listening are told: "game:event:table:game:seq"; then, when it fits
    # in a notice (under 8,000 bytes), the event itself as stored:
    # "game+:event:table:game:seq:time:kind:checksum:changes" (`tablelife.store.live`). The
    # first for every Tablelife (an older one drops a notice it can't read), the second for
    # `event watch`. The time is written exactly (17 digits where PostgreSQL 11 would give 15).
    f"""
    CREATE OR REPLACE FUNCTION {SCHEMA}.tell_game() RETURNS trigger LANGUAGE plpgsql
    SET extra_float_digits = 3 AS $$
    DECLARE
        placed record;
        told text;
        whole text;
    BEGIN
        INSERT INTO {SCHEMA}.last_events (game_id, seq) VALUES (NEW.game_id, NEW.seq)
        ON CONFLICT (game_id) DO UPDATE SET seq = GREATEST(last_events.seq, EXCLUDED.seq);
        SELECT tournament_id, table_number INTO placed FROM {SCHEMA}.games WHERE id = NEW.game_id;
        IF placed.tournament_id IS NOT NULL THEN
            told := placed.tournament_id || ':' || placed.table_number || ':' || NEW.game_id
                || ':' || NEW.seq;
            PERFORM pg_notify('{CHANNEL}', 'game:' || told);
            whole := 'game+:' || told || ':' || NEW.time::text || ':' || NEW.kind || ':'
                || NEW.checksum || ':' || NEW.changes;
            IF whole IS NOT NULL AND octet_length(whole) < {NOTICE_ROOM} THEN
                PERFORM pg_notify('{CHANNEL}', whole);
            END IF;
        END IF;
        RETURN NULL;
    END
    $$
    """,
    _trigger("events_tell", "events", "AFTER INSERT", "tell_game"),
    # A table's game held by another device, or let go: "hold:event:game" (not a renewal).
    f"""
    CREATE OR REPLACE FUNCTION {SCHEMA}.tell_hold() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
        held bigint := CASE WHEN TG_OP = 'DELETE' THEN OLD.game_id ELSE NEW.game_id END;
        event bigint;
    BEGIN
        SELECT tournament_id INTO event FROM {SCHEMA}.games WHERE id = held;
        IF event IS NOT NULL THEN
            PERFORM pg_notify('{CHANNEL}', 'hold:' || event || ':' || held);
        END IF;
        RETURN NULL;
    END
    $$
    """,
    _trigger("holds_tell", "holds", "AFTER INSERT OR DELETE", "tell_hold"),
    _trigger(
        "holds_tell_moved",
        "holds",
        "AFTER UPDATE OF device",
        "tell_hold",
        "WHEN (OLD.device IS DISTINCT FROM NEW.device)",
    ),
)
"""What several devices need beside the journal's tables: the holds and the notices of game
events and holds. Made, or made again as they are now, by every `server init` (each statement
can run again), so a journal made before them gets them too."""

LATER: tuple[tuple[str, ...], ...] = ()
"""`LATER[i]` takes a server's journal from version BASELINE + i to BASELINE + i + 1."""

TABLES = (
    "tournaments",
    "tournament_log",
    "games",
    "events",
    "partner_marks",
    "steps",
    "holds",
    "last_events",
)

# What each role may do to each table (and the sequence): granted by every `server init`,
# so a table added later gets its privileges from the same list.
PRIVILEGES: dict[str, dict[str, str]] = {
    STAFF: {
        "schema_version": "SELECT",
        "tournaments": "SELECT, INSERT, UPDATE",
        "tournament_log": "SELECT, INSERT",
        "games": "SELECT, INSERT, UPDATE",
        "events": "SELECT, INSERT",
        "partner_marks": "SELECT, INSERT, DELETE",
        "steps": "SELECT, INSERT",
        "holds": "SELECT, INSERT, UPDATE, DELETE",  # staff only: a viewer holds nothing
        "last_events": "SELECT, INSERT, UPDATE",
    },
    VIEWER: {table: "SELECT" for table in ("schema_version", *TABLES)},
}
SEQUENCES = {STAFF: "USAGE, SELECT", VIEWER: "SELECT"}


def grants() -> list[str]:
    """The statements that give the two roles what they may do, and nothing more."""
    out = [f"GRANT USAGE ON SCHEMA {SCHEMA} TO {STAFF}, {VIEWER}"]
    for role, tables in PRIVILEGES.items():
        out.append(f"REVOKE ALL ON ALL TABLES IN SCHEMA {SCHEMA} FROM {role}")
        out += [f"GRANT {what} ON {SCHEMA}.{table} TO {role}" for table, what in tables.items()]
        out.append(f"GRANT {SEQUENCES[role]} ON SEQUENCE {SCHEMA}.played TO {role}")
    out.append(f"REVOKE ALL ON SCHEMA {SCHEMA} FROM PUBLIC")
    return out


def columns() -> dict[str, tuple[str, ...]]:
    """The columns each table has, in order: SQLite's journal's, and the server's own."""
    from tablelife.store import schema

    have = dict(schema.columns(schema.SCHEMA_VERSION))
    have["steps"] = ("id", "at", "login", "device")
    have["holds"] = ("game_id", "device", "who", "expires")
    have["last_events"] = ("game_id", "seq")
    have["schema_version"] = ("version",)
    assert have["games"] == rows.GAME_COLUMNS  # the decoders read them in this order
    return have
