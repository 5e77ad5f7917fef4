"""`tablelife server init`: the schema and the two roles, made once and checked after;
refused in words (nothing changed) for a login that lacks CREATEROLE or CREATE, a newer or
foreign journal, a database that is not UTF-8; and a Tablelife older than the server's
journal refuses to use it."""

from __future__ import annotations

from collections.abc import Iterator

import psycopg
import pytest

from tablelife.main import main
from tablelife.store import schema
from tablelife.store import server_schema as twin
from tablelife.store.server import open_server
from tests.pgserver import Server
from tests.server.conftest import Database


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def _version(db: Database) -> int:
    with psycopg.connect(db.admin) as conn:
        row = conn.execute("SELECT version FROM tablelife.schema_version").fetchone()
        assert row is not None
        return int(row[0])


def test_every_sqlite_migration_has_its_server_twin() -> None:
    """SCHEMA_VERSION is shared: a journal of a version has the same tables on both."""
    assert twin.BASELINE + len(twin.LATER) == schema.SCHEMA_VERSION
    columns = twin.columns()
    for table in schema.COLUMNS:
        assert columns[table] == schema.COLUMNS[table]


def test_server_init_twice(empty_db: Database, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["server", "init", empty_db.admin], capsys)
    assert (code, err) == (0, "")
    assert "Created the journal on" in out and f"(journal version {schema.SCHEMA_VERSION})" in out
    assert "tablelife_staff may take every step and tablelife_viewer may only read" in out
    code, out, err = run(["server", "init", empty_db.admin], capsys)
    assert (code, err) == (0, "")
    assert "is up to date" in out and "Created" not in out
    opened = open_server(empty_db.url("desk"))
    assert opened.journal is not None and opened.saving
    opened.journal.close()


@pytest.fixture
def roles_gone(pg: Server) -> Iterator[None]:
    """The two roles out of the way for a moment (renamed: their grants stay with them)."""
    with psycopg.connect(pg.url(), autocommit=True) as admin:
        for role in ("tablelife_staff", "tablelife_viewer"):
            admin.execute(f"ALTER ROLE {role} RENAME TO {role}_aside")
        try:
            yield
        finally:
            for role in ("tablelife_staff", "tablelife_viewer"):
                admin.execute(f"ALTER ROLE {role}_aside RENAME TO {role}")


def test_a_login_without_createrole_is_told_so_and_nothing_changes(
    empty_db: Database, roles_gone: None, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(["server", "init", empty_db.url("plain")], capsys)
    assert (code, out) == (2, "")
    assert err.startswith("tablelife server: The login plain lacks CREATEROLE")
    assert "CREATE ROLE tablelife_staff NOLOGIN; CREATE ROLE tablelife_viewer NOLOGIN;" in err
    assert err.count("\n") == 1
    with psycopg.connect(empty_db.admin) as conn:
        assert conn.execute("SELECT to_regnamespace('tablelife')").fetchone() == (None,)


def test_a_login_that_may_not_create_the_schema_is_told_so(
    empty_db: Database, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(["server", "init", empty_db.url("plain")], capsys)
    assert (code, out) == (2, "")
    assert "The login plain may not create the schema tablelife" in err
    assert "Nothing was changed." in err


def test_a_newer_journal_is_left_alone(db: Database, capsys: pytest.CaptureFixture[str]) -> None:
    with psycopg.connect(db.admin) as conn:
        conn.execute(
            "UPDATE tablelife.schema_version SET version = %s", (schema.SCHEMA_VERSION + 1,)
        )
    opened = open_server(db.url("desk"))
    assert opened.journal is None and opened.message is not None
    assert "written by a newer Tablelife" in opened.message
    code, _, err = run(["event", "list", "--server", db.url("desk")], capsys)
    assert code == 1 and "newer Tablelife" in err and "update Tablelife" in err
    code, _, err = run(["server", "init", db.admin], capsys)
    assert code == 2 and "newer Tablelife" in err
    assert _version(db) == schema.SCHEMA_VERSION + 1
    with psycopg.connect(db.admin) as conn:
        assert conn.execute("SELECT count(*) FROM tablelife.steps").fetchone() == (0,)


def test_an_older_journal_is_brought_up_to_date_by_server_init_only(
    db: Database, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A newer Tablelife (one more migration) won't write the older journal until `server
    init` brings it up to date, once."""
    monkeypatch.setattr(schema, "SCHEMA_VERSION", schema.SCHEMA_VERSION + 1)
    monkeypatch.setattr(twin, "LATER", (*twin.LATER, ("CREATE TABLE tablelife.notes (x int)",)))
    opened = open_server(db.url("desk"))
    assert opened.journal is None and opened.message is not None
    assert "run tablelife server init" in opened.message
    code, out, _ = run(["server", "init", db.admin], capsys)
    assert code == 0 and "from journal version 5 to 6" in out
    code, out, _ = run(["server", "init", db.admin], capsys)
    assert code == 0 and "is up to date (journal version 6)" in out
    assert _version(db) == 6


def test_a_schema_of_someone_elses_is_refused(
    empty_db: Database, capsys: pytest.CaptureFixture[str]
) -> None:
    with psycopg.connect(empty_db.admin) as conn:
        conn.execute("CREATE SCHEMA tablelife")
        conn.execute("CREATE TABLE tablelife.invoices (id int)")
    code, _, err = run(["server", "init", empty_db.admin], capsys)
    assert code == 2 and "holds tables that are not Tablelife's" in err
    opened = open_server(empty_db.admin)
    assert opened.journal is None and "has no Tablelife journal yet" in (opened.message or "")


def test_a_changed_table_is_not_tablelifes(db: Database) -> None:
    with psycopg.connect(db.admin) as conn:
        conn.execute("ALTER TABLE tablelife.games DROP COLUMN preset")
    opened = open_server(db.url("desk"))
    assert opened.journal is None
    assert "is not Tablelife's: its table games is missing or changed" in (opened.message or "")


def test_a_database_that_is_not_utf8_is_refused(
    pg: Server, capsys: pytest.CaptureFixture[str]
) -> None:
    with psycopg.connect(pg.url(), autocommit=True) as admin:
        admin.execute("CREATE DATABASE latin TEMPLATE template0 ENCODING 'LATIN1'")
    code, _, err = run(["server", "init", pg.url(dbname="latin")], capsys)
    assert code == 2 and "holds text as LATIN1: Tablelife needs a UTF8 database" in err


def test_no_journal_yet_and_no_server_at_all(
    empty_db: Database, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(["event", "list", "--server", empty_db.url("desk")], capsys)
    assert code == 1 and "has no Tablelife journal yet: run tablelife server init" in err
    gone = "host=/nonexistent port=5 dbname=store user=desk"
    code, out, err = run(["event", "list", "--server", gone], capsys)
    assert (code, out) == (1, "")
    assert err.startswith("tablelife event: Tablelife can't reach the server /nonexistent:5/store")
    assert err.count("\n") == 1 and "Traceback" not in err
